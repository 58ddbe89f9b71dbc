"""Data views of a ruling for people: the ruling tree and the information summary.

The CLI formats these; tests read them directly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import field

from rulings.models.dataclass import dataclass
from rulings.solver.engine import Info, Node, Restoration, Step
from rulings.solver.ruling import Ruling


@dataclass
class TreeItem:
    """One decision of the ruling: who may or must do what, and what follows each answer."""

    step: Step  # the first alternative (for its clause, actor, kind and wording)
    question: str
    choices: list[str]
    branches: list[TreeBranch] = field(default_factory=list)


@dataclass
class TreeBranch:
    """The alternatives of a decision that lead to the same next decisions."""

    choices: list[str]
    example: Step
    items: list[TreeItem] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)  # every alternative of the branch, in order


def ruling_tree(ruling: Ruling, *, max_depth: int = 12) -> list[TreeItem]:
    """Summarise the ruling graph as a tree of decisions in order.

    Sibling edges answering the same question are one item; its alternatives are split
    into branches only where what comes next differs (e.g. "if S keeps SA, W must leave
    S5; if S changes, W may change"), and one representative of each branch is followed.
    """
    expand = ruling.expand

    def items(node: Node, depth: int) -> list[TreeItem]:
        if depth > max_depth:
            return []
        groups: dict[str, list[tuple[Step, Node]]] = {}
        signatures: dict[int, tuple[tuple[str, str, str], ...]] = {}
        for step, child in expand(node):
            below = expand(child) if child.agenda else []
            if child.agenda and not below:
                continue  # (a path the engine dropped further on: no restoration passes there)
            signatures[id(child)] = tuple((s.question, s.kind.name, s.clause) for s, _ in below)
            groups.setdefault(step.question, []).append((step, child))
        out: list[TreeItem] = []
        for question, edges in groups.items():
            item = TreeItem(edges[0][0], question, [s.choice or s.text for s, _ in edges])
            by_sig: dict[tuple[tuple[str, str, str], ...], list[tuple[Step, Node]]] = {}
            for step, child in edges:
                by_sig.setdefault(signatures[id(child)], []).append((step, child))
            for same in by_sig.values():
                first_step, first_child = same[0]
                item.branches.append(TreeBranch([s.choice or s.text for s, _ in same], first_step, items(first_child, depth + 1),
                                                [s for s, _ in same]))
            out.append(item)
        return out

    return items(ruling.root, 0)


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


def director_script(ruling: Ruling, restorations: Iterable[Restoration], *,
                    annotate: Callable[[TreeItem], list[str]] | None = None) -> list[str]:
    """What the director says at the table, in order, generated from the ruling graph.

    Each decision of :func:`ruling_tree` becomes one instruction naming who acts, what he
    may or must do, and the clause; branches become "if ..." lines; the information from
    withdrawn cards (16C) closes the script. Indentation (two spaces a level) shows nesting.
    ``annotate``: further lines said after a decision (``rulings solve --dds --explain``: the
    double-dummy value of each choice), indented under it.
    """
    turned = decisions_line(ruling)
    lines: list[str] = [f"{turned}."] if turned else []
    for irr in ruling.irregularities:
        lines.append(f"Irregularity: {irr}.")
    for irr in ruling.found_later:
        lines.append(f"Irregularity found while ruling: {irr}.")
    for said in ruling.choices:  # (no irregularity)
        lines.append(f"Declarer's choice at the table: {said}.")
    for due in ruling.options_due:  # (no irregularity)
        lines.append(f"Declarer's lead options due: {due}.")

    def say(items: list[TreeItem], depth: int) -> None:
        pad = "  " * depth
        for item in items:
            step = item.step
            if step.kind.name == "FINDING":
                head = f"{pad}{step.clause}: the director decides: {item.question}; findings: {', '.join(item.choices)}."
            elif len(item.choices) == 1 and len(item.branches) == 1:
                head = f"{pad}{step.clause}: {item.branches[0].example.text}."
            else:
                head = f"{pad}{step.clause}: {item.question} ({step.kind}); choices: {', '.join(item.choices)}."
            lines.append(head)
            if annotate is not None:
                lines.extend(f"{pad}  {extra}" for extra in annotate(item))
            if len(item.branches) == 1:
                br = item.branches[0]
                if len(item.choices) > 1:
                    lines.append(f"{pad}  (for example: {br.example.text})")
                say(br.items, depth)
            else:
                for br in item.branches:
                    alternatives = br.steps or [br.example]
                    if len(alternatives) == 1 or len({a.text for a in alternatives}) == 1:
                        lines.append(f"{pad}  If {' or '.join(br.choices)}: {br.example.text}.")
                    else:  # say what each alternative does; what follows is the same for all
                        for choice, alt in zip(br.choices, alternatives, strict=True):
                            lines.append(f"{pad}  If {choice}: {alt.text}.")
                        if br.items:
                            lines.append(f"{pad}  In each of these cases:")
                    say(br.items, depth + 2)

    say(ruling_tree(ruling), 0)
    info = information(restorations)
    if info:
        lines.append(f"Information from {information_sources(info)}:")
        for i in sorted(info, key=lambda i: (i.seat.index, i.card)):
            lines.append(
                f"  that {i.seat} held {i.card} is authorized to {i.authorized} ({i.ai_clause}) "
                f"and unauthorized to {i.unauthorized} ({i.ui_clause})."
            )
    for n in ruling.notices:
        lines.append(f"Note: {n}.")
    return lines
