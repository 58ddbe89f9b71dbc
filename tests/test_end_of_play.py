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
