"""Leads out of turn and premature plays: Laws 53, 54, 55, 56, 57 (with 47F and 50 for the
penalty cards they create). See docs/leads-rules.md.

The opener looks at the first play out of turn the table recorded (``TableState.out_of_turn``)
not ruled yet, and classifies it (those of later tricks are ruled after it, each in turn, on
the table the rulings before it left: see ``open_leads``):

* the first card of a trick, not from the player entitled to lead: a lead out of turn, ruled
  under 54 (faced opening lead by a defender), 54E (opening lead by the declaring side), 55
  (declarer's lead, from either hand) or 56 (a defender's later lead). A play to it by the next
  hand in rotation accepts it (53A); the proper leader's card is the proper lead (53B, 47F1);
* a card placed out of turn in a trick already begun: by a defender before his partner has
  played, a premature play (57A; no rectification under 57C1 when declarer had played from
  both hands); by a defender at his right-hand opponent's turn, 57D (2017 only); by declarer
  from either hand, 57C3.

Choices the record has already settled (``S accepts``, ``E refuses``, ``S spreads``,
``S requires lowest``...) become the single recorded branch; unsettled ones are option nodes
naming who chooses.

Plays and leads out of turn beyond the main cases:

a 2007 play at the right-hand opponent's turn, dummy's picking or suggesting a card (45F,
57C2), a defender's card after a refused lead from the wrong hand (60B), face-down opening
leads (54).

* **2007, a defender plays at his right-hand opponent's turn** (his partner having played):
  2007 has no 57D and 57A needs the partner not to have played, so the card is a card
  exposed prematurely (not led): a penalty card under 2007 Law 50 (intro) and 49, major as a
  deliberate play (50B; ``Decisions.rho_turn_play_2007_is_deliberate``). Being major it must
  be played at the first lawful opportunity (50D1(a)), i.e. at his turn to this trick when
  it is lawful there. A rule for the task :class:`~rulings.solver.rulesets.leads.PlayAtRhoTurn`
  in the 2007 rule set only (2017 rules it under 57D).
* **57C2 (2007 57C1)**: a defender's premature play (57A) gets no rectification when dummy,
  of his own accord, picked out a card before his right-hand opponent played, or illegally
  suggested one (``<dummy> picks|suggests <card>``); 45F: play goes on, dummy's card is not
  played unless declarer designates it, the director may adjust the score at the end.
* **60B**: a defender plays after declarer was told to take back his lead out of turn (55A
  refused) and before declarer led from the correct hand: the defender's card becomes a
  major penalty card. It may look like a revoke to the table: the opening claims the card, so
  the revoke rules do not rule it too.
* **54 (intro)**: the correct opening leader led face down after his partner's faced opening
  lead out of turn: the face-down card is taken back (no penalty card), then 54's options.
  A face-down opening lead out of turn (no card faced): the card goes back to the hand with
  no rectification (``Decisions.face_down_lead_out_of_turn_returned``; else ruled as a
  faced one under 54).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial

from rulings.models.cards import Card, Seat, Side, Suit
from rulings.models.case import Replay
from rulings.models.dataclass import dataclass
from rulings.models.errors import IllegalActionError, NotationError
from rulings.models.events import (
    Choice,
    Chooses,
    DirectorFinds,
    DummyAction,
    Expose,
    FaceDownLead,
    FifthCard,
    Play,
    Simultaneous,
)
from rulings.models.table import (
    OutOfTurn,
    PenaltyKind,
    PlayRule,
    Revoke,
    TableState,
    Trick,
    Withdrawal,
    at_turn_after_cards_that_stand,
)
from rulings.solver.claims import Atom, add_atom_forms, register_atom, restriction_explain
from rulings.solver.engine import (
    Edge,
    Info,
    Node,
    Notice,
    Restoration,
    Step,
    StepKind,
    handled_key,
    info_clauses,
    normal_choice,
    played,
    with_entries,
)
from rulings.solver.lawful import lawful_cards
from rulings.solver.obligations import (
    after_ruling_tasks,
    lapsed_restrictions,
    lead_choice_lines,
    no_penalty_card,
    options_chosen,
    penalty_tasks,
    recorded_lead_choice,
)
from rulings.solver.rulesets.base import Opening, Rule, RuleSet

SUITS_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
#: ``director finds <this>``: declarer could have seen a card of dummy's (54C).
SAW_DUMMY = "saw_dummy"
#: ``director finds <this>``: declarer began to spread his hand at a faced opening lead out
#: of turn and exposed a card doing so: he must spread it all and becomes dummy (54A)
BEGAN_TO_SPREAD = "began_to_spread"
#: a record line about a play out of turn that its rules read: a stated choice (``S refuses``,
#: ``S forbids C``...), or declarer's ``chooses`` line at a defender's lead out of turn (see
#: :func:`_declarer_chooses`)
ChoiceLine = Choice | Chooses


# ----- tasks ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class LeadOutOfTurn:
    """53A/54/55/56: a card led out of turn, not (yet) accepted by a play."""

    trick: int
    offender: Seat
    card: Card
    proper: Seat  # the player entitled to lead
    #: the record's lines about it: accepts/refuses/spreads, and declarer's 50D2/51B choice at
    #: the proper leader's lead once it is refused, in either form (``S forbids C``,
    #: ``S chooses forbid C``; his ``chooses accept|refuse`` line, settled by the engine, is
    #: there to say the refusal is not implied)
    choices: tuple[ChoiceLine, ...] = ()
    saw_dummy: bool = False  # finding for 54C
    #: the proper leader, the offender's partner, put his card on the trick after declarer's
    #: refusal line in the record: a lead made after the refusal and before declarer stated
    #: his 50D2 choice (49), whatever ``Decisions.correct_leader_card_before_refusal_is_lead_before_choice``
    #: says of a card faced before the refusal
    after_refusal: bool = False
    #: declarer refused with no 50D2 choice stated, and the table played on from the refusal
    #: before attention (:func:`refusal_played_on`): the proper leader led and a card was
    #: played to his lead. No option is offered: that lead stands as played and the refused
    #: card stays a major penalty card (docs/decisions.md, "A refusal with no 50D2 choice")
    unstated_played_on: bool = False
    began_spread: bool = False  # finding for 54A (declarer began to spread his hand)


@dataclass(frozen=True, slots=True)
class AcceptedByPlay:
    """53A: the next hand in rotation played to the lead out of turn: it is a correct lead."""

    trick: int
    offender: Seat
    card: Card
    by: Seat
    #: his card; None when the record does not give it (the lead is its last card and play
    #: went on to the end after it: ``Replay.played_out``)
    by_card: Card | None
    opening: bool
    #: set when the next hand is also the proper leader: his card may have been his proper
    #: lead (53B) rather than a play to the irregular lead; a director's finding decides.
    proper_lead: ProperLead | None = None
    #: 54B2: at a faced opening lead out of turn declarer played the second card from dummy
    from_dummy: bool = False
    #: an acceptance statement the record also has (53A: by a statement or by a play)
    statement: Choice | None = None
    #: the statement came before the next hand's card in the record: the lead was a correct
    #: lead when he played, so his card was a play to it whatever the reading of 53B
    stated_first: bool = False
    #: (with ``proper_lead``) the ruling of the offender's second card in the trick where the
    #: next hand's card was a play to the lead: his lead to the next trick (57A)
    then: object | None = None


@dataclass(frozen=True, slots=True)
class WrongDefenderPlays:
    """53C (2007 53B): the defender on the right of declarer's irregular lead played to it:
    the lead stands and his card is a premature play (57)."""

    trick: int
    offender: Seat
    card: Card
    by: Seat
    by_card: Card


@dataclass(frozen=True, slots=True)
class DeclaringSideOpeningLead:
    """54E: an opening lead by declarer or dummy is not a lead (Law 24)."""

    trick: int
    offender: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class ProperLead:
    """53B (2007 53C) with 47F1: the proper leader led to the trick of the irregular lead;
    the cards played in error, taken in rotation after the proper lead, may be withdrawn."""

    trick: int
    proper: Seat
    offending: Side  # the side that led out of turn (16C)
    errors: tuple[tuple[Seat, Card], ...]  # in rotation from the proper leader
    index: int = 0
    kept: int = 0  # how many error cards stand so far (a contiguous run after the proper lead)
    #: the seat that led out of turn and then put down a second card in the trick: once his
    #: lead is taken back, that card is his card to the trick, ruled after as a play there
    #: (57A before his partner's turn; docs/decisions.md)
    then: Seat | None = None


@dataclass(frozen=True, slots=True)
class PrematurePlay:
    """57A: a defender played before his partner had played to the trick."""

    trick: int
    offender: Seat
    card: Card
    choices: tuple[ChoiceLine, ...] = ()
    #: the card is the offender's second in the trick: a lead to the next trick made before
    #: his partner played to this one (57A's first case)
    next_trick_lead: bool = False
    #: declarer had played from both hands to the trick when the card was played (57C1),
    #: as the record shows it: a ruling before this one may take one of those cards back
    #: (declarer's illegal premature play, 57C3), which does not undo the exemption
    after_both_hands: bool = False
    #: the partner's card is not in the record, but play went on to the end after its last
    #: card (``Replay.played_to``): he played to the trick at his turn, before any choice
    partner_played_on: bool = False
    #: play went on to the end before attention after the record's last card
    #: (``Replay.played_out``): the table played on past the trick, complete in the record
    played_past: bool = False
    #: (with ``next_trick_lead``) the record shows his partner's card to the trick after the
    #: lead, which stands on the next trick (``TableState.early_leads``)
    partner_answered: bool = False
    #: (with ``next_trick_lead``) the opponents' cards the record places on the next trick
    #: after the lead, his partner not having played to this trick: their plays to it
    played_to: tuple[tuple[Seat, Card], ...] = ()


@dataclass(frozen=True, slots=True)
class LeadBeforeTrickComplete:
    """A seat's second card in a trick, put down after his own card and (a defender) his
    partner's, before every seat had played to it, the record's last card: his lead to the
    next trick, made before the trick was complete (no 57A; declarer's, 45E2). The seats
    still ``due`` play to the trick first, each any lawful card (44B-44D); the trick's
    winner then makes the lead in turn (44G) or out of turn (55, 56, ruled after)."""

    trick: int
    offender: Seat
    card: Card
    due: tuple[Seat, ...]
    #: the card is off the trick already (a seat still due has played on this path)
    taken_off: bool = False
    #: play went on to the end after it (``Replay.played_out``): the seats due played to the
    #: trick, and the lead stood on the next one, played to by the next hand
    played_on: bool = False
    #: the lead counts as made in turn whoever wins the trick (60A2: a defender's early lead
    #: the next hand played to, 60A1), with these cards played to it after it
    stands_with: tuple[tuple[Seat, Card], ...] | None = None


@dataclass(frozen=True, slots=True)
class PrematureOptions:
    """57A1-57A4: declarer chooses one option over the offender's partner."""

    trick: int
    offender: Seat
    suit_led: Suit
    choices: tuple[ChoiceLine, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayAtRhoTurn:
    """57D (2017): a defender played at his right-hand opponent's turn (partner had played)."""

    trick: int
    offender: Seat
    card: Card
    #: his right-hand opponent's card is not in the record, but play went on to the end
    #: after its last card (``Replay.played_to``): the trick was completed, his turn came
    played_on: bool = False
    #: play went on to the end before attention after the record's last card
    #: (``Replay.played_out``): the table played on past the trick, complete in the record
    played_past: bool = False
    #: the card the record then has him play to the trick at his own turn, after his
    #: right-hand opponent's card (not on the table: the line that placed ``card`` left it
    #: in his hand): his play to the trick, ``card`` not
    at_turn: Card | None = None


@dataclass(frozen=True, slots=True)
class DeclarerPremature:
    """57C3 (2007 57C2): declarer's premature play from either hand is a played card.
    ``from_dummy_second``: dummy's card played second to the opening lead out of turn that
    declarer accepted (a ruling made him accept it, 54C, or he said so), before his own hand
    played: 54B2's case (54B1 has his own hand play second)."""

    trick: int
    offender: Seat
    card: Card
    from_dummy_second: bool = False


@dataclass(frozen=True, slots=True)
class LeadBeforeChoice:
    """54D/56 with 50D2 and 49: the correct leader faced ``card`` on his partner's lead out of
    turn before declarer refused it; once it is refused the card stands as the trick's first,
    a lead made before declarer's 50D2 choice over ``holder``'s penalty card
    (``Decisions.correct_leader_card_before_refusal_is_lead_before_choice``)."""

    trick: int
    seat: Seat
    card: Card
    holder: Seat  # the offender, whose refused card is a major penalty card
    choices: tuple[ChoiceLine, ...] = ()
    #: the record puts the card after declarer's refusal (``LeadOutOfTurn.after_refusal``)
    after_refusal: bool = False
    #: ``holder``'s card was a lead to this trick made before ``seat`` had played to the trick
    #: before it (57A), sent back once ``seat`` won that trick; ``seat``'s card was faced on it
    premature: bool = False


@dataclass(frozen=True, slots=True)
class NoAcceptanceAtTrick13:
    """Marker task of the 2017-only rule: no lead out of turn is accepted at trick 13 (53A)."""


# ----- geometry ---------------------------------------------------------------------------------
def expected_leader(table: TableState, number: int) -> Seat:
    """Who is entitled to lead trick ``number`` (44G): the winner of the trick before."""
    prev = table.trick(number - 1)
    if prev is None or not prev.is_complete:
        return table.first_leader
    winner = prev.winner(table.trumps)
    assert winner is not None
    return winner


def rotation_from(seat: Seat) -> list[Seat]:
    """The four seats in playing order starting with ``seat``."""
    out = [seat]
    while len(out) < 4:
        out.append(out[-1].lho)
    return out


def leader_of(table: TableState, focus: int | None) -> Seat:
    """Who leads the trick under ruling as restored: its first card's player, or, with no card
    standing in it, the player now to lead (44G, or the correct hand after a retraction)."""
    t = table.trick(focus) if focus is not None else None
    if t is not None and t.plays:
        return t.plays[0][0]
    return table.on_play


def _is_declaring(table: TableState, seat: Seat) -> bool:
    return not table.is_defender(seat)


def _child(node: Node, table: TableState, agenda: tuple[object, ...], *, ledger: Sequence[Info] = (),
           restrictions: Sequence[str] = ()) -> Node:
    return Node(table, agenda, with_entries(node.ledger, tuple(ledger)), node.findings, node.restrictions + tuple(restrictions),
                node.established, node.focus)


def _after_penalty_card(rs: RuleSet, node: Node, seat: Seat, card: Card, *, about_the_lead: bool = False,
                        choices: Sequence[ChoiceLine] = ()) -> Node:
    """Connect to the penalty-card rules (Law 50D): ``card`` has just become a
    major penalty card of ``seat``. When his partner is to lead, declarer's 50D2/51B options
    come next: always after a refused lead out of turn (54D, 56: the ruling is about that lead),
    otherwise only with ``Decisions.lead_options_after_ruling``."""
    tasks = penalty_tasks(node.table, seat, choices, refusal=True) if about_the_lead else after_ruling_tasks(rs, node.table, seat)
    if not tasks:
        return node
    return node.evolve(agenda=(*tasks, *node.agenda))


def _taken_back(table: TableState, trick: int, seat: Seat, *, restore_penalty: bool = True,
                card: Card | None = None) -> TableState:
    """``seat``'s card (``card``, or his card on the trick) taken back from ``trick`` with
    nothing in its place (:meth:`TableState.replace_card`). A lead or play there by the side
    of a revoke on the trick before established it (63A1, legal or illegal): taken back by a
    lead rule, it stays the play that established it (``keeping_established``)."""
    t = table.trick(trick)
    played = card if card is not None else (t.card_of(seat) if t is not None else None)
    kept = table.keeping_established(trick, (seat, played)) if played is not None else table
    return kept.replace_card(trick, seat, None, restore_penalty=restore_penalty, card=card)


def _withdraw_to_penalty(rs: RuleSet, table: TableState, trick: int, seat: Seat, card: Card) -> TableState:
    """Take a defender's card back from the trick; it becomes a major penalty card."""
    t = _taken_back(table, trick, seat, restore_penalty=rs.decisions.withdrawn_penalty_card_stays_penalty)
    return t.with_penalty(seat, card, PenaltyKind.MAJOR)


def _implied_refusal(rs: RuleSet, table: TableState, task: LeadOutOfTurn) -> ChoiceLine | None:
    """Declarer's recorded 50D2/51B choice (``requires <suit>``, ``forbids <suit>``, ``leaves``,
    or the same written ``chooses require <suit>`` ...) with no ``accepts``/``refuses`` line in
    either form: only a refused lead leads to it (54D, 56), so it settles the refusal too.
    Only where the refusal leads to that choice at all: the penalty card's owner's partner is
    then to lead (50D2); with the declaring side to lead no option is offered and the line
    settles nothing. Returns the first such line (the caller reads it as a refusal)."""
    if _is_declaring(table, task.offender) or task.trick > len(table.tricks) + table.first_trick - 1:
        return None
    if _stated(task.choices, table.declarer) is not None:
        return None  # (his ``chooses accept|refuse`` line says it: the engine settles it)
    return _refusal_choice(rs, table, task)


def _refusal_choice(rs: RuleSet, table: TableState, task: LeadOutOfTurn) -> ChoiceLine | None:
    """The first of the record's lines that settles declarer's 50D2/51B option at the lead
    the refusal of ``task``'s lead leaves, when that lead is the penalty card's owner's
    partner's (the options are offered: ``penalty_tasks``), else None."""
    refused = _refused_table(rs, table, task)
    if not penalty_tasks(refused, task.offender):
        return None  # the declaring side leads: no 50D2 choice follows the refusal
    recorded = recorded_lead_choice(refused, task.offender, task.choices)
    if recorded is None:
        return None
    return recorded[1][0]


def _said(line: ChoiceLine) -> str:
    if isinstance(line, Choice) and line.verb in ("accepts", "refuses", "spreads"):
        return str(line)
    return f"{line}, a 50D2 choice, so the lead is refused"


def _refused_table(rs: RuleSet, table: TableState, task: LeadOutOfTurn) -> TableState:
    """The table once ``task``'s lead is refused: the card back, a major penalty card (54D,
    56); and a card the correct leader faced on it before the refusal back as his penalty card
    (:func:`_lead_before_choice`), so that he is to lead."""
    t = _taken_back(table, task.trick, task.offender).with_penalty(task.offender, task.card, PenaltyKind.MAJOR)
    early = _lead_before_choice(rs, t, task)
    return _withdrawn_early_lead(rs, t, early) if early is not None else t


def _lead_before_choice(rs: RuleSet, table: TableState, task: LeadOutOfTurn) -> LeadBeforeChoice | None:
    """On ``table``, the one a refused defender's lead out of turn leaves (54D, 56): the card
    his partner, the correct leader, faced on it before the refusal, now the trick's first
    card, when it is ruled as a lead made before declarer's 50D2 choice: 50D applies from the
    refusal, so the partner may not lead until declarer has chosen, and a card faced while
    the lead out of turn was pending is no lead of his either (53B's proper lead is an
    opponent's). ``Decisions.correct_leader_card_before_refusal_is_lead_before_choice``; a
    card the record puts after the refusal (``LeadOutOfTurn.after_refusal``) is such a lead
    whatever the switch says (50D2: he led before declarer had stated his option)."""
    if not (task.after_refusal or rs.decisions.correct_leader_card_before_refusal_is_lead_before_choice):
        return None
    partner = task.offender.partner
    if partner is not task.proper or not table.is_defender(partner):
        return None
    t = table.trick(task.trick)
    if t is None or not t.plays or t.plays[0][0] is not partner or table.played_out_of_turn(task.trick, partner, t.plays[0][1]) is not None:
        return None
    return LeadBeforeChoice(task.trick, partner, t.plays[0][1], task.offender, task.choices, task.after_refusal)


def _withdrawn_early_lead(rs: RuleSet, table: TableState, task: LeadBeforeChoice) -> TableState:
    """The table once a lead made before declarer's 50D2 choice is rectified (49): the card
    back in its owner's hand as a major penalty card (faced as a lead, a deliberate play, 50B)."""
    t = _taken_back(table, task.trick, task.seat, restore_penalty=rs.decisions.withdrawn_penalty_card_stays_penalty)
    return t.with_penalty(task.seat, task.card, PenaltyKind.MAJOR)


def _choice(choices: Sequence[ChoiceLine], seat: Seat, verbs: Sequence[str]) -> Choice | None:
    for c in choices:
        if isinstance(c, Choice) and c.seat is seat and c.verb in verbs:
            return c
    return None


def _stated(choices: Sequence[ChoiceLine], seat: Seat) -> Chooses | None:
    """``seat``'s ``chooses`` line naming his option at the lead out of turn itself (accept,
    refuse, spread: the engine settles it in record order), if the lines hold one."""
    for c in choices:
        if isinstance(c, Chooses) and c.seat is seat and normal_choice(c.words) in LEAD_DECISIONS:
            return c
    return None


#: the options of declarer's decision at a defender's lead out of turn, as its steps name them
#: (53A, 54, 56): what a ``chooses`` line names when it is about that decision
LEAD_DECISIONS = frozenset({"accept", "refuse", "spread and become dummy"})


def _declarer_chooses(replay: Replay) -> tuple[Chooses, ...]:
    """Declarer's ``chooses`` lines (after attention) that can be about a defender's lead out
    of turn: his option at the lead itself (read only to know the refusal is stated, the
    engine settling it) and his 50D2/51B option at the proper leader's lead once it is
    refused, the same choice as ``S requires|forbids <suit>`` or ``S leaves`` (54D, 56)."""
    table = replay.table
    lines = [e for e in replay.after if isinstance(e, Chooses) and e.seat is table.declarer]
    if not lines:
        return ()
    options = {id(c) for c in lead_choice_lines(table, lines)}
    return tuple(c for c in lines if id(c) in options or normal_choice(c.words) in LEAD_DECISIONS)


def _choices_after(replay: Replay, trick_no: int, seat: Seat) -> tuple[ChoiceLine, ...]:
    """The record's choice lines that can be about ``seat``'s play out of turn to trick
    ``trick_no``: those after attention, and those before it but after that card was placed
    (a line said before the card, such as declarer's 50D2 choice at the proper lead, is not).
    A card a ruling put in place from a line the table did not apply (a fifth card found
    led, 45E) was placed at that line. Declarer's ``chooses`` lines about a lead out of turn
    are among them (:func:`_declarer_chooses`)."""
    found = next(((i, c) for i, (n, s, c) in enumerate(replay.table.plays()) if n == trick_no and s is seat), None)
    index = found[0] if found is not None else None
    unapplied = {id(e) for e in replay.unapplied}
    placed_at = _placing_line(replay, seat, found[1]) if found is not None and replay.reopened else None
    before = [e for i, e in enumerate(replay.before) if isinstance(e, Choice) and id(e) in unapplied
              and (index is None or i >= len(replay.applied_before) or replay.applied_before[i] > index
                   or (placed_at is not None and i > placed_at))]
    return (*before, *(e for e in replay.after if isinstance(e, Choice)), *_declarer_chooses(replay))


def _placing_line(replay: Replay, seat: Seat, card: Card) -> int | None:
    """Where in the record (``Replay.before``) a line the table did not apply put ``seat``'s
    ``card`` down (a fifth card, an exposed card, cards played together), if one did."""
    unapplied = {id(e) for e in replay.unapplied}
    for i in range(len(replay.before) - 1, -1, -1):
        e = replay.before[i]
        if isinstance(e, CARD_LINES) and id(e) in unapplied and e.seat is seat and card in _cards_of(e):
            return i
    return None


def _cards_of(e: FifthCard | Expose | Simultaneous) -> tuple[Card, ...]:
    return e.cards if isinstance(e, Simultaneous) else (e.card,)


#: record lines that put a card down that the table does not place (a ruling decides where)
CARD_LINES = (FifthCard, Expose, Simultaneous)


# ----- opener -------------------------------------------------------------------------------------
def open_leads(rs: RuleSet, replay: Replay, root: Node) -> Opening | None:
    """Find the first play out of turn not ruled yet and put the matching task on the
    agenda. Those in later tricks are left for after its ruling (``Opening.later``): the
    engine runs this opener again on the table that ruling leaves, and each is ruled in
    turn, with every obligation the earlier rulings left in force. A play out of turn is
    known by its card (``TableState.out_of_turn``): a seat's other card on the same trick (put
    down after his first went back, or his lead to the next trick put down early) is a play
    of its own, ruled under its own key."""
    table = replay.table
    pairs = _this_part_first(table.out_of_turn, replay.start)
    if replay.start is not None and replay.start.out_of_turn:
        pairs = _standing_in_place(table, pairs, replay.start.out_of_turn)
    reopened = replay.reopened
    if reopened:
        pairs = tuple(p for p in pairs if p not in replay.ruled and (not replay.is_ruled(p, "leads") or _alone_since(table, p))
                      and not _beside_ruled(table, p, replay.ruled.__contains__))
    if not pairs:
        return None
    events: tuple[object, ...] = (*replay.unapplied, *replay.after)
    if reopened:  # (a line an earlier ruling read is not read again for this one)
        events = tuple(e for e in events if not replay.is_ruled(handled_key(e), "leads"))
    findings = {e.finding.lower() for e in events if isinstance(e, DirectorFinds)}
    # the first play out of turn the leads rules rule (around a rectified table, the first
    # of those left that they rule: one they have no rule for does not hold up the others)
    found: tuple[tuple[object, ...], tuple[str, ...], tuple[object, ...]] | None = None
    i = 0
    for i in range(len(pairs) if reopened else 1):
        choices = _choices_after(replay, pairs[i][0], pairs[i][1])
        if reopened:
            choices = _not_ruled(replay, choices)
        found = _classified(rs, table, pairs[i:], choices, SAW_DUMMY in findings, replay,
                            began_spread=BEGAN_TO_SPREAD in findings)
        if found is not None:
            break
    if found is None:
        return None
    trick_no = pairs[i][0]
    agenda, irregularities, handled = found
    spread_found = _spread_finding(rs, table, agenda[0], events)
    barred: tuple[tuple[Choice | DirectorFinds, str], ...] = () if reopened else tuple(sorted((*_not_entitled(rs, table, agenda[0], choices),
                                                *_option_taken_away(rs, table, agenda[0], choices), *spread_found),
                                               key=lambda b: b[0].line or 0))  # (said in the record's order)
    if barred:
        handled = (*handled, *(line for line, _ in barred))
    known = (SAW_DUMMY, FINDING_ACCEPTED, FINDING_PROPER_LEAD)
    used: list[object] = [e for e in events if isinstance(e, DirectorFinds)
                          and (e.finding.lower() in known or (e.finding.lower() == BEGAN_TO_SPREAD and _reads_spread(table, agenda[0])))]
    recorded = tuple(f for f in (FINDING_ACCEPTED, FINDING_PROPER_LEAD) if f in findings) if len(agenda) == 1 else ()
    texts, later = _left_for_later(rs, replay, tuple(p for p in pairs[i:] if p[0] > trick_no and p not in handled
                                                     and not _beside_ruled(table, p, handled.__contains__)),
                                   SAW_DUMMY in findings)
    # (a lead made before the trick before it was complete is ruled on that trick, 57A)
    focus = agenda[0].trick if isinstance(agenda[0], PrematurePlay) and agenda[0].next_trick_lead else trick_no
    node = Node(table=table, agenda=agenda, findings=recorded, focus=focus)
    # a later card of the same trick that this ruling does not rule (declarer's card from
    # his hand after dummy's lead out of turn, 55A) is left for after it: what it is depends
    # on this ruling (a premature play where the lead is accepted, 57C3; the lead itself
    # where it is taken back, 55B2)
    here = tuple(p for p in pairs[i + 1:] if p[0] == trick_no and p not in handled and p not in later
                 and not _beside_ruled(table, p, handled.__contains__))
    if isinstance(agenda[0], (LeadOutOfTurn, DeclaringSideOpeningLead)) and (played := table.trick(trick_no)) is not None:
        # a card played in turn after a lead out of turn that is not accepted may lead the
        # trick once that lead goes back: ruled after it, on the table its ruling leaves
        # (at trick 13, 2017 53A, those played to it in rotation go back with it)
        here += tuple(p for s, c in played.plays[1:] if (p := _key(table, trick_no, s, c)) not in pairs and p not in here)
    if isinstance(agenda[0], PlayAtRhoTurn) and (played := table.trick(trick_no)) is not None:
        # a card put on the trick after one played at the right-hand opponent's turn, in turn
        # after it, is out of turn once that card leaves the trick (57D), the seat it was
        # played before still to play: ruled after it, on the table its ruling leaves (57C3)
        at = played.position_of(agenda[0].offender)
        if at is not None:
            here += tuple(p for s, c in played.plays[at + 1:] if (p := _key(table, trick_no, s, c)) not in pairs and p not in here)
    if isinstance(agenda[0], LeadBeforeTrickComplete) and not agenda[0].played_on:
        # (his lead to the next trick, out of turn where another seat wins this one: ruled
        # after, on the table each of the seats still due leaves)
        here += ((agenda[0].trick + 1, agenda[0].offender, agenda[0].card),)
    notices = tuple(Notice(line.line, text, "unsettled") for line, text in barred)
    return Opening(node, (*irregularities, *texts), notices, (*used, *handled), later=(*later, *here) if here else later)


def _key(table: TableState, number: int, seat: Seat, card: Card) -> OutOfTurn:
    """The key a ruling of ``seat``'s ``card`` on trick ``number`` marks ruled: its entry
    among the table's plays out of turn (a substitute's: the card it replaced), or the entry
    it has once out of rotation (a card a ruling may leave out of turn there)."""
    return table.played_out_of_turn(number, seat, card) or (number, seat, card)


def _standing_in_place(table: TableState, pairs: tuple[OutOfTurn, ...], earlier: tuple[OutOfTurn, ...]) -> tuple[OutOfTurn, ...]:
    """``pairs`` (plays out of turn, in order, of a part of the record played on after
    ``resume``) with the entry of a card of an earlier part (``earlier``) that no longer
    stands on its trick (a ruling there took it back with nothing in its place), where its
    seat has put a card out of turn on that trick in this part, replaced by that card's
    entry: the play out of turn of that seat on that trick as the table now shows it, ruled
    in that place."""
    out: list[OutOfTurn] = []
    for p in pairs:
        if p in out:
            continue
        t = table.trick(p[0])
        if p in earlier and t is not None and not any(s is p[1] and table.played_out_of_turn(p[0], s, c) == p for s, c in t.plays):
            now = next((e for s, c in t.plays if s is p[1] and (e := table.played_out_of_turn(p[0], s, c)) is not None
                        and e not in out), None)
            if now is not None:
                out.append(now)
                continue
        out.append(p)
    return tuple(out) if out != list(pairs) else pairs


def _alone_since(table: TableState, entry: OutOfTurn) -> bool:
    """Whether ``entry``'s card, a second card of its seat on its trick when the record was
    read (another family's opening claims it with the line that placed it), now stands
    alone there, his other card taken back with nothing in its place: a play out of turn of
    its own, for these rules to rule (57C3, 57A, 57D)."""
    number, seat, _ = entry
    t = table.trick(number)
    if t is None or sum(1 for s, _ in t.plays if s is seat) != 1 or table.played_out_of_turn(number, seat, t.card_of(seat)) != entry:
        return False
    return any(w.trick == number and w.seat is seat and w.replaced_by is None for w in table.withdrawn)


def _beside_ruled(table: TableState, entry: OutOfTurn, ruled: Callable[[OutOfTurn], bool]) -> bool:
    """Whether ``entry`` is a seat's card standing on a trick beside another card of his there
    whose play out of turn is ``ruled`` (:meth:`TableState.second_card_beside`): ruled with
    it, or by no law (a seat plays one card to a trick, 44B), for the engine to say."""
    other = table.second_card_beside(entry)
    return other is not None and ruled(other)


def _less(out_of_turn: tuple[OutOfTurn, ...], number: int, seat: Seat, card: Card | None = None) -> tuple[OutOfTurn, ...]:
    """``out_of_turn`` less ``seat``'s plays out of turn on trick ``number``: with ``card``,
    that card's entry only (his other card there keeps its own, a play of its own: a seat
    plays one card to a trick, 44B)."""
    return tuple(p for p in out_of_turn if not (p[0] == number and p[1] is seat and (card is None or p[2] == card)))


def _this_part_first(pairs: tuple[OutOfTurn, ...], start: TableState | None) -> tuple[OutOfTurn, ...]:
    """The plays out of turn ``pairs`` of a part of the record played on after ``resume``
    (``start``: the table it was played on from; None for the first part), those its own
    lines made first, in the order they were made, then those the parts before it made
    (ruled there): an opening lead the declaring side faced first in this part (54E) is
    ruled before a defender's card after it. Read so where the opening lead is still to be
    made when the part begins (no card standing; Law 54); at a later trick the order stays
    as it was (docs/whole-record.md, "Testing")."""
    if start is None or not start.out_of_turn or not pairs or start.tricks or start.first_trick != 1:
        return pairs  # (the opening lead still to be made: read only there, 54, 54E)
    earlier = Counter(start.out_of_turn)
    mine: list[OutOfTurn] = []
    theirs: list[OutOfTurn] = []
    for p in pairs:
        if earlier[p] > 0:
            earlier[p] -= 1
            theirs.append(p)
        else:
            mine.append(p)
    return (*mine, *theirs) if mine and theirs else pairs


def _not_entitled(rs: RuleSet, table: TableState, task: object,
                  choices: tuple[ChoiceLine, ...]) -> tuple[tuple[Choice, str], ...]:
    """The ``accepts``/``refuses`` lines about ``task``'s lead out of turn said by a player
    not entitled to choose (53A: the player entitled to choose, declarer for a defender's
    lead, 56, either defender for declarer's, 55A), each with what to say of it: it settles
    nothing."""
    if not isinstance(task, (LeadOutOfTurn, AcceptedByPlay)):
        return ()
    defender_led = table.is_defender(task.offender)
    out: list[tuple[Choice, str]] = []
    for c in choices:
        if not isinstance(c, Choice) or c.verb not in ("accepts", "refuses"):
            continue
        if (c.seat is table.declarer) if defender_led else table.is_defender(c.seat):
            continue
        verb = "accept or refuse"
        who = "declarer chooses" if defender_led else "either defender chooses"
        law = rs.cite("56") if defender_led else rs.cite("55A")
        if c.seat is table.dummy:
            text = (f"{str(c)!r} settles nothing: dummy may not {verb} a lead out of turn ({rs.cite('43A1(c)')}: he takes no "
                    f"part in the play); {who} ({rs.cite('53A')}, {law})")
        elif c.seat is table.declarer:
            text = f"{str(c)!r} settles nothing: declarer may not {verb} his own side's lead out of turn; {who} ({rs.cite('53A')}, {law})"
        else:
            text = f"{str(c)!r} settles nothing: {c.seat} may not {verb} his partner's lead out of turn; {who} ({rs.cite('53A')}, {law})"
        out.append((c, text))
    return tuple(out)


def _reads_spread(table: TableState, task: object) -> bool:
    """Whether ``task`` is a faced opening lead out of turn by a defender, the lead the
    finding that declarer began to spread his hand is about (54A)."""
    return isinstance(task, LeadOutOfTurn) and task.trick == 1 and not _is_declaring(table, task.offender)


def _spread_finding(rs: RuleSet, table: TableState, task: object,
                    events: Sequence[object]) -> tuple[tuple[DirectorFinds, str], ...]:
    """The finding that declarer began to spread his hand (54A) where the Laws leave him no
    spread, with what to say of it: declarer who could have seen dummy's cards must accept the
    lead and stays declarer (54C, decision ``began_to_spread_after_saw_dummy`` in
    docs/decisions.md). Elsewhere the finding is read (:func:`_opening_lead`) or, about no
    lead it rules, left for the engine to say it settled nothing."""
    if not (_reads_spread(table, task) and isinstance(task, LeadOutOfTurn) and task.saw_dummy):
        return ()
    why = f"{table.declarer} could have seen dummy's cards, so he must accept the lead and stays declarer ({rs.cite('54C')})"
    return tuple((e, f"{str(e)!r} settles nothing: {why}") for e in events
                 if isinstance(e, DirectorFinds) and e.finding.lower() == BEGAN_TO_SPREAD)


def _option_taken_away(rs: RuleSet, table: TableState, task: object,
                       choices: tuple[ChoiceLine, ...]) -> tuple[tuple[Choice, str], ...]:
    """The ``accepts``/``refuses``/``spreads`` lines about ``task``'s lead out of turn, said by
    the player entitled to choose, that name an option the Laws take away there, each with what
    to say of it: it settles nothing, the ruling taking the one course left. Declarer who could
    have seen dummy's cards must accept a faced opening lead out of turn (54C: no refusal, no
    spread); declarer found to have begun to spread his hand must spread it all (54A: no
    acceptance, no refusal); no lead out of turn is accepted at the thirteenth trick (2017 53A)."""
    if not isinstance(task, LeadOutOfTurn):
        return ()
    defender_led = not _is_declaring(table, task.offender)  # (declarer chooses, 56; else either defender, 55A)
    taken: tuple[str, ...]
    if task.trick == 1 and task.saw_dummy and defender_led:
        taken, why = ("refuses", "spreads"), f"{table.declarer} could have seen dummy's cards, so he must accept the lead ({rs.cite('54C')})"
    elif task.trick == 1 and task.began_spread and defender_led:
        taken, why = ("accepts", "refuses"), (f"{table.declarer} began to spread his hand, exposing a card, so he must spread "
                                              f"it all and becomes dummy ({rs.cite('54A')})")
    elif _acceptance_barred(rs, task):
        taken, why = ("accepts",), f"no lead out of turn is accepted at the thirteenth trick ({rs.cite('53A')}): it goes back"
    else:
        return ()
    return tuple((c, f"{str(c)!r} settles nothing: {why}") for c in choices
                 if isinstance(c, Choice) and c.verb in taken
                 and ((c.seat is table.declarer) if defender_led else table.is_defender(c.seat)))


def _not_ruled(replay: Replay, choices: tuple[ChoiceLine, ...]) -> tuple[ChoiceLine, ...]:
    """Around a rectified table, the lines not ruled yet: none ruled on this path, and none
    another family's opening of the record claimed, but for declarer's 50D2/51B choice after
    attention. That is about the proper leader's lead, whichever ruling reaches that lead's
    options on this path: the penalty rules' opening of the record may have claimed it for
    the lead the record as played leaves (after a card an earlier ruling may make a penalty
    card), while on this path a ruling revealed a lead out of turn before it (a fifth card
    found led, 45E1), whose refusal brings the same options (56). It is passed over only once
    ruled on this path, so one 50D2 decision is made at one lead. Written as a ``chooses``
    line, it is read here as at a lead out of turn of the record as played (it says the
    refusal, and names the 50D2 option), and the engine settles it in record order, as it
    does declarer's ``chooses`` line at the lead itself (that one kept: :func:`_stated`): a
    choice the options do not hold is refused, one no decision of his reached is said."""
    said = {id(e) for e in replay.after}
    after = [c for c in choices if id(c) in said]
    options = {id(c) for c in lead_choice_lines(replay.table, after)} if after else set()
    out: list[ChoiceLine] = []
    for c in choices:
        key = handled_key(c)
        if id(c) not in options:
            if isinstance(c, Chooses) or not replay.is_ruled(key, "leads"):
                out.append(c)
        elif key not in replay.ruled:
            out.append(c)
    return tuple(out)


def spread_played_on(rs: RuleSet, replay: Replay) -> int | None:
    """54A (48B1) ruled where it happened: declarer spread his hand after a faced opening
    lead out of turn, with nothing else placed yet (no card on the lead, no choice said; the
    correct leader's face-down lead apart, which simply goes back, 54), and play went on
    before attention. From the spread his partner is declarer and he is dummy, as the table
    played it, so the record after that line is played on from the table the ruling of the
    lead leaves, as after a ``resume`` line (``RuleSet.played_on_from``). Returns the index
    of the ``spreads`` line in ``replay.before`` (a part of the record: the first, or one
    played on after ``resume`` whose lines hold the lead, no card standing when it began: a
    card of the declaring side faced first, 54E, went back), or None.

    Not cut: a spread after a card accepted the lead (54B1, 54B2: then it is no 54A spread;
    48B2 may make it a claim), or after another card or line the director would rule first
    (a rectification the table, playing on, did not make: the record is not played on from
    it), or where the director finds that declarer could have seen dummy's cards (54C: he
    must accept the lead). There the record is ruled as one part, declarer unchanged."""
    table = replay.table
    if table.first_trick != 1 or Choice not in replay.line_kinds:
        return None  # (no spreads line: one look at the record's kinds of line, kept with it)
    before = replay.before
    if not before or replay.applied_before[0]:
        return None  # (a card stood when the part began: its lead, and any choice at it, came before)
    decl = table.declarer
    for i, e in enumerate(before):
        if isinstance(e, (Play, FaceDownLead)):
            continue
        if not (isinstance(e, Choice) and e.seat is decl and e.verb == "spreads") or i + 1 == len(before):
            return None  # (another line first; or attention, or the part's end, came next)
        if replay.applied_before[i] != 1:
            return None
        trick = table.trick(1)
        assert trick is not None
        leader = trick.plays[0][0]
        if not table.is_defender(leader) or leader is table.first_leader:
            return None
        if any(isinstance(f, DirectorFinds) and f.finding.lower() == SAW_DUMMY for f in (*before, *replay.after)):
            return None
        return i
    return None


#: declarer's lines at a defender's lead out of turn that refuse it and state his 50D2 choice
#: over the correct leader's lead (54D, 56; the choice line settles the refusal too)
_REFUSAL_VERBS = frozenset({"refuses", "leaves", "requires", "forbids"})
#: of those, the lines that state a 50D2 option
_OPTION_VERBS = _REFUSAL_VERBS - {"refuses"}


def refusal_played_on(rs: RuleSet, replay: Replay) -> int | None:
    """54D/56 with 50D2 ruled where it happened: declarer refused a defender's faced lead out
    of turn and stated his choice over the correct leader's lead (``S refuses``, then ``S
    leaves`` / ``S requires <suit>`` / ``S forbids <suit>``; the choice line alone settles the
    refusal too), on the lines right after the lead, and play went on before attention. The
    table played on from that choice: the lead went back as a major penalty card (50D) and
    the correct leader led under declarer's choice, so the record after the last of those
    lines is played on from the table the ruling of the lead leaves, as after a ``resume``
    line (``RuleSet.played_on_from``); a lead that then breaks the choice is a revoke (61A).
    Returns the index of that line in ``replay.before`` (a part of the record), or None.

    A bare refusal (``S refuses``, no choice stated) is cut too when the correct leader, the
    offender's partner, led on the next line and his left-hand opponent played to that lead
    on the line after: the refusal is ruled with no 50D2 option (``LeadOutOfTurn.
    unstated_played_on``), and his lead, played on, stands (docs/decisions.md). So is a bare
    refusal after which the correct leader led at once, declarer then stated his 50D2 choice
    and the correct leader led again on the next line (:func:`_led_after_late_choice`): cut
    after the choice, his first lead ruled as made before it (49). Where, after that late
    choice, his left-hand opponent played to his lead instead, play went on over it (60A1,
    60A2: it stands, and the late choice governs no lead, picking nothing up): cut at the
    bare refusal, as a bare refusal played on is.

    Not cut: a bare refusal with attention drawn before anybody played to the correct
    leader's card (it is then a lead made before declarer's choice, 50D2, ruled as the
    record stands); lines
    between the lead and the refusal (another card, the correct leader's among them: 49, a
    card faced before the refusal); a card or line before the lead the director would rule
    first (a play out of turn, a revoke, a line the table did not apply: the table, playing
    on, made no rectification of it; the declaring side's attempted opening lead, which
    simply goes back, 54E, apart); and where the director finds that declarer could have
    seen dummy's cards (54C: he must accept the opening lead)."""
    if Choice not in replay.line_kinds:
        return None
    table, before, applied = replay.table, replay.before, replay.applied_before
    decl = table.declarer
    first = next((i for i, e in enumerate(before) if isinstance(e, Choice) and e.seat is decl and e.verb in _REFUSAL_VERBS), None)
    if first is None or first == 0 or not all(type(e) is Play for e in before[:first]):
        return None
    last = _choice_lines_end(before, first, decl)
    late = False
    over: Seat | None = None  # (the correct leader, when play went on over his lead made before a late choice)
    if (isinstance(said := before[last], Choice) and said.verb == "refuses" and last + 2 < len(before) and type(lead := before[last + 1]) is Play
            and isinstance(e := before[last + 2], Choice) and e.seat is decl and e.verb in _OPTION_VERBS):
        # (a 50D2 choice stated after the correct leader's lead: read below; when the lead's
        # left-hand opponent then played to it, play went on over that lead, and the record is
        # cut at the bare refusal, the late choice governing no lead, 60A1, 60A2)
        end = _choice_lines_end(before, last + 2, decl)
        if end + 1 < len(before) and type(reply := before[end + 1]) is Play and reply.seat is lead.seat.lho:
            over = lead.seat
        else:
            late, last = True, end
    if last + 1 == len(before):
        return None  # (attention, or the part's end, came next: ruled there as it stands)
    choice = before[last]
    assert isinstance(choice, Choice)
    if choice.verb not in ("refuses", "leaves") and choice.suit is None:
        return None  # (a line that states no 50D2 option)
    plays = list(table.plays())
    index = applied[first - 1]
    if index >= len(plays):
        return None
    trick_no, seat, card = plays[index]
    trick = table.trick(trick_no)
    if trick is None or not table.is_defender(seat) or any(n <= trick_no for n, _ in table.early_leads):
        return None  # (a lead put down early in the record before it: ruled first; one after it is
        # the record as the ruling's table plays it on, the refused card back in its owner's hand)
    # (in a later part, what the table started from holds the earlier parts' plays out of turn
    # and revokes, ruled there: only this part's count)
    start = replay.start
    out_of_turn = table.out_of_turn[len(start.out_of_turn):] if start is not None else table.out_of_turn
    if trick.plays[0] != (seat, card):
        # the declaring side's attempted opening lead first, the only card before it (54E: no
        # lead; it goes back and the defender's card leads trick 1)
        if not (trick_no == 1 == table.first_trick and index == 1 and trick.plays[1] == (seat, card) and first == 2
                and not table.is_defender(trick.plays[0][0]) and seat is not table.first_leader
                and [p[:2] for p in out_of_turn[:1]] == [(1, trick.plays[0][0])]):
            return None
    elif not out_of_turn or out_of_turn[0][:2] != (trick_no, seat):
        return None
    if any(r.trick < trick_no and (start is None or r not in start.revokes) for r in table.revokes):
        return None
    if trick_no == 1 and any(isinstance(f, DirectorFinds) and f.finding.lower() == SAW_DUMMY for f in (*before, *replay.after)):
        return None
    if choice.verb == "refuses" and not (over is not None and expected_leader(table, trick_no) is seat.partner is over) \
            and not _led_and_played_to(table, before, last, trick_no, seat):
        return None  # (no 50D2 choice stated, and no card played to the lead made before it: ruled as it stands)
    if late and not _led_after_late_choice(table, before, first, last, trick_no, seat):
        return None
    return last


def _choice_lines_end(before: Sequence[object], at: int, decl: Seat) -> int:
    """The last of declarer's refusal and 50D2 choice lines that follow one another from
    ``before[at]`` (one of them)."""
    last = at
    while (last + 1 < len(before) and isinstance(e := before[last + 1], Choice) and e.seat is decl
           and e.verb in _REFUSAL_VERBS):
        last += 1
    return last


def _led_after_late_choice(table: TableState, before: Sequence[object], first: int, last: int, trick_no: int,
                           seat: Seat) -> bool:
    """Declarer's bare refusal (``before[first]``) of ``seat``'s lead out of turn to
    ``trick_no``, the correct leader's lead on the next line, then declarer's 50D2 choice
    lines up to ``before[last]``: whether the correct leader is ``seat``'s partner (50D2
    binds him) and led again on the line after them (the table took that lead back as made
    before the choice, 49, and played on from the choice: docs/decisions.md, "A 50D2 choice
    stated after the correct leader had led"). The same card led again is such a lead: the
    record as played whole cannot place it, and the engine looks past it."""
    proper = expected_leader(table, trick_no)
    if proper is not seat.partner:
        return False
    lead = before[first + 1]
    if not (type(lead) is Play and lead.seat is proper):
        return False
    return last + 1 < len(before) and type(again := before[last + 1]) is Play and again.seat is proper


def _led_and_played_to(table: TableState, before: Sequence[object], last: int, trick_no: int, seat: Seat) -> bool:
    """After declarer's bare refusal (``before[last]``) of ``seat``'s lead out of turn to
    ``trick_no``: whether the proper leader led on the next line, before attention, and, when
    he is ``seat``'s partner (50D2 then binds him), his left-hand opponent played to that lead
    on the line after (the table played on from the refusal with no option stated). With the
    declaring side to lead no 50D2 choice follows the refusal: his lead alone shows the table
    played on from it (56, 55 apart)."""
    proper = expected_leader(table, trick_no)
    if last + 1 >= len(before) or type(lead := before[last + 1]) is not Play or lead.seat is not proper:
        return False
    if proper is not seat.partner:
        return not table.is_defender(proper)
    return last + 2 < len(before) and type(reply := before[last + 2]) is Play and reply.seat is proper.lho


def _classified(rs: RuleSet, table: TableState, pairs: Sequence[OutOfTurn], choices: tuple[ChoiceLine, ...],
                saw_dummy: bool, record: Replay | None = None, *,
                began_spread: bool = False) -> tuple[tuple[object, ...], tuple[str, ...], tuple[object, ...]] | None:
    """How the first of ``pairs`` (plays out of turn, in order) is ruled: the tasks, the
    irregularities, and what they rule on (the choice lines their rules read, then the
    plays out of turn); None when the leads rules have nothing for it. ``record``: the
    record ``table`` is of, which says whether play went on to the end after its last card
    (``Replay.played_out``, ``Replay.played_to``). ``saw_dummy``, ``began_spread``: the
    director's findings about a faced opening lead out of turn (54C, 54A)."""
    played_out = record is not None and record.played_out
    trick_no, seat, _ = pairs[0]
    trick = table.trick(trick_no)
    if trick is None:
        return None
    handled_pairs: list[object] = [pairs[0]]
    task: object
    # (a seat that led in turn and then put down a second card: the second is the play out
    # of turn, not his lead)
    again = trick.plays[0][0] is seat and [s for s, _ in trick.plays].count(seat) > 1 and seat is expected_leader(table, trick_no)
    if (trick_no, seat) in table.early_leads and trick.plays[0][0] is seat and (done := table.trick(trick_no - 1)) is not None:
        # his lead to this trick made before his partner played to the one before (57A), his
        # partner's card to it following in the record
        card = trick.plays[0][1]
        answered = done.card_of(seat.partner) is not None or played_out or len(trick.plays) > 1
        task = PrematurePlay(done.number, seat, card, choices, True, partner_played_on=played_out, partner_answered=answered)
        together = next((e.cards for e in (record.before if record is not None else ()) if isinstance(e, Simultaneous)
                         and e.seat is seat and card in e.cards and len(e.cards) > 1), None)
        # (one of cards he put down together, 58B2: said once, whichever he says he plays)
        led = card if together is None else f"the card he plays of {' '.join(map(str, together))}"
        after = _played_after(done, seat, card, record)
        irregularity = (f"{seat} led {led} to trick {trick_no} before trick {done.number} was complete, before his partner "
                        f"played (57A)" + (f"; {after} to trick {done.number}" if after else ""))
        return (task,), (irregularity,), (*_consumed(rs, table, task, choices), *handled_pairs)
    if trick.plays[0][0] is seat and not again and _card_line_pending(record, table, trick, seat):
        return None  # (ruled once the line's card is placed or ruled: the engine opens these rules again)
    if trick.plays[0][0] is seat and not again:
        task, irregularity = _classify_lead(rs, table, trick, seat, choices, saw_dummy, rs.decisions.later_play_shows_acceptance,
                                            _no_acceptance_at(rs, trick_no), played_out, record, began_spread)
        if isinstance(task, ProperLead) or (isinstance(task, AcceptedByPlay) and task.proper_lead is not None):
            proper = expected_leader(table, trick_no)
            if (at_lead := trick.card_of(proper)) is not None:
                handled_pairs.append(_key(table, trick_no, proper, at_lead))
            if (isinstance(task, AcceptedByPlay) and task.proper_lead is not None
                    and [s for s, _ in trick.plays].count(seat) == 2):
                # his second card in the trick: his lead to the next trick where the next hand's
                # card was a play to the lead (57A), his card to the trick where it was the
                # proper lead (53B), ruled on each course after that finding
                more = _classify_play(rs, table, trick, seat, choices, record)
                if more is not None and isinstance(more[0], PrematurePlay) and more[0].next_trick_lead:
                    task = replace(task, then=more[0], proper_lead=replace(task.proper_lead, then=seat))
                    irregularity = f"{irregularity}; where it was a play to the lead, {more[1]}"
                    handled_pairs += [played(trick_no, seat, more[0].card), _key(table, trick_no, seat, more[0].card),
                                      *(_key(table, trick_no, x, c) for x, c in _played_after_early_lead(table, trick, seat))]
                else:
                    # (where it was the proper lead, his lead goes back and that card is his
                    # one card to the trick, ruled there as a play: 57A, 57D or in turn)
                    assert task.proper_lead is not None
                    task = replace(task, proper_lead=replace(task.proper_lead, then=seat))
            elif isinstance(task, ProperLead) and [s for s, _ in trick.plays].count(seat) == 2:
                # his second card in the trick: once his lead goes back for the proper lead
                # (53B), his one card to the trick, ruled there as a play (57A, 57D or in turn)
                task = replace(task, then=seat)
            elif [s for s, _ in trick.plays].count(proper := expected_leader(table, trick_no)) == 2:
                # the proper leader's second card in the trick, put down before his partner
                # played: his lead to the next trick (57A) on either finding, after his card
                # played to the lead (53A) as after his proper lead (53B); ruled on each
                # course after that finding (the pair of trick and seat marked ruled here is
                # his first card's, so it is ruled here or not at all)
                more = _classify_play(rs, table, trick, proper, choices, record)
                if more is not None and isinstance(more[0], PrematurePlay) and more[0].next_trick_lead:
                    if isinstance(task, AcceptedByPlay):
                        assert task.proper_lead is not None
                        task = replace(task, then=more[0], proper_lead=replace(task.proper_lead, then=proper))
                    else:
                        task = replace(task, then=proper)
                    irregularity = f"{irregularity}; {more[1]}"
                    handled_pairs += [played(trick_no, proper, more[0].card), _key(table, trick_no, proper, more[0].card),
                                      *(_key(table, trick_no, x, c) for x, c in _played_after_early_lead(table, trick, proper))]
        elif isinstance(task, WrongDefenderPlays) or (isinstance(task, AcceptedByPlay) and task.from_dummy):
            handled_pairs.append(_key(table, trick_no, *trick.plays[1]))
        elif isinstance(task, AcceptedByPlay):
            # The lead accepted, a later card out of turn in the trick is ruled next (57).
            for p in pairs[1:]:
                n, s, _ = p
                more = _classify_play(rs, table, trick, s, choices, record) if n == trick_no else None
                if more is not None:
                    lines = _consumed(rs, table, more[0], choices) + _consumed(rs, table, task, choices)
                    # (the leader's own second card, put down before his partner played: his
                    # lead to the next trick, 57A, ruled here; its key says so, as the play out
                    # of turn's key is his lead's too)
                    own = ((played(n, s, more[0].card), _key(table, n, s, more[0].card),
                            *(_key(table, n, x, c) for x, c in _played_after_early_lead(table, trick, s)))
                           if s is seat and isinstance(more[0], PrematurePlay) else ())
                    return (task, more[0]), (irregularity, more[1]), (*lines, *handled_pairs, p, *own)
    else:
        found = _classify_play(rs, table, trick, seat, choices, record)
        if found is None:
            return None
        task, irregularity = found
        if isinstance(task, PrematurePlay) and task.next_trick_lead:
            # (the cards put on the trick after his lead to the next one, at their turns)
            handled_pairs += [_key(table, trick_no, s, c) for s, c in _played_after_early_lead(table, trick, seat)]
        if isinstance(task, PrematurePlay) and task.played_to:
            # (the cards played to his early lead are ruled with it; where the next hand's card
            # forfeits the rectification, the others stand on the lead, ruled after it as
            # plays to that trick)
            by = _forfeited_by(rs, task)
            handled_pairs += [_key(table, trick_no + 1, s, c) for s, c in task.played_to if by is None or s is by[0]]
        if isinstance(task, DeclarerPremature):
            # A defender's premature play after declarer's in the same trick (57C1 may apply).
            pos = trick.position_of(seat)
            assert pos is not None
            for s, _ in trick.plays[pos + 1 :]:
                more = _classify_play(rs, table, trick, s, choices, record) if table.is_defender(s) else None
                if more is not None and isinstance(more[0], PrematurePlay):
                    return (task, more[0]), (irregularity, more[1]), (*_consumed(rs, table, more[0], choices), *handled_pairs,
                                                                       _key(table, trick_no, s, more[0].card))
    return (task,), (irregularity,), (*_consumed(rs, table, task, choices), *handled_pairs)


def _played_after(done: Trick, seat: Seat, card: Card, record: Replay | None) -> str:
    """Who then played what to ``done``, the trick ``seat``'s early lead of ``card`` was put
    down in: the cards of ``done`` the record places after that lead (its partner's among
    them), or his partner's alone when the record does not say; empty when no card of
    ``done`` came after it (his partner has not played to it either)."""
    after: list[tuple[Seat, Card]] = []
    if record is not None:
        at = next((i for i, e in enumerate(record.before) if getattr(e, "seat", None) is seat
                   and (getattr(e, "card", None) == card or card in getattr(e, "cards", ()))), None)
        if at is not None:
            # (each seat's card to the trick as the record placed it: one a ruling has since
            # taken back, dummy's wrong card or a card changed after it, is still what he played
            # then, so the irregularity reads the same on every path)
            mine = set(done.plays)
            seats = {s for s, _ in done.plays} - {seat}
            placed = {c for t in record.table.tricks for _, c in t.plays}
            for e in record.before[at + 1:]:
                if isinstance(e, Play) and e.seat in seats and ((e.seat, e.card) in mine or e.card not in placed):
                    seats.discard(e.seat)
                    after.append((e.seat, e.card))
    if not any(s is seat.partner for s, _ in after):
        after = [(seat.partner, c)] if (c := done.card_of(seat.partner)) is not None else []
    said = [f"{s} {c}" for s, c in after]
    if not said:
        return ""
    return "then " + (f"{said[0]}" if len(said) == 1 else f"{', '.join(said[:-1])} and {said[-1]}") + " played"


def _left_for_later(rs: RuleSet, replay: Replay, later: tuple[OutOfTurn, ...],
                    saw_dummy: bool) -> tuple[tuple[str, ...], tuple[object, ...]]:
    """The plays out of turn in later tricks that the leads rules will rule after this
    ruling (``Opening.later``: the first of each trick and those ruled with it), with the
    choice lines those rulings will read; and what each is as the record shows it, for the
    record's list of irregularities (none around a rectified table: the record's list has
    them). Each is ruled on the table the earlier rulings leave (a different text found
    there is listed as found while ruling)."""
    if not later:
        return (), ()
    table = replay.table
    texts: list[str] = []
    left: list[object] = []
    tricks: set[int] = set()
    for i, (number, seat, _) in enumerate(later):
        if number in tricks:
            continue
        tricks.add(number)
        found = _classified(rs, table, later[i:], _choices_after(replay, number, seat), saw_dummy, replay)
        if found is not None:
            texts += found[1]
            left += [h for h in found[2] if h not in left]
    return (() if replay.reopened else tuple(texts)), tuple(left)


def _consumed(rs: RuleSet, table: TableState, task: object, choices: tuple[ChoiceLine, ...]) -> list[ChoiceLine]:
    """The choice lines the task's rule reads (the others, read by no rule, settled nothing; declarer's
    ``chooses`` line at the lead itself is the engine's, read in record order)."""
    stated = [c for c in choices if isinstance(c, Choice)]
    if isinstance(task, LeadOutOfTurn):
        if _is_declaring(table, task.offender):
            return [c for c in stated if c.verb in ("accepts", "refuses") and table.is_defender(c.seat)]
        verbs = ("accepts", "refuses", "spreads") if task.trick == 1 else ("accepts", "refuses")
        said: list[ChoiceLine] = [c for c in stated if c.verb in verbs and c.seat is table.declarer]
        chooses = _stated(choices, table.declarer)
        if (any(isinstance(c, Choice) and c.verb != "refuses" for c in said)
                or (chooses is not None and normal_choice(chooses.words) != "refuse")
                or ((task.saw_dummy or task.began_spread) and task.trick == 1)):  # accepted (54C: must be), or the hand spread (54A)
            return said
        # Refused (or refusal implied): declarer's 50D2/51B choice is read too when it names
        # an option of the penalty card the refused lead becomes, in either form, and that
        # option is offered (the owner's partner to lead).
        refused = _refused_table(rs, table, task)
        if not penalty_tasks(refused, task.offender):
            return said
        recorded = recorded_lead_choice(refused, task.offender, choices)
        return said + (list(recorded[1]) if recorded is not None else [])
    if isinstance(task, PrematurePlay):
        return [c for c in stated if c.verb in ("requires", "forbids") and c.seat is table.declarer]
    if isinstance(task, AcceptedByPlay) and task.statement is not None:
        return [task.statement]
    return []


def _card_line_pending(record: Replay | None, table: TableState, trick: Trick, seat: Seat) -> bool:
    """Whether a line of the record the table did not apply and no ruling on this path has
    ruled yet (cards played together, a card exposed, a fifth card: ``CARD_LINES``), said
    after ``seat``'s lead out of turn to ``trick`` and before a later card the record plays to
    that trick, put down a card of the next hand's while he has none on the trick as it stands
    and still holds it (a ruling before may have placed it elsewhere), one he may lawfully play
    to the lead unless he is the proper leader (one that would revoke reads as a lead of his
    own). That card may be his play to the irregular lead, which accepts it (53A), or his
    proper lead (53B), and so decide whether a later card of
    the proper leader's is a play to an accepted lead or the proper lead (53B): the lead is
    ruled after the line, on the table its ruling leaves. Cards he played together (58B),
    the proper leader being his partner, an opponent of the irregular leader, whose card the
    record puts on the trick after them, are waited for even where the card played would
    revoke: read as his play to the lead (53A) or as a lead of his own, they came before the
    proper leader's card, which so is no proper lead to the trick (53B: the irregular lead
    no longer stood alone when he played)."""
    if record is None or not record.unapplied:
        return False
    before = record.before
    cards = set(trick.plays)
    at = [i for i, e in enumerate(before) if type(e) is Play and (e.seat, e.card) in cards]
    lead = next((i for i in at if (before[i].seat, before[i].card) == trick.plays[0]), None)  # type: ignore[union-attr]
    if lead is None or not at or max(at) <= lead:
        return False
    if trick.card_of(seat.lho) is not None:
        return False
    leader = expected_leader(table, trick.number)
    proper = seat.lho is leader
    # (the line of the proper leader's card on the trick, where he is the next hand's partner)
    own = trick.card_of(leader) if leader is seat.rho else None
    answered = next((i for i in at if own is not None and (before[i].seat, before[i].card) == (leader, own)), -1)  # type: ignore[union-attr]
    unapplied = {id(e) for e in record.unapplied}
    for i in range(lead + 1, max(at)):
        e = before[i]
        lawful = proper or (type(e) is Simultaneous and i < answered)
        if (isinstance(e, CARD_LINES) and id(e) in unapplied and e.seat is seat.lho
                and handled_key(e) not in record.ruled
                and any(c in table.hand(e.seat) and (lawful or _may_follow(table, e.seat, c, trick.plays[0][1])) for c in _cards_of(e))):
            return True
    return False


def _may_follow(table: TableState, seat: Seat, card: Card, lead: Card) -> bool:
    """Whether ``card`` is a lawful play of ``seat``'s to ``lead`` (of its suit, or he holds
    none): a card that is no revoke there may be his play to the lead."""
    hand = table.hand(seat)
    return card.suit is lead.suit or not any(c.suit is lead.suit for c in hand)


def _played_on(table: TableState, trick: Trick) -> bool:
    """The trick was completed in rotation and the next one begun: the table took the
    irregular lead's trick as done. (Whoever led the next one: had the proper leader's card
    been his lead (53B), the trick would still want the irregular leader's card, and a card
    led to the next trick before it would leave a trick unfinished behind a later one.)"""
    nxt = table.trick(trick.number + 1)
    return trick.is_complete and nxt is not None and bool(nxt.plays)


def _classify_lead(rs: RuleSet, table: TableState, trick: Trick, seat: Seat, choices: tuple[ChoiceLine, ...],
                   saw_dummy: bool, later_play_shows_acceptance: bool = False,
                   no_acceptance: bool = False, played_out: bool = False, record: Replay | None = None,
                   began_spread: bool = False) -> tuple[object, str]:
    card = trick.plays[0][1]
    proper = expected_leader(table, trick.number)
    opening = trick.number == 1
    what = f"{seat} led {card} to trick {trick.number} when {proper} was to lead"
    if opening and _is_declaring(table, seat):
        return DeclaringSideOpeningLead(trick.number, seat, card), f"{what} (an opening lead by the declaring side, 54E)"
    if no_acceptance and len(trick.plays) >= 2 and trick.plays[1][0] is seat.lho and trick.plays[1][0] is proper:
        # (2017 53A: no acceptance at trick 13, by a play either: the proper leader's card is his lead)
        return ProperLead(trick.number, proper, seat.side, _errors(trick, proper, 1)), f"{what}; {proper} then made the proper lead ({rs.cite('53B')})"
    if len(trick.plays) >= 2 and trick.plays[1][0] is seat.lho and not no_acceptance:
        by, by_card = trick.plays[1]
        proper_lead = None
        # the next hand is the proper leader: a play to the lead, or his proper lead? (settled
        # as a play to it when the table played on from the irregular lead, or play went on to
        # the end after the record's last card: decision later_play_shows_acceptance)
        if by is proper and not (later_play_shows_acceptance and (played_out or _played_on(table, trick))):
            proper_lead = ProperLead(trick.number, proper, seat.side, _errors(trick, proper, 1))
        statement = _acceptance_statement(table, seat, choices)
        task = AcceptedByPlay(trick.number, seat, card, by, by_card, opening, proper_lead, statement=statement,
                              stated_first=statement is not None and _said_before(record, statement, trick.number, by))
        return task, f"{what}; {by} played {by_card} to it (53A)" + (f" or led it properly ({rs.cite('53B')})" if proper_lead else "")
    if len(trick.plays) == 1 and played_out and not no_acceptance and table.trick(trick.number + 1) is None:
        # the lead is the record's last card and play went on to the end after it: the next
        # hand in rotation played to it (53A; at trick 1, declarer from his own hand, 54B1),
        # the card not recorded. A proper lead by him (53B) is no finding the record leaves
        # open: the rest of the hand was played from the irregular lead.
        by = seat.lho
        return (AcceptedByPlay(trick.number, seat, card, by, None, opening, statement=_acceptance_statement(table, seat, choices)),
                f"{what}; play went on to the end, {by} playing to it (53A)")
    if opening and len(trick.plays) >= 2 and trick.plays[1][0] is table.dummy:
        by, by_card = trick.plays[1]
        return (AcceptedByPlay(trick.number, seat, card, by, by_card, opening, from_dummy=True,
                               statement=_acceptance_statement(table, seat, choices)),
                f"{what}; declarer played {by_card} from dummy to it (54B2)")
    for s, _ in trick.plays[1:]:
        if s is proper and s.side is not seat.side:
            pos = trick.position_of(s)
            assert pos is not None
            return ProperLead(trick.number, proper, seat.side, _errors(trick, proper, pos)), f"{what}; {proper} then made the proper lead ({rs.cite('53B')})"
    if (len(trick.plays) >= 2 and trick.plays[1][0] is seat.rho and _is_declaring(table, seat)
            and table.is_defender(seat.rho)):
        by, by_card = trick.plays[1]
        return WrongDefenderPlays(trick.number, seat, card, by, by_card), f"{what}; {by}, on its right, played {by_card} to it ({rs.cite('53C')})"
    after, unstated = _refusal_lines(table, trick, seat, proper, record)
    return LeadOutOfTurn(trick.number, seat, card, proper, choices, saw_dummy, after, unstated, began_spread and opening), what


def _refusal_lines(table: TableState, trick: Trick, seat: Seat, proper: Seat, record: Replay | None) -> tuple[bool, bool]:
    """Where declarer's refusal of ``seat``'s lead out of turn stands in the record, when the
    proper leader is his partner (50D2 follows the refusal): (``LeadOutOfTurn.after_refusal``)
    the partner's card on the trick was put down after a ``refuses`` line of declarer's said
    after the lead; (``LeadOutOfTurn.unstated_played_on``) this part of the record ends with
    that bare refusal and the table played on from it (:func:`refusal_played_on` cut it there:
    the partner led and a card was played to his lead before attention)."""
    if record is None or proper is not seat.partner or not table.is_defender(proper) or Choice not in record.line_kinds:
        return False, False
    before, decl = record.before, table.declarer
    lead = next((i for i, e in enumerate(before) if type(e) is Play and e.seat is seat and e.card == trick.plays[0][1]), None)
    if lead is None:
        return False, False
    refusals = [i for i in range(lead + 1, len(before))
                if isinstance(e := before[i], Choice) and e.seat is decl and e.verb == "refuses"]
    if not refusals:
        return False, False
    unstated = record.played_on and len(trick.plays) == 1 and refusals[-1] == len(before) - 1
    if len(trick.plays) < 2 or trick.plays[1][0] is not proper:
        return False, unstated
    card = trick.plays[1][1]
    at = next((i for i in range(lead + 1, len(before)) if type(e := before[i]) is Play and e.seat is proper and e.card == card), None)
    return at is not None and refusals[0] < at, unstated


def _acceptance_statement(table: TableState, offender: Seat, choices: tuple[ChoiceLine, ...]) -> Choice | None:
    """An ``accepts`` line by a player entitled to accept ``offender``'s lead (53A): declarer
    for a defender's lead, either defender for declarer's (55A)."""
    for c in choices:
        if isinstance(c, Choice) and c.verb == "accepts" and (
                c.seat is table.declarer if table.is_defender(offender) else table.is_defender(c.seat)):
            return c
    return None


def _said_before(record: Replay | None, line: Choice, trick_no: int, seat: Seat) -> bool:
    """Whether the record has ``line`` before ``seat``'s card to trick ``trick_no`` (a line
    after attention, or of a record read again around a rectified table, is not)."""
    if record is None or record.reopened:
        return False
    card = next((k for k, (n, s, _) in enumerate(record.table.plays()) if n == trick_no and s is seat), None)
    i = next((i for i, e in enumerate(record.before) if e is line), None)
    return card is not None and i is not None and i < len(record.applied_before) and record.applied_before[i] <= card


def _errors(trick: Trick, proper: Seat, pos: int) -> tuple[tuple[Seat, Card], ...]:
    """The cards placed before the proper lead (at ``pos``), in rotation after the proper leader."""
    order = rotation_from(proper)
    return tuple(sorted(trick.plays[:pos], key=lambda p: order.index(p[0])))


def _classify_play(rs: RuleSet, table: TableState, trick: Trick, seat: Seat,
                   choices: tuple[ChoiceLine, ...], record: Replay | None = None) -> tuple[object, str] | None:
    mine = [i for i, (s, _) in enumerate(trick.plays) if s is seat]
    if len(mine) > 1:
        # His second card: a lead to the next trick before the current one is complete.
        card = trick.plays[mine[-1]][1]
        what = f"{seat} led {card} to trick {trick.number + 1} before trick {trick.number} was complete"
        if table.is_defender(seat) and seat.partner not in [s for s, _ in trick.plays]:
            # (the lead is the record's last card and play went on to the end after it: his
            # partner played to this trick at his turn, and the lead then stood on the next)
            on = record is not None and record.played_out and table.trick(trick.number + 1) is None
            said = f"; play then went on to the end, {seat.partner} playing to trick {trick.number} at his turn" if on else ""
            to = _played_to_early_lead(table, trick, seat, record)
            if to:
                said = "; then " + " and ".join(f"{s} {c}" for s, c in to) + " played to it"
            return (PrematurePlay(trick.number, seat, card, choices, True, partner_played_on=on, played_to=to),
                    f"{what}, before his partner played (57A){said}")
        after = _played_after_early_lead(table, trick, seat)
        if after:
            return (PrematurePlay(trick.number, seat, card, choices, True),
                    f"{what}, before his partner played (57A); then " + " and ".join(f"{s} {c}" for s, c in after)
                    + f" played to trick {trick.number}")
        return _lead_before_complete(rs, table, trick, seat, card, record, what)
    pos = trick.position_of(seat)
    if pos is None or pos == 0:
        return None
    card = trick.plays[pos][1]
    before = [s for s, _ in trick.plays[:pos]]
    turn = next(s for s in rotation_from(trick.leader) if s not in before)  # whose turn it was
    if turn is seat and (pos == rotation_from(trick.leader).index(seat)
                         or at_turn_after_cards_that_stand(trick.leader, trick.plays[:pos], seat, table.declarer.side,
                                                           table.indicated_from(trick.number))):
        # (every seat before him in rotation from the leader had played, and the cards put
        # down before their turn ahead of his stand as played, 57C3, 57C1: his card came at
        # his turn, as the table reads it)
        return None
    what = f"{seat} played {card} to trick {trick.number} at {turn}'s turn"
    if _is_declaring(table, seat):
        if (pos == 1 and seat is table.dummy and trick.number == 1 == table.first_trick
                and trick.leader is table.declarer.rho and _lead_ruled_before(record, trick)):
            # (the opening lead out of turn stands accepted by a ruling made before this part
            # of the record, and declarer played the second card from dummy, not from his
            # own hand: 54B2)
            return (DeclarerPremature(trick.number, seat, card, from_dummy_second=True),
                    f"{what}: declarer played the second card to the opening lead from dummy ({rs.cite('54B2')})")
        return DeclarerPremature(trick.number, seat, card), f"{what} (declarer's premature play, {rs.cite('57C3')})"
    waiting: list[Seat] = []
    s = turn
    while s is not seat:
        if s not in before:
            waiting.append(s)
        s = s.lho
    # (play went on to the end after the record's last card: past this trick, when it is
    # complete in the record, as past a trick whose next one the record shows begun)
    past = record is not None and record.played_out and trick.number < 13
    if seat.partner in waiting:
        both = table.declarer in before and table.dummy in before
        # (his partner's card is not in the record, but play went on to the end after it: he
        # played to this trick at his turn)
        on = record is not None and trick.card_of(seat.partner) is None and record.played_to(trick.number, seat.partner, table)
        said = f"; play then went on to the end, {seat.partner} playing to the trick at his turn" if on else ""
        return (PrematurePlay(trick.number, seat, card, choices, after_both_hands=both, partner_played_on=on,
                              played_past=past),
                f"{what}, before his partner {seat.partner} (57A){said}")
    on = record is not None and trick.card_of(seat.rho) is None and record.played_to(trick.number, seat.rho, table)
    task = PlayAtRhoTurn(trick.number, seat, card, played_on=on, played_past=past,
                         at_turn=_card_at_own_turn(table, trick, seat, card, record))
    rule = rs.rule_for(task)
    if rule is None:
        return None
    said = f"; play then went on to the end, {seat.rho} and then {seat} playing to the trick" if on else ""
    return task, f"{what}, his right-hand opponent's turn" + (" (57D)" if rule.name == "play_at_rho_turn" else " (50, 49)") + said


def _lead_ruled_before(record: Replay | None, trick: Trick) -> bool:
    """Whether ``trick``'s lead was on the table this part of the record was played on from
    (a ruling at an earlier ``attention`` let it stand: accepted, 54B, or to be accepted,
    54C), so that every card after it in this part was played to a lead already accepted."""
    if record is None or record.start is None:
        return False
    t0 = record.start.trick(trick.number)
    return t0 is not None and bool(t0.plays) and t0.plays[0] == trick.plays[0]


def _card_at_own_turn(table: TableState, trick: Trick, seat: Seat, card: Card, record: Replay | None) -> Card | None:
    """The card ``seat`` played to ``trick`` at his own turn after his ``card`` played at his
    right-hand opponent's turn, as the record has it: his next play line after the line that
    placed ``card``, coming after his right-hand opponent's card to the trick, its card left in
    his hand on ``table`` (a line played at the same moment as another, 58A, placed ``card``
    and no second card of his on that trick). None when the record shows none."""
    rho = trick.card_of(seat.rho)
    if record is None or rho is None:
        return None
    events = record.before
    at = next((i for i, e in enumerate(events) if getattr(e, "seat", None) is seat
               and (getattr(e, "card", None) == card or card in getattr(e, "cards", ()))), None)
    if at is None:
        return None
    order = rotation_from(trick.leader)
    # (the lawful cards of the seats due after him in rotation, which stand as played, 57C3:
    # once one of them came, the trick awaited no card of his at his own turn, and his next
    # card is a lead, not a play to it)
    led = trick.suit_led
    later = {(s, c) for s, c in trick.plays if order.index(s) > order.index(seat)
             and c in lawful_cards(frozenset(table.hand(s) | {c}), led, frozenset())}
    seen_rho = False
    for e in events[at + 1:]:
        if not isinstance(e, Play):
            continue
        if e.seat is seat.rho and e.card == rho:
            seen_rho = True
        elif (e.seat, e.card) in later:
            return None
        elif e.seat is seat:
            return e.card if seen_rho and (e.card in table.hand(seat) or _next_lead_alone(table, trick.number, seat, e.card))\
                else None
    return None


def _next_lead_alone(table: TableState, number: int, seat: Seat, card: Card) -> bool:
    """Whether ``card`` of ``seat``'s is the only card of trick ``number + 1``, the last: a
    card the table put down as the lead to it, placed there once trick ``number`` was read
    complete with his card at his right-hand opponent's turn on it (the trick's lead taken
    back by a ruling, the card put down after it moved in: ``TableState.replace_card``)."""
    nxt = table.trick(number + 1)
    return nxt is not None and nxt is table.tricks[-1] and nxt.plays == ((seat, card),)


def _next_lead_lifted(table: TableState, number: int, seat: Seat, card: Card) -> TableState:
    """``table`` with ``seat``'s ``card``, alone on trick ``number + 1`` (:func:`_next_lead_alone`),
    back in his hand: his card at his own turn to trick ``number``, put down after the card
    he played at his right-hand opponent's turn (57D; 2007 50), not a lead (44B). Nothing is
    recorded withdrawn."""
    t = table.replace_card(number + 1, seat, None)
    return t._evolve(withdrawn=table.withdrawn,
                     out_of_turn=_less(t.out_of_turn, number + 1, seat),
                     early_leads=tuple(p for p in t.early_leads if p != (number + 1, seat)))


def _played_after_early_lead(table: TableState, trick: Trick, seat: Seat) -> tuple[tuple[Seat, Card], ...]:
    """The cards the record places on ``trick`` after a defender's second card there, put
    down before his partner played to it: the seats still due in rotation, his partner among
    them, but not all of them (the record, or its part before attention, ends before the
    last; with every one of them the reader places his card on the next trick, an early
    lead). His card is his lead to the next trick made before his partner played (57A), and
    theirs are their cards to the trick at their turns; empty when the cards do not read so."""
    seats = [s for s, _ in trick.plays]
    if not table.is_defender(seat) or seats.count(seat) != 2 or table.trick(trick.number + 1) is not None:
        return ()
    at = len(seats) - 1 - seats[::-1].index(seat)
    before, following = seats[:at], seats[at + 1:]
    if seat.partner in before or seat.partner not in following or len(set(before)) != len(before):
        return ()
    due = [before[-1].lho]
    while len(before) + len(due) < 4:
        due.append(due[-1].lho)
    if len(following) >= len(due) or following != due[: len(following)]:
        return ()
    return trick.plays[at + 1:]


def _played_to_early_lead(table: TableState, trick: Trick, seat: Seat, record: Replay | None) -> tuple[tuple[Seat, Card], ...]:
    """The cards played to a defender's lead to the next trick made before his partner played
    to ``trick`` (57A), the partner not having played since: the record's last cards, all
    the opponents', which the table places as the next trick begun after ``trick`` (read as
    four cards, his two among them); empty when there are none, when play went on to the end
    after them, or when a card of his side is among them."""
    nxt = table.trick(trick.number + 1)
    if nxt is None or not nxt.plays or table.trick(trick.number + 2) is not None:
        return ()
    if record is not None and record.played_out:
        return ()
    seats = [s for s, _ in nxt.plays]
    if any(s.side is seat.side for s in seats) or len(set(seats)) != len(seats):
        return ()
    return nxt.plays


def _lead_before_complete(rs: RuleSet, table: TableState, trick: Trick, seat: Seat, card: Card, record: Replay | None,
                          what: str) -> tuple[object, str] | None:
    """A seat's second card, the record's last, put down after his own card to ``trick`` (and,
    a defender, after his partner's), before the seats still due had played to it: his lead
    to the next trick, made early (:class:`LeadBeforeTrickComplete`). Read where the trick
    was led by the seat due to lead it, its cards before the second one came in rotation and
    no other line of the record came among them (no card of it missing from the play lines,
    none a line placed). Play may have gone on to the end after it (a ``remaining`` line
    before attention): the lead then stood, played to by the next hand, save at trick 13
    where no lead out of turn is accepted (:func:`_no_acceptance_at`)."""
    plays = trick.plays
    if plays[-1] != (seat, card) or table.trick(trick.number + 1) is not None:
        return None
    on = record is not None and record.played_out
    if on and _no_acceptance_at(rs, trick.number + 1):
        return None
    seats = [s for s, _ in plays[:-1]]
    order = rotation_from(trick.leader)
    if seats != order[: len(seats)] or trick.leader is not expected_leader(table, trick.number):
        return None
    if record is not None and not record.reopened:
        # (only play lines among the trick's cards: after another line, a call of dummy's
        # card, a card put down with others, the second card is not read so)
        first = sum([len(t.plays) for t in table.tricks if t.number < trick.number])
        last = first + len(plays) - 1
        if any(not isinstance(e, Play) and first < record.applied_before[i] <= last
               for i, e in enumerate(record.before[: len(record.applied_before)])):
            return None
    due = tuple(order[len(seats):])
    if not due:
        return None
    waiting = " and ".join(map(str, due))
    whose = "his partner had played to it" if table.is_defender(seat) else "declarer had played to it from that hand"
    why = (f"{whose}, so it is no premature play ({rs.cite('57A') if table.is_defender(seat) else rs.cite('57C3')}); "
           + (f"play then went on to the end, {waiting} playing to trick {trick.number}" if on else
              f"{waiting} still to play to trick {trick.number}, whose winner makes it in turn or out of turn"))
    return LeadBeforeTrickComplete(trick.number, seat, card, due, played_on=on), f"{what}: {why}"


# ----- rules: leads out of turn ----------------------------------------------------------------------
def accepted_by_play(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """53A: a play from the hand next in rotation accepts the lead out of turn (54B1 at trick 1)."""
    assert isinstance(task, AcceptedByPlay)
    if task.from_dummy and task.by_card is not None:
        step = Step(rs.actor(node.table, task.by), StepKind.FORCED, rs.cite("54B2"),
                    f"declarer played {task.by_card} from dummy to {task.offender}'s opening lead of {task.card}: the lead is "
                    "accepted and dummy's card stands (it may be withdrawn only to correct a revoke)"
                    + (f" (and by a statement: {task.statement})" if task.statement is not None else ""),
                    also=(rs.cite("54B"), rs.cite("53A")), question="was the lead out of turn accepted?", choice="accepted by play")
        # dummy's card, played out of rotation, stands as a play to the accepted lead: the
        # cards after it are in turn where their players came next in rotation after those
        # who had played (dummy skipped), and dummy's own is judged against the suit led:
        # failing to follow it while dummy holds that suit is a revoke (61A), corrected (62)
        table = node.table.with_turns_read_again(task.trick)
        if task.by_card.suit is not task.card.suit and any(c.suit is task.card.suit for c in table.hand(task.by)):
            table = table.with_revoke(Revoke(task.by, task.trick, task.by_card, task.card.suit))
        return [(step, _child(node, table, node.agenda[1:]))]
    also = (rs.cite("54B"), rs.cite("54B1")) if task.opening else ()
    said = f" (and by a statement: {task.statement})" if task.statement is not None else ""
    card = f" {task.by_card}" if task.by_card is not None else ""
    went_on = " (play went on to the end)" if task.by_card is None else ""
    step = Step(rs.actor(node.table, task.by), StepKind.FORCED, rs.cite("53A"),
                f"{task.by} played{card} to {task.offender}'s lead of {task.card}{went_on}: the lead out of turn is accepted{said}",
                also=also, question="was the lead out of turn accepted?", choice="accepted by play")
    accepted = (step, _child(node, node.table, node.agenda[1:] if task.then is None else (task.then, *node.agenda[1:])))
    # (a statement accepted it, 53A: before his card, or, 53B read as subject to 53A, after it
    # too: decision proper_lead_subject_to_acceptance)
    if task.proper_lead is None or (task.statement is not None and (task.stated_first or rs.decisions.proper_lead_subject_to_acceptance)):
        return [accepted]
    question = f"did {task.by}, the proper leader, play {task.by_card} to {task.offender}'s lead or lead it properly?"
    found = set(node.findings)
    edges: list[Edge] = []
    if FINDING_PROPER_LEAD not in found:
        edges.append((replace(step, actor="TD", kind=StepKind.FINDING, question=question, choice=FINDING_ACCEPTED),
                      _with_finding(accepted[1], FINDING_ACCEPTED)))
    if FINDING_ACCEPTED not in found:
        late = (f"; {task.statement} came after it and settles nothing: the lead out of turn was gone ({rs.cite('53A')})"
                if task.statement is not None else "")
        lead_step = Step("TD", StepKind.FINDING, rs.cite("53B"), f"{task.by_card} was {task.by}'s proper lead, not a play to "
                         f"{task.offender}'s {task.card}{late}", question=question, choice=FINDING_PROPER_LEAD)
        child = _child(node, node.table, (task.proper_lead, *node.agenda[1:]))
        edges.append((lead_step, _with_finding(child, FINDING_PROPER_LEAD)))
    return edges


FINDING_ACCEPTED = "played to the lead"
FINDING_PROPER_LEAD = "proper lead"


def _with_finding(node: Node, finding: str) -> Node:
    if finding in node.findings:
        return node
    return node.evolve(findings=(*node.findings, finding))


def wrong_defender_plays(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """53C (2007 53B): the defender on the right of declarer's irregular lead played to it: the
    lead stands and Law 57 applies to his card (he played before his partner)."""
    assert isinstance(task, WrongDefenderPlays)
    step = Step("TD", StepKind.FORCED, rs.cite("53C"),
                f"{task.by} played {task.by_card} to {task.offender}'s lead out of turn before {task.by.partner}: "
                f"the lead of {task.card} stands and Law 57 applies to {task.by_card}",
                question="who played to declarer's lead out of turn?", choice="lead stands")
    nxt = PrematurePlay(task.trick, task.by, task.by_card)
    return [(step, _child(node, node.table, (nxt, *node.agenda[1:])))]


def declaring_side_opening_lead(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """54E: an opening lead by the declaring side is not a lead and cannot be accepted; Law 24."""
    assert isinstance(task, DeclaringSideOpeningLead)
    # a defender's card faced after it is no play to a lead: it leads the trick, out of turn
    # when its player was not to lead (54: ruled next)
    t = _leads_out_of_turn_now(_taken_back(node.table, task.trick, task.offender), task.trick)
    step = Step("TD", StepKind.FORCED, rs.cite("54E"),
                f"{task.offender}'s {task.card} is not a lead and cannot be accepted; it goes back (Law 24 applies)",
                also=(rs.cite("48A"),), question="an opening lead by the declaring side", choice="not a lead")
    return [(step, _child(node, t, node.agenda[1:]))]


def lead_out_of_turn(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """53A with 54 (faced opening lead by a defender), 55 (declarer's lead) or 56 (a defender's
    later lead): who chooses, and every option."""
    assert isinstance(task, LeadOutOfTurn)
    table = node.table
    if _is_declaring(table, task.offender):
        return _declarer_lead(rs, node, task)
    if task.trick == 1:
        return _opening_lead(rs, node, task)
    return _defender_lead(rs, node, task)


def _acceptance_barred(rs: RuleSet, task: LeadOutOfTurn) -> bool:
    """53A (2017): a lead out of turn is accepted only before the thirteenth trick."""
    return _no_acceptance_at(rs, task.trick)


def _no_acceptance_at(rs: RuleSet, number: int) -> bool:
    """Whether a lead out of turn to trick ``number`` may not be accepted, by a statement or
    a play: trick 13 under the 2017 footnote to 53A (the rule ``no_acceptance_at_trick_13``,
    absent from 2007) read as the project reads it (``Decisions.no_acceptance_at_trick_13``;
    off, trick 13 is ruled as any trick before it)."""
    return number >= 13 and rs.decisions.no_acceptance_at_trick_13 and rs.rule_for(NoAcceptanceAtTrick13()) is not None


def _due_before_lead(table: TableState, holder: Seat, number: int) -> bool:
    """Whether declarer's 50D2/51B choice over ``holder``'s major penalty cards comes with a
    refused lead out of turn to trick ``number`` by the declaring side (55A, the ruling being
    about that lead): he held one before that lead was due, or one was made while it was
    pending by a ruling that offered no choice for this lead (a revoke corrected under 62C3,
    a card exposed: the choice belongs to this lead, ``Decisions.lead_options_after_ruling``).
    Not where every card made while it was pending is the holder's own lead out of turn to
    this trick, refused (56): that ruling came with declarer's choice for the lead, and he
    does not choose twice for one lead (docs/decisions.md); nor where declarer has made his
    choice at this lead over the penalty cards there are now, whichever ruling of the path
    offered it (:func:`options_chosen`: a 56 ruling of the holder's lead out of turn with a
    card of his partner's standing after it, say)."""
    if options_chosen(table, holder, number):
        return False
    standing = sum([len(t.plays) for t in table.tricks if t.number < number])
    pcs = [p for p in table.penalty_cards_of(holder) if p.kind is PenaltyKind.MAJOR]
    if any(p.major_since < standing for p in pcs):
        return True
    # (his own lead to this trick, taken back: the refused lead, which the 56 ruling made a
    # penalty card with the choice for this lead)
    led = {w.card for w in table.withdrawn if w.seat is holder and w.trick == number and not w.standing}
    return any(p.card not in led for p in pcs)


def _leads_out_of_turn_now(table: TableState, number: int) -> TableState:
    """The table once a lead out of turn went back with a card after it (at trick 13, where a
    play accepts nothing, 53A): that card, played in turn to the lead, now leads the trick,
    out of turn when its player was not to lead: recorded so, it is ruled in its turn."""
    t = table.trick(number)
    if t is None or not t.plays:
        return table
    seat = t.plays[0][0]
    if seat is table.proper_leader(number) or table.played_out_of_turn(number, seat, t.plays[0][1]) is not None:
        return table
    return table._evolve(out_of_turn=(*table.out_of_turn, (number, seat, t.plays[0][1])))


def _played_to_it(table: TableState, task: LeadOutOfTurn) -> tuple[tuple[Seat, Card], ...]:
    """The cards played in rotation to ``task``'s lead out of turn (each from the left of
    the one before), in order: at trick 13 (2017 53A) none of them accepted it."""
    t = table.trick(task.trick)
    out: list[tuple[Seat, Card]] = []
    if t is None or not t.plays or t.plays[0] != (task.offender, task.card):
        return ()
    prev = task.offender
    for seat, card in t.plays[1:]:
        if seat is not prev.lho:
            break
        out.append((seat, card))
        prev = seat
    return tuple(out)


def _played_to_it_back(rs: RuleSet, before: TableState, table: TableState,
                       task: LeadOutOfTurn) -> tuple[TableState, tuple[Info, ...]]:
    """2017 53A at trick 13: the lead out of turn goes back (``table``: the one its withdrawal
    leaves; ``before``: the table with it) and so do the cards played to it in rotation. They
    were played to the lead on the table, not led, and it does not stand: as cards played in
    error to an irregular lead (53B, 47F1), each goes back without rectification (no penalty
    card; a card that was a penalty card when played is that penalty card again), 16C with
    the offender's side offending. The cards left (placed out of rotation) are ruled after."""
    infos: list[Info] = []
    for seat, card in _played_to_it(before, task):
        infos.append(rs.withdrawn_info(seat, card, task.offender.side, before))
        table = _taken_back(table, task.trick, seat, restore_penalty=rs.decisions.withdrawn_penalty_card_stays_penalty,
                                   card=card)
    return _leads_out_of_turn_now(table, task.trick), tuple(infos)


def _played_to_it_words(rs: RuleSet, table: TableState, task: LeadOutOfTurn) -> str:
    """What :func:`_played_to_it_back` does, for the step's text (empty when nothing)."""
    cards = _played_to_it(table, task)
    if not cards:
        return ""
    names = ", ".join(f"{s}'s {c}" for s, c in cards)
    restore = rs.decisions.withdrawn_penalty_card_stays_penalty
    fates = {no_penalty_card(table, s, c, restore) for s, c in cards}
    fate = fates.pop() if len(fates) == 1 else "no penalty card"
    return (f"; {names}, played to it in rotation, not led, go{'es' if len(cards) == 1 else ''} back too: {fate} "
            f"(as cards played in error to an irregular lead, {rs.cite('53B')}, {rs.cite('47F1')})")


def _refused_defender(rs: RuleSet, node: Node, task: LeadOutOfTurn) -> Node:
    t = _withdraw_to_penalty(rs, node.table, task.trick, task.offender, task.card)
    # a lead withdrawn, a major penalty card: both laws (16C, 50E)
    infos: tuple[Info, ...] = rs.penalty_withdrawal_info(task.offender, task.card, t)
    if _acceptance_barred(rs, task):
        t, more = _played_to_it_back(rs, node.table, t, task)
        infos += more
    early = _lead_before_choice(rs, t, task)
    if early is not None:  # (ruled next: then declarer's 50D2 choice)
        return _child(node, t, (early, *node.agenda[1:]), ledger=infos)
    child = _child(node, t, node.agenda[1:], ledger=infos)
    if task.unstated_played_on:
        return child  # (no option stated, and the lead it was for was made and played to: _unstated_words)
    return _after_penalty_card(rs, child, task.offender, task.card, about_the_lead=True, choices=task.choices)


def _unstated_words(rs: RuleSet, task: LeadOutOfTurn) -> str:
    """What the refusal step adds when declarer stated no 50D2 choice and the table played on
    from the refusal (``LeadOutOfTurn.unstated_played_on``), else nothing."""
    if not task.unstated_played_on:
        return ""
    return (f"; declarer stated no {rs.cite('50D2')} option before {task.proper} led, and play went on over that lead: it stands "
            f"as played, no option is left to choose, and {task.card} stays a major penalty card (nothing picked it up)")


def lead_before_choice(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """54D/56 with 50D2 and 49: a refused defender's lead out of turn is a major penalty card
    and 50D applies, so his partner, the correct leader, may not lead until declarer has
    stated his 50D2 option. A card the partner faced on the lead out of turn before the
    refusal is a lead made before that choice: it goes back to his hand as a major penalty
    card (49; a deliberate play, 50B), he is still to lead, and declarer makes his 50D2/51B
    choice over the refused card. So too for a card he faced on his partner's premature
    lead (57A) that went back once he won the trick before it."""
    assert isinstance(task, LeadBeforeChoice)
    table = node.table
    t = _withdrawn_early_lead(rs, table, task)
    # a card led (or played to the lead out of turn) withdrawn, a penalty card: both laws
    infos = rs.penalty_withdrawal_info(task.seat, task.card, t)
    names = " ".join(str(p.card) for p in sorted(table.penalty_cards_of(task.holder), key=lambda p: p.sort_key))
    if task.after_refusal:
        when = (f"{task.seat} led {task.card} after the refusal, before declarer had stated his choice over {task.holder}'s "
                f"penalty card {names}, and he may not lead until then")
        question = (f"{task.seat}, the correct leader, led {task.card} after {task.holder}'s lead out of turn was refused, "
                    "before declarer's 50D2 choice")
    elif task.premature:
        when = (f"{task.seat} faced {task.card} on {task.holder}'s premature lead, which went back as a major penalty card, "
                f"and he may not lead until declarer has stated his choice over {task.holder}'s penalty card {names}")
        question = f"{task.seat}, the correct leader, faced {task.card} on {task.holder}'s premature lead"
    else:
        when = (f"{task.seat} faced {task.card} while the lead out of turn was pending, and once it is refused he may not lead "
                f"until declarer has stated his choice over {task.holder}'s penalty card {names}")
        question = f"{task.seat}, the correct leader, faced {task.card} on {task.holder}'s lead out of turn before it was refused"
    step = Step("TD", StepKind.FORCED, rs.cite("50D2"),
                f"{when}: {task.card} is no lead, it goes back to his hand as a major penalty card (49); declarer now chooses, "
                f"then {task.seat} leads (his own penalty card at his first lawful opportunity, a lead restriction first: 50D1)",
                also=(rs.cite("49"), rs.cite("50B"), rs.cite("50D1(a)"), rs.cite("50D1(b)"), *info_clauses(infos)),
                question=question, choice="major penalty card")
    child = _child(node, t, node.agenda[1:], ledger=infos)
    return [(step, _after_penalty_card(rs, child, task.holder, task.card, about_the_lead=True, choices=task.choices))]


def _opening_lead(rs: RuleSet, node: Node, task: LeadOutOfTurn) -> list[Edge]:
    """54: declarer's options at a faced opening lead out of turn."""
    table = node.table
    decl = table.declarer
    actor = str(decl)
    question = f"{decl} (declarer) chooses: {task.offender} faced an opening lead out of turn ({task.card})"
    new_decl = table.dummy
    swapped = table._evolve(declarer=new_decl, first_leader=task.offender)
    spread = (Step(actor, StepKind.OPTION, rs.cite("54A"),
                   f"{decl} spreads his hand and becomes dummy; {new_decl} is declarer and {task.offender}'s lead stands",
                   also=(rs.cite("53A"),), question=question, choice="spread and become dummy"),
              _child(node, swapped, node.agenda[1:], restrictions=(f"declarer {new_decl} (54A)",)))
    accept = (Step(actor, StepKind.OPTION, rs.cite("54B"),
                   f"{decl} accepts the lead; dummy is spread (41) and {decl} plays second from his own hand (54B1)",
                   also=(rs.cite("53A"), rs.cite("54B1")), question=question, choice="accept"),
              _child(node, table, node.agenda[1:]))
    refuse = (Step(actor, StepKind.OPTION, rs.cite("54D"),
                   f"{decl} refuses the lead: {task.offender} takes back {task.card}, a major penalty card (50D applies); "
                   f"{task.proper} leads{_unstated_words(rs, task)}",
                   also=(rs.cite("50D"), *((rs.cite("50D2"),) if task.unstated_played_on else ()),
                         *info_clauses(rs.penalty_withdrawal_info(task.offender, task.card, table))),
                   question=question, choice="refuse"),
              _refused_defender(rs, node, task))
    if task.saw_dummy:
        forced = replace(accept[0], kind=StepKind.FORCED, clause=rs.cite("54C"), also=(rs.cite("54B"), rs.cite("54B1")),
                         question=f"{decl} (declarer) must accept: {task.offender} faced an opening lead out of turn ({task.card}) "
                         "and he could have seen dummy's cards",
                         text=f"{decl} could have seen dummy's cards: he must accept the lead and stays declarer")
        return [(forced, accept[1])]
    if task.began_spread:
        # 54A: having begun to spread his hand and exposed a card, he must spread it all
        forced = replace(spread[0], kind=StepKind.FORCED,
                         question=f"{decl} (declarer) must spread his hand: {task.offender} faced an opening lead out of turn "
                         f"({task.card}) and {decl} began to spread his hand, exposing a card",
                         text=f"{decl} began to spread his hand, exposing a card: he must spread it all and becomes dummy; "
                         f"{new_decl} is declarer and {task.offender}'s lead stands")
        return [(forced, _with_finding(spread[1], BEGAN_TO_SPREAD))]
    recorded = _choice(task.choices, decl, ("spreads", "accepts", "refuses")) or _implied_refusal(rs, table, task)
    if recorded is not None:
        verb = recorded.verb if isinstance(recorded, Choice) and recorded.verb in ("spreads", "accepts", "refuses") else "refuses"
        chosen = {"spreads": spread, "accepts": accept, "refuses": refuse}[verb]
        kind = StepKind.FORCED if verb == "spreads" else StepKind.OPTION
        return [(replace(chosen[0], kind=kind, text=chosen[0].text + f" (recorded: {_said(recorded)})", recorded=True), chosen[1])]
    return [spread, accept, refuse]


def _defender_lead(rs: RuleSet, node: Node, task: LeadOutOfTurn) -> list[Edge]:
    """56 (with 53A and 50): declarer accepts, or refuses and the card is a major penalty card."""
    table = node.table
    decl = table.declarer
    actor = str(decl)
    question = f"{decl} (declarer) chooses: {task.offender} led {task.card} out of turn ({task.proper} was to lead)"
    accept = (Step(actor, StepKind.OPTION, rs.cite("53A"), f"{decl} accepts {task.offender}'s lead of {task.card}",
                   also=(rs.cite("56"),), question=question, choice="accept"),
              _child(node, table, node.agenda[1:]))
    refuse = (Step(actor, StepKind.OPTION, rs.cite("56"),
                   f"{decl} refuses the lead: {task.offender} takes back {task.card}, a major penalty card (50D applies); "
                   f"{task.proper} leads{_unstated_words(rs, task)}",
                   also=(rs.cite("50B"), rs.cite("50D"), *((rs.cite("50D2"),) if task.unstated_played_on else ()),
                         *info_clauses(rs.penalty_withdrawal_info(task.offender, task.card, table))),
                   question=question, choice="refuse"),
              _refused_defender(rs, node, task))
    if _acceptance_barred(rs, task):
        text = (f"no acceptance at trick 13: {task.offender} takes back {task.card}, a major penalty card (50D applies)"
                f"{_played_to_it_words(rs, table, task)}; {task.proper} leads")
        returned = (rs.cite("53B"), rs.cite("47F1")) if _played_to_it(table, task) else ()
        return [(replace(refuse[0], actor="TD", kind=StepKind.FORCED, also=(rs.cite("53A"), *refuse[0].also, *returned), text=text,
                         question=f"no acceptance at trick 13 ({rs.cite('53A')}): {task.offender} led {task.card} out of turn "
                         f"({task.proper} was to lead)"), refuse[1])]
    recorded = _choice(task.choices, decl, ("accepts", "refuses")) or _implied_refusal(rs, table, task)
    if recorded is not None:
        chosen = accept if isinstance(recorded, Choice) and recorded.verb == "accepts" else refuse
        return [(replace(chosen[0], text=chosen[0].text + f" (recorded: {_said(recorded)})", recorded=True), chosen[1])]
    return [accept, refuse]


def _declarer_lead(rs: RuleSet, node: Node, task: LeadOutOfTurn) -> list[Edge]:
    """55A/55B: either defender accepts or requires retraction; if they differ, the player next
    in turn to the irregular lead prevails. Refused: the card goes back (55B1), or declarer leads
    from the correct hand, any card (55B2)."""
    table = node.table
    first = task.offender.lho  # next in turn to the irregular lead: his choice prevails
    other = first.partner
    wrong_hand = task.proper.side is task.offender.side
    back = rs.cite("55B2") if wrong_hand else rs.cite("55B1")
    t = _taken_back(table, task.trick, task.offender)
    info = rs.withdrawn_info(task.offender, task.card, task.offender.side, table)
    then = _from_correct_hand(rs, table, task.proper) if wrong_hand else f"{task.proper} leads"
    left = t.trick(task.trick)
    if wrong_hand and left is not None and left.plays and left.plays[0][0] is task.proper:
        # declarer had already played from the correct hand after the lead taken back: that
        # card is a played card (45C2, 57C3) and now leads the trick, in turn (replace_card)
        then = f"{task.proper}'s {left.plays[0][1]}, already played from the correct hand, is the lead"
    question = (f"{first} or {other} (either defender, no consultation; if they differ {first} prevails) chooses: "
                f"{task.offender} led {task.card} out of turn")
    actor = f"{first} or {other}"
    accept = (Step(actor, StepKind.OPTION, rs.cite("55A"), f"the defenders accept {task.offender}'s lead of {task.card}",
                   also=(rs.cite("53A"),), question=question, choice="accept"),
              _child(node, table, node.agenda[1:]))
    # refused, the lead is the proper leader's: a defender whose partner holds a major penalty
    # card, declarer's 50D2/51B options come with it (the ruling is about that lead)
    # (declarer's ``chooses`` line for that option is the engine's: not read here)
    options = () if wrong_hand or not _due_before_lead(t, task.proper.partner, task.trick) else penalty_tasks(
        t, task.proper.partner, [c for c in task.choices if isinstance(c, Choice)], refusal=True)
    refuse = (Step(actor, StepKind.OPTION, rs.cite("55A"),
                   f"the defenders require retraction: {task.card} goes back to {task.offender}, no penalty card (48A); "
                   f"{then}", also=(back, rs.cite("55C"), info.ai_clause, info.ui_clause),
                   question=question, choice="refuse"),
              _child(node, t, (*options, *node.agenda[1:]), ledger=(info,)))
    if _acceptance_barred(rs, task):
        barred, more = _played_to_it_back(rs, table, t, task)
        options = () if wrong_hand or not _due_before_lead(barred, task.proper.partner, task.trick) else penalty_tasks(
            barred, task.proper.partner, [c for c in task.choices if isinstance(c, Choice)], refusal=True)
        returned = (rs.cite("53B"), rs.cite("47F1")) if _played_to_it(table, task) else ()
        return [(replace(refuse[0], actor="TD", kind=StepKind.FORCED, clause=rs.cite("53A"),
                         also=(back, *refuse[0].also[1:], *returned),
                         text=f"no acceptance at trick 13: {task.card} goes back{_played_to_it_words(rs, table, task)}; {then}",
                         question=f"no acceptance at trick 13 ({rs.cite('53A')}): {task.offender} led {task.card} out of turn "
                         f"({task.proper} was to lead)"),
                 _child(node, barred, (*options, *node.agenda[1:]), ledger=(info, *more)))]
    said = {s: _choice(task.choices, s, ("accepts", "refuses")) for s in (first, other)}
    if said[first] is None and said[other] is None:
        return [accept, refuse]
    decider = first if said[first] is not None else other
    verb = said[decider].verb  # type: ignore[union-attr]
    chosen = accept if verb == "accepts" else refuse
    differs = said[first] is not None and said[other] is not None and said[first].verb != said[other].verb  # type: ignore[union-attr]
    note = (f"{first} and {other} chose differently: {first}, next in turn to the irregular lead, prevails" if differs
            else f"recorded: {said[decider]}")
    return [(replace(chosen[0], actor=str(decider), kind=StepKind.FORCED if differs else StepKind.OPTION,
                     text=f"{chosen[0].text} ({note})", recorded=True), chosen[1])]


def _from_correct_hand(rs: RuleSet, table: TableState, proper: Seat) -> str:
    """55B2 as the director says it: declarer leads again, from the hand whose turn it was
    (dummy's or his own), any card he chooses."""
    hand = "dummy" if proper is table.dummy else "his own hand"
    return f"declarer leads from the correct hand, {hand} ({proper}), any card he chooses ({rs.cite('55B2')})"


def proper_lead(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """53B (2007 53C), 47F1: the proper lead stands; each card played in error to the irregular
    lead may be withdrawn without rectification (no penalty card; 16C). A card may stand as its
    owner's play only in rotation after the proper lead and when lawful there (decision
    ``proper_lead_error_card_may_stand``)."""
    assert isinstance(task, ProperLead)
    table = node.table
    if task.index == 0:
        # The proper lead is the first card of the trick; the error cards follow in rotation.
        t0 = table.trick(task.trick)
        assert t0 is not None
        lead_card = t0.card_of(task.proper)
        assert lead_card is not None
        order = rotation_from(task.proper)
        plays = ((task.proper, lead_card), *sorted(task.errors, key=lambda p: order.index(p[0])))
        plays = (*plays, *(p for p in t0.plays if p not in plays))
        i = task.trick - table.first_trick
        table = table._evolve(tricks=(*table.tricks[:i], Trick(task.trick, task.proper, tuple(plays)), *table.tricks[i + 1:]))
        # (a card played to the proper lead is judged against it: one that does not follow
        # it is a revoke, one that failed to follow the irregular lead no longer is)
        table = table.with_revokes_judged_again(task.trick, task.errors)
    seat, card = task.errors[task.index]
    rest = node.agenda[1:]
    info = rs.withdrawn_info(seat, card, task.offending, table)
    actor = rs.actor(table, seat)
    question = f"{seat} played {card} in error to the irregular lead; {task.proper} made the proper lead"
    t2 = _taken_back(table, task.trick, seat, restore_penalty=rs.decisions.withdrawn_penalty_card_stays_penalty)
    fate = no_penalty_card(table, seat, card, rs.decisions.withdrawn_penalty_card_stays_penalty)
    withdraw_step = Step(actor, StepKind.OPTION, rs.cite("53B"), f"{seat} withdraws {card}; {fate}",
                         also=(rs.cite("47F1"), info.ai_clause, info.ui_clause), question=question, choice="withdraw")
    withdraw = (withdraw_step, _child(node, t2, _after_error_card(rs, task, False, t2, rest), ledger=(info,)))
    in_rotation = seat is rotation_from(task.proper)[1 + task.kept] and task.kept == task.index
    trick = table.trick(task.trick)
    assert trick is not None
    lead = trick.plays[0][1]
    hand = table.hand(seat) | {card}
    lawful = card in lawful_cards(frozenset(hand), lead.suit, table.penalty_cards_of(seat))
    # (a later card of his stands on the trick: he played it to the proper lead, and a player
    # plays one card to a trick, 44B; the card played in error goes back)
    later = next((c for s, c in trick.plays if s is seat and c != card), None)
    if rs.decisions.proper_lead_error_card_may_stand and in_rotation and lawful and later is None:
        keep = (Step(actor, StepKind.OPTION, rs.cite("53B"), f"{seat} lets {card} stand as his play to the proper lead",
                     question=question, choice="keep"), _child(node, table, _after_error_card(rs, task, True, table, rest)))
        if lawful_cards(frozenset(hand), lead.suit, table.penalty_cards_of(seat)) == (card,):
            # his only lawful card to the proper lead (his last card, or his only card of the
            # suit led): taken back, it would be played again at the same turn, so it stands
            return [(replace(keep[0], actor="TD", kind=StepKind.FORCED,
                             text=f"{card} stands as {seat}'s play to the proper lead: his only lawful card there "
                             "(taken back, it would be played again at the same turn)"), keep[1])]
        return [keep, withdraw]
    why = ("it is not his turn after the proper lead" if not in_rotation else "it is not a lawful play to the proper lead"
           if not lawful or later is None else f"he played {later} to the trick since: one card to a trick, 44B")
    return [(replace(withdraw_step, actor="TD", kind=StepKind.FORCED, text=f"{seat} withdraws {card} ({why}); {fate}"),
             withdraw[1])]


def _after_error_card(rs: RuleSet, task: ProperLead, kept: bool, t: TableState, rest: tuple[object, ...]) -> tuple[object, ...]:
    """The agenda once the error card of ``task`` is ruled (``kept``: it stands): the next
    error card, or what is then played to the proper lead, then ``rest``."""
    nxt = task.index + 1
    if nxt >= len(task.errors):
        return (*_then_played(rs, t, task), *rest)
    return (replace(task, index=nxt, kept=task.kept + (1 if kept else 0)), *rest)


def _then_played(rs: RuleSet, table: TableState, task: ProperLead) -> tuple[object, ...]:
    """The ruling of the card the out-of-turn leader (``task.then``) put down after his lead,
    now his only card in the trick led properly (53B): a play there, before his partner's
    turn a premature play (57A), at his right-hand opponent's a 57D play; none where it is at
    his turn or no longer there."""
    trick = table.trick(task.trick)
    # (the out-of-turn leader's card, his lead gone back, is his one card in the trick; the
    # proper leader's second card is put down after his proper lead)
    cards = 2 if task.then is task.proper else 1
    if task.then is None or trick is None or [s for s, _ in trick.plays].count(task.then) != cards:
        return ()
    found = _classify_play(rs, table, trick, task.then, ())
    if found is None or not isinstance(found[0], (PrematurePlay, PlayAtRhoTurn)):
        return ()
    return (found[0],)


# ----- rules: premature plays (57) ------------------------------------------------------------------
def premature_play(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """57A: the premature card becomes a major penalty card, then declarer chooses for the
    offender's partner; 57C1: no rectification when declarer had played from both hands."""
    assert isinstance(task, PrematurePlay)
    table = node.table
    trick = table.trick(task.trick)
    assert trick is not None
    if task.partner_answered:
        return _premature_lead_answered(rs, node, task)
    if task.next_trick_lead and task.partner_played_on:
        return _premature_lead_played_on(rs, node, task)
    if task.next_trick_lead and task.played_to:
        return _premature_lead_played_to(rs, node, task)
    answered_lead: Card | None = None
    if task.next_trick_lead:
        # Take the early lead off the current trick first (it is not a card of this trick);
        # a revoke of his side on this trick that it established stays established (63A1)
        table = table.keeping_established(task.trick + 1, (task.offender, task.card))
        i = task.trick - table.first_trick
        holding = list(table.holding)
        holding[task.offender.index] = holding[task.offender.index] | {task.card}
        if (task.offender, task.card) in trick.plays:
            at = len(trick.plays) - 1 - trick.plays[::-1].index((task.offender, task.card))
            # (his partner's card put on the trick after it, at his turn: 57A's options
            # have no play of his left to govern)
            answered_lead = next((c for s, c in trick.plays[at + 1:] if s is task.offender.partner), None)
            plays = tuple(p for j, p in enumerate(trick.plays) if j != at)
            table = table._evolve(tricks=(*table.tricks[:i], Trick(trick.number, trick.leader, plays), *table.tricks[i + 1:]),
                                  holding=tuple(holding))
        else:
            # (his lead alone on the next trick, the last, his partner not having played to
            # this one: a ruling took a card off this trick, TableState.replace_card)
            entry = (task.trick + 1, task.offender)
            table = table.without_early_lead(*entry)._evolve(
                tricks=tuple(x for x in table.tricks if x.number != task.trick + 1), holding=tuple(holding),
                out_of_turn=_less(table.out_of_turn, *entry))
        trick = table.trick(task.trick)
        assert trick is not None
        node = node.evolve(table=table)
    pos = trick.position_of(task.offender)
    before = {s for s, _ in trick.plays[:pos]} if pos is not None else {s for s, _ in trick.plays}
    question = f"{task.offender} played {task.card} before his partner {task.offender.partner} had played"
    # (57C1 is not read for a lead to the next trick, even where declarer had played from
    # both hands to this one before the offender's card to it: docs/decisions.md)
    if not task.next_trick_lead and (task.after_both_hands or (table.declarer in before and table.dummy in before)):
        step = Step("TD", StepKind.FORCED, rs.cite("57C1"),
                    f"declarer had played from both hands: no rectification, {task.card} stands as played",
                    question=question, choice="no rectification")
        return [(step, _child(node, table, node.agenda[1:]))]
    led = trick.suit_led
    assert led is not None
    partner = task.offender.partner
    # his partner's card, played at its turn after the premature one (the record went on)
    answered = next((c for s, c in trick.plays[pos + 1:] if s is partner), None) if pos is not None and not task.next_trick_lead else answered_lead
    # (or not in the record, play having gone on to the end after its last card)
    went_on = task.partner_played_on and not task.next_trick_lead
    had = f"{partner} had played {answered} at his turn" if answered is not None else \
        f"{partner} had played to the trick at his turn, as play went on to the end"
    complete = (answered is not None and len({s for s, _ in trick.plays}) == 4 and len(trick.plays) == 4) or went_on
    lawful = task.card in lawful_cards(frozenset(table.hand(task.offender) | {task.card}), led, table.penalty_cards_of(task.offender))
    due = not lawful and _only_penalty_card_due(table, task.offender, task.card, led)
    # (the table played on past the trick with his card on it: the next trick begun, or play
    # went on to the end after the record's last card)
    past = went_on or (complete and (task.played_past or bool((nxt := table.trick(task.trick + 1)) is not None and nxt.plays)))
    if complete and due:
        step = Step("TD", StepKind.FORCED, rs.cite("57A"),
                    f"play went on to {task.offender}'s turn to trick {task.trick} with {task.card} on it: it stands as his "
                    f"card there, played at his turn; {_due_text(table, task.offender)}; {had}: declarer's options have no "
                    "play of his left to govern", question=question,
                    choice="stands at his turn: a penalty card was due")
        return [(step, _child(node, table.played_at_turn(task.trick, task.offender), node.agenda[1:]))]
    if complete and lawful:
        # Play went on to the offender's own turn with his card on the trick: as a major
        # penalty card he must play it at his first legal opportunity (50D1), which is that
        # turn, so it stands as his card to the trick; his partner had played (next).
        step = Step("TD", StepKind.FORCED, rs.cite("57A"),
                    f"{task.card} was a major penalty card of {task.offender}, to be played at his first legal opportunity: "
                    f"his turn to trick {task.trick}, which came as play went on; it is played there and stands as his card "
                    f"to that trick, no penalty card left in force; "
                    f"{had}: declarer's options have no play of his left to govern",
                    also=(rs.cite("50D1(a)"),), question=question, choice="stands at his turn")
        return [(step, _child(node, table.played_at_turn(task.trick, task.offender), node.agenda[1:]))]
    if past:
        # The trick was completed and quitted with his card on it, and play went on: it is his
        # card to that trick as the table played it (no law took it back, 47F2, and no
        # rectification was asked for before play went on). Holding the suit led, he failed
        # to follow: a revoke (61A), corrected or established as any other (62, 63) and
        # counted after play (64); the revoke rules rule it on the table this leaves.
        step = Step("TD", StepKind.FORCED, rs.cite("57A"),
                    f"{had}, and play went on past trick {task.trick} with {task.card} on it: it stands as "
                    f"{task.offender}'s card to that trick, declarer's options have no play left to govern, and as "
                    f"{task.offender} could have followed suit it is a revoke ({rs.cite('61A')})",
                    also=(rs.cite("61A"),), question=question, choice="stands: a revoke")
        # (it stays where it was played, so the cards played after it are after the revoke
        # for 62C; the cards in rotation after the lead were played in turn; once the revoke
        # is ruled, his card there, this one or its substitute, stands at his turn)
        t = table.with_turns_read_again(task.trick).with_revoke_out_of_rotation(Revoke(task.offender, task.trick, task.card, led))
        return [(step, _child(node, t, node.agenda[1:]))]
    if task.next_trick_lead:
        t = table._evolve(withdrawn=(*table.withdrawn, Withdrawal(task.offender, task.card, task.trick + 1)))
        t = t.with_penalty(task.offender, task.card, PenaltyKind.MAJOR)
    else:
        t = _withdraw_to_penalty(rs, table, task.trick, task.offender, task.card)
    infos = rs.penalty_withdrawal_info(task.offender, task.card, t)  # withdrawn, a penalty card: both laws
    if answered is not None or went_on:
        # His partner played at his own turn before declarer could choose: that card is
        # played (45A) and no law takes it back (47F2); 57A's options govern a play to come.
        step = Step("TD", StepKind.FORCED, rs.cite("57A"),
                    f"{task.card} becomes a major penalty card of {task.offender}; {had}: "
                    "declarer's options have no play of his left to govern",
                    also=(rs.cite("50B"), *info_clauses(infos)), question=question, choice="major penalty card")
        # (his card, out of turn only after the premature one, is in rotation now: read again)
        if answered_lead is not None:
            t = t.with_turns_read_again(task.trick)
        child = _child(node, t.with_revokes_judged_again(task.trick), node.agenda[1:], ledger=infos)
        return [(step, _after_penalty_card(rs, child, task.offender, task.card))]
    step = Step("TD", StepKind.FORCED, rs.cite("57A"),
                f"{task.card} becomes a major penalty card of {task.offender}; declarer chooses an option over {partner}",
                also=(rs.cite("50B"), *info_clauses(infos)), question=question, choice="major penalty card")
    child = _child(node, t, (PrematureOptions(task.trick, task.offender, led, task.choices), *node.agenda[1:]), ledger=infos)
    return [(step, _after_penalty_card(rs, child, task.offender, task.card))]


def _forfeited_by(rs: RuleSet, task: PrematurePlay) -> tuple[Seat, Card] | None:
    """The card of the next hand after a defender's early lead (his left-hand opponent, a
    non-offender) among the cards played to it (``PrematurePlay.played_to``): played after
    his right-hand opponent led too early and before any rectification was asked for, it
    forfeits the rectification (60A1). None when the next hand did not play to it, or at the
    thirteenth trick, where no lead out of turn is made to stand by a play (53A 2017)."""
    if task.trick + 1 >= 13 and rs.rule_for(NoAcceptanceAtTrick13()) is not None:
        return None
    return next(((s, c) for s, c in task.played_to if s is task.offender.lho), None)


def _premature_lead_played_to(rs: RuleSet, node: Node, task: PrematurePlay) -> list[Edge]:
    """57A with 60A1, 60A2: a defender's lead to the next trick made before his partner played
    to this one, then one or both opponents played to it, his partner still not having played
    to this trick. The next hand (his left-hand opponent) playing to it before any
    rectification was asked for forfeits the rectification (60A1: no penalty card, no option
    over the partner) and the lead counts as made in turn (60A2), whoever then wins this
    trick: it stands on the next trick with the cards played to it, and the partner plays to
    this trick at his turn, any lawful card. No forfeit otherwise: a card played to it out of
    rotation (60A1 reads the next hand's play after his right-hand opponent's irregularity),
    or any card at the thirteenth trick (53A 2017: no lead out of turn is made to stand by a
    play there, and the trick's winner is not known when the lead is put down). The cards
    played to it then go back to their players' hands, no penalty card (48A; as cards played
    in error to an irregular lead, 53B, 47F1), subject to 16C with the offender's side
    offending, and 57A is ruled as if attention had been drawn before them."""
    table = node.table
    trick = table.trick(task.trick)
    nxt = table.trick(task.trick + 1)
    assert trick is not None and nxt is not None
    partner = task.offender.partner
    question = f"{task.offender} led {task.card} before his partner {partner} had played"
    i = task.trick - table.first_trick
    k = len(trick.plays) - 1 - trick.plays[::-1].index((task.offender, task.card))
    plays = tuple(p for j, p in enumerate(trick.plays) if j != k)
    by = _forfeited_by(rs, task)
    if by is not None:
        # (the lead and the cards played to it leave the table until the seats still due to
        # this trick have played to it: then they stand on the next one, the lead in turn)
        t = table.keeping_established(task.trick + 1, (task.offender, task.card))
        gone = ((task.offender, task.card), *nxt.plays)
        holding = list(t.holding)
        for s, c in gone:
            holding[s.index] = holding[s.index] | {c}
        t = t._evolve(tricks=(*t.tricks[:i], Trick(trick.number, trick.leader, plays)), holding=tuple(holding),
                      out_of_turn=tuple(p for p in _less(t.out_of_turn, task.trick, task.offender) if p[0] != task.trick + 1),
                      revokes=tuple(r for r in t.revokes if r.trick != task.trick + 1))
        t = t.with_turns_read_again(task.trick)
        due = tuple(s for s in rotation_from(trick.leader) if s not in {x for x, _ in plays})
        others = [f"{s}'s {c}" for s, c in nxt.plays if (s, c) != by]
        also_said = f" ({' and '.join(others)} played to it too)" if others else ""
        step = Step("TD", StepKind.FORCED, rs.cite("57A"),
                    f"{by[0]}, the next hand, played {by[1]} to {task.offender}'s {task.card}{also_said} before any "
                    f"rectification was asked for: the rectification of the premature lead is forfeited (no penalty "
                    f"card, no option over {partner}) and the lead counts as made in turn, {task.offender}'s lead to "
                    f"trick {task.trick + 1} whoever wins trick {task.trick}; "
                    + " and ".join(map(str, due)) + f" still to play to trick {task.trick} at his turn, any lawful card",
                    also=(rs.cite("60A1"), rs.cite("60A2")), question=question, choice="forfeited: stands as his lead")
        rest = LeadBeforeTrickComplete(task.trick, task.offender, task.card, due, taken_off=True, stands_with=nxt.plays)
        return [(step, _child(node, t, (rest, *node.agenda[1:])))]
    # (no forfeit: the cards played to it go back, and 57A is ruled on the trick it was put down in)
    barred = task.trick + 1 >= 13 and rs.rule_for(NoAcceptanceAtTrick13()) is not None
    holding = list(table.holding)
    for s, c in nxt.plays:
        holding[s.index] = holding[s.index] | {c}
    back = table._evolve(tricks=tuple(x for x in table.tricks if x.number != task.trick + 1), holding=tuple(holding),
                         withdrawn=(*table.withdrawn, *(Withdrawal(s, c, task.trick + 1) for s, c in nxt.plays)),
                         out_of_turn=tuple(p for p in table.out_of_turn if p[0] != task.trick + 1),
                         revokes=tuple(r for r in table.revokes if r.trick != task.trick + 1))
    infos = tuple(rs.withdrawn_info(s, c, task.offender.side, table) for s, c in nxt.plays)
    cards = " and ".join(f"{s}'s {c}" for s, c in nxt.plays)
    if barred:
        why = (f"no lead out of turn is made to stand by a play at the thirteenth trick ({rs.cite('53A')}), so "
               f"{cards}, played to it, forfeits no rectification")
    else:
        why = (f"{cards}, played to it out of rotation ({task.offender.lho}, the next hand, did not play to it), forfeits "
               f"no rectification ({rs.cite('60A1')} reads the next hand's play)")
    why += (f" and goes back to his hand, no penalty card ({rs.cite('48A')})" if len(nxt.plays) == 1
            else f" and they go back to their players' hands, no penalty card ({rs.cite('48A')})")
    edges = premature_play(rs, node.evolve(table=back, ledger=with_entries(node.ledger, infos)), replace(task, played_to=()))
    return [(replace(step, text=f"{why}; {step.text}",
                     also=(*step.also, rs.cite("48A"), *((rs.cite("53A"),) if barred else (rs.cite("60A1"),)),
                           *(x for info in infos for x in (info.ai_clause, info.ui_clause)))), child)
            for step, child in edges]


def _only_penalty_card_due(table: TableState, seat: Seat, card: Card, led: Suit) -> bool:
    """Whether ``seat``'s ``card``, not lawful at his turn to a trick led in ``led``, is
    unlawful there only because a penalty card of his was due (50C, 50D1(a)): it follows
    suit, or he could not. Such a card played at his turn is a failure to play a penalty card
    (52), which the penalty-card rules rule; a card that fails to follow suit is a revoke."""
    pcs = table.penalty_cards_of(seat)
    return bool(pcs) and card in lawful_cards(frozenset(table.hand(seat) | {card}), led, frozenset())


def _due_text(table: TableState, seat: Seat) -> str:
    pcs = sorted(table.penalty_cards_of(seat), key=lambda p: str(p.card))
    cards = ", ".join(str(p.card) for p in pcs)
    why = ", ".join(dict.fromkeys("50C" if p.kind is PenaltyKind.MINOR else "50D1(a)" for p in pcs))
    return f"as his penalty card {cards} was due there ({why}), it is a failure to play a penalty card, ruled under 52"


def _without_one(entries: tuple[OutOfTurn, ...], entry: OutOfTurn) -> tuple[OutOfTurn, ...]:
    """``entries`` (plays out of turn) without ``entry``, or where it has none (a substitute
    stands for its card), the first of its seat's on its trick: a seat with a second card on
    that trick keeps the entry of that card, a play of its own (a seat plays one card to a
    trick, 44B)."""
    if entry in entries:
        k = entries.index(entry)
    else:
        k = next((i for i, p in enumerate(entries) if p[:2] == entry[:2]), -1)
        if k < 0:
            return entries
    return (*entries[:k], *entries[k + 1:])


def _stood_as_next_lead(table: TableState, trick_no: int, seat: Seat, card: Card) -> TableState:
    """``table`` with ``seat``'s last card ``card`` on trick ``trick_no``, put down before that
    trick was complete, taken off it and standing alone as his lead to the next trick (play
    went on to the end after it: the cards still due to ``trick_no`` are not recorded), and
    not a play out of turn on ``trick_no``."""
    trick = table.trick(trick_no)
    assert trick is not None
    i = trick_no - table.first_trick
    k = len(trick.plays) - 1 - trick.plays[::-1].index((seat, card))
    plays = tuple(p for j, p in enumerate(trick.plays) if j != k)
    return table._evolve(tricks=(*table.tricks[:i], Trick(trick.number, trick.leader, plays),
                                 Trick(trick_no + 1, seat, ((seat, card),)), *table.tricks[i + 1:]),
                         out_of_turn=_less(table.out_of_turn, trick_no, seat))


def _premature_lead_played_on(rs: RuleSet, node: Node, task: PrematurePlay) -> list[Edge]:
    """57A, 60A: a defender's lead to the next trick made before his partner played to this
    one, the record's last card, after which play went on to the end. His partner played to
    the trick at his turn and it was completed; the lead then stood on the next trick: in
    turn when he had won the trick, otherwise a lead out of turn that the next hand, a
    non-offender, played to before any rectification was asked for (60A1, 53A). No penalty
    card, no option: the card stands as his lead to the next trick (60A2)."""
    if _no_acceptance_at(rs, task.trick + 1):
        return _premature_lead_to_trick_13_played_on(rs, node, task)
    t = _stood_as_next_lead(node.table, task.trick, task.offender, task.card)
    partner = task.offender.partner
    step = Step("TD", StepKind.FORCED, rs.cite("57A"),
                f"{partner} played to trick {task.trick} at his turn, as play went on to the end, and {task.card} then stood "
                f"as {task.offender}'s lead to trick {task.trick + 1}: in turn if he won trick {task.trick}, else a lead "
                "out of turn that the next hand played to before any rectification was asked for: no penalty card, and "
                "declarer's options have no play left to govern",
                also=(rs.cite("60A1"), rs.cite("60A2")), question=f"{task.offender} led {task.card} before his partner "
                f"{partner} had played", choice="stands as his lead")
    return [(step, _child(node, t, node.agenda[1:]))]


def _premature_lead_to_trick_13_played_on(rs: RuleSet, node: Node, task: PrematurePlay) -> list[Edge]:
    """57A with 53A (2017): a defender's lead to trick 13 made before his partner played to
    trick 12, the record's last card, after which play went on to the end. The seats still
    due played to trick 12 at their turn (which cards, the record does not say), and the
    lead stood on trick 13. Where he won trick 12 it was his lead in turn, and stands (50D1(a));
    where another seat won, it was a lead out of turn at the thirteenth trick, which no
    statement or play accepts (53A), so play going on forfeits nothing (60A1 has no
    acceptance to give there): it goes back as a major penalty card (57A), of no further
    effect with play over. Who won trick 12 is a finding, one branch per winner the lawful
    cards of the seats still due allow."""
    table = node.table
    trick = table.trick(task.trick)
    assert trick is not None
    k = len(trick.plays) - 1 - trick.plays[::-1].index((task.offender, task.card))
    plays = tuple(p for j, p in enumerate(trick.plays) if j != k)
    led = plays[0][1].suit
    played = {s for s, _ in plays}
    due = [s for s in rotation_from(trick.leader) if s not in played]
    trumps = table.contract.strain.trumps
    winners: list[Seat] = []
    combos: list[tuple[tuple[Seat, Card], ...]] = [()]
    for s in due:
        cards = lawful_cards(table.hand(s), led, table.penalty_cards_of(s)) or table.hand(s)
        combos = [(*c, (s, x)) for c in combos for x in sorted(cards)]
    for c in combos:
        w = Trick(trick.number, trick.leader, tuple(sorted((*plays, *c), key=lambda p: rotation_from(trick.leader).index(p[0])))).winner(trumps)
        if w is not None and w not in winners:
            winners.append(w)
    partner = task.offender.partner
    question = f"{task.offender} led {task.card} before his partner {partner} had played; who won trick {task.trick}?"
    kind = StepKind.FINDING if len(winners) > 1 else StepKind.FORCED
    edges: list[Edge] = []
    for w in sorted(winners, key=lambda x: x is not task.offender):
        if w is task.offender:
            t = _stood_as_next_lead(table, task.trick, task.offender, task.card)
            step = Step("TD", kind, rs.cite("57A"),
                        f"{partner} played to trick {task.trick} at his turn, as play went on to the end, and "
                        f"{task.offender} won it: {task.card} was his lead to trick {task.trick + 1} in turn, where it "
                        "lies; it stands, no penalty card, and declarer's options have no play left to govern",
                        also=(rs.cite("50D1(a)"),), question=question, choice=f"{w} won trick {task.trick}")
            edges.append((step, _child(node, t, node.agenda[1:])))
            continue
        i = task.trick - table.first_trick
        holding = list(table.holding)
        holding[task.offender.index] = holding[task.offender.index] | {task.card}
        t = table._evolve(tricks=(*table.tricks[:i], Trick(trick.number, trick.leader, plays), *table.tricks[i + 1:]),
                          holding=tuple(holding), out_of_turn=_less(table.out_of_turn, task.trick, task.offender))
        t = t._evolve(withdrawn=(*t.withdrawn, Withdrawal(task.offender, task.card, task.trick + 1)))
        t = t.with_penalty(task.offender, task.card, PenaltyKind.MAJOR)
        infos = rs.penalty_withdrawal_info(task.offender, task.card, t)  # withdrawn, a penalty card: both laws
        step = Step("TD", kind, rs.cite("57A"),
                    f"{partner} played to trick {task.trick} at his turn, as play went on to the end, and {w} won it: "
                    f"{task.card} stood as {task.offender}'s lead to trick {task.trick + 1} out of turn; no lead out of turn "
                    f"is accepted at the thirteenth trick ({rs.cite('53A')}), so play going on forfeits no rectification: "
                    f"{task.card} becomes a major penalty card of {task.offender} and {w} leads",
                    also=(rs.cite("53A"), rs.cite("50B"), *info_clauses(infos)), question=question,
                    choice=f"{w} won trick {task.trick}")
        edges.append((step, _child(node, t, node.agenda[1:], ledger=infos)))
    return edges


def _premature_lead_answered(rs: RuleSet, node: Node, task: PrematurePlay) -> list[Edge]:
    """57A: a defender's lead to the next trick made before his partner played to this one,
    his partner's card to it following (``TableState.early_leads``). The partner played at
    his turn, before declarer could choose: that card is played (45A) and no law takes it
    back (47F2), so declarer's options have nothing left to govern. The lead is a major
    penalty card (57A), to be played at its first legal opportunity (50D1(a)): where he won
    the trick that is his lead to the next one, where it lies, and it stands as that lead.
    Otherwise the lead is out of turn on the next trick: where the next hand, a non-offender,
    played to it before any rectification was asked for (or play went on to the end), he
    forfeits the rectification and the lead counts as made in turn (60A1, 60A2); else it
    goes back to his hand as a major penalty card, the penalty-card rules to follow (50D)."""
    table = node.table
    done = table.trick(task.trick)
    nxt = table.trick(task.trick + 1)
    assert done is not None and nxt is not None
    partner = task.offender.partner
    answer = done.card_of(partner)
    question = f"{task.offender} led {task.card} before his partner {partner} had played"
    had = f"{partner} had played {answer} to trick {task.trick} at his turn: declarer's options have no play of his left to govern"
    entry = (task.trick + 1, task.offender)
    t = table.without_early_lead(*entry)
    stood = t._evolve(out_of_turn=_without_one(t.out_of_turn, (*entry, task.card)))
    winner = done.winner(table.contract.strain.trumps)
    if winner is task.offender:
        step = Step("TD", StepKind.FORCED, rs.cite("57A"),
                    f"{task.card} was a major penalty card of {task.offender}, to be played at his first legal opportunity: "
                    f"he won trick {task.trick}, so that is his lead to trick {task.trick + 1}, where it lies; it stands as "
                    f"his lead, no penalty card left in force; {had}",
                    also=(rs.cite("50D1(a)"),), question=question, choice="stands as his lead")
        return [(step, _child(node, stood, node.agenda[1:]))]
    by = next(((s, c) for s, c in nxt.plays[1:] if s is task.offender.lho), None)
    # (at the thirteenth trick no lead out of turn is accepted, by a statement or a play, 53A
    # 2017: the next hand's card to it forfeits nothing, and goes back with it)
    barred = _no_acceptance_at(rs, task.trick + 1)
    if (by is not None or task.partner_played_on) and not barred:
        said = (f"{by[0]}, the next hand, played {by[1]} to it" if by is not None
                else "the next hand played to it as play went on to the end")
        step = Step("TD", StepKind.FORCED, rs.cite("57A"),
                    f"{had}; {task.card} stood as {task.offender}'s lead to trick {task.trick + 1}, out of turn ({winner} "
                    f"won trick {task.trick}), and {said} before any rectification was asked for: the rectification is "
                    "forfeited and the lead counts as made in turn; no penalty card",
                    also=(rs.cite("60A1"), rs.cite("60A2")), question=question, choice="stands as his lead")
        if by is not None and by[0] is winner and not task.partner_played_on:
            later = stood.trick(task.trick + 1)
            assert later is not None
            if not (rs.decisions.later_play_shows_acceptance and _played_on(stood, later)):
                return _premature_lead_or_proper_lead(rs, node, task, stood, later, step)
        return [(step, _child(node, stood, node.agenda[1:]))]
    # (the lead goes back: the winner of the trick leads to the next one; a card played to it
    # since, out of rotation, goes back with it to its player's hand, no penalty card: it was
    # played to a lead that no longer stands; the partner's card may stay, ruled on its own)
    barred_note = ""
    if barred and (by is not None or task.partner_played_on):
        barred_note = (f"; no lead out of turn is accepted at the thirteenth trick ({rs.cite('53A')}), so "
                       + ("the next hand's card to it forfeits no rectification" if by is not None
                          else "play going on to the end forfeits no rectification"))
    mine = _partner_card_on_returned_lead(rs, table, nxt, task, winner)
    if mine is not None and winner is not None:
        return _premature_lead_back_partner_card_stays(rs, node, task, t, nxt, winner, mine, f"{barred_note}; {had}", question,
                                                       barred=bool(barred_note))
    back = t._evolve(tricks=tuple(x for x in t.tricks if x.number != task.trick + 1),
                     out_of_turn=tuple(p for p in t.out_of_turn if p[0] != task.trick + 1))
    lead = (task.offender, task.card)
    gone = nxt.plays if lead in nxt.plays else (lead, *nxt.plays)
    holding = list(back.holding)
    for s, c in gone:
        holding[s.index] = holding[s.index] | {c}
    back = back._evolve(holding=tuple(holding), withdrawn=(*back.withdrawn, *(Withdrawal(s, c, task.trick + 1) for s, c in gone)))
    back = back.with_penalty(task.offender, task.card, PenaltyKind.MAJOR)
    infos = rs.penalty_withdrawal_info(task.offender, task.card, back)  # withdrawn, a penalty card: both laws
    others = tuple(rs.withdrawn_info(s, c, task.offender.side, table) for s, c in gone if (s, c) != lead)
    went = "".join(f"; {s}'s {c}, played to it since, goes back to his hand" for s, c in gone if (s, c) != lead) + barred_note
    step = Step("TD", StepKind.FORCED, rs.cite("57A"),
                f"{task.card} becomes a major penalty card of {task.offender} ({winner} won trick {task.trick} and leads to "
                f"trick {task.trick + 1}){went}; {had}",
                also=(rs.cite("50B"), *info_clauses(infos), *((rs.cite("53A"),) if barred else ())),
                question=question, choice="major penalty card")
    child = _child(node, back, node.agenda[1:], ledger=(*infos, *others))
    return [(step, _after_penalty_card(rs, child, task.offender, task.card))]


def _partner_card_on_returned_lead(rs: RuleSet, table: TableState, nxt: Trick, task: PrematurePlay,
                                   winner: Seat | None) -> tuple[Seat, Card] | None:
    """The card the offender's partner put on his premature lead to the next trick (``nxt``),
    after his own card to the trick (57A), when the lead goes back and that card stays on the
    next trick to be ruled on its own: always where the partner won the trick (the correct
    leader, :func:`_premature_lead_back_partner_card_stays`), with
    ``Decisions.partner_card_on_returned_premature_lead_stands`` where the declaring side
    won it. Only the lead and declaring-side cards may stand before it there."""
    partner = task.offender.partner
    if winner is None or not nxt.plays or nxt.plays[0] != (task.offender, task.card):
        return None
    k = next((j for j, (s, _) in enumerate(nxt.plays) if s is partner), None)
    if k is None or any(table.is_defender(s) for s, _ in nxt.plays[1:k]):
        return None
    if winner is not partner and not rs.decisions.partner_card_on_returned_premature_lead_stands:
        return None
    return nxt.plays[k]


def _premature_lead_back_partner_card_stays(rs: RuleSet, node: Node, task: PrematurePlay, t: TableState, nxt: Trick,
                                            winner: Seat, mine: tuple[Seat, Card], then: str, question: str, *,
                                            barred: bool = False) -> list[Edge]:
    """57A: the premature lead to the next trick goes back as a major penalty card (the winner
    of the trick is not its player), and the offender's partner, who played to the trick at
    his turn, had then put ``mine`` on that lead. No law takes his card back (47F2): 53B is
    for cards played in error to an irregular lead once the correct leader, an opponent of
    the offender, has led to the trick. A declaring-side card put on the lead before his
    goes back, no penalty card (48A), as a card played to a lead that no longer stands; his
    card is then the next trick's first. Where he won the trick he is the correct leader,
    with his partner's major penalty card in force (50D2): with
    ``Decisions.correct_leader_card_before_refusal_is_lead_before_choice`` his card is a lead
    made before declarer's 50D2 choice, ruled next (:func:`lead_before_choice`), else it is
    his lead in turn. Where the declaring side won it, it is a lead out of turn (56), ruled
    next as any other (``Decisions.partner_card_on_returned_premature_lead_stands``).
    ``then``: the step's closing words (what declarer's 57A options and 53A leave); ``barred``:
    they say that at the thirteenth trick a play to the lead forfeits nothing (53A, 2017)."""
    table = node.table
    partner, card = mine
    number = task.trick + 1
    k = nxt.plays.index(mine)
    before = nxt.plays[1:k]
    back = t._evolve(out_of_turn=_less(t.out_of_turn, number, task.offender))
    for s, c in before:
        back = _taken_back(back, number, s, card=c)
    back = _taken_back(back, number, task.offender, card=task.card,
                       restore_penalty=rs.decisions.withdrawn_penalty_card_stays_penalty)
    back = back.with_penalty(task.offender, task.card, PenaltyKind.MAJOR)
    infos = rs.penalty_withdrawal_info(task.offender, task.card, back)  # withdrawn, a penalty card: both laws
    others = tuple(rs.withdrawn_info(s, c, task.offender.side, table) for s, c in before)
    went = "".join(f"; {s}'s {c}, played to it since, goes back to his hand, no penalty card ({rs.cite('48A')})"
                   for s, c in before)
    stays = f"{partner}'s {card}, put on it after his card to trick {task.trick}, stays: no law takes it back ({rs.cite('47F2')}"
    also: tuple[str, ...] = (rs.cite("50B"), rs.cite("47F2"), *((rs.cite("48A"),) if before else ()), *((rs.cite("53A"),) if barred else ()),
                             *info_clauses(infos), *(x for o in others for x in (o.ai_clause, o.ui_clause)))
    head = f"{task.card} becomes a major penalty card of {task.offender} ({winner} won trick {task.trick} and leads to trick {number}){went}"
    agenda = node.agenda[1:]
    if winner is partner and rs.decisions.correct_leader_card_before_refusal_is_lead_before_choice:
        text = (f"{head}; {stays}): {partner}, the correct leader, faced it on his partner's lead, now its first card, and "
                f"is ruled next as a lead made before declarer's {rs.cite('50D2')} choice{then}")
        agenda = (LeadBeforeChoice(number, partner, card, task.offender, task.choices, premature=True), *agenda)
        also = (*also, rs.cite("50D2"))
    elif winner is partner:
        text = (f"{head}; {stays}): it stands as {partner}'s lead to trick {number}, in turn, and declarer's "
                f"{rs.cite('50D2')} options have no lead left to govern{then}")
    else:
        text = (f"{head}; {stays}; {rs.cite('53B')} needs {winner}'s proper lead to the trick), and it now stands as the "
                f"first card of trick {number}: {partner}'s lead out of turn, ruled next ({rs.cite('56')}){then}")
        also = (*also, rs.cite("53B"), rs.cite("56"))
    step = Step("TD", StepKind.FORCED, rs.cite("57A"), text, also=also, question=question, choice="major penalty card")
    child = _child(node, back, agenda, ledger=(*infos, *others))
    if agenda and isinstance(agenda[0], LeadBeforeChoice):
        return [(step, child)]
    return [(step, _after_penalty_card(rs, child, task.offender, task.card))]


def _premature_lead_or_proper_lead(rs: RuleSet, node: Node, task: PrematurePlay, stood: TableState, later: Trick,
                                   accepted: Step) -> list[Edge]:
    """57A with 53A/53B: the premature lead stood on the next trick, out of turn, and the
    next hand, who played to it, is the player who won the trick before: its proper leader,
    an opponent of the offender. Whether his card was a play to the irregular lead (53A:
    ``accepted``, the lead counts as made in turn, 60A2) or his own proper lead (53B) is a
    finding, as after any lead out of turn (decision ``later_play_shows_acceptance``). His
    proper lead: the irregular lead goes back with no rectification (53B, 47F1; his play
    after it forfeits 57A's, 60A1, and 60A2 does not make it a lead in turn where 53B
    applies), 16C with the offender's side offending."""
    proper, card = later.plays[1]
    question = f"did {proper}, the proper leader, play {card} to {task.offender}'s lead or lead it properly?"
    found = set(node.findings)
    edges: list[Edge] = []
    if FINDING_PROPER_LEAD not in found:
        step = replace(accepted, kind=StepKind.FINDING, question=question, choice=FINDING_ACCEPTED,
                       also=(rs.cite("57A"), *accepted.also), clause=rs.cite("53A"))
        edges.append((step, _with_finding(_child(node, stood, node.agenda[1:]), FINDING_ACCEPTED)))
    if FINDING_ACCEPTED not in found:
        step = Step("TD", StepKind.FINDING, rs.cite("53B"),
                    f"{card} was {proper}'s proper lead to trick {later.number}, not a play to {task.offender}'s "
                    f"{task.card}, put down before his partner played to trick {task.trick} (57A): his play after it "
                    "forfeits the rectification of the premature lead, and the irregular lead goes back to the hand",
                    also=(rs.cite("57A"), rs.cite("60A1")), question=question, choice=FINDING_PROPER_LEAD)
        errors = _errors(later, proper, 1)
        child = _child(node, stood, (ProperLead(later.number, proper, task.offender.side, errors), *node.agenda[1:]))
        edges.append((step, _with_finding(child, FINDING_PROPER_LEAD)))
    return edges


def lead_before_trick_complete(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """A seat's second card put down after his own card to the trick (a defender's, after his
    partner's too) and before the seats still due had played to it: no premature play (57A
    needs the partner not to have played; declarer's card is never a penalty card, 48A) and
    no card exposed (it was led, 45E): his lead to the next trick, made early. It stays face
    up while the seats still due play to the trick, each any card he may lawfully play there
    (44B, 44C, 44D: a branch per card, the record's line after attention naming it settling
    it); the trick's winner then leads to the next one (44G): the offender himself, and the
    lead was in turn, nothing to rectify; another, and it is a lead out of turn (55, 56 with
    53A), ruled next on the table this leaves."""
    assert isinstance(task, LeadBeforeTrickComplete)
    if task.played_on:
        return _lead_before_complete_played_on(rs, node, task)
    table = node.table
    if not task.taken_off:
        trick = table.trick(task.trick)
        assert trick is not None
        i = task.trick - table.first_trick
        k = len(trick.plays) - 1 - trick.plays[::-1].index((task.offender, task.card))
        plays = tuple(p for j, p in enumerate(trick.plays) if j != k)
        holding = tuple(h | {task.card} if j == task.offender.index else h for j, h in enumerate(table.holding))
        table = table._evolve(tricks=(*table.tricks[:i], Trick(trick.number, trick.leader, plays), *table.tricks[i + 1:]),
                              holding=holding, out_of_turn=_less(table.out_of_turn, task.trick, task.offender))
    trick = table.trick(task.trick)
    assert trick is not None and trick.suit_led is not None
    seat, rest = task.due[0], task.due[1:]
    led = trick.suit_led
    hand = table.hand(seat)
    cards = lawful_cards(hand, led, table.penalty_cards_of(seat))
    clause = rs.cite("44C") if any(c.suit is led for c in hand) else rs.cite("44D")
    other = seat.side is not task.offender.side
    face = (f"; {task.card} stays face up meanwhile: {seat.side} may use what it tells, an opponent's card "
            f"({rs.cite('16C1')} should it go back)" if other else "")
    question = (f"{seat} plays to trick {task.trick}, {task.offender}'s {task.card} already put down as his lead to trick "
                f"{task.trick + 1}")
    edges: list[tuple[Seat | None, Edge]] = []
    for c in cards:
        t = table.play(seat, c)
        if rest:
            step = Step(rs.actor(table, seat), StepKind.OPTION, rs.cite("44B"), f"{seat} plays {c} to trick {task.trick}{face}",
                        also=(clause,), question=question, choice=str(c))
            edges.append((None, (step, _child(node, t, (replace(task, due=rest, taken_off=True), *node.agenda[1:])))))
            continue
        done = t.trick(task.trick)
        assert done is not None
        winner = done.winner(table.trumps)
        assert winner is not None
        t = t.play(task.offender, task.card)
        if task.stands_with is not None:
            # (60A2: the lead counts as made in turn, and the cards played to it stand after it)
            t = t.play_many(task.stands_with)
            t = t._evolve(out_of_turn=_less(t.out_of_turn, task.trick + 1, task.offender))
            t = t.with_turns_read_again(task.trick + 1)
            to_it = " and ".join(f"{s}'s {x}" for s, x in task.stands_with)
            then = (f"{winner} wins it, and {task.offender}'s {task.card} stands as his lead to trick {task.trick + 1}, "
                    f"counted as made in turn ({rs.cite('60A2')}), {to_it} played to it")
        elif winner is task.offender:
            then = (f"{winner} wins it, so {task.card} is his lead to trick {task.trick + 1}, in turn, made before the trick "
                    "was complete: nothing to rectify")
        else:
            then = (f"{winner} wins it, so {task.offender}'s {task.card} is a lead out of turn to trick {task.trick + 1} "
                    f"({winner} was to lead)")
        step = Step(rs.actor(table, seat), StepKind.OPTION, rs.cite("44B"), f"{seat} plays {c} to trick {task.trick}: {then}{face}",
                    also=(clause, rs.cite("44G")), question=question, choice=str(c))
        edges.append((winner, (step, _child(node, t, node.agenda[1:]))))
    # (listed by the trick's winner, in rotation from its leader: the ruling turns on it)
    order = rotation_from(trick.leader)
    return [e for _, e in sorted(edges, key=lambda x: order.index(x[0]) if x[0] is not None else 0)]


def _lead_before_complete_played_on(rs: RuleSet, node: Node, task: LeadBeforeTrickComplete) -> list[Edge]:
    """53A, 44G: a seat's lead to the next trick made before the trick was complete, the
    record's last card, after which play went on to the end. The seats still due played to
    the trick (which cards the record does not say), and the lead stood on the next trick:
    in turn when its player won the trick, otherwise a lead out of turn that the next hand
    in rotation, an opponent, played to, which accepts it (53A; 55A, 56 lead there). Either
    way nothing to rectify: no penalty card, no lead taken back."""
    t = _stood_as_next_lead(node.table, task.trick, task.offender, task.card)
    waiting = " and ".join(map(str, task.due))
    step = Step("TD", StepKind.FORCED, rs.cite("53A"),
                f"{waiting} played to trick {task.trick}, as play went on to the end, and {task.card} then stood as "
                f"{task.offender}'s lead to trick {task.trick + 1}: in turn if he won trick {task.trick}, else a lead out "
                f"of turn that {task.offender.lho}, the next hand, played to, which accepts it: nothing to rectify",
                also=(rs.cite("44G"),), question=f"{task.offender} led {task.card} to trick {task.trick + 1} before trick "
                f"{task.trick} was complete", choice="stands as his lead")
    return [(step, _child(node, t, node.agenda[1:]))]


def premature_options(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """57A1-57A4 (57B, 59 when the partner cannot comply)."""
    assert isinstance(task, PrematureOptions)
    table = node.table
    decl = table.declarer
    partner = task.offender.partner
    hand = table.hand(partner)
    question = f"{decl} (declarer) chooses one option over {partner} (57A)"
    led = task.suit_led
    has_led = any(c.suit is led for c in hand)
    # clause, restriction (the claim atom), choice word, recorded form, and the option as the
    # director says it: who, which suit, his highest or lowest card of it, and the trick
    options: list[tuple[str, str, str, str, str]] = []
    to = f"to trick {task.trick}"
    options.append((rs.cite("57A1"), f"{partner} must play highest {led.letter}", "highest", "requires highest",
                    f"declarer requires {partner} to play his highest {_one(led)} {to}"))
    options.append((rs.cite("57A2"), f"{partner} must play lowest {led.letter}", "lowest", "requires lowest",
                    f"declarer requires {partner} to play his lowest {_one(led)} {to}"))
    others = [s for s in SUITS_ORDER if s is not led]
    if rs.decisions.premature_play_require_other_suit:
        for s in others:
            options.append((rs.cite("57A3"), f"{partner} must play {s.letter}", f"require {s.letter}", f"requires {s.letter}",
                            f"declarer requires {partner} to play a {_one(s)} {to}"))
    for s in others:
        options.append((rs.cite("57A4"), f"{partner} must not play {s.letter}", f"forbid {s.letter}", f"forbids {s.letter}",
                        f"declarer forbids {partner} to play a {_one(s)} {to}"))
    edges: list[Edge] = []
    for clause, restriction, word, _, said in options:
        if clause in (rs.cite("57A1"), rs.cite("57A2")):
            ok = has_led
        elif clause == rs.cite("57A3"):
            suit = Suit.parse(word.split()[1])
            ok = not has_led and any(c.suit is suit for c in hand)
        else:
            ok = True
        other = clause in (rs.cite("57A3"), rs.cite("57A4"))
        also = (() if ok else (rs.cite("57B"), rs.cite("59"))) + ((rs.cite("44C"),) if other and has_led else ())
        step = Step(str(decl), StepKind.OPTION, clause, f"{said}{_compliance(rs, partner, led, has_led, ok, other)}", also=also,
                    question=question, choice=word, imposes=restriction)
        # (on the table too: his card to the trick that breaks it when he could keep it is a revoke, 61A)
        verb, _, named = word.partition(" ")
        rule = PlayRule(partner, task.trick, {"require": "suit", "forbid": "not suit"}.get(verb, verb),
                        suit=Suit.parse(named) if named else None)
        edges.append((step, _child(node, table.with_play_rule(rule), node.agenda[1:], restrictions=(restriction,))))
    recorded = _choice(task.choices, decl, ("requires", "forbids"))
    if recorded is not None:
        form = f"{recorded.verb} {recorded.word or (recorded.suit.letter if recorded.suit else '')}"
        picked = [e for e, o in zip(edges, options, strict=True) if o[3] == form]
        if picked:
            chosen, child = picked[0]
            return [(replace(chosen, text=chosen.text + f" (recorded: {recorded})", recorded=True), child)]
    return edges


def _one(suit: Suit) -> str:
    """A card of ``suit`` in words, as in "a spade"."""
    return suit.plural[:-1]


def _compliance(rs: RuleSet, partner: Seat, led: Suit, has_led: bool, ok: bool, other: bool) -> str:
    """What a 57A option means for ``partner``, who holds the suit ``led`` or not
    (``has_led``): nothing said when he can comply (``ok``); ``other``: the option names
    another suit than the one led (57A3, 57A4)."""
    # (57A3/57A4 name another suit than the one led: while he holds the suit led he must
    # follow it, 44C, and the option does not reach his card)
    if other and has_led:
        return (f"; {partner} holds {led.plural} and must follow suit ({rs.cite('44C')}): "
                + ("he cannot comply and plays any lawful card of the suit led (57B, 59)" if not ok
                   else "the option binds him only if he cannot follow"))
    return "" if ok else f"; {partner} cannot comply and may play any otherwise lawful card (57B, 59)"


def _rho_turn_card_stood(rs: RuleSet, node: Node, task: PlayAtRhoTurn, clause: str) -> list[Edge] | None:
    """A card played at the right-hand opponent's turn (57D; 2007 50) that was still on the
    trick when play went on to its owner's turn: the trick completed with it (his right-hand
    opponent played after it), or play went on to the end after it. A card he could lawfully
    play there is his card at his turn: what 57D requires (2017), the first lawful
    opportunity to play a penalty card (2007, 50D1(a)); nothing is withdrawn. A card he could
    not lawfully play there, once the table played on past the trick with it (a card on the
    next trick, or play went on to the end), is his card to the trick (47F2): a revoke (61A),
    ruled by the revoke rules. None: the rule's own ruling applies."""
    table = node.table
    trick = table.trick(task.trick)
    assert trick is not None
    complete = task.played_on or (len(trick.plays) == 4 and len({s for s, _ in trick.plays}) == 4)
    if not complete:
        return None
    led = trick.suit_led
    assert led is not None
    lawful = task.card in lawful_cards(frozenset(table.hand(task.offender) | {task.card}), led, table.penalty_cards_of(task.offender))
    question = f"{task.offender} played {task.card} at his right-hand opponent's turn"
    if lawful:
        step = Step("TD", StepKind.FORCED, rs.cite(clause),
                    f"play went on to {task.offender}'s turn to trick {task.trick} with {task.card} on it: it stands as his "
                    "card there, played at his turn; nothing is withdrawn", question=question, choice="stands at his turn")
        return [(step, _child(node, table.played_at_turn(task.trick, task.offender), node.agenda[1:]))]
    if _only_penalty_card_due(table, task.offender, task.card, led):
        step = Step("TD", StepKind.FORCED, rs.cite(clause),
                    f"play went on to {task.offender}'s turn to trick {task.trick} with {task.card} on it: it stands as his "
                    f"card there, played at his turn; {_due_text(table, task.offender)}",
                    question=question, choice="stands at his turn: a penalty card was due")
        return [(step, _child(node, table.played_at_turn(task.trick, task.offender), node.agenda[1:]))]
    nxt = table.trick(task.trick + 1)
    if not (task.played_on or task.played_past or (nxt is not None and nxt.plays)):
        return None
    step = Step("TD", StepKind.FORCED, rs.cite(clause),
                f"play went on past trick {task.trick} with {task.card} on it: it stands as {task.offender}'s card to that "
                f"trick, and as he could have followed suit it is a revoke ({rs.cite('61A')})",
                also=(rs.cite("61A"),), question=question, choice="stands: a revoke")
    # (left where it was played for 62C, as a premature card is: placed at his turn once ruled)
    t = table.with_turns_read_again(task.trick).with_revoke_out_of_rotation(Revoke(task.offender, task.trick, task.card, led))
    return [(step, _child(node, t, node.agenda[1:]))]


def _another_card_at_turn(rs: RuleSet, node: Node, task: PlayAtRhoTurn, clause: str, kind: PenaltyKind) -> list[Edge] | None:
    """The offender played another card to the trick at his own turn (``task.at_turn``):
    that card is his play to the trick (44B). The card played at his right-hand opponent's
    turn, one he could not lawfully have played there, is no card of the trick: a penalty
    card of ``kind`` (2017 57D: major; 2007 50, 49: per 50B), the card at his turn standing.
    One he could lawfully have played there is ruled by :func:`_lawful_card_not_played_at_turn`.
    None when there is no such card (the rule's own ruling applies)."""
    table = node.table
    trick = table.trick(task.trick)
    seat, card, other = task.offender, task.card, task.at_turn
    if other is not None and trick is not None and other not in table.hand(seat) and _next_lead_alone(table, task.trick, seat, other):
        table = _next_lead_lifted(table, task.trick, seat, other)
        node = node.evolve(table=table)
    if other is None or trick is None or trick.card_of(seat) != card or other not in table.hand(seat):
        return None
    led = trick.suit_led
    assert led is not None
    restore = rs.decisions.withdrawn_penalty_card_stays_penalty
    if card in lawful_cards(frozenset(table.hand(seat) | {card}), led, table.penalty_cards_of(seat)):
        return _lawful_card_not_played_at_turn(rs, node, task, clause, kind, other, led)
    t = table.replace_card(task.trick, seat, other, restore_penalty=restore).played_at_turn(task.trick, seat, after=seat.rho)
    # a penalty card from the end of that trick: it obliges his later plays the record has
    # (50C, 50D1; a failure to play it is ruled under 52), not his card to the trick
    since = sum(len(x.plays) for x in t.tricks if x.number <= task.trick)
    made = t.penalty_cards_with(seat, card, kind)
    t = t.with_penalty_cards(frozenset(replace(p, since=since) if p.seat is seat and p.card == card else p for p in made))
    # played, taken back, a penalty card: both laws
    infos = rs.penalty_withdrawal_info(seat, card, t)
    now = next((str(p.kind) for p in t.penalty_cards_of(seat) if p.card == card), str(kind))
    step = Step("TD", StepKind.FORCED, rs.cite(clause),
                f"{card} could not lawfully be played to trick {task.trick}, and {seat} played {other} there at his own "
                f"turn: {other} is his card to the trick, {card} a {now} penalty card",
                also=(*((rs.cite("49"),) if clause != "57D" else ()), rs.cite("50B"), *info_clauses(infos)),
                question=f"{seat} played {card} at his right-hand opponent's turn, then {other} at his own turn",
                choice=f"{now} penalty card; {other} his card")
    child = _child(node, t, node.agenda[1:], ledger=infos)
    return [(step, _after_penalty_card(rs, child, seat, card))]


def _lawful_card_not_played_at_turn(rs: RuleSet, node: Node, task: PlayAtRhoTurn, clause: str, kind: PenaltyKind,
                                    other: Card, led: Suit) -> list[Edge]:
    """The offender's card at his right-hand opponent's turn could lawfully be played to the
    trick, and at his own turn he played ``other`` there. 2017 (``clause`` 57D): he had to
    play the first card at his turn (no penalty card); ``other`` in its place fails to play a
    card the Laws require, a revoke (61A), the first card back in his hand, for the revoke
    rules to rule (62, 63). 2007 (50, 49): the first card is a penalty card of ``kind`` from
    the moment it was exposed, due at his turn there (50D1(a); a minor one bars a lower card
    of its suit, 50C); ``other`` is a failure to play it, ruled under 52. Either way ``other``
    is his card at his turn, after his right-hand opponent's card, as the record has it."""
    table = node.table
    seat, card = task.offender, task.card
    trick = table.trick(task.trick)
    assert trick is not None
    restore = rs.decisions.withdrawn_penalty_card_stays_penalty
    t = table.replace_card(task.trick, seat, other, restore_penalty=restore).played_at_turn(task.trick, seat, after=seat.rho)
    question = f"{seat} played {card} at his right-hand opponent's turn, then {other} at his own turn"
    if clause == "57D":
        # (the card waits for his turn, out of the trick and not withdrawn: no 16C entry)
        t = t._evolve(withdrawn=table.withdrawn)
        rule = PlayRule(seat, task.trick, "card", card=card)
        if rule.broken_by(other, t.hand(seat) | {other}, led):
            t = t.with_revoke(Revoke(seat, task.trick, other, led, rule=rule))
        step = Step("TD", StepKind.FORCED, rs.cite("57D"),
                    f"{card} could lawfully be played: {seat} had to play it at his proper turn, no penalty card; he "
                    f"played {other} there instead, failing to play a card the Laws require ({rs.cite('61A')})",
                    also=(rs.cite("61A"),), question=question, choice=f"{card} due at his turn; {other} his card")
        return [(step, _child(node, t, node.agenda[1:], restrictions=(f"{seat} must play {card}",)))]
    # a penalty card from the moment it was exposed, at his right-hand opponent's turn: taken
    # off the trick there, with nothing in its place (the card at his turn is his own play,
    # judged against it, 52, not a substitute a rule gave him)
    at = trick.position_of(seat.rho)
    at = at if at is not None else len(trick.plays)
    standing = tuple(p for p in trick.plays[:at] if p[0] is not seat)
    t = t._evolve(withdrawn=(*table.withdrawn, Withdrawal(seat, card, task.trick, None, standing)))
    since = sum(len(x.plays) for x in t.tricks if x.number < task.trick) + len(standing)
    made = t.penalty_cards_with(seat, card, kind)
    t = t.with_penalty_cards(frozenset(replace(p, since=since) if p.seat is seat and p.card == card else p for p in made))
    infos = rs.penalty_withdrawal_info(seat, card, t)  # played, taken back, a penalty card: both laws
    now = next((str(p.kind) for p in t.penalty_cards_of(seat) if p.card == card), str(kind))
    step = Step("TD", StepKind.FORCED, rs.cite(clause),
                f"{card}, played before its turn after {seat.partner} had played, is a {now} penalty card ({rs.cite('49')}), "
                f"due at his turn to trick {task.trick}; {seat} played {other} there",
                also=(rs.cite("49"), rs.cite("50B"), *info_clauses(infos)), question=question,
                choice=f"{now} penalty card; {other} his card")
    return [(step, _child(node, t, node.agenda[1:], ledger=infos))]


def play_at_rho_turn(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """57D (2017): a card that could lawfully be played to the trick must be played at the
    offender's proper turn (no penalty card; 16 may apply); otherwise a major penalty card."""
    assert isinstance(task, PlayAtRhoTurn)
    other = _another_card_at_turn(rs, node, task, "57D", PenaltyKind.MAJOR)
    if other is not None:
        return other
    stood = _rho_turn_card_stood(rs, node, task, "57D")
    if stood is not None:
        return stood
    table = node.table
    trick = table.trick(task.trick)
    assert trick is not None
    t = _taken_back(table, task.trick, task.offender)
    hand = frozenset(table.hand(task.offender) | {task.card})
    lawful = task.card in lawful_cards(hand, trick.suit_led, table.penalty_cards_of(task.offender))
    question = f"{task.offender} played {task.card} at his right-hand opponent's turn"
    if lawful:
        # The card waits for its owner's turn: out of the trick, not withdrawn (no 16C entry).
        t = t._evolve(withdrawn=table.withdrawn)
        step = Step("TD", StepKind.FORCED, rs.cite("57D"),
                    f"{task.card} could lawfully be played: {task.offender} must play it at his proper turn; no penalty card",
                    question=question, choice="play it at his turn")
        t = t.with_play_rule(PlayRule(task.offender, task.trick, "card", card=task.card))
        return [(step, _child(node, t, node.agenda[1:], restrictions=(f"{task.offender} must play {task.card}",)))]
    t = _withdraw_to_penalty(rs, table, task.trick, task.offender, task.card)
    infos = rs.penalty_withdrawal_info(task.offender, task.card, t)  # withdrawn, a penalty card: both laws
    step = Step("TD", StepKind.FORCED, rs.cite("57D"), f"{task.card} could not lawfully be played: a major penalty card",
                also=(rs.cite("50B"), *info_clauses(infos)), question=question, choice="major penalty card")
    child = _child(node, t, node.agenda[1:], ledger=infos)
    return [(step, _after_penalty_card(rs, child, task.offender, task.card))]


def declarer_premature(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """57C3 (2007 57C2): declarer's premature play from either hand is played and, if legal,
    stands; an illegal one is taken back to correct it (47B), never a penalty card (48A), a
    withdrawn play under 16C (authorized to the defenders, unauthorized to declarer's side)."""
    assert isinstance(task, DeclarerPremature)
    table = node.table
    trick = table.trick(task.trick)
    assert trick is not None
    hand = frozenset(table.hand(task.offender) | {task.card})
    question = f"{task.offender} played {task.card} before his turn"
    actor = rs.actor(table, task.offender)
    # 54B2: dummy's second card to the accepted opening lead out of turn stands, except to
    # correct a revoke; 57C3 says the same of any premature play of declarer's
    clause, also = (rs.cite("54B2"), (rs.cite("57C3"),)) if task.from_dummy_second else (rs.cite("57C3"), ())
    if task.from_dummy_second:
        # (as when his play accepted the lead, 54B2: dummy's card stands as a play to the
        # lead, the cards after it in turn where their players came next in rotation after
        # those who had played, and failing to follow suit while dummy holds the suit is a
        # revoke (61A), corrected by the revoke rules (62B2, 62C1))
        t = table.with_turns_read_again(task.trick)
        led = trick.suit_led
        revoke = led is not None and task.card.suit is not led and any(c.suit is led for c in t.hand(task.offender))
        if revoke and led is not None:
            t = t.with_revoke(Revoke(task.offender, task.trick, task.card, led))
        step = Step(actor, StepKind.FORCED, clause,
                    f"{task.card} stands as dummy's card to the accepted opening lead: declarer played the second card from "
                    "dummy, and it may be withdrawn only to correct a revoke" + ("; it fails to follow suit: a revoke (61A)"
                                                                                if revoke else ""),
                    also=(*also, *((rs.cite("61A"),) if revoke else ())), question=question, choice="stands")
        return [(step, _child(node, t, node.agenda[1:]))]
    if task.card in lawful_cards(hand, trick.suit_led, frozenset()):
        step = Step(actor, StepKind.FORCED, clause, f"{task.card} is a played card and stands", also=also, question=question,
                    choice="stands")
        return [(step, _child(node, table, node.agenda[1:]))]
    t = _taken_back(table, task.trick, task.offender)
    info = rs.withdrawn_info(task.offender, task.card, task.offender.side, table)
    step = Step(actor, StepKind.FORCED, clause,
                f"{task.card} is not a legal play: it goes back to the hand (no penalty card)",
                also=(*also, rs.cite("47B"), rs.cite("48A"), info.ai_clause, info.ui_clause), question=question, choice="taken back")
    return [(step, _child(node, t, node.agenda[1:], ledger=(info,)))]


def _marker(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    raise LookupError("NoAcceptanceAtTrick13 is a marker, never on the agenda")


# ===== plays out of turn beyond the main cases (2007 play at RHO's turn, 45F/57C2, 60B, 54 face down) =====
# ----- tasks ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DummyPickedFirst:
    """57C2 (2007 57C1): a defender played prematurely after dummy, of his own accord,
    picked out or suggested a card before dummy's right-hand opponent had played."""

    trick: int
    offender: Seat
    card: Card
    dummy: Seat
    dummy_card: Card
    verb: str  # "picks" or "suggests"


@dataclass(frozen=True, slots=True)
class DummyIndicated:
    """45F: dummy picked out or suggested a card of his own accord, and nothing else in the
    record is to be ruled: play goes on, the card is not played, the score may be adjusted."""

    dummy: Seat
    card: Card
    verb: str


@dataclass(frozen=True, slots=True)
class PlayAfterRetraction:
    """60B: declarer's lead out of turn (wrong hand) was refused (55A, 55B2); before he led
    from the correct hand a defender played ``cards`` to the trick. ``decider`` is None when
    the retraction was ruled already (the position a later part of the record is played on
    from shows the lead taken back and the correct hand not yet led): the lead is not
    withdrawn again."""

    trick: int
    offender: Seat
    lead: Card
    proper: Seat
    decider: Seat | None  # the defender whose refusal prevailed; None: the retraction was ruled
    cards: tuple[tuple[Seat, Card], ...]


@dataclass(frozen=True, slots=True)
class FaceDownRetracted:
    """54 (intro): the correct leader's face-down lead after his partner's faced opening lead
    out of turn is taken back, no penalty card."""

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class FaceDownLeadOutOfTurn:
    """A face-down opening lead out of turn (no card faced): 54 applies to a faced lead only."""

    seat: Seat
    card: Card
    proper: Seat
    choices: tuple[ChoiceLine, ...] = ()


# ----- helpers ----------------------------------------------------------------------------------
def _cards_before(replay: Replay, event: object) -> int | None:
    """How many cards stood as played just before ``event`` (matched by identity)."""
    for i, e in enumerate(replay.before):
        if e is event:
            return replay.applied_before[i] if i < len(replay.applied_before) else None
    return None


def _choices(replay: Replay) -> tuple[ChoiceLine, ...]:
    return (*(e for e in (*replay.unapplied, *replay.after) if isinstance(e, Choice)), *_declarer_chooses(replay))


def _state_after(table: TableState, n: int) -> TableState:
    """The table when the first ``n`` cards of the record stood (no rectification yet)."""
    plays = list(table.plays())[:n]
    return table.restart().play_many([(s, c) for _, s, c in plays]) if plays else table.restart()


# ----- opener -----------------------------------------------------------------------------------
def open_plays_out_of_turn(rs: RuleSet, replay: Replay, root: Node) -> Opening | None:
    """The irregularities of this module, each tried in turn (see the module doc).
    Raises IllegalActionError (located at the line) for a face-down or dummy line naming a
    card the seat does not hold at that moment."""
    for e in replay.before:
        if isinstance(e, (FaceDownLead, DummyAction)):
            at = _cards_before(replay, e)
            state = _state_after(replay.table, at) if at is not None else replay.table
            if e.card not in state.hand(e.seat):
                raise IllegalActionError(f"card {str(e.card)!r} is not in {e.seat}'s hand (play line {str(e)!r})",
                                         token=str(e.card)).at(e)
    for finder in (play_after_retraction_opening, _face_down, _dummy_picked_first, _dummy_indicated):
        found = finder(rs, replay, root)
        if found is not None:
            return found
    return None


def _face_down(rs: RuleSet, replay: Replay, root: Node) -> Opening | None:
    table = replay.table
    downs = [e for e in replay.before if isinstance(e, FaceDownLead)]
    if not downs or table.first_trick != 1:
        return None
    event = downs[0]
    proper = table.first_leader
    first = table.trick(1)
    if event.seat is proper and first is not None and first.plays:
        offender, card = first.plays[0]
        if offender is proper.partner and table.is_defender(offender):
            # 54 (intro): the face-down lead is taken back; 54's options follow.
            opening = open_leads(rs, replay, root)
            if opening is None:
                return None
            node = opening.root.evolve(agenda=(FaceDownRetracted(event.seat, event.card), *opening.root.agenda))
            text = f"{event.seat}, the correct leader, led {event.card} face down after {offender}'s faced lead of {card}"
            return Opening(node, (*opening.irregularities, text), opening.notices, (*opening.handled, event), later=opening.later)
        return None
    returned = rs.decisions.face_down_lead_out_of_turn_returned
    nothing_faced = first is None or not first.plays
    proper_lead_next = first is not None and bool(first.plays) and first.plays[0][0] is proper and not table.out_of_turn
    if event.seat is not proper and table.is_defender(event.seat) and (nothing_faced or (returned and proper_lead_next)):
        task = FaceDownLeadOutOfTurn(event.seat, event.card, proper, _choices(replay))
        text = f"{event.seat} led {event.card} face down to trick 1 when {proper} was to lead"
        faced = not rs.decisions.face_down_lead_out_of_turn_returned  # then 54's choice lines are read too
        # ruled as faced, the card is a lead out of turn on the table this ruling makes: ruled here
        handled = (event, *((*_consumed(rs, table.play(event.seat, event.card), _as_lead(task), task.choices),
                             (1, event.seat, event.card)) if faced else ()))
        return Opening(Node(table, (task,), focus=1), (text,), (), handled)
    return None


def _as_lead(task: FaceDownLeadOutOfTurn) -> LeadOutOfTurn:
    return LeadOutOfTurn(1, task.seat, task.card, task.proper, task.choices)


def retraction_pending(table: TableState) -> Withdrawal | None:
    """Declarer's lead from the wrong hand taken back (55A refused, 55B2; or 47E1) on
    ``table``, the correct hand not having led yet: the withdrawal of that lead. It is the
    declaring side's card withdrawn with nothing in its place from a trick it led out of
    turn (the table keeps that play out of turn), the trick empty since, and the player
    entitled to lead it his partner. Until the correct hand leads, a defender's card placed
    there is a major penalty card (60B)."""
    if not table.withdrawn or not table.out_of_turn:
        return None
    current = table.current_trick
    number = current.number if current is not None and not current.is_complete else None
    for w in reversed(table.withdrawn):
        if table.is_defender(w.seat) or w.replaced_by is not None or w.standing:
            continue
        if table.played_out_of_turn(w.trick, w.seat, w.card) is None:
            continue
        t = table.trick(w.trick)
        if t is not None and t.plays:
            continue
        if number is not None and number != w.trick:
            continue
        if expected_leader(table, w.trick) is not w.seat.partner:
            continue
        return w
    return None


def _play_after_ruled_retraction_opening(replay: Replay) -> Opening | None:
    """60B in a later part of the record: the part is played on from a position where
    declarer's lead from the wrong hand was taken back and the correct hand has not led
    (:func:`retraction_pending` of the table it began on); each defender's card this part
    puts on that trick before a card of the declaring side is a major penalty card. Once
    the correct hand has led, 60B no longer applies."""
    start = replay.start
    if start is None:
        return None
    pending = retraction_pending(start)
    if pending is None:
        return None
    table = replay.table
    trick = table.trick(pending.trick)
    if trick is None:
        return None
    cards: list[tuple[Seat, Card]] = []
    for s, c in trick.plays:
        if not table.is_defender(s):
            break
        cards.append((s, c))
    if not cards:
        return None
    number, offender = pending.trick, pending.seat
    task = PlayAfterRetraction(number, offender, pending.card, offender.partner, None, tuple(cards))
    text = (f"{offender}'s lead of {pending.card} to trick {number} from the wrong hand was taken back "
            f"({task.proper} to lead); " + ", ".join(f"{s} played {c}" for s, c in cards)
            + f" before {task.proper} led (60B)")
    handled: list[object] = [*(_key(table, number, s, c) for s, c in cards), *(played(number, s, c) for s, c in cards)]
    return Opening(Node(table, (task,), focus=number), (text,), (), tuple(handled))


def play_after_retraction_opening(rs: RuleSet, replay: Replay, root: Node) -> Opening | None:
    """60B: see :class:`PlayAfterRetraction`. The defender's card may look like a revoke to
    the table: the opening claims it (a :func:`played` key), so it is ruled here, not as one.
    The refusal is recorded in this part of the record, or was ruled in a part before it
    (:func:`_play_after_ruled_retraction_opening`)."""
    table = replay.table
    if not table.out_of_turn:
        return None
    ruled = _play_after_ruled_retraction_opening(replay)
    if ruled is not None:
        return ruled
    number, offender, _ = table.out_of_turn[0]
    trick = table.trick(number)
    if trick is None or trick.plays[0][0] is not offender or table.is_defender(offender):
        return None
    proper = expected_leader(table, number)
    if table.is_defender(proper) or (number == 1 and table.first_trick == 1):
        return None
    plays = list(table.plays())
    lead_at = next(i for i, (n, s, _) in enumerate(plays) if n == number and s is offender)
    said: dict[Seat, tuple[Choice, int]] = {}
    for e in replay.before:
        if isinstance(e, Choice) and e.verb in ("accepts", "refuses") and table.is_defender(e.seat) and e.seat not in said:
            at = _cards_before(replay, e)
            if at is not None and at > lead_at:
                said[e.seat] = (e, at)
    if not said:
        return None
    first = offender.lho
    decider = first if first in said else next(iter(said))
    choice, at = said[decider]
    if choice.verb != "refuses":
        return None
    later = [(s, c) for i, (n, s, c) in enumerate(plays) if n == number and i >= at]
    if not later or any(not table.is_defender(s) for s, _ in later):
        return None
    task = PlayAfterRetraction(number, offender, trick.plays[0][1], proper, decider, tuple(later))
    text = (f"{offender} led {task.lead} to trick {number} from the wrong hand ({proper} was to lead); {decider} required "
            f"its retraction, then " + ", ".join(f"{s} played {c}" for s, c in later) + " before declarer led again (60B)")
    handled: list[object] = [table.out_of_turn[0], *(_key(table, number, s, c) for s, c in later), *(c for c, _ in said.values()),
                             *(played(number, s, c) for s, c in later)]
    return Opening(Node(table, (task,), focus=number), (text,), (), tuple(handled))


def _dummy_picked_first(rs: RuleSet, replay: Replay, root: Node) -> Opening | None:
    """57C2: see :class:`DummyPickedFirst`."""
    table = replay.table
    if not table.out_of_turn:
        return None
    number, seat, _ = table.out_of_turn[0]
    trick = table.trick(number)
    if trick is None or trick.plays[0][0] is seat:
        return None
    found = _classify_play(rs, table, trick, seat, _choices(replay))
    if found is None or not isinstance(found[0], PrematurePlay) or found[0].next_trick_lead:
        return None
    premature = found[0]
    plays = list(table.plays())
    card_at = next(i for i, (n, s, c) in enumerate(plays) if n == number and s is seat and c == premature.card)
    for e in replay.before:
        if not isinstance(e, DummyAction) or e.seat is not table.dummy:
            continue
        at = _cards_before(replay, e)
        if at is None or at > card_at:
            continue
        state = _state_after(table, at)
        cur = state.current_trick
        now = cur.number if cur is not None and not cur.is_complete else (cur.number + 1 if cur is not None else state.first_trick)
        if now != number or (cur is not None and cur.number == number and cur.card_of(e.seat.rho) is not None):
            continue
        task = DummyPickedFirst(number, seat, premature.card, e.seat, e.card, e.verb)
        what = "picked out" if e.verb == "picks" else "suggested"
        text = (f"dummy ({e.seat}) {what} {e.card} of his own accord before {e.seat.rho} played; then {found[1]}")
        return Opening(Node(table, (task,), focus=number), (text,), (), (e, table.out_of_turn[0]))
    return None


def _dummy_indicated(rs: RuleSet, replay: Replay, root: Node) -> Opening | None:
    """45F: a dummy line with nothing played out of turn and no revoke (those rule the dummy
    line themselves); anything else in the record (a penalty card not played) is composed
    with it by the engine."""
    table = replay.table
    events = [e for e in replay.before if isinstance(e, DummyAction) and e.seat is table.dummy]
    if not events or table.out_of_turn or table.revokes:
        return None
    e = events[0]
    what = "picked out" if e.verb == "picks" else "suggested"
    cur = table.current_trick
    focus = cur.number if cur is not None else table.first_trick
    return Opening(Node(table, (DummyIndicated(e.seat, e.card, e.verb),), focus=focus),
                   (f"dummy ({e.seat}) {what} {e.card} without declarer's designation (45F)",), (), (e,))


# ----- rules ------------------------------------------------------------------------------------
def play_at_rho_turn_2007(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """2007 (no 57D): a defender's card played at his right-hand opponent's turn, his partner
    having played, is exposed prematurely: a penalty card (50, 49), major as a deliberate play
    (50B), to be played at the first lawful opportunity (50D1(a))."""
    assert isinstance(task, PlayAtRhoTurn)
    deliberate = rs.decisions.rho_turn_play_2007_is_deliberate
    kind = PenaltyKind.MAJOR if deliberate or task.card.is_honour else PenaltyKind.MINOR
    other = _another_card_at_turn(rs, node, task, "50", kind)
    if other is not None:
        return other
    stood = _rho_turn_card_stood(rs, node, task, "50")
    if stood is not None:
        return stood
    table = node.table
    t = _taken_back(table, task.trick, task.offender, restore_penalty=rs.decisions.withdrawn_penalty_card_stays_penalty)
    t = t.with_penalty(task.offender, task.card, kind)
    infos = rs.penalty_withdrawal_info(task.offender, task.card, t)  # played, taken back, a penalty card: both laws
    now = next((str(p.kind) for p in t.penalty_cards_of(task.offender) if p.card == task.card), str(kind))
    duty = ("it must be played at his first lawful opportunity (50D1(a)), at his turn to this trick if lawful there"
            if now == "major" else "no other card of its suit below honour rank before it (50C)")
    step = Step("TD", StepKind.FORCED, rs.cite("50"),
                f"{task.card}, played before its turn after {task.offender.partner} had played, is a {now} penalty card (49); {duty}",
                also=(rs.cite("49"), rs.cite("50B"), rs.cite("50D1(a)") if now == "major" else rs.cite("50C"),
                      *info_clauses(infos)),
                question=f"{task.offender} played {task.card} at his right-hand opponent's turn", choice=f"{now} penalty card")
    child = _child(node, t, node.agenda[1:], ledger=infos)
    return [(step, _after_penalty_card(rs, child, task.offender, task.card))]


def dummy_picked_first(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """57C2 (2007 57C1), 45F: no rectification of the premature play; dummy's card is not
    played until declarer designates it; the score may be adjusted at the end."""
    assert isinstance(task, DummyPickedFirst)
    what = "picked out" if task.verb == "picks" else "suggested"
    step = Step("TD", StepKind.FORCED, rs.cite("57C2"),
                f"dummy {what} {task.dummy_card} of his own accord before {task.dummy.rho} played: no rectification, "
                f"{task.offender}'s {task.card} stands as played; {task.dummy_card} is played only if declarer designates it, "
                "and the director may adjust the score at the end if dummy's suggestion damaged the defenders (45F)",
                also=(rs.cite("45F"),), question=f"{task.offender} played {task.card} before his partner {task.offender.partner}",
                choice="no rectification")
    return [(step, _child(node, node.table, node.agenda[1:]))]


def dummy_indicated(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """45F: the director is called at once and play goes on; dummy's card is played only if
    declarer designates it (45B); at the end of play the director may adjust the score if
    dummy suggested a play and the defenders were damaged."""
    assert isinstance(task, DummyIndicated)
    what = "picked out" if task.verb == "picks" else "suggested"
    step = Step("TD", StepKind.FORCED, rs.cite("45F"),
                f"dummy {what} {task.card} without declarer's instruction: play goes on, {task.card} is played only if declarer "
                "designates it; at the end of play the director may adjust the score if dummy suggested a play that damaged "
                "the defenders", question="dummy indicated a card", choice="play goes on")
    return [(step, _child(node, node.table, node.agenda[1:]))]


def play_after_retraction(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """55A/55B2 then 60B: the lead goes back (no penalty card, 48A); each defender's card
    played before declarer led from the correct hand becomes a major penalty card."""
    assert isinstance(task, PlayAfterRetraction)
    table = node.table
    if task.decider is None:
        return _play_after_ruled_retraction_rule(rs, node, task)
    t = _taken_back(table, task.trick, task.offender)
    infos = [rs.withdrawn_info(task.offender, task.lead, task.offender.side, table)]
    back = Step(str(task.decider), StepKind.FORCED, rs.cite("55A"),
                f"{task.decider} required retraction: {task.lead} goes back to {task.offender}, no penalty card (48A); "
                f"{_from_correct_hand(rs, table, task.proper)}",
                also=(rs.cite("55B2"), rs.cite("48A"), infos[0].ai_clause, infos[0].ui_clause),
                question=f"{task.offender} led {task.lead} out of turn", choice="refuse")
    for s, c in task.cards:
        # that card, not the seat's first on the trick (he may have played another before)
        t = _taken_back(t, task.trick, s, restore_penalty=rs.decisions.withdrawn_penalty_card_stays_penalty, card=c)
        t = t.with_penalty(s, c, PenaltyKind.MAJOR)
    for s, c in task.cards:  # (each played, taken back, a penalty card: both laws)
        infos.extend(rs.penalty_withdrawal_info(s, c, t))
    names = ", ".join(f"{s}'s {c}" for s, c in task.cards)
    step = Step("TD", StepKind.FORCED, rs.cite("60B"),
                f"{back.text}. {names} played before declarer's lead from the correct hand: "
                f"major penalty card{'s' if len(task.cards) > 1 else ''}",
                also=tuple(dict.fromkeys((*back.clauses, rs.cite("50B"), *info_clauses(infos[1:])))),
                question=f"{task.offender} led {task.lead} out of turn; retraction required, then a defender played",
                choice="major penalty card")
    child = _child(node, t, node.agenda[1:], ledger=tuple(infos))
    return [(step, child)]


def _play_after_ruled_retraction_rule(rs: RuleSet, node: Node, task: PlayAfterRetraction) -> list[Edge]:
    """60B when the retraction of declarer's lead was ruled before (a part of the record
    played on from it): each defender's card is withdrawn and is a major penalty card;
    no acceptance as a lead; the correct hand leads."""
    t = node.table
    for s, c in task.cards:
        t = _taken_back(t, task.trick, s, restore_penalty=rs.decisions.withdrawn_penalty_card_stays_penalty, card=c)
        t = t.with_penalty(s, c, PenaltyKind.MAJOR)
    infos = [i for s, c in task.cards for i in rs.penalty_withdrawal_info(s, c, t)]  # (both laws, as above)
    names = ", ".join(f"{s}'s {c}" for s, c in task.cards)
    left = t.trick(task.trick)
    then = (f"{task.proper}'s {left.plays[0][1]} is the lead" if left is not None and left.plays
            else f"{task.proper} leads")
    step = Step("TD", StepKind.FORCED, rs.cite("60B"),
                f"{task.offender}'s lead of {task.lead} from the wrong hand was taken back; {names} played before "
                f"{task.proper} led from the correct hand: major penalty card{'s' if len(task.cards) > 1 else ''}, "
                f"not a lead; {then}",
                also=(rs.cite("50B"), *info_clauses(infos)),
                question=f"a defender played after {task.offender}'s lead from the wrong hand was taken back, "
                f"before {task.proper} led",
                choice="major penalty card")
    return [(step, _child(node, t, node.agenda[1:], ledger=tuple(infos)))]


def face_down_retracted(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """54 (intro): the correct leader's face-down lead is taken back; no penalty card."""
    assert isinstance(task, FaceDownRetracted)
    step = Step("TD", StepKind.FORCED, rs.cite("54"),
                f"{task.seat}'s face-down lead of {task.card} is taken back to his hand, no penalty card; declarer chooses under 54",
                question=f"{task.seat} led face down after his partner's faced opening lead out of turn", choice="face-down lead retracted")
    return [(step, _child(node, node.table, node.agenda[1:]))]


def face_down_lead_out_of_turn(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """A face-down opening lead out of turn: 54 applies only to a faced lead and the card's
    face was not seen (49), so it goes back to the hand with no rectification and the correct
    leader leads (``Decisions.face_down_lead_out_of_turn_returned``; False: ruled as faced, 54)."""
    assert isinstance(task, FaceDownLeadOutOfTurn)
    question = f"{task.seat} led {task.card} face down out of turn"
    if rs.decisions.face_down_lead_out_of_turn_returned:
        step = Step("TD", StepKind.FORCED, rs.cite("54"),
                    f"{task.card} was not faced: it goes back to {task.seat}'s hand, no penalty card (49: its face was not "
                    f"seen); {task.proper} leads", also=(rs.cite("49"),), question=question, choice="returned")
        return [(step, _child(node, node.table, node.agenda[1:]))]
    t = node.table.play(task.seat, task.card)
    step = Step("TD", StepKind.FORCED, rs.cite("54"), f"{task.card} is ruled as a faced opening lead out of turn (54)",
                question=question, choice="ruled as faced")
    return [(step, _child(node, t, (_as_lead(task), *node.agenda[1:])))]


RULES: tuple[Rule, ...] = (
    Rule("lead_accepted_by_play", AcceptedByPlay, ("53A", "54B", "54B1", "54B2"), accepted_by_play, accepted_by_play.__doc__ or ""),
    Rule("wrong_defender_plays", WrongDefenderPlays, ("53C",), wrong_defender_plays, wrong_defender_plays.__doc__ or ""),
    Rule("declaring_side_opening_lead", DeclaringSideOpeningLead, ("54E", "48A"), declaring_side_opening_lead,
         declaring_side_opening_lead.__doc__ or ""),
    Rule("lead_out_of_turn", LeadOutOfTurn,
         ("53A", "54A", "54B", "54B1", "54C", "54D", "50B", "50D", "55A", "55B1", "55B2", "55C", "56", "53B", "47F1", "16C1",
          "16C2"),
         lead_out_of_turn, lead_out_of_turn.__doc__ or ""),
    Rule("lead_before_choice", LeadBeforeChoice, ("50D2", "49", "50B", "50D1(a)", "50D1(b)", "50E1", "50E2"), lead_before_choice,
         lead_before_choice.__doc__ or ""),
    Rule("proper_lead", ProperLead, ("53B", "47F1", "16C1", "16C2", "50E1", "50E2"), proper_lead, proper_lead.__doc__ or ""),
    Rule("premature_play", PrematurePlay, ("57A", "57C1", "50B", "50D1(a)", "16C1", "16C2", "60A1", "60A2", "61A"), premature_play, premature_play.__doc__ or ""),
    Rule("lead_before_trick_complete", LeadBeforeTrickComplete, ("44B", "44C", "44D", "44G", "53A"), lead_before_trick_complete,
         lead_before_trick_complete.__doc__ or ""),
    Rule("premature_options", PrematureOptions, ("57A1", "57A2", "57A3", "57A4", "57B", "59", "44C"), premature_options,
         premature_options.__doc__ or ""),
    Rule("play_at_rho_turn", PlayAtRhoTurn, ("57D", "50B", "16C1", "16C2", "61A"), play_at_rho_turn, play_at_rho_turn.__doc__ or "",
         editions=frozenset({"2017"})),
    Rule("declarer_premature", DeclarerPremature, ("57C3", "54B2", "61A", "47B", "48A", "16C1", "16C2"), declarer_premature, declarer_premature.__doc__ or ""),
    Rule("no_acceptance_at_trick_13", NoAcceptanceAtTrick13, ("53A",), _marker,
         "53A (2017): a lead out of turn is accepted only before the thirteenth trick", editions=frozenset({"2017"})),
    Rule("play_at_rho_turn_2007", PlayAtRhoTurn, ("50", "49", "50B", "50C", "50D1(a)", "50E1", "50E2", "61A"),
         play_at_rho_turn_2007, play_at_rho_turn_2007.__doc__ or "", editions=frozenset({"2007"})),
    Rule("dummy_picked_first", DummyPickedFirst, ("57C2", "45F"), dummy_picked_first, dummy_picked_first.__doc__ or ""),
    Rule("dummy_indicated", DummyIndicated, ("45F",), dummy_indicated, dummy_indicated.__doc__ or ""),
    Rule("play_after_retraction", PlayAfterRetraction, ("55A", "55B2", "48A", "60B", "50B", "50E1", "50E2", "16C1", "16C2"),
         play_after_retraction, play_after_retraction.__doc__ or ""),
    Rule("face_down_retracted", FaceDownRetracted, ("54",), face_down_retracted, face_down_retracted.__doc__ or ""),
    Rule("face_down_lead_out_of_turn", FaceDownLeadOutOfTurn, ("54", "49"), face_down_lead_out_of_turn,
         face_down_lead_out_of_turn.__doc__ or ""),
)
#: the opener of plays beyond the main cases first: it claims a card (60B) the revoke rules would otherwise rule
OPENERS: tuple[tuple[str, object], ...] = (("plays_out_of_turn", open_plays_out_of_turn), ("leads", open_leads))


def _play_out_of_turn(table: TableState, record: Replay) -> bool:
    """A play out of turn on a rectified table (what the opener rules there: the first not
    ruled yet on the path, nor claimed by another family's opening of the record). Besides
    those of the record, one a rectification made: a card put before one already played to
    its trick (a changed designation, 45C4(b), gives the lead to a defender whose card held
    near the table is then his lead, 45C1, ahead of dummy's card already played)."""
    return bool(table.out_of_turn)


#: the leads opener runs again on every rectified table with a play out of turn
REOPENABLE = ("leads",)
REOPEN_STATE = {"leads": _play_out_of_turn}
#: the plays-out-of-turn opener rules a face-down lead or dummy's own action (lines), or a
#: card the table recorded as played out of turn; with neither there is nothing to rule; the
#: leads opener rules only a card the table recorded as played out of turn
OPENER_LINES = {"plays_out_of_turn": (FaceDownLead, DummyAction), "leads": ()}
OPENER_STATE = {"plays_out_of_turn": lambda table: bool(table.out_of_turn), "leads": lambda table: bool(table.out_of_turn)}
#: the lines after which the table played on from a choice the leads rules rule there (54A;
#: 54D/56 with declarer's 50D2 choice)
PLAYED_ON_FROM = (spread_played_on, refusal_played_on)
#: the findings a branch of these rules may record (claim atom ``finding <words>``): a card
#: after a lead out of turn was played to it, or was its player's proper lead (53B); declarer
#: began to spread his hand at a faced opening lead out of turn (54A)
FINDINGS = frozenset({FINDING_ACCEPTED, FINDING_PROPER_LEAD, BEGAN_TO_SPREAD})


# ----- claim atoms -----------------------------------------------------------------------------------
def _seat_or_none(token: str) -> Seat | None:
    try:
        return Seat.parse(token)
    except NotationError:
        return None


def _actor_seats(actor: str) -> set[Seat]:
    out = set()
    for word in actor.replace("(", " ").replace(")", " ").split():
        s = _seat_or_none(word) if len(word) == 1 else None
        if s is not None:
            out.add(s)
    return out


#: step choices that are the same decision as a claim's word: playing to an irregular lead
#: accepts it (53A), as a statement does
_SAME_CHOICE = {"accept": ("accept", "accepted by play")}


#: the clause of another decision whose step is named ``refuse`` too: declarer's refusal of a
#: card played when a penalty card was due (52B2); ``<seat> refuses`` is a lead's refusal
_OTHER_REFUSAL = "52B2"


def _chose(r: Restoration, seat: Seat, choice: str) -> bool:
    forms = _SAME_CHOICE.get(choice, (choice,))
    return any(step.choice in forms and seat in _actor_seats(step.actor) and not (choice == "refuse" and step.clause == _OTHER_REFUSAL)
               for step in r.path)


add_atom_forms("<seat> accepts|refuses", "declarer <seat>", "leader <seat>", "<seat> must play [highest|lowest] <suit|card>",
               "<seat> must not play <suit>")


@register_atom
def leads_atom(words: list[str], claim: str, edition: str) -> Atom | None:
    """Atoms of the lead rules (docs/case-format.md):

    ``<seat> accepts`` / ``<seat> refuses``: that seat (or his side's choice, for either
    defender) accepted / refused a lead out of turn; ``declarer <seat>``: who is declarer in the
    restoration (54A swaps); ``leader <seat>``: who leads the trick under ruling as restored;
    ``<seat> must play highest|lowest <suit>``, ``<seat> must play <suit|card>``,
    ``<seat> must not play <suit>``: a restriction recorded by 57A or 57D (imposed);
    ``restriction in force|lapsed <seat> must ...``: imposed, and still to be met / spent by
    his card to its trick in the restored position.
    """
    label = " ".join(words)
    w = [x.lower() for x in words]
    # ``restriction in force|lapsed <seat> must [not] play ...``: the 57A/57D restriction was
    # imposed and is still to be met / was met (his card to its trick) in the restored position
    standing = {"in": True, "lapsed": False}.get(w[1]) if len(w) > 2 and w[0] == "restriction" else None
    if standing is not None and (not standing or w[2] == "force"):
        rest = words[3:] if standing else words[2:]
        text = _play_restriction(rest, claim, label)
        if text is None:
            return None
        return Atom(label, lambda r: text in r.node.restrictions and (not lapsed_restrictions(r.table, (text,))) is standing,
                    explain=restriction_explain(text))
    if len(w) == 2 and w[0] in ("declarer", "leader"):
        seat = _seat_or_none(words[1])
        if seat is None:
            raise NotationError(f"unknown token {words[1]!r} in claim {claim!r}: expected a seat", token=words[1])
        if w[0] == "declarer":
            return Atom(label, lambda r: r.table.declarer is seat, explain=_declarer_explain)
        return Atom(label, lambda r: leader_of(r.table, r.node.focus) is seat, explain=_leader_explain)
    seat = _seat_or_none(words[0]) if words else None
    if seat is None:
        return None
    if len(w) == 2 and w[1] in ("accepts", "refuses"):
        choice = "accept" if w[1] == "accepts" else "refuse"
        return Atom(label, lambda r: _chose(r, seat, choice), explain=_lead_decisions_explain(seat))
    text = _play_restriction(words, claim, label)
    if text is not None:
        return Atom(label, lambda r: text in r.node.restrictions, explain=restriction_explain(text))
    return None


#: what each choice at a lead out of turn does, as the explanation of a failed claim says it
_LEAD_DECISION_WORDS = {"accept": "accepts the lead out of turn", "accepted by play": "accepts the lead out of turn by playing to it",
                        "refuse": "refuses the lead out of turn", "spread and become dummy": "spreads his hand and becomes dummy"}


def _lead_decisions_explain(seat: Seat) -> Callable[[Restoration, Sequence[Restoration]], str]:
    """What a restoration shows of ``<seat> accepts`` / ``<seat> refuses``: who accepted or
    refused which lead out of turn on its path (the clause), or that its path has no lead out
    of turn to accept or refuse, naming declarer's 52B2 refusal when that is the path's only
    ``refuse`` (a refusal of a card played when a penalty card was due, not of a lead)."""
    return partial(_explain_lead_decisions, seat)


def _explain_lead_decisions(seat: Seat, r: Restoration, restorations: Sequence[Restoration]) -> str:
    """:func:`_lead_decisions_explain` of ``r`` among ``restorations``."""
    said = [f"{step.actor} {_LEAD_DECISION_WORDS[step.choice]} ({step.clause})" for step in r.path
            if step.choice in _LEAD_DECISION_WORDS and step.clause != _OTHER_REFUSAL]
    if said:
        return f"on its path {'; '.join(said)}"
    other = next((step for step in r.path if step.clause == _OTHER_REFUSAL and step.choice == "refuse"), None)
    why = (f"; {other.actor}'s refusal on it is of a card played when a penalty card was due ({_OTHER_REFUSAL}): "
           f"claim 'law {_OTHER_REFUSAL}' for it") if other is not None and seat in _actor_seats(other.actor) else ""
    return f"its path has no lead out of turn to accept or refuse{why}"


def _declarer_explain(r: Restoration, restorations: Sequence[Restoration]) -> str:
    """What a restoration shows of ``declarer <seat>``: who is declarer on its path."""
    seat = r.table.declarer
    return f"{seat} is declarer on its path" + (" (54A)" if "54A" in r.laws else "")


def _leader_explain(r: Restoration, restorations: Sequence[Restoration]) -> str:
    """What a restoration shows of ``leader <seat>``: who leads the trick under ruling."""
    focus = r.node.focus
    trick = r.table.trick(focus) if focus is not None else None
    seat = leader_of(r.table, focus)
    if trick is not None and trick.plays:
        return f"{seat} leads trick {focus}, the trick under ruling, as restored ({trick.plays[0][1]})"
    return f"no card stands on trick {focus}, the trick under ruling: {seat} is to lead it"


def _play_restriction(words: list[str], claim: str, label: str) -> str | None:
    """The restriction text (57A, 57D) that ``<seat> must play [highest|lowest] <suit|card>`` or
    ``<seat> must not play <suit>`` names, or None for words of another form."""
    w = [x.lower() for x in words]
    seat = _seat_or_none(words[0]) if words else None
    if seat is None or not (len(w) >= 4 and w[1] == "must" and (w[2] == "play" or w[2:4] == ["not", "play"])):
        return None
    rest = words[3:] if w[2] == "play" else words[4:]
    prefix = "must play" if w[2] == "play" else "must not play"
    if not rest or len(rest) > 2:
        raise NotationError(f"bad restriction in claim {claim!r}", token=label)
    if len(rest) == 2 and rest[0].lower() not in ("highest", "lowest"):
        raise NotationError(f"unknown token {rest[0]!r} in claim {claim!r}: expected highest or lowest", token=rest[0])
    try:
        tail = Card.parse(rest[-1]) if len(rest[-1]) >= 2 and len(rest) == 1 and prefix == "must play" else None
    except NotationError:
        tail = None
    obj = str(tail) if tail is not None else _suit_letter(rest[-1], claim)
    return f"{seat} {prefix} " + (f"{rest[0].lower()} " if len(rest) == 2 else "") + obj


def _suit_letter(token: str, claim: str) -> str:
    try:
        return Suit.parse(token).letter
    except NotationError:
        raise NotationError(f"unknown token {token!r} in claim {claim!r}: expected a suit or a card", token=token) from None
