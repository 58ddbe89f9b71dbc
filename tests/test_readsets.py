"""``rulings coverage`` on test sets (``generate --format jsonl|yaml|pbn``) as on case files:
the same cases give the same coverage in every form PBN can hold; a record or game that
cannot be read is an error on stderr naming file, line, record and token, the others still
counted; a file of which nothing can be read gives no report. ``verify`` on a test set says
which commands read it."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from rulings.models.errors import CaseFileError, RulingError
from rulings.solver.casefile import is_test_set, iter_documents
from rulings.solver.cli import app
from rulings.solver.readsets import file_cases

runner = CliRunner()
HAS_ENDPLAY = importlib.util.find_spec("endplay") is not None


@pytest.fixture(scope="module")
def sets(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Twelve mixed records as a directory of case files, a JSON lines set with rulings and a
    YAML stream with rulings; twelve revoke records (cards and one attention line) as JSON
    lines, PBN and LIN; twelve lead records (a choice after attention) as PBN."""
    root = tmp_path_factory.mktemp("sets")
    out = {"dir": root / "dir", "jsonl": root / "set.jsonl", "yaml": root / "set.yaml", "lead.pbn": root / "lead.pbn",
           "revoke.jsonl": root / "revoke.jsonl", "revoke.pbn": root / "revoke.pbn", "revoke.lin": root / "revoke.lin"}
    common = ["--kind", "mixed", "--seed", "4"]
    assert runner.invoke(app, ["generate", "12", *common, "--out", str(out["dir"])]).exit_code == 0
    for fmt in ("jsonl", "yaml"):
        res = runner.invoke(app, ["generate", "12", *common, "--with-ruling", "--format", fmt, "--out", str(out[fmt]),
                                  "--no-progress"])
        assert res.exit_code == 0, res.output
    res = runner.invoke(app, ["generate", "12", "--kind", "lead", "--seed", "4", "--with-ruling", "--format", "pbn",
                              "--out", str(out["lead.pbn"]), "--no-progress"])
    assert res.exit_code == 0, res.output
    for fmt in ("jsonl", "pbn", "lin"):
        res = runner.invoke(app, ["generate", "12", "--kind", "revoke", "--seed", "2", "--full-hand", "--format", fmt,
                                  "--out", str(out[f"revoke.{fmt}"]), "--no-progress"])
        assert res.exit_code == 0, res.output
    return out


def _coverage(*paths: Path) -> tuple[int, dict[str, Any], str]:
    res = runner.invoke(app, ["coverage", *map(str, paths), "--json"])
    return res.exit_code, json.loads(res.stdout), res.stderr


def _counts(report: dict[str, Any]) -> dict[str, dict[str, int]]:
    return {e["edition"]: {c: len(names) for c, names in e["by_clause"].items()} for e in report["editions"]}


def test_a_test_set_covers_what_its_case_files_cover(sets: dict[str, Path]) -> None:
    code, by_dir, _ = _coverage(sets["dir"])
    assert code == 0 and by_dir["editions"][0]["cases"] == 12
    for form in ("jsonl", "yaml"):
        code, report, err = _coverage(sets[form])
        assert code == 0 and not report["errors"] and err == "", err
        assert report["editions"][0]["cases"] == 12
        assert _counts(report) == _counts(by_dir)
        names = {n for e in report["editions"] for ns in e["by_clause"].values() for n in ns}
        assert names and all(n.startswith(f"{sets[form]}#mixed-4-") for n in names)


@pytest.mark.skipif(not HAS_ENDPLAY, reason="endplay (the 'dds' extra) is not installed")
def test_a_pbn_set_is_read_game_by_game_with_a_note(sets: dict[str, Path]) -> None:
    """Records made of cards and one attention line: the PBN and LIN sets cover what the JSON
    lines set covers; a note on stderr says what a PBN game or LIN board cannot hold."""
    code, from_jsonl, _ = _coverage(sets["revoke.jsonl"])
    assert code == 0
    code, from_pbn, err = _coverage(sets["revoke.pbn"])
    assert code == 0 and not from_pbn["errors"], from_pbn["errors"]
    assert from_pbn["editions"][0]["cases"] == 12 and _counts(from_pbn) == _counts(from_jsonl)
    assert f"note: {sets['revoke.pbn']}: its games are read as 'rulings solve FILE --game K' reads them" in err
    assert from_pbn["notes"] and "commentary" in from_pbn["notes"][0]
    code, from_lin, err = _coverage(sets["revoke.lin"])  # the same records as LIN boards
    assert code == 0 and not from_lin["errors"], from_lin["errors"]
    assert from_lin["editions"][0]["cases"] == 12 and _counts(from_lin) == _counts(from_jsonl)
    # the note says what a LIN board holds: no marks (PBN's ^R/^L), each card its holder's, the
    # record whole in its Record pairs
    assert "LIN has no syntax for" in err and "its holder's" in err and "^R" not in err, err
    assert "nt|bridge-rulings Record ...| pairs" in err, err
    # a lead set's games hold their cards, the choice after attention in commentary: no error
    code, lead, _ = _coverage(sets["lead.pbn"])
    assert code == 0 and lead["editions"][0]["cases"] == 12


def _rewrite_jsonl(src: Path, dst: Path, change: dict[int, Any]) -> Path:
    """``src`` with line k (from 1) replaced by change[k] (a string as is, else JSON)."""
    lines = src.read_text(encoding="utf-8").splitlines()
    for k, new in change.items():
        lines[k - 1] = new if isinstance(new, str) else json.dumps(new)
    dst.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return dst


def test_a_bad_record_is_named_on_stderr_and_the_others_count(sets: dict[str, Path], tmp_path: Path) -> None:
    records = [json.loads(line) for line in sets["jsonl"].read_text(encoding="utf-8").splitlines()]
    bad = records[1]
    bad["case"]["play"][0] = "N ZZ"
    path = _rewrite_jsonl(sets["jsonl"], tmp_path / "bad.jsonl", {2: bad})
    res = runner.invoke(app, ["coverage", str(path)])
    assert res.exit_code == 1
    assert f"error: {path}:2: record 'mixed-4-0001', case: play[0]: bad card 'ZZ' in play line 'N ZZ'" in res.stderr, res.stderr
    assert "error" not in res.stdout and res.stdout.startswith("Laws 2017: 11 cases apply")
    # the same in the YAML stream: located at the play line itself
    text = sets["yaml"].read_text(encoding="utf-8")
    second = text.index("\n---\n") + 1
    at = text.index("\n  - ", text.index("\n  play:\n", second)) + 1
    line = text.count("\n", 0, at) + 1
    stream = tmp_path / "bad.yaml"
    stream.write_text(text[:at] + "  - N ZZ\n" + text[text.index("\n", at) + 1:], encoding="utf-8")
    res = runner.invoke(app, ["coverage", str(stream)])
    assert res.exit_code == 1
    assert f"error: {stream}:{line}: record 'mixed-4-0001', case: bad card 'ZZ'" in res.stderr, res.stderr
    assert res.stdout.startswith("Laws 2017: 11 cases apply")


@pytest.mark.parametrize(("line", "words"), [
    ("not json", "not JSON: Expecting value (column 1)"),
    ('{"id": "x"}', "record 'x': 'case' is missing: expected the case mapping"),
    ('{"id": "x", "case": {"deal": "N:AKQ"}}', "record 'x', case: missing required field"),
])
def test_a_file_of_which_nothing_is_read_gives_no_report(tmp_path: Path, line: str, words: str) -> None:
    path = tmp_path / "set.jsonl"
    path.write_text(line + "\n", encoding="utf-8")
    for args in (["coverage", str(path)], ["coverage", str(path), "--json"]):
        res = runner.invoke(app, args)
        assert res.exit_code == 1
        assert f"error: {path}:1: {words}" in res.stderr, res.stderr
        assert "0 cases" not in res.stdout and "not exercised" not in res.stdout
    assert runner.invoke(app, ["coverage", str(path)]).stdout == ""


def test_a_yaml_stream_is_read_document_by_document_at_its_lines(sets: dict[str, Path], tmp_path: Path) -> None:
    docs = list(iter_documents(sets["yaml"]))
    assert [d["id"] for _, d, _ in docs] == [f"mixed-4-{i:04d}" for i in range(12)]
    text = sets["yaml"].read_text(encoding="utf-8").splitlines()
    for start, data, lines in docs:
        assert text[start - 1] == "---"
        assert text[lines[("case", "play", 0)] - 1].strip() == f"- {data['case']['play'][0]}"
    dup = tmp_path / "dup.yaml"
    dup.write_text("---\nid: a\ncase: {}\n---\nid: a\ncase: {}\n", encoding="utf-8")
    with pytest.raises(CaseFileError, match=r"duplicate id 'a' \(lines 1 and 4\)"):
        list(file_cases(dup))
    broken = tmp_path / "broken.yaml"
    broken.write_text("---\nid: a\ncase: {}\n---\nid: b\ncase: [\n", encoding="utf-8")
    with pytest.raises(CaseFileError) as err:
        list(iter_documents(broken))
    assert err.value.line == 6 and "'[' is never closed" in err.value.message


@pytest.mark.parametrize("form", ["jsonl", "yaml"])
def test_solve_on_a_test_set_names_the_commands_that_read_it(sets: dict[str, Path], form: str) -> None:
    assert is_test_set(sets[form])
    res = runner.invoke(app, ["solve", str(sets[form])])
    assert res.exit_code == 1
    assert f"{sets[form]}:1: a test set (records {{id, case, ruling}}" in res.output, res.output
    for reader in ("'rulings solve FILE --board N'", "'rulings verify FILE' checks each record's claims",
                   "'rulings coverage FILE' reads its cases", "'rulings score FILE'"):
        assert reader in res.output, res.output


@pytest.mark.parametrize("form", ["jsonl", "yaml"])
def test_verify_reads_each_record_of_a_test_set_given_by_name(sets: dict[str, Path], form: str) -> None:
    """Records written without claims are checked as a case file without claims is: each
    passes with none, named FILE#ID, in the set's order."""
    res = runner.invoke(app, ["verify", str(sets[form])])
    assert res.exit_code == 0, res.output
    heads = [line for line in res.output.splitlines() if line.startswith(("ok ", "FAIL "))]
    assert [h.split(":")[0] for h in heads] == [f"ok   {sets[form]}#mixed-4-{i:04d}" for i in range(12)], res.output
    assert res.output.rstrip().endswith("12 case files: 12 passed, 0 failed; 0 claims: 0 passed, 0 failed")


def test_a_case_file_is_not_a_test_set() -> None:
    assert not is_test_set(Path("cases/revoke/spec-47d-example.yaml"))


_PIECES = [b"---\n", b"id: a\n", b"case:\n", b"  deal: x\n", b"  play: [\n", b"\xff", b"\x00", b"\xef\xbb\xbf", b"- N ZZ\n",
           b'{"id": 1, "case": {}}\n', b"&a [1]\n", b"*a\n", b"...\n", b"# c\n", b"\r", b"\n", b"'", b"{"]


@settings(max_examples=300, derandomize=True, database=None, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=12), st.sampled_from(["set.yaml", "set.jsonl"]))
def test_any_bytes_as_a_test_set_give_located_errors_only(tmp_path_factory: pytest.TempPathFactory, pieces: list[bytes],
                                                         name: str) -> None:
    """Whatever the bytes, reading them as a test set gives cases or RulingErrors (located
    in the file), never another exception."""
    path = tmp_path_factory.mktemp("any") / name
    path.write_bytes(b"".join(pieces))
    try:
        for item in file_cases(path):
            assert (item.case is None) != (item.error is None)
            if item.error is not None:
                assert item.error.file == str(path) and item.error.line is not None, item.error
    except RulingError as err:
        assert err.file == str(path), err


@pytest.mark.parametrize("form", ["jsonl", "yaml"])
def test_solve_board_n_rules_the_n_th_record_of_a_test_set(sets: dict[str, Path], form: str, tmp_path: Path) -> None:
    """``solve SET --board N`` rules record N (from 1) of a JSON lines set or a YAML stream: its
    ruling is the record's; ``new SET --board N`` writes that record's case, which solves the same."""
    records = [json.loads(line) for line in sets["jsonl"].read_text(encoding="utf-8").splitlines()]
    for number in (1, 3, 12):
        res = runner.invoke(app, ["solve", str(sets[form]), "--board", str(number), "--json"])
        assert res.exit_code == 0, res.output
        ours, theirs = json.loads(res.stdout), records[number - 1]["ruling"]
        assert ours["case"]["title"] == theirs["case"]["title"]
        assert ours["irregularities"] == theirs["irregularities"] and ours["restorations"] == theirs["restorations"]
    out = tmp_path / "third.yaml"
    res = runner.invoke(app, ["new", str(sets[form]), "--board", "3", "--out", str(out)])
    assert res.exit_code == 0, res.output
    res = runner.invoke(app, ["solve", str(out), "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["restorations"] == records[2]["ruling"]["restorations"]


@pytest.mark.parametrize("form", ["jsonl", "yaml"])
def test_a_record_number_past_the_set_is_an_error_saying_how_many_it_holds(sets: dict[str, Path], form: str) -> None:
    for command in ("solve", "new"):
        res = runner.invoke(app, [command, str(sets[form]), "--board", "13"])
        assert res.exit_code == 1, res.output
        assert f"error: {sets[form]}: --board 13: the test set holds 12 records (--board N is the N-th record, from 1)" \
            in res.stderr, res.stderr
    for option in (["--attention", "E"], ["--game", "1"]):
        res = runner.invoke(app, ["solve", str(sets[form]), "--board", "2", *option], env={"COLUMNS": "400"})
        assert res.exit_code == 2, res.output
        assert "goes with a .pbn or .lin file; a test set's record is a case" in " ".join(res.output.split())
    res = runner.invoke(app, ["solve", str(sets[form])])  # no --board: the error says how to pick a record
    assert res.exit_code == 1 and "'rulings solve FILE --board N' rules its N-th record" in res.stderr, res.stderr


@pytest.mark.parametrize("option", [["--board", "3"], ["--attention", "E"], ["--game", "1"]])
def test_board_file_options_on_a_case_file_are_usage_errors(option: list[str]) -> None:
    """A case file holds one record: ``--board``, ``--game`` and ``--attention`` pick nothing
    in it, and are refused rather than ignored."""
    case = Path(__file__).resolve().parents[1] / "cases" / "revoke" / "spec-47d-example.yaml"
    res = runner.invoke(app, ["solve", str(case), *option], env={"COLUMNS": "400"})
    assert res.exit_code == 2, res.output
    assert "goes with a .pbn or .lin file" in " ".join(res.output.split())
