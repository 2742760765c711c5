"""Every benchmark still runs (quickly): figures come from `make bench`, not from timed tests.

`wire_latency` among them starts the real bot (`python -m bot`) against the loopback fake Discord;
its `--quick` run takes about 10 s. A MISS beside a target does not fail this test (figures only);
`odds` does fail when its exact pmfs leave the simulation's error bars (a rules mistake). The
PostgreSQL benchmarks (`REQUIRES = NEEDS_POSTGRES`) start a throwaway server; where PostgreSQL is
not installed they skip with one line (CI fails instead, see tests/pg).
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from tests import pg
from tests.bench._pg import NEEDS_POSTGRES

BENCHES = sorted(p.stem for p in (Path(__file__).parent / "bench").glob("[!_]*.py"))


@pytest.mark.parametrize("name", BENCHES)
def test_benchmark_runs_in_quick_mode(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    module = importlib.import_module(f"tests.bench.{name}")
    if getattr(module, "REQUIRES", None) == NEEDS_POSTGRES and pg.bindir() is None:
        pg.unavailable()
    assert module.main(["--quick"]) == 0
    assert capsys.readouterr().out.strip(), "a benchmark prints its figures"
