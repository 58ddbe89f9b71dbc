"""A second, independent count of the Law 64 trick transfer (64A1, 64A2, 64B1-64B7).

It shares no code with the solver: it reads the case file's YAML itself (deal, contract,
play lines), replays the tricks, finds the revokes and counts the transfer straight from
the Laws as the digest paraphrases them. Used by tests/test_oracle_law64.py to check the rule
set on random played-out deals (``rulings generate --kind established``).

Scope: records the generator writes (plays in turn, revokes that stand, no penalty cards);
the 64B3 penalty-card branch is not modelled here (dummy's revoke is).
"""

from __future__ import annotations

from typing import Any

SEATS = "NESW"
ORDER = "23456789TJQKA"


def _partner(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 2) % 4]


def _side(seat: str) -> str:
    return "NS" if seat in "NS" else "EW"


def _card(text: str) -> tuple[str, int]:
    text = text.upper().replace("10", "T")
    return text[0], ORDER.index(text[1])


def _hands(deal: str) -> dict[str, set[tuple[str, int]]]:
    first, _, rest = deal.partition(":")
    start = SEATS.index(first.strip().upper())
    out: dict[str, set[tuple[str, int]]] = {}
    for k, hand in enumerate(rest.split()):
        seat = SEATS[(start + k) % 4]
        cards: set[tuple[str, int]] = set()
        for suit, ranks in zip("SHDC", hand.split("."), strict=True):
            ranks = ranks.upper().replace("10", "T")
            cards |= {(suit, ORDER.index(r)) for r in ranks if r != "-"}
        out[seat] = cards
    return out


def _trumps(contract: str) -> str | None:
    c = str(contract).upper().rstrip("X")
    strain = c[1:]
    return None if strain in ("NT", "N") else strain[0]


def _power(card: tuple[str, int], led: str, trumps: str | None) -> int:
    suit, rank = card
    return 200 + rank if suit == trumps else (100 + rank if suit == led else rank)


def transfer(case: dict[str, Any], edition: str | None = None) -> int:
    """The total tricks transferred under 64A, 0 where 64B applies (64B4/64B5 from the
    director's findings, 64B6 on trick 12, 64B7 per the edition)."""
    edition = edition or str(case.get("laws", 2017))
    hands = _hands(case["deal"])
    trumps = _trumps(case["contract"])
    declarer = str(case["declarer"]).upper()
    dummy = _partner(declarer)
    number = int(case.get("trick", 1))
    leader = str(case.get("leader", SEATS[(SEATS.index(declarer) + 1) % 4])).upper()
    winners: dict[int, str] = {}
    revokes: list[tuple[int, str, str]] = []  # (trick, seat, suit led)
    plays: list[tuple[str, tuple[str, int]]] = []
    rest = {"NS": 0, "EW": 0}
    findings: list[str] = []
    for raw in case["play"]:
        words = str(raw).split()
        if words[0].lower() == "attention":
            continue
        if words[0].lower() == "director":
            findings.append(" ".join(words[2:]).lower())
            continue
        if words[0].lower() == "remaining":
            rest[words[1].upper()] += int(words[2])
            rest[words[3].upper()] += int(words[4])
            continue
        if len(words) == 3 and words[1].lower() == "claims":
            seat = words[0].upper()
            left = 13 - (number - 1)
            rest[_side(seat)] += int(words[2])
            rest["EW" if _side(seat) == "NS" else "NS"] += left - int(words[2])
            continue
        seat, card = words[0].upper(), _card(words[1])
        if plays and card[0] != plays[0][1][0] and any(c[0] == plays[0][1][0] for c in hands[seat]):
            revokes.append((number, seat, plays[0][1][0]))
        hands[seat].discard(card)
        plays.append((seat, card))
        if len(plays) == 4:
            led = plays[0][1][0]

            leader = max(plays, key=lambda p, led=led: _power(p[1], led, trumps))[0]
            winners[number] = leader
            number += 1
            plays = []
    for f in findings:
        if f in ("next_deal_called", "round_over"):
            return 0  # 64B4, 64B5: attention came too late for any transfer
    # established revokes: the generator's revokes all stand (play went on, or a claim)
    sides = {_side(s) for _, s, _ in revokes}
    if len(sides) == 2:
        return 0  # 64B7 (both editions for revokes that all stand established)
    total = 0
    taken: set[int | str] = set()
    seen: list[tuple[str, str]] = []
    for trick, seat, suit in sorted(revokes):
        os = _side(seat)
        same = (seat, suit) in seen
        seen.append((seat, suit))
        if same or seat == dummy or trick == 12:
            continue  # 64B2, 64B3 (dummy), 64B6
        # the offending side's tricks from the revoke trick on, as tokens (a claimed or stated
        # trick has no number: "rest-k")
        theirs: list[int | str] = [n for n in sorted(winners) if n >= trick and _side(winners[n]) == os]
        theirs += [f"rest-{k}" for k in range(rest[os])]
        if not theirs:
            continue  # 64B1
        # 64A1 (the revoker won the revoke trick): it and one more; 64A2: one
        want = [trick, *[t for t in theirs if t != trick][:1]] if winners.get(trick) == seat else theirs[:1]
        # a trick changes hands once: take the wanted tricks, else any other still free
        free = [t for t in theirs if t not in taken]
        got = [t for t in want if t not in taken]
        for t in free:
            if len(got) >= len(want):
                break
            if t not in got:
                got.append(t)
        got = got[: len(want)]
        taken.update(got)
        total += len(got)
    return total
