"""A fifth card the director finds led (45E) is ruled as the same lead made with a play line:
its later cards, recorded choices and findings read the same way, and nothing the table as
played shows only because the card is missing from it is listed as an irregularity."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulings.models.errors import RulingError
from rulings.models.events import FifthCard, Play
from rulings.solver.casefile import load, loads
from rulings.solver.cli import app
from rulings.solver.ruling import Ruling

CASES = Path(__file__).resolve().parents[1] / "cases"
runner = CliRunner()

HEAD = """title: t
source: s
laws: 2017
deal: "N:96.KJ4.A843.Q632 KQT5.732.T95.A87 A83.AT86.J2.JT94 J742.Q95.KQ76.K5"
contract: 4H
declarer: S
"""
#: four tricks, West winning the fourth with the DQ (West is to lead trick 5)
TRICKS = "W DK, N D3, E D5, S D2, W SJ, N S6, E S5, S S3, W HQ, N H4, E H2, S H6, W DQ, N D4, E D9, S DJ"

LED = sorted([*CASES.glob("combined/fifth-card-led-*.yaml"), *CASES.glob("combined/declarer-fifth-card-*.yaml"),
              *CASES.glob("combined/fifth-card-no-finding-*.yaml"), *CASES.glob("combined/*fifth-card-led-to-trick-13*.yaml")])


def _solve(text: str) -> tuple[Ruling, list[str]]:
    ruling = Ruling(loads(HEAD + text))
    keys = [r.key() for r in ruling.restorations()]
    return ruling, keys


def _notices(ruling: Ruling) -> str:
    return "\n".join(str(n) for n in ruling.notices)


@pytest.mark.parametrize("path", LED, ids=lambda p: p.stem)
def test_every_line_is_read_and_no_phantom_is_listed(path: Path) -> None:
    ruling = Ruling(load(path))
    assert list(ruling.restorations())
    assert "not yet ruled" not in _notices(ruling)
    # (a card after the fifth card found led that follows it is no failure to follow suit,
    # and the card the table as played shows leading that trick is no lead out of turn)
    listed = (*ruling.irregularities, *ruling.found_later)
    assert not [i for i in listed if "not established" in i], listed
    events = list(ruling.case.events)
    at = next(i for i, e in enumerate(events) if isinstance(e, FifthCard))
    after = next((e for e in events[at:] if isinstance(e, Play)), None)
    if after is not None:
        assert not [i for i in ruling.irregularities if i.startswith(f"{after.seat} led {after.card}")], ruling.irregularities


def test_led_is_ruled_as_the_same_play_line() -> None:
    """The same choices, after attention or before it, give the same restorations (but for
    the 45E step) as the same lead made with a play line."""
    for choices in ("attention S, S refuses, S forbids S", "S refuses, S forbids S, attention W",
                    "attention S, S accepts", "S SA, W S2, N S9, attention W", "attention S, S requires S"):
        fifth, a = _solve(f"play: [{TRICKS}, E plays SK fifth, director finds led, {choices}]")
        plain, b = _solve(f"play: [{TRICKS}, E SK, {choices}]")
        assert len(a) == len(b) == 1, choices
        assert "not yet ruled" not in _notices(fifth) and "not yet ruled" not in _notices(plain), choices
        assert [s.clause for s in next(iter(fifth.restorations())).path][1:] == \
            [s.clause for s in next(iter(plain.restorations())).path], choices


def test_a_line_no_path_reads_is_still_said() -> None:
    """Found played to the trick, the SK is a penalty card: there is no lead to accept, and
    the line is said once the paths are enumerated (and by the text output, after them)."""
    text = f"play: [{TRICKS}, E plays SK fifth, director finds played, attention W, S accepts]"
    ruling, _ = _solve(text)
    assert "'S accepts' settled nothing" in _notices(ruling)
    for extra in ([], ["--limit", "1"], ["--json"]):
        res = runner.invoke(app, ["solve", "-", *extra], input=HEAD + text)
        assert res.exit_code == 0, res.output
        words = " ".join(res.stdout.split())
        said = "'S accepts' settled nothing" if extra != ["--json"] else "\"'S accepts' settled nothing"
        assert said in words, (extra, words)


def test_read_on_one_path_is_not_said() -> None:
    """Without a finding, 'S refuses' is read where the SK is found led and nowhere else:
    a line some path reads is ruled."""
    ruling, keys = _solve(f"play: [{TRICKS}, E plays SK fifth, attention W, S refuses, S forbids S]")
    assert len(keys) == 2
    assert "not yet ruled" not in _notices(ruling)


def _lead_options(ruling: Ruling) -> list[int]:
    """For each restoration, how many of declarer's 50D2/51B decisions its path holds."""
    return [sum(1 for s in r.path if "is to lead while" in s.question or s.question == "declarer's lead options (50D2)")
            for r in ruling.restorations()]


@pytest.mark.parametrize("choices", [
    "attention S, S chooses refuse, S chooses forbid S",
    "attention S, S chooses forbid S",
    "attention S, S refuses, S chooses forbid S",
    "attention S, S chooses refuse, S forbids S",
    "attention S, S chooses refuse, S chooses no restriction",
    "attention S, S chooses refuse, S chooses require S",
])
def test_chooses_lines_are_read_as_after_the_same_play_line(choices: str) -> None:
    """Declarer's choices written in the ``chooses`` form settle the ruling of a fifth card
    found led as they settle the same lead made with a play line: the refusal (stated, or
    said by his 50D2 choice, which only a refused lead brings, 56) and one 50D2 decision at
    the proper leader's lead, each line read once."""
    fifth, a = _solve(f"play: [{TRICKS}, E plays SK fifth, director finds led, {choices}]")
    plain, b = _solve(f"play: [{TRICKS}, E SK, {choices}]")
    assert len(a) == len(b) == 1, choices
    for ruling in (fifth, plain):
        assert "not yet ruled" not in _notices(ruling) and "settled nothing" not in _notices(ruling), (choices, _notices(ruling))
        assert _lead_options(ruling) == [1], choices
    steps = [(s.clause, s.choice) for s in next(iter(fifth.restorations())).path]
    assert steps[1:] == [(s.clause, s.choice) for s in next(iter(plain.restorations())).path], choices


def test_a_stated_acceptance_leaves_the_50d2_line_unread() -> None:
    """Accepted (``S chooses accept``), the lead stands and no 50D2 choice follows: declarer's
    'chooses forbid S' settles nothing, after a fifth card found led as after a play line."""
    fifth, a = _solve(f"play: [{TRICKS}, E plays SK fifth, director finds led, attention S, S chooses accept, S chooses forbid S]")
    plain, b = _solve(f"play: [{TRICKS}, E SK, attention S, S chooses accept, S chooses forbid S]")
    assert len(a) == len(b) == 1
    assert _lead_options(fifth) == _lead_options(plain) == [0]
    for ruling in (fifth, plain):
        assert "'S chooses forbid s' settled nothing" in _notices(ruling), _notices(ruling)


@pytest.mark.parametrize("second", ["S chooses require S", "S chooses no restriction", "S chooses refuse",
                                    "S chooses forbid H", "W chooses forbid S"])
def test_a_choice_after_the_acceptance_is_said_as_after_the_same_play_line(second: str) -> None:
    """After ``S chooses accept`` no decision is due at all (no penalty card, so no 50D2
    option; the lead decided): a later recorded choice of any player settles nothing and is
    said, after a fifth card found led as after a play line, never dropped."""
    fifth, a = _solve(f"play: [{TRICKS}, E plays SK fifth, director finds led, attention S, S chooses accept, {second}]")
    plain, b = _solve(f"play: [{TRICKS}, E SK, attention S, S chooses accept, {second}]")
    assert len(a) == len(b) == 1
    said = f"'{second.replace(' S', ' s').replace(' H', ' h')}' settled nothing"
    for ruling in (fifth, plain):
        assert said in _notices(ruling), (second, _notices(ruling))


def test_a_50d2_choice_the_options_do_not_hold_is_refused_as_after_the_same_play_line() -> None:
    """Refused, the lead leaves the SK a major penalty card and declarer chooses at West's
    lead over spades only (56, 50D2(a)): 'chooses forbid H' is not among his options, an
    error at its line after a fifth card found led as after a play line, not a choice dropped
    while every option is enumerated."""
    errors = []
    for play in ("E plays SK fifth, director finds led", "E SK"):
        with pytest.raises(RulingError) as err:
            _solve(f"play: [{TRICKS}, {play}, attention S, S chooses refuse, S chooses forbid H]")
        errors.append(str(err.value))
    assert errors[0] == errors[1]
    assert "'S chooses forbid h' is not a choice the Laws offer here" in errors[0] and "S chooses forbid S" in errors[0]


def test_a_choice_for_each_finding_is_taken_on_its_own_path() -> None:
    """Without the director's finding, declarer's acceptance answers the branch where the SK
    is led and his 50D2 choice the branch where it is played to the trick (a major penalty
    card, West to lead): each line is taken on one path, and neither is said."""
    ruling, keys = _solve(f"play: [{TRICKS}, E plays SK fifth, attention S, S chooses accept, S chooses forbid S]")
    assert len(keys) == 2
    assert _lead_options(ruling) == [1, 0]
    assert "settled nothing" not in _notices(ruling) and "not yet ruled" not in _notices(ruling), _notices(ruling)


@pytest.mark.parametrize("choices", ["S chooses forbid H", "S chooses forbid S, S chooses forbid H", "S chooses forbid S, S chooses require S"])
def test_a_50d2_choice_no_decision_reaches_after_a_fifth_card_played_is_said(choices: str) -> None:
    """Found played to its trick, the SK is a major penalty card and West is to lead; the
    recorded lines name no option of declarer's (a suit of no penalty card; two kinds at
    once), so no decision is opened for them (the next lead's options are not enumerated
    after a ruling) and each line is said to have settled nothing."""
    ruling, keys = _solve(f"play: [{TRICKS}, E plays SK fifth, director finds played, attention S, {choices}]")
    assert len(keys) == 1
    for line in choices.split(", "):
        assert f"'{line.replace(' S', ' s').replace(' H', ' h')}' settled nothing" in _notices(ruling), (choices, _notices(ruling))


def test_a_50d2_choice_with_no_penalty_card_anywhere_is_said() -> None:
    """Nothing irregular, no penalty card: 'S chooses forbid S' answers no decision; no
    restoration carries a lead-options step, and the line is said to have settled nothing."""
    ruling, keys = _solve(f"play: [{TRICKS}, attention S, S chooses forbid S]")
    assert len(keys) == 1
    assert _lead_options(ruling) == [0]
    assert "'S chooses forbid s' settled nothing" in _notices(ruling), _notices(ruling)


def test_one_50d2_decision_at_one_lead_without_a_finding() -> None:
    """Without the director's finding, each branch has one 50D2 decision at West's lead,
    settled by the recorded line: played, over the SK a penalty card; led and refused, the
    same."""
    ruling, keys = _solve(f"play: [{TRICKS}, E plays SK fifth, attention W, S chooses refuse, S chooses forbid S]")
    assert len(keys) == 2
    assert _lead_options(ruling) == [1, 1]
    assert "not yet ruled" not in _notices(ruling) and "settled nothing" not in _notices(ruling)


def test_a_choice_claimed_for_the_lead_as_played_is_read_at_the_lead_a_ruling_reveals() -> None:
    """West holds the H9, a major penalty card, and East is to lead: on the record as played
    declarer's 'S forbids H' is his 51B choice at East's lead. West's C5 put on the finished
    trick, found led, is a lead out of turn before it; refused, West has two penalty cards
    and declarer's options at East's lead come with the refusal (56, 51B): the recorded line
    settles them there, and no second decision is made at the same lead."""
    text = """title: t
source: s
laws: 2017
deal: "N:K94.A52.KQ73.862 875.QJT6.JT64.K9 AQJT63.K4.A5.A73 2.9873.982.QJT54"
contract: 4S
declarer: S
play: [W CQ, N C2, E CK, S CA, W H9, attention S, S refuses, resume, S S3, W S2, N SK, E S5, N C6, E C9, S C3, W C4,
       W plays C5 fifth, director finds led, attention S, S refuses, S forbids H]
"""
    ruling = Ruling(loads(text))
    options = [[(s.clause, s.choice) for s in r.path if s.question and "is to lead while" in s.question]
               for r in ruling.restorations()]
    assert options and all(o == [("51B2(b)", "forbid H")] for o in options), options


@pytest.mark.parametrize("finding", ["led", "played"])
@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_a_fifth_card_finding_written_after_resume_is_a_located_error(
        tmp_path: Path, finding: str, json_flag: list[str]) -> None:
    """The finding about a fifth card (45E) is made when the director rules on that card: a
    ``director finds played|led`` line after the ``resume`` that ended that ruling, with no
    line of its own part for it to concern, is refused at its line, naming the fifth card,
    the attention line and the resume line."""
    lines = ["W DK", "N D3", "E D5", "S D2", "W plays SJ fifth", "attention N", "resume", f"director finds {finding}",
             "attention W"]
    path = tmp_path / "case.yaml"
    path.write_text(HEAD + "play:\n" + "".join(f"  - {x}\n" for x in lines))
    res = runner.invoke(app, ["solve", str(path), *json_flag])
    assert res.exit_code == 1, res.output
    assert f"{path}:15: " in res.output, res.output
    for words in (f"'director finds {finding}'", "'W plays SJ fifth' (line 12)", "'attention N'", "'resume' (line 14)"):
        assert words in res.output, res.output
    assert "Traceback" not in res.output
    # written before 'resume', where the director made it, the record is ruled
    lines[6], lines[7] = lines[7], lines[6]
    ruling = Ruling(loads(HEAD + "play: [" + ", ".join(lines) + "]\n"))
    assert list(ruling.restorations())
    assert not any("not yet ruled" in n.text for n in ruling.notices)
