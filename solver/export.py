"""Machine-readable output: the ruling as JSON (with a shipped JSON Schema) and the ruling
graph as DOT, GraphML or node-link JSON."""

from __future__ import annotations

import json
from collections.abc import Iterable
from importlib.resources import files
from pathlib import Path
from typing import Any, TextIO

from rulings.solver.engine import SCHEMA_VERSION, Budget, Node, Restoration
from rulings.solver.ruling import Ruling


def schema() -> dict[str, Any]:
    """The JSON Schema of ``rulings solve --json`` output."""
    text = files("rulings.solver").joinpath("data/ruling.schema.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def ruling_json(ruling: Ruling, restorations: list[Restoration], *, truncated: bool = False,
                budget: Budget | None = None) -> dict[str, Any]:
    """The whole ruling as JSON-ready data (stable keys; ``schema_version``)."""
    out = ruling_head(ruling)
    out.update(count=len(restorations), truncated=truncated, restorations=[r.to_json() for r in restorations])
    if budget is not None:
        out["budget"] = budget_json(budget)
    return out


def budget_json(budget: Budget) -> dict[str, Any]:
    """The node budget of a ruling and how far the ruling got."""
    return {"nodes": budget.nodes, "expanded": budget.expanded, "exhausted": budget.exhausted}


def write_ruling_json(out: TextIO, ruling: Ruling, restorations: Iterable[Restoration], *, limit: int | None = None,
                      truncated: bool = False, budget: Budget | None = None) -> int:
    """Write the ruling as JSON (the :func:`ruling_json` document), one restoration at a time.

    Nothing is collected: memory stays flat however many restorations stream. Returns the count.
    """
    head = ruling_head(ruling)
    out.write("{\n")
    for key in sorted(head):
        out.write(f"  {json.dumps(key)}: " + json.dumps(head[key], indent=2, sort_keys=True).replace("\n", "\n  ") + ",\n")
    out.write('  "restorations": [')
    count = 0
    stream = iter(restorations)
    for r in stream:
        if limit is not None and count >= limit:
            truncated = True
            break
        out.write(("," if count else "") + "\n    " + json.dumps(r.to_json(), sort_keys=True))
        count += 1
    out.write("\n  ],\n" if count else "],\n")
    tail: dict[str, Any] = {"count": count, "truncated": truncated}
    if budget is not None:
        tail["budget"] = budget_json(budget)
    out.write(",\n".join(f"  {json.dumps(k)}: {json.dumps(v, sort_keys=True)}" for k, v in tail.items()) + "\n}\n")
    return count


def ruling_head(ruling: Ruling) -> dict[str, Any]:
    """The fields of :func:`ruling_json` that do not depend on the restorations."""
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
    }


def _label(node: Node) -> str:
    t = node.table
    focus = t.trick(node.focus) if node.focus is not None else None
    cards = " ".join(f"{s}:{c}" for s, c in focus.plays) if focus is not None else ""
    pcs = " ".join(f"{p.seat}:{p.card}({p.kind})" for p in sorted(t.penalty_cards, key=lambda p: p.sort_key))
    return cards + (f" | PC {pcs}" if pcs else "")


def write_graph(ruling: Ruling, path: str | Path, *, limit: int | None = None, budget: Budget | None = None) -> int:
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
        return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'

    lines = ["digraph ruling {", "  rankdir=LR;", "  node [shape=box, fontname=Helvetica];"]
    for n, d in h.nodes(data=True):
        label = d["label"] + (f"\\nrestoration {d['restoration']}" if "restoration" in d else "")
        shape = ", style=bold" if d.get("leaf") else ""
        lines.append(f"  {n} [label={q(label)}{shape}];")
    for a, b, d in h.edges(data=True):
        lines.append(f"  {a} -> {b} [label={q(d['clause'] + ' ' + d['text'])}];")
    lines.append("}")
    return "\n".join(lines) + "\n"
