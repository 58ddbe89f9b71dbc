"""Start-up of the ``rulings`` command: what it imports, and the plain parameter coercion
(rulings.solver.cliparams) giving the same values and the same errors as typer's own."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
import typer.main
from typer._coercion import build_runtime_param

from rulings.solver import cliparams
from rulings.solver.cli import app

ROOT = Path(__file__).resolve().parents[1]


def _modules_after(*argv: str) -> set[str]:
    """The modules a fresh ``rulings ARGV`` process has imported when it exits."""
    code = ("import sys\nfrom rulings.solver.cli import main\nsys.argv = ['rulings', *sys.argv[1:]]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "sys.stderr.write('\\nMODULES ' + ' '.join(sorted(sys.modules)) + '\\n')")
    done = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, cwd=ROOT, timeout=120)
    line = [x for x in done.stderr.splitlines() if x.startswith("MODULES ")][-1]
    return set(line.split()[1:])


def test_help_imports_no_engine_no_yaml_no_rich_no_pydantic() -> None:
    mods = _modules_after("--help")
    assert not {m for m in mods if m.split(".")[0] in ("pydantic", "yaml", "rich", "networkx")}
    assert not {m for m in mods if m.startswith(("rulings.solver.engine", "rulings.solver.rulesets", "rulings.models"))}


def test_solve_imports_no_pydantic_and_no_export() -> None:
    mods = _modules_after("solve")
    assert "rulings.solver.ruling" in mods  # it did solve
    assert not {m for m in mods if m.split(".")[0] == "pydantic"}
    assert "rulings.solver.export" not in mods and "networkx" not in mods
    # the bundled case has none of their record lines (catalog.ON_LINES)
    assert not {f"rulings.solver.rulesets.{f}" for f in ("misinformation", "dummy_misplay", "designation", "exposure")} & mods


def _params() -> list[Any]:
    group = typer.main.get_command(app)
    out = []
    for name, command in group.commands.items():  # type: ignore[attr-defined]
        for p in command.params:
            if hasattr(p, "type_descriptor"):
                out.append(pytest.param(p, id=f"{name}-{p.name}"))
    return out


SAMPLES: tuple[object, ...] = (
    None, "", "0", "1", "7", "-1", "+3", " 5", "5 ", "1_000", "abc", "2.5", "١٢", "99999999999999999999999",
    "256", "257", "100000", "100001", "true", "false", True, False, 0, 1, 50000, -4,
    "2017", "2007", "2099", "revoke", "Revoke", "mixed", "x\x00y", "-", "cases", "cases/revoke", "no/such/file.yaml",
    ("cases", "README.md"), ["a.yaml"], (), "generated",
)


def _outcome(runtime: Any, param: Any, value: object) -> tuple[str, object]:
    ctx = typer.Context(typer.main.get_command(app))
    try:
        return ("ok", runtime.coerce(value, param=param, ctx=ctx))
    except Exception as err:  # the message typer shows
        return (type(err).__name__, str(getattr(err, "message", err)))


@pytest.mark.parametrize("param", _params())
def test_plain_coercion_is_typers(param: Any) -> None:
    """Every parameter of every command, on sample values (plain, bad, out of bounds,
    already typed): the same value, or the same error, as typer's own coercion."""
    assert cliparams.install()
    ours = param.get_runtime_param()
    theirs = build_runtime_param(param.type_descriptor)
    for value in SAMPLES:
        assert _outcome(ours, param, value) == _outcome(theirs, param, value), (param.name, value)


def test_the_cycle_collector_is_on_after_loading() -> None:
    """The CLI pauses the cycle collector only while modules load: importing it (a library
    user, a test) and running a command leave it on, nothing frozen, and what was loaded in
    the oldest generation (a young collection does not walk it)."""
    young = "sum(len(gc.get_objects(g)) for g in (0, 1))"
    code = ("import gc, sys\nimport rulings.solver.cli as cli\nassert gc.isenabled(), 'after import'\n"
            f"assert {young} < 2000, ('young after import', {young})\n"
            "with cli._loading():\n    assert not gc.isenabled()\n    import rulings.solver.render\n"
            "assert gc.isenabled(), 'after loading'\n"
            f"assert {young} < 2000, ('young after loading', {young})\nassert gc.get_freeze_count() == 0\n"
            "from typer.testing import CliRunner\nassert CliRunner().invoke(cli.app, ['solve', '--json']).exit_code == 0\n"
            "assert gc.isenabled(), 'after solve'\nprint('ok')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.stdout.strip() == "ok", done.stderr


def test_the_non_printable_pattern_is_yamls_set() -> None:
    """casefile's pattern of the characters YAML refuses matches exactly the code points
    PyYAML's own pattern (its text compiled afresh) matches."""
    import re

    from rulings.solver import casefile

    every = "".join(map(chr, range(sys.maxunicode + 1)))
    re.purge()  # PyYAML's text compiled here, not the pattern casefile placed under it
    theirs = re.compile(casefile._YAML_NON_PRINTABLE)
    assert theirs is not casefile._NON_PRINTABLE
    assert casefile._NON_PRINTABLE.findall(every) == theirs.findall(every)


def test_yamls_reader_shares_the_non_printable_pattern() -> None:
    """Loaded after rulings.solver.casefile, PyYAML's reader has casefile's pattern (its own
    text is the one casefile names), so its import compiles nothing."""
    code = ("import rulings.solver.casefile as c, yaml.reader\n"
            "print(yaml.reader.Reader.NON_PRINTABLE is c._NON_PRINTABLE)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.stdout.strip() == "True", done.stderr


def test_the_clause_book_reads_what_the_csv_module_reads() -> None:
    """clauses.tsv read by splitting its lines at tabs gives the rows the csv module gives
    (the file has no quoting, so nothing differs)."""
    import csv

    from rulings.solver.clauses import ClauseBook, package_text

    rows = list(csv.DictReader(package_text("data/clauses.tsv").splitlines(), delimiter="\t"))
    book = ClauseBook.load()
    read = sorted((c.id, c.edition, c.title, c.effect) for clauses in book._by_id.values() for c in clauses)
    assert read == sorted((r["id"], r["editions"], r["title"], r["effect"]) for r in rows)
    assert len(read) == len(rows)


def test_a_named_command_is_made_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """``rulings NAME ...`` has the group made with that command alone (each command typer
    makes, by the name typer gives it); no command, an option first or a misspelt name keep
    them all; the commands are all back afterwards."""
    from rulings.solver import cli

    names = sorted(typer.main.get_command(app).commands)  # type: ignore[attr-defined]
    assert len(names) > 1
    for name in names:
        monkeypatch.setattr(sys, "argv", ["rulings", name, "--help"])
        with cli._named_command_only():
            assert sorted(typer.main.get_command(app).commands) == [name]  # type: ignore[attr-defined]
        assert sorted(typer.main.get_command(app).commands) == names  # type: ignore[attr-defined]
    for argv in ([], ["--help"], ["--version"], ["sovle"], ["-"]):
        monkeypatch.setattr(sys, "argv", ["rulings", *argv])
        with cli._named_command_only():
            assert sorted(typer.main.get_command(app).commands) == names  # type: ignore[attr-defined]
