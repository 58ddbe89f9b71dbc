"""Machine-readable output: the ruling as JSON (with a shipped JSON Schema) and the ruling
graph as DOT, GraphML or node-link JSON."""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path
from typing import Any

from rulings.solver.engine import SCHEMA_VERSION, Node, Restoration
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
        "irregularities": list(ruling.irregularities),
        "notices": [{"line": n.line, "text": n.text} for n in ruling.notices],
        "count": len(restorations),
        "truncated": truncated,
        "found": len(restorations) if found is None else found,  # distinct restorations found (count: those listed)
        # the node budget of the enumeration: how far it got, and whether it is complete
        "budget": {"nodes": budget, "expanded": ruling.expanded, "exhausted": ruling.exhausted},
        "restorations": [r.to_json() for r in restorations],
    }


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
