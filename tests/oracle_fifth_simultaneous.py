"""Brute-force oracles for a fifth card (45E) and for simultaneous plays (58), deliberately naive.

They share no code with the solver: they import nothing from ``rulings``, ``models`` or
``solver``, only the standard library and the tiny parse helpers of tests/oracle.py (itself
independent), and take the case as the plain dict ``yaml.safe_load`` gives. Each reads the
``play`` lines itself, replays the plain plays in rotation, and then enumerates EVERY
combination of the facts and choices the clauses could leave open (a finding, an answer to a
lead, a lead option, a card named, a substitute, each later player's keep-or-change), each
kept or rejected by the clause conditions below, written out one by one. There is no search
and no shortcut: a combination the Laws do not allow is rejected by a condition, never left out.

``oracle_fifth`` (records of ``random_fifth_case``: one complete trick, ``<seat> plays <card>
fifth``, perhaps ``director finds played|led``, ``attention``). The reading, clause by clause
(ids of /work/shared/laws/clauses.tsv, 2017 numbering):

* 45E1, 45E2: the director finds the card played to the complete trick or led to the next;
  a ``director finds`` line settles it, otherwise both. Every restoration records its
  finding.
* 45E1, 50B: a defender's card found played becomes a penalty card, major (a deliberate
  play, docs/decisions.md ``fifth_card_is_deliberate``); 50E2: it is unauthorized to his side.
  45E2, 48A: declarer's card found played goes back to the hand, nothing more (45E names no
  withdrawal under 16C: no ledger entry). The winner of the complete trick leads.
* 44G: a card found led by the winner of the complete trick is his lead, in turn; it stands
  and the next trick is under way. The trick under ruling is still the complete one, so the
  key's next leader is its winner (docs/json-output.md ``lead``); once a lead out of turn is
  ruled on, the trick under ruling is the one it leads (under way: no leader).
* 45E1 -> 53, 56; 45E2 -> 55: a card found led by anyone else is a lead out of turn. It may
  be accepted (53A: declarer for a defender's lead, either defender for declarer's) and
  stands, or not: it goes back (a withdrawn play, 16C2: unauthorized to the offender's side),
  a defender's as a major penalty card (56, 54D; 50E2 as well, one entry each), declarer's
  with nothing more (55B1, 48A),
  and the winner of the complete trick leads. 2017 53A: no acceptance at trick 13 (2007: no
  such limit).
* 56 -> 50D2: when the refused lead was a defender's and his partner won the trick, declarer
  requires the penalty card's suit, forbids it (50D2(a): the card is picked up, the
  restriction ``<partner> must lead X`` / ``must not lead X`` recorded), or neither
  (50D2(b): it stays a major penalty card). No other suit may be named; with the declaring
  side to lead there is no option.

``oracle_simultaneous`` (records of ``random_simultaneous_case``: plain plays, ``<seat> plays
<card>... simultaneous [visible <card>...]``, perhaps plain plays to the same trick after it,
``attention``):

* 58A (one card): it counts as played after the card before it. When the player is then
  next in rotation, it stands (44B); if it fails to follow suit while he holds the suit led
  it is a revoke, corrected at once (62A, 62B below). Otherwise it is a play out of turn:
  * 57A: a defender whose partner has not yet played to the trick: the card is withdrawn, a
    major penalty card (16C2 and 50E2: unauthorized to his side), and declarer chooses one option over
    the partner: highest (57A1) or lowest (57A2) card of the suit led, a card of another
    named suit (57A3) or not a card of another named suit (57A4): restrictions ``<partner>
    must play highest X`` / ``lowest X`` / ``must play Y`` / ``must not play Y``.
  * 57D (2017): a defender whose partner has played plays at his right-hand opponent's turn:
    a card he could lawfully play to the trick (following suit, his hand judged with it) is
    played at his turn (restriction ``<seat> must play <card>``; not withdrawn, no penalty
    card, no ledger entry); otherwise it is withdrawn, a major penalty card (16C2, 50E2). 2007 (no
    57D): a card exposed out of turn, a major penalty card (50, 49, 50B: deliberate), withdrawn.
  * 57C3 (2007 57C2): declarer's (or dummy's) premature card stands when he could lawfully
    play it; otherwise it goes back to the hand, no penalty card (48A), a withdrawn play
    under 47B, so 16C2: unauthorized to the declaring side.
* 58B1: several cards together, one face visible: that card is played, the others go back
  with no rectification (no ledger entry: nobody saw them). No 58B3 (no visible card went back).
* 58B2: more than one face visible: the offender names the card he plays (one option per
  visible card); a defender's other visible cards become penalty cards, each minor when
  below honour rank and major when an honour (unintentional exposure), all major when two or
  more (50B); each played with the card named and withdrawn, and a penalty card: 16C2 and
  50E2, one entry each, unauthorized to his side. Declarer's other visible cards go back
  (48A), 16C2: unauthorized to the declaring side. Hidden cards go back, nothing more.
* 62A, 62B, 50D1(a), 50C: the card played (58A in turn, 58B1, 58B2) that fails to follow suit
  while its owner holds the suit led is a revoke, not established, corrected: he withdraws it
  (16C2) and plays any card that follows suit, different from it; a major penalty card of his
  that follows suit must be the one (any of them), a minor one bars his other cards of its
  suit below honour rank. A defender's revoke card becomes a major penalty card (62B1), his
  penalty cards then all major (50B, counted before he substitutes); declarer's goes back (62B2).
* 58B3 (after 58B2, the card named not a revoke): each opponent of the offender who played to
  the trick after the cards keeps his card or withdraws it for any other card that follows
  suit (his hand judged with it), no penalty card, 16C2: unauthorized to the offender's side.
  The offender's partner's card stands.
* 62C1, 62C2 (the card named or shown a revoke): the later players of the trick in rotation:
  an opponent of the revoker may change as above (62C1; one right, the same as 58B3's); the
  revoker's partner only when the player just before him is an opponent who changed (62C2),
  a defender's changed card then a major penalty card; 16C2 for each, the revoker's side
  offending, and 50E2 as well for each card of the revoker's side that is then a penalty card
  (62B1, 62C2: one entry per law).

The canonical key is the one of ``Restoration.key()`` (docs/json-output.md): the cards from
the trick under ruling on, established (always false here), findings (45E), the next leader
(null while a trick is under way), penalty cards, restrictions (only when any), the ledger
and the withdrawn cards.
"""

from __future__ import annotations

import itertools
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from oracle import HONOURS, SEATS, parse_card, parse_deal, parse_seat, parse_trumps, seat_after, side_of, trick_winner

SUITS = "SHDC"
NONE = "none"


def _key(cards: dict[str, str], lead: str | None, penalty: dict[tuple[str, str], str], unauthorized: list[str],
         withdrawn: list[tuple[str, str]], findings: tuple[str, ...] | list[str] = (),
         restrictions: tuple[str, ...] | list[str] = ()) -> str:
    obj: dict[str, Any] = {
        "cards": cards,
        "established": False,
        "lead": lead,
        "penalty": sorted(f"{s}:{c}:{k}" for (s, c), k in penalty.items()),
        "unauthorized": sorted(set(unauthorized)),
        "withdrawn": sorted(f"{s}:{c}" for s, c in withdrawn),
    }
    if findings:
        obj["findings"] = sorted(findings)
    if restrictions:
        obj["restrictions"] = sorted(restrictions)
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


def _all_major_if_two(pcs: dict[tuple[str, str], str]) -> dict[tuple[str, str], str]:
    """50B: a defender with two or more penalty cards has them all major."""
    count = {s: sum(1 for (x, _) in pcs if x == s) for s in SEATS}
    return {(s, c): ("major" if count[s] >= 2 else k) for (s, c), k in pcs.items()}


def _lawful(hand: set[str], led: str | None, mine: dict[str, str]) -> set[str]:
    """Cards of ``hand`` its owner may play to a trick whose suit led is ``led`` (None: he
    leads), with his penalty cards ``mine`` (card -> kind): 44C, 50D1(a), 50C."""
    follow = {c for c in hand if led is not None and c[0] == led}
    legal = follow or set(hand)
    majors = {c for c in legal if mine.get(c) == "major"}
    if majors:
        return majors
    minor_suits = {c[0] for c, k in mine.items() if k == "minor"}
    return {c for c in legal if c[0] not in minor_suits or c[1] in HONOURS or mine.get(c) == "minor"}


class _Record:
    """The deal, the contract and the plain plays of a record replayed in rotation."""

    def __init__(self, case: dict[str, Any]) -> None:
        self.edition = str(case.get("laws", 2017))
        self.hands = parse_deal(case["deal"])
        self.trumps = parse_trumps(case["contract"])
        self.declarer = parse_seat(case["declarer"])
        self.declaring = side_of(self.declarer)
        self.trick_no = int(case.get("trick", 1))  # the trick being played
        self.leader = parse_seat(case["leader"]) if case.get("leader") else seat_after(self.declarer)
        self.trick: list[tuple[str, str]] = []
        self.done: list[list[tuple[str, str]]] = []
        if case.get("penalty"):
            raise NotImplementedError("these oracles handle no penalty cards in force at the start")

    def play(self, seat: str, card: str) -> None:
        turn = self.leader if not self.trick else seat_after(self.trick[-1][0])
        if seat != turn or card not in self.hands[seat]:
            raise NotImplementedError(f"oracle replays plain plays in rotation only, not {seat} {card}")
        self.hands[seat].discard(card)
        self.trick.append((seat, card))
        if len(self.trick) == 4:
            self.leader = trick_winner(self.trick, self.trumps)
            self.done.append(self.trick)
            self.trick = []
            self.trick_no += 1

    def defender(self, seat: str) -> bool:
        return side_of(seat) != self.declaring


def _lines(case: dict[str, Any], marker: str) -> tuple[list[list[str]], list[str], list[list[str]], list[list[str]]]:
    """(plain plays before the ``marker`` line, its words, the lines after it up to
    ``attention``, the lines after ``attention``)."""
    before: list[list[str]] = []
    line: list[str] | None = None
    middle: list[list[str]] = []
    after: list[list[str]] = []
    attention = False
    for text in case["play"]:
        words = str(text).split()
        if words and words[0].lower() == "attention":
            attention = True
        elif attention:
            after.append(words)
        elif line is None and len(words) >= 3 and words[1].lower() == "plays" and marker in (w.lower() for w in words):
            line = words  # (``fifth`` ends the line; ``simultaneous`` may have ``visible`` cards after it)
        elif line is None:
            before.append(words)
        else:
            middle.append(words)
    if line is None or not attention:
        raise ValueError(f"no {marker} line, or no attention")
    return before, line, middle, after


# ----- 45E ------------------------------------------------------------------------------------------
def oracle_fifth(case: dict[str, Any]) -> set[str]:
    """Canonical JSON strings of every restoration of the record's fifth card (45E)."""
    rec = _Record(case)
    before, line, middle, after = _lines(case, "fifth")
    for words in before:
        if len(words) != 2:
            raise NotImplementedError(f"oracle_fifth reads plain plays before the fifth card, not {words}")
        rec.play(parse_seat(words[0]), parse_card(words[1]))
    if rec.trick or not rec.done:
        raise NotImplementedError("oracle_fifth: the fifth card must follow a complete trick")
    given: set[str] = set()
    for words in (*middle, *after):
        if [w.lower() for w in words[:2]] == ["director", "finds"] and len(words) == 3 and words[2].lower() in ("played", "led"):
            given.add(words[2].lower())
        else:
            raise NotImplementedError(f"oracle_fifth does not read {' '.join(words)!r}")
    seat, card = parse_seat(line[0]), parse_card(line[2])
    if card not in rec.hands[seat]:
        raise ValueError(f"{seat} does not hold {card}")
    trick = rec.done[-1]
    number = rec.trick_no - 1  # the complete trick
    winner = trick_winner(trick, rec.trumps)
    defender = rec.defender(seat)
    side = side_of(seat)
    partner = seat_after(seat, 2)
    base = {f"{number}:{s}": c for s, c in trick}

    options: list[tuple[str, str] | None] = [None]
    options += [("must lead", s) for s in SUITS] + [("must not lead", s) for s in SUITS]
    results: set[str] = set()
    for finding, answer, option in itertools.product(("played", "led"), (NONE, "stands", "goes back"), options):
        # 45E: the director's finding, when recorded, settles the fact
        if given and finding not in given:
            continue
        in_turn = finding == "led" and seat == winner
        out_of_turn = finding == "led" and seat != winner
        # only a lead out of turn is answered (53A, 55A, 56)
        if (answer == NONE) == out_of_turn:
            continue
        # 2017 53A: no acceptance at trick 13
        if out_of_turn and rec.edition == "2017" and number + 1 == 13 and answer == "stands":
            continue
        # 50D2: only after a refused defender's lead with his partner to lead, over its suit
        if option is not None and not (answer == "goes back" and defender and winner == partner and option[1] == card[0]):
            continue
        cards = dict(base)
        penalty: dict[tuple[str, str], str] = {}
        unauthorized: list[str] = []
        withdrawn: list[tuple[str, str]] = []
        restrictions: list[str] = []
        lead: str | None = winner
        if finding == "played":
            if defender:
                penalty[(seat, card)] = "major"  # 45E1, 50B (deliberate)
                unauthorized.append(f"{side}:{seat}:{card}")  # 50E2
            # 45E2: declarer's goes back, nothing more
        elif in_turn:
            # 44G: his lead stands; the trick under ruling is the complete one, whose winner
            # (he) is its next leader (docs/json-output.md ``lead``)
            cards[f"{number + 1}:{seat}"] = card
        elif answer == "stands":
            # 53A: the lead stands; the trick under ruling is now the one it leads, under way
            cards[f"{number + 1}:{seat}"] = card
            lead = None
        else:
            withdrawn.append((seat, card))
            unauthorized.append(f"{side}:{seat}:{card}")  # 16C2
            if defender:
                penalty[(seat, card)] = "major"  # 56 (54D)
                unauthorized.append(f"{side}:{seat}:{card}")  # 50E2: a penalty card too (kept when picked up)
                if option is not None:
                    restrictions.append(f"{winner} {option[0]} {option[1]}")
                    del penalty[(seat, card)]  # 50D2(a): picked up
        results.add(_key(cards, lead, penalty, unauthorized, withdrawn, [finding], restrictions))
    return results


# ----- 58 -------------------------------------------------------------------------------------------
def oracle_simultaneous(case: dict[str, Any]) -> set[str]:
    """Canonical JSON strings of every restoration of the record's simultaneous play (58)."""
    rec = _Record(case)
    before, line, middle, after = _lines(case, "simultaneous")
    for words in before:
        if len(words) != 2:
            raise NotImplementedError(f"oracle_simultaneous reads plain plays before the line, not {words}")
        rec.play(parse_seat(words[0]), parse_card(words[1]))
    if after:
        raise NotImplementedError("oracle_simultaneous reads no lines after attention")
    seat = parse_seat(line[0])
    i = [w.lower() for w in line].index("simultaneous")
    cards = [parse_card(w) for w in line[2:i]]
    rest = line[i + 1:]
    visible = cards
    if rest:
        if rest[0].lower() != "visible":
            raise NotImplementedError(f"oracle_simultaneous does not read {' '.join(line)!r}")
        visible = [parse_card(w) for w in rest[1:]]
    later = [(parse_seat(w[0]), parse_card(w[1])) for w in middle]
    if any(len(w) != 2 for w in middle):
        raise NotImplementedError("oracle_simultaneous reads plain plays between the line and attention")
    trick = list(rec.trick)
    number = rec.trick_no
    hand = set(rec.hands[seat])  # his hand before the line, every card of it included
    if any(c not in hand for c in cards):
        raise ValueError("a card played together is not in the hand")
    defender = rec.defender(seat)
    side = side_of(seat)
    partner = seat_after(seat, 2)
    led = trick[0][1][0] if trick else None

    def done(plays: list[tuple[str, str]]) -> tuple[dict[str, str], str | None]:
        out = {f"{number}:{s}": c for s, c in plays}
        return out, (trick_winner(plays, rec.trumps) if len(plays) == 4 else None)

    results: set[str] = set()
    if len(cards) == 1:
        card = cards[0]
        if not trick:
            raise NotImplementedError("oracle_simultaneous: a 58A card with the lead is not read")
        nxt = seat_after(trick[-1][0])
        if later:
            raise NotImplementedError("oracle_simultaneous: no plays after a 58A card")
        if seat == nxt:
            # 58A, 44B: in turn, it stands (62 when it fails to follow suit)
            results |= _corrected(rec, trick, seat, card, hand, {}, [], [], [], number)
            return results
        if not defender:
            # 57C3 (2007 57C2): declarer's premature card
            if card in _lawful(hand, led, {}):
                cards_, lead = done([*trick, (seat, card)])
                results.add(_key(cards_, lead, {}, [], []))
            else:
                cards_, lead = done(trick)
                results.add(_key(cards_, lead, {}, [f"{side}:{seat}:{card}"], [(seat, card)]))  # 47B, 16C2
            return results
        cards_, lead = done(trick)
        if partner not in {s for s, _ in trick}:
            # 57A: a major penalty card, then one of declarer's options over the partner
            assert led is not None
            choices = [f"{partner} must play highest {led}", f"{partner} must play lowest {led}"]
            choices += [f"{partner} must play {s}" for s in SUITS if s != led]
            choices += [f"{partner} must not play {s}" for s in SUITS if s != led]
            for choice in choices:
                results.add(_key(cards_, lead, {(seat, card): "major"}, [f"{side}:{seat}:{card}"] * 2, [(seat, card)],
                                 restrictions=[choice]))  # (16C2 and 50E2)
            return results
        if rec.edition == "2017" and card in _lawful(hand, led, {}):
            # 57D: played at his turn
            results.add(_key(cards_, lead, {}, [], [], restrictions=[f"{seat} must play {card}"]))
            return results
        # 57D (unlawful card) / 2007 50, 49: a major penalty card
        results.add(_key(cards_, lead, {(seat, card): "major"}, [f"{side}:{seat}:{card}"] * 2, [(seat, card)]))  # (16C2, 50E2)
        return results

    # 58B: several cards together
    for named in visible:
        others = [c for c in visible if c != named]
        penalty: dict[tuple[str, str], str] = {}
        unauthorized: list[str] = []
        if defender:
            for c in others:
                penalty[(seat, c)] = "major" if c[1] in HONOURS else "minor"  # 58B2, 50B
                unauthorized += [f"{side}:{seat}:{c}"] * 2  # 16C2 (played with the card named), 50E2
            penalty = _all_major_if_two(penalty)
        else:
            unauthorized += [f"{side}:{seat}:{c}" for c in others]  # 48A, 16C2
        results |= _corrected(rec, trick, seat, named, hand, penalty, unauthorized, later, [], number,
                              may_change=len(visible) >= 2)
    return results


def _corrected(rec: _Record, trick: list[tuple[str, str]], seat: str, card: str, hand: set[str],
               penalty: dict[tuple[str, str], str], unauthorized: list[str], later: list[tuple[str, str]],
               withdrawn: list[tuple[str, str]], number: int, *, may_change: bool = False) -> set[str]:
    """The card ``card`` played by ``seat`` to ``trick`` (his hand before it ``hand``, his
    penalty cards made so far ``penalty``), then the ``later`` plays to the same trick: a
    revoke corrected (62B, then 62C1/62C2 over the later plays), or the card stands and the
    opponents among the later players may change (58B3, when ``may_change``)."""
    led = trick[0][1][0] if trick else None
    side = side_of(seat)
    defender = rec.defender(seat)
    revoke = led is not None and card[0] != led and any(c[0] == led for c in hand)
    results: set[str] = set()
    substitutes = sorted(hand) if revoke else [card]
    later_hands = {s: set(rec.hands[s]) for s, _ in later}  # (their hands before their cards: rec.hands holds them)
    for sub in substitutes:
        pcs = dict(penalty)
        ledger = list(unauthorized)
        gone = list(withdrawn)
        if revoke:
            if sub == card:
                continue
            if defender:
                pcs[(seat, card)] = "major"  # 62B1
            pcs = _all_major_if_two(pcs)  # 50B, before he substitutes
            mine = {c: k for (s, c), k in pcs.items() if s == seat}
            if sub not in _lawful(hand - {card}, led, mine):
                continue
            pcs.pop((seat, sub), None)  # a penalty card played is no longer one
            gone.append((seat, card))
            ledger.append(f"{side}:{seat}:{card}")  # 16C2
            if defender:
                ledger.append(f"{side}:{seat}:{card}")  # 50E2: a penalty card too
        placed = [*trick, (seat, sub)]
        # the later players: keep, or change to any card following suit (58B3 / 62C1 / 62C2)
        choices = [[c, *sorted(x for x in later_hands[s] if x != c)] for s, c in later]
        for combo in itertools.product(*choices):
            plays = list(placed)
            pcs2 = dict(pcs)
            ledger2 = list(ledger)
            gone2 = list(gone)
            ok = True
            prev_changed, prev_seat = True, seat
            for (s, c), choice in zip(later, combo, strict=True):
                changed = choice != c
                if changed:
                    opponent = side_of(s) != side
                    if revoke:
                        # 62C1: an opponent may; 62C2: the partner only after the opponent before him changed
                        if not opponent and not (prev_changed and side_of(prev_seat) != side):
                            ok = False
                            break
                    elif not (may_change and opponent):
                        ok = False  # 58B3: only an opponent, only after a visible card went back
                        break
                    if choice not in _lawful(later_hands[s], led if led is not None else sub[0], {}):
                        ok = False
                        break
                    gone2.append((s, c))
                    ledger2.append(f"{side}:{s}:{c}")  # 16C2, the offender's side offending
                    if revoke and not opponent and rec.defender(s):
                        pcs2[(s, c)] = "major"  # 62C2
                        ledger2.append(f"{side}:{s}:{c}")  # 50E2: a penalty card too
                plays.append((s, choice))
                prev_changed, prev_seat = changed, s
            if not ok:
                continue
            cards = {f"{number}:{s}": c for s, c in plays}
            lead = trick_winner(plays, rec.trumps) if len(plays) == 4 else None
            results.add(_key(cards, lead, _all_major_if_two(pcs2), ledger2, gone2))
    return results
