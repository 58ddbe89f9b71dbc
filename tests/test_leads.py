"""Leads out of turn, premature plays, misinformation: switches, play lines, atoms, script."""

import sys
from pathlib import Path

import pytest

from rulings.models import NotationError, PlayLine
from rulings.models.cards import Seat
from rulings.models.events import Choice
from rulings.solver.casefile import load, loads
from rulings.solver.claims import parse_claim
from rulings.solver.config import Decisions
from rulings.solver.rulesets import get_ruleset
from rulings.solver.ruling import Ruling
from rulings.solver.summary import director_script

LEADS = Path(__file__).resolve().parents[1] / "cases" / "leads"

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_properties import check_conservation  # noqa: E402


def count(name: str, decisions: Decisions | None = None) -> int:
    case = load(LEADS / name)
    rs = get_ruleset(case.laws, decisions) if decisions is not None else None
    return len(list(Ruling(case, rs).restorations()))


def test_switch_misinformed_2007_may_let_stand() -> None:
    name = "seed000-47e1-misinformed-lead-2007.yaml"
    assert count(name) == 1
    assert count(name, Decisions(misinformed_2007_may_let_stand=True)) == 2
    # 2017: "is retracted", the switch does not apply
    assert count("seed001-47e1-misinformed-lead-2017.yaml", Decisions(misinformed_2007_may_let_stand=True)) == 1


def test_switch_proper_lead_error_card_may_stand() -> None:
    name = "own-53c-proper-lead-error-card-may-stand-2007.yaml"
    assert count(name) == 2
    assert count(name, Decisions(proper_lead_error_card_may_stand=False)) == 1


def test_switch_correct_leader_card_before_refusal() -> None:
    # refused, the correct leader's card faced before it is a lead made before declarer's
    # 50D2 choice (3 options); off, it is his lead in turn and no options follow
    off = Decisions(correct_leader_card_before_refusal_is_lead_before_choice=False)
    for name, on_count in (("own-54d-correct-leader-faced-a-card-before-the-refusal.yaml", 5),
                           ("own-56-correct-leader-faced-a-card-before-the-refusal.yaml", 4),
                           ("own-56-correct-leader-faced-a-card-before-the-refusal-2007.yaml", 4)):
        assert count(name) == on_count
        assert count(name, off) == on_count - 2
    case = load(LEADS / "own-54d-correct-leader-faced-a-card-before-the-refusal.yaml")
    refused = [r for r in Ruling(case, get_ruleset(case.laws, off)).restorations() if r.path[0].choice == "refuse"]
    assert len(refused) == 1
    assert refused[0].table.trick(1).plays[0][0] is Seat.W
    assert not refused[0].node.restrictions


def test_switch_premature_play_three_options() -> None:
    name = "seed003-57-premature-play-options.yaml"
    assert count(name) == 8
    assert count(name, Decisions(premature_play_require_other_suit=False)) == 5


def test_57a3_57a4_say_the_partner_follows_suit_when_he_can() -> None:
    # 57A3/57A4 name a suit other than the one led: a partner holding the suit led must
    # follow it (44C), so the option does not reach his card (57B, 59 for 57A3)
    steps = [s for r in Ruling(load(LEADS / "own-57a3-declarer-requires-a-suit-2007.yaml")).restorations()
             for s in r.path if s.clause == "57A3"]
    assert steps and all("must follow suit" in s.text and "44C" in s.also and "may play any card" not in s.text
                         for s in steps)
    steps = [s for r in Ruling(load(LEADS / "own-57a4-declarer-forbids-a-suit.yaml")).restorations()
             for s in r.path if s.clause == "57A4"]
    assert steps and all("only if he cannot follow" in s.text and "44C" in s.also for s in steps)
    # a partner void in the suit led (East, spades): 57A3/57A4 bind him, 57A1/57A2 cannot
    void = loads("""
deal: "N:AKQ2.K43.J3.Q965 -.AQ72.QT9842.J83 T765.JT98.AK.AK4 J9843.65.765.T72"
contract: 4S
declarer: S
play: [W H5, N HK, E H2, S H8, N SA, W S3, attention S]
""")
    steps = [s for r in Ruling(void).restorations() for s in r.path if s.clause.startswith("57A") and s.clause != "57A"]
    assert len(steps) == 8
    assert all(("follow suit" in s.text) is False and ("cannot comply" in s.text) is (s.clause in ("57A1", "57A2"))
               for s in steps)


@pytest.mark.parametrize(
    ("text", "verb"),
    [("S accepts", "accepts"), ("e refuses", "refuses"), ("S spreads", "spreads"), ("W retracts HA", "retracts"),
     ("S requires lowest", "requires"), ("S requires hearts", "requires"), ("S forbids D", "forbids")],
)
def test_choice_lines(text: str, verb: str) -> None:
    event = PlayLine.parse(text)
    assert isinstance(event, Choice) and event.verb == verb
    assert PlayLine.parse(str(event)) == event


@pytest.mark.parametrize(("text", "token"), [("S accepts it", "it"), ("S requires middle", "middle"), ("W retracts XX", "XX"),
                                             ("S forbids", "S forbids")])
def test_choice_line_errors_name_the_token(text: str, token: str) -> None:
    with pytest.raises(NotationError) as err:
        PlayLine.parse(text, line=7)
    assert err.value.token == token


def test_atoms_parse_and_reject() -> None:
    for text in ["always: W accepts", "always: declarer N", "always: leader S", "sometimes: W must play highest S",
                 "never: W must not play hearts", "always: E must play D4"]:
        parse_claim(text)
    for bad in ["always: declarer X", "always: W must play middle S", "always: W must not play XX"]:
        with pytest.raises(NotationError):
            parse_claim(bad)


def test_director_script_names_who_chooses() -> None:
    case = load(LEADS / "seed000-55-declarer-fifth-card-is-a-lead.yaml")
    ruling = Ruling(case)
    script = "\n".join(director_script(ruling, ruling.restorations()))
    assert "W or E (either defender, no consultation; if they differ W prevails)" in script
    assert "55A" in script and "unauthorized to NS" in script


def test_opening_lead_options_name_declarer() -> None:
    case = load(LEADS / "seed003-54-opening-lead-out-of-turn.yaml")
    ruling = Ruling(case)
    edges = ruling.expand(ruling.root)
    assert [s.clause for s, _ in edges] == ["54A", "54B", "54D"]
    assert {s.actor for s, _ in edges} == {"S"}
    assert not ruling.notices


# N leads out of turn (dummy E was to lead), declarer plays dummy's S3, the trick is completed
# in rotation from N's lead and the next trick led: by S, out of turn again (N's ace won)
_PLAYED_ON = """\
laws: 2017
trick: 10
leader: E
won: {NS: 4, EW: 5}
deal: "N:A.10.2.2 3.3.4.3 -.7.53.4 K.2.6.5"
contract: 3NT
declarer: W
play: [N SA, E S3, S D3, W SK, NEXT, attention N]
"""


@pytest.mark.parametrize("nxt", ["S H7, W H2, N H10, E H3", "N H10, E H3, S H7, W H2"], ids=["led-by-another", "led-by-winner"])
def test_switch_later_play_shows_acceptance(nxt: str) -> None:
    """53A/53B (decision later_play_shows_acceptance): once the irregular lead's trick was
    completed and the next trick begun, by whoever, the proper leader's card was a play to
    the lead (53A): no 53B finding, which would leave that trick short of the irregular
    leader's card behind a complete later one. With the switch off both findings stay open."""
    case = loads(_PLAYED_ON.replace("NEXT", nxt))
    default = list(Ruling(case).restorations())
    assert default and not any("proper lead" in r.findings for r in default)
    for r in default:
        check_conservation(case, r, replayed=True)
    both = list(Ruling(case, get_ruleset("2017", Decisions(later_play_shows_acceptance=False))).restorations())
    assert any("proper lead" in r.findings for r in both) and any("played to the lead" in r.findings for r in both)


@pytest.mark.parametrize("stem", ["own-56-trick13", "own-declarer-leads-to-trick-13-before-trick-12-is-complete",
                                  "own-57a-lead-to-trick-13-before-partner-then-next-hand-plays-to-it"])
def test_switch_no_acceptance_at_trick_13(stem: str) -> None:
    """53A (decision no_acceptance_at_trick_13): off, the 2017 rule set rules a lead out of
    turn at trick 13 as one before it, as the 2007 rule set does (no trick-13 limit in 2007
    53A); the 2007 rule set is the same with the switch on or off."""
    case = load(next(LEADS.glob(f"{stem}*2007.yaml")))

    def steps(edition: str, on: bool) -> list[list[tuple[str, str]]]:
        rules = get_ruleset(edition, Decisions(no_acceptance_at_trick_13=on))
        return sorted([[(step.actor, step.choice) for step in r.path] for r in Ruling(case, rules).restorations()])

    off_2017, on_2017 = steps("2017", False), steps("2017", True)
    assert steps("2007", True) == steps("2007", False) == off_2017 != on_2017


@pytest.mark.parametrize(("name", "cited", "not_cited"), [
    ("own-53b-wrong-defender-plays-2007.yaml", "(53B)", "(53C)"),  # 2017 53C
    ("own-53c-proper-lead-error-card-may-stand-2007.yaml", "(53C)", "(53B)"),  # 2017 53B
    ("own-57c2-declarer-premature-2007.yaml", "57C2)", "57C3"),  # 2017 57C3
])
def test_irregularity_cites_the_editions_clause(name: str, cited: str, not_cited: str) -> None:
    """The irregularity line names the clause as the case's edition numbers it (2007 swaps
    2017's 53B and 53C, and numbers 57C3 57C2), as the ruling's steps do."""
    ruling = Ruling(load(LEADS / name))
    text = " ".join(ruling.irregularities)
    assert cited in text and not_cited not in text, text


# ----- what the ruling says (step texts, questions, notices) -----------------------------------------
def test_branch_text_names_cards_as_elsewhere() -> None:
    from rich.console import Console

    from rulings.solver.render import Style, tree

    # accepted, nothing follows: the branch shows its step's text, cards drawn with suit
    # symbols as everywhere else; refused, declarer's 50D2 options follow
    case = loads("""
deal: "N:AKQ2.K43.J32.Q54 J98.AQ2.Q1098.J32 T765.J1098.AK.AK6 43.765.7654.T987"
contract: 4S
declarer: S
play: [W H5, N H3, E HA, S H8, W H7, attention S]
""")
    console = Console(width=200, record=True, color_system=None)
    console.print(tree(Ruling(case), Style("unicode", color=False)))
    text = console.export_text()
    assert "S accepts W's lead of ♥7" in text and "H7" not in text


def test_50d2b_says_whose_lead_brings_the_choice_again() -> None:
    case = loads("""
deal: "N:AKQ2.K43.J32.Q54 J98.AQ2.Q1098.J32 T765.J1098.AK.AK6 43.765.7654.T987"
contract: 4S
declarer: S
play: [E DQ, attention S]
""")
    steps = [s for r in Ruling(case).restorations() for s in r.path if s.clause == "50D2(b)"]
    assert steps and all("each time W is to lead" in s.text and "he is to lead" not in s.text for s in steps)


def test_forced_steps_say_what_the_law_requires() -> None:
    trick13 = Ruling(load(LEADS / "own-53a-trick-13-card-played-in-rotation-to-the-irregular-lead-goes-back.yaml"))
    steps = [s for r in trick13.restorations() for s in r.path]
    assert steps and all("chooses" not in s.question for s in steps)
    assert steps[0].question.startswith("no acceptance at trick 13")
    saw = loads("""
deal: "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"
contract: 4S
declarer: S
play: [E HK, director finds saw_dummy, attention S]
""")
    (only,) = list(Ruling(saw).restorations())
    assert only.path[0].clause == "54C" and "must accept" in only.path[0].question and "chooses" not in only.path[0].question
    # 52B1(b): declarer has played since the card that failed to play a penalty card
    failed = loads("""
deal: "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"
contract: 4S
declarer: S
penalty: ["W C6 major"]
play: [W H7, N H2, E H4, S HA, attention S]
""")
    forced = [s for r in Ruling(failed).restorations() for s in r.path if s.clause == "52B1(b)"]
    assert forced and all("must accept" in s.question and "accepts it or requires" not in s.question for s in forced)


@pytest.mark.parametrize(("seat", "words"), [("N", "dummy may not accept"), ("W", "W may not accept")])
def test_acceptance_by_a_player_not_entitled_settles_nothing(seat: str, words: str) -> None:
    case = loads(f"""
deal: "N:AKQ2.K43.J32.Q54 J98.AQ2.Q1098.J32 T765.J1098.AK.AK6 43.765.7654.T987"
contract: 4S
declarer: S
play: [W C10, N C4, E C2, S CA, E D8, attention S, {seat} accepts]
""")
    ruling = Ruling(case)
    assert len(list(ruling.restorations())) == 2
    said = [n for n in ruling.notices if f"'{seat} accepts'" in n.text]
    assert len(said) == 1 and words in said[0].text and "declarer chooses (53A, 56)" in said[0].text
    assert said[0].kind == "unsettled" and "not yet ruled" not in said[0].text


ACCEPTED = """
deal: "N:A643.KJT8.92.AK3 2.653.QJT7.T9842 KQ97.Q9.AK54.J75 JT85.A742.863.Q6"
contract: 4S
declarer: S
play: [{play}, attention S, {accept}, {later}]
"""


@pytest.mark.parametrize("later", ["S chooses forbid H", "S chooses require H", "S chooses no restriction", "S chooses refuse"])
@pytest.mark.parametrize("play", ["W D3, N D2, E DT, S DA, S SK, W S5, N S3, E S2, W H2", "E DQ"])
def test_a_choice_after_a_stated_acceptance_settles_nothing_in_either_spelling(play: str, later: str) -> None:
    """A lead out of turn accepted (53A with 56, 54B): no penalty card, no decision of
    declarer's left. His later ``chooses`` line is said to have settled nothing whether the
    acceptance is written ``S accepts`` or ``S chooses accept``, never refused as a choice at
    the decision the acceptance already settled."""
    said = []
    for accept in ("S accepts", "S chooses accept"):
        ruling = Ruling(loads(ACCEPTED.format(play=play, accept=accept, later=later)))
        assert len(list(ruling.restorations())) == 1
        said.append([n.text for n in ruling.notices if n.kind == "unsettled"])
    assert said[0] == said[1] and len(said[0]) == 1 and "settled nothing" in said[0][0], said


def test_simultaneous_lead_is_described() -> None:
    case = loads("""
deal: "N:AKQ2.K43.J32.Q54 J98.AQ2.Q1098.J32 T765.J1098.AK.AK6 43.765.7654.T987"
contract: 4S
declarer: S
play: [W C10, N C4, E C2, S CA, E plays D8 D9 simultaneous, attention S]
""")
    ruling = Ruling(case)
    assert ruling.irregularities == ("E led D8 and D9 together to trick 2 when S was to lead (58B)",)


def test_a_premature_card_played_at_its_owners_turn_is_said_to_have_been_a_penalty_card() -> None:
    """57A, play went on to the offender's turn with his card on the trick: the step says the
    card was a major penalty card and is played at that turn (none is left in force)."""
    case = load(LEADS / "own-57a-premature-card-then-play-went-on-to-the-end.yaml")
    restorations = list(Ruling(case).restorations())
    texts = [step.text for r in restorations for step in r.path if step.clause == "57A"]
    assert texts and all("CA was a major penalty card of W" in t and "it is played there" in t for t in texts), texts
    assert not any("is a major penalty card" in t for t in texts)
    assert all(not r.penalty_cards for r in restorations)


def test_early_lead_does_not_establish_the_partners_later_revoke() -> None:
    """57A with 63A1: East leads the HK to trick 3 before West has played to trick 2; West then
    revokes with the H7 and later plays the HJ to trick 3. East's early lead was made before
    the revoke, so it is West's HJ that establishes it, in the irregularity list and in the
    63A1 step alike (the 57A ruling of the early lead does not make it an establishing play)."""
    text = """
laws: 2017
deal: "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"
contract: 4S
declarer: S
play: [W DQ, N DA, E D4, S D7, N S3, E S2, S SA, E HK, W H7, S HA, W HJ, N H2, attention S]
"""
    ruling = Ruling(loads(text))
    steps = [s.text for r in ruling.restorations() for s in r.path if s.clause == "63A1"]
    assert steps, "no 63A1 step"
    assert all("W played" in t and "E played" not in t for t in steps), steps


def test_early_lead_names_every_card_played_to_its_trick_after_it() -> None:
    """A defender's lead to the next trick before his partner played (57A): the irregularity
    names every card then played to the trick it was put down in, in the order played, not
    only his partner's."""
    from rulings.solver.ruling import Ruling

    ruling = Ruling(load(Path(__file__).parent.parent / "cases/leads/own-57a-leader-puts-down-a-second-card-then-the-others-play.yaml"))
    list(ruling.restorations())
    assert any(i.endswith("then N DA, E D4 and S D7 played to trick 2") for i in ruling.irregularities), ruling.irregularities


def test_early_lead_of_cards_put_down_together_is_said_once() -> None:
    """58B2 with 57A: whichever card the offender says he plays, his early lead is one
    irregularity, said once (not once per card he may choose)."""
    from rulings.solver.ruling import Ruling

    ruling = Ruling(load(Path(__file__).parent.parent / "cases/leads/own-57a-58b-two-cards-put-down-before-partner-then-partner-plays.yaml"))
    list(ruling.restorations())
    early = [i for i in (*ruling.irregularities, *ruling.found_later) if "(57A);" in i]
    assert len(early) == 1 and "the card he plays of HK H4" in early[0], early


_SECOND_CARD_LAST = """
laws: 2017
deal: "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"
contract: 4S
declarer: S
play: [W DQ, N DA, E D4, S D7, N S3, E S2, PLAYS, attention W]
"""


def test_second_card_last_with_two_seats_still_due_each_plays_in_rotation() -> None:
    """Dummy's second card put down after its lead and East's card, before declarer and West
    have played (the record's last card): his lead to the next trick; South, then West, play
    to the trick, each any lawful card (44B), and the trick's winner makes the lead in turn
    or out of turn (55A, ruled after): 4 spades of South, 2 of West, each trick then a lead
    out of turn (from the wrong hand, or when West was to lead) accepted or refused."""
    ruling = Ruling(loads(_SECOND_CARD_LAST.replace("PLAYS", "N C2")))
    restorations = list(ruling.restorations())
    assert len(restorations) == 16
    assert ruling.irregularities[0].startswith("N led C2 to trick 3 before trick 2 was complete")
    assert "S and W still to play to trick 2" in ruling.irregularities[0]
    for r in restorations:
        seats = [s.actor for s in r.path if s.clause == "44B"]
        assert seats == ["S", "W"], seats
        assert any(s.clause == "55A" for s in r.path)


def test_second_card_last_face_up_card_is_said_to_be_the_opponents_to_use() -> None:
    """The second card stays face up while the seats still due play to the trick: the step
    of an opponent's card says his side may use what it tells (16C1 should it go back); not
    for declarer's own card after dummy's (his own side's)."""
    ruling = Ruling(loads(_SECOND_CARD_LAST.replace("PLAYS", "S S6, S HA")))
    texts = [s.text for r in ruling.restorations() for s in r.path if s.clause == "44B"]
    assert texts and all("EW may use what it tells" in t and "16C1" in t for t in texts), texts
    ruling = Ruling(loads(_SECOND_CARD_LAST.replace("PLAYS", "N C2")))
    own = [s.text for r in ruling.restorations() for s in r.path if s.clause == "44B" and s.actor == "S"]
    assert own and not any("may use" in t for t in own), own
