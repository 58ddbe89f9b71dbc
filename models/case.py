"""Case files (CASES.md): one table situation and the ruling claimed for it.

This module turns an already-loaded mapping into a :class:`Case`. It has no third-party
imports: the YAML reader lives in ``rulings.solver.casefile`` and passes the line number of
every node in ``lines`` so that each error can name the file, line and token.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import field, replace
from typing import Any, Generic, TypeVar, cast, overload

from rulings.models.cards import Card, Seat, Side
from rulings.models.contract import Contract
from rulings.models.dataclass import dataclass
from rulings.models.deal import Deal
from rulings.models.designation import DesignationPolicy, FoundCall, prepare, resolve_call
from rulings.models.errors import CaseFileError, IllegalActionError, NotationError, RulingError
from rulings.models.events import (
    AnyEvent,
    Attention,
    Call,
    ChangeDesignation,
    Choice,
    Chooses,
    ClaimTricks,
    Designation,
    DirectorFinds,
    DummyAction,
    Expose,
    FaceDownLead,
    FifthCard,
    Inquiry,
    LeadWarning,
    LostRights,
    Name,
    NamePlay,
    Omit,
    Play,
    PlayBeforeTurn,
    PlayLine,
    Remaining,
    Resume,
    Simultaneous,
    Touch,
    place,
)
from rulings.models.table import PenaltyCard, PenaltyKind, TableState

_T = TypeVar("_T")
#: Path of a node in the case mapping, e.g. ("play", 4); () is the document.
NodePath = tuple[str | int, ...]
LineMap = Mapping[NodePath, int]

EDITIONS = ("2017", "2007")
KNOWN_FIELDS = frozenset(
    {
        "title",
        "source",
        "notes",
        "laws",
        "deal",
        "contract",
        "declarer",
        "play",
        "trick",
        "leader",
        "won",
        "expect",
        "penalty",
        "decisions",
    }
)
REQUIRED_FIELDS = ("deal", "contract", "declarer", "play")


class kept(Generic[_T]):
    """``functools.cached_property`` without its lock (Python 3.11 takes one at every first
    read, about a microsecond): the value is computed at the first read and kept in the
    instance's ``__dict__``, where later reads find it (a frozen data class's too)."""

    def __init__(self, func: Callable[[Any], _T]) -> None:
        self.func = func
        self.name = getattr(func, "__name__", "")  # (a compiled function may have none: __set_name__ names it)
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> kept[_T]: ...
    @overload
    def __get__(self, instance: object, owner: type | None = None) -> _T: ...
    def __get__(self, instance: object | None, owner: type | None = None) -> _T | kept[_T]:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.func(instance)
        return value


@dataclass(frozen=True, slots=True)
class ClaimLine:
    """One ``expect`` entry as written, normalised to ``"always: ..."`` text form."""

    text: str
    line: int | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Replay:
    """The table when attention was drawn, and what the record says around it."""

    table: TableState
    attention: Attention | None
    before: tuple[AnyEvent, ...]  # every event up to attention, in order
    after: tuple[AnyEvent, ...]  # events after the attention line (findings etc.)
    unapplied: tuple[AnyEvent, ...] = ()  # events before attention the table did not apply
    #: for each event of ``before``, how many cards stood as played on the
    #: table just before it (its index in ``table.plays()`` for a play line), so a rule can
    #: rebuild the table as it was at a call or a placement.
    applied_before: tuple[int, ...] = ()
    #: the record read again around a rectified table (the engine reopening it after one
    #: irregularity's rectification): there only what an opener finds at a line or a play of
    #: the record is ruled, so an opener may leave out what would point at neither
    reopened: bool = False
    #: what openers found on the record as played, kept for when the engine reads the record
    #: again around a rectified table (shared by :meth:`with_table`'s copies): a finding that
    #: a rectification cannot change need not be searched for again at every restoration
    memo: dict[str, object] = field(default_factory=dict, compare=False, repr=False)
    #: around a rectified table, what is ruled already and so not for an opener to find
    #: again: what the rulings on this path ruled on, and what the openings of the record
    #: claimed, by the name of the opener that found each (keys as the engine keeps them:
    #: ``(trick, seat)`` pairs of plays out of turn, cards standing, record lines): an
    #: opener that finds several irregularities of its kind rules the first not among them
    #: (:meth:`is_ruled`)
    ruled: frozenset[object] = field(default=frozenset(), compare=False, repr=False)
    claimed: tuple[tuple[str, frozenset[object]], ...] = field(default=(), compare=False, repr=False)
    #: a later part of a record played on after a ruling: the table it was played on from
    #: (the parts before it as ruled on this path); None for the first part, played from
    #: the deal (``table.restart()``)
    start: TableState | None = field(default=None, compare=False, repr=False)
    #: a part of the record cut where the table played on, before attention, from a choice
    #: ruled at its last line (``RuleSet.played_on_from``: 54A, 54D/56): the record goes on
    #: after that line, as after a ``resume`` line, with no attention line in this part
    played_on: bool = field(default=False, compare=False, repr=False)
    #: a later part of a record played on after a ruling: the parts before it, as played
    #: (a ruling may have changed their cards since: the table shows them as ruled), for
    #: what the record as a whole says (its revokes, dummy's wrongly placed leads)
    earlier: tuple[Replay, ...] = field(default=(), compare=False, repr=False)
    #: declarer's calls of ``before`` that name no card of dummy's the reader could place
    #: where dummy is still to play, and whose card 46B leaves to a player's choice (46B3(b),
    #: 46B4, 46B5) or to a ``designation_*`` decision: the designation rules put one of
    #: dummy's cards on the trick, so each holds a place in the count of tricks at a claim or
    #: ``remaining`` line (:meth:`tricks_done_at`). (The card 46B gives outright the reader
    #: places, as it places a card called by name.)
    placeholders: tuple[AnyEvent, ...] = field(default=(), compare=False, repr=False)
    #: the cards of ``before`` the reader placed as played on a designation alone, no play
    #: line of this part putting them on the table: a call of dummy's card by declarer (45B,
    #: 46B), a card a player named from his own hand to play (45C4(a)). A revoke the first
    #: of them establishes is established by the designation (63A2), not by a card placed
    #: in the played position (63A1)
    designated: frozenset[tuple[Seat, Card]] = field(default=frozenset(), compare=False, repr=False)
    #: around a rectified table: a later part of the record is played on from the ruling of
    #: this one (after a ``resume`` line, or where the table played on, :attr:`played_on`), so
    #: a position this part's ruling leaves is where that part's lines go on (its next lead
    #: is the later part's, with what the record says there)
    goes_on: bool = field(default=False, compare=False, repr=False)
    #: the cards this part's lines put down (as ``table.plays()`` holds them from
    #: :attr:`applied_before`'s first count), in the order of the record's lines: the replay
    #: may place them otherwise (a seat's second card in the trick in progress, the cards
    #: still due to it following, is his lead to the next trick, ``TableState.lead_order``),
    #: and a rule family that puts a card of its own among them places them again from
    #: this order, as play lines there would be placed; empty where it is the table's order
    read: tuple[tuple[Seat, Card], ...] = field(default=(), compare=False, repr=False)
    #: where :attr:`read` is not empty, the same cards as the replay placed them, each with its
    #: trick (``table.plays()``'s order): around a rectified table whose cards of this part
    #: still stand so, no ruling having moved one, the record's order still says where a card
    #: a rule family puts among them goes
    placed: tuple[tuple[int, Seat, Card], ...] = field(default=(), compare=False, repr=False)

    @classmethod
    def of(cls, table: TableState, attention: Attention | None, before: tuple[AnyEvent, ...], after: tuple[AnyEvent, ...],
           unapplied: tuple[AnyEvent, ...] = (), applied_before: tuple[int, ...] = (),
           line_kinds: frozenset[type] | None = None, start: TableState | None = None,
           placeholders: tuple[AnyEvent, ...] = (), designated: frozenset[tuple[Seat, Card]] = frozenset(),
           read: tuple[tuple[Seat, Card], ...] = (), placed: tuple[tuple[int, Seat, Card], ...] = ()) -> Replay:
        """``Replay(table, attention, before, after, unapplied, applied_before)`` with every
        field set at once (the frozen ``__init__`` sets each through ``object.__setattr__``);
        ``line_kinds``, when the caller has read them already, kept as :attr:`line_kinds`;
        ``start``: a later part of the record, the table it was played on from (:attr:`start`)."""
        new = object.__new__(cls)
        new.__dict__.update(table=table, attention=attention, before=before, after=after, unapplied=unapplied,
                            applied_before=applied_before, reopened=False, memo={}, placeholders=placeholders,
                            played_on=False, designated=designated, read=read, placed=placed)
        if line_kinds is not None:
            new.__dict__["line_kinds"] = line_kinds
        if start is not None:
            new.__dict__["start"] = start
        return new

    @kept
    def line_kinds(self) -> frozenset[type]:
        """The kinds (event types) of every line of the record around this table: one scan,
        kept (a replay around a rectified table shares it, see :meth:`with_table`)."""
        return frozenset(map(type, self.before)).union(map(type, self.unapplied), map(type, self.after))

    @kept
    def played_out(self) -> bool:
        """Whether the record says play went on to the end of the hand before attention was
        drawn: a ``remaining`` line before ``attention`` (docs/case-format.md). Every trick
        from the last card the record shows was then completed, all four hands playing to
        each. A claim is no such line: it ends play without any further card (68)."""
        return Remaining in self.line_kinds and any(isinstance(e, Remaining) for e in self.before)

    def played_to(self, trick: int, who: Seat | Side, table: TableState | None = None) -> bool:
        """Whether ``who`` (a player, or either member of a side) played to trick ``trick``:
        a card of his stands on it (on ``table``, by default this record's), or play went on
        to the end after the last card the record shows (:attr:`played_out`) and the trick
        is one of those still to complete there (up to the thirteenth). The one test of
        every rule that asks whether play went on past a trick: 63A1 (the offending side
        played to the next trick), 62C3 (only one side has), 53A (the next hand played to a
        lead out of turn), 45D (each side has played to the next trick), 52B1 (declarer
        has played since), 57A (the premature player's partner has played to the trick)."""
        t = (table if table is not None else self.table).trick(trick)
        if t is not None and any(s is who or s.side is who for s, _ in t.plays):
            return True
        return trick <= 13 and (t is None or not t.is_complete) and self.played_out

    def tricks_done_at(self, line: AnyEvent) -> int | None:
        """The number of the last trick complete where ``line`` (a claim or ``remaining``
        line of this record) stands, counted as the reader counts it (``_check_end_of_play``:
        a line of cards played together, 58A/58B, puts one card on its trick though the
        reader places none, and so does a call of declarer's in :attr:`placeholders`, 46B);
        None when the record holds no such line or none of them before it (the table's own
        complete tricks then tell)."""
        # (no nested function here: mypyc cannot compile one that reads ``self`` in a method
        # of an ordinary class)
        placeholders = self.placeholders
        together = 0
        for i, e in enumerate(self.before):
            if e is line:
                if not together:
                    return None
                return _tricks_done_with(self.table, self.before, self.applied_before, placeholders, i, self.applied_before[i],
                                         together)
            if _holds_place(e, placeholders):
                together += 1
        if together and any(e is line for e in self.after):
            return _tricks_done_with(self.table, self.before, self.applied_before, placeholders, len(self.before),
                                     _cards_as_played(self.table), together)
        return None

    def as_placed(self, events: tuple[AnyEvent, ...]) -> tuple[AnyEvent, ...]:
        """``events`` (lines of this record) with each line whose card a ruling placed as a
        play on :attr:`table` read as the play line of that card: a card exposed that was
        deemed played (45C1, 45C2), the card of several played together that counts as played
        (58B), a fifth card found played or led (45E). Only around a rectified table, where
        no play line of the record places that card: the replay applies none of these lines,
        so a rule family that walks the record's plays again (the designation rules) finds
        the card where the ruling put it, a card played to the trick as it then stood, as it
        would a play line's."""
        if not self.reopened:
            return events
        swapped = self._substituted(events) if self.table.withdrawn else {}
        if not swapped and not any(isinstance(e, (Expose, Simultaneous, FifthCard)) for e in events):
            return events
        standing = {(s, c) for t in self.table.tricks for s, c in t.plays}
        by_line = {(e.seat, e.card) for e in events if isinstance(e, Play)}
        # (a substitute a ruling put in place of a line's card stands at that line: no line of
        # another kind that names the card placed it, a fifth card that was a penalty card
        # played under 52B2, say)
        by_line.update((e.seat, sub) for k, sub in swapped.items() if isinstance(e := events[k], Play))
        at = self._placing_lines(events, standing, by_line)
        out: list[AnyEvent] = []
        for k, e in enumerate(events):
            if swapped and k in swapped:
                sub = swapped[k]
                if isinstance(e, Play):
                    out.append(Play(e.seat, sub, e.line, e.entry))
                elif isinstance(e, Call):
                    what = replace(e.what, card=sub) if e.what.kind == "card" else Designation("card", sub)
                    out.append(Call(e.seat, what, e.line, e.entry))
                continue
            if isinstance(e, (Expose, Simultaneous, FifthCard)):
                cards = e.cards if isinstance(e, Simultaneous) else (e.card,)
                put = [c for c in cards if (e.seat, c) in standing and (e.seat, c) not in by_line
                       and at.get((e.seat, c), k) == k]
                if len(put) == 1:
                    out.append(Play(e.seat, put[0], e.line, e.entry))
                    continue
            out.append(e)
        return tuple(out)

    def _placing_lines(self, events: tuple[AnyEvent, ...], standing: set[tuple[Seat, Card]],
                       by_line: set[tuple[Seat, Card]]) -> dict[tuple[Seat, Card], int]:
        """For :meth:`as_placed`: each card standing on :attr:`table` that several lines of
        ``events`` name and no play line places (a card exposed, found not played, 45C1 or 49,
        that the player put down later with another, 58B), by the index of the line that
        played it: the last of them that comes at or before the card's place among the cards
        standing (:meth:`applied_on_table`), the first where none does. A card named once is
        not in it (its one line placed it)."""
        naming: dict[tuple[Seat, Card], list[int]] = {}
        for k, e in enumerate(events):
            if isinstance(e, (Expose, Simultaneous, FifthCard)):
                for c in e.cards if isinstance(e, Simultaneous) else (e.card,):
                    if (e.seat, c) in standing and (e.seat, c) not in by_line:
                        naming.setdefault((e.seat, c), []).append(k)
        twice = {key: ks for key, ks in naming.items() if len(ks) > 1}
        if not twice:
            return {}
        counts = self.applied_on_table()
        place = {(s, c): i for i, (_, s, c) in enumerate(self.table.plays())}
        out: dict[tuple[Seat, Card], int] = {}
        for key, ks in twice.items():
            before = [k for k in ks if k < len(counts) and counts[k] <= place[key]]
            out[key] = before[-1] if before else ks[0]
        return out

    def applied_on_table(self) -> tuple[int, ...]:
        """:attr:`applied_before` as counted among the cards standing on :attr:`table`: around
        a rectified table, a card the replay placed before a line that a ruling took back with
        nothing standing in its place (a lead out of turn withdrawn at the proper leader's
        lead, 53B) no longer counts before that line, so the cards standing before each line
        are still those the record played before it (the table's ``plays()``, first
        ``applied_on_table()[i]`` of them, are the cards before line ``i``). A card placed by
        no line of this part (an earlier part's) is left as counted."""
        applied = self.applied_before
        table = self.table
        if not self.reopened or not table.withdrawn:
            return applied
        standing = {(s, c) for t in table.tricks for s, c in t.plays}
        gone = {(w.seat, w.card) for w in table.withdrawn
                if (w.seat, w.card) not in standing and (w.replaced_by is None or (w.seat, w.replaced_by) not in standing)}
        if not gone:
            return applied
        out = list(applied)
        for seat, card in gone:
            k = next((i for i, e in enumerate(self.before) if isinstance(e, Play) and e.seat is seat and e.card == card), None)
            if k is None:
                k = next((i for i, e in enumerate(self.before)
                          if isinstance(e, Call) and e.what.card == card and seat is table.dummy), None)
            if k is None:
                continue
            for j in range(k + 1, len(out)):
                out[j] -= 1
        return tuple(out)

    def taken_off(self, events: tuple[AnyEvent, ...]) -> frozenset[int]:
        """Of ``events`` (lines of this record, those before attention first), the play lines
        whose card a ruling on :attr:`table` took back with nothing in its place and that
        stands on no trick there (a premature card made a penalty card, 57A; a lead out of
        turn gone back, 53B, 55B1; a card played at the right-hand opponent's turn that must
        be played at the player's own, 57D, off the trick until then): by index, the first
        line before attention that names it.
        Only around a rectified table: a rule family that walks the record's plays again (the
        designation rules) does not put that card back where the ruling took it from; a
        later line of the player's that names it again places it, as played anew."""
        table = self.table
        held = [r for r in table.play_rules if r.kind == "card" and r.card is not None]
        if not self.reopened or not (table.withdrawn or held):
            return frozenset()
        standing = {(s, c) for t in table.tricks for s, c in t.plays}
        gone = {(w.seat, w.card) for w in table.withdrawn if w.replaced_by is None} - standing
        # (a card played at the right-hand opponent's turn that 57D sends back to be played at
        # his own turn is off the trick, not withdrawn: the walk does not put it back at the
        # other player's turn either)
        gone |= {(r.seat, r.card) for r in held if r.card is not None} - standing
        if not gone:
            return frozenset()
        out: set[int] = set()
        for k, e in enumerate(events[: len(self.before)]):
            if isinstance(e, Play) and (e.seat, e.card) in gone:
                gone.discard((e.seat, e.card))  # (the first line that names it)
                out.add(k)
        return frozenset(out)

    def _substituted(self, events: tuple[AnyEvent, ...]) -> dict[int, Card]:
        """Of ``events`` (lines of this record, those before attention first), the play lines
        whose card a ruling on :attr:`table` took back and replaced by another of the same
        player's on the same trick (a substitute: 47D, 58B3, 62B, 62C1, ...), by index, with
        the substitute: the card now standing there, played where the record played the card
        it replaced. A call of dummy's card that the placing line after it faced is read as
        the call of the substitute too (declarer designated dummy's substitute). Only where
        the card taken back no longer stands anywhere (not played again since) and no other
        play line of the player's names the substitute."""
        table = self.table
        placed = {(t.number, s, c) for t in table.tricks for s, c in t.plays}
        cards = {(s, c) for _, s, c in placed}
        subs: dict[tuple[Seat, Card], Card] = {}
        for w in table.withdrawn:
            new = w.replaced_by
            if new is not None and (w.trick, w.seat, new) in placed and (w.seat, w.card) not in cards:
                subs[(w.seat, w.card)] = new
        if not subs:
            return {}
        named = {(e.seat, e.card) for e in events if isinstance(e, Play)}
        out: dict[int, Card] = {}
        upto = len(self.before)
        for k, e in enumerate(events[:upto]):
            if not isinstance(e, Play) or (new := subs.get((e.seat, e.card))) is None or (e.seat, new) in named:
                continue
            subs.pop((e.seat, e.card))  # (a card is played once: the first line that names it)
            out[k] = new
            j = k - 1
            while j >= 0 and isinstance(events[j], DirectorFinds):
                j -= 1
            prev = events[j] if j >= 0 else None
            if isinstance(prev, Call) and prev.what.card == e.card and e.seat is table.dummy:
                out[j] = new
        if subs and any(s is table.dummy for s, _ in subs) and self.designated:
            out.update(self._called_substitutes(events, subs))
        return out

    def _called_substitutes(self, events: tuple[AnyEvent, ...], subs: dict[tuple[Seat, Card], Card]) -> dict[int, Card]:
        """Of ``events``, declarer's calls of dummy's card that placed it themselves (no
        placing line after them, :attr:`designated`) whose card a ruling took back and
        replaced on the same trick (dummy's card changed under 58B3, 47D, 62C1, ...): by
        index, with the substitute, read as declarer's call of that card, as when a placing
        line follows (:meth:`_substituted`). The card a call placed is the one the replay put
        down at its line (:meth:`applied_on_table`; the substitute stands in its place)."""
        table = self.table
        dummy = table.dummy
        upto = len(self.before)
        counts = self.applied_on_table()
        if len(counts) != upto:
            return {}
        standing = list(table.plays())
        cards = {(s, c) for _, s, c in standing}
        by_line = {(e.seat, e.card) for e in events if isinstance(e, Play)}
        unapplied = {id(e) for e in self.unapplied}
        out: dict[int, Card] = {}
        shift = 0  # (the cards of lines the replay did not apply that a ruling placed since)
        for k, e in enumerate(events[:upto]):
            x = self.before[k]
            if id(x) in unapplied and isinstance(x, (Expose, Simultaneous, FifthCard)):
                placed = x.cards if isinstance(x, Simultaneous) else (x.card,)
                shift += any((x.seat, c) in cards and (x.seat, c) not in by_line for c in placed)
            if not (isinstance(e, Call) and e.seat is table.declarer and counts[k] + shift < len(standing)):
                continue
            nxt = next((x for x in events[k + 1 : upto] if not isinstance(x, DirectorFinds)), None)
            if isinstance(nxt, Play) and nxt.seat is dummy:
                continue  # (a placing line follows: read above)
            _, seat, card = standing[counts[k] + shift]
            old = next((c for (s, c), new in subs.items() if s is dummy and new == card and (s, c) in self.designated), None)
            if seat is dummy and old is not None:
                subs.pop((dummy, old))
                out[k] = card
        return out

    def places_unapplied(self, table: TableState) -> bool:
        """Whether ``table`` (a rectified table of this record) holds as played the card of a
        line the replay did not apply (an exposed card deemed played, a fifth card found led
        or played, a card of several played together: :meth:`as_placed`): every later card
        of the record then stands one place on from where the replay read it, so a line the
        replay read in one trick may fall in another there."""
        kinds = self.line_kinds
        if FifthCard not in kinds and Expose not in kinds and Simultaneous not in kinds:
            return False
        lines = [e for e in self.unapplied if isinstance(e, (Expose, Simultaneous, FifthCard))]
        if not lines:
            return False
        standing = {(s, c) for t in table.tricks for s, c in t.plays}
        return any((e.seat, c) in standing for e in lines for c in (e.cards if isinstance(e, Simultaneous) else (e.card,)))

    def with_table(self, table: TableState, *, reopened: bool = False, ruled: frozenset[object] = frozenset(),
                   start: TableState | None = None) -> Replay:
        """The same record around another table (a rectified one): ``dataclasses.replace``
        without its field-by-field rebuild (the engine asks for one at every leaf).
        ``start``: a later part of the record, the table this path played it on from."""
        new = object.__new__(Replay)
        new.__dict__.update(self.__dict__, table=table, reopened=reopened, ruled=ruled)
        if start is not None:
            new.__dict__["start"] = start
        return new

    def cut_here(self) -> Replay:
        """The same part of the record, marked as cut where the table played on from it
        (:attr:`played_on`)."""
        new = object.__new__(Replay)
        new.__dict__.update(self.__dict__, played_on=True)
        return new

    def with_claims(self, claimed: tuple[tuple[str, frozenset[object]], ...]) -> Replay:
        """The same record with what its openings claimed (:attr:`claimed`), kept by the
        copies :meth:`with_table` makes of it."""
        new = object.__new__(Replay)
        new.__dict__.update(self.__dict__, claimed=claimed)
        return new

    def start_table(self) -> TableState:
        """The table this part of the record was played on from, before its first line:
        :attr:`start`, or for the first part the table before the first play
        (``table.restart()``). As ``restart`` has them, the penalty cards in force there are
        those in force then and those made since (by a ruling on this part: a card exposed),
        on :attr:`table` in force or played; and, as ``restart`` has them, the leads this
        part's replay placed as put down before the trick before them was complete
        (``early_leads``, ``put_down_early``), so that a rule family placing the part's plays
        again from this table places them as the replay did; and the lead and play
        restrictions a ruling on :attr:`table` put in force since (50D2(a), 51B, 57A, 57D),
        which bind those plays as they bind them on :attr:`table`, and declarer's choices at
        a lead that imposed none (50D2(b), 51B2(c)), which he does not make again there."""
        start = self.start
        now = self.table
        if start is None:
            return _with_restrictions(now.restart(), now)
        # the leads this part's replay placed as made before the trick before them was
        # complete (57A; ``TableState.lead_order``) are marked, as ``restart`` keeps them
        early = [x for x in now.early_made if x not in start.early_made]
        put_down = [x for x in now.put_down_early if x not in start.put_down_early]
        if early or put_down:
            start = start.with_early_leads(early).with_put_down_early(put_down)
        made = (now.penalty_cards | now.played_penalty) - start.penalty_cards - start.played_penalty
        if made:
            again = {(p.seat, p.card) for p in made}  # (a minor one made major since, 50B: as it is now)
            start = start.with_penalty_cards(frozenset(p for p in start.penalty_cards if (p.seat, p.card) not in again) | made)
        return _with_restrictions(start, now)

    def going_on(self) -> Replay:
        """The same part of the record, with a later part played on from its ruling (:attr:`goes_on`)."""
        new = object.__new__(Replay)
        new.__dict__.update(self.__dict__, goes_on=True)
        return new

    def with_earlier(self, earlier: tuple[Replay, ...]) -> Replay:
        """The same part of the record with the parts before it (:attr:`earlier`)."""
        new = object.__new__(Replay)
        new.__dict__.update(self.__dict__, earlier=earlier)
        return new

    def is_ruled(self, key: object, opener: str) -> bool:
        """Whether ``key`` (as :attr:`ruled`) is not for ``opener`` to find: ruled on this
        path already, or claimed by another opener's opening of the record."""
        return key in self.ruled or any(key in keys for name, keys in self.claimed if name != opener)


@dataclass(frozen=True)
class DecisionSetting:
    """One entry of a case's ``decisions`` field: the switch ``name`` (a field of
    ``rulings.solver.config.Decisions``, docs/decisions.md) set to ``value``. ``line``: its line
    in the file (None when read without lines); ``origin``: ``"case"`` for the field,
    ``"command line"`` for ``--decision``. This module checks the shape only (a name, true or
    false); the solver checks the name (``rulings.solver.config.decisions_for``).
    ``overrode``, ``overrode_line``: for a command line's setting, the case file's own value
    of the switch it replaced and that entry's line (None: the file did not set it)."""

    name: str
    value: bool
    line: int | None = None
    origin: str = "case"
    overrode: bool | None = None
    overrode_line: int | None = None


@dataclass(frozen=True)
class Case:
    """A parsed case file."""

    deal: Deal
    contract: Contract
    declarer: Seat
    events: tuple[AnyEvent, ...]
    laws: str = "2017"
    trick: int = 1
    leader: Seat | None = None
    won: tuple[int, int] = (0, 0)
    penalty: tuple[PenaltyCard, ...] = ()
    expect: tuple[ClaimLine, ...] = ()
    title: str | None = None
    source: str | None = None
    notes: str | None = None
    file: str | None = None
    #: the decision switches the case sets (its ``decisions`` field), in file order; the
    #: others keep their defaults (docs/decisions.md)
    decisions: tuple[DecisionSetting, ...] = ()

    @property
    def first_leader(self) -> Seat:
        return self.leader if self.leader is not None else self.declarer.lho

    def initial_state(self) -> TableState:
        """Return the table before the first play line. Raises IllegalActionError.
        (Made once: a table is immutable, and :func:`parse_case` makes it to check the case.)"""
        start = self.__dict__.get("_start")
        if start is None:
            start = self.__dict__["_start"] = TableState.start(
                self.deal,
                self.contract,
                self.declarer,
                first_trick=self.trick,
                leader=self.first_leader,
                won=self.won,
                penalty_cards=self.penalty,
            )
        return start

    def replay(self) -> Replay:
        """Apply the play lines up to the first ``attention`` line (the lines after it, up
        to a ``resume`` line, are ``Replay.after``).

        A call of a specific card that dummy holds is the play of that card (45B, 45C4(a))
        unless the next line has dummy place a card (then that line is what was placed).
        So is a card a player names from his own hand at his turn (``names <card> to play``,
        declarer's ``names <card>``): a change of either designation (``changes to``) is not
        applied here, the card first named holding its place in the trick.
        Lines the table does not apply are listed in ``Replay.unapplied``.
        Raises RulingError (located at the file and line) for a card not in the hand.
        """
        return replay_events(self.initial_state(), self.first_segment, file=self.file)

    @property
    def first_segment(self) -> tuple[AnyEvent, ...]:
        """The record up to its first ``resume`` line (the whole record when it has none)."""
        return self.segments[0]

    @kept
    def line_kinds(self) -> frozenset[type]:
        """The kinds of line of the record (:func:`line_kinds_of` its events), read once: the
        rule families it may need, whether it states a choice, whether it has parts."""
        return line_kinds_of(self.events)

    @kept
    def segments(self) -> tuple[tuple[AnyEvent, ...], ...]:
        """The record cut at its ``resume`` lines: each part is played, then ruled at its
        ``attention``; the next part is played on from the position as ruled."""
        if Resume not in self.line_kinds:
            return (self.events,)  # (most records are one part)
        parts: list[tuple[AnyEvent, ...]] = []
        start = 0
        for i, e in enumerate(self.events):
            if isinstance(e, Resume):
                parts.append(self.events[start:i])
                start = i + 1
        parts.append(self.events[start:])
        return tuple(parts)


def _with_restrictions(start: TableState, now: TableState) -> TableState:
    """``start`` with the lead and play restrictions put in force on ``now`` that it has not
    (50D2(a), 51B, 57A, 57D: made by a ruling since), each judging the plays placed after it
    as it does on ``now``; and declarer's choices at a lead made on ``now`` that imposed none
    (50D2(b), 51B2(c): ``lead_options_waived``)."""
    for rule in now.lead_rules_made:
        if rule not in start.lead_rules_made:
            start = start.with_lead_rule(rule)
    for made in now.play_rules_made:
        if made not in start.play_rules_made:
            start = start.with_play_rule(made)
    waived = [w for w in now.lead_options_waived if w not in start.lead_options_waived]
    if waived:
        # declarer's choice at a lead that imposed no restriction (50D2(b), 51B2(c)) is his
        # choice there as much as one that did: he does not choose again at that lead
        start = start._evolve(lead_options_waived=(*start.lead_options_waived, *waived))
    return start


def replay_events(state: TableState, events: Sequence[AnyEvent], *, file: str | None = None) -> Replay:
    """Apply ``events`` to ``state`` up to the first ``attention`` line (see Case.replay).
    ``Replay.applied_before`` counts the cards standing on ``state`` too.
    Raises RulingError (located at the file and line) for a card not in the hand."""
    declarer = state.declarer
    applied = sum([len(t.plays) for t in state.tricks])  # cards standing so far (Replay.applied_before)
    start = state if applied or state.withdrawn else None  # (a later part of the record: Replay.start)
    plain = _PLAIN[0]
    if plain is None or plain[0] is not events:
        plain = _PLAIN[0] = _plain_lines(events)
    if plain[1] is not None:
        as_read = state.placed_as_read(plain[2])
        if as_read or not state.held_back(plain[2]):
            return _replay_plain(state, plain, applied, start, file, as_read)
    # the play lines that open the record (most records are all play lines up to attention):
    # placed in one batch, each counting one card
    head = 0
    for event in events:
        if type(event) is not Play:
            break
        head += 1
    opening = cast("Sequence[Play]", events[:head])
    before: list[AnyEvent] = list(opening)
    batch: list[tuple[Seat, Card]] = [(e.seat, e.card) for e in opening]
    batch_events: list[AnyEvent] = before[:]
    applied_before: list[int] = list(range(applied, applied + head))
    applied += head
    unapplied: list[AnyEvent] = []
    placeholders: list[AnyEvent] = []  # declarer's calls that put one card of dummy's on its trick
    designated: list[tuple[Seat, Card]] = []  # cards placed on a designation line alone (Replay.designated)
    facings: set[int] = set()  # dummy's lines facing a card a call played earlier in the trick
    breaks: set[int] = set()  # the places in ``batch`` before which a line not in it came
    read: list[tuple[Seat, Card]] = []  # the cards placed, in the record's order (Replay.read)

    attention: Attention | None = None
    after: tuple[AnyEvent, ...] = ()
    for i in range(head, len(events)):
        event = events[i]
        if isinstance(event, Attention):
            attention, after = event, tuple(events[i + 1 :])
            break
        applied_before.append(applied)
        placed = len(batch)
        if isinstance(event, Play):
            # (a line in ``facings`` is dummy facing the card a call of declarer's played at
            # his turn: below)
            if not facings or id(event) not in facings:
                batch.append((event.seat, event.card))
                batch_events.append(event)
                applied += 1
        elif isinstance(event, Call) and event.seat is declarer:
            dummy = declarer.partner
            card = event.what.card
            if _dummy_in_trick(state, batch, dummy) and not _dummy_not_in_trick_as_placed(
                    state, batch, batch_events, breaks, before, applied_before, dummy) and not (
                    card is not None and card in state.hand(dummy) and _dummy_not_in_trick_once_together(
                        state, batch, before, applied_before, unapplied, dummy)):
                # dummy has played to the trick in progress: the call plays no card of his
                # (the designation rules say so); a card he places after it is a play line
                unapplied.append(event)
            elif (faced := _faced_later(events, i, state, batch, file)) is not None:
                # dummy faces the card after another player's card of the trick: the call
                # played it, at dummy's turn (45B, 45C4(a)), and the later line is its facing,
                # no second play (the cards between were played after dummy's)
                state, held_back = _place_batch(state, batch, batch_events, breaks, before, unapplied, applied_before, file, read)
                applied -= held_back
                meant = card if card is not None and card in state.hand(dummy) else _deemed(state, events, i, file)
                if meant is None or faced.card != meant:
                    # (a line between the call and dummy's that the table cannot take is the
                    # first bad line of the record: named first)
                    _check_between(state, events, i, faced, dummy, meant, file)
                    raise _faced_unlike_call(state, event, faced, meant, events, i).at(faced, file=file)
                batch.append((dummy, meant))
                batch_events.append(event)
                applied += 1
                facings.add(id(faced))
            # dummy holds the card unless he played it, on the table or among the plays not placed yet
            elif card is not None and card in state.hand(dummy) and (dummy, card) not in batch and not _faces_next(
                    events, i + 1, declarer, dummy, state):
                free = state.hand(dummy).difference(c for s, c in batch if s is dummy)
                card = _as_changed(events, i, declarer, dummy, card, state.deal, free)
                batch.append((dummy, card))  # 45B/45C4(a): naming the card plays it
                batch_events.append(event)
                designated.append((dummy, card))
                applied += 1
            elif card is not None and _faces_next(events, i + 1, declarer, dummy, state, card):
                pass  # dummy faced the card named; that play line is the play
            elif _faces_next(events, i + 1, declarer, dummy, state):
                unapplied.append(event)  # (dummy placed a card: that line is his card, 45D)
            else:
                # a call naming no card dummy can place ("win", "low", a suit, a rank, a card he
                # does not hold): the card 46B deems called is played (45B), as a call of that
                # card would be, unless dummy places a card later in the trick (that line is
                # his card there). Where 46B leaves the card to a choice (46B3(b), 46B4, 46B5)
                # or to a point docs/decisions.md settles, the call holds dummy's place in the
                # count of tricks at a claim or ``remaining`` line, and a record that plays on
                # past the trick must say dummy's card: a line of his, or declarer's change of
                # designation to a card of dummy's (an input error otherwise)
                state, held_back = _place_batch(state, batch, batch_events, breaks, before, unapplied, applied_before, file, read)
                applied -= held_back
                later = _after_call(events, i + 1, state, declarer)
                deemed = None if later == "dummy" else _deemed(state, events, i, file)
                if deemed is None and later == "beyond":
                    # (declarer changed his designation to a card of dummy's: the record says
                    # the card dummy put on the trick, whether the change stands is the
                    # designation rules' to rule, 45C4(b))
                    changed = _changed_to(events, i, declarer, dummy, state.deal)[0]
                    deemed = changed if changed is not None and changed in state.hand(dummy) else None
                if deemed is not None:
                    batch.append((dummy, _as_changed(events, i, declarer, dummy, deemed, state.deal, state.hand(dummy))))
                    batch_events.append(event)
                    designated.append(batch[-1])
                    applied += 1
                else:
                    if later == "beyond":
                        raise _undesignated(state, event, events, i).at(event, file=file)
                    unapplied.append(event)
                    placeholders.append(event)
        elif isinstance(event, DummyAction) and event.seat is declarer.partner:
            # dummy picked out or suggested a card of his own accord (45F): no card placed; the
            # table marks where, for the defenders' cards put down early after it (57C2)
            state, held_back = _place_batch(state, batch, batch_events, breaks, before, unapplied, applied_before, file, read)
            applied -= held_back
            state = state.with_dummy_indication()
            unapplied.append(event)
        elif isinstance(event, Omit):
            # a defective trick (67): the trick in progress is quitted without his card
            state, held_back = _place_batch(state, batch, batch_events, breaks, before, unapplied, applied_before, file, read)
            applied -= held_back
            try:
                state = state.omit(event.seat)
            except RulingError as err:
                raise err.at(event, file=file) from None
        elif isinstance(event, (Name, NamePlay)) and (event.seat is declarer or isinstance(event, NamePlay)):
            # a card a player names from his own hand at his turn is played (45C4(a)), as a
            # call of dummy's card is; a later ``changes to`` is the designation rules' to
            # rule, and until then the card named holds his place in the trick
            state, held_back = _place_batch(state, batch, batch_events, breaks, before, unapplied, applied_before, file, read)
            applied -= held_back
            seat = event.seat
            if _dummy_places_next(events, i + 1, seat, event.card):
                pass  # he faced the card named; that play line is the play
            elif faced_after_change(events, i + 1, seat, state.deal, _completes(state, batch), event.card):
                # he changed his designation (45C4(b)), then put a card on the table: that
                # play line is the card he faced for this designation, and the naming
                # places no card of its own (the designation rules rule the change and the
                # card he put down, ``Cursor.own_facing``)
                unapplied.append(event)
            elif event.card in state.hand(seat) and (state.on_play is seat or isinstance(event, NamePlay)):
                # (a card named to play not at his turn is his play out of turn: 45C4(a)
                # sets no turn, and the rules of plays out of turn rule it, 53-57)
                batch.append((seat, _as_changed(events, i, seat, seat, event.card, state.deal, state.hand(seat))))
                batch_events.append(event)
                designated.append(batch[-1])
                applied += 1
            else:
                unapplied.append(event)  # (named at another time: a statement, not a play)
        else:
            unapplied.append(event)
        if batch and len(batch) == placed:
            breaks.add(placed)
        before.append(event)
    state, _ = _place_batch(state, batch, batch_events, breaks, before, unapplied, applied_before, file, read)
    # the kinds of line (Replay.line_kinds), read here: the opening play lines are one kind
    kinds = set(map(type, before[head:]))
    kinds.update(map(type, after))
    if head:
        kinds.add(Play)
    if any(type(e) is PlayBeforeTurn for e in unapplied):
        kinds.add(PlayBeforeTurn)  # (a play line held back, among the opening ones too)
    if ClaimTricks in kinds or Remaining in kinds:
        _check_end_of_play(state, before, applied_before, after, file, placeholders)
    if designated:
        # (a card a play line of the part also places was placed in the played position: 63A1)
        by_line = {(e.seat, e.card) for e in before if isinstance(e, Play)}
        designated = [p for p in designated if p not in by_line]
    # (the record's order, where the replay placed a card elsewhere: Replay.read; only the
    # exposure rules read it, where a line puts a card of its own among the record's cards)
    in_order: tuple[tuple[Seat, Card], ...] = ()
    as_placed: tuple[tuple[int, Seat, Card], ...] = ()
    if read and (FifthCard in kinds or Expose in kinds or Simultaneous in kinds):
        plays = list(state.plays())
        standing = [(s, c) for _, s, c in plays]
        if read != standing[len(standing) - len(read):]:
            in_order, as_placed = tuple(read), tuple(plays[len(plays) - len(read):])
    return Replay.of(state, attention, tuple(before), after, tuple(unapplied), tuple(applied_before), frozenset(kinds), start,
                     tuple(placeholders), frozenset(designated), in_order, as_placed)


def _place_batch(state: TableState, batch: list[tuple[Seat, Card]], batch_events: list[AnyEvent], breaks: set[int],
                 before: list[AnyEvent], unapplied: list[AnyEvent], applied_before: list[int],
                 file: str | None, read: list[tuple[Seat, Card]]) -> tuple[TableState, int]:
    """Place on ``state`` the cards of ``batch``, the play lines ``batch_events`` that
    :func:`replay_events` has read since it last placed cards (a line not in the batch came
    before each place in ``breaks``), and empty the batch. A defender's card put down before
    his turn, his card at his turn following in the trick, is held back: its line in
    ``before`` becomes a line the table did not apply (added to ``unapplied``) and the
    counts in ``applied_before`` after it drop by one. Returns the table and the number of
    lines held back. ``read``: the cards placed are added to it in the record's order
    (:attr:`Replay.read`). Raises RulingError (located at the line, in ``file``) for a card the
    table does not take."""
    if not batch:
        return state, 0
    held = state.held_back(batch, breaks)
    if held:
        # a defender's card put down before his turn, his card at his turn following in
        # the trick: held back, listed as a line the table did not apply (PlayBeforeTurn)
        for k in reversed(held):
            event = batch_events[k]
            assert isinstance(event, Play)
            at = next(i for i, e in enumerate(before) if e is event)
            before[at] = _held(event)
            unapplied.append(before[at])
            for i in range(at + 1, len(applied_before)):
                applied_before[i] -= 1
            del batch[k]
            del batch_events[k]
        moved = {b - sum(1 for k in held if k < b) for b in breaks}
        breaks.clear()
        breaks.update(moved)
        where = {id(e): i for i, e in enumerate(before)}
        unapplied.sort(key=lambda e: where.get(id(e), len(before)))
    read.extend(batch)
    order, early, put_down = state.lead_order(batch, breaks)
    breaks.clear()
    recorded: tuple[list[tuple[Seat, Card]], list[AnyEvent]] | None = None
    if order != sorted(order):
        recorded = (batch[:], batch_events[:])
        batch[:] = [batch[k] for k in order]
        batch_events[:] = [batch_events[k] for k in order]
    unplaced = state
    if early:
        state = state.with_early_leads(early)
    if put_down:
        state = state.with_put_down_early(put_down)
    try:
        state = state.play_many(batch)
    except RulingError as err:
        if recorded is not None:
            raise _first_not_placed(unplaced, recorded[0], recorded[1], order, err, file) from None
        event = batch_events[err.index if err.index is not None else 0]
        raise err.at(event, file=file) from None
    batch.clear()
    batch_events.clear()
    return state, len(held)


#: the kinds of line among which play lines come four to a trick (:func:`line_kinds_of`)
_PLAIN_KINDS = frozenset({Play, Attention, DirectorFinds, Choice, Chooses, Resume, ClaimTricks, Remaining})


def line_kinds_of(events: Sequence[AnyEvent]) -> frozenset[type]:
    """The kinds (event types) of ``events``, with :class:`PlayBeforeTurn` where the reader
    may hold a play line back (``TableState.held_back``: a seat's play lines come twice among
    four in a row), for choosing the rule families a record may need before it is replayed."""
    kinds = set(map(type, events))
    if Play not in kinds:
        return frozenset(kinds)
    # (play lines only: four to a trick; with other lines among them, which may place a card
    # or none, a seat twice among any four play lines in a row)
    plain = kinds <= _PLAIN_KINDS
    if plain and Resume not in kinds:
        # (four to a trick: the seats of each four play lines in a row, as bits of Seat.index)
        bits = count = 0
        for e in events:
            if type(e) is Play:
                bit = 1 << e.seat.index
                if bits & bit:
                    kinds.add(PlayBeforeTurn)
                    break
                count += 1
                if count == 4:
                    bits = count = 0
                else:
                    bits |= bit
        return frozenset(kinds)
    seen: list[Seat] = []
    for e in events:
        if type(e) is Play:
            if e.seat in seen:
                kinds.add(PlayBeforeTurn)
                break
            seen = ([*seen, e.seat] if len(seen) < 3 else []) if plain else [*seen[-2:], e.seat]
        elif type(e) is Resume:
            plain = False  # (play on from a ruling: the trick in progress is not known here)
    return frozenset(kinds)


#: the :class:`PlayBeforeTurn` made of each play line held back (by the line's identity, the
#: line kept with it): the same record line is the same held line on every replay of it
_HELD: dict[int, tuple[Play, PlayBeforeTurn]] = {}


def _held(event: Play) -> PlayBeforeTurn:
    """The play line ``event`` held back by the record reader (``TableState.held_back``)."""
    found = _HELD.get(id(event))
    if found is None or found[0] is not event:
        if len(_HELD) >= 4096:
            _HELD.clear()
        found = _HELD[id(event)] = (event, PlayBeforeTurn(event.seat, event.card, event.line, event.entry))
    return found[1]


#: what :func:`_plain_lines` read of the last record lines replayed (with those lines): a
#: later part of a record is replayed on each restoration it is played on from
_PLAIN: list[tuple[Sequence[AnyEvent], tuple[Play, ...] | None, tuple[tuple[Seat, Card], ...], Attention | None,
                   tuple[AnyEvent, ...], frozenset[type]] | None] = [None]


def _plain_lines(events: Sequence[AnyEvent]) -> tuple[Sequence[AnyEvent], tuple[Play, ...] | None, tuple[tuple[Seat, Card], ...],
                                                       Attention | None, tuple[AnyEvent, ...], frozenset[type]]:
    """For lines that are play lines up to ``attention`` (or to their end), as most parts of
    a record are: the play lines, their cards, the ``attention`` line, the lines after it and
    the kinds of line (:func:`replay_events` reads them so); otherwise None for the play lines."""
    head = 0
    for event in events:
        if type(event) is not Play:
            break
        head += 1
    if head < len(events) and not isinstance(events[head], Attention):
        return events, None, (), None, (), frozenset()
    plays = cast("tuple[Play, ...]", tuple(events[:head]))
    attention = cast("Attention", events[head]) if head < len(events) else None
    after = tuple(events[head + 1:])
    kinds = set(map(type, after))
    if head:
        kinds.add(Play)
    return events, plays, tuple([(e.seat, e.card) for e in plays]), attention, after, frozenset(kinds)


def _replay_plain(state: TableState, plain: tuple[Sequence[AnyEvent], tuple[Play, ...] | None, tuple[tuple[Seat, Card], ...],
                                                   Attention | None, tuple[AnyEvent, ...], frozenset[type]],
                  applied: int, start: TableState | None, file: str | None, as_read: bool) -> Replay:
    """:func:`replay_events` of lines :func:`_plain_lines` read as play lines up to
    ``attention``: the same replay, the lines not looked at again. ``as_read``: the cards are
    placed as read (``TableState.placed_as_read``)."""
    _, plays, pairs, attention, after, kinds = plain
    assert plays is not None
    read: tuple[tuple[Seat, Card], ...] = ()
    if pairs and as_read:
        try:
            state = state.play_many(pairs)
        except RulingError as err:
            raise err.at(plays[err.index if err.index is not None else 0], file=file) from None
    elif pairs:
        batch: Sequence[tuple[Seat, Card]] = pairs
        batch_events: Sequence[AnyEvent] = plays
        order, early, put_down = state.lead_order(pairs)
        if order != sorted(order):
            read = pairs  # (placed otherwise than read: Replay.read)
            batch = [pairs[k] for k in order]
            batch_events = [plays[k] for k in order]
        unplaced = state
        if early:
            state = state.with_early_leads(early)
        if put_down:
            state = state.with_put_down_early(put_down)
        try:
            state = state.play_many(batch)
        except RulingError as err:
            if batch is not pairs:  # (placed in another order than recorded: the record's first bad line)
                raise _first_not_placed(unplaced, pairs, plays, order, err, file) from None
            raise err.at(batch_events[err.index if err.index is not None else 0], file=file) from None
    before: tuple[AnyEvent, ...] = plays
    applied_before = tuple(range(applied, applied + len(plays)))
    if ClaimTricks in kinds or Remaining in kinds:
        _check_end_of_play(state, list(before), list(applied_before), after, file, [])
    return Replay.of(state, attention, before, after, (), applied_before, kinds, start, (), read=read)


def _changed_to(events: Sequence[AnyEvent], at: int, actor: Seat, holder: Seat, deal: Deal) -> tuple[Card | None, int]:
    """The card the ``changes to`` lines after the naming line ``at`` (``actor`` naming a card
    of ``holder``'s) last name, counting those of ``actor`` naming a card dealt to ``holder``
    before his side places another card (None: no such line), and the index where the
    reading stopped."""
    changed: Card | None = None
    side = actor.side
    k = at + 1
    for k in range(at + 1, len(events)):
        e = events[k]
        if isinstance(e, Attention):
            break
        if isinstance(e, ChangeDesignation) and e.seat is actor:
            if deal.holder(e.card) is holder:
                changed = e.card
            continue
        if isinstance(e, (Play, Call, Name, NamePlay)) and e.seat.side is side:
            break
    return changed, k


def _as_changed(events: Sequence[AnyEvent], at: int, actor: Seat, holder: Seat, named: Card, deal: Deal,
                held: frozenset[Card]) -> Card:
    """The card the naming line ``at`` (``actor`` naming ``named`` of ``holder``'s) puts on the
    table as played: the card named, or the card his ``changes to`` lines make it when the
    record shows the change taken at the table (the card first named is placed again later
    in this part of the record, and the new one is not). The change lines counted are those
    of ``actor`` naming a card dealt to ``holder``, before his side places another card (the
    designation rules read them the same way); ``held``: the cards ``holder`` may still
    place. Whether the change is allowed is the designation rules' to rule (45C4(b), 47C):
    a ruling that refuses it cannot be played on as the record goes on."""
    changed, k = _changed_to(events, at, actor, holder, deal)
    if changed is None or changed == named or changed not in held:
        return named
    return changed if _places_later(events, k, holder, named) and not _places_later(events, k, holder, changed) else named


def _places_later(events: Sequence[AnyEvent], k: int, holder: Seat, card: Card) -> bool:
    """Whether the record places ``holder``'s ``card`` from line ``k`` on, before its
    ``attention`` line: a line of his playing or naming it, or a call of it by his partner."""
    for e in events[k:]:
        if isinstance(e, Attention):
            return False
        if isinstance(e, (Play, Name, NamePlay)) and e.seat is holder and e.card == card:
            return True
        if isinstance(e, Call) and holder is e.seat.partner and e.what.card == card:
            return True
    return False


def _cards_as_played(state: TableState) -> int:
    """The cards standing on ``state``'s tricks as the record played them: a card a ruling
    placed since on a defective trick (67B1) is no line of the record."""
    return sum(len(t.plays) - (t.short is not None and t.card_of(t.short) is not None) for t in state.tricks)


def _holds_place(x: AnyEvent, placeholders: Sequence[AnyEvent]) -> bool:
    """Whether the line ``x`` puts one card on its trick though the reader places none: cards
    played together (58A/58B), or a call of declarer's among ``placeholders`` (46B)."""
    return isinstance(x, Simultaneous) or any(x is p for p in placeholders)


def _tricks_done_with(state: TableState, before: Sequence[AnyEvent], applied_before: Sequence[int],
                      placeholders: Sequence[AnyEvent], at: int, cards: int, together: int) -> int:
    """The number of the last trick complete at the line ``at`` of ``before`` (``len(before)``:
    a line after them) of a record replayed to ``state``: ``cards`` cards placed and
    ``together`` lines (:func:`_holds_place`: cards played together, 58A/58B, or a call of
    dummy's card the reader places none for, one of ``placeholders``, 46B) before it. The reader places none of the cards
    of those lines, but each puts one card on its trick, so the tricks are counted from the
    record's lines, four cards each, three for a trick a seat played no card to (67). A
    card a ruling placed since among a player's played cards on a defective trick (67B1)
    is no line of the record: the trick was quitted at its three other cards."""
    # the cards each trick holds as the record played them
    standing = [len(t.plays) - (t.short is not None and t.card_of(t.short) is not None) for t in state.tricks]
    numbers = [t.number for t in state.tricks]
    complete = {t.number for t in state.tricks if t.is_complete}  # (a defective trick at three cards, 67)
    if not together:
        done = state.first_trick - 1
        for number, n in zip(numbers, standing, strict=True):
            if n > cards:
                break
            cards -= n
            if number in complete:
                done = number
        return done
    if not state.omissions:
        return state.first_trick - 1 + (cards + together) // 4
    total = sum(standing)
    # the cards standing when this part of the record began, as the table holds them
    base = applied_before[0]
    done, held, full = state.first_trick - 1, 0, 4
    k = base
    for t, n in zip(state.tricks, standing, strict=True):
        if n > k:
            held = k
        elif t.number in complete:
            done = t.number
            k -= n
            continue
        else:
            held = n
        full = 3 if t.short is not None else 4
        break
    # then each line in turn: a card it places or a place it holds, an omission
    for j, x in enumerate(before[:at]):
        placed = (applied_before[j + 1] if j + 1 < len(before) else total) - applied_before[j]
        for _ in range(placed + _holds_place(x, placeholders)):
            held += 1
            if held >= full:
                done, held, full = done + 1, 0, 4
        if isinstance(x, Omit):
            full = 3
            if held >= full:
                done, held, full = done + 1, 0, 4
    return done


def _check_end_of_play(state: TableState, before: Sequence[AnyEvent], applied_before: Sequence[int],
                       after: Sequence[AnyEvent], file: str | None, placeholders: Sequence[AnyEvent] = ()) -> None:
    """Refuse a claim or ``remaining`` line that does not fit the tricks still to play where
    it stands in the record: a claim of more tricks than are left, a ``remaining`` count that
    does not add up to them (docs/case-format.md). Law 64 counts the tricks from that line, so
    a count that does not fit would leave the count after play unmade.
    Raises CaseFileError located at the file and line, naming the number."""
    # (a declarer's call that places no card where the reader reads it puts one of dummy's on
    # its trick once ruled, 46B: counted as a line of cards played together is)
    total = sum(len(t.plays) for t in state.tricks)
    lines = [(i, e, applied_before[i], sum(_holds_place(x, placeholders) for x in before[:i])) for i, e in enumerate(before)]
    together = sum(_holds_place(x, placeholders) for x in before)
    lines += [(len(before), e, total, together) for e in after]
    for at, e, cards, n in lines:
        if not isinstance(e, (ClaimTricks, Remaining)):
            continue
        done = _tricks_done_with(state, before, applied_before, placeholders, at, cards, n)
        left = 13 - done
        after_trick = f"after trick {done}" if done else "from trick 1"
        if isinstance(e, ClaimTricks) and e.tricks > left:
            raise CaseFileError(f"{e.seat} claims {_tricks(e.tricks)}, but only {_left(left)} to play ({after_trick})",
                                token=str(e.tricks)).at(e, file=file)
        if isinstance(e, Remaining) and e.ns + e.ew != left:
            raise CaseFileError(f"'{e}' counts {_tricks(e.ns + e.ew)}, but {_left(left)} to play ({after_trick}): "
                                f"NS and EW must add up to {left}", token=str(e.ns + e.ew)).at(e, file=file)


def _tricks(n: int) -> str:
    """``1 trick``, ``2 tricks``: a number of tricks in an input error's words."""
    return f"{n} trick{'' if n == 1 else 's'}"


def _left(n: int) -> str:
    """``1 is left``, ``2 are left``: the tricks still to play, in an input error's words."""
    return f"{n} {'is' if n == 1 else 'are'} left"


def _open_trick(state: TableState) -> tuple[tuple[tuple[Seat, Card], ...], int]:
    """The cards of the trick in progress on ``state`` and how many cards complete it: four,
    three for a defective trick its short seat played no card to (67, ``Trick.is_complete``);
    no cards and four when none is in progress."""
    cur = state.current_trick
    if cur is None or cur.is_complete:
        return (), 4
    short = cur.short
    return cur.plays, 3 if short is not None and cur.card_of(short) is None else 4


def _completes(state: TableState, batch: list[tuple[Seat, Card]]) -> bool:
    """Whether the next card completes the trick in progress, once the plays ``batch``, not
    placed yet, are added to ``state`` (a trick is complete at its fourth card, at its third
    when a seat played no card to it, 67)."""
    plays, full = _open_trick(state)
    to_complete = full - len(plays)
    n = len(batch)
    if n < to_complete:
        return n == to_complete - 1
    return (n - to_complete) % 4 == 3


def _dummy_in_trick(state: TableState, batch: list[tuple[Seat, Card]], dummy: Seat) -> bool:
    """Whether ``dummy`` has a card in the trick in progress once the plays ``batch``, not
    placed yet, are added to ``state`` (a trick is complete at its fourth card, as
    ``TableState.play_many`` places them, at its third when a seat played no card to it, 67)."""
    plays, full = _open_trick(state)
    to_complete = full - len(plays)
    n = len(batch)
    if n < to_complete:
        return any(s is dummy for s, _ in batch) or any(s is dummy for s, _ in plays)
    r = (n - to_complete) % 4
    return bool(r) and any(s is dummy for s, _ in batch[n - r:])


def _dummy_not_in_trick_as_placed(state: TableState, batch: list[tuple[Seat, Card]], batch_events: list[AnyEvent],
                                  breaks: set[int], before: list[AnyEvent], applied_before: list[int],
                                  dummy: Seat) -> bool:
    """Whether the plays ``batch``, not placed yet, placed on ``state`` as :func:`_place_batch`
    places them, leave ``dummy`` without a card in the trick in progress, where
    :func:`_dummy_in_trick`, counting four cards to a trick, finds one: a seat's second card
    in a trick (a lead out of turn to the next trick made before the trick ended, 53-57)
    starts the next trick, so dummy's card counted in the trick in progress lies in the trick
    before it (a call of dummy's card then plays it at his turn, 45B, 45C4(a)). Asked only
    where the count finds dummy's card: the batch is placed on copies, not emptied."""
    if not batch:
        return False
    try:
        placed, _ = _place_batch(state, list(batch), list(batch_events), set(breaks), list(before), [],
                                 list(applied_before), None, [])
    except RulingError:
        return False  # (the card the table does not take is named where the batch is placed)
    return not dummy_has_played(placed)


def _dummy_not_in_trick_once_together(state: TableState, batch: list[tuple[Seat, Card]], before: list[AnyEvent],
                                      applied_before: list[int], unapplied: list[AnyEvent], dummy: Seat) -> bool:
    """Whether dummy has no card in the trick in progress once each line of cards played
    together (``plays <card> <card> simultaneous``) that came before, which the replay does
    not apply, counts the one card that stands as played there (58B1, 58B2): every card
    after such a line lies one place on from where the replay reads it, so the trick the
    replay reads dummy's card in may be complete, and a call of dummy's card then plays it
    (45B, 45C4(a)), the lead to the next trick as the ruling places the cards. Asked for a
    call naming a card dummy holds (a call naming no card is read as before: Law 46 may leave
    its card to a choice), and only where every trick on ``state`` holds one card of each
    seat and none is defective (67)."""
    together = [applied_before[k] for k, e in enumerate(before)
                if isinstance(e, Simultaneous) and any(x is e for x in unapplied) and k < len(applied_before)]
    if not together or state.omissions:
        return False
    cur = state.current_trick
    if any(len({s for s, _ in t.plays}) != len(t.plays) or (t is not cur and len(t.plays) != 4) for t in state.tricks):
        return False
    seats: list[Seat | None] = [s for t in state.tricks for s, _ in t.plays]
    seats += [s for s, _ in batch]
    for at in sorted(together, reverse=True):
        seats.insert(at, None)
    n = len(seats)
    r = n % 4
    return not (r and any(s is dummy for s in seats[n - r:]))


def dummy_has_played(table: TableState) -> bool:
    """Whether dummy has a card in the trick in progress (begun, not complete): a call from
    dummy then designates no card of his to it (a player plays one card to a trick)."""
    return _dummy_in_trick(table, [], table.dummy)


def _faces_next(events: Sequence[AnyEvent], at: int, actor: Seat, holder: Seat, state: TableState,
                card: Card | None = None) -> bool:
    """True if ``holder`` (dummy) places a card (``card``, when given) on the first line from
    ``at`` that is not a ``changes to`` line of ``actor`` (declarer) naming a card dealt to
    ``holder``. A call of dummy's card changed before dummy faced it (45C4(b)) is faced by
    that play line, as when no change comes between: dummy faces the card then designated,
    or one not designated (45D); the call places no card of its own (the designation rules
    rule the change, ``Cursor.facing``, and the dummy misplay rules the card faced)."""
    k = at
    while k < len(events) and isinstance(e := events[k], ChangeDesignation) and e.seat is actor and (
            state.deal.holder(e.card) is holder):
        k += 1
    return _dummy_places_next(events, k, holder, card)


def faced_after_change(events: Sequence[object], at: int, seat: Seat, deal: Deal, completes: bool,
                       named: Card | None = None) -> bool:
    """True if, from ``at``, ``seat`` changes his designation to a card of his own hand (one
    or more ``changes to`` lines, 45C4(b)) and then places a card on the next line that is
    the card he put on the table for the designation, not a second card of his to the trick:
    after a card he named from his own hand (45C4(a)), the card of a change line, the card
    first named (``named``: the change not made at the table), or any card while the card
    named leaves the trick unfinished. When the card named completed the trick
    (``completes``), another card is his card to the next trick, where the record plays on
    from it."""
    k = at
    changed: set[Card] = set()
    while k < len(events) and isinstance(e := events[k], ChangeDesignation) and e.seat is seat and (
            deal.holder(e.card) is seat):
        changed.add(e.card)
        k += 1
    if k == at or k >= len(events) or not isinstance(placed := events[k], Play) or placed.seat is not seat:
        return False
    return placed.card in changed or placed.card == named or not completes


#: the readings of the points of Law 46 docs/decisions.md settles (``DesignationPolicy``): a
#: call the reader places a card for designates that card on each of them
_POLICIES = tuple(DesignationPolicy(a, b, c) for a in (True, False) for b in (True, False) for c in (True, False))


def _incontrovertible(events: Sequence[AnyEvent], at: int, file: str | None) -> tuple[Card, ...] | None:
    """The cards a ``director finds incontrovertible`` line of ``events`` finds declarer meant
    by the call at ``at`` (46B intro; the finding concerns the latest call before it)."""
    if not any(isinstance(e, DirectorFinds) for e in events[at + 1:]):
        return None
    try:
        found = prepare(events)[at]
    except RulingError as err:
        raise err.located(file=file) from None
    return found.incontrovertible if isinstance(found, FoundCall) else None


def _deemed(state: TableState, events: Sequence[AnyEvent], at: int, file: str | None) -> Card | None:
    """The one card of dummy's that declarer's call at ``at`` designates on ``state`` (dummy
    about to play): the card 46B deems called (46B1, 46B2, 46B3(a), a single lawful card of
    46B3(b) or 46B4), or the card the director finds declarer incontrovertibly meant (46B
    intro). None when 46B leaves it to a choice (declarer's, 46B3(b)/46B4, or a defender's,
    46B5) or to a point of Law 46 the project's decisions settle (docs/decisions.md)."""
    call = events[at]
    assert isinstance(call, Call)
    meant = _incontrovertible(events, at, file)
    cards: set[Card] = set()
    for policy in _POLICIES:
        try:
            res = resolve_call(state, call, meant, policy)
        except RulingError:
            return None  # (the designation rules say why, at the call's line)
        if len(res.options) != 1:
            return None
        cards.add(res.options[0])
    return cards.pop() if len(cards) == 1 else None


def _after_call(events: Sequence[AnyEvent], at: int, state: TableState, declarer: Seat) -> str:
    """What the record does after declarer's call of dummy's card, read from the line ``at``
    up to ``attention`` or the end of play, on ``state`` (dummy still to play to the trick in
    progress, or to lead): ``"dummy"`` when dummy places a card on a later line of that trick
    (after other players' cards: that line is his card there), ``"beyond"`` when the record
    plays on past that trick with no card of dummy's placed in it (a player's second card, or
    another call of dummy's card), ``""`` otherwise (the record stops within the trick)."""
    dummy = declarer.partner
    cur = state.current_trick
    seen = {s for s, _ in cur.plays} if cur is not None and not cur.is_complete else set()
    for e in events[at:]:
        if isinstance(e, (Attention, Resume, ClaimTricks, Remaining)):
            return ""
        if isinstance(e, (Call, Touch)) and e.seat is declarer:
            return "beyond"  # (dummy's next card designated: the call's trick is behind)
        if not isinstance(e, (Play, Name, NamePlay, Omit, Simultaneous, FifthCard)):
            continue
        if isinstance(e, Name) and not (e.seat is declarer and state.on_play is declarer):
            continue  # (a card named as held: a statement)
        if e.seat in seen or len(seen) == 3:
            return "beyond"  # (his second card, or a card after the three others: the next trick)
        if e.seat is dummy:
            return "dummy"
        seen.add(e.seat)
    return ""


def _undesignated(state: TableState, call: Call, events: Sequence[AnyEvent], at: int) -> RulingError:
    """The error for a call whose card 46B leaves to a choice or to a decision of the
    project's, when the record plays on past its trick with no card of dummy's placed (or
    the resolver's own error, for a finding naming a card dummy cannot play)."""
    dummy = state.dummy
    cur = state.current_trick
    number = cur.number if cur is not None and not cur.is_complete else (cur.number + 1 if cur is not None else state.first_trick)
    try:
        res = resolve_call(state, call, _incontrovertible(events, at, None))
    except RulingError as err:
        return err  # (the call designates no card of dummy's at all: the resolver says why)
    if len(res.options) > 1:
        why = f"{res.reason} ({res.clause}: {' '.join(map(str, res.options))})"
    else:
        why = (f"what '{call.what}' designates here rests on a point of Law 46 the project's decisions settle "
               "(docs/decisions.md: designation_*)")
    return CaseFileError(f"'{call}': {why}; the record plays on past trick {number} with no card of dummy's on it: "
                         f"write the card dummy played on the line after the call ('{dummy} <card>')", token=str(call.what))


def _trick_seats(state: TableState, batch: list[tuple[Seat, Card]]) -> frozenset[Seat]:
    """The seats with a card in the trick in progress once the plays ``batch``, not placed
    yet, are added to ``state`` (none when the next card begins a trick)."""
    plays, full = _open_trick(state)
    to_complete = full - len(plays)
    n = len(batch)
    if n < to_complete:
        return frozenset(s for s, _ in (*plays, *batch))
    r = (n - to_complete) % 4
    return frozenset(s for s, _ in batch[n - r:]) if r else frozenset()


def dummy_faces_later(events: Sequence[object], at: int, dummy: Seat, seats: frozenset[Seat],
                      card: Card | None = None) -> Play | None:
    """After a call of declarer's (``events[at - 1]``), dummy still to play to the trick in
    which ``seats`` have a card: dummy's line that comes after one or more other players'
    cards of that trick, with no other line between (a director's finding aside), or None.
    That line is dummy *facing* the card the call played at his turn (45B: declarer names
    the card, dummy then faces it; 45C4(a): naming played it), so the cards between were
    played after dummy's, in turn. Once those cards complete the trick (the call's card and
    three others), dummy's line is his card to the next trick unless it is ``card``, the
    card the call played (given: else None there)."""
    line, complete = _dummy_line_after(events, at, dummy, seats)
    return line if line is not None and (not complete or line.card == card) else None


def _dummy_line_after(events: Sequence[object], at: int, dummy: Seat, seats: frozenset[Seat]) -> tuple[Play | None, bool]:
    """:func:`dummy_faces_later`'s reading: dummy's line after one or more other players' cards
    of the trick, and whether those cards completed it (with the call's card), or None."""
    seen: set[Seat] = set(seats)
    for k in range(at, len(events)):
        e = events[k]
        if isinstance(e, DirectorFinds):
            continue
        if not isinstance(e, Play) or e.seat in seen:
            return None, False
        if e.seat is dummy:
            return (e, len(seen) == 3) if len(seen) > len(seats) else (None, False)
        seen.add(e.seat)
    return None, False


def _faced_later(events: Sequence[AnyEvent], at: int, state: TableState, batch: list[tuple[Seat, Card]],
                 file: str | None) -> Play | None:
    """:func:`dummy_faces_later` for the call at ``at`` on the table ``state`` with the plays
    ``batch`` not placed yet; the card the call played, for a trick the cards after it
    complete, is the card named when dummy holds it, else the card 46B deems called."""
    call = events[at]
    assert isinstance(call, Call)
    dummy = call.seat.partner
    k = at + 1
    while k < len(events) and isinstance(events[k], DirectorFinds):
        k += 1
    nxt = events[k] if k < len(events) else None
    if not isinstance(nxt, Play) or nxt.seat is dummy:
        return None  # (no other player's card comes next: :func:`_dummy_line_after` finds none)
    seats = _trick_seats(state, batch)
    faced, complete = _dummy_line_after(events, at + 1, dummy, seats)
    if faced is None or not complete:
        return faced
    # (a trick the cards after the call complete: only the card the call played is faced)
    held = state.hand(dummy).difference(c for s, c in batch if s is dummy)
    card = call.what.card
    if card is None or card not in held:
        try:
            card = _deemed(state.play_many(batch) if batch else state, events, at, file)
        except RulingError:
            return None  # (the replay says what is wrong with those plays)
    return faced if faced.card == card else None


def _check_between(state: TableState, events: Sequence[AnyEvent], at: int, faced: Play, dummy: Seat, meant: Card | None,
                   file: str | None) -> None:
    """Raise the error of the first play line between the call at ``at`` and dummy's line
    ``faced`` that ``state`` (the trick up to the call) cannot take, dummy's card ``meant``
    placed first when the call designates one: a card its player does not hold (located at
    that line, as placing the lines in turn would name it), so that the record's first bad
    line is the one named."""
    between: list[Play] = []
    for e in events[at + 1:]:
        if e is faced:
            break
        if isinstance(e, Play):
            between.append(e)
    head = [(dummy, meant)] if meant is not None else []
    try:
        state.play_many([*head, *[(e.seat, e.card) for e in between]])
    except RulingError as err:
        k = (err.index if err.index is not None else 0) - len(head)
        if k >= 0:
            raise err.at(between[k], file=file) from None


def _first_not_placed(state: TableState, batch: Sequence[tuple[Seat, Card]], batch_events: Sequence[AnyEvent],
                      order: Sequence[int], err: RulingError, file: str | None) -> RulingError:
    """The error to name when the cards of ``batch`` (placed in the order ``order`` gives
    them, a lead put down early placed after the trick it came before) could not be placed:
    ``err`` names the first line that failed in that order; a line earlier in the record
    that fails when the lines are placed as recorded is named instead (the record's first
    bad line), located."""
    failed = order[err.index if err.index is not None else 0]
    try:
        state.play_many(batch)
    except RulingError as first:
        k = first.index if first.index is not None else 0
        if k < failed:
            return first.at(batch_events[k], file=file)
    return err.at(batch_events[failed], file=file)


def _faced_unlike_call(state: TableState, call: Call, faced: Play, meant: Card | None, events: Sequence[AnyEvent],
                       at: int) -> RulingError:
    """The error for dummy's line, after other players' cards of the trick, that is not the
    card the call before them designates: the record does not say what the table did in a
    way the Laws settle. Where the call leaves dummy's card to a player's choice (46B3(b),
    46B4, 46B5) or to a ``designation_*`` decision, the cards after it were played before
    the card was chosen; where it designates another card, dummy faced a card declarer did
    not designate after the next hand had played to the one named, and whether that hand
    played after the error (45D1) or declarer changed his designation (45C4(b)) is the
    director's finding of what happened, which the record must give."""
    dummy = state.dummy
    cards: list[str] = []
    for e in events[at + 1:]:
        if e is faced:
            break
        if isinstance(e, Play):
            cards.append(str(e))
    between = ", ".join(cards)
    if meant is None:
        try:
            res = resolve_call(state, call, _incontrovertible(events, at, None))
            why = f"{res.reason} ({res.clause}: {' '.join(map(str, res.options))})"
        except RulingError as err:
            why = str(err)
        return CaseFileError(f"'{call}': {why}; {between} came before dummy's {faced.card}, the card not yet chosen: write "
                             f"the card dummy played on the line after the call ('{dummy} <card>')", token=str(faced.card))
    return CaseFileError(f"dummy's {faced.card}, after {between}, is not the {meant} declarer's '{call}' played at dummy's "
                         f"turn (45B, 45C4(a)): write dummy's card on the line after the call ('{dummy} {faced.card}': "
                         f"he faced a card not designated, 45D), or declarer's change of designation there ('{call.seat} "
                         f"changes to {faced.card}', 45C4(b))", token=str(faced.card))


def _dummy_places_next(events: Sequence[AnyEvent], at: int, dummy: Seat, card: Card | None = None) -> bool:
    """True if the line at ``at`` (the next one) has dummy (or the seat given) place a card
    (``card``, when given: that card)."""
    if at >= len(events):
        return False
    e = events[at]
    return isinstance(e, Play) and e.seat is dummy and (card is None or e.card == card)


class _Located:
    """Where the fields of a case mapping were read (``lines``: node paths to line numbers;
    none for a mapping built in memory), to locate the errors :func:`parse_case` raises."""

    def __init__(self, lines: LineMap, file: str | None) -> None:
        self.lines = lines
        self.file = file

    def line_of(self, *path: str | int) -> int | None:
        """The line of the node at ``path``, or of the nearest node above it that has one."""
        if not self.lines:
            return None  # (no line numbers given: a mapping built in memory)
        for cut in range(len(path), -1, -1):
            if path[:cut] in self.lines:
                return self.lines[path[:cut]]
        return None

    def fail(self, err: RulingError, *path: str | int) -> RulingError:
        """``err`` located at the node at ``path``."""
        line = self.line_of(*path)
        if line is None and err.line is None and len(path) == 2 and isinstance(path[1], int):
            # (no lines: a record of a JSON lines test set; the entry is named instead)
            named = f"{path[0]}[{path[1]}]"
            if not err.message.startswith(named):
                err.message = f"{named}: {err.message}"
                err.args = (err.message,)
        return err.located(file=self.file, line=line)


def _text_field(data: Mapping[str, Any], key: str, file: str | None, line_of: Callable[..., int | None]) -> str | None:
    """The text field ``key`` of a case mapping, or None when it is absent."""
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, (Mapping, list)):
        raise CaseFileError(f"field {key!r} must be text", file=file, line=line_of(key), token=key)
    return str(value)


def parse_case(data: Any, *, file: str | None = None, lines: LineMap | None = None) -> Case:
    """Build a Case from a loaded mapping; ``lines`` maps node paths to line numbers.

    Raises CaseFileError / NotationError / InconsistentRecordError located at file and line.
    """
    located = _Located(lines or {}, file)
    line_of, fail = located.line_of, located.fail
    if not isinstance(data, Mapping):
        raise CaseFileError("a case file must be a mapping of fields (deal, contract, declarer, play, ...)", file=file, line=line_of())
    for key in data:
        if key not in KNOWN_FIELDS:
            raise CaseFileError(f"unknown field {key!r}", file=file, line=line_of(str(key)), token=str(key))
    for key in REQUIRED_FIELDS:
        if key not in data:
            raise CaseFileError(f"missing required field {key!r}", file=file, line=line_of(), token=key)

    try:
        deal = Deal.parse(str(data["deal"]))
    except RulingError as err:
        raise fail(err, "deal") from None
    try:
        contract = Contract.parse(str(data["contract"]))
    except RulingError as err:
        raise fail(err, "contract") from None
    try:
        declarer = Seat.parse(str(data["declarer"]))
    except RulingError as err:
        raise fail(err, "declarer") from None
    laws = str(data.get("laws", "2017"))
    if laws not in EDITIONS:
        raise CaseFileError(f"unknown laws edition {laws!r} (2017 or 2007)", file=file, line=line_of("laws"), token=laws)
    trick = data.get("trick", 1)
    if not isinstance(trick, int) or isinstance(trick, bool) or not 1 <= trick <= 13:
        raise CaseFileError(f"bad trick number {trick!r} (1 to 13)", file=file, line=line_of("trick"), token=str(trick))
    if trick + len(deal[Seat.N]) - 1 != 13:
        raise CaseFileError(
            f"the deal holds {len(deal[Seat.N])} cards a hand, which does not fit trick {trick}",
            file=file,
            line=line_of("deal"),
            token=str(data["deal"]),
        )
    leader: Seat | None = None
    if data.get("leader") is not None:
        try:
            leader = Seat.parse(str(data["leader"]))
        except RulingError as err:
            raise fail(err, "leader") from None
    elif trick != 1:
        raise CaseFileError("field 'leader' is required when 'trick' is above 1", file=file, line=line_of("trick"), token="leader")

    won = (0, 0)
    if data.get("won") is not None:
        raw = data["won"]
        if not isinstance(raw, Mapping):
            raise CaseFileError("field 'won' must map NS and EW to numbers", file=file, line=line_of("won"), token="won")
        counts = {Side.NS: 0, Side.EW: 0}
        for k, v in raw.items():
            try:
                side = Side.parse(str(k))
            except RulingError as err:
                raise fail(err, "won", str(k)) from None
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise CaseFileError(f"bad trick count {v!r}", file=file, line=line_of("won", str(k)), token=str(v))
            counts[side] = v
        if counts[Side.NS] + counts[Side.EW] != trick - 1:
            raise CaseFileError(
                f"won tricks ({counts[Side.NS]}+{counts[Side.EW]}) do not add up to {trick - 1} tricks before trick {trick}",
                file=file,
                line=line_of("won"),
                token="won",
            )
        won = (counts[Side.NS], counts[Side.EW])

    penalty: list[PenaltyCard] = []
    for i, item in enumerate(_as_list(data.get("penalty"), "penalty", file, line_of("penalty"))):
        try:
            pc = parse_penalty(str(item))
        except RulingError as err:
            raise fail(err, "penalty", i) from None
        if any(p.card == pc.card for p in penalty):
            # (one card is one penalty card, of one kind: a second entry is a slip, not a ruling)
            raise fail(CaseFileError(f"penalty card {pc.card} is listed twice", token=str(item)), "penalty", i)
        penalty.append(pc)
    for i, pc in enumerate(penalty):
        # 50B: a defender with two or more penalty cards has only major ones (a minor one
        # turns major with his second); a minor entry beside another of his is a slip
        mine = [p for p in penalty if p.seat is pc.seat]
        if pc.kind is PenaltyKind.MINOR and len(mine) > 1:
            item = str(data["penalty"][i])
            raise fail(CaseFileError(
                f"penalty card {pc.card} of {pc.seat} is listed minor, but {pc.seat} has {len(mine)} penalty cards "
                f"and a defender with two or more has only major ones (50B): write '{pc.seat} {pc.card} major'",
                token=item), "penalty", i)

    decisions = _decision_settings(data.get("decisions"), file, line_of)

    events: list[AnyEvent] = []
    table = (deal, contract, declarer, trick, leader, won, tuple(penalty))
    for i, item in enumerate(_as_list(data["play"], "play", file, line_of("play"))):
        if not isinstance(item, (str, int)) or isinstance(item, bool):
            bad = fail(CaseFileError(f"play line must be text, not {item!r}", token=str(item)), "play", i)
            raise _first_bad_line(bad, table, events, file)
        line = line_of("play", i)
        try:
            event = PlayLine.parse(str(item), line=line)
        except RulingError as err:
            raise _first_bad_line(fail(err, "play", i), table, events, file) from None
        # (read with no lines: the event keeps its place in the list, for the messages naming it)
        events.append(event if line is not None else replace(event, entry=i))

    try:
        _check_dummy_lines(events, declarer, leader if leader is not None else declarer.lho, trick, file)
        _check_dummy_limits_lines(events, declarer, file)
        _check_changes_name_another_card(events, deal, file)
        check_end_of_play_lines(events, file)
        _check_omit_lines(events, file)
        _check_resume_lines(events, file)
        _check_fifth_card_findings(events, file)
    except RulingError as err:
        at = next((k for k, e in enumerate(events) if _is_at(err, e)), None)
        raise _first_bad_line(err, table, events[:at] if at is not None else (), file) from None

    expect: list[ClaimLine] = []
    for i, item in enumerate(_as_list(data.get("expect"), "expect", file, line_of("expect"))):
        ln = line_of("expect", i)
        if isinstance(item, Mapping):
            if len(item) != 1:
                raise fail(CaseFileError("a claim mapping must have exactly one key", token=str(item)), "expect", i)
            ((k, v),) = item.items()
            expect.append(ClaimLine(f"{k}: {v}" if str(k) != "count" else f"count {v}", ln))
        elif isinstance(item, (str, int)) and not isinstance(item, bool):
            expect.append(ClaimLine(str(item), ln))
        else:
            raise fail(CaseFileError(f"bad claim {item!r}", token=str(item)), "expect", i)

    case = Case(
        deal=deal,
        contract=contract,
        declarer=declarer,
        events=tuple(events),
        laws=laws,
        trick=trick,
        leader=leader,
        won=won,
        penalty=tuple(penalty),
        expect=tuple(expect),
        title=_text_field(data, "title", file, line_of),
        source=_text_field(data, "source", file, line_of),
        notes=_text_field(data, "notes", file, line_of),
        file=file,
        decisions=decisions,
    )
    try:
        case.initial_state()
    except RulingError as err:
        raise fail(err, "penalty") from None
    return case


def _first_bad_line(err: RulingError, table: tuple[Deal, Contract, Seat, int, Seat | None, tuple[int, int], tuple[PenaltyCard, ...]],
                    before: Sequence[AnyEvent], file: str | None) -> RulingError:
    """The error to report for a record whose line read at ``err`` (a line that does not
    parse, or one no seat may say) comes after the lines ``before``: the error of an earlier
    line the table cannot take when those lines are placed on the table of the case's fields
    (``table``: deal, contract, declarer, first trick, leader, tricks won, penalty cards), so
    that the first bad line in record order is named; else ``err``. Only an error no ruling
    of the record can remove is taken: a card its player never held in the deal (a card
    played again after a refused lead out of turn is placed once that refusal is ruled,
    ``Composition``), or a line the reader refuses outright (``CaseFileError``)."""
    if not before:
        return err
    deal, contract, declarer, trick, leader, won, penalty = table
    try:
        start = TableState.start(deal, contract, declarer, first_trick=trick, leader=leader, won=won, penalty_cards=penalty)
        replay_events(start, before, file=file)
    except CaseFileError as earlier:
        return earlier
    except IllegalActionError as earlier:
        line = next((e for e in before if _is_at(earlier, e)), None)
        if isinstance(line, Play) and deal.holder(line.card) is not line.seat:
            return earlier
    except RulingError:
        pass
    return err


def _is_at(err: RulingError, event: AnyEvent) -> bool:
    """Whether ``err`` is located at the record line ``event`` (its file line; for a record
    read with none, a JSON lines record, its play entry the message names)."""
    line = getattr(event, "line", None)
    if line is not None:
        return bool(err.line == line)
    entry = getattr(event, "entry", None)
    return entry is not None and err.line is None and str(err.message).startswith(f"play[{entry}]")


#: the values of a ``decisions`` entry, as the file may write them (YAML's true/false, yes/no
#: and on/off read as booleans already; these are their quoted forms)
_DECISION_WORDS = {"true": True, "on": True, "yes": True, "false": False, "off": False, "no": False}


def _decision_settings(raw: Any, file: str | None, line_of: Callable[..., int | None]) -> tuple[DecisionSetting, ...]:
    """The ``decisions`` field: a mapping of switch names to true or false (docs/case-format.md).
    Raises CaseFileError naming the line and the token of a bad entry."""
    if raw is None:
        return ()
    if not isinstance(raw, Mapping):
        raise CaseFileError("field 'decisions' must map switch names to true or false (docs/decisions.md), "
                            "e.g. {revoke_transfer_capped: false}", file=file, line=line_of("decisions"), token="decisions")
    out: list[DecisionSetting] = []
    for key, value in raw.items():
        line = line_of("decisions", str(key))
        if not isinstance(key, str) or not key.strip():
            raise CaseFileError(f"decisions: bad switch name {key!r}: a name of docs/decisions.md", file=file, line=line,
                                token=str(key))
        if isinstance(value, str) and value.strip().lower() in _DECISION_WORDS:
            value = _DECISION_WORDS[value.strip().lower()]
        if not isinstance(value, bool):
            raise CaseFileError(f"decisions: {key}: expected true or false, not {value!r}", file=file, line=line,
                                token=str(value))
        out.append(DecisionSetting(key.strip(), value, line))
    return tuple(out)


def _check_dummy_lines(events: Sequence[AnyEvent], declarer: Seat, first_leader: Seat, trick: int, file: str | None) -> None:
    """Lines no seat but declarer or a defender says. Only declarer designates dummy's cards
    (45B, 46): a ``calls`` line by another seat is no event of the table; refused (located,
    naming the seat): a defender's anywhere, and dummy's. Dummy takes no part in the play
    (43A1(c)): a claim (68A) is declarer's or a defender's, so dummy's ``claims`` line is
    refused too, and so is his ``changes to`` line before ``attention`` (only declarer
    changes a designation of dummy's card, 45C4(b); after ``attention`` the line records a
    choice the ruling offers for dummy's card). When the first card a defender faces is an opening lead out of turn (cards
    the declaring side faced before it are no lead, 54E, and go back), 54A may make dummy
    declarer: after declarer's recorded ``spreads`` it does (declarer's partner then calls
    and claims, and a call or claim of the old declarer's is refused); after his ``accepts``
    or ``refuses`` it does not; with no such line, after ``resume`` either seat may call or
    claim (the ruling's path decides). Raises CaseFileError."""
    # (the opening lead: the first card a defender faces, on the first line of its kind)
    faced = [(i, e.seat) for i, e in enumerate(events) if isinstance(e, (Play, FaceDownLead)) and e.seat in (declarer.lho, declarer.rho)]
    lead = faced[0][0] if faced else None
    swap = trick == 1 and bool(faced) and faced[0][1] is not first_leader
    #: whether 54A made declarer's partner declarer: None while the record leaves it open
    swapped: bool | None = None if swap else False
    later = attended = False
    playing = True  # (before the ``attention`` line of the part: after it a line records a choice of the ruling)
    for i, e in enumerate(events):
        if isinstance(e, (Attention, Resume)):
            playing = isinstance(e, Resume)
        # (attention drawn after that lead: what is said then is the ruling's)
        attended = attended or (isinstance(e, Attention) and (lead is None or i > lead))
        if swapped is None and not attended and lead is not None and i > lead and isinstance(e, Play) and (
                e.seat in (declarer, declarer.partner)):
            swapped = False  # (his side played to the lead before any ruling: accepted, 54B; a spread now is no 54A)
        if isinstance(e, Choice) and e.seat is declarer and swapped is None and lead is not None and i > lead and (
                e.verb in ("spreads", "accepts", "refuses")):
            swapped = e.verb == "spreads"
        if isinstance(e, Resume) or (isinstance(e, Choice) and e.verb == "spreads" and e.seat is declarer):
            later = True  # (after a ruling, or declarer's spread the table played on from: 54A)
        elif isinstance(e, ClaimTricks):
            now = declarer.partner if swapped else declarer
            if e.seat is not now.partner or (swapped is None and later):
                continue
            why = " after his spread (54A)" if swapped else ""
            raise CaseFileError(f"'{e}': {e.seat} is dummy{why}, who takes no part in the play (43A1(c)); a claim is "
                                f"declarer's or a defender's (68A): write '{now} claims {e.tricks}'",
                                token=str(e.seat)).at(e, file=file)
        elif isinstance(e, Call):
            now = declarer.partner if swapped else declarer
            if e.seat is now or (swapped is None and later and e.seat is declarer.partner):
                continue
            who = "dummy" if e.seat in (declarer, declarer.partner) else "a defender"
            why = " after his spread (54A)" if swapped and e.seat is declarer else ""
            raise CaseFileError(f"'{e}': {e.seat} is {who}{why}; only declarer ({now}) designates dummy's cards (45B, 46): "
                                f"write '{now} calls {e.what}'", token=str(e.seat)).at(e, file=file)
        elif isinstance(e, ChangeDesignation) and playing:
            # (after ``attention`` a change line records the choice a rule offers for the seat's
            # card, 62C1 for dummy's as much as a defender's 47D)
            now = declarer.partner if swapped else declarer
            if e.seat is not now.partner or (swapped is None and later):
                continue  # (declarer's change, or a defender's: his own card named to play)
            why = " after his spread (54A)" if swapped else ""
            raise CaseFileError(f"'{e}': {e.seat} is dummy{why}, who takes no part in the play (43A1(c)) and designates "
                                f"no card; only declarer ({now}) changes a designation of dummy's card (45C4(b)): write "
                                f"'{now} changes to {e.card}'", token=str(e.seat)).at(e, file=file)


def _check_dummy_limits_lines(events: Sequence[AnyEvent], declarer: Seat, file: str | None) -> None:
    """Lines of dummy's limits and of the inquiries about a revoke (43A2, 43B2, 61B), each
    refused (located, naming the seat) when no such event can happen at a table: dummy's
    breach of 43A2 or his warning against a lead from the wrong hand said by another seat
    (declarer's partner is dummy); a look at a card of a seat that is no defender (43A2(c));
    a question to oneself or to dummy, whose cards are faced; dummy's question to a defender
    (61B2: dummy asks declarer only). Raises CaseFileError."""
    dummy = declarer.partner
    for e in events:
        if isinstance(e, (LostRights, LeadWarning)) and e.seat is not dummy:
            what = "a breach of 43A2" if isinstance(e, LostRights) else "a warning against a lead from the wrong hand (42B2, 43B2(a))"
            raise CaseFileError(f"'{e}': {e.seat} is not dummy ({dummy}): the line records {what}, which only dummy makes",
                                token=str(e.seat)).at(e, file=file)
        if isinstance(e, LostRights) and e.looked is not None and e.looked in (declarer, dummy):
            raise CaseFileError(f"'{e}': {e.looked} is not a defender: 43A2(c) forbids dummy to look at a card in a defender's "
                                f"hand ({declarer.lho} or {declarer.rho})", token=str(e.looked)).at(e, file=file)
        if isinstance(e, Inquiry):
            if e.asked is e.seat:
                raise CaseFileError(f"'{e}': a player asks another whether he has a card of the suit led (61B)",
                                    token=str(e.asked)).at(e, file=file)
            if e.asked is dummy:
                raise CaseFileError(f"'{e}': {dummy} is dummy, whose cards are faced: nobody asks him (61B)",
                                    token=str(e.asked)).at(e, file=file)
            if e.seat is dummy and e.asked is not declarer:
                raise CaseFileError(f"'{e}': dummy may ask declarer ({declarer}) only, never a defender (61B2, 42B1)",
                                    token=str(e.asked)).at(e, file=file)


def _check_changes_name_another_card(events: Sequence[AnyEvent], deal: Deal, file: str | None) -> None:
    """A ``changes to`` line before ``attention`` that names the very card the designation it
    concerns already names changes nothing: a change of designation (45C4(b)) puts another
    card in place of the one designated. The designation it concerns is the same seat's latest
    of a card of the same hand (its call of dummy's card, its card named, or its change),
    whatever lines of other seats came between (``S calls C2``, ``E C5``, ``S changes to C2``),
    unless the holder has since put down another card (a card of a later trick: the change
    then concerns that card, and the rules rule on it). The line is refused, at its line,
    naming the card (docs/decisions.md). Raises CaseFileError."""
    playing = True  # (after ``attention`` a change line records a choice of the ruling)
    #: (seat, holder) -> the card the seat's latest designation of a card of that hand names, and its line
    latest: dict[tuple[Seat, Seat | None], tuple[Card, AnyEvent]] = {}
    for e in events:
        if isinstance(e, (Attention, Resume)):
            playing = isinstance(e, Resume)
            latest.clear()
            continue
        if not playing or isinstance(e, DirectorFinds):
            continue
        if isinstance(e, ChangeDesignation):
            key = (e.seat, deal.holder(e.card))
            prev = latest.get(key)
            if prev is not None and prev[0] == e.card:
                before = prev[1]
                raise CaseFileError(f"'{e}': {e.card} is the card {e.seat}'s designation already names ('{before}'"
                                    f"{'' if getattr(before, 'line', None) is None else f', line {before.line}'}); a change of "
                                    "designation names another card (45C4(b)): leave the line out, or write the card "
                                    "he changed to", token=str(e.card)).at(e, file=file)
            latest[key] = (e.card, e)
        elif isinstance(e, Call) and e.what.card is not None:
            latest[(e.seat, deal.holder(e.what.card))] = (e.what.card, e)
        elif isinstance(e, (Name, NamePlay)):
            latest[(e.seat, deal.holder(e.card))] = (e.card, e)
        elif isinstance(e, Play):
            # the holder put down a card: a designation of another card of his hand is no
            # longer his latest card (dummy's card placed against a call, 45D, stops it too)
            for key in [k for k, (c, _) in latest.items() if k[1] is e.seat and c != e.card]:
                del latest[key]


#: the lines that place or designate a card at the table (a play, not a statement or a finding)
_CARD_LINES = (Play, Call, ChangeDesignation, Touch, NamePlay, Simultaneous, FifthCard, FaceDownLead, DummyAction)


def check_end_of_play_lines(events: Sequence[AnyEvent], file: str | None) -> None:
    """A claim (68) or a ``remaining`` line ends play (docs/case-format.md): refuse what would
    go on after it, since no line after the end of play can say anything about the play the
    first one does not. Refused (located at the later line, naming its token): a second claim
    or ``remaining`` line anywhere in the record; a card placed or designated, or a hand
    spread (54A), after it before the ``attention`` line (after ``attention`` such a line is a choice of the ruling: the
    substitute a rule offers); a ``resume`` line after it (play cannot go on from a ruling
    once it has ended). Raises CaseFileError."""
    end: ClaimTricks | Remaining | None = None
    attended = False  # (an ``attention`` line since the part began)
    for e in events:
        if isinstance(e, Attention):
            attended = True
        elif isinstance(e, (ClaimTricks, Remaining)):
            if end is not None:
                raise CaseFileError(f"'{e}': play ended at {place(end)} ('{end}'); a record ends play once, with one "
                                    "claim or 'remaining' line", token=str(e).split()[0]).at(e, file=file)
            end = e
        elif isinstance(e, Resume):
            if end is not None:
                raise CaseFileError(f"'resume': play ended at {place(end)} ('{end}'); the record cannot be played on "
                                    "after a ruling once play has ended", token="resume").at(e, file=file)
            attended = False
        elif end is not None and not attended and isinstance(e, Choice) and e.verb == "spreads":
            raise CaseFileError(f"'{e}': play ended at {place(end)} ('{end}'); no hand is spread after the end of play "
                                "(a spread faces the hand to play on: 54A; after 'attention' it is a choice of the ruling)",
                                token="spreads").at(e, file=file)
        elif end is not None and not attended and isinstance(e, _CARD_LINES):
            raise CaseFileError(f"'{e}': play ended at {place(end)} ('{end}'); no card is played after the end of "
                                "play (a card line after 'attention' is a choice of the ruling)",
                                token=str(e.card) if isinstance(e, Play) else str(e)).at(e, file=file)


#: the findings that say what a fifth card was (45E): played to the trick, or led to the next
_FIFTH_FINDINGS = ("played", "led")
#: the lines a ``played``/``led`` finding may concern in its own part of the record
_FINDING_LINES = (FifthCard, Expose, Touch, Simultaneous)


def _check_fifth_card_findings(events: Sequence[AnyEvent], file: str | None) -> None:
    """``director finds played|led`` says what a fifth card was (45E): the director finds it
    when he rules on that card, so it is written in the card's part of the record, before the
    ``resume`` that ends that ruling. Such a line after ``resume``, with no line of its own part
    before it that it could concern (a fifth card, an exposed or touched card, cards played
    together), while the part before held a fifth card, is a finding about that card written
    after play went on from its ruling: refused at its line, naming the card, the attention
    line and the resume line (docs/decisions.md). Raises CaseFileError."""
    fifth: FifthCard | None = None  # the last fifth card of the part before
    part_fifth: FifthCard | None = None
    attention: Attention | None = None
    part_attention: Attention | None = None
    resumed: Resume | None = None
    concerned = False  # (a line of this part a finding may be about)
    for e in events:
        if isinstance(e, Resume):
            fifth, attention, resumed = part_fifth, part_attention, e
            part_fifth, part_attention, concerned = None, None, False
        elif isinstance(e, Attention):
            part_attention = part_attention or e
        elif isinstance(e, _FINDING_LINES):
            concerned = True
            if isinstance(e, FifthCard):
                part_fifth = e
        elif (isinstance(e, DirectorFinds) and e.finding.lower() in _FIFTH_FINDINGS and not concerned
              and fifth is not None and resumed is not None):
            at = f" ({place(attention)}, '{attention}')" if attention is not None else ""
            raise CaseFileError(f"'{e}': the finding is about '{fifth}' ({place(fifth)}), ruled at the attention line"
                                f"{at} before 'resume' ({place(resumed)}); the director makes it when he rules on that "
                                "card: write it before 'resume' (after play resumed no fifth card is left for it to "
                                "concern)", token=e.finding).at(e, file=file)


def _check_resume_lines(events: Sequence[AnyEvent], file: str | None) -> None:
    """``resume`` ends the lines of the ruling made at its part's ``attention`` line: a
    ``resume`` with no ``attention`` line since the record began or since the ``resume``
    before it ends no ruling, and the lines after it would be read as another part that
    follows none (a second ``resume`` in a row, say). Refused at its line. Raises
    CaseFileError."""
    attended = False
    before: Resume | None = None
    for e in events:
        if isinstance(e, Attention):
            attended = True
        elif isinstance(e, Resume):
            if not attended:
                since = f"the 'resume' at {place(before)}" if before is not None else "the record's first line"
                raise CaseFileError(f"'resume': no 'attention' line since {since}; 'resume' ends the ruling made at "
                                    "its part's attention line, and this one ends none", token="resume").at(e, file=file)
            attended, before = False, e


def _check_omit_lines(events: Sequence[AnyEvent], file: str | None) -> None:
    """``<seat> omits`` says what happened in the play (a defective trick, 67): it stands
    before the ``attention`` line of its part of the record (after it, lines are the ruling's
    choices, and a player's card omitted there is no line of the record), and not after a
    claim or ``remaining`` line (play had ended). Raises CaseFileError at the line."""
    attended: Attention | None = None
    end: ClaimTricks | Remaining | None = None
    for e in events:
        if isinstance(e, Attention):
            attended = e
        elif isinstance(e, Resume):
            attended = None
        elif isinstance(e, (ClaimTricks, Remaining)):
            end = e
        elif isinstance(e, Omit):
            if attended is not None:
                raise CaseFileError(f"'{e}': an omitted card is a fact of the play, written where it happened, before "
                                    f"the 'attention' line ({place(attended)}); after it the ruling's choices are "
                                    f"written (the card supplied: '{e.seat} <card>')", token="omits").at(e, file=file)
            if end is not None:
                raise CaseFileError(f"'{e}': play ended at {place(end)} ('{end}'); no trick is played after the end "
                                    "of play", token="omits").at(e, file=file)


def _as_list(value: Any, key: str, file: str | None, line: int | None) -> Sequence[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise CaseFileError(f"field {key!r} must be a list", file=file, line=line, token=key)
    return value


def parse_penalty(text: str, *, file: str | None = None, line: int | None = None) -> PenaltyCard:
    """Parse ``"E S9 major"``: a penalty card in force when the record starts.
    Raises NotationError (located at ``file`` and ``line`` when given)."""
    words = text.split()
    try:
        if len(words) != 3:
            raise NotationError(f"bad penalty card {text!r}: expected '<seat> <card> major|minor'", token=text)
        seat = Seat.parse(words[0])
        card = Card.parse(words[1])
        kind_word = words[2].lower()
        if kind_word not in ("major", "minor"):
            raise NotationError(f"unknown token {words[2]!r}: expected major or minor", token=words[2])
    except RulingError as err:
        raise err.located(file=file, line=line) from None
    return PenaltyCard(seat, card, PenaltyKind(kind_word))

