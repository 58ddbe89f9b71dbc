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
    ``record`` of that board draws it with (its play's last line), or, for a PBN game or LIN
    board that gives the record whole (its RecordTable section, its Record pairs), by the
    record itself."""
    args = ["solve", str(path), "--board", str(board), "--json"]
    if not (path.suffix in (".pbn", ".lin") and whole_record(record, path.suffix[1:])):
        args += ["--attention", record["case"]["play"][-1].split()[1]]
    result = _runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    out: dict[str, Any] = json.loads(result.stdout)
    return out


def whole_record(record: dict[str, Any], fmt: str = "pbn") -> bool:
    """Whether ``generate --format pbn`` (``fmt``: or ``lin``) writes the record's lines whole:
    in the game's RecordTable section, or the LIN board's Record pairs (its cards do not give
    them back, or it carries claims)."""
    from rulings.solver.testsets import _record_case, record_whole

    case = _record_case(record)
    lines = [str(line) for line in record["case"]["play"]]
    claims = [str(claim) for claim in record["case"].get("expect") or []]
    return record_whole(case, case.replay().table, lines, claims, fmt)
