"""When a revoke is established (Law 63), as facts of the table and the record.

Both the revoke rules (62: what is still corrected) and the rules after play (64: what is
counted) need them; they live here, below the rule sets, so that neither family imports
the other.
"""

from __future__ import annotations

from typing import Literal

from rulings.models.cards import Card, Seat, Side
from rulings.models.case import Replay
from rulings.models.events import ClaimTricks, DirectorFinds, Remaining
from rulings.models.table import Revoke, TableState
from rulings.solver.config import Decisions
from rulings.solver.misinformed import Placed, misinformed_side_retractions

#: ``director finds hands_returned``: all four hands were back in the board when attention
#: was drawn, so a revoke on trick 12 is no longer corrected (62D1).
HANDS_RETURNED = "hands_returned"
#: ``director finds next_deal_called`` (64B4) / ``round_over`` (64B5): attention was first
#: drawn after a non-offender called on the next deal / after the round ended
NEXT_DEAL_CALLED = "next_deal_called"
ROUND_OVER = "round_over"
#: the findings that say the four hands were back in the board when attention was drawn:
#: returned, or later still (the next deal called, the round over: the board is put away
#: before either). 62D1 corrects a trick-12 revoke only before then.
HANDS_BACK = frozenset({HANDS_RETURNED, NEXT_DEAL_CALLED, ROUND_OVER})


def hands_back_in_board(replay: Replay) -> bool:
    """Whether a finding of the record says the four hands were back in the board when
    attention was drawn (:data:`HANDS_BACK`): a trick-12 revoke then stands (62D1, 63B), and
    a claim the opponents of its claimer did not object to before then was agreed (63A4)."""
    return DirectorFinds in replay.line_kinds and any(
        isinstance(e, DirectorFinds) and e.finding.lower() in HANDS_BACK for e in (*replay.before, *replay.after))


#: how a record shows the offending side's agreement to the opponents' claim (63A4, 2007
#: 63A3; :func:`claim_agreement`): only by a finding that attention came after the hand or
#: the round ("round_end", 2017 63A4 with 69A); by the claim line itself, unless a member of
#: the offending side drew attention at once ("objection"); always ("presumed")
ClaimAgreement = Literal["round_end", "objection", "presumed"]


def claim_agreement(decisions: Decisions, edition: str) -> ClaimAgreement:
    """The rule set's reading of the agreement to a claim that establishes a revoke: 2017
    63A4 (agreement established under 69A: no objection by the end of the round) with
    ``Decisions.claim_agreement_at_round_end``; otherwise (2007 63A3 "agrees to") the claim
    line is the agreement, unless ``Decisions.offending_attention_objects_to_claim`` and the
    offending side drew attention at once."""
    if edition != "2007" and decisions.claim_agreement_at_round_end:
        return "round_end"
    return "objection" if decisions.offending_attention_objects_to_claim else "presumed"


def retraction_establishes(edition: str) -> bool:
    """Whether a lead or play that 47E1 takes back (told by an opponent that it was his
    turn), or a card of his partner's that goes back with it, still establishes a revoke
    (63A1): in 2007, whose 47E1 makes no exception to 63A1 (any lead or play to the next
    trick counts, legal or illegal); not in 2017, whose 47E1 says 63A1 does not apply."""
    return edition == "2007"


def not_establishing(replay: Replay, edition: str) -> frozenset[Placed]:
    """The cards of the record around ``replay.table`` that establish no revoke in
    ``edition``: in 2017 those its 47E1 retractions take back of the side that was
    misinformed (:func:`misinformed.misinformed_side_retractions`: a card of the side that
    misinformed counts as any card a ruling takes back does); none in 2007
    (:func:`retraction_establishes`). docs/decisions.md, "A card 47E1 takes back and the
    establishment of a revoke"."""
    return frozenset() if retraction_establishes(edition) else misinformed_side_retractions(replay)


def establishment(table: TableState, replay: Replay, r: Revoke, agreement: ClaimAgreement = "objection",
                  skip: frozenset[Placed] = frozenset()) -> tuple[str, str] | None:
    """How the revoke was established, as (what happened, clause), or None (63A).

    63A1: a lead or play by the offending side to the next trick, not one of ``skip``
    (:func:`not_establishing`); 63A3: a claim or concession by the offending side; 63A4
    (2017; 2007 63A3 "agrees to"): the offending side's agreement to the opponents' claim,
    which a claim line records as ending play, as ``agreement`` reads it
    (:data:`ClaimAgreement`).
    """
    by = table.establishing_play(r, skip)
    if by is not None:
        return establishing_play_said(table, replay, by, r.trick + 1)
    kinds = replay.line_kinds
    if ClaimTricks not in kinds and Remaining not in kinds:
        return None  # (one look at the record's kinds of line, kept with the replay)
    if replay.played_to(r.trick + 1, r.seat.side, table):
        return "established: play went on to the end (the record states the tricks after it)", "63A1"
    return claim_establishment(replay, r.seat.side, agreement)


def designated_only(replay: Replay, play: tuple[Seat, Card]) -> bool:
    """Whether the record put ``play`` (a seat and his card) on the table by a designation
    alone, no play line placing it (``Replay.designated``, in this part of the record or
    one before it): declarer's call of dummy's card, a card a player named to play."""
    return play in replay.designated or any(play in part.designated for part in replay.earlier)


def establishing_play_said(table: TableState, replay: Replay, by: tuple[Seat, Card], trick: int) -> tuple[str, str]:
    """What established a revoke, ``by`` being the offending side's first card to ``trick``
    (the trick after the revoke), as (what happened, clause): a card placed in the played
    position (63A1), or a card only designated for that trick (63A2: declarer's call of
    dummy's card, a card a player named to play), which 45B and 45C4(a) make its play."""
    seat, card = by
    if designated_only(replay, by):
        if seat is table.dummy:
            return f"established when {table.declarer} called dummy's {card} to trick {trick}", "63A2"
        return f"established when {seat} named {card} to play to trick {trick}", "63A2"
    return f"established when {seat} played {card} to trick {trick}", "63A1"


def claim_establishment(replay: Replay, offending: Side, agreement: ClaimAgreement = "objection") -> tuple[str, str] | None:
    """How the claim that ended play before attention establishes a revoke of the
    ``offending`` side, as (what happened, clause), or None: its own claim (63A3), or its
    agreement to the opponents' claim (63A4; 2007 63A3 "agrees to") as ``agreement`` reads
    it. Every revoke the offending side has not yet played past, a failure to play a penalty
    card (52, 61A) as much as a failure to follow suit."""
    for e in replay.before:
        if isinstance(e, ClaimTricks):
            if e.seat.side is offending:
                return f"established when {e.seat} claimed", "63A3"
            if agreement == "round_end" and not hands_back_in_board(replay):
                return None  # (attention drawn while the hand was still being played or claimed)
            if agreement == "objection" and _objected_at_once(replay, e, offending):
                return None
            return f"established when the offending side agreed to {e.seat}'s claim", "63A4"
    return None


def unestablished_reason(replay: Replay, r: Revoke, agreement: ClaimAgreement = "objection",
                         skip: frozenset[Placed] = frozenset()) -> tuple[str, str]:
    """Why the revoke ``r``, which :func:`establishment` finds not established, is not: as
    (the reason in a director's words, the clause whose condition is missing). The
    offending side had not played to the next trick when attention was drawn (63A1), and
    play did not end in its claim or concession (63A3) nor in its agreement to the
    opponents' claim (63A4; 2007 63A3 "agrees to"), read as ``agreement`` reads it: under
    69A only at the end of the round (``round_end``), or not where its member drew
    attention at once after the claim (``objection``)."""
    offending = r.seat.side
    if skip:
        # (2017 47E1: the offending side's card there goes back with a misinformed lead or play)
        nxt = replay.table.trick(r.trick + 1)
        theirs = [(s, c) for s, c in (nxt.plays if nxt is not None else ()) if s.side is offending and (r.trick + 1, s, c) in skip]
        if theirs:
            s, c = theirs[0]
            return (f"{s}'s {c}, {offending}'s first card to trick {r.trick + 1}, is taken back under 47E1 (a lead or play "
                    f"made after an opponent wrongly said whose turn it was, or his partner's card to that lead), and 63A1 "
                    f"does not apply to it", "47E1")
    claim = next((e for e in replay.before if isinstance(e, ClaimTricks)), None)
    if claim is None or claim.seat.side is offending:
        return f"attention was drawn before {offending}'s first lead or play to trick {r.trick + 1} after the revoke", "63A1"
    if agreement == "round_end":
        return (f"play ended in {claim.seat}'s claim, the non-offending side's; {offending}'s agreement to it "
                f"establishes the revoke only once 69A makes it agreed (no objection before the end of the round), "
                f"and attention was drawn while the hands were still on the table", "63A4")
    at = replay.attention
    by = f"{at.by}, of the offending side," if at is not None and at.by is not None else "the offending side"
    return (f"play ended in {claim.seat}'s claim, the non-offending side's, and {by} drew attention at once: "
            f"{offending} did not agree to it", "63A4")


def _objected_at_once(replay: Replay, claim: ClaimTricks, offending: Side) -> bool:
    """Whether a member of the revoker's side drew attention on the line right after the
    opponents' claim, while the hand was still on the table (no finding that attention came
    later): his side did not agree to it."""
    at = replay.attention
    return (at is not None and at.by is not None and at.by.side is offending
            and bool(replay.before) and replay.before[-1] is claim and not hands_back_in_board(replay))


#: Replay.memo key: the standing revokes of the table the record was replayed to
_STANDING = "establishment.standing"


def standing_revokes(replay: Replay, agreement: ClaimAgreement = "objection",
                     skip: frozenset[Placed] = frozenset()) -> tuple[tuple[Revoke, tuple[str, str] | None], ...]:
    """The revokes of the replayed table whose card still stands on its trick (one another
    rule has since taken back, 47E1, is no longer a revoke to rule on), each with
    :func:`establishment`, in the table's order. Both the revoke rules and the count after
    play read them; they are worked out once per table (kept in ``Replay.memo`` with the
    table they were read off). ``agreement``, ``skip``: see :func:`establishment`."""
    table = replay.table
    kept = replay.memo.get(_STANDING)
    if isinstance(kept, tuple) and kept[0] is table and kept[2] == agreement and kept[3] == skip:
        return kept[1]  # type: ignore[no-any-return]
    last = _LAST_STANDING[0]
    if (last is not None and last[0] is table and last[2] == agreement and last[3] is replay.attention
            and last[4] == replay.before and last[5] == replay.after and last[6] == skip):
        found = last[1]
    else:
        # (a revoke deemed by 67B1 has nothing to correct or establish: Law 64 counts it)
        found = tuple((r, establishment(table, replay, r, agreement, skip)) for r in table.revokes if still_a_revoke(table, r)
                      and not r.deemed)
        _LAST_STANDING[0] = (table, found, agreement, replay.attention, replay.before, replay.after, skip)
    replay.memo[_STANDING] = (table, found, agreement, skip)
    return found


#: the last standing revokes worked out, with the table, the agreement and the record's lines
#: they were read with: a later part of a record is read twice on each table it is played on
#: to (the count after play, then the revoke opener), by two replays of the same lines
#: (:func:`establishment` reads nothing else of the replay)
_LAST_STANDING: list[tuple[TableState, tuple[tuple[Revoke, tuple[str, str] | None], ...], ClaimAgreement, object,
                          tuple[object, ...], tuple[object, ...], frozenset[Placed]] | None] = [None]


def still_a_revoke(table: TableState, r: Revoke) -> bool:
    """Whether the revoke ``r`` the table recorded is still one on this table: its card
    stands on its trick (one another rule has since taken back, 47E1, is not), and, for a
    failure to follow suit, not as the trick's lead (a rectification made it the lead: the
    proper leader's card after a lead out of turn, 53B; a lead is no failure to follow), nor
    when the trick is no longer led in the suit he failed to follow (a rectification took
    that lead back: a lead out of turn refused, 55A), nor when the card he failed to follow
    is the declaring side's attempted opening lead (54E: it is no lead and goes back, so no
    card to it is a failure to follow)."""
    t = table.trick(r.trick)
    if t is None or not t.plays:
        return False
    lead = t.plays[0]
    if lead[0] is r.seat:  # (his card leads the trick)
        return lead[1] == r.card and (r.rule is not None or r.failed is not None)
    if r.rule is None and r.failed is None and (
            lead[1].suit is not r.suit_led or (r.trick == 1 == table.first_trick and not table.is_defender(lead[0]))):
        return False
    return t.card_of(r.seat) == r.card


def establishing_play_of(table: TableState, seat: Seat, trick: int, card: Card) -> tuple[Seat, Card] | None:
    """The play that established ``seat``'s revoke with ``card`` on ``trick`` (63A1: his
    side's first card to the next trick), or None: no such revoke on the table, or not
    established."""
    for r in table.revokes:
        if r.seat is seat and r.trick == trick and r.card == card and (by := table.establishing_play(r)) is not None:
            return by
    return None


def establishes_own_revoke(table: TableState, seat: Seat, card: Card, trick: int) -> bool:
    """Whether ``seat``'s lead of ``card`` to trick ``trick + 1`` established a revoke of his
    side on ``trick`` that still stands there (63A1)."""
    return any(r.trick == trick and r.seat.side is seat.side and table.establishing_play(r) == (seat, card)
               and still_a_revoke(table, r) for r in table.revokes)


def is_final_trick_revoke(table: TableState, r: Revoke) -> bool:
    """A revoke on trick 12, the last trick but one (62D1, 64B6)."""
    return r.trick == 12
