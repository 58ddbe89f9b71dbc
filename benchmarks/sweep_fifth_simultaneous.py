"""Section 17 of benchmarks/run.py: a fifth card (45E) and simultaneous plays (58), the solver
against its own oracles (tests/oracle_fifth_simultaneous.py) on random positions of
``random_fifth_case`` and ``random_simultaneous_case``, the grids of
tests/test_oracle_fifth_simultaneous.py cycled (even positions a fifth card, odd ones a
simultaneous play), with the time of each side summed (both build the canonical keys)."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from oracle_fifth_simultaneous import oracle_fifth, oracle_simultaneous  # noqa: E402
from test_oracle_fifth_simultaneous import fifth_options, simultaneous_options  # noqa: E402

from rulings.models import parse_case  # noqa: E402
from rulings.solver.generate import case_seed, random_fifth_case, random_simultaneous_case  # noqa: E402
from rulings.solver.ruling import Ruling  # noqa: E402


def fifth_chunk(args: tuple[int, int]) -> tuple[int, int, float, float, list[str]]:
    """(positions checked, disagreements, solver seconds, oracle seconds, examples) for
    positions ``start`` to ``start + count``."""
    import yaml

    start, count = args
    checked = differing = 0
    t_solver = t_oracle = 0.0
    examples: list[str] = []
    for i in range(start, start + count):
        j = i // 2
        if i % 2 == 0:
            mapping = random_fifth_case(case_seed(45_500, j), **fifth_options(j))
            oracle = oracle_fifth
        else:
            mapping = random_simultaneous_case(case_seed(58_000, j), **simultaneous_options(j))
            oracle = oracle_simultaneous
        case = parse_case(mapping)
        t0 = time.perf_counter()
        keys = [r.key() for r in Ruling(case).restorations()]
        t1 = time.perf_counter()
        theirs = oracle(mapping)
        t2 = time.perf_counter()
        t_solver += t1 - t0
        t_oracle += t2 - t1
        checked += 1
        if set(keys) != theirs or len(keys) != len(theirs):
            differing += 1
            if len(examples) < 3:
                examples.append(yaml.safe_dump(mapping, sort_keys=False))
    return checked, differing, t_solver, t_oracle, examples


def summary(results: list[tuple[int, int, float, float, list[str]]]) -> dict[str, Any]:
    t_solver = sum(r[2] for r in results)
    t_oracle = sum(r[3] for r in results)
    positions = sum(r[0] for r in results)
    return {"solver_us_per_case": t_solver / max(1, positions) * 1e6,
            "oracle_over_solver_time": t_oracle / t_solver if t_solver else float("nan")}
