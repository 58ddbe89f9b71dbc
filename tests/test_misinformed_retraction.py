"""47E1: which cards a retraction takes back, and which of them establish a revoke (63A1).

A card played after the misinformed one at its player's own turn on the trick without it
stands; in 2017 neither the misinformed card nor his partner's card that goes back with it
establishes a revoke, so the record as played shows the revoke not established and no Law 64
count is announced; a card of the side that misinformed establishes it, as in 2007 every card
does (docs/decisions.md, "Cards played after a card 47E1 retracts", "A card 47E1 takes back
and the establishment of a revoke")."""

from pathlib import Path

import pytest

from rulings.models.cards import Card, Seat
from rulings.solver.casefile import load, loads
from rulings.solver.misinformed import taken_back
from rulings.solver.ruling import Ruling

CASES = Path(__file__).resolve().parents[1] / "cases"
DEAL = '"N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"'
REVOKE = "W DQ, N DA, E D4, S D7, N SJ, E H4, S SA, W S5"


def _ruling(laws: str, play: str, attention: str = "E") -> Ruling:
    return Ruling(loads(f"laws: {laws}\ndeal: {DEAL}\ncontract: 4S\ndeclarer: S\nplay: [{play}, attention {attention}]\n"))


def _revoke_lines(ruling: Ruling) -> list[str]:
    return [i for i in ruling.irregularities if i.startswith("E revoked with H4 on trick 2")]


@pytest.mark.parametrize("after", ["", ", N H2, E H5"])
def test_2017_the_misinformed_lead_and_partners_card_to_it_establish_nothing(after: str) -> None:
    """West's misinformed lead (and East's card to it) do not establish East's revoke: the
    record as played shows it not established, and no trick adjustment after play is
    announced (no revoke is established on any path)."""
    ruling = _ruling("2017", f"{REVOKE}, W misinformed, W HJ{after}")
    (line,) = _revoke_lines(ruling)  # (the record as played, listed before the ruling)
    assert line.startswith("E revoked with H4 on trick 2 (spades led): not established (63A): W's HJ") and line.endswith("(47E1)")
    assert len(list(ruling.restorations())) == 21
    assert not ruling.not_met, ruling.not_met
    assert not [n for n in ruling.notices if "Law 64" in n.text], ruling.notices


def test_the_seed_case_announces_no_law_64_count() -> None:
    ruling = Ruling(load(CASES / "leads" / "seed001-47e1-no-63a1-revoke-corrected-2017.yaml"))
    list(ruling.restorations())
    assert not [n for n in ruling.notices if "Law 64" in n.text], ruling.notices
    assert not ruling.not_met, ruling.not_met


def test_2007_the_retracted_lead_establishes_and_the_count_is_announced() -> None:
    """2007 47E1 makes no exception to 63A1: the revoke stands established, counted after play."""
    ruling = Ruling(load(CASES / "leads" / "own-47e1-revoke-established-2007.yaml"))
    rs = list(ruling.restorations())
    assert len(rs) == 1 and "63A1" in rs[0].laws
    assert [n for n in ruling.notices if n.text.startswith("Law 64: the record stops before the end of play")]


def test_2017_a_card_of_the_side_that_misinformed_establishes() -> None:
    """Declarer, misinformed by a defender, leads from his hand when dummy is to lead; West
    (the revoker's partner) plays to it. Both go back (47E1), but West was told nothing
    wrong: his card to the next trick established East's revoke (63A1)."""
    play = "W DQ, N DA, E D4, S D7, N SJ, E H4, S S6, W S5, S misinformed, S CJ, W C6"
    ruling = _ruling("2017", play, "N")
    rs = list(ruling.restorations())
    assert len(rs) == 1 and "63A1" in rs[0].laws and "62B" not in rs[0].laws
    assert {(w.seat.name, w.card.text) for w in rs[0].withdrawn} >= {("S", "CJ"), ("W", "C6")}


@pytest.mark.parametrize(("play", "back"), [
    # a play before the partner's turn: the partner's card and declarer's at their turns stand
    ("N S3, W S5, E S2, S SA", [(2, "W", "S5")]),
    # a lead: every card played to it goes back
    ("N S3, E S2, S SA, W S5, W HJ, N H2, E H5", [(3, "W", "HJ"), (3, "N", "H2"), (3, "E", "H5")]),
])
def test_taken_back(play: str, back: list[tuple[int, str, str]]) -> None:
    ruling = _ruling("2017", f"W DQ, N DA, E D4, S D7, {play}")
    trick, seat, card = back[0]
    got = taken_back(ruling.replay.table, trick, Seat[seat], Card.parse(card))
    assert [(n, s.name, str(c)) for n, s, c in got] == [(n, s, c) for n, s, c in back]
