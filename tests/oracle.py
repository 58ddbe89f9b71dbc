"""Brute-force oracle for revoke rulings (docs/revoke-rules.md), deliberately independent.

This module shares NO code with bridge-rulings: it imports nothing from `rulings`, `models`
or `solver`, only the standard library, and takes the case as the plain dict that
`yaml.safe_load` gives. It is a second, naive reading of docs/revoke-rules.md, used to
cross-check the graph solver. Each seat that may change gets as candidates every card
of its hand (the next-trick leader gets keep/withdraw); `itertools.product` forms every
combination, and each combination is kept or rejected by checking the clause
conditions literally. There is no search and no pruning.

Readings where the rules page is silent (see also the comments at the points of use):
* a card standing as played to the trick after the revoke trick is on the table, not in
  hand, so the player who led it cannot substitute it in the revoke trick;
* the card a player withdraws never counts toward his own penalty-card obligations for
  the substitute that replaces it;
* a withdrawn card that was already a penalty card goes back to being that penalty card
  (62B2 for the revoker; the same for a NOS player), except that an OS partner's
  withdrawn card becomes major (62C2);
* Law 50B, "when one defender has two or more penalty cards, all are major", holds at every
  moment: in the final position, and when a player who withdraws a card substitutes
  another, counting the withdrawn card with the penalty status it takes on (62B1, 62B2,
  62C2), so that e.g. a revoker's earlier minor penalty card turns major once his revoke
  card becomes a penalty card, before he chooses his substitute.
* the information ledger (``unauthorized``) lists each withdrawn card, unauthorized to the
  revoker's side (16C2), and each penalty card of the case's ``penalty`` field, unauthorized
  to its owner's side (50E2), in every restoration, once each: a penalty card that is also
  withdrawn (played as the revoke card, say) is listed twice, once as withdrawn and once as
  a penalty card; so is a card of the revoker's side its withdrawal makes a penalty card
  (62B1, 62C2: 16C2 and 50E2, both unauthorized to that side). A withdrawn card that was such a penalty card is unauthorized to its
  owner's side even when the revoker is of the other side (a non-offending defender
  changing the penalty card he played after declarer's revoke): 50E2 is the card's own
  rule, and declarer may use what he saw face up; its entry is the one it has from the
  start (one entry per card and law).
"""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter
from typing import Any

SEATS = "NESW"
RANKS = "23456789TJQKA"
HONOURS = frozenset("TJQKA")
KEEP, WITHDRAW = "keep", "withdraw"

Play = tuple[str, str]  # (seat, card)
Trick = list[Play]


def seat_after(seat: str, n: int = 1) -> str:
    return SEATS[(SEATS.index(seat) + n) % 4]


def side_of(seat: str) -> str:
    return "NS" if seat in "NS" else "EW"


def parse_seat(token: str) -> str:
    seat = token.strip().upper()
    if len(seat) != 1 or seat not in SEATS:
        raise ValueError(f"bad seat {token!r}")
    return seat


def parse_card(token: str) -> str:
    text = token.strip().upper().translate(str.maketrans("♠♥♦♣", "SHDC"))
    suit, rank = text[:1], text[1:].replace("10", "T")
    if suit not in "SHDC" or len(rank) != 1 or rank not in RANKS:
        raise ValueError(f"bad card {token!r}")
    return suit + rank


def parse_deal(deal: str) -> dict[str, set[str]]:
    first, colon, rest = deal.strip().partition(":")
    hands = rest.split()
    if not colon or len(hands) != 4:
        raise ValueError(f"bad deal {deal!r}")
    result: dict[str, set[str]] = {}
    for i, hand in enumerate(hands):
        holdings = hand.upper().replace("10", "T").split(".")
        if len(holdings) != 4:
            raise ValueError(f"bad hand {hand!r}")
        cards = {parse_card(suit + r) for suit, h in zip("SHDC", holdings, strict=True) for r in h if r != "-"}
        result[seat_after(parse_seat(first), i)] = cards
    return result


def parse_trumps(contract: str) -> str | None:
    m = re.fullmatch(r"([1-7])(NT|N|S|H|D|C)(X{0,2})", str(contract).strip().upper())
    if m is None:
        raise ValueError(f"bad contract {contract!r}")
    return None if m.group(2) in ("NT", "N") else m.group(2)


def trick_winner(trick: Trick, trumps: str | None) -> str:
    led = trick[0][1][0]

    def strength(play: Play) -> tuple[int, int]:
        suit, rank = play[1][0], play[1][1]
        return (2 if suit == trumps else 1 if suit == led else 0, RANKS.index(rank))

    return max(trick, key=strength)[0]


def all_major_if_two(penalties: dict[Play, str]) -> dict[Play, str]:
    """50B: when one defender has two or more penalty cards, all of them are major."""
    count = Counter(seat for seat, _ in penalties)
    return {(s, c): "major" if count[s] >= 2 else k for (s, c), k in penalties.items()}


def lawful_cards(hand: set[str], led: str, penalties: dict[str, str]) -> set[str]:
    """Cards of `hand` he may play to a trick whose led suit is `led` (44C, 50C, 50D1)."""
    follow = {c for c in hand if c[0] == led}
    legal = follow or set(hand)
    majors = {c for c in legal if penalties.get(c) == "major"}
    if majors:  # 50D1(a): a playable major penalty card must be played (51A: any of them)
        return majors
    minor_suits = {c[0] for c, kind in penalties.items() if kind == "minor"}
    # 50C: no other card below honour rank of a minor penalty card's suit before it
    return {c for c in legal
            if c[0] not in minor_suits or c[1] in HONOURS or penalties.get(c) == "minor"}


def parse_play(case: dict[str, Any], hands: dict[str, set[str]], trumps: str | None,
               leader: str) -> tuple[list[Trick], tuple[int, int]]:
    """Tricks as played up to the first `attention` line, and (trick index, position) of
    the first revoke."""
    hands = {s: set(h) for s, h in hands.items()}
    tricks: list[Trick] = [[]]
    revoke: tuple[int, int] | None = None
    for line in case["play"]:
        tokens = str(line).split()
        if len(tokens) == 2 and tokens[0].lower() == "attention":
            break
        if len(tokens) != 2 or len(tokens[0]) != 1 or tokens[0].upper() not in SEATS:
            raise NotImplementedError(f"oracle does not handle play line {line!r}")
        seat, card = parse_seat(tokens[0]), parse_card(tokens[1])
        trick = tricks[-1]
        expected = leader if not trick else seat_after(trick[-1][0])
        if seat != expected:
            raise NotImplementedError(f"oracle does not handle out-of-turn play {line!r}")
        if card not in hands[seat]:
            raise ValueError(f"{seat} does not hold {card}")
        if trick and revoke is None:
            led = trick[0][1][0]
            if card[0] != led and any(c[0] == led for c in hands[seat]):
                revoke = (len(tricks) - 1, len(trick))
        hands[seat].discard(card)
        trick.append((seat, card))
        if len(trick) == 4:
            leader = trick_winner(trick, trumps)
            tricks.append([])
    if not tricks[-1]:
        tricks.pop()
    if revoke is None:
        raise ValueError("no revoke in the play")
    return tricks, revoke


def canonical(established: bool, cards: dict[str, str], withdrawn: list[Play],
              penalties: dict[Play, str], side: str, lead: str | None, shown: list[Play]) -> str:
    # 16C: each withdrawn card is unauthorized to the offending side `side`, except one that
    # lay face up as a penalty card (`shown`): 50E2 makes it unauthorized to its owner's side
    # whichever side offended; 50E2: each penalty card on the table when the record starts
    # is unauthorized to its owner's side, whatever became of it since (played, withdrawn,
    # still faced)
    # (one entry per card and law: a non-offender's penalty card from the start, withdrawn, is
    # read under 50E alone, and that entry is the one from the start)
    unauthorized = [f"{side}:{s}:{c}" for s, c in withdrawn if (s, c) not in shown or side_of(s) == side]
    unauthorized += [f"{side_of(s)}:{s}:{c}" for s, c in shown]
    # 50E2 as well for a card of the offending side its withdrawal leaves a penalty card
    # (62B1, 62C2): a withdrawn play and a penalty card, one entry under each law (one that
    # was a penalty card from the start has its 50E entry already)
    unauthorized += [f"{side}:{s}:{c}" for s, c in withdrawn
                     if side_of(s) == side and (s, c) in penalties and (s, c) not in shown]
    obj = {
        "established": established,
        "cards": cards,
        "withdrawn": sorted(f"{s}:{c}" for s, c in withdrawn),
        "penalty": sorted(f"{s}:{c}:{k}" for (s, c), k in penalties.items()),
        "unauthorized": sorted(set(unauthorized)),
        "lead": lead,
    }
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


def case_start(case: dict) -> tuple[dict[str, set[str]], str | None, str, int]:
    """The deal, the trump suit, declarer and the first trick of a case mapping, as read."""
    return parse_deal(case["deal"]), parse_trumps(case["contract"]), parse_seat(case["declarer"]), int(case.get("trick", 1))


def oracle_restorations(case: dict) -> set[str]:
    """Return the canonical JSON strings of every legal restoration of the case's revoke ruling."""
    deal, trumps, declarer, first_trick = case_start(case)
    defenders = {seat_after(declarer, 1), seat_after(declarer, 3)}
    leader = parse_seat(case["leader"]) if case.get("leader") else seat_after(declarer)
    pcs0: dict[Play, str] = {}
    for text in case.get("penalty") or []:
        seat_t, card_t, kind = str(text).split()
        seat, card, kind = parse_seat(seat_t), parse_card(card_t), kind.lower()
        if seat not in defenders or card not in deal[seat] or kind not in ("major", "minor"):
            raise ValueError(f"bad penalty card {text!r}")
        pcs0[(seat, card)] = kind

    tricks, (rti, rpos) = parse_play(case, deal, trumps, leader)
    played_before = {c for t in tricks[:rti] for _, c in t}
    hand_at = {s: deal[s] - played_before for s in SEATS}  # hands as the revoke trick began
    revoke_trick, later = tricks[rti], tricks[rti + 1:]
    revoker, revoke_card = revoke_trick[rpos]
    offenders = {revoker, seat_after(revoker, 2)}
    side = side_of(revoker)
    led = revoke_trick[0][1][0]

    def key(index: int, seat: str) -> str:
        return f"{first_trick + index}:{seat}"

    def lead_of(trick: Trick) -> str | None:
        return trick_winner(trick, trumps) if len(trick) == 4 else None

    # 63A1: the offending side has played to a later trick -> established, nothing changes.
    if any(seat in offenders for t in later for seat, _ in t):
        cards = {key(rti + i, s): c for i, t in enumerate(tricks[rti:]) for s, c in t}
        all_played = {c for t in tricks for _, c in t}
        pcs = {sc: k for sc, k in pcs0.items() if sc[1] not in all_played}
        # who leads next: the winner of the last complete trick from the revoke trick on
        # (nobody once trick 13 is complete)
        complete = [t for t in tricks[rti:] if len(t) == 4]
        nxt = None
        for t in tricks[rti:]:
            if len(t) < 4:
                break
            nxt = t
        last_no = first_trick + rti + len(complete) - 1
        following = lead_of(nxt) if nxt is not None and last_no < 13 else None
        return {canonical(True, cards, [], all_major_if_two(pcs), side, following, list(pcs0))}

    # Not established: the trick after the revoke trick holds at most a NOS lead.
    assert len(later) <= 1 and all(len(t) == 1 for t in later)
    next_lead: Play | None = later[0][0] if later else None
    followers = revoke_trick[rpos + 1:]
    candidates: list[list[str]] = [sorted(hand_at[revoker])]
    candidates += [sorted(hand_at[seat]) for seat, _ in followers]
    candidates += [[KEEP, WITHDRAW]] if next_lead else []

    def own_penalties(seat: str, hand: set[str], withdrawn_card: str,
                      becomes: str | None) -> dict[str, str]:
        # His penalty cards still in hand, plus the card being withdrawn with the status it
        # takes on (`becomes`, None: back to the hand as an ordinary card), with 50B applied
        # to the lot; then the withdrawn card itself is not an obligation for its own
        # substitute (it could not be played back anyway), unless it was a penalty card
        # already when he played it: then it binds him as the penalty card it was, major
        # if he has another one (docs/decisions.md, restored_penalty_card_binds_substitute).
        mine = {(s, c): k for (s, c), k in pcs0.items() if s == seat and c in hand and c != withdrawn_card}
        others = bool(mine)
        if becomes is not None:
            mine[(seat, withdrawn_card)] = becomes
        out = {c: k for (_, c), k in all_major_if_two(mine).items() if c != withdrawn_card}
        if (seat, withdrawn_card) in pcs0:
            out[withdrawn_card] = "major" if others else pcs0[(seat, withdrawn_card)]
        return out

    results: set[str] = set()
    for combo in itertools.product(*candidates):
        substitute, follower_choices = combo[0], combo[1:1 + len(followers)]
        # 62A/62B: the revoker withdraws the revoke card and substitutes a lawful card.
        hand = hand_at[revoker]
        new_pcs: dict[Play, str] = {}
        if revoker in defenders and (revoker, revoke_card) not in pcs0:
            new_pcs[(revoker, revoke_card)] = "major"  # 62B1
        becomes = new_pcs.get((revoker, revoke_card), pcs0.get((revoker, revoke_card)))  # 62B1 / 62B2
        if substitute == revoke_card or substitute not in lawful_cards(
                hand, led, own_penalties(revoker, hand, revoke_card, becomes)):
            continue
        restored: Trick = [*revoke_trick[:rpos], (revoker, substitute)]
        withdrawn: list[Play] = [(revoker, revoke_card)]
        # 62C1/62C2/47D: the later cards of the revoke trick, in playing order.
        ok, previous_changed, previous_seat = True, True, revoker
        for (seat, card), choice in zip(followers, follower_choices, strict=True):
            changed = choice != card
            if changed:
                if seat in offenders and not (previous_changed and previous_seat not in offenders):
                    ok = False  # 62C2: OS may change only after the NOS player before him did
                    break
                # A card he has led to the next trick is on the table, not in his hand.
                hand = hand_at[seat] - ({next_lead[1]} if next_lead and next_lead[0] == seat else set())
                # 62C2 with 50B: major; 62C1: no penalty card, but an old one stays one (and
                # under 62C2 too: it goes back as the penalty card it was, of its kind)
                was = pcs0.get((seat, card))
                becomes = "major" if seat in offenders and seat in defenders and was is None else was
                if choice not in lawful_cards(hand, led, own_penalties(seat, hand, card, becomes)):
                    ok = False
                    break
                withdrawn.append((seat, card))
                if seat in offenders and seat in defenders and was is None:
                    new_pcs[(seat, card)] = "major"
            restored.append((seat, choice))
            previous_changed, previous_seat = changed, seat
        if not ok:
            continue
        lead = lead_of(restored)
        cards = {key(rti, s): c for s, c in restored}
        if next_lead is not None:
            lead_seat, lead_card = next_lead
            if combo[-1] == KEEP:
                if lead != lead_seat:
                    continue  # 44G: forced withdrawal, only the WITHDRAW branch survives
                cards[key(rti + 1, lead_seat)] = lead_card
            else:
                withdrawn.append(next_lead)  # 62C1: back to hand, no penalty card
        standing = set(cards.values()) | played_before
        pcs = {sc: k for sc, k in pcs0.items() if sc[1] not in standing}
        pcs.update(new_pcs)
        results.add(canonical(False, cards, withdrawn, all_major_if_two(pcs), side, lead, list(pcs0)))
    return results


# ----- Law 45D1 (dummy placed a card declarer did not call) -------------------------------------
def oracle_45d1(case: dict) -> set[str]:
    """Canonical JSON strings of every restoration of a Law 45D1 ruling, by brute force.

    A second, naive reading of docs/dummy-misplay-rules.md (the in-time case only). The
    record holds plain plays, one ``<declarer> calls <card>`` naming a card dummy holds,
    immediately followed by dummy placing another card, and ``attention``. Every player who
    played after the error to the same trick gets as candidates every card of his hand as
    the trick began (a card he has led to the next trick among them: he held it then); the
    leader of the next trick gets keep/withdraw. Each combination is kept or rejected by the
    clause conditions:

    * dummy's card is replaced by the called card (always);
    * a card that is lawful in the corrected trick may be kept; a card that no longer follows
      suit (its owner holds the suit now led) must be replaced (the project's reading of
      DIGEST 32.12(a));
    * a substitute must follow suit to the corrected trick when able, and differ from the card;
      following suit is judged on the hand as the trick began, a card its owner has led to
      the next trick included; that lead stands on the table and may be played to the
      corrected trick only when it is its owner's one card of the suit now led;
    * a player who plays his lead to the next trick into the corrected trick takes that lead
      back (listed as withdrawn, unauthorized to declarer's side when a defender's): the next
      trick then has no card (its keep/withdraw choice must be withdraw, counted once);
    * a defender may change freely; declarer may change a lawful card only if his right-hand
      opponent changed his;
    * the lead to the next trick is withdrawn when its leader did not win the corrected trick
      (44G); otherwise a defender may keep or withdraw it and declarer's side must keep it;
    * no penalty cards; every withdrawn card except dummy's is unauthorized to declarer's side.
    """
    if case.get("penalty"):
        raise NotImplementedError("oracle_45d1 handles no penalty cards in force at the start")
    deal, trumps, declarer, first_trick = case_start(case)
    dummy = seat_after(declarer, 2)
    ns_side = side_of(declarer)
    hands = {s: set(h) for s, h in deal.items()}
    tricks: list[Trick] = [[]]
    hand_at_start: list[dict[str, set[str]]] = [{s: set(h) for s, h in hands.items()}]
    called: str | None = None
    error: tuple[int, int, str] | None = None  # (trick index, position, called card)
    for line in case["play"]:
        tokens = str(line).split()
        if tokens[0].lower() == "attention":
            break
        if len(tokens) == 3 and tokens[1].lower() == "calls":
            called = parse_card(tokens[2])
            continue
        seat, card = parse_seat(tokens[0]), parse_card(tokens[1])
        trick = tricks[-1]
        if called is not None:
            if seat != dummy or card == called:
                raise NotImplementedError("oracle handles only a call followed by dummy placing another card")
            error = (len(tricks) - 1, len(trick), called)
            called = None
        hands[seat].discard(card)
        trick.append((seat, card))
        if len(trick) == 4:
            tricks.append([])
            hand_at_start.append({s: set(h) for s, h in hands.items()})
    if not tricks[-1]:
        tricks.pop()
    if error is None:
        raise ValueError("no misplay by dummy in the play")
    ti, pos, designated = error
    trick = tricks[ti]
    following = tricks[ti + 1] if ti + 1 < len(tricks) else []
    assert len(following) <= 1, "45D1 in time: at most the lead to the next trick"
    fixed: Trick = [*trick[:pos], (dummy, designated)]
    followers = trick[pos + 1:]
    next_lead = following[0] if following else None
    led = fixed[0][1][0]

    def hand_of(seat: str) -> set[str]:
        return set(hand_at_start[ti][seat])

    def lawful(seat: str, card: str) -> bool:
        h = hand_of(seat)
        if not (card in h and (card[0] == led or not any(c[0] == led for c in h))):
            return False
        if next_lead is not None and next_lead == (seat, card):  # his lead: only as his one card of the suit
            return card[0] == led and not any(c[0] == led for c in h - {card})
        return True

    # Dummy may have led the called card itself to the next trick: that lead must go back.
    dummy_led_called = next_lead == (dummy, designated)
    lead_choices = [WITHDRAW] if dummy_led_called else [KEEP, WITHDRAW]
    candidates = [sorted(hand_of(s)) for s, _ in followers] + ([lead_choices] if next_lead else [])
    results: set[str] = set()
    for combo in itertools.product(*candidates):
        restored = list(fixed)
        withdrawn: list[Play] = [(dummy, trick[pos][1])]
        ui: list[Play] = []
        changed: set[str] = set()
        ok = True
        for (seat, card), choice in zip(followers, combo, strict=False):
            if choice == card:
                if not lawful(seat, card):
                    ok = False  # must be replaced: it no longer follows suit
                    break
            else:
                if not lawful(seat, choice):
                    ok = False
                    break
                if seat == declarer and lawful(seat, card) and seat_after(declarer, 3) not in changed:
                    ok = False  # declarer only after his RHO changed
                    break
                changed.add(seat)
                withdrawn.append((seat, card))
                ui.append((seat, card))
            restored.append((seat, choice))
        if not ok:
            continue
        lead = trick_winner(restored, trumps) if len(restored) == 4 else None
        cards = {f"{first_trick + ti}:{s}": c for s, c in restored}
        if next_lead is not None and next_lead in restored[len(fixed):]:  # a follower's lead played here instead
            if combo[-1] != WITHDRAW:
                continue
            withdrawn.append(next_lead)
            ui.append(next_lead)
        elif next_lead is not None:
            lead_seat, lead_card = next_lead
            choice = combo[-1]
            if lead != lead_seat and choice == KEEP:
                continue
            if lead == lead_seat and choice == WITHDRAW and side_of(lead_seat) == ns_side and not dummy_led_called:
                continue
            if choice == KEEP:
                cards[f"{first_trick + ti + 1}:{lead_seat}"] = lead_card
            else:
                withdrawn.append(next_lead)
                if lead_seat != dummy:  # dummy's cards are faced: no information
                    ui.append(next_lead)
        obj = {
            "established": False,
            "cards": cards,
            "withdrawn": sorted(f"{s}:{c}" for s, c in withdrawn),
            "penalty": [],
            "unauthorized": sorted({f"{ns_side}:{s}:{c}" for s, c in ui}),
            "lead": lead,
        }
        results.add(json.dumps(obj, sort_keys=True, separators=(",", ":")))
    return results


# ----- Law 45D2 (dummy's wrong card found too late; 2007 45D silent) ----------------------------
def oracle_45d2(case: dict, designated_card_counts: bool = False) -> set[str]:
    """Canonical JSON strings of the ruling on a card dummy placed for another that declarer
    called, attention drawn only after each side has played to the next trick, by brute force.

    A second, naive reading of docs/dummy-misplay-rules.md ("Too late") and docs/decisions.md
    (``misplay_too_late_designated_card_counts``). The record holds plain plays in turn, one
    ``<declarer> calls <card>`` naming a card dummy holds, immediately followed by dummy
    placing another card, plays to the next trick by both sides, and ``attention``. It is
    replayed card by card, and every card of every trick from the misplayed one on is tested
    against the hand its player held at that moment. The reading, clause by clause (ids of
    /work/shared/laws/clauses.tsv):

    * **45D1 window (2017; 2007 45D)**: the correction is open until each side has played to
      the trick after the misplayed one; this oracle reads only records where both have
      (otherwise ``ValueError``).
    * **45D2 (2017)**: once too late, the card dummy placed stands and play is not altered:
      nothing is withdrawn, no card becomes a penalty card, nothing enters the 16C ledger,
      and the winner of the last complete trick as placed leads (nobody after trick 13).
      A failure to follow suit on the misplayed trick is a revoke (61A, 44C), judged on the
      cards as placed: the suit led is that of the first card on the table (dummy's wrong card
      when dummy led). So dummy revokes when his wrong card is not of the suit led while he
      held it; a later player revokes when he did not follow the suit led while holding it,
      among them one who followed the suit of the card declarer called (not on the table)
      while holding the suit of dummy's actual card; one who held none of the suit led has
      not revoked whatever he played. Each such revoke is established (63A1: the revoker's
      side has played to the next trick; 63B: it is not corrected); the trick adjustment
      (64A, 64B3 for dummy's revoke, 64B7, 64C1) is not part of the ruling.
    * **2007 45D**: silent once too late; the cards stand as above. With the switch
      ``misplay_too_late_designated_card_counts`` off (the default), revokes are judged on the
      cards as placed, exactly as under 45D2. With it on, the card declarer named counts as
      dummy's card played (45C4(a)): dummy's wrong card is no play of his and cannot revoke;
      the suit led is the named card's when dummy led, else the first card's; each player
      after dummy who did not follow that suit while holding it has revoked, established
      (61A, 63A1, 63B). The cards on the table and the next leader are still as placed (play
      is not altered). The switch has no effect on the 2017 rule set (45D2 governs).
    * Players before dummy on the misplayed trick are judged as anywhere else (the suit led
      is the same either way).

    Scope: no penalty cards at the start, no failure to follow suit on the next trick (the
    revoke rules would rule it, not established), and, with the switch on, a named card that
    follows suit (``NotImplementedError`` otherwise).
    """
    if case.get("penalty"):
        raise NotImplementedError("oracle_45d2 handles no penalty cards in force at the start")
    deal, trumps, declarer, first_trick = case_start(case)
    dummy = seat_after(declarer, 2)
    leader = parse_seat(case["leader"]) if case.get("leader") else seat_after(declarer)
    counts = designated_card_counts and int(case.get("laws", 2017)) == 2007
    hands = {s: set(h) for s, h in deal.items()}
    tricks: list[Trick] = [[]]
    held: list[list[set[str]]] = [[]]  # per trick, the hand of each player as he played
    called: str | None = None
    error: tuple[int, int, str, str] | None = None  # (trick index, position, called, placed)
    for line in case["play"]:
        tokens = str(line).split()
        if tokens[0].lower() == "attention":
            break
        if len(tokens) == 3 and tokens[1].lower() == "calls":
            if parse_seat(tokens[0]) != declarer:
                raise NotImplementedError(f"oracle_45d2 reads only declarer's call: {line!r}")
            called = parse_card(tokens[2])
            continue
        if len(tokens) != 2:
            raise NotImplementedError(f"oracle_45d2 does not read {line!r}")
        seat, card = parse_seat(tokens[0]), parse_card(tokens[1])
        trick = tricks[-1]
        if seat != (leader if not trick else seat_after(trick[-1][0])):
            raise NotImplementedError(f"oracle_45d2 does not read out-of-turn play {line!r}")
        if called is not None:
            if seat != dummy or card == called or called not in hands[dummy]:
                raise NotImplementedError("oracle_45d2 reads only a call of a card dummy holds, then another card")
            error = (len(tricks) - 1, len(trick), called, card)
            called = None
        if card not in hands[seat]:
            raise ValueError(f"{seat} does not hold {card}")
        held[-1].append(set(hands[seat]))
        hands[seat].discard(card)
        trick.append((seat, card))
        if len(trick) == 4:
            leader = trick_winner(trick, trumps)
            tricks.append([])
            held.append([])
    if not tricks[-1]:
        tricks.pop()
    if error is None:
        raise ValueError("no misplay by dummy in the play")
    ti, pos, named, _placed = error
    following = tricks[ti + 1] if ti + 1 < len(tricks) else []
    if len({side_of(s) for s, _ in following}) < 2:
        raise ValueError("45D1 still applies: a side has not played to the next trick")

    def revokes(index: int, led: str, skip: int | None = None) -> list[Play]:
        """Plays of trick ``index`` not of suit ``led`` by a player who held it (44C, 61A)."""
        out: list[Play] = []
        for k, (seat, card) in enumerate(tricks[index]):
            if k == 0 or k == skip:
                continue
            if card[0] != led and any(c[0] == led for c in held[index][k]):
                out.append((seat, card))
        return out

    trick = tricks[ti]
    if counts and pos > 0 and named[0] != trick[0][1][0] and any(c[0] == trick[0][1][0] for c in held[ti][pos]):
        raise NotImplementedError("oracle_45d2 reads no named card that fails to follow suit")
    # switch on: the named card is dummy's play, his wrong card none (skipped); off: as
    # placed (a leader cannot fail to follow: the first card is skipped)
    found = revokes(ti, named[0] if pos == 0 else trick[0][1][0], skip=pos) if counts else revokes(ti, trick[0][1][0])
    for index in range(ti + 1, len(tricks)):
        if revokes(index, tricks[index][0][1][0]):
            raise NotImplementedError("oracle_45d2 reads no failure to follow suit after the misplayed trick")
    cards = {f"{first_trick + i}:{s}": c for i, t in enumerate(tricks[ti:]) for s, c in t}
    complete = [i for i in range(ti, len(tricks)) if len(tricks[i]) == 4]
    last = complete[-1] if complete else None
    lead = None if last is None or first_trick + last == 13 else trick_winner(tricks[last], trumps)
    obj = {
        "established": bool(found),
        "cards": cards,
        "withdrawn": [],
        "penalty": [],
        "unauthorized": [],
        "lead": lead,
    }
    return {json.dumps(obj, sort_keys=True, separators=(",", ":"))}
