"""The command line, end to end, in-process (typer.testing.CliRunner)."""

import json
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from rulings.solver.cli import app
from rulings.solver.export import schema

runner = CliRunner()
EXAMPLE = Path(__file__).resolve().parents[1] / "solver" / "data" / "example-47d.yaml"
ROOT = Path(__file__).resolve().parents[1]


def test_solve_bundled_case() -> None:
    res = runner.invoke(app, ["solve"])
    assert res.exit_code == 0, res.output
    assert "21 restorations" in res.output
    assert "62C2" in res.output and "♥4" in res.output


def test_solve_ascii_and_limit() -> None:
    res = runner.invoke(app, ["solve", str(EXAMPLE), "--ascii", "--limit", "5"])
    assert res.exit_code == 0, res.output
    assert "♠" not in res.output and "5 restorations" in res.output and "--limit" in res.output


def test_json_output_matches_schema() -> None:
    res = runner.invoke(app, ["solve", str(EXAMPLE), "--json"])
    assert res.exit_code == 0
    data = json.loads(res.stdout)
    jsonschema.validate(data, schema())
    assert data["schema_version"] == 2 and data["count"] == 21 and not data["truncated"]
    first = data["restorations"][0]
    assert first["path"][0]["clause"] == "62B"
    # stable: the same JSON twice
    again = runner.invoke(app, ["solve", str(EXAMPLE), "--json"])
    assert again.stdout == res.stdout


def test_schema_rejects_bad_output() -> None:
    data = json.loads(runner.invoke(app, ["solve", str(EXAMPLE), "--json"]).stdout)
    data["restorations"][0]["penalty_cards"][0]["kind"] = "medium"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, schema())


@pytest.mark.parametrize("suffix", [".dot", ".graphml", ".json"])
def test_graph_export(tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"g{suffix}"
    res = runner.invoke(app, ["solve", str(EXAMPLE), "--graph", str(out)])
    assert res.exit_code == 0, res.output
    text = out.read_text()
    assert "62C1" in text
    if suffix == ".json":
        data = json.loads(text)
        assert sum(1 for n in data["nodes"] if n["leaf"]) == 21


def test_graph_bad_suffix(tmp_path: Path) -> None:
    res = runner.invoke(app, ["solve", str(EXAMPLE), "--graph", str(tmp_path / "g.png")])
    assert res.exit_code == 1 and "unknown graph format" in res.output


def test_verify_example_passes() -> None:
    res = runner.invoke(app, ["verify", str(EXAMPLE)])
    assert res.exit_code == 0, res.output
    assert res.output.strip().splitlines()[-1] == "1 case file: 1 passed, 0 failed; 6 claims: 6 passed, 0 failed"


def test_verify_reports_failure_with_counterexample(tmp_path: Path) -> None:
    text = EXAMPLE.read_text().replace("count 21", "count 20").replace("always: E plays S", "always: S plays SA")
    p = tmp_path / "wrong.yaml"
    p.write_text(text)
    res = runner.invoke(app, ["verify", str(p)])
    assert res.exit_code == 1
    assert "FAIL" in res.output and "21 restorations, claim says 20" in res.output
    assert "counterexample: #2" in res.output
    assert res.output.strip().splitlines()[-1] == "1 case file: 0 passed, 1 failed; 6 claims: 4 passed, 2 failed"


def test_verify_counts_files_and_claims_apart(tmp_path: Path) -> None:
    """The last line counts case files (passed, failed, why) and claims (passed, failed) each
    in its own unit: a file that cannot be read fails, and has no claim counted."""
    text = EXAMPLE.read_text()
    (tmp_path / "a-good.yaml").write_text(text)
    (tmp_path / "b-wrong.yaml").write_text(text.replace("count 21", "count 20"))
    (tmp_path / "c-broken.yaml").write_text(text.replace("contract:", "contrat:"))
    res = runner.invoke(app, ["verify", str(tmp_path), "-q"])
    assert res.exit_code == 1, res.output
    assert res.output.strip().splitlines()[-1] == ("3 case files: 1 passed, 2 failed (1 with an error; their claims not checked); "
                                                   "12 claims: 11 passed, 1 failed")


def test_verify_sometimes_none(tmp_path: Path) -> None:
    text = EXAMPLE.read_text().replace("expect:\n", "expect:\n  - \"sometimes: W plays SK, S plays SA\"\n")
    p = tmp_path / "s.yaml"
    p.write_text(text)
    res = runner.invoke(app, ["verify", str(p)])
    assert res.exit_code == 1 and "no restoration satisfies it" in res.output


BROKEN = {
    "dealt-twice": ("deal: \"N:J1043.32.A32.K432 J82.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6\"", 1, "'SJ'"),
    "unequal": ("deal: \"N:J1043.32.A32.K43 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6\"", 1, "different numbers"),
    "not-in-hand": ("play: [W DQ, N DA, E DK]", 4, "'DK'"),
    "unknown-token": ("play:\n  - W DQ\n  - N frobs DA", 6, "'frobs'"),
    "bad-card": ("play:\n  - W DQ\n  - N DX", 6, "'DX'"),
    "malformed-yaml": ("play: [W DQ, N DA\nexpect: x", 4, "'[' is never closed"),  # reported where it opened
    "unknown-field": ("declarerr: S", 5, "'declarerr'"),
    "bad-claim": ("expect:\n  - always: E frobs H4", 6, "'frobs'"),
    "unknown-law": ("expect:\n  - always: law 99Z", 6, "'99Z'"),
}
GOOD = {
    "deal": "deal: \"N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6\"",
    "contract": "contract: 4S",
    "declarer": "declarer: S",
    "play": "play: [W DQ, N DA, E D4, S D7]",
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_case_file_located_error(tmp_path: Path, name: str) -> None:
    line, lineno, needle = BROKEN[name]
    fields = dict(GOOD)
    key = line.split(":")[0]
    if key in fields:
        fields[key] = line
        text = "\n".join(fields[k] for k in ("deal", "contract", "declarer", "play")) + "\n"
    else:
        text = "\n".join(fields[k] for k in ("deal", "contract", "declarer", "play")) + "\n" + line + "\n"
    p = tmp_path / f"{name}.yaml"
    p.write_text(text)
    cmd = "verify" if key == "expect" else "solve"
    res = runner.invoke(app, [cmd, str(p)])
    assert res.exit_code == 1, res.output
    assert "Traceback" not in res.output
    assert f"{p}:{lineno}:" in res.output, res.output
    assert needle in res.output


def test_missing_file() -> None:
    res = runner.invoke(app, ["solve", "no/such/case.yaml"])
    assert res.exit_code == 1 and "no/such/case.yaml" in res.output


def test_usage_error_exit_2() -> None:
    res = runner.invoke(app, ["solve", str(EXAMPLE), "--limit", "0"])
    assert res.exit_code == 2


def test_explain_script() -> None:
    res = runner.invoke(app, ["solve", str(EXAMPLE), "--explain", "--ascii"])
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert lines[0].startswith("Irregularity: E revoked with H4")
    assert any(line.startswith("62B: E must correct the revoke") for line in lines)
    assert any("W must leave S5" in line for line in lines)
    assert any("that S held SA is authorized to NS (16C1) and unauthorized to EW (16C2)" in line for line in lines)


def test_not_yet_ruled_lines_are_reported(tmp_path: Path) -> None:
    # an acceptance with no lead out of turn to accept: no rule family reads it
    text = EXAMPLE.read_text().replace("  - attention E", "  - attention E\n  - W accepts")
    p = tmp_path / "n.yaml"
    p.write_text(text)
    res = runner.invoke(app, ["solve", str(p), "--json"])
    notices = json.loads(res.stdout)["notices"]
    assert any("W accepts" in n["text"] and n["line"] == 17 for n in notices)


def test_a_later_exposure_is_ruled_after_the_revoke(tmp_path: Path) -> None:
    text = EXAMPLE.read_text().replace("  - attention E", "  - W exposes HJ visible_to_partner\n  - attention E")
    p = tmp_path / "n.yaml"
    p.write_text(text)
    res = runner.invoke(app, ["solve", str(p), "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert not any("not yet ruled" in n["text"] for n in data["notices"])
    for r in data["restorations"]:
        assert {"62B", "50B"} <= set(r["laws"])
        assert {"seat": "W", "card": "HJ", "kind": "major"} in r["penalty_cards"]


def test_coverage_command() -> None:
    res = runner.invoke(app, ["coverage", str(EXAMPLE), "--json"])
    assert res.exit_code == 0, res.output
    reports = {r["edition"]: r for r in json.loads(res.stdout)["editions"]}
    r17 = reports["2017"]
    assert r17["cases"] == 1 and {"62B", "62B1", "62C1", "62C2", "47D", "16C2"} <= set(r17["by_clause"])
    assert "62C3" in r17["uncovered"] and r17["covered"] + len(r17["uncovered"]) == r17["clauses"]


def test_coverage_says_only_the_editions_of_the_cases_read() -> None:
    """The bundled case is ruled under the 2017 Laws: the report has no 2007 block (nor its
    clause lists); --json keeps both editions, 2007 with no case."""
    res = runner.invoke(app, ["coverage", str(EXAMPLE)])
    assert res.exit_code == 0, res.output
    assert res.stdout.startswith("Laws 2017: 1 cases apply ") and "Laws 2007" not in res.stdout, res.stdout
    assert res.stdout.count("out of scope, no rule") == 1
    res = runner.invoke(app, ["coverage", str(EXAMPLE), "--json"])
    assert {r["edition"]: r["cases"] for r in json.loads(res.stdout)["editions"]} == {"2017": 1, "2007": 0}


@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_coverage_of_a_file_with_no_case_says_so(tmp_path: Path, json_flag: list[str]) -> None:
    """A file with no record (an empty test set) and a directory with no case file are read
    without error (exit 0), and a note on stderr says each holds no case; no report of
    nothing is printed."""
    empty, folder = tmp_path / "empty.jsonl", tmp_path / "none"
    empty.write_text("", encoding="utf-8")
    folder.mkdir()
    res = runner.invoke(app, ["coverage", str(empty), str(folder), *json_flag])
    assert res.exit_code == 0, res.output
    assert f"note: {empty}: no case in it\n" in res.stderr and f"note: {folder}: no case in it\n" in res.stderr, res.stderr
    if json_flag:
        data = json.loads(res.stdout)
        assert f"{empty}: no case in it" in data["notes"] and all(r["cases"] == 0 for r in data["editions"])
    else:
        assert res.stdout == ""
    res = runner.invoke(app, ["coverage", str(empty), str(EXAMPLE)])  # the others are reported
    assert res.exit_code == 0 and res.stdout.startswith("Laws 2017: 1 cases apply "), res.output
    assert res.stderr == f"note: {empty}: no case in it\n"


def test_the_corpus_exercises_every_clause_a_rule_implements() -> None:
    """Each clause a rule of either edition declares is applied on some restoration of a
    corpus case of that edition: ``rulings coverage`` lists none as implemented but not
    exercised (a rule the corpus never reaches is a rule no case checks)."""
    res = runner.invoke(app, ["coverage", str(ROOT / "cases"), "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert not data["errors"]
    assert {r["edition"]: r["unexercised"] for r in data["editions"]} == {"2017": [], "2007": []}


def test_generate_command(tmp_path: Path) -> None:
    first = tmp_path / "first"
    res = runner.invoke(app, ["generate", "4", "--out", str(first), "--seed", "9", "--expect-count"])
    assert res.exit_code == 0, res.output
    files = sorted(first.glob("*.yaml"))
    assert len(files) == 4
    assert res.stdout == "" and res.stderr == f"wrote 4 case files to {first}\n"  # as with --format: stdout kept clean
    again = tmp_path / "again"
    runner.invoke(app, ["generate", "4", "--out", str(again), "--seed", "9", "--expect-count"])
    assert [f.read_text() for f in files] == [f.read_text() for f in sorted(again.glob("*.yaml"))]  # same seed, same cases
    res = runner.invoke(app, ["verify", str(first)])
    assert res.exit_code == 0 and res.output.strip().splitlines()[-1] == "4 case files: 4 passed, 0 failed; 4 claims: 4 passed, 0 failed"


def test_script_says_what_each_alternative_of_a_branch_does() -> None:
    # 54: "spread and become dummy" and "accept" lead to the same next decisions (none) but do
    # different things; the director's script must state both, not one for the two.
    case = Path(__file__).resolve().parent.parent / "cases" / "leads" / "seed003-54-opening-lead-out-of-turn.yaml"
    res = runner.invoke(app, ["solve", str(case), "--ascii", "--explain"])
    assert res.exit_code == 0, res.output
    # (each alternative names its own clause: the decision's rest on 54A, 54B and 54D)
    assert "If spread and become dummy (54A): " in res.output and "If accept (54B): " in res.output
    assert "If spread and become dummy or accept" not in res.output


def test_version_and_choices_listed_in_help() -> None:
    res = runner.invoke(app, ["--version"])
    assert res.exit_code == 0 and res.output.startswith("rulings ")
    res = runner.invoke(app, ["generate", "--help"], env={"COLUMNS": "200"})
    assert "revoke|misplay|exposure" in res.output and "2017|2007" in res.output


def test_ascii_output_is_pure_ascii() -> None:
    for case in ("cases/revoke/spec-47d-example.yaml", "cases/designation/dissacco-club-diamond-2007.yaml"):
        res = runner.invoke(app, ["solve", "--ascii", str(ROOT / case)])
        assert res.exit_code == 0, res.output
        assert res.output.isascii(), [ch for ch in res.output if not ch.isascii()][:5]
        assert "spades led" in res.output or "led" not in res.output


def test_graph_labels_break_lines_in_dot(tmp_path: Path) -> None:
    out = tmp_path / "g.dot"
    res = runner.invoke(app, ["solve", "--graph", str(out)])
    assert res.exit_code == 0
    text = out.read_text()
    assert "\\nrestoration 1" in text and "\\\\n" not in text


def test_case_from_standard_input_and_script_in_json() -> None:
    text = (ROOT / "cases/revoke/spec-47d-example.yaml").read_text()
    res = runner.invoke(app, ["solve", "-", "--json", "--explain"], input=text)
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["count"] == 21 and data["script"] and data["found"] == 21
    assert data["budget"]["exhausted"] is False


def test_cli_kind_choices_are_the_generator_kinds() -> None:
    from rulings.solver.cli import Kind
    from rulings.solver.generate import KINDS

    assert tuple(k.value for k in Kind) == KINDS


def test_json_actors_restrictions_and_seat_to_play_are_structured() -> None:
    """Schema 2: a step's actor is seats and a role, a restriction an object, and the seat to
    act next is given in every restoration whose play is not over."""
    data = json.loads(runner.invoke(app, ["solve", "--json"]).stdout)
    jsonschema.validate(data, schema())
    first = data["restorations"][0]["path"][0]
    assert first["actor"] == {"seats": ["E"], "role": "defender", "text": "E"}
    assert all(r["to_play"] in ("N", "E", "S", "W") for r in data["restorations"])
    case = Path(__file__).resolve().parent.parent / "cases" / "combined" / "penalty-card-lead-restriction-then-opening-lead-out-of-turn.yaml"
    data = json.loads(runner.invoke(app, ["solve", str(case), "--json", "--explain"]).stdout)
    jsonschema.validate(data, schema())
    restrictions = [x for r in data["restorations"] for x in r["restrictions"]]
    leads = [x for x in restrictions if x["kind"] in ("must_lead", "must_not_lead")]
    assert {"kind": "must_not_lead", "seat": "W", "suit": "H", "text": "W must not lead H", "in_force": True} in leads
    assert all(x["seat"] and x["suit"] for x in leads)
    assert {"kind": "declarer", "seat": "N", "clause": "54A", "text": "declarer N (54A)", "in_force": True} in restrictions
    assert not [x for x in restrictions if x["kind"] == "other"]
    assert data["script"] and all(isinstance(line, str) for line in data["script"])


def test_json_restriction_lapsed_once_its_player_lost_the_lead() -> None:
    """50D2(a): a prohibition lasts while its player keeps the lead; once he lost it the
    restriction stays listed (the path imposed it) with ``in_force`` false, and the text
    output marks it lapsed."""
    case = ROOT / "cases" / "penalty" / "own-50d2a-forbidden-suit-lapses-when-the-lead-is-lost-then-claim.yaml"
    data = json.loads(runner.invoke(app, ["solve", str(case), "--json"]).stdout)
    jsonschema.validate(data, schema())
    assert data["restorations"][0]["restrictions"] == [
        {"kind": "must_not_lead", "seat": "E", "suit": "D", "text": "E must not lead D", "in_force": False}]
    kept = ROOT / "cases" / "penalty" / "own-50d2a-forbidden-suit-in-force-while-the-lead-is-kept-then-claim.yaml"
    data = json.loads(runner.invoke(app, ["solve", str(kept), "--json"]).stdout)
    assert [x["in_force"] for x in data["restorations"][0]["restrictions"]] == [True]


def test_verify_names_a_failed_restriction_standing_atom_as_written(tmp_path: Path) -> None:
    """A failed ``restriction in force ...`` / ``restriction lapsed ...`` claim is named in
    verify's report as the claim writes it (the closest restoration fails that atom)."""
    case = ROOT / "cases" / "penalty" / "own-50d2a-forbidden-suit-lapses-when-the-lead-is-lost-then-claim.yaml"
    text = case.read_text(encoding="utf-8").split("expect:")[0] + (
        "expect:\n  - sometimes: lead S, restriction in force E must not lead D\n"
        "  - sometimes: lead S, restriction lapsed E must lead D\n")
    path = tmp_path / "atoms.yaml"
    path.write_text(text, encoding="utf-8")
    res = runner.invoke(app, ["verify", str(path)])
    assert res.exit_code == 1
    assert ("fails restriction in force E must not lead D (E must not lead D was imposed and has lapsed, kept at trick 9, "
            "where E led HK))") in res.stdout
    assert "fails restriction lapsed E must lead D (its restrictions: E must not lead D))" in res.stdout
    assert "lapsed lapsed" not in res.stdout and "force in force" not in res.stdout


def test_solve_laws_overrides_the_edition_of_the_case() -> None:
    case = str(ROOT / "cases" / "revoke" / "spec-47d-example.yaml")
    for laws in ("2007", "2017"):
        res = runner.invoke(app, ["solve", case, "--json", "--laws", laws])
        assert res.exit_code == 0, res.output
        data = json.loads(res.stdout)
        assert data["ruleset"] == laws
        assert any(("16D1" if laws == "2007" else "16C1") in r["laws"] for r in data["restorations"])
    res = runner.invoke(app, ["solve", case, "--laws", "1997"])
    assert res.exit_code == 2


@pytest.mark.parametrize("options", [[], ["--dds"]])
def test_the_information_footer_says_whether_cards_were_withdrawn(options: list[str]) -> None:
    """With no 16C or 50E entry, the footer says 'nothing withdrawn' only where no restoration
    withdrew a card: a card of dummy's withdrawn (a changed designation) gives no information,
    and the footer says so rather than that nothing was withdrawn (streamed and whole)."""
    if options:
        pytest.importorskip("endplay", reason="endplay (the 'dds' extra) is not installed")
    dummy = runner.invoke(app, ["solve", str(ROOT / "cases/designation/levy-run-the-clubs-change-before-rho.yaml"), *options])
    assert dummy.exit_code == 0, dummy.output
    words = " ".join(dummy.output.split())
    assert "nothing withdrawn" not in words and "(the cards withdrawn are dummy's, faced for every player to see)" in words
    plain = runner.invoke(app, ["solve", str(ROOT / "cases/established/own-63a4-nos-claim-agreed-by-the-round-end-64b5-2017.yaml"),
                                *options])
    assert plain.exit_code == 0, plain.output
    assert "Information: nothing withdrawn, no unauthorized information." in " ".join(plain.output.split())
