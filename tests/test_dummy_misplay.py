"""Law 45D (dummy places a card declarer did not designate): unit and CLI tests of
``rulings.solver.rulesets.dummy_misplay`` (see docs/dummy-misplay-rules.md)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from rulings.models.cards import Card, Seat
from rulings.models.events import Call, Designation
from rulings.solver.casefile import load, loads
from rulings.solver.cli import app
from rulings.solver.config import Decisions
from rulings.solver.rulesets import catalog, dummy_misplay, get_ruleset, revoke
from rulings.solver.rulesets.dummy_misplay import MisplayStands, _designated, find_misplays
from rulings.solver.ruling import Ruling

CASES = Path(__file__).resolve().parents[1] / "cases" / "dummy-misplay"
FIVE = CASES / "seed004-45d1-five-cards.yaml"
HEADER = """
laws: {laws}
trick: 11
leader: N
won: {{NS: 7, EW: 3}}
deal: "N:-.-.Q2.2 -.-.95.9 A.-.A3.- K.-.K4.-"
contract: 3NT
declarer: S
play: [{play}]
"""


def case(play: str, laws: str = "2017"):  # type: ignore[no-untyped-def]
    return loads(HEADER.format(laws=laws, play=play))


def test_catalog_runs_the_misplay_opener_before_the_revoke_opener() -> None:
    mods = catalog.MODULES
    assert mods.index(dummy_misplay) < mods.index(revoke)


def test_replay_records_how_many_cards_stood_before_each_event() -> None:
    rp = case("S calls DQ, N D2, E D5, attention S").replay()
    assert rp.applied_before == (0, 0, 1)
    assert [str(e) for e in rp.unapplied] == ["S calls DQ"]
    [m] = find_misplays(rp)
    assert (m.designated, m.wrong, m.trick) == (Card.parse("DQ"), Card.parse("D2"), 11)


def test_dummy_placing_the_called_card_is_no_irregularity_and_not_unruled() -> None:
    ruling = Ruling(case("S calls D2, N D2, E D5, attention S"))
    assert ruling.replay.unapplied == ()
    assert not ruling.irregularities
    assert not any("not yet ruled" in n.text for n in ruling.notices)


def test_designated_card_high_and_low_of_the_suit_led() -> None:
    c = loads(HEADER.format(laws="2017", play="W D4, attention S").replace("leader: N", "leader: W"))
    table = c.replay().table
    assert _designated(table, Call(Seat.S, Designation.parse("low"))) == Card.parse("D2")
    assert _designated(table, Call(Seat.S, Designation.parse("high"))) == Card.parse("DQ")
    assert _designated(table, Call(Seat.S, Designation.parse("anything"))) is None
    assert _designated(table, Call(Seat.S, Designation.parse("SA"))) is None  # not in dummy (46B4)
    assert _designated(table, Call(Seat.S, Designation.parse("diamond"))) == Card.parse("D2")  # 46B2


def test_call_that_leaves_a_choice_then_45d1_against_the_card_chosen() -> None:
    # 46B5: either defender designates among dummy's lawful cards; the card dummy placed
    # stands if chosen, otherwise 45D1 replaces it.
    ruling = Ruling(case("S calls anything, N D2, E D5, attention S"))
    assert any("45D1" in i for i in ruling.irregularities)
    assert not any("not yet ruled" in n.text for n in ruling.notices)
    rs = list(ruling.restorations())
    chosen = {r.path[0].choice: r for r in rs}
    assert set(chosen) == {"C2", "D2", "DQ"}
    assert all("either defender" in r.path[0].actor and r.path[0].clause == "46B5" for r in rs)
    assert [s.clause for s in chosen["D2"].path] == ["46B5"] and not chosen["D2"].withdrawn
    for card in ("DQ", "C2"):
        r = chosen[card]
        assert r.path[1].clause == "45D1" and r.card_of(Seat.N) == Card.parse(card)
    # D2 stands (1); DQ: East keeps D5 or plays D9 (2); C2: East must follow clubs with C9 (1)
    assert len(rs) == 4
    assert [r.card_of(Seat.E) for r in rs if r.card_of(Seat.N) == Card.parse("C2")] == [Card.parse("C9")]


def test_too_late_rule_only_in_2017() -> None:
    m = MisplayStands.__new__(MisplayStands)
    assert get_ruleset("2017").rule_for(m) is not None
    assert get_ruleset("2007").rule_for(m) is None
    assert get_ruleset("2007").cite("45D1") == "45D"


def test_declarer_change_depends_on_rho() -> None:
    keys = list(Ruling(case("S calls DQ, N D2, E D5, S D3, attention W")).restorations())
    for r in keys:
        east, south = r.card_of(Seat.E), r.card_of(Seat.S)
        if east == Card.parse("D5"):
            assert south == Card.parse("D3")
    assert {str(r.card_of(Seat.S)) for r in keys} == {"D3", "DA"}


def test_switch_unlawful_kept_card() -> None:
    c = load(CASES / "own-suit-changes-forced-substitutes.yaml")
    forced = list(Ruling(c).restorations())
    assert all(str(r.card_of(Seat.S)) == "HA" for r in forced)
    other = get_ruleset("2017", Decisions(misplay_unlawful_kept_card_must_change=False))
    loose = list(Ruling(c, other).restorations())
    assert any(str(r.card_of(Seat.S)) == "D3" for r in loose)
    assert len(loose) > len(forced)


def test_switch_declaring_side_lead() -> None:
    # Declarer called the ace, dummy faced the queen: both win, and dummy led again.
    text = """
trick: 11
leader: E
won: {NS: 7, EW: 3}
deal: "N:-.-.AQ.2 -.-.95.9 A2.-.3.- K.-.K4.-"
contract: 3NT
declarer: S
play: [E D5, S D3, W D4, S calls DA, N DQ, S calls C2, N C2, attention W]
"""
    c = loads(text)
    [r] = list(Ruling(c).restorations())
    assert [str(w) for w in r.withdrawn] == ["N DQ"] and str(r.card_of(Seat.N, 12)) == "C2"
    other = get_ruleset("2017", Decisions(misplay_declaring_side_may_retract_next_lead=True))
    both = list(Ruling(c, other).restorations())
    assert sorted(len(x.withdrawn) for x in both) == [1, 2]


def test_switch_next_lead_counts_as_held() -> None:
    """East's lead to the next trick (DT) is his only card of the suit now led: by default he
    must play it to the corrected trick (44C); with the switch off it stands there and he
    may keep his heart, as before the lead is withdrawn by 44G."""
    c = load(CASES / "45d1-lead-to-next-trick-is-the-only-card-of-the-corrected-suit.yaml")
    held = list(Ruling(c).restorations())
    assert len(held) == 8 and all(str(r.card_of(Seat.E, 10)) == "DT" and r.table.trick(11) is None for r in held)
    other = get_ruleset("2017", Decisions(misplay_next_lead_counts_as_held=False))
    standing = list(Ruling(c, other).restorations())
    assert len(standing) == 20 and {str(r.card_of(Seat.E, 10)) for r in standing} == {"HQ", "H9", "C9"}


def test_five_cards_at_most_and_listed() -> None:
    ruling = Ruling(load(FIVE))
    rs = list(ruling.restorations())
    assert max(len(r.withdrawn) for r in rs) == 5
    assert "5 card(s) may come back" in ruling.irregularities[0]


def test_cli_solve_shows_every_restoration_and_the_script() -> None:
    runner = CliRunner()
    res = runner.invoke(app, ["solve", str(FIVE), "--ascii"])
    assert res.exit_code == 0, res.output
    assert "8 restorations" in res.output and "45D1" in res.output and "44G" in res.output
    res = runner.invoke(app, ["solve", str(FIVE), "--ascii", "--explain"])
    assert res.exit_code == 0, res.output
    out = res.output
    assert "E (defender) may withdraw D5" in out and "W (defender) may withdraw DK" in out
    assert "only if his right-hand opponent E changed" in out
    assert "unauthorized to NS" in out
    res = runner.invoke(app, ["solve", str(FIVE), "--json"])
    data = json.loads(res.stdout)
    assert data["count"] == 8


def test_call_of_a_card_that_would_not_follow_is_designated_and_revokes() -> None:
    # Dummy must follow diamonds, but a card dummy holds named outright is played (45C4(a)):
    # 45D1 puts the club on the trick, which is a revoke by dummy (61A), not established, so
    # it is corrected at once under 62B (62B2: no penalty card, declarer names a diamond).
    c = loads(HEADER.format(laws="2017", play="W D4, S calls C2, N D2, attention E").replace("leader: N", "leader: W"))
    ruling = Ruling(c)
    assert any("45D1" in i for i in ruling.irregularities)
    assert any("revoke by dummy" in i for i in ruling.irregularities)
    rs = list(ruling.restorations())
    assert [[s.clause for s in r.path] for r in rs] == [["45D1", "62B"]] * 2
    assert sorted(str(r.card_of(Seat.N)) for r in rs) == ["D2", "DQ"]
    for r in rs:
        assert sorted(f"{w.seat}{w.card}" for w in r.withdrawn) == ["NC2", "ND2"]
        assert not r.penalty_cards and "62B2" in r.laws and not r.established


def test_json_of_a_45d1_ruling_matches_the_schema() -> None:
    import jsonschema

    from rulings.solver.export import schema

    res = CliRunner().invoke(app, ["solve", str(CASES / "seed004-45d1-five-cards.yaml"), "--json"])
    assert res.exit_code == 0
    data = json.loads(res.stdout)
    jsonschema.validate(data, schema())
    assert data["count"] == 8
    assert {p["path"][0]["clause"] for p in data["restorations"]} == {"45D1"}


def test_switch_2007_too_late_designated_card_counts() -> None:
    # default (False, the EBL 2011 remark read literally): the card dummy placed stands and
    # revokes are judged on the cards as placed: South's DJ on the heart trick
    c = load(CASES / "ebl-misplay-d-too-late-2007.yaml")
    [r] = list(Ruling(c).restorations())
    assert r.established and "45C4(a)" not in r.laws and "63A1" in r.laws
    # on: the card declarer named counts as played (45C4(a)); a failure to follow it is the
    # revoke (own-2007-too-late-revoke: South and West instead of East)
    other = get_ruleset("2007", Decisions(misplay_too_late_designated_card_counts=True))
    c2 = load(CASES / "own-2007-too-late-revoke.yaml")
    [plain] = list(Ruling(c2).restorations())
    [counted] = list(Ruling(c2, other).restorations())
    assert "45C4(a)" in counted.laws and "45C4(a)" not in plain.laws
    assert plain.established and counted.established

def test_incontrovertible_finding_makes_the_designated_card() -> None:
    # 46B intro then 45D1 (Levy 2018, "heart", then "I meant the HA"): "diamond" alone is the
    # D2 (46B2), which dummy placed; the director's finding that declarer meant the DQ makes
    # the D2 a card declarer did not designate.
    play = "S calls diamond, N D2, E D5, attention S, director finds incontrovertible DQ"
    [m] = find_misplays(case(play).replay())
    assert (m.designated, m.wrong) == (Card.parse("DQ"), Card.parse("D2"))
    assert m.meant == (Card.parse("DQ"),)
    ruling = Ruling(case(play))
    assert any("45D" in i for i in ruling.irregularities)
    assert not any("not yet ruled" in n.text for n in ruling.notices)
    keys = list(ruling.restorations())
    assert keys and all(str(r.card_of(Seat.N)) == "DQ" for r in keys)
    assert {str(r.card_of(Seat.E)) for r in keys} == {"D5", "D9"}


def test_without_the_finding_dummy_placed_the_designated_card() -> None:
    assert find_misplays(case("S calls diamond, N D2, E D5, attention S").replay()) == []


def test_finding_of_several_cards_is_left_to_the_designation_rules() -> None:
    rp = case("S calls diamond, N D2, E D5, attention S, director finds incontrovertible DQ D2").replay()
    assert find_misplays(rp) == []


def test_finding_of_a_card_dummy_cannot_play_is_a_located_error() -> None:
    import pytest

    from rulings.models.errors import RulingError

    rp = case("S calls diamond, N D2, E D5, attention S, director finds incontrovertible SA").replay()
    with pytest.raises(RulingError) as info:
        find_misplays(rp)
    assert "SA" in str(info.value) and info.value.line is not None


def test_switch_own_revoke_after_the_error() -> None:
    """A defender's revoke of his own after dummy's wrong card (he failed to follow clubs
    whatever dummy played): by default withdrawn under 45D1 with no penalty card; with the
    switch off, 45D1's withdrawal is his option and the card he leaves is a revoke corrected
    under 62B1 (a major penalty card)."""
    c = load(Path(__file__).resolve().parent.parent / "docs" / "pending-cases" / "dummy-misplay-then-revoke-after-the-error.yaml")
    forced = list(Ruling(c).restorations())
    assert len(forced) == 2 and all(not r.penalty_cards for r in forced)
    other = get_ruleset("2017", Decisions(misplay_own_revoke_withdrawal_forced=False))
    loose = list(Ruling(c, other).restorations())
    assert len(loose) == 4
    kept = [r for r in loose if any(str(p.card) == "H4" and str(p.kind) == "major" for p in r.penalty_cards)]
    assert len(kept) == 2 and all(str(r.card_of(Seat.E))[0] == "C" for r in loose)
    assert any("62B1" in r.laws for r in kept)


def test_own_revoke_taken_back_with_dummys_error_is_said_and_listed() -> None:
    """A defender's card after dummy's wrong card that failed to follow suit whichever card
    dummy played (his own revoke) is taken back under 45D1 by the default decision: the step
    says it is his own revoke (61A) taken back without rectification, not that it "no longer
    follows suit" (it never did), and the irregularities name his failure to follow suit."""
    for name in ("", "-2007"):
        path = CASES / f"own-45d1-same-suit-misplay-and-defenders-own-revoke-taken-back{name}.yaml"
        ruling = Ruling(load(path))
        restorations = list(ruling.restorations())
        assert len(restorations) == 4
        for r in restorations:
            steps = [s for s in r.path if s.text.startswith("E withdraws D9 ")]
            assert len(steps) == 1, [s.text for s in r.path]
            assert "61A" in steps[0].clauses and "no longer follows suit" not in (steps[0].question or ""), steps[0]
            assert "a revoke of his own" in (steps[0].question or ""), steps[0].question
        own = [i for i in ruling.irregularities if i.startswith("E failed to follow suit with D9 on trick 7 holding hearts")]
        assert len(own) == 1 and "no penalty card" in own[0], ruling.irregularities
    # with the switch off the revoke rules rule the card he leaves: it is not listed twice
    loose = Ruling(load(CASES / "own-45d1-same-suit-misplay-and-defenders-own-revoke-taken-back.yaml"),
                   get_ruleset("2017", Decisions(misplay_own_revoke_withdrawal_forced=False)))
    assert list(loose.restorations())
    assert not [i for i in loose.irregularities if i.startswith("E failed to follow suit")], loose.irregularities


def test_lead_put_down_before_dummys_card_is_not_among_the_cards_that_may_come_back() -> None:
    """45D1: West's lead to the next trick, put down before dummy's wrong card, is no card
    played after the error: the opening does not list it among the cards that may come back,
    and the premature lead (57A) the record shows is the one every path rules (no other
    text of it found while ruling, none met on no path). Put down after dummy's card, it
    is listed."""
    before = Ruling(load(CASES / "own-45d1-defenders-lead-put-down-before-dummys-card-stays.yaml"))
    list(before.restorations())
    assert "3 card(s) may come back (at most five): dummy's D3, E D5, S D8" in before.irregularities[0]
    early = [i for i in before.irregularities if "(57A)" in i]
    assert early == ["W led HJ to trick 3 before trick 2 was complete, before his partner played (57A); "
                     "then N D3, E D5 and S D8 played to trick 2"]
    assert not before.found_later and not before.not_met
    after = Ruling(load(CASES / "own-45d1-defenders-lead-put-down-before-partner-after-dummys-card.yaml"))
    list(after.restorations())
    assert "4 card(s) may come back (at most five): dummy's D3, E D5, S D8, W HJ" in after.irregularities[0]
    assert not after.found_later and not after.not_met


def test_lead_that_established_a_trick_12_revoke_is_not_said_uncorrectable() -> None:
    """Declarer ruffs trick 12 holding the suit led (a revoke), dummy places a card he did not
    call, and declarer leads to trick 13: the lead established the revoke (63A1), but on trick
    12 it is corrected all the same (62D1). No step may say it can no longer be corrected while
    the ruling corrects it (62B)."""
    c = loads("""
laws: 2017
trick: 12
leader: S
won: {NS: 3, EW: 8}
deal: "N:..K4. .Q..3 3.2.. A...5"
contract: 4C
declarer: W
play: [S S3, W C5, N DK, W calls C3, E HQ, W SA, attention S]
""")
    rs = list(Ruling(c).restorations())
    assert rs
    for r in rs:
        clauses = [s.clause for s in r.path]
        assert "62B" in clauses
        texts = [s.text for s in r.path]
        assert not any("no longer be corrected" in t for t in texts), texts
        assert any("62D1" in t for t in texts if "established his side's revoke" in t), texts


def test_cards_that_no_longer_follow_are_ruled_in_playing_order_when_no_exposure_waits() -> None:
    """Dummy's replaced heart leads another suit; South's and West's diamonds no longer
    follow. With no card exposed between tricks waiting for the corrected trick, every card
    is ruled in playing order (East's option before South's replacement: ``IfWaiting``),
    and the forced-first order, with its step for declarer's replacement made before his
    right-hand opponent's option, is kept for the records where an exposure waits."""
    rs = list(Ruling(load(CASES / "own-suit-changes-forced-substitutes.yaml")).restorations())
    assert len(rs) == 3
    for r in rs:
        actors = [s.actor for s in r.path if s.actor != "TD"]
        assert actors == ["E", "S", "W"], [(s.actor, s.clause) for s in r.path]
        assert not any("otherwise as a revoke corrected at once" in s.question for s in r.path)
    waited = Ruling(load(CASES / "own-45d1-card-exposed-between-tricks-judged-after-the-cards-that-no-longer-follow-are-replaced.yaml"))
    assert len(list(waited.restorations())) == 4


def test_replacement_made_before_the_pause_obeys_the_penalty_card_the_pause_makes() -> None:
    """West exposed the HA between tricks; dummy's replaced card leads hearts and West's
    diamond must be replaced by a heart before the pause. A low heart that leaves the HA a
    major penalty card (another player wins) broke 50D1(a): no restoration has it, and the
    ruling's tree does not offer it (a choice no path goes on from)."""
    from rulings.solver.summary import ruling_tree

    ruling = Ruling(load(CASES / "own-45d1-card-of-the-new-suit-exposed-between-tricks-major-penalty-card-binds-the-replacement.yaml"))
    rs = list(ruling.restorations())
    assert len(rs) == 36
    west = {r.table.trick(2).card_of(Seat.W) for r in rs}
    assert west == {Card.parse("HA"), Card.parse("H5")}

    def choices(items) -> set[str]:  # type: ignore[no-untyped-def]
        out: set[str] = set()
        for item in items:
            for br in item.branches:
                out.update(br.choices)
                out |= choices(br.items)
        return out

    offered = choices(ruling_tree(ruling))
    assert "change to ♥5" in offered or "change to H5" in offered, offered
    assert not {"change to ♥3", "change to H3"} & offered


def test_exposed_card_the_correction_plays_is_met_on_no_path_and_not_said_unruled() -> None:
    """Every card after dummy's error is replaced, and West's only lawful replacement is the
    HA he exposed (a low heart would leave it a major penalty card, 50D1(a)): the exposure is
    met on no path (said so), not a line the rules do not handle."""
    ruling = Ruling(load(CASES / "own-45d1-card-of-the-new-suit-exposed-between-tricks-every-card-replaced-major-penalty-card-binds-the-replacement.yaml"))
    assert len(list(ruling.restorations())) == 1
    assert not any("not yet ruled" in n.text for n in ruling.notices), ruling.notices
    assert any("exposed ♥A" in i or "exposed HA" in i for i in ruling.not_met), ruling.not_met


def test_replacement_bound_by_the_card_it_plays_cites_the_penalty_card_rules() -> None:
    """West's only lawful replacement is the HA he exposed between tricks (a low heart loses
    to East's H6 and leaves the HA a major penalty card, 49, that the replacement must be,
    50D1(a)): his path says so in a step after the replacement, citing 49 and 50D1(a), in
    both editions. Where another replacement would have made the HA his lead (the H5 wins the
    trick), the HA played is his choice: no such step, no 49."""
    for name in ("own-45d1-card-of-the-new-suit-exposed-between-tricks-every-card-replaced-major-penalty-card-binds-the-replacement.yaml",
                 "own-45d1-card-of-the-new-suit-exposed-between-tricks-every-card-replaced-major-penalty-card-binds-the-replacement-2007.yaml"):
        (only,) = Ruling(load(CASES / name)).restorations()
        steps = [s for s in only.path if s.clause == "49"]
        assert len(steps) == 1, only.path
        assert steps[0].also == ("50D1(a)",) and ("HA" in steps[0].text or "♥A" in steps[0].text), steps[0]
        assert only.path.index(steps[0]) == len(only.path) - 1  # (after West's replacement, the last)
    for name in ("own-45d1-card-of-the-new-suit-exposed-between-tricks-major-penalty-card-binds-the-replacement.yaml",
                 "own-45d1-card-of-the-new-suit-exposed-between-tricks-major-penalty-card-binds-the-replacement-2007.yaml"):
        rs = list(Ruling(load(CASES / name)).restorations())
        assert len(rs) == 36
        assert any(r.table.trick(2).card_of(Seat.W) == Card.parse("HA") for r in rs)
        assert not any("49" in r.laws for r in rs)


def test_revoke_before_dummys_card_is_not_listed_as_taken_back_under_45d1() -> None:
    """A defender's revoke made before dummy's wrong card on the same trick is no card played
    after the error: 45D1 does not reach it, the revoke rules correct it (62B1, a major penalty
    card), and the irregularities do not list it as a revoke taken back with dummy's error;
    the revoker's partner's 62C2 step, after declarer's 62C1 change, names him as the
    revoker's partner."""
    for name in ("", "-2007"):
        path = (Path(__file__).resolve().parents[1] / "cases" / "combined"
                / f"own-45d1-62c2-revokers-partners-minor-penalty-card-after-dummys-error-chosen-once{name}.yaml")
        ruling = Ruling(load(path))
        restorations = list(ruling.restorations())
        assert len(restorations) == 5
        assert not [i for i in ruling.irregularities if i.startswith("W failed to follow suit")], ruling.irregularities
        assert any(i.startswith("W revoked with C4") for i in ruling.irregularities), ruling.irregularities
        for r in restorations:
            assert not [s for s in r.path if "E (non-offending side)" in (s.question or "")], [s.question for s in r.path]
