"""Test sets at scale (``make bench``): the figures of docs/verify-at-scale.md, each command a
fresh ``rulings`` process measured from outside (wall clock; CPU time and peak resident set
size from the kernel's rusage of the finished process, which covers its worker processes).

Peak memory is read by GNU time (``/usr/bin/time``) as the parent of each ``rulings``
process; this process stays small (files are compared in blocks).

1. ``generate N --with-ruling --format jsonl``: cases per second on one process and on two
   (``-j 2``), runs alternated, medians of the repeats, the ratio of the medians; both
   outputs must be identical. The machine may be shared: the CPU seconds and the load
   average are printed with the figures.
2. Peak memory of ``generate --with-ruling --format jsonl -j 2`` at 10^4 and 10^5 cases (the
   largest process): flat when the records stream.
3. ``verify`` of 100,000 generated case files (the 10^5 records of 2, each written as a YAML
   case claiming its ``count``): peak RSS and time on one process and on two (``-j 2``); every
   claim must pass.
4. ``solve`` of a record with 16 ``exposes`` lines (2^16 restorations), ``--limit 5000``: peak
   RSS of the text output (streamed in pages) and of ``--json``.

Usage: python benchmarks/scale.py [--quick] [--files N] [--throughput N] [--repeats R]
                                  [--only 1,2,3,4] [--dir DIR] [--keep] [--json FILE]
"""

from __future__ import annotations

import argparse
import filecmp
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

RULINGS = str(Path(sys.executable).with_name("rulings"))
DEAL = "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"
EXPOSED = ["S9", "S8", "S2", "HK", "HQ", "H6", "H5", "H4", "D6", "D5", "D4", "CQ", "C5", "SK", "S5", "HJ"]


TIME = shutil.which("time", path="/usr/bin:/bin")


def measure(args: list[str], stdout: Path | None = None) -> dict[str, Any]:
    """Run ``rulings ARGS``; wall seconds, CPU seconds (user + system, the process and the
    worker processes it waited for), peak RSS in MiB (the largest of them) and exit code.

    The peak is read by GNU time (``/usr/bin/time``), the parent of ``rulings``: a process
    forked from this one would start with this process's own peak (Linux keeps it across
    exec), so rusage read here would be at least this process's size."""
    out = stdout.open("wb") if stdout is not None else subprocess.DEVNULL
    report = Path(tempfile.mkstemp(prefix="rulings-time-")[1])
    try:
        t0 = time.perf_counter()
        if TIME is not None:
            done = subprocess.run([TIME, "-f", "%M %U %S %x", "-o", str(report), RULINGS, *args], stdout=out,
                                  stderr=subprocess.DEVNULL, check=False)
            wall = time.perf_counter() - t0
            peak_kib, user, system, code = report.read_text(encoding="utf-8").split()[-4:]
            return {"wall_s": wall, "cpu_s": float(user) + float(system), "peak_mib": int(peak_kib) / 1024,
                    "exit": int(code) if done.returncode == 0 or int(code) else done.returncode}
        proc = subprocess.Popen([RULINGS, *args], stdout=out, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        return {"wall_s": wall, "cpu_s": usage.ru_utime + usage.ru_stime, "peak_mib": usage.ru_maxrss / 1024,
                "exit": os.waitstatus_to_exitcode(status), "note": "no /usr/bin/time: the peak is at least this process's"}
    finally:
        if stdout is not None and not isinstance(out, int):
            out.close()
        report.unlink(missing_ok=True)


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def throughput(work: Path, n: int, repeats: int) -> dict[str, Any]:
    runs: dict[int, list[dict[str, Any]]] = {1: [], 2: []}
    before = load()
    for _ in range(repeats):
        for jobs in (1, 2):
            r = measure(["generate", str(n), "--kind", "revoke", "--with-ruling", "--format", "jsonl", "-j", str(jobs),
                         "--out", str(work / f"throughput-j{jobs}.jsonl"), "--no-progress"])
            assert r["exit"] == 0, r
            runs[jobs].append(r)
    same = filecmp.cmp(work / "throughput-j1.jsonl", work / "throughput-j2.jsonl", shallow=False)  # in blocks: this process stays small
    med = {j: statistics.median(n / r["wall_s"] for r in runs[j]) for j in (1, 2)}
    cpu = {j: statistics.median(r["cpu_s"] for r in runs[j]) for j in (1, 2)}
    return {"cases": n, "repeats": repeats, "j1_cases_per_s": med[1], "j2_cases_per_s": med[2], "ratio": med[2] / med[1],
            "j1_cpu_s": cpu[1], "j2_cpu_s": cpu[2], "same_output": same, "load_before": before, "load_after": load()}


def generate_memory(work: Path, sizes: list[int]) -> list[dict[str, Any]]:
    rows = []
    for n in sizes:
        out = work / f"set-{n}.jsonl"
        r = measure(["generate", str(n), "--kind", "revoke", "--with-ruling", "--format", "jsonl", "-j", "2",
                     "--out", str(out), "--no-progress"])
        assert r["exit"] == 0, r
        rows.append({"cases": n, **r, "file_mib": out.stat().st_size / 2**20})
    return rows


def write_case_files(records: Path, target: Path, limit: int) -> int:
    """Each record of a ``--with-ruling`` JSON lines file as a YAML case claiming its count
    (records whose ruling stopped at the budget have no claim), 1,000 files a directory."""
    import yaml

    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    n = 0
    with records.open(encoding="utf-8") as fh:
        for line in fh:
            if n >= limit:
                break
            rec = json.loads(line)
            case = dict(rec["case"])
            ruling = rec["ruling"]
            if not ruling["budget"]["exhausted"]:
                case["expect"] = [f"count {ruling['found']}"]
            folder = target / f"{n // 1000:03d}"
            if n % 1000 == 0:
                folder.mkdir(parents=True, exist_ok=True)
            (folder / f"{rec['id']}.yaml").write_text(yaml.dump(case, Dumper=dumper, sort_keys=False, allow_unicode=True),
                                                      encoding="utf-8")
            n += 1
    return n


def verify_scale(work: Path, records: Path, files: int) -> dict[str, Any]:
    folder = work / "files"
    t0 = time.perf_counter()
    written = write_case_files(records, folder, files)
    made = time.perf_counter() - t0
    out: dict[str, Any] = {"files": written, "write_s": made}
    for jobs in (1, 2):
        log = work / f"verify-j{jobs}.txt"
        r = measure(["verify", str(folder), "-q", "-j", str(jobs)], stdout=log)
        tail = log.read_text(encoding="utf-8").splitlines()[-1:]
        out[f"j{jobs}"] = {**r, "summary": " / ".join(tail)}
    return out


def solve_memory(work: Path) -> dict[str, Any]:
    case = work / "sixteen-exposures.yaml"
    case.write_text(f'deal: "{DEAL}"\ncontract: 4S\ndeclarer: S\nplay:\n'
                    + "".join(f"  - {'W' if c in ('SK', 'S5', 'HJ') else 'E'} exposes {c}\n" for c in EXPOSED)
                    + "  - attention N\n", encoding="utf-8")
    text = measure(["solve", str(case), "--ascii", "--limit", "5000"])
    as_json = measure(["solve", str(case), "--json", "--limit", "5000"])
    return {"restorations_listed": 5000, "text": text, "json": as_json}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="small sizes (a smoke run of a minute or two)")
    ap.add_argument("--files", type=int, default=None, help="case files for verify, and the larger generate size (default 100000)")
    ap.add_argument("--throughput", type=int, default=None, help="cases per generate throughput run (default 6000)")
    ap.add_argument("--repeats", type=int, default=None, help="throughput runs per process count (default 3)")
    ap.add_argument("--only", default="1,2,3,4", help="the sections to run (3 needs 2's records: with --dir, of an earlier run)")
    ap.add_argument("--dir", type=Path, default=None, help="work directory (default: a new temporary one)")
    ap.add_argument("--keep", action="store_true", help="keep the work directory")
    ap.add_argument("--json", type=Path, default=None, help="also write the figures as JSON")
    args = ap.parse_args()
    files = args.files if args.files is not None else (2000 if args.quick else 100_000)
    small = max(files // 10, 100)
    n_through = args.throughput if args.throughput is not None else (300 if args.quick else 6000)
    repeats = args.repeats if args.repeats is not None else (1 if args.quick else 3)
    work = args.dir if args.dir is not None else Path(tempfile.mkdtemp(prefix="rulings-scale-"))
    work.mkdir(parents=True, exist_ok=True)
    only = {int(x) for x in args.only.split(",") if x.strip()}
    figures: dict[str, Any] = {"cpus": os.cpu_count()}
    print(f"bridge-rulings at scale ({os.cpu_count()} CPUs; load average {load()}; work directory {work})")
    try:
        if 1 in only:
            section_throughput(figures, work, n_through, repeats)
        if 2 in only:
            section_generate_memory(figures, work, small, files)
        if 3 in only:
            section_verify(figures, work, files)
        if 4 in only:
            section_solve(figures, work)
    finally:
        if not args.keep and args.dir is None:
            shutil.rmtree(work, ignore_errors=True)
    if args.json is not None:
        args.json.write_text(json.dumps(figures, indent=2, sort_keys=True) + "\n")
    verify = figures.get("verify", {})
    bad = any(verify[k]["exit"] != 0 for k in ("j1", "j2") if k in verify) or not figures.get("throughput", {}).get("same_output", True)
    return 1 if bad else 0


def section_throughput(figures: dict[str, Any], work: Path, n_through: int, repeats: int) -> None:
    t = throughput(work, n_through, repeats)
    figures["throughput"] = t
    print(f"\n1. generate --with-ruling --format jsonl, {t['cases']} revoke cases, median of {t['repeats']} alternated runs:")
    print(f"   one process {t['j1_cases_per_s']:,.0f} cases/s ({t['j1_cpu_s']:.1f} CPU s); "
          f"two (-j 2) {t['j2_cases_per_s']:,.0f} cases/s ({t['j2_cpu_s']:.1f} CPU s); ratio {t['ratio']:.2f}x (target 1.7); "
          f"same output: {t['same_output']}; load average before {t['load_before']}, after {t['load_after']}")


def section_generate_memory(figures: dict[str, Any], work: Path, small: int, files: int) -> None:
    rows = generate_memory(work, [small, files])
    figures["generate_memory"] = rows
    print("\n2. generate --with-ruling --format jsonl -j 2, peak RSS of the largest process:")
    for row in rows:
        print(f"   {row['cases']:>7,} cases: {row['peak_mib']:6.1f} MiB peak, {row['wall_s']:7.1f} s, "
              f"{row['cases'] / row['wall_s']:,.0f} cases/s, file {row['file_mib']:,.0f} MiB")
    print(f"   peak at {rows[1]['cases']:,} / peak at {rows[0]['cases']:,}: {rows[1]['peak_mib'] / rows[0]['peak_mib']:.2f} (1.0 = flat)")


def section_verify(figures: dict[str, Any], work: Path, files: int) -> None:
    v = verify_scale(work, work / f"set-{files}.jsonl", files)
    figures["verify"] = v
    print(f"\n3. verify of {v['files']:,} generated case files (each claims its count; written in {v['write_s']:.0f} s):")
    for jobs in (1, 2):
        r = v[f"j{jobs}"]
        print(f"   -j {jobs}: {r['peak_mib']:6.1f} MiB peak (target 300), {r['wall_s']:6.1f} s, "
              f"{v['files'] / r['wall_s']:,.0f} files/s, exit {r['exit']}: {r['summary']}")


def section_solve(figures: dict[str, Any], work: Path) -> None:
    s = solve_memory(work)
    figures["solve"] = s
    print(f"\n4. solve, 16 exposes lines (2^16 restorations), --limit {s['restorations_listed']}: "
          f"text {s['text']['peak_mib']:.0f} MiB peak ({s['text']['wall_s']:.1f} s), "
          f"--json {s['json']['peak_mib']:.0f} MiB peak ({s['json']['wall_s']:.1f} s)")


if __name__ == "__main__":
    raise SystemExit(main())
