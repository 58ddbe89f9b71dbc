"""What a penalty card keeps in force, in the vocabulary every rule family shares.

A penalty card (Law 50) travels in the table state and obliges its owner and his partner at
later tricks: the owner must play it at the first lawful opportunity (50C, 50D1), and when
his partner is to lead with a major penalty card in force declarer chooses a lead
restriction (50D2, 51B); failing to play it when due is ruled under 52. Rule families create
penalty cards (a card exposed, a revoke card withdrawn, a lead out of turn refused) and put
the tasks defined here on the agenda; the penalty rules (``rulesets/penalty.py``) rule them.
No rule family imports another: they meet in the table state and in these tasks.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Protocol

from rulings.models.cards import Card, Seat, Suit
from rulings.models.dataclass import dataclass
from rulings.models.errors import NotationError
from rulings.models.events import Choice, Chooses
from rulings.models.table import PenaltyCard, PenaltyKind, PlayRule, TableState, Trick
from rulings.solver.config import Decisions
from rulings.solver.engine import Info
from rulings.solver.lawful import Required, lawful_cards, lawful_under_play_rule


class RuleContext(Protocol):
    """What these helpers need of a rule set: its decisions and its clause ids."""

    @property
    def decisions(self) -> Decisions: ...

    def cite(self, logical: str) -> str: ...


LaterPlay = tuple[int, Seat, Card]


# ----- tasks --------------------------------------------------------------------------------------
@dataclass(unsafe_hash=True, slots=True)
class PenaltyCardOptions:
    """50D2 / 51B: ``holder`` has a major penalty card and his partner is to lead; declarer
    chooses before that lead (require the suit, forbid it, or neither)."""

    holder: Seat
    #: the record's declarer lines that may settle the choice (``requires <suit>``,
    #: ``forbids <suit>``, ``leaves``, or ``chooses`` naming an option); see
    #: :func:`recorded_lead_choice`
    choices: tuple[Choice | Chooses, ...] = ()
    #: the trick the partner leads, when the record has already reached it (declarer chose
    #: before that lead and play went on); None: the next trick, still to be led
    trick: int | None = None
    #: the choice comes with a lead out of turn refused at this lead (54D, 55A, 56: the ruling
    #: is about this lead), which asks for it whatever declarer chose at this lead before
    refusal: bool = False


@dataclass(unsafe_hash=True, slots=True)
class FailedPenaltyCard:
    """52: ``seat`` led or played ``card`` to ``trick`` when a penalty card was due."""

    seat: Seat
    trick: int
    card: Card
    later: tuple[LaterPlay, ...] = ()  # cards played after it, in order
    #: play went on to the end after the record's last card, past this trick (a ``remaining``
    #: line before attention, ``Replay.played_out``): every player has played since
    played_out: bool = False
    #: the claim that ended play before attention establishes the revoke the card makes
    #: (61A): (what happened, clause), 63A3 (the offending side's claim) or 63A4 (2007 63A3:
    #: its agreement to the opponents' claim); None when no claim does
    by_claim: tuple[str, str] | None = None


# ----- restrictions (strings in Node.restrictions; the claim atoms read them) -----------------------
def lead_restriction(seat: Seat, suit: Suit, must: bool) -> str:
    """The canonical text of a lead restriction: ``"N must lead S"``, ``"N must not lead S"``.

    A prohibition lasts for as long as that player keeps the lead (50D2(a), 51B).
    """
    return f"{seat} {'must' if must else 'must not'} lead {suit}"


_BINDS_LATER_PLAY = re.compile(r"^[NESW] must (?:not )?(?:lead|play) ")


def binds_later_play(restriction: str) -> bool:
    """Whether a restriction text of a restoration binds a later lead or play: a lead
    restriction (50D2(a), 51B: ``"W must lead S"``, ``"W must not lead S"``) or a restriction
    on a card still to be played (57A, 57D: ``"E must play highest H"``, ``"E must play D4"``).
    Not a change of declarer (``"declarer N (54A)"``) nor what a player may not choose (62D2's
    suggestion, Law 16), which are the ruling's, not obligations of later play."""
    return _BINDS_LATER_PLAY.match(restriction) is not None


_LEAD_FORM = re.compile(r"^([NESW]) must (not )?lead ([SHDC])$")
_PLAY_FORM = re.compile(r"^([NESW]) must (not )?play (?:(highest|lowest) )?(\S+)$")


def restriction_in_force(table: TableState, restriction: str) -> bool:
    """Whether a restriction text of a restoration is still in force in its restored position
    ``table``. A lead restriction (50D2(a), 51B) lasts while its player keeps the lead: a
    requirement is spent by the lead it governs, a prohibition lapses when he loses the lead
    (:meth:`TableState.lead_rule_in_force`); a restriction on one card (57A, 57D) is spent by
    his card to its trick. What belongs to the ruling rather than to later play (a change of
    declarer, 54A; 62D2's suggestion) stays in force."""
    m = _LEAD_FORM.match(restriction)
    if m is not None:
        seat, suit, must = Seat.parse(m[1]), Suit.parse(m[3]), m[2] is None
        return any(table.lead_rule_in_force(r) for r in table.lead_rules_made
                   if r.seat is seat and r.suit is suit and r.must is must)
    m = _PLAY_FORM.match(restriction)
    if m is not None:
        seat = Seat.parse(m[1])
        kind = m[3] or ("not suit" if m[2] else "suit" if len(m[4]) == 1 else "card")
        return any(table.play_rule_in_force(r) for r in table.play_rules if r.seat is seat and r.kind == kind)
    return True


def restriction_trick(table: TableState, restriction: str) -> tuple[Trick, Seat, Card, bool] | None:
    """Where a restriction text of a restoration was met or broken on ``table``: the trick,
    its player, his card there and whether it kept the restriction. A lead restriction
    (50D2(a), 51B): the lead it governed first, made by its player (a prohibition lasts
    while he keeps the lead: that is its first lead). A 57A restriction: its player's card to
    the trick where his partner's card was premature (``TableState.out_of_turn``, or his lead
    to the next trick, ``early_made``), broken where a revoke of the record names it; a 57D
    one: the trick he played its card to. None when the table does not show it (the lead or
    the card not yet made)."""
    m = _LEAD_FORM.match(restriction)
    if m is not None:
        seat, suit, must = Seat.parse(m[1]), Suit.parse(m[3]), m[2] is None
        rule = next((r for r in table.lead_rules_made if r.seat is seat and r.suit is suit and r.must is must), None)
        trick = table.trick(rule.trick) if rule is not None else None
        if rule is None or trick is None or not trick.plays or trick.plays[0][0] is not seat:
            return None
        card = trick.plays[0][1]
        return trick, seat, card, rule.kept_by(card) or not any(r.trick == trick.number and r.seat is seat for r in table.revokes)
    m = _PLAY_FORM.match(restriction)
    if m is None:
        return None
    seat = Seat.parse(m[1])
    kind = m[3] or ("not suit" if m[2] else "suit" if len(m[4]) == 1 else "card")
    if kind == "card":
        card = Card.parse(m[4])
        at = next((t for t in table.tricks if t.card_of(seat) == card), None)
        return (at, seat, card, True) if at is not None else None
    broken = next((r for r in table.revokes if isinstance(r.rule, PlayRule) and r.rule.seat is seat and r.rule.kind == kind), None)
    if broken is not None and (trick := table.trick(broken.trick)) is not None:
        return trick, seat, broken.card, False
    partner = seat.partner
    for trick in table.tricks:
        own = trick.card_of(seat)
        if own is not None and (table.played_out_of_turn(trick.number, partner) is not None
                                or (trick.number + 1, partner) in table.early_made):
            return trick, seat, own, True
    return None


def lapsed_restrictions(table: TableState, restrictions: Iterable[str]) -> tuple[str, ...]:
    """The restrictions among ``restrictions`` (those a restoration's path imposed) that are
    no longer in force in ``table`` (:func:`restriction_in_force`)."""
    return tuple(r for r in restrictions if binds_later_play(r) and not restriction_in_force(table, r))


def restriction_words(table: TableState, restrictions: Iterable[str]) -> list[str]:
    """Each restriction text as the outputs word it: one no longer in force in ``table``
    followed by ``(lapsed)`` (:func:`lapsed_restrictions`)."""
    restrictions = tuple(restrictions)
    lapsed = lapsed_restrictions(table, restrictions)
    return [f"{r} (lapsed)" if r in lapsed else r for r in restrictions]


def lead_rule_args(table: TableState, number: int, seat: Seat) -> tuple[Required, frozenset[Suit] | None]:
    """The lead restrictions ``seat`` was under at his lead to trick ``number``
    (:meth:`TableState.lead_rules_at`), as the ``required_suit`` and ``forbidden_suit``
    arguments of :func:`lawful_cards`: a restriction comes before a major penalty card at
    that lead (50D1(b)). Every requirement in force binds: two suits required at one lead
    (choices over different penalty cards) are both passed (:func:`lead_keepers`).
    ``(None, None)`` when there is none."""
    rules = table.lead_rules_at(number, seat) if table.lead_rules_made else ()
    if not rules:
        return None, None
    required = frozenset(r.suit for r in rules if r.must)
    one = next(iter(required)) if len(required) == 1 else required or None
    return one, frozenset(r.suit for r in rules if not r.must) or None


def play_rule_at(table: TableState, number: int, seat: Seat) -> PlayRule | None:
    """The restriction on ``seat``'s card to trick ``number`` put in force on ``table`` (57A
    options, 57D), whether that card is still to come or already played; None when there is
    none."""
    if not table.play_rules_made:
        return None
    return next((r for r in table.play_rules_made if r.trick == number and r.seat is seat), None)


def keeps_lead_rules(hand: frozenset[Card], card: Card, required: Required, forbidden: frozenset[Suit] | None) -> bool:
    """Whether leading ``card`` from ``hand`` keeps the lead restrictions (``required``,
    ``forbidden``): a lead that breaks one is a revoke of its own (61A), not a failure to
    play a penalty card."""
    return (required is None and forbidden is None) or card in lawful_cards(hand, None, frozenset(), frozenset(), required, forbidden)


# ----- information and kinds --------------------------------------------------------------------------
def pc_info(rs: RuleContext, table: TableState, seat: Seat, card: Card) -> Info:
    """50E: a penalty card is seen by all. The requirement to play it is authorized to every
    player (50E1); what else it shows is unauthorized to the owner's partner (50E2) and
    authorized to the declaring side."""
    return Info(seat, card, table.declaring_side, seat.side, rs.cite("50E1"), rs.cite("50E2"))


def no_penalty_card(table: TableState, seat: Seat, card: Card, restore: bool) -> str:
    """The fate of ``seat``'s ``card``, taken back from ``table`` where no law makes it a
    penalty card: none, or, when it was a penalty card when played and goes back as one
    (``restore``: the rule's switch, DIGEST 32.12(d)), that penalty card again."""
    if restore and table.played_penalty_card(seat, card) is not None:
        return f"no new penalty card: {card} goes back as the penalty card it was"
    return "no penalty card"


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


def penalty_tasks(table: TableState, holder: Seat, choices: Sequence[object] = (), refusal: bool = False) -> tuple[object, ...]:
    """The follow-up tasks for ``holder``'s penalty cards in ``table``: a
    :class:`PenaltyCardOptions` when he holds a major penalty card and his partner is to
    lead (50D2, 51B), else nothing (a minor one puts no restriction on partner, 50C).
    ``choices``: record lines that may settle declarer's choice (:func:`recorded_lead_choice`).
    ``refusal``: asked by a lead out of turn refused at this lead (``PenaltyCardOptions.refusal``)."""
    if not table.is_defender(holder):
        return ()
    majors = [p for p in table.penalty_cards_of(holder) if p.kind is PenaltyKind.MAJOR]
    if majors and to_lead(table) is holder.partner:
        return (PenaltyCardOptions(holder, lead_choice_lines(table, choices), refusal=refusal),)
    return ()


def options_chosen(table: TableState, holder: Seat, trick: int, held: frozenset[Card] | None = None) -> bool:
    """Whether declarer has made his 50D2/51B choice at ``holder``'s partner's lead to
    ``trick`` on the path that led to ``table``: a restriction imposed for that lead (50D2(a),
    51B1, 51B2(a), 51B2(b); penalty cards of another suit may stay, 51B2), or none imposed
    over the penalty cards ``holder`` has now (50D2(b), 51B2(c)). Declarer chooses once at a
    lead, whichever rule offered him the choice (a rectification that left the position with
    ``Decisions.lead_options_after_ruling``, or the penalty rules at the end of the record):
    the penalty rules, reading the record again on the table that ruling leaves, do not offer
    it again there (docs/decisions.md). (A rule that makes a penalty card at that lead after
    his choice, a lead out of turn refused, offers him a choice over the cards as they then
    are: it does not ask this.) ``held``: the penalty cards ``holder`` had at that lead, where
    it lies behind the table's end (a later failure to play one, refused under 52B2, may have
    played it and made another since); by default those he has now."""
    partner = holder.partner
    if any(r.trick == trick and r.seat is partner for r in table.lead_rules_made):
        return True
    if not table.lead_options_waived:
        return False
    cards = held if held is not None else frozenset([p.card for p in table.penalty_cards_of(holder)])
    return any(who is holder and number == trick and those == cards for who, those, number in table.lead_options_waived)


#: Choice verbs that settle declarer's 50D2/51B choice (``leaves``: neither require nor forbid).
LEAD_CHOICE_VERBS = ("requires", "forbids", "leaves")


def lead_option_label(verb: str, suits: Sequence[Suit] = ()) -> str:
    """The name of a 50D2/51B option, as its step's ``choice`` gives it and as a
    ``<declarer> chooses ...`` line records it: ``require H``, ``forbid S, H``, ``no restriction``."""
    if verb == "requires":
        return f"require {suits[0]}"
    if verb == "forbids":
        return "forbid " + ", ".join(str(s) for s in suits)
    return "no restriction"


def _chosen_option(line: Chooses) -> tuple[str, tuple[Suit, ...]] | None:
    """The option a ``chooses`` line names, as (verb, suits), when it is a 50D2/51B one."""
    words = line.words.replace(",", " ").split()
    if [w.lower() for w in words] == ["no", "restriction"]:
        return "leaves", ()
    if len(words) < 2 or words[0].lower() not in ("require", "forbid"):
        return None
    try:
        suits = tuple(Suit.parse(w) for w in words[1:])
    except NotationError:
        return None
    if words[0].lower() == "require" and len(suits) != 1:
        return None
    return ("requires" if words[0].lower() == "require" else "forbids"), suits


def lead_choice_lines(table: TableState, choices: Sequence[object]) -> tuple[Choice | Chooses, ...]:
    """Declarer's record lines that can only be a 50D2/51B choice: ``requires <suit>``,
    ``forbids <suit>``, ``leaves`` (``requires highest|lowest`` is 57A's), and ``chooses``
    lines naming one of its options (:func:`lead_option_label`)."""
    out: list[Choice | Chooses] = []
    for c in choices:
        if isinstance(c, Choice):
            if c.seat is table.declarer and c.verb in LEAD_CHOICE_VERBS and (c.verb == "leaves" or c.suit is not None):
                out.append(c)
        elif isinstance(c, Chooses) and c.seat is table.declarer and _chosen_option(c) is not None:
            out.append(c)
    return tuple(out)


def stated_option(lines: Sequence[Choice | Chooses]) -> tuple[str, tuple[Suit, ...]] | None:
    """The option (verb, suits named) that declarer's ``lines`` (of :func:`lead_choice_lines`:
    one statement, a ``forbids`` line for each suit forbidden) state, read without the table;
    None when they are of two kinds (they name no option, as :func:`recorded_lead_choice`)."""
    said = [_verb_and_suits(c) for c in lines]
    if len({v for v, _ in said}) != 1:
        return None
    return said[0][0], tuple(dict.fromkeys(s for _, ss in said for s in ss))


def _verb_and_suits(line: Choice | Chooses) -> tuple[str, tuple[Suit, ...]]:
    if isinstance(line, Chooses):
        found = _chosen_option(line)
        assert found is not None
        return found
    return line.verb, ((line.suit,) if line.suit is not None else ())


def recorded_lead_choice(table: TableState, holder: Seat, choices: Sequence[object],
                         pcs: Iterable[PenaltyCard] | None = None) -> tuple[str, tuple[Choice | Chooses, ...]] | None:
    """The option of :func:`penalty_followups` the record settles, as ``(choice label, lines)``,
    or None when the lines name no option the clause offers (they settled nothing).

    ``<declarer> requires <suit>``: require that suit (50D2(a), 51B1(a), 51B2(a));
    ``<declarer> forbids <suit>`` (one line per suit): forbid them (50D2(a), 51B1(b), 51B2(b));
    ``<declarer> leaves``: neither (50D2(b), 51B2(c)); ``<declarer> chooses <option>`` names it
    (``require H``, ``forbid S, H``, ``no restriction``). Lines of two kinds name no option.
    ``pcs``: the holder's penalty cards the choice is over (default: those in force on
    ``table``; a lead the record has gone past: those in force then).
    """
    lines = lead_choice_lines(table, choices)
    if not lines:
        return None
    suits = sorted({p.card.suit for p in (table.penalty_cards_of(holder) if pcs is None else pcs)}, reverse=True)
    stated = stated_option(lines)
    if stated is None:
        return None
    verb, named = stated[0], set(stated[1])
    if verb == "leaves":
        return lead_option_label(verb), lines
    if not named or not named <= set(suits):
        return None
    if verb == "requires":
        if len(named) != 1:
            return None
        return lead_option_label(verb, sorted(named)), lines
    if len(suits) == 1 and len(named) != 1:
        return None
    return lead_option_label(verb, [s for s in suits if s in named]), lines


def after_ruling_tasks(rs: RuleContext, table: TableState, holder: Seat) -> tuple[object, ...]:
    """:func:`penalty_tasks` for a penalty card a rectification has just left in ``table``,
    when ``Decisions.lead_options_after_ruling`` enumerates the next lead's options too."""
    return penalty_tasks(table, holder) if rs.decisions.lead_options_after_ruling else ()


def failure_follows(table: TableState, plays: Iterable[LaterPlay], after: int | None = None) -> bool:
    """Whether one of ``plays`` (record plays put back after a ruling, or every play from
    card number ``after`` on) fails to play a penalty card in ``table``: the penalty rules
    rule it next (52), so the lead options of a rectification made before it wait for that
    ruling (Decisions.lead_options_after_ruling)."""
    wanted = set(plays)
    for f in failures(table):
        if (f.trick, f.seat, f.card) in wanted:
            return True
        if after is not None and (at := failure_at(table, f)) is not None and at > after:
            return True
    return False


def options_after_failure(rs: RuleContext, table: TableState) -> tuple[object, ...]:
    """:func:`after_ruling_tasks` once a 52 ruling is over: the 50D2/51B options when the
    next leader's partner holds a major penalty card, whichever ruling made it one (the 52B2
    card, a card exposed, one in force from the start: 50D2 and 51B give the choice whenever
    the partner is to lead)."""
    if not rs.decisions.lead_options_after_ruling:
        return ()
    leader = to_lead(table)
    if leader is None:
        return ()
    return penalty_tasks(table, leader.partner)


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


# ----- a failure to play a penalty card (52) ------------------------------------------------------
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
    if led is not None:
        follows = card.suit is led or not any(c.suit is led for c in hand)
        rule = play_rule_at(state, cur.number, seat) if cur is not None else None
        if rule is not None:
            # a restriction on this card comes first (50D1(b)); one he breaks is a revoke of
            # its own (61A), not a failure to play a penalty card
            return follows and not rule.broken_by(card, hand, led) and card not in lawful_under_play_rule(hand, led, pcs, rule)
        return follows and card not in lawful_cards(hand, led, pcs)
    # a lead: a lead restriction in force comes first (50D1(b))
    number = cur.number + 1 if cur is not None else state.first_trick
    required, forbidden = lead_rule_args(state, number, seat)
    return keeps_lead_rules(hand, card, required, forbidden) and card not in lawful_cards(
        hand, None, pcs, frozenset(), required, forbidden)


def failure_tasks(before: TableState, after: TableState, seat: Seat, card: Card) -> tuple[object, ...]:
    """The 52 task when ``seat``'s ``card`` (played from ``before`` to ``after``) failed to
    lead or play a due penalty card; for rule modules that place a card (45C1, 58)."""
    if not fails_penalty_card(before, seat, card):
        return ()
    return (FailedPenaltyCard(seat, after.tricks[-1].number, card),)


def failure_at(table: TableState, failure: FailedPenaltyCard) -> int | None:
    """How many cards stood as played when the failure's card was played (None: the card is
    no longer on the table)."""
    return next((i for i, (n, s, c) in enumerate(table.plays())
                 if n == failure.trick and s is failure.seat and c == failure.card), None)


def refusal_cards(table: TableState, failure: FailedPenaltyCard) -> list[Card]:
    """52B2: the penalty cards declarer may have played in place of the failure's card when he
    refuses it, each a card its player holds as a penalty card now, in force when he played
    it (of the kind it had then, 50B) and a lawful play there (a major one due, 50D1(a); a
    minor one, 50C; a lead restriction in force first, 50D1(b)). Several: declarer designates
    one (51A)."""
    seat = failure.seat
    trick = table.trick(failure.trick)
    if trick is None:
        return []
    at = failure_at(table, failure)
    pcs = table.penalty_cards_of(seat) if at is None else frozenset([p.as_at(at) for p in table.penalty_cards_of(seat)
                                                                     if p.since <= at])
    if not pcs:
        return []
    led = trick.suit_led if trick.plays[0][0] is not seat else None
    # at his lead, a lead restriction in force comes first (50D1(b)): only a penalty card it
    # lets him lead was due
    required, forbidden = lead_rule_args(table, failure.trick, seat) if led is None else (None, None)
    hand = frozenset(table.hand(seat) | {failure.card})
    held = {p.card for p in pcs}
    return [c for c in lawful_cards(hand, led, pcs, frozenset({failure.card}), required, forbidden) if c in held]


def due_at(table: TableState, failure: FailedPenaltyCard) -> tuple[list[Card], list[Card]]:
    """The penalty cards of the failure's player that were in force when he played its card
    (50C, 50D1): those he still holds as penalty cards, and those he has played since. A
    penalty card he played before that trick, or one made after it, was not due there.
    (Without the card on the table: every penalty card of his, held and played.)"""
    seat = failure.seat
    plays = list(table.plays())
    at = failure_at(table, failure)
    held = [p for p in table.penalty_cards if p.seat is seat and p.card != failure.card]
    played = [p for p in table.played_penalty if p.seat is seat and p.card != failure.card]
    if at is None:
        return [p.card for p in held], [p.card for p in played]
    later = {c for _, s, c in plays[at + 1:] if s is seat}
    return ([p.card for p in held if p.since <= at],
            [p.card for p in played if p.since <= at and p.card in later])


def find_failure(table: TableState, known: frozenset[PenaltyCard] = frozenset()) -> FailedPenaltyCard | None:
    """52: the first card a defender led or played while a penalty card was due (see
    :func:`failures`)."""
    return next(failures(table, known), None)


def failures(table: TableState, known: frozenset[PenaltyCard] = frozenset()) -> Iterator[FailedPenaltyCard]:
    """52: each card a defender led or played while a penalty card was due, in record order.

    Read off the replayed table without replaying it: before each of a holder's plays his
    hand is his hand now plus the cards he played from then on, the penalty cards in force
    are those (at the start, as :meth:`TableState.restart` has them) still in that hand, and
    the suit led is the first card of the trick unless he led it.

    ``known``: penalty cards already searched for on the record as played, with no failure
    found (a rectification can only take plays back or put lawful substitutes in their place,
    which are not judged again, so only penalty cards it made can be failed). A play is judged
    only where such a card was in force, but against every penalty card in force then, the
    known ones too: playing one of them may be what 50D1(a) asks (51A: any one that is due)."""
    every = table.penalty_cards | table.played_penalty
    start = every - known
    if not start:
        return  # no penalty card in force at any time of the record (none but ``known``)
    # no play before the first of them became a penalty card can fail to play it (since)
    first = min([p.since for p in start])
    if first >= sum([len(t.plays) for t in table.tricks]):
        return
    # a penalty card is a defender's (48A): only a defender's plays can fail to play one
    by_seat = {h: [p for p in every if p.seat is h] for h in {p.seat for p in start} if table.is_defender(h)}
    plays = [(t.number, s, c) for t in table.tricks for s, c in t.plays]  # (recorded_plays, in one comprehension)
    # a card a rectification put in place of a withdrawn one is the choice of the rule that
    # offered it (its lawful substitutes), not a play of the record to judge again
    substituted = {(w.trick, w.seat) for w in table.withdrawn
                   if w.replaced_by is not None and (t := table.trick(w.trick)) is not None
                   and t.card_of(w.seat) == w.replaced_by} if table.withdrawn else frozenset()
    # each holder's cards played after the current play (his hand then: his hand now, the
    # card and these), kept as the plays are read: one pass, not one per play
    ahead: dict[Seat, set[Card]] = {h: {c for _, s, c in plays[first:] if s is h} for h in by_seat}
    for i in range(first, len(plays)):
        number, seat, card = plays[i]
        mine = ahead.get(seat)
        if mine is None:
            continue
        mine.discard(card)
        if (number, seat) in substituted:
            continue
        pcs = [p for p in by_seat[seat] if p.since <= i]  # in force when he played
        if not pcs or any(p.card == card for p in pcs):
            continue
        hand = table.hand(seat) | mine | {card}
        held = [p for p in pcs if p.card in hand]
        if not held or all(p in known for p in held):
            continue  # (none of them made by a ruling: judged on the record as played)
        in_force = frozenset([p.as_at(i) for p in held])  # (its kind then: 50B)
        trick = table.trick(number)
        pos = trick.position_of(seat) if trick is not None else None
        led = trick.plays[0][1].suit if trick is not None and pos else None
        if led is not None:
            if card.suit is not led and any(c.suit is led for c in hand):
                continue  # a failure to follow suit: a revoke (44C), the revoke rules'
            rule = play_rule_at(table, number, seat)
            if rule is not None:
                # a restriction on his card to this trick comes first (50D1(b)); a card that
                # breaks it is a revoke of its own (61A), not a failure to play a penalty card
                if not rule.broken_by(card, hand, led) and card not in lawful_under_play_rule(hand, led, in_force, rule):
                    yield FailedPenaltyCard(seat, number, card, tuple(plays[i + 1:]))
                continue
            required, forbidden = None, None
        else:
            # his lead: a lead restriction in force comes before a major penalty card (50D1(b))
            required, forbidden = lead_rule_args(table, number, seat)
            if not keeps_lead_rules(hand, card, required, forbidden):
                continue  # a lead that breaks the restriction: a revoke of its own (61A)
        if card not in lawful_cards(hand, led, in_force, frozenset(), required, forbidden):
            yield FailedPenaltyCard(seat, number, card, tuple(plays[i + 1:]))
