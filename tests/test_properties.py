"""Property tests on random revoke cases (rulings.solver.generate, rulings.solver.testing).

Every property is checked on cases drawn by the public strategies, with Hypothesis
derandomized (a fixed sequence of examples, no example database) so that CI is stable.
"""

from __future__ import annotations

import doctest
import json
import random
from collections import Counter
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import rulings.solver.generate as generate
import rulings.solver.testing.strategies as strategies
from rulings.models import Card, Case, Contract, Deal, PenaltyKind, Seat, parse_case
from rulings.solver.casefile import loads
from rulings.solver.engine import Restoration
from rulings.solver.ruling import Ruling
from rulings.solver.testing.strategies import cards, contracts, deals, revoke_cases, seats


def stable(max_examples: int = 100) -> settings:
    """Derandomized settings (fixed examples, no database) for a stable CI run."""
    return settings(max_examples=max_examples, derandomize=True, database=None, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])



def ruling_of(mapping: dict[str, Any]) -> tuple[Case, list[Restoration]]:
    case = loads(yaml.safe_dump(mapping))
    return case, list(Ruling(case).restorations())


# ----- the checks ------------------------------------------------------------------------------
def check_conservation(case: Case, r: Restoration, replayed: bool = False) -> None:
    """Each card of the deal is in exactly one place: its owner's hand, or standing in a
    trick as its owner's play; penalty and withdrawn cards are in their owner's hand
    (``replayed``: a withdrawn card may stand again, played anew by a later step of a
    record with several irregularities)."""
    table = r.table
    standing = [(s, c) for t in table.tricks for s, c in t.plays]
    assert max(Counter(c for _, c in standing).values(), default=0) <= 1, "a card stands twice"
    every = {c for seat in Seat for c in case.deal[seat].cards}
    places: Counter[Card] = Counter(c for _, c in standing)
    for seat in Seat:
        hand = table.hand(seat)
        mine = {c for s, c in standing if s is seat}
        assert mine <= case.deal[seat].cards, f"{seat} plays a card he was not dealt"
        assert hand | mine == case.deal[seat].cards and not hand & mine, f"{seat}'s cards are not his hand and his plays"
        places.update(hand)
    assert set(places) == every and set(places.values()) == {1}, "a card is not in exactly one place"
    played = {c for _, c in standing}
    for p in table.penalty_cards:
        assert p.card in table.hand(p.seat) and p.card not in played, f"penalty card {p} is not in the hand"
    for w in r.withdrawn:
        assert (replayed and w.card in played) or (w.card in table.hand(w.seat) and w.card not in played), \
            f"withdrawn {w} still stands"
    # a premature play that stands as played (declarer's, 57C3 / 2007 57C2; a defender's
    # after declarer played from both hands, 57C1) keeps its place out of rotation
    premature = {"stands", "no rectification"}
    stands = any(s.clause in ("57C1", "57C2", "57C3") and s.choice in premature for s in r.path)
    for t in table.tricks:
        seats_in = [s for s, _ in t.plays]
        assert len(seats_in) == len(set(seats_in)) <= 4, f"trick {t.number} has a seat twice"
        assert stands or seats_in == [t.leader.next(i) for i in range(len(seats_in))], f"trick {t.number} out of rotation"
    short = [t.number for t in table.tricks[:-1] if not t.is_complete]
    assert not short, f"trick {short[0]} is short of a card, before the last"


def check_lawful(case: Case, r: Restoration) -> None:
    """The trick under ruling has no revoke; each substituted card meets its player's
    penalty-card obligations (50D1(a), 50C), the withdrawn card itself not counting."""
    table = r.table
    focus = r.node.focus
    assert focus is not None
    trick = table.trick(focus)
    assert trick is not None and trick.plays
    led = trick.suit_led
    assert led is not None
    initial = {p.card: p for p in case.penalty}
    withdrawn_here = {w.seat: w.card for w in r.withdrawn if w.trick == focus}
    # Substitutes are chosen in playing order: a card the player had already led to the next
    # trick is on the table, not in his hand, when he substitutes (docs/decisions.md).
    recorded = case.replay().table
    for seat, card in trick.plays[1:]:
        before = {c for t in table.tricks if t.number < focus for s, c in t.plays if s is seat}
        later = {c for t in recorded.tricks if t.number > focus for s, c in t.plays if s is seat}
        holding = case.deal[seat].cards - before
        assert card.suit is led or not any(c.suit is led for c in holding), f"{seat} {card} is still a revoke"
        if seat not in withdrawn_here:
            continue
        old = withdrawn_here[seat]
        hand = holding - later
        in_force = [p for p in table.penalty_cards_of(seat) if p.card != old]
        if card in initial:
            in_force.append(initial[card])
        following = any(c.suit is led for c in hand)
        majors = [p.card for p in in_force if p.kind is PenaltyKind.MAJOR and p.card in hand
                  and (p.card.suit is led or not following)]
        if majors:
            assert card in majors, f"{seat} substitutes {card}, not a major penalty card of {majors}"
        for p in in_force:
            # (a penalty card led to the next trick stands there when he substitutes: no 50C)
            if p.kind is PenaltyKind.MINOR and p.card in hand:
                assert card == p.card or card.suit is not p.card.suit or card.is_honour, (
                    f"{seat} substitutes {card} before his minor penalty card {p.card}"
                )


def check_no_declarer_penalty(case: Case, r: Restoration) -> None:
    """48A: declarer's and dummy's cards, withdrawn or not, are never penalty cards."""
    declaring = (case.declarer, case.declarer.partner)
    assert all(p.seat not in declaring for p in r.penalty_cards)
    pcs = {p.card for p in r.penalty_cards}
    assert not any(w.card in pcs for w in r.withdrawn if w.seat in declaring)


def check_revoke_corrected(case: Case, r: Restoration) -> None:
    """62B: an unestablished revoke card is withdrawn; a defender's becomes major (62B1)."""
    revoke = Ruling(case).replay.table.revokes[0]
    assert not r.established
    assert any(w.seat is revoke.seat and w.card == revoke.card and w.trick == revoke.trick for w in r.withdrawn)
    assert r.card_of(revoke.seat, revoke.trick) != revoke.card
    defender = revoke.seat.side is not case.declarer.side
    if defender and revoke.penalty is None:
        assert any(p.seat is revoke.seat and p.card == revoke.card and p.kind is PenaltyKind.MAJOR
                   for p in r.penalty_cards)


# ----- properties of rulings ---------------------------------------------------------------------
@stable(800)
@given(revoke_cases())
# West, holding a minor penalty card, led it to the next trick; he changes his card in the
# revoke trick while it stands there (no 50C), and its lead is then withdrawn (44G)
@example(generate.random_revoke_case(random.Random(4365550), edition="2017"))
def test_restorations_conserve_cards_and_are_lawful(mapping: dict[str, Any]) -> None:
    case, rs = ruling_of(mapping)
    assert rs, "a revoke ruling has at least one restoration"
    for r in rs:
        check_conservation(case, r)
        check_no_declarer_penalty(case, r)
        if not r.established:
            check_lawful(case, r)
            check_revoke_corrected(case, r)
    keys = [r.key() for r in rs]
    assert len(keys) == len(set(keys)), "two restorations with the same key"


@stable(150)
@given(revoke_cases(penalty_cards=2))
def test_lawful_with_penalty_cards(mapping: dict[str, Any]) -> None:
    case, rs = ruling_of(mapping)
    assert len(case.penalty) == 2
    for r in rs:
        check_conservation(case, r)
        check_no_declarer_penalty(case, r)
        if not r.established:
            check_lawful(case, r)
        assert all(p.kind is PenaltyKind.MAJOR for seat in Seat for p in r.table.penalty_cards_of(seat)
                   if len(r.table.penalty_cards_of(seat)) >= 2), "50B: two or more penalty cards are all major"


@stable(60)
@given(revoke_cases())
def test_enumeration_is_deterministic(mapping: dict[str, Any]) -> None:
    _, first = ruling_of(mapping)
    _, second = ruling_of(json.loads(json.dumps(mapping)))
    assert [r.key() for r in first] == [r.key() for r in second]
    assert json.dumps([r.to_json() for r in first]) == json.dumps([r.to_json() for r in second])
    assert [r.number for r in first] == list(range(1, len(first) + 1))


@stable(60)
@given(revoke_cases(established=True))
def test_established_revoke_gives_one_flagged_restoration(mapping: dict[str, Any]) -> None:
    case, rs = ruling_of(mapping)
    assert case.replay().table.is_established(case.replay().table.revokes[0])
    [r] = rs
    assert r.established and not r.withdrawn
    # nothing withdrawn: the ledger holds only the penalty cards in force at the start (50E)
    assert sorted((i.seat.index, i.card, i.ui_clause) for i in r.ledger) == sorted((p.seat.index, p.card, "50E2") for p in case.penalty)


@stable(60)
@given(revoke_cases(established=False))
def test_unestablished_revoke_is_never_flagged(mapping: dict[str, Any]) -> None:
    case, rs = ruling_of(mapping)
    assert not any(r.established for r in rs)
    for r in rs:
        check_revoke_corrected(case, r)


# ----- the generator keeps its promises -------------------------------------------------------------
@stable(60)
@given(
    position=st.sampled_from((2, 3, 4)),
    role=st.sampled_from(generate.ROLES),
    established=st.booleans(),
    lead=st.booleans(),
    penalty=st.sampled_from((0, 1, 2)),
    seed=st.integers(0, 2**32 - 1),
)
def test_generator_forces_the_shape(position: int, role: generate.Role, established: bool, lead: bool, penalty: int,
                                    seed: int) -> None:
    mapping = generate.random_revoke_case(random.Random(seed), revoker_position=position, revoker_role=role,
                                          established=established, next_trick_lead=lead, penalty_cards=penalty)
    case = parse_case(yaml.safe_load(generate.dump_case(mapping)))
    assert case == parse_case(mapping)
    table = case.replay().table
    [revoke] = table.revokes
    trick = table.trick(revoke.trick)
    assert trick is not None and trick.position_of(revoke.seat) == position - 1
    expected_seat = {"declarer": case.declarer, "dummy": case.declarer.partner}.get(role)
    assert revoke.seat is expected_seat if expected_seat else revoke.seat.side is not case.declarer.side
    assert table.is_established(revoke) is established
    nxt = table.trick(revoke.trick + 1)
    nos_led = nxt is not None and nxt.leader.side is not revoke.seat.side
    assert nos_led is lead
    if not established:
        assert nxt is None or len(nxt.plays) == 1
    assert len(case.penalty) == penalty
    assert case.events[-1].__class__.__name__ == "Attention"


def test_generator_is_reproducible() -> None:
    assert list(generate.random_revoke_cases(5, 11)) == list(generate.random_revoke_cases(5, 11))
    assert generate.random_revoke_case(generate.case_seed(11, 3)) == list(generate.random_revoke_cases(5, 11))[3]


def test_write_cases(tmp_path: Any) -> None:
    paths = generate.write_cases(3, 5, tmp_path / "out", edition="2007")
    assert [p.name for p in paths] == ["revoke-5-0000.yaml", "revoke-5-0001.yaml", "revoke-5-0002.yaml"]
    for p in paths:
        case = loads(p.read_text(encoding="utf-8"), file=str(p))
        assert case.laws == "2007" and Ruling(case).replay.table.revokes


@pytest.mark.parametrize("target", [1, 2, 7, 30, 100, 250, 1000, 1463])
def test_cascade_case_has_the_count_it_claims(target: int) -> None:
    mapping = generate.cascade_case(target)
    [claim] = mapping["expect"]
    count = int(claim.split()[1])
    assert abs(count - target) <= max(2, target // 50)
    _, rs = ruling_of(mapping)
    assert len(rs) == count


@pytest.mark.parametrize("target", [3, 10])
def test_two_cascades_case_rules_both_revokes(target: int) -> None:
    """Both revokes are corrected in every restoration: each revoke card is withdrawn (62A),
    and the restorations outnumber those of the first cascade alone (each one that can go on
    has the second cascade after it)."""
    mapping = generate.two_cascades_case(target)
    ruling = Ruling(loads(yaml.safe_dump(mapping)))
    plays = [line.split() for line in mapping["play"] if len(line.split()) == 2 and line.split()[0] in "NESW"]
    first, second = plays[1], plays[5]  # East's revoke card, and South's on East's lead of it
    rs = list(ruling.restorations())
    assert not ruling.notices and len(ruling.found_later) == 1  # the second revoke, found on the rectified table
    assert all({f"{first[0]}:{first[1]}", f"{second[0]}:{second[1]}"} <= {str(w).replace(" ", ":") for w in r.withdrawn}
               for r in rs)
    one = dict(mapping, play=mapping["play"][:5])
    assert len(rs) > sum(1 for _ in Ruling(loads(yaml.safe_dump(one))).restorations())


def test_generate_and_strategies_doctests() -> None:
    for module in (generate, strategies):
        failures, tried = doctest.testmod(module)
        assert tried and not failures


# ----- notation round trips -----------------------------------------------------------------------
@stable()
@given(cards())
def test_card_round_trip(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(card.format("unicode")) == card
    assert Card.parse(str(card).lower().replace("t", "10")) == card


@stable(100)
@given(deals())
def test_deal_round_trip(deal: Deal) -> None:
    assert Deal.parse(str(deal)) == deal
    for seat in Seat:
        assert Deal.parse(deal.format(seat)) == deal
    assert sorted(c for seat in Seat for c in deal[seat].cards) == sorted(c for seat in Seat for c in deal[seat])
    assert sum(len(deal[seat]) for seat in Seat) == 52


@stable(50)
@given(st.integers(1, 13).flatmap(lambda n: deals(cards_per_hand=n)))
def test_end_position_round_trip(deal: Deal) -> None:
    assert Deal.parse(str(deal)) == deal
    assert len({len(deal[seat]) for seat in Seat}) == 1


@stable()
@given(contracts())
def test_contract_round_trip(contract: Contract) -> None:
    assert Contract.parse(str(contract)) == contract
    assert Contract.parse(str(contract).lower()) == contract


@stable()
@given(seats())
def test_seat_round_trip(seat: Seat) -> None:
    assert Seat.parse(str(seat)) is seat
    assert Seat.parse(str(seat).lower()) is seat


@stable(20)
@given(st.from_type(Card), st.from_type(Deal), st.from_type(Seat), st.from_type(Contract))
def test_types_are_registered(card: Card, deal: Deal, seat: Seat, contract: Contract) -> None:
    assert isinstance(card, Card) and isinstance(deal, Deal) and isinstance(seat, Seat)
    assert isinstance(contract, Contract)


def test_conservation_check_reads_a_table_with_no_card_played() -> None:
    """The conservation check on a restoration with no card on the table: a card exposed
    (dropped) before the opening lead, a penalty card or nothing (45C1, 49, 50)."""
    case = loads("""\
deal: "N:J5.JT832.Q4.Q765 Q986.4.KT6.AK943 AT.AKQ976.952.J2 K7432.5.AJ873.T8"
contract: 1H
declarer: W
play: [N exposes C5 dropped, attention E]
""")
    restorations = list(Ruling(case).restorations())
    assert restorations and all(not r.table.tricks or not any(t.plays for t in r.table.tricks) for r in restorations)
    for r in restorations:
        check_conservation(case, r, replayed=True)
