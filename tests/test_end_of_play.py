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


@pytest.mark.parametrize(("play", "claim", "words"), [
    # play went on to the end before attention: the end of play lifted the penalty card
    ("W DQ, N DA, E D4, S D7, remaining NS 9 EW 3, attention S", "always: W penalty H7 minor",
     ["W H7 was a minor penalty card until play ended before attention, and the end of play lifted it"]),
    ("W DQ, N DA, E D4, S D7, remaining NS 9 EW 3, attention S", "sometimes: W penalty H7",
     ["the end of play lifted it"]),
    # play not ended: the claim names the other kind
    ("W DQ, N DA, E D4, S D7, attention S", "always: W penalty H7 major", ["W H7 is a minor penalty card"]),
    # declarer's or dummy's card, withdrawn or put back, is never a penalty card: 48A is the reason,
    # whether play ended or not
    ("W DQ, N DA, E D4, S S6, attention W", "always: S penalty S6 major",
     ["S is declarer: no card of declarer's or dummy's ever becomes a penalty card (48A)"]),
    ("W DQ, N DA, E D4, S S6, remaining NS 9 EW 3, attention W", "sometimes: S penalty S6",
     ["S is declarer: no card of declarer's or dummy's ever becomes a penalty card (48A)"]),
    ("W DQ, S calls D2, N DA, E D4, S D7, attention E", "always: N penalty DA major",
     ["N is dummy: no card of declarer's or dummy's ever becomes a penalty card (48A)"]),
])
def test_a_failed_penalty_claim_says_what_the_restoration_shows_of_the_card(
        tmp_path: Path, play: str, claim: str, words: list[str]) -> None:
    """A ``<seat> penalty <card>`` claim that fails says why: the card is a penalty card of
    the other kind, or play ended before attention and lifted it (docs/decisions.md)."""
    path = tmp_path / "c.yaml"
    path.write_text(f"deal: {FULL_DEAL}\ncontract: 4S\ndeclarer: S\npenalty: ['W H7 minor']\nplay: [{play}]\n"
                    f"expect: ['{claim}']\n")
    res = runner.invoke(app, ["verify", str(path)])
    assert res.exit_code == 1, res.output
    for w in words:
        assert w in res.output, res.output


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


@pytest.mark.parametrize("name", [
    "own-54d-refused-then-two-failures-to-lead-the-penalty-card-played-to-the-end.yaml",
    "own-54d-refused-then-two-failures-to-lead-the-penalty-card-played-to-the-end-2007.yaml",
])
def test_a_second_failure_to_lead_a_penalty_card_is_no_second_revoke_in_a_suit(name: str) -> None:
    """Two leads of other cards when a penalty card was due (52, 61A): 64B3 for each, and the
    text names the failure; 64B2 (a second revoke in the same suit) is no part of it, the
    offender having failed to follow no suit (docs/decisions.md)."""
    steps = _steps(ROOT / "cases" / "penalty" / name, "64B3")
    assert steps
    for step in steps:
        assert step["text"].count("a failure to play E's penalty card") == 2, step["text"]
        assert "second revoke" not in step["text"] and "64B2" not in step.get("also", []), step


@pytest.mark.parametrize(("claim", "words"), [
    ("always: transfer 1", ["it transfers 0 tricks, 64B3"]),
    ("always: E penalty S7 major", ["no penalty card stays in force", "E S7 was a major penalty card until E played it to trick 5"]),
])
def test_a_failed_claim_on_a_record_played_to_the_end_says_what_the_restoration_rules(
        tmp_path: Path, claim: str, words: list[str]) -> None:
    case = ROOT / "cases" / "penalty" / "own-54d-refused-then-two-failures-to-lead-the-penalty-card-played-to-the-end.yaml"
    text = case.read_text()
    path = tmp_path / "c.yaml"
    path.write_text(text[:text.index("expect:")] + f"expect: ['{claim}']\n")
    res = runner.invoke(app, ["verify", str(path)])
    assert res.exit_code == 1, res.output
    for w in words:
        assert w in res.output, res.output


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


# ----- play ended before attention: nothing left in force (docs/decisions.md) ----------------------
CASES = ROOT / "cases"


def _ended_before_attention(mapping: dict[str, Any]) -> bool:
    """The record ends play before its last ``attention`` line, not by a claim: a
    ``remaining`` line before it (a record with every trick written out ends at trick 13,
    where nobody leads and every penalty card was played)."""
    lines = [str(x).strip().lower() for x in mapping.get("play") or []]
    if any(" claims " in f" {line} " for line in lines):
        return False
    attention = max((i for i, line in enumerate(lines) if line.startswith("attention")), default=None)
    if attention is None:
        return False
    return any(line.startswith("remaining") for line in lines[:attention])


def _corpus_ended_before_attention() -> list[Path]:
    import yaml

    out = []
    for path in sorted(CASES.rglob("*.yaml")):
        mapping = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(mapping, dict) and _ended_before_attention(mapping) and "resume" not in [
                str(x).strip().lower() for x in mapping.get("play") or []]:
            out.append(path)
    return out


def test_the_corpus_has_records_played_out_before_attention() -> None:
    assert len(_corpus_ended_before_attention()) >= 30


@pytest.mark.parametrize("path", _corpus_ended_before_attention(), ids=lambda p: p.name)
def test_play_ended_before_attention_leaves_no_penalty_card_restriction_or_leader(path: Path) -> None:
    """Play that went on to the end before attention (a ``remaining`` line before it): no
    lead or play is left, so no restoration keeps a penalty card in force (50D binds later
    leads and plays only), a lead or play restriction (50D2(a), 51B, 57A, 57D), or a next
    leader; the information ledger stays (16C, 50E)."""
    for r in _solve(path)["restorations"]:
        assert not r["penalty_cards"], (r["number"], r["penalty_cards"])
        assert r["lead"] is None and r["to_play"] is None, (r["number"], r["lead"])
        assert all(x["kind"] in ("declarer", "unauthorized_suggestion") for x in r["restrictions"]), r["restrictions"]


PENALTY_DEAL = '"N:AK2.32.432.2 QJ3.54.JT9.3 T98.AK9.AKQ. 7654.QJ7.8.4"'
#: West fails to play his major penalty card HQ on dummy's heart lead (52)
FAILURE = "N H3, E H5, S H9, W H7"


def _write(tmp_path: Path, play: str) -> Path:
    path = tmp_path / "c.yaml"
    path.write_text(f"deal: {PENALTY_DEAL}\ncontract: 3NT\ndeclarer: S\ntrick: 5\nleader: N\n"
                    f"penalty: ['W HQ major']\nplay: [{play}]\n")
    return path


@pytest.mark.parametrize(("play", "kept"), [
    # play went on to the end before attention: the penalty card lapses, nobody leads
    (f"{FAILURE}, remaining NS 7 EW 1, attention S", False),
    # a claim: play ends with cards still to play; the penalty card bears on judging it (70)
    (f"{FAILURE}, S claims 7, attention E", True),
    # the count after attention: the restoration is the position the ruling left
    (f"{FAILURE}, attention S, remaining NS 7 EW 1", True),
])
def test_a_penalty_card_lapses_only_when_play_ended_before_attention(tmp_path: Path, play: str, kept: bool) -> None:
    """The HQ is due on trick 5 (50D1(a)); declarer may accept the H7 (the HQ stays, 52B1(c))
    or require the HQ (the H7 then a major penalty card, 52B2): either way a penalty card is
    in force after the ruling, unless play ended before attention (52B1(b): accepted)."""
    data = _solve(_write(tmp_path, play))
    for r in data["restorations"]:
        cards = [f"{p['seat']} {p['card']}" for p in r["penalty_cards"]]
        if kept is False:
            assert not cards and r["lead"] is None, r
            assert any("play has ended: no penalty card remains (W HQ major)" in s["text"] for s in r["path"]), r["path"]
            assert any(i["card"] == "HQ" and i["unauthorized"] == "EW" for i in r["ledger"]), r["ledger"]
        else:
            assert cards, r
            assert not any("play has ended" in s["text"] for s in r["path"]), r["path"]


# ----- a finding of the revoke trick's winner that the record makes impossible ------------------------
#: trick 9 of 4S by South, North to lead; South holds one heart (the HA), East none
TRICK_NINE = """title: revoke trick found won by a side
laws: 2017
trick: 9
leader: N
won: {{NS: 6, EW: 2}}
deal: "N:J.32.A.K 9.KQ.6.Q Q.A.K.JT K.J.QJ.A"
contract: 4S
declarer: S
play: [{play}]
"""


@pytest.mark.parametrize(("play", "why", "transfers"), [
    # East ruffs a heart; South must follow with the HA (44C) and cannot overruff: EW won it
    ("N H2, E S9, W claims 2, attention S, director finds revoke_trick_won_by_ns",
     "no player of NS still to play to trick 9 held a card that could lawfully win it (44C): the cards tell EW won it", {2}),
    ("N H2, E S9, S HA, W HJ, E claims 1, attention S, director finds revoke_trick_won_by_ns",
     "no trick was in progress when play ended (trick 9 was complete)", {2}),
    ("N H2, E S9, S claims 5, attention W, director finds revoke_trick_won_by_ew",
     "the line that ended play gives EW no trick after trick 8", {0}),
    ("N H2, E HK, S claims 3, attention W, director finds revoke_trick_won_by_ns",
     "no established revoke was made on trick 9, in progress when play ended", {0}),
])
def test_a_finding_of_the_revoke_tricks_winner_the_record_makes_impossible_settles_nothing(
        tmp_path: Path, play: str, why: str, transfers: set[int]) -> None:
    """``director finds revoke_trick_won_by_ns|ew`` decides a revoke trick still in progress
    when a claim or ``remaining`` line ended play; where the record leaves nothing to decide,
    or decides it the other way, a note says the finding settled nothing, and the count is the
    record's."""
    path = tmp_path / "case.yaml"
    path.write_text(TRICK_NINE.format(play=play))
    out = _solve(path)
    finding = play.rsplit(" ", 1)[1]
    notes = [n["text"] for n in out["notices"]]
    assert f"'director finds {finding}' settled nothing: {why} (it is not taken into account)" in notes, notes
    assert {r["transfer"] for r in out["restorations"]} == transfers
    assert all(finding not in r["findings"] for r in out["restorations"])


def test_a_finding_the_cards_agree_with_is_no_note(tmp_path: Path) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(TRICK_NINE.format(play="N H2, E S9, W claims 2, attention S, director finds revoke_trick_won_by_ew"))
    out = _solve(path)
    assert not [n for n in out["notices"] if "settled nothing" in n["text"]]
    assert {r["transfer"] for r in out["restorations"]} == {2}
