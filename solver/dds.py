"""Double-dummy figures of a ruling through endplay (DDS): the one module that imports it.

DDS knows only the rules of play (follow suit); it does not know a penalty card that must
be played, a lead required or forbidden (50D, 51B), or a card 57A/57D requires. This module
searches the tricks in which such obligations bind itself (the trick in progress, then one
more at a time while an obligation may outlast them, within :data:`SEARCH_BUDGET`), playing
only the cards the obligations leave (:func:`rulings.solver.lawful.lawful_cards` and the
restrictions of the restored position), each player choosing the card best for his side; DDS
values every position at the edge of that search. See docs/dds.md for what is computed and why.

* :func:`position_of` makes the :class:`Position` of a restoration (the table as restored:
  the trick in progress, whoever is to play, the obligations in force);
* :func:`revoke_position` the position at an established revoke, the revoker to play
  (Law 64C: the result had the revoke not happened);
* :func:`evaluate` values one position (in the calling process);
* :func:`evaluate_ruling` values the restorations of a ruling, the positions batched in
  worker processes (``jobs``): never threads, DDS is not safe with two threads of one process.

endplay is an optional extra (``pip install 'bridge-rulings[dds]'``); :func:`require` raises
:class:`DDSUnavailable` with the message the CLI prints when it is missing.
"""

from __future__ import annotations

import ctypes
import importlib.util
import multiprocessing
import re
import struct
import time
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from rulings.models.cards import Card, Seat, Side, Suit
from rulings.models.table import PenaltyCard, TableState
from rulings.solver.lawful import lawful_cards

if TYPE_CHECKING:  # the worker processes import this module: only what valuing needs
    from rulings.solver.engine import Restoration
    from rulings.solver.ruling import Ruling

MISSING = "--dds needs endplay (the double-dummy solver), an optional extra: pip install 'bridge-rulings[dds]'"


class DDSUnavailable(RuntimeError):
    """endplay (the ``dds`` extra) is not installed."""


def _binding_path() -> Path | None:
    """Where endplay's ctypes binding of DDS is (``endplay/_dds/__init__.py``, with libdds
    beside it), found without importing endplay; None when endplay is not installed."""
    try:
        spec = importlib.util.find_spec("endplay")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "_dds" / "__init__.py"
    return path if path.is_file() else None


def available() -> bool:
    """Whether endplay (with its DDS library) is installed."""
    return _binding_path() is not None


def require() -> None:
    """Raise :class:`DDSUnavailable` (with :data:`MISSING`) when endplay is not installed
    (loads DDS in this process, once)."""
    _endplay()


# ----- obligations the restored position keeps in force ------------------------------------------
@dataclass(frozen=True, slots=True)
class Restriction:
    """A restriction of the restored position that limits one player's next card.

    ``lead``: it binds his lead (50D2, 51B: ``N must lead S``, ``N must not lead S``); else it
    binds his card to the trick in progress (57A: ``must play highest|lowest S``, ``must play
    S``, ``must not play S``; 57D: ``must play SQ``)."""

    seat: Seat
    text: str
    lead: bool
    suit: Suit | None = None
    card: Card | None = None
    must: bool = True
    extreme: str = ""  # "highest" or "lowest" (57A1, 57A2)

    def narrow(self, cards: Sequence[Card]) -> list[Card]:
        """The cards of ``cards`` this restriction leaves (all of them when it cannot be met:
        57B, 59: a player who cannot comply may play any lawful card)."""
        if self.card is not None:
            kept = [c for c in cards if c == self.card]
        elif self.suit is not None and self.extreme:
            of_suit = sorted((c for c in cards if c.suit is self.suit), key=lambda c: c.rank)
            kept = [] if not of_suit else [of_suit[-1] if self.extreme == "highest" else of_suit[0]]
        elif self.suit is not None:
            kept = [c for c in cards if (c.suit is self.suit) == self.must]
        else:
            kept = []
        return kept or list(cards)


_SEAT, _SUIT, _CARD = r"(?P<seat>[NESW])", r"(?P<suit>[SHDC])", r"(?P<card>[SHDC](?:10|[2-9TJQKA]))"
_FORMS = (
    (re.compile(rf"^{_SEAT} must (?P<neg>not )?lead {_SUIT}$"), "lead"),
    (re.compile(rf"^{_SEAT} must play (?P<extreme>highest|lowest) {_SUIT}$"), "play"),
    (re.compile(rf"^{_SEAT} must (?P<neg>not )?play {_SUIT}$"), "play"),
    (re.compile(rf"^{_SEAT} must play {_CARD}$"), "play"),
)


def parse_restriction(text: str) -> Restriction | None:
    """The :class:`Restriction` a restriction text of a restoration states, or None when it
    limits no card (``declarer N (54A)``, an unauthorized suggestion: Law 16, not DDS's)."""
    for pattern, kind in _FORMS:
        m = pattern.match(text)
        if m is None:
            continue
        g = m.groupdict()
        return Restriction(Seat.parse(g["seat"]), text, kind == "lead",
                           Suit.parse(g["suit"]) if g.get("suit") else None,
                           Card.parse(g["card"]) if g.get("card") else None,
                           not g.get("neg"), g.get("extreme") or "")
    return None


# ----- positions ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Position:
    """A position DDS can value, with the obligations in force (picklable, hashable).

    ``hands``: the cards each seat holds (N, E, S, W), those already played to the trick in
    progress excluded; ``trick``: the cards of the trick in progress, in order from ``leader``;
    ``won``: the tricks the declaring side has already won (complete tricks only)."""

    hands: tuple[frozenset[Card], ...]
    trumps: Suit | None
    leader: Seat
    trick: tuple[tuple[Seat, Card], ...]
    declarer: Seat
    won: int
    penalty: frozenset[PenaltyCard] = frozenset()
    restrictions: tuple[Restriction, ...] = ()

    @property
    def to_play(self) -> Seat:
        return self.leader.next(len(self.trick))

    @property
    def remaining(self) -> int:
        """The tricks still to be won, the trick in progress included."""
        return len(self.hands[self.to_play.index])

    def binds(self, seat: Seat, leading: bool) -> bool:
        """Whether an obligation may limit ``seat``'s card in this trick (before the suit led is
        known: a penalty card he still holds, a restriction of his lead or of his play)."""
        held = self.hands[seat.index]
        if any(p.seat is seat and p.card in held for p in self.penalty):
            return True
        return any(r.seat is seat and r.lead == leading for r in self.restrictions)

    def obligations(self) -> list[str]:
        """The obligations in force, as text (penalty cards, then restrictions)."""
        out = [f"{p.seat} {p.card} {p.kind} penalty card" for p in sorted(self.penalty, key=lambda p: p.sort_key)
               if p.card in self.hands[p.seat.index]]
        return out + [r.text for r in self.restrictions]


def position_of(r: Restoration) -> Position | str:
    """The position a restoration leaves: the table as restored, with its penalty cards and
    restrictions; or, as text, why DDS cannot value it (cards out of rotation stand in the
    trick in progress, hands of unequal length). A restriction that lapsed on the way (a lead
    restriction whose player lost the lead, a 57A restriction met) binds nothing."""
    from rulings.solver.obligations import lapsed_restrictions  # (not in the worker processes)

    lapsed = lapsed_restrictions(r.table, r.node.restrictions)
    return table_position(r.table, tuple(t for t in r.node.restrictions if t not in lapsed))


def table_position(table: TableState, restrictions: Iterable[str] = ()) -> Position | str:
    """:func:`position_of` for a table and the restriction texts in force."""
    cur = table.current_trick
    trick: tuple[tuple[Seat, Card], ...] = ()
    if cur is not None and not cur.is_complete:
        trick, leader = cur.plays, cur.leader
        if not cur.in_rotation:
            return f"the cards of trick {cur.number} do not stand in rotation from its leader {leader}"
    else:
        leader = table.next_leader
    hands = table.holding
    n = len(hands[leader.index]) + (1 if trick else 0)
    played = {s for s, _ in trick}
    for seat in Seat:
        if len(hands[seat.index]) != n - (1 if seat in played else 0):
            return f"{seat} holds {len(hands[seat.index])} cards where DDS needs {n - (1 if seat in played else 0)}"
    parsed = tuple(r for t in restrictions if (r := parse_restriction(t)) is not None and _in_force(r, leader, trick))
    return Position(hands, table.trumps, leader, trick, table.declarer, table.tricks_won()[table.declarer.side],
                    frozenset(p for p in table.penalty_cards if table.is_defender(p.seat)), parsed)


def _in_force(r: Restriction, leader: Seat, trick: Sequence[tuple[Seat, Card]]) -> bool:
    """Whether restriction ``r`` binds the next card of its player in this position: a lead
    restriction (50D2, 51B) when he is to lead (it is chosen when he is about to lead); a 57A/57D
    restriction when he has still to play to the trick in progress. The restrictions of a
    restoration accumulate over a whole record: one whose player is not so placed was met or
    lapsed earlier in it."""
    if r.lead:
        return not trick and leader is r.seat
    return bool(trick) and all(s is not r.seat for s, _ in trick)


def revoke_position(table: TableState, trick: int, seat: Seat) -> Position | str:
    """The position at trick ``trick`` just before ``seat`` played to it (his revoke): every
    card played before then is gone, the cards played to that trick before his stand.
    No obligation is carried: the revoker follows suit (44C), DDS's own rule."""
    t = table.trick(trick)
    if t is None or t.position_of(seat) is None:
        return f"{seat} has no card on trick {trick}"
    before = t.plays[: t.position_of(seat)]
    if not t.in_rotation:
        return f"the cards of trick {trick} do not stand in rotation from its leader {t.leader}"
    hands = [set(h.cards) for h in table.deal.hands]
    won = table.won_before[0] if table.declarer.side is Side.NS else table.won_before[1]
    for earlier in table.tricks:
        if earlier.number >= trick:
            continue
        for s, c in earlier.plays:
            hands[s.index].discard(c)
        w = earlier.winner(table.trumps)
        if w is not None and w.side is table.declarer.side:
            won += 1
    for s, c in before:
        hands[s.index].discard(c)
    return Position(tuple(frozenset(h) for h in hands), table.trumps, t.leader, before, table.declarer, won)


# ----- valuing a position (runs where DDS runs: this process or a worker) -------------------------------
@dataclass(frozen=True)
class Figure:
    """The double-dummy value of a :class:`Position`, in tricks of the declaring side.

    ``remaining``: from the trick in progress to the end, obligations honoured; ``free``: the
    same without the obligations (DDS's own figure); ``cards``: for the seat to play, the
    tricks after each card the obligations leave him; ``tricks_searched``: the tricks in
    which the obligations were honoured (the trick in progress first; 0 when none was in
    force); ``outlasting``: obligations that may still be in force after them (not honoured
    after them); ``calls``/``seconds``: DDS calls made and the time spent inside them."""

    remaining: int
    free: int
    cards: tuple[tuple[str, int], ...]
    outlasting: tuple[str, ...] = ()
    calls: int = 0
    seconds: float = 0.0
    tricks_searched: int = 0


_EP: dict[str, Any] = {}
#: DDS's numbering: suits spades 0 .. clubs 3 (notrump 4), hands north 0 .. west 3, ranks 2..14
_DDS_SUIT = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3}
_FROM_DDS = {(_DDS_SUIT[c.suit], int(c.rank)): c for c in (Card.parse(s + r) for s in "SHDC" for r in "23456789TJQKA")}


def _endplay() -> dict[str, Any]:
    """endplay's binding of the DDS library (``SolveBoard``, and one ``deal`` and one
    ``futureTricks`` structure, made once), loaded once per process. The positions are handed
    to DDS in its own structure, filled from our cards: no endplay ``Deal`` is built.

    The binding module is loaded on its own, from its file: importing the endplay package
    takes most of a second (its dealer, parsers and plotting), which every worker process
    would pay at start; the binding alone needs ctypes and the library.
    Raises DDSUnavailable when endplay is not installed."""
    if not _EP:
        path = _binding_path()
        if path is None:
            raise DDSUnavailable(MISSING)
        spec = importlib.util.spec_from_file_location("_rulings_endplay_dds", path)
        if spec is None or spec.loader is None:
            raise DDSUnavailable(MISSING)
        binding = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(binding)
        dl = binding.deal()
        # the deal structure after ``trump``: first, the trick's 3 suits and 3 ranks, the 16 masks
        view = (ctypes.c_uint * 23).from_buffer(dl, ctypes.sizeof(ctypes.c_int))
        _EP.update(solve=binding.SolveBoard, deal=dl, view=view, future=binding.futureTricks())
    return _EP


#: A card's DDS numbers from the card itself: a Card is the int ``16 * suit order + rank``
#: (clubs 0 .. spades 3), so its DDS suit is ``3 - (card >> 4)`` and its rank ``card & 15``.
_CARDS_OF: dict[int, tuple[Card, ...]] = {}


def _cards_of(suit: int, holding: int) -> tuple[Card, ...]:
    """The cards of a DDS suit number and rank bit mask, rank ascending (cached: the search
    asks often)."""
    key = suit << 15 | holding
    found = _CARDS_OF.get(key)
    if found is None:
        found = _CARDS_OF[key] = tuple(_FROM_DDS[(suit, r)] for r in range(2, 15) if holding >> r & 1)
    return found


#: :meth:`_Search._touching`'s classes by DDS suit, holding and the others' cards of the suit
#: (cleared when it reaches :data:`_TOUCHING_MAX` entries)
_TOUCHING: dict[int, tuple[tuple[Card, ...], ...]] = {}
_TOUCHING_MAX = 1 << 16

#: DDS's ``futureTricks`` as plain ints, read in one go: nodes, cards, then suit, rank, equals
#: and score of up to 13 cards (offsets 2, 15, 28, 41)
_FUTURE = struct.Struct("=54i")
_SCORE0 = struct.Struct("=i")
_SCORE0_OFFSET = 41 * 4

#: What one position may spend on searching obligations beyond the trick in progress (each
#: further trick searched multiplies the work), in units of DDS work: a call with n tricks left
#: costs max(1, n - 3) cubed (DDS's work grows steeply with the cards left; counted, not timed,
#: so that the figures never depend on the machine). The figure honours the obligations for as
#: many whole tricks as the budget allowed (``Figure.tricks_searched``).
SEARCH_BUDGET = 3000

_PENDING, _ACTIVE, _OVER = 0, 1, 2  # a lead restriction: before the restricted lead, while he keeps the lead, over
_SEATS = tuple(Seat)  # by index: N, E, S, W
_clock = time.perf_counter


class _OverBudget(Exception):
    """The search of one more trick would pass :data:`SEARCH_BUDGET`."""


class _Search:
    """The search of the tricks in which obligations bind (see the module docstring).

    The cards are kept as DDS has them, a rank bit mask per hand and suit, updated as cards are
    played and taken back; DDS gets them in its own ``deal`` structure (the leader, the trick
    in progress and the masks written in one slice). ``horizon``: the tricks searched (the
    trick in progress first); at the start of a trick beyond it, or where no obligation is
    left, DDS values the position. What the search asks at every step is kept as counts and
    ints updated as cards are played (the penalty cards each seat still holds), not found
    again from the position."""

    def __init__(self, pos: Position) -> None:
        ep = _endplay()
        self.pos = pos
        self.masks = [0] * 16  # hand * 4 + DDS suit: the ranks held, as bits
        for h, held in enumerate(pos.hands):
            for c in held:
                self.masks[h * 4 + 3 - (c >> 4)] |= 1 << (c & 15)
        self.remaining = pos.remaining  # the cards of the seat to play at the root: less depth below
        self.trick: list[tuple[Seat, Card]] = list(pos.trick)
        self.leader = pos.leader
        self.depth = 0  # tricks completed in the search
        self.leads = tuple(r for r in pos.restrictions if r.lead)
        self.status = [_PENDING] * len(self.leads)
        self.plays = tuple(r for r in pos.restrictions if not r.lead)  # 57A/57D: the trick in progress only
        self.play_seats = frozenset(r.seat.index for r in self.plays)
        self.history: list[tuple[list[tuple[Seat, Card]], Seat, list[int]]] = []
        self.side = pos.declarer.side
        self.trump_order = -1 if pos.trumps is None else pos.trumps.order
        #: DDS's structures (one pair per process: the searches of a process run one at a time)
        self.struct = ep["deal"]
        self.struct.trump = 4 if pos.trumps is None else _DDS_SUIT[pos.trumps]
        self.view: Any = ep["view"]
        self.future = ep["future"]
        self.call = ep["solve"]
        self.calls = 0
        self.seconds = 0.0
        self.penalty_of = [tuple(p.card for p in pos.penalty if p.seat is s) for s in Seat]
        #: seats under some obligation (their equal cards are kept apart)
        self.obliged = [bool(self.penalty_of[s.index]) or any(r.seat is s for r in pos.restrictions) for s in Seat]
        #: the cards of each seat under an obligation, kept as they are played and taken back
        #: (the order of the set is the order the search takes his cards in); the other seats'
        #: cards are their masks alone
        self.hands: list[set[Card]] = [set(h) if self.obliged[i] else set() for i, h in enumerate(pos.hands)]
        #: per seat, his penalty cards (of :attr:`penalty_of`) he still holds; their sum
        self.pen_held = [sum(1 for c in self.penalty_of[i] if c in self.hands[i]) for i in range(4)]
        self.pen_total = sum(self.pen_held)
        bound = {p.seat.side for p in pos.penalty} | {r.seat.side for r in pos.restrictions}
        #: the side the obligations bind (None when both: nothing is skipped then)
        self.bound_side = next(iter(bound)) if len(bound) == 1 else None
        #: the obligations bind the defenders only: DDS's values are bounds (see value)
        self.defenders_bound = self.bound_side is not None and self.bound_side is not self.side
        self.horizon = 1
        self.budget: int | None = None
        self.spent = 0
        self.memo: dict[object, tuple[int, dict[Card, int], bool, bool]] = {}
        #: the cards the obligations leave a bound seat, by what they depend on (see _obliged_choices)
        self.lawful_memo: dict[object, tuple[tuple[Card], ...]] = {}

    # ----- DDS --------------------------------------------------------------------------------------
    def _call(self, seat: Seat, solutions: int) -> Any:
        """One DDS call on the position as it stands (``solutions``: 1 the best card only, 3
        every card); returns DDS's result structure (scores for ``seat``'s side)."""
        if self.budget is not None:
            if self.spent >= self.budget:
                raise _OverBudget
            self.spent += max(1, self.remaining - self.depth - 3) ** 3
        view = self.view
        trick = self.trick
        if trick:
            head = [self.leader.index, 0, 0, 0, 0, 0, 0]
            for k, (_, c) in enumerate(trick):
                head[1 + k], head[4 + k] = 3 - (c >> 4), c & 15
            view[0:7] = head
        else:
            view[0:7] = (self.leader.index, 0, 0, 0, 0, 0, 0)
        view[7:23] = self.masks
        fut = self.future
        start = _clock()
        self.call(self.struct, -1, solutions, 1, fut, 0)  # target -1: the most tricks; mode 1: always search; thread 0
        self.seconds += _clock() - start
        self.calls += 1
        return fut

    def solve(self, seat: Seat) -> dict[Card, int]:
        """DDS: each legal card of ``seat`` (to play) and the declaring side's tricks after it,
        from the trick in progress on."""
        f = _FUTURE.unpack_from(self._call(seat, 3))
        left = self.remaining - self.depth  # the cards of the seat to play
        mine = seat.side is self.side
        out: dict[Card, int] = {}
        for i in range(2, 2 + f[1]):
            t = f[i + 39]  # the score
            if t < 0:
                continue
            value = t if mine else left - t
            suit, holding = f[i], (1 << f[i + 13]) | f[i + 26]  # suit, rank and the equal ranks
            for c in _CARDS_OF.get(suit << 15 | holding) or _cards_of(suit, holding):
                out[c] = value
        return out

    def solve_best(self, seat: Seat) -> int:
        """DDS: the declaring side's tricks from the trick in progress on, ``seat`` to play his
        best card (one call asking for the best card only)."""
        t: int = _SCORE0.unpack_from(self._call(seat, 1), _SCORE0_OFFSET)[0]
        return t if seat.side is self.side else self.remaining - self.depth - t

    # ----- obligations ----------------------------------------------------------------------------------
    def _lead_bound(self, seat: Seat) -> bool:
        return any(r.seat is seat and st != _OVER for r, st in zip(self.leads, self.status, strict=True))

    def _lead_rules(self, seat: Seat) -> list[Restriction]:
        return [r for r, st in zip(self.leads, self.status, strict=True) if r.seat is seat and st != _OVER]

    def binds(self, seat: Seat, leading: bool) -> bool:
        """Whether an obligation may limit ``seat``'s card at his next play."""
        if self.pen_held[seat.index]:
            return True
        if leading:
            return self._lead_bound(seat)
        return self.depth == 0 and seat.index in self.play_seats

    def alive(self) -> bool:
        """Whether any obligation may still limit a card: a penalty card held, a lead
        restriction not over."""
        return self.pen_total > 0 or self.status.count(_OVER) < len(self.status)

    def choices(self, seat: Seat) -> list[Sequence[Card]]:
        """The cards the obligations in force leave ``seat`` (to play) now, in classes of equal
        double-dummy worth: for a seat under no obligation (44C alone), cards touching in a
        suit, no card of another player, held or on the trick, ranking between them (clubs
        first, rank ascending); a seat under an obligation keeps every card apart (the
        obligation may tell equal cards apart)."""
        i = seat.index
        if self.obliged[i]:
            return self._obliged_choices(seat)
        m, trick = self.masks, self.trick
        if trick:
            led = 3 - (trick[0][1] >> 4)  # the DDS suit led
            if m[4 * i + led]:
                return list(self._touching(i, led))
        groups: list[Sequence[Card]] = []
        for suit in (3, 2, 1, 0):  # clubs first
            if m[4 * i + suit]:
                groups += self._touching(i, suit)
        return groups

    def _touching(self, i: int, suit: int) -> tuple[tuple[Card, ...], ...]:
        """Seat index ``i``'s cards of DDS suit ``suit`` (he holds some) in classes of touching
        cards, rank ascending (cached by the holding and the others' cards of the suit)."""
        m = self.masks
        held = m[4 * i + suit]
        others = (m[suit] | m[suit + 4] | m[suit + 8] | m[suit + 12]) & ~held
        for _, c in self.trick:
            if 3 - (c >> 4) == suit:
                others |= 1 << (c & 15)
        key = (suit << 15 | held) << 15 | others
        found = _TOUCHING.get(key)
        if found is None:
            groups: list[list[Card]] = []
            last = -1  # no rank
            for r in range(2, 15):
                if held >> r & 1:
                    if last >= 0 and not others & ((1 << r) - 1) & ~((1 << (last + 1)) - 1):
                        groups[-1].append(_FROM_DDS[(suit, r)])
                    else:
                        groups.append([_FROM_DDS[(suit, r)]])
                    last = r
            if len(_TOUCHING) >= _TOUCHING_MAX:
                _TOUCHING.clear()
            found = _TOUCHING[key] = tuple(tuple(g) for g in groups)
        return found

    def _obliged_choices(self, seat: Seat) -> list[Sequence[Card]]:
        """:meth:`choices` for ``seat`` under an obligation: each card the obligations in force
        leave him now apart, in the order the search takes them."""
        i = seat.index
        trick = self.trick
        leading = not trick
        led = -1 if leading else trick[0][1] >> 4  # the suit led, as its order
        held = self.hands[i]
        if not self.binds(seat, leading):  # 44C alone, the order of his hand kept
            following: list[Sequence[Card]] = [(c,) for c in held if c >> 4 == led] if not leading else []
            return following or [(c,) for c in held]
        m = self.masks
        # what the cards left depend on: his hand, the suit led, the lead restrictions' state
        # when he leads, whether the trick in progress is the restored one when he follows
        key = (i, m[4 * i], m[4 * i + 1], m[4 * i + 2], m[4 * i + 3], led, tuple(self.status) if leading else self.depth == 0)
        found = self.lawful_memo.get(key)
        if found is None:
            found = self.lawful_memo[key] = tuple((c,) for c in self._bound_lawful(seat, leading))
        return list(found)

    def _bound_lawful(self, seat: Seat, leading: bool) -> list[Card]:
        led = None if leading else self.trick[0][1].suit
        hand = frozenset(self.hands[seat.index])
        pen = frozenset(p for p in self.pos.penalty if p.seat is seat and p.card in hand)
        rules = self._lead_rules(seat) if leading else ([r for r in self.plays if r.seat is seat] if self.depth == 0 else [])
        required = frozenset(r.suit for r in rules if r.lead and r.must and r.suit is not None)
        forbidden = [r.suit for r in rules if r.lead and not r.must and r.suit is not None]
        # (51B2(b): several suits may be forbidden; every requirement binds, lead_keepers)
        cards = list(lawful_cards(hand, led, pen, frozenset(), required or None, frozenset(forbidden) or None))
        plays = [r for r in rules if not r.lead]
        if plays:
            # a restriction on his card comes before a penalty card (50D1(b)): narrowed from
            # the cards that follow suit, then a penalty card among those it leaves is due
            keep = lawful_cards(hand, led, frozenset())
            for r in plays:
                keep = tuple(r.narrow(keep))
            due = [c for c in cards if c in keep]
            cards = due or list(keep)
        return cards

    def best(self, seat: Seat, values: dict[Card, int]) -> int:
        return max(values.values()) if seat.side is self.side else min(values.values())
    # ----- the search ---------------------------------------------------------------------------------------
    def value(self, solved: dict[Card, int] | None = None, root: bool = False,
              beta: int | None = None) -> tuple[int, dict[Card, int], bool, bool]:
        """The declaring side's tricks from the trick in progress on (obligations honoured
        within the horizon), each lawful card's value for the seat to play (every card at the
        ``root``), whether some obligation may outlast the horizon on a line searched, and
        whether the value is exact. ``solved``: DDS's values of this position when known.

        A card's DDS value is exact when no later card of the search can be bound (settled).
        When the obligations bind the defenders only (always, under the Laws: penalty cards and
        lead or play restrictions are theirs), they can only cost the defenders tricks: DDS's
        value of a position is a lower bound of declarer's tricks there. So, below the root:
        where a defender plays, a card whose bound is no lower than the best found is skipped;
        where declarer's side plays and a card reaches ``beta`` (a value the defender choosing
        above would not take), the search of the position stops there (the value returned is
        then a lower bound, not exact). The root's value and its cards' values are exact."""
        trick = self.trick
        played = len(trick)
        at = self.leader.index + played
        seat = _SEATS[at & 3]
        status = self.status
        pen_total = self.pen_total
        alive = pen_total > 0 or status.count(_OVER) < len(status)
        if not played and (self.depth >= self.horizon or not alive):
            if solved is None:
                return self.solve_best(seat), {}, alive, True
            return self.best(seat, solved), solved, alive, True
        key = (*self.masks, self.leader, self.depth, *status, *trick)
        if not root:
            hit = self.memo.get(key)
            if hit is not None and (hit[3] or (beta is not None and hit[0] >= beta)):
                return hit
        i = seat.index
        groups = self.choices(seat)
        first = self.depth == 0
        # whether a later card of this trick may be bound (a penalty card held, 57A/57D)
        later_bound = False
        if pen_total or (first and self.play_seats):
            pen_held, play_seats = self.pen_held, self.play_seats
            for j in range(at + 1, self.leader.index + 4):
                if pen_held[j & 3] or (first and j & 3 in play_seats):
                    later_bound = True
                    break
        # whether an obligation may be in force after this trick, whatever card is played now
        # (a lead restriction not over: the leader of this trick has led, his requirement is
        # over; a prohibition lasts while he keeps the lead); a penalty card other than the
        # card played still held is added card by card
        leads_after = bool(self.leads) and self._leads_after()
        pen_own = self.penalty_of[i]
        last_trick = self.depth + 1 >= self.horizon
        maximise = seat.side is self.side
        bounded = not root and self.defenders_bound
        if bounded and (len(groups) > 1 or (maximise and beta is not None)):
            if solved is None:
                solved = self.solve(seat)
            known = solved
            groups.sort(key=lambda g: known.get(g[0], 0), reverse=maximise)
        values: dict[Card, int] = {}
        lasting = False  # some obligation may outlast the horizon on a line searched
        best: int | None = None
        exact = True
        for group in groups:
            card = group[0]
            f = solved.get(card) if bounded and solved is not None else None
            if f is not None:
                if not maximise and best is not None and f >= best:
                    continue  # its value is at least f: no better for the defenders
                if maximise and beta is not None and f >= beta:
                    values[card] = f
                    best = f if best is None else max(best, f)
                    exact = False  # at least f, enough for the defender above to refuse it
                    break
            # settled: no later card of this trick bound, and the obligations over after it
            # (or the horizon reached: what may outlast it is only noted)
            alive_after = not later_bound and (leads_after or pen_total > (pen_own.count(card) if pen_own else 0))
            if not later_bound and (last_trick or not alive_after):
                if solved is None:
                    solved = self.solve(seat)
                v = solved.get(card)
                if v is None:
                    continue
                outlast = last_trick and alive_after
                child_exact = True
            else:
                cap = beta if maximise or best is None else (best if beta is None else min(best, beta))
                gained = self._play(seat, card)
                try:
                    v, _, outlast, child_exact = self.value(beta=None if cap is None else cap - gained)
                finally:
                    self._unplay(seat, card)
                v += gained
            for c in group:
                values[c] = v
            lasting = lasting or outlast
            if not child_exact:
                exact = False if maximise else exact
            best = v if best is None else (max(best, v) if maximise else min(best, v))
            if maximise and beta is not None and best >= beta:
                exact = False
                break
        if not values:  # DDS refused every lawful card: cannot happen with a consistent position
            solved = solved if solved is not None else self.solve(seat)
            values, lasting = dict(solved), False
        best = max(values.values()) if maximise else min(values.values())
        if not maximise and beta is not None and best >= beta:
            exact = False  # every card at least beta (some only known to be)
        elif not maximise:
            exact = True  # the lowest is below beta: the cards skipped or cut off are no lower
        # a deeper search may change any card's value (the obligations bind beyond the horizon
        # on that line), and so the best: outlasting on any line searched counts
        result = best, values, lasting, exact
        self.memo[key] = result
        return result

    def _leads_after(self) -> bool:
        """Whether a lead restriction may be in force after this trick: not over, and not the
        requirement of this trick's leader (he has led; a prohibition lasts while he keeps the
        lead)."""
        return any(st != _OVER and not (r.seat is self.leader and r.must) for r, st in zip(self.leads, self.status, strict=True))

    def _play(self, seat: Seat, card: Card) -> int:
        """Play ``card``; when it completes the trick, start the next: returns 1 when the
        declaring side won the trick so completed, else 0."""
        i = seat.index
        if self.obliged[i]:
            self.hands[i].discard(card)
        self.masks[4 * i + 3 - (card >> 4)] &= ~(1 << (card & 15))
        if card in self.penalty_of[i]:
            n = self.penalty_of[i].count(card)
            self.pen_held[i] -= n
            self.pen_total -= n
        self.trick.append((seat, card))
        if len(self.trick) < 4:
            return 0
        winner = _winner(self.trick, self.trump_order)
        self.history.append((self.trick, self.leader, list(self.status)))
        for k, r in enumerate(self.leads):
            if self.status[k] != _OVER and r.seat is self.leader:
                self.status[k] = _ACTIVE if (not r.must and winner is r.seat) else _OVER
        self.trick, self.leader = [], winner
        self.depth += 1
        return 1 if winner.side is self.side else 0

    def _unplay(self, seat: Seat, card: Card) -> None:
        if not self.trick:
            self.trick, self.leader, self.status = self.history.pop()
            self.depth -= 1
        i = seat.index
        if self.obliged[i]:
            self.hands[i].add(card)
        self.masks[4 * i + 3 - (card >> 4)] |= 1 << (card & 15)
        if card in self.penalty_of[i]:
            n = self.penalty_of[i].count(card)
            self.pen_held[i] += n
            self.pen_total += n
        self.trick.pop()


def _winner(trick: Sequence[tuple[Seat, Card]], trumps: int) -> Seat:
    """44E/44F: the highest trump, else the highest card of the suit led (``trumps``: the
    trump suit's order, -1 at notrump; a card's suit is ``card >> 4``, a higher card of one
    suit a higher int)."""
    best_seat, best = trick[0]
    for seat, c in trick[1:]:
        if (c >> 4 == best >> 4 and c > best) or (c >> 4 == trumps and best >> 4 != trumps):
            best_seat, best = seat, c
    return best_seat


def evaluate(pos: Position) -> Figure:
    """Value ``pos`` double dummy in this process (see :class:`Figure`): the trick in
    progress searched with the obligations honoured, then one more trick at a time while an
    obligation may outlast the tricks searched and :data:`SEARCH_BUDGET` allows.

    Raises DDSUnavailable when endplay is not installed."""
    require()
    if pos.remaining == 0:
        return Figure(0, 0, ())
    search = _Search(pos)
    seat = pos.to_play
    solved = search.solve(seat)
    free = search.best(seat, solved)
    if not search.alive():
        return Figure(free, free, _ordered(solved), (), search.calls, search.seconds, 0)
    remaining, values, outlasting, _ = search.value(solved, root=True)
    searched = 1
    while outlasting and search.horizon < pos.remaining:
        search.horizon += 1
        # what a subtree found without meeting the horizon with an obligation in force does not
        # depend on the horizon: kept; the rest is searched again, one trick deeper
        search.memo = {k: v for k, v in search.memo.items() if not v[2]}
        search.budget = SEARCH_BUDGET
        try:
            deeper = search.value(solved, root=True)
        except _OverBudget:
            search.horizon -= 1
            break
        remaining, values, outlasting, _ = deeper
        searched = search.horizon
    if search.horizon >= pos.remaining:
        outlasting = False  # every trick to the end of play was searched
    return Figure(remaining, free, _ordered(values), tuple(pos.obligations()) if outlasting else (),
                  search.calls, search.seconds, searched)


def _ordered(values: dict[Card, int]) -> tuple[tuple[str, int], ...]:
    """The cards and their values, spades first, high to low (a higher card of a higher suit is
    a higher int)."""
    return tuple((c.text, v) for c, v in sorted(values.items(), reverse=True))


def evaluate_many(positions: Sequence[Position], jobs: int = 1) -> list[Figure]:
    """:func:`evaluate` on every position, in order: in this process (``jobs`` 1: DDS runs in
    the calling thread, no thread is started) or in ``jobs`` spawned worker processes, never
    in threads (DDS is not safe with two threads of one process).

    Raises DDSUnavailable when endplay is not installed."""
    require()
    if jobs <= 1 or len(positions) <= 1:
        return [evaluate(p) for p in positions]
    # the biggest positions first (DDS's work grows steeply with the cards left), in small
    # chunks: the workers finish together (DDS's tables gain nothing from keeping the positions
    # of one deal in one process: measured)
    order = sorted(range(len(positions)), key=lambda i: (-positions[i].remaining, i))
    chunk = max(1, len(positions) // (jobs * 32))
    out: list[Figure | None] = [None] * len(positions)
    with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        for i, fig in zip(order, pool.map(evaluate, [positions[i] for i in order], chunksize=chunk), strict=True):
            out[i] = fig
    return [f for f in out if f is not None]


# ----- a ruling's figures -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Law64C:
    """Law 64C after an established revoke, double dummy: the result had the revoke not
    happened (the revoker following suit with each lawful card, the one best for the
    offending side) against the table result with the transfer."""

    revoke: str  # "W H2 on trick 10"
    offending: Side
    table: int  # declarer's tricks as played (with the tricks claimed or stated after the record)
    transfer: int
    with_transfer: int  # declarer's tricks after the transfer
    without_revoke: int  # declarer's tricks had the revoke not happened, double dummy
    cards: tuple[tuple[str, int], ...]  # each lawful card of the revoker and declarer's tricks after it
    sufficient: bool  # the transfer restores (at least) the non-offending side's result
    result: int  # declarer's tricks after the 64C verdict

    @property
    def verdict(self) -> str:
        if self.sufficient:
            return f"the transfer suffices (declarer {self.result})"
        return f"the transfer does not suffice: adjusted to declarer {self.result}"

    def to_json(self) -> dict[str, Any]:
        return {
            "revoke": self.revoke,
            "offending": str(self.offending),
            "table": self.table,
            "transfer": self.transfer,
            "with_transfer": self.with_transfer,
            "without_revoke": self.without_revoke,
            "cards": [{"card": c, "tricks": v} for c, v in self.cards],
            "sufficient": self.sufficient,
            "result": self.result,
            "verdict": self.verdict,
        }


@dataclass(frozen=True)
class RestorationFigure:
    """A restoration's double-dummy figures: ``tricks`` declarer takes from the restored
    position (tricks won plus the rest double dummy, obligations honoured), None with ``note``
    when DDS cannot value it; ``law64`` the 64C comparison after an established revoke."""

    number: int
    tricks: int | None
    free: int | None = None
    won: int = 0
    to_play: str | None = None
    cards: tuple[tuple[str, int], ...] = ()
    obligations: tuple[str, ...] = ()
    outlasting: tuple[str, ...] = ()
    note: str | None = None
    law64: Law64C | None = None
    law64_note: str | None = None
    tricks_searched: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "tricks": self.tricks,
            "free": self.free,
            "won": self.won,
            "to_play": self.to_play,
            "cards": [{"card": c, "tricks": v} for c, v in self.cards],
            "obligations": list(self.obligations),
            "outlasting": list(self.outlasting),
            "tricks_searched": self.tricks_searched,
            "note": self.note,
            "law64": self.law64.to_json() if self.law64 is not None else None,
            "law64_note": self.law64_note,
        }

    def short(self) -> str:
        """The figure in a few words for the table of restorations."""
        if self.tricks is None:
            return "-"
        text = str(self.tricks)
        if self.free is not None and self.free + self.won != self.tricks:
            text += f" (DDS alone {self.free + self.won})"
        if self.law64 is not None:
            text += f"; 64C: {self.law64.verdict}"
        return text


@dataclass
class RulingFigures:
    """The figures of every restoration listed, and how the DDS work went."""

    by_number: dict[int, RestorationFigure] = field(default_factory=dict)
    positions: int = 0
    calls: int = 0
    dds_seconds: float = 0.0
    total_seconds: float = 0.0
    jobs: int = 1

    def to_json(self) -> dict[str, Any]:
        return {"positions": self.positions, "calls": self.calls, "jobs": self.jobs}


def _declarer_tricks_at_end(table: TableState, rest: tuple[int, int] | None) -> int | None:
    """Declarer's tricks as played: the complete tricks plus those claimed or stated after the
    record; None when they do not make 13."""
    done = sum(1 for t in table.tricks if t.is_complete) + sum(table.won_before)
    if rest is not None:
        done += sum(rest)
    if done != 13:
        return None
    won = table.tricks_won()[table.declarer.side]
    if rest is not None:
        won += rest[0] if table.declarer.side is Side.NS else rest[1]
    return won


def _standing_revokes(table: TableState) -> list[Any]:
    return [rv for rv in table.revokes if (t := table.trick(rv.trick)) is not None and t.card_of(rv.seat) == rv.card]


def _law64(ruling: Ruling, r: Restoration) -> tuple[Position | str, dict[str, Any]] | None:
    """The 64C question of a restoration ruled under Law 64 after play: the position at the
    earliest established revoke standing, and what the verdict needs; None when none applies."""
    if r.node.transfer is None:
        return None
    from rulings.solver.rulesets.established_revoke import end_of_play

    table = r.table
    standing = _standing_revokes(table)
    if not standing:
        return None
    sides = {rv.seat.side for rv in standing}
    end = end_of_play(ruling.replay)
    info: dict[str, Any] = {"transfer": r.node.transfer}
    if len(sides) != 1:
        return "both sides revoked: 64C is judged for each side by the director", info
    first = min(standing, key=lambda rv: (rv.trick, rv.seat.index))
    info["revoke"] = f"{first.seat} {first.card} on trick {first.trick}"
    info["offending"] = first.seat.side
    info["table"] = _declarer_tricks_at_end(table, end.rest if end is not None else None)
    if info["table"] is None:
        return "the tricks of the whole hand are not known (the record does not run to the end of play)", info
    return revoke_position(table, first.trick, first.seat), info


def _verdict(info: dict[str, Any], fig: Figure, pos: Position, declarer: Seat) -> Law64C:
    os_side: Side = info["offending"]
    table, transfer = int(info["table"]), int(info["transfer"])
    with_transfer = table - transfer if os_side is declarer.side else table + transfer
    without = pos.won + fig.remaining
    nos_is_declarer = os_side is not declarer.side
    nos_with = with_transfer if nos_is_declarer else 13 - with_transfer
    nos_without = without if nos_is_declarer else 13 - without
    sufficient = nos_with >= nos_without
    cards = tuple((c, pos.won + v) for c, v in fig.cards)
    return Law64C(info["revoke"], os_side, table, transfer, with_transfer, without, cards, sufficient,
                  with_transfer if sufficient else without)


#: each restoration, its position (or why none), its Law 64C question, and the numbers of the
#: two positions (-1 where there is none)
Plan: TypeAlias = "list[tuple[Restoration, Position | str, tuple[Position | str, dict[str, Any]] | None, int, int]]"


def _plan(ruling: Ruling, restorations: Sequence[Restoration], positions: dict[Position, int]) -> Plan:
    """Each restoration's position and Law 64C question, every distinct position numbered."""
    plan: Plan = []
    for r in restorations:
        pos = position_of(r)
        q = _law64(ruling, r)
        at = positions.setdefault(pos, len(positions)) if isinstance(pos, Position) else -1
        at64 = positions.setdefault(q[0], len(positions)) if q is not None and isinstance(q[0], Position) else -1
        plan.append((r, pos, q, at, at64))
    return plan


def _assemble(plan: Plan, figures: Sequence[Figure], jobs: int) -> RulingFigures:
    used = {k for *_, at, at64 in plan for k in (at, at64) if k >= 0}
    out = RulingFigures(positions=len(used), calls=sum(figures[i].calls for i in used),
                        dds_seconds=sum(figures[i].seconds for i in used), jobs=jobs)
    for r, pos, q, at, at64 in plan:
        law64 = None
        if q is not None and isinstance(q[0], Position):
            law64 = _verdict(q[1], figures[at64], q[0], r.table.declarer)
        note64 = q[0] if q is not None and isinstance(q[0], str) else None
        if isinstance(pos, str):
            out.by_number[r.number] = RestorationFigure(r.number, None, note=pos, law64=law64, law64_note=note64)
            continue
        fig = figures[at]
        out.by_number[r.number] = RestorationFigure(
            r.number, pos.won + fig.remaining, fig.free, pos.won, str(pos.to_play) if pos.remaining else None,
            tuple((c, pos.won + v) for c, v in fig.cards), tuple(pos.obligations()), fig.outlasting, None, law64, note64,
            fig.tricks_searched)
    return out


def evaluate_rulings(items: Sequence[tuple[Ruling, Sequence[Restoration]]], *, jobs: int = 1,
                     stats: dict[str, float] | None = None) -> list[RulingFigures]:
    """The double-dummy figures of each ruling's ``restorations`` (see :class:`RestorationFigure`):
    every distinct position of them all valued once, in one batch (``jobs`` worker processes).
    ``total_seconds`` of each is the time of the whole batch; ``stats`` (when given) receives
    the batch's ``positions``, DDS ``calls``, ``dds_seconds`` (inside DDS calls, summed over the
    processes) and ``seconds`` (wall time).

    Raises DDSUnavailable when endplay is not installed."""
    require()
    start = time.perf_counter()
    positions: dict[Position, int] = {}
    plans = [_plan(ruling, restorations, positions) for ruling, restorations in items]
    figures = evaluate_many(list(positions), jobs)
    out = [_assemble(plan, figures, jobs) for plan in plans]
    elapsed = time.perf_counter() - start
    for f in out:
        f.total_seconds = elapsed
    if stats is not None:
        stats.update(positions=len(figures), calls=sum(f.calls for f in figures),
                     dds_seconds=sum(f.seconds for f in figures), seconds=elapsed)
    return out


def evaluate_ruling(ruling: Ruling, restorations: Sequence[Restoration], *, jobs: int = 1) -> RulingFigures:
    """:func:`evaluate_rulings` for one ruling."""
    return evaluate_rulings([(ruling, restorations)], jobs=jobs)[0]


# ----- the options of the ruling, double dummy ------------------------------------------------------------------
@dataclass(frozen=True)
class OptionValue:
    """A question of the ruling answered by a player's option: declarer's tricks (lowest,
    highest over what follows) after each choice, and the choices best for the chooser."""

    question: str
    actor: str
    side: Side | None
    values: tuple[tuple[str, int, int], ...]  # choice, lowest, highest
    best: tuple[str, ...]

    def line(self) -> str:
        parts = ", ".join(f"{c} {lo}" + (f"-{hi}" if hi != lo else "") for c, lo, hi in self.values)
        head = f"double dummy, declarer's tricks after each choice: {parts}"
        if self.side is None or not self.best:
            return head
        return head + f"; best for {self.side} ({self.actor}): {' or '.join(self.best)}"


def option_values(restorations: Sequence[Restoration], figures: RulingFigures) -> dict[str, OptionValue]:
    """For each question the restorations' paths answer by a player's option, declarer's
    tricks after each choice and the best choice for the side that chooses.

    The value of a choice is found backwards along the paths: a restoration's value is its
    figure (after 64C when Law 64 is ruled); where a player chooses, his side takes the choice
    best for it (declarer's side the most tricks, the defenders the fewest), judged by the
    worst case of what follows and then the best; where the director finds a fact or a rule
    forces one step, the values of what follows are kept as a range (lowest, highest).
    Restorations DDS cannot value are left out."""
    from rulings.solver.engine import Step, StepKind, actor_seats

    children: dict[tuple[Step, ...], dict[Step, None]] = {}
    leaves: dict[tuple[Step, ...], tuple[int, int]] = {}
    for r in restorations:
        fig = figures.by_number.get(r.number)
        if fig is None or fig.tricks is None:
            continue
        v = fig.law64.result if fig.law64 is not None else fig.tricks
        for k, step in enumerate(r.path):
            children.setdefault(r.path[:k], {})[step] = None
        leaves[r.path] = (v, v)
    declarer_side = restorations[0].table.declarer.side if restorations else Side.NS
    found: dict[str, dict[str, list[tuple[int, int]]]] = {}
    best_of: dict[str, list[tuple[str, ...]]] = {}
    actor_of: dict[str, tuple[str, Side | None]] = {}

    def spread(vals: Iterable[tuple[int, int]]) -> tuple[int, int]:
        vs = list(vals)
        return min(lo for lo, _ in vs), max(hi for _, hi in vs)

    def value(path: tuple[Step, ...]) -> tuple[int, int] | None:
        if path not in children:
            return leaves.get(path)
        vals = {step: v for step in children[path] if (v := value((*path, step))) is not None}
        if not vals:
            return None
        first = next(iter(vals))
        if first.kind is not StepKind.OPTION or any(s.question != first.question for s in vals):
            return spread(vals.values())
        sides = {seat.side for seat in actor_seats(first.actor)}
        side = next(iter(sides)) if len(sides) == 1 else None
        per_choice = found.setdefault(first.question, {})
        for step, v in vals.items():
            per_choice.setdefault(step.choice or step.text, []).append(v)
        actor_of[first.question] = (first.actor, side)
        if side is None:
            return spread(vals.values())
        sign = 1 if side is declarer_side else -1
        top = max(vals.values(), key=lambda v: (sign * v[0], sign * v[1]))
        best_of.setdefault(first.question, []).append(tuple(s.choice or s.text for s, v in vals.items() if v == top))
        return top

    value(())
    out: dict[str, OptionValue] = {}
    for question, per_choice in found.items():
        actor, side = actor_of[question]
        values = tuple((c, *spread(vs)) for c, vs in per_choice.items())
        bests = best_of.get(question, [])
        common = tuple(c for c in bests[0] if all(c in b for b in bests)) if bests else ()
        out[question] = OptionValue(question, actor, side, values, common)
    return out


def figure_lines(figures: RulingFigures) -> Iterator[str]:
    """The figures as lines of the director's script (after the ruling's own lines)."""
    for number, fig in sorted(figures.by_number.items()):
        if fig.tricks is None:
            yield f"Double dummy, restoration {number}: not valued ({fig.note})."
            continue
        text = f"Double dummy, restoration {number}: declarer takes {fig.tricks} tricks"
        if fig.obligations:
            text += f" honouring {', '.join(fig.obligations)}"
            if fig.free is not None and fig.free + fig.won != fig.tricks:
                text += f" (DDS alone: {fig.free + fig.won})"
        if fig.obligations and fig.tricks_searched:
            text += f" (searched for {fig.tricks_searched} trick{'s' if fig.tricks_searched != 1 else ''})"
        if fig.outlasting:
            text += "; what may outlast those tricks is not honoured after them"
        yield text + "."
        if fig.law64 is not None:
            q = fig.law64
            yield (f"  64C: without the revoke ({q.revoke}, the revoker following suit, best for {q.offending}) declarer "
                   f"takes {q.without_revoke}; at the table {q.table}, with the transfer of {q.transfer} {q.with_transfer}: "
                   f"{q.verdict}.")
        elif fig.law64_note is not None:
            yield f"  64C: {fig.law64_note}."
