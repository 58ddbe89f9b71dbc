"""Seats, sides, suits, ranks and cards: small frozen values usable as graph nodes.

>>> Card.parse("SK")
Card.parse('SK')
>>> str(Card.parse("h10"))
'HT'
>>> Seat.S.lho is Seat.W, Seat.S.partner is Seat.N, Seat.W.next(2) is Seat.E
(True, True, True)
"""

from __future__ import annotations

import enum
from typing import Literal

from rulings.models.errors import NotationError

Symbols = Literal["ascii", "unicode"]


class Seat(enum.Enum):
    """A compass seat. A plain Enum (not IntEnum): North is not a falsy 0."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    # Read on every card of the solver's hot path, so plain member attributes (set once
    # below the class) rather than properties: ``index`` 0 for North, 1 East, 2 South,
    # 3 West; ``lho``, ``partner``, ``rho`` the seats 1, 2, 3 places clockwise; ``side``.
    index: int
    lho: Seat
    partner: Seat
    rho: Seat
    side: Side

    def next(self, steps: int = 1) -> Seat:
        """Return the seat ``steps`` places clockwise (play runs clockwise)."""
        return _SEAT_ORDER[(_SEAT_INDEX[self._value_] + steps) % 4]

    @classmethod
    def parse(cls, token: str) -> Seat:
        """Parse ``N``/``E``/``S``/``W`` (or the full word), case-insensitive.

        Raises NotationError on anything else.
        """
        found = _SEAT_TOKENS.get(token)  # (a seat letter as written: the usual token)
        if found is not None:
            return found
        key = token.strip().upper()
        key = _SEAT_WORDS.get(key, key)
        try:
            return cls(key)
        except ValueError:
            raise NotationError(f"bad seat {token!r}", token=token) from None

    def __str__(self) -> str:
        return self._name_

    def __format__(self, spec: str) -> str:
        return format(self._name_, spec)

    __hash__ = object.__hash__  # members are singletons; identity hashing is C-fast

    def __repr__(self) -> str:
        return f"Seat.{self.value}"


_SEAT_ORDER: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W)
_SEAT_INDEX = {"N": 0, "E": 1, "S": 2, "W": 3}
_SEAT_WORDS = {"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}
_SEAT_TOKENS: dict[str, Seat] = {letter: seat for seat in _SEAT_ORDER for letter in (seat._value_, seat._value_.lower())}
SEATS = _SEAT_ORDER


class Side(enum.Enum):
    """A partnership."""

    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.N, Seat.S) if self is Side.NS else (Seat.E, Seat.W)

    @classmethod
    def parse(cls, token: str) -> Side:
        """Parse ``NS`` or ``EW`` (``SN``/``WE`` too). Raises NotationError."""
        key = token.strip().upper()
        key = {"SN": "NS", "WE": "EW"}.get(key, key)
        try:
            return cls(key)
        except ValueError:
            raise NotationError(f"bad side {token!r}", token=token) from None

    def __str__(self) -> str:
        return self._value_

    def __format__(self, spec: str) -> str:
        return format(self._value_, spec)

    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return f"Side.{self.value}"


class Suit(enum.Enum):
    """A suit; ordered clubs < diamonds < hearts < spades (only for sorting)."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    _value_: str
    #: 0 for clubs to 3 for spades: a plain member attribute, set once below the class (read
    #: for every trick winner, so no property)
    order: int

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return self.order < other.order

    @property
    def letter(self) -> str:
        return self._value_

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOL[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def plural(self) -> str:
        """The suit in words, ``spades``: unambiguous in prose where ``S`` is also a seat."""
        return self._name_.lower()  # (``name`` is an enum property: slower on the hot path)

    def format(self, symbols: Symbols = "ascii") -> str:
        return self.symbol if symbols == "unicode" else self.value

    @classmethod
    def parse(cls, token: str) -> Suit:
        """Parse ``S``, ``spade(s)``, ``♠`` ... case-insensitive. Raises NotationError."""
        key = token.strip()
        found = _SUIT_FROM_SYMBOL.get(key) or _SUIT_WORDS.get(key.lower())
        if found is None:
            raise NotationError(f"bad suit {token!r}", token=token)
        return found

    def __str__(self) -> str:
        return self._value_

    def __format__(self, spec: str) -> str:
        return format(self._value_, spec)

    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_SUIT_ORDER = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}
for _suit, _order in _SUIT_ORDER.items():
    _suit.order = _order
del _suit, _order
_SUIT_SYMBOL = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_FROM_SYMBOL = {
    **{sym: suit for suit, sym in _SUIT_SYMBOL.items()},
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}
_SUIT_WORDS = {
    **{s.value.lower(): s for s in Suit},
    "spade": Suit.SPADES,
    "spades": Suit.SPADES,
    "heart": Suit.HEARTS,
    "hearts": Suit.HEARTS,
    "diamond": Suit.DIAMONDS,
    "diamonds": Suit.DIAMONDS,
    "club": Suit.CLUBS,
    "clubs": Suit.CLUBS,
}
#: Suits in PBN hand order (S.H.D.C) and in display order.
_SEAT_SIDE = {"N": Side.NS, "S": Side.NS, "E": Side.EW, "W": Side.EW}
for _seat in _SEAT_ORDER:
    _i = _SEAT_INDEX[_seat._value_]
    _seat.index = _i
    _seat.lho, _seat.partner, _seat.rho = (_SEAT_ORDER[(_i + k) % 4] for k in (1, 2, 3))
    _seat.side = _SEAT_SIDE[_seat._value_]
del _seat, _i
SUITS_PBN: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


class Rank(enum.IntEnum):
    """A card rank; the value is its trick-taking order (2 low, ace high)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return _RANK_LETTER[self]

    @property
    def is_honour(self) -> bool:
        """Law 50B: ace, king, queen, jack and ten are honours."""
        return self >= Rank.TEN

    @classmethod
    def parse(cls, token: str) -> Rank:
        """Parse ``A K Q J T 10 9 .. 2`` or a word (``queen``). Raises NotationError."""
        found = _RANK_FROM_TEXT.get(token)  # (as written, in capitals: the usual token)
        if found is not None:
            return found
        key = token.strip().upper()
        found = _RANK_FROM_TEXT.get(key)
        if found is None:
            raise NotationError(f"bad rank {token!r}", token=token)
        return found

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_RANK_LETTER = {r: ("T" if r == 10 else "JQKA"[r - 11] if r > 10 else str(int(r))) for r in Rank}
_RANK_FROM_TEXT: dict[str, Rank] = {
    **{letter: rank for rank, letter in _RANK_LETTER.items()},
    "10": Rank.TEN,
    "ACE": Rank.ACE,
    "KING": Rank.KING,
    "QUEEN": Rank.QUEEN,
    "JACK": Rank.JACK,
    "TEN": Rank.TEN,
    "NINE": Rank.NINE,
    "EIGHT": Rank.EIGHT,
    "SEVEN": Rank.SEVEN,
    "SIX": Rank.SIX,
    "FIVE": Rank.FIVE,
    "FOUR": Rank.FOUR,
    "THREE": Rank.THREE,
    "TWO": Rank.TWO,
    "DEUCE": Rank.TWO,
}
RANKS_HIGH_FIRST: tuple[Rank, ...] = tuple(sorted(Rank, reverse=True))


class Card(int):
    """A playing card. Orders by suit (clubs low) then rank.

    A card is a small int, ``16 * suit order + rank`` (clubs 2 is 2, spade ace 62), so
    hashing, equality, ordering and sets of cards run at C speed and a hand can be a bit
    mask (``1 << card``); readable outside: ``suit``, ``rank``, ``text`` and ``str``. The 52
    cards are made once: ``Card(suit, rank)`` returns the one card of that suit and rank.
    """

    suit: Suit
    rank: Rank
    text: str

    def __new__(cls, suit: Suit, rank: Rank) -> Card:
        found = _CARDS.get((suit, rank))
        if found is not None:
            return found
        if not isinstance(suit, Suit) or not isinstance(rank, Rank):
            raise TypeError(f"Card(suit, rank) takes a Suit and a Rank, not {suit!r}, {rank!r}")
        card = int.__new__(cls, _SUIT_ORDER[suit] * 16 + int(rank))
        card.__dict__.update(suit=suit, rank=rank, text=f"{suit._value_}{_RANK_LETTER[rank]}")
        _CARDS[(suit, rank)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Card is immutable (cannot set {name!r})")

    def __reduce__(self) -> tuple[type[Card], tuple[Suit, Rank]]:
        return (Card, (self.suit, self.rank))

    def __format__(self, spec: str) -> str:
        return format(self.text, spec)

    @classmethod
    def parse(cls, token: str) -> Card:
        """Parse suit then rank: ``SA``, ``HT``, ``H10``, ``♠A`` (case-insensitive).

        Raises NotationError.
        """
        found = _CARD_TOKENS.get(token)  # (a card as ``str`` writes it, or in lower case: the usual token)
        if found is not None:
            return found
        text = token.strip()
        if len(text) < 2:
            raise NotationError(f"bad card {token!r}", token=token)
        try:
            suit = Suit.parse(text[0])
            rank = Rank.parse(text[1:])
        except NotationError:
            raise NotationError(f"bad card {token!r}", token=token) from None
        return _CARDS[(suit, rank)]

    def format(self, symbols: Symbols = "ascii") -> str:
        if symbols == "ascii":
            return self.text
        return f"{self.suit.format(symbols)}{self.rank.letter}"

    @property
    def is_honour(self) -> bool:
        return self.rank.is_honour

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card.parse({self.format()!r})"


_CARDS: dict[tuple[Suit, Rank], Card] = {}
#: All 52 cards, sorted (clubs 2 first, spade ace last).
DECK: tuple[Card, ...] = tuple(sorted(Card(s, r) for s in Suit for r in Rank))
#: The usual spellings of each card (``SA``, ``sa``, ``S10``, ``s10``), read by ``Card.parse``
#: itself before it first looks here: the same card as the full parse gives.
_CARD_TOKENS: dict[str, Card] = {}
_CARD_TOKENS.update({token: Card.parse(token) for c in DECK
                     for token in {c.text, c.text.lower(), c.text.replace("T", "10"), c.text.lower().replace("t", "10")}})
#: The 13 cards of each suit: whether a hand holds the suit is one C-level set test
#: (``not hand.isdisjoint(SUIT_CARDS[suit])``), the hot question of following suit.
SUIT_CARDS: dict[Suit, frozenset[Card]] = {s: frozenset(c for c in DECK if c.suit is s) for s in Suit}


def sort_for_hand(cards: frozenset[Card] | set[Card] | list[Card] | tuple[Card, ...]) -> list[Card]:
    """Return cards in display order: spades, hearts, diamonds, clubs; high to low."""
    # a card's int is 16 * suit order + rank: display order is the ints from high to low
    return sorted(cards, reverse=True)
