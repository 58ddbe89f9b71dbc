"""Designations of dummy's cards and changed designations (45B, 45C4, 46, 47C, 47D, 44G,
16C): the graph solver and the independent brute-force oracle
(tests/oracle_designation.py, ``oracle_designation``) agree on random positions from
``rulings.solver.generate.random_designation_case``: every shape the generator draws (an
incomplete or invalid call, 46B1-46B5; the same with incontrovertible intention; a change
in time and too late; declarer's and a defender's own named card, whose 45C4(b) reach and
window differ between the editions; a card placed or played from the hand), both
editions, with each finding of the director on a change and none.

:func:`designation_options` gives the generator options of position ``i`` of the grid; the
benchmark's sweep (benchmarks/run.py, section 16) cycles the same grid.
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from agreement import assert_agrees
from oracle_designation import oracle_designation

from rulings.solver.casefile import loads
from rulings.solver.generate import DESIGNATION_SHAPES, case_seed, random_designation_case
from rulings.solver.rulesets import get_ruleset
from rulings.solver.ruling import Ruling

FINDINGS = (None, "none", "slip", "rethink", "lapse", "pause")
CHANGES = ("change", "late_change", "own_card", "defender_card", "placed")
# (shape, edition, the finding on a change; the calls have none)
SHAPES = [(shape, edition, finding)
          for shape, edition, finding in itertools.product(DESIGNATION_SHAPES, ("2017", "2007"), FINDINGS)
          if shape in CHANGES or finding is None]
SEEDS_PER_SHAPE = 10  # 54 shapes x 10 = 540 positions


def designation_options(i: int) -> dict[str, Any]:
    """Generator options of position ``i`` of the grid (cycled)."""
    shape, edition, finding = SHAPES[i % len(SHAPES)]
    return {"shape": shape, "edition": edition, "finding": finding}


def solver_keys(mapping: dict[str, Any], edition: str | None = None) -> list[str]:
    case = loads(yaml.safe_dump(mapping))
    rs = get_ruleset(edition) if edition is not None else None
    return [r.key() for r in Ruling(case, rs).restorations()]


def _shape_id(i: int) -> str:
    shape, edition, finding = SHAPES[i]
    return f"{shape}-{edition}-{finding or 'drawn'}"


@pytest.mark.parametrize("shape", range(len(SHAPES)), ids=_shape_id)
def test_solver_agrees_with_oracle_designation(shape: int) -> None:
    for k in range(SEEDS_PER_SHAPE):
        i = shape + k * len(SHAPES)
        mapping = random_designation_case(case_seed(4546, i), **designation_options(i))
        keys = solver_keys(mapping)
        oracle = oracle_designation(mapping)
        assert_agrees(mapping, keys, oracle, i)


def test_comparison_can_fail() -> None:
    """Not vacuous: ruling a declarer's or defender's own named card changed in time under the
    other edition's rule set (2017 45C4(b) reaches only dummy's cards, 2007 any player's)
    makes the two disagree; and the positions exercise the clauses the oracle reads."""
    disagree = checked = 0
    sizes: list[int] = []
    paths: set[str] = set()
    for i in range(len(SHAPES) * 3):
        opts = designation_options(i)
        mapping = random_designation_case(case_seed(4546, i), **opts)
        leaves = list(Ruling(loads(yaml.safe_dump(mapping))).restorations())
        sizes.append(len(leaves))
        paths |= {c for r in leaves for s in r.path for c in (s.clause, *s.also)}
        if opts["shape"] not in ("own_card", "defender_card") or opts["finding"] not in ("slip", "none"):
            continue
        oracle = oracle_designation(mapping)
        if len(oracle) == 1 and '"withdrawn":[]' in next(iter(oracle)):
            continue  # (refused in both editions: the changing side had played again)
        other = "2007" if str(mapping["laws"]) == "2017" else "2017"
        checked += 1
        if set(solver_keys(mapping, other)) != oracle:
            disagree += 1
    assert checked >= 4 and disagree == checked
    assert max(sizes) >= 5 and min(sizes) == 1
    assert {"45C4(b)", "47C", "47D", "46B", "46B1(a)", "46B1(c)", "46B2", "46B4", "46B5"} <= paths


def test_generator_shapes_and_findings() -> None:
    for shape in DESIGNATION_SHAPES:
        mapping = random_designation_case(case_seed(46, 0), shape=shape, finding="lapse")
        assert f"({shape})" in mapping["title"] or shape in ("incomplete", "incontrovertible")
        assert mapping["play"][-1].startswith("attention")
        if shape in CHANGES:
            assert any(" changes to " in line for line in mapping["play"])
            assert any(line.endswith("lapse") for line in mapping["play"])
    with pytest.raises(ValueError):
        random_designation_case(case_seed(0, 0), shape="touch")
    with pytest.raises(ValueError):
        random_designation_case(case_seed(0, 0), finding="oops")


HAND_MADE = {
    # 46B1(b) in fourth seat after declarer's discard: the lowest heart that wins
    "win-after-a-discard": "own-46b1b-win-after-declarers-discard.yaml",
    # 45C4(b) with no finding: slip (East may withdraw) or rethink
    "no-finding-rho-option": "own-45c4b-2017-no-finding-rho-option.yaml",
    # 46B5 among the three hearts
    "anything": "own-46b5-anything-following.yaml",
    # too late: declarer has led from his hand since
    "too-late": "own-45c4b-too-late-declarer-led-again.yaml",
}
CASES = Path(__file__).resolve().parent.parent / "cases" / "designation"


@pytest.mark.parametrize("name", sorted(HAND_MADE))
def test_corpus_positions_agree(name: str) -> None:
    mapping = yaml.safe_load((CASES / HAND_MADE[name]).read_text(encoding="utf-8"))
    mapping = {k: v for k, v in mapping.items() if k not in ("expect", "notes", "source", "title")}
    assert set(solver_keys(mapping)) == oracle_designation(mapping)
