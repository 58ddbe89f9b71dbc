"""The rectification state graph and the enumeration of its leaves (restorations).

A :class:`Node` is a hashable table state plus the agenda of rectification tasks still to
do. A rule set expands a node into edges, each one permitted step (:class:`Step`: who acts,
a forced correction / a player's option / a director's finding, and the clause). A node
with an empty agenda is a leaf: one legal restoration.

``Ruling.restorations()`` streams the leaves depth-first (a generator: a huge cascade is
never held in memory); ``Ruling.graph()`` builds the same graph as a networkx DiGraph.
"""

from __future__ import annotations

import dataclasses
import enum
import json
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence, Set
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Final, Protocol

from rulings.models.cards import DECK, Card, Seat, Side, Suit
from rulings.models.case import Case, Replay, replay_events
from rulings.models.compiled import Object, mypyc_attr
from rulings.models.dataclass import dataclass
from rulings.models.errors import IllegalActionError, RulingError
from rulings.models.events import (
    AnyEvent,
    Attention,
    Call,
    ChangeDesignation,
    Choice,
    Chooses,
    DirectorFinds,
    Expose,
    FifthCard,
    Misinformed,
    Play,
    Simultaneous,
)
from rulings.models.table import OutOfTurn, PenaltyCard, PenaltyKind, TableState, Trick, Withdrawal, card_strength
from rulings.solver.config import Decisions

if TYPE_CHECKING:
    import networkx as nx

SCHEMA_VERSION = 2


#: how a step settled by a line of the record ends its text: "... (recorded: S requires H)"
_RECORDED: Final = " (recorded: "


class StepKind(enum.Enum):
    FORCED = "forced correction"
    OPTION = "player's option"
    FINDING = "director's finding"

    def __str__(self) -> str:
        return self.value


#: the question of the step that closes a restoration played to its end: what Law 64 counts
AFTER_PLAY: Final = "Law 64 after play"
#: how a restoration's restriction names the hand a ruling has declarer lead from next, after
#: the seat and before the clause and its closing parenthesis (43B2(a): ``"N leads next (43B2(a))"``):
#: that seat is the restoration's next leader (:attr:`Restoration.lead`)
LEADS_NEXT: Final = " leads next ("
#: what the Law 64 step adds when play ended before attention with penalty cards in force,
#: followed by those cards in parentheses ("... remains (W ♥7, E ♠9)"): the end of play lifts them
PLAY_OVER_LIFTS: Final = "play has ended: no penalty card remains"


@dataclass(unsafe_hash=True, slots=True)
class Step:
    """One permitted step: an edge of the ruling graph."""

    actor: str  # who acts: "E", "S (for dummy N)", "TD"
    kind: StepKind
    clause: str  # the clause that permits or requires it
    text: str  # what happens, in a director's words
    also: tuple[str, ...] = ()  # further clauses the step applies (penalty card, information)
    question: str = ""  # the decision this step answers (steps of one question are siblings)
    choice: str = ""  # the short name of this alternative ("S9", "keep", "change to SQ")
    #: the record settled this decision in a line the rule read itself (``S accepts``,
    #: ``S forbids C``, a refusal the play implies): a choice recorded after it that names
    #: another course is not an answer to this decision (it may answer a later one, or settle
    #: nothing)
    recorded: bool = False
    #: the step rules what a line before ``attention`` did (a card a player named from his
    #: hand is played, 45C4(a)): no decision of the ruling, so a choice recorded after
    #: ``attention`` that names the same card answers a later decision, not this one
    past: bool = False
    #: other names a recorded ``chooses`` line may give this choice (an earlier name kept
    #: accepted beside the one a director says: 52B2 ``refuse`` was ``require HK``)
    aliases: tuple[str, ...] = ()
    #: the restriction on later play this step puts in force, as a restoration lists it
    #: (57A: ``"W must play highest S"``): read where play has ended and none is listed
    imposes: str = ""

    def named_by(self, forms: frozenset[str] | set[str]) -> bool:
        """Whether a recorded line's words (as :func:`normal_choice` spells them) name this
        choice, by its name or one of its :attr:`aliases`."""
        return any(normal_choice(name) in forms for name in (self.choice, *self.aliases))

    @property
    def clauses(self) -> tuple[str, ...]:
        return (self.clause, *self.also)

    def to_json(self) -> dict[str, Any]:
        return {
            "actor": self.actor,
            "kind": self.kind.name.lower(),
            "clause": self.clause,
            "also": list(self.also),
            "text": self.text,
            "choice": self.choice or None,
        }


@dataclass(unsafe_hash=True, slots=True)
class Info:
    """Law 16C: what a withdrawn card tells, authorized to one side, unauthorized to the other."""

    seat: Seat
    card: Card
    authorized: Side
    unauthorized: Side
    ai_clause: str
    ui_clause: str

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": str(self.seat),
            "card": str(self.card),
            "authorized": str(self.authorized),
            "unauthorized": str(self.unauthorized),
            "clauses": [self.ai_clause, self.ui_clause],
        }


def with_entries(ledger: tuple[Info, ...], infos: tuple[Info, ...]) -> tuple[Info, ...]:
    """``ledger`` with each of ``infos`` it does not hold yet: one entry per card and law (a
    card withdrawn again, or a penalty card again, adds nothing it already has)."""
    if len(infos) == 1:  # (one card withdrawn, the usual step: no set of them to make)
        return ledger if infos[0] in ledger else ledger + infos
    new = tuple(i for i in dict.fromkeys(infos) if i not in ledger)
    return ledger + new if new else ledger


def info_clauses(infos: Iterable[Info]) -> tuple[str, ...]:
    """The clauses of ``infos``, each once, in order (what a step adds to its ``also``)."""
    return tuple(dict.fromkeys(c for i in infos for c in (i.ai_clause, i.ui_clause)))


#: an argument of :meth:`Node.evolve` not given (the field is kept)
_KEEP: Final[Any] = object()
_NODE_FIELDS: Final = ("table", "agenda", "ledger", "findings", "restrictions", "established", "focus", "since",
                       "recorded", "transfer", "equity", "played_out")


class Node:
    """A table state during rectification; hashable, so usable as a graph node.

    Written out as ``@dataclass(unsafe_hash=True, slots=True)`` would write it (the same
    ``__init__``, ``__eq__``, ``__hash__``, ``__repr__``, ``__match_args__`` and slots), so
    that a compiled build (``make fast``) makes it a native class: its fields are then read
    and its instances built without the generic attribute path. Treated as immutable.
    """

    __slots__ = _NODE_FIELDS
    __match_args__: ClassVar[tuple[str, ...]] = _NODE_FIELDS

    table: TableState
    agenda: tuple[object, ...]
    ledger: tuple[Info, ...]
    findings: tuple[str, ...]
    restrictions: tuple[str, ...]
    established: bool
    focus: int | None  # number of the trick under ruling
    #: the first trick a ruling of this record touched (several irregularities: the earliest);
    #: kept by the composition, rule handlers never set it
    since: int | None
    #: how many of the choices recorded after attention the path has settled (composition)
    recorded: int
    #: Law 64 after play: tricks transferred to the non-offending side (None: not ruled)
    transfer: int | None
    #: Law 64C: the director adjusts the score (the transfer did not restore equity)
    equity: bool
    #: play ended before attention was drawn, not by a claim (every card played, or the tricks
    #: after the record counted as played): nobody leads, whatever trick the table ends with
    played_out: bool

    def __init__(self, table: TableState, agenda: tuple[object, ...] = (), ledger: tuple[Info, ...] = (),
                 findings: tuple[str, ...] = (), restrictions: tuple[str, ...] = (), established: bool = False,
                 focus: int | None = None, since: int | None = None, recorded: int = 0, transfer: int | None = None,
                 equity: bool = False, played_out: bool = False) -> None:
        self.table = table
        self.agenda = agenda
        self.ledger = ledger
        self.findings = findings
        self.restrictions = restrictions
        self.established = established
        self.focus = focus
        self.since = since
        self.recorded = recorded
        self.transfer = transfer
        self.equity = equity
        self.played_out = played_out

    def _values(self) -> tuple[object, ...]:
        """The fields in order, as one tuple of objects (compiled, a tuple of these declared
        types is compared wrongly): what equality and the hash read."""
        return (self.table, self.agenda, self.ledger, self.findings, self.restrictions, self.established, self.focus,
                self.since, self.recorded, self.transfer, self.equity, self.played_out)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Node) or other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        return f"{self.__class__.__qualname__}(" + ", ".join(f"{name}={getattr(self, name)!r}" for name in _NODE_FIELDS) + ")"

    @property
    def is_leaf(self) -> bool:
        return not self.agenda

    def evolve(self, *, table: Any = _KEEP, agenda: Any = _KEEP, ledger: Any = _KEEP, findings: Any = _KEEP,
               restrictions: Any = _KEEP, established: Any = _KEEP, focus: Any = _KEEP, since: Any = _KEEP,
               recorded: Any = _KEEP, transfer: Any = _KEEP, equity: Any = _KEEP, played_out: Any = _KEEP) -> Node:
        """``dataclasses.replace(self, **changes)``, several times faster (the engine derives
        a child per edge); an unknown field is a TypeError."""
        return Node(self.table if table is _KEEP else table, self.agenda if agenda is _KEEP else agenda,
                    self.ledger if ledger is _KEEP else ledger, self.findings if findings is _KEEP else findings,
                    self.restrictions if restrictions is _KEEP else restrictions,
                    self.established if established is _KEEP else established, self.focus if focus is _KEEP else focus,
                    self.since if since is _KEEP else since, self.recorded if recorded is _KEEP else recorded,
                    self.transfer if transfer is _KEEP else transfer, self.equity if equity is _KEEP else equity,
                    self.played_out if played_out is _KEEP else played_out)

    def with_table(self, table: TableState) -> Node:
        """``evolve(table=table)`` without the test of each field (a group of substitutes
        makes a child per table)."""
        return Node(table, self.agenda, self.ledger, self.findings, self.restrictions, self.established, self.focus,
                    self.since, self.recorded, self.transfer, self.equity, self.played_out)


Edge = tuple[Step, Node]
#: a part of the record and which replay of it (``Composition._replay_key``): the first part is (0, 0)
Part = tuple[int, Hashable]


@dataclass(slots=True)
class Substitutions:
    """Children of one node that differ only in the card one seat plays to one trick: the
    table ``table`` with that card replaced by each of ``subs`` (``TableState.substitutes``),
    each reached by its step, every child otherwise the node ``node`` (its agenda, ledger,
    findings ...; its table is ``table``). A rule returns them as the last item of its edges
    (a player's lawful substitutes); :meth:`edges` makes them edges, as every reader of a
    rule's edges gets them (``RuleSet.expand``). The enumeration of restorations makes and
    rules only the first child of each class of children whose rulings are alike
    (``classes``), and builds the others' restorations from its leaves
    (:meth:`Composition.restorations`)."""

    table: TableState
    trick: int
    seat: Seat
    subs: tuple[Card, ...]
    steps: tuple[Step, ...]  # one per substitute, in order
    node: Node
    restore_penalty: bool = True
    penalty: PenaltyKind | None = None
    #: the children's tables, when the rule has made them already
    tables: list[TableState] | None = None
    #: the rule's word on which children are ruled alike: children of one class (an equal
    #: number) have, to the end of the rule's tasks, the same ruling but for their own card
    #: in place: no later step reads anything the card substituted changes, given that no
    #: substitute is a penalty card (the engine requires that itself:
    #: :meth:`Composition._same_look`). The enumeration then makes the first child of each
    #: class and builds the others' leaves from its leaves (:meth:`Composition.restorations`).
    #: None: each child is ruled apart
    classes: tuple[int, ...] | None = None
    #: the tables of children made one at a time (:meth:`child`), by index
    alone: dict[int, TableState] | None = None

    def made(self) -> list[TableState]:
        """The children's tables, in the order of ``subs`` (those made already kept)."""
        if self.tables is None:
            alone, subs = self.alone, self.subs
            if not alone:
                self.tables = self.table.substitutes(self.trick, self.seat, subs, restore_penalty=self.restore_penalty,
                                                     penalty=self.penalty)
            else:
                rest = [i for i in range(len(subs)) if i not in alone]
                others = iter(self.table.substitutes(self.trick, self.seat, [subs[i] for i in rest],
                                                     restore_penalty=self.restore_penalty, penalty=self.penalty))
                self.tables = [alone[i] if i in alone else next(others) for i in range(len(subs))]
        return self.tables

    def edges(self) -> list[Edge]:
        return self.edges_from(0)

    def edges_from(self, k: int) -> list[Edge]:
        """:meth:`edges` of the children from the ``k``-th on."""
        with_table = self.node.with_table
        return [(step, with_table(t)) for step, t in zip(self.steps[k:], self.made()[k:], strict=True)]

    def child(self, i: int) -> TableState:
        """The ``i``-th child's table alone (``made()[i]``)."""
        if self.tables is not None:
            return self.tables[i]
        if self.alone is None:
            self.alone = {}
        table = self.alone.get(i)
        if table is None:
            table = self.alone[i] = self.table.substitutes(self.trick, self.seat, self.subs[i:i + 1],
                                                           restore_penalty=self.restore_penalty, penalty=self.penalty)[0]
        return table


def classes_where(alike: Iterable[bool]) -> tuple[int, ...]:
    """``Substitutions.classes`` of children of which those marked alike are one class and
    each other is a class of its own."""
    return tuple([0 if same else i + 1 for i, same in enumerate(alike)])


@dataclass(unsafe_hash=True)
class Restoration:
    """One leaf of the ruling graph: a legal way the table can be put right."""

    number: int  # 1-based, in the deterministic enumeration order
    path: tuple[Step, ...]
    node: Node

    @cached_property
    def laws(self) -> frozenset[str]:
        """Every clause the path applies."""
        return frozenset(c for s in self.path for c in s.clauses)

    @property
    def table(self) -> TableState:
        return self.node.table

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The trick under ruling and every later trick begun, as restored."""
        focus = self.node.focus
        if focus is None:
            return ()
        first = min(focus, self.node.since) if self.node.since is not None else focus
        return tuple(t for t in self.table.tricks if t.number >= first)

    @property
    def withdrawn(self) -> tuple[Withdrawal, ...]:
        return self.table.withdrawn

    @property
    def penalty_cards(self) -> tuple[PenaltyCard, ...]:
        return tuple(sorted(self.table.penalty_cards, key=lambda p: p.sort_key))

    @property
    def ledger(self) -> tuple[Info, ...]:
        return self.node.ledger

    @property
    def established(self) -> bool:
        return self.node.established

    @property
    def findings(self) -> tuple[str, ...]:
        return self.node.findings

    @property
    def lead(self) -> Seat | None:
        """Who leads after the ruling: the winner (44G) of the last complete trick of the
        table as restored, from the trick under ruling on (a record ruled whole may have
        played on past it). When no card stands on the trick under ruling (a lead out of turn
        refused and withdrawn, a simultaneous lead taken back), the Laws name its leader: the
        winner of the trick before it, or the opening leader (44G, 41). None while the trick
        under ruling is in progress (its winner is not yet known) or when play is over (trick
        13 complete, or play ended before attention: ``Node.played_out``)."""
        focus = self.node.focus
        if focus is None or self.node.played_out:
            return None
        for text in self.node.restrictions:
            if text[1:].startswith(LEADS_NEXT):  # (a ruling named the hand declarer leads from)
                return Seat.parse(text[0])
        last = None
        for t in self.table.tricks:
            if t.number >= focus:
                if not t.is_complete:
                    break
                last = t
        if last is None:
            under = self.table.trick(focus)
            if under is None or not under.plays:
                return self.table.without_trick_after(focus - 1).next_leader
            return None
        if last.number == 13:  # play is over: nobody leads
            return None
        return last.winner(self.table.trumps)

    def card_of(self, seat: Seat, trick: int | None = None) -> Card | None:
        number = trick if trick is not None else self.node.focus
        t = self.table.trick(number) if number is not None else None
        return t.card_of(seat) if t is not None else None

    def canonical(self) -> dict[str, Any]:
        """The position this restoration ends in: equal for equal restorations (CASES.md)."""
        lead = self.lead
        return {
            "established": self.established,
            "cards": {f"{t.number}:{s}": c.text for t in self.tricks for s, c in t.plays},
            "withdrawn": sorted(f"{w.seat}:{w.card}" for w in self.withdrawn),
            # the order of the strings, so the penalty cards need no sorting of their own first
            "penalty": sorted(f"{p.seat}:{p.card}:{p.kind}" for p in self.table.penalty_cards),
            # each card once by the side it is unauthorized to (16C and 50E name the same side)
            "unauthorized": sorted({f"{i.unauthorized}:{i.seat}:{i.card}" for i in self.ledger}),
            "lead": str(lead) if lead is not None else None,
            **({"findings": sorted(self.findings)} if self.findings else {}),
            **({"played_under": under} if self.node.restrictions and (under := _played_under(self.table)) else {}),
            **({"restrictions": sorted(self.node.restrictions)} if self.node.restrictions else {}),
            **({"transfer": self.node.transfer, "equity": self.node.equity} if self.node.transfer is not None else {}),
        }

    def key(self) -> str:
        """:meth:`canonical` as compact JSON with sorted keys, written directly (the text of
        ``json.dumps(self.canonical(), sort_keys=True, separators=(",", ":"))``, several times
        faster: seats, cards, sides and kinds are plain ASCII words that need no escaping).
        The tricks are read once for the cards and the lead; the words of the penalty cards,
        the ledger and the withdrawn cards are read off tables made once, by seat and card."""
        node = self.node
        table = node.table
        focus = node.focus
        cards = ""
        lead: Seat | None = None
        if focus is not None:
            since = node.since
            first = focus if since is None or since >= focus else since
            plays: list[str] = []
            last: Trick | None = None
            open_ = False  # an incomplete trick from the focus on: nobody leads yet
            for t in table.tricks:
                number = t.number
                if number < first:
                    continue
                if number < focus:  # a trick of an earlier ruling: its leaves share it
                    hit = _TRICK_WORDS.get(id(t))
                    plays.extend(hit[1] if hit is not None else _trick_words(t))
                else:  # (each leaf has its own)
                    words = _PLAYS.get(number) or _plays_of(number)
                    seen: dict[str, str] = {}
                    for s, c in t.plays:
                        row = words[s.index]
                        seen[row[0]] = row[c]  # a later card of a seat replaces the earlier (as a dict does)
                    plays.extend(seen.values())
                if number >= focus and not open_:
                    if len(t.plays) >= 4:
                        last = t
                    else:
                        open_ = True
            # each word is its label then the card: the words sort as the labels (no label is
            # a prefix of another, each ends with a quote)
            plays.sort()
            cards = ",".join(plays)
            if node.played_out:
                pass  # play is over: nobody leads
            elif last is None:
                lead = self.lead  # nothing complete from the trick under ruling on: the Laws name the leader
            elif node.restrictions:
                lead = self.lead  # (a ruling may name the hand that leads next: 43B2(a))
            elif last.number != 13:
                lead = last.winner(table.trumps)
        lead_word = f'"{lead._name_}"' if lead is not None else "null"
        established = "true" if node.established else "false"
        penalty = _penalty_words(table.penalty_cards)
        ledger = _ledger_words(node.ledger)
        withdrawn = _withdrawn_words(table.withdrawn)
        if node.transfer is None and not node.findings and not node.restrictions:
            return (f'{{"cards":{{{cards}}},"established":{established},"lead":{lead_word},"penalty":{penalty},'
                    f'"unauthorized":{ledger},"withdrawn":{withdrawn}}}')
        out = ['{"cards":{', cards, "}"]
        if node.transfer is not None:
            out.append(',"equity":true' if node.equity else ',"equity":false')
        out.append(',"established":' + established)
        if node.findings:
            out.append(',"findings":' + json.dumps(sorted(node.findings), separators=(",", ":")))
        out.append(',"lead":' + lead_word)
        out.append(',"penalty":' + penalty)
        if node.restrictions:
            if table.play_rules_made and (under := _played_under(table)):
                out.append(',"played_under":' + json.dumps(under, separators=(",", ":")))
            out.append(',"restrictions":' + json.dumps(sorted(node.restrictions), separators=(",", ":")))
        if node.transfer is not None:
            out.append(f',"transfer":{json.dumps(node.transfer)}')
        out.append(',"unauthorized":' + ledger)
        out.append(',"withdrawn":' + withdrawn + "}")
        return "".join(out)

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "findings": list(self.findings),
            "established": self.established,
            "tricks": [
                {
                    "trick": t.number,
                    "leader": str(t.leader),
                    "plays": [{"seat": str(s), "card": str(c)} for s, c in t.plays],
                    "winner": str(w) if (w := t.winner(self.table.trumps)) is not None else None,
                }
                for t in self.tricks
            ],
            "withdrawn": [{"seat": str(w.seat), "card": str(w.card), "trick": w.trick} for w in self.withdrawn],
            "penalty_cards": [{"seat": str(p.seat), "card": str(p.card), "kind": str(p.kind)} for p in self.penalty_cards],
            "ledger": [i.to_json() for i in self.ledger],
            "restrictions": list(self.node.restrictions),
            "lead": str(self.lead) if self.lead is not None else None,
            "transfer": self.node.transfer,
            "equity": self.node.equity,
            "laws": sorted(self.laws),
            "path": [s.to_json() for s in self.path],
        }


def _played_under(table: TableState) -> list[str]:
    """The restrictions on one card a ruling put in force on ``table`` (57A1-57A4, 57D:
    ``TableState.play_rules_made``), each with the trick whose card it governed, as a
    restoration's key names them: a restriction governs one player's card to one trick and is
    spent with it, so declarer's options at two tricks, made the other way round, are two
    restorations though their restrictions read alike (docs/decisions.md). Empty where no
    player's cards at two tricks were restricted (the key is then its restrictions')."""
    rules = table.play_rules_made
    first: dict[Seat, int] = {}
    for r in rules:
        if first.setdefault(r.seat, r.trick) != r.trick:
            break
    else:
        return []  # (no player's cards at two tricks restricted: the restrictions say it all)
    return sorted(f"{r.seat}:{r.trick}:{r.kind}:{r.suit.letter if r.suit is not None else r.card or ''}"
                  for r in rules)


@mypyc_attr(native_class=False)  # (kept in the instance's __dict__, as its base's fields)
class _Kept(Restoration):
    """A restoration made while a group's child, the first of its class, is enumerated:
    the others' of its class are built from it (:class:`_Derived`), so its key is kept once
    read."""

    def key(self) -> str:
        d = self.__dict__
        text: str | None = d.get("_text")
        if text is None:
            text = d["_text"] = Restoration.key(self)
        return text


@mypyc_attr(native_class=False)  # (built in the instance's __dict__, as its base's fields)
class _Derived(Restoration):
    """A restoration of a group's child built from a leaf of the first child of its class
    (``source``): the same with the child's card (``swap``) in place of that child's.
    Its path (the group's path ``prefix``, the child's step, then what follows the source
    child's step on the source's path), node and table (``TableState.with_cards`` on the
    restoration the enumeration made that it comes from, :meth:`origin`) are built when
    first read; its key is the source's with one word replaced, and the lead when the card
    is in the trick whose winner leads (:func:`_key_state`)."""

    __slots__ = ("_prefix", "_source", "_step", "_swap")

    def __init__(self, number: int, prefix: tuple[Step, ...], step: Step, source: Restoration, swap: _Swap) -> None:
        self.__dict__["number"] = number
        self._prefix, self._step, self._source, self._swap = prefix, step, source, swap

    def origin(self) -> tuple[Restoration, tuple[tuple[int, Seat, Card], ...]]:
        """The restoration the enumeration made that this one comes from, and every card
        put in place since, as (trick, seat, card)."""
        source = self._source
        change = self._swap.change
        if type(source) is _Derived:
            base, changes = source.origin()
            return base, (*changes, change)
        return source, (change,)

    @property
    def path(self) -> tuple[Step, ...]:  # type: ignore[override]  # (a read-only field here: built once)
        d = self.__dict__
        path: tuple[Step, ...] | None = d.get("_path")
        if path is None:
            prefix = self._prefix
            path = d["_path"] = (*prefix, self._step, *self._source.path[len(prefix) + 1:])
        return path

    @property
    def node(self) -> Node:  # type: ignore[override]  # (a read-only field here: built once, from its origin)
        d = self.__dict__
        node: Node | None = d.get("_node")
        if node is None:
            base, changes = self.origin()
            made = base.node
            node = d["_node"] = made.with_table(made.table.with_cards(changes))
        return node

    def key(self) -> str:
        d = self.__dict__
        state: _KeyState | None = d.get("_state")
        if state is not None:
            return state[0]
        text, number, strengths, winner, leads, others = _key_state(self._source)
        swap = self._swap
        text = text.replace(swap.old, swap.new, 1)
        if swap.trick == number:
            # the winner: the strongest card, the first of equals (as ``index(max(...))``),
            # from the strongest of the other cards (read once per place of the source)
            # (his place in the source's trick: a card left out of rotation for a revoke's
            # ruling is placed at its turn once ruled, TableState.revokes_placed_at_turn, so
            # the places may not be the group's)
            place, strength = leads.index(swap.word), swap.strength
            best = others.get(place)
            if best is None:
                best = others[place] = _strongest_but(strengths, place)
            now = place if strength > best[0] or (strength == best[0] and place < best[1]) else best[1]
            if now != winner:
                text = text.replace(leads[winner], leads[now], 1)
            if "_kept" in d:  # (the others' leaves of a group around it are built from it)
                strengths = strengths[:]
                strengths[place] = strength
                d["_state"] = (text, number, strengths, now, leads, {})
            return text
        if "_kept" in d:  # (the same strengths: the strongest others are the source's)
            d["_state"] = (text, number, strengths, winner, leads, others)
        return text


class _Swap:
    """One child of a group in place of another of its class (``source``), for every leaf
    built for that child: the change (trick, seat, card), the source's card's word in the
    key and this one's, the seat's word as the lead (his place in the trick is read from the
    leaf's, :func:`_key_state`) and the card's strength there (44E/44F:
    a trump over the suit led over any other card, then by rank; on the cards' int codes,
    the suit by ``>> 4``). What every child of the group shares (the words of the seat's
    cards on that trick, his place, the card led, the trump suit) is read once per group
    (:func:`_swap_base`)."""

    __slots__ = ("change", "new", "old", "strength", "trick", "word")

    def __init__(self, group: Substitutions, i: int, source: int, base: _SwapBase) -> None:
        row, _, led, trumps = base
        subs = group.subs
        card = subs[i]
        self.change = (group.trick, group.seat, card)
        self.trick = group.trick
        self.old, self.new = row[subs[source]], row[card]
        self.strength = card_strength(card, led, trumps)
        self.word = _LEAD_WORDS[group.seat.index]


#: the lead's word in a key for each seat (N, E, S, W), as :func:`_key_state` writes it
_LEAD_WORDS = tuple([f'"lead":"{s._name_}"' for s in sorted(Seat, key=lambda s: s.index)])

#: what the children of a group share for :class:`_Swap`: the key's words of the seat's
#: cards on the trick, his place in it, the card led to it and the trump suit
_SwapBase = tuple["tuple[str, ...]", int, Card, "Suit | None"]


def _swap_base(group: Substitutions) -> _SwapBase:
    """:data:`_SwapBase` of ``group``."""
    number, seat = group.trick, group.seat
    row = (_PLAYS.get(number) or _plays_of(number))[seat.index]
    trick = group.table.trick(number)
    assert trick is not None
    place = trick.position_of(seat)
    assert place is not None
    return row, place, trick.plays[0][1], group.table.trumps


#: what the key of a leaf a group's other children's leaves are built from gives them: its
#: text, the trick whose winner it names as the lead (None: none), the strengths of that
#: trick's cards, the place of the winner and the lead's word for each place
_KeyState = tuple[str, "int | None", "list[int]", int, "tuple[str, ...]", "dict[int, tuple[int, int]]"]


def _strongest_but(strengths: list[int], place: int) -> tuple[int, int]:
    """The greatest of ``strengths`` but the one at ``place``, and the first place it is at
    (-1 and the length of the list when there is no other)."""
    best, at = -1, len(strengths)
    for i, x in enumerate(strengths):
        if i != place and x > best:
            best, at = x, i
    return best, at


def _key_state(r: Restoration) -> _KeyState:
    """:data:`_KeyState` of ``r``, a leaf other leaves are built from, kept in it: read off
    its table for a restoration the enumeration made (:class:`_Kept`), or from its source's
    with one card replaced (:meth:`_Derived.key`)."""
    d = r.__dict__
    state: _KeyState | None = d.get("_state")
    if state is not None:
        return state
    if type(r) is _Derived:
        r.key()
        state = d["_state"]
        assert state is not None
        return state
    node = r.node
    number = _leading_trick(node)
    trick = node.table.trick(number) if number is not None else None
    if trick is None:
        state = (r.key(), None, [], -1, (), {})
    else:
        led, trumps = trick.plays[0][1], node.table.trumps
        strengths = [card_strength(c, led, trumps) for _, c in trick.plays]
        state = (r.key(), number, strengths, strengths.index(max(strengths)), tuple([f'"lead":"{s._name_}"' for s, _ in trick.plays]), {})
    d["_state"] = state
    return state


class _Replicate:
    """A :class:`Substitutions` group on the stack of :meth:`Composition.restorations`,
    twice around each child it makes (the first of each class, ``kinds``): above it, where
    it opens (the leaves from there on are collected in ``leaves``), and below it, where it
    closes: the next children's leaves are then built from those of the child made of their
    class (``sources``: its index and leaves), up to the next child whose class has none
    (made in turn); or, when the child's ruling did not keep to what makes its class alike
    (see :meth:`Composition._others`), the next children are made and expanded."""

    __slots__ = ("base", "due", "group", "index", "kinds", "leaves", "open", "part", "said", "sources", "span", "spoiled", "stages", "steps")

    def __init__(self, group: Substitutions, kinds: tuple[int, ...], part: int | None = None, steps: int = 0) -> None:
        self.group = group
        self.kinds = kinds
        #: a group followed by a later part of the record (:meth:`Composition._later_blind`):
        #: the part it is ruled in (the child's ruling may play later parts on, and open
        #: irregularities there, but none in this part), and the length of the path to the
        #: group (the steps after the child's are read when its ruling is done); None: the
        #: rectification ends the record (the child's ruling opens nothing, plays nothing on)
        self.part = part
        self.steps = steps
        #: a later-part group: something in the child's ruling that may read the child's
        #: card (an irregularity opened in the group's part, the trick's winner depending on
        #: it where a later part is played on: :meth:`Composition._resume`)
        self.spoiled = False
        #: a later-part group: what the ruling had said when the child's ruling began
        #: (notices, irregularities found later, parts dropped, restorations not ruled), to
        #: read what it adds
        self.said: tuple[tuple[Notice, ...], int, int, int] = ((), 0, 0, 0)
        self.index = 0  # the child made now
        self.leaves: list[Restoration] = []
        self.sources: dict[int, tuple[int, list[Restoration]]] = {}
        self.open = False
        self.stages = 0
        #: what the group's children share for the leaves built for them (:func:`_swap_base`)
        self.base: _SwapBase | None = None
        #: what the lead options left due of the restorations it builds from concern, as
        #: (penalty cards in force, whom): its leaves are read for them while one is not
        #: kept (:meth:`Composition._note_built`)
        self.due: set[tuple[object, Seat]] = set()
        #: the suit led and the trump suit (their orders) of the group's trick where the
        #: lead options left due last read it, and the least and greatest strength of its
        #: substitutes there (:func:`_may_lead_built`)
        self.span: tuple[int, int, int, int] = (-2, -2, 0, 0)


def _origin_established(leaf: Restoration) -> bool:
    """Whether the restoration the enumeration made that ``leaf`` is (or a leaf built from
    it comes from) has a revoke a ruling left established (``Node.established``): a built
    leaf's own node is not made to tell it."""
    base = leaf
    while type(base) is _Derived:
        base = base._source
    return base.node.established


def _leaf(number: int, path: tuple[Step, ...], node: Node, active: list[_Replicate]) -> Restoration:
    """The restoration of a leaf the enumeration made, collected by the groups whose child's
    ruling (the first of its class) it is part of (``active``: the next children's leaves of
    that class are built from it, so it keeps its key once read)."""
    if not active:
        return Restoration(number, path, node)
    made = _Kept(number, path, node)
    for a in active:
        a.leaves.append(made)
    return made


#: a group of substitutes is enumerated from the first child of each class from this many
#: children on (a group of one gains nothing)
_LAZY_FROM = 2


def _leading_trick(node: Node) -> int | None:
    """The number of the trick whose winner :meth:`Restoration.key` writes as the lead (the
    last complete trick from the trick under ruling on, before any incomplete one), or None
    when the lead comes from elsewhere or nobody leads (trick 13, or play ended before
    attention: ``Node.played_out``)."""
    focus = node.focus
    if focus is None or node.played_out:
        return None
    last = None
    for t in node.table.tricks:
        if t.number >= focus:
            if len(t.plays) < 4:
                break
            last = t.number
    return last if last != 13 else None


_CARD_OF = {int(c): c for c in DECK}

#: the key's word of each card a seat plays to a trick, by trick number, seat index and card:
#: ``"3:N":"SA"`` (a card's int indexes it; item 0 is the label alone, ``"3:N"``)
_PLAYS: dict[int, tuple[tuple[str, ...], ...]] = {}


def _plays_of(number: int) -> tuple[tuple[str, ...], ...]:
    rows = tuple(tuple(_play_word(number, seat, i) for i in range(64)) for seat in "NESW")
    _PLAYS[number] = rows
    return rows


def _play_word(number: int, seat: str, i: int) -> str:
    """The key's word of the card ``i`` (a card's int; 0: none) that ``seat`` plays to trick ``number``."""
    card = _CARD_OF.get(i)
    return f'"{number}:{seat}"' if i == 0 else f'"{number}:{seat}":"{card.text}"' if card is not None else ""


def _names_any(texts: list[str], text: str) -> bool:
    """Whether ``text`` names any of the cards whose texts are ``texts``."""
    return any(t in text for t in texts)


#: the key's words of the last tricks read (by identity, each kept alive): the tricks a
#: cascade's leaves share (those of an earlier ruling of the record, the trick before) are
#: read once
_TRICK_WORDS: dict[int, tuple[Trick, tuple[str, ...]]] = {}


def _trick_words(trick: Trick) -> tuple[str, ...]:
    """The words of the cards standing in ``trick`` (a later card of a seat replaces the
    earlier, as a dict does), remembered in :data:`_TRICK_WORDS`."""
    number = trick.number
    words = _PLAYS.get(number) or _plays_of(number)
    plays: dict[str, str] = {}
    for s, c in trick.plays:
        row = words[s.index]
        plays[row[0]] = row[c]
    out = tuple(plays.values())
    if len(_TRICK_WORDS) >= 64:
        _TRICK_WORDS.clear()
    _TRICK_WORDS[id(trick)] = (trick, out)
    return out


#: ``"E:H4"`` (quoted) by seat index and card: every such word has one length, so the quoted
#: words sort as the bare ones
_SEAT_CARD: tuple[tuple[str, ...], ...] = tuple(
    tuple(f'"{seat}:{c.text}"' if (c := _CARD_OF.get(i)) is not None else "" for i in range(64)) for seat in "NESW")
#: ``"E:H4:major"`` (quoted) by penalty kind, seat index and card (one length for every word,
#: as in :data:`_SEAT_CARD`)
_PENALTY_WORD: dict[PenaltyKind, tuple[tuple[str, ...], ...]] = {
    kind: tuple(tuple(f'{w[:-1]}:{kind._value_}"' if w else "" for w in row) for row in _SEAT_CARD) for kind in PenaltyKind}


def _penalty_words(pcs: frozenset[PenaltyCard]) -> str:
    """The key's penalty cards: read off :data:`_PENALTY_WORD` (cheaper than remembering the
    words of a set of penalty cards: most leaves have a set of their own)."""
    if not pcs:
        return "[]"
    return "[" + ",".join(sorted([_PENALTY_WORD[p.kind][p.seat.index][p.card] for p in pcs])) + "]"

#: ``"EW:E:H4"`` (quoted) by the side the information is unauthorized to, seat index and card
#: (one length for every word, as in :data:`_SEAT_CARD`)
_LEDGER_WORD: dict[Side, tuple[tuple[str, ...], ...]] = {
    side: tuple(tuple(f'"{side._value_}:{w[1:]}' if w else "" for w in row) for row in _SEAT_CARD) for side in Side}


def _ledger_words(ledger: tuple[Info, ...]) -> str:
    """The key's ledger: read off :data:`_LEDGER_WORD` (cheaper than remembering the words of
    a ledger: most leaves have a ledger of their own)."""
    if not ledger:
        return "[]"
    return "[" + ",".join(sorted({_LEDGER_WORD[i.unauthorized][i.seat.index][i.card] for i in ledger})) + "]"


def _withdrawn_words(withdrawn: tuple[Withdrawal, ...]) -> str:
    """The key's withdrawn cards: read off :data:`_SEAT_CARD` (each cascade leaf has its own)."""
    if not withdrawn:
        return "[]"
    return "[" + ",".join(sorted([_SEAT_CARD[w.seat.index][w.card] for w in withdrawn])) + "]"


#: the kinds of :class:`Notice`: a record line or play no rule rules on; a line that settled
#: nothing (a choice recorded at the table that no decision took, a fact or finding no ruling
#: reads); no restoration (the record is not one the ruling allows);
#: no irregularity found; any other remark
NOTICE_KINDS = ("not_ruled", "unsettled", "no_restoration", "no_irregularity", "remark")


@dataclass(frozen=True)
class Notice:
    """Something in the record the solver saw but does not rule on (yet), or a remark;
    ``kind`` is one of :data:`NOTICE_KINDS`."""

    line: int | None
    text: str
    kind: str = "remark"

    def __str__(self) -> str:
        return (f"line {self.line}: " if self.line is not None else "") + self.text


# ----- openings and their composition ------------------------------------------------------------
@dataclass(unsafe_hash=True, slots=True)
class Opening:
    """What one rule family's opener found in a record: the root of its ruling, the
    irregularities, notices, and what it rules on (``handled``): record events (matched by
    identity), the entries ``(trick, seat, card)`` of ``TableState.out_of_turn``, and :func:`played`
    keys of cards standing in a trick."""

    root: Node
    irregularities: tuple[str, ...] = ()
    notices: tuple[Notice, ...] = ()
    handled: tuple[object, ...] = ()
    #: where in the record the ruling begins, as keys like ``handled`` (default: those): an
    #: established revoke is ruled where it was established, not where it was made
    located_by: tuple[object, ...] = ()
    #: the family has more to rule on the table once this is ruled (a second revoke): its
    #: opener runs again on the rectified table (when the rule set lists it as reopenable)
    more: bool = False
    #: irregularities of the family's kind this opening leaves for after its ruling, as keys
    #: like ``handled`` (a play out of turn in a later trick): while one is not ruled, the
    #: opener runs again on the table the ruling leaves, with the record read around it, and
    #: rules the first it finds not ruled yet (``Replay.is_ruled``); none is "not yet ruled"
    later: tuple[object, ...] = ()
    #: plays out of turn of the record that are so only because a card of this family's
    #: lines is missing from the table (an exposed card deemed played came before them), and
    #: cards it records as failing to follow suit for that reason (as :func:`played` keys: a
    #: fifth card found led, not the card after it, leads their trick): no irregularity of
    #: their own where its ruling puts that card in place, so no other family rules them from
    #: the record (an opening that would rule only such things is left out) and no notice
    #: says they are not ruled; but where a ruling leaves one (the card found not played), it
    #: is ruled there as on any rectified table (they are not part of what this ruling rules)
    explains: tuple[object, ...] = ()
    #: the tricks whose cards this ruling may change, ruled where the record places it (a
    #: revoke corrected when attention is drawn, 62A, 62B): an irregularity at the lead of the
    #: trick after one of them waits for it, as who was to lead there depends on who wins it
    #: (44G; :meth:`Composition._order_keys`)
    corrects: tuple[int, ...] = ()
    #: where its rectification is made, when that is later than where the irregularity
    #: begins, as keys like ``handled``: the substitutes a correction offers are chosen when
    #: attention is drawn (45D1, 47D after a change of designation), so an opening that takes
    #: effect where it happened (``at_once``) and lies before that is ruled first, and what it
    #: leaves in force binds them (a penalty card, 50C, 50D1; :meth:`Composition._order_keys`)
    made_at: tuple[object, ...] = ()
    #: what this opening rules took effect where it happened, on the table as it then stood:
    #: a defender's card exposed is a penalty card from that moment (49, 50), a card deemed
    #: played at its player's turn (45C1), or played with others there (58B) or as a fifth
    #: card to a trick of fewer than four (45A), a play of the trick as it then stood, which a
    #: correction made later reads as a card played after the error (45D1, 47D)
    at_once: bool = False
    #: (trick, seat): an irregularity that begins at the lead of this trick though none of its
    #: cards leads it on the table it was found on, and the seat whose card it is (a card
    #: exposed between tricks by a player not then to lead: his lead, 45C1, or a penalty card,
    #: 49, as the trick before turns out). An opening that pauses at that trick before
    #: it (``pauses``, its seat among those named) rules it inside its own ruling, on the trick
    #: as the offender's correction left it (:class:`CorrectionMade`)
    leads: tuple[tuple[int, Seat], ...] = ()
    #: (trick, seats): this ruling corrects the trick when attention is drawn and, once the
    #: offender's correction is made and before the players who played after the
    #: irregularity may take their cards back (45D1, 62C1), leaves a :class:`CorrectionMade`
    #: task on its agenda: there the engine rules an opening at the lead of the next trick by
    #: one of ``seats`` (``leads``), on the trick as then corrected, and that ruling binds the
    #: choices after it (a penalty card, 50D1) or gives them a card to rule (his lead)
    pauses: tuple[tuple[int, frozenset[Seat]], ...] = ()
    #: what ``irregularities`` says is a player's choice stated at the table that this
    #: family rules (declarer's option at a lead while a penalty card is in force, 50D2,
    #: 51B), not an irregularity: listed with the choices (:attr:`Composition.choices`)
    choice: bool = False
    #: what ``irregularities`` says is a position this family rules, not an irregularity: a
    #: player to lead while his partner has a major penalty card in force, declarer's options
    #: due at that lead (50D2, 51B): listed as the lead options due
    #: (:attr:`Composition.options_due`)
    due: bool = False
    #: what a closing says of each restoration whose ruling leaves a revoke established
    #: (``Node.established``) that the record as played does not (Law 64 where the record
    #: stops before the end of play): the text of a notice, or None; one notice for each
    #: text, said once every restoration is enumerated (:meth:`Composition._say_of_ruled`)
    of_established: Callable[[Node], str | None] | None = None


@dataclass(frozen=True, slots=True)
class CorrectionMade:
    """A task a correcting rule leaves on its agenda where the offender's correction of trick
    ``trick`` is made and the options of the players who played after the irregularity
    are still to come (``Opening.pauses``): the engine rules there an opening that waited
    for it (``Opening.leads``), on the table as it is, ahead of those options; with none,
    the task is dropped (:meth:`Composition._settle`)."""

    trick: int
    #: a task of the correcting rule to rule after the opening ruled here when that ruling
    #: leaves a card leading the next trick (his lead, 45C1: the cards played after the
    #: irregularity, that card among them, when no other card was): :class:`WhenLed`
    then: Object = None
    #: the seats whose card leading the next trick ``then`` rules (None: any seat's)
    leaders: frozenset[Seat] | None = None


@dataclass(frozen=True, slots=True)
class WhenLed:
    """The ``then`` task of a :class:`CorrectionMade`, after the opening ruled there: ruled
    when trick ``trick`` has a card on the table (led by one of ``leaders``, when given),
    dropped otherwise."""

    trick: int
    task: Object
    leaders: frozenset[Seat] | None = None


@dataclass(frozen=True, slots=True)
class IfWaiting:
    """A correcting rule's two orders for the rest of its correction of trick ``trick``:
    ``waiting`` where an opening of the record waits for that correction's pause
    (``Opening.leads``, ruled at its :class:`CorrectionMade` task), ``otherwise`` where none
    does. A rule whose pause must come after part of its correction (the cards that no longer
    follow a replaced card, replaced first) pays for that order only where something is ruled
    at the pause; elsewhere its plain order stands. The engine settles it
    (:meth:`Composition._settle`)."""

    trick: int
    waiting: tuple[object, ...]
    otherwise: tuple[object, ...]


@dataclass(frozen=True, slots=True)
class Holds:
    """A correcting rule's test of its path where the engine has ruled something inside that
    ruling (an opening ruled at a :class:`CorrectionMade` pause, which may make a penalty
    card that binds a card the correction placed before the pause): the path goes on when
    ``test(table, *args)`` holds, and is dropped when it does not (the restoration it would
    give is not lawful). The engine settles it (:meth:`Composition._settle`)."""

    test: Callable[..., bool]
    args: tuple[object, ...] = ()
    #: the trick whose correction paused just before this test (its :class:`CorrectionMade`)
    trick: int | None = None
    #: the rule's other courses for the cards the test reads, each player's apart:
    #: ``others(table, *args)`` gives each player whose card the correction placed before
    #: the pause and who had another lawful card there, with the tables that card leaves
    #: (the rest as on this path). Where the opening that waited for the pause is met on
    #: no path's table here (the card it rules is one the correction placed: a card exposed
    #: between tricks that is its player's replacement) and every one of a player's other
    #: courses breaks the test once the pause is ruled on it, his card is the one the
    #: opening's ruling left him: ``said(table, barred, seat, *args)`` (``barred``: one such
    #: course, as the pause's ruling left it) is the step that says so, or None
    others: Callable[..., tuple[tuple[Seat, tuple[TableState, ...]], ...]] | None = None
    said: Callable[..., Step | None] | None = None


@dataclass(frozen=True, slots=True)
class Said:
    """A step the engine adds to a path once a :class:`Holds` test is met (the ruling at the
    pause decided a card the correction placed before it): an edge of its own, with nothing
    chosen, before the rest of the agenda."""

    step: Step


@dataclass(frozen=True, slots=True)
class Ruled:
    """A task a rule leaves ahead of the rest of its agenda when it has ruled on something of
    the record (``keys``, as ``Opening.handled``) that no opening of this path named: a card
    another family's ruling placed and handed to it (45C1's card that failed to play a
    penalty card, 52). The engine counts the keys as ruled at the next :class:`Reopen` of the
    agenda (its ``seen``), so that no opener finds that irregularity again there: the player's
    one choice is offered once (:meth:`Composition._settle`)."""

    keys: frozenset[object]


#: (the end of a look at a pause made for another course of a :class:`Holds` test: no task)
_LOOK_ENDS: Final = ("end of a look at the pause",)


def _pauses_for(opening: Opening, trick: int, seat: Seat) -> bool:
    """Whether ``opening`` pauses, inside its correction of the trick before ``trick``, for
    an irregularity of ``seat``'s at the lead of ``trick`` (``Opening.pauses``)."""
    return any(n == trick - 1 and seat in seats for n, seats in opening.pauses)


def played(trick: int, seat: Seat, card: Card) -> tuple[str, int, Seat, Card]:
    """The key of a card standing as played, for ``Opening.handled`` (a revoke card, a card
    placed after a refused lead): two families that rule the same card share the key."""
    return ("play", trick, seat, card)


class RuleBook(Protocol):
    """What the engine needs of a rule set: its openers and its expansion of a node."""

    def openings(self, replay: Replay, names: frozenset[str] | None = None) -> list[tuple[str, Opening]]:
        """Every opener's finding in the record (only the openers ``names``, when given), in
        the rule set's priority order."""
        ...

    @property
    def reopenable(self) -> frozenset[str]:
        """The openers that read only the table, so may run again on a rectified table
        (they find what an earlier rectification left to rule: a second revoke, a penalty
        card a later play failed to play)."""
        ...

    def closings(self, replay: Replay) -> list[Opening]:
        """What follows every rectification of the record (Law 64 after play): each
        opening's root agenda runs last on every restoration. Of a part of the record played
        on after a ruling, a root marked established (``Node.established``: that play
        established a revoke the ruling before it left standing) marks the path's node."""
        ...

    def information_at_start(self, table: TableState) -> tuple[Info, ...]:
        """The information ``table`` (the table before the record's first line) already
        holds: the ledger every restoration begins with (the penalty cards in force, 50E)."""
        ...

    def left_due(self, node: Node) -> tuple[tuple[Seat, Seat, int], ...]:
        """What a restoration (its ``node``) leaves due that no rule of its path enumerated,
        to be listed with the lead options due where the player it names first leads next
        (declarer's 50D2/51B choice at the partner's lead, left to the next ruling): that
        player, whom it concerns (the penalty cards' owner), and which reading it is."""
        ...

    def left_due_text(self, node: Node, whom: Seat, reading: int) -> str:
        """The text listed for one item of :meth:`left_due`."""
        ...

    def answers(self, replay: Replay) -> tuple[Answer, ...]:
        """The choices the lines after attention of a part of the record (``replay``) state
        at a decision a rule may offer only on a rectified table (:class:`Answer`), in
        record order."""
        ...

    @property
    def lines(self) -> Mapping[str, tuple[type, ...]]:
        """The record lines each opener needs (any one of them): without one it finds
        nothing, unless its table test (:attr:`states`) holds."""
        ...

    @property
    def states(self) -> Mapping[str, Callable[[TableState], bool]]:
        """What on a table lets an opener find something without one of its lines."""
        ...

    def played_on_from(self, replay: Replay) -> int | None:
        """A line of a part of the record (its index in ``replay.before``: the first part, or a
        later one played on from a restoration) after which the table played on, before
        attention, from a choice ruled there (54A); None: none."""
        ...

    def worth_reopening(self, table: TableState, record: Replay, names: frozenset[str]) -> frozenset[str]:
        """The openers of ``names`` that may find something on a rectified ``table`` of a
        record with lines of ``kinds`` (a cheap look, before a replay around it is built)."""
        ...

    @property
    def reopen_states(self) -> Mapping[str, Callable[[TableState, Replay], bool]]:
        """The ``REOPEN_STATE`` test of each opener that has one (what :meth:`worth_reopening`
        reads of a table); an opener without one is run whole on every rectified table."""
        ...

    @property
    def look_reads_leader(self) -> bool:
        """Whether a :attr:`reopen_states` test reads who leads next on the table (beyond
        what :meth:`Composition._same_look` lets a test read): no group of substitutes is
        then built from one child's restorations."""
        ...

    @property
    def decisions(self) -> Decisions:
        """The rule set's readings where the Laws leave a point open (docs/decisions.md)."""
        ...

    def expand(self, node: Node) -> list[Edge]:
        """The edges out of a node whose agenda is not empty."""
        ...

    def expand_grouped(self, node: Node) -> Sequence[Edge | Substitutions]:
        """:meth:`expand`, a rule's substitutes left as the :class:`Substitutions` it made
        (its last item), not yet made edges."""
        ...


class Reopen:
    """Engine task at the end of one irregularity's rectification: open the next
    irregularity of the record on the table as rectified so far (``seen``: what the earlier
    rectifications ruled on, as keys).

    Written out as ``@dataclass(unsafe_hash=True, slots=True)`` would write it (``start``,
    ``opened`` and ``apart`` outside equality and the hash), so that a compiled build
    (``make fast``) makes it a native class. Treated as immutable.
    """

    __slots__ = ("apart", "base", "behind", "opened", "seen", "segment", "since", "spent", "start", "used")
    __match_args__: ClassVar[tuple[str, ...]] = ("seen", "used", "since", "spent", "segment", "base", "start", "opened", "apart", "behind")

    seen: frozenset[object]
    used: frozenset[str]  # the openers already opened on this path
    since: int | None  # the first trick a ruling of the record touched
    spent: str  # the opener just ruled when it has nothing more to rule (not run again)
    segment: int  # the part of the record (cut at ``resume`` lines) being ruled
    #: which replay of that part (``Composition._replay_key``; 0 for the first part)
    base: Hashable
    #: a later part: the table this path played it on from (``Replay.start``)
    start: TableState | None
    #: the irregularities the rulings of this path opened so far (their texts, in order):
    #: those of a path that ends are what the ruling lists (``Composition._happened``)
    opened: tuple[str, ...]
    #: (trick, seat) of each second card of a seat's in one trick that a later part of the
    #: record put there and that this path's replay of the part said rather than refused
    #: (after his lead out of turn and other players' cards): the path is not ended for it
    #: (:meth:`Composition._played_twice`). Another path may play the part on to a table
    #: where the same cards are no such thing (his lead in turn there)
    apart: frozenset[tuple[int, Seat]]
    #: the earliest trick of an opening that begins in the record before the one whose ruling
    #: this reopening ends, and is ruled after it (a correction made when attention is drawn,
    #: 47D after a change of designation refused, passed by what took effect at once: cards
    #: played together, 58B2): a player's option over a card of a later trick that the
    #: ruling made waits for it (:attr:`Staged.behind_earlier`). None: none
    behind: int | None

    def __init__(self, seen: frozenset[object], used: frozenset[str], since: int | None = None, spent: str = "",
                 segment: int = 0, base: Hashable = 0, start: TableState | None = None, opened: tuple[str, ...] = (),
                 apart: frozenset[tuple[int, Seat]] = frozenset(), behind: int | None = None) -> None:
        self.seen = seen
        self.used = used
        self.since = since
        self.spent = spent
        self.segment = segment
        self.base = base
        self.start = start
        self.opened = opened
        self.apart = apart
        self.behind = behind

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Reopen) or other.__class__ is not self.__class__:
            return NotImplemented
        # (tuples of objects: compiled, a tuple of declared types may be compared wrongly, as Node's was)
        mine: tuple[object, ...] = (self.seen, self.used, self.since, self.spent, self.segment, self.base, self.behind)
        theirs: tuple[object, ...] = (other.seen, other.used, other.since, other.spent, other.segment, other.base, other.behind)
        return mine == theirs

    def __hash__(self) -> int:
        return hash((self.seen, self.used, self.since, self.spent, self.segment, self.base, self.behind))

    def __repr__(self) -> str:
        return (f"{self.__class__.__qualname__}(seen={self.seen!r}, used={self.used!r}, since={self.since!r}, "
                f"spent={self.spent!r}, segment={self.segment!r}, base={self.base!r}, start={self.start!r}, "
                f"opened={self.opened!r}, apart={self.apart!r}, behind={self.behind!r})")


@dataclass(frozen=True, slots=True)
class Staged:
    """A task a rule leaves on its agenda for a stage of its own: ruled after the reopening
    that ends the stage it was made in, in record order among what that reopening finds
    (:meth:`Composition._settle`). The designation rules meet dummy's misplays (45D) while
    they place the record's later plays; a misplay is ruled where it happened, so an
    irregularity the designation's ruling reveals before it (a lead out of turn by the
    former winner of a trick the change gave to another player, 53-56) is ruled first, and
    the misplay on the table that ruling leaves. So too a player's option over a card of a
    trick that the opening it was made in took ahead of a correction of an earlier trick
    made when attention is drawn (an opponent's change after cards played together, 58B3,
    ruled with the penalty cards that took effect at once, ahead of 47D after a change of
    designation refused): it waits until that correction has settled, and is ruled on the
    table it leaves (:attr:`behind_earlier`)."""

    task: Object
    #: the rule family that rules it (as an opener's name)
    family: str
    #: where it begins in the record, as keys like ``Opening.handled``
    at: tuple[object, ...]
    #: the trick it concerns (the ruling's focus)
    trick: int | None = None
    #: the cards it rules on, as (trick, seat, card), when it is a right over cards standing
    #: on the table: where the rulings before it took every one of them off (a substitute
    #: played in its place on an earlier trick, a trick sent back, 44G), there is nothing
    #: left to rule and the task is dropped (empty: always ruled)
    stands: tuple[tuple[int, Seat, Card], ...] = ()
    #: it waits only where the opening it was made in was ruled ahead of one that begins
    #: earlier in the record, of a trick before :attr:`trick` (``Reopen.behind``); elsewhere
    #: it is ruled in its place, where the rule left it (False: it always waits for the
    #: reopening)
    behind_earlier: bool = False


#: the tasks the engine itself settles at the head of an agenda (:meth:`Composition._settle`)
ENGINE_TASKS = (Reopen, Staged, CorrectionMade, WhenLed, IfWaiting, Holds, Ruled)


def _claims_held(claimed: tuple[tuple[str, frozenset[object]], ...], names: frozenset[str], found: list[_Found],
                 seen: frozenset[object]) -> tuple[tuple[str, frozenset[object]], ...] | None:
    """What a later part's openings claimed (``claimed``: read on the first restoration played
    into the part) that still holds on a path's table, where the openers ``names`` looked again
    and found ``found``: an opener that looked again keeps only what it claims there (and what
    the path ruled already). None when every claim holds."""
    now: dict[str, frozenset[object]] = {}
    for f in found:
        now[f.name] = now.get(f.name, frozenset()) | f.keys
    kept: list[tuple[str, frozenset[object]]] = []
    changed = False
    for name, keys in claimed:
        if name in names:
            held = frozenset(k for k in keys if k in seen or k in now.get(name, ()))
            if held != keys:
                changed = True
                keys = held
        kept.append((name, keys))
    return tuple(kept) if changed else None


def _with_ruled(node: Node) -> Node:
    """``node``, whose agenda begins with a :class:`Ruled` task, without it, its keys counted
    as ruled by the first :class:`Reopen` after it (none: nothing is reopened on this agenda)."""
    agenda = node.agenda
    head = agenda[0]
    assert isinstance(head, Ruled)
    k = next((i for i, t in enumerate(agenda) if isinstance(t, Reopen)), None)
    if k is None:
        return node.evolve(agenda=agenda[1:])
    task = agenda[k]
    assert isinstance(task, Reopen)
    if head.keys <= task.seen:
        return node.evolve(agenda=agenda[1:])
    again = Reopen(task.seen | head.keys, task.used, task.since, task.spent, task.segment, task.base, task.start,
                   task.opened, task.apart, task.behind)
    return node.evolve(agenda=(*agenda[1:k], again, *agenda[k + 1:]))


class _Found:
    """An opening an opener found, with what locates it (written out as
    ``@dataclass(unsafe_hash=True, slots=True)`` would write it, so that a compiled build makes
    it a native class)."""

    __slots__ = ("at", "explained", "keys", "name", "opening", "priority")
    __match_args__: ClassVar[tuple[str, ...]] = ("name", "opening", "keys", "at", "priority", "explained")

    name: str
    opening: Opening
    keys: frozenset[object]
    at: frozenset[object]  # the keys that locate it in the record
    priority: int
    explained: frozenset[object]  # (Opening.explains)

    def __init__(self, name: str, opening: Opening, keys: frozenset[object], at: frozenset[object], priority: int,
                 explained: frozenset[object] = frozenset()) -> None:
        self.name = name
        self.opening = opening
        self.keys = keys
        self.at = at
        self.priority = priority
        self.explained = explained

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _Found) or other.__class__ is not self.__class__:
            return NotImplemented
        # (tuples of objects: compiled, a tuple of declared types may be compared wrongly, as Node's was)
        mine: tuple[object, ...] = (self.name, self.opening, self.keys, self.at, self.priority, self.explained)
        theirs: tuple[object, ...] = (other.name, other.opening, other.keys, other.at, other.priority, other.explained)
        return mine == theirs

    def __hash__(self) -> int:
        return hash((self.name, self.opening, self.keys, self.at, self.priority, self.explained))

    def __repr__(self) -> str:
        return (f"{self.__class__.__qualname__}(name={self.name!r}, opening={self.opening!r}, keys={self.keys!r}, "
                f"at={self.at!r}, priority={self.priority!r}, explained={self.explained!r})")


#: the lines after ``attention`` that record a player's choice for the engine to settle
#: (:meth:`Composition._recorded_choices`): a substitute played, a changed designation, a
#: ``chooses`` line
RECORDED_LINES = (Play, ChangeDesignation, Chooses)


@dataclass(frozen=True, slots=True)
class RecordedChoice:
    """A line after ``attention`` that records what a player chose at the table, with the
    step choices (normalised) it stands for."""

    event: Object
    seat: Seat
    forms: frozenset[str]
    line: int | None


@dataclass(frozen=True, slots=True)
class Answer:
    """Lines after ``attention`` that state what a player chose at a decision a rule may
    offer only on a table a ruling leaves, as the rule family that knows them reads them
    (:meth:`RuleBook.answers`: declarer's 50D2/51B choice at a lead, ``S requires H``, ``S
    forbids S`` with ``S forbids H``, ``S chooses no restriction``). The engine settles with
    it the first decision of that player on a path that offers its ``choice`` under one of
    its ``clauses``, whichever rule offers that decision, and counts its lines ruled on that
    path (``Reopen.seen``), so that the family's opener, run again there, finds them ruled
    (:meth:`Composition._answered`)."""

    seat: Seat
    #: the step choice it names (as :func:`normal_choice` spells it)
    choice: str
    #: the clauses of the steps of the decision it answers (this edition's ids)
    clauses: frozenset[str]
    #: the record lines (events) that state it
    lines: tuple[Object, ...]


def _shaped(found: Iterable[_Found]) -> frozenset[object]:
    """The plays out of turn the openings ``found`` explain by the shape of their trick (a
    card missing from it or one too many: ``Opening.explains``): every card of the seat
    there, not one."""
    return frozenset().union(*(f.explained for f in found))


def _names_card(event: object, card: Card) -> bool:
    """Whether a record line plays or calls for ``card``."""
    if isinstance(event, Play):
        return event.card == card
    return isinstance(event, Call) and event.what.card == card


def _first_of_two_at_turn(table: TableState) -> frozenset[tuple[int, Seat, Card]]:
    """The first card of each seat with two or more cards in one trick of ``table`` that he
    played at his turn: the trick led by the seat due to lead it (44G) and every card before
    his in rotation from it. His play out of turn there begins with his next card (a seat is
    never in turn twice in a trick)."""
    found: list[tuple[int, Seat, Card]] = []
    for trick_no, seat, _ in table.out_of_turn:
        t = table.trick(trick_no)
        if t is None:
            continue
        seats = [s for s, _ in t.plays]
        if seats.count(seat) < 2 or seats[0] is not table.proper_leader(trick_no):
            continue
        i = seats.index(seat)
        if all(seats[k + 1] is seats[k].lho for k in range(i)):
            found.append((trick_no, seat, t.plays[i][1]))
    return frozenset(found)


def _second_card_unruled(trick_no: int, seat: Seat, mine: list[Card], line: int | None) -> Notice:
    """A seat's second card in a trick, put there after other players' cards that followed
    his lead out of turn (a lead to the next trick before this one ended): the ruling of his
    lead does not rule it, and it is said (a record that can have happened)."""
    return Notice(line, f"{seat} put {mine[1]} on trick {trick_no} after his lead of {mine[0]} out of turn and other "
                        "players' cards: not yet ruled on", "not_ruled")


def _still_stands(pending: Staged, table: TableState) -> bool:
    """Whether a card ``pending`` rules on still stands on ``table`` where the record put it
    (:attr:`Staged.stands`; True when it names none)."""
    if not pending.stands:
        return True
    for number, seat, card in pending.stands:
        trick = table.trick(number)
        if trick is not None and trick.card_of(seat) == card:
            return True
    return False


def _after_reopening(node: Node) -> Node:
    """``node``, whose agenda begins with a :class:`Staged` task, with that task moved to
    just after the agenda's first :class:`Reopen` (the end of the stage it was made in);
    with no reopening on the agenda, or none it waits for (:attr:`Staged.behind_earlier`),
    the task itself in its place (dropped where nothing it
    rules on stands, :func:`_still_stands`)."""
    agenda = node.agenda
    head = agenda[0]
    assert isinstance(head, Staged)
    k = next((i for i, t in enumerate(agenda) if isinstance(t, Reopen)), None)
    if k is not None and head.behind_earlier:
        reopen = agenda[k]
        assert isinstance(reopen, Reopen)
        if reopen.behind is None or head.trick is None or reopen.behind >= head.trick:
            k = None  # (nothing of an earlier trick waits: ruled in its place)
    if k is None:
        return node.evolve(agenda=(head.task, *agenda[1:]) if _still_stands(head, node.table) else agenda[1:])
    return node.evolve(agenda=(*agenda[1 : k + 1], head, *agenda[k + 1 :]))


def _lead_at(base: Restoration) -> tuple[Seat | None, Trick | None]:
    """:attr:`Restoration.lead` of ``base`` (a :class:`_Kept` restoration) and the trick whose
    winner he is, where cards put in place there by restorations built from it change who
    leads (None: none does, the lead being another's or nobody's). Read once (kept in its
    ``__dict__``)."""
    d = base.__dict__
    known: tuple[Seat | None, Trick | None] | None = d.get("_lead_at")
    if known is None:
        node = base.node
        focus = node.focus
        last = None
        if focus is not None and not node.played_out:
            for t in node.table.tricks:
                if t.number >= focus:
                    if not t.is_complete:
                        break
                    last = t
        known = d["_lead_at"] = (base.lead, None) if last is None or last.number == 13 else (last.winner(node.table.trumps), last)
    return known


def _may_lead_built(base: Restoration, last: Trick, leader: Seat | None, active: list[_Replicate], seats: list[Seat]) -> list[Seat]:
    """Those of ``seats`` (none of them ``leader``, the next leader on ``base``, a
    :class:`_Kept` restoration, as the winner of ``last``, the trick whose winner leads) who
    may lead next on a restoration built from it (:func:`_lead_built`): the groups that build
    from it are those whose child's ruling it was made in (``active``), each putting one of
    its substitutes in place of its seat's card. A player may win that trick only where a
    group changes his card or the winner's there (the winner's card, kept, beats his), and
    unless another's card there beats every card he may have in it, whatever each holds
    (44E, 44F: a trump over the suit led over any other card, then by rank; a card of
    neither wins nothing). All of ``seats`` where the card led may change."""
    number = last.number
    short = last.short
    plays = last.plays
    led_seat, led = plays[0] if plays[0][0] is not short else plays[1]
    groups: list[_Replicate] = []
    changed: set[Seat] = set()
    for a in active:
        group = a.group
        if group.trick == number:
            if group.seat is led_seat:
                return seats
            groups.append(a)
            changed.add(group.seat)
    if not groups:
        return []
    led_suit = led >> 4
    trumps = base.node.table.trumps
    trump = trumps.order if trumps is not None else -1
    found: list[Seat] = []
    spans: dict[Seat, tuple[int, int]] | None = None
    for seat in seats:
        if seat is short or (seat not in changed and leader not in changed):
            continue
        if spans is None:
            # the weakest and strongest card each seat's groups may put in place (_Replicate.span)
            spans = {}
            for a in groups:
                span = a.span
                if span[0] != led_suit or span[1] != trump:
                    span = a.span = _span(a.group.subs, led_suit, trump)
                who = a.group.seat
                was = spans.get(who)
                spans[who] = (span[2], span[3]) if was is None else (min(was[0], span[2]), max(was[1], span[3]))
        high = 0
        for s, card in plays:
            if s is seat:
                # (card_strength, inline)
                high = 64 + (card & 15) if card >> 4 == trump else 32 + (card & 15) if card >> 4 == led_suit else 0
                break
        else:
            continue  # (no card of his in the trick)
        mine = spans.get(seat)
        if mine is not None and mine[1] > high:
            high = mine[1]
        if not high:
            continue  # (none of his cards can win it)
        for s, card in plays:
            if s is seat or s is short:
                continue
            low = 64 + (card & 15) if card >> 4 == trump else 32 + (card & 15) if card >> 4 == led_suit else 0
            theirs = spans.get(s)
            if theirs is not None and theirs[0] < low:
                low = theirs[0]
            if low > high:
                break
        else:
            found.append(seat)
    return found


def _span(cards: tuple[Card, ...], led_suit: int, trump: int) -> tuple[int, int, int, int]:
    """:attr:`_Replicate.span` of a group's substitutes ``cards`` in a trick whose suit led
    and trump suit are those given (suit orders; -1: no trumps): those two, then the least
    and the greatest of their strengths there (:func:`card_strength`)."""
    low, high = 99, -1
    for c in cards:
        x = 64 + (c & 15) if c >> 4 == trump else 32 + (c & 15) if c >> 4 == led_suit else 0
        if x < low:
            low = x
        if x > high:
            high = x
    return led_suit, trump, low, high


def _lead_built(base: Restoration, leaf: Restoration) -> Seat | None:
    """:attr:`Restoration.lead` of ``leaf``, ``base`` (a :class:`_Kept` restoration) or a
    restoration built from it with cards put in place (:class:`_Derived`), without building
    its table: the winner of the trick whose winner leads, with the cards changed there.
    ``base``'s is read once (:func:`_lead_at`)."""
    lead, last = _lead_at(base)
    if lead is None or last is None or leaf is base:
        return lead
    number = last.number
    cards: dict[Seat, Card] | None = None
    step = leaf
    while type(step) is _Derived:
        n, seat, card = step._swap.change
        if n == number:
            if cards is None:
                cards = {}
            cards.setdefault(seat, card)  # (the latest change of a seat's card stands)
        step = step._source
    if cards is None:
        return lead
    # (Trick.winner on the trick with those cards, read in place: the trick is complete, and
    # a defective trick's short seat does not count, 67B1)
    trumps = base.node.table.trumps
    trump = trumps.order if trumps is not None else -1
    short = last.short
    best_seat: Seat | None = None
    best = best_suit = -1
    for seat, card in last.plays:
        if seat is short:
            continue
        code = cards.get(seat, card)
        suit = code >> 4
        # (the first card; a higher card of the best card's suit; a trump over another suit)
        if best_seat is None or (code > best if suit == best_suit else suit == trump):
            best_seat, best, best_suit = seat, code, suit
    return best_seat


def _with_seen(node: Node, keys: frozenset[object]) -> Node:
    """``node`` with ``keys`` added to what the first :class:`Reopen` of its agenda has seen
    (ruled on this path: :meth:`Composition._answered`)."""
    for i, task in enumerate(node.agenda):
        if isinstance(task, Reopen):
            again = Reopen(task.seen | keys, task.used, task.since, task.spent, task.segment, task.base, task.start,
                           task.opened, task.apart, task.behind)
            return node.evolve(agenda=(*node.agenda[:i], again, *node.agenda[i + 1:]))
    return node


def _staged_found(pending: Staged, table: TableState) -> _Found:
    """A :class:`Staged` task as an opening found on ``table``, to be ordered with the
    others found there (ahead of them where it begins at the same place, as the opener of
    its family is, being the more specific)."""
    keys = frozenset(handled_key(h) for h in pending.at)
    opening = Opening(Node(table, (pending.task,), focus=pending.trick), handled=pending.at)
    return _Found(pending.family, opening, keys, keys, -1)


def _with_card_moved_in(before: TableState, child: Node) -> Node:
    """``child`` (a node a rule derived from one on the table ``before``), its play out of
    turn ready to be ruled again where the rule took a player's card off a trick and his
    lead to the next trick, the last, became his card to that trick
    (``TableState.replace_card``: a player leads to the next trick only after playing to
    this one, 44B): placed out of rotation there, it is a play out of turn of its own (57A,
    57C3, 57D), named by the same trick and seat as the card taken off, which a ruling may
    have ruled already. Otherwise ``child`` as it is."""
    after = child.table
    if after is before or not after.out_of_turn:  # (no play out of turn: none to rule again)
        return child
    led = _lead_now_out_of_turn(before, after)
    if led is not None:
        return _seen_again(child, led)
    if len(after.tricks) > len(before.tricks) or len(before.tricks) < 2 or not before.tricks[-1].plays:
        return child
    seat, card = before.tricks[-1].plays[0]
    number = before.tricks[-1].number - 1
    moved = after.trick(number)
    entry = after.played_out_of_turn(number, seat, card)
    if moved is None or (seat, card) not in moved.plays or entry is None:
        return child
    if (nxt := after.trick(number + 1)) is not None and nxt.plays and nxt.plays[0] == (seat, card):
        return child
    ahead = {s for s, _ in moved.plays[: moved.plays.index((seat, card))]}
    if next(s for s in (moved.leader.next(1), moved.leader.next(2), moved.leader.next(3), seat) if s not in ahead) is seat:
        return child  # (placed at his turn: no play out of turn)
    return _seen_again(child, entry)


def _lead_now_out_of_turn(before: TableState, after: TableState) -> OutOfTurn | None:
    """The trick and seat of a card that a rule's change (``before`` to ``after``) made the
    lead of its trick, out of turn, where it was a play to the trick before (the lead taken
    back with nothing in its place, ``TableState.replace_card``): a lead now, it is ruled as
    a lead out of turn (53, 54, 54E, 55, 56) though an earlier card of its player on the
    same trick, named by the same trick and seat, was ruled already. None otherwise."""
    for t in after.tricks:
        if not t.plays or (entry := after.played_out_of_turn(t.number, t.leader, t.plays[0][1])) is None:
            continue
        was = before.trick(t.number)
        if was is None or not was.plays or was.plays[0][0] is t.leader:
            continue
        if t.plays[0] in was.plays and t.leader is not after.proper_leader(t.number):
            return entry
    return None


def _seen_again(child: Node, key: OutOfTurn) -> Node:
    """``child`` with the play out of turn ``key`` (its entry) to be ruled again by the
    reopening on its agenda, where an earlier ruling saw it, and by every opener, those
    already opened on this path too (the family that rules plays out of turn may have said
    it had no more before the rule made this one)."""
    k = next((k for k, t in enumerate(child.agenda) if isinstance(t, Reopen)), None)
    if k is None:
        return child
    task = child.agenda[k]
    assert isinstance(task, Reopen)
    if key not in task.seen and not task.used:
        return child
    again = Reopen(task.seen - {key}, frozenset(), task.since, "", task.segment, task.base, task.start,
                   task.opened, task.apart, task.behind)
    return child.evolve(agenda=(*child.agenda[:k], again, *child.agenda[k + 1:]))


def handled_key(item: object) -> object:
    """The key of an item of ``Opening.handled``: a tuple as it is (a play out of turn, a
    card standing), a record line by identity (see ``Replay.is_ruled``)."""
    return item if isinstance(item, tuple) else ("line", id(item))


def normal_choice(text: str) -> str:
    """A step's choice or a recorded line's words in one spelling: lower case, single spaces,
    cards written as ``Card`` prints them (``change to S10`` = ``change to ST``)."""
    words = []
    for w in text.lower().split():
        try:
            words.append(str(Card.parse(w)).lower() if len(w) >= 2 else w)
        except RulingError:
            words.append(w)
    return " ".join(words)


def _settled_by_another_line(step: Step, line: object) -> bool:
    """Whether ``step`` is a decision a rule settled with a line of the record other than
    ``line`` (its text ends "(recorded: <lines>)": declarer's ``S leaves`` said before a lead):
    a recorded line after attention naming the same course answers a later decision, not
    this one."""
    if not step.recorded:
        return False
    at = step.text.rfind(_RECORDED)
    return at >= 0 and str(line) not in step.text[at + len(_RECORDED):-1].split("; ")


def actor_seats(actor: str) -> frozenset[Seat]:
    """The seats a step's actor stands for: ``"S (for dummy N)"`` is S and N; ``"TD"`` none."""
    seats = set()
    for token in actor.replace("(", " ").replace(")", " ").split():
        if len(token) == 1 and token.upper() in "NESW":
            seats.add(Seat.parse(token))
    return frozenset(seats)


def _line_card_played_before(table: TableState, replay: Replay) -> tuple[int | None, str] | None:
    """A line of the part ``replay`` (played on from ``table``, a restoration of the parts
    before it) that the restoration leaves no player able to say: a card put down that the
    replay does not place (cards played together, a fifth card) or a card exposed, whose
    card ``table`` has its player play on a trick before the part began: the line and why
    (None when there is none). The part cannot be played on from ``table``: a player puts
    down or exposes only a card he holds."""
    unapplied = {id(e) for e in replay.unapplied}
    for e in replay.before:
        if id(e) not in unapplied or not isinstance(e, (Simultaneous, FifthCard, Expose)):
            continue
        cards = e.cards if isinstance(e, Simultaneous) else (e.card,)
        for c in cards:
            trick = next((t for t in table.tricks if (e.seat, c) in t.plays), None)
            if trick is not None:
                return e.line, (f"{e.seat} {'exposes' if isinstance(e, Expose) else 'puts down'} {c} ('{e}'), which the "
                                f"ruling has him play to trick {trick.number} before 'resume'")
    return None


def _premature_cards_stand(trick: Trick, declaring: Side) -> bool:
    """Whether every card of ``trick`` put down before a seat due before it in rotation from
    the leader is one that may stand there as played: declarer's or dummy's (57C3), or a
    defender's once declarer has played from both hands to the trick (57C1)."""
    played: list[Seat] = []
    declaring_played = 0
    for seat, _ in trick.plays:
        due = trick.leader
        while due in played and due is not seat:
            due = due.lho
        if due is not seat and seat.side is not declaring and declaring_played < 2:
            return False
        played.append(seat)
        if seat.side is declaring:
            declaring_played += 1
    return True


def _cut_at_error(book: RuleBook, start: TableState, lines: Sequence[AnyEvent], err: IllegalActionError,
                  file: str | None) -> tuple[Replay, int] | None:
    """The part ``lines`` (played from ``start``) up to the line ``err`` names, replayed, and
    the cut :func:`_cut_before` finds there; None when the error names no line of the part or
    no cut explains it (the error stands)."""
    at = next((i for i, e in enumerate(lines) if err.line is not None and getattr(e, "line", None) == err.line), None)
    if at is None:
        return None
    head = replay_events(start, lines[:at], file=file)
    cut = _cut_before(book, head, lines[at])
    return None if cut is None else (head, cut)


def _cut_before(book: RuleBook, head: Replay, line: AnyEvent) -> int | None:
    """Where a part of the record is cut (``RuleBook.played_on_from``) when its ``line``, a
    card the part as played whole cannot place, follows ``head`` (the part up to it,
    replayed): a cut in ``head`` with a line after it there, or one the line itself shows
    (a card led again right after declarer's 50D2 choice: the table took the lead made
    before it back and played on from the choice). The line is read as one the table did
    not apply. None: no cut, the card is an error."""
    cut = book.played_on_from(head)
    if cut is not None and cut + 1 < len(head.before):
        return cut
    total = sum(len(t.plays) for t in head.table.tricks)
    seen = Replay.of(head.table, head.attention, (*head.before, line), head.after, (*head.unapplied, line),
                     (*head.applied_before, total), None, head.start, head.placeholders, head.designated)
    cut = book.played_on_from(seen)
    return cut if cut is not None and cut + 1 == len(head.before) else None


class Composition:
    """The ruling graph of a whole record: every irregularity in the order it happened.

    The earliest irregularity any rule family finds is opened first. When its
    rectification is complete (its agenda empty) the engine opens the next one on the table
    as that rectification left it: penalty cards, withdrawn cards, the information ledger,
    lead restrictions and findings travel in the node, so a later irregularity is ruled with
    every obligation still in force. What an earlier family ruled on (its ``handled`` keys)
    is not ruled again; a family that finds nothing new is passed over. Where two families
    rule the same event, the rule set's priority order decides which one does.

    Choices recorded after ``attention`` (a substitute played, ``keeps``, ``changes to``,
    ``chooses ...``) settle the branch they answer: at each decision of a player, the next
    recorded line of that player must be one of the choices the rule offers.
    """

    def __init__(self, case: Case, book: RuleBook) -> None:
        self.case = case
        self.book = book
        # (first_cut: the cut of the first part found on a replay of it up to a card the
        # record as played whole cannot place; None: found, if any, on the whole part)
        replay, first_cut = self._first_replay(case, book)
        self.replay: Replay = replay
        #: whether the record has a line that may state declarer's choice (a rule, or the
        #: engine's recorded answers, marks the step it settles ``recorded``); and declarer's
        #: choices so settled, as listed with :attr:`choices`, in the order first met
        self._states_choices = Choice in case.line_kinds or Chooses in case.line_kinds
        self._recorded_said: dict[str, str] = {}
        #: the record cut at its ``resume`` lines; each later part is played on from each
        #: restoration of the parts before it
        self._segments = case.segments
        #: where each part begins in the record (the index of its first line in ``case.events``)
        self._part_starts: tuple[int, ...] = (tuple(sum(len(s) + 1 for s in self._segments[:k]) for k in range(len(self._segments)))
                                              if len(self._segments) > 1 else (0,))
        #: the line of the first part after which the table played on from a choice ruled
        #: there, before attention (54A: declarer spread his hand): the first part is cut
        #: after it, and the rest played on from each restoration of its ruling, as after a
        #: ``resume`` line (its index in the first part; None: no such line)
        self._cut = first_cut if first_cut is not None else book.played_on_from(self.replay)
        if self._cut is not None:
            first = self._segments[0]
            self._segments = (first[: self._cut + 1], first[self._cut + 1 :], *self._segments[1:])
            self._part_starts = (0, self._cut + 1, *self._part_starts[1:])
            self.replay = replay_events(case.initial_state(), self._segments[0], file=case.file).cut_here()
        self._segment_replays: dict[Part, Replay] = {(0, 0): self.replay}
        #: the cards played out of turn in the record up to each later part, each part played
        #: on from the table as it stood (:meth:`_out_of_turn_as_played`)
        self._as_played: dict[int, frozenset[OutOfTurn] | None] = {}
        #: the fifth cards (45E) of the record's first part, as cut: a path that leaves one on no
        #: trick found it not led (:meth:`_fifth_card_off_the_table`); one whose findings hold
        #: ``FIFTH_CARD_LED`` found it led
        self._first_part_fifths = tuple(e.card for e in self._segments[0] if isinstance(e, FifthCard))
        #: the cards that lead a trick of the record's first part as played (the table played
        #: on from each as that trick's lead: :meth:`_lead_played_on_taken_back`)
        self._first_part_leads = frozenset(t.plays[0] for t in self.replay.table.tricks if t.plays)
        #: the later parts looked at for such a line (:meth:`_cut_part`, on their first replay)
        self._looked_for_cut: set[int] = set()

        try:
            found = self._candidates(self.replay, frozenset(), None)
        except RulingError as err:  # an opener found bad input in the record: name the file
            raise err.located(file=case.file) from None
        #: the openers a rectified table is opened with: those that found something in the
        #: record (each once on a path), and those that read only the table and said they
        #: have more to rule (again after each of their rulings)
        self._segment_names: dict[Part, frozenset[str]] = {(0, 0): frozenset(f.name for f in found)}
        ruled: set[object] = set()
        for f in found:
            ruled |= f.keys | f.explained if f.explained else f.keys
        #: what the openings of each part of the record claimed (each replay of it), by opener:
        #: an opener run again there passes over what the others claimed (``Replay.claimed``)
        self._claims: dict[Part, dict[str, frozenset[object]]] = {(0, 0): self._claimed(found)}
        #: each part's replay, with those claims, that a reopening reads around a rectified table
        self._reopen_records: dict[Part, Replay] = {}
        #: what an opening leaves to its family's opener run again later (``Opening.later``)
        later: set[object] = set()
        for f in found:
            if f.opening.later:
                later.update(k for h in f.opening.later if (k := handled_key(h)) not in ruled)
        #: (trick, seat) of each seat's second card in a trick that the record's first part
        #: put there and that is said rather than refused (after his lead out of turn and other
        #: players' cards); those of a later part are the path's (``Reopen.apart``)
        self._apart: set[tuple[int, Seat]] = set()
        #: the notices of those second cards (of every part), each said only when some path
        #: ends with both of the seat's cards still in the trick (:meth:`_apart_met`): a ruling
        #: that took his lead back (refused, 53B, 54E ...) left the second card his only one
        self._apart_said: dict[tuple[int, Seat], Notice] = {}
        #: what the closing says of a restoration whose ruling leaves a revoke established
        #: (``Opening.of_established``), and the texts it said of those enumerated, in order
        self._of_established: Callable[[Node], str | None] | None = None
        self._said_of_established: dict[tuple[TableState, tuple[str, ...]], str | None] = {}
        #: of those, the ones some path ended leaving with both cards in the trick
        self._apart_left: set[tuple[int, Seat]] = set()
        #: for each trick a correcting opening pauses at (``Opening.pauses``): the keys of the
        #: openings found waiting for that pause (``Opening.leads``), and the openers that found them
        self._waiting: dict[int, frozenset[object]] = {}
        self._waiting_names: frozenset[str] = frozenset()
        apart = self._refuse_impossible(ruled | later if later else ruled, _shaped(found))
        # what follows every rectification (the count after play): run last on each path; a
        # record played on in parts is counted at the end of its last part (_resume)
        closings = self.book.closings(self.replay) if len(self._segments) == 1 else []
        for c in closings:
            ruled |= {handled_key(h) for h in c.handled}
            if c.of_established is not None:
                self._of_established = c.of_established
        self.recorded = self._recorded_choices(self.replay, ruled)
        self._recorded_by: dict[int, tuple[RecordedChoice, ...]] = {0: self.recorded}
        #: for each part of the record, the choices its lines after attention state that a
        #: rule family reads (:meth:`RuleBook.answers`), for the first decision on a path that
        #: offers them, whichever rule offers it (:meth:`_answered`)
        self._answers_by: dict[int, tuple[Answer, ...]] = {0: self._part_answers(self.replay, self.recorded)}
        self._settled_parts = {}
        self._watching = []
        self._blind_parts = {}
        self._later_cards = {}
        #: (part, place among its recorded choices) of a recorded choice that met a decision of
        #: its player with a single course (the step): refused if no path settles it
        self._barred: dict[tuple[int, int], Step] = {}
        #: (part, place among its recorded choices) of a recorded choice that a path took out of
        #: its order: the single course a rule left at a decision of its player, the rule having
        #: read that line itself (declarer's 50D2 choice, on the path where a fifth card is
        #: played to its trick, after his acceptance of the lead recorded for the other path)
        self._taken: set[tuple[int, int]] = set()
        #: for each later part of the record, why a restoration could not be played on into it
        #: (the first such error): said when no restoration can (restorations)
        self._dropped: dict[int, tuple[int | None, str]] = {}
        #: restorations the record went on from that no rule could play on into a later part
        #: (a seat's second card in a trick that no irregularity explains there): each said
        #: when other restorations stand (restorations), so that no path is left out unsaid
        self._unread: list[Notice] = []
        #: what the paths ruled by the end of each later part of the record (keys, all paths)
        self._part_seen: dict[int, set[object]] = {}
        #: what the openings of each later part of the record rule on (keys)
        self._part_ruled: dict[Part, frozenset[object]] = {}
        #: the plays out of turn the openings of each later part explain by their trick's shape
        self._part_shaped: dict[Part, frozenset[object]] = {}
        #: for each later part, the openers that read its lines (whose lines it holds) and
        #: those with a table test, not reopenable (_may_find_on)
        self._part_openers: dict[Part, tuple[frozenset[str], tuple[tuple[str, Callable[[TableState], bool]], ...]]] = {}
        #: the order of each later part's plays in the record (_orders_of_part)
        self._part_orders: dict[Part, tuple[dict[object, int], dict[object, int]]] = {}
        #: whether a part of the record read so far records a choice (each part is read before
        #: any node of it exists, so none recorded means none for every node so far)
        self._some_recorded = bool(self.recorded) or bool(self._answers_by[0])
        if self.recorded:
            ruled |= {handled_key(r.event) for r in self.recorded}
        ordered = sorted(found, key=self._order_keys(found, self.replay.table)) if len(found) > 1 else found
        self._listed: tuple[str, ...] = (ordered[0].opening.irregularities if len(ordered) == 1
                                         else tuple(i for f in ordered for i in f.opening.irregularities))
        #: the texts of ``_listed`` and ``_found_later`` that are choices stated at the table
        #: (``Opening.choice``): listed as :attr:`choices`, not as irregularities
        self._choice_texts: set[str] = {i for f in ordered if f.opening.choice for i in f.opening.irregularities}
        #: the texts of ``_listed`` and ``_found_later`` that are lead options due
        #: (``Opening.due``): listed as :attr:`options_due`, not as irregularities
        self._due_texts: set[str] = {i for f in ordered if f.opening.due for i in f.opening.irregularities}
        #: irregularities a rule family found only on a rectified table, on some path (the card
        #: a player named of two played together is a revoke; a lead breaks a restriction
        #: declarer imposed): filled while the ruling is enumerated, in the order first met
        self._found_later: dict[str, None] = {}
        self._left_due = {}
        self._left_met = set()
        #: the irregularities the rulings of some path that ended opened (``Reopen.opened``):
        #: once every path is enumerated, ``irregularities`` and ``found_later`` keep only
        #: these (:meth:`_keep_what_happened`)
        self._happened: set[str] = set()
        self._opened_last: tuple[str, ...] | None = None
        #: the irregularities the record as played shows that no path has yet met: those of
        #: the openings of the record but the one ruled first (:meth:`_met_on`)
        self._unmet: set[str] = {i for f in ordered[1:] for i in f.opening.irregularities} - set(ordered[0].opening.irregularities) if (
            len(ordered) > 1) else set()
        #: irregularities the record shows that no path's rulings met (a revoke the card a
        #: ruling put in its place took away): said once every path is enumerated
        self.not_met: tuple[str, ...] = ()
        #: the opening of each irregularity (of ``irregularities`` and ``found_later``) and the
        #: part of the record it was found in: its line is read when asked for
        #: (:attr:`irregularity_lines`)
        self._irregularity_at: dict[str, tuple[_Found, Part]] = {
            irr: (f, (0, 0)) for f in ordered for irr in f.opening.irregularities}
        done = ruled | later if later else ruled
        #: the plays out of turn of the record's first part that no opening of the record
        #: rules (said "not yet ruled on"), with their notices: one that a ruling on a
        #: rectified table rules on some path, and that no path ends leaving out of turn and
        #: unruled, is not said after all (a lead that is out of turn only as the table saw
        #: the trick before it won: each path rules it as its own table has it, 44G, 53-56;
        #: or one out of turn only as the replay read it without a card a ruling put in place,
        #: a fifth card found led, which a path's rulings leave in turn)
        self._unruled_plays: dict[OutOfTurn, Notice] = {}
        #: of those, the ones some path ruled, and the ones some path ended leaving unruled
        self._plays_ruled: set[OutOfTurn] = set()
        self._plays_left: set[OutOfTurn] = set()
        notices = self._unruled(done, bool(found))
        #: the lines of the first part said "not yet ruled on" (keys): one a ruling on a
        #: rectified table rules on some path is not said after all (_take_back_ruled_lines)
        lines = (*self.replay.unapplied, *self.replay.after)
        unruled = [e for e in lines if not isinstance(e, Attention) and handled_key(e) not in done] if lines else []
        self._unruled_first = frozenset(handled_key(e) for e in unruled) if unruled else frozenset()
        #: for each part of the record, its lines (keys; the line, and whether it records a
        #: choice after attention) that an opening of the record claims but that a path rules
        #: only where that opening is found again on the table the rulings before it leave (a
        #: declarer's 50D2 choice claimed for a penalty card a ruling may make): one that no
        #: path rules is said once the paths are enumerated, as a line no opening claims is
        #: (:meth:`_report_unused_lines`)
        self._claimed_lines: dict[int, dict[object, tuple[object, bool]]] = {}
        #: of those lines of a later part, the irregularities the openings of that part that
        #: claim them state (by part and key): one no path's rulings opened, a ruling before
        #: it having taken it away, is said met on no path (``not_met``), as one of the first
        #: part is (:meth:`_report_unused_lines`)
        self._claimed_irregularities: dict[tuple[int, object], tuple[str, ...]] = {}
        if found and lines:
            self._watch_claims(0, self.replay, ordered[1:], later, ordered[0].keys | {handled_key(h) for c in closings for h in c.handled})
        #: the lines of the first part whose ruling on some path is watched (keys)
        self._watched_first = self._unruled_first | frozenset(self._claimed_lines.get(0, ())) if self._claimed_lines else self._unruled_first
        #: the notices of those that record a choice, a finding or misinformation: a ruling on a rectified
        #: table may read them (declarer's 57A option over a card a simultaneous play made
        #: premature, 58A), so they are known only once the ruling is enumerated (a text
        #: output that streams the restorations says them after them); so too a call of dummy's
        #: card the replay read as playing nothing where the card of a line it did not apply
        #: (cards played together, an exposed card, a fifth card) is missing from the table: a
        #: ruling that puts that card in place may leave the call a designation to rule
        shifts = bool(unruled) and any(isinstance(e, (Simultaneous, Expose, FifthCard)) for e in self.replay.unapplied)
        self.provisional = frozenset(_unruled_lines(self.replay, set(), (e,))[0] for e in unruled
                                     if found and (isinstance(e, (Choice, Chooses, DirectorFinds, Misinformed))
                                                   or (shifts and isinstance(e, Call)))) if unruled else frozenset()
        if found and self._unruled_plays:  # (so too a play out of turn a ruling may rule: _plays_met)
            self.provisional |= frozenset(self._unruled_plays.values())
        if self._apart_said:  # (and a second card a ruling of the lead before it may leave alone: _apart_met)
            self.provisional |= frozenset(self._apart_said.values())
        for o in (*(f.opening for f in found), *closings):
            notices += o.notices
        self.notices: tuple[Notice, ...] = tuple(dict.fromkeys((*notices, *apart)))
        # what the table held before the record's first line travels on every path: the
        # information of the penalty cards in force when play starts (50E, the case's
        # ``penalty`` field), as a rectification that makes a penalty card records it
        known = book.information_at_start(case.initial_state())
        start = Node(self.replay.table, tuple(t for c in closings for t in c.root.agenda) if closings else (), known)
        if not found:
            if len(self._segments) == 1:
                self.root = start
            else:
                # (nothing to rule in the first part: the next is played on from the table as
                # it stands; None when it cannot be, and then there is no restoration)
                root = self._settle(Node(self.replay.table, (Reopen(frozenset(), frozenset()),), known))
                self._dead_end = root is None
                self.root = root or start
        else:
            root = self._settle(self._stage(start, ordered[0], Reopen(frozenset(), frozenset()),
                                            behind=self._passed_over(ordered, ordered[0])))
            assert root is not None  # the first part of the record is the one replayed here
            self.root = root

    # ----- opening ---------------------------------------------------------------------------
    def _candidates(self, replay: Replay, seen: frozenset[object], names: frozenset[str] | None) -> list[_Found]:
        """The openings that rule something not yet ruled, in the rule set's priority order:
        an opening that would rule an event a prior one rules (or an earlier rectification
        ruled) is left out, the prior family ruling that event."""
        claimed: set[object] = set(seen)
        kept: list[_Found] = []
        keyless: list[_Found] = []
        openings = self.book.openings(replay, names)
        # what an opening explains (Opening.explains) is no irregularity of the record where
        # its ruling puts its card in place: an opening that rules only such things (a revoke
        # the table records only because a fifth card found led is missing from it) is left
        # out, whatever its priority; where the ruling leaves one, it is ruled there. An
        # opening this path has ruled already (its keys seen) explains nothing: the table is
        # the one its ruling left, and what is out of turn there is so as rectified
        explained_by = {handled_key(h): name for name, o in openings
                        if not (o.handled and seen.issuperset(handled_key(x) for x in o.handled))
                        for h in o.explains} if len(openings) > 1 else {}
        for priority, (name, opening) in enumerate(openings):
            if not opening.handled:
                # nothing in the record to point at (the 50D options at a lead while penalty
                # cards are in force): ruled only when nothing else in the record is
                if names is None:
                    keyless.append(_Found(name, opening, frozenset({("opener", name)}), frozenset(), priority))
                continue
            keys = frozenset([handled_key(h) for h in opening.handled])
            if keys & claimed:
                continue
            if explained_by and all(explained_by.get(k, name) != name for k in keys):
                continue
            claimed |= keys
            at = (frozenset([handled_key(h) for h in opening.located_by]) or keys) if opening.located_by else keys
            if opening.explains:
                explained = frozenset(handled_key(h) for h in opening.explains) - claimed
                claimed |= explained
                kept.append(_Found(name, opening, keys, at, priority, explained))
            else:
                kept.append(_Found(name, opening, keys, at, priority))
        return kept or keyless[:1]

    def _claimed(self, found: list[_Found]) -> dict[str, frozenset[object]]:
        """What each opening of the record claims, by opener: its keys, and the plays out of
        turn of the record no opening claims by key but placed by a line it rules on
        (dummy's second card to a trick, ruled with the misplay: the line is the opening's,
        the play out of turn with it)."""
        pairs = self.replay.table.out_of_turn
        if not pairs:
            return {f.name: f.keys for f in found}
        keyed: set[object] = set()
        for f in found:
            keyed |= f.keys
        # (a seat's second card in the trick: a card played out of turn only because it
        # came before another seat's turn is the leads rules' to rule, whoever placed it)
        table = self.replay.table
        # (one whose seat's other play out of turn there an opening keys is that opening's)
        seats = {(k[0], k[1]) for k in keyed if isinstance(k, tuple) and len(k) == 3 and isinstance(k[0], int)}
        left = [p for p in pairs if p not in keyed and p[:2] not in seats and (t := table.trick(p[0])) is not None
                and sum(1 for s, _ in t.plays if s is p[1]) > 1]
        claims: dict[str, frozenset[object]] = {}
        for f in found:
            keys = f.keys
            if left:
                extra = {p for p in left if self._placed_by_a_line_of(p, keys)}
                keys = keys | extra if extra else keys
            claims[f.name] = keys
        return claims

    def _earliest(self, found: list[_Found], table: TableState, part: Part = (0, 0)) -> _Found:
        """The opening whose irregularity begins first in the record (then by priority), an
        irregularity at a lead waiting for the corrections of the trick before it
        (:meth:`_order_keys`); ``table``: the table the openings were found on; ``part``: the
        part of the record (and its replay) the openings were found in."""
        if len(found) == 1:
            return found[0]
        return min(found, key=self._order_keys(found, table, part))

    def _order_keys(self, found: list[_Found], table: TableState, part: Part = (0, 0)
                    ) -> Callable[[_Found], tuple[int, int, int, int]]:
        """The order the openings ``found`` (on ``table``) are ruled in: where each
        irregularity begins in the record, then its trick, then the rule set's priority. Who
        was to lead a trick is known only once the trick before it is settled (44G): an
        irregularity at a lead (a lead out of turn, 53A, 55, 56: a lead put down before that
        trick was complete, or made after a revoke there) is ruled after every one whose
        correction may change that trick's cards, and so its winner (``Opening.corrects``: a
        revoke corrected when attention is drawn, 62A), wherever the record places it."""
        places = {id(f): self._position(f.at, f.opening.root.focus, part) for f in found}
        keys: dict[int, tuple[int, int, int, int]] = {}
        correcting = [g for g in found if g.opening.corrects]
        for f in found:
            at, focus = places[id(f)]
            waits = 0
            if correcting:
                # (only where the irregularity begins at that lead: one whose earliest line comes
                # before it, a call of dummy's card say, begins there and does not wait)
                for n, lead in _leads_of(f.at, table):
                    if self._position(frozenset((lead,)), None, part)[0] != places[id(f)][0]:
                        continue
                    for g in correcting:
                        if g is not f and n - 1 in g.opening.corrects and n not in g.opening.corrects:
                            at, waits = max(at, places[id(g)][0]), 1
            for n, seat in f.opening.leads:
                # (a card exposed between tricks by a player not then to lead: ruled inside the
                # correction of the trick before, where the offender's correction is made,
                # when that correction pauses there for his seat: CorrectionMade)
                for g in found:
                    if g is not f and _pauses_for(g.opening, n, seat):
                        at, waits = max(at, places[id(g)][0]), 1
                        self._waiting[n - 1] = self._waiting.get(n - 1, frozenset()) | f.keys
                        self._waiting_names |= {f.name}
            if f.opening.made_at and not waits:
                # (a correction made at attention after a card exposed before it: the penalty
                # card is in force when the substitutes are chosen; not one that waits for
                # this correction's pause, ruled inside it)
                made = self._position(frozenset(handled_key(h) for h in f.opening.made_at), None, part)[0]
                for g in found:
                    if (g is not f and g.opening.at_once and at < places[id(g)][0] < made
                            and not any(_pauses_for(f.opening, n, seat) for n, seat in g.opening.leads)):
                        at, waits = places[id(g)][0], 1
            keys[id(f)] = (at, waits, focus, f.priority)
        return lambda f: keys[id(f)]

    def _passed_over(self, found: list[_Found], first: _Found, part: Part = (0, 0)) -> int | None:
        """The earliest trick (focus) of the openings of ``found`` that begin in the record
        before ``first``, the one ruled first, and are ruled after it (a correction made when
        attention is drawn, passed by what took effect at once, :meth:`_order_keys`); None
        when there is none."""
        if len(found) < 2:
            return None
        at = self._position(first.at, first.opening.root.focus, part)[0]
        out: int | None = None
        for f in found:
            focus = f.opening.root.focus
            if f is first or focus is None:
                continue
            if self._position(f.at, None, part)[0] < at and (out is None or focus < out):
                out = focus
        return out

    @property
    def irregularities(self) -> tuple[str, ...]:
        """The irregularities the record as played shows, in the order they are ruled (once
        every path is enumerated, those some path's rulings met: :meth:`_keep_what_happened`)."""
        apart = self._not_irregular
        return tuple(i for i in self._listed if i not in apart) if apart else self._listed

    @property
    def unmet_so_far(self) -> tuple[str, ...]:
        """The irregularities of :attr:`irregularities` that no path expanded or enumerated so
        far met as the record shows them: irregularities of the record that a ruling before
        them may change (not those of the opening ruled first). Until every path is
        enumerated, the ruling may list one in the form every path rules it in, as found
        while ruling in each form some path met, or as met on no path
        (:meth:`_keep_what_happened`); every other one stays listed as it is. Building the
        tree of decisions (a path of each branch expanded) meets those that path meets as the
        record shows them; none is left once every path is enumerated."""
        unmet = self._unmet
        return tuple(i for i in self.irregularities if i in unmet) if unmet else ()

    @property
    def found_later(self) -> dict[str, None]:
        """The irregularities a rule family found only on a rectified table, on some path (the
        card a player named of two played together is a revoke; a lead breaks a restriction
        declarer imposed), in the order first met: complete once every path is enumerated."""
        apart = self._not_irregular
        return {i: None for i in self._found_later if i not in apart} if apart else self._found_later

    @property
    def _not_irregular(self) -> set[str]:
        """The texts the openings give that are no irregularity: declarer's choices stated at
        the table and the lead options due (:attr:`choices`, :attr:`options_due`)."""
        if not self._due_texts:
            return self._choice_texts
        return self._choice_texts | self._due_texts if self._choice_texts else self._due_texts

    @property
    def choices(self) -> tuple[str, ...]:
        """Declarer's choices stated at the table that a ruling took (his option at a lead
        while a penalty card of his opponent's is in force, 50D2, 51B), in the order of the
        record: no irregularity, listed apart from them whether the record as played or only
        a rectified table has the penalty card they answer; then his decisions a recorded
        line settled (``S chooses refuse``, ``S requires H`` after attention: the step marked
        "(recorded: ...)"), each as "<lines> (recorded): <choice> (<clause>; <decision>)".
        Complete once every path is enumerated."""
        said = [i for i in (*self._listed, *self._found_later) if i in self._choice_texts]
        if len(said) > 1:
            lines = self.irregularity_lines
            said.sort(key=lambda i: (lines.get(i) is None, lines.get(i) or 0))
        if self._recorded_said:
            # then those a recorded line settled at a decision (after attention, or a choice
            # the rule read itself), marked as recorded: not one listed above already (his
            # choice said before a lead, "S leaves before W's lead to trick 9 (50D)")
            said.extend(text for text, lines_said in self._recorded_said.items()
                        if not any(i.startswith(f"{lines_said} before ") for i in said))
        return tuple(said)

    @property
    def options_due(self) -> tuple[str, ...]:
        """The positions ruled where a player is to lead while his partner has a major penalty
        card in force, declarer's options due at that lead (50D2, 51B: "W is to lead; his
        partner E has penalty cards SQ (50D2(a), 50D2(b))"), as the record as played leaves
        the table at its end or a rectified table does; then those a restoration ends in where
        no rule of its path enumerated them ("...; not enumerated: ...",
        :meth:`RuleBook.left_due`): no irregularity, listed apart from them, in the order first
        met. Complete once every path is enumerated."""
        due = self._due_texts
        found = tuple(i for i in (*self._listed, *self._found_later) if i in due) if due else ()
        return (*found, *self._left_due) if self._left_due else found

    @property
    def irregularity_lines(self) -> dict[str, int | None]:
        """The record line where each irregularity (of ``irregularities`` and ``found_later``)
        begins, where the record shows it (None: a card a ruling put on the table)."""
        listed = {*self._listed, *self._found_later}
        return {irr: self._line_of(f, part) for irr, (f, part) in self._irregularity_at.items() if irr in listed}

    def _line_of(self, found: _Found, part: Part = (0, 0)) -> int | None:
        """The line of the record event where ``found``'s irregularity begins, the first it
        rules on (a revoke card, not the play that established it; None when no line of the
        record placed it)."""
        at = self._position(found.keys or found.at, None, part)[0]
        return getattr(self.case.events[at], "line", None) if at < len(self.case.events) else None

    def _position(self, keys: frozenset[object], focus: int | None, part: Part = (0, 0)) -> tuple[int, int]:
        """Where in the record an opening's irregularity begins: its earliest event (a card
        is placed by a line of the part ``part`` of the record, or of the first part)."""
        found: list[int] = []
        for k in keys:
            at: int | None = None
            if isinstance(k, tuple) and len(k) == 2 and k[0] == "line":
                at = self._order.get(k[1])
            elif isinstance(k, tuple) and len(k) == 4 and k[0] == "play":
                if part[0]:
                    at = self._orders_of_part(part)[0].get(k[1:])
                if at is None:
                    at = self._play_order.get(k[1:])
            elif isinstance(k, tuple) and len(k) == 3 and isinstance(k[0], int):
                # (a play out of turn: where its card was put down; a substitute's entry names
                # the card it replaced, placed by the record where the pair's first play out
                # of turn was)
                if part[0]:
                    at = self._orders_of_part(part)[0].get(k)
                    if at is None:
                        at = self._orders_of_part(part)[1].get(k[:2])
                if at is None:
                    at = self._play_order.get(k)
                if at is None:
                    at = self._pair_order.get(k[:2])
            if at is not None:
                found.append(at)
        big = 1 << 30
        return (min(found) if found else big, focus if focus is not None else big)

    def _orders_of_part(self, part: Part) -> tuple[dict[object, int], dict[object, int]]:
        """:meth:`_order_of_plays` of a later part of the record (its replay from the first
        restoration it was played on from), placed in the whole record."""
        kept = self._part_orders.get(part)
        if kept is None:
            replay = self._segment_replays.get(part)
            if replay is None:
                return self._play_order, self._pair_order
            by_card, by_pair, _ = self._order_of_plays(replay, self._part_starts[part[0]])
            kept = self._part_orders[part] = (by_card, by_pair)
        return kept

    @cached_property
    def _order(self) -> dict[int, int]:
        """The place in the record of each event, by identity (only when openings compete)."""
        return {id(e): i for i, e in enumerate(self.case.events)}

    @cached_property
    def _play_order(self) -> dict[object, int]:
        return self._order_of_plays()[0]

    @cached_property
    def _pair_order(self) -> dict[object, int]:
        return self._order_of_plays()[1]

    @cached_property
    def _pair_lines(self) -> dict[object, int]:
        return self._order_of_plays()[2]

    def _order_of_plays(self, replay: Replay | None = None, offset: int = 0) -> tuple[dict[object, int], dict[object, int], dict[object, int]]:
        """For each card the replayed table holds as played, the place in the record of the
        event that placed it, by (trick, seat, card); the first such place of each (trick,
        seat) that is a play out of turn (a seat with two cards in a trick, the first at his
        turn: his second, where his play out of turn begins); and its line. Of the first part of the record, or of ``replay``, a later
        part whose first line is the record's ``offset``-th."""
        r = self.replay if replay is None else replay
        plays = list(r.table.plays())
        counts = (*r.applied_before, len(plays))
        by_card: dict[object, int] = {}
        by_pair: dict[object, int] = {}
        lines: dict[object, int] = {}
        at_turn = _first_of_two_at_turn(r.table)
        for i, e in enumerate(r.before):
            if counts[i + 1] <= counts[i] or counts[i] >= len(plays):
                continue
            trick, seat, card = plays[counts[i]]
            by_card[(trick, seat, card)] = offset + i
            line = getattr(e, "line", None)
            if line is not None:
                lines.setdefault((trick, seat, card), line)
            if at_turn and (trick, seat, card) in at_turn:
                continue  # (his play at his turn: his play out of turn there is his later card)
            by_pair.setdefault((trick, seat), offset + i)
            if line is not None:
                lines.setdefault((trick, seat), line)
        return by_card, by_pair, lines

    def _stage(self, node: Node, found: _Found, done: Reopen, within: int | None = None, behind: int | None = None) -> Node:
        """Open ``found`` on ``node``: its tasks, then the next irregularity, then whatever
        ``node`` still had to do; what ``node`` carries (ledger, findings, restrictions, the
        withdrawals of earlier rulings) travels on. ``within``: ``found`` is opened inside
        the ruling under way (at its :class:`CorrectionMade` task, dropped from ``node``'s
        agenda): its tasks come first, then the rest of that agenda, whose reopening
        ``done`` (at index ``within``) counts it as ruled. ``behind``: the earliest trick of an
        opening passed over for ``found`` (``Reopen.behind``)."""
        self._stages += 1
        if self._watching:
            for rep in self._watching:
                if done.segment <= rep.part:  # type: ignore[operator]  # (a later-part group)
                    rep.spoiled = True
        root = found.opening.root
        table = root.table
        if found.opening.irregularities:
            listed = self._listed
            if found.opening.choice:
                self._choice_texts.update(found.opening.irregularities)
            if found.opening.due:
                self._due_texts.update(found.opening.irregularities)
            for irr in found.opening.irregularities:
                if irr not in listed and irr not in self._found_later:
                    self._found_later[irr] = None
                    self._irregularity_at.setdefault(irr, (found, (done.segment, done.base)))
        if node.table.withdrawn and table.withdrawn[: len(node.table.withdrawn)] != node.table.withdrawn:
            table = table._evolve(withdrawn=(*node.table.withdrawn, *table.withdrawn))
        since = done.since
        for x in (node.since, node.focus, root.focus):
            if x is not None and (since is None or x < since):
                since = x
        if within is not None:
            rest = node.agenda[:within]
            after = node.agenda[within + 1:]
        else:
            rest = ()
            after = node.agenda[1:] if node.agenda and isinstance(node.agenda[0], Reopen) else node.agenda
        # (what the opening's root adds, when it adds anything: most add no ledger, finding or restriction)
        findings, restrictions = node.findings, node.restrictions
        if root.findings:
            findings = (*findings, *(f for f in root.findings if f not in node.findings))
        if root.restrictions:
            restrictions = (*restrictions, *(r for r in root.restrictions if r not in node.restrictions))
        seen = done.seen | found.keys
        used = done.used | {found.name}
        spent = "" if found.opening.more else found.name
        if within is not None:
            spent = done.spent  # (the ruling under way goes on: what it said of its opener holds)
        if found.opening.later:  # (the opener runs again while what it left is still to rule)
            claims = self._claims.get((done.segment, done.base), {})
            if any((k := handled_key(h)) not in seen and not any(k in c for name, c in claims.items() if name != found.name)
                   for h in found.opening.later):
                used, spent = done.used, ""
        return Node(
            table,
            (*root.agenda, *rest, Reopen(seen, used, since, spent, done.segment, done.base, done.start,
                                         (*done.opened, *found.opening.irregularities) if found.opening.irregularities
                                         else done.opened, done.apart, behind),
             *after),
            with_entries(node.ledger, root.ledger) if root.ledger else node.ledger,
            findings,
            restrictions,
            node.established or root.established,
            root.focus if root.focus is not None and within is None else node.focus,
            since,
            node.recorded,
            root.transfer if root.transfer is not None else node.transfer,
            node.equity or root.equity,
        )

    def _settle(self, node: Node) -> Node | None:
        """Resolve a :class:`Reopen` at the head of the agenda: open the next irregularity
        on this table, or drop the task when nothing is left to rule; at the end of a part of
        the record, play the next part on from this table (None when the record cannot go on
        from it: a card the next part plays is no longer in that hand)."""
        while node.agenda and isinstance(node.agenda[0], ENGINE_TASKS):
            if isinstance(node.agenda[0], CorrectionMade):
                node = self._rule_at_correction(node)
                continue
            if isinstance(node.agenda[0], IfWaiting):
                order = node.agenda[0]
                node = node.evolve(agenda=(*(order.waiting if self._waiting.get(order.trick) else order.otherwise),
                                           *node.agenda[1:]))
                continue
            if isinstance(node.agenda[0], Holds):
                check = node.agenda[0]
                if not check.test(node.table, *check.args):
                    return None
                node = node.evolve(agenda=node.agenda[1:])
                if check.others is not None and check.trick is not None and self._waiting.get(check.trick):
                    said = self._bound_at_pause(node, check)
                    if said:
                        return node.evolve(agenda=(*said, *node.agenda))
                continue
            if isinstance(node.agenda[0], WhenLed):
                head = node.agenda[0]
                led = node.table.trick(head.trick)
                ruled = led is not None and led.plays and (head.leaders is None or led.plays[0][0] in head.leaders)
                node = node.evolve(agenda=(head.task, *node.agenda[1:]) if ruled else node.agenda[1:])
                continue
            if isinstance(node.agenda[0], Staged):
                node = _after_reopening(node)
                continue
            if isinstance(node.agenda[0], Ruled):
                node = _with_ruled(node)
                continue
            task = node.agenda[0]
            if len(node.agenda) > 1 and isinstance(pending := node.agenda[1], Staged) and not _still_stands(pending, node.table):
                # (a right over cards the rulings before it took off the table: nothing to rule)
                node = node.evolve(agenda=(task, *node.agenda[2:]))
                continue
            if node.table.revokes_out_of_rotation:
                node = self._revokes_at_turn(node, task)
            names, record = self._reopen_names_of(task)
            if record is not None and (task.segment or record.places_unapplied(node.table)) and (
                    more := self._may_find_on(task, node.table, record)):
                # (a later part, first read on another restoration; or a ruling placed the card
                # of a line the replay did not apply, a fifth card found led: the record's
                # later lines fall one card on from where its replay read them, and the
                # openers that read them look again on this table)
                names = names | more
            found: list[_Found] = []
            if names:
                assert record is not None  # (every part of the record a Reopen names was replayed)
                names = self.book.worth_reopening(node.table, record, names)
            if names and record is not None:
                replay = record.with_table(node.table, reopened=True, ruled=task.seen, start=task.start)
                try:
                    found = self._candidates(replay, task.seen, names)
                    if task.segment and record.claimed and (kept := _claims_held(record.claimed, names, found, task.seen)) is not None:
                        # (a later part's openings were read on the first restoration played
                        # into it: a family that looks again on this table and no longer finds
                        # what it claimed there leaves it to the others, as on any table)
                        replay = record.with_claims(kept).with_table(node.table, reopened=True, ruled=task.seen, start=task.start)
                        found = self._candidates(replay, task.seen, names)
                except RulingError as err:
                    raise err.located(file=self.case.file) from None
            if len(node.agenda) > 1 and isinstance(pending := node.agenda[1], Staged):
                # a task a rule left for a stage of its own (dummy's misplay met by the
                # designation rules; an opponent's change after cards played together, 58B3):
                # ruled where it happened, among what this table shows
                staged = _staged_found(pending, node.table)
                if not found or self._earliest([*found, staged], node.table, (task.segment, task.base)) is staged:
                    node = self._stage(node.evolve(agenda=(task, *node.agenda[2:])), staged, task)
                    continue
            if found:
                # (an opening with nothing to rule but what it says, a call that played no card,
                # leaves the Reopen task at the head: the loop goes on with it)
                part = (task.segment, task.base)
                first = self._earliest(found, node.table, part)
                node = self._stage(node, first, task, behind=self._passed_over(found, first, part))
                continue
            # (a later part's second card after the seat's lead out of turn and other players'
            # cards, still beside his lead when the rulings are done: with the decision, the
            # part is not played on from this restoration, docs/decisions.md)
            drops = task.segment > 0 and self.book.decisions.second_card_in_a_part_played_on_drops_the_restoration
            if node.table.out_of_turn and (twice := self._played_twice(node.table, frozenset() if drops else task.apart)) is not None:
                # a ruling placed a second card of a player's in one trick (a card designated
                # for dummy after dummy had played to it, ...): no law lets a player play twice
                # to a trick, so the record does not go on from this path
                self._dropped.setdefault(task.segment, twice)
                if drops and task.apart:
                    # (said of every such restoration at once: the later part is played on once
                    # for each class of alike restorations, so not each is met here)
                    line, text = twice
                    notice = Notice(line, f"restorations not ruled: the record after 'resume' cannot be played on from those "
                                          f"where {text}; the restorations listed leave them out", "not_ruled")
                    if notice not in self._unread:
                        self._unread.append(notice)
                return None
            if task.segment and (short := self._short_before_last(node.table)) is not None:
                # the part's cards, ruled on this restoration of the parts before it, leave a
                # trick a card short with the record gone on to the next: not the restoration
                # the table played the part on from
                self._dropped.setdefault(task.segment, short)
                if task.start is not None:
                    self._say_unread(task.start, task.segment, short)
                return None
            if (not task.segment and len(node.agenda) == 1
                    and self.book.decisions.first_part_short_trick_drops_the_restoration
                    and ((self._first_part_fifths and (self._fifth_card_off_the_table(node.table)
                                                       or FIFTH_CARD_LED in node.findings))
                         or self._lead_played_on_taken_back(node.table))
                    and (short := self._short_before_last(node.table, short_only=True)) is not None):
                # the record's own cards, ruled on a path where a fifth card of the record is
                # on no trick (found not led, 45E, its later cards a place off) or leads one
                # (found led, a ruling of a later card taking one back with nothing in its
                # place, 57C3), leave a trick before the
                # last a card short while the record leads the next: no law supplies the card,
                # so the record's later cards cannot be played on from this finding
                # (docs/decisions.md)
                line, text = short
                text = text.removeprefix("on it ")
                if line is None:
                    # (the card leading the next trick put down by a line of another kind: a
                    # card exposed, a fifth card)
                    card = node.table.tricks[-1].plays[0][1]
                    line = next((e.line for e in self.case.events if getattr(e, "card", None) == card
                                 or card in getattr(e, "cards", ())), None)
                self._dropped.setdefault(0, (line, f"the record cannot be played on from any finding ({text})"))
                notice = Notice(line, f"restorations not ruled: the record cannot be played on from those where {text}; "
                                      "the restorations listed leave them out", "not_ruled")
                if notice not in self._unread:
                    self._unread.append(notice)
                return None
            if len(node.agenda) == 1 and task.segment + 1 < len(self._segments):
                resumed = self._resume(node, task)
                if resumed is None:
                    return None
                node = resumed
                continue
            unruled = self._unruled_plays_left(node.table, task) if task.segment and node.table.out_of_turn else []
            if unruled and (moved := self._out_of_turn_by_the_ruling(unruled, task.segment)) is not None:
                # a play of the part out of turn on this restoration only, the cards of the
                # parts before it as the ruling left them (the part was played on from the
                # table as it stood, where that card came in turn): not the restoration the
                # table played the part on from
                self._dropped.setdefault(task.segment, moved)
                if task.start is not None:
                    self._say_unread(task.start, task.segment, moved)
                return None
            if task.segment and task.start is not None and task.start.withdrawn and (
                    gone := self._trick_taken_back(task.start, task.segment, node.table)) is not None:
                # (the part played to a card this restoration took back, its player to play
                # again, and read from here it leaves a trick out of rotation: not the
                # restoration the table played the part on from)
                self._dropped.setdefault(task.segment, gone)
                self._say_unread(task.start, task.segment, gone)
                return None
            if task.segment and task.start is not None and task.start.withdrawn and (
                    moved := self._out_of_rotation_where_the_ruling_moved_a_card(task.start, task.segment, node.table)) is not None:
                # (the part was played on from the table as it stood, after a card this
                # restoration took back or replaced where the part goes on, and read from here it
                # leaves a trick out of rotation: not the restoration the table played it on from)
                self._dropped.setdefault(task.segment, moved)
                self._say_unread(task.start, task.segment, moved)
                return None
            if task.segment:
                self._part_seen.setdefault(task.segment, set()).update(task.seen)
                if unruled:
                    self._say_unruled_plays(unruled)
            elif self._watched_first and not self._watched_first.isdisjoint(task.seen):
                self._part_seen.setdefault(0, set()).update(self._watched_first & task.seen)
            if not task.segment and self._unruled_plays:
                self._plays_met(node.table, task)
            if self._apart_said:
                self._apart_met(node.table)
            if task.opened is not self._opened_last:  # (the path's rulings are done: what they opened happened)
                self._opened_last = task.opened
                self._happened.update(task.opened)
                if self._unmet:
                    self._unmet.difference_update(task.opened)
            if not task.segment and self._unmet:
                self._met_on(node.table, task)
            # (``since`` is set here, where each stage ends: a rule's child need not carry it)
            node = node.evolve(agenda=node.agenda[1:], since=task.since)
        return node

    def _bound_at_pause(self, node: Node, check: Holds) -> tuple[Said, ...]:
        """The steps to add to ``node``'s path, whose :class:`Holds` test ``check`` (just met,
        dropped from its agenda) follows a pause where the opening waiting there was met on
        nothing of this table (the card it rules is one the correction placed before the
        pause): for each player every one of whose other courses (``Holds.others``) the
        ruling at the pause would have barred, his card being what that ruling left him,
        the step ``Holds.said`` makes. Ruled only on such paths (a card exposed between
        tricks played as its player's replacement): elsewhere nothing is looked at."""
        assert check.others is not None and check.said is not None and check.trick is not None
        keys = self._waiting[check.trick]
        task = next((t for t in node.agenda if isinstance(t, Reopen)), None)
        if task is None or not keys.isdisjoint(task.seen):
            return ()  # (the opening was ruled at the pause, or before it: it judged this path itself)
        out: list[Said] = []
        for seat, tables in check.others(node.table, *check.args):
            barred: TableState | None = None
            for table in tables:
                after = self._barred_at_pause(node, table, check)
                if after is None:
                    barred = None
                    break
                barred = barred or after
            if barred is not None and (step := check.said(node.table, barred, seat, *check.args)) is not None:
                out.append(Said(step))
        return tuple(out)

    def _barred_at_pause(self, node: Node, table: TableState, check: Holds) -> TableState | None:
        """``node``'s path had its correction left ``table`` at the pause (another course of
        the :class:`Holds` test ``check``): None when some course of the ruling at the pause
        meets the test, else a table (as that ruling left it) where the test fails. A course
        the look cannot follow to the test counts as meeting it (nothing is said)."""
        assert check.trick is not None
        probe = Holds(check.test, check.args)
        stack = [node.evolve(table=table, agenda=(CorrectionMade(check.trick), probe, _LOOK_ENDS, *node.agenda))]
        failed: TableState | None = None
        while stack:
            look: Node | None = stack.pop()
            while look is not None and look.agenda:
                head = look.agenda[0]
                if head is probe:
                    if check.test(look.table, *check.args):
                        return None
                    failed = failed or look.table
                    look = None
                elif isinstance(head, CorrectionMade):
                    look = self._rule_at_correction(look)
                elif isinstance(head, ENGINE_TASKS) or head is _LOOK_ENDS:
                    return None  # (an engine task ahead of the test: not followed)
                else:
                    try:
                        stack.extend(child for _, child in self.book.expand(look))
                    except RulingError:
                        return None
                    look = None
        return failed

    def _rule_at_correction(self, node: Node) -> Node:
        """``node``, whose agenda begins with a :class:`CorrectionMade` task: the opening
        found waiting for that correction (``Opening.leads``: a card exposed between tricks
        by a player not then to lead), found again on this table (the trick as the offender's
        correction left it) and opened ahead of the rest of the ruling under way; or, with
        none, ``node`` without the task."""
        head = node.agenda[0]
        assert isinstance(head, CorrectionMade)
        rest = node.evolve(agenda=node.agenda[1:])
        keys = self._waiting.get(head.trick)
        if not keys:
            return rest
        within = next((i for i, t in enumerate(rest.agenda) if isinstance(t, Reopen)), None)
        if within is None:
            return rest
        task = rest.agenda[within]
        assert isinstance(task, Reopen)
        if not keys.isdisjoint(task.seen):
            return rest
        names, record = self._reopen_names_of(task)
        names &= self._waiting_names
        if not names or record is None:
            return rest
        replay = record.with_table(node.table, reopened=True, ruled=task.seen, start=task.start)
        try:
            found = [f for f in self._candidates(replay, task.seen, names) if not f.keys.isdisjoint(keys)]
        except RulingError as err:
            raise err.located(file=self.case.file) from None
        if not found:
            return rest
        if head.then is not None:
            rest = rest.evolve(agenda=(WhenLed(head.trick + 1, head.then, head.leaders), *rest.agenda))
            within += 1
        return self._stage(rest, found[0], task, within)

    @staticmethod
    def _revokes_at_turn(node: Node, task: Reopen) -> Node:
        """``node`` with the card of each revoke left out of rotation for its ruling
        (``TableState.revokes_out_of_rotation``) placed at its player's turn once that ruling
        is done (its revoke card a key ruled on this path): the trick as restored is a lawful
        sequence of play (44B), the correction's cascade (62C) having read the order of play."""
        seen = task.seen
        table = node.table.revokes_placed_at_turn(lambda e: played(*e) in seen)
        return node if table is node.table else node.evolve(table=table)

    def _plays_met(self, table: TableState, task: Reopen) -> None:
        """At the end of a path's ruling of the record's first part (``table``, ``task``: its
        table and last task): which of the plays out of turn said "not yet ruled on" this path
        ruled, and which it leaves out of turn on its table without a ruling (a card a ruling
        took back, a lead withdrawn under 45D1 or 62C1, no longer stands out of turn: its entry
        the table keeps is no play left)."""
        placed = None  # (whether a ruling on this path placed the card of a line the replay did not apply)
        for pair in self._unruled_plays:
            if pair in task.seen:
                self._plays_ruled.add(pair)
            elif pair in table.out_of_turn and (t := table.trick(pair[0])) is not None and t.card_of(pair[1]) is not None:
                self._plays_left.add(pair)
            elif (t := table.trick(pair[0])) is not None and t.card_of(pair[1]) == pair[2]:
                # (his card stands on its trick in turn, the rulings on this path having moved
                # the card before it to its own player's turn, 57D, the premature card after
                # it standing, 57C3: a play out of turn is one still on the cards as they
                # stand, and here none is left to rule)
                self._plays_ruled.add(pair)
            elif _taken_into_an_earlier_trick(table, pair):
                # (his card stands in an earlier trick as his own card there, a correction of
                # that trick having taken it in: the card he put down as his lead to the next
                # trick is the one a revoke's correction has him play to the trick he revoked
                # on, 62A, 62B, 62D1: no lead of his is left to rule, the ruling of that trick
                # ruled it, as a rule family that claimed the lead would find it met on no path)
                self._plays_ruled.add(pair)
            else:
                # (a play the record's replay read out of turn only because a card a ruling
                # put in place was missing from it, a fifth card found led, and that this
                # path's rulings leave in turn: ruled with that card, as one it rules)
                if placed is None:
                    placed = self.replay.places_unapplied(table)
                if placed:
                    self._plays_ruled.add(pair)

    def _apart_met(self, table: TableState) -> None:
        """At the end of a path's ruling of the record's last part (``table``): which of the
        seats' second cards said "not yet ruled on" (after his lead out of turn and other
        players' cards) still stand with his first card in the trick there."""
        for pair in self._apart_said:
            if pair not in self._apart_left and (t := table.trick(pair[0])) is not None and (
                    sum(1 for s, _ in t.plays if s is pair[1]) > 1):
                self._apart_left.add(pair)

    def _played_twice(self, table: TableState, apart: frozenset[tuple[int, Seat]]) -> tuple[int | None, str] | None:
        """A seat with two cards in one trick of ``table`` when a rectification has ended
        (each is a play out of turn: a seat is never in turn twice in a trick), other than
        one the record put there and that is said (``_apart``: in its first part; ``apart``:
        in a later part, on this path): the line that named the second card (None when no
        line did: a card a player designated) and why."""
        for trick_no, seat in dict.fromkeys(e[:2] for e in table.out_of_turn):
            if (trick_no, seat) in self._apart or (trick_no, seat) in apart:
                continue
            trick = table.trick(trick_no)
            mine = [c for s, c in trick.plays if s is seat] if trick is not None else []
            if len(mine) > 1:
                line = next((e.line for e in self.case.events if _names_card(e, mine[1])), None)
                return line, (f"the ruling leaves {seat} two cards in trick {trick_no} ({mine[0]}, then {mine[1]}), "
                              "and a player plays one card to a trick")
        return None

    def _may_find_on(self, task: Reopen, table: TableState, record: Replay) -> frozenset[str]:
        """For a later part of the record: the openers that read its lines and may find
        something on this path's table though they found nothing on the restoration first
        played into the part (the only one its openings were read on): those whose lines the
        part holds (a call of a card dummy holds on one restoration, and played already on
        another, is a designation to rule there only), and those whose table test holds on
        ``table``. Not those already opened on this path."""
        part = (task.segment, task.base)
        known = self._part_openers.get(part)
        if known is None:
            book, kinds = self.book, record.line_kinds
            lined = frozenset(n for n, needs in book.lines.items()
                              if needs and n not in book.reopenable and not kinds.isdisjoint(needs))
            known = self._part_openers[part] = (lined, tuple((n, t) for n, t in book.states.items() if n not in book.reopenable))
        lined, tested = known
        held = [n for n, test in tested if test(table)]
        found = lined.union(held) if held else lined
        return found - task.used if found and task.used else found

    def _reopen_names_of(self, task: Reopen) -> tuple[frozenset[str], Replay | None]:
        """The openers a :class:`Reopen` task runs: those found in the record and not yet
        ruled on this path, and those that read only the table (a rectification may leave
        them something: dummy's card a call made is a revoke), but not the one just ruled
        when it said it had no more; and the part of the record replayed they read."""
        if task is self._reopen_task:  # the siblings of a cascade share their Reopen task
            return self._reopen_names, self._reopen_record
        part = (task.segment, task.base)
        names = self._segment_names.get(part, frozenset()) - task.used
        names |= self.book.reopenable - {task.spent}
        record = self._reopen_records.get(part)
        if record is None and (replayed := self._segment_replays.get(part)) is not None:
            record = replayed.with_claims(tuple(self._claims.get(part, {}).items()))
            if task.segment + 1 < len(self._segments):
                record = record.going_on()  # (a later part is played on from this one's ruling)
            self._reopen_records[part] = record
        self._reopen_task, self._reopen_names, self._reopen_record = task, names, record
        return names, record

    def _resume(self, node: Node, task: Reopen) -> Node | None:
        """Play the next part of the record on from ``node`` (a ruling of the parts before it)."""
        self._stages += 1
        if self._watching:
            for rep in self._watching:
                if not rep.spoiled and not self._winner_blind(rep, node.table):
                    rep.spoiled = True
        if task.segment:  # (what a path ruled in the part just ended: see _take_back_ruled_lines)
            self._part_seen.setdefault(task.segment, set()).update(task.seen)
        elif self._watched_first and not self._watched_first.isdisjoint(task.seen):
            self._part_seen.setdefault(0, set()).update(self._watched_first & task.seen)
        if not task.segment and self._unruled_plays:
            self._plays_met(node.table, task)
        if not task.segment and self._unmet:
            self._met_on(node.table, task)
        # (the most recorded choices of the part just ended a path settled: see _report_unsettled)
        if node.recorded > self._settled_parts.get(task.segment, 0):
            self._settled_parts[task.segment] = node.recorded
        segment = task.segment + 1
        if (left := self._left_in_hand(node.table, task)) is not None:
            # (a ruling that re-plays the record after it stopped where the record no longer
            # fits its course: the part after 'resume' was played on from the cards it left out)
            line = next((e.line for e in self._segments[segment] if getattr(e, "line", None)), None)
            stopped = (f"the ruling leaves {left}, played before 'resume', in the hands: the record no longer fits "
                       "its course, and the table played on with them on the table")
            self._dropped.setdefault(segment, (line, stopped))
            self._say_unread(node.table, segment, (line, stopped))
            return None
        if self._cannot_go_on(node.table, segment):
            trick = node.table.current_trick
            self._dropped.setdefault(segment, (next((e.line for e in self._segments[segment] if getattr(e, "line", None)), None),
                                               f"the ruling leaves trick {trick.number if trick else '?'} a card short, and the "
                                               "record went on with a new trick"))
            return None
        try:
            replay = self._part_replay(node.table, segment)
            if self._is_cut(segment):
                replay = replay.cut_here()
            # (the parts before it, for what a rule family reads of them: the designation
            # that a change early in this part concerns)
            replay = replay.with_earlier(self._parts_before(segment))
        except RulingError as err:
            self._refuse_never_held(segment)
            # this restoration is not the one the table went on from (kept to say why, when
            # none of them is: see restorations)
            self._dropped.setdefault(segment, (err.line, err.message))
            return None
        if (gone := _line_card_played_before(node.table, replay)) is not None:
            # (a card a line of this part puts down that the table does not place, cards played
            # together or a fifth card, which this restoration has its player play before
            # 'resume': a substitute under 47D, a card the part played from the table as it
            # stood still held. That line cannot be played on from here)
            self._dropped.setdefault(segment, gone)
            self._say_unread(node.table, segment, gone)
            return None
        base = self._replay_key(node.table, segment, replay)
        self._segment_replays.setdefault((segment, base), replay)
        part = self._segments[segment]
        if part and replay.before and replay.before[0] is not part[0] and (key := handled_key(replay.before[0])) in task.seen:
            # (the call of the part before that this part faces, _unfaced_call: read again with
            # dummy's card, as in one part, by whichever family rules the two lines)
            task = Reopen(task.seen - {key}, task.used, task.since, task.spent, task.segment, task.base, task.start,
                          task.opened, task.apart)
        # the count after play (Law 64) follows every rectification of the last part: the end
        # of play is there, and so are the revokes the parts before it left standing
        closings: list[Opening] = []
        if segment + 1 == len(self._segments):
            closings = self.book.closings(replay.with_earlier(self._parts_before(segment)))
        closed = {handled_key(h) for c in closings for h in c.handled}
        if (segment, base) not in self._segment_names:
            try:
                found = self._candidates(replay, task.seen, None)
            except RulingError as err:
                raise err.located(file=self.case.file) from None
            self._segment_names[(segment, base)] = frozenset(f.name for f in found)
            ruled: set[object] = set(closed)
            for f in found:
                ruled |= f.keys | f.explained if f.explained else f.keys
            self._claims[(segment, base)] = {f.name: f.keys for f in found}
            later = {handled_key(h) for f in found for h in f.opening.later}
            self._part_ruled[(segment, base)] = frozenset(ruled | later)
            self._part_shaped[(segment, base)] = _shaped(found)
            self._recorded_by.setdefault(segment, self._recorded_choices(replay, ruled))
            self._answers_by.setdefault(segment, self._part_answers(replay, self._recorded_by[segment]))
            self._some_recorded = self._some_recorded or bool(self._recorded_by[segment]) or bool(self._answers_by[segment])
            # the lines of this part no family rules on are said, as those of the first part
            # are (its plays out of turn: when a path leaves one unruled, _settle)
            ruled |= {handled_key(c.event) for c in self._recorded_by[segment]}
            self._watch_claims(segment, replay, found, later, closed)
            said = set(self.notices)
            unruled = [n for n in _unruled_lines(replay, ruled) if n not in said]
            if unruled:
                self.notices = (*self.notices, *unruled)
                # (decided on the first restoration played into the part: a ruling on another
                # path may rule the line, and the notice is then taken back once every path is
                # enumerated, _take_back_ruled_lines; a listing cut short cannot tell)
                self.provisional |= frozenset(unruled)
        why, apart = self._second_card_unexplained(replay, (segment, base))
        if why is not None:
            self._dropped.setdefault(segment, why)
            self._say_unread(node.table, segment, why)
            return None
        for c in closings:
            if c.of_established is not None and self._of_established is None:
                self._of_established = c.of_established
        if closed or any(c.notices for c in closings):
            self._closed_by_count(replay, closed, [n for c in closings for n in c.notices])
        # (the table the part was replayed from: this path's, or, the part facing a call of the
        # part before, that table with the call's card back in dummy's hand, _unfaced_call)
        began = replay.start if replay.start is not None or (part and replay.before and replay.before[0] is not part[0]) else node.table
        return Node(replay.table, (Reopen(self._seen_again(task.seen, node.table, replay.table), frozenset(), task.since, "",
                                          segment, base, began, task.opened, task.apart | apart if apart else task.apart),
                                   *(t for c in closings for t in c.root.agenda)),
                    node.ledger, node.findings, node.restrictions,
                    node.established or any(c.root.established for c in closings), node.focus, task.since, 0)

    def _watch_claims(self, segment: int, replay: Replay, found: Iterable[_Found], later: Iterable[object],
                      always: Set[object]) -> None:
        """Watch the lines of the part ``segment`` of the record (``replay``: those the table did
        not apply) that the openings ``found`` there claim, or leave to their opener run again
        (``later``, as keys), but for those every path rules (``always``: the keys of the
        opening ruled first, of the count after play): a path rules such a line only where its
        opening is found again on the table the rulings before it leave (:meth:`_settle`)."""
        claimed: set[object] = set(later)
        for f in found:
            claimed |= f.keys
            irregularities = f.opening.irregularities
            if segment and irregularities and not f.opening.choice and not f.opening.due:
                for key in f.keys:
                    was = self._claimed_irregularities.get((segment, key), ())
                    self._claimed_irregularities[(segment, key)] = (*was, *(i for i in irregularities if i not in was))
        claimed -= always
        if not claimed:
            return
        after = {id(e) for e in replay.after}
        for e in (*replay.unapplied, *replay.after):
            if not isinstance(e, Attention) and (key := handled_key(e)) in claimed:
                # (with whether it records a choice after attention, as the engine reads one)
                self._claimed_lines.setdefault(segment, {}).setdefault(key, (e, id(e) in after and isinstance(e, RECORDED_LINES)))

    def _report_unused_lines(self) -> None:
        """Once every path is enumerated: a line an opening of the record claimed (watched by
        :meth:`_watch_claims`) that no path ruled is said, as it would be had no opening
        claimed it: a recorded choice settled nothing, any other line is not yet ruled on. (A
        declarer's 50D2 choice after he accepted the lead a fifth card found led makes: no
        penalty card, so no lead options, on any path.) A line of an irregularity of the
        record's first part that no path met is said so (``not_met``: a ruling before it took
        it away, a card exposed between tricks that the correction played to the trick), not
        also as not yet ruled on; so is one of a later part whose irregularity, found on the
        part as replayed from some restoration, no path's rulings opened (a card exposed that a
        correction of the part, 47D, has its player play to the trick before)."""
        gone = {k for i, (f, part) in self._irregularity_at.items()
                if part == (0, 0) and i in self._listed and i not in self._happened and i not in self._not_irregular
                for k in f.keys}
        for segment, watched in self._claimed_lines.items():
            seen = self._part_seen.get(segment, set())
            for key, (e, choice) in watched.items():
                if key in seen or (not segment and key in gone):
                    continue
                if segment and (irregularities := [i for i in self._claimed_irregularities.get((segment, key), ())
                                                   if i not in self._not_irregular]) and not any(
                        i in self._happened or i in self._found_later for i in irregularities):
                    self.not_met = (*self.not_met, *(i for i in irregularities if i not in self.not_met))
                    continue
                seat = getattr(e, "seat", None)
                if choice and isinstance(seat, Seat):
                    notice = Notice(getattr(e, "line", None), _settled_nothing(e, seat), "unsettled")
                else:
                    notice = _unruled_lines(self.replay, set(), (e,))[0]
                if notice not in self.notices:
                    self.notices = (*self.notices, notice)

    def _cut_part(self, segment: int, replay: Replay, head: int = 0) -> bool:
        """Cut a later part of the record, as the first part is (``_cut``), after a line from
        which the table played on, before attention, from a choice ruled there (54A: declarer
        spread his hand after the opening lead out of turn this part holds): the part ends
        there, ruled there, and its rest is the next part, played on from each restoration of
        it, as after a ``resume`` line. Looked at once, on the part's first replay (``replay``),
        before any node of the part exists, so no path has a task of a part after it yet.
        ``head``: the lines the replay holds before the part's own (``_unfaced_call``).
        Whether it cut the part."""
        self._looked_for_cut.add(segment)
        cut = self.book.played_on_from(replay)
        if cut is None or cut < head:
            return False
        self._split_part(segment, cut - head)
        return True

    def _split_part(self, segment: int, cut: int) -> None:
        """Part ``segment`` of the record ends after its line ``cut``; the rest is the next part."""
        lines, start = self._segments[segment], self._part_starts[segment]
        self._segments = (*self._segments[:segment], lines[: cut + 1], lines[cut + 1 :], *self._segments[segment + 1 :])
        self._part_starts = (*self._part_starts[:segment], start, start + cut + 1, *self._part_starts[segment + 1 :])

    def _part_replay(self, start: TableState, segment: int) -> Replay:
        """Part ``segment`` of the record (a later one) replayed from ``start``, cut first
        (:meth:`_cut_part`) when this is its first replay and it holds a line the table played
        on from. As for the first part (:meth:`_first_replay`), a card the part as played
        whole cannot place (the refused lead out of turn, back in its owner's hand from the
        table's refusal, played later in the part) is looked past: the part up to that line
        is replayed, and when it holds such a line before it the part is cut there, the card
        then played on from the ruling. Raises RulingError where neither places it."""
        file = self.case.file
        # (dummy's card called at the end of the part before, not yet faced: the part faces it)
        head: tuple[AnyEvent, ...] = ()
        unfaced = self._unfaced_call(start, segment)
        if unfaced is not None:
            head, start = (unfaced[0],), unfaced[1]
        lines = (*head, *self._segments[segment])
        try:
            replay = replay_events(start, lines, file=file)
        except IllegalActionError as err:
            found = None if segment in self._looked_for_cut else _cut_at_error(self.book, start, lines, err, file)
            if found is None or found[1] < len(head):
                raise
            cut = found[1] - len(head)
            self._looked_for_cut.add(segment)
            self._split_part(segment, cut)
            return replay_events(start, (*head, *self._segments[segment]), file=file)
        if segment not in self._looked_for_cut and self._cut_part(segment, replay, len(head)):
            replay = replay_events(start, (*head, *self._segments[segment]), file=file)
        return replay

    def _call_the_part_faces(self, start: TableState, segment: int) -> Call | None:
        """Declarer's call of dummy's card that ended the part of the record before
        ``segment`` (only changes of designation after it, then ``attention``), when this part
        opens with dummy's placing line (after declarer's changes of designation, if any): the
        line faces the card for that call, at dummy's turn as the table stood. None otherwise."""
        lines = self._segments[segment]
        dummy, declarer = start.dummy, start.declarer
        j = 0
        while j < len(lines) and type(e := lines[j]) is ChangeDesignation and e.seat is declarer:
            j += 1
        if j == len(lines) or type(first := lines[j]) is not Play or first.seat is not dummy:
            return None
        before = self._segments[segment - 1]
        end = next((i for i, e in enumerate(before) if type(e) is Attention), len(before))
        k = end - 1
        while k >= 0 and type(e := before[k]) is ChangeDesignation and e.seat is declarer:
            k -= 1
        call = before[k] if k >= 0 else None
        if type(call) is not Call or call.seat is not declarer:
            return None
        return call

    def _unfaced_call(self, start: TableState, segment: int) -> tuple[Call, TableState] | None:
        """Declarer's call of dummy's card that ended the part of the record before
        ``segment`` (only changes of designation after it, then ``attention``), when this part
        opens with dummy's placing line (after declarer's changes of designation, if any: he
        changed the call after play resumed, 45C4(b)) and the card the call played (45C4(a))
        still stands as the last card on ``start`` (the ruling between left it): dummy had
        not faced it when attention was drawn, so the line faces the card designated or one
        not designated (45D), as in a record of one part (a ruling that leaves the card, and
        ``resume``, change nothing: docs/whole-record.md). The call, and ``start`` with that
        card back in dummy's hand, for the part to be replayed from the call; None otherwise."""
        call = self._call_the_part_faces(start, segment)
        if call is None:
            return None
        dummy = start.dummy
        card = call.what.card
        if card is None:  # (a call naming no card: the card the reader placed for it, if any)
            played = self._parts_before(segment)[-1]
            plays = played.table.tricks[-1].plays if played.table.tricks else ()
            if not plays or plays[-1][0] is not dummy or any(u is call for u in played.unapplied):
                return None
            card = plays[-1][1]
        table = start.not_yet_faced(dummy, card)
        return None if table is None else (call, table)

    def _first_replay(self, case: Case, book: RuleBook) -> tuple[Replay, int | None]:
        """The record's first part replayed whole (``Case.replay``). When a card in it cannot
        be placed (a card played again that the table as played holds already: the refused
        lead out of turn, a penalty card from the table's refusal, played later), and the
        part before that line holds a line the table played on from (``played_on_from``:
        the refusal ruled at the table), that part is replayed up to the line instead, and
        the cut found there is returned with it (else None): the record after
        the cut is played on from the ruling, where the card is in its owner's hand again."""
        try:
            return case.replay(), None
        except IllegalActionError as err:
            found = _cut_at_error(book, case.initial_state(), case.first_segment, err, case.file)
            if found is None:
                raise
            return found

    def _is_cut(self, segment: int) -> bool:
        """Whether part ``segment`` of the record ends where the table played on from a choice
        ruled there, before attention (``_cut``, :meth:`_cut_part`): a later part follows it
        and it holds no attention line (a part that ends at a ``resume`` line holds one)."""
        return segment + 1 < len(self._segments) and not any(type(e) is Attention for e in self._segments[segment])

    def _replay_key(self, start: TableState, segment: int, replay: Replay) -> Hashable:
        """Which replay of a later part of the record this is, for what its openings find
        (read once for each): the cards standing when it began; who is declarer (54A can
        make declarer's partner declarer: the part's calls from dummy are then another
        player's); which of its lines the replay did not apply (a call of a card dummy
        holds on one restoration is a designation to rule where he has played it); and
        whether it was replayed from the call of the part before (:meth:`_unfaced_call`)."""
        unapplied = replay.unapplied
        lines = tuple(i for i, e in enumerate(self._segments[segment]) if any(e is u for u in unapplied)) if unapplied else ()
        part = self._segments[segment]
        # (replayed from the call of the part before, dummy's card not yet faced: _unfaced_call)
        unfaced = bool(part and replay.before and replay.before[0] is not part[0])
        return (sum(len(t.plays) for t in start.tricks), start.declarer.index, lines, unfaced)

    @staticmethod
    def _played_again(seen: Set[object], start: TableState, table: TableState, standing: bool) -> list[OutOfTurn]:
        """The plays out of turn (entries) a later part of the record, begun on ``start``
        and played to ``table``, adds where ``seen`` (an earlier part's rulings) already holds
        that key: the table keeps every entry it recorded, so a new one shows as one more.
        ``standing``: those where his earlier card there still stands on ``start`` (a second
        card of his in the trick); else those where it was taken back (a new play)."""
        before, now = Counter(start.out_of_turn), Counter(table.out_of_turn)
        out: list[OutOfTurn] = []
        for p in now:
            if p in seen and now[p] > before[p]:
                had = start.trick(p[0])
                if (had is not None and any(s is p[1] for s, _ in had.plays)) is standing:
                    out.append(p)
        return out

    @classmethod
    def _seen_again(cls, seen: frozenset[object], start: TableState, table: TableState) -> frozenset[object]:
        """What an earlier part's rulings ruled, as a later part begins on ``start`` and is
        played to ``table``: less the plays out of turn (trick, seat) whose card those rulings
        took back, when the part has that seat play out of turn in that trick again (dummy
        leads from the wrong hand once more): that play is a new one, to rule. So too a card
        standing as played (its ``played`` key) that those rulings took back, when the part
        plays that card again on that trick (declarer's lead to the next trick withdrawn under
        44G after a 45D1 correction, then played there as a revoke): a new play, to rule."""
        gone: list[object] = []
        if any(p in seen for p in table.out_of_turn):
            gone.extend(cls._played_again(seen, start, table, standing=False))
        for key in seen:
            if isinstance(key, tuple) and len(key) == 4 and key[0] == "play":
                _, number, seat, card = key
                before, now = start.trick(number), table.trick(number)
                if now is not None and now.card_of(seat) == card and (before is None or before.card_of(seat) != card):
                    gone.append(key)
        return seen.difference(gone) if gone else seen

    def _parts_before(self, segment: int) -> tuple[Replay, ...]:
        """The parts of the record before ``segment``, as played: the first, and one replay
        of each later one (its lines are the same whichever restoration it was played on
        from)."""
        if segment == 1:
            return (self.replay,)
        later: dict[int, Replay] = {}
        for (s, _), r in self._segment_replays.items():
            if 0 < s < segment:
                later.setdefault(s, r)
        return (self.replay, *(later[s] for s in sorted(later)))

    def _closed_by_count(self, replay: Replay, closed: set[object], notices: list[Notice]) -> None:
        """The count after play of a later part of the record ruled its lines ``closed``
        (a claim, ``remaining``, the director's findings Law 64 reads), on this restoration:
        no notice says they are not ruled (one said on a restoration where nothing was left
        to count is taken back); and the count's own ``notices`` are said once."""
        lines = {getattr(e, "line", None) for e in (*replay.unapplied, *replay.after) if handled_key(e) in closed}
        unruled = {n for n in _unruled_lines(replay, set()) if n.line in lines}
        said = set(self.notices)
        self.notices = (*(n for n in self.notices if n not in unruled), *(n for n in dict.fromkeys(notices) if n not in said))

    def _out_of_turn_by_the_ruling(self, unruled: list[tuple[int, Seat, Card, int | None]],
                                   segment: int) -> tuple[int | None, str] | None:
        """Of the plays out of turn of a later part of the record that no ruling on the path
        ruled (:meth:`_unruled_plays_left`), one that came in turn on the record as played,
        each part played on from the table as it stood before any ruling (or came on another
        trick there): the line that placed it and why (None when there is none). Such a part
        is what the record looks like from a restoration that moved a card the part plays
        (decision ``play_out_of_turn_only_on_the_restoration_drops_it``)."""
        if not self.book.decisions.play_out_of_turn_only_on_the_restoration_drops_it:
            return None
        played = self._out_of_turn_as_played(segment)
        if played is None:
            return None
        for trick_no, seat, card, line in unruled:
            if (trick_no, seat, card) not in played:
                return line, (f"{seat} plays {card} to trick {trick_no} out of turn there, a card that came in turn "
                              "on the table as it stood before the ruling, or on another trick")
        return None

    def _out_of_turn_as_played(self, segment: int) -> frozenset[OutOfTurn] | None:
        """The cards played out of turn in the record's parts up to ``segment`` played on,
        each from the table as it stood, no ruling between (None when the cards cannot be
        placed so)."""
        kept = self._as_played.get(segment)
        if kept is not None or segment in self._as_played:
            return kept
        lines: list[AnyEvent] = []
        for part in self._segments[: segment + 1]:
            for e in part:
                if isinstance(e, Attention):
                    break
                lines.append(e)
        try:
            found: frozenset[OutOfTurn] | None = frozenset(
                replay_events(self.case.initial_state(), lines, file=self.case.file).table.out_of_turn)
        except RulingError:
            found = None
        self._as_played[segment] = found
        return found

    def _unruled_plays_left(self, table: TableState, task: Reopen) -> list[tuple[int, Seat, Card, int | None]]:
        """The plays out of turn of a later part on ``table`` that no ruling on the path
        ruled (nor the line that placed them), as (trick, seat, card, line)."""
        part = (task.segment, task.base)
        record = self._segment_replays.get(part)
        if record is None:
            return []
        left = [p for p in table.out_of_turn if p not in task.seen]
        if task.start is not None and task.start.out_of_turn:
            # a play out of turn of this part whose (trick, seat) key a ruling of an earlier
            # part holds (the same seat out of turn in the same trick again) while his
            # earlier card there still stands: no rule of this part reads it (the key says
            # ruled), so it is said when it still stands. (One whose earlier card was taken
            # back is ruled as a new play: _seen_again.)
            left += self._played_again(task.seen, task.start, table, standing=True)
        if not left:
            return []
        # (the table keeps the plays out of turn it recorded; a ruling may have made one of
        # them a play in turn since, a change of the trick before it giving the lead to its
        # player: a play out of turn is one still, on the cards as they stand)
        try:
            still = {(n, s) for n, s, _ in table.restart().play_many([(s, c) for _, s, c in table.plays()]).out_of_turn}
        except RulingError:
            return []
        out: list[tuple[int, Seat, Card, int | None]] = []
        for trick_no, seat, card in left:
            trick = table.trick(trick_no)
            seats = [s for s, _ in trick.plays] if trick is not None else []
            if (trick_no, seat) not in still or seats.count(seat) != 1:
                continue  # (in turn now; withdrawn since; or a second card: _second_card)
            placing = self._placing(trick_no, seat, record.with_table(table), part)
            if any(handled_key(e) in task.seen for e in placing):
                continue
            out.append((trick_no, seat, card, getattr(placing[-1], "line", None) if placing else None))
        return out

    def _say_unruled_plays(self, unruled: list[tuple[int, Seat, Card, int | None]]) -> None:
        """At the end of a path's ruling of a later part of the record: a play out of turn
        on its table that no ruling on the path ruled (nor the line that placed it,
        :meth:`_unruled_plays_left`) is said, as :meth:`_unruled` says those of the first
        part (once for the record)."""
        for trick_no, seat, _, line in unruled:
            notice = Notice(line, f"{seat} played out of turn to trick {trick_no}: not yet ruled on", "not_ruled")
            if notice not in self.notices:
                self.notices = (*self.notices, notice)

    def _second_card_unexplained(self, replay: Replay, part: Part) -> tuple[tuple[int | None, str] | None, frozenset[tuple[int, Seat]]]:
        """As :meth:`_refuse_impossible` for a later part of the record: a seat with two
        cards in one trick that no irregularity ruled on explains, on the table this
        restoration played the part on to; the line that placed the second card and why
        (None when there is none: that restoration is not one the record can go on from);
        and the seats' second cards said rather than refused on this table (this path's
        ``Reopen.apart``)."""
        said: frozenset[tuple[int, Seat]] = frozenset()
        for trick_no, seat, mine, line, apart in self._second_cards(replay, part, self._part_ruled.get(part, frozenset()),
                                                                  self._part_shaped.get(part, frozenset())):
            if apart:
                said |= {(trick_no, seat)}
                notice = _second_card_unruled(trick_no, seat, mine, line)
                if notice not in self.notices:
                    self.notices = (*self.notices, notice)
                    self._apart_said.setdefault((trick_no, seat), notice)
                    self.provisional |= {notice}
                continue
            return (line, (f"{seat} plays a second card ({mine[1]}) to trick {trick_no} after {mine[0]}, and no "
                           "irregularity of the record explains it")), said
        return None, said

    def _second_cards(self, replay: Replay, part: Part, ruled: Set[object],
                      shaped: Set[object] = frozenset()) -> Iterator[tuple[int, Seat, list[Card], int | None, bool]]:
        """Each seat with two cards in one trick of ``replay``'s table that nothing ``ruled``
        explains (neither the play out of turn nor a line that placed one of them; ``shaped``:
        the plays out of turn an opening explains by its trick's shape, every card of the seat
        there): its trick, seat, cards there, the line of the second card, and whether other
        players' cards came between his (after a lead out of turn ruled: see below)."""
        table = replay.table
        entries = table.out_of_turn
        pairs = dict.fromkeys(e[:2] for e in entries)
        for trick_no, seat in pairs:
            # a play out of turn ruled explains one card: when both of the seat's cards in the
            # trick were out of turn (a lead out of turn and a card after it), the second needs
            # more: a ruling of that card (its ``played`` key), of a line that placed one of
            # them or came between them (a player misinformed, who took his lead back), or an
            # opening that explains the trick's shape (a card missing from it or one too many)
            own = [e for e in entries if e[0] == trick_no and e[1] is seat]
            twice = len(own) > 1
            ruled_here = any(e in ruled for e in own)
            if ruled_here and (not twice or any(e in shaped for e in own)):
                continue
            trick = table.trick(trick_no)
            mine = [c for s, c in trick.plays if s is seat] if trick is not None else []
            if len(mine) < 2:
                continue
            if played(trick_no, seat, mine[1]) in ruled:
                continue  # a rule family rules the second card itself (a lead to the next trick, 57A)
            placing = self._placing(trick_no, seat, replay, part)
            if any(handled_key(e) in ruled for e in placing):
                continue  # a rule family rules the line that placed one of them
            if twice and ruled_here and len(placing) > 1 and self._ruled_between(placing[0], placing[1], ruled):
                continue
            assert trick is not None  # (the seat has two cards there)
            seats = [s for s, _ in trick.plays]
            first = seats.index(seat)
            # (after his lead out of turn, ruled, and other players' cards: a lead to the next
            # trick before this one ended, which that ruling does not rule: said, not refused)
            apart = twice and ruled_here and seats[first + 1] is not seat
            yield trick_no, seat, mine, getattr(placing[1], "line", None) if len(placing) > 1 else None, apart

    def _ruled_between(self, first: object, second: object, ruled: Set[object]) -> bool:
        """Whether a record line between the events ``first`` and ``second`` is one ``ruled``
        rules on."""
        events = self.case.events
        at = {id(e): i for i, e in enumerate(events)}
        i, j = at.get(id(first)), at.get(id(second))
        return i is not None and j is not None and any(handled_key(e) in ruled for e in events[i + 1:j])

    def _refuse_never_held(self, segment: int) -> None:
        """A play line of the part ``segment`` of the record naming a card its seat was not
        dealt: bad input, whatever the rulings before it did (a card a restoration took from
        a hand is one the seat held)."""
        deal = self.replay.table.deal
        for e in self._segments[segment]:
            if isinstance(e, Play) and deal.holder(e.card) is not e.seat:
                holder = deal.holder(e.card)
                where = f"it is in {holder}'s hand" if holder is not None else "it is not in the deal"
                raise IllegalActionError(f"card {str(e.card)!r} is not in {e.seat}'s hand ({where})",
                                         token=str(e.card)).at(e, file=self.case.file)

    def _left_in_hand(self, table: TableState, task: Reopen) -> str | None:
        """The last cards the part of the record ``task`` ends placed on its tricks (as
        replayed on this path) that ``table``, a restoration of it, leaves in the hands with no
        ruling having taken them back, in words (None when there are none): their seats have
        fewer cards on the tricks, with those withdrawn to their hands, than the record
        placed, and every card the record placed after them is one of them. A ruling that
        carries the record on after its rectification (the designation rules' walk) and meets
        a line the table does not take (a card a substitute under 47D has put on an earlier
        trick) stops there, the record's later cards left in the hands."""
        record = self.replay if not task.segment else self._segment_replays.get((task.segment, task.base))
        if record is None:
            return None
        played = record.table
        counts = [0, 0, 0, 0]
        for _, s, _ in played.plays():
            counts[s.index] += 1
        for _, s, _ in table.plays():
            counts[s.index] -= 1
        for w in table.withdrawn:
            if w.replaced_by is None:
                counts[w.seat.index] -= 1
        for w in played.withdrawn:
            if w.replaced_by is None:
                counts[w.seat.index] += 1
        if max(counts) <= 0:
            return None
        on = {(s, c) for _, s, c in table.plays()}
        on.update([(w.seat, w.card) for w in table.withdrawn])
        # (a card he must play at his turn, back in his hand: 57D)
        on.update([(r.seat, r.card) for r in table.play_rules if r.card is not None])
        cards = [(s, c) for _, s, c in played.plays()]
        left = [k for k, (s, c) in enumerate(cards) if counts[s.index] > 0 and (s, c) not in on]
        # (the record's last cards, each after the others the ruling placed: the course the
        # ruling took stopped there; a card a ruling sends back to the hand with an obligation,
        # 57D, has cards placed after it)
        if not left or left != list(range(len(cards) - len(left), len(cards))):
            return None
        return ", ".join(f"{cards[k][0]} {cards[k][1]}" for k in left)

    def _cannot_go_on(self, table: TableState, segment: int) -> bool:
        """Whether the part ``segment`` of the record cannot have been played on from ``table``
        (a restoration of the parts before it): the part before it ended with that trick
        complete, as played, so the record went on with a new trick, but the ruling left
        that trick a card short (a lead out of turn withdrawn under 53B, the proper leader's
        card leading it): the next card would fill it, not begin the trick the record shows.
        Not the restoration the table went on from. (A trick the table as played does not
        hold, begun by a card a ruling put in place, a fifth card found led, 45E, is the one
        the record goes on with.)"""
        current = table.current_trick
        if current is None or current.is_complete:
            return False
        played = self.replay.table if segment == 1 else next(
            (r.table for (s, _), r in self._segment_replays.items() if s == segment - 1), None)
        same = played.trick(current.number) if played is not None else None
        # (a trick read with four cards, one seat's two among them, his second his lead to the
        # next trick that the ruling took off, still waits for the seat that had not played)
        return same is not None and same.is_complete and len({s for s, _ in same.plays}) == 4

    def _trick_taken_back(self, table: TableState, segment: int, end: TableState) -> tuple[int | None, str] | None:
        """Where the part ``segment`` of the record opens with a card played to the trick in
        progress when the part before it ended, as played, at its player's turn there, and
        ``table`` (a restoration of the parts before it) took back a card of that trick played
        in turn there with nothing in its place, its player to play there again (a lead in
        turn a non-offender withdrew at his option, 62C1), so that the part's card, another
        seat's, is out of turn on it: the record has no card of his in its place, and the part
        was played on from the table as it stood, not from this restoration, which took back
        the card it plays to (decision ``play_out_of_turn_only_on_the_restoration_drops_it``).
        Not so a lead out of turn taken back (refused, 53B, 54, 56) nor a card taken back where
        another seat then plays (a lead to the next trick made before a correction gave the
        trick to another hand, 44G): the part played on after it is read as the table played it
        on (docs/whole-record.md); nor where the rulings of the part, read from this
        restoration, leave every trick from that one on in rotation (``end``, the path's table
        once they are done: the part's cards read as a lead out of turn and the cards played to
        it, 53A, 53B). The line and why; None otherwise."""
        if not self.book.decisions.play_out_of_turn_only_on_the_restoration_drops_it:
            return None
        lines = self._segments[segment]
        first = lines[0] if lines else None
        if type(first) is not Play or not table.withdrawn:
            return None
        played = self.replay.table if segment == 1 else next(
            (r.table for (s, _), r in self._segment_replays.items() if s == segment - 1), None)
        if played is None:
            return None
        cur = played.current_trick
        if cur is None or cur.is_complete or not cur.plays or cur.next_seat is not first.seat or table.on_play is first.seat:
            return None
        now = table.trick(cur.number)
        standing = set(now.plays) if now is not None else set()
        irregular = {(s, c) for n, s, c in played.out_of_turn if n == cur.number}
        back = next((w for w in table.withdrawn if w.trick == cur.number and w.replaced_by is None
                     and (w.seat, w.card) in cur.plays and (w.seat, w.card) not in standing
                     and (w.seat, w.card) not in irregular and w.seat is table.on_play), None)
        if back is None:
            return None
        garbled = next((t.number for t in end.tricks if t.number >= cur.number and not t.in_rotation), None)
        if garbled is None:
            return None
        return first.line, (f"{first.seat} plays {first.card} to trick {cur.number} after {back.seat}'s {back.card}, which "
                            f"the ruling takes back: out of turn there, a card played in turn on the table as it stood, "
                            f"and read from there the record leaves trick {garbled} out of rotation")

    def _lead_played_on_taken_back(self, table: TableState) -> bool:
        """Whether a card that leads a trick of the record as played (the table played on from
        it as that trick's lead) is taken back on ``table`` with nothing in its place, its
        seat's card missing from a trick before the last while the next is begun: the path's
        rulings made it a card out of turn that went back (a ruling gave the trick before to
        another hand, a change of designation refused and the opponent's substitute winning
        it, 45C4(b), 47D; dummy's premature card then no legal play, 57C3), and the record has
        no other card of his for that trick."""
        if not table.withdrawn:
            return False
        tricks = table.tricks
        led = self._first_part_leads
        for i in range(len(tricks) - 1):
            t = tricks[i]
            if t.is_complete or not tricks[i + 1].plays:
                continue
            if any(w.trick == t.number and w.replaced_by is None and t.card_of(w.seat) is None
                   and (w.seat, w.card) in led for w in table.withdrawn):
                return True
        return False

    def _out_of_rotation_where_the_ruling_moved_a_card(self, table: TableState, segment: int,
                                                       end: TableState) -> tuple[int | None, str] | None:
        """Where the part ``segment`` of the record opens with a card played at its player's
        turn on the table as it stood when the part before it ended (the next card to the trick
        in progress there, or dummy's card for declarer's call that ended that part), and
        ``table`` (a restoration of the parts before it) took back a card that stood there, on
        that trick or the one before, so that the part's card is out of turn on it (a lead
        refused, 56, or one whose trick a correction gave to another hand, 44G, that the card
        was played to; dummy's called card replaced under 62C1 or 62C2, the trick then complete), and
        the rulings of the part read from this restoration (``end``, the path's table once they
        are done) leave a trick from there on whose cards do not stand in rotation from its
        leader (44B): the part was played on from the table as it stood, not from this
        restoration, which moved the card it goes on from (decision
        ``play_out_of_turn_only_on_the_restoration_drops_it``). A reading of the part that stays
        in rotation there is kept. The part's first line and why; None otherwise."""
        if not self.book.decisions.play_out_of_turn_only_on_the_restoration_drops_it or self._is_cut(segment - 1):
            return None  # (a part the table played on from a choice ruled there: from that ruling)
        played = self.replay.table if segment == 1 else next(
            (r.table for (s, _), r in self._segment_replays.items() if s == segment - 1), None)
        if played is None or not played.tricks:
            return None
        call = self._call_the_part_faces(table, segment)
        lines = self._segments[segment]
        first = next((e for e in lines if type(e) is Play), None) if call is not None else (lines[0] if lines else None)
        if type(first) is not Play or table.on_play is first.seat:
            return None
        cur = played.current_trick
        if call is None and (cur is None or cur.is_complete or not cur.plays or cur.next_seat is not first.seat):
            return None  # (not his turn as the table stood either)
        last = played.tricks[-1].number
        # (for the call: the card it played, the last standing as the table stood, dummy's)
        called = played.tricks[-1].plays[-1] if call is not None and played.tricks[-1].plays else None
        moved: Withdrawal | None = None
        for w in table.withdrawn:
            stood = played.trick(w.trick) if w.trick >= last - 1 else None
            if stood is None or (w.seat, w.card) not in stood.plays or (moved is not None and w.trick < moved.trick):
                continue
            if call is None or (w.trick == last and (w.seat, w.card) == called and w.seat is table.dummy):
                moved = w
        if moved is None:
            return None
        # (a trick with a seat's second card is the second-card decision's to rule:
        # ``second_card_in_a_part_played_on_drops_the_restoration``; where the part's card
        # is not dummy's for the call, a trick whose cards out of turn may stand there, 57C1,
        # 57C3, is read as ruled)
        declaring = end.declarer.side
        garbled = next((t.number for t in end.tricks if t.number >= last and not t.in_rotation
                        and len({s for s, _ in t.plays}) == len(t.plays)
                        and (call is not None or not _premature_cards_stand(t, declaring))), None)
        if garbled is None:
            return None
        done = (f"replaces {moved.seat}'s {moved.card} on trick {moved.trick} with {moved.replaced_by}"
                if moved.replaced_by is not None else f"takes {moved.seat}'s {moved.card} on trick {moved.trick} back")
        what = "places" if call is not None else "plays"
        why = " for declarer's call that ended the part before" if call is not None else ""
        return first.line, (f"{first.seat} {what} {first.card}{why}, at his turn as the table stood; the ruling {done}, "
                            f"so that the card is out of turn, and read from there the record leaves trick {garbled} "
                            "out of rotation")

    def _fifth_card_off_the_table(self, table: TableState) -> bool:
        """Whether a fifth card of the record's first part (45E) is on no trick of ``table``,
        or stands only where a later ruling of the path put it in place of a card taken back
        (a substitute: a revoke's correction, 62B, or a non-offender's change after it, 62C1):
        the path found it not led (back in the hand, or a penalty card), and the record's
        later cards were played on from the table that took it as led."""
        placed = {c for t in table.tricks for _, c in t.plays}
        substituted = {w.replaced_by for w in table.withdrawn if w.replaced_by is not None}
        return any(c not in placed or c in substituted for c in self._first_part_fifths)

    def _short_before_last(self, table: TableState, short_only: bool = False) -> tuple[int | None, str] | None:
        """A trick of ``table`` (a path's ruling of a later part of the record done) left
        without a seat's card with a later trick begun: where a ruling before the part took
        back a card the part was played on after (a lead refused, a card moved), the part's
        cards fall one place on, a seat's card to that trick missing (the trick short, or
        another seat's next card in its place), its next card a lead. The line of the first
        card of the next trick and why; None when every trick before the last holds a card
        of each seat (but the one a defective trick left without, 67B). A seat's second card
        in the missing card's place ends the path only with the decision
        ``second_card_in_a_part_played_on_drops_the_restoration`` (off, the card is said);
        ``short_only``: never (the record's first part, where such a card is said)."""
        tricks = table.tricks
        for i in range(len(tricks) - 1):
            t = tricks[i]
            if not tricks[i + 1].plays or (len(t.plays) == 4 and len({s for s, _ in t.plays}) == 4):
                continue
            if len(t.plays) == 4 and (short_only or not self.book.decisions.second_card_in_a_part_played_on_drops_the_restoration):
                continue  # (another seat's second card in its place: kept, and said, with the decision off)
            # (a seat's card missing: the trick short, or another seat's second card in its
            # place; not the seat a defective trick left without one, 67B)
            missing = [s.name for s in Seat if t.card_of(s) is None and s is not t.short]
            if not missing:
                continue
            seat, card = tricks[i + 1].plays[0]
            line = next((e.line for e in self.case.events if _names_card(e, card)), None)
            return line, (f"on it the record's cards leave trick {t.number} without a card of "
                          f"{' or '.join(missing)} when {seat} leads {card} to trick {tricks[i + 1].number}, "
                          "and a trick is complete before the next is led")
        return None

    # ----- choices recorded at the table --------------------------------------------------------
    def _recorded_choices(self, replay: Replay, ruled: set[object]) -> tuple[RecordedChoice, ...]:
        """The lines after attention no rule family reads itself that record a player's choice."""
        if not replay.after:
            return ()
        out: list[RecordedChoice] = []
        for e in replay.after:
            if handled_key(e) in ruled:
                continue
            if isinstance(e, Play):
                forms = {normal_choice(str(e.card)), normal_choice(f"change to {e.card}")}
            elif isinstance(e, ChangeDesignation):
                forms = {normal_choice(f"change to {e.card}")}
            elif isinstance(e, Chooses):
                forms = {normal_choice(e.words)}
            else:
                continue
            out.append(RecordedChoice(e, e.seat, frozenset(forms), getattr(e, "line", None)))
        return tuple(out)

    def _part_answers(self, replay: Replay, recorded: tuple[RecordedChoice, ...]) -> tuple[Answer, ...]:
        """The :class:`Answer` s of a part of the record (``replay``), but those whose lines
        are recorded choices the engine settles in record order already (``recorded``)."""
        if not replay.after:
            return ()
        found = self.book.answers(replay)
        if not found or not recorded:
            return found
        mine = {id(r.event) for r in recorded}
        return tuple(a for a in found if not any(id(e) in mine for e in a.lines))

    def _answered(self, node: Node, edges: list[Edge], answers: tuple[Answer, ...]) -> list[Edge] | None:
        """At a player's decision with options (``edges``): the edges the first answer of the
        record not yet ruled on this path names, with its lines counted ruled on the path
        (added to what its next :class:`Reopen` has seen); None when none names one. A
        choice recorded at the table settles the decision it answers whichever rule offers
        it (a rectification that leaves the position, or the rule family that reads the
        lines, on the table the rulings before it leave), once on a path."""
        reopen = next((t for t in node.agenda if isinstance(t, Reopen)), None)
        seen = reopen.seen if reopen is not None else frozenset()
        deciders = frozenset().union(*(actor_seats(step.actor) for step, _ in edges))
        for a in answers:
            if a.seat not in deciders:
                continue
            keys = frozenset([handled_key(e) for e in a.lines])
            if not keys.isdisjoint(seen):
                continue  # (ruled on this path already)
            chosen = [(s, c) for s, c in edges if s.clause in a.clauses and a.seat in actor_seats(s.actor)
                      and normal_choice(s.choice) == a.choice]
            if chosen:
                said = "; ".join(_line_said(e, chosen[0][0]) for e in a.lines)
                return [(dataclasses.replace(s, text=f"{s.text} (recorded: {said})", recorded=True), _with_seen(c, keys))
                        for s, c in chosen]
        return None

    def _decide(self, node: Node, edges: list[Edge]) -> tuple[list[Edge], int]:
        """Keep the edge the next recorded choice names, when this node is that player's
        decision; return the edges and how many recorded lines the path has now settled."""
        if not edges or not self._some_recorded:
            return edges, node.recorded  # (no part of the record read so far records a choice)
        segment = next((t.segment for t in node.agenda if isinstance(t, Reopen)), 0)
        answers = self._answers_by.get(segment)
        if answers and len(edges) > 1 and all(step.choice and step.actor != "TD" for step, _ in edges):
            answered = self._answered(node, edges, answers)
            if answered is not None:
                return answered, node.recorded
        recorded = self._recorded_by.get(segment, ())
        if node.recorded >= len(recorded):
            return edges, node.recorded
        if not all(step.choice and step.actor != "TD" for step, _ in edges) or (len(edges) == 1 and edges[0][0].past):
            return edges, node.recorded
        line = recorded[node.recorded]
        deciders = frozenset().union(*(actor_seats(step.actor) for step, _ in edges))
        if len(edges) == 1 and (line.seat not in deciders or not _names(line, edges[0][0])):
            # one course (the Laws leave the player no other, 62C2 "must leave it"; or the rule
            # read a recorded line itself, declarer's 50D2 choice) that the next recorded line
            # does not name: a later line of his that names it is taken here, on this path
            step = edges[0][0]
            taken = next((k for k in range(node.recorded + 1, len(recorded))
                          if recorded[k].seat in deciders and _names(recorded[k], step)), None)
            if taken is not None:
                self._taken.add((segment, taken))
        if line.seat not in deciders:
            return edges, node.recorded
        if len(edges) == 1:
            step = edges[0][0]
            if _names(line, step) and not _settled_by_another_line(step, line.event):
                return edges, node.recorded + 1
            if not step.recorded:
                # the Laws leave him one course here (62C2 "must leave it"); the line may
                # answer a later decision of his: refused only if none takes it
                self._barred.setdefault((segment, node.recorded), step)
            return edges, node.recorded
        chosen = [(s, c) for s, c in edges if line.seat in actor_seats(s.actor) and s.named_by(line.forms)]
        if not chosen:
            offered = ", ".join(dict.fromkeys(f"{line.seat} chooses {s.choice}" for s, _ in edges))
            from rulings.models.errors import InconsistentRecordError

            raise InconsistentRecordError(
                f"{str(line.event)!r} is not a choice the Laws offer here ({edges[0][0].question}); offered: {offered}",
                token=str(line.event)).at(line.event, file=self.case.file)
        declarer = node.table.declarer
        for step, _ in chosen:
            if declarer in actor_seats(step.actor):
                # (declarer's decision a plain recorded line settled, ``S chooses refuse``:
                # listed with his choices at the table as a line a rule reads is, :attr:`choices`)
                said = _line_said(line.event, step)
                self._recorded_said.setdefault(f"{said} (recorded): {step.choice} ({step.clause}; {step.question})", said)
        return chosen, node.recorded + 1

    # ----- enumeration ----------------------------------------------------------------------------
    def expand(self, node: Node) -> list[Edge]:
        """The edges out of ``node``, each child settled (the next irregularity opened when
        one rectification is complete) and narrowed by the choices recorded at the table.
        Bad input a rule finds only while expanding is located at the case file and the line
        of the record event the task rules on."""
        if node.agenda and isinstance(node.agenda[0], Said):
            edges = [(node.agenda[0].step, node.evolve(agenda=node.agenda[1:]))]
            if self._states_choices:
                self._note_recorded(node, edges)
            return self._settled(edges)
        try:
            edges = self.book.expand(node)
        except RulingError as err:
            raise self._located(err, node) from None
        if self._states_choices:
            self._note_recorded(node, edges)
        if not self._some_recorded:  # (no part read so far records a choice: every node's count is 0)
            return self._settled([(step, _with_card_moved_in(node.table, child)) for step, child in edges])
        edges, recorded = self._decide(node, edges)
        if self._states_choices:
            self._note_recorded(node, edges)
        out: list[Edge] = []
        for step, child in edges:
            child = _with_card_moved_in(node.table, child)
            if child.recorded != recorded:
                child = child.evolve(recorded=recorded)
            if child.agenda and isinstance(child.agenda[0], ENGINE_TASKS):
                settled = self._settle(child)
                if settled is None:
                    continue  # the record goes on in a way this branch does not allow
                child = settled
            out.append((step, child))
        return out

    def _note_recorded(self, node: Node, edges: list[Edge]) -> None:
        """Keep each of declarer's decisions among ``edges`` that a line of the record settled
        (the step marked ``recorded``: "... (recorded: S requires H)"), for :attr:`choices`."""
        for step, _ in edges:
            if not step.recorded or not step.text.endswith(")"):
                continue
            at = step.text.rfind(_RECORDED)
            if at < 0 or node.table.declarer not in actor_seats(step.actor):
                continue
            said = step.text[at + len(_RECORDED):-1]
            text = f"{said} (recorded): {step.choice} ({step.clause}; {step.question})"
            self._recorded_said.setdefault(text, said)

    def _located(self, err: RulingError, node: Node) -> RulingError:
        line = _task_line(node.agenda[0] if node.agenda else None)
        if line is None and self.replay.attention is not None:  # the record as ruled at attention
            line = getattr(self.replay.attention, "line", None)
        return err.located(file=self.case.file, line=line)

    def _settled(self, edges: Sequence[Edge]) -> list[Edge]:
        """The edges with each child settled (those the record cannot go on from dropped)."""
        quick = [(step, self._settle(child) if child.agenda and isinstance(child.agenda[0], ENGINE_TASKS) else child)
                 for step, child in edges]
        return [(step, child) for step, child in quick if child is not None]

    def _expand_grouped(self, node: Node) -> tuple[list[Edge], Substitutions | None]:
        """:meth:`expand`, a rule's :class:`Substitutions` (its last item) left apart and
        not settled, when no part of the record read so far records a choice."""
        if self._some_recorded or (node.agenda and isinstance(node.agenda[0], Said)):
            return self.expand(node), None
        try:
            raw = self.book.expand_grouped(node)
        except RulingError as err:
            raise self._located(err, node) from None
        last = raw[-1] if raw else None
        group = last if isinstance(last, Substitutions) else None
        plain: Sequence[Edge] = raw[:-1] if group is not None else raw  # type: ignore[assignment]  # (edges only)
        edges = [(step, _with_card_moved_in(node.table, child)) for step, child in plain]
        if self._states_choices:
            self._note_recorded(node, edges)
        return self._settled(edges), group  # (no group: edges only)

    def _replicable(self, group: Substitutions) -> tuple[int, ...] | None:
        """The classes of the group's children whose leaves may be built from those of the
        first child of their class, or None: each child's ruling is that child's with its
        own card, to the end of the rule's tasks (the children are leaves once the
        rectification ends: one class; or the rule says so, ``Substitutions.classes``, and
        two children at least share a class); the rectification then ends the record (no
        later part to play on); and the reopening look cannot tell the children's tables
        apart: every opener it runs has a ``REOPEN_STATE`` test (one without runs whole on
        each table, and may find something on one child's and not on another's), and those
        tests read nothing the children differ in (:meth:`_same_look`). Whether each child
        made kept to that is checked when its ruling is done (:meth:`_others`)."""
        agenda = group.node.agenda
        n = len(group.subs)
        if not self.build_alike or n < _LAZY_FROM or not agenda or type(agenda[-1]) is not Reopen or self.book.look_reads_leader:
            return None
        kinds = group.classes
        if len(agenda) == 1:
            kinds = (0,) * n
        elif kinds is None or len(set(kinds)) == n:
            return None
        task: Reopen = agenda[-1]
        if task.segment + 1 != len(self._segments) and not self._later_blind(group, kinds, task.segment):
            return None
        # (an opener the look runs without a REOPEN_STATE test may find something on one
        # child's table and not on another's: a card exposed that one child plays)
        names, _ = self._reopen_names_of(task)
        states = self.book.reopen_states
        if any(n not in states for n in names):
            return None
        return kinds if self._same_look(group) else None

    def _later_blind(self, group: Substitutions, kinds: tuple[int, ...], part: int) -> bool:
        """Whether the later parts of the record, played on from each restoration of the
        group's children's rulings, may be played on once for each class (``kinds``), the
        others' restorations built from those (as within a part): what the later parts
        read of a child's table must be the same for every child of a class. Here, before
        the first child is ruled, what the record and the group show: every line of the
        later parts is a card played or ``attention``, with no line after the first
        ``attention`` of its part (no choice recorded there); no line of the later parts
        names a substitute of the group; the record has no claim and no ``remaining`` line
        (a claim is ruled on the hands as they stand); the substitutes of a class are of
        one suit, and the seat holds no card of that suit whose rank lies between two of
        them (so the seat's hand is the same to every rule that reads its suits, its
        counts, or its highest and lowest cards: its lawful cards, a revoke, 57A). What
        the child's ruling does (the winner of the trick where each later part is played
        on, the cards the rulings move, what they say) is read as it is made
        (:meth:`_winner_blind`, :meth:`_kept_later`)."""
        key = (part, len(self._segments))
        lines_ok = self._blind_parts.get(key)
        if lines_ok is None:
            lines_ok = self._blind_parts[key] = self._plain_later_parts(part)
        if not lines_ok:
            return False
        subs = group.subs
        named = self._later_cards.get(key)
        if named is None:
            named = self._later_cards[key] = frozenset(e.card for seg in self._segments[part + 1:] for e in seg if type(e) is Play)
        if not named.isdisjoint(subs):
            return False
        table, seat = group.table, group.seat
        trick = table.trick(group.trick)
        own = trick.card_of(seat) if trick is not None else None
        held = table.hand(seat) | {own} if own is not None else table.hand(seat)
        for kind in set(kinds):
            members = [c for c, k in zip(subs, kinds, strict=True) if k == kind]
            if len(members) < 2:
                continue
            suit = members[0] >> 4
            if any(c >> 4 != suit for c in members):
                return False
            low, high = min(members), max(members)
            if any(low < c < high and c not in members for c in held):
                return False
        return True

    def _plain_later_parts(self, part: int) -> bool:
        """Whether every part of the record after ``part`` holds only cards played and
        ``attention`` lines, none after its first ``attention``, and the record no claim and
        no ``remaining`` line (:meth:`_later_blind`)."""
        from rulings.models.events import ClaimTricks, Remaining

        if any(type(e) is ClaimTricks or type(e) is Remaining for e in self.case.events):
            return False
        for seg in self._segments[part + 1:]:
            attention = False
            for e in seg:
                if type(e) is Attention:
                    attention = True
                elif type(e) is not Play or attention:
                    return False
        return True

    @staticmethod
    def _class_of(rep: _Replicate) -> tuple[Card, frozenset[Card]]:
        """The card of the child ``rep`` rules now, and the substitutes of its class."""
        subs, kinds, i = rep.group.subs, rep.kinds, rep.index
        kind = kinds[i]
        return subs[i], frozenset(c for c, k in zip(subs, kinds, strict=True) if k == kind)

    def _winner_blind(self, rep: _Replicate, table: TableState) -> bool:
        """Whether on ``table``, where a later part of the record is played on within the
        ruling of ``rep``'s child, the group's trick is complete with the child's card in
        place, and is won by the same seat with any other card of its class in that place
        (who leads next, and which side won the trick, is the same for each)."""
        group = rep.group
        card, members = self._class_of(rep)
        trick = table.trick(group.trick)
        if trick is None or len(trick.plays) != 4:
            return False
        seats = [s for s, _ in trick.plays]
        if seats.count(group.seat) != 1:
            return False
        place = seats.index(group.seat)
        if trick.plays[place][1] != card:
            return False
        trumps = table.trumps
        winner = trick.winner(trumps)
        plays = trick.plays
        for c in members:
            if c != card and Trick(trick.number, trick.leader, (*plays[:place], (group.seat, c), *plays[place + 1:])).winner(trumps) is not winner:
                return False
        return True

    def _kept_later(self, rep: _Replicate) -> bool:
        """Whether the ruling of the child of a later-part group (``rep``) just made may
        stand for the others of its class: besides what :meth:`_later_blind` read before
        it, it opened no irregularity in the group's part, each later part was played on
        where the group's trick is won alike by every card of the class
        (:meth:`_winner_blind`), every restoration has the child's card on the trick and
        the class's other cards still in the seat's hand (none played, withdrawn, a penalty
        card, a revoke's card, named by a restriction, told by the ledger), no step after the
        child's, finding or restriction names a card of the class, and nothing the ruling
        said while it was made (notices, irregularities, why a part could not be played on)
        names one; and the record's irregularities not yet met are none (each path's
        table at the end of the first part is read for them)."""
        if rep.spoiled or (rep.part == 0 and self._unmet):
            return False
        group = rep.group
        number, seat = group.trick, group.seat
        card, members = self._class_of(rep)
        others = members - {card}
        texts = [c.text for c in members]
        notices, found, dropped, unread = rep.said
        if any(_names_any(texts, n.text) for n in self.notices if n not in notices):
            return False
        if any(_names_any(texts, n.text) for n in self._unread[unread:]):
            return False
        if any(_names_any(texts, i) for i in list(self._found_later)[found:]):
            return False
        if len(self._dropped) != dropped and any(_names_any(texts, why) for _, why in self._dropped.values()):
            return False
        read: set[int] = set()
        bases: dict[int, Restoration] = {}
        for leaf in rep.leaves:
            while type(leaf) is _Derived:
                swap: _Swap = leaf._swap
                if (swap.trick == number and swap.change[1] is seat) or swap.change[2] in members:
                    return False
                step = leaf._step
                if id(step) not in read:
                    read.add(id(step))
                    if _names_any(texts, step.text) or _names_any(texts, step.choice) or _names_any(texts, step.question):
                        return False
                leaf = leaf._source
            bases[id(leaf)] = leaf
        start = rep.steps + 1
        for base in bases.values():
            node = base.node
            table = node.table
            trick = table.trick(number)
            if trick is None or trick.card_of(seat) != card or not others <= table.hand(seat):
                return False
            if any(w.card in members or (w.replaced_by in members and not (w.seat is seat and w.trick == number))
                   for w in table.withdrawn):
                return False
            if any(p.card in members for p in table.penalty_cards) or any(p.card in members for p in table.played_penalty):
                return False
            if any(r.card in members or r.failed in members for r in table.revokes):
                return False
            if any(r.card in members for r, _ in table.established_by) or any(c in members for _, (_, c) in table.established_by):
                return False
            if any(c in members for _, c in table.misplaced_leads) or any(r.card in members for r in table.play_rules):
                return False
            if any(i.card in members for i in node.ledger):
                return False
            if any(_names_any(texts, f) for f in node.findings) or any(_names_any(texts, r) for r in node.restrictions):
                return False
            for step in base.path[start:]:
                if id(step) not in read:
                    read.add(id(step))
                    if _names_any(texts, step.text) or _names_any(texts, step.choice) or _names_any(texts, step.question):
                        return False
        return True

    @staticmethod
    def _same_look(group: Substitutions) -> bool:
        """Whether the reopening look cannot tell the group's children apart: a
        ``REOPEN_STATE`` test reads a table's revokes, its penalty cards in force and played,
        the number of cards standing, whether a revoke's card still stands where it was
        played (and not as its trick's lead), and the plays out of turn the table recorded
        (a child's are its parent's: a substitute takes its card's place); the substituted
        seat has one card on the trick, no substitute is the card of a revoke recorded there
        (the revoke corrected: its card stands in no child), and no substitute is a penalty
        card."""
        table, seat, number = group.table, group.seat, group.trick
        trick = table.trick(number)
        if trick is None or [s for s, _ in trick.plays].count(seat) != 1:
            return False
        if any(r.trick == number and r.seat is seat and r.card in group.subs for r in table.revokes):
            return False
        return not (table.penalty_cards and any(p.card in group.subs for p in table.penalty_cards))

    def _others(self, rep: _Replicate) -> list[Edge] | None:
        """The group's next children, made and settled, when the ruling of the child just
        made did not keep to what lets its leaves stand for those of its class: it opened
        another irregularity or played a later part of the record on (the reopening look
        found something), or one of its leaves no longer has the child's card where the
        group substituted it. None when it kept to it (the next children of its class are
        built from its leaves)."""
        group = rep.group
        if rep.part is not None:
            return None if self._kept_later(rep) else self._settled(group.edges_from(rep.index + 1))
        number, seat, card = group.trick, group.seat, group.subs[rep.index]
        kept = self._stages == rep.stages
        if kept:
            bases: dict[int, Restoration] = {}
            for leaf in rep.leaves:
                while type(leaf) is _Derived:
                    swap: _Swap = leaf._swap
                    kept = kept and not (swap.trick == number and swap.change[1] is seat)
                    leaf = leaf._source
                bases[id(leaf)] = leaf
            for base in bases.values():
                trick = base.node.table.trick(number)
                if trick is None or trick.card_of(seat) != card:
                    kept = False
                    break
        return None if kept else self._settled(group.edges_from(rep.index + 1))

    def _make_child(self, group: Substitutions, i: int, rep: _Replicate | None = None) -> tuple[list[Edge], bool]:
        """Make and settle the group's ``i``-th child (the first of its class): its edge (none
        when the record cannot go on from it), and whether its ruling may stand for its
        class's (it has one, and settling it opened nothing; for a later-part group ``rep``,
        nothing in the group's part: the child is watched while it is settled here, and again
        while its ruling is enumerated, :meth:`restorations`)."""
        if rep is None or rep.part is None:
            stages = self._stages
            child = self._settled([(group.steps[i], group.node.with_table(group.child(i)))])
            return child, bool(child) and self._stages == stages
        rep.index, rep.spoiled = i, False
        rep.said = (self.notices, len(self._found_later), len(self._dropped), len(self._unread))
        self._watching.append(rep)
        child = self._settled([(group.steps[i], group.node.with_table(group.child(i)))])
        self._watching.pop()  # (watched again while the child's ruling is enumerated: restorations)
        return child, bool(child) and not rep.spoiled

    #: whether :meth:`restorations` builds a group's children's restorations from those of
    #: the first child of their class (False: every child is made and expanded; the same
    #: restorations, slower: how the tests and ``make bench`` check the built ones)
    build_alike: bool = True
    #: nodes expanded by the last :meth:`restorations` run, and whether it stopped at its budget
    expanded: int = 0
    exhausted: bool = False
    #: the record cannot be played on from the first part's table (nothing to rule there):
    #: no restoration at all (``root`` is that table)
    _dead_end: bool = False
    #: how many times a later irregularity was opened or a later part played on (a group's
    #: child's ruling that does either stands for no other child: :meth:`_others`)
    _stages: int = 0
    #: what the restorations leave due that no rule of their paths enumerated, in the order
    #: first met (:meth:`RuleBook.left_due`; listed with :attr:`options_due`), and each met
    #: so far as (penalty cards in force, whom it concerns)
    _left_due: dict[str, None]
    _left_met: set[tuple[object, Seat]]
    #: for each part of the record before the last, the most of its recorded choices a path
    #: settled by the time play went on into the next part
    _settled_parts: dict[int, int]
    #: the last Reopen task settled and the openers it names (shared by sibling leaves)
    _reopen_task: object = None
    _reopen_names: frozenset[str] = frozenset()
    _reopen_record: Replay | None = None
    #: the later-part groups whose child's ruling is being made (:meth:`_make_child`), innermost last
    _watching: list[_Replicate]
    #: for each (part, number of parts): whether the parts after it are plain play (:meth:`_plain_later_parts`)
    _blind_parts: dict[tuple[int, int], bool]
    #: for each (part, number of parts): the cards the lines of the parts after it play
    _later_cards: dict[tuple[int, int], frozenset[Card]]

    def _note_made(self, leaf: Restoration, active: list[_Replicate]) -> None:
        """Keep what ``leaf``, a restoration the enumeration made on a table with a penalty
        card in force, leaves due that no rule of its path enumerated
        (:meth:`RuleBook.left_due`), where the player it names leads next. A :class:`_Kept`
        one, the source of built leaves (the groups ``active`` build from it), keeps in its
        ``__dict__`` what a leaf built from it may still tell (:meth:`_note_kept`,
        :meth:`_note_built`): a built leaf has its penalty cards, its substitute being none."""
        node = leaf.node
        due = self.book.left_due(node)
        if type(leaf) is not Restoration:
            leaf.__dict__["_left_due"] = self._note_kept(leaf, due, active) if due else ()
            return
        if not due:
            return
        kept = self._left_met
        pcs = node.table.penalty_cards
        leader: Seat | None = None
        read = False
        for seat, whom, reading in due:
            if (pcs, whom) in kept:
                continue
            if not read:
                leader, read = leaf.lead, True
            if seat is leader:
                kept.add((pcs, whom))
                self._left_due.setdefault(self.book.left_due_text(node, whom, reading), None)

    def _note_established(self, say: Callable[[Node], str | None], node: Node) -> None:
        """Keep what the closing says (``say``, :attr:`Opening.of_established`) of a
        restoration whose ruling leaves a revoke established (``node``), read once for each
        table and findings."""
        key = (node.table, node.findings)
        if key not in self._said_of_established:
            self._said_of_established[key] = say(node)

    def _say_of_established(self) -> None:
        """Once every restoration is enumerated: one notice for each text the closing said of
        the restorations whose ruling leaves a revoke established (:meth:`_note_established`):
        the restorations that leave the same revokes are one group."""
        for text in dict.fromkeys(t for t in self._said_of_established.values() if t is not None):
            notice = Notice(None, text)
            if notice not in self.notices:
                self.notices = (*self.notices, notice)

    def _note_built(self, leaf: Restoration) -> None:
        """:meth:`_note_made` on a leaf built from another (:class:`_Derived`): what the
        :class:`_Kept` restoration it comes from may still tell (:meth:`_note_kept`), read
        with the leaf's own next leader (:func:`_lead_built`) while it tells something not
        yet kept. A group whose sources' items are all kept builds its leaves without
        reading them (``_Replicate.due``, :meth:`_telling`)."""
        base = leaf
        while type(base) is _Derived:
            base = base._source
        due: tuple[tuple[Seat, Seat, int], ...] | None = base.__dict__.get("_left_due")
        if not due:
            return
        kept = self._left_met
        pcs = base.node.table.penalty_cards
        for _, whom, _ in due:
            if (pcs, whom) not in kept:
                break
        else:
            return  # (nothing this leaf can tell is not kept already)
        leader = _lead_built(base, leaf)
        for seat, whom, reading in due:
            if seat is leader and (pcs, whom) not in kept:
                kept.add((pcs, whom))
                self._left_due.setdefault(self.book.left_due_text(base.node, whom, reading), None)

    def _note_kept(self, base: Restoration, due: tuple[tuple[Seat, Seat, int], ...],
                   active: list[_Replicate]) -> tuple[tuple[Seat, Seat, int], ...]:
        """:meth:`_note_made` on a :class:`_Kept` restoration ``base`` with what it leaves
        due (``due``), read with its own next leader; returns what a leaf built from it may
        still tell: the items not kept whose player may lead there (:func:`_may_lead_built`),
        each group that builds from it (``active``) told what they concern."""
        pcs = base.node.table.penalty_cards
        kept = self._left_met
        leader, last = _lead_at(base)
        rest: list[tuple[Seat, Seat, int]] = []
        for item in due:
            seat, whom, reading = item
            if (pcs, whom) in kept:
                continue
            if seat is leader:
                kept.add((pcs, whom))
                self._left_due.setdefault(self.book.left_due_text(base.node, whom, reading), None)
            else:
                rest.append(item)
        if not rest or last is None:
            return ()  # (a leaf built from it has its next leader)
        may = _may_lead_built(base, last, leader, active, [item[0] for item in rest])
        if not may:
            return ()
        left = tuple([item for item in rest if item[0] in may])
        for a in active:
            for _, whom, _ in left:
                a.due.add((pcs, whom))
        return left

    def _telling(self, rep: _Replicate) -> bool:
        """Whether a leaf built by ``rep`` may tell what the restorations leave due that is
        not yet kept (:meth:`_note_built`): what its sources' items concern is not all kept."""
        return not rep.due.issubset(self._left_met)

    def restorations(self, limit: int | None = None, budget: int | None = None) -> Iterator[Restoration]:
        """Stream every leaf, depth-first in the rule set's option order (deterministic).

        A group of substitutes whose children's rulings are alike by class
        (:meth:`_replicable`) is enumerated from the first child of each class: its leaves
        are collected as they come, and the next children's of its class are then built
        from them (:class:`_Derived`), in the order the children would give them, unless
        its ruling did not keep to what makes them alike (:meth:`_others`: the next children
        are then made and expanded).

        ``budget``: expand at most that many nodes; the stream then ends early and
        ``exhausted`` is set (a hostile or huge ruling stops there, in bounded memory; a
        built restoration costs no expansion)."""
        stack: list[tuple[Node | _Replicate, tuple[Step, ...]]] = [] if self._dead_end else [(self.root, ())]
        count = 0
        settled = 0  # the most recorded choices a leaf's path settled
        self.expanded, self.exhausted = 0, False
        #: the groups whose child's ruling (the first of its class) is being enumerated,
        #: innermost last: each collects the leaves made meanwhile
        active: list[_Replicate] = []
        say = self._of_established
        while stack:
            node, path = stack.pop()
            if isinstance(node, _Replicate):
                rep = node
                if not rep.open:  # (above the first child: its leaves are collected from here on)
                    rep.open, rep.stages = True, self._stages
                    active.append(rep)
                    if rep.part is not None:
                        self._watching.append(rep)
                    continue
                active.pop()
                if rep.part is not None:
                    self._watching.remove(rep)
                others = self._others(rep)
                if others is not None:
                    for step, child in reversed(others):
                        stack.append((child, (*path, step)))
                    continue
                done, kinds = rep.group, rep.kinds
                rep.sources[kinds[rep.index]] = (rep.index, rep.leaves)
                i = rep.index + 1
                while i < len(kinds):
                    source = rep.sources.get(kinds[i])
                    if source is None:
                        break
                    step = done.steps[i]
                    if rep.base is None:
                        rep.base = _swap_base(done)
                    swap = _Swap(done, i, source[0], rep.base)
                    telling = self._telling(rep) if rep.due else False
                    for leaf in source[1]:
                        count += 1
                        made: Restoration = _Derived(count, path, step, leaf, swap)
                        if active:
                            made.__dict__["_kept"] = True
                            for a in active:
                                a.leaves.append(made)
                        if telling:
                            self._note_built(made)
                        if say is not None and _origin_established(leaf):
                            self._note_established(say, made.node)
                        yield made
                        if limit is not None and count >= limit:
                            return
                    i += 1
                if i < len(kinds):  # (the first child of another class: made, then its ruling)
                    next_child, stands = self._make_child(done, i, rep)
                    if stands:
                        rep.index, rep.leaves, rep.open = i, [], False
                        stack.append((rep, path))
                        stack.append((next_child[0][1], (*path, next_child[0][0])))
                        stack.append((rep, path))
                    else:  # (settling it opened something: each next child is made and settled)
                        for step, c in reversed([*next_child, *self._settled(done.edges_from(i + 1))]):
                            stack.append((c, (*path, step)))
                continue
            if not node.agenda:  # (a leaf)
                count += 1
                if node.recorded > settled:
                    settled = node.recorded
                leaf = _leaf(count, path, node, active)
                if node.table.penalty_cards:
                    self._note_made(leaf, active)
                if say is not None and node.established:
                    self._note_established(say, node)
                yield leaf
                if limit is not None and count >= limit:
                    return
                continue
            if budget is not None and self.expanded >= budget:
                self.exhausted = True
                return
            self.expanded += 1
            edges, group = self._expand_grouped(node)
            while group is None and len(edges) == 1 and edges[0][1].agenda and (budget is None or self.expanded < budget):
                # (one forced step to a node that is not a leaf: expanded at once, not pushed and popped)
                step, node = edges[0]
                path = (*path, step)
                self.expanded += 1
                edges, group = self._expand_grouped(node)
            if say is None:
                # (a record played on in parts: its last part's count is met on a path only)
                say = self._of_established
            if group is not None:
                classes = self._replicable(group)
                if not classes:
                    edges = [*edges, *self._settled(group.edges())]
                else:
                    task = group.node.agenda[-1]
                    assert isinstance(task, Reopen)  # (_replicable)
                    rep = _Replicate(group, classes, task.segment if task.segment + 1 != len(self._segments) else None, len(path))
                    first_child, stands = self._make_child(group, 0, rep)
                    if stands:
                        # the first child, then the others built from its leaves or made (after the other edges' rulings)
                        stack.append((rep, path))  # (below the first child: closes it)
                        stack.append((first_child[0][1], (*path, first_child[0][0])))
                        stack.append((rep, path))  # (above it: opens it)
                    else:  # (settling it opened something: each child is made and settled)
                        edges = [*edges, *first_child, *self._settled(group.edges_from(1))]
            first = 0
            # the leaves that come first are the next in depth-first order: yielded at once
            # (the siblings of a cascade's last choice), not pushed and popped
            for step, child in edges:
                if child.agenda:
                    break
                first += 1
                count += 1
                if child.recorded > settled:
                    settled = child.recorded
                leaf = _leaf(count, (*path, step), child, active)
                if child.table.penalty_cards:
                    self._note_made(leaf, active)
                if say is not None and child.established:
                    self._note_established(say, child)
                yield leaf
                if limit is not None and count >= limit:
                    return
            for step, child in reversed(edges[first:] if first else edges):
                stack.append((child, (*path, step)))
        self._refuse_barred(settled)
        if count:
            self._report_unsettled(settled)
            self._report_unread()
            if self._claimed_lines:
                self._report_unused_lines()
            if self._said_of_established:
                self._say_of_established()
            self._keep_what_happened()
        elif self._dropped:
            self._report_dropped()
        if self._part_seen:
            self._take_back_ruled_lines()
        if (count or self._dropped) and self._plays_ruled and not self.exhausted:
            # (a play out of turn of the first part a path ruled is ruled, whether or not the
            # record after 'resume' can be played on from the restoration it leaves)
            gone = {self._unruled_plays[p] for p in self._plays_ruled - self._plays_left}
            self.notices = tuple(n for n in self.notices if n not in gone)
        if self._apart_said and not self.exhausted:
            gone = {n for p, n in self._apart_said.items() if p not in self._apart_left}
            self.notices = tuple(n for n in self.notices if n not in gone)

    def _met_on(self, table: TableState, task: Reopen) -> None:
        """At the end of a path's ruling of the record's first part (``table``, ``task``: its
        table and last task): an irregularity the record as played shows, that this path's
        rulings did not open (``task.opened``), is met on this path when the table they leave
        still shows it: the opener that found it in the record finds it there again (a revoke
        established before attention, counted after play, 64). One no path meets is not
        listed (:meth:`_keep_what_happened`): the revoke of a card a ruling has since replaced
        (a designation changed, 45C4(b)) happened on no path."""
        pending = [i for i in self._unmet if i not in task.opened]
        if not pending:
            return
        names = frozenset(self._irregularity_at[i][0].name for i in pending)
        _, record = self._reopen_names_of(task)
        if record is None:
            return
        try:
            openings = self.book.openings(record.with_table(table, reopened=True, start=task.start), names)
        except RulingError:
            return
        for _, o in openings:
            for i in o.irregularities:
                if i in self._unmet:
                    self._unmet.discard(i)
                    self._happened.add(i)

    def _keep_what_happened(self) -> None:
        """Once every path is enumerated (some restoration found): the irregularities listed
        are those the rulings of some path met. One the record as played shows (an opening of
        the record: a revoke with a card a player named, then changed) that no path's rulings
        opened, the card a ruling put in its place having taken it away, is left out and kept
        in ``not_met``; one found on a rectified table only on paths that did not end (the
        record does not go on from them) is left out. One the record shows that the same
        rules met at the same record line said with another tail (found while ruling: the
        same text up to its first "; ", as a dummy's misplay whose cards to come back include
        a card an earlier ruling found played, 45C1; or the same revoke said established or
        not, as one a misinformed play seemed to establish, 2017 47E1 taking 63A1 away:
        :func:`_what_it_is`) was met: it is left out, not kept in ``not_met``, its form found
        while ruling said."""
        happened = self._happened
        if all(i in happened for i in self._listed) and all(i in happened for i in self._found_later):
            return
        met_as: dict[tuple[str, int, str], list[str]] = {}
        for i in self._found_later:
            if i in happened and (w := self._met_where(i)) is not None:
                met_as.setdefault(w, []).append(i)
        self.not_met = (*self.not_met, *(i for i in self._listed if i not in happened and i not in self.not_met
                                          and i not in self._not_irregular and self._met_where(i) not in met_as))
        # the record's irregularity met in one form only on the paths: listed once, in its
        # place, as the paths have it (not again as found while ruling)
        listed: list[str] = []
        for i in self._listed:
            if i in happened:
                listed.append(i)
            elif (w := self._met_where(i)) is not None and len(forms := met_as.get(w, [])) == 1:
                listed.append(forms[0])
        moved = set(listed) - set(self._listed)
        self._listed = tuple(dict.fromkeys(listed))
        self._found_later = {i: None for i in self._found_later if i in happened and i not in moved}

    def _met_where(self, irregularity: str) -> tuple[str, int, str] | None:
        """The rules that found ``irregularity``, the record line where it begins, and what it
        is (:func:`_what_it_is`); None for one on no record line: then it matches nothing."""
        at = self._irregularity_at.get(irregularity)
        if at is None:
            return None
        line = self._line_of(*at)
        return None if line is None else (at[0].name, line, _what_it_is(irregularity))

    def _take_back_ruled_lines(self) -> None:
        """Once every path is enumerated: a line of a later part of the record said "not yet
        ruled on" (decided on the first restoration played into that part) that a ruling on
        another path ruled is not said after all (a line some path rules is ruled); so too a
        line of the first part that only a ruling on a rectified table reads (declarer's 57A
        choice over a card a simultaneous play made premature, 58A)."""
        ruled_lines: set[Notice] = set()
        if first := self._part_seen.get(0):  # (a line of the first part a ruling on a rectified table read)
            keys = {handled_key(e) for e in (*self.replay.unapplied, *self.replay.after)}
            ruled_lines.update(_unruled_lines(self.replay, keys - first))
        for (segment, _), replay in self._segment_replays.items():
            seen = self._part_seen.get(segment)
            if segment and seen:
                keys = {handled_key(e) for e in (*replay.unapplied, *replay.after)}
                ruled_lines.update(_unruled_lines(replay, keys - seen))  # (the notices of the lines in ``seen``)
        if ruled_lines:
            self.notices = tuple(n for n in self.notices if n not in ruled_lines)

    def _say_unread(self, table: TableState, segment: int, why: tuple[int | None, str]) -> None:
        """Keep, to say (:meth:`_report_unread`), a restoration of the parts before the part
        ``segment`` that the record cannot be ruled on from: on ``table`` (that restoration)
        the part leaves a seat a second card in one trick that no irregularity explains. The
        restoration is named by the cards it puts where the record as played has none (a
        card substituted, a lead sent back leaves none)."""
        placed = {(t.number, s, c) for r in (self.replay, *(r for (k, _), r in self._segment_replays.items() if k < segment))
                  for t in r.table.tricks for s, c in t.plays}
        own = [f"{s} {c} on trick {t.number}" for t in table.tricks for s, c in t.plays if (t.number, s, c) not in placed]
        where = f"the restoration with {', '.join(own)}" if own else "a restoration"
        line, text = why
        notice = Notice(line, f"{where} is not ruled: the record after 'resume' cannot be played on from it ({text}); "
                              "the restorations listed leave it out", "not_ruled")
        if notice not in self._unread:
            self._unread.append(notice)

    def _report_unread(self) -> None:
        """Some restoration found: say each one the record could not be ruled on from
        (:meth:`_say_unread`), which the restorations listed leave out."""
        said = set(self.notices)
        self.notices = (*self.notices, *(n for n in self._unread if n not in said))

    def _report_dropped(self) -> None:
        """No restoration: the record after a ``resume`` cannot be played on from any
        restoration of the ruling before it; or every ruling of the first part leaves a
        player two cards in one trick. Said at the first line that fails, with why."""
        segment, (line, why) = min(self._dropped.items(), key=lambda item: item[0])
        if segment:
            text = (f"no restoration of the ruling before 'resume' can be played on as the record goes on (the first: "
                    f"{why}); the record is not one the ruling allows")
        else:
            text = f"no restoration: {why}; the record is not one the ruling allows"
        if not any(n.text == text for n in self.notices):
            self.notices = (*self.notices, Notice(line, text, "no_restoration"))

    def _unsettled(self, settled: int) -> list[tuple[int, int, RecordedChoice]]:
        """The choices recorded after attention that no path settled, with their part of the
        record and their place among its recorded choices. ``settled``: the most a leaf's
        path settled of the last part's recorded choices; each earlier part's is the most a
        path settled when play went on from it."""
        if not self._some_recorded:
            return []  # (no part of the record records a choice)
        last = len(self._segments) - 1
        out: list[tuple[int, int, RecordedChoice]] = []
        for part in range(last + 1):
            recorded = self._recorded_by.get(part, ())
            done = settled if part == last else self._settled_parts.get(part, 0)
            out += [(part, i, recorded[i]) for i in range(done, len(recorded)) if (part, i) not in self._taken]
        return out

    def _refuse_barred(self, settled: int) -> None:
        """A choice recorded where the Laws left that player a single course (62C2: the
        revoker's partner must leave his card when no non-offending player changed) that no
        later decision took either: a choice the Laws do not offer there, refused as
        :meth:`_decide` refuses one at a decision with options (located at its line)."""
        if not self._barred:
            return
        for part, index, r in self._unsettled(settled):
            step = self._barred.get((part, index))
            if step is None:
                continue
            from rulings.models.errors import InconsistentRecordError

            offered = f"{r.seat} keeps" if step.choice == "must leave it" else f"{r.seat} chooses {step.choice}"
            raise InconsistentRecordError(
                f"{str(r.event)!r} is not a choice the Laws offer here: they give {r.seat} no choice there "
                f"({step.clause}: {step.text}); offered: {offered}", token=str(r.event)).at(r.event, file=self.case.file)

    def _report_unsettled(self, settled: int) -> None:
        """A choice recorded after attention that no path reached (no decision of that
        player was due where it stands) is said, not silently dropped: the director must
        know the ruling did not take it into account. ``settled``: as :meth:`_unsettled`."""
        unsettled = [r for _, _, r in self._unsettled(settled)]
        if not unsettled:
            return
        said = {n.text for n in self.notices}
        extra = []
        for r in unsettled:
            text = _settled_nothing(r.event, r.seat)
            if text not in said:
                extra.append(Notice(r.line, text, "unsettled"))
        self.notices = (*self.notices, *extra)

    def graph(self, limit: int | None = None, budget: int | None = None) -> nx.DiGraph[Node]:
        """Build the ruling graph: nodes are states, edges carry ``step`` (a Step).

        Node attributes: ``leaf`` (bool), ``restoration`` (its number) on leaves, ``root`` on
        the root. ``limit`` stops after that many nodes (for display of huge cascades);
        ``budget`` after expanding that many nodes.
        """
        import networkx as nx

        root = self.root
        expanded = 0
        g: nx.DiGraph[Node] = nx.DiGraph()
        if self._dead_end:  # (no restoration: the table the record could not go on from)
            g.add_node(root, root=True, leaf=False)
            return g
        g.add_node(root, root=True, leaf=root.is_leaf)
        stack = [root]
        leaves = 0
        order: list[Node] = []
        while stack:
            node = stack.pop()
            order.append(node)
            if node.is_leaf:
                continue
            if budget is not None and expanded >= budget:
                break
            expanded += 1
            for step, child in reversed(self.expand(node)):
                if child not in g:
                    g.add_node(child, leaf=child.is_leaf)
                    stack.append(child)
                g.add_edge(node, child, step=step)
            if limit is not None and g.number_of_nodes() >= limit:
                break
        for node in order:
            if node.is_leaf:
                leaves += 1
                g.nodes[node]["restoration"] = leaves
        return g

    def _placing(self, trick_no: int, seat: Seat, replay: Replay | None = None, part: Part = (0, 0)) -> list[object]:
        """The record events that placed ``seat``'s cards in trick ``trick_no``, on the first
        part's table, or on ``replay``'s (a later part ``part`` of the record: a card placed by
        a line of that part or of the first)."""
        trick = (replay or self.replay).table.trick(trick_no)
        cards = [c for s, c in trick.plays if s is seat] if trick is not None else []
        later = self._orders_of_part(part)[0] if part[0] else {}
        return [self.case.events[i] for c in cards
                if (i := later.get((trick_no, seat, c), self._play_order.get((trick_no, seat, c)))) is not None]

    def _placed_by_a_line_of(self, entry: OutOfTurn, keys: Set[object]) -> bool:
        """Whether a record line among ``keys`` placed the cards of ``entry``'s seat on its
        trick (a play out of turn): ruling that line rules the play."""
        return any(handled_key(e) in keys for e in self._placing(entry[0], entry[1]))

    def _refuse_impossible(self, ruled: set[object], shaped: frozenset[object]) -> list[Notice]:
        """A seat with two cards in one trick that no irregularity ruled on explains (a
        lead out of turn and the proper lead, a premature play, a simultaneous play ...)
        is a record that cannot have happened: refused, located at the second card. One put
        there after his lead out of turn and other players' cards is said instead (returned)."""
        said: list[Notice] = []
        for trick_no, seat, mine, line, apart in self._second_cards(self.replay, (0, 0), ruled, shaped):
            if apart:
                self._apart.add((trick_no, seat))
                said.append(notice := _second_card_unruled(trick_no, seat, mine, line))
                self._apart_said.setdefault((trick_no, seat), notice)
                continue
            from rulings.models.errors import InconsistentRecordError

            # (a trick is complete at its fourth card, so a second card is never a fifth one; a
            # defender's card before his partner played may have been his early lead, 57A; one
            # put down before his turn is held back when his card at his turn follows, 44B)
            hint = ("; a defender's card put down before his partner has played is read as his lead to the next trick "
                    "when the cards of the seats still to play to this one follow it at once, and a card put down "
                    "before his turn is held back when he then plays another card to the trick at his own turn "
                    "(docs/case-format.md)" if self.replay.table.is_defender(seat) else "")
            raise InconsistentRecordError(
                f"{seat} plays a second card ({mine[1]}) to trick {trick_no} after {mine[0]}, and no irregularity "
                f"of the record explains it (a player plays one card to a trick{hint})", file=self.case.file, line=line,
                token=str(mine[1]))
        return said

    # ----- notices ---------------------------------------------------------------------------------
    def _unruled(self, ruled: set[object], found: bool) -> list[Notice]:
        """Record lines and plays out of turn that no rule family rules on."""
        r = self.replay
        notices = _unruled_lines(r, ruled)
        for entry in r.table.out_of_turn:
            trick, seat, _ = entry
            # (a second card of his standing beside a card whose play out of turn is ruled:
            # said, or refused, as a seat's second card in a trick, _second_cards)
            if (entry not in ruled and not self._placed_by_a_line_of(entry, ruled)
                    and ((beside := r.table.second_card_beside(entry)) is None or beside not in ruled)):
                notice = Notice(self._pair_lines.get(entry, self._pair_lines.get((trick, seat))),
                                f"{seat} played out of turn to trick {trick}: not yet ruled on", "not_ruled")
                notices.append(notice)
                self._unruled_plays.setdefault(entry, notice)
        if r.attention is None and self._cut is None:
            notices.append(Notice(None, "no 'attention' line: ruling on the position at the end of the record"))
        if not found:
            notices.append(Notice(None, "no irregularity found to rule on", "no_irregularity"))
        return notices


#: the finding of a fifth card (45E1) that the director finds led to the next trick, as the
#: case format names it (``finding led``, docs/case-format.md)
FIFTH_CARD_LED: Final = "led"


def _taken_into_an_earlier_trick(table: TableState, entry: OutOfTurn) -> bool:
    """Whether the card of ``entry``, a play out of turn the record put down in trick
    ``entry[0]``, stands on ``table`` (a path's rectified table) in an earlier trick as its
    player's card, and not out of turn there: a correction of that trick took it in (a
    revoke corrected with the card he had put down as his lead to the next trick, 62B)."""
    trick_no, seat, card = entry
    for trick in table.tricks:
        if trick.number >= trick_no:
            break
        if trick.card_of(seat) == card:
            return (trick.number, seat, card) not in table.out_of_turn
    return False


def _trick_of(key: object) -> int | None:
    """The trick of a card key of ``Opening.handled`` (a :func:`played` key or an entry
    ``(trick, seat, card)`` of ``TableState.out_of_turn``; None for any other key)."""
    if isinstance(key, tuple) and len(key) == 4 and key[0] == "play":
        return key[1]  # type: ignore[no-any-return]
    if isinstance(key, tuple) and len(key) == 3 and isinstance(key[0], int):
        return key[0]
    return None


def _leads_of(keys: Iterable[object], table: TableState) -> list[tuple[int, object]]:
    """The tricks after the first of the record whose lead on ``table`` is one of the card
    keys ``keys``, each with that key (where an irregularity may begin: at that lead; none
    when one of ``keys`` is a card of an earlier trick, the irregularity beginning there)."""
    leads: list[tuple[int, object]] = []
    tricks = [n for k in keys if (n := _trick_of(k)) is not None]
    for k in keys:
        n = _trick_of(k)
        if n is None or n <= table.first_trick or min(tricks) < n or (trick := table.trick(n)) is None or not trick.plays:
            continue
        seat, card = trick.plays[0]
        assert isinstance(k, tuple)
        # (a play out of turn of the seat leading the trick: his lead, or his second card
        # there, his lead to the next trick put down early, which waits on the same trick)
        if k[-2:] == (seat, card) or k[:2] == (n, seat):
            leads.append((n, k))
    return leads


def _names(line: RecordedChoice, step: Step) -> bool:
    """Whether a recorded choice names a step's course (``W keeps`` names 62C2's "must leave it")."""
    return step.named_by(line.forms) or (step.choice == "must leave it" and "keep" in line.forms)


#: where the text of a revoke's irregularity says whether it is established (``Revoke``, then
#: ": established when ..." or ": not established (63A): ..."; solver/establishment.py)
_ESTABLISHMENT_TAILS: Final = (": established", ": not established")


def _what_it_is(irregularity: str) -> str:
    """What an irregularity is, to match the one the record as played shows against one a
    ruling met (:meth:`Composition._keep_what_happened`): its text up to its first "; " (without
    what its ruling may take back), and without whether it is established: a revoke the record
    shows established by a play a ruling takes back (47E1) is the revoke the ruling corrects."""
    what = irregularity.split("; ", 1)[0]
    cut = min((i for t in _ESTABLISHMENT_TAILS if (i := what.find(t)) >= 0), default=-1)
    return what if cut < 0 else what[:cut]


def _settled_nothing(event: object, seat: Seat) -> str:
    """What is said of a choice recorded after attention that no path took."""
    return f"{str(event)!r} settled nothing: no choice of {seat} was due there in any restoration (it is not taken into account)"


def _line_said(event: object, step: Step) -> str:
    """A line of the record that settled ``step``'s decision, as the choices at the table
    list it: a ``chooses`` line with the option's own name (its card or suit as the step
    writes it, ``S chooses require H``), any other line as written."""
    if isinstance(event, Chooses) and event.words != "keep" and normal_choice(step.choice) == normal_choice(event.words):
        return f"{event.seat} chooses {step.choice}"
    return str(event)


#: the verbs of a choice stated at the table that only a decision of the Laws gives effect to
#: (a lead out of turn accepted or refused, 53-56; declarer's lead or play options, 50D2, 51B,
#: 57A): one that no rule reads on any path answers no decision (:func:`_settled_nothing_at_table`).
#: ``spreads`` (a hand faced at another time may be a claim, 48B2) and ``retracts`` (a card taken
#: back with no law allowing it) are acts, not answers, and stay "not yet ruled on".
ANSWER_VERBS: Final = frozenset({"accepts", "refuses", "requires", "forbids", "leaves"})


def _settled_nothing_at_table(event: object) -> str | None:
    """What is said of a line of the record no rule read on any path when the line states a
    choice, a fact or a finding that only bears on a ruling: it settled nothing (a choice that
    answers no decision, or names no option of one; a player told it was his turn who then led
    or played in turn, 47E1; a finding no ruling turns on). None for any other line (a card,
    an act): that is not yet ruled on."""
    if isinstance(event, Choice) and event.verb in ANSWER_VERBS:
        why = f"no decision of {event.seat} in any restoration offers it"
    elif isinstance(event, Misinformed):
        why = f"{event.seat} made no lead or play out of turn after it in any restoration, and 47E1 retracts only such a card"
    elif isinstance(event, DirectorFinds):
        why = "no ruling of any restoration turns on it"
    else:
        return None
    return f"{str(event)!r} settled nothing: {why} (it is not taken into account)"


def _unruled_lines(replay: Replay, ruled: set[object], events: Iterable[object] | None = None) -> list[Notice]:
    """The lines of a part of the record (of ``events`` when given) that no rule family rules on:
    each said not yet ruled on, or, a choice, fact or finding that only bears on a ruling, to have
    settled nothing (:func:`_settled_nothing_at_table`)."""
    return [Notice(getattr(e, "line", None), text, "unsettled") if (text := _settled_nothing_at_table(e)) is not None
            else Notice(getattr(e, "line", None), f"{str(e)!r} is not yet ruled on (this rule set does not handle it)", "not_ruled")
            for e in (events if events is not None else (*replay.unapplied, *replay.after))
            if not isinstance(e, Attention) and handled_key(e) not in ruled]


def _task_line(task: object) -> int | None:
    """The line of the record event a rule task is about: its first field with a ``line``."""
    if not dataclasses.is_dataclass(task):
        return None
    for f in dataclasses.fields(task):
        line = getattr(getattr(task, f.name, None), "line", None)
        if isinstance(line, int):
            return line
    return None
