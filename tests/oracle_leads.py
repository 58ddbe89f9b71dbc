"""Brute-force oracle for a lead out of turn (Laws 53-56, with 50 and 16C), deliberately naive.

It shares no code with the solver: it imports nothing from ``rulings``, ``models`` or
``solver``, only the standard library and the tiny parse helpers of tests/oracle.py (itself
independent), and takes the case as the plain dict ``yaml.safe_load`` gives. It reads the
``play`` lines itself, finds the one card led by a player not entitled to lead, and then
enumerates EVERY combination of what the table may do with that card (it stands as the lead,
it stands and declarer spreads, it goes back), of every lead restriction declarer might name
(require one of the four suits, forbid any set of them, or neither) and of every card of the
offender's hand that might replace an accepted lead (or none): 3 x 20 x 14 combinations at
most, each kept or rejected by the clause conditions below, written out one by one. There is
no search and no shortcut: a combination the Laws do not allow is rejected by a condition,
never left out.

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
  ``saw_dummy`` declarer must accept (54B), neither spreading nor refusing. With the finding
  ``began_to_spread`` (and not ``saw_dummy``) he must spread (54A), neither accepting nor
  refusing.
* 54D, 56, 50B: a defender's refused lead goes back as a MAJOR penalty card (a deliberate
  play); 48A: declarer's or dummy's refused lead is never a penalty card.
* 50D2: when the refused card's owner is a defender and his partner is the correct leader,
  declarer requires the lead of the penalty card's suit or forbids it (50D2(a): the card is
  picked up, no longer a penalty card, and the position records ``<leader> must lead X`` or
  ``<leader> must not lead X``) or does neither (50D2(b): the card stays a major penalty
  card). Only the penalty card's suit may be named; with the declaring side to lead there is
  no restriction at all.
* 16C2 (2007 16D): a refused lead (a withdrawn play) is listed, unauthorized to the
  offender's side, whichever 50D2 option follows (a picked-up card was still seen); a
  defender's, a major penalty card, is listed under 50E2 too (the same side): one entry per
  law, so a penalty card of the ``penalty`` field led and refused adds only the 16C one.

Penalty cards in force when the record starts (the case's ``penalty`` field):

* 50E2: each is listed in every restoration, unauthorized to its owner's side, whatever
  became of it (played in the trick before, led, picked up), once.
* A penalty card played (in the trick before, or led out of turn and accepted) is no longer
  one; one led out of turn and refused goes back as a major penalty card.
* 50B: when the refused card gives a defender two or more penalty cards, all of them become
  major, and they stay major when some are later picked up (50D2(a), 51B); no law turns a
  major penalty card back into a minor one (docs/decisions.md, "Exposed, extra and penalty
  cards": those left keep their kind). A card turned major so
  obliged its owner as a minor card before (his earlier plays are not judged again).
* 51B1, 51B2 (with 50D2 for one card): after the refusal, with the offender's partner to
  lead, declarer requires one suit in which the offender has a penalty card (those of that
  suit are picked up), forbids one or more such suits (those of the forbidden suits are
  picked up; ``<leader> must not lead X`` for each), or neither (all stay).
* 50D1(a), 50C, 52: an ACCEPTED lead out of turn is a lead, and it may break a penalty card
  of its leader's: with a major one he had to lead a major one (any of them), with a minor
  one he may not lead a lower card of its suit below honour rank. Then declarer accepts the
  card (52B1(a): it stands, the penalty cards stay, 52B1(c)) or has a due penalty card led in
  its place, choosing among several (52B2, 51A): the card led goes back as a major penalty
  card (52B2), listed as withdrawn and unauthorized to the offender's side under both laws
  (16C2 and 50E2, one entry each).
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
from oracle import HONOURS, SEATS, parse_card, parse_deal, parse_seat, parse_trumps, seat_after, side_of, trick_winner

SUITS = "SHDC"
STANDS, SPREADS, GOES_BACK = "stands", "spreads", "goes back"
#: a lead option of 50D2/51B: (``must lead`` or ``must not lead``, the suits), None for neither
Option = tuple[str, tuple[str, ...]] | None


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
    edition = str(case.get("laws", 2017))
    hands = parse_deal(case["deal"])
    trumps = parse_trumps(case["contract"])
    declarer = parse_seat(case["declarer"])
    dummy = seat_after(declarer, 2)
    declaring = side_of(declarer)
    trick_no = int(case.get("trick", 1))
    entitled = parse_seat(case["leader"]) if case.get("leader") else seat_after(declarer)
    plays, after = _play_lines(case)
    pcs0: dict[tuple[str, str], str] = {}
    for text in case.get("penalty") or []:
        seat_t, card_t, kind = str(text).split()
        pcs0[(parse_seat(seat_t), parse_card(card_t))] = kind.lower()
    shown = sorted(f"{side_of(s)}:{s}:{c}" for s, c in pcs0)  # 50E2, in every restoration

    # Replay in turn; the first card not from the player whose turn it is must lead a trick.
    trick: list[tuple[str, str]] = []
    irregular: tuple[str, str] | None = None
    played: set[str] = set()
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
        played.add(card)
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
    # the penalty cards on the table when the lead out of turn is made (a card played is none)
    pcs = {sc: k for sc, k in pcs0.items() if sc[1] not in played}
    mine = {c: k for (s, c), k in pcs.items() if s == offender}

    # Who may choose whether the card stands (56: declarer; 55A: either defender).
    choosers = {declarer} if defender else {s for s in SEATS if side_of(s) != declaring}
    not_a_lead = trick_no == 1 and not defender  # 54E
    no_acceptance = edition == "2017" and trick_no >= 13  # 2017 53A
    # 54C: the director finds declarer could have seen dummy's cards (a faced opening lead)
    must_accept = trick_no == 1 and defender and any(w[:3] == ["director", "finds", "saw_dummy"] for w in after)
    # 54A: the director finds declarer began to spread his hand (exposing a card): he must
    # spread it all, unless 54C leaves him no spread (the project's decision)
    must_spread = (trick_no == 1 and defender and not must_accept
                   and any(w[:3] == ["director", "finds", "began_to_spread"] for w in after))
    # 50D1(a), 50C, 52: a lead, once accepted, that a penalty card in force forbade: a major
    # one was due (any of them: declarer designates among several, 51A), or a minor one barred
    # a lower card of its suit
    majors = sorted(c for c, k in mine.items() if k == "major")
    if majors:
        broke = card not in majors
        due = majors
    else:
        minors = [c for c, k in mine.items() if k == "minor"]
        broke = any(card[0] == m[0] and card[1] not in HONOURS and card != m for m in minors)
        due = [m for m in minors if m[0] == card[0]]
    # the offender's penalty cards once the refused card goes back as a major one (54D, 56),
    # all major when two or more (50B)
    refused_pcs = {c for c in mine} | {card}
    pc_suits = sorted({c[0] for c in refused_pcs}, key=SUITS.index)

    settled_answer: set[str] | None = None
    settled_option: Option | str = "unsettled"
    for w in after:
        if w[:3] in (["director", "finds", "saw_dummy"], ["director", "finds", "began_to_spread"]):
            continue
        if len(w) < 2 or w[0].upper() not in SEATS:
            raise NotImplementedError(f"oracle_leads does not read {' '.join(w)!r}")
        who, verb = parse_seat(w[0]), w[1].lower()
        barred = not_a_lead or must_accept or no_acceptance or must_spread
        if verb in ("accepts", "refuses") and len(w) == 2:
            if who in choosers and not barred:
                settled_answer = {STANDS} if verb == "accepts" else {GOES_BACK}
        elif verb == "spreads" and len(w) == 2:
            if who == declarer and trick_no == 1 and defender and not must_accept:
                settled_answer = {SPREADS}
        elif verb in ("requires", "forbids", "leaves"):
            option: Option = None
            if verb != "leaves":
                if len(w) != 3:
                    raise NotImplementedError(f"oracle_leads does not read {' '.join(w)!r}")
                option = ("must lead" if verb == "requires" else "must not lead", (w[2].upper(),))
            elif len(w) != 2:
                raise NotImplementedError(f"oracle_leads does not read {' '.join(w)!r}")
            offered = who == declarer and partner_leads and not must_accept and not must_spread and (option is None or option[1][0] in pc_suits)
            if offered:
                settled_option = option
                if settled_answer is None:
                    settled_answer = {GOES_BACK}
        else:
            raise NotImplementedError(f"oracle_leads does not read {' '.join(w)!r}")

    options: list[Option] = [None]
    options += [("must lead", (suit,)) for suit in SUITS]
    options += [("must not lead", tuple(f)) for n in range(1, 5) for f in itertools.combinations(SUITS, n)]
    substitutes: list[str | None] = [None, *sorted(hands[offender])]
    results: set[str] = set()
    for answer, option, substitute in itertools.product((STANDS, SPREADS, GOES_BACK), options, substitutes):
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
        # 54A: declarer who began to spread his hand must spread it all
        if must_spread and answer != SPREADS:
            continue
        # a statement of the player entitled to choose
        if settled_answer is not None and answer not in settled_answer:
            continue
        # 52B1(a) / 52B2: after an accepted lead that broke a penalty card's obligation,
        # declarer accepts the card (no substitute) or has a due penalty card led instead
        if substitute is not None and not (answer == STANDS and broke and substitute in due):
            continue
        # 50D2, 51B: a lead option only after a refused defender's lead with his partner to
        # lead: require one suit of his penalty cards, forbid one or more of them, or neither
        has_choice = answer == GOES_BACK and partner_leads
        if option is not None and not (has_choice and set(option[1]) <= set(pc_suits)):
            continue
        if has_choice and settled_option != "unsettled" and option != settled_option:
            continue

        cards: dict[str, str] = {}
        withdrawn: list[str] = []
        left = dict(pcs)  # the penalty cards at the end
        unauthorized: list[str] = list(shown)
        notes: list[str] = []
        lead: str | None = None
        if answer in (STANDS, SPREADS):
            left.pop((offender, card), None)  # a penalty card led is played
            cards[f"{trick_no}:{offender}"] = card
            if answer == SPREADS:
                notes.append(f"declarer {dummy} (54A)")
            if substitute is not None:
                # 52B2: the penalty card replaces the card, which becomes a major penalty card
                cards[f"{trick_no}:{offender}"] = substitute
                left.pop((offender, substitute))
                left[(offender, card)] = "major"
                withdrawn.append(f"{offender}:{card}")
                unauthorized.append(f"{os_side}:{offender}:{card}")  # 16C2: a withdrawn play
                if f"{os_side}:{offender}:{card}" not in shown:
                    unauthorized.append(f"{os_side}:{offender}:{card}")  # 50E2: a penalty card (once a law)
        else:
            lead = entitled
            withdrawn.append(f"{offender}:{card}")
            if not not_a_lead:
                unauthorized.append(f"{os_side}:{offender}:{card}")  # 16C2
            if defender and f"{os_side}:{offender}:{card}" not in shown:
                unauthorized.append(f"{os_side}:{offender}:{card}")  # 50E2: a penalty card (once a law)
            if defender:
                left[(offender, card)] = "major"  # 54D / 56, 50B
                if sum(1 for (x, _) in left if x == offender) >= 2:
                    # 50B: with two or more, all of them become major, and stay so when
                    # some are picked up below (docs/decisions.md)
                    left = {(x, c): ("major" if x == offender else k) for (x, c), k in left.items()}
                if option is not None:
                    verb, suits = option
                    for suit in suits:
                        notes.append(f"{entitled} {verb} {suit}")
                    # 50D2(a), 51B1, 51B2: the penalty cards of a required or forbidden suit are picked up
                    left = {(s, c): k for (s, c), k in left.items() if not (s == offender and c[0] in suits)}
        # 50B: a defender with two or more penalty cards has them all major
        count = {s: sum(1 for (x, _) in left if x == s) for s in SEATS}
        left = {(s, c): ("major" if count[s] >= 2 else k) for (s, c), k in left.items()}
        obj: dict[str, Any] = {
            "cards": cards,
            "established": False,
            "lead": lead,
            "penalty": sorted(f"{s}:{c}:{k}" for (s, c), k in left.items()),
            "unauthorized": sorted(set(unauthorized)),
            "withdrawn": sorted(withdrawn),
        }
        if notes:
            obj["restrictions"] = sorted(notes)
        if must_spread:
            obj["findings"] = ["began_to_spread"]  # (the branch records the finding it read)
        results.add(json.dumps(obj, sort_keys=True, separators=(",", ":")))
    return results
