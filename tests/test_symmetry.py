"""The Laws name no seat and no suit: a record ruled with every seat turned one place
clockwise (North's cards and lines become East's, and so on; North-South's tricks
East-West's), or with the suits renamed in a cycle (spades become hearts, hearts diamonds,
diamonds clubs, clubs spades; the trump suit with them), has the same restorations, its
seats and cards mapped back: the same cards on each trick, penalty cards, path of clauses,
trick transfer and equity finding, next leader, and as many notices. The corpus and generated records of every kind.

Nor do they depend on where the record begins: a record from trick 1 whose first tricks were
played cleanly (in turn, following suit) is ruled as the same record given from the start of
its last clean trick, mid-hand (the hands then, the trick, its leader and the tricks each
side had won), the cards of the later tricks compared.

The maps are written here, on the case files' text, apart from the solver."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulings.models.cards import Card, Seat
from rulings.solver.casefile import loads
from rulings.solver.generate import random_kind_case
from rulings.solver.generate_mixed import random_mixed_case
from rulings.solver.ruling import Ruling

CASES = Path(__file__).resolve().parent.parent / "cases"
_CLOCKWISE = {"N": "E", "E": "S", "S": "W", "W": "N"}
_SIDES = {"NS": "EW", "EW": "NS"}
_SUITS = {"S": "H", "H": "D", "D": "C", "C": "S"}
_CARD = re.compile(r"^([SHDC])(10|[2-9TJQKA])$")


def _turned_line(line: str) -> str:
    words = line.split()
    if words[0] in _CLOCKWISE:
        words[0] = _CLOCKWISE[words[0]]
        if len(words) == 3 and words[1] in ("looks", "asks") and words[2] in _CLOCKWISE:
            words[2] = _CLOCKWISE[words[2]]  # (the seat looked at, the seat asked)
    elif words[0] == "attention" and len(words) > 1 and words[1] in _CLOCKWISE:
        words[1] = _CLOCKWISE[words[1]]
    elif words[0] == "remaining" and len(words) == 5:
        words = ["remaining", "NS", words[4], "EW", words[2]]
    elif words[:3] == ["director", "finds", "equity"] and len(words) == 5:
        words[3] = _SIDES[words[3]]
    elif words[:2] == ["director", "finds"] and len(words) == 3 and words[2].startswith("revoke_trick_won_by_"):
        words[2] = "revoke_trick_won_by_" + _SIDES[words[2][-2:].upper()].lower()
    return " ".join(words)


def _turned(mapping: dict[str, Any]) -> dict[str, Any]:
    """The record with every seat one place clockwise."""
    out = {k: v for k, v in mapping.items() if k != "expect"}
    out["deal"] = _CLOCKWISE[mapping["deal"][0]] + mapping["deal"][1:]
    out["declarer"] = _CLOCKWISE[mapping["declarer"]]
    if "leader" in mapping:
        out["leader"] = _CLOCKWISE[mapping["leader"]]
    if "won" in mapping:
        out["won"] = {"NS": mapping["won"]["EW"], "EW": mapping["won"]["NS"]}
    if "penalty" in mapping:
        out["penalty"] = [_CLOCKWISE[p[0]] + p[1:] for p in mapping["penalty"]]
    out["play"] = [_turned_line(str(line)) for line in mapping["play"]]
    return out


_SUIT_WORDS = {"spade": "heart", "heart": "diamond", "diamond": "club", "club": "spade"}
_SUIT_WORD = re.compile(r"^(spade|heart|diamond|club)(s?)([^a-z]*)$", re.IGNORECASE)


def _renamed_line(line: str) -> str:
    """A line with its cards and suits renamed: a card (``SA``), a suit named after
    ``calls``, ``require(s)``, ``forbid(s)`` or ``lead`` (``S``, ``h``), a suit's word (``clubs``)."""
    words = line.split()
    for i, word in enumerate(words):
        if (m := _CARD.match(word)) is not None:
            words[i] = _SUITS[m.group(1)] + m.group(2)
        elif i and words[i - 1].lower() in ("calls", "require", "requires", "forbid", "forbids", "lead") and word.upper() in _SUITS:
            new = _SUITS[word.upper()]
            words[i] = new if word.isupper() else new.lower()
        elif (w := _SUIT_WORD.match(word)) is not None:
            new = _SUIT_WORDS[w.group(1).lower()]
            words[i] = (new.capitalize() if w.group(1)[0].isupper() else new) + w.group(2) + w.group(3)
    return " ".join(words)


def _renamed(mapping: dict[str, Any]) -> dict[str, Any]:
    """The record with the suits renamed (a card's suit, the holdings, the contract's strain)."""
    def card(word: str) -> str:
        m = _CARD.match(word)
        return _SUITS[m.group(1)] + m.group(2) if m else word

    out = {k: v for k, v in mapping.items() if k != "expect"}
    first, hands = mapping["deal"].split(":")
    renamed = []
    for hand in hands.split():
        held = dict(zip("SHDC", hand.split("."), strict=True))
        old = {new: old for old, new in _SUITS.items()}
        renamed.append(".".join(held[old[s]] for s in "SHDC"))
    out["deal"] = first + ":" + " ".join(renamed)
    level, strain, rest = re.match(r"^(\d)(NT|[SHDC])(.*)$", mapping["contract"]).groups()  # type: ignore[union-attr]
    out["contract"] = level + (strain if strain == "NT" else _SUITS[strain]) + rest
    if "penalty" in mapping:
        out["penalty"] = [" ".join(card(w) for w in p.split()) for p in mapping["penalty"]]
    out["play"] = [_renamed_line(str(line)) for line in mapping["play"]]
    return out


_ORDER = "NESW"
_RANKS = "23456789TJQKA"


def _cards_of(line: str) -> tuple[str, str] | None:
    """A plain play line's seat and card (``S10`` as ``ST``), or None."""
    words = line.split()
    if len(words) != 2 or words[0] not in _CLOCKWISE:
        return None
    m = _CARD.match(words[1].upper())
    return (words[0], m.group(1) + ("T" if m.group(2) == "10" else m.group(2))) if m else None


def _mid_hand(mapping: dict[str, Any]) -> tuple[dict[str, Any], int] | None:
    """The record given from the start of its last clean trick before anything else happens
    (a play out of turn, a failure to follow suit, a line that is not a plain play), and the
    number of that trick; None when fewer than two clean tricks begin it."""
    if int(mapping.get("trick", 1)) != 1 or "penalty" in mapping:
        return None
    first, *hands = str(mapping["deal"]).replace(":", " ").split()
    start = _ORDER.index(first)
    held = {}
    for i, hand in enumerate(hands):
        held[_ORDER[(start + i) % 4]] = {suit + r for suit, cards in zip("SHDC", hand.split("."), strict=True)
                                         for r in cards.replace("10", "T") if r != "-"}
    strain = str(mapping["contract"]).lstrip("1234567")[:1]
    trumps = strain if strain in "SHDC" else None
    leader = _ORDER[(_ORDER.index(str(mapping["declarer"])) + 1) % 4]
    won = {"NS": 0, "EW": 0}
    lines = [str(x) for x in mapping["play"]]
    bounds: list[tuple[int, dict[str, set[str]], str, dict[str, int]]] = []
    for t in range(len(lines) // 4):
        plays = [_cards_of(x) for x in lines[4 * t: 4 * t + 4]]
        seats = [_ORDER[(_ORDER.index(leader) + i) % 4] for i in range(4)]
        if any(p is None for p in plays) or [p[0] for p in plays if p] != seats:
            break
        led = plays[0][1][0] if plays[0] else ""
        if any(p[1] not in held[p[0]] or (p[1][0] != led and any(c[0] == led for c in held[p[0]])) for p in plays if p):
            break
        for seat, card in (p for p in plays if p):
            held[seat].discard(card)

        def strength(card: str, led: str = led) -> int:
            return (200 if card[0] == trumps else 100 if card[0] == led else 0) + _RANKS.index(card[1])

        leader = max((p for p in plays if p), key=lambda p: strength(p[1]))[0]
        won["NS" if leader in "NS" else "EW"] += 1
        bounds.append((4 * t + 4, {k: set(v) for k, v in held.items()}, leader, dict(won)))
    if len(bounds) < 2:
        return None
    upto, hands_then, leader_then, won_then = bounds[-2]  # (the last clean trick is kept)
    if upto >= len(lines) - 1:
        return None
    out = {k: v for k, v in mapping.items() if k != "expect"}
    out["deal"] = "N:" + " ".join(".".join("".join(sorted((c[1] for c in hands_then[seat] if c[0] == suit),
                                                             key=_RANKS.index, reverse=True)) for suit in "SHDC")
                                  for seat in _ORDER)
    out["trick"], out["leader"], out["won"] = upto // 4 + 1, leader_then, won_then
    out["play"] = lines[upto:]
    return out, upto // 4 + 1


_SEAT_BACK = {Seat.parse(new): Seat.parse(old) for old, new in _CLOCKWISE.items()}
_SUIT_BACK = {new: old for old, new in _SUITS.items()}


def _ruled(mapping: dict[str, Any], seat: Any = None, card: Any = None, since: int = 1) -> tuple[Counter[Any], int]:
    seat = seat or (lambda s: s)
    card = card or (lambda c: c)
    ruling = Ruling(loads(yaml.safe_dump(mapping, sort_keys=False)))
    out: Counter[Any] = Counter()
    for r in ruling.restorations(limit=3000):
        out[(tuple((n, seat(s).index, card(c)) for n, s, c in r.table.plays() if n >= since),
             tuple(sorted((seat(p.seat).index, card(p.card), p.kind.value) for p in r.penalty_cards)),
             tuple(s.clause for s in r.path), r.node.transfer, r.node.equity, seat(r.lead).index if r.lead else None)] += 1
    return out, len(ruling.notices)


def _seat_back(s: Seat) -> Seat:
    return _SEAT_BACK[s]


def _card_back(c: Card) -> Card:
    return Card.parse(_SUIT_BACK[str(c)[0]] + str(c)[1:])


def test_the_corpus_is_ruled_the_same_with_the_seats_turned_or_the_suits_renamed() -> None:
    checked = 0
    for path in sorted(CASES.rglob("*.yaml")):
        mapping = yaml.safe_load(path.read_text(encoding="utf-8"))
        ruled = _ruled(mapping)
        assert _ruled(_turned(mapping), seat=_seat_back) == ruled, path.name
        assert _ruled(_renamed(mapping), card=_card_back) == ruled, path.name
        checked += 1
    assert checked > 300


@pytest.mark.parametrize("kind", ["mixed", "revoke", "misplay", "exposure", "lead", "fifth", "simultaneous", "established"])
def test_generated_records_are_ruled_the_same_with_the_seats_turned_or_the_suits_renamed(kind: str) -> None:
    for seed in range(40):
        rng = random.Random(seed)
        mapping = (random_mixed_case(rng) if kind == "mixed"
                   else random_kind_case(kind, rng, edition="2007" if seed % 2 else "2017", full_hand=seed % 3 == 0))
        ruled = _ruled(mapping)
        assert _ruled(_turned(mapping), seat=_seat_back) == ruled, (kind, seed)
        assert _ruled(_renamed(mapping), card=_card_back) == ruled, (kind, seed)


@pytest.mark.parametrize("kind", ["revoke", "misplay", "exposure", "lead", "fifth", "simultaneous", "established"])
def test_generated_records_are_ruled_the_same_given_mid_hand(kind: str) -> None:
    checked = 0
    for seed in range(30):
        mapping = random_kind_case(kind, random.Random(seed), edition="2007" if seed % 2 else "2017", full_hand=True)
        cut = _mid_hand(mapping)
        if cut is None:
            continue
        later, trick = cut
        assert _ruled(later) == _ruled(mapping, since=trick), (kind, seed, trick)
        checked += 1
    assert checked >= 20
