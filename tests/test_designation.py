"""Law 46 resolver (rulings.models.designation) clause by clause, and the designation rules
(change of designation 45C4(b) per edition, 45C3, the Decisions switches, bad input)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rulings.models import Card, Contract, Deal, Seat, TableState
from rulings.models.designation import DesignationPolicy, known_winners, lawful_for, resolve_call
from rulings.models.errors import IllegalActionError, NotationError, RulingError
from rulings.models.events import Call, Designation, PlayLine
from rulings.solver.casefile import loads
from rulings.solver.config import Decisions
from rulings.solver.engine import StepKind
from rulings.solver.rulesets import get_ruleset
from rulings.solver.ruling import Ruling

CASES = Path(__file__).resolve().parents[1] / "cases" / "designation"

# Trick 10, South declares, North is dummy; West is on lead unless a test plays otherwise.
FOLLOW = "N:Q.KT3.-.- 2.J4.-.K AK.A2.-.- -.Q95.-.3"
LEAD = "N:Q7.K3.-.- K2.J4.-.- A3.A6.-.- -.Q95.-.J"


def table(deal: str = FOLLOW, contract: str = "3NT", leader: Seat = Seat.W, plays: str = "") -> TableState:
    t = TableState.start(Deal.parse(deal), Contract.parse(contract), Seat.S, first_trick=10, leader=leader)
    for text in filter(None, (p.strip() for p in plays.split(","))):
        t = t.apply(PlayLine.parse(text))
    return t


def call(what: str) -> Call:
    return Call(Seat.S, Designation.parse(what))


def c(text: str) -> Card:
    return Card.parse(text)


# ----- 46B1 ----------------------------------------------------------------------------------------
def test_46b1a_high_is_highest_of_suit_led() -> None:
    r = resolve_call(table(plays="W H5"), call("high"))
    assert (r.deemed, r.clause, r.chooser) == (c("HK"), "46B1(a)", None)
    assert r.options == (c("HK"),)


def test_46b1a_high_with_suit_named() -> None:
    r = resolve_call(table(LEAD, leader=Seat.N), call("high heart"))
    assert (r.deemed, r.clause) == (c("HK"), "46B1(a)")


def test_46b1a_high_on_lead_declarer_names_suit_and_switch() -> None:
    r = resolve_call(table(LEAD, leader=Seat.N), call("high"))
    assert r.deemed is None and r.chooser == "declarer" and set(r.options) == {c("SQ"), c("HK")}
    alt = resolve_call(table(LEAD, leader=Seat.N), call("high"), policy=DesignationPolicy(False, True, True))
    assert alt.deemed == c("HK")  # the highest card of dummy's whole hand


def test_46b1b_win_is_lowest_card_known_to_win() -> None:
    t = table(plays="W H5")
    assert known_winners(t) == (c("HK"),)  # the HT could lose to the unseen HQ or HJ
    r = resolve_call(t, call("win"))
    assert (r.deemed, r.clause) == (c("HK"), "46B1(b)")


def test_46b1b_win_fourth_hand_lowest_winner() -> None:
    t = table(plays="W H5, N H3, E H4, S A2".replace(", S A2", ""))
    t = table(deal="N:Q.KT3.-.- 2.J4.-.K AK.A2.-.- -.Q95.-.3", leader=Seat.E, plays="E H4, S H2, W H5")
    r = resolve_call(t, call("win"))
    assert r.deemed == c("HT")  # nobody is still to play: the Ten is known to win


def test_46b1b_win_ruff_only_when_no_trump_unseen() -> None:
    drawn = table("N:73.-.-.QJ -.J4.-.K2 AK.A2.-.- -.Q95.-.3", "4S", plays="W H5")
    assert resolve_call(drawn, call("win")).deemed == c("S3")
    live = table("N:73.-.-.QJ 2.J4.-.K AK.A2.-.- -.Q95.-.3", "4S", plays="W H5")
    assert known_winners(live) == (c("S3"), c("S7"))  # East's S2 cannot beat either
    higher = table("N:73.-.-.QJ 8.J4.-.K AK.A2.-.- -.Q95.-.3", "4S", plays="W H5")
    assert known_winners(higher) == ()  # East may ruff with the S8 over the S3 or the S7


def test_46b1b_win_without_winner_is_invalid_or_high() -> None:
    t = table("N:Q.KT3.-.- 2.J4.-.K AK.Q2.-.- -.A95.-.3", plays="W HA")
    r = resolve_call(t, call("win"))
    assert r.clause == "46B4" and r.chooser == "declarer" and set(r.options) == {c("HK"), c("HT"), c("H3")}
    alt = resolve_call(t, call("win"), policy=DesignationPolicy(True, False, True))
    assert alt.deemed == c("HK")


def test_46b1c_low() -> None:
    assert resolve_call(table(plays="W H5"), call("low")).deemed == c("H3")
    assert resolve_call(table(plays="W H5"), call("small")).clause == "46B1(c)"


# ----- 46B2, 46B3 ------------------------------------------------------------------------------------
def test_46b2_suit_is_lowest_of_suit() -> None:
    r = resolve_call(table(LEAD, leader=Seat.N), call("spade"))
    assert (r.deemed, r.clause) == (c("S7"), "46B2")


def test_46b2_suit_dummy_may_not_play_is_invalid() -> None:
    r = resolve_call(table(plays="W H5"), call("spade"))
    assert r.clause == "46B4" and c("SQ") not in r.options and len(r.options) == 3
    revoke = resolve_call(table(plays="W H5"), call("spade"), policy=DesignationPolicy(True, True, False))
    assert (revoke.deemed, revoke.clause) == (c("SQ"), "46B2")  # the other reading: dummy revokes
    assert resolve_call(table(plays="W H5"), call("club"), policy=DesignationPolicy(True, True, False)).clause == "46B4"


def test_ruff_is_lowest_trump_and_invalid_in_notrump() -> None:
    assert resolve_call(table("N:73.-.-.QJ 2.J4.-.K AK.A2.-.- -.Q95.-.3", "4S", plays="W H5"), call("ruff")).deemed == c("S3")
    assert resolve_call(table(plays="W H5"), call("ruff")).clause == "46B4"


def test_46b3a_rank_on_lead_continues_suit_dummy_won() -> None:
    t = TableState.start(Deal.parse("N:KQ3.KQ42.-.QT2 J9.J98.KQ2.43 A54.A3.J76.K5 87.T75.T43.97"),
                         Contract.parse("4S"), Seat.S, first_trick=4, leader=Seat.S)
    for p in ("S H3", "W H5", "N HK", "E H8"):
        t = t.apply(PlayLine.parse(p))
    r = resolve_call(t, call("queen"))
    assert (r.deemed, r.clause) == (c("HQ"), "46B3(a)")


def test_46b3b_rank_two_lawful_declarer_chooses() -> None:
    r = resolve_call(table("N:K7.K3.-.- Q2.J4.-.- A3.A6.-.- -.Q95.-.J", leader=Seat.N), call("king"))
    assert r.clause == "46B3(b)" and r.chooser == "declarer" and r.options == (c("HK"), c("SK"))


def test_46b3b_rank_one_lawful() -> None:
    r = resolve_call(table(plays="W H5"), call("K"))
    assert (r.deemed, r.clause) == (c("HK"), "46B3(b)")


# ----- 46B4, 46B5, 46B intro ---------------------------------------------------------------------------
def test_46b4_card_not_in_dummy() -> None:
    r = resolve_call(table(plays="W H5"), call("DA"))
    assert r.clause == "46B4" and r.chooser == "declarer" and r.options == lawful_for(table(plays="W H5"), Seat.N)


def test_card_in_dummy_is_played_even_when_a_revoke() -> None:
    r = resolve_call(table(plays="W H5"), call("SQ"))
    assert (r.deemed, r.clause) == (c("SQ"), "45C4(a)")  # 45C4(a); the revoke is Law 61-64's


def test_46b5_anything_defenders_choose() -> None:
    r = resolve_call(table(plays="W H5"), call("anything"))
    assert r.clause == "46B5" and r.chooser == "defenders" and len(r.options) == 3


def test_incontrovertible_single_and_set() -> None:
    t = table(plays="W H5")
    assert resolve_call(t, call("heart"), [c("HK")]).deemed == c("HK")
    r = resolve_call(t, call("heart"), [c("HK"), c("HT")])
    assert r.clause == "46B5" and "46B" in r.also and r.chooser == "defenders" and r.options == (c("HT"), c("HK"))
    with pytest.raises(IllegalActionError, match="incontrovertible"):
        resolve_call(t, call("heart"), [c("SQ")])  # not lawful: dummy must follow


def test_resolution_is_deterministic() -> None:
    t = table(plays="W H5")
    assert resolve_call(t, call("anything")) == resolve_call(t, call("anything"))


# ----- grammar ----------------------------------------------------------------------------------------
def test_designation_grammar_extensions() -> None:
    assert Designation.parse("high heart") == Designation("high", suit=Designation.parse("H").suit)
    assert Designation.parse("run clubs").kind == "run"
    assert Designation.parse("take").kind == "win"
    assert str(Designation.parse("low spade")) == "low S"
    with pytest.raises(NotationError):
        Designation.parse("high banana")
    with pytest.raises(NotationError, match="deliberate"):
        PlayLine.parse("S touches HK clumsily")


# ----- the rules -----------------------------------------------------------------------------------------
BASE = {"trick": 10, "leader": "W", "won": {"NS": 5, "EW": 4}, "deal": FOLLOW, "contract": "3NT", "declarer": "S"}


def ruling(play: list[str], laws: str = "2017", decisions: Decisions | None = None) -> Ruling:
    case = loads(yaml.safe_dump({**BASE, "laws": laws, "play": play}))
    rs = get_ruleset(laws, decisions) if decisions is not None else None
    return Ruling(case, rs)


@pytest.mark.parametrize("laws", ["2017", "2007"])
def test_change_without_finding_branches_on_both_findings(laws: str) -> None:
    r = ruling(["W H5", "S calls HT", "E HJ", "S changes to HK", "attention E"], laws)
    findings = [x.findings for x in r.restorations()]
    assert sorted(findings) == [("rethink",), ("slip",), ("slip",)]
    first = next(r.restorations())
    finding_steps = [s for s in first.path if s.kind is StepKind.FINDING]
    assert finding_steps and finding_steps[0].actor == "TD"
    words = "slip of the tongue" if laws == "2017" else "without pause for thought"
    assert words in finding_steps[0].text


def test_change_words_and_reach_differ_by_edition() -> None:
    play = ["W H5", "S calls H3", "E H4", "S names HA", "S changes to H2 slip", "attention W"]
    new = [x.card_of(Seat.S) for x in ruling(play, "2017").restorations()]
    old = [x.card_of(Seat.S) for x in ruling(play, "2007").restorations()]
    assert new == [c("HA")] and old == [c("H2")]


def test_unlawful_card_after_change_switch() -> None:
    play = ["W H5", "S calls HT", "E HJ", "S changes to SQ slip", "attention E"]
    forced = list(ruling(play).restorations())
    # SQ is dummy's revoke (45C4(a) plays a named card dummy holds); East's HJ stays lawful
    assert {x.card_of(Seat.E) for x in forced} == {c("HJ"), c("H4")}
    # dummy leads: the change of suit makes East's card unlawful
    lead = {**BASE, "leader": "N", "deal": LEAD, "laws": "2017",
            "play": ["S calls H3", "E H4", "S changes to S7 slip", "attention W"]}
    case = loads(yaml.safe_dump(lead))
    must = list(Ruling(case).restorations())
    assert [x.card_of(Seat.E) for x in must] == [c("SK"), c("S2")]
    free = list(Ruling(case, get_ruleset("2017", Decisions(designation_change_unlawful_card_replaced=False))).restorations())
    strict = Decisions(designation_unexecutable_is_invalid=False)
    # the switch makes 'spade' the lowest spade although dummy could follow: a revoke by
    # dummy, corrected in record order (62B): SQ goes back and a heart is played
    revoked = list(ruling(["W H5", "S calls spade", "attention E"], decisions=strict).restorations())
    assert revoked and all([s.clause for s in x.path] == ["46B2", "62B"] for x in revoked)
    assert all(x.card_of(Seat.N).suit.name == "HEARTS" and [str(w.card) for w in x.withdrawn] == ["SQ"] for x in revoked)
    assert c("H4") in [x.card_of(Seat.E) for x in free]


def test_touch_branches_and_tree_shows_chooser() -> None:
    r = ruling(["W H5", "S touches HK", "attention E"])
    assert sorted(x.findings for x in r.restorations()) == [("arranging",), ("deliberate",), ("reaching",)]
    opts = ruling(["W H5", "S calls anything", "attention E"])
    step = next(opts.restorations()).path[0]
    assert step.kind is StepKind.OPTION and "either defender" in step.actor and step.clause == "46B5"
    decl = ruling(["W H5", "S calls DA", "attention E"])
    assert "declarer" in next(decl.restorations()).path[0].actor


def test_no_designation_event_leaves_record_to_other_rules() -> None:
    r = ruling(["W H5", "S calls H3", "E H4", "attention E"])
    assert "no irregularity found to rule on" in " ".join(str(n) for n in r.notices)


def test_bad_incontrovertible_card_names_token() -> None:
    with pytest.raises(RulingError) as err:
        ruling(["W H5", "S calls heart", "director finds incontrovertible HX", "attention E"])
    assert err.value.token == "HX"


def test_seed_cases_exist() -> None:
    names = {p.stem for p in CASES.glob("*.yaml")}
    for seed in ("dissacco-jack-then-king-2007", "dissacco-club-diamond-2007", "dissacco-play-one-club-incontrovertible",
                 "levy-board1-club-diamond-2017", "levy-run-the-clubs-change-before-rho", "acbl-queen-uh-king-play-the-ace",
                 "acbl-ruff-then-pitch", "commentary-45c4b-slip-rho-may-withdraw-2017"):
        assert seed in names
    assert sum(1 for n in names if n.startswith("own-")) >= 14


# ----- CLI ---------------------------------------------------------------------------------------------
def test_cli_tree_names_chooser_and_explain_script() -> None:
    from typer.testing import CliRunner

    from rulings.solver.cli import app

    runner = CliRunner()
    tree = runner.invoke(app, ["solve", str(CASES / "own-46b5-anything-following.yaml"), "--ascii"])
    assert tree.exit_code == 0 and "either defender designates" in tree.stdout and "46B5" in tree.stdout
    script = runner.invoke(app, ["solve", str(CASES / "own-45c4b-2017-no-finding-rho-option.yaml"), "--explain", "--ascii"])
    assert script.exit_code == 0
    text = script.stdout
    assert "findings: slip, rethink" in text and "E may withdraw HJ" in text
    assert "unauthorized to NS" in text
    bad = runner.invoke(app, ["solve", str(CASES / "own-46b5-anything-following.yaml").replace("own-46b5", "nope")])
    assert bad.exit_code == 1


def test_45c4b_refusals_state_their_own_ground() -> None:
    """2007 45C4(b) needs an inadvertent designation AND no pause for thought; 2017 refuses a
    loss of concentration and a reconsideration: each recorded finding gives its own words."""
    base = (CASES / "dissacco-jack-then-king-2007.yaml").read_text()
    texts: dict[str, str] = {}
    for word in ("rethink", "pause", "lapse"):
        case = loads(base.replace("S changes to SK rethink", f"S changes to SK {word}"))
        [r] = list(Ruling(case).restorations())
        assert word in r.findings and "SK" not in {str(c) for t in r.tricks for _, c in t.plays}
        texts[word] = next(s.text for s in r.path if s.clause == "45C4(b)")
    assert "pause" not in texts["rethink"] and "change of mind" in texts["rethink"]
    assert "pause for thought" in texts["pause"] and "change of mind" not in texts["pause"]
    assert len(set(texts.values())) == 3
    club = loads((CASES / "own-45c4b-2017-lapse-refused.yaml").read_text().replace("D2 lapse", "D2 rethink"))
    [r] = list(Ruling(club).restorations())
    step = next(s.text for s in r.path if s.clause == "45C4(b)")
    assert "reconsideration" in step and "concentration" not in step
    with pytest.raises(NotationError):
        loads(base.replace("S changes to SK rethink", "S changes to SK dawdle"))


def test_a_change_to_an_opponents_card_is_refused_naming_whose_card_it_is() -> None:
    """Declarer calls the SK from dummy, then 'changes' to the C3, a card East holds: no
    change of designation can name it (47F2); the step says whose card it is, not that no
    card was designated (the SK was)."""
    from rulings.solver.ruling import Ruling

    ruling = Ruling(loads('title: t\nlaws: 2017\ntrick: 10\nleader: W\nwon: {NS: 5, EW: 4}\n'
                          'deal: "N:K2.-.8.5 A.-.J7.3 -.A2.3.J 3.3.2.4"\ncontract: 3NT\ndeclarer: S\n'
                          'play: [W D2, S calls SK, E DJ, S changes to C3 slip, attention W]\n'))
    first = [r.path[0] for r in ruling.restorations()]
    assert first and all(s.clause == "47F2" and "C3 is E's card, not one of the declaring side's" in s.text for s in first)


def test_change_after_dummy_misplaced_concerns_the_designation() -> None:
    """Dummy placed a card declarer did not name (45D), then declarer changes: the change
    concerns the call's designation, not dummy's card. Refused (declarer has played again),
    the step says the called card remains the designation, which 45D1 then plays, never
    that dummy's card stands; allowed, 45D1 plays the new designation."""
    late = ruling(["W H5", "S calls H3", "N HT", "E HJ", "S H2", "S changes to HK slip", "attention E"])
    done = list(late.restorations())
    assert done and all(x.card_of(Seat.N) == c("H3") for x in done)
    refusal = next(s.text for s in done[0].path if s.clause == "45C4(b)")
    assert "H3 remains the designation" in refusal and "HT stands" not in refusal
    slip = list(ruling(["W H5", "S calls H3", "N HT", "E HJ", "S changes to HK slip", "attention E"]).restorations())
    assert slip and all(x.card_of(Seat.N) == c("HK") and [s.clause for s in x.path][:2] == ["45C4(b)", "45D1"] for x in slip)


def test_change_before_dummy_faces_a_card_keeps_the_later_plays() -> None:
    """'Three - no, the king' before dummy faced a card: the placing line faces the card the
    designation stands for (as the finding leaves it), and a different card is one declarer
    did not designate (45D1). Every restoration keeps East's card in the trick."""
    for placed in ("HK", "HT"):
        r = ruling(["W H5", "S calls H3", "S changes to HK", f"N {placed}", "E HJ", "attention E"])
        done = list(r.restorations())
        assert done and all(x.card_of(Seat.E) is not None for x in done)
        for x in done:
            meant = c("HK") if "slip" in x.findings else c("H3")
            assert x.card_of(Seat.N) == meant
            assert ("45D1" in [s.clause for s in x.path]) == (meant != c(placed))


def test_change_then_dummy_faces_the_card_that_completes_the_trick() -> None:
    """Dummy fourth: 'three - no, the ten' (slip), and dummy faces the ten. The placing line
    is the facing of the designated card, not a card the record cannot place."""
    case = loads(yaml.safe_dump({**BASE, "leader": "E", "play": [
        "E HJ", "S HA", "W H5", "S calls H3", "S changes to HT slip", "N HT", "attention E"]}))
    [r] = list(Ruling(case).restorations())
    assert r.card_of(Seat.N) == c("HT")
    assert not [s.text for s in r.path if "no longer fits" in s.text]


# ----- the record as played: a card named from the hand holds its place in the trick ---------------
WHOLE = "N:J942.T76.9753.52 87.Q8543.QJT4.K9 AKQT.A2.AK862.A3 653.KJ9..QJT8764"


def _record(laws: str, lines: list[str]) -> str:
    return yaml.safe_dump({"title": "t", "source": "s", "notes": "n", "laws": laws, "deal": WHOLE, "contract": "4S",
                           "declarer": "S", "play": lines}, sort_keys=False)


@pytest.mark.parametrize("named", ["S names C3", "S names C3 to play"])
def test_a_card_named_from_the_hand_and_changed_is_one_card_in_the_trick(named: str) -> None:
    """45C4(a): the card named is played, as a call of dummy's card is; the change line is
    the designation rules' (45C4(b), 47C). The record as played has one card of South's in
    trick 1, and the next tricks are cut where the table played them: no revoke, and the
    card first named is on the table unless the record plays it again later."""
    head = ["W CQ", "N C2", "E C9", named, "S changes to CA slip", "S SA", "W S3", "N S2", "E S7"]
    replay = loads(_record("2007", [*head, "attention S"])).replay()
    first, second = replay.table.tricks[:2]
    assert first.plays == ((Seat.W, c("CQ")), (Seat.N, c("C2")), (Seat.E, c("C9")), (Seat.S, c("C3")))
    assert second.plays[0] == (Seat.S, c("SA")) and len(second.plays) == 4
    assert not replay.table.revokes
    assert replay.applied_before[3:6] == (3, 4, 4)
    # the C3 played again later: the table took the change, the CA is South's card on trick 1
    later = loads(_record("2007", [*head, "S SK", "W S5", "N S4", "E S8", "S C3", "W CJ", "N C5", "E CK",
                                   "attention S"])).replay()
    assert later.table.tricks[0].plays[3] == (Seat.S, c("CA"))
    assert later.table.tricks[3].plays[0] == (Seat.S, c("C3")) and not later.table.revokes


def test_a_card_named_out_of_turn_is_not_played() -> None:
    """Declarer naming a card when it is not his turn states what he holds: nothing is
    played (48A: his cards are never penalty cards), and the line is read by the exposure
    rules."""
    replay = loads(_record("2017", ["W CQ", "S names SA", "N C2", "attention E"])).replay()
    assert [p for t in replay.table.tricks for p in t.plays] == [(Seat.W, c("CQ")), (Seat.N, c("C2"))]
    assert [str(e) for e in replay.unapplied] == ["S names SA"]


@pytest.mark.parametrize("finding", ["slip", ""])
def test_a_defenders_change_names_him_in_the_question(finding: str) -> None:
    """2007 45C4(b): West changes his own card named to play. Every step of the change asks
    whether West (not declarer) may change, with the finding recorded or left open."""
    base = (CASES / "own-45c4b-2007-defender-changes-own-card.yaml").read_text()
    case = loads(base.replace("W changes to HQ", f"W changes to HQ {finding}".rstrip()))
    steps = [s for r in Ruling(case).restorations() for s in r.path if s.clause == "45C4(b)"]
    assert steps and all("declarer" not in s.question for s in steps)
    allowed = [s for s in steps if "HJ goes back" in s.text]
    assert allowed and all(s.question in ("may W change to HQ?", "was W's designation of HJ unintended "
                                          "(an inadvertent designation, changed without pause for thought)?") for s in allowed)


@pytest.mark.parametrize("named", ["S names CA", "S names CA to play"])
def test_a_card_named_and_then_faced_is_played_once(named: str) -> None:
    """Declarer names the CA and puts it on the table: the play line is the play, as for a
    card of dummy's called and then faced (45C4(a)); the record goes on from it. Named at his
    turn with no change after it, it is his play: no irregularity, nothing to rule."""
    case = loads(_record("2017", ["W CQ", "N C2", "E C9", named, "S CA", "S SA", "W S3", "N S2", "E S7", "attention W"]))
    plays = [p for t in case.replay().table.tricks for p in t.plays]
    assert plays.count((Seat.S, c("CA"))) == 1 and len(plays) == 8
    ruling = Ruling(case)
    (r,) = list(ruling.restorations())
    assert r.path == () and ruling.irregularities == ()
    assert r.table.trick(2) is not None and len(r.table.trick(2).plays) == 4


@pytest.mark.parametrize("laws", ["2017", "2007"])
@pytest.mark.parametrize("finding", ["", " slip", " rethink"])
def test_a_call_changed_before_dummy_faces_a_card_places_only_dummys_card(laws: str, finding: str) -> None:
    """45C4(b), 45D: declarer calls the C2 and changes to the H2 before dummy faces the H2;
    dummy's play line is the card faced, the call places none (as with no change line). The
    record as played has one card of dummy's in trick 2, nothing out of turn, and one revoke:
    East's club on the heart dummy led, established by West's card to trick 3 (63A1), which
    every branch rules (the H2 designated, or standing too late: 45D2, 2007 45D)."""
    lines = ["W DQ", "N DA", "E D4", "S D7", "S calls C2", f"S changes to H2{finding}", "N H2", "E C5", "S HA",
             "W H7", "S S6", "W S5", "attention E"]
    case = loads(yaml.safe_dump({"title": "t", "source": "s", "notes": "n", "laws": laws, "contract": "4S",
                                 "deal": "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6",
                                 "declarer": "S", "play": lines}, sort_keys=False))
    table = case.replay().table
    trick = table.trick(2)
    assert trick is not None and trick.plays == ((Seat.N, c("H2")), (Seat.E, c("C5")), (Seat.S, c("HA")), (Seat.W, c("H7")))
    assert not table.out_of_turn
    assert [(r.seat, r.card) for r in table.revokes] == [(Seat.E, c("C5"))]
    ruling = Ruling(case)
    assert not [i for i in ruling.irregularities if "S revoked" in i]
    assert not [n for n in ruling.notices if "not yet ruled" in str(n)]
    found = list(ruling.restorations())
    assert len(found) == (1 if finding else 2)
    assert all(r.established and "63A1" in r.laws and r.card_of(Seat.E, 2) == c("C5") for r in found)


@pytest.mark.parametrize("laws", ["2017", "2007"])
@pytest.mark.parametrize("finding", ["", " slip", " rethink"])
def test_a_card_named_changed_then_placed_is_one_card_in_the_trick(laws: str, finding: str) -> None:
    """45C4(a), 45C4(b): South names his HA, changes to the H2 and puts the H2 on the table.
    The play line is the card he faced for the designation, not a second card of his: the
    record as played has one card of South's in trick 10 and no trick 11. Every branch reads
    the record to its end; where the HA stands, the H2 goes back to his hand (48A; 45E2 on the
    complete trick), never a penalty card."""
    r = ruling(["W H5", "S calls H3", "E H4", "S names HA", f"S changes to H2{finding}", "S H2", "attention W"], laws)
    table = r.case.replay().table
    assert [t.number for t in table.tricks] == [10]
    assert table.trick(10) is not None and table.trick(10).card_of(Seat.S) == c("H2")
    found = list(r.restorations())
    assert found and not [s.text for x in found for s in x.path if "no longer fits" in s.text]
    for x in found:
        kept = x.card_of(Seat.S) == c("HA")
        assert kept == ("45E2" in [s.clause for s in x.path])
        assert x.card_of(Seat.S) == (c("H2") if "slip" in x.findings else c("HA"))
    assert len(found) == (2 if laws == "2007" and not finding else 1)


@pytest.mark.parametrize("laws", ["2017", "2007"])
def test_a_defenders_card_named_changed_then_placed_is_a_penalty_card_when_refused(laws: str) -> None:
    """A defender names his H8 to play, changes to the H9 and puts it down: where the change
    is refused (always in 2017; the 'rethink' finding in 2007) the H8 stands and the H9 is a
    major penalty card (49, 50B: put down as a play, deliberate)."""
    play = ["S H2", "W names H8 to play", "W changes to H9 rethink", "W H9", "S calls H3", "E H4", "attention S"]
    case = loads(yaml.safe_dump({"trick": 10, "leader": "S", "won": {"NS": 5, "EW": 4}, "laws": laws, "contract": "3NT",
                                 "declarer": "S", "deal": "N:-.K73.-.2 -.54.-.AK -.A2.-.JT -.98.-.Q4", "play": play}))
    (x,) = list(Ruling(case).restorations())
    assert x.card_of(Seat.W) == c("H8") and x.card_of(Seat.N) == c("H3") and x.card_of(Seat.E) == c("H4")
    assert [(p.card, str(p.kind)) for p in x.table.penalty_cards_of(Seat.W)] == [(c("H9"), "major")]


@pytest.mark.parametrize("laws", ["2017", "2007"])
@pytest.mark.parametrize(("placed", "gone"), [("HT", []), ("H3", ["N H3"]), ("HK", ["N HK"])])
def test_a_call_changed_before_dummy_faces_a_card_withdraws_only_what_dummy_faced(laws: str, placed: str,
                                                                                  gone: list[str]) -> None:
    """'Three - no, the ten' (slip) before dummy faced a card: the designation of the three
    goes back (47C), but no card of dummy's was on the table, so none is withdrawn by it. The
    restoration lists only a card dummy faced and 45D1 took back, once."""
    r = ruling(["W H5", "S calls H3", "S changes to HT slip", f"N {placed}", "E HJ", "attention E"], laws)
    found = list(r.restorations())
    assert found and all(x.card_of(Seat.N) == c("HT") for x in found)
    assert all([str(w) for w in x.table.withdrawn if w.seat is Seat.N] == gone for x in found)


WORKSHOP = "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"


def _workshop(laws: str, lines: list[str]) -> Ruling:
    """A record on the deal of the bundled Law 47D case (4S by South)."""
    return Ruling(loads(yaml.safe_dump({"title": "t", "source": "s", "notes": "n", "laws": laws, "contract": "4S",
                                        "deal": WORKSHOP, "declarer": "S", "play": lines}, sort_keys=False)))


@pytest.mark.parametrize("laws", ["2017", "2007"])
def test_a_card_named_changed_to_another_suit_and_put_down_is_a_revoke_only_where_it_is_played(laws: str) -> None:
    """South names the D7 (fourth hand, diamonds led), changes to the HA (slip) and puts the
    HA down. 2017: the change is refused (45C4(b) reaches only dummy's card), the D7 stands
    and the HA goes back (48A): no revoke, and the irregularity list claims none. 2007: the
    change is allowed, the HA is played and fails to follow suit (61A): the revoke is listed
    and ruled on that path (corrected, not established)."""
    r = _workshop(laws, ["W DQ", "N DA", "E D4", "S names D7", "S changes to HA slip", "S HA", "attention E"])
    head = list(r.irregularities)
    found = list(r.restorations())
    revoked = [i for i in (*r.irregularities, *r.found_later, *r.not_met) if "revoked" in i]
    if laws == "2017":
        assert not [i for i in head if "revoked" in i] and not revoked
        assert [x.card_of(Seat.S, 1) for x in found] == [c("D7")]
    else:
        assert revoked and not r.not_met
        assert sorted(str(x.card_of(Seat.S, 1)) for x in found) == ["D7", "D8", "DK"]
        assert all("62B" in x.laws and not x.established for x in found)


@pytest.mark.parametrize("laws", ["2017", "2007"])
@pytest.mark.parametrize("changes", [["S changes to HT slip"], ["S changes to HK slip", "S changes to HT slip"]])
def test_a_call_changed_and_the_record_ends_before_dummy_faces_a_card_withdraws_nothing(laws: str, changes: list[str]) -> None:
    """'Three - no, the ten' (slip), and attention before dummy faced a card: the call's
    designation goes back (47C) but no card of dummy's reached the table, so none is withdrawn,
    as when dummy then faces the ten (and as the information ledger says: nothing withdrawn)."""
    r = ruling(["W H5", "S calls H3", *changes, "attention E"], laws)
    found = list(r.restorations())
    assert found and all(x.card_of(Seat.N) == c("HT") for x in found)
    assert all(not [w for w in x.table.withdrawn if w.seat is Seat.N] for x in found)


def test_the_irregularity_line_of_a_change_says_every_change_made_at_once() -> None:
    """Declarer changes his designation twice before dummy faces a card: the irregularity
    list says both changes, each ruled in its turn, not only the first."""
    case = loads("""title: a call changed twice
laws: 2017
deal: "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"
contract: 4S
declarer: S
play: [W DQ, N DA, E D4, S D7, S calls C2, S changes to H2, S changes to D2, attention E]
""")
    assert Ruling(case).irregularities == ("S changed his designation to H2, then to D2",)


def test_refused_change_card_played_after_switch() -> None:
    """A card an opponent played to the card declarer changed to, before dummy faced any: the
    change refused, it is withdrawn with no penalty card (47D by analogy) by default; the
    switch off leaves it played to the card that stands, a revoke corrected under 62B."""
    case = loads((CASES / "own-45c4b-change-before-dummy-faces-rho-plays-to-the-new-card.yaml").read_text())
    rethink = [x for x in Ruling(case).restorations() if x.findings == ("rethink",)]
    assert rethink and all([s.clause for s in x.path] == ["45C4(b)", "47D"] and not x.penalty_cards for x in rethink)
    off = get_ruleset("2017", Decisions(designation_refused_change_later_card_withdrawn=False))
    revoked = [x for x in Ruling(case, off).restorations() if x.findings == ("rethink",)]
    assert revoked and all([s.clause for s in x.path] == ["45C4(b)", "62B"] and x.penalty_cards for x in revoked)
    slip = [x for x in Ruling(case, off).restorations() if x.findings == ("slip",)]
    assert [[str(w.card) for w in x.withdrawn] for x in slip] == [[]]


def test_branch_stopped_after_47d_names_the_first_line_the_table_did_not_take() -> None:
    """Declarer's change of dummy's card refused (45C4(a)), East withdraws the king he played
    to the new card and plays his three (47D): North's queen wins the trick. West then leads
    out of turn (N played to it), puts down a second spade before his partner's card (57A's
    situation), and the record's East ♠3 no longer fits this branch. The branch stops at the
    first line, in the record's order, not on its table: West's second spade, not East's ♠3."""
    text = """
laws: 2017
deal: N:AQ985.4.K3.J8763 K3.JT6.AQT952.KQ 76.KQ9753.J.AT54 JT42.A82.8764.92
contract: 5C
declarer: S
play: [W D4, N D3, E D5, S DJ, S S7, W S2, S calls SQ, S changes to S5, E SK, W S4, N SA, W SJ, E S3, S S6,
       N S8, attention E]
"""
    changed = [r for r in Ruling(loads(text)).restorations() if any(s.choice == "change to S3" for s in r.path)]
    assert changed
    for r in changed:
        step = next(s for s in r.path if s.clause == "47D")
        assert "no longer fits this branch from W SJ on" in step.text



# ----- a call naming no card, with no line for dummy's card: the reader places the card 46B gives -----
_FULL_HAND = [("S calls high", 1, "SA"), ("S calls low", 3, "H7"), ("S calls win", 5, "CK"), ("S calls nine", 6, "C9"),
              ("S calls S8", 11, "S4")]


def _with_dummy_lines(text: str, calls: list[tuple[str, int, str]]) -> str:
    """The record ``text`` with dummy's card written on the line after each of ``calls``."""
    out: list[str] = []
    left = list(calls)
    for line in text.splitlines():
        out.append(line)
        if left and line.strip() == f"- {left[0][0]}":
            out.append(f"  - N {left.pop(0)[2]}")
    assert not left
    return "\n".join(out) + "\n"


def _ruled(text: str) -> list[tuple[object, ...]]:
    return [(tuple((s.clause, s.choice) for s in r.path), tuple(t.plays for t in r.table.tricks), r.laws, r.withdrawn,
             r.penalty_cards) for r in Ruling(loads(text)).restorations()]


@pytest.mark.parametrize(("name", "calls"), [
    ("own-46b2-46b3b-46b3a-calls-with-no-dummy-line-played-to-the-end-after-45c4b-slip.yaml",
     [("S calls club", 4, "C6"), ("S calls king", 5, "CK"), ("S calls nine", 6, "C9")]),
    ("own-46b1-46b3a-46b4-calls-with-no-dummy-line-played-to-the-end-2017.yaml", _FULL_HAND),
    ("own-46b1-46b3a-46b4-calls-with-no-dummy-line-played-to-the-end-2007.yaml", _FULL_HAND),
    ("own-46b-calls-with-no-dummy-line-then-revoke-established-64a2.yaml", _FULL_HAND),
])
def test_a_call_naming_no_card_places_the_card_46b_gives_as_dummys_line_would(name: str, calls: list[tuple[str, int, str]]
                                                                               ) -> None:
    """46B1-46B4, 45B: each call names no card dummy can place and the next line is another
    player's card. The record reads on to the end with the card the Law gives on the call's
    trick (the reader of a record with no ``resume`` places it too, nothing out of turn), and
    the ruling is the one of the same record with dummy's card written after each call."""
    text = (CASES / name).read_text()
    case = loads(text)
    (r,) = list(Ruling(case).restorations())
    assert len(r.table.tricks) == 13 and all(t.is_complete for t in r.table.tricks)
    for _, number, card in calls:
        trick = r.table.trick(number)
        assert trick is not None and trick.card_of(Seat.N) == c(card)
    if "resume" not in text:
        table = case.replay().table
        assert not table.out_of_turn and len(table.tricks) == 13
        assert [str(table.trick(n).card_of(Seat.N)) for _, n, _ in calls] == [x for _, _, x in calls]  # type: ignore[union-attr]
    assert _ruled(_with_dummy_lines(text, calls)) == _ruled(text)


# ----- dummy's line after another player's card (45B, 45C4(a)) ----------------------------------------
_FACED = (CASES / "own-45b-dummy-faces-the-card-called-after-the-next-hand-played.yaml").read_text()


@pytest.mark.parametrize(("call", "placed", "words"), [
    # the call designates the HQ: dummy's H7 after East's card contradicts it (45D or 45C4(b)?)
    ("S calls HQ", "N H7", "is not the HQ declarer's 'S calls HQ' played at dummy's turn"),
    ("S calls heart", "N HQ", "is not the H7 declarer's 'S calls H' played at dummy's turn"),
    # the call leaves dummy's card to the defenders (46B5): East played before it was chosen
    ("S calls anything", "N H7", "either defender designates dummy's card (46B5: H7 HQ); E H3 came before dummy's H7"),
    # to declarer (46B4: dummy holds no H5)
    ("S calls H5", "N HQ", "(46B4: H7 HQ); E H3 came before dummy's HQ"),
])
def test_dummy_line_after_the_next_hand_unlike_the_call_is_a_located_error(call: str, placed: str, words: str) -> None:
    text = _FACED.replace("S calls HQ ", f"{call} ").replace("N HQ ", f"{placed} ")
    line = 1 + text.splitlines().index(next(x for x in text.splitlines() if x.strip().startswith(f"- {placed} ")))
    with pytest.raises(RulingError) as err:
        loads(text, "faced.yaml").replay()
    assert err.value.line == line and words in err.value.message, err.value.message
    assert "write" in err.value.message


def test_dummy_line_after_the_next_hand_faces_the_call_in_any_seat_order() -> None:
    """The call's card is played at dummy's turn; his later line faces it: dummy second (East
    after him), third (the trick completed by East), or leading (two cards after his)."""
    second = loads(_FACED).replay().table.trick(10)
    assert second is not None and [str(s) for s, _ in second.plays] == ["W", "N", "E", "S"]
    third = (CASES / "own-46b2-dummy-faces-the-deemed-card-after-the-next-hand-played.yaml").read_text()
    t = loads(third).replay().table.trick(10)
    assert t is not None and [(str(s), str(c)) for s, c in t.plays] == [("S", "H4"), ("W", "H2"), ("N", "H7"), ("E", "H3")]
    lead = yaml.safe_load(third)
    lead.update(leader="N", play=["S calls HQ", "E H3", "S H4", "N HQ", "W H2", "attention E"])
    t = loads(yaml.safe_dump(lead)).replay().table.trick(10)
    assert t is not None and [(str(s), str(c)) for s, c in t.plays] == [("N", "HQ"), ("E", "H3"), ("S", "H4"), ("W", "H2")]
    assert not loads(yaml.safe_dump(lead)).replay().table.out_of_turn


def test_incomplete_call_completed_at_once_switch() -> None:
    """'anything', then at once the DA, no finding: 45C4(b)'s two findings (5 restorations),
    or, switch on, one call completed (46B intro), the DA played."""
    case = loads((CASES / "own-46b5-anything-then-a-card-at-once-no-finding.yaml").read_text())
    assert len(list(Ruling(case).restorations())) == 5
    on = get_ruleset("2017", Decisions(designation_incomplete_call_completed_at_once=True))
    [only] = list(Ruling(case, on).restorations())
    assert not only.findings and only.card_of(Seat.N) == c("DA")


def test_a_refused_change_keeps_the_trick_as_57d_and_57c3_left_it() -> None:
    """North's card at dummy's turn stands at his own (57D), declarer's card before dummy's
    stands (57C3); declarer's change of his call of dummy's card, refused (45C4(b)), walks
    the record again: trick 6 keeps the order those rulings left (dummy's CA at its turn,
    North's HT at his), and no play of dummy's is ruled out of turn."""
    path = Path(__file__).resolve().parents[1] / "cases" / "combined" / (
        "own-57d-card-at-rho-turn-declarers-premature-card-then-a-refused-change-of-designation-keeps-the-trick-as-ruled.yaml")
    ruling = Ruling(loads(path.read_text()))
    restorations = list(ruling.restorations())
    assert len(restorations) == 2
    for r in restorations:
        trick = r.table.trick(6)
        assert trick is not None
        assert [(str(s), str(card)) for s, card in trick.plays] == [("S", "D5"), ("E", "D6"), ("W", "CA"), ("N", "HT")]
    said = [*ruling.irregularities, *ruling.found_later]
    assert not [t for t in said if t.startswith("W played")], said
