"""Penalty cards after they exist: Laws 50 (disposition), 51 (two or more), 52 (failure to
lead or play one) and 50E (information). See docs/exposure-penalty-rules.md.

What a penalty card obliges its owner to play (50C, 50D1) is a constraint of
:mod:`rulings.solver.lawful`; this module rules on the moments where somebody chooses:

* the owner's partner is to lead (50D2, 51B): declarer requires the suit, forbids it (for
  as long as that player keeps the lead) or lets the card stay;
* the owner led or played another card when a penalty card was due (52): declarer accepts
  it, or requires the penalty card instead (every illegal card becomes a major penalty card).

For other rule modules (a lead out of turn refused becomes a major penalty card, 56 with 50)
the follow-up is reusable: append the tasks of :func:`penalty_tasks` to a node's agenda, or
call :func:`penalty_followups` from a handler.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations

from rulings.models.cards import Card, Seat, Suit
from rulings.models.case import Replay
from rulings.models.errors import NotationError
from rulings.models.events import Choice
from rulings.models.table import PenaltyCard, PenaltyKind, TableState
from rulings.solver.claims import Atom, register_atom
from rulings.solver.engine import Edge, Info, Node, Step, StepKind, played
from rulings.solver.lawful import lawful_cards
from rulings.solver.rulesets.base import Opening, Rule, RuleSet

LaterPlay = tuple[int, Seat, Card]


# ----- tasks --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PenaltyCardOptions:
    """50D2 / 51B: ``holder`` has a major penalty card and his partner is to lead; declarer
    chooses before that lead (require the suit, forbid it, or neither)."""

    holder: Seat
    #: the record's declarer lines that may settle the choice (``requires <suit>``,
    #: ``forbids <suit>``, ``leaves``); see :func:`recorded_lead_choice`
    choices: tuple[Choice, ...] = ()


@dataclass(frozen=True, slots=True)
class FailedPenaltyCard:
    """52: ``seat`` led or played ``card`` to ``trick`` when a penalty card was due."""

    seat: Seat
    trick: int
    card: Card
    later: tuple[LaterPlay, ...] = ()  # cards played after it, in order


# ----- restrictions (strings in Node.restrictions; the claim atoms read them) -----------------------
def lead_restriction(seat: Seat, suit: Suit, must: bool) -> str:
    """The canonical text of a lead restriction: ``"N must lead S"``, ``"N must not lead S"``.

    A prohibition lasts for as long as that player keeps the lead (50D2(a), 51B).
    """
    return f"{seat} {'must' if must else 'must not'} lead {suit}"


# ----- helpers shared with other modules ------------------------------------------------------------
def pc_info(rs: RuleSet, table: TableState, seat: Seat, card: Card) -> Info:
    """50E: a penalty card is seen by all. The requirement to play it is authorized to every
    player (50E1); what else it shows is unauthorized to the owner's partner (50E2) and
    authorized to the declaring side."""
    return Info(seat, card, table.declaring_side, seat.side, rs.cite("50E1"), rs.cite("50E2"))


def kind_for(card: Card, deliberate: bool) -> PenaltyKind:
    """50B for a single card: an honour or a card exposed through a deliberate play is major,
    otherwise minor. (Two or more penalty cards are all major: TableState.with_penalty.)"""
    return PenaltyKind.MAJOR if deliberate or card.is_honour else PenaltyKind.MINOR


def to_lead(table: TableState) -> Seat | None:
    """The seat that leads the next trick, when no trick is in progress; else None."""
    cur = table.current_trick
    if cur is not None and not cur.is_complete:
        return None
    return table.next_leader


def penalty_tasks(table: TableState, holder: Seat, choices: Sequence[Choice] = ()) -> tuple[object, ...]:
    """The follow-up tasks for ``holder``'s penalty cards in ``table``: a
    :class:`PenaltyCardOptions` when he holds a major penalty card and his partner is to
    lead (50D2, 51B), else nothing (a minor one puts no restriction on partner, 50C).
    ``choices``: record lines that may settle declarer's choice (:func:`recorded_lead_choice`)."""
    if not table.is_defender(holder):
        return ()
    majors = [p for p in table.penalty_cards_of(holder) if p.kind is PenaltyKind.MAJOR]
    if majors and to_lead(table) is holder.partner:
        return (PenaltyCardOptions(holder, lead_choice_lines(table, choices)),)
    return ()


#: Choice verbs that settle declarer's 50D2/51B choice (``leaves``: neither require nor forbid).
LEAD_CHOICE_VERBS = ("requires", "forbids", "leaves")


def lead_choice_lines(table: TableState, choices: Sequence[Choice]) -> tuple[Choice, ...]:
    """Declarer's record lines that can only be a 50D2/51B choice: ``requires <suit>``,
    ``forbids <suit>``, ``leaves`` (``requires highest|lowest`` is 57A's)."""
    return tuple(c for c in choices if c.seat is table.declarer and c.verb in LEAD_CHOICE_VERBS
                 and (c.verb == "leaves" or c.suit is not None))


def recorded_lead_choice(table: TableState, holder: Seat, choices: Sequence[Choice]) -> tuple[str, tuple[Choice, ...]] | None:
    """The option of :func:`penalty_followups` the record settles, as ``(choice label, lines)``,
    or None when the lines name no option the clause offers (they stay "not yet ruled").

    ``<declarer> requires <suit>``: require that suit (50D2(a), 51B1(a), 51B2(a));
    ``<declarer> forbids <suit>`` (one line per suit): forbid them (50D2(a), 51B1(b), 51B2(b));
    ``<declarer> leaves``: neither (50D2(b), 51B2(c)). Lines of two different kinds name no option.
    """
    lines = lead_choice_lines(table, choices)
    if not lines:
        return None
    suits = sorted({p.card.suit for p in table.penalty_cards_of(holder)}, reverse=True)
    verbs = {c.verb for c in lines}
    if len(verbs) != 1:
        return None
    verb = verbs.pop()
    named = {c.suit for c in lines if c.suit is not None}
    if verb == "leaves":
        return "no restriction", lines
    if not named or not named <= set(suits):
        return None
    if verb == "requires":
        if len(named) != 1:
            return None
        return f"require {next(iter(named))}", lines
    if len(suits) == 1 and len(named) != 1:
        return None
    return "forbid " + ", ".join(str(s) for s in suits if s in named), lines


def after_ruling_tasks(rs: RuleSet, table: TableState, holder: Seat) -> tuple[object, ...]:
    """:func:`penalty_tasks` for a penalty card a rectification has just left in ``table``,
    when ``Decisions.lead_options_after_ruling`` enumerates the next lead's options too."""
    return penalty_tasks(table, holder) if rs.decisions.lead_options_after_ruling else ()


def next_lead_tasks(rs: RuleSet, table: TableState) -> tuple[object, ...]:
    """:func:`after_ruling_tasks` for whoever is to lead next in ``table`` (no trick in
    progress): the 50D2/51B options when his partner holds a major penalty card, with
    ``Decisions.lead_options_after_ruling``. For rules that end with a completed trick and
    do not know whose penalty card it is (a corrected revoke, 62B1/62C2 with 50D)."""
    if not rs.decisions.lead_options_after_ruling:
        return ()  # the usual case: no need to find the next leader
    leader = to_lead(table)
    if leader is None:
        return ()
    return after_ruling_tasks(rs, table, leader.partner)


def penalty_followups(rs: RuleSet, node: Node, holder: Seat, rest: tuple[object, ...] | None = None,
                      choices: Sequence[Choice] = ()) -> list[Edge]:
    """Declarer's options when ``holder``'s partner is to lead (50D2, 51B1, 51B2), as edges
    out of ``node`` whose children carry ``rest`` (default: ``node.agenda[1:]``, i.e. called
    from the handler of the task at the head of the agenda). Empty when none apply.
    A choice the record settles (``choices``, :func:`recorded_lead_choice`) is the only edge."""
    edges = _followups(rs, node, holder, rest)
    recorded = recorded_lead_choice(node.table, holder, choices) if edges else None
    if recorded is None:
        return edges
    label, lines = recorded
    said = "; ".join(str(c) for c in lines)
    return [(replace(step, text=f"{step.text} (recorded: {said})"), child) for step, child in edges if step.choice == label]


def _followups(rs: RuleSet, node: Node, holder: Seat, rest: tuple[object, ...] | None) -> list[Edge]:
    table = node.table
    if rest is None:
        rest = node.agenda[1:]
    if not penalty_tasks(table, holder):
        return []
    partner = holder.partner
    pcs = sorted(table.penalty_cards_of(holder), key=lambda p: p.sort_key)
    suits = sorted({p.card.suit for p in pcs}, reverse=True)
    names = " ".join(str(p.card) for p in pcs)
    declarer = str(table.declarer)
    question = f"{partner} is to lead while {holder} has penalty card{'s' if len(pcs) > 1 else ''} {names}: declarer chooses"
    several = len(pcs) > 1

    def child(t: TableState, restrictions: Iterable[str]) -> Node:
        return Node(t, rest, node.ledger, node.findings, node.restrictions + tuple(restrictions), node.established, node.focus)

    def pick_up(t: TableState, picked: Sequence[Suit]) -> TableState:
        return t.pick_up(holder, [p.card for p in pcs if p.card.suit in picked])

    edges: list[Edge] = []
    for suit in suits:
        clause = rs.cite("51B2(a)") if len(suits) > 1 else rs.cite("51B1(a)") if several else rs.cite("50D2(a)")
        also = (rs.cite("51B1(a)"),) if len(suits) > 1 else ()
        picked = " ".join(str(p.card) for p in pcs if p.card.suit is suit)
        edges.append((
            Step(declarer, StepKind.OPTION, clause, f"declarer requires {partner} to lead {suit}; {holder} picks up {picked}",
                 also=(rs.cite("50D2"), *also), question=question, choice=f"require {suit}"),
            child(pick_up(table, (suit,)), (lead_restriction(partner, suit, True),)),
        ))
    forbidden_sets: list[tuple[Suit, ...]] = []
    if len(suits) > 1:
        for n in range(1, len(suits) + 1):
            forbidden_sets.extend(combinations(suits, n))
    else:
        forbidden_sets = [(suits[0],)]
    for fs in forbidden_sets:
        clause = rs.cite("51B2(b)") if len(suits) > 1 else rs.cite("51B1(b)") if several else rs.cite("50D2(a)")
        picked = " ".join(str(p.card) for p in pcs if p.card.suit in fs)
        label = ", ".join(str(s) for s in fs)
        edges.append((
            Step(declarer, StepKind.OPTION, clause,
                 f"declarer forbids {partner} to lead {label} for as long as he keeps the lead; {holder} picks up {picked}",
                 also=(rs.cite("50D2"),), question=question, choice=f"forbid {label}"),
            child(pick_up(table, fs), tuple(lead_restriction(partner, s, False) for s in fs)),
        ))
    clause = rs.cite("51B2(c)") if len(suits) > 1 else rs.cite("50D2(b)")
    edges.append((
        Step(declarer, StepKind.OPTION, clause,
             f"declarer neither requires nor forbids a suit; {partner} leads any card and {names} stay{'' if several else 's'} "
             "penalty card" + ("s" if several else "") + " (declarer chooses again each time he is to lead)",
             also=(rs.cite("50D2"), rs.cite("50E1"), rs.cite("50E2")), question=question, choice="no restriction"),
        child(table, ()),
    ))
    return edges


def recorded_plays(table: TableState) -> list[LaterPlay]:
    """Every card standing as played, in the order it was placed."""
    return list(table.plays())


def plays_after(table: TableState, trick: int, seat: Seat) -> list[LaterPlay]:
    """The cards played after ``seat``'s card to ``trick``: the rest of it and the next trick."""
    out: list[LaterPlay] = []
    t = table.trick(trick)
    pos = t.position_of(seat) if t is not None else None
    if t is None or pos is None:
        return out
    out.extend((t.number, s, c) for s, c in t.plays[pos + 1 :])
    nxt = table.trick(trick + 1)
    if nxt is not None:
        out.extend((nxt.number, s, c) for s, c in nxt.plays)
    return out


def replay_plays(start: TableState, plays: Sequence[LaterPlay]) -> TableState:
    return start.play_many([(s, c) for _, s, c in plays]) if plays else start


# ----- opener -------------------------------------------------------------------------------------
def fails_penalty_card(state: TableState, seat: Seat, card: Card) -> bool:
    """52: whether ``seat`` playing ``card`` in ``state`` (before it is played) fails to lead
    or play a penalty card that was due (50C, 50D1). A failure to follow suit is a revoke
    instead (the revoke rules rule on it)."""
    pcs = state.penalty_cards_of(seat)
    if not pcs or not state.is_defender(seat) or card in {p.card for p in pcs}:
        return False
    cur = state.current_trick
    led = None if cur is None or cur.is_complete else cur.suit_led
    hand = state.hand(seat)
    follows = led is None or card.suit is led or not any(c.suit is led for c in hand)
    return follows and card not in lawful_cards(hand, led, pcs)


def failure_tasks(before: TableState, after: TableState, seat: Seat, card: Card) -> tuple[object, ...]:
    """The 52 task when ``seat``'s ``card`` (played from ``before`` to ``after``) failed to
    lead or play a due penalty card; for rule modules that place a card (45C1, 58)."""
    if not fails_penalty_card(before, seat, card):
        return ()
    return (FailedPenaltyCard(seat, after.tricks[-1].number, card),)


def find_failure(table: TableState) -> FailedPenaltyCard | None:
    """52: the first card a defender led or played while a penalty card was due."""
    if not table.penalty_cards and not table.played_penalty:
        return None  # no penalty card in force at any time of the record
    state = table.restart()
    plays = recorded_plays(table)
    holders = {p.seat for p in table.penalty_cards | table.played_penalty}
    batch: list[tuple[Seat, Card]] = []  # plays by other seats, placed together when needed
    for i, (_, seat, card) in enumerate(plays):
        if seat not in holders:
            batch.append((seat, card))
            continue
        if batch:
            state, batch = state.play_many(batch), []
        if fails_penalty_card(state, seat, card):
            number = state.play(seat, card).tricks[-1].number
            return FailedPenaltyCard(seat, number, card, tuple(plays[i + 1:]))
        state = state.play(seat, card)
    return None


def open_penalty(rs: RuleSet, replay: Replay, root: Node) -> Opening | None:
    """A defender failed to lead or play a penalty card (52); or, with nothing else to rule
    on, a major penalty card is in force and its owner's partner is to lead (50D2, 51B)."""
    table = replay.table
    failure = find_failure(table)
    if failure is not None:
        text = f"{failure.seat} played {failure.card} to trick {failure.trick} when a penalty card was due (52)"
        return Opening(Node(table, (failure,), focus=failure.trick), (text,), (), (played(failure.trick, failure.seat, failure.card),))
    leader = to_lead(table)
    if leader is None:
        return None
    holder = leader.partner
    choices = tuple(e for e in (*replay.unapplied, *replay.after) if isinstance(e, Choice))
    tasks = penalty_tasks(table, holder, choices)
    if not tasks:
        return None
    cur = table.current_trick
    focus = cur.number if cur is not None else table.first_trick
    names = " ".join(str(p.card) for p in sorted(table.penalty_cards_of(holder), key=lambda p: p.sort_key))
    recorded = recorded_lead_choice(table, holder, choices)
    handled: tuple[object, ...] = recorded[1] if recorded is not None else ()
    return Opening(Node(table, tasks, focus=focus), (f"{leader} is to lead; his partner {holder} has penalty cards {names} (50D)",),
                   (), handled)


# ----- rules --------------------------------------------------------------------------------------
def penalty_card_options(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """50D2 / 51B: declarer's options when the penalty-card holder's partner is to lead."""
    assert isinstance(task, PenaltyCardOptions)
    edges = penalty_followups(rs, node, task.holder, choices=task.choices)
    if edges:
        return edges
    step = Step("TD", StepKind.FORCED, rs.cite("50D"), f"no lead options: {task.holder}'s partner is not to lead or no major penalty card",
                question="declarer's lead options (50D2)", choice="none")
    return [(step, Node(node.table, node.agenda[1:], node.ledger, node.findings, node.restrictions, node.established, node.focus))]


def failed_penalty_card(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """52B1: declarer may accept the card (must, once he has played from either hand since);
    52B2: or require the penalty card, the illegal card becoming a major penalty card."""
    assert isinstance(task, FailedPenaltyCard)
    table = node.table
    seat, card = task.seat, task.card
    rest = node.agenda[1:]
    declarer = str(table.declarer)
    question = f"{seat} played {card} when a penalty card was due: declarer accepts it or requires the penalty card"

    def child(t: TableState, add: tuple[Info, ...] = (), agenda: tuple[object, ...] = rest) -> Node:
        return Node(t, agenda, node.ledger + add, node.findings, node.restrictions, node.established, node.focus)

    kept = " ".join(str(p.card) for p in sorted(table.penalty_cards_of(seat), key=lambda p: p.sort_key))
    must_accept = any(s in (table.declarer, table.dummy) for _, s, _ in plays_after(table, task.trick, seat))
    if must_accept:
        step = Step(declarer, StepKind.FORCED, rs.cite("52B1(b)"),
                    f"declarer has played since, so {card} is accepted; {kept} remain{'s' if ' ' not in kept else ''} penalty card",
                    also=(rs.cite("52A"), rs.cite("52B1(c)")), question=question, choice="accept (compulsory)")
        return [(step, child(table))]
    edges: list[Edge] = [(
        Step(declarer, StepKind.OPTION, rs.cite("52B1(a)"), f"declarer accepts {card}; {kept} remain{'s' if ' ' not in kept else ''} penalty card",
             also=(rs.cite("52A"), rs.cite("52B1(c)")), question=question, choice="accept"),
        child(table),
    )]
    trick = table.trick(task.trick)
    assert trick is not None
    led = trick.suit_led if trick.plays[0][0] is not seat else None
    hand = frozenset(table.hand(seat) | {card})
    pcs = table.penalty_cards_of(seat)
    due = [c for c in lawful_cards(hand, led, pcs, frozenset({card})) if c in {p.card for p in pcs}]
    info = rs.withdrawn_info(seat, card, seat.side)
    for pc in due:
        t2 = table.replace_card(task.trick, seat, pc)
        t2 = t2.with_penalty(seat, card, PenaltyKind.MAJOR)
        also = [rs.cite("47B"), rs.cite("50B"), info.ai_clause, info.ui_clause]
        if len(due) > 1:
            also.insert(0, rs.cite("51A"))
        text = f"declarer requires the penalty card: {seat} withdraws {card} and plays {pc}; {card} becomes a major penalty card"
        extra = after_ruling_tasks(rs, t2, seat)
        edges.append((Step(declarer, StepKind.OPTION, rs.cite("52B2"), text, also=tuple(also), question=question, choice=f"require {pc}"),
                      child(t2, (info,), extra + rest)))
    return edges


# ----- claim atoms --------------------------------------------------------------------------------
@register_atom
def _restriction_atom(words: list[str], claim: str, edition: str) -> Atom | None:
    """``restriction <seat> must lead <suit>``, ``restriction <seat> must not lead <suit>``,
    ``no restriction`` (the restoration carries no restriction at all)."""
    low = [w.lower() for w in words]
    if low == ["no", "restriction"]:
        return Atom("no restriction", lambda r: not r.node.restrictions)
    if not low or low[0] != "restriction":
        return None
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
    return Atom(" ".join(words), lambda r: text in r.node.restrictions)


RULES: tuple[Rule, ...] = (
    Rule("penalty_card_options", PenaltyCardOptions,
         ("50D", "50D2", "50D2(a)", "50D2(b)", "51B1(a)", "51B1(b)", "51B2(a)", "51B2(b)", "51B2(c)", "50E1", "50E2"),
         penalty_card_options, penalty_card_options.__doc__ or ""),
    Rule("failed_penalty_card", FailedPenaltyCard,
         ("52A", "52B1(a)", "52B1(b)", "52B1(c)", "52B2", "51A", "47B", "50B", "16C1", "16C2"),
         failed_penalty_card, failed_penalty_card.__doc__ or ""),
)
OPENERS: tuple[tuple[str, object], ...] = (("penalty", open_penalty),)

__all__ = [
    "FailedPenaltyCard",
    "PenaltyCard",
    "PenaltyCardOptions",
    "after_ruling_tasks",
    "kind_for",
    "lead_restriction",
    "next_lead_tasks",
    "pc_info",
    "penalty_followups",
    "penalty_tasks",
]
