"""Decision switches (docs/decisions.md) in PBN and LIN boards (docs/pbn-lin.md): the
supplemental tag ``[Decisions "NAME=off"]`` and the LIN field ``nt|bridge-rulings Decisions
NAME=off|``, written by ``solve --pbn|--lin`` and ``generate --format pbn|lin``, read back
into the case's decisions (the command line's ``--decision`` still winning), and a switch
that does not exist refused at the tag's line."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

pytest.importorskip("endplay", reason="endplay (the 'dds' extra) is not installed")

from rulings.models.boardfile import PBN_HEADER, board_case
from rulings.solver.cli import app
from rulings.solver.testsets import record, serialize

sys.path.insert(0, str(Path(__file__).resolve().parent))
from readback import solved_board

runner = CliRunner()
CASES = Path(__file__).resolve().parents[1] / "cases"
THREE = CASES / "leads" / "seed003-57-premature-play-three-options.yaml"  # sets the switch off: 5 (the default: 8)
SWITCH = "premature_play_require_other_suit"


def _json(args: list[str]) -> dict[str, Any]:
    res = runner.invoke(app, args)
    assert res.exit_code == 0, res.output
    data: dict[str, Any] = json.loads(res.stdout)
    return data


def _ruled(data: dict[str, Any]) -> tuple[Any, ...]:
    """What a ruling decides, without what names its source (title, file, lines)."""
    return (data["ruleset"], data["decisions"], data["count"], data["irregularities"],
            [(r["path"], r["tricks"], r["withdrawn"], r["penalty_cards"], r["restrictions"]) for r in data["restorations"]])


def _three_pbn(tmp_path: Path, *, markers: bool = True) -> Path:
    """The case THREE written as a PBN game of a test set (``generate --format pbn`` writes each record so)."""
    mapping = yaml.safe_load(THREE.read_text(encoding="utf-8"))
    mapping.pop("expect")
    out = tmp_path / "three.pbn"
    out.write_text(PBN_HEADER + serialize(record("three", mapping, True), "pbn" if markers else "pbn-plain", 1), encoding="ascii")
    return out


def test_a_pbn_game_carries_the_switch_and_reads_back_under_it(tmp_path: Path) -> None:
    out = _three_pbn(tmp_path)
    text = out.read_bytes().decode("ascii")
    assert f'\r\n[Decisions "{SWITCH}=off"]\r\n' in text
    assert f"{{Expected ruling (Laws 2017; decisions {SWITCH} off): 5 restoration(s)." in text
    expected = _json(["solve", str(THREE), "--json"])
    read = _json(["solve", str(out), "--attention", "S", "--json"])
    assert read["decisions"] == {SWITCH: False} and read["count"] == 5
    assert _ruled(read) == _ruled(expected)
    # the command line wins over the file, as over a case file's field
    turned = _json(["solve", str(out), "--attention", "S", "--json", "--decision", f"{SWITCH}=on"])
    assert turned["decisions"] == {} and turned["count"] == 8
    said = runner.invoke(app, ["solve", str(out), "--attention", "S"])
    assert said.exit_code == 0 and f"{SWITCH} off (Decisions tag, line 22)" in " ".join(said.output.split())
    # rulings new writes the switch in the case's decisions field
    made = runner.invoke(app, ["new", str(out), "--attention", "S"])
    assert made.exit_code == 0, made.output
    assert yaml.safe_load(made.stdout)["decisions"] == {SWITCH: False}


def test_endplay_reads_a_game_with_the_tag(tmp_path: Path) -> None:
    from endplay.parsers import pbn

    out = _three_pbn(tmp_path, markers=False)
    (board,) = pbn.loads(out.read_bytes().decode("ascii"))
    assert board.info["Decisions"] == f"{SWITCH}=off"
    assert board.deal.to_pbn() == board_case(out, 1)["deal"]


def test_a_lin_board_carries_the_switch_and_reads_back_under_it(tmp_path: Path) -> None:
    out = tmp_path / "three.lin"
    res = runner.invoke(app, ["solve", str(THREE), "--lin", str(out)])
    assert res.exit_code == 0, res.output
    text = out.read_text(encoding="utf-8")
    assert f"|nt|bridge-rulings Decisions {SWITCH}=off|" in text
    assert f"|nt|Expected ruling (Laws 2017; decisions {SWITCH} off): 5 restoration(s)." in text
    read = _json(["solve", str(out), "--attention", "S", "--json"])
    assert _ruled(read) == _ruled(_json(["solve", str(THREE), "--json"]))
    assert _json(["solve", str(out), "--attention", "S", "--json", "--decision", f"{SWITCH}=on"])["count"] == 8
    # the switch given on the command line only is written too
    plain = tmp_path / "plain.lin"
    res = runner.invoke(app, ["solve", str(CASES / "leads" / "seed003-57-premature-play-options.yaml"), "--lin", str(plain),
                              "--decision", f"{SWITCH}=off"])
    assert res.exit_code == 0, res.output
    assert f"|nt|bridge-rulings Decisions {SWITCH}=off|" in plain.read_text(encoding="utf-8")
    assert _json(["solve", str(plain), "--attention", "S", "--json"])["count"] == 5


def test_solve_pbn_writes_the_switches_it_ruled_under(tmp_path: Path) -> None:
    out = tmp_path / "r.pbn"
    res = runner.invoke(app, ["solve", str(THREE), "--pbn", str(out), "--decision", "revoke-transfer-capped=off"])
    assert res.exit_code == 0, res.output
    text = out.read_bytes().decode("ascii")
    assert text.count(f'[Decisions "revoke_transfer_capped=off {SWITCH}=off"]') == 5
    assert f"(Laws 2017; decisions revoke_transfer_capped off, {SWITCH} off)}}" in text


@pytest.mark.parametrize("fmt", ["pbn", "lin"])
def test_generate_writes_the_switch_and_its_games_read_back_to_the_expected_ruling(fmt: str, tmp_path: Path) -> None:
    board_out, jsonl_out = tmp_path / f"set.{fmt}", tmp_path / "set.jsonl"
    for out in (board_out, jsonl_out):
        res = runner.invoke(app, ["generate", "6", "--kind", "revoke", "--full-hand", "--with-ruling", "--out", str(out),
                                  "--no-progress", "--decision", "revoke_transfer_capped=off"])
        assert res.exit_code == 0, res.output
    records = [json.loads(line) for line in jsonl_out.read_text(encoding="utf-8").splitlines()]
    text = board_out.read_text(encoding="utf-8")
    said = '[Decisions "revoke_transfer_capped=off"]' if fmt == "pbn" else "|nt|bridge-rulings Decisions revoke_transfer_capped=off|"
    assert text.count(said) == len(records) == 6
    assert text.count("Expected ruling (Laws 2017; decisions revoke_transfer_capped off)") == 6
    checked = 0
    for board, rec in enumerate(records, start=1):
        assert rec["ruling"]["decisions"] == {"revoke_transfer_capped": False}
        *cards, last = rec["case"]["play"]
        if last.startswith("attention ") and all(len(line.split()) == 2 for line in cards):  # (what a board gives back whole)
            assert _ruled(solved_board(board_out, board, rec)) == _ruled(rec["ruling"]), board
            checked += 1
    assert checked >= 3


def test_an_exhaustive_set_from_a_case_carries_its_switch(tmp_path: Path) -> None:
    out = tmp_path / "ex.pbn"
    res = runner.invoke(app, ["generate", "3", "--exhaustive", "--kind", "lead", "--from", str(THREE), "--format", "pbn",
                              "--out", str(out), "--no-progress"])
    assert res.exit_code == 0, res.output
    assert out.read_bytes().decode("ascii").count(f'[Decisions "{SWITCH}=off"]') == 3
    assert _json(["solve", str(out), "--board", "2", "--json"])["decisions"] == {SWITCH: False}


@pytest.mark.parametrize(("old", "new", "token", "words"), [
    (f"{SWITCH}=off", f"{SWITCH}=off no_such_switch=on", "no_such_switch", "unknown decision switch 'no_such_switch'"),
    (f"{SWITCH}=off", "revoke_transfer_caped=off", "revoke_transfer_caped", "did you mean revoke_transfer_capped?"),
    (f"{SWITCH}=off", f"{SWITCH}=maybe", f"{SWITCH}=maybe", "expected NAME=on or NAME=off"),
    (f"{SWITCH}=off", f"{SWITCH}=off premature-play-require-other-suit=on", "premature-play-require-other-suit=on",
     "is set twice"),
])
@pytest.mark.parametrize("fmt", ["pbn", "lin"])
def test_a_switch_the_tag_cannot_set_is_an_error_at_its_line(fmt: str, old: str, new: str, token: str, words: str,
                                                              tmp_path: Path) -> None:
    if fmt == "pbn":
        path, line = _three_pbn(tmp_path), 22
    else:
        path, line = tmp_path / "three.lin", 1
        assert runner.invoke(app, ["solve", str(THREE), "--lin", str(path)]).exit_code == 0
    text = path.read_bytes().decode("ascii")
    tag = f'[Decisions "{old}"]' if fmt == "pbn" else f"bridge-rulings Decisions {old}|"
    assert text.count(tag) == 1
    path.write_text(text.replace(tag, tag.replace(old, new)), encoding="ascii")
    for args in (["solve", str(path), "--attention", "S"], ["new", str(path)], ["solve", str(path), "--json"]):
        res = runner.invoke(app, args)
        assert res.exit_code == 1, (args, res.output)
        assert res.exception is None or isinstance(res.exception, SystemExit)
        assert f"{path}:{line}: " in res.output and words in res.output and "Traceback" not in res.output, res.output
        assert token in res.output
    coverage = runner.invoke(app, ["coverage", str(path), "--json"])
    assert f"{path}:{line}: " in coverage.output and words in coverage.output, coverage.output
