"""Random revoke positions, for tests, benchmarks and other bridge software.

Every function returns a case *mapping*: exactly what ``yaml.safe_load`` gives for a case
file (CASES.md), with the keys ``title``, ``laws``, ``deal``, ``contract``, ``declarer``,
``play`` and, when the record starts after trick 1 or with penalty cards in force,
``trick``, ``leader``, ``won`` and ``penalty``. Dump it with :func:`dump_case` (or
``yaml.safe_dump``) and load it back with ``rulings.solver.casefile.loads``.

Values are built directly, never by filtering: the 52 cards are shuffled and dealt, a
contract and declarer drawn, and tricks played with random *lawful* cards (follow suit;
a major penalty card at the first legal opportunity; no other card below honour rank of a
minor penalty card's suit before it). On the revoke trick one player who holds the suit
led discards another suit; then a random number of further lawful cards are played (the
rest of the revoke trick; sometimes the non-offending side's lead to the next trick;
sometimes an offending-side card that establishes the revoke), and the record ends with
``attention <seat>``. The same ``random.Random`` state always gives the same case.

>>> import random
>>> case = random_revoke_case(random.Random(3), revoker_position=2, established=False)
>>> [key for key in ("deal", "contract", "declarer", "play") if key in case]
['deal', 'contract', 'declarer', 'play']
>>> case["play"][-1].split()[0]
'attention'
>>> from rulings.models import parse_case
>>> table = parse_case(case).replay().table
>>> [revoke] = table.revokes
>>> table.trick(revoke.trick).position_of(revoke.seat)  # 0-based: second to play
1
>>> table.is_established(revoke)
False
>>> from rulings.solver.casefile import loads
>>> loads(dump_case(case)) == parse_case(case)  # the YAML text loads back to the same case
True
>>> random_revoke_case(random.Random(3), revoker_position=2, established=False) == case
True
>>> cascade_case(1000)["expect"]
['count 999']
>>> cascade_leaves(11, 11, 11)
1463

The options of :func:`random_revoke_case` force shapes: ``revoker_position`` (2-4 in the
trick), ``revoker_role`` (``"defender"``, ``"declarer"`` or ``"dummy"``), ``established``,
``next_trick_lead`` (the non-offending side leads to the next trick; with
``established=True`` the offending side's establishing card then follows, with ``False``
the offending side itself leads), ``penalty_cards`` (0-2 penalty cards of the defenders in
force when the record starts, which then starts at the revoke trick), ``revoke_trick``
(1-11) and ``mid_hand`` (start the record after trick 1, with ``trick``, ``leader`` and
``won``). Options left at ``None`` are drawn; impossible combinations raise ValueError
(on trick 1, for instance, second hand is always dummy).

The rest of the API:

* :func:`random_revoke_cases` ``(n, seed, **options)`` yields ``n`` cases, case ``i`` drawn
  from :func:`case_seed` ``(seed, i)`` so that each can be rebuilt alone;
* :func:`write_cases` ``(n, seed, directory, **options)`` writes them as YAML files;
* :func:`dump_case` returns one case as YAML text;
* :func:`cascade_case` ``(leaves_target)`` builds a position whose ruling has about that
  many restorations (1 to 1463), the exact count given by :func:`cascade_leaves` and
  written as ``count N`` under ``expect``: for benchmarks that grow the cascade.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import field
from pathlib import Path
from typing import Any, Literal

import yaml

from rulings.models import DECK, SEATS, Card, Contract, Deal, Hand, Seat, Side, Strain, Suit
from rulings.models.compiled import mypyc_attr
from rulings.models.dataclass import dataclass

__all__ = [
    "ROLES",
    "TRICK_ONE_ROLES",
    "GenerationError",
    "cascade_case",
    "cascade_leaves",
    "case_seed",
    "dump_case",
    "random_revoke_case",
    "random_revoke_cases",
    "write_cases",
]

Role = Literal["defender", "declarer", "dummy"]
ROLES: tuple[Role, ...] = ("defender", "declarer", "dummy")
#: Who plays in positions 2-4 of trick 1 (declarer's LHO leads it).
TRICK_ONE_ROLES: dict[int, Role] = {2: "dummy", 3: "defender", 4: "declarer"}
Kind = Literal["major", "minor"]
PlayT = tuple[Seat, Card]

#: Attempts before giving up on a combination of options that cannot be met.
MAX_ATTEMPTS = 2000

#: set while :func:`random_kind_case` draws a full-hand case: records start at trick 1 with
#: every earlier card recorded (a program importing whole boards can replay them)
_FULL_HAND: ContextVar[bool] = ContextVar("full_hand", default=False)


@mypyc_attr(native_class=False)
class GenerationError(RuntimeError):
    """The options asked for a shape the generator could not build."""


# ----- the table during generation --------------------------------------------------------------
@dataclass
class _Sim:
    """Hands, penalty cards and tricks while a random deal is played out."""

    declarer: Seat
    trumps: Suit | None
    hands: dict[Seat, set[Card]]
    leader: Seat
    penalty: dict[Card, tuple[Seat, Kind]] = field(default_factory=dict)
    tricks: list[list[PlayT]] = field(default_factory=list)
    won: dict[Side, int] = field(default_factory=lambda: {Side.NS: 0, Side.EW: 0})

    @property
    def trick_number(self) -> int:
        """Number of the trick being played (or about to begin)."""
        return sum(1 for t in self.tricks if len(t) == 4) + 1

    @property
    def current(self) -> list[PlayT]:
        if not self.tricks or len(self.tricks[-1]) == 4:
            return []
        return self.tricks[-1]

    @property
    def on_play(self) -> Seat:
        cur = self.current
        return cur[-1][0].lho if cur else self.leader

    def is_defender(self, seat: Seat) -> bool:
        return seat.side is not self.declarer.side

    def penalties_of(self, seat: Seat) -> dict[Card, Kind]:
        return {c: k for c, (s, k) in self.penalty.items() if s is seat}

    def lawful(self, seat: Seat) -> list[Card]:
        """Cards ``seat`` may lawfully play now (44C, 50D1(a), 50C), sorted."""
        hand = self.hands[seat]
        cur = self.current
        led = cur[0][1].suit if cur else None
        follow = [c for c in hand if c.suit is led]
        legal = follow or list(hand)
        mine = self.penalties_of(seat)
        majors = [c for c in legal if mine.get(c) == "major"]
        if majors:
            return sorted(majors)
        minor_suits = {c.suit for c, k in mine.items() if k == "minor"}
        return sorted(c for c in legal if c.suit not in minor_suits or c.is_honour or mine.get(c) == "minor")

    def play(self, seat: Seat, card: Card) -> None:
        assert seat is self.on_play and card in self.hands[seat]
        if not self.tricks or len(self.tricks[-1]) == 4:
            self.tricks.append([])
        self.tricks[-1].append((seat, card))
        self.hands[seat].discard(card)
        self.penalty.pop(card, None)
        if len(self.tricks[-1]) == 4:
            self.leader = _winner(self.tricks[-1], self.trumps)
            self.won[self.leader.side] += 1

    def play_lawful(self, rng: random.Random) -> PlayT:
        seat = self.on_play
        card = rng.choice(self.lawful(seat))
        self.play(seat, card)
        return seat, card


def _winner(trick: Sequence[PlayT], trumps: Suit | None) -> Seat:
    led = trick[0][1].suit

    def strength(p: PlayT) -> tuple[int, int]:
        suit = p[1].suit
        return (2 if suit is trumps else 1 if suit is led else 0, int(p[1].rank))

    return max(trick, key=strength)[0]


def _role(seat: Seat, declarer: Seat) -> Role:
    if seat is declarer:
        return "declarer"
    if seat is declarer.partner:
        return "dummy"
    return "defender"


def _format_play(seat: Seat, card: Card) -> str:
    return f"{seat} {card}"


# ----- the random revoke case ----------------------------------------------------------------------
def random_revoke_case(
    rng: random.Random,
    *,
    edition: str = "2017",
    revoker_position: int | None = None,
    revoker_role: Role | None = None,
    established: bool | None = None,
    next_trick_lead: bool | None = None,
    penalty_cards: int | None = None,
    revoke_trick: int | None = None,
    mid_hand: bool | None = None,
    title: bool = True,
) -> dict[str, Any]:
    """Return a random case mapping whose record holds one revoke (see the module docstring).

    ``edition`` is ``"2017"`` or ``"2007"`` (written to ``laws``). ``revoke_trick`` may be
    1 to 11. Raises ValueError for an impossible option and GenerationError when the
    options could not be met in :data:`MAX_ATTEMPTS` deals.
    """
    if edition not in ("2017", "2007"):
        raise ValueError(f"unknown edition {edition!r} (2017 or 2007)")
    if revoker_position is not None and revoker_position not in (2, 3, 4):
        raise ValueError("revoker_position must be 2, 3 or 4")
    if revoker_role is not None and revoker_role not in ROLES:
        raise ValueError(f"revoker_role must be one of {ROLES}")
    if penalty_cards is not None and penalty_cards not in (0, 1, 2):
        raise ValueError("penalty_cards must be 0, 1 or 2")
    if revoke_trick is not None and not 1 <= revoke_trick <= 11:
        raise ValueError("revoke_trick must be 1 to 11")
    if mid_hand and revoke_trick == 1:
        raise ValueError("mid_hand needs a revoke after trick 1")
    if mid_hand is False and penalty_cards:
        # Penalty cards are in force when the record starts, and lawful play soon uses them
        # up, so a record from trick 1 with penalty cards has its revoke on trick 1.
        if revoke_trick not in (None, 1):
            raise ValueError("penalty cards with mid_hand=False need the revoke on trick 1")
        revoke_trick = 1
    n_pen = penalty_cards if penalty_cards is not None else 0 if mid_hand is False else rng.choice((0, 0, 1, 2))
    if revoke_trick == 1:
        # The opening leader is declarer's LHO: second hand is dummy, third a defender,
        # fourth declarer.
        fits = [p for p, r in TRICK_ONE_ROLES.items() if revoker_role in (None, r) and revoker_position in (None, p)]
        if not fits:
            raise ValueError(f"on trick 1 the revoker in position {revoker_position} is the "
                             f"{TRICK_ONE_ROLES[revoker_position or 2]}, not {revoker_role}")
        revoker_position = rng.choice(fits)
        revoker_role = TRICK_ONE_ROLES[revoker_position]
    # Draw the shape once, so that every attempt aims at the same target.
    shape = _Shape(
        edition=edition,
        position=revoker_position if revoker_position is not None else rng.choice((2, 3, 4)),
        role=revoker_role if revoker_role is not None else rng.choice(("defender", "defender", "declarer", "dummy")),
        established=established if established is not None else rng.random() < 0.3,
        next_lead=False,
        penalty_cards=n_pen,
        revoke_trick=revoke_trick,
        mid_hand=mid_hand,
        title=title,
    )
    shape.next_lead = next_trick_lead if next_trick_lead is not None else rng.random() < (0.5 if shape.established else 0.35)
    for _ in range(MAX_ATTEMPTS):
        found = _attempt(rng, shape)
        if found is not None:
            return found
    raise GenerationError(f"no deal found for {shape}")


@dataclass
class _Shape:
    edition: str
    position: int
    role: Role
    established: bool
    next_lead: bool
    penalty_cards: int
    revoke_trick: int | None
    mid_hand: bool | None
    title: bool


def _random_contract(rng: random.Random) -> Contract:
    level = rng.randint(1, 7)
    strain = rng.choice(tuple(Strain))
    doubled = rng.choice((0, 0, 0, 0, 1, 2))
    return Contract(level, strain, doubled)


def _attempt(rng: random.Random, shape: _Shape) -> dict[str, Any] | None:
    """One try at a deal of the wanted shape; None when this deal does not fit."""
    deck = list(DECK)
    rng.shuffle(deck)
    contract = _random_contract(rng)
    declarer = rng.choice(SEATS)
    hands = {seat: set(deck[13 * i : 13 * i + 13]) for i, seat in enumerate(SEATS)}
    sim = _Sim(declarer, contract.trumps, hands, declarer.lho)
    first = 2 if shape.mid_hand else 1
    target = shape.revoke_trick if shape.revoke_trick is not None else rng.randint(first, 11)
    # Play whole lawful tricks until the seat at the revoker's position has the wanted role.
    while True:
        number = sim.trick_number
        revoker = sim.leader.next(shape.position - 1)
        if number >= target and _role(revoker, declarer) == shape.role and len({c.suit for c in sim.hands[revoker]}) >= 2:
            break
        if number >= 11 or (shape.revoke_trick is not None and number >= shape.revoke_trick):
            return None
        for _ in range(4):
            sim.play_lawful(rng)
    rtrick = sim.trick_number
    at_revoke_trick = _Snapshot({s: frozenset(h) for s, h in sim.hands.items()}, sim.leader, dict(sim.won))

    # The record starts at trick 1, at a random earlier trick, or (with penalty cards in
    # force, which lawful play would soon use up) at the revoke trick itself.
    if shape.penalty_cards:
        start = rtrick
    elif shape.mid_hand is None:
        start = 1 if rtrick == 1 or rng.random() < 0.5 else rng.randint(2, rtrick)
    else:
        start = rng.randint(2, rtrick) if shape.mid_hand else 1

    # The suit led: one the revoker holds, with another suit to revoke with.
    leader = sim.leader
    suit = rng.choice(sorted({c.suit for c in sim.hands[revoker]}))
    seeded = _seed_penalty_cards(rng, sim, shape.penalty_cards, suit, revoker) if shape.penalty_cards else []
    leads = [c for c in sim.lawful(leader) if c.suit is suit] or sim.lawful(leader)
    sim.play(leader, rng.choice(leads))
    suit = sim.current[0][1].suit
    for _ in range(shape.position - 2):
        sim.play_lawful(rng)
    others = sorted(c for c in sim.hands[revoker] if c.suit is not suit)
    if not others or not any(c.suit is suit for c in sim.hands[revoker]):
        return None
    # The revoke: a card of another suit (sometimes a penalty card of another suit, 62B2).
    faced = [c for c in others if c in sim.penalty]
    sim.play(revoker, rng.choice(faced) if faced and rng.random() < 0.5 else rng.choice(others))
    offending = revoker.side

    # Later plays: the rest of the revoke trick, then the next trick as the shape requires.
    rest = 4 - shape.position
    if shape.established or shape.next_lead:
        for _ in range(rest):
            sim.play_lawful(rng)
        winner = sim.leader
        if (winner.side is not offending) != shape.next_lead or _waits_for_50d2(sim, winner):
            return None
        sim.play_lawful(rng)  # the lead to the next trick
        if shape.established:
            if shape.next_lead:
                sim.play_lawful(rng)  # the offending side's card that establishes the revoke
            for _ in range(rng.choice((0, 0, 0, 1, 2, 3, 5))):
                seat = sim.on_play
                if sim.trick_number > 13 or (not sim.current and _waits_for_50d2(sim, seat)):
                    break
                sim.play_lawful(rng)
    else:
        for _ in range(rng.randint(0, rest)):
            sim.play_lawful(rng)
    return _mapping(sim, rng, shape, contract, start, rtrick, at_revoke_trick, revoker, seeded)


@dataclass(frozen=True)
class _Snapshot:
    hands: dict[Seat, frozenset[Card]]
    leader: Seat
    won: dict[Side, int]


def _waits_for_50d2(sim: _Sim, leader: Seat) -> bool:
    """A defender whose partner has a major penalty card may not lead before declarer's
    50D2 choice, which a plain play record cannot show: such leads are not generated."""
    return sim.is_defender(leader) and any(k == "major" for k in sim.penalties_of(leader.partner).values())


def _seed_penalty_cards(rng: random.Random, sim: _Sim, count: int, suit: Suit, revoker: Seat) -> list[str]:
    """Give the defenders ``count`` penalty cards, mostly of the suit about to be led, and
    return them as ``penalty:`` lines.

    A defender who leads the revoke trick has no partner with a penalty card (his lead
    would wait for declarer's 50D2 choice). Honours are major; one defender with two
    penalty cards has both major (50B).
    """
    owners = [s for s in SEATS if sim.is_defender(s) and not (sim.is_defender(sim.leader) and s is sim.leader.partner)]
    for _ in range(count):
        owner = rng.choice(owners)
        hand = sorted(c for c in sim.hands[owner] if c not in sim.penalty)
        if len(hand) <= 1:
            continue
        of_suit = [c for c in hand if c.suit is suit]
        pool = of_suit if of_suit and rng.random() < 0.6 else hand
        if owner is revoker and rng.random() < 0.3:
            pool = [c for c in hand if c.suit is not suit] or pool
        card = rng.choice(pool)
        sim.penalty[card] = (owner, "major" if card.is_honour or rng.random() < 0.5 else "minor")
    for owner in SEATS:
        mine = sim.penalties_of(owner)
        if len(mine) >= 2:
            for card in mine:
                sim.penalty[card] = (owner, "major")
    ordered = sorted(sim.penalty.items(), key=lambda kv: (kv[1][0].index, kv[0]))
    return [f"{seat} {card} {kind}" for card, (seat, kind) in ordered]


def _mapping(
    sim: _Sim,
    rng: random.Random,
    shape: _Shape,
    contract: Contract,
    start: int,
    rtrick: int,
    at_revoke_trick: _Snapshot,
    revoker: Seat,
    penalty: list[str],
) -> dict[str, Any]:
    """The case mapping of a record that starts at trick ``start``."""
    hands = {s: set(h) for s, h in at_revoke_trick.hands.items()}
    for trick in sim.tricks[start - 1 : rtrick - 1]:
        for s, c in trick:
            hands[s].add(c)
    if start == rtrick:
        leader, won = at_revoke_trick.leader, at_revoke_trick.won
    else:
        leader = sim.tricks[start - 1][0][0]
        won = {Side.NS: 0, Side.EW: 0}
        for trick in sim.tricks[: start - 1]:
            won[_winner(trick, sim.trumps).side] += 1
    deal = Deal.from_hands({s: Hand.of(hands[s]) for s in SEATS})
    out: dict[str, Any] = {}
    if shape.title:
        state = "established" if shape.established else "not established"
        out["title"] = (
            f"Random revoke: {revoker} ({_role(revoker, sim.declarer)}) revokes in position {shape.position} "
            f"on trick {rtrick}, {state}"
        )
    out["laws"] = int(shape.edition)
    out["deal"] = deal.format(rng.choice(SEATS))
    out["contract"] = str(contract)
    out["declarer"] = str(sim.declarer)
    if start > 1:
        out["trick"] = start
        out["leader"] = str(leader)
        out["won"] = {"NS": won[Side.NS], "EW": won[Side.EW]}
    if penalty:
        out["penalty"] = penalty
    play = [f"{s} {c}" for trick in sim.tricks[start - 1 :] for s, c in trick]
    play.append(f"attention {rng.choice(SEATS)}")
    out["play"] = play
    return out


# ----- many cases ------------------------------------------------------------------------------------
def case_seed(seed: int, index: int) -> random.Random:
    """The random source of case ``index`` of a batch drawn with ``seed`` (reproducible alone)."""
    return random.Random(f"bridge-rulings/{seed}/{index}")


def random_revoke_cases(n: int, seed: int = 0, **options: Any) -> Iterator[dict[str, Any]]:
    """Yield ``n`` random revoke cases; case ``i`` uses ``case_seed(seed, i)``.

    ``options`` go to :func:`random_revoke_case`.
    """
    for i in range(n):
        yield random_revoke_case(case_seed(seed, i), **options)


def with_decisions(case: dict[str, Any], decisions: Mapping[str, bool] | Iterable[tuple[str, bool]] = ()) -> dict[str, Any]:
    """``case`` with the decision switches ``decisions`` (name: value) in its ``decisions``
    field, after ``laws`` (over the switches it sets already); ``case`` itself when there are none."""
    given = dict(decisions)
    if not given:
        return case
    merged = {**dict(case.get("decisions") or {}), **given}
    out: dict[str, Any] = {}
    for key, value in case.items():
        if key == "decisions":
            continue
        out[key] = value
        if key == "laws":
            out["decisions"] = merged
    if "decisions" not in out:
        out["decisions"] = merged
    return out


def dump_case(case: dict[str, Any]) -> str:
    """Return the case as YAML text, keys in case-file order."""
    return yaml.safe_dump(case, sort_keys=False, allow_unicode=True, default_flow_style=False)


def write_cases(n: int, seed: int, directory: str | Path, *, decisions: Mapping[str, bool] | None = None,
                **options: Any) -> list[Path]:
    """Write ``n`` random cases as ``revoke-<seed>-<i>.yaml`` into ``directory`` (created if
    needed) and return their paths. ``options`` go to :func:`random_revoke_case`;
    ``decisions``: the switches each case sets (:func:`with_decisions`)."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    paths: list[Path] = []
    for i, case in enumerate(random_revoke_cases(n, seed, **options)):
        path = out / f"revoke-{seed}-{i:04d}.yaml"
        path.write_text(dump_case(with_decisions(case, decisions or {})), encoding="utf-8")
        paths.append(path)
    return paths


# ----- cascades of a chosen size -----------------------------------------------------------------------
def cascade_leaves(revoker_subs: int, nos_subs: int, partner_subs: int) -> int:
    """Restorations of a second-seat revoke whose trick is complete and nobody has led on:
    each lawful substitute of the revoker times (the NOS third hand keeps, so the partner
    must keep; or the NOS changes, then the partner keeps or changes), 62B, 62C1, 62C2."""
    return revoker_subs * (1 + nos_subs * (1 + partner_subs))


@dataclass(frozen=True)
class _CascadeShape:
    hand: int  # cards a hand when the revoke trick begins
    revoker_spades: int
    nos_spades: int  # 0: void, may substitute any card
    partner_spades: int

    @property
    def subs(self) -> tuple[int, int, int]:
        nos = self.hand - 1 if self.nos_spades == 0 else self.nos_spades - 1
        partner = self.hand - 1 if self.partner_spades == 0 else self.partner_spades - 1
        return self.revoker_spades, nos, partner

    @property
    def leaves(self) -> int:
        return cascade_leaves(*self.subs)


def _cascade_shapes() -> Iterator[_CascadeShape]:
    """Every shape a deal allows, found by a constraint search (python-constraint): the hand
    size, and the spades of the revoker (at least one: he can follow), of the non-offending
    third hand and of the revoker's partner (none: void, any card is a substitute); dummy
    leads one spade and the other spades go to his hand; there are 13 spades, and the hands'
    other cards must fit in the 39 cards of the other suits."""
    from constraint import Problem

    p = Problem()
    p.addVariable("hand", range(2, 13))
    p.addVariable("r", range(1, 12))
    p.addVariables(["e", "s"], range(0, 13))
    p.addConstraint(lambda hand, r: r < hand, ("hand", "r"))
    p.addConstraint(lambda hand, e, s: e <= hand and s <= hand, ("hand", "e", "s"))
    p.addConstraint(lambda r, e, s: 1 + r + e + s <= 13, ("r", "e", "s"))  # dummy leads one spade

    def other_suits_fit(hand: int, r: int, e: int, s: int) -> bool:
        lead_spades = min(hand, 1 + 13 - (1 + r + e + s))
        return 4 * hand - (lead_spades + r + e + s) <= 39

    p.addConstraint(other_suits_fit, ("hand", "r", "e", "s"))
    for sol in sorted(p.getSolutions(), key=lambda x: (x["hand"], x["r"], x["e"], x["s"])):
        yield _CascadeShape(sol["hand"], sol["r"], sol["e"], sol["s"])


def cascade_case(leaves_target: int, *, edition: str = "2017") -> dict[str, Any]:
    """Return a case whose ruling has close to ``leaves_target`` restorations (1 to 1463).

    East (a defender) revokes in second seat on a spade led by dummy; declarer, third, and
    West, fourth, are void in spades (or short) so that they have many substitutes; the
    record stops after the trick. The exact count, :func:`cascade_leaves`, is written as
    the claim ``count N`` under ``expect``.
    """
    if leaves_target < 1:
        raise ValueError("leaves_target must be at least 1")
    best = min(_cascade_shapes(), key=lambda sh: (abs(sh.leaves - leaves_target), -sh.hand, sh.revoker_spades))
    return _cascade_mapping(best, edition)


def _cascade_mapping(best: _CascadeShape, edition: str) -> dict[str, Any]:
    """:func:`cascade_case` of one shape."""
    h = best.hand
    spades = [Card(Suit.SPADES, r) for r in sorted((c.rank for c in DECK if c.suit is Suit.SPADES), reverse=True)]
    rest = [c for c in sorted(DECK, key=lambda c: (-c.suit.order, -c.rank)) if c.suit is not Suit.SPADES]
    counts = {Seat.E: best.revoker_spades, Seat.S: best.nos_spades, Seat.W: best.partner_spades}
    hands: dict[Seat, list[Card]] = {}
    # Dummy leads the lowest spade; the others take spades from the top.
    lead = spades.pop()
    for seat in (Seat.E, Seat.S, Seat.W):
        hands[seat] = [spades.pop(0) for _ in range(counts[seat])]
    hands[Seat.N] = [lead] + [spades.pop(0) for _ in range(min(len(spades), h - 1))]
    for seat in (Seat.N, Seat.E, Seat.S, Seat.W):
        while len(hands[seat]) < h:
            hands[seat].append(rest.pop(0))
    trick = 14 - h
    revoke_card = next(c for c in hands[Seat.E] if c.suit is not Suit.SPADES)
    south = next((c for c in hands[Seat.S] if c.suit is Suit.SPADES), hands[Seat.S][0])
    west = next((c for c in hands[Seat.W] if c.suit is Suit.SPADES), hands[Seat.W][0])
    deal = Deal.from_hands({s: Hand.of(cards) for s, cards in hands.items()})
    return {
        "title": f"Cascade of {best.leaves} restorations: East revokes second, declarer and West may change",
        "laws": int(edition),
        "deal": str(deal),
        "contract": "3NT",
        "declarer": "S",
        "trick": trick,
        "leader": "N",
        "won": {"NS": (trick - 1) // 2, "EW": trick - 1 - (trick - 1) // 2},
        "play": [f"N {lead}", f"E {revoke_card}", f"S {south}", f"W {west}", "attention S"],
        "expect": [f"count {best.leaves}"],
    }


def two_cascades_case(first_target: int, *, edition: str = "2017") -> dict[str, Any]:
    """Return a record with two revokes ruled one after the other, each with a 62C cascade:
    the largest rulings the domain composes (the restorations of the first times those of the
    second played on from each of them).

    The first part is :func:`cascade_case` (``first_target`` restorations) with West as
    declarer: East, dummy, revokes second; South (a defender) and then declarer may change
    their cards (62C1, 62C2), and East's card goes back to dummy (62B2). East's substitute, a
    higher spade than any other hand holds, wins the trick in every restoration, so after
    ``resume`` East leads the revoke card to the next trick; South revokes on it (he holds its
    suit in every restoration); declarer and North may change (62C1, 62C2). A restoration of
    the first revoke from which the record cannot go on (a card played later that was a
    substitute there) drops out (docs/whole-record.md).
    """
    if first_target < 1:
        raise ValueError("first_target must be at least 1")
    for shape in sorted(_cascade_shapes(), key=lambda sh: (abs(sh.leaves - first_target), -sh.hand, sh.revoker_spades)):
        found = _second_revoke(_cascade_mapping(shape, edition))
        if found is not None:
            return found
    raise ValueError("no deal of a cascade lets South revoke on the next trick")  # pragma: no cover (some do)


def _second_revoke(one: dict[str, Any]) -> dict[str, Any] | None:
    """:func:`two_cascades_case` on the deal of one cascade, or None when South cannot revoke
    on East's lead of the revoke card in every restoration of the first."""
    deal = Deal.parse(one["deal"])
    plays = [line.split() for line in one["play"] if not line.startswith("attention")]
    (_, lead), (_, revoke), (_, south), (_, west) = ((Seat.parse(a), Card.parse(b)) for a, b in plays)
    suit = revoke.suit
    hand = {seat: sorted(deal[seat], key=lambda c: (-c.suit.order, -c.rank)) for seat in SEATS}
    held = [c for c in hand[Seat.S] if c.suit is suit and c != south]
    off = [c for c in hand[Seat.S] if c.suit is not suit and c != south]
    west_left = [c for c in hand[Seat.W] if c != west]
    if not held or not off or not west_left:
        return None
    # South discards his lowest card of another suit; West plays his lowest card left; North
    # follows suit with his highest when he can
    south2 = off[-1]
    west2 = west_left[-1]
    north2 = next((c for c in hand[Seat.N] if c.suit is suit and c != lead),
                  next(c for c in hand[Seat.N] if c != lead))
    return {
        **one,
        "title": f"Two revokes played on in one record: {one['title'].split(':')[0].lower()} in the first",
        "declarer": "W",
        "play": [*one["play"][:4], "attention S", "resume", f"E {revoke}", f"S {south2}", f"W {west2}", f"N {north2}",
                 "attention W"],
        "expect": [],
    }


# ----- random dummy-misplay positions (Law 45D1) --------------------------------------------
def random_misplay_case(
    rng: random.Random,
    *,
    edition: str = "2017",
    dummy_position: int | None = None,
    next_lead: bool | None = None,
    same_suit: bool | None = None,
    too_late: bool = False,
    follow_called: bool = False,
    title: bool = True,
) -> dict[str, Any]:
    """Return a random case mapping in which dummy places a card declarer did not call and
    attention is drawn while Law 45D1 still applies (before each side has played to the
    next trick), or with ``too_late`` only after each side has (Law 45D2).

    A deal is played out with random lawful cards up to a random trick in which dummy plays
    in ``dummy_position`` (1-4); declarer calls a random lawful card of dummy's
    (``<declarer> calls <card>``) and dummy places another of his cards (of the same suit
    when ``same_suit``); then a random number of the remaining cards of the trick are played
    lawfully *to the trick as it stands*, and with ``next_lead`` the whole trick and the
    winner's lead to the next trick (with ``too_late``, also the next player's card). With
    ``follow_called``, each player after dummy on that trick plays, one time in two, a card
    lawful to the trick as the called card would have made it (dummy leading: a card of the
    called card's suit when he holds one), as a player who heard the call might. The record
    starts at that trick (``trick``, ``leader``, ``won``) unless it is trick 1, and ends with
    ``attention <seat>``.

    >>> case = random_misplay_case(random.Random(5), dummy_position=1, next_lead=True)
    >>> [line for line in case["play"] if " calls " in line] != []
    True
    >>> random_misplay_case(random.Random(5), dummy_position=1, next_lead=True) == case
    True
    """
    if edition not in ("2017", "2007"):
        raise ValueError(f"unknown edition {edition!r} (2017 or 2007)")
    if dummy_position is not None and dummy_position not in (1, 2, 3, 4):
        raise ValueError("dummy_position must be 1 to 4")
    position = dummy_position if dummy_position is not None else rng.randint(1, 4)
    lead_next = too_late or (next_lead if next_lead is not None else rng.random() < 0.4)
    for _ in range(MAX_ATTEMPTS):
        found = _misplay_attempt(rng, edition, position, lead_next, same_suit, title, too_late, follow_called)
        if found is not None:
            return found
    raise GenerationError(f"no misplay deal found for position {position}")


def _misplay_attempt(
    rng: random.Random, edition: str, position: int, lead_next: bool, same_suit: bool | None, title: bool,
    too_late: bool = False, follow_called: bool = False,
) -> dict[str, Any] | None:
    deck = list(DECK)
    rng.shuffle(deck)
    contract = _random_contract(rng)
    declarer = rng.choice(SEATS)
    dummy = declarer.partner
    hands = {seat: set(deck[13 * i : 13 * i + 13]) for i, seat in enumerate(SEATS)}
    sim = _Sim(declarer, contract.trumps, hands, declarer.lho)
    target = rng.randint(1, 11 if too_late else 12)
    while sim.trick_number < target or sim.leader.next(position - 1) is not dummy:
        if sim.trick_number >= (11 if too_late else 12):
            return None
        for _ in range(4):
            sim.play_lawful(rng)
    start = sim.trick_number
    snapshot = _Snapshot({s: frozenset(h) for s, h in sim.hands.items()}, sim.leader, dict(sim.won))
    for _ in range(position - 1):
        sim.play_lawful(rng)
    called = rng.choice(sim.lawful(dummy))
    others = sorted(c for c in sim.hands[dummy] if c != called)
    if same_suit is not None:
        others = [c for c in others if (c.suit is called.suit) == same_suit]
    if not others:
        return None
    placed = rng.choice(others)
    before = [f"{s} {c}" for s, c in sim.current]
    sim.play(dummy, placed)
    rest = 4 - position
    later = rest if lead_next else rng.randint(0, rest)
    after: list[PlayT] = []
    for _ in range(later):
        seat = sim.on_play
        suit = called.suit if position == 1 else sim.current[0][1].suit
        to_call = sorted(c for c in sim.hands[seat] if c.suit is suit)
        if follow_called and to_call and rng.random() < 0.5:
            card = rng.choice(to_call)
            sim.play(seat, card)
            after.append((seat, card))
        else:
            after.append(sim.play_lawful(rng))
    if lead_next:
        if sim.trick_number > 13:
            return None
        after.append(sim.play_lawful(rng))
        if too_late:
            after.append(sim.play_lawful(rng))  # the other side's first card to the next trick
    out: dict[str, Any] = {}
    if title:
        out["title"] = f"Random {'45D2' if too_late else '45D1'}: dummy {dummy} (position {position}) places {placed} for {called} on trick {start}"
    out["laws"] = int(edition)
    deal = Deal.from_hands({s: Hand.of(snapshot.hands[s]) for s in SEATS})
    out["deal"] = deal.format(rng.choice(SEATS))
    out["contract"] = str(contract)
    out["declarer"] = str(declarer)
    if start > 1:
        out["trick"] = start
        out["leader"] = str(snapshot.leader)
        out["won"] = {"NS": snapshot.won[Side.NS], "EW": snapshot.won[Side.EW]}
    out["play"] = [*before, f"{declarer} calls {called}", f"{dummy} {placed}", *(f"{s} {c}" for s, c in after),
                   f"attention {rng.choice(SEATS)}"]
    if _FULL_HAND.get():
        _from_trick_one(out, sim, start, snapshot, out["play"])
    return out


# ----- robustness: random cases of the other irregularity kinds --------------------------------------
#: The kinds :func:`random_kind_case` draws (``rulings generate --kind``).
KINDS: tuple[str, ...] = ("revoke", "misplay", "exposure", "lead", "fifth", "simultaneous", "established", "designation",
                          "defective", "mixed")

#: Facts of a defender's exposed card that the exposure rules read (45C1, 49, 50): a card
#: dropped or held so that partner could see it; with neither visibility fact the director
#: decides (the solver branches).
_EXPOSURE_FACTS: tuple[tuple[str, ...], ...] = (
    ("dropped",),
    ("dropped", "visible_to_partner"),
    ("held_near_table", "visible_to_partner"),
    ("held_near_table",),
    ("visible_to_partner",),
    ("held_near_table", "not_visible_to_partner"),
)


@dataclass
class _Record:
    """A deal played out lawfully to the start of trick ``start``: the record begins there."""

    sim: _Sim
    contract: Contract
    start: int
    snapshot: _Snapshot
    plays: list[PlayT] = field(default_factory=list)  # the record's plays, in order


def _begin(rng: random.Random, first: int = 1, last: int = 12) -> _Record:
    """Shuffle, deal, draw a contract and declarer, and play whole lawful tricks up to a
    random trick between ``first`` and ``last`` (the record starts there)."""
    deck = list(DECK)
    rng.shuffle(deck)
    contract = _random_contract(rng)
    declarer = rng.choice(SEATS)
    hands = {seat: set(deck[13 * i : 13 * i + 13]) for i, seat in enumerate(SEATS)}
    sim = _Sim(declarer, contract.trumps, hands, declarer.lho)
    target = rng.randint(first, last)
    while sim.trick_number < target:
        for _ in range(4):
            sim.play_lawful(rng)
    snap = _Snapshot({s: frozenset(h) for s, h in sim.hands.items()}, sim.leader, dict(sim.won))
    return _Record(sim, contract, sim.trick_number, snap)


def _lawful_play(rec: _Record, rng: random.Random) -> PlayT:
    played = rec.sim.play_lawful(rng)
    rec.plays.append(played)
    return played


def _from_trick_one(out: dict[str, Any], sim: _Sim, start: int, snapshot: _Snapshot, lines: list[str]) -> None:
    """Rewrite ``out`` (a record starting at trick ``start``) to start at trick 1: the deal as
    dealt, and the lawful tricks before ``start`` recorded ahead of ``lines``."""
    earlier = [p for trick in sim.tricks[: start - 1] for p in trick]
    hands = {s: set(snapshot.hands[s]) for s in SEATS}
    for seat, card in earlier:
        hands[seat].add(card)
    out["deal"] = Deal.from_hands({s: Hand.of(hands[s]) for s in SEATS}).format(Seat.N)
    for key in ("trick", "leader", "won"):
        out.pop(key, None)
    out["play"] = [_format_play(s, c) for s, c in earlier] + lines


def _record_mapping(rec: _Record, rng: random.Random, edition: str, title: str | None, lines: list[str]) -> dict[str, Any]:
    """The case mapping of ``rec`` whose play lines are ``lines`` (ending with attention)."""
    out: dict[str, Any] = {}
    if title is not None:
        out["title"] = title
    out["laws"] = int(edition)
    out["deal"] = Deal.from_hands({s: Hand.of(rec.snapshot.hands[s]) for s in SEATS}).format(rng.choice(SEATS))
    out["contract"] = str(rec.contract)
    out["declarer"] = str(rec.sim.declarer)
    if rec.start > 1:
        out["trick"] = rec.start
        out["leader"] = str(rec.snapshot.leader)
        out["won"] = {"NS": rec.snapshot.won[Side.NS], "EW": rec.snapshot.won[Side.EW]}
    out["play"] = lines
    if _FULL_HAND.get():
        _from_trick_one(out, rec.sim, rec.start, rec.snapshot, lines)
    return out


def _check_edition(edition: str) -> None:
    if edition not in ("2017", "2007"):
        raise ValueError(f"unknown edition {edition!r} (2017 or 2007)")


def random_exposure_case(rng: random.Random, *, edition: str = "2017", title: bool = True, penalty_cards: int = 0,
                         failure: bool = False) -> dict[str, Any]:
    """A defender exposes a card (45C1, 49, 50): at a random moment of a random trick, a
    defender drops or shows a card of his hand (facts drawn from the exposure facts the
    rules read); then a few more lawful cards are played, the exposed card counted as a
    penalty card of the kind Law 50 gives it when it is not deemed played (an honour, or a
    card shown deliberately, is major; a spot card dropped, minor), and the record ends with
    ``attention <seat>``.

    ``penalty_cards`` (0 to 2): the defenders have that many penalty cards in force when the
    record starts (the ``penalty:`` field; honours major, two of one defender both major,
    50B), obeyed by every play; the exposed card is never one of them. With ``failure`` play
    goes on lawfully until the exposer is to play while a card of his hand would follow suit
    but break what his penalty cards require (50C, 50D1(a)); he plays it (52), then up to two
    more cards are played to that trick, and the record ends.

    >>> case = random_exposure_case(random.Random(2))
    >>> [line for line in case["play"] if " exposes " in line] != []
    True
    """
    _check_edition(edition)
    if penalty_cards not in (0, 1, 2):
        raise ValueError("penalty_cards must be 0, 1 or 2")
    for _ in range(MAX_ATTEMPTS):
        rec = _begin(rng)
        sim = rec.sim
        seeded = _seed_penalty_cards(rng, sim, penalty_cards, rng.choice(list(Suit)), sim.declarer) if penalty_cards else []
        for _ in range(rng.randint(0, 3)):
            _lawful_play(rec, rng)
        on_play = sim.on_play
        defenders = [s for s in SEATS if sim.is_defender(s) and len(sim.hands[s]) >= 2
                     and any(c not in sim.penalty for c in sim.hands[s])]
        if not defenders:
            continue
        seat = rng.choice(defenders)
        facts = rng.choice(_EXPOSURE_FACTS)
        if seat is on_play and not {"not_visible_to_partner", "dropped"} & set(facts):
            # a defender on play who shows a card so partner could see it has played it
            # (45C1): a plain play, not an exposure; keep the card off the trick instead
            facts = ("dropped",)
        card = rng.choice(sorted(c for c in sim.hands[seat] if c not in sim.penalty))
        lines = [_format_play(s, c) for s, c in rec.plays]
        lines.append(f"{seat} exposes {card} {' '.join(facts)}")
        minor = "dropped" in facts and not card.is_honour and not sim.penalties_of(seat)
        sim.penalty[card] = (seat, "minor" if minor else "major")
        if len(sim.penalties_of(seat)) >= 2:
            for c in sim.penalties_of(seat):
                sim.penalty[c] = (seat, "major")
        if failure:
            later = _play_to_failure(sim, rng, seat)
            if later is None:
                continue
            lines += later
        else:
            for _ in range(rng.choice((0, 0, 1, 2, 3))):
                nxt = sim.on_play
                if sim.trick_number > 13 or (not sim.current and _waits_for_50d2(sim, nxt)):
                    break
                lines.append(_format_play(*sim.play_lawful(rng)))
        lines.append(f"attention {rng.choice(SEATS)}")
        head = f"Random exposure: {seat} (defender) exposes {card} ({', '.join(facts)}) on trick {rec.start}" if title else None
        if head is not None and failure:
            head += ", then fails to play a penalty card"
        out = _record_mapping(rec, rng, edition, head, lines)
        if seeded:
            out = {k: v for k, v in out.items() if k != "play"} | {"penalty": seeded, "play": out["play"]}
        return out
    raise GenerationError("no exposure deal found")


def _play_to_failure(sim: _Sim, rng: random.Random, seat: Seat) -> list[str] | None:
    """Lawful plays until ``seat`` is to play and holds a card that follows suit (or may be
    discarded or led) but breaks what his penalty cards require; he plays it, then up to two
    more cards follow to that trick. The play lines, or None when no such moment comes."""
    lines: list[str] = []
    for _ in range(12):
        nxt = sim.on_play
        if sim.trick_number > 13 or (not sim.current and _waits_for_50d2(sim, nxt)):
            return None
        if nxt is seat:
            cur = sim.current
            led = cur[0][1].suit if cur else None
            hand = sim.hands[seat]
            legal = [c for c in hand if c.suit is led] or list(hand)
            wrong = sorted(set(legal) - set(sim.lawful(seat)))
            if wrong:
                card = rng.choice(wrong)
                sim.play(seat, card)
                lines.append(_format_play(seat, card))
                for _ in range(rng.randint(0, 2)):
                    if not sim.current:
                        break
                    lines.append(_format_play(*sim.play_lawful(rng)))
                return lines
        lines.append(_format_play(*sim.play_lawful(rng)))
    return None


def random_lead_case(
    rng: random.Random, *, edition: str = "2017", offender: Role | None = None, title: bool = True,
    lead_trick: int | None = None, answers: Sequence[str] | None = None, penalty_cards: int = 0,
) -> dict[str, Any]:
    """A lead out of turn: by a defender (56, 53, 50; 54 on trick 1) or by declarer from the
    wrong hand (55; 54E on trick 1); ``offender`` is ``"defender"``, ``"declarer"`` or
    ``"dummy"`` (a card led from dummy when another hand was to lead), drawn when None. The
    record starts at the trick before (played out lawfully) and stops after the irregular
    lead, with ``attention`` and sometimes the non-offending side's answer
    (``accepts``/``refuses``).

    ``lead_trick`` (1-13) is the trick the lead out of turn is made to; None draws it
    among 2-12. On trick 1 it is the faced opening lead (the record starts with it: 54, 54E);
    on trick 13 the 2017 Laws allow no acceptance (53A). ``answers`` lists the lines one of
    which may follow ``attention`` (each word ``accepts``, ``refuses``, ``spreads``,
    ``saw_dummy``, ``began_to_spread``, ``requires``, ``forbids`` or ``leaves``: a statement of
    a player who may make it, declarer's 54A spread, the director's 54C finding or his 54A
    finding that declarer began to spread his hand, declarer's 50D2 choice over
    the suit led); None draws ``accepts``/``refuses`` four times in ten, as always.
    ``penalty_cards`` (0-2, after trick 1) gives the defenders that many penalty cards in
    force when the record starts (as :func:`random_revoke_case` does; listed under
    ``penalty``), the trick before played lawfully with them (50C, 50D1).

    >>> case = random_lead_case(random.Random(4), offender="declarer")
    >>> case["play"][-1].split()[0] in ("attention", case["declarer"], "N", "E", "S", "W")
    True
    >>> random_lead_case(random.Random(4), offender="defender", lead_trick=1)["play"][1].startswith("attention")
    True
    """
    _check_edition(edition)
    if offender is not None and offender not in ROLES:
        raise ValueError(f"offender must be one of {ROLES}")
    if lead_trick is not None and not 1 <= lead_trick <= 13:
        raise ValueError("lead_trick must be 1-13")
    if not 0 <= penalty_cards <= 2 or (penalty_cards and lead_trick == 1):
        raise ValueError("penalty_cards must be 0-2, and 0 for an opening lead")
    unknown = set(answers or ()) - set(_LEAD_ANSWERS)
    if unknown:
        raise ValueError(f"unknown answers {sorted(unknown)} (one of {_LEAD_ANSWERS})")
    role = offender if offender is not None else rng.choice(("defender", "defender", "declarer", "dummy"))
    for _ in range(MAX_ATTEMPTS):
        first = max(1, lead_trick - 1) if lead_trick is not None else None  # (None: as always, 1-11)
        rec = _begin(rng, 1, 11) if first is None else _begin(rng, first, first)
        sim = rec.sim
        seeded = _seed_penalty_cards(rng, sim, penalty_cards, rng.choice(_SUIT_ORDER), sim.declarer) if penalty_cards else []
        if lead_trick != 1:
            for _ in range(4):
                _lawful_play(rec, rng)
        leader = sim.leader
        if _waits_for_50d2(sim, leader):
            continue
        wrong = [s for s in SEATS if s is not leader and _role(s, sim.declarer) == role]
        if role == "defender":
            # a defender who leads when his partner is to lead or when declarer's side is
            wrong = [s for s in wrong if not _waits_for_50d2(sim, s)]
        if not wrong:
            continue
        seat = rng.choice(wrong)
        card = rng.choice(sorted(sim.hands[seat]))
        lines = [_format_play(s, c) for s, c in rec.plays]
        lines.append(_format_play(seat, card))
        lines.append(f"attention {rng.choice(SEATS)}")
        nos = [s for s in SEATS if s.side is not seat.side]
        if seat.side is not sim.declarer.side:
            nos = [sim.declarer]
        if answers is None:
            if rng.random() < 0.4:
                lines.append(f"{rng.choice(nos)} {rng.choice(('accepts', 'refuses'))}")
        else:
            answer = rng.choice([None, *answers])
            if answer in ("accepts", "refuses"):
                lines.append(f"{rng.choice(nos)} {answer}")
            elif answer in ("saw_dummy", "began_to_spread"):
                lines.append(f"director finds {answer}")
            elif answer in ("requires", "forbids"):
                lines.append(f"{sim.declarer} {answer} {card.suit}")
            elif answer is not None:
                lines.append(f"{sim.declarer} {answer}")
        head = (f"Random lead out of turn: {seat} ({role}) leads {card} to trick {sim.trick_number}; "
                f"{leader} was to lead") if title else None
        out = _record_mapping(rec, rng, edition, head, lines)
        if seeded:
            out = {**{k: v for k, v in out.items() if k != "play"}, "penalty": seeded, "play": out["play"]}
        return out
    raise GenerationError(f"no lead out of turn by the {role} found")


#: The suits in a fixed order (a random draw among them is the same for the same seed).
_SUIT_ORDER: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

#: The lines :func:`random_lead_case` may draw after ``attention`` (its ``answers`` option).
_LEAD_ANSWERS: tuple[str, ...] = ("accepts", "refuses", "spreads", "saw_dummy", "began_to_spread", "requires", "forbids",
                                  "leaves")


def random_fifth_case(rng: random.Random, *, edition: str = "2017", finding: bool | None = None,
                      title: bool = True) -> dict[str, Any]:
    """A fifth card (45E): a trick is played out lawfully, then a defender or declarer puts
    a card on it as if it held three; with ``finding`` the director's finding (``played`` or
    ``led``) follows, otherwise the solver branches.

    >>> case = random_fifth_case(random.Random(1), finding=False)
    >>> [line for line in case["play"] if line.endswith(" fifth")] != []
    True
    """
    _check_edition(edition)
    with_finding = finding if finding is not None else rng.random() < 0.4
    for _ in range(MAX_ATTEMPTS):
        rec = _begin(rng, 1, 12)
        sim = rec.sim
        for _ in range(4):
            _lawful_play(rec, rng)
        seats = [s for s in SEATS if s is not sim.declarer.partner and sim.hands[s]]
        if not seats:
            continue
        seat = rng.choice(seats)
        card = rng.choice(sorted(sim.hands[seat]))
        lines = [_format_play(s, c) for s, c in rec.plays]
        lines.append(f"{seat} plays {card} fifth")
        if with_finding:
            lines.append(f"director finds {rng.choice(('played', 'led'))}")
        lines.append(f"attention {rng.choice(SEATS)}")
        head = f"Random fifth card: {seat} ({_role(seat, sim.declarer)}) puts {card} on trick {rec.start}" if title else None
        return _record_mapping(rec, rng, edition, head, lines)
    raise GenerationError("no fifth-card deal found")


def random_simultaneous_case(rng: random.Random, *, edition: str = "2017", together: bool | None = None,
                             title: bool = True, later_plays: int = 0) -> dict[str, Any]:
    """Simultaneous cards (58): with ``together`` the player on play leads or plays two or
    three of his cards at once (58B; sometimes only some of them visible), otherwise a
    player not on turn plays at the same moment as the player on turn (58A). Drawn when
    None; the record ends with ``attention <seat>``.

    ``later_plays`` (0-2, with ``together``): the cards played together go to a trick
    already begun (the suit led is fixed whichever card the offender names), and up to that
    many players after him play lawfully to the same trick before ``attention`` (to the
    first of the cards, the one he could lawfully play), so that an opponent among them may
    change his card (58B3) or the revoke rules give the same right (62C). 0 draws the
    record as always.

    >>> case = random_simultaneous_case(random.Random(6), together=True)
    >>> [line for line in case["play"] if line.endswith("simultaneous") or " visible " in line] != []
    True
    """
    _check_edition(edition)
    if not 0 <= later_plays <= 2 or (later_plays and together is False):
        raise ValueError("later_plays must be 0-2, and only with cards played together")
    both = together if together is not None else rng.random() < 0.5
    for _ in range(MAX_ATTEMPTS):
        rec = _begin(rng, 1, 12)
        sim = rec.sim
        for _ in range(rng.randint(0, 3)):
            _lawful_play(rec, rng)
        seat = sim.on_play
        if not sim.current and _waits_for_50d2(sim, seat):
            continue
        if later_plays and (not both or not sim.current):
            continue
        lines = [_format_play(s, c) for s, c in rec.plays]
        if both:
            hand = sorted(sim.hands[seat])
            if len(hand) < 2:
                continue
            first = rng.choice(sim.lawful(seat))
            extra = rng.sample([c for c in hand if c != first], k=min(len(hand) - 1, rng.choice((1, 1, 1, 2))))
            cards = [first, *extra]
            line = f"{seat} plays {' '.join(str(c) for c in cards)} simultaneous"
            if rng.random() < 0.3:
                line += f" visible {rng.choice(cards)}"
            lines.append(line)
            what = f"{seat} plays {len(cards)} cards together"
            if later_plays:
                room = 3 - len(sim.current)  # (players after him in this trick)
                sim.play(seat, first)
                for _ in range(min(later_plays, room)):
                    lines.append(_format_play(*sim.play_lawful(rng)))
        else:
            played = [s for s, _ in sim.current]
            others = [s for s in SEATS if s is not seat and s not in played and s is not sim.declarer.partner
                      and len(sim.hands[s]) >= 1]
            if not others:
                continue
            lines.append(_format_play(*sim.play_lawful(rng)))
            # rather a player who is not next in turn: for him the simultaneous card matters
            later = [s for s in others if s is not sim.on_play]
            other = rng.choice(later or others)
            card = rng.choice(sorted(sim.hands[other]))
            lines.append(f"{other} plays {card} simultaneous")
            what = f"{other} plays {card} at the same time as {seat}"
        lines.append(f"attention {rng.choice(SEATS)}")
        head = f"Random simultaneous cards: {what} on trick {rec.start}" if title else None
        return _record_mapping(rec, rng, edition, head, lines)
    raise GenerationError("no simultaneous-card deal found")


def random_established_case(rng: random.Random, *, edition: str = "2017", title: bool = True, revokes: int | None = None,
                            end: str | None = None) -> dict[str, Any]:
    """A deal played to the end with one or two revokes that stand established (Law 64).

    From a random trick, play goes on lawfully except that ``revokes`` times (1 or 2, random
    when None) a player able to revoke discards or ruffs instead of following suit, at most
    one revoke a trick. Play ends (``end``): at trick 13 (``play``), by a claim line of the
    side's actual remaining tricks (``claim``) or by a ``remaining NS n EW m`` line
    (``remaining``), random when None. A revoke on trick 12 comes with ``director finds
    hands_returned`` (no 62D1 correction); sometimes attention is found to come late
    (``next_deal_called``, ``round_over``: 64B4, 64B5).
    """
    _check_edition(edition)
    want = revokes if revokes is not None else rng.choice((1, 1, 2))
    for _ in range(MAX_ATTEMPTS):
        rec = _begin(rng, 1, 11)
        sim = rec.sim
        chances = {rng.randint(rec.start, 12) for _ in range(want)}
        if len(chances) != want:
            continue
        done: list[int] = []
        while sim.trick_number <= 13 and sim.hands[sim.on_play]:
            seat = sim.on_play
            cur = sim.current
            number = sim.trick_number
            led = cur[0][1].suit if cur else None
            off = [c for c in sim.hands[seat] if led is not None and c.suit is not led]
            can = led is not None and off and len(off) < len(sim.hands[seat])
            if number in chances and number not in done and can and rng.random() < 0.6:
                card = rng.choice(sorted(off))
                sim.play(seat, card)
                rec.plays.append((seat, card))
                done.append(number)
            else:
                _lawful_play(rec, rng)
        if len(done) != want:
            continue
        lines = [_format_play(s, c) for s, c in rec.plays]
        how = end or rng.choice(("play", "play", "claim", "remaining"))
        if how != "play":
            # (a claim comes after the offending side has played to the trick after the last
            # revoke, which that establishes: in 2017 a claim by the other side establishes
            # it only once agreed by the end of the round, 63A4; a revoke on trick 12 is
            # settled by the hands being back in the board)
            first = max(done) + (2 if how == "claim" and max(done) < 12 else 1)
            keep = rng.randint(first, 13) if first < 13 else 13
            # tricks from ``keep`` on are claimed / stated instead of played
            cut = (keep - rec.start) * 4
            tail = rec.plays[cut:]
            if tail:
                tricks = [tail[i : i + 4] for i in range(0, len(tail), 4)]
                won = {Side.NS: 0, Side.EW: 0}
                for t in tricks:
                    won[_winner(t, sim.trumps).side] += 1
                lines = lines[:cut]
                if how == "claim":
                    claimer = rng.choice(SEATS)
                    if claimer is sim.declarer.partner:
                        claimer = sim.declarer  # (dummy takes no part in the play, 43A1(c): his side's claim is declarer's)
                    lines.append(f"{claimer} claims {won[claimer.side]}")
                else:
                    lines.append(f"remaining NS {won[Side.NS]} EW {won[Side.EW]}")
        # (after a claim, attention comes from the claimer's side: from his opponents at once it
        # would be their objection, and a revoke of theirs the claim was to establish is not)
        drawn_by = [s for s in SEATS if s.side is claimer.side] if how == "claim" else SEATS
        lines.append(f"attention {rng.choice(drawn_by)}")
        if 12 in done:
            lines.append("director finds hands_returned")
        late = rng.random()
        if late < 0.05:
            lines.append("director finds next_deal_called")
        elif late < 0.1:
            lines.append("director finds round_over")
        head = f"Random established revokes on trick {' and '.join(map(str, done))}; play to the end" if title else None
        return _record_mapping(rec, rng, edition, head, lines)
    raise GenerationError("no established-revoke deal found")


# ----- random designations of dummy's cards and changed designations (45B, 45C4, 46, 47C/47D) -----------
#: The shapes :func:`random_designation_case` draws among (its ``shape`` option).
DESIGNATION_SHAPES: tuple[str, ...] = ("incomplete", "incontrovertible", "change", "late_change", "own_card",
                                       "defender_card", "placed")

#: What an incomplete or invalid call may say (46B1-46B5); ``suit``/``rank``/``card`` are drawn.
_CALL_WORDS: tuple[str, ...] = ("high", "low", "win", "anything", "suit", "rank", "high suit", "low suit", "ruff",
                                "card", "top", "small", "take")
def random_defective_case(rng: random.Random, *, edition: str = "2017", late: bool | None = None,
                          title: bool = True) -> dict[str, Any]:
    """A defective trick with a card omitted (67): on a random trick one of the players after
    the leader plays no card at his turn (``<seat> omits``), the others play lawfully and the
    trick is quitted with three cards, won by them. Then, with ``late``, play goes on until a
    player of each side has played to the next trick, and sometimes to the end of play (67B1:
    the offender places a card among his played cards); without it, attention comes before
    (no card of the next trick, or its lead alone: 67A1, he supplies a card). Drawn when None;
    the record ends with ``attention <seat>``.

    >>> case = random_defective_case(random.Random(2), late=True)
    >>> [line for line in case["play"] if line.endswith(" omits")] != []
    True
    """
    _check_edition(edition)
    window = late if late is not None else rng.random() < 0.5
    for _ in range(MAX_ATTEMPTS):
        rec = _begin(rng, 1, 12)
        sim = rec.sim
        number = rec.start
        for _ in range(rng.randint(1, 3)):  # (the lead, and up to two cards after it)
            _lawful_play(rec, rng)
        offender = sim.on_play
        if sim.penalties_of(offender):
            continue
        lines = [_format_play(s, c) for s, c in rec.plays]
        lines.append(f"{offender} omits")
        trick = sim.tricks[-1]
        led = trick[0][1].suit
        seat = offender.lho
        while seat is not trick[0][0]:  # the seats after him in the trick, in rotation
            hand = sim.hands[seat]
            card = rng.choice(sorted(c for c in hand if c.suit is led) or sorted(hand))
            trick.append((seat, card))
            hand.discard(card)
            lines.append(_format_play(seat, card))
            seat = seat.lho
        # the trick is quitted with three cards, won by them; the next card leads the next trick
        sim.tricks.pop()
        sim.leader = _winner(trick, sim.trumps)
        sim.won[sim.leader.side] += 1
        left = 4 * (13 - number)  # (the cards the others can still play: the offender keeps one more)
        if window:
            if left < 2:
                continue
            later = left if rng.random() < 0.3 else rng.randint(2, min(left, 9))
        else:
            later = rng.randint(0, min(1, left))
        for _ in range(later):
            lines.append(_format_play(*sim.play_lawful(rng)))
        lines.append(f"attention {rng.choice(SEATS)}")
        when = "after both sides played to the next trick" if window else "before each side played to the next trick"
        head = (f"Random defective trick: {offender} ({_role(offender, sim.declarer)}) plays no card to trick {number}, "
                f"found {when}") if title else None
        return _record_mapping(rec, rng, edition, head, lines)
    raise GenerationError("no defective-trick deal found")


_SUIT_WORDS = {Suit.SPADES: "spade", Suit.HEARTS: "heart", Suit.DIAMONDS: "diamond", Suit.CLUBS: "club"}
_RANK_WORDS = {14: "ace", 13: "king", 12: "queen", 11: "jack", 10: "ten"}
#: The director's findings on a change of designation (45C4(b)); None: none in the record.
_CHANGE_FINDINGS: tuple[str | None, ...] = (None, None, "slip", "slip", "rethink", "lapse", "pause")


def random_designation_case(rng: random.Random, *, edition: str = "2017", shape: str | None = None,
                            finding: str | None = None, title: bool = True) -> dict[str, Any]:
    """Declarer's designation of dummy's card, or a change of a designated card (45B, 45C4,
    46, 47C, 47D): a deal is played out lawfully to a random trick, then a random number of
    lawful cards up to the turn of the player the shape needs, then the irregular line(s) of
    the ``shape`` (drawn among :data:`DESIGNATION_SHAPES` when None), then sometimes a few
    lawful cards, and ``attention <seat>``:

    * ``incomplete``: declarer calls for dummy's card in words that name no card dummy
      holds (``high``, ``low``, ``win``, a suit, a rank, ``high <suit>``, ``ruff``,
      ``anything``, a card dummy does not hold, or the words of like meaning ``top``,
      ``small``, ``take``); 46B1-46B5. The record ends at the call.
    * ``incontrovertible``: the same, with ``director finds incontrovertible`` one or two of
      dummy's lawful cards (46B intro; two: 46B5 among them).
    * ``change``: declarer calls a lawful card dummy holds (dummy sometimes faces it), the
      opponents play on while the declaring side has not played again, and declarer changes
      to another lawful card of dummy's (45C4(b), 47C, 47D, 44G).
    * ``late_change``: the same after the declaring side has played again (too late).
    * ``own_card``: declarer names a card of his own hand at his turn (45C4(a)), play goes
      on, and he changes it (2017: 45C4(b) does not reach it; 2007: until dummy plays).
    * ``defender_card``: a defender names a card of his hand to play and changes it (2017:
      refused; 2007: until his partner plays).
    * ``placed``: dummy places a card without a call, or declarer plays one from his hand,
      and declarer then "changes" it (refused: 45B, 45C2).

    ``finding`` (``slip``, ``rethink``, ``lapse``, ``pause`` or ``none``) is the director's
    finding on a change, written on the change line or as a ``director finds`` line; None
    draws it (sometimes none: the solver branches).

    >>> case = random_designation_case(random.Random(7), shape="change")
    >>> [line for line in case["play"] if " changes to " in line] != []
    True
    >>> random_designation_case(random.Random(7), shape="change") == case
    True
    """
    _check_edition(edition)
    if shape is not None and shape not in DESIGNATION_SHAPES:
        raise ValueError(f"unknown shape {shape!r} (one of {', '.join(DESIGNATION_SHAPES)})")
    if finding is not None and finding not in ("slip", "rethink", "lapse", "pause", "none"):
        raise ValueError(f"unknown finding {finding!r} (slip, rethink, lapse, pause or none)")
    form = shape if shape is not None else rng.choice(DESIGNATION_SHAPES)
    for _ in range(MAX_ATTEMPTS):
        found = _designation_attempt(rng, edition, form, finding, title)
        if found is not None:
            return found
    raise GenerationError(f"no deal found for a designation of shape {form}")


def _designation_attempt(rng: random.Random, edition: str, form: str, finding: str | None,
                         title: bool) -> dict[str, Any] | None:
    rec = _begin(rng, 1, 12)
    sim = rec.sim
    declarer, dummy = sim.declarer, sim.declarer.partner
    if form in ("own_card", "defender_card"):
        defenders = (declarer.lho, declarer.rho)
        actors = (declarer,) if form == "own_card" else defenders
    elif form == "placed":
        actors = (rng.choice((declarer, dummy)),)
    else:
        actors = (dummy,)
    # a few lawful cards (sometimes a whole trick before: 46B3(a) reads the trick dummy won)
    for _ in range(rng.choice((0, 0, 1, 2, 3, 4, 5, 6))):
        if sim.trick_number > 13 or not sim.hands[sim.on_play]:
            return None
        _lawful_play(rec, rng)
    for _ in range(4):
        if sim.on_play in actors:
            break
        if sim.trick_number > 13 or not sim.hands[sim.on_play]:
            return None
        _lawful_play(rec, rng)
    actor = sim.on_play
    if actor not in actors or sim.trick_number > 13 or not sim.hands[actor]:
        return None
    lines = [_format_play(s, c) for s, c in rec.plays]
    lawful = sim.lawful(actor)
    number = sim.trick_number
    if form in ("incomplete", "incontrovertible"):
        what = _call_words(rng, sim, dummy)
        if what is None:
            return None
        lines.append(f"{declarer} calls {what}")
        if form == "incontrovertible":
            meant = rng.sample(lawful, k=min(len(lawful), rng.choice((1, 1, 2))))
            lines.append(f"director finds incontrovertible {' '.join(str(c) for c in sorted(meant))}")
        head = f"Random designation: {declarer} calls '{what}' for dummy {dummy} on trick {number}"
    else:
        old = rng.choice(lawful)
        if form == "placed":
            lines.append(_format_play(actor, old))
        elif form in ("change", "late_change"):
            lines.append(f"{declarer} calls {old}")
            if rng.random() < 0.3:
                lines.append(_format_play(dummy, old))  # dummy faces the card named
        else:
            lines.append(f"{actor} names {old}" + ("" if actor is declarer else " to play"))
        sim.play(actor, old)
        # the cards played after it: none or some while the changing side has not played
        # again (the 45C4(b) windows), or past that for a late change and sometimes otherwise
        late = form == "late_change" or (form in ("own_card", "defender_card", "placed") and rng.random() < 0.4)
        changing = actor.side
        after: list[PlayT] = []
        while True:
            if sim.trick_number > 13 or not sim.hands[sim.on_play] or (not sim.current and _waits_for_50d2(sim, sim.on_play)):
                break
            nxt = sim.on_play
            own_side = nxt.side is changing
            if own_side and not late:
                break
            if not own_side and not late and rng.random() < 0.3:
                break
            after.append(sim.play_lawful(rng))
            if own_side and late and rng.random() < 0.6:
                break
        if form == "late_change" and not any(s.side is changing for s, _ in after):
            return None
        # the new card: another card the player could lawfully have played, still in his hand
        others = [c for c in lawful if c != old and c in sim.hands[actor]]
        if not others:
            return None
        new = rng.choice(others)
        if after and after[0][0] is dummy and lines[-1].split()[1] == "calls":
            # dummy's card to the next trick right after the call would read as the card he
            # placed for it (45D): dummy faces the card named first
            lines.append(_format_play(dummy, old))
        lines += [_format_play(s, c) for s, c in after]
        word = finding if finding is not None else rng.choice(_CHANGE_FINDINGS)
        if word == "none":
            word = None
        as_line = word is not None and rng.random() < 0.3
        lines.append(f"{actor if actor is not dummy else declarer} changes to {new}" + (f" {word}" if word and not as_line else ""))
        if as_line:
            lines.append(f"director finds {word}")
        whose = f"{declarer} (declarer) for dummy {dummy}" if actor is dummy else f"{actor} ({_role(actor, declarer)})"
        head = f"Random changed designation ({form}): {old} to {new} by {whose} on trick {number}"
    lines.append(f"attention {rng.choice(SEATS)}")
    return _record_mapping(rec, rng, edition, head if title else None, lines)


def _call_words(rng: random.Random, sim: _Sim, dummy: Seat) -> str | None:
    """Words of an incomplete or invalid call of dummy's card (None: none fits this hand)."""
    kind = rng.choice(_CALL_WORDS)
    hand = sim.hands[dummy]
    if kind in ("suit", "high suit", "low suit"):
        suit = rng.choice(sorted({c.suit for c in hand}) if rng.random() < 0.7 else list(_SUIT_ORDER))
        word = _SUIT_WORDS[suit]
        return word if kind == "suit" else f"{kind.split()[0]} {word}"
    if kind == "rank":
        rank = rng.choice(sorted({c.rank for c in hand}) if rng.random() < 0.8 else sorted({c.rank for c in DECK}))
        symbol = str(Card(Suit.SPADES, rank))[1:]
        return _RANK_WORDS.get(int(rank), symbol) if rng.random() < 0.5 else symbol
    if kind == "ruff":
        return "ruff" if sim.trumps is not None else None
    if kind == "card":
        absent = sorted(c for c in DECK if c not in hand)
        return str(rng.choice(absent))
    return kind


def random_kind_case(kind: str, rng: random.Random, *, edition: str = "2017", full_hand: bool = False) -> dict[str, Any]:
    """A random case of ``kind`` (one of :data:`KINDS`). Raises ValueError for another kind.

    ``full_hand``: the record starts at trick 1 and records every earlier card (no position
    in mid-hand, no penalty card in force before the record starts)."""
    if not full_hand:
        return _kind_case(kind, rng, edition)
    if kind == "revoke":
        return random_revoke_case(rng, edition=edition, mid_hand=False)
    token = _FULL_HAND.set(True)
    try:
        return _kind_case(kind, rng, edition)
    finally:
        _FULL_HAND.reset(token)


def _kind_case(kind: str, rng: random.Random, edition: str) -> dict[str, Any]:
    if kind == "revoke":
        return random_revoke_case(rng, edition=edition)
    if kind == "misplay":
        return random_misplay_case(rng, edition=edition)
    if kind == "exposure":
        return random_exposure_case(rng, edition=edition)
    if kind == "lead":
        return random_lead_case(rng, edition=edition)
    if kind == "fifth":
        return random_fifth_case(rng, edition=edition)
    if kind == "simultaneous":
        return random_simultaneous_case(rng, edition=edition)
    if kind == "established":
        return random_established_case(rng, edition=edition)
    if kind == "designation":
        return random_designation_case(rng, edition=edition)
    if kind == "defective":
        return random_defective_case(rng, edition=edition)
    if kind == "mixed":
        from rulings.solver.generate_mixed import random_mixed_case

        return random_mixed_case(rng, edition=edition)
    raise ValueError(f"unknown kind {kind!r} (one of {', '.join(KINDS)})")


def write_kind_cases(kind: str, n: int, seed: int, directory: str | Path, *, edition: str = "2017",
                     full_hand: bool = False, decisions: Mapping[str, bool] | None = None) -> list[Path]:
    """Write ``n`` random cases of ``kind`` as ``<kind>-<seed>-<i>.yaml`` into ``directory``
    (created if needed); case ``i`` uses :func:`case_seed` ``(seed, i)``. ``revoke`` writes
    exactly what :func:`write_cases` writes. ``decisions``: the switches each case sets."""
    if kind == "revoke" and not full_hand:
        return write_cases(n, seed, directory, edition=edition, decisions=decisions)
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r} (one of {', '.join(KINDS)})")
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    paths: list[Path] = []
    for i in range(n):
        path = out / f"{kind}-{seed}-{i:04d}.yaml"
        case = random_kind_case(kind, case_seed(seed, i), edition=edition, full_hand=full_hand)
        path.write_text(dump_case(with_decisions(case, decisions or {})), encoding="utf-8")
        paths.append(path)
    return paths
