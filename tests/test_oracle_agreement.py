"""The graph solver and the independent brute-force oracle (tests/oracle.py) agree.

Random revoke positions from ``rulings.solver.generate`` (fixed seeds; both editions; 0-2
penalty cards in force; the revoker in second, third and fourth seat; established or not;
with and without a non-offending lead to the next trick) are loaded as case files, ruled by
``Ruling(case).restorations()``, and the set of ``key()`` strings must equal
``oracle_restorations(mapping)``.

:func:`compare` and :func:`run_positions` are also the entry points for the benchmark::

    from test_oracle_agreement import run_positions   # with tests/ on sys.path
    report = run_positions(1000, seed=1)
    print(report.positions, report.solver_seconds, report.oracle_seconds, report.disagreements)
"""

from __future__ import annotations

import itertools
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from oracle import oracle_restorations

from rulings.solver.casefile import loads
from rulings.solver.generate import cascade_case, case_seed, random_revoke_case
from rulings.solver.ruling import Ruling

EXAMPLE = Path(__file__).resolve().parents[1] / "solver" / "data" / "example-47d.yaml"
SEEDS_PER_SHAPE = 12
EDITIONS = ("2017", "2007")
ROLES = ("defender", "declarer", "dummy")
# (revoker position, established, next-trick lead by the NOS, penalty cards in force)
SHAPES = list(itertools.product((2, 3, 4), (False, True), (False, True), (0, 1, 2)))


@dataclass
class Comparison:
    """One position ruled by both: what each found, and the timings."""

    mapping: dict[str, Any]
    solver: list[str]  # keys in enumeration order
    oracle: set[str]
    solver_seconds: float
    oracle_seconds: float

    @property
    def agree(self) -> bool:
        return set(self.solver) == self.oracle and len(self.solver) == len(set(self.solver))

    def explain(self) -> str:
        dup = len(self.solver) - len(set(self.solver))
        only_s = sorted(set(self.solver) - self.oracle)
        only_o = sorted(self.oracle - set(self.solver))
        lines = [yaml.safe_dump(self.mapping, sort_keys=False), f"duplicate solver keys: {dup}"]
        lines += ["solver only:", *only_s[:5], "oracle only:", *only_o[:5]]
        return "\n".join(lines)


@dataclass
class AgreementReport:
    positions: int = 0
    restorations: int = 0
    solver_seconds: float = 0.0
    oracle_seconds: float = 0.0
    disagreements: list[Comparison] = field(default_factory=list)


def compare(mapping: dict[str, Any]) -> Comparison:
    """Rule ``mapping`` (a loaded case file) with the solver, via a YAML round trip, and
    with the oracle."""
    t0 = time.perf_counter()
    case = loads(yaml.safe_dump(mapping))
    solver = [r.key() for r in Ruling(case).restorations()]
    t1 = time.perf_counter()
    oracle = oracle_restorations(mapping)
    t2 = time.perf_counter()
    return Comparison(mapping, solver, oracle, t1 - t0, t2 - t1)


def shape_options(i: int) -> dict[str, Any]:
    """Generator options of position ``i`` of the grid (cycled): shape, edition, role."""
    position, established, lead, penalty = SHAPES[i % len(SHAPES)]
    round_ = i // len(SHAPES)
    return {
        "revoker_position": position,
        "established": established,
        "next_trick_lead": lead,
        "penalty_cards": penalty,
        "edition": EDITIONS[(i + round_) % 2],
        # Penalty cards need a defender to hold them; a declaring-side revoker still leaves
        # both defenders on the non-offending side, so every role stays in play.
        "revoker_role": ROLES[(i // 3 + round_) % 3],
    }


def run_positions(n: int, *, seed: int = 0, **options: Any) -> AgreementReport:
    """Rule ``n`` random positions (the grid of shapes, cycled, unless ``options`` fix them)
    with both solver and oracle; return counts, total times and every disagreement."""
    report = AgreementReport()
    for i in range(n):
        mapping = random_revoke_case(case_seed(seed, i), **{**shape_options(i), **options})
        c = compare(mapping)
        report.positions += 1
        report.restorations += len(c.solver)
        report.solver_seconds += c.solver_seconds
        report.oracle_seconds += c.oracle_seconds
        if not c.agree:
            report.disagreements.append(c)
    return report


# ----- tests -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("shape", range(len(SHAPES)), ids=lambda i: "pos{}-{}-{}-pen{}".format(
    SHAPES[i][0], "est" if SHAPES[i][1] else "open", "lead" if SHAPES[i][2] else "nolead", SHAPES[i][3]))
def test_solver_agrees_with_oracle(shape: int) -> None:
    for k in range(SEEDS_PER_SHAPE):
        i = shape + k * len(SHAPES)
        mapping = random_revoke_case(case_seed(2024, i), **shape_options(i))
        c = compare(mapping)
        assert c.agree, f"position {i}:\n{c.explain()}"
        assert c.solver, "no restoration"


def test_grid_covers_editions_roles_and_shapes() -> None:
    seen = {(o["edition"], o["revoker_role"]) for o in map(shape_options, range(len(SHAPES) * SEEDS_PER_SHAPE))}
    assert seen == set(itertools.product(EDITIONS, ROLES))
    assert len(SHAPES) * SEEDS_PER_SHAPE >= 300


def test_unconstrained_random_positions_agree() -> None:
    report = run_positions(60, seed=7, revoker_position=None, established=None, next_trick_lead=None,
                           penalty_cards=None, revoker_role=None)
    assert report.positions == 60 and not report.disagreements, report.disagreements[0].explain()


def test_cases_md_example_agrees() -> None:
    mapping = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    c = compare(mapping)
    assert c.agree, c.explain()
    assert len(c.solver) == 21


@pytest.mark.parametrize("target", [1, 40, 400, 1463])
def test_cascade_cases_agree(target: int) -> None:
    mapping = cascade_case(target)
    c = compare(mapping)
    assert c.agree, c.explain()
    assert f"count {len(c.solver)}" in mapping["expect"]


HAND_MADE = {
    # 50B at the revoker's substitute: E's minor S2 turns major once H4 is a penalty card.
    "revoker-minor-turns-major": {
        "deal": "N:J..32.2 K32.4.. AQ7..5. 5.9.9.9", "contract": "4H", "declarer": "S", "trick": 10,
        "leader": "N", "penalty": ["E S2 minor"], "play": ["N SJ", "E H4", "attention S"]},
    # 50C for a NOS player changing under 62C1.
    "nos-minor-penalty-card": {
        "deal": "N:J..32.2 K32.4.. AQ7..5. 5.9.9.9", "contract": "4H", "declarer": "S", "trick": 10,
        "leader": "W", "penalty": ["E S2 minor"], "play": ["W S5", "N D3", "E SK", "S SA", "attention S"]},
    # 50B at the 62C2 partner's substitute (the disagreement found by the random positions).
    "partner-minor-turns-major": {
        "deal": "E:.T..42 .8.62. 5..KJ. Q2..3.", "contract": "5H", "declarer": "E", "trick": 11,
        "leader": "W", "penalty": ["N SQ major", "S H8 minor"],
        "play": ["W S5", "N D3", "E C2", "S D2", "attention W"]},
    # A defender's penalty card played as the revoke card goes back to being one (62B2).
    "penalty-card-as-revoke-card": {
        "deal": "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6",
        "contract": "4S", "declarer": "S", "penalty": ["E H4 minor"],
        "play": ["W DQ", "N DA", "E D4", "S D7", "N SJ", "E H4", "S SA", "W S5", "attention E"]},
}


@pytest.mark.parametrize("name", sorted(HAND_MADE))
def test_hand_made_penalty_card_cases_agree(name: str) -> None:
    c = compare(HAND_MADE[name])
    assert c.agree, c.explain()
