"""Dummy places a card declarer did not designate: Law 45D1 / 45D2 (2007: 45D).

The record: ``<declarer> calls <what>`` followed by ``<dummy> <card>``. When the card dummy
placed is not the card the call designates, dummy has misplayed (see
docs/dummy-misplay-rules.md):

* **in time** (45D1; 2007 45D): until each side has played to the next trick. Dummy's card
  goes back and the designated card is played (forced); the cards played after the error
  are then taken in playing order: each defender may withdraw his and substitute a lawful
  card (no penalty card), declarer may withdraw his card to the same trick only if his
  right-hand opponent changed, and a lead to the next trick may be retracted (forced when
  its leader no longer won the corrected trick, 44G). When the designated card leads
  another suit and a card exposed between tricks waits to be judged on the corrected trick,
  the later cards that no longer follow it and must be replaced (44C; 62 for declarer's)
  are taken first, and the options after them (elsewhere every card is taken in playing
  order, the engine choosing: ``IfWaiting``). At most five cards come back:
  dummy's card, the three later cards of the trick and the lead to the next trick.
  The declaring side is the offending side for 16C.
* **too late** (2017 45D2): the card stands, play is not altered, and any failure to follow
  suit it created is a revoke, ruled by the revoke rules (Laws 61-64) after the 45D2 step.
  The 2007 Laws have no such clause (45D2 is absent from the 2007 set); the 2007 set has a
  2007-only rule instead: the cards stand and revokes are judged on them as placed (the EBL
  2011 workshop read literally); with the switch ``misplay_too_late_designated_card_counts``
  on, a failure to follow the suit of the card declarer named is the established revoke.

Also (docs/dummy-misplay-rules.md): a designated card that revokes is corrected under 62
right after the 45D1 step (the shared task ``CorrectRevoke``, ruled by the revoke rules); a call that leaves a choice is
resolved by its chooser first (``ChooseDesignated``); several misplays are ruled in record
order (``LaterMisplay``); misplays after a Law 45C/46 event come from the designation rules
(``RecordMisplays``).

The designated card comes from ONE function, :func:`_designated`, which asks Law 46's
resolver (``rulings.models.designation.resolve_call``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from rulings.models.cards import Card, Seat, Side, Suit
from rulings.models.case import Replay
from rulings.models.dataclass import dataclass, field
from rulings.models.designation import DEFAULT_POLICY, DesignationPolicy, FoundCall, Resolution, prepare, resolve_call
from rulings.models.errors import RulingError
from rulings.models.events import Call, DirectorFinds, Play
from rulings.models.table import PenaltyCard, PenaltyKind, Revoke, TableState, Trick
from rulings.solver.engine import (
    CorrectionMade,
    Edge,
    Holds,
    IfWaiting,
    Info,
    Node,
    Notice,
    Step,
    StepKind,
    Substitutions,
    classes_where,
    played,
    with_entries,
)
from rulings.solver.establishment import establishes_own_revoke, establishing_play_of
from rulings.solver.lawful import lawful_cards, penalty_card_designation, with_restored
from rulings.solver.obligations import lead_rule_args, no_penalty_card
from rulings.solver.rulesets.base import Opening, Rule, RuleSet, may_wait_for_a_correction
from rulings.solver.tasks import CorrectRevoke, RecordMisplays

LaterPlay = tuple[int, Seat, Card]  # (trick number, seat, card) played after dummy's error


# The values made for every position (a misplay, its first task, the cascade's tasks) are
# slotted and not frozen, for speed, as the engine's values: they are treated as immutable.
@dataclass(unsafe_hash=True, slots=True)
class Misplay:
    """Dummy placed ``wrong`` on trick ``trick`` where declarer had designated ``designated``."""

    call: Call
    placed: Play
    designated: Card
    wrong: Card
    trick: int
    dummy: Seat
    designated_follows: bool = True  # the designated card follows suit (44C) where dummy could
    clause: str = "45C4(a)"  # the clause that made it the designated card (Law 46's resolver)
    meant: tuple[Card, ...] | None = None  # the director's finding of incontrovertible intention

    @property
    def what(self) -> str:
        return str(self.designated)

    def __str__(self) -> str:
        return (f"declarer called {self.designated.text} ('{self.call}') but dummy {self.dummy._name_} placed "
                f"{self.wrong.text} on trick {self.trick}")


@dataclass(frozen=True, slots=True)
class OpenMisplay:
    """Dummy placed ``wrong`` after a call that leaves a choice (46B3(b), 46B4, 46B5, or
    several incontrovertible cards): ``resolution`` says who chooses among which cards."""

    call: Call
    placed: Play
    resolution: Resolution
    wrong: Card
    trick: int
    dummy: Seat
    meant: tuple[Card, ...] | None = None

    @property
    def what(self) -> str:
        return f"one of {' '.join(map(str, self.resolution.options))} ({self.resolution.chooser} to choose)"

    def __str__(self) -> str:
        return (f"declarer called '{self.call.what}', which leaves a choice ({self.resolution.clause}), and dummy "
                f"{self.dummy} placed {self.wrong} on trick {self.trick}")


AnyMisplay = Misplay | OpenMisplay


@dataclass(frozen=True, slots=True)
class ChooseDesignated:
    """46B3(b)/46B4/46B5 after dummy placed a card: the player the clause names designates,
    then 45D1 applies against the card designated (none when it is the card dummy placed)."""

    misplay: OpenMisplay
    later: tuple[LaterPlay, ...]
    #: the correction to come pauses for what may wait for it (:class:`ReplaceDummyCard`)
    pause: bool = True


@dataclass(frozen=True, slots=True)
class LaterMisplay:
    """A second misplay in time in the same record (dummy's lead to the trick after the
    misplayed one), ruled in record order on the table the first correction left."""

    misplay: AnyMisplay
    #: the correction to come pauses for what may wait for it (:class:`ReplaceDummyCard`)
    pause: bool = True


@dataclass(unsafe_hash=True, slots=True)
class ReplaceDummyCard:
    """45D1: dummy's card must be withdrawn and the designated card played."""

    misplay: Misplay
    later: tuple[LaterPlay, ...]
    #: the correction pauses once dummy's card is replaced, for what may wait for it
    #: (``CorrectionMade``): False on a record where nothing may (``may_wait_for_a_correction``)
    pause: bool = True


@dataclass(slots=True)
class _Choices:
    """What one later player of the misplayed trick may do (shared by the branches of a
    correction that put the same question to him): ``keep`` (or None) leaves his card;
    each step of ``change`` withdraws it for the substitute of ``subs`` at its place (the
    withdrawn card a penalty card again when ``restore``: 62B2, DIGEST 32.12); ``info``:
    what his withdrawn card tells (16C)."""

    keep: Step | None
    change: tuple[Step, ...]
    subs: tuple[Card, ...]
    restore: bool
    info: Info
    #: the card is the player's own revoke, established before attention (63A1): it stays (63B)
    established: bool = False


@dataclass(slots=True)
class _LeadChoices:
    """The steps for the lead to the next trick (each with whether it withdraws the lead),
    what the withdrawn cards tell (16C) and whether a withdrawn card that was a penalty card
    is one again."""

    steps: tuple[tuple[Step, bool], ...]
    infos: tuple[Info, ...]
    restore: bool


class _Shared:
    """What the branches of one 45D1 correction share: each later player's choices, by
    what they depend on (see :func:`misplay_cascade`)."""

    __slots__ = ("choices", "leaders", "leads")

    def __init__(self, leaders: frozenset[Seat] | None = None) -> None:
        self.choices: dict[tuple[object, ...], _Choices] = {}
        self.leads: dict[tuple[object, ...], _LeadChoices] = {}
        #: the seats whose lead to the next trick placed at the pause it rules (:func:`_leaders`)
        self.leaders = leaders


@dataclass(unsafe_hash=True, slots=True)
class MisplayCascade:
    """45D1: the cards played after the error, taken in playing order."""

    misplay: Misplay
    later: tuple[LaterPlay, ...]
    index: int = 0
    changed: tuple[Seat, ...] = ()  # seats that withdrew their card so far
    revoke: bool = False  # the designated card revoked and was corrected under 62 first (62C1/62C2 too)
    #: the choices of each later player, worked out once for every branch of this correction
    #: (:func:`misplay_cascade`); not part of the task's identity
    shared: _Shared = field(default_factory=_Shared, compare=False, repr=False)
    #: the positions of ``later`` whose cards no longer follow the suit now led and must be
    #: replaced (44C; declarer's, 62), ruled before the pause at the trick as the offender's
    #: correction leaves it (``CorrectionMade``), and passed over after it
    forced: tuple[int, ...] = ()
    #: this task rules the ``forced`` positions (``index`` is one of them), before the pause
    before_pause: bool = False


@dataclass(frozen=True, slots=True)
class MisplayStands:
    """2017 45D2: too late to correct; the wrongly placed card stands."""

    misplay: AnyMisplay


@dataclass(frozen=True, slots=True)
class MisplayTooLateSilent:
    """2007: too late to correct, and 2007 45D says nothing more. ``revokes``: who failed to
    follow the *designated* card's suit while able (the EBL 2011 reading, see Decisions)."""

    misplay: AnyMisplay
    revokes: tuple[tuple[Seat, Card], ...] = ()


# ----- the designated card -----------------------------------------------------------------------
def _designated(table: TableState, call: Call, policy: DesignationPolicy = DEFAULT_POLICY) -> Card | None:
    """The card declarer's call designates, on ``table`` as it was at the call (dummy about
    to play); None when the call designates no single card (options: someone must still
    choose, ruled by the designation rules of Law 46).

    This is the one place the 45D rules learn the designated card: Law 46's resolver
    (``rulings.models.designation.resolve_call``: a named card dummy holds, 45C4(a); 'high',
    'low', 'win', a suit, a rank, 46B1-46B3). A director's finding of incontrovertible
    intention (46B intro) is not applied here.
    """
    return resolve_call(table, call, None, policy).deemed


# ----- opener ---------------------------------------------------------------------------------------
def _table_at(table: TableState, count: int) -> TableState:
    """The table with only the first ``count`` cards of the record standing as played."""
    if not count:
        return table.restart()
    return table.first_played(count)


def find_all_misplays(replay: Replay, policy: DesignationPolicy = DEFAULT_POLICY) -> list[Misplay | OpenMisplay]:
    """Every call by declarer followed by dummy placing a card other than the one designated,
    in record order: a :class:`Misplay` when the call designates one card (45C4(a), 46B1-3,
    or the one card of a ``director finds incontrovertible`` finding), an
    :class:`OpenMisplay` when it leaves a choice (46B3(b), 46B4, 46B5, or several
    incontrovertible cards): someone chooses, then 45D1 applies against that card."""
    table = replay.table
    dummy = table.dummy
    before = replay.before
    counts = replay.applied_before
    found: list[Misplay | OpenMisplay] = []
    kinds = replay.line_kinds
    if Call not in kinds or not any(isinstance(e, Call) for e in before):
        return found  # no call, no misplay (and no preparation of the record)
    if len(counts) != len(before):
        return found
    # a director's finding of incontrovertible intention is attached to its call (46B intro)
    events = prepare((*before, *replay.after)) if DirectorFinds in kinds else before
    for i, event in enumerate(before[:-1]):
        nxt = before[i + 1]
        if not (isinstance(event, Call) and event.seat is table.declarer and isinstance(nxt, Play) and nxt.seat is dummy):
            continue
        prepared = events[i]
        meant = prepared.incontrovertible if isinstance(prepared, FoundCall) else None
        if meant is None and event.what.card is not None and event.what.card == nxt.card:
            continue  # dummy placed the card named, so he held it: it is the card played (46A)
        # the card placed, found by seat and card: an earlier ruling of the record may have
        # taken back cards before it (then it stands at another index) or the card itself
        where = _placed_at(table, dummy, nxt.card)
        if where is None:
            continue  # taken back or replaced by an earlier ruling of this record: ruled there
        index, trick_no = where
        found_one: AnyMisplay | None = _named_misplay(table, event, nxt, index, trick_no) if (
            meant is None and event.what.kind == "card") else None
        if found_one is None:
            found_one = _classify(_table_at(table, index), event, meant, nxt, trick_no, policy)
        if found_one is not None:
            found.append(found_one)
    return found


def _placed_at(table: TableState, seat: Seat, card: Card) -> tuple[int, int] | None:
    """Where ``seat``'s ``card`` stands as played: its index among the cards standing and
    its trick's number (None when it does not stand)."""
    k = 0
    for t in table.tricks:
        for s, c in t.plays:
            if s is seat and c == card:
                return k, t.number
            k += 1
    return None


def _named_misplay(table: TableState, call: Call, placed: Play, index: int, trick_no: int) -> Misplay | None:
    """:func:`_classify` of a call naming a card (45C4(a), no director's finding) that dummy
    held at the call and did not place (``placed``: his card, the ``index``-th standing on
    ``table``, on trick ``trick_no``), read off the replayed table without making the table
    at the call: dummy's hand then is his hand now and his cards standing from ``index`` on,
    and the suit led is that of his card's trick when a card stands before his there. None
    where that table is not the replayed one simply undone (:meth:`TableState.first_played`
    replays it), where dummy's card leads a trick that follows one not complete, or where
    he did not hold the card named (an invalid designation, 46B4): :func:`_classify` then
    reads the table at the call."""
    revokes = table.revokes
    if (table.out_of_turn or table.played_penalty or table.lead_rules or table.withdrawn
            or (revokes and any(r.rule is not None or r.failed is not None for r in revokes))):
        return None
    dummy, card = placed.seat, call.what.card
    assert card is not None
    held = set(table.hand(dummy))
    led: Suit | None = None
    k = 0
    previous: Trick | None = None
    for t in table.tricks:
        n = len(t.plays)
        if k + n > index:
            if k <= index:  # (dummy's card's trick)
                if t.number != trick_no:
                    return None
                if index > k:
                    led = t.plays[0][1].suit
                elif previous is not None and not previous.is_complete:
                    return None
            held.update(c for s, c in t.plays[max(index - k, 0):] if s is dummy)
        previous = t
        k += n
    if card not in held:
        return None
    follows = led is None or card.suit is led or not any(c.suit is led for c in held)
    return Misplay(call, placed, card, placed.card, trick_no, dummy, follows, "45C4(a)", None)


def _classify(at: TableState, call: Call, meant: tuple[Card, ...] | None, placed: Play, trick_no: int,
              policy: DesignationPolicy) -> AnyMisplay | None:
    """The misplay, if any, when dummy placed ``placed`` on trick ``trick_no`` after ``call``
    (``at``: the table at the call). Raises RulingError (located at the call's line) for a
    finding naming a card dummy cannot play."""
    dummy = at.dummy
    try:
        res = resolve_call(at, call, meant, policy)
    except RulingError as err:
        raise err.at(call) from None
    if res.options == (placed.card,):
        return None  # (the card deemed called, or the only lawful card declarer may designate, 46B4)
    if res.deemed is None:
        return OpenMisplay(call, placed, res, placed.card, trick_no, dummy, meant)
    designated = res.deemed
    cur = at.current_trick
    led = cur.suit_led if cur is not None and not cur.is_complete else None
    follows = led is None or designated.suit is led or not any(c.suit is led for c in at.hand(dummy))
    return Misplay(call, placed, designated, placed.card, trick_no, dummy, follows, res.clause, meant)


def find_misplays(replay: Replay, policy: DesignationPolicy = DEFAULT_POLICY) -> list[Misplay]:
    """The misplays of :func:`find_all_misplays` whose call designates one card."""
    return [m for m in find_all_misplays(replay, policy) if isinstance(m, Misplay)]


def _too_late(table: TableState, m: AnyMisplay, replay: Replay | None = None, played_out: bool = False) -> bool:
    """W-next-both: each side has played to the trick after the misplayed one (45D1/45D2):
    on the table, or, with the record, in play that went on to the end after its last card
    (``Replay.played_to``; without the record, ``played_out`` says it, as
    ``Replay.played_out`` does)."""
    if replay is not None:
        return all(replay.played_to(m.trick + 1, side, table) for side in (Side.NS, Side.EW))
    nxt = table.trick(m.trick + 1)
    if played_out and m.trick < 13 and (nxt is None or not nxt.is_complete):
        return True
    return nxt is not None and len({s.side for s, _ in nxt.plays}) == 2


def _later_plays(table: TableState, m: AnyMisplay) -> tuple[LaterPlay, ...]:
    """The cards played after dummy's misplaced one: the rest of its trick, then the next
    trick's. As in revoke.py, the cascade names a later card by (trick, seat), so a second
    card by a seat in the same trick (a play out of turn, reported as not yet ruled) ends it."""
    trick = table.trick(m.trick)
    assert trick is not None
    pos = trick.position_of(m.dummy)
    assert pos is not None
    later: list[LaterPlay] = []
    seen = {s for s, _ in trick.plays[: pos + 1]}
    number = trick.number
    for s, c in trick.plays[pos + 1:]:
        if s in seen:
            return tuple(later)
        seen.add(s)
        later.append((number, s, c))
    nxt = table.trick(m.trick + 1)
    if nxt is not None:
        seen.clear()
        for s, c in nxt.plays:
            if s in seen:
                return tuple(later)
            seen.add(s)
            later.append((nxt.number, s, c))
    return tuple(later)


def _first_task(m: AnyMisplay, later: tuple[LaterPlay, ...], pause: bool) -> object:
    return ReplaceDummyCard(m, later, pause) if isinstance(m, Misplay) else ChooseDesignated(m, later, pause)


RevokesOf = Callable[[Misplay], tuple[tuple[Seat, Card], ...]]


def _late_task(rs: RuleSet, revokes_of: RevokesOf, m: AnyMisplay) -> object | None:
    """The too-late task for a misplay of the record (its card stands)."""
    stands = MisplayStands(m)
    if rs.rule_for(stands) is not None:
        return stands
    counts = rs.decisions.misplay_too_late_designated_card_counts and isinstance(m, Misplay)
    silent = MisplayTooLateSilent(m, revokes_of(m) if isinstance(m, Misplay) and counts else ())
    return silent if rs.rule_for(silent) is not None else None


def _plan(rs: RuleSet, table: TableState, misplays: list[AnyMisplay], revokes_of: RevokesOf, replay: Replay | None = None,
          played_out: bool = False, pause: bool = True) -> tuple[tuple[object, ...], list[str], tuple[Notice, ...], AnyMisplay | None, tuple[LaterPlay, ...]]:
    """The tasks for ``misplays`` (record order) on ``table``: each too-late one before the
    first in time (its card stands), the first in time (45D1, or the chooser first), then
    each later one in time (``LaterMisplay``). Returns the agenda, the irregularities, the
    notices, the first misplay in time (None when all are too late: the last one is then
    left out of the agenda for the caller to rule) and the cards played after it.
    ``pause``: whether a correction may pause for what waits for it (:class:`ReplaceDummyCard`)."""
    intime: list[AnyMisplay] = []
    late: list[AnyMisplay] = []
    for m in misplays:
        (late if _too_late(table, m, replay, played_out) else intime).append(m)
    notices: tuple[Notice, ...] = ()
    irregularities: list[str] = []
    early: list[object] = []
    for x in late if intime else late[:-1]:
        task = _late_task(rs, revokes_of, x)
        irregularities.append(f"{x}: each side has played to trick {x.trick + 1}, too late to correct")
        if task is None:
            notices += (Notice(x.placed.line, f"an earlier misplay by dummy ({x}) is too late to correct "
                                              "and this rule set has no rule for it", "not_ruled"),)
        else:
            early.append(task)
    if not intime:
        return tuple(early), irregularities, notices, None, ()
    m = intime[0]
    later = _later_plays(table, m)
    # (a lead to the next trick put down before dummy's wrong card is no card played after
    # the error: it stays, ruled as it stands, and is not among the cards that may come back)
    after = [(s, c) for n, s, c in later if n == m.trick or m.dummy not in (table.put_down_before(n, s, c) or ())]
    back = ", ".join([f"dummy's {m.wrong.text}", *(f"{s._name_} {c.text}" for s, c in after)])
    irregularities.append(
        f"{m}: attention drawn before each side played to trick {m.trick + 1} ({rs.cite('45D1')}); "
        f"{1 + len(after)} card(s) may come back (at most five): {back}")
    if isinstance(m, Misplay) and not m.designated_follows:
        irregularities.append(f"the designated {m.designated} does not follow suit: once played it is a revoke by "
                              f"dummy (61A), corrected at once ({rs.cite('62A')}, {rs.cite('62B')})")
    for x in intime[1:]:
        irregularities.append(f"{x}: also in time; ruled after trick {m.trick} is corrected ({rs.cite('45D1')})")
    return ((*early, _first_task(m, later, pause), *(LaterMisplay(x, pause) for x in intime[1:])), irregularities, notices, m,
            later)


def open_dummy_misplay(rs: RuleSet, replay: Replay, root: Node) -> Opening | None:
    """Rule every misplay by dummy in record order: each one still in time under 45D1 (a
    call that leaves a choice: the chooser first, 46B), each earlier one too late under 45D2
    (2007: the law is silent), and the last one, when too late, with any revoke it made.
    When a Law 45C/46 event comes first in the record, the designation rules rule it and
    hand the misplays on (``RecordMisplays``)."""
    misplays = find_all_misplays(replay, rs.decisions.designation_policy())
    if not misplays:
        return None
    table = replay.table
    # the calls, the cards placed, and the cards placed as played cards (a card that did not
    # follow is not also ruled as a revoke: this family rules it, 45D with 62 or 63 as due)
    handled: tuple[object, ...] = ()
    for m in misplays:
        handled += (m.call, m.placed)
    handled += tuple([played(m.trick, m.dummy, m.placed.card) for m in misplays])
    if any(m.meant is not None for m in misplays):  # the 46B finding is ruled here too
        handled += tuple(e for e in (*replay.before, *replay.after)
                         if isinstance(e, DirectorFinds) and e.finding.split()[:1] == ["incontrovertible"])
    pause = may_wait_for_a_correction(replay)
    early, irregularities, notices, first, later = _plan(rs, table, misplays, partial(_revokes_against_designated, replay), replay,
                                                         pause=pause)
    if first is not None:
        node = Node(table=table, agenda=early, focus=first.trick)
        # A lead to the next trick out of turn on the table as placed is ruled by the cascade
        # as it stands on the corrected trick: in turn when its player won that trick (the
        # table reads it again so), out of turn otherwise, for the lead rules to rule after
        # the correction (53A, 55A, 56) unless its player takes it back (45D1); so is one put
        # down before that trick was complete (57A too). Neither is claimed here.
        # the cards played after dummy's error are judged on the corrected trick (45D1: kept,
        # changed, or replaced when they no longer follow): a failure to follow only the card
        # dummy wrongly placed is no revoke to rule on the table as placed
        own = _own_revokes(table, first)
        if rs.decisions.misplay_own_revoke_withdrawal_forced:
            # (his own failure to follow suit is ruled here, with dummy's error, but it
            # happened: it is listed, with what the ruling does with it)
            irregularities += [_own_revoke_text(rs, table, first, r) for r in sorted(own, key=lambda x: (x[0], x[1].value))]
            own = frozenset()
        handled += tuple(played(n, s, c) for n, s, c in later if (n, s, c) not in own)
        # (the cards that come back are replaced when attention is drawn: a card exposed
        # before that is a penalty card then, Opening.made_at)
        made_at = (replay.attention,) if replay.attention is not None else ()
        # (a card a player exposed between tricks, not then to lead, is ruled once dummy's card
        # is replaced and before the cards after it may be taken back: the trick as then
        # corrected tells whether it was his lead, 45C1, which a defender may keep or take back
        # as the cascade's lead, or a penalty card, 49, that binds his substitute, 50D1; the
        # declaring side's too when the switch misplay_declaring_side_may_retract_next_lead lets
        # its lead go back)
        pauses: tuple[tuple[int, frozenset[Seat]], ...] = ()
        if pause and isinstance(first, Misplay):  # (attention drawn, and something may wait)
            side = table.declaring_side
            seats = frozenset(side.other.seats) | (frozenset(side.seats) if rs.decisions.misplay_declaring_side_may_retract_next_lead
                                                   else frozenset())
            pauses = ((first.trick, seats),)
        return Opening(node, tuple(irregularities), notices, handled, made_at=made_at, pauses=pauses)
    m = misplays[-1]
    stands = MisplayStands(m)
    irregularities.append(f"{m}: each side has played to trick {m.trick + 1}, too late to correct")
    agenda: tuple[object, ...] = (*early, stands)
    if rs.rule_for(stands) is None:  # no 45D2 in this edition (2007): the law is silent
        revokes = _revokes_against_designated(replay, m) if isinstance(m, Misplay) else ()
        silent = MisplayTooLateSilent(m, revokes)
        if rs.rule_for(silent) is None:
            return None
        if rs.decisions.misplay_too_late_designated_card_counts and isinstance(m, Misplay):
            node = Node(table=table, agenda=(*early, silent), focus=m.trick)
            # the card designated counts as played: a lead to the next trick out of turn only
            # as the cards lie is in turn as the trick is ruled
            handled += tuple(x for x in table.out_of_turn if x[0] == m.trick + 1)
            # and the cards after dummy's are judged against the card named (the
            # ``DesignatedRevoke`` steps), not as placed: a failure to follow only dummy's
            # wrong lead is no revoke, and one to follow the suit led is ruled once
            trick = table.trick(m.trick)
            pos = trick.position_of(m.dummy) if trick is not None else None
            if trick is not None and pos is not None:
                handled += tuple(played(m.trick, s, c) for s, c in trick.plays[pos + 1:])
            return Opening(node, tuple(irregularities), notices, handled)
        agenda = (*early, MisplayTooLateSilent(m))
    # the card stands as played (45D2): a revoke it or a later card made is the revoke rules'
    # (62, 63), which the engine opens next on this table
    standing = played(m.trick, m.dummy, m.placed.card)
    handled = tuple(h for h in handled if h != standing)
    return Opening(Node(table=table, agenda=agenda, focus=m.trick), tuple(irregularities), notices, handled)




def record_misplays(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """45D1/45D2 for misplays after a designation event: each call is resolved on the table
    of this branch (the designation rules may have changed dummy's cards); those that are
    still misplays are ruled as the opener rules them (45D2 without the revoke rules: a
    failure to follow the wrong card is left to them, see docs/dummy-misplay-rules.md)."""
    assert isinstance(task, RecordMisplays)
    table = node.table
    rest = node.agenda[1:]
    misplays: list[AnyMisplay] = []
    ats: dict[int, TableState] = {}
    gone: list[Play] = []
    for at, call, meant, placed in task.records:
        cur = at.play(placed.seat, placed.card).current_trick
        assert cur is not None
        if (now := table.trick(cur.number)) is None or now.card_of(placed.seat) != placed.card:
            gone.append(placed)  # a ruling before this one took dummy's card back: nothing left to correct
            continue
        at = _at_placing(table, at, now, placed.seat)
        try:
            m = _classify(at, call, meant, placed, cur.number, rs.decisions.designation_policy())
        except RulingError:
            m = None
        if m is not None:
            misplays.append(m)
            ats[id(m)] = at
    if not misplays:
        text = ("in this branch dummy placed the card each call designates: no misplay" if not gone else
                f"in this branch a ruling took dummy's {', '.join(str(p.card) for p in gone)} back: no misplay left to correct")
        step = Step("TD", StepKind.FORCED, rs.cite("45D1"), text,
                    question="did dummy place a card declarer did not designate?", choice="no misplay")
        return [(step, _child(node, table, rest))]

    revokes_of = partial(_revokes_of_placed, table, ats)
    agenda, _, _, first, _ = _plan(rs, table, misplays, revokes_of, played_out=task.played_out)
    if first is None:
        last = _late_task(rs, revokes_of, misplays[-1])
        agenda = (*agenda, *((last,) if last is not None else ()))
    if not agenda:
        step = Step("TD", StepKind.FORCED, rs.cite("45D1"), "too late, and this rule set has no rule for it: the cards "
                    "stand", question="did dummy place a card declarer did not designate?", choice="stands")
        return [(step, _child(node, table, rest))]
    return rs.expand(_child(node, table, (*agenda, *rest)))


def _at_placing(table: TableState, at: TableState, trick: Trick, dummy: Seat) -> TableState:
    """The table when dummy placed his card on ``trick`` (as ``table``, the table of this
    branch, holds it): ``at`` (the table the walk of the record had there) when the cards
    before dummy's on that trick are the same; otherwise, when a ruling since changed them (a
    lead out of turn withdrawn, 53B, the proper leader's card leading the trick), ``table``
    with dummy's card, the cards after it and those of later tricks back in the hands."""
    pos = trick.position_of(dummy)
    assert pos is not None
    before = trick.plays[:pos]
    walked = at.trick(trick.number)
    if (walked.plays if walked is not None else ()) == before:
        return at
    kept = tuple(t for t in table.tricks if t.number < trick.number)
    if before:
        kept = (*kept, Trick(trick.number, trick.leader, before, trick.short))
    holding = list(table.holding)
    for t in table.tricks:
        for s, c in t.plays[pos:] if t.number == trick.number else t.plays if t.number > trick.number else ():
            holding[s.index] = holding[s.index] | {c}
    return table._evolve(tricks=kept, holding=tuple(holding))


def _revokes_against_designated(replay: Replay, m: Misplay) -> tuple[tuple[Seat, Card], ...]:
    """Players after dummy on the misplayed trick who did not follow the suit the trick
    would have had with the designated card, while holding it (dummy leading: the designated
    card's suit; otherwise the suit led)."""
    i = replay.before.index(m.placed)
    return _revokes_vs(replay.table, m, _table_at(replay.table, replay.applied_before[i]))


def _own_revokes(table: TableState, m: Misplay | OpenMisplay) -> frozenset[tuple[int, Seat, Card]]:
    """Defenders' cards after dummy's error that fail to follow suit to the trick both as
    placed and as corrected: revokes of their own, which the revoke rules rule on when the
    card is left (switch ``misplay_own_revoke_withdrawal_forced`` off)."""
    trick = table.trick(m.trick)
    if trick is None or not trick.plays or not isinstance(m, Misplay):
        return frozenset()  # (a call that leaves a choice: the corrected suit led is not known yet)
    led = m.designated.suit if trick.plays[0][0] is m.dummy else trick.suit_led
    pos = trick.position_of(m.dummy)
    out = set()
    for r in table.revokes:
        if r.trick != m.trick or not table.is_defender(r.seat) or r.card.suit is led:
            continue
        at = trick.position_of(r.seat)
        if pos is None or at is None or at < pos:
            continue  # (a revoke before dummy's card: 45D1 does not reach it, 62B corrects it)
        held = table.hand(r.seat) | {c for t in table.tricks if t.number >= m.trick for x, c in t.plays if x is r.seat}
        if any(c.suit is led for c in held):
            out.add((r.trick, r.seat, r.card))
    return frozenset(out)


def _own_revoke_text(rs: RuleSet, table: TableState, m: Misplay | OpenMisplay, revoke: tuple[int, Seat, Card]) -> str:
    """The irregularity line of a defender's own failure to follow suit after dummy's error
    (:func:`_own_revokes`) that 45D1 takes back with it (``misplay_own_revoke_withdrawal_forced``)."""
    trick_no, seat, card = revoke
    trick = table.trick(trick_no)
    assert trick is not None and isinstance(m, Misplay)
    led = m.designated.suit if trick.plays[0][0] is m.dummy else trick.suit_led
    assert led is not None
    return (f"{seat._name_} failed to follow suit with {card.text} on trick {trick_no} holding {led.plural}: a revoke "
            f"of his own whatever dummy played ({rs.cite('61A')}); taken back with dummy's error under {rs.cite('45D1')}, "
            f"without rectification (no penalty card, {rs.cite('62B1')} not applied)")


def _revokes_of_placed(table: TableState, ats: dict[int, TableState], m: Misplay) -> tuple[tuple[Seat, Card], ...]:
    """:func:`_revokes_vs` for the misplay ``m`` of this branch's ``table``, against the table
    when dummy placed its card (``ats``, by the misplay's identity)."""
    return _revokes_vs(table, m, ats[id(m)])


def _revokes_vs(table: TableState, m: Misplay, at: TableState) -> tuple[tuple[Seat, Card], ...]:
    """:func:`_revokes_against_designated` on ``table``, ``at``: the table at the placing."""
    trick = table.trick(m.trick)
    assert trick is not None
    pos = trick.position_of(m.dummy)
    assert pos is not None
    led = m.designated.suit if pos == 0 else trick.plays[0][1].suit
    return tuple((s, c) for s, c in trick.plays[pos + 1:]
                 if c.suit is not led and any(x.suit is led for x in at.hand(s)))


# ----- rules -------------------------------------------------------------------------------------------
def _child(node: Node, table: TableState, agenda: tuple[object, ...], infos: tuple[Info, ...] = ()) -> Node:
    return Node(table, agenda, with_entries(node.ledger, infos), node.findings, node.restrictions, node.established, node.focus)


def replace_dummy_card(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """45D1 (2007 45D): dummy's card goes back and the designated card is played."""
    assert isinstance(task, ReplaceDummyCard)
    m = task.misplay
    table = node.table
    later = task.later
    text = ""
    cur = table.trick(m.trick)
    held = m.designated in table.hand(m.dummy)
    if not held and cur is not None and (m.dummy, m.designated) in cur.plays[1:]:
        # Dummy also placed the designated card to the misplayed trick (a second card, out of
        # turn: reported as not yet ruled). The wrong card goes back; the designated card,
        # already on the trick, takes its place in playing order.
        table = table.replace_card(m.trick, m.dummy, None, card=m.wrong)
        text = f"dummy also placed {m.designated} to trick {m.trick}: it stands as dummy's card; "
    elif not held:
        # Dummy has since led the designated card to the next trick (only the declaring side
        # has played to it, so 45D1 still applies): that lead goes back first, since the card
        # is needed on the misplayed trick. Dummy's cards are faced: no 16C information.
        nxt = table.trick(m.trick + 1)
        assert nxt is not None and nxt.card_of(m.dummy) == m.designated
        # (a lead or play there that established a revoke stays so when taken back: 63A1)
        table = table.keeping_established(nxt.number)
        for s, _ in nxt.plays:
            table = table.replace_card(nxt.number, s, None, restore_penalty=rs.decisions.withdrawn_penalty_card_stays_penalty)
        later = tuple(p for p in later if p[0] != nxt.number)
        text = f"dummy's lead of {m.designated} to trick {nxt.number} goes back; "
    if held or m.designated in table.hand(m.dummy):
        # (which of dummy's cards goes back is said only when it is not his first on the trick)
        placed = cur if held else table.trick(m.trick)
        which = None
        if placed is not None and placed.card_of(m.dummy) not in (None, m.wrong) and (m.dummy, m.wrong) in placed.plays:
            which = m.wrong
        table = table.replace_card(m.trick, m.dummy, m.designated, card=which)
    wrong, designated = m.wrong.text, m.designated.text
    step = Step(
        "TD",
        StepKind.FORCED,
        rs.cite("45D1"),
        f"{text}dummy's {wrong} goes back to dummy and {designated}, the card "
        f"{'the defenders' if m.clause == '46B5' else 'declarer'} designated, is played; "
        "no penalty card (48A)",
        (rs.cite("48A"), *((rs.cite("46B"),) if m.meant else ())),  # 46B intro: incontrovertible intention
        f"dummy placed {wrong}, declarer had designated {designated}",
        f"{designated} played",
    )
    rest = node.agenda[1:]
    trick = table.trick(m.trick)
    assert trick is not None
    left = _sides_left_to_the_revoke_correction(table, m)  # (read once for both below)
    later = _left_to_the_revoke_correction(later, left)
    led = trick.suit_led
    revokes = trick.plays[0][0] is not m.dummy and led is not None and m.designated.suit is not led and any(
        c.suit is led for c in table.hand(m.dummy))
    # (dummy's card replaced, before the cards after it may be taken back: what waits for the
    # trick as corrected is ruled there, Opening.pauses; with no card after dummy's error, a
    # lead that ruling places is the one card 45D1 reaches)
    leaders = _leaders(left)
    cascade = MisplayCascade(m, later, 0, (), revokes, _Shared(leaders))
    forced = _forced_replacements(rs, table, cascade, trick) if task.pause and later and trick.plays[0][0] is m.dummy else ()
    if not task.pause:
        # (nothing on this record may wait for the pause: every card in playing order)
        agenda = (cascade, *rest) if later else rest
    elif forced:
        # (dummy's replaced card leads another suit: where something waits for the pause, the
        # cards that no longer follow it are replaced first, as part of the correction, and the
        # pause comes after them: the trick as corrected there is a lawful trick, whose winner
        # is the one the options start from; where nothing does, every card is taken in
        # playing order, the replacements with the options, their alike substitutes grouped)
        agenda = (IfWaiting(m.trick, (MisplayCascade(m, later, forced[0], (), revokes, cascade.shared, forced, True),),
                            (cascade,)), *rest)
    else:
        agenda = ((CorrectionMade(m.trick), cascade, *rest) if later
                  else (CorrectionMade(m.trick, cascade, leaders), *rest))
    if revokes:
        # The designated card fails to follow suit while dummy holds the suit led: a revoke by
        # dummy (61A), not established (no card has been played after it), so it is corrected
        # at once under 62 (the shared task CorrectRevoke: declarer substitutes a lawful card for
        # dummy, 62B2: no penalty card); the cards played after the error are then taken by
        # the 45D1 cascade, which 62C1/62C2 also permit.
        assert led is not None
        agenda = (CorrectRevoke(Revoke(m.dummy, m.trick, m.designated, led), ()), *agenda)
    return [(step, _child(node, table, agenda))]


def _forced_replacements(rs: RuleSet, table: TableState, task: MisplayCascade, trick: Trick) -> tuple[int, ...]:
    """The positions of ``task.later`` on the corrected trick ``trick`` whose player must
    replace his card, whoever changes before him (it no longer follows the suit dummy's
    designated card leads, 44C; declarer's, a revoke corrected at once, 62): his choices
    offer no keep (:func:`_choices`)."""
    m = task.misplay
    return tuple(i for i, (n, seat, _) in enumerate(task.later)
                 if n == m.trick and _choices(rs, table, MisplayCascade(m, task.later, i, (), task.revoke, task.shared), trick, False,
                                              _next_lead(rs, table, m, seat)).keep is None)


def _onward(task: MisplayCascade, changed: tuple[Seat, ...], rest: tuple[object, ...],
            later: tuple[LaterPlay, ...] | None = None) -> tuple[object, ...]:
    """The agenda once the card ``task.later[task.index]`` is ruled (``changed``: the seats
    that have changed their card so far; ``later``: the cards still to rule, when a ruling
    took some away): the next forced replacement, or after the last of them the pause
    (``CorrectionMade``) and then the options of the cards not replaced; or the next of
    those options."""
    later = task.later if later is None else later
    forced = task.forced
    if not forced:  # (every card in playing order)
        nxt = task.index + 1
        return (MisplayCascade(task.misplay, later, nxt, changed, task.revoke, task.shared), *rest) if nxt < len(later) else rest
    m = task.misplay
    if task.before_pause:
        k = forced.index(task.index) + 1
        if k < len(forced):
            return (MisplayCascade(m, later, forced[k], changed, task.revoke, task.shared, forced, True), *rest)
        first = _unforced(forced, 0, len(later))
        main = MisplayCascade(m, later, first, changed, task.revoke, task.shared, forced)
        # (a penalty card the ruling at the pause makes was one from when it was shown, before
        # the replacements made ahead of the pause: they are plays made after it, 50D1, 50C)
        bound = Holds(_replaced_under_penalty_cards, (m.trick, tuple(later[i][1] for i in forced)), m.trick,
                      _other_replacements, _replacement_bound)
        if first < len(later):
            return (CorrectionMade(m.trick), bound, main, *rest)
        # (no option left: a lead the ruling at the pause places is the one card 45D1 reaches)
        return (CorrectionMade(m.trick, main, task.shared.leaders), bound, *rest)
    nxt = _unforced(forced, task.index + 1, len(later))
    return (MisplayCascade(m, later, nxt, changed, task.revoke, task.shared, forced), *rest) if nxt < len(later) else rest


def _replaced_under_penalty_cards(table: TableState, trick_no: int, seats: tuple[Seat, ...]) -> bool:
    """Whether each card ``seats`` played to the corrected trick ``trick_no`` in place of one
    that no longer followed suit, before the pause (``MisplayCascade.before_pause``), obeys
    the penalty cards its player has once the pause is ruled: a card exposed between tricks
    that the trick as corrected makes a penalty card (49) is one from when it was shown, and
    his replacement, chosen at attention, is a play made after it (50D1(a): a major one he
    could play there must be the card played; 50C: a minor one bars his other cards of its
    suit below honour rank). A replacement that breaks that is no play the director lets
    him make: the restoration is not lawful (docs/decisions.md)."""
    trick = table.trick(trick_no)
    if trick is None:
        return True
    for seat in seats:
        pcs = table.penalty_cards_of(seat)
        card = trick.card_of(seat)
        if pcs and card is not None and card not in lawful_cards(table.hand(seat) | {card}, trick.suit_led, pcs):
            return False
    return True


def _other_replacements(table: TableState, trick_no: int, seats: tuple[Seat, ...]
                        ) -> tuple[tuple[Seat, tuple[TableState, ...]], ...]:
    """For each of ``seats`` (as :func:`_replaced_under_penalty_cards` reads them) with
    another lawful card to the corrected trick ``trick_no`` than the one he replaced with
    (44C, the penalty cards this table holds), the tables each such card leaves in its
    place, the other cards as they stand: his other courses before the pause (the engine
    rules the pause on them, ``Holds.others``)."""
    trick = table.trick(trick_no)
    if trick is None:
        return ()
    out: list[tuple[Seat, tuple[TableState, ...]]] = []
    for seat in seats:
        card = trick.card_of(seat)
        if card is None:
            continue
        others = [c for c in lawful_cards(table.hand(seat) | {card}, trick.suit_led, table.penalty_cards_of(seat)) if c != card]
        if others:
            out.append((seat, tuple([table.with_cards(((trick_no, seat, c),)) for c in others])))
    return tuple(out)


def _replacement_bound(table: TableState, barred: TableState, seat: Seat, trick_no: int, seats: tuple[Seat, ...]) -> Step | None:
    """The step that says ``seat``'s replacement on the corrected trick ``trick_no`` of
    ``table`` was the one course left him: each other card he could play there would have
    left the card he played a penalty card from when it was shown, between tricks (49;
    ``barred``: such a course as the ruling at the pause left it), which that replacement,
    a play made after it, must obey (50D1(a): a major one is played at the first legal
    opportunity; 50C: a minor one bars his lower cards of its suit). None when his card is
    no such penalty card there. (49, 50C and 50D1(a) are the same clauses in the 2007 and
    2017 Laws.)"""
    del seats
    trick, other = table.trick(trick_no), barred.trick(trick_no)
    card = trick.card_of(seat) if trick is not None else None
    pc = next((p for p in barred.penalty_cards_of(seat) if p.card == card), None)
    if card is None or pc is None:
        return None
    major = pc.kind is PenaltyKind.MAJOR
    instead = other.card_of(seat) if other is not None else None
    kind = "major" if major else "minor"
    rule = "50D1(a): played at the first legal opportunity" if major else "50C: no lower card of its suit but an honour"
    return Step("TD", StepKind.FORCED, "49",
                f"{seat}'s replacement is {card.text}: with any other lawful card ({instead.text if instead is not None else 'another'} "
                f"say) {card.text} would be a {kind} penalty card from when it was shown (49), which his replacement, a play "
                f"made after it, must obey ({rule})",
                ("50D1(a)" if major else "50C",),
                f"{seat} exposed {card.text} between tricks: any other replacement leaves it a {kind} penalty card",
                f"{card.text} bound")


def _unforced(forced: tuple[int, ...], start: int, end: int) -> int:
    """The first position from ``start`` that is not in ``forced`` (``end`` when none is)."""
    i = start
    while i < end and i in forced:
        i += 1
    return i


def _left_to_the_revoke_correction(later: tuple[LaterPlay, ...], left: frozenset[Side]) -> tuple[LaterPlay, ...]:
    """The cards played after dummy's error (``later``), less those a revoke correction to
    come also reaches (the sides ``left``, :func:`_sides_left_to_the_revoke_correction`): a
    card of the non-offending side of a revoke made before dummy's error (a revoke
    after it is this ruling's own, ``_own_revokes``), not established on the corrected table
    (63A1), the suit led as it was. The revoke rules, opened on the table this ruling
    leaves, let its player withdraw it (62C1) at his turn after the revoker's correction, and
    withdraw it (44G) when it is a lead its leader no longer makes: 45D1's option (a defender's;
    declarer's only when his right-hand opponent changed) is that same choice or a narrower
    one, so it is offered once, there, not also here (docs/decisions.md)."""
    return tuple(p for p in later if p[1].side not in left) if left else later


def _sides_left_to_the_revoke_correction(table: TableState, m: AnyMisplay) -> frozenset[Side]:
    """The sides whose cards played after dummy's error the revoke correction to come also
    reaches (:func:`_left_to_the_revoke_correction`): the non-offending side of each revoke
    made before dummy's error on the misplayed trick, not established (read last, the other
    tests being cheaper)."""
    # (only a revoke on the misplayed trick can come before dummy's error there)
    revokes = [r for r in table.revokes if r.trick == m.trick and r.rule is None and r.failed is None]
    if not revokes:
        return frozenset()
    trick = table.trick(m.trick)
    if trick is None:
        return frozenset()
    order = [s for s, _ in trick.plays]
    # (every card after dummy's error comes after such a revoke; a lead to the next trick by
    # a player who also played to the trick after the revoke too: that led card is no
    # substitute of his there, as in the revoke rules' own cascade, docs/decisions.md)
    return frozenset(r.seat.side.other for r in revokes if trick.suit_led is r.suit_led and r.seat in order
                     and order.index(r.seat) < order.index(m.dummy) and not table.is_established(r))


def _leaders(left: frozenset[Side]) -> frozenset[Seat] | None:
    """The seats whose lead to the trick after the misplayed one, placed by a ruling at the
    pause of the correction (45C1), 45D1 reaches: None (any) but where a revoke correction to
    come reaches some (the sides ``left``, :func:`_sides_left_to_the_revoke_correction`)."""
    return frozenset(s for s in Seat if s.side not in left) if left else None


def _next_lead(rs: RuleSet, table: TableState, m: AnyMisplay, seat: Seat) -> Card | None:
    """The card ``seat`` led to the trick after the misplayed one, standing there alone (the
    45D1 window is still open), when the rule set counts it as his for following suit to
    the corrected trick (switch ``misplay_next_lead_counts_as_held``): he held it when he
    played to the misplayed trick (see :func:`_lawful_now`)."""
    if not rs.decisions.misplay_next_lead_counts_as_held:
        return None
    nxt = table.trick(m.trick + 1)
    if nxt is None or len(nxt.plays) != 1 or nxt.plays[0][0] is not seat:
        return None
    return nxt.plays[0][1]


def _lawful_now(table: TableState, trick: Trick, seat: Seat, card: Card,
                lead: Card | None = None, restored: PenaltyCard | None = None) -> tuple[bool, tuple[Card, ...]]:
    """Is ``card`` (standing for ``seat`` on ``trick``) lawful to the corrected trick, and
    which other cards could he lawfully substitute (44C, 50C, 50D1)?

    ``lead``: his lead to the next trick (:func:`_next_lead`). It stands on the table while
    the trick is corrected and is not among his substitutes, but when it is the only card
    of the suit now led that he held, he must follow suit with it (44C): his card is then
    not lawful and the lead is his one substitute (it goes back from the next trick)."""
    led = trick.suit_led if trick.position_of(seat) != 0 else None
    hand = table.hand(seat) | {card}
    if lead is not None and led is not None and lead.suit is led and not any(c.suit is led for c in hand):
        return False, (lead,)
    # (the obligations are judged on his whole hand, the card included: the substitutes are
    # the lawful cards but that one, in the same order)
    pcs = table.penalty_cards_of(seat)
    # (a penalty card he played goes back to being one when withdrawn: it obliges his substitute, 50D1(a), 50C)
    # (his lead: a lead restriction in force comes before a major penalty card, 50D1(b))
    required, forbidden = lead_rule_args(table, trick.number, seat) if led is None else (None, None)
    lawful = lawful_cards(hand, led, with_restored(pcs, restored) if restored is not None else pcs, frozenset(), required, forbidden)
    subs = tuple([c for c in lawful if c != card])
    # (his card obeyed the penalty cards made before he played it, each of the kind it then
    # had: one made after it, a card he exposed between tricks say, obliges his next play,
    # his substitute, 50D1, 50C, not the card he played before it, PenaltyCard.since)
    at = next((i for i, (n, s, c) in enumerate(table.plays()) if n == trick.number and s is seat and c == card),
              None) if pcs else None
    if at is not None and any(p.since > at or p.major_from > at for p in pcs):
        then = frozenset([p.as_at(at) for p in pcs if p.since <= at])
        lawful = lawful_cards(hand, led, with_restored(then, restored) if restored is not None else then, frozenset(), required,
                              forbidden)
    return card in lawful, subs


def _followed_before(table: TableState, trick: Trick, m: Misplay, seat: Seat, card: Card, lead: Card | None = None) -> bool:
    """Did ``card`` follow suit (44C) to the trick as it stood before dummy's wrong card was
    replaced? Only a wrong card that was the lead changes the suit led. ``lead``: his lead
    to the next trick, counted as his (:func:`_next_lead`)."""
    if trick.plays and trick.plays[0][0] is seat:
        return True  # his own lead
    led = m.wrong.suit if trick.plays and trick.plays[0][0] is m.dummy and trick.number == m.trick else trick.suit_led
    hand = table.hand(seat) | {card}
    if lead is not None:
        hand = hand | {lead}
    return led is None or card.suit is led or not any(c.suit is led for c in hand)


def misplay_cascade(rs: RuleSet, node: Node, task: object) -> list[Edge | Substitutions]:
    """45D1: each defender may withdraw a card played after the error (no penalty card);
    declarer may withdraw his later card to the trick only if his RHO changed; a lead to the
    next trick may be retracted (44G: must be, when its leader no longer won the trick).
    After a designated card's revoke was corrected (62B) the same changes are also those
    62C1 (a defender) and 62C2 (declarer) permit, cited as well.

    The branches of one correction ask each later player the same question: his choices
    (the steps and his lawful substitutes) are worked out once per correction, by what they
    depend on (:func:`_choices`, :func:`_lead_choices`), and only the tables and nodes are
    made per branch."""
    assert isinstance(task, MisplayCascade)
    m = task.misplay
    table = node.table
    if not task.index or (task.forced and not task.before_pause):
        task = _with_lead_placed_since(table, task)
    later = task.later
    index = task.index
    trick_no, seat, card = later[index]
    rest = node.agenda[1:]
    shared = task.shared
    trick = table.trick(trick_no)
    assert trick is not None and (seat, card) in trick.plays
    ledger, findings, restrictions, established, focus = node.ledger, node.findings, node.restrictions, node.established, node.focus
    if trick_no != m.trick:
        corrected = table.trick(m.trick)
        assert corrected is not None
        winner = corrected.winner(table.contract.strain.trumps)
        fixed = establishes_own_revoke(table, seat, card, m.trick)
        # (the penalty card his lead was when he led it: a ruling at the pause may have made it one)
        key: tuple[object, ...] = (index, winner, trick.plays, fixed, table.played_penalty_card(seat, card))
        lead = shared.leads.get(key)
        if lead is None:
            lead = shared.leads[key] = _lead_choices(rs, table, task, trick, winner, fixed)
        edges: list[Edge | Substitutions] = []
        for step, retract in lead.steps:
            if retract:
                t = table.withdraw_trick(trick_no, restore_penalty=lead.restore)
                edges.append((step, Node(t, rest, with_entries(ledger, lead.infos), findings, restrictions, established, focus)))
            else:
                t = table
                if not fixed and (table.put_down_before(trick_no, seat, card) is not None
                                  or table.played_out_of_turn(trick_no, seat, card) is not None):
                    t = table.with_lead_as_it_stands(trick_no, seat, winner)
                edges.append((step, Node(t, rest, ledger, findings, restrictions, established, focus)))
        return edges

    declarer = table.declarer
    rho_changed = seat is declarer and declarer.rho in task.changed
    # (his right-hand opponent's option comes after the pause: declarer's card, which no
    # longer follows suit, is replaced before it whatever he then does)
    pending = seat is declarer and task.before_pause and not rho_changed and any(
        s is declarer.rho and n == trick_no and i not in task.forced for i, (n, s, _) in enumerate(later))
    own_lead = _next_lead(rs, table, m, seat)
    key = (index, table.masks[seat.index], table.penalty_cards, trick.plays[0], rho_changed, own_lead, pending)
    choices = shared.choices.get(key)
    if choices is None:
        choices = shared.choices[key] = _choices(rs, table, task, trick, rho_changed, own_lead, pending)
    out: list[Edge | Substitutions] = []
    if choices.keep is not None:
        kept = _onward(task, task.changed, rest)
        out.append((choices.keep, Node(table, kept, ledger, findings, restrictions, established or choices.established, focus)))
    if choices.change:
        changed = _onward(task, (*task.changed, seat), rest)
        after = with_entries(ledger, (choices.info,))
        if own_lead is not None and own_lead in choices.subs:
            out.extend(_with_lead_played_here(rs, node, task, choices, own_lead, after))
            return out
        n = len(choices.subs)
        # (a replacement made before the pause is ruled apart: the positions before it come
        # after the pause, and the pause reads the whole trick)
        classes = (None if task.before_pause else (0,) * n if len(changed) == 1
                   else _alike(later[index + 1:], trick, seat, choices.subs, table.trumps, rest))
        if n > 1 and classes is not None and len(set(classes)) < n:
            # the substitutes as one group, ruled once for each class (the last item)
            group = Substitutions(table, trick_no, seat, choices.subs, choices.change,
                                  Node(table, changed, after, findings, restrictions, established, focus), choices.restore,
                                  classes=classes)
            out.append(group)
            return out
        tables = table.substitutes(trick_no, seat, choices.subs, restore_penalty=choices.restore)
        for step, t2 in zip(choices.change, tables, strict=True):
            out.append((step, Node(t2, changed, after, findings, restrictions, established, focus)))
    return out


def _with_lead_placed_since(table: TableState, task: MisplayCascade) -> MisplayCascade:
    """``task`` with the cards of the next trick on ``table`` when it has none of that trick's:
    a lead a ruling made inside this correction placed there (a card exposed between tricks
    that the corrected trick made its player's lead, 45C1), a card played after dummy's error
    and before attention, which 45D1 reaches as it reaches a lead the record played; not a
    lead the revoke correction to come reaches instead (``_Shared.leaders``)."""
    number = task.misplay.trick + 1
    nxt = table.trick(number)
    leaders = task.shared.leaders
    if (nxt is None or not nxt.plays or any(p[0] == number for p in task.later)
            or (leaders is not None and nxt.plays[0][0] not in leaders)):
        return task
    return MisplayCascade(task.misplay, (*task.later, *((number, s, c) for s, c in nxt.plays)), task.index, task.changed,
                          task.revoke, task.shared, task.forced)


def _with_lead_played_here(rs: RuleSet, node: Node, task: MisplayCascade, choices: _Choices, lead: Card,
                           after: tuple[Info, ...]) -> list[Edge]:
    """The later player ``task.later[task.index]`` follows suit to the corrected trick with
    ``lead``, his lead to the next trick and his one lawful card (:func:`_lawful_now`): that
    lead goes back to his hand first (the next trick is withdrawn: its one card, which tells
    what any withdrawn card does, 16C), and no later task reads it."""
    m, later, index = task.misplay, task.later, task.index
    trick_no, seat, _ = later[index]
    assert choices.subs == (lead,)
    table = node.table
    t = table.withdraw_trick(m.trick + 1, restore_penalty=choices.restore)
    t = t.substitutes(trick_no, seat, (lead,), restore_penalty=choices.restore)[0]
    without = tuple(p for p in later if p[0] != m.trick + 1)  # (the next trick's card is gone)
    agenda = _onward(task, (*task.changed, seat), node.agenda[1:], without)
    ledger = with_entries(after, (rs.withdrawn_info(seat, lead, table.declaring_side, table),))
    return [(choices.change[0], Node(t, agenda, ledger, node.findings, node.restrictions, node.established, node.focus))]


def _alike(after: tuple[LaterPlay, ...], trick: Trick, seat: Seat, subs: tuple[Card, ...], trumps: Suit | None,
           rest: tuple[object, ...]) -> tuple[int, ...] | None:
    """Which of ``seat``'s substitutes ``subs`` leave the rest of the cascade (the positions
    ``after``) the same ruling with their own card in place, as ``Substitutions.classes``
    (None: each is ruled apart). A later card to the corrected trick ``trick`` reads its
    player's hand and card, the card led to the trick, the penalty cards in force and who
    changed before him; a lead to the next trick reads who won the corrected trick (44G),
    the leader's card there and its trick's cards. The substitutes change none of these
    when the seat plays no later card to the corrected trick (his card never leads it: the
    later cards are those after dummy's; he may lead the next trick, which reads his card
    there, not his hand): then all are alike, but when a later position is such a lead:
    then those a card placed before his beats are alike (``Trick.beaten_before``: none of
    them can win the trick and no later step changes that card, so who won it is the same
    for each), and each other is ruled apart. No substitute is a penalty card: the engine
    requires that of any group it builds from its first child. After the cascade only the
    engine's task may follow (no other rule reads the table)."""
    if len(rest) != 1:
        return None
    number = trick.number
    lead = False  # a later position is a lead to the next trick
    for n, s, _ in after:
        if n != number:
            lead = True
        elif s is seat:
            return None
    if not lead:
        return (0,) * len(subs)
    return classes_where(trick.beaten_each(seat, subs, trumps))


def _choices(rs: RuleSet, table: TableState, task: MisplayCascade, trick: Trick, rho_changed: bool,
             lead: Card | None = None, pending: bool = False) -> _Choices:
    """45D1 (with 44C; 62 for declarer's card that must stay but revokes) for the later
    card ``task.later[task.index]`` in the corrected trick ``trick``; ``rho_changed``: the
    player is declarer and his right-hand opponent changed his card; ``lead``: his lead to
    the next trick, counted as his (:func:`_next_lead`); ``pending``: the player is declarer,
    whose card is replaced before the pause (``MisplayCascade.before_pause``) and his
    right-hand opponent's option after it."""
    m = task.misplay
    _, seat, card = task.later[task.index]
    info = rs.withdrawn_info(seat, card, table.declaring_side, table)
    actor = rs.actor(table, seat)
    d = rs.cite("45D1")
    extra: tuple[str, ...] = ()
    if task.revoke:
        extra = (rs.cite("62C1") if table.is_defender(seat) else rs.cite("62C2"),)
    stays = rs.decisions.withdrawn_penalty_card_stays_penalty
    restored = table.played_penalty_card(seat, card) if stays and rs.decisions.restored_penalty_card_binds_substitute else None
    ok, subs = _lawful_now(table, trick, seat, card, lead, restored)
    defender = table.is_defender(seat)
    who, his = seat._name_, card.text  # (what str() gives, without a __format__ per value)

    # several penalty cards due: declarer designates the one played (51A)
    named, designated = penalty_card_designation(subs, table.penalty_cards_of(seat), rs.cite("51A"))

    back = f" (his lead of it to trick {trick.number + 1} goes back to be played here)" if lead is not None else ""

    if not ok and not _followed_before(table, trick, m, seat, card, lead):
        by = establishing_play_of(table, seat, trick.number, card)
        if by is not None:
            # his card failed to follow suit whatever dummy played: a revoke of his own, and
            # established by his side's play to the next trick before attention (63A1): no
            # law corrects it now (63B), 45D1's withdrawals included; it is counted after play
            q = f"did {who} revoke on trick {trick.number}, whatever dummy played?"
            kept = Step(actor, StepKind.FORCED, rs.cite("63A1"),
                         f"{who}'s {his} failed to follow suit to the trick both as dummy placed it and as corrected: his own "
                         f"revoke, established when {by[0]._name_} played {by[1].text} to trick {trick.number + 1}; "
                         "it stands (63B) and is counted after play (64)", (rs.cite("61A"), rs.cite("63B"), d), q, "established")
            return _Choices(kept, (), (), stays, info, established=True)
    must_change = not ok and rs.decisions.misplay_unlawful_kept_card_must_change and bool(subs)
    if must_change and defender and not rs.decisions.misplay_own_revoke_withdrawal_forced:
        # his card failed to follow suit to the trick as it stood too: a revoke of his own,
        # which 45D1 lets him take back (or it stays a revoke for the revoke rules)
        must_change = _followed_before(table, trick, m, seat, card, lead)
    if must_change and defender and not _followed_before(table, trick, m, seat, card, lead):
        # his card failed to follow suit to the trick as it stood too: a revoke of his own,
        # which 45D1 takes back with dummy's error, without rectification (the switch
        # ``misplay_own_revoke_withdrawal_forced``): it never followed suit
        question = (f"{who}'s {his} failed to follow suit both as dummy placed the trick and as corrected, a revoke of his "
                    f"own ({rs.cite('61A')}): it is taken back with dummy's error under {d}, without rectification; he "
                    "must withdraw it and play a lawful card")
        changes = _change_steps(rs, table, seat, card, subs, lead, question, d, (rs.cite("61A"), rs.cite("44C")), StepKind.FORCED,
                                actor=actor, info=info, extra=extra, stays=stays, named=named, designated=designated,
                                back=back)
        return _Choices(None, changes, subs, stays, info)
    if must_change and not defender and not _followed_before(table, trick, m, seat, card, lead):
        # declarer's card failed to follow suit whatever dummy played: a revoke of his own
        # (61A), not one dummy's error made, corrected at once (62A; 62B2: no penalty card)
        # whether or not his right-hand opponent changed his card
        q = (f"{who}'s {his} failed to follow suit both as dummy placed the trick and as corrected, a revoke of his own "
             f"({rs.cite('61A')}): he must correct it")
        also = (rs.cite("61A"), rs.cite("62A"), rs.cite("62B2"), d, info.ai_clause, info.ui_clause, *extra)
        steps = tuple(Step(actor, StepKind.FORCED, rs.cite("62B"), f"{who}'s {his} is his own revoke: he withdraws it and "
                           f"plays {sub.text}; no penalty card (62B2)", also, q, f"change to {sub.text}") for sub in subs)
        return _Choices(None, steps, subs, True, info)
    if must_change and not defender and pending:
        # (replaced before his right-hand opponent's option, ruled after the pause: under
        # 45D1 if he then changes, otherwise as a revoke corrected at once, 62A, 62B2)
        rho = table.declarer.rho._name_
        q3 = (f"{who}'s {his} no longer follows suit to the corrected trick: he must withdraw it and play a lawful card, "
              f"under {d} if {rho} changes his card, otherwise as a revoke corrected at once")
        also = (d, rs.cite("62A"), rs.cite("62B"), rs.cite("62B2"), info.ai_clause, info.ui_clause, *extra)
        steps = tuple(Step(actor, StepKind.FORCED, rs.cite("44C"), f"{who} withdraws {his} and plays {sub.text}; no penalty "
                           "card (48A, 62B2)", also, q3, f"change to {sub.text}") for sub in subs)
        return _Choices(None, steps, subs, True, info)
    if must_change and (defender or rho_changed):
        question = f"{who}'s {his} no longer follows suit to the corrected trick: he must withdraw it and play a lawful card"
        changes = _change_steps(rs, table, seat, card, subs, lead, question, rs.cite("44C"), (d,), StepKind.FORCED,
                                actor=actor, info=info, extra=extra, stays=stays, named=named, designated=designated,
                                back=back)
        return _Choices(None, changes, subs, stays, info)

    keep_text = f"{who} keeps {his}" + ("" if ok else " (it now fails to follow suit: a revoke, not ruled here)")
    if defender:
        question = f"{who} (defender) may withdraw {his}, played after dummy's error, and play another card (no penalty card)"
        keep = Step(actor, StepKind.OPTION, d, keep_text, extra, question, "keep")
        changes = _change_steps(rs, table, seat, card, subs, lead, question, d, (), StepKind.OPTION,
                                actor=actor, info=info, extra=extra, stays=stays, named=named, designated=designated,
                                back=back)
        return _Choices(keep, changes, subs, stays, info)

    rho = table.declarer.rho._name_
    question = f"{who} (declarer) may withdraw {his} only if his right-hand opponent {rho} changed his card"
    if not rho_changed and not ok and rs.decisions.misplay_unlawful_kept_card_must_change and subs:
        # 45D1 gives declarer no change here, but his card now fails to follow suit while he
        # holds the suit led: a revoke, not established, corrected at once (62A, 62B2: no
        # penalty card); DIGEST 45D1 edge case "presumably 62 then applies".
        q2 = f"{who} may not change {his} under {rs.cite('45D1')} ({rho} did not change), but it no longer follows suit"
        also = (d, rs.cite("62A"), rs.cite("62B2"), rs.cite("44C"), info.ai_clause, info.ui_clause, *extra)
        steps = tuple(Step(actor, StepKind.FORCED, rs.cite("62B"), f"{who}'s {his} is a revoke in the corrected trick: he "
                           f"withdraws it and plays {sub.text}; no penalty card (62B2)", also, q2, f"change to {sub.text}")
                      for sub in subs)
        return _Choices(None, steps, subs, True, info)
    if not rho_changed:
        leave = Step(actor, StepKind.FORCED, d, f"{who} must leave {his}: {rho} did not change his card", extra, question,
                     "must leave it")
        return _Choices(leave, (), (), stays, info)
    keep = Step(actor, StepKind.OPTION, d, keep_text, extra, question, "keep")
    changes = _change_steps(rs, table, seat, card, subs, lead, question, d, (), StepKind.OPTION,
                            actor=actor, info=info, extra=extra, stays=stays, named=named, designated=designated,
                            back=back)
    return _Choices(keep, changes, subs, stays, info)


def _change_steps(rs: RuleSet, table: TableState, seat: Seat, card: Card, subs: tuple[Card, ...], lead: Card | None,
                  question: str, clause: str, also: tuple[str, ...], kind: StepKind, *, actor: str, info: Info,
                  extra: tuple[str, ...], stays: bool, named: str, designated: tuple[str, ...], back: str) -> tuple[Step, ...]:
    """45D1: the steps of ``seat``'s withdrawal of ``card`` (``actor`` acting for him), one for
    each lawful substitute in ``subs`` (``lead``: his lead to the next trick, which goes back
    to be played here, said by ``back``): what the card withdrawn tells (``info``, 16C), the
    revoke clauses (``extra``), whether a penalty card withdrawn stays one (``stays``) and
    the 51A designation of a penalty card played (``named``, ``designated``)."""
    who, his = seat._name_, card.text
    fate = no_penalty_card(table, seat, card, stays) if table.is_defender(seat) else \
        f"{his} goes back to his hand, no penalty card (48A)"
    head = f"{who} withdraws {his} and plays "
    cites = (*also, info.ai_clause, info.ui_clause, *extra, *designated)
    # (a penalty card of his played as his substitute: the law that makes him play it)
    pcs = table.penalty_cards_of(seat)
    if not pcs:
        return tuple([Step(actor, kind, clause, f"{head}{sub.text}{named}{back if sub == lead else ''}; {fate}", cites,
                           question, f"change to {sub.text}") for sub in subs])
    due = {p.card: rs.cite("50D1(a)" if p.kind is PenaltyKind.MAJOR else "50C") for p in pcs}
    return tuple(Step(actor, kind, clause, f"{head}{sub.text}{named}{back if sub == lead else ''}; {fate}",
                      cites if sub not in due else (*cites, due[sub]), question, f"change to {sub.text}")
                 for sub in subs)


def _lead_choices(rs: RuleSet, table: TableState, task: MisplayCascade, trick: Trick, winner: Seat | None,
                  fixed: bool = False) -> _LeadChoices:
    """The lead to the trick after the misplayed one (45D1 commentary; 44G), ``winner``
    having won the corrected trick; ``fixed``: the lead established his side's revoke on
    the misplayed trick, which stands (63B), and so does the lead."""
    m = task.misplay
    trick_no, seat, card = task.later[task.index]
    info = rs.withdrawn_info(seat, card, table.declaring_side, table)
    actor = rs.actor(table, seat)
    extra: tuple[str, ...] = ()
    if task.revoke:
        extra = (rs.cite("62C1") if table.is_defender(seat) else rs.cite("62C2"),)
    # dummy's cards are faced: nothing to learn from their withdrawal (16C)
    infos = tuple(rs.withdrawn_info(s, c, table.declaring_side, table) for s, c in trick.plays if s is not table.dummy)
    restore = rs.decisions.withdrawn_penalty_card_stays_penalty
    who, his = seat._name_, card.text
    question = f"{who}'s lead of {his} to trick {trick_no}, made after dummy's error"
    early = table.put_down_before(trick_no, seat, card)
    if early is not None and not fixed:
        return _early_lead_choices(rs, table, task, winner, early, info, extra, infos, restore)
    if winner is not None and winner is not seat and table.played_out_of_turn(trick_no, seat, card) is not None and not fixed:
        # made out of turn as the trick then stood, and out of turn still: no lead made in
        # turn that the change of the trick's winner sends back (44G), but a card played
        # after dummy's error, ruled as it stands (53A, 55A, 56) unless its player takes it
        # back under 45D1
        return _early_lead_choices(rs, table, task, winner, (), info, extra, infos, restore, made_out_of_turn=True)
    if winner is not None and winner is not seat:
        step = Step("TD", StepKind.FORCED, rs.cite("44G"),
                    f"{who}'s lead of {his} is withdrawn: {winner._name_} won the corrected trick {m.trick} and leads",
                    (rs.cite("45D1"), info.ai_clause, info.ui_clause, *extra), question, "withdrawn")
        return _LeadChoices(((step, True),), infos, restore)
    if fixed:  # (as the revoke rules do: a lead 44G withdraws goes, one its leader may withdraw stays)
        # (on trick 12 the established revoke is corrected all the same until the hands are
        # back in the board, 62D1: the revoke rules rule that after this step)
        fate = (f"a revoke on trick {m.trick} is corrected all the same ({rs.cite('62D1')})" if m.trick == 12
                else "which can no longer be corrected")
        step = Step(actor, StepKind.FORCED, rs.cite("63B"),
                    f"{who}'s lead of {his} stays: it established his side's revoke on trick {m.trick}"
                    + (f"; {fate}" if m.trick == 12 else f", {fate}"),
                    (rs.cite("63A1"), rs.cite("45D1"), *extra, *((rs.cite("62D1"),) if m.trick == 12 else ())), question, "stays")
        return _LeadChoices(((step, False),), infos, restore)
    may = table.is_defender(seat) or rs.decisions.misplay_declaring_side_may_retract_next_lead
    if not may:
        step = Step(actor, StepKind.FORCED, rs.cite("45D1"), f"{who}'s lead of {his} stands", extra, question, "stands")
        return _LeadChoices(((step, False),), infos, restore)
    d = rs.cite("45D1")
    return _LeadChoices((
        (Step(actor, StepKind.OPTION, d, f"{who} keeps his lead of {his}", extra, question, "keep"), False),
        (Step(actor, StepKind.OPTION, d, f"{who} withdraws his lead of {his} and will lead again; {no_penalty_card(table, seat, card, restore)}",
              (info.ai_clause, info.ui_clause, *extra), question, "withdraw"), True),
    ), infos, restore)


def _early_lead_choices(rs: RuleSet, table: TableState, task: MisplayCascade, winner: Seat | None, after: tuple[Seat, ...],
                        info: Info, extra: tuple[str, ...], infos: tuple[Info, ...], restore: bool,
                        made_out_of_turn: bool = False) -> _LeadChoices:
    """The lead to the trick after the misplayed one put down before that trick was complete
    (``TableState.put_down_early``; ``after``: the seats whose cards to it came after the
    lead). It was never a lead made in turn once the trick was complete, so no change of the
    trick's winner sends it back (44G): kept, it stands as made, ruled as it stands on the
    corrected trick (``TableState.with_lead_as_it_stands``: a premature lead, 57A, when the leader's partner
    had not played; else in turn when its leader won the corrected trick, out of turn
    otherwise, 53A, 55A, 56). 45D1 reaches the cards played after dummy's error: a lead put
    down after dummy's card is one, which a defender may withdraw (no penalty card) or keep;
    one put down before dummy's card is none, and stays. ``made_out_of_turn``: a lead made
    once that trick was complete, out of turn as the trick then stood (its player did not
    win it as placed) and out of turn still (he did not win it as corrected): no lead made in
    turn either, ruled the same way."""
    m = task.misplay
    trick_no, seat, card = task.later[task.index]
    who, his = seat._name_, card.text
    d = rs.cite("44G")
    question = (f"{who}'s lead of {his} to trick {trick_no}, made out of turn after dummy's error" if made_out_of_turn
                else f"{who}'s lead of {his} to trick {trick_no}, put down before trick {m.trick} was complete")
    won = f"{winner._name_} won the corrected trick {m.trick}" if winner is not None else f"trick {m.trick} is not complete"
    stands = (f"{won}, so it is his lead, in turn" if winner is seat
              else f"{won}, so it is a lead out of turn as it stands, ruled as one")
    if m.dummy in after:
        step = Step("TD", StepKind.FORCED, rs.cite("45D1"),
                    f"{who}'s lead of {his} stays: he put it down before dummy's {m.wrong.text}, so it is no card played "
                    f"after dummy's error; {stands}", (d, *extra), question, "stays")
        return _LeadChoices(((step, False),), infos, restore)
    may = table.is_defender(seat) or rs.decisions.misplay_declaring_side_may_retract_next_lead
    if not may:
        step = Step(rs.actor(table, seat), StepKind.FORCED, rs.cite("45D1"), f"{who}'s lead of {his} stands; {stands}",
                    (d, *extra), question, "stands")
        return _LeadChoices(((step, False),), infos, restore)
    actor = rs.actor(table, seat)
    if made_out_of_turn and winner is not None and restore and table.lead_alone_was_major_penalty_card(trick_no, seat, card):
        # a defender's card that was a major penalty card when he led it, alone on its trick:
        # taken back (45D1), it goes back as that major penalty card, the winner leading;
        # refused by declarer (56), it goes back a major penalty card (50B), the winner
        # leading, 50D read alike. One outcome, offered once: whether the lead stands is
        # declarer's to say (as the revoke rules rule it after a revoke, 62C1; docs/decisions.md)
        step = Step(actor, StepKind.FORCED, rs.cite("45D1"),
                    f"{who}'s lead of {his}, made out of turn after dummy's error, stays as made: {stands}; withdrawing "
                    f"it would leave what declarer's refusal leaves, {his} back in his hand as the major penalty card it "
                    f"was ({rs.cite('50B')}), so whether it stands is declarer's to say",
                    (d, rs.cite("56"), *extra), question, "keep")
        return _LeadChoices(((step, False),), infos, restore)
    leads = (f"{winner._name_} leads to trick {trick_no}" if winner is not None and winner is not seat
             else "he will lead again")
    return _LeadChoices((
        (Step(actor, StepKind.OPTION, rs.cite("45D1"), f"{who} keeps his lead of {his}, put down after dummy's error; {stands}",
              (d, *extra), question, "keep"), False),
        (Step(actor, StepKind.OPTION, rs.cite("45D1"), f"{who} withdraws his lead of {his}, put down after dummy's error; "
              f"{leads}; {no_penalty_card(table, seat, card, restore)}", (info.ai_clause, info.ui_clause, d, *extra),
              question, "withdraw"), True),
    ), infos, restore)



def misplay_stands(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """2017 45D2: too late; the card stands and play is not altered; a failure to follow suit
    it created is a revoke (64A, 64B3, 64B7, 64C1)."""
    assert isinstance(task, MisplayStands)
    m = task.misplay
    step = Step(
        "TD",
        StepKind.FORCED,
        rs.cite("45D2"),
        f"too late to correct: dummy's {m.wrong} stands as played to trick {m.trick} and play is not altered; "
        "a failure to follow suit it created is a revoke",
        question=f"dummy placed {m.wrong}, declarer had designated {m.what}",
        choice="card stands",
    )
    table = node.table
    t = table.trick(m.trick)
    if isinstance(m, Misplay) and t is not None and t.plays and t.plays[0] == (m.dummy, m.wrong):
        table = table.with_misplaced_lead(m.trick, m.wrong)  # (Law 64 reads it: 64C1 for a defender's revoke)
    return [(step, _child(node, table, node.agenda[1:]))]


def misplay_too_late_silent(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """2007 45D: too late, and the law is silent: the cards stand. With the switch
    ``misplay_too_late_designated_card_counts`` on, the card declarer named is the
    card played (45C4(a)): a player who did not follow its suit while able has revoked, and
    the revoke is established (63A1); trick adjustment (64) is outside the ruling."""
    assert isinstance(task, MisplayTooLateSilent)
    m = task.misplay
    counts = rs.decisions.misplay_too_late_designated_card_counts
    text = (f"too late to correct (2007 45D is silent): the cards stand as played to trick {m.trick}"
            + (f"; {m.designated}, the card declarer named, counts as played (45C4(a))"
               if counts and isinstance(m, Misplay) else ""))
    step = Step("TD", StepKind.FORCED, rs.cite("45D1"), text, also=(rs.cite("45C4(a)"),) if counts else (),
                question=f"dummy placed {m.wrong}, declarer had designated {m.what}", choice="card stands")
    reports = tuple(DesignatedRevoke(m, seat, card) for seat, card in task.revokes) if counts and isinstance(m, Misplay) \
        else ()
    return [(step, _child(node, node.table, (*reports, *node.agenda[1:])))]


def choose_designated(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """46B (intro), 46B3(b), 46B4, 46B5 after dummy placed a card: the player the clause names
    designates one of the options (declarer; either defender for 46B5); the card dummy placed
    then stands if it is the one designated, else 45D1 replaces it by the designated card."""
    assert isinstance(task, ChooseDesignated)
    om = task.misplay
    res = om.resolution
    table = node.table
    dummy = om.dummy
    rest = node.agenda[1:]
    if res.chooser == "defenders":
        actor, who = f"{dummy.lho} or {dummy.rho} (either defender designates)", "a defender"
    else:
        actor, who = f"{table.declarer} (declarer designates)", "declarer"
    clause = rs.cite(res.clause)
    also = tuple(dict.fromkeys(rs.cite(c) for c in res.also if rs.cite(c) != clause))
    question = f"after '{om.call.what}' dummy placed {om.wrong}: {res.reason}"
    edges: list[Edge] = []
    if res.chooser != "defenders" and om.wrong in res.options and _designation_left_to_the_revoke_correction(table, om, task.later):
        # (declarer's choice of dummy's card is the revoke correction's, 62C1, offered once
        # there: the card dummy placed stands until then)
        step = Step(actor, StepKind.FORCED, clause, f"{om.wrong}, the card dummy placed, stands for now: dummy's card was "
                    f"played after the defenders' revoke, to be corrected, and declarer's choice of it is offered once, "
                    f"when that revoke is corrected ({rs.cite('62C1')})", also=(*also, rs.cite("62C1")), question=question,
                    choice=str(om.wrong))
        return [(step, _child(node, table, rest))]
    for card in res.options:
        if card == om.wrong:
            step = Step(actor, StepKind.OPTION, clause, f"{who} designates {card}, the card dummy placed: it stands",
                        also=also, question=question, choice=str(card))
            edges.append((step, _child(node, table, rest)))
            continue
        m = Misplay(om.call, om.placed, card, om.wrong, om.trick, dummy, True, res.clause, om.meant)
        step = Step(actor, StepKind.OPTION, clause, f"{who} designates {card}; dummy placed {om.wrong}, so {rs.cite('45D1')} applies",
                    also=(*also, rs.cite("45D1")), question=question, choice=str(card))
        edges.append((step, _child(node, table, (ReplaceDummyCard(m, task.later, task.pause), *rest))))
    return edges


def _designation_left_to_the_revoke_correction(table: TableState, om: OpenMisplay, later: tuple[LaterPlay, ...]) -> bool:
    """Whether declarer's designation among several of dummy's cards (46B3(b), 46B4), dummy
    having placed one of them, is a choice the revoke rules offer him again: a revoke of a
    defender's not established (63A1), made before dummy's card (earlier on its trick, or
    on the trick before it), is corrected at attention, and 62C1 then lets declarer, of the
    non-offending side, change dummy's card to any lawful one, no penalty card. Designating
    another card (45D1 replacing dummy's) and keeping it there, or designating the card
    dummy placed and changing it there, end alike: one choice, offered once, under 62C1
    (docs/decisions.md). Not where a defender played after dummy's card (45D1 would let him
    change his card freely, which 62C2 gives only after a non-offender's change, with a
    penalty card: another course)."""
    if any(seat is not table.declarer for _, seat, _ in later):
        return False
    trick = table.trick(om.trick)
    if trick is None:
        return False
    order = [s for s, _ in trick.plays]
    if om.dummy not in order:
        return False
    for r in table.revokes:
        if r.rule is not None or r.failed is not None or not table.is_defender(r.seat) or table.is_established(r):
            continue
        if r.trick == om.trick - 1 or (r.trick == om.trick and r.seat in order and order.index(r.seat) < order.index(om.dummy)):
            return True
    return False


def later_misplay(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """45D1 for a second misplay still in time (dummy's lead to the next trick, after a call
    that designated another card), ruled after the first correction: the call is resolved
    again on the corrected table (Law 46's resolver); a lead the first correction withdrew
    (44G) takes the misplay with it."""
    assert isinstance(task, LaterMisplay)
    x = task.misplay
    table = node.table
    rest = node.agenda[1:]
    trick = table.trick(x.trick)
    d = rs.cite("45D1")
    question = f"dummy placed {x.wrong} on trick {x.trick} after '{x.call.what}'"
    if trick is None or trick.card_of(x.dummy) != x.wrong:
        step = Step("TD", StepKind.FORCED, d, f"dummy's {x.wrong} is no longer on trick {x.trick} (it went back in the "
                    f"correction of trick {x.trick - 1}): the call '{x.call.what}' is void with it and nothing is left to "
                    "correct", question=question, choice="void")
        return [(step, _child(node, table, rest))]
    pos = trick.position_of(x.dummy)
    assert pos is not None
    at = table.without_trick_after(x.trick - 1)
    if trick.plays[:pos]:
        at = at.play_many(trick.plays[:pos])
    try:
        res = resolve_call(at, x.call, x.meant, rs.decisions.designation_policy())
    except RulingError as err:
        step = Step("TD", StepKind.FORCED, d, f"the call '{x.call.what}' designates no card of dummy's on the corrected "
                    f"table ({err}): {x.wrong} stands", question=question, choice="stands")
        return [(step, _child(node, table, rest))]
    later = _later_plays(table, x)
    if res.deemed == x.wrong:
        step = Step("TD", StepKind.FORCED, d, f"on the corrected table '{x.call.what}' designates {x.wrong}, the card "
                    "dummy placed: it stands", also=(rs.cite(res.clause),), question=question, choice="stands")
        return [(step, _child(node, table, rest))]
    if res.deemed is None:
        om = OpenMisplay(x.call, x.placed, res, x.wrong, x.trick, x.dummy, x.meant)
        choose = ChooseDesignated(om, later, task.pause)
        return choose_designated(rs, _child(node, table, (choose, *rest)), choose)
    m = Misplay(x.call, x.placed, res.deemed, x.wrong, x.trick, x.dummy, True, res.clause, x.meant)
    first = ReplaceDummyCard(m, later, task.pause)
    return replace_dummy_card(rs, _child(node, table, (first, *rest)), first)


@dataclass(frozen=True, slots=True)
class DesignatedRevoke:
    """2007, too late, EBL 2011 reading: ``seat`` failed to follow the designated card."""

    misplay: Misplay
    seat: Seat
    card: Card


def designated_revoke(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """61A/63A1: a failure to follow the designated card's suit is a revoke, established."""
    assert isinstance(task, DesignatedRevoke)
    m = task.misplay
    step = Step("TD", StepKind.FORCED, rs.cite("63A1"),
                f"{task.seat} did not follow to {m.designated} with {task.card} while able: a revoke, established "
                f"(each side has played to trick {m.trick + 1})", also=(rs.cite("61A"), rs.cite("63B")),
                question=f"did {task.seat} revoke on trick {m.trick}?", choice="established")
    t = node.table
    return [(step, Node(t, node.agenda[1:], node.ledger, node.findings, node.restrictions, True, node.focus))]


RULES: tuple[Rule, ...] = (
    Rule("replace_dummy_card", ReplaceDummyCard, ("45D1", "48A", "46B"), replace_dummy_card, replace_dummy_card.__doc__ or ""),
    Rule("misplay_cascade", MisplayCascade, ("45D1", "44C", "44G", "62A", "62B", "62B2", "62C1", "62C2", "61A", "63A1", "63B", "16C1", "16C2", "50E1", "50E2"),
         misplay_cascade,
         misplay_cascade.__doc__ or ""),
    Rule("choose_designated", ChooseDesignated, ("46B", "46B3(b)", "46B4", "46B5", "45D1", "44C", "46B1(a)", "46B1(b)",
                                                 "46B1(c)", "46A"), choose_designated, choose_designated.__doc__ or ""),
    Rule("record_misplays", RecordMisplays, ("45D1",), record_misplays, record_misplays.__doc__ or ""),
    Rule("later_misplay", LaterMisplay, ("45D1", "44G"), later_misplay, later_misplay.__doc__ or ""),
    Rule("misplay_stands", MisplayStands, ("45D2",), misplay_stands, misplay_stands.__doc__ or "",
         editions=frozenset({"2017"})),
    Rule("misplay_too_late_silent", MisplayTooLateSilent, ("45D1", "45C4(a)"), misplay_too_late_silent,
         misplay_too_late_silent.__doc__ or "", editions=frozenset({"2007"})),
    Rule("designated_revoke", DesignatedRevoke, ("61A", "63A1", "63B"), designated_revoke,
         designated_revoke.__doc__ or "", editions=frozenset({"2007"})),
)
OPENERS: tuple[tuple[str, object], ...] = (("dummy_misplay", open_dummy_misplay),)
#: a misplay is dummy's card placed for a call
OPENER_LINES = {"dummy_misplay": (Call,)}
