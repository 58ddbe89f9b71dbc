"""The bridge table: cards, deals, contracts, play records and case files.

Pure Python, no third-party imports, and nothing from ``rulings.solver``.
"""

from rulings.models.cards import DECK, SEATS, Card, Rank, Seat, Side, Suit
from rulings.models.case import Case, ClaimLine, Replay, parse_case
from rulings.models.contract import Contract, Strain
from rulings.models.deal import Deal, Hand
from rulings.models.errors import (
    AmbiguousError,
    CaseFileError,
    IllegalActionError,
    InconsistentRecordError,
    NotationError,
    RulingError,
)
from rulings.models.events import (
    Attention,
    Call,
    ChangeDesignation,
    CorrectExplanation,
    Designation,
    DirectorFinds,
    Expose,
    Misinformed,
    Name,
    Omit,
    Play,
    PlayLine,
    Touch,
)
from rulings.models.table import (
    CardStatus,
    LeadRule,
    PenaltyCard,
    PenaltyKind,
    PlayRule,
    Revoke,
    TableState,
    Trick,
    Withdrawal,
)

__all__ = [
    "DECK",
    "SEATS",
    "AmbiguousError",
    "Attention",
    "Call",
    "Card",
    "CardStatus",
    "Case",
    "CaseFileError",
    "ChangeDesignation",
    "ClaimLine",
    "Contract",
    "CorrectExplanation",
    "Deal",
    "Designation",
    "DirectorFinds",
    "Expose",
    "Hand",
    "IllegalActionError",
    "InconsistentRecordError",
    "LeadRule",
    "Misinformed",
    "Name",
    "NotationError",
    "Omit",
    "PenaltyCard",
    "PenaltyKind",
    "Play",
    "PlayLine",
    "PlayRule",
    "Rank",
    "Replay",
    "Revoke",
    "RulingError",
    "Seat",
    "Side",
    "Strain",
    "Suit",
    "TableState",
    "Touch",
    "Trick",
    "Withdrawal",
    "parse_case",
]
