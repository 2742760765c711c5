"""Charts: a palette PNG of the chart's own colours, read back as what was drawn."""

from __future__ import annotations

import io

import numpy as np
from PIL import Image

from bot.ui.charts import (
    BACKGROUND,
    BAR,
    BASE_Y,
    HIGHLIGHT,
    MARGIN_RIGHT,
    MARGIN_TOP,
    PLOT_W,
    WIDTH,
    FaceChart,
    distribution_chart,
    draw_distribution,
    draw_faces,
    encode,
    render,
)

PROBS = (0.05, 0.1, 0.2, 0.3, 0.2, 0.1, 0.05)
LABELS = {"title": "Models destroyed", "subtitle": "10 × 2 attacks at 3+, S4 AP−1 Dmg 1"}


def test_the_png_is_the_drawing_in_a_small_palette() -> None:
    drawn = draw_distribution(PROBS, highlight=3, **LABELS)
    png = encode(drawn)
    back = Image.open(io.BytesIO(png))
    assert back.format == "PNG" and back.mode == "P" and back.size == drawn.size
    assert len(back.getpalette() or []) // 3 <= 64
    # Every pixel within a few levels of the drawing: anti-aliased text keeps its edges.
    diff = np.abs(np.asarray(back.convert("RGB"), int) - np.asarray(drawn, int))
    assert diff.max() <= 16


def test_the_highlighted_bar_keeps_its_colour() -> None:
    png = distribution_chart(PROBS, highlight=3, **LABELS)
    colours = {c for _, c in Image.open(io.BytesIO(png)).convert("RGB").getcolors(256) or []}
    assert HIGHLIGHT in colours and BAR in colours


def test_a_long_subtitle_is_cut_to_the_charts_width() -> None:
    profile = " · ".join(["Bolt rifle: 2 attacks at 3+, S4 AP−1 Dmg 1"] * 5)
    drawn = np.asarray(draw_distribution(PROBS, title="Models destroyed", subtitle=profile), int)
    band = drawn[60:100]  # the subtitle's line
    right = band[:, WIDTH - MARGIN_RIGHT :]
    assert (right == BACKGROUND).all()  # nothing written past the chart's right edge
    assert (band[:, : WIDTH - MARGIN_RIGHT] != BACKGROUND).any()


SHARES = (0.1, 0.15, 0.15, 0.2, 0.15, 0.25)


def test_the_face_chart_has_six_bars_and_a_fair_line_between_them() -> None:
    drawn = np.asarray(draw_faces(SHARES, title="D6 faces: 60 dice"), int)
    plot = drawn[MARGIN_TOP:BASE_Y, WIDTH - MARGIN_RIGHT - PLOT_W : WIDTH - MARGIN_RIGHT]
    is_bar = (plot == BAR).all(axis=2).any(axis=0)  # the plot's columns a bar stands in
    starts = int(is_bar[0]) + int(np.count_nonzero(is_bar[1:] & ~is_bar[:-1]))
    assert starts == 6
    gap = plot[:, ~is_bar]  # the line at 1 in 6 runs across, seen between the bars
    assert (gap == HIGHLIGHT).all(axis=2).any()


async def test_face_charts_are_cached_by_what_they_show() -> None:
    chart = FaceChart(SHARES, title="D6 faces: 60 dice")
    first = await render(chart)
    assert await render(FaceChart(SHARES, title="D6 faces: 60 dice")) is first
    assert await render(FaceChart(SHARES, title="D6 faces: 61 dice")) is not first
