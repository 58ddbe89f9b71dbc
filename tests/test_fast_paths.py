"""The solver's fast paths against the plain definitions they replace: a restoration's key
written directly against ``json.dumps`` of its canonical form, a whole trick withdrawn in
one step against one card at a time, the substitutes of a cascade against one card replaced
at a time, the reopening tests and the openers' record-line tests against the openers they
spare, a batch of cards placed against one card at a time, the usual spellings of cards and
seats against the full parse, cards as small ints against their suit and rank; and what a
rule looks up in its memo against what it would work out."""

from __future__ import annotations

import json
import pickle
import random
from collections import Counter
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulings.models import parse_case
from rulings.models.cards import DECK, Card, Rank, Suit
from rulings.models.compiled import compiled_build
from rulings.models.errors import RulingError
from rulings.models.events import (
    Attention,
    Choice,
    Chooses,
    ClaimTricks,
    DirectorFinds,
    Play,
    PlayBeforeTurn,
    Remaining,
    Resume,
)
from rulings.models.table import TableState
from rulings.solver.casefile import load
from rulings.solver.generate import cascade_case, case_seed, random_misplay_case, random_revoke_cases, two_cascades_case
from rulings.solver.generate_mixed import random_mixed_case
from rulings.solver.rulesets import get_ruleset, ruleset_names
from rulings.solver.rulesets.base import forget_positions, forget_rulesets
from rulings.solver.ruling import Ruling
from rulings.solver.testing.strategies import revoke_cases

ROOT = Path(__file__).resolve().parents[1]
#: why a test that counts calls through a patched method of the engine skips on a compiled
#: engine (make fast): compiled callers call the methods and read the module's constants
#: directly, never through the patched class or module
COMPILED_CALLERS = ("the engine is compiled by mypyc (make fast): its compiled callers call Composition's methods and "
                    "read the engine's constants directly, never the patched ones (the restorations compared still are)")


def _slow_key(r: object) -> str:
    return json.dumps(r.canonical(), sort_keys=True, separators=(",", ":"))  # type: ignore[attr-defined]


def _cases() -> list[object]:
    out: list[object] = []
    for f in sorted((ROOT / "cases").rglob("*.yaml")):
        try:
            out.append(load(f))
        except RulingError:
            continue
    out += [parse_case(m) for m in random_revoke_cases(300, seed=11)]
    rng = random.Random(5)
    out += [parse_case(random_mixed_case(rng)) for _ in range(150)]
    return out


def test_key_is_the_canonical_json() -> None:
    checked = 0
    for case in _cases():
        try:
            ruling = Ruling(case)  # type: ignore[arg-type]
            for r in ruling.restorations(budget=5000):
                assert r.key() == _slow_key(r)
                checked += 1
        except RulingError:
            continue
    assert checked > 3000


def _replayed_tables() -> list[TableState]:
    """The tables of the random revoke cases and mixed records, as replayed."""
    out: list[TableState] = []
    for case in _cases()[-450:]:
        try:
            out.append(case.replay().table)  # type: ignore[attr-defined]
        except RulingError:
            continue
    return out


def _rulings(cases: list[object], *, cold: bool) -> list[object]:
    """Every restoration's key and steps of each case; ``cold``: each case solved with the
    rule sets' memos emptied first."""
    out: list[object] = []
    for case in cases:
        if cold:
            for name in ruleset_names():
                get_ruleset(name).memo.clear()
        try:
            ruling = Ruling(case)  # type: ignore[arg-type]
            out.append([(r.key(), [(s.actor, s.kind, s.clause, s.text, s.also, s.question, s.choice) for s in r.path])
                        for r in ruling.restorations(budget=5000)])
        except RulingError as err:
            out.append(str(err))
    return out


def _with_a_penalty_card(mappings: list[dict[str, Any]]) -> list[object]:
    """Each case, and the same case with a minor penalty card in force from the start for a
    defender, one of his cards no line of the record names: the same positions with other
    penalty cards in force (a variant the record no longer allows is left out)."""
    out: list[object] = []
    for m in mappings:
        case = parse_case(m)
        out.append(case)
        named = {token for line in m["play"] for token in str(line).split()}
        for seat in (case.declarer.lho, case.declarer.rho):
            spare = next((c for c in sorted(case.deal[seat]) if str(c) not in named), None)
            if spare is None:
                continue
            try:
                out.append(parse_case({**m, "penalty": [f"{seat} {spare} minor"]}))
            except RulingError:
                continue
    return out


def test_rule_memo_changes_no_ruling() -> None:
    """What a rule looks up in its rule set's memo (the steps of a cascade position, of a
    lead to the next trick) is what it would work out: each case solved after the others
    filled the memo (in the reverse order) rules as each solved with the memos empty. A key
    that left out something the steps depend on would hand one case another's steps."""
    cases = _cases()
    cases += [parse_case(m) for m in random_revoke_cases(200, seed=23, edition="2007")]
    cases += _with_a_penalty_card(list(random_revoke_cases(150, seed=29)))
    cases += [parse_case(two_cascades_case(n, edition=ed)) for n in (3, 10) for ed in ("2017", "2007")]
    _rulings(cases[::-1], cold=False)
    warm = _rulings(cases, cold=False)
    assert warm == _rulings(cases, cold=True)
    assert any(isinstance(x, list) and len(x) > 10 for x in warm)


def test_withdraw_trick_is_each_card_withdrawn_in_turn() -> None:
    tables = 0
    for table in _replayed_tables():
        for t in table.tricks:
            for restore in (True, False):
                step = table
                for s, c in t.plays:
                    step = step.replace_card(t.number, s, None, restore_penalty=restore, card=c, lead_read_again=False)
                bulk = table.withdraw_trick(t.number, restore_penalty=restore)
                assert bulk == step and bulk.holding == step.holding
                since = {(p.card, p.since) for p in step.penalty_cards}  # not part of a penalty card's identity
                assert {(p.card, p.since) for p in bulk.penalty_cards} == since
                tables += 1
    assert tables > 1000


def test_substitutes_are_each_card_replaced() -> None:
    from rulings.models.table import PenaltyKind

    tables = 0
    for table in _replayed_tables():
        for t in table.tricks:
            for s, old in t.plays[:1] + t.plays[-1:]:
                subs = [*sorted(table.hand(s))[:4], old]
                for restore in (True, False):
                    for kind in (None, PenaltyKind.MAJOR, PenaltyKind.MINOR):
                        bulk = table.substitutes(t.number, s, subs, restore_penalty=restore, penalty=kind)
                        for sub, got in zip(subs, bulk, strict=True):
                            one = table.replace_card(t.number, s, sub, restore_penalty=restore)
                            if kind is not None:
                                one = one.with_penalty(s, old, kind)
                            assert got == one and got.holding == one.holding
                            assert [(w.replaced_by, w.trick) for w in got.withdrawn] == [(w.replaced_by, w.trick) for w in one.withdrawn]
                            assert {(p.card, p.since) for p in got.penalty_cards} == {(p.card, p.since) for p in one.penalty_cards}
                            tables += 1
    assert tables > 3000


def test_reopen_states_never_skip_a_finding() -> None:
    """An opener a ``REOPEN_STATE`` test rules out on a rectified table (where the engine
    reopens the record) finds nothing there."""
    from unittest import mock

    from rulings.solver.engine import Node
    from rulings.solver.rulesets.base import RuleSet

    seen: list[object] = []
    original = RuleSet.worth_reopening

    def spy(self: RuleSet, table: object, record: object, names: frozenset[str]) -> frozenset[str]:
        seen.append(table)
        return original(self, table, record, names)  # type: ignore[arg-type]

    skipped = found = 0
    with mock.patch.object(RuleSet, "worth_reopening", spy):
        for case in _cases():
            seen.clear()
            try:
                ruling = Ruling(case)  # type: ignore[arg-type]
                for _ in ruling.restorations(budget=2000):
                    pass
            except RulingError:
                continue
            if len(ruling._segments) > 1:  # (the parts the engine plays: a spread the table played on from, 54A, cuts one too)
                continue  # a later part is reopened around its own replay
            rs = ruling.ruleset
            openers = dict(rs.openers)
            for table in seen[:200]:
                replay = ruling.replay.with_table(table, reopened=True)  # type: ignore[arg-type]
                for name, test in rs.reopen_states.items():
                    opening = openers[name](rs, replay, Node(table))  # type: ignore[operator, arg-type]
                    if not test(table, ruling.replay):  # type: ignore[arg-type]
                        assert opening is None, (case, name)
                        skipped += 1
                    elif opening is not None:
                        found += 1
    assert skipped > 1000 and found > 10  # both kinds of table are met


def test_first_cards_taken_off_are_the_record_replayed_to_them() -> None:
    """``first_played`` (the later cards taken off the tricks, back into the hands, with the
    revokes they made) gives the table of the record's start with those first cards played
    again: tricks, hands, revokes, plays out of turn, penalty cards and lead restrictions;
    rectified tables (a withdrawn card: replayed) too."""
    from rulings.solver.generate import case_seed, random_misplay_case

    def fields(t: TableState) -> tuple[object, ...]:
        return (t, t.holding, t.revokes, t.out_of_turn, t.penalty_cards, t.played_penalty, t.lead_rules)

    tables = [*_replayed_tables()]
    tables += [parse_case(random_misplay_case(case_seed(45_100, i))).replay().table for i in range(300)]
    tables += [r.table for i in range(40) for r in Ruling(parse_case(random_misplay_case(case_seed(45_100, i)))).restorations()]
    checked = revokes = 0
    for table in tables:
        rows = [(s, c) for _, s, c in table.plays()]
        for count in range(1, len(rows) + 1):
            assert fields(table.first_played(count)) == fields(table.restart().play_many(rows[:count]))
            checked += 1
        revokes += bool(table.revokes)
    assert checked > 5000 and revokes > 100


def test_a_named_misplay_is_that_of_the_table_at_the_call() -> None:
    """A call naming a card, read off the replayed table (``_named_misplay``: dummy's hand
    at the call and the suit led, without the table at the call), is the misplay the table
    at the call gives (``_classify``), wherever the fast reading answers; it answers on most
    45D1 positions, and it declines a card dummy did not hold at the call."""
    from rulings.models.events import Call, Play
    from rulings.solver.rulesets import dummy_misplay as dm

    cases = [parse_case(random_misplay_case(case_seed(45_100, i), edition="2007" if i % 2 else "2017")) for i in range(600)]
    cases += _cases()  # (the corpus: designated cards that do not follow suit, invalid designations)
    checked = declined = unfollowed = 0
    for case in cases:
        try:
            replay = case.replay()  # type: ignore[attr-defined]
        except RulingError:
            continue
        table, before = replay.table, replay.before
        for call, placed in pairwise(before):
            if not (isinstance(call, Call) and call.seat is table.declarer and call.what.kind == "card"
                    and isinstance(placed, Play) and placed.seat is table.dummy and placed.card != call.what.card):
                continue
            where = dm._placed_at(table, table.dummy, placed.card)
            if where is None:
                continue
            fast = dm._named_misplay(table, call, placed, *where)
            try:
                slow = dm._classify(dm._table_at(table, where[0]), call, None, placed, where[1], dm.DEFAULT_POLICY)
            except RulingError:
                slow = None
            if fast is None:
                declined += 1
                continue
            assert fast == slow
            checked += 1
            unfollowed += not fast.designated_follows
    assert checked > 500 and declined < checked and unfollowed


def test_a_batch_of_cards_is_each_card_placed_in_turn() -> None:
    """``play_many`` (the hands changed once at the end, the cards placed so far one set)
    gives the table of the cards placed one at a time: the tricks, revokes, plays out of
    turn, penalty cards and hands; and the same error, at the same card, for a card the
    player no longer holds."""
    from rulings.models.events import Play

    tables = errors = 0
    for case in _cases():
        try:
            start = case.initial_state()  # type: ignore[attr-defined]
        except RulingError:
            continue
        plays = [(e.seat, e.card) for e in case.first_segment if isinstance(e, Play)]  # type: ignore[attr-defined]
        for cut in sorted({len(plays), len(plays) // 2}):
            batch = plays[:cut]
            one = start
            failed: str | None = None
            for i, (seat, card) in enumerate(batch):
                try:
                    one = one.play(seat, card)
                except RulingError as err:
                    failed = f"{i}: {err}"
                    break
            try:
                got = start.play_many(batch)
            except RulingError as err:
                assert failed == f"{err.index}: {err}"
                errors += 1
                continue
            assert failed is None
            assert got == one and got.holding == one.holding
            tables += 1
    # a card played twice: refused at that card
    case = _cases()[-1]
    start = case.initial_state()  # type: ignore[attr-defined]
    seat = start.first_leader
    card = sorted(start.hand(seat))[0]
    with pytest.raises(RulingError) as caught:
        start.play_many([(seat, card), (seat.lho, sorted(start.hand(seat.lho))[0]), (seat, card)])
    assert caught.value.index == 2 and "already played" in str(caught.value)
    assert tables > 900


def test_opener_lines_never_skip_a_finding() -> None:
    """An opener the rule set does not run on a record (none of the record lines it needs,
    ``OPENER_LINES``, and its table test, ``OPENER_STATE``, false) finds nothing there."""
    from rulings.solver.engine import Node

    skipped = 0
    for case in _cases():
        try:
            ruling = Ruling(case)  # type: ignore[arg-type]
        except RulingError:
            continue
        rs, replay = ruling.ruleset, ruling.replay
        for name, opener in rs.openers:
            needs = rs.lines.get(name)
            state = rs.states.get(name)
            if needs is None or not replay.line_kinds.isdisjoint(needs) or (state is not None and state(replay.table)):
                continue
            try:
                opening = opener(rs, replay.with_table(replay.table), Node(replay.table))  # type: ignore[arg-type]
            except RulingError:
                continue
            assert opening is None, (case, name)
            skipped += 1
    assert skipped > 1000


def _kinds_read_line_by_line(events: tuple[object, ...]) -> frozenset[type]:
    """``line_kinds_of`` read the plain way: the kinds of line, with PlayBeforeTurn where a
    seat has two play lines among four in a row (of play lines only, four to a trick until a
    ``resume`` line; else any four in a row)."""
    kinds = {type(e) for e in events}
    plain = kinds <= {Play, Attention, DirectorFinds, Choice, Chooses, Resume, ClaimTricks, Remaining}
    group: list[object] = []  # (the seats of the play lines read since the last group of four began)
    for e in events:
        if type(e) is Resume:
            plain = False  # (from here any four in a row, the seats read so far among them)
        elif type(e) is Play:
            if e.seat in group:  # type: ignore[attr-defined]
                return frozenset(kinds | {PlayBeforeTurn})
            group.append(e.seat)  # type: ignore[attr-defined]
            if plain and len(group) == 4:
                group = []
            elif not plain:
                group = group[-3:]
    return frozenset(kinds)


def test_kinds_of_line_and_end_of_play_are_the_plain_reading() -> None:
    """A record's kinds of line (``line_kinds_of``, ``Case.line_kinds``; its parts,
    ``Case.segments``) and how its first part ends play (``end_of_play`` without a claim or
    ``remaining`` line: the thirteenth trick complete) are what a line-by-line reading gives,
    on the corpus, random records and the same records with their lines shuffled (a seat
    twice among four play lines in a row)."""
    from rulings.models.case import line_kinds_of
    from rulings.solver.rulesets.established_revoke import end_of_play

    rng = random.Random(7)
    cases = _cases()
    records = [case.events for case in cases]  # type: ignore[attr-defined]
    shuffled = [tuple(rng.sample(events, len(events))) for events in records for _ in range(2)]
    doubled = 0
    for events in (*records, *shuffled):
        plain = _kinds_read_line_by_line(events)
        assert line_kinds_of(events) == plain, events
        doubled += PlayBeforeTurn in plain
    assert doubled > 500
    ended = 0
    for case in cases:
        assert case.line_kinds == _kinds_read_line_by_line(case.events)  # type: ignore[attr-defined]
        cut = [i for i, e in enumerate(case.events) if isinstance(e, Resume)]  # type: ignore[attr-defined]
        parts = [case.events[a + 1 if a >= 0 else 0:b] for a, b in zip([-1, *cut], [*cut, len(case.events)], strict=True)]  # type: ignore[attr-defined]
        assert case.segments == tuple(parts)  # type: ignore[attr-defined]
        try:
            replay = case.replay()  # type: ignore[attr-defined]
        except RulingError:
            continue
        if ClaimTricks in replay.line_kinds or Remaining in replay.line_kinds:
            continue
        done = [t.number for t in replay.table.tricks if t.is_complete]
        end = end_of_play(replay)
        assert (end is not None) == (bool(done) and done[-1] == 13), case
        ended += end is not None
    assert ended > 20


def test_usual_spellings_parse_as_the_full_parse() -> None:
    """The seats, cards and ranks ``parse`` reads with one lookup are those of the full
    parse (spaces, words, ``10`` and symbols go the long way), and a hand in lower case
    parses as in capitals."""
    from rulings.models.cards import RANKS_HIGH_FIRST, Seat
    from rulings.models.deal import Hand

    for c in DECK:
        letter = "10" if c.rank is Rank.TEN else c.rank.letter
        for token in (c.text, c.text.lower(), c.suit.letter + letter, (c.suit.letter + letter).lower(), f" {c.text} ",
                      c.suit.symbol + letter):
            assert Card.parse(token) is c
    for seat in Seat:
        for token in (seat.value, seat.value.lower(), f" {seat.value} ", seat.name):
            assert Seat.parse(token) is seat
    for rank in RANKS_HIGH_FIRST:
        assert Rank.parse(rank.letter) is rank and Rank.parse(rank.letter.lower()) is rank
    hand = "AKT2.Q109.-.J3"
    assert Hand.parse(hand.lower()) == Hand.parse(hand) == Hand.parse("AKT2.QT9.-.J3")
    with pytest.raises(RulingError):
        Hand.parse("AKX2.Q.-.J")


def test_cards_are_small_ints_read_as_cards() -> None:
    assert len(DECK) == 52 and len(set(DECK)) == 52
    for c in DECK:
        assert c == 16 * c.suit.order + int(c.rank) and hash(c) == int(c)
        assert Card(c.suit, c.rank) is c and Card.parse(c.text) is c and pickle.loads(pickle.dumps(c)) is c
        assert str(c) == c.text and f"{c}" == c.text and f"{c:>3}" == f"{c.text:>3}"
    assert sorted(DECK) == sorted(DECK, key=lambda c: (c.suit.order, c.rank))
    with pytest.raises(AttributeError):
        Card.parse("SA").rank = Rank.TWO  # type: ignore[misc]
    with pytest.raises(TypeError):
        Card("S", Rank.ACE)  # type: ignore[arg-type]
    assert Card(Suit.SPADES, Rank.ACE) != Card(Suit.HEARTS, Rank.ACE)


def _enumerated(case: object, *, grouped: bool) -> object:
    """Each restoration's number, key, path and node (its table read), in order, then the
    lead options due (those the restorations leave unenumerated read on built leaves
    without their tables); with ``grouped`` False every group of substitutes is made edges
    and settled one by one."""
    try:
        ruling = Ruling(case)  # type: ignore[arg-type]
        ruling.build_alike = grouped
        leaves = [(r.number, r.key(), r.path, r.node, r.penalty_cards, r.withdrawn, r.lead)
                  for r in ruling.restorations(budget=5000)]
        return leaves, ruling.options_due
    except RulingError as err:
        return str(err)


#: a lead that broke a lead restriction, played on to the end of its trick: the revoker's
#: substitutes lead different suits, so the cards after them are ruled differently
_FORBIDDEN_LEAD_PLAYED_ON = {
    "title": "a heart lead declarer forbade, the trick played on", "laws": 2017, "contract": "4S", "declarer": "S",
    "deal": "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6",
    "play": ["W DQ", "N DA", "E exposes HK dropped visible_to_partner", "E D4", "S D7", "N D2", "E D5", "S D8", "W D9",
             "S forbids H", "W CA", "N C2", "E C5", "S C7", "W H7", "N H3", "E H4", "S HA", "attention S"],
}


#: a card exposed after dummy's misplay, among the substitutes of its owner's later card to
#: the corrected trick: the exposure is ruled after the 45D1 cascade where the card is still
#: in his hand, not where he played it, so the children are told apart by an opener the
#: reopening look runs whole (no REOPEN_STATE test)
_EXPOSED_CARD_A_SUBSTITUTE = {
    "title": "a revoke, a misplay, a card exposed that may be a substitute", "laws": 2017, "contract": "3D",
    "declarer": "N", "deal": "W:AKJ2.AJ62.82.72 93.T943.QJT43.9 QT74.KQ5.AK.JT6 865.87.9765.AQ5",
    "trick": 2, "leader": "N", "won": {"NS": 1, "EW": 0},
    "play": ["N H4", "E HQ", "S H8", "W S2", "E H5", "S H7", "W H2", "N H9", "N H3", "E HK", "S CA", "W HA", "W C7",
             "N C9", "E CT", "S CQ", "N calls S5", "S D7", "W D2", "N D4", "W exposes SA held_near_table not_visible_to_partner",
             "attention N"],
}


def test_substitution_groups_change_no_restoration() -> None:
    """The children of a group of substitutes whose ruling the first child of their class
    stands for are built from its leaves (``Composition.restorations``): the same
    restorations, in the same order, as each child made, expanded and settled. The cases
    take every kind: children that are leaves, children the rule says are ruled alike
    (``Substitutions.classes``), of one class or of several (the first of a later class
    made after the others were built), groups within groups, and first children whose
    ruling opened something else (then every child is made)."""
    cases = _cases()
    cases += [parse_case(m) for m in random_revoke_cases(150, seed=31, edition="2007")]
    cases += _with_a_penalty_card(list(random_revoke_cases(100, seed=37)))
    cases += [parse_case(two_cascades_case(n, edition=ed)) for n in (3, 10, 30) for ed in ("2017", "2007")]
    cases += [parse_case(cascade_case(n)) for n in (100, 300)] + [parse_case(_FORBIDDEN_LEAD_PLAYED_ON)]
    cases += [parse_case(_EXPOSED_CARD_A_SUBSTITUTE)]
    cases += [parse_case(random_mixed_case(random.Random(i), edition="2007" if i % 3 == 0 else "2017")) for i in range(0, 600, 2)]
    cases += [parse_case(random_misplay_case(case_seed(45_100, i), edition="2007" if i % 2 else "2017")) for i in range(400)]
    from unittest import mock

    from rulings.solver import engine
    from rulings.solver.engine import Composition, _Derived

    kinds: Counter[str] = Counter()
    others = Composition._others

    def counted(self: Composition, rep: Any) -> object:
        made = others(self, rep)
        kinds["made" if made is not None else "built"] += 1
        if rep.index:  # (a child made after others were built: the first of another class)
            kinds["class"] += 1
        return made

    for case in cases:
        with mock.patch.object(engine, "_LAZY_FROM", 1):  # (every group, however small)
            assert _enumerated(case, grouped=True) == _enumerated(case, grouped=False), case
        assert _enumerated(case, grouped=True) == _enumerated(case, grouped=False), case
        try:
            with mock.patch.object(Composition, "_others", counted):
                for r in Ruling(case).restorations(budget=5000):  # type: ignore[arg-type]
                    if isinstance(r, _Derived):
                        source = r._source
                        # (a child that is a leaf: its path ends with its step)
                        child_is_leaf = len(source.path) == len(r._prefix) + 1
                        kinds["nested" if isinstance(source, _Derived) else "leaf" if child_is_leaf else "alike"] += 1
        except RulingError:
            continue
    if compiled_build():
        pytest.skip(COMPILED_CALLERS)
    assert all(kinds[k] > 100 for k in ("nested", "alike", "leaf", "built", "class")) and kinds["made"] > 0, kinds


def test_built_restorations_are_those_made_in_mixed_records() -> None:
    """On 2,000 random mixed records (two or three irregularities of different families,
    either edition), every restoration built from another child's is the one made and
    expanded. Whole records are where a later irregularity may tell a group's children
    apart (``make bench`` section 13 sweeps 20,000 more, and 20,000 45D1 positions)."""
    for i in range(2000):
        case = parse_case(random_mixed_case(random.Random(i), edition="2007" if i % 3 == 0 else "2017"))
        assert _enumerated(case, grouped=True) == _enumerated(case, grouped=False), i


@settings(max_examples=250, derandomize=True, database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(revoke_cases(), revoke_cases(penalty_cards=1), revoke_cases(penalty_cards=2)))
def test_built_restorations_are_those_made(mapping: dict[str, Any]) -> None:
    """On random revoke positions (either edition; no penalty card in force, one, or two),
    every restoration built from a group's first child is the one made and expanded: the
    same number, key, path, node, penalty cards, withdrawn cards and lead, in the same order."""
    case = parse_case(mapping)
    assert _enumerated(case, grouped=True) == _enumerated(case, grouped=False)


@pytest.mark.skipif(compiled_build(), reason=COMPILED_CALLERS)
def test_reopen_look_is_the_same_for_substitutes() -> None:
    """The reopening look of a group's first child's leaves stands for the others' leaves
    built from them (``Composition._same_look``): every ``REOPEN_STATE`` test says the same
    of every leaf built and of the leaf it is built from."""
    from unittest import mock

    from rulings.solver.engine import Composition

    original = Composition._others
    checked = 0

    def check(self: Composition, rep: Any) -> object:
        nonlocal checked
        made = original(self, rep)
        if made is None:
            group = rep.group
            record = self.replay
            for leaf in rep.leaves:
                table = leaf.node.table
                for card in group.subs[1:]:
                    built = table.with_cards([(group.trick, group.seat, card)])
                    checked += 1
                    for name, test in self.book.reopen_states.items():  # type: ignore[attr-defined]
                        assert test(built, record) == test(table, record), (name, group)
        return made

    from rulings.solver import engine

    cases = _cases() + _with_a_penalty_card(list(random_revoke_cases(100, seed=41)))
    cases += [parse_case(two_cascades_case(n)) for n in (10, 30)]
    cases += [parse_case(random_misplay_case(case_seed(45_100, i))) for i in range(200)]
    # (every group, however small: the look's sameness does not depend on the group's size)
    with mock.patch.object(Composition, "_others", check), mock.patch.object(engine, "_LAZY_FROM", 1):
        for case in cases:
            try:
                for _ in Ruling(case).restorations(budget=5000):  # type: ignore[arg-type]
                    pass
            except RulingError:
                continue
    assert checked > 1000


def _cycle_workload(kind: str, seed: int, n: int) -> list[object]:
    """``n`` random records of ``kind``, parsed, the editions alternating: revoke positions
    (with the composed record of two cascades), Law 45D1 positions, designation records,
    mixed records, and records in parts (:func:`_played_on`)."""
    from rulings.solver.generate import random_kind_case

    mappings: list[dict[str, Any] | None] = []
    for i in range(n):
        edition = ("2017", "2007")[i % 2]
        rng = case_seed(seed, i)
        if kind == "revoke":
            mappings.append(random_kind_case("revoke", rng, edition=edition))
        elif kind == "45D1":
            mappings.append(random_misplay_case(rng, edition=edition))
        elif kind == "designation":
            mappings.append(random_kind_case("designation", rng, edition=edition))
        elif kind == "mixed":
            mappings.append(random_mixed_case(rng, edition=edition))
        else:
            mappings.append(_played_on(seed + i))
    if kind == "revoke":
        mappings.append(two_cascades_case(10, edition=("2017", "2007")[seed % 2]))
    cases: list[object] = []
    for m in mappings:
        if m is not None:
            try:
                cases.append(parse_case(m))
            except RulingError:
                continue
    return cases


def _enumerate_all(cases: list[object]) -> None:
    for case in cases:
        try:
            for r in Ruling(case).restorations(budget=5000):  # type: ignore[arg-type]
                r.key()
        except RulingError:
            continue


@pytest.mark.parametrize("kind", ["revoke", "45D1", "designation", "mixed", "parts"])
def test_restorations_leave_no_cycles(kind: str) -> None:
    """What an enumeration makes is freed as it is dropped: no reference cycle (a restoration
    built when read and what it shares with its group; compiled, a nested function and the
    environment that keeps it) is left to the collector. Random records of each kind, both
    editions: after 20 records of the kind ruled first (what is made once, the data classes'
    methods written on their first call, is not counted), 150 records leave fewer than 50
    objects to the collector (a cycle made on every record would leave 300 or more: a
    nested function and its environment are two)."""
    import gc

    _enumerate_all(_cycle_workload(kind, 7_100, 20))
    cases = _cycle_workload(kind, 7_300, 150)
    assert len(cases) > 100
    gc.collect()
    gc.disable()
    try:
        _enumerate_all(cases)
        left = gc.collect()
    finally:
        gc.enable()
    assert left < 50, left


def _played_on(seed: int) -> dict[str, Any] | None:
    """A random record (mixed, 45D1, revoke or established revokes) with attention drawn and
    play resumed before its own attention line, once or (one in five) twice: a record in
    parts, each later part played on from every restoration of the parts before it."""
    from rulings.solver.generate import random_established_case, random_kind_case

    rng = random.Random(seed)
    kind = ("mixed", "misplay", "revoke", "established")[seed % 4]
    edition = "2007" if seed % 2 else "2017"
    m = (random_mixed_case(rng) if kind == "mixed" else random_established_case(rng, edition=edition) if kind == "established"
         else random_kind_case(kind, rng, edition=edition, full_hand=seed % 3 == 0))
    play = [str(line) for line in m["play"]]
    first = next((i for i, line in enumerate(play) if line.startswith("attention")), len(play))
    if first < 2:
        return None
    cut = rng.randint(1, first - 1)
    play = [*play[:cut], f"attention {rng.choice('NESW')}", "resume", *play[cut:]]
    if seed % 5 == 0 and first > cut + 2:
        again = rng.randint(cut + 3, first + 2)
        play = [*play[:again], f"attention {rng.choice('NESW')}", "resume", *play[again:]]
    m.pop("expect", None)
    return {**m, "play": play}


def _parted_cases() -> list[object]:
    """Records in parts: the corpus's, random ones (:func:`_played_on`) and composed records."""
    out: list[object] = []
    for f in sorted((ROOT / "cases").rglob("*.yaml")):
        if "resume" in f.read_text(encoding="utf-8"):
            try:
                out.append(load(f))
            except RulingError:
                continue
    for seed in range(240):
        mapping = _played_on(seed)
        if mapping is not None:
            try:
                out.append(parse_case(mapping))
            except RulingError:
                continue
    out += [parse_case(two_cascades_case(n, edition=ed)) for n in (3, 10, 30) for ed in ("2017", "2007")]
    return out


def _whole(cases: list[object]) -> list[object]:
    """Each case's restorations (key and steps) and its irregularities and notices."""
    out: list[object] = []
    for case in cases:
        try:
            ruling = Ruling(case)  # type: ignore[arg-type]
            out.append(([(r.key(), r.path) for r in ruling.restorations(budget=5000)], ruling.irregularities,
                        tuple(map(str, ruling.notices))))
        except RulingError as err:
            out.append(str(err))
    return out


#: a composed record whose first ruling's group of South's substitutes (62C1: he may change
#: his club after dummy's correction) spans three suits: South's one heart among them leaves
#: him void in hearts when he plays it, so the later part, where he discards on a heart
#: lead, revokes or not as he changed
_SUBSTITUTES_OF_THREE_SUITS = {
    "title": "a later part that reads whether the seat kept a heart", "laws": 2017, "contract": "3NT", "declarer": "W",
    "deal": "N:T98765432.A.. AKQ.KQJT987.. .5.AKQJT.5432 J.6432.9876.A", "trick": 4, "leader": "N",
    "won": {"NS": 1, "EW": 2},
    "play": ["N S2", "E HK", "S C2", "W SJ", "attention S", "resume", "E HK", "S C2", "W H2", "N HA", "attention W"],
}


def _later_part_cases() -> list[object]:
    """Records in parts whose first rulings have groups of substitutes, each later part played
    on from their restorations: composed records; the record of three cascades whose third
    part plays one of dummy's substitutes of the first (its first child cannot go on:
    none of its restorations stands for the others'); substitutes of three suits
    (:data:`_SUBSTITUTES_OF_THREE_SUITS`); random records in parts where a later line plays a
    substitute of an earlier group."""
    composed = two_cascades_case(3)
    cases = [parse_case({**composed, "play": [*composed["play"], "resume", "N S3", f"E {card}", "S D5", "W C7", "attention N"]})
             for card in ("SA", "SK", "SQ")]
    cases.append(parse_case(_SUBSTITUTES_OF_THREE_SUITS))
    cases += [parse_case(two_cascades_case(n, edition=ed)) for n in (3, 10, 30) for ed in ("2017", "2007")]
    for seed in (2604, 3856, 17392):
        mapping = _played_on(seed)
        assert mapping is not None
        cases.append(parse_case(mapping))
    return cases


def _ruled(case: object, *, grouped: bool) -> object:
    """:func:`_enumerated` with each restoration's ledger and laws, then what the ruling
    says: irregularities (found later, not met), notices, and their lines."""
    try:
        ruling = Ruling(case)  # type: ignore[arg-type]
        ruling.build_alike = grouped
        leaves = [(r.number, r.key(), r.path, r.node, r.penalty_cards, r.withdrawn, r.ledger, r.lead, r.laws)
                  for r in ruling.restorations(budget=20000)]
        return (leaves, ruling.irregularities, tuple(ruling.found_later), ruling.not_met, ruling.notices,
                ruling.provisional, ruling.irregularity_lines, ruling.options_due)
    except RulingError as err:
        return str(err)


def test_later_parts_played_on_once_per_class() -> None:
    """A group of substitutes followed by a later part of the record plays that part on from
    the first child of each class only, where nothing the part reads of a child's table can
    differ within the class (``Composition._later_blind``, ``_winner_blind``, ``_kept_later``):
    the same restorations, irregularities and notices as every child made and played on.
    The cases fail when a condition is left out: the first child's card played by a later
    line (with the texts that name it unread), substitutes of several suits in one class."""
    from unittest import mock

    from rulings.solver.engine import Composition

    kept: Counter[bool] = Counter()
    original = Composition._kept_later

    def counted(self: Composition, rep: Any) -> bool:
        answer = original(self, rep)
        kept[answer] += 1
        return answer

    cases = _later_part_cases()
    with mock.patch.object(Composition, "_kept_later", counted):
        for case in cases:
            assert _ruled(case, grouped=True) == _ruled(case, grouped=False), case
    if compiled_build():
        pytest.skip(COMPILED_CALLERS)
    assert kept[True] > 10, kept
    # the composed record of 1,080 restorations plays its second part on from 10 of the 30
    # restorations of its first ruling
    resumed = Counter[int]()
    resume = Composition._resume

    def counting(self: Composition, node: Any, task: Any) -> object:
        resumed[task.segment] += 1
        return resume(self, node, task)

    with mock.patch.object(Composition, "_resume", counting):
        assert sum(1 for _ in Ruling(parse_case(two_cascades_case(30))).restorations()) == 1080
    assert resumed[0] == 10, resumed


def test_later_parts_sharing_on_random_records_in_parts() -> None:
    """Random records in parts (:func:`_played_on`), both ways: every child made and played
    on, and the later parts played on once per class where the rule allows."""
    for seed in range(600):
        mapping = _played_on(seed)
        if mapping is None:
            continue
        try:
            case = parse_case(mapping)
        except RulingError:
            continue
        assert _ruled(case, grouped=True) == _ruled(case, grouped=False), seed


#: Records in parts where playing a later part on once for a class of a group's children would
#: be wrong, each kept from it by one condition of ``Composition._later_blind``. In each, South
#: (declarer) revokes on trick 8 (D5 on dummy's S2, holding S4) and corrects with S4; West, who
#: played last to the trick, may then change his spade (62C1) to either of two others, which win
#: the trick alike and are one class (no later position of the cascade reads them).
_LATER_PART_READS_THE_CLASS: dict[str, dict[str, Any]] = {
    # West played SK and may change to SA or S9: the king back in his hand ranks between them.
    # East then plays before his partner to South's S7 (57A): declarer may bid West play his
    # highest or his lowest spade, and West plays SK, which keeps the one and breaks the other
    # (61A) as West kept S9 or SA; his side plays to trick 11, establishing it (the rank
    # condition: the class's cards with another of the seat's suit ranked between them)
    "rank": {
        "contract": "3NT", "deal": "N:2.5..5432 38.3.432. 47.A.765. AK9.2..76",
        "play": ["N S2", "E S3", "S D5", "W SK", "attention W", "resume", "W H2", "N H5", "E H3", "S HA", "S S7", "E S8",
                 "attention N", "resume", "W SK", "N C2", "E S8", "W C6", "N C3", "E D2", "S D6", "attention S"],
    },
    # West played S8 and may change to SK or S9. Declarer calls 'win' from dummy, on lead with
    # ST: the ten is known to win (46B1(b)) only where West kept S9, not SK (a line that is no
    # card played: the rule reads the defenders' cards against dummy's)
    "call": {
        "contract": "3NT", "deal": "N:T2.A..432 3.3.32.KQ 4.4.8765. K98.2..AJ",
        "play": ["N S2", "E S3", "S D5", "W S8", "attention W", "resume", "W H2", "N HA", "E H3", "S H4", "S calls win",
                 "attention E"],
    },
    # Spades are trumps; West played S8 and may change to SK or S9. South ruffs dummy's HA
    # with ST holding H4 (a revoke) and play ends with 'remaining': whether West, still to
    # play, could overruff (he kept SK) decides whether the director finds who won the revoke
    # trick (64A1 or 64A2): the record's `remaining` line, which is also a line of the later
    # part that is no card played (either condition keeps the class apart)
    "remaining": {
        "contract": "4S", "deal": "N:2.A5..A32 3.63.2.KQ T4.4.765. K98..98.J",
        "play": ["N S2", "E S3", "S D5", "W S8", "attention W", "resume", "W CJ", "N CA", "E CQ", "S D6", "N HA", "E H3",
                 "S ST", "remaining NS 2 EW 2"],
    },
}


@pytest.mark.parametrize("name", sorted(_LATER_PART_READS_THE_CLASS))
@pytest.mark.parametrize("laws", [2017, 2007])
def test_later_part_that_reads_the_class_is_played_on_from_each_child(name: str, laws: int) -> None:
    """A later part that reads which of a class's cards the seat kept (the rank of his other
    card between them, dummy's card known to win, a trick the seat could still overruff) is
    played on from every child: the same restorations as every child made, and the class's
    children's rulings of the later part differ (the record stays one that would break if the
    condition that keeps it apart were left out of ``Composition._later_blind``)."""
    mapping = {"title": name, "laws": laws, "declarer": "S", "trick": 8, "leader": "N", "won": {"NS": 4, "EW": 3},
               **_LATER_PART_READS_THE_CLASS[name]}
    case = parse_case(mapping)
    assert _ruled(case, grouped=True) == _ruled(case, grouped=False)
    by_change: dict[str, set[tuple[str, ...]]] = {}
    for r in Ruling(case).restorations():
        change = r.path[1].choice
        if change.startswith("change to"):
            by_change.setdefault(change, set()).add(tuple(s.choice for s in r.path[2:]))
    assert len(by_change) == 2 and len({frozenset(v) for v in by_change.values()}) == 2, by_change


#: West revokes on trick 6 (DQ on South's HT) and corrects with H7 or H4 (one class: the ten
#: beats both); North may change H5, then East H3 (HQ wins the trick). Played on: South leads
#: S6 (in turn where his ten won trick 6, out of turn where East's queen did), then East plays
#: CT and South D3, a second card of his on trick 7: said (not yet ruled on) after his lead out
#: of turn and other players' cards where the decision
#: ``second_card_in_a_part_played_on_drops_the_restoration`` is off (by default that path too
#: is one the record does not go on from), and a record the ruling cannot go on from after his
#: lead in turn, whichever of West's hearts stands and whatever path was ruled before
_SECOND_CARD_ON_SOME_PATHS = {
    "title": "a second card on trick 7 said on some paths, ending others", "laws": 2007, "contract": "2C", "declarer": "N",
    "deal": "E:3.Q83.4.JT753 Q864.JT.832.A A.74.AQT65.86 T52.95.KJ97.K", "trick": 4, "leader": "N", "won": {"NS": 3, "EW": 0},
    "play": ["N S2", "E S3", "S S8", "W SA", "W C6", "N CK", "E C3", "S CA", "S HT", "W DQ", "N H5", "E H3", "attention W",
             "resume", "S S6", "attention N", "resume", "E CT", "S D3", "W D5", "N ST", "E H8", "attention W"],
}


def test_a_second_card_said_on_one_path_does_not_keep_another() -> None:
    """Whether a later part's second card of a seat's in one trick is said or ends the path
    is read on each path's own replay of the part (``Reopen.apart``): a path ruled after one
    that said it is not kept for that. Every child made, West's H4 leaves the restorations
    his H4 recorded leaves; and with the later parts played on once per class, the same."""
    play = _SECOND_CARD_ON_SOME_PATHS["play"]
    at = play.index("attention W") + 1
    # kept: 2 where the defenders accept South's lead out of turn, 6 where they refuse it and
    # declarer makes his 50D2 choice over West's DQ, the revoke correction's penalty card,
    # for East's lead (each with East's failure to play a penalty card accepted or refused);
    # dropped: the 2 paths whose rulings leave West's second card beside his lead are gone
    for kept, count in ((True, 8), (False, 6)):
        mapping = {**_SECOND_CARD_ON_SOME_PATHS, "decisions": {"second_card_in_a_part_played_on_drops_the_restoration": not kept}}
        case = parse_case(mapping)
        recorded = parse_case({**mapping, "play": [*play[:at], "W H4", *play[at:]]})
        ruling = Ruling(case)
        ruling.build_alike = False
        with_h4 = [r.key() for r in ruling.restorations() if r.path[0].choice == "H4"]
        alone = [r.key() for r in Ruling(recorded).restorations()]
        assert with_h4 == alone and len(alone) == count
        assert _ruled(case, grouped=True) == _ruled(case, grouped=False)


def test_plain_lines_are_replayed_as_read_line_by_line() -> None:
    """``replay_events`` of play lines up to ``attention`` (most parts of a record), their
    reading kept for the next table they are replayed on to, gives the replay of the lines
    read one by one: the table, the lines before and after attention, those not applied, the
    cards standing at each, their kinds, the start; the same error at the same line; and
    the same rulings of records in parts."""
    from unittest import mock

    from rulings.models import case as case_module
    from rulings.models.case import replay_events

    def line_by_line(events: Any) -> Any:
        return events, None, (), None, (), frozenset()

    def replayed(case: Any, plain: bool) -> object:
        if not plain:
            case_module._PLAIN[0] = None
        try:
            r = replay_events(case.initial_state(), case.first_segment, file=case.file)
        except RulingError as err:
            return str(err), err.line
        return (r.table, r.table.holding, r.attention, r.before, r.after, r.unapplied, r.applied_before, r.line_kinds,
                r.start, r.placeholders, r.played_out)

    cases = _cases() + _parted_cases()
    plain = [replayed(c, True) for c in cases]
    with mock.patch.object(case_module, "_plain_lines", line_by_line):
        assert plain == [replayed(c, False) for c in cases]
    parted = _parted_cases()
    ruled = _whole(parted)
    with mock.patch.object(case_module, "_plain_lines", line_by_line):
        case_module._PLAIN[0] = None
        assert ruled == _whole(parted)
    assert sum(1 for x in ruled if isinstance(x, tuple) and x[0]) > 150


def test_standing_revokes_kept_are_those_read_again() -> None:
    """The standing revokes of the last table read (``establishment.standing_revokes``), kept
    with the record's lines they were read with and handed to another replay of those lines
    around the same table (the count after play, then the revoke opener, on each table a
    later part is played on to), rule records in parts as when each replay reads them again."""
    from unittest import mock

    from rulings.solver import establishment

    class Never(list):  # type: ignore[type-arg]
        def __getitem__(self, i: Any) -> Any:
            return None

    parted = _parted_cases()
    ruled = _whole(parted)
    with mock.patch.object(establishment, "_LAST_STANDING", Never([None])):
        assert ruled == _whole(parted)


def test_strongest_but_one_is_the_first_strongest() -> None:
    """The winner a built leaf gives its trick (``engine._strongest_but``: the strongest of
    the other cards, the first of equals) is the first place of the greatest strength with
    its own card in place, as ``list.index(max(...))`` finds it, ties included."""
    from rulings.solver.engine import _strongest_but

    rng = random.Random(7)
    for _ in range(20_000):
        strengths = [rng.choice((0, 0, 33, 40, 64, 70)) for _ in range(rng.randint(1, 4))]
        place = rng.randrange(len(strengths))
        mine = rng.choice((0, 33, 40, 64, 70, 45))
        best, at = _strongest_but(strengths, place)
        now = place if mine > best or (mine == best and place < at) else at
        changed = strengths[:]
        changed[place] = mine
        assert now == changed.index(max(changed)), (strengths, place, mine)


def test_rule_memo_changes_no_ruling_of_a_record_in_parts() -> None:
    """A later part of a record is ruled on each restoration of the parts before it: the same
    revoke corrected, the same cascade position met, on tables that differ (the revoker's
    hand, the penalty cards in force). What a rule looks up in its rule set's memo there (a
    62B correction's substitutes and steps, a cascade position's) is what it would work out:
    the records rule the same with every lookup missing."""
    from unittest import mock

    from rulings.solver.rulesets.base import RuleSet

    class Forgetful(dict):  # type: ignore[type-arg]
        def get(self, key: Any, default: Any = None) -> Any:
            return default

    cases = _parted_cases() + _with_a_penalty_card([m for m in (_played_on(s) for s in range(240, 400)) if m is not None])
    ruled = _whole(cases)
    original = RuleSet.__post_init__

    def forgetful(self: RuleSet) -> None:
        original(self)
        object.__setattr__(self, "memo", Forgetful())

    forget_rulesets()  # (the rule sets made from here on forget what they keep)
    try:
        with mock.patch.object(RuleSet, "__post_init__", forgetful):
            assert ruled == _whole(cases)
    finally:
        forget_rulesets()


def test_forgetting_positions_empties_what_a_run_keeps_and_rules_alike() -> None:
    """``forget_positions`` (called by the benchmarks before each repeat, so that no pass finds
    steps an earlier pass built) empties the rule sets' memos, the lawful-card sets and the
    sets of cards by mask, keeps the rule sets, and the same cases are ruled alike after it.
    A ruling keeps what its rules work out by position in a memo of its own
    (``RuleSet.for_one_ruling``): the process's rule sets hold none of it after the rulings."""
    from rulings.models import table as table_module
    from rulings.solver.lawful import lawful_cards
    from rulings.solver.rulesets import base as rulesets_base

    cases = [parse_case(m) for m in random_revoke_cases(60, seed=11)]
    first = [[r.key() for r in Ruling(c).restorations()] for c in cases]
    ruleset = get_ruleset("2017")
    kept = [rs for _, rs in rulesets_base._BY_IDENTITY.values()]  # (every rule set built so far)
    assert not any(rs.memo for rs in kept)
    assert lawful_cards.cache_info().currsize and table_module._HANDS
    forget_positions()
    assert not any(rs.memo for rs in kept)
    assert not lawful_cards.cache_info().currsize and not table_module._HANDS and not table_module._DEALT
    assert get_ruleset("2017") is ruleset
    assert first == [[r.key() for r in Ruling(parse_case(m)).restorations()] for m in random_revoke_cases(60, seed=11)]


def test_a_long_run_of_rulings_keeps_a_bounded_set_of_lawful_cards() -> None:
    """A process that rules case after case without emptying the lawful-card sets (a service,
    not the tools, which empty them between rulings) keeps only the latest few hundred: Law
    45D1 positions each ask for about one hand, met again within their own ruling, and the
    answers of the rulings before are not all held for the collector to walk."""
    from rulings.solver.lawful import lawful_cards

    lawful_cards.cache_clear()
    for i in range(400):
        for r in Ruling(parse_case(random_misplay_case(case_seed(7001, i)))).restorations():
            r.key()
    asked = lawful_cards.cache_info()
    assert asked.misses > 300 and asked.hits
    assert asked.currsize < 300
    lawful_cards.cache_clear()


def test_lead_order_looks_for_a_second_card_before_searching() -> None:
    """``TableState.lead_order`` first looks for a seat's second card in a trick (bits
    of ``Seat.index``): on the play lines of every corpus case (early leads to the next trick
    among them) and on random orders of them, from the start and from a trick in progress,
    it gives the order and the leads of the search alone."""
    from pathlib import Path
    from unittest import mock

    from rulings.models import table as table_module
    from rulings.models.events import Play
    from rulings.solver.casefile import load

    rng = random.Random(5)
    reordered = 0
    for path in sorted(Path(__file__).resolve().parents[1].glob("cases/*/*.yaml")):
        case = load(path)
        pairs = [(e.seat, e.card) for e in case.first_segment if isinstance(e, Play)]
        start = case.initial_state()
        shuffled = pairs[:]
        rng.shuffle(shuffled)
        for plays in (pairs, shuffled[: rng.randint(0, len(shuffled))]):
            fast = start.lead_order(plays)
            with mock.patch.object(table_module, "_second_card_in_a_trick", lambda _r, _p: True):
                assert start.lead_order(plays) == fast, (path, plays)
            reordered += fast[0] != list(range(len(plays)))
    assert reordered > 5  # (the corpus's early leads: the search did reorder some)


@pytest.mark.skipif(compiled_build(), reason=COMPILED_CALLERS)
def test_a_correction_pauses_only_where_something_may_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    """A correction made when attention is drawn pauses, once the offender's correction is
    made, for an irregularity ruled inside it (``Opening.leads``: a card exposed between
    tricks); on a record where nothing may wait (``may_wait_for_a_correction`` false) it
    leaves no pause and no order made for one. Every opening found waiting is on a record
    where something may, and every record is ruled as it is when each correction pauses."""
    from rulings.solver.engine import Node
    from rulings.solver.rulesets import dummy_misplay, revoke
    from rulings.solver.rulesets.base import may_wait_for_a_correction

    cases = _cases()
    cases += [parse_case(random_misplay_case(case_seed(45_100, i), edition="2007" if i % 2 else "2017")) for i in range(300)]
    waiting = 0
    for case in cases:
        try:
            ruling = Ruling(case)  # type: ignore[arg-type]
        except RulingError:
            continue
        rs, replay = ruling.ruleset, ruling.replay
        leads = pauses = False
        for _, opener in rs.openers:
            try:
                opening = opener(rs, replay.with_table(replay.table), Node(replay.table))  # type: ignore[arg-type]
            except RulingError:
                continue
            if opening is not None:
                leads, pauses = leads or bool(opening.leads), pauses or bool(opening.pauses)
        if leads and pauses:
            assert may_wait_for_a_correction(replay), case
            waiting += 1
    assert waiting > 5
    once = _rulings(cases, cold=False)
    monkeypatch.setattr(dummy_misplay, "may_wait_for_a_correction", lambda replay: True)
    monkeypatch.setattr(revoke, "may_wait_for_a_correction", lambda replay: True)
    assert _rulings(cases, cold=False) == once
