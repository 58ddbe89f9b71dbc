"""The rule set's Law 64 transfer against an independent count (tests/oracle_law64.py) on
random deals played to the end with one or two established revokes.

``make test`` runs a sample (RULINGS_LAW64_N, default 400 for 2017 and half as many for 2007);
``make bench`` the full sweep of 100,050 (66,700 and 33,350).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from oracle_law64 import transfer as oracle_transfer

from rulings.models import parse_case
from rulings.solver.generate import case_seed, dump_case, random_established_case
from rulings.solver.ruling import Ruling

N = int(os.environ.get("RULINGS_LAW64_N", "400"))


def _solver_transfer(mapping: dict) -> int | None:
    case = parse_case(yaml.safe_load(dump_case(mapping)))
    leaves = list(Ruling(case).restorations())
    assert len(leaves) == 1, f"an established revoke played to the end has one restoration, got {len(leaves)}"
    return leaves[0].node.transfer


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_transfer_agrees_with_independent_count(edition: str) -> None:
    disagree = []
    kinds = {"1": 0, "2": 0}
    for i in range(N // 2 if edition == "2007" else N):
        rng = case_seed(64 + int(edition), i)
        mapping = random_established_case(rng, edition=edition)
        ours = _solver_transfer(mapping)
        theirs = oracle_transfer(mapping, edition)
        if ours != theirs:
            disagree.append((i, ours, theirs, dump_case(mapping)))
        kinds["2" if " and " in mapping["title"] else "1"] += 1
    assert not disagree, f"{len(disagree)} disagreements; first: {disagree[0]}"
    assert kinds["1"] and kinds["2"], "the sample has cases with one and with two revokes"


def test_oracle_reads_a_two_trick_case() -> None:
    """The oracle itself on a hand-counted case (64A1: two tricks)."""
    path = Path(__file__).resolve().parent.parent / "cases" / "established" / "own-64a1-defender-ruffs-wins-two.yaml"
    mapping = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert oracle_transfer(mapping) == 2
