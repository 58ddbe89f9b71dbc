"""Bad input on the command line: a located error (``file:line: ...``) naming the token,
exit code 1 (2 for a bad option), never exit 3 (a bug in bridge-rulings) or a traceback."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from rulings.solver.cli import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]
#: play ends with ``remaining NS 2 EW 0`` at line 17 (trick 11 complete, trick 12 begun)
REMAINING = ROOT / "cases" / "established" / "own-62c3-both-sides-revoke-one-trick-remaining-2007.yaml"
#: play ends with ``S claims 2`` at line 15 (trick 11 complete)
CLAIM = ROOT / "cases" / "established" / "own-64a1-declarer-ruffs-then-claims-2017.yaml"
FULL_DEAL = '"N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"'


def _case(tmp_path: Path, source: Path, old: str, new: str) -> Path:
    text = source.read_text()
    assert old in text
    path = tmp_path / "case.yaml"
    path.write_text(text.replace(old, new))
    return path


# ----- a claim or ``remaining`` line must fit the tricks left (docs/case-format.md) ---------------
@pytest.mark.parametrize(("source", "old", "new", "line", "words"), [
    (CLAIM, "S claims 2", "S claims 5", 15, ["S claims 5 tricks", "only 2 are left", "after trick 11"]),
    (CLAIM, "S claims 2", "S claims 3", 15, ["S claims 3 tricks", "only 2 are left"]),
    (REMAINING, "remaining NS 2 EW 0", "remaining NS 5 EW 0", 17, ["counts 5 tricks", "2 are left", "after trick 11"]),
    (REMAINING, "remaining NS 2 EW 0", "remaining NS 1 EW 0", 17, ["counts 1 trick,", "2 are left"]),
    (REMAINING, "remaining NS 2 EW 0", "remaining EW 2 NS 1", 17, ["counts 3 tricks", "2 are left"]),
])
@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_a_count_after_play_that_does_not_fit_the_tricks_left_is_an_error(
        tmp_path: Path, source: Path, old: str, new: str, line: int, words: list[str], json_flag: list[str]) -> None:
    path = _case(tmp_path, source, old, new)
    res = runner.invoke(app, ["solve", str(path), *json_flag])
    assert res.exit_code == 1, res.output
    assert f"{path}:{line}: " in res.output
    for w in words:
        assert w in res.output, res.output


def test_a_claim_of_all_thirteen_tricks_after_a_trick_is_played_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(f"deal: {FULL_DEAL}\ncontract: 4S\ndeclarer: S\n"
                    "play: [W DQ, N DA, E D4, S D7, N SJ, E H4, S SA, W S5, S claims 13, attention E]\n")
    res = runner.invoke(app, ["solve", str(path)])
    assert res.exit_code == 1, res.output
    assert f"{path}:4: S claims 13 tricks, but only 11 are left to play (after trick 2)" in res.output


def test_a_claim_with_one_trick_left_is_counted_in_the_singular(tmp_path: Path) -> None:
    """After trick 12 one trick is left: the error says so in good English, naming the line."""
    path = tmp_path / "c.yaml"
    path.write_text('laws: 2017\ntrick: 12\nleader: N\ndeal: "N:.2..2 .3.5. A.4.. .A.K."\ncontract: 4S\n'
                    "declarer: S\nplay: [N H2, E H3, S H4, W HA, W claims 2, attention S]\n")
    res = runner.invoke(app, ["solve", str(path)])
    assert res.exit_code == 1, res.output
    assert f"{path}:7: W claims 2 tricks, but only 1 is left to play (after trick 12)" in res.output
    path.write_text(path.read_text().replace("W claims 2", "remaining NS 1 EW 1"))
    res = runner.invoke(app, ["solve", str(path)])
    assert res.exit_code == 1, res.output
    assert "'remaining NS 1 EW 1' counts 2 tricks, but 1 is left to play (after trick 12): NS and EW must add up to 1" in res.output


@pytest.mark.parametrize(("source", "old", "new"), [
    (CLAIM, "S claims 2", "S claims 2"),
    (REMAINING, "remaining NS 2 EW 0", "remaining EW 1 NS 1"),
])
def test_a_count_after_play_that_fits_is_ruled(tmp_path: Path, source: Path, old: str, new: str) -> None:
    res = runner.invoke(app, ["solve", str(_case(tmp_path, source, old, new))])
    assert res.exit_code == 0, res.output
    assert "64" in res.output and "stops before the end of play" not in res.output


@pytest.mark.parametrize(("source", "old", "new", "token"), [
    (CLAIM, "S claims 2", "S claims 14", "14"),
    (CLAIM, "S claims 2", "S claims 99999", "99999"),
    (REMAINING, "remaining NS 2 EW 0", "remaining NS 20 EW 0", "20"),
])
def test_a_number_of_tricks_above_thirteen_is_out_of_range(tmp_path: Path, source: Path, old: str, new: str, token: str) -> None:
    res = runner.invoke(app, ["solve", str(_case(tmp_path, source, old, new))])
    assert res.exit_code == 1, res.output
    assert f"number of tricks {token} out of range" in res.output and "unknown token" not in res.output


@pytest.mark.parametrize("token", ["two", "-1", "²", "1.5"])
def test_a_number_of_tricks_that_is_no_number_is_named(tmp_path: Path, token: str) -> None:
    res = runner.invoke(app, ["solve", str(_case(tmp_path, CLAIM, "S claims 2", f"S claims {token}"))])
    assert res.exit_code == 1, res.output
    assert f"unknown token '{token}'" in res.output and "expected a number of tricks" in res.output


# ----- a claim or ``remaining`` line ends play: nothing goes on after it (docs/case-format.md) -----
@pytest.mark.parametrize(("source", "old", "new", "line", "words"), [
    # a second claim, consistent or not, and a remaining line after a claim or before one
    (CLAIM, "S claims 2", "S claims 2\n  - W claims 0", 16, ["'W claims 0'", "play ended at line 15 ('S claims 2')"]),
    (CLAIM, "S claims 2", "S claims 2\n  - W claims 2", 16, ["'W claims 2'", "one claim or 'remaining' line"]),
    (CLAIM, "S claims 2", "S claims 2\n  - remaining NS 0 EW 2", 16, ["'remaining NS 0 EW 2'", "line 15"]),
    (REMAINING, "remaining NS 2 EW 0", "remaining NS 2 EW 0\n  - S claims 1", 18, ["'S claims 1'", "line 17"]),
    # a card played after it, before attention; play resumed after a ruling
    (CLAIM, "S claims 2", "S claims 2\n  - S SK", 16, ["'S SK'", "no card is played after the end of play"]),
    (CLAIM, "S claims 2", "S claims 2\n  - S calls SA", 16, ["'S calls SA'", "line 15"]),
    (REMAINING, "remaining NS 2 EW 0", "remaining NS 2 EW 0\n  - resume", 18, ["'resume'", "cannot be played on"]),
    # a hand spread after it, before attention (54A: a spread faces the hand to play on)
    (CLAIM, "S claims 2", "S claims 2\n  - S spreads", 16, ["'S spreads'", "line 15", "no hand is spread after the end of play"]),
    (CLAIM, "S claims 2", "S claims 2\n  - N spreads", 16, ["'N spreads'", "line 15"]),
])
@pytest.mark.parametrize("command", ["solve", "verify"])
def test_a_line_after_the_end_of_play_is_an_error(tmp_path: Path, source: Path, old: str, new: str, line: int,
                                                   words: list[str], command: str) -> None:
    path = _case(tmp_path, source, old, new)
    res = runner.invoke(app, [command, str(path)])
    assert res.exit_code == 1, res.output
    assert f"{path}:{line}: " in res.output, res.output
    for w in words:
        assert w in res.output, res.output
    assert "Traceback" not in res.output and "internal error" not in res.output


def test_a_card_line_after_attention_that_follows_a_claim_is_a_choice_of_the_ruling(tmp_path: Path) -> None:
    """After ``attention`` a card line is the substitute a rule offers (62B), not play after the
    claim: a claim before attention does not refuse it."""
    path = tmp_path / "c.yaml"
    path.write_text(f"deal: {FULL_DEAL}\ncontract: 4S\ndeclarer: S\n"
                    "play: [W DQ, N DA, E D4, S D7, N SJ, E H4, S claims 11, attention S, E S9]\n"
                    "expect: [count 1, 'always: E plays S9, E withdraws H4, transfer 0']\n")
    res = runner.invoke(app, ["verify", str(path)])
    assert res.exit_code == 0, res.output


# ----- a claim's ``finding`` must name a finding some rule records (docs/case-format.md) ----------
EXAMPLE = ROOT / "solver" / "data" / "example-47d.yaml"


@pytest.mark.parametrize(("claim", "token"), [
    ("never: finding banana", "banana"),
    ("always: finding banana", "banana"),
    ("sometimes: finding Banana Split", "Banana Split"),
    ("always: not finding banana", "banana"),
    ("always: S withdraws SA => finding played to teh lead", "played to teh lead"),
    ("never: finding banana, S withdraws SA => law 16C2", "banana"),
])
@pytest.mark.parametrize("jobs", [[], ["-j", "2"]])
def test_a_claim_naming_a_finding_no_rule_records_is_an_error(tmp_path: Path, claim: str, token: str, jobs: list[str]) -> None:
    text = EXAMPLE.read_text()
    path = tmp_path / "case.yaml"
    path.write_text(text + f'  - "{claim}"\n')
    line = len(text.splitlines()) + 1
    res = runner.invoke(app, ["verify", str(path), *jobs])
    assert res.exit_code == 1, res.output
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    assert f"{path}:{line}: unknown finding {token.lower()!r} in claim" in res.output, res.output
    assert "Traceback" not in res.output and "internal error" not in res.output


def test_every_finding_a_rule_records_may_be_claimed(tmp_path: Path) -> None:
    """The claim language takes each finding the rule modules declare (FINDINGS), by name."""
    from rulings.solver.rulesets.catalog import findings

    assert {"slip", "rethink", "visible_to_partner", "played to the lead", "proper lead"} <= findings()
    path = tmp_path / "case.yaml"
    path.write_text(EXAMPLE.read_text() + "".join(f'  - "never: finding {f}"\n' for f in sorted(findings())))
    res = runner.invoke(app, ["verify", str(path)])
    assert res.exit_code == 0, res.output
    documented = (ROOT / "docs" / "case-format.md").read_text(encoding="utf-8")
    assert all(f"`{f}`" in documented for f in findings())


# ----- a play line's ``director finds`` must name a finding a rule reads (docs/case-format.md) ------
TRICK_ONE_REVOKE = """laws: 2017
deal: "N:A643.KJT8.92.AK3 2.653.QJT7.T9842 KQ97.Q9.AK54.J75 JT85.A742.863.Q6"
contract: 4S
declarer: S
play:
  - W D3
  - N D2
  - E C2
  - attention S
  - {line}
"""


@pytest.mark.parametrize(("line", "token", "words"), [
    ("director finds next_deal_caled", "next_deal_caled", "unknown finding 'next_deal_caled'"),
    ("director finds something odd", "something odd", "unknown finding 'something odd'"),
    ("director finds Saw Dummy", "Saw Dummy", "unknown finding 'Saw Dummy'"),
    ("director finds equity NS", "director finds equity NS", "expected 'director finds equity <NS|EW> <N>'"),
    ("director finds equity XY 9", "XY", "unknown token 'XY'"),
    ("director finds equity NS 14", "14", "number of tricks 14 out of range"),
    ("director finds incontrovertible", "director finds incontrovertible", "expected 'director finds incontrovertible <card>"),
    ("director finds incontrovertible HZ", "HZ", "bad card 'HZ'"),
])
@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_a_finding_no_rule_reads_is_an_error(tmp_path: Path, line: str, token: str, words: str, json_flag: list[str]) -> None:
    """A misspelt finding would leave the ruling to go on as if the line were not there (a
    trick-12 revoke corrected instead of standing): an error at its line naming the token and,
    for an unknown word, the findings the rules read."""
    path = tmp_path / "case.yaml"
    path.write_text(TRICK_ONE_REVOKE.format(line=line))
    res = runner.invoke(app, ["solve", str(path), *json_flag])
    assert res.exit_code == 1, res.output
    assert f"{path}:10: " in res.output and words in res.output and token in res.output, res.output
    if words.startswith("unknown finding"):
        assert "next_deal_called" in res.output and "equity <NS|EW> <N>" in res.output
    assert "Traceback" not in res.output and "internal error" not in res.output


def test_the_findings_the_rules_read_are_the_play_lines_words() -> None:
    """Every finding a rule reads or a branch records (the words claims test) is one the play
    line takes (models.events.DIRECTOR_FINDINGS), and each is documented."""
    from rulings.models.designation import FINDING_WORDS, TOUCH_WORDS
    from rulings.models.events import DIRECTOR_FINDING_FORMS, DIRECTOR_FINDINGS, PlayLine
    from rulings.solver.establishment import HANDS_BACK
    from rulings.solver.rulesets import exposure, leads
    from rulings.solver.rulesets.catalog import findings

    read = {*FINDING_WORDS, *TOUCH_WORDS, *HANDS_BACK, *exposure.FINDINGS, leads.SAW_DUMMY, leads.FINDING_ACCEPTED,
            leads.FINDING_PROPER_LEAD}
    assert read | findings() == DIRECTOR_FINDINGS
    documented = (ROOT / "docs" / "case-format.md").read_text(encoding="utf-8")
    for f in sorted(DIRECTOR_FINDINGS):
        assert PlayLine.parse(f"director finds {f}").finding == f  # type: ignore[union-attr]
        assert f"{f}`" in documented or f"`{f}" in documented or f"|{f}" in documented, f
    for form in DIRECTOR_FINDING_FORMS.values():
        assert form.split()[0] in documented


# ----- --scheduler: read before any work is done or any output file opened ----------------------
@pytest.mark.parametrize("address", ["notaurl", "tcp://host:port", "foo://x:1"])
def test_generate_with_a_bad_scheduler_address_keeps_the_output_file(tmp_path: Path, address: str) -> None:
    pytest.importorskip("distributed")
    out = tmp_path / "keep.jsonl"
    out.write_text("kept\n")
    res = runner.invoke(app, ["generate", "3", "--scheduler", address, "--format", "jsonl", "--out", str(out)])
    assert res.exit_code == 2, res.output
    assert f"--scheduler '{address}'" in res.output and "internal error" not in res.output
    assert out.read_text() == "kept\n"


def test_verify_with_a_bad_scheduler_address_is_a_usage_error() -> None:
    pytest.importorskip("distributed")
    res = runner.invoke(app, ["verify", str(CLAIM), "--scheduler", "notaurl"])
    assert res.exit_code == 2, res.output
    assert "--scheduler 'notaurl': not a scheduler address" in res.output


def test_a_scheduler_not_reached_is_an_error_that_keeps_the_output_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("distributed")
    from rulings.solver import parallel

    def unreachable(*args: object, **kwargs: object) -> object:
        raise parallel.SchedulerError("cannot reach the Dask scheduler at 'tcp://127.0.0.1:1': timed out")

    monkeypatch.setattr(parallel, "ordered_map", unreachable)
    out = tmp_path / "keep.jsonl"
    out.write_text("kept\n")
    res = runner.invoke(app, ["generate", "3", "--scheduler", "tcp://127.0.0.1:1", "--format", "jsonl", "--out", str(out)])
    assert res.exit_code == 1, res.output
    assert "cannot reach the Dask scheduler" in res.output
    assert out.read_text() == "kept\n"


# ----- output paths: checked before the work, exit 1 naming the file and the option --------------
@pytest.mark.parametrize("make_args", [
    lambda p: ["generate", "3", "--format", "jsonl", "--out", str(p / "no-such-dir" / "x.jsonl")],
    lambda p: ["generate", "3", "--format", "pbn", "--out", str(p)],
    lambda p: ["new", str(ROOT / "tests" / "data" / "marked-revoke.pbn"), "--out", str(p / "no-such-dir" / "x.yaml")],
    lambda p: ["new", str(ROOT / "tests" / "data" / "marked-revoke.pbn"), "--out", str(p)],
    lambda p: ["verify", str(CLAIM), "--junit", str(p / "no-such-dir" / "j.xml")],
    lambda p: ["verify", str(CLAIM), "--junit", str(p)],
    lambda p: ["solve", str(CLAIM), "--pbn", str(p / "no-such-dir" / "x.pbn")],
    lambda p: ["solve", str(CLAIM), "--lin", str(p / "no-such-dir" / "x.lin")],
    lambda p: ["generate", "3", "--format", "lin", "--full-hand", "--out", str(p)],
    lambda p: ["solve", str(CLAIM), "--graph", str(p / "no-such-dir" / "x.dot")],
])
def test_an_output_path_that_cannot_be_written_is_an_error(tmp_path: Path, make_args: Any) -> None:
    args = make_args(tmp_path)
    res = runner.invoke(app, args)
    assert res.exit_code == 1, res.output
    assert f"error: {args[-1]}: " in res.output and args[-2] in res.output
    assert "internal error" not in res.output
    # checked before the work: nothing was verified, solved or generated
    assert "passed" not in res.output and "wrote" not in res.output and "restoration" not in res.output


def test_a_file_given_as_the_directory_of_generated_cases_is_an_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    res = runner.invoke(app, ["generate", "2", "--out", str(blocker / "cases")])
    assert res.exit_code == 1, res.output
    assert "internal error" not in res.output and "(--out)" in res.output


# ----- coverage: the same exit code with and without --json ---------------------------------------
@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_coverage_of_a_directory_with_a_bad_file_exits_1(tmp_path: Path, json_flag: list[str]) -> None:
    (tmp_path / "good.yaml").write_text(CLAIM.read_text())
    (tmp_path / "bad.yaml").write_text("deal: x\n")
    res = runner.invoke(app, ["coverage", str(tmp_path), *json_flag])
    assert res.exit_code == 1, res.output
    assert "bad.yaml" in res.output


# ----- solve --pbn: the games numbered 1 to N ------------------------------------------------------
def test_solve_pbn_numbers_the_restorations_one_to_n(tmp_path: Path) -> None:
    out = tmp_path / "r.pbn"
    res = runner.invoke(app, ["solve", "--pbn", str(out)])  # the bundled case: 21 restorations
    assert res.exit_code == 0, res.output
    boards = [line for line in out.read_text().splitlines() if line.startswith("[Board ")]
    assert boards == [f'[Board "{n}"]' for n in range(1, 22)]


def _refused_at(tmp_path: Path, play: str, line: int, words: list[str], command: list[str]) -> None:
    """A 4S-by-South record with ``play`` is refused by ``command`` at ``line``, naming ``words``."""
    path = tmp_path / "c.yaml"
    path.write_text(f"title: t\ndeal: {FULL_DEAL}\ncontract: 4S\ndeclarer: S\nplay: {play}\n")
    res = runner.invoke(app, [*command, str(path)])
    assert res.exit_code == 1, res.output
    assert f"{path}:{line}: " in res.output and "Traceback" not in res.output
    for w in words:
        assert w in res.output, res.output


# ----- only declarer designates dummy's cards (45B, 46): a ``calls`` line by another seat --------
@pytest.mark.parametrize(("play", "line", "words"), [
    ("[W DQ, N DA, E D4, S D7, N calls S3, attention E]", 5, ["'N calls S3': N is dummy", "only declarer (S)", "'S calls S3'"]),
    ("[W DQ, N DA, E D4, S D7, N calls low, attention E]", 5, ["'N calls low': N is dummy"]),
    ("[W DQ, N DA, E D4, S D7, N S3, E calls S2, attention W]", 5, ["'E calls S2': E is a defender", "only declarer (S)"]),
    # a later part, no opening lead out of turn: dummy cannot have become declarer (54A)
    ("[W DQ, N DA, E D4, S D7, attention E, resume, N calls S3, attention E]", 5, ["'N calls S3': N is dummy"]),
])
@pytest.mark.parametrize("command", [["solve"], ["solve", "--json"], ["verify"]])
def test_a_call_by_a_seat_other_than_declarer_is_an_error(tmp_path: Path, play: str, line: int, words: list[str],
                                                          command: list[str]) -> None:
    _refused_at(tmp_path, play, line, words, command)


# ----- only declarer changes a designation of dummy's card (45C4(b)): a ``changes to`` line by dummy --
_BLOCK = "\n" + "".join(f"  - {x}\n" for x in ["W DQ", "N DA", "E D4", "S D7", "S calls C2"])


@pytest.mark.parametrize(("play", "line", "words"), [
    # (line 11 of the file: the change line, not dummy's card on the line after it)
    (_BLOCK + "  - N changes to H2 slip\n  - N C2\n  - attention E", 11,
     ["'N changes to H2 slip': N is dummy", "43A1(c)", "only declarer (S)", "45C4(b)", "'S changes to H2'"]),
    (_BLOCK + "  - N C2\n  - N changes to C3\n  - attention E", 12, ["'N changes to C3': N is dummy"]),
    ("[W DQ, N DA, E D4, S D7, attention E, resume, S calls S3, N changes to S4, attention E]", 5,
     ["'N changes to S4': N is dummy"]),
])
@pytest.mark.parametrize("command", [["solve"], ["solve", "--json"], ["verify"]])
def test_a_change_of_designation_by_dummy_is_an_error(tmp_path: Path, play: str, line: int, words: list[str],
                                                      command: list[str]) -> None:
    _refused_at(tmp_path, play, line, words, command)


# ----- a change of designation names another card (45C4(b)) --------------------------------------
@pytest.mark.parametrize(("play", "line", "words"), [
    (_BLOCK + "  - S changes to C2 slip\n  - N C2\n  - attention E", 11,
     ["'S changes to C2 slip': C2 is the card S's designation already names ('S calls C2', line 10)",
      "names another card (45C4(b))"]),
    # other seats' lines between the designation and the change: the change concerns it all the same
    (_BLOCK + "  - E C5\n  - S changes to C2\n  - attention E", 12,
     ["'S changes to C2': C2 is the card S's designation already names ('S calls C2', line 10)"]),
    (_BLOCK + "  - S changes to H2\n  - E H5\n  - S changes to H2 slip\n  - attention E", 13,
     ["'S changes to H2 slip': H2 is the card S's designation already names ('S changes to H2', line 11)"]),
    (_BLOCK + "  - S changes to H2\n  - director finds slip\n  - S changes to H2\n  - attention E", 13,
     ["'S changes to H2': H2 is the card"]),
    ("[W DQ, N DA, E D4, S names D7, S changes to D7, attention E]", 5, ["'S changes to D7': D7 is the card", "'S names D7'"]),
])
@pytest.mark.parametrize("command", [["solve"], ["verify"]])
def test_a_change_to_the_card_already_designated_is_an_error(tmp_path: Path, play: str, line: int, words: list[str],
                                                             command: list[str]) -> None:
    _refused_at(tmp_path, play, line, words, command)


@pytest.mark.parametrize("play", [
    "[W DQ, N DA, E D4, S D7, S calls C2, S changes to H2, S changes to C2, attention E]",  # back to the first card
    "[W DQ, N DA, E D4, S D7, S calls C2, N C2, attention E, S changes to C2]",  # after attention: a choice line
])
def test_a_change_back_to_an_earlier_card_is_read(tmp_path: Path, play: str) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(f"title: t\ndeal: {FULL_DEAL}\ncontract: 4S\ndeclarer: S\nplay: {play}\n")
    res = runner.invoke(app, ["solve", str(path)])
    assert "changes nothing" not in res.output and "already names" not in res.output, res.output
    assert "Traceback" not in res.output


# ----- a call whose card 46B leaves to a choice, the record playing on past its trick ---------------
@pytest.mark.parametrize(("play", "words"), [
    ("[W DQ, S calls anything, E D4, S D7, N S3, attention E]",
     ["'S calls anything'", "either defender designates", "46B5: D2 D3 DA", "past trick 1", "('N <card>')"]),
    ("[W DQ, S calls D9, E D4, S D7, N S3, attention E]", ["'S calls D9'", "D9 is not in dummy", "46B4: D2 D3 DA"]),
    ("[W DQ, N DA, E D4, S D7, S calls four, E S2, S SA, W S5, N S3, attention E]",
     ["'S calls 4'", "declarer says which", "46B3(b): C4 S4", "past trick 2"]),
    # (dummy's card after the three others' cards of the trick is his card to the next trick)
    ("[W DQ, S calls anything, E D4, S D7, N D2, attention E]", ["'S calls anything'", "past trick 1"]),
    # (a finding naming a card dummy cannot play: the call designates nothing, said as with no play after it)
    ("[W DQ, S calls diamond, director finds incontrovertible DA DK, E D4, S D7, N S3, attention E]",
     ["incontrovertible card 'DK' is not a lawful card of dummy N"]),
])
@pytest.mark.parametrize("command", [["solve"], ["solve", "--json"], ["verify"]])
def test_a_call_left_to_a_choice_with_no_line_for_dummys_card_is_an_error_once_play_goes_on(
        tmp_path: Path, play: str, words: list[str], command: list[str]) -> None:
    """46B3(b), 46B4, 46B5: the call designates no one card, and the record plays on past its
    trick without saying dummy's card: the record must say it (docs/case-format.md)."""
    _refused_at(tmp_path, play, 5, words, command)


def test_a_call_whose_card_a_decision_settles_with_no_line_for_dummys_card_is_an_error_once_play_goes_on(
        tmp_path: Path) -> None:
    """'spade' while dummy must follow hearts with his one heart: the H3 (46B4 by analogy), or
    the lowest spade, a revoke, as docs/decisions.md ``designation_unexecutable_is_invalid``
    reads it; the record plays on to trick 13 without saying which card dummy played."""
    path = tmp_path / "c.yaml"
    path.write_text('title: t\ntrick: 12\nleader: W\nwon: {NS: 9, EW: 2}\ndeal: "N:2.3.-.- -.54.-.- A.A.-.- -.J.K.-"\n'
                    "contract: 4S\ndeclarer: S\nplay: [W HJ, S calls spade, E H4, S HA, S SA, W DK, N S2, E H5]\n")
    for command in (["solve"], ["verify"]):
        res = runner.invoke(app, [*command, str(path)])
        assert res.exit_code == 1 and f"{path}:8: " in res.output and "Traceback" not in res.output, res.output
        assert "'S calls S'" in res.output and "designation_" in res.output and "past trick 12" in res.output
    # dummy's card written: ruled as 46B4 gives it, the same ruling as with the record stopping in the trick
    path.write_text(path.read_text().replace("S calls spade, E H4", "S calls spade, N H3, E H4"))
    res = runner.invoke(app, ["solve", str(path)])
    assert res.exit_code == 0 and "46B4" in res.output and "45D" not in res.output, res.output


@pytest.mark.parametrize(("play", "clause"), [
    ("[W DQ, S calls anything, E D4, S D7, attention E]", "46B5"),  # (the record stops within the trick)
    ("[W DQ, S calls anything, N D3, E D4, S D7, N S3, attention E]", "46B5"),  # (dummy's card written)
    # (declarer's change of designation to a card of dummy's: that card is on the trick; made
    # at once and found a slip, it withdraws the call before a defender designated, 45C4(b))
    ("[W DQ, S calls anything, S changes to DA slip, E D4, S D7, N S3, E S2, S SA, W S5, attention E]", "45C4(b)"),
])
def test_a_call_left_to_a_choice_is_read_where_the_record_needs_no_card_of_dummys(tmp_path: Path, play: str,
                                                                                   clause: str) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(f"title: t\ndeal: {FULL_DEAL}\ncontract: 4S\ndeclarer: S\nplay: {play}\n")
    res = runner.invoke(app, ["solve", str(path)])
    assert res.exit_code == 0 and clause in res.output and "Traceback" not in res.output, res.output


# ----- dummy takes no part in the play (43A1(c)): a ``claims`` line by dummy -------------------------
@pytest.mark.parametrize(("play", "line", "words"), [
    ("[W DQ, N DA, E D4, S D7, N claims 12, attention E]", 5,
     ["'N claims 12': N is dummy", "43A1(c)", "declarer's or a defender's (68A)", "'S claims 12'"]),
    ("[W DQ, N DA, E D4, S D7, attention E, resume, N S3, E S2, S SA, W S4, N claims 11]", 5, ["'N claims 11': N is dummy"]),
])
@pytest.mark.parametrize("command", [["solve"], ["verify"]])
def test_a_claim_by_dummy_is_an_error(tmp_path: Path, play: str, line: int, words: list[str], command: list[str]) -> None:
    _refused_at(tmp_path, play, line, words, command)


@pytest.mark.parametrize(("play", "error"), [
    # declarer spread his hand (54A): North is declarer and may claim; South is dummy
    ("[E SQ, S spreads, S S2, W S7, N SA, S claims 10, attention E]",
     ["'S claims 10': S is dummy after his spread (54A)", "'N claims 10'"]),
    ("[E SQ, S spreads, S S2, W S7, N SA, N claims 10, attention E]", None),
    # declarer accepted the lead: he stays declarer (54B), North is dummy
    ("[E SQ, S accepts, S S2, W S7, N SA, N claims 10, attention E]", ["'N claims 10': N is dummy", "'S claims 10'"]),
    # nothing said about the lead: after resume the ruling's path decides who is declarer
    ("[E SQ, attention W, resume, S S2, W S7, N SA, W claims 2, N claims 10]", ["play ended at line 5"]),
    ("[E SQ, attention W, resume, S S2, W S7, N SA, N claims 10]", None),
    ("[E SQ, attention W, resume, S S2, W S7, N SA, S claims 10]", None),
])
def test_a_claim_by_the_seat_54a_leaves_dummy_is_an_error(tmp_path: Path, play: str, error: list[str] | None) -> None:
    """After an opening lead out of turn, declarer's recorded choice settles who is dummy, and
    dummy's claim is refused: after his spread his partner is declarer (54A)."""
    path = tmp_path / "c.yaml"
    path.write_text(f"title: t\ndeal: {_LOOT_DEAL}\ncontract: 4H\ndeclarer: S\nplay: {play}\n")
    res = runner.invoke(app, ["solve", str(path)])
    if error is None:
        assert res.exit_code == 0, res.output
        return
    assert res.exit_code == 1, res.output
    assert f"{path}:5: " in res.output and "Traceback" not in res.output
    for w in error:
        assert w in res.output, res.output


def test_a_call_by_dummy_after_an_opening_lead_out_of_turn_and_resume_is_read(tmp_path: Path) -> None:
    """North leads out of turn at trick 1; where declarer (East) spreads his hand (54A), West
    is declarer in the part played on after ``resume``, so his call is a designation there."""
    path = tmp_path / "c.yaml"
    path.write_text("title: t\ndeal: N:JT962.AQ7.KT95.3 Q83.KJ32.J4.T654 K5.T854.762.KQ92 A74.96.AQ83.AJ87\n"
                    "contract: 4SXX\ndeclarer: E\n"
                    "play: [N ST, attention W, resume, E S3, S SK, W SA, W H9, N HA, W calls H2, S H4, attention S]\n")
    res = runner.invoke(app, ["solve", str(path)])
    assert res.exit_code == 0, res.output
    from rulings.models.cards import Card, Seat
    from rulings.solver.casefile import load
    from rulings.solver.ruling import Ruling

    spread = [r for r in Ruling(load(path)).restorations() if r.path[0].clause == "54A"]
    assert spread and all(r.card_of(Seat.E, 2) == Card.parse("H2") for r in spread)


_LOOT_DEAL = '"N:AK4.763.KQJ5.963 QJ65.K94.843.KJ2 32.AJT82.A6.AQ87 T987.Q5.T972.T54"'


@pytest.mark.parametrize(("play", "words"), [
    # declarer accepted East's opening lead out of turn: he stays declarer (54B), North is dummy
    ("[E SQ, attention S, S accepts, resume, S S2, W S7, N calls SA, N SA, attention E]",
     ["'N calls SA': N is dummy", "only declarer (S)"]),
    # declarer spread his hand (54A): North is declarer, South dummy, in the record as after a resume
    ("[E SQ, S spreads, S calls S2, S S2, W S7, N SA, attention E]",
     ["'S calls S2': S is dummy after his spread (54A)", "only declarer (N)", "'N calls S2'"]),
    ("[E SQ, attention W, S spreads, resume, S calls S2, S S2, W S7, N SA, attention E]",
     ["'S calls S2': S is dummy after his spread (54A)", "only declarer (N)"]),
])
def test_a_call_by_the_seat_54a_leaves_dummy_is_an_error(tmp_path: Path, play: str, words: list[str]) -> None:
    """After an opening lead out of turn, declarer's recorded choice settles who designates
    dummy's cards: after his acceptance he does; after his spread his partner does (54A)."""
    path = tmp_path / "c.yaml"
    path.write_text(f"title: t\ndeal: {_LOOT_DEAL}\ncontract: 4H\ndeclarer: S\nplay: {play}\n")
    res = runner.invoke(app, ["solve", str(path)])
    assert res.exit_code == 1, res.output
    assert f"{path}:5: " in res.output and "Traceback" not in res.output
    for w in words:
        assert w in res.output, res.output


# ----- an error names the word at fault and lists what is accepted there ---------------------------
@pytest.mark.parametrize(("line", "words"), [
    ("E plays H5 simultanous", ["unknown token 'simultanous' in play line 'E plays H5 simultanous'",
                                "expected a card, 'fifth' or 'simultaneous'"]),
    ("E H5 simultanous", ["unknown token 'simultanous' in play line 'E H5 simultanous'",
                          "'<seat> <card>' takes nothing after the card", "simultaneous"]),
    ("E plyas H5", ["unknown token 'plyas' in play line 'E plyas H5'", "expected a card or one of claims, keeps",
                    "plays", "exposes"]),
    ("E plays H5", ["play line 'E plays H5': 'plays' goes with 'fifth' or 'simultaneous' ('<seat> plays <card> fifth",
                    "a card played in turn is '<seat> <card>'"]),
    ("E names", ["play line 'E names': expected '<seat> names <card> [to play]'"]),
    ("S calls wim", ["bad designation 'wim' in play line 'S calls wim'", "expected a card (SQ), a suit, a rank, high, low, win",
                     "take for win"]),
])
def test_a_bad_play_line_names_the_word_at_fault(tmp_path: Path, line: str, words: list[str]) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(TRICK_ONE_REVOKE.format(line=line))
    res = runner.invoke(app, ["solve", str(path)])
    assert res.exit_code == 1, res.output
    said = " ".join(res.output.split())
    assert f"{path}:10: " in said and all(w in said for w in words), said
    assert "unknown token 'plays'" not in said and "unknown token 'E'" not in said and "Traceback" not in said


@pytest.mark.parametrize(("claim", "words"), [
    ("always: transfer one", ["unknown token 'one'", "expected a number of tricks ('transfer <N>')"]),
    ("always: tranfer 1", ["unknown token 'tranfer'", "transfer <N>", "equity", "authorized <NS|EW> <seat> <card>",
                           "restriction <seat> must lead <suit>", "<seat> accepts|refuses", "declarer <seat>"]),
    ("always: S withdrawn SA", ["unknown token 'withdrawn'", "expected plays, withdraws, penalty, accepts, refuses, must after the seat"]),
    ("always: restriction W shall lead S", ["bad atom 'restriction W shall lead S'",
                                            "expected 'restriction <seat> must lead <suit>' or"]),
    ("always: lead", ["bad atom 'lead'", "expected 'lead <seat>'"]),
])
def test_a_bad_claim_names_the_word_at_fault(tmp_path: Path, claim: str, words: list[str]) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(EXAMPLE.read_text() + f'  - "{claim}"\n')
    res = runner.invoke(app, ["verify", str(path)])
    assert res.exit_code == 1, res.output
    said = " ".join(res.output.split())
    assert f"in claim '{claim}'" in said and all(w in said for w in words), said


# ----- ``resume`` ends the ruling made at its part's ``attention`` line (docs/case-format.md) ------
PLAYED_ON = ROOT / "cases" / "combined" / (
    "own-45d1-62b1-52b2-penalty-card-changed-to-its-honour-then-partner-plays-a-card-over-his-revoke-card-played-on.yaml")


@pytest.mark.parametrize(("old", "new", "line", "words"), [
    # a second resume in a row: the lines after it would be read as a part following no ruling
    ("  - resume\n  - N CA", "  - resume\n  - resume\n  - N CA", 22, ["the 'resume' at line 21", "ends none"]),
    # a resume before any attention line
    ("  - S D5\n", "  - resume\n  - S D5\n", 12, ["the record's first line", "ends none"]),
])
@pytest.mark.parametrize("command", ["solve", "verify"])
def test_a_resume_with_no_attention_in_its_part_is_an_error(tmp_path: Path, old: str, new: str, line: int,
                                                            words: list[str], command: str) -> None:
    path = _case(tmp_path, PLAYED_ON, old, new)
    res = runner.invoke(app, [command, str(path)])
    assert res.exit_code == 1, res.output
    assert f"{path}:{line}: 'resume': no 'attention' line since " in res.output, res.output
    for w in words:
        assert w in res.output, res.output
    assert "Traceback" not in res.output and "internal error" not in res.output
