"""Property tests of Law 46 designations on random deals and random play (Hypothesis).

* a deemed card is always in dummy and lawful (44C), except a card named outright that
  dummy holds (45C4(a): it is played even when it fails to follow suit);
* every option set is non-empty, within dummy's lawful cards, and has a chooser exactly when
  there is no deemed card;
* the resolution is deterministic, and the ruling graph has one restoration per option, each
  with dummy's card among the options.
"""

from __future__ import annotations

from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulings.models import DECK, Contract, Deal, Rank, Seat, Suit, TableState
from rulings.models.designation import lawful_for, resolve_call
from rulings.models.events import Call, Designation
from rulings.solver.casefile import loads
from rulings.solver.ruling import Ruling
from rulings.solver.testing.strategies import contracts, deals, seats

SUIT_WORDS = ("spade", "heart", "diamond", "club")
RANK_WORDS = ("ace", "king", "queen", "jack", "ten", "9", "5", "2")


def stable(max_examples: int) -> settings:
    return settings(max_examples=max_examples, derandomize=True, database=None, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


designations = st.one_of(
    st.sampled_from(("high", "low", "win", "anything", "ruff")),
    st.sampled_from(SUIT_WORDS),
    st.sampled_from(RANK_WORDS),
    st.builds(lambda w, s: f"{w} {s}", st.sampled_from(("high", "low", "run")), st.sampled_from(SUIT_WORDS)),
    st.sampled_from(DECK).map(str),
)


@st.composite
def positions(draw: st.DrawFn) -> tuple[Deal, Contract, Seat, list[tuple[Seat, Any]]]:
    """A deal, contract and declarer, and a random lawful play up to a moment when dummy is to play."""
    deal = draw(deals())
    contract = draw(contracts())
    declarer = draw(seats())
    table = TableState.start(deal, contract, declarer)
    plays: list[tuple[Seat, Any]] = []
    target = draw(st.integers(min_value=0, max_value=40))
    steps = 0
    while steps < 60:
        if len(plays) >= target and table.on_play is table.dummy:
            break
        seat = table.on_play
        lawful = lawful_for(table, seat) if seat is table.dummy else _lawful(table, seat)
        card = draw(st.sampled_from(lawful))
        table = table.play(seat, card)
        plays.append((seat, card))
        steps += 1
    if table.on_play is not table.dummy:  # pragma: no cover - bounded loop always reaches dummy
        raise AssertionError("dummy never on play")
    return deal, contract, declarer, plays


def _lawful(table: TableState, seat: Seat) -> tuple[Any, ...]:
    hand = table.hand(seat)
    cur = table.current_trick
    led = cur.suit_led if cur is not None and not cur.is_complete else None
    follow = tuple(sorted(c for c in hand if c.suit is led))
    return follow or tuple(sorted(hand))


def replay(deal: Deal, contract: Contract, declarer: Seat, plays: list[tuple[Seat, Any]]) -> TableState:
    t = TableState.start(deal, contract, declarer)
    for seat, card in plays:
        t = t.play(seat, card)
    return t


@stable(120)
@given(positions(), designations)
def test_resolution_is_lawful_nonempty_and_deterministic(pos: Any, what: str) -> None:
    deal, contract, declarer, plays = pos
    table = replay(deal, contract, declarer, plays)
    call = Call(declarer, Designation.parse(what))
    res = resolve_call(table, call)
    dummy = table.dummy
    lawful = lawful_for(table, dummy)
    assert res.options, "an option set is never empty"
    assert all(card in table.hand(dummy) for card in res.options)
    assert (res.deemed is None) == (res.chooser is not None)
    if res.deemed is not None:
        assert res.options == (res.deemed,)
        named_outright = call.what.kind == "card" and res.clause == "45C4(a)"
        assert res.deemed in lawful or named_outright
    else:
        assert set(res.options) <= set(lawful)
    again = resolve_call(replay(deal, contract, declarer, plays), Call(declarer, Designation.parse(what)))
    assert again == res


@stable(40)
@given(positions(), designations)
def test_ruling_has_one_restoration_per_option(pos: Any, what: str) -> None:
    deal, contract, declarer, plays = pos
    table = replay(deal, contract, declarer, plays)
    call = Call(declarer, Designation.parse(what))
    res = resolve_call(table, call)
    if call.what.kind == "card" and res.clause == "45C4(a)":
        return  # a plain call of a card dummy holds is simply the play: nothing to rule on
    case = loads(yaml.safe_dump({
        "deal": str(deal), "contract": str(contract), "declarer": str(declarer),
        "play": [f"{s} {c}" for s, c in plays] + [f"{declarer} calls {what}", "attention TD"],
    }))
    restorations = list(Ruling(case).restorations())
    assert len(restorations) == len(res.options)
    dummy = table.dummy
    played = [r.card_of(dummy) for r in restorations]
    assert sorted(played) == sorted(res.options)
    assert all(res.clause in r.laws for r in restorations)


def test_strategies_cover_every_kind() -> None:
    kinds = {Designation.parse(w).kind for w in ("high", "low", "win", "anything", "ruff", "spade", "queen", "SA", "run clubs")}
    assert kinds == {"high", "low", "win", "anything", "ruff", "suit", "rank", "card", "run"}
    assert {Suit.parse(w) for w in SUIT_WORDS} == set(Suit)
    assert all(isinstance(Rank.parse(w), Rank) for w in RANK_WORDS)


@stable(40)
@given(positions(), st.data())
def test_change_of_designation_properties(pos: Any, data: st.DataObject) -> None:
    """A change with no finding: both findings are branches; 'rethink' keeps the first card,
    'slip' plays the new one; no penalty card ever; every withdrawn defender's card is
    unauthorized to declarer's side (16C)."""
    deal, contract, declarer, plays = pos
    table = replay(deal, contract, declarer, plays)
    dummy = table.dummy
    lawful = lawful_for(table, dummy)
    first = data.draw(st.sampled_from(lawful))
    after = table.play(dummy, first)
    extra: list[str] = []
    nxt = dummy.lho
    if after.on_play is nxt and after.hand(nxt):
        card = data.draw(st.sampled_from(_lawful(after, nxt)))
        extra.append(f"{nxt} {card}")
    others = [c for c in lawful if c != first]
    if not others:
        return
    new = data.draw(st.sampled_from(others))
    laws = data.draw(st.sampled_from(("2017", "2007")))
    case = loads(yaml.safe_dump({
        "deal": str(deal), "contract": str(contract), "declarer": str(declarer), "laws": laws,
        "play": [f"{s} {c}" for s, c in plays] + [f"{declarer} calls {first}", *extra, f"{declarer} changes to {new}",
                                                   "attention TD"],
    }))
    rs = list(Ruling(case).restorations())
    assert {f for r in rs for f in r.findings} == {"slip", "rethink"}
    for r in rs:
        assert not r.penalty_cards
        if "rethink" in r.findings:
            assert r.card_of(dummy) == first and not r.withdrawn
        else:
            assert r.card_of(dummy) == new
        for w in r.withdrawn:
            if w.seat is not dummy:
                assert any(i.seat is w.seat and i.card == w.card and i.unauthorized is declarer.side for i in r.ledger)
