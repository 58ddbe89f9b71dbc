"""setup.py: a plain build compiles nothing; a compiled build (``make fast``) compiles the
engine and leaves the modules of ``[tool.rulings-mypyc] interpreted`` interpreted."""

from __future__ import annotations

import ast
import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _setup_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rulings_setup_under_test", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # not __main__: setup() does not run
    return module


def test_a_plain_build_has_no_extension_modules() -> None:
    setup = _setup_module()
    for environ in ({}, {"RULINGS_MYPYC": ""}, {"RULINGS_MYPYC": "0"}, {"PATH": "/usr/bin"}):
        assert not setup.compile_requested(environ)
        assert setup.ext_modules(environ) == []
    assert setup.compile_requested({"RULINGS_MYPYC": "1"})
    assert setup.ext_modules({"RULINGS_MYPYC": "1"}, commands=["dist_info", "--output-dir", "x"]) == []
    with pytest.raises(SystemExit, match="not editable"):
        setup.ext_modules({"RULINGS_MYPYC": "1"}, commands=["editable_wheel"])


def test_a_plain_build_needs_no_mypyc() -> None:
    """Without the variable setup.py never imports mypyc (a fresh machine has no mypy)."""
    code = ("import importlib.util, sys\n"
            f"spec = importlib.util.spec_from_file_location('s', {str(ROOT / 'setup.py')!r})\n"
            "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)\n"
            "assert m.ext_modules({}) == []\n"
            "assert not any(n == 'mypyc' or n.startswith(('mypyc.', 'mypy.')) for n in sys.modules), sorted(sys.modules)\n")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_the_compiled_modules_are_the_engine_and_the_list_names_real_modules() -> None:
    setup = _setup_module()
    left = setup.interpreted()
    assert len(left) == len(set(left))
    for rel in left:
        assert (ROOT / rel).is_file(), rel
    compiled = setup.compiled_modules()
    assert not set(compiled) & set(left)
    assert {"solver/engine.py", "solver/ruling.py", "models/table.py", "solver/rulesets/revoke.py"} <= set(compiled)
    assert not [f for f in compiled if f.startswith("solver/testing/")]
    every = {p.relative_to(ROOT).as_posix() for part in ("models", "solver") for p in (ROOT / part).rglob("*.py")
             if "__pycache__" not in p.parts and "testing" not in p.relative_to(ROOT).parts}
    assert set(compiled) | set(left) == every


def test_the_experiment_script_reads_the_same_list() -> None:
    spec = importlib.util.spec_from_file_location("rulings_mypyc_build", ROOT / "benchmarks" / "mypyc_build.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.build_script().compiled_modules() == _setup_module().compiled_modules()


def _attributes_set_on_functions(source: str) -> list[str]:
    """``f.x = ...`` at module level, where ``f`` is a function the module defines."""
    tree = ast.parse(source)
    functions = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    return [f"{t.value.id}.{t.attr}" for n in tree.body if isinstance(n, ast.Assign) for t in n.targets
            if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id in functions]


def test_no_compiled_module_sets_an_attribute_on_its_function() -> None:
    """A function mypyc compiles takes no attribute: setting one (``get_ruleset.cache_clear =
    ...``) fails when the compiled module is imported, and ``make fast`` then falls back to
    pure Python. CI builds nothing compiled, so this reads the sources."""
    assert _attributes_set_on_functions("def f():\n    pass\n\n\nf.cache_clear = None\n") == ["f.cache_clear"]
    found = {name: hits for name in _setup_module().compiled_modules()
             if (hits := _attributes_set_on_functions((ROOT / name).read_text(encoding="utf-8")))}
    assert not found, found
