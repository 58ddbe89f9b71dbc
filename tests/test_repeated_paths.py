"""No choice offered twice: two paths of one ruling never end in the same restoration.

A card two rules both let its player withdraw (45D1 and 62C1; a refused 45C4(b) change and
62C1) is his one choice, offered once: each restoration is reached by one path, so the
leaves the engine streams have distinct keys before any deduplication (``summary.unique``).
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from pathlib import Path

import pytest
import yaml

from rulings.models import parse_case
from rulings.models.events import Play
from rulings.solver.casefile import load
from rulings.solver.generate_mixed import DEFAULT_FAMILIES, FAMILIES, random_mixed_case
from rulings.solver.ruling import Ruling

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_properties import check_conservation

CASES = Path(__file__).resolve().parent.parent / "cases"


def _repeated(case: object) -> list[str]:
    keys = Counter(r.key() for r in Ruling(case).restorations())  # type: ignore[arg-type]
    return [k for k, n in keys.items() if n > 1]


#: declarer revokes before dummy's error, West leads on (45D1 and 62C1 both reach his lead)
MISPLAY_AFTER_REVOKE = {
    "deal": "N:J1043.32.A32.K432 982.KQ65.7654.Q5 AQ76.A4.K8.J10987 K5.J10987.QJ109.A6",
    "contract": "4S", "declarer": "S",
    "play": ["W HJ", "N H2", "E HK", "S H4", "E D7", "S C7", "W D9", "S calls D3", "N D2", "W HT", "attention E"],
}


def test_a_lead_after_a_revoke_and_dummy_error_is_chosen_once() -> None:
    case = parse_case(MISPLAY_AFTER_REVOKE)
    assert not _repeated(case)
    rs = list(Ruling(case).restorations())
    assert len(rs) == 27
    # the choice over West's lead is 62C1's (or 44G's), never also 45D1's
    assert not any(s.clause == "45D1" and "lead of HT" in s.question for r in rs for s in r.path)


@pytest.mark.parametrize("name", [
    "combined/designation-refused-change-declarer-revokes-to-the-card-that-stands-defender-leads-on.yaml",
    "combined/misplay-after-declarer-revoke-defender-leads-on.yaml",
    "combined/designation-refused-change-declarer-revokes-to-the-card-that-stands.yaml",
    # dummy's card that stands after a refused change a revoke: the card after it is 62C1's, not also 47D's
    "combined/designation-refused-change-dummys-placed-card-revokes-opponent-changes-once-62c1.yaml",
    # cards played together, then the offender's partner's revoke: the card after it is 62C1's, not also 58B3's
    "combined/cards-led-together-partner-revokes-opponent-after-the-revoke-changes-once-62c1.yaml",
    # two revokes of one side on a trick: dummy's lead after both is 62C1's one choice
    "revoke/own-62c1-both-defenders-revoke-one-trick-dummy-leads-on-one-choice.yaml",
    # 62C3, a defender's early lead after the other side's revoke: 57A's and 62C1's one course
    "revoke/own-62c3-defenders-early-lead-another-hand-wins-the-corrected-trick-one-course.yaml",
    # 62C3, a lead put down before the trick was complete, after the partner's card, out of
    # turn once the trick is corrected: 56's and 62C1's one course
    "revoke/own-62c3-lead-put-down-before-the-trick-was-complete-out-of-turn-once-corrected-one-course.yaml",
    # the same with the leader's partner's card on that lead: refused, it is the partner's own
    # lead out of turn, refused in turn: 56's and 62C1's one course
    "revoke/own-62c3-defenders-early-lead-with-partners-card-after-it-out-of-turn-once-corrected-one-course.yaml",
    # 62C3 with a third revoke on the trick, after the leader's early lead: every revoke is
    # corrected before his choice over that lead, on the trick as corrected
    "revoke/own-62c3-three-revokes-on-one-trick-all-corrected-before-the-early-lead-is-ruled.yaml",
    # a refused change's 47D substitute is the card played together on the next trick: the
    # 58B3 change there waits for it, and is offered only where that card still stands
    "combined/designation-refused-change-47d-substitute-is-a-card-played-together-later-58b3-waits.yaml",
    # a defender's lead out of turn after the other side's revoke, of a card that was a major
    # penalty card: taken back (62C1) or refused (56), one position, offered once
    "revoke/own-62c1-defenders-lead-out-of-turn-after-the-revoke-of-a-major-penalty-card-one-course.yaml",
    "revoke/own-62c1-defenders-lead-out-of-turn-after-the-revoke-of-a-major-penalty-card-one-course-2007.yaml",
    # the same after dummy's error: taken back (45D1) or refused (56), one position, offered once
    "dummy-misplay/own-45d1-defenders-lead-out-of-turn-of-a-major-penalty-card-one-course.yaml",
    "dummy-misplay/own-45d1-defenders-lead-out-of-turn-of-a-major-penalty-card-one-course-2007.yaml",
    # the revoker's partner's card is his own revoke (it fails 57D's requirement): corrected
    # once under 62B, not also changed under 62C2 once a non-offender changed
    "revoke/own-62c2-revokers-partner-fails-a-57d-requirement-corrected-once-under-62b.yaml",
])
def test_corpus_records_with_two_rules_over_one_card(name: str) -> None:
    case = load(CASES / name)
    assert not _repeated(case)
    # no player but dummy takes back two cards of one trick (a card, then its substitute)
    for r in Ruling(case).restorations():
        seen = Counter((w.seat, w.trick) for w in r.withdrawn if w.seat is not case.declarer.partner)
        assert all(n == 1 for n in seen.values()), r.key()


@pytest.mark.parametrize("name", [
    "leads/own-56-refused-lead-then-52-card-at-his-turn-and-partner-revoke-62c2-change-to-the-penalty-card-once.yaml",
    "leads/own-56-refused-lead-then-52-card-at-his-turn-and-partner-revoke-62c2-change-to-the-penalty-card-once-2007.yaml",
])
def test_a_62c2_change_to_the_penalty_card_due_is_declarers_52b2_refusal_once(name: str) -> None:
    """A defender's card that failed to play a penalty card, accepted by declarer (52B1(a)),
    taken back under 62C2 for that penalty card: the position of declarer's refusal (52B2),
    reached by it alone."""
    case = load(CASES / name)
    assert not _repeated(case)
    rs = list(Ruling(case).restorations())
    assert not any(any(s.clause == "52B1(a)" for s in r.path) and any(s.clause == "62C2" and s.choice == "change to S4" for s in r.path)
                   for r in rs)
    assert any(s.clause == "52B2" for r in rs for s in r.path)


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_random_mixed_records_repeat_no_restoration(edition: str) -> None:
    """Random whole records with several irregularities: no two leaves share a key (among them
    a revoke made before dummy's wrong card in the same trick, a shape where two rules reach one
    card; the default draw, which leaves out play gone on after a changed designation)."""
    for i in range(120):
        case = parse_case(random_mixed_case(random.Random(i), edition=edition))
        assert not _repeated(case), i


#: East puts two diamonds down together on West's diamond lead (58B2); South, after them,
#: discards a club holding diamonds: his withdrawal is the revoke's correction (62B), with NS
#: the offending side (16C), never also a 58B3 change with EW offending
TOGETHER_THEN_OPPONENT_REVOKES = {
    "deal": "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6",
    "contract": "4S", "declarer": "S",
    "play": ["W DQ", "N D2", "E plays D4 D5 simultaneous", "S C7", "attention W"],
}


def test_an_opponents_revoke_after_cards_played_together_is_corrected_once() -> None:
    case = parse_case(TOGETHER_THEN_OPPONENT_REVOKES)
    rs = list(Ruling(case).restorations())
    assert not _repeated(case)
    assert len(rs) == 6
    for r in rs:
        assert [s.clause for s in r.path] == ["58B2", "62B"], r.key()
    sides = {str(i.unauthorized) for r in rs for i in r.ledger if str(i.card) == "C7"}
    assert sides == {"NS"}, sides


#: a defender's card at his right-hand opponent's turn (put down with his partner's lead,
#: 58A), then another card of his at his own turn to the same trick: each record and edition
CARD_AT_RHO_TURN_THEN_ANOTHER_AT_TURN = [
    (laws, first, tail)
    for laws in ("2017", "2007")
    for first in ("D5", "H4")  # (lawful there; not lawful, East holding diamonds)
    for tail in ((), ("S DK",))
]


@pytest.mark.parametrize(("laws", "first", "tail"), CARD_AT_RHO_TURN_THEN_ANOTHER_AT_TURN)
def test_a_card_at_his_turn_after_one_at_the_right_hand_opponents_is_never_lost(laws: str, first: str,
                                                                                 tail: tuple[str, ...]) -> None:
    case = parse_case({
        "laws": laws,
        "deal": "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6",
        "contract": "4S", "declarer": "S",
        "play": ["W CA", "N C2", "E C5", "S C7", "W DQ", f"E plays {first} simultaneous", "N D2", "E D4", *tail,
                 "attention W"],
    })
    rs = list(Ruling(case).restorations())
    assert rs
    recorded = [(e.seat, e.card) for e in case.events if isinstance(e, Play)]
    for r in rs:
        check_conservation(case, r, replayed=True)  # (a penalty card taken back may be played, 52B2)
        standing = {p for t in r.table.tricks for p in t.plays}
        gone = {(w.seat, w.card) for w in r.withdrawn}
        for p in recorded:
            assert p in standing or p in gone, (p, r.key())


#: 62C3 (2017): declarer and West revoke on trick 4 (after a 45D1 correction and East's
#: premature lead, ruled before play resumed), then declarer leads to trick 5 while East's
#: card wins it: a lead made out of turn after the revokes
BOTH_SIDES_THEN_LEAD_OUT_OF_TURN = {
    "laws": 2017, "deal": "E:AK.KQT9.752.2 72.AJ8.A96.Q3 T85..QJ8.AK87 J9.32.KT43.64",
    "contract": "1SXX", "declarer": "S", "trick": 4, "leader": "N", "won": {"NS": 1, "EW": 2},
    "play": ["S calls D3", "N C4", "E C2", "E H9", "attention E", "resume", "S C3", "W CA", "S HA", "attention N"],
}


def test_a_lead_out_of_turn_after_both_sides_revoked_is_the_opponents_once() -> None:
    """62C3: declarer's lead, made out of turn after the revokes, is his to keep or take back
    (62C1) when he wins the corrected trick (kept, in turn: no 55A); when another hand wins
    it, his withdrawal and the defenders' refusal (55A) end alike (both sides offended, 16C),
    so the lead stays as made and the defenders accept or refuse it, once."""
    case = parse_case(BOTH_SIDES_THEN_LEAD_OUT_OF_TURN)
    assert not _repeated(case)
    for r in Ruling(case).restorations():
        table = r.table
        won = table.trick(4).winner(table.trumps)  # type: ignore[union-attr]
        lead = [s for s in r.path if s.question == "S may withdraw his lead of HA"]
        assert len(lead) == 1, r.key()
        if won is case.declarer:
            assert not any(s.clause == "55A" for s in r.path), r.key()
        else:
            assert lead[0].choice == "keep" and lead[0].kind.name == "FORCED", r.key()
            assert any(s.clause == "55A" for s in r.path), r.key()


@pytest.mark.parametrize("seed", [18, 782])
def test_an_early_lead_after_both_sides_revoked_goes_back_once(seed: int) -> None:
    """62C3 with a defender's lead put down before his partner played (57A) and played after
    the other side's revoke (62C1): where another hand wins the corrected trick, keeping it
    (57A: a major penalty card) and taking it back (62C3: a major penalty card) end alike, so
    the lead stays for 57A to rule, a forced step citing 62C3; where he wins it, both are
    his to choose (records drawn with an open change and an early lead)."""
    record = random_mixed_case(random.Random(seed), edition="2017", families=["open_change", "early"])
    case = parse_case(record)
    assert not _repeated(case)
    merged = 0
    for r in Ruling(case).restorations():
        steps = [s for s in r.path if s.clause == "62C1" and "withdraw his lead of" in s.question]
        if not steps:
            continue
        (step,) = steps
        if step.actor != json.loads(r.key())["lead"]:  # another hand won the corrected trick
            merged += 1
            assert step.kind.name == "FORCED" and step.choice == "keep", r.key()
            assert "62C3" in step.also and any(s.clause == "57A" for s in r.path), r.key()
        else:
            assert step.kind.name == "OPTION", r.key()
    assert merged


#: declarer revokes on trick 7, dummy places a card not designated, West (who played after
#: the revoke) wins and leads on in the suit led: his lead is the revoke rules' one choice
LEAD_OF_THE_SUIT_LED_AFTER_REVOKE_AND_MISPLAY = {
    "laws": 2017, "deal": "E:5.Q932..96 7.AKT8.9.3 ..T5432.AT A96...K875", "contract": "2S", "declarer": "S",
    "trick": 7, "leader": "E", "won": {"NS": 4, "EW": 2},
    "play": ["E C9", "S D9", "W CT", "S calls C5", "N C8", "W CA", "W exposes D5 dropped visible_to_partner", "attention N"],
}

#: a changed designation refused, then a lead out of turn accepted, North's revoke on trick
#: 10, dummy's error after it, and East (who played after the revoke) leads on in the suit led
REVOKE_THEN_MISPLAY_LEAD_OF_THE_SUIT_LED = {
    "deal": "S:AKJ982.3.5. Q3.J9.987.7 7.765.K6.A6 .QT2.JT3.95", "contract": "4C", "declarer": "N",
    "trick": 6, "leader": "W", "won": {"NS": 3, "EW": 2},
    "play": ["W HJ", "N H7", "E HQ", "S H3", "E H2", "S S2", "W H9", "N H6", "W SQ", "N S7", "E HT", "S SA",
             "N calls SK", "N changes to D5 rethink", "W D7", "N D6", "E D3", "W C7", "N H5", "E C9", "N calls D5",
             "S SJ", "E C5", "attention E"],
}


@pytest.mark.parametrize(("record", "seat", "lead"), [
    (LEAD_OF_THE_SUIT_LED_AFTER_REVOKE_AND_MISPLAY, "W", "CA"),
    (REVOKE_THEN_MISPLAY_LEAD_OF_THE_SUIT_LED, "E", "C5"),
])
@pytest.mark.parametrize("edition", [2017, 2007])
def test_a_lead_of_the_suit_led_after_a_revoke_and_dummy_error_is_chosen_once(
        record: dict[str, object], seat: str, lead: str, edition: int) -> None:
    """45D1 leaves the lead to the revoke rules (62C1, 44G), which offer it once; the led
    card is no substitute for its player's card on the revoke trick (docs/decisions.md)."""
    case = parse_case({**record, "laws": edition})
    assert not _repeated(case)
    rs = list(Ruling(case).restorations())
    assert rs
    assert not any(s.clause == "45D1" and f"lead of {lead}" in s.question for r in rs for s in r.path)
    assert all(sum(f"lead of {lead}" in s.question for s in r.path) <= 1 for r in rs)


def _drawn(seed: int, edition: str, families: tuple[str, ...] | None, cut: bool) -> object:
    """The record of ``seed`` as benchmarks/whole_record_sweep.py draws it: whole, or
    ``cut`` with attention drawn, and play resumed, before its own attention."""
    rng = random.Random(seed)
    mapping = random_mixed_case(rng, edition=edition, families=families)
    if cut:
        play = [str(line) for line in mapping["play"]]
        first = next(i for i, line in enumerate(play) if line.startswith("attention"))
        at = rng.randint(1, first - 1)
        mapping["play"] = [*play[:at], f"attention {rng.choice('NESW')}", "resume", *play[at:]]
    return parse_case(mapping)


def _after_waived(r: object, clause: str, choice: str) -> bool:
    """Whether ``r``'s path lets a penalty card stay at a lead (50D2(b)/51B2(c)) and later
    makes the choice ``clause`` ``choice``."""
    path = [(s.clause, s.choice) for s in r.path]  # type: ignore[attr-defined]
    waived = next((i for i, (c, ch) in enumerate(path) if c in ("50D2(b)", "51B2(c)") and ch == "no restriction"), None)
    return waived is not None and (clause, choice) in path[waived + 1:]


@pytest.mark.parametrize(("seed", "edition", "families", "lead", "later", "count"), [
    # a penalty card made since (62C1 under 62C3) makes the later choice 51B2's over H4 and DK
    # (the course that forbade or required hearts gets its own choice over DK at the refusal
    # of dummy's lead out of turn, 55A: test_..._the_earlier_and_the_added_cards_suits below)
    (2354, "2017", ("lead", "early"), "H", "51B2(a)", 271),
    # a lead out of turn by the holder refused (56) at the same lead: 51B2 over CA and HJ
    (2783, "2017", None, "C", "51B2(a)", 19),
    (2783, "2007", None, "C", "51B2(a)", 19),
])
def test_a_requirement_over_the_earlier_penalty_cards_is_offered_at_the_earlier_lead(
        seed: int, edition: str, families: tuple[str, ...] | None, lead: str, later: str, count: int) -> None:
    """Declarer let the penalty cards stay at the partner's lead (50D2(b)); a penalty card
    of another suit was added before that lead was made: requiring (or forbidding) a suit of
    the earlier cards at the later 51B2 choice is the position of the same choice at the
    earlier lead, the added card left a penalty card: one restoration, offered there."""
    case = _drawn(seed, edition, families, cut=True)
    rs = list(Ruling(case).restorations())  # type: ignore[arg-type]
    assert not any(_after_waived(r, later, f"require {lead}") for r in rs)
    assert len({r.key() for r in rs}) == count
    if seed == 2354:
        assert not _repeated(case)


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_lead_left_to_the_revoke_correction_is_not_also_45d1s_after_the_pause(edition: str) -> None:
    """Declarer revokes, then dummy places a card not designated; an opponent drops a card
    before the next lead (ruled at the pause of the 45D1 correction) and West leads on: his
    lead is the revoke rules' one choice (62C1, 44G), never also 45D1's once the pause is
    ruled (default draw, seed 628)."""
    case = _drawn(628, edition, None, cut=False)
    assert not _repeated(case)
    rs = list(Ruling(case).restorations())  # type: ignore[arg-type]
    assert len(rs) == 392
    assert not any(s.clause == "45D1" and "lead of D2" in s.question for r in rs for s in r.path)


def test_a_card_placed_by_an_exposure_ruling_fails_a_penalty_card_once() -> None:
    """A card exposed at its player's turn is played (45C1) and fails to play a penalty card
    an earlier ruling made (49): declarer accepts it (52B1(a)) or refuses it (52B2), one
    choice; the card accepted is not found again as a failure once the ruling is over."""
    case = load(CASES / "penalty" / "own-52-card-played-by-exposure-fails-a-penalty-card-made-by-exposure-accepted-once.yaml")
    assert not _repeated(case)
    rs = list(Ruling(case).restorations())
    assert sorted(s.clause for r in rs for s in r.path if s.clause.startswith("52")) == ["52B1(a)", "52B2"]


@pytest.mark.parametrize(("seed", "edition", "count"), [
    # a lead out of turn refused (56) makes the penalty card; 57A, then 45C1 places the card
    # (where declarer required the highest club, 57A1, the ace placed keeps it and fails no
    # penalty card: the restriction comes first, 50D1(b); the restoration where South's 47D
    # substitute is the CA he exposes after 'resume' is not played on into that part)
    (2806, "2017", 25), (2806, "2007", 25),
    # the 45C1 card accepted, then a revoke corrected (62B) before the next reopening (the
    # restoration where South's 47D substitute is the D2 he played later is not played on
    # into the part after 'resume': the record no longer fits it, trick 9 left in the hands;
    # nor those where North's revoke on trick 9 is corrected with the DQ he exposes after it)
    (2982, "2017", 37), (2982, "2007", 37),
])
def test_a_failure_to_play_a_penalty_card_by_a_card_placed_under_45c1_is_chosen_once(seed: int, edition: str, count: int) -> None:
    """Seeds of the default draw, cut: declarer's 52B1(a) acceptance and his 52B2 refusal of
    one failure never both on one path."""
    case = _drawn(seed, edition, None, cut=True)
    assert not _repeated(case)
    rs = list(Ruling(case).restorations())  # type: ignore[arg-type]
    assert len(rs) == count
    for r in rs:
        path = [s.clause for s in r.path]
        assert not ("52B1(a)" in path and "52B2" in path), path


@pytest.mark.parametrize(("seed", "edition", "families", "forbidden", "earlier", "added", "count"), [
    # the added card (DK) made by a revoke corrected under 62C3; the choice over it comes
    # with the refusal of dummy's lead out of turn (55A) on the course that forbade hearts too
    (2354, "2017", ("lead", "early"), "H, D", "H", "D", 271),
    # the added card (HJ) the holder's own lead out of turn, refused (56)
    (2783, "2017", None, "H, C", "C", "H", 19),
    (2783, "2007", None, "H, C", "C", "H", 19),
])
def test_forbidding_the_earlier_and_the_added_cards_suits_is_two_choices_of_the_earlier_course(
        seed: int, edition: str, families: tuple[str, ...] | None, forbidden: str, earlier: str, added: str,
        count: int) -> None:
    """Declarer let the penalty cards stay at the partner's lead (50D2(b)); a penalty card of
    another suit was added before that lead was made, and a lead out of turn refused at it
    asks for declarer's choice again: forbidding the earlier card's suit and the added card's
    at that later 51B2 choice is the position of forbidding the first at the earlier lead and
    the second over the added card at the refusal (50D2(a), which that ruling asks for on every
    course: 55A, 56), offered there only."""
    case = _drawn(seed, edition, families, cut=True)
    assert not _repeated(case)
    rs = list(Ruling(case).restorations())  # type: ignore[arg-type]
    assert len({r.key() for r in rs}) == count
    assert not any(_after_waived(r, "51B2(b)", f"forbid {forbidden}") for r in rs)
    # the earlier course: forbid the earlier suit, then the added card's at the refusal
    two = [r for r in rs if [(s.clause, s.choice) for s in r.path if s.clause.startswith(("50D2", "51B"))]
           == [("50D2(a)", f"forbid {earlier}"), ("50D2(a)", f"forbid {added}")]]
    assert two


@pytest.mark.parametrize("name", [
    "revoke/own-62c1-revoke-and-partners-early-lead-breaking-a-requirement-cards-after-both-one-choice.yaml",
    "revoke/own-62c1-revoke-and-partners-early-lead-breaking-a-requirement-cards-after-both-one-choice-2007.yaml",
])
def test_a_card_played_after_two_revokes_of_one_side_on_two_tricks_is_one_choice(name: str) -> None:
    """A defender revokes after his partner's early lead to the next trick, a lead that broke
    declarer's requirement (61A): a card of the declaring side's played to that lead is taken
    back once (62C1), in the cascade of the later revoke, never kept at one correction and
    changed at the other, nor changed twice."""
    case = load(CASES / name)
    assert not _repeated(case)
    rs = list(Ruling(case).restorations())
    assert len(rs) == 18
    for r in rs:
        seen = Counter((w.seat, w.trick) for w in r.withdrawn if w.seat.side is case.declarer.side)
        assert all(n == 1 for n in seen.values()), r.key()


def test_a_lead_before_declarers_choice_kept_or_withdrawn_under_62c3_is_one_outcome() -> None:
    """Both sides revoked on the trick; the defender who wins it as corrected led before
    declarer's 50D2 choice over his partner's major penalty card: kept (50D2 sends it back,
    49) or taken back (62C1 under 62C3), it is a major penalty card: offered once."""
    case = load(CASES / "revoke" / "own-62c3-defenders-lead-before-declarers-50d2-choice-kept-or-withdrawn-one-outcome.yaml")
    assert not _repeated(case)
    rs = list(Ruling(case).restorations())
    assert len(rs) == 3
    assert not any(s.choice == "withdraw" and "lead of ST" in s.question for r in rs for s in r.path)


@pytest.mark.parametrize("laws", ["2017", "2007"])
def test_an_opponents_change_after_cards_played_together_waits_for_the_ruling_of_the_tricks_lead(laws: str) -> None:
    """A fifth card found led out of turn, then the proper leader's card (53B, 2007 53C) and
    cards played together: the card played is a revoke once the proper lead is ruled, so the
    opponent's change after it is 62C1's, where the revoke is corrected, offered once (the
    58B3 option waits for the ruling of the trick's lead)."""
    path = CASES / "combined" / "own-58b3-card-played-together-revokes-once-the-proper-lead-is-ruled-opponent-changes-once-62c1.yaml"
    mapping = yaml.safe_load(path.read_text())
    case = parse_case({**mapping, "laws": laws})
    assert not _repeated(case)
    rs = list(Ruling(case).restorations())
    assert len(rs) == 8
    for r in rs:
        changed = [s for s in r.path if s.clause in ("58B3", "62C1") and s.kind.name == "OPTION"]
        assert len(changed) <= 1, [str(s) for s in r.path]


@pytest.mark.parametrize("name", [
    # the lead out of turn as the trick stood (West's SK won it), in turn once corrected
    "own-62c3-defenders-lead-out-of-turn-as-played-in-turn-once-corrected-before-declarers-50d2-choice-one-outcome.yaml",
    # the lead a fifth card found led (45E1)
    "own-62c3-defenders-fifth-card-found-led-before-declarers-50d2-choice-one-outcome.yaml",
])
def test_a_lead_before_declarers_choice_under_62c3_is_one_outcome_however_it_was_made(name: str) -> None:
    """As above, the lead made out of turn as the revoke trick stood, or a fifth card found
    led: the same one outcome, offered once."""
    case = load(CASES / "revoke" / name)
    assert not _repeated(case)
    rs = list(Ruling(case).restorations())
    assert len(rs) == 3
    assert not any(s.choice == "withdraw" and "lead of ST" in s.question for r in rs for s in r.path)


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_lead_of_his_own_major_penalty_card_before_declarers_choice_kept_or_withdrawn_is_one_outcome(edition: str) -> None:
    """Dummy's revoke corrected, North (who wins the trick) led his own major penalty card
    before declarer's 50D2 choice over South's: kept (50D2 sends it back, 49) or taken back
    (62C1, back as the penalty card it was), it is a major penalty card with North to lead
    after declarer's choice: offered once, the lead staying for 50D2 to rule. With the switch
    off both courses are offered, and the position with no restriction is given twice."""
    name = ("own-62c1-defenders-lead-of-his-major-penalty-card-before-declarers-50d2-choice-kept-or-withdrawn-"
            f"one-outcome-{edition}.yaml")
    mapping = yaml.safe_load((CASES / "revoke" / name).read_text())
    case = parse_case(mapping)
    assert not _repeated(case)
    rs = list(Ruling(case).restorations())
    assert len(rs) == 3
    assert not any(s.choice == "withdraw" and "lead of H4" in s.question for r in rs for s in r.path)
    both = parse_case({**mapping, "decisions": {"lead_before_50d2_choice_kept_or_withdrawn_offered_once": False}})
    assert len(_repeated(both)) == 1
    assert len(list(Ruling(both).restorations())) == 4  # type: ignore[arg-type]


@pytest.mark.parametrize(("seed", "edition", "count"), [
    # 62C1 after East's revoke and West's early lead that broke a requirement (61A)
    (3142, "2017", 673), (3142, "2007", 673),
    # 62C3, East's lead before declarer's 50D2 choice over West's penalty card
    (7515, "2017", 240),
    # 62C3, West's lead made out of turn after the revokes, his in turn once corrected, made
    # before declarer's 50D2 choice over East's penalty cards: kept or taken back, one position
    (28774, "2017", 653),
    # North's lead of his own major penalty card before declarer's 50D2 choice over South's,
    # after dummy's revoke (62C1): kept or taken back, one position
    (42346, "2017", 200), (42346, "2007", 200),
])
def test_cut_records_of_two_revokes_repeat_no_restoration(seed: int, edition: str, count: int) -> None:
    """Seeds of the default draw, cut (benchmarks/whole_record_sweep.py): each restoration
    reached by one path."""
    case = _drawn(seed, edition, None, cut=True)
    assert not _repeated(case)
    assert len(list(Ruling(case).restorations())) == count  # type: ignore[arg-type]


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_62c2_change_to_a_minor_penalty_card_failed_is_declarers_52b2_refusal_once(edition: str) -> None:
    """A defender's card below honour rank of his minor penalty card's suit, played before
    it (50C), accepted by declarer (52B1(a)), taken back under 62C2 for that penalty card:
    the position of declarer's refusal (52B2), reached by it alone, as with a major one."""
    name = "exposed-minor-penalty-card-failed-partner-revokes-62c2-change-to-the-penalty-card-is-the-52b2-refusal-once.yaml"
    mapping = yaml.safe_load((CASES / "combined" / name).read_text())
    case = parse_case({k: v for k, v in mapping.items() if k not in ("title", "source", "notes", "expect")} | {"laws": edition})
    assert not _repeated(case)
    rs = list(Ruling(case).restorations())
    assert len(rs) == 10
    assert not any(any(s.clause == "52B1(a)" for s in r.path) and any(s.clause == "62C2" and s.choice == "change to D8" for s in r.path)
                   for r in rs)


#: West to lead; East leads out of turn and West puts a card down on it, declarer puts two
#: cards down together, one face up: East's lead refused (56) brings declarer's 50D2 choice
#: at West's lead, then declarer's face-up card is a lead out of turn the defenders refuse
#: (55A): West is still to lead, and declarer chose at that lead already
CHOICE_THEN_DECLARERS_LEAD_REFUSED = {
    "deal": "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6",
    "contract": "4S", "declarer": "S",
    "play": ["W DQ", "N D2", "E D4", "S D7", "E H4", "S plays C7 C8 simultaneous visible C7", "W H7", "attention S"],
}


@pytest.mark.parametrize("cut", [False, True])
@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_declarer_chooses_once_at_a_lead_whose_out_of_turn_leads_are_refused(edition: str, cut: bool) -> None:
    """Declarer's 50D2 choice made with the refusal of a defender's lead out of turn (56), his
    own lead out of turn at the same lead refused after it (55A): no second choice there,
    whether he let the penalty card stay (50D2(b)) or not, and whether that lead was played in
    the same part of the record or in a part played on after the ruling."""
    play = list(CHOICE_THEN_DECLARERS_LEAD_REFUSED["play"])
    if cut:
        # the refused lead of East's ruled first, declarer's own lead out of turn played on after it
        play = [*play[:4], "E H4", "W H7", "attention S", "resume", "N C2", "attention W"]
    case = parse_case({**CHOICE_THEN_DECLARERS_LEAD_REFUSED, "laws": edition, "play": play})
    assert not _repeated(case)
    rs = list(Ruling(case).restorations())
    for r in rs:
        choices = [s for s in r.path if s.clause.startswith("50D2(")]
        assert len(choices) <= 1, r.key()
    assert any(s.choice == "no restriction" for r in rs for s in r.path)
    assert any(s.clause == "55A" and s.choice == "refuse" for r in rs for s in r.path)


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_an_opponents_card_after_cards_played_together_and_a_revoke_is_changed_once(edition: str) -> None:
    """Cards played together (58B2) and the offender's partner's revoke after them on the
    trick: an opponent's card played after both is his one choice (62C1, where the revoke is
    corrected), never also 58B3's; an opponent's card before the revoke stays 58B3's."""
    name = "cards-led-together-partner-revokes-opponent-after-the-revoke-changes-once-62c1.yaml"
    mapping = yaml.safe_load((CASES / "combined" / name).read_text())
    case = parse_case({k: v for k, v in mapping.items() if k not in ("title", "source", "notes", "expect")} | {"laws": edition})
    assert not _repeated(case)
    rs = list(Ruling(case).restorations())
    assert len(rs) == 11
    for r in rs:
        assert not any(s.clause == "58B3" and s.question.startswith("N ") for s in r.path), r.key()
    assert any(s.clause == "58B3" and s.choice == "change to S3" for r in rs for s in r.path)


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_dummys_card_a_call_placed_changed_under_58b3_stays_changed(edition: str) -> None:
    """Cards played together (58B2), then dummy's card placed by declarer's call of 'low'
    (46B1(c)): declarer's 58B3 change of it is the card dummy plays there, read as the card
    called; the call does not put the card it designated back, so no two changes end alike
    (all families, seed 3882, cut)."""
    from rulings.solver.generate_mixed import FAMILIES

    case = _drawn(3882, edition, tuple(FAMILIES), cut=True)
    assert not _repeated(case)
    rs = list(Ruling(case).restorations())  # type: ignore[arg-type]
    assert len(rs) == 56
    changed = [r for r in rs if any(s.clause == "58B3" and s.choice == "change to DQ" and s.question.startswith("S ") for s in r.path)]
    assert changed and all(json.loads(r.key())["cards"]["3:S"] == "DQ" for r in changed)


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_defenders_card_after_cards_played_together_and_dummys_error_is_changed_once(edition: str) -> None:
    """Declarer's cards played together (58B2), then dummy's card not the one called (45D1):
    South's card, played after both, is his one choice where dummy's card is corrected
    (45D1), never changed under 58B3 and again under 45D1; North's, before dummy's error,
    stays 58B3's (all families, seed 5366, whole)."""
    from rulings.solver.generate_mixed import FAMILIES

    case = _drawn(5366, edition, tuple(FAMILIES), cut=False)
    assert not _repeated(case)
    rs = list(Ruling(case).restorations())  # type: ignore[arg-type]
    assert len(rs) == 13
    assert not any(s.clause == "58B3" and s.question.startswith("S ") for r in rs for s in r.path)
    assert any(s.clause == "58B3" and s.question.startswith("N ") and s.choice != "keep" for r in rs for s in r.path)
    for r in rs:
        assert sum(w.seat.name == "S" and w.trick == 5 for w in r.withdrawn) <= 1, r.key()


FIFTH_SET = ("fifth", "exposure", "revoke", "lead", "misplay", "change", "revoke_misplay", "open_change", "early")


@pytest.mark.parametrize(("cut", "count"), [(False, 49), (True, 51)])
def test_declarers_early_lead_with_dummys_card_after_both_sides_revoked_is_the_defenders_once(cut: bool, count: int) -> None:
    """62C3: declarer's lead to the next trick, put down before the revoke trick was complete,
    with dummy's card played to it; another hand wins the corrected trick. Refused (55A), it
    leaves dummy's card read as dummy's lead out of turn, refused in turn: what declarer's
    taking it back (62C1) leaves. So the lead stays as made, a forced step citing 62C3, and
    the defenders accept or refuse it, once (the ``fifth`` set, seed 298)."""
    case = _drawn(298, "2017", FIFTH_SET, cut=cut)
    assert not _repeated(case)
    rs = list(Ruling(case).restorations())  # type: ignore[arg-type]
    assert len(rs) == count
    steps = [s for r in rs for s in r.path if s.question == "S may withdraw his lead of H6"]
    assert steps and all(s.kind.name == "FORCED" and s.choice == "keep" and "62C3" in s.also for s in steps)
    assert any(s.clause == "55A" and s.choice == "refuse" for r in rs for s in r.path)


ALL_FAMILIES = tuple(FAMILIES)
TOGETHER_SET = ("together", *DEFAULT_FAMILIES)


@pytest.mark.parametrize(("seed", "families"), [(5543, ALL_FAMILIES), (5847, ALL_FAMILIES), (5694, ALL_FAMILIES),
                                                (817, TOGETHER_SET)])
@pytest.mark.parametrize("edition", ["2017", "2007"])
@pytest.mark.parametrize("cut", [False, True])
def test_a_choice_over_a_later_trick_waits_for_the_earlier_tricks_rulings(seed: int, families: tuple[str, ...],
                                                                          edition: str, cut: bool) -> None:
    """Records drawn as benchmarks/whole_record_sweep.py draws them, whole and cut, where a
    choice over a card of a later trick was offered before the rulings of an earlier trick
    that take that card off (or change who won the trick) had settled: an opponent's 58B3
    change after cards played together, ruled with their penalty cards ahead of the 47D
    substitutes of a refused change of designation on an earlier trick (5543, 5847, 817);
    the leader's choice over his lead put down early, before a third revoke on the 62C3
    trick was corrected (5694). Each is offered once the earlier rulings have settled, on the
    table they leave: no restoration is given twice, every card is kept."""
    case = _drawn(seed, edition, families, cut=cut)
    assert not _repeated(case)
    for r in Ruling(case).restorations():  # type: ignore[arg-type]
        check_conservation(case, r, replayed=True)


#: West leads, North fails to follow, dummy places a card declarer did not call and South
#: plays his diamond exposed before the trick, a minor penalty card when the director finds his
#: partner could see it (the generated whole record of the default draw's seed 23953)
PARTNERS_PENALTY_CARD_AFTER_REVOKE_AND_DUMMY_ERROR = {
    "deal": "W:KJ7.6.KQ952.6 A9.Q8543.6.43 QT.72.JT7.KJ5 53.9.A843.T98",
    "contract": "7CXX", "declarer": "W", "trick": 4, "leader": "W", "won": {"NS": 1, "EW": 2},
    "play": ["W DK", "S exposes D8 held_near_table", "N HQ", "W calls DJ", "E DT", "S D8", "attention N"],
}


@pytest.mark.parametrize("laws", ["2017", "2007"])
def test_the_revokers_partners_penalty_card_after_dummys_error_is_chosen_once(laws: str) -> None:
    """South played his penalty card D8 after North's revoke and dummy's error: 45D1 lets him
    change it, no new penalty card (the D8 going back as the one it was); 62C2, after dummy's
    62C1 change, would leave the same positions. One choice, offered once, under 45D1: every
    position the two rules reach is still reached (a 62C2 change of another card of his, one
    that becomes a penalty card, stays), each by one path."""
    case = parse_case({**PARTNERS_PENALTY_CARD_AFTER_REVOKE_AND_DUMMY_ERROR, "laws": laws})
    assert not _repeated(case)
    rs = list(Ruling(case).restorations())
    assert len(rs) == 44
    seen = [r for r in rs if "visible_to_partner" in r.findings]  # (the D8 a penalty card when played)
    assert seen
    assert not any(s.clause == "62C2" and s.kind.name == "OPTION" and s.text.startswith("S withdraws D8")
                   for r in seen for s in r.path)
    assert any(s.clause == "62C2" and s.text.startswith("S leaves D8 here") for r in seen for s in r.path)


#: dummy leads out of turn a card declarer did not call (South won the trick before it, the
#: change of designation there refused); South, West and North play to it (the generated whole
#: record of the default draw's seed 12539)
NON_OFFENDERS_CARD_AFTER_A_REVOKE_45D1_MADE = {
    "deal": "E:AQT763.QJ5.A.5 92.T2.K543.AKQ KJ54.A7.98.T97 8.96.QJT762.43",
    "contract": "5D", "declarer": "W", "trick": 3, "leader": "N", "won": {"NS": 2, "EW": 0},
    "play": ["N S8", "E SA", "S S9", "W S5", "E SQ", "S S2", "W SJ", "N C4", "W calls C5", "W changes to HJ",
             "S HT", "W H7", "N H6", "W calls S7", "E DA", "S D3", "W D9", "N H9", "attention S"],
}


@pytest.mark.parametrize("laws", ["2017", "2007"])
def test_a_non_offenders_card_after_a_revoke_the_45d1_correction_makes_is_chosen_once(laws: str) -> None:
    """North's H9 follows dummy's S7 once 45D1 replaces the DA, and 45D1 lets him change it;
    South's substitute, a heart, is then his proper lead (53B), and West's SK, which the
    correction made him play to the S7, fails to follow it: declarer's revoke, corrected
    (62B), after which 62C1 lets North change the same card. One choice, offered once, under
    62C1: no path gives North a change under 45D1 and then 62C1's choice over its
    substitute (a substitute of his that is his own revoke once South's card leads is
    corrected as such, 62B), and no restoration is given twice."""
    case = parse_case({**NON_OFFENDERS_CARD_AFTER_A_REVOKE_45D1_MADE, "laws": laws})
    assert not _repeated(case)
    rs = list(Ruling(case).restorations())
    assert any(s.clause == "62C1" and s.actor == "N" for r in rs for s in r.path)
    for r in rs:
        if not any(s.clause == "45D1" and s.text.startswith("S withdraws D3") for s in r.path):
            continue  # (South's D3 leads: North's H9 was played to it, his own revoke when kept, 62B)
        changed = any(s.clause == "45D1" and s.actor == "N" and s.text.startswith("N withdraws") for s in r.path)
        assert not (changed and any(s.clause == "62C1" and s.actor == "N" and s.kind.name == "OPTION" for s in r.path)), r.key()


#: South's revoke on trick 5 and dummy's misplaced card there, attention, then play resumed:
#: North fails to follow trick 6 (hearts) and declarer calls for dummy's SA, a card the ruling
#: before 'resume' has dummy play to trick 5, and dummy places the SJ (the generated whole
#: record of the default draw's seed 16545, cut once)
DESIGNATION_OF_DUMMYS_CARD_AFTER_A_REVOKE = {
    "deal": "S:KQ72.4.7432.76 AJ9.KJ65.5.AT2 T865.A97.AQT8. 43.QT832.KJ96.",
    "contract": "4C", "declarer": "E", "trick": 3, "leader": "W", "won": {"NS": 1, "EW": 1},
    "play": ["W H5", "N H9", "E H3", "S H4", "N DQ", "E D9", "S D3", "W D5", "N ST", "E S3", "S D2", "E calls SJ",
             "W S9", "N HA", "attention W", "resume", "E HQ", "S C6", "W HJ", "S SK", "E calls SA", "W SJ", "N S8",
             "E S4", "attention N"],
}


@pytest.mark.parametrize("laws", ["2017", "2007"])
def test_declarers_designation_of_dummys_card_after_a_revoke_is_chosen_once(laws: str) -> None:
    """Declarer may designate any of dummy's spades for the SA dummy no longer holds (46B4),
    and dummy's card, played after North's revoke on trick 6, is one 62C1 lets him change
    once that revoke is corrected: one choice, offered once, under 62C1. The SJ dummy placed
    stands until then; no restoration is given twice."""
    case = parse_case({**DESIGNATION_OF_DUMMYS_CARD_AFTER_A_REVOKE, "laws": laws})
    assert not _repeated(case)
    rs = list(Ruling(case).restorations())
    assert not any(s.clause == "46B4" and s.kind.name == "OPTION" for r in rs for s in r.path)
    assert any(s.clause == "62C1" and s.actor.startswith("E (for dummy W)") and s.text.startswith("W withdraws SJ")
               for r in rs for s in r.path)


@pytest.mark.parametrize(("seed", "edition", "cut"), [
    # 62C3: a fifth card found led, out of turn as the revoke trick stood, in turn once
    # corrected, made before declarer's 50D2 choice over the partner's penalty card
    (26169, "2017", False),
    # 58B3 beside the revoke of the card played together, a revoke once an earlier ruling
    # made another card the trick's lead: the opponent's change is 62C1's where it is corrected
    # (a 53B proper lead after 47D's substitutes, 25599; after a fifth card found led, 26519)
    *((seed, edition, cut) for seed in (25599, 26519) for edition in ("2017", "2007") for cut in (False, True)),
    # 58B3 beside dummy's card placed after a call that leaves a choice (46B5), corrected
    # where another card is designated: the defender's change after it is 45D1's
    *((29375, edition, cut) for edition in ("2017", "2007") for cut in (False, True)),
    # 58B3 over dummy's own card placed after a call ('low', 46B1(c)) waits for the
    # designation's ruling: the 62C2 change after it keeps the trick's cards
    *((35302, edition, cut) for edition in ("2017", "2007") for cut in (False, True)),
])
def test_records_of_the_all_set_repeat_no_restoration(seed: int, edition: str, cut: bool) -> None:
    """Seeds of the `all` set (benchmarks/whole_record_sweep.py, ``--families all``): each
    restoration reached by one path, every card kept."""
    case = _drawn(seed, edition, ALL_FAMILIES, cut=cut)
    assert not _repeated(case)
    for r in Ruling(case).restorations():  # type: ignore[arg-type]
        check_conservation(case, r, replayed=True)
