"""The information ledger of a withdrawn card that is then a penalty card (docs/decisions.md,
"A withdrawn penalty card"): both laws apply, one entry each. As a withdrawn play it is
16C information (2007 16D), authorized to the other side (16C1), unauthorized to its
owner's (16C2); as a penalty card 50E governs it (the requirement to play it authorized to
all, 50E1; the rest unauthorized to its owner's partner, 50E2). A card exposed, dropped or
named, never played, is a penalty card only: 50E alone."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from rulings.solver.casefile import loads
from rulings.solver.cli import app
from rulings.solver.ruling import Ruling

runner = CliRunner()

#: East's H3 when his major penalty card HQ was due; declarer refuses it (52B2): East plays
#: the HQ and the H3, withdrawn, becomes a major penalty card
REFUSED = """\
title: East fails to play his penalty card; declarer may refuse the card
laws: {laws}
trick: 11
leader: N
penalty: ["E HQ major"]
deal: "N:.2..32 .Q3..5 A.4..7 .A.K.Q"
contract: 4S
declarer: S
play: [N H2, E H3, attention S]
"""

#: West drops the DA on trick 2 (a penalty card his partner could see, never played)
DROPPED = """\
title: North drops a card
laws: 2017
trick: 2
leader: E
deal: "W:AQ9.AQJ8.75.T64 J754.9.AKQJT4.7 T86.73.83.AQJ82 K32.KT6542.962."
contract: 3H
declarer: E
play: [E CQ, N exposes DA dropped, S D2, W C6, N C7, attention E]
"""


def _ledger(text: str) -> list[dict[str, object]]:
    """The restorations of ``text`` as ``solve --json`` writes them."""
    res = runner.invoke(app, ["solve", "-", "--json"], input=text)
    assert res.exit_code == 0, res.output
    return list(json.loads(res.stdout)["restorations"])


@pytest.mark.parametrize(("laws", "withdrawn"), [("2017", ("16C1", "16C2")), ("2007", ("16D1", "16D2"))])
def test_a_card_52b2_makes_a_penalty_card_is_read_under_16c_and_50e(laws: str, withdrawn: tuple[str, str]) -> None:
    text = REFUSED.format(laws=laws)
    (refused,) = [r for r in Ruling(loads(text)).restorations() if any(s.clause == "52B2" for s in r.path)]
    assert {withdrawn[1], "50E2"} <= refused.laws  # (claims `law 16C2`, `law 50E2` on this path)
    (data,) = [r for r in _ledger(text) if any(s["clause"] == "52B2" for s in r["path"])]
    h3 = [e for e in data["ledger"] if e["card"] == "H3"]
    assert h3 == [
        {"seat": "E", "card": "H3", "authorized": "NS", "unauthorized": "EW", "clauses": list(withdrawn)},
        {"seat": "E", "card": "H3", "authorized": "NS", "unauthorized": "EW", "clauses": ["50E1", "50E2"]},
    ]
    # the HQ of the ``penalty`` field keeps its one 50E entry (played now, seen before)
    assert [e["clauses"] for e in data["ledger"] if e["card"] == "HQ"] == [["50E1", "50E2"]]
    (accepted,) = [r for r in _ledger(text) if any(s["clause"] == "52B1(a)" for s in r["path"])]
    assert [e["card"] for e in accepted["ledger"]] == ["HQ"]  # (nothing withdrawn)


def test_a_revoke_card_62b1_makes_a_penalty_card_has_both_entries_once() -> None:
    """East's revoke card H4 (62B1) and West's S5 changed after declarer's change (62C2):
    each a withdrawn play and a major penalty card, one entry per law."""
    text = """\
laws: 2017
deal: "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"
contract: 4S
declarer: S
play: [W DQ, N DA, E D4, S D7, N SJ, E H4, S SA, W S5, attention E]
"""
    for r in _ledger(text):
        entries = [(e["seat"], e["card"], e["clauses"][0]) for e in r["ledger"]]
        assert len(entries) == len(set(entries))
        assert ("E", "H4", "16C1") in entries and ("E", "H4", "50E1") in entries
        if any(p["card"] == "S5" for p in r["penalty_cards"]):
            assert ("W", "S5", "16C1") in entries and ("W", "S5", "50E1") in entries


def test_a_dropped_card_is_a_penalty_card_only() -> None:
    """Never played, so no withdrawn play: 50E alone."""
    rows = _ledger(DROPPED)
    assert rows
    for r in rows:
        if any(p["card"] == "DA" for p in r["penalty_cards"]):
            assert [e["clauses"] for e in r["ledger"] if e["card"] == "DA"] == [["50E1", "50E2"]]
