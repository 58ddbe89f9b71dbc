"""What the ruling says of a line no rule read on any path, and of an irregularity the record
shows that a ruling met in another form: a choice stated at the table that answers no decision
(or names no option of one), a player told it was his turn who then played at his turn, and a
finding no ruling turns on settled nothing (a notice of kind ``unsettled``); a card or an act
no rule rules on is not yet ruled on. A revoke the record shows established that a ruling
corrects (47E1 takes 63A1 away) is one irregularity, met."""

from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulings.solver.casefile import load, loads
from rulings.solver.cli import app
from rulings.solver.ruling import Ruling

CASES = Path(__file__).resolve().parents[1] / "cases"
DEAL = '"N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"'
runner = CliRunner()


def _said(ruling: Ruling, start: str) -> list[tuple[int | None, str, str]]:
    """The notices about the line whose text starts with ``start`` (quoted), once every
    path is enumerated."""
    list(ruling.restorations())
    return [(n.line, n.kind, n.text) for n in ruling.notices if n.text.startswith(f"'{start}'")]


@pytest.mark.parametrize("lines", [["S requires H", "N C2"], ["N C2", "S requires H"]])
def test_a_late_50d2_requirement_over_a_lead_played_to_settled_nothing(lines: list[str]) -> None:
    """54D, 50D2, 60A: West led before declarer's 50D2 option, and dummy played to the lead:
    it stands as played, so a requirement stated after West led has no lead to govern (50D2
    applies to a lead to come; the next one is ruled when it comes). The line settled
    nothing, whether said before dummy's card or after it; it is not a line the rules leave
    unruled."""
    text = (f"laws: 2017\ndeal: {DEAL}\ncontract: 4S\ndeclarer: S\n"
            f"play: [E HK, S refuses, W CA, {', '.join(lines)}, attention S]\n")
    ruling = Ruling(loads(text))
    said = _said(ruling, "S requires H")
    assert said == [(5, "unsettled", "'S requires H' settled nothing: no decision of S in any restoration offers it "
                                     "(it is not taken into account)")]
    assert not [n for n in ruling.notices if "not yet ruled" in n.text]
    (r,) = list(ruling.restorations())
    assert not r.node.restrictions and [p.card.text for p in r.penalty_cards] == ["HK"]


def test_the_late_requirement_case_says_it_in_verify() -> None:
    name = "leads/own-54d-refused-correct-leader-leads-then-declarer-requires-then-plays-to-the-lead-from-dummy.yaml"
    res = runner.invoke(app, ["verify", str(CASES / name)])
    assert res.exit_code == 0, res.output
    assert "  note: line 11: 'S requires H' settled nothing: no decision of S in any restoration offers it" in res.output
    assert "not yet ruled" not in res.output


@pytest.mark.parametrize("laws", ["2017", "2007"])
def test_told_it_was_his_turn_at_his_turn_settled_nothing(laws: str) -> None:
    """Declarer's D7 came at East's turn (57C3) and East then played at his turn, told by
    an opponent that it was: no card of his out of turn for 47E1 to retract."""
    text = (f"laws: {laws}\ndeal: {DEAL}\ncontract: 4S\ndeclarer: S\n"
            "play: [W H9, N DA, S D7, E misinformed, E HK, attention W]\n")
    ruling = Ruling(loads(text))
    assert _said(ruling, "E misinformed") == [
        (5, "unsettled", "'E misinformed' settled nothing: E made no lead or play out of turn after it in any restoration, "
                         "and 47E1 retracts only such a card (it is not taken into account)")]
    assert not [n for n in ruling.notices if "not yet ruled" in n.text]
    assert all("47E1" not in r.laws for r in ruling.restorations())


@pytest.mark.parametrize(("name", "seat", "law"), [
    ("own-57d-then-declarer-told-it-was-his-turn-at-his-turn-47e1-does-not-apply", "S", "57D"),
    ("own-57a-then-partner-told-it-was-his-turn-at-his-turn-47e1-does-not-apply", "E", "57A"),
])
def test_told_it_was_his_turn_after_a_premature_card(name: str, seat: str, law: str) -> None:
    """A defender's card came early (57D at his right-hand opponent's turn, 57A before his
    partner); the player whose turn it then was, told so, played: the premature card is
    ruled, 47E1 is not, and the misinformed line settled nothing."""
    ruling = Ruling(load(CASES / "leads" / f"{name}.yaml"))
    rs = list(ruling.restorations())
    assert len(rs) == 1 and law in rs[0].laws and "47E1" not in rs[0].laws
    ((_, kind, text),) = _said(ruling, f"{seat} misinformed")
    assert kind == "unsettled" and "settled nothing" in text


def test_a_misinformed_play_out_of_turn_is_still_retracted() -> None:
    """West told it was his turn plays before his partner: a play out of turn after
    misinformation, retracted (47E1), the line read."""
    text = (f"laws: 2017\ndeal: {DEAL}\ncontract: 4S\ndeclarer: S\n"
            "play: [W DQ, N DA, E D4, S D7, N S3, W misinformed, W S5, E S2, attention N]\n")
    ruling = Ruling(loads(text))
    rs = list(ruling.restorations())
    assert len(rs) == 1 and "47E1" in rs[0].laws
    assert not _said(ruling, "W misinformed")


def test_an_act_no_rule_rules_on_is_not_yet_ruled_on() -> None:
    """A hand faced after the lead was accepted may be a claim (48B2), which these rules do
    not rule: that line is not yet ruled on, not a choice that settled nothing."""
    ruling = Ruling(load(CASES / "leads" / "own-54a-spread-after-the-lead-was-accepted-is-no-54a.yaml"))
    assert _said(ruling, "S spreads") == [
        (7, "not_ruled", "'S spreads' is not yet ruled on (this rule set does not handle it)")]


def test_a_revoke_the_record_shows_established_that_a_ruling_corrects_is_met() -> None:
    """2017 47E1: West's misinformed lead, retracted, does not establish East's revoke (63A1
    does not apply), so every path corrects it. The record's form of it (established when
    West led) is the same revoke, met: it is not said "met on no path"; it is listed once,
    among the record's irregularities, in the form the paths rule it (not established)."""
    ruling = Ruling(load(CASES / "leads" / "seed001-47e1-no-63a1-revoke-corrected-2017.yaml"))
    assert len(list(ruling.restorations())) == 21
    assert not ruling.not_met, ruling.not_met
    assert [i for i in ruling.irregularities if i.startswith("E revoked with H4 on trick 2 (spades led): not established")]
    assert not [i for i in ruling.found_later if i.startswith("E revoked with H4")]
    res = runner.invoke(app, ["solve", str(CASES / "leads" / "seed001-47e1-no-63a1-revoke-corrected-2017.yaml")])
    assert res.exit_code == 0 and "met on no path" not in res.output, res.output


def test_a_revoke_2007_47e1_leaves_established_is_reported_established() -> None:
    """2007 47E1 keeps 63A1: the revoke stays established on every path, and nothing is said
    met on no path."""
    ruling = Ruling(load(CASES / "leads" / "own-47e1-revoke-established-2007.yaml"))
    rs = list(ruling.restorations())
    assert rs and all("63A1" in r.laws for r in rs)
    assert not ruling.not_met, ruling.not_met


@pytest.mark.parametrize("penalty", ["", 'penalty: ["E CQ major"]\n'])
def test_a_50d2_requirement_with_no_penalty_card_of_the_leaders_partner_settled_nothing(penalty: str) -> None:
    """Declarer, to lead himself, says 'S requires H' and leads: no defender has a penalty
    card (or East has one, but the declaring side leads, and its players never have one,
    48A). No 50D2 decision exists: the line is no irregularity and settled nothing."""
    text = (f"laws: 2017\ndeal: {DEAL}\ncontract: 4S\ndeclarer: S\n{penalty}"
            "play: [W DQ, N DA, E D4, S D7, N S3, E S2, S SA, W S5, S requires H, S HA, attention E]\n")
    ruling = Ruling(loads(text))
    rs = list(ruling.restorations())
    assert len(rs) == 1 and "50D" not in rs[0].laws and not rs[0].node.restrictions
    assert [(kind, said) for _, kind, said in _said(ruling, "S requires H")] == [
        ("unsettled", "'S requires H' settled nothing: no decision of S in any restoration offers it "
                      "(it is not taken into account)")]
    # (the line is no irregularity; with East's CQ in force, West's opening lead came before
    # declarer's 50D2 choice and dummy played to it: that one is, its rectification forfeited)
    assert [i for i in ruling.irregularities if "(50D2, 60A1)" not in i] == [], ruling.irregularities
    assert len(ruling.irregularities) == (1 if penalty else 0), ruling.irregularities
