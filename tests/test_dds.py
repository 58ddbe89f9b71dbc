"""Double-dummy figures (solver/dds.py, endplay): hand-counted positions and the 64C verdict.

The figures below were counted by hand from the Laws and the cards, before running DDS. The
tests that need endplay skip (saying why) when the ``dds`` extra is not installed; the test of
the message for a missing endplay runs either way.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

from rulings.models.cards import DECK, Card, Seat, Suit
from rulings.models.deal import Deal
from rulings.models.table import PenaltyCard, PenaltyKind
from rulings.solver import dds
from rulings.solver.cli import app
from rulings.solver.dds import MISSING, Position, evaluate, evaluate_many, parse_restriction, table_position
from rulings.solver.export import schema
from rulings.solver.lawful import lawful_cards

DATA = Path(__file__).resolve().parent / "data" / "dds"
runner = CliRunner()

#: A five-card ending in notrump, declarer South (8 tricks won already):
#:   N  SAKQ D32        E  SJT9 DAK
#:   S  S2 HAKQ C2      W  S8 HJT9 CA
#: South to lead takes all five (three hearts, then the spade to dummy's AKQ: dummy discards
#: its diamonds on the hearts). West to lead a spade or CA cuts dummy off South's hearts:
#: dummy's three spades and no more (after CA, the spade; after the spade, East's DA DK).
#: East to lead cashes DA DK, then dummy's spades take the last three. A heart lead from West
#: gives declarer all five.
ENDING = Deal.parse("N:AKQ..32. JT9..AK. 2.AKQ..2 8.JT9..A")


def needs_endplay() -> None:
    pytest.importorskip("endplay.dds", reason="endplay (the 'dds' extra) is not installed: no DDS figures to check")


def ending(leader: Seat, *, penalty: tuple[PenaltyCard, ...] = (), restrictions: tuple[str, ...] = ()) -> Position:
    parsed = tuple(r for t in restrictions if (r := parse_restriction(t)) is not None)
    return Position(tuple(h.cards for h in ENDING.hands), None, leader, (), Seat.S, 8, frozenset(penalty), parsed)


def card(text: str) -> Card:
    return Card.parse(text)


@pytest.mark.parametrize(("leader", "tricks"), [(Seat.S, 5), (Seat.W, 3), (Seat.E, 3)])
def test_five_card_ending_counted_by_hand(leader: Seat, tricks: int) -> None:
    needs_endplay()
    fig = evaluate(ending(leader))
    assert fig.remaining == tricks and fig.free == tricks


def test_major_penalty_card_must_be_led_changes_the_result() -> None:
    # West's HJ is a major penalty card (an honour, 50B): on lead he must lead it (50D1(a)), so he
    # cannot cut dummy off; declarer wins the heart and takes all five. DDS alone says 3.
    needs_endplay()
    fig = evaluate(ending(Seat.W, penalty=(PenaltyCard(Seat.W, card("HJ"), PenaltyKind.MAJOR),)))
    assert (fig.remaining, fig.free) == (5, 3)
    assert dict(fig.cards) == {"HJ": 5}


def test_minor_penalty_card_leaves_the_lead_free() -> None:
    # H9 as a minor penalty card (50C) only forbids a lower heart before it: West still leads a
    # spade or CA (the penalty card itself would give declarer all five).
    needs_endplay()
    fig = evaluate(ending(Seat.W, penalty=(PenaltyCard(Seat.W, card("H9"), PenaltyKind.MINOR),)))
    assert (fig.remaining, fig.free) == (3, 3)
    assert dict(fig.cards) == {"S8": 3, "HJ": 5, "HT": 5, "H9": 5, "CA": 3}


@pytest.mark.parametrize(("text", "tricks"), [("W must not lead C", 3), ("W must lead C", 3), ("W must lead H", 5),
                                                   ("W must lead S", 3), ("W must not lead S", 4)])
def test_lead_restriction(text: str, tricks: int) -> None:
    # 50D2/51B: only a required heart makes West give up the cut (a spade or CA). Forbidding
    # spades: West cashes CA and keeps the lead, so still may not lead a spade (the prohibition
    # lasts while he keeps the lead): he leads a heart and declarer takes the last four.
    needs_endplay()
    assert evaluate(ending(Seat.W, restrictions=(text,))).remaining == tricks


def test_lead_prohibition_searched_while_he_keeps_the_lead() -> None:
    # The 4 above needs the second trick searched: West wins the first (CA) and leads again.
    needs_endplay()
    fig = evaluate(ending(Seat.W, restrictions=("W must not lead S",)))
    assert fig.tricks_searched >= 2 and not fig.outlasting
    assert dict(fig.cards) == {"HJ": 5, "HT": 5, "H9": 5, "CA": 4}


def test_trick_in_progress() -> None:
    # South has led S2 and West followed S8: dummy wins and South's hearts are stranded: 3.
    needs_endplay()
    hands = list(h.cards for h in ENDING.hands)
    hands[Seat.S.index] -= {card("S2")}
    hands[Seat.W.index] -= {card("S8")}
    pos = Position(tuple(hands), None, Seat.S, ((Seat.S, card("S2")), (Seat.W, card("S8"))), Seat.S, 8)
    assert pos.to_play is Seat.N and pos.remaining == 5
    fig = evaluate(pos)
    assert fig.remaining == 3 and dict(fig.cards) == {"SA": 3, "SK": 3, "SQ": 3}


def test_worker_processes_give_the_same_figures() -> None:
    needs_endplay()
    positions = [ending(s) for s in (Seat.S, Seat.W, Seat.E)]
    positions.append(ending(Seat.W, penalty=(PenaltyCard(Seat.W, card("HJ"), PenaltyKind.MAJOR),)))
    one = [(f.remaining, f.free, f.cards) for f in evaluate_many(positions, jobs=1)]
    two = [(f.remaining, f.free, f.cards) for f in evaluate_many(positions, jobs=2)]
    assert one == two == [(5, 5, one[0][2]), (3, 3, one[1][2]), (3, 3, one[2][2]), (5, 3, (("HJ", 5),))]


def solve_json(path: Path, *extra: str) -> dict[str, Any]:
    res = runner.invoke(app, ["solve", str(path), "--dds", "--json", *extra])
    assert res.exit_code == 0, res.output
    data: dict[str, Any] = json.loads(res.stdout)
    jsonschema.validate(data, schema())
    return data


def test_64c_transfer_suffices() -> None:
    # West ruffed trick 10 (holding S2) and won it, and won tricks 11 and 12: 64A1, 2 tricks.
    # Without the revoke he follows with S2, South's SA wins, and West ruffs the next spade and
    # cashes CA C3: NS 8 + 1 = 9. At the table NS won 9 (8 + trick 13); with the transfer 11.
    needs_endplay()
    dd = solve_json(DATA / "64a1-transfer-suffices.yaml")["restorations"][0]["dd"]
    law64 = dd["law64"]
    assert (law64["table"], law64["transfer"], law64["with_transfer"], law64["without_revoke"]) == (9, 2, 11, 9)
    assert law64["sufficient"] and law64["result"] == 11
    assert law64["cards"] == [{"card": "S2", "tricks": 9}]


def test_64c_transfer_does_not_suffice() -> None:
    # East discarded C5 on trick 10 holding H4 (hearts trumps); South won it, East-West the last
    # three (East ruffing trick 13 with the H4 he kept): 64A2, 1 trick; NS 7 + 1 = 8. Following
    # with H4, every trump is gone: South cashes SA S6 and gives a club: NS 6 + 3 = 9.
    needs_endplay()
    law64 = solve_json(DATA / "64a2-transfer-does-not-suffice.yaml")["restorations"][0]["dd"]["law64"]
    assert (law64["table"], law64["transfer"], law64["with_transfer"], law64["without_revoke"]) == (7, 1, 8, 9)
    assert not law64["sufficient"] and law64["result"] == 9
    assert law64["cards"] == [{"card": "H4", "tricks": 9}]


def test_cli_text_and_script_show_the_figures() -> None:
    needs_endplay()
    res = runner.invoke(app, ["solve", str(DATA / "64a1-transfer-suffices.yaml"), "--dds", "--ascii"])
    assert res.exit_code == 0, res.output
    assert "DD" in res.output and "suffices" in res.output
    res = runner.invoke(app, ["solve", str(DATA / "64a1-transfer-suffices.yaml"), "--dds", "--explain", "--jobs", "2"])
    assert res.exit_code == 0, res.output
    assert "64C: without the revoke" in res.output


def test_missing_endplay_is_one_line_and_exit_1(monkeypatch: pytest.MonkeyPatch) -> None:
    """Runs with or without endplay: its absence is simulated (``sys.modules["endplay"] =
    None`` makes both ``import endplay`` and the search for its files fail)."""
    monkeypatch.setitem(sys.modules, "endplay", None)
    monkeypatch.setattr(dds, "_EP", {})
    assert not dds.available()
    with pytest.raises(dds.DDSUnavailable, match="pip install"):
        dds.evaluate(ending(Seat.S))
    res = runner.invoke(app, ["solve", str(DATA / "64a1-transfer-suffices.yaml"), "--dds"])
    assert res.exit_code == 1
    assert res.output.strip() == f"error: {MISSING}"
    assert "Traceback" not in res.output


def test_restrictions_in_force_in_the_restored_position() -> None:
    # A restoration's restrictions accumulate over a whole record: a lead restriction binds only
    # when its player is to lead, a 57A/57D one only when he has still to play to the trick.
    from rulings.models.contract import Contract
    from rulings.models.table import TableState

    table = TableState.start(ENDING, Contract.parse("3NT"), Seat.S, leader=Seat.W)
    texts = ("W must lead H", "E must play highest S", "N must lead S")
    pos = table_position(table, texts)
    assert isinstance(pos, Position) and [r.text for r in pos.restrictions] == ["W must lead H"]
    pos = table_position(table.play(Seat.W, card("S8")), texts)
    assert isinstance(pos, Position) and [r.text for r in pos.restrictions] == ["E must play highest S"]


def test_restriction_texts() -> None:
    r = parse_restriction("N must play highest S")
    assert r is not None and r.extreme == "highest" and r.suit is Suit.SPADES and not r.lead
    r = parse_restriction("W must not lead H")
    assert r is not None and r.lead and not r.must
    assert parse_restriction("declarer N (54A)") is None
    r = parse_restriction("E must play SQ")
    assert r is not None and r.card == card("SQ")
    assert r.narrow([card("SQ"), card("S2")]) == [card("SQ")]


# ----- an independent check of the search: plain minimax over every card, no DDS ----------------
def _minimax(hands: list[set[Card]], trumps: Suit | None, leader: Seat, trick: list[tuple[Seat, Card]], declarer: Seat,
             penalty: frozenset[PenaltyCard], leads: dict[Seat, tuple[Suit, bool]], memo: dict[object, int]) -> int:
    """Declarer's tricks from here, every card of every player tried, the obligations honoured
    to the end: penalty cards (lawful_cards), a lead restriction on its player's next lead,
    a prohibition again on each lead while he keeps the lead."""
    if not any(hands):
        return 0
    key = (tuple(frozenset(h) for h in hands), leader, tuple(trick), tuple(sorted((s.index, v) for s, v in leads.items())))
    if key in memo:
        return memo[key]
    seat = leader.next(len(trick))
    led = trick[0][1].suit if trick else None
    held = frozenset(hands[seat.index])
    pen = frozenset(p for p in penalty if p.seat is seat and p.card in held)
    rule = leads.get(seat) if not trick else None
    required = rule[0] if rule is not None and rule[1] else None
    forbidden = rule[0] if rule is not None and not rule[1] else None
    results = []
    for card in lawful_cards(held, led, pen, frozenset(), required, forbidden):
        hands[seat.index].discard(card)
        now = [*trick, (seat, card)]
        if len(now) == 4:
            suit_led = now[0][1].suit
            winner = max(now, key=lambda sc: (sc[1].suit is trumps, sc[1].suit is suit_led, sc[1].rank))[0]
            after = dict(leads)
            if leader in after:  # he led this trick: a requirement is spent, a prohibition lasts while he wins
                suit, must = after.pop(leader)
                if not must and winner is leader:
                    after[leader] = (suit, must)
            v = (winner.side is declarer.side) + _minimax(hands, trumps, winner, [], declarer, penalty, after, memo)
        else:
            v = _minimax(hands, trumps, leader, now, declarer, penalty, leads, memo)
        hands[seat.index].add(card)
        results.append(v)
    best = max(results) if seat.side is declarer.side else min(results)
    memo[key] = best
    return best


def test_search_agrees_with_plain_minimax_on_random_endings() -> None:
    """Random three- and four-card endings with penalty cards and lead restrictions: the search
    (DDS at its edges, pruned on DDS's bounds, deepened trick by trick) against a minimax that
    tries every card and honours the obligations to the end."""
    needs_endplay()
    rng = random.Random(20260)
    checked = 0
    for k in range(150):
        deck = list(DECK)
        rng.shuffle(deck)
        n = 3 + k % 2
        hands = [set(deck[i * n:(i + 1) * n]) for i in range(4)]
        trumps = rng.choice([None, Suit.SPADES, Suit.HEARTS])
        declarer = rng.choice(list(Seat))
        leader = rng.choice(list(Seat))
        defenders = [s for s in Seat if s.side is not declarer.side]
        penalty = set()
        for s in defenders:
            if rng.random() < 0.5:
                c = rng.choice(sorted(hands[s.index]))
                penalty.add(PenaltyCard(s, c, PenaltyKind.MAJOR if c.is_honour or rng.random() < 0.5 else PenaltyKind.MINOR))
        leads: dict[Seat, tuple[Suit, bool]] = {}
        texts: tuple[str, ...] = ()
        if rng.random() < 0.5:
            s = rng.choice(defenders)
            suit = rng.choice(list(Suit))
            must = rng.random() < 0.5
            leads[s] = (suit, must)
            texts = (f"{s} {'must' if must else 'must not'} lead {suit.letter}",)
        parsed = tuple(r for t in texts if (r := parse_restriction(t)) is not None)
        pos = Position(tuple(frozenset(h) for h in hands), trumps, leader, (), declarer, 0, frozenset(penalty), parsed)
        fig = evaluate(pos)
        expected = _minimax([set(h) for h in hands], trumps, leader, [], declarer, frozenset(penalty), leads, {})
        assert not fig.outlasting, pos
        assert fig.remaining == expected, (pos, fig)
        checked += 1
    assert checked == 150
