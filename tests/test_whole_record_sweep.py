"""How benchmarks/whole_record_sweep.py counts a record whose restorations given twice are the
positions ``Decisions.lead_restriction_in_force_binds_a_later_choice`` off records: declarer's
two choices at one lead, a requirement and a prohibition of one suit made in either order,
both kept (docs/decisions.md). That is the reading the switch selects, not a choice offered
twice: counted as ``reading``, flagged only with ``--strict``."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from whole_record_sweep import binds_a_lead_both_ways, check, check_conservation, draw, text_of

from rulings.models.cards import Card
from rulings.solver.casefile import loads
from rulings.solver.generate_mixed import FAMILIES
from rulings.solver.ruling import Ruling


def _key(*restrictions: str) -> str:
    return json.dumps({"cards": {}, "lead": "N", "restrictions": list(restrictions)})


@pytest.mark.parametrize(("restrictions", "both_ways"), [
    (("N must lead S", "N must not lead S"), True),
    (("E must lead H", "E must lead S"), True),
    (("N must lead S",), False),
    (("N must not lead S", "N must not lead H"), False),
    (("N must lead S", "S must not lead S"), False),  # (two players: no lead bound both ways)
    ((), False),
])
def test_a_lead_bound_both_ways(restrictions: tuple[str, ...], both_ways: bool) -> None:
    assert binds_a_lead_both_ways(_key(*restrictions)) is both_ways


@pytest.mark.parametrize(("seed", "families", "restorations"), [
    # declarer restricts North's lead over the ST, then over the SJ of South's lead out of turn
    (2894, None, 542),
    # West's lead to trick 7 restricted, then his lead to trick 8 after dummy's lead out of turn
    (3913, ("lead", "early"), 490),
])
@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_two_contradictory_choices_at_one_lead_are_the_readings_not_flagged(
        seed: int, families: tuple[str, ...] | None, restorations: int, edition: str) -> None:
    status, n, reasons = check(seed, families, edition, 2, 5000)
    assert (status, n, reasons) == ("reading", restorations, [])
    status, n, reasons = check(seed, families, edition, 2, 5000, strict=True)
    assert status == "flagged" and reasons[0].startswith("repeated: 12 restoration key(s)")



# East plays before his partner at two tricks, West still to play each time (the record
# played on after each ruling), following suit, so that he keeps no option of another suit
# (57A3, 57A4: 57B, 59)
_TWO_TRICKS = """title: East's premature plays at two tricks, declarer's options over West at each
laws: {edition}
deal: N:AKQ.432.432.432 JT9.KQJ.KQJ.KQJ 876.AT965.A65.A 5432.7.7.T98765
contract: 3N
declarer: S
trick: 2
leader: S
won:
  NS: 1
  EW: 0
play:
- S HA
- E HK
- attention S
- resume
- W H7
- N H2
- E HK
- S DA
- E DK
- attention S
- resume
- W D7
- N D2
- E DK
- attention S
"""


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_options_over_one_player_at_two_tricks_made_the_other_way_round_are_two_restorations(
        edition: str) -> None:
    """Declarer's 57A options over West after East's premature plays at two tricks, West
    unable to keep either: a spade required at one and a diamond at the other end in the
    table of the other order, but each restriction governs West's card to its own trick and
    is spent with it (57A). The two courses are two rulings, not one choice given twice: the
    key names the trick each restriction governed (``Restoration.key``, docs/decisions.md),
    so no key is given twice."""
    from rulings.solver.casefile import loads
    from rulings.solver.ruling import Ruling

    rests = list(Ruling(loads(_TWO_TRICKS.format(edition=edition))).restorations(limit=5000))
    keys = [r.key() for r in rests]
    # eight options at each trick (highest, lowest, three suits required, three forbidden)
    assert len(rests) == 64 and len(set(keys)) == len(keys)
    assert all(json.loads(k) == r.canonical() for k, r in zip(keys, rests, strict=True))
    # the courses made the other way round (a spade required at trick 2 and a club at trick
    # 3, or the reverse; so for the suits forbidden): the same cards and restrictions, told
    # apart only by the trick each restriction governed
    courses = Counter(json.dumps({k: v for k, v in json.loads(key).items() if k != "played_under"}, sort_keys=True)
                      for key in keys)
    assert sorted(courses.values()).count(2) == 6


@pytest.mark.parametrize("edition", ["2017", "2007"])
@pytest.mark.parametrize("parts", [1, 2])
def test_cards_played_together_with_one_hidden_are_found_late_past_a_fifth_card_line(edition: str, parts: int) -> None:
    """``all`` seed 4108: East's three cards led together (one face hidden), then West's
    fifth card on the complete trick, and the next tricks played by each side before
    attention. The play was found late (58B4): a defective trick (67B2), the S9 stays and the
    other cards go back unexposed, no penalty card, and no opponent may change his card to
    the trick (58B3). Read from the record's plays before the fifth card only, the play was
    found in time, and the 58B2 penalty card and 58B3 changes garbled the later tricks."""
    status, n, reasons = check(4108, tuple(FAMILIES), edition, parts, 5000)
    assert (status, n, reasons) == ("ruled", 1, [])


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_lead_out_of_turn_is_ruled_after_the_next_hands_cards_played_together_that_revoke(edition: str) -> None:
    """``all`` seed 5351, cut: after ``resume`` dummy leads out of turn when East, the next
    hand's partner, was to lead (a revoke's correction before ``resume`` gave him the trick),
    and West puts down two cards together, the visible one failing to follow; North and East
    then play. West's card is his play to the lead (58B1, 53A), a revoke, and East's card no
    proper lead (53B): the lead is ruled once the cards played together are, and every
    restoration keeps each trick in rotation (case
    ``lead-out-of-turn-next-hand-plays-two-cards-together-visible-one-revokes-accepts-53a.yaml``)."""
    assert check(5351, tuple(FAMILIES), edition, 2, 5000) == ("ruled", 130, [])


#: ``all`` seed 1629 as the generator drew it before it wrote dummy's line for a call whose
#: card wins the trick (``E calls low``, dummy's HA placed by the call, the line after it his
#: lead): kept as drawn, the record as the table reads it (laws set per edition)
RECORD_1629: dict[str, object] = {
    "title": "Random mixed record: incomplete, change from trick 4",
    "deal": "N:T75.KQJT86..2 J.9.KT8643.94 Q9.5.952.KJ86 K83.A.7.AQT53", "contract": "3C", "declarer": "E",
    "trick": 4, "leader": "N", "won": {"NS": 2, "EW": 1},
    "play": ["N H8", "E H9", "S H5", "E calls low", "W C5", "N C2", "E C9", "S CK", "S D5", "W D7", "N HT", "E D6",
             "E calls CA", "E changes to S8 rethink", "W CA", "N HJ", "attention N"],
}


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_defenders_second_card_after_his_partners_on_an_accepted_lead_out_of_turn_is_his_next_lead(
        edition: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``all`` seed 1629, whole: North leads out of turn to trick 5, declarer (the next hand)
    plays to it (53A), South plays and then puts down another card before dummy, the proper
    leader, plays. South's second card is his lead to trick 6 (his partner has played: no
    57A), dummy's next card his card to trick 5. On trick 6 North's card at dummy's turn
    stands at his own (57D), declarer's card before dummy's stands (57C3), and declarer's
    refused change of designation there (45C4(b)) keeps the trick as those rulings left it:
    dummy's card comes at his turn, no play out of turn left unruled."""
    import whole_record_sweep

    mapping = {"title": RECORD_1629["title"], "laws": int(edition), **{k: v for k, v in RECORD_1629.items() if k != "title"}}
    monkeypatch.setattr(whole_record_sweep, "draw", lambda *_: mapping)
    assert check(1629, tuple(FAMILIES), edition, 1, 5000) == ("ruled", 2, [])


@pytest.mark.parametrize(("edition", "count"), [("2017", 4), ("2007", 6)])
def test_a_proper_lead_after_a_lead_out_of_turn_leads_its_trick_when_a_change_of_designation_is_walked_again(
        edition: str, count: int) -> None:
    """``all`` seed 2658, cut: on the path where declarer's lead to trick 8 is withdrawn
    (62C1), the part after ``resume`` has North's second card on trick 8 (led out of turn by
    his partner and accepted by dummy's card, 53A) lead trick 9 out of turn; declarer's card
    after the others' is his proper lead (53B), the cards played in error staying after it.
    A later change of designation, walked again from the part's first line, keeps trick 9
    led by declarer's card (no trick out of rotation). (2017: on the path where South's HT is
    his card at his own turn, 57D, the walk leaves it off trick 11 until then, and dummy's S8,
    the call whose change is refused, leads it out of turn: the defenders accept or refuse it,
    55A, two restorations where the HT put back had led the trick.)"""
    assert check(2658, tuple(FAMILIES), edition, 2, 5000) == ("ruled", count, [])


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_trick_played_in_rotation_keeps_its_order_when_a_refused_change_of_designation_is_walked_again(
        edition: str) -> None:
    """``all`` seed 11331, cut: declarer leads trick 8, South follows, declarer names dummy's
    card and changes his call, the change refused (45C4(b)); North plays after the change.
    Walking the record again from the part's first table reads trick 8 led by the seat due
    to lead it with every card at its turn: it stays so (dummy's card after South's, not
    before it), and no card of it is ruled a play out of turn."""
    assert check(11331, tuple(FAMILIES), edition, 2, 5000) == ("ruled", 4, [])
    mapping = draw(11331, tuple(FAMILIES), edition, 2)
    assert mapping is not None
    ruling = Ruling(loads(text_of(mapping)))
    for r in ruling.restorations():
        trick = r.table.trick(8)
        assert trick is not None
        assert [str(s) for s, _ in trick.plays] == ["E", "S", "W", "N"]


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_defenders_second_card_is_not_read_as_his_lead_after_a_trick_holding_a_seats_two_cards(edition: str) -> None:
    """``all`` seed 13689, cut: a fifth card found led to trick 7 (45E1), accepted by
    dummy's card (53A). A reading of the record that leaves that card out (as read by a rule
    family walking the plays alone) puts a seat's two cards on trick 8; the seat due to lead
    trick 9 is not known from it, so a defender's second card there is not read as his lead
    after his partner's card on a lead out of turn: every trick of the restoration stays in
    rotation, trick 8 led by its winner of trick 7."""
    assert check(13689, tuple(FAMILIES), edition, 2, 5000) == ("ruled", 1, [])


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_card_exposed_after_resume_that_the_correction_plays_is_met_on_no_path(edition: str) -> None:
    """``all`` seed 17822, cut: after ``resume`` dummy places a card declarer did not call
    (45D1) and South drops the CK between tricks 10 and 11; the correction has South play
    the CK to trick 10 (44C) on every path. The exposure is met on no path, as in the record
    played in one part, not a line said "not yet ruled on"."""
    assert check(17822, tuple(FAMILIES), edition, 2, 5000) == ("ruled", 8, [])
    text = (Path(__file__).resolve().parent.parent / "cases" / "combined" /
            "resumed-play-card-exposed-between-tricks-that-the-45d1-correction-plays-to-the-trick-met-on-no-path.yaml").read_text()
    ruling = Ruling(loads(text.replace("laws: 2017", f"laws: {edition}")))
    assert len(list(ruling.restorations())) == 12
    assert not [n for n in ruling.notices if n.kind == "not_ruled"], ruling.notices
    assert [i for i in ruling.not_met if "dropped" in i and ("♣K" in i or "CK" in i)], ruling.not_met


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_call_at_dummys_turn_after_a_seats_second_card_in_the_trick_plays_dummys_card(edition: str) -> None:
    """``all`` seed 15786, cut: declarer's D2, put down before trick 9 ended, is his lead to
    trick 10; East plays to it, and declarer's call of dummy's D7 ends the part before
    ``resume``. Dummy's H9 is his card to trick 9, so the call plays the D7 at his turn to
    trick 10 (45C4(a)), and dummy's D9 after ``resume`` is the card he faced for it (45D1),
    not a line left unruled. The path on which East's C6 is the proper lead (53B) corrects
    the D7, a revoke, to the C4 (62B) before ``resume``: the part cannot be played on from it."""
    assert check(15786, tuple(FAMILIES), edition, 2, 5000) == ("unplayable", 1, [])
    mapping = draw(15786, tuple(FAMILIES), edition, 2)
    assert mapping is not None
    ruling = Ruling(loads(text_of(mapping)))
    (only,) = ruling.restorations()
    trick = only.table.trick(10)
    assert trick is not None
    assert [(str(s), str(c)) for s, c in trick.plays][-1] == ("S", str(Card.parse("D7")))
    assert not [n for n in ruling.notices if "not yet ruled" in n.text], ruling.notices


_LEAD_WITHDRAWN = """\
title: a revoke corrected after declarer's lead to the next trick; the part after resume plays to that lead
laws: {edition}
deal: "W:A8..6. 42.2.. .QJ..3 .A.4.7"
contract: 4NT
declarer: W
trick: 11
leader: W
won:
  NS: 7
  EW: 3
play:
- W S8
- N H2
- E C3
- S C7
- W SA
- attention S
- resume
- N S2
- W calls HQ
- W changes to HJ slip
- S D4
- W D6
- attention W
"""


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_part_played_to_a_lead_withdrawn_at_its_players_option_leaves_no_trick_out_of_rotation(edition: str) -> None:
    """Default draw seed 16046, cut (reduced here): North's revoke on trick 11 is corrected
    when attention is drawn after declarer's lead of the SA to trick 12; dummy may change his
    card (62C1), and declarer may take his lead back. The part after ``resume`` opens with
    North's S2 played to the SA. Read from a restoration on which declarer took the SA back,
    he to lead again, the part's cards leave dummy's HJ and declarer's D6 on trick 12 with
    South's card gone: that restoration is not the one the table played on from (a note says
    so), and every restoration listed keeps its tricks in rotation."""
    assert check(16046, None, edition, 2, 5000) == ("unplayable", 14, [])

    case = loads(_LEAD_WITHDRAWN.format(edition=edition))
    ruling = Ruling(case)
    rests = list(ruling.restorations())
    assert len(rests) == 14
    for r in rests:
        check_conservation(case, r, replayed=True)
    assert any("cannot be played on" in n.text and "which the ruling takes back" in n.text for n in ruling.notices), \
        ruling.notices


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_premature_lead_counted_in_turn_stays_so_when_a_later_dropped_card_is_ruled(edition: str) -> None:
    """Default draw seed 19445, cut: after ``resume`` North puts the D2 down as his lead before
    his partner played to trick 4 and declarer plays to it: the lead counts as made in turn
    (57A, 60A1, 60A2). The card North then drops (49), ruled on the table that ruling leaves,
    does not make the D2 a lead out of turn again (no 53A/53B after the forfeiture, and no
    play said "not yet ruled on")."""
    assert check(19445, None, edition, 2, 5000) == ("ruled", 18, [])
    mapping = draw(19445, None, edition, 2)
    assert mapping is not None
    ruling = Ruling(loads(text_of(mapping)))
    for r in ruling.restorations():
        assert (5, "N", "D2") not in {(n, str(s), str(c)) for n, s, c in r.table.out_of_turn}, r.table.out_of_turn
    assert not [n for n in ruling.notices if "not yet ruled" in n.text], ruling.notices


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_card_standing_inside_its_trick_keeps_its_mark_when_the_exposure_rules_place_the_cards_again(edition: str) -> None:
    """Default draw seed 31986, cut: after ``resume`` West plays the C9 at his partner's turn
    to trick 3 (57A: it stands, a revoke, on the path where North's S5 is the proper lead),
    then exposes the D6. The exposure rules place the trick's cards again on the rectified
    table: only a card that leads its trick, which a ruling counted in turn (a premature lead
    the next hand played to), loses its mark there; West's card inside the trick keeps it, so
    the cards played after it are ruled as the record placed them and no trick is left out of
    rotation."""
    assert check(31986, None, edition, 2, 5000) == ("ruled", 3, [])


_CALL_CHANGED_UNFACED = """\
title: a call of dummy's lead changed before dummy faced a card, the lead then in turn once the revokes are corrected
laws: 2017
deal: S:A876.QT5.9.876 3.K7.KJ53.AJ92 JT4.86432..K43 KQ952.AJ9.T76.
contract: 1S
declarer: N
trick: 3
leader: S
won:
  NS: 1
  EW: 1
play:
- N calls HT
- S SA
- attention E
- resume
- W S3
- N SJ
- E SK
- N calls H5
- N changes to HQ slip
- S HQ
- attention N
"""


def test_a_lead_standing_in_place_of_the_card_first_called_is_read_as_that_play_out_of_turn() -> None:
    """`all` seed 12188, cut (2017): dummy's SA goes back for the HT called (45D1); West, North
    and East then fail to follow to it, and declarer calls the H5 for dummy's lead and changes
    to the HQ before dummy faced a card (45C4(b)): the HQ stands as if put down in the first
    place, the lead out of turn the table marked under the H5. Once both sides' revokes are
    corrected (62C3), dummy won trick 3: his lead, kept (62C1), is in turn (44G) and no lead
    out of turn for 55A to rule; withdrawn, he leads again. Each restoration is given once."""
    case = loads(_CALL_CHANGED_UNFACED)
    ruling = Ruling(case)
    rests = list(ruling.restorations(limit=5000))
    keys = Counter(r.key() for r in rests)
    assert [k for k, n in keys.items() if n > 1] == []
    assert len(rests) == 110
    for r in rests:
        check_conservation(case, r, replayed=True)
        clauses = [s.clause for s in r.path]
        kept = [s for s in r.path if s.clause == "62C1" and s.choice == "keep" and "his lead, in turn" in s.text]
        assert not (kept and "55A" in clauses[clauses.index("62C1"):]), [(s.clause, s.text) for s in r.path]
    assert check(12188, tuple(FAMILIES), "2017", 2, 5000) == ("ruled", 110, [])


def test_dummys_lead_under_a_call_changed_unfaced_is_ruled_once_when_both_sides_revokes_are_corrected() -> None:
    """Default draw seed 22380, cut (2017): a call of dummy's lead changed on a slip before
    dummy faced a card (45C4(b)), read out of turn or in turn once both sides' revokes are
    corrected (62C3): the lead stands in place of the card first called, for the rules of
    revokes and of leads alike, and no restoration is given twice."""
    assert check(22380, None, "2017", 2, 5000) == ("ruled", 416, [])


_CALLED_CARD_REPLACED = """\
title: declarer revokes on the trick he calls dummy's card to; the part after resume has dummy place another card
laws: {edition}
deal: "E:Q84... ...Q65 6.T..2 .J6.2."
contract: 2C
declarer: W
trick: 11
leader: S
won: {{NS: 7, EW: 3}}
play:
- S C6
- W S6
- N D2
- W calls SQ
- attention W
- resume
- E S8
- N plays HJ fifth
- E SQ
- S C5
- attention W
"""


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_part_played_on_after_a_card_the_ruling_replaced_leaves_no_trick_out_of_rotation(edition: str) -> None:
    """All seed 31184, cut (reduced here): declarer discards the S6 on a club lead holding the
    C2 and calls dummy's SQ; attention is drawn before dummy faces it. He corrects (62B), North
    may change his D2 (62C1), and then declarer may change dummy's SQ (62C2). The part after
    ``resume`` was played on from the table as it stood: dummy places the S8 for that call,
    North puts the HJ down as a fifth card, dummy leads the SQ. Read from the restoration on
    which dummy's SQ was replaced by the S4, a finding (North's HJ led, accepted) leaves trick
    12 with North's and South's cards and none of East's: that restoration is not the one the
    table played on from (a note says so), and every restoration listed keeps its tricks in
    rotation (44B)."""
    case = loads(_CALLED_CARD_REPLACED.format(edition=edition))
    ruling = Ruling(case)
    rests = list(ruling.restorations())
    assert rests
    for r in rests:
        check_conservation(case, r, replayed=True)
    assert any("cannot be played on" in n.text and "E's SQ on trick 11" in n.text and "out of rotation" in n.text
               for n in ruling.notices), ruling.notices


@pytest.mark.parametrize("edition", ["2017", "2007"])
@pytest.mark.parametrize(("seed", "families", "restorations"), [
    (31184, tuple(FAMILIES), 14),  # dummy's called card replaced (62C2), his card for the call after resume
    (45549, None, 56),  # the same, a change of designation later in the part
    (47203, None, 4),  # a lead out of turn refused (56): the part's cards were played to it
])
def test_a_part_the_restoration_moved_a_card_under_is_unplayable_where_it_leaves_a_trick_out_of_rotation(
        edition: str, seed: int, families: tuple[str, ...] | None, restorations: int) -> None:
    """Cut records whose part after ``resume`` opens with a card played at its turn as the
    table stood, after a card that a restoration of the ruling before it took back or
    replaced there, so that the part's card is out of turn on that restoration: read from it,
    the part leaves a trick out of rotation (44B), so the restoration is not played on
    (``unplayable``, a note), not listed with a garbled trick."""
    assert check(seed, families, edition, 2, 5000) == ("unplayable", restorations, [])
