"""The table: an immutable state that applies play events and records irregular ones.

Possible vs lawful (as pseudo-legal vs legal moves in python-chess): a revoke or a play out
of turn is *possible* and is recorded when applied, not refused; only impossible events (a
card the player does not hold) raise.

>>> from rulings.models.deal import Deal
>>> from rulings.models.contract import Contract
>>> deal = Deal.parse("N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6")
>>> t = TableState.start(deal, Contract.parse("4S"), declarer=Seat.S)
>>> for text in "W DQ, N DA, E D4, S D7, N SJ, E H4".split(", "):
...     t = t.apply(PlayLine.parse(text))
>>> t.revokes
(Revoke(seat=Seat.E, trick=2, card=Card.parse('H4'), suit_led=Suit.SPADES, penalty=None, rule=None, failed=None, deemed=False),)
>>> t.is_established(t.revokes[0])
False
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator, Sequence, Set
from dataclasses import field
from typing import Any, ClassVar, Final

from rulings.models.cards import DECK, Card, Seat, Side, Suit
from rulings.models.contract import Contract
from rulings.models.dataclass import dataclass
from rulings.models.deal import Deal
from rulings.models.errors import IllegalActionError
from rulings.models.events import Play, PlayLine

#: a play out of turn as the table records it (``TableState.out_of_turn``): the trick, the
#: seat and the card he put down. Its card names it: a seat may make two plays out of turn
#: on one trick (a card taken back and another put down, his lead to the next trick put
#: down early), and a ruling of one is no ruling of the other. A substitute a rectification
#: puts in place of such a card keeps the entry of the card it replaced.
OutOfTurn = tuple[int, Seat, Card]

__all__ = [
    "CardStatus",
    "LeadRule",
    "OutOfTurn",
    "PenaltyCard",
    "PenaltyKind",
    "PlayLine",
    "Revoke",
    "TableState",
    "Trick",
    "Withdrawal",
    "at_turn_after_cards_that_stand",
    "card_strength",
]


class PenaltyKind(enum.Enum):
    """Law 50B: a penalty card is major or minor."""

    MAJOR = "major"
    MINOR = "minor"

    def __str__(self) -> str:
        return str(self.value)

    # members are singletons: identity hashing is C-fast (as Seat and Suit); Enum's own hashes
    # the member's name in Python, for every penalty card put in a set
    __hash__ = object.__hash__


@dataclass(unsafe_hash=True, slots=True)
class PenaltyCard:
    """A defender's card left face up on the table (Law 50). (Made by the package's decorator,
    an ordinary class when compiled: a native one is unpickled by calling its ``__init__``
    with no argument, and penalty cards go to the double-dummy worker processes.)"""

    seat: Seat
    card: Card
    kind: PenaltyKind
    #: how many cards stood as played when it became a penalty card: it obliges its owner at
    #: plays made after that (50C, 50D1), not at those already on the table when a ruling
    #: made it (a revoke card withdrawn at attention, 62B1). Not part of its identity.
    since: int = field(default=0, compare=False)
    #: how many cards stood as played when a card made minor turned major because its owner
    #: got a second penalty card (50B): a minor card's obligation (50C) held at the plays
    #: before, a major one's (50D1) from then on. 0: its kind from ``since``.
    major_from: int = field(default=0, compare=False)

    @property
    def sort_key(self) -> tuple[int, Card]:
        return (self.seat.index, self.card)

    @property
    def major_since(self) -> int:
        """How many cards stood as played when it was first a major penalty card (for a
        major one; 50B may have turned it major after it became a penalty card)."""
        return self.since if self.since >= self.major_from else self.major_from

    def as_at(self, played: int) -> PenaltyCard:
        """The card as it obliged its owner at a play made when ``played`` cards stood:
        minor then if it turned major (50B) only after."""
        if self.kind is PenaltyKind.MAJOR and self.major_from > played:
            return PenaltyCard(self.seat, self.card, PenaltyKind.MINOR, self.since)
        return self

    def __str__(self) -> str:
        return f"{self.seat} {self.card} {self.kind}"


def card_strength(card: Card, led: Card, trumps: Suit | None) -> int:
    """A card's rank in a trick whose first card is ``led`` (44E/44F): a trump over the suit
    led over any other card, then by rank; a card of neither suit is 0 (it wins nothing).
    On the cards' int codes (16 * suit order + rank: the suit by ``>> 4``)."""
    suit = card >> 4
    if trumps is not None and suit == trumps.order:
        return 64 + (card & 15)
    return 32 + (card & 15) if suit == led >> 4 else 0


class Trick:
    """The cards played to one trick, in the order placed.

    Written out as ``@dataclass(unsafe_hash=True, slots=True)`` would write it (the same
    ``__init__``, ``__eq__``, ``__hash__``, ``__repr__``, ``__match_args__`` and slots), so
    that a compiled build (``make fast``) makes it a native class. Treated as immutable.
    """

    __slots__ = ("leader", "number", "plays", "short")
    __match_args__: ClassVar[tuple[str, ...]] = ("number", "leader", "plays", "short")

    number: int
    leader: Seat
    plays: tuple[tuple[Seat, Card], ...]
    #: the seat that played no card to this trick when it was played (a defective trick, 67):
    #: the trick is complete at its three other cards and won by them; a card of his placed
    #: among his played cards later (67B1) stands in it but wins nothing
    short: Seat | None

    def __init__(self, number: int, leader: Seat, plays: tuple[tuple[Seat, Card], ...] = (), short: Seat | None = None) -> None:
        self.number = number
        self.leader = leader
        self.plays = plays
        self.short = short

    def _values(self) -> tuple[object, ...]:
        """The fields in order, as one tuple of objects (compiled, a tuple of declared types
        may be compared wrongly, as Node's was): what equality and the hash read."""
        return (self.number, self.leader, self.plays, self.short)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Trick) or other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        return (f"{self.__class__.__qualname__}(number={self.number!r}, leader={self.leader!r}, plays={self.plays!r}, "
                f"short={self.short!r})")

    @property
    def is_complete(self) -> bool:
        n = len(self.plays)
        if n >= 4:
            return True
        short = self.short
        return short is not None and n == 3 and all(s is not short for s, _ in self.plays)

    @property
    def suit_led(self) -> Suit | None:
        return self.plays[0][1].suit if self.plays else None

    @property
    def in_rotation(self) -> bool:
        """Whether the cards stand in rotation from the leader, each seat once."""
        seat = self.leader
        for s, _ in self.plays:
            if s is not seat:
                return False
            seat = seat.lho
        return True

    def card_of(self, seat: Seat) -> Card | None:
        for s, c in self.plays:
            if s is seat:
                return c
        return None

    def position_of(self, seat: Seat) -> int | None:
        """Return 0..3, the seat's place in playing order of the cards standing, or None."""
        for i, (s, _) in enumerate(self.plays):
            if s is seat:
                return i
        return None

    def winner(self, trumps: Suit | None) -> Seat | None:
        """Law 44E/44F: the highest trump, else the highest card of the suit led (complete tricks).
        A defective trick (``short``) is won by its three other cards (67B1: a card its
        short seat placed among his played cards later does not change who won it)."""
        plays = self.plays
        if len(plays) < 4:
            if not self.is_complete:
                return None
        elif self.short is not None:
            short = self.short
            plays = tuple([p for p in plays if p[0] is not short])
        # on the cards' int codes (16 * suit order + rank): same suit when equal by ``>> 4``
        best_seat, best = plays[0]
        best_suit = best >> 4
        trump = trumps.order if trumps is not None else -1
        for seat, card in plays[1:]:
            suit = card >> 4
            if suit == best_suit:
                if card > best:
                    best_seat, best = seat, card
            elif suit == trump:
                best_seat, best, best_suit = seat, card, suit
        return best_seat

    def beaten_before(self, seat: Seat, cards: Iterable[Card], trumps: Suit | None) -> bool:
        """Whether a card placed before ``seat``'s in this trick beats each of ``cards`` in
        his place (44E/44F): then none of them can win the trick, whatever is played after
        it. False when he leads the trick or has no card in it."""
        return bool(self.position_of(seat)) and all(self.beaten_each(seat, cards, trumps))

    def beaten_each(self, seat: Seat, cards: Iterable[Card], trumps: Suit | None) -> tuple[bool, ...]:
        """:meth:`beaten_before` for each of ``cards`` apart (all False when ``seat`` leads the
        trick or has no card in it)."""
        place = self.position_of(seat)
        if not place:
            return tuple([False for _ in cards])
        plays = self.plays
        led = plays[0][1]
        best = max([card_strength(c, led, trumps) for _, c in plays[:place]])
        return tuple([card_strength(c, led, trumps) < best for c in cards])

    @property
    def next_seat(self) -> Seat:
        """The seat whose turn it is in this trick (after the last card standing)."""
        if not self.plays:
            return self.leader
        seat = self.plays[-1][0].lho
        if seat is self.short and self.card_of(seat) is None:
            return seat.lho  # (he played no card at his turn: 67)
        return seat

    def __str__(self) -> str:
        cards = " ".join(f"{s} {c}" for s, c in self.plays)
        return f"trick {self.number}: {cards}"


@dataclass(frozen=True, slots=True)
class LeadRule:
    """A lead restriction an opponent imposed in rectification (50D2(a), 51B): ``seat`` must
    lead ``suit`` to trick ``trick`` (``must``), or must not lead it from that trick on for as
    long as he keeps the lead. Breaking it when able is a revoke (61A)."""

    seat: Seat
    suit: Suit
    must: bool
    trick: int

    def broken_by(self, card: Card, hand: Iterable[Card]) -> bool:
        """Whether leading ``card`` from ``hand`` (the card included) breaks the rule while
        the player could keep it (61A: "when able")."""
        return not self.kept_by(card) and any(self.kept_by(c) for c in hand)

    def kept_by(self, card: Card) -> bool:
        """Whether a lead of ``card`` keeps the rule."""
        return (card.suit is self.suit) is self.must

    def __str__(self) -> str:
        return f"{self.seat} {'must' if self.must else 'must not'} lead {self.suit} (trick {self.trick})"


def lead_keepers(hand: Iterable[Card], required: Set[Suit], forbidden: Set[Suit]) -> frozenset[Card]:
    """The leads from ``hand`` that keep the lead restrictions on one lead (50D2(a), 51B:
    the suits ``required``, the suits ``forbidden``) as far as one lead can.

    Every restriction binds (a later choice does not undo an earlier one that its lead has not
    spent). A card that keeps them all when he holds one; otherwise he cannot keep them all
    and 59 frees him of those he cannot keep at once, not of the others: each card that
    keeps a set of them that no other card of his keeps more of (two suits required, he
    leads either; only cards of forbidden suits, any of them). A lead outside these breaks a
    restriction he was able to keep (61A). Restrictions read the suit alone.

    >>> from rulings.models.cards import Card, Suit
    >>> hand = [Card.parse(c) for c in ("CA", "H5", "D2")]
    >>> sorted(str(c) for c in lead_keepers(hand, {Suit.CLUBS, Suit.HEARTS}, set()))
    ['CA', 'H5']
    >>> sorted(str(c) for c in lead_keepers(hand, {Suit.CLUBS}, {Suit.HEARTS}))
    ['CA']
    """
    cards = frozenset(hand)
    kept: dict[Suit, int] = {}
    for c in cards:
        if c.suit not in kept:
            bits = 0
            for i, s in enumerate(required):
                if c.suit is s:
                    bits |= 1 << i
            for j, s in enumerate(forbidden):
                if c.suit is not s:
                    bits |= 1 << (len(required) + j)
            kept[c.suit] = bits
    best = [b for b in kept.values() if not any(o != b and o & b == b for o in kept.values())]
    return frozenset(c for c in cards if kept[c.suit] in best)


@dataclass(frozen=True, slots=True)
class PlayRule:
    """A restriction on one player's next card to one trick, set in rectification: the option
    declarer chose over a defender's partner after a premature play (57A1 his highest or 57A2
    his lowest card of the suit led, 57A3 a card of ``suit``, 57A4 no card of ``suit``;
    ``kind`` "highest", "lowest", "suit", "not suit"), or a defender's card played at his
    right-hand opponent's turn that he must play at his own (57D; ``kind`` "card"). Breaking
    it when able is a revoke (61A: a card an opponent specified in rectification, or one the
    Laws require)."""

    seat: Seat
    trick: int
    kind: str
    suit: Suit | None = None
    card: Card | None = None

    def complying(self, hand: Iterable[Card], led: Suit | None) -> frozenset[Card]:
        """The cards of ``hand`` that follow suit (44C) and keep the rule; every card that
        follows suit when none keeps it (he cannot comply: 57B, 59)."""
        cards = frozenset(hand)
        follow = frozenset(c for c in cards if c.suit is led) if led is not None else frozenset()
        lawful = follow or cards
        kind = self.kind
        if kind == "highest":
            keep = frozenset({max(follow)}) if follow else lawful
        elif kind == "lowest":
            keep = frozenset({min(follow)}) if follow else lawful
        elif kind == "suit":
            keep = lawful if follow else frozenset(c for c in cards if c.suit is self.suit)
        elif kind == "not suit":
            keep = frozenset(c for c in lawful if c.suit is not self.suit)
        else:
            keep = lawful & {self.card} if self.card is not None else lawful
        return keep or lawful

    def broken_by(self, card: Card, hand: Iterable[Card], led: Suit | None) -> bool:
        """Whether playing ``card`` from ``hand`` (the card included) breaks the rule while he
        could keep it; a card that fails to follow suit is a revoke on that ground (44C)."""
        cards = frozenset(hand)
        if led is not None and card.suit is not led and any(c.suit is led for c in cards):
            return False
        return card not in self.complying(cards, led)

    @property
    def duty(self) -> str:
        """What the rule bids him do, with its clause: ``play his lowest card of the suit led (57A2)``."""
        suit = self.suit.name.lower()[:-1] if self.suit is not None else ""
        return {"highest": "play his highest card of the suit led (57A1)", "lowest": "play his lowest card of the suit led (57A2)",
                "suit": f"play a {suit} (57A3)", "not suit": f"play no {suit} (57A4)",
                "card": f"play {self.card.text if self.card is not None else ''} (57D)"}.get(self.kind, self.kind)

    def __str__(self) -> str:
        return f"{self.seat} had to {self.duty} to trick {self.trick}"


class Revoke:
    """A failure to follow suit while holding the suit led (Law 61A, 44C); or, with
    ``rule``, a lead that broke a lead restriction in force (61A): ``suit_led`` is then the
    suit the rule names.

    Written out as ``@dataclass(unsafe_hash=True, slots=True)`` would write it, so that a
    compiled build (``make fast``) makes it a native class. Treated as immutable.
    """

    __slots__ = ("card", "deemed", "failed", "penalty", "rule", "seat", "suit_led", "trick")
    __match_args__: ClassVar[tuple[str, ...]] = ("seat", "trick", "card", "suit_led", "penalty", "rule", "failed", "deemed")

    seat: Seat
    trick: int
    card: Card
    suit_led: Suit
    penalty: PenaltyKind | None  # the revoke card was this kind of penalty card (62B2)
    rule: LeadRule | PlayRule | None
    #: the penalty card he failed to play when it was due (52, 61A): ``card`` stood, accepted
    failed: Card | None
    #: no failure to follow: the seat played no card to the trick (a defective trick) and is
    #: deemed to have revoked on it once he placed ``card`` among his played cards (67B1);
    #: Law 64 counts it (64A2), the revoke rules (62, 63) have nothing to correct
    deemed: bool

    def __init__(self, seat: Seat, trick: int, card: Card, suit_led: Suit, penalty: PenaltyKind | None = None,
                 rule: LeadRule | PlayRule | None = None, failed: Card | None = None, deemed: bool = False) -> None:
        self.seat = seat
        self.trick = trick
        self.card = card
        self.suit_led = suit_led
        self.penalty = penalty
        self.rule = rule
        self.failed = failed
        self.deemed = deemed

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Revoke) or other.__class__ is not self.__class__:
            return NotImplemented
        # (tuples of objects: compiled, a tuple of declared types may be compared wrongly, as Node's was)
        mine: tuple[object, ...] = (self.seat, self.trick, self.card, self.suit_led, self.penalty, self.rule, self.failed, self.deemed)
        theirs: tuple[object, ...] = (other.seat, other.trick, other.card, other.suit_led, other.penalty, other.rule, other.failed,
                                      other.deemed)
        return mine == theirs

    def __hash__(self) -> int:
        return hash((self.seat, self.trick, self.card, self.suit_led, self.penalty, self.rule, self.failed, self.deemed))

    def __repr__(self) -> str:
        return (f"{self.__class__.__qualname__}(seat={self.seat!r}, trick={self.trick!r}, card={self.card!r}, "
                f"suit_led={self.suit_led!r}, penalty={self.penalty!r}, rule={self.rule!r}, failed={self.failed!r}, "
                f"deemed={self.deemed!r})")

    def __str__(self) -> str:
        if self.deemed:
            return (f"{self.seat._name_} played no card to trick {self.trick} ({self.suit_led.plural} led) and placed "
                    f"{self.card.text} among his played cards: deemed to have revoked on it (67B1)")
        if self.failed is not None:
            return f"{self.seat._name_} revoked with {self.card.text} on trick {self.trick}: he failed to play his penalty card {self.failed.text}"
        if isinstance(self.rule, PlayRule):
            return f"{self.seat._name_} revoked with {self.card.text} on trick {self.trick}: he had to {self.rule.duty}"
        if self.rule is not None:
            had = "had to lead" if self.rule.must else "was forbidden to lead"
            return f"{self.seat._name_} revoked by leading {self.card.text} to trick {self.trick} when he {had} {self.suit_led.plural}"
        return f"{self.seat._name_} revoked with {self.card.text} on trick {self.trick} ({self.suit_led.plural} led)"


class Withdrawal:
    """A played card taken back into the hand.

    Written out as ``@dataclass(unsafe_hash=True, slots=True)`` would write it (``replaced_by``
    and ``standing`` outside equality), so that a compiled build (``make fast``) makes it a
    native class. Treated as immutable.
    """

    __slots__ = ("card", "replaced_by", "seat", "standing", "trick")
    __match_args__: ClassVar[tuple[str, ...]] = ("seat", "card", "trick", "replaced_by", "standing")

    seat: Seat
    card: Card
    trick: int
    #: the card a rectification put in its place (a substitute), if any
    replaced_by: Card | None
    #: the cards on the trick once it was withdrawn (``replaced_by`` in its place): those
    #: played to the trick before the withdrawal, in the record's order; a card played to
    #: the trick afterwards is not among them (it was played to the card that replaced it)
    standing: tuple[tuple[Seat, Card], ...]

    def __init__(self, seat: Seat, card: Card, trick: int, replaced_by: Card | None = None,
                 standing: tuple[tuple[Seat, Card], ...] = ()) -> None:
        self.seat = seat
        self.card = card
        self.trick = trick
        self.replaced_by = replaced_by
        self.standing = standing

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Withdrawal) or other.__class__ is not self.__class__:
            return NotImplemented
        # (tuples of objects: compiled, a tuple of declared types may be compared wrongly, as Node's was)
        mine: tuple[object, ...] = (self.seat, self.card, self.trick)
        theirs: tuple[object, ...] = (other.seat, other.card, other.trick)
        return mine == theirs

    def __hash__(self) -> int:
        return hash((self.seat, self.card, self.trick))

    def __repr__(self) -> str:
        return (f"{self.__class__.__qualname__}(seat={self.seat!r}, card={self.card!r}, trick={self.trick!r}, "
                f"replaced_by={self.replaced_by!r}, standing={self.standing!r})")

    def stood(self, seat: Seat, card: Card) -> bool:
        """Whether ``seat``'s ``card`` was on the trick when this card was withdrawn (played
        before the withdrawal, not after it)."""
        return (seat, card) in self.standing

    def __str__(self) -> str:
        return f"{self.seat} {self.card}"


def at_turn_after_cards_that_stand(leader: Seat, cards: Sequence[tuple[Seat, Card]], seat: Seat,
                                   declaring: Side, indicated_from: int = 4) -> bool:
    """Whether ``seat``'s card to the trick ``leader`` led, now holding ``cards``, is played
    at his turn though it does not follow the last card in rotation: every seat before him in
    rotation has played, he has not, and the cards of the seats after him, one each, were put
    down before their turn and stand as played whatever is ruled. Declarer's premature play
    from either hand is a played card (57C3); a defender's card put down before his partner's
    once declarer has played from both hands stands, no rectification (57C1), and so does one
    put down after dummy picked out or suggested a card before his right-hand opponent played
    (2017 57C2, 2007 57C1: ``indicated_from``, the cards the trick held then). The trick waits
    for the seats it passed over, each at his turn."""
    order = (leader, leader.next(1), leader.next(2), leader.next(3))
    at = order.index(seat)
    played = [s for s, _ in cards]
    if seat in played or len(set(played)) != len(played) or any(s not in played for s in order[:at]):
        return False
    early = False
    hands = 0  # (the cards of declarer's two hands put down so far)
    for j, s in enumerate(played):
        if order.index(s) > at:
            if s.side is not declaring and hands < 2 and j < indicated_from:
                return False  # (a defender's early card that 57A or 57D may rectify)
            early = True
        if s.side is declaring:
            hands += 1
    return early


def _entry_of(entries: Sequence[OutOfTurn], withdrawn: tuple[Withdrawal, ...], number: int, seat: Seat,
              card: Card) -> int:
    """The index in ``entries`` (plays out of turn) of the entry of ``seat``'s ``card``
    standing on trick ``number``: its own, or where it is a substitute a rectification put
    in place of a card played out of turn (``withdrawn``: the card it replaced, back to the
    card put down), that card's; -1 when it has none. An entry names the card its player put
    down, and a substitute in its place stands where that play out of turn stood."""
    for _ in range(len(withdrawn) + 1):
        mine = False  # (an entry of his on the trick: only then a substitute's may be one)
        for k, e in enumerate(entries):
            if e[0] == number and e[1] is seat:
                if e[2] == card:
                    return k
                mine = True
        if not mine:
            return -1
        w = next((w for w in reversed(withdrawn) if w.replaced_by == card and w.trick == number and w.seat is seat), None)
        if w is None:
            return -1
        card = w.card
    return -1


def _in_rotation_again(out_of_turn: tuple[OutOfTurn, ...], withdrawn: tuple[Withdrawal, ...], number: int, leader: Seat,
                       plays: tuple[tuple[Seat, Card], ...], pos: int) -> tuple[OutOfTurn, ...]:
    """The plays out of turn of trick ``number`` (led by ``leader``, now holding ``plays``)
    read again from its card at ``pos`` (not its lead) on: a card whose player was the first
    in rotation from the leader not to have played before it, and who has no other card
    there, was played in turn (a defender's partner at his own turn after the defender's
    premature card taken back, 57A; the players after dummy's card played second to an
    accepted opening lead, 54B2): its entry goes. A card taken back keeps its own
    (``withdrawn``: the cards taken back, for the entry of a substitute, :func:`_entry_of`)."""
    entries = list(out_of_turn)
    rotation = (leader.next(1), leader.next(2), leader.next(3))
    for k in range(max(pos, 1), len(plays)):
        seat, card = plays[k]
        at = _entry_of(entries, withdrawn, number, seat, card)
        if at < 0:
            continue
        before = {s for s, _ in plays[:k]}
        if any(s is seat for s, _ in plays[k + 1:]):
            continue  # (his second card there is out of turn: the entry is that card's)
        if seat not in before and next((s for s in rotation if s not in before), None) is seat:
            del entries[at]
    return tuple(entries) if len(entries) != len(out_of_turn) else out_of_turn


def _out_of_rotation_now(out_of_turn: tuple[OutOfTurn, ...], withdrawn: tuple[Withdrawal, ...], number: int, leader: Seat,
                         plays: tuple[tuple[Seat, Card], ...], pos: int) -> tuple[OutOfTurn, ...]:
    """The plays out of turn of trick ``number`` (led by ``leader``, now holding ``plays``)
    once a card before ``pos`` was taken off it with nothing in its place: a later card whose
    player is no longer the first in rotation from the leader not to have played before it
    (his card followed the card taken off, and the seat at whose turn that card was played has
    still to play: dummy's card after a defender's card at his right-hand opponent's turn,
    57D) is now a play out of turn, for the lead rules to rule (57C3, 57A, 57D). A seat's
    second card there keeps its reading; a card with an entry keeps it (``withdrawn``: for
    the entry of a substitute, :func:`_entry_of`)."""
    entries = list(out_of_turn)
    rotation = (leader.next(1), leader.next(2), leader.next(3))
    for k in range(max(pos, 1), len(plays)):
        seat, card = plays[k]
        before = {s for s, _ in plays[:k]}
        if seat in before or _entry_of(entries, withdrawn, number, seat, card) >= 0:
            continue
        if next((s for s in rotation if s not in before), None) is not seat:
            # (placed among the entries in the order of play: before those of later tricks)
            at = next((x for x, e in enumerate(entries) if e[0] > number), len(entries))
            entries.insert(at, (number, seat, card))
    return tuple(entries) if len(entries) != len(out_of_turn) else out_of_turn


def _without_entry(out_of_turn: tuple[OutOfTurn, ...], withdrawn: tuple[Withdrawal, ...], number: int, seat: Seat,
                   card: Card) -> tuple[OutOfTurn, ...]:
    """``out_of_turn`` without the entry of ``seat``'s ``card`` on trick ``number``
    (:func:`_entry_of`), if it has one."""
    at = _entry_of(out_of_turn, withdrawn, number, seat, card)
    return out_of_turn if at < 0 else (*out_of_turn[:at], *out_of_turn[at + 1:])


def _next_lead_to_this_trick(tricks: tuple[Trick, ...], i: int, out_of_turn: tuple[OutOfTurn, ...],
                             withdrawn: tuple[Withdrawal, ...],
                             declarer: Seat | None = None) -> tuple[tuple[Trick, ...], tuple[OutOfTurn, ...]]:
    """``tricks`` once a card (a lead or a card played to it) was taken off ``tricks[i]``
    with nothing in its place, when the next trick is led by a card put down after it by a
    seat with no card left in this one: his own card taken back, or none ever played there
    (the trick held four cards only with another seat's second card, so the table read his
    as the next lead). A player plays one card to each trick and leads to the next only
    after playing to this one (44B), so that card is his card to this trick, placed after its
    cards as it was put down, in turn or out of rotation as they make it (for the rules of
    plays out of turn and revokes: 57A, 57C3, 57D, 62A). Its entry as a lead out of turn of
    the next trick goes. Where tricks follow the next one, every later card moves back one
    place: the table reads four cards to a trick, so each later trick begins one card later
    (:func:`_regrouped`; its turns and revokes are read again by the caller). Otherwise
    ``tricks`` as given (docs/decisions.md, "A card the table put down as the lead to the
    next trick, its player's card of the trick in progress taken back by the ruling").

    A next trick, the last, led by a defender with a card on this one, which now waits for
    his partner's alone: his lead was put down before his partner played to this trick, and
    where his partner's card follows it, at once or after his opponents' cards, theirs were
    plays to his lead and his partner's is his card to this trick, as the replay reads such cards
    (:meth:`TableState.lead_order`, 57A; ``declarer`` given: who the defenders are)."""
    if i + 2 > len(tricks):
        return tricks, out_of_turn
    t, nxt = tricks[i], tricks[i + 1]
    if not nxt.plays or nxt.short is not None or t.short is not None or len(t.plays) >= 4:
        return tricks, out_of_turn
    seat = nxt.plays[0][0]
    if any(s is seat for s, _ in t.plays):
        return _partner_card_to_this_trick(tricks, i, out_of_turn, withdrawn, declarer)
    plays = (*t.plays, nxt.plays[0])
    moved = Trick(t.number, t.leader, plays)
    if i + 2 < len(tricks):
        later = _regrouped(tricks[i + 1:], len(plays) == 4)
        if later is None:
            return tricks, out_of_turn
        tricks = (*tricks[:i], moved, *later)
    else:
        rest = nxt.plays[1:]
        tricks = (*tricks[:i], moved, *((Trick(nxt.number, rest[0][0], rest),) if rest else ()))
    entries = _without_entry(out_of_turn, withdrawn, nxt.number, seat, nxt.plays[0][1])
    return tricks, _out_of_rotation_now(entries, withdrawn, t.number, t.leader, plays, len(plays) - 1)


def _partner_card_to_this_trick(tricks: tuple[Trick, ...], i: int, out_of_turn: tuple[OutOfTurn, ...],
                                withdrawn: tuple[Withdrawal, ...],
                                declarer: Seat | None) -> tuple[tuple[Trick, ...], tuple[OutOfTurn, ...]]:
    """``tricks`` once ``tricks[i]``, three cards, gets the card of the seat still due to it
    from the next trick, the last: that trick led by his partner, a defender, whose card on
    ``tricks[i]`` came before (his lead put down before his partner played, 57A), with only
    opponents' cards, or none, between the lead and the partner's card: a player plays to a
    trick before he plays to the next (44B), so the partner's card just after the lead is his
    card to this trick, as the replay reads it (``lead_order``; :func:`_next_lead_to_this_trick`).
    Otherwise ``tricks`` as given."""
    t, nxt = tricks[i], tricks[i + 1]
    if declarer is None or len(t.plays) != 3 or i + 2 != len(tricks):
        return tricks, out_of_turn
    seat = nxt.plays[0][0]
    due = next(s for s in (Seat.N, Seat.E, Seat.S, Seat.W) if all(x is not s for x, _ in t.plays))
    if seat.side is declarer.side or due is not seat.partner:
        return tricks, out_of_turn
    k = next((n for n, (s, _) in enumerate(nxt.plays) if s is due), None)
    if k is None or k < 1 or any(s.side is seat.side for s, _ in nxt.plays[1:k]):
        return tricks, out_of_turn
    plays = (*t.plays, nxt.plays[k])
    rest = (*nxt.plays[:k], *nxt.plays[k + 1:])
    tricks = (*tricks[:i], Trick(t.number, t.leader, plays), Trick(nxt.number, seat, rest))
    entries = _without_entry(out_of_turn, withdrawn, nxt.number, due, nxt.plays[k][1])
    return tricks, _out_of_rotation_now(entries, withdrawn, t.number, t.leader, plays, len(plays) - 1)


def _regrouped(later: tuple[Trick, ...], complete: bool) -> tuple[Trick, ...] | None:
    """The tricks ``later`` (each complete but the last) once the first card of the first
    has moved back into the trick before it (:func:`_next_lead_to_this_trick`): their other
    cards, in the order put down, read four to a trick from the first's number, each trick
    led by its first card. None where that trick before is still short (``complete``
    false) or one of them is a defective trick (67: three cards), whose reading does not
    move."""
    if not complete or any(u.short is not None for u in later):
        return None
    cards = [p for u in later for p in u.plays][1:]
    number = later[0].number
    out: list[Trick] = []
    for k in range(0, len(cards), 4):
        chunk = tuple(cards[k:k + 4])
        out.append(Trick(number, chunk[0][0], chunk))
        number += 1
    return tuple(out)


def _moved_up(cards: frozenset[PenaltyCard], at: int, n: int = 1) -> frozenset[PenaltyCard]:
    """``cards`` once the ``n`` cards played from the ``at``-th (from 0) on leave the table
    with nothing in their place: a penalty card made, or turned major, after one of them was
    played counts its plays from that many places earlier (``since``, ``major_from``)."""
    if not any(p.since > at or p.major_from > at for p in cards):
        return cards
    return frozenset(p if not (p.since > at or p.major_from > at) else
                     PenaltyCard(p.seat, p.card, p.kind, p.since - min(n, p.since - at) if p.since > at else p.since,
                                 p.major_from - min(n, p.major_from - at) if p.major_from > at else p.major_from)
                     for p in cards)


def _take_back(penalty: frozenset[PenaltyCard], played_penalty: frozenset[PenaltyCard], card: Card, restore: bool,
               standing: int) -> tuple[frozenset[PenaltyCard], frozenset[PenaltyCard]]:
    """A played card goes back to the hand: if it was a penalty card when played it is no
    longer a played one, and with ``restore`` a penalty card again from now on: it obliges
    later plays, not the ``standing`` cards already on the table (PenaltyCard.since)."""
    if not played_penalty:
        return penalty, played_penalty
    was = next((p for p in played_penalty if p.card == card), None)
    if was is None:
        return penalty, played_penalty
    if restore:
        penalty = penalty | {PenaltyCard(was.seat, was.card, was.kind, standing)}
    return penalty, played_penalty - {was}


_NO_PENALTY_CARDS: frozenset[PenaltyCard] = frozenset()


def _cards_to_complete(omissions: tuple[tuple[int, Seat, Card | None], ...], number: int, short: Seat | None) -> int:
    """How many cards complete trick ``number`` as played: three when ``short`` played no
    card to it (67), also when he placed one among his played cards there later (67B1: the
    trick was quitted at three, and play went on from it), else four."""
    if short is None:
        return 4
    return 3 if any(n == number and s is short for n, s, _ in omissions) else 4


def _kind_of(penalty: frozenset[PenaltyCard], card: Card) -> PenaltyKind | None:
    """The kind of penalty card ``card`` is among ``penalty`` (the cards in force), or None."""
    for p in penalty:  # (a few at most)
        if p.card == card:
            return p.kind
    return None


def _placed_on(omissions: tuple[tuple[int, Seat, Card | None], ...], number: int, short: Seat | None,
               cards: list[tuple[Seat, Card]]) -> Card | None:
    """The card ``short`` placed among his played cards on defective trick ``number`` under
    67B1, when the trick's ``cards`` do not hold it yet: a replay of the record from the deal
    (``restart``, which keeps the omissions as ruled) puts it there once the trick is quitted
    at its three cards, with the revoke he is deemed to have made there; else None."""
    if short is None or any(s is short for s, _ in cards):
        return None
    return next((c for n, s, c in omissions if n == number and s is short and c is not None), None)


def _in_rotation(leader: Seat, cards: list[tuple[Seat, Card]], seat: Seat, card: Card) -> list[tuple[Seat, Card]]:
    """``cards`` of a trick led by ``leader`` with ``seat``'s ``card`` put in his place in rotation."""
    order = [leader, leader.lho, leader.lho.lho, leader.rho]
    return sorted((*cards, (seat, card)), key=lambda p: order.index(p[0]))


def _holding(deal: Deal, tricks: tuple[Trick, ...]) -> tuple[frozenset[Card], ...]:
    """What each seat holds once ``tricks`` are played from ``deal`` (N, E, S, W)."""
    if not tricks:  # the hands as dealt (a record's start)
        return tuple([h.cards for h in deal.hands])
    played = [set[Card]() for _ in range(4)]
    for t in tricks:
        for s, c in t.plays:
            played[s.index].add(c)
    return tuple(h.cards - p for h, p in zip(deal.hands, played, strict=False))


# A hand held as a bit mask: each card's bit is ``1 << (card - 2)`` (a card's int is 16 *
# suit order + rank, rank 2 to 14: the clubs 2 is bit 0, the spade ace bit 60, so every
# mask is a small int, one machine word compiled); a suit's cards are 13 bits in a row.
#: each card's bit, by the card's int (0 for an int that is no card)
CARD_BIT: Final[tuple[int, ...]] = tuple([1 << (c - 2) if 2 <= c & 15 <= 14 else 0 for c in range(64)])
#: the bits of each suit's 13 cards, by suit order: whether a hand holds the suit led is ``mask & SUIT_BITS[order]``
SUIT_BITS: Final[tuple[int, ...]] = tuple([0x1FFF << (16 * order) for order in range(4)])
#: the card of each bit, by the bit's ``bit_length()`` (the card of bit ``1 << k`` at ``k + 1``)
_BIT_CARD: Final[tuple[Card | None, ...]] = tuple([None, *({int(c): c for c in DECK}.get(k + 2) for k in range(61))])
#: the hand of each mask made so far (by its mask): built once, iterating in one order (the
#: cards put in from the lowest), emptied when full
_HANDS: Final[dict[int, frozenset[Card]]] = {}


def mask_of(cards: Iterable[Card]) -> int:
    """The bit mask of ``cards`` (:data:`CARD_BIT`)."""
    mask = 0
    for c in cards:
        mask |= CARD_BIT[c]
    return mask


def cards_of(mask: int) -> frozenset[Card]:
    """The cards of a bit mask, as a set (made once per mask: :data:`_HANDS`)."""
    found = _HANDS.get(mask)
    if found is None:
        cards: list[Card] = []
        rest = mask
        while rest:
            low = rest & -rest
            card = _BIT_CARD[low.bit_length()]
            assert card is not None
            cards.append(card)
            rest ^= low
        if len(_HANDS) >= 8192:
            _HANDS.clear()
        found = _HANDS[mask] = frozenset(cards)
    return found


class CardStatus(enum.Enum):
    IN_HAND = "in hand"
    PLAYED = "played"
    PENALTY_MAJOR = "major penalty card"
    PENALTY_MINOR = "minor penalty card"


def _second_card_in_a_trick(read: Sequence[tuple[Seat, Card]], plays: Sequence[tuple[Seat, Card]]) -> bool:
    """Whether a seat of ``plays`` puts a second card in one trick, the cards taken four a
    trick after ``read`` (the cards of the trick in progress): one pass on bits of
    ``Seat.index``. Only then may a card be read as a lead to the next trick
    (:meth:`TableState.lead_order`)."""
    seen, count = 0, len(read)
    for s, _ in read:
        seen |= 1 << s.index
    for s, _ in plays:
        bit = 1 << s.index
        if seen & bit:
            return True
        if count == 3:
            seen, count = 0, 0
        else:
            seen, count = seen | bit, count + 1
    return False


class TableState:
    """The cards on the table at one moment; apply() returns a new state.

    ``deal`` holds the hands as they were when the record starts (trick ``first_trick``).
    ``tricks`` holds every trick begun since, the last possibly incomplete.

    Written out as ``@dataclass(frozen=True)`` would write it (the same ``__init__``,
    ``__eq__``, ``__hash__``, ``__repr__`` and ``__match_args__``; ``holding`` and ``masks``
    outside equality and the repr), so that a compiled build (``make fast``) makes it a native
    class. Treated as immutable: a new table is a copy (:meth:`_copy`) with some fields set
    before it is handed out. Compiled, the class body names no default (interpreted, they are
    set on the class below it, ``_NATIVE``) and ``__match_args__`` is a class variable: mypyc
    sets a class-body default on every instance made, before ``__init__`` sets it again.

    The hands are kept as bit masks (``masks``: one int a seat, :data:`CARD_BIT`): placing a
    card, taking one back and whether a hand holds a suit are int operations; the hands as
    sets (``holding``, ``hand``) are made from the masks when first read, and kept.
    """

    __match_args__: ClassVar[tuple[str, ...]] = ("deal", "contract", "declarer", "first_trick", "first_leader", "tricks", "penalty_cards", "withdrawn",
                      "won_before", "revokes", "played_penalty", "out_of_turn", "lead_rules", "lead_rules_made",
                      "play_rules", "play_rules_made", "established_by", "misplaced_leads", "early_leads", "early_made", "put_down_early",
                      "omissions", "revokes_out_of_rotation", "lead_options_waived", "dummy_indications", "raised_by_dummy", "holding", "masks")

    deal: Deal
    contract: Contract
    declarer: Seat
    first_trick: int
    first_leader: Seat
    tricks: tuple[Trick, ...]
    penalty_cards: frozenset[PenaltyCard]
    withdrawn: tuple[Withdrawal, ...]
    won_before: tuple[int, int]  # NS, EW tricks won before first_trick
    revokes: tuple[Revoke, ...]
    played_penalty: frozenset[PenaltyCard]  # penalty cards since played
    out_of_turn: tuple[OutOfTurn, ...]  # plays out of turn, each by its card (``OutOfTurn``)
    #: lead restrictions still in force (50D2(a), 51B): a later lead that breaks one is a revoke
    lead_rules: tuple[LeadRule, ...]
    #: every lead restriction put in force on this table (:meth:`with_lead_rule`), spent or
    #: not: those in force at a lead already on the table are read from these (:meth:`lead_rules_at`)
    lead_rules_made: tuple[LeadRule, ...]
    #: restrictions on a player's next card to a trick (57A options, 57D): breaking one is a revoke
    play_rules: tuple[PlayRule, ...]
    #: every restriction on one card put in force on this table (:meth:`with_play_rule`), spent
    #: or not: the one a card already on the table was played under is read from these
    play_rules_made: tuple[PlayRule, ...]
    #: revokes established by a play to the next trick that a rectification has since taken
    #: back (44G), with that play: they stay established (63A1: any play by his side to the
    #: next trick establishes it; nothing in Law 63 undoes that)
    established_by: tuple[tuple[Revoke, tuple[Seat, Card]], ...]
    #: (trick, card): dummy's lead of ``card`` was not the card declarer designated and a
    #: ruling let it stand, too late to correct (2017 45D2); Law 64 reads it
    misplaced_leads: frozenset[tuple[int, Card]]
    #: (trick, seat): a defender's lead to this trick made before his partner had played to
    #: the trick before it (57A's first case), the partner's card following it in the record
    #: (docs/case-format.md): the lead is out of turn whoever won that trick, and the record
    #: keeps it across a replay (:meth:`restart`)
    early_leads: tuple[tuple[int, Seat], ...]
    #: every lead ever marked in ``early_leads``, kept when a rule has ruled it: it was made
    #: before his partner's card to the trick before, so it establishes no revoke of the
    #: partner's there (63A1 counts plays after the revoke)
    early_made: tuple[tuple[int, Seat], ...]
    #: (trick, seat, card, seats): ``seat``'s lead of ``card`` to this trick was put down
    #: before the trick before it was complete, ``seats`` playing to that trick after it (a
    #: seat's second card in a trick read as his lead to the next one, :meth:`lead_order`);
    #: it was no lead in turn when made, and no card played after those seats' cards (62C1,
    #: 63A1); the record keeps it across a replay (:meth:`restart`)
    put_down_early: tuple[tuple[int, Seat, Card, tuple[Seat, ...]], ...]
    #: (trick, seat, card): the seat played no card to this trick at his turn and it was
    #: quitted with three cards (a defective trick, 67; the record's ``<seat> omits``); ``card``
    #: is the card he placed among his played cards later (67B1), None until then. A trick
    #: with one is complete at its three other cards and won by them (``Trick.short``); the
    #: record keeps it across a replay (:meth:`restart`)
    omissions: tuple[tuple[int, Seat, Card | None], ...]
    #: (trick, seat, card): ``seat``'s card placed out of rotation on this trick (a premature
    #: card, 57A; one at his right-hand opponent's turn, 57D) that stands as his card there, a
    #: revoke (61A), left where it was played so that the revoke rules read the order of play
    #: (62C1, 62C2); once the revoke is ruled, his card there (``card`` or its substitute) is
    #: placed at his turn (:meth:`revokes_placed_at_turn`)
    revokes_out_of_rotation: tuple[tuple[int, Seat, Card], ...]
    #: (holder, cards, trick): at his partner's lead to ``trick`` declarer neither required nor
    #: forbade a suit over ``holder``'s penalty cards ``cards`` (50D2(b), 51B2(c)), which
    #: stayed on the table; a later choice over the same cards for the same lead reads it
    lead_options_waived: tuple[tuple[Seat, frozenset[Card], int], ...]
    #: (trick, cards): dummy picked out or suggested a card of his own accord (45F) while this
    #: trick held that many cards, his right-hand opponent not yet having played to it: a
    #: defender's card put down after it before his partner's stands as played, no
    #: rectification (2017 57C2, 2007 57C1), and the trick waits for the seats it passed over,
    #: each at his turn (:func:`at_turn_after_cards_that_stand`); the record keeps it across a
    #: replay (:meth:`restart`)
    dummy_indications: tuple[tuple[int, int], ...]
    #: (trick, seat, clause): a revoke that dummy, having broken 43A2, was the first to raise
    #: (a ruling of dummy's limits marks it), as Law 64 reads it: ``43B2(b)``, declarer's
    #: revoke he asked about, corrected and counted as if established; ``43B3``, a defender's
    #: revoke he pointed out, left without rectification (:meth:`with_raised_by_dummy`)
    raised_by_dummy: tuple[tuple[int, Seat, str], ...]
    #: What each seat holds now (N, E, S, W), as bit masks (:data:`CARD_BIT`): derived from
    #: deal and tricks, kept for speed; the hands as sets (``holding``) are made from them
    #: when first read.
    masks: tuple[int, ...]
    #: the hands as sets once read (``holding``), or None
    _holding: tuple[frozenset[Card], ...] | None

    def __init__(self, deal: Deal, contract: Contract, declarer: Seat, first_trick: int = 1, first_leader: Seat = Seat.W,
                 tricks: tuple[Trick, ...] = (), penalty_cards: frozenset[PenaltyCard] = frozenset(),
                 withdrawn: tuple[Withdrawal, ...] = (), won_before: tuple[int, int] = (0, 0), revokes: tuple[Revoke, ...] = (),
                 played_penalty: frozenset[PenaltyCard] = frozenset(), out_of_turn: tuple[OutOfTurn, ...] = (),
                 lead_rules: tuple[LeadRule, ...] = (), lead_rules_made: tuple[LeadRule, ...] = (),
                 play_rules: tuple[PlayRule, ...] = (), play_rules_made: tuple[PlayRule, ...] = (),
                 established_by: tuple[tuple[Revoke, tuple[Seat, Card]], ...] = (),
                 misplaced_leads: frozenset[tuple[int, Card]] = frozenset(), early_leads: tuple[tuple[int, Seat], ...] = (),
                 early_made: tuple[tuple[int, Seat], ...] = (),
                 put_down_early: tuple[tuple[int, Seat, Card, tuple[Seat, ...]], ...] = (),
                 omissions: tuple[tuple[int, Seat, Card | None], ...] = (),
                 revokes_out_of_rotation: tuple[tuple[int, Seat, Card], ...] = (),
                 lead_options_waived: tuple[tuple[Seat, frozenset[Card], int], ...] = (),
                 dummy_indications: tuple[tuple[int, int], ...] = (),
                 raised_by_dummy: tuple[tuple[int, Seat, str], ...] = (),
                 holding: tuple[frozenset[Card], ...] = (), masks: tuple[int, ...] = ()) -> None:
        self.deal = deal
        self.contract = contract
        self.declarer = declarer
        self.first_trick = first_trick
        self.first_leader = first_leader
        self.tricks = tricks
        self.penalty_cards = penalty_cards
        self.withdrawn = withdrawn
        self.won_before = won_before
        self.revokes = revokes
        self.played_penalty = played_penalty
        self.out_of_turn = out_of_turn
        self.lead_rules = lead_rules
        self.lead_rules_made = lead_rules_made
        self.play_rules = play_rules
        self.play_rules_made = play_rules_made
        self.established_by = established_by
        self.misplaced_leads = misplaced_leads
        self.early_leads = early_leads
        self.early_made = early_made
        self.put_down_early = put_down_early
        self.omissions = omissions
        self.revokes_out_of_rotation = revokes_out_of_rotation
        self.lead_options_waived = lead_options_waived
        self.dummy_indications = dummy_indications
        self.raised_by_dummy = raised_by_dummy
        if masks:
            self.masks = masks
            self._holding = holding or None
        else:
            hands = holding or _holding(deal, tricks)
            self.masks = tuple([mask_of(h) for h in hands])
            self._holding = hands

    def _values(self) -> tuple[object, ...]:
        """The fields equality and the hash read (all but ``holding``), in order, as one tuple
        of objects (compiled, a tuple of declared types may be compared wrongly, as Node's was)."""
        return (self.deal, self.contract, self.declarer, self.first_trick, self.first_leader, self.tricks, self.penalty_cards,
                self.withdrawn, self.won_before, self.revokes, self.played_penalty, self.out_of_turn, self.lead_rules,
                self.lead_rules_made, self.play_rules, self.play_rules_made, self.established_by, self.misplaced_leads,
                self.early_leads, self.early_made, self.put_down_early, self.omissions, self.revokes_out_of_rotation, self.lead_options_waived,
                self.dummy_indications, self.raised_by_dummy)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TableState) or other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        return (f"{self.__class__.__qualname__}(deal={self.deal!r}, contract={self.contract!r}, declarer={self.declarer!r}, "
                f"first_trick={self.first_trick!r}, first_leader={self.first_leader!r}, tricks={self.tricks!r}, "
                f"penalty_cards={self.penalty_cards!r}, withdrawn={self.withdrawn!r}, won_before={self.won_before!r}, "
                f"revokes={self.revokes!r}, played_penalty={self.played_penalty!r}, out_of_turn={self.out_of_turn!r}, "
                f"lead_rules={self.lead_rules!r}, lead_rules_made={self.lead_rules_made!r}, "
                f"play_rules={self.play_rules!r}, play_rules_made={self.play_rules_made!r}, established_by={self.established_by!r}, "
                f"misplaced_leads={self.misplaced_leads!r}, early_leads={self.early_leads!r}, "
                f"early_made={self.early_made!r}, put_down_early={self.put_down_early!r}, omissions={self.omissions!r}, "
                f"revokes_out_of_rotation={self.revokes_out_of_rotation!r}, lead_options_waived={self.lead_options_waived!r}, "
                f"dummy_indications={self.dummy_indications!r}, raised_by_dummy={self.raised_by_dummy!r})")

    def _copy(self) -> TableState:
        """A copy of this table, for a method to set the fields it changes before handing it
        out: compiled, the native constructor; interpreted, one update of the new instance's
        dictionary (an ``__init__`` of 21 fields costs more than the rest of most methods)."""
        if _NATIVE:
            return TableState(self.deal, self.contract, self.declarer, self.first_trick, self.first_leader, self.tricks,
                              self.penalty_cards, self.withdrawn, self.won_before, self.revokes, self.played_penalty,
                              self.out_of_turn, self.lead_rules, self.lead_rules_made, self.play_rules, self.play_rules_made,
                              self.established_by,
                              self.misplaced_leads, self.early_leads, self.early_made, self.put_down_early, self.omissions,
                              self.revokes_out_of_rotation, self.lead_options_waived, self.dummy_indications, self.raised_by_dummy,
                              self._holding or (),
                              self.masks)
        new = object.__new__(TableState)
        new.__dict__.update(self.__dict__)
        return new

    def _evolve(self, **changes: Any) -> TableState:
        """A faster dataclasses.replace (this is the solver's hot path). ``holding``: the
        hands as sets (their masks made from them); ``masks``: as bit masks (the sets made
        when read)."""
        new = self._copy()
        if "holding" in changes:
            hands = changes.pop("holding")
            changes["masks"] = tuple([m if h is k else mask_of(h) for h, k, m in zip(hands, self._holding or (), self.masks, strict=False)]
                                     if self._holding is not None else [mask_of(h) for h in hands])
            changes["_holding"] = hands
        elif "masks" in changes:
            changes["_holding"] = None
        if _NATIVE:
            for name, value in changes.items():
                setattr(new, name, value)
        else:
            new.__dict__.update(changes)
        return new

    # ----- construction -------------------------------------------------------------
    @classmethod
    def start(
        cls,
        deal: Deal,
        contract: Contract,
        declarer: Seat,
        *,
        first_trick: int = 1,
        leader: Seat | None = None,
        won: tuple[int, int] = (0, 0),
        penalty_cards: Iterable[PenaltyCard] = (),
    ) -> TableState:
        """Return the state before the first play of the record.

        Raises IllegalActionError if a penalty card is not in its owner's hand or belongs
        to declarer or dummy (48A).
        """
        pcs = frozenset(penalty_cards)
        for pc in pcs:
            if pc.card not in deal[pc.seat]:
                raise IllegalActionError(f"penalty card {str(pc.card)!r} is not in {pc.seat}'s hand", token=str(pc.card))
            if pc.seat in (declarer, declarer.partner):
                raise IllegalActionError(
                    f"penalty card {str(pc.card)!r}: declarer's and dummy's cards are never penalty cards (48A)",
                    token=str(pc.card),
                )
        return cls._dealt(deal, contract, declarer, first_trick, leader if leader is not None else declarer.lho, won, pcs)

    @classmethod
    def _dealt(cls, deal: Deal, contract: Contract, declarer: Seat, first_trick: int, first_leader: Seat,
               won: tuple[int, int], penalty_cards: frozenset[PenaltyCard]) -> TableState:
        """The state ``cls(deal=..., ...)`` makes with no card played, the hands as dealt,
        every field set at once, interpreted (an ``__init__`` sets each apart)."""
        if _NATIVE:
            return TableState(deal, contract, declarer, first_trick, first_leader, (), penalty_cards, (), won, (),
                              _NO_PENALTY_CARDS, masks=_dealt_masks(deal))
        state = object.__new__(cls)
        state.__dict__.update(
            deal=deal,
            contract=contract,
            declarer=declarer,
            first_trick=first_trick,
            first_leader=first_leader,
            tricks=(),
            penalty_cards=penalty_cards,
            withdrawn=(),
            won_before=won,
            revokes=(),
            played_penalty=_NO_PENALTY_CARDS,
            out_of_turn=(),
            lead_rules=(),
            masks=_dealt_masks(deal),
            _holding=tuple([h.cards for h in deal.hands]),
        )
        return state

    def restart(self) -> TableState:
        """The table before the first play of the record, for a table no rectification has
        touched yet (a replayed record): the penalty cards in force at the start are those
        still in force and those played since (checked when the record's table was started)."""
        start = TableState._dealt(self.deal, self.contract, self.declarer, self.first_trick, self.first_leader, self.won_before,
                                  self.penalty_cards | self.played_penalty)
        if self.early_made or self.put_down_early:
            start = start._evolve(early_leads=self.early_leads, early_made=self.early_made, put_down_early=self.put_down_early)
        if self.omissions:
            start = start._evolve(omissions=self.omissions)
        if self.dummy_indications:
            start = start._evolve(dummy_indications=self.dummy_indications)
        return start

    def with_dummy_indication(self) -> TableState:
        """Mark that dummy picked out or suggested a card of his own accord here (45F), where
        the trick in progress (or the next, none being in progress) holds the cards standing
        so far and his right-hand opponent has not played to it (``dummy_indications``: 2017
        57C2, 2007 57C1); otherwise the table unchanged (no defender's card after it stands by it)."""
        dummy = self.declarer.partner
        last = self.tricks[-1] if self.tricks else None
        if last is not None and not last.is_complete:
            if any(s is dummy.rho or s is dummy for s, _ in last.plays):
                return self
            mark = (last.number, len(last.plays))
        else:
            mark = (last.number + 1 if last is not None else self.first_trick, 0)
        if mark in self.dummy_indications:
            return self
        return self._evolve(dummy_indications=(*self.dummy_indications, mark))

    def indicated_from(self, number: int) -> int:
        """How many cards trick ``number`` held when dummy picked out or suggested a card there
        before his right-hand opponent played (``dummy_indications``): a defender's card from
        that place on, put down before his partner's, stands as played (57C2); 4 when none."""
        if not self.dummy_indications:
            return 4
        return min((k for n, k in self.dummy_indications if n == number), default=4)

    def played_out_of_turn(self, number: int, seat: Seat, card: Card | None = None) -> OutOfTurn | None:
        """The entry of ``out_of_turn`` of ``seat``'s ``card`` on trick ``number`` (of a
        substitute standing in place of a card played out of turn, that card's entry); with
        no ``card``, his first entry there. None when it has none."""
        if card is not None:
            at = _entry_of(self.out_of_turn, self.withdrawn, number, seat, card)
            return self.out_of_turn[at] if at >= 0 else None
        return next((e for e in self.out_of_turn if e[0] == number and e[1] is seat), None)

    def put_down_out_of_turn(self, number: int, seat: Seat, card: Card) -> OutOfTurn | None:
        """:meth:`played_out_of_turn` of ``seat``'s ``card`` on trick ``number``, or, where it
        has no entry of its own, the entry of the card it stands in place of as if put down
        in the first place (:meth:`_put_down_in_place`)."""
        return self.played_out_of_turn(number, seat, card) or self._put_down_in_place(number, seat, card)

    def _put_down_in_place(self, number: int, seat: Seat, card: Card) -> OutOfTurn | None:
        """The entry of a play out of turn whose card ``card`` stands in place of as if put
        down in the first place (:meth:`with_cards`: a call of dummy's card changed before
        dummy faced one, 45C4(b), or the card dummy faced in place of the one called, 45D):
        ``seat``'s only card on trick ``number`` is ``card``, and his one entry there names a
        card that is not on the trick and that no rectification took back (no withdrawal of
        it). The entry keeps the card first named (a ruling of it is known by that key)."""
        entry: OutOfTurn | None = None
        for e in self.out_of_turn:
            if e[0] == number and e[1] is seat:
                if entry is not None:
                    return None
                entry = e
        if entry is None:
            return None
        t = self.trick(number)
        if t is None or sum(1 for s, _ in t.plays if s is seat) != 1 or t.card_of(seat) != card:
            return None
        if any(c == entry[2] for _, c in t.plays):
            return None
        if any(w.trick == number and w.seat is seat and (w.card == entry[2] or w.replaced_by == entry[2]) for w in self.withdrawn):
            return None
        return entry

    def second_card_beside(self, entry: OutOfTurn) -> OutOfTurn | None:
        """For a play out of turn ``entry`` whose seat has another card standing on its trick:
        the entry of that other card (his play out of turn there, of which ``entry`` is a
        second card beside it), or None. A card of his that went back leaves none; nor does
        his lead put down before the trick before it was complete (``early_leads``), ruled as
        made then (57A): a second card of his on its trick is a play of its own."""
        number, seat, card = entry
        t = self.trick(number)
        if t is None:
            return None
        for s, c in t.plays:
            if s is seat and c != card:
                other = self.played_out_of_turn(number, seat, c)
                if other is None or other == entry:
                    continue
                if (number, seat) in self.early_leads and t.plays[0] == (s, c):
                    continue
                return other
        return None

    def not_yet_faced(self, seat: Seat, card: Card) -> TableState | None:
        """The table with ``seat``'s ``card``, the last card standing, back in his hand, its
        place in the trick open again: dummy's card that declarer's call played (45C4(a)) and
        that dummy had not yet faced when attention was drawn, for the record played on after
        the ruling to face it (docs/whole-record.md). None where it is not the last card
        standing, or where it is a revoke or a play out of turn (a rule reads it as such)."""
        tricks = self.tricks
        if not tricks or not tricks[-1].plays or tricks[-1].plays[-1] != (seat, card):
            return None
        last = tricks[-1]
        if _entry_of(self.out_of_turn, self.withdrawn, last.number, seat, card) >= 0 or last.short is not None or any(
                r.seat is seat and r.card == card for r in self.revokes):
            return None
        rest = last.plays[:-1]
        masks = list(self.masks)
        masks[seat.index] |= CARD_BIT[card]
        new = self._copy()
        new.tricks = (*tricks[:-1], Trick(last.number, last.leader, rest)) if rest else tricks[:-1]
        new.masks = tuple(masks)
        new._holding = None
        return new

    def first_played(self, count: int) -> TableState:
        """The table of a replayed record with only its first ``count`` cards standing as
        played: :meth:`restart` and those cards played again. Where that is simply undone the
        later cards are not played again but taken off their tricks, back into the hands, with
        the revokes they made; a table with a play out of turn, a penalty card played, a lead
        restriction, a withdrawn card or a revoke a rule recorded is replayed."""
        revokes = self.revokes
        if (self.out_of_turn or self.played_penalty or self.lead_rules or self.withdrawn
                or (revokes and any(r.rule is not None or r.failed is not None for r in revokes))):
            start = self.restart()
            return start.play_many([(s, c) for t in self.tricks for s, c in t.plays][:count]) if count > 0 else start
        kept: list[Trick] = []
        removed: list[tuple[Seat, Card]] = []
        left = max(count, 0)
        for t in self.tricks:
            plays = t.plays
            if left >= len(plays):
                kept.append(t)
                left -= len(plays)
                continue
            if left:
                kept.append(Trick(t.number, t.leader, plays[:left], t.short))
            removed.extend(plays[left:])
            left = 0
        if not removed:
            return self
        masks = list(self.masks)
        for seat, card in removed:
            masks[seat.index] |= CARD_BIT[card]
        new = self._copy()
        new.tricks = tuple(kept)
        new.masks = tuple(masks)
        new._holding = None
        if revokes:
            gone = {c for _, c in removed}
            new.revokes = tuple([r for r in revokes if r.card not in gone])
        return new

    # ----- geometry ----------------------------------------------------------------
    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    @property
    def declaring_side(self) -> Side:
        return self.declarer.side

    def is_defender(self, seat: Seat) -> bool:
        return seat.side is not self.declarer.side

    @property
    def trumps(self) -> Suit | None:
        return self.contract.strain.trumps

    # ----- cards ---------------------------------------------------------------------
    def played_cards(self, seat: Seat) -> frozenset[Card]:
        return frozenset(c for t in self.tricks for s, c in t.plays if s is seat)

    @property
    def holding(self) -> tuple[frozenset[Card], ...]:
        """What each seat holds now (N, E, S, W), as sets: made from ``masks`` when first read."""
        hands = self._holding
        if hands is None:
            hands = self._holding = tuple([cards_of(m) for m in self.masks])
        return hands

    def hand(self, seat: Seat) -> frozenset[Card]:
        """Cards the seat still holds (penalty cards included: they are his, face up)."""
        hands = self._holding
        return hands[seat.index] if hands is not None else cards_of(self.masks[seat.index])

    def penalty_cards_of(self, seat: Seat) -> frozenset[PenaltyCard]:
        if not self.penalty_cards:
            return _NO_PENALTY_CARDS
        return frozenset(p for p in self.penalty_cards if p.seat is seat)

    def played_penalty_card(self, seat: Seat, card: Card) -> PenaltyCard | None:
        """The penalty card ``card`` was when ``seat`` played it (it stands on a trick), or None."""
        if not self.played_penalty:
            return None
        return next((p for p in self.played_penalty if p.card == card and p.seat is seat), None)

    def lead_alone_was_major_penalty_card(self, trick_no: int, seat: Seat, card: Card) -> bool:
        """Whether ``seat``'s lead of ``card`` is a defender's card alone on trick ``trick_no``
        that was a major penalty card when he led it: withdrawn (45D1, 62C1) it goes back as
        that major penalty card, so his withdrawal and declarer's refusal of the lead (56, 50B)
        leave one position."""
        trick = self.trick(trick_no)
        if trick is None or len(trick.plays) != 1 or not self.is_defender(seat):
            return False
        was = self.played_penalty_card(seat, card)
        return was is not None and was.kind is PenaltyKind.MAJOR

    def status(self, card: Card) -> CardStatus:
        for t in self.tricks:
            for _, c in t.plays:
                if c == card:
                    return CardStatus.PLAYED
        for p in self.penalty_cards:
            if p.card == card:
                return CardStatus.PENALTY_MAJOR if p.kind is PenaltyKind.MAJOR else CardStatus.PENALTY_MINOR
        return CardStatus.IN_HAND

    def trick(self, number: int) -> Trick | None:
        tricks = self.tricks
        i = number - self.first_trick
        if 0 <= i < len(tricks) and tricks[i].number == number:
            return tricks[i]
        if not tricks or number > tricks[-1].number:
            return None  # (tricks are kept in their order: none begun yet)
        # a trick emptied by a withdrawal (replace_card) leaves a gap: search by number
        return next((t for t in tricks if t.number == number), None)

    @property
    def current_trick(self) -> Trick | None:
        return self.tricks[-1] if self.tricks else None

    @property
    def next_leader(self) -> Seat:
        """Who leads the next trick to begin (44G), from the last complete trick."""
        for t in reversed(self.tricks):
            if t.is_complete:
                winner = t.winner(self.trumps)
                assert winner is not None
                return winner
        return self.first_leader

    @property
    def on_play(self) -> Seat:
        """The seat whose turn it is."""
        cur = self.current_trick
        if cur is None or cur.is_complete:
            return self.next_leader
        return cur.next_seat

    def tricks_won(self) -> dict[Side, int]:
        won = {Side.NS: self.won_before[0], Side.EW: self.won_before[1]}
        for t in self.tricks:
            w = t.winner(self.trumps)
            if w is not None:
                won[w.side] += 1
        return won

    def plays(self) -> Iterator[tuple[int, Seat, Card]]:
        """Every card standing as played, as (trick number, seat, card) in order."""
        for t in self.tricks:
            for s, c in t.plays:
                yield t.number, s, c

    # ----- events ----------------------------------------------------------------------
    def apply(self, event: object) -> TableState:
        """Return the state after ``event``. Only Play changes the cards; others return self.

        Records a revoke or a play out of turn instead of refusing it.
        Raises IllegalActionError if the card is not in the seat's hand.
        """
        if isinstance(event, Play):
            return self.play(event.seat, event.card)
        return self

    def play(self, seat: Seat, card: Card) -> TableState:
        """Place ``card`` from ``seat`` in the played position (see apply)."""
        return self.play_many(((seat, card),))

    def play_many(self, plays: Sequence[tuple[Seat, Card]]) -> TableState:
        """Place several cards in order; the same as ``play`` one after another, faster.

        Raises IllegalActionError (with ``index`` set to the offending play's position in
        ``plays``) for a card the seat does not hold.
        """
        tricks = list(self.tricks)
        # the hands as bit masks, each card's bit taken off its hand as it is placed
        masks = list(self.masks)
        # the cards a short seat places on his defective trick (67B1) as it closes: placed at
        # the ruling, so held (not playable) at the tricks replayed after it, a failure to
        # follow there with one of them of the suit led being a revoke (bits, by Seat.index)
        held_till_ruling = [0, 0, 0, 0]
        revokes = list(self.revokes)
        out_of_turn = list(self.out_of_turn)
        penalty = self.penalty_cards
        played_penalty = self.played_penalty
        trumps = self.contract.strain.trumps
        rules = self.lead_rules
        played_rules = self.play_rules
        # the trick being filled is kept as (number, leader, plays) and built once it is left
        cur = tricks.pop() if tricks and not tricks[-1].is_complete else None
        omissions = self.omissions
        # a defective trick (67): its short seat, and how many cards complete it
        short = cur.short if cur is not None else None
        full = _cards_to_complete(omissions, cur.number, short) if cur is not None and short is not None else 4
        number = cur.number if cur is not None else 0
        leader = cur.leader if cur is not None else self.first_leader
        cards: list[tuple[Seat, Card]] = list(cur.plays) if cur is not None else []
        seen = 0  # the seats with a card in the trick being filled, as bits of Seat.index
        for s, _ in cards:
            seen |= 1 << s.index
        open_trick = cur is not None
        led: Suit | None = cards[0][1].suit if cards else None  # the suit led to the trick being filled
        due = cards[-1][0].lho if cards else leader  # the seat next in rotation after the last card placed
        expected: Seat | None
        for index, play in enumerate(plays):
            seat, card = play
            i = seat.index
            hand = masks[i]
            bit = CARD_BIT[card]
            if not hand & bit:
                raise self._not_held(seat, card, index)
            if not open_trick or len(cards) >= full:
                if open_trick:
                    if omissions and (put := _placed_on(omissions, number, short, cards)) is not None:
                        assert short is not None
                        put_bit = CARD_BIT[put]
                        if not masks[short.index] & put_bit:
                            raise self._not_held(short, put, index)
                        cards = _in_rotation(leader, cards, short, put)  # (67B1: the card placed there later)
                        masks[short.index] ^= put_bit
                        held_till_ruling[short.index] |= put_bit
                        revokes.append(Revoke(short, number, put, cards[0][1].suit, deemed=True))
                    tricks.append(Trick(number, leader, tuple(cards), short))
                if open_trick and short is None:
                    # (the trick just left, won on the cards' ints: the same as ``Trick.winner``)
                    expected, best = cards[0]
                    best_suit = best >> 4
                    trump = trumps.order if trumps is not None else -1
                    for s, c in cards[1:]:
                        if c >> 4 == best_suit:
                            if c > best:
                                expected, best = s, c
                        elif c >> 4 == trump:
                            expected, best, best_suit = s, c, trump
                    number += 1
                elif not tricks:
                    number, expected = self.first_trick, self.first_leader
                else:
                    last = tricks[-1]
                    number, expected = last.number + 1, last.winner(trumps)
                leader, cards, open_trick, seen, led = seat, [], True, 0, None
                short, full = None, 4
                if omissions:
                    short = next((s for n, s, _ in omissions if n == number), None)
                    full = _cards_to_complete(omissions, number, short)
                in_turn = seat is expected and not (self.early_leads and (number, seat) in self.early_leads)
                if rules:
                    rules = self._lead_under_rules(rules, revokes, number, seat, card, cards_of(hand), expected,
                                                   was=_kind_of(penalty, card))
            else:
                if due is short and full < 4 and not seen >> due.index & 1:
                    due = due.lho  # (the short seat played no card at his turn: 67)
                in_turn = seat is due and not seen >> i & 1
                if not in_turn and short is None and at_turn_after_cards_that_stand(leader, cards, seat, self.declarer.side,
                                                                                    self.indicated_from(number)):
                    in_turn = True  # (at his turn: the early cards before it stand as played, 57C3, 57C1)
            if not in_turn:
                out_of_turn.append((number, seat, card))
            if played_rules and led is not None:  # (his card to a trick a rectification governs, 57A, 57D)
                played_rules = self._play_under_rules(played_rules, revokes, number, seat, card,
                                                      cards_of(hand), led, in_turn, _kind_of(penalty, card))
            was: PenaltyCard | None = None
            if penalty:
                for p in penalty:  # (a few at most)
                    if p.card == card:
                        was = p
                        break
            # A card placed out of turn in a trick already begun is not a play in rotation to
            # its lead (a proper lead after a lead out of turn, 53B; a premature play, 57):
            # the lead rules deal with it, so it is not recorded as a failure to follow suit.
            if led is None:
                led = card.suit
            elif in_turn and seat is not short and card.suit is not led and (hand | held_till_ruling[i]) & SUIT_BITS[led.order]:
                revokes.append(Revoke(seat, number, card, led, was.kind if was is not None else None))
            cards.append(play)  # (the pair as given: each is a (seat, card) tuple)
            seen |= 1 << i
            due = seat.lho
            if was is not None:
                penalty = frozenset(p for p in penalty if p.card != card)
                # (played as it stood: it obliged the plays made since it became one, not before)
                played_penalty = played_penalty | {was}
            masks[i] = hand ^ bit
        if open_trick:
            if omissions and len(cards) >= full and (put := _placed_on(omissions, number, short, cards)) is not None:
                assert short is not None
                put_bit = CARD_BIT[put]
                if masks[short.index] & put_bit:  # (67B1: the card placed there later)
                    cards = _in_rotation(leader, cards, short, put)
                    masks[short.index] ^= put_bit
                    revokes.append(Revoke(short, number, put, cards[0][1].suit, deemed=True))
            tricks.append(Trick(number, leader, tuple(cards), short))
        new = self._copy()
        new.tricks = tuple(tricks)
        new.revokes = tuple(revokes) if len(revokes) != len(self.revokes) else self.revokes
        new.lead_rules = rules
        new.play_rules = played_rules
        new.out_of_turn = tuple(out_of_turn) if len(out_of_turn) != len(self.out_of_turn) else self.out_of_turn
        new.penalty_cards = penalty
        new.played_penalty = played_penalty
        new.masks = tuple(masks)
        new._holding = None
        return new

    @staticmethod
    def _play_under_rules(rules: tuple[PlayRule, ...], revokes: list[Revoke], number: int, seat: Seat, card: Card,
                          hand: frozenset[Card] | set[Card], led: Suit, in_turn: bool,
                          was: PenaltyKind | None = None) -> tuple[PlayRule, ...]:
        """``seat`` plays ``card`` (from ``hand``) to trick ``number``, led in ``led``: record
        a revoke for a restriction on that card it breaks in turn (61A); return those still in
        force (each governs one card: it is spent by his card to its trick). ``was``: the kind
        of penalty card ``card`` was when he played it (a faced card, 62B2)."""
        kept: list[PlayRule] = []
        for rule in rules:
            if rule.trick == number and rule.seat is seat:
                if in_turn and rule.broken_by(card, hand, led):
                    revokes.append(Revoke(seat, number, card, led, was, rule=rule))
            else:
                kept.append(rule)
        return tuple(kept) if len(kept) != len(rules) else rules

    def with_play_rule(self, rule: PlayRule) -> TableState:
        """The table with ``rule`` in force (:attr:`play_rules`)."""
        return self._evolve(play_rules=(*self.play_rules, rule), play_rules_made=(*self.play_rules_made, rule))

    @staticmethod
    def _lead_under_rules(rules: tuple[LeadRule, ...], revokes: list[Revoke], number: int, seat: Seat, card: Card,
                          hand: frozenset[Card] | set[Card], expected: Seat | None,
                          also: tuple[LeadRule, ...] = (), was: PenaltyKind | None = None) -> tuple[LeadRule, ...]:
        """``seat`` leads ``card`` (from ``hand``) to trick ``number``, which ``expected`` was
        to lead: when in turn, record a revoke for a lead restriction it breaks (61A); return
        the restrictions still in force (a requirement is spent by its lead, a prohibition
        lasts while its player keeps the lead, and a broken one is ruled as the revoke).
        ``also``: restrictions in force on the same lead that were judged already (they count
        in whether he could keep them all, not again as revokes). ``was``: the kind of penalty
        card ``card`` was when he led it (a faced card: corrected under 62B2, not 62B1)."""
        kept: list[LeadRule] = []
        # the restrictions on this lead are kept together: a lead breaks one (a revoke, 61A
        # "when able") only when another card of his keeps it and every one this lead keeps
        # (:func:`lead_keepers`: with clubs and hearts both forbidden, 51B2(b), a hand of clubs
        # and hearts leads either, 59; with both required, a club or a heart); one lead is one
        # revoke, named by the first restriction it broke
        binding = [r for r in (*rules, *also) if r.trick <= number and r.seat is seat and seat is expected]
        broken: LeadRule | None = None
        if binding and not all(r.kept_by(card) for r in binding):
            keepers = lead_keepers(hand, {r.suit for r in binding if r.must}, {r.suit for r in binding if not r.must})
            if card not in keepers:
                mine = [r for r in binding if r.kept_by(card)]
                able = [r for r in binding if not r.kept_by(card) and any(
                    r.kept_by(c) and all(m.kept_by(c) for m in mine) for c in keepers)]
                if able and not any(r in also for r in able):  # (one of ``also`` broken: judged already)
                    broken = able[0]
        for rule in rules:
            if rule.trick > number:
                kept.append(rule)
            elif rule.seat is seat and seat is expected:
                if rule is broken:
                    revokes.append(Revoke(seat, number, card, rule.suit, was, rule=rule))
                elif not rule.must:
                    kept.append(rule)
            elif rule.seat is expected:
                kept.append(rule)  # (another player led out of turn: the lead is still his, for now)
            # the lead is another's, who won the trick before: the player lost the lead, the
            # restriction ends (whoever then led, in turn or not)
        return tuple(kept)

    def with_revoke(self, revoke: Revoke) -> TableState:
        """Record a revoke a rule finds that play does not show: a failure to play a penalty
        card (52) that stood (61A), for establishment (63) and Law 64."""
        return self._evolve(revokes=(*self.revokes, revoke))

    def omit(self, seat: Seat) -> TableState:
        """``seat`` played no card to the trick in progress at his turn (the record's ``<seat>
        omits``): the trick is complete at its three other cards, won by them, and the next
        card leads the next trick (a defective trick, 67; ``Trick.short``).

        Raises IllegalActionError when no trick is in progress with a card in it (a player
        who leads no card leaves nothing to be defective), when it is not his turn in it, or
        when a seat already played no card to it."""
        cur = self.current_trick
        if cur is None or cur.is_complete or not cur.plays:
            raise IllegalActionError(f"'{seat} omits': no trick is in progress with a card led to it; an omission is of a "
                                     "card to a trick already led (67)", token="omits")
        if cur.short is not None:
            raise IllegalActionError(f"'{seat} omits': {cur.short} already played no card to trick {cur.number}; a trick "
                                     "is quitted with three cards at least", token="omits")
        due = cur.next_seat
        if seat is not due:
            raise IllegalActionError(f"'{seat} omits': it is {due}'s turn in trick {cur.number}, not {seat}'s", token=str(seat))
        tricks = (*self.tricks[:-1], Trick(cur.number, cur.leader, cur.plays, seat))
        return self._evolve(tricks=tricks, omissions=(*self.omissions, (cur.number, seat, None)))

    def _with_omitted_card(self, number: int, seat: Seat, card: Card, short: Seat | None) -> TableState:
        """The table with ``seat``'s ``card`` put in his place in rotation on defective trick
        ``number`` (``short``: the trick's short seat after it)."""
        i = self._trick_index(number)
        t = self.tricks[i] if i >= 0 else None
        if t is None or t.short is not seat or t.card_of(seat) is not None:
            raise IllegalActionError(f"trick {number} is not a defective trick {seat} played no card to")
        if not self.masks[seat.index] & CARD_BIT[card]:
            raise IllegalActionError(f"card {str(card)!r} is not in {seat}'s hand", token=str(card))
        order = [t.leader]
        while len(order) < 4:
            order.append(order[-1].lho)
        plays = tuple(sorted((*t.plays, (seat, card)), key=lambda p: order.index(p[0])))
        masks = list(self.masks)
        masks[seat.index] &= ~CARD_BIT[card]
        return self._evolve(tricks=(*self.tricks[:i], Trick(number, t.leader, plays, short), *self.tricks[i + 1:]),
                            masks=tuple(masks))

    def supply_omitted(self, number: int, seat: Seat, card: Card) -> TableState:
        """67A1: ``seat`` plays ``card`` to defective trick ``number`` (his place in rotation):
        the trick holds four cards as any other and is won by them (44E/44F)."""
        new = self._with_omitted_card(number, seat, card, None)
        return new._evolve(omissions=tuple(x for x in self.omissions if not (x[0] == number and x[1] is seat)))

    def place_omitted(self, number: int, seat: Seat, card: Card) -> TableState:
        """67B1: ``seat`` places ``card`` among his played cards, on defective trick ``number``:
        it stands there, but the trick is still won by its three other cards."""
        new = self._with_omitted_card(number, seat, card, seat)
        return new._evolve(omissions=tuple((n, s, card if n == number and s is seat else c) for n, s, c in self.omissions))

    def with_raised_by_dummy(self, trick: int, seat: Seat, clause: str) -> TableState:
        """Mark ``seat``'s revoke on ``trick`` as one dummy, having broken 43A2, was the first
        to raise, under ``clause`` (``raised_by_dummy``: Law 64 reads it)."""
        mark = (trick, seat, clause)
        return self if mark in self.raised_by_dummy else self._evolve(raised_by_dummy=(*self.raised_by_dummy, mark))

    def with_misplaced_lead(self, trick: int, card: Card) -> TableState:
        """Record that dummy's lead of ``card`` to ``trick`` was not the card declarer
        designated and stands (2017 45D2): a defender's failure to follow it is ruled under
        64C1, not 64A."""
        return self._evolve(misplaced_leads=self.misplaced_leads | {(trick, card)})

    def lead_order(self, plays: Sequence[tuple[Seat, Card]], breaks: Set[int] = frozenset()
                   ) -> tuple[list[int], list[tuple[int, Seat]], list[tuple[int, Seat, Card, tuple[Seat, ...]]]]:
        """The order to place ``plays`` in, and the early leads they hold (``early_leads``).
        A seat's second card put down in the trick in progress, with the cards of every seat
        still to play to that trick following it at once (in rotation or not: a card out of
        rotation among them is a play out of turn to that trick, for the rules to rule), is
        his lead to the next trick: those cards go on the trick, his on the next one
        (docs/case-format.md). A defender's, before his partner has played to the trick, is
        his lead made before his partner played (57A): an early lead. Declarer's, from
        either hand, is his lead once the trick is complete (45E2, 57C3): in turn or out of
        turn as the trick's winner makes it (55), never an early lead; so is a defender's
        after his partner's card (no 57A: out of turn as the trick's winner makes it, 56).
        Declarer's is read so also on a trick led out of turn that he, the next hand, accepted
        by his card just before it (53A), the seat due to lead among the seats following; and
        a defender's after his partner's card on a trick led out of turn that the next hand
        accepted by his card (53A), the seat due to lead among the seats following (his
        partner has played: no 57A; the proper leader's card after it is a play to the
        accepted lead, not his lead, 53B), where every trick before it holds one card of each
        seat that played to it (the seat due to lead is known from them, 44G). Any other
        second card of a seat in a trick is placed as read (a trick is complete at its fourth card).
        ``breaks``: the places in ``plays`` before which another line of the record came (one
        that may have put a card on the trick, a ``simultaneous`` or ``fifth`` line): the
        readings other than a defender's early lead followed in rotation need none in the trick
        (0 among them: a line came after the cards the trick in progress holds, before ``plays``).
        Third: every lead so placed, as ``put_down_early`` holds it (the trick it leads, its
        seat and card, and the seats whose cards to the trick before came after it)."""
        order = list(range(len(plays)))
        early: list[tuple[int, Seat]] = []
        put_down: list[tuple[int, Seat, Card, tuple[Seat, ...]]] = []
        cur = self.current_trick
        if self.omissions:
            return order, early, put_down  # (a defective trick, 67: the cards are placed as read)
        ahead = cur is not None and 0 < len(cur.plays) < 4  # (cards of the trick in progress before ``plays``)
        if cur is not None and len(cur.plays) < 4:
            read, number = list(cur.plays), cur.number
        else:
            read, number = [], (cur.number + 1 if cur is not None else self.first_trick)
        if not _second_card_in_a_trick(read, plays):
            return order, early, put_down  # (the usual record: no seat puts two cards in a trick, placed as read)
        begun = 0  # where the trick being read begins in ``order``
        # (every trick before the one being read holds one card of each seat that played to
        # it, on the table and as read here: the seat due to lead is known from them, 44G)
        as_played = all(len({s for s, _ in t.plays}) == len(t.plays) for t in self.tricks if t is not cur or len(t.plays) == 4)
        # who was to lead the trick being read (44G), None when not known
        due_leader: Seat | None = self.proper_leader(number)
        j = 0
        while j < len(order):
            seat = plays[order[j]][0]
            seats = [s for s, _ in read]
            defender = self.is_defender(seat)
            if seats and len(set(seats)) == len(seats) and seat in seats:
                # (a defender's before his partner's card is his early lead; after it, his
                # lead to the next trick as declarer's is)
                early_lead = defender and seat.partner not in seats
                # the seats still to play to the trick, in rotation after the last to play
                due = [seats[-1].lho]
                while len(seats) + len(due) < 4:
                    due.append(due[-1].lho)
                k = len(due)
                following = [plays[x][0] for x in order[j + 1 : j + 1 + k]]
                # (a defender's before his partner's, the others following in rotation, as
                # read always; the others, where the trick as read was led by the seat due
                # to lead it, or led by another with the seat due among those that played to
                # it and the seats still due following in rotation, so that no card of it is
                # missing from the lines read: a lead out of turn the proper leader played to;
                # or declarer's, the seats still due following in rotation, on a lead out of
                # turn that his own card, the next hand's, accepted just before it (53A), or a
                # defender's after his partner's card on a lead out of turn the next hand's card
                # accepted: the proper leader's card after it is a play to the lead, not his
                # lead, 53B)
                held = order[begun : j + 1 + k]
                # (a break before the first play read counts where the trick in progress
                # held cards before it: the line came among the trick's cards)
                whole = not any(min(held) < b <= max(held) or (b == 0 and begun == 0 and ahead) for b in breaks)
                if early_lead and k == 1 and following != due:
                    # (the opponents played to his early lead before his partner, the last due,
                    # played to the trick: their cards are plays to the lead, the partner's
                    # his card to the trick, docs/decisions.md)
                    ahead_of = _opponents_then_partner(plays, order, j, seat)
                    if ahead_of:
                        x = order[j + 1 + ahead_of]
                        order[j + 1 : j + 2 + ahead_of] = [x, *order[j + 1 : j + 1 + ahead_of]]
                        following = due
                if (following == due and early_lead) or (len(following) == k and set(following) == set(due)
                                                         and (seats[0] is due_leader
                                                              or (following == due and (due_leader in seats or (len(seats) > 1 and seats[1] is seats[0].lho and (seats[1] is seat if not defender else (seat.partner in seats and as_played))))))
                                                         and whole):
                    trick = Trick(number, seats[0], (*read, *(plays[x] for x in order[j + 1 : j + 1 + k])))
                    order[j : j + 1 + k] = [*order[j + 1 : j + 1 + k], order[j]]
                    if early_lead:
                        early.append((number + 1, seat))
                    put_down.append((number + 1, seat, plays[order[j + k]][1], tuple(following)))
                    read, number, due_leader = [plays[order[j + k]]], number + 1, trick.winner(self.trumps)
                    begun = j + k
                    j += k + 1
                    continue
            read.append(plays[order[j]])
            if len(read) == 4:
                as_played = as_played and len({s for s, _ in read}) == 4
                due_leader = Trick(number, read[0][0], tuple(read)).winner(self.trumps)
                read, number = [], number + 1
                begun = j + 1
            j += 1
        return order, early, put_down

    def placed_as_read(self, plays: Sequence[tuple[Seat, Card]]) -> bool:
        """Whether ``plays`` are placed on this table as read, none held back and none read as
        a lead to the next trick (:meth:`held_back` and :meth:`lead_order` find nothing): no
        seat puts a second card in one trick, or a trick is defective (67)."""
        if self.omissions:
            return True
        cur = self.current_trick
        return not _second_card_in_a_trick(cur.plays if cur is not None and len(cur.plays) < 4 else (), plays)

    def held_back(self, plays: Sequence[tuple[Seat, Card]], breaks: Set[int] = frozenset()) -> list[int]:
        """The places in ``plays`` of the cards the record reader holds back rather than place
        (``PlayBeforeTurn``, docs/case-format.md): a defender's card put down in a trick before
        his turn (some seat due before him in rotation from the trick's leader still to play:
        before his partner, or at his right-hand opponent's turn), when the record then has him
        play another card to that trick at his own turn (every seat due before him has played,
        none after him). That card is his play to the trick (44B); the first is a play out of
        turn for the rules to rule (57A, 57D; 2007 49, 50), as it is when written ``<seat>
        plays <card> simultaneous``. Read only where the trick as read was led by the seat due
        to lead it, its cards came in the lines read (no other line, ``breaks`` as for
        :meth:`lead_order`, came among them) and no seat's second card came before in
        ``plays``; otherwise none is held back and the cards are placed as read."""
        held: list[int] = []
        cur = self.current_trick
        if self.omissions:
            return held  # (a defective trick, 67: the cards are placed as read)
        read: list[tuple[Seat, Card, int]] = []  # the trick being read: each card with its place in ``plays`` (-1: on the table)
        if cur is not None and len(cur.plays) < 4:
            read, number = [(s, c, -1) for s, c in cur.plays], cur.number
        else:
            number = cur.number + 1 if cur is not None else self.first_trick
        if not _second_card_in_a_trick([(s, c) for s, c, _ in read], plays):
            return held  # (the usual record: no seat puts two cards in a trick)
        begun = 0  # where the trick being read begins in ``plays``
        due_leader: Seat | None = self.proper_leader(number)
        for j, (seat, card) in enumerate(plays):
            seats = [s for s, _, _ in read]
            if seat in seats:
                first = seats.index(seat)
                at = read[first][2]
                ahead = [seats[0]]  # the seats due before him in rotation from the leader
                while ahead[-1].lho is not seat:
                    ahead.append(ahead[-1].lho)
                others = {s for s in seats if s is not seat}
                whole = not any(begun < b <= j or (b == 0 and begun == 0 and read[0][2] < 0) for b in breaks)
                if (self.is_defender(seat) and first > 0 and at >= 0 and seats[0] is due_leader and whole
                        and others == set(ahead) and not set(ahead) <= set(seats[:first])):
                    held.append(at)
                    del read[first]
                else:
                    return held  # (another second card: the readings of lead_order, or none)
            read.append((seat, card, j))
            if len(read) == 4:
                due_leader = Trick(number, read[0][0], tuple((s, c) for s, c, _ in read)).winner(self.trumps)
                read, number, begun = [], number + 1, j + 1
        return held

    def with_early_leads(self, leads: Sequence[tuple[int, Seat]]) -> TableState:
        """Mark leads placed from now on as made before the trick before them was complete
        (``early_leads``): each is out of turn when placed."""
        return self._evolve(early_leads=(*self.early_leads, *(x for x in leads if x not in self.early_leads)),
                            early_made=(*self.early_made, *(x for x in leads if x not in self.early_made)))

    def with_put_down_early(self, leads: Sequence[tuple[int, Seat, Card, tuple[Seat, ...]]]) -> TableState:
        """Mark leads placed from now on as put down before the trick before them was complete
        (``put_down_early``)."""
        new = tuple(x for x in leads if x not in self.put_down_early)
        return self._evolve(put_down_early=(*self.put_down_early, *new)) if new else self

    def without_early_marks(self, plays: Sequence[tuple[int, Seat, Card]]) -> TableState:
        """The table with the leads among ``plays`` (cards still to place, each with its
        trick as the record's replay placed it) no longer marked as put down before the
        trick before them was complete (``early_leads``, ``early_made``, ``put_down_early``):
        a rule that places them again around a card of its own, which may change the tricks
        they fall in, marks them as that placing finds them (:meth:`lead_order`)."""
        if not (self.early_made or self.put_down_early) or not plays:
            return self
        keys = {(n, s) for n, s, _ in plays}
        cards = {(s, c) for _, s, c in plays}
        return self._evolve(early_leads=tuple(x for x in self.early_leads if x not in keys),
                            early_made=tuple(x for x in self.early_made if x not in keys),
                            put_down_early=tuple(x for x in self.put_down_early if (x[1], x[2]) not in cards))

    def put_down_before(self, trick: int, seat: Seat, card: Card) -> tuple[Seat, ...] | None:
        """The seats whose cards to the trick before ``trick`` were put down after ``seat``'s
        lead of ``card`` to it (``put_down_early``), or None for a lead made once that trick
        was complete."""
        for number, s, c, seats in self.put_down_early:
            if number == trick and s is seat and c == card:
                return seats
        return None

    def without_early_lead(self, trick: int, seat: Seat) -> TableState:
        """The table with ``seat``'s lead to ``trick`` no longer marked early (a rule has ruled it)."""
        return self._evolve(early_leads=tuple(x for x in self.early_leads if x != (trick, seat)))

    def with_lead_rule(self, rule: LeadRule) -> TableState:
        """Put a lead restriction in force from trick ``rule.trick`` (50D2(a), 51B). Leads of
        that trick and later ones already on the table are judged at once: the first that
        breaks it is recorded as a revoke (61A); the rule stays in force for leads still to
        come while its player has not lost the lead."""
        revokes = list(self.revokes)
        rules: tuple[LeadRule, ...] = (rule,)
        for t in self.tricks:
            if t.number < rule.trick or not t.plays:
                continue
            seat, card = t.plays[0]
            expected = self.proper_leader(t.number)
            if seat is not rule.seat:
                if expected is not rule.seat:
                    rules = ()  # another player was to lead: he lost the lead
                break  # (a lead out of turn while the lead was his: the lead rules say who leads)
            later = {c for u in self.tricks if u.number >= t.number for s, c in u.plays if s is seat}
            others = self.lead_rules_at(t.number, seat)  # (those already in force on that lead)
            was = next((p.kind for p in self.played_penalty if p.seat is seat and p.card == card), None)
            rules = self._lead_under_rules(rules, revokes, t.number, seat, card, self.hand(seat) | later, expected, others, was)
            if not rules:
                break
        return self._evolve(revokes=self._in_play_order(revokes), lead_rules=(*self.lead_rules, *rules),
                            lead_rules_made=(*self.lead_rules_made, rule))

    def with_lead_rule_kept(self, rule: LeadRule) -> TableState:
        """The table with the prohibition ``rule`` in force again, when the lead that broke it
        (61A) is corrected (62B): the corrected lead obeys it and its player still has the
        lead, so it binds him for as long as he keeps it (50D2(a), 51B). A requirement is
        spent by the corrected lead, which is of the suit required, and is left as it is."""
        if rule.must or rule in self.lead_rules:
            return self
        return self._evolve(lead_rules=(*self.lead_rules, rule))

    def _in_play_order(self, revokes: list[Revoke]) -> tuple[Revoke, ...]:
        """``revokes`` in the order their cards were played (trick, then place in it): a
        revoke a restriction put in force later finds on a lead already played (61A) comes
        before a failure to follow that lead, as at the table (62A corrects the earlier first)."""
        places: list[tuple[int, int]] = []  # (no closure over self: mypyc cannot compile one here)
        for r in revokes:
            t = self.trick(r.trick)
            plays = t.plays if t is not None else ()
            places.append((r.trick, next((i for i, (s, c) in enumerate(plays) if s is r.seat and c == r.card), len(plays))))
        return tuple(revokes[i] for i in sorted(range(len(revokes)), key=places.__getitem__))

    def lead_rules_at(self, number: int, seat: Seat) -> tuple[LeadRule, ...]:
        """The lead restrictions ``seat`` was under at his lead to trick ``number`` (50D2(a),
        51B), whether that lead is on the table or still to come: those put in force for that
        trick or an earlier one that the leads before it had not spent (a requirement is spent
        by its lead, a prohibition by his losing the lead). None when he was not the player
        to lead it (a lead out of turn is ruled by the lead rules, 53-56)."""
        made = [r for r in self.lead_rules_made if r.seat is seat and r.trick <= number]
        if not made or seat is not self.proper_leader(number):
            return ()
        rules = tuple(made)
        first = min(r.trick for r in made)
        for t in self.tricks:
            if t.number >= number or not rules:
                break
            if t.number < first or not t.plays:
                continue
            leader, card = t.plays[0]
            later = {c for u in self.tricks if u.number >= t.number for s, c in u.plays if s is leader}
            rules = self._lead_under_rules(rules, [], t.number, leader, card, self.hand(leader) | later,
                                           self.proper_leader(t.number))
        return rules

    def lead_rule_in_force(self, rule: LeadRule) -> bool:
        """Whether the lead restriction ``rule`` (one of :attr:`lead_rules_made`) is still in
        force in this position (50D2(a), 51B): not spent (a requirement by the lead it
        governs), not broken (a revoke, 61A), and its player has not lost the lead. A trick of
        his lead still in progress keeps it; once a trick from ``rule.trick`` on is complete,
        the restriction lasts only when he won it and so leads again (a prohibition "for as
        long as he retains the lead")."""
        if rule not in self.lead_rules:
            return False
        last = None
        for t in self.tricks:
            if t.number >= rule.trick and t.plays:
                last = t
        if last is None or not last.is_complete:
            return True
        return last.winner(self.trumps) is rule.seat

    def play_rule_in_force(self, rule: PlayRule) -> bool:
        """Whether the restriction ``rule`` on one card (57A, 57D) is still to be met in this
        position: its player has not yet played to its trick."""
        return rule in self.play_rules

    def proper_leader(self, number: int) -> Seat:
        """Who was to lead trick ``number`` by the tricks before it (44G), or the record's first leader."""
        before = [t for t in self.tricks if t.number < number and t.is_complete]
        return before[-1].winner(self.trumps) or self.first_leader if before else self.first_leader

    def _not_held(self, seat: Seat, card: Card, index: int) -> IllegalActionError:
        holder = self.deal.holder(card)
        if holder is None or holder is not seat:
            where = f"it is in {holder}'s hand" if holder is not None else "it is not in the deal"
            err = IllegalActionError(f"card {str(card)!r} is not in {seat}'s hand ({where})", token=str(card))
        else:
            err = IllegalActionError(f"card {str(card)!r} was already played by {seat}", token=str(card))
        err.index = index
        return err

    # ----- revokes ----------------------------------------------------------------------
    def is_established(self, revoke: Revoke) -> bool:
        """Law 63A1: the offender or his partner has led or played to the next trick."""
        return self.establishing_play(revoke) is not None

    def establishing_play(self, revoke: Revoke, skip: frozenset[tuple[int, Seat, Card]] = frozenset()) -> tuple[Seat, Card] | None:
        """Return the first offending-side play to the trick after the revoke trick (63A1),
        not counting his partner's lead made before the revoke (``early_made``), or the one that was, if a rectification has since taken it back (``established_by``).
        A lead to the next trick put down before the revoke trick was complete and still
        standing on it as a seat's second card there (the record's last card, not yet placed
        on the next trick: :meth:`lead_order`) counts when it came after the revoke card.
        ``skip``: cards, as (trick, seat, card), that establish nothing (those a 2017 47E1
        retraction takes back: 63A1 does not apply to them)."""
        nxt = self.trick(revoke.trick + 1)
        if nxt is not None:
            for k, (s, c) in enumerate(nxt.plays):
                if s.side is revoke.seat.side:
                    if not k and s is revoke.seat.partner and (nxt.number, s) in self.early_made:
                        continue  # (his partner's lead made before the revoke: 57A's early lead)
                    if skip and (nxt.number, s, c) in skip:
                        continue
                    return s, c
        early = self._lead_put_down_on(revoke)
        if early is not None and not (skip and (revoke.trick, *early) in skip):
            return early
        for r, by in self.established_by:
            if r == revoke:
                return by
        return None

    def _lead_put_down_on(self, revoke: Revoke) -> tuple[Seat, Card] | None:
        """A second card of a seat of the revoker's side on the revoke trick, put down after
        the revoke card: his lead to the next trick made before that trick was complete
        (57A; a declarer's, 45E2), an illegal lead that establishes the revoke (63A1)."""
        t = self.trick(revoke.trick)
        if t is None or len(t.plays) < 2:
            return None
        at = next((k for k, p in enumerate(t.plays) if p == (revoke.seat, revoke.card)), None)
        if at is None:
            return None
        seen = {s for s, _ in t.plays[: at + 1]}
        for s, c in t.plays[at + 1 :]:
            if s.side is revoke.seat.side and s in seen:
                return s, c
            seen.add(s)
        return None

    def keeping_established(self, trick: int, play: tuple[Seat, Card] | None = None) -> TableState:
        """This table with every revoke on the trick before ``trick`` that a play to
        ``trick`` (``play``, when given: only that one) established recorded in
        ``established_by``: to take those plays back without undoing the establishment
        (63A1: any lead or play of the offending side to the next trick, legal or illegal,
        even one a rectification then takes back)."""
        kept = [(r, by) for r in self.revokes if r.trick == trick - 1 and (by := self.establishing_play(r)) is not None
                and (play is None or by == play) and (r, by) not in self.established_by]
        return self._evolve(established_by=(*self.established_by, *kept)) if kept else self

    # ----- edits used by rectification ------------------------------------------------
    def replace_card(self, trick: int, seat: Seat, new: Card | None, *, restore_penalty: bool = True,
                     card: Card | None = None, lead_read_again: bool = True) -> TableState:
        """Withdraw ``seat``'s card from ``trick`` (recorded in ``withdrawn``) and put ``new``
        in its place, or nothing when ``new`` is None (later cards keep their order).

        A withdrawn card that was a penalty card when played becomes that penalty card again
        when ``restore_penalty`` (the rules decide: 62B2 and DIGEST 32.12(b), (d)).
        ``card``: which of the seat's cards on the trick (a seat that played twice to it);
        by default its first.
        ``lead_read_again``: the trick's lead taken off with nothing in its place, the next
        card standing is its lead, out of turn when its player was not to lead, the cards
        after it are read again for their turns, and a card of the seat's put down as the
        lead to the next trick, the last, is his card to this one (44B). False: the cards
        left stay as they were read (a whole trick withdrawn card by card, ``withdraw_trick``).
        Raises IllegalActionError if the seat has no card there or ``new`` is not held.
        """
        tricks_now = self.tricks
        i = self._trick_index(trick)
        if i < 0:
            raise IllegalActionError(f"{seat} has no card on trick {trick}")
        t = tricks_now[i]
        pos = t.position_of(seat) if card is None else next((k for k, p in enumerate(t.plays) if p == (seat, card)), None)
        if pos is None:
            raise IllegalActionError(f"{seat} has no card on trick {trick}")
        old = t.plays[pos][1]
        mine = self.masks[seat.index]
        if new is not None and not mine & CARD_BIT[new] and new != old:
            raise IllegalActionError(f"card {str(new)!r} is not in {seat}'s hand", token=str(new))
        plays = t.plays[:pos] + t.plays[pos + 1:] if new is None else (*t.plays[:pos], (seat, new), *t.plays[pos + 1:])
        out_of_turn = self.out_of_turn
        moved = False  # (his lead to the next trick now his card to this one)
        regrouped = False  # (and the tricks after the next one read again, each a card later)
        if plays:
            # (the lead taken back, with nothing in its place: the next card standing is the
            # trick's first, so its player is the one who led it; when he is the player
            # entitled to lead the trick, his card, placed out of turn after that lead, is
            # now its lead in turn; otherwise a lead out of turn, for the lead rules to rule)
            leader = t.leader
            if pos == 0 and new is None:
                leader = plays[0][0]
                if leader is self.proper_leader(trick):
                    out_of_turn = _without_entry(out_of_turn, self.withdrawn, trick, leader, plays[0][1])
                elif lead_read_again and _entry_of(out_of_turn, self.withdrawn, trick, leader, plays[0][1]) < 0:
                    out_of_turn = (*out_of_turn, (trick, leader, plays[0][1]))
                if lead_read_again:
                    # (the cards after it read again from the new lead: one its player put
                    # down where another seat was due is a play out of turn now)
                    out_of_turn = _out_of_rotation_now(out_of_turn, self.withdrawn, trick, leader, plays, 1)
            elif new is None:
                if out_of_turn:
                    out_of_turn = _in_rotation_again(out_of_turn, self.withdrawn, trick, leader, plays, pos)
                out_of_turn = _out_of_rotation_now(out_of_turn, self.withdrawn, trick, leader, plays, pos)
            tricks = (*tricks_now[:i], Trick(t.number, leader, plays, t.short), *tricks_now[i + 1:])
            if new is None and (pos > 0 or lead_read_again) and not self.omissions:
                # (with tricks after the next one, the later cards move back one place only
                # where no fact of the record or of a ruling names a trick among them)
                regroup = i + 2 < len(tricks) and not self._later_tricks_fixed(t.number)
                if regroup or i + 2 == len(tricks):
                    tricks, out_of_turn = _next_lead_to_this_trick(tricks, i, out_of_turn, self.withdrawn, self.declarer)
                moved = len(tricks[i].plays) > len(plays)
                regrouped = moved and regroup
        else:
            tricks = tricks_now[:i] + tricks_now[i + 1:]
        penalty, played_penalty = self.penalty_cards, self.played_penalty
        if new is None and (penalty or played_penalty):
            # (a card taken off with nothing in its place: a penalty card made after it was
            # played obliges the plays from the same point on, one place earlier now)
            at = sum([len(x.plays) for x in tricks_now[:i]]) + pos
            penalty, played_penalty = _moved_up(penalty, at), _moved_up(played_penalty, at)
        if played_penalty:
            penalty, played_penalty = _take_back(penalty, played_penalty, old, restore_penalty, sum([len(x.plays) for x in tricks_now]))
        if new is not None and penalty:
            placed = next((p for p in penalty if p.card == new), None)
            if placed is not None:
                penalty = penalty - {placed}
                played_penalty = played_penalty | {placed}
        masks = list(self.masks)
        mine |= CARD_BIT[old]
        masks[seat.index] = mine & ~CARD_BIT[new] if new is not None else mine
        # (the new table's fields set at once, as ``play_many`` does)
        state = self._copy()
        state.tricks = tricks
        state.withdrawn = (*self.withdrawn, Withdrawal(seat, old, trick, new, plays))
        state.penalty_cards = penalty
        state.played_penalty = played_penalty
        state.masks = tuple(masks)
        state._holding = None
        state.out_of_turn = out_of_turn
        if moved and self.early_leads:
            state.early_leads = tuple(x for x in self.early_leads if x != (trick + 1, seat))
        if regrouped:
            state = state._later_tricks_read_again(t.number)
        elif (moved and len(tricks) == i + 2 and tricks[i + 1].leader in {s for s, _ in tricks[i].plays}
                and self.is_defender(tricks[i + 1].leader)):
            # (the card now leading the next trick, the last, is of a defender with a card on
            # this one, which is short: his lead to the next trick put down before this one
            # was complete, out of turn when placed, as the replay marks one: 57A)
            early = (tricks[i + 1].number, tricks[i + 1].leader)
            if _entry_of(state.out_of_turn, state.withdrawn, *early, tricks[i + 1].plays[0][1]) < 0:
                state.out_of_turn = (*state.out_of_turn, (*early, tricks[i + 1].plays[0][1]))
            if early not in state.early_leads:
                state.early_leads = (*state.early_leads, early)
            if early not in state.early_made:
                state.early_made = (*state.early_made, early)
            if tricks[i].plays[-1][0] is not tricks_now[i + 1].plays[0][0]:
                # (his partner's card came to this trick from among the next trick's cards,
                # :func:`_partner_card_to_this_trick`: both tricks' turns and failures to
                # follow suit read again)
                state = state._moved_card_read(t.number)
        return state

    def _moved_card_read(self, number: int) -> TableState:
        """The table once the last card of trick ``number`` came to it from the next trick,
        the last (:func:`_partner_card_to_this_trick`): the next trick read again
        (:meth:`_later_tricks_read_again`), and the card moved a revoke where, at its turn, it
        fails to follow the suit led while its player held that suit (61A)."""
        state = self._later_tricks_read_again(number)
        t = state.trick(number)
        assert t is not None
        seat, card = t.plays[-1]
        led = t.suit_led
        before = t.plays[:-1]
        in_turn = bool(before) and ((seat is before[-1][0].lho and all(s is not seat for s, _ in before))
                                    or at_turn_after_cards_that_stand(t.leader, before, seat, state.declarer.side,
                                                                      state.indicated_from(number)))
        if led is None or card.suit is led or not in_turn:
            return state
        held = state.holding[seat.index] | {c for u in state.tricks if u.number >= number for s, c in u.plays if s is seat}
        if not any(c.suit is led for c in held):
            return state
        was = next((p.kind for p in state.played_penalty if p.card == card), None)
        return state._evolve(revokes=(*state.revokes, Revoke(seat, number, card, led, was)))

    def _later_tricks_fixed(self, number: int) -> bool:
        """Whether a fact of the record or of a ruling names a trick after ``number`` (an
        early lead, a lead put down early, dummy's misplaced lead, a revoke left out of
        rotation, a revoke a rule found or one deemed, a restriction or a withdrawal there):
        its cards are then not moved to other tricks (:meth:`replace_card`)."""
        return (any(n > number for n, _ in self.early_leads) or any(n > number for n, _ in self.early_made)
                or any(x[0] > number for x in self.put_down_early) or any(n > number for n, _ in self.misplaced_leads)
                or any(x[0] > number for x in self.revokes_out_of_rotation)
                or any(r.trick > number and (r.rule is not None or r.failed is not None or r.deemed) for r in self.revokes)
                or any(r.trick > number for r in self.lead_rules_made) or any(r.trick > number for r in self.play_rules_made)
                or any(r.trick > number for r, _ in self.established_by) or any(w.trick > number for w in self.withdrawn))

    def _later_tricks_read_again(self, number: int) -> TableState:
        """The table once the tricks after ``number`` were read again from their cards, each a
        card later (:func:`_next_lead_to_this_trick`): their plays out of turn and their
        failures to follow suit as the replay reads them (:meth:`play_many`): a lead in turn
        is the winner's of the trick before, another card in turn is the next seat's in
        rotation with no card there yet (declarer's premature card before it standing as
        played, 57C3); a card in turn that fails to follow suit while its player held the
        suit led is a revoke (61A). A player's hand then: his hand now and his cards on that
        trick and the later ones."""
        trumps = self.trumps
        declaring = self.declarer.side
        entries = [x for x in self.out_of_turn if x[0] <= number]
        revokes = [r for r in self.revokes if r.trick <= number]
        prev = self.trick(number)
        for t in self.tricks:
            if t.number <= number:
                continue
            expected = prev.winner(trumps) if prev is not None and prev.is_complete else None
            led = t.plays[0][1].suit
            for k, (seat, card) in enumerate(t.plays):
                before = t.plays[:k]
                if k == 0:
                    in_turn = seat is expected and (t.number, seat) not in self.early_leads
                else:
                    seen = {s for s, _ in before}
                    in_turn = seat is before[-1][0].lho and seat not in seen
                    if not in_turn and at_turn_after_cards_that_stand(t.leader, before, seat, declaring, self.indicated_from(t.number)):
                        in_turn = True
                if not in_turn:
                    entries.append((t.number, seat, card))
                elif k > 0 and card.suit is not led:
                    held = self.holding[seat.index] | {c for u in self.tricks if u.number >= t.number for s, c in u.plays if s is seat}
                    if any(c.suit is led for c in held):
                        was = next((p.kind for p in self.played_penalty if p.card == card), None)
                        revokes.append(Revoke(seat, t.number, card, led, was))
            prev = t
        return self._evolve(out_of_turn=tuple(entries), revokes=tuple(revokes))

    def with_turns_read_again(self, number: int) -> TableState:
        """The table with the plays out of turn of trick ``number`` read again where a card
        played out of rotation stands as a play to the trick (dummy's card played second to
        an accepted opening lead out of turn, 54B2): see :func:`_in_rotation_again`."""
        t = self.trick(number)
        if t is None or not self.out_of_turn:
            return self
        out_of_turn = _in_rotation_again(self.out_of_turn, self.withdrawn, number, t.leader, t.plays, 1)
        return self if out_of_turn is self.out_of_turn else self._evolve(out_of_turn=out_of_turn)

    def with_lead_read_again(self, number: int) -> TableState:
        """The table with the lead of trick ``number`` read again once the trick before it has
        changed hands (an opponent's card changed there, 58B3): made by the player now
        entitled to lead it (44G), it is in turn, and the cards played to it are read again
        from it (see :func:`_in_rotation_again`). A leader with another card on the trick keeps
        his own entry: that card is his play out of turn there (a seat is never in turn twice in
        a trick), for the rules to rule."""
        t = self.trick(number)
        if (t is None or not t.plays or t.leader is not self.proper_leader(number)
                or self.played_out_of_turn(number, t.leader) is None):
            return self
        entries = list(self.out_of_turn)
        at = _entry_of(entries, self.withdrawn, number, t.leader, t.plays[0][1])
        if at < 0:  # (a lead standing in place of the card first named, as if put down so)
            named = self._put_down_in_place(number, t.leader, t.plays[0][1])
            at = entries.index(named) if named is not None else -1
        if at >= 0:
            del entries[at]
        second = next((c for s, c in t.plays[1:] if s is t.leader), None)
        if second is not None and _entry_of(entries, self.withdrawn, number, t.leader, second) < 0:
            entries.append((number, t.leader, second))
        again = _in_rotation_again(tuple(entries), self.withdrawn, number, t.leader, t.plays, 1)
        return self if again == self.out_of_turn else self._evolve(out_of_turn=again)

    def with_lead_out_of_turn_again(self, number: int) -> TableState:
        """The table with the lead of trick ``number`` read again once the trick before it has
        changed hands, the lead having been put down before that trick was complete: it stands
        as made, out of turn when its player no longer won that trick (56, 55A), for the rules
        of leads out of turn to rule (the opposite of :meth:`with_lead_read_again`)."""
        t = self.trick(number)
        if (t is None or not t.plays or t.leader is self.proper_leader(number)
                or _entry_of(self.out_of_turn, self.withdrawn, number, t.leader, t.plays[0][1]) >= 0):
            return self
        return self._evolve(out_of_turn=(*self.out_of_turn, (number, t.leader, t.plays[0][1])))

    def with_lead_as_it_stands(self, number: int, seat: Seat, winner: Seat | None) -> TableState:
        """The table with ``seat``'s lead to trick ``number``, put down before the trick before
        it was complete, read as it stands once that trick is corrected: in turn when he won
        it (:meth:`with_lead_read_again`), out of turn otherwise
        (:meth:`with_lead_out_of_turn_again`), for the rules of leads out of turn (53A, 55A,
        56, 57A). No change of that trick's winner sends such a lead back (44G). A defender's
        lead made before his partner played to that trick (``early_leads``) stays out of turn
        whoever won it: it is 57A's premature lead, for the rules of premature plays to rule
        (as a lead that stands when he won the trick)."""
        if (number, seat) in self.early_leads:
            return self.with_lead_out_of_turn_again(number) if winner is not seat else self
        return self.with_lead_read_again(number) if winner is seat else self.with_lead_out_of_turn_again(number)

    def played_at_turn(self, number: int, seat: Seat, after: Seat | None = None) -> TableState:
        """The table with ``seat``'s card on trick ``number`` moved to his turn there (after
        the cards of the others, or just after ``after``'s card): a card he placed out of turn
        that stands as his play at his turn once play reached it (a premature card, a major
        penalty card, that he had to play there, 57A, 50D1(a)), or the card he played at his
        turn after one played at his right-hand opponent's (57D). The plays out of turn of the
        trick and its revokes are read again on the new order (a later card in rotation now
        is in turn)."""
        i = self._trick_index(number)
        t = self.tricks[i] if i >= 0 else None
        pos = t.position_of(seat) if t is not None else None
        if t is None or pos is None:
            raise IllegalActionError(f"{seat} has no card on trick {number}")
        rest = (*t.plays[:pos], *t.plays[pos + 1:])
        at = next((k + 1 for k, (s, _) in enumerate(rest) if s is after), len(rest)) if after is not None else len(rest)
        plays = (*rest[:at], t.plays[pos], *rest[at:])
        out_of_turn = _in_rotation_again(self.out_of_turn, self.withdrawn, number, t.leader, plays, min(pos, at))
        # (a card put down after his, before the seat at whose turn his came had played, is
        # out of turn once his card is off that place: declarer's from hand, 57C3)
        out_of_turn = _out_of_rotation_now(out_of_turn, self.withdrawn, number, t.leader, plays, min(pos, at))
        tricks = (*self.tricks[:i], Trick(t.number, t.leader, plays, t.short), *self.tricks[i + 1:])
        return self._evolve(tricks=tricks, out_of_turn=out_of_turn).with_revokes_judged_again(number)

    def with_trick_as_on(self, other: TableState, number: int) -> TableState:
        """The table with trick ``number`` begun as ``other`` has it: ``other``'s cards there,
        each of them on this trick too, in ``other``'s order and with its leader (a card a
        ruling on ``other`` moved to its player's turn, 57A, 57D; a proper lead that ruling
        made the trick's lead, 53B, the cards played in error staying after it), then this
        trick's cards of the seats with none there, in this trick's order; the plays out of
        turn and revokes of ``other``'s cards as ``other`` records them, of the others as this
        table does."""
        i = self._trick_index(number)
        t = other.trick(number)
        if i < 0 or t is None:
            raise IllegalActionError(f"trick {number} is not on both tables")
        mine = self.tricks[i]
        theirs = {s for s, _ in t.plays}
        more = tuple((s, c) for s, c in mine.plays if s not in theirs)
        if not set(t.plays) <= set(mine.plays) or len(t.plays) + len(more) != len(mine.plays):
            raise IllegalActionError(f"trick {number} does not hold the cards of the other table's")
        tricks = (*self.tricks[:i], Trick(number, t.leader, (*t.plays, *more), t.short), *self.tricks[i + 1:])
        kept = set(more)
        out_of_turn = (*(e for e in self.out_of_turn if e[0] < number), *(e for e in other.out_of_turn if e[0] == number),
                       *(e for e in self.out_of_turn if e[0] == number and (e[1], e[2]) in kept),
                       *(e for e in self.out_of_turn if e[0] > number))
        revokes = (*(r for r in self.revokes if r.trick < number), *(r for r in other.revokes if r.trick == number),
                   *(r for r in self.revokes if r.trick == number and (r.seat, r.card) in kept),
                   *(r for r in self.revokes if r.trick > number))
        return self._evolve(tricks=tricks, out_of_turn=out_of_turn, revokes=revokes)

    def with_revoke_out_of_rotation(self, revoke: Revoke) -> TableState:
        """The table with ``revoke``, a card its player placed out of rotation that stands as
        his card to the trick (``revokes_out_of_rotation``): it is left where it was played
        until the revoke is ruled."""
        entry = (revoke.trick, revoke.seat, revoke.card)
        return self._evolve(revokes=(*self.revokes, revoke), revokes_out_of_rotation=(*self.revokes_out_of_rotation, entry))

    def revokes_placed_at_turn(self, ruled: Callable[[tuple[int, Seat, Card]], bool]) -> TableState:
        """The table with the card of each revoke out of rotation that is ``ruled``
        (``revokes_out_of_rotation``: corrected or reported established) placed at its
        player's turn on its trick: the revoke card that stands (63B), or its substitute (62B),
        and the plays out of turn of the trick read again on the new order. The revokes are
        not judged again: the ruling of this one is done, and its card, as Law 64 counts it,
        is the same."""
        if not self.revokes_out_of_rotation:
            return self
        left: list[tuple[int, Seat, Card]] = []
        state = self
        for entry in self.revokes_out_of_rotation:
            number, seat, _ = entry
            i = state._trick_index(number)
            t = state.tricks[i] if i >= 0 else None
            pos = t.position_of(seat) if t is not None else None
            if not ruled(entry):
                left.append(entry)
                continue
            if t is None or pos is None:
                continue  # (no card of his stands there now: nothing to place)
            due = next(k for k in range(4) if t.leader.next(k) is seat)
            others = (*t.plays[:pos], *t.plays[pos + 1:])
            plays = (*others[:due], t.plays[pos], *others[due:])
            if plays == t.plays:
                continue
            out_of_turn = _in_rotation_again(state.out_of_turn, state.withdrawn, number, t.leader, plays, min(pos, due))
            tricks = (*state.tricks[:i], Trick(t.number, t.leader, plays), *state.tricks[i + 1:])
            state = state._evolve(tricks=tricks, out_of_turn=out_of_turn)
        return state._evolve(revokes_out_of_rotation=tuple(left))

    def with_revokes_judged_again(self, number: int, apart: Iterable[tuple[Seat, Card]] = ()) -> TableState:
        """The table once trick ``number`` is led by another card (a rectification made
        another card its lead: the proper leader's, 53B): a failure to follow the suit led
        before is no longer a revoke, and a card played in rotation to the new lead that
        does not follow it, by a player who held its suit then, is one (61A). A player's hand
        then: his hand now, and the cards he played to that trick and the later ones.
        ``apart``: cards on the trick that are no play to its lead (played in error to an
        irregular lead before it)."""
        t = self.trick(number)
        kept = tuple(r for r in self.revokes if r.trick != number or r.rule is not None or r.failed is not None)
        if t is None:
            return self._evolve(revokes=kept)
        led = t.plays[0][1].suit
        aside = set(apart)
        to_lead = [p for p in t.plays[1:] if p not in aside]
        found: list[Revoke] = []
        for k, (seat, card) in enumerate(to_lead, start=1):
            if seat is not t.plays[0][0].next(k) or card.suit is led:
                continue  # (out of rotation: the lead rules' play; or it follows)
            held = self.holding[seat.index] | {c for u in self.tricks if u.number >= number for s, c in u.plays if s is seat}
            if any(c.suit is led for c in held):
                # (the kind of penalty card the revoke card was, when it was one: 62B2)
                was = next((p.kind for p in self.played_penalty if p.card == card), None)
                found.append(Revoke(seat, number, card, led, was))
        return self._evolve(revokes=(*kept, *found))

    def with_cards(self, changes: Iterable[tuple[int, Seat, Card]]) -> TableState:
        """The table with each ``(trick, seat, card)`` of ``changes`` standing in place of
        the card that seat has on that trick: the card it replaces goes back to the hand and
        the new one leaves it, and the withdrawal that placed the replaced card (a substitute)
        names the new one. The same table as substituting ``card`` in the first place, for a
        card that is no penalty card. Raises IllegalActionError for a seat with no card on
        the trick, or a card not in his hand."""
        tricks = list(self.tricks)
        masks = list(self.masks)
        withdrawn = list(self.withdrawn)
        for number, seat, card in changes:
            i = self._trick_index(number)
            pos = tricks[i].position_of(seat) if i >= 0 else None
            if pos is None:
                raise IllegalActionError(f"{seat} has no card on trick {number}")
            t = tricks[i]
            old = t.plays[pos][1]
            if old == card:
                continue
            hand = masks[seat.index]
            bit = CARD_BIT[card]
            if not hand & bit:
                raise IllegalActionError(f"card {str(card)!r} is not in {seat}'s hand", token=str(card))
            tricks[i] = Trick(t.number, t.leader, (*t.plays[:pos], (seat, card), *t.plays[pos + 1:]), t.short)
            masks[seat.index] = hand ^ bit | CARD_BIT[old]
            mine = next((k for k in range(len(withdrawn) - 1, -1, -1) if withdrawn[k].seat is seat
                         and withdrawn[k].trick == number and withdrawn[k].replaced_by == old), None)
            for k, w in enumerate(withdrawn):
                # (the card in place of ``old`` from the first: so on the trick as each withdrawal left it)
                if w.trick == number and (k == mine or (seat, old) in w.standing):
                    standing = tuple((seat, card) if p == (seat, old) else p for p in w.standing)
                    withdrawn[k] = Withdrawal(w.seat, w.card, number, card if k == mine else w.replaced_by, standing)
        return self._evolve(tricks=tuple(tricks), masks=tuple(masks), withdrawn=tuple(withdrawn))

    def substitutes(self, trick: int, seat: Seat, subs: Iterable[Card], *, restore_penalty: bool = True,
                    penalty: PenaltyKind | None = None) -> list[TableState]:
        """``replace_card(trick, seat, sub, restore_penalty=...)`` for each of ``subs``, and
        with ``penalty`` the withdrawn card then made a penalty card of that kind
        (``with_penalty``): the same tables, sharing what the siblings of a cascade have in
        common (the take-back, the hand, the penalty cards: one object for all of them)."""
        subs = subs if isinstance(subs, (tuple, list)) else list(subs)
        if not subs:
            return []
        tricks_now = self.tricks
        i = self._trick_index(trick)
        t = tricks_now[i] if i >= 0 else None
        pos = t.position_of(seat) if t is not None else None
        if t is None or pos is None:
            raise IllegalActionError(f"{seat} has no card on trick {trick}")
        old = t.plays[pos][1]
        mine = self.masks[seat.index]
        base_penalty, base_played = self.penalty_cards, self.played_penalty
        # (the cards standing count only for penalty cards: most tables have none)
        standing = sum([len(x.plays) for x in tricks_now]) if base_played or penalty is not None else 0
        if base_played:
            base_penalty, base_played = _take_back(base_penalty, base_played, old, restore_penalty, standing)
        back = mine | CARD_BIT[old]
        head, tail = t.plays[:pos], t.plays[pos + 1:]
        before, after = tricks_now[:i], tricks_now[i + 1:]
        number, leader = t.number, t.leader
        masks = list(self.masks)
        # the penalty cards with ``penalty`` made: once for the siblings that place no penalty card
        shared = self._penalty_made(base_penalty, seat, old, penalty, standing) if penalty is not None else base_penalty
        by_card = {p.card: p for p in base_penalty} if base_penalty else None
        withdrawn = self.withdrawn
        out: list[TableState] = []
        for new in subs:
            bit = CARD_BIT[new]
            if not mine & bit and new != old:
                raise IllegalActionError(f"card {str(new)!r} is not in {seat}'s hand", token=str(new))
            pcs, played = base_penalty, base_played
            placed = by_card.get(new) if by_card else None
            if placed is not None:
                pcs = pcs - {placed}
                played = played | {placed}
            if penalty is not None:
                pcs = shared if pcs is base_penalty else self._penalty_made(pcs, seat, old, penalty, standing)
            masks[seat.index] = back & ~bit
            child = self._copy()
            plays = (*head, (seat, new), *tail)
            child.tricks = (*before, Trick(number, leader, plays, t.short), *after)
            child.withdrawn = (*withdrawn, Withdrawal(seat, old, trick, new, plays))
            child.penalty_cards = pcs
            child.played_penalty = played
            child.masks = tuple(masks)
            child._holding = None
            out.append(child)
        return out

    @staticmethod
    def _penalty_made(pcs: frozenset[PenaltyCard], seat: Seat, card: Card, kind: PenaltyKind,
                      now: int) -> frozenset[PenaltyCard]:
        """The penalty cards ``pcs`` with ``card`` made one of ``seat``'s (``with_penalty``)."""
        mine = [p for p in pcs if p.seat is seat and p.card != card]
        others = [p for p in pcs if p.seat is not seat]
        if mine:
            kind = PenaltyKind.MAJOR
            # 50B: a minor one turns major now (it obliged as a minor card until now)
            mine = [PenaltyCard(p.seat, p.card, PenaltyKind.MAJOR, p.since, now if p.kind is PenaltyKind.MINOR else p.major_from)
                    for p in mine]
        return frozenset(others + mine + [PenaltyCard(seat, card, kind, now)])

    def _trick_index(self, trick: int) -> int:
        """The index in ``tricks`` of trick number ``trick``, or -1 (a trick emptied by an
        earlier withdrawal leaves a gap: then searched by number)."""
        tricks_now = self.tricks
        i = trick - self.first_trick
        if 0 <= i < len(tricks_now) and tricks_now[i].number == trick:
            return i
        return next((k for k, t in enumerate(tricks_now) if t.number == trick), -1)

    def withdraw_trick(self, trick: int, *, restore_penalty: bool = True) -> TableState:
        """Withdraw every card of ``trick`` in playing order, each recorded in ``withdrawn``:
        the table ``replace_card(trick, seat, None)`` gives for each of its cards in turn, in
        one step. Raises IllegalActionError if no card stands on the trick."""
        tricks_now = self.tricks
        i = self._trick_index(trick)
        if i < 0:
            raise IllegalActionError(f"no card stands on trick {trick}")
        plays = tricks_now[i].plays
        if self.out_of_turn and any(e[0] == trick for e in self.out_of_turn):
            # its plays out of turn are read again as each card goes (replace_card): in turn
            step = self
            for seat, old in plays:
                step = step.replace_card(trick, seat, None, restore_penalty=restore_penalty, card=old, lead_read_again=False)
            return step
        penalty = self.penalty_cards
        played_penalty = self.played_penalty
        masks = list(self.masks)
        standing = sum([len(x.plays) for x in tricks_now]) if played_penalty else 0
        # (a penalty card made after a card of the trick was played counts its plays from one
        # place earlier as each card goes: see replace_card)
        at = sum([len(x.plays) for x in tricks_now[:i]]) if penalty or played_penalty else 0
        withdrawn = list(self.withdrawn)
        for k, (seat, old) in enumerate(plays):
            if penalty or played_penalty:
                penalty, played_penalty = _moved_up(penalty, at), _moved_up(played_penalty, at)
            if played_penalty:
                penalty, played_penalty = _take_back(penalty, played_penalty, old, restore_penalty, standing - k)
            masks[seat.index] |= CARD_BIT[old]
            withdrawn.append(Withdrawal(seat, old, trick))
        # (the new table's fields set at once, as ``play_many`` does)
        new = self._copy()
        new.tricks = tricks_now[:i] + tricks_now[i + 1:] if i + 1 < len(tricks_now) else tricks_now[:i]
        new.withdrawn = tuple(withdrawn)
        new.penalty_cards = penalty
        new.played_penalty = played_penalty
        new.masks = tuple(masks)
        new._holding = None
        return new

    def with_penalty(self, seat: Seat, card: Card, kind: PenaltyKind) -> TableState:
        """Make ``card`` a penalty card of ``seat``; Law 50B: two or more are all major."""
        return self._evolve(penalty_cards=self.penalty_cards_with(seat, card, kind))

    def with_penalty_cards(self, cards: frozenset[PenaltyCard]) -> TableState:
        """The same table with ``cards`` the penalty cards in force."""
        return self._evolve(penalty_cards=cards)

    def penalty_cards_with(self, seat: Seat, card: Card, kind: PenaltyKind) -> frozenset[PenaltyCard]:
        """The penalty cards :meth:`with_penalty` leaves in force, without the new table."""
        return self._penalty_made(self.penalty_cards, seat, card, kind, sum([len(t.plays) for t in self.tricks]))

    def play_over(self) -> TableState:
        """The table once play has ended with nothing left to lead or play (every card played,
        or the tricks after the record counted as played): no penalty card in force and no lead
        or play restriction, each of which binds a later lead or play (50C, 50D, 51, 57A,
        57D); the penalty cards played and the restrictions made stay in the history."""
        if not (self.penalty_cards or self.lead_rules or self.play_rules):
            return self
        return self._evolve(penalty_cards=_NO_PENALTY_CARDS, lead_rules=(), play_rules=())

    def pick_up(self, seat: Seat, cards: Iterable[Card]) -> TableState:
        """``seat``'s penalty cards among ``cards`` stop being penalty cards (they are in his
        hand already): 50D2(a), 51B. One the record shows played later (declarer's choice
        said at a lead the record has gone past) was then played as an ordinary card."""
        gone = frozenset(cards)
        changes: dict[str, Any] = {"penalty_cards": frozenset(p for p in self.penalty_cards if not (p.seat is seat and p.card in gone))}
        if any(p.seat is seat and p.card in gone for p in self.played_penalty):
            changes["played_penalty"] = frozenset(p for p in self.played_penalty if not (p.seat is seat and p.card in gone))
            # a revoke made with such a card was made with a card of his hand: a major penalty
            # card when corrected (62B1), not a faced card back to its old status (62B2)
            if any(r.seat is seat and r.card in gone and r.penalty is not None for r in self.revokes):
                changes["revokes"] = tuple(
                    Revoke(r.seat, r.trick, r.card, r.suit_led, None, r.rule, r.failed)
                    if r.seat is seat and r.card in gone and r.penalty is not None else r for r in self.revokes)
        return self._evolve(**changes)

    def without_trick_after(self, number: int) -> TableState:
        """Drop every trick after ``number`` (used when later leads are retracted)."""
        keep = tuple(t for t in self.tricks if t.number <= number)
        return self._evolve(tricks=keep, holding=_holding(self.deal, keep))


#: whether this module runs compiled (``make fast``), :class:`TableState` a native class: its
#: instances have no ``__dict__``, and a copy is made by the constructor (:meth:`TableState._copy`)
_NATIVE: Final = hasattr(TableState, "__mypyc_attrs__")

if not _NATIVE:
    # interpreted, a table started by ``_dealt`` (and its copies) holds in its dictionary the
    # fields set there and reads the others' defaults from the class; compiled, the class body
    # names none (mypyc would set each on every instance made, before ``__init__`` sets it)
    for _name, _default in (("first_trick", 1), ("first_leader", Seat.W), ("tricks", ()), ("penalty_cards", frozenset()),
                            ("withdrawn", ()), ("won_before", (0, 0)), ("revokes", ()), ("played_penalty", frozenset()),
                            ("out_of_turn", ()), ("lead_rules", ()), ("lead_rules_made", ()), ("play_rules", ()),
                            ("play_rules_made", ()), ("established_by", ()), ("misplaced_leads", frozenset()),
                            ("early_leads", ()), ("early_made", ()), ("put_down_early", ()), ("omissions", ()),
                            ("revokes_out_of_rotation", ()), ("lead_options_waived", ()), ("dummy_indications", ()),
                            ("raised_by_dummy", ()), ("masks", ()), ("_holding", None)):
        setattr(TableState, _name, _default)

#: the masks of each deal's hands, by the deal's identity (kept with the deal: a table is
#: started many times from one deal, ``restart``), emptied when full
_DEALT: Final[dict[int, tuple[Deal, tuple[int, ...]]]] = {}


def _dealt_masks(deal: Deal) -> tuple[int, ...]:
    """The bit masks of ``deal``'s hands (N, E, S, W)."""
    found = _DEALT.get(id(deal))
    if found is None or found[0] is not deal:
        if len(_DEALT) >= 4096:
            _DEALT.clear()
        found = _DEALT[id(deal)] = (deal, tuple([mask_of(h.cards) for h in deal.hands]))
    return found[1]


def forget_hands() -> None:
    """Empty the sets of cards made by mask (:data:`_HANDS`) and the masks of the deals seen
    (:data:`_DEALT`): a benchmark's repeat then rules its cases as a process that never saw
    them would (``rulesets.base.forget_positions``)."""
    _HANDS.clear()
    _DEALT.clear()


def _opponents_then_partner(plays: Sequence[tuple[Seat, Card]], order: Sequence[int], j: int, seat: Seat) -> int:
    """How many cards of ``seat``'s opponents, each his own, follow his early lead (at
    ``order[j]``) before his partner's card (``lead_order``); 0 when the cards after it are
    not such a run ended by the partner's card."""
    opponents: set[Seat] = set()
    for n, x in enumerate(order[j + 1:]):
        s = plays[x][0]
        if s is seat.partner:
            return n
        if s.side is seat.side or s in opponents:
            return 0
        opponents.add(s)
    return 0
