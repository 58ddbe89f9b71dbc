"""Random records with two or three irregularities of different families (``--kind mixed``).

A deal is played out lawfully from a random trick; at random moments one irregularity of
each family drawn is put into the record, as a table would see it, and play goes on
lawfully between them (an exposed card is a penalty card the later plays honour, 50D1; a
lead out of turn is followed by the next hand's card, accepting it, 53A). The record ends
with ``attention``. Families: a defender's exposed card (49, 50), a revoke (61, 62, 63), a
defender's lead out of turn (53, 56), dummy placing a card declarer did not call (45D), and
declarer's change of designation (45C4(b), 47D).

>>> case = random_mixed_case(random.Random(3))
>>> sum(1 for line in case["play"] if line.startswith("attention"))
1
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rulings.models.cards import SEATS, Seat
from rulings.solver.generate import (
    _EXPOSURE_FACTS,
    MAX_ATTEMPTS,
    GenerationError,
    _begin,
    _check_edition,
    _format_play,
    _Record,
    _record_mapping,
    _waits_for_50d2,
)

#: the families a mixed record draws from, each a function that puts one irregularity into
#: the record at the current moment, or returns False when it cannot here
Injector = Callable[[_Record, random.Random, list[str]], bool]


def _exposure(rec: _Record, rng: random.Random, lines: list[str]) -> bool:
    sim = rec.sim
    on_play = sim.on_play
    defenders = [s for s in SEATS if sim.is_defender(s) and s is not on_play and len(sim.hands[s]) >= 2
                 and not sim.penalties_of(s)]
    if not defenders:
        return False
    seat = rng.choice(defenders)
    facts = rng.choice(_EXPOSURE_FACTS)
    card = rng.choice(sorted(sim.hands[seat]))
    lines.append(f"{seat} exposes {card} {' '.join(facts)}")
    exposed_face = "visible_to_partner" in facts or "dropped" in facts or not {"not_visible_to_partner"} & set(facts)
    if exposed_face:
        minor = "dropped" in facts and not card.is_honour
        sim.penalty[card] = (seat, "minor" if minor else "major")
    return True


def _revoke(rec: _Record, rng: random.Random, lines: list[str]) -> bool:
    sim = rec.sim
    cur = sim.current
    if not cur:
        return False
    seat = sim.on_play
    led = cur[0][1].suit
    hand = sim.hands[seat]
    others = sorted(c for c in hand if c.suit is not led and c not in sim.penalty)
    if not others or not any(c.suit is led for c in hand):
        return False
    card = rng.choice(others)
    sim.play(seat, card)
    rec.plays.append((seat, card))
    lines.append(_format_play(seat, card))
    return True


def _lead_out_of_turn(rec: _Record, rng: random.Random, lines: list[str]) -> bool:
    sim = rec.sim
    if sim.current or sim.trick_number >= 13:
        return False
    leader = sim.leader
    wrong = [s for s in SEATS if s is not leader and sim.is_defender(s) and not _waits_for_50d2(sim, s)
             and not sim.penalties_of(s)]
    if not wrong or _waits_for_50d2(sim, leader):
        return False
    seat = rng.choice(wrong)
    card = rng.choice(sorted(sim.hands[seat]))
    sim.leader = seat  # the next hand plays to it: accepted (53A)
    sim.play(seat, card)
    rec.plays.append((seat, card))
    lines.append(_format_play(seat, card))
    nxt = sim.play_lawful(rng)
    rec.plays.append(nxt)
    lines.append(_format_play(*nxt))
    return True


def _dummy_seat_on_play(rec: _Record) -> Seat | None:
    sim = rec.sim
    dummy = sim.declarer.partner
    return dummy if sim.on_play is dummy and (sim.current or sim.trick_number > 1) else None


def _misplay(rec: _Record, rng: random.Random, lines: list[str]) -> bool:
    sim = rec.sim
    dummy = _dummy_seat_on_play(rec)
    if dummy is None:
        return False
    lawful = sim.lawful(dummy)
    if len(lawful) < 2:
        return False
    called, placed = rng.sample(lawful, 2)
    lines.append(f"{sim.declarer} calls {called}")
    sim.play(dummy, placed)
    rec.plays.append((dummy, placed))
    lines.append(_format_play(dummy, placed))
    return True


def _change(rec: _Record, rng: random.Random, lines: list[str]) -> bool:
    sim = rec.sim
    dummy = _dummy_seat_on_play(rec)
    if dummy is None:
        return False
    lawful = sim.lawful(dummy)
    if len(lawful) < 2:
        return False
    first, second = rng.sample(lawful, 2)
    # the finding is recorded, and play goes on from the card it makes dummy's: a slip of
    # the tongue (the change stands) or a change of mind (the first card stands)
    finding = rng.choice(("slip", "rethink"))
    lines.append(f"{sim.declarer} calls {first}")
    lines.append(f"{sim.declarer} changes to {second} {finding}")
    sim.play(dummy, first)
    rec.plays.append((dummy, first))
    if finding == "slip":
        # the record shows the card called first (the designation rules put the second in
        # its place); the second is dummy's played card, so play goes on without it
        sim.hands[dummy].discard(second)
    return True


FAMILIES: dict[str, Injector] = {
    "exposure": _exposure,
    "revoke": _revoke,
    "lead": _lead_out_of_turn,
    "misplay": _misplay,
    "change": _change,
}


def random_mixed_case(rng: random.Random, *, edition: str = "2017", title: bool = True) -> dict[str, Any]:
    """A record with two or three irregularities of different families (see the module doc)."""
    _check_edition(edition)
    for _ in range(MAX_ATTEMPTS):
        rec = _begin(rng, 1, 9)
        sim = rec.sim
        wanted = rng.sample(sorted(FAMILIES), rng.choice((2, 2, 3)))
        lines: list[str] = []
        done: list[str] = []
        steps = 0
        while wanted and sim.trick_number <= 12 and steps < 40:
            steps += 1
            family = wanted[0]
            if rng.random() < 0.45 and FAMILIES[family](rec, rng, lines):
                done.append(family)
                wanted.pop(0)
                continue
            seat = sim.on_play
            if not sim.current and _waits_for_50d2(sim, seat):
                break
            if not sim.hands[seat]:
                break
            played = sim.play_lawful(rng)
            rec.plays.append(played)
            lines.append(_format_play(*played))
        if wanted or len(done) < 2:
            continue
        for _ in range(rng.choice((0, 0, 1, 2))):
            seat = sim.on_play
            if sim.trick_number > 13 or not sim.hands[seat] or (not sim.current and _waits_for_50d2(sim, seat)):
                break
            lines.append(_format_play(*sim.play_lawful(rng)))
        lines.append(f"attention {rng.choice(SEATS)}")
        head = f"Random mixed record: {', '.join(done)} from trick {rec.start}" if title else None
        return _record_mapping(rec, rng, edition, head, lines)
    raise GenerationError("no mixed record found")


__all__ = ["FAMILIES", "random_mixed_case"]
