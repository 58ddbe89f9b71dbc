"""Whole records: several irregularities composed in record order (solver/engine.py
``Composition``), choices recorded at the table, impossible records refused."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from rulings.models.cards import Seat
from rulings.models.errors import RulingError
from rulings.solver.casefile import load, loads
from rulings.solver.cli import app
from rulings.solver.engine import Node, StepKind, actor_seats
from rulings.solver.generate_mixed import random_mixed_case
from rulings.solver.ruling import Ruling

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_properties import check_conservation

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "cases"
runner = CliRunner()


def _text(mapping: dict[str, Any]) -> str:
    return yaml.safe_dump(mapping, sort_keys=False)


# ----- random records with two or three irregularities -------------------------------------------
@pytest.mark.parametrize("chunk", range(6))
def test_mixed_records_are_ruled_whole(chunk: int) -> None:
    """300 seeds of ``generate --kind mixed``: every irregularity ruled (no 'not yet ruled'
    notice), no error, cards conserved in every restoration, the same output twice."""
    for seed in range(chunk * 50, chunk * 50 + 50):
        edition = ("2017", "2007")[seed % 2]
        mapping = random_mixed_case(random.Random(seed), edition=edition)
        text = _text(mapping)
        case = loads(text)
        ruling = Ruling(case)
        assert ruling.irregularities, (seed, mapping["play"])
        assert not [n for n in ruling.notices if "not yet ruled" in n.text], (seed, text, ruling.notices)
        first = [r.key() for r in ruling.restorations(limit=3000)]
        assert first, (seed, text)
        for r in Ruling(case).restorations(limit=3000):
            check_conservation(case, r, replayed=True)
        assert [r.key() for r in Ruling(loads(text)).restorations(limit=3000)] == first


def test_generate_mixed_from_the_cli(tmp_path: Path) -> None:
    res = runner.invoke(app, ["generate", "5", "--kind", "mixed", "--seed", "4", "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    files = sorted(tmp_path.glob("*.yaml"))
    assert len(files) == 5
    res = runner.invoke(app, ["verify", str(tmp_path)])
    assert res.exit_code == 0, res.output


# ----- choices recorded after attention ------------------------------------------------------------
def _first_decision(ruling: Ruling) -> tuple[int, list[Any]] | None:
    """The depth and edges of the first node, from the root, where a player decides."""
    node: Node = ruling.root
    depth = 0
    while not node.is_leaf:
        edges = ruling.expand(node)
        if len(edges) >= 2 and all(s.choice and s.actor != "TD" for s, _ in edges):
            return depth, edges
        if len(edges) != 1:
            return None
        node = edges[0][1]
        depth += 1
    return None


def _with_line(text: str, line: str) -> str:
    data = yaml.safe_load(text)
    data["play"] = [*data["play"], line]
    return yaml.safe_dump(data, sort_keys=False)


def _recorded_choice_agrees(text: str) -> int:
    """Record each choice of the first decision after attention: exactly the restorations
    of the full enumeration that took it remain. Returns how many choices were checked."""
    ruling = Ruling(loads(text))
    if ruling.recorded:
        return 0
    found = _first_decision(ruling)
    if found is None:
        return 0
    depth, edges = found
    full = list(ruling.restorations(limit=4000))
    if len(full) >= 4000:
        return 0
    checked = 0
    for step, _ in edges:
        seat = sorted(actor_seats(step.actor), key=lambda s: s.index)[0]
        narrowed = Ruling(loads(_with_line(text, f"{seat} chooses {step.choice}")))
        got = sorted(r.key() for r in narrowed.restorations())
        want = sorted(r.key() for r in full if r.path[depth].question == step.question
                      and r.path[depth].choice == step.choice and r.path[depth].actor == step.actor)
        assert got == want, (text, step)
        checked += 1
    return checked


def test_recorded_choices_settle_their_branch_in_the_corpus() -> None:
    checked = 0
    for path in sorted(CASES.rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        if "attention" not in text:
            continue
        checked += _recorded_choice_agrees(text)
    assert checked > 100


def test_recorded_choices_settle_their_branch_in_generated_records() -> None:
    checked = 0
    for seed in range(60):
        checked += _recorded_choice_agrees(_text(random_mixed_case(random.Random(1000 + seed))))
    assert checked > 20


EXAMPLE = CASES / "revoke" / "spec-47d-example.yaml"


def test_the_table_s_choices_narrow_the_47d_cascade(tmp_path: Path) -> None:
    """After the 47D cascade the director records what happened: East substituted S9,
    declarer changed to the SQ, West kept his S5: one restoration."""
    text = EXAMPLE.read_text().replace("  - attention E", "  - attention E\n  - E S9\n  - S changes to SQ\n  - W keeps")
    ruling = Ruling(loads(text))
    [r] = list(ruling.restorations())
    assert r.card_of(Seat.E) is not None and str(r.card_of(Seat.E)) == "S9"
    assert str(r.card_of(Seat.S)) == "SQ" and str(r.card_of(Seat.W)) == "S5"
    assert not any("not yet ruled" in n.text for n in ruling.notices)
    # West's change instead: the king, S5 a major penalty card
    text2 = text.replace("  - W keeps", "  - W chooses change to SK")
    [r2] = list(Ruling(loads(text2)).restorations())
    assert str(r2.card_of(Seat.W)) == "SK" and any(str(p.card) == "S5" for p in r2.penalty_cards)


def test_a_choice_the_laws_do_not_offer_is_a_located_error(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(EXAMPLE.read_text().replace("  - attention E", "  - attention E\n  - E H2"), encoding="utf-8")
    with pytest.raises(RulingError) as err:
        list(Ruling(load(path)).restorations())
    assert err.value.line == 17 and "offered: E chooses S9, E chooses S8, E chooses S2" in str(err.value)
    res = runner.invoke(app, ["solve", str(path)])
    assert res.exit_code == 1 and f"{path}:17:" in res.stderr and "E H2" in res.stderr


def test_step_kinds_unchanged_by_recording() -> None:
    """A recorded choice removes the other alternatives; it does not change the steps."""
    text = EXAMPLE.read_text().replace("  - attention E", "  - attention E\n  - E S8")
    rs = list(Ruling(loads(text)).restorations())
    assert rs and all(r.path[0].kind is StepKind.FORCED and r.path[0].choice == "S8" for r in rs)
    assert len(rs) == 7  # S keeps or changes (3 spades), West after each change: keep or SK


def test_a_penalty_card_from_an_exposure_not_led_later_is_ruled_under_52() -> None:
    """West drops the HJ (a major penalty card if partner could see it), wins the trick and
    leads a club: he failed to lead the penalty card (50D1, 52); declarer has played to the
    club since, so it is accepted (52B1(b)); the HJ remains a penalty card."""
    text = ('deal: "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"\n'
            "contract: 4S\ndeclarer: S\n"
            "play: [W DQ, N DA, E D4, S D7, N D2, E D5, S D8, W exposes HJ dropped, W D9, W C6, N C2, E CQ, S C7,"
            " attention S]\n")
    ruling = Ruling(loads(text))
    assert not any("not yet ruled" in n.text for n in ruling.notices)
    by_finding = {r.findings: r for r in ruling.restorations()}
    visible = next(r for f, r in by_finding.items() if "visible" in " ".join(f) and "not" not in " ".join(f))
    assert "52B1(b)" in visible.laws and any(str(p.card) == "HJ" and str(p.kind) == "major" for p in visible.penalty_cards)
