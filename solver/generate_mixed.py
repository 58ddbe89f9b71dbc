"""Random records with two or three irregularities of different families (``--kind mixed``).

A deal is played out lawfully from a random trick; at random moments one irregularity of
each family drawn is put into the record, as a table would see it, and play goes on
lawfully between them (an exposed card is a penalty card the later plays honour, 50D1; a
lead out of turn is followed by the next hand's card, accepting it, 53A). The record ends
with ``attention``. Families: a defender's exposed card (49, 50), a revoke (61, 62, 63), a
defender's lead out of turn (53, 56), dummy placing a card declarer did not call (45D),
declarer's change of designation with the director's finding and dummy's card played
(45C4(b), 47D), and shapes a director meets where two irregularities meet in one trick:

* ``revoke_misplay``: a revoke, then dummy's wrong card later in the same trick (61, 45D1);
* ``open_change``: declarer changes the card he called for dummy, the finding recorded or
  not (45C4(b): a slip allowed, a change of mind refused), and the table plays on to the
  card announced: the other seats' cards (one following the announced card while holding
  the suit of the card that stands revokes if the change is refused: 47D, 61; now and then
  one plays to the card called first), sometimes the trick's winner as the table saw it
  leading to the next trick;
* ``early``: after another irregularity in the trick, a player who has played to it puts
  down his lead to the next trick before it was complete, the seats still due following in
  rotation (57A before his partner's card; a defender's after his partner's card or
  declarer's, 56 and 55 with 53A, where the trick was led by the seat due to lead it and
  no line but cards came among its cards).

Drawn only when named (``families``), each with any other:

* ``fifth``: once a trick of the record is complete, a defender or declarer puts a card on it
  (45E), the director's finding (played, led) recorded or not; the table plays on from one
  reading: the card led (the next hand's card accepting a lead out of turn, 53A), or played
  to the trick (a defender's a major penalty card, 45E1; declarer's back in his hand, 45E2);
* ``together``: the player on play (not dummy) leads or plays two or three cards together
  (58B), only the card he plays seen (58B1) or more faces visible (58B2: a defender's others
  penalty cards), the table playing on from the card he plays;
* ``fail``: a defender with a penalty card in force leads or plays a card that breaks what it
  requires (52), after the family that made it (``exposure``, drawn with it when no family of
  :data:`PENALTY_MAKERS` is);
* ``declarer_lead``: declarer leads from the wrong one of his hands (55B2), or now and then
  from either when a defender was to lead (55B1), the next hand's card accepting it (53A);
* ``incomplete``: declarer calls for dummy's card naming none (46B: ``high``, ``low``, a
  suit, ``anything``), dummy facing the card the law gives (the defenders' choice, 46B5).

By default the families of :data:`DEFAULT_FAMILIES` are drawn, each with any other
(docs/whole-record.md); ``families`` names the families to draw from.

>>> case = random_mixed_case(random.Random(3))
>>> sum(1 for line in case["play"] if line.startswith("attention"))
1
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from rulings.models.cards import SEATS, Card, Seat
from rulings.solver.generate import (
    _EXPOSURE_FACTS,
    _SUIT_WORDS,
    MAX_ATTEMPTS,
    GenerationError,
    PlayT,
    _begin,
    _check_edition,
    _format_play,
    _Record,
    _record_mapping,
    _Sim,
    _waits_for_50d2,
)


@dataclass
class _Mixed:
    """A record being drawn, with what the shapes of one trick need to know about it."""

    rec: _Record
    #: the tricks (by number) that hold an irregularity a family put in
    marked: set[int] = field(default_factory=set)
    #: the seat due to lead each trick of the record, before anyone led it
    due: dict[int, Seat] = field(default_factory=dict)
    #: the tricks with a line other than a card's among their cards (``calls``, ``exposes``)
    other: set[int] = field(default_factory=set)

    @property
    def sim(self) -> _Sim:
        return self.rec.sim

    def lawful(self, rng: random.Random) -> PlayT:
        """The seat on play plays a card he may lawfully play; the card, recorded."""
        played = self.rec.sim.play_lawful(rng)
        self.rec.plays.append(played)
        return played


#: the families a mixed record draws from, each a function that puts one irregularity (or
#: one shape of two) into the record at the current moment, or returns False when it cannot
Injector = Callable[[_Mixed, random.Random, list[str]], bool]


def _exposure(mix: _Mixed, rng: random.Random, lines: list[str]) -> bool:
    sim = mix.sim
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
    if sim.current:
        mix.other.add(sim.trick_number)
    return True


def _revoke(mix: _Mixed, rng: random.Random, lines: list[str]) -> bool:
    rec = mix.rec
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


def _lead_out_of_turn(mix: _Mixed, rng: random.Random, lines: list[str]) -> bool:
    rec = mix.rec
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


def _misplay(mix: _Mixed, rng: random.Random, lines: list[str]) -> bool:
    rec = mix.rec
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


def _change(mix: _Mixed, rng: random.Random, lines: list[str]) -> bool:
    rec = mix.rec
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
    # dummy faces the card the finding makes his (a slip: the change stands; a change of
    # mind: the card called first), so the record's next line, whoever's, is read as the
    # next card (a play line of dummy's right after the change lines is his card in this
    # trick); the other card stays in his hand
    stands = second if finding == "slip" else first
    sim.play(dummy, stands)
    rec.plays.append((dummy, stands))
    lines.append(_format_play(dummy, stands))
    return True


def _revoke_misplay(mix: _Mixed, rng: random.Random, lines: list[str]) -> bool:
    """A revoke, the cards up to dummy's turn in the same trick, and dummy places a card
    declarer did not call (61, then 45D1: the revoke made before dummy's error)."""
    sim = mix.sim
    dummy = sim.declarer.partner
    cur = sim.current
    if not cur or any(s is dummy for s, _ in cur) or sim.on_play is dummy or any(not sim.hands[s] for s in SEATS):
        return False
    led = cur[0][1].suit
    follow = [c for c in sim.hands[dummy] if c.suit is led]
    if len(follow) == 1 or len(sim.hands[dummy]) < 2:
        return False  # the call and the card placed: two cards dummy may lawfully play
    if not _revoke(mix, rng, lines):
        return False
    while sim.on_play is not dummy:
        lines.append(_format_play(*mix.lawful(rng)))
    return _misplay(mix, rng, lines)


def _open_change(mix: _Mixed, rng: random.Random, lines: list[str]) -> bool:
    """Declarer calls a card of dummy's and at once changes to another; the record gives the
    director's finding or not (45C4(b)), and the table plays on to the card announced."""
    sim = mix.sim
    dummy = _dummy_seat_on_play(mix.rec)
    if dummy is None or any(not sim.hands[s] for s in SEATS) or (sim.current and rng.random() < 0.6) or len(sim.current) > 2:
        # mostly dummy's lead: the table's later cards follow the card announced (at least
        # one: a play line of dummy's right after the change lines is his card in this trick)
        return False
    lawful = sim.lawful(dummy)
    if len(lawful) < 2:
        return False
    first, second = rng.sample(lawful, 2)
    suits = sorted({c.suit for c in lawful})
    if first.suit is second.suit and len(suits) > 1 and rng.random() < 0.8:
        second = rng.choice([c for c in lawful if c.suit is not first.suit])
    finding = rng.choice(("", "", " slip", " rethink"))
    lines.append(f"{sim.declarer} calls {first}")
    lines.append(f"{sim.declarer} changes to {second}{finding}")
    sim.play(dummy, second)  # the card the table heard announced, the one the others follow
    mix.rec.plays.append((dummy, second))
    if finding != " slip":
        # the card that stands as the record is read (the change refused, or no finding: the
        # card called first, 45C4(a)) leaves dummy's hand; the card announced stays in it
        sim.hands[dummy].discard(first)
        sim.hands[dummy].add(second)
    while sim.current:
        seat = sim.on_play
        hand = sim.hands[seat]
        to_first = sorted(c for c in hand if c.suit is first.suit and c not in sim.penalty)
        if (sim.current[0] == (dummy, second) and first.suit is not second.suit and to_first
                and any(c.suit is second.suit for c in hand) and rng.random() < 0.2):
            card = rng.choice(to_first)  # played to the card called first, holding the suit announced
            sim.play(seat, card)
            mix.rec.plays.append((seat, card))
            lines.append(_format_play(seat, card))
        else:
            lines.append(_format_play(*mix.lawful(rng)))
        if sim.current and rng.random() < 0.15:
            return True
    leader = sim.leader
    if sim.trick_number <= 13 and sim.hands[leader] and not _waits_for_50d2(sim, leader) and rng.random() < 0.6:
        lines.append(_format_play(*mix.lawful(rng)))
    return True


def _early_lead(mix: _Mixed, rng: random.Random, lines: list[str]) -> bool:
    """A player who has played to the trick in progress, which holds another irregularity,
    puts down his lead to the next trick before it was complete; the seats still due follow
    to the trick in rotation, and his card leads the next one."""
    sim = mix.sim
    cur = sim.current
    number = sim.trick_number
    if not cur or number >= 13 or number not in mix.marked:
        return False
    played = [s for s, _ in cur]
    due = [s for s in SEATS if s not in played]
    if any(not sim.hands[s] for s in due):
        return False
    plain = cur[0][0] is mix.due.get(number) and number not in mix.other
    early = [s for s in played if sim.is_defender(s) and s.partner in due]  # 57A
    if plain:
        early += [s for s in played if (sim.is_defender(s) and s.partner not in due) or s is sim.declarer]
    early = [s for s in SEATS if s in early and sim.hands[s] and not sim.penalties_of(s) and not _waits_for_50d2(sim, s)]
    if not early:
        return False
    seat = rng.choice(early)
    card = rng.choice(sorted(sim.hands[seat]))
    lines.append(_format_play(seat, card))
    while sim.current:
        lines.append(_format_play(*mix.lawful(rng)))
    sim.leader = seat
    sim.play(seat, card)
    mix.rec.plays.append((seat, card))
    return True


def _fifth(mix: _Mixed, rng: random.Random, lines: list[str]) -> bool:
    """Once a trick of the record is complete, a defender or declarer puts a card from his
    hand on it (45E), the director's finding (played to it, or led to the next trick)
    recorded or not; the table plays on from one reading: the card led (the next hand's card
    accepting it when it was out of turn, 53A), or played to the trick (a defender's a major
    penalty card the later plays honour, 45E1 and 50B; declarer's back in his hand, 45E2)."""
    sim = mix.sim
    rec = mix.rec
    if sim.current or sim.trick_number >= 13 or sim.trick_number <= rec.start:
        return False  # (the trick it is put on is one of the record's)
    leader = sim.leader
    dummy = sim.declarer.partner
    seats = [s for s in SEATS if s is not dummy and len(sim.hands[s]) >= 2 and not sim.penalties_of(s)
             and not _waits_for_50d2(sim, s)]
    if not seats or _waits_for_50d2(sim, leader):
        return False
    seat = rng.choice(seats)
    card = rng.choice(sorted(sim.hands[seat]))
    finding = rng.choice(("led", "led", "played", None))
    led = finding == "led" or (finding is None and rng.random() < 0.5)
    if not led and sim.is_defender(seat) and leader is seat.partner:
        return False  # (his partner's lead waits for declarer's 50D2 choice: no play record shows it)
    lines.append(f"{seat} plays {card} fifth")
    if finding is not None:
        lines.append(f"director finds {finding}")
    mix.other.add(sim.trick_number)
    if not led:
        if sim.is_defender(seat):
            sim.penalty[card] = (seat, "major")
        return True
    sim.leader = seat
    sim.play(seat, card)
    rec.plays.append((seat, card))
    if seat is not leader:  # out of turn: the next hand plays to it (53A)
        lines.append(_format_play(*mix.lawful(rng)))
    return True


def _together(mix: _Mixed, rng: random.Random, lines: list[str]) -> bool:
    """The player on play (not dummy) leads or plays two or three cards together (58B): only
    the card he plays seen (58B1), or more than one face visible, he playing the first
    (58B2: a defender's other visible cards penalty cards, one below 10 left minor, 50B)."""
    sim = mix.sim
    seat = sim.on_play
    if seat is sim.declarer.partner or sim.penalties_of(seat) or (not sim.current and _waits_for_50d2(sim, seat)):
        return False
    hand = sorted(sim.hands[seat])
    if len(hand) < 2:
        return False
    first = rng.choice(sim.lawful(seat))
    extra = rng.sample([c for c in hand if c != first], k=min(len(hand) - 1, rng.choice((1, 1, 1, 2))))
    cards = [first, *extra]
    form = rng.random()
    line = f"{seat} plays {' '.join(str(c) for c in cards)} simultaneous"
    if form < 0.45:
        seen = [first]
        line += f" visible {first}"
    elif form < 0.75:
        seen = cards
    else:
        seen = [first, *rng.sample(extra, k=rng.randint(1, len(extra)))]
        line += f" visible {' '.join(str(c) for c in seen)}"
    lines.append(line)
    left = [c for c in seen if c != first]
    if left and sim.is_defender(seat):
        for c in left:
            sim.penalty[c] = (seat, "minor" if len(left) == 1 and not c.is_honour else "major")
    sim.play(seat, first)
    mix.rec.plays.append((seat, first))
    return True


def _fail(mix: _Mixed, rng: random.Random, lines: list[str]) -> bool:
    """A defender with a penalty card in force leads or plays, at his turn, a card that
    breaks what it requires of him (50C, 50D1(a)): a failure to play a penalty card (52);
    play goes on, the penalty card still one (52B1)."""
    sim = mix.sim
    seat = sim.on_play
    if not sim.penalties_of(seat) or not sim.hands[seat]:
        return False
    cur = sim.current
    led = cur[0][1].suit if cur else None
    hand = sim.hands[seat]
    legal = [c for c in hand if c.suit is led] or list(hand)
    wrong = sorted(set(legal) - set(sim.lawful(seat)))
    if not wrong:
        return False
    card = rng.choice(wrong)
    sim.play(seat, card)
    mix.rec.plays.append((seat, card))
    lines.append(_format_play(seat, card))
    return True


def _declarer_lead(mix: _Mixed, rng: random.Random, lines: list[str]) -> bool:
    """Declarer leads out of turn (55): from the wrong one of his two hands when his side is
    to lead (55B2), now and then from either hand when a defender is (55B1); the next hand's
    card accepts it (53A)."""
    sim = mix.sim
    declarer = sim.declarer
    if sim.current or sim.trick_number >= 13 or sim.trick_number == 1:
        return False
    leader = sim.leader
    if _waits_for_50d2(sim, leader):
        return False
    if leader.side is declarer.side:
        seat = leader.partner
    elif rng.random() < 0.3:
        seat = rng.choice((declarer, declarer.partner))
    else:
        return False
    if not sim.hands[seat]:
        return False
    card = rng.choice(sorted(sim.hands[seat]))
    sim.leader = seat
    sim.play(seat, card)
    mix.rec.plays.append((seat, card))
    lines.append(_format_play(seat, card))
    lines.append(_format_play(*mix.lawful(rng)))
    return True


def _incomplete(mix: _Mixed, rng: random.Random, lines: list[str]) -> bool:
    """Declarer calls for dummy's card naming no card (46B): ``high`` or ``low`` when dummy
    follows suit (46B1(a)/(c): his highest or lowest card of the suit led), a suit of which
    he may lawfully play a card (46B2: the lowest of it), or ``anything`` (46B5: a defender
    designates the card). Dummy faces the card the law gives (the defenders' choice for
    46B5), its line written (for a determinate call now and then not: the call places it; always
    where dummy's card wins the trick, since the line after a call is the card dummy placed
    for it, docs/case-format.md)."""
    sim = mix.sim
    dummy = _dummy_seat_on_play(mix.rec)
    if dummy is None:
        return False
    lawful = sim.lawful(dummy)
    cur = sim.current
    led = cur[0][1].suit if cur else None
    follows = led is not None and any(c.suit is led for c in sim.hands[dummy])
    words: list[tuple[str, Card]] = []
    if follows:
        words += [("high", max(lawful)), ("low", min(lawful))]
    for suit in sorted({c.suit for c in lawful}):
        words.append((_SUIT_WORDS[suit], min(c for c in lawful if c.suit is suit)))
    word, card = rng.choice(words)
    anything = rng.random() < 0.25
    if anything:
        word, card = "anything", rng.choice(lawful)
    lines.append(f"{sim.declarer} calls {word}")
    sim.play(dummy, card)
    # (dummy's line is always written where his card wins the trick: his next line, his lead
    # to the next trick, right after the call would be read as the card he placed for it)
    if anything or rng.random() < 0.7 or (not sim.current and sim.leader is dummy):
        lines.append(_format_play(dummy, card))
    mix.rec.plays.append((dummy, card))
    return True


FAMILIES: dict[str, Injector] = {
    "exposure": _exposure,
    "revoke": _revoke,
    "lead": _lead_out_of_turn,
    "misplay": _misplay,
    "change": _change,
    "revoke_misplay": _revoke_misplay,
    "open_change": _open_change,
    "early": _early_lead,
    "fifth": _fifth,
    "together": _together,
    "fail": _fail,
    "declarer_lead": _declarer_lead,
    "incomplete": _incomplete,
}


#: the families drawn by default (docs/whole-record.md); the others are drawn when named
DEFAULT_FAMILIES: tuple[str, ...] = ("exposure", "revoke", "lead", "misplay", "change", "revoke_misplay",
                                     "open_change", "early")
#: the families that make a defender's penalty card, one of which comes before ``fail``
PENALTY_MAKERS: tuple[str, ...] = ("exposure", "together", "fifth")
#: the families whose lines other than cards (a call, a simultaneous or fifth card) come
#: among the cards of their trick
_CALLS: tuple[str, ...] = ("misplay", "change", "revoke_misplay", "open_change", "together", "incomplete")
#: the families put in at most moments they can be (the moment passes with the next card)
_EAGER: tuple[str, ...] = ("early", "fail")
#: pairs of families not drawn together by default (none now: an early lead in a record
#: that also holds a change of designation with play going on to the card announced is
#: drawn too, docs/whole-record.md)
APART_BY_DEFAULT: tuple[frozenset[str], ...] = ()


def random_mixed_case(rng: random.Random, *, edition: str = "2017", title: bool = True,
                      families: Collection[str] | None = None) -> dict[str, Any]:
    """A record with two or three irregularities of different families (see the module doc).

    ``families``: the families to draw from (names of :data:`FAMILIES`, at least two); by
    default :data:`DEFAULT_FAMILIES`, never two of :data:`APART_BY_DEFAULT` together."""
    _check_edition(edition)
    pool = sorted(DEFAULT_FAMILIES if families is None else families)
    unknown = [f for f in pool if f not in FAMILIES]
    if unknown or len(pool) < 2:
        raise GenerationError(f"mixed records draw from two or more of {', '.join(FAMILIES)}: not {', '.join(unknown) or pool}")
    for _ in range(MAX_ATTEMPTS):
        rec = _begin(rng, 1, 9)
        mix = _Mixed(rec)
        sim = rec.sim
        wanted = rng.sample(pool, rng.choice((2, 2, 3)) if len(pool) > 2 else 2)
        if families is None and any(pair <= set(wanted) for pair in APART_BY_DEFAULT):
            continue
        if wanted[0] == "early":  # it needs another irregularity in its trick first
            wanted.append(wanted.pop(0))
        if "fail" in wanted:  # a penalty card made before it, the failure next to last
            wanted.remove("fail")
            if not set(PENALTY_MAKERS) & set(wanted):
                wanted.insert(0, "exposure")
            wanted.insert(len(wanted) - (wanted[-1] == "early"), "fail")
        lines: list[str] = []
        done: list[str] = []
        steps = 0
        while wanted and sim.trick_number <= 12 and steps < 40:
            steps += 1
            family = wanted[0]
            number = sim.trick_number
            if not sim.current:
                mix.due.setdefault(number, sim.leader)
            if rng.random() < (0.8 if family in _EAGER else 0.45) and FAMILIES[family](mix, rng, lines):
                mix.marked.add(number)
                if family in _CALLS:
                    mix.other.add(number)  # the calls of dummy's card, a simultaneous card
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


__all__ = ["APART_BY_DEFAULT", "DEFAULT_FAMILIES", "FAMILIES", "PENALTY_MAKERS", "random_mixed_case"]
