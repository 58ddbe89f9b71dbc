"""``rulings generate --kind defective``: random records with a card omitted from a trick
(``<seat> omits``), found in either window of Law 67 (67A1: the offender supplies a card he
can lawfully play; 67B1: he places a card among his played cards, one of the suit led when he
holds one). For random seeds (Hypothesis, derandomized; both editions): the case loads back
from its YAML, is ruled without a line left unruled, every restoration conserves the cards,
the same seed gives the same case, and the card each restoration puts on the defective trick
is one the law allows."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from rulings.models.cards import Seat
from rulings.solver.casefile import loads
from rulings.solver.cli import app
from rulings.solver.generate import KINDS, case_seed, dump_case, random_defective_case, random_kind_case
from rulings.solver.ruling import Ruling

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_corpus_properties import conservation_problems

runner = CliRunner()


def _check(case: dict[str, object]) -> tuple[Ruling, set[str]]:
    """Rule ``case``; check every restoration (cards conserved, the card on the defective trick
    lawful); return the ruling and the clauses its restorations apply."""
    text = dump_case(case)
    loaded = loads(text, file="defective.yaml")
    omits = [str(x) for x in case["play"] if str(x).endswith(" omits")]  # type: ignore[attr-defined]
    assert len(omits) == 1, text
    seat = Seat[omits[0].split()[0]]
    table = loaded.replay().table
    ((number, short, placed),) = table.omissions
    assert short is seat and placed is None, text
    trick = table.trick(number)
    assert trick is not None and trick.is_complete and len(trick.plays) == 3, text
    led = trick.suit_led
    held = table.hand(seat)
    follows = any(c.suit is led for c in held)
    ruling = Ruling(loaded)
    assert ruling.irregularities, text
    assert not [n.text for n in ruling.notices if "not yet ruled" in n.text], text
    restorations = list(ruling.restorations())
    assert restorations, text
    clauses: set[str] = set()
    for r in restorations:
        assert not conservation_problems(r.table), text
        laws = set(r.laws)
        clauses |= laws
        t = r.table.trick(number)
        assert t is not None, text
        card = t.card_of(seat)
        if "67B1(a)" in laws or "67B1(b)" in laws:
            # 67B1: placed among his played cards, of the suit led when he held one (67B1(a))
            assert card is not None and card in held, text
            assert not follows or card.suit is led, text
            assert ("67B1(a)" in laws) is follows, text
            assert t.winner(r.table.trumps) is trick.winner(table.trumps), text  # (the winner stands)
        elif "67A1" in laws and card is not None:
            # 67A1: a card he can lawfully play to the trick (44C: follow suit when able)
            assert card in held and (not follows or card.suit is led), text
    return ruling, clauses


@settings(max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), edition=st.sampled_from(("2017", "2007")), full_hand=st.booleans())
def test_random_defective_tricks_are_ruled_within_the_law(seed: int, edition: str, full_hand: bool) -> None:
    case = random_kind_case("defective", random.Random(seed), edition=edition, full_hand=full_hand)
    assert case["laws"] == int(edition)
    _check(case)
    again = random_kind_case("defective", random.Random(seed), edition=edition, full_hand=full_hand)
    assert again == case and dump_case(again) == dump_case(case)


@pytest.mark.parametrize(("late", "clauses"), [(False, {"67A1"}), (True, {"67B1(a)", "67B1(b)"})])
def test_each_window_is_drawn_and_ruled_by_its_clause(late: bool, clauses: set[str]) -> None:
    """``late=False``: attention before a player of each side has played to the next trick
    (67A1); ``late=True``: after (67B1, a deemed revoke Law 64 counts)."""
    seen: set[str] = set()
    for i in range(30):
        _, laws = _check(random_defective_case(case_seed(7, i), late=late))
        assert laws & {"67A1", "67B1(a)", "67B1(b)"} <= clauses
        assert laws & clauses
        seen |= laws
    assert clauses <= seen
    if late:
        assert "64A2" in seen  # (records played to the end: one trick transferred)


def test_the_kind_is_listed_and_the_cli_writes_it_with_its_ruling(tmp_path: Path) -> None:
    assert "defective" in KINDS
    out = tmp_path / "set.jsonl"
    args = ["generate", "4", "--kind", "defective", "--seed", "3", "--with-ruling", "--out", str(out)]
    res = runner.invoke(app, args)
    assert res.exit_code == 0, res.output
    first = out.read_text(encoding="utf-8")
    records = [json.loads(line) for line in first.splitlines()]
    assert len(records) == 4
    for rec in records:
        assert any(line.endswith(" omits") for line in rec["case"]["play"])
        assert rec["ruling"]["found"] >= 1
    assert runner.invoke(app, args).exit_code == 0
    assert out.read_text(encoding="utf-8") == first
