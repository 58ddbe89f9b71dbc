"""Lawful cards: the cards the player holds that meet every obligation in force.

One choice, the card to play, over the cards the player holds, filtered by one predicate
per obligation, each citing its Law (a filter, not a search: every obligation reads the
card alone):

* 44C: follow suit when able (this duty overrides every other one);
* 50D1(a): a major penalty card must be played at the first legal opportunity;
* 50C: with a minor penalty card, no other card of that suit below honour rank first;
* 44A/44D with a lead restriction: a suit required or forbidden;
* a card cannot be played twice (only cards still held are in the domain; ``exclude``
  takes out the card being withdrawn).

Who chooses among the lawful cards is the player's word, except where they are two or more
major penalty cards: declarer designates which (51A, :func:`declarer_designates`).

>>> from rulings.models import Card, Suit
>>> hand = frozenset(Card.parse(c) for c in ["SK", "S5", "H2"])
>>> [str(c) for c in lawful_cards(hand, Suit.SPADES, frozenset(), frozenset({Card.parse("S5")}))]
['SK']
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Final

from rulings.models.cards import SUIT_CARDS, Card, Suit
from rulings.models.table import PenaltyCard, PenaltyKind, PlayRule, lead_keepers

Obligation = tuple[str, Callable[[Card], bool]]


#: the suits a lead restriction forbids: one suit (50D2(a), 51B1(b)) or several (51B2(b))
Forbidden = Suit | frozenset[Suit] | None
#: the suits a lead restriction requires: one suit (50D2(a), 51B), or two required at one
#: lead by choices over different penalty cards (both bind: :func:`lead_keepers`)
Required = Suit | frozenset[Suit] | None


def forbidden_suits(forbidden: Forbidden) -> frozenset[Suit]:
    """``forbidden`` (or a ``Required``) as a set of suits."""
    if forbidden is None:
        return frozenset()
    return frozenset({forbidden}) if isinstance(forbidden, Suit) else forbidden


def obligations(
    hand: frozenset[Card],
    suit_led: Suit | None,
    penalty: frozenset[PenaltyCard],
    required_suit: Required = None,
    forbidden_suit: Forbidden = None,
) -> list[Obligation]:
    """Return (clause, predicate) pairs a lawful card must satisfy.

    At a lead, a lead restriction in force (``required_suit``, ``forbidden_suit``: 50D2(a),
    51B) comes before a major penalty card (50D1(b)): a penalty card the restriction does not
    let him lead is not due at that lead (it stays a penalty card for the next legal
    opportunity), while one of a required suit, or of a suit he may lead, is (50D1(a)). A
    restriction he cannot keep (no card of the required suit, or none outside the forbidden
    ones) binds nothing (59), and his penalty cards are then due as at any lead; with several
    he cannot keep at once, he keeps as many as one lead can (:func:`lead_keepers`).
    """
    rules: list[Obligation] = []
    following = suit_led is not None and any(c.suit is suit_led for c in hand)
    if following:
        rules.append(("44C", lambda c: c.suit is suit_led))
    majors = [p.card for p in penalty if p.kind is PenaltyKind.MAJOR and p.card in hand]
    if suit_led is None:
        # Leading: a lead restriction first (50D1(b)), then a major penalty card (50D1(a)).
        if required_suit is not None or forbidden_suit is not None:
            keep = lead_keepers(hand, forbidden_suits(required_suit), forbidden_suits(forbidden_suit))
            if len(keep) < len(hand):
                rules.append(("50D2(a)", lambda c: c in keep))
        eligible = [m for m in majors if all(pred(m) for _, pred in rules)]
    elif following:
        eligible = [m for m in majors if m.suit is suit_led]
    else:
        eligible = majors
    if eligible:
        allowed = frozenset(eligible)
        rules.append(("50D1(a)", lambda c: c in allowed))
    for p in penalty:
        if p.kind is PenaltyKind.MINOR and p.card in hand:
            rules.append(("50C", _minor_rule(p.card)))
    return rules


def _minor_rule(minor: Card) -> Callable[[Card], bool]:
    """50C: no other card of the minor penalty card's suit below honour rank before it."""
    return lambda c: c == minor or c.suit is not minor.suit or c.rank.is_honour


def lawful_cards_uncached(
    hand: frozenset[Card],
    suit_led: Suit | None,
    penalty: frozenset[PenaltyCard],
    exclude: frozenset[Card] = frozenset(),
    required_suit: Required = None,
    forbidden_suit: Forbidden = None,
) -> tuple[Card, ...]:
    """Return the cards of ``hand`` (less ``exclude``) the player may lawfully play, sorted.

    ``hand`` is everything the player holds, penalty cards included; obligations (follow
    suit) are judged on the whole hand, so a player whose only card of the suit led is the
    one being withdrawn has no lawful substitute.

    Not kept: a rule that meets each of its positions once in a ruling (the revoke rules'
    corrections and substitutes) calls this, where keeping every answer for the process
    would only keep them alive (a cold pass over 2,000 random revoke cases found 5 of 3,250
    again, and the entries kept made the collector's work). :data:`lawful_cards` keeps them,
    for a search that meets a position again.
    """
    domain = hand - exclude if exclude else hand
    if not domain:
        return ()
    # (``sorted(..., reverse=True)`` is :func:`sort_for_hand`'s order, without a call into an
    # interpreted module when compiled)
    if not penalty and required_suit is None and forbidden_suit is None:
        # the one obligation is 44C (the usual case): the same answer, without predicates
        if suit_led is not None and not hand.isdisjoint(suit := SUIT_CARDS[suit_led]):
            return tuple(sorted(domain & suit, reverse=True))
        return tuple(sorted(domain, reverse=True))
    predicates = [pred for _, pred in obligations(hand, suit_led, penalty, required_suit, forbidden_suit)]
    return tuple(sorted([c for c in domain if all(pred(c) for pred in predicates)], reverse=True))


#: :func:`lawful_cards_uncached`, the latest answers kept (emptied by ``cache_clear``, as the tools
#: do between rulings): for a search that meets a position again within a ruling (45D1's
#: choices; the double-dummy stage keeps its own). A ruling of the corpus asks for at most a
#: dozen hands and a cold run of rulings finds almost nothing an earlier ruling kept, so a
#: few hundred serve, and a long run holds no more for the collector to walk
lawful_cards: Final = lru_cache(maxsize=256)(lawful_cards_uncached)


def lawful_under_play_rule(hand: frozenset[Card], suit_led: Suit | None, penalty: frozenset[PenaltyCard], rule: PlayRule,
                           exclude: frozenset[Card] = frozenset()) -> tuple[Card, ...]:
    """The cards of ``hand`` (less ``exclude``) the player may lawfully play to a trick where
    ``rule`` restricts his card (57A1-57A4, 57D): following suit (44C) and keeping the
    restriction come first (50D1(b)); among the cards that do, a major penalty card is due
    (50D1(a)) and a minor one bars his lower cards of its suit (50C). A penalty card the
    restriction does not let him play is not due to this trick: it stays a penalty card for
    the next legal opportunity. A restriction he cannot keep binds nothing (57B, 59:
    :meth:`PlayRule.complying`).

    >>> from rulings.models import Card, Seat
    >>> hand = frozenset(Card.parse(c) for c in ["CA", "CJ", "C6", "H2"])
    >>> six = frozenset({PenaltyCard(Seat.S, Card.parse("C6"), PenaltyKind.MAJOR)})
    >>> [str(c) for c in lawful_under_play_rule(hand, Suit.CLUBS, six, PlayRule(Seat.S, 7, "highest"))]
    ['CA']
    >>> [str(c) for c in lawful_under_play_rule(hand, Suit.CLUBS, six, PlayRule(Seat.S, 7, "lowest"))]
    ['C6']
    """
    keep = rule.complying(hand, suit_led) - exclude
    due = [c for c in lawful_cards(hand, suit_led, penalty, exclude) if c in keep]
    return tuple(due) if due else tuple(sorted(keep, reverse=True))


def lawful_substitutes(
    hand: frozenset[Card],
    suit_led: Suit | None,
    penalty: frozenset[PenaltyCard],
    card: Card,
    restored: PenaltyCard | None = None,
    required_suit: Required = None,
    forbidden_suit: Forbidden = None,
) -> tuple[Card, ...]:
    """The lawful cards to play in place of ``card``, withdrawn from a trick: every lawful
    card of ``hand`` (which holds ``card``) but ``card`` itself.

    ``restored``: ``card`` was a penalty card when it was played and goes back to being one
    as it is withdrawn (:func:`with_restored`). It then obliges its own substitute as any
    penalty card in force does:
    a major one that could be played here must be (50D1(a)), so there is no substitute, and
    a minor one bars the other cards of its suit below honour rank (50C). A card that
    becomes a penalty card only by being withdrawn obliges nothing here: otherwise no such
    withdrawal could ever change the play.

    >>> from rulings.models import Card, Seat
    >>> hand = frozenset(Card.parse(c) for c in ["HQ", "HT", "H7", "C2"])
    >>> [str(c) for c in lawful_substitutes(hand, Suit.HEARTS, frozenset(), Card.parse("HQ"))]
    ['HT', 'H7']
    >>> was = PenaltyCard(Seat.E, Card.parse("HQ"), PenaltyKind.MAJOR)
    >>> lawful_substitutes(hand, Suit.HEARTS, frozenset(), Card.parse("HQ"), was)
    ()
    """
    if restored is None:
        return lawful_cards_uncached(hand, suit_led, penalty, frozenset({card}), required_suit, forbidden_suit)
    lawful = lawful_cards_uncached(hand, suit_led, with_restored(penalty, restored), frozenset(), required_suit, forbidden_suit)
    return tuple([c for c in lawful if c != card])


def with_restored(penalty: frozenset[PenaltyCard], restored: PenaltyCard) -> frozenset[PenaltyCard]:
    """``penalty`` (the penalty cards in force) with ``restored``, a card that was a penalty
    card when played and is one again as it is withdrawn: of the kind it was, or major when
    its owner has another penalty card (50B: with two or more, each is major)."""
    if restored.kind is PenaltyKind.MINOR and any(p.seat is restored.seat for p in penalty):
        restored = PenaltyCard(restored.seat, restored.card, PenaltyKind.MAJOR, restored.since)
    return penalty | {restored}


#: what a substitute's step says when :func:`declarer_designates` (after the card's name)
DESIGNATED = " (declarer designates it among his penalty cards, 51A)"


def declarer_designates(subs: tuple[Card, ...] | list[Card], penalty: frozenset[PenaltyCard]) -> bool:
    """Whether the choice among ``subs`` (a player's lawful cards) is declarer's: they are two
    or more and each is a major penalty card in force (``penalty``), so 50D1(a) leaves the
    player only his penalty cards, and declarer designates which is played (51A; 50D1(a)
    says the same). The player may still decide whether to change at all (62C, 47D); which
    card he then plays is declarer's word. With one such card there is nothing to designate.

    >>> from rulings.models import Card, Seat
    >>> pcs = frozenset(PenaltyCard(Seat.W, Card.parse(c), PenaltyKind.MAJOR) for c in ("S9", "S8"))
    >>> declarer_designates((Card.parse("S9"), Card.parse("S8")), pcs)
    True
    >>> declarer_designates((Card.parse("S9"), Card.parse("S2")), pcs)
    False
    """
    if len(subs) < 2:
        return False
    majors = {p.card for p in penalty if p.kind is PenaltyKind.MAJOR}
    return all(c in majors for c in subs)


def penalty_card_designation(subs: tuple[Card, ...] | list[Card], penalty: frozenset[PenaltyCard], clause: str) -> tuple[str, tuple[str, ...]]:
    """What each substitute's step adds when :func:`declarer_designates`: :data:`DESIGNATED`
    after the card's name, and ``clause`` (the rule set's id of 51A) among the clauses it
    applies; ``("", ())`` otherwise."""
    return (DESIGNATED, (clause,)) if penalty and declarer_designates(subs, penalty) else ("", ())
