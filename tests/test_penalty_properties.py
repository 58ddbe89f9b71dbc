"""Property tests for penalty cards and exposed cards (Laws 48-52, 58, 45C, 45E).

Random positions (seeded, derandomized Hypothesis) with penalty cards in force and a record
that may break their obligations, or with exposed, named, simultaneous or fifth cards. The
checks are written from the Laws, independently of the rule modules:

* every card the solver substitutes meets the penalty-card obligations in force (50C, 50D1);
* no card of declarer or dummy is ever a penalty card (48A);
* the options offered are exactly the clause's set (50D2 / 51B, 52B, 58B2).
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from rulings.models import Card, Case, PenaltyKind, Seat
from rulings.models.cards import Suit
from rulings.solver.casefile import loads
from rulings.solver.engine import Restoration
from rulings.solver.ruling import Ruling

SEAT_ORDER = (Seat.N, Seat.E, Seat.S, Seat.W)
SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
DECK = [Card.parse(s + r) for s in "SHDC" for r in "AKQJT98765432"]
FACTS = ("visible_to_partner", "not_visible_to_partner", "held_near_table", "touching_table",
         "maintained_as_played", "dropped", "face_down", "claiming")


def stable(max_examples: int = 60) -> settings:
    return settings(max_examples=max_examples, derandomize=True, database=None, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def deal_text(hands: dict[Seat, list[Card]]) -> str:
    def hand(cards: list[Card]) -> str:
        return ".".join("".join(str(c)[1:] for c in sorted((c for c in cards if c.suit is s), key=lambda c: -c.rank)) for s in SUITS)

    return "N:" + " ".join(hand(hands[s]) for s in SEAT_ORDER)


def random_case(rng: random.Random, kind: str) -> dict[str, Any]:
    """A case mapping: trick 5 (nine cards a hand), one defender with penalty cards, and a
    record of the given kind."""
    deck = DECK[:]
    rng.shuffle(deck)
    hands = {s: deck[i * 9 : i * 9 + 9] for i, s in enumerate(SEAT_ORDER)}
    declarer = rng.choice(SEAT_ORDER)
    holder = rng.choice((declarer.lho, declarer.rho))
    n_pc = rng.choice((1, 1, 2, 3)) if kind != "expose" else rng.choice((0, 1))
    pcs = rng.sample(hands[holder], n_pc)
    kinds = ["major"] * n_pc if n_pc > 1 else [rng.choice(("major", "minor"))]
    penalty = [f"{holder} {c} {k}" for c, k in zip(pcs, kinds, strict=False)]
    leader = rng.choice(SEAT_ORDER)
    play: list[str] = []
    held = {s: list(h) for s, h in hands.items()}
    if kind == "lead":
        leader = holder.partner
    elif kind == "play":
        # mostly legal plays (some revokes); the penalty-card holder often breaks 50C/50D1
        led: Suit | None = None
        for i in range(rng.randint(1, 4)):
            seat = leader.next(i)
            follow = [c for c in held[seat] if led is not None and c.suit is led]
            pool = follow if follow and rng.random() < 0.85 else held[seat]
            if seat is holder and rng.random() < 0.7:
                pool = [c for c in pool if c not in pcs] or pool
            card = rng.choice(pool)
            led = led or card.suit
            held[seat].remove(card)
            play.append(f"{seat} {card}")
    elif kind == "simultaneous":
        seat = leader
        cards = rng.sample(held[seat], rng.randint(2, 3))
        visible = rng.sample(cards, rng.randint(1, len(cards)))
        play.append(f"{seat} plays {' '.join(str(c) for c in cards)} simultaneous visible {' '.join(str(c) for c in visible)}")
    elif kind == "expose":
        for i in range(rng.randint(0, 2)):
            seat = leader.next(i)
            card = rng.choice(held[seat])
            held[seat].remove(card)
            play.append(f"{seat} {card}")
        seat = rng.choice(SEAT_ORDER)
        card = rng.choice(held[seat])
        facts = rng.sample(FACTS, rng.randint(0, 2))
        play.append(" ".join([f"{seat} exposes {card}", *facts]) if rng.random() < 0.8 else f"{seat} names {card}")
    play.append(f"attention {declarer}")
    return {
        "laws": rng.choice(("2017", "2007")),
        "trick": 5,
        "leader": str(leader),
        "deal": deal_text(hands),
        "contract": rng.choice(("3NT", "4S", "4H", "5D", "5C")),
        "declarer": str(declarer),
        "penalty": penalty,
        "play": play,
    }


def solve(mapping: dict[str, Any]) -> tuple[Case, Ruling, list[Restoration]]:
    case = loads(yaml.safe_dump(mapping))
    ruling = Ruling(case)
    return case, ruling, list(ruling.restorations(limit=500))


def cases(kind: str) -> st.SearchStrategy[dict[str, Any]]:
    return st.builds(lambda seed: random_case(random.Random(seed), kind), st.integers(0, 2**32 - 1))


# ----- the checks --------------------------------------------------------------------------------
def check_obligations(case: Case, r: Restoration) -> None:
    """A substitute for a withdrawn card follows suit when able and meets the obligations of
    the penalty cards in force when the record started (50D1(a): a major one of the suit led,
    or any major one when void or leading, must be played; 50C: no lower card of a minor
    one's suit below honour rank before it). When declarer required a penalty card in place
    of the card played (52B2), that card became a major penalty card too: played again as a
    later substitute, it is a penalty card played (which of several, 51A, is not judged here).
    The card a substitute replaces is no obligation on it, even when it was a penalty card
    (docs/revoke-rules.md: it cannot be played straight back)."""
    focus = r.node.focus
    trick = r.table.trick(focus) if focus is not None else None
    if trick is None:
        return
    withdrew = {w.seat for w in r.withdrawn if w.trick == focus}
    recorded = case.replay().table.trick(focus)
    required = any(s.clause == "52B2" for s in r.path)
    led = None
    for i, (seat, card) in enumerate(trick.plays):
        if i == 0:
            led = card.suit
        if seat not in withdrew:
            continue
        hand = frozenset(r.table.hand(seat) | {card})
        suit_led = None if i == 0 else led
        follow = suit_led is not None and any(c.suit is suit_led for c in hand)
        assert not follow or card.suit is suit_led, f"{seat}'s substitute {card} does not follow suit"
        replaced = {w.card for w in r.withdrawn if w.seat is seat and w.trick == focus and w.replaced_by == card}
        initial = [p for p in case.penalty if p.seat is seat and p.card in hand and p.card not in replaced]
        majors = [p.card for p in initial if p.kind is PenaltyKind.MAJOR and (suit_led is None or p.card.suit is suit_led or not follow)]
        if majors and required and recorded is not None and recorded.card_of(seat) == card:
            majors.append(card)  # (52B2: the card he played instead became a major penalty card)
        if majors:
            assert card in majors, f"{seat}'s substitute {card} is not his due major penalty card ({majors})"
        for p in initial:
            if p.kind is PenaltyKind.MINOR:
                assert card == p.card or card.suit is not p.card.suit or card.is_honour, f"{seat} plays {card} before minor {p.card}"


def check_declaring_side_never_penalty(case: Case, r: Restoration) -> None:
    declaring = (case.declarer, case.declarer.partner)
    assert not [p for p in r.penalty_cards if p.seat in declaring], "48A: declarer's or dummy's card is a penalty card"


# ----- properties ----------------------------------------------------------------------------------
@stable(80)
@given(cases("play"))
# declarer requires a penalty card (52B2), then the defender, non-offending at the revoke
# trick, changes it (62C1) to the card he first played, a major penalty card since
@example(random_case(random.Random(684), "play"))
# South followed with his major penalty card; non-offending at declarer's revoke on the same
# trick (2007: both corrected under 62B), he changes it (62C1): his own card obliges nothing
@example(random_case(random.Random(2575), "play"))
def test_substitutes_meet_penalty_card_obligations(mapping: dict[str, Any]) -> None:
    case, _, restorations = solve(mapping)
    for r in restorations:
        check_obligations(case, r)
        check_declaring_side_never_penalty(case, r)


@stable(80)
@given(st.sampled_from(("expose", "simultaneous", "play")).flatmap(cases))
def test_declarer_and_dummy_cards_never_penalty_cards(mapping: dict[str, Any]) -> None:
    case, _, restorations = solve(mapping)
    assert restorations
    for r in restorations:
        check_declaring_side_never_penalty(case, r)


@stable(60)
@given(cases("lead"))
def test_lead_options_are_exactly_50d2_51b(mapping: dict[str, Any]) -> None:
    case, ruling, restorations = solve(mapping)
    holder = case.penalty[0].seat
    partner = holder.partner
    pcs = {p.card for p in case.penalty}
    suits = sorted({c.suit for c in pcs}, key=SUITS.index)
    edges = ruling.expand(ruling.root)
    if all(p.kind is PenaltyKind.MINOR for p in case.penalty):
        assert not edges and len(restorations) == 1, "50C: a minor penalty card gives declarer no lead options"
        return
    expected = {frozenset({f"{partner} must lead {s}"}) for s in suits}
    forbid_sets = [set(c) for n in range(1, len(suits) + 1) for c in combinations(suits, n)] if len(suits) > 1 else [set(suits)]
    expected |= {frozenset(f"{partner} must not lead {s}" for s in fs) for fs in forbid_sets}
    expected.add(frozenset())
    got = [frozenset(child.restrictions) for _, child in edges]
    assert len(got) == len(set(got)) == len(expected) and set(got) == expected
    assert {s.actor for s, _ in edges} == {str(case.declarer)}
    for _, child in edges:
        named = {w.split()[-1] for w in child.restrictions}
        left = {p.card for p in child.table.penalty_cards_of(holder)}
        assert left == {c for c in pcs if str(c.suit) not in named}, "a required or forbidden suit's penalty cards are picked up"


@stable(80)
@given(cases("play"))
def test_failure_options_are_exactly_52b(mapping: dict[str, Any]) -> None:
    case, ruling, _ = solve(mapping)
    task = ruling.root.agenda[0] if ruling.root.agenda else None
    if type(task).__name__ != "FailedPenaltyCard":
        return
    seat, card = task.seat, task.card  # type: ignore[union-attr]
    later = task.later  # type: ignore[union-attr]
    edges = ruling.expand(ruling.root)
    if any(s in (case.declarer, case.declarer.partner) for _, s, _ in later):
        assert len(edges) == 1 and edges[0][0].clause == "52B1(b)"
        return
    trick = ruling.root.table.trick(task.trick)  # type: ignore[union-attr]
    assert trick is not None
    leading = trick.plays[0][0] is seat
    suit_led = None if leading else trick.suit_led
    hand = frozenset(ruling.root.table.hand(seat) | {card})
    initial = [p for p in case.penalty if p.seat is seat]
    follow = suit_led is not None and any(c.suit is suit_led for c in hand)
    majors = [p.card for p in initial if p.kind is PenaltyKind.MAJOR and (suit_led is None or p.card.suit is suit_led or not follow)]
    due = set(majors) or {p.card for p in initial if p.kind is PenaltyKind.MINOR and p.card.suit is card.suit}
    assert edges[0][0].clause == "52B1(a)"
    chosen = set()
    for step, child in edges[1:]:
        assert step.clause == "52B2"
        now = child.table.trick(task.trick).card_of(seat)  # type: ignore[union-attr]
        chosen.add(now)
        assert any(p.card == card and p.kind is PenaltyKind.MAJOR for p in child.table.penalty_cards_of(seat))
    assert chosen == due


@stable(60)
@given(cases("simultaneous"))
def test_simultaneous_options_are_the_visible_cards(mapping: dict[str, Any]) -> None:
    case, ruling, restorations = solve(mapping)
    event = next(e for e in case.events if type(e).__name__ == "Simultaneous")
    seat, visible = event.seat, event.faces  # type: ignore[union-attr]
    if len(visible) == 1:
        # the visible card is played (58B1), unless declarer then required a due penalty card (52B2)
        assert all(r.card_of(seat, 5) == visible[0] or "52B2" in r.laws for r in restorations)
        assert all(not r.table.penalty_cards_of(seat) - set(ruling.root.table.penalty_cards_of(seat))
                   for r in restorations if "52B2" not in r.laws), "58B1: the cards not visible are no penalty cards"
        return
    edges = ruling.expand(ruling.root)
    assert {child.table.trick(5).card_of(seat) for _, child in edges} == set(visible)  # type: ignore[union-attr]
    assert len(edges) == len(visible)
    if seat.side is not case.declarer.side:
        for _, child in edges:
            kept = child.table.trick(5).card_of(seat)  # type: ignore[union-attr]
            others = set(visible) - {kept}
            mine = {p.card: p.kind for p in child.table.penalty_cards_of(seat)}
            assert others <= set(mine)
            if len(mine) == 1:
                (c,) = others
                assert mine[c] is (PenaltyKind.MAJOR if c.is_honour else PenaltyKind.MINOR)
            else:
                assert set(mine.values()) == {PenaltyKind.MAJOR}


def designation_problems(ruling: Ruling) -> list[str]:
    """51A (and 50D1(a)): where a player's lawful cards are two or more major penalty cards
    (a substitute for a card withdrawn, or a change he may make), declarer designates which
    is played: each such step cites 51A; no other substitute cites it (52B2's own choice of
    penalty card by declarer aside). 58B2 is its own rule: of cards played together, the
    offender names the one he plays."""
    problems: list[str] = []
    siblings: dict[tuple[int, str], list[tuple[Any, Any]]] = {}
    for u, _, data in ruling.graph().edges(data=True):
        step = data["step"]
        siblings.setdefault((id(u), step.question), []).append((u, step))
    for (_, question), edges in siblings.items():
        node, steps = edges[0][0], [s for _, s in edges]
        if any(s.clause in ("58B2", "52B2") or s.choice.startswith("require") for s in steps):
            continue
        cards = [s.choice.removeprefix("change to ") for s in steps if s.choice not in ("keep", "withdraw", "stands", "must leave it")]
        majors = {p.card.text for p in node.table.penalty_cards if p.kind is PenaltyKind.MAJOR}
        due = len(cards) >= 2 and all(c in majors for c in cards)
        for s in steps:
            if s.choice in ("keep", "withdraw", "stands", "must leave it"):
                continue
            if due and "51A" not in s.clauses:
                problems.append(f"{question}: {s.choice} among penalty cards {cards} does not cite 51A")
            if not due and "51A" in s.clauses:
                problems.append(f"{question}: {s.choice} cites 51A, but the choices are {cards}")
    return problems


@stable(80)
@given(cases("play"))
@example(random_case(random.Random(623), "play"))  # West corrects a revoke with two penalty cards due (62B)
@example(random_case(random.Random(629), "play"))  # East, the revoker's partner, changes to one of two (62C2)
def test_declarer_designates_among_penalty_cards(mapping: dict[str, Any]) -> None:
    _, ruling, _ = solve(mapping)
    assert not designation_problems(ruling)
