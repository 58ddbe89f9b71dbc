"""Played, exposed and extra cards: Laws 45A, 45C1, 45C2, 45E, 47A, 47B, 48, 49, 58, with 50B
for the kind of a new penalty card and 68 where facing cards might be a claim. See
docs/exposure-penalty-rules.md.

The record lines ruled here (``exposes``, ``names``, ``plays ... simultaneous``,
``plays ... fifth``, and a play line the reader held back: a defender's card put down before
his turn, his card at his turn following in the trick) are not applied by the table; the opener rebuilds the table just
before the first of them, and each becomes a task taken in record order. A task applies its
card's fate (played to the trick, a penalty card, or nothing), then puts back the plays the
record has after it, up to the next such line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import pairwise
from operator import itemgetter

from rulings.models.cards import Card, Seat, Side
from rulings.models.case import Replay
from rulings.models.dataclass import dataclass
from rulings.models.designation import resolve_call
from rulings.models.errors import IllegalActionError, RulingError
from rulings.models.events import (
    REFUSING_FINDINGS,
    Call,
    ChangeDesignation,
    Choice,
    DirectorFinds,
    Expose,
    FifthCard,
    Name,
    Play,
    PlayBeforeTurn,
    Simultaneous,
    place,
)
from rulings.models.table import OutOfTurn, PenaltyKind, Revoke, TableState, Trick
from rulings.solver.engine import Edge, Info, Node, Staged, Step, StepKind, info_clauses, played, with_entries
from rulings.solver.lawful import lawful_substitutes, penalty_card_designation
from rulings.solver.obligations import (
    LaterPlay,
    after_ruling_tasks,
    failure_follows,
    failure_tasks,
    kind_for,
    lead_choice_lines,
    lead_rule_args,
    no_penalty_card,
    pc_info,
    recorded_plays,
    replay_plays,
)
from rulings.solver.rulesets.base import Opening, Rule, RuleSet

# Finding words (``director finds <word>``) for the disputed facts of this module.
VISIBLE, NOT_VISIBLE = "visible_to_partner", "not_visible_to_partner"
PLAYED, NOT_PLAYED, LED = "played", "not_played", "led"
FINDINGS = frozenset({VISIBLE, NOT_VISIBLE, PLAYED, NOT_PLAYED, LED})


# ----- tasks --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ExposedCard:
    """45C1, 45C2, 48, 49: a card became visible without being placed as played."""

    event: Expose
    then: tuple[LaterPlay, ...] = ()
    given: frozenset[str] = frozenset()
    #: the same plays in the order of the record's lines (``Replay.read``; empty: ``then``'s
    #: order), from which the card of the line is put among them (``_put``)
    read: tuple[LaterPlay, ...] = ()
    #: the record's next line ruled here is the same player's, before the lead declarer's
    #: 50D2/51B decision is due at and with no choice of his said between: his one decision
    #: at that lead comes after both (``_joined``)
    joined: bool = False


@dataclass(frozen=True, slots=True)
class NamedCard:
    """49: a defender named a card as being in his hand."""

    event: Name
    then: tuple[LaterPlay, ...] = ()
    given: frozenset[str] = frozenset()
    joined: bool = False  # (as ExposedCard.joined)


@dataclass(frozen=True, slots=True)
class ExtraCard:
    """45E: a card put on a trick that already holds four."""

    event: FifthCard
    then: tuple[LaterPlay, ...] = ()
    given: frozenset[str] = frozenset()
    #: the same plays in the order of the record's lines (``Replay.read``; empty: ``then``'s
    #: order), from which the card of the line is put among them (``_put``)
    read: tuple[LaterPlay, ...] = ()
    joined: bool = False  # (as ExposedCard.joined)


@dataclass(frozen=True, slots=True)
class SimultaneousPlay:
    """58A (two players at once) and 58B (one player, several cards)."""

    event: Simultaneous
    then: tuple[LaterPlay, ...] = ()
    given: frozenset[str] = frozenset()
    #: the same plays in the order of the record's lines (``Replay.read``; empty: ``then``'s
    #: order), from which the card of the line is put among them (``_put``)
    read: tuple[LaterPlay, ...] = ()
    #: play went on to the end after the record's last card before attention
    #: (``Replay.played_out``): each side played to every trick after the last recorded
    played_out: bool = False
    joined: bool = False  # (as ExposedCard.joined)
    #: dummy's cards of the record placed after a call of declarer's designating another
    #: card (45D1: corrected at attention), as (seat, card)
    misplaced: frozenset[tuple[Seat, Card]] = frozenset()
    #: each side played to the trick after the one these cards went to before attention, as
    #: the record's later plays show it (all of them, past the record's next line this module
    #: rules, which ``then`` stops at: :func:`_went_on`)
    went_on: bool = False
    #: dummy's cards standing that a later change of designation of declarer's concerns
    #: (45C4(b): which card dummy played is the designation rules' finding), each with the
    #: record's line of that change (:func:`_redesignated`)
    redesignated: tuple[tuple[LaterPlay, ChangeDesignation], ...] = ()
    #: dummy's cards of the record placed after a call of declarer's that leaves a choice
    #: among several cards, the placed card one of them (46B3(b), 46B4, 46B5): corrected at
    #: attention (45D1) only where another card is designated, as (seat, card)
    chosen: frozenset[tuple[Seat, Card]] = frozenset()
    #: the record's lines of those cards, each with its card, as (seat, card, line)
    calls: tuple[tuple[Seat, Card, Play], ...] = ()
    #: the cards the record's play lines put down right after a change of designation of
    #: dummy's card that the record's finding refuses, before dummy faces a card (each a
    #: card played to the card declarer changed to, which 47D lets its player withdraw once
    #: the change is refused), as (seat, card) (:func:`_played_to_a_change`)
    to_refused: frozenset[tuple[Seat, Card]] = frozenset()
    #: the same, after a change the record gives no finding on, each with the card declarer
    #: changed to: 47D's right over the card is his only where the change is refused
    to_change: tuple[tuple[Seat, Card, Card], ...] = ()


@dataclass(frozen=True, slots=True)
class CardBeforeTurn:
    """44B: a defender's card put down before his turn in a trick, his own card to it at his
    turn following in the record (a play line the reader held back, ``PlayBeforeTurn``)."""

    event: PlayBeforeTurn
    then: tuple[LaterPlay, ...] = ()
    given: frozenset[str] = frozenset()
    #: the same plays in the order of the record's lines (``Replay.read``; empty: ``then``'s
    #: order), from which the card of the line is put among them (``_put``)
    read: tuple[LaterPlay, ...] = ()


@dataclass(frozen=True, slots=True)
class OpponentMayChange:
    """58B3: an opponent who played after a visible card the offender took back may change."""

    offender: Seat
    later: tuple[LaterPlay, ...]
    index: int = 0
    #: (trick, seat): leads put down before the trick before them was complete, as the table
    #: marks them (``TableState.put_down_early``: the record's replay, and the record's later
    #: cards put back after the card placed, ``_put``): a change there rules them out of turn
    #: as they stand, never sends them back (44G)
    early: frozenset[tuple[int, Seat]] = frozenset()
    #: the seats whose card is read as it stands on the trick when the option is ruled, not
    #: as the record placed it (dummy's card whose designation a ruling before it settled)
    as_standing: frozenset[Seat] = frozenset()
    #: whether an opponent before this one changed his card on this branch (the offender's
    #: partner's 47D option after it, :class:`PartnerMayChange`)
    moved: bool = False
    #: dummy's card placed on the trick after a call of declarer's that leaves a choice
    #: (``SimultaneousPlay.chosen``), as (seat, card): where the designation's ruling put
    #: another card in its place (45D1), a defender's card after it is 45D1's to change
    placed: tuple[Seat, Card] | None = None
    #: (seat, card, the card declarer changed dummy's card to): a card played to that change,
    #: which the record gives no finding on, ruled after it: where dummy's card is not the
    #: card changed to (the change refused), the card was 47D's to change, offered there
    #: (one right over one card), and 58B3 passes it over
    if_allowed: tuple[tuple[Seat, Card, Card], ...] = ()


@dataclass(frozen=True, slots=True)
class PartnerMayChange:
    """47D after 58B3: the offender's partner, who played to the trick after an opponent
    who changed his card under 58B3, may change his own."""

    offender: Seat
    trick: int
    seat: Seat
    early: frozenset[tuple[int, Seat]] = frozenset()


OWN = (Expose, Name, FifthCard, Simultaneous, PlayBeforeTurn)


# ----- opener -------------------------------------------------------------------------------------
def open_exposure(rs: RuleSet, replay: Replay, root: Node) -> Opening | None:
    """Find the record lines this module rules on; rebuild the table before the first."""
    # declarer's card named at his turn is the play of that card (45C4(a)), placed by the
    # replay: the designation rules' line, not a card named as held (Law 49)
    unapplied = {id(e) for e in replay.unapplied}
    mine = [isinstance(e, OWN) and (not isinstance(e, Name) or id(e) in unapplied) for e in replay.before]
    own = [e for e, m in zip(replay.before, mine, strict=True) if m and isinstance(e, OWN)]
    if not own:
        return None
    given = frozenset(e.finding.lower() for e in (*replay.before, *replay.after) if isinstance(e, DirectorFinds))
    plays = recorded_plays(replay.table)
    # how many recorded plays precede each record line (as the replay placed them: a call of
    # dummy's card or a card named from the hand is a play), from the cards standing when this
    # part of the record began (a record played on after a ruling: the earlier parts' cards
    # stand before it)
    # (around a rectified table, as counted among the cards standing there: a card a ruling
    # took back with none in its place no longer stands before the lines after it)
    applied = replay.applied_on_table()
    base = applied[0]
    counts = [n for m, n in zip(mine, applied, strict=True) if m]
    counts.append(len(plays))
    if replay.reopened:
        # (on a rectified table, a ruling having taken back or moved some of the record's
        # cards, the counts of the replay no longer say which stand before each line: read
        # from the lines that put each standing card down)
        counts = _counts_by_line(replay, plays, base, [i for i, m in enumerate(mine) if m]) or counts
    # (the record's cards after each line, in the order the record has them: reading the
    # record without the line's card, the replay may have placed one seat's card before
    # another's, a second card in the trick as it then read; the ruling puts the line's card
    # in place and the later cards back as play lines there would be, _put)
    plays = _in_record_order(plays, [i for i, m in enumerate(mine) if m], counts, replay.before)
    first = replay.start_table()  # (its ``base`` cards stand: those of the parts before this one)
    if replay.table.withdrawn:
        # re-opened on a rectified table where a card of a line has since been played (the
        # substitute an earlier ruling gave its player, chosen after attention, when the card
        # lay exposed): that line is overtaken, the card it exposed being the card he played
        # there; the other lines are ruled as they stand (docs/decisions.md)
        held = [all(c in replay_plays(first, plays[base:counts[i]]).hand(e.seat)
                    for c in (e.cards if isinstance(e, Simultaneous) else (e.card,))) for i, e in enumerate(own)]
        if not any(held):
            return None
        overtaken = tuple(e for e, h in zip(own, held, strict=True) if not h)
        counts = [n for n, h in zip(counts, held, strict=False) if h] + [counts[-1]]
        own = [e for e, h in zip(own, held, strict=True) if h]
    else:
        overtaken = ()
    placed: dict[Card, FifthCard | Simultaneous] = {}  # cards a fifth-card or simultaneous line put on a trick, and that line
    irregular: list[str] = []  # what each line records, as it happened
    for i, e in enumerate(own):
        at = replay_plays(first, plays[base : counts[i]])
        irregular.append(_together(e, at) if isinstance(e, Simultaneous) else _before_turn(e, at)
                         if isinstance(e, PlayBeforeTurn) else _described(rs, e, at))
        cards = e.cards if isinstance(e, Simultaneous) else (e.card,)
        for c in cards:
            if c not in at.hand(e.seat):
                err = at._not_held(e.seat, c, 0)
                raise err.at(e)
            if c in placed:
                known = placed[c].line is not None or placed[c].entry is not None
                where = f" ({place(placed[c])})" if known else ""
                raise IllegalActionError(f"card {str(c)!r} was already played by {e.seat} on an earlier line{where}",
                                         token=str(c)).at(e)
        if isinstance(e, (FifthCard, Simultaneous)):
            placed.update((c, e) for c in cards)
    start = replay_plays(first, plays[base : counts[0]])
    if replay.reopened and start.out_of_turn:
        start = _in_turn_as_ruled(start, replay.table)
    # the record's plays in the order of its lines, where the replay placed some otherwise
    # (a card of these lines put among them is placed with them as play lines would be)
    read = _as_read(replay, plays, base)
    joined = _joined(replay, own)
    agenda: list[object] = []
    for i, e in enumerate(own):
        then = tuple(plays[counts[i] : counts[i + 1]])
        ordered = tuple(read[counts[i] : counts[i + 1]]) if read else ()
        if isinstance(e, Expose):
            agenda.append(ExposedCard(e, then, given, ordered, joined[i]))
        elif isinstance(e, Name):
            agenda.append(NamedCard(e, then, given, joined[i]))
        elif isinstance(e, FifthCard):
            agenda.append(ExtraCard(e, then, given, ordered, joined[i]))
        elif isinstance(e, PlayBeforeTurn):
            agenda.append(CardBeforeTurn(e, then, given, ordered))
        else:
            misplaced, calls = _misplaced(rs, replay)
            chosen = frozenset((s, c) for s, c, _ in calls)
            agenda.append(SimultaneousPlay(e, then, given, ordered, replay.played_out, joined[i], misplaced,
                                           _went_on(replay_plays(first, plays[base : counts[i]]), tuple(plays[counts[i]:])),
                                           _redesignated(replay, plays, applied), chosen, calls, *_played_to_a_change(rs, replay)))
    # the trick under ruling: the one in progress, or the last one played (its winner leads)
    cur = start.current_trick
    focus = cur.number if cur is not None else start.first_trick
    if cur is not None and cur.is_complete and isinstance(own[0], Simultaneous):
        focus += 1  # (a card counted after a trick's last card is a lead to the next, 58A)
    # (the findings this module reads; another finding, about a lead one of these cards
    # makes, 53A/53B, is for the rules that read it)
    handled: tuple[object, ...] = (*overtaken, *own, *(e for e in (*replay.before, *replay.after)
                                           if isinstance(e, DirectorFinds) and e.finding.lower() in FINDINGS))
    # plays the table records as out of turn only because a card of these lines is missing
    # from it (East's exposed card, deemed played, came before South's; a fifth card found
    # led, before the cards played to it) are not irregular where the ruling puts that card
    # in place (Opening.explains; where it is not, the leads rules rule what is then out of
    # turn). A fifth card found led is not ruled here as a lead: once this ruling has put it
    # on the table, the rules of leads rule it there as any lead of the record (53-56, 50D2)
    # (the record's plays after such a card are put in the order they would be around it: a
    # second card of a seat that followed it in the trick is his lead to the next trick)
    # (whether every line is a card exposed or named during a trick in progress: no play when
    # its player had already played to it or was not next to play, a play of that trick when
    # it is deemed played at his turn (45C1, 45C2); so too cards played together at his turn
    # (58B: the card he plays, the others seen penalty cards) and a card recorded as a fifth
    # on a trick holding fewer than four, at his turn (45A); each takes effect there, on the
    # trick as it then stood, whatever a ruling of an earlier line of that trick does, none of
    # which changes who plays next within the trick; and a fifth card to a trick of four
    # found played, a penalty card from that moment, 45E1)
    at_once = True
    try:
        nominal = start
        for i, e in enumerate(own):
            later = tuple(plays[counts[i] : counts[i + 1]])
            if at_once:
                cur = nominal.current_trick
                at_once = cur is not None and bool(cur.plays) and (
                    (not cur.is_complete and (isinstance(e, (Expose, Name))
                                              or (cur.card_of(e.seat) is None and nominal.on_play is e.seat)))
                    or (cur.is_complete and isinstance(e, FifthCard) and "played" in given)
                    or (cur.is_complete and _leads_as_it_stood(nominal, e)))
            if _may_be_led(nominal, e, given) or (_may_be_played(nominal, e) and _turn(nominal, e.seat)):
                card = e.faces[0] if isinstance(e, Simultaneous) else e.card
                _, nominal, later = _put(nominal, e.seat, card, tuple(read[counts[i] : counts[i + 1]]) if read else later)
            nominal = replay_plays(nominal, later)
    except RulingError:
        nominal, at_once = replay.table, False
    # (or out of turn there too, but after another set of cards to the trick: a seat's second
    # card after his partner's card the line placed, his lead to the next trick, where the
    # first reading has it before his partner played, 57A)
    seen = {(n, s) for n, s, _ in nominal.out_of_turn}
    explains: tuple[object, ...] = tuple(p for p in replay.table.out_of_turn
                                         if p[:2] not in seen or _before(replay.table, p[:2]) != _before(nominal, p[:2]))
    # so too the cards the table records as failing to follow suit only because such a card
    # is missing from it (a fifth card found led, not the card the record has leading)
    if replay.table.revokes:
        kept = {(r.trick, r.seat, r.card) for r in nominal.revokes}
        explains += tuple(played(r.trick, r.seat, r.card) for r in replay.table.revokes if (r.trick, r.seat, r.card) not in kept)
    # (a card exposed, or named, after its player played to the trick in progress or before
    # his turn there is a penalty card from that moment, 49; one deemed played at his turn is
    # a play of that trick from that moment (45C1): a correction made later, at attention,
    # chooses its substitutes with the penalty card in force, and reads the card played as a
    # card played after the error (45D1, 47D), Opening.at_once, as it reads the card of
    # several played together at his turn (58B) or of a fifth-card line on a trick of fewer
    # than four (45A); and, once a trick is complete, a line that leads to the next trick as
    # the table then stood (``_leads_as_it_stood``), a lead that correction rules as a play
    # line's (44G); cards played together not at his turn during a trick, and a card exposed
    # between tricks by a player not then to lead, whose turn it was as the correction makes
    # it, are ruled where the record places them, docs/decisions.md)
    # (such a card exposed between tricks by a player not then to lead: a correction of the
    # trick before made when attention is drawn rules it inside its own ruling, on the trick as
    # the offender's correction leaves it, when it pauses there for his seat: Opening.leads)
    cur = start.current_trick
    leads = ((cur.number + 1, own[0].seat),) if (cur is not None and cur.is_complete and isinstance(own[0], Expose)
                                                 and not _leads_as_it_stood(start, own[0])) else ()
    return Opening(Node(start, tuple(agenda), focus=focus), tuple(irregular), (), handled=handled, explains=explains,
                   at_once=at_once, leads=leads)


def _in_turn_as_ruled(start: TableState, table: TableState) -> TableState:
    """``start`` (the cards standing before the first line this module rules, placed again
    from the part's first table) without the plays out of turn that ``table``, the rectified
    table the lines are read on again, has standing where they stand and does not count out
    of turn as the lead of its trick: a ruling before counted it in turn (a premature lead the
    next hand played to, 60A2), which placing the cards again does not know. (A card played
    inside a trick keeps its mark: where a ruling let it stand, 57A, the trick's other cards
    are ruled around it as the record placed them.)"""
    kept: list[OutOfTurn] = []
    for p in start.out_of_turn:
        trick = table.trick(p[0])
        if p in table.out_of_turn or trick is None or not trick.plays or trick.plays[0] != (p[1], p[2]):
            kept.append(p)
    return start if len(kept) == len(start.out_of_turn) else start._evolve(out_of_turn=tuple(kept))


def _misplaced(rs: RuleSet, replay: Replay) -> tuple[frozenset[tuple[Seat, Card]], tuple[tuple[Seat, Card, Play], ...]]:
    """Dummy's cards that stand where dummy placed them after a call of declarer's that
    designates another card (46A, 46B: ``resolve_call``), each the card of a dummy's error
    corrected at attention (45D1; 2007 45D), as (seat, card); and those placed after a call
    that leaves a choice among several cards, the placed card one of them (46B3(b), 46B4,
    46B5: corrected only where another is designated). A call whose designation the
    director's finding settles is not read here."""
    table = replay.table
    dummy, before = table.dummy, replay.before
    if not any(isinstance(e, Call) for e in before):
        return frozenset(), ()
    standing = [(s, c) for _, s, c in table.plays()]
    out: set[tuple[Seat, Card]] = set()
    chosen: list[tuple[Seat, Card, Play]] = []
    for e, nxt in pairwise(before):
        if not (isinstance(e, Call) and e.seat is table.declarer and isinstance(nxt, Play) and nxt.seat is dummy):
            continue
        if (e.what.card is not None and e.what.card == nxt.card) or (dummy, nxt.card) not in standing:
            continue
        try:
            resolved = resolve_call(table.first_played(standing.index((dummy, nxt.card))), e, None,
                                    rs.decisions.designation_policy())
        except RulingError:
            continue
        deemed = resolved.deemed
        if deemed is not None and deemed != nxt.card:
            out.add((dummy, nxt.card))
        elif (deemed is None and nxt.card in resolved.options and len(resolved.options) > 1) or deemed == nxt.card:
            chosen.append((dummy, nxt.card, nxt))
    return frozenset(out), tuple(chosen)


def _played_to_a_change(rs: RuleSet, replay: Replay
                        ) -> tuple[frozenset[tuple[Seat, Card]], tuple[tuple[Seat, Card, Card], ...]]:
    """The cards the record's play lines put down right after a line of declarer's changing
    his designation of dummy's card (45C4(b)), up to dummy's next card or a line that is no
    play (a director's finding, and cards played together, passed over): those the designation rules let their players
    withdraw once the change is refused (47D, ``Decisions.designation_refused_change_later_card_withdrawn``).
    As (seat, card) where the record's finding refuses the change; as (seat, card, the card
    changed to) where it gives no finding (the refusal one of the director's findings). A
    change found a slip gives them no such right: they were played to the card it names."""
    if not rs.decisions.designation_refused_change_later_card_withdrawn:
        return frozenset(), ()
    table = replay.table
    dummy, declarer = table.dummy, table.declarer
    events = replay.before
    refused: set[tuple[Seat, Card]] = set()
    open_: list[tuple[Seat, Card, Card]] = []
    for k, e in enumerate(events):
        if not (isinstance(e, ChangeDesignation) and e.seat is declarer and e.card in table.deal[dummy]
                and (e.finding is None or e.finding in REFUSING_FINDINGS)):
            continue
        for nxt in events[k + 1 :]:
            if isinstance(nxt, DirectorFinds) or (isinstance(nxt, Simultaneous) and nxt.seat is not dummy):
                continue  # (cards played together: the trick's card of that seat, this module's to rule)
            if not isinstance(nxt, Play) or nxt.seat is dummy:
                break
            if e.finding is None:
                open_.append((nxt.seat, nxt.card, e.card))
            else:
                refused.add((nxt.seat, nxt.card))
    return frozenset(refused), tuple(open_)


def _redesignated(replay: Replay, plays: Sequence[LaterPlay], applied: Sequence[int]
                  ) -> tuple[tuple[LaterPlay, ChangeDesignation], ...]:
    """Dummy's cards standing (of ``plays``, the table's cards in order; ``applied``: how many
    of them precede each line of ``replay.before``) that a later line of declarer's changing
    his designation to a card of dummy's concerns (45C4(b): the change concerns dummy's latest
    card), each with that line. Which card dummy played there is the designation rules'
    ruling, on the director's finding."""
    table = replay.table
    dummy, declarer = table.dummy, table.declarer
    out: list[tuple[LaterPlay, ChangeDesignation]] = []
    for k, e in enumerate(replay.before):
        if not (isinstance(e, ChangeDesignation) and e.seat is declarer and e.card in table.deal[dummy]):
            continue
        mine = [p for p in plays[: applied[k]] if p[1] is dummy]
        if mine:
            out.append((mine[-1], e))
    return tuple(out)


def _in_record_order(plays: list[LaterPlay], lines: list[int], counts: list[int],
                     events: tuple[object, ...]) -> list[LaterPlay]:
    """``plays`` with the cards after each of the record's ``simultaneous`` lines (``lines``:
    the indices in ``events`` of the lines this module rules; ``counts``: how many of
    ``plays`` came before each, and all of them) up to the next such line put in the order of
    the record's play lines there. The record read without the line's card has one card too
    few in a trick, so its replay may have placed a seat's card before another's (a second
    card in the trick as it then read); the ruling puts the line's card in place and the
    later cards back as play lines there would be (``_put``). A card no play line names
    (dummy's card a call placed) keeps its place after the card before it; a stretch whose
    play lines name a card not among its cards is left as placed."""
    out = list(plays)
    for k, at in enumerate(lines):
        if not isinstance(events[at], Simultaneous):
            continue
        lo, hi = counts[k], counts[k + 1]
        end = lines[k + 1] if k + 1 < len(lines) else len(events)
        rank = {(e.seat, e.card): i for i, e in enumerate(events[at + 1 : end]) if isinstance(e, Play)}
        part = plays[lo:hi]
        if not rank.keys() <= {(s, c) for _, s, c in part}:
            continue
        keys: list[float] = []
        last = -1.0
        for _, s, c in part:
            last = float(rank[(s, c)]) if (s, c) in rank else last + 1e-3
            keys.append(last)
        out[lo:hi] = [p for _, p in sorted(zip(keys, part, strict=True), key=itemgetter(0))]
    return out


def _joined(replay: Replay, own: Sequence[Expose | Name | FifthCard | Simultaneous | PlayBeforeTurn]) -> list[bool]:
    """For each of ``own`` (this module's lines, in record order), whether declarer's
    50D2/51B decision at the lead its ruling leaves is not that ruling's to offer (``Decisions.
    lead_options_after_ruling``; the lead the table stands at once the record's cards up to
    the next line, or to its end, are put back). Declarer decides once at a lead, over every
    penalty card then in force (51B with two or more):

    * the next line is the same player's: it is ruled before that lead is made (the record's
      cards are put back up to it), and his decision comes after it, over the cards as that
      ruling leaves them;
    * declarer's lead choice is said in the record between this line and the next (or the
      end): that choice is his decision at the lead where he said it, ruled there by the
      penalty rules (50D2 "before the partner leads"), and what is due after it follows it.
    """
    where = {id(e): i for i, e in enumerate(replay.before)}
    said = [i for i, e in enumerate(replay.before) if isinstance(e, Choice) and lead_choice_lines(replay.table, (e,))]
    out: list[bool] = []
    for n, a in enumerate(own):
        i = where[id(a)]
        j = where[id(own[n + 1])] if n + 1 < len(own) else len(replay.before)
        out.append((n + 1 < len(own) and own[n + 1].seat is a.seat) or any(i < k < j for k in said))
    return out


def _before(table: TableState, key: tuple[int, Seat]) -> frozenset[Seat]:
    """The seats with a card on trick ``key[0]`` before ``key[1]``'s last card there."""
    trick = table.trick(key[0])
    if trick is None or trick.card_of(key[1]) is None:
        return frozenset()
    k = len(trick.plays) - 1 - [s for s, _ in trick.plays][::-1].index(key[1])
    return frozenset(s for s, _ in trick.plays[:k])


def _counts_by_line(replay: Replay, plays: list[LaterPlay], base: int, lines: list[int]) -> list[int] | None:
    """On a rectified table (``plays``: its cards, ``base`` of them from the parts before this
    one), how many of its cards stand before each of ``lines`` (indices in ``replay.before``),
    then all of them: the cards up to the first one a later line of the record put down (a
    substitute a ruling gave in place of a card, 47D, 62B, counts as put down by the line of
    that card). None where a card stands that no line of this part puts down, or that one
    of ``lines`` put down (a ruling on this path placed it already)."""
    table = replay.table
    # (a card a play line puts down was put down by the last such line, one played again
    # after it was taken back; a card only a call, or a line of this module, names by it)
    line_of: dict[tuple[Seat, Card], int] = {}
    for k, e in enumerate(replay.before):
        if isinstance(e, (Play, PlayBeforeTurn)):
            line_of[(e.seat, e.card)] = k
    for k, e in enumerate(replay.before):
        if isinstance(e, Call):
            if e.what.card is not None:
                line_of.setdefault((table.dummy, e.what.card), k)
        elif isinstance(e, Simultaneous):
            for c in e.cards:
                line_of.setdefault((e.seat, c), k)
        elif isinstance(e, (FifthCard, Expose, Name)):
            line_of.setdefault((e.seat, e.card), k)
    for w in table.withdrawn:
        at = line_of.get((w.seat, w.card))
        if w.replaced_by is not None and at is not None:
            # (a substitute standing on the trick of the card it replaced was put down there,
            # at that card's line, though a later line of the record names it: that line, which
            # played it to a later trick, no longer fits the table)
            trick = table.trick(w.trick)
            if trick is not None and trick.card_of(w.seat) == w.replaced_by:
                line_of[(w.seat, w.replaced_by)] = at
            else:
                line_of.setdefault((w.seat, w.replaced_by), at)
    own = set(lines)
    put: list[int] = []
    for _, s, c in plays[base:]:
        at = line_of.get((s, c))
        if at is None or at in own:
            return None  # (or a card of these lines that a ruling placed already: the replay's counts)
        put.append(at)
    out = [base + next((j for j, at in enumerate(put) if at > line), len(put)) for line in lines]
    return [*out, len(plays)]


def _as_read(replay: Replay, plays: list[LaterPlay], base: int) -> list[LaterPlay]:
    """``plays`` (the cards standing on the record's own table, ``base`` of them from the
    parts before this one) with this part's in the order of the record's lines
    (``Replay.read``), each with its trick on the table; empty where the replay placed them
    as read, or around a rectified table where a ruling moved them (its cards are placed as
    the rulings put them). A rectified table whose cards of this part stand as the replay
    placed them (``Replay.placed``: a later part of the record played on from a ruling of
    the part before that moved none of them) keeps the record's order."""
    if not replay.read or len(plays) - base != len(replay.read):
        return []
    if replay.reopened and tuple(plays[base:]) != replay.placed:
        return []
    trick = {(s, c): n for n, s, c in plays[base:]}
    if any(p not in trick for p in replay.read):
        return []
    if replay.reopened:
        order, _, _ = replay.start_table().lead_order(replay.read)
        if [replay.read[i] for i in order] != [(s, c) for _, s, c in plays[base:]]:
            return []
    return [*plays[:base], *((trick[p], p[0], p[1]) for p in replay.read)]


#: how a card came to be exposed (the facts of an ``exposes`` line), in words, after the card
_HOW = {
    "touching_table": "held face up touching or nearly touching the table",
    "held_near_table": "held face up above the table, not nearly touching it",
    "maintained_as_played": "maintained as played",
    "face_down": "face down",
    "claiming": "shown as part of a would-be claim",
}


def _described(rs: RuleSet, e: Expose | Name | FifthCard, table: TableState) -> str:
    """What an ``exposes``, ``names`` or ``fifth`` line records, as it happened on ``table``
    (the table before it): who did what with which card, when, and the laws that rule it."""
    seat, card = e.seat, e.card
    who = f"{seat} (declarer)" if seat is table.declarer else f"{seat} (dummy)" if seat is table.dummy else str(seat)
    cur = table.current_trick
    if isinstance(e, FifthCard):
        number = cur.number if cur is not None else table.first_trick
        if cur is None or not cur.is_complete:
            # (taken for a fifth card, but the trick was not complete: 45E does not reach it)
            held = len(cur.plays) if cur is not None else 0
            said = f"{who} put {card} on trick {number} as a fifth card, but the trick held {held} card{'' if held == 1 else 's'}"
            own = cur.card_of(seat) if cur is not None else None
            if cur is None or own is None:
                return f"{said} ({rs.cite('45A')}, not 45E)"
            # (he had played to it: a second card of his, before the trick was complete)
            said += f", his own {own} among them: a second card of his, put down before the trick was complete"
            if table.is_defender(seat) and cur.card_of(seat.partner) is None:
                return f"{said} and before his partner played ({rs.cite('57A')}, not 45E)"
            return f"{said} (not 45E)"
        return f"{who} put {card} on trick {number}, which already held four cards ({rs.cite('45E1' if table.is_defender(seat) else '45E2')})"
    if cur is not None and not cur.is_complete:
        when = f"during trick {cur.number}"
    else:
        number = cur.number + 1 if cur is not None else table.first_trick
        when = f"before the lead to trick {number}"
    defender = table.is_defender(seat)
    if isinstance(e, Name):
        return f"{who} named {card} as a card in his hand {when} ({rs.cite('49') if defender else rs.cite('48A')})"
    facts = set(e.facts)
    if defender:
        laws = f"{rs.cite('45C1')}, {rs.cite('49')}"
    elif seat is table.declarer and facts & {"touching_table", "held_near_table"}:
        laws = f"{rs.cite('45C2(a)')}, {rs.cite('48A')}"
    elif seat is table.declarer and "maintained_as_played" in facts:
        laws = f"{rs.cite('45C2(b)')}, {rs.cite('48A')}"
    else:
        laws = rs.cite("48A")
    verb = "dropped" if "dropped" in facts else "exposed"
    how = [_HOW[f] for f in sorted(facts) if f in _HOW]
    if VISIBLE in facts:
        how.append("where his partner could see its face")
    elif NOT_VISIBLE in facts:
        how.append("where his partner could not see its face")
    said = f" ({', '.join(how)})" if how else ""
    return f"{who} {verb} {card}{said} {when} ({laws})"


def _together(e: Simultaneous, table: TableState) -> str:
    """What a simultaneous play line records, as it happened on ``table`` (the table before
    it): one card played at the same moment as the card before it (58A), or several cards
    led or played together (58B), with the faces that could be seen."""
    if len(e.cards) == 1:
        last = next(((s, c) for t in reversed(table.tricks) for s, c in reversed(t.plays)), None)
        if last is None:
            return str(e)
        return f"{e.seat} played {e.cards[0]} at the same moment as {last[0]}'s {last[1]} (58A)"
    cards = ", ".join(str(c) for c in e.cards[:-1]) + f" and {e.cards[-1]}"
    cur = table.current_trick
    own = cur.card_of(e.seat) if cur is not None and not cur.is_complete else None
    laws = "58B"
    if cur is not None and own is not None:
        # (he had played to the trick: these are no play to it, a player plays one card to a trick)
        what = f"{e.seat} put {cards} down together after his {own} to trick {cur.number}, before the trick was complete"
        if table.is_defender(e.seat) and cur.card_of(e.seat.partner) is None:
            what, laws = what + " and before his partner played", "58B, 57A"
    elif cur is not None and not cur.is_complete:
        what = f"{e.seat} played {cards} together to trick {cur.number}"
    else:
        number = cur.number + 1 if cur is not None else table.first_trick
        proper = table.proper_leader(number)
        what = f"{e.seat} led {cards} together to trick {number}" + (f" when {proper} was to lead" if proper is not e.seat else "")
    if e.visible and len(e.visible) < len(e.cards):
        what += ", only " + " and ".join(str(c) for c in e.visible) + (" visible" if len(e.visible) > 1 else " face up")
    return f"{what} ({laws})"


def _before_turn(e: PlayBeforeTurn, table: TableState) -> str:
    """What a play line held back records, as it happened on ``table`` (the table before it):
    a defender's card put down in the trick in progress before his turn."""
    cur = table.current_trick
    if cur is None or cur.is_complete or not cur.plays:
        return f"{e.seat} put {e.card} down before his turn"
    who = (f"before his partner {e.seat.partner} played" if cur.card_of(e.seat.partner) is None
           else f"at {table.on_play}'s turn")
    return f"{e.seat} put {e.card} down on trick {cur.number} {who}, then played another card to it at his own turn (44B)"


def _may_be_led(table: TableState, e: object, given: frozenset[str]) -> bool:
    """Whether a fifth card may be found led to the next trick (45E): put on a complete trick,
    the director not having found it played to that trick."""
    cur = table.current_trick
    return isinstance(e, FifthCard) and PLAYED not in given and cur is not None and cur.is_complete


def _leads_as_it_stood(table: TableState, e: object) -> bool:
    """Whether a line put down after a complete trick (``table``: before it) is a lead to the
    next trick as the table then stood, whatever a later correction of that trick makes of
    who was to lead it (44G): a fifth card (found led, or either finding: found played it is
    a penalty card from then, 45E1), cards played together (58B: the card he plays leads),
    or a card exposed by the player then to lead that his partner could see (45C1: deemed
    led). A card exposed by another player is judged where the record places it: on the
    trick as corrected it may be his turn to lead (then it is his lead) or not (then it is
    a penalty card, 49)."""
    if isinstance(e, FifthCard):
        return True
    if isinstance(e, Simultaneous):
        return len(e.cards) > 1
    return isinstance(e, Expose) and _may_be_played(table, e) and _turn(table, e.seat)


def _may_be_played(table: TableState, e: object) -> bool:
    """Whether a line of this module may put its card in the played position (for telling
    real plays out of turn from those only out of turn because its card is missing)."""
    if isinstance(e, (Simultaneous, PlayBeforeTurn)):
        return True
    if isinstance(e, FifthCard):
        # (on a trick that did not hold four cards: no fifth card, played as a play line is, 45A)
        cur = table.current_trick
        return cur is not None and not cur.is_complete
    if not isinstance(e, Expose):
        return False
    if table.is_defender(e.seat):
        return not {"not_visible_to_partner", "face_down", "dropped"} & set(e.facts)
    return e.seat is table.declarer and bool({"touching_table", "maintained_as_played"} & set(e.facts))


# ----- shared steps ---------------------------------------------------------------------------------
def _node(node: Node, table: TableState, agenda: tuple[object, ...], *, info: tuple[Info, ...] = (),
          findings: tuple[str, ...] = ()) -> Node:
    return Node(table, agenda, with_entries(node.ledger, info), node.findings + findings, node.restrictions, node.established, node.focus)


def _then(table: TableState, then: tuple[LaterPlay, ...], placed: tuple[int, Seat] | None = None, *,
          ordered: bool = False) -> TableState:
    """Put back the plays the record has after the line ruled on, as play lines there would
    put them, dropping those that no longer fit: ``placed`` (trick, seat), the card the
    ruling put in the played position for the line, so a later card of that seat to that
    trick while it is in progress is no play (a player whose exposed card was deemed played
    to the trick plays no second card to it, 45C1); and a card no longer held. A later card
    of another seat that had played to the trick is kept: his second card in it, which the
    rules of leads read (his lead to the next trick, made early). With no card ``placed``,
    the plays are put in the order play lines there would put them (as :func:`_put` puts
    them around a card it places: ``TableState.lead_order``), a seat's second card in the
    trick in progress that the seats still due follow being his lead to the next trick.
    ``ordered``: ``then`` is in that order already (as :func:`_put` leaves it)."""
    if placed is None and then and not ordered:
        then, table = _in_lead_order(table, then)
    for _, seat, card in then:
        cur = table.current_trick
        if placed is not None and cur is not None and not cur.is_complete and (cur.number, seat) == placed:
            continue  # he has already played to this trick (45C1): the later card does not count
        try:
            table = table.play(seat, card)
        except RulingError:
            continue
    return table


def _in_lead_order(table: TableState, then: tuple[LaterPlay, ...]) -> tuple[tuple[LaterPlay, ...], TableState]:
    """``then`` (a card its seat no longer holds left out) in the order play lines there would
    put them (``TableState.lead_order``), and ``table`` with the leads among them put down
    before the trick before them was complete marked as this placing finds them."""
    if any(c not in table.hand(s) for _, s, c in then):
        then = tuple(p for p in then if p[2] in table.hand(p[1]))
    anew = table.without_early_marks(then)
    order, early, put_down = anew.lead_order([(s, c) for _, s, c in then])
    if order != sorted(order):
        return tuple(then[x] for x in order), anew.with_early_leads(early).with_put_down_early(put_down)
    if anew is not table:
        return then, anew.with_early_leads(early).with_put_down_early(put_down)
    return then, table


def _placed_key(table: TableState, seat: Seat, card: Card) -> tuple[int, Seat]:
    """(trick, seat) of ``seat``'s ``card`` standing on ``table``: the card a ruling placed."""
    number = next((t.number for t in reversed(table.tricks) if (seat, card) in t.plays), table.tricks[-1].number)
    return number, seat


def _put(table: TableState, seat: Seat, card: Card, then: tuple[LaterPlay, ...]) -> tuple[TableState, TableState, tuple[LaterPlay, ...]]:
    """``seat``'s ``card`` put in the played position, and the record's plays after it put in
    the order play lines there would be (``TableState.lead_order``): a seat's second
    card in the trick in progress that the cards of every seat still due to the trick follow
    in the record is his lead to the next trick, those cards going on the trick first. His
    own card may be that second card (a defender's before his partner's card is then his
    lead made before his partner played, 57A), or a later one (the trick was one card short
    until this card was placed: a defender's after his partner's card, or declarer's, is
    his lead to the next trick, in turn or out of turn as the trick's winner makes it).
    Such a lead is marked on the table (``early_leads``, ``put_down_early``). Returns the
    table just before his card, the table with it placed, and the record's plays
    still to put back after it, in that order. The record's plays are placed anew: a lead
    among them the record's replay marked as put down early is marked as this placing finds
    it (the card placed may change the trick each falls in). A later play of a card its seat
    no longer holds once this card is placed (this card itself, played again by a later line
    of the record drawn as played on from another reading of the line) is no play: it is left
    out before the order is read, as :func:`_then` leaves it out when it puts them back."""
    if any(c not in table.hand(s) or (s, c) == (seat, card) for _, s, c in then):
        then = tuple(p for p in then if p[2] in table.hand(p[1]) and (p[1], p[2]) != (seat, card))
    anew = table.without_early_marks(then)
    order, early, put_down = anew.lead_order([(seat, card), *((s, c) for _, s, c in then)])
    if order != sorted(order):
        k = order.index(0)
        try:
            before = anew.play_many([(s, c) for _, s, c in then[:k]]).with_early_leads(early).with_put_down_early(put_down)
            return before, before.play(seat, card), tuple(then[x - 1] for x in order[k + 1:])
        except RulingError:
            pass  # (a later card not held: placed as read)
    elif anew is not table:
        anew = anew.with_early_leads(early).with_put_down_early(put_down)
        return anew, anew.play(seat, card), then
    return table, table.play(seat, card), then


def _placed(node: Node, before: TableState, placed: TableState, then: tuple[LaterPlay, ...],
            rest: tuple[object, ...], *, info: tuple[Info, ...] = (), findings: tuple[str, ...] = (),
            led: bool = False) -> Node:
    """The child once a card is placed as played (``before`` -> ``placed``): the later plays
    put back; a card that fails to follow suit is a revoke on the table, which the revoke rules
    find and correct (62) once this ruling is over (the engine opens them on the rectified
    table); one that fails to play a due penalty card is ruled under 52. ``led``: the card
    placed leads its trick (a fifth card deemed led, 45E): a later card of its seat to that
    trick is not dropped but stands as his second card there, for the rules of leads to rule
    (where his lead out of turn goes back for the proper lead, 53B, his card to the trick)."""
    seat, card = placed.tricks[-1].plays[-1]
    final = _then(placed, then, None if led else (placed.tricks[-1].number, seat), ordered=led)
    new = [r for r in placed.revokes if r not in before.revokes]
    tasks: tuple[object, ...] = ()
    if not new:
        tasks = failure_tasks(before, placed, seat, card)
    return _node(node, final, tasks + rest, info=info, findings=findings)


def _branches(given: frozenset[str], facts: tuple[str, ...], yes: str, no: str) -> list[tuple[str, tuple[str, ...]]]:
    """The finding(s) to rule under, each with the findings the branch records: a fact stated
    in the play line or the director's finding (either recorded, as a change of designation's
    ``slip`` on its line is: the claim atom ``finding <word>`` reads the same fact however the
    record gives it), or, with neither, both branches, each labelled with its finding."""
    for word in (yes, no):
        if word in facts:
            return [(word, (word,))]
    for word in (yes, no):
        if word in given:
            return [(word, (word,))]
    return [(yes, (yes,)), (no, (no,))]


def _turn(table: TableState, seat: Seat) -> bool:
    """Whether it is ``seat``'s turn to lead or play, and he has not played to the trick."""
    cur = table.current_trick
    if cur is not None and not cur.is_complete and cur.card_of(seat) is not None:
        return False
    return table.on_play is seat


def _why_not_played(table: TableState, seat: Seat) -> str:
    """Why a defender's visible card is not played to the trick but exposed (50): he has
    already played to the trick in progress, or it is not yet his turn to play or lead."""
    cur = table.current_trick
    if cur is not None and not cur.is_complete and cur.card_of(seat) is not None:
        return "he has already played to this trick"
    if table.on_play is not seat:
        return "it is not his turn to lead" if cur is None or cur.is_complete else "it is not his turn to play"
    return ""


def _make_penalty(rs: RuleSet, table: TableState, seat: Seat, card: Card, kind: PenaltyKind) -> tuple[TableState, tuple[Info, ...]]:
    t2 = table.with_penalty(seat, card, kind)
    return t2, (pc_info(rs, t2, seat, card),)


def _with_followups(rs: RuleSet, node: Node, table: TableState, then: tuple[LaterPlay, ...], seat: Seat,
                    rest: tuple[object, ...], *, info: tuple[Info, ...] = (), findings: tuple[str, ...] = (),
                    joined: bool = False) -> Node:
    """The child once ``seat`` has a new penalty card: the later plays put back (one that then
    failed to play the penalty card when due is found by the penalty rules on the rectified
    table, in record order: the card obliges from the exposure on, ``PenaltyCard.since``, 52);
    the lead options if his partner is to lead (Decisions.lead_options_after_ruling), unless
    a later play fails to play a penalty card: the options then follow that 52 ruling, on
    the table it leaves; or unless his next line is ruled at that lead (``joined``)."""
    t = _then(table, then)
    return _node(node, t, _options_after(rs, t, then, seat, joined) + rest, info=info, findings=findings)


def _options_after(rs: RuleSet, table: TableState, then: tuple[LaterPlay, ...], seat: Seat, joined: bool) -> tuple[object, ...]:
    """The 50D2/51B options for ``seat``'s partner's lead once this rectification is over
    (:func:`after_ruling_tasks`); none here when one of the record's later plays put back
    (``then``) fails to play a penalty card: the penalty rules rule it next (52), and the
    options, for whoever is then to lead, come once that ruling is over; none either when
    ``seat``'s next line is ruled at the same lead (``joined``, :func:`_joined`): declarer's
    one decision there is over the cards as that ruling leaves them, offered after it (or,
    where it leaves no penalty card, by the penalty rules reading the record on its table:
    declarer's choice said at that lead, a lead made before it, 50D2, or the options due at
    the end of the record)."""
    if joined:
        return ()
    tasks = after_ruling_tasks(rs, table, seat)
    if tasks and then and failure_follows(table, then):
        return ()
    return tasks


def _kind_word(t: TableState, seat: Seat, card: Card) -> str:
    return next((str(p.kind) for p in t.penalty_cards_of(seat) if p.card == card), "?")


#: what a card exposed while claiming is not (68, 68A)
_NOT_A_CLAIM = "; not a claim: a claim concerns later tricks and shows the cards together (68, 68A)"


# ----- rules --------------------------------------------------------------------------------------
def exposed_card(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """45C1 (a defender's card partner could see is played, or a penalty card when he has
    already played, 49); 45C2 (declarer's card is played only when held face up touching or
    nearly touching the table, or maintained as played); 48A (declarer's and dummy's cards are
    never penalty cards; a dropped card need not be played); 68 (showing cards one at a time
    about the trick in progress is no claim)."""
    assert isinstance(task, ExposedCard)
    ev = task.event
    seat, card, facts = ev.seat, ev.card, ev.facts
    table = node.table
    rest = node.agenda[1:]
    claiming = "claiming" in facts
    claim_also = (rs.cite("68"), rs.cite("68A")) if claiming else ()
    claim_text = _NOT_A_CLAIM if claiming else ""
    question = f"what becomes of {seat}'s exposed {card}?"
    if card not in table.hand(seat) or card in {p.card for p in table.penalty_cards}:
        step = Step("TD", StepKind.FORCED, rs.cite("45A"), f"{card} is already played or a penalty card; nothing changes",
                    question=question, choice="nothing")
        return [(step, _node(node, _then(table, task.read or task.then), rest))]

    if seat is table.dummy:
        return [_exposed_not_played(node, task, rs.cite("48A"), (), "dummy's cards are never penalty cards (48A)", ())]
    if seat is table.declarer:
        if claiming:
            step = Step("TD", StepKind.FORCED, rs.cite("48B2"),
                        f"declarer faced {card}: he may be treated as claiming (68); the claim is not ruled here",
                        also=(rs.cite("68A"),), question=question, choice="possible claim")
            return [(step, _node(node, _then(table, task.read or task.then), rest))]
        if not _turn(table, seat):
            return [_exposed_not_played(node, task, rs.cite("48A"), (), "it is not declarer's turn to play from his hand; "
                                        "declarer is not restricted for exposing a card (48A)", ())]
        if "touching_table" in facts:
            return [_exposed_played(rs, node, task, rs.cite("45C2(a)"), (),
                                    "declarer held it face up touching or nearly touching the table", ())]
        if "maintained_as_played" in facts:
            return [_exposed_played(rs, node, task, rs.cite("45C2(b)"), (), "declarer maintained it as played", ())]
        if "dropped" in facts:
            return [_exposed_not_played(node, task, rs.cite("48A"), (),
                                        "declarer dropped it; he need not play it and it is no penalty card (48A)", ())]
        if facts or NOT_PLAYED in task.given:
            return [_exposed_not_played(node, task, rs.cite("45C2(a)"), (rs.cite("48A"),),
                                        "declarer neither held it face up touching or nearly touching the table nor maintained it "
                                        "as played; no penalty card (48A)", () if facts else (NOT_PLAYED,))]
        if PLAYED in task.given:
            return [_exposed_played(rs, node, task, rs.cite("45C2(a)"), (), "the director finds it was held or maintained as played",
                                    (PLAYED,))]
        return [
            _exposed_played(rs, node, task, rs.cite("45C2(a)"), (), "if the director finds it was held face up touching or nearly "
                            "touching the table, or maintained as played", (PLAYED,), choice="finding: played"),
            _exposed_not_played(node, task, rs.cite("45C2(a)"), (rs.cite("48A"),),
                                "if the director finds it was not; no penalty card (48A)", (NOT_PLAYED,), choice="finding: not played"),
        ]
    # a defender's card
    if "face_down" in facts:
        return [_exposed_not_played(node, task, rs.cite("45C1"), (rs.cite("49"),), "its face could not be seen", ())]
    branches = _branches(task.given, facts, VISIBLE, NOT_VISIBLE)
    dropped = "dropped" in facts
    edges: list[Edge] = []
    for b, finding in branches:
        if b == NOT_VISIBLE:
            # (a dropped card is no play whatever its face showed: 49 decides what becomes of it)
            if dropped:
                edges.append(_exposed_not_played(node, task, rs.cite("49"), (rs.cite("45C1"),),
                                                 "he dropped it, so it is no play (45C1 plays only a card held so that his "
                                                 "partner could see it), and his partner could not see its face: no penalty "
                                                 "card (49)", finding, choice="finding: not visible" if finding else "not played"))
            else:
                edges.append(_exposed_not_played(node, task, rs.cite("45C1"), (rs.cite("49"),),
                                                 "his partner could not see its face; no penalty card (49)", finding,
                                                 choice="finding: not visible" if finding else "not played"))
            continue
        if not dropped and _turn(table, seat):
            edges.append(_exposed_played(rs, node, task, rs.cite("45C1"), (), "his partner could possibly see its face", finding,
                                         choice="finding: visible" if finding else "played"))
            continue
        kind = kind_for(card, deliberate=claiming)
        t2, info = _make_penalty(rs, table, seat, card, kind)
        if dropped:
            # what makes it a penalty card is its face his partner could see (49), not the
            # dropping: dropping only keeps it from being a play (45C1 plays a card held so)
            why = "he dropped it, so it is no play (45C1 plays only a card held so that his partner could see it), and his " \
                  "partner could possibly see its face (49)"
        else:
            why = f"his partner could possibly see it ({_why_not_played(table, seat)})"
        step = Step("TD", StepKind.FINDING if finding else StepKind.FORCED, rs.cite("49"),
                    f"{card} becomes a {_kind_word(t2, seat, card)} penalty card: {why}{claim_text}",
                    also=(rs.cite("45C1"), rs.cite("50"), rs.cite("50B"), rs.cite("50E2"), *claim_also), question=question,
                    choice="finding: visible" if finding else "penalty card")
        edges.append((step, _with_followups(rs, node, t2, task.read or task.then, seat, rest, info=info, findings=finding,
                                            joined=task.joined)))
    return edges


def _exposed_played(rs: RuleSet, node: Node, task: ExposedCard, clause: str, also: tuple[str, ...], why: str,
                    finding: tuple[str, ...], choice: str = "played") -> Edge:
    """The exposed card of ``task`` is played (``why``, under ``clause`` and ``also``;
    ``finding``: the director's finding it rests on, if any); shown while claiming, it is no
    claim (68, 68A)."""
    ev = task.event
    claiming = "claiming" in ev.facts
    claim_also = (rs.cite("68"), rs.cite("68A")) if claiming else ()
    claim_text = _NOT_A_CLAIM if claiming else ""
    # (the record's later plays put around it as play lines there would be: another
    # seat's second card after it, the seats still due following, is his lead to the next
    # trick)
    before, t2, then = _put(node.table, ev.seat, ev.card, task.read or task.then)
    step = Step("TD", StepKind.FINDING if finding else StepKind.FORCED, clause,
                f"{ev.card} is played to trick {t2.tricks[-1].number}: {why}{claim_text}", also=(*also, *claim_also),
                question=f"what becomes of {ev.seat}'s exposed {ev.card}?", choice=choice)
    return (step, _placed(node, before, t2, then, node.agenda[1:], findings=finding))


def _exposed_not_played(node: Node, task: ExposedCard, clause: str, also: tuple[str, ...], why: str,
                        finding: tuple[str, ...], choice: str = "not played") -> Edge:
    """The exposed card of ``task`` is not played (``why``, under ``clause`` and ``also``;
    ``finding``: the director's finding it rests on, if any). The record's later plays stand
    as the table played them, in the order of its lines (``task.read``) where a ruling before
    this one placed them anew (a card of cards played together kept, 58B), as where the card
    is played."""
    ev = task.event
    step = Step("TD", StepKind.FINDING if finding else StepKind.FORCED, clause, f"{ev.card} is not played: {why}",
                also=also, question=f"what becomes of {ev.seat}'s exposed {ev.card}?", choice=choice)
    return (step, _node(node, _then(node.table, task.read or task.then), node.agenda[1:], findings=finding))


def named_card(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """49: a card a defender names as being in his hand becomes a penalty card (major: naming
    is deliberate, Decisions.named_card_is_major); declarer's and dummy's never do (48A)."""
    assert isinstance(task, NamedCard)
    seat, card = task.event.seat, task.event.card
    table = node.table
    rest = node.agenda[1:]
    question = f"{seat} named {card} as being in his hand"
    if not table.is_defender(seat):
        step = Step("TD", StepKind.FORCED, rs.cite("48A"), f"{card} is declarer's or dummy's: never a penalty card",
                    question=question, choice="nothing")
        return [(step, _node(node, _then(table, task.then), rest))]
    if card not in table.hand(seat) or card in {p.card for p in table.penalty_cards}:
        step = Step("TD", StepKind.FORCED, rs.cite("49"), f"{card} is already played or a penalty card; naming it changes nothing",
                    question=question, choice="nothing")
        return [(step, _node(node, _then(table, task.then), rest))]
    kind = PenaltyKind.MAJOR if rs.decisions.named_card_is_major else kind_for(card, deliberate=False)
    t2, info = _make_penalty(rs, table, seat, card, kind)
    step = Step("TD", StepKind.FORCED, rs.cite("49"), f"{card} becomes a {_kind_word(t2, seat, card)} penalty card (named as held)",
                also=(rs.cite("50"), rs.cite("50B"), rs.cite("50E2")), question=question, choice="penalty card")
    return [(step, _with_followups(rs, node, t2, task.then, seat, rest, info=info, joined=task.joined))]


def extra_card(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """45E1: a defender's fifth card is a penalty card unless the director deems it led (then
    a lead, out of turn unless he won the trick: 53/56); 45E2: declarer's goes back to the hand
    unless deemed led (55). Without the director's finding, both branches."""
    assert isinstance(task, ExtraCard)
    seat, card = task.event.seat, task.event.card
    table = node.table
    rest = node.agenda[1:]
    cur = table.current_trick
    defender = table.is_defender(seat)
    clause = rs.cite("45E1") if defender else rs.cite("45E2")
    question = f"was {seat}'s {card} played to trick {cur.number if cur else '?'} or led to the next?"
    if cur is None or not cur.is_complete:
        own = cur.card_of(seat) if cur is not None else None
        if cur is not None and own is not None:
            # (he had played to the trick: a player plays one card to a trick, so this one is
            # no play to it; it is put down as a play line there would put it, the lead rules
            # ruling it: before his partner's card, 57A; docs/decisions.md)
            before, t2, then = _put(table, seat, card, task.read or task.then)
            step = Step("TD", StepKind.FORCED, rs.cite("45A"),
                        f"trick {cur.number} held {len(cur.plays)} card{'' if len(cur.plays) == 1 else 's'}, {seat}'s {own} among "
                        f"them: {card} is no fifth card (45E) but a second card of his, put down before the trick was complete, "
                        "and ruled as such",
                        question=question, choice="second card")
            return [(step, _placed(node, before, t2, then, rest))]
        before, t2, then = _put(table, seat, card, task.read or task.then)
        step = Step("TD", StepKind.FORCED, rs.cite("45A"), f"the trick did not hold four cards: {card} is simply played",
                    question=question, choice="played")
        return [(step, _placed(node, before, t2, then, rest))]
    if card not in table.hand(seat) and LED not in task.given:
        # A ruling ruled before this one has him play the card to a trick (a change of his
        # card under 58B3 or 62C1, a revoke's correction, 45D1): the card he put down as a
        # fifth was in his hand, face up (a penalty card, 45E1; declarer's back in his hand,
        # 45E2), and a card played is no penalty card and no lead (a penalty card played,
        # 50D1(a), is one no more); nothing is left to rule. (Found led, it was a card played
        # to the next trick, not one a change could take from his hand.)
        step = Step("TD", StepKind.FORCED, clause,
                    f"{card} is played to a trick by the ruling before this one: no fifth card is left to rule",
                    also=(rs.cite("50D1(a)"),), question=question, choice="played since")
        return [(step, _node(node, _then(table, task.read or task.then), rest))]
    edges: list[Edge] = []
    branches = _branches(task.given, (), PLAYED, LED)
    # A card he played again later in the record (his lead or play to a later trick) was not
    # led here: a card is played once, and his later play of it shows that the table took it
    # back to his hand (45E2) or left it before him as a penalty card (45E1). With no finding
    # recorded, it was played to the trick (docs/decisions.md, "A fifth card played again").
    again = LED not in task.given and bool(_played_again(seat, (card,), task.then))
    # His own card next, before any other player's, was his lead to the next trick: the
    # table did not take this one as led either (docs/decisions.md, "A fifth card followed
    # at once by another card of its player").
    later = task.read or task.then
    at_once = LED not in task.given and not again and bool(later) and later[0][1] is seat
    if again or at_once:
        branches = [(PLAYED, ())]
    why = (f" ({seat} played {card} again later in the record: it was played to the trick, not led)" if again else
           f" ({seat} put down {later[0][2]} next, before any other player's card: that was his lead, and {card} "
           "was played to the trick, not led)" if at_once else "")
    for b, finding in branches:
        kind_step = StepKind.FINDING if finding else StepKind.FORCED
        if b == LED:
            # the card leads the next trick; the cards the record has after it are played to
            # it. It is then a lead as any the record makes: the rules of leads rule it on
            # the table this ruling leaves (out of turn: 53-56, with the record's later cards
            # and recorded choices; in turn while a partner's major penalty card is in force
            # and declarer has not chosen: 50D2)
            # (the record's later cards are put as play lines after it would be: a seat's
            # second card in the trick it leads, the seats still due following, is his lead
            # to the trick after, made before that trick was complete, as with a play line)
            before, t2, then = _put(table, seat, card, task.read or task.then)
            leader = cur.winner(table.trumps)
            if leader is seat:
                text = f"{card} is deemed led to trick {cur.number + 1}; {seat} won trick {cur.number}, so it is his lead, in turn"
                also: tuple[str, ...] = (rs.cite("44G"),)
            else:
                loot = rs.cite("53A") if not defender else rs.cite("56")
                also = (rs.cite("55A") if not defender else loot, rs.cite("53A"))
                text = f"{card} is deemed led to trick {cur.number + 1}: a lead out of turn ({leader} won trick {cur.number}; Laws 53-56)"
            step = Step("TD", kind_step, clause, text, also=also, question=question, choice="led")
            edges.append((step, _placed(node, before, t2, then, rest, findings=finding, led=True)))
            continue
        if not defender:
            step = Step("TD", kind_step, clause, f"{card} goes back to the hand without rectification (48A: never a penalty card){why}",
                        also=(rs.cite("48A"),), question=question, choice="played to the trick")
            edges.append((step, _node(node, _then(table, task.read or task.then), rest, findings=finding)))
            continue
        kind = kind_for(card, deliberate=rs.decisions.fifth_card_is_deliberate)
        t2, info = _make_penalty(rs, table, seat, card, kind)
        after = task.read or task.then
        left = _left_on_the_next_trick(t2, seat, card, after) if rs.decisions.fifth_card_found_played_lies_on_the_next_trick else None
        also_played = ""
        due: tuple[str, ...] = ()
        if left is not None:
            after = left
            due = (rs.cite("50D1(a)") if kind is PenaltyKind.MAJOR else rs.cite("50C"),)
            also_played = (f"; the table played on to it as led, and it lay on trick {cur.number + 1} as {seat}'s card, "
                           f"who put no other there: it is his card to that trick, played at his turn ({due[0]})")
        step = Step("TD", kind_step, clause, f"{card}, played to a trick already complete, becomes a {_kind_word(t2, seat, card)} "
                    f"penalty card{why}{also_played}",
                    also=(rs.cite("50"), rs.cite("50B"), rs.cite("50E2"), *due),
                    question=question, choice="played to the trick")
        edges.append((step, _with_followups(rs, node, t2, after, seat, rest, info=info, findings=finding,
                                            joined=task.joined)))
    return edges


def simultaneous_play(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """58A: a play at the same moment as another's legal play counts as made after it: in
    turn it stands; out of turn it is a lead or play out of turn, left on the table for the
    rules of leads and plays out of turn (47B; 53-57: a premature play 57A, a play at the
    right-hand opponent's turn 57D, declarer's premature play 57C3);
    58B1: one face visible, that card is played and the others go back (47F2 aside, no
    rectification); 58B2: several visible, the offender says which he plays and a defender's
    other visible cards are penalty cards (50B); 58B3: then an opponent who played after may
    change his card."""
    assert isinstance(task, SimultaneousPlay)
    ev = task.event
    seat = ev.seat
    table = node.table
    rest = node.agenda[1:]
    defender = table.is_defender(seat)
    if len(ev.cards) == 1:
        card = ev.cards[0]
        question = f"{seat}'s {card} was played at the same moment as the card before it"
        if _turn(table, seat):
            before, t2, then = _put(table, seat, card, task.read or task.then)
            step = Step("TD", StepKind.FORCED, rs.cite("58A"), f"{card} counts as played after the other card, in turn: it stands",
                        question=question, choice="stands")
            return [(step, _placed(node, before, t2, then, rest))]
        before, t2, then = _put(table, seat, card, task.read or task.then)
        # Out of turn, it is a play out of turn like any other: 58A fixes the order and no
        # more. The rules of leads and plays out of turn (53-57) rule it on the table this
        # leaves, as they rule the same card played there outright (the engine opens them on
        # the rectified table): 57A before the partner, 57D at the right-hand opponent's turn.
        trick = t2.tricks[-1]
        what = "led" if trick.plays[0] == (seat, card) else "played"
        step = Step("TD", StepKind.FORCED, rs.cite("58A"),
                    f"{card} counts as played after the other card: {seat} {what} it to trick {trick.number} out of turn, "
                    "an illegal play corrected as any lead or play out of turn is",
                    also=(rs.cite("47B"),), question=question, choice="out of turn")
        return [(step, _node(node, _then(t2, then, _placed_key(t2, seat, card)), rest))]
    faces = ev.faces
    names = " ".join(str(c) for c in ev.cards)
    seen = rs.decisions.simultaneous_visible_cards_found_at_once and len(faces) == len(ev.cards)
    if not seen and (task.went_on or _found_late(table, seat, ev.cards, task.read or task.then)):
        return _defective_trick(rs, node, table, seat, ev.cards, faces, task.read or task.then, rest)
    if len(faces) == 1:
        card = faces[0]
        before, t2, then = _put(table, seat, card, task.read or task.then)
        back = [str(c) for c in ev.cards if c != card]
        step = Step("TD", StepKind.FORCED, rs.cite("58B1"),
                    f"only {card}'s face was visible: it is played; {' '.join(back)} "
                    f"{'goes' if len(back) == 1 else 'go'} back to the hand without rectification",
                    question=f"{seat} played {names} together", choice=str(card))
        return [(step, _placed(node, before, t2, then, rest))]
    question = f"{seat} played {names} together, more than one face visible: he says which card he plays"
    # A visible card he played again later in the record (led or played to a later trick, or
    # put down again as his lead to the next one) was not the card he played here: his own
    # later play of it, which the table saw, shows which card stayed on the trick as his. He
    # names among the others (docs/decisions.md, "Cards played together, one played again").
    again = _played_again(seat, faces, task.then)
    named = tuple(c for c in faces if c not in again) or faces
    edges: list[Edge] = []
    for card in named:
        before, t2, then = _put(table, seat, card, task.read or task.then)
        others = [c for c in faces if c != card]
        also: list[str]
        if defender:
            for c in others:
                t2 = t2.with_penalty(seat, c, kind_for(c, deliberate=False))
            # (played with the card he plays, each other card is withdrawn and a penalty card:
            # both laws, 16C and 50E, as declarer's are 16C information below)
            infos = tuple(i for c in others for i in rs.penalty_withdrawal_info(seat, c, t2))
            fate = ", ".join(f"{c} a {_kind_word(t2, seat, c)} penalty card" for c in others)
            also = [rs.cite("50B"), *info_clauses(infos)]
        else:
            fate = " ".join(str(c) for c in others) + " back to the hand (48A)"
            infos = tuple(rs.withdrawn_info(seat, c, seat.side, table) for c in others)
            also = [rs.cite("48A"), infos[0].ai_clause, infos[0].ui_clause]
        t3 = _then(t2, then, _placed_key(t2, seat, card))
        # the opponents' cards played after his to the same trick, as the table now stands
        number = t2.tricks[-1].number
        same = t3.trick(number)
        # (after the card he plays: one he had played to the trick before it is not it; nor
        # an opponent's second card there, his lead to the next trick, not a play to this one)
        pos = same.plays.index((seat, card)) if same is not None and (seat, card) in same.plays else None
        later = tuple((number, s, c) for i, (s, c) in enumerate(same.plays) if pos is not None and i > pos
                      and s.side is not seat.side and same.card_of(s) == c) if same is not None else ()
        # An opponent's card there that itself fails to follow suit is corrected at attention
        # (62A, 62B): its withdrawal is his revoke's correction, with his side the offending
        # one (16C), not a free 58B3 change; it is taken back once, by the revoke rules.
        owing = {(r.trick, r.seat, r.card) for r in t3.revokes if not t3.is_established(r)}
        later = tuple(p for p in later if p not in owing)
        # An opponent's card there played after a revoke of the offender's side on the same
        # trick, corrected at attention: the right to change it after that correction (62C1)
        # and 58B3's are one right over one card, offered once, where the revoke is corrected.
        if later and same is not None:
            after_revoke = [i for i, (s, c) in enumerate(same.plays) if s.side is seat.side and (number, s, c) in owing]
            if after_revoke:
                first = min(after_revoke)
                later = tuple(p for p in later if same.plays.index((p[1], p[2])) < first)
        # A defender's card there played after dummy placed a card declarer had not
        # designated (45D1): the right to change it once dummy's card is corrected and 58B3's
        # are one right over one card, offered once, where dummy's error is corrected
        # (declarer's right there is 45D1's only when his right-hand opponent changed: his
        # 58B3 change stays)
        if later and same is not None and task.misplaced:
            wrong = [i for i, p in enumerate(same.plays) if p in task.misplaced]
            revoked = {(r.trick, r.seat, r.card) for r in t3.revokes}
            if wrong:
                later = tuple(p for p in later if not t3.is_defender(p[1]) or p in revoked
                              or same.plays.index((p[1], p[2])) < min(wrong))
        # A defender's card there played to the card declarer changed to, after dummy's card
        # of the offender's side whose designation he changed, the change refused (45C4(b)):
        # the right to withdraw it once the change is refused (47D) and 58B3's are one right
        # over one card, offered once, where the change is ruled (dummy's own card, an
        # opponent's, waits for that ruling instead: below)
        if later and same is not None and task.to_refused:
            moved = [same.plays.index((p[1], p[2])) for p, _ in task.redesignated
                     if p[0] == number and p not in later and (p[1], p[2]) in same.plays]
            if moved:
                later = tuple(p for p in later if not t3.is_defender(p[1]) or (p[1], p[2]) not in task.to_refused
                              or same.plays.index((p[1], p[2])) < min(moved))
        # The card he plays fails to follow suit and is corrected at attention (62A): the
        # opponents' right to change (62C1) then comes with that correction, at the same
        # moment as 58B3's; it is one right, offered once, where the revoke is corrected.
        corrected = any(r not in table.revokes and not t3.is_established(r) for r in t2.revokes)
        # 58B3 is a change to the trick: once each side has played to the next trick (the
        # table played on past it, or on to the end) there is none (docs/decisions.md)
        past = rs.decisions.simultaneous_change_ends_past_the_trick and (task.went_on or _played_past(t3, number, task.played_out))
        # 58B3's right is over a card of this trick, ruled with the penalty cards (which took
        # effect at once) only where no correction of an earlier trick made at attention was
        # passed for them (47D after a change of designation refused): else it waits until
        # that correction has settled and is ruled on the table it leaves (Staged; nothing is
        # left to rule where it took the card off the table)
        # Dummy's card there whose designation declarer later changed (45C4(b)): which card
        # dummy played is the director's finding, ruled by the designation rules; 58B3's
        # right is over dummy's card as that ruling leaves it, so the option (every
        # opponent's, in rotation) waits for it, where the change's line stands, and reads
        # dummy's card as it then stands (docs/whole-record.md)
        changes = [line for p, line in task.redesignated if p in later]
        # A defender's card there played to the card declarer changed dummy's card of the
        # offender's side to, the record giving no finding on the change: refused, 47D lets
        # him withdraw it; found a slip, only 58B3 does. The option waits for the change's
        # ruling, where its line stands, and passes his card over where the change was
        # refused (one right over one card, offered once, under 47D)
        allowed: tuple[tuple[Seat, Card, Card], ...] = ()
        if later and same is not None and task.to_change:
            own = [(same.plays.index((p[1], p[2])), line) for p, line in task.redesignated
                   if p[0] == number and p not in later and (p[1], p[2]) in same.plays]
            if own:
                first = min(i for i, _ in own)
                allowed = tuple(x for x in task.to_change if (number, x[0], x[1]) in later and t3.is_defender(x[0])
                                and same.plays.index((x[0], x[1])) > first)
                if allowed:
                    changes += [line for _, line in own]
        early = frozenset((n, s) for n, s, _, _ in t3.put_down_early)
        mid: tuple[object, ...] = ()
        if later and not corrected and not past and changes:
            waiting = frozenset(p[1] for p, _ in task.redesignated if p in later)
            stands = tuple(p for p in later if p[1] not in waiting)
            mid = (Staged(OpponentMayChange(seat, later, early=early, as_standing=waiting, if_allowed=allowed), "exposure",
                          tuple(changes), number, stands),)
        elif later and not corrected and not past:
            # (the trick led out of turn, that lead not yet ruled: the option waits for its
            # ruling, which may make another card the trick's lead and the card he plays a
            # revoke on it, 62C1's then, opponent_may_change)
            unruled = same is not None and bool(same.plays) and (number, *same.plays[0]) in t3.out_of_turn
            # (dummy's card there placed after a call that leaves a choice, before a defender's
            # card: the option waits for the designation's ruling, 45D1's where another card is
            # designated, 58B3's where the placed card is)
            placed = _placed_before_a_defender(t3, same, later, task.chosen) if same is not None else None
            # (dummy's own card there placed after a call the designation rules rule: the
            # option over it waits for that ruling, and reads dummy's card as it leaves it)
            called = frozenset(p[1] for p in later if (p[1], p[2]) in task.chosen)
            lines = tuple(e for s, c, e in task.calls if s in called and any(p[1:] == (s, c) for p in later))
            mid = (Staged(OpponentMayChange(seat, later, early=early, placed=placed, as_standing=called), "exposure",
                          lines or (ev,), number, later,
                          behind_earlier=not unruled and placed is None and not called),)
        if len(named) == 1:
            shown = " ".join(str(c) for c in faces if c in again)
            step = Step("TD", StepKind.FORCED, rs.cite("58B2"),
                        f"{seat} plays {card}: he played {shown} again later, so {card} is the card he played here; {fate}",
                        also=(rs.cite("47B"), *also), question=question, choice=str(card))
        else:
            step = Step(rs.actor(table, seat), StepKind.OPTION, rs.cite("58B2"), f"{seat} plays {card}; {fate}",
                        also=(rs.cite("47B"), *also), question=question, choice=str(card))
        edges.append((step, _placed(node, before, t2, then, mid + _options_after(rs, t3, then, seat, task.joined) + rest, info=infos)))
    return edges


def card_before_turn(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """44B: the players play in turn, one card each. A defender's card put down before his
    turn, the record then having him play another card to the trick at his turn, is a play
    out of turn: put where he put it down, on the trick as it then stood, and ruled by the
    rules of plays out of turn (57A before his partner, 57D at his right-hand opponent's
    turn; 2007 49, 50) on the table this leaves, his card at his turn read from the record
    there, as when the same card is written ``plays <card> simultaneous`` (58A)."""
    assert isinstance(task, CardBeforeTurn)
    ev = task.event
    table = node.table
    _, t2, then = _put(table, ev.seat, ev.card, task.read or task.then)
    trick = t2.tricks[-1]
    step = Step("TD", StepKind.FORCED, rs.cite("44B"),
                f"{ev.seat} put {ev.card} on trick {trick.number} before his turn: a play out of turn, corrected as any "
                "play out of turn is; the card he played at his turn follows it",
                also=(rs.cite("47B"),), question=f"{ev.seat}'s {ev.card}, put down before his turn", choice="out of turn",
                past=True)
    return [(step, _node(node, _then(t2, then, _placed_key(t2, ev.seat, ev.card)), node.agenda[1:]))]


def _went_on(at: TableState, later: tuple[LaterPlay, ...]) -> bool:
    """Whether the record's plays after a line of cards played together (``later``: every one
    to attention, on ``at``, the table before the line) hold cards of both sides beyond those
    that complete the trick the line's card goes to: each side played to the next trick
    before attention (58B4; 58B3's change is then over, ``simultaneous_change_ends_past_the_trick``).
    The count is of play lines only: a card a later line of this module puts on a trick is
    not counted, so a trick it completes asks one more play of the record."""
    cur = at.current_trick
    held = len(cur.plays) if cur is not None and not cur.is_complete else 0
    beyond = later[3 - held:][:4]
    return len({s.side for _, s, _ in beyond}) == 2


def _left_on_the_next_trick(table: TableState, seat: Seat, card: Card,
                            then: tuple[LaterPlay, ...]) -> tuple[LaterPlay, ...] | None:
    """A defender's fifth card found played to the trick before (45E1), a penalty card on
    ``table``, that the table took as his lead to the next trick and played on to: the
    record's next plays (``then``, in the order of its lines) are the other three seats'
    cards to that trick in rotation from its proper leader, his left-hand opponent (the
    trick's winner), and then a card that is not his. The card lay on that trick as his, and
    he put no other card there: a major penalty card is played at the first legal
    opportunity (50D1(a)), a minor one may be (50C), and this is it where the card is a legal
    play at his turn and no other penalty card of his is (declarer would designate among
    them, 50D1(a)). The record's plays with his card put at his turn, or None where the
    record is not so."""
    done = table.current_trick
    if done is None or not done.is_complete or len(then) < 4:
        return None
    leader = done.winner(table.trumps)
    if leader is not seat.lho or [s for _, s, _ in then[:3]] != [seat.lho, seat.partner, seat.rho] or then[3][1] is seat:
        return None
    led = then[0][2].suit
    if card.suit is not led and any(c.suit is led for c in table.hand(seat)):
        return None  # (no legal play there: he holds the suit led)
    if any(c not in table.hand(s) for _, s, c in then[:3]):
        return None
    if any(p.card != card and (p.card.suit is led or not any(c.suit is led for c in table.hand(seat)))
           for p in table.penalty_cards_of(seat)):
        return None  # (another penalty card of his could be played there too)
    return (*then[:3], (done.number + 1, seat, card), *then[3:])


def _played_again(seat: Seat, cards: tuple[Card, ...], then: tuple[LaterPlay, ...]) -> frozenset[Card]:
    """The cards of ``cards`` that the record's later plays (``then``) have ``seat`` play again."""
    return frozenset(c for _, s, c in then if s is seat and c in cards)


def _played_past(table: TableState, number: int, played_out: bool) -> bool:
    """Whether each side has played to the trick after trick ``number``: on ``table``, or in
    play that went on to the end after the record's last card (``played_out``, as
    ``Replay.played_to`` reads it)."""
    nxt = table.trick(number + 1)
    if nxt is not None and len({s.side for s, _ in nxt.plays}) == 2:
        return True
    return played_out and number < 13 and (nxt is None or not nxt.is_complete)


def _found_late(table: TableState, seat: Seat, cards: tuple[Card, ...], then: tuple[LaterPlay, ...]) -> bool:
    """58B4: were the simultaneous cards found only after a player of each side had played to
    the next trick? (The record's later plays are put back after one of the cards, as play
    lines there would be placed, ``_put``.)"""
    _, placed, rest = _put(table, seat, cards[0], then)
    number = _placed_key(placed, seat, cards[0])[0]
    nxt = _then(placed, rest, (number, seat)).trick(number + 1)
    return nxt is not None and len({s.side for s, _ in nxt.plays}) == 2


def _kept_card(table: TableState, seat: Seat, cards: tuple[Card, ...], faces: tuple[Card, ...]) -> Card:
    """67B2: the card the offender faced when he played to the trick stays; when that cannot
    be told (no face or several faces seen), the highest card he could lawfully have played."""
    if len(faces) == 1 and faces[0] in cards:
        return faces[0]
    trick = table.current_trick
    led = trick.plays[0][1].suit if trick is not None and trick.plays and not trick.is_complete else None
    lawful = [c for c in cards if led is None or c.suit is led or not any(h.suit is led for h in table.hand(seat))]
    return max(lawful or list(cards), key=lambda c: c.rank)


def _defective_trick(rs: RuleSet, node: Node, table: TableState, seat: Seat, cards: tuple[Card, ...],
                     faces: tuple[Card, ...], then: tuple[LaterPlay, ...], rest: tuple[object, ...]) -> list[Edge]:
    """58B4 with 67B2: found only after each side has played to the next trick, the trick is
    defective: one card stays (the one faced, else the highest lawful one) and the extra cards
    go back to the hand unexposed, with no rectification for them; the trick's ownership is
    as played. A card put back that the offender should have played to that trick makes a
    revoke, found and ruled by the revoke rules on the rectified table (established: 63A1).
    The record's later plays (``then``, in the order of its lines) are put back as
    :func:`_put` places them: a second card of the offender's in the trick, the seats still
    due following it, is his lead to the next trick put down early, not dropped."""
    # (a card he played again later in the record is not the one that stayed on the trick)
    again = _played_again(seat, cards, then)
    card = _kept_card(table, seat, tuple(c for c in cards if c not in again) or cards, faces)
    others = " ".join(str(c) for c in cards if c != card)
    before, t2, later = _put(table, seat, card, then)
    step = Step("TD", StepKind.FORCED, rs.cite("58B4"),
                f"{seat}'s cards {' '.join(str(c) for c in cards)} played together were found only after each side "
                f"had played to the next trick: a defective trick (67B2); {card} stays played and {others} "
                f"{'goes' if len(cards) == 2 else 'go'} back to the hand, not exposed, with no rectification",
                also=(rs.cite("67B2"),), question=f"{seat} played {' '.join(str(c) for c in cards)} together, found late",
                choice=str(card))
    return [(step, _placed(node, before, t2, later, rest))]


def opponent_may_change(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """58B3: an opponent who had played to the trick after the simultaneous cards may take
    his card back and play another, without rectification (16C)."""
    assert isinstance(task, OpponentMayChange)
    table = node.table
    trick_no, seat, card = task.later[task.index]
    trick = table.trick(trick_no)
    if seat in task.as_standing and trick is not None and (now := trick.card_of(seat)) is not None:
        card = now  # (dummy's card as the ruling of its designation left it)
    question = f"{seat} (non-offending side) may withdraw {card} and play another card"
    nxt: tuple[object, ...] = ((OpponentMayChange(task.offender, task.later, task.index + 1, as_standing=task.as_standing,
                                                  moved=task.moved, placed=task.placed, if_allowed=task.if_allowed),)
                               if task.index + 1 < len(task.later) else ())
    rest = nxt + node.agenda[1:]
    # (the offender's partner's 47D option, when he played after this opponent and before
    # the next: due where an opponent before him changed, this one or an earlier one)
    partner = _partner_after(rs, table, task, trick_no, seat)
    dummy_card = trick.card_of(table.dummy) if trick is not None else None
    if any((s, c) == (seat, card) and dummy_card is not None and dummy_card != changed for s, c, changed in task.if_allowed):
        # (played to a change of dummy's card that the ruling refused: 47D's right over it,
        # offered where the change was ruled, is the one right over this card)
        return _passed_over(rs, node, task, nxt, partner, question,
                            f"{seat}'s {card} was played to declarer's change, refused: his right to change it was 47D's, "
                            "ruled with the change", (rs.cite("47D"),), "ruled under 47D")
    if seat in task.as_standing and any((r.trick, r.seat, r.card) == (trick_no, seat, card) and not table.is_established(r)
                                        for r in table.revokes):
        # (dummy's card as its designation's ruling left it fails to follow suit: its
        # withdrawal is the revoke's correction, his side the offending one, made by the
        # revoke rules, not a free 58B3 change: as for a card so played, simultaneous_play)
        return _passed_over(rs, node, task, nxt, partner, question,
                            f"{seat}'s {card} fails to follow suit: it is corrected as a revoke, not changed under 58B3",
                            (), "revoke")
    if task.placed is not None and trick is not None and _corrected_before(trick, seat, task.placed) and table.is_defender(seat):
        # (dummy's card before his, placed after a call that left a choice, was corrected,
        # another card designated: his right to change is 45D1's, offered with that
        # correction: one right over one card, offered once)
        return _passed_over(rs, node, task, nxt, partner, question,
                            f"{seat} played {card} after dummy's card was corrected: his change is {rs.cite('45D1')}'s, "
                            "offered with that correction", (rs.cite("45D1"),), "45D1")
    owing = _revoke_before(table, trick_no, seat, task.offender) if trick is not None and trick.card_of(seat) == card else None
    if owing is not None:
        # (a revoke of the offender's side stands before his card on the trick as the rulings
        # before this option left it, a lead they made the trick's lead: corrected at
        # attention (62A), and his right to change his card then is 62C1's, at the same moment
        # as 58B3's: one right over one card, offered once, where the revoke is corrected)
        return _passed_over(rs, node, task, nxt, partner, question,
                            f"{seat} played {card} after {owing.seat}'s revoke {owing.card} on the trick as it now stands: "
                            f"his change is offered where that revoke is corrected ({rs.cite('62C1')})",
                            (rs.cite("62C1"),), "62C1")
    actor = rs.actor(table, seat)
    edges: list[Edge] = [(Step(actor, StepKind.OPTION, rs.cite("58B3"), f"{seat} keeps {card}", question=question, choice="keep"),
                          _node(node, table, _with_partner(partner, task.moved, nxt, rest)))]
    if trick is None or trick.card_of(seat) != card:
        return edges
    moved = tuple(replace(t, moved=True) if isinstance(t, OpponentMayChange) else t for t in nxt)
    changed = _with_partner(partner, True, moved, (), tail=node.agenda[1:])
    edges += _changes(rs, node, trick, seat, card, task.offender.side, task.early, rs.cite("58B3"), actor, question, changed)
    return edges


def _passed_over(rs: RuleSet, node: Node, task: OpponentMayChange, nxt: tuple[object, ...],
                 partner: PartnerMayChange | None, question: str, text: str, also: tuple[str, ...],
                 choice: str) -> list[Edge]:
    """58B3 passes over this opponent's card, his one right over it being another clause's
    (``also``) or none (``text`` says why): the next opponent's option is ruled at once; after
    the last, one forced step, and the rest of the agenda (the offender's partner's 47D option
    first where an opponent before him changed)."""
    rest = nxt + node.agenda[1:]
    if nxt:
        return opponent_may_change(rs, node.evolve(agenda=rest), nxt[0])
    step = Step("TD", StepKind.FORCED, rs.cite("58B3"), text, also=also, question=question, choice=choice)
    return [(step, _node(node, node.table, _with_partner(partner, task.moved, nxt, rest)))]


def _changes(rs: RuleSet, node: Node, trick: Trick, seat: Seat, card: Card, offending: Side,
             early: frozenset[tuple[int, Seat]], clause: str, actor: str, question: str,
             agenda: tuple[object, ...]) -> list[Edge]:
    """The edges of ``seat``'s change of ``card`` on ``trick`` without penalty (58B3 for an
    opponent of the offender, 47D for his partner: ``clause``): one for each lawful
    substitute (a penalty card he played back to being one binds it, 50D1(a), 50C; at his
    lead a restriction in force first, 50D1(b)), the card withdrawn information under 16C
    with ``offending`` the offending side, and the cards played after it sent back where the
    trick changes hands (44G)."""
    table = node.table
    trick_no = trick.number
    hand = frozenset(table.hand(seat) | {card})
    info = rs.withdrawn_info(seat, card, offending, table)
    pcs = table.penalty_cards_of(seat)
    restored = table.played_penalty_card(seat, card) if rs.decisions.restored_penalty_card_binds_substitute else None
    led = trick.suit_led if trick.plays[0][0] is not seat else None
    required, forbidden = lead_rule_args(table, trick_no, seat) if led is None else (None, None)
    subs = lawful_substitutes(hand, led, pcs, card, restored, required, forbidden)
    # several penalty cards due: declarer designates the one played (51A)
    named, designated = penalty_card_designation(subs, pcs, rs.cite("51A"))
    edges: list[Edge] = []
    for sub in subs:
        t2 = table.replace_card(trick_no, seat, sub)
        t2, back = _lead_no_longer_due(t2, trick_no, table, early)
        infos = (info, *(rs.withdrawn_info(s, c, offending, table) for s, c in back))
        text = f"{seat} withdraws {card} and plays {sub}{named}; {no_penalty_card(table, seat, card, True)}"
        if back:
            text += f"; the trick changes hands, so {', '.join(f'{s} {c}' for s, c in back)} played after it go back (44G)"
        step = Step(actor, StepKind.OPTION, clause, text,
                    also=(info.ai_clause, info.ui_clause, *((rs.cite("44G"),) if back else ()), *designated),
                    question=question, choice=f"change to {sub}")
        edges.append((step, _node(node, t2, agenda, info=infos)))
    return edges


def _partner_after(rs: RuleSet, table: TableState, task: OpponentMayChange, trick_no: int, seat: Seat) -> PartnerMayChange | None:
    """The offender's partner's 47D option (:class:`PartnerMayChange`) to rule after this
    opponent's 58B3 option: where he played to the trick after this opponent and before the
    next opponent of ``task.later`` (switch ``simultaneous_change_lets_offenders_partner_change``)."""
    if not rs.decisions.simultaneous_change_lets_offenders_partner_change:
        return None
    trick = table.trick(trick_no)
    partner = task.offender.partner
    if trick is None or trick.card_of(partner) is None:
        return None
    at, here = trick.position_of(partner), trick.position_of(seat)
    if at is None or here is None or at < here:
        return None
    if task.index + 1 < len(task.later):
        n, s, _ = task.later[task.index + 1]
        there = trick.position_of(s) if n == trick_no else None
        if there is not None and there < at:
            return None
    return PartnerMayChange(task.offender, trick_no, partner, task.early)


def _with_partner(partner: PartnerMayChange | None, moved: bool, nxt: tuple[object, ...], rest: tuple[object, ...],
                  tail: tuple[object, ...] | None = None) -> tuple[object, ...]:
    """The agenda after an opponent's 58B3 option: the partner's 47D option first when one
    is due (an opponent before him changed), then the next opponent's, then the rest."""
    after = rest if tail is None else nxt + tail
    if partner is None or not moved:
        return after
    return (partner, *after)


def partner_may_change(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """47D after 58B3: an opponent of the offender changed his card to the trick; the
    offender's partner, who played to it after that card, may take his card back and play
    another (no penalty card; 16C with his side the offending one)."""
    assert isinstance(task, PartnerMayChange)
    table = node.table
    seat, trick_no = task.seat, task.trick
    rest = node.agenda[1:]
    trick = table.trick(trick_no)
    card = trick.card_of(seat) if trick is not None else None
    question = f"{seat} (offender's partner) may withdraw {card} and play another card: an opponent before him changed his"
    actor = rs.actor(table, seat)
    edges: list[Edge] = [(Step(actor, StepKind.OPTION, rs.cite("47D"), f"{seat} keeps {card}", question=question, choice="keep"),
                          _node(node, table, rest))]
    if trick is None or card is None:
        return edges
    edges += _changes(rs, node, trick, seat, card, seat.side, task.early, rs.cite("47D"), actor, question, rest)
    return edges


def _placed_before_a_defender(table: TableState, trick: Trick, later: tuple[LaterPlay, ...],
                              chosen: frozenset[tuple[Seat, Card]]) -> tuple[Seat, Card] | None:
    """Dummy's card of ``chosen`` standing on ``trick`` before a defender's card of ``later``
    (``SimultaneousPlay.chosen``), or None."""
    for at, p in enumerate(trick.plays):
        if p in chosen and any(table.is_defender(s) and trick.plays.index((s, c)) > at for _, s, c in later):
            return p
    return None


def _corrected_before(trick: Trick, seat: Seat, placed: tuple[Seat, Card]) -> bool:
    """Whether dummy's ``placed`` card, before ``seat``'s card on ``trick`` where the record
    put it, no longer stands there (another card designated in its place, 45D1)."""
    dummy, card = placed
    now = trick.card_of(dummy)
    return now is not None and now != card and trick.position_of(dummy) is not None \
        and (trick.position_of(dummy) or 0) < (trick.position_of(seat) or 0)


def _revoke_before(table: TableState, trick_no: int, seat: Seat, offender: Seat) -> Revoke | None:
    """A revoke of ``offender``'s side on trick ``trick_no`` of ``table``, not established
    (63A1: corrected at attention, 62A), made before ``seat``'s card there. None: none."""
    trick = table.trick(trick_no)
    if trick is None:
        return None
    pos = trick.position_of(seat)
    if pos is None:
        return None
    for r in table.revokes:
        if (r.trick == trick_no and r.seat.side is offender.side and (at := trick.position_of(r.seat)) is not None
                and at < pos and trick.card_of(r.seat) == r.card and not table.is_established(r)):
            return r
    return None


def _lead_no_longer_due(table: TableState, trick_no: int, before: TableState,
                        early: frozenset[tuple[int, Seat]] = frozenset()) -> tuple[TableState, tuple[tuple[Seat, Card], ...]]:
    """44G: when a change makes another player win the trick, the lead to the next trick (and
    every card played after it) was made by the wrong player: those cards go back to the hands.
    A lead made by the player who now wins it is his lead in turn (read again so). A lead put
    down before the trick was complete (``early``) was made at its player's risk, not in turn
    as the trick then stood: it stays, out of turn as the trick's winner now makes it, for the
    rules of leads out of turn (53A, 55A, 56; docs/decisions.md)."""
    old, new = before.trick(trick_no), table.trick(trick_no)
    nxt = table.trick(trick_no + 1)
    if old is None or new is None or nxt is None or not nxt.plays or not new.is_complete:
        return table, ()
    winner = new.winner(table.trumps)
    if winner == old.winner(before.trumps):
        return table, ()
    if nxt.plays[0][0] is winner:
        # (made by the player who now won the trick: his lead, in turn, as the trick stands)
        return table.with_lead_read_again(trick_no + 1), ()
    if (trick_no + 1, nxt.plays[0][0]) in early:
        return table.with_lead_out_of_turn_again(trick_no + 1), ()
    back = [(t.number, s, c) for t in table.tricks if t.number > trick_no for s, c in t.plays]
    for number in sorted({n for n, _, _ in back}):
        table = table.keeping_established(number)  # (a play that established a revoke stays so: 63A1)
    for number, s, c in reversed(back):
        table = table.replace_card(number, s, None, card=c)
    return table.without_trick_after(trick_no), tuple((s, c) for _, s, c in back)


RULES: tuple[Rule, ...] = (
    Rule("exposed_card", ExposedCard,
         ("45A", "45C1", "45C2(a)", "45C2(b)", "48A", "48B2", "49", "50", "50B", "50E2", "68", "68A"),
         exposed_card, exposed_card.__doc__ or ""),
    Rule("named_card", NamedCard, ("48A", "49", "50", "50B", "50E2"), named_card, named_card.__doc__ or ""),
    Rule("extra_card", ExtraCard, ("45A", "45E1", "45E2", "44G", "48A", "53A", "55A", "56", "50", "50B", "50D1(a)", "50E2"),
         extra_card, extra_card.__doc__ or ""),
    Rule("simultaneous_play", SimultaneousPlay, ("58A", "58B1", "58B2", "58B4", "67B2", "47B", "48A", "50B", "50E2", "16C1", "16C2"),
         simultaneous_play, simultaneous_play.__doc__ or ""),
    Rule("card_before_turn", CardBeforeTurn, ("44B", "47B"), card_before_turn, card_before_turn.__doc__ or ""),
    Rule("opponent_may_change", OpponentMayChange, ("58B3", "47D", "16C1", "16C2", "50E1", "50E2"), opponent_may_change, opponent_may_change.__doc__ or ""),
    Rule("partner_may_change", PartnerMayChange, ("47D", "16C1", "16C2", "50E1", "50E2"), partner_may_change, partner_may_change.__doc__ or ""),
)
OPENERS: tuple[tuple[str, object], ...] = (("exposure", open_exposure),)
OPENER_LINES = {"exposure": OWN}
#: the findings a branch of these rules may record (claim atom ``finding <word>``)
FINDINGS = frozenset({VISIBLE, NOT_VISIBLE, PLAYED, NOT_PLAYED, LED})
