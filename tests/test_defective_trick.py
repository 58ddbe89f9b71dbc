"""A defective trick with a card omitted (67A1, 67B1): the ``<seat> omits`` play line, the table
it leaves (a trick quitted with three cards, card conservation), the rulings, and the located
errors for a line used where it cannot stand (docs/case-format.md, docs/defective-trick-rules.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulings.models.cards import Card, Seat
from rulings.models.errors import CaseFileError, IllegalActionError, NotationError
from rulings.models.events import Omit, PlayLine
from rulings.solver.casefile import load
from rulings.solver.cli import app
from rulings.solver.ruling import Ruling

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]
FULL_DEAL = '"N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"'
HEAD = f"title: t\nsource: s\nnotes: n\ndeal: {FULL_DEAL}\ncontract: 4S\ndeclarer: S\nplay:\n"


def _write(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "case.yaml"
    path.write_text(HEAD + "".join(f"  - {x}\n" for x in lines))
    return path


def test_the_line_parses() -> None:
    event = PlayLine.parse("w OMITS", line=3)
    assert isinstance(event, Omit)
    assert event.seat is Seat.W
    assert str(event) == "W omits"


def test_a_token_after_omits_is_named() -> None:
    with pytest.raises(NotationError) as err:
        PlayLine.parse("W omits H5", line=7)
    assert err.value.token == "H5"
    assert "'omits' takes nothing after it" in str(err.value)


def _replay(tmp_path: Path, lines: list[str]) -> object:
    return load(str(_write(tmp_path, lines))).replay()


def test_the_trick_is_quitted_with_three_cards_and_won_by_them(tmp_path: Path) -> None:
    """South omits at trick 1: the trick is complete at three cards, dummy's DA wins it, and
    the next card (North's) leads trick 2 in turn; every card is in one place."""
    replay = _replay(tmp_path, ["W DQ", "N DA", "E D4", "S omits", "N S3", "attention E"])
    table = replay.table  # type: ignore[attr-defined]
    t1, t2 = table.trick(1), table.trick(2)
    assert t1.is_complete and t1.short is Seat.S and len(t1.plays) == 3
    assert t1.winner(table.trumps) is Seat.N
    assert t2.plays == ((Seat.N, Card.parse("S3")),) and not table.out_of_turn
    assert table.omissions == ((1, Seat.S, None),)
    assert len(table.hand(Seat.S)) == 13 and len(table.hand(Seat.N)) == 11
    assert _conserved(table)


def test_a_seat_omitting_in_the_middle_is_skipped_in_rotation(tmp_path: Path) -> None:
    """East omits second to play: South and West follow in turn and the trick ends with them."""
    replay = _replay(tmp_path, ["W DQ", "N DA", "E omits", "S D7", "N S3", "attention E"])
    table = replay.table  # type: ignore[attr-defined]
    assert table.trick(1).plays[-1] == (Seat.S, Card.parse("D7"))
    assert table.trick(2).plays == ((Seat.N, Card.parse("S3")),)
    assert not table.out_of_turn and not table.revokes


def _conserved(table: object) -> bool:
    cards = [c for t in table.tricks for _, c in t.plays]  # type: ignore[attr-defined]
    cards += [c for s in Seat for c in table.hand(s)]  # type: ignore[attr-defined]
    return len(cards) == 52 and len(set(cards)) == 52


@pytest.mark.parametrize("name", sorted(p.name for p in (ROOT / "cases" / "defective").glob("*.yaml")))
def test_every_restoration_keeps_each_card_in_one_place(name: str) -> None:
    """67A1 and 67B1 move one card from the offender's hand to the defective trick (and 44G
    a lead back to its hand): 52 cards, each once, in every restoration."""
    case = load(str(ROOT / "cases" / "defective" / name))
    leaves = list(Ruling(case).restorations())
    assert leaves
    for leaf in leaves:
        table = leaf.node.table
        cards = [c for t in table.tricks for _, c in t.plays] + [c for s in Seat for c in table.hand(s)]
        assert len(cards) == len(set(cards)), name
        first = {c for s in Seat for c in case.deal[s].cards}
        assert set(cards) == first, name


def test_the_placed_card_does_not_change_the_winner() -> None:
    """67B1: the card placed among the played cards wins nothing, even a winning one."""
    case = load(str(ROOT / "cases" / "defective" / "67b1a-found-at-end-of-play-one-trick-2017.yaml"))
    (leaf,) = list(Ruling(case).restorations())
    t10 = leaf.node.table.trick(10)
    assert t10.card_of(Seat.W) == Card.parse("H7") and t10.winner(leaf.node.table.trumps) is Seat.N


@pytest.mark.parametrize(("lines", "line", "words"), [
    (["W DQ", "N DA", "E D4", "S D7", "N omits", "attention E"], 12, ["no trick is in progress", "'N omits'"]),
    (["W omits", "attention E"], 8, ["no trick is in progress"]),
    (["W DQ", "N DA", "S omits", "attention E"], 10, ["it is E's turn in trick 1, not S's"]),
    (["W DQ", "N omits", "E omits", "attention S"], 10, ["N already played no card to trick 1"]),
    (["W DQ", "N DA", "E D4", "attention E", "S omits"], 12, ["before the 'attention' line (line 11)"]),
    (["W DQ", "N DA", "E D4", "S D7", "remaining NS 10 EW 2", "N omits", "attention E"], 13, ["play ended at line 12"]),
    (["W DQ", "N DA", "E D4", "S omits now", "attention E"], 11, ["unknown token 'now'", "'omits' takes nothing after it"]),
])
@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_an_omission_where_none_can_stand_is_a_located_error(
        tmp_path: Path, lines: list[str], line: int, words: list[str], json_flag: list[str]) -> None:
    path = _write(tmp_path, lines)
    res = runner.invoke(app, ["solve", str(path), *json_flag])
    assert res.exit_code == 1, res.output
    assert f"{path}:{line}: " in res.output, res.output
    for w in words:
        assert w in res.output, res.output
    assert "Traceback" not in res.output


def test_verify_reports_the_error_and_goes_on(tmp_path: Path) -> None:
    path = _write(tmp_path, ["W DQ", "N DA", "S omits", "attention E"])
    res = runner.invoke(app, ["verify", str(path)])
    assert res.exit_code == 1, res.output
    assert f"{path}:10: " in res.output and "CRASH" not in res.output


def test_the_table_refuses_an_omission_out_of_turn() -> None:
    from rulings.models.contract import Contract
    from rulings.models.deal import Deal
    from rulings.models.table import TableState

    table = TableState.start(Deal.parse(FULL_DEAL.strip('"')), Contract.parse("4S"), Seat.S).play(Seat.W, Card.parse("DQ"))
    with pytest.raises(IllegalActionError):
        table.omit(Seat.E)
    assert table.omit(Seat.N).trick(1).next_seat is Seat.E


#: a trick quitted with three cards (trick 1), then a call from dummy that names no card of
#: his (it holds dummy's place on trick 3, 46B): three tricks are complete at the last line
_THREE_DONE = ["W DQ", "N DA", "E D4", "S omits", "N C2", "E C5", "S C7", "W CA", "W HJ", "S calls low", "E HQ", "S HA"]


@pytest.mark.parametrize(("last", "error"), [
    ("remaining NS 7 EW 3", None),
    ("S claims 10", None),
    ("remaining NS 7 EW 4", "counts 11 tricks, but 10 are left to play (after trick 3)"),
    ("S claims 11", "S claims 11 tricks, but only 10 are left to play (after trick 3)"),
])
def test_the_tricks_left_count_a_trick_quitted_with_three_cards(tmp_path: Path, last: str, error: str | None) -> None:
    """A claim or remaining line after a call that holds dummy's place on its trick counts the
    tricks from the record's lines: the defective trick is complete at its three cards (67)."""
    path = _write(tmp_path, [*_THREE_DONE, last])
    if error is None:
        load(str(path)).replay()
        return
    with pytest.raises(CaseFileError) as err:
        load(str(path)).replay()
    assert error in str(err.value) and f"{path}:20" in str(err.value)


@pytest.mark.parametrize(("lines", "completes", "dummy_in"), [
    (["W DQ", "N DA", "E D4", "S omits"], False, False),  # (trick 2 not begun: dummy leads it)
    (["W DQ", "N DA", "E D4", "S omits", "N C2"], False, True),
    (["W DQ", "N DA", "E D4", "S omits", "N C2", "E C5", "S C7"], True, True),
    (["W DQ", "N omits", "E D4"], True, False),  # (South's card completes a trick short of North)
    (["W DQ", "N omits"], False, False),
])
@pytest.mark.parametrize("held", [0, 1, 2])
def test_the_trick_in_progress_after_an_omission(tmp_path: Path, lines: list[str], completes: bool, dummy_in: bool,
                                                 held: int) -> None:
    """Whether the next card completes the trick in progress, and whether dummy has a card in
    it, read the table's tricks: a trick a seat played no card to is complete at three. The
    same with the last ``held`` cards not placed yet, as the reader holds them in a batch."""
    from rulings.models.case import _completes, _dummy_in_trick

    cards = 0
    for x in reversed(lines):
        if x.endswith("omits"):
            break
        cards += 1
    held = min(held, cards)
    placed = lines[:len(lines) - held]
    batch = [(Seat[x.split()[0]], Card.parse(x.split()[1])) for x in lines[len(lines) - held:]]
    table = _replay(tmp_path, [*placed, "attention E"]).table  # type: ignore[attr-defined]
    assert _completes(table, batch) is completes
    assert _dummy_in_trick(table, batch, Seat.N) is dummy_in


def test_the_card_placed_under_67b1_is_held_until_the_ruling_in_a_replay_from_the_deal() -> None:
    """67B1: the card West places on the defective trick leaves his hand at the ruling, so
    on trick 11 (hearts led) he held it, and his diamond discard there is a revoke. The
    restored table, replayed from the deal (the card on trick 10 as that trick closes), keeps
    that revoke: the card is placed there but counted as held at the later tricks."""
    path = ROOT / "cases" / "defective" / "67b1a-later-discard-while-holding-the-card-placed-is-a-revoke-64b2-2017.yaml"
    (restored,) = list(Ruling(load(path)).restorations())
    table = restored.table
    plays = [(s, c) for t in table.tricks for s, c in t.plays if not (t.number == 10 and s is Seat.W)]
    again = table.restart().play_many(plays)
    assert again.trick(10).card_of(Seat.W) == Card.parse("H7")
    revokes = {(r.trick, r.seat, r.card, r.deemed) for r in again.revokes}
    assert revokes == {(10, Seat.W, Card.parse("H7"), True), (11, Seat.W, Card.parse("D5"), False)}


def test_an_omission_a_record_no_longer_leaves_defective_is_an_error_at_its_line(tmp_path: Path) -> None:
    """A record whose later cards leave the trick of an ``omits`` line not defective for that
    seat when the ruling supplies or places his card: the error names the file and the
    ``omits`` line (exit 1), never an unlocated message."""
    text = "\n".join([
        "laws: 2017",
        "deal: N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6",
        "contract: 4S",
        "declarer: S",
        "play:",
        "- W DQ",
        "- N DA",
        "- E D4",
        "- S omits",
        "- N C2",
        "- S C7",
        "- W CA",
        "- N omits",
        "- W HJ",
        "- S calls low",
        "- E HQ",
        "- S HA",
        "- remaining NS 7 EW 3",
        "",
    ])
    path = tmp_path / "omits.yaml"
    path.write_text(text)
    line = text.splitlines().index("- N omits") + 1
    result = CliRunner().invoke(app, ["solve", str(path)])
    assert result.exit_code == 1, result.output
    assert f"{path}:{line}:" in result.output, result.output
    assert "Traceback" not in result.output
