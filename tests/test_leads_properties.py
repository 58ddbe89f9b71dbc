"""Property tests for leads out of turn and premature plays (Laws 53-57; solver/rulesets/leads.py).

Random deals are played in turn for a random number of tricks; then a random player leads out
of turn, or a defender plays before his partner (57A) or at his right-hand opponent's turn
(57D). Properties: the options offered are exactly the clause's set; every restoration has
the right leader; the cards are conserved; declarer's and dummy's cards are never penalty
cards; the enumeration is deterministic.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from rulings.models import Card, Contract, Deal, Seat, Suit, TableState, parse_case
from rulings.models.case import Case
from rulings.solver.config import Decisions
from rulings.solver.engine import Restoration, StepKind
from rulings.solver.rulesets import get_ruleset
from rulings.solver.rulesets.leads import (
    LeadOutOfTurn,
    PlayAtRhoTurn,
    PrematureOptions,
    PrematurePlay,
    expected_leader,
    leader_of,
)
from rulings.solver.ruling import Ruling
from rulings.solver.testing.strategies import contracts, deals

SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def stable(max_examples: int = 60) -> settings:
    return settings(max_examples=max_examples, derandomize=True, database=None, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def play_in_turn(table: TableState, rng: random.Random, n: int, lines: list[str]) -> TableState:
    """Play ``n`` cards in turn, each a random lawful one (follow suit when able)."""
    for _ in range(n):
        seat = table.on_play
        cur = table.current_trick
        led = cur.suit_led if cur is not None and not cur.is_complete else None
        hand = sorted(table.hand(seat))
        follow = [c for c in hand if c.suit is led]
        card = rng.choice(follow or hand)
        lines.append(f"{seat} {card}")
        table = table.play(seat, card)
    return table


def scenario(deal: Deal, contract: Contract, declarer: Seat, seed: int, kind: str, edition: str) -> tuple[Case, dict[str, Any]]:
    """A case with one irregularity of ``kind`` ("lead" or "early"), and what it is."""
    rng = random.Random(seed)
    table = TableState.start(deal, contract, declarer)
    lines: list[str] = []
    table = play_in_turn(table, rng, 4 * rng.randrange(13), lines)
    facts: dict[str, Any] = {}
    if kind == "lead":
        proper = table.on_play
        offender = rng.choice([s for s in Seat if s is not proper])
        card = rng.choice(sorted(table.hand(offender)))
        lines.append(f"{offender} {card}")
        facts.update(proper=proper, offender=offender, card=card, trick=(len(lines) - 1) // 4 + 1)
    else:
        if len(table.hand(Seat.N)) < 2:
            return scenario(deal, contract, declarer, seed, "lead", edition)
        leader = table.on_play
        table = play_in_turn(table, rng, 1, lines)
        fourth, third = leader.next(3), leader.next(2)
        offender = fourth if table.is_defender(fourth) else third
        card = rng.choice(sorted(table.hand(offender)))
        lines.append(f"{offender} {card}")
        facts.update(offender=offender, card=card, leader=leader, premature=offender is fourth)
    lines.append("attention TD")
    case = parse_case({"deal": str(deal), "contract": str(contract), "declarer": str(declarer), "play": lines,
                       "laws": edition})
    return case, facts


def check_conservation(case: Case, r: Restoration, *, rotation: bool = True) -> None:
    table = r.table
    standing = [(s, c) for t in table.tricks for s, c in t.plays]
    places: Counter[Card] = Counter(c for _, c in standing)
    for seat in Seat:
        mine = {c for s, c in standing if s is seat}
        assert table.hand(seat) | mine == case.deal[seat].cards and not table.hand(seat) & mine
        places.update(table.hand(seat))
    assert set(places.values()) == {1} and len(places) == 52
    for p in table.penalty_cards:
        assert p.card in table.hand(p.seat)
        assert p.seat not in (case.declarer, case.declarer.partner), "48A: declarer's or dummy's card is a penalty card"
    for t in table.tricks if rotation else ():
        seats_in = [s for s, _ in t.plays]
        assert seats_in == [t.leader.next(i) for i in range(len(seats_in))], f"trick {t.number} out of rotation"


def choices_of(ruling: Ruling, task_type: type) -> set[str]:
    """The alternatives offered at the first node whose task is of ``task_type``."""
    node = ruling.root
    while node.agenda and not isinstance(node.agenda[0], task_type):
        node = ruling.expand(node)[0][1]
    assert node.agenda, f"no {task_type.__name__} node"
    return {s.choice for s, _ in ruling.expand(node)}


given_case = given(deal=deals(), contract=contracts(doubled=False), declarer=st.sampled_from(tuple(Seat)),
                   seed=st.integers(0, 2**16), edition=st.sampled_from(("2017", "2007")))


@stable()
@given_case
def test_lead_out_of_turn(deal: Deal, contract: Contract, declarer: Seat, seed: int, edition: str) -> None:
    case, f = scenario(deal, contract, declarer, seed, "lead", edition)
    ruling = Ruling(case)
    rs = ruling.ruleset
    offender, proper, card, trick = f["offender"], f["proper"], f["card"], f["trick"]
    assert expected_leader(ruling.replay.table, trick) is proper
    restorations = list(ruling.restorations())
    declaring = offender.side is declarer.side
    task = ruling.root.agenda[0]
    event(f"trick {'1' if trick == 1 else '13' if trick == 13 else 'n'}, {'declaring side' if declaring else 'defender'}")
    if trick == 1 and declaring:
        assert [s.clause for r in restorations for s in r.path] == ["54E"]
    else:
        assert isinstance(task, LeadOutOfTurn)
        offered = {s.choice for s, _ in rs.expand(ruling.root)}
        if trick == 1:
            assert offered == {"spread and become dummy", "accept", "refuse"}
            assert len(restorations) == 5, "54A, 54B, and 54D with 50D2 require / forbid / leave (seed 003)"
        elif trick == 13 and edition == "2017":
            assert offered == {"refuse"}, "53A: no acceptance at trick 13"
            assert all(s.kind is StepKind.FORCED for s, _ in rs.expand(ruling.root))
        else:
            assert offered == {"accept", "refuse"}
        actor = rs.expand(ruling.root)[0][0].actor
        assert actor == "TD" if (trick == 13 and edition == "2017") else actor == (f"{offender.lho} or {offender.rho}" if declaring else str(declarer)), "who chooses"
    for r in restorations:
        check_conservation(case, r)
        choice = r.path[0].choice
        if choice in ("refuse", "not a lead"):
            assert leader_of(r.table, r.node.focus) is proper
            assert any(w.seat is offender and w.card == card for w in r.withdrawn)
            if not declaring:
                pcs = [(p.seat, p.card, str(p.kind)) for p in r.penalty_cards if p.card == card]
                if pcs:
                    assert pcs == [(offender, card, "major")]
                else:  # 50D2(a): declarer required or forbade the suit and the card was picked up
                    assert proper is offender.partner and "50D2(a)" in r.laws
                    assert [x.split(" must")[0] for x in r.node.restrictions] == [str(proper)]
            else:
                assert not r.penalty_cards
        else:
            assert leader_of(r.table, r.node.focus) is offender
            assert r.card_of(offender, trick) == card
            assert r.table.declarer is (declarer.partner if choice == "spread and become dummy" else declarer)
    keys = [r.key() for r in restorations]
    assert len(set(keys)) == len(keys)
    assert keys == [r.key() for r in Ruling(case).restorations()], "deterministic"


@stable()
@given_case
def test_premature_play(deal: Deal, contract: Contract, declarer: Seat, seed: int, edition: str) -> None:
    case, f = scenario(deal, contract, declarer, seed, "early", edition)
    if "premature" not in f:
        return
    ruling = Ruling(case)
    offender, card = f["offender"], f["card"]
    restorations = list(ruling.restorations())
    for r in restorations:
        check_conservation(case, r, rotation=bool(ruling.root.agenda))
    event("57A" if f["premature"] else f"57D {edition}")
    if f["premature"]:
        assert isinstance(ruling.root.agenda[0], PrematurePlay)
        led = ruling.replay.table.current_trick.suit_led  # type: ignore[union-attr]
        others = {s.letter for s in SUITS if s is not led}
        expected = {"highest", "lowest"} | {f"require {s}" for s in others} | {f"forbid {s}" for s in others}
        assert choices_of(ruling, PrematureOptions) == expected
        assert len(restorations) == 8
        three = Ruling(case, get_ruleset(edition, Decisions(premature_play_require_other_suit=False)))
        assert choices_of(three, PrematureOptions) == expected - {f"require {s}" for s in others}
        for r in restorations:
            assert any(p.seat is offender and p.card == card and str(p.kind) == "major" for p in r.penalty_cards)
            assert len(r.node.restrictions) == 1 and r.node.restrictions[0].startswith(f"{offender.partner} must")
            assert leader_of(r.table, r.node.focus) is f["leader"]
    elif edition == "2017":
        assert isinstance(ruling.root.agenda[0], PlayAtRhoTurn)
        assert len(restorations) == 1
        (r,) = restorations
        penalty = [p for p in r.penalty_cards if p.card == card]
        assert bool(penalty) != (f"{offender} must play {card}" in r.node.restrictions), "57D: penalty card or play in turn"
    else:
        # 2007 has no 57D: a card exposed prematurely, a major penalty card (2007 50, 49, 50B)
        assert isinstance(ruling.root.agenda[0], PlayAtRhoTurn)
        assert len(restorations) == 1
        (r,) = restorations
        assert [str(p.kind) for p in r.penalty_cards if p.card == card] == ["major"]
        assert not r.node.restrictions and r.path[0].clause == "50"
    keys = [r.key() for r in restorations]
    assert keys == [r.key() for r in Ruling(case).restorations()], "deterministic"


@stable()
@given_case
def test_card_after_a_lead_out_of_turn(deal: Deal, contract: Contract, declarer: Seat, seed: int, edition: str) -> None:
    """53A/53B: a card from the next hand accepts the lead; a card from the proper leader (an
    opponent of the offender) is the proper lead and the irregular lead never ends a penalty card."""
    case, f = scenario(deal, contract, declarer, seed, "lead", edition)
    offender, proper, trick = f["offender"], f["proper"], f["trick"]
    if trick == 1 or trick == 13 or (proper.side is offender.side) or len(case.deal[Seat.N]) < 2:
        return
    rng = random.Random(seed + 1)
    table = case.replay().table
    by = rng.choice([offender.lho, proper])
    hand = sorted(table.hand(by))
    follow = [c for c in hand if c.suit is f["card"].suit] if by is offender.lho else []
    card = rng.choice(follow or hand)  # a play to the lead follows suit (a revoke is the revoke rules')
    lines = [str(e) for e in case.events if not str(e).startswith("attention")] + [f"{by} {card}", "attention TD"]
    case = parse_case({"deal": str(deal), "contract": str(contract), "declarer": str(declarer), "play": lines, "laws": edition})
    ruling = Ruling(case)
    restorations = list(ruling.restorations())
    assert restorations and not any("not yet ruled" in str(n) for n in ruling.notices)
    event("next hand is proper leader" if by is proper is offender.lho else "proper lead" if by is proper else "accepted by play")
    for r in restorations:
        check_conservation(case, r)
        assert not any(p.card == f["card"] for p in r.penalty_cards), "53A/53B: no penalty card"
        if r.path[0].choice in ("accepted by play", "played to the lead"):
            assert leader_of(r.table, r.node.focus) is offender and r.card_of(by, trick) == card
        else:
            assert leader_of(r.table, r.node.focus) is proper and r.card_of(proper, trick) == card
            assert {s.clause for s in r.path} <= {"53B", "53C"}
    if by is proper and proper is not offender.lho:
        assert {s.choice for r in restorations for s in r.path} <= {"keep", "withdraw"}
