"""Time random revoke cases with this checkout and with a baseline commit, in the same run.

How: the baseline is checked out with ``git worktree add --detach`` into a temporary
directory and imported through a ``rulings`` package directory of symlinks (models/,
solver/), the layout the project installs; each side runs in its own subprocess on the same
Python (this venv: the baseline's dependencies are a subset), with only that directory on
``PYTHONPATH``. Both sides read the same input: this checkout generates the cases once
(``random_revoke_cases(n, seed)``) and writes them as JSON; each side parses them with its
own ``parse_case`` (parse time reported apart) and enumerates every restoration, building
nothing else (``keys=True`` also builds each leaf's canonical key on both sides). Every
timed pass is over cases the process has not ruled: before each repeat the cases are parsed
again (untimed) and each side forgets the positions it ruled (``forget_positions``: the rule
sets' memos, the lawful-card sets, the sets of cards by mask; the baseline keeps only its
lawful-card sets, which it forgets), so no pass finds steps an earlier pass built. Only the
cases both sides rule with the same number of restorations are timed: a later reading of a
clause changes a few rulings since the baseline, and those cases would time different work
(how many were left out is reported). The two sides are run alternately, three times each,
and the medians compared.

Two processes: the current side is also run as two subprocesses at once, measured both
ways: each on all the cases (throughput twice the cases over the slower one's time), and the
cases split in two halves, one per process (the cases over the slower one's time: the same
work as one process, shared). Both against one process on all the cases, in the same run.

The current side is what the running Python imports: this checkout's source (the dev venv's
editable install) or, run by ``.venv-fast/bin/python``, the installed package ``make fast``
compiled; the report says which (``current_engine``).

Used by ``benchmarks/run.py``; runs alone as ``python benchmarks/baseline.py [commit] [n]``.
"""

from __future__ import annotations

import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

SNIPPET = r"""
import json, statistics, sys, time
from rulings.models import parse_case
try:
    from rulings.solver.ruling import Ruling
except ImportError:  # before the ruling module existed the engine held Ruling
    from rulings.solver.engine import Ruling
path, repeats, keys = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
part, parts = (int(x) for x in (sys.argv[4] if len(sys.argv) > 4 else "0/1").split("/"))
mappings = json.load(open(path))[part::parts]
if repeats == "counts":  # the restorations of each case, to compare the rulings first
    print(json.dumps([sum(1 for _ in Ruling(parse_case(m)).restorations()) for m in mappings]))
    sys.exit(0)
try:  # what a side keeps of the positions it ruled: forgotten before each repeat
    from rulings.solver.rulesets.base import forget_positions
except ImportError:  # (a baseline older than the function: its lawful-card sets are all it keeps)
    from rulings.solver.lawful import lawful_cards
    forget_positions = lawful_cards.cache_clear
repeats = int(repeats)
t0 = time.perf_counter()
cases = [parse_case(m) for m in mappings]
parse = time.perf_counter() - t0
times = []
leaves = 0
for k in range(repeats):
    if k:  # fresh cases: nothing a pass left on a case is read again
        cases = [parse_case(m) for m in mappings]
    forget_positions()
    t0 = time.perf_counter()
    leaves = 0
    for c in cases:
        for r in Ruling(c).restorations():
            leaves += 1
            if keys:
                r.key()
    times.append(time.perf_counter() - t0)
n = len(cases)
print(json.dumps({"cases_per_s": n / statistics.median(times), "parse_us_per_case": parse / n * 1e6,
                  "leaves": leaves, "seconds": statistics.median(times)}))
"""


def engine() -> dict[str, str | bool]:
    """The engine this Python imports, which every section but 8's baseline times: ``source``
    "checkout" (this checkout's ``models/`` and ``solver/``, an editable install) or
    "installed" (a non-editable install, as ``make fast`` makes in ``.venv-fast``),
    ``compiled`` (its modules built by mypyc), and ``text`` saying both."""
    import rulings.models
    from rulings.models.compiled import compiled_build

    compiled = compiled_build()
    here = Path(rulings.models.__file__ or "").resolve().parent == ROOT / "models"
    where = "this checkout's source" if here else f"the package installed in {Path(sys.prefix).name}"
    how = "COMPILED with mypyc" if compiled else "interpreted"
    return {"source": "checkout" if here else "installed", "compiled": compiled, "text": f"engine {how} ({where})"}


def _layout(tree: Path, into: Path) -> Path:
    pkg = into / "rulings"
    pkg.mkdir(parents=True)
    (pkg / "models").symlink_to(tree / "models")
    (pkg / "solver").symlink_to(tree / "solver")
    return into


def _start(pythonpath: Path, data: Path, repeats: int | str, keys: bool, part: str = "0/1") -> subprocess.Popen[str]:
    """One side in a subprocess; ``part`` "k/n": only every n-th case from the k-th."""
    env = {"PYTHONPATH": str(pythonpath), "PATH": "/usr/bin:/bin"}
    return subprocess.Popen([sys.executable, "-c", SNIPPET, str(data), str(repeats), "1" if keys else "0", part], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=str(pythonpath))


def _output(proc: subprocess.Popen[str]) -> Any:
    out, err = proc.communicate()
    if proc.returncode:
        raise RuntimeError(err.strip().splitlines()[-1] if err.strip() else f"exit {proc.returncode}")
    return json.loads(out.strip().splitlines()[-1])


def _result(proc: subprocess.Popen[str]) -> dict[str, float]:
    return dict(_output(proc))


def _same_rulings(here: Path, base: Path, data: Path) -> tuple[Path, int]:
    """The cases both sides rule with the same number of restorations, written next to
    ``data`` (a later reading of a clause changes some rulings since the baseline: those
    cases would time different work), and how many were left out."""
    mine = _output(_start(here, data, "counts", False))
    theirs = _output(_start(base, data, "counts", False))
    cases = json.loads(data.read_text())
    kept = [c for c, a, b in zip(cases, mine, theirs, strict=True) if a == b]
    same = data.with_name("same-rulings.json")
    same.write_text(json.dumps(kept))
    return same, len(cases) - len(kept)


def _time(pythonpath: Path, data: Path, repeats: int, keys: bool = False) -> dict[str, float]:
    return _result(_start(pythonpath, data, repeats, keys))


def _write_cases(n: int, into: Path) -> Path:
    from rulings.solver.generate import random_revoke_cases

    data = into / "cases.json"
    data.write_text(json.dumps(list(random_revoke_cases(n, seed=2026))))
    return data


def compare(commit: str = "ce7fd33", n: int = 2000, repeats: int = 5) -> dict[str, float | str]:
    """Cases per second for this checkout and for ``commit`` on the same cases, alternately;
    and this checkout on two processes at once. The current side is what this Python
    imports (:func:`engine`): this checkout's source through a layout of symlinks, or, run by
    the Python of a non-editable install (``.venv-fast/bin/python``), that installed package
    (compiled by ``make fast``); ``current_engine`` says which. The baseline is always
    interpreted."""
    tmp = Path(tempfile.mkdtemp(prefix="rulings-baseline-"))
    tree = tmp / "tree"
    try:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-f", str(tree), commit],
                       capture_output=True, check=True)
        base = _layout(tree, tmp / "base")
        timed = engine()
        if timed["source"] == "checkout":
            here = _layout(ROOT, tmp / "here")
        else:  # nothing ahead of the venv's site-packages: its installed (compiled) package is timed
            here = tmp / "installed"
            here.mkdir()
        data, left_out = _same_rulings(here, base, _write_cases(n, tmp))
        n -= left_out
        ours, theirs, ours_k, theirs_k, pairs, halves = [], [], [], [], [], []
        for _ in range(3):  # alternate, so drift in machine load hits both sides
            ours.append(_time(here, data, repeats))
            theirs.append(_time(base, data, repeats))
            ours_k.append(_time(here, data, repeats, keys=True))
            theirs_k.append(_time(base, data, repeats, keys=True))
            two = [_start(here, data, repeats, False) for _ in range(2)]
            results = [_result(p) for p in two]
            pairs.append(2 * n / max(r["seconds"] for r in results))
            split = [_start(here, data, repeats, False, f"{k}/2") for k in range(2)]
            results = [_result(p) for p in split]
            halves.append(n / max(r["seconds"] for r in results))
        # (only the cases both rule alike are timed: the same restorations on both sides)
        if ours[0]["leaves"] != theirs[0]["leaves"]:
            raise RuntimeError(f"the two sides found {ours[0]['leaves']} and {theirs[0]['leaves']} restorations")

        def med(rows: list[dict[str, float]], key: str) -> float:
            return statistics.median(r[key] for r in rows)

        one = med(ours, "cases_per_s")
        return {"baseline": commit, "current_engine": str(timed["text"]), "cases": n, "left_out": left_out, "restorations": ours[0]["leaves"], "baseline_restorations": theirs[0]["leaves"],
                "current_cases_per_s": one, "baseline_cases_per_s": med(theirs, "cases_per_s"),
                "ratio": one / med(theirs, "cases_per_s"),
                "current_keyed_cases_per_s": med(ours_k, "cases_per_s"),
                "baseline_keyed_cases_per_s": med(theirs_k, "cases_per_s"),
                "keyed_ratio": med(ours_k, "cases_per_s") / med(theirs_k, "cases_per_s"),
                "current_parse_us_per_case": med(ours, "parse_us_per_case"),
                "baseline_parse_us_per_case": med(theirs, "parse_us_per_case"),
                "two_process_cases_per_s": statistics.median(pairs),
                "two_over_one": statistics.median(pairs) / one,
                "two_process_split_cases_per_s": statistics.median(halves),
                "two_split_over_one": statistics.median(halves) / one}
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], capture_output=True)
        shutil.rmtree(tmp, ignore_errors=True)


def startup(runs: int = 7) -> dict[str, float]:
    """Median wall time of ``python -c pass``, ``rulings --help`` and ``rulings solve`` (the
    bundled case), each a fresh process of this venv's Python; and the ratios to the first.

    The package's bytecode is compiled first, as an installed package has it (pip compiles
    at install): a checkout run with PYTHONDONTWRITEBYTECODE would otherwise compile every
    edited module on every start and time the compiler. Then each command runs once, untimed,
    with bytecode writing allowed, as an installed package's first run: it leaves the data
    classes' compiled methods beside the bytecode (rulings.models.dataclass), which every
    later run reads instead of compiling them."""
    import compileall
    import os
    import time

    for part in ("models", "solver"):
        compileall.compile_dir(str(ROOT / part), quiet=1)

    def wall(argv: list[str]) -> float:
        times = []
        for _ in range(runs):
            t0 = time.perf_counter()
            subprocess.run(argv, capture_output=True, check=True)
            times.append(time.perf_counter() - t0)
        return statistics.median(times)

    cli = [sys.executable, "-c", "import sys; from rulings.solver.cli import main; sys.argv[0] = 'rulings'; main()"]
    first_run = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for argv in (["--help"], ["solve"]):
        subprocess.run([*cli, *argv], capture_output=True, check=True, env=first_run)
    bare = wall([sys.executable, "-c", "pass"])
    helps = wall([*cli, "--help"])
    solve = wall([*cli, "solve"])
    return {"python_s": bare, "help_s": helps, "solve_s": solve, "help_ratio": helps / bare, "solve_ratio": solve / bare}


if __name__ == "__main__":
    args = sys.argv[1:]
    print(engine()["text"])
    print(json.dumps(compare(args[0] if args else "ce7fd33", int(args[1]) if len(args) > 1 else 2000, 3), indent=2))
    print(json.dumps(startup(), indent=2))
