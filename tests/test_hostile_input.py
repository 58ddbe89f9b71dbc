"""Hostile case files: each class of input that once crashed the CLI, exhausted memory or ran
unbounded gives exit 1 with ``file:line: message naming the token`` (or, for a ruling past its
node budget, the partial result and exit 4). Time and memory are measured by
``benchmarks/hostile.py`` (``make bench``), not here."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulings.solver import verify as verify_module
from rulings.solver.cli import EXIT_BUDGET, EXIT_BUG, app

runner = CliRunner()
DEAL = "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"
BASE = f'deal: "{DEAL}"\ncontract: 4S\ndeclarer: S\nplay: [W DQ, N DA, E D4, S D7]\n'
RULINGS = Path(sys.executable).with_name("rulings")


def _run(tmp_path: Path, content: str | bytes, name: str = "case.yaml", *args: str) -> tuple[int, str, Path]:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_bytes(content.encode("utf-8", "surrogatepass"))
    res = runner.invoke(app, ["solve", *args, str(path)])
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    return res.exit_code, res.stderr + res.stdout, path


def located(tmp_path: Path, content: str | bytes, line: int, token: str, name: str = "case.yaml") -> str:
    code, out, path = _run(tmp_path, content, name)
    assert code == 1, out
    assert "Traceback" not in out
    assert f"{path}:{line}: " in out, out
    head = out.split(f"{path}:{line}: ", 1)[1].splitlines()[0]
    assert token in head, (token, out)
    return head


# ----- anchors, aliases, tags: refused before anything is expanded ---------------------------------
def test_alias_bomb_refused_at_its_first_anchor(tmp_path: Path) -> None:
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(7))
    located(tmp_path, "title: t\n" + bomb + BASE, 2, "&a")


def test_recursive_alias_refused(tmp_path: Path) -> None:
    located(tmp_path, BASE + "notes: &r [*r]\n", 5, "&r")


def test_alias_alone_refused(tmp_path: Path) -> None:
    located(tmp_path, BASE + "notes: *r\n", 5, "*r")


def test_custom_tag_refused(tmp_path: Path) -> None:
    located(tmp_path, BASE + "title: !!python/object:os.system x\n", 5, "python/object")
    located(tmp_path, "title: !custom x\n" + BASE, 1, "!custom")


# ----- sizes: nesting, text, numbers, the file itself ----------------------------------------------
def test_deep_nesting_refused_at_the_bracket(tmp_path: Path) -> None:
    located(tmp_path, BASE + "notes: " + "[" * 1500 + "]" * 1500 + "\n", 5, "[")
    located(tmp_path, '{"a":\n' + "[" * 5000 + "]" * 5000 + "}", 2, "[", name="case.json")


@pytest.mark.parametrize("where", ["trick", "won", "laws", "count", "play", "title"])
def test_integer_over_python_limit_is_located(tmp_path: Path, where: str) -> None:
    big = "7" * 4400
    text = {
        "trick": BASE + f"trick: {big}\n",
        "won": BASE + f"won: {{NS: {big}, EW: 0}}\n",
        "laws": BASE + f"laws: {big}\n",
        "count": BASE + f"expect:\n  - count {big}\n",
        "play": BASE.replace("S D7]", f"S D7, claim S {big}]"),
        "title": BASE + f"title: {big}\n",
    }[where]
    line = 1 + text[: text.index(big)].count("\n")
    assert "number too long" in located(tmp_path, text, line, "777")


def test_hex_integer_over_limit_is_located(tmp_path: Path) -> None:
    located(tmp_path, BASE + "trick: 0x" + "f" * 5000 + "\n", 5, "0xfff")


def test_dev_zero_is_refused_at_the_size_limit(tmp_path: Path) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero on this system")
    res = runner.invoke(app, ["solve", "/dev/zero"])
    assert res.exit_code == 1 and "/dev/zero:1: file too large" in res.stderr, res.output


def test_huge_file_refused_at_the_line_reaching_the_limit(tmp_path: Path) -> None:
    text = BASE + "notes: |\n" + "  abc abc abc abc abc abc abc abc abc abc\n" * 60_000
    code, out, path = _run(tmp_path, text)
    assert code == 1 and f"{path}:" in out and "file too large" in out, out
    line = int(out.split(f"{path}:", 1)[1].split(":", 1)[0])
    assert 20_000 < line < 30_000


def test_long_text_and_line_refused(tmp_path: Path) -> None:
    located(tmp_path, BASE + "title: " + "x" * 30_000 + "\n", 5, "xxx")


def test_too_many_values_refused(tmp_path: Path) -> None:
    located(tmp_path, BASE + "notes: [" + ", ".join(["1"] * 30_000) + "]\n", 5, "20000")


# ----- duplicate keys -------------------------------------------------------------------------------
def test_duplicate_key_yaml_names_both_lines(tmp_path: Path) -> None:
    assert "lines 3 and 5" in located(tmp_path, BASE + "declarer: N\n", 5, "declarer")


def test_duplicate_key_json_names_both_lines(tmp_path: Path) -> None:
    text = json.dumps({"deal": DEAL, "contract": "4S", "declarer": "S", "play": ["W DQ"]}, indent=1)
    text = text[:-2] + ',\n "contract": "3NT"\n}'
    line = text.count("\n")
    assert "lines 3 and" in located(tmp_path, text, line, "contract", name="case.json")


# ----- encodings and line breaks --------------------------------------------------------------------
def test_utf16_is_named_at_line_one(tmp_path: Path) -> None:
    located(tmp_path, (BASE + "title: é\n").encode("utf-16"), 1, "ff fe")


def test_utf16_without_bom_is_located(tmp_path: Path) -> None:
    located(tmp_path, (BASE + "title: é\n").encode("utf-16-le"), 1, "UTF-16")


def test_latin1_names_the_first_bad_line(tmp_path: Path) -> None:
    located(tmp_path, (BASE + "title: Cœur\nnotes: café\n").encode("latin-1", "replace"), 6, "e9")


def test_binary_file_is_located(tmp_path: Path) -> None:
    located(tmp_path, b"title: x\n" + bytes(range(256)) * 4, 2, "\\x00")


def test_nul_is_located(tmp_path: Path) -> None:
    located(tmp_path, BASE + "title: a\x00b\n", 5, "\\x00")


@pytest.mark.parametrize("sep", ["\u2028", "\u2029", "\x85"])
def test_unicode_line_separators_are_not_line_breaks(tmp_path: Path, sep: str) -> None:
    located(tmp_path, "title: a" + sep + "b\n" + BASE + "notes: x" + sep + "\n", 1, repr(sep))


def test_crlf_and_bom_keep_line_numbers(tmp_path: Path) -> None:
    text = "\ufefftitle: t\r\n" + BASE.replace("\n", "\r\n") + "bogus: 1\r\n"
    located(tmp_path, text, 6, "bogus")


def test_unclosed_bracket_located_where_it_opens(tmp_path: Path) -> None:
    located(tmp_path, "title: t\nplay: [W DQ, N DA,\n" + BASE.replace("play: [W DQ, N DA, E D4, S D7]\n", "notes: x\n"), 2, "[")


def test_unclosed_quote_located_where_it_opens(tmp_path: Path) -> None:
    located(tmp_path, BASE + 'title: "never closed\nnotes: x\n', 5, '"')


def test_lone_surrogate_escape_is_located(tmp_path: Path) -> None:
    located(tmp_path, BASE + 'title: "\\ud800"\n', 5, "ud800")


# ----- output never fails on a character the terminal cannot encode --------------------------------
def test_unencodable_title_is_replaced_and_said_once(tmp_path: Path) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(BASE + "title: Cœur ♠ ☃\n", encoding="utf-8")
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "NO_COLOR": "1"}
    res = subprocess.run([str(RULINGS), "solve", "--ascii", str(path)], capture_output=True, text=True, env=env,
                         errors="replace", check=False)
    assert res.returncode == 0, res.stderr
    assert "Traceback" not in res.stderr and "C?ur" in res.stdout
    assert res.stderr.count("could not be encoded") == 1


# ----- a crash is never an input error --------------------------------------------------------------
def test_a_bug_has_its_own_exit_code_and_names_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(BASE, encoding="utf-8")

    def broken(*_: object, **__: object) -> None:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr("rulings.solver.cli.Ruling", broken)
    res = runner.invoke(app, ["solve", str(path)])
    assert res.exit_code == EXIT_BUG and "internal error" in res.stderr and str(path) in res.stderr
    assert "ZeroDivisionError: boom" in res.stderr and "Traceback" not in res.output


def test_verify_reports_a_crashing_file_and_goes_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    good = BASE + "expect:\n  - count 1\n"
    for name in ("a.yaml", "b.yaml", "c.yaml"):
        (tmp_path / name).write_text(good, encoding="utf-8")
    real = verify_module.verify_case

    def flaky(case, budget=None):  # type: ignore[no-untyped-def]
        if case.file.endswith("b.yaml"):
            raise RecursionError("deep")
        return real(case, budget)

    monkeypatch.setattr(verify_module, "verify_case", flaky)
    res = runner.invoke(app, ["verify", str(tmp_path)])
    assert res.exit_code == EXIT_BUG, res.output
    assert f"CRASH {tmp_path / 'b.yaml'}" in res.output and "RecursionError" in res.output
    assert f"ok   {tmp_path / 'a.yaml'}" in res.output and f"ok   {tmp_path / 'c.yaml'}" in res.output
    assert "3 case files" in res.output


def test_generate_out_existing_file_is_a_clean_error(tmp_path: Path) -> None:
    target = tmp_path / "exists.txt"
    target.write_text("x")
    res = runner.invoke(app, ["generate", "2", "--out", str(target)])
    assert res.exit_code == 1 and "not a directory" in res.stderr


def test_huge_limit_is_a_usage_error(tmp_path: Path) -> None:
    res = runner.invoke(app, ["solve", "--limit", "99999999999999999999999"])
    assert res.exit_code == 2 and "--limit" in res.output
    res = runner.invoke(app, ["generate", "99999999999999999999999", "--out", str(tmp_path / "g")])
    assert res.exit_code == 2


# ----- a ruling with 2^k restorations stops at its budget ---------------------------------------------
def _exposures(k: int) -> str:
    east = ["S9", "S8", "S2", "HK", "HQ", "H6", "H5", "H4", "D6", "D5", "D4", "CQ", "C5"]
    west = ["SK", "S5", "HJ", "HT", "H9", "H8", "H7", "DQ", "DJ", "DT", "D9", "CA", "C6"]
    lines = [f"E exposes {c}" for c in east][: (k + 1) // 2] + [f"W exposes {c}" for c in west][: k // 2]
    return (f'deal: "{DEAL}"\ncontract: 4S\ndeclarer: S\nplay:\n' + "".join(f"  - {x}\n" for x in lines)
            + "  - attention N\n")


def test_exponential_ruling_stops_at_budget_with_partial_json(tmp_path: Path) -> None:
    path = tmp_path / "exposes.yaml"
    path.write_text(_exposures(26), encoding="utf-8")
    res = runner.invoke(app, ["solve", "--json", "--budget", "300", str(path)])
    assert res.exit_code == EXIT_BUDGET, res.output
    data = json.loads(res.stdout)
    assert data["budget"] == {"nodes": 300, "expanded": 300, "exhausted": True}
    assert data["count"] == len(data["restorations"]) > 0
    assert "stopped at the node budget" in res.stderr


def test_budget_large_enough_gives_the_complete_ruling(tmp_path: Path) -> None:
    path = tmp_path / "exposes.yaml"
    path.write_text(_exposures(4), encoding="utf-8")
    res = runner.invoke(app, ["solve", "--json", str(path)])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["count"] == 16 and data["budget"]["exhausted"] is False


def test_verify_counts_a_ruling_past_its_budget_as_failed(tmp_path: Path) -> None:
    path = tmp_path / "exposes.yaml"
    path.write_text(_exposures(12) + "expect:\n  - count 4096\n", encoding="utf-8")
    res = runner.invoke(app, ["verify", "--budget", "100", str(path)])
    assert res.exit_code == 1 and f"{path}:1: the ruling needs more than 100 expanded nodes" in res.output
