"""Contracts: level, strain (which gives trumps) and doubling.

>>> c = Contract.parse("4SX")
>>> c.trumps, c.doubled, str(c)
(Suit.SPADES, 1, '4SX')
"""

from __future__ import annotations

import enum
import re

from rulings.models.cards import Suit
from rulings.models.dataclass import dataclass
from rulings.models.errors import NotationError


class Strain(enum.Enum):
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NOTRUMP = "NT"

    #: the trump suit (None at no trump): a plain member attribute, set once below the class
    #: (read for every trick winner, so no property and no Suit lookup)
    trumps: Suit | None

    def __str__(self) -> str:
        return str(self.value)


for _strain in Strain:
    _strain.trumps = None if _strain is Strain.NOTRUMP else Suit(_strain.value)
del _strain


_CONTRACT_RE = re.compile(r"^([1-7])(NT|N|S|H|D|C|♠|♥|♦|♣)(XX|X)?$")
_SYMBOL_STRAIN = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "N": "NT"}


@dataclass(frozen=True, slots=True)
class Contract:
    level: int
    strain: Strain
    doubled: int = 0  # 0 undoubled, 1 doubled, 2 redoubled

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Parse ``4S``, ``3NT``, ``2HX``, ``6NTXX`` (case-insensitive). Raises NotationError."""
        m = _CONTRACT_RE.match(text.strip().upper().replace(" ", ""))
        if m is None:
            raise NotationError(f"bad contract {text!r}", token=text)
        strain = _SYMBOL_STRAIN.get(m.group(2), m.group(2))
        return cls(int(m.group(1)), Strain(strain), len(m.group(3) or ""))

    @property
    def trumps(self) -> Suit | None:
        return self.strain.trumps

    def __str__(self) -> str:
        return f"{self.level}{self.strain}{'X' * self.doubled}"

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"
