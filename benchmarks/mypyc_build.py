"""Compile the engine with mypyc, outside the source tree (an experiment, not the install).

``python benchmarks/mypyc_build.py [OUT]`` copies ``models/`` and ``solver/`` to
``OUT/rulings/{models,solver}`` (default ``/tmp/mypyc-build``), compiles there the modules
the installed compiled build (``make fast``) compiles: every module but ``solver/testing/``
and those of ``[tool.rulings-mypyc] interpreted`` in pyproject.toml (the one list, read by
``setup.py``, whose :func:`stage` this script uses), and leaves the extension modules beside
the copied sources. Run the compiled package with ``PYTHONPATH=OUT`` ahead of the venv's
site-packages (the installed ``rulings`` is then shadowed by the copy); a checkout under edit never sees
the ``.so`` files. ``MYPYC_OPT_LEVEL`` (default 3) is mypyc's.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def build_script() -> ModuleType:
    """``setup.py`` as a module (its ``setup()`` runs only as ``__main__``)."""
    spec = importlib.util.spec_from_file_location("rulings_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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
    staged = build_script().stage(ROOT, out)
    files = sorted(str(Path(f).relative_to(out)) for f in staged)
    (out / "setup.py").write_text(SETUP.format(opt=os.environ.get("MYPYC_OPT_LEVEL", "3")))
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "setup.py", ",".join(["--config-file", "mypy.ini", *files]), "build_ext", "--inplace"],
                   cwd=out, check=True)
    print(f"compiled {len(files)} modules in {time.perf_counter() - t0:.0f} s into {out}")


if __name__ == "__main__":
    main()
