"""The build's one option: the engine compiled with mypyc, when ``RULINGS_MYPYC=1``.

pyproject.toml describes the package; this file adds nothing to it unless the environment
variable ``RULINGS_MYPYC`` is set to something other than ``0`` or the empty string. Unset
(``pip install -e .``, ``make run``, ``make test``), the build is pure Python and needs
neither mypy nor a C compiler.

Set (``make fast``: a non-editable ``pip install --no-build-isolation`` into ``.venv-fast``,
mypy installed there first), every module of ``models/`` and ``solver/`` is compiled but
``solver/testing/`` and those listed in ``[tool.rulings-mypyc] interpreted`` of
pyproject.toml (the one list: ``benchmarks/mypyc_build.py`` reads it too). The sources are
copied to ``build/mypyc/src/rulings/{models,solver}`` first, so that mypyc names each module
as installed (``rulings.solver.engine``); the C files and the extension modules stay under
``build/mypyc``, never beside the checkout's sources, and the wheel holds each compiled
module's source beside its extension module (the extension module is the one imported).
``MYPYC_OPT_LEVEL`` (default 3) is mypyc's.
"""

from __future__ import annotations

import os
import shutil
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
#: the environment variable that turns compilation on
FLAG = "RULINGS_MYPYC"
#: where a compiled build writes (relative to the checkout: pip builds a local tree in place)
BUILD = Path("build") / "mypyc"

MYPY_INI = """\
[mypy]
strict = True
namespace_packages = True
explicit_package_bases = True
mypy_path = {src}
cache_dir = {cache}

[mypy-constraint,constraint.*,endplay,endplay.*]
ignore_missing_imports = True
"""


def compile_requested(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether the environment asks for a compiled build (``RULINGS_MYPYC`` set, not ``0``)."""
    return environ.get(FLAG, "") not in ("", "0")


def interpreted(root: Path = ROOT) -> list[str]:
    """The modules a compiled build leaves interpreted (``[tool.rulings-mypyc]``)."""
    with open(root / "pyproject.toml", "rb") as f:
        names: list[str] = tomllib.load(f)["tool"]["rulings-mypyc"]["interpreted"]
    return names


def compiled_modules(root: Path = ROOT) -> list[str]:
    """The source files a compiled build compiles, relative to ``root`` (``solver/engine.py``)."""
    left = set(interpreted(root))
    found = []
    for part in ("models", "solver"):
        for path in (root / part).rglob("*.py"):
            rel = path.relative_to(root)
            if rel.as_posix() not in left and "testing" not in rel.parts and "__pycache__" not in rel.parts:
                found.append(rel.as_posix())
    return sorted(found)


def stage(root: Path, into: Path) -> list[str]:
    """Copy ``models/`` and ``solver/`` to ``into/rulings/``, write ``into/mypy.ini``, and
    return the copies of :func:`compiled_modules` (absolute paths)."""
    if into.exists():
        shutil.rmtree(into)
    pkg = into / "rulings"
    pkg.mkdir(parents=True)
    for part in ("models", "solver"):
        shutil.copytree(root / part, pkg / part, ignore=shutil.ignore_patterns("__pycache__"))
    (into / "mypy.ini").write_text(MYPY_INI.format(src=into, cache=into / ".mypy_cache"))
    return [str(pkg / rel) for rel in compiled_modules(root)]


#: the setuptools commands that build the package (the metadata steps, ``egg_info`` and
#: ``dist_info``, run this file too: they compile nothing)
BUILDS = frozenset({"bdist_wheel", "build", "build_ext", "install"})
#: an editable install would put the extension modules beside the checkout's sources
EDITABLE = frozenset({"editable_wheel", "develop"})


def ext_modules(environ: Mapping[str, str] = os.environ, root: Path = ROOT,
                commands: Sequence[str] = ("bdist_wheel",)) -> list[Any]:
    """The extension modules of a build running ``commands``: none unless
    :func:`compile_requested` and one of them builds the package."""
    if not compile_requested(environ):
        return []
    if EDITABLE & set(commands):
        raise SystemExit(f"{FLAG} is set: a compiled build is not editable (make fast installs it in .venv-fast)")
    if not BUILDS & set(commands):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as err:
        raise SystemExit(f"{FLAG} is set but mypyc cannot be imported ({err}): install mypy in this "
                         "environment and build with pip's --no-build-isolation") from None
    build = root / BUILD
    for old in build.glob("lib.*"):  # no extension module of an earlier build is packed again
        shutil.rmtree(old)
    files = stage(root, build / "src")
    print(f"{FLAG}: compiling {len(files)} modules with mypyc (about three CPU minutes)", flush=True)
    extensions: list[Any] = mypycify(["--config-file", str(build / "src" / "mypy.ini"), *files],
                                     opt_level=environ.get("MYPYC_OPT_LEVEL", "3"), debug_level="0",
                                     multi_file=False, target_dir=str(build / "c"))
    return extensions


if __name__ == "__main__":  # (setuptools runs this file as __main__; a test imports it)
    import sys

    from setuptools import setup

    extensions = ext_modules(commands=sys.argv[1:])
    if extensions:
        setup(ext_modules=extensions, options={"build": {"build_base": str(BUILD)}})
    else:
        setup()
