"""Law 46: what a call of dummy's card designates (the deemed card, or who chooses among what).

:func:`resolve_call` is the one entry point: given the table *just before* dummy plays and
declarer's ``<declarer> calls <what>`` line, it returns a :class:`Resolution`: the deemed
card (``deemed``), or the lawful cards someone must choose among (``options``, ``chooser``),
and the clause that decides it. It is pure (no solver imports) and deterministic.

>>> from rulings.models.deal import Deal
>>> from rulings.models.contract import Contract
>>> from rulings.models.events import Call, Designation
>>> deal = Deal.parse("N:AK2.QJ.Q.43 Q3.K2.A2.A2 J54.A3.K.K5 T9.T9.J3.QJ")
>>> t = TableState.start(deal, Contract.parse("3NT"), Seat.S, first_trick=6, leader=Seat.N)
>>> r = resolve_call(t, Call(Seat.S, Designation.parse("spade")))
>>> (str(r.deemed), r.clause)
('S2', '46B2')
>>> r = resolve_call(t, Call(Seat.S, Designation.parse("anything")))
>>> (r.deemed, r.chooser, len(r.options))
(None, 'defenders', 8)

Definitions the resolver relies on (docs/designation-rules.md):

* **lawful** (44C): a card of the suit led when dummy holds one, else any card; dummy never
  has penalty cards (48A).
* **known to win** (46B1(b)): the card would win the trick as it stands (it beats the card winning it so far), and no card
  still to be played that declarer cannot see (the defenders' holdings) could beat it if
  held by a defender still to play to the trick. Any unseen trump is assumed able to
  ruff (declarer cannot know a defender still holds the suit led), so a plain card is
  known to win only when no trump is unseen or no defender is still to play. Declarer's
  own later card is never counted against dummy's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Literal

from rulings.models.cards import Card, Rank, Seat, Suit
from rulings.models.dataclass import dataclass
from rulings.models.errors import IllegalActionError, RulingError
from rulings.models.events import AnyEvent, Call, ChangeDesignation, DirectorFinds, Touch
from rulings.models.table import TableState

Chooser = Literal["declarer", "defenders"]

__all__ = ["Chooser", "DesignationPolicy", "Resolution", "known_winners", "lawful_for", "resolve_call"]


@dataclass(frozen=True, slots=True)
class DesignationPolicy:
    """Points Law 46 leaves open (each mirrors one switch of the solver's ``Decisions``)."""

    #: 46B1(a)/(c) say "of the suit led" (2017). With no suit led (dummy leads) or dummy void
    #: in it, 'high'/'low' names no suit: declarer says which suit (True: options, the
    #: highest/lowest card of each suit, chosen by declarer), or (False) the highest/lowest
    #: card of dummy's whole hand, ties broken by declarer.
    high_low_without_suit_declarer_names_suit: bool = True
    #: 46B1(b) when no dummy card is known to win: the call cannot be executed and is treated
    #: as invalid (46B4: declarer designates any lawful card) (True), or as 'high' (False).
    win_without_winner_is_invalid: bool = True
    #: A suit or rank named that dummy holds but may not lawfully play (a spade called while
    #: dummy must follow hearts, 46B2/46B3(b)) is invalid: declarer designates any lawful
    #: card (46B4 by analogy) (True). False: the call designates that card all the same
    #: (the lowest of the suit; for a rank, declarer says which), a revoke by dummy.
    unexecutable_is_invalid: bool = True


DEFAULT_POLICY = DesignationPolicy()


@dataclass(frozen=True, slots=True)
class Resolution:
    """What a call designates: a deemed card, or options with who chooses among them."""

    clause: str  # the clause that decides ("46B2", "46B5", "45C4(a)", "46B" ...)
    deemed: Card | None  # the card deemed called, when one is
    options: tuple[Card, ...]  # never empty: (deemed,) or the cards the chooser picks from
    chooser: Chooser | None = None  # who chooses among options (None when deemed)
    also: tuple[str, ...] = ()  # further clauses applied (46B intro, 46A ...)
    reason: str = ""  # in a director's words

    @property
    def clauses(self) -> tuple[str, ...]:
        return (self.clause, *self.also)


def lawful_for(table: TableState, seat: Seat) -> tuple[Card, ...]:
    """The cards ``seat`` may lawfully play now (44C only), sorted low to high."""
    hand = table.hand(seat)
    led = _suit_led(table)
    if led is not None and any(c.suit is led for c in hand):
        return tuple(sorted(c for c in hand if c.suit is led))
    return tuple(sorted(hand))


def _named(table: TableState, dummy: Seat, card: Card) -> Resolution:
    """45C4(a): declarer names ``card``. Dummy's lawful cards are listed only when it is not
    his (an invalid designation: declarer designates one of them, 46B4)."""
    hand = table.hand(dummy)
    if not hand:
        raise IllegalActionError(f"dummy {dummy} has no card left to play")
    if card in hand:
        led = _suit_led(table)
        if led is None or card.suit is led or not any(c.suit is led for c in hand):  # (a lawful card, 44C)
            return _one("45C4(a)", card, f"{card.text} is named: it is played (45B)", ("45B",))
        # named, so played; the failure to follow is Law 61-64's
        return _one("45C4(a)", card, f"{card.text} is named: it is played (45B), although dummy could follow suit", ("45B",))
    return _invalid(lawful_for(table, dummy), f"{card.text} is not in dummy: the designation is invalid")


def _suit_led(table: TableState) -> Suit | None:
    cur = table.current_trick
    if cur is None or cur.is_complete:
        return None
    return cur.suit_led


def _current_plays(table: TableState) -> tuple[tuple[Seat, Card], ...]:
    cur = table.current_trick
    if cur is None or cur.is_complete:
        return ()
    return cur.plays


def _beats(card: Card, best: Card, led: Suit, trumps: Suit | None) -> bool:
    if card.suit is best.suit:
        return card.rank > best.rank
    return trumps is not None and card.suit is trumps


def known_winners(table: TableState) -> tuple[Card, ...]:
    """46B1(b): dummy's lawful cards known to win the current trick, low to high.

    Known: it beats the card winning the trick so far, and no card declarer cannot see
    could beat it in the hand of a defender still to play (a penalty card counts only in its
    owner's hand). Declarer's own later card is not counted against dummy.
    """
    dummy = table.dummy
    plays = _current_plays(table)
    lawful = lawful_for(table, dummy)
    led = plays[0][1].suit if plays else None
    trumps = table.trumps
    played_seats = {s for s, _ in plays}
    to_play = [s for s in (dummy.next(i) for i in range(1, 4)) if s not in played_seats and table.is_defender(s)]
    # the cards still to be played that declarer cannot see: the defenders' holdings (cards
    # played before the record starts, or already in a trick, are seen)
    unseen = sorted(c for s in (dummy.lho, dummy.rho) for c in table.hand(s))
    penalty_owner = {p.card: p.seat for p in table.penalty_cards}
    # the card winning the trick so far: a card of dummy's wins only by beating it (a
    # discard already in the trick, of neither the suit led nor trumps, beats nothing)
    best: Card | None = None
    for _, c in plays:
        if best is None or _beats(c, best, led if led is not None else c.suit, trumps):
            best = c
    out: list[Card] = []
    for card in lawful:
        suit = led if led is not None else card.suit
        if best is not None and not _beats(card, best, suit, trumps):
            continue
        threats = [
            u for u in unseen if _beats(u, card, suit, trumps) and (u not in penalty_owner or penalty_owner[u] in to_play)
        ]
        if to_play and threats:
            continue
        out.append(card)
    return tuple(out)


def _lowest(cards: Iterable[Card]) -> Card:
    return min(cards, key=lambda c: c.rank)


def _highest(cards: Iterable[Card]) -> Card:
    return max(cards, key=lambda c: c.rank)


def _invalid(lawful: tuple[Card, ...], why: str, also: tuple[str, ...] = ()) -> Resolution:
    return Resolution("46B4", None, lawful, "declarer", also, f"{why}: declarer designates any lawful card")


def _one(clause: str, card: Card, why: str, also: tuple[str, ...] = ()) -> Resolution:
    return Resolution(clause, card, (card,), None, also, why)


def _choice(clause: str, cards: Iterable[Card], chooser: Chooser, why: str, also: tuple[str, ...] = ()) -> Resolution:
    opts = tuple(sorted(set(cards)))
    if len(opts) == 1:
        return _one(clause, opts[0], why, also)
    return Resolution(clause, None, opts, chooser, also, why)


def resolve_call(
    table: TableState,
    call: Call,
    incontrovertible: Iterable[Card] | None = None,
    policy: DesignationPolicy = DEFAULT_POLICY,
) -> Resolution:
    """Resolve declarer's call of a dummy card against ``table`` (dummy about to play).

    ``incontrovertible``: the card(s) the director finds declarer incontrovertibly meant
    (46B intro); one card is deemed called, several let the defenders designate among them
    (46B intro then 46B5, Di Sacco's "play one club"). Without it the 46B restrictions
    apply; the resolver never guesses intention.

    Raises IllegalActionError when dummy has no card, or when an incontrovertible card is
    not a lawful card of dummy's.
    """
    dummy = table.dummy
    what = call.what
    if incontrovertible is None and what.kind == "card":
        assert what.card is not None
        return _named(table, dummy, what.card)
    lawful = lawful_for(table, dummy)
    if not lawful:
        raise IllegalActionError(f"dummy {dummy} has no card left to play")
    if incontrovertible is not None:
        meant = tuple(sorted(set(incontrovertible)))
        bad = [c for c in meant if c not in lawful]
        if not meant or bad:
            token = str(bad[0]) if bad else "incontrovertible"
            raise IllegalActionError(f"incontrovertible card {token!r} is not a lawful card of dummy {dummy}", token=token)
        if len(meant) == 1:
            return _one("46B", meant[0], f"declarer's intention to play {meant[0]} is incontrovertible")
        return _choice("46B5", meant, "defenders",
                       f"declarer incontrovertibly meant one of {' '.join(map(str, meant))}: either defender designates which",
                       ("46B",))
    led = _suit_led(table)
    follows = led is not None and any(c.suit is led for c in table.hand(dummy))
    hand = table.hand(dummy)
    kind = what.kind

    if kind in ("high", "low", "run"):
        pick = _highest if kind in ("high", "run") else _lowest
        clause = "46B1(a)" if kind in ("high", "run") else "46B1(c)"
        word = "high" if kind in ("high", "run") else "low"
        suit = what.suit if what.suit is not None else (led if follows else None)
        if suit is not None:
            pool = [c for c in lawful if c.suit is suit]
            if not pool:
                return _unexecutable(lawful, hand, suit, None, policy, f"'{word} {suit}'")
            return _one(clause, pick(pool), f"'{word}' is the {'highest' if word == 'high' else 'lowest'} {suit} ({pick(pool)})")
        if policy.high_low_without_suit_declarer_names_suit:
            per_suit = [pick([c for c in lawful if c.suit is s]) for s in Suit if any(c.suit is s for c in lawful)]
            return _choice(clause, per_suit, "declarer", f"'{word}' names no suit: declarer says which suit", ("46A",))
        extreme = pick(lawful).rank
        return _choice(clause, [c for c in lawful if c.rank == extreme], "declarer", f"'{word}' is dummy's {word}est card")

    if kind == "win":
        winners = known_winners(table)
        if winners:
            # lowest: a plain card before a trump, then by rank; equal ones of several suits
            # (dummy on lead, two aces): declarer says which, as for a rank (46B3(b))
            low = min((c.suit is table.trumps, c.rank) for c in winners)
            lowest = [c for c in winners if (c.suit is table.trumps, c.rank) == low]
            if len(lowest) == 1:
                return _one("46B1(b)", lowest[0], f"'win' is the lowest card known to win ({lowest[0]})")
            return _choice("46B1(b)", lowest, "declarer",
                           f"'win': {' and '.join(map(str, sorted(lowest)))} are the lowest cards known to win; declarer says which")
        if policy.win_without_winner_is_invalid:
            return _invalid(lawful, "no card of dummy's is known to win", ("46B1(b)",))
        high = [_highest([c for c in lawful if c.suit is led])] if follows else [_highest(lawful)]
        return _one("46B1(b)", high[0], "no card is known to win: the highest card is played", ("46B1(a)",))

    if kind in ("suit", "ruff"):
        suit = what.suit if kind == "suit" else table.trumps
        if suit is None:
            return _invalid(lawful, "'ruff' in a notrump contract designates no card")
        pool = [c for c in lawful if c.suit is suit]
        if not pool:
            return _unexecutable(lawful, hand, suit, None, policy, f"'{suit}'")
        label = "trump" if kind == "ruff" else str(suit)
        return _one("46B2", _lowest(pool), f"a suit without a rank is the lowest {label} ({_lowest(pool)})")

    if kind == "rank":
        rank = what.rank
        assert rank is not None
        if led is None:
            won = _dummy_won_previous(table)
            if won is not None:
                same = next((c for c in lawful if c.suit is won and c.rank == rank), None)
                if same is not None:
                    return _one("46B3(a)", same, f"leading, a rank continues the suit in which dummy won the last trick ({same})")
        pool = [c for c in lawful if c.rank == rank]
        if not pool:
            return _unexecutable(lawful, hand, None, rank, policy, f"'{rank}'")
        return _choice("46B3(b)", pool, "declarer",
                       f"a rank without a suit: dummy's lawful {rank} ({' or '.join(map(str, sorted(pool)))}); declarer says which")

    if kind == "anything":
        return _choice("46B5", lawful, "defenders", "neither suit nor rank: either defender designates dummy's card")
    raise IllegalActionError(f"unknown designation {what}")


def _unexecutable(lawful: tuple[Card, ...], hand: frozenset[Card], suit: Suit | None, rank: Rank | None,
                  policy: DesignationPolicy, said: str) -> Resolution:
    """A suit or rank dummy holds no lawful card of: invalid (46B4 by analogy; see policy)."""
    held = sorted((c for c in hand if (suit is None or c.suit is suit) and (rank is None or c.rank == rank)),
                  key=lambda c: (c.rank, c.suit))
    if held and not policy.unexecutable_is_invalid:
        # the other reading: the call designates dummy's card all the same (45C4(a)); its
        # failure to follow suit is then a revoke (Laws 61-64)
        if rank is None:
            return _one("46B2", held[0], f"{said} designates {held[0]}, although dummy could follow suit", ("44C",))
        return _choice("46B3(b)", held, "declarer", f"{said} designates a card dummy may not lawfully play", ("44C",))
    why = f"{said} names no lawful card of dummy's" + (" (44C)" if held else "")
    return _invalid(lawful, why, ("44C",) if held else ())


def _dummy_won_previous(table: TableState) -> Suit | None:
    """46B3(a): the suit of the card with which dummy won the preceding trick, if he did."""
    for t in reversed(table.tricks):
        if t.is_complete:
            if t.winner(table.trumps) is table.dummy:
                card = t.card_of(table.dummy)
                return card.suit if card is not None else None
            return None
    return None


# ----- the record prepared: the director's findings attached to the events they concern ----------
@dataclass(frozen=True, slots=True)
class FoundCall:
    """A call with the director's finding of incontrovertible intention attached (46B intro)."""

    call: Call
    incontrovertible: tuple[Card, ...] | None = None


Event = AnyEvent | FoundCall


FINDING_WORDS = {"slip", "rethink", "lapse", "pause"}
TOUCH_WORDS = {"arranging", "reaching", "deliberate"}


def prepare(events: Sequence[AnyEvent]) -> tuple[Event, ...]:
    """Attach each ``director finds ...`` to the event it concerns: ``incontrovertible <cards>``
    to the latest call before it, ``slip``/``rethink`` to the latest change of designation,
    ``deliberate``/``arranging``/``reaching`` to the latest touch (a finding after the
    attention line concerns the latest such event of the record).

    Raises RulingError (line, token) for a bad card in a finding.
    """
    out: list[Event] = list(events)
    for i, e in enumerate(events):
        if not isinstance(e, DirectorFinds):
            continue
        words = e.finding.split()
        head = words[0].lower() if words else ""
        if head == "incontrovertible" and len(words) >= 2:
            cards: list[Card] = []
            for w in words[1:]:
                try:
                    cards.append(Card.parse(w))
                except RulingError:
                    raise IllegalActionError(f"bad card {w!r} in 'director finds {e.finding}'", token=w).at(e) from None
            j = _latest(out, Call, i)
            if j is not None:
                item = out[j]
                call = item.call if isinstance(item, FoundCall) else item
                assert isinstance(call, Call)
                out[j] = FoundCall(call, tuple(cards))
        elif head in FINDING_WORDS and len(words) == 1:
            j = _latest(out, ChangeDesignation, i)
            if j is not None:
                ch = out[j]
                assert isinstance(ch, ChangeDesignation)
                out[j] = replace(ch, finding=head)  # type: ignore[arg-type]
        elif head in TOUCH_WORDS and len(words) == 1:
            j = _latest(out, Touch, i)
            if j is not None:
                t = out[j]
                assert isinstance(t, Touch)
                out[j] = replace(t, purpose=head)
    return tuple(out)


def _latest(out: Sequence[Event], kind: type, before: int) -> int | None:
    """The index of the latest event of ``kind`` in ``out`` before index ``before`` (a call
    with a finding attached counts as its call), or None."""
    for j in range(before - 1, -1, -1):
        item = out[j]
        probe = item.call if isinstance(item, FoundCall) else item
        if isinstance(probe, kind):
            return j
    return None
