"""Penalty cards after they exist: Laws 50 (disposition), 51 (two or more), 52 (failure to
lead or play one) and 50E (information). See docs/exposure-penalty-rules.md.

What a penalty card obliges its owner to play (50C, 50D1) is a constraint of
:mod:`rulings.solver.lawful`; this module rules on the moments where somebody chooses:

* the owner's partner is to lead (50D2, 51B): declarer requires the suit, forbids it (for
  as long as that player keeps the lead) or lets the card stay; a partner who leads before
  declarer has chosen has his card made a major penalty card (49), then declarer chooses;
* the owner led or played another card when a penalty card was due (52): declarer accepts
  it, or requires the penalty card instead (every illegal card becomes a major penalty card).

Other rule families (a lead out of turn refused becomes a major penalty card, 56 with 50)
put the tasks of :mod:`rulings.solver.obligations` on the agenda; this module rules them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from itertools import combinations

from rulings.models.cards import Card, Seat, Suit
from rulings.models.case import Replay
from rulings.models.dataclass import dataclass
from rulings.models.errors import NotationError
from rulings.models.events import Choice, Chooses, ClaimTricks, Expose, FifthCard, Play, Simultaneous
from rulings.models.table import LeadRule, PenaltyCard, PenaltyKind, Revoke, TableState
from rulings.solver.claims import Atom, add_atom_forms, register_atom, restriction_explain
from rulings.solver.config import Decisions
from rulings.solver.engine import (
    Answer,
    Edge,
    Info,
    Node,
    Restoration,
    Ruled,
    Step,
    StepKind,
    handled_key,
    info_clauses,
    normal_choice,
    played,
    with_entries,
)
from rulings.solver.establishment import claim_agreement, claim_establishment
from rulings.solver.lawful import obligations
from rulings.solver.obligations import (
    FailedPenaltyCard,
    PenaltyCardOptions,
    due_at,
    failure_at,
    failure_follows,
    failures,
    lapsed_restrictions,
    lead_choice_lines,
    lead_option_label,
    lead_restriction,
    lead_rule_args,
    options_after_failure,
    options_chosen,
    penalty_tasks,
    plays_after,
    recorded_lead_choice,
    refusal_cards,
    restriction_words,
    stated_option,
    to_lead,
)
from rulings.solver.rulesets.base import Opening, Rule, RuleSet


def penalty_followups(rs: RuleSet, node: Node, holder: Seat, rest: tuple[object, ...] | None = None,
                      choices: Sequence[object] = (), trick: int | None = None, refusal: bool = False) -> list[Edge]:
    """Declarer's options when ``holder``'s partner is to lead (50D2, 51B1, 51B2), as edges
    out of ``node`` whose children carry ``rest`` (default: ``node.agenda[1:]``, i.e. called
    from the handler of the task at the head of the agenda). Empty when none apply.
    A choice the record settles (``choices``, :func:`recorded_lead_choice`) is the only edge.
    ``trick``: the trick that lead is to (the record went on past it); default the next one.
    ``refusal``: the choice comes with a lead out of turn refused at this lead
    (``PenaltyCardOptions.refusal``)."""
    reached: list[str] = []
    edges = _followups(rs, node, holder, rest, trick, reached, refusal)
    then = _in_force_at_lead(node.table, holder, trick) if trick is not None else None
    recorded = recorded_lead_choice(node.table, holder, choices, then) if edges else None
    if recorded is None:
        if reached:
            edges = _without_reached(edges, reached)
        return edges
    label, lines = recorded
    said = "; ".join(str(c) for c in lines)
    return [(replace(step, text=f"{step.text} (recorded: {said})", recorded=True), child) for step, child in edges
            if step.choice == label]


def _followups(rs: RuleSet, node: Node, holder: Seat, rest: tuple[object, ...] | None, trick: int | None = None,
               reached: list[str] | None = None, refusal: bool = False) -> list[Edge]:
    """The edges of declarer's choice (:func:`penalty_followups`). ``reached``, when given,
    is filled with the labels of the restrictions whose position an earlier choice at the
    same player's lead, waived over penalty cards all still in force, already gives
    (:func:`_waived_lead`): one naming only suits of those cards, no penalty card added
    since being of those suits (the same cards picked up, the same restriction, the cards
    added since left penalty cards). And, where this choice comes with a lead out of turn
    refused at this lead (``refusal``: that ruling asks for it on every course of the
    earlier choice), forbidding suits of those cards and suits of the cards added since
    (none of one kind being of the other): the position of forbidding the first at the
    earlier lead and the others here, over the added cards. (Requiring a suit of an added
    card is no such position: the earlier cards stay penalty cards only here.)"""
    table = node.table
    if rest is None:
        rest = node.agenda[1:]
    if trick is None:
        if not penalty_tasks(table, holder):
            return []
        trick = table.tricks[-1].number + 1 if table.tricks else table.first_trick
        pcs = sorted(table.penalty_cards_of(holder), key=lambda p: p.sort_key)
    else:
        pcs = sorted(_in_force_at_lead(table, holder, trick), key=lambda p: p.sort_key)
        if not table.is_defender(holder) or not any(p.kind is PenaltyKind.MAJOR for p in pcs):
            return []
    partner = holder.partner
    cards = frozenset(p.card for p in pcs)
    found = _waived_lead(table, holder, cards, trick) if reached is not None else None
    waived, earlier = found if found is not None else (None, cards)
    #: the suits the earlier choice could name, and those of the penalty cards added since
    named = {c.suit for c in earlier}
    added = {c.suit for c in cards - earlier}
    suits = sorted({p.card.suit for p in pcs}, reverse=True)
    names = " ".join(str(p.card) for p in pcs)
    declarer = str(table.declarer)
    question = f"{partner} is to lead while {holder} has penalty card{'s' if len(pcs) > 1 else ''} {names}: declarer chooses"
    several = len(pcs) > 1
    edges: list[Edge] = []
    #: the merged restrictions that are two choices on the earlier course: (at the earlier lead, here)
    split: list[tuple[str, str]] = []
    requiring, forbidding, leaving = _option_clauses(rs, pcs)
    for suit in suits:
        if (waived is not None and reached is not None and suit in named and suit not in added
                and _reaches(table, (LeadRule(partner, suit, True, waived),), trick)):
            reached.append(f"require {suit}")
        clause = requiring
        also = (rs.cite("51B1(a)"),) if len(suits) > 1 else ()
        picked = " ".join(str(p.card) for p in pcs if p.card.suit is suit)
        edges.append((
            Step(declarer, StepKind.OPTION, clause, f"declarer requires {partner} to lead {suit}; {holder} picks up {picked}",
                 also=(rs.cite("50D2"), *also), question=question, choice=f"require {suit}"),
            _restricted(node, _picked_up(table, holder, pcs, (suit,)).with_lead_rule(LeadRule(partner, suit, True, trick)), rest,
                        (lead_restriction(partner, suit, True),)),
        ))
    forbidden_sets: list[tuple[Suit, ...]] = []
    if len(suits) > 1:
        for n in range(1, len(suits) + 1):
            forbidden_sets.extend(combinations(suits, n))
    else:
        forbidden_sets = [(suits[0],)]
    for fs in forbidden_sets:
        clause = forbidding
        picked = " ".join(str(p.card) for p in pcs if p.card.suit in fs)
        label = ", ".join(str(s) for s in fs)
        before = tuple(s for s in fs if s in named and s not in added)
        if (waived is not None and reached is not None and before
                and all(s in before or (refusal and s in added and s not in named) for s in fs)
                and _reaches(table, tuple(LeadRule(partner, s, False, waived) for s in before), trick)):
            reached.append(f"forbid {label}")
            if len(before) < len(fs):
                split.append((", ".join(str(s) for s in before), ", ".join(str(s) for s in fs if s not in before)))
        edges.append((
            Step(declarer, StepKind.OPTION, clause,
                 f"declarer forbids {partner} to lead {label} for as long as he keeps the lead; {holder} picks up {picked}",
                 also=(rs.cite("50D2"),), question=question, choice=f"forbid {label}"),
            _restricted(node, _forbid(_picked_up(table, holder, pcs, fs), partner, fs, trick), rest,
                        tuple(lead_restriction(partner, s, False) for s in fs)),
        ))
    clause = leaving
    edges.append((
        Step(declarer, StepKind.OPTION, clause,
             f"declarer neither requires nor forbids a suit; {partner} leads any card and {names} stay{'' if several else 's'} "
             "penalty card" + ("s" if several else "") + f" (declarer chooses again each time {partner} is to lead while "
             + ("they remain" if several else "it remains") + ")",
             also=(rs.cite("50D2"), rs.cite("50E1"), rs.cite("50E2")), question=question, choice="no restriction"),
        _restricted(node, table._evolve(lead_options_waived=(*table.lead_options_waived, (holder, cards, trick))), rest, ()),
    ))
    if rs.decisions.lead_restriction_in_force_binds_a_later_choice and table.lead_rules_made:
        edges = _within_restrictions(edges, table.lead_rules_at(trick, partner))
    if reached:
        step, last = edges[-1]
        names_of = " or ".join(f"{'requiring' if r.startswith('require') else 'forbidding'} {r.split(' ', 1)[1]}" for r in reached)
        let = " ".join(str(p.card) for p in pcs if p.card in earlier)
        added_names = " ".join(str(p.card) for p in pcs if p.card not in earlier)
        two = "".join(f"; forbidding {b} there and {a} here over the penalty card{'s' if ' ' in added_names else ''} "
                       f"{added_names} added since" for b, a in split) if split else ""
        edges[-1] = (replace(step, text=f"{step.text}; {names_of} here is the position of the same choice at {partner}'s lead "
                                        f"to trick {waived}, where declarer let {let} stay and {partner} has not led since"
                                        f"{two}: one restoration, offered there"), last)
    return edges


def _restricted(node: Node, t: TableState, agenda: tuple[object, ...], restrictions: Iterable[str]) -> Node:
    """The child of ``node`` with the table ``t``, the agenda ``agenda`` and the lead
    restrictions ``restrictions`` added to its own."""
    return Node(t, agenda, node.ledger, node.findings, node.restrictions + tuple(restrictions), node.established, node.focus)


def _picked_up(t: TableState, holder: Seat, pcs: Sequence[PenaltyCard], picked: Sequence[Suit]) -> TableState:
    """``t`` with ``holder``'s penalty cards (of ``pcs``) in the suits ``picked`` picked up."""
    return t.pick_up(holder, [p.card for p in pcs if p.card.suit in picked])


def _waived_lead(table: TableState, holder: Seat, cards: frozenset[Card], trick: int) -> tuple[int, frozenset[Card]] | None:
    """The trick of an earlier lead of ``holder``'s partner where declarer neither required
    nor forbade a suit (50D2(b), 51B2(c)) over penalty cards all among ``cards``, those now in
    force (none played or picked up since; some may have been added since, a 51B2 choice
    now), the partner having led no trick since, up to his lead to ``trick`` (or at that same
    lead, before a lead out of turn his partner made was refused, 56); and those earlier
    cards. None when there is none. A choice over the earlier cards made at that
    lead and the same one made now then end in one position (docs/decisions.md)."""
    partner = holder.partner
    for who, those, number in reversed(table.lead_options_waived):
        if who is holder and those <= cards and number <= trick:
            if any(number <= t.number < trick and t.plays and t.plays[0][0] is partner for t in table.tricks):
                return None
            return number, those
    return None


def _reaches(table: TableState, rules: tuple[LeadRule, ...], trick: int) -> bool:
    """Whether the restrictions ``rules``, put in force for an earlier lead, would bind the
    partner at his lead to ``trick`` (not spent, broken or lost with the lead since:
    :meth:`TableState.lead_rules_at`)."""
    seat = rules[0].seat
    if seat is not table.proper_leader(trick):
        return False
    at = table._evolve(lead_rules_made=(*table.lead_rules_made, *rules)).lead_rules_at(trick, seat)
    return all(r in at for r in rules)


def _within_restrictions(edges: list[Edge], rules: tuple[LeadRule, ...]) -> list[Edge]:
    """``edges`` without the options that contradict the lead restrictions ``rules`` still
    in force at this lead (an earlier choice at the same lead, before a lead out of turn by
    the penalty card's holder was refused): a suit forbidden cannot be required, nor another
    suit than one required, nor a suit required forbidden
    (``Decisions.lead_restriction_in_force_binds_a_later_choice``)."""
    if not rules:
        return edges
    required = {r.suit for r in rules if r.must}
    forbidden = {r.suit for r in rules if not r.must}
    kept: list[Edge] = []
    for step, child in edges:
        verb, _, named = step.choice.partition(" ")
        suits = {Suit.parse(x) for x in named.split(", ")} if verb in ("require", "forbid") else set()
        if verb == "require" and (suits & forbidden or (required and not suits <= required)):
            continue
        if verb == "forbid" and suits & required:
            continue
        kept.append((step, child))
    return kept


def _without_reached(edges: list[Edge], reached: list[str]) -> list[Edge]:
    """``edges`` without the restrictions an earlier waived choice reaches (``reached``)."""
    gone = set(reached)
    return [(step, child) for step, child in edges if step.choice not in gone]


def _in_force_at_lead(table: TableState, holder: Seat, trick: int) -> frozenset[PenaltyCard]:
    """``holder``'s penalty cards in force at the lead to ``trick``, a lead the record has gone
    past: those still in force, and those he has played since (to that trick or a later one)
    that were penalty cards before that lead (``since``)."""
    pcs = table.penalty_cards_of(holder)
    if not table.played_penalty:
        return pcs
    standing = sum([len(t.plays) for t in table.tricks if t.number < trick])
    later = {t.card_of(holder) for t in table.tricks if t.number >= trick}
    return pcs | frozenset(p for p in table.played_penalty if p.seat is holder and p.card in later and p.since <= standing)


def _forbid(table: TableState, seat: Seat, suits: Sequence[Suit], trick: int) -> TableState:
    for suit in suits:
        table = table.with_lead_rule(LeadRule(seat, suit, False, trick))
    return table


@dataclass(frozen=True, slots=True)
class PrematureLead:
    """50D2: ``seat`` led ``card`` to ``trick`` in turn, but before declarer had stated his
    choice over his partner's major penalty card (the record ends with that lead alone on
    the trick); ``choices``: the record's lines after attention that may settle the choice."""

    trick: int
    seat: Seat
    card: Card
    choices: tuple[Choice | Chooses, ...] = ()


@dataclass(frozen=True, slots=True)
class ForfeitedLead:
    """50D2 with 60A1: ``seat`` led ``card`` to ``trick`` in turn before declarer had stated his
    choice over his partner's major penalty cards ``pcs``, and the next hand, ``by``, played
    to it (``played``; None: play went on to the end after it) before any rectification."""

    trick: int
    seat: Seat
    card: Card
    by: Seat
    played: Card | None
    pcs: tuple[Card, ...]


def _forfeited_key(trick: int, seat: Seat) -> tuple[str, int, Seat]:
    """The key a lead made before declarer's 50D2/51B choice and played to is ruled under."""
    return ("50D2 forfeited", trick, seat)


def _forfeited_text(f: ForfeitedLead) -> str:
    """The irregularity of a :class:`ForfeitedLead`, as the ruling lists it."""
    names = " ".join(str(c) for c in f.pcs)
    return (f"{f.seat} led {f.card} to trick {f.trick} before declarer stated his choice over {f.seat.partner}'s penalty "
            f"card{'s' if len(f.pcs) > 1 else ''} {names}, and {f.by} played to it (50D2, 60A1)")


def _forfeited_leads(table: TableState, replay: Replay, said_at: Iterable[int]) -> Iterator[ForfeitedLead]:
    """In record order, each lead on ``table`` made in turn by a defender while his partner
    held a major penalty card and before declarer stated his 50D2/51B choice at that lead
    (none said there, ``said_at``, nor made on the path, :func:`options_chosen`), that the
    next hand, a player of the declaring side, played to before any rectification was asked
    for (a card of his on the trick, or play went on to the end, ``Replay.played_to``): the
    rectification under 49 is forfeited (60A1) and the lead counts as made in turn (60A2).
    (A lead nobody played to is :func:`_premature_lead`'s; a lead out of turn is the leads
    rules'.) Not a card a rectification put in place, nor the first lead of a part of the
    record played on after a ruling that left this player to lead (that ruling is where
    declarer's choice for this lead belongs, as for :func:`_premature_lead`)."""
    majors = [p for p in (*table.penalty_cards, *table.played_penalty) if p.kind is PenaltyKind.MAJOR]
    if not majors:
        return
    holders = tuple(p.seat for p in majors)
    # (a lead made before every major penalty card became one has none to forfeit: pcs)
    first = min(p.major_since for p in majors)
    said = set(said_at)
    start = replay.start
    plays: list[tuple[int, Seat, Card]] | None = None  # (read only where a lead is found)
    at = 0
    for t in table.tricks:
        lead_at, at = at, at + len(t.plays)
        if lead_at < first or not t.plays:
            continue
        seat, card = t.plays[0]
        holder = seat.partner
        if holder not in holders or t.number in said or not table.is_defender(seat):
            continue
        if table.played_out_of_turn(t.number, seat, card) is not None:
            continue
        by = seat.next()
        second = t.plays[1] if len(t.plays) > 1 else None
        if second is not None and second[0] is not by:
            continue
        if second is None and not replay.played_to(t.number, by, table):
            continue
        if seat is not table.proper_leader(t.number):  # (the dearer test: the tricks' winners)
            continue
        if any(w.trick == t.number and w.seat is seat and w.replaced_by == card for w in table.withdrawn):
            continue
        if start is not None and to_lead(start) is seat and not any(x.number >= t.number for x in start.tricks if x.plays):
            continue
        if plays is None:
            plays = list(table.plays())
        later = {c for _, s, c in plays[lead_at + 1:] if s is holder}
        every = table.penalty_cards | table.played_penalty
        # declarer's choice at this lead is over the penalty cards the holder had then
        held = frozenset([p.card for p in every if p.seat is holder and p.since <= lead_at
                          and (p in table.penalty_cards or p.card in later)])
        if options_chosen(table, holder, t.number, held):
            continue
        pcs = tuple(p.card for p in sorted(every, key=lambda p: p.sort_key)
                    if p.seat is holder and p.kind is PenaltyKind.MAJOR and p.major_since <= lead_at
                    and (p in table.penalty_cards or p.card in later))
        if pcs:
            yield ForfeitedLead(t.number, seat, card, by, second[1] if second is not None else None, pcs)


def _partner_holds_major(table: TableState) -> bool:
    """Whether the last trick on ``table`` holds one card, a lead nobody has played to, whose
    player's partner holds a major penalty card (a lead made before declarer's 50D2 choice
    may be there to rule). The penalty cards are looked at first: most tables have none."""
    if not table.penalty_cards:
        return False
    cur = table.current_trick
    if cur is None or len(cur.plays) != 1:
        return False
    partner = cur.plays[0][0].partner
    return any(p.seat is partner and p.kind is PenaltyKind.MAJOR for p in table.penalty_cards)


def _held_penalty(table: TableState, holder: Seat) -> bool:
    """Whether ``holder`` has a penalty card on ``table``, in force or since played: without
    one no lead of his partner's gives declarer a 50D2/51B choice (a player of the declaring
    side never has one, 48A)."""
    return any(p.seat is holder for p in table.penalty_cards) or any(p.seat is holder for p in table.played_penalty)


def _lead_line(table: TableState, replay: Replay, number: int) -> Play | FifthCard | None:
    """The record's line of the lead to trick ``number``, the last card on the table: the
    record's last card line, or the line before the cards of the trick before it that the
    record puts after it (a seat's second card put down before that trick was complete, his
    lead to the next one, TableState.lead_order: the cards still due came after it)."""
    lines = [e for e in replay.before if isinstance(e, (Play, FifthCard))]
    prev = table.trick(number - 1)
    k = len(lines)
    while k > 1 and prev is not None and isinstance(lines[k - 1], Play) and (lines[k - 1].seat, lines[k - 1].card) in prev.plays:
        k -= 1
    return lines[k - 1] if lines else None


def _premature_lead(table: TableState, replay: Replay, said_at: Iterable[int]) -> tuple[int, Seat, Card] | None:
    """The lead that ends the record (nobody has played to it) when its player, in turn,
    led while his partner held a major penalty card and declarer had said no 50D2/51B
    choice at that lead (``said_at``: the tricks where the record has him say one).

    Only the record's own lead, its last card (or the lead a seat's second card made before
    the trick before it was complete, the cards still due to that trick after it in the
    record): a play line, or a fifth card the director
    found led (45E: the player led it; standing as the trick's lead, the ruling of its line
    found it so). Not a card a ruling put in place (52B2's penalty card, a substitute) or
    deemed played (an exposed card, 45C1; cards played together, 58), nor the first lead of a
    part of the record played on after a ruling (``start``: the table it was played on from)
    when that ruling left this player to lead: the director was at the table then, and that
    ruling is where declarer's choice for this lead belongs. Nor a lead that play went on
    over: a card played to it, as after one written in the record, when play went on to the
    end after it (a ``remaining`` line before attention, ``Replay.played_to``)."""
    cur = table.current_trick
    if cur is None or len(cur.plays) != 1 or cur.number in said_at:
        return None
    seat, card = cur.plays[0]
    if replay.played_to(cur.number, seat.next()):
        return None  # (play went on over it: not ruled, docs/decisions.md)
    last = _lead_line(table, replay, cur.number)
    if last is None or last.seat is not seat or last.card != card or (
            isinstance(last, Play) and any(e is last for e in replay.unapplied)):
        return None
    if table.played_out_of_turn(cur.number, seat, card) is not None or seat is not table.proper_leader(cur.number) or not table.is_defender(seat):
        return None  # (a lead out of turn is the leads rules', 53-56)
    if any(w.trick == cur.number and w.seat is seat and w.replaced_by == card for w in table.withdrawn):
        return None  # a card a rectification put in place of a withdrawn one
    start = replay.start
    if start is not None and to_lead(start) is seat and not any(t.number >= cur.number for t in start.tricks if t.plays):
        return None  # the ruling the record was played on from left him to lead this trick
    lead_at = sum([len(t.plays) for t in table.tricks]) - 1
    if not any(p.kind is PenaltyKind.MAJOR and p.major_since <= lead_at for p in table.penalty_cards_of(seat.partner)):
        return None  # no major penalty card of his partner's in force before the lead
    return cur.number, seat, card


def _choices_before_leads(table: TableState, replay: Replay) -> list[tuple[int, Seat, tuple[Choice, ...]]]:
    """Declarer's 50D2/51B lines the record puts before a lead (``S requires H`` and then the
    lead), in record order: for each lead, the trick led, its proper leader (44G) and the
    line(s) said there. Lines said in the middle of a trick are not at a lead (left out)."""
    if not any(isinstance(e, Choice) for e in replay.unapplied):
        return []  # no declarer's choice line among the lines the table did not apply
    unapplied = {id(e) for e in replay.unapplied}
    groups: list[tuple[int | None, list[Choice]]] = []
    placing: int | None = None  # the number of cards standing at the last line that put a card down unplaced
    for i, e in enumerate(replay.before):
        if isinstance(e, _CARD_LINES) and id(e) in unapplied and i < len(replay.applied_before):
            placing = replay.applied_before[i]
        if id(e) not in unapplied or not isinstance(e, Choice) or not lead_choice_lines(table, (e,)):
            continue
        k = replay.applied_before[i] if i < len(replay.applied_before) else None
        if k is not None and k == placing and not replay.reopened:
            # said after a card the table as played does not place (a fifth card, which the
            # director may find led, 45E): where the line stands is the ruling's to say, so
            # it is read on the table that ruling leaves (a lead out of turn's rules read it
            # there first), not here
            continue
        if groups and groups[-1][0] == k:
            groups[-1][1].append(e)
        else:
            groups.append((k, [e]))
    if not groups:
        return []
    plays = list(table.plays())
    out: list[tuple[int, Seat, tuple[Choice, ...]]] = []
    for at, lines in groups:
        if at is None:
            continue
        if at < len(plays):
            number, seat, card = plays[at]
            trick = table.trick(number)
            if trick is None or trick.plays[0] != (seat, card):
                continue  # said in the middle of a trick: not at a lead
        else:
            cur = table.current_trick
            if cur is not None and not cur.is_complete:
                continue
            number = cur.number + 1 if cur is not None else table.first_trick
        out.append((number, table.proper_leader(number), tuple(lines)))
    return out


def _lead_options_key(trick: int, holder: Seat) -> tuple[str, int, Seat]:
    """The key of declarer's 50D2/51B choice at ``holder``'s partner's lead to ``trick``, for
    ``Opening.handled``: ruled once on a path, whether said before that lead or at the end."""
    return ("50D2 options", trick, holder)


def _lead_options_due(table: TableState) -> tuple[int, Seat] | None:
    """The trick to be led and the penalty card's owner, when a defender holds a major
    penalty card and his partner is to lead it (no trick in progress): 50D2, 51B."""
    if not table.penalty_cards:
        return None
    leader = to_lead(table)
    if leader is None:
        return None
    holder = leader.partner
    if not table.is_defender(holder) or not any(p.kind is PenaltyKind.MAJOR for p in table.penalty_cards_of(holder)):
        return None
    cur = table.current_trick
    return (cur.number + 1 if cur is not None else table.first_trick), holder


def _options_again_after_choice(replay: Replay, due: tuple[int, Seat]) -> bool:
    """Whether, at a reopening with the 50D2/51B options due at the end of the record
    (``due``: the trick to be led, the penalty card's owner), what was ruled on this path
    all stands before declarer's choice at an earlier lead by the owner's partner, ruled here
    too: the rulings that made the penalty cards (an exposed card, 50) came before that lead,
    and the partner has the lead again through the play since, not through a rectification,
    so 50D applies again (50D2(b), 51B2(c); Decisions. lead_options_after_ruling). The record
    as played has no failure to play a penalty card; a key this cannot place (a line of an
    earlier part, a kind it does not know) leaves the default."""
    if _NO_FAILURE not in replay.memo:
        return False
    trick, holder = due
    earlier = [k[1] for k in replay.ruled if isinstance(k, tuple) and len(k) == 3 and k[0] == "50D2 options"
               and k[2] is holder and isinstance(k[1], int) and k[1] < trick]
    if not earlier:
        return False
    lead = max(earlier)  # the earlier lead where declarer's choice was ruled
    where = {id(e): i for i, e in enumerate(replay.before)}
    said = [where[id(e)] for e in replay.before if isinstance(e, Choice) and handled_key(e) in replay.ruled]
    if not said:
        return False
    last = max(said)  # declarer's last choice line ruled on this path
    keys = set(replay.ruled).union(*(keys for _, keys in replay.claimed))
    for k in keys:
        if not isinstance(k, tuple):
            return False
        if len(k) == 3 and k[0] == "50D2 options":
            if not isinstance(k[1], int) or k[1] >= trick:
                return False
        elif len(k) == 3 and k[0] == "50D2 forfeited":
            if not isinstance(k[1], int) or k[1] >= lead:
                return False
        elif len(k) == 2 and k[0] == "line":
            i = where.get(k[1]) if isinstance(k[1], int) else None
            if i is None or i > last:
                return False
        elif len(k) == 4 and k[0] == "play":
            if not isinstance(k[1], int) or k[1] >= lead:
                return False
        elif len(k) == 2 and isinstance(k[0], int) and isinstance(k[1], Seat):
            if k[0] >= lead:
                return False
        else:
            return False
    return True


#: the clauses of declarer's 50D2/51B decision's steps (:func:`penalty_followups`)
_OPTION_CLAUSES = ("50D2(a)", "50D2(b)", "51B1(a)", "51B1(b)", "51B2(a)", "51B2(b)", "51B2(c)")


def lead_choice_answers(rs: RuleSet, replay: Replay) -> tuple[Answer, ...]:
    """Declarer's 50D2/51B choice stated after attention (``S requires H``, ``S forbids S``
    with ``S forbids H``, ``S leaves``, ``S chooses no restriction``), as the engine settles
    it at the first decision over a lead's options on a path, whichever rule offers it: these
    rules at the end of the record, or a rectification that left the owner's partner to lead
    (``Decisions.lead_options_after_ruling``). His lines are one statement, as
    :func:`recorded_lead_choice` reads them: lines of two kinds, or requiring two suits, name
    no option (they settle nothing)."""
    lines = lead_choice_lines(replay.table, replay.after) if replay.line_kinds & _CHOICE_LINES else ()
    if not lines:
        return ()
    said = stated_option(lines)
    if said is None:
        return ()
    verb, suits = said
    if verb == "requires" and len(suits) != 1:
        return ()
    choice = normal_choice(lead_option_label(verb, sorted(suits, reverse=True)))
    return (Answer(replay.table.declarer, choice, frozenset([rs.cite(c) for c in _OPTION_CLAUSES]), lines),)


#: Replay.memo key: the penalty cards searched on the record as played, no failure found
_NO_FAILURE = "penalty.no_failure_among"
#: Replay.memo key: on the record as played, no failure found and the 50D2 options due at
#: its end (trick, holder): declarer chooses again when the record has only his choices at
#: earlier leads besides (50D2(b): 50D applies again each time partner gets the lead)
_OPTIONS_AT_END = "penalty.options_at_end"
_CHOICE_LINES = frozenset({Choice, Chooses})
#: record lines that put a card down that the table does not place (a ruling decides where)
_CARD_LINES = (FifthCard, Expose, Simultaneous)


def open_penalty(rs: RuleSet, replay: Replay, root: Node) -> Opening | None:
    """In record order: declarer's 50D2/51B choice said before a lead (play going on); a
    defender's failure to lead or play a penalty card (52); then, at the end of the record,
    the 50D2/51B options when a major penalty card is in force and its owner's partner is to
    lead: with nothing else to rule, or declarer's choices at earlier leads only (50D2(b):
    50D applies again each time partner gets the lead), or his choice recorded as a line.
    With no penalty card in force on the table, nothing: declarer's ``chooses`` line after
    attention is then the engine's, settled at the decision a ruling reaches (a card exposed
    made a penalty card) or said to have settled nothing."""
    table = replay.table
    known = replay.memo.get(_NO_FAILURE) if replay.reopened else None
    found = failures(table, known if isinstance(known, frozenset) else frozenset())
    failure = next(found, None)
    if replay.reopened:
        # one ruled on this path already is passed over: the next is ruled in turn (a second
        # failure by the same holder, once the first was accepted: 52B1(c) keeps the card due)
        while failure is not None and replay.is_ruled(played(failure.trick, failure.seat, failure.card), "penalty"):
            failure = next(found, None)
    more = failure is not None and next(found, None) is not None
    if failure is None and not replay.reopened:
        # none on the record as played: around a rectified table only the penalty cards
        # a ruling made can have been failed (PenaltyCard.since), not these
        replay.memo[_NO_FAILURE] = table.penalty_cards | table.played_penalty
        replay.memo[_OPTIONS_AT_END] = _lead_options_due(table)
    at_end = replay.memo.get(_OPTIONS_AT_END)
    alone = _partner_holds_major(table)
    said = _choices_before_leads(table, replay) if Choice in replay.line_kinds else []
    # a lead before declarer's choice that the next hand played to (60A1), not ruled yet
    forfeits = [f for f in _forfeited_leads(table, replay, [g[0] for g in said])
                if not (replay.reopened and replay.is_ruled(_forfeited_key(f.trick, f.seat), "penalty"))] if (
        table.penalty_cards or table.played_penalty) else []
    forfeit = forfeits[0] if forfeits else None
    if (replay.reopened and failure is None and at_end is None and not alone and not replay.line_kinds & _CHOICE_LINES
            and forfeit is None
            and not (rs.decisions.lead_options_after_ruling and not replay.goes_on and _lead_options_due(table) is not None)):
        # at a reopening, nothing else here points at a line of the record (with Decisions.
        # lead_options_after_ruling, the options due on the table a ruling left are ruled here)
        return None
    if said:
        # a choice before a lead whose leader's partner has no penalty card on this table,
        # in force or played, answers no 50D2/51B decision here: left for a rectified table
        # where a ruling made one (this opener runs again there), or said to have settled
        # nothing when no path has one
        said = [g for g in said if _held_penalty(table, g[1].partner)]
    lead = _premature_lead(table, replay, [g[0] for g in said]) if alone else None
    if lead is not None and replay.reopened and replay.is_ruled(played(*lead), "penalty"):
        lead = None
    if replay.reopened and said:
        # a choice ruled on this path already is passed over: the next one is ruled in turn
        said = [g for g in said if not replay.is_ruled(handled_key(g[2][0]), "penalty")]
    if said and (failure is None or said[0][0] <= failure.trick):
        # declarer chose before the lead (50D2, 51B) and play went on: ruled where he chose
        number, proper, lines = said[0]
        holder = proper.partner
        # one wording whatever the table holds yet (the penalty card may come from a ruling
        # made before this one), so the irregularity is listed once
        text = f"{'; '.join(str(c) for c in lines)} before {proper}'s lead to trick {number} (50D)"
        # what follows is ruled after it, on the table it leaves: a failure to play a penalty
        # card, his choice at a later lead, the options at the end of the record
        after = tuple(line for _, _, ls in said[1:] for line in ls)
        return Opening(Node(table, (PenaltyCardOptions(holder, lines, number),), focus=number), (text,), (),
                       (*lines, _lead_options_key(number, holder)), located_by=lines,
                       more=bool(failure is not None or after or lead is not None or _lead_options_due(table)), later=after,
                       choice=True)
    if forfeit is not None and (failure is None or forfeit.trick <= failure.trick):
        # a lead before declarer's choice that the next hand played to: no rectification
        # (60A1), ruled in record order before what follows it
        # (each one the record shows is listed with it; the later ones are ruled in turn)
        return Opening(Node(table, (forfeit,), focus=forfeit.trick), tuple(_forfeited_text(f) for f in forfeits), (),
                       (_forfeited_key(forfeit.trick, forfeit.seat),),
                       located_by=(played(forfeit.trick, forfeit.seat, forfeit.card),), more=True,
                       later=tuple(_forfeited_key(f.trick, f.seat) for f in forfeits[1:]))
    if failure is not None:
        if failure.trick < 13 and replay.played_out:
            failure = replace(failure, played_out=True)  # (every player has played since: Replay.played_to)
        if ClaimTricks in replay.line_kinds:
            # a claim ends play before his side plays to the next trick: it establishes the
            # revoke as it does a failure to follow suit (63A3, 63A4)
            failure = replace(failure, by_claim=claim_establishment(replay, failure.seat.side,
                                                                    claim_agreement(rs.decisions, rs.edition)))
        text = f"{failure.seat} played {failure.card} to trick {failure.trick} when a penalty card was due (52)"
        # (with Decisions.lead_options_after_ruling the position this ruling leaves may have
        # the lead options due: this opener reads the table it leaves)
        return Opening(Node(table, (failure,), focus=failure.trick), (text,), (), (played(failure.trick, failure.seat, failure.card),),
                       more=more or bool(said) or lead is not None or rs.decisions.lead_options_after_ruling)
    in_said = {id(line) for _, _, ls in said for line in ls}
    choices = tuple(e for e in (*replay.unapplied, *replay.after) if isinstance(e, (Choice, Chooses)) and id(e) not in in_said
                    and not (replay.reopened and replay.is_ruled(handled_key(e), "penalty"))) if (
        replay.line_kinds & _CHOICE_LINES) else ()
    if lead is not None:
        # his partner's penalty card was in force and declarer had not chosen: the lead is
        # premature (50D2), ruled with the options it came before
        number, seat, card = lead
        holder = seat.partner
        asked = lead_choice_lines(table, [e for e in choices if e in replay.after])
        recorded = recorded_lead_choice(_withdrawn_lead(table, lead), holder, asked)
        names = " ".join(str(p.card) for p in sorted(table.penalty_cards_of(holder), key=lambda p: p.sort_key))
        text = f"{seat} led {card} to trick {number} before declarer stated his choice over {holder}'s penalty card {names} (50D2)"
        return Opening(Node(table, (PrematureLead(number, seat, card, asked),), focus=number), (text,), (),
                       (played(number, seat, card), *(recorded[1] if recorded is not None else ())))
    due = _lead_options_due(table)
    if replay.reopened and due is not None and options_chosen(table, due[1], due[0]):
        return None  # declarer chose at that lead on this path (a rectification offered it): once at a lead
    # the 50D options point at no line of the record: ruled at a reopening only when the
    # record ended with them due and the rulings of this part of it are declarer's choices at
    # earlier leads alone (none of another family, no failure: a rectification that leaves
    # the partner to lead leaves the choice to the next lead's ruling, Decisions.
    # lead_options_after_ruling)
    # With Decisions.lead_options_after_ruling they are ruled wherever a ruling of the path
    # leaves the position at the end of the record (50D2 and 51B give the choice whenever the
    # partner is to lead), whichever ruling reached it: a 52 ruling over a penalty card in
    # force from the start as well as a rectification that made one. Where a later part of
    # the record is played on from here, that lead is the later part's (a choice said before
    # it, or a lead made before his choice, 50D2), ruled there
    after_ruling = rs.decisions.lead_options_after_ruling and not replay.goes_on
    again = replay.reopened and due is not None and not replay.is_ruled(_lead_options_key(*due), "penalty") and (
        after_ruling
        or (due == at_end and not any(keys for name, keys in replay.claimed if name != "penalty"))
        or _options_again_after_choice(replay, due))
    if replay.reopened and not again and not lead_choice_lines(table, choices):
        return None
    leader = to_lead(table)
    if leader is None:
        return None
    cur = table.current_trick
    if replay.played_to(cur.number + 1 if cur is not None else table.first_trick, leader):
        return None  # play went on to the end before attention: that lead was made, no option is left
    holder = leader.partner
    if not table.penalty_cards:
        return None  # no penalty card in force: no lead options (50D2, 51B)
    tasks = penalty_tasks(table, holder, choices)
    if not tasks:
        return None
    focus = cur.number if cur is not None else table.first_trick
    recorded = recorded_lead_choice(table, holder, choices)
    handled: tuple[object, ...] = recorded[1] if recorded is not None else ()
    if due is not None and (again or (replay.reopened and recorded is not None)):
        handled = (*handled, _lead_options_key(*due))  # (a keyless opening is not ruled at a reopening)
    # (a position, not an irregularity: listed as the lead options due)
    return Opening(Node(table, tasks, focus=focus), (_options_position(rs, table, holder),), (), handled, due=True)


def _option_clauses(rs: RuleSet, pcs: Sequence[PenaltyCard]) -> tuple[str, str, str]:
    """The clauses of declarer's three kinds of option over the penalty cards ``pcs`` at
    their owner's partner's lead: requiring a suit, forbidding suits, neither. One card:
    50D2(a), 50D2(a), 50D2(b); several of one suit: 51B1(a), 51B1(b), 50D2(b); several
    suits: 51B2(a), 51B2(b), 51B2(c)."""
    if len({p.card.suit for p in pcs}) > 1:
        return rs.cite("51B2(a)"), rs.cite("51B2(b)"), rs.cite("51B2(c)")
    if len(pcs) > 1:
        return rs.cite("51B1(a)"), rs.cite("51B1(b)"), rs.cite("50D2(b)")
    return rs.cite("50D2(a)"), rs.cite("50D2(a)"), rs.cite("50D2(b)")


def _options_position(rs: RuleSet, table: TableState, holder: Seat) -> str:
    """The position where declarer's lead options are due, as the lead options due list it:
    who is to lead, his partner's penalty cards, and the clauses of the options."""
    pcs = sorted(table.penalty_cards_of(holder), key=lambda p: p.sort_key)
    names = " ".join(str(p.card) for p in pcs)
    clauses = ", ".join(dict.fromkeys(_option_clauses(rs, pcs)))
    return f"{holder.partner} is to lead; his partner {holder} has penalty cards {names} ({clauses})"


def options_left_due(rs: RuleSet, node: Node) -> tuple[tuple[Seat, Seat], ...]:
    """At the end of a path (``node``, a restoration): each player whose lead would have
    declarer's 50D2/51B options due that no rule on the path enumerated, with the owner of
    the penalty cards (his partner): a rectification left the position, the choice made at
    that lead, the next ruling (``Decisions.lead_options_after_ruling`` off; with it on,
    every ruling's position is enumerated). The engine lists the position
    (:func:`options_left_text`) where that player leads next, so that the director is told
    of what the Laws give there (docs/decisions.md). Not a partner whose lead declarer has
    chosen at on the path; nobody while a trick is in progress."""
    table = node.table
    cur = table.current_trick
    if not table.penalty_cards or (cur is not None and not cur.is_complete):
        return ()
    chosen = bool(table.lead_rules_made or table.lead_options_waived)
    trick = cur.number + 1 if cur is not None else table.first_trick
    out: tuple[tuple[Seat, Seat], ...] = ()
    for p in table.penalty_cards:
        holder = p.seat
        if (p.kind is PenaltyKind.MAJOR and table.is_defender(holder) and not any(h is holder for _, h in out)
                and not (chosen and options_chosen(table, holder, trick))):
            out = (*out, (holder.partner, holder))
    return out


def options_left_text(rs: RuleSet, node: Node, holder: Seat) -> str:
    """The position :func:`options_left_due` names, as the lead options due list it: with the
    clauses of the options and "not enumerated"."""
    why = "" if rs.decisions.lead_options_after_ruling else " (switch lead_options_after_ruling off)"
    return f"{_options_position(rs, node.table, holder)}; not enumerated: declarer chooses at that lead, in the next ruling{why}"


# ----- rules --------------------------------------------------------------------------------------
def penalty_card_options(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """50D2 / 51B: declarer's options when the penalty-card holder's partner is to lead."""
    assert isinstance(task, PenaltyCardOptions)
    edges = penalty_followups(rs, node, task.holder, choices=task.choices, trick=task.trick, refusal=task.refusal)
    if edges:
        return edges
    step = Step("TD", StepKind.FORCED, rs.cite("50D"), f"no lead options: {task.holder}'s partner is not to lead or no major penalty card",
                question="declarer's lead options (50D2)", choice="none")
    return [(step, Node(node.table, node.agenda[1:], node.ledger, node.findings, node.restrictions, node.established, node.focus))]


def _withdrawn_lead(table: TableState, lead: tuple[int, Seat, Card]) -> TableState:
    """The table once a premature lead is ruled: the card back in the hand as a major penalty
    card (49; led, so exposed through a deliberate play, 50B), the same player to lead."""
    number, seat, card = lead
    return table.replace_card(number, seat, None).with_penalty(seat, card, PenaltyKind.MAJOR)


def premature_lead(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """50D2: the partner of a major penalty card's owner led before declarer had stated his
    choice. The lead is rectified under 49: the card becomes a major penalty card (50B), and
    declarer then makes his 50D2/51B choice for that player's lead."""
    assert isinstance(task, PrematureLead)
    table = node.table
    seat, card, holder = task.seat, task.card, task.seat.partner
    t = _withdrawn_lead(table, (task.trick, seat, card))
    # a lead withdrawn, a penalty card of its owner: both laws (16C and 50E)
    infos = rs.penalty_withdrawal_info(seat, card, t)
    names = " ".join(str(p.card) for p in sorted(table.penalty_cards_of(holder), key=lambda p: p.sort_key))
    step = Step("TD", StepKind.FORCED, rs.cite("50D2"),
                f"{seat} led {card} before declarer stated his choice over {holder}'s penalty card {names}: {card} goes back "
                f"to his hand as a major penalty card (49); declarer now chooses, then {seat} leads (his own penalty card at "
                "his first lawful opportunity, a lead restriction first: 50D1)",
                also=(rs.cite("49"), rs.cite("50B"), rs.cite("50D1(a)"), rs.cite("50D1(b)"), *info_clauses(infos)),
                question=f"{seat} led before declarer's choice (50D2)", choice="major penalty card")
    child = Node(t, (PenaltyCardOptions(holder, task.choices), *node.agenda[1:]), with_entries(node.ledger, infos),
                 node.findings, node.restrictions, node.established, node.focus)
    return [(step, child)]


def forfeited_lead(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """60A1 with 50D2: a lead made in turn before declarer stated his 50D2/51B choice over the
    leader's partner's major penalty card, which the next hand played to before any
    rectification was asked for. That play forfeits the rectification (49, 50D2: the lead a
    major penalty card and declarer's choice before the leader leads again) and the lead
    counts as made in turn (60A2): no option is left at that lead, and the partner's penalty
    cards stay in force (60A3)."""
    assert isinstance(task, ForfeitedLead)
    holder = task.seat.partner
    names = " ".join(str(c) for c in task.pcs)
    many = len(task.pcs) > 1
    lead = (f"{task.seat}'s {task.card}, led before declarer stated his choice over {holder}'s penalty "
            f"card{'s' if many else ''} {names}")
    how = (f"{task.by}, the next hand, played {task.played} to {lead}" if task.played is not None
           else f"play went on to the end after {lead}, {task.by}, the next hand, playing to it")
    step = Step("TD", StepKind.FORCED, rs.cite("60A1"),
                f"{how}, before any rectification was asked for: its rectification (49, {rs.cite('50D2')}) is forfeited and the "
                f"lead counts as made in turn ({rs.cite('60A2')}): no 50D2 option is left at this lead; "
                f"{'they stay major penalty cards' if many else 'it stays a major penalty card'} ({rs.cite('60A3')})",
                also=(rs.cite("50D2"), rs.cite("60A2"), rs.cite("60A3")),
                question=f"{task.seat} led {task.card} to trick {task.trick} before declarer stated his choice over {holder}'s "
                f"penalty card{'s' if many else ''} {names} (50D2)", choice="forfeited: the lead stands")
    return [(step, Node(node.table, node.agenda[1:], node.ledger, node.findings, node.restrictions, node.established, node.focus))]


def failed_penalty_card(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """52B1: declarer may accept the card (must, once he has played from either hand since);
    52B2: or refuse it, the penalty card replacing it and the illegal card becoming a major
    penalty card."""
    assert isinstance(task, FailedPenaltyCard)
    table = node.table
    seat, card = task.seat, task.card
    rest = node.agenda[1:]
    declarer = str(table.declarer)
    question = f"{seat} played {card} when a penalty card was due: declarer accepts it or refuses it (the penalty card is then played)"
    # (this failure is ruled here once, whoever found it: another family's ruling that placed
    # the card, 45C1, hands it over with no opening naming it, and an accepted card stays on
    # the table, where the opener would find it again at the next reopening)
    ruled = Ruled(frozenset({played(task.trick, seat, card)}))
    at = failure_at(table, task)
    held_then, played_then = due_at(table, task)
    kept = " ".join(str(p.card) for p in sorted(table.penalty_cards_of(seat), key=lambda p: p.sort_key))
    if kept:
        stays = f"{kept} remain{'s' if ' ' not in kept else ''} penalty card"
    else:  # (the penalty card due has been played since: none is left now)
        stays = _stayed_until_played(table, seat, played_then) if played_then else "no penalty card remains"
    trick = table.trick(task.trick)
    assert trick is not None
    led = trick.suit_led if trick.plays[0][0] is not seat else None
    hand = frozenset(table.hand(seat) | {card})
    # his penalty cards as they obliged that play: made before it, each of the kind it then
    # had (one a later penalty card made major was minor then, 50B)
    pcs = table.penalty_cards_of(seat) if at is None else frozenset([p.as_at(at) for p in table.penalty_cards_of(seat) if p.since <= at])
    # at his lead, a lead restriction in force comes first (50D1(b)): only a penalty card it
    # lets him lead was due
    required, forbidden = lead_rule_args(table, task.trick, seat) if led is None else (None, None)
    # the penalty-card obligation the card broke: a major penalty card due (50D1(a)), or a
    # card of a minor one's suit below honour rank played before it (50C)
    broken = tuple(dict.fromkeys(rs.cite(clause) for clause, allows in obligations(hand, led, pcs, required, forbidden)
                                 if clause in ("50C", "50D1(a)") and not allows(card)))
    # a claim that ended play establishes the revoke the accepted card makes (63A3, 63A4)
    claimed = (rs.cite(task.by_claim[1]),) if task.by_claim is not None else ()
    if claimed:
        stays = f"{stays}; the revoke is {task.by_claim[0] if task.by_claim else ''}"
    must_accept = task.played_out or any(s in (table.declarer, table.dummy) for _, s, _ in plays_after(table, task.trick, seat))
    if task.played_out and kept:
        # play went on to the end before attention: the card stayed a penalty card (52B1(c))
        # only while play lasted (none is in force once it has ended: Law 64's step says so)
        stays = f"{kept} stayed {'a penalty card' if ' ' not in kept else 'penalty cards'} until play ended, and none is in force now"
    if must_accept:
        since = "play went on to the end (declarer has played since)" if task.played_out else "declarer has played since"
        step = Step(declarer, StepKind.FORCED, rs.cite("52B1(b)"),
                    f"{since}, so {card} is accepted; {stays}",
                    also=(*broken, rs.cite("52A"), rs.cite("52B1(c)"), *claimed),
                    question=f"{seat} played {card} when a penalty card was due: declarer, having played since, must accept it",
                    choice="accept (compulsory)")
        return [(step, _accepted(rs, node, task, at, held_then + played_then, ruled))]
    edges: list[Edge] = [(
        Step(declarer, StepKind.OPTION, rs.cite("52B1(a)"), f"declarer accepts {card}; {stays}",
             also=(*broken, rs.cite("52A"), rs.cite("52B1(c)"), *claimed), question=question, choice="accept"),
        _accepted(rs, node, task, at, held_then + played_then, ruled),
    )]
    due = refusal_cards(table, task)
    for pc in due:
        t2 = table.replace_card(task.trick, seat, pc)
        t2 = t2.with_penalty(seat, card, PenaltyKind.MAJOR)
        # the card is taken back in the course of rectification (47A: declarer's 52B2 choice
        # is the rectification) to correct an illegal play (47B), a withdrawn play of the
        # offending side (16C); 52B2 makes it a major penalty card, face up on the table
        # (50E): both laws, one entry each
        infos = rs.penalty_withdrawal_info(seat, card, t2)
        also = [*broken, rs.cite("47A"), rs.cite("47B"), rs.cite("50B"), *info_clauses(infos)]
        if len(due) > 1:
            also.insert(0, rs.cite("51A"))
        text = (f"declarer refuses {card} (does not accept it): {seat} withdraws it and plays {pc}, the penalty card"
                f"{' declarer designates (51A)' if len(due) > 1 else ''}; {card} becomes a major penalty card")
        extra = _options_after(rs, task, at, t2)
        # named as a director says it: declarer refuses the card (52B2), and with more than
        # one penalty card due designates the one played (51A); ``require <card>`` is accepted too
        name = f"refuse, play {pc}" if len(due) > 1 else "refuse"
        aliases = (f"require {pc}", f"refuse play {pc}", *((f"refuse, play {pc}",) if len(due) == 1 else ()))
        edges.append((Step(declarer, StepKind.OPTION, rs.cite("52B2"), text, also=tuple(also), question=question, choice=name,
                           aliases=aliases),
                      _failure_child(node, t2, extra + rest, ruled, infos)))
    return edges


def _failure_child(node: Node, t: TableState, agenda: tuple[object, ...], ruled: Ruled, add: tuple[Info, ...] = (),
                   established: bool = False) -> Node:
    """The child of ``node`` with the table ``t`` and the agenda ``agenda`` after declarer's
    52B choice, ``ruled`` first (the failure is ruled here once, whoever found it): ``add``
    entered in its ledger (16C); ``established``: the accepted card made a revoke that stands
    established."""
    return Node(t, (ruled, *agenda), with_entries(node.ledger, add), node.findings, node.restrictions, node.established or established,
                node.focus)


def _accepted(rs: RuleSet, node: Node, task: FailedPenaltyCard, at: int | None, due_then: list[Card], ruled: Ruled) -> Node:
    """52B1, the card accepted: it stands. A failure to play a penalty card is a revoke (61A),
    entered on the table as accepted (``Revoke.failed``) whether or not it is established
    yet: declarer's acceptance is final, so the revoke rules never correct it (62A), and
    once the offender or his partner has played to the next trick it is established (63A1),
    now or in play that goes on after the ruling, and goes to Law 64 after play (64B3).
    ``due_then``: the penalty cards in force at that trick, still faced or played since (not
    one he had played before it)."""
    table = node.table
    rest = node.agenda[1:]
    seat = task.seat
    trick = table.trick(task.trick)
    if trick is None:
        return _failure_child(node, table, _options_after(rs, task, at, table) + rest, ruled)
    # the penalty card he failed to play: one in force at that trick, still faced or
    # played since (not one he had played before it)
    due = sorted(due_then, key=lambda c: (c.suit is not trick.suit_led, str(c)))
    led = trick.suit_led if trick.plays[0][0] is not seat else None
    if not due:
        return _failure_child(node, table, _options_after(rs, task, at, table) + rest, ruled)
    revoke = Revoke(seat, task.trick, task.card, led if led is not None else due[0].suit, failed=due[0])
    t = table.with_revoke(revoke)
    nxt = table.trick(task.trick + 1)
    established = (task.played_out or task.by_claim is not None
                   or (nxt is not None and any(s.side is seat.side for s, _ in nxt.plays)))
    return _failure_child(node, t, _options_after(rs, task, at, t) + rest, ruled, established=established)


def _options_after(rs: RuleSet, task: FailedPenaltyCard, at: int | None, t: TableState) -> tuple[object, ...]:
    """The 50D2/51B options once the ruling on ``task`` is over (Decisions.lead_options_after_ruling),
    for whoever is then to lead on ``t``: none while a later play of the record fails to play a
    penalty card (``at``: where this failure is; the next 52 ruling offers them)."""
    tasks = options_after_failure(rs, t) if not task.played_out else ()
    if tasks and at is not None and failure_follows(t, (), after=at):
        return ()
    return tasks


def _stayed_until_played(table: TableState, seat: Seat, cards: Iterable[Card]) -> str:
    """What became of the penalty cards due at a failure to play one that its player has
    played since, said as of the trick of the failure: each stayed a penalty card (52B1(c))
    until he played it, to the trick named."""
    when = {c: n for n, s, c in table.plays() if s is seat}
    said = []
    for card in sorted(cards):
        at = when.get(card)
        said.append(f"{card} stays a penalty card" + (f" until {seat} plays it to trick {at}" if at is not None else ""))
    return "; ".join(said)


# ----- claim atoms --------------------------------------------------------------------------------
add_atom_forms("restriction <seat> must lead <suit>", "restriction <seat> must not lead <suit>", "no restriction",
               "restriction in force <restriction>", "restriction lapsed <restriction>", "no restriction in force")

#: the words after ``restriction`` that ask whether the restriction is in force or lapsed
_STANDING = {("in", "force"): True, ("lapsed",): False}


@register_atom
def _restriction_atom(words: list[str], claim: str, edition: str) -> Atom | None:
    """``restriction <seat> must lead <suit>``, ``restriction <seat> must not lead <suit>``
    (declarer imposed it, in force or not), ``no restriction`` (the restoration carries no
    restriction at all); ``restriction in force <seat> must [not] lead <suit>`` and
    ``restriction lapsed ...`` (imposed, and still in force / no longer in force in the
    restored position: a lead restriction lasts while its player keeps the lead, 50D2(a),
    51B); ``no restriction in force``."""
    low = [w.lower() for w in words]
    if low == ["no", "restriction"]:
        return Atom("no restriction", lambda r: not r.node.restrictions, explain=_restrictions_explain)
    if low == ["no", "restriction", "in", "force"]:
        return Atom("no restriction in force",
                    lambda r: len(lapsed_restrictions(r.table, r.node.restrictions)) == len(r.node.restrictions),
                    explain=_restrictions_explain)
    if not low or low[0] != "restriction":
        return None
    standing: bool | None = None
    for head, value in _STANDING.items():
        if tuple(low[1 : 1 + len(head)]) == head:
            standing, words, low = value, words[len(head):], low[len(head):]
            break
    if len(low) == 5 and low[2:4] == ["must", "lead"]:
        must = True
    elif len(low) == 6 and low[2:5] == ["must", "not", "lead"]:
        must = False
    else:
        return None
    try:
        seat = Seat.parse(words[1])
        suit = Suit.parse(words[-1])
    except NotationError as err:
        raise NotationError(f"{err} in claim {claim!r}", token=err.token) from None
    text = lead_restriction(seat, suit, must)
    if standing is None:
        return Atom(" ".join(words), lambda r: text in r.node.restrictions, explain=restriction_explain(text))
    # (``words`` has lost ``restriction`` and all but the last word of the standing: the
    # seat is words[1])
    label = " ".join(["restriction", "in force" if standing else "lapsed", *words[1:]])
    return Atom(label, lambda r: text in r.node.restrictions and (not lapsed_restrictions(r.table, (text,))) is standing,
                explain=restriction_explain(text))


def _restrictions_explain(r: Restoration, restorations: Sequence[Restoration]) -> str:
    """What a restoration shows of ``no restriction`` and ``no restriction in force``: the
    restrictions its path imposed, each marked when it is no longer in force."""
    if not r.node.restrictions:
        return "its path imposes no restriction"
    return f"its restrictions: {', '.join(restriction_words(r.table, r.node.restrictions))}"


RULES: tuple[Rule, ...] = (
    Rule("premature_lead", PrematureLead, ("50D2", "49", "50B", "50D1(a)", "50D1(b)", "16C1", "16C2", "50E1", "50E2"),
         premature_lead, premature_lead.__doc__ or ""),
    Rule("forfeited_lead", ForfeitedLead, ("60A1", "60A2", "60A3", "50D2"), forfeited_lead, forfeited_lead.__doc__ or ""),
    Rule("penalty_card_options", PenaltyCardOptions,
         ("50D", "50D2", "50D2(a)", "50D2(b)", "51B1(a)", "51B1(b)", "51B2(a)", "51B2(b)", "51B2(c)", "50E1", "50E2"),
         penalty_card_options, penalty_card_options.__doc__ or ""),
    Rule("failed_penalty_card", FailedPenaltyCard,
         ("52A", "52B1(a)", "52B1(b)", "52B1(c)", "52B2", "51A", "47A", "47B", "50B", "50C", "50D1(a)", "16C1", "16C2", "50E1", "50E2", "63A3", "63A4"),
         failed_penalty_card, failed_penalty_card.__doc__ or ""),
)
#: a failure to play a penalty card is found on the table, where the obligation travels (a
#: penalty card obliges the plays made after it became one: PenaltyCard.since), so the
#: opener runs again on every rectified table: a card another family's ruling made a penalty
#: card is followed to the later plays, in record order (52)
REOPENABLE = True
OPENERS: tuple[tuple[str, object], ...] = (("penalty", open_penalty),)
#: declarer's lead choices stated at the table, for whichever rule offers the decision
ANSWERS = (lead_choice_answers,)
#: what a restoration leaves due that no rule of its path enumerated (declarer's lead options)
LEFT_DUE = ((options_left_due, options_left_text),)
#: the opener rules a penalty card in force or played at some time of the record (52, 50D2,
#: 51B), or declarer's lead choices recorded as lines; with neither there is nothing to rule
OPENER_LINES = {"penalty": (Choice, Chooses)}
OPENER_STATE = {"penalty": lambda table: bool(table.penalty_cards or table.played_penalty)}


def _may_fail_or_choose(table: TableState, record: Replay) -> bool:
    """At a reopening :func:`open_penalty` finds something only when a penalty card (in force
    or played) obliged a play standing on the table (``since``: a play made after it became
    one), not counting those already searched on the record as played (``Replay.memo``, as
    :func:`find_failure` leaves them out), or the record has a lead choice line (50D2, 51B)."""
    if not record.line_kinds.isdisjoint(_CHOICE_LINES) or record.memo.get(_OPTIONS_AT_END) is not None or (
            _partner_holds_major(table)):
        return True
    pcs, played = table.penalty_cards, table.played_penalty
    if not pcs and not played:
        return False
    memo = record.memo.get(_NO_FAILURE)
    known: frozenset[PenaltyCard] = memo if isinstance(memo, frozenset) else _NO_CARDS
    standing = 0
    for t in table.tricks:
        standing += len(t.plays)
    for group in (pcs, played):
        for p in group:  # (``since`` first: a card's hash is the slower test)
            if p.since < standing and p not in known:
                return True
    # a lead before declarer's choice played to (60A1), not ruled yet on this path
    if not _lead_after_major(table):
        return False
    return any(not record.is_ruled(_forfeited_key(f.trick, f.seat), "penalty") for f in _forfeited_leads(table, record, ()))


_NO_CARDS: frozenset[PenaltyCard] = frozenset()


def _lead_after_major(table: TableState) -> bool:
    """The first tests of :func:`_forfeited_leads`, in one loop without a generator: a lead
    made by a defender whose partner has a major penalty card (in force or since played), at
    or after the first of those became major. Without one it finds nothing (most tables
    that a reopening looks at)."""
    first = -1
    leaders: list[Seat] = []
    for group in (table.penalty_cards, table.played_penalty):
        for p in group:
            if p.kind is PenaltyKind.MAJOR:
                since = p.major_since
                if first < 0 or since < first:
                    first = since
                leaders.append(p.seat.partner)
    if not leaders:
        return False
    declaring = table.declarer.side
    at = 0
    for t in table.tricks:
        plays = t.plays
        if at >= first and plays:
            seat = plays[0][0]
            if seat in leaders and seat.side is not declaring:
                return True
        at += len(plays)
    return False


REOPEN_STATE = {"penalty": _may_fail_or_choose}


def _may_fail_choose_or_options_due(table: TableState, record: Replay) -> bool:
    """:func:`_may_fail_or_choose`, or declarer's lead options due on ``table`` (a player to
    lead while his partner has a major penalty card in force): with Decisions.
    lead_options_after_ruling they are ruled on the table whichever ruling left them. (This
    test reads who leads next: see :data:`REOPEN_READS_LEADER`.)"""
    return _may_fail_or_choose(table, record) or _lead_options_due(table) is not None


def reopen_state_for(decisions: Decisions) -> dict[str, Callable[[TableState, Replay], bool]]:
    """The reopening test of this family under ``decisions``: with Decisions.
    lead_options_after_ruling the lead options due on a rectified table are looked for too."""
    return {"penalty": _may_fail_choose_or_options_due if decisions.lead_options_after_ruling else _may_fail_or_choose}


def reopen_reads_leader(decisions: Decisions) -> bool:
    """Whether the reopening test under ``decisions`` reads who leads next on a rectified
    table (with Decisions.lead_options_after_ruling): children of a group of substitutes
    that may win the trick differently are then told apart by the look."""
    return decisions.lead_options_after_ruling


#: the reopening test under a set of decisions, and whether it reads who leads next
REOPEN_STATE_FOR = reopen_state_for
REOPEN_READS_LEADER = reopen_reads_leader
