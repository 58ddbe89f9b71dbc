"""``rulings score``: another engine's rulings scored against ours. Test doubles of wrong
engines (each derived from a correct ruling by one deliberate defect) must be reported with
exactly the clauses they get wrong; a correct engine agrees everywhere.
Also ``rulings coverage``: out-of-scope clauses apart from implemented-but-unexercised ones."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from rulings.solver.cli import app
from rulings.solver.coverage import implemented
from rulings.solver.score import Score, compare

runner = CliRunner()
Engine = Callable[[list[dict[str, Any]]], list[dict[str, Any]]]


def _partner_changes(r: dict[str, Any]) -> bool:
    """The offending side's next player changes his card under 62C2."""
    return any(s["clause"] == "62C2" and s["kind"] == "option" and " withdraws " in s["text"] for s in r["path"])


def never_lets_partner_change(rs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A wrong engine: the revoker's partner may never change his card (62C2 ignored)."""
    return [r for r in rs if not _partner_changes(r)]


def forgets_unauthorized_information(rs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A wrong engine: rules the play right but never cites 16C2."""
    return [{**r, "laws": [c for c in r["laws"] if c != "16C2"]} for r in rs]


def makes_revoke_penalty_cards_minor(rs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A wrong engine: a defender's withdrawn revoke card is a minor penalty card (62B1 wrong)."""
    out = []
    for r in rs:
        if "62B1" in r["laws"]:
            r = {**r, "penalty_cards": [{**p, "kind": "minor"} for p in r["penalty_cards"]]}
            r["path"] = [{**s, "text": s["text"].replace("major", "minor")} if s["clause"] == "62B" else s for s in r["path"]]
        out.append(r)
    return out


@pytest.fixture(scope="module")
def ours(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("score") / "ours.jsonl"
    res = runner.invoke(app, ["generate", "60", "--kind", "revoke", "--with-ruling", "--out", str(path), "--seed", "7"])
    assert res.exit_code == 0, res.output
    return path


def _theirs(ours: Path, engine: Engine, tmp: Path) -> Path:
    out = tmp / f"{engine.__name__}.jsonl"
    with ours.open(encoding="utf-8") as src, out.open("w", encoding="utf-8") as dst:
        for line in src:
            rec = json.loads(line)
            rec["ruling"] = {**rec["ruling"], "restorations": engine(rec["ruling"]["restorations"])}
            dst.write(json.dumps(rec) + "\n")
    return out


def _records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize(("engine", "clauses"), [
    (never_lets_partner_change, ["62C2"]),
    (forgets_unauthorized_information, ["16C2"]),
    (makes_revoke_penalty_cards_minor, ["62B"]),
])
def test_a_wrong_engine_is_named_by_exactly_its_clauses(ours: Path, tmp_path: Path, engine: Engine, clauses: list[str]) -> None:
    records = _records(ours)
    affected = sum(1 for rec in records if engine(rec["ruling"]["restorations"]) != rec["ruling"]["restorations"])
    assert affected >= 2, "the generated cases must exercise the defect"
    theirs = _theirs(ours, engine, tmp_path)
    for args in (["score", str(theirs), "--json"], ["score", str(theirs), "--json", "--against", str(ours)]):
        res = runner.invoke(app, args)
        assert res.exit_code == 1, res.output
        report = json.loads(res.stdout)
        assert report["wrong_clauses"] == clauses
        assert report["cases"] == 60 and report["agreed"] == 60 - affected
        assert report["clauses"][clauses[0]]["wrong"] == affected
        law = "Law " + clauses[0][:2]
        assert report["families"][law]["wrong"] == affected
        assert all(v["wrong"] == 0 for f, v in report["families"].items() if f != law)
    text = runner.invoke(app, ["score", str(theirs), "--against", str(ours)]).output
    assert f"clauses with disagreements: {' '.join(clauses)}" in text


def test_a_correct_engine_agrees_everywhere(ours: Path) -> None:
    res = runner.invoke(app, ["score", str(ours), "--against", str(ours), "--json"])
    assert res.exit_code == 0, res.output
    report = json.loads(res.stdout)
    assert report["wrong_clauses"] == [] and report["agreed"] == report["cases"] == 60
    assert {"62B", "62B1", "16C2"} <= set(report["clauses"])


def test_records_of_ours_left_unanswered_are_counted_named_and_not_agreement(ours: Path, tmp_path: Path) -> None:
    """With --against, a record of ours their file has no answer for is a case that does not
    agree (each clause our ruling applies is wrong in it), named in the report; exit 1."""
    records = _records(ours)
    some = tmp_path / "some.jsonl"
    some.write_text("".join(json.dumps(rec) + "\n" for rec in records[:3]), encoding="utf-8")
    res = runner.invoke(app, ["score", str(some), "--against", str(ours), "--json"])
    assert res.exit_code == 1, res.output
    report = json.loads(res.stdout)
    assert report["cases"] == 60 and report["agreed"] == 3 and report["agreement"] == 0.05
    assert report["unanswered"] == 57 and report["unanswered_ids"] == [r["id"] for r in records[3:]]
    cited = {c for r in records[3]["ruling"]["restorations"] for c in r["laws"]}
    assert cited and cited <= set(report["wrong_clauses"])
    text = runner.invoke(app, ["score", str(some), "--against", str(ours)])
    assert text.exit_code == 1
    assert "60 cases: 3 agree in full (5.0%), 57 unanswered;" in text.output
    assert f"57 of our records (--against) have no answer in theirs: {records[3]['id']} " in text.output
    # answering every record: nothing unanswered
    report = json.loads(runner.invoke(app, ["score", str(ours), "--against", str(ours), "--json"]).stdout)
    assert report["unanswered"] == 0 and report["unanswered_ids"] == [] and report["agreement"] == 1.0


def test_a_law_family_counts_each_case_once(ours: Path, tmp_path: Path) -> None:
    """A family's ``cases`` are the cases involving one of its clauses, ``wrong`` those where
    one of them is wrong; ``clause_cases``/``clause_wrong`` sum its clauses' counts."""
    rs = [{"number": 1, "tricks": [1], "withdrawn": [], "penalty_cards": [], "lead": "N", "laws": ["62A", "62B", "62C2"],
           "path": [{"clause": "62B", "actor": "E", "text": "E withdraws D2 and plays S9"},
                    {"clause": "62C2", "actor": "W", "text": "W withdraws S4 and plays SA"}]}]
    theirs = [{**rs[0], "laws": ["62A"]}]  # 62B and 62C2 not cited
    result = Score()
    result.add(compare("x", rs, theirs))
    result.add(compare("y", rs, rs))
    fam = result.report()["families"]["Law 62"]
    assert fam == {"cases": 2, "wrong": 1, "agreement": 0.5, "clause_cases": 6, "clause_wrong": 2}
    theirs_file = _theirs(ours, never_lets_partner_change, tmp_path)
    report = json.loads(runner.invoke(app, ["score", str(theirs_file), "--against", str(ours), "--json"]).stdout)
    records = _records(ours)
    involving = sum(1 for rec in records if any(c.startswith("62") for r in rec["ruling"]["restorations"] for c in r["laws"]))
    law62 = report["families"]["Law 62"]
    assert law62["cases"] == involving <= 60 < law62["clause_cases"]
    assert law62["wrong"] == law62["clause_wrong"] == report["clauses"]["62C2"]["wrong"]


def test_an_extra_restoration_is_blamed_on_its_own_step() -> None:
    ours = [{"number": 1, "tricks": [1], "withdrawn": [], "penalty_cards": [], "lead": "N", "laws": ["62B", "62C2"],
             "path": [{"clause": "62B", "actor": "E", "text": "E withdraws D2 and plays S9"},
                      {"clause": "62C2", "actor": "W", "text": "W keeps S4"}]}]
    extra = {**ours[0], "tricks": [2], "path": [ours[0]["path"][0], {"clause": "62C2", "actor": "W", "text": "W withdraws S4 and plays SA"}]}
    cmp = compare("x", ours, [*ours, extra])
    assert cmp.extra == 1 and cmp.missing == 0 and set(cmp.wrong) == {"62C2"}


def test_bad_input_is_located(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "a", "ruling": {"restorations": []}}\nnot json\n', encoding="utf-8")
    res = runner.invoke(app, ["score", str(bad), "--against", str(bad)])
    assert res.exit_code == 1 and f"{bad}:2" in res.output


def _first_restoration(rec: dict[str, Any]) -> dict[str, Any]:
    restorations: list[dict[str, Any]] = rec["ruling"]["restorations"]
    return restorations[0]


def _set(field: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(rec: dict[str, Any]) -> None:
        _first_restoration(rec)[field] = value
    return change


def _set_in_path(value: Any) -> Callable[[dict[str, Any]], None]:
    def change(rec: dict[str, Any]) -> None:
        _first_restoration(rec)["path"][0]["actor"] = value
    return change


def _set_card(value: str) -> Callable[[dict[str, Any]], None]:
    def change(rec: dict[str, Any]) -> None:
        _first_restoration(rec)["tricks"][0]["plays"][0]["card"] = value
    return change


def _drop(field: str) -> Callable[[dict[str, Any]], None]:
    def change(rec: dict[str, Any]) -> None:
        del _first_restoration(rec)[field]
    return change


@pytest.mark.parametrize(("change", "words"), [
    (_set("laws", "62B1"), """'laws' is "62B1": expected a list of clause ids such as 62B1 or 45C4(b)"""),
    (_set("laws", ["62B1", "sixty-two"]), """'laws[1]' is "sixty-two": expected a clause id"""),
    (_set("laws", [62]), "'laws[0]' is 62: expected a clause id"),
    (_set("path", "62B1"), """'path' is "62B1": expected a list of objects"""),
    (_set("path", [5]), "'path[0]' is 5: expected an object"),
    (_set_in_path({"seats": "E"}), """'path[0].actor.seats' is "E": expected a list of seats (N, E, S or W)"""),
    (_set_in_path({"seats": ["X"]}), """'path[0].actor.seats[0]' is "X": expected a seat (N, E, S or W)"""),
    (_set_in_path({"seats": ["Q"], "role": "declarer", "text": "Q"}),
     """'path[0].actor.seats[0]' is "Q": expected a seat (N, E, S or W)"""),
    (_set_in_path({"seats": ["E"], "text": 5}), "'path[0].actor.text' is 5: expected a string"),
    (_set_in_path(["E"]), """'path[0].actor' is ["E"]: expected a string starting with the seat acting (N, E, S or W) or TD (the director) or an object"""),
    (_set_card("S10"), """'tricks[0].plays[0].card' is "S10": expected a card such as SA or DT"""),
    (_set("lead", "X"), """'lead' is "X": expected a seat (N, E, S or W) or null"""),
    (_set("established", "yes"), """'established' is "yes": expected true or false"""),
    (_set("transfer", "2"), """'transfer' is "2": expected a whole number or null"""),
    (_set("penalty_cards", [{"seat": "E", "card": "S2", "kind": "big"}]), """'penalty_cards[0].kind' is "big": expected major or minor"""),
    (_drop("tricks"), "'tricks' is missing: expected a list of objects"),
    (_set("laws", ["62Z9"]), """'laws[0]' is "62Z9": expected a clause id of the Laws (2017 or 2007"""),
    (_set("laws", ["62B1", "99A"]), """'laws[1]' is "99A": expected a clause id of the Laws"""),
    (_set_in_path("Q something"), """'path[0].actor' is "Q something": expected a string starting with the seat acting"""),
    (_set_in_path(""), """'path[0].actor' is "": expected a string starting with the seat acting"""),
])
@pytest.mark.parametrize("side", ["theirs", "against"])
def test_a_restoration_the_comparison_cannot_read_is_named(ours: Path, tmp_path: Path, change: Callable[[dict[str, Any]], None],
                                                           words: str, side: str) -> None:
    """A field of another engine's restoration of the wrong kind is an error at the record's
    line naming the record, the restoration, the field and its value (either file)."""
    records = _records(ours)[:3]
    change(records[1])
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(json.dumps(rec) + "\n" for rec in records), encoding="utf-8")
    good = tmp_path / "good.jsonl"
    good.write_text("".join(json.dumps(rec) + "\n" for rec in _records(ours)[:3]), encoding="utf-8")
    args = ["score", str(bad), "--against", str(good)] if side == "theirs" else ["score", str(good), "--against", str(bad)]
    res = runner.invoke(app, args)
    assert res.exit_code == 1, res.output
    assert f"{bad}:2: record {records[1]['id']!r}, restoration 1: {words}" in res.output, res.output
    assert "internal error" not in res.output and "Traceback" not in res.output


def test_schema_1_actors_and_every_clause_id_of_either_edition_are_read(ours: Path, tmp_path: Path) -> None:
    """A schema 1 actor (text starting with the seat acting, or TD) is read as the object's
    first seat; a clause id of the 2007 Laws only (16D1) is a clause id as one of 2017 only."""
    from rulings.solver.score import known_clauses

    assert {"16D1", "16C2", "64C1", "45C4(b)"} <= known_clauses()
    records = _records(ours)[:4]
    for rec in records:
        for r in rec["ruling"]["restorations"]:
            for step in r["path"]:
                step["actor"] = step["actor"]["text"]
    theirs = tmp_path / "theirs.jsonl"
    theirs.write_text("".join(json.dumps(rec) + "\n" for rec in records), encoding="utf-8")
    against = tmp_path / "against.jsonl"
    against.write_text("".join(json.dumps(rec) + "\n" for rec in _records(ours)[:4]), encoding="utf-8")
    res = runner.invoke(app, ["score", str(theirs), "--against", str(against), "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["agreed"] == 4


@pytest.mark.parametrize(("lines", "line", "words"), [
    (['{"id": "a", "ruling": {"restorations": []}}', '{"id": "b", "ruling": {"restorations": []}}',
      '{"id": "a", "ruling": {"restorations": []}}'], 3, "duplicate id 'a' (lines 1 and 3)"),
    (['{"id": 7, "ruling": {"restorations": []}}', '{"id": "7", "ruling": {"restorations": []}}'], 2, "duplicate id '7' (lines 1 and 2)"),
    (['{"id": null, "ruling": {"restorations": []}}'], 1, "'id' is null: expected a string or a whole number"),
    (['{"id": ["a"], "ruling": {"restorations": []}}'], 1, """'id' is ["a"]: expected a string or a whole number"""),
    (['{"id": "a", "ruling": {"restorations": [3]}}'], 1, "the record has no 'ruling' with a list of 'restorations'"),
    (['{"id": "a", "ruling": {"restorations": []}}', "[" * 100_000], 2, "not a record: JSON nested too deep"),
])
def test_bad_records_are_located(tmp_path: Path, lines: list[str], line: int, words: str) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    res = runner.invoke(app, ["score", str(bad), "--against", str(bad)])
    assert res.exit_code == 1, res.output
    assert f"{bad}:{line}: {words}" in res.output, res.output
    assert "internal error" not in res.output


def test_a_line_that_is_not_utf8_is_located(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(b'{"id": "a", "ruling": {"restorations": []}}\n{"id": "\xff"}\n')
    res = runner.invoke(app, ["score", str(bad), "--against", str(bad)])
    assert res.exit_code == 1 and f"{bad}:2: line is not UTF-8: byte ff at column 9" in res.output, res.output


def test_coverage_separates_out_of_scope_from_unexercised() -> None:
    res = runner.invoke(app, ["coverage", "cases/revoke", "--json"])
    assert res.exit_code == 0, res.output
    rep = json.loads(res.stdout)["editions"][0]
    cited = implemented("2017")
    assert set(rep["unexercised"]) <= cited and not set(rep["out_of_scope"]) & cited
    assert set(rep["unexercised"]) | set(rep["out_of_scope"]) == set(rep["uncovered"])
    assert "45D1" in rep["unexercised"]  # a misplay rule exists; no revoke case applies it
    assert "67A1" in rep["unexercised"]  # a defective-trick rule exists; no revoke case applies it
    assert "66A" in rep["out_of_scope"]  # inspection of tricks: no rule
    text = runner.invoke(app, ["coverage", "cases/revoke"]).output
    assert "implemented, not exercised by these cases" in text and "out of scope, no rule" in text


def test_each_case_that_disagrees_is_listed_with_what_differs(ours: Path, tmp_path: Path) -> None:
    """Beyond a few examples per clause, the report names every answered case that does not
    agree, with each reason; a missing or extra restoration is said with its outcome (here the
    kind of the penalty card), so the two sides can be told apart."""
    records = _records(ours)
    affected = [rec["id"] for rec in records
                if makes_revoke_penalty_cards_minor(rec["ruling"]["restorations"]) != rec["ruling"]["restorations"]]
    theirs = _theirs(ours, makes_revoke_penalty_cards_minor, tmp_path)
    with theirs.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps({**records[0], "id": "not-ours"}) + "\n")
    report = json.loads(runner.invoke(app, ["score", str(theirs), "--against", str(ours), "--json"]).stdout)
    assert report["disagreed_ids"] == affected == list(report["disagreements"])
    first = report["disagreements"][affected[0]]
    assert first["missing"] == first["extra"] >= 1 and list(first["clauses"]) == ["62B"]
    reasons = first["clauses"]["62B"]
    assert any(r.startswith("missing restoration") and " major" in r for r in reasons), reasons
    assert any(r.startswith("extra restoration") and " minor" in r for r in reasons), reasons
    text = runner.invoke(app, ["score", str(theirs), "--against", str(ours)]).output
    assert f"{len(affected)} answered cases do not agree in full" in text and affected[0] in text
    assert "1 record has no ruling of ours in --against: not-ours" in text
    agreed = json.loads(runner.invoke(app, ["score", str(ours), "--against", str(ours), "--json"]).stdout)
    assert agreed["disagreed_ids"] == [] and agreed["disagreements"] == {}


def test_a_yaml_stream_of_records_is_scored_as_its_json_lines_form(tmp_path: Path) -> None:
    """A set written ``--format yaml`` (a ``.yaml`` file) is read by ``score`` as the JSON lines
    form is, as theirs or as ours (``--against``); a case it cannot read is named at its line."""
    sets = {}
    for fmt in ("jsonl", "yaml"):
        sets[fmt] = tmp_path / f"set.{fmt}"
        res = runner.invoke(app, ["generate", "12", "--kind", "mixed", "--seed", "3", "--with-ruling", "--format", fmt,
                                  "--out", str(sets[fmt]), "--no-progress"])
        assert res.exit_code == 0, res.output
    reports = []
    for args in ([str(sets["yaml"])], [str(sets["yaml"]), "--against", str(sets["jsonl"])],
                 [str(sets["jsonl"]), "--against", str(sets["yaml"])]):
        res = runner.invoke(app, ["score", *args, "--json"])
        assert res.exit_code == 0, res.output
        reports.append(json.loads(res.stdout))
        assert reports[-1]["cases"] == reports[-1]["agreed"] == 12
    assert reports[0]["clauses"] == reports[1]["clauses"] == reports[2]["clauses"]
    text = sets["yaml"].read_text(encoding="utf-8")
    first_card = text.index("  - ", text.index("  play:")) + 4
    bad = tmp_path / "bad.yaml"
    bad.write_text(text[:first_card] + text[first_card:first_card + 2] + "ZZ" + text[first_card + 4:], encoding="utf-8")
    res = runner.invoke(app, ["score", str(bad)])
    assert res.exit_code == 1
    line = text[:first_card].count("\n") + 1
    assert f"bad.yaml:{line}: record 'mixed-3-0000', case: bad card 'ZZ'" in res.output
