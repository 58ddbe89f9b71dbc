"""Reading a generated board file back: the one way the board-file tests rule board N of a
PBN or LIN set, as a user would (``rulings solve FILE --board N --attention SEAT --json``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from rulings.solver.cli import app

_runner = CliRunner()


def solved_board(path: Path, board: int, record: dict[str, Any]) -> dict[str, Any]:
    """The JSON ruling of board ``board`` of ``path``, attention drawn by the seat the JSON lines
    ``record`` of that board draws it with (its play's last line)."""
    seat = record["case"]["play"][-1].split()[1]
    result = _runner.invoke(app, ["solve", str(path), "--board", str(board), "--attention", seat, "--json"])
    assert result.exit_code == 0, result.output
    out: dict[str, Any] = json.loads(result.stdout)
    return out
