"""Data views of a ruling for people: the ruling tree and the information summary.

The CLI formats these; tests read them directly.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import field

from rulings.models.dataclass import dataclass
from rulings.models.table import PenaltyKind
from rulings.solver.engine import Info, Node, Restoration, Step
from rulings.solver.ruling import Ruling


@dataclass
class TreeItem:
    """One decision of the ruling: who may or must do what, and what follows each answer."""

    step: Step  # the first alternative (for its clause, actor, kind and wording)
    question: str
    choices: list[str]
    branches: list[TreeBranch] = field(default_factory=list)
    #: the position the decision is taken at (what each alternative adds is read against it)
    node: Node | None = None


@dataclass
class TreeBranch:
    """The alternatives of a decision that lead to the same decisions after them."""

    choices: list[str]
    example: Step
    items: list[TreeItem] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)  # every alternative of the branch, in order
    children: list[Node] = field(default_factory=list)  # the position each alternative leaves


#: positions :func:`ruling_tree` expands to tell the alternatives of a decision apart by every
#: decision after them; past this many (a large ruling), by the next decisions alone
TREE_BUDGET = 5_000

#: a subtree's signature: what its decisions are, their choices, and the same of each branch
Signature = tuple[object, ...]


class _Tree:
    """:func:`ruling_tree`'s walk: each position's decisions built once (positions recur: two
    paths can meet), and with them their signature, so that alternatives are one branch only
    when everything after them is the same."""

    __slots__ = ("budget", "expand", "max_depth", "memo")

    def __init__(self, ruling: Ruling, max_depth: int, budget: int) -> None:
        self.expand = ruling.expand
        self.max_depth = max_depth
        self.budget = budget
        self.memo: dict[Node, tuple[list[TreeItem], Signature] | None] = {}

    def build(self, node: Node, depth: int) -> tuple[list[TreeItem], Signature] | None:
        """The decisions from ``node`` on and their signature; None when no restoration passes
        through ``node`` (every edge out of it is one the engine dropped further on)."""
        if depth > self.max_depth:
            return [], ("...",)
        if node in self.memo:
            return self.memo[node]
        self.budget -= 1
        edges: list[tuple[Step, Node, list[TreeItem] | None, Signature]] = []
        for step, child in self.expand(node):
            if not child.agenda:
                edges.append((step, child, [], ()))
            elif self.budget > 0:
                below = self.build(child, depth + 1)
                if below is None:
                    continue  # (a path the engine dropped further on: no restoration passes there)
                edges.append((step, child, below[0], below[1]))
            else:  # past the budget: told apart by the next decisions, the first one followed
                shallow = self.expand(child)
                if not shallow:
                    continue
                edges.append((step, child, None, tuple((s.question, s.kind.name, s.clause) for s, _ in shallow)))
        result = self._items(node, depth, edges) if edges or not node.agenda else None
        self.memo[node] = result
        return result

    def _items(self, node: Node, depth: int,
               edges: list[tuple[Step, Node, list[TreeItem] | None, Signature]]) -> tuple[list[TreeItem], Signature]:
        groups: dict[str, list[tuple[Step, Node, list[TreeItem] | None, Signature]]] = {}
        for edge in edges:
            groups.setdefault(edge[0].question, []).append(edge)
        out: list[TreeItem] = []
        signature: list[object] = []
        for question, same_question in groups.items():
            item = TreeItem(same_question[0][0], question, [s.choice or s.text for s, _, _, _ in same_question], node=node)
            by_sig: dict[Signature, list[tuple[Step, Node, list[TreeItem] | None, Signature]]] = {}
            for edge in same_question:
                by_sig.setdefault(edge[3], []).append(edge)
            parts: list[object] = []
            for sig, same in by_sig.items():
                first_step, first_child, below, _ = same[0]
                if below is None:
                    built = self.build(first_child, depth + 1)
                    below = built[0] if built is not None else []
                item.branches.append(TreeBranch([s.choice or s.text for s, _, _, _ in same], first_step, below,
                                                [s for s, _, _, _ in same], [c for _, c, _, _ in same]))
                parts.append((tuple(s.choice or s.text for s, _, _, _ in same), sig))
            out.append(item)
            signature.append((question, item.step.kind.name, item.step.clause, tuple(parts)))
        return out, tuple(signature)


def ruling_tree(ruling: Ruling, *, max_depth: int = 12, budget: int = TREE_BUDGET) -> list[TreeItem]:
    """Summarise the ruling graph as a tree of decisions in order.

    Sibling edges answering the same question are one item; its alternatives are split
    into branches only where what comes after them differs (e.g. "if S keeps SA, W must
    leave S5; if S changes, W may change"), every decision after them compared, and one
    representative of each branch is followed. Past ``budget`` positions (a large ruling)
    alternatives are compared by the next decisions alone.
    """
    built = _Tree(ruling, max_depth, budget).build(ruling.root, 0)
    return built[0] if built is not None else []


def information(restorations: Iterable[Restoration]) -> list[Info]:
    """Every distinct ledger entry over the restorations, in first-seen order."""
    seen: dict[Info, None] = {}
    for r in restorations:
        for i in r.ledger:
            seen.setdefault(i, None)
    return list(seen)


def information_sources(entries: Iterable[Info]) -> str:
    """Where ledger entries' information comes from, for a heading: ``withdrawn cards (16C)``
    (2007: 16D), ``penalty cards (50E)``, or both joined by "and" (withdrawn cards first)."""
    withdrawn: dict[str, None] = {}
    penalty = False
    for i in entries:
        law = i.ui_clause[:3]  # the clause an entry's side is unauthorized by: 16C2 (2007 16D2) or 50E2
        if law == "50E":
            penalty = True
        else:
            withdrawn.setdefault(law, None)
    parts = [f"withdrawn cards ({', '.join(withdrawn)})"] if withdrawn else []
    return " and ".join([*parts, "penalty cards (50E)"] if penalty else parts)


def distinct(restorations: Iterable[Restoration]) -> list[Restoration]:
    """The restorations not equal to an earlier one (CASES.md equality), numbered 1 to N
    (see :func:`unique`)."""
    return list(unique(restorations))


def unique(restorations: Iterable[Restoration], seen: KeySet | None = None) -> Iterator[Restoration]:
    """Stream the restorations not equal to an earlier one (see :class:`KeySet`; ``seen``:
    the keys already seen, and those of the stream as it goes, for a caller that counts
    them), each numbered by its place among them: 1, 2, 3 ... with no gap.

    ``Ruling.restorations()`` streams the leaves of the ruling graph, and two paths can end
    in one outcome (a card withdrawn under 45D1 on one and under 62C1 on the other): the
    leaf a stream's duplicate would have had no number here. The restorations given are
    renumbered in place (each stream makes its own)."""
    if seen is None:
        seen = KeySet()
    for r in restorations:
        if seen.add(r.key()):
            r.number = len(seen)
            yield r


#: restoration keys a :class:`KeySet` holds as they are; past this many, a digest of each
DIGEST_FROM = 1_000


def _digest(key: str) -> bytes:
    import hashlib

    return hashlib.blake2b(key.encode("utf-8", "surrogatepass"), digest_size=16).digest()


class KeySet:
    """The distinct restoration keys seen: each key itself up to :data:`DIGEST_FROM` keys,
    then a 16-byte digest of each (memory stays small up to any budget, and a small ruling
    needs no hashlib: start-up)."""

    def __init__(self) -> None:
        self._seen: set[str | bytes] = set()
        self._digested = False

    def add(self, key: str) -> bool:
        """Add ``key``; False when it was seen before."""
        seen = self._seen
        if self._digested:
            k: str | bytes = _digest(key)
        elif len(seen) >= DIGEST_FROM:
            self._seen = seen = {_digest(s) if isinstance(s, str) else s for s in seen}
            self._digested = True
            k = _digest(key)
        else:
            k = key
        if k in seen:
            return False
        seen.add(k)
        return True

    def __len__(self) -> int:
        return len(self._seen)


def decisions_line(ruling: Ruling) -> str:
    """The line the text outputs give a ruling made under decision switches that differ from
    the defaults (docs/decisions.md), or ""."""
    from rulings.solver.config import differing_text

    turned = differing_text(ruling.ruleset.decisions, ruling.case)
    return f"Decisions (not the defaults, docs/decisions.md): {turned}" if turned else ""


#: a card in a step's words (``SA``, ``HT``): what tells apart alternatives that differ only
#: in the card chosen
_CARD = re.compile(r"\b[SHDC](?:10|[2-9TJQKA])\b")
_MARK = "\x00"


def _either(words: list[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def consequences(choices: list[str], steps: list[Step],
                 more: list[list[str]] | None = None) -> list[tuple[list[str], str, list[str]]]:
    """What each alternative of a decision does, alternatives that do the same with another
    card said once: ``(choices, text, clauses)``, in the order of the alternatives. Two
    alternatives are said once when their words differ only in the card each names in its
    choice ("E withdraws H4 and plays S9", "... plays S8": "E withdraws H4 and plays S9 or
    S8"), or not at all. ``more``: for each alternative, what else it does that its words do
    not say (:func:`unsaid`), said after them."""
    groups: dict[tuple[bool, str], tuple[list[str], list[str], list[str]]] = {}  # -> choices, cards, clauses
    for k, (choice, step) in enumerate(zip(choices, steps, strict=True)):
        words = "; ".join([step.text, *more[k]]) if more is not None and k < len(more) else step.text
        named = _CARD.findall(choice)
        card = named[0] if len(named) == 1 and named[0] in _CARD.findall(words) else ""
        key = (True, re.sub(rf"\b{card}\b", _MARK, words)) if card else (False, words)
        said, cards, clauses = groups.setdefault(key, ([], [], []))
        said.append(choice)
        if card:
            cards.append(card)
        if step.clause not in clauses:
            clauses.append(step.clause)
    return [(said, text.replace(_MARK, _either(cards)) if masked else text, clauses)
            for (masked, text), (said, cards, clauses) in groups.items()]


def item_clauses(item: TreeItem) -> list[str]:
    """The clauses a decision's alternatives rest on, each once, in order (``52B1(a), 52B2``:
    accepting and refusing a card played when a penalty card was due)."""
    out: list[str] = []
    for br in item.branches:
        for step in br.steps or [br.example]:
            if step.clause not in out:
                out.append(step.clause)
    return out or [item.step.clause]


def unsaid(before: Node | None, step: Step, after: Node) -> list[str]:
    """What a step does that its words do not say: a restriction it puts on a player they do
    not name (62D2: the partner of a trick-12 revoker may not choose a play the revoke card
    suggested), and a penalty card of its owner's it turns major (50B: a defender with two or
    more penalty cards has every one of them major)."""
    if before is None:
        return []
    said = set(re.findall(r"\w+", step.text))
    out = [r for r in after.restrictions
           if r not in before.restrictions and r.split(" ", 1)[0] in SEATS and r.split(" ", 1)[0] not in said]
    minor = {(p.seat, p.card) for p in before.table.penalty_cards if p.kind is PenaltyKind.MINOR}
    turned = sorted((p for p in after.table.penalty_cards if p.kind is PenaltyKind.MAJOR and (p.seat, p.card) in minor),
                    key=lambda p: p.sort_key)
    for p in turned:
        out.append(f"{p.card}, {p.seat}'s minor penalty card, is now major (50B: two or more penalty cards)")
    return out


SEATS = frozenset("NESW")


def information_line(i: Info, where: list[str] | None) -> str:
    """What the director says of one ledger entry, and to whom it is unauthorized. A
    withdrawn card (16C; 2007 16D): authorized to one side, unauthorized to the other. A
    penalty card (50E): the requirement to play it authorized to every player (50E1), what
    else it shows unauthorized to its owner's partner (50E2) and authorized to the other
    side. ``where``: None for an entry of every restoration; else the clauses of the steps
    that add it (the entry holds only on the courses where one of them is taken)."""
    if i.ui_clause.startswith("50E"):
        partner = f"{i.seat.partner}, his partner" if i.unauthorized == i.seat.side else str(i.unauthorized)
        text = (f"{i.seat}'s penalty card {i.card}: the requirement to play it is authorized to every player "
                f"({i.ai_clause}); what else it shows is unauthorized to {partner} ({i.ui_clause}), "
                f"and authorized to {i.authorized}")
        course = f"where {i.card} is a penalty card"
    else:
        text = (f"that {i.seat} held {i.card} is authorized to {i.authorized} ({i.ai_clause}) "
                f"and unauthorized to {i.unauthorized} ({i.ui_clause})")
        course = f"where {i.seat} withdraws {i.card}"
    if where is None:
        return text
    return f"{text}; only {course}" + (f" ({', '.join(where)})" if where else "")


def director_script(ruling: Ruling, restorations: Iterable[Restoration], *,
                    annotate: Callable[[TreeItem], list[str]] | None = None) -> list[str]:
    """What the director says at the table, in order, generated from the ruling graph.

    Each decision of :func:`ruling_tree` becomes one instruction naming who acts, what he
    may or must do, and the clause (the clauses, when its alternatives rest on several);
    then what each alternative does ("If refuse (52B2): ..."), alternatives that differ only
    in the card chosen said once; branches become "if ..." lines; the information from
    withdrawn cards (16C) and penalty cards (50E) closes the script. Indentation (two spaces
    a level) shows nesting. ``annotate``: further lines said after a decision (``rulings
    solve --dds --explain``: the double-dummy value of each choice), indented under it.
    """
    turned = decisions_line(ruling)
    lines: list[str] = [f"{turned}."] if turned else []
    #: each ledger entry a step of the tree adds: the clauses of the steps that add it
    sources: dict[Info, list[str]] = {}
    for irr in ruling.irregularities:
        lines.append(f"Irregularity: {irr}.")
    for irr in ruling.found_later:
        lines.append(f"Irregularity found while ruling: {irr}.")
    for said in ruling.choices:  # (no irregularity)
        lines.append(f"Declarer's choice at the table: {said}.")
    for due in ruling.options_due:  # (no irregularity)
        lines.append(f"Declarer's lead options due: {due}.")

    def alternatives(pad: str, said: list[tuple[list[str], str, list[str]]], cite: bool, *,
                     conditional: bool = False) -> None:
        """One line per group of alternatives doing the same: "If c1 or c2 (clause): text.";
        the text alone when one group is every alternative of the decision. ``cite``: each
        line names its clauses (the decision's alternatives rest on several)."""
        if len(said) == 1 and not conditional:
            lines.append(f"{pad}{said[0][1]}.")
            return
        for choices, text, clauses in said:
            where = f" ({', '.join(clauses)})" if cite else ""
            lines.append(f"{pad}If {_either(choices)}{where}: {text}.")

    def sourced(item: TreeItem) -> None:
        """Note the ledger entries each alternative of ``item`` adds, with its clause."""
        if item.node is None:
            return
        for br in item.branches:
            for alt, child in zip(br.steps, br.children, strict=False):
                for i in child.ledger:
                    if i not in item.node.ledger:
                        clauses = sources.setdefault(i, [])
                        if alt.clause not in clauses:
                            clauses.append(alt.clause)

    def extras(item: TreeItem, br: TreeBranch) -> list[list[str]]:
        """What each alternative of the branch does that its words do not say."""
        return [unsaid(item.node, alt, child) for alt, child in zip(br.steps, br.children, strict=False)]

    def say(items: list[TreeItem], depth: int) -> None:
        pad = "  " * depth
        for item in items:
            step = item.step
            sourced(item)
            clauses = item_clauses(item)
            cite = len(clauses) > 1  # (each alternative then names its own)
            law = ", ".join(clauses)
            if step.kind.name == "FINDING":
                head = f"{pad}{law}: the director decides: {item.question}; findings: {', '.join(item.choices)}."
            elif len(item.choices) == 1 and len(item.branches) == 1:
                head = f"{pad}{law}: {item.branches[0].example.text}."
            else:
                head = f"{pad}{law}: {item.question} ({step.kind}); choices: {', '.join(item.choices)}."
            lines.append(head)
            if len(item.choices) == 1 and len(item.branches) == 1 and item.branches[0].children and (
                    step.kind.name != "FINDING"):  # (a finding's consequence is said under it, with these)
                lines.extend(f"{pad}  {extra}." for extra in unsaid(item.node, step, item.branches[0].children[0]))
            if annotate is not None:
                lines.extend(f"{pad}  {extra}" for extra in annotate(item))
            if len(item.branches) == 1:
                br = item.branches[0]
                if len(item.choices) > 1 or step.kind.name == "FINDING":
                    alternatives(f"{pad}  ", consequences(br.choices, br.steps or [br.example], extras(item, br)), cite)
                say(br.items, depth)
            else:
                for br in item.branches:
                    said = consequences(br.choices, br.steps or [br.example], extras(item, br))
                    alternatives(f"{pad}  ", said, cite, conditional=True)
                    if len(said) > 1 and br.items:  # (what follows is the same for all of them)
                        lines.append(f"{pad}  In each of these cases:")
                    say(br.items, depth + 2)

    say(ruling_tree(ruling), 0)
    found = list(restorations)
    info = information(found)
    if info:
        every = set(found[0].ledger).intersection(*(r.ledger for r in found[1:]))
        lines.append(f"Information from {information_sources(info)}:")
        for i in sorted(info, key=lambda i: (i.seat.index, i.card)):
            lines.append(f"  {information_line(i, None if i in every else sources.get(i, []))}.")
    for n in ruling.notices:
        lines.append(f"Note: {n}.")
    return lines
