"""Compile the engine with mypyc, outside the source tree (an experiment, not the install).

``python benchmarks/mypyc_build.py [OUT]`` copies ``models/`` and ``solver/`` to
``OUT/rulings/{models,solver}`` (default ``/tmp/mypyc-build``), compiles there every module
but those listed in :data:`INTERPRETED`, and leaves the extension modules beside the copied
sources. Run the compiled package with ``PYTHONPATH=OUT`` ahead of the venv's site-packages
(the installed ``rulings`` is then shadowed by the copy); a checkout under edit never sees
the ``.so`` files. ``MYPYC_OPT_LEVEL`` (default 3) is mypyc's.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: modules left interpreted: the data-class decorator (writes methods at run time) and
#: ``compiled`` (what mypyc reads, by name), the card (an ``int`` subclass: not a native
#: class), the errors (more than one base), the board-file reader (a nested class), the rule
#: catalog (a module ``__getattr__``: mypyc calls it before the module is set up), and what
#: is not the engine: reading files, the command line, output, the generators, endplay
INTERPRETED = {
    "models/dataclass.py",
    "models/compiled.py",
    "models/errors.py",
    "models/cards.py",
    "models/boardfile.py",
    "solver/cli.py",
    "solver/cliparams.py",
    "solver/dds.py",
    "solver/parallel.py",
    "solver/rulesets/catalog.py",
    "solver/casefile.py",
    "solver/render.py",
    "solver/export.py",
    "solver/junit.py",
    "solver/verify.py",
    "solver/summary.py",
    "solver/testsets.py",
    "solver/coverage.py",
    "solver/readsets.py",
    "solver/score.py",
    "solver/generate.py",
    "solver/generate_mixed.py",
}

SETUP = """\
import sys
from setuptools import setup
from mypyc.build import mypycify

files = sys.argv.pop(1).split(",")
setup(name="rulings-compiled", ext_modules=mypycify(files, opt_level="{opt}", debug_level="0",
      verbose=False, multi_file=False))
"""


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/mypyc-build")
    if out.exists():
        shutil.rmtree(out)
    pkg = out / "rulings"
    pkg.mkdir(parents=True)
    for name in ("models", "solver"):
        shutil.copytree(ROOT / name, pkg / name, ignore=shutil.ignore_patterns("__pycache__"))
    files = sorted(
        str(p.relative_to(out))
        for p in pkg.rglob("*.py")
        if str(p.relative_to(pkg)) not in INTERPRETED and "testing" not in p.parts
    )
    (out / "setup.py").write_text(SETUP.format(opt=os.environ.get("MYPYC_OPT_LEVEL", "3")))
    (out / "mypy.ini").write_text("[mypy]\nstrict = True\npython_version = 3.11\nnamespace_packages = True\n"
                                  "explicit_package_bases = True\n"
                                  "[mypy-constraint,constraint.*,endplay,endplay.*]\nignore_missing_imports = True\n")
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "setup.py", ",".join(files), "build_ext", "--inplace"], cwd=out, check=True,
                   env={**os.environ, "MYPY_CONFIG_FILE_DIR": str(out)})
    print(f"compiled {len(files)} modules in {time.perf_counter() - t0:.0f} s into {out}")


if __name__ == "__main__":
    main()
