"""Double-dummy benchmarks (``make bench``, with endplay installed): medians and ratios
measured in the same run.

The cases: the case corpus (cases/*/) and random cases of three kinds (exposure, lead out of
turn, established revokes played to the end; seeded, the same every run), every restoration
enumerated once beforehand (the enumeration is the engine's, benchmarked in run.py). On those
restorations the DDS stage (:func:`rulings.solver.dds.evaluate_rulings`: positions, the
search of the obligations, the 64C questions, all DDS calls) runs ``--repeat`` times in one
process and in two worker processes, alternated:

1. our own time (the stage's wall time less the time inside DDS calls, in one process)
   against the time inside DDS calls: at most 10%;
2. two worker processes against one (wall time of the whole stage, pool start included):
   at least 1.7x.

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


def workload(random_cases: int, seed: int = 11) -> tuple[list[Item], dict[str, int], float]:
    """The rulings and their restorations (corpus, then random cases of each kind), how many
    of each, and the time the enumeration took."""
    items: list[Item] = []
    counts = {"corpus": 0, **dict.fromkeys(KINDS, 0)}
    start = time.perf_counter()
    for path in sorted(ROOT.glob("cases/*/*.yaml")):
        try:
            ruling = Ruling(load(path))
            items.append((ruling, list(ruling.restorations(limit=1000, budget=50_000))))
            counts["corpus"] += 1
        except RulingError:
            continue  # a case that refuses its input (hostile-input corpus): nothing to value
    for k, (kind, make) in enumerate(KINDS.items()):
        for i in range(random_cases):
            ruling = Ruling(parse_case(make(case_seed(seed + k, i))))
            items.append((ruling, list(ruling.restorations(limit=1000, budget=50_000))))
            counts[kind] += 1
    return items, counts, time.perf_counter() - start


def run_once(items: list[Item], jobs: int) -> dict[str, float]:
    stats: dict[str, float] = {}
    start = time.perf_counter()
    evaluate_rulings(items, jobs=jobs, stats=stats)
    wall = time.perf_counter() - start
    return {"wall": wall, "dds": stats["dds_seconds"], "own": wall - stats["dds_seconds"], "calls": stats["calls"],
            "positions": stats["positions"]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--random", type=int, default=40, help="random cases of each kind (default 40)")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each configuration (default 3)")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    args = ap.parse_args()
    if not available():
        print("DDS benchmarks skipped: endplay (the 'dds' extra) is not installed")
        return 0
    items, counts, enum_seconds = workload(args.random)
    restorations = sum(len(rs) for _, rs in items)
    print(f"DDS: {len(items)} rulings ({', '.join(f'{k} {v}' for k, v in counts.items())}), {restorations} restorations "
          f"(enumerated in {enum_seconds:.2f} s, not counted below); {os.cpu_count()} CPU(s)")
    one: list[dict[str, float]] = []
    two: list[dict[str, float]] = []
    for _ in range(args.repeat):
        one.append(run_once(items, 1))
        two.append(run_once(items, 2))

    def med(runs: list[dict[str, float]], key: str) -> float:
        return statistics.median(r[key] for r in runs)

    own, dds, wall1, wall2 = med(one, "own"), med(one, "dds"), med(one, "wall"), med(two, "wall")
    ratio, speedup = own / dds, wall1 / wall2
    print(f"  positions valued: {int(one[0]['positions'])}, DDS calls: {int(one[0]['calls'])} (per run)")
    print(f"  one process   : wall {wall1:.3f} s = DDS calls {dds:.3f} s + our own {own:.3f} s (medians of {args.repeat})")
    print(f"  our own / DDS : {ratio:.3f}  (target <= 0.10: {'ok' if ratio <= 0.10 else 'MISSED'})")
    print(f"  two processes : wall {wall2:.3f} s (pool start included), DDS calls in the workers {med(two, 'dds'):.3f} s")
    print(f"  speed-up 2 vs 1: {speedup:.2f}x  (target >= 1.7x: {'ok' if speedup >= 1.7 else 'MISSED'})")
    if args.json is not None:
        args.json.write_text(json.dumps({"counts": counts, "restorations": restorations, "one": one, "two": two,
                                         "own_over_dds": ratio, "speedup": speedup}, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

