"""What ``verify`` and ``solve`` tell a director checking his own ruling written as claims:
the notes that bear on a ruling, claims over no restoration, a recorded choice the Laws do
not give, counterexamples and near misses, clause ids, the table, the JSON and the wording."""

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

from rulings.models.compiled import compiled_build
from rulings.models.errors import NotationError, RulingError
from rulings.solver.casefile import loads
from rulings.solver.claims import parse_claim
from rulings.solver.cli import app
from rulings.solver.export import schema
from rulings.solver.ruling import Ruling

runner = CliRunner()

def _record(head: str, *lines: str) -> str:
    """A case file: ``head`` (the fields before ``play``), then one play line a line."""
    return head + "play:\n" + "".join(f"  - {x}\n" for x in lines)


#: East discards the C5 on dummy's diamond lead at trick 3 holding diamonds (a revoke, not
#: established); West, the revoker's partner, has played after declarer. Line 19: attention.
REVOKE_HEAD = """\
title: East revokes on a diamond; the 62C cascade
laws: 2017
deal: "N:AK72.A63.KQ4.982 QJ9.KJT4.J97.K54 T8654.Q2.A832.AQ 3.9875.T65.JT763"
contract: 4S
declarer: S
"""
REVOKE_PLAY = ("W CJ", "N C2", "E CK", "S CA", "S S4", "W S3", "N SA", "E S9", "N DK", "E C5", "S D2", "W D5", "attention W")


def revoke(*more: str) -> str:
    return _record(REVOKE_HEAD, *REVOKE_PLAY, *more)


#: West leads the C3 out of turn at trick 2 (East won trick 1)
LEAD_OUT_OF_TURN = _record("""\
title: West leads out of turn at trick 2
laws: 2017
deal: "N:Q54.KJ3.AQ72.K84 AJ92.QT76.K3.J95 KT876.A84.J5.AQ2 3.952.T9864.T763"
contract: 4S
declarer: S
""", "W D9", "N D2", "E DK", "S D5", "W C3", "attention S") + "expect:\n"

#: West's heart on a spade lead (line 12), established by his side's play to the next trick;
#: the tricks after it counted (64A2: one trick, won by the offending side after the revoke)
ESTABLISHED = _record("""\
title: West revokes on trick 2, established at trick 3, played to the end
laws: 2017
deal: "N:AK72.A63.KQ4.982 QJ9.KJT4.J97.K54 T8654.Q2.A832.AQ 3.9875.T65.JT763"
contract: 4S
declarer: S
""", "W CJ", "N C2", "E CK", "S CA", "S S4", "W H5", "N SA", "E S9", "N SK", "E SJ", "S S5", "W S3", "remaining NS 7 EW 3",
    "attention S") + "expect:\n"


def _verify(tmp_path: Path, text: str, name: str = "case.yaml") -> tuple[int, str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    res = runner.invoke(app, ["verify", str(path)])
    return res.exit_code, res.output


# ----- a record no restoration can follow ----------------------------------------------------------
#: after the ruling East's D9 stands on trick 3, yet the record has him play it again later
PLAYED_TWICE = revoke("E D9", "S keeps", "resume", "N C8", "E D9", "S CQ", "W C3", "attention S") + """\
expect:
  - always: E penalty C5 major
  - never: established
"""


def test_claims_over_no_restoration_fail_with_the_note_that_says_why(tmp_path: Path) -> None:
    """A record that cannot go on from any restoration has none: an ``always:`` or
    ``never:`` claim is then true of nothing, and fails, pointing at the note (printed)."""
    code, out = _verify(tmp_path, PLAYED_TWICE)
    assert code == 1, out
    assert "FAIL" in out.splitlines()[0] and "0 restorations" in out.splitlines()[0]
    note = next(line for line in out.splitlines() if line.startswith("  note: "))
    assert "no restoration of the ruling before 'resume'" in note and "line 24" in note
    assert out.count("there is no restoration to check it on: see the note of line 24") == 2
    assert out.strip().splitlines()[-1].endswith("2 claims: 0 passed, 2 failed")


def test_count_0_says_the_record_is_not_one_the_laws_allow(tmp_path: Path) -> None:
    """``count 0``: the director expects no restoration; the claims are then checked as
    written (the note still shown)."""
    code, out = _verify(tmp_path, PLAYED_TWICE.replace("expect:\n", "expect:\n  - count 0\n"))
    assert code == 0, out
    assert "  note: line 24: no restoration" in out and "(0 restorations)" in out


def test_verify_shows_a_line_no_rule_rules_on(tmp_path: Path) -> None:
    """Notes of lines the ruling does not take into account are printed by verify too."""
    text = revoke("director finds saw_dummy") + "expect:\n  - always: E withdraws C5\n"
    code, out = _verify(tmp_path, text)
    assert code == 0, out
    assert "  note: line 20: 'director finds saw_dummy' settled nothing: no ruling of any restoration turns on it" in out


# ----- a recorded choice the Laws do not give ------------------------------------------------------
def test_a_change_62c2_forbids_is_an_error_naming_what_was_offered() -> None:
    """West may change under 62C2 only after a non-offending player changed: South kept, so
    'W changes to DT' is a choice the Laws do not offer there, refused at its line as an
    option not offered at a decision is."""
    case = loads(revoke("E D9", "S keeps", "W changes to DT"), file="c.yaml")
    with pytest.raises(RulingError) as caught:
        list(Ruling(case).restorations())
    err = caught.value
    assert err.line == 22
    assert "'W changes to DT' is not a choice the Laws offer here" in str(err)
    assert "62C2: W must leave D5" in str(err) and str(err).endswith("offered: W keeps")


def test_keeping_where_62c2_bars_a_change_settles_the_step() -> None:
    """'W keeps' where West must leave his card is what the Laws require: no note."""
    ruling = Ruling(loads(revoke("E D9", "S keeps", "W keeps")))
    assert len(list(ruling.restorations())) == 1
    assert not ruling.notices


# ----- failed claims: the facts they test, the nearest miss ---------------------------------------
def test_the_counterexample_shows_the_transfer(tmp_path: Path) -> None:
    code, out = _verify(tmp_path, ESTABLISHED + "  - always: transfer 2\n")
    assert code == 1
    line = next(x for x in out.splitlines() if "counterexample:" in x)
    assert "| transfer 1 |" in line


def test_the_counterexample_shows_restrictions_and_no_empty_segment(tmp_path: Path) -> None:
    code, out = _verify(tmp_path, LEAD_OUT_OF_TURN + "  - always: S refuses => restriction E must not lead C\n")
    assert code == 1
    line = next(x for x in out.splitlines() if "counterexample:" in x)
    assert "restrictions E must lead C" in line and "|  |" not in line


def test_a_failed_sometimes_names_the_closest_restoration(tmp_path: Path) -> None:
    code, out = _verify(tmp_path, LEAD_OUT_OF_TURN + "  - sometimes: restriction E must lead C, W penalty C3 major\n")
    assert code == 1
    assert ("(no restoration satisfies it; the closest, restoration 2, fails W penalty C3 major (W C3 was a major penalty card "
            "until declarer's lead choice had W pick it up (50D2(a))))") in out
    closest = next(x for x in out.splitlines() if "closest:" in x and "#" in x)
    assert closest.strip().startswith("closest: #2 |") and "restrictions E must lead C" in closest
    assert out.count("no restoration satisfies it") == 1


def test_one_claim_one_restoration_in_the_singular(tmp_path: Path) -> None:
    code, out = _verify(tmp_path, ESTABLISHED + "  - count 1\n")
    assert code == 0, out
    assert ": 1 claim, 1 restoration  (" in out and "(1 restoration)" in out


# ----- clause ids ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("written", "meant"), [("45C4b", "45C4(b)"), ("45c4(B)", "45C4(b)"), ("62c1", "62C1"),
                                                ("52B1b", "52B1(b)"), ("50d2(a)", "50D2(a)")])
def test_a_clause_id_in_any_case_with_or_without_parentheses(written: str, meant: str) -> None:
    claim = parse_claim(f"always: law {written}")
    assert [str(a) for a in claim.conclusion] == [f"law {meant}"]


@pytest.mark.parametrize(("written", "near"), [("62C", "62C1, 62C2, 62C3"), ("62C9", "62C1, 62C2, 62C3"),
                                               ("L62C1", "62C1")])
def test_an_unknown_clause_says_what_it_may_stand_for(written: str, near: str) -> None:
    with pytest.raises(NotationError, match=f"did you mean {near}"):
        parse_claim(f"always: law {written}", line=7)


@pytest.mark.parametrize(("claim", "edition", "ours"), [("always: W withdraws H5 => law 16C2", "2007", "16D2"),
                                                        ("sometimes: law 16D2", "2017", "16C2"),
                                                        ("always: law 64C", "2017", "64C1"),
                                                        ("never: not law 16C2", "2007", "16D2")])
def test_a_clause_of_the_other_edition_the_claim_needs_is_an_error(claim: str, edition: str, ours: str) -> None:
    with pytest.raises(NotationError, match=f"the {edition} Laws number it {ours}"):
        parse_claim(claim, edition=edition)


def test_a_clause_of_the_other_edition_may_be_denied() -> None:
    """``never: law 16C2`` in a 2007 case says the ruling cites the 2007 number: kept."""
    assert parse_claim("never: law 16C2", edition="2007").conclusion
    assert parse_claim("always: not law 16C2", edition="2007").conclusion
    with pytest.raises(NotationError, match="the 2007 Laws have no such clause"):
        parse_claim("sometimes: law 62C3", edition="2007")


@pytest.mark.parametrize(("edition", "heading", "under"), [("2017", "16C", "16C1, 16C2"), ("2007", "16D", "16D1, 16D2")])
def test_a_heading_cited_only_through_its_clauses_is_an_error_naming_them(edition: str, heading: str, under: str) -> None:
    """``law 16C`` in a 2017 case (the information footer's "(16C)") never holds: the rules
    cite 16C1 and 16C2. Where the claim needs it, an error names them and ``law 16C*``."""
    for claim in (f"always: law {heading}", f"sometimes: S withdraws SA, law {heading}", f"always: law {heading} => lead W",
                  f"never: not law {heading}"):
        with pytest.raises(NotationError, match=rf"heading no rule of the {edition} Laws cites at its own level: the rules "
                                                rf"cite {under} under it; write 'law {heading}\*'"):
            parse_claim(claim, edition=edition)


@pytest.mark.parametrize(("edition", "written", "ours"), [("2007", "16C", r"law 16D\*' \(16D1, 16D2\)"),
                                                          ("2017", "16D", r"law 16C\*' \(16C1, 16C2\)")])
def test_the_other_editions_number_of_withdrawn_information_names_this_editions(edition: str, written: str, ours: str) -> None:
    """2007 16C is extraneous information, which no rule cites; the withdrawn-information
    clause 2017 numbers 16C is 2007's 16D (and the other way round)."""
    with pytest.raises(NotationError, match=f"no rule of the {edition} Laws cites {written} .*is 16[CD] in the {edition} "
                                            f"Laws: write '{ours}"):
        parse_claim(f"always: law {written}", edition=edition)
    with pytest.raises(NotationError, match="never holds"):
        parse_claim(f"always: law {written}*", edition=edition)


def test_a_heading_denied_keeps_its_meaning_with_a_note(tmp_path: Path) -> None:
    """``never: law 16C`` (2017) held before and holds still; its result says why."""
    assert parse_claim("never: law 16C").conclusion and parse_claim("always: not law 16C").conclusion
    code, out = _verify(tmp_path, revoke() + "expect:\n  - never: law 16C\n  - always: law 16C*\n  - never: law 16D*\n")
    assert code == 0, out
    assert "never: law 16C  (no restoration satisfies it; note: clause '16C'" in out and "write 'law 16C*'" in out
    assert "always: law 16C*  (holds in all" in out


@pytest.mark.parametrize(("written", "meant"), [("16c*", "16C*"), ("45C4*", "45C4*"), ("62C*", "62C*"), ("50d2*", "50D2*"),
                                                ("45*", "45*")])
def test_a_clause_and_the_clauses_under_it(written: str, meant: str) -> None:
    assert [str(a) for a in parse_claim(f"always: law {written}").conclusion] == [f"law {meant}"]


@pytest.mark.parametrize(("written", "message"), [("4*", r"bad clause '4\*'"), ("99*", r"unknown clause '99\*'"),
                                                  ("62C3*", "the 2007 Laws have no such clause")])
def test_a_bad_clause_and_the_clauses_under_it(written: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_claim(f"sometimes: law {written}", edition="2007")


@pytest.mark.skipif(compiled_build(), reason="stand-in restorations: a compiled build checks the class of what it is given")
def test_law_star_holds_on_the_clause_or_any_under_it() -> None:
    """``law 50D2`` is the clause itself (unchanged); ``law 50D2*`` the clause or any under
    it; ``law 16C*`` the withdrawn-information clauses 16C1, 16C2."""
    from types import SimpleNamespace

    from rulings.solver.claims import check

    def path(*clauses: str) -> Any:
        return SimpleNamespace(laws=frozenset(clauses), number=1)

    under = [path("56", "50D2(a)")]
    assert check(parse_claim("always: law 50D2*"), under).passed and check(parse_claim("always: law 50D*"), under).passed
    assert not check(parse_claim("sometimes: law 50D2"), under).passed
    assert not check(parse_claim("always: law 50D2*"), [path("56", "50B")]).passed
    assert check(parse_claim("always: law 50D2*"), [path("50D2")]).passed
    assert not check(parse_claim("always: law 45C4*"), [path("45C3")]).passed
    withdrawn = list(Ruling(loads(revoke())).restorations())
    assert check(parse_claim("always: law 16C*"), withdrawn).passed
    assert not check(parse_claim("never: law 16C*"), withdrawn).passed
    restorations = list(Ruling(loads(LEAD_OUT_OF_TURN + "  - count 4\n")).restorations())
    assert check(parse_claim("sometimes: law 50D2*, law 50E1"), restorations).passed
    assert not check(parse_claim("always: law 50D2*"), restorations).passed


@pytest.mark.skipif(compiled_build(), reason="stand-in restorations: a compiled build checks the class of what it is given")
def test_a_failing_clause_whose_clauses_under_it_are_cited_says_so() -> None:
    """``law 50D2`` fails a path citing 50D2(a) only: the message names what it cites and
    ``law 50D2*``."""
    from types import SimpleNamespace

    from rulings.solver.claims import check

    r: Any = SimpleNamespace(laws=frozenset({"56", "50D2(a)"}), number=3)
    why = ("(it cites 50D2(a), under 50D2: 'law 50D2' holds where the path cites 50D2 itself, 'law 50D2*' where it cites "
           "50D2 or any clause under it)")
    assert check(parse_claim("always: law 50D2"), [r]).message == f"restoration 3 does not satisfy it {why}"
    assert check(parse_claim("sometimes: law 50D2, law 56"), [r]).message.endswith(f"fails law 50D2 {why}")
    assert "under" not in check(parse_claim("always: law 62B"), [r]).message


# ----- the path of a restoration -------------------------------------------------------------------
def test_the_step_after_play_with_no_revoke_says_what_its_clause_is() -> None:
    """The count after play with no revoke cites 44C (every player followed suit or could
    not); a path written as clauses says so rather than end in a bare 44C."""
    from rulings.solver.render import restoration_line

    case = Path(__file__).resolve().parent.parent / "cases" / "combined" / "play-at-rho-turn-57d-then-dummy-misplays-45d1-then-claim.yaml"
    from rulings.solver.casefile import load

    (r,) = list(Ruling(load(case)).restorations())
    assert restoration_line(r).endswith("| path 57D > 45D1 > 45D1 > 45D1 > 45D1 > 44C (after play: no revoke)"), restoration_line(r)
    corrected = Path(__file__).resolve().parent.parent / "cases" / "established" / \
        "own-63a4-nos-claim-then-attention-during-the-hand-revoke-corrected-2017.yaml"
    (r,) = list(Ruling(load(corrected)).restorations())
    assert restoration_line(r).endswith("> 62A (after play: revoke corrected)"), restoration_line(r)


# ----- the table, the tree, the JSON ---------------------------------------------------------------
def test_the_table_shows_restrictions(tmp_path: Path) -> None:
    path = tmp_path / "lot.yaml"
    path.write_text(LEAD_OUT_OF_TURN + "  - count 4\n", encoding="utf-8")
    res = runner.invoke(app, ["solve", str(path), "--ascii"], env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    rows = [x for x in res.output.splitlines() if x.startswith("|") and "50D2(a)" in x]
    assert len(rows) == 2 and "E must lead C" in rows[0] and "E must not lead C" in rows[1]
    assert "restrictions" in res.output


def test_the_table_shows_the_transfer(tmp_path: Path) -> None:
    path = tmp_path / "est.yaml"
    path.write_text(ESTABLISHED + "  - count 1\n", encoding="utf-8")
    res = runner.invoke(app, ["solve", str(path), "--ascii"], env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    assert "63A1 > 64A2 (transfer 1)" in res.output


def test_a_long_clause_id_is_apart_from_the_text_of_the_tree(tmp_path: Path) -> None:
    path = tmp_path / "later.yaml"
    path.write_text(revoke("E D9", "S keeps", "resume", "N C8", "E C4", "S CQ", "W C3", "attention S"), encoding="utf-8")
    res = runner.invoke(app, ["solve", str(path), "--ascii"], env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    assert "52B1(b) " in res.output and "52B1(b)E" not in res.output


def test_a_revoke_against_a_57a_duty_names_the_trick_once() -> None:
    case = loads("""\
title: 57A2 lowest required, then broken
laws: 2017
deal: "N:Q54.KJ3.AQ72.K84 AJ92.QT76.K3.J95 KT876.A84.J5.AQ2 3.952.T9864.T763"
contract: 4S
declarer: S
play: [W D9, N D2, E DK, S D5, E H6, S HA, W H2, N H3, S H4, E HQ, attention S, S requires lowest, resume,
       W H9, N HK, E HQ, attention S]
""")
    ruling = Ruling(case)
    list(ruling.restorations())
    (said,) = [i for i in ruling.found_later if "revoked with H9" in i]
    assert said.count("trick 3") == 1 and "he had to play his lowest card of the suit led (57A2)" in said


def _json(tmp_path: Path, text: str) -> dict[str, object]:
    path = tmp_path / "j.yaml"
    path.write_text(text, encoding="utf-8")
    res = runner.invoke(app, ["solve", str(path), "--json"])
    assert res.exit_code == 0, res.output
    data: dict[str, object] = json.loads(res.stdout)
    jsonschema.validate(data, schema())
    return data


def test_json_path_steps_name_their_choice(tmp_path: Path) -> None:
    data = _json(tmp_path, revoke())
    steps = [s for r in data["restorations"] for s in r["path"]]  # type: ignore[attr-defined]
    assert {s["choice"] for s in steps if s["clause"] == "62C1"} >= {"keep", "change to DA"}
    assert all(s["choice"] is None or isinstance(s["choice"], str) for s in steps)


def test_json_to_play_is_null_once_the_record_ends_play(tmp_path: Path) -> None:
    data = _json(tmp_path, ESTABLISHED)
    assert [r["to_play"] for r in data["restorations"]] == [None]  # type: ignore[attr-defined]


def test_json_irregularities_as_data_beside_the_text(tmp_path: Path) -> None:
    data = _json(tmp_path, ESTABLISHED)
    assert data["irregularities"] == [d["text"] for d in data["irregularity_details"]]  # type: ignore[attr-defined]
    assert data["irregularity_details"] == [{"text": data["irregularities"][0], "line": 12, "seat": "W",  # type: ignore[index]
                                             "clause": "63A1"}]
    assert data["found_later_details"] == []


def test_json_notices_have_a_kind(tmp_path: Path) -> None:
    data = _json(tmp_path, PLAYED_TWICE)
    assert [n["kind"] for n in data["notices"]] == ["no_restoration"]  # type: ignore[attr-defined]


def test_new_writes_the_edition_and_a_claims_skeleton(tmp_path: Path) -> None:
    board = Path(__file__).resolve().parent / "data" / "endplay-sample.pbn"
    out = tmp_path / "case.yaml"
    res = runner.invoke(app, ["new", str(board), "--board", "17", "--attention", "N", "--out", str(out)])
    assert res.exit_code == 0, res.output
    text = out.read_text(encoding="utf-8")
    assert "\nlaws: 2017\n" in text and "\n# expect:\n#   - count " in text
    assert runner.invoke(app, ["verify", str(out)]).exit_code == 0


@pytest.mark.parametrize(("flags", "claims"), [(["--expect-count"], "real"), ([], "skeleton")])
def test_new_writes_one_expect_section(tmp_path: Path, flags: list[str], claims: str) -> None:
    """A record with claims (--expect-count) is written with them and no skeleton; one
    without, with the commented skeleton alone."""
    made = runner.invoke(app, ["generate", "2", "--kind", "revoke", "--format", "jsonl", "--seed", "3", *flags,
                               "--out", str(tmp_path / "set.jsonl")])
    assert made.exit_code == 0, made.output
    out = tmp_path / "case.yaml"
    res = runner.invoke(app, ["new", str(tmp_path / "set.jsonl"), "--board", "1", "--out", str(out)])
    assert res.exit_code == 0, res.output
    text = out.read_text(encoding="utf-8")
    if claims == "real":
        assert text.count("expect:") == 1 and "\nexpect:\n- count " in text and "# expect:" not in text, text
        assert runner.invoke(app, ["verify", str(out)]).exit_code == 0
    else:
        assert text.count("expect:") == 1 and "\n# expect:\n" in text, text


# ----- test sets given to verify by name -------------------------------------------------------
@pytest.mark.parametrize("fmt", ["jsonl", "yaml"])
def test_verify_checks_each_record_of_a_test_set_given_by_name(tmp_path: Path, fmt: str) -> None:
    """A test set written with ``--expect-count`` carries a ``count N`` claim a record: verify
    checks each record's claims, reported as FILE#ID, in one process and in two alike; a
    record whose claim is wrong fails under its own name, the others pass."""
    out = tmp_path / f"set.{fmt}"
    made = runner.invoke(app, ["generate", "4", "--kind", "revoke", "--format", fmt, "--expect-count", "--seed", "3",
                               "--out", str(out)])
    assert made.exit_code == 0, made.output
    res = runner.invoke(app, ["verify", str(out)])
    assert res.exit_code == 0, res.output
    assert res.output.count(f"ok   {out}#revoke-") == 4 and res.output.rstrip().endswith("4 claims: 4 passed, 0 failed")
    assert runner.invoke(app, ["verify", "-j", "2", str(out)]).output == res.output
    text = out.read_text()
    wrong = text.replace("count ", "count 9", 1)  # (the first record's count, now a number it is not)
    out.write_text(wrong)
    bad = runner.invoke(app, ["verify", str(out)])
    assert bad.exit_code == 1, bad.output
    heads = [line for line in bad.output.splitlines() if line.startswith("FAIL ")]
    assert len(heads) == 1 and heads[0].startswith(f"FAIL {out}#revoke-3-0000:"), bad.output


def test_verify_names_a_record_of_a_test_set_whose_case_does_not_read(tmp_path: Path) -> None:
    """A record whose case cannot be read is a failed file named FILE#ID with its error
    (line, record); the other records are still verified."""
    out = tmp_path / "set.jsonl"
    made = runner.invoke(app, ["generate", "2", "--kind", "revoke", "--format", "jsonl", "--expect-count", "--seed", "3",
                               "--out", str(out)])
    assert made.exit_code == 0, made.output
    first, second = out.read_text().splitlines()
    rec = json.loads(first)
    rec["case"]["contract"] = "9Z"
    out.write_text(json.dumps(rec) + "\n" + second + "\n")
    res = runner.invoke(app, ["verify", str(out)])
    assert res.exit_code == 1, res.output
    assert f"FAIL {out}#revoke-3-0000: error: {out}:1: record 'revoke-3-0000', case" in " ".join(res.output.split()), res.output
    assert f"ok   {out}#revoke-3-0001" in res.output


def test_a_card_withdrawn_twice_names_each_trick() -> None:
    """A card played, withdrawn, played again and withdrawn again (the S5 taken back under
    62C2 on trick 2, led again as a penalty card against a required heart and taken back under
    62B2 on trick 3) is listed once per withdrawal, each with its trick; a card withdrawn once
    is listed without one."""
    from rulings.solver.casefile import load
    from rulings.solver.render import restoration_line

    name = "revoke-corrected-47d-cascade-then-heart-lead-required-west-leads-his-penalty-card-62b2-2007.yaml"
    case = load(Path(__file__).resolve().parent.parent / "cases" / "combined" / name)
    for r in Ruling(case).restorations():
        assert [(w.seat.name, w.card.text, w.trick) for w in r.withdrawn if w.card.text == "S5"] == [("W", "S5", 2), ("W", "S5", 3)]
        line = restoration_line(r)
        assert "W S5 (trick 2), W S5 (trick 3)" in line and "E H4 (trick" not in line, line
    result = CliRunner().invoke(app, ["solve", "--ascii", str(Path(__file__).resolve().parent.parent / "cases" / "combined" / name)],
                                env={"COLUMNS": "250"})
    assert result.exit_code == 0
    assert "(trick 2)" in result.output and "(trick 3)" in result.output


# ----- what a failed claim on the information ledger or on a law says ------------------------------
def test_a_failed_information_claim_says_what_the_ledger_holds_for_the_card() -> None:
    """``[un]authorized <side> <seat> <card>`` fails with what the restoration's ledger holds
    for that card: its entry (authorized and unauthorized to which side, under which clauses),
    or that it has none on this path, or on any path."""
    from rulings.solver.claims import check

    restorations = list(Ruling(loads(revoke() + "expect:\n")).restorations())
    wrong_side = check(parse_claim("always: unauthorized NS E C5"), restorations).message
    # (East's revoke card, withdrawn and a penalty card: an entry under each law)
    assert wrong_side.endswith("(the ledger has E C5 authorized to NS (16C1), unauthorized to EW (16C2); "
                               "the ledger has E C5 authorized to NS (50E1), unauthorized to EW (50E2))"), wrong_side
    here = check(parse_claim("always: unauthorized EW S D2"), restorations).message
    assert here.endswith("(S D2 is not in its information ledger: this path neither withdraws it nor makes it a penalty card)"), here
    nowhere = check(parse_claim("sometimes: authorized EW N DK"), restorations).message
    assert "fails authorized EW N DK (N DK is in the information ledger of no restoration" in nowhere, nowhere


def test_a_failed_law_claim_names_the_clauses_of_that_law_the_path_cites() -> None:
    """``law <id>`` fails with the clauses of the same law the restoration's path cites, or
    that it cites none of that law (and whether any restoration does)."""
    from rulings.solver.claims import check

    lead = list(Ruling(loads(LEAD_OUT_OF_TURN + "  - count 4\n")).restorations())
    msg = check(parse_claim("always: law 50B => law 50D2(b)"), lead).message
    assert msg == "restoration 2 does not satisfy it (of Law 50 its path cites 50B, 50D, 50D2, 50D2(a), 50E1, 50E2)", msg
    assert check(parse_claim("always: law 50D2(b)"), lead).message == (
        "restoration 1 does not satisfy it (its path cites no clause of Law 50)")
    restorations = list(Ruling(loads(revoke() + "expect:\n")).restorations())
    assert check(parse_claim("always: law 45C1"), restorations).message.endswith(
        "(no restoration's path cites any clause of Law 45)")
