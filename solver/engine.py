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
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from rulings.models.cards import Card, Seat, Side
from rulings.models.case import Case, Replay
from rulings.models.errors import RulingError
from rulings.models.table import PenaltyCard, TableState, Trick, Withdrawal

if TYPE_CHECKING:
    import networkx as nx

    from rulings.solver.rulesets.base import RuleSet

SCHEMA_VERSION = 1


class StepKind(enum.Enum):
    FORCED = "forced correction"
    OPTION = "player's option"
    FINDING = "director's finding"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Step:
    """One permitted step: an edge of the ruling graph."""

    actor: str  # who acts: "E", "S (for dummy N)", "TD"
    kind: StepKind
    clause: str  # the clause that permits or requires it
    text: str  # what happens, in a director's words
    also: tuple[str, ...] = ()  # further clauses the step applies (penalty card, information)
    question: str = ""  # the decision this step answers (steps of one question are siblings)
    choice: str = ""  # the short name of this alternative ("S9", "keep", "change to SQ")

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
        }


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
class Node:
    """A table state during rectification; hashable, so usable as a graph node."""

    table: TableState
    agenda: tuple[object, ...] = ()
    ledger: tuple[Info, ...] = ()
    findings: tuple[str, ...] = ()
    restrictions: tuple[str, ...] = ()
    established: bool = False
    focus: int | None = None  # number of the trick under ruling
    #: Law 64 after play: tricks transferred to the non-offending side (None: not ruled)
    transfer: int | None = None
    #: Law 64C: the director adjusts the score (the transfer did not restore equity)
    equity: bool = False

    @property
    def is_leaf(self) -> bool:
        return not self.agenda


Edge = tuple[Step, Node]


@dataclass(frozen=True)
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
        return tuple(t for t in self.table.tricks if t.number >= focus)

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
        """Who leads the trick after the trick under ruling (its winner, 44G), if complete."""
        focus = self.node.focus
        t = self.table.trick(focus) if focus is not None else None
        if t is None or not t.is_complete:
            return None
        return t.winner(self.table.trumps)

    def card_of(self, seat: Seat, trick: int | None = None) -> Card | None:
        number = trick if trick is not None else self.node.focus
        t = self.table.trick(number) if number is not None else None
        return t.card_of(seat) if t is not None else None

    def canonical(self) -> dict[str, Any]:
        """The position this restoration ends in: equal for equal restorations (CASES.md)."""
        return {
            "established": self.established,
            "cards": {f"{t.number}:{s}": str(c) for t in self.tricks for s, c in t.plays},
            "withdrawn": sorted(f"{w.seat}:{w.card}" for w in self.withdrawn),
            "penalty": sorted(f"{p.seat}:{p.card}:{p.kind}" for p in self.penalty_cards),
            "unauthorized": sorted(f"{i.unauthorized}:{i.seat}:{i.card}" for i in self.ledger),
            "lead": str(self.lead) if self.lead is not None else None,
            **({"findings": sorted(self.findings)} if self.findings else {}),
            **({"restrictions": sorted(self.node.restrictions)} if self.node.restrictions else {}),
            **({"transfer": self.node.transfer, "equity": self.node.equity} if self.node.transfer is not None else {}),
        }

    def key(self) -> str:
        return json.dumps(self.canonical(), sort_keys=True, separators=(",", ":"))

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


@dataclass(frozen=True)
class Notice:
    """Something in the record the solver saw but does not rule on (yet), or a remark."""

    line: int | None
    text: str

    def __str__(self) -> str:
        return (f"line {self.line}: " if self.line is not None else "") + self.text


class Ruling:
    """Everything the solver says about one case."""

    def __init__(self, case: Case, ruleset: RuleSet | None = None) -> None:
        from rulings.solver.rulesets import get_ruleset

        self.case = case
        self.ruleset = ruleset if ruleset is not None else get_ruleset(case.laws)
        self.replay: Replay = case.replay()
        try:
            opening = self.ruleset.open(self.replay)
        except RulingError as err:  # an opener found bad input in the record: name the file
            raise err.located(file=case.file) from None
        self.root: Node = opening.root
        self.irregularities: tuple[str, ...] = opening.irregularities
        self.notices: tuple[Notice, ...] = opening.notices

    def restorations(self, limit: int | None = None) -> Iterator[Restoration]:
        """Stream every leaf, depth-first in the rule set's option order (deterministic)."""
        stack: list[tuple[Node, tuple[Step, ...]]] = [(self.root, ())]
        count = 0
        while stack:
            node, path = stack.pop()
            if node.is_leaf:
                count += 1
                yield Restoration(count, path, node)
                if limit is not None and count >= limit:
                    return
                continue
            edges = self._expand(node)
            for step, child in reversed(edges):
                stack.append((child, (*path, step)))

    def _expand(self, node: Node) -> list[Edge]:
        """The rule set's edges out of ``node``; bad input a rule finds only while expanding
        (a card a record line names twice) is located at the case file and the line of the
        record event the task rules on (its first field that is a record line)."""
        try:
            return self.ruleset.expand(node)
        except RulingError as err:
            raise err.located(file=self.case.file, line=_task_line(node.agenda[0] if node.agenda else None)) from None

    def graph(self, limit: int | None = None) -> nx.DiGraph[Node]:
        """Build the ruling graph: nodes are states, edges carry ``step`` (a Step).

        Node attributes: ``leaf`` (bool), ``restoration`` (its number) on leaves, ``root`` on
        the root. ``limit`` stops after that many nodes (for display of huge cascades).
        """
        import networkx as nx

        g: nx.DiGraph[Node] = nx.DiGraph()
        g.add_node(self.root, root=True, leaf=self.root.is_leaf)
        stack = [self.root]
        leaves = 0
        order: list[Node] = []
        while stack:
            node = stack.pop()
            order.append(node)
            if node.is_leaf:
                continue
            for step, child in reversed(self._expand(node)):
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


def _task_line(task: object) -> int | None:
    """The line of the record event a rule task is about: its first field with a ``line``."""
    if not dataclasses.is_dataclass(task):
        return None
    for f in dataclasses.fields(task):
        line = getattr(getattr(task, f.name, None), "line", None)
        if isinstance(line, int):
            return line
    return None
