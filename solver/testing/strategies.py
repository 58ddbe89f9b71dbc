"""Hypothesis strategies for bridge values and random revoke cases (public API).

Each function takes keyword-only options and returns a ``SearchStrategy``; values are built
directly (a deal is a permutation of the 52 cards split into hands), never filtered.

>>> from hypothesis import given
>>> @given(deals())
... def test_deal_round_trips(deal):
...     assert Deal.parse(str(deal)) == deal
>>> test_deal_round_trips()

Installing bridge-rulings registers ``Card``, ``Deal``, ``Seat`` and ``Contract`` for
``st.from_type`` (the ``hypothesis`` entry point calls :func:`_hypothesis_setup_hook`).
"""

from __future__ import annotations

import random
from typing import Any

from rulings.models import DECK, SEATS, Card, Contract, Deal, Hand, Seat, Strain, Suit
from rulings.solver.generate import ROLES, Role, random_revoke_case


def _hypothesis_setup_hook() -> None:
    """Register the strategies for ``st.from_type`` (the ``hypothesis`` entry point).

    Defined before this module imports hypothesis: when this module is imported first,
    hypothesis runs its entry points while the module is still half-initialised, so the
    hook must already exist and must not yet need the functions below (``deferred``).
    """
    from hypothesis import strategies as hst

    hst.register_type_strategy(Card, hst.deferred(lambda: cards()))
    hst.register_type_strategy(Deal, hst.deferred(lambda: deals()))
    hst.register_type_strategy(Seat, hst.deferred(lambda: seats()))
    hst.register_type_strategy(Contract, hst.deferred(lambda: contracts()))


from hypothesis import strategies as st  # noqa: E402

__all__ = ["cards", "contracts", "deals", "revoke_cases", "seats", "suits"]

EDITIONS = ("2017", "2007")


def cards(*, suits: tuple[Suit, ...] | None = None) -> st.SearchStrategy[Card]:
    """A card, optionally of one of ``suits``."""
    pool = DECK if suits is None else tuple(c for c in DECK if c.suit in suits)
    if not pool:
        raise ValueError("no cards in the given suits")
    return st.sampled_from(pool)


def suits() -> st.SearchStrategy[Suit]:
    """A suit."""
    return st.sampled_from((Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES))


def seats() -> st.SearchStrategy[Seat]:
    """A compass seat."""
    return st.sampled_from(SEATS)


def contracts(*, doubled: bool | None = None) -> st.SearchStrategy[Contract]:
    """A contract: level 1-7, any strain; ``doubled`` False gives undoubled only, True
    doubled or redoubled only, None either."""
    doubling = st.just(0) if doubled is False else st.sampled_from((1, 2)) if doubled else st.sampled_from((0, 1, 2))
    return st.builds(Contract, st.integers(1, 7), st.sampled_from(tuple(Strain)), doubling)


def deals(*, cards_per_hand: int = 13) -> st.SearchStrategy[Deal]:
    """A deal: a permutation of the 52 cards, split into four hands of ``cards_per_hand``
    (1 to 13; below 13 it is an end position, the other cards gone)."""
    if not 1 <= cards_per_hand <= 13:
        raise ValueError("cards_per_hand must be 1 to 13")
    n = cards_per_hand

    def split(order: list[Card]) -> Deal:
        north, east, south, west = (Hand.of(order[i * n : i * n + n]) for i in range(4))
        return Deal((north, east, south, west))

    return st.permutations(DECK).map(split)


def revoke_cases(
    *,
    edition: str | None = None,
    revoker_position: int | None = None,
    revoker_role: Role | None = None,
    established: bool | None = None,
    next_trick_lead: bool | None = None,
    penalty_cards: int | None = None,
    revoke_trick: int | None = None,
    mid_hand: bool | None = None,
) -> st.SearchStrategy[dict[str, Any]]:
    """A random revoke case mapping (``rulings.solver.generate.random_revoke_case``), as
    ``yaml.safe_load`` gives for a case file; load it with ``rulings.models.parse_case`` or
    ``rulings.solver.casefile.loads(yaml.safe_dump(case))``.

    Each example is drawn from a seed, so a failing example is reproducible from the seed
    Hypothesis prints (shrinking moves to smaller seeds, not simpler positions). Options
    left at None vary: ``edition`` over 2017 and 2007, the rest as the generator draws them.
    """
    if edition is not None and edition not in EDITIONS:
        raise ValueError(f"unknown edition {edition!r} (2017 or 2007)")
    if revoker_role is not None and revoker_role not in ROLES:
        raise ValueError(f"revoker_role must be one of {ROLES}")
    editions = st.just(edition) if edition is not None else st.sampled_from(EDITIONS)

    def build(seed: int, ed: str) -> dict[str, Any]:
        case: dict[str, Any] = random_revoke_case(
            random.Random(seed),
            edition=ed,
            revoker_position=revoker_position,
            revoker_role=revoker_role,
            established=established,
            next_trick_lead=next_trick_lead,
            penalty_cards=penalty_cards,
            revoke_trick=revoke_trick,
            mid_hand=mid_hand,
        )
        return case

    return st.builds(build, st.integers(0, 2**32 - 1), editions)

