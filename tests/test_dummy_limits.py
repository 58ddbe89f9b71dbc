"""Dummy's limits after a breach of 43A2 and inquiries about a revoke (43B2, 43B3, 61B): the
record lines refused where no table can have them, each located at its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulings.models.errors import RulingError
from rulings.solver.casefile import load
from rulings.solver.ruling import Ruling
from rulings.solver.summary import distinct

CASE = """\
laws: 2017
trick: 11
leader: N
won: {{NS: 7, EW: 3}}
deal: "N:.98.5. .K..98 2.4.A. .Q3.7."
contract: 4S
declarer: S
play:
  - {line}
  - N H9
  - E C8
  - S H4
  - W HQ
  - attention N
"""


@pytest.mark.parametrize(("line", "said"), [
    ("E looks W", "E is not dummy (N)"),
    ("N looks S", "S is not a defender"),
    ("N asks E", "dummy may ask declarer (S) only, never a defender (61B2, 42B1)"),
    ("W asks N", "N is dummy, whose cards are faced"),
    ("E asks E", "asks another"),
    ("S warns", "S is not dummy (N)"),
    ("N watches now", "'watches' takes nothing after it"),
])
def test_impossible_lines_are_located_errors(tmp_path: Path, line: str, said: str) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(CASE.format(line=line), encoding="utf-8")
    with pytest.raises(RulingError) as err:
        load(str(path))
    assert said in str(err.value) and ":9" in str(err.value)


def test_dummy_after_a_breach_points_out_a_defenders_revoke_it_stands(tmp_path: Path) -> None:
    """43B3: no rectification (the revoke rules would make the C8 a major penalty card)."""
    path = tmp_path / "case.yaml"
    path.write_text(CASE.format(line="N exchanges"), encoding="utf-8")
    found = distinct(Ruling(load(str(path))).restorations())
    assert len(found) == 1
    r = found[0]
    assert "43B3" in r.laws and "43A2(a)" in r.laws and not r.withdrawn and not r.penalty_cards
