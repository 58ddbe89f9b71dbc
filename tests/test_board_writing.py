"""What the PBN and LIN writers refuse, and what they carry of how play ended
(docs/pbn-lin.md, "Writing"): a board is written only when it reads back through our reader
as the play it gives; a record whose play went on to the end with the tricks after its last
card counted (``remaining NS n EW m``) gives the count in the ``TricksAfter`` tag (LIN: its
``nt`` pair), read back as that line, so the Law 64 transfer is ruled again; a test set's
record is written from its mapping without a YAML round trip, the output the same."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from rulings.models.boardfile import lin_play_problem, pbn_game, play_problem
from rulings.models.errors import CaseFileError
from rulings.solver.cli import app
from rulings.solver.generate import KINDS, case_seed, random_kind_case
from rulings.solver.testsets import record, record_lin, record_pbn

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from readback import solved_board  # noqa: E402

runner = CliRunner()
needs_endplay = pytest.mark.skipif(importlib.util.find_spec("endplay") is None,
                                   reason="endplay (the 'dds' extra) is not installed: PBN and LIN files are read through it")

LEADS = ROOT / "cases" / "leads"
EXPOSURE = ROOT / "cases" / "exposure"


# ----- refused before writing ---------------------------------------------------------------------
@pytest.mark.parametrize(("case", "why"), [
    # East's lead out of turn refused, West's CA led before declarer's choice, then his DQ: the
    # cards as played put two of West's cards in trick 1
    (LEADS / "own-54d-refused-correct-leader-leads-then-declarer-leaves-another-card-led-52b1b.yaml",
     "trick 1 holds two of W's cards (CA, DQ): a trick holds one card of each player"),
    # West's CA taken back as a penalty card and led again: no one sequence of the cards
    (LEADS / "own-54d-refused-correct-leader-leads-then-declarer-requires-play-goes-on.yaml",
     "its cards, applied in the order played, are no one play of the deal (line 20: card 'CA' was already played by W)"),
    # West puts a second card down before declarer has played to trick 2
    (EXPOSURE / "own-58b2-then-defender-puts-down-a-second-card-after-partner-before-declarer.yaml",
     "trick 2 holds two of W's cards (DJ, HJ)"),
    # East's refused lead, then play went on: read as played, the tricks would shift by a card
    (LEADS / "own-54d-refusal-and-50d2b-said-at-the-table-play-goes-on.yaml", "trick 1 holds two of E's cards (HK, C5)"),
])
def test_solve_lin_refuses_cards_a_lin_board_cannot_hold(case: Path, why: str, tmp_path: Path) -> None:
    """The cards standing in the order played would not read back (a player's second card
    to a trick, a card taken back and played again): refused before solving, nothing written."""
    out = tmp_path / "case.lin"
    result = runner.invoke(app, ["solve", str(case), "--lin", str(out)])
    assert result.exit_code == 1, result.output
    said = " ".join(result.output.split())
    assert f"error: {out}: the case cannot be written as a LIN board: " in said, said
    assert why in said, said
    assert "restoration" not in said.split("(--pbn")[0]
    assert not out.exists()


def test_solve_pbn_refuses_a_restored_play_with_a_trick_short_of_a_card(tmp_path: Path) -> None:
    """West's HJ stands as his lead to trick 3 before South played to trick 2, and play went on
    uncounted: a PBN play section cannot say who won trick 2 (our reader refuses such a row):
    nothing is written, the reason named."""
    case = EXPOSURE / "own-58b2-then-defender-puts-down-a-second-card-after-partner-then-play-went-on-to-the-end.yaml"
    out = tmp_path / "case.pbn"
    result = runner.invoke(app, ["solve", str(case), "--pbn", str(out)])
    assert result.exit_code == 1, result.output
    said = " ".join(result.output.split())
    assert (f"error: {out}: restoration 1's play cannot be written as a PBN game: trick 2 holds 3 cards (S's is missing) "
            "when W's HJ is played to trick 3: who won trick 2, and so who leads trick 3, is not known") in said, said
    assert not out.exists()


def test_the_writers_refuse_a_play_they_would_misplace() -> None:
    deal = "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"
    two = [[("W", "DQ"), ("N", "D2"), ("E", "D4"), ("W", "DJ")]]
    with pytest.raises(CaseFileError, match=r"trick 1 holds two of W's cards \(DQ, DJ\)"):
        pbn_game(deal=deal, contract="4S", declarer="S", tricks=two)
    short = [[("W", "DQ"), ("N", "D2"), ("E", "D4"), ("S", "D7")], [("W", "DJ"), ("N", "D3")], [("S", "SA")]]
    assert play_problem(short) == ("trick 2 holds 2 cards (E's, S's are missing) when S's SA is played to trick 3: who won "
                                   "trick 2, and so who leads trick 3, is not known")
    from rulings.models import Deal

    assert lin_play_problem(Deal.parse(deal), "S", "S", short[:2]) is None


# ----- how play ended ---------------------------------------------------------------------------
def _generate(tmp_path: Path, fmt: str, n: int, *extra: str) -> tuple[Path, list[dict[str, Any]]]:
    board_out, jsonl_out = tmp_path / f"set.{fmt}", tmp_path / "set.jsonl"
    for out in (board_out, jsonl_out):
        result = runner.invoke(app, ["generate", str(n), "--kind", "established", "--with-ruling", "--out", str(out),
                                     "--no-progress", *extra])
        assert result.exit_code == 0, result.output
    return board_out, [json.loads(line) for line in jsonl_out.read_text(encoding="utf-8").splitlines()]


@needs_endplay
@pytest.mark.parametrize(("fmt", "extra"), [("pbn", ()), ("lin", ("--full-hand",))])
def test_tricks_counted_after_the_play_read_back_with_the_law_64_transfer(fmt: str, extra: tuple[str, ...],
                                                                          tmp_path: Path) -> None:
    """An established record ending on ``remaining NS n EW m``: the board gives the count
    (PBN ``[TricksAfter "NS n EW m"]``, LIN ``nt|bridge-rulings TricksAfter NS n EW m|``) and
    declarer's tricks in all (PBN ``Result``, LIN ``mc``); read back, the record ends on the
    same line, and the ruling, its transfer included, is the JSON lines record's."""
    from rulings.models.boardfile import board_case

    path, records = _generate(tmp_path, fmt, 24, *extra)
    text = path.read_text(encoding="utf-8")
    checked = 0
    for board, rec in enumerate(records, start=1):
        play = rec["case"]["play"]
        if not (play[-2].startswith("remaining ") and play[-1].startswith("attention ")):
            continue
        count = play[-2].split(" ", 1)[1]
        assert (f'[TricksAfter "{count}"]' if fmt == "pbn" else f"|nt|bridge-rulings TricksAfter {count}|") in text
        seat = play[-1].split()[1]
        assert board_case(path, board, seat)["play"][-2:] == play[-2:]
        ours = solved_board(path, board, rec)
        assert ours["restorations"] == rec["ruling"]["restorations"], board
        assert all(r.get("transfer") is not None for r in ours["restorations"]), board  # (Law 64 counted)
        checked += 1
    assert checked >= 3


def test_declarers_tricks_in_all_are_the_result() -> None:
    """Declarer N, NS 1 trick before the record and 1 after it: Result (PBN) and mc (LIN) give
    NS's tricks in all."""
    mapping = random_kind_case("established", case_seed(0, 0), full_hand=True)
    while not mapping["play"][-2].startswith("remaining"):  # (a record whose play was counted to the end)
        mapping = random_kind_case("established", case_seed(0, len(mapping["play"]) + 7), full_hand=True)
    rec = record("est", mapping, False)
    from rulings.solver.testsets import _record_case, play_end

    case = _record_case(rec)
    table = case.replay().table
    after, result = play_end(case, table)
    side = case.declarer.side
    ns, ew = (int(w) for w in mapping["play"][-2].split()[2::2])
    assert after == [("TricksAfter", f"NS {ns} EW {ew}")]
    assert result == table.tricks_won()[side] + (ns if str(side) == "NS" else ew)
    assert f'[Result "{result}"]' in record_pbn(rec, 1)
    assert record_lin(rec, 1).endswith(f"|mc|{result}|")


@needs_endplay
@pytest.mark.parametrize(("value", "words"), [
    ("NS 9 EW 9", "tag TricksAfter 'NS 9 EW 9': 9 + 9 tricks do not add up to the"),
    ("NS one", "tag TricksAfter 'NS one': expected 'NS <n> EW <m>'"),
])
def test_a_tricks_after_tag_that_cannot_be_read_is_a_located_error(value: str, words: str, tmp_path: Path) -> None:
    path, records = _generate(tmp_path, "pbn", 12)
    text = path.read_text(encoding="utf-8")
    board = next(i for i, rec in enumerate(records, start=1) if rec["case"]["play"][-2].startswith("remaining "))
    start = text.index(f'[Board "{board}"]')
    tag = text.index("[TricksAfter ", start)
    line = text[:tag].count("\n") + 1
    bad = text[:tag] + f'[TricksAfter "{value}"]' + text[text.index("\n", tag) - 1:]
    path.write_text(bad, encoding="utf-8", newline="")
    result = runner.invoke(app, ["solve", str(path), "--board", str(board)])
    assert result.exit_code == 1, result.output
    assert f"{path}:{line}: " in result.output and words in " ".join(result.output.split()), result.output


def test_a_claim_not_carried_is_said_in_the_commentary() -> None:
    """solve --lin writes the cards and no record pairs: the claim is not carried, and the
    commentary says so; a test set's record carries it in its record section or pairs, and
    says nothing of the kind."""
    from rulings.solver.testsets import _record_case, case_lin

    mapping = {"title": "claim", "laws": 2017, "deal": "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6",
               "contract": "4S", "declarer": "S", "play": ["W DQ", "N D2", "E D4", "S D7", "S claims 12", "attention W"]}
    rec = record("claim", mapping, False)
    said = "Not carried: the claim 'S claims 12': PBN and LIN have no syntax for it"
    assert said in " ".join(case_lin(_record_case(rec), "claim", mapping["play"]).split())
    for text in (record_pbn(rec, 1), record_lin(rec, 1)):
        assert "S claims 12" in text and said not in " ".join(text.split())
    assert '"S claims 12"' in record_pbn(rec, 1) and "|nt|bridge-rulings Record S claims 12|" in record_lin(rec, 1)


# ----- a record's case, built from its mapping ------------------------------------------------------
@pytest.mark.parametrize("kind", KINDS)
def test_a_records_board_is_written_from_its_mapping_as_from_its_case_file(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """record_pbn and record_lin build the case from the record's mapping (no YAML written and
    read back: ``dump_case`` is not called), and write what the case file read back gives."""
    from rulings.solver import testsets
    from rulings.solver.casefile import loads
    from rulings.solver.generate import dump_case

    recs = [record(f"{kind}-{i}", random_kind_case(kind, case_seed(3, i), full_hand=True), False) for i in range(40)]

    def via_yaml(rec: dict[str, Any]) -> Any:
        return loads(dump_case(rec["case"]), file=str(rec["id"]))

    with monkeypatch.context() as m:
        m.setattr(testsets, "_record_case", via_yaml)
        expected = [(record_pbn(rec, i), record_pbn(rec, i, markers=False), record_lin(rec, i)) for i, rec in enumerate(recs, 1)]

    def no_yaml(_case: dict[str, Any]) -> str:
        raise AssertionError("a record's case went through YAML")

    monkeypatch.setattr(testsets, "dump_case", no_yaml)
    got = [(record_pbn(rec, i), record_pbn(rec, i, markers=False), record_lin(rec, i)) for i, rec in enumerate(recs, 1)]
    assert got == expected


@needs_endplay
@pytest.mark.parametrize("case", [
    # trick 1 quitted with three cards (67), the count given after attention
    ROOT / "cases" / "defective" / "67a1-declarer-omits-attention-at-once-2017.yaml",
    # East's two cards put down together: one stands, the trick short of a card, the count of 12 after it
    EXPOSURE / "own-58b2-cards-together-then-play-went-on-to-the-end.yaml",
])
def test_a_count_that_would_not_read_back_is_not_carried_and_said(case: Path, tmp_path: Path) -> None:
    """A ``remaining`` line that, read back after the cards standing, would not add up to the
    tricks left is not written as the TricksAfter pair (nor the result as mc): the commentary
    says so, and the board reads back."""
    out = tmp_path / "case.lin"
    result = runner.invoke(app, ["solve", str(case), "--lin", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert "TricksAfter" not in text and "|mc|" not in text
    assert "|nt|Not carried: 'remaining NS 10 EW 2': read back, it would not count the tricks after the cards standing" in text
    again = runner.invoke(app, ["solve", str(out), "--attention", "E", "--json"])
    assert again.exit_code == 0, again.output
