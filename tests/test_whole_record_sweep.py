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



# ``all`` seed 4108, whole: East's premature plays at tricks 5 (or 6) and 9, West unable to
# keep any option declarer chooses at either
_TWO_TRICKS = """title: 'Random mixed record: together, fifth, fail from trick 2'
laws: {edition}
deal: E:98.AQ9.A42.AT72 A76.T76432..J95 KQJT53.KJ5.7.Q4 42.8.KQJT5.K863
contract: 3SX
declarer: S
trick: 2
leader: E
won:
  NS: 0
  EW: 1
play:
- E plays S9 D2 H9 simultaneous visible S9 D2
- S S6
- W SK
- N S2
- W plays HJ fifth
- W HJ
- N H8
- E H9
- S H7
- W HK
- N C8
- E HA
- S H3
- E CA
- S C9
- W CQ
- N C3
- E CT
- S CJ
- W C4
- N CK
- N S4
- E S8
- S S7
- W SJ
- W ST
- N DK
- E C7
- S SA
- S HT
- W H5
- N DJ
- E HQ
- E D4
- attention W
"""


@pytest.mark.parametrize(("edition", "leaves"), [("2017", 88), ("2007", 216)])
def test_options_over_one_player_at_two_tricks_made_the_other_way_round_are_two_restorations(
        edition: str, leaves: int) -> None:
    """Declarer's 57A options over West after East's premature plays at two tricks, West
    unable to keep either: a spade required at one and a diamond at the other end in the
    table of the other order, but each restriction governs West's card to its own trick and
    is spent with it (57A). The two courses are two rulings, not one choice given twice: the
    key names the trick each restriction governed (``Restoration.key``, docs/decisions.md),
    so no key is given twice."""
    from rulings.solver.casefile import loads
    from rulings.solver.ruling import Ruling

    rests = list(Ruling(loads(_TWO_TRICKS.format(edition=edition))).restorations(limit=5000))
    keys = [r.key() for r in rests]
    assert len(rests) == leaves and len(set(keys)) == len(keys)
    assert all(json.loads(k) == r.canonical() for k, r in zip(keys, rests, strict=True))


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_lead_out_of_turn_is_ruled_after_the_next_hands_cards_played_together_that_revoke(edition: str) -> None:
    """``all`` seed 5351, cut: after ``resume`` dummy leads out of turn when East, the next
    hand's partner, was to lead (a revoke's correction before ``resume`` gave him the trick),
    and West puts down two cards together, the visible one failing to follow; North and East
    then play. West's card is his play to the lead (58B1, 53A), a revoke, and East's card no
    proper lead (53B): the lead is ruled once the cards played together are, and every
    restoration keeps each trick in rotation (case
    ``lead-out-of-turn-next-hand-plays-two-cards-together-visible-one-revokes-accepts-53a.yaml``)."""
    from rulings.solver.generate_mixed import FAMILIES

    assert check(5351, tuple(FAMILIES), edition, 2, 5000) == ("ruled", 130, [])
