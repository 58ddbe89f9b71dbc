"""Hostile case files: each class is refused with ``file:line: message`` naming the token,
exit code 1, quickly and without building what the file tries to make us build; a bug in
the solver is never reported as an input error (exit 3), and ``verify`` goes on after it.

The CLI runs in a subprocess (the installed ``rulings`` entry point), as a user runs it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from rulings.solver import cli

RULINGS = str(Path(sys.executable).parent / "rulings")
GOOD = """title: a good case
laws: 2017
deal: "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"
contract: 4S
declarer: S
play: [W DQ, N DA, E D4, S D7, N SJ, E H4, S SA, W S5, attention E]
"""


def run(path: Path | str, *args: str) -> tuple[int, str, float]:
    t0 = time.perf_counter()
    res = subprocess.run([RULINGS, "solve", str(path), *args], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    return res.returncode, res.stderr + res.stdout, time.perf_counter() - t0


def write(tmp_path: Path, text: str | bytes, name: str = "case.yaml") -> Path:
    p = tmp_path / name
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(text, encoding="utf-8")
    return p


def located(out: str, path: Path, line: int) -> bool:
    return f"{path}:{line}:" in out and "Traceback" not in out


def test_alias_bomb_is_refused_before_expansion(tmp_path: Path) -> None:
    lines = ["a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9]"]
    lines += [f"{chr(97 + i)}: &{chr(97 + i)} [" + ", ".join([f"*{chr(96 + i)}"] * 9) + "]" for i in range(1, 9)]
    p = write(tmp_path, "\n".join(lines) + "\n")
    code, out, secs = run(p)
    assert code == 1 and located(out, p, 1) and "&a" in out
    assert secs < 5


def test_recursive_alias_is_refused(tmp_path: Path) -> None:
    p = write(tmp_path, "title: x\nplay: &r [*r]\n")
    code, out, _ = run(p)
    assert code == 1 and located(out, p, 2) and "&r" in out


def test_custom_tag_is_refused(tmp_path: Path) -> None:
    p = write(tmp_path, GOOD.replace("title: a good case", "title: !!python/object:os.system x"))
    code, out, _ = run(p)
    assert code == 1 and located(out, p, 1) and "tag" in out


def test_deep_nesting_is_refused(tmp_path: Path) -> None:
    p = write(tmp_path, "title: x\nplay: " + "[" * 2000 + "]" * 2000 + "\n")
    code, out, _ = run(p)
    assert code == 1 and located(out, p, 2) and "nesting" in out


@pytest.mark.parametrize("field", ["trick", "won_ns", "count"])
def test_huge_integer_is_refused(tmp_path: Path, field: str) -> None:
    big = "9" * 5000
    if field == "trick":
        text = GOOD + f"trick: {big}\n"
    elif field == "won_ns":
        text = GOOD + f"won: {{NS: {big}, EW: 0}}\n"
    else:
        text = GOOD + f"expect:\n  - count {big}\n"
    p = write(tmp_path, text)
    code, out, _ = run(p)
    assert code == 1 and "Traceback" not in out and "digits" in out and f"{p}:" in out


def test_duplicate_key_names_both_lines(tmp_path: Path) -> None:
    p = write(tmp_path, GOOD + "declarer: N\n")
    code, out, _ = run(p)
    assert code == 1 and located(out, p, 7) and "lines 5 and 7" in out


def test_file_too_large_is_not_read_to_the_end(tmp_path: Path) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero on this system")
    code, out, secs = run("/dev/zero")
    assert code == 1 and "larger than" in out and "Traceback" not in out
    assert secs < 10


@pytest.mark.parametrize("encoding", ["utf-16", "latin-1"])
def test_other_encodings_are_located(tmp_path: Path, encoding: str) -> None:
    p = write(tmp_path, ("title: Café à l'été\n" + GOOD.split("\n", 1)[1]).encode(encoding))
    code, out, _ = run(p)
    assert code == 1 and located(out, p, 1) and "UTF-8" in out


def test_binary_file_is_located(tmp_path: Path) -> None:
    p = write(tmp_path, b"title: x\n" + bytes(range(256)))
    code, out, _ = run(p)
    assert code == 1 and "Traceback" not in out and f"{p}:" in out


def test_bom_is_accepted(tmp_path: Path) -> None:
    p = write(tmp_path, b"\xef\xbb\xbf" + GOOD.encode())
    code, out, _ = run(p, "--json")
    assert code == 0, out


def test_unencodable_output_is_replaced_and_said_once(tmp_path: Path) -> None:
    p = write(tmp_path, GOOD)
    res = subprocess.run([RULINGS, "solve", str(p)], capture_output=True, timeout=60,
                         env={**os.environ, "PYTHONIOENCODING": "ascii"})
    assert res.returncode == 0, res.stderr
    assert b"Traceback" not in res.stderr
    assert res.stderr.count(b"replaced") == 1


def test_generate_into_an_existing_file_is_an_input_error(tmp_path: Path) -> None:
    f = write(tmp_path, "x")
    res = subprocess.run([RULINGS, "generate", "2", "--out", str(f)], capture_output=True, text=True, timeout=60)
    assert res.returncode == 1 and "not a directory" in res.stderr and "Traceback" not in res.stderr


def test_huge_limit_is_a_usage_error(tmp_path: Path) -> None:
    res = subprocess.run([RULINGS, "solve", "--limit", "9" * 30], capture_output=True, text=True, timeout=60)
    assert res.returncode == 2 and "Traceback" not in res.stderr


def test_a_crash_is_not_an_input_error_and_verify_goes_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug on one file (simulated) is reported as an internal error for that file, the
    other files are still verified, and the exit code is 3, not 1."""
    write(tmp_path, GOOD + "expect:\n  - count 21\n", "a-good.yaml")
    write(tmp_path, GOOD.replace("a good case", "the crashing one") + "expect:\n  - count 21\n", "b-crash.yaml")
    write(tmp_path, GOOD + "expect:\n  - count 21\n", "c-good.yaml")
    from rulings.solver import verify as verify_module

    real = verify_module.verify_case

    def flaky(case, *args, **kwargs):  # type: ignore[no-untyped-def]
        if case.title == "the crashing one":
            raise ZeroDivisionError("simulated bug")
        return real(case, *args, **kwargs)

    monkeypatch.setattr(verify_module, "verify_case", flaky)
    res = CliRunner().invoke(cli.app, ["verify", str(tmp_path)])
    assert res.exit_code == 3, res.output
    assert "CRASH" in res.output and "b-crash.yaml" in res.output and "ZeroDivisionError" in res.output
    assert res.output.strip().splitlines()[-1] == ("3 case files: 2 passed, 1 failed (1 internal error; their claims not checked); "
                                                "2 claims: 2 passed, 0 failed")


def test_a_huge_ruling_stops_at_its_budget(tmp_path: Path) -> None:
    """26 exposed cards with no facts: 2^26 restorations. The ruling stops at the node budget
    with a note, lists the first restorations, and says in the JSON how far it got."""
    import json

    hands = {"E": "982.KQ654.654.Q5", "W": "K5.JT987.QJT9.A6"}
    lines = [f"{seat} exposes {suit}{r}" for seat, hand in hands.items() for suit, ranks in zip("SHDC", hand.split("."), strict=True)
             for r in ranks]
    p = write(tmp_path, GOOD.split("play:")[0] + "play:\n" + "".join(f"  - {x}\n" for x in lines) + "  - attention S\n")
    res = subprocess.run([RULINGS, "solve", str(p), "--json", "--budget", "3000"], capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    assert "--budget" in res.stderr
    data = json.loads(res.stdout)
    assert data["budget"] == {"nodes": 3000, "expanded": 3000, "exhausted": True}
    assert data["found"] >= data["count"] > 0


# ----- each class once more, in process: the error names the RIGHT line and the token -----------------
runner = CliRunner()
app = cli.app
DEAL = "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"
BASE = f'deal: "{DEAL}"\ncontract: 4S\ndeclarer: S\nplay: [W DQ, N DA, E D4, S D7]\n'


def _run(tmp_path: Path, content: str | bytes, name: str = "case.yaml", *args: str) -> tuple[int, str, Path]:
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8", "surrogatepass"))
    res = runner.invoke(app, ["solve", *args, str(path)])
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    return res.exit_code, res.stderr + res.stdout, path


def located_at(tmp_path: Path, content: str | bytes, line: int, token: str, name: str = "case.yaml") -> str:
    """Exit 1, ``<path>:<line>: `` exactly, and the token in that message."""
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
    located_at(tmp_path, "title: t\n" + bomb + BASE, 2, "&a")


def test_recursive_alias_refused(tmp_path: Path) -> None:
    located_at(tmp_path, BASE + "notes: &r [*r]\n", 5, "&r")


def test_alias_alone_refused(tmp_path: Path) -> None:
    located_at(tmp_path, BASE + "notes: *r\n", 5, "*r")


def test_custom_tag_refused(tmp_path: Path) -> None:
    located_at(tmp_path, BASE + "title: !!python/object:os.system x\n", 5, "python/object")
    located_at(tmp_path, "title: !custom x\n" + BASE, 1, "!custom")


# ----- sizes: nesting, text, numbers, the file itself ----------------------------------------------
def test_deep_nesting_refused_at_the_bracket(tmp_path: Path) -> None:
    located_at(tmp_path, BASE + "notes: " + "[" * 1500 + "]" * 1500 + "\n", 5, "[")
    located_at(tmp_path, '{"a":\n' + "[" * 5000 + "]" * 5000 + "}", 2, "[", name="case.json")


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
    assert "number too long" in located_at(tmp_path, text, line, "777")


def test_hex_integer_over_limit_is_located(tmp_path: Path) -> None:
    located_at(tmp_path, BASE + "trick: 0x" + "f" * 5000 + "\n", 5, "0xfff")


def test_dev_zero_is_refused_at_the_size_limit(tmp_path: Path) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero on this system")
    res = runner.invoke(app, ["solve", "/dev/zero"])
    assert res.exit_code == 1 and "/dev/zero:1: file too large" in res.stderr, res.output


def test_huge_file_refused_at_the_line_reaching_the_limit(tmp_path: Path) -> None:
    text = BASE + "notes: |\n" + "  abc abc abc abc abc abc abc abc abc abc\n" * 120_000
    code, out, path = _run(tmp_path, text)
    assert code == 1 and f"{path}:" in out and "file too large" in out, out
    line = int(out.split(f"{path}:", 1)[1].split(":", 1)[0])
    assert 95_000 < line < 110_000


def test_long_text_and_line_refused(tmp_path: Path) -> None:
    located_at(tmp_path, BASE + "title: " + "x" * 30_000 + "\n", 5, "xxx")


def test_too_many_values_refused(tmp_path: Path) -> None:
    located_at(tmp_path, BASE + "notes: [" + ", ".join(["1"] * 30_000) + "]\n", 5, "20000")


# ----- duplicate keys -------------------------------------------------------------------------------
def test_duplicate_key_yaml_names_both_lines(tmp_path: Path) -> None:
    assert "lines 3 and 5" in located_at(tmp_path, BASE + "declarer: N\n", 5, "declarer")


def test_duplicate_key_json_names_both_lines(tmp_path: Path) -> None:
    text = json.dumps({"deal": DEAL, "contract": "4S", "declarer": "S", "play": ["W DQ"]}, indent=1)
    text = text[:-2] + ',\n "contract": "3NT"\n}'
    line = text.count("\n")
    assert "lines 3 and" in located_at(tmp_path, text, line, "contract", name="case.json")


# ----- encodings and line breaks --------------------------------------------------------------------
def test_utf16_is_named_at_line_one(tmp_path: Path) -> None:
    located_at(tmp_path, (BASE + "title: é\n").encode("utf-16"), 1, "ff fe")


def test_utf16_without_bom_is_located(tmp_path: Path) -> None:
    located_at(tmp_path, (BASE + "title: é\n").encode("utf-16-le"), 1, "UTF-16")


def test_latin1_names_the_first_bad_line(tmp_path: Path) -> None:
    located_at(tmp_path, (BASE + "title: Cœur\nnotes: café\n").encode("latin-1", "replace"), 6, "e9")


def test_binary_file_names_the_line_of_its_first_nul(tmp_path: Path) -> None:
    located_at(tmp_path, b"title: x\n" + bytes(range(256)) * 4, 2, "\\x00")


def test_nul_is_located(tmp_path: Path) -> None:
    located_at(tmp_path, BASE + "title: a\x00b\n", 5, "\\x00")


@pytest.mark.parametrize("sep", ["\u2028", "\u2029", "\x85"])
def test_unicode_line_separators_are_not_line_breaks(tmp_path: Path, sep: str) -> None:
    located_at(tmp_path, "title: a" + sep + "b\n" + BASE + "notes: x" + sep + "\n", 1, repr(sep))


def test_crlf_and_bom_keep_line_numbers(tmp_path: Path) -> None:
    text = "\ufefftitle: t\r\n" + BASE.replace("\n", "\r\n") + "bogus: 1\r\n"
    located_at(tmp_path, text, 6, "bogus")


def test_unclosed_bracket_located_where_it_opens(tmp_path: Path) -> None:
    located_at(tmp_path, "title: t\nplay: [W DQ, N DA,\n" + BASE.replace("play: [W DQ, N DA, E D4, S D7]\n", "notes: x\n"), 2, "[")


def test_unclosed_quote_located_where_it_opens(tmp_path: Path) -> None:
    located_at(tmp_path, BASE + 'title: "never closed\nnotes: x\n', 5, '"')


def test_lone_surrogate_escape_is_located(tmp_path: Path) -> None:
    located_at(tmp_path, BASE + 'title: "\\ud800"\n', 5, "ud800")


# ----- a ruling with 2^k restorations stops at its budget ---------------------------------------------
def _exposures(k: int) -> str:
    east = ["S9", "S8", "S2", "HK", "HQ", "H6", "H5", "H4", "D6", "D5", "D4", "CQ", "C5"]
    west = ["SK", "S5", "HJ", "HT", "H9", "H8", "H7", "DQ", "DJ", "DT", "D9", "CA", "C6"]
    lines = [f"E exposes {c}" for c in east][: (k + 1) // 2] + [f"W exposes {c}" for c in west][: k // 2]
    return (f'deal: "{DEAL}"\ncontract: 4S\ndeclarer: S\nplay:\n' + "".join(f"  - {x}\n" for x in lines)
            + "  - attention N\n")


def test_exponential_graph_stops_at_budget(tmp_path: Path) -> None:
    path = tmp_path / "exposes.yaml"
    path.write_text(_exposures(26), encoding="utf-8")
    res = runner.invoke(app, ["solve", "--budget", "300", "--graph", str(tmp_path / "g.json"), "--limit", "5", str(path)])
    assert res.exit_code == 0, res.output
    graph = json.loads((tmp_path / "g.json").read_text())
    assert 0 < len(graph["nodes"]) <= 300 * 3


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


def test_verify_workers_take_the_budget(tmp_path: Path) -> None:
    for name in ("a.yaml", "b.yaml"):
        (tmp_path / name).write_text(_exposures(12) + "expect:\n  - count 4096\n", encoding="utf-8")
    res = runner.invoke(app, ["verify", "-j", "2", "--budget", "100", str(tmp_path)])
    assert res.exit_code == 1, res.output
    assert res.output.count("the ruling needs more than 100 expanded nodes") == 2


def test_board_file_is_read_bounded(tmp_path: Path) -> None:
    """A PBN/LIN path that never ends (/dev/zero) is refused at the size limit, not read to the end."""
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero on this system")
    # the PBN/LIN reader needs endplay: without it the file is refused before it is read
    pytest.importorskip("endplay.parsers", reason="endplay (the dds extra) is not installed: no PBN/LIN reader")
    from rulings.models.boardfile import load_boards
    from rulings.models.errors import RulingError

    link = tmp_path / "zero.pbn"
    link.symlink_to("/dev/zero")
    try:
        load_boards(link)
    except RulingError as err:
        assert f"{link}:1: file too large" in str(err)
    else:
        raise AssertionError("/dev/zero was read as boards")


# ----- files of other kinds given where a case file is read -----------------------------------------
def _verify(tmp_path: Path, content: str, name: str) -> tuple[int, str, Path]:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    res = runner.invoke(app, ["verify", str(path)])
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    return res.exit_code, res.output, path


@pytest.mark.parametrize("name, content, words", [
    ("boards.pbn", '% PBN 2.1\r\n[Event "club"]\r\n[Board "1"]\r\n', "rulings solve FILE --board N"),
    ("board.lin", "pn|a,b,c,d|st||md|3SA,H,D,C|\n", "LIN pair md: West's hand 'H' does not start with S")])
def test_board_file_given_to_verify_names_the_commands_that_read_it(tmp_path: Path, name: str, content: str,
                                                                    words: str) -> None:
    """A PBN or LIN file given to verify is read game by game (a PBN game's claims are its
    ExpectTable section): a game that cannot be read fails at its line; a file with no game to
    check is an error at its first line saying which commands read its boards."""
    code, out, path = _verify(tmp_path, content, name)
    assert code == 1 and "Traceback" not in out
    assert f"{path}:1: " in out and words in out, out


def test_test_set_given_to_verify_is_verified_record_by_record(tmp_path: Path) -> None:
    """A test set (generate --format jsonl or yaml: records with an 'id' and a 'case') given
    to verify by name is read record by record, in a .jsonl file as in a .yaml one, each
    record named FILE#ID; a record with no case mapping is a failed record naming what it
    lacks, at its line, with no traceback."""
    record = json.dumps({"id": "revoke-0-0000", "case": yaml.safe_load(BASE)}) + "\n"
    for name in ("set.jsonl", "set.yaml"):
        code, out, path = _verify(tmp_path, record, name)
        assert code == 0 and f"ok   {path}#revoke-0-0000: 0 claims" in out, out
    code, out, path = _verify(tmp_path, json.dumps({"id": "a"}) + "\n", "other.jsonl")
    assert code == 1 and "Traceback" not in out, out
    assert f"FAIL {path}#a: error: {path}:1: record 'a': 'case' is missing: expected the case mapping" in " ".join(out.split()), out
