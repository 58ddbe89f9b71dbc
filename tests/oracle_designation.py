"""Brute-force oracle for designations of dummy's cards and changed designations, deliberately naive.

It shares no code with the solver: it imports nothing from ``rulings``, ``models`` or
``solver``, only the standard library and the small parse helpers of tests/oracle.py (itself
independent), and takes the case as the plain dict ``yaml.safe_load`` gives. It reads the
``play`` lines itself and rules on the one designation event the record holds: an incomplete
or invalid call of dummy's card the record ends with, or a ``changes to`` line about a card
named, called or played before it. It then enumerates EVERY combination of what the table
may end with: for a call, every card of dummy's hand; for a change, each finding of fact
(slip, a refusing one), every card of the changing hand as the card now played, every card
of each later opponent's hand as his card (or his own card kept) and, for a lead already
made to the next trick, its standing or going back. Each combination is kept or rejected by
the clause conditions below, written out one by one: there is no search and no shortcut.

The reading, clause by clause (ids of /work/shared/laws/clauses.tsv, 2017 numbering; 2007
where the editions differ):

* 45B, 45C4(a): declarer's call of a card dummy holds plays it (dummy facing it after the
  call is the same play); a card a player names as the one he plays (declarer at his turn,
  ``names <card>``; a defender, ``names <card> to play``) is played.
* 44C: a card is lawful when it is of the suit led, or its holder has none of that suit.
* 46B (intro): ``director finds incontrovertible X [Y ...]`` overrides the sub-rules: the one
  card is played, or either defender designates one of the cards (46B5).
* 46B1(a)/(c): "high"/"low" (also "top"/"small") is the highest/lowest card of the suit led
  when dummy can follow; with a suit named, of that suit. With no suit led or dummy void in
  it, no suit is named: declarer says which suit, so the highest/lowest card of each suit
  dummy holds is a possible outcome (docs/decisions.md).
* 46B1(b): "win" (also "take") is the lowest card known to win: a lawful card that would win
  the trick as it stands, and that no card in the defenders' hands (what declarer cannot
  see) could beat if a defender still to play to the trick held it: a higher card of its
  suit, or any trump against a plain card (the defender might be void). The lowest: a plain
  card before a trump, then by rank; several such cards of the lowest rank in different
  suits (dummy on lead): declarer says which. None: invalid, as 46B4 (docs/decisions.md).
* 46B2: a suit named without a rank ("ruff": the trump suit) is the lowest lawful card of
  that suit.
* 46B3(a): a rank named without a suit while dummy leads is the card of that rank in the suit
  of the card with which dummy won the trick before (a trick of the record), if dummy holds
  it; otherwise 46B3(b): the lawful cards of that rank, declarer choosing among several.
* 46B4: a card dummy does not hold is invalid: declarer designates any lawful card. A suit or
  rank of which dummy holds no lawful card is invalid in the same way (docs/decisions.md).
* 46B5: neither suit nor rank ("anything"): either defender designates any lawful card.
* 45C4(b): the change concerns dummy's latest card when the new card was dealt to dummy, else
  the changing player's own latest card. It is refused, the card standing, when that card
  was placed by dummy without a call (45B) or played from declarer's hand (45C2); in 2017
  when it is not declarer's designation of dummy's card (declarer's or a defender's own
  named card); once the changing side (the player or his partner) has played another card
  since (2017: until declarer next plays from either hand; 2007: until the player's partner
  has played, read as the side's next card, docs/decisions.md). Otherwise the director's
  finding decides: ``slip`` permits it, ``rethink``/``lapse``/``pause`` refuse it; with no
  finding in the record both are branches (``slip``, ``rethink``). The finding the ruling
  rests on, recorded or branched, is the restoration's finding.
* 47C: a permitted change takes the card back without rectification; the new card is played
  (a card dummy no longer holds: 46B4, declarer designates any lawful card).
* 47D: each opponent of the changing side who played after the changed card to the same
  trick may keep his card or take it back and play another lawful card (judged on the trick
  as changed), no penalty card; a card that was lawful before the change and no longer
  follows suit must be replaced (docs/decisions.md); a card on the table in a later trick is
  not in his hand.
* 44G: after a permitted change, a lead already made to the next trick stands when its
  leader still won the changed trick, and goes back otherwise.
* A call of dummy's card changed on the next line, the record ending there (no line of
  dummy's facing a card): the called card never reached the table and is not withdrawn.
* 16C (2007 16D): every withdrawn card is listed as withdrawn; one from a concealed hand
  (declarer's or a defender's) is unauthorized to the changing side (the offending side);
  dummy's cards are face up and add nothing.

The canonical key is the one of ``Restoration.key()`` (docs/json-output.md): the cards
standing from the trick under ruling (the trick of the first card named to play, a 45C4(a)
event, or else of the card the call or change concerns), established (false), the next leader (the
winner of the last complete trick from there, none while a trick is under way or after
trick 13), penalty cards (none), the ledger, the withdrawn cards and the findings.
"""

from __future__ import annotations

import itertools
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from oracle import RANKS, parse_card, parse_deal, parse_seat, parse_trumps, seat_after, side_of, trick_winner

SUITS = "SHDC"
SUIT_WORDS = {"spade": "S", "spades": "S", "s": "S", "heart": "H", "hearts": "H", "h": "H",
              "diamond": "D", "diamonds": "D", "d": "D", "club": "C", "clubs": "C", "c": "C"}
RANK_WORDS = {"ace": "A", "king": "K", "queen": "Q", "jack": "J", "ten": "T", "10": "T"}
SYNONYMS = {"top": "high", "small": "low", "take": "win"}
REFUSING = ("rethink", "lapse", "pause")
KEEP = "keep"

Play = tuple[str, str]


def rank_of(card: str) -> int:
    return RANKS.index(card[1])


def _rank_word(word: str) -> str | None:
    w = word.lower()
    if w in RANK_WORDS:
        return RANK_WORDS[w]
    return w.upper() if len(w) == 1 and w.upper() in RANKS else None


class Record:
    """The record replayed: tricks (each a list of (seat, card)), and for each card how it came
    to be played (``named``: a call of dummy's card or a card named to play; ``placed``: dummy
    without a call; ``hand``: from declarer's or a defender's hand)."""

    def __init__(self, case: dict[str, Any]) -> None:
        self.hands = parse_deal(case["deal"])
        self.dealt = {s: set(h) for s, h in self.hands.items()}
        self.trumps = parse_trumps(case["contract"])
        self.declarer = parse_seat(case["declarer"])
        self.dummy = seat_after(self.declarer, 2)
        self.first = int(case.get("trick", 1))
        self.leader = parse_seat(case["leader"]) if case.get("leader") else seat_after(self.declarer)
        self.tricks: list[list[Play]] = [[]]
        self.how: dict[Play, str] = {}
        self.order: list[Play] = []  # every card in playing order
        #: dummy's cards called with no line of dummy's facing them after the call
        self.unfaced: set[Play] = set()

    @property
    def trick(self) -> list[Play]:
        if len(self.tricks[-1]) == 4:
            self.tricks.append([])
        return self.tricks[-1]

    @property
    def on_play(self) -> str:
        t = self.trick
        if t:
            return seat_after(t[-1][0])
        if len(self.tricks) >= 2:
            return trick_winner(self.tricks[-2], self.trumps)
        return self.leader

    def play(self, seat: str, card: str, how: str) -> None:
        if seat != self.on_play or card not in self.hands[seat]:
            raise NotImplementedError(f"oracle_designation reads lawful turns only ({seat} {card})")
        self.trick.append((seat, card))
        self.hands[seat].discard(card)
        self.how[(seat, card)] = how
        self.order.append((seat, card))

    def trick_of(self, play: Play) -> int:
        return next(i for i, t in enumerate(self.tricks) if play in t)


def lawful(hand: set[str], led: str | None) -> list[str]:
    follow = [c for c in hand if led is not None and c[0] == led]
    return sorted(follow or hand)


def beats(card: str, other: str, trumps: str | None) -> bool:
    """``card`` beats ``other`` (``other`` the card winning so far)."""
    if card[0] == other[0]:
        return rank_of(card) > rank_of(other)
    return card[0] == trumps


def known_to_win(rec: Record, trick: list[Play], card: str, to_play: list[str], unseen: set[str]) -> bool:
    """46B1(b): dummy's ``card`` would win the trick as it stands, and no unseen card could
    beat it in the hand of a defender still to play (``to_play``)."""
    if trick and trick_winner([*trick, (rec.dummy, card)], rec.trumps) != rec.dummy:
        return False
    return not (to_play and any(beats(u, card, rec.trumps) for u in unseen))


def call_outcomes(rec: Record, words: list[str], meant: list[str] | None) -> tuple[set[str], str]:
    """Every card dummy may end up playing for the call, and the main clause."""
    dummy = rec.dummy
    hand = rec.hands[dummy]
    trick = list(rec.trick)
    led = trick[0][1][0] if trick else None
    can = lawful(hand, led)
    if meant is not None:
        return {c for c in hand if c in meant}, "46B"
    kind = SYNONYMS.get(words[0].lower(), words[0].lower())
    follows = led is not None and any(c[0] == led for c in hand)
    candidates = set()
    clause = ""
    for c in sorted(hand):
        ok = False
        if kind in ("high", "low") and len(words) == 1:
            clause = "46B1(a)" if kind == "high" else "46B1(c)"
            suit = led if follows else c[0]  # no suit led or dummy void: declarer says which suit
            pool = [x for x in can if x[0] == suit]
            best = max(pool, key=rank_of) if kind == "high" else min(pool, key=rank_of)
            ok = c == best
        elif kind in ("high", "low"):
            clause = "46B1(a)" if kind == "high" else "46B1(c)"
            suit = SUIT_WORDS[words[1].lower()]
            pool = [x for x in can if x[0] == suit]
            # (none of that suit: invalid, declarer designates any lawful card)
            ok = c == (max(pool, key=rank_of) if kind == "high" else min(pool, key=rank_of)) if pool else c in can
        elif kind == "win":
            clause = "46B1(b)"
            to_play = [s for s in (seat_after(dummy, k) for k in (1, 2, 3))
                       if s not in {p for p, _ in trick} and side_of(s) != side_of(rec.declarer)]
            unseen = rec.hands[seat_after(dummy, 1)] | rec.hands[seat_after(dummy, 3)]

            winners = [x for x in can if known_to_win(rec, trick, x, to_play, unseen)]
            if winners:
                low = min((x[0] == rec.trumps, rank_of(x)) for x in winners)
                ok = c in winners and (c[0] == rec.trumps, rank_of(c)) == low
            else:
                ok = c in can
        elif kind == "anything":
            clause = "46B5"
            ok = c in can
        elif kind in SUIT_WORDS or kind == "ruff":
            clause = "46B2"
            suit = rec.trumps if kind == "ruff" else SUIT_WORDS[kind]
            pool = [x for x in can if suit is not None and x[0] == suit]
            ok = c == min(pool, key=rank_of) if pool else c in can
        elif _rank_word(kind) is not None:
            rank = _rank_word(kind)
            clause = "46B3(b)"
            won_with = None
            if not trick and len(rec.tricks) >= 2 and len(rec.tricks[-2]) == 4:
                before = rec.tricks[-2]
                if trick_winner(before, rec.trumps) == dummy:
                    won_with = next(x for s, x in before if s == dummy)[0]
            if won_with is not None and won_with + str(rank) in hand:
                clause = "46B3(a)"
                ok = c == won_with + str(rank)
            else:
                pool = [x for x in can if x[1] == rank]
                ok = c in pool if pool else c in can
        else:
            clause = "46B4"
            card = parse_card(kind)
            if card in hand:
                raise NotImplementedError("a call of a card dummy holds is a plain play")
            ok = c in can
        if ok:
            candidates.add(c)
    return candidates, clause


def _key(rec: Record, tricks: list[list[Play]], focus: int, withdrawn: list[Play], ui: list[str],
         findings: tuple[str, ...]) -> str:
    cards: dict[str, str] = {}
    last: int | None = None
    open_ = False
    for i in range(focus, len(tricks)):
        t = tricks[i]
        for s, c in t:
            cards[f"{rec.first + i}:{s}"] = c
        if not open_ and t:
            if len(t) == 4:
                last = i
            else:
                open_ = True
    lead = None
    if last is not None and rec.first + last != 13:
        lead = trick_winner(tricks[last], rec.trumps)
    obj: dict[str, Any] = {
        "cards": cards,
        "established": False,
        "lead": lead,
        "penalty": [],
        "unauthorized": sorted(set(ui)),
        "withdrawn": sorted(f"{s}:{c}" for s, c in withdrawn),
    }
    if findings:
        obj["findings"] = sorted(findings)
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


def oracle_designation(case: dict[str, Any]) -> set[str]:
    """Canonical JSON strings of every restoration of the record's designation event."""
    edition = str(case.get("laws", 2017))
    rec = Record(case)
    lines = [str(line).split() for line in case["play"]]
    finds = [w[2:] for w in lines if w[:2] == ["director", "finds"]]
    body = [w for w in lines if w[:2] != ["director", "finds"] and w[0].lower() != "attention"]
    dummy = rec.dummy
    k = 0
    while k < len(body):
        w = body[k]
        seat = parse_seat(w[0])
        verb = w[1].lower() if len(w) > 1 else ""
        if len(w) == 2:
            card = parse_card(w[1])
            how = "placed" if seat == dummy else "hand"
            rec.play(seat, card, how)
        elif verb == "calls":
            words = w[2:]
            meant = next((f[1:] for f in finds if f and f[0].lower() == "incontrovertible"), None)
            plain = len(words) == 1 and _is_card(words[0]) and parse_card(words[0]) in rec.hands[dummy]
            if plain and meant is None:
                card = parse_card(words[0])
                rec.play(dummy, card, "named")
                if k + 1 < len(body) and len(body[k + 1]) == 2 and parse_seat(body[k + 1][0]) == dummy:
                    if parse_card(body[k + 1][1]) != card:
                        raise NotImplementedError("dummy placing another card is Law 45D")
                    k += 1  # dummy faces the card named
                else:
                    rec.unfaced.add((dummy, card))
            else:
                if k != len(body) - 1:
                    raise NotImplementedError("oracle_designation reads an incomplete call only at the end")
                return _rule_call(rec, words, [parse_card(x) for x in meant] if meant else None)
        elif verb == "names":
            card = parse_card(w[2])
            rec.play(seat, card, "named")
        elif verb == "changes":
            if k != len(body) - 1:
                raise NotImplementedError("oracle_designation reads a change only at the end")
            word = w[4].lower() if len(w) > 4 else None
            for f in finds:
                if f and f[0].lower() in ("slip", *REFUSING):
                    word = f[0].lower()
            return _rule_change(rec, edition, seat, parse_card(w[3]), word)
        else:
            raise NotImplementedError(f"oracle_designation does not read {' '.join(w)!r}")
        k += 1
    raise ValueError("no designation event in the record")


def _is_card(token: str) -> bool:
    try:
        parse_card(token)
    except ValueError:
        return False
    return True


def _rule_call(rec: Record, words: list[str], meant: list[str] | None) -> set[str]:
    outcomes, _ = call_outcomes(rec, words, meant)
    focus = len(rec.tricks) - 1 if len(rec.tricks[-1]) < 4 else len(rec.tricks)
    results = set()
    for card in outcomes:
        tricks = [list(t) for t in rec.tricks]
        if len(tricks[-1]) == 4:
            tricks.append([])
        tricks[-1].append((rec.dummy, card))
        results.add(_key(rec, tricks, focus, [], [], ()))
    return results


def _rule_change(rec: Record, edition: str, seat: str, new: str, word: str | None) -> set[str]:
    declarer, dummy = rec.declarer, rec.dummy
    # the card the change concerns
    owner = dummy if new in rec.dealt[dummy] else seat
    mine = [p for p in rec.order if p[0] == owner]
    if side_of(seat) != side_of(declarer):  # a defender's change concerns the card he named to play
        mine = [p for p in mine if rec.how[p] == "named"]
    if not mine:
        raise NotImplementedError("no card to change")
    old = mine[-1]
    ti = rec.trick_of(old)
    trick = rec.tricks[ti]
    pos = trick.index(old)
    changing = side_of(seat)
    later_cards = rec.order[rec.order.index(old) + 1:]
    how = rec.how[old]
    # when may it be changed at all (45B, 45C2, 45C4(b) reach and window)
    refused_outright = (
        how != "named"
        or (edition == "2017" and owner != dummy)
        or any(side_of(s) == changing for s, _ in later_cards)
        or (owner == dummy and seat != declarer)
    )
    # the trick under ruling: the one of the first card named to play (itself a 45C4(a)
    # event), else the one of the card the change concerns
    named = [p for p in rec.order if rec.how[p] == "named" and p[0] != dummy]
    focus = min(ti, rec.trick_of(named[0])) if named else ti
    if refused_outright:
        return {_key(rec, rec.tricks, focus, [], [], ())}
    findings = [word] if word is not None else ["slip", "rethink"]
    # the hand the changed card came from, as its trick was played to
    hand_then = set(rec.hands[owner]) | {old[1]}
    led_before = trick[0][1][0] if pos > 0 else None
    opponents = [(s, c) for s, c in trick[pos + 1:] if side_of(s) != changing]
    next_trick = rec.tricks[ti + 1] if ti + 1 < len(rec.tricks) else []
    # each later opponent's hand: his cards left plus his card to this trick (a card he has
    # put on a later trick is on the table)
    opp_hands = {s: set(rec.hands[s]) | {c} for s, c in opponents}
    candidates: list[list[str]] = [findings, sorted(hand_then)]
    candidates += [[KEEP, *sorted(opp_hands[s])] for s, _ in opponents]
    results: set[str] = set()
    for combo in itertools.product(*candidates):
        finding, played = combo[0], combo[1]
        choices = combo[2:]
        if finding in REFUSING:
            if played != old[1] or any(ch != KEEP for ch in choices):
                continue
            results.add(_key(rec, rec.tricks, focus, [], [], (finding,)))
            continue
        # 47C: the card goes back; the new one is played (46B4 for a card dummy no longer holds)
        if new in hand_then:
            if played != new:
                continue
        elif played not in lawful(hand_then, led_before):
            continue
        tricks = [list(t) for t in rec.tricks]
        tricks[ti][pos] = (owner, played)
        led = tricks[ti][0][1][0]
        # a call changed on the very next line, the record ending there: dummy never faced
        # the card called, so it goes back without being withdrawn from the table
        never_faced = owner == dummy and old in rec.unfaced and not later_cards
        withdrawn: list[Play] = [] if never_faced else [old]
        ui: list[str] = [] if owner == dummy else [f"{changing}:{owner}:{old[1]}"]
        ok = True
        for (s, c), choice in zip(opponents, choices, strict=True):
            hand = opp_hands[s]
            was_lawful = c in lawful(hand, trick[0][1][0])  # (the trick as it was led)
            now_lawful = c in lawful(hand, led)
            if choice == KEEP:
                if was_lawful and not now_lawful:
                    ok = False  # must be replaced
                    break
                continue
            if not was_lawful or choice == c or choice not in lawful(hand, led):
                ok = False
                break
            tricks[ti][tricks[ti].index((s, c))] = (s, choice)
            withdrawn.append((s, c))
            if s != dummy:
                ui.append(f"{changing}:{s}:{c}")
        if not ok:
            continue
        # 44G: a lead already made to the next trick by a player who no longer won the trick
        if next_trick and len(tricks[ti]) == 4 and trick_winner(tricks[ti], rec.trumps) != next_trick[0][0]:
            for s, c in next_trick:
                withdrawn.append((s, c))
                if s != dummy:
                    ui.append(f"{changing}:{s}:{c}")
            tricks[ti + 1] = []
        results.add(_key(rec, tricks, focus, withdrawn, ui, (finding,)))
    return results
