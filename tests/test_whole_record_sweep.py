"""How benchmarks/whole_record_sweep.py counts a record whose restorations given twice are the
positions ``Decisions.lead_restriction_in_force_binds_a_later_choice`` off records: declarer's
two choices at one lead, a requirement and a prohibition of one suit made in either order,
both kept (docs/decisions.md). That is the reading the switch selects, not a choice offered
twice: counted as ``reading``, flagged only with ``--strict``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from whole_record_sweep import binds_a_lead_both_ways, check


def _key(*restrictions: str) -> str:
    return json.dumps({"cards": {}, "lead": "N", "restrictions": list(restrictions)})


@pytest.mark.parametrize(("restrictions", "both_ways"), [
    (("N must lead S", "N must not lead S"), True),
    (("E must lead H", "E must lead S"), True),
    (("N must lead S",), False),
    (("N must not lead S", "N must not lead H"), False),
    (("N must lead S", "S must not lead S"), False),  # (two players: no lead bound both ways)
    ((), False),
])
def test_a_lead_bound_both_ways(restrictions: tuple[str, ...], both_ways: bool) -> None:
    assert binds_a_lead_both_ways(_key(*restrictions)) is both_ways


@pytest.mark.parametrize(("seed", "families", "restorations"), [
    # declarer restricts North's lead over the ST, then over the SJ of South's lead out of turn
    (2894, None, 542),
    # West's lead to trick 7 restricted, then his lead to trick 8 after dummy's lead out of turn
    (3913, ("lead", "early"), 490),
])
@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_two_contradictory_choices_at_one_lead_are_the_readings_not_flagged(
        seed: int, families: tuple[str, ...] | None, restorations: int, edition: str) -> None:
    status, n, reasons = check(seed, families, edition, 2, 5000)
    assert (status, n, reasons) == ("reading", restorations, [])
    status, n, reasons = check(seed, families, edition, 2, 5000, strict=True)
    assert status == "flagged" and reasons[0].startswith("repeated: 12 restoration key(s)")


@pytest.mark.parametrize(("edition", "leaves"), [("2017", 216), ("2007", 600)])
def test_options_over_one_player_at_two_tricks_made_the_other_way_round_are_two_restorations(
        edition: str, leaves: int) -> None:
    """Declarer's 57A options over West after East's premature plays at two tricks (5 or 6,
    then 9), West unable to keep either: a spade required at one and a diamond at the other
    end in the table of the other order, but each restriction governs West's card to its own
    trick and is spent with it (57A). The two courses are two rulings, not one choice given
    twice: the key names the trick each restriction governed (``Restoration.key``,
    docs/decisions.md), so no key is given twice."""
    from rulings.solver.generate_mixed import FAMILIES

    _, n, reasons = check(4108, tuple(FAMILIES), edition, 1, 5000)
    assert n == leaves
    assert not [r for r in reasons if r.startswith("repeated")]
