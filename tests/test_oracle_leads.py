"""Leads out of turn (53-56, with 50D2 and 16C): the graph solver and the independent
brute-force oracle (tests/oracle_leads.py, ``oracle_leads``) agree on random positions from
``rulings.solver.generate.random_lead_case``: both editions; the lead made by a defender,
by declarer from his hand and from dummy; to a random trick (2-12), to trick 1 (a faced
opening lead: 54, 54E) and to trick 13 (2017 53A: no acceptance); with the generator's
usual answer (``accepts``/``refuses`` four times in ten) or one drawn among every line the
rules read (a statement, ``spreads``, ``director finds saw_dummy``, a 50D2 choice line);
with 0-2 penalty cards of the defenders in force (after trick 1), which bring 50B (two or
more all major), 51B (declarer's options over several suits) and 52 (an accepted lead that
a penalty card forbade).

:func:`lead_options` gives the generator options of position ``i`` of the grid; the
benchmark's sweep (benchmarks/run.py, section 14) cycles the same grid.
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
from oracle_leads import oracle_leads

from rulings.solver.casefile import loads
from rulings.solver.generate import _LEAD_ANSWERS, case_seed, random_lead_case
from rulings.solver.rulesets import get_ruleset
from rulings.solver.ruling import Ruling

TRICKS = (None, 1, 13)  # the trick led to: random 2-12, the opening lead, the last trick
ROLES = ("defender", "declarer", "dummy")
# (trick led to, offender, every answer line, edition, penalty cards in force; none before
# the opening lead)
SHAPES = [shape for shape in itertools.product(TRICKS, ROLES, (False, True), ("2017", "2007"), (0, 1, 2))
          if not (shape[0] == 1 and shape[4])]
SEEDS_PER_SHAPE = 6  # 84 shapes x 6 = 504 positions


def lead_options(i: int) -> dict[str, Any]:
    """Generator options of position ``i`` of the grid (cycled)."""
    trick, role, every, edition, pcs = SHAPES[i % len(SHAPES)]
    return {"lead_trick": trick, "offender": role, "answers": _LEAD_ANSWERS if every else None, "edition": edition,
            "penalty_cards": pcs}


def solver_keys(mapping: dict[str, Any], edition: str | None = None) -> list[str]:
    case = loads(yaml.safe_dump(mapping))
    rs = get_ruleset(edition) if edition is not None else None
    return [r.key() for r in Ruling(case, rs).restorations()]


def _shape_id(i: int) -> str:
    trick, role, every, edition, pcs = SHAPES[i]
    return f"{'t' + str(trick) if trick else 'later'}-{role}-{'lines' if every else 'plain'}-{edition}-pen{pcs}"


@pytest.mark.parametrize("shape", range(len(SHAPES)), ids=_shape_id)
def test_solver_agrees_with_oracle_leads(shape: int) -> None:
    for k in range(SEEDS_PER_SHAPE):
        i = shape + k * len(SHAPES)
        mapping = random_lead_case(case_seed(5356, i), **lead_options(i))
        keys = solver_keys(mapping)
        oracle = oracle_leads(mapping)
        assert_agrees(mapping, keys, oracle, i)


def test_comparison_can_fail() -> None:
    """Not vacuous: ruling trick-13 positions under the other edition's rule set (2017 allows
    no acceptance there, 2007 does) makes them disagree, and the positions exercise the
    shapes the oracle reads: acceptance, 54A, 54D with the three 50D2 options, 54E, 56, 52."""
    disagree = checked = 0
    sizes: list[int] = []
    paths: set[str] = set()
    for i in range(len(SHAPES) * 2):
        mapping = random_lead_case(case_seed(5356, i), **lead_options(i))
        case = loads(yaml.safe_dump(mapping))
        leaves = list(Ruling(case).restorations())
        sizes.append(len(leaves))
        paths |= {s.clause for r in leaves for s in r.path}
        if lead_options(i)["lead_trick"] != 13 or mapping["play"][-1].split()[0] != "attention":
            continue  # (a statement may settle the answer alike in both editions)
        other = "2007" if str(mapping["laws"]) == "2017" else "2017"
        checked += 1
        if set(solver_keys(mapping, other)) != oracle_leads(mapping):
            disagree += 1
    assert checked >= 6 and disagree == checked
    assert max(sizes) >= 5 and min(sizes) == 1
    assert {"53A", "54A", "54B", "54D", "54E", "55A", "56", "50D2(a)", "50D2(b)", "52B1(a)", "52B2"} <= paths


@pytest.mark.parametrize("trick", [1, 5, 13])
def test_generator_forces_the_trick(trick: int) -> None:
    for i in range(6):
        role = ROLES[i % 3]
        mapping = random_lead_case(case_seed(53, i), offender=role, lead_trick=trick)
        assert mapping.get("trick", 1) == max(1, trick - 1)
        assert f"to trick {trick};" in mapping["title"] and f"({role})" in mapping["title"]
        assert len(mapping["play"]) >= (2 if trick == 1 else 6)


def test_generator_answers_option() -> None:
    seen: set[str] = set()
    for i in range(60):
        mapping = random_lead_case(case_seed(54, i), lead_trick=1, answers=_LEAD_ANSWERS)
        last = mapping["play"][-1].split()
        seen.add("none" if last[0] == "attention" else last[-1] if last[1] == "finds" else last[1])
    assert seen == {"none", *_LEAD_ANSWERS}
    with pytest.raises(ValueError):
        random_lead_case(case_seed(0, 0), answers=("objects",))
    with pytest.raises(ValueError):
        random_lead_case(case_seed(0, 0), lead_trick=14)


HAND_MADE = {
    # 54: the five options of a faced opening lead out of turn (seed 003's case)
    "opening-lead-five-options": {
        "deal": "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6",
        "contract": "4S", "declarer": "S", "play": ["E HK", "attention S"]},
    # 56 with the declaring side to lead: a 50D2 line settles nothing
    "declaring-side-to-lead-forbid-line": {
        "deal": "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6",
        "contract": "4S", "declarer": "S", "play": ["W DQ", "N DA", "E D4", "S D7", "W SK", "attention S", "S forbids S"]},
    # 50B: the minor C6 turns major when the refused HA joins it; East's lead to trick 5,
    # made while it was minor, is no failure to play it (52)
    "minor-turned-major-no-earlier-failure": {
        "deal": "S:AQJT.K9.KQT. 75.T43.J87.2 2.J5.2.KQ987 64.A6.96.653", "contract": "5DXX", "declarer": "N",
        "trick": 5, "leader": "E", "won": {"NS": 2, "EW": 2}, "penalty": ["E C6 minor"],
        "play": ["E S4", "S SA", "W S5", "N S2", "E HA", "attention S"]},
    # 2017 53A at trick 13: the refusal is forced; the partner is to lead, so 50D2 follows
    "trick-13-partner-to-lead": {
        "laws": 2017, "deal": "N:..2. ..3. ..4. ..5.", "contract": "3NT", "declarer": "S", "trick": 13,
        "leader": "W", "won": {"NS": 6, "EW": 6}, "play": ["E D3", "attention S"]},
}


@pytest.mark.parametrize("name", sorted(HAND_MADE))
def test_hand_made_positions_agree(name: str) -> None:
    mapping = HAND_MADE[name]
    assert set(solver_keys(mapping)) == oracle_leads(mapping)


def test_oracle_counts_seed_003_five_options() -> None:
    """The oracle itself on a hand-counted case: 54A, 54B, and 54D with require, forbid, neither."""
    assert len(oracle_leads(HAND_MADE["opening-lead-five-options"])) == 5
    assert len(oracle_leads(HAND_MADE["declaring-side-to-lead-forbid-line"])) == 2
    assert len(oracle_leads(HAND_MADE["trick-13-partner-to-lead"])) == 3
