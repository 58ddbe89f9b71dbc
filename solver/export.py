"""Machine-readable output: the ruling as JSON (with a shipped JSON Schema) and the ruling
graph as DOT, GraphML or node-link JSON."""

from __future__ import annotations

import json
import re
from importlib.resources import files
from pathlib import Path
from typing import Any

from rulings.models.cards import Seat
from rulings.models.case import Case
from rulings.models.errors import CaseFileError
from rulings.models.events import ClaimTricks, Remaining
from rulings.solver.config import decisions_words, differing
from rulings.solver.engine import SCHEMA_VERSION, Node, Restoration
from rulings.solver.obligations import lapsed_restrictions, restriction_words
from rulings.solver.ruling import Ruling


def schema() -> dict[str, Any]:
    """The JSON Schema of ``rulings solve --json`` output."""
    text = files("rulings.solver").joinpath("data/ruling.schema.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def ruling_json(ruling: Ruling, restorations: list[Restoration], *, truncated: bool = False,
                budget: int | None = None, found: int | None = None) -> dict[str, Any]:
    """The whole ruling as JSON-ready data (stable keys; ``schema_version``)."""
    case = ruling.case
    return {
        "schema_version": SCHEMA_VERSION,
        "case": {
            "file": case.file,
            "title": case.title,
            "source": case.source,
            "laws": case.laws,
            "deal": case.deal.format(),
            "contract": str(case.contract),
            "declarer": str(case.declarer),
            "trick": case.trick,
        },
        "ruleset": ruling.ruleset.name,
        # the decision switches (docs/decisions.md) ruled under that differ from the defaults
        "decisions": differing(ruling.ruleset.decisions),
        "irregularities": list(ruling.irregularities),
        "found_later": list(ruling.found_later),
        "irregularity_details": [irregularity_json(ruling, i) for i in ruling.irregularities],
        "found_later_details": [irregularity_json(ruling, i) for i in ruling.found_later],
        # declarer's choices stated at the table that a ruling took (50D2, 51B): no irregularity
        "choices": list(ruling.choices),
        # a player to lead while his partner has a major penalty card: declarer's options due
        # at that lead (50D2, 51B), a position ruled, no irregularity
        "options_due": list(ruling.options_due),
        "notices": [{"line": n.line, "text": n.text, "kind": n.kind} for n in ruling.notices],
        "count": len(restorations),
        "truncated": truncated,
        "found": len(restorations) if found is None else found,  # distinct restorations found (count: those listed)
        # the node budget of the enumeration: how far it got, and whether it is complete
        "budget": {"nodes": budget, "expanded": ruling.expanded, "exhausted": ruling.exhausted},
        "restorations": [restoration_json(r, ended=play_ended(case)) for r in restorations],
    }


#: a clause id closing a parenthesis: "(63A1)", "(declarer's premature play, 57C3)"
_CLAUSE_CITED = re.compile(r"\b(\d{2}[A-Z]?[0-9]?(?:\([a-z]\))?)\)")


def irregularity_json(ruling: Ruling, text: str) -> dict[str, Any]:
    """An irregularity as data: its ``text`` (as ``irregularities`` gives it), the record
    ``line`` where it begins, the ``seat`` that committed it (the seat it names first, or
    declarer for "declarer ...", dummy for "dummy (N) ..."), and the last ``clause`` it cites (a law or clause of the
    case's edition, as the text cites it: ``63A``, ``45D1``); each null where unknown."""
    from rulings.solver.clauses import ClauseBook

    words = text.split()
    seat = words[0] if words and words[0] in ("N", "E", "S", "W") else None
    if seat is None and words and words[0].startswith("declarer"):
        seat = str(ruling.case.declarer)
    elif seat is None and words[:1] == ["dummy"] and len(words) > 1 and re.fullmatch(r"\([NESW]\)", words[1]):
        seat = words[1][1]
    laws = {c[:2] for c in ClauseBook.load().ids(ruling.case.laws)}  # (not a trick number: "trick 10)")
    cited = [c for c in _CLAUSE_CITED.findall(text) if c[:2] in laws]
    return {"text": text, "line": ruling.irregularity_lines.get(text), "seat": seat, "clause": cited[-1] if cited else None}


_SEAT = r"[NESW]"
_SUIT = r"[SHDC]"
_ACTOR_FORMS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"^({_SEAT}) \(for dummy ({_SEAT})\)$"), "declarer for dummy"),
    (re.compile(rf"^({_SEAT}) \(declarer designates\)$"), "declarer"),
    (re.compile(rf"^({_SEAT}) or ({_SEAT}) \(either defender designates\)$"), "either defender"),
    (re.compile(rf"^({_SEAT}) or ({_SEAT})$"), "either defender"),
)
_RESTRICTION_FORMS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"^(?P<seat>{_SEAT}) must not lead (?P<suit>{_SUIT})$"), "must_not_lead"),
    (re.compile(rf"^(?P<seat>{_SEAT}) must lead (?P<suit>{_SUIT})$"), "must_lead"),
    (re.compile(rf"^(?P<seat>{_SEAT}) must play highest (?P<suit>{_SUIT})$"), "must_play_highest"),
    (re.compile(rf"^(?P<seat>{_SEAT}) must play lowest (?P<suit>{_SUIT})$"), "must_play_lowest"),
    (re.compile(rf"^(?P<seat>{_SEAT}) must not play (?P<suit>{_SUIT})$"), "must_not_play"),
    (re.compile(rf"^(?P<seat>{_SEAT}) must play (?P<suit>{_SUIT})$"), "must_play"),
    (re.compile(rf"^(?P<seat>{_SEAT}) must play (?P<card>{_SUIT}(?:10|[2-9TJQKA]))$"), "must_play_card"),
    (re.compile(rf"^declarer (?P<seat>{_SEAT}) \((?P<clause>[0-9A-Za-z]+)\)$"), "declarer"),
    (re.compile(rf"^(?P<seat>{_SEAT}) may not choose a play the revoke card (?P<card>{_SUIT}(?:10|[2-9TJQKA])) suggested$"),
     "unauthorized_suggestion"),
)


def actor_json(actor: str, declarer: str) -> dict[str, Any]:
    """A path step's actor as data: the seats that may act and their role ("declarer",
    "dummy", "defender", "declarer for dummy", "either defender", "director"), with the
    wording of the text output in ``text``."""
    if actor == "TD":
        return {"seats": [], "role": "director", "text": actor}
    for pattern, role in _ACTOR_FORMS:
        m = pattern.match(actor)
        if m:
            return {"seats": [m.group(1)] + ([m.group(2)] if role == "either defender" else []), "role": role, "text": actor}
    if re.fullmatch(_SEAT, actor):
        partner = "NESW"[("NESW".index(declarer) + 2) % 4]
        role = "declarer" if actor == declarer else "dummy" if actor == partner else "defender"
        return {"seats": [actor], "role": role, "text": actor}
    return {"seats": re.findall(rf"\b{_SEAT}\b", actor), "role": "other", "text": actor}


def restriction_json(text: str) -> dict[str, Any]:
    """A restriction of the restored position as data: ``kind`` (must_lead, must_not_lead,
    must_play, must_not_play, must_play_highest, must_play_lowest, must_play_card, declarer,
    unauthorized_suggestion, other), the ``seat`` it binds, the ``suit`` or ``card`` it names,
    the ``clause`` where the text gives one, and the wording in ``text``."""
    for pattern, kind in _RESTRICTION_FORMS:
        m = pattern.match(text)
        if m:
            return {"kind": kind, **{k: v for k, v in m.groupdict().items() if v is not None}, "text": text}
    return {"kind": "other", "text": text}


def restoration_json(r: Restoration, *, ended: bool = False) -> dict[str, Any]:
    """One restoration as JSON-ready data: :meth:`Restoration.to_json` with the actor of each
    step and each restriction as objects, and ``to_play``, the seat to act next in the restored
    position (its next leader when the trick under ruling is complete; null when play is over:
    every card played, or ``ended``, the record ends play with a claim or ``remaining``)."""
    data: dict[str, Any] = r.to_json()
    declarer = str(r.table.declarer)
    for step in data["path"]:
        step["actor"] = actor_json(str(step["actor"]), declarer)
    lapsed = lapsed_restrictions(r.table, r.node.restrictions)
    data["restrictions"] = [{**restriction_json(str(t)), "in_force": t not in lapsed} for t in data["restrictions"]]
    data["to_play"] = None if ended else _to_play(r)
    return data


def play_ended(case: Case) -> bool:
    """Whether the record ends play before the last card: a claim (68) or ``remaining NS n
    EW m`` (the tricks after it counted, not played)."""
    return any(isinstance(e, (ClaimTricks, Remaining)) for e in case.events)


def _to_play(r: Restoration) -> str | None:
    table = r.table
    if not any(table.hand(seat) for seat in Seat):
        return None  # every card played: play is over
    return str(table.on_play)


def _label(node: Node) -> str:
    t = node.table
    focus = t.trick(node.focus) if node.focus is not None else None
    cards = " ".join(f"{s}:{c}" for s, c in focus.plays) if focus is not None else ""
    pcs = " ".join(f"{p.seat}:{p.card}({p.kind})" for p in sorted(t.penalty_cards, key=lambda p: p.sort_key))
    return cards + (f" | PC {pcs}" if pcs else "")


def write_graph(ruling: Ruling, path: str | Path, *, limit: int | None = None, budget: int | None = None) -> int:
    """Write the ruling graph; the format follows the suffix (.dot, .graphml, .json).

    Returns the number of nodes written. Raises ValueError for another suffix.
    """
    import networkx as nx

    p = Path(path)
    suffix = p.suffix.lower()
    if suffix not in (".dot", ".gv", ".graphml", ".json"):
        raise ValueError(f"unknown graph format {p.suffix!r}: use .dot, .graphml or .json")
    g = ruling.graph(limit=limit, budget=budget)
    ids = {node: f"n{i}" for i, node in enumerate(g.nodes)}
    h: nx.DiGraph[str] = nx.DiGraph()
    for node, data in g.nodes(data=True):
        attrs: dict[str, Any] = {"label": _label(node), "leaf": bool(data.get("leaf"))}
        if "restoration" in data:
            attrs["restoration"] = int(data["restoration"])
        h.add_node(ids[node], **attrs)
    for a, b, data in g.edges(data=True):
        step = data["step"]
        h.add_edge(ids[a], ids[b], clause=step.clause, kind=step.kind.name.lower(), actor=step.actor, text=step.text,
                   also=" ".join(step.also))
    if suffix == ".graphml":
        nx.write_graphml(h, p)
    elif suffix == ".json":
        data = nx.node_link_data(h, edges="edges")
        p.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    else:
        p.write_text(_dot(h), encoding="utf-8")
    return int(h.number_of_nodes())


def _dot(h: Any) -> str:
    def q(s: str) -> str:
        return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'

    lines = ["digraph ruling {", "  rankdir=LR;", "  node [shape=box, fontname=Helvetica];"]
    for n, d in h.nodes(data=True):
        label = d["label"] + (f"\nrestoration {d['restoration']}" if "restoration" in d else "")
        shape = ", style=bold" if d.get("leaf") else ""
        lines.append(f"  {n} [label={q(label)}{shape}];")
    for a, b, d in h.edges(data=True):
        lines.append(f"  {a} -> {b} [label={q(d['clause'] + ' ' + d['text'])}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_pbn(ruling: Ruling, restorations: list[Restoration], *, event: str = "bridge-rulings", markers: bool = True) -> str:
    """Each restoration as a PBN game, after the PBN file header (games separated by an
    empty line, numbered 1 to N in the ``Board`` tag, as listed): the deal and contract of the case (for a case starting after trick 1: the
    cards left then), the restored play from the case's first trick (a lead out of turn that
    stands marked ``^L``, a revoke card that stands ``^R``, unless ``markers`` is false), and
    as ``{...}`` commentary the restoration's number, findings, clause path, penalty cards,
    information and restrictions; the decision switches the ruling was made under that differ
    from the defaults are said in the first line of commentary and in the ``Decisions`` tag
    (read back). Standard PBN viewers open the result. Raises CaseFileError for a restored
    play PBN cannot hold (:func:`rulings.models.boardfile.play_problem`: a trick short of a
    card followed by a card of the next, as when a card was put down before its turn and play
    went on uncounted): nothing is written then."""
    from rulings.models.boardfile import PBN_HEADER, pbn_game, play_problem, start_tags

    case = ruling.case
    turned = differing(ruling.ruleset.decisions)
    tags = start_tags(case.won, [str(pc) for pc in case.penalty], case.trick, case.laws, turned)
    under = f"Laws {case.laws}" + (f"; decisions {decisions_words(turned)}" if turned else "")
    games = []
    for board, r in enumerate(restorations, start=1):
        tricks = [[(str(s), str(c)) for s, c in t.plays] for t in r.table.tricks]
        notes = [f"Restoration {r.number} of {case.title or case.file or 'the case'} ({under})"]
        notes += restoration_notes(r)
        problem = play_problem(tricks, case.trick)
        if problem is not None:
            raise CaseFileError(f"restoration {r.number}'s play cannot be written as a PBN game: {problem} (PBN reads the "
                                "winner of each trick from its four cards)", file=case.file)
        games.append(pbn_game(deal=case.deal.format(), contract=str(case.contract), declarer=str(r.table.declarer),
                              tricks=tricks, board=board, event=event, commentary=notes, first=str(case.first_leader),
                              markers=markers, tags=tags))
    return PBN_HEADER + "\r\n".join(games)


def write_lin(ruling: Ruling, restorations: list[Restoration], *, truncated: bool = False, budget: int | None = None,
              found: int | None = None) -> str:
    """The case and its ruling as one LIN board, a line (:func:`rulings.solver.testsets.case_lin`,
    as ``generate --format lin --with-ruling`` writes a record): the deal, an auction to the
    contract, the cards standing when attention was drawn in the order played, and as ``nt``
    commentary the edition of the Laws, the decision switches differing from the defaults,
    the penalty cards in force, the record's lines and the
    ruling (:func:`ruling_json` of ``restorations``, ``found`` of them in all). Raises
    CaseFileError for a case LIN cannot hold (one starting after trick 1:
    :func:`rulings.solver.testsets.lin_refusal`)."""
    from rulings.solver.testsets import case_lin

    case = ruling.case
    data = ruling_json(ruling, restorations, truncated=truncated, budget=budget, found=found)
    name = Path(case.file).name if case.file else "the case"
    return case_lin(case, name, [str(e) for e in case.events], data) + "\n"


def restoration_notes(r: Restoration) -> list[str]:
    """A restoration as lines of text: findings, each step of the clause path with its actor,
    penalty cards, information (16C), restrictions and the next leader."""
    notes = [f"Finding: {f}" for f in r.findings]
    notes += [f"{step.clause} {step.actor}: {step.text}" for step in r.path]
    notes += [f"Penalty card: {p.seat} {p.card} ({p.kind})" for p in r.penalty_cards]
    notes += [f"Information: {i.seat} {i.card} authorized to {i.authorized} ({i.ai_clause}), unauthorized to {i.unauthorized} ({i.ui_clause})"
              for i in r.ledger]
    notes += [f"Restriction: {t}" for t in restriction_words(r.table, r.node.restrictions)]
    if r.lead is not None:
        notes.append(f"Next to lead: {r.lead}")
    return notes
