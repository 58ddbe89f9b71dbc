"""bridge-rulings benchmarks (``make bench``): medians and ratios measured in the same run.

1. Cases solved per second on one core: random revoke cascades (rulings.solver.generate),
   each case replayed from its play record and every restoration enumerated; no DDS.
2. Microseconds per restoration as the cascade grows from 1 to 1,000+ leaves (flat is good).
3. Peak memory of streaming a large cascade vs holding it in a list.
4. The independent oracle (tests/oracle.py) on the same positions: time ratio, and the
   agreement sweep (>= 100,000 positions by default; both implementations must agree).
5. The case corpus (cases/*/): case files solved per second for each family of laws.
6. Law 45D1: the solver against its own oracle (``oracle_45d1``) on random dummy-misplay
   positions (100,000 by default), with the time ratio (both build the canonical keys).
7. Whole records with two or three irregularities (generate --kind mixed).
8. Against commit ce7fd33 in the same run (benchmarks/baseline.py: a temporary git worktree
   of the baseline, each side a subprocess on the same cases, alternated): enumeration
   only, with canonical keys, parse time apart, and two processes at once (each on all the
   cases, and the cases split in halves, one per process).
9. Start-up: ``python -c pass``, ``rulings --help``, ``rulings solve`` (fresh processes,
   the package's bytecode compiled first, as an install has it).
10. ``generate`` throughput and peak memory.
11. Composed records: two revokes ruled one after the other in one record, each with a 62C
    cascade (generate.two_cascades_case), from about 100 to more than 200,000 restorations:
    microseconds per restoration (and with a canonical key each), and the ratio of the
    largest to the 100-leaf cascade of section 2 (flat is 1.0).
12. Where a case's time goes: random revoke cases (those of section 1) and Law 45D1
    positions (those of section 6): ``Ruling(case)`` alone (the record replayed, the
    openers and the Law 64 closer run, the first irregularity staged), then with every
    restoration enumerated, then with each one's canonical key; and how many cases have a
    single restoration (their time is mostly the first figure).
13. Built against made: the restorations the enumeration builds from another child's
    (a group of substitutes ruled once for each class) against every child made and
    expanded, on random mixed records (two or three irregularities) and Law 45D1 positions
    (20,000 of each by default): the same restorations in the same order, or a difference.
14. Leads out of turn (53-56, with 50D2 and 16C): the solver against its own oracle
    (tests/oracle_leads.py, ``oracle_leads``) on random positions of ``random_lead_case``
    (100,000 by default), the grid of tests/test_oracle_leads.py cycled (both editions;
    a defender's, declarer's and dummy's lead; to a random trick, to trick 1 and to trick
    13; with and without every answer line; 0-2 penalty cards in force), with the time
    ratio (both build the keys).
15. Exposed and penalty cards (45C1, 49-52): the solver against its own oracle
    (``tests/oracle_exposure.py``) on random exposure positions (``random_exposure_case``:
    penalty cards in force at the start or not, a later failure to play one or not, both
    editions, declarer's lead options after the ruling off and on; 50,000 by default), with
    the time ratio (both build the canonical keys).
16. Designations of dummy's cards and changed designations (45B, 45C4, 46, 47C, 47D, 44G,
    16C): the solver against its own oracle (tests/oracle_designation.py) on random
    positions of ``random_designation_case`` (100,000 by default), the grid of
    tests/test_oracle_designation.py cycled (every shape: incomplete or invalid calls,
    incontrovertible intention, changes in time and too late, declarer's and a defender's
    own named card, placed cards; both editions; each finding on a change and none).
17. A fifth card (45E) and simultaneous plays (58, with 57, 62 and 16C): the solver against
    its own oracles (tests/oracle_fifth_simultaneous.py) on random positions of
    ``random_fifth_case`` and ``random_simultaneous_case`` (100,000 by default; half of
    each), the grids of tests/test_oracle_fifth_simultaneous.py cycled (both editions; with
    and without the director's finding; one card at another's moment, several together,
    with 0-2 cards played after them).
18. Dummy's wrong card found too late (45D2; 2007 45D, silent): the solver against its own
    oracle (``oracle_45d2`` in tests/oracle.py) on random positions of
    ``random_misplay_case(..., too_late=True)`` (100,000 by default), the grid of
    tests/test_oracle_45d2.py cycled (both editions; dummy in each position of the trick;
    the switch ``misplay_too_late_designated_card_counts`` off and on; the later players
    following the trick as placed or as the called card would have made it).
Sections 14 and up are one table, benchmarks/oracle_sweeps.py (``SWEEPS``): a family's
oracle sweep is a row there, with its option (``--leads N`` ...).

Every section times the engine the running Python imports, and the report's first lines say
which: run by the dev venv (``.venv/bin/python``, ``make bench``), this checkout's source,
interpreted; run by ``.venv-fast/bin/python`` (``make bench-fast``, after ``make fast``), the
installed package with its engine compiled by mypyc (section 8's current side too; its
baseline is always interpreted). The oracles (tests/) are interpreted either way.

Where the solver and the oracle are compared, both do the same work: the solver builds
each restoration's canonical key, as the oracle does.

Usage: python benchmarks/run.py [--quick] [--agreement N] [--misplay N] [--leads N] [--exposure N] [--designation N] [--fifth N]
       [--late N] [--sections 2,4,...] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import platform
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from baseline import engine  # noqa: E402  (benchmarks/, this script's directory)
from oracle import oracle_45d1, oracle_restorations  # noqa: E402
from oracle_sweeps import SWEEPS  # noqa: E402
from oracle_sweeps import chunk as sweep_chunk  # noqa: E402
from oracle_sweeps import summary as sweep_summary  # noqa: E402

from rulings.models import parse_case  # noqa: E402
from rulings.models.errors import RulingError  # noqa: E402
from rulings.solver.casefile import loads  # noqa: E402
from rulings.solver.generate import (  # noqa: E402
    cascade_case,
    case_seed,
    random_misplay_case,
    random_revoke_cases,
    two_cascades_case,
)
from rulings.solver.rulesets.base import forget_positions  # noqa: E402
from rulings.solver.ruling import Ruling  # noqa: E402


def median_time(fn: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        forget_positions()  # every repeat rules its positions as never seen (memos, lawful sets)
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def bench_cases(n: int, repeats: int) -> dict[str, Any]:
    mappings = list(random_revoke_cases(n, seed=2026))
    cases = [parse_case(m) for m in mappings]
    leaves = sum(1 for c in cases for _ in Ruling(c).restorations())

    def solve_all() -> None:
        for c in cases:
            for _ in Ruling(c).restorations():
                pass

    def keyed_all() -> None:  # the oracle's work: every restoration's canonical key
        for c in cases:
            {r.key() for r in Ruling(c).restorations()}

    def oracle_all() -> None:
        for m in mappings:
            oracle_restorations(m)

    t0 = time.perf_counter()
    for m in mappings:
        parse_case(m)
    t_parse = time.perf_counter() - t0
    t_solver = median_time(solve_all, repeats)
    t_keyed = median_time(keyed_all, repeats)
    t_oracle = median_time(oracle_all, max(1, repeats // 2))
    return {
        "cases": n,
        "restorations": leaves,
        "solver_cases_per_s": n / t_solver,
        "solver_us_per_case": t_solver / n * 1e6,
        "solver_us_per_restoration": t_solver / leaves * 1e6,
        "parse_us_per_case": t_parse / n * 1e6,
        "keyed_cases_per_s": n / t_keyed,
        "oracle_cases_per_s": n / t_oracle,
        "oracle_over_solver_time": t_oracle / t_keyed,
    }


def bench_growth(targets: list[int], repeats: int) -> list[dict[str, Any]]:
    rows = []
    for target in targets:
        mapping = cascade_case(target)
        case = parse_case(mapping)
        leaves = sum(1 for _ in Ruling(case).restorations())
        same = {r.key() for r in Ruling(case).restorations()} == oracle_restorations(mapping)
        t = median_time(lambda case=case: sum(1 for _ in Ruling(case).restorations()), repeats)
        # the oracle's work on the solver's side: one canonical key per leaf
        t_key = median_time(lambda case=case: {r.key() for r in Ruling(case).restorations()}, repeats)
        t_or = median_time(lambda m=mapping: oracle_restorations(m), max(1, repeats // 2))
        rows.append({
            "target": target,
            "restorations": leaves,
            "solver_us_per_restoration": t / leaves * 1e6,
            "keyed_us_per_restoration": t_key / leaves * 1e6,
            "oracle_us_per_restoration": t_or / leaves * 1e6,
            "oracle_over_solver_time": t_or / t_key,
            "same_keys": same,
        })
    return rows


def bench_memory(target: int) -> dict[str, Any]:
    case = parse_case(cascade_case(target))

    def peak(fn: Callable[[], object]) -> int:
        tracemalloc.start()
        fn()
        _, top = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return top

    leaves = sum(1 for _ in Ruling(case).restorations())
    stream = peak(lambda: sum(1 for _ in Ruling(case).restorations()))
    held = peak(lambda: len(list(Ruling(case).restorations())))
    graph = peak(lambda: Ruling(case).graph().number_of_nodes())
    return {"target": target, "restorations": leaves, "stream_peak_kib": stream / 1024, "list_peak_kib": held / 1024, "graph_peak_kib": graph / 1024}


class _Tally:
    """What a sweep's chunk found: positions checked, those whose two answers differ, and
    the first few of those (as YAML, to report)."""

    def __init__(self) -> None:
        self.checked = 0
        self.differing = 0
        self.examples: list[str] = []

    def add(self, same: bool, mapping: dict[str, Any]) -> None:
        self.checked += 1
        if not same:
            self.differing += 1
            if len(self.examples) < 5:
                self.examples.append(yaml.safe_dump(mapping))


def _agree_chunk(args: tuple[int, int, int]) -> tuple[int, int, list[str]]:
    seed, start, count = args
    tally = _Tally()
    edition = "2007" if seed % 2 else "2017"
    for i, mapping in enumerate(random_revoke_cases(count, seed=seed * 1_000_003 + start, edition=edition)):
        case = loads(yaml.safe_dump(mapping)) if i % 50 == 0 else parse_case(mapping)  # some through YAML too
        tally.add({r.key() for r in Ruling(case).restorations()} == oracle_restorations(mapping), mapping)
    return tally.checked, tally.differing, tally.examples


def _chunks(total: int, size: int) -> list[tuple[int, int]]:
    """``total`` positions as (start, count) chunks of at most ``size``."""
    return [(start, min(size, total - start)) for start in range(0, total, size)]


def _pooled(work: Callable[[Any], tuple[Any, ...]], jobs: list[Any], workers: int) -> dict[str, Any]:
    """Run a sweep's chunks on ``workers`` processes; each chunk returns (checked, disagreeing,
    ..., examples): their sums, the first examples, the wall time (and ``results``)."""
    t0 = time.perf_counter()
    with multiprocessing.Pool(workers) as pool:
        results = pool.map(work, jobs)
    return {"positions": sum(r[0] for r in results), "disagreements": sum(r[1] for r in results),
            "examples": [b for r in results for b in r[-1]][:3], "seconds": time.perf_counter() - t0,
            "workers": workers, "results": results}


def agreement(total: int, workers: int) -> dict[str, Any]:
    jobs = [(k, start, count) for k, (start, count) in enumerate(_chunks(total, 2000))]
    out = _pooled(_agree_chunk, jobs, workers)
    del out["results"]
    return out


def bench_corpus(repeats: int) -> list[dict[str, Any]]:
    """Each family of the case corpus (a directory of cases/), solved in full per repeat."""
    rows = []
    for directory in sorted(p for p in (ROOT / "cases").iterdir() if p.is_dir()):
        cases = [loads(f.read_text(), file=str(f)) for f in sorted(directory.glob("*.yaml"))]
        if not cases:
            continue
        leaves = sum(1 for c in cases for _ in Ruling(c).restorations())

        def solve(cases: list[Any] = cases) -> None:
            for c in cases:
                for _ in Ruling(c).restorations():
                    pass

        t = median_time(solve, repeats)
        rows.append({"family": directory.name, "cases": len(cases), "restorations": leaves,
                     "cases_per_s": len(cases) / t, "us_per_restoration": t / max(1, leaves) * 1e6})
    return rows


def _misplay_chunk(args: tuple[int, int]) -> tuple[int, int, float, float, list[str]]:
    start, count = args
    tally = _Tally()
    t_solver = t_oracle = 0.0
    for i in range(start, start + count):
        mapping = random_misplay_case(case_seed(45_100, i), edition="2007" if i % 2 else "2017")
        case = parse_case(mapping)
        t0 = time.perf_counter()
        mine = {r.key() for r in Ruling(case).restorations()}
        t1 = time.perf_counter()
        theirs = oracle_45d1(mapping)
        t2 = time.perf_counter()
        t_solver += t1 - t0
        t_oracle += t2 - t1
        tally.add(mine == theirs, mapping)
    return tally.checked, tally.differing, t_solver, t_oracle, tally.examples


def misplay_agreement(total: int, workers: int) -> dict[str, Any]:
    out = _pooled(_misplay_chunk, _chunks(total, 1000), workers)
    results = out.pop("results")
    t_solver = sum(r[2] for r in results)
    t_oracle = sum(r[3] for r in results)
    out["solver_us_per_case"] = t_solver / max(1, out["positions"]) * 1e6
    out["oracle_over_solver_time"] = t_oracle / t_solver if t_solver else float("nan")
    return out


def bench_mixed(n: int, repeats: int) -> dict[str, Any]:
    """Whole records with two or three irregularities of different families (generate --kind mixed)."""
    from rulings.solver.generate_mixed import random_mixed_case

    rng = random.Random(2026)
    cases = [parse_case(random_mixed_case(rng)) for _ in range(n)]
    leaves = sum(1 for c in cases for _ in Ruling(c).restorations())

    def solve_all() -> None:
        for c in cases:
            for _ in Ruling(c).restorations():
                pass

    t = median_time(solve_all, repeats)
    return {"cases": n, "restorations": leaves, "cases_per_s": n / t, "us_per_restoration": t / max(1, leaves) * 1e6}


def _restorations_both_ways(case: Any) -> tuple[object, object]:
    """The restorations of ``case`` (number, key, path, node, penalty and withdrawn cards,
    lead) as enumerated, and with every group's children made and expanded one by one."""

    def listed(build_alike: bool) -> object:
        try:
            ruling = Ruling(case)
            ruling.build_alike = build_alike
            return [(r.number, r.key(), r.path, r.node, r.penalty_cards, r.withdrawn, r.lead)
                    for r in ruling.restorations(budget=5000)]
        except RulingError as err:
            return str(err)

    return listed(True), listed(False)


def _built_chunk(args: tuple[str, int, int]) -> tuple[int, int, list[str]]:
    from rulings.solver.generate_mixed import random_mixed_case

    kind, start, count = args
    tally = _Tally()
    for i in range(start, start + count):
        if kind == "mixed":
            mapping = random_mixed_case(random.Random(500_000 + i), edition="2007" if i % 3 == 0 else "2017")
        else:
            mapping = random_misplay_case(case_seed(45_500, i), edition="2007" if i % 2 else "2017")
        try:
            case = parse_case(mapping)
        except RulingError:
            continue
        built, made = _restorations_both_ways(case)
        tally.add(built == made, mapping)
    return tally.checked, tally.differing, tally.examples


def built_against_made(total: int, workers: int) -> dict[str, Any]:
    """Section 13 (see the module's docstring)."""
    jobs = [(kind, start, count) for kind in ("mixed", "misplay") for start, count in _chunks(total, 1000)]
    out = _pooled(_built_chunk, jobs, workers)
    del out["results"]
    return out


def bench_phases(n: int, repeats: int) -> list[dict[str, Any]]:
    """Section 12: microseconds per case of ``Ruling(case)``, of it with the restorations
    enumerated, and with their keys, for random revoke cases and Law 45D1 positions."""
    families = [
        ("random revoke cases", [parse_case(m) for m in random_revoke_cases(n, seed=2026)]),
        ("Law 45D1 positions", [parse_case(random_misplay_case(case_seed(45_100, i), edition="2007" if i % 2 else "2017"))
                                for i in range(n)]),
    ]
    rows = []
    for name, cases in families:
        counts = [sum(1 for _ in Ruling(c).restorations()) for c in cases]

        def opened(cases: list[Any] = cases) -> None:
            for c in cases:
                Ruling(c)

        def enumerated(cases: list[Any] = cases) -> None:
            for c in cases:
                for _ in Ruling(c).restorations():
                    pass

        def keyed(cases: list[Any] = cases) -> None:
            for c in cases:
                {r.key() for r in Ruling(c).restorations()}

        rows.append({
            "family": name,
            "cases": len(cases),
            "restorations_per_case": sum(counts) / len(cases),
            "single_restoration_share": sum(1 for k in counts if k == 1) / len(cases),
            "ruling_us_per_case": median_time(opened, repeats) / len(cases) * 1e6,
            "enumerated_us_per_case": median_time(enumerated, repeats) / len(cases) * 1e6,
            "keyed_us_per_case": median_time(keyed, repeats) / len(cases) * 1e6,
        })
    return rows


def bench_composed(targets: list[int], repeats: int) -> list[dict[str, Any]]:
    """Records with two cascades ruled one after the other (the first of about ``target``
    restorations): cost per restoration as the composed ruling grows."""
    rows = []
    for target in targets:
        case = parse_case(two_cascades_case(target))
        leaves = sum(1 for _ in Ruling(case).restorations())
        t = median_time(lambda case=case: sum(1 for _ in Ruling(case).restorations()), repeats)
        t_key = median_time(lambda case=case: {r.key() for r in Ruling(case).restorations()}, repeats)
        rows.append({"first_target": target, "restorations": leaves, "solver_us_per_restoration": t / leaves * 1e6,
                     "keyed_us_per_restoration": t_key / leaves * 1e6})
    return rows


def bench_generate(n: int) -> dict[str, Any]:
    """``generate``'s work: random revoke positions (the cases, not the files), per second
    and the peak memory of building them in a list."""
    t0 = time.perf_counter()
    sum(1 for _ in random_revoke_cases(n, seed=7))
    t = time.perf_counter() - t0
    tracemalloc.start()
    held = list(random_revoke_cases(n, seed=7))
    _, top = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {"cases": len(held), "cases_per_s": n / t, "peak_kib": top / 1024}


def _report_sweep(title: str, result: dict[str, Any], extra: str) -> int:
    """Print an oracle sweep's result (and each disagreement's example); return how many disagreed."""
    print(f"\n{title}: {result['positions']:,} random positions, {result['disagreements']} disagreements "
          f"({result['seconds']:.0f} s on {result['workers']} workers){extra}")
    _print_disagreements(result["examples"])
    return int(result["disagreements"])


def _print_disagreements(examples: list[str]) -> None:
    """Each example of an oracle sweep where the solver and the oracle disagree."""
    for ex in examples:
        print("   disagreement:\n" + "\n".join("     " + line for line in ex.splitlines()))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="small sizes (for a smoke run)")
    ap.add_argument("--agreement", type=int, default=None, help="positions for the oracle sweep (default 100000)")
    ap.add_argument("--misplay", type=int, default=None, help="positions for the 45D1 oracle sweep (default 100000)")
    for sw in SWEEPS:
        ap.add_argument(f"--{sw.option}", type=int, default=None,
                        help=f"positions for the {sw.title} oracle sweep of section {sw.section} (default {sw.default})")
    ap.add_argument("--json", type=Path, default=None, help="also write the figures as JSON")
    ap.add_argument("--sections", default=None, help="run only these sections, e.g. 2,4,6,7,11 (default: all)")
    args = ap.parse_args()
    chosen = {int(x) for x in args.sections.split(",")} if args.sections else None

    def want(section: int) -> bool:
        return chosen is None or section in chosen

    quick = args.quick
    n_cases, repeats = (300, 3) if quick else (3000, 7)
    targets = [1, 10, 100, 1000] if quick else [1, 3, 10, 30, 100, 300, 1000, 3000]
    sweep = args.agreement if args.agreement is not None else (2000 if quick else 100_000)
    misplays = args.misplay if args.misplay is not None else (1000 if quick else 100_000)
    failed = 0

    timed = engine()
    out: dict[str, Any] = {"python": platform.python_version(), "machine": platform.machine(), "engine": timed}
    print(f"bridge-rulings benchmarks (Python {out['python']}, one core unless stated; medians of {repeats} runs)")
    print(f"{timed['text']}: timed by every section (section 8: the current side)")

    if want(1):
        c = bench_cases(n_cases, repeats)
        out["cases"] = c
        print(f"\n1. random revoke cases: {c['cases']} cases, {c['restorations']} restorations")
        print(f"   solver: {c['solver_cases_per_s']:,.0f} cases/s ({c['solver_us_per_case']:.0f} us/case, "
              f"{c['solver_us_per_restoration']:.1f} us/restoration)")
        print(f"   parsing (apart): {c['parse_us_per_case']:.0f} us/case; with a canonical key per restoration: "
              f"{c['keyed_cases_per_s']:,.0f} cases/s")
        print(f"   oracle: {c['oracle_cases_per_s']:,.0f} cases/s; oracle time / solver time (both building the keys) = "
              f"{c['oracle_over_solver_time']:.2f}")

    if want(2):
        g = bench_growth(targets, repeats)
        out["growth"] = g
        print("\n2. cost per restoration as the cascade grows")
        print("   (the 62C cascade of one revoke: its leaves grow with the later plays the non-offending side may change,")
        print("    at most 1,463 for one revoke (generate.cascade_case: the domain's maximum, the largest target reaches it);")
        print("    oracle/solver compares the same work, a canonical key per leaf, and 'same' says both gave the same keys)")
        print(f"   {'leaves':>8} {'solver us/leaf':>15} {'keyed us/leaf':>14} {'oracle us/leaf':>15} {'oracle/solver':>14} {'same':>5}")
        for row in g:
            print(f"   {row['restorations']:>8} {row['solver_us_per_restoration']:>15.1f} {row['keyed_us_per_restoration']:>14.1f} "
                  f"{row['oracle_us_per_restoration']:>15.1f} {row['oracle_over_solver_time']:>14.2f} {row['same_keys']!s:>5}")
        big = [r for r in g if r["restorations"] >= 100]
        if len(big) >= 2:
            flat = big[-1]["solver_us_per_restoration"] / big[0]["solver_us_per_restoration"]
            out["growth_flatness"] = flat
            print(f"   per-leaf cost ratio, largest / 100-leaf cascade: {flat:.2f} (1.0 = flat)")

    if want(3):
        m = bench_memory(targets[-1])
        out["memory"] = m
        print(f"\n3. peak memory, {m['restorations']}-restoration cascade: streaming {m['stream_peak_kib']:.0f} KiB, "
              f"list {m['list_peak_kib']:.0f} KiB, graph {m['graph_peak_kib']:.0f} KiB")

    workers = max(1, min(2, multiprocessing.cpu_count()))  # (the oracle sweeps)
    if want(4):
        a = out["agreement"] = agreement(sweep, workers)
        failed += _report_sweep("4. oracle agreement", a, "")

    if want(5):
        rows = bench_corpus(max(1, repeats // 2))
        out["corpus"] = rows
        print("\n5. the case corpus, by family (one core)")
        print(f"   {'family':<16} {'cases':>6} {'leaves':>7} {'cases/s':>9} {'us/leaf':>9}")
        for row in rows:
            print(f"   {row['family']:<16} {row['cases']:>6} {row['restorations']:>7} {row['cases_per_s']:>9,.0f} "
                  f"{row['us_per_restoration']:>9.0f}")

    if want(6):
        d = out["misplay_agreement"] = misplay_agreement(misplays, workers)
        failed += _report_sweep("6. Law 45D1 oracle agreement", d, f"; solver {d['solver_us_per_case']:.0f} us/case, "
                                f"oracle time / solver time = {d['oracle_over_solver_time']:.2f}")

    if want(7):
        x = bench_mixed(300 if quick else 2000, repeats)
        out["mixed"] = x
        print(f"\n7. whole records, two or three irregularities (generate --kind mixed): {x['cases']} records, "
              f"{x['restorations']} restorations; {x['cases_per_s']:,.0f} records/s, {x['us_per_restoration']:.0f} us/restoration")

    if want(8) or want(9):
        from baseline import compare, startup

    if want(8):
        try:
            b = compare("ce7fd33", n=500 if quick else 2000, repeats=3 if quick else 5)
        except Exception as err:  # no git history (an exported tree): say so, do not fail the run
            print(f"\n8. baseline comparison skipped: {err}")
        else:
            out["baseline"] = b
            print(f"\n8. random revoke cases, the {b['current_engine']} against commit {b['baseline']} (interpreted) in this run,"
                  f" the same {b['cases']} cases "
                  f"({b['restorations']} restorations on both sides; {b['left_out']} cases the two rule differently left out) "
                  "(subprocesses, alternated, medians):")
            print(f"   enumeration only:      {b['current_cases_per_s']:,.0f} vs {b['baseline_cases_per_s']:,.0f} cases/s, "
                  f"ratio {b['ratio']:.2f} (target 3.5)")
            print(f"   with canonical keys:   {b['current_keyed_cases_per_s']:,.0f} vs {b['baseline_keyed_cases_per_s']:,.0f} "
                  f"cases/s, ratio {b['keyed_ratio']:.2f}")
            print(f"   parsing (apart):       {b['current_parse_us_per_case']:.0f} vs {b['baseline_parse_us_per_case']:.0f} us/case")
            print(f"   two processes at once: {b['two_process_cases_per_s']:,.0f} cases/s, {b['two_over_one']:.2f}x one "
                  f"(each on all the cases; target 1.8; other load on the machine lowers it)")
            print(f"                          {b['two_process_split_cases_per_s']:,.0f} cases/s, {b['two_split_over_one']:.2f}x one "
                  f"(the cases split in two halves, one per process)")

    if want(9):
        st = startup()
        out["startup"] = st
        print(f"\n9. start-up, {timed['text']} (median of 7 fresh processes, bytecode compiled): python -c pass {st['python_s'] * 1e3:.0f} ms; "
              f"rulings --help {st['help_s'] * 1e3:.0f} ms ({st['help_ratio']:.1f}x, target 3); "
              f"rulings solve {st['solve_s'] * 1e3:.0f} ms ({st['solve_ratio']:.1f}x, target 6)")

    if want(10):
        gen = bench_generate(500 if quick else 5000)
        out["generate"] = gen
        print(f"\n10. generate (random revoke positions): {gen['cases_per_s']:,.0f} cases/s; "
              f"{gen['cases']} cases held in a list peak at {gen['peak_kib']:,.0f} KiB")

    if want(11):
        comp = bench_composed([3, 10, 30, 100, 300, 1000, 3000] if not quick else [3, 10, 300], max(1, repeats // 3))
        out["composed"] = comp
        print("\n11. composed records: two revokes in one record, each with a 62C cascade, the second played on (resume)")
        print("    from every restoration of the first (generate.two_cascades_case); one cascade has at most 1,463")
        print("    restorations, so two at most 1,463 x 1,463 (about 2.1 million, an upper bound: the restorations from")
        print("    which the record cannot go on drop out); the largest here is the largest this generator makes")
        print(f"   {'leaves':>8} {'solver us/leaf':>15} {'keyed us/leaf':>14}")
        for row in comp:
            print(f"   {row['restorations']:>8} {row['solver_us_per_restoration']:>15.1f} {row['keyed_us_per_restoration']:>14.1f}")
        reference = g if want(2) else bench_growth([100], repeats)
        hundred = next((r for r in reference if r["restorations"] >= 100), None)
        if hundred is not None and comp:
            largest = max(comp, key=lambda r: r["restorations"])
            worst = max((r for r in comp if r["restorations"] >= 100), key=lambda r: r["keyed_us_per_restoration"])
            flat = largest["solver_us_per_restoration"] / hundred["solver_us_per_restoration"]
            flat_keyed = largest["keyed_us_per_restoration"] / hundred["keyed_us_per_restoration"]
            worst_keyed = worst["keyed_us_per_restoration"] / hundred["keyed_us_per_restoration"]
            out["composed_flatness"] = {"solver": flat, "keyed": flat_keyed, "worst_keyed": worst_keyed}
            print(f"   per-leaf cost, largest composed ({largest['restorations']:,}) / {hundred['restorations']}-leaf cascade: "
                  f"{flat:.2f} (keyed {flat_keyed:.2f}); the dearest record of 100 or more leaves: keyed {worst_keyed:.2f} "
                  "(target: within 1.5)")

    if want(12):
        phases = bench_phases(300 if quick else n_cases, repeats)
        out["phases"] = phases
        print("\n12. where a case's time goes (us per case): Ruling(case) alone (replay, openers, Law 64 closer, first")
        print("    stage), then with every restoration enumerated, then with each one's canonical key")
        print(f"   {'':<22} {'cases':>6} {'leaves/case':>12} {'one leaf':>9} {'Ruling(case)':>13} {'+ enumerated':>13} {'+ keys':>8}")
        for row in phases:
            print(f"   {row['family']:<22} {row['cases']:>6} {row['restorations_per_case']:>12.1f} "
                  f"{row['single_restoration_share']:>9.0%} {row['ruling_us_per_case']:>13.0f} "
                  f"{row['enumerated_us_per_case']:>13.0f} {row['keyed_us_per_case']:>8.0f}")

    if want(13):
        both = out["built_against_made"] = built_against_made(1000 if quick else 20_000, workers)
        failed += _report_sweep("13. built against made (mixed records and 45D1 positions)", both,
                                "; a disagreement is a restoration built from another child's that differs from the one made")

    for sw in SWEEPS:
        if want(sw.section):
            n = getattr(args, sw.option)
            n = n if n is not None else (2000 if quick else sw.default)
            fs = _pooled(sweep_chunk, [(sw.section, start, count) for start, count in _chunks(n, 2000)], workers)
            fs.update(sweep_summary(fs.pop("results")))
            out[f"{sw.option}_agreement"] = fs
            failed += _report_sweep(f"{sw.section}. {sw.title} oracle agreement", fs,
                                    f"; solver {fs['solver_us_per_case']:.0f} us/case, "
                                    f"oracle time / solver time = {fs['oracle_over_solver_time']:.2f}")

    if args.json is not None:
        args.json.write_text(json.dumps(out, indent=2, sort_keys=True) + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
