"""A fifth card the director finds led (45E) is ruled as the same lead made with a play line:
its later cards, recorded choices and findings read the same way, and nothing the table as
played shows only because the card is missing from it is listed as an irregularity."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

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
    assert "'S accepts' is not yet ruled" in _notices(ruling)
    for extra in ([], ["--limit", "1"], ["--json"]):
        res = runner.invoke(app, ["solve", "-", *extra], input=HEAD + text)
        assert res.exit_code == 0, res.output
        words = " ".join(res.stdout.split())
        said = "'S accepts' is not yet ruled on" if extra != ["--json"] else "\"'S accepts' is not yet ruled on"
        assert said in words, (extra, words)


def test_read_on_one_path_is_not_said() -> None:
    """Without a finding, 'S refuses' is read where the SK is found led and nowhere else:
    a line some path reads is ruled."""
    ruling, keys = _solve(f"play: [{TRICKS}, E plays SK fifth, attention W, S refuses, S forbids S]")
    assert len(keys) == 2
    assert "not yet ruled" not in _notices(ruling)
