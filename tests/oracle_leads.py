"""Brute-force oracle for a lead out of turn (Laws 53-56, with 50 and 16C), deliberately naive.

It shares no code with the solver: it imports nothing from ``rulings``, ``models`` or
``solver``, only the standard library and the tiny parse helpers of tests/oracle.py (itself
independent), and takes the case as the plain dict ``yaml.safe_load`` gives. It reads the
``play`` lines itself, finds the one card led by a player not entitled to lead, and then
enumerates EVERY combination of what the table may do with that card (it stands as the lead,
it stands and declarer spreads, it goes back) and of every lead restriction declarer might
name (require or forbid each of the four suits, or none): 3 x 9 combinations, each kept or
rejected by the clause conditions below, written out one by one. There is no search and no
shortcut: a combination the Laws do not allow is rejected by a condition, never left out.

The reading, clause by clause (ids of /work/shared/laws/clauses.tsv, 2017 numbering):

* 44G, 41: the player entitled to lead a trick is the winner of the trick before (at trick
  1, declarer's left-hand opponent; a record starting later names him in ``leader``). A
  card that starts a trick from anyone else is a lead out of turn; the record ends with it,
  ``attention`` and at most a few statement lines.
* 54E: at trick 1, a card faced by declarer or dummy is no lead and cannot be accepted: it
  goes back to its hand. It is no penalty card (48A) and, being no play but a card of the
  declaring side exposed before play (Law 24, outside the digest), it is not a withdrawn
  play of 16C either: the information ledger stays empty (the project's reading,
  docs/leads-rules.md "Opening lead by the declaring side"). Statements after it settle
  nothing.
* 53A, 56, 55A: any other lead out of turn may be accepted (the card stands as the lead of
  the trick; nobody leads yet, the trick being under way) or not (the card goes back and
  the correct hand leads). Declarer decides for a defender's lead (56); either defender
  for declarer's, from either hand (55A, the two hands of declarer alike: 55B1 and 55B2
  leave the same position, the correct hand to lead).
* 53A (2017 only): no acceptance at trick 13; the 2007 53A has no such limit.
* 54 (trick 1, a defender's faced opening lead): declarer may accept (54B), accept and
  spread his hand, his partner becoming declarer (54A: the position records
  ``declarer <partner> (54A)``), or refuse (54D). 54C: with the director's finding
  ``saw_dummy`` declarer must accept (54B), neither spreading nor refusing.
* 54D, 56, 50B: a defender's refused lead goes back as a MAJOR penalty card (a deliberate
  play); 48A: declarer's or dummy's refused lead is never a penalty card.
* 50D2: when the refused card's owner is a defender and his partner is the correct leader,
  declarer requires the lead of the penalty card's suit or forbids it (50D2(a): the card is
  picked up, no longer a penalty card, and the position records ``<leader> must lead X`` or
  ``<leader> must not lead X``) or does neither (50D2(b): the card stays a major penalty
  card). Only the penalty card's suit may be named; with the declaring side to lead there is
  no restriction at all.
* 16C2 (2007 16D): a refused lead (a withdrawn play) is listed once, unauthorized to the
  offender's side, whichever 50D2 option follows (a picked-up card was still seen).
* Statements (docs/leads-rules.md, docs/decisions.md): ``<seat> accepts`` / ``refuses`` by
  a player entitled to choose settles the choice (``accepts`` is 54B, not 54A: 54A is the
  ``<declarer> spreads`` line); by anyone else, or where no such choice remains (2017
  trick 13, 54C), it settles nothing. ``<declarer> requires X`` / ``forbids X`` /
  ``leaves`` settles the 50D2 option and with it the refusal (only a refused lead leads to
  that choice), where that option exists; naming another suit, or where no 50D2 choice
  follows the refusal (the declaring side to lead, declarer's own lead), it settles nothing.

The canonical key is the one of ``Restoration.key()`` (docs/json-output.md): the cards
standing from the trick of the lead on, established (always false here), the next leader
(null while the trick is under way), penalty cards, restrictions (only when any), the
ledger and the withdrawn cards.
"""

from __future__ import annotations

import itertools
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from oracle import SEATS, parse_card, parse_deal, parse_seat, parse_trumps, seat_after, side_of, trick_winner

SUITS = "SHDC"
STANDS, SPREADS, GOES_BACK = "stands", "spreads", "goes back"


def _play_lines(case: dict[str, Any]) -> tuple[list[tuple[str, str]], list[list[str]]]:
    """The play lines before ``attention`` as (seat, card), and the lines after it as words."""
    plays: list[tuple[str, str]] = []
    after: list[list[str]] = []
    seen_attention = False
    for line in case["play"]:
        words = str(line).split()
        if words and words[0].lower() == "attention":
            seen_attention = True
            continue
        if seen_attention:
            after.append(words)
            continue
        if len(words) != 2 or words[0].upper() not in SEATS:
            raise NotImplementedError(f"oracle_leads reads only plain plays before attention, not {line!r}")
        plays.append((parse_seat(words[0]), parse_card(words[1])))
    if not seen_attention:
        raise ValueError("no attention line")
    return plays, after


def oracle_leads(case: dict[str, Any]) -> set[str]:
    """Canonical JSON strings of every restoration of the lead out of turn the record ends with."""
    if case.get("penalty"):
        raise NotImplementedError("oracle_leads handles no penalty cards in force at the start")
    edition = str(case.get("laws", 2017))
    hands = parse_deal(case["deal"])
    trumps = parse_trumps(case["contract"])
    declarer = parse_seat(case["declarer"])
    dummy = seat_after(declarer, 2)
    declaring = side_of(declarer)
    trick_no = int(case.get("trick", 1))
    entitled = parse_seat(case["leader"]) if case.get("leader") else seat_after(declarer)
    plays, after = _play_lines(case)

    # Replay in turn; the first card not from the player whose turn it is must lead a trick.
    trick: list[tuple[str, str]] = []
    irregular: tuple[str, str] | None = None
    for k, (seat, card) in enumerate(plays):
        turn = entitled if not trick else seat_after(trick[-1][0])
        if card not in hands[seat]:
            raise ValueError(f"{seat} does not hold {card}")
        if seat != turn:
            if trick or k != len(plays) - 1:
                raise NotImplementedError("oracle_leads handles one lead out of turn, the record's last card")
            irregular = (seat, card)
            break
        hands[seat].discard(card)
        trick.append((seat, card))
        if len(trick) == 4:
            entitled = trick_winner(trick, trumps)
            trick_no += 1
            trick = []
    if irregular is None:
        raise ValueError("no lead out of turn in the record")
    offender, card = irregular
    os_side = side_of(offender)
    defender = os_side != declaring
    partner_leads = defender and entitled == seat_after(offender, 2)

    # Who may choose whether the card stands (56: declarer; 55A: either defender).
    choosers = {declarer} if defender else {s for s in SEATS if side_of(s) != declaring}
    not_a_lead = trick_no == 1 and not defender  # 54E
    no_acceptance = edition == "2017" and trick_no >= 13  # 2017 53A
    # 54C: the director finds declarer could have seen dummy's cards (a faced opening lead)
    must_accept = trick_no == 1 and defender and any(w[:3] == ["director", "finds", "saw_dummy"] for w in after)
    settled_answer: set[str] | None = None
    settled_option: tuple[str, str] | str | None = "unsettled"
    for w in after:
        if w[:3] == ["director", "finds", "saw_dummy"]:
            continue
        if len(w) < 2 or w[0].upper() not in SEATS:
            raise NotImplementedError(f"oracle_leads does not read {' '.join(w)!r}")
        who, verb = parse_seat(w[0]), w[1].lower()
        barred = not_a_lead or must_accept or no_acceptance
        if verb in ("accepts", "refuses") and len(w) == 2:
            if who in choosers and not barred:
                settled_answer = {STANDS} if verb == "accepts" else {GOES_BACK}
        elif verb == "spreads" and len(w) == 2:
            if who == declarer and trick_no == 1 and defender and not must_accept:
                settled_answer = {SPREADS}
        elif verb in ("requires", "forbids", "leaves"):
            option: tuple[str, str] | None = None
            if verb != "leaves":
                if len(w) != 3:
                    raise NotImplementedError(f"oracle_leads does not read {' '.join(w)!r}")
                option = ("must lead" if verb == "requires" else "must not lead", w[2].upper())
            elif len(w) != 2:
                raise NotImplementedError(f"oracle_leads does not read {' '.join(w)!r}")
            offered = who == declarer and partner_leads and not must_accept and (option is None or option[1] == card[0])
            if offered:
                settled_option = option
                if settled_answer is None:
                    settled_answer = {GOES_BACK}
        else:
            raise NotImplementedError(f"oracle_leads does not read {' '.join(w)!r}")

    restrictions: list[tuple[str, str] | None] = [None]
    restrictions += [(verb, suit) for verb in ("must lead", "must not lead") for suit in SUITS]
    results: set[str] = set()
    for answer, restriction in itertools.product((STANDS, SPREADS, GOES_BACK), restrictions):
        # 54E: not a lead, it goes back
        if not_a_lead and answer != GOES_BACK:
            continue
        # 2017 53A: no acceptance at trick 13
        if no_acceptance and answer != GOES_BACK:
            continue
        # 54A: only for a faced opening lead by a defender
        if answer == SPREADS and not (trick_no == 1 and defender):
            continue
        # 54C: declarer who could have seen dummy must accept (54B)
        if must_accept and answer != STANDS:
            continue
        # a statement of the player entitled to choose
        if settled_answer is not None and answer not in settled_answer:
            continue
        # 50D2: a restriction only after a refused defender's lead with his partner to lead,
        # and only in the penalty card's suit
        has_choice = answer == GOES_BACK and partner_leads
        if restriction is not None and not (has_choice and restriction[1] == card[0]):
            continue
        if has_choice and settled_option != "unsettled" and restriction != settled_option:
            continue

        cards: dict[str, str] = {}
        withdrawn: list[str] = []
        penalty: list[str] = []
        unauthorized: list[str] = []
        notes: list[str] = []
        lead: str | None = None
        if answer in (STANDS, SPREADS):
            cards[f"{trick_no}:{offender}"] = card
            if answer == SPREADS:
                notes.append(f"declarer {dummy} (54A)")
        else:
            lead = entitled
            withdrawn.append(f"{offender}:{card}")
            if not not_a_lead:
                unauthorized.append(f"{os_side}:{offender}:{card}")  # 16C2
            if defender:
                if restriction is None:
                    penalty.append(f"{offender}:{card}:major")  # 54D / 56, 50B (50D2(b))
                else:
                    notes.append(f"{entitled} {restriction[0]} {restriction[1]}")  # 50D2(a)
        obj: dict[str, Any] = {
            "cards": cards,
            "established": False,
            "lead": lead,
            "penalty": sorted(penalty),
            "unauthorized": sorted(unauthorized),
            "withdrawn": sorted(withdrawn),
        }
        if notes:
            obj["restrictions"] = sorted(notes)
        results.add(json.dumps(obj, sort_keys=True, separators=(",", ":")))
    return results
