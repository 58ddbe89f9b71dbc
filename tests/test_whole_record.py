"""Whole records: several irregularities composed in record order (solver/engine.py
``Composition``), choices recorded at the table, impossible records refused."""

from __future__ import annotations

import json
import random
import re
import sys
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from rulings.models.cards import Card, Seat
from rulings.models.errors import RulingError
from rulings.models.events import Play
from rulings.solver.casefile import load, loads
from rulings.solver.cli import app
from rulings.solver.engine import Node, Reopen, StepKind, actor_seats
from rulings.solver.generate import random_established_case
from rulings.solver.generate_mixed import DEFAULT_FAMILIES, FAMILIES, PENALTY_MAKERS, random_mixed_case
from rulings.solver.ruling import Ruling

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_properties import check_conservation

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "cases"
runner = CliRunner()


def _text(mapping: dict[str, Any]) -> str:
    return yaml.safe_dump(mapping, sort_keys=False)


# ----- random records with two or three irregularities -------------------------------------------
@pytest.mark.parametrize("chunk", range(6))
def test_mixed_records_are_ruled_whole(chunk: int) -> None:
    """300 seeds of ``generate --kind mixed``: every irregularity ruled (no 'not yet ruled'
    notice; an exposed card by a step of every restoration, whatever was found about a lead
    out of turn before it), no error, cards conserved in every restoration, the same output
    twice."""
    for seed in range(chunk * 50, chunk * 50 + 50):
        edition = ("2017", "2007")[seed % 2]
        mapping = random_mixed_case(random.Random(seed), edition=edition)
        text = _text(mapping)
        case = loads(text)
        ruling = Ruling(case)
        assert ruling.irregularities, (seed, mapping["play"])
        assert not [n for n in ruling.notices if "not yet ruled" in n.text], (seed, text, ruling.notices)
        first = [r.key() for r in ruling.restorations(limit=3000)]
        assert first, (seed, text)
        exposed = [i for i in ruling.irregularities if _EXPOSED.match(i)]
        for r in Ruling(case).restorations(limit=3000):
            check_conservation(case, r, replayed=True)
            # an exposed card is ruled on every path (played, a penalty card, or neither: a step of 45-50, 57, 58)
            clauses = [c for s in r.path for c in (s.clause, *s.also)]
            assert not exposed or any(c.startswith(_EXPOSURE_CLAUSES) for c in clauses), (seed, text, r.path)
        assert [r.key() for r in Ruling(loads(text)).restorations(limit=3000)] == first


#: the irregularity line of an exposed card (``exposes``), as the exposure rules word it
_EXPOSED = re.compile(r"[NESW]( \((declarer|dummy)\))? (dropped|exposed) ")
#: the clauses a ruling on an exposed card cites (45C, 45E, 48, 49, 50, 57, 58)
_EXPOSURE_CLAUSES = ("45C", "45E", "48", "49", "50", "57", "58")


def _check_ruled_whole(seed: int, mapping: dict[str, Any]) -> None:
    """The record of ``mapping`` (drawn from ``seed``) ruled whole: at least one restoration,
    no line said "not yet ruled on", no restoration given twice, the cards conserved."""
    text = _text(mapping)
    case = loads(text)
    ruling = Ruling(case)
    restorations = list(ruling.restorations())
    assert restorations, (seed, text)
    assert not [n for n in ruling.notices if "not yet ruled" in n.text], (seed, text, ruling.notices)
    keys = Counter(r.key() for r in restorations)
    assert all(n == 1 for n in keys.values()), (seed, text)
    for r in restorations:
        check_conservation(case, r, replayed=True)


@pytest.mark.parametrize("seed", [598, 1130, 1223, 2068])
@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_records_with_a_change_announced_and_played_on_are_ruled_whole(seed: int, edition: str) -> None:
    """Records of every family, a change of dummy's card with play going on to the card
    announced among them (``open_change``): a premature lead the proper leader played to
    (53A or 53B, a finding), a premature lead kept through 45D1 (57A), a trick-12 revoke
    after a refused change (the opponent's option once), a lead out of turn that an
    opponent's change after a refused change reveals, ruled before dummy's misplay later in
    its trick (West's card after dummy's error changed once): every irregularity ruled, no
    restoration repeated, cards conserved."""
    mapping = random_mixed_case(random.Random(seed), edition=edition, families=DEFAULT_FAMILIES)
    assert "open_change" in mapping["title"]
    _check_ruled_whole(seed, mapping)


@pytest.mark.parametrize("seed", [58, 116, 267, 439, 93, 260, 332, 401, 526, 581, 825])
@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_records_with_cards_played_together_are_ruled_whole(seed: int, edition: str) -> None:
    """Records with cards played together (58B, ``together``) and default families, drawn as
    the sweep draws them (benchmarks/whole_record_sweep.py): the record's cards after the
    ``simultaneous`` line are put back in the record's order once the card played is in
    place (the record read without it has a trick one card short, and its replay placed one
    seat's card before another's), and a visible card the record has the offender play
    again later is not the one he names (58B2); an opponent's 58B3 substitute stands on the
    table a later ruling of a change of designation walks the record on (seeds 93 on):
    every irregularity ruled, no restoration repeated, cards conserved."""
    mapping = random_mixed_case(random.Random(seed), edition=edition, families=("together", *DEFAULT_FAMILIES))
    assert "together" in mapping["title"]
    _check_ruled_whole(seed, mapping)


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_call_the_replay_read_as_playing_nothing_is_ruled_once_cards_played_together_are_placed(edition: str) -> None:
    """Drawn with every family (seed 197): declarer calls a suit for dummy after East's two
    cards played together (58B1). The replay, without East's card, reads the call as a
    second card of dummy's to the trick (it plays nothing); once the 58B1 ruling puts the
    card on the trick, the call is dummy's lead to the next trick, ruled there (46B2), and
    the misplay earlier in the record, ruled already (45D2), is ruled once: no line said
    not yet ruled on, no restoration repeated, and the text output, which says its notices
    before the restorations, does not say the call is unruled either."""
    mapping = random_mixed_case(random.Random(197), edition=edition, families=tuple(FAMILIES))
    text = _text(mapping)
    ruling = Ruling(loads(text))
    restorations = list(ruling.restorations())
    assert restorations, text
    assert not [n for n in ruling.notices if n.kind == "not_ruled"], ruling.notices
    for r in restorations:
        clauses = [s.clause for s in r.path]
        # (2007 has one clause 45D for the misplay, 2017 45D2 for one too late to correct)
        assert sum(1 for c in clauses if c.startswith("45D")) == 1 and "46B2" in clauses, clauses
    assert all(n == 1 for n in Counter(r.key() for r in restorations).values())
    out = runner.invoke(app, ["solve", "-"], input=text)
    assert out.exit_code == 0 and "not yet ruled on" not in out.output, out.output


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_call_whose_card_dummy_does_not_face_is_followed_by_dummys_lead_only_after_that_card(edition: str) -> None:
    """Drawn with every family (seed 15919): declarer calls ``high`` for dummy's last card to
    trick 6, no line of dummy's facing it (the call places it, 46B1(a)), and dummy, winning the
    trick, leads the next. A line of dummy's right after a call is read as the card dummy
    placed for it (docs/case-format.md), so the record writes the card the call placed before
    dummy's lead, as played: the ruling reads no misplay or revoke of dummy's there and every
    line is ruled."""
    mapping = random_mixed_case(random.Random(15919), edition=edition, families=tuple(FAMILIES))
    play = [str(line) for line in mapping["play"]]
    k = play.index("N calls high")
    assert play[k + 1 : k + 3] == ["S HQ", "S D5"], play
    _check_ruled_whole(15919, mapping)


#: the families drawn only when named, each with a line form it writes (docs/case-format.md)
_NAMED_ONLY = {"fifth": " fifth", "together": " simultaneous", "fail": None, "declarer_lead": None, "incomplete": " calls "}


def test_the_default_draw_takes_only_the_default_families() -> None:
    """The families drawn only when named never come into the default draw, and naming the
    default families draws exactly the default draw (the pinned seeds above stay as drawn)."""
    assert set(DEFAULT_FAMILIES) < set(FAMILIES) and set(_NAMED_ONLY) == set(FAMILIES) - set(DEFAULT_FAMILIES)
    for seed in range(150):
        edition = ("2017", "2007")[seed % 2]
        mapping = random_mixed_case(random.Random(seed), edition=edition)
        assert mapping == random_mixed_case(random.Random(seed), edition=edition, families=DEFAULT_FAMILIES)
        drawn = mapping["title"].split(": ", 1)[1].rsplit(" from trick", 1)[0].split(", ")
        assert set(drawn) <= set(DEFAULT_FAMILIES), (seed, drawn)


def _table_could_play(mapping: dict[str, Any]) -> None:
    """The record read as the table played it: no seat plays twice to a trick, and every
    trick but the last holds four cards."""
    from rulings.models import parse_case

    table = parse_case(mapping).replay().table
    for t in table.tricks:
        assert len({s for s, _ in t.plays}) == len(t.plays), (mapping["play"], t)
    assert all(t.is_complete for t in table.tricks[:-1]), mapping["play"]


@pytest.mark.parametrize("family", sorted(_NAMED_ONLY))
def test_families_drawn_when_named_put_their_irregularity_in(family: str) -> None:
    """Each family drawn only when named, mixed with the default families: its records hold
    its irregularity in the line form of docs/case-format.md (a fifth card, cards played
    together, a call naming no card; a card that breaks a penalty card's obligation after
    the line that made it; declarer's lead from the wrong hand or out of turn, the next
    hand's card after it), and the table could have played them."""
    from rulings.models import parse_case

    drawn = 0
    for seed in range(200):
        mapping = random_mixed_case(random.Random(seed), edition=("2017", "2007")[seed % 2],
                                    families=(family, *DEFAULT_FAMILIES))
        if family not in mapping["title"]:
            continue
        drawn += 1
        play = [str(line) for line in mapping["play"]]
        form = _NAMED_ONLY[family]
        if form is not None:
            assert any(form in line for line in play), (seed, play)
        if family == "fail":
            assert any(f in mapping["title"] for f in PENALTY_MAKERS), (seed, mapping["title"])
        if family == "declarer_lead":
            case = parse_case(mapping)
            side = {case.declarer, case.declarer.partner}
            table = case.replay().table
            due = [case.first_leader, *(t.winner(table.trumps) for t in table.tricks[:-1])]
            assert any(t.plays and t.plays[0][0] in side and t.plays[0][0] is not d for t, d in zip(table.tricks, due, strict=True)), (seed, play)
        if family not in ("fifth", "together") and not {"early", "open_change"} & set(mapping["title"].replace(",", " ").split()):
            _table_could_play(mapping)  # (an early lead is a second card in its trick as the record reads)
    assert drawn >= 10, drawn


@pytest.mark.parametrize("seed", [20229, 23550])
@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_call_whose_card_wins_its_trick_is_written_with_dummys_line(seed: int, edition: str) -> None:
    """A call naming no card (``incomplete``) whose card wins the trick: dummy leads the next
    trick, and his lead right after the call would be read as the card he placed for it (a
    45D misplay, docs/case-format.md), so the generator writes dummy's line for the call's
    card. Drawn from every family: the table could have played the record as read, and it is
    ruled whole (no lead of dummy's read as his card to the trick before, no seat's second
    card said unruled)."""
    mapping = random_mixed_case(random.Random(seed), edition=edition, families=tuple(FAMILIES))
    assert "incomplete" in mapping["title"]
    _table_could_play(mapping)
    _check_ruled_whole(seed, mapping)


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_fifth_card_found_led_whose_next_trick_a_ruling_leaves_short_is_not_played_on(edition: str) -> None:
    """West's fifth card (45E1) found led to the next trick: the record's later cards fall a
    place on, dummy's card to the trick after is a premature play that goes back (57C3, not a
    legal play) and West's next card a premature lead (57A), so that trick is left without
    dummy's card while the record leads the next. No law supplies the card, so the record
    cannot be played on from that finding (``first_part_short_trick_drops_the_restoration``),
    as where the fifth card is found not led: that path drops out with a note, and the
    restorations of the finding "played" are the ruling, the cards conserved (``all`` whole
    18969)."""
    mapping = random_mixed_case(random.Random(18969), edition=edition, families=tuple(FAMILIES))
    assert "fifth" in mapping["title"]
    _check_ruled_whole(18969, mapping)
    ruling = Ruling(loads(_text(mapping)))
    restorations = list(ruling.restorations())
    assert restorations and all("played" in r.findings for r in restorations), [r.findings for r in restorations]
    assert [n for n in ruling.notices if "cannot be played on" in n.text and "trick 5 without a card of S" in n.text], ruling.notices


def test_generate_mixed_from_the_cli(tmp_path: Path) -> None:
    res = runner.invoke(app, ["generate", "5", "--kind", "mixed", "--seed", "4", "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    files = sorted(tmp_path.glob("*.yaml"))
    assert len(files) == 5
    res = runner.invoke(app, ["verify", str(tmp_path)])
    assert res.exit_code == 0, res.output


# ----- choices recorded after attention ------------------------------------------------------------
def _first_decision(ruling: Ruling) -> tuple[int, list[Any], int] | None:
    """The depth and edges of the first node, from the root, where a player decides, and
    the part of the record it is in (a record played on after a ruling has several)."""
    node: Node = ruling.root
    depth = 0
    while not node.is_leaf:
        edges = ruling.expand(node)
        if len(edges) >= 2 and all(s.choice and s.actor != "TD" for s, _ in edges):
            return depth, edges, next((t.segment for t in node.agenda if isinstance(t, Reopen)), 0)
        if len(edges) != 1:
            return None
        node = edges[0][1]
        depth += 1
    return None


def _with_line(text: str, line: str, part: int = 0, starts: tuple[int, ...] | None = None) -> str:
    """The record with ``line`` recorded at the end of its part ``part`` (the lines up to
    that part's ``resume``, or the end of the record; a record played on after a ruling is
    cut in parts at its ``resume`` lines, and where the engine cut it further, after a
    choice ruled where it was said, at the places ``starts`` gives: the index of each part's
    first line)."""
    data = yaml.safe_load(text)
    play = data["play"]
    if starts is None:
        ends = [i for i, p in enumerate(play) if p == "resume"] + [len(play)]
    else:
        ends = [s - 1 if play[s - 1] == "resume" else s for s in starts[1:]] + [len(play)]
    data["play"] = [*play[: ends[part]], line, *play[ends[part] :]]
    return yaml.safe_dump(data, sort_keys=False)


def _recorded_choice_agrees(text: str) -> int:
    """Record each choice of the first decision after attention: exactly the restorations
    of the full enumeration that took it remain. Returns how many choices were checked."""
    ruling = Ruling(loads(text))
    if ruling.recorded:
        return 0
    found = _first_decision(ruling)
    if found is None:
        return 0
    depth, edges, part = found
    full = list(ruling.restorations(limit=4000))
    if len(full) >= 4000:
        return 0
    checked = 0
    for step, _ in edges:
        seat = sorted(actor_seats(step.actor), key=lambda s: s.index)[0]
        narrowed = Ruling(loads(_with_line(text, f"{seat} chooses {step.choice}", part, ruling._part_starts)))
        got = sorted(r.key() for r in narrowed.restorations())
        want = sorted(r.key() for r in full if r.path[depth].question == step.question
                      and r.path[depth].choice == step.choice and r.path[depth].actor == step.actor)
        assert got == want, (text, step)
        checked += 1
    return checked


def test_recorded_choices_settle_their_branch_in_the_corpus() -> None:
    checked = 0
    for path in sorted(CASES.rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        if "attention" not in text:
            continue
        checked += _recorded_choice_agrees(text)
    assert checked > 100


def test_recorded_choices_settle_their_branch_in_generated_records() -> None:
    checked = 0
    for seed in range(60):
        checked += _recorded_choice_agrees(_text(random_mixed_case(random.Random(1000 + seed))))
    assert checked > 20


EXAMPLE = CASES / "revoke" / "spec-47d-example.yaml"


def test_the_table_s_choices_narrow_the_47d_cascade(tmp_path: Path) -> None:
    """After the 47D cascade the director records what happened: East substituted S9,
    declarer changed to the SQ, West kept his S5: one restoration."""
    text = EXAMPLE.read_text().replace("  - attention E", "  - attention E\n  - E S9\n  - S changes to SQ\n  - W keeps")
    ruling = Ruling(loads(text))
    [r] = list(ruling.restorations())
    assert r.card_of(Seat.E) is not None and str(r.card_of(Seat.E)) == "S9"
    assert str(r.card_of(Seat.S)) == "SQ" and str(r.card_of(Seat.W)) == "S5"
    assert not any("not yet ruled" in n.text for n in ruling.notices)
    # West's change instead: the king, S5 a major penalty card
    text2 = text.replace("  - W keeps", "  - W chooses change to SK")
    [r2] = list(Ruling(loads(text2)).restorations())
    assert str(r2.card_of(Seat.W)) == "SK" and any(str(p.card) == "S5" for p in r2.penalty_cards)


def test_a_choice_the_laws_do_not_offer_is_a_located_error(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(EXAMPLE.read_text().replace("  - attention E", "  - attention E\n  - E H2"), encoding="utf-8")
    with pytest.raises(RulingError) as err:
        list(Ruling(load(path)).restorations())
    assert err.value.line == 17 and "offered: E chooses S9, E chooses S8, E chooses S2" in str(err.value)
    res = runner.invoke(app, ["solve", str(path)])
    assert res.exit_code == 1 and f"{path}:17:" in res.stderr and "E H2" in res.stderr


def test_step_kinds_unchanged_by_recording() -> None:
    """A recorded choice removes the other alternatives; it does not change the steps."""
    text = EXAMPLE.read_text().replace("  - attention E", "  - attention E\n  - E S8")
    rs = list(Ruling(loads(text)).restorations())
    assert rs and all(r.path[0].kind is StepKind.FORCED and r.path[0].choice == "S8" for r in rs)
    assert len(rs) == 7  # S keeps or changes (3 spades), West after each change: keep or SK


def test_a_penalty_card_from_an_exposure_not_led_later_is_ruled_under_52() -> None:
    """West drops the HJ (a major penalty card if partner could see it), wins the trick and
    leads a club: he failed to lead the penalty card (50D1, 52); declarer has played to the
    club since, so it is accepted (52B1(b)); the HJ remains a penalty card."""
    text = ('deal: "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"\n'
            "contract: 4S\ndeclarer: S\n"
            "play: [W DQ, N DA, E D4, S D7, N D2, E D5, S D8, W exposes HJ dropped, W D9, W C6, N C2, E CQ, S C7,"
            " attention S]\n")
    ruling = Ruling(loads(text))
    assert not any("not yet ruled" in n.text for n in ruling.notices)
    by_finding = {r.findings: r for r in ruling.restorations()}
    visible = next(r for f, r in by_finding.items() if "visible" in " ".join(f) and "not" not in " ".join(f))
    assert "52B1(b)" in visible.laws and any(str(p.card) == "HJ" and str(p.kind) == "major" for p in visible.penalty_cards)


# ----- records played on after a ruling (resume) ------------------------------------------------------
def _b_alone(leaf_table: Any, lead: tuple[Seat, Any], declarer: Seat, edition: str) -> list[str]:
    """The lead out of turn ruled on its own: a record that starts at the next trick from the
    position ``leaf_table`` ends in (a case built from scratch, sharing nothing with it)."""
    from rulings.models.cards import Side
    from rulings.models.deal import Deal

    won = leaf_table.tricks_won()
    hands = {s: leaf_table.hand(s) for s in Seat}
    deal = Deal.from_hands({s: __import__("rulings.models.deal", fromlist=["Hand"]).Hand.of(hands[s]) for s in Seat})
    number = leaf_table.tricks[-1].number + 1
    text = yaml.safe_dump({
        "laws": int(edition), "deal": deal.format(Seat.N), "contract": str(leaf_table.contract), "declarer": str(declarer),
        "trick": number, "leader": str(leaf_table.next_leader), "won": {"NS": won[Side.NS], "EW": won[Side.EW]},
        "play": [f"{lead[0]} {lead[1]}", f"attention {declarer}"]}, sort_keys=False)
    return sorted(r.key() for r in Ruling(loads(text)).restorations())


def _b_part(r: Any, a: Any, number: int) -> str:
    """A restoration's part from trick ``number`` on (less what the first ruling ``a``
    already holds), in the shape of the key of a ruling that starts there."""
    import json

    data = json.loads(r.key())
    mine = json.loads(a.key())
    data["cards"] = {k: v for k, v in data["cards"].items() if int(k.split(":")[0]) >= number}
    for field in ("withdrawn", "unauthorized", "penalty"):
        data[field] = [x for x in data[field] if x not in mine[field]]
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


@pytest.mark.parametrize("seed", range(12))
def test_independent_irregularities_compose_as_a_product(seed: int) -> None:
    """A revoke by declarer, ruled when attention is drawn at the end of its trick (several
    lawful substitutes, none winning the trick: nothing carried to the next trick), then play
    resumes and a defender leads out of turn: the composed ruling is exactly the product of the
    two rulings made separately (the second on a record of its own from the next trick)."""
    from rulings.solver.generate import random_revoke_case

    rng = random.Random(seed)
    for _ in range(400):
        mapping = random_revoke_case(rng, revoker_role="declarer", revoker_position=4, established=False,
                                     next_trick_lead=False, penalty_cards=0)
        case = loads(_text(mapping))
        first = list(Ruling(case).restorations())
        if len(first) < 2 or len({r.table.next_leader for r in first}) != 1:
            continue
        leader = first[0].table.next_leader
        declarer = case.declarer
        wrong = [s for s in Seat if s is not leader and s.side is not declarer.side]
        if not wrong:
            continue
        offender = wrong[0]
        subs = {c for r in first for c in r.table.played_cards(declarer)} | {c for r in first for w in r.withdrawn for c in [w.card]}
        cards = sorted(first[0].table.hand(offender))
        if not cards:
            continue
        lead = (offender, cards[0])
        mapping["play"] = [*mapping["play"], "resume", f"{offender} {cards[0]}", f"attention {declarer}"]
        combined = list(Ruling(loads(_text(mapping))).restorations())
        alone = _b_alone(first[0].table, lead, declarer, str(mapping["laws"]))
        assert len(combined) == len(first) * len(alone), (mapping, len(first), len(alone))
        number = first[0].table.tricks[-1].number + 1
        a_parts = sorted({json_cards(r, number) for r in combined})
        assert a_parts == sorted({json_cards(r, number) for r in first})
        for a in first:
            mine = [r for r in combined if json_cards(r, number) == json_cards(a, number)]
            assert sorted(_b_part(r, a, number) for r in mine) == alone, (mapping, a.key())
        assert subs  # the revoke trick's substitutes are declarer's cards the later play never touches
        return
    pytest.skip("no position of that shape in 400 deals")


def json_cards(r: Any, before: int) -> str:
    """The cards of a restoration's tricks before ``before`` (the first ruling's part)."""
    return ";".join(f"{t.number}:{s}:{c}" for t in r.table.tricks if t.number < before for s, c in t.plays)


def test_a_record_played_on_after_a_ruling(tmp_path: Path) -> None:
    """The 47D example: East's revoke is ruled and the table's choices recorded (S9, declarer
    keeps); play resumes from the rectified position and North leads to trick 3 from the
    wrong hand (South won trick 2): ruled in turn, on the table as rectified (East's H4 a major
    penalty card throughout)."""
    text = EXAMPLE.read_text().replace(
        "  - attention E", "  - attention E\n  - E S9\n  - S keeps\n  - resume\n  - N S3\n  - E S8\n  - attention W")
    ruling = Ruling(loads(text))
    [r] = list(ruling.restorations())
    assert [s.clause for s in r.path] == ["62B", "62C1", "62C2", "53A"]
    assert str(r.card_of(Seat.E, 2)) == "S9" and str(r.card_of(Seat.E, 3)) == "S8"
    assert any(str(p.card) == "H4" and str(p.kind) == "major" for p in r.penalty_cards)
    # a part of the record that cannot follow a restoration leaves it out: East played the S8
    # after the ruling, so he cannot have substituted it
    open_ = EXAMPLE.read_text().replace("  - attention E", "  - attention E\n  - resume\n  - N S3\n  - E S8\n  - attention W")
    subs = {str(x.card_of(Seat.E, 2)) for x in Ruling(loads(open_)).restorations()}
    assert subs == {"S9", "S2"}


def test_exposure_overtaken_by_a_45d1_substitute() -> None:
    """West may replace, under 45D1, the card he played after dummy's misplay by the card he
    then exposed: in that branch the exposure is overtaken (the card is played), and the
    ruling of the other branches is not disturbed. Found by the whole-record benchmark."""
    from rulings.models import parse_case

    m = {"title": "misplay then exposure", "laws": 2017, "deal": "S:.J53.KJ942.A 3.Q9.Q87.954 K5.7.65.QJT6 A86.T42.AT3.",
         "contract": "5NT", "declarer": "N", "trick": 5, "leader": "E", "won": {"NS": 2, "EW": 2},
         "play": ["E DA", "S CA", "W DQ", "N D5", "E SA", "S H5", "W S3", "N S5", "E S6", "N calls D4", "S DK", "W D7",
                  "W exposes C4 held_near_table visible_to_partner", "attention E"]}
    leaves = list(Ruling(parse_case(m)).restorations())
    assert leaves
    played_c4 = [r for r in leaves if any(s is Seat.W and str(c) == "C4" for t in r.tricks for s, c in t.plays)]
    assert played_c4, "West's 45D1 substitute may be the C4"
    assert all(not any(p.card == Card.parse("C4") for p in r.penalty_cards) for r in played_c4)


def test_a_recorded_50d2_choice_after_an_earlier_ruling_settles_it() -> None:
    """Declarer's 50D2 choice recorded after attention (``S chooses forbid H``) where the
    exposure just ruled made the HQ a major penalty card and West is to lead: the lead
    options are opened and the recorded one is the only branch (HQ picked up, hearts banned)."""
    from rulings.models import parse_case

    m = {"title": "recorded 50D2", "laws": 2017, "deal": "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6",
         "contract": "4S", "declarer": "S",
         "play": ["W DQ", "N D2", "E exposes HQ dropped visible_to_partner", "E D4", "S D7", "attention S", "S chooses forbid H"]}
    ruling = Ruling(parse_case(m))
    leaves = list(ruling.restorations())
    assert len(leaves) == 1
    assert leaves[0].node.restrictions == ("W must not lead H",) and not leaves[0].penalty_cards
    assert not any("settled nothing" in n.text or "not yet ruled" in n.text for n in ruling.notices)


def test_a_recorded_choice_no_decision_reaches_is_said() -> None:
    """A choice recorded where no option of that player is due (here West's, after a ruling
    that gives West no decision) is reported instead of being dropped silently."""
    from rulings.models import parse_case

    m = {"title": "unsettled", "laws": 2017, "deal": "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6",
         "contract": "4S", "declarer": "S",
         "play": ["W DQ", "N D2", "E exposes HQ dropped visible_to_partner", "E D4", "S D7", "attention S", "W chooses keep"]}
    ruling = Ruling(parse_case(m))
    assert list(ruling.restorations())
    assert any("settled nothing" in n.text for n in ruling.notices)


@pytest.mark.parametrize("name", ["penalty/penalty-card-forbid-recorded-revoke-correction-gives-dummy-the-lead",
                                  "combined/fifth-card-led-accepted-then-50d2-choice-settles-nothing"])
def test_a_recorded_choice_an_opening_of_the_record_read_but_no_path_ruled_is_said(name: str) -> None:
    """A line an opening of the record reads for what the table shows as played (declarer's
    50D2 choice at West's lead, West's ruff winning the trick; a lead out of turn accepted)
    that no path's ruling reaches (the corrected revoke gives dummy the lead; the acceptance
    leaves no penalty card) is said to have settled nothing, at its line, once the paths are
    enumerated: the text output says it after the restorations."""
    path = CASES / f"{name}.yaml"
    ruling = Ruling(load(path))
    assert len(list(ruling.restorations())) == 1
    line = next(i + 1 for i, text in enumerate(path.read_text().splitlines()) if text.startswith("play:"))
    said = [n for n in ruling.notices if "'S chooses forbid c' settled nothing" in n.text]
    assert [(n.line, n.kind) for n in said] == [(line, "unsettled")], ruling.notices
    out = runner.invoke(app, ["solve", str(path)])
    assert out.exit_code == 0 and "'S chooses forbid c' settled nothing" in " ".join(out.output.split()), out.output


@pytest.mark.parametrize(("name", "gone", "found"), [
    ("designation/commentary-45c4b-slip-rho-may-withdraw-2017", "N revoked with SK on trick 10", None),
    ("combined/designation-slip-corrected-47d-change-recorded-then-revoke-resumed", "N revoked with SJ on trick 2", None),
    ("combined/designation-changed-before-the-next-hand-played-revoke-on-the-new-lead",
     "N revoked with CA on trick 10 (spades led)", "N revoked with CA on trick 10 (diamonds led)"),
])
def test_a_revoke_with_a_card_a_ruling_replaced_is_not_listed(name: str, gone: str, found: str | None) -> None:
    """Declarer's designation changed (45C4(b)): the card first named is never played, so
    the revoke the record as played shows with it (or on the lead it made) happened on no
    path. Once the paths are enumerated the ruling lists only what some path's rulings met
    (the revoke on the lead the change made, found while ruling); the one met on no path is
    named apart, in the JSON and the text output alike."""
    path = CASES / f"{name}.yaml"
    ruling = Ruling(load(path))
    assert list(ruling.restorations())
    listed = (*ruling.irregularities, *ruling.found_later)
    assert ruling.irregularities and not [i for i in listed if i.startswith(gone)], listed
    assert [i for i in ruling.not_met if i.startswith(gone)], ruling.not_met
    assert found is None or [i for i in ruling.found_later if i.startswith(found)], ruling.found_later
    out = runner.invoke(app, ["solve", str(path), "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert not [i for i in (*data["irregularities"], *data["found_later"]) if i.startswith(gone)], data["irregularities"]
    text = runner.invoke(app, ["solve", str(path), "--ascii"])
    said = " ".join(text.output.split())
    assert text.exit_code == 0 and "met on no path (a ruling before it takes it away): " + gone in said, text.output


def test_a_card_exposed_after_resume_that_a_correction_of_the_part_plays_is_met_on_no_path() -> None:
    """A later part of the record (after 'resume') whose line exposes a card that a ruling of
    the same part has its player play to the trick before (47D after declarer's change of
    designation is refused): the exposure is met on no path, as it would be in a record of
    one part, and its line is not said to be unruled (default draw cut 31232, 31850)."""
    path = CASES / "combined/resumed-play-designation-change-refused-47d-plays-the-card-exposed-later-met-on-no-path.yaml"
    ruling = Ruling(load(path))
    assert len(list(ruling.restorations())) == 2
    assert not [n for n in ruling.notices if n.kind == "not_ruled"], ruling.notices
    assert [i for i in ruling.not_met if i.startswith("N dropped HJ")], ruling.not_met
    text = runner.invoke(app, ["solve", str(path), "--ascii"])
    said = " ".join(text.output.split())
    assert text.exit_code == 0 and "met on no path (a ruling before it takes it away): N dropped HJ" in said, text.output


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_trick12_revoke_62d1_corrects_is_ruled_before_the_lead_to_trick_13(edition: str) -> None:
    """A revoke on trick 12 that 62D1 corrects although established is ruled before what
    happened at trick 13: its correction puts the revoker's HA on trick 12, so his "lead out
    of turn" of it to trick 13 happened on no path (not ruled, not found again while ruling);
    the revoke is listed first, never as "not established"."""
    path = CASES / f"combined/trick12-revoke-corrected-62d1-then-revoker-leads-out-of-turn-to-trick-13-{edition}.yaml"
    ruling = Ruling(load(path))
    restorations = list(ruling.restorations())
    assert len(restorations) == 1
    assert [s.clause for s in restorations[0].path] == ["62B", "62D1"], [s.clause for s in restorations[0].path]
    assert [i[:26] for i in ruling.irregularities] == ["E revoked with D9 on trick"], ruling.irregularities
    assert not ruling.found_later, ruling.found_later
    assert [i for i in ruling.not_met if i.startswith("E led HA to trick 13")], ruling.not_met


def test_every_revoke_listed_is_met_on_some_path_in_the_corpus() -> None:
    """Over the corpus, once the paths are enumerated: every revoke the ruling lists happened
    on some restoration's path: its card stands where it was played (established, or
    counted after play, 64), or a step correcting it (62) withdraws it; the first
    irregularity ruled is always listed (or found while ruling, in a part played on after
    ``resume``); and a revoke established before attention and
    counted after play stays listed though no path opens it again."""
    pattern = re.compile(r"([NESW]) revoked with (\S+) on trick (\d+) \(")
    for path in sorted(CASES.rglob("*.yaml")):
        ruling = Ruling(load(path))
        leaves = list(ruling.restorations(limit=20000))
        if not leaves or ruling.exhausted or len(leaves) == 20000:
            continue
        # (one met on no path in a part played on after 'resume': the irregularity ruled
        # before it there is found while ruling)
        assert not ruling.not_met or ruling.irregularities or ruling.found_later, (path.name, ruling.not_met)
        for irr in (*ruling.irregularities, *ruling.found_later):
            for seat, card, trick in pattern.findall(irr):
                who, what = Seat.parse(seat), Card.parse(card)
                corrected = f"{seat} withdraws {card} "
                assert any(r.card_of(who, int(trick)) == what or any(s.clause.startswith("62") and s.text.startswith(corrected)
                                                                     for s in r.path) for r in leaves), (path.name, irr)
    counted = Ruling(load(CASES / "established/own-64b7-penalty-card-failure-and-declarer-revoke.yaml"))
    assert len(list(counted.restorations())) == 1
    assert any(i.startswith("S revoked with CA on trick 11") for i in counted.irregularities), counted.irregularities
    assert not counted.not_met


#: records drawn by ``generate --kind mixed`` (the title left out), kept as drawn: a
#: change of designation followed by dummy's play line is his card in the changed trick
DRAWN_MIXED: dict[int, dict[str, Any]] = {
    10374: {
        "laws": 2017,
        "deal": "N:T984.9863.A.AT AK.Q74.9864.K6 J6532.K.J.Q853 Q7.AJT52.Q52.9",
        "contract": "5D",
        "declarer": "S",
        "trick": 3,
        "leader": "E",
        "won": {"NS": 1, "EW": 1},
        "play": ["E CK", "S C8", "W C9", "S calls CA", "S changes to CT slip", "N H3", "E H7", "S HK", "W HJ", "W H5", "N H9", "E H4", "S S3", "N S8", "E SA", "S CQ", "attention E"],
    },
    10444: {
        "laws": 2017,
        "deal": "E:Q3.3.AK94.AKQ6 8.KJ76.T873.97 K95.2.Q65.T532 AT4.QT9.J2.J84",
        "contract": "5C",
        "declarer": "W",
        "trick": 3,
        "leader": "E",
        "won": {"NS": 1, "EW": 1},
        "play": ["E DA", "S D8", "W D5", "N DJ", "E CQ", "S C7", "W C2", "N C4", "E SQ", "S S8", "W S9", "N ST", "W calls C6", "W changes to CK slip", "S C9", "W CT", "N CJ", "N SA", "E S3", "S D3", "W SK", "S H7", "W H2", "N HT", "E H3", "attention N"],
    },
    11067: {
        "laws": 2007,
        "deal": "W:J97.KT6..KJ863 AQT.J72.T.AQT2 5.Q94.QJ865.74 K3.A853.732.95",
        "contract": "1CXX",
        "declarer": "N",
        "trick": 3,
        "leader": "S",
        "won": {"NS": 1, "EW": 1},
        "play": ["N calls D2", "N changes to H3 slip", "W S7", "N DT", "E DQ", "E D6", "S D7", "W C3", "N ST", "E D8", "S D3", "W C6", "N H7", "W CK", "N C2", "E C7", "S C5", "W HK", "N HJ", "E H4", "S H5", "W SJ", "N SQ", "E S5", "N calls SK", "S S3", "N H2", "E HQ", "attention N"],
    },
    26560: {
        "laws": 2017,
        "deal": "S:83.3.T76.QJ2 AKQ64..3.T75 J972..Q92.63 5.8.AKJ854.A",
        "contract": "7NTXX",
        "declarer": "S",
        "trick": 5,
        "leader": "E",
        "won": {"NS": 3, "EW": 1},
        "play": ["E D8", "S D6", "W D3", "S calls D9", "S changes to D2 slip", "E exposes CA held_near_table", "N S2", "attention N"],
    },
    59937: {
        "laws": 2007,
        "deal": "S:JT9.T62.4.A9 Q.AQ7.Q63.87 A.3.AK9.KT64 765.K..QJ532",
        "contract": "6S",
        "declarer": "S",
        "trick": 5,
        "leader": "S",
        "won": {"NS": 3, "EW": 1},
        "play": ["S H6", "W H7", "N H3", "E HK", "E CJ", "S CA", "W C7", "N C4", "S HT", "W HA", "S calls SA", "S changes to DA slip", "E S6", "E exposes C2 visible_to_partner", "N C6", "E C2", "attention S"],
    },
}


@pytest.mark.parametrize("seed", [10374, 10444, 11067])
def test_a_lead_out_of_turn_played_on_is_a_play_to_the_lead(seed: int) -> None:
    """Generated records where, on the table as rectified, a lead out of turn's trick was
    completed and the next trick led out of turn again: ruled as a play to the irregular
    lead (53A, decision later_play_shows_acceptance), so no restoration leaves that trick
    short of a card behind a complete later one (a 53B finding did, before)."""
    case = loads(_text(DRAWN_MIXED[seed]))
    restorations = list(Ruling(case).restorations())
    assert restorations and not any("proper lead" in r.findings for r in restorations)
    for r in restorations:
        check_conservation(case, r, replayed=True)


_RANKS = "AKQJT98765432"


def _several_leads_out_of_turn(seed: int) -> tuple[dict[str, Any], list[tuple[int, str]], bool]:
    """A record of lawful play in which tricks are led out of turn now and then, each trick
    played on in rotation from its lead (so each lead out of turn is accepted by the next
    hand's card, 53A); sometimes it ends with one more lead out of turn and attention drawn
    at once. Written here on purpose, apart from the solver's generators. Returns the
    mapping, the (trick, seat) of each lead out of turn, and whether the last one is that
    lone card."""
    rng = random.Random(seed)
    seats = "NESW"
    cards = [s + r for s in "SHDC" for r in _RANKS]
    rng.shuffle(cards)
    hands = {s: cards[i * 13:(i + 1) * 13] for i, s in enumerate(seats)}

    def holding(h: list[str]) -> str:
        return ".".join("".join(r for r in _RANKS if suit + r in h) for suit in "SHDC")

    deal = "N:" + " ".join(holding(hands[s]) for s in seats)
    strain = rng.choice(["S", "H", "D", "C", "NT"])
    declarer = rng.choice(seats)
    leader = seats[(seats.index(declarer) + 1) % 4]
    plays: list[str] = []
    loots: list[tuple[int, str]] = []
    tricks = rng.randint(2, 11)
    for number in range(1, tricks + 1):
        seat = leader
        if number > 1 and rng.random() < 0.45:
            seat = rng.choice([s for s in seats if s != leader])
            loots.append((number, seat))
        trick: list[tuple[str, str]] = []
        for _ in range(4):
            follow = [c for c in hands[seat] if trick and c[0] == trick[0][1][0]]
            card = rng.choice(follow or hands[seat])
            hands[seat].remove(card)
            trick.append((seat, card))
            plays.append(f"{seat} {card}")
            seat = seats[(seats.index(seat) + 1) % 4]
        led = trick[0][1][0]
        leader = max(trick, key=lambda p: (p[1][0] == strain, p[1][0] == led, -_RANKS.index(p[1][1])))[0]
    lone = rng.random() < 0.4
    if lone:
        seat = rng.choice([s for s in seats if s != leader])
        plays.append(f"{seat} {rng.choice(hands[seat])}")
        loots.append((tricks + 1, seat))
    plays.append(f"attention {rng.choice(seats)}")
    mapping = {"laws": rng.choice(["2017", "2007"]), "deal": deal, "contract": f"{rng.randint(1, 7)}{strain}",
               "declarer": declarer, "play": plays}
    return mapping, loots, lone


@pytest.mark.parametrize("chunk", range(3))
def test_several_leads_out_of_turn_are_each_ruled(chunk: int) -> None:
    """A record with several leads out of turn in different tricks (53, 54, 55, 56): each is
    ruled, in record order, on the table the earlier rulings left; each is listed as an
    irregularity, none is left "not yet ruled", every restoration's path has a step for
    each, cards are conserved, and the output is the same twice. Those played on stand as
    played (53A): when the last is played on too, one restoration is the record as played,
    ruled 53A once for each."""
    several = 0
    for seed in range(chunk * 40, chunk * 40 + 40):
        mapping, loots, lone = _several_leads_out_of_turn(seed)
        several += len(loots) > 1
        text = _text(mapping)
        case = loads(text)
        ruling = Ruling(case)
        assert not [n for n in ruling.notices if "not yet ruled" in n.text], (seed, text, ruling.notices)
        assert len(ruling.irregularities) == len(loots), (seed, text, ruling.irregularities)
        restorations = list(ruling.restorations(limit=3000))
        assert restorations, (seed, text)
        for r in restorations:
            assert len(r.path) >= len(loots), (seed, text, [s.clause for s in r.path])
            check_conservation(case, r, replayed=True)
        if loots and not lone:
            assert any([s.clause for s in r.path] == ["53A"] * len(loots) and not r.table.withdrawn
                       for r in restorations), (seed, text)
        assert [r.key() for r in Ruling(loads(text)).restorations(limit=3000)] == [r.key() for r in restorations]
    assert several >= 20  # (the chunk is made of such records)


def test_a_choice_recorded_for_the_second_lead_out_of_turn() -> None:
    """After a first lead out of turn accepted by play (53A), declarer's recorded refusal of
    a second (56) is read by the second one's ruling: no 'not yet ruled' notice, and only the
    refusal's restorations remain (the 50D2 options over West's penalty card)."""
    case = load(CASES / "leads" / "lead-out-of-turn-accepted-then-defender-leads-out-of-turn.yaml")
    text = (CASES / "leads" / "lead-out-of-turn-accepted-then-defender-leads-out-of-turn.yaml").read_text(encoding="utf-8")
    refused = loads(text.replace("  - attention S\n", "  - attention S\n  - S refuses\n"))
    assert len(list(Ruling(case).restorations())) == 4
    ruling = Ruling(refused)
    leaves = list(ruling.restorations())
    assert len(leaves) == 3 and all([s.clause for s in r.path][:2] == ["53A", "56"] for r in leaves)
    assert not [n for n in ruling.notices if "not yet ruled" in n.text]


def _failed_line(err: AssertionError) -> str:
    """Where an assertion failed, for one raised without a message."""
    frame = traceback.extract_tb(err.__traceback__)[-1]
    return f"{Path(frame.filename).name}:{frame.lineno}: {frame.line}"


@pytest.mark.parametrize("seed", [26560, 59937])
def test_a_play_out_of_turn_a_rectification_reveals_is_ruled(seed: int) -> None:
    """Generated records where a changed designation (45C4(b)) gives the lead to a defender
    whose card held near the table or exposed becomes his lead (45C1), ahead of dummy's card
    already on the trick: dummy's card, now played out of turn, is ruled by the leads rules on
    the rectified table (listed as found while ruling), so no restoration leaves it standing
    out of rotation (it stood unruled, without a notice, before)."""
    case = loads(_text(DRAWN_MIXED[seed]))
    ruling = Ruling(case)
    restorations = list(ruling.restorations())
    assert restorations and any("out of turn" in f or "premature" in f for f in ruling.found_later)
    premature = "57C3" if case.laws == "2017" else "57C2"
    for r in restorations:
        try:
            check_conservation(case, r, replayed=True)
        except AssertionError as err:
            # an assertion that says nothing (as a short trick before the last) fails here too
            assert str(err), f"cards not conserved: {_failed_line(err)}"
            # declarer's premature play, if legal, stands where he put it (57C3; 2007 57C2)
            assert "out of rotation" in str(err) and any(s.clause == premature for s in r.path), err
    assert not [n for n in ruling.notices if "not yet ruled" in n.text]


def test_several_leads_out_of_turn_in_a_later_part_of_the_record() -> None:
    """A record played on after a ruling (``resume``) whose later part holds two leads out of
    turn, each played to: both are ruled (53A twice) after the first part's ruling (56, the
    lead refused), on the table it left; the leads rules, having ruled the first of the later
    part, run again for the second."""
    case = loads("""title: two leads out of turn after resume
laws: 2017
deal: "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"
contract: 4S
declarer: S
play: [W DQ, N DA, E D4, S D7, E H4, attention S, S refuses, resume,
       N S3, E S2, S SA, W S5,
       W HJ, N H2, E H4, S HA,
       N C2, E C5, S C7, W C6,
       attention W]
""")
    ruling = Ruling(case)
    leaves = list(ruling.restorations())
    assert len(leaves) == 1 and [s.clause for s in leaves[0].path] == ["56", "53A", "53A"]
    assert len(ruling.found_later) == 2 and all("53A" in f for f in ruling.found_later)
    check_conservation(case, leaves[0], replayed=True)


@pytest.mark.parametrize("chunk", range(2))
def test_several_leads_out_of_turn_with_a_ruling_between(chunk: int) -> None:
    """The records of ``_several_leads_out_of_turn`` with attention drawn, and play resumed,
    at the end of a trick before the last: the leads out of turn of both parts are each
    ruled (a step of each in every path, no notice), cards conserved, output the same twice.
    A restoration that leaves the trick before ``resume`` a card short (the irregular lead
    withdrawn under 53B) is not the one the record went on from (it went on with a new
    trick) and drops out; with it, the next part's cards were put in the wrong tricks."""
    checked = 0
    for seed in range(chunk * 40, chunk * 40 + 40):
        mapping, loots, _ = _several_leads_out_of_turn(seed)
        body, attention = mapping["play"][:-1], mapping["play"][-1]
        ends = list(range(4, len(body) - 1, 4))
        if len(loots) < 2 or not ends:
            continue
        cut = random.Random(seed).choice(ends)
        mapping["play"] = [*body[:cut], attention, "resume", *body[cut:], attention]
        text = _text(mapping)
        case = loads(text)
        ruling = Ruling(case)
        restorations = list(ruling.restorations(limit=3000))
        assert restorations and not [n for n in ruling.notices if "not yet ruled" in n.text], (seed, text)
        for r in restorations:
            assert len(r.path) >= len(loots), (seed, text, [s.clause for s in r.path])
            check_conservation(case, r, replayed=True)
        assert [r.key() for r in Ruling(loads(text)).restorations(limit=3000)] == [r.key() for r in restorations]
        checked += 1
    assert checked >= 20


def test_a_line_no_rule_reads_in_a_later_part_is_said() -> None:
    """A line of a part played on after ``resume`` that no rule family rules on (a finding the
    part has no lead out of turn to read it for) is reported, with its line, as one of the first
    part is: a finding no ruling turns on settled nothing; the recorded refusal of the first part
    is not said."""
    case = loads("""title: a finding no rule reads after resume
laws: 2017
deal: "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"
contract: 4S
declarer: S
play: [W DQ, N DA, E D4, S D7, E H4, attention S, S refuses, resume,
       N S3, E S2, S SA, W S5, attention W, director finds saw_dummy]
""")
    ruling = Ruling(case)
    assert list(ruling.restorations())
    said = [n for n in ruling.notices if n.kind in ("not_ruled", "unsettled")]
    assert [(n.line, n.text) for n in said] == [
        (7, "'director finds saw_dummy' settled nothing: no ruling of any restoration turns on it (it is not taken into account)")]


def test_a_recorded_choice_no_decision_reaches_in_a_record_played_on_is_said() -> None:
    """In a record played on after a ruling, a choice recorded in either part where no option
    of that player is due is reported, as in a record of one part; the choices that settled
    a decision (declarer's refusal) are not."""
    case = loads("""title: unsettled choices in both parts
laws: 2017
deal: "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"
contract: 4S
declarer: S
play: [W DQ, N DA, E D4, S D7, E H4, attention S, S refuses, W keeps, resume,
       N S3, E S2, S SA, W S5, attention W, E keeps]
""")
    ruling = Ruling(case)
    assert list(ruling.restorations())
    unsettled = sorted(str(n) for n in ruling.notices if "settled nothing" in n.text)
    assert len(unsettled) == 2 and "'W keeps'" in unsettled[0] + unsettled[1] and "'E keeps'" in unsettled[0] + unsettled[1]
    assert not any("'S refuses'" in n.text for n in ruling.notices)


def _played_on_after_establishment(mapping: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """The record with attention drawn, and play resumed, at the end of a trick after every
    revoke of the title is established (its next trick complete) and before the last card:
    the first ruling finds them established (63A1) and corrects nothing. None when no trick
    ends there."""
    play = mapping["play"]
    cards = [i for i, line in enumerate(play) if line.split()[0] in "NESW" and len(line.split()) == 2 and not line.startswith("attention")]
    revoked = [int(t) for t in mapping["title"].split("trick ")[1].split(";")[0].split(" and ")]
    first = mapping.get("trick", 1)
    ends = [i for k, i in enumerate(cards) if k % 4 == 3 and first + k // 4 > max(revoked) and i < cards[-1]]
    if not ends:
        return None
    cut = rng.choice(ends)
    return {**mapping, "play": [*play[: cut + 1], f"attention {rng.choice('NESW')}", "resume", *play[cut + 1 :]]}


_LATE_FINDINGS = ("director finds next_deal_called", "director finds round_over")


def _without_late_findings(mapping: dict[str, Any]) -> dict[str, Any]:
    """The record without its 64B4/64B5 findings (attention first drawn late)."""
    return {**mapping, "play": [line for line in mapping["play"] if str(line) not in _LATE_FINDINGS]}


@pytest.mark.parametrize("chunk", range(2))
def test_the_count_after_play_is_made_at_the_end_of_a_record_played_on(chunk: int) -> None:
    """Law 64 after play follows every rectification of the record, so in a record played on
    after a ruling it is made at the end of the last part, with the revokes of every part: a
    record of established revokes played to the end (trick 13, a claim or ``remaining``) is
    counted the same, and its findings (64C) read the same, when attention was drawn and play
    resumed after the revokes were established; a late-attention finding (64B4, 64B5) at the
    end then reaches none of them (attention was drawn to them at the earlier ``attention``):
    they are counted as in the record without it. Both editions."""
    checked = 0
    for seed in range(chunk * 150, chunk * 150 + 150):
        rng = random.Random(seed)
        whole = random_established_case(rng, edition="2007" if seed % 2 else "2017")
        parted = _played_on_after_establishment(whole, rng)
        if parted is None:
            continue
        rulings = [Ruling(loads(_text(m))) for m in (_without_late_findings(whole), parted)]
        counted = [sorted((r.node.transfer, r.node.equity, tuple(sorted(r.laws))) for r in ruling.restorations())
                   for ruling in rulings]
        assert counted[0] == counted[1], (seed, _text(parted))
        assert all(c[0] is not None for c in counted[1]), (seed, _text(parted))  # (a count on every restoration)
        assert [str(n) for n in rulings[0].notices] == [str(n) for n in rulings[1].notices], (seed, _text(parted))
        checked += 1
    assert checked >= 80


def test_a_corrected_revoke_of_an_earlier_part_counts_for_2007_64b7() -> None:
    """2007 64B7 (both sides revoked on the board, corrected revokes too): declarer's revoke
    corrected before play resumed counts with West's established revoke of the later part;
    2017 64B7 needs both established, so West's revoke is counted (64A1)."""
    for edition, clause, transfer in (("2007", "64B7", 0), ("2017", "64A1", 2)):
        case = load(str(Path(__file__).resolve().parent.parent / "cases" / "established"
                        / f"own-64b7-corrected-revoke-before-play-resumes-{edition}.yaml"))
        (only,) = list(Ruling(case).restorations())
        assert only.node.transfer == transfer and clause in only.laws, (edition, only.laws)


def _counted(ruling: Ruling) -> tuple[list[tuple[Any, ...]], list[str]]:
    return (sorted((r.node.transfer, r.node.equity, tuple(sorted(r.laws))) for r in ruling.restorations(limit=5000)),
            sorted(str(n) for n in ruling.notices))


def test_the_corpus_is_counted_after_play_the_same_when_played_on_after_a_ruling() -> None:
    """Every corpus record of one part with a revoke, counted after play on every
    restoration: drawing attention, and resuming play, at the end of any trick after its
    revokes are established and before its last card changes no count, clause or notice
    (45D2: dummy's wrongly placed lead of the first part is still read at the end), but for a
    late-attention finding (64B4, 64B5), which then reaches none of them: the count is the
    record's without it."""
    checked = 0
    for path in sorted(CASES.rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        play = [str(line) for line in data.get("play") or []]
        attention = [i for i, line in enumerate(play) if line.startswith("attention")]
        if "resume" in play or len(attention) != 1:
            continue
        ruling = Ruling(load(str(path)))
        restorations = list(ruling.restorations(limit=5000))
        revokes = ruling.replay.table.revokes
        if not restorations or not revokes or any(r.node.transfer is None for r in restorations):
            continue
        cards = [i for i, line in enumerate(play[: attention[0]]) if len(line.split()) == 2 and line.split()[0] in "NESW"]
        tricks = [n for n, _, _ in ruling.replay.table.plays()]
        if len(tricks) != len(cards):
            continue  # (a line the table places otherwise: a call, a fifth card)
        due = max(r.trick for r in revokes) + 1
        whole = _counted(ruling if not any(line in _LATE_FINDINGS for line in play)
                         else Ruling(loads(yaml.safe_dump(_without_late_findings({**data, "play": play}), sort_keys=False))))
        for k in range(len(cards) - 1):
            if tricks[k] < due or tricks[k + 1] == tricks[k]:
                continue
            parted = {**data, "play": [*play[: cards[k] + 1], play[attention[0]], "resume", *play[cards[k] + 1 :]]}
            parted.pop("expect", None)
            assert _counted(Ruling(loads(yaml.safe_dump(parted, sort_keys=False)))) == whole, (path.name, k)
            checked += 1
    assert checked >= 30


def _ruled(text: str) -> tuple[list[tuple[Any, ...]], list[str]]:
    """Every restoration as its final table, penalty cards, withdrawals, information, lead
    and path; and the notices (but the one a part with nothing to rule gives)."""
    ruling = Ruling(loads(text))
    out = [(tuple(r.table.plays()), tuple(sorted(map(str, r.penalty_cards))), r.table.withdrawn, r.node.ledger, r.lead,
            tuple(s.clause for s in r.path)) for r in ruling.restorations(limit=3000)]
    return out, sorted(str(n) for n in ruling.notices if n.text != "no irregularity found to rule on")


def _played_on_before_the_first_irregularity(mapping: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """The record with attention drawn, and play resumed, at the end of a trick before its
    first line other than a play (a call, an exposure, a change ...) and before its first
    revoke or play out of turn: the first ruling finds nothing to rule. None when no trick
    ends there."""
    case = loads(_text(mapping))
    table = Ruling(case).replay.table
    plain = next((i for i, e in enumerate(case.events) if type(e) is not Play), len(case.events))
    first = min([r.trick for r in table.revokes] + [t for t, _, _ in table.out_of_turn] + [99])
    plays = list(table.plays())
    cuts = [c for c in range(4, plain, 4) if c <= len(plays) and plays[c - 1][0] < first]
    if not cuts:
        return None
    cut = rng.choice(cuts)
    return {**mapping, "play": [*mapping["play"][:cut], "attention N", "resume", *mapping["play"][cut:]]}


@pytest.mark.parametrize("kind", ["mixed", "exposure", "fifth", "simultaneous", "lead", "misplay"])
def test_a_ruling_that_finds_nothing_before_the_irregularities_changes_nothing(kind: str) -> None:
    """Attention drawn, and play resumed, before any irregularity of the record (a ruling
    that finds nothing to rule) changes nothing: every irregularity of the part played on
    is ruled on its own trick, in record order, as in the record of one part (an exposed,
    fifth or simultaneous card, or a change of designation, of a later part was once ruled on
    the tricks of the first; a penalty card a ruling of the part made was lost to a later
    one)."""
    from rulings.solver.generate import random_kind_case

    checked = 0
    for seed in range(160):
        rng = random.Random(seed)
        whole = (random_mixed_case(rng) if kind == "mixed"
                 else random_kind_case(kind, rng, edition="2007" if seed % 2 else "2017", full_hand=seed % 3 == 0))
        parted = _played_on_before_the_first_irregularity(whole, random.Random(seed))
        if parted is None:
            continue
        assert _ruled(_text(parted)) == _ruled(_text(whole)), (seed, _text(parted))
        checked += 1
    assert checked >= 20


_PLAYED_ON = """title: a lead out of turn refused, then play resumes
laws: 2017
deal: "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"
contract: 4S
declarer: S
play:
  - W DQ
  - N DA
  - E D4
  - S D7
  - S SA
  - attention W
  - W refuses
  - resume
  - N SJ
  - E S2
  - S SA
  - W S5
  - S HA
  - W H7
  - N {card}
  - E H4
  - attention W
"""


def test_a_card_its_seat_was_not_dealt_in_a_later_part_is_a_located_error(tmp_path: Path) -> None:
    """A play line after ``resume`` naming a card its seat never held is bad input on every
    path (not a restoration the record cannot go on from): the file, line and card are
    named, exit code 1, no traceback."""
    path = tmp_path / "c.yaml"
    path.write_text(_PLAYED_ON.format(card="SK"), encoding="utf-8")
    with pytest.raises(RulingError) as err:
        list(Ruling(load(path)).restorations())
    assert err.value.line == 21 and "'SK' is not in N's hand (it is in W's hand)" in str(err.value)
    for command in (["solve", str(path)], ["solve", "--json", str(path)], ["verify", str(path)]):
        res = runner.invoke(app, command)
        assert res.exit_code == 1 and f"{path}:21:" in res.stderr + res.stdout and "Traceback" not in res.stderr, command


def test_a_record_no_restoration_can_go_on_to_is_said() -> None:
    """When no restoration of the ruling before ``resume`` can be played on as the record
    goes on (here a card played twice), the ruling has none, and a note says why at the
    first line that fails."""
    ruling = Ruling(loads(_PLAYED_ON.format(card="SJ")))
    assert list(ruling.restorations()) == []
    (note,) = [n for n in ruling.notices if "no restoration of the ruling before 'resume'" in n.text]
    assert note.line == 21 and "card 'SJ' was already played by N" in note.text
    fits = Ruling(loads(_PLAYED_ON.format(card="H2")))
    assert list(fits.restorations()) and not [n for n in fits.notices if "no restoration" in n.text]


def test_a_seat_that_led_in_turn_and_then_put_down_a_second_card_is_refused() -> None:
    """Dummy leads in turn and then puts down a second card to the same trick: the second
    card is the play out of turn, not his lead (which no rule of leads out of turn may call
    one), and nothing in the record explains it: refused as a record that cannot have
    happened, at the second card."""
    with pytest.raises(RulingError) as err:
        Ruling(loads("""title: dummy puts down two cards to his lead
laws: 2017
deal: "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"
contract: 4S
declarer: S
play: [W DQ, N DA, E D4, S D7, N S3, N S4, E S2, attention W]
"""))
    assert "N plays a second card (S4) to trick 2 after S3" in str(err.value) and err.value.token == "S4"
    assert "fifth" not in str(err.value) and "early" not in str(err.value)  # (two cards in the trick; dummy's)


def test_a_defenders_second_card_refused_on_a_trick_short_of_four_names_the_early_lead_reading() -> None:
    """A defender's second card on a trick that held fewer than four cards is no fifth card:
    the refusal says how the record reads an early lead to the next trick (57A), not how a
    fifth card is written."""
    with pytest.raises(RulingError) as err:
        Ruling(loads("""title: a card before partner, then only one of the others plays
laws: 2017
deal: "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"
contract: 4S
declarer: S
play: [W DQ, N DA, E D4, S D7, N S3, E S2, E HK, W S5, attention S]
"""))
    text = str(err.value)
    assert "E plays a second card (HK) to trick 2 after S2" in text and err.value.token == "HK"
    assert "fifth" not in text and "lead to the next trick when the cards of the seats still to play" in text


def test_a_seat_that_led_out_of_turn_and_then_put_down_a_second_card_is_refused() -> None:
    """East leads out of turn and then puts down a second card to the same trick: the
    ruling of his lead out of turn rules one card, and nothing rules the other (it once
    stood unruled, with no note, even as the lead of the trick once the lead out of turn
    was refused): refused at the second card, as for a seat that led in turn. A line ruled
    between the two cards (a player misinformed, who took his lead back) still explains it."""
    record = """title: a lead out of turn and a second card
laws: 2017
deal: "N:AKQ2.AK2.AK2.AK2 J109.QJ10.QJ10.QJ109 8765.876.876.876 43.9543.9543.543"
contract: 4S
declarer: S
play: [E HQ, E H10, attention S]
"""
    with pytest.raises(RulingError) as err:
        Ruling(loads(record))
    assert "E plays a second card (HT) to trick 1 after HQ" in str(err.value) and err.value.token == "HT"
    # in a later part of the record, no restoration of the first ruling can go on to it
    ruling = Ruling(loads(record.replace("E HQ, E H10", "W H3, N HA, E HJ, S H6, attention S, resume, E C9, E C10")))
    assert list(ruling.restorations()) == []
    (note,) = [n for n in ruling.notices if "no restoration of the ruling before 'resume'" in n.text]
    assert "E plays a second card (CT) to trick 2 after C9" in note.text


def test_a_play_out_of_turn_by_a_seat_whose_earlier_card_there_was_taken_back_is_ruled() -> None:
    """Three parts: South's lead out of turn to trick 7 (the first ruling, accepted or
    refused), West's lead out of turn there (the second: 55A, refused, the SQ back to dummy),
    then North leads and East plays, and West, dummy, plays the C8 before South. Plays out of
    turn are known by trick and seat, and West's in trick 7 was ruled in the second part; but
    that card was taken back, so the C8 is a new one: declarer's premature play from dummy,
    which stands (57C3). It was once said "not yet ruled on" (and before that stood with no
    note)."""
    ruling = Ruling(loads("""title: a second play out of turn by one seat in one trick, parts apart
laws: 2017
deal: "S:9.KT964.J. Q..7.JT842 .7.A532.KQ J7..KQ6.A6"
contract: 7NT
declarer: E
trick: 7
leader: N
won: {NS: 4, EW: 2}
play: [S S9, attention N, resume, W SQ, attention E, resume, N CQ, E D6, W C8, attention S]
"""))
    rests = list(ruling.restorations())
    refused = [r for r in rests if r.path[0].clause == "56"]
    assert refused and all("57C3" in r.laws and r.table.trick(7).card_of(Seat.W) == Card.parse("C8") for r in refused)
    assert not [n for n in ruling.notices if "not yet ruled" in n.text]


def test_a_lead_to_the_next_trick_after_a_lead_out_of_turn_and_other_cards_is_said() -> None:
    """East's lead out of turn is accepted by South's card; after West's, before dummy plays,
    East puts the CQ down, a lead to the next trick before this one ended: the table has it as
    his second card in trick 1. The ruling of his lead does not rule it, but the record can
    have happened: the lead is ruled and the CQ is said "not yet ruled on" at its line (it
    once stood as a fourth card of trick 1 with no note)."""
    ruling = Ruling(loads("""title: a lead out of turn accepted, then the offender leads again
laws: 2017
deal: "N:AKQ2.AK2.AK2.AK2 J109.QJ10.QJ10.QJ109 8765.876.876.876 43.9543.9543.543"
contract: 4S
declarer: S
play: [E HQ, S H6, W H3, E CQ, attention S]
"""))
    assert [s.clause for r in ruling.restorations() for s in r.path] == ["53A"]
    (note,) = [n for n in ruling.notices if "not yet ruled" in n.text]
    assert note.line == 6 and "E put CQ on trick 1 after his lead of HQ out of turn" in note.text


def test_a_second_card_after_a_lead_taken_back_is_not_said() -> None:
    """Dummy puts the C4 down as the opening lead (54E: no lead, it goes back), West leads, and
    dummy then plays the H2 to West's lead: with the C4 gone the H2 is dummy's only card in
    the trick, so nothing is left "not yet ruled on" (it was said on every path once)."""
    ruling = Ruling(loads("""title: t
laws: 2017
deal: "N:AKQ2.432.432.974 JT9.AKQ.AKQ.JT53 8765.JT9.JT9.AKQ 43.8765.8765.862"
contract: 4S
declarer: S
play: [N C4, W H5, N H2, E HA, attention S]
"""))
    assert [s.clause for r in ruling.restorations() for s in r.path] == ["54E"]
    assert not [n for n in ruling.notices if "not yet ruled" in n.text]


def test_a_second_card_in_a_later_part_leaves_no_restoration_and_is_said() -> None:
    """The same in a part of the record played on after a ruling: no restoration of the
    first ruling can be the one the table went on from, and a note says why."""
    ruling = Ruling(loads(_PLAYED_ON.format(card="H2").replace("  - E H4\n", "  - N H3\n")))
    assert list(ruling.restorations()) == []
    (note,) = [n for n in ruling.notices if "no restoration of the ruling before 'resume'" in n.text]
    assert "N plays a second card (H3) to trick 3 after H2" in note.text and note.line == 22


_CALLED_THEN_FACED = """title: t
laws: 2017
deal: "N:AKQ2.432.432.974 JT9.AKQ.AKQ.JT53 8765.JT9.JT9.AKQ 43.8765.8765.862"
contract: 4S
declarer: S
play: [W H5, S calls H2, {cut}N H3, E HA, attention S]
"""


def test_dummy_faces_after_resume_the_card_called_before_attention() -> None:
    """Declarer names dummy's H2 (played, 45C4(a)); attention is drawn, nothing to rule, play
    resumes and dummy faces the H3: a card declarer did not designate (45D1), as in the record
    with no attention drawn between. The ruling is that record's, restoration for restoration
    (it once had none: the H3 was read as dummy's second card to the trick)."""
    cut = Ruling(loads(_CALLED_THEN_FACED.format(cut="attention E, resume, ")))
    whole = Ruling(loads(_CALLED_THEN_FACED.format(cut="")))
    keys = sorted(r.key() for r in cut.restorations())
    assert len(keys) == 3 and keys == sorted(r.key() for r in whole.restorations())
    assert all(str(r.table.trick(1)).count("H2") == 1 for r in cut.restorations())


_RUFF_WINS = """title: t
laws: 2017
trick: 6
leader: S
won: {{NS: 2, EW: 3}}
deal: E:.AT9.98.J72 ..AQJ7543.8 62.KJ7.KT6. J85.863.2.5
contract: 2H
declarer: E
play: [S D7, W DK, N D2, E D9, W HK, N H6, E HA, S D5, E C7, S DJ, W S6, N C5, E CJ, attention N, resume,
       {rest}]
"""


def test_a_second_card_after_a_lead_out_of_turn_then_accepted_is_the_lead_to_the_next_trick() -> None:
    """South's revoke corrected, declarer may put a heart ruff of dummy's in place of its S6
    (62C1): dummy then wins the trick and South's next lead is out of turn, accepted by
    dummy's play (53A). North's second card, put down before declarer played to that trick
    and followed by declarer's card, is his lead to the next trick there as it is where
    South was due to lead: the restorations with the ruff are ruled, not dropped."""
    ruling = Ruling(loads(_RUFF_WINS.format(rest="S DQ, W S2, N H8, N S8, E D8, S DA, W DT, E claims 3, attention W")))
    restorations = list(ruling.restorations())
    trick8 = sorted(str(r.table.trick(8)) for r in restorations)
    assert trick8 == ["trick 8: E C7 S C8 W D6 N C5", "trick 8: E C7 S C8 W H7 N C5", "trick 8: E C7 S C8 W HJ N C5",
                      "trick 8: E C7 S C8 W S6 N C5"]
    ruffs = [r for r in restorations if r.table.trick(8).winner(r.table.trumps) is Seat.W]
    assert len(ruffs) == 2 and all("53A" in [s.clause for s in r.path] for r in ruffs)
    assert all(str(r.table.trick(10)).startswith("trick 10: N S8") for r in restorations)
    assert not [n.text for n in ruling.notices if n.kind in ("not_ruled", "no_restoration")]


def test_a_restoration_the_record_cannot_be_ruled_on_from_is_said_when_others_stand() -> None:
    """Dummy's second card with the seats still due following out of rotation is read as
    its lead to the next trick only where the trick was led by the seat due to lead it
    (South, after dummy's S6 or D6). Where dummy's ruff won trick 8, South's lead was out of
    turn and the second card is one no irregularity explains: that restoration is left out,
    and a note names it (by dummy's ruff) and why, although others stand."""
    ruling = Ruling(loads(_RUFF_WINS.format(rest="S DQ, W S2, W DT, E D8, N H8, attention N")))
    restorations = list(ruling.restorations())
    assert restorations and all(r.table.trick(8).winner(r.table.trumps) is Seat.S for r in restorations)
    notes = [n for n in ruling.notices if n.kind == "not_ruled" and "is not ruled" in n.text]
    assert sorted(n.text.split(" is not ruled")[0] for n in notes) == [
        "the restoration with S C8 on trick 8, W H7 on trick 8", "the restoration with S C8 on trick 8, W HJ on trick 8"]
    assert all("W plays a second card (DT) to trick 9 after S2" in n.text for n in notes)


def test_a_defender_at_his_turn_after_declarers_premature_card_is_no_play_out_of_turn() -> None:
    """Trick 9 of the record above: dummy's revoke and its second card, then declarer's D8
    put down at North's turn (57C3: it stands), then North's H8 at his own turn (South and
    dummy had played, he had not). North's card is a play in turn: no restoration rules it
    under 57D (a defender playing at his right-hand opponent's turn), nor says it was."""
    ruling = Ruling(loads(_RUFF_WINS.format(rest="S DQ, W S2, W DT, E D8, N H8, attention N")))
    restorations = list(ruling.restorations())
    assert restorations and all("57C3" in [s.clause for s in r.path] for r in restorations)
    assert not [r for r in restorations if "57D" in [s.clause for s in r.path]]
    assert not [i for i in ruling.irregularities if "57D" in i]


def test_a_later_part_is_read_on_the_table_of_each_restoration() -> None:
    """A part played on after a ruling with several restorations (dummy's revoke corrected
    with one club or another) is read, at each reopening, on the table that restoration
    played it on from: an exposure there once was read on the first restoration's table,
    where a card of this one had been played already (an error for a good record)."""
    case = loads("""title: a revoke by dummy corrected, play resumed, a misplay and an exposure
laws: 2017
deal: N:J7654.3.64.98632 KQ3.QJ85.K52.QJT T98.K976.AQJT7.5 A2.AT42.983.AK74
contract: 3NT
declarer: E
play: [S C5, W D8, attention W, resume, N C9, E CQ, E CT, S H9, E calls C4, W CA,
       S exposes S8 held_near_table visible_to_partner, attention N]
""")
    restorations = list(Ruling(case).restorations())
    assert len(restorations) == 5 and all(r.path[0].clause == "62B" for r in restorations)
    for r in restorations:
        check_conservation(case, r, replayed=True)


def test_a_card_after_a_lead_out_of_turn_is_ruled_the_same_in_a_later_part() -> None:
    """Declarer leads from his hand when dummy is to lead, and dummy, the proper leader,
    then plays: the leads rules rule declarer's lead (55A), then dummy's card on the table
    that ruling leaves (accepted: declarer's premature play from dummy, 57C3; refused: the
    lead from the correct hand, 55B2). So they do in a part played on after a ruling (that
    part read when play goes on into it), and nothing is said not ruled."""
    body = """title: t
laws: 2017
deal: "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"
contract: 4S
declarer: S
play: [W DQ, N DA, E D4, S D7, {rest}]
"""
    one = Ruling(loads(body.format(rest="S SA, N S3, attention W")))
    parted = Ruling(loads(body.format(rest="attention W, resume, S SA, N S3, attention W")))
    for ruling in (one, parted):
        ruled = sorted((tuple(s.clause for s in r.path), str(r.table.trick(2))) for r in ruling.restorations())
        assert ruled == [(("55A",), "trick 2: N S3"), (("55A", "57C3"), "trick 2: S SA N S3")]
        assert not [n.text for n in ruling.notices if "not yet ruled" in n.text]


def test_a_record_that_cannot_go_on_after_a_ruling_that_found_nothing_has_no_restoration() -> None:
    """Nothing to rule in the first part, and the next cannot be played on from its table
    (a card played twice): no restoration (once, the first part's table stood as one), and
    the note says why."""
    ruling = Ruling(loads("""title: t
laws: 2017
deal: "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"
contract: 4S
declarer: S
play: [W DQ, N DA, E D4, S D7, attention W, resume, N DA, attention W]
"""))
    assert list(ruling.restorations()) == []
    assert any("card 'DA' was already played by N" in n.text for n in ruling.notices)
    graph = ruling.graph()  # (and the ruling graph has no restoration either)
    assert not any(data.get("leaf") or "restoration" in data for _, data in graph.nodes(data=True))


@pytest.mark.parametrize(("families", "seed"), [(("lead", "early"), 11), (("lead", "early"), 31), (("lead", "early"), 53),
                                               (("lead", "early"), 55), (("lead", "early"), 86), (("lead", "early"), 91),
                                               (("lead", "early"), 116), (("lead", "early"), 160), (("lead", "early"), 184),
                                               (("lead", "early"), 243), (("lead", "early"), 350), (None, 46),
                                               (("lead", "early"), 10), (("lead", "early"), 12), (("lead", "early"), 61),
                                               (("lead", "early"), 42), (("lead", "early"), 58), (("lead", "early"), 106)])
@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_card_put_down_as_the_next_lead_is_its_players_card_to_the_trick_a_ruling_took_his_card_off(
        families: tuple[str, ...] | None, seed: int, edition: str) -> None:
    """Generated records (a lead out of turn and a lead put down before the trick was
    complete; ``None``: every family but ``open_change``) with attention drawn, and play
    resumed, before their own attention: where the lead out of turn is refused and the part
    played on as if it stood, the proper lead takes back the cards before it (53B), and a
    later card of one of their players that the record placed as his lead to the next trick
    is his card to that trick (44B), in turn or a premature play (57C3, docs/decisions.md):
    no trick is left short before the last, every restoration keeps the cards, none is
    repeated, and the output is the same twice."""
    rng = random.Random(seed)
    drawn = families if families is not None else tuple(f for f in DEFAULT_FAMILIES if f != "open_change")
    mapping = random_mixed_case(rng, edition=edition, families=drawn)
    play = mapping["play"]
    first = next(i for i, line in enumerate(play) if line.startswith("attention"))
    cut = rng.randint(1, first - 1)
    mapping["play"] = [*play[:cut], f"attention {rng.choice('NESW')}", "resume", *play[cut:]]
    text = _text(mapping)
    case = loads(text)
    ruling = Ruling(case)
    restorations = list(ruling.restorations(limit=3000))
    assert restorations and not [n for n in ruling.notices if "not yet ruled" in n.text], (seed, text, ruling.notices)
    assert all(n == 1 for n in Counter(r.key() for r in restorations).values()), (seed, text)
    for r in restorations:
        check_conservation(case, r, replayed=True)
    assert [r.key() for r in Ruling(loads(text)).restorations(limit=3000)] == [r.key() for r in restorations]


@pytest.mark.parametrize("kind", ["mixed", "misplay", "revoke"])
def test_records_with_attention_drawn_and_play_resumed_anywhere_are_ruled_soundly(kind: str) -> None:
    """Generated records with attention drawn, a ruling made and play resumed after any
    line before their own attention: each is ruled (or refused with its file and line),
    deterministically; every restoration keeps the cards, unless the ruling says a play it
    does not rule on; a ruling with no restoration says why."""
    from rulings.solver.generate import random_kind_case

    for seed in range(60):
        rng = random.Random(seed)
        mapping = (random_mixed_case(rng) if kind == "mixed"
                   else random_kind_case(kind, rng, edition="2007" if seed % 2 else "2017", full_hand=seed % 3 == 0))
        play = mapping["play"]
        first = next(i for i, line in enumerate(play) if line.startswith("attention"))
        if first < 2:
            continue
        cut = rng.randint(1, first - 1)
        mapping["play"] = [*play[:cut], f"attention {rng.choice('NESW')}", "resume", *play[cut:]]
        text = _text(mapping)
        case = loads(text)
        try:
            ruling = Ruling(case)
            restorations = list(ruling.restorations(limit=2000))
        except RulingError as err:
            assert err.line is not None, (seed, text, err)
            continue
        said = [n.text for n in ruling.notices]
        if not restorations:
            assert any(t.startswith("no restoration") for t in said), (seed, text, said)
        elif not any("not yet ruled" in t for t in said):
            for r in restorations:
                check_conservation(case, r, replayed=True)
        assert [r.key() for r in Ruling(loads(text)).restorations(limit=2000)] == [r.key() for r in restorations], seed


def test_a_line_of_a_later_part_that_some_path_rules_is_not_said_unruled() -> None:
    """North leads out of turn at trick 1 and the record plays on. On one path declarer
    spreads his hand (54A), so his call from dummy later ('E calls DQ') is no designation
    of his there; where he accepts the lead (54B) the call and dummy's wrong card are ruled
    (45D1: trick 2 is still in progress). The rule set handles the line, so no note says it
    is not ruled. A later part is read afresh for each declarer it is played on with: read
    once, on the spread (the first restoration played into it), the misplay went unruled
    where East stayed declarer."""
    ruling = Ruling(loads("""title: a later part's line ruled on some paths
laws: 2017
deal: N:JT962.AQ7.KT95.3 Q83.KJ32.J4.T654 K5.T854.762.KQ92 A74.96.AQ83.AJ87
contract: 4SXX
declarer: E
play: [N ST, attention W, resume, E S3, S SK, W SA, E calls DQ, W H9, N HA, E H2, attention W]
"""))
    restorations = list(ruling.restorations())
    assert any(r.path[0].clause == "54A" for r in restorations)
    accepted = [r for r in restorations if r.path[0].clause == "54B"]
    assert accepted and all("45D1" in r.laws for r in accepted)
    assert not [n for n in ruling.notices if "not yet ruled" in n.text]


def test_a_lead_out_of_turn_the_record_showed_is_ruled_after_one_a_rectification_revealed() -> None:
    """A slip corrected under 45C4(b) changes who won trick 6, so East's lead to trick 7 is
    out of turn (accepted by South's play, 53A); North's lead to trick 9, out of turn in the
    record as played, is ruled after it (53A accepted by East's play, or 53B: East's card
    his proper lead). The leads rules once stopped after the first: the second was theirs by
    the record's first reading, and so counted as ruled."""
    ruling = Ruling(loads("""title: two leads out of turn, one revealed by a change of designation
laws: 2017
deal: W:2..T7.QT764 K63.J7.5.K5 95.A4.KQ.98 J74.3..AJ32
contract: 1D
declarer: W
trick: 6
leader: W
won: {NS: 1, EW: 4}
play: [W S2, N S6, W calls S9, W changes to S5 slip, S S4, E DK, S CJ, W D7, N D5, E HA, S H3, W CT,
       N H7, N C5, E C8, attention N]
"""))
    restorations = list(ruling.restorations())
    assert restorations and not [n for n in ruling.notices if "not yet ruled" in n.text]
    for r in restorations:
        assert [s.clause for s in r.path][:2] == ["45C4(b)", "53A"], [s.clause for s in r.path]
        assert any("N's lead of C5" in s.text or "C8 was E's proper lead" in s.text for s in r.path[2:]), [s.text for s in r.path]


def test_cards_played_after_a_changed_designation_fail_to_follow_the_new_lead_as_revokes_of_their_own() -> None:
    """Dummy faced the SK, and declarer's change (45C4(b), 2007) withdraws it and leads the DA
    before anyone else plays. South, declarer and North then play to the DA, each holding a
    diamond and not following: three revokes, each played after the change to the lead that
    stands. South's is corrected (62B1); declarer's card, after it, is a revoke of his own,
    corrected as his (62B2), with no 62C1 option as a non-offender's card (the lead was not
    replaced after he played); North's is his own too, corrected (62B1), each with his only
    diamond: one restoration."""
    ruling = Ruling(loads("""title: cards played to the new lead after a changed designation
laws: 2007
deal: "E:KJ92.T.AJT.96 A876.2.K3.432 T4.AQ654.95.Q Q53.K3.Q8.K75"
contract: 3NTXX
declarer: W
trick: 4
leader: E
won: {NS: 1, EW: 2}
play: [W calls C9, E S9, S S6, W S4, N SQ, N C7, E C6, S C2, W CQ, W HA, N H3, E HT, S H2, W D9, N D8, E DT, S D3,
       W calls SK, E SK, W changes to DA slip, S C4, W ST, N S5, attention S]
"""))
    rests = list(ruling.restorations())
    assert len(rests) == 1
    (r,) = rests
    assert [str(t) for t in r.table.tricks][-1] == "trick 8: E DA S DK W D5 N DQ"
    assert all(s.choice == "must leave it" for s in r.path if s.clause in ("62C1", "62C2")), [str(s) for s in r.path]
    assert {(p.seat, p.card) for p in r.table.penalty_cards} == {(Seat.S, Card.parse("C4")), (Seat.N, Card.parse("S5"))}


_DUMMY_HAS_PLAYED = """title: declarer calls for a card from dummy after dummy has played to the trick
laws: 2017
deal: W:Q8.9.2.QT A2.3.KQ9. T76.J.A7. 43.Q.JT6.
contract: 4S
declarer: E
trick: 8
leader: W
won: {NS: 3, EW: 4}
play: [W SQ, N S2, E S6, %s, attention E]
"""


@pytest.mark.parametrize("call", ["E calls HA", "E calls S8", "E calls high"])
def test_a_call_from_dummy_after_dummy_played_to_the_trick_plays_no_card(call: str) -> None:
    """Dummy led the SQ to trick 8, and North and declarer played to it; declarer then calls
    for a card from dummy (one dummy does not hold, one he holds, an incomplete one). Dummy
    has played to the trick: the call plays no card (a player plays one card to a trick),
    and the trick stands as played. Ruled as a designation, it gave dummy a second card
    there (46B4: declarer designates any card; or the card called)."""
    ruling = Ruling(loads(_DUMMY_HAS_PLAYED % call))
    restorations = list(ruling.restorations())
    assert [str(t) for r in restorations for t in r.table.tricks] == ["trick 8: W SQ N S2 E S6"]
    assert not restorations[0].withdrawn and not restorations[0].path
    assert any("had played SQ to trick 8: the call plays no card" in i for i in ruling.irregularities), ruling.irregularities
    assert not ruling.notices


@pytest.mark.parametrize("lines", ["E calls CT, W S8", "E calls HA, W S8"])
def test_dummys_card_placed_after_a_call_when_he_had_played_is_refused(lines: str) -> None:
    """Declarer calls a card after dummy has played to the trick, and dummy places another:
    dummy has put two cards on one trick, which no irregularity of the record explains
    (the call plays nothing): the record is refused at dummy's second card, not ruled as a
    misplay (45D1, which gave dummy the card called as a second card there)."""
    with pytest.raises(RulingError) as err:
        list(Ruling(loads(_DUMMY_HAS_PLAYED % lines)).restorations())
    assert err.value.line is not None and "W plays a second card (S8) to trick 8 after SQ" in err.value.message


def _in_three_parts(seed: int) -> str:
    """A generated mixed record cut into three parts (attention drawn and play resumed twice
    before its own attention)."""
    rng = random.Random(seed)
    mapping = random_mixed_case(rng)
    play = mapping["play"]
    first = next(i for i, line in enumerate(play) if line.startswith("attention"))
    c1, c2 = sorted(rng.sample(range(1, first), 2))
    mapping["play"] = [*play[:c1], f"attention {rng.choice('NESW')}", "resume", *play[c1:c2],
                       f"attention {rng.choice('NESW')}", "resume", *play[c2:]]
    return _text(mapping)


@pytest.mark.parametrize("seed", [119, 250, 362, 595])
def test_a_later_part_ruled_on_a_path_never_leaves_a_player_two_cards_in_one_trick(seed: int) -> None:
    """Records of three parts where, on some path, a later part's call from dummy is ruled
    (46B4, 45D1) after an earlier ruling changed the trick so that dummy had already played
    to it: that path would give dummy two cards in one trick. It is not one the record went
    on from, and drops out; every restoration left keeps the cards."""
    text = _in_three_parts(seed)
    case = loads(text)
    ruling = Ruling(case)
    restorations = list(ruling.restorations(limit=2000))
    assert restorations or any("no restoration" in n.text for n in ruling.notices), text
    for r in restorations:
        check_conservation(case, r, replayed=True)


def test_a_later_part_is_ruled_on_each_restoration_by_what_its_lines_hold_there() -> None:
    """Declarer calls the CQ from dummy and changes to the CT: a slip (45C4(b)), the CT is
    played; a change of mind, the CQ stands. Play goes on, and at trick 9 declarer calls the
    CQ again. Where the CT was played (the first restoration), that call is plain and dummy
    plays the CQ; where the CQ stood, it is a card dummy no longer holds (46B4: declarer
    designates any card). The later part's openings were read on the first restoration only,
    where the designation rules found nothing there: North's DQ became a lead out of turn
    and the call went unruled."""
    ruling = Ruling(loads("""title: a later part's call is plain on one path only
laws: 2017
deal: "W:Q8.9.2.QT A2.3.KQ9. T76.J.A7. 43.Q.JT6."
contract: 4S
declarer: E
trick: 8
leader: W
won: {NS: 3, EW: 4}
play: [E calls CQ, E changes to CT, attention N, resume, N D9, E D7, S D6, E calls CQ, N DQ, attention S]
"""))
    restorations = list(ruling.restorations())
    slip = [r for r in restorations if r.path[0].choice == "slip"]
    kept = [r for r in restorations if r.path[0].choice != "slip"]
    assert len(slip) == 1 and [str(t) for t in slip[0].table.tricks][-1] == "trick 9: W CQ N DQ"
    assert kept and all(r.path[1].clause == "46B4" for r in kept)
    assert {r.table.trick(9).card_of(Seat.W) for r in kept} == {Card.parse(c) for c in ("CT", "D2", "H9", "S8", "SQ")}
    assert not ruling.notices


def test_a_play_out_of_turn_made_again_after_its_card_was_taken_back_is_ruled() -> None:
    """Dummy leads from the wrong hand, the lead is refused (55A, 55B2); after play resumes
    declarer leads the same card from dummy again, and West plays to it. The second lead is
    a new irregularity, ruled (53A: accepted by West's play), although a play out of turn is
    known by its trick and seat and the first one's key was ruled."""
    ruling = Ruling(load(ROOT / "cases" / "combined" / "dummy-leads-from-the-wrong-hand-twice.yaml"))
    restorations = list(ruling.restorations())
    assert [[s.clause for s in r.path] for r in restorations] == [["55A", "53A"]]
    assert not [n for n in ruling.notices if "not yet ruled" in n.text]


def test_a_later_part_is_read_again_where_its_replay_differs() -> None:
    """North (dummy) revokes at trick 7 and must substitute a club: the CK, CQ, C9 or C5.
    Play goes on and declarer later calls the CQ, then changes to the CK. Where dummy
    substituted the CK (the first restoration), the call is plain; where he substituted the
    CQ, it names a card he has played (46B4) and the change follows it. The later part was
    read on the first restoration only, and on the CQ restorations its lines looked
    unexplained there: those restorations dropped out."""
    ruling = Ruling(loads("""title: a later part read for each way it replays
laws: 2017
deal: N:.3.T5.KQ95 3.9.AQJ4.7 7.K8.2.AT4 AT4.2.63.6
contract: 7S
declarer: S
trick: 7
leader: W
won: {NS: 2, EW: 4}
play: [W C6, N D5, E C7, S CT, attention W, resume, S H8, W H2, N H3, E H9, E D4, S D2, W D6, N DT,
       S calls CQ, S changes to CK slip, E DQ, S CA, W D3, S HK, W S4, E exposes DJ dropped, attention S]
"""))
    firsts = Counter(r.path[0].choice for r in ruling.restorations())
    assert set(firsts) == {"CK", "CQ", "C9", "C5"}
    assert all("46B4" in r.laws for r in ruling.restorations() if r.path[0].choice == "CQ")


SPREAD_DEAL = """laws: {laws}
deal: N:K84.J1072.AQ5.963 QJ1065.3.J982.K72 A2.AKQ965.K4.J84 973.84.T763.AQT5
contract: 4H
declarer: S
"""


@pytest.mark.parametrize("laws", ["2017", "2007"])
def test_a_spread_the_table_played_on_from_is_ruled_as_with_the_director_called(laws: str) -> None:
    """Declarer spreads his hand after a faced opening lead out of turn (54A) and play goes
    on before attention: the same restorations, steps and count after play as the record
    with 'attention' and 'resume' around the spread (North declarer from the spread: his
    call designates a card of dummy's South; dummy's later revoke is no transfer, 64B3),
    and no note that the first part has no attention line."""
    later = "N calls high, W S3, N S4, S H5, W H4, N H2, E H3, attention E"
    alone = Ruling(loads(SPREAD_DEAL.format(laws=laws) + f"play: [E SQ, S spreads, {later}]\n"))
    called = Ruling(loads(SPREAD_DEAL.format(laws=laws) + f"play: [E SQ, attention W, S spreads, resume, {later}]\n"))
    ours, theirs = list(alone.restorations()), list(called.restorations())
    assert [r.key() for r in ours] == [r.key() for r in theirs] and len(ours) == 1
    assert [s.clause for s in ours[0].path] == [s.clause for s in theirs[0].path] == ["54A", "46B1(a)"]
    assert ours[0].table.declarer is Seat.N
    assert not [n for n in alone.notices if "attention" in n.text or "not yet ruled" in n.text]


@pytest.mark.parametrize("laws", ["2017", "2007"])
def test_a_spread_the_table_played_on_from_in_a_part_after_resume_is_cut_there(laws: str) -> None:
    """North faces a card before the opening lead (54E: no lead, it goes back) and play
    resumes; East then faces an opening lead out of turn, South spreads (54A) and play goes on
    before attention: that part is cut at the spread as the first part is, so the rest is read
    with North declarer: the same restorations and steps as with 'attention' and 'resume'
    around the spread. North's call designates dummy South's card; played as lines, South's
    S2 is dummy's card, no acceptance of the lead (53A)."""
    head = "N D5, attention W, resume, E SQ"
    later = "N calls high, W S3, N S4, S H5, W H4, N H2, E H3, attention E"
    alone = Ruling(loads(SPREAD_DEAL.format(laws=laws) + f"play: [{head}, S spreads, {later}]\n"))
    called = Ruling(loads(SPREAD_DEAL.format(laws=laws) + f"play: [{head}, attention W, S spreads, resume, {later}]\n"))
    ours, theirs = list(alone.restorations()), list(called.restorations())
    assert [r.key() for r in ours] == [r.key() for r in theirs] and len(ours) == 1
    assert [s.clause for s in ours[0].path] == [s.clause for s in theirs[0].path] == ["54E", "54A", "46B1(a)"]
    assert ours[0].table.declarer is Seat.N
    assert not [n for n in alone.notices if "not yet ruled" in n.text], alone.notices
    plays = "S spreads, S S2, W S3, N SK, N H2, E H3, S HA, W H4, attention W"
    played = Ruling(loads(SPREAD_DEAL.format(laws=laws) + f"play: [{head}, {plays}]\n"))
    opened = Ruling(loads(SPREAD_DEAL.format(laws=laws) + f"play: [E SQ, {plays}]\n"))
    leaves, alike = list(played.restorations()), list(opened.restorations())
    assert len(leaves) == len(alike) == 1 and leaves[0].table.declarer is alike[0].table.declarer is Seat.N
    assert [s.clause for s in leaves[0].path] == ["54E", *(s.clause for s in alike[0].path)] == ["54E", "54A"]
    assert not [n for n in played.notices if "not yet ruled" in n.text], played.notices


def test_a_spread_in_a_part_after_resume_whose_lead_came_before_it_is_not_cut() -> None:
    """The lead out of turn and declarer's acceptance were ruled before 'resume': a spread
    after it is no 54A (the lead stood when the part began, 54B): the part is not cut and the
    line is said, not ruled."""
    ruling = Ruling(loads(SPREAD_DEAL.format(laws="2017") + "play: [E SQ, attention W, S accepts, resume, S spreads, S S2, W S3, attention W]\n"))
    leaves = list(ruling.restorations())
    assert len(leaves) == 1 and leaves[0].table.declarer is Seat.S
    assert len(ruling._segments) == 2
    assert any("'S spreads' is not yet ruled on" in n.text for n in ruling.notices)


def test_a_spread_is_no_54a_after_a_card_accepted_the_lead_or_another_card_came_first() -> None:
    """Only a spread on the lead alone is ruled where it happened: after declarer's own card
    accepted the lead (53A, 54B1) he stays declarer (the line is not ruled: 48B2); after his
    LHO's card on the lead (57D, a rectification the table did not make) the record is
    read as one part; a spread with attention next is read by the ruling at
    that attention."""
    accepted = Ruling(loads(SPREAD_DEAL.format(laws="2017") + "play: [E SQ, S S2, S spreads, W S3, N SK, attention W]\n"))
    assert accepted._cut is None
    assert [r.table.declarer for r in accepted.restorations()] == [Seat.S]
    assert any("'S spreads' is not yet ruled on" in n.text for n in accepted.notices)
    partner = Ruling(loads(SPREAD_DEAL.format(laws="2017") + "play: [E SQ, W S3, S spreads, S S2, N SK, attention W]\n"))
    assert partner._cut is None
    last = Ruling(loads(SPREAD_DEAL.format(laws="2017") + "play: [E SQ, S spreads, attention W]\n"))
    assert last._cut is None and [r.table.declarer for r in last.restorations()] == [Seat.N]
    seen = Ruling(loads(SPREAD_DEAL.format(laws="2017") + "play: [E SQ, S spreads, S S2, attention W, director finds saw_dummy]\n"))
    assert seen._cut is None and [r.table.declarer for r in seen.restorations()] == [Seat.S]


def test_an_established_revoke_is_reported_once_when_a_ruling_makes_a_second() -> None:
    """63A1 is asked once of each revoke: East's established revoke on trick 9 is reported,
    then his premature discard on trick 10, stood as his card once play went on (57A), is a
    second revoke: its report names it alone, not the first again."""
    text = """
title: two revokes by one defender, the second a premature discard
source: own
notes: test
trick: 9
leader: N
won: {NS: 6, EW: 2}
deal: "N:J.32.A.K 9.KQ.6.Q Q.A.K.JT K.J.QJ.A"
contract: 4S
declarer: S
play: [N H2, E D6, S HA, W HJ, S CT, E HK, W CA, N CK, remaining NS 2 EW 1, attention S]
expect: [count 1]
"""
    [r] = list(Ruling(loads(text)).restorations())
    asked = [s for s in r.path if s.clause == "63A1" and s.choice == "established"]
    assert [s.question for s in asked] == ["is the revoke established?", "is the revoke established?"]
    assert asked[0].text.endswith("trick 9 stands as played") and "on trick 10" not in asked[0].text
    assert asked[1].text.endswith("trick 10 stands as played") and "on trick 10" in asked[1].text
    assert "on trick 9" not in asked[1].text and "tricks 9 and 10" not in asked[1].text


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_50d2_choice_at_the_refusal_or_the_same_at_the_next_lead_is_one_restoration(edition: str) -> None:
    """Seed 106 of ``families=["lead", "early"]``, cut: a defender's lead out of turn refused,
    his partner to lead; dummy leads out of turn and the partner's play accepts it; dummy's
    second card, a lead out of turn to the next trick, is retracted (55A). Declarer's
    requirement (or prohibition) at the refusal, or none then and the same one at the
    partner's next lead, is one position (docs/decisions.md): listed once, on the first
    course, and the second course's later choice says so."""
    rng = random.Random(106)
    mapping = random_mixed_case(rng, edition=edition, families=("lead", "early"))
    play = mapping["play"]
    first = next(i for i, line in enumerate(play) if line.startswith("attention"))
    cut = rng.randint(1, first - 1)
    mapping["play"] = [*play[:cut], f"attention {rng.choice('NESW')}", "resume", *play[cut:]]
    restorations = list(Ruling(loads(_text(mapping))).restorations())
    assert len(restorations) == 7 == len({r.key() for r in restorations})
    courses = [[(s.clause, s.choice) for s in r.path] for r in restorations]
    assert [c for c in courses if c[1] in (("50D2(a)", "require H"), ("50D2(a)", "forbid H"))] and all(
        c[-1] == ("50D2(b)", "no restriction") for c in courses if c[1] == ("50D2(b)", "no restriction") and c[-1][0].startswith("50D2"))
    later = [r.path[-1] for r in restorations if len(r.path) > 2 and r.path[1].choice == "no restriction" and r.path[-1].clause.startswith("50D2")]
    assert later and all("requiring H or forbidding H here is the position of the same choice at N's lead to trick 7" in s.text
                         for s in later)


def _cut_seed(seed: int, edition: str, families: tuple[str, ...] | None = None) -> str:
    """The record of ``seed`` (default draw, or ``families``) cut once, as the sweep of
    generated whole records cuts it (benchmarks/whole_record_sweep.py)."""
    rng = random.Random(seed)
    mapping = random_mixed_case(rng, edition=edition, families=families)
    play = [str(line) for line in mapping["play"]]
    first = next(i for i, line in enumerate(play) if line.startswith("attention"))
    cut = rng.randint(1, first - 1)
    mapping["play"] = [*play[:cut], f"attention {rng.choice('NESW')}", "resume", *play[cut:]]
    return _text(mapping)


def _check_cut_seed_ruled(seed: int, edition: str) -> None:
    """The cut record of ``seed`` (:func:`_cut_seed`) ruled: at least one restoration, no line
    said "not yet ruled on", every restoration keeping the 52 cards."""
    case = loads(_cut_seed(seed, edition))
    ruling = Ruling(case)
    restorations = list(ruling.restorations())
    assert restorations
    assert not [n for n in ruling.notices if "not yet ruled" in n.text]
    for r in restorations:
        check_conservation(case, r, replayed=True)


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_second_card_in_a_part_played_on_drops_the_restoration(edition: str) -> None:
    """Seed 275 (default draw, cut): declarer calls dummy's D8 and attention is drawn to his
    revoke. Where 62C2 lets dummy put the D3 in place of the D8, North's DA wins the trick, and
    the part played on reads as dummy leading the D8 out of turn, East playing to it and dummy
    then putting the DJ on the same trick. No law rules that second card: that restoration is
    not one the record goes on from (decision ``second_card_in_a_part_played_on_drops_the_restoration``);
    it drops out, named by a note, and no restoration leaves dummy two cards in one trick.
    With the switch off it stays, the DJ said "not yet ruled on"."""
    from rulings.solver.config import Decisions
    from rulings.solver.rulesets import get_ruleset

    case = loads(_cut_seed(275, edition))
    ruling = Ruling(case)
    restorations = list(ruling.restorations())
    assert restorations and not [n for n in ruling.notices if "not yet ruled" in n.text]
    assert any("cannot be played on from those where the ruling leaves S two cards in trick 5" in n.text for n in ruling.notices)
    for r in restorations:
        check_conservation(case, r, replayed=True)
    kept = Ruling(case, get_ruleset(case.laws, Decisions(second_card_in_a_part_played_on_drops_the_restoration=False)))
    assert len(list(kept.restorations())) > len(restorations)
    assert any("S put DJ on trick 5 after his lead of D8 out of turn" in n.text for n in kept.notices)


@pytest.mark.parametrize(("seed", "family", "edition"), [(89, "declarer_lead", "2017"), (687, "declarer_lead", "2007"),
                                                     (30, "incomplete", "2017"), (320, "incomplete", "2007")])
def test_a_trick_a_part_played_on_leaves_short_drops_the_restoration(seed: int, family: str, edition: str) -> None:
    """Seeds of a family drawn only when named, with the default families, cut once. 89, 687:
    dummy (declarer) leads from the wrong hand and attention comes before anyone plays; the
    part after ``resume`` plays the trick through to the lead and goes on. 30: a defender's
    card played to a refused change of designation, his 47D substitute a card he played to the
    next trick. 320: a lead out of turn the proper leader's card makes a proper lead (53B)
    where the part played on completes the trick to it. Read on the restoration that took the
    card back, the part's cards leave a trick a card short while the record leads the next:
    that restoration is not one the table played on from; it drops out, named by a note, and
    the others keep the cards."""
    case = loads(_cut_seed(seed, edition, (family, *DEFAULT_FAMILIES)))
    ruling = Ruling(case)
    restorations = list(ruling.restorations())
    assert restorations and not [n for n in ruling.notices if "not yet ruled" in n.text]
    assert any("cannot be played on from it" in n.text and "a card of" in n.text for n in ruling.notices)
    for r in restorations:
        check_conservation(case, r, replayed=True)


@pytest.mark.parametrize(("seed", "edition"), [(1781, "2017"), (2894, "2017"), (2894, "2007")])
def test_plays_out_of_turn_a_later_part_leaves_are_ruled_on_every_restoration(seed: int, edition: str) -> None:
    """Seeds of the default draw, cut once. 1781: a change of designation ruled first, then a
    57A lead to trick 13 that goes back, leaving West's card on it as the trick's lead out of
    turn (56): the designation, ruled already on the path, no longer explains it away.
    2894: the part played on is read first on a restoration where South's card is a 60B
    play (dummy to lead); where North won the trick (62C2) it is South's lead out of turn
    (56), ruled there though 60B claimed it on the first restoration. Nothing is left
    "not yet ruled on", and every restoration keeps the 52 cards."""
    _check_cut_seed_ruled(seed, edition)


@pytest.mark.parametrize(("seed", "edition"), [(3704, "2017"), (3413, "2017"), (3413, "2007"), (6634, "2017"), (6634, "2007")])
def test_cut_records_of_the_sweep_keep_the_cards(seed: int, edition: str) -> None:
    """Seeds of the default draw, cut as the sweep cuts them: a ruling with restorations,
    each keeping the 52 cards, four to a trick. 3704 (2017): after dummy's misplay (45D1) the
    part played on holds three revokes on one trick and North's lead to the next put down
    early, his one spade: 62C3 corrects North's and East's revokes, North's spade coming back
    from the next trick, and South's in its turn. 3413: West's lead to the next trick put
    down before East played, then declarer's call of dummy's card and a change of it: East's
    card is his card to the trick in progress, as the replay reads it. 6634: where West's
    47D substitute is the card he had led to the next trick, the record no longer fits
    that course; the part after 'resume' is not played on from those restorations, which a
    notice names, with the cards the record played there that they leave in the hands."""
    case = loads(_cut_seed(seed, edition))
    ruling = Ruling(case)
    restorations = list(ruling.restorations())
    assert restorations
    for r in restorations:
        check_conservation(case, r, replayed=True)
    if seed == 6634:
        assert any("cannot be played on" in n.text and "N C7, E C3" in n.text for n in ruling.notices)


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_declarers_premature_card_after_his_opening_lead_went_back_is_ruled(edition: str) -> None:
    """Seed 1474 of the default draw, cut as the sweep cuts it. Where declarer refuses West's
    opening lead out of turn, the part played on has declarer face the HK (54E: it goes back),
    East lead, dummy play, and declarer put the DT down at West's turn: his premature play
    (57C3), ruled though the ruling of the HK marked his seat's play to trick 1 ruled. The DT
    is no legal play (he holds hearts) and goes back, so the part's later cards, East's lead
    to trick 2 and dummy's card on it, no longer fit those restorations: they are not played
    on, a notice says so, and no restoration leaves the DT standing at West's turn."""
    case = loads(_cut_seed(1474, edition))
    ruling = Ruling(case)
    restorations = list(ruling.restorations())
    assert restorations and not [n for n in ruling.notices if "not yet ruled" in n.text]
    assert any("cannot be played on" in n.text for n in ruling.notices)
    for r in restorations:
        check_conservation(case, r, replayed=True)


@pytest.mark.parametrize("seed", [1955, 5290, 6086])
@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_card_after_declarers_premature_card_and_a_57c1_card_is_at_its_turn(seed: int, edition: str) -> None:
    """Seeds of the default draw, cut as the sweep cuts them. On a path of each ruling, a trick
    holds declarer's card, then a card of the other declaring hand put down before a
    defender's turn (57C3: a played card), then that defender's partner's card put down before
    his, declarer having played from both hands (57C1: no rectification), then the passed-over
    defender's own card (1955: South's D3 to trick 8; 5290: East's H2 to trick 11; 6086:
    South's H9 to trick 5). The cards before his stand as played whatever is ruled and every
    seat before him in rotation had played: his card is at his turn, no play out of turn, so
    nothing is left "not yet ruled on"; every restoration keeps the 52 cards."""
    _check_cut_seed_ruled(seed, edition)


#: the families of the sweep's set ``all`` and of a named family with the default ones
_ALL = tuple(FAMILIES)


@pytest.mark.parametrize(("seed", "families"), [
    (1046, _ALL), (2456, _ALL), (2543, _ALL), (2677, _ALL),
    (954, ("fifth", *DEFAULT_FAMILIES)), (336, ("together", *DEFAULT_FAMILIES))])
@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_records_whose_later_cards_hold_a_lead_put_down_early_keep_every_trick_whole(
        seed: int, families: tuple[str, ...], edition: str) -> None:
    """Records drawn as the sweep draws them (benchmarks/whole_record_sweep.py) where a
    player's second card in a trick, the seats still due following it, is his lead to the
    next trick put down early, after a line a rule places a card for (cards played together
    found late, 58B4 with 67B2; an exposed card, 49; a fifth card, 45E): the record's later
    cards are put back in the order of its lines, the lead on the next trick, so no trick
    before the last is left a card short; a fifth card the player played again later was
    played to the trick, not led; 57C1 is not read for a lead to the next trick. Every
    irregularity ruled, no restoration repeated, cards conserved."""
    mapping = random_mixed_case(random.Random(seed), edition=edition, families=families)
    _check_ruled_whole(seed, mapping)


def _paths(seed: int, families: tuple[str, ...], edition: str = "2017") -> list[list[tuple[str, str]]]:
    case = loads(_text(random_mixed_case(random.Random(seed), edition=edition, families=families)))
    return [[(s.clause, s.choice) for s in r.path] for r in Ruling(case).restorations()]


def test_a_lead_put_down_early_after_cards_played_together_found_late_stands_on_the_next_trick() -> None:
    """N leads D5 and HJ together (only D5 seen), then puts down H6 before his partner played
    to the trick, and the trick is played out; the cards together are found late (58B4, 67B2:
    D5 stays, HJ back to the hand). H6 is his lead to trick 3, made before his partner played
    (57A), which the next hand played to: it stands as his lead (60A1), not dropped."""
    mapping = random_mixed_case(random.Random(1046), edition="2017", families=_ALL)
    case = loads(_text(mapping))
    restorations = list(Ruling(case).restorations())
    assert restorations
    for r in restorations:
        assert ("58B4", "D5") in [(s.clause, s.choice) for s in r.path]
        trick3 = r.table.trick(3)
        assert trick3 is not None and trick3.plays[0] == (Seat.N, Card.parse("H6")) and trick3.is_complete


def test_a_fifth_card_played_again_later_was_played_to_the_trick() -> None:
    """Declarer W puts H5 on a complete trick, no finding recorded, and plays H5 again at his
    turn to the next trick: it went back to his hand (45E2), so the director's finding is not
    asked (no "led" branch). S then puts down CA before his partner played to that trick: a
    lead made early, 57A (a major penalty card; his partner had played), not 57C1."""
    paths = _paths(2456, _ALL)
    assert paths
    for path in paths:
        assert path[0] == ("45E2", "played to the trick")
        assert ("57A", "major penalty card") in path and all(c != "57C1" for c, _ in path)


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_play_out_of_turn_each_path_ruled_is_not_said_unruled_where_no_restoration_goes_on(edition: str) -> None:
    """Seed 2636 (every family, cut): declarer's change of his call of dummy's card has no
    finding, so the ruling branches on it (45C4(b)). The record after 'resume' changes a call
    to the card the change named before, so it cannot be played on where that change stood
    (the card played already), nor where it was refused (the 47D substitutes leave a trick a
    card short). South's lead out of turn to trick 11, before 'resume', which the record as
    read leaves out of turn, is ruled on each path (53A): with no restoration left the ruling
    says why, and says nothing of that lead as not yet ruled on."""
    case = loads(_cut_seed(2636, edition, tuple(FAMILIES)))
    ruling = Ruling(case)
    assert list(ruling.restorations()) == []
    assert [n for n in ruling.notices if "no restoration of the ruling before 'resume' can be played on" in n.text]
    assert not [n for n in ruling.notices if "not yet ruled" in n.text]


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_second_card_of_a_seat_whose_lead_out_of_turn_was_ruled_before_resume_is_ruled_by_its_card(edition: str) -> None:
    """Seed 1893 (every family, cut): West leads the H3 out of turn to trick 8 and attention
    is drawn before anybody plays to it (ruled before 'resume'). In the part played on, dummy
    plays to it and West then puts the ST down before his partner has played to the trick:
    a play out of turn of its own (his lead to trick 9 made before his partner played, 57A;
    a seat plays one card to a trick, 44B), not hidden by the ruling of his H3 on the same
    trick. Ruled on every path where the part is played on: nothing "not yet ruled on", and
    every restoration keeps the 52 cards, each trick in rotation."""
    case = loads(_cut_seed(1893, edition, tuple(FAMILIES)))
    ruling = Ruling(case)
    restorations = list(ruling.restorations())
    assert restorations
    assert not [n for n in ruling.notices if "not yet ruled" in n.text]
    assert any(s.clause == "57A" for r in restorations for s in r.path)
    for r in restorations:
        check_conservation(case, r, replayed=True)


@pytest.mark.parametrize(("seed", "short"), [(6330, 7), (6987, 6)])
@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_fifth_card_played_on_as_led_found_not_led_leaves_no_trick_short(seed: int, short: int, edition: str) -> None:
    """Seeds 6330 and 6987 (every family, whole): declarer puts a card on a complete trick
    and the table plays on from it as a lead. Found played to the trick (45E2), the card goes
    back and the record's later cards leave a trick before the last without a seat's card
    while the record leads the next (6330: dummy's proper lead, 53B, takes West's two cards
    off trick 7; 6987: West is left without a card on trick 6). No law gives that trick its
    card: the finding is not one the record can be played on from, and a note says so
    (decision ``first_part_short_trick_drops_the_restoration``); every restoration listed
    keeps the 52 cards. With the switch off the short trick is listed."""
    from rulings.solver.config import Decisions
    from rulings.solver.rulesets import get_ruleset

    case = loads(_text(random_mixed_case(random.Random(seed), edition=edition, families=tuple(FAMILIES))))
    ruling = Ruling(case)
    restorations = list(ruling.restorations())
    assert restorations and all("led" in r.findings for r in restorations)
    assert any(n.line is not None and "the record cannot be played on from those where" in n.text
               and f"leave trick {short} without a card of" in n.text for n in ruling.notices)
    for r in restorations:
        check_conservation(case, r, replayed=True)
    kept = Ruling(case, get_ruleset(case.laws, Decisions(first_part_short_trick_drops_the_restoration=False)))
    listed = list(kept.restorations())
    assert len(listed) > len(restorations)
    with pytest.raises(AssertionError, match=f"trick {short} is short of a card"):
        for r in listed:
            check_conservation(case, r, replayed=True)


@pytest.mark.parametrize(("seed", "short", "fifth"), [(26315, 9, "DQ"), (34860, 5, "CJ")])
@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_fifth_card_found_not_led_and_later_substituted_leaves_the_trick_short(seed: int, short: int, fifth: str,
                                                                               edition: str) -> None:
    """Seeds 26315 and 34860 (every family, whole): a card put on a complete trick that the
    table played on from as a lead (26315: declarer's DQ; 34860: East's CJ), found played to
    its trick (45E2: back to the hand; 45E1: a major penalty card), leaves the record's later
    cards a place off and a trick before the last without a seat's card while the record leads
    the next. A later ruling on that path puts the same card back on the table, in place of a
    card taken back (the non-offender's change after a revoke's correction, 62C1): the card
    stands again, but only as that substitute, so the finding is still not one the record can
    be played on from (decision ``first_part_short_trick_drops_the_restoration``). Only the
    finding that it was led is ruled, and every restoration keeps the 52 cards; with the
    switch off the short trick is listed, the card standing as the 62C1 substitute."""
    from rulings.solver.config import Decisions
    from rulings.solver.rulesets import get_ruleset

    case = loads(_text(random_mixed_case(random.Random(seed), edition=edition, families=tuple(FAMILIES))))
    ruling = Ruling(case)
    restorations = list(ruling.restorations())
    assert restorations and all("led" in r.findings for r in restorations)
    assert any(n.line is not None and f"leave trick {short} without a card of" in n.text for n in ruling.notices)
    for r in restorations:
        check_conservation(case, r, replayed=True)
    kept = Ruling(case, get_ruleset(case.laws, Decisions(first_part_short_trick_drops_the_restoration=False)))
    listed = list(kept.restorations())
    assert any(s.clause == "62C1" and s.choice == f"change to {fifth}" for r in listed for s in r.path)
    with pytest.raises(AssertionError, match=f"trick {short} is short of a card"):
        for r in listed:
            check_conservation(case, r, replayed=True)


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_defenders_fifth_card_played_on_as_led_found_played_is_his_card_to_the_next_trick(edition: str) -> None:
    """Seed 12291 (every family, whole): North puts the DJ on trick 6, won by declarer, and
    the table plays on from it as a lead: declarer's D8, South's DQ and dummy's D2, then
    South, who won the diamond trick, leads. Found played to trick 6 (45E1), the DJ is a
    major penalty card that lay on trick 7 as North's card: its first legal opportunity
    (50D1(a)), so it is his card there and South's lead is in turn (decision
    ``fifth_card_found_played_lies_on_the_next_trick``): two restorations, each keeping the
    52 cards, none citing 57A. With the switch off, South's lead is read as made before his
    partner played (57A) and trick 7 is left short of North's card: listed with
    ``first_part_short_trick_drops_the_restoration`` off too (on, those paths drop out, the
    DJ standing at most as the card North plays in place of his S5, 52B2)."""
    from rulings.solver.config import Decisions
    from rulings.solver.rulesets import get_ruleset

    case = loads(_text(random_mixed_case(random.Random(12291), edition=edition, families=tuple(FAMILIES))))
    restorations = list(Ruling(case).restorations())
    assert len(restorations) == 2
    assert {"played", "led"} == {f for r in restorations for f in r.findings if f in ("played", "led")}
    for r in restorations:
        check_conservation(case, r, replayed=True)
        assert not any(s.clause == "57A" for s in r.path)
    off = Ruling(case, get_ruleset(case.laws, Decisions(fifth_card_found_played_lies_on_the_next_trick=False,
                                                        first_part_short_trick_drops_the_restoration=False)))
    listed = list(off.restorations())
    assert any(s.clause.startswith("57A") for r in listed for s in r.path)
    with pytest.raises(AssertionError, match="trick 7 is short of a card"):
        for r in listed:
            check_conservation(case, r, replayed=True)


@pytest.mark.parametrize(("seed", "line"), [(9069, 18), (14990, 36), (15584, 24)])
@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_later_part_exposing_a_card_a_restoration_played_is_not_played_on(seed: int, line: int, edition: str) -> None:
    """Seeds of the default draw, cut as the sweep cuts them: the part after 'resume', drawn
    as played on from the table as it stood, has a player expose a card that a correction
    ruled before 'resume' played for him (9069: South's H3, his 62B correction; 14990: East's
    S7, his 62B correction; 15584: North's D7, his 47D substitute after a refused change of
    designation). Those restorations cannot be played on: the ruling says so at the line,
    never that the line is not yet ruled on."""
    case = loads(_cut_seed(seed, edition))
    ruling = Ruling(case)
    restorations = list(ruling.restorations())
    assert not [n for n in ruling.notices if "not yet ruled" in n.text]
    assert [n for n in ruling.notices if n.line == line and "be played on" in n.text]
    for r in restorations:
        check_conservation(case, r, replayed=True)


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_later_parts_line_said_unruled_on_one_restoration_is_provisional(edition: str) -> None:
    """Seed 13620 of the default draw, cut: East leads out of turn at trick 1 and the part
    after 'resume' has South, declarer as the table stood, call dummy's D7. On the
    restoration first played into that part South spread his hand (54A), and no rule reads
    his call there; on those where he stayed declarer it is ruled (45D1, dummy's DK). Said
    "not yet ruled on" when first read, the notice is taken back once every path is
    enumerated, so it is provisional: a listing cut short (a limit) does not give it as
    final."""
    case = loads(_cut_seed(13620, edition))
    ruling = Ruling(case)
    restorations = list(ruling.restorations(limit=300))
    assert len(restorations) == 300
    assert not [n for n in ruling.notices if "not yet ruled" in n.text and n not in ruling.provisional]


@pytest.mark.parametrize("edition", ["2017", "2007"])
@pytest.mark.parametrize(("seed", "moved"), [(16558, "N plays H3 to trick 8 out of turn there"),
                                             (23857, "S plays H8 to trick 11 out of turn there")])
def test_a_card_out_of_turn_only_on_the_restoration_drops_it(seed: int, moved: str, edition: str) -> None:
    """Seeds 16558 and 23857 (default draw, cut). 16558: declarer calls dummy's SA, dummy
    puts the S5 on the trick and the revoke before it is corrected; 23857: a change of
    designation and a revoke in the tricks before ``resume``. The part played on was played
    from the table as it stood, where North's H3 (South's H8) came in turn; on the
    restorations whose ruling gave the trick before to another hand, the card lands out of
    turn and no law of the record's rulings rules it. Those restorations are not the ones the
    table went on from (decision ``play_out_of_turn_only_on_the_restoration_drops_it``): they
    drop out, named by a note, nothing is said "not yet ruled on", and every restoration left
    keeps the 52 cards in rotation. With the switch off they stay, the card said "not yet
    ruled on"."""
    from rulings.solver.config import Decisions
    from rulings.solver.rulesets import get_ruleset

    case = loads(_cut_seed(seed, edition))
    ruling = Ruling(case)
    restorations = list(ruling.restorations())
    assert restorations and not [n for n in ruling.notices if "not yet ruled" in n.text]
    assert any(moved in n.text and "cannot be played on from it" in n.text for n in ruling.notices)
    for r in restorations:
        check_conservation(case, r, replayed=True)
    kept = Ruling(case, get_ruleset(case.laws, Decisions(play_out_of_turn_only_on_the_restoration_drops_it=False)))
    list(kept.restorations())
    assert any("played out of turn to trick" in n.text and "not yet ruled on" in n.text for n in kept.notices)
