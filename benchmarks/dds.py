"""Double-dummy benchmarks (``make bench``, with endplay installed): medians and ratios
measured in the same run.

The cases: random records of three kinds (a card exposed, a lead out of turn, established
revokes played to the end; seeded, the same every run): whole deals with the irregularity at
a random trick, so positions of every size, every restoration enumerated once beforehand (the
enumeration is the engine's, benchmarked in run.py). On those restorations the DDS stage
(:func:`rulings.solver.dds.evaluate_rulings`: positions, the search of the obligations, the
64C questions, all DDS calls) runs ``--repeat`` times in one process and in two worker
processes, alternated:

1. our own time (the stage's wall time less the time inside DDS calls, in one process)
   against the time inside DDS calls: at most 10%;
2. two worker processes against one (wall time of the whole stage, pool start included):
   at least 1.7x.

The case corpus (cases/*/: hand-made endings of a few cards, where each DDS call takes a
fraction of a millisecond) is measured once more, in one process, for information: there our
own time per call weighs more.

Usage: python benchmarks/dds.py [--random N] [--repeat R] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

from rulings.models import parse_case
from rulings.models.errors import RulingError
from rulings.solver.casefile import load
from rulings.solver.dds import available, evaluate_rulings
from rulings.solver.engine import Restoration
from rulings.solver.generate import case_seed, random_established_case, random_exposure_case, random_lead_case
from rulings.solver.ruling import Ruling

ROOT = Path(__file__).resolve().parents[1]
KINDS = {"exposure": random_exposure_case, "lead": random_lead_case, "established": random_established_case}

Item = tuple[Ruling, list[Restoration]]


def corpus() -> list[Item]:
    """The case corpus's rulings and their restorations."""
    items: list[Item] = []
    for path in sorted(ROOT.glob("cases/*/*.yaml")):
        try:
            ruling = Ruling(load(path))
            items.append((ruling, list(ruling.restorations(limit=1000, budget=50_000))))
        except RulingError:
            continue  # a case that refuses its input: nothing to value
    return items


def workload(random_cases: int, seed: int = 11) -> tuple[list[Item], dict[str, int], float]:
    """The rulings and their restorations (random cases of each kind), how many of each, and
    the time the enumeration took."""
    items: list[Item] = []
    counts = dict.fromkeys(KINDS, 0)
    start = time.perf_counter()
    for k, (kind, make) in enumerate(KINDS.items()):
        for i in range(random_cases):
            ruling = Ruling(parse_case(make(case_seed(seed + k, i))))
            items.append((ruling, list(ruling.restorations(limit=1000, budget=50_000))))
            counts[kind] += 1
    return items, counts, time.perf_counter() - start


def burn(n: int) -> float:
    """A CPU-bound loop (the machine's control for the speed-up of two processes)."""
    start = time.perf_counter()
    x = 0
    for i in range(n):
        x += i * i
    return time.perf_counter() - start


def control(n: int = 3_000_000) -> float:
    """What two processes gain on this machine now, for a loop with no DDS and no data: two
    loops one after the other against the same two in two spawned processes (pool started
    beforehand)."""
    import multiprocessing

    start = time.perf_counter()
    burn(n)
    burn(n)
    one = time.perf_counter() - start
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        pool.map(burn, [10, 10])
        start = time.perf_counter()
        pool.map(burn, [n, n])
        two = time.perf_counter() - start
    return one / two


def run_once(items: list[Item], jobs: int) -> dict[str, float]:
    stats: dict[str, float] = {}
    start = time.perf_counter()
    evaluate_rulings(items, jobs=jobs, stats=stats)
    wall = time.perf_counter() - start
    return {"wall": wall, "dds": stats["dds_seconds"], "own": wall - stats["dds_seconds"], "calls": stats["calls"],
            "positions": stats["positions"]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--random", type=int, default=150, help="random cases of each kind (default 150)")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each configuration (default 3)")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    args = ap.parse_args()
    if not available():
        print("DDS benchmarks skipped: endplay (the 'dds' extra) is not installed")
        return 0
    items, counts, enum_seconds = workload(args.random)
    restorations = sum(len(rs) for _, rs in items)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"DDS: {len(items)} random rulings ({', '.join(f'{k} {v}' for k, v in counts.items())}), {restorations} restorations "
          f"(enumerated in {enum_seconds:.2f} s, not counted below); {os.cpu_count()} CPU(s), load average {load:.2f} at start")
    one: list[dict[str, float]] = []
    two: list[dict[str, float]] = []
    controls: list[float] = []
    for _ in range(args.repeat):
        one.append(run_once(items, 1))
        two.append(run_once(items, 2))
        controls.append(control())

    def med(runs: list[dict[str, float]], key: str) -> float:
        return statistics.median(r[key] for r in runs)

    own, dds, wall1, wall2 = med(one, "own"), med(one, "dds"), med(one, "wall"), med(two, "wall")
    ratio, speedup = own / dds, wall1 / wall2
    print(f"  positions valued: {int(one[0]['positions'])}, DDS calls: {int(one[0]['calls'])} (per run)")
    print(f"  one process   : wall {wall1:.3f} s = DDS calls {dds:.3f} s + our own {own:.3f} s (medians of {args.repeat})")
    print(f"  our own / DDS : {ratio:.3f}  (target <= 0.10: {'ok' if ratio <= 0.10 else 'MISSED'})")
    print(f"  two processes : wall {wall2:.3f} s (pool start included), DDS calls in the workers {med(two, 'dds'):.3f} s")
    print(f"  speed-up 2 vs 1: {speedup:.2f}x  (target >= 1.7x: {'ok' if speedup >= 1.7 else 'MISSED'}); "
          f"the machine's control, a CPU-bound loop in 2 processes vs 1: {statistics.median(controls):.2f}x")
    cases = corpus()
    cor = run_once(cases, 1)
    print(f"  case corpus ({len(cases)} files, one process, once): DDS calls {cor['dds']:.3f} s ({int(cor['calls'])} calls), "
          f"our own {cor['own']:.3f} s: {cor['own'] / cor['dds']:.3f} (information)")
    if args.json is not None:
        args.json.write_text(json.dumps({"counts": counts, "restorations": restorations, "one": one, "two": two,
                                         "own_over_dds": ratio, "speedup": speedup, "control": controls, "corpus": cor}, indent=2) + "\n",
                             encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

