"""BBO LIN output (docs/pbn-lin.md, "Writing"; docs/test-sets.md, "As LIN"): ``generate
--format lin`` writes one LIN board a line, ``solve CASE --lin FILE`` the case and its ruling
as one board. Read back by our LIN reader with the record's attention seat, a record made of
cards played in turn and one attention line is the same case and gets the same ruling; the
edition of the Laws and the penalty cards in force come back from the board's ``nt``
commentary. endplay's own LIN parser reads the boards too (a cross-check only)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from rulings.models import Deal
from rulings.models.boardfile import LIN_VUL, lin_auction, lin_board, lin_text
from rulings.models.errors import CaseFileError
from rulings.solver.cli import app
from rulings.solver.generate import case_seed, random_kind_case
from rulings.solver.testsets import BOARD_KINDS, record, record_lin

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from readback import solved_board  # noqa: E402

runner = CliRunner()
needs_endplay = pytest.mark.skipif(importlib.util.find_spec("endplay") is None,
                                   reason="endplay (the 'dds' extra) is not installed: LIN files are read through it")

#: a BBO hand-record board: South deals board 3 and plays 3NT (its LIN is BBO's, byte for byte)
EXAMPLE_DEAL = "S:K63.A842.A93.AJ4 T75.T96.T85.T763 AQ4.K73.QJ62.K85 J982.QJ5.K74.Q92"
EXAMPLE_TRICKS = [[("W", "C3"), ("N", "C5"), ("E", "CQ"), ("S", "CA")], [("S", "D3"), ("W", "D5"), ("N", "DQ"), ("E", "DK")],
                  [("E", "C2"), ("S", "C4"), ("W", "CT"), ("N", "CK")]]


# ----- the writer: keys, deal, auction, commentary (no endplay needed) ----------------------------
def test_a_lin_board_as_bbo_writes_it() -> None:
    text = lin_board(deal=EXAMPLE_DEAL, contract="3NT", declarer="S", tricks=EXAMPLE_TRICKS, board=3,
                     commentary=["Case x: a | b"], tags=[("Laws", "2007")])
    assert text == (
        "pn|,,,|st||md|1SK63HA842DA93CAJ4,ST75HT96DT85CT763,SAQ4HK73DQJ62CK85,SJ982HQJ5DK74CQ92|rh||ah|Board 3|sv|e|"
        "mb|3N|mb|p|mb|p|mb|p|nt|bridge-rulings Laws 2007|nt|Case x: a / b|pg||"
        "pc|C3|pc|C5|pc|CQ|pc|CA|pg||pc|D3|pc|D5|pc|DQ|pc|DK|pg||pc|C2|pc|C4|pc|CT|pc|CK|pg||")
    assert "\n" not in text


@pytest.mark.parametrize(("contract", "declarer", "dealer", "calls"), [
    ("3NT", "S", "S", ["3N", "p", "p", "p"]),
    ("4S", "W", "N", ["p", "p", "p", "4S", "p", "p", "p"]),  # a pass from each seat before declarer
    ("5HX", "E", "N", ["p", "5H", "d", "p", "p", "p"]),  # doubled by declarer's left-hand opponent
    ("6CXX", "N", "W", ["p", "6C", "d", "r", "p", "p", "p"]),  # redoubled by dummy
])
def test_the_auction_gives_the_contract_to_declarer(contract: str, declarer: str, dealer: str, calls: list[str]) -> None:
    assert lin_auction(contract, declarer, dealer) == calls


def test_dealer_vulnerability_and_voids_follow_the_board() -> None:
    deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    for board, digit, vul in ((1, 3, "o"), (2, 4, "n"), (7, 1, "b"), (16, 2, "e")):
        text = lin_board(deal=deal, contract="7NT", declarer="N", tricks=[], board=board)
        # (the hands from South: S holds the diamonds, W the clubs, N the spades, E the hearts)
        assert f"|md|{digit}SHDAKQJT98765432C,SHDCAKQJT98765432,SAKQJT98765432HDC,SHAKQJT98765432DC|" in text
        assert f"|ah|Board {board}|sv|{vul}|" in text


def test_commentary_keeps_no_pipe_and_no_line_break() -> None:
    assert lin_text("a|b\r\nc\nd") == "a/b c d"


def test_a_deal_of_fewer_than_13_cards_a_hand_is_refused() -> None:
    with pytest.raises(ValueError, match="LIN has no end position"):
        lin_board(deal="N:J8.5.Q.A KT.A.8.Q Q2.K.4.K A9.Q.A.J", contract="3NT", declarer="S", tricks=[])


def test_a_record_starting_after_trick_1_is_refused() -> None:
    mapping = next(m for i in range(40) if (m := random_kind_case("revoke", case_seed(0, i))).get("trick", 1) > 1)
    with pytest.raises(CaseFileError, match=r"starts at trick \d+ .*\(LIN has no end position\)"):
        record_lin(record("r", mapping, False), 1)


@pytest.mark.parametrize(("args", "words"), [
    (["--format", "lin"], "add --full-hand (records from trick 1"),
    (["--with-ruling", "--out", "set.lin"], "add --full-hand"),
    (["--kind", "lead", "--format", "lin"], "LIN has no end position"),
    (["--no-markers", "--format", "lin", "--full-hand"], "--markers and --no-markers go with PBN output"),
])
def test_generate_lin_options_that_cannot_be_met_are_usage_errors(args: list[str], words: str, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    res = runner.invoke(app, ["generate", "2", *args], env={"COLUMNS": "400"})
    assert res.exit_code == 2, res.output
    assert words in " ".join(res.output.split()), res.output
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_generate_lin_writes_a_board_a_line(tmp_path: Path) -> None:
    out = tmp_path / "set.lin"
    res = runner.invoke(app, ["generate", "5", "--kind", "lead", "--full-hand", "--with-ruling", "--out", str(out), "--no-progress"])
    assert res.exit_code == 0, res.output
    lines = out.read_text(encoding="utf-8").split("\n")
    assert lines[-1] == "" and len(lines) == 6
    for board, line in enumerate(lines[:-1], start=1):
        assert line.startswith("pn|,,,|st||md|") and line.endswith("|")
        assert f"|ah|Board {board}|" in line and "|nt|bridge-rulings Laws 2017|" in line
        assert "|nt|Expected ruling (Laws 2017): " in line and f"|nt|Case lead-0-{board - 1:04d}: " in line
        assert line.count("|") % 2 == 0  # key|value| pairs only: no '|' left in a value


# ----- read back ---------------------------------------------------------------------------------
def _cards_only(case: dict[str, Any]) -> bool:
    """A record of cards (in turn or not: the reader gives each to the player who holds it),
    then one attention line: what a LIN board and --attention give back whole."""
    *cards, last = case["play"]
    return last.startswith("attention ") and not any(len(line.split()) != 2 or line.startswith("attention") for line in cards)


def _generate(tmp_path: Path, args: list[str]) -> tuple[Path, list[dict[str, Any]]]:
    lin_out, jsonl_out = tmp_path / "set.lin", tmp_path / "set.jsonl"
    for out in (lin_out, jsonl_out):
        result = runner.invoke(app, ["generate", *args, "--with-ruling", "--out", str(out), "--no-progress"])
        assert result.exit_code == 0, result.output
    return lin_out, [json.loads(line) for line in jsonl_out.read_text(encoding="utf-8").splitlines()]


@needs_endplay
@pytest.mark.parametrize("args", [["12", "--kind", "revoke", "--full-hand"], ["12", "--kind", "revoke", "--exhaustive", "--seed", "2"],
                                  ["40", "--kind", "lead", "--full-hand", "--seed", "5"]])
def test_generated_lin_solves_back_to_the_expected_ruling(args: list[str], tmp_path: Path) -> None:
    """generate --format lin --with-ruling: each board whose record is cards played in turn
    and one attention line, read by our reader with the record's attention seat, is the
    record's case and gets the ruling of the JSON lines record of the same seed."""
    from rulings.models.boardfile import board_case

    lin_out, records = _generate(tmp_path, args)
    checked = 0
    for board, rec in enumerate(records, start=1):
        case = rec["case"]
        if not _cards_only(case):
            continue
        seat = case["play"][-1].split()[1]
        made = board_case(lin_out, board, seat)
        assert Deal.parse(made["deal"]) == Deal.parse(case["deal"])
        assert (made["contract"], made["declarer"], made["play"]) == (case["contract"], case["declarer"], case["play"]), board
        ours = solved_board(lin_out, board, rec)
        assert ours["ruleset"] == rec["ruling"]["ruleset"]
        assert ours["irregularities"] == rec["ruling"]["irregularities"], board
        assert ours["restorations"] == rec["ruling"]["restorations"], board
        checked += 1
    assert checked >= 10


@needs_endplay
def test_a_2007_lin_set_is_ruled_under_2007(tmp_path: Path) -> None:
    """generate --laws 2007 --format lin: each board says its edition in the commentary pair
    nt|bridge-rulings Laws 2007|, read back: the same ruleset and restorations as the JSON
    lines record; ``new`` writes ``laws: 2007``; ``--laws`` overrides the file."""
    lin_out, records = _generate(tmp_path, ["12", "--kind", "revoke", "--exhaustive", "--laws", "2007", "--seed", "3"])
    text = lin_out.read_text(encoding="utf-8")
    assert text.count("|nt|bridge-rulings Laws 2007|") == 12
    for board, rec in enumerate(records, start=1):
        ours = solved_board(lin_out, board, rec)
        assert ours["ruleset"] == rec["ruling"]["ruleset"] == "2007"
        assert ours["restorations"] == rec["ruling"]["restorations"], board
    made = runner.invoke(app, ["new", str(lin_out), "--board", "3", "--attention", "W"])
    assert made.exit_code == 0, made.output
    assert "\nlaws: 2007\n" in made.stdout
    made = runner.invoke(app, ["new", str(lin_out), "--board", "3", "--attention", "W", "--laws", "2017"])
    assert made.exit_code == 0 and "\nlaws: 2017\n" in made.stdout
    result = runner.invoke(app, ["solve", str(lin_out), "--board", "1", "--json", "--laws", "2017"])
    assert result.exit_code == 0 and json.loads(result.stdout)["ruleset"] == "2017"


@needs_endplay
@pytest.mark.parametrize(("old", "new", "edition"), [
    ("|nt|bridge-rulings Laws 2007|", "|", "2017"),  # no edition said: 2017
    ("|nt|bridge-rulings Laws 2007|", "|nt|bridge-rulings Laws 2017|", "2017"),
    ("|nt|Case ", "|nt|bridge-rulings  Laws  2017 |nt|Case ", "2007"),  # the first one said stands
])
def test_the_edition_a_lin_board_states(old: str, new: str, edition: str, tmp_path: Path) -> None:
    from rulings.models.boardfile import board_case
    from rulings.models.case import parse_case

    lin_out, _ = _generate(tmp_path, ["1", "--kind", "revoke", "--exhaustive", "--laws", "2007"])
    text = lin_out.read_text(encoding="utf-8")
    assert old in text
    lin_out.write_text(text.replace(old, new, 1), encoding="utf-8")
    assert parse_case(board_case(lin_out, 1, "TD"), file=str(lin_out)).laws == edition


@needs_endplay
@pytest.mark.parametrize(("new", "words"), [
    ("bridge-rulings Laws 2010", "LIN pair nt|bridge-rulings Laws 2010|: expected the edition of the Laws, 2017 or 2007"),
    ("bridge-rulings PenaltyCards N C4 huge", "LIN pair nt|bridge-rulings PenaltyCards N C4 huge|: unknown token 'huge'"),
    ("bridge-rulings TricksBefore NS 4 EW 5", "LIN pair nt|bridge-rulings TricksBefore NS 4 EW 5|: 4 + 5 tricks do not add up to "
                                              "the 0 played before trick 1"),
])
def test_a_field_the_commentary_gives_that_cannot_be_read_is_a_located_error(new: str, words: str, tmp_path: Path) -> None:
    lin_out, _ = _generate(tmp_path, ["2", "--kind", "revoke", "--exhaustive"])
    lines = lin_out.read_text(encoding="utf-8").split("\n")
    lines[1] = lines[1].replace("nt|bridge-rulings Laws 2017|", f"\nnt|{new}|nt|bridge-rulings Laws 2017|")  # (the first said)
    lin_out.write_text("\n".join(lines), encoding="utf-8")
    result = runner.invoke(app, ["solve", str(lin_out), "--board", "2"])
    assert result.exit_code == 1, result.output
    assert f"{lin_out}:3: {words}" in result.output, result.output
    assert runner.invoke(app, ["solve", str(lin_out), "--board", "1", "--json"]).exit_code == 0  # the other board reads


@needs_endplay
def test_a_card_played_out_of_turn_is_read_as_its_holders(tmp_path: Path) -> None:
    """LIN names no seat for a card: each is its holder's, so a lead out of turn reads back as
    that player's lead out of turn (said in the notes), and gets the ruling of one."""
    from rulings.models.boardfile import board_case

    text = ("pn|,,,|st||md|1SK63HA842DA93CAJ4,ST75HT96DT85CT763,SAQ4HK73DQJ62CK85,SJ982HQJ5DK74CQ92|rh||ah|Board 3|sv|e|"
            "mb|1N|mb|p|mb|3N|mb|p|mb|p|mb|p|pc|C2|")  # E leads (W was to lead 3NT by S)
    made = board_case(_write(tmp_path / "oot.lin", text + "\n"), 3, "S")
    assert made["play"] == ["E C2", "attention S"]
    assert "E's C2 when it was W's turn (a play out of turn)" in made["notes"]
    result = runner.invoke(app, ["solve", str(tmp_path / "oot.lin"), "--board", "3", "--attention", "S", "--json"])
    assert result.exit_code == 0, result.output
    assert any("out of turn" in i or "when W was to lead" in i for i in json.loads(result.stdout)["irregularities"])


@needs_endplay
def test_a_players_second_card_to_one_trick_is_refused_at_its_pair(tmp_path: Path) -> None:
    """Read in turn, W's second card is N's and not his; read as its holder's, W plays twice to
    the trick: the board is refused at that pair, with the error of the reading in turn."""
    text = ("pn|,,,|st||md|1SK63HA842DA93CAJ4,ST75HT96DT85CT763,SAQ4HK73DQJ62CK85,SJ982HQJ5DK74CQ92|rh||ah|Board 3|sv|e|"
            "mb|1N|mb|p|mb|3N|mb|p|mb|p|mb|p|pc|C3|pc|C7|")  # W leads C3, then W's C7 again
    out = _write(tmp_path / "twice.lin", text + "\n")
    result = runner.invoke(app, ["solve", str(out), "--board", "3"])
    assert result.exit_code == 1
    assert "card C7 (pc|C7|) played by N to trick 1 is not in N's hand: the deal gives it to W" in result.output
    assert "does not read either way" in result.output


@needs_endplay
@pytest.mark.parametrize("kind", BOARD_KINDS)
def test_every_generated_lin_board_reads_back(kind: str, tmp_path: Path) -> None:
    out = tmp_path / f"{kind}.lin"
    result = runner.invoke(app, ["generate", "4", "--kind", kind, "--full-hand", "--format", "lin", "--out", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    for board in range(1, 5):
        result = runner.invoke(app, ["solve", str(out), "--board", str(board), "--attention", "TD", "--json"])
        assert result.exit_code == 0, (board, result.output)


# ----- the record and its claims in nt|bridge-rulings Record|Expect ...| pairs ------------------------
def test_a_record_its_cards_give_back_has_no_pairs_and_the_pairs_add_nothing_else() -> None:
    """A revoke record (its cards and one attention line) is written as solve --lin writes its
    case, with no Record pair; a lead record with a choice after its attention line gets one
    Record pair a line of its play, in order, after the commentary, and the board is otherwise
    the same, byte for byte (its cards stand as LIN holds them)."""
    from rulings.solver.testsets import _record_case, case_lin

    revoke = record("r", random_kind_case("revoke", case_seed(0, 0), full_hand=True), False)
    assert "bridge-rulings Record" not in record_lin(revoke, 1)
    assert record_lin(revoke, 1) == case_lin(_record_case(revoke), "r", revoke["case"]["play"], None, 1)
    mapping = next(m for i in range(40) if not (m := random_kind_case("lead", case_seed(0, i), full_hand=True))["play"][-1]
                   .startswith("attention"))
    rec = record("r", mapping, False)
    text = record_lin(rec, 1)
    pairs = "".join(f"nt|bridge-rulings Record {line}|" for line in mapping["play"])
    assert pairs in text and text.split(pairs)[1].startswith("pg||")
    assert text.replace(pairs, "") == case_lin(_record_case(rec), "r", mapping["play"], None, 1)


@needs_endplay
@pytest.mark.parametrize(("old", "new", "words"), [
    ("|nt|bridge-rulings Record N calls S5|", "|nt|bridge-rulings Record N callz S5|",
     "LIN pair nt|bridge-rulings Record N callz S5| (line 21 of the record): unknown token 'callz' in play line 'N callz S5'"),
    ("|nt|bridge-rulings Record N calls S5|", "|nt|bridge-rulings Record N calls SZ|",
     "LIN pair nt|bridge-rulings Record N calls SZ| (line 21 of the record): bad designation 'SZ' in play line 'N calls SZ'"),
    ("|nt|bridge-rulings Record N calls S5|", "|nt|bridge-rulings Record |",
     "LIN pair nt|bridge-rulings Record| holds no play line: expected one play line a pair, e.g. "
     "nt|bridge-rulings Record S calls SQ|"),
    ("|nt|bridge-rulings Expect count 8|", "|nt|bridge-rulings Expect|",
     "LIN pair nt|bridge-rulings Expect| holds no claim: expected one claim a pair"),
    ("|nt|bridge-rulings Record N calls S5|", "|nt|bridge-rulings Record N SA|nt|bridge-rulings Record N calls S5|",
     "card 'SA' is not in N's hand (it is in S's hand)"),  # (a record that does not fit the deal: a case file's error)
])
def test_malformed_record_and_claim_pairs_are_located_errors(old: str, new: str, words: str, tmp_path: Path) -> None:
    """A Record pair that is no play line, or either pair with no text, is an error at the
    pair's line naming the pair and the token (exit 1); the other boards still read."""
    out = tmp_path / "set.lin"
    result = runner.invoke(app, ["generate", "2", "--kind", "misplay", "--full-hand", "--format", "lin", "--expect-count",
                                 "--out", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert text.count(old) == 1 and text.index(old) < text.index("\n")
    out.write_text("\n" + text.replace(old, "\n" + new), encoding="utf-8")  # (the pair on line 3)
    result = runner.invoke(app, ["solve", str(out), "--board", "1"])
    assert result.exit_code == 1, result.output
    said = " ".join(result.output.split())
    assert f"error: {out}:3: " in said and words in said, said
    assert runner.invoke(app, ["solve", str(out), "--board", "2"]).exit_code == 0  # (the other board reads)


@needs_endplay
def test_verify_checks_the_claims_of_a_lin_set(tmp_path: Path) -> None:
    """generate --expect-count --format lin: each board carries its count claim in an
    nt|bridge-rulings Expect ...| pair, read back into the case's expect; verify SET.lin checks
    them, each board as FILE#N, and a claim that cannot be read is named with its pair and line;
    rulings new writes them as the case's expect."""
    out = tmp_path / "set.lin"
    result = runner.invoke(app, ["generate", "3", "--kind", "exposure", "--full-hand", "--format", "lin", "--expect-count",
                                 "--out", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["verify", str(out)])
    assert result.exit_code == 0, result.output
    assert "3 case files: 3 passed, 0 failed; 3 claims: 3 passed, 0 failed" in result.output
    assert f"ok   {out}#2: 1 claim" in result.output
    text = out.read_text(encoding="utf-8")
    count = text.split("|nt|bridge-rulings Expect ")[1].split("|")[0]
    made = runner.invoke(app, ["new", str(out), "--board", "1"])
    assert made.exit_code == 0 and f"expect:\n- {count}\n" in made.stdout.replace("  - ", "- "), made.stdout
    lines = text.split("\n")
    lines[1] = lines[1].replace(f"|nt|bridge-rulings Expect {count}|", "|nt|bridge-rulings Expect count 999|")
    out.write_text("\n".join(lines), encoding="utf-8")
    result = runner.invoke(app, ["verify", str(out)])
    assert result.exit_code == 1 and "FAIL line 2: count 999" in result.output, result.output
    out.write_text("\n".join(lines).replace("Expect count 999", "Expect cout 2"), encoding="utf-8")
    result = runner.invoke(app, ["verify", str(out)])
    said = " ".join(result.output.split())
    assert result.exit_code == 1, said
    assert f"{out}:2: board 2: LIN pair nt|bridge-rulings Expect cout 2|: unknown token 'cout 2'" in said, said


@needs_endplay
def test_a_pipe_or_line_break_in_a_record_line_is_escaped_and_read_back(tmp_path: Path) -> None:
    """A ``chooses`` line names any choice, so a ``|`` (which ends a LIN value) or a line break
    (which a LIN reader drops) may be in a record's line: the pair writes it as %7C, %0A, and
    ``%`` as %25, and the reader gives the line back as it was."""
    from rulings.models.boardfile import board_case

    mapping = random_kind_case("lead", case_seed(0, 0), full_hand=True)
    mapping = {**mapping, "play": [*mapping["play"], "N chooses a|b 100%25\nc"]}
    text = record_lin(record("r", mapping, False), 1)
    assert "|nt|bridge-rulings Record N chooses a%7Cb 100%2525%0Ac|" in text
    out = _write(tmp_path / "piped.lin", text + "\n")
    assert board_case(out, 1)["play"] == mapping["play"]


@needs_endplay
def test_attention_given_reads_the_pc_pairs_of_a_board_that_gives_its_record_whole(tmp_path: Path) -> None:
    """--attention SEAT reads a board as its cards (as another program does): the fifth card
    is not there, and the notes say the Record pairs were not read; without it the record is
    read, its fifth card ruled."""
    from rulings.models.boardfile import board_case

    out = tmp_path / "set.lin"
    result = runner.invoke(app, ["generate", "1", "--kind", "fifth", "--full-hand", "--format", "lin", "--out", str(out),
                                 "--no-progress"])
    assert result.exit_code == 0, result.output
    cards = board_case(out, 1, "E")
    assert cards["play"][-1] == "attention E" and not any("fifth" in line for line in cards["play"])
    assert "the board's nt|bridge-rulings Record ...| pairs (from line 1)" in cards["notes"]
    whole = board_case(out, 1)
    assert any(line.endswith(" fifth") for line in whole["play"]) and "notes" not in whole


@pytest.mark.parametrize("kind", ["simultaneous", "defective"])
def test_the_cards_stop_where_lin_cannot_hold_them_as_played(kind: str) -> None:
    """The pc pairs of a record given whole are the cards standing as LIN holds them: up to a
    player's second card to a trick, or to a seat skipped in a trick (a card omitted): LIN has
    no gap, and would read the next card as the skipped seat's. No count of the tricks after
    them (TricksAfter) follows a play cut short."""
    from rulings.solver.testsets import _record_case, _standing_tricks

    cut = 0
    for index in range(30):
        rec = record("r", random_kind_case(kind, case_seed(1, index), full_hand=True), False)
        text = record_lin(rec, 1)
        cards = [pair.split("|")[0] for pair in text.split("|pc|")[1:]]
        standing = [card for trick in _standing_tricks(_record_case(rec)) for _seat, card in trick]
        assert standing[: len(cards)] == cards
        if len(cards) < len(standing):
            cut += 1
            assert "TricksAfter" not in text
    assert cut > 0 if kind == "defective" else cut == 0


# ----- solve --lin ----------------------------------------------------------------------------------
PENALTY_CASE = ROOT / "cases" / "penalty" / "own-50d2-partner-leads-before-declarer-chooses.yaml"


@needs_endplay
def test_solve_writes_the_case_and_its_ruling_as_one_lin_board(tmp_path: Path) -> None:
    """A case from trick 1 with a penalty card in force (E's CK): the board gives it in
    nt|bridge-rulings PenaltyCards E CK major|, read back with it; the ruling read back is the
    case's own."""
    from rulings.models.boardfile import board_case

    out = tmp_path / "case.lin"
    result = runner.invoke(app, ["solve", str(PENALTY_CASE), "--lin", str(out), "--json"])
    assert result.exit_code == 0, result.output
    expected = json.loads(result.stdout)
    text = out.read_text(encoding="utf-8")
    assert text.count("\n") == 1 and text.endswith("|\n")
    assert "|nt|bridge-rulings Laws 2017|nt|bridge-rulings PenaltyCards E CK major|" in text
    assert f"|nt|Case {PENALTY_CASE.name}: East has a major penalty card" in text
    assert "|nt|Record: W DA; N D2; E D5; S D3; W DT; attention S|" in text
    assert f"|nt|Expected ruling (Laws 2017): {expected['found']} restoration(s). Irregularity: " in text
    assert "|pc|DA|pc|D2|pc|D5|pc|D3|pg||pc|DT|" in text
    assert board_case(out, 1, "S")["penalty"] == ["E CK major"]
    again = runner.invoke(app, ["solve", str(out), "--attention", "S", "--json"])
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout)["restorations"] == expected["restorations"]
    # --laws: the edition the board says is the one it was ruled under
    result = runner.invoke(app, ["solve", str(PENALTY_CASE), "--lin", str(out), "--laws", "2007"])
    assert result.exit_code == 0, result.output
    assert "|nt|bridge-rulings Laws 2007|" in out.read_text(encoding="utf-8")


def test_solve_lin_escapes_the_pipe_of_a_title(tmp_path: Path) -> None:
    case = tmp_path / "piped.yaml"
    case.write_text(PENALTY_CASE.read_text(encoding="utf-8").replace('title: "East has', 'title: "East|West: East has'),
                    encoding="utf-8")
    out = tmp_path / "piped.lin"
    result = runner.invoke(app, ["solve", str(case), "--lin", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert "|nt|Case piped.yaml: East/West: East has" in text and text.count("|") % 2 == 0


@pytest.mark.parametrize(("make", "why"), [
    (lambda tmp: ROOT / "cases" / "revoke" / "attention-before-trick-complete.yaml", "it starts at trick 3 and its deal is the cards left then"),
    (lambda tmp: _write(tmp / "east-leads.yaml", PENALTY_CASE.read_text(encoding="utf-8").replace(
        "declarer: S\n", "declarer: S\nleader: E\n").replace("  - W DA\n  - N D2\n  - E D5\n", "  - E D5\n")),
     "E is on lead to trick 1; LIN gives the opening lead to declarer's left-hand opponent"),
])
def test_solve_lin_refuses_a_case_it_cannot_hold(make: Any, why: str, tmp_path: Path) -> None:
    out = tmp_path / "mid.lin"
    result = runner.invoke(app, ["solve", str(make(tmp_path)), "--lin", str(out)])
    assert result.exit_code == 1, result.output
    assert f"error: {out}: the case cannot be written as a LIN board: {why}" in " ".join(result.output.split())
    assert "(PBN can hold it: --pbn)" in result.output and "restoration" not in result.output
    assert not out.exists()


#: a record played on after a ruling (its play a flow list on line 7): E's fifth card found led and
#: accepted, then ``resume`` and three cards after it
IN_PARTS = ROOT / "cases" / "combined" / "fifth-card-led-accepted-then-play-resumed.yaml"


def test_solve_lin_refuses_a_record_in_parts_and_pbn_writes_its_restored_play(tmp_path: Path) -> None:
    """A LIN board holds one play sequence: a record played on after a ruling is refused at
    its ``resume`` line (the cards standing at the first attention would drop the rest), and
    ``--pbn`` writes each restoration's play, the cards after ``resume`` included."""
    out = tmp_path / "parts.lin"
    result = runner.invoke(app, ["solve", str(IN_PARTS), "--lin", str(out)])
    assert result.exit_code == 1, result.output
    said = " ".join(result.output.split())
    assert f"error: {out}: the case cannot be written as a LIN board: its record is played on after a ruling" in said, said
    assert f"('resume' at {IN_PARTS}:7)" in said and "the JSON lines and YAML forms hold it" in said
    assert not out.exists()
    pbn = tmp_path / "parts.pbn"
    result = runner.invoke(app, ["solve", str(IN_PARTS), "--pbn", str(pbn)])
    assert result.exit_code == 0, result.output
    play = pbn.read_text(encoding="ascii").split("[Play ")[1].split("*")[0]
    assert all(card in play for card in ("SK", "SA", "S2", "S9"))


def test_a_record_in_parts_is_no_lin_board_or_pbn_game_of_a_test_set() -> None:
    from rulings.solver.casefile import load
    from rulings.solver.testsets import record_pbn

    text = IN_PARTS.read_text(encoding="utf-8")
    import yaml

    mapping = {k: v for k, v in yaml.safe_load(text).items() if k in ("title", "laws", "deal", "contract", "declarer", "play")}
    assert load(IN_PARTS).segments[1]
    for write in (record_lin, record_pbn):
        with pytest.raises(CaseFileError, match=r"cannot be written as a (LIN board|PBN game): its record is played on after a ruling"):
            write(record("parts", mapping, False), 1)


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


# ----- endplay's LIN parser, as a cross-check ------------------------------------------------------
@needs_endplay
def test_endplay_reads_the_generated_lin_boards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """endplay's LIN parser reads each board with the deal, the contract and declarer, the
    board number, the vulnerability and the cards of our reader given --attention (the pc
    pairs; it takes a board's Record and Expect pairs as notes of the last call). (endplay 0.5 counts the
    tricks of a board without a claim by groups of four cards, and fails on a play that stops
    inside a trick, as a record stops where attention was drawn: its count is given the
    complete tricks only.)"""
    from endplay.parsers import lin

    from rulings.models.boardfile import board_case

    counted = lin.total_tricks
    monkeypatch.setattr(lin, "total_tricks", lambda play, denom: counted(play[: len(play) // 4 * 4], denom))
    for args in (["8", "--kind", "revoke", "--full-hand"], ["8", "--kind", "lead", "--full-hand", "--seed", "1"],
                 ["8", "--kind", "revoke", "--exhaustive"], ["8", "--kind", "misplay", "--full-hand", "--expect-count"],
                 ["8", "--kind", "defective", "--full-hand"], ["8", "--kind", "mixed", "--full-hand", "--seed", "2"]):
        out = tmp_path / "set.lin"
        res = runner.invoke(app, ["generate", *args, "--format", "lin", "--with-ruling", "--out", str(out), "--no-progress"])
        assert res.exit_code == 0, res.output
        boards = lin.loads(out.read_text(encoding="utf-8"))
        assert len(boards) == 8
        for number, b in enumerate(boards, start=1):
            ours = board_case(out, number, "TD")
            strain = "NT" if b.contract.denom.name == "nt" else b.contract.denom.name[0].upper()
            doubled = {"passed": "", "doubled": "X", "redoubled": "XX"}[b.contract.penalty.name]
            assert b.board_num == number
            assert Deal.parse(b.deal.to_pbn()) == Deal.parse(ours["deal"])
            assert (f"{b.contract.level}{strain}{doubled}", b.contract.declarer.abbr) == (ours["contract"], ours["declarer"])
            assert b.vul.name == {"o": "none", "n": "ns", "e": "ew", "b": "both"}[LIN_VUL[(number - 1) % 16]]
            cards = [line.split()[1] for line in ours["play"] if len(line.split()) == 2 and not line.startswith("attention")]
            assert ["SHDC"[c.suit.value] + c.rank.name[1:] for c in b.play] == cards
