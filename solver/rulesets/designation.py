"""Designations from dummy and changes of designation: Laws 45B, 45C3, 45C4(a), 45C4(b), 46A,
46B1-5, 47C, 47D (with 16C for the information). See docs/designation-rules.md.

The opener walks the play record from the start of the case (of its part, the cards of the
parts before it standing, in a record played on after a ruling), applying plays, until it meets
the first event Law 45/46 must rule on: a call that is not a plain card dummy holds, a change
of designation, a touch of dummy's card, or declarer naming a card of his own hand. Each such
event becomes one task; its edges are the permitted resolutions (the deemed card, or one edge
per card for the player who chooses), and each child carries on with the rest of the record
(:func:`advance`) until the next such event. The record's later plays are re-applied in every
branch, so a branch in which the record no longer fits stops there (noted in the step).

A call followed by dummy placing a card other than the one it designates is Law 45D (the
``dummy_misplay`` rules): this module leaves such a record alone, or, after a designation
event, hands the misplay on at the end of the walk (``RecordMisplays``). A change of
designation after such a misplay concerns the call's designation (:func:`_allow_misplaced`);
a dummy line after a call and a change faces the card then designated (``Cursor.facing``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field, replace
from functools import partial
from typing import cast

from rulings.models.cards import Card, Seat, Side, Suit
from rulings.models.case import Replay, dummy_faces_later, dummy_has_played, faced_after_change
from rulings.models.dataclass import dataclass
from rulings.models.designation import (
    FINDING_WORDS,
    TOUCH_WORDS,
    Event,
    FoundCall,
    Resolution,
    prepare,
    resolve_call,
)
from rulings.models.errors import IllegalActionError, RulingError
from rulings.models.events import (
    REFUSING_FINDINGS,
    AnyEvent,
    Attention,
    Call,
    ChangeDesignation,
    Designation,
    DirectorFinds,
    Expose,
    Name,
    NamePlay,
    Play,
    Touch,
)
from rulings.models.table import PenaltyCard, TableState, Trick
from rulings.solver.engine import Edge, Info, Node, Staged, Step, StepKind, played, with_entries
from rulings.solver.establishment import hands_back_in_board
from rulings.solver.lawful import lawful_substitutes, penalty_card_designation
from rulings.solver.obligations import after_ruling_tasks, kind_for, lead_rule_args, no_penalty_card, pc_info
from rulings.solver.rulesets.base import Opening, Rule, RuleSet
from rulings.solver.tasks import RecordMisplays

# ----- what the record says, prepared -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Designated:
    """The declaring side's latest card and how it came to be played (for 45C4(b))."""

    seat: Seat
    card: Card
    trick: int
    #: "named" (called or named), "standing" (a 'run' instruction), "touched", "placed" (by
    #: dummy with no call), "played" (from the hand), "misplaced" (placed by dummy after a call
    #: that designated another card: Law 45D)
    how: str
    misplay: int | None = None  # "misplaced": the index in ``Cursor.misplays`` of its misplay


@dataclass(frozen=True, slots=True)
class Cursor:
    """Where the walk through the record stands: what is left, and the latest designation."""

    rest: tuple[Event, ...]
    last: Designated | None = None
    standing: Suit | None = None  # a 'run the <suit>' instruction in force
    dummy_last: Designated | None = None  # dummy's latest card (a change may concern it)
    #: Law 45D misplays met on the way (table at the call, the call, the finding, dummy's
    #: placing), ruled by the dummy_misplay rules at the end of the record
    misplays: tuple[tuple[TableState, Call, tuple[Card, ...] | None, Play], ...] = ()
    defender_last: Designated | None = None  # a defender's latest card named to play (2007 45C4(b))
    #: a call whose card naming played (45C4(a)) before dummy faced it, declarer changing his
    #: designation in between: the table at the call and the call. Dummy's next card placed
    #: to that trick is the facing of the card then designated, or a card not designated (45D)
    facing: tuple[TableState, Call] | None = None
    #: declarer's latest card from his own hand (a change naming a card of his concerns it,
    #: even once dummy has played since: 45C4(b)'s time limit then decides)
    own_last: Designated | None = None
    #: play went on to the end after the record's last card before attention
    #: (``Replay.played_out``): a misplay met on the way may be too late to correct (45D2)
    played_out: bool = False
    #: a card a player named from his own hand (45C4(a)), then changed (45C4(b)) before
    #: putting a card on the table: the trick and the seat. His next card placed is the card
    #: he faced for the designation as the director rules it (:class:`FacedAfterNamed`)
    own_facing: tuple[int, Seat] | None = None
    #: a finding says the four hands were back in the board when attention was drawn
    #: (``hands_back_in_board``): a revoke on trick 12 then stands established (62D1, 63B)
    hands_back: bool = False
    #: the calls of the record a ruling on this path has ruled already (a Law 45D misplay
    #: the dummy_misplay rules ruled before this opening, on a table rectified since: their
    #: ids): the walk places dummy's card as it stands and carries no misplay for them
    ruled: frozenset[int] = frozenset()
    #: the table a ruling on this path rectified before the walk (``Replay.reopened``): a
    #: trick the walk completes with the same cards keeps the order that ruling left it in
    #: (:func:`_in_ruled_order`)
    ruled_table: TableState | None = None

    def marked(self, d: Designated, dummy: Seat, **changes: object) -> Cursor:
        """This cursor with ``d`` as the declaring side's latest card."""
        own = d if d.seat is not dummy else self.own_last
        return replace(self, last=d, dummy_last=d if d.seat is dummy else self.dummy_last, own_last=own, **changes)  # type: ignore[arg-type]


# ----- tasks -----------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ResolveCall:
    """46A/46B: the call designates a deemed card, or someone chooses among lawful cards."""

    call: Call
    incontrovertible: tuple[Card, ...] | None
    cursor: Cursor


@dataclass(frozen=True, slots=True)
class RuleTouch:
    """45C3: a card of dummy's declarer touched is played unless he was arranging or reaching."""

    touch: Touch
    cursor: Cursor


@dataclass(frozen=True, slots=True)
class RuleNamed:
    """45C4(a): a card declarer names from his own hand is played."""

    name: Name
    cursor: Cursor


@dataclass(frozen=True, slots=True)
class FacedAfterNamed:
    """A card a player put on the table after naming one of his own hand and changing the
    designation, when it is not the card the ruling on the change leaves played: 48A (45E2)
    for declarer's, 49 (45E1) with 50B for a defender's."""

    play: Play
    trick: int
    cursor: Cursor


@dataclass(frozen=True, slots=True)
class RuleChange:
    """45C4(b), 47C: declarer's change of designation, allowed or refused."""

    change: ChangeDesignation
    cursor: Cursor
    finding: str | None = None  # set once the director's finding is made (slip / rethink)
    #: an incomplete or invalid call (46B) the change follows at once, nothing else between:
    #: the change concerns the call itself, not a card 46B would make of it (:func:`_change_call`)
    call: ResolveCall | None = None


@dataclass(frozen=True, slots=True)
class OpponentMayChange:
    """45C4(b), 47D: after a permitted change, an opponent who had played in turn after the
    changed card may withdraw his card and substitute another (no penalty card; 16C)."""

    trick: int
    later: tuple[tuple[Seat, Card], ...]
    index: int
    cursor: Cursor
    old_suit_led: Suit | None = field(default=None)
    then: tuple[object, ...] = ()  # the tasks after the last opponent (LeadAfterChange)
    offending: Side | None = None  # the side that changed (None: declarer's side)
    #: the card of a change of designation the director refused, to which these cards were
    #: played (after the change): the declaring side's refused change caused them
    refused: Card | None = None


@dataclass(frozen=True, slots=True)
class LeadAfterChange:
    """44G after a permitted change of designation: a lead to the next trick already made
    is withdrawn when its leader no longer won the changed trick (as revoke.py's
    ``retract_lead_when_winner_changes`` for a revoke trick); otherwise it stands."""

    trick: int
    cursor: Cursor
    offending: Side | None = None  # the side that changed (None: declarer's side)


# ----- walking the record ----------------------------------------------------------------------------
def _focus(table: TableState) -> int:
    cur = table.current_trick
    if cur is None:
        return table.first_trick
    return cur.number + 1 if cur.is_complete else cur.number


def _carried_designation(replay: Replay, table: TableState) -> tuple[Designated | None, Call | None]:
    """A later part of the record (played on after a ruling): dummy's latest card of the parts
    before it, standing on the table the part begins on, and how the record put it there, so
    that a change of designation in the part concerns it as it would without the ruling
    between (45C4(b): declarer may change until the declaring side plays again; a ruling
    that found nothing, and ``resume``, change nothing: docs/whole-record.md). None in the
    first part, when dummy has no card standing, or when the line that put it there is not
    a call, a touch or dummy's own placing (an earlier part's change of designation or
    misplay: ruled there). With it, the call that named it when dummy had not yet faced it
    (no placing line) and it is the last card standing."""
    if not replay.earlier:
        return None, None
    dummy, declarer = table.dummy, table.declarer
    plays = list(table.plays())
    standing = [(n, c) for n, s, c in plays if s is dummy]
    if not standing:
        return None, None
    number, card = standing[-1]
    placed = False
    for e in reversed([e for part in replay.earlier for e in part.before]):
        if isinstance(e, Play) and e.seat is dummy:
            if e.card != card or placed:
                return None, None
            placed = True
        elif isinstance(e, Call) and e.seat is declarer:
            if e.what.card != card:
                return None, None
            unfaced = not placed and plays[-1][1:] == (dummy, card)
            return Designated(dummy, card, number, "named"), e if unfaced else None
        elif isinstance(e, Touch) and e.seat is declarer:
            return (Designated(dummy, card, number, "touched") if e.card == card else None), None
        elif isinstance(e, (ChangeDesignation, FoundCall)):
            return None, None
    return (Designated(dummy, card, number, "placed") if placed else None), None


def _last_trick_no(table: TableState) -> int:
    cur = table.current_trick
    assert cur is not None
    return cur.number


def _next_places(rest: Sequence[Event], dummy: Seat) -> Play | None:
    for e in rest:
        if isinstance(e, (Attention, DirectorFinds)):
            continue
        return e if isinstance(e, Play) and e.seat is dummy else None
    return None


def _changed_before_facing(rest: Sequence[Event], table: TableState) -> bool:
    """Whether the record, after a call, has declarer change his designation (one or more
    ``changes to`` lines of a card dealt to dummy) before dummy places a card: the call's
    card was played by naming (45C4(a)), and that placing line faces the designated card.
    So too when the record (its part before ``attention``) ends with the change lines, or
    another player puts a card on the table next (East plays to the card declarer changed
    to): dummy faced no card before the change, so the card called, if the change is allowed,
    goes back without having reached the table (47C), no card of dummy's withdrawn, as when
    dummy then faces the new card."""
    changed = False
    dummy = table.dummy
    for e in rest:
        if isinstance(e, (Attention, DirectorFinds)):
            continue
        if isinstance(e, ChangeDesignation) and e.seat is table.declarer and table.deal.holder(e.card) is dummy:
            changed = True
            continue
        return changed and isinstance(e, Play)
    return changed


def _faced_later(rest: Sequence[Event], at: TableState) -> bool:
    """Whether, after a call on ``at`` (dummy still to play), the record has other players'
    cards of the trick and then dummy's line (``models.case.dummy_faces_later``): that line
    faces the card the call played at dummy's turn (45B, 45C4(a)), no second card of his."""
    cur = at.current_trick
    seats = frozenset(s for s, _ in cur.plays) if cur is not None and not cur.is_complete else frozenset()
    return dummy_faces_later(rest, 0, at.dummy, seats) is not None


def _needs_ruling(table: TableState, e: Event, rest: Sequence[Event], rs: RuleSet) -> bool | None:
    """True: ``e`` is a Law 45C/46 event to rule on; False: apply it; None: Law 45D (not ours)."""
    declarer, dummy = table.declarer, table.dummy
    call = e.call if isinstance(e, FoundCall) else e if isinstance(e, Call) else None
    if call is not None:
        if call.seat is not declarer or dummy_has_played(table):
            return False  # (after dummy has played to the trick, a call designates nothing: advance)
        placed = _next_places(rest, dummy)
        plain = call.what.card is not None and call.what.card in table.hand(dummy)
        if isinstance(e, FoundCall) and e.incontrovertible is not None:
            plain = False
        if placed is not None:
            if plain:
                return False if placed.card == call.what.card else None
            try:
                res = resolve_call(table, call, e.incontrovertible if isinstance(e, FoundCall) else None, rs.decisions.designation_policy())
            except RulingError:
                return None
            # (dummy placed the one card the call designates: the card 46B deems called, or
            # the only lawful card declarer may designate, 46B4: the placing line is its play)
            return True if res.options == (placed.card,) else None
        return not plain
    if isinstance(e, NamePlay):
        # a card named to play at his turn is his play (45C4(a)), no irregularity: ruled
        # here only where a later change of designation of his may concern it (45C4(b)); one
        # named out of turn is his play out of turn (the leads rules', 53-57), applied here
        return e.card in table.hand(e.seat) and table.on_play is e.seat and _changes_later(rest, e.seat)
    if isinstance(e, ChangeDesignation):
        return e.seat is declarer or table.is_defender(e.seat)
    if isinstance(e, Touch):
        return e.seat is declarer
    if isinstance(e, Name):
        # 45C4(a) only when declarer names the card at his own turn: naming a card as held
        # at another time is a statement, and declarer's cards never become penalty cards (48A)
        return e.seat is declarer and e.card in table.hand(declarer) and table.on_play is declarer and _changes_later(rest, declarer)
    return False


def _changes_later(rest: Sequence[Event], seat: Seat) -> bool:
    """Whether the record after a card ``seat`` named to play has a change of designation of
    his (45C4(b)): only then is the naming ruled (it is otherwise his play, 45C4(a))."""
    return any(isinstance(e, ChangeDesignation) and e.seat is seat for e in rest)


def _named_play(table: TableState, e: Event, rest: Sequence[Event]) -> TableState | None:
    """The table with the card a player named to play placed where the record's replay
    places it (``Case.replay``: at his turn, a card of declarer's named, or one named to play
    at any time, his play out of turn then, 45C4(a)), when no change of designation is ruled
    on it (:func:`_needs_ruling`); None where the naming places no card (his play line next
    faces the card named: that line is the play; not his card to play)."""
    if not isinstance(e, (Name, NamePlay)) or e.card not in table.hand(e.seat):
        return None
    if isinstance(e, Name) and (e.seat is not table.declarer or table.on_play is not e.seat):
        return None
    nxt = rest[0] if rest else None
    if isinstance(nxt, Play) and nxt.seat is e.seat and nxt.card == e.card:
        return None
    try:
        return table.play(e.seat, e.card)
    except RulingError:
        return None


FOREIGN = "a call that dummy executed with another card (Law 45D)"


def _changed_at_once(rs: RuleSet, table: TableState, task: ResolveCall) -> RuleChange | None:
    """An incomplete or invalid call (46B) that declarer follows at once (a director's finding
    aside, nothing between) with ``changes to`` a card dealt to dummy: the change concerns the
    call, before anything 46B gives is done (:func:`_change_call`). None where 46B deems a
    card called (46B1-46B3(a), or a single lawful card): that card is the designation, and the
    change concerns it as any change of a designated card does (45C4(b)) - unless the switch
    ``designation_incomplete_call_completed_at_once`` reads every such change as completing
    the call."""
    rest = task.cursor.rest
    k = 0
    while k < len(rest) and isinstance(rest[k], DirectorFinds):
        k += 1
    if k >= len(rest):
        return None
    ch = rest[k]
    if not (isinstance(ch, ChangeDesignation) and ch.seat is table.declarer and table.deal.holder(ch.card) is table.dummy):
        return None
    try:
        res = resolve_call(table, task.call, task.incontrovertible, rs.decisions.designation_policy())
    except RulingError:
        return None  # (the call's own ruling says why, at its line)
    if res.chooser is None and not rs.decisions.designation_incomplete_call_completed_at_once:
        return None
    after = replace(task.cursor, rest=(*rest[:k], *rest[k + 1 :]))
    return RuleChange(ch, after, ch.finding, replace(task, cursor=after))


def advance(rs: RuleSet, table: TableState, cursor: Cursor, *, stop_foreign: bool = False,
            void: list[tuple[Call, int, Card]] | None = None) -> tuple[TableState, tuple[object, ...], str]:
    """Apply the record from ``cursor`` until the next event to rule on (:func:`_walk`),
    each trick it completes that holds the cards a ruling on this path left on it, in the
    order that ruling left them (``Cursor.ruled_table``, :func:`_in_ruled_order`)."""
    walked, tasks, remark = _walk(rs, table, cursor, stop_foreign=stop_foreign, void=void)
    if cursor.ruled_table is not None:
        walked = _in_ruled_order(walked, cursor.ruled_table)
    return walked, tasks, remark


def _walk(rs: RuleSet, table: TableState, cursor: Cursor, *, stop_foreign: bool = False,
          void: list[tuple[Call, int, Card]] | None = None) -> tuple[TableState, tuple[object, ...], str]:
    """Apply the record from ``cursor`` until the next event to rule on.

    Returns the table, the next task (or nothing at the end of the record) and a remark
    (non-empty when the record no longer fits this branch and the walk stopped; ``FOREIGN``
    when ``stop_foreign`` and a Law 45D misplay comes first). A call from dummy made after
    dummy has played to the trick in progress plays nothing: it is passed over, and listed
    in ``void`` (with the trick and dummy's card there) when given.
    """
    rest = cursor.rest
    last, standing, dummy_last, own_last = cursor.last, cursor.standing, cursor.dummy_last, cursor.own_last
    misplays, facing, own_facing = cursor.misplays, cursor.facing, cursor.own_facing
    dummy, declarer = table.dummy, table.declarer
    i = 0
    while i < len(rest):
        e = rest[i]
        after = rest[i + 1 :]
        if isinstance(e, (Attention, DirectorFinds)):
            i += 1
            continue
        verdict = _needs_ruling(table, e, after, rs)
        if verdict is None and stop_foreign:
            return table, (), FOREIGN
        if verdict is None and isinstance(e, (Call, FoundCall)):
            # Law 45D: dummy placed another card than the call designates; the placing line
            # is applied as the play below and the misplay is ruled at the end of the record
            placed = _next_places(after, dummy)
            if placed is not None and id(e.call if isinstance(e, FoundCall) else e) not in cursor.ruled:
                misplays += ((table, e.call if isinstance(e, FoundCall) else e,
                              e.incontrovertible if isinstance(e, FoundCall) else None, placed),)
        if verdict:
            here = Cursor(after, last, standing, dummy_last, misplays, cursor.defender_last, facing, own_last, cursor.played_out,
                          own_facing, cursor.hands_back, cursor.ruled, cursor.ruled_table)
            if isinstance(e, (Call, FoundCall)):
                resolving = ResolveCall(e.call, e.incontrovertible, here) if isinstance(e, FoundCall) else \
                    ResolveCall(e, None, here)
                return table, (_changed_at_once(rs, table, resolving) or resolving,), ""
            if isinstance(e, ChangeDesignation):
                return table, (RuleChange(e, here, e.finding),), ""
            if isinstance(e, Touch):
                return table, (RuleTouch(e, here),), ""
            if isinstance(e, Name):
                return table, (RuleNamed(e, here),), ""
            if isinstance(e, NamePlay):
                return table, (RuleNamed(Name(e.seat, e.card, e.line), here),), ""
        if isinstance(e, (Call, FoundCall)):
            call = e.call if isinstance(e, FoundCall) else e
            if call.seat is declarer and dummy_has_played(table):
                if void is not None:
                    cur = table.current_trick
                    assert cur is not None
                    void.append((call, cur.number, next(c for s, c in cur.plays if s is dummy)))
                i += 1
                continue
            if call.seat is declarer and call.what.card is not None and verdict is False:
                standing = None
                placed = _next_places(after, dummy)
                if placed is None:  # 45B, 45C4(a): naming dummy's card plays it
                    at = table
                    try:
                        table = table.play(dummy, call.what.card)
                    except RulingError:
                        return table, (), f"the record no longer fits here ({call})"
                    last = dummy_last = Designated(dummy, call.what.card, _last_trick_no(table), "named")
                    facing = (at, call) if _changed_before_facing(after, table) or _faced_later(after, at) else None
                else:  # dummy's placing line is the play; it was designated by name
                    try:
                        table = table.play(dummy, placed.card)
                    except RulingError:
                        return table, (), f"the record no longer fits here ({placed})"
                    last = dummy_last = Designated(dummy, placed.card, _last_trick_no(table), "named")
                    i = rest.index(placed, i + 1) if placed in rest[i + 1 :] else i
            i += 1
            continue
        if verdict is False and isinstance(e, (Name, NamePlay)):
            named_at = _named_play(table, e, after)
            if named_at is not None:
                table = named_at
                if e.seat is declarer:
                    last = own_last = Designated(declarer, e.card, _last_trick_no(table), "named")
            i += 1
            continue
        if isinstance(e, Play):
            if own_facing is not None and e.seat is own_facing[1]:
                number, seat = own_facing
                own_facing = None
                trick = table.trick(number)
                if trick is not None and trick.card_of(seat) == e.card:
                    i += 1  # he faced the card his designation, as ruled, played
                    continue
                here = Cursor(after, last, standing, dummy_last, misplays, cursor.defender_last, facing, own_last,
                              cursor.played_out, hands_back=cursor.hands_back, ruled=cursor.ruled,
                              ruled_table=cursor.ruled_table)
                return table, (FacedAfterNamed(e, number, here),), ""
            if facing is not None and e.seat is dummy:
                at, call = facing
                facing = None
                number = _focus(at)  # (the record's next play is this placing: _changed_before_facing)
                trick = table.trick(number)
                meant = trick.card_of(dummy) if trick is not None else None
                # dummy faces the card declarer's designation (as changed, or not) played
                # already; another card is one declarer did not designate (45D), unless the
                # designated card completed the trick: then it is dummy's card to the next
                if meant is not None and (e.card == meant or not (trick is not None and trick.is_complete)):
                    if e.card != meant:
                        try:
                            table = table.with_cards(((number, dummy, e.card),))
                        except RulingError:
                            return table, (), f"the record no longer fits this branch from {e} on"
                        misplays += ((at, Call(declarer, Designation("card", card=meant), call.line), None, e),)
                        last = dummy_last = Designated(dummy, e.card, number, "misplaced", len(misplays) - 1)
                    i += 1
                    continue
            # the run of play lines from here, placed as the replay of the record places them
            # (a seat's lead to the next trick put down before the trick was complete goes on
            # the next trick: TableState.lead_order); while a player is still to face a card,
            # the run stops before his next line (each of his lines is looked at above)
            waiting = dummy if facing is not None else own_facing[1] if own_facing is not None else None
            if waiting is None:
                # (a run that a call of dummy's card ends: read across the call as the replay
                # reads it, the lines after it moved up where a lead put down early waits for them)
                rest, table = _across_a_call(table, rest, i)
            if waiting is None or e.seat is not waiting:
                run, table = _run_in_order(table, rest, i, waiting, _focus(facing[0]) if facing is not None else None)
            else:
                run = [e]
            for k, p in enumerate(run):
                try:
                    table = table.play(p.seat, p.card)
                except RulingError:
                    # (the first line, in the record's order, the table did not take: a lead
                    # put down early, placed after this card, is not on the table either)
                    first = min(run[k:], key=lambda q: next(n for n, x in enumerate(rest[i:], i) if x is q))
                    return table, (), f"the record no longer fits this branch from {first} on"
                if facing is not None and p.seat is not dummy:
                    # another player's card completed the trick of the call: dummy faced no
                    # card there, and his later card is a play to a later trick (the card the
                    # finding leaves in his hand, or none he still holds: the branch stops)
                    done = table.trick(_focus(facing[0]))
                    if done is not None and done.is_complete:
                        facing = None
                if p.seat is dummy:
                    if misplays and p is misplays[-1][3]:  # dummy placed a card the call did not designate (45D)
                        last = dummy_last = Designated(dummy, p.card, _last_trick_no(table), "misplaced", len(misplays) - 1)
                    else:
                        how = "standing" if standing is not None and p.card.suit is standing else "placed"
                        last = dummy_last = Designated(dummy, p.card, _last_trick_no(table), how)
                elif p.seat is declarer:
                    last = own_last = Designated(declarer, p.card, _last_trick_no(table), "played")
            i += len(run)
            continue
        i += 1
    if misplays:
        # ruled in a stage of their own, where each happened: after what the designation's
        # ruling reveals before them (a lead out of turn by the former winner of a trick the
        # change gave to another player), on the table that ruling leaves
        first_at, _, _, first_placed = misplays[0]
        cur = first_at.play(first_placed.seat, first_placed.card).current_trick
        trick_no = cur.number if cur is not None else None
        where = (played(trick_no, first_placed.seat, first_placed.card),) if trick_no is not None else ()
        return table, (Staged(RecordMisplays(misplays, cursor.played_out), "dummy_misplay", where, trick_no),), ""
    return table, (), ""


def _across_a_call(table: TableState, rest: tuple[Event, ...], i: int) -> tuple[tuple[Event, ...], TableState]:
    """The record from ``rest[i]`` (a play line) read as the replay of the record reads it
    (``models/case.py``, ``TableState.lead_order``) where the run of play lines from there
    ends at a call of declarer's naming a card of dummy's: the call's card counts among the
    cards put down (45B, 45C4(a)), and the play lines after it as well, up to a line of
    another kind (a change of designation between them is a break in the run, as for the
    replay). Where that reading places a seat's card of the run (his lead to the next trick
    put down before the trick was complete) after cards beyond the call (the seats still due
    to the trick), those lines are moved up in the record before the call, each with the
    change and finding lines after it, and the leads so placed are marked on the table
    (``early_leads``, ``put_down_early``); otherwise ``rest`` and ``table`` as given."""
    j = i
    while j < len(rest) and isinstance(rest[j], Play):
        j += 1
    head = rest[j] if j < len(rest) else None
    call = head.call if isinstance(head, FoundCall) else head
    dummy = table.dummy
    if not isinstance(call, Call) or call.seat is not table.declarer or call.what.card is None:
        return rest, table
    # each card line from rest[i] (a play, or a call of a card of dummy's), with the lines
    # after it that place no card (a change of designation, a finding)
    groups: list[list[Event]] = []
    pairs: list[tuple[Seat, Card]] = []
    breaks: set[int] = set()
    k = i
    while k < len(rest):
        x = rest[k]
        named = x.call if isinstance(x, FoundCall) else x
        if isinstance(x, Play):
            pairs.append((x.seat, x.card))
        elif isinstance(named, Call) and named.seat is table.declarer and named.what.card is not None:
            pairs.append((dummy, named.what.card))
        elif isinstance(x, (ChangeDesignation, DirectorFinds)) and groups:
            groups[-1].append(x)
            breaks.add(len(pairs))
            k += 1
            continue
        else:
            break
        groups.append([x])
        k += 1
    n = j - i
    if len(pairs) <= n:
        return rest, table
    order, early, put_down = table.lead_order(pairs, breaks)
    if set(order[:n]) == set(range(n)):
        return rest, table  # (no card of the run waits for a card beyond the call)
    moved: list[Event] = [x for o in order for x in groups[o]]
    if early:
        table = table.with_early_leads(early)
    if put_down:
        table = table.with_put_down_early(put_down)
    return (*rest[:i], *moved, *rest[k:]), table


def _run_in_order(table: TableState, rest: Sequence[Event], i: int, waiting: Seat | None = None,
                  within: int | None = None) -> tuple[list[Play], TableState]:
    """The record's play lines from ``rest[i]`` (a play line) up to the next line of another
    kind (or, ``waiting`` given, the next play line of that seat's, a player still to face the
    card of his designation: ``Cursor.facing``, ``Cursor.own_facing``), in the order the replay of the record places them (``TableState.lead_order``): a
    seat's second card in the trick in progress that the cards of every seat still due to it
    follow is his lead to the next trick, those cards going on the trick first (57A for a
    defender's before his partner's card; 44G with 53-56 for the others, read only where no
    line of another kind came among the trick's cards, as a run that begins in the trick in
    progress follows one). ``within``: the trick of the designation dummy is still to face
    (``Cursor.facing``); when it is the trick in progress and the other players' cards before
    dummy's next line complete it, dummy faced no card there (``advance`` forgets the facing
    at that card) and his next line is a play to a later trick: the run goes on through it, so
    that a lead put down before that trick was complete is placed as the replay places it.
    The table returned marks the leads so placed (``early_leads``, ``put_down_early``); the
    cards are not placed on it."""
    j = i
    while j < len(rest) and isinstance(rest[j], Play) and (j == i or cast("Play", rest[j]).seat is not waiting):
        j += 1
    cur = table.current_trick
    if (within is not None and waiting is not None and cur is not None and cur.number == within
            and len(cur.plays) + (j - i) >= 4 and j < len(rest) and isinstance(rest[j], Play)):
        longer, _ = _run_in_order(table, rest, i)
        need = 4 - len(cur.plays)
        if all(p.seat is not waiting for p in longer[:need]):
            j = i + len(longer)  # (the trick completes before dummy's next line, as the run places it)
    run = cast("list[Play]", list(rest[i:j]))
    if len(run) < 2:
        return run, table
    broken = {0} if cur is not None and 0 < len(cur.plays) < 4 else set()
    order, early, put_down = table.lead_order([(p.seat, p.card) for p in run], broken)
    if order == sorted(order):
        return run, table
    if early:
        table = table.with_early_leads(early)
    if put_down:
        table = table.with_put_down_early(put_down)
    return [run[k] for k in order], table


def _child(node: Node, table: TableState, cursor_tasks: tuple[object, ...], *, ledger: tuple[Info, ...] = (),
           findings: tuple[str, ...] = ()) -> Node:
    return Node(table, cursor_tasks + node.agenda[1:], with_entries(node.ledger, tuple(ledger)), node.findings + findings,
                node.restrictions, node.established, node.focus)


def _go_on(rs: RuleSet, node: Node, table: TableState, cursor: Cursor, step: Step, *, ledger: tuple[Info, ...] = (),
           findings: tuple[str, ...] = ()) -> Edge:
    """The edge for ``step``: the table after it, carried on through the rest of the record."""
    table, tasks, remark = advance(rs, table, cursor)
    if remark:
        step = replace(step, text=f"{step.text} ({remark})")
    return step, _child(node, table, tasks, ledger=ledger, findings=findings)


# ----- preparing the record ------------------------------------------------------------------------


def _principal(rs: RuleSet, node: Node) -> TableState:
    """The table along the first edge of every decision (to tell which out-of-turn plays the
    replay saw only because it did not apply the designations)."""
    while node.agenda and isinstance(node.agenda[0], _TASKS):
        edges = rs.expand(node)
        if not edges:
            break
        node = edges[0][1]
    return node.table


# ----- opener ---------------------------------------------------------------------------------------
def open_designation(rs: RuleSet, replay: Replay, root: Node) -> Opening | None:
    """Rule on the first designation event of the record (see the module docstring)."""
    if not _may_designate(replay):
        return None  # only plays: nothing for Laws 45C/46 (and no walk of the record)
    records = (*replay.before, *replay.after)
    # (a card an earlier ruling placed from a line of the record that no play line places, a
    # visible card deemed played, is a play of its trick, read where the line stands: the
    # cards played after a call, 47D, include it)
    events = prepare(replay.as_placed(records))
    upto = len(replay.before)
    # (a card a ruling on this path took off the table, with nothing in its place, is not put
    # back by the walk: its line is passed over, the record's later cards read after it)
    off = replay.taken_off(records)
    if off:
        events = tuple(e for k, e in enumerate(events) if k not in off)
        upto -= len(off)
    table = replay.start_table()  # (a later part of the record: the cards of the parts before it stand)
    carried, call = _carried_designation(replay, table)
    # (the call's card not yet faced by dummy, the part beginning with declarer's change: the
    # placing line that follows faces the card then designated, as within one part)
    facing = None
    if call is not None and _changed_before_facing(events[:upto], table):
        facing = (table.first_played(sum(1 for _ in table.plays()) - 1), call)
    # (on a table a ruling rectified since: a call a ruling on this path has ruled, a Law 45D
    # misplay the dummy_misplay rules ruled where it happened, is theirs, not this opening's;
    # the walk reads the call's line past it, dummy's card as it stands. Only what a ruling on
    # this path ruled: what another family's opening of the record as played claimed need not
    # hold on this table, a card a ruling placed since moving the record's later cards, 45E1:
    # a call read there as a misplay may be a call for dummy's next lead here, 46B2)
    ruled = frozenset(id(e) for e in records if isinstance(e, Call) and replay.reopened and ("line", id(e)) in replay.ruled)
    cursor = Cursor(events[:upto], last=carried, dummy_last=carried, played_out=replay.played_out,
                    hands_back=hands_back_in_board(replay), facing=facing, ruled=ruled,
                    ruled_table=replay.table if replay.reopened else None)
    # a Law 45D misplay before the first Law 45C/46 event is carried along and ruled at the
    # end of the walk; a record with misplays only is the dummy_misplay opener's
    void: list[tuple[Call, int, Card]] = []
    start, tasks, _ = advance(rs, table, cursor, void=void)
    said = tuple(f"declarer called '{c.what}' after dummy {start.dummy} had played {card} to trick {n}: the call plays "
                 "no card (a player plays one card to a trick)" for c, n, card in void)
    if not tasks and said:
        # nothing to rule but calls that played nothing: said, and the table stands as played
        return Opening(Node(table=start, agenda=(), focus=void[0][1]), said, (), tuple(c for c, _, _ in void))
    if not tasks or not isinstance(tasks[0], _TASKS):
        return None
    first_task = tasks[0]
    if isinstance(first_task, RuleTouch) and first_task.touch.card not in start.deal[start.dummy]:
        card = str(first_task.touch.card)
        raise IllegalActionError(f"card {card!r} is not in dummy {start.dummy}'s hand", token=card).at(first_task.touch)
    first = tasks[0]
    concerned = _concerned(first, start) if isinstance(first, RuleChange) and first.call is None else None
    focus = concerned.trick if concerned is not None else _focus(start)
    first_cursor = getattr(first, "cursor", None)
    for at, _, _, placed in first_cursor.misplays if isinstance(first_cursor, Cursor) else ():
        cur = at.play(placed.seat, placed.card).current_trick  # an earlier misplay's trick is shown too
        if cur is not None:
            focus = min(focus, cur.number)
    node = Node(table=start, agenda=tasks, focus=focus)
    handled: list[object] = [e for e in records if _handled_here(e, start.declarer, replay.before) and id(e) not in ruled]
    principal = _principal(rs, node)
    # the plays out of turn the replay saw only because it did not apply the designations
    # (the trick's winner as the table saw it): no irregularity of their own where the
    # ruling's principal course leaves the trick before them won as played; where another
    # course leaves one out of turn (a change refused: another seat wins the trick before
    # it), it is ruled there, on that course's table (44G, 53-56; Opening.explains)
    still = {(n, s) for n, s, _ in principal.out_of_turn}
    shifted = tuple(p for p in replay.table.out_of_turn if p[:2] not in still)
    # a card the record shows failing to follow suit only because the reader placed it for a
    # designation this ruling changes (declarer names the D7 from his hand, changes to the HA
    # and puts it down: the change refused, the D7 is his card and the HA goes back) was never
    # played where the ruling leaves the card designated in place: no revoke there
    # (Opening.explains); where a ruling keeps it on the trick, the revoke rules rule it. A
    # card played and then withdrawn by the ruling (a call of dummy's card changed, 47C) was
    # played: its revoke is one the record shows and a ruling took away
    kept = {(r.trick, r.seat, r.card) for r in principal.revokes}
    gone = {(w.seat, w.card) for w in principal.withdrawn}
    explains = (*shifted, *(played(r.trick, r.seat, r.card) for r in replay.table.revokes
                            if (r.trick, r.seat, r.card) not in kept and (r.seat, r.card) not in gone))
    what = _describe(first)
    # the misplays the walk carries to its end (45D) are irregularities of this ruling too
    passed_on = [f"declarer called {c.what.card} ('{c}') but dummy {p.seat} placed {p.card} (45D)"
                 for c, p in zip(replay.before, replay.before[1:], strict=False)
                 if isinstance(c, Call) and isinstance(p, Play) and p.seat is start.dummy and c.seat is start.declarer
                 and c.what.card is not None and p.card != c.what.card and id(c) not in ruled]
    # (the substitutes 47D gives are chosen when attention is drawn: a card exposed before
    # that is a penalty card then, Opening.made_at)
    made_at = (replay.attention,) if replay.attention is not None else ()
    return Opening(node, (what, *passed_on, *said), (), tuple(handled), explains=explains, made_at=made_at)


def _in_ruled_order(walked: TableState, ruled: TableState) -> TableState:
    """``walked`` (the record walked again from the part's first table, around a rectified
    table ``ruled``) with each complete trick that holds every card ``ruled`` has on it,
    another order of them, and a card of each seat with none there: begun as ``ruled`` has
    it (:meth:`TableState.with_trick_as_on`), the others after. A card a ruling on this path
    moved to its player's turn (a premature card that stood at his turn, 57A; a card played
    at the right-hand opponent's turn, 57D, declarer's premature card after it standing,
    57C3) stands there, and a proper lead after a lead out of turn (53B) leads the trick, not
    where the record's lines put them. A trick the walk reads led by the seat due to lead it
    (44G) with each card at its player's turn (44B) holds no card out of turn for a ruling to
    have moved: it stays as the walk reads it."""
    for t in walked.tricks:
        r = ruled.trick(t.number)
        if r is None or not r.plays or not t.is_complete or t.plays[:len(r.plays)] == r.plays or not set(r.plays) <= set(t.plays):
            continue
        seats = [s for s, _ in r.plays]
        if len(set(seats)) != len(seats) or len({s for s, _ in t.plays}) != len(t.plays):
            continue  # (a seat's second card on either: placed as the walk reads it)
        if t.leader is walked.proper_leader(t.number) and all(s is t.leader.next(i) for i, (s, _) in enumerate(t.plays)):
            continue  # (led by the seat due to lead it, every card at its turn: played as read)
        walked = walked.with_trick_as_on(ruled, t.number)
    return walked


def _handled_here(e: AnyEvent, declarer: Seat, before: Sequence[AnyEvent]) -> bool:
    """Whether the record line ``e`` is one the designation rules handle (``before``: the
    lines before the attention line): a call, a touch, a card named to play, declarer's
    naming of his own card, a change of designation, a finding of theirs."""
    if isinstance(e, ChangeDesignation):
        # declarer's change of designation; a defender's ``changes to`` after attention
        # records his own choice (a 47D withdrawal), which the engine reads
        return e.seat is declarer or any(x is e for x in before)
    if isinstance(e, (Call, Touch)):
        return True
    if isinstance(e, NamePlay):
        return True
    if isinstance(e, Name):
        return e.seat is declarer
    if isinstance(e, DirectorFinds):
        head = e.finding.split()[0].lower() if e.finding.split() else ""
        return head in FINDING_WORDS | TOUCH_WORDS | {"incontrovertible"}
    return False


def _concerned(task: RuleChange, table: TableState) -> Designated | None:
    """The card a change of designation concerns (its trick is the trick under ruling): a
    defender's card named to play; for declarer, dummy's latest card when the new card was
    dealt to dummy, else his own latest card; failing these, the declaring side's latest."""
    cursor, ch = task.cursor, task.change
    if table.is_defender(ch.seat):
        mine = cursor.defender_last
        return mine if mine is not None and mine.seat is ch.seat else cursor.last
    last = cursor.dummy_last if table.deal.holder(ch.card) is table.dummy else cursor.own_last
    return last if last is not None else cursor.last


def _describe(task: object) -> str:
    if isinstance(task, ResolveCall):
        return f"declarer's call '{task.call.what}' does not name a card of dummy's as 46A asks" if task.call.what.card is None \
            or task.incontrovertible is not None else f"declarer called {task.call.what}, which dummy does not hold"
    if isinstance(task, RuleChange) and task.call is not None:
        return f"{_describe(task.call)}; declarer named {task.change.card} at once"
    if isinstance(task, RuleChange):
        # (the change lines of the same seat that follow it at once, findings aside: each is
        # ruled in its turn, and the line says them all)
        then: list[str] = []
        for e in task.cursor.rest:
            if isinstance(e, DirectorFinds):
                continue
            if not isinstance(e, ChangeDesignation) or e.seat is not task.change.seat:
                break
            then.append(f", then to {e.card}")
        return f"{task.change.seat} changed his designation to {task.change.card}{''.join(then)}"
    if isinstance(task, RuleTouch):
        return f"declarer touched dummy's {task.touch.card}"
    if isinstance(task, RuleNamed):
        return f"{task.name.seat} named {task.name.card} from his own hand"
    return "a designation"


# ----- rules -------------------------------------------------------------------------------------------
def resolve(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """46B (intro) and 46B1-5: the deemed card is played (45B), or the player the clause names
    designates one of the lawful cards."""
    assert isinstance(task, ResolveCall)
    table = node.table
    dummy = table.dummy
    try:
        res: Resolution = resolve_call(table, task.call, task.incontrovertible, rs.decisions.designation_policy())
    except RulingError as err:  # e.g. a finding naming a card dummy cannot play: at the call's line
        raise err.at(task.call) from None
    how = "standing" if task.call.what.kind == "run" else "named"
    standing = task.call.what.suit if task.call.what.kind == "run" else None
    also = tuple(rs.cite(c) for c in (*res.also, "45B") if rs.cite(c) != rs.cite(res.clause))
    said = f"'{task.call.what}'"
    edges: list[Edge] = []
    rest = task.cursor.rest
    placed = _next_places(rest, dummy)
    if placed is not None and res.options == (placed.card,):
        rest = rest[rest.index(placed) + 1 :]
    # (a dummy line later in the trick, or next after a change of the call refused, faces
    # the card designated here: the same card, no second play; another, one not designated)
    faces = _faced_later(rest, table) or (placed is not None and res.options != (placed.card,))
    for card in res.options:
        if res.chooser is None:
            actor, kind = rs.actor(table, dummy), StepKind.FORCED
            question = f"what does {said} designate?"
            text = f"{res.reason}: dummy plays {card}"
        elif res.chooser == "declarer":
            actor, kind = f"{table.declarer} (declarer designates)", StepKind.OPTION
            question = f"after {said}: {res.reason}"
            text = f"declarer designates {card}; dummy plays it"
        else:
            defenders = " or ".join(str(s) for s in (dummy.lho, dummy.rho))
            actor, kind = f"{defenders} (either defender designates)", StepKind.OPTION
            question = f"after {said}: {res.reason}"
            text = f"a defender designates {card}; dummy plays it"
        step = Step(actor, kind, rs.cite(res.clause), text, also=also, question=question, choice=str(card))
        child = table.play(dummy, card)
        mark = Designated(dummy, card, _last_trick_no(child), how)
        # (dummy's line later in the trick faces the card designated here, ``Cursor.facing``)
        facing = (table, Call(table.declarer, Designation("card", card=card), task.call.line)) if faces else None
        cursor = Cursor(rest, mark, standing, mark, task.cursor.misplays, task.cursor.defender_last, facing=facing,
                        own_last=task.cursor.own_last, played_out=task.cursor.played_out, hands_back=task.cursor.hands_back,
                        ruled=task.cursor.ruled, ruled_table=task.cursor.ruled_table)
        edges.append(_go_on(rs, node, child, cursor, step))
    return edges


def touch(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """45C3: a deliberate touch plays dummy's card; arranging or reaching does not."""
    assert isinstance(task, RuleTouch)
    table = node.table
    dummy, card = table.dummy, task.touch.card
    if card not in table.hand(dummy):
        raise IllegalActionError(f"card {str(card)!r} is not in dummy {dummy}'s hand", token=str(card)).at(task.touch)
    question = f"why did declarer touch dummy's {card}?"
    clause = rs.cite("45C3")
    purposes = (task.touch.purpose,) if task.touch.purpose else ("deliberate", "arranging", "reaching")
    edges: list[Edge] = []
    for purpose in purposes:
        findings = () if task.touch.purpose else (purpose,)
        kind = StepKind.FORCED if task.touch.purpose else StepKind.FINDING
        actor = rs.actor(table, dummy) if task.touch.purpose else "TD"
        if purpose == "deliberate":
            step = Step(actor, kind, clause, f"declarer touched {card} deliberately: it is played", question=question,
                        choice="deliberate")
            child = table.play(dummy, card)
            cursor = task.cursor.marked(Designated(dummy, card, _last_trick_no(child), "touched"), dummy, standing=None)
            edges.append(_go_on(rs, node, child, cursor, step, findings=findings))
        else:
            step = Step(actor, kind, clause, f"declarer touched {card} only {purpose}: it is not played",
                        question=question, choice=purpose)
            edges.append(_go_on(rs, node, table, task.cursor, step, findings=findings))
    return edges


def named(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """45C4(a): declarer names a card of his own hand: it is played."""
    assert isinstance(task, RuleNamed)
    table = node.table
    seat, card = task.name.seat, task.name.card
    step = Step(str(seat), StepKind.FORCED, rs.cite("45C4(a)"), f"{seat} named {card}: it is played",
                question=f"{seat} named {card}", choice=str(card), past=True)
    child = table.play(seat, card)
    mark = Designated(seat, card, _last_trick_no(child), "named")
    rest = task.cursor.rest
    if rest and isinstance(rest[0], Play) and rest[0].seat is seat and rest[0].card == card:
        rest = rest[1:]  # he faced the card he named: that line is the play
    # he changed his designation before putting a card on the table: that card is the one he
    # faced for the designation as ruled (the replay reads it so, ``_changed_then_places``)
    completes = (trick := child.trick(mark.trick)) is not None and trick.is_complete
    faces = faced_after_change(rest, 0, seat, table.deal, completes, card)
    cursor = replace(task.cursor, rest=rest, own_facing=(mark.trick, seat) if faces else None)
    cursor = replace(cursor, defender_last=mark) if table.is_defender(seat) else replace(cursor, last=mark, own_last=mark)
    return [_go_on(rs, node, child, cursor, step)]


@dataclass(frozen=True)
class ChangeWords:
    """What an edition's 45C4(b) says (the rule is the same; its words and reach differ)."""

    allowed: str  # the finding that permits the change (recorded as 'slip')
    refused: str  # the refusal when the record has no finding (the director's other branch)
    own_hand: bool  # does the clause reach a card declarer named from his own hand?
    #: each refusing finding of the record ('rethink', 'pause', 'lapse') and its own ground
    grounds: tuple[tuple[str, str], ...] = ()

    def ground(self, finding: str) -> str:
        """The ground of refusal a recorded finding states (the edition's own words)."""
        return dict(self.grounds).get(finding, self.refused)


#: 2017 45C4(b): only a slip of the tongue is an unintended designation; a loss of
#: concentration and a reconsideration of action are two distinct refusals.
WORDS_2017 = ChangeWords(
    "a slip of the tongue", "a loss of concentration or a reconsideration, not a slip of the tongue", False,
    (("rethink", "a reconsideration of action (declarer named the card he meant), not a slip of the tongue"),
     ("lapse", "a loss of concentration, not a slip of the tongue"),
     ("pause", "a reconsideration of action after a pause for thought, not a slip of the tongue")))
#: 2007 45C4(b): the change needs two findings, an inadvertent designation AND a change made
#: without pause for thought; each refusal names the one that fails.
WORDS_2007 = ChangeWords(
    "an inadvertent designation, changed without pause for thought",
    "the designation was not inadvertent (a change of mind), or the change came after a pause for thought", True,
    (("rethink", "the designation was not inadvertent: the card named was the one meant at the time "
                 "(a change of mind, however quick)"),
     ("lapse", "the designation was not inadvertent: a loss of concentration (the card named was meant)"),
     ("pause", "the designation may have been inadvertent, but the change came after a pause for thought")))


def change(rs: RuleSet, node: Node, task: object, words: ChangeWords = WORDS_2017) -> list[Edge]:
    """45C4(b) and 47C: is the change of designation allowed? Refused for a played (placed,
    touched) card, after the declaring side has played again, or on the finding that the
    designation was meant; allowed on the finding of an unintended designation. With no
    finding in the record the director's two findings are two branches."""
    assert isinstance(task, RuleChange)
    table = node.table
    ch = task.change
    if task.call is not None:
        return _change_call(rs, node, task, task.call, words)
    if table.is_defender(ch.seat):
        return _defender_change(rs, node, task, words)
    # the change concerns dummy's latest card when it names a card dealt to dummy, else
    # declarer's latest card (a card from his own hand)
    last: Designated | None = task.cursor.dummy_last if table.deal.holder(ch.card) is table.dummy else task.cursor.own_last
    clause = rs.cite("45C4(b)")
    # what a refusal leaves: the card designated, which for a card dummy misplaced is the
    # call's designation, not the card on the table (45D1 then plays it)
    named = _named(rs, task.cursor, last) if last is not None else ""
    kept = "" if last is None else f"; {last.card} stands" if last.how != "misplaced" else \
        f"; {named} remains the designation (dummy placed {last.card})"

    holder = table.deal.holder(ch.card)
    if holder is not None and holder is not table.dummy and holder is not table.declarer:
        return _refuse_change(rs, node, task, last, kept, f"{ch.card} is {holder}'s card, not one of the declaring side's",
                              rs.cite("47F2"))
    if last is None:
        return _refuse_change(rs, node, task, last, kept, "no card of the declaring side was designated", rs.cite("47F2"))
    if last.how == "played":
        return _refuse_change(rs, node, task, last, kept, f"{last.card} was played from the hand (45C2), not designated",
                              rs.cite("45C2(a)"), (rs.cite("47F2"),))
    if last.how == "touched":
        return _refuse_change(rs, node, task, last, kept,
                              f"{last.card} was played by declarer's touch (45C3), not designated by name", rs.cite("45C3"),
                              (clause, rs.cite("47F2")))
    if last.how == "placed":
        return _refuse_change(rs, node, task, last, kept, f"{last.card} was placed by dummy without a designation",
                              rs.cite("45B"), (rs.cite("47F2"),))
    if last.seat is table.declarer and not words.own_hand:
        # (whatever was played since: the clause never reaches a card of his own hand)
        return _refuse_change(rs, node, task, last, kept, f"{clause} lets declarer change only a designation of dummy's card",
                              clause, (rs.cite("45C4(a)"), rs.cite("47F2")))
    later = _plays_after(table, last)
    if any(s.side is table.declaring_side for s, _ in later):
        # the clause's time limit has run out: declarer has played again (2017), or his
        # partner has played a card since his own card was named (2007)
        since = ("dummy, his partner, has played a card since" if last.seat is table.declarer and any(s is table.dummy for s, _ in later)
                 else "the declaring side has played another card since")
        return _refuse_change(rs, node, task, last, kept, since, clause, (rs.cite("47F2"),))
    if last.how == "standing":
        if later:
            return _refuse_change(rs, node, task, last, kept,
                                  f"a standing instruction may be changed only until the next player has played to {last.card}",
                                  rs.cite("46B"), (rs.cite("47F2"),))
        return _allow(rs, node, task, last, "a standing instruction ('run') may be changed before the next player plays",
                      rs.cite("46B"), (), StepKind.FORCED, "TD")
    if task.finding in REFUSING_FINDINGS:  # (the record's finding refuses it, on its own ground)
        return _refuse_change(rs, node, task, last, kept, f"the director finds {words.ground(task.finding or '')}", clause,
                              (rs.cite("45C4(a)"),), (task.finding,) if task.finding else ())
    return _by_finding(rs, node, task, last, words, clause, "declarer", named=named, kept=kept)


def _refuse_change(rs: RuleSet, node: Node, task: RuleChange, last: Designated | None, kept: str, why: str, cite: str,
                   also: tuple[str, ...] = (), findings: tuple[str, ...] = ()) -> list[Edge]:
    """Declarer's change of designation refused on the ground ``why`` (``cite``, ``also``);
    ``kept``: what the refusal leaves standing, in words; ``findings``: the director's
    findings the refusal records."""
    card = task.change.card
    step = Step("TD", StepKind.FORCED, cite, f"the change to {card} is refused: {why}{kept}", also=also,
                question=f"may declarer change to {card}?", choice="refused")
    return [_refused(rs, node, task, last, step, findings)]


def _change_call(rs: RuleSet, node: Node, task: RuleChange, call: ResolveCall, words: ChangeWords) -> list[Edge]:
    """Declarer's incomplete or invalid call (46B) followed at once by a card of dummy's he
    names (``changes to``), before anyone has designated a card or played: the words concern
    the call, not a card 46B would make of it (docs/decisions.md).

    * 46B leaves the card to declarer (46B3(b), 46B4, a suit to say for 'high'/'low'), and
      he names one of the cards he may designate: that is his designation under the clause.
    * Otherwise (46B5, the defenders' choice; a card outside declarer's choice): 45C4(b),
      the change of an unintended designation. The director's finding decides: allowed,
      the call is withdrawn without rectification (47C) and the card named is played
      (45C4(a)); refused, the call stands and 46B rules it (the defenders designate, 46B5).
      No finding: both branches.
    * Switch ``designation_incomplete_call_completed_at_once``: the card named at once
      completes the call, declarer's intention incontrovertible (46B intro), whatever 46B
      would give (a refusing finding of the record still refuses it)."""
    table = node.table
    ch = task.change
    res = resolve_call(table, call.call, call.incontrovertible, rs.decisions.designation_policy())
    said = f"'{call.call.what}'"
    also_call = rs.cite(res.clause)
    if res.chooser == "declarer" and ch.card in res.options:
        step = Step(f"{table.declarer} (declarer designates)", StepKind.FORCED, also_call,
                    f"after {said}: {res.reason}; declarer designates {ch.card}, the card he named next; dummy plays it",
                    also=tuple(rs.cite(c) for c in (*res.also, "45B")), question=f"after {said}: {res.reason}",
                    choice=str(ch.card))
        return [_call_changed_to(rs, node, task, call, ch.card, step)]
    question = f"after {said}, may declarer designate {ch.card}?"
    if rs.decisions.designation_incomplete_call_completed_at_once and task.finding not in REFUSING_FINDINGS:
        step = Step("TD", StepKind.FORCED, rs.cite("46B"),
                    f"declarer's intention is incontrovertible: {ch.card}, named at once, completes {said}; dummy plays it",
                    also=(rs.cite("45C4(a)"), rs.cite("45B")), question=question, choice=str(ch.card))
        return [_call_changed_to(rs, node, task, call, ch.card, step)]
    clause = rs.cite("45C4(b)")
    stands = f"; {said} stands ({also_call})"
    allowed = f"{said} goes back (no rectification) and {ch.card} is designated"
    if task.finding in REFUSING_FINDINGS:
        step = Step("TD", StepKind.FORCED, clause, f"the change to {ch.card} is refused: the director finds "
                    f"{words.ground(task.finding or '')}{stands}", also=(also_call,), question=question, choice="refused")
        return [(step, _child(node, table, (call,), findings=(task.finding or "",)))]
    if task.finding == "slip":
        step = Step("TD", StepKind.FORCED, clause, f"the director finds {words.allowed}: {allowed}; dummy plays it",
                    also=(rs.cite("47C"), rs.cite("45C4(a)")), question=question, choice="slip")
        return [_call_changed_to(rs, node, task, call, ch.card, step, ("slip",))]
    fq = f"was declarer's call {said} unintended ({words.allowed})?"
    slip = Step("TD", StepKind.FINDING, clause, f"the director finds {words.allowed}: {allowed}; dummy plays it",
                also=(rs.cite("47C"), rs.cite("45C4(a)")), question=fq, choice="slip")
    refused = Step("TD", StepKind.FINDING, clause, f"the director finds {words.refused}: the change to {ch.card} is "
                   f"refused{stands}", also=(also_call,), question=fq, choice="rethink")
    return [_call_changed_to(rs, node, task, call, ch.card, slip, ("slip",)),
            (refused, _child(node, table, (call,), findings=("rethink",)))]


def _call_changed_to(rs: RuleSet, node: Node, task: RuleChange, call: ResolveCall, card: Card, step: Step,
                     findings: tuple[str, ...] = ()) -> Edge:
    """The edge playing dummy's ``card`` for a call changed at once (:func:`_change_call`):
    the card named is the designation (a card dummy no longer holds: the record no longer
    fits, said on the step); the record goes on, a dummy line that follows facing it."""
    table = node.table
    dummy = table.dummy
    if card not in table.hand(dummy):
        raise IllegalActionError(f"card {str(card)!r} is not in dummy {dummy}'s hand", token=str(card)).at(task.change)
    child = table.play(dummy, card)
    mark = Designated(dummy, card, _last_trick_no(child), "named")
    rest = task.cursor.rest
    faces = _changed_before_facing(rest, table) or _next_places(rest, dummy) is not None or _faced_later(rest, table)
    facing = (table, Call(table.declarer, Designation("card", card=card), call.call.line)) if faces else None
    cursor = replace(task.cursor.marked(mark, dummy, standing=None), facing=facing)
    return _go_on(rs, node, child, cursor, step, findings=findings)


def _named(rs: RuleSet, cursor: Cursor, last: Designated) -> str:
    """The designation ``last`` stands for, in words: its card, or for a card dummy placed
    after a call designating another (45D) the card that call designates (or the call)."""
    if last.how != "misplaced" or last.misplay is None:
        return str(last.card)
    at, call, meant, _ = cursor.misplays[last.misplay]
    try:
        deemed = resolve_call(at, call, meant, rs.decisions.designation_policy()).deemed
    except RulingError:
        deemed = None
    return str(deemed) if deemed is not None else f"'{call.what}'"


def _defender_change(rs: RuleSet, node: Node, task: RuleChange, words: ChangeWords) -> list[Edge]:
    """45C4(b) for a defender's own card named to play (``names <card> to play``): 2017 reaches
    only declarer's designation of dummy's card, so the change is refused (45C4(a): the card
    named is played); 2007 reaches any player, until his partner has played a card, on the
    finding 'without pause for thought' (branches without it). Then 47C, and the opponents
    who played after the card may change theirs (47D); the defenders are the offending side
    for 16C."""
    table = node.table
    ch = task.change
    seat = ch.seat
    last: Designated | None = task.cursor.defender_last
    if last is not None and last.seat is not seat:
        last = None
    clause = rs.cite("45C4(b)")
    if last is None:
        return _refuse_defender_change(rs, node, task, last, f"{seat} named no card to play", rs.cite("47F2"))
    if not words.own_hand:
        return _refuse_defender_change(rs, node, task, last,
                                       f"{clause} lets only declarer change, and only a designation of dummy's card", clause,
                                       (rs.cite("45C4(a)"), rs.cite("47F2")))
    if any(s in (seat, seat.partner) for s, _ in _plays_after(table, last)):
        return _refuse_defender_change(rs, node, task, last, f"{seat}'s partner has played a card since", clause,
                                       (rs.cite("47F2"),))
    if task.finding in REFUSING_FINDINGS:  # (the record's finding refuses it, on its own ground)
        return _refuse_defender_change(rs, node, task, last, f"the director finds {words.ground(task.finding or '')}",
                                       clause, (rs.cite("45C4(a)"),), (task.finding,) if task.finding else ())
    return _by_finding(rs, node, task, last, words, clause, str(seat), named=str(last.card), kept=f"; {last.card} stands")


def _refuse_defender_change(rs: RuleSet, node: Node, task: RuleChange, last: Designated | None, why: str, cite: str,
                            also: tuple[str, ...] = (), findings: tuple[str, ...] = ()) -> list[Edge]:
    """A defender's change of the card he named refused on the ground ``why`` (``cite``,
    ``also``): the card he named (``last``) stands, and play goes on."""
    seat, card = task.change.seat, task.change.card
    kept = f"; {last.card} stands" if last is not None else ""
    step = Step("TD", StepKind.FORCED, cite, f"the change to {card} is refused: {why}{kept}", also=also,
                question=f"may {seat} change to {card}?", choice="refused")
    return [_go_on(rs, node, node.table, task.cursor, step, findings=findings)]



def _by_finding(rs: RuleSet, node: Node, task: RuleChange, last: Designated, words: ChangeWords, clause: str,
                whose: str, *, named: str, kept: str) -> list[Edge]:
    """45C4(b) once the change is in time and no finding of the record refuses it (the
    callers rule those: 'rethink', 'lapse', 'pause', each on its own ground,
    ``ChangeWords.grounds``): the finding 'slip' allows it (47C); with none, the director's
    finding branches on both. ``named``: the designation changed, in words; ``kept``: what a
    refusal leaves standing, in words."""
    allow = _allow_misplaced if last.how == "misplaced" else _allow
    if task.finding == "slip":  # (the question names the player who changes: declarer, or a defender in 2007)
        # (the recorded finding is the restoration's finding, as a refusing one is)
        return allow(rs, node, task, last, f"the director finds {words.allowed}", clause, ("slip",), StepKind.FORCED, "TD",
                     question=f"may {whose} change to {task.change.card}?")
    fq = f"was {whose}'s designation of {named} unintended ({words.allowed})?"
    edges = allow(rs, node, task, last, f"the director finds {words.allowed}", clause, ("slip",), StepKind.FINDING, "TD",
                  question=fq)
    refused = Step("TD", StepKind.FINDING, clause,
                   f"the director finds {words.refused}: the change to {task.change.card} is refused{kept}",
                   also=(rs.cite("45C4(a)"),), question=fq, choice="rethink")
    edges.append(_refused(rs, node, task, last, refused, ("rethink",)))
    return edges


def _refused(rs: RuleSet, node: Node, task: RuleChange, last: Designated | None, step: Step,
             findings: tuple[str, ...]) -> Edge:
    """The edge of a refused change of declarer's designation of dummy's card: the card
    designated stands (45C4(a)) and the record goes on. The cards the record then plays to
    that trick, before dummy puts a card on it, were played to the card declarer changed to
    (the table heard the change, and dummy had not faced another card): an opponent among
    them may withdraw his card and play another lawful card, and must when it fails to follow
    the card that stands, no penalty card (47D by analogy: the declaring side's change, now
    refused, caused it; 16C with the declaring side offending). Switch
    ``designation_refused_change_later_card_withdrawn`` (docs/decisions.md); off, or with no
    such card, the record goes on as played (a card failing to follow suit is a revoke)."""
    table = node.table
    ch = task.change
    plain = _go_on(rs, node, table, task.cursor, step, findings=findings)
    if (not rs.decisions.designation_refused_change_later_card_withdrawn or last is None or last.seat is not table.dummy
            or last.how == "misplaced"):
        return plain
    number = last.trick
    trick = table.trick(number)
    if trick is None or trick.is_complete or table.deal.holder(ch.card) is not table.dummy:
        return plain
    cursor = task.cursor
    rest = cursor.rest
    t = table
    if rest and isinstance(rest[0], Play):
        # (the cards the record plays next, as the replay places them: a defender's lead to
        # the next trick put down before his partner played goes on that trick, after the
        # cards of the seats still due to this one, TableState.lead_order)
        run, t = _run_in_order(table, rest, 0, table.dummy)
        rest = (*run, *rest[len(run):])
    played: list[Play] = []
    i = 0
    heard: int | None = None  # (how many of the cards came before the first attention line)
    while i < len(rest):
        e = rest[i]
        if isinstance(e, (Attention, DirectorFinds)):
            if heard is None and isinstance(e, Attention):
                heard = len(played)
            i += 1
            continue
        if not isinstance(e, Play) or (cur := t.trick(number)) is None or cur.is_complete:
            break
        if e.seat is table.dummy:
            return plain  # dummy faces a card there: the card he faced decides (45D1 if not the designated one)
        try:
            t2 = t.play(e.seat, e.card)
        except RulingError:
            return plain
        now = t2.trick(number)
        if now is None or now.card_of(e.seat) != e.card or t2.out_of_turn != t.out_of_turn:
            return plain  # (a card out of turn or to another trick: not one played in turn to the change)
        t = t2
        played.append(e)
        i += 1
    later = tuple((p.seat, p.card) for p in played if p.seat.side is not table.declaring_side)
    if not later:
        return plain
    after = replace(cursor, rest=rest[i:])
    for p in played:
        if p.seat is table.declarer:
            mark = Designated(p.seat, p.card, number, "played")
            after = replace(after, last=mark, own_last=mark)
    attention_next = heard == len(played) or (heard is None and _unestablishing(rest[i:], table.declaring_side))
    corrected = attention_next
    if not attention_next:
        t = _established_at_the_table(t, number, played, rest[i:])
        # (a revoke on trick 12 is corrected although established, before the hands are
        # back in the board: 62D1)
        corrected = number == 12 and not cursor.hands_back
    t, later = _left_to_the_revoke_correction(t, number, later, played, corrected, (last.seat, last.card))
    if not later:
        return _go_on(rs, node, t, after, step, findings=findings)
    # (the suit the cards were played to: the card declarer changed to, when dummy led it)
    led = ch.card.suit if trick.plays[0][0] is table.dummy else trick.suit_led
    return step, _child(node, t, (OpponentMayChange(number, later, 0, after, led, (), table.declaring_side, ch.card),),
                        findings=findings)


def _unestablishing(rest: Sequence[object], declaring: Side) -> bool:
    """Whether the record's lines after the cards of a trick, up to the first ``attention``
    (or its end), are the defenders' cards only (a director's finding, or a card a defender
    exposed or named, between): nothing the
    declaring side did there establishes a revoke of declarer's on that trick (63A1: his side
    plays, leads or designates no card to a later trick), so the revoke rules correct it when
    attention is drawn."""
    for e in rest:
        if isinstance(e, Attention):
            return True
        if isinstance(e, DirectorFinds):
            continue
        if isinstance(e, (Expose, Name)) and e.seat.side is not declaring:
            continue  # (a defender's card exposed or named: no card of declarer's side)
        if not isinstance(e, Play) or e.seat.side is declaring:
            return False
    return True


def _established_at_the_table(t: TableState, number: int, played: list[Play], rest: Sequence[object]) -> TableState:
    """After a refused change, declarer's own card to the card that stands a revoke: the
    card of his side the table played to the next trick before attention (the record's
    lines after that trick) establishes it (63A1: any such play, legal or illegal), and goes
    on doing so when a rectification takes it back or the record no longer fits the course
    the ruling gives (an opponent's substitute is the card the table led there). Kept on
    the table (``established_by``) for the revoke rules' test (63A1,
    :meth:`TableState.establishing_play`)."""
    declarer = t.declarer
    own = next((p for p in played if p.seat is declarer), None)
    if own is None:
        return t
    revoke = next((r for r in t.revokes if r.seat is declarer and r.trick == number and r.card == own.card
                   and r.rule is None and r.failed is None), None)
    if revoke is None:
        return t
    for e in rest:
        if isinstance(e, Attention):
            break
        if isinstance(e, Play) and e.seat.side is t.declaring_side:
            if any(r == revoke for r, _ in t.established_by):
                return t
            return t._evolve(established_by=(*t.established_by, (revoke, (e.seat, e.card))))
    return t


def _revoke_to_correct(t: TableState, number: int, seat: Seat, card: Card) -> bool:
    """Whether ``seat``'s ``card`` on trick ``number`` is a failure to follow suit on ``t``
    (61A: no lead restriction broken, no penalty card failed)."""
    return any(r.seat is seat and r.trick == number and r.card == card and r.rule is None and r.failed is None
               for r in t.revokes)


def _left_to_the_revoke_correction(t: TableState, number: int, later: tuple[tuple[Seat, Card], ...], played: list[Play],
                                   attention_next: bool, standing: tuple[Seat, Card] | None = None
                                   ) -> tuple[TableState, tuple[tuple[Seat, Card], ...]]:
    """After a refused change: the opponents' cards played to the card declarer changed to
    that come after declarer's own card there when it is a revoke (it fails to follow the
    card that stands while he holds its suit) to be corrected at the attention that follows
    (``attention_next``: the record's part before the attention ends with those cards, or
    only the defenders' cards and a director's finding come between them and the attention
    line, ``_unestablishing``: the revoke is not established, 63A1; or the trick is trick 12,
    whose revoke 62D1 corrects although established). Each such opponent may
    withdraw his card, and must when it fails to follow, no penalty card, with the declaring
    side offending (16C): the option a non-offender has after the correction of a revoke
    before him (62C1), offered at his turn, after declarer's corrected card, and once (not
    also here, before declarer corrects, which would give him two choices of the same card).
    Their cards are no revokes (they were played to the card declarer announced). So too
    every opponent's card played after the change when the card that stands (``standing``:
    dummy's, the change refused) is itself a revoke to be corrected then: each was played
    after that revoke, and 62C1 offers its change once, after dummy's corrected card. Returns
    the table, those cards' revokes dropped, and the cards left to this rule (47D)."""
    if not attention_next:
        return t, later
    if standing is not None and _revoke_to_correct(t, number, *standing):
        deferred = {(p.seat, p.card) for p in played}
    else:
        declarer = t.declarer
        own = next((k for k, p in enumerate(played) if p.seat is declarer), None)
        if own is None or not _revoke_to_correct(t, number, declarer, played[own].card):
            return t, later
        deferred = {(p.seat, p.card) for p in played[own + 1:]}
    if not deferred.intersection(later):
        return t, later
    revokes = tuple(r for r in t.revokes if not (r.trick == number and (r.seat, r.card) in deferred))
    return t._evolve(revokes=revokes), tuple(x for x in later if x not in deferred)


def faced_after_named(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """The card a player put on the table after naming a card of his own hand (45C4(a)) and
    changing his designation, when the ruling on the change leaves another card of his played
    to the trick (the change refused): it is a card exposed, not played (a player plays one
    card to a trick). Declarer's goes back to his hand without rectification (48A; 45E2 when
    the trick already held four cards). A defender's is a penalty card (49; 45E1 on a
    complete trick), major: he put it down meaning to play it, a deliberate play (50B)."""
    assert isinstance(task, FacedAfterNamed)
    table = node.table
    seat, card = task.play.seat, task.play.card
    trick = table.trick(task.trick)
    assert trick is not None
    played = trick.card_of(seat)
    if card not in table.hand(seat):
        step = Step("TD", StepKind.FORCED, rs.cite("47F2"), f"{seat} put {card} on the table, a card he does not hold "
                    f"(the record no longer fits this branch from {task.play} on)", question=f"{seat}'s {card}", choice="stands")
        return [(step, _child(node, table, ()))]
    complete = trick.is_complete
    question = f"{seat} put {card} on the table after his designation of {played} stood"
    if not table.is_defender(seat):
        clause = rs.cite("45E2") if complete else rs.cite("48A")
        also = (rs.cite("48A"),) if complete else (rs.cite("45C4(a)"),)
        step = Step("TD", StepKind.FORCED, clause, f"{played} is his card to trick {task.trick}; {card} goes back to his hand "
                    "without rectification (48A: declarer's cards are never penalty cards)", also=also,
                    question=question, choice="back to the hand")
        return [_go_on(rs, node, table, task.cursor, step)]
    kind = kind_for(card, deliberate=True)
    t2 = table.with_penalty(seat, card, kind)
    info = pc_info(rs, t2, seat, card)
    clause = rs.cite("45E1") if complete else rs.cite("49")
    step = Step("TD", StepKind.FORCED, clause, f"{played} is his card to trick {task.trick}; {card}, exposed, is a {kind} "
                f"penalty card (put down as a play: deliberate)", also=(rs.cite("49"), rs.cite("50B")) if complete else
                (rs.cite("50B"),), question=question, choice="penalty card")
    t3, tasks, remark = advance(rs, t2, task.cursor)
    if remark:
        step = replace(step, text=f"{step.text} ({remark})")
    if not tasks:
        tasks = after_ruling_tasks(rs, t3, seat)
    return [(step, _child(node, t3, tasks, ledger=(info,)))]


def _plays_after(table: TableState, last: Designated) -> list[tuple[Seat, Card]]:
    out: list[tuple[Seat, Card]] = []
    seen = False
    for _, s, c in table.plays():
        if seen:
            out.append((s, c))
        elif s is last.seat and c == last.card:
            seen = True
    return out


def _allow(rs: RuleSet, node: Node, task: RuleChange, last: Designated, why: str, clause: str, findings: tuple[str, ...],
           kind: StepKind, actor: str, question: str = "") -> list[Edge]:
    """47C: the designated card goes back without rectification and the new one is played
    (an invalid new designation, 46B4, lets declarer designate any lawful card); then 47D."""
    table = node.table
    ch = task.change
    trick = table.trick(last.trick)
    assert trick is not None
    pos = trick.position_of(last.seat)
    assert pos is not None
    before = table.without_trick_after(last.trick - 1)
    if trick.plays[:pos]:
        before = before.play_many(trick.plays[:pos])
    seat = last.seat
    if seat is table.dummy:
        res = resolve_call(before, Call(table.declarer, Designation("card", card=ch.card)), None, rs.decisions.designation_policy())
        options, extra = res.options, tuple(rs.cite(c) for c in res.clauses if c != "45C4(a)")
    else:
        if ch.card not in before.hand(seat):
            raise IllegalActionError(f"card {str(ch.card)!r} is not in {seat}'s hand", token=str(ch.card)).at(ch)
        options, extra = (ch.card,), ()
    old_led = trick.suit_led
    unfaced = seat is table.dummy and task.cursor.facing is not None
    offending = seat.side  # the side that changed (declarer's, or a defender's in 2007)
    later = _opponents_after(trick, pos, offending)
    edges: list[Edge] = []
    q = question or f"may declarer change to {ch.card}?"
    for card in options:
        text = f"{why}: {last.card} goes back (no rectification) and {card} is played"
        if card != ch.card:
            text += f" ({ch.card} is not a lawful card of dummy's: declarer designates {card})"
        # 16C: declarer's own withdrawn card told the defenders something; dummy's cards are
        # face up and tell nothing
        own: tuple[Info, ...] = () if seat is table.dummy else (rs.withdrawn_info(seat, last.card, offending, table),)
        info_clauses = tuple(c for i in own for c in (i.ai_clause, i.ui_clause))
        step = Step(actor, kind, clause, text, also=(rs.cite("47C"), *extra, *info_clauses), question=q,
                    choice="slip" if findings else f"change to {card}")
        try:
            # a call of dummy's card changed before dummy faced it (``Cursor.facing``): the
            # designation goes back, but no card of dummy's was on the table to withdraw
            child = table.with_cards(((last.trick, seat, card),)) if unfaced else table.replace_card(last.trick, seat, card)
        except RulingError as err:  # the record's change names a card this branch cannot play
            raise err.at(ch) from None
        if pos > 0 and card.suit is not last.card.suit:
            # the card played now, not the lead, is of another suit: whether it fails to
            # follow suit is judged on it (61A), a revoke the rules of revokes then rule (a
            # led card changed: the opponents' cards played to it are 47D's, below)
            child = child.with_revokes_judged_again(last.trick)
        new_last = Designated(seat, card, last.trick, last.how)
        # the latest designation is now the new card: a later change concerns it
        cursor = replace(task.cursor, defender_last=new_last) if table.is_defender(seat) else \
            task.cursor.marked(new_last, table.dummy)
        nxt = child.trick(last.trick + 1)
        then: tuple[object, ...] = (LeadAfterChange(last.trick, cursor, offending),) if nxt is not None and nxt.plays else ()
        if later:
            t2: tuple[object, ...] = (OpponentMayChange(last.trick, later, 0, cursor, old_led if pos > 0 else last.card.suit,
                                                        then, offending),)
            edges.append((step, _child(node, child, t2, ledger=own, findings=findings)))
        elif then:
            edges.append((step, _child(node, child, then, ledger=own, findings=findings)))
        else:
            edges.append(_go_on(rs, node, child, cursor, step, ledger=own, findings=findings))
    return edges


def _opponents_after(trick: Trick, pos: int, offending: Side) -> tuple[tuple[Seat, Card], ...]:
    """The opponents' cards played to ``trick`` after its card at ``pos`` (those 45C4(b) and
    47D let change). The options name a card by its seat: a second card by a seat in the
    trick (out of turn, reported as not yet ruled) ends them, as in the 45D and 62C cascades."""
    after: list[tuple[Seat, Card]] = []
    for s, c in trick.plays[pos + 1 :]:
        if s in {x for x, _ in trick.plays[: pos + 1]} | {x for x, _ in after}:
            break
        after.append((s, c))
    return tuple((s, c) for s, c in after if s.side is not offending)


def _allow_misplaced(rs: RuleSet, node: Node, task: RuleChange, last: Designated, why: str, clause: str,
                     findings: tuple[str, ...], kind: StepKind, actor: str, question: str = "") -> list[Edge]:
    """47C for a designation dummy did not execute: dummy placed ``last.card`` after a call
    designating another card (45D), and declarer's permitted change names the card he meant.
    Nothing of the old designation is on the table, so only the designation changes. When
    the new one is the card dummy placed, the misplay is gone: that card stands, and each
    opponent who played after it may withdraw his card (45C4(b), 47D). Otherwise dummy's card
    is still one declarer did not designate: 45D1 rules it against the new designation at
    the end of the record (a card dummy does not hold: 46B4, declarer designates)."""
    table = node.table
    ch = task.change
    assert last.misplay is not None
    k = last.misplay
    misplays = task.cursor.misplays
    at, call, _, placed = misplays[k]
    old = _named(rs, task.cursor, last)
    q = question or f"may declarer change to {ch.card}?"
    choice = "slip" if findings else f"change to {ch.card}"
    if ch.card != placed.card:
        again = (at, Call(table.declarer, Designation("card", card=ch.card), ch.line), None, placed)
        step = Step(actor, kind, clause, f"{why}: declarer's designation is {ch.card}, not {old} (no rectification); dummy's "
                    f"{placed.card} is still a card declarer did not designate", also=(rs.cite("47C"), rs.cite("45D1")),
                    question=q, choice=choice)
        cursor = replace(task.cursor, misplays=(*misplays[:k], again, *misplays[k + 1 :]))
        return [_go_on(rs, node, table, cursor, step, findings=findings)]
    # the card dummy placed is now the card designated: no misplay is left
    shift = tuple(replace(d, misplay=d.misplay - 1) if d is not None and d.misplay is not None and d.misplay > k else d
                  for d in (task.cursor.last, task.cursor.dummy_last))
    mark = Designated(last.seat, last.card, last.trick, "named")
    cursor = replace(task.cursor, misplays=(*misplays[:k], *misplays[k + 1 :]), last=shift[0], dummy_last=shift[1])
    cursor = cursor.marked(mark, table.dummy)
    step = Step(actor, kind, clause, f"{why}: declarer's designation is {ch.card}, not {old} (no rectification), and "
                f"{ch.card} is the card dummy placed: it stands", also=(rs.cite("47C"),), question=q, choice=choice)
    trick = table.trick(last.trick)
    assert trick is not None
    pos = trick.position_of(last.seat)
    assert pos is not None
    later = _opponents_after(trick, pos, table.declaring_side)
    nxt = table.trick(last.trick + 1)
    then: tuple[object, ...] = (LeadAfterChange(last.trick, cursor),) if nxt is not None and nxt.plays else ()
    if later:
        # (legal before the change: as the trick was led with the card designated then)
        try:
            deemed = resolve_call(at, call, None, rs.decisions.designation_policy()).deemed
        except RulingError:
            deemed = None
        led = trick.suit_led if pos > 0 else (deemed or placed.card).suit
        return [(step, _child(node, table, (OpponentMayChange(last.trick, later, 0, cursor, led, then),),
                              findings=findings))]
    if then:
        return [(step, _child(node, table, then, findings=findings))]
    return [_go_on(rs, node, table, cursor, step, findings=findings)]


def opponent_change(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """47D (45C4(b) 2017: the opponent who played in turn after the changed card): a defender
    whose card was lawful before the change may withdraw it and play another lawful card, no
    penalty card; the withdrawn card is authorized to his side and unauthorized to declarer's
    (16C). A card the change made unlawful must be replaced (Decisions switch)."""
    assert isinstance(task, OpponentMayChange)
    table = node.table
    seat, card = task.later[task.index]
    trick = table.trick(task.trick)
    assert trick is not None and trick.card_of(seat) == card

    hand = frozenset(table.hand(seat) | {card})
    penalty: frozenset[PenaltyCard] = table.penalty_cards_of(seat)
    was_lawful = task.old_suit_led is None or card.suit is task.old_suit_led or not any(
        c.suit is task.old_suit_led for c in hand)
    led = trick.suit_led if trick.plays[0][0] is not seat else None
    question = f"{seat} may withdraw {card}, played after the changed designation" if task.refused is None else \
        f"{seat} may withdraw {card}, played to {task.refused} after declarer's change, which the director refused"
    clause, also_ = rs.cite("47D"), (rs.cite("45C4(b)"),)
    if not was_lawful:
        before = "before the change" if task.refused is None else f"to {task.refused} either"
        step = Step(rs.actor(table, seat), StepKind.FORCED, clause, f"{card} was not a lawful card {before}: it stands",
                    also=also_, question=question, choice="stands")
        return [_after_opponent(rs, node, task, table, step)]
    lawful_now = led is None or card.suit is led or not any(c.suit is led for c in hand)
    # (a penalty card he played goes back to being one when withdrawn: it obliges his substitute, 50D1(a), 50C)
    restored = table.played_penalty_card(seat, card) if rs.decisions.restored_penalty_card_binds_substitute else None
    # (his lead: a lead restriction in force comes before a major penalty card, 50D1(b))
    required, forbidden = lead_rule_args(table, trick.number, seat) if led is None else (None, None)
    subs = lawful_substitutes(hand, led, penalty, card, restored, required, forbidden)
    info = rs.withdrawn_info(seat, card, task.offending or table.declaring_side, table)
    edges: list[Edge] = []
    # (after a refused change he must follow the card that stands: he played in turn to the
    # card declarer announced, and no penalty card follows)
    must = not lawful_now and (rs.decisions.designation_change_unlawful_card_replaced or task.refused is not None)
    if must:
        question = f"{seat} must replace {card}: after the change it no longer follows suit" if task.refused is None else \
            f"{seat} must replace {card}: it does not follow {trick.plays[0][1]}, which stands"
    if task.refused is not None and lawful_now and not subs:
        # (no other lawful card: nothing for him to decide, and a choice he records is left
        # for a later decision of his)
        step = Step(rs.actor(table, seat), StepKind.FORCED, clause, f"{seat} has no other lawful card: {card} stands",
                    also=also_, question=question, choice="stands")
        return [_after_opponent(rs, node, task, table, step)]
    if not must:
        note = "" if lawful_now else " (it no longer follows suit)"
        keep = Step(rs.actor(table, seat), StepKind.OPTION, clause, f"{seat} keeps {card}{note}", also=also_,
                    question=question, choice="keep")
        edges.append(_after_opponent(rs, node, task, table, keep))
    # several penalty cards due: declarer designates the one played (51A)
    named, designated = penalty_card_designation(subs, penalty, rs.cite("51A"))
    fate = no_penalty_card(table, seat, card, True)
    for sub in subs:
        t2 = table.replace_card(task.trick, seat, sub)
        verb = "must withdraw" if must else "withdraws"
        step = Step(rs.actor(table, seat), StepKind.OPTION, clause, f"{seat} {verb} {card} and plays {sub}{named}; {fate}",
                    also=(*also_, rs.cite("44C"), info.ai_clause, info.ui_clause, *designated) if must else
                    (*also_, info.ai_clause, info.ui_clause, *designated), question=question, choice=f"change to {sub}")
        # (dummy's cards are faced)
        edges.append(_after_opponent(rs, node, task, t2, step, (info,) if seat is not table.dummy else ()))
    if not edges:  # no lawful substitute: the card stands
        stands = Step(rs.actor(table, seat), StepKind.FORCED, clause, f"{card} stands", question=question, choice="stands")
        edges.append(_after_opponent(rs, node, task, table, stands))
    return edges


def _after_opponent(rs: RuleSet, node: Node, task: OpponentMayChange, t: TableState, step: Step,
                    ledger: tuple[Info, ...] = ()) -> Edge:
    """After the 47D choice of ``task``'s opponent (``step``, leaving ``t``): the next
    opponent's choice, else what the change leaves to rule (``task.then``), else play goes on."""
    nxt = task.index + 1
    if nxt < len(task.later):
        return step, _child(node, t, (replace(task, index=nxt),), ledger=ledger)
    if task.then:
        return step, _child(node, t, task.then, ledger=ledger)
    return _go_on(rs, node, t, task.cursor, step, ledger=ledger)


def lead_after_change(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """44G: after a permitted change of designation (45C4(b), 47C) the winner of the changed
    trick leads the next one; a lead already made to it by another player is withdrawn (no
    penalty card: it was led in turn as the trick stood; 16C: authorized to the defenders,
    unauthorized to declarer's side). A lead by the player who still won stands."""
    assert isinstance(task, LeadAfterChange)
    table = node.table
    changed = table.trick(task.trick)
    nxt = table.trick(task.trick + 1)
    assert changed is not None and nxt is not None and nxt.plays
    winner = changed.winner(table.trumps)
    leader, lead = nxt.plays[0]
    question = f"{leader}'s lead of {lead} to trick {nxt.number}, made before the change of designation"
    if winner is None or winner is leader:
        step = Step("TD", StepKind.FORCED, rs.cite("44G"), f"{leader} still won trick {task.trick}: his lead of {lead} stands",
                    question=question, choice="stands")
        return [_go_on(rs, node, table, task.cursor, step)]
    t = table.keeping_established(nxt.number)  # (a play that established a revoke stays so: 63A1)
    infos: list[Info] = []
    restore = rs.decisions.withdrawn_penalty_card_stays_penalty
    for s, c in nxt.plays:
        t = t.replace_card(nxt.number, s, None, restore_penalty=restore)
        if s is not table.dummy:  # dummy's cards are faced: nothing to learn (16C)
            infos.append(rs.withdrawn_info(s, c, task.offending or table.declaring_side, table))
    clauses = tuple(c for i in infos for c in (i.ai_clause, i.ui_clause))
    step = Step("TD", StepKind.FORCED, rs.cite("44G"),
                f"{leader}'s lead of {lead} is withdrawn ({no_penalty_card(table, leader, lead, restore)}): after the change {winner} won trick "
                f"{task.trick} and leads", also=(rs.cite("47C"), *dict.fromkeys(clauses)), question=question,
                choice="withdrawn")
    return [_go_on(rs, node, t, task.cursor, step, ledger=tuple(infos))]


_TASKS = (ResolveCall, RuleTouch, RuleNamed, RuleChange, OpponentMayChange, LeadAfterChange, FacedAfterNamed)

#: the clauses of an incomplete call a change made at once concerns (:func:`_change_call`)
_CALL_CLAUSES = ("46A", "46B1(a)", "46B1(b)", "46B1(c)", "46B2", "46B3(a)", "46B3(b)", "46B4", "46B5", "44C")

RULES: tuple[Rule, ...] = (
    Rule("designation_resolve", ResolveCall,
         ("45B", "45C4(a)", "46A", "46B", "46B1(a)", "46B1(b)", "46B1(c)", "46B2", "46B3(a)", "46B3(b)", "46B4", "46B5", "44C"),
         resolve, resolve.__doc__ or ""),
    Rule("designation_touch", RuleTouch, ("45C3",), touch, touch.__doc__ or ""),
    Rule("designation_named", RuleNamed, ("45C4(a)",), named, named.__doc__ or ""),
    Rule("designation_change_2017", RuleChange, ("45C4(a)", "45C4(b)", "45C2(a)", "45C3", "45B", "46B", "47C", "47F2", *_CALL_CLAUSES),
         partial(change, words=WORDS_2017), change.__doc__ or "", frozenset({"2017"})),
    Rule("designation_change_2007", RuleChange, ("45C4(a)", "45C4(b)", "45C2(a)", "45C3", "45B", "46B", "47C", "47F2", *_CALL_CLAUSES),
         partial(change, words=WORDS_2007), change.__doc__ or "", frozenset({"2007"})),
    Rule("designation_faced_after_named", FacedAfterNamed, ("45E1", "45E2", "47F2", "48A", "49", "50B", "50E1", "50E2"),
         faced_after_named, faced_after_named.__doc__ or ""),
    Rule("designation_lead_after_change", LeadAfterChange, ("44G", "47C", "16C1", "16C2", "50E1", "50E2"), lead_after_change,
         lead_after_change.__doc__ or ""),
    Rule("designation_opponent_change", OpponentMayChange, ("47D", "45C4(b)", "44C", "16C1", "16C2", "50E1", "50E2"), opponent_change,
         opponent_change.__doc__ or ""),
)
OPENERS: tuple[tuple[str, object], ...] = (("designation", open_designation),)
#: without a call, a change, a touch or a name in the record there is nothing to rule here
OPENER_LINES = {"designation": (Call, ChangeDesignation, Touch, Name, NamePlay)}
#: the findings a branch of these rules may record (claim atom ``finding <word>``): why
#: declarer touched dummy's card (45C3) and why a designation was changed (45C4(b))
FINDINGS = frozenset({*TOUCH_WORDS, *FINDING_WORDS})


def _may_designate(replay: Replay) -> bool:
    """A cheap test: the record before attention holds an event :func:`_needs_ruling` can rule
    on (a change, a touch, a card named, a director's finding, or a declarer's call that is
    not plain); without one the walk finds nothing.

    A declarer's call of a card dummy holds at that moment is plain (46A): dummy plays it,
    or places another card, a Law 45D misplay the dummy_misplay family rules. Whether dummy
    holds it then is read off the replayed table (dealt to dummy, not among dummy's cards
    standing before the call), without walking the record."""
    before = replay.before
    kinds = replay.line_kinds  # (the kinds of line before attention are among these: one look first)
    if kinds.isdisjoint(_DESIGNATION_LINES) or not any(isinstance(e, _DESIGNATION_LINES) for e in before):
        return False
    if DirectorFinds in kinds or (not kinds.isdisjoint(_UNPLAIN_LINES) and any(isinstance(e, _UNPLAIN_LINES) for e in before)):
        return True
    table = replay.table
    declarer, dummy = table.declarer, table.dummy
    dealt = table.deal[dummy].cards
    # where each of dummy's cards standing as played was placed (its first place among the
    # plays), and where each trick begins among them
    placed: dict[Card, int] | None = None
    starts: list[tuple[int, Trick]] = []
    for i, e in enumerate(before):
        if not isinstance(e, Call) or e.seat is not declarer:
            continue
        card = e.what.card
        if card is None or card not in dealt:
            return True
        if placed is None:
            placed, k = {}, 0
            for t in table.tricks:
                starts.append((k, t))
                for s, c in t.plays:
                    if s is dummy and c not in placed:
                        placed[c] = k
                    k += 1
        at = placed.get(card)
        standing = replay.applied_before[i]
        if at is not None and at < standing:
            return True  # dummy played it already: not a card dummy holds (46B)
        # dummy has played to the trick in progress: the call plays nothing (advance says so)
        if any(k < standing < k + 4 and any(s is dummy for s, _ in t.plays[: standing - k]) for k, t in starts):
            return True
    return False


_DESIGNATION_LINES = (Call, ChangeDesignation, Touch, Name, NamePlay)
_UNPLAIN_LINES = (ChangeDesignation, Touch, Name, NamePlay)
