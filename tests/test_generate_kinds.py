"""``rulings generate --kind``: random cases of every irregularity kind load and solve.

For a few hundred seeds per kind (Hypothesis, derandomized; both editions): the case dumps to
YAML and loads back, the record holds the line of its kind, the solver finds the
irregularity, rules it without error and without leaving a line "not yet ruled", every
restoration conserves the cards (tests/test_corpus_properties.py), and the same seed gives
the same case.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from rulings.solver.casefile import load, loads
from rulings.solver.cli import app
from rulings.solver.export import schema
from rulings.solver.generate import (
    KINDS,
    case_seed,
    dump_case,
    random_exposure_case,
    random_fifth_case,
    random_kind_case,
    random_lead_case,
    random_simultaneous_case,
)
from rulings.solver.ruling import Ruling

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_corpus_properties import conservation_problems

runner = CliRunner()

#: How each kind shows in the record (a play line of that form).
MARK = {
    "exposure": lambda line: " exposes " in line,
    "lead": lambda line: True,
    "fifth": lambda line: line.endswith(" fifth"),
    "simultaneous": lambda line: " simultaneous" in line,
    "misplay": lambda line: " calls " in line,
    "revoke": lambda line: True,
}
NEW_KINDS = ("exposure", "lead", "fifth", "simultaneous")


def check_case(kind: str, case: dict[str, object]) -> Ruling:
    text = dump_case(case)
    loaded = loads(text, file=f"{kind}.yaml")
    play = case["play"]
    assert isinstance(play, list) and any(MARK[kind](str(line)) for line in play)
    ruling = Ruling(loaded)
    assert ruling.irregularities, text
    unruled = [n.text for n in ruling.notices if "not yet ruled" in n.text]
    assert not unruled, (unruled, text)
    restorations = list(ruling.restorations())
    assert restorations, text
    for r in restorations:
        problems = conservation_problems(r.table)
        assert not problems, (problems, text)
    return ruling


@pytest.mark.parametrize("kind", (*NEW_KINDS, "misplay"))
@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), edition=st.sampled_from(("2017", "2007")))
def test_random_cases_of_each_kind_solve(kind: str, seed: int, edition: str) -> None:
    case = random_kind_case(kind, random.Random(seed), edition=edition)
    assert case["laws"] == int(edition)
    check_case(kind, case)
    assert random_kind_case(kind, random.Random(seed), edition=edition) == case


@pytest.mark.parametrize("offender", ["defender", "declarer", "dummy"])
def test_lead_out_of_turn_by_each_role(offender: str) -> None:
    for i in range(25):
        case = random_lead_case(case_seed(3, i), offender=offender)  # type: ignore[arg-type]
        ruling = check_case("lead", case)
        laws = {c for r in ruling.restorations() for c in r.laws}
        expected = {"56"} if offender == "defender" else {"55A", "55B", "55B1", "55B2"}
        assert laws & (expected | {"53A", "54A", "54B", "57A"}), (offender, sorted(laws), dump_case(case))


def test_fifth_card_with_and_without_the_finding() -> None:
    for i in range(20):
        found = random_fifth_case(case_seed(4, i), finding=True)
        assert any(str(line).startswith("director finds") for line in found["play"])
        check_case("fifth", found)
        open_ = random_fifth_case(case_seed(4, i), finding=False)
        assert not any(str(line).startswith("director finds") for line in open_["play"])
        ruling = check_case("fifth", open_)
        assert {"45E1", "45E2"} & {c for r in ruling.restorations() for c in r.laws}


def test_simultaneous_shapes() -> None:
    for i in range(20):
        together = random_simultaneous_case(case_seed(5, i), together=True)
        line = next(str(x) for x in together["play"] if " simultaneous" in str(x))
        assert len(line.split(" simultaneous")[0].split()) >= 4  # seat, plays, two cards or more
        check_case("simultaneous", together)
        apart = random_simultaneous_case(case_seed(5, i), together=False)
        line = next(str(x) for x in apart["play"] if " simultaneous" in str(x))
        assert len(line.split()) == 4  # seat plays card simultaneous
        check_case("simultaneous", apart)


def test_exposure_is_by_a_defender() -> None:
    for i in range(30):
        case = random_exposure_case(case_seed(6, i))
        loaded = loads(dump_case(case))
        line = next(str(x) for x in case["play"] if " exposes " in str(x))
        seat = line.split()[0]
        assert seat not in (str(loaded.declarer), str(loaded.declarer.partner))


def test_unknown_kind_and_edition() -> None:
    with pytest.raises(ValueError, match="unknown kind"):
        random_kind_case("claim", random.Random(0))
    with pytest.raises(ValueError, match="unknown edition"):
        random_exposure_case(random.Random(0), edition="1997")
    with pytest.raises(ValueError, match="offender"):
        random_lead_case(random.Random(0), offender="kibitzer")  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", KINDS)
def test_generate_command_kind(tmp_path: Path, kind: str) -> None:
    out = tmp_path / kind
    res = runner.invoke(app, ["generate", "3", "--kind", kind, "--out", str(out), "--seed", "4", "--expect-count"])
    assert res.exit_code == 0, res.output
    files = sorted(out.glob("*.yaml"))
    assert [f.name for f in files] == [f"{kind}-4-{i:04d}.yaml" for i in range(3)]
    for f in files:
        assert load(f).expect
        for view in (["--json"], ["--explain"], ["--ascii"]):
            shown = runner.invoke(app, ["solve", str(f), *view])
            assert shown.exit_code == 0 and shown.exception is None, shown.output
        jsonschema.validate(json.loads(runner.invoke(app, ["solve", str(f), "--json"]).stdout), schema())
    res = runner.invoke(app, ["verify", str(out)])
    assert res.exit_code == 0 and res.output.strip().splitlines()[-1] == "3 case files: 3 passed, 0 failed; 3 claims: 3 passed, 0 failed"


def test_generate_command_rejects_an_unknown_kind(tmp_path: Path) -> None:
    res = runner.invoke(app, ["generate", "1", "--kind", "claim", "--out", str(tmp_path)])
    assert res.exit_code == 2 and not list(tmp_path.glob("*.yaml"))


def test_default_kind_is_still_revoke(tmp_path: Path) -> None:
    res = runner.invoke(app, ["generate", "2", "--out", str(tmp_path), "--seed", "9"])
    assert res.exit_code == 0
    assert sorted(f.name for f in tmp_path.glob("*.yaml")) == ["revoke-9-0000.yaml", "revoke-9-0001.yaml"]


@pytest.mark.parametrize(("name", "first"), [("set.pbn", "% PBN 2.1"), ("set.jsonl", '{"id": "revoke-0-0000"'),
                                             ("set.lin", "pn|")])
def test_an_out_named_as_a_set_is_that_set_not_a_directory(tmp_path: Path, name: str, first: str) -> None:
    """Without --format (and without --with-ruling), --out set.pbn writes the PBN set its name
    says, as --with-ruling does, not a directory of case files called set.pbn."""
    out = tmp_path / name
    res = runner.invoke(app, ["generate", "2", "--out", str(out), "--no-progress", "--full-hand"])
    assert res.exit_code == 0, res.output
    assert out.is_file() and out.read_text(encoding="utf-8").startswith(first)
    refused = runner.invoke(app, ["generate", "2", "--kind", "misplay", "--out", str(tmp_path / "m.lin")])  # (LIN's checks)
    assert refused.exit_code == 2 and "add --full-hand" in refused.output and not (tmp_path / "m.lin").exists()


def test_mixed_records_keep_dummys_hand_as_the_table_reads_it() -> None:
    """After a change of designation (45C4(b)) the card that stands leaves dummy's hand and
    the other stays: on the record's table no seat plays twice to a trick, and dummy never
    shows out of the suit led while he still holds it (no family here makes anyone revoke)."""
    from rulings.models import parse_case
    from rulings.solver.generate_mixed import random_mixed_case

    families = ("change", "open_change", "exposure", "misplay", "lead")
    changed = 0
    for i in range(300):
        mapping = random_mixed_case(random.Random(i), edition=("2017", "2007")[i % 2], families=families)
        case = parse_case(mapping)
        table = case.replay().table
        dummy = case.declarer.partner
        held = set(table.hand(dummy))
        changed += any("changes to" in line for line in mapping["play"])
        for t in reversed(table.tricks):
            assert len({s for s, _ in t.plays}) == len(t.plays), (i, mapping["play"])
            led = t.plays[0][1].suit
            for s, c in t.plays:
                if s is dummy:
                    assert c.suit is led or not any(h.suit is led for h in held), (i, mapping["play"], t)
            held |= {c for s, c in t.plays if s is dummy}
    assert changed > 50
