"""PBN and LIN boards from files made by other software (tests/data/README.md): read through
endplay, solved, written back as PBN and read again with the same deal and play."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

pytest.importorskip("endplay", reason="endplay (the 'dds' extra) is not installed")

from rulings.models.boardfile import PBN_HEADER, board_case, load_boards, load_games
from rulings.models.case import parse_case
from rulings.models.errors import CaseFileError
from rulings.solver.cli import app
from rulings.solver.export import write_pbn
from rulings.solver.generate import KINDS, case_seed, random_kind_case
from rulings.solver.ruling import Ruling
from rulings.solver.testsets import BOARD_KINDS, record, ruling_of, serialize

DATA = Path(__file__).resolve().parent / "data"
sys.path.insert(0, str(Path(__file__).resolve().parent))
from readback import solved_board, whole_record  # noqa: E402

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


def test_solve_writes_restorations_as_pbn(tmp_path: Path) -> None:
    out = tmp_path / "r.pbn"
    result = runner.invoke(app, ["solve", "--pbn", str(out), "--json"])
    assert result.exit_code == 0, result.output
    assert len(load_boards(out)) == json.loads(result.stdout)["count"] == 21


# ----- PBN irregularity markers (^R, ^L) and generated test sets as PBN -------------------------------
def test_marked_revoke_is_read_into_the_record_and_ruled() -> None:
    """tests/data/marked-revoke.pbn: East's S2 on a diamond lead, marked ^R, then East plays to
    trick 3. By hand: East held K74 of diamonds, so S2 is a revoke (61A); East's C9 to trick 3
    establishes it (63A1). The marker calls the director after the recorded play."""
    data = board_case(DATA / "marked-revoke.pbn")
    assert data["play"][4:8] == ["S D3", "W D5", "N DQ", "E S2"]
    assert data["play"][-1] == "attention TD"
    assert "E's S2 (line 22) as a revoke (^R)" in data["notes"]
    ruling = Ruling(parse_case(data, file="marked-revoke.pbn"))
    assert any("E revoked with S2 on trick 2" in i and "63A1" in i for i in ruling.irregularities)


def test_marked_lead_out_of_turn_orders_its_trick_from_the_marked_card() -> None:
    """tests/data/marked-lead-out-of-turn.pbn: South won trick 1 (CA) but dummy's DQ leads
    trick 2, marked ^L; East plays DK to it, which accepts it (53A): no rectification; East's
    king wins and East leads trick 3."""
    data = board_case(DATA / "marked-lead-out-of-turn.pbn")
    assert data["play"][4:] == ["N DQ", "E DK", "S D3", "W D5", "E C2", "S C4", "W CT", "N CK"]
    assert "attention" not in " ".join(data["play"])  # a lead out of turn that was accepted: nobody to call
    result = runner.invoke(app, ["solve", str(DATA / "marked-lead-out-of-turn.pbn"), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert any("N led DQ to trick 2 when S was to lead" in i and "53A" in i for i in out["irregularities"])
    assert all(not r["withdrawn"] and not r["penalty_cards"] for r in out["restorations"])


@pytest.mark.parametrize(("board", "line", "words"), [
    (1, 9, "^R marks N's C5 on trick 1 as a revoke, but it follows suit"),
    (2, 18, "^L marks W's C3 as a lead out of turn, but W was on lead to trick 1"),
    (3, 27, "irregularity marker '^X'"),
])
def test_markers_the_deal_contradicts_are_located_errors(board: int, line: int, words: str) -> None:
    result = runner.invoke(app, ["solve", str(DATA / "marked-errors.pbn"), "--board", str(board)])
    assert result.exit_code == 1
    assert f"marked-errors.pbn:{line}: {words}" in result.output
    assert "Traceback" not in result.output


def test_writer_marks_irregular_cards_and_reads_them_back(tmp_path: Path) -> None:
    from rulings.models.boardfile import PBN_HEADER, pbn_game

    data = board_case(DATA / "marked-lead-out-of-turn.pbn")
    plays = [tuple(line.split()) for line in data["play"]]
    tricks = [plays[:4], plays[4:8], plays[8:12]]
    text = pbn_game(deal=data["deal"], contract="3NT", declarer="S", tricks=tricks, board=3)  # type: ignore[arg-type]
    assert "D5 ^L DQ DK D3" in text
    out = tmp_path / "again.pbn"
    out.write_text(PBN_HEADER + text, encoding="ascii", newline="")
    assert board_case(out)["play"] == data["play"]
    revoke = board_case(DATA / "marked-revoke.pbn")
    plays = [tuple(line.split()) for line in revoke["play"][:-1]]
    text = pbn_game(deal=revoke["deal"], contract="3NT", declarer="S", tricks=[plays[:4], plays[4:8], plays[8:12]])  # type: ignore[arg-type]
    assert "D5 DQ ^R S2 D3" in text
    plain = pbn_game(deal=revoke["deal"], contract="3NT", declarer="S", tricks=[plays[:4], plays[4:8]], markers=False)  # type: ignore[arg-type]
    assert "^" not in plain


def _cards_only(play: list[str]) -> bool:
    """A record whose lines are cards, then one attention line, nothing after: what a PBN
    play section and --attention give back whole."""
    *cards, last = play
    return last.startswith("attention ") and all(len(line.split()) == 2 and not line.startswith("attention") for line in cards)


@pytest.mark.parametrize("args", [["--kind", "revoke"], ["--kind", "lead", "--exhaustive"]])
def test_generated_pbn_solves_back_to_the_expected_ruling(args: list[str], tmp_path: Path) -> None:
    """generate --format pbn --with-ruling: each game, read by our reader with the record's
    attention seat, gives the ruling the JSON lines of the same seed record."""
    pbn_out, jsonl_out = tmp_path / "set.pbn", tmp_path / "set.jsonl"
    for fmt, out in (("pbn", pbn_out), ("jsonl", jsonl_out)):
        result = runner.invoke(app, ["generate", "12", *args, "--with-ruling", "--format", fmt, "--out", str(out), "--no-progress"])
        assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in jsonl_out.read_text(encoding="utf-8").splitlines()]
    text = pbn_out.read_bytes().decode("ascii")
    assert text.startswith("% PBN 2.1\r\n") and text.count("[Board ") == len(records) == 12
    assert "{Expected ruling (Laws 2017)" in text
    checked = 0
    for board, rec in enumerate(records, start=1):
        if not _cards_only(rec["case"]["play"]):
            continue
        ours = solved_board(pbn_out, board, rec)
        expected = rec["ruling"]
        assert ours["irregularities"] == expected["irregularities"]
        assert [(r["path"], r["tricks"], r["withdrawn"], r["penalty_cards"], r["restrictions"]) for r in ours["restorations"]] == \
            [(r["path"], r["tricks"], r["withdrawn"], r["penalty_cards"], r["restrictions"]) for r in expected["restorations"]]
        checked += 1
    assert checked >= 6
    marker = "^L" if "lead" in args else "^R"
    assert marker in text


def test_generated_pbn_without_markers_reads_in_endplay(tmp_path: Path) -> None:
    """--no-markers: endplay's own parser (which refuses ^R/^L) reads every game, with the
    deal and, card for card, the play of the record's table."""
    from endplay.parsers import pbn

    out = tmp_path / "plain.pbn"
    result = runner.invoke(app, ["generate", "6", "--kind", "revoke", "--full-hand", "--format", "pbn", "--no-markers", "--out", str(out),
                                 "--no-progress"])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="ascii")
    assert "^" not in text
    boards = pbn.loads(text)
    assert len(boards) == 6
    for k, b in enumerate(boards, start=1):
        ours = board_case(out, k)
        assert b.deal.to_pbn() == ours["deal"]
        assert len(b.play) == len(ours["play"])


def _keys(case: Any) -> tuple[list[str], list[str]]:
    """The irregularities of ``case``'s ruling and the canonical key of each of its distinct
    restorations, in order."""
    from rulings.solver.summary import distinct

    ruling = Ruling(case)
    return list(ruling.irregularities), [r.key() for r in distinct(ruling.restorations(budget=50_000))]


@pytest.mark.parametrize("kind", KINDS)
def test_the_play_section_alone_keeps_the_irregularities_of_the_board_kinds_only(kind: str, tmp_path: Path) -> None:
    """What another program reads of a game, its cards, keeps every irregularity of the kinds
    LIN carries (a revoke, a lead out of turn, revokes played on), and loses those of the others
    (a call of dummy's card, a change of designation, an exposed, fifth or simultaneous card, a
    card omitted: no syntax there): those records are carried in the RecordTable section."""
    from rulings.models.boardfile import RECORD_TAG

    kept = True
    for index in range(4):
        mapping = random_kind_case(kind, case_seed(0, index), full_hand=True)
        text = serialize(record("r", mapping, False), "pbn", 1)
        cards_only = text.split(f"[{RECORD_TAG} ")[0].rstrip("\r\n") + "\r\n\r\n"  # (the game as the cards give it)
        out = tmp_path / f"{kind}-{index}.pbn"
        out.write_text(PBN_HEADER + cards_only, encoding="utf-8")
        try:
            read = ruling_of(board_case(out, 1, "TD"), "read")
        except CaseFileError:
            kept = False
            continue
        kept = kept and len(read["irregularities"]) == len(ruling_of(mapping, "r")["irregularities"])
    assert kept == (kind in BOARD_KINDS), kind


@pytest.mark.parametrize("fmt", ["pbn", "lin"])
@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_reads_back_from_a_board_file_as_its_record(kind: str, fmt: str, tmp_path: Path) -> None:
    """generate --format pbn|lin takes every kind: each game, read back with no --attention
    where the board gives the record whole (the PBN RecordTable section, the LIN Record pairs)
    and with the record's attention seat where its cards give it back, is the JSON lines
    record's case (its play line for line), and its ruling has the same irregularities and the
    same restorations, key for key; both editions, random and exhaustive sets, with and without
    --with-ruling. LIN boards start at trick 1: random sets are --full-hand."""
    from rulings.solver.readsets import record_case
    from rulings.solver.testsets import EXHAUSTIVE_KINDS

    full = ["--full-hand"] if fmt == "lin" else []
    runs = [["--laws", "2017", "--seed", "3", *full], ["--laws", "2007", "--seed", "4", "--with-ruling", *full]]
    if kind in EXHAUSTIVE_KINDS:
        runs.append(["--laws", "2007", "--exhaustive"])
        runs.append(["--laws", "2017", "--exhaustive", "--seed", "5", "--with-ruling"])
    wholes = 0
    for args in runs:
        board_out, jsonl_out = tmp_path / f"set.{fmt}", tmp_path / "set.jsonl"
        for form, out in ((fmt, board_out), ("jsonl", jsonl_out)):
            result = runner.invoke(app, ["generate", "3", "--kind", kind, *args, "--format", form, "--out", str(out),
                                         "--no-progress"])
            assert result.exit_code == 0, result.output
        records = [json.loads(line) for line in jsonl_out.read_text(encoding="utf-8").splitlines()]
        for board, rec in enumerate(records, start=1):
            whole = whole_record(rec, fmt)
            wholes += whole
            mapping = board_case(board_out, board, None if whole else rec["case"]["play"][-1].split()[1])
            assert mapping["play"] == rec["case"]["play"], (kind, args, board)
            assert _keys(parse_case(mapping, file="read")) == _keys(record_case(rec, "set", 1)), (kind, args, board)
            if "--with-ruling" in args:
                assert solved_board(board_out, board, rec)["irregularities"] == rec["ruling"]["irregularities"]
    assert (wholes > 0) == (kind != "revoke"), (kind, wholes)  # (a revoke record is its cards and attention line)


@pytest.mark.parametrize("kind", ["misplay", "simultaneous", "defective", "mixed"])
def test_a_recorded_game_reads_in_endplay_as_the_cards_on_the_table(kind: str, tmp_path: Path) -> None:
    """Other software skips the RecordTable section: endplay's parser reads every game of a
    --no-markers set (its deal, and the play section's cards: the cards as they lay, up to
    where PBN cannot hold them) and keeps the section as a table in the board's info."""
    from endplay.parsers import pbn

    out = tmp_path / "set.pbn"
    result = runner.invoke(app, ["generate", "5", "--kind", kind, "--format", "pbn", "--no-markers", "--out", str(out),
                                 "--no-progress"])
    assert result.exit_code == 0, result.output
    boards = pbn.loads(out.read_text(encoding="ascii"))
    assert len(boards) == 5
    for k, b in enumerate(boards, start=1):
        ours = board_case(out, k)
        assert b.deal.to_pbn() == ours["deal"]
        assert [row[0].strip('"') for row in b.info["RecordTable"]["rows"]] == [line.split()[0] for line in ours["play"]]


def test_a_record_its_cards_give_back_is_written_as_before(tmp_path: Path) -> None:
    """A record whose cards and attention line are the whole record (a revoke) has no
    RecordTable section; one with a choice after its attention line (a lead out of turn
    accepted) gives the record in it, after the play section, which is unchanged."""
    revoke = serialize(record("r", random_kind_case("revoke", case_seed(0, 0), full_hand=True), False), "pbn", 1)
    assert "RecordTable" not in revoke
    for index in range(40):
        mapping = random_kind_case("lead", case_seed(0, index))
        if not mapping["play"][-1].startswith("attention"):
            break
    text = serialize(record("r", mapping, False), "pbn", 1)
    head, section = text.split('[RecordTable "Line"]\r\n')
    assert section == "".join(f'"{line}"\r\n' for line in mapping["play"]) + "\r\n"
    assert head.endswith("*\r\n") or head.rstrip().split("\r\n")[-1].count(" ") == 3


@pytest.mark.parametrize(("old", "new", "words"), [
    ('"W calls DT"', "W calls DT", "tag RecordTable: row 'W calls DT' cannot be read: expected one line a row as a quoted string"),
    ('"W calls DT"', '"W callz DT"', "tag RecordTable: row 1: unknown token 'callz' in play line 'W callz DT'"),
    ('"W calls DT"', '"W calls DT" "E SQ"', "tag RecordTable: row '\"W calls DT\" \"E SQ\"' cannot be read"),
    ('"W calls DT"', '""', "tag RecordTable: row '\"\"' is empty: expected a line"),
    ('"W calls DT"', '"W calls DZ"', "tag RecordTable: row 1: bad designation 'DZ' in play line 'W calls DZ'"),
    ('"count 32"', "", "tag ExpectTable holds no row: expected one claim a row after it"),
])
def test_malformed_record_and_claim_rows_are_located_errors(old: str, new: str, words: str, tmp_path: Path) -> None:
    out = tmp_path / "set.pbn"
    result = runner.invoke(app, ["generate", "2", "--kind", "misplay", "--format", "pbn", "--expect-count", "--out", str(out),
                                 "--no-progress"])
    assert result.exit_code == 0, result.output
    text = out.read_bytes().decode("ascii")
    assert text.count(old) == 1
    lines = text.split("\r\n")
    line = lines.index(old) + 1
    out.write_bytes((text.replace(old + "\r\n", new + "\r\n" if new else "")).encode("ascii"))
    if not new:
        line = next(k for k, t in enumerate(lines, start=1) if t.startswith("[ExpectTable") and k > lines.index('[Board "2"]'))
    result = runner.invoke(app, ["solve", str(out), "--board", "2"])
    assert result.exit_code == 1, result.output
    said = " ".join(result.output.split())
    assert f"error: {out}:{line}: {words}" in said, said
    assert runner.invoke(app, ["solve", str(out), "--board", "1"]).exit_code == 0  # (the other game reads)


def test_verify_checks_the_claims_of_a_pbn_set(tmp_path: Path) -> None:
    """generate --expect-count --format pbn: each game carries its count claim in its
    ExpectTable section, read back into the case's expect; verify SET.pbn checks them, each
    game as FILE#N, and a claim that cannot be read is named with its section and line."""
    out = tmp_path / "set.pbn"
    result = runner.invoke(app, ["generate", "3", "--kind", "exposure", "--format", "pbn", "--expect-count", "--out", str(out),
                                 "--no-progress"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["verify", str(out)])
    assert result.exit_code == 0, result.output
    assert "3 case files: 3 passed, 0 failed; 3 claims: 3 passed, 0 failed" in result.output
    assert f"ok   {out}#2: 1 claim" in result.output
    text = out.read_bytes().decode("ascii")
    first = text.index('"count ')
    count = text[first:text.index("\r\n", first)]
    line = text[:first].count("\r\n") + 1
    out.write_bytes((text[:first] + '"count 999"' + text[first + len(count):]).encode("ascii"))
    result = runner.invoke(app, ["verify", str(out)])
    assert result.exit_code == 1 and f"FAIL line {line}: count 999" in result.output, result.output
    out.write_bytes((text[:first] + '"cout 2"' + text[first + len(count):]).encode("ascii"))
    result = runner.invoke(app, ["verify", str(out)])
    said = " ".join(result.output.split())
    assert result.exit_code == 1 and f"{out}:{line}: board 1: tag ExpectTable: unknown token 'cout 2'" in said, said


def test_attention_given_reads_the_play_section_of_a_game_that_gives_its_record_whole(tmp_path: Path) -> None:
    """--attention SEAT reads a game as its cards, as before the RecordTable section (and as
    another program does): the fifth card is not there, and the notes say the section was
    not read; without --attention the record is read, its fifth card ruled."""
    out = tmp_path / "set.pbn"
    result = runner.invoke(app, ["generate", "1", "--kind", "fifth", "--format", "pbn", "--out", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    cards = board_case(out, 1, "E")
    assert cards["play"][-1] == "attention E" and not any("fifth" in line for line in cards["play"])
    assert "the game's RecordTable section (line " in cards["notes"] and "read without --attention" in cards["notes"]
    whole = board_case(out, 1)
    assert any(line.endswith(" fifth") for line in whole["play"]) and "notes" not in whole


@pytest.mark.parametrize("kind", sorted(set(KINDS) - set(BOARD_KINDS)))
def test_generate_lin_takes_every_kind_its_record_in_pairs(kind: str, tmp_path: Path) -> None:
    """A kind whose irregularity LIN's cards cannot carry is written with the record line for
    line in nt|bridge-rulings Record ...| pairs, as the PBN game gives it in its RecordTable
    section: the same lines, in order."""
    from rulings.models.boardfile import RECORD_TAG, lin_unescape

    runs = {fmt: tmp_path / f"set.{fmt}" for fmt in ("pbn", "lin")}
    for fmt, out in runs.items():
        res = runner.invoke(app, ["generate", "3", "--kind", kind, "--full-hand", "--format", fmt, "--out", str(out),
                                  "--no-progress"])
        assert res.exit_code == 0, res.output
    boards = runs["lin"].read_text(encoding="utf-8").splitlines()
    games = runs["pbn"].read_bytes().decode("ascii").split('[Board "')[1:]
    assert len(boards) == len(games) == 3
    for board, game in zip(boards, games, strict=True):
        lines = [lin_unescape(value.split("|", 1)[0]) for value in board.split("|nt|bridge-rulings Record ")[1:]]
        section = game.split(f"[{RECORD_TAG} ")[1].split("\r\n\r\n")[0].split("\r\n")[1:]
        assert lines and lines == [row.strip('"') for row in section], (kind, board)


@pytest.mark.parametrize("kind", BOARD_KINDS)
def test_every_generated_game_reads_back(kind: str, tmp_path: Path) -> None:
    """Every game of a generated PBN set reads back as a case that solves: end positions
    (records starting after trick 1) name their leader in the Play tag even when no card of
    the record stands in the played position."""
    out = tmp_path / f"{kind}.pbn"
    result = runner.invoke(app, ["generate", "4", "--kind", kind, "--format", "pbn", "--out", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    for board in range(1, 5):
        result = runner.invoke(app, ["solve", str(out), "--board", str(board), "--attention", "TD", "--json"])
        assert result.exit_code == 0, (board, result.output)


def test_generated_pbn_carries_the_penalty_cards_in_force_and_the_tricks_won_before(tmp_path: Path) -> None:
    """The case fields PBN has no tag for (``penalty``: the penalty cards in force when the
    record starts; ``won``: the tricks won before its first trick) go in the supplemental tags
    PenaltyCards and TricksBefore and are read back: the whole ruling round-trips."""
    pbn_out, jsonl_out = tmp_path / "set.pbn", tmp_path / "set.jsonl"
    for fmt, out in (("pbn", pbn_out), ("jsonl", jsonl_out)):
        result = runner.invoke(app, ["generate", "16", "--kind", "revoke", "--seed", "5", "--with-ruling", "--format", fmt,
                                     "--out", str(out), "--no-progress"])
        assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in jsonl_out.read_text(encoding="utf-8").splitlines()]
    text = pbn_out.read_text(encoding="ascii")
    assert '[PenaltyCards "N C4 major; N H5 major"]' in text and '[TricksBefore "NS 4 EW 5"]' in text
    with_fields = 0
    for board, rec in enumerate(records, start=1):
        case = rec["case"]
        if not _cards_only(case["play"]):
            continue
        with_fields += bool(case.get("penalty")) + bool(case.get("won"))
        seat = case["play"][-1].split()[1]
        ours = solved_board(pbn_out, board, rec)
        assert ours["irregularities"] == rec["ruling"]["irregularities"], board
        assert ours["restorations"] == rec["ruling"]["restorations"], board
        made = board_case(pbn_out, board, seat)
        assert made.get("penalty") == case.get("penalty") and made.get("won") == case.get("won"), board
    assert with_fields >= 8


def test_a_2007_set_read_back_from_pbn_is_ruled_under_2007(tmp_path: Path) -> None:
    """generate --laws 2007 --format pbn: each game states its edition (the Laws tag), and
    read back it is ruled under it: the same ruleset, laws, ledger and path as the JSON lines
    record of the same seed; ``new`` writes ``laws: 2007``; ``--laws`` overrides the file."""
    pbn_out, jsonl_out = tmp_path / "ex07.pbn", tmp_path / "ex07.jsonl"
    for out in (pbn_out, jsonl_out):
        result = runner.invoke(app, ["generate", "12", "--kind", "revoke", "--exhaustive", "--with-ruling", "--laws", "2007",
                                     "--seed", "3", "--out", str(out), "--no-progress"])
        assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in jsonl_out.read_text(encoding="utf-8").splitlines()]
    assert '[Laws "2007"]' in pbn_out.read_text(encoding="ascii")
    for board, rec in enumerate(records, start=1):
        ours = solved_board(pbn_out, board, rec)
        assert ours["ruleset"] == rec["ruling"]["ruleset"] == "2007"
        assert ours["restorations"] == rec["ruling"]["restorations"], board
    made = runner.invoke(app, ["new", str(pbn_out), "--board", "3", "--attention", "W"])
    assert made.exit_code == 0, made.output
    assert "\nlaws: 2007\n" in made.stdout and "bridge-rulings Laws 2007" in made.stdout
    made = runner.invoke(app, ["new", str(pbn_out), "--board", "3", "--attention", "W", "--laws", "2017"])
    assert made.exit_code == 0 and "\nlaws: 2017\n" in made.stdout
    result = runner.invoke(app, ["solve", str(pbn_out), "--board", "1", "--json", "--laws", "2017"])
    assert result.exit_code == 0 and json.loads(result.stdout)["ruleset"] == "2017"
    bad = runner.invoke(app, ["solve", str(pbn_out), "--board", "1", "--laws", "2010"])
    assert bad.exit_code == 2


@pytest.mark.parametrize(("edit", "edition"), [
    (('[Laws "2007"]\r\n', ""), "2007"),  # our Event alone states it
    (('[Event "bridge-rulings Laws 2007"]', '[Event "Club pairs"]'), "2007"),  # the Laws tag alone
    (('[Laws "2007"]', '[Laws "2017"]'), "2017"),  # the tag wins over the Event
    (('[Laws "2007"]\r\n', "", '[Event "bridge-rulings Laws 2007"]', '[Event "Club pairs"]'), "2017"),  # neither: 2017
])
def test_the_edition_a_pbn_game_states(edit: tuple[str, ...], edition: str, tmp_path: Path) -> None:
    from rulings.models.boardfile import pbn_game, start_tags

    game = pbn_game(deal="N:J8.5.Q.A KT.A.8.Q Q2.K.4.K A9.Q.A.J", contract="3NT", declarer="S", tricks=[], board=1,
                    first="W", event="bridge-rulings Laws 2007", tags=start_tags((4, 4), [], 9, "2007"))
    for old, new in zip(edit[::2], edit[1::2], strict=True):
        assert old in game
        game = game.replace(old, new)
    path = tmp_path / "t.pbn"
    path.write_text(game)
    assert parse_case(board_case(path, 1, "TD"), file=str(path)).laws == edition


def test_a_laws_tag_that_is_no_edition_is_a_located_error(tmp_path: Path) -> None:
    from rulings.models.boardfile import pbn_game

    game = pbn_game(deal="N:J8.5.Q.A KT.A.8.Q Q2.K.4.K A9.Q.A.J", contract="3NT", declarer="S", tricks=[], board=1,
                    first="W", tags=[("Laws", "2010"), ("TricksBefore", "NS 4 EW 4")])
    path = tmp_path / "t.pbn"
    path.write_text(game)
    with pytest.raises(CaseFileError) as err:
        board_case(path, 1, "TD")
    line = game.split("\r\n").index('[Laws "2010"]') + 1
    assert err.value.line == line and "tag Laws '2010': expected the edition of the Laws, 2017 or 2007" in err.value.message


@pytest.mark.parametrize(("tag", "words"), [
    ('[TricksBefore "NS 4"]', "tag TricksBefore 'NS 4': expected 'NS <n> EW <m>'"),
    ('[TricksBefore "NS 4 EW 5"]', "do not add up to the 8 played before trick 9"),
    ('[PenaltyCards "N C4 huge"]', "tag PenaltyCards: unknown token 'huge': expected major or minor"),
    ('[PenaltyCards "Q C4 major"]', "tag PenaltyCards: "),
])
def test_start_tags_that_cannot_be_read_are_located_errors(tag: str, words: str, tmp_path: Path) -> None:
    from rulings.models.boardfile import pbn_game

    game = pbn_game(deal="N:J8.5.Q.A KT.A.8.Q Q2.K.4.K A9.Q.A.J", contract="3NT", declarer="S", tricks=[],
                    board=1, first="W", tags=[("TricksBefore", "NS 4 EW 4")])
    lines = game.replace('[TricksBefore "NS 4 EW 4"]', tag).split("\r\n")
    path = tmp_path / "t.pbn"
    path.write_text("\n".join(lines))
    line = next(i for i, text in enumerate(lines, start=1) if text == tag)
    with pytest.raises(CaseFileError) as err:
        board_case(path, 1, "TD")
    assert err.value.line == line and words in err.value.message, (err.value.line, line, err.value.message)


# ----- a board file that cannot be read: the tag or pair and its line, in plain words ------------
def _marked_revoke_with(tmp_path: Path, old: str, new: str) -> tuple[Path, list[str]]:
    text = (DATA / "marked-revoke.pbn").read_text(encoding="utf-8")
    assert old in text
    lines = text.replace(old, new).splitlines()
    path = tmp_path / "b.pbn"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, lines


@pytest.mark.parametrize(("old", "new", "words"), [
    ('[Board "3"]', '[Board "x"]', 'tag [Board "x"] cannot be read: expected a board number'),
    ('[Play "W"]', '[Play "Q"]', 'tag [Play "Q"] cannot be read: expected the seat on lead'),
    ('[Deal "S:', '[Deal "Q:', "tag [Deal \"Q:"),
    ('[Contract "3NT"]', '[Contract "9NT"]', 'tag [Contract "9NT"] cannot be read: expected a contract'),
    ("C6 C8 C9 CJ", "C6 C8 C9 CJ\nS3 S4 S5", "card S3 in W's column of trick 4 is not in W's hand: the deal gives it to S"),
])
def test_a_pbn_tag_or_row_that_cannot_be_read_is_named_at_its_line(tmp_path: Path, old: str, new: str, words: str) -> None:
    path, lines = _marked_revoke_with(tmp_path, old, new)
    line = next(i for i, text in enumerate(lines, start=1) if text.startswith(new.splitlines()[-1]))
    res = runner.invoke(app, ["solve", str(path)])
    assert res.exit_code == 1, res.output
    assert f"{path}:{line}: " in res.output and words in res.output, (line, res.output)
    for internal in ("invalid literal", "could not convert", "list index", "Player", "Rank"):
        assert internal not in res.output


def test_a_short_play_row_is_the_trick_in_progress(tmp_path: Path) -> None:
    # (North won trick 2 and leads trick 3, East follows; the row stops at East's column)
    path, _ = _marked_revoke_with(tmp_path, "C6 C8 C9 CJ", "- C8 C9")
    made = board_case(path, None, "TD")
    assert made["play"][-3:] == ["N C8", "E C9", "attention TD"]


def test_a_pbn_game_without_a_deal_is_named_at_its_board_tag(tmp_path: Path) -> None:
    text = (DATA / "marked-revoke.pbn").read_text(encoding="utf-8")
    lines = [ln for ln in text.splitlines() if not ln.startswith("[Deal ")]
    path = tmp_path / "b.pbn"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    board_line = next(i for i, ln in enumerate(lines, start=1) if ln.startswith("[Board "))
    res = runner.invoke(app, ["solve", str(path)])
    assert res.exit_code == 1 and f"{path}:{board_line}: board 3 has no Deal tag" in res.output, res.output


@pytest.mark.parametrize(("old", "new", "words"), [
    ("|pc|S2|", "|pc|SZ|", "LIN pair pc|SZ| cannot be read: expected a card"),
    ("|pc|S2|", "|pc|NT|", "LIN pair pc|NT| cannot be read: expected a card"),
    ("|sv|o|mb|p|", "|sv|o|mb|mb|p|", "LIN pair mb|mb| cannot be read: expected a call"),
    ("md|3S34TH48", "md|3S3ZTH48", "LIN pair md: bad card 'SZ' in South's hand 'S3ZTH48TQKADKCTJK': expected a rank"),
    ("md|3S34TH48", "md|3S33TH48", "LIN pair md: card S3 is dealt twice in South's hand"),
    ("md|3S34TH48TQKADKCTJK", "md|3S34TDKH48TQKACTJK", "LIN pair md: South's hand 'S34TDKH48TQKACTJK' gives the suits out of order"),
    ("S9JAH9D23456C36QA,|", "S9JAH9D23456C36QA,S2KH235D78C2478|", "LIN pair md: card SK is dealt twice (West's hand and East's)"),
    ("|pc|ST|pg||", "|pc|ST|pc|SA|pg||", "LIN pair pc|SA| is the 53rd card of the board's play"),
])
def test_a_lin_pair_that_cannot_be_read_is_named_at_its_line(tmp_path: Path, old: str, new: str, words: str) -> None:
    board = (DATA / "endplay-example1.lin").read_text(encoding="utf-8").strip()
    text = board.replace(old, new, 1)
    assert text != board
    path = tmp_path / "b.lin"
    path.write_text("\n" + text + "\n", encoding="utf-8")  # the board on line 2
    res = runner.invoke(app, ["solve", str(path)])
    assert res.exit_code == 1, res.output
    assert f"{path}:2: {words}" in res.output, res.output
    assert "invalid literal" not in res.output and "could not convert" not in res.output


# ----- rulings new writes only what solve reads ----------------------------------------------------
@pytest.mark.parametrize("command", ["new", "solve"])
def test_a_bad_attention_seat_is_a_usage_error(command: str, tmp_path: Path) -> None:
    out = tmp_path / "case.yaml"
    args = [command, str(DATA / "marked-revoke.pbn"), "--attention", "X"] + (["--out", str(out)] if command == "new" else [])
    res = runner.invoke(app, args)
    assert res.exit_code == 2, res.output
    assert "'--attention'" in res.output and "'X'" in res.output and "N, E, S or W" in res.output
    assert not out.exists()


def test_new_refuses_a_board_whose_record_solve_refuses(tmp_path: Path) -> None:
    """A LIN card played by a seat that does not hold it: solve refuses the record, so new
    writes nothing (exit 1, the file and card named)."""
    board = (DATA / "endplay-example1.lin").read_text(encoding="utf-8").strip()
    lin = tmp_path / "b.lin"
    lin.write_text(board.replace("|pc|S3|", "|pc|S2|", 1), encoding="utf-8")
    out = tmp_path / "case.yaml"
    solved = runner.invoke(app, ["solve", str(lin)])
    made = runner.invoke(app, ["new", str(lin), "--out", str(out)])
    assert solved.exit_code == made.exit_code == 1, (solved.output, made.output)
    assert f"{lin}:1: card S2 (pc|S2|) played by S to trick 1 is not in S's hand: the deal gives it to E" in made.output
    assert made.output == solved.output
    assert not out.exists()


def _lin_over_lines(board: str) -> str:
    """The board with a line break before each trick's cards (``pg||``), as some files write it."""
    return board.replace("|pg||", "|\npg||")


@pytest.mark.parametrize(("old", "new", "words"), [
    ("|pc|H9|", "|pc|S2|", "card S2 (pc|S2|) played by N to trick 2 is not in N's hand: the deal gives it to E, who played it before"),
    ("|pc|H7|", "|pc|HA|", "card HA (pc|HA|) played by E to trick 2 is not in E's hand: the deal gives it to S"),
    ("|pc|SJ|", "|pc|SA|", "card SA (pc|SA|) played by N to trick 12 is not in N's hand: N played it before"),
])
def test_a_lin_card_its_seat_does_not_hold_is_named_at_its_line(tmp_path: Path, old: str, new: str, words: str) -> None:
    """A card of the play (``pc``) the seat on turn does not hold is named with the line of its
    pair, as a PBN card is with its row's."""
    board = _lin_over_lines((DATA / "endplay-example1.lin").read_text(encoding="utf-8").strip())
    text = board.replace(old, new, 1)
    assert text != board
    path = tmp_path / "b.lin"
    path.write_text(text + "\n", encoding="utf-8")
    line = board[: board.index(old)].count("\n") + 1
    for command in (["solve", str(path)], ["new", str(path), "--out", str(tmp_path / "case.yaml")]):
        res = runner.invoke(app, command)
        assert res.exit_code == 1, res.output
        assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
        assert f"{path}:{line}: {words}" in res.output, (line, res.output)


def test_a_lin_board_over_several_lines_reads_as_on_one(tmp_path: Path) -> None:
    """Line breaks between pairs are not part of them (endplay's own file reader drops them)."""
    board = (DATA / "endplay-example1.lin").read_text(encoding="utf-8").strip()
    path = tmp_path / "b.lin"
    path.write_text(board.replace("|pg||pc|", "|pg||\npc|").replace("|mb|", "\n|mb|") + "\n", encoding="utf-8")
    assert board_case(path) == {**board_case(DATA / "endplay-example1.lin"), "source": "b.lin, board 1"}


def test_new_writes_attention_as_solve_reads_it(tmp_path: Path) -> None:
    out = tmp_path / "case.yaml"
    res = runner.invoke(app, ["new", str(DATA / "marked-revoke.pbn"), "--attention", "e", "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert "- attention E\n" in out.read_text()
    assert runner.invoke(app, ["solve", str(out)]).exit_code == 0


# ----- files as their producers write them (tests/data/README.md, hand-made files) ----------------
def test_a_vugraph_lin_file_holds_a_board_a_room() -> None:
    """BBO's vugraph files name eight players once (four a room) and label each board with
    ``qx`` (``o1`` open room, ``c1`` closed room): each label starts a board, with the room's
    players; a play that stops mid-trick (no claim) is read up to its last card; a chat line
    (``nt``) before any call and ``sv|0|`` are no error."""
    path = DATA / "lin-vugraph.lin"
    games = load_games(path)
    assert [(g.board.board_num, g.board.info["South"]) for g in games] == [(1, "Ann"), (1, "Eve"), (2, "Ann")]
    open_room = board_case(path, 1)
    assert (open_room["contract"], open_room["declarer"]) == ("3NT", "S")
    assert open_room["deal"] == "N:AQ4.K73.QJ62.K85 J982.QJ5.K74.Q92 K63.A842.A93.AJ4 T75.T96.T85.T763"
    assert open_room["play"] == ["W C3", "N C5", "E CQ", "S CA", "S D3", "W D5", "N DQ", "E DK"]
    assert open_room["title"] == "Board 1, Hand-made match"
    closed = board_case(path, 1, "TD", game=2)
    assert closed["play"] == ["W H6", "N H3", "E HQ", "S HA", "S C4", "W C6", "attention TD"]
    assert closed["source"] == "lin-vugraph.lin, board 1, game 2"
    assert "Board 1 is recorded 2 times in the file" in closed["notes"] and "--game" in closed["notes"]
    res = runner.invoke(app, ["solve", str(path), "--board", "1", "--game", "2", "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["case"]["source"] == "lin-vugraph.lin, board 1, game 2"


def test_a_lin_board_whose_auction_is_not_finished_has_no_contract() -> None:
    """``1S p`` is no contract (endplay's own reader would make it one)."""
    with pytest.raises(CaseFileError) as err:
        board_case(DATA / "lin-vugraph.lin", 2)
    assert err.value.line == 12
    assert "board 2 has no contract to rule on: its auction (mb pairs) is not finished" in err.value.message


def test_a_game_that_is_not_there_is_named() -> None:
    res = runner.invoke(app, ["new", str(DATA / "lin-vugraph.lin"), "--board", "1", "--game", "3"])
    assert res.exit_code == 1 and "game 3 not found: board 1 is recorded 2 games" in res.output, res.output
    res = runner.invoke(app, ["new", str(DATA / "lin-vugraph.lin"), "--board", "9"])
    assert res.exit_code == 1 and "board 9 not found (boards in the file: 1-2)" in res.output, res.output


@pytest.mark.parametrize(("board", "contract", "declarer", "play"), [
    (3, "3NT", "S", ["W C3", "N C5", "E CQ", "S CA", "S D3", "W D5", "N DQ", "E DK"]),  # no Contract tag: BBO's files
    (4, "3NT", "W", ["N SA", "E S2", "S S3", "W S5"]),  # a Contract tag and a blank Declarer tag
])
def test_a_pbn_game_takes_its_contract_and_declarer_from_a_finished_auction(board: int, contract: str, declarer: str,
                                                                             play: list[str]) -> None:
    data = board_case(DATA / "pbn-contract-from-auction.pbn", board)
    assert (data["contract"], data["declarer"], data["play"]) == (contract, declarer, play)


@pytest.mark.parametrize(("board", "line", "words"), [
    (5, 38, 'tag [Contract "3NT"] has no declarer: no Declarer tag names one and no finished Auction gives one'),
    (6, 43, "board 6 has no contract to rule on: it was passed out"),
    (7, 51, "board 7 has no contract to rule on: it has neither a Contract tag nor a finished Auction (a deal alone)"),
])
def test_a_pbn_game_without_contract_or_declarer_is_refused_at_its_line(board: int, line: int, words: str) -> None:
    """A contract without a declarer is not read as North's (endplay's default), and a game
    with no contract says why, at its own lines."""
    res = runner.invoke(app, ["new", str(DATA / "pbn-contract-from-auction.pbn"), "--board", str(board)])
    assert res.exit_code == 1, res.output
    assert f"pbn-contract-from-auction.pbn:{line}: {words}" in res.output, res.output


@pytest.mark.parametrize(("name", "passed", "code", "errors"), [
    # a scoring program's export: board 11 passed out ([Contract "Pass"]), board 17 played
    ("endplay-sample.pbn", "1 board passed over, with nothing to rule on: no contract (board 11)", 0, []),
    # board 2 of a vugraph match is cut in its auction
    ("lin-vugraph.lin", "1 board passed over, with nothing to rule on: no contract (board 2)", 0, []),
    # a contract with no card played
    ("pbn-loose-tags.pbn", "1 board passed over, with nothing to rule on: no play (board 4)", 0, []),
    # board 6 passed out, board 7 a deal alone; board 5 (a contract and no declarer) is malformed
    ("pbn-contract-from-auction.pbn", "2 boards passed over, with nothing to rule on: no contract (boards 6, 7)", 1,
     ['38: tag [Contract "3NT"] has no declarer']),
])
@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_coverage_passes_over_the_boards_with_nothing_to_rule_on(name: str, passed: str, code: int, errors: list[str],
                                                                 json_flag: list[str]) -> None:
    """``coverage`` of a whole board file passes over, as ``solve`` does, a board with no
    contract (passed out, a deal alone, an auction not finished) or no card played, counting
    them in a note; a malformed board is still an error at its line."""
    path = DATA / name
    res = runner.invoke(app, ["coverage", str(path), *json_flag])
    assert res.exit_code == code, res.output
    assert f"note: {path}: {passed}" in res.stderr, res.stderr
    assert "has no contract to rule on" not in res.stderr and "no case in it" not in res.stderr, res.stderr
    said = [line for line in res.stderr.splitlines() if line.startswith("error: ")]
    assert len(said) == len(errors), res.stderr
    assert all(line.startswith(f"error: {path}:{words}") for line, words in zip(said, errors, strict=True)), res.stderr
    if json_flag:
        assert f"{path}: {passed}" in json.loads(res.stdout)["notes"]
    else:
        assert res.stdout.startswith("Laws 2017: ")


def test_coverage_refuses_a_board_with_no_contract_and_cards_played(tmp_path: Path) -> None:
    """A board passed out whose play section holds cards is malformed: an error at its line,
    not passed over."""
    path = tmp_path / "passed-out-played.pbn"
    path.write_text((DATA / "marked-revoke.pbn").read_text(encoding="utf-8").replace('[Contract "3NT"]', '[Contract "Pass"]'),
                    encoding="utf-8")
    res = runner.invoke(app, ["coverage", str(path)])
    assert res.exit_code == 1, res.output
    assert f"error: {path}:8: board 3 has no contract to rule on: it was passed out" in res.stderr, res.stderr
    assert "passed over" not in res.stderr


def test_tags_no_ruling_needs_and_loose_spacing_do_not_stop_a_game() -> None:
    """``[Result "NS 9"]``, ``[Hidden "#"]`` in the first game, a table whose column names
    endplay cannot read are left out; ``[Event"x"]``, ``[Site "?" ]`` and ``[Room Open]`` are
    read; comments, ``$1`` and ``!`` written apart, and ``--`` cells are skipped; a Play tag
    with no seat and no rows is no play."""
    games = load_games(DATA / "pbn-loose-tags.pbn")
    assert sorted(games[0].dropped) == ["Hidden", "OptimumResultTable", "Result"]
    data = board_case(DATA / "pbn-loose-tags.pbn", 3)
    assert (data["contract"], data["declarer"]) == ("3NT", "S")
    assert data["play"] == ["W C3", "N C5", "E CQ", "S CA", "S D3", "W D5", "N DQ", "E DK", "E S2"]
    assert data["title"] == "Board 3, bridge-rulings test: loose tags"
    assert board_case(DATA / "pbn-loose-tags.pbn", 4)["play"] == []


@pytest.mark.parametrize(("board", "line", "words"), [
    (1, 13, "not a readable PBN line: expected a tag ([Name \"value\"]), a {comment} or an empty line, not '}'"),
    (2, 26, "trick 1 has fewer than four cards (a '-' cell) but the play goes on: who won it, and so who leads trick 2, "
            "is unknown"),
])
def test_one_unreadable_game_is_refused_alone(board: int, line: int, words: str) -> None:
    path = DATA / "pbn-one-game-unreadable.pbn"
    assert board_case(path)["source"] == "pbn-one-game-unreadable.pbn, board 3"  # the first game that reads
    res = runner.invoke(app, ["new", str(path), "--board", str(board)])
    assert res.exit_code == 1, res.output
    assert f"{path}:{line}: {words}" in res.output, res.output


@pytest.mark.parametrize("command", ["solve", "new"])
def test_a_game_passed_over_for_its_error_is_said(command: str) -> None:
    """With no --board, the first game that reads is taken; each game before it that cannot be
    read is said on stderr with its error, not passed over in silence."""
    path = DATA / "pbn-one-game-unreadable.pbn"
    res = runner.invoke(app, [command, str(path)])
    assert res.exit_code == 0, res.output
    for line in (13, 26):
        assert f"note: {path}:{line}: " in res.stderr, res.stderr
    assert "board 3 is the first game that reads" in res.stderr, res.stderr
    quiet = runner.invoke(app, [command, str(DATA / "marked-revoke.pbn")])
    assert quiet.exit_code == 0 and "passed over" not in quiet.stderr, quiet.stderr


def test_a_lin_play_that_stops_mid_trick_reads_to_its_last_card(tmp_path: Path) -> None:
    """A BBO board whose play stops in a trick with no claim (``mc``), as when a player left."""
    board = (DATA / "endplay-example1.lin").read_text(encoding="utf-8").strip()
    cut = board[: board.index("|pc|HA|")] + "|"
    path = tmp_path / "b.lin"
    path.write_text(cut + "\n", encoding="utf-8")
    assert board_case(path)["play"] == ["E S2", "S S3", "W SQ", "N SA", "N H9", "E H7"]


def test_a_pbn_file_is_read_only_up_to_the_game_asked_for(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The size limit counts what is read: a board before it reads, one past it is refused at
    the line where the limit is reached (memory stays that of one game: benchmarks/boardfiles.py)."""
    from rulings.models import boardfile

    text = (DATA / "pbn-one-game-unreadable.pbn").read_text(encoding="utf-8")
    path = tmp_path / "big.pbn"
    path.write_text(text + "\n" + "{" + "x" * 5000 + "}\n", encoding="utf-8")
    monkeypatch.setattr(boardfile, "MAX_BOARD_BYTES", len(text.encode()) + 100)
    assert board_case(path, 3)["play"] == ["W C3", "N C5", "E CQ", "S CA"]
    with pytest.raises(CaseFileError) as err:
        board_case(path, 4)
    assert err.value.line == text.count("\n") + 2 and "file too large" in err.value.message


def test_a_lin_file_is_read_only_up_to_the_board_asked_for(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A LIN file is read pair by pair, as a PBN file game by game: a board before the size
    limit reads, one past it is refused at the line where the limit is reached."""
    from rulings.models import boardfile

    text = (DATA / "lin-vugraph.lin").read_text(encoding="utf-8")
    head = text[: text.index("qx|o2|")]
    path = tmp_path / "big.lin"
    path.write_text(head + "nt|" + "x" * 5000 + "|pg||\n" + text[len(head):], encoding="utf-8")
    monkeypatch.setattr(boardfile, "MAX_BOARD_BYTES", len(head.encode()) + 100)
    assert board_case(path, 1)["play"] == ["W C3", "N C5", "E CQ", "S CA", "S D3", "W D5", "N DQ", "E DK"]
    with pytest.raises(CaseFileError) as err:
        board_case(path, 2)
    assert err.value.line == head.count("\n") + 1 and "file too large" in err.value.message


def _pairs_of_the_whole_text(text: str) -> list[tuple[str, str, int]]:
    """The LIN pairs read from the whole text at once (the line breaks taken out first), each
    key's line found by counting the line breaks before its first character other than a space."""
    where: list[int] = []
    kept: list[str] = []
    line = 1
    for ch in text:
        if ch == "\n":
            line += 1
        elif ch != "\r":
            kept.append(ch)
            where.append(line)
    elems = "".join(kept).split("|")
    pairs = []
    at = 0
    for k in range(0, len(elems) - 1, 2):
        key, value = elems[k], elems[k + 1]
        first = at + len(key) - len(key.lstrip())
        pairs.append((key.strip().lower(), value, where[first]))
        at += len(key) + len(value) + 2
    return pairs


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(["md", "MB", " pc", "pc ", "", " ", "|", "|", "|", "\n", "\r\n", "3S", "p", "\t"]), max_size=40))
def test_lin_pairs_read_line_by_line_are_those_of_the_whole_text(pieces: list[str]) -> None:
    """Reading the pairs line by line gives the pairs, and each key's line, of the whole text."""
    from rulings.models.boardfile import _lin_pairs

    text = "".join(pieces)
    lines = [line + "\n" for line in text.split("\n")]  # (as a file is read: split at line feeds alone)
    lines[-1] = lines[-1][:-1]
    assert list(_lin_pairs(lines)) == _pairs_of_the_whole_text(text)


def test_a_latin1_next_line_character_is_no_line_break(tmp_path: Path) -> None:
    """Byte 0x85 in a Latin-1 file (an ellipsis in Windows-1252, as French notes write it) is
    U+0085, which Python's splitlines counts as a line break: errors after it keep their line."""
    lines = (DATA / "marked-revoke.pbn").read_text(encoding="utf-8").splitlines()
    at = lines.index("C6 C8 C9 CJ")
    lines[at] = "C6 C8 C9 CZ"
    lines.insert(at - 3, '[Note "1:une entame\x85 puis"]')
    path = tmp_path / "latin1.pbn"
    path.write_bytes("\n".join(lines).encode("latin-1") + b"\n")
    with pytest.raises(CaseFileError) as err:
        board_case(path)
    assert err.value.line == at + 2 and "bad card 'CZ'" in err.value.message, (err.value.line, err.value.message)


def test_restorations_written_as_pbn_state_the_edition(tmp_path: Path) -> None:
    """solve --pbn: each restoration's game carries the case's edition in the Laws tag, and
    reads back as a case of that edition."""
    case = Path(__file__).resolve().parents[1] / "cases" / "designation" / "dissacco-club-diamond-2007.yaml"
    out = tmp_path / "r.pbn"
    result = runner.invoke(app, ["solve", str(case), "--pbn", str(out), "--json"])
    assert result.exit_code == 0, result.output
    assert '[Laws "2007"]' in out.read_text(encoding="ascii")
    assert parse_case(board_case(out, 1, "TD"), file=str(out)).laws == "2007"


def test_a_case_after_trick_1_without_won_is_written_without_tricks_before_and_reads_back(tmp_path: Path) -> None:
    """A case that starts after trick 1 and does not say the tricks each side won before it
    (``won`` is optional) gives no TricksBefore tag: a count of 0 and 0 would not add up to
    the tricks before its first trick, and the reader would refuse the file the writer made."""
    case = Path(__file__).resolve().parent.parent / "cases" / "exposure" / "declarer-faces-card-claiming.yaml"
    out = tmp_path / "restorations.pbn"
    result = runner.invoke(app, ["solve", str(case), "--pbn", str(out), "--json"])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="ascii")
    assert "TricksBefore" not in text and '[Laws "2017"]' in text
    result = runner.invoke(app, ["solve", str(out), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["case"]["trick"] == 5


@pytest.mark.parametrize("fmt", ["jsonl", "yaml"])
def test_new_on_a_test_set_without_board_asks_for_the_record(fmt: str, tmp_path: Path) -> None:
    out = tmp_path / f"set.{fmt}"
    result = runner.invoke(app, ["generate", "2", "--format", fmt, "--out", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["new", str(out)])
    assert result.exit_code == 2
    assert "is a test set: --board N names its record to write" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("name", ["case.yaml", "case.json"])
def test_new_on_a_case_file_says_it_is_one(name: str, tmp_path: Path) -> None:
    """A case file given to ``rulings new`` (which writes a case from a board file or a test
    set's record) is named as a case file, not read as a PBN file without a board."""
    source = Path(__file__).resolve().parent.parent / "cases" / "exposure" / "declarer-faces-card-claiming.yaml"
    case = tmp_path / name
    case.write_text(source.read_text(encoding="utf-8") if name.endswith("yaml") else
                    json.dumps({"title": "t", "laws": 2017, "deal": "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 "
                                "432.AKQJ.T98.765", "contract": "1NT", "declarer": "S", "play": ["W C2"]}),
                    encoding="utf-8")
    result = runner.invoke(app, ["new", str(case)])
    assert result.exit_code == 1
    assert f"{case}:1: not a PBN or LIN file: a case file ({name[5:].upper()})" in result.output
    assert "board with a contract not found" not in result.output and "Traceback" not in result.output


@pytest.mark.parametrize(("name", "make", "line", "words"), [
    ("binary.pbn", lambda text: bytes(range(256)) * 4, 1, "NUL byte '\\x00' at column 1: a UTF-16 or binary file?"),
    ("utf16.pbn", lambda text: text.encode("utf-16"), 1, "the file is UTF-16 (byte-order mark ff fe)"),
    ("utf16.lin", lambda text: text.encode("utf-16"), 1, "the file is UTF-16 (byte-order mark ff fe)"),
    ("utf32.lin", lambda text: text.encode("utf-32"), 1, "the file is UTF-32 (byte-order mark ff fe 00 00)"),
    ("nul.lin", lambda text: b"pn|a,b,c,d|\n" + text.encode() + b"\x00", 3, "NUL byte '\\x00' at column"),
    ("nul.pbn", lambda text: text.replace("[Site", "[\x00Site").encode(), 6, "NUL byte '\\x00' at column 2"),
])
@pytest.mark.parametrize("command", [["solve"], ["new"], ["coverage"]])
def test_a_board_file_that_is_no_text_is_refused_at_its_line(name: str, make: Any, line: int, words: str, command: list[str],
                                                            tmp_path: Path) -> None:
    """A binary file, or a UTF-16/UTF-32 one, given as a board file is refused at the line of
    the byte-order mark or the NUL byte, rather than read as Latin-1 text with no board in it."""
    source = DATA / ("endplay-example1.lin" if name.endswith(".lin") else "marked-revoke.pbn")
    path = tmp_path / name
    path.write_bytes(make(source.read_text(encoding="utf-8")))
    result = runner.invoke(app, [*command, str(path)])
    assert result.exit_code == 1, result.output
    assert f"{path}:{line}: {words}" in result.output
    assert "board with a contract not found" not in result.output and "Traceback" not in result.output
