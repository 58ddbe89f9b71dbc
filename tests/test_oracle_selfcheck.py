"""Self-checks of the independent revoke oracle (tests/oracle.py) on hand-checked cases."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from oracle import oracle_restorations

CASES_MD = Path("/work/shared/spec/CASES.md")
DI_SACCO_DEAL = "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"
TRICK_ONE = ["W DQ", "N DA", "E D4", "S D7"]  # North wins with the ace


def restorations(case: dict[str, Any]) -> list[dict[str, Any]]:
    return [json.loads(s) for s in sorted(oracle_restorations(case))]


def di_sacco(play: list[str], **extra: Any) -> dict[str, Any]:
    return {"deal": DI_SACCO_DEAL, "contract": "4S", "declarer": "S", "play": play, **extra}


def withdraws(r: dict[str, Any], seat: str, card: str) -> bool:
    return f"{seat}:{card}" in r["withdrawn"]


def test_complete_example_from_cases_md() -> None:
    text = CASES_MD.read_text() if CASES_MD.exists() else ""
    block = re.search(r"```yaml\n(.*?)```", text, re.S)
    if block is None:
        pytest.skip("CASES.md example not available")
    case = yaml.safe_load(block.group(1))
    rs = restorations(case)
    assert len(rs) == 21
    # always: E penalty H4 major; always: E plays S
    assert all("E:H4:major" in r["penalty"] for r in rs)
    assert all(r["cards"]["2:E"] in {"S9", "S8", "S2"} for r in rs)
    assert {r["cards"]["2:E"] for r in rs} == {"S9", "S8", "S2"}
    # sometimes: S withdraws SA, W withdraws S5, W plays SK, W penalty S5 major
    assert any(withdraws(r, "S", "SA") and withdraws(r, "W", "S5") and r["cards"]["2:W"] == "SK"
               and "W:S5:major" in r["penalty"] for r in rs)
    # never: W withdraws S5, S plays SA
    assert not any(withdraws(r, "W", "S5") and r["cards"]["2:S"] == "SA" for r in rs)
    # always: S withdraws SA => unauthorized EW S SA
    assert all("EW:S:SA" in r["unauthorized"] for r in rs if withdraws(r, "S", "SA"))
    # the structure behind 21 = 3 x (1 + 3 x 2)
    assert sum(r["cards"]["2:S"] == "SA" for r in rs) == 3
    assert {r["cards"]["2:S"] for r in rs} == {"SA", "SQ", "S7", "S6"}
    for r in rs:
        assert not r["established"] and r["lead"] in {"N", "S", "W"}
        # one word a card withdrawn (a penalty card's 16C2 and 50E2 entries name the same side)
        assert len(r["unauthorized"]) == len(r["withdrawn"])
        assert r["lead"] == ("W" if r["cards"]["2:W"] == "SK" else
                             "S" if r["cards"]["2:S"] in {"SA", "SQ"} else "N")


def test_established_revoke_gives_one_restoration() -> None:
    # South wins trick 2 with the SA and leads; West (offending side) plays to trick 3.
    play = [*TRICK_ONE, "N SJ", "E H4", "S SA", "W S5", "S D8", "W D9", "attention E"]
    [r] = restorations(di_sacco(play))
    assert r["established"] is True
    assert r["withdrawn"] == [] and r["unauthorized"] == [] and r["penalty"] == []
    assert r["lead"] == "S"
    assert r["cards"] == {"2:N": "SJ", "2:E": "H4", "2:S": "SA", "2:W": "S5",
                          "3:S": "D8", "3:W": "D9"}


def test_attention_right_after_revoke_one_restoration_per_spade() -> None:
    rs = restorations(di_sacco([*TRICK_ONE, "N SJ", "E H4", "attention E"]))
    assert len(rs) == 3  # East holds S9 S8 S2
    assert sorted(r["cards"]["2:E"] for r in rs) == ["S2", "S8", "S9"]
    for r in rs:
        assert r["cards"].keys() == {"2:N", "2:E"}
        assert r["withdrawn"] == ["E:H4"] and r["unauthorized"] == ["EW:E:H4"]  # (16C2 and 50E2: one word)
        assert r["penalty"] == ["E:H4:major"] and r["lead"] is None


def test_existing_major_penalty_card_of_suit_led_forces_substitute() -> None:
    case = di_sacco([*TRICK_ONE, "N SJ", "E H4", "attention E"], penalty=["E S9 major"])
    [r] = restorations(case)
    assert r["cards"] == {"2:N": "SJ", "2:E": "S9"}
    assert r["penalty"] == ["E:H4:major"]  # S9 has been played


def test_existing_major_penalty_card_of_another_suit_does_not_constrain() -> None:
    case = di_sacco([*TRICK_ONE, "N SJ", "E H4", "attention E"], penalty=["E C5 major"])
    rs = restorations(case)
    assert len(rs) == 3
    assert all(r["penalty"] == ["E:C5:major", "E:H4:major"] for r in rs)


SMALL = {  # hand-built, nine tricks gone; hearts are trumps, dummy North leads trick 10
    "deal": "N:J..32.2 K32.4.. AQ7..5. 5.9.9.9",
    "contract": "4H", "declarer": "S", "trick": 10, "leader": "N",
}


def test_revoke_card_makes_earlier_minor_penalty_card_major() -> None:
    # 50B: once H4 becomes a penalty card (62B1), East has two, so both are major, and the
    # major S2 of the suit led must be his substitute (50D1(a)).
    case = {**SMALL, "play": ["N SJ", "E H4", "attention S"], "penalty": ["e s2 minor"]}
    [r] = restorations(case)
    assert r["cards"] == {"10:N": "SJ", "10:E": "S2"}
    assert r["penalty"] == ["E:H4:major"]


def test_minor_penalty_card_allows_itself_or_an_honour() -> None:
    # Dummy revokes (no penalty card); East (NOS) has S2 as a minor penalty card and may
    # keep SK or change to S2, never to S3 (50C); South may change only after East did.
    case = {**SMALL, "leader": "W", "play": ["W S5", "N D3", "E SK", "S SA", "attention S"],
            "penalty": ["E S2 minor"]}
    rs = restorations(case)
    assert len(rs) == 1 * (1 + 1 * (1 + 2))
    assert {r["cards"]["10:E"] for r in rs} == {"S2", "SK"}
    assert all(r["penalty"] == (["E:S2:minor"] if r["cards"]["10:E"] == "SK" else []) for r in rs)
    assert {r["cards"]["10:S"] for r in rs if r["cards"]["10:E"] == "S2"} == {"SA", "SQ", "S7"}


def test_partner_withdrawal_makes_earlier_minor_penalty_card_major() -> None:
    # West (dummy) leads S5; North, with SQ a major penalty card, revokes with D3; declarer
    # changes C2; South (OS, void in spades, H8 a minor penalty card) may then withdraw D2,
    # which becomes a penalty card (62C2): with two, both are major (50B), and void in
    # spades he must play H8 (50D1(a)), not D6.
    case = {"deal": "E:.T..42 .8.62. 5..KJ. Q2..3.", "contract": "5H", "declarer": "E",
            "trick": 11, "leader": "W", "penalty": ["N SQ major", "S H8 minor"],
            "play": ["W S5", "N D3", "E C2", "S D2", "attention W"]}
    rs = restorations(case)
    assert len(rs) == 1 * (1 + 2 * (1 + 1))
    assert all(r["cards"]["11:N"] == "SQ" for r in rs)
    changed = [r for r in rs if withdraws(r, "S", "D2")]
    assert {r["cards"]["11:S"] for r in changed} == {"H8"}
    assert all(r["penalty"] == ["N:D3:major", "S:D2:major"] for r in changed)


def test_declarer_revoke_card_goes_back_to_hand() -> None:
    rs = restorations(di_sacco(["W DQ", "N DA", "E D4", "S C7", "attention W"]))
    assert sorted(r["cards"]["1:S"] for r in rs) == ["D7", "D8", "DK"]
    for r in rs:
        assert r["penalty"] == [] and r["unauthorized"] == ["NS:S:C7"] and r["lead"] == "N"


def test_dummy_revoke_partner_declarer_changes_without_penalty_card() -> None:
    rs = restorations(di_sacco(["W DQ", "N C2", "E D4", "S D7", "attention E"]))
    assert len(rs) == 3 * (1 + 2 * 3)  # N: A/3/2; E keeps, or 6/5 then S keeps or K/8
    assert all(r["penalty"] == [] for r in rs)
    assert not any(withdraws(r, "S", "D7") and not withdraws(r, "E", "D4") for r in rs)
    assert any(r["unauthorized"] == ["NS:E:D4", "NS:N:C2", "NS:S:D7"] for r in rs)


def test_nos_lead_to_next_trick_kept_withdrawn_or_forced_back() -> None:
    # West revokes fourth in hand; North wins and leads to trick 3 before attention.
    play = [*TRICK_ONE, "N SJ", "E S2", "S S6", "W H7", "N D3", "attention E"]
    rs = restorations(di_sacco(play))
    assert len(rs) == 3  # W SK (lead forced back) ; W S5 x (keep or withdraw the lead)
    sk = [r for r in rs if r["cards"]["2:W"] == "SK"]
    assert len(sk) == 1 and sk[0]["lead"] == "W" and withdraws(sk[0], "N", "D3")
    assert "3:N" not in sk[0]["cards"] and "EW:N:D3" in sk[0]["unauthorized"]
    s5 = [r for r in rs if r["cards"]["2:W"] == "S5"]
    assert sorted("3:N" in r["cards"] for r in s5) == [False, True]
    assert all(r["lead"] == "N" for r in s5)
    assert all(r["penalty"] == ["W:H7:major"] for r in rs)


def test_other_irregularities_are_not_implemented() -> None:
    with pytest.raises(NotImplementedError):
        oracle_restorations(di_sacco(["W DQ", "N calls low", "attention E"]))
