"""Law 64: the procedure after an established revoke, once play has ended.

The revoke rules (``revoke.py``, Laws 62-63) decide whether a revoke is corrected or stands
established; this module takes the established revokes they leave standing and, when the
record runs to the end of play, counts the tricks transferred (64A1, 64A2), applies the
exceptions (64B1-64B8) and the equity rule (64C1; 2007 64C). A defender's failure to follow
a lead of dummy's that declarer had not designated and that stood (2017 45D2) gets 64C1 only,
as the WBF commentary on 45D2 rules. See docs/established-revoke-rules.md.

The end of play is known when the record holds the thirteenth trick, a claim line
``<seat> claims <N>`` (68: N of the tricks still to play, the rest conceded) or a stated
count ``remaining NS <n> EW <m>`` (the tricks each side won after the last recorded trick).

Findings the director makes (``director finds ...``): ``next_deal_called`` (attention first
drawn after a non-offender called on the next deal, 64B4), ``round_over`` (after the round
ended, 64B5), ``hands_returned`` (all hands back in the board: a trick-12 revoke is no longer
corrected, 62D1; the next deal called and the round over say so too, as they come later), ``equity <side> <N>`` (had the revoke not happened, that side would have
won N tricks in all: the 64C comparison).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable, Mapping, Sequence
from itertools import pairwise

from rulings.models.cards import Card, Seat, Side, Suit
from rulings.models.case import Replay
from rulings.models.dataclass import dataclass
from rulings.models.designation import FoundCall, prepare, resolve_call
from rulings.models.errors import NotationError, RulingError
from rulings.models.events import Call, ClaimTricks, DirectorFinds, Play, Remaining
from rulings.models.table import PenaltyCard, PenaltyKind, Revoke, TableState, Withdrawal, card_strength
from rulings.solver.claims import Atom, add_atom_forms, register_atom
from rulings.solver.engine import AFTER_PLAY, PLAY_OVER_LIFTS, Edge, Node, Notice, Restoration, Step, StepKind
from rulings.solver.establishment import (
    HANDS_BACK,
    NEXT_DEAL_CALLED,
    ROUND_OVER,
    claim_agreement,
    claim_establishment,
    hands_back_in_board,
    is_final_trick_revoke,
    not_establishing,
    standing_revokes,
    still_a_revoke,
    unestablished_reason,
)
from rulings.solver.obligations import binds_later_play, restriction_in_force
from rulings.solver.rulesets.base import Opening, Rule, RuleSet

#: the findings of 64B4 and 64B5 (see the module docstring)
LATE_FINDINGS = {NEXT_DEAL_CALLED: "64B4", ROUND_OVER: "64B5"}
#: the side that won the revoke trick still in progress when a claim or ``remaining`` line
#: ended play, where the line does not tell (``director finds`` one, or each is a branch)
WON_BY = {"revoke_trick_won_by_ns": Side.NS, "revoke_trick_won_by_ew": Side.EW}
FINDINGS = frozenset(WON_BY)


@dataclass(frozen=True, slots=True)
class EndOfPlay:
    """How the record ends play: ``rest`` is the tricks (NS, EW) won after the last trick
    recorded (a claim or a stated count), None when the record holds every trick.
    ``played_out``: play ended before attention was drawn, and not by a claim: the thirteenth
    trick in the record, or a ``remaining`` line before ``attention`` (``Replay.played_out``:
    the tricks after the record were played out, all four hands playing to each). A claim
    ends play with cards still to play, whose obligations bear on judging it (70); a
    ``remaining`` line after ``attention`` counts the tricks played on after the ruling, whose
    restoration is the position the ruling left."""

    how: str
    rest: tuple[int, int] | None = None
    played_out: bool = False


@dataclass(frozen=True, slots=True)
class Equity:
    """The director's 64C finding: without the revoke ``side`` would have won ``tricks``."""

    side: Side
    tricks: int


@dataclass(frozen=True, slots=True)
class RuleAfterPlay:
    """Law 64 after play: the established revokes standing in the restored table, counted."""

    end: EndOfPlay
    record_revokes: tuple[Revoke, ...]  # every revoke of the record (2007 64B7: corrected ones too)
    claimed: bool  # the record ends in a claim (revokes not established by play are, 63A3/63A4)
    late: tuple[str, ...] = ()  # 64B4 / 64B5 from the findings
    equity: Equity | None = None
    #: the four hands were back in the board when attention was drawn (returned, the next
    #: deal called or the round over): a trick-12 revoke stands (no 62D1 correction)
    hands_returned: bool = False
    #: (trick, card): dummy's lead of ``card`` was not the card declarer designated and stood
    #: (too late to correct, 2017 45D2)
    misplaced_leads: frozenset[tuple[int, Card]] = frozenset()
    #: no revoke stood on the record as played (one may come from a ruling: a penalty card
    #: not played when due); a restoration with none standing is not counted at all
    quiet: bool = False
    #: (trick, seat) of the revokes of the parts of the record before the last: attention was
    #: drawn to them at an earlier ``attention``, so 64B4 and 64B5 (attention first drawn
    #: late) are not theirs
    raised: frozenset[tuple[int, Seat]] = frozenset()
    #: the tricks on which, when attention was drawn, both sides had revoked and only one side
    #: had played to the next trick (2017 62C3: both corrected, no transfer, 64B8)
    both_sides_one_next: frozenset[int] = frozenset()
    #: the side the director finds won the revoke trick still in progress when a claim or
    #: ``remaining`` line ended play (``director finds revoke_trick_won_by_ns``): None, not found
    won_by: Side | None = None
    #: the revokes of the record not established when attention was drawn, each with why
    #: (63A: what was missing), said by the step that finds none standing after play
    unestablished: tuple[str, ...] = ()
    #: the sides whose revoke the claim that ended play establishes (63A3; 63A4, 2007 63A3,
    #: as the rule set reads the agreement: :func:`establishment.claim_establishment`)
    claim_establishes: frozenset[Side] = frozenset()


@dataclass(frozen=True, slots=True)
class Transfer:
    """One revoke's count: the tricks transferred and the clause that decides it."""

    revoke: Revoke
    tricks: int
    clause: str
    exceptions: tuple[str, ...]  # every 64B clause that applies (the first one decides)
    why: str
    #: each exception that applies with its reason, in the order found
    reasons: tuple[tuple[str, str], ...] = ()


# ----- the count (pure: the table after play, the revokes) ---------------------------------------
def trick_winners(table: TableState) -> dict[int, Seat]:
    """The winner of every complete trick of the table, by trick number."""
    out: dict[int, Seat] = {}
    trumps = table.trumps
    for t in table.tricks:
        w = t.winner(trumps) if t.is_complete else None
        if w is not None:
            out[t.number] = w
    return out


def _partial_trick_leader(table: TableState, number: int) -> Seat | None:
    """Who holds trick ``number`` so far when it is begun and not complete (44E/44F on the
    cards played); None otherwise."""
    t = table.trick(number)
    if t is None or not t.plays or len(t.plays) >= 4:
        return None
    led, trumps = t.plays[0][1], table.trumps
    return max(t.plays, key=lambda p: card_strength(p[1], led, trumps))[0]


def in_progress_sides(table: TableState, rest: tuple[int, int] | None) -> tuple[Side, ...]:
    """The sides that may have won the last trick of ``table`` when the line that ended play
    (a claim, ``remaining``) came before it was complete, where that line does not tell: it
    gives both sides a trick, and a player of the side not winning it so far, still to play
    to it, holds a card that could lawfully beat the card winning it so far (44C, 44E, 44F).
    Empty when the record tells (or no trick is in progress)."""
    t = table.tricks[-1] if table.tricks else None
    if rest is None or t is None or not t.plays or len(t.plays) >= 4 or min(rest) == 0:
        return ()
    led, trumps = t.plays[0][1], table.trumps
    best = max(card_strength(c, led, trumps) for _, c in t.plays)
    winner = _partial_trick_leader(table, t.number)
    assert winner is not None
    seat = t.plays[-1][0]
    for _ in range(4 - len(t.plays)):
        seat = seat.lho
        if seat.side is winner.side:
            continue
        hand = table.hand(seat)
        lawful = [c for c in hand if c.suit is led.suit] or list(hand)
        if any(card_strength(c, led, trumps) > best for c in lawful):
            return (winner.side, winner.side.other)
    return ()


def _revoke_index(table: TableState, r: Revoke) -> int | None:
    """Where the revoke card stands among the cards played (None: not on the table)."""
    return next((i for i, (n, s, c) in enumerate(table.plays()) if n == r.trick and s is r.seat and c == r.card), None)


def _penalty_cards_of_suit(table: TableState, r: Revoke) -> list[PenaltyCard]:
    """The penalty cards of the suit led the revoker held when he revoked: one still faced,
    or one he played as a penalty card later; not one that became a penalty card only after
    the revoke."""
    cards = [p for p in table.penalty_cards if p.seat is r.seat] + [p for p in table.played_penalty if p.seat is r.seat]
    if not cards:
        return []  # (most revokers have none: no search of the plays for the revoke card)
    at = _revoke_index(table, r)
    out: list[PenaltyCard] = []
    for p in cards:
        if p.card.suit is not r.suit_led or p.card == r.card:
            continue
        if at is not None and p.since > at:
            continue  # (made a penalty card after the revoke card was played)
        if p in table.played_penalty and (played_at := _trick_of(table, r.seat, p.card)) is not None and played_at <= r.trick:
            continue
        out.append(p)
    return out


def held_penalty_card_of_suit(table: TableState, r: Revoke) -> bool:
    """The revoker held a penalty card of the suit led when he revoked (61A, 50D1: he failed
    to play a penalty card): one still faced, or one he played as a penalty card later; not
    one that became a penalty card only after the revoke."""
    if r.failed is not None:
        return True  # the revoke is the failure to play that penalty card (52)
    return bool(_penalty_cards_of_suit(table, r))


def _minor_penalty_card_with_an_honour_in_hand(table: TableState, r: Revoke) -> bool:
    """50C: the penalty cards of the suit led the revoker held were all minor when he revoked,
    and he held an unfaced honour of that suit. A minor penalty card need not be played at the
    first opportunity: its owner may play an honour of its suit instead. So the minor card was
    not the card he was bound to play, and his discard was a failure to follow suit from his
    hand (44C, 61A), an ordinary revoke, not a failure to play a penalty card (64B3)."""
    if r.failed is not None or r.rule is not None or r.card.suit is r.suit_led:
        return False
    at = _revoke_index(table, r)
    cards = _penalty_cards_of_suit(table, r)
    if not cards or not all(_minor_at(p, at) for p in cards):
        return False
    faced = {p.card for p in (*table.penalty_cards, *table.played_penalty) if p.seat is r.seat and (at is None or p.since <= at)}
    held = set(table.hand(r.seat)) | {c for t in table.tricks if t.number > r.trick for s, c in t.plays if s is r.seat}
    return any(c.suit is r.suit_led and c.is_honour and c not in faced for c in held)


def _minor_at(p: PenaltyCard, at: int | None) -> bool:
    """Whether the penalty card ``p`` was minor when ``at`` cards stood as played (made
    major later, 50B)."""
    if p.kind is PenaltyKind.MINOR:
        return True
    return bool(p.major_from) and at is not None and p.major_from > at


def held_unfaced_card_of_suit(table: TableState, r: Revoke) -> bool:
    """The revoker also held a card of the suit led that was no faced penalty card when he
    revoked (61A, 44C: a failure to follow suit with a card from his hand)."""
    at = next((i for i, (n, s, c) in enumerate(table.plays()) if n == r.trick and s is r.seat and c == r.card), None)
    faced = {p.card for p in (*table.penalty_cards, *table.played_penalty) if p.seat is r.seat and (at is None or p.since <= at)}
    held = set(table.hand(r.seat)) | {c for t in table.tricks if t.number > r.trick for s, c in t.plays if s is r.seat}
    return any(c.suit is r.suit_led and c not in faced for c in held)


def _failed_penalty_card_only(rs: RuleSet, table: TableState, r: Revoke) -> bool:
    """64B3 (2007: any faced card): the revoke was a failure to play a penalty card. A
    revoker who held one of the suit led and discarded while holding an unfaced card of that
    suit too is read so by default; switch ``revoke_with_unfaced_card_of_the_suit_counts_64a``
    reads him as failing to follow suit from his hand as well, an ordinary revoke (64A)."""
    if not held_penalty_card_of_suit(table, r):
        return False
    if _minor_penalty_card_with_an_honour_in_hand(table, r):
        return False
    if not rs.decisions.revoke_with_unfaced_card_of_the_suit_counts_64a or r.rule is not None or r.card.suit is r.suit_led:
        return True
    return not held_unfaced_card_of_suit(table, r)


def _failed_suit(table: TableState, r: Revoke) -> Suit | None:
    """The suit of the revoke for 64B2 (a second revoke in the same suit): the suit led that
    he failed to follow, or the suit a lead restriction named; None for a lead that failed
    to be his penalty card (50D1(a), 52: no suit failed, docs/decisions.md)."""
    if r.failed is None:
        return r.suit_led
    t = table.trick(r.trick)
    led = t is not None and bool(t.plays) and t.plays[0] == (r.seat, r.card)
    return None if led else r.suit_led


def _led_misplaced(table: TableState, number: int, misplaced_leads: frozenset[tuple[int, Card]]) -> bool:
    """The trick was led with dummy's wrongly placed card, still standing (45D2)."""
    t = table.trick(number)
    return t is not None and bool(t.plays) and t.plays[0][0] is table.dummy and (number, t.plays[0][1]) in misplaced_leads


def _trick_of(table: TableState, seat: Seat, card: object) -> int | None:
    for t in table.tricks:
        if t.card_of(seat) == card:
            return t.number
    return None


def count_transfers(
    rs: RuleSet,
    table: TableState,
    established: Iterable[Revoke],
    *,
    rest: tuple[int, int] | None,
    revoked_sides: frozenset[Side],
    late: tuple[str, ...] = (),
    misplaced_leads: frozenset[tuple[int, Card]] = frozenset(),
    raised: frozenset[tuple[int, Seat]] = frozenset(),
    in_progress: Side | None = None,
) -> list[Transfer]:
    """64A and 64B for each established revoke, in trick order.

    ``revoked_sides``: the sides whose revokes count for 64B7 (2017: established revokes;
    2007: any revoke on the board). ``rest``: tricks (NS, EW) won after the last recorded trick.
    ``misplaced_leads``: tricks led with a card of dummy's that declarer had not designated and
    that stood (45D2): a defender who failed to follow it gets no automatic transfer, the
    director restores equity (64C1), as the WBF commentary on 45D2 rules. ``raised``: the
    revokes (trick, seat) attention was drawn to earlier, which ``late`` does not reach.
    ``in_progress``: the side the director finds won the revoke trick still in progress when
    the line ending play came (where the line does not tell: :func:`in_progress_sides`).
    """
    revokes = sorted(established, key=lambda r: (r.trick, r.seat.index))
    winners = trick_winners(table)
    out: list[Transfer] = []
    for i, r in enumerate(revokes):
        os_side = r.seat.side
        w0 = winners.get(r.trick)
        side0 = w0.side if w0 is not None else None  # the side that won the revoke trick
        given = ""  # (how the line that ended play gives the revoke trick still in progress)
        later = sum(1 for n, w in winners.items() if n > r.trick and w.side is os_side)
        if rest is not None:
            later += rest[0] if os_side is Side.NS else rest[1]
            if w0 is None and (partial := _partial_trick_leader(table, r.trick)) is not None:
                # a claim or 'remaining' line made before the revoke trick was complete covers
                # that trick too, and it is not one of the later tricks: read as won by the
                # card winning it so far when the line gives that card's side a trick; when it
                # gives that side none (the claimer takes every trick left, that one too), the
                # other side won it: for the offending side, the revoker's partner, its only
                # member still to play (docs/decisions.md)
                if in_progress is partial.side or (in_progress is None and (rest[0] if partial.side is Side.NS else rest[1]) > 0):
                    w0 = partial
                else:
                    w0 = r.seat.partner if partial.side is not os_side else None
                side0 = partial.side if w0 is partial else partial.side.other
                if side0 is os_side:
                    later -= 1
                if in_progress is not None:
                    given = f": the director finds {side0} won it, still in progress when play ended"
                elif w0 is not partial:
                    given = f": the end of play gives it, still in progress, to {side0}"
        exceptions: list[str] = []
        why: list[str] = []
        if side0 is not os_side and later == 0:
            exceptions.append("64B1")
            why.append(f"the offending side won neither the revoke trick nor a later trick{given}")
        if _failed_suit(table, r) is not None and any(
                p.seat is r.seat and _failed_suit(table, p) is r.suit_led for p in revokes[:i]):
            exceptions.append("64B2")
            why.append(f"a second revoke by {r.seat} in {r.suit_led.name.lower()} after the first was established")
        if r.seat is table.dummy or _failed_penalty_card_only(rs, table, r):
            exceptions.append("64B3")
            why.append("dummy's failure to follow suit" if r.seat is table.dummy else f"a failure to play {r.seat}'s penalty card")
        for clause in late if (r.trick, r.seat) not in raised else ():
            exceptions.append(clause)
            why.append("attention was first drawn after a non-offender called on the next deal" if clause == "64B4"
                       else "attention was first drawn after the round ended")
        if table.is_defender(r.seat) and _led_misplaced(table, r.trick, misplaced_leads):
            exceptions.append("45D2")
            why.append("a defender's failure to follow dummy's card that declarer had not designated and that stood "
                       "(45D2): the director restores equity (64C1) instead of a transfer")
        if dummy_raised(table, r) == "43B3" and rs.decisions.dummy_raised_revoke_unrectified:
            exceptions.append("43B3")
            why.append("dummy, having broken 43A2, was the first to point it out: no rectification, play went on as though "
                       "it had not happened (43B3)")
        if is_final_trick_revoke(table, r):
            exceptions.append("64B6")
            why.append("a revoke on trick 12")
        if os_side.other in revoked_sides:
            exceptions.append("64B7")
            why.append("both sides revoked on the board")
        if exceptions:
            first = sorted(exceptions)[0]
            out.append(Transfer(r, 0, first, tuple(sorted(set(exceptions))), "; ".join(why), tuple(zip(exceptions, why, strict=True))))
            continue
        deemed = " (counted as if established: dummy, having broken 43A2, first asked about it, 43B2(b))" \
            if dummy_raised(table, r) == "43B2(b)" else ""
        if w0 is r.seat:
            n = 1 + (1 if later else 0)
            text = f"{r.seat} won the revoke trick" + (", and his side won a later trick" if later else ", and his side no later trick")
            out.append(Transfer(r, n, "64A1", (), text + deemed))
        else:
            who = "dummy" if w0 is table.dummy and r.seat is table.declarer else str(w0)
            text = (f"{who} won the revoke trick, not the revoker" if w0 is not None and side0 is os_side
                    else f"the non-offending side won the revoke trick; the offending side won {later} later trick{'s' if later != 1 else ''}")
            out.append(Transfer(r, 1, "64A2", (), text + deemed))
    return _capped(table, out, winners, rest, rs.decisions.revoke_transfer_capped)


def dummy_raised(table: TableState, r: Revoke) -> str | None:
    """The clause under which dummy, having broken 43A2, was the first to raise the revoke
    ``r`` (``TableState.raised_by_dummy``: 43B2(b) or 43B3), or None."""
    if not table.raised_by_dummy:
        return None
    return next((c for n, s, c in table.raised_by_dummy if n == r.trick and s is r.seat), None)


def _capped(table: TableState, transfers: list[Transfer], winners: dict[int, Seat], rest: tuple[int, int] | None,
            capped: bool) -> list[Transfer]:
    """Decisions.revoke_transfer_capped: a side's transfers together never exceed the tricks
    it won from its first established revoke's trick on (a trick changes hands once)."""
    if not capped:
        return transfers
    out: list[Transfer] = []
    for side in (Side.NS, Side.EW):
        mine = [t for t in transfers if t.revoke.seat.side is side]
        if not mine:
            continue
        first = min(t.revoke.trick for t in mine)
        room = sum(1 for n, w in winners.items() if n >= first and w.side is side)
        if rest is not None:
            room += rest[0] if side is Side.NS else rest[1]
        for t in mine:
            take = min(t.tricks, room)
            room -= take
            left = "no trick" if not take else f"only {take} trick{'s' if take != 1 else ''}"
            out.append(t if take == t.tricks else Transfer(t.revoke, take, t.clause, t.exceptions,
                                                             t.why + f"; {left} of the offending side left to transfer"))
    return sorted(out, key=lambda t: (t.revoke.trick, t.revoke.seat.index))


# ----- closing: the count after play, once every rectification is made -------------------------
def end_of_play(replay: Replay) -> EndOfPlay | None:
    """How the record ends play (see EndOfPlay), or None when it does not reach the end."""
    table = replay.table
    kinds = replay.line_kinds
    if ClaimTricks not in kinds and Remaining not in kinds:
        # (no line ends play: only the thirteenth trick complete does; tricks are kept in order)
        final = table.trick(13)
        return EndOfPlay("play ended at trick 13", played_out=True) if final is not None and final.is_complete else None
    done = [t for t in table.tricks if t.is_complete]
    last = done[-1].number if done else table.first_trick - 1
    for e in (*replay.before, *replay.after) if ClaimTricks in kinds or Remaining in kinds else ():
        if isinstance(e, (ClaimTricks, Remaining)) and (counted := replay.tricks_done_at(e)) is not None:
            last = counted  # (cards played together before the line: the reader's count, 58A/58B)
        if isinstance(e, ClaimTricks):
            left = 13 - last
            if e.tricks > left:
                return None
            mine = e.tricks
            rest = (mine, left - mine) if e.seat.side is Side.NS else (left - mine, mine)
            return EndOfPlay(f"{e.seat} claimed {e.tricks} of the last {left} tricks", rest)
        if isinstance(e, Remaining):
            if e.ns + e.ew != 13 - last:
                return None
            return EndOfPlay(f"NS won {e.ns} and EW {e.ew} of the tricks after trick {last}", (e.ns, e.ew),
                             played_out=replay.played_out or last == 13)
    if last == 13:
        return EndOfPlay("play ended at trick 13", played_out=True)
    return None


def misplaced_leads(rs: RuleSet, replay: Replay) -> frozenset[tuple[int, Card]]:
    """The leads of dummy's that were not the card declarer designated (45D): a call by
    declarer followed by dummy placing a card as the first card of a trick, where Law 46's
    resolver (``resolve_call``, with a director's incontrovertible finding) designates a single
    other card. As (trick, card placed)."""
    table = replay.table
    before = replay.before
    if Call not in replay.line_kinds or not any(isinstance(e, Call) for e in before) or len(replay.applied_before) != len(before):
        return frozenset()
    try:
        events = prepare((*before, *replay.after))
    except RulingError:
        return frozenset()  # a bad finding: the designation rules report it
    plays = list(table.plays())
    out: set[tuple[int, Card]] = set()
    for i, (call, placed) in enumerate(pairwise(before)):
        if not (isinstance(call, Call) and call.seat is table.declarer and isinstance(placed, Play) and placed.seat is table.dummy):
            continue
        index = next((k for k, (_, s, c) in enumerate(plays) if s is table.dummy and c == placed.card), None)
        if index is None:
            continue
        number = plays[index][0]
        t = table.trick(number)
        if t is None or t.plays[0] != (table.dummy, placed.card):
            continue  # not the lead of its trick
        found = events[i]
        meant = found.incontrovertible if isinstance(found, FoundCall) else None
        at = table.restart().play_many([(s, c) for _, s, c in plays[:index]])
        try:
            deemed = resolve_call(at, call, meant, rs.decisions.designation_policy()).deemed
        except RulingError:
            continue
        if deemed is not None and deemed != placed.card:
            out.add((number, placed.card))
    return frozenset(out)


def _misplaced_leads_of_record(rs: RuleSet, replay: Replay) -> frozenset[tuple[int, Card]]:
    """:func:`misplaced_leads` of the record: of this part and of the parts before it (a
    record played on after a ruling)."""
    found = misplaced_leads(rs, replay)
    for part in replay.earlier:  # (none in a record of one part)
        found |= misplaced_leads(rs, part)
    return found


def _is_law64_finding(e: object) -> bool:
    if not isinstance(e, DirectorFinds):
        return False
    f = e.finding.lower()
    return f in HANDS_BACK or f in WON_BY or parse_equity([f]) is not None


def _findings(replay: Replay) -> list[str]:
    if DirectorFinds not in replay.line_kinds:
        return []  # (one look at the record's kinds of line: most records have no finding)
    return [e.finding.lower() for e in (*replay.before, *replay.after) if isinstance(e, DirectorFinds)]


def parse_equity(findings: Iterable[str]) -> Equity | None:
    """``equity <side> <N>`` among the findings."""
    for f in findings:
        words = f.split()
        if len(words) == 3 and words[0].lower() == "equity" and words[1].upper() in ("NS", "EW") and words[2].isdigit():
            return Equity(Side.parse(words[1].upper()), int(words[2]))
    return None


def _law64_lines(replay: Replay) -> tuple[object, ...]:
    """The record's lines the count after play rules on: claims, ``remaining``, and the
    director's findings Law 64 reads (one look at the record's kinds of line first)."""
    if not replay.line_kinds & _LAW64_KINDS:
        return ()
    return tuple(e for e in (*replay.before, *replay.after) if isinstance(e, (ClaimTricks, Remaining)) or _is_law64_finding(e))


_LAW64_KINDS = frozenset({ClaimTricks, Remaining, DirectorFinds})


def close_after_play(rs: RuleSet, replay: Replay) -> Opening | None:
    """The Law 64 count after play, when the record has an established revoke (or a
    trick-12 revoke) and runs to the end of play: an opening whose root agenda holds the
    task the engine runs last on every restoration (which revokes still stand there)."""
    table = replay.table
    skip = not_establishing(replay, rs.edition)
    found = standing_revokes(replay, claim_agreement(rs.decisions, rs.edition), skip)  # (the revoke opener read them off this table first)
    revokes = tuple(r for r, _ in found)
    earlier: tuple[Revoke, ...] = ()
    if replay.earlier:  # (a later part of the record: the revokes of the parts before it too)
        earlier = tuple(dict.fromkeys(r for part in replay.earlier for r in part.table.revokes if r not in revokes))
        revokes = (*revokes, *earlier)
    standing = [r for r, est in found if est is not None or is_final_trick_revoke(table, r)]
    if not standing:
        # no revoke stands established on the record as played (none, or one the revoke
        # rules correct); a ruling may still find one play does not show (a penalty card,
        # made by an irregularity the record describes or given at the start, not played
        # when due: 52, 61A): counted only when play ran to its end, where a restoration with
        # none transfers nothing (``transfer 0``, docs/case-format.md)
        end = end_of_play(replay)
        if end is None:
            # (a restoration whose ruling leaves one established is said by the engine, as
            # the ruling leaves it: ruled_before_end_of_play; bound to the ruling's rule set,
            # kept in no memo, which would make a cycle through it)
            return Opening(Node(table), of_established=functools.partial(ruled_before_end_of_play, rs))
        revokes = earlier  # (2007 64B7: a revoke of an earlier part, corrected there)
        events = _law64_lines(replay)
        findings = _findings(replay)
        late = tuple(sorted({LATE_FINDINGS[f] for f in findings if f in LATE_FINDINGS}))
        agreement = claim_agreement(rs.decisions, rs.edition)
        why = tuple(f"{r.seat}'s revoke on trick {r.trick} was not established: {reason} ({rs.cite(clause)})" for r, est in found if est is None
                    for reason, clause in (unestablished_reason(replay, r, agreement, skip),))
        task, notes = _won_by_checked(table, RuleAfterPlay(
            end, revokes, any(isinstance(e, ClaimTricks) for e in events), late, parse_equity(findings), hands_back_in_board(replay),
            _misplaced_leads_of_record(rs, replay), quiet=True, both_sides_one_next=_both_sides_one_next(replay),
            won_by=_won_by(findings), unestablished=why, claim_establishes=_claim_establishes(rs, replay)), replay)
        return Opening(Node(table, (task,)), notices=notes, handled=events)
    events = _law64_lines(replay)
    end = end_of_play(replay)
    if end is None:
        note = Notice(None, _before_end_of_play(rs, replay, found, revokes))
        # a failure to play a penalty card that declarer accepted before the play of this part
        # (52B1, a revoke never corrected: 61A, 63B) and that this play established (63A1) is
        # ruled by no family here (the 52 ruling settled it): the restoration says it
        # established as the 52 ruling does where the table it ruled on shows it so
        accepted = any(r.failed is not None for r, est in found if est is not None)
        return Opening(Node(table, established=accepted), notices=(note,), handled=events)
    findings = _findings(replay)
    late = tuple(sorted({LATE_FINDINGS[f] for f in findings if f in LATE_FINDINGS}))
    raised = frozenset((r.trick, r.seat) for part in replay.earlier for r in part.table.revokes)
    task = RuleAfterPlay(end, revokes, any(isinstance(e, ClaimTricks) for e in events), late, parse_equity(findings),
                         hands_back_in_board(replay), _misplaced_leads_of_record(rs, replay), raised=raised,
                         both_sides_one_next=_both_sides_one_next(replay), won_by=_won_by(findings),
                         claim_establishes=_claim_establishes(rs, replay))
    task, notes = _won_by_checked(table, task, replay)
    return Opening(Node(table, (task,)), notices=notes, handled=events)


def _claim_establishes(rs: RuleSet, replay: Replay) -> frozenset[Side]:
    """The sides whose revoke the claim that ended the record's play establishes (63A3, 63A4:
    :func:`establishment.claim_establishment`, the agreement as the rule set reads it); none
    without a claim."""
    if ClaimTricks not in replay.line_kinds:
        return frozenset()
    agreement = claim_agreement(rs.decisions, rs.edition)
    return frozenset(side for side in (Side.NS, Side.EW) if claim_establishment(replay, side, agreement) is not None)


def _established_since(table: TableState, task: RuleAfterPlay, established: Sequence[Revoke]) -> bool:
    """Whether a failure to play a penalty card that declarer accepted (52B1, ``Revoke.failed``)
    and Law 64 counts was established after the ruling that accepted it, as the 52 ruling
    establishes one (63A1): by its side's play to the next trick on the table, by play that
    went on to the end (``EndOfPlay.played_out``), or by the claim that ended play (63A3,
    63A4). The 52 ruling settled the card, so no report of the revoke rules says it."""
    for r in established:
        if r.failed is not None and (table.establishing_play(r) is not None or (task.end.played_out and r.trick < 13)
                                     or r.seat.side in task.claim_establishes):
            return True
    return False


def _before_end_of_play(rs: RuleSet, replay: Replay, found: Sequence[tuple[Revoke, tuple[str, str] | None]],
                        revokes: Sequence[Revoke]) -> str:
    """Law 64 on a record that stops before the end of play with a revoke standing (one
    established, or one on trick 12): the trick adjustment is decided when play ends (64A),
    and what the record tells now, as it stands (a ruling may correct a revoke or change a
    trick's winner): for each revoke, how it was established, and what 64A transfers for it
    on the tricks played so far and what a later trick won by the offending side would
    add; or the 64B clause that leaves it no transfer whatever the rest of play; then 64C1
    (2007 64C), the director's equity once play has ended."""
    table = replay.table
    findings = _findings(replay)
    late = tuple(sorted({LATE_FINDINGS[f] for f in findings if f in LATE_FINDINGS}))
    standing = [r for r, est in found if est is not None or is_final_trick_revoke(table, r)]
    how = {r: est for r, est in found}
    # (as the count after play reads them in each edition: 2017 64B7 needs both sides'
    # revokes established, 2007 any revoke of each side; 45D2's wrongly placed lead is 2017's)
    if rs.edition == "2017":
        sides = frozenset(r.seat.side for r in standing)
        misplaced = _misplaced_leads_of_record(rs, replay)
    else:
        sides = frozenset(r.seat.side for r in revokes)
        misplaced = frozenset()
    raised = frozenset((r.trick, r.seat) for part in replay.earlier for r in part.table.revokes)
    return ("Law 64: the record stops before the end of play (trick 13, a claim or 'remaining NS n EW m'): the trick "
            "adjustment is decided when play ends (64A). As the record stands, before any ruling changes it: "
            + "; ".join(_so_far(rs, table, standing, how, sides, late, misplaced, raised)) + ". " + _equity_after(rs))


def _equity_after(rs: RuleSet) -> str:
    """The last words of a Law 64 notice before the end of play: 64C1 (2007 64C)."""
    equity = rs.cite("64C1") if rs.edition == "2017" else rs.cite("64C")
    return f"After play the director restores equity where the transfer does not compensate the non-offending side ({equity})"


def _so_far(rs: RuleSet, table: TableState, standing: Sequence[Revoke], how: Mapping[Revoke, tuple[str, str] | None],
            sides: frozenset[Side], late: tuple[str, ...], misplaced: frozenset[tuple[int, Card]],
            raised: frozenset[tuple[int, Seat]]) -> list[str]:
    """What Law 64 makes of each revoke ``standing`` on ``table`` (established, or on trick
    12) before the end of play: how it was established (``how``), then what 64A transfers
    for it on the tricks played so far and what a later trick won by the offending side
    would add, or the 64B clause that leaves it no transfer whatever the rest of play."""
    transfers = count_transfers(rs, table, standing, rest=None, revoked_sides=sides, late=late, misplaced_leads=misplaced,
                                raised=raised)
    said: list[str] = []
    for t in transfers:
        r = t.revoke
        est = how.get(r)
        side, other = r.seat.side, r.seat.side.other
        head = f"{r.seat}'s revoke on trick {r.trick}: " + (f"{est[0]} ({rs.cite(est[1])})" if est is not None
                                                          else f"on trick 12, corrected if found before all hands are back "
                                                          f"in the board ({rs.cite('62D1')})")
        final = [(c, why) for c, why in t.reasons if c != "64B1"]
        if final:
            said.append(f"{head}; no trick is transferred for it whatever the rest of play: "
                        + "; ".join(why if f"({c})" in why else f"{why} ({c})" for c, why in final))
        elif t.clause == "64B1":
            said.append(f"{head}; {side} won neither the revoke trick nor a later trick so far: if {side} win a later "
                        f"trick, 64A2 transfers one trick to {other}, else none ({rs.cite('64B1')})")
        elif t.clause == "64A1" and t.tricks == 1:
            said.append(f"{head}; {r.seat} won the revoke trick: 64A1 transfers it to {other}, and one more trick if {side} "
                        "win a later trick (none so far)")
        else:
            said.append(f"{head}; {t.why}: {rs.cite(t.clause)} transfers {t.tricks} trick{'s' if t.tricks != 1 else ''} "
                        f"to {other} whatever the rest of play")
    return said


def ruled_before_end_of_play(rs: RuleSet, node: Node) -> str | None:
    """Law 64 on a restoration of a record that stops before the end of play with no revoke
    standing as played, whose ruling leaves one established (``Node.established``: a
    failure to play a penalty card accepted, 52B1 with 61A; a deemed revoke of a defective
    trick, 67B1): as :func:`_before_end_of_play` says it of the record's own revokes, read
    on the restoration's table; None when none stands established there (not yet: the
    offending side has not played to the next trick, 63A1)."""
    table = node.table
    standing = [r for r in table.revokes if still_a_revoke(table, r) and (_offending_next(table, r) is not None or r.deemed)]
    if not standing:
        return None
    how: dict[Revoke, tuple[str, str] | None] = {}
    for r in standing:
        nxt = _offending_next(table, r)
        when = f"established when {nxt[0]} played {nxt[1]} to trick {r.trick + 1}" if nxt is not None else "established"
        if r.failed is not None:
            how[r] = (f"{r.seat} failed to play the penalty card {r.failed} and {r.card} was accepted ({rs.cite('52B1')}), "
                      f"a revoke ({rs.cite('61A')}); {when}", "63A1")
        elif r.deemed:
            how[r] = (f"{r.seat} placed {r.card} among his played cards with no card on the trick, deemed a revoke", "67B1")
        else:
            how[r] = (when, "63A1")
    if rs.edition == "2017":
        sides = frozenset(r.seat.side for r in standing)
    else:
        sides = frozenset(r.seat.side for r in table.revokes)
    late = tuple(sorted({LATE_FINDINGS[f] for f in node.findings if f in LATE_FINDINGS}))
    said = _so_far(rs, table, standing, how, sides, late, frozenset(), frozenset())
    return ("Law 64: the record stops before the end of play (trick 13, a claim or 'remaining NS n EW m'): the trick "
            "adjustment is decided when play ends (64A). On the restorations whose ruling leaves "
            + ("this revoke" if len(standing) == 1 else "these revokes") + " established: " + "; ".join(said)
            + ". " + _equity_after(rs))


def _offending_next(table: TableState, r: Revoke) -> tuple[Seat, Card] | None:
    """The first card the revoker's side played to the trick after the revoke trick (63A1)."""
    nxt = table.trick(r.trick + 1)
    if nxt is None:
        return None
    return next(((s, c) for s, c in nxt.plays if s.side is r.seat.side), None)


def _won_by(findings: Iterable[str]) -> Side | None:
    """The side a ``revoke_trick_won_by_ns|ew`` finding gives the revoke trick in progress."""
    return next((WON_BY[f] for f in findings if f in WON_BY), None)


def _won_by_checked(table: TableState, task: RuleAfterPlay, replay: Replay) -> tuple[RuleAfterPlay, tuple[Notice, ...]]:
    """The count after play with a ``revoke_trick_won_by_ns|ew`` finding the record makes
    impossible set aside, and a note that says so: no trick was in progress when play ended,
    no established revoke was made on it, the line that ended play gives that side no trick,
    or no player of that side still to play to it held a card that could lawfully win it
    (44C: the cards tell the other side won it). The task as it is when the finding stands
    (or none was made)."""
    side = task.won_by
    if side is None:
        return task, ()
    rest = task.end.rest
    last = table.tricks[-1] if table.tricks else None
    if rest is None or last is None or not last.plays or last.is_complete:
        why = "no trick was in progress when play ended" + (f" (trick {last.number} was complete)" if last is not None
                                                            and last.is_complete else "")
    elif rest[0 if side is Side.NS else 1] == 0:
        why = f"the line that ended play gives {side} no trick after trick {last.number - 1}"
    elif not any(r.trick == last.number for r in _established_in(table, task, rest)):
        why = f"no established revoke was made on trick {last.number}, in progress when play ended"
    elif not in_progress_sides(table, rest) and (leader := _partial_trick_leader(table, last.number)) is not None \
            and leader.side is not side:
        why = (f"no player of {side} still to play to trick {last.number} held a card that could lawfully win it "
               f"(44C): the cards tell {leader.side} won it")
    else:
        return task, ()
    finding = next(f for f, s in WON_BY.items() if s is side)
    line = next((e.line for e in (*replay.before, *replay.after)
                 if isinstance(e, DirectorFinds) and e.finding.lower() == finding), None)
    note = Notice(line, f"'director finds {finding}' settled nothing: {why} (it is not taken into account)")
    return dataclasses.replace(task, won_by=None), (note,)


def _both_sides_one_next(replay: Replay) -> frozenset[int]:
    """The tricks on which, in a part of the record as it stood when attention was drawn,
    players of both sides revoked and only one side had played to the next trick (the 62C3
    condition: ``Replay.played_to``)."""
    out: set[int] = set()
    for part in (*replay.earlier, replay):
        revokes = part.table.revokes
        for a in revokes:
            if a.trick in out or not any(b.trick == a.trick and b.seat.side is not a.seat.side for b in revokes):
                continue
            if sum(1 for side in (Side.NS, Side.EW) if part.played_to(a.trick + 1, side)) == 1:
                out.add(a.trick)
    return frozenset(out)


# ----- the rules -------------------------------------------------------------------------------------------
def _play_out_last_trick(table: TableState) -> tuple[TableState, str] | None:
    """After a trick-12 correction (62D1) the last cards go back: each player plays his last
    card to trick 13, in rotation from the winner of trick 12."""
    t12 = table.trick(12)
    if table.trick(13) is not None or t12 is None or not t12.is_complete:
        return None
    leader = t12.winner(table.trumps)
    if leader is None or any(len(table.hand(s)) != 1 for s in Seat):
        return None
    order = [leader, leader.lho, leader.partner, leader.rho]
    plays = [(s, next(iter(table.hand(s)))) for s in order]
    return table.play_many(plays), " ".join(f"{s} {c}" for s, c in plays)


def _established_in(table: TableState, task: RuleAfterPlay, rest: tuple[int, int] | None) -> list[Revoke]:
    """The revokes the restoration leaves standing and established: the card still stands as
    played; a trick-12 revoke only when the hands were back in the board (62D1). ``rest``: the
    tricks won after the last one on ``table`` (the record's count, ``task.end.rest``, unless
    the last trick was played again from the hands)."""
    out = []
    # the record's revokes, and those a ruling found that play does not show (a failure to
    # play a penalty card that stood, 52 with 61A; a lead against a lead restriction). One
    # revoke (a seat's card on a trick) is counted once, as this restoration's table reads
    # it: the record, read before a ruling of its part, may see the card otherwise (a
    # penalty card that declarer's 50D2(a) choice later in the part had picked up, 62B2)
    ruled = {(r.seat, r.trick, r.card): r for r in table.revokes}
    mine = tuple(dict.fromkeys(ruled.get((r.seat, r.trick, r.card), r) for r in task.record_revokes))
    for r in (*mine, *(r for r in table.revokes if r not in mine)):
        if not still_a_revoke(table, r) and dummy_raised(table, r) != "43B2(b)":
            # corrected (or no longer a failure to follow: its card became the lead, 53B);
            # one dummy first asked about after breaking 43A2 is counted as if established
            # although corrected (43B2(b))
            continue
        if is_final_trick_revoke(table, r) and not task.hands_returned and r.failed is None:
            # (62D1 corrects a revoke on trick 12 although established; a failure to play a
            # penalty card there is Law 52's: once declarer has played since, its card stands,
            # 52B1(b), and it is counted as established, 64B3 and 64B6 giving no transfer)
            continue
        nxt = table.trick(r.trick + 1)
        if (nxt is not None and any(s.side is r.seat.side for s, _ in nxt.plays)) or rest is not None:
            out.append(r)
    return out


def _rule(rs: RuleSet, node: Node, task: RuleAfterPlay, revoked_sides: frozenset[Side],
          misplaced: frozenset[tuple[int, Card]] = frozenset(), *, both_corrected: bool = False) -> list[Edge]:
    """The count after play. When a claim or ``remaining`` line ended play before an
    established revoke's trick was complete and does not tell which side won that trick
    (:func:`in_progress_sides`), and no finding does, the director finds it: each side is a
    branch, labelled with its finding (the count is not guessed from the cards played so far)."""
    rest = task.end.rest
    last = node.table.tricks[-1] if node.table.tricks else None
    sides = (task.won_by,) if task.won_by is not None else in_progress_sides(node.table, rest)
    if not sides or last is None or last.is_complete or rest is None or not any(
            r.trick == last.number for r in _established_in(node.table, task, rest)):
        return _rule_one(rs, node, task, revoked_sides, misplaced, both_corrected=both_corrected, in_progress=None)
    ruled = {side: _rule_one(rs, node, task, revoked_sides, misplaced, both_corrected=both_corrected, in_progress=side)
             for side in sides}
    if task.won_by is None and len({_outcomes(e) for e in ruled.values()}) == 1:
        # (either side's win gives the same count under the same clauses: nothing for the
        # director to find; the trick is read as the record's cards so far read it)
        return _rule_one(rs, node, task, revoked_sides, misplaced, both_corrected=both_corrected, in_progress=None)
    edges: list[Edge] = []
    told = "" if task.won_by is not None else " (the record does not tell)"
    for side in sides:
        finding = next(f for f, s in WON_BY.items() if s is side)
        for step, leaf in ruled[side]:
            text = f"the director finds {side} won trick {last.number}, still in progress when play ended{told}; "
            edges.append((dataclasses.replace(step, text=text + step.text, choice=f"{side} won trick {last.number}: {step.choice}"),
                          leaf.evolve(findings=(*leaf.findings, finding))))
    return edges


def _outcomes(edges: list[Edge]) -> tuple[tuple[object, ...], ...]:
    """What a director's finding of the count after play changes: each leaf's transfer,
    equity and clauses."""
    return tuple((leaf.transfer, leaf.equity, step.clause, step.also) for step, leaf in edges)


def _rule_one(rs: RuleSet, node: Node, task: RuleAfterPlay, revoked_sides: frozenset[Side],
              misplaced: frozenset[tuple[int, Card]], *, both_corrected: bool, in_progress: Side | None) -> list[Edge]:
    table = node.table
    steps: list[Step] = []
    rest = task.end.rest
    # after a trick-12 correction (62D1) the last cards are played again from the hands, each
    # holding one: the record's count of the last trick ('remaining', a claim) was of that
    # trick as first played, and no longer describes it
    again = rest is not None and any(is_final_trick_revoke(table, r) and not still_a_revoke(table, r) for r in task.record_revokes)
    played = _play_out_last_trick(table) if rest is None or again else None
    if played is not None:
        table, cards = played
        rest = None
        said = " (the record's count of it was of the trick as first played)" if again else ""
        steps.append(Step("TD", StepKind.FORCED, rs.cite("62D1"), f"play ends: each player plays his last card to trick 13 ({cards}){said}",
                          question="how does play end?", choice="last trick"))
    established = _established_in(table, task, rest)
    corrected12 = [r for r in task.record_revokes if is_final_trick_revoke(table, r) and r not in established]
    transfers = count_transfers(rs, table, established, rest=rest, revoked_sides=revoked_sides, late=task.late,
                                misplaced_leads=misplaced, raised=task.raised, in_progress=in_progress)
    for r in corrected12:
        steps.append(Step("TD", StepKind.FORCED, rs.cite("64B6"), f"{r}: corrected on trick 12, no trick transfer (62D1)",
                          also=(rs.cite("62D1"),), question="Law 64: how many tricks are transferred?", choice=_moved({})))
    total = 0
    for t in transfers:
        total += t.tricks
        if t.exceptions:
            text = f"{t.revoke}: no trick transfer ({t.why})"
            also = tuple(rs.cite(c) for c in t.exceptions if c != t.clause)
        else:
            text = f"{t.revoke}: {t.tricks} trick{'s' if t.tricks != 1 else ''} to {t.revoke.seat.side.other} ({t.why})"
            also = ()
        steps.append(Step("TD", StepKind.FORCED, rs.cite(t.clause), text, also=also,
                          question="Law 64: how many tricks are transferred?", choice=_moved({t.revoke.seat.side.other: t.tricks})))
    equity = False
    if established or corrected12:
        offending = {t.revoke.seat.side for t in transfers} | {r.seat.side for r in corrected12}
        nos = next(iter({Side.NS, Side.EW} - offending), None) if len(offending) == 1 else None
        eq = task.equity
        if eq is not None and nos is not None:
            expected = eq.tricks if eq.side is nos else 13 - eq.tricks
            got = _tricks_of(table, nos, rest) + total
            if got < expected:
                equity = True
                text = (f"the transfer does not restore equity: {nos} would have won {expected} tricks without the revoke "
                        f"and has {got} with the transfer; the director assigns {nos} {expected} tricks")
            else:
                text = f"the transfer compensates: {nos} has {got} tricks, {expected} without the revoke"
            steps.append(Step("TD", StepKind.FINDING, rs.cite("64C1"), text, question="Law 64C: is the non-offending side compensated?",
                              choice="score adjusted for equity" if equity else "no equity adjustment"))
        else:
            steps.append(Step("TD", StepKind.FORCED, rs.cite("64C1"),
                              "the director compares the result with the one the revoke prevented and adjusts if the transfer "
                              "does not compensate the non-offending side (rulings solve --dds gives the double-dummy figure)",
                              question="Law 64C: is the non-offending side compensated?", choice="equity left to the director"))
    if not steps and both_corrected and _both_sides_corrected_on_one_trick(table, task):
        return [(Step("TD", StepKind.FORCED, rs.cite("64B8"),
                      "both sides' revokes on one trick were corrected (62C3): no trick transfer",
                      also=(rs.cite("62C3"),), question="Law 64: how many tricks are transferred?", choice=_moved({})),
                 _leaf(node, table, 0, False))]
    if not steps:
        # Law 64 adjusts only after an established revoke (63): none stands. The step records
        # the count (``transfer 0``) and cites what the director found, never a clause of
        # Law 64 or 63 that did not apply: the revokes of this restoration were corrected
        # before they were established (62A), or there was none (44C: every player followed
        # suit, or could not)
        if any(not _read_away(table, r) for r in (*task.record_revokes, *table.revokes)):
            return [(Step("TD", StepKind.FORCED, rs.cite("62A"),
                          "play is over and no revoke stands established: each was corrected (62A)"
                          + "".join(f"; {why}" for why in task.unestablished) + "; Law 64 has nothing to count",
                          question=AFTER_PLAY, choice="revoke corrected"),
                     _leaf(node, table, 0, False))]
        corrected = _failures_corrected(table)
        if corrected:
            # a failure to play a penalty card is a revoke (61A), here corrected when declarer
            # refused the card played in its place (52B2): one was made, and none stands
            return [(Step("TD", StepKind.FORCED, rs.cite("52B2"),
                          "play is over and no revoke stands established: "
                          + "; ".join(f"{w.seat}'s failure to play his penalty card {w.replaced_by} to trick {w.trick} was "
                                      f"corrected ({w.replaced_by} played in place of {w.card}, {rs.cite('52B2')})" for w in corrected)
                          + "; Law 64 has nothing to count",
                          question=AFTER_PLAY, choice="failure to play a penalty card corrected"),
                     _leaf(node, table, 0, False))]
        return [(Step("TD", StepKind.FORCED, rs.cite("44C"),
                      "play is over and no revoke was made (every player followed suit or could not): Law 64 has nothing to count",
                      question=AFTER_PLAY, choice="no revoke"),
                 _leaf(node, table, 0, False))]
    # one edge per step, chained: the steps are one forced path; its label, what the
    # director rules in all: the tricks each side receives, then the equity question
    moved: dict[Side, int] = {}
    for t in transfers:
        side = t.revoke.seat.side.other
        moved[side] = moved.get(side, 0) + t.tricks
    label = "; ".join([_moved(moved), *(s.choice for s in steps if s.question.startswith("Law 64C"))])
    return [(_merge(steps, label), _leaf(node, table, total, equity, _established_since(table, task, established)))]


def _failures_corrected(table: TableState) -> list[Withdrawal]:
    """The withdrawals of ``table`` that corrected a failure to play a penalty card (52B2):
    a defender's card taken back and replaced by his penalty card, the card taken back made
    a penalty card in turn (every card illegally played becomes one). A card a correction of
    another irregularity took back is no penalty card (45D1, 47D, 62C1), and a revoke's card
    corrected under 62B is one of the record's revokes, said by the 62A step."""
    faced = {(p.seat, p.card) for p in (*table.penalty_cards, *table.played_penalty)}
    return [w for w in table.withdrawn if w.replaced_by is not None and (w.seat, w.replaced_by) in faced and (w.seat, w.card) in faced]


def _moved(tricks: dict[Side, int]) -> str:
    """The tricks Law 64 gives each side, in words (a choice label): ``2 tricks to NS``, or
    ``no trick transferred``."""
    parts = [f"{n} trick{'s' if n != 1 else ''} to {side}" for side, n in tricks.items() if n]
    return ", ".join(parts) if parts else "no trick transferred"


def _both_sides_corrected_on_one_trick(table: TableState, task: RuleAfterPlay) -> bool:
    """Two revokes of the record by opposite sides on one trick, both corrected on this table,
    when only one side had played to the next trick (62C3; no transfer, 64B8)."""
    gone = [r for r in task.record_revokes if _corrected(table, r) and r.trick in task.both_sides_one_next]
    return any(a.trick == b.trick and a.seat.side is not b.seat.side for a in gone for b in gone)


def _corrected(table: TableState, r: Revoke) -> bool:
    """Whether the revoke ``r`` of the record is corrected on ``table`` (its card no longer
    on its trick)."""
    t = table.trick(r.trick)
    return t is not None and t.card_of(r.seat) != r.card


def _merge(steps: list[Step], label: str) -> Step:
    """The Law 64 steps as one path step: the first clause leads, the others follow;
    ``label``: its choice, what they rule in all."""
    first = steps[0]
    also = tuple(dict.fromkeys(c for s in steps for c in s.clauses if c != first.clause))
    return Step(first.actor, first.kind if len(steps) == 1 else StepKind.FORCED, first.clause, "; ".join(s.text for s in steps),
                also=also, question=AFTER_PLAY, choice=label)


def _leaf(node: Node, table: TableState, transfer: int, equity: bool, established: bool = False) -> Node:
    """The leaf after the count: ``transfer`` tricks, the 64C finding ``equity``; with
    ``established``, a revoke stands established on it (``Node.established``)."""
    return node.evolve(table=table, agenda=node.agenda[1:], transfer=transfer, equity=equity,
                       established=node.established or established)


def _tricks_of(table: TableState, side: Side, rest: tuple[int, int] | None) -> int:
    won = table.tricks_won()[side]
    if rest is not None:
        won += rest[0] if side is Side.NS else rest[1]
    return won


def _play_over(edges: list[Edge], task: RuleAfterPlay) -> list[Edge]:
    """The leaves of the count once play has ended before attention (``EndOfPlay.played_out``):
    nothing is left to lead or play, so no penalty card stays in force (it binds its owner
    when he plays and his partner when he leads, 50C, 50D, 51) nor any lead or play
    restriction (50D2(a), 51B, 57A, 57D), and nobody leads (``Node.played_out``). The
    information ledger stays as it is (16C, 50E: the director may still adjust, 50E3, 64C).
    With every trick in the record, a leaf whose ruling took a card of the last trick back
    (its trick 13 no longer complete) has play still to come, and is left as it is."""
    if not task.end.played_out:
        return edges
    out: list[Edge] = []
    for step, leaf in edges:
        table = leaf.table
        last = table.trick(13)
        if task.end.rest is None and (last is None or not last.is_complete):
            out.append((step, leaf))
            continue
        gone = sorted(table.penalty_cards, key=lambda p: p.sort_key)
        lapsed = [r for r in leaf.restrictions if binds_later_play(r)]
        said = []
        if gone:
            said.append(f"{PLAY_OVER_LIFTS} ({', '.join(f'{p.seat} {p.card} {p.kind.value}' for p in gone)})")
        if binding := [r for r in lapsed if restriction_in_force(table, r)]:
            # (one spent before, a requirement by its lead or a prohibition by the loss of
            # the lead, is not lifted by the end of play)
            said.append(f"{'' if gone else 'play has ended: '}no restriction binds ({', '.join(binding)})")
        if said:
            step = dataclasses.replace(step, text=f"{step.text}; {' and '.join(said)}")
        out.append((step, leaf.evolve(table=table.play_over(), restrictions=tuple(r for r in leaf.restrictions if r not in lapsed),
                                      played_out=True)))
    return out


def rule_after_play_2017(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """64A1/64A2 transfers, 64B1-64B8 exceptions, 64C1 equity (2017: 64B7 needs both sides'
    revokes established; a defender's failure to follow dummy's wrongly placed lead that stood
    under 45D2 gets 64C1 only, as the WBF commentary rules)."""
    assert isinstance(task, RuleAfterPlay)
    sides = frozenset(r.seat.side for r in _established_in(node.table, task, task.end.rest))
    # (the wrong leads of the record, and those a 45D2 step of this branch let stand: after a
    # change of designation only the branch's finding tells whether dummy's lead was wrong)
    misplaced = task.misplaced_leads | node.table.misplaced_leads
    return _play_over(_rule(rs, node, task, sides, misplaced, both_corrected=True), task)


def rule_after_play_2007(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """64A/64B/64C (2007: 64B7 applies when both sides revoked on the board, corrected or not;
    64B3 any faced card)."""
    assert isinstance(task, RuleAfterPlay)
    # (the record's revokes, and those a ruling found that play does not show: a failure to
    # play a penalty card, 52 with 61A; corrected or not, each side that revoked counts: a
    # failure declarer refused, the penalty card played in its place (52B2), was a revoke
    # made and corrected, as the count's own step after play says of it)
    table = node.table
    sides = frozenset(r.seat.side for r in (*task.record_revokes, *table.revokes) if not _read_away(table, r)) \
        | frozenset(w.seat.side for w in _failures_corrected(table))
    return _play_over(_rule(rs, node, task, sides), task)


def _read_away(table: TableState, r: Revoke) -> bool:
    """A revoke of the record as read whose card stands on its trick in the restoration but
    is no failure to follow there: the ruling found the trick was not as the record read it
    (declarer's call changed before dummy faced the card changed to, 45C4(b)), so there was
    never a revoke to correct (unlike a corrected one, whose card was taken back)."""
    t = table.trick(r.trick)
    if t is None or t.card_of(r.seat) != r.card:
        return False
    return not any(x.trick == r.trick and x.seat is r.seat and x.card == r.card for x in table.revokes)


# ----- claim atoms: transfer <N>, equity ---------------------------------------------------------------
@register_atom
def _parse_atoms(words: list[str], claim: str, edition: str) -> Atom | None:
    w0 = words[0].lower()
    if w0 == "transfer" and len(words) == 2 and not (words[1].isascii() and words[1].isdigit()):
        raise NotationError(f"unknown token {words[1]!r} in claim {claim!r}: expected a number of tricks ('transfer <N>')",
                            token=words[1])
    if w0 == "transfer" and len(words) == 2:
        n = int(words[1])
        return Atom(" ".join(words), lambda r: r.node.transfer == n, explain=_transfer_explain)
    if w0 == "equity" and len(words) == 1:
        return Atom("equity", lambda r: r.node.equity, explain=_equity_explain)
    return None


def _equity_explain(r: Restoration, restorations: Sequence[Restoration]) -> str:
    """What a restoration shows of ``equity``: what its Law 64C step found (the transfer
    compensates, or not, by the record's ``equity <side> <N>`` finding; or the comparison is
    left to the director, with no such finding), or that Law 64 counts nothing there."""
    if r.node.transfer is None:
        return "the record does not reach the end of play: Law 64 counts nothing yet"
    step = next((s for s in r.path if s.question == AFTER_PLAY or "64C1" in s.clauses or "64C" in s.clauses), None)
    if step is None:
        return ""
    part = next((p for p in step.text.split("; ") if p.startswith(("the transfer ", "the director compares"))), None)
    if part is None:
        return f"Law 64 after play: {step.text}"
    if part.startswith("the director compares"):
        return ("the comparison is left to the director: the record has no finding 'equity <side> <N>' (64C1), so no "
                "restoration adjusts the score")
    return part


def _transfer_explain(r: Restoration, restorations: Sequence[Restoration]) -> str:
    """What a restoration failing ``transfer <N>`` rules: its count, with the Law 64 clauses
    of its path; or that its record does not reach the end of play."""
    if r.node.transfer is None:
        return "the record does not reach the end of play: Law 64 counts nothing yet"
    clauses = sorted(c for c in r.laws if c.startswith("64"))
    n = r.node.transfer
    return f"it transfers {n} trick{'' if n == 1 else 's'}" + (f", {', '.join(clauses)}" if clauses else "")


add_atom_forms("transfer <N>", "equity")

CITES = ("43B3", "44C", "52B2", "62A", "63A1", "64A1", "64A2", "64B1", "64B2", "64B3", "64B4", "64B5", "64B6", "64B7", "64C1", "62D1")
RULES: tuple[Rule, ...] = (
    Rule("rule_after_play", RuleAfterPlay, (*CITES, "64B8"), rule_after_play_2017, rule_after_play_2017.__doc__ or "",
         editions=frozenset({"2017"})),
    Rule("rule_after_play_2007", RuleAfterPlay, CITES, rule_after_play_2007, rule_after_play_2007.__doc__ or "",
         editions=frozenset({"2007"})),
)
OPENERS: tuple[tuple[str, object], ...] = ()
CLOSERS = (close_after_play,)
