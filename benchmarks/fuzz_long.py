"""``make fuzz-long``: the attacking fuzzers at scale, in worker processes.

``python benchmarks/fuzz_long.py [N] [--jobs J] [--atheris RUNS]`` runs inputs 0..N-1 of
``tests/fuzz_hostile.one`` (structural faults at a known line, raw trees, mutants; a third
each) in J worker processes, then, when atheris is installed, RUNS coverage-guided inputs in
each worker. Prints the counts, the time and every failure (also written to
build/fuzz-failures/); exit 1 on any failure.
"""

from __future__ import annotations

import argparse
import multiprocessing
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))


def _chunk(bounds: tuple[int, int]) -> tuple[Counter[str], list[tuple[int, str, str, bytes]]]:
    from fuzz_hostile import corpus, one

    bases = corpus()
    raws = [b.encode() for b in bases]
    counts: Counter[str] = Counter()
    failures: list[tuple[int, str, str, bytes]] = []
    for i in range(*bounds):
        mode, raw, verdict = one(i, bases, raws)
        counts[mode] += 1
        if verdict is not None:
            failures.append((i, mode, verdict, raw[:2000]))
    return counts, failures


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("n", type=int, nargs="?", default=1_000_000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--atheris", type=int, default=0, help="coverage-guided runs per worker (0: none)")
    args = ap.parse_args()
    t0 = time.perf_counter()
    step = 2000
    chunks = [(a, min(a + step, args.start + args.n)) for a in range(args.start, args.start + args.n, step)]
    counts: Counter[str] = Counter()
    failures: list[tuple[int, str, str, bytes]] = []
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        for done, (c, f) in enumerate(pool.imap_unordered(_chunk, chunks), 1):
            counts += c
            failures += f
            if done % 25 == 0:
                print(f"  {sum(counts.values()):,} inputs, {len(failures)} failures, {time.perf_counter() - t0:,.0f} s", flush=True)
    secs = time.perf_counter() - t0
    print(f"structural/tree/mutation: {sum(counts.values()):,} inputs ({dict(counts)}) in {secs:,.1f} s "
          f"with {args.jobs} workers: {len(failures)} failures")
    atheris_failed = 0
    if args.atheris:
        try:
            import atheris  # noqa: F401
        except ImportError:
            print("atheris is not installed: coverage-guided run skipped (pip install atheris)")
        else:
            t1 = time.perf_counter()
            procs = [subprocess.Popen([sys.executable, str(ROOT / "tests" / "fuzz_atheris.py"), f"-atheris_runs={args.atheris}",
                                       "-max_len=8192", f"-seed={k + 1}"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
                     for k in range(args.jobs)]
            for p in procs:
                out, _ = p.communicate()
                if p.returncode != 0:
                    atheris_failed += 1
                    print(out.decode(errors="replace")[-4000:])
            print(f"atheris: {args.atheris * args.jobs:,} inputs in {time.perf_counter() - t1:,.1f} s: "
                  f"{atheris_failed} failing workers")
    if failures:
        out = ROOT / "build" / "fuzz-failures"
        out.mkdir(parents=True, exist_ok=True)
        for i, mode, verdict, raw in failures[:200]:
            (out / f"{i}-{mode}.yaml").write_bytes(raw)
            print(f"FAIL #{i} ({mode}): {verdict.splitlines()[0]}")
        print(f"inputs written to {out}")
    return 1 if failures or atheris_failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
