"""A defender's exposed card and its penalty card (45C1, 49, 50, 51, 52): the graph solver and
the independent brute-force oracle (``tests/oracle_exposure.py``) agree on random positions
from ``rulings.solver.generate.random_exposure_case`` (both editions; with penalty cards in
force when the record starts, and with a later play that fails to play a penalty card; with
``Decisions.lead_options_after_ruling`` off and on), and the oracle reads hand-counted corpus
cases as they say.
"""

from __future__ import annotations

import itertools
import json
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from agreement import assert_agrees
from oracle_exposure import oracle_exposure

from rulings.solver.casefile import loads
from rulings.solver.config import Decisions
from rulings.solver.generate import case_seed, random_exposure_case
from rulings.solver.rulesets import get_ruleset
from rulings.solver.ruling import Ruling

ROOT = Path(__file__).resolve().parent.parent

# (penalty cards at the start, a later failure to play one, edition, lead options after the ruling)
SHAPES = list(itertools.product((0, 1, 2), (False, True), ("2017", "2007"), (False, True)))
SEEDS_PER_SHAPE = 20  # 24 shapes x 20 = 480 positions


def position(i: int) -> tuple[dict[str, Any], bool]:
    pcs, failure, edition, after = SHAPES[i % len(SHAPES)]
    return random_exposure_case(case_seed(4950, i), edition=edition, penalty_cards=pcs, failure=failure), after


def solver_keys(mapping: dict[str, Any], after: bool) -> list[str]:
    case = loads(yaml.safe_dump(mapping))
    rs = get_ruleset(case.laws, Decisions(lead_options_after_ruling=after))
    return [r.key() for r in Ruling(case, rs).restorations()]


def shape_id(i: int) -> str:
    pcs, failure, edition, after = SHAPES[i]
    return f"pc{pcs}-{'failure' if failure else 'lawful'}-{edition}-{'options' if after else 'nooptions'}"


@pytest.mark.parametrize("shape", range(len(SHAPES)), ids=shape_id)
def test_solver_agrees_with_oracle_exposure(shape: int) -> None:
    compared = 0
    for k in range(SEEDS_PER_SHAPE):
        i = shape + k * len(SHAPES)
        mapping, after = position(i)
        try:
            oracle = oracle_exposure(mapping, options_after_ruling=after)
        except NotImplementedError:
            continue  # (rare: a play after a card declarer may still refuse)
        keys = solver_keys(mapping, after)
        compared += 1
        assert_agrees(mapping, keys, oracle, i)
    assert compared >= SEEDS_PER_SHAPE - 1


def test_comparison_can_fail() -> None:
    """Not vacuous: the solver ruling with the lead-options switch the other way disagrees on
    some positions, and the positions exercise both findings, both kinds, 52B2's withdrawn card
    and declarer's lead options."""
    disagree = 0
    sizes: list[int] = []
    seen: set[str] = set()
    for i in range(len(SHAPES) * SEEDS_PER_SHAPE):
        mapping, after = position(i)
        try:
            oracle = oracle_exposure(mapping, options_after_ruling=after)
        except NotImplementedError:
            continue
        keys = solver_keys(mapping, after)
        sizes.append(len(keys))
        text = " ".join(keys)
        seen |= {w for w in ("visible_to_partner", "not_visible_to_partner", ":minor", ":major", "restrictions",
                             '"withdrawn":["') if w in text}
        if set(solver_keys(mapping, not after)) != oracle:
            disagree += 1
    assert disagree >= 5
    assert max(sizes) >= 5 and min(sizes) == 1
    assert seen == {"visible_to_partner", "not_visible_to_partner", ":minor", ":major", "restrictions", '"withdrawn":["'}


@pytest.mark.parametrize(("path", "after", "count"), [
    ("cases/exposure/dropped-honour-partner-to-lead.yaml", False, 1),
    ("cases/exposure/dropped-honour-partner-to-lead.yaml", True, 3),
    ("cases/exposure/defender-card-visibility-open.yaml", False, 2),
    ("cases/exposure/second-penalty-card-makes-both-major.yaml", False, None),
    ("cases/combined/exposed-h4-minor-then-lower-heart-played.yaml", False, 2),
    ("cases/penalty/own-50c-honour-played-before-minor-card-turned-major.yaml", False, 1),
    ("cases/penalty/own-50d1a-one-of-three-major-penalty-cards-led-after-exposure.yaml", False, 1),
])
def test_oracle_reads_corpus_cases(path: str, after: bool, count: int | None) -> None:
    """The oracle on hand-counted cases: the count the case file expects, and the solver's keys."""
    mapping = yaml.safe_load((ROOT / path).read_text(encoding="utf-8"))
    oracle = oracle_exposure(mapping, options_after_ruling=after)
    expected = count if count is not None else next(int(str(c).split()[1]) for c in mapping["expect"] if str(c).startswith("count"))
    assert len(oracle) == expected
    assert oracle == set(solver_keys(mapping, after))


# Penalty cards in force at the start, a card exposed, then a later play that fails to play a
# penalty card: with the options after the ruling, declarer's 50D2/51B choice comes once, after
# the 52 ruling, for whoever is then to lead (52B2 can change who wins the trick).
FAILURE_AFTER_EXPOSURE = [
    # West's dropped D6 makes his HT and D6 major (50B); his CA then fails to play one. Accepted,
    # East's SQ wins and leads; required (52B2), the HT ruffs and West leads: no options for him.
    """
contract: 4HX
deal: "W:.T963.6.AQT876 KJT643.QJ8..42 Q985.A72.A.KJ3 A72.K54.532.95"
declarer: N
laws: 2017
trick: 3
leader: N
won: {NS: 2, EW: 0}
penalty: ["E H7 minor", "W HT major"]
play: ["W exposes D6 dropped visible_to_partner", "N S4", "E SQ", "S S7", "W CA", "attention S"]
""",
    # East's DK exposed makes his H7 major (50B); his HJ then fails to play it. West leads next
    # either way: one choice of declarer's for that lead, not one before the 52 ruling and
    # another after it.
    """
contract: 1D
deal: "S:K4.KQ2.Q98.AJ6 J763.A8.AJ62.4 T985.T.T53.KQ5 AQ2.J97.K74.72"
declarer: S
laws: 2007
trick: 3
leader: S
won: {NS: 2, EW: 0}
penalty: ["E H7 minor"]
play: ["S HQ", "W HA", "E exposes DK held_near_table visible_to_partner", "N HT", "E HJ", "attention N"]
""",
]


@pytest.mark.parametrize("text", FAILURE_AFTER_EXPOSURE, ids=["leader-changes-2017", "one-choice-2007"])
def test_lead_options_follow_the_failure_ruling(text: str) -> None:
    mapping = yaml.safe_load(text)
    keys = solver_keys(mapping, True)
    assert set(keys) == oracle_exposure(mapping, options_after_ruling=True)
    for key in keys:
        r = json.loads(key)
        said = r.get("restrictions", [])
        assert all(x.split()[0] == r["lead"] for x in said), key  # the options are for the player to lead
        assert len({x.split()[-1] for x in said if " must lead " in x}) <= 1, key  # one choice: one suit required at most
