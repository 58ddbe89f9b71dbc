"""Law 64 after play and the end of play (docs/established-revoke-rules.md): what the ruling
says of a record that runs to the end, whatever line ends it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from rulings.solver.cli import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]
ESTABLISHED = ROOT / "cases" / "established"


def _solve(path: Path) -> dict[str, Any]:
    res = runner.invoke(app, ["solve", "--json", str(path)])
    assert res.exit_code == 0, res.output
    out: dict[str, Any] = json.loads(res.output)
    return out


@pytest.mark.parametrize("name", [
    "own-62d1-trick12-defender-ruff-corrected-2017.yaml",
    "own-62d1-trick12-revoke-last-trick-by-remaining-line-2017.yaml",
    "own-62d1-trick12-revoke-last-trick-by-remaining-line-2007.yaml",
])
def test_a_trick12_revoke_corrected_although_established_is_listed_once(name: str) -> None:
    """One line per revoke under Irregularity: how it was established, then why 62D1 still
    corrects it."""
    found = _solve(ESTABLISHED / name)["irregularities"]
    assert len(found) == 1, found
    assert "established" in found[0] and "corrected although established (62D1)" in found[0]


def _texts(path: Path) -> list[str]:
    return [step["text"] for r in _solve(path)["restorations"] for step in r["path"]]


@pytest.mark.parametrize(("name", "words", "not_words"), [
    # the claim gives the revoke trick in progress to the non-offending side: 64B1, no "only 0"
    ("own-64b1-claim-of-every-trick-before-the-revoke-trick-is-complete-2007.yaml",
     ["neither the revoke trick nor a later trick", "the end of play gives it, still in progress, to NS"],
     ["only 0", "trick(s)"]),
    # ... to the offending side, declarer's card winning it so far: the revoker's partner won it
    ("own-64a2-offending-side-claims-before-the-revoke-trick-is-complete.yaml",
     ["E won the revoke trick, not the revoker"], ["the non-offending side won the revoke trick"]),
])
def test_a_revoke_trick_in_progress_at_the_end_of_play_goes_to_the_side_the_end_gives_it(
        name: str, words: list[str], not_words: list[str]) -> None:
    text = " ".join(_texts(ESTABLISHED / name))
    for w in words:
        assert w in text, text
    for w in not_words:
        assert w not in text, text


FULL_DEAL = '"N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"'
#: East's revoke on trick 2 (he holds spades), corrected at once
REVOKE = "W DQ, N DA, E D4, S D7, N SJ, E H4, S SA, W S5"


@pytest.mark.parametrize(("play", "claims"), [
    # a corrected revoke; play ends by a count after attention, by a claim before it
    (f"{REVOKE}, attention E, remaining NS 9 EW 2", ["always: transfer 0, E withdraws H4", "never: established"]),
    (f"{REVOKE}, S claims 11, attention S", ["always: transfer 0, E withdraws H4", "never: established"]),
    # no revoke at all: nothing is transferred either
    ("W DQ, N DA, E D4, S D7, N SJ, E S2, S SA, W S5, S claims 11, attention E", ["always: transfer 0", "never: transfer 1"]),
    # the record does not reach the end of play: no transfer is ruled
    (f"{REVOKE}, attention E", ["never: transfer 0", "never: transfer 1"]),
])
def test_transfer_0_holds_whenever_the_record_reaches_the_end_of_play_and_nothing_is_transferred(
        tmp_path: Path, play: str, claims: list[str]) -> None:
    """docs/case-format.md: ``transfer <N>`` is false only when the record does not reach the
    end of play; with no revoke standing established at the end (corrected, or none), 0."""
    path = tmp_path / "c.yaml"
    path.write_text(f"deal: {FULL_DEAL}\ncontract: 4S\ndeclarer: S\nplay: [{play}]\n"
                    "expect: [" + ", ".join(f"'{c}'" for c in claims) + "]\n")
    res = runner.invoke(app, ["verify", str(path)])
    assert res.exit_code == 0, res.output


@pytest.mark.parametrize(("name", "words", "not_words"), [
    ("own-64b2-second-revoke-same-suit-same-player-2017.yaml", ["a second revoke by W in spades"], ["in S "]),
    ("own-64a-two-revokes-one-side-capped-2017.yaml",
     ["no trick of the offending side left to transfer", "won 1 later trick;"], ["trick(s)", "only 0", "1 later)"]),
])
def test_the_law64_text_names_the_suit_and_counts_in_words(name: str, words: list[str], not_words: list[str]) -> None:
    text = " ".join(_texts(ESTABLISHED / name))
    for w in words:
        assert w in text, text
    for w in not_words:
        assert w not in text, text


def _steps(path: Path, clause: str) -> list[dict[str, Any]]:
    return [step for r in _solve(path)["restorations"] for step in r["path"] if step["clause"] == clause]


@pytest.mark.parametrize(("name", "clause", "label"), [
    ("own-64a-two-revokes-one-side-capped-2017.yaml", "64A2", "1 trick to NS; no equity adjustment"),
    ("own-64c1-transfer-falls-short-2017.yaml", "64A2", "1 trick to NS; score adjusted for equity"),
    ("own-64b1-offending-side-wins-nothing-2017.yaml", "64B1", "no trick transferred; no equity adjustment"),
    ("own-64b7-both-sides-revoke-both-established-2017.yaml", "64B7", "no trick transferred; equity left to the director"),
])
def test_the_law64_step_is_labelled_with_what_the_director_rules(name: str, clause: str, label: str) -> None:
    """The Law 64 step's choice (the ruling tree's label) says in words what it rules in all:
    the tricks each side receives, then the 64C outcome; each revoke's count is in its text."""
    steps = _steps(ESTABLISHED / name, clause)
    assert steps and all(s["choice"] == label for s in steps), [s["choice"] for s in steps]


@pytest.mark.parametrize(("name", "words"), [
    ("own-64a-two-revokes-one-side-capped-2017.yaml",
     ["W revoked with D3 on trick 10 (spades led): established when W played S2", "trick 11", "tricks 10 and 11 stand as played"]),
    ("own-64b7-both-sides-revoke-both-established-2017.yaml", ["E revoked with C5 on trick 10 (hearts led): established when", "S revoked"]),
])
def test_the_63a_step_names_the_establishment_of_each_revoke(name: str, words: list[str]) -> None:
    """With several revokes standing established, the 63A step names each one with what
    established it, not only the latest."""
    steps = _steps(ESTABLISHED / name, "63A1")
    assert steps
    for s in steps:
        for w in words:
            assert w in s["text"], s["text"]
