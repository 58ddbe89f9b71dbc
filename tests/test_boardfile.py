"""PBN and LIN boards from files made by other software (tests/data/README.md): read through
endplay, solved, written back as PBN and read again with the same deal and play."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

pytest.importorskip("endplay", reason="endplay (the 'dds' extra) is not installed")

from rulings.models.boardfile import board_case, load_boards
from rulings.models.case import parse_case
from rulings.solver.cli import app
from rulings.solver.export import write_pbn
from rulings.solver.ruling import Ruling

DATA = Path(__file__).resolve().parent / "data"
runner = CliRunner()


def test_lin_board_reads_deal_contract_and_seats_of_the_play() -> None:
    data = board_case(DATA / "endplay-example1.lin")
    assert data["deal"] == "N:AJ9.9.65432.AQ63 2.7532.AT87.8742 T43.AKQT84.K.KJT KQ8765.J6.QJ9.95"
    assert (data["contract"], data["declarer"]) == ("3NT", "N")
    assert len(data["play"]) == 52
    # East leads (declarer's left); North's ace wins trick 1 and North leads trick 2
    assert data["play"][:5] == ["E S2", "S S3", "W SQ", "N SA", "N H9"]


def test_pbn_board_by_number_and_passed_out_board_refused() -> None:
    data = board_case(DATA / "endplay-sample.pbn", 17)
    assert (data["contract"], data["declarer"]) == ("5SX", "W")
    assert data["play"][:5] == ["N H2", "E H4", "S HK", "W HA", "W D9"]
    result = runner.invoke(app, ["solve", str(DATA / "endplay-sample.pbn"), "--board", "11"])
    assert result.exit_code == 1 and "board 11 has no contract" in result.output


READABLE = [
    ("endplay-example1.lin", None),
    ("endplay-sample.pbn", 17),
    ("endplay-example1-excerpt.pbn", 1),
    ("endplay-example1-excerpt.pbn", 2),
    ("endplay-example2-excerpt.pbn", 11),
]


@pytest.mark.parametrize(("name", "board"), READABLE)
def test_round_trip_read_case_pbn_out_read_again(name: str, board: int | None, tmp_path: Path) -> None:
    data = board_case(DATA / name, board, "TD")
    case = parse_case(data, file=name)
    ruling = Ruling(case)
    restorations = list(ruling.restorations())
    text = write_pbn(ruling, restorations or [])
    if not restorations:  # no irregularity: write the record as played
        from rulings.models.boardfile import pbn_game

        plays = [line.split() for line in data["play"] if not line.startswith("attention")]
        tricks = [[(s, c) for s, c in plays[i : i + 4]] for i in range(0, len(plays), 4)]
        text = pbn_game(deal=data["deal"], contract=data["contract"], declarer=data["declarer"], tricks=tricks)
    out = tmp_path / "out.pbn"
    out.write_text(text, encoding="ascii", newline="")
    again = board_case(out, 1)
    assert again["deal"] == data["deal"]
    assert (again["contract"], again["declarer"]) == (data["contract"], data["declarer"])
    assert again["play"] == [line for line in data["play"] if not line.startswith("attention")]
    assert len(load_boards(out)) == 1


def test_solve_and_new_from_the_command_line(tmp_path: Path) -> None:
    result = runner.invoke(app, ["solve", str(DATA / "endplay-example1.lin"), "--attention", "E", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["case"]["contract"] == "3NT"
    skeleton = tmp_path / "case.yaml"
    result = runner.invoke(app, ["new", str(DATA / "endplay-sample.pbn"), "--board", "17", "--attention", "N", "--out", str(skeleton)])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["solve", str(skeleton), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["case"]["declarer"] == "W"


def test_revoke_in_a_pbn_record_is_ruled(tmp_path: Path) -> None:
    """The 47D example of docs/case-format.md written as PBN by our writer: East's heart on a
    spade lead is a revoke the solver finds from the deal and the play alone."""
    from rulings.models.boardfile import pbn_game

    deal = "N:JT43.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.JT987 K5.JT987.QJT9.A6"
    tricks = [[("W", "DQ"), ("N", "DA"), ("E", "D4"), ("S", "D7")], [("N", "SJ"), ("E", "H4"), ("S", "SA"), ("W", "S5")]]
    game = tmp_path / "revoke.pbn"
    game.write_text(pbn_game(deal=deal, contract="4S", declarer="S", tricks=tricks, board=7), encoding="ascii", newline="")
    result = runner.invoke(app, ["solve", str(game), "--board", "7", "--attention", "E", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["count"] == 21
    assert any("revoked with H4" in i for i in data["irregularities"])


def test_real_files_solve_from_the_command_line() -> None:
    for name, board in READABLE:
        args = ["solve", str(DATA / name), "--attention", "TD", "--json"] + (["--board", str(board)] if board else [])
        result = runner.invoke(app, args)
        assert result.exit_code == 0, (name, result.output)
        assert json.loads(result.stdout)["case"]["deal"].startswith("N:")


def test_play_that_does_not_fit_the_deal_is_refused_with_its_file() -> None:
    """rpbridge.net's rows are in play order, not seat columns: a card lands in a hand that
    does not hold it, and the solver names the file and the card instead of ruling."""
    result = runner.invoke(app, ["solve", str(DATA / "endplay-example4.pbn"), "--attention", "E"])
    assert result.exit_code == 1
    assert "endplay-example4.pbn" in result.output and "CQ" in result.output
    assert "Traceback" not in result.output


def test_restoration_written_as_pbn_reads_back_with_its_commentary(tmp_path: Path) -> None:
    from rulings.solver.casefile import loads

    case = loads(
        "deal: 'N:JT43.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.JT987 K5.JT987.QJT9.A6'\n"
        "contract: 4S\ndeclarer: S\nplay: [W DQ, N DA, E D4, S D7, N SJ, E H4, S SA, W S5, attention E]\n"
    )
    ruling = Ruling(case)
    restorations = list(ruling.restorations())
    text = write_pbn(ruling, restorations)
    assert text.count("[Deal ") == len(restorations) == 21
    assert "{62B" in text and "Penalty card: E H4 (major)" in text
    out = tmp_path / "restorations.pbn"
    out.write_text(text, encoding="ascii", newline="")
    boards = load_boards(out)
    assert len(boards) == 21
    first = board_case(out, 1)
    assert first["deal"] == case.deal.format()
    restored = [f"{s} {c}" for t in restorations[0].table.tricks for s, c in t.plays]
    assert first["play"] == restored
