"""Coverage-guided fuzzing of the loader and the engine with atheris (libFuzzer).

Run: ``python tests/fuzz_atheris.py -atheris_runs=N`` (seeded with the case corpus). Any
traceback, unlocated or mislocated error is a crash: atheris prints the input and exits 1.
"""

from __future__ import annotations

import sys
from pathlib import Path

import atheris

with atheris.instrument_imports():
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import yaml  # noqa: F401
    from fuzz_hostile import check, corpus

    import rulings.solver.casefile
    import rulings.solver.ruling  # noqa: F401


def target(data: bytes) -> None:
    verdict = check(data)
    if verdict is not None:
        raise AssertionError(verdict + "\ninput: " + repr(data[:500]))


def main() -> None:
    import atexit
    import shutil
    import tempfile

    seeds = tempfile.mkdtemp(prefix="rulings-atheris-")
    atexit.register(shutil.rmtree, seeds, True)
    for i, text in enumerate(corpus()[:60]):
        Path(seeds, f"seed{i}.yaml").write_text(text, encoding="utf-8")
    atheris.Setup([*sys.argv, seeds], target)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
