"""Plays out of turn beyond the main lead rules: recorded 50D2 choices, 50D after a revoke, 2007 play at RHO's turn,
57C2, 60B, face-down leads, and records with two irregularities."""

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulings.models import NotationError, PlayLine
from rulings.models.cards import Card, Seat
from rulings.models.events import Choice, DummyAction, FaceDownLead
from rulings.models.table import PenaltyKind
from rulings.solver.casefile import load, loads
from rulings.solver.config import Decisions
from rulings.solver.engine import Restoration
from rulings.solver.rulesets import get_ruleset
from rulings.solver.ruling import Ruling

CASES = Path(__file__).resolve().parents[1] / "cases"


def solve(path: Path | str, decisions: Decisions | None = None) -> tuple[Ruling, list[Restoration]]:
    case = load(CASES / path) if isinstance(path, str) and path.endswith(".yaml") else loads(str(path))
    ruling = Ruling(case, get_ruleset(case.laws, decisions) if decisions is not None else None)
    return ruling, list(ruling.restorations())


def notices(ruling: Ruling) -> str:
    return "\n".join(str(n) for n in ruling.notices)


# ----- play lines ---------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["S leaves", "W leads HJ face_down", "N picks SK", "N suggests D2"])
def test_new_play_lines_round_trip(text: str) -> None:
    event = PlayLine.parse(text)
    assert isinstance(event, (Choice, FaceDownLead, DummyAction))
    assert PlayLine.parse(str(event)) == event


@pytest.mark.parametrize(("text", "token"), [("S leaves HK", "HK"), ("W leads HJ", "W leads HJ"),
                                             ("W leads XX face_down", "XX"), ("N picks", "picks"), ("N picks S1", "S1")])
def test_new_play_line_errors_name_the_token(text: str, token: str) -> None:
    with pytest.raises(NotationError) as err:
        PlayLine.parse(text, line=3)
    assert err.value.token == token


# ----- 1. a recorded 50D2 / 51B choice settles the option ---------------------------------------------
ONE_MAJOR = """
trick: 5
leader: W
deal: "N:AK2.32.432.2 QJ3.54.JT9.3 T98.AK9.AKQ. 7654.QJ7.8.4"
contract: 3NT
declarer: S
penalty: ["E SQ major"]
play: [attention S{extra}]
"""


@pytest.mark.parametrize(("extra", "restrictions", "pc_stays"), [
    ("", None, None),
    (", S requires spades", ("W must lead S",), False),
    (", S forbids S", ("W must not lead S",), False),
    (", S leaves", (), True),
])
def test_recorded_choice_keeps_only_its_branch(extra: str, restrictions: tuple[str, ...] | None, pc_stays: bool | None) -> None:
    ruling, rs = solve(ONE_MAJOR.format(extra=extra))
    if restrictions is None:
        assert len(rs) == 3
        return
    assert len(rs) == 1
    assert rs[0].node.restrictions == restrictions
    assert any(p.card.rank.name and p.seat is Seat.E for p in rs[0].penalty_cards) is pc_stays
    assert "not yet ruled" not in notices(ruling)
    assert "recorded" in rs[0].path[-1].text


def test_choice_naming_no_option_settles_nothing_and_is_reported() -> None:
    ruling, rs = solve(ONE_MAJOR.format(extra=", S requires hearts"))
    assert len(rs) == 3
    assert "'S requires H' settled nothing: no decision of S in any restoration offers it" in notices(ruling)
    assert "not yet ruled" not in notices(ruling)
    ruling, rs = solve(ONE_MAJOR.format(extra=", S requires spades, S leaves"))  # two kinds at once
    assert len(rs) == 3 and notices(ruling).count("settled nothing") == 2


def test_recorded_choice_after_refused_lead_settles_refusal_and_option() -> None:
    base = 'deal: "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"\ncontract: 4S\ndeclarer: S\n'
    _, everything = solve(base + "play: [E HK, attention S]")
    assert len(everything) == 5
    for extra in ("S refuses, S requires H", "S requires H", "S forbids H", "S leaves"):
        ruling, rs = solve(base + f"play: [E HK, attention S, {extra}]")
        assert len(rs) == 1, extra
        assert "not yet ruled" not in notices(ruling)
        assert next(s.choice for s in rs[0].path) == "refuse"
    # 54C: declarer must accept; his 50D2 line settles nothing and is reported
    ruling, rs = solve(base + "play: [E HK, attention S, director finds saw_dummy, S requires H]")
    assert len(rs) == 1 and rs[0].path[0].clause == "54C" and "'S requires H' settled nothing" in notices(ruling)
    # accepted: the 50D2 line names nothing that happened and is reported
    ruling, rs = solve(base + "play: [E HK, attention S, S accepts, S requires H]")
    assert len(rs) == 1 and "'S requires H' settled nothing" in notices(ruling)


@pytest.mark.parametrize("line", ["S refuses", "S spreads"])
def test_54c_refusal_or_spread_recorded_settles_nothing_and_is_said(line: str) -> None:
    """54C: declarer who could have seen dummy's cards must accept; a recorded refusal or
    spread is not one of his options: the ruling accepts, and the line is said."""
    base = 'deal: "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"\ncontract: 4S\ndeclarer: S\n'
    ruling, rs = solve(base + f"play: [E HK, director finds saw_dummy, attention S, {line}]")
    assert len(rs) == 1 and rs[0].path[0].clause == "54C"
    assert f"'{line}' settles nothing" in notices(ruling) and "54C" in notices(ruling)


@pytest.mark.parametrize("laws", ["2017", "2007"])
@pytest.mark.parametrize("line", ["", ", S accepts", ", S refuses", ", S spreads", ", S requires H"])
def test_54a_declarer_began_to_spread_must_spread(laws: str, line: str) -> None:
    """54A: declarer found to have begun to spread his hand (a card exposed) must spread it
    all and becomes dummy: one forced step, whatever he said; an acceptance or refusal is no
    option left and is said, a 50D2 line has no penalty card to govern."""
    base = f'laws: "{laws}"\ndeal: "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"\ncontract: 4S\ndeclarer: S\n'
    ruling, rs = solve(base + f"play: [E HK, attention S, director finds began_to_spread{line}]")
    assert len(rs) == 1 and rs[0].path[0].clause == "54A" and rs[0].table.declarer is Seat.N
    assert "began_to_spread" in rs[0].node.findings and not rs[0].table.penalty_cards_of(Seat.E)
    said = notices(ruling)
    if line in (", S accepts", ", S refuses"):
        assert f"'{line[2:]}' settles nothing" in said and "54A" in said
    elif line == ", S requires H":
        assert "'S requires H' settled nothing" in said
    else:
        assert not said


def test_54c_prevails_over_the_finding_that_declarer_began_to_spread() -> None:
    """54C and 54A together (decision began_to_spread_after_saw_dummy): declarer who could
    have seen dummy's cards must accept, and the finding that he began to spread settles
    nothing and is said. Without a faced opening lead out of turn no ruling reads the finding:
    it settled nothing, and is said so."""
    base = 'deal: "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"\ncontract: 4S\ndeclarer: S\n'
    ruling, rs = solve(base + "play: [E HK, attention S, director finds began_to_spread, director finds saw_dummy]")
    assert len(rs) == 1 and rs[0].path[0].clause == "54C" and rs[0].table.declarer is Seat.S
    assert "'director finds began_to_spread' settles nothing" in notices(ruling) and "54C" in notices(ruling)
    ruling, rs = solve(base + "play: [W HJ, N H2, E HK, S HA, W DQ, attention S, director finds began_to_spread]")
    assert "'director finds began_to_spread' settled nothing: no ruling of any restoration turns on it" in notices(ruling)


def test_acceptance_recorded_at_trick_13_settles_nothing_and_is_said() -> None:
    """2017 53A: no lead out of turn is accepted at trick 13; declarer's recorded acceptance
    is said, the lead going back; under 2007 it is his option and settles the branch."""
    case = ('deal: "N:2... 3... 4... 5..."\ncontract: 4S\ndeclarer: S\ntrick: 13\nleader: S\n'
            "won: {NS: 6, EW: 6}\nplay: [W S5, attention S, S accepts]\n")
    ruling, rs = solve("laws: 2017\n" + case)
    assert "'S accepts' settles nothing" in notices(ruling) and "53A" in notices(ruling)
    assert all(not r.table.trick(13) or r.table.trick(13).plays[0][0] is not Seat.W for r in rs)
    ruling, rs = solve("laws: 2007\n" + case)
    assert "settles nothing" not in notices(ruling)


# ----- 2. 50D after a revoke correction (Decisions.lead_options_after_ruling) --------------------------
def test_revoke_then_lead_options_follow_the_switch() -> None:
    name = "revoke/spec-47d-example.yaml"
    _, off = solve(name)
    assert len(off) == 21 and all(not r.node.restrictions for r in off)
    _, on = solve(name, Decisions(lead_options_after_ruling=True))
    # Independently: a restoration in which the leader's partner holds a major penalty card
    # (in one suit) becomes three: require the suit, forbid it, or neither (50D2).
    expected = 0
    for r in off:
        lead = r.lead
        majors = {p.card.suit for p in r.penalty_cards if lead is not None and p.seat is lead.partner and p.kind is PenaltyKind.MAJOR}
        assert len(majors) <= 1
        expected += 3 if majors else 1
    assert expected > len(off)  # the example has such restorations (West wins the spade)
    assert len(on) == expected
    with_options = [r for r in on if r.node.restrictions or any(s.clause == "50D2(b)" for s in r.path)]
    assert len(with_options) == 3 * (expected - len(off)) // 2
    assert all(r.lead is not None and r.lead.partner is Seat.E for r in with_options)


def test_lead_options_after_ruling_reach_every_lead_a_ruling_leaves() -> None:
    """With the switch on, declarer's 50D2 choice is enumerated wherever a ruling leaves the
    partner of a major penalty card's owner to lead, whichever ruling reached it: after a 52
    ruling over a penalty card in force from the start too; and where a later part of the
    record is played on from the ruling, that lead is the later part's (declarer's ``S leaves``
    said there settles it), the options coming again at the next lead the last ruling leaves."""
    on = Decisions(lead_options_after_ruling=True)
    for name, suit in (("penalty/own-52-failure-then-partner-to-lead-choice-is-next-ruling.yaml", "C"),
                       ("leads/own-47e1-misinformed-lead-after-resume-2007.yaml", "H")):
        ruling, rs = solve(name, on)
        assert not any("not enumerated" in o for o in ruling.options_due), ruling.options_due
        assert {r.node.restrictions for r in rs} == {(), (f"W must lead {suit}",), (f"W must not lead {suit}",)}
        assert len(rs) == 3
    for r in rs:  # declarer's choice said before West's lead to trick 3 settled that lead, once
        options = [s for s in r.path if s.clause.startswith(("50D2", "51B"))]
        assert len(options) == 2 and options[0].choice == "no restriction"


# ----- 3-5: the 2007 play at RHO's turn, 57C2, 60B, face-down leads -----------------------------------
def test_2007_rho_turn_switch() -> None:
    name = "leads/own-2007-rho-turn-legal-card-major-penalty.yaml"
    _, rs = solve(name)
    assert [str(p.kind) for p in rs[0].penalty_cards] == ["major"]
    _, rs = solve(name, Decisions(rho_turn_play_2007_is_deliberate=False))
    assert [str(p.kind) for p in rs[0].penalty_cards] == ["minor"]
    assert any(s.clauses.count("50C") for s in rs[0].path)


def test_2017_rho_turn_is_still_57d() -> None:
    _, rs = solve("leads/own-57d-legal-card-waits-2017.yaml")
    assert rs[0].penalty_cards == () and rs[0].path[0].clause == "57D"


BOARD = 'deal: "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"\ncontract: 4S\ndeclarer: S\n'
MID = 'trick: 5\nleader: S\ndeal: "N:AK2.32.432.2 QJ3.54.JT9.3 T98.AK9.AKQ. 7654.QJ7.8.4"\ncontract: 3NT\ndeclarer: S\n'


def test_face_down_lead_out_of_turn_switch() -> None:
    ruling, rs = solve(BOARD + "play: [E leads HK face_down, attention S, S accepts]")
    assert len(rs) == 1 and rs[0].penalty_cards == () and rs[0].path[0].clause == "54"
    assert "'S accepts' settled nothing" in notices(ruling)  # nothing to accept: the card went back
    ruling, rs = solve(BOARD + "play: [E leads HK face_down, attention S, S accepts]", Decisions(face_down_lead_out_of_turn_returned=False))
    assert len(rs) == 1 and rs[0].path[1].clause == "54B" and "not yet ruled" not in notices(ruling)
    _, rs = solve(BOARD + "play: [E leads HK face_down, attention S]", Decisions(face_down_lead_out_of_turn_returned=False))
    assert len(rs) == 5  # 54A, 54B, 54D with 50D2's three choices


def test_face_down_lead_then_proper_lead_stands() -> None:
    ruling, rs = solve(BOARD + "play: [E leads HK face_down, W HJ, attention S]")
    assert len(rs) == 1 and rs[0].card_of(Seat.W) is not None and "not yet ruled" not in notices(ruling)


def test_face_down_line_by_the_correct_leader_alone_is_reported() -> None:
    ruling, _ = solve(BOARD + "play: [W leads HJ face_down, attention S]")
    assert "not yet ruled" in notices(ruling)


def test_60b_needs_the_refusal_before_the_defenders_card() -> None:
    # No refusal recorded before West's card: West's card is ruled under 53C and 57A.
    _, rs = solve(MID + "play: [N SA, W S4, attention S]")
    assert all("60B" not in r.laws for r in rs) and any("53C" in r.laws for r in rs)
    # Refusal recorded only after West's card: not 60B either.
    _, rs = solve(MID + "play: [N SA, W S4, attention S, E refuses]")
    assert all("60B" not in r.laws for r in rs)
    # The defenders accepted (next in turn prevails): no retraction, so no 60B.
    _, rs = solve(MID + "play: [N SA, E accepts, W refuses, W S4, attention S]")
    assert all("60B" not in r.laws for r in rs)


def test_57c2_needs_dummy_and_the_time() -> None:
    # Declarer (not dummy) 'picks': no 57C2, the premature play is 57A.
    ruling, rs = solve(MID + "play: [S S8, S picks ST, E S3, attention S]")
    assert len(rs) == 8 and all("57A" in r.laws for r in rs)
    assert "not yet ruled" in notices(ruling)


# ----- 6. two irregularities in one record -------------------------------------------------------------
def test_pending_revoke_and_later_lead_out_of_turn_are_both_ruled() -> None:
    # East revokes on trick 2 (not established); dummy then leads to trick 3 although South won.
    # Who was to lead trick 3 is known once trick 2 is corrected (44G), so the revoke is ruled
    # first (62B); dummy's lead, a card played after the revoke, may be withdrawn (62C1), and
    # kept it is ruled as it stands, a lead from the wrong hand (55A).
    ruling, rs = solve(BOARD + "play: [W DQ, N D2, E D4, S DK, S HA, W H7, N H2, E C5, N D3, attention W]")
    assert len(rs) == 15 and all([s.clause for s in r.path][:2] == ["62B", "62C1"] for r in rs)
    assert sum("55A" in r.laws for r in rs) == 10
    assert "not yet ruled" not in notices(ruling)


def test_acceptance_statement_settles_the_proper_lead_finding() -> None:
    # North won trick 1; West leads HJ and North (next in rotation, the proper leader) plays H3:
    # a play to the lead or his proper lead (53A / 53B)? Declarer's acceptance statement
    # before North's card settles it: the lead was accepted.
    base = BOARD + "play: [W DQ, N DA, E D4, S D7, W HJ, {extra}N H3, attention E]"
    _, both = solve(base.format(extra=""))
    assert len(both) == 2
    ruling, rs = solve(base.format(extra="S accepts, "))
    assert len(rs) == 1 and "53B" not in rs[0].laws and "not yet ruled" not in notices(ruling)


@pytest.mark.parametrize("name", ["leads/own-53a-accepted-lead-then-revoke.yaml",
                                  "leads/own-53a-accepted-by-statement-then-revoke.yaml",
                                  "leads/own-63a1-revoke-established-by-lead-out-of-turn.yaml"])
def test_both_irregularities_ruled(name: str) -> None:
    ruling, _ = solve(name)
    assert "not yet ruled" not in notices(ruling)
    assert len(ruling.irregularities) == 2


# ----- property: a recorded choice selects exactly its branch of the full enumeration ----------------
def _random_lead_case(seed: int, recorded: list[str] | None = None) -> str:
    import random

    rng = random.Random(seed)
    deck = [s + r for s in "SHDC" for r in "AKQJT98765432"]
    rng.shuffle(deck)
    order = (Seat.N, Seat.E, Seat.S, Seat.W)
    hands = {s: deck[i * 9 : i * 9 + 9] for i, s in enumerate(order)}
    declarer = rng.choice(order)
    holder = rng.choice((declarer.lho, declarer.rho))
    pcs = rng.sample(hands[holder], rng.choice((1, 2, 3)))

    def hand(cards: list[str]) -> str:
        ranks = "AKQJT98765432"
        return ".".join("".join(sorted((c[1] for c in cards if c[0] == s), key=ranks.index)) for s in "SHDC")

    deal = "N:" + " ".join(hand(hands[s]) for s in order)
    play = [f"attention {declarer}", *(recorded or [])]
    return (f'laws: "{rng.choice(("2017", "2007"))}"\ntrick: 5\nleader: {holder.partner}\ndeal: "{deal}"\ncontract: 3NT\n'
            f"declarer: {declarer}\npenalty: [{', '.join(repr(f'{holder} {c} major') for c in pcs)}]\nplay: [{', '.join(play)}]\n")


def _lines_for(choice: str, declarer: str) -> list[str]:
    if choice == "no restriction":
        return [f"{declarer} leaves"]
    verb, suits = choice.split(" ", 1)
    return [f"{declarer} {verb}s {s.strip()}" for s in suits.split(",")]


@settings(max_examples=25, derandomize=True, database=None, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_recorded_choice_selects_its_branch(seed: int) -> None:
    full_ruling, full = solve(_random_lead_case(seed))
    declarer = str(full_ruling.case.declarer)
    labels = [step.choice for step, _ in full_ruling.expand(full_ruling.root)]
    assert len(labels) == len(full) >= 3
    for label, r in zip(labels, full, strict=True):
        ruling, rs = solve(_random_lead_case(seed, _lines_for(label, declarer)))
        assert [x.key() for x in rs] == [r.key()], label
        assert "not yet ruled" not in notices(ruling)


@pytest.mark.parametrize("line", ["E leads SA face_down", "N picks HK"])
def test_card_not_held_is_a_located_error(line: str) -> None:
    from rulings.models.errors import RulingError

    with pytest.raises(RulingError) as err:
        solve(BOARD + f"play: [{line}, attention S]")
    assert err.value.line == 4 and err.value.token == line.split()[2]


# ----- property: 60B ---------------------------------------------------------------------------------
def _random_60b_case(seed: int) -> tuple[str, Seat, list[tuple[Seat, str]]]:
    import random

    rng = random.Random(seed)
    deck = [s + r for s in "SHDC" for r in "AKQJT98765432"]
    rng.shuffle(deck)
    order = (Seat.N, Seat.E, Seat.S, Seat.W)
    hands = {s: deck[i * 9 : i * 9 + 9] for i, s in enumerate(order)}
    declarer = rng.choice(order)
    proper = rng.choice((declarer, declarer.partner))
    wrong = proper.partner  # declarer leads from the wrong one of his hands
    lead = rng.choice(hands[wrong])
    first = wrong.lho  # next in turn to the irregular lead: his choice prevails (55A)
    said = [f"{first} refuses"] if rng.random() < 0.5 else [f"{first.partner} accepts", f"{first} refuses"]
    if rng.random() < 0.3:
        said.reverse()
    players = rng.sample((declarer.lho, declarer.rho), rng.choice((1, 2)))
    cards = [(s, rng.choice(hands[s])) for s in players]

    def hand(cards: list[str]) -> str:
        ranks = "AKQJT98765432"
        return ".".join("".join(sorted((c[1] for c in cards if c[0] == s), key=ranks.index)) for s in "SHDC")

    deal = "N:" + " ".join(hand(hands[s]) for s in order)
    play = [f"{wrong} {lead}", *said, *(f"{s} {c}" for s, c in cards), f"attention {declarer}"]
    text = (f'laws: "{rng.choice(("2017", "2007"))}"\ntrick: 5\nleader: {proper}\ndeal: "{deal}"\n'
            f"contract: {rng.choice(('3NT', '4S', '4H'))}\ndeclarer: {declarer}\nplay: [{', '.join(play)}]\n")
    return text, wrong, cards


@settings(max_examples=30, derandomize=True, database=None, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_60b_every_defender_card_after_the_refusal_is_a_major_penalty_card(seed: int) -> None:
    text, wrong, cards = _random_60b_case(seed)
    ruling, rs = solve(text)
    assert len(rs) == 1, text
    (r,) = rs
    assert "60B" in r.laws and "55B2" in r.laws
    assert r.table.trick(5) is None or not r.table.trick(5).plays  # type: ignore[union-attr]
    pcs = {(p.seat, str(p.card), str(p.kind)) for p in r.penalty_cards}
    assert pcs == {(s, c, "major") for s, c in cards}
    assert all(p.seat is not wrong and p.seat is not wrong.partner for p in r.penalty_cards)
    assert "not yet ruled" not in notices(ruling)


def _premature_table(after: str) -> object:
    """Trick 2 of BOARD: dummy leads C2, West plays CA before East, then ``after``."""
    case = loads(BOARD + f"play: [W DQ, N DA, E D4, S D7, N C2, W CA, {after}attention S]")
    return case.replay().table


def test_a_premature_card_does_not_move_the_turn_once_taken_back() -> None:
    """East's card after West's premature CA was recorded out of turn (the model reads the
    rotation from the last card); with the CA taken back it is in turn, and only the
    withdrawn card's own entry stays."""
    table = _premature_table("E CQ, S CJ, ")
    assert table.played_out_of_turn(2, Seat.E) is not None and table.played_out_of_turn(2, Seat.W) is not None
    after = table.replace_card(2, Seat.W, None)
    assert after.played_out_of_turn(2, Seat.E) is None
    assert [p for p in after.out_of_turn if p[:2] == (2, Seat.W)] == [p for p in table.out_of_turn if p[:2] == (2, Seat.W)]


def test_a_premature_card_played_at_turn_moves_last_and_reads_the_trick_again() -> None:
    table = _premature_table("E H4, S CJ, ")
    assert not any(r.trick == 2 for r in table.revokes)  # (East's card was out of rotation)
    moved = table.played_at_turn(2, Seat.W)
    trick = moved.trick(2)
    assert trick is not None and [str(s) for s, _ in trick.plays] == ["N", "E", "S", "W"]
    assert not any(n == 2 for n, _ in moved.out_of_turn)
    assert [(str(r.seat), str(r.card)) for r in moved.revokes if r.trick == 2] == [("E", "H4")]


def test_the_lead_taken_off_a_trick_its_partners_card_after_an_early_lead_comes_back_to_it() -> None:
    """Declarer's faced opening lead (54E) goes back: trick 1 holds East's lead, dummy's card
    and declarer's, and East's C4, which the table read as his lead to trick 2, was put down
    before his partner played to trick 1; dummy then played to it and West played his D4:
    as the replay reads such cards (57A, ``TableState.lead_order``), dummy's card is a play
    to East's early lead and West's is his card to trick 1, there a failure to follow suit
    while he holds hearts (61A), and East's lead is marked as made before trick 1 was
    complete."""
    case = loads("deal: S:K98.Q97.KQJ6.A98 T75.AJ52.954.632 643.K3.T82.KQJT7 AQJ2.T864.A73.54\n"
                 "contract: 3S\ndeclarer: N\nplay: [N HK, E HT, S HQ, N DT, E C4, S DJ, W D4, attention E]\n")
    table = case.replay().table
    after = table.replace_card(1, Seat.N, None, card=Card.parse("HK"))
    one, two = after.trick(1), after.trick(2)
    assert one is not None and two is not None
    assert [f"{s} {c}" for s, c in one.plays] == ["E HT", "S HQ", "N DT", "W D4"]
    assert [f"{s} {c}" for s, c in two.plays] == ["E C4", "S DJ"]
    assert (2, Seat.E) in after.early_leads
    assert {(r.trick, str(r.seat), str(r.card)) for r in after.revokes} == {(2, "S", "DJ"), (1, "W", "D4")}


@pytest.mark.parametrize("name", [
    "own-57a-premature-discard-after-a-refused-lead-corrected-then-placed-at-his-turn.yaml",
    "own-57a-premature-ruff-after-a-proper-lead-established-then-placed-at-his-turn.yaml",
    "own-57a-premature-discard-then-declarer-leads-to-the-next-trick-2007.yaml",
    "own-57a-premature-discard-then-the-next-trick-is-played.yaml",
    "own-57a-premature-discard-trick-completed-then-play-went-on-to-the-end.yaml",
    "own-57d-illegal-card-trick-completed-then-play-went-on-to-the-end.yaml",
    "own-2007-rho-turn-illegal-card-trick-completed-then-play-went-on-to-the-end.yaml",
])
def test_a_card_out_of_rotation_that_stood_as_a_revoke_stands_at_its_turn_once_ruled(name: str) -> None:
    """57A, 57D (2007 50): a card put on the trick out of rotation that play went on past is
    a revoke, left where it was played while the correction's cascade reads the order of play
    (62C1, 62C2); once the revoke is corrected (62B: its substitute) or stands established
    (63B: the card itself), every complete trick as restored is in rotation from its leader
    (44B)."""
    _, restorations = solve(f"leads/{name}")
    assert restorations
    for r in restorations:
        for t in r.table.tricks:
            if t.is_complete:
                assert [s for s, _ in t.plays] == [t.leader.next(k) for k in range(4)], (r.number, t)


def test_declarer_chooses_once_for_one_lead_after_dummys_lead_out_of_turn_is_refused() -> None:
    """West leads out of turn, refused (56): his H3 a major penalty card and declarer's 50D2
    choice over East's lead comes with it. Play resumes with dummy leading out of turn, and
    the defenders may refuse that lead (55A): East is then to lead the same trick, and the
    choice made for that lead stands; declarer does not choose again."""
    _, rs = solve("""laws: 2017
deal: E:742.AKQ.K96.K9 T8.T6.Q.AT7654 93.J985432.73. J6.7.J82.QJ832
contract: 1HX
declarer: N
trick: 3
leader: E
won: {NS: 1, EW: 1}
play: [W H3, attention S, resume, N H7, attention W]
""")
    assert len(rs) == 7
    assert all(sum(1 for s in r.path if s.clause.startswith("50D2")) <= 1 for r in rs)


def test_lines_that_settle_nothing_are_said_in_the_records_order() -> None:
    """54C with a refusal by declarer, then dummy's and the offender's partner's acceptances:
    each settles nothing, and the notes come in the order of the record's lines."""
    base = 'deal: "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"\ncontract: 4S\ndeclarer: S\n'
    lines = ["E HK", "director finds saw_dummy", "attention S", "S refuses", "N accepts", "W accepts"]
    ruling, _ = solve(base + "play:\n" + "".join(f"  - {line}\n" for line in lines))
    said = [n for n in ruling.notices if "settles nothing" in str(n)]
    assert len(said) == 3 and [n.line for n in said] == sorted(n.line for n in said)
