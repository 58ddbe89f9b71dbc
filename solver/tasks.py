"""Tasks one law family puts on the agenda for another.

The rule families never call one another: when a rectification leaves work that another
family's law rules (dummy's designated card fails to follow suit, so a revoke is corrected at
once under 62; a walk of the record under 45C/46 meets dummy's misplays, ruled under 45D),
the family puts one of these tasks on the node's agenda and the rule set's dispatch hands it
to the family that rules it. Penalty-card obligations are in :mod:`rulings.solver.obligations`.
"""

from __future__ import annotations

from rulings.models.cards import Card, Seat
from rulings.models.dataclass import dataclass
from rulings.models.events import Call, Play
from rulings.models.table import Revoke, TableState
from rulings.solver.obligations import LaterPlay


@dataclass(unsafe_hash=True, slots=True)
class CorrectRevoke:
    """62A/62B: the revoker must withdraw the revoke card and substitute a lawful card."""

    revoke: Revoke
    later: tuple[LaterPlay, ...]
    #: the clause that requires the correction: 62A, or 62D1 for an established revoke on
    #: trick 12, or 62C3 when both sides revoked on the trick
    clause: str = "62A"
    #: the other revokes of the table that stand established and are not corrected (63B),
    #: whatever established them (a play, 63A1; a claim, 63A3/63A4): a card of the cascade
    #: that is one of them must stay, as an established revoke (63B)
    established: tuple[Revoke, ...] = ()
    #: the correction is made when attention is drawn and its opening pauses once the revoke
    #: is corrected (``Opening.pauses``): the correction leaves a ``CorrectionMade`` task there
    pause: bool = False
    #: 62C3: the record's own lead that ends it, a defender's alone on its trick with no
    #: choice of declarer's at a lead said in the record (``CorrectBothRevokes.last_lead``)
    last_lead: tuple[int, Seat, Card] | None = None


@dataclass(unsafe_hash=True, slots=True)
class ReportEstablished:
    """63A/63B: an established revoke stands; it is reported, not corrected."""

    revoke: Revoke
    how: str  # what established it, in words
    clause: str  # the 63A clause that established it
    #: the record's earlier revokes, established too and standing (each with its ``how`` and
    #: ``clause``): reported in the same step, each with its own establishment
    earlier: tuple[tuple[Revoke, str, str], ...] = ()
    #: an earlier revoke stands that this path has reported already: the step names this one
    named: bool = False


MisplayRecord = tuple[TableState, Call, "tuple[Card, ...] | None", Play]


@dataclass(frozen=True, slots=True)
class RecordMisplays:
    """Law 45D misplays the designation rules met in the record after a Law 45C/46 event
    (each: the table at the call, the call, the incontrovertible finding, dummy's placing),
    ruled here in record order on the table at the end of their walk."""

    records: tuple[MisplayRecord, ...]
    #: play went on to the end after the record's last card before attention
    #: (``Replay.played_out``): each side has played to every trick after the last recorded
    played_out: bool = False
