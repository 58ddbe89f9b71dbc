"""Decision switches (docs/decisions.md) set from a case file (``decisions:``) and from the
command line (``--decision NAME=on|off``): the ruling under the other reading, the output
naming the switches that differ from the defaults, the errors, and one rule set per
decisions."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from rulings.solver.casefile import load, loads
from rulings.solver.cli import app
from rulings.solver.config import DEFAULT, Decisions, decisions_for, differing, switch_names, with_settings
from rulings.solver.export import schema
from rulings.solver.rulesets import get_ruleset
from rulings.solver.rulesets.base import forget_rulesets
from rulings.solver.ruling import Ruling

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "cases"
PREMATURE = CASES / "leads" / "seed003-57-premature-play-options.yaml"  # default reading: 8
THREE = CASES / "leads" / "seed003-57-premature-play-three-options.yaml"  # its field set: 5
UNCAPPED = CASES / "established" / "own-64a-two-revokes-one-side-counts-added-2017.yaml"
SWITCH = "premature_play_require_other_suit"


def _json(args: list[str]) -> dict[str, object]:
    res = runner.invoke(app, args)
    assert res.exit_code == 0, res.output
    data: dict[str, object] = json.loads(res.stdout)
    jsonschema.validate(data, schema())
    return data


# ----- the command line -----------------------------------------------------------------------------
def test_solve_under_the_other_reading_says_so() -> None:
    assert _json(["solve", str(PREMATURE), "--json"])["count"] == 8
    assert _json(["solve", str(PREMATURE), "--json"])["decisions"] == {}
    data = _json(["solve", str(PREMATURE), "--json", "--decision", f"{SWITCH}=off"])
    assert data["count"] == 5 and data["decisions"] == {SWITCH: False}
    text = runner.invoke(app, ["solve", str(PREMATURE), "--decision", f"{SWITCH}=off"])
    assert text.exit_code == 0 and "5 restorations" in text.output
    assert f"{SWITCH} off (--decision)" in text.output and "not the defaults" in text.output
    script = runner.invoke(app, ["solve", str(PREMATURE), "--explain", "--decision", f"{SWITCH}=off"])
    assert script.output.startswith("Decisions (not the defaults")
    assert "not the defaults" not in runner.invoke(app, ["solve", str(PREMATURE)]).output


@pytest.mark.parametrize("token", [f"{SWITCH}=OFF", "premature-play-require-other-suit=false", f"{SWITCH}=no", f" {SWITCH} = 0"])
def test_the_spellings_of_a_setting(token: str) -> None:
    assert _json(["solve", str(PREMATURE), "--json", "--decision", token])["decisions"] == {SWITCH: False}


def test_the_command_line_wins_over_the_case_file() -> None:
    assert _json(["solve", str(THREE), "--json"])["count"] == 5
    data = _json(["solve", str(THREE), "--json", "--decision", f"{SWITCH}=on"])
    assert data["count"] == 8 and data["decisions"] == {}


def test_verify_under_a_switch() -> None:
    ok = runner.invoke(app, ["verify", str(THREE), str(UNCAPPED)])
    assert ok.exit_code == 0, ok.output
    assert f"[decisions: {SWITCH} off (case file, line 5)]" in ok.output
    # the command line over the file: the claims written for the other reading fail
    back = runner.invoke(app, ["verify", str(THREE), "--decision", f"{SWITCH}=on"])
    assert back.exit_code == 1 and "FAIL" in back.output and "count 5" in back.output
    # a default case verified under the other reading: its claims that depend on it fail
    other = runner.invoke(app, ["verify", "-q", str(PREMATURE), "--decision", f"{SWITCH}=off"])
    assert other.exit_code == 1
    assert other.output.startswith(f"decisions set on the command line: {SWITCH} off")
    assert f"[decisions: {SWITCH} off (--decision)]" in other.output


def test_verify_names_what_the_command_line_overrode() -> None:
    """A command line's switch set back to its default over a case file's other value: the
    ruling's decisions are the defaults, but the head line says what the command line set
    and the file's line what it overrode (the file's value and line)."""
    back = runner.invoke(app, ["verify", str(THREE), str(PREMATURE), "--decision", f"{SWITCH}=on"])
    assert back.exit_code == 1
    assert back.output.startswith(f"decisions set on the command line: {SWITCH} on (the default: it changes only a "
                                  "case file that sets it off)")
    assert "none differs from the defaults" not in back.output
    line = next(x for x in back.output.splitlines() if str(THREE) in x)
    assert line.endswith(f"[decisions: {SWITCH} on (--decision, the default, over the case file's off, line 5)]")
    # the case that does not set it: nothing overridden, nothing said
    line = next(x for x in back.output.splitlines() if str(PREMATURE) in x)
    assert "[decisions:" not in line
    # the command line turning a switch the file set to its default the other way names both
    case = with_settings(load(UNCAPPED), ())
    assert case.decisions[0].name == "revoke_transfer_capped"
    from rulings.solver.config import differing_text, parse_option
    turned = with_settings(replace(case, decisions=(replace(case.decisions[0], value=True),)),
                           (parse_option("revoke_transfer_capped=off"),))
    assert differing_text(decisions_for(turned), turned) == (
        "revoke_transfer_capped off (--decision, over the case file's on, line 5)")
    # the same value on both: no override to name
    same = with_settings(case, (parse_option("revoke_transfer_capped=off"),))
    assert differing_text(decisions_for(same), same, overrides=True) == "revoke_transfer_capped off (--decision)"


def test_verify_under_a_switch_in_worker_processes() -> None:
    res = runner.invoke(app, ["verify", "-q", "-j", "2", "--chunk", "1", str(PREMATURE), str(THREE), "--decision", f"{SWITCH}=off"])
    assert res.exit_code == 1 and f"FAIL {PREMATURE}" in res.output and f"FAIL {THREE}" not in res.output


@pytest.mark.parametrize(("token", "words"), [
    ("premature_play_require_other=off", [f"did you mean {SWITCH}?"]),
    ("nonsense=on", ["unknown decision switch 'nonsense'", "later_play_shows_acceptance", SWITCH]),
    (f"{SWITCH}=maybe", ["the value 'maybe' is not on or off"]),
    (SWITCH, ["expected NAME=on or NAME=off"]),
    ("=on", ["expected NAME=on or NAME=off"]),
])
@pytest.mark.parametrize("command", [["solve", str(PREMATURE)], ["verify", str(PREMATURE)], ["coverage", str(PREMATURE)],
                                     ["generate", "1", "--format", "jsonl", "--out", "-"]])
def test_a_bad_setting_is_an_error_naming_the_option_and_the_token(token: str, words: list[str], command: list[str]) -> None:
    res = runner.invoke(app, [*command, "--decision", token])
    assert res.exit_code == 1, res.output
    assert f"error: --decision {token!r}: " in res.stderr and "Traceback" not in res.output
    assert all(w in res.stderr for w in words), res.stderr


def test_one_switch_given_both_ways_is_an_error() -> None:
    res = runner.invoke(app, ["solve", str(PREMATURE), "--decision", f"{SWITCH}=on", "--decision", f"{SWITCH}=off"])
    assert res.exit_code == 1 and "given both on and off" in res.stderr


def test_coverage_and_score_say_the_switches(tmp_path: Path) -> None:
    data = json.loads(runner.invoke(app, ["coverage", str(PREMATURE), "--json", "--decision", f"{SWITCH}=off"]).stdout)
    assert data["decisions"] == {SWITCH: False}
    used = data["editions"][0]["by_clause"]
    assert "57A1" in used and "57A3" not in used
    ours = tmp_path / "ours.jsonl"
    made = runner.invoke(app, ["generate", "2", "--kind", "lead", "--with-ruling", "--out", str(ours)])
    assert made.exit_code == 0, made.output
    res = runner.invoke(app, ["score", str(ours), "--against", str(ours), "--decision", f"{SWITCH}=off"])
    assert res.exit_code == 2 and "--against" in res.output
    scored = runner.invoke(app, ["score", str(ours), "--json", "--decision", f"{SWITCH}=off"])
    assert json.loads(scored.stdout)["decisions"] == {SWITCH: False}


def test_help_names_the_option() -> None:
    for command in ("solve", "verify", "coverage", "score", "generate"):
        res = runner.invoke(app, [command, "--help"])
        assert "--decision" in res.output and "NAME=on|off" in res.output, command


# ----- test sets and generated cases ---------------------------------------------------------------
@pytest.mark.parametrize("suffix", [".jsonl", ".yaml"])
def test_generate_carries_the_field_and_reads_it_back(tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"set{suffix}"
    res = runner.invoke(app, ["generate", "3", "--kind", "established", "--with-ruling", "--expect-count", "--out", str(out),
                              "--decision", "revoke_transfer_capped=off"])
    assert res.exit_code == 0, res.output
    if suffix == ".jsonl":
        records = [json.loads(line) for line in out.read_text().splitlines()]
        assert all(r["case"]["decisions"] == {"revoke_transfer_capped": False} for r in records)
        assert all(r["ruling"]["decisions"] == {"revoke_transfer_capped": False} for r in records)
        assert list(records[0]["case"])[:3] == ["title", "laws", "decisions"]
    assert _json(["solve", str(out), "--board", "1", "--json"])["decisions"] == {"revoke_transfer_capped": False}
    verified = runner.invoke(app, ["verify", str(out)])
    assert verified.exit_code == 0 and "[decisions: revoke_transfer_capped off (case file" in verified.output


def test_generate_case_files_and_an_exhaustive_set_from_one(tmp_path: Path) -> None:
    res = runner.invoke(app, ["generate", "2", "--kind", "lead", "--out", str(tmp_path / "d"), "--expect-count",
                              "--decision", f"{SWITCH}=off"])
    assert res.exit_code == 0, res.output
    files = sorted((tmp_path / "d").glob("*.yaml"))
    assert len(files) == 2 and all(load(f).decisions[0].name == SWITCH for f in files)
    assert runner.invoke(app, ["verify", str(tmp_path / "d")]).exit_code == 0
    out = tmp_path / "ex.jsonl"
    made = runner.invoke(app, ["generate", "3", "--exhaustive", "--kind", "lead", "--from", str(THREE), "--out", str(out)])
    assert made.exit_code == 0, made.output
    assert all(json.loads(line)["case"]["decisions"] == {SWITCH: False} for line in out.read_text().splitlines())


# ----- the case file ---------------------------------------------------------------------------------
BASE = PREMATURE.read_text(encoding="utf-8")


def _with_field(tmp_path: Path, field: str) -> Path:
    path = tmp_path / "case.yaml"
    path.write_text(BASE.replace("contract: 4S\n", f"contract: 4S\n{field}"), encoding="utf-8")
    return path


def test_a_case_file_sets_a_switch(tmp_path: Path) -> None:
    path = _with_field(tmp_path, f"decisions:\n  {SWITCH}: false\n")
    case = load(path)
    assert decisions_for(case) == Decisions(premature_play_require_other_suit=False)
    assert _json(["solve", str(path), "--json"])["count"] == 5
    on = _with_field(tmp_path, f"decisions: {{{SWITCH}: on}}\n")  # YAML's on: a default, said
    assert decisions_for(load(on)) == DEFAULT and _json(["solve", str(on), "--json"])["decisions"] == {}


@pytest.mark.parametrize(("field", "line", "words"), [
    ("decisions:\n  premature_play_require_other: false\n", 13, ["did you mean premature_play_require_other_suit?"]),
    ("decisions:\n  nonsense: false\n", 13, ["unknown decision switch 'nonsense'", "named_card_is_major"]),
    (f"decisions:\n  {SWITCH}: maybe\n", 13, [f"{SWITCH}: expected true or false, not 'maybe'"]),
    (f"decisions:\n  {SWITCH}: 2\n", 13, ["expected true or false, not 2"]),
    ("decisions: [premature_play_require_other_suit]\n", 12, ["field 'decisions' must map switch names to true or false"]),
])
@pytest.mark.parametrize("command", ["solve", "verify"])
def test_a_bad_field_is_an_error_naming_file_line_and_token(tmp_path: Path, field: str, line: int, words: list[str],
                                                           command: str) -> None:
    path = _with_field(tmp_path, field)
    res = runner.invoke(app, [command, str(path)])
    assert res.exit_code == 1, res.output
    assert f"{path}:{line}: " in res.output and "Traceback" not in res.output
    assert all(w in res.output for w in words), res.output


def test_a_bad_field_in_a_test_set_names_the_record(tmp_path: Path) -> None:
    out = tmp_path / "set.jsonl"
    assert runner.invoke(app, ["generate", "1", "--out", str(out)]).exit_code == 0
    rec = json.loads(out.read_text())
    rec["case"]["decisions"] = {"no_such_switch": True}
    out.write_text(json.dumps(rec) + "\n")
    res = runner.invoke(app, ["solve", str(out), "--board", "1"])
    assert res.exit_code == 1 and f"{out}:1: record " in res.stderr and "no_such_switch" in res.stderr


def test_files_without_the_field_are_ruled_under_the_defaults() -> None:
    case = load(PREMATURE)
    assert case.decisions == () and decisions_for(case) is DEFAULT
    assert Ruling(case).ruleset is get_ruleset(case.laws, DEFAULT, Ruling(case).ruleset.families)


# ----- one rule set per decisions ------------------------------------------------------------------
def test_a_rule_set_is_cached_per_decisions() -> None:
    off = Decisions(premature_play_require_other_suit=False)
    assert get_ruleset("2017", off) is get_ruleset("2017", Decisions(premature_play_require_other_suit=False))
    assert get_ruleset("2017", off) is not get_ruleset("2017")
    assert get_ruleset("2017", off).decisions == off
    # two cases setting the same switch rule with the one rule set; a case without it with another
    one, two = Ruling(load(THREE)), Ruling(with_settings(load(PREMATURE), load(THREE).decisions))
    assert one.ruleset is two.ruleset and one.ruleset is not Ruling(load(PREMATURE)).ruleset


def test_a_rule_set_looked_up_by_the_decisions_identity_is_the_one_made_for_equal_decisions() -> None:
    # (get_ruleset looks a Decisions value up by identity before hashing it: a value equal to
    # one already asked about, another object, is given the same rule set, and forgetting the
    # rule sets forgets what either lookup kept)
    first = Decisions(premature_play_require_other_suit=False)
    made = get_ruleset("2017", first)
    assert get_ruleset("2017", first) is made
    second = Decisions(premature_play_require_other_suit=False)
    assert second is not first and get_ruleset("2017", second) is made
    forget_rulesets()
    again = get_ruleset("2017", first)
    assert again is not made and again == made and get_ruleset("2017", second) is again
    assert get_ruleset("2017", DEFAULT) is get_ruleset("2017") and get_ruleset("2017", DEFAULT) is not again


def test_differing_names_only_the_switches_turned() -> None:
    assert differing(DEFAULT) == {}
    assert differing(Decisions(premature_play_require_other_suit=True)) == {}
    assert differing(Decisions(lead_options_after_ruling=True, named_card_is_major=False)) == {
        "named_card_is_major": False, "lead_options_after_ruling": True}
    assert set(switch_names()) == set(Decisions.__dataclass_fields__)


def test_loads_checks_the_names() -> None:
    from rulings.models.errors import CaseFileError

    with pytest.raises(CaseFileError, match=r"x\.yaml:12: decisions: unknown decision switch 'nope'"):
        loads(BASE.replace("contract: 4S\n", "contract: 4S\ndecisions: {nope: true}\n"), file="x.yaml")
