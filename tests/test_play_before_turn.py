"""A defender's card put down before his turn in a trick, written in play order, his own card
to the trick at his turn following (``TableState.held_back``, ``PlayBeforeTurn``): the reader
holds the first card back and the rules rule it as the same card written ``<seat> plays
<card> simultaneous`` (57D; 2007 49, 50). docs/case-format.md, docs/decisions.md."""

from __future__ import annotations

import pytest

from rulings.models.cards import Card, Seat
from rulings.models.case import line_kinds_of
from rulings.models.errors import RulingError
from rulings.models.events import Play, PlayBeforeTurn
from rulings.solver.casefile import loads
from rulings.solver.ruling import Ruling

_RECORD = """title: a card at dummy's turn, then the defender's own card at his turn
laws: {laws}
deal: "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"
contract: 4S
declarer: S
play: [W CA, N C2, E C5, S C7, W DQ, {first}, {rest}]
"""
_C1X = "N D2, E D4, S DK, S HA, W H7, N H3, E HK, attention W"


def _record(laws: str = "2017", first: str = "E H4", rest: str = _C1X) -> str:
    return _RECORD.format(laws=laws, first=first, rest=rest)


def _outcomes(text: str) -> list[tuple[object, ...]]:
    """Each restoration as its tricks, withdrawn cards, penalty cards and 16C ledger."""
    out = []
    for r in Ruling(loads(text)).restorations():
        table = r.node.table
        out.append((tuple(t.plays for t in table.tricks), tuple(sorted(str(w.card) for w in table.withdrawn)),
                    tuple(sorted((str(p.seat), str(p.card), str(p.kind)) for p in table.penalty_cards)),
                    tuple(sorted(str(i) for i in r.node.ledger))))
    return sorted(out, key=repr)


def test_the_reader_holds_the_card_back_and_lists_it_as_not_applied() -> None:
    replay = loads(_record()).replay()
    trick = replay.table.trick(2)
    assert trick is not None
    assert trick.plays == ((Seat.W, Card.parse("DQ")), (Seat.N, Card.parse("D2")), (Seat.E, Card.parse("D4")),
                           (Seat.S, Card.parse("DK")))
    (held,) = replay.unapplied
    assert isinstance(held, PlayBeforeTurn) and (held.seat, held.card, held.line) == (Seat.E, Card.parse("H4"), 6)
    assert replay.before[5] is held and str(held) == "E H4"
    # (the cards standing before each line: the held card places none)
    assert replay.applied_before[5:8] == (5, 5, 6)
    assert PlayBeforeTurn in replay.line_kinds


@pytest.mark.parametrize("laws", ["2017", "2007"])
@pytest.mark.parametrize(("first", "rest"), [
    ("E H4", _C1X),  # an unlawful card, then a penalty card not played (52)
    ("E H4", "N D2, E D4, attention W"),
    ("E D5", "N D2, E D4, S DK, attention W"),  # a lawful card (2017 57D: a revoke; 2007: 52)
    ("E D5", "N D2, E D4, attention W"),
    ("E H4", "N D2, E D4, S DK, remaining NS 9 EW 2, attention W"),
])
def test_the_play_order_form_is_ruled_as_the_simultaneous_form(laws: str, first: str, rest: str) -> None:
    plain = _record(laws, first, rest)
    together = _record(laws, first.replace("E ", "E plays ") + " simultaneous", rest)
    assert _outcomes(plain) == _outcomes(together) != []
    ruling = Ruling(loads(plain))
    assert not [n for n in ruling.notices if "not yet ruled" in n.text]
    assert "58A" not in " ".join(ruling.irregularities)


def test_a_second_card_not_at_his_turn_stays_refused() -> None:
    """East's D4 put down right after his H4, before dummy played: not at his turn, so
    nothing is held back, and the record is refused at the second card, naming the reading."""
    with pytest.raises(RulingError) as err:
        Ruling(loads(_record(first="E H4", rest="E D4, N D2, S DK, attention W")))
    assert err.value.line == 6 and err.value.token == "D4"  # (the play list is on line 6)
    assert "E plays a second card (D4) to trick 2 after H4" in str(err.value)
    assert "held back when he then plays another card to the trick at his own turn" in str(err.value)


def test_a_card_after_the_trick_holds_a_card_of_each_seat_is_a_lead() -> None:
    """East's D4 after declarer's DK: the trick held a card of each player (the H4 among
    them), so the D4 is his lead to trick 3, out of turn (declarer won); nothing held back."""
    ruling = Ruling(loads(_record(first="E H4", rest="N D2, S DK, E D4, attention W")))
    assert not [e for e in ruling.replay.unapplied if isinstance(e, PlayBeforeTurn)]
    assert any("E led ♦4 to trick 3" in i or "E led D4 to trick 3" in i for i in ruling.irregularities)


def test_line_kinds_of_names_a_held_play_only_where_a_seat_plays_twice_in_a_trick() -> None:
    plays = [Play(s, Card.parse(c)) for s, c in [(Seat.W, "CA"), (Seat.N, "C2"), (Seat.E, "C5"), (Seat.S, "C7"),
                                                 (Seat.W, "DQ"), (Seat.N, "D2"), (Seat.E, "D4"), (Seat.S, "DK"),
                                                 (Seat.S, "HA")]]
    assert PlayBeforeTurn not in line_kinds_of(plays)
    held = [*plays[:5], Play(Seat.E, Card.parse("H4")), *plays[5:]]
    assert PlayBeforeTurn in line_kinds_of(held)
