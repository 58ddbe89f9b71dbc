"""Law 45D: the 45D1 correction chained with the rules that follow it.

* the designated card does not follow suit: after 45D1 the revoke by dummy is corrected at
  once under 62 (62B; 62B2 no penalty card); checked against the independent oracle: the
  restorations are those of 45D1 with each lawful substitute designated, plus the one extra
  withdrawal of the named card;
* a call that leaves a choice (46B5 here) before dummy places a card: each card the
  defenders may designate, then 45D1 against it (the oracle again), or the placed card stands;
* several misplays / a designation event before the misplay: ruled in record order.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from oracle import oracle_45d1

from rulings.models.cards import Card, Seat
from rulings.solver.casefile import load, loads
from rulings.solver.engine import Reopen, Restoration
from rulings.solver.generate import case_seed, random_misplay_case
from rulings.solver.rulesets.dummy_misplay import LaterMisplay, RecordMisplays, find_all_misplays, find_misplays
from rulings.solver.ruling import Ruling

CASES = Path(__file__).resolve().parents[1] / "cases" / "dummy-misplay"


def rule(mapping: dict[str, Any]) -> list[Restoration]:
    return list(Ruling(loads(yaml.safe_dump(mapping))).restorations())


def with_call(mapping: dict[str, Any], what: str) -> dict[str, Any]:
    """The same record with declarer's call replaced by ``<declarer> calls <what>``."""
    out = dict(mapping)
    out["play"] = [f"{mapping['declarer']} calls {what}" if " calls " in str(line) else line for line in mapping["play"]]
    return out


def canon(key: str, drop_withdrawn: set[str] = frozenset(), drop_ui: set[str] = frozenset()) -> str:  # type: ignore[assignment]
    d = json.loads(key)
    d["withdrawn"] = sorted(w for w in d["withdrawn"] if w not in drop_withdrawn)
    d["unauthorized"] = sorted(u for u in d["unauthorized"] if u not in drop_ui)
    return json.dumps(d, sort_keys=True, separators=(",", ":"))


def revoking_positions(count: int) -> list[tuple[dict[str, Any], Card, Card, tuple[Card, ...]]]:
    """Generated 45D1 positions rewritten so that declarer names a card of dummy's that does
    not follow suit while dummy holds the suit led: (mapping, named, wrong, lawful cards)."""
    out = []
    i = 0
    while len(out) < count and i < 400:
        i += 1
        mapping = random_misplay_case(case_seed(6231, i), dummy_position=2 + i % 3, next_lead=i % 2 == 0,
                                      edition=("2017", "2007")[i % 2])
        replay = loads(yaml.safe_dump(mapping)).replay()
        [m] = find_misplays(replay)
        trick = replay.table.trick(m.trick)
        assert trick is not None
        led = trick.plays[0][1].suit
        nxt = replay.table.trick(m.trick + 1)
        led_next = nxt.card_of(m.dummy) if nxt is not None else None
        hand = replay.table.hand(m.dummy) | {m.wrong} | ({led_next} if led_next is not None else set())
        lawful = tuple(sorted(c for c in hand if c.suit is led))
        off = sorted(c for c in hand if c.suit is not led and c != m.wrong)
        if not lawful or not off:
            continue
        # a card dummy has led to the next trick stands there while the trick is corrected: it
        # is not among the 62B substitutes (as in the revoke cascade)
        subs = tuple(c for c in lawful if c != led_next)
        out.append((with_call(mapping, str(off[0])), off[0], m.wrong, subs))
    return out


@pytest.mark.parametrize("k", range(3))
def test_revoking_designation_is_45d1_then_62_oracle(k: int) -> None:
    positions = revoking_positions(18)
    assert len(positions) >= 12
    for mapping, named, wrong, lawful in positions[k::3]:
        case = loads(yaml.safe_dump(mapping))
        dummy = case.declarer.partner
        side = "NS" if dummy in (Seat.N, Seat.S) else "EW"
        rs = list(Ruling(case).restorations())
        assert rs
        ours: set[str] = set()
        for r in rs:
            card = r.card_of(dummy)
            assert card is not None and card in lawful, "dummy's final card follows suit (62B)"
            assert not r.penalty_cards and not r.established
            assert "62B" in r.laws and "62B2" in r.laws and "45D1" in {s.clause for s in r.path} | {"45D1"}
            assert {f"{w.seat}:{w.card}" for w in r.withdrawn} >= {f"{dummy}:{named}", f"{dummy}:{wrong}"}
            if card != wrong:
                ours.add(canon(r.key(), {f"{dummy}:{named}"}, {f"{side}:{dummy}:{named}"}))
        expected = {canon(key) for x in lawful if x != wrong for key in oracle_45d1(with_call(mapping, str(x)))}
        assert ours == expected, yaml.safe_dump(mapping)


def test_anything_then_45d1_oracle() -> None:
    checked = 0
    for i in range(24):
        mapping = random_misplay_case(case_seed(6232, i), dummy_position=1 + i % 4, next_lead=i % 3 == 0,
                                      edition=("2017", "2007")[i % 2])
        replay = loads(yaml.safe_dump(mapping)).replay()
        [m] = find_misplays(replay)
        anything = with_call(mapping, "anything")
        rs = rule(anything)
        nxt = replay.table.trick(m.trick + 1)
        led_next = nxt.card_of(m.dummy) if nxt is not None else None
        at_call = replay.table.hand(m.dummy) | {m.wrong} | ({led_next} if led_next is not None else set())
        trick = replay.table.trick(m.trick)
        assert trick is not None
        led = trick.plays[0][1].suit if trick.position_of(m.dummy) else None
        lawful = sorted(c for c in at_call if led is None or c.suit is led) or sorted(at_call)
        if len(lawful) == 1:  # one lawful card: it is deemed designated (no choice), then 45D1
            assert {r.key() for r in rs} == oracle_45d1(with_call(mapping, str(lawful[0])))
            assert all(r.path[0].clause in ("45D1", "45D") for r in rs)  # 2007: 45D
            checked += 1
            continue
        assert {r.path[0].choice for r in rs} == {str(c) for c in lawful}
        assert all(r.path[0].clause == "46B5" for r in rs)
        stands = [r for r in rs if r.path[0].choice == str(m.wrong)]
        if m.wrong in lawful:
            [r] = stands
            assert not r.withdrawn and len(r.path) == 1
        ours = {r.key() for r in rs if r.path[0].choice != str(m.wrong)}
        expected = {k for x in lawful if x != m.wrong for k in oracle_45d1(with_call(mapping, str(x)))}
        assert ours == expected, yaml.safe_dump(anything)
        checked += 1
    assert checked == 24


def test_two_misplays_in_time_are_ruled_in_order() -> None:
    case = load(CASES / "own-two-misplays-both-in-time.yaml")
    ruling = Ruling(case)
    assert len(find_all_misplays(ruling.replay)) == 2
    assert isinstance([t for t in ruling.root.agenda if not isinstance(t, Reopen)][-1], LaterMisplay)
    for r in ruling.restorations():
        clauses = [s.clause for s in r.path]
        assert clauses[0] == "45D1" and clauses[-1] == "45D1" and r.path[-1].choice == "C2 played"
        assert r.path[-2].choice == "stands"  # dummy's lead to trick 11 (declaring side) stands first
        assert r.card_of(Seat.N, 11) == Card.parse("C2")
    void = Ruling(load(CASES / "own-second-misplay-void-after-44g.yaml"))
    assert {r.path[-1].choice for r in void.restorations()} == {"void"}


def test_designation_event_first_hands_the_misplay_on() -> None:
    ruling = Ruling(load(CASES / "own-46b1a-high-then-misplay-next-trick.yaml"))
    assert "46A" in ruling.irregularities[0] or "high" in ruling.irregularities[0]
    assert not any("not yet ruled" in n.text for n in ruling.notices)
    [r] = list(ruling.restorations())
    assert [s.clause for s in r.path] == ["46B1(a)", "45D1"]
    # the task the designation rules hand on
    node = ruling.root
    while node.agenda and not isinstance(node.agenda[0], RecordMisplays):
        node = ruling.expand(node)[0][1]
    assert node.agenda and isinstance(node.agenda[0], RecordMisplays)


LEAD_CASE = """
laws: 2017
trick: 10
leader: E
won: {{NS: 5, EW: 4}}
deal: "N:-.K93.-.2 -.54.-.AK -.A2.-.JT -.J.-.Q54"
contract: 3NT
declarer: S
play: [E H5, S H2, W HJ, S calls H3, W C5, S changes to {card} slip, attention E]
"""


def test_44g_after_a_change_of_designation_only_when_the_winner_changes() -> None:
    # H9 for H3: West's jack still wins, his lead stands (44G); HK for H3: dummy wins, the
    # lead goes back and is unauthorized to declarer's side (16C)
    [stays] = list(Ruling(loads(LEAD_CASE.format(card="H9"))).restorations())
    assert [s.clause for s in stays.path][-1] == "44G" and stays.path[-1].choice == "stands"
    assert stays.card_of(Seat.W, 11) == Card.parse("C5") and not stays.ledger
    [back] = list(Ruling(loads(LEAD_CASE.format(card="HK"))).restorations())
    assert back.path[-1].choice == "withdrawn" and back.card_of(Seat.W, 11) is None
    assert back.lead is Seat.N and [(i.seat, str(i.card), str(i.unauthorized)) for i in back.ledger] == [(Seat.W, "C5", "NS")]
    assert not back.penalty_cards
