"""Hands and deals, with the PBN ``Deal`` tag notation.

>>> d = Deal.parse("N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6")
>>> str(d[Seat.W])
'K5.JT987.QJT9.A6'
>>> Deal.parse(str(d)) == d
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from rulings.models.cards import (
    RANKS_HIGH_FIRST,
    SEATS,
    SUITS_PBN,
    Card,
    Rank,
    Seat,
    Suit,
    Symbols,
)
from rulings.models.dataclass import dataclass
from rulings.models.errors import InconsistentRecordError, NotationError


@dataclass(frozen=True, slots=True)
class Hand:
    """A set of cards held by one player."""

    cards: frozenset[Card]

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Hand:
        return cls(frozenset(cards))

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Parse a PBN hand ``AQ4.K73.QJ62.K85`` (S.H.D.C, ``T`` or ``10``, ``-`` void).

        Raises NotationError.
        """
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise NotationError(f"bad hand {text!r}: needs four suits S.H.D.C", token=text)
        cards: list[Card] = []
        for suit, part in zip(SUITS_PBN, parts, strict=False):
            body = part.replace("10", "T")
            if body == "-":
                continue
            of_suit = _BY_RANK_LETTER[suit]
            for ch in body:
                card = of_suit.get(ch)  # (a rank letter in capitals: the usual notation)
                if card is None:
                    try:
                        rank = Rank.parse(ch)
                    except NotationError:
                        raise NotationError(f"bad rank {ch!r} in hand {text!r}", token=text) from None
                    card = Card(suit, rank)
                if card in cards:
                    raise InconsistentRecordError(f"card {str(card)!r} twice in hand {text!r}", token=text)
                cards.append(card)
        return cls(frozenset(cards))

    def format(self, symbols: Symbols = "ascii") -> str:
        del symbols  # the PBN hand notation is always ASCII
        return ".".join(
            "".join(r.letter for r in RANKS_HIGH_FIRST if Card(s, r) in self.cards) for s in SUITS_PBN
        )

    def suit(self, suit: Suit) -> list[Card]:
        """Return this hand's cards of ``suit``, high to low."""
        return sorted((c for c in self.cards if c.suit is suit), reverse=True)

    def holds_suit(self, suit: Suit) -> bool:
        return any(c.suit is suit for c in self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(sorted(self.cards, key=lambda c: (-c.suit.order, -c.rank)))

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"Hand.parse({self.format()!r})"


#: each suit's cards by the rank's letter (``A`` ... ``T``, ``9`` ... ``2``)
_BY_RANK_LETTER: dict[Suit, dict[str, Card]] = {s: {r.letter: Card(s, r) for r in Rank} for s in SUITS_PBN}


@dataclass(frozen=True, slots=True)
class Deal:
    """Four hands of equal length with no card twice (a full deal or an end position)."""

    hands: tuple[Hand, Hand, Hand, Hand]  # indexed N, E, S, W

    def __post_init__(self) -> None:
        lengths = {len(h) for h in self.hands}
        if len(lengths) != 1:
            detail = ", ".join(f"{s}={len(h)}" for s, h in zip(SEATS, self.hands, strict=False))
            raise InconsistentRecordError(f"hands hold different numbers of cards ({detail})")
        held = [h.cards for h in self.hands]
        if len(frozenset().union(*held)) != sum(map(len, held)):  # a card dealt twice: name the first met
            seen: dict[Card, Seat] = {}
            for seat, hand in zip(SEATS, self.hands, strict=False):
                for card in hand.cards:
                    if card in seen:
                        raise InconsistentRecordError(
                            f"card {str(card)!r} dealt twice ({seen[card]} and {seat})", token=str(card)
                        )
                    seen[card] = seat
        if len(self.hands[0]) > 13 or len(self.hands[0]) == 0:
            raise InconsistentRecordError(f"hands must hold 1 to 13 cards, not {len(self.hands[0])}")

    @classmethod
    def from_hands(cls, hands: Mapping[Seat, Hand]) -> Deal:
        return cls((hands[Seat.N], hands[Seat.E], hands[Seat.S], hands[Seat.W]))

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Parse a PBN Deal tag value ``"N:hand hand hand hand"`` (hands clockwise).

        Raises NotationError (bad text) or InconsistentRecordError (card twice, unequal
        hands).
        """
        raw = text.strip()
        if len(raw) < 2 or raw[1] != ":":
            raise NotationError(f"bad deal {text!r}: expected 'N:' before the hands", token=text)
        first = Seat.parse(raw[0])
        parts = raw[2:].split()
        if len(parts) != 4:
            raise NotationError(f"bad deal {text!r}: expected four hands, found {len(parts)}", token=text)
        hands: dict[Seat, Hand] = {}
        for i, part in enumerate(parts):
            hands[first.next(i)] = Hand.parse(part)
        return cls.from_hands(hands)

    def __getitem__(self, seat: Seat) -> Hand:
        return self.hands[seat.index]

    def holder(self, card: Card) -> Seat | None:
        """Return the seat holding ``card``, or None."""
        for seat, hand in zip(SEATS, self.hands, strict=False):
            if card in hand.cards:
                return seat
        return None

    def format(self, first: Seat = Seat.N) -> str:
        return f"{first}:" + " ".join(str(self[first.next(i)]) for i in range(4))

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"Deal.parse({self.format()!r})"
