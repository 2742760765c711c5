"""Import time of a 2,000-point list in each format, and the stored size of each army.

For each format: the median time of `read_upload` (sniffing, inflating, parsing, building the
army), and the median time a member waits for it as the bot runs it, through `asyncio.to_thread`
(off the event loop), beside a baseline in the same run (a tiny Vox army JSON through the same
thread hop), with the longest the event loop stalled meanwhile; then the stored size per army
(the bytes of its JSON, as the army store keeps it). Target: <= 200 ms per import. `command ms` is
what the member waits for end to end: `/army import` through the in-process Discord harness (the
attachment's download, the read off the event loop, the store's write, the private reply).

The lists are real exports (tests/data/rosters/README.md gives their sources and licences):
- BattleScribe .rosz 10th: no real 10th file is 2,000 points, so the Necrons (1,205 pts) and
  Ultramarines (810 pts) rosters are combined into one of 2,015 pts: the Ultramarines roster's
  `<force>` elements are put after the Necrons' inside its `<forces>`, and it is zipped again.
- BattleScribe .rosz 9th: the Death Guard 2,000-point list as exported.
- BattleScribe .ros: that Death Guard list's roster, unzipped.
- New Recruit JSON: the Space Wolves (1,020 pts) and Death Guard (995 pts) lists combined the same
  way (the second roster's forces appended to the first's `forces`), 2,015 pts.
- Warhammer 40,000 app text: the T'au 2,000-point list; New Recruit text: the T'au 1,985-point list.

Run: `python tests/bench/army_import.py` (or `make bench`; `--quick` for a smoke run).
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import statistics
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.armies.files import read_upload
from bot.armies.model import Army, ArmyUnit
from bot.errors import BadFile
from bot.ui.replies import DONE
from tests.harness import Harness, Upload

DATA = Path(__file__).resolve().parents[1] / "data" / "rosters"
TARGET_MS = 200.0
TINY = Army(
    name="Baseline", edition="10th", source="vox-army", units=(ArmyUnit(name="Intercessors"),)
).to_json()


def _member(path: Path) -> bytes:
    with zipfile.ZipFile(path) as archive:
        return archive.read(archive.infolist()[0])


def _zipped(roster: bytes, name: str) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(name, roster)
    return buffer.getvalue()


def combined_rosz() -> bytes:
    """The Necrons roster with the Ultramarines roster's forces added to its own."""
    first = _member(DATA / "battlescribe" / "10e_necrons.rosz").decode("utf-8")
    second = _member(DATA / "battlescribe" / "10e_ultramarines_810.rosz").decode("utf-8")
    inner = second[second.index("<forces>") + len("<forces>") : second.rindex("</forces>")]
    end = first.rindex("</forces>")
    return _zipped((first[:end] + inner + first[end:]).encode("utf-8"), "Combined 2015.ros")


def combined_json() -> bytes:
    """The Space Wolves roster with the Death Guard roster's forces added to its own."""
    folder = DATA / "newrecruit_json"
    first = json.loads((folder / "10e_space_wolves.json").read_bytes())
    second = json.loads((folder / "10e_death_guard_mortarions_hammer.json").read_bytes())
    first["roster"]["forces"] += second["roster"]["forces"]
    return json.dumps(first).encode("utf-8")


FORMATS: list[tuple[str, str, Callable[[], bytes]]] = [
    ("BattleScribe .rosz 10th", "combined.rosz", combined_rosz),
    ("BattleScribe .rosz 9th", "9e.rosz",
     lambda: (DATA / "battlescribe" / "9e_death_guard_2000.rosz").read_bytes()),
    ("BattleScribe .ros 9th", "9e.ros",
     lambda: _member(DATA / "battlescribe" / "9e_death_guard_2000.rosz")),
    ("New Recruit JSON 10th", "combined.json", combined_json),
    ("Warhammer app text 10th", "tau.txt",
     lambda: (DATA / "text_gw_app" / "10e_tau_2000.txt").read_bytes()),
    ("New Recruit text 10th", "tau_nr.txt",
     lambda: (DATA / "text_newrecruit" / "10e_tau_1985_nr_default.txt").read_bytes()),
]  # fmt: skip


def median_ms(run: Callable[[], object], count: int) -> float:
    times = []
    for _ in range(count):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


async def waited_ms(data: bytes, filename: str, count: int) -> tuple[float, float]:
    """Median ms from the request to the army through a worker thread, and the event loop's
    longest stall (beyond its 1 ms tick) meanwhile."""
    stall = 0.0
    done = asyncio.Event()

    async def tick() -> None:
        nonlocal stall
        while not done.is_set():
            before = time.perf_counter()
            await asyncio.sleep(0.001)
            stall = max(stall, time.perf_counter() - before - 0.001)

    ticker = asyncio.create_task(tick())
    times = []
    for _ in range(count):
        start = time.perf_counter()
        await asyncio.to_thread(read_upload, data, filename)
        times.append(time.perf_counter() - start)
    done.set()
    await ticker
    return 1000 * statistics.median(times), 1000 * stall


async def command_ms(data: bytes, filename: str, count: int) -> float:
    """Median ms of `/army import update:True` with the file attached, as a member waits for it."""
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        async with Harness.running(Path(tmp)) as h:
            for _ in range(count):
                start = time.perf_counter()
                [reply] = await h.slash("army import", file=Upload(filename, data), update=True)
                times.append(time.perf_counter() - start)
                assert reply.content.startswith(DONE), reply.content
    return 1000 * statistics.median(times)


def row(label: str, filename: str, data: bytes, count: int) -> str:
    try:
        army = read_upload(data, filename)
    except BadFile as refused:  # a real 2,000-point list refused: a reader's bug
        return f"{label:<26}REFUSED: {refused}"
    alone = median_ms(lambda: read_upload(data, filename), count)
    waited, stall = asyncio.run(waited_ms(data, filename, count))
    command = asyncio.run(command_ms(data, filename, count))
    verdict = "ok" if command <= TARGET_MS else "MISS"
    size = len(army.model_dump_json())
    return (
        f"{label:<26}{len(data) / 1000:>8.1f}{army.points:>7}{len(army.units):>6}"
        f"{alone:>9.2f}{waited:>9.2f}{command:>9.2f}{stall:>8.2f}{size / 1000:>9.1f}  {verdict}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a few runs, for a smoke test")
    count = 3 if parser.parse_args(argv).quick else 30
    target = f"target <= {TARGET_MS:.0f} ms for the command"
    print(f"army import: median of {count} runs per format ({target})")
    print(
        f"{'format':<26}{'file kB':>8}{'pts':>7}{'units':>6}{'read ms':>9}{'wait ms':>9}"
        f"{'cmd ms':>9}"
        f"{'stall':>8}{'store kB':>9}"
    )
    print(row("baseline: tiny Vox JSON", "tiny.json", TINY.encode(), count))
    refused = False
    for label, filename, load in FORMATS:
        line = row(label, filename, load(), count)
        refused = refused or "REFUSED" in line
        print(line)
    return 1 if refused else 0


if __name__ == "__main__":
    sys.exit(main())
