"""``rulings generate --format yaml|jsonl --with-ruling``, ``--full-hand`` and ``--exhaustive``:
records streamed into one file, each case solving as written, its ruling the JSON ``solve
--json`` gives; the same records on worker processes; every irregularity of an exhaustive
set ruled without error."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml
from typer.testing import CliRunner

from rulings.solver.casefile import load, loads
from rulings.solver.cli import app
from rulings.solver.export import schema
from rulings.solver.generate import KINDS, case_seed, dump_case, random_kind_case
from rulings.solver.ruling import Ruling
from rulings.solver.testsets import EXHAUSTIVE_KINDS, PlayedDeal, exhaustive_cases

runner = CliRunner()


def _jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_jsonl_with_ruling_matches_solve_json(tmp_path: Path) -> None:
    out = tmp_path / "set.jsonl"
    res = runner.invoke(app, ["generate", "6", "--kind", "misplay", "--with-ruling", "--out", str(out), "--seed", "3"])
    assert res.exit_code == 0, res.output
    records = _jsonl(out)
    assert [r["id"] for r in records] == [f"misplay-3-{i:04d}" for i in range(6)]
    for rec in records:
        jsonschema.validate(rec["ruling"], schema())
        case_file = tmp_path / "one.yaml"
        case_file.write_text(dump_case(rec["case"]), encoding="utf-8")
        solved = runner.invoke(app, ["solve", str(case_file), "--json"])
        assert solved.exit_code == 0, solved.output
        theirs = json.loads(solved.stdout)
        mine = rec["ruling"]
        assert theirs["restorations"] == mine["restorations"]
        assert theirs["irregularities"] == mine["irregularities"] and theirs["count"] == mine["count"]


def test_yaml_documents_and_worker_processes_give_the_same_records(tmp_path: Path) -> None:
    one, two = tmp_path / "one.yaml", tmp_path / "two.jsonl"
    assert runner.invoke(app, ["generate", "8", "--kind", "mixed", "--format", "yaml", "--out", str(one)]).exit_code == 0
    res = runner.invoke(app, ["generate", "8", "--kind", "mixed", "--format", "jsonl", "--out", str(two), "-j", "2"])
    assert res.exit_code == 0, res.output
    docs = list(yaml.safe_load_all(one.read_text(encoding="utf-8")))
    assert docs == _jsonl(two)
    assert all("ruling" not in d for d in docs)
    assert [d["case"] for d in docs] == [random_kind_case("mixed", case_seed(0, i)) for i in range(8)]


@pytest.mark.parametrize("kind", KINDS)
def test_full_hand_records_start_at_trick_one_and_replay(kind: str) -> None:
    for i in range(6):
        mapping = random_kind_case(kind, case_seed(11, i), full_hand=True)
        assert "trick" not in mapping and "penalty" not in mapping
        case = loads(dump_case(mapping), file=f"{kind}-{i}")
        assert case.trick == 1 and all(len(h) == 13 for h in case.deal.hands)
        ruling = Ruling(case)
        assert list(ruling.restorations(budget=50_000)), mapping
        assert not any("not yet ruled" in n.text for n in ruling.notices)


def test_out_directory_contract_still_holds(tmp_path: Path) -> None:
    res = runner.invoke(app, ["generate", "3", "--kind", "lead", "--out", str(tmp_path / "d"), "--full-hand"])
    assert res.exit_code == 0, res.output
    files = sorted((tmp_path / "d").iterdir())
    assert [f.name for f in files] == [f"lead-0-{i:04d}.yaml" for i in range(3)]
    assert all(load(f).trick == 1 for f in files)


@pytest.mark.parametrize("kind", EXHAUSTIVE_KINDS)
def test_exhaustive_sets_rule_every_irregularity(kind: str) -> None:
    played = PlayedDeal.random(5)
    made = list(exhaustive_cases(kind, played))
    assert made and len({name for name, _ in made}) == len(made)
    assert len({json.dumps(m["play"]) for _, m in made}) == len(made)  # no irregularity twice
    step = max(1, len(made) // 25)
    for name, mapping in made[::step]:
        ruling = Ruling(loads(dump_case(mapping), file=name))
        assert ruling.irregularities, mapping["play"][-3:]
        assert list(ruling.restorations(budget=50_000))
        assert not any("not yet ruled" in n.text for n in ruling.notices)


def test_exhaustive_revoke_is_every_card_of_another_suit() -> None:
    played = PlayedDeal.random(2)
    expected = 0
    for _i, sim in played.positions():
        if sim.current and sim.trick_number <= 13:
            led = sim.current[0][1].suit
            hand = sim.hands[sim.on_play]
            if any(c.suit is led for c in hand):
                expected += sum(1 for c in hand if c.suit is not led)
    assert expected > 0
    assert sum(1 for _ in exhaustive_cases("revoke", played)) == expected


def test_exhaustive_from_a_case_file(tmp_path: Path) -> None:
    mapping = random_kind_case("revoke", case_seed(4, 0), full_hand=True)
    source = tmp_path / "given.yaml"
    source.write_text(dump_case(mapping), encoding="utf-8")
    out = tmp_path / "ex.yaml"
    res = runner.invoke(app, ["generate", "40", "--kind", "misplay", "--exhaustive", "--from", str(source), "--out", str(out),
                              "--with-ruling"])
    assert res.exit_code == 0, res.output
    docs = list(yaml.safe_load_all(out.read_text(encoding="utf-8")))
    assert docs and all(d["case"]["deal"] == loads(dump_case(mapping)).deal.format() for d in docs)
    assert all(" calls " in "\n".join(d["case"]["play"]) and d["ruling"]["irregularities"] for d in docs)
    bad = runner.invoke(app, ["generate", "5", "--kind", "established", "--exhaustive", "--out", str(tmp_path / "x.jsonl")])
    assert bad.exit_code == 2 and "--exhaustive" in bad.output
