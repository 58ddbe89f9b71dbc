"""The documentation stays true to the code and the corpus: every decision switch has its row,
with its default, in the table of docs/decisions.md, and every case file the docs name (a path,
or a glob) is in ``cases/``."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest

from rulings.solver.config import Decisions

ROOT = Path(__file__).resolve().parent.parent
DOCS = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]


def test_every_switch_has_its_row_with_its_default() -> None:
    text = (ROOT / "docs" / "decisions.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| `([a-z0-9_]+)` \((True|False)\) \|", text, re.M))
    switches = {f.name: str(f.default) for f in fields(Decisions)}
    assert {n: d for n, d in rows.items() if switches.get(n) != d} == {}
    assert sorted(set(switches) - set(rows)) == []


def _braces(token: str) -> list[str]:
    """``a{b,c}d`` as ``abd``, ``acd`` (the brace form the docs use for a few siblings)."""
    m = re.search(r"\{([^}]*)\}", token)
    if m is None:
        return [token]
    return [x for alt in m.group(1).split(",") for x in _braces(token[: m.start()] + alt + token[m.end():])]


def _found(pattern: str, folder: str | None) -> bool:
    """A path from the repository (``cases/...``, ``tests/...``, ``docs/...``), from ``cases/``
    (``revoke/x.yaml``), or a bare name in the folder of the path named before it (else in any
    folder of ``cases/``)."""
    if pattern.startswith(("cases/", "tests/", "docs/")):
        return any(ROOT.glob(pattern))
    if "/" in pattern:
        return any((ROOT / "cases").glob(pattern))
    if folder is not None and any((ROOT / folder).glob(pattern)):
        return True
    return any((ROOT / "cases").glob("**/" + pattern))


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_case_the_docs_name_is_in_the_corpus(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    folder: str | None = None
    missing = []
    for m in re.finditer(r"`([^`\s]+\.ya?ml)`", text):
        token = m.group(1)
        if "-" not in token.rsplit("/", 1)[-1] or "pending-cases/" in token:
            continue  # a file type (`*.yml`), a name of the reader's own (`set.yaml`), or a case kept out of the corpus
        if not all(_found(t, folder) for t in _braces(token)):
            missing.append(f"{doc.name}:{text.count(chr(10), 0, m.start()) + 1}: {token}")
        if token.startswith(("cases/", "tests/", "docs/")):
            folder = token.rsplit("/", 1)[0]
    assert missing == []
