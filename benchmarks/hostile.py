"""Time and memory of the CLI on each class of hostile input (``python benchmarks/hostile.py``).

Each class runs ``rulings solve FILE`` in a fresh process REPEAT times; prints the median wall
time, the peak RSS (ru_maxrss of the child), the exit code and the first error line. The
target: exit 1 with ``file:line:`` in under 1 s and 100 MB (start-up included), except the
exponential ruling, which stops at its node budget.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPEAT = int(os.environ.get("REPEAT", "3"))
RULINGS = str(Path(sys.executable).with_name("rulings"))
DEAL = "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"
BASE = f'deal: "{DEAL}"\ncontract: 4S\ndeclarer: S\nplay: [W DQ, N DA, E D4, S D7]\n'
EAST = ["S9", "S8", "S2", "HK", "HQ", "H6", "H5", "H4", "D6", "D5", "D4", "CQ", "C5"]
WEST = ["SK", "S5", "HJ", "HT", "H9", "H8", "H7", "DQ", "DJ", "DT", "D9", "CA", "C6"]

CLASSES: dict[str, bytes | str] = {
    "alias bomb": "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(7)),
    "recursive alias": BASE + "notes: &r [*r]\n",
    "nesting 100000": BASE + "notes: " + "[" * 100_000 + "]" * 100_000 + "\n",
    "integer 5000 digits": BASE + "trick: " + "7" * 5000 + "\n",
    "lone surrogate": BASE + 'title: "\\ud800"\n',
    "/dev/zero": "/dev/zero",
    "50 MB file": BASE + "notes: |\n" + "  abc abc abc abc abc abc abc abc abc abc\n" * 1_250_000,
    "UTF-16": (BASE + "title: é\n").encode("utf-16"),
    "Latin-1": (BASE + "title: café\n").encode("latin-1"),
    "binary": bytes(range(256)) * 64,
    "U+2028": BASE + "title: a\u2028b\n",
    "unclosed [": "title: t\nnotes: [a, b,\n" + BASE,
    "duplicate key": BASE + "declarer: N\n",
    "26 exposes (budget 50,000)": f'deal: "{DEAL}"\ncontract: 4S\ndeclarer: S\nplay:\n'
    + "".join(f"  - E exposes {c}\n" for c in EAST) + "".join(f"  - W exposes {c}\n" for c in WEST) + "  - attention N\n",
}


def main() -> None:
    only = sys.argv[1:]
    with tempfile.TemporaryDirectory() as tmp:
        for name, content in CLASSES.items():
            if only and not any(o in name for o in only):
                continue
            if content == "/dev/zero":
                path = "/dev/zero"
            else:
                path = str(Path(tmp, "case.yaml"))
                Path(path).write_bytes(content if isinstance(content, bytes) else content.encode())
            times = []
            for _ in range(1 if "exposes" in name else REPEAT):
                secs, code, rss, first = run_one(path)
                times.append(secs)
            print(f"{name:<28} median {statistics.median(times):6.2f} s  peak {rss:5d} MB  exit {code}  {first}")


def run_one(path: str) -> tuple[float, int, int, str]:
    """Wall time, exit code, peak RSS in MB (GNU time's %M: a forked child's own ru_maxrss
    would include the parent's pages), first stderr line."""
    t0 = time.perf_counter()
    res = subprocess.run(["/usr/bin/time", "-f", "%M", RULINGS, "solve", "--json", path], stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, check=False)
    secs = time.perf_counter() - t0
    lines = res.stderr.decode(errors="replace").splitlines()
    rss = int(lines[-1]) // 1024 if lines and lines[-1].isdigit() else -1
    first = next((x for x in lines if not x.startswith("Command exited")), "")
    return secs, res.returncode, rss, first[:110]


if __name__ == "__main__":
    main()
