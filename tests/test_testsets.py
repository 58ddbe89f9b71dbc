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
from rulings.solver.testsets import (
    EXHAUSTIVE_KINDS,
    PlayedDeal,
    exhaustive_cases,
    record,
    record_pbn,
    ruling_notes,
    serialize,
)

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


# ----- distinct restorations: what a count claim, solve --json and --expect-count count ---------------
#: declarer revokes on trick 7, dummy places a card not designated, West wins and leads on:
#: West's lead is the revoke rules' one choice (62C1, 44G), two restorations
LEAD_AFTER_REVOKE_AND_MISPLAY = {
    "title": "Random mixed record: revoke, misplay, exposure from trick 7",
    "laws": 2017,
    "deal": "E:5.Q932..96 7.AKT8.9.3 ..T5432.AT A96...K875",
    "contract": "2S",
    "declarer": "S",
    "trick": 7,
    "leader": "E",
    "won": {"NS": 4, "EW": 2},
    "play": ["E C9", "S D9", "W CT", "S calls C5", "N C8", "W CA", "W exposes D5 dropped visible_to_partner", "attention N"],
}


def test_restorations_are_numbered_one_to_count_with_no_gap(tmp_path: Path) -> None:
    from rulings.solver.summary import distinct

    ruling = Ruling(loads(dump_case(LEAD_AFTER_REVOKE_AND_MISPLAY)))
    stream = list(ruling.restorations())
    assert len(stream) == 2
    # a stream that met one outcome twice: the repeat gets no number
    assert [r.number for r in distinct([stream[0], stream[1], stream[0]])] == [1, 2]
    path = tmp_path / "lead-after-revoke.yaml"
    path.write_text(dump_case(LEAD_AFTER_REVOKE_AND_MISPLAY), encoding="utf-8")
    res = runner.invoke(app, ["solve", str(path), "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["count"] == data["found"] == 2
    assert [r["number"] for r in data["restorations"]] == [1, 2]
    rec = json.loads(serialize(record("x", LEAD_AFTER_REVOKE_AND_MISPLAY, True), "jsonl"))
    assert [r["number"] for r in rec["ruling"]["restorations"]] == [1, 2]
    assert "| 2 |" in runner.invoke(app, ["solve", str(path), "--ascii"]).output


def test_expect_count_claims_the_distinct_restorations(tmp_path: Path) -> None:
    """The record above, as ``generate --expect-count`` writes it (it was drawn by ``generate
    --kind mixed``): its count claim is 2, with or without the ruling, and verify passes it."""
    assert record("x", LEAD_AFTER_REVOKE_AND_MISPLAY, False, True)["case"]["expect"] == ["count 2"]
    assert record("x", LEAD_AFTER_REVOKE_AND_MISPLAY, True, True)["case"]["expect"] == ["count 2"]
    one = tmp_path / "lead-after-revoke.yaml"
    one.write_text(dump_case(record("x", LEAD_AFTER_REVOKE_AND_MISPLAY, False, True)["case"]), encoding="utf-8")
    assert load(one).expect[0].text == "count 2"
    res = runner.invoke(app, ["verify", str(one)])
    assert res.exit_code == 0, res.output


@pytest.mark.parametrize("fmt", ["jsonl", "yaml"])
def test_expect_count_in_a_stream_puts_the_claim_in_each_case(fmt: str, tmp_path: Path) -> None:
    """--expect-count with --format jsonl|yaml: each record's case carries ``count N`` (with
    --with-ruling, N is the ruling's ``found``); the cases written alone pass verify."""
    out = tmp_path / f"set.{fmt}"
    res = runner.invoke(app, ["generate", "4", "--kind", "revoke", "--expect-count", "--format", fmt, "--out", str(out),
                              "--with-ruling", "--no-progress"])
    assert res.exit_code == 0, res.output
    docs = _jsonl(out) if fmt == "jsonl" else list(yaml.safe_load_all(out.read_text(encoding="utf-8")))
    assert len(docs) == 4
    for k, doc in enumerate(docs):
        assert doc["case"]["expect"] == [f"count {doc['ruling']['found']}"]
        (tmp_path / f"c{k}.yaml").write_text(dump_case(doc["case"]), encoding="utf-8")
    res = runner.invoke(app, ["verify", *(str(tmp_path / f"c{k}.yaml") for k in range(4))])
    assert res.exit_code == 0, res.output


@pytest.mark.parametrize(("args", "words"), [
    (["--kind", "lead", "--game", "2"], "No such option: --game"),
    (["--scheduler", "tcp://127.0.0.1:1"], "--scheduler goes with --format"),
    (["-j", "2"], "-j goes with --format"),
    (["--no-markers", "--format", "jsonl"], "--markers and --no-markers go with PBN output"),
    (["--markers"], "--markers and --no-markers go with PBN output"),
    (["--exhaustive", "--from", "given.yaml", "--seed", "3"], "with --from the deal is the case file's"),
    (["--from", "given.yaml"], "--from goes with --exhaustive"),
])
def test_generate_options_that_would_do_nothing_are_usage_errors(args: list[str], words: str, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "given.yaml").write_text(dump_case(random_kind_case("revoke", case_seed(4, 0), full_hand=True)), encoding="utf-8")
    res = runner.invoke(app, ["generate", "2", *args], env={"COLUMNS": "400"})
    assert res.exit_code == 2, res.output
    assert words in " ".join(res.output.split()), res.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["given.yaml"]  # nothing written


def test_exhaustive_from_a_case_file_takes_laws_when_given(tmp_path: Path) -> None:
    source = tmp_path / "given.yaml"
    source.write_text(dump_case(random_kind_case("revoke", case_seed(4, 0), full_hand=True)), encoding="utf-8")
    for laws, expected in ((None, 2017), ("2007", 2007)):
        out = tmp_path / f"ex-{laws}.jsonl"
        res = runner.invoke(app, ["generate", "3", "--kind", "revoke", "--exhaustive", "--from", str(source), "--out", str(out),
                                  "--with-ruling", *(["--laws", laws] if laws else [])])
        assert res.exit_code == 0, res.output
        assert {(r["case"]["laws"], r["ruling"]["ruleset"]) for r in _jsonl(out)} == {(expected, str(expected))}


def test_a_reader_that_stops_early_ends_generate_quietly() -> None:
    """``generate --out - | head -2``: no traceback, no error message about the pipe."""
    import subprocess
    import sys

    rulings = str(Path(sys.executable).parent / "rulings")
    proc = subprocess.Popen([rulings, "generate", "3000", "--kind", "revoke", "--format", "jsonl", "--out", "-"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()  # as head does after its lines
    err = proc.stderr.read().decode()
    code = proc.wait(timeout=120)
    assert json.loads(first)["id"] == "revoke-0-0000"
    assert err == "" and code == 1, (code, err)


def test_pbn_commentary_names_each_notice_by_its_kind_and_no_line_none() -> None:
    ruling = {"ruleset": "2017", "count": 0, "irregularities": ["W revoked"], "restorations": [],
              "notices": [{"line": None, "text": "Law 64: the record does not run to the end of play", "kind": "remark"},
                          {"line": 9, "text": "'N exposes D5 arranging' is not yet ruled on", "kind": "not_ruled"}]}
    head = ruling_notes(ruling)[0]
    assert "None" not in head and "(line" not in head
    assert ". Remark: Law 64: the record" in head and ". Not ruled: 'N exposes D5" in head
    found = 0
    for i in range(20):
        rec = record(f"revoke-1-{i:04d}", random_kind_case("revoke", case_seed(1, i)), True)
        text = record_pbn(rec, i + 1)
        assert "line None" not in text and "Not ruled (line" not in text
        found += "Remark: Law 64" in text
    assert found
