"""The Laws name no seat and no suit: a record ruled with every seat turned one place
clockwise (North's cards and lines become East's, and so on; North-South's tricks
East-West's), or with the suits renamed in a cycle (spades become hearts, hearts diamonds,
diamonds clubs, clubs spades; the trump suit with them), has the same restorations, its
seats and cards mapped back: the same cards on each trick, penalty cards, path of clauses,
trick transfer and equity finding, next leader, and as many notices. The corpus and generated records of every kind.

The two maps are written here, on the case files' text, apart from the solver."""

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
    elif words[0] == "attention" and len(words) > 1 and words[1] in _CLOCKWISE:
        words[1] = _CLOCKWISE[words[1]]
    elif words[0] == "remaining" and len(words) == 5:
        words = ["remaining", "NS", words[4], "EW", words[2]]
    elif words[:3] == ["director", "finds", "equity"] and len(words) == 5:
        words[3] = _SIDES[words[3]]
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


_SEAT_BACK = {Seat.parse(new): Seat.parse(old) for old, new in _CLOCKWISE.items()}
_SUIT_BACK = {new: old for old, new in _SUITS.items()}


def _ruled(mapping: dict[str, Any], seat: Any = None, card: Any = None) -> tuple[Counter[Any], int]:
    seat = seat or (lambda s: s)
    card = card or (lambda c: c)
    ruling = Ruling(loads(yaml.safe_dump(mapping, sort_keys=False)))
    out: Counter[Any] = Counter()
    for r in ruling.restorations(limit=3000):
        out[(tuple((n, seat(s).index, card(c)) for n, s, c in r.table.plays()),
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
