"""Brute-force oracle for a defender's exposed card and the penalty card it becomes (Laws 45C1,
49, 50, 51, 52), deliberately independent of the solver.

It imports nothing from ``rulings`` (only the tiny parse helpers of ``tests/oracle.py``, itself
independent) and takes the case as the plain dict ``yaml.safe_load`` gives. It reads the
record's raw lines itself, replays them card by card, and at each point where the Laws leave
a choice or a fact open it forms EVERY alternative (the director's finding, declarer's
acceptance or refusal, which penalty card he designates, each lead option), by plain
enumeration (``itertools.product`` over option lists), keeping or rejecting each by the clause
conditions written out below. The canonical key is the one of ``Restoration.key()``
(docs/json-output.md). Both editions: the digest marks no change in ruling between 2007 and
2017 in Laws 49-52 (DIGEST 12-14, 31: wording only), so the oracle reads them the same.

The reading, clause by clause (ids of /work/shared/laws/clauses.tsv, paraphrased):

* **45C1, 49: is the exposed card played, a penalty card, or nothing?** Whether the defender's
  partner could possibly see its face is a fact: ``visible_to_partner`` or
  ``not_visible_to_partner`` on the line decides it (recorded in ``findings``, as the
  director's finding is); else a ``director finds`` line (recorded); else the director may
  find either, so both (each recorded). ``face_down``: its face could not be seen. Not visible: nothing
  happens. Visible: if it is his turn (he is next to play to the trick in progress, or to lead
  the next, and has not played to it) and he held it rather than dropped it, the card is
  played to the trick (45C1), and a card the record shows him playing later to the same trick
  does not count. Otherwise (dropped, or not his turn, or he has played to the trick) it is a
  penalty card (49): a dropped card is no play, and a card shown out of turn is exposed, not
  played (docs/decisions.md, "Exposed, extra and penalty cards").
* **50B: major or minor.** An honour (A K Q J 10) is major. A card shown as part of a
  would-be claim is deliberately exposed, major (docs/decisions.md). Any other single card
  below honour rank is exposed unintentionally: minor. A defender with two or more penalty
  cards has all of them major, counting those of the case's ``penalty`` field.
* **50E1, 50E2: information.** Each penalty card, of the ``penalty`` field or made by the
  ruling, puts one entry in the ledger: unauthorized to its owner's side. The entry stays when
  the card is later played or picked up.
* **50C, 50D1(a), 50D1(b), 51A: what the holder may play later.** Following suit comes first
  (44C, 50D1(b)). Among the cards he may then play, if any is a major penalty card he must
  play one of them (50D1(a); with several, declarer may designate any, 51A); otherwise, with a
  minor penalty card, he may not play another card of its suit below honour rank (50C; an
  honour of it he may). A penalty card obliges only the plays after it became one. The same
  test applies when he leads.
* **52: a later play of the record that breaks 50C/50D1.** The card stays played unless
  declarer refuses it; he may accept it (52B1(a)) and must once he has since played from his
  own hand or from dummy (52B1(b)): any penalty card not played stays one (52B1(c)). Or he
  refuses (52B2): a penalty card the holder had to play replaces the card (each such card
  that could be played is a separate outcome, 51A), and the card illegally played is
  withdrawn and becomes a major penalty card (52B2): a withdrawn play and a penalty card, one
  ledger entry under each law (16C2, 50E2; one under 50E already when it was a penalty card
  before), both unauthorized to its owner's side (the offending side). The oracle does not rule a play
  after a refused card (the generator writes none). A card accepted is a failure to play a
  penalty card, a revoke (61A), established once the offender or his partner has played to
  a later trick (63A1; docs/exposure-penalty-rules.md, "Where it is found"): ``established``
  true. Each later failure is ruled the same way, in record order (52B1(c) keeps the card
  due).
* **50D2, 51B: the partner of the holder of a major penalty card is to lead** (no trick in
  progress at the end of the record, play not over). Declarer's options here belong to that
  next lead, and this ruling is not about that lead: they are not enumerated unless
  ``options_after_ruling`` (``Decisions.lead_options_after_ruling``, docs/decisions.md: the
  options are enumerated wherever the ruling leaves a major penalty card in force and its
  owner's partner to lead) is set: whichever branch of the ruling reaches that lead (a card
  the ruling made a penalty card, 49, 52B2; one in force from the start, the exposed card
  found not seen or a failure accepted), over all his penalty cards. Then, once, over the
  position at the end of the record: penalty cards in one suit: require that suit (50D2(a), 51B1(a)), forbid it
  (50D2(a), 51B1(b)), each picking up every penalty card of the suit; or neither (50D2(b)):
  they stay. In several suits: require one of them (51B2(a): that suit's penalty cards picked
  up), forbid any non-empty set of them (51B2(b): those suits' picked up), or neither
  (51B2(c)). Each restriction is one string ``"<leader> must lead <suit>"`` / ``"<leader> must
  not lead <suit>"``. A minor penalty card alone gives no options (50C).
* **The key.** ``cards``: every card standing from the trick of the exposure on (the first
  trick when it came before any card of the record), ``trick:seat``; ``lead``: the winner of
  the last complete trick from the trick under ruling on (44G), none while that trick is in
  progress, none after trick 13, and the trick's own leader when no card stands on it
  (docs/case-format.md, ``lead <seat>``). The trick under ruling is that of the last ruling
  made: the trick of a 52 failure when one is ruled (in the branch accepting the card too),
  else the exposure's. ``established``: only an accepted failure makes it true (above).

Not ruled (``NotImplementedError``): declarer's or dummy's exposed cards (48A, 45C2), named
cards, a card 45C1 plays that fails to follow suit (a revoke: the revoke oracle's field), a
play out of turn or a failure to follow suit in the record, a play after a refused card,
record lines other than plays, one ``exposes``, ``director finds`` and ``attention``.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from typing import Any

from oracle import parse_card, parse_deal, parse_seat, parse_trumps, seat_after, side_of, trick_winner

HONOURS = frozenset("TJQKA")
VISIBLE, NOT_VISIBLE = "visible_to_partner", "not_visible_to_partner"
KNOWN_FACTS = frozenset({"dropped", VISIBLE, NOT_VISIBLE, "held_near_table", "touching_table",
                         "maintained_as_played", "face_down", "claiming"})

Play = tuple[str, str]


@dataclass
class State:
    """One line of the ruling as the oracle follows it through the record."""

    hands: dict[str, set[str]]
    tricks: list[list[Play]]  # from the record's first trick on; the last may be incomplete
    pcs: dict[Play, str] = field(default_factory=dict)  # (seat, card) -> "major" / "minor"
    ledger: list[str] = field(default_factory=list)
    withdrawn: list[str] = field(default_factory=list)
    findings: list[str] = field(default_factory=list)
    restrictions: list[str] = field(default_factory=list)
    played_by_45c1: str | None = None  # a seat whose exposed card was played to the trick in progress
    ruled: int | None = None  # index of the trick of a 52 failure ruled (then the trick under ruling)
    established: bool = False

    def copy(self) -> State:
        return State({s: set(h) for s, h in self.hands.items()}, [list(t) for t in self.tricks], dict(self.pcs),
                     list(self.ledger), list(self.withdrawn), list(self.findings), list(self.restrictions),
                     self.played_by_45c1, self.ruled, self.established)


def all_major_if_two(pcs: dict[Play, str]) -> dict[Play, str]:
    """50B: one defender with two or more penalty cards has all of them major."""
    out = dict(pcs)
    for seat in "NESW":
        mine = [k for k in pcs if k[0] == seat]
        if len(mine) >= 2:
            for k in mine:
                out[k] = "major"
    return out


def may_play(hand: set[str], led: str | None, mine: dict[str, str]) -> set[str]:
    """44C, 50D1(a), 50D1(b), 50C: the cards a holder of penalty cards ``mine`` may lead
    (``led`` None) or play to a trick whose led suit is ``led``."""
    follow = {c for c in hand if led is not None and c[0] == led}
    legal = follow if follow else set(hand)
    majors = {c for c in legal if mine.get(c) == "major"}
    if majors:
        return majors
    minor_suits = {c[0] for c, k in mine.items() if k == "minor"}
    return {c for c in legal if c[0] not in minor_suits or c[1] in HONOURS or mine.get(c) == "minor"}


def oracle_exposure(case: dict[str, Any], *, options_after_ruling: bool = False) -> set[str]:
    """The canonical JSON strings of every restoration of the case's exposed-card ruling."""
    deal = parse_deal(case["deal"])
    trumps = parse_trumps(case["contract"])
    declarer = parse_seat(case["declarer"])
    dummy = seat_after(declarer, 2)
    defenders = {seat_after(declarer, 1), seat_after(declarer, 3)}
    first = int(case.get("trick", 1))
    leader0 = parse_seat(case["leader"]) if case.get("leader") else seat_after(declarer)

    start = State({s: set(h) for s, h in deal.items()}, [[]])
    for text in case.get("penalty") or []:
        seat_t, card_t, kind = str(text).split()
        seat, card = parse_seat(seat_t), parse_card(card_t)
        start.pcs[(seat, card)] = kind.lower()
        start.ledger.append(f"{side_of(seat)}:{seat}:{card}")  # 50E2, from the start

    # ---- the record's lines
    before: list[Play] = []
    after: list[Play] = []
    exposure: tuple[str, str, set[str]] | None = None
    given: list[str] = []
    for line in case["play"]:
        words = str(line).split()
        if words[0].lower() == "attention":
            break
        if words[0].lower() == "director" and len(words) == 3 and words[1].lower() == "finds":
            given.append(words[2].lower())
        elif len(words) >= 3 and words[1].lower() == "exposes":
            if exposure is not None:
                raise NotImplementedError("one exposed card per record")
            facts = {w.lower() for w in words[3:]}
            if facts - KNOWN_FACTS:
                raise NotImplementedError(f"fact {sorted(facts - KNOWN_FACTS)}")
            exposure = (parse_seat(words[0]), parse_card(words[2]), facts)
        elif len(words) == 2:
            (after if exposure else before).append((parse_seat(words[0]), parse_card(words[1])))
        else:
            raise NotImplementedError(f"record line {line!r}")
    if exposure is None:
        raise ValueError("no exposed card in the record")
    seat, card, facts = exposure
    if seat not in defenders:
        raise NotImplementedError("declarer's and dummy's exposed cards (48A, 45C2)")

    def to_play(st: State) -> tuple[str, str | None]:
        """Who plays next, and the suit led (None: a lead)."""
        cur = st.tricks[-1]
        if cur and len(cur) < 4:
            return seat_after(cur[-1][0]), cur[0][1][0]
        if not cur:
            done = [t for t in st.tricks if len(t) == 4]
            return (trick_winner(done[-1], trumps) if done else leader0), None
        return trick_winner(cur, trumps), None

    def place(st: State, s: str, c: str) -> None:
        if len(st.tricks[-1]) == 4:
            st.tricks.append([])
            st.played_by_45c1 = None
        st.tricks[-1].append((s, c))
        st.hands[s].discard(c)
        st.pcs.pop((s, c), None)  # a penalty card played is no longer one

    def plain(st: State, s: str, c: str) -> None:
        who, led = to_play(st)
        if s != who or c not in st.hands[s]:
            raise NotImplementedError(f"play out of turn or of a card not held: {s} {c}")
        if led is not None and c[0] != led and any(x[0] == led for x in st.hands[s]):
            raise NotImplementedError(f"failure to follow suit: {s} {c}")
        place(st, s, c)

    state = start
    for s, c in before:
        plain(state, s, c)
    focus_index = len(state.tricks) - 1  # the trick under ruling (the first trick if no card yet)
    if card not in state.hands[seat]:
        raise ValueError(f"{seat} does not hold {card}")

    # ---- 45C1, 49: the finding on visibility
    if "face_down" in facts:
        branches = [(NOT_VISIBLE, False)]
    elif VISIBLE in facts or NOT_VISIBLE in facts:
        branches = [(VISIBLE if VISIBLE in facts else NOT_VISIBLE, True)]
    elif VISIBLE in given or NOT_VISIBLE in given:
        branches = [(VISIBLE if VISIBLE in given else NOT_VISIBLE, True)]
    else:
        branches = [(VISIBLE, True), (NOT_VISIBLE, True)]

    results: set[str] = set()
    for finding, recorded in branches:
        st = state.copy()
        if recorded:
            st.findings.append(finding)
        if finding == VISIBLE:
            who, led = to_play(st)
            cur = st.tricks[-1]
            his_turn = who == seat and not (cur and len(cur) < 4 and any(x == seat for x, _ in cur))
            if his_turn and "dropped" not in facts:
                if led is not None and card[0] != led and any(x[0] == led for x in st.hands[seat]):
                    raise NotImplementedError("45C1 played a card that fails to follow suit (a revoke)")
                place(st, seat, card)  # 45C1: played
                st.played_by_45c1 = seat
            else:
                kind = "major" if card[1] in HONOURS or "claiming" in facts else "minor"  # 50B
                st.pcs[(seat, card)] = kind
                st.pcs = all_major_if_two(st.pcs)
                st.ledger.append(f"{side_of(seat)}:{seat}:{card}")  # 50E2
        for end in follow(st, after, to_play, place, plain, declarer, dummy):
            results |= finish(end, focus_index, first, trumps, defenders, options_after_ruling, leader0)
    return results


def follow(st: State, plays: list[Play], to_play: Any, place: Any, plain: Any,
           declarer: str, dummy: str) -> list[State]:
    """The record's later plays, each judged against the penalty cards in force (52)."""
    for i, (s, c) in enumerate(plays):
        cur = st.tricks[-1]
        if st.played_by_45c1 == s and cur and len(cur) < 4:
            continue  # 45C1: his exposed card was played to this trick; the later card does not count
        mine = {k[1]: v for k, v in st.pcs.items() if k[0] == s}
        who, led = to_play(st)
        if not mine or s != who or c in may_play(st.hands[s], led, mine):
            plain(st, s, c)
            continue
        plain(st, s, c)  # (rejects a revoke or a play out of turn)
        # 52: he failed to lead or play a penalty card as 50 requires
        rest = plays[i + 1:]
        st.ruled = len(st.tricks) - 1
        declarer_played_since = any(x in (declarer, dummy) for x, _ in rest)
        out = follow(st.copy(), rest, to_play, place, plain, declarer, dummy)  # 52B1(a)/(b): accepted
        for end in out:  # 61A, 63A1: accepted, it is a revoke, established once his side played to a later trick
            if any(x not in (declarer, dummy) for t in end.tricks[st.ruled + 1:] for x, _ in t):
                end.established = True
        if declarer_played_since:
            return out
        if rest:
            raise NotImplementedError("a play after a card declarer may refuse (52B2)")
        hand_before = st.hands[s] | {c}
        due = sorted(x for x in may_play(hand_before, led, mine) if x in mine)
        for pc in due:  # 52B2, 51A: each penalty card he had to play, declarer designating
            alt = st.copy()
            trick = alt.tricks[-1]
            trick[-1] = (s, pc)
            alt.hands[s].discard(pc)
            alt.hands[s].add(c)
            alt.pcs.pop((s, pc), None)
            alt.pcs[(s, c)] = "major"  # 52B2
            alt.pcs = all_major_if_two(alt.pcs)
            alt.withdrawn.append(f"{s}:{c}")
            entry = f"{side_of(s)}:{s}:{c}"
            if entry not in alt.ledger:  # (a penalty card before, it has its 50E entry already)
                alt.ledger.append(entry)  # 50E2: a penalty card
            alt.ledger.append(entry)  # 16C2: a withdrawn play of the offending side
            out.append(alt)
        return out
    return [st]


def finish(st: State, focus_index: int, first: int, trumps: str | None, defenders: set[str],
           options_after_ruling: bool, leader0: str) -> set[str]:
    """The canonical keys of the end state ``st``: with declarer's 50D2/51B options when they
    belong to this ruling."""
    cards: dict[str, str] = {}
    for n, t in enumerate(st.tricks):
        if n >= focus_index:
            for s, c in t:
                cards[f"{first + n}:{s}"] = c
    lead: str | None = None
    last = None
    under_ruling = st.ruled if st.ruled is not None else focus_index
    for n, t in enumerate(st.tricks):
        if n < under_ruling:
            continue
        if len(t) < 4:
            break
        last = (n, t)
    if last is None:
        under = st.tricks[under_ruling]
        if not under:
            lead = leader0 if under_ruling == 0 else trick_winner(st.tricks[under_ruling - 1], trumps)
    elif first + last[0] != 13:
        lead = trick_winner(last[1], trumps)
    in_progress = bool(st.tricks[-1]) and len(st.tricks[-1]) < 4

    variants: list[State] = [st]
    if options_after_ruling and lead is not None and not in_progress and lead in defenders:
        holder = seat_after(lead, 2)
        mine = {c: k for (s, c), k in st.pcs.items() if s == holder}
        if any(k == "major" for k in mine.values()):
            suits = sorted({c[0] for c in mine})
            choices: list[tuple[str, tuple[str, ...]]] = [("require", (x,)) for x in suits]
            for n in range(1, len(suits) + 1):
                choices += [("forbid", combo) for combo in itertools.combinations(suits, n)]
            if len(suits) == 1:
                choices = [("require", (suits[0],)), ("forbid", (suits[0],))]
            choices.append(("neither", ()))
            variants = []
            for what, named in choices:
                alt = st.copy()
                for x in named:  # 50D2(a), 51B: the named suit's penalty cards are picked up
                    for k in [k for k in alt.pcs if k[0] == holder and k[1][0] == x]:
                        del alt.pcs[k]
                    word = "must lead" if what == "require" else "must not lead"
                    alt.restrictions.append(f"{lead} {word} {x}")
                variants.append(alt)
    out = set()
    for v in variants:
        obj: dict[str, Any] = {
            "established": v.established,
            "cards": cards,
            "withdrawn": sorted(v.withdrawn),
            "penalty": sorted(f"{s}:{c}:{k}" for (s, c), k in v.pcs.items()),
            "unauthorized": sorted(set(v.ledger)),
            "lead": lead,
        }
        if v.findings:
            obj["findings"] = sorted(v.findings)
        if v.restrictions:
            obj["restrictions"] = sorted(v.restrictions)
        out.add(json.dumps(obj, sort_keys=True, separators=(",", ":")))
    return out
