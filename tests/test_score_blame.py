"""``rulings score``: when another engine takes every step of our path but rules a different
outcome, the blame names the clause that decides the part of the outcome that differs (50B
the kind of a penalty card, 62B1 a revoke card's, a Law 64 clause the transfer, 50E2/16C2
the information unauthorized), not the last step of the path."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from rulings.solver.cli import app
from rulings.solver.score import compare

runner = CliRunner()
Restoration = dict[str, Any]


def _generate(tmp: Path, kind: str, count: int, seed: int) -> list[dict[str, Any]]:
    path = tmp / f"{kind}.jsonl"
    res = runner.invoke(app, ["generate", str(count), "--kind", kind, "--with-ruling", "--format", "jsonl",
                              "--out", str(path), "--seed", str(seed)])
    assert res.exit_code == 0, res.output
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _score(tmp: Path, ours: list[dict[str, Any]], theirs: list[dict[str, Any]]) -> dict[str, Any]:
    files = []
    for name, recs in (("ours", ours), ("theirs", theirs)):
        files.append(tmp / f"{name}.jsonl")
        files[-1].write_text("".join(json.dumps(rec) + "\n" for rec in recs), encoding="utf-8")
    res = runner.invoke(app, ["score", str(files[1]), "--against", str(files[0]), "--json"])
    assert res.exit_code == 1, res.output
    report: dict[str, Any] = json.loads(res.stdout)
    return report


def _wrong_engine(records: list[dict[str, Any]], change: Callable[[Restoration], bool]) -> tuple[list[dict[str, Any]], list[str]]:
    """Their records: ours with ``change`` applied to the first restoration of each record it
    applies to (it says whether it did); the ids changed."""
    theirs, changed = copy.deepcopy(records), []
    for rec in theirs:
        if any(change(r) for r in rec["ruling"]["restorations"]):
            changed.append(rec["id"])
    return theirs, changed


def _major_to_minor(clause: str, before_last: bool = False) -> Callable[[Restoration], bool]:
    """A wrong engine: a major penalty card made by a step carrying ``clause`` (with
    ``before_last``: a step other than the path's last) is minor; the steps, their words
    included, are left as ours."""
    def change(r: Restoration) -> bool:
        for p in r["penalty_cards"]:
            steps = [s for s in r["path"] if p["card"] in s["text"] and clause in [s["clause"], *s.get("also", [])]]
            if p["kind"] == "major" and steps and not (before_last and steps[-1] is r["path"][-1]):
                p["kind"] = "minor"
                return True
        return False
    return change


def test_a_penalty_card_of_the_wrong_kind_is_blamed_on_50B(tmp_path: Path) -> None:
    """An exposed card ruled a minor penalty card where ours is major: the path (one step, 49
    with 50B among its further clauses) is the same, so 50B is blamed, not 49."""
    ours = _generate(tmp_path, "exposure", 20, 3)
    theirs, changed = _wrong_engine(ours, _major_to_minor("50B"))
    assert len(changed) >= 2
    report = _score(tmp_path, ours, theirs)
    assert report["wrong_clauses"] == ["50B"]
    assert report["clauses"]["50B"]["wrong"] == len(changed) and report["clauses"]["49"]["wrong"] == 0
    reasons = report["disagreements"][changed[0]]["clauses"]["50B"]
    assert any(r.startswith("missing restoration") and " major" in r for r in reasons), reasons
    assert any(r.startswith("extra restoration") and " minor" in r for r in reasons), reasons


def test_a_revoke_card_of_the_wrong_kind_is_blamed_on_62B1_wherever_its_step_is(tmp_path: Path) -> None:
    """A revoke card ruled minor (the path's words unchanged), in restorations where later
    steps (62C1, 62C2) follow the one that makes it a penalty card: 62B1 is blamed."""
    ours = _generate(tmp_path, "revoke", 15, 3)
    theirs, changed = _wrong_engine(ours, _major_to_minor("62B1", before_last=True))
    assert changed
    report = _score(tmp_path, ours, theirs)
    assert report["wrong_clauses"] == ["62B1"]
    assert list(report["disagreements"]) == changed


def test_a_wrong_transfer_is_blamed_on_the_law_64_clause(tmp_path: Path) -> None:
    """Their transfer is one trick more than ours, their steps the same in another order
    (64 first, then 63A1): the Law 64 clause of the step is blamed on both sides."""
    ours = _generate(tmp_path, "established", 10, 3)

    def change(r: Restoration) -> bool:
        if r["transfer"] is None:
            return False
        r["transfer"] += 1
        r["path"] = r["path"][::-1]
        return True

    theirs, changed = _wrong_engine(ours, change)
    assert len(changed) == 10
    report = _score(tmp_path, ours, theirs)
    assert report["wrong_clauses"] and all(c.startswith("64A") or c.startswith("64B") for c in report["wrong_clauses"])
    for rec in ours:
        law64 = next(s["clause"] for s in rec["ruling"]["restorations"][0]["path"] if s["clause"].startswith("64"))
        reasons = report["disagreements"][rec["id"]]["clauses"][law64]
        assert [r.split(" ")[0] for r in reasons] == ["missing", "extra"]


def test_each_part_of_the_outcome_that_differs_names_its_clause(tmp_path: Path) -> None:
    """A penalty card's kind and who its information is unauthorized to both differ: 50B and
    50E2, both further clauses of the one step (49) that names the card."""
    rec = next(r for r in _generate(tmp_path, "exposure", 20, 3)
               if any(x["penalty_cards"] and x["ledger"] for x in r["ruling"]["restorations"]))
    ours = rec["ruling"]["restorations"]
    theirs = copy.deepcopy(ours)
    r = next(x for x in theirs if x["penalty_cards"] and x["ledger"])
    card = r["penalty_cards"][0]["card"]
    r["penalty_cards"][0]["kind"] = "minor"
    entry = next(e for e in r["ledger"] if e["card"] == card)
    entry["unauthorized"] = entry["authorized"]
    assert [s["clause"] for s in r["path"]] == ["49"]
    assert set(compare(rec["id"], ours, theirs).wrong) == {"50B", "50E2"}


@pytest.mark.parametrize("part", ["lead", "withdrawn"])
def test_a_part_no_step_decides_falls_back_to_the_last_step(part: str) -> None:
    """The kind of a penalty card differs (50B, a further clause of the step naming it), and
    a part that no step decides or names (the lead; a card withdrawn that no step names): that
    part is blamed on the last step."""
    ours = [{"number": 1, "tricks": [], "withdrawn": [], "penalty_cards": [{"seat": "E", "card": "SJ", "kind": "major"}],
             "lead": "N", "laws": ["49", "50B", "62C2"],
             "path": [{"clause": "49", "also": ["50B"], "actor": "TD", "text": "SJ becomes a penalty card"},
                      {"clause": "62C2", "actor": "W", "text": "W keeps his card"}]}]
    theirs = copy.deepcopy(ours)
    theirs[0]["penalty_cards"][0]["kind"] = "minor"
    if part == "lead":
        theirs[0]["lead"] = "S"
    else:
        theirs[0]["withdrawn"] = [{"seat": "E", "card": "D2", "trick": 1}]
    assert set(compare("x", ours, theirs).wrong) == {"50B", "62C2"}
