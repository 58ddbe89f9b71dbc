"""Time random revoke cases with this checkout and with a baseline commit, in the same run.

The baseline is checked out with ``git worktree add --detach`` into a temporary directory
and imported through a ``rulings`` package directory of symlinks (models/, solver/), the
layout the project installs; both sides run in their own subprocess on the same Python,
generate the same cases with their own generator (``random_revoke_cases(n, seed)``) and
enumerate every restoration. Used by ``benchmarks/run.py``; runs alone as
``python benchmarks/baseline.py [commit] [n]``.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SNIPPET = r"""
import json, statistics, sys, time
from rulings.models import parse_case
from rulings.solver.generate import random_revoke_cases
try:
    from rulings.solver.ruling import Ruling
except ImportError:  # before the ruling module existed the engine held Ruling
    from rulings.solver.engine import Ruling
n, repeats = int(sys.argv[1]), int(sys.argv[2])
cases = [parse_case(m) for m in random_revoke_cases(n, seed=2026)]
times = []
for _ in range(repeats):
    t0 = time.perf_counter()
    for c in cases:
        for _ in Ruling(c).restorations():
            pass
    times.append(time.perf_counter() - t0)
print(json.dumps({"cases_per_s": n / statistics.median(times)}))
"""


def _layout(tree: Path, into: Path) -> Path:
    pkg = into / "rulings"
    pkg.mkdir(parents=True)
    (pkg / "models").symlink_to(tree / "models")
    (pkg / "solver").symlink_to(tree / "solver")
    return into


def _time(pythonpath: Path, n: int, repeats: int) -> float:
    env = {"PYTHONPATH": str(pythonpath), "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", SNIPPET, str(n), str(repeats)], env=env,
                         capture_output=True, text=True, check=True, cwd=str(pythonpath))
    return float(json.loads(out.stdout.strip().splitlines()[-1])["cases_per_s"])


def compare(commit: str = "ce7fd33", n: int = 2000, repeats: int = 5) -> dict[str, float | str]:
    """Cases per second for this checkout and for ``commit``, measured alternately."""
    tmp = Path(tempfile.mkdtemp(prefix="rulings-baseline-"))
    tree = tmp / "tree"
    try:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-f", str(tree), commit],
                       capture_output=True, check=True)
        base = _layout(tree, tmp / "base")
        here = _layout(ROOT, tmp / "here")
        ours, theirs = [], []
        for _ in range(3):  # alternate, so drift in machine load hits both sides
            ours.append(_time(here, n, repeats))
            theirs.append(_time(base, n, repeats))
        ours.sort(), theirs.sort()
        return {"baseline": commit, "cases": n, "current_cases_per_s": ours[1], "baseline_cases_per_s": theirs[1],
                "ratio": ours[1] / theirs[1]}
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], capture_output=True)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    args = sys.argv[1:]
    print(json.dumps(compare(args[0] if args else "ce7fd33", int(args[1]) if len(args) > 1 else 2000), indent=2))
