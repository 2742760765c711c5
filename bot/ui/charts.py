"""PNG bar charts of exact distributions (and of D6 faces against a fair die), drawn with Pillow
and sized to read on a phone.

A chart has six colours and the anti-aliased edges between each and the background, so it is
encoded as a palette PNG of exactly those: about 1.5 ms and half the bytes of a full-colour PNG
(a full-colour PNG with `optimize=True` took some 30 ms, on the event loop).

`render` draws off the event loop, in one thread of its own: drawing holds the GIL for its ~2 ms,
and one drawing thread leaves the loop late by about a millisecond at most, where many threads
drawing at once held it back by tens of milliseconds. The PNGs are cached by what they show, so
the same /odds asked again, or the same result of the same attack, is not drawn twice.
"""

from __future__ import annotations

import asyncio
import functools
import io
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Protocol

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 960, 540
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 96, 32, 112, 96
PLOT_W = WIDTH - MARGIN_LEFT - MARGIN_RIGHT
PLOT_H = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM
BASE_Y = MARGIN_TOP + PLOT_H  # the bars' foot
BACKGROUND = (30, 31, 34)  # Discord's dark theme, so the chart sits in the embed
TEXT = (235, 235, 235)
MUTED = (150, 150, 160)
GRID = (70, 72, 78)
BAR = (88, 101, 242)
HIGHLIGHT = (250, 168, 26)
TAIL = 0.0005  # outcomes rarer than this at either end are left off the axis
EDGE_STEPS = 8  # shades between the background and each colour, for anti-aliased text
COMPRESS_LEVEL = 3  # zlib: level 9 or `optimize` would cost 10-30 ms for a few KB
CACHE_SIZE = 256  # charts of about 13 KB each


@functools.cache
def _palette() -> Image.Image:
    """The chart's colours and the blends of each with the background, as a palette image."""
    colours: list[tuple[int, ...]] = [BACKGROUND]
    for colour in (TEXT, MUTED, GRID, BAR, HIGHLIGHT):
        for step in range(1, EDGE_STEPS + 1):
            pairs = zip(BACKGROUND, colour, strict=True)
            colours.append(tuple(round(b + (c - b) * step / EDGE_STEPS) for b, c in pairs))
    palette = Image.new("P", (1, 1))
    palette.putpalette([value for colour in colours for value in colour])
    return palette


def encode(image: Image.Image) -> bytes:
    """A PNG of the chart in its own palette (nearest colour, no dithering)."""
    out = io.BytesIO()
    paletted = image.quantize(palette=_palette(), dither=Image.Dither.NONE)
    paletted.save(out, format="PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def _plain(text: str) -> str:
    """The bundled font has no ×, − or →; use their ASCII look-alikes."""
    return text.replace("×", "x").replace("−", "-").replace("→", "->")


def _fitted(
    draw: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont | ImageFont.ImageFont
) -> str:
    """`text`, cut at a word and ended with "..." if it is wider than the chart's text width."""
    width = WIDTH - MARGIN_LEFT - MARGIN_RIGHT
    if draw.textlength(text, font=font) <= width:
        return text
    words = text.split(" ")
    lo, hi = 0, len(words)  # the most words that fit with "..." after them
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if draw.textlength(" ".join(words[:mid]) + " ...", font=font) <= width:
            lo = mid
        else:
            hi = mid - 1
    return " ".join(words[:lo]) + " ..."


def visible_range(probs: Sequence[float], highlight: int | None = None) -> tuple[int, int]:
    """The smallest k-range holding all but a negligible tail (always including `highlight`)."""
    lo, hi = 0, len(probs) - 1
    while lo < hi and probs[lo] < TAIL:
        lo += 1
    while hi > lo and probs[hi] < TAIL:
        hi -= 1
    if highlight is not None and 0 <= highlight < len(probs):
        lo, hi = min(lo, highlight), max(hi, highlight)
    return lo, hi


def _nice_step(top: float) -> float:
    for step in (0.01, 0.02, 0.05, 0.1, 0.2, 0.25):
        if top / step <= 6:
            return step
    return 0.25


def distribution_chart(
    probs: Sequence[float],
    *,
    title: str,
    subtitle: str = "",
    xlabel: str = "models destroyed",
    highlight: int | None = None,
) -> bytes:
    """The PNG of bars of P(exactly k); the observed result (if any) in a second colour."""
    return encode(
        draw_distribution(probs, title=title, subtitle=subtitle, xlabel=xlabel, highlight=highlight)
    )


def draw_distribution(
    probs: Sequence[float],
    *,
    title: str,
    subtitle: str = "",
    xlabel: str = "models destroyed",
    highlight: int | None = None,
) -> Image.Image:
    """Bars of P(exactly k); the observed result (if any) drawn in a second colour."""
    lo, hi = visible_range(probs, highlight)
    shown = list(range(lo, hi + 1))
    top = max(probs[k] for k in shown) or 1.0
    step = _nice_step(top)
    y_max = step * (int(top / step) + 1)

    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    _draw_heading(draw, title, subtitle, highlight is not None)
    _draw_grid(draw, step, y_max)
    _draw_bars(draw, probs, shown, y_max, highlight)
    _draw_xlabel(draw, xlabel)
    return image


def _draw_xlabel(draw: ImageDraw.ImageDraw, xlabel: str) -> None:
    draw.text(
        (MARGIN_LEFT + PLOT_W / 2, HEIGHT - 30), xlabel, fill=MUTED, font=_font(22), anchor="mm"
    )


def _draw_heading(draw: ImageDraw.ImageDraw, title: str, subtitle: str, legend: bool) -> None:
    """The title, the subtitle (cut to fit) and, for a chart with a roll marked, its legend."""
    draw.text((MARGIN_LEFT, 20), _plain(title), fill=TEXT, font=_font(34))
    if subtitle:
        font = _font(22)
        draw.text((MARGIN_LEFT, 64), _fitted(draw, _plain(subtitle), font), fill=MUTED, font=font)
    if legend:
        right = WIDTH - MARGIN_RIGHT
        draw.rectangle([(right - 150, 30), (right - 130, 50)], fill=HIGHLIGHT)
        draw.text((right - 122, 40), "this roll", fill=TEXT, font=_font(22), anchor="lm")


def _draw_grid(draw: ImageDraw.ImageDraw, step: float, y_max: float) -> None:
    """A line and a percentage every `step`, from 0 to `y_max`."""
    small = _font(20)
    tick = 0.0
    while tick <= y_max + 1e-9:
        y = BASE_Y - PLOT_H * tick / y_max
        draw.line([(MARGIN_LEFT, y), (WIDTH - MARGIN_RIGHT, y)], fill=GRID, width=1)
        label = f"{tick:.0%}"
        draw.text((MARGIN_LEFT - 12, y), label, fill=MUTED, font=small, anchor="rm")
        tick += step


def _draw_bars(
    draw: ImageDraw.ImageDraw,
    probs: Sequence[float],
    shown: list[int],
    y_max: float,
    highlight: int | None,
) -> None:
    """A bar for each k shown, its k below (thinned out when crowded) and, when there are few
    bars, its probability above."""
    small = _font(20)
    slot = PLOT_W / len(shown)
    bar_w = max(2.0, slot * 0.72)
    label_every = max(1, round(len(shown) / 20))
    for i, k in enumerate(shown):
        x0 = MARGIN_LEFT + i * slot + (slot - bar_w) / 2
        height = PLOT_H * probs[k] / y_max
        colour = HIGHLIGHT if k == highlight else BAR
        if height >= 1:
            draw.rectangle([(x0, BASE_Y - height), (x0 + bar_w, BASE_Y)], fill=colour)
        if i % label_every == 0 or k == highlight:
            draw.text((x0 + bar_w / 2, BASE_Y + 10), str(k), fill=TEXT, font=small, anchor="mt")
        if len(shown) <= 12 and probs[k] >= 0.005:
            pct = f"{probs[k]:.0%}" if probs[k] >= 0.095 else f"{probs[k]:.1%}"
            draw.text(
                (x0 + bar_w / 2, BASE_Y - height - 6), pct, fill=TEXT, font=small, anchor="mb"
            )


@dataclass(frozen=True)
class Chart:
    """Everything a chart shows: its PNG is a function of this, so this is its cache key."""

    probs: tuple[float, ...]
    title: str
    subtitle: str = ""
    xlabel: str = "models destroyed"
    highlight: int | None = None

    def png(self) -> bytes:
        return distribution_chart(
            self.probs,
            title=self.title,
            subtitle=self.subtitle,
            xlabel=self.xlabel,
            highlight=self.highlight,
        )


@dataclass(frozen=True)
class FaceChart:
    """How often each D6 face came up (`shares`, faces 1 to 6) against a fair die's 1 in 6."""

    shares: tuple[float, ...]
    title: str
    subtitle: str = ""

    def png(self) -> bytes:
        return encode(draw_faces(self.shares, title=self.title, subtitle=self.subtitle))


def draw_faces(shares: Sequence[float], *, title: str, subtitle: str = "") -> Image.Image:
    """A bar per face with its share above it, and a line across at 1 in 6: a fair die."""
    fair = 1 / len(shares)
    step = _nice_step(max(*shares, fair))
    y_max = step * (int(max(*shares, fair) / step) + 1)
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    _draw_heading(draw, title, subtitle, legend=False)
    _draw_grid(draw, step, y_max)
    y = BASE_Y - PLOT_H * fair / y_max  # behind the bars: seen between them and above short ones
    draw.line([(MARGIN_LEFT, y), (WIDTH - MARGIN_RIGHT, y)], fill=HIGHLIGHT, width=3)
    _draw_bars(draw, [0.0, *shares], list(range(1, len(shares) + 1)), y_max, None)
    right = WIDTH - MARGIN_RIGHT
    draw.line([(right - 190, 40), (right - 160, 40)], fill=HIGHLIGHT, width=3)
    draw.text((right - 152, 40), "fair: 1 in 6", fill=TEXT, font=_font(22), anchor="lm")
    _draw_xlabel(draw, "face")
    return image


class Drawable(Protocol):
    """A chart: hashable by what it shows (the cache key), drawn by `png`."""

    def __hash__(self) -> int: ...
    def png(self) -> bytes: ...


_rendered: OrderedDict[Drawable, bytes] = OrderedDict()


@functools.cache
def _drawer() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="vox-chart")


async def render(chart: Drawable) -> bytes:
    """The chart's PNG, drawn in the chart thread (or taken from the cache)."""
    png = _rendered.get(chart)
    if png is None:
        png = await asyncio.get_running_loop().run_in_executor(_drawer(), chart.png)
        _rendered[chart] = png
        if len(_rendered) > CACHE_SIZE:
            _rendered.popitem(last=False)
    _rendered.move_to_end(chart)
    return png
