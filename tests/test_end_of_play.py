"""Law 64 after play and the end of play (docs/established-revoke-rules.md): what the ruling
says of a record that runs to the end, whatever line ends it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from rulings.solver.cli import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]
ESTABLISHED = ROOT / "cases" / "established"


def _solve(path: Path) -> dict[str, Any]:
    res = runner.invoke(app, ["solve", "--json", str(path)])
    assert res.exit_code == 0, res.output
    out: dict[str, Any] = json.loads(res.output)
    return out


@pytest.mark.parametrize("name", [
    "own-62d1-trick12-defender-ruff-corrected-2017.yaml",
    "own-62d1-trick12-revoke-last-trick-by-remaining-line-2017.yaml",
    "own-62d1-trick12-revoke-last-trick-by-remaining-line-2007.yaml",
])
def test_a_trick12_revoke_corrected_although_established_is_listed_once(name: str) -> None:
    """One line per revoke under Irregularity: how it was established, then why 62D1 still
    corrects it."""
    found = _solve(ESTABLISHED / name)["irregularities"]
    assert len(found) == 1, found
    assert "established" in found[0] and "corrected although established (62D1)" in found[0]


def _texts(path: Path) -> list[str]:
    return [step["text"] for r in _solve(path)["restorations"] for step in r["path"]]


@pytest.mark.parametrize(("name", "words", "not_words"), [
    # the claim gives the revoke trick in progress to the non-offending side: 64B1, no "only 0"
    ("own-64b1-claim-of-every-trick-before-the-revoke-trick-is-complete-2007.yaml",
     ["neither the revoke trick nor a later trick", "the end of play gives it, still in progress, to NS"],
     ["only 0", "trick(s)"]),
    # ... to the offending side, declarer's card winning it so far: the revoker's partner won it
    ("own-64a2-offending-side-claims-before-the-revoke-trick-is-complete.yaml",
     ["E won the revoke trick, not the revoker"], ["the non-offending side won the revoke trick"]),
])
def test_a_revoke_trick_in_progress_at_the_end_of_play_goes_to_the_side_the_end_gives_it(
        name: str, words: list[str], not_words: list[str]) -> None:
    text = " ".join(_texts(ESTABLISHED / name))
    for w in words:
        assert w in text, text
    for w in not_words:
        assert w not in text, text
