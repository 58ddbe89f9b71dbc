"""The cards a 47E1 retraction takes back, as facts of the table and the record.

The misinformation rules (solver/rulesets/misinformation.py) retract them; the establishment
of a revoke (solver/establishment.py, 63A1) does not count them in 2017. They live here,
below the rule sets, so that no rule family imports another.

A ``<seat> misinformed`` line names the next card that seat put down after it: when that card
is a lead or play out of turn, not made at his own turn, 47E1 takes it back. With it go the
cards its trick holds after it that were not played at their players' own turns on the trick
without it (every card played to a lead taken back), and every later trick. A card played
after it at its player's own turn on the trick without it stands: 47E1 takes back the lead or
play the misinformed player made, nothing else, and 47D, which lets a player change a card
after an opponent's change of play, covers only the cards played in rotation after the card
changed (docs/decisions.md, "Cards played after a card 47E1 retracts").
"""

from __future__ import annotations

from rulings.models.cards import Card, Seat
from rulings.models.case import Replay
from rulings.models.events import Misinformed
from rulings.models.table import TableState

#: a card on the table, as (trick, seat, card)
Placed = tuple[int, Seat, Card]


def plays_before(replay: Replay, event: object) -> int:
    """How many cards stood as played when ``event`` (a line of the record) happened, as the
    replay placed them (a call of dummy's card, a card named from the hand, is a play): its
    index in ``replay.table.plays()``. In a part of the record played on after a ruling the
    cards of the parts before it count too (``Replay.applied_before``), as they stand first
    among the table's plays."""
    for e, k in zip(replay.before, replay.applied_before, strict=True):
        if e is event:
            return k
    return sum(1 for _ in replay.table.plays())


def at_his_turn(table: TableState, trick_no: int, seat: Seat, card: Card) -> bool:
    """Whether ``seat``'s ``card``, which the table counts out of turn, was played at his own
    turn: not the trick's lead, no card of his before it there, and every seat before him in
    rotation from the leader has played (the card of the player whose turn it was before it,
    57D, or of his partner before him, 57A, came early). Told it was his turn, he was not
    misinformed: 47E1 has no card to retract, and the line settles nothing."""
    trick = table.trick(trick_no)
    if trick is None or (seat, card) not in trick.plays:
        return False
    k = trick.plays.index((seat, card))
    if k == 0:
        return False
    return _in_turn(trick.plays[0][0], [s for s, _ in trick.plays[:k]], seat)


def _in_turn(leader: Seat, before: list[Seat], seat: Seat) -> bool:
    """Whether ``seat`` plays at his own turn to a trick led by ``leader`` whose cards before
    his are those of ``before``: he has none there, and he is the first in rotation from the
    leader who has not played."""
    rotation = (leader.next(1), leader.next(2), leader.next(3))
    return seat not in before and next((s for s in rotation if s not in before), None) is seat


def misinformed_card(replay: Replay, event: Misinformed) -> Placed | None:
    """The card 47E1 takes back for the ``misinformed`` line ``event`` of the record around
    ``replay.table``: the next card its seat put down after it, when that card is a lead or
    play out of turn not made at his own turn; None otherwise (the line settles nothing)."""
    table = replay.table
    k = plays_before(replay, event)
    mine = next((p for i, p in enumerate(table.plays()) if i >= k and p[1] is event.seat), None)
    if mine is None:
        return None
    trick_no, seat, card = mine
    if table.played_out_of_turn(trick_no, seat, card) is None or at_his_turn(table, trick_no, seat, card):
        return None
    return trick_no, seat, card


def taken_back(table: TableState, trick_no: int, seat: Seat, card: Card) -> list[Placed]:
    """The cards 47E1 takes back with ``seat``'s misinformed ``card`` on trick ``trick_no``,
    in the order played: that card; the cards of its trick after it from the first one not
    played at its player's own turn on the trick without it (all of them after a lead); and
    every card of a later trick (a trick taken back, or left incomplete, leaves no trick after
    it standing)."""
    trick = table.trick(trick_no)
    assert trick is not None
    # The card named, not the seat's first card on the trick (a seat may have played twice).
    pos = next((k for k, p in enumerate(trick.plays) if p == (seat, card)), trick.position_of(seat))
    assert pos is not None
    back = [(trick_no, seat, trick.plays[pos][1])]
    stays = [s for s, _ in trick.plays[:pos]]
    rest = trick.plays[pos + 1 :]
    k = 0
    if pos:
        leader = trick.plays[0][0]
        while k < len(rest) and _in_turn(leader, stays, rest[k][0]):
            stays.append(rest[k][0])
            k += 1
    back += [(trick_no, s, c) for s, c in rest[k:]]
    return back + [(t.number, s, c) for t in table.tricks if t.number > trick_no for s, c in t.plays]


def misinformed_side_retractions(replay: Replay) -> frozenset[Placed]:
    """The cards the 47E1 retractions of the record around ``replay.table`` take back of the
    side that was misinformed: each misinformed card and the cards of his partner that go
    back with it (:func:`taken_back`: played to his lead). Those of the side that misinformed
    are left out: that side was told nothing wrong. Only the record as played is read so (a
    rectified table no longer holds the cards the lines name)."""
    if replay.reopened or Misinformed not in replay.line_kinds:
        return frozenset()
    out: set[Placed] = set()
    for e in replay.before:
        if isinstance(e, Misinformed) and (placed := misinformed_card(replay, e)) is not None:
            out.update(p for p in taken_back(replay.table, *placed) if p[1].side is placed[1].side)
    return frozenset(out)
