"""The family oracle sweeps of benchmarks/run.py (sections 14 and up): for each family, the
solver against its own naive oracle (tests/oracle_*.py) on random positions of the family's
generator, the grid of its agreement test cycled, with the time of each side summed (both
build the canonical keys; parsing apart). One table, :data:`SWEEPS`; one chunk function,
:func:`chunk`, run on worker processes by run.py.

A position agrees when the solver's keys, each once, are the oracle's set: a key the solver
gives twice is a disagreement too. A position the oracle says it does not read
(``NotImplementedError``) is skipped, not counted.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from oracle import oracle_45d2  # noqa: E402
from oracle_designation import oracle_designation  # noqa: E402
from oracle_exposure import oracle_exposure  # noqa: E402
from oracle_fifth_simultaneous import oracle_fifth, oracle_simultaneous  # noqa: E402
from oracle_leads import oracle_leads  # noqa: E402
from test_oracle_45d2 import late_position  # noqa: E402
from test_oracle_designation import designation_options  # noqa: E402
from test_oracle_fifth_simultaneous import fifth_options, simultaneous_options  # noqa: E402
from test_oracle_leads import lead_options  # noqa: E402

from rulings.models import parse_case  # noqa: E402
from rulings.solver.config import Decisions  # noqa: E402
from rulings.solver.generate import (  # noqa: E402
    case_seed,
    random_designation_case,
    random_exposure_case,
    random_fifth_case,
    random_lead_case,
    random_simultaneous_case,
)
from rulings.solver.rulesets import get_ruleset  # noqa: E402
from rulings.solver.ruling import Ruling  # noqa: E402

#: a position: the case mapping, the oracle to read it, and the decisions to rule it under
#: (None: the defaults)
Position = tuple[dict[str, Any], Callable[[dict[str, Any]], set[str]], Decisions | None]


@dataclass(frozen=True)
class Sweep:
    """One family's sweep: its section of run.py, its title, the run.py option that sets the
    number of positions and that number by default, and position ``i`` of its grid."""

    section: int
    title: str
    option: str
    default: int
    position: Callable[[int], Position]


def _lead(i: int) -> Position:
    return random_lead_case(case_seed(53_560, i), **lead_options(i)), oracle_leads, None


#: the shapes of the exposure sweep (penalty cards at the start, a later failure, edition, lead
#: options after the ruling), as tests/test_oracle_exposure.py has them
EXPOSURE_SHAPES = [(pcs, failure, edition, after) for pcs in (0, 1, 2) for failure in (False, True)
                   for edition in ("2017", "2007") for after in (False, True)]


def _exposure(i: int) -> Position:
    pcs, failure, edition, after = EXPOSURE_SHAPES[i % len(EXPOSURE_SHAPES)]
    mapping = random_exposure_case(case_seed(49_500, i), edition=edition, penalty_cards=pcs, failure=failure)
    return mapping, partial(oracle_exposure, options_after_ruling=after), Decisions(lead_options_after_ruling=after)


def _designation(i: int) -> Position:
    return random_designation_case(case_seed(45_460, i), **designation_options(i)), oracle_designation, None


def _fifth_or_simultaneous(i: int) -> Position:
    """Even positions a fifth card (45E), odd ones a simultaneous play (58)."""
    j = i // 2
    if i % 2 == 0:
        return random_fifth_case(case_seed(45_500, j), **fifth_options(j)), oracle_fifth, None
    return random_simultaneous_case(case_seed(58_000, j), **simultaneous_options(j)), oracle_simultaneous, None


def _late(i: int) -> Position:
    """Dummy's wrong card found too late (45D2; 2007 45D), the switch
    ``misplay_too_late_designated_card_counts`` off and on as the grid has it."""
    mapping, counts = late_position(i)
    return mapping, partial(oracle_45d2, designated_card_counts=counts), Decisions(misplay_too_late_designated_card_counts=counts)


SWEEPS: tuple[Sweep, ...] = (
    Sweep(14, "leads out of turn (53-56, 50D2)", "leads", 100_000, _lead),
    Sweep(15, "exposed and penalty cards (45C1, 49-52)", "exposure", 50_000, _exposure),
    Sweep(16, "designations and changed designations (45C4, 46, 47C/47D)", "designation", 100_000, _designation),
    Sweep(17, "fifth card (45E) and simultaneous plays (58)", "fifth", 100_000, _fifth_or_simultaneous),
    Sweep(18, "dummy's wrong card found too late (45D2; 2007 45D)", "late", 100_000, _late),
)
BY_SECTION = {s.section: s for s in SWEEPS}


def chunk(args: tuple[int, int, int]) -> tuple[int, int, float, float, list[str]]:
    """Positions ``start`` to ``start + count`` of section ``section``'s sweep: (positions
    checked, disagreements, solver seconds, oracle seconds, the first few disagreeing
    positions as YAML)."""
    import yaml

    section, start, count = args
    sweep = BY_SECTION[section]
    checked = differing = 0
    t_solver = t_oracle = 0.0
    examples: list[str] = []
    for i in range(start, start + count):
        mapping, oracle, decisions = sweep.position(i)
        case = parse_case(mapping)
        ruleset = get_ruleset(case.laws, decisions) if decisions is not None else None
        t0 = time.perf_counter()
        try:
            theirs = oracle(mapping)
        except NotImplementedError:
            continue  # (a shape the oracle does not read: said in its docstring)
        t1 = time.perf_counter()
        keys = [r.key() for r in Ruling(case, ruleset).restorations()]
        t2 = time.perf_counter()
        t_oracle += t1 - t0
        t_solver += t2 - t1
        checked += 1
        if set(keys) != theirs or len(keys) != len(theirs):
            differing += 1
            if len(examples) < 3:
                examples.append(yaml.safe_dump(mapping, sort_keys=False))
    return checked, differing, t_solver, t_oracle, examples


def summary(results: list[tuple[int, int, float, float, list[str]]]) -> dict[str, Any]:
    """The solver's time per position and the oracle's time over the solver's."""
    t_solver = sum(r[2] for r in results)
    t_oracle = sum(r[3] for r in results)
    positions = sum(r[0] for r in results)
    return {"solver_us_per_case": t_solver / max(1, positions) * 1e6,
            "oracle_over_solver_time": t_oracle / t_solver if t_solver else float("nan")}
