"""Unit tests for the exposure and penalty-card rule modules: play lines, claim atoms, CLI."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from rulings.models import Card, Seat
from rulings.models.errors import NotationError, RulingError
from rulings.models.events import FifthCard, PlayLine, Simultaneous
from rulings.solver.casefile import load, loads
from rulings.solver.claims import check, parse_claim
from rulings.solver.cli import app
from rulings.solver.config import Decisions
from rulings.solver.export import schema
from rulings.solver.obligations import lead_restriction, penalty_tasks
from rulings.solver.rulesets import get_ruleset
from rulings.solver.ruling import Ruling

CASES = Path(__file__).resolve().parents[1] / "cases"
runner = CliRunner()


def test_simultaneous_and_fifth_lines() -> None:
    e = PlayLine.parse("W plays SK s5 Simultaneous visible SK", line=7)
    assert isinstance(e, Simultaneous) and e.seat is Seat.W and e.line == 7
    assert e.cards == (Card.parse("SK"), Card.parse("S5")) and e.faces == (Card.parse("SK"),)
    assert str(e) == "W plays SK S5 simultaneous visible SK"
    one = PlayLine.parse("E plays C7 simultaneous")
    assert isinstance(one, Simultaneous) and one.faces == (Card.parse("C7"),)
    f = PlayLine.parse("W plays CK fifth")
    assert isinstance(f, FifthCard) and f.card == Card.parse("CK") and str(f) == "W plays CK fifth"


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("W plays SK S5 simultaneous shown SK", "shown"),
        ("W plays SK S5 simultaneous visible SQ", "SQ"),
        ("W plays SK SK simultaneous", "W plays SK SK simultaneous"),
        ("W plays SX simultaneous", "SX"),
        ("W plays CK sixth", "sixth"),
    ],
)
def test_bad_lines_name_the_token(text: str, token: str) -> None:
    with pytest.raises(NotationError) as err:
        PlayLine.parse(text, line=3)
    assert err.value.token == token and err.value.line == 3


def test_restriction_atoms() -> None:
    assert lead_restriction(Seat.W, Card.parse("S2").suit, True) == "W must lead S"
    assert lead_restriction(Seat.W, Card.parse("S2").suit, False) == "W must not lead S"
    case = loads((CASES / "penalty" / "partner-to-lead-one-major.yaml").read_text())
    rs = list(Ruling(case).restorations())
    assert check(parse_claim("sometimes: restriction W must lead S"), rs).passed
    assert not check(parse_claim("sometimes: restriction W must lead H"), rs).passed
    assert not check(parse_claim("always: no restriction"), rs).passed
    with pytest.raises(NotationError):
        parse_claim("always: restriction W must lead X")


def test_penalty_tasks_only_when_partner_leads() -> None:
    case = loads((CASES / "penalty" / "partner-to-lead-one-major.yaml").read_text())
    table = case.initial_state()
    assert penalty_tasks(table, Seat.E) and not penalty_tasks(table, Seat.W)
    assert not penalty_tasks(table, Seat.S)  # declarer never has penalty cards


def test_named_card_switch() -> None:
    case = loads((CASES / "penalty" / "levy-named-h6-penalty-card.yaml").read_text())
    major = [str(p) for r in Ruling(case).restorations() for p in r.penalty_cards]
    minor = [str(p) for r in Ruling(case, get_ruleset("2017", Decisions(named_card_is_major=False))).restorations()
             for p in r.penalty_cards]
    assert major == ["E H6 major"] and minor == ["E H6 minor"]


def test_fifth_card_switch() -> None:
    case = loads((CASES / "exposure" / "fifth-card-defender-no-finding.yaml").read_text())
    # the "played" branch (45E1); a lead refused under 56 is major whatever the switch
    default = {str(p) for r in Ruling(case).restorations() if "played" in r.findings for p in r.penalty_cards}
    rs = get_ruleset("2017", Decisions(fifth_card_is_deliberate=False))
    switched = {str(p) for r in Ruling(case, rs).restorations() if "played" in r.findings for p in r.penalty_cards}
    assert default == {"W H4 major"} and switched == {"W H4 minor"}


def test_lead_options_after_ruling_switch() -> None:
    on = get_ruleset("2017", Decisions(lead_options_after_ruling=True))
    dropped = loads((CASES / "exposure" / "dropped-honour-partner-to-lead.yaml").read_text())
    assert len(list(Ruling(dropped).restorations())) == 1
    with_options = list(Ruling(dropped, on).restorations())
    assert len(with_options) == 3
    assert {frozenset(r.node.restrictions) for r in with_options} == {
        frozenset({"E must lead H"}), frozenset({"E must not lead H"}), frozenset()}
    refused = loads((CASES / "penalty" / "levy-47b-minor-penalty-card-not-played.yaml").read_text())
    assert len(list(Ruling(refused).restorations())) == 2
    assert len(list(Ruling(refused, on).restorations())) == 4


@pytest.mark.parametrize(("said", "restrictions", "kept"), [
    ("S requires H", ("E must lead H",), False), ("S chooses require H", ("E must lead H",), False),
    ("S forbids H", ("E must not lead H",), False), ("S chooses forbid H", ("E must not lead H",), False),
    ("S leaves", (), True), ("S chooses no restriction", (), True)])
def test_a_recorded_lead_choice_settles_the_rectifications_options_once(said: str, restrictions: tuple[str, ...],
                                                                        kept: bool) -> None:
    """With lead_options_after_ruling the exposure's ruling offers declarer's 50D2 choice at
    East's lead; the choice recorded after attention, in either form, settles that decision
    (though the penalty rules read its lines), and no rule offers the choice again at that
    lead: one restoration, the line taken into account."""
    on = get_ruleset("2017", Decisions(lead_options_after_ruling=True))
    text = (CASES / "exposure" / "dropped-honour-partner-to-lead.yaml").read_text().replace(
        "  - attention S\n", f"  - attention S\n  - {said}\n")
    ruling = Ruling(loads(text), on)
    [r] = list(ruling.restorations())
    assert r.node.restrictions == restrictions
    assert [s.clause for s in r.path] == ["49", "50D2(b)" if kept else "50D2(a)"]
    assert (Card.parse("HT") in {p.card for p in r.penalty_cards}) is kept
    assert not [n for n in ruling.notices if "settled nothing" in n.text or "not yet ruled" in n.text], ruling.notices


@pytest.mark.parametrize(("name", "clause"), [
    ("own-51b1a-two-heart-penalty-cards-required-suit-then-any-heart-played-to-the-end.yaml", "51B1(a)"),
    ("own-51b2-options-again-exposed-in-record-forbid.yaml", "51B2(b)"),
    ("own-51b2-options-again-exposed-in-record-leaves.yaml", "51B2(c)"),
    ("own-51b2b-forbid-one-suit-then-50d2b-twice-the-other-penalty-card-played-to-the-end.yaml", "51B2(b)"),
    ("own-51b2b-one-suit-forbidden-lead-kept-then-options-again-for-the-other-penalty-card.yaml", "51B2(b)")])
def test_two_cards_exposed_together_give_one_lead_decision_over_both(name: str, clause: str) -> None:
    """One defender exposes two cards before his partner's lead, ruled one after the other:
    with lead_options_after_ruling on, declarer's decision at that lead comes once, after
    both rulings, over both penalty cards (51B), never over the first card alone (50D2) and
    then again over the two. The cases' claims, written for the default, hold with the
    switch on (the record goes past that lead, so the switch changes nothing the Laws give)."""
    case = load(CASES / "penalty" / name)
    on = get_ruleset(case.laws, Decisions(lead_options_after_ruling=True))
    rs = list(Ruling(case, on).restorations())
    for c in case.expect:
        result = check(parse_claim(c.text, line=c.line, edition=case.laws), rs)
        assert result.passed, (c.text, result.message)
    for r in rs:
        options = [s.clause for s in r.path if s.clause.startswith(("50D2", "51B"))]
        assert options and options[0] == clause, [s.clause for s in r.path]


def test_solve_json_and_explain() -> None:
    path = str(CASES / "exposure" / "seed003-58b3-opponent-may-change.yaml")
    res = runner.invoke(app, ["solve", path, "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    jsonschema.validate(data, schema())
    assert data["count"] == 4
    res = runner.invoke(app, ["solve", str(CASES / "penalty" / "partner-to-lead-two-suits.yaml"), "--explain"])
    assert res.exit_code == 0 and "51B2(a)" in res.output and "forbid" in res.output


def test_bad_visible_card_is_located(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        'deal: "N:J2.J3.KQ3.54 Q9.65.J54.KQ A4.A92.A97.A 876.T87.T8.9"\n'
        "contract: 4S\ndeclarer: S\ntrick: 5\nleader: W\n"
        "play:\n  - W plays S8 S7 simultaneous visible S6\n  - attention S\n"
    )
    res = runner.invoke(app, ["solve", str(bad)])
    assert res.exit_code == 1
    assert "bad.yaml:7" in res.output and "S6" in res.output and "Traceback" not in res.output


@pytest.mark.parametrize(
    ("line", "token"),
    [("W exposes SA visible_to_partner", "SA"), ("W names SA", "SA"), ("W plays S8 SA simultaneous", "SA"),
     ("W plays S8 fifth", "S8")],
)
def test_card_not_held_is_located(tmp_path: Path, line: str, token: str) -> None:
    bad = tmp_path / "bad.yaml"
    play = "  - W S8\n  - N S2\n  - E S9\n  - S S4\n" if "fifth" in line else ""
    bad.write_text(
        'deal: "N:J2.J3.KQ3.54 Q9.65.J54.KQ A4.A92.A97.A 876.T87.T8.9"\n'
        f"contract: 4S\ndeclarer: S\ntrick: 5\nleader: W\nplay:\n{play}  - {line}\n  - attention S\n"
    )
    res = runner.invoke(app, ["solve", str(bad)])
    assert res.exit_code == 1, res.output
    n = 7 + (4 if play else 0)
    assert f"bad.yaml:{n}" in res.output and repr(token) in res.output and "Traceback" not in res.output


def _notices(play: list[str]) -> list[str]:
    text = ('deal: "N:J2.J3.KQ3.54 Q9.65.J54.KQ A4.A92.A97.A 876.T87.T8.9"\n'
            "contract: 4S\ndeclarer: S\ntrick: 5\nleader: N\nplay:\n" + "".join(f"  - {p}\n" for p in play))
    return [str(n) for n in Ruling(loads(text)).notices]


def test_out_of_turn_notices_after_exposures() -> None:
    # South is in turn once East's exposed (played) card is counted
    assert _notices(["N SJ", "E exposes H6 visible_to_partner", "S S4", "attention S"]) == []
    # East's card was not played (partner could not see it): West's S6 really is out of turn,
    # and is ruled after the exposure, in record order (no notice)
    assert _notices(["N SJ", "E exposes H6 not_visible_to_partner", "W S6", "attention S"]) == []


def test_58b4_simultaneous_play_found_late_is_a_defective_trick() -> None:
    """58B4 / 67B2: found after each side played to the next trick, the faced card stays and
    the others go back unexposed; before that, or with every face seen (the switch), 58B."""
    from rulings.solver.casefile import load
    from rulings.solver.config import Decisions
    from rulings.solver.rulesets import get_ruleset
    from rulings.solver.ruling import Ruling

    root = Path(__file__).resolve().parents[1] / "cases"
    late = load(root / "exposure" / "seed003-58b4-stuck-card-found-late.yaml")
    [r] = list(Ruling(late).restorations())
    assert {"58B4", "67B2"} <= r.laws and not r.penalty_cards and "58B1" not in r.laws
    # the same play found at once (attention before trick 6 begins) is 58B1
    text = (root / "exposure" / "seed003-58b4-stuck-card-found-late.yaml").read_text()
    early = loads(text.replace("  - S HA            # trick 6: South leads ...\n", "").replace(
        "  - W H7            # ... and West follows: each side has played to the next trick\n", ""))
    [e] = list(Ruling(early).restorations())
    assert "58B1" in e.laws and "58B4" not in e.laws
    # every face seen: 58B2 by default, 58B4 when only the timing counts
    seen = load(root / "combined" / "simultaneous-cards-then-revoke.yaml")
    assert all("58B4" not in x.laws for x in Ruling(seen).restorations())
    timing = get_ruleset("2017", Decisions(simultaneous_visible_cards_found_at_once=False))
    assert all("58B4" in x.laws for x in Ruling(seen, timing).restorations())


def test_a_failure_accepted_after_the_penalty_card_was_played_says_so() -> None:
    """52B1(c): the penalty card due (HQ) was played later in the record: the acceptance says,
    as of the trick of the failure, that it stays a penalty card until played and to which
    trick, and names no empty list of penalty cards that stay."""
    from rulings.solver.ruling import Ruling

    ruling = Ruling(loads("""title: a failure, then the penalty card played
laws: 2017
deal: "N:AKQ2.AK2.AK2.AK2 J109.QJ10.QJ10.QJ109 8765.876.876.876 43.9543.9543.543"
contract: 4S
declarer: S
play: [E exposes HQ visible_to_partner, W H3, N HA, E HJ, S H6, N HK, E HQ, S H7, W H4, attention S]
"""))
    (r,) = list(ruling.restorations())
    (step,) = [s for s in r.path if s.clause == "52B1(b)"]
    assert step.text.endswith("HJ is accepted; HQ stays a penalty card until E plays it to trick 2"), step.text


def test_the_failure_names_the_penalty_card_due_at_its_trick() -> None:
    """East's DA, a penalty card, was played on trick 5 (required, 52B2), the DK becoming the
    penalty card; East fails to play the DK on trick 8 and plays it on trick 9. The acceptance
    and the 64B3 count name the DK, the card due at trick 8, not the DA played before it. (His
    D4 on trick 3, accepted when the DA was due there, is counted too: established once play
    resumed, 63A1, 64B3.)"""
    case = load(CASES / "combined" / "penalty-card-required-then-second-one-not-played-64b3.yaml")
    (r,) = list(Ruling(case).restorations())
    failed = [s.text for s in r.path if s.clause == "52B1(b)" and "CJ is accepted" in s.text]
    assert failed == ["declarer has played since, so CJ is accepted; DK stays a penalty card until E plays it to trick 9"]
    (count,) = [s.text for s in r.path if s.clause == "64B3"]
    assert "E revoked with CJ on trick 8: he failed to play his penalty card DK" in count, count
    assert "CJ on trick 8: he failed to play his penalty card DA" not in count, count
    assert "E revoked with D4 on trick 3: he failed to play his penalty card DA" in count, count
    assert [(rv.trick, rv.failed) for rv in r.node.table.revokes if rv.failed is not None] == [(3, Card.parse("DA")), (8, Card.parse("DK"))]


def test_a_failure_to_play_a_penalty_card_before_an_exposure_is_ruled_once() -> None:
    """West fails to play his penalty card, then East drops a card: the failure is ruled once,
    by the penalty rules, in record order (the exposure rules once put it on their own agenda
    too, so the path accepted it twice and one restoration came out twice)."""
    from rulings.solver.casefile import load
    from rulings.solver.ruling import Ruling

    ruling = Ruling(load(Path(__file__).resolve().parent.parent / "cases" / "penalty" / "failure-then-exposure.yaml"))
    paths = [[s.clause for s in r.path] for r in ruling.restorations()]
    assert paths == [["52B1(a)", "49"], ["52B2", "49"]]


_LEAD_CHOICE_DEAL = """laws: 2017
deal: "N:5.43.KQ. .7.65.K9 AQ.K.4.2 7.Q10.A.10"
contract: 4S
declarer: S
trick: 9
leader: W
won: {NS: 6, EW: 2}
penalty: ['E CK major']
"""


@pytest.mark.parametrize(("said", "paths"), [
    ("S leaves", [["50D2(b)", "52B1(a)"], ["50D2(b)", "52B2"]]),  # the CK stays: the C9 fails to play it
    ("S requires C", [["50D2(a)"]]),  # the CK is picked up: the C9 is a lawful card
])
def test_a_choice_said_at_a_lead_then_the_failure_after_it(said: str, paths: list[list[str]]) -> None:
    """Declarer's 50D2 choice said before West's lead is ruled first; a failure to play the
    penalty card after it (52) is then ruled on the table the choice left: only where the
    card stayed a penalty card (50D2(b)), not where it was picked up (50D2(a))."""
    ruling = Ruling(loads(_LEAD_CHOICE_DEAL + f"play: [{said}, W C10, N H3, E C9, attention S]\n"))
    assert sorted([s.clause for s in r.path] for r in ruling.restorations()) == paths
    assert not ruling.notices


def test_choices_said_at_two_leads_then_a_failure_are_each_ruled_in_record_order() -> None:
    """50D2(b) keeps 50D in force: declarer chooses again at West's next lead. Each choice
    said at a lead is ruled where it was said, and the failure after them (52) last."""
    ruling = Ruling(loads(_LEAD_CHOICE_DEAL + (
        "play: [S leaves, W DA, N DQ, E D5, S D4, S leaves, W HQ, N H3, E H7, S HK, S C2, W C10, N H4, E C9, attention S]\n")))
    paths = sorted([s.clause for s in r.path] for r in ruling.restorations())
    assert paths == [["50D2(b)", "50D2(b)", "52B1(a)"], ["50D2(b)", "50D2(b)", "52B2"]]
    assert not ruling.notices
    assert len(ruling.irregularities) + len(ruling.found_later) == 1 and len(ruling.choices) == 2


@pytest.mark.parametrize("lead_options_after_ruling", [False, True])
def test_50d2b_options_come_back_when_partner_is_on_lead_again(lead_options_after_ruling: bool) -> None:
    """After 'no restriction' West wins the trick and is on lead again at attention: the
    ruling is about that lead, so declarer's options are offered whatever the switch (it
    concerns a rectification that leaves the partner to lead)."""
    text = _LEAD_CHOICE_DEAL + "play: [S leaves, W DA, N DQ, E D5, S D4, attention S]\n"
    ruleset = get_ruleset("2017", Decisions(lead_options_after_ruling=lead_options_after_ruling))
    ruling = Ruling(loads(text), ruleset)
    assert sorted([s.choice for s in r.path] for r in ruling.restorations()) == [
        ["no restriction", "forbid C"], ["no restriction", "no restriction"], ["no restriction", "require C"]]


@pytest.mark.parametrize("laws", ["2017", "2007"])
@pytest.mark.parametrize(("said", "count"), [("", 3), ("S leaves, ", 1), ("S forbids C, ", 1)])
def test_a_lead_before_declarers_choice_is_a_penalty_card_then_he_chooses(laws: str, said: str, count: int) -> None:
    """50D2: West leads while East has a major penalty card. Before declarer has said his
    choice the lead is premature: the card is a major penalty card (49, 50B) and declarer's
    three options follow; after he said it (a line before the lead) the lead is a lead."""
    text = _LEAD_CHOICE_DEAL.replace("laws: 2017", f"laws: {laws}") + f"play: [{said}W HQ, attention S]\n"
    ruling = Ruling(loads(text))
    restorations = list(ruling.restorations())
    assert len(restorations) == count
    for r in restorations:
        premature = [s for s in r.path if s.clause == "50D2"]
        assert bool(premature) is (not said)
        held = {(p.seat, p.card) for p in r.node.table.penalty_cards}
        assert ((Seat.W, Card.parse("HQ")) in held) is (not said)


# ----- 58A: a card counted after another's legal play is ruled as that play made outright -----
_58A_DEAL = "N:96.KJ4.A843.Q632 KQT5.732.T95.A87 A83.AT86.J2.JT94 J742.Q95.KQ76.K5"
_TRICK_1 = ("W DK", "N DA", "E D5", "S D2")  # dummy wins: North leads trick 2
_TRICK_2 = ("N H4", "E H2", "S HA", "W H5")  # South wins: South leads trick 3


def _58a_case(laws: str, lines: list[str], start: tuple[str, ...] = (*_TRICK_1, *_TRICK_2)) -> str:
    play = "".join(f"  - {x}\n" for x in (*start, *lines))
    return f'laws: {laws}\ndeal: "{_58A_DEAL}"\ncontract: 4H\ndeclarer: S\nplay:\n{play}'


@pytest.mark.parametrize("laws", ["2017", "2007"])
@pytest.mark.parametrize(
    ("start", "before", "seat", "card", "after"),
    [
        ((*_TRICK_1, *_TRICK_2), ["S C4"], "E", "C7", ["attention S"]),  # before his partner: 57A
        ((*_TRICK_1, *_TRICK_2), ["S C4"], "E", "C7", ["attention S", "S requires lowest"]),  # 57A2 recorded
        ((*_TRICK_1, *_TRICK_2), ["S C4", "W C5"], "E", "C7", ["attention S"]),  # RHO's turn: 57D (2017), 50 (2007)
        (_TRICK_1, ["N H4"], "S", "H6", ["attention E"]),  # declarer's, before East: 57C3
        (_TRICK_1[:3], ["S D2"], "W", "S2", ["attention S"]),  # a lead out of turn to trick 2: 53A, 56
    ],
)
def test_58a_out_of_turn_card_is_ruled_as_the_play_made_outright(laws: str, start: tuple[str, ...], before: list[str],
                                                                 seat: str, card: str, after: list[str]) -> None:
    """58A fixes the order and nothing more: a card played at the same moment as another's
    legal lead or play, out of turn once counted after it, gets the ruling of the same card
    played there outright (57A with declarer's options, 57D, 57C3, 53A/56), the 58A step
    before it."""
    plain = Ruling(loads(_58a_case(laws, [*before, f"{seat} {card}", *after], start)))
    sim = Ruling(loads(_58a_case(laws, [*before, f"{seat} plays {card} simultaneous", *after], start)))
    rp, rs = list(plain.restorations()), list(sim.restorations())
    assert rs and [r.key() for r in rs] == [r.key() for r in rp]
    assert all(r.path[0].clause == "58A" and [s.clause for s in r.path[1:]] == [s.clause for s in p.path]
               for r, p in zip(rs, rp, strict=True))
    assert not any("not yet ruled" in n.text for n in sim.notices)


def test_58a_premature_play_offers_declarer_57a_options() -> None:
    for laws in ("2017", "2007"):
        rs = list(Ruling(loads(_58a_case(laws, ["S C4", "E plays C7 simultaneous", "attention S"]))).restorations())
        assert len(rs) == 8 and all("57A" in r.laws and r.penalty_cards for r in rs)


def test_58a_recorded_option_is_no_line_left_unruled_in_the_text_output(tmp_path: Path) -> None:
    f = tmp_path / "c.yaml"
    f.write_text(_58a_case("2017", ["S C4", "E plays C7 simultaneous", "attention S", "S requires lowest"]))
    out = runner.invoke(app, ["solve", str(f)])
    assert out.exit_code == 0, out.output
    assert "not yet ruled" not in out.output and "1 restoration" in out.output and "57A2" in out.output


def test_58a_choice_line_no_ruling_reads_is_said_after_the_restorations(tmp_path: Path) -> None:
    """A choice line of the first part that no path's ruling reads is still said (after the
    restorations in the text output, where a ruling on a rectified table might have read it)."""
    f = tmp_path / "c.yaml"
    f.write_text(_58a_case("2017", ["S C4", "W C5", "E plays C7 simultaneous", "attention S", "S requires lowest"]))
    out = runner.invoke(app, ["solve", str(f)])
    assert out.exit_code == 0, out.output
    assert "'S requires lowest' settled nothing" in out.output
    assert out.output.index("settled nothing") > out.output.index("1 restoration")
    data = json.loads(runner.invoke(app, ["solve", "--json", str(f)]).output)
    assert any("'S requires lowest' settled nothing" in n["text"] and n["kind"] == "unsettled" for n in data["notices"])


_START_PC = CASES / "penalty" / "own-50e-penalty-card-in-force-at-start-information.yaml"


@pytest.mark.parametrize("laws", ["2017", "2007"])
def test_penalty_cards_of_the_penalty_field_are_in_every_ledger(laws: str) -> None:
    """50E1, 50E2: a penalty card on the table when the record starts (the case's ``penalty``
    field) is in the information ledger of every restoration, as one a ruling makes: authorized
    to the declaring side, unauthorized to its owner's side; it stays once picked up (50D2(a))."""
    case = loads(_START_PC.read_text().replace("laws: 2017", f"laws: {laws}"))
    restorations = list(Ruling(case).restorations())
    assert len(restorations) == 3
    for r in restorations:
        [info] = r.ledger
        assert (info.seat, info.card, info.authorized, info.unauthorized) == (Seat.E, Card.parse("SA"), Seat.N.side, Seat.E.side)
        assert (info.ai_clause, info.ui_clause) == ("50E1", "50E2")
        assert '"unauthorized":["EW:E:SA"]' in r.key()
    assert {any(p.card == Card.parse("SA") for p in r.penalty_cards) for r in restorations} == {True, False}


def test_penalty_field_information_in_json_and_text() -> None:
    res = runner.invoke(app, ["solve", str(_START_PC), "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    jsonschema.validate(data, schema())
    entry = {"seat": "E", "card": "SA", "authorized": "NS", "unauthorized": "EW", "clauses": ["50E1", "50E2"]}
    assert all(r["ledger"] == [entry] for r in data["restorations"])
    res = runner.invoke(app, ["solve", str(_START_PC), "--ascii"])
    assert res.exit_code == 0, res.output
    assert "Information from penalty cards (50E):" in res.stdout and "no unauthorized information" not in res.stdout
    res = runner.invoke(app, ["solve", str(_START_PC), "--explain"])
    assert res.exit_code == 0 and "Information from penalty cards (50E):" in res.output


def test_penalty_field_information_when_the_first_part_rules_nothing() -> None:
    """A record whose first part has nothing to rule is played on from the table as it
    stands: the penalty card's information travels into the next part's ruling."""
    text = ('deal: "N:.2.432. .3..432 AKQ.A.. .65..K5"\ncontract: 4S\ndeclarer: S\ntrick: 10\nleader: N\n'
            'penalty: ["E H3 minor"]\nplay: [attention S, resume, N H2, E H3, S HA, W C5, attention S]\n')
    restorations = list(Ruling(loads(text)).restorations())
    assert len(restorations) == 2
    for r in restorations:
        # (West's revoke card, withdrawn and a major penalty card (62B1): both laws)
        assert [(i.seat, i.card, i.ui_clause) for i in r.ledger] == [
            (Seat.E, Card.parse("H3"), "50E2"), (Seat.W, Card.parse("C5"), "16C2"), (Seat.W, Card.parse("C5"), "50E2")]
        assert not r.penalty_cards or all(p.card != Card.parse("H3") for p in r.penalty_cards)


def test_information_sources_name_the_laws() -> None:
    from rulings.solver.engine import Info
    from rulings.solver.summary import information_sources

    east, card = Seat.E, Card.parse("S2")
    pc = Info(east, card, Seat.N.side, east.side, "50E1", "50E2")
    withdrawn = Info(east, card, Seat.N.side, east.side, "16C1", "16C2")
    old = Info(east, card, Seat.N.side, east.side, "16D1", "16D2")
    assert information_sources([withdrawn]) == "withdrawn cards (16C)"
    assert information_sources([pc]) == "penalty cards (50E)"
    assert information_sources([pc, old]) == "withdrawn cards (16D) and penalty cards (50E)"


def test_a_card_in_brackets_is_drawn_as_a_card() -> None:
    """The terminal draws a card named in brackets with its suit symbol, as any other."""
    from rulings.solver.render import Style

    assert Style("unicode", color=False).words("the penalty card due (DK) has been played since").plain == \
        "the penalty card due (♦K) has been played since"
    assert Style("ascii", color=False).words("due (HT), then (SA; DK)").plain == "due (HT), then (SA; DK)"


def test_a_card_ending_a_question_is_drawn_as_a_card() -> None:
    """A tree's question ends with a question mark: the card before it is drawn as any other."""
    from rulings.solver.render import Style

    assert Style("unicode", color=False).words("what becomes of E's exposed HJ?").plain == "what becomes of E's exposed ♥J?"
    assert Style("unicode", color=False).words("was W's C10 played to trick 3 or led to the next?").plain == \
        "was W's ♣10 played to trick 3 or led to the next?"


@pytest.mark.parametrize(
    ("play", "why"),
    [
        (["N SJ", "W exposes HT visible_to_partner", "E S9", "attention S"], "it is not his turn to play"),
        (["N SJ", "E S9", "S S4", "E exposes H6 visible_to_partner", "W S6", "attention S"],
         "he has already played to this trick"),
        (["N SJ", "E S9", "S SA", "W S6", "E exposes H6 visible_to_partner", "attention S"], "it is not his turn to lead"),
    ],
)
def test_an_exposed_card_not_played_gives_the_reason_of_its_position(play: list[str], why: str) -> None:
    """49/50: a defender's visible card that is not played to the trick becomes a penalty card;
    the step says why it is not played: he has played to the trick already, or his turn (to
    play to the trick in progress, or to lead the next) has not come."""
    text = ('deal: "N:J2.J3.KQ3.54 Q9.65.J54.KQ A4.A92.A97.A 876.T87.T8.9"\n'
            "contract: 4S\ndeclarer: S\ntrick: 5\nleader: N\nplay:\n" + "".join(f"  - {p}\n" for p in play))
    (r,) = list(Ruling(loads(text)).restorations())
    (step,) = [s for s in r.path if s.clause == "49"]
    assert step.text.endswith(f"his partner could possibly see it ({why})"), step.text


# ----- 50D1(b): a lead restriction comes before a major penalty card --------------------------
RESTRICTED = """title: t
source: s
laws: {laws}
deal: "N:A643.KJT8.92.AK3 2.653.QJT7.T9842 KQ97.Q9.AK54.J75 JT85.A742.863.Q6"
contract: 4S
declarer: S
penalty: [{penalty}]
play: [{play}]
"""


def _restricted(play: str, penalty: str = '"E CT major", "W CQ major"', laws: str = "2017") -> list[str]:
    """The clause paths of the position: West to lead, East's penalty card giving declarer
    his 50D2 choice, West holding penalty cards of his own."""
    ruling = Ruling(loads(RESTRICTED.format(laws=laws, penalty=penalty, play=play)))
    return [" > ".join(s.clause for s in r.path) for r in ruling.restorations()]


def test_lawful_lead_restriction_comes_before_a_major_penalty_card() -> None:
    from rulings.models import Suit
    from rulings.models.table import PenaltyCard, PenaltyKind
    from rulings.solver.lawful import lawful_cards

    hand = frozenset(Card.parse(c) for c in ("CQ", "C6", "HA", "H7", "D8"))
    cq, ha = (PenaltyCard(Seat.W, Card.parse(c), PenaltyKind.MAJOR) for c in ("CQ", "HA"))
    names = lambda cards: [str(c) for c in cards]  # noqa: E731
    # forbidden clubs: the CQ is not due; a heart penalty card still is
    assert names(lawful_cards(hand, None, frozenset({cq}), forbidden_suit=Suit.CLUBS)) == ["HA", "H7", "D8"]
    assert names(lawful_cards(hand, None, frozenset({cq, ha}), forbidden_suit=Suit.CLUBS)) == ["HA"]
    # several suits forbidden (51B2(b)): a penalty card of any of them is not due
    assert names(lawful_cards(hand, None, frozenset({cq, ha}), forbidden_suit=frozenset({Suit.CLUBS, Suit.HEARTS}))) == ["D8"]
    # clubs required: the HA is not due, the CQ is
    assert names(lawful_cards(hand, None, frozenset({ha}), required_suit=Suit.CLUBS)) == ["CQ", "C6"]
    assert names(lawful_cards(hand, None, frozenset({cq, ha}), required_suit=Suit.CLUBS)) == ["CQ"]


@pytest.mark.parametrize("laws", ["2017", "2007"])
def test_a_lead_that_obeys_a_prohibition_is_no_failure_to_play_a_penalty_card(laws: str) -> None:
    """50D1(b): West, forbidden clubs, leads a heart while his own CQ is a major penalty card:
    no failure (52), no revoke; the CQ is due at the next legal opportunity instead."""
    assert _restricted("S forbids C, W H7, N H8, E H3, S HQ, attention TD", laws=laws) == ["50D2(a)"]
    later = _restricted("S forbids C, W H7, N H8, E H3, S HQ, S C5, W C6, attention S", laws=laws)
    assert sorted(later) == ["50D2(a) > 52B1(a)", "50D2(a) > 52B2"]


def test_a_lead_that_obeys_a_requirement_is_no_failure_to_play_a_penalty_card() -> None:
    """50D1(b): West, required to lead a club, leads the C6 while his own HA is a major penalty
    card: no failure. With the CQ a penalty card too, the CQ (a club) was due, never the HA."""
    assert _restricted("S requires C, W C6, N CA, E C2, S C5, attention TD", penalty='"E CT major", "W HA major"') == ["50D2(a)"]
    case = loads(RESTRICTED.format(laws="2017", penalty='"E CT major", "W CQ major", "W HA major"',
                                   play="S requires C, W C6, attention S"))
    choices = sorted(s.choice for r in Ruling(case).restorations() for s in r.path if s.clause in ("52B1(a)", "52B2"))
    assert choices == ["accept", "refuse"]


def test_failures_read_the_restriction_in_force_at_each_lead() -> None:
    """The 52 search reads the restriction in force at a lead already on the table, after
    play went on and it ended (West lost the lead)."""
    from rulings.models.table import LeadRule, PenaltyCard, PenaltyKind
    from rulings.solver.obligations import failures

    case = loads(RESTRICTED.format(laws="2017", penalty='"W CQ major"', play="W H7, N H8, E H3, S HQ, S C5, W C6, N CA, E C2, N D2"))
    table = Ruling(case).replay.table
    assert [(f.trick, str(f.card)) for f in failures(table)] == [(1, "H7"), (2, "C6")]
    ruled = table.with_lead_rule(LeadRule(Seat.W, Card.parse("C2").suit, False, 1))
    assert ruled.lead_rules == ()  # South won trick 1: the ban is over
    assert [(f.trick, str(f.card)) for f in failures(ruled)] == [(2, "C6")]
    assert PenaltyCard(Seat.W, Card.parse("CQ"), PenaltyKind.MAJOR) in ruled.penalty_cards


_END_DEAL = ('deal: "N:J2.J3.KQ3.54 Q9.65.J54.KQ A4.A92.A97.A 876.T87.T8.9"\n'
             "contract: 4S\ndeclarer: S\ntrick: 5\nleader: N\nplay:\n")


def _ruling(play: list[str]) -> Ruling:
    return Ruling(loads(_END_DEAL + "".join(f"  - {p}\n" for p in play)))


@pytest.mark.parametrize(("play", "said"), [
    (["N D3", "E D4", "W exposes S6 dropped visible_to_partner", "S DA", "W D8", "attention S"],
     "W dropped S6 (where his partner could see its face) during trick 5 (45C1, 49)"),
    (["N D3", "E exposes DJ not_visible_to_partner", "E D4", "attention S"],
     "E exposed DJ (where his partner could not see its face) during trick 5 (45C1, 49)"),
    (["N D3", "E D4", "S DA", "W D8", "S exposes H2 dropped", "attention E"], "S (declarer) dropped H2 before the lead to trick 6 (48A)"),
    (["N D3", "E names DJ", "E D4", "attention S"], "E named DJ as a card in his hand during trick 5 (49)"),
    (["N D3", "E D4", "S DA", "W D8", "E plays DJ fifth", "attention S"], "E put DJ on trick 5, which already held four cards (45E1)"),
])
def test_the_irregularity_line_says_what_happened(play: list[str], said: str) -> None:
    """The Irregularity list describes an exposed, named or fifth card in words (who, what,
    when, which laws), as it does cards played together (58), not the record's line."""
    listed = _ruling(play).irregularities
    assert said in listed, listed
    assert not [i for i in listed if " exposes " in i or " names " in i or " fifth" in i], listed


@pytest.mark.parametrize("given", ["", "director finds visible_to_partner", "director finds not_visible_to_partner"])
def test_a_dropped_card_is_a_penalty_card_by_its_visible_face_not_by_the_dropping(given: str) -> None:
    """49: a defender's card becomes a penalty card when his partner could possibly see its
    face; a dropped card is no play (45C1 plays a card held so), and with no visibility fact
    the director's finding decides (two branches). The steps say so, in that order."""
    play = ["N D3", "E D4", "W exposes S6 dropped", "S DA", "W D8", *([given] if given else []), "attention S"]
    steps = [s for r in _ruling(play).restorations() for s in r.path if "S6" in s.text and s.clause in ("49", "45C1")]
    penalty = [s for s in steps if "penalty card:" in s.text]
    nothing = [s for s in steps if "no penalty card" in s.text]
    assert len(penalty) == (0 if "not_" in given else 1) and len(nothing) == (1 if "not_" in given or not given else 0), steps
    for s in penalty:
        assert s.clause == "49" and "he dropped it, so it is no play" in s.text and "could possibly see its face (49)" in s.text, s.text
        assert "(he dropped it)" not in s.text
    for s in nothing:
        assert s.clause == "49" and "he dropped it, so it is no play" in s.text and "could not see its face" in s.text, s.text


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_acceptance_says_play_went_on_to_the_end(edition: str) -> None:
    """52B1(b) with play gone on to the end before attention: the acceptance step says so, and
    does not leave a reader of that line alone thinking the card is still a penalty card
    (52B1(c) kept it only while play lasted)."""
    case = load(CASES / "penalty" / f"own-52b1b-failure-then-play-went-on-to-the-end-{edition}.yaml")
    (r,) = list(Ruling(case).restorations())
    (step,) = [s for s in r.path if s.clause == "52B1(b)"]
    assert step.text.startswith("play went on to the end"), step.text
    assert "remains" not in step.text and "none is in force now" in step.text, step.text


def test_a_fifth_card_line_on_a_trick_of_three_is_said_as_such() -> None:
    """A card the table took for a fifth card on a trick that held three is the player's play
    (45A): the irregularity list says the trick held three cards, not four (45E)."""
    case = load(Path(__file__).resolve().parents[1] / "cases" / "exposure" / "own-45a-card-put-on-a-trick-of-three-is-played.yaml")
    said = " ".join(str(i) for i in Ruling(case).irregularities)
    assert "held 3 cards (45A, not 45E)" in said and "already held four cards" not in said, said


def test_a_fifth_card_line_after_his_own_card_is_said_as_a_second_card() -> None:
    """A card written as a fifth card on a trick of three by a player who had played to it is
    a second card of his, before his partner's card a 57A card: the irregularity list names
    his own card and 57A, and no 45E; the 45A step calls it a second card."""
    case = load(Path(__file__).resolve().parents[1] / "cases" / "leads" / "own-57a-fifth-card-line-after-his-own-card-before-partner.yaml")
    ruling = Ruling(case)
    said = " ".join(str(i) for i in ruling.irregularities)
    assert "his own S2 among them" in said and "(57A, not 45E)" in said, said
    assert "already held four cards" not in said and "45E1" not in said, said
    (r,) = list(ruling.restorations())
    (step,) = [s for s in r.path if s.clause == "45A"]
    assert step.choice == "second card" and "no fifth card" in step.text, step.text


def test_cards_together_after_his_own_card_are_said_as_put_down_before_the_partner() -> None:
    """Cards played together after the player's own card to the trick and before his
    partner's are said as such (58B, 57A), not as cards played to the trick."""
    case = load(Path(__file__).resolve().parents[1] / "cases" / "leads" / "own-57a-58b-two-cards-put-down-before-partner-then-partner-plays.yaml")
    said = " ".join(str(i) for i in Ruling(case).irregularities)
    assert "after his S2 to trick 2" in said and "before his partner played (58B, 57A)" in said, said
    assert "together to trick 2" not in said, said


def test_visibility_written_on_the_line_is_a_finding_as_the_directors_is() -> None:
    """``visible_to_partner`` written on the exposure line and the same fact as a ``director
    finds`` line give the same restorations, the finding recorded in both (the claim atom
    ``finding visible_to_partner`` holds either way, as ``slip`` written on a change line)."""
    head = ('laws: 2017\ndeal: "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"\n'
            "contract: 4S\ndeclarer: S\n")
    inline = loads(head + "play: [W DQ, N DA, E exposes H4 dropped visible_to_partner, E D4, S D7, attention S]\n")
    found = loads(head + "play: [W DQ, N DA, E exposes H4 dropped, director finds visible_to_partner, E D4, S D7, attention S]\n")
    keys = [sorted(r.key() for r in Ruling(c).restorations()) for c in (inline, found)]
    assert keys[0] == keys[1] and keys[0]
    assert all("visible_to_partner" in r.findings for r in Ruling(inline).restorations())


_TWO_DUE = CASES / "penalty" / "own-51b1-two-heart-penalty-cards-after-revoke-correction-and-52b2-designated.yaml"


@pytest.mark.parametrize("words", ["refuse, play H4", "refuse play H4", "require H4"])
def test_declarers_refusal_of_a_card_played_when_two_penalty_cards_were_due(words: str) -> None:
    """52B2 with 51A: declarer refuses the H5 and designates the H4 of the two penalty cards
    due; the choice is named as a director says it (``refuse, play H4``), the earlier name
    (``require H4``) read as the same."""
    text = _TWO_DUE.read_text(encoding="utf-8").replace("S chooses require H4", f"S chooses {words}")
    restorations = list(Ruling(loads(text)).restorations())
    assert len(restorations) == 3
    for r in restorations:
        (step,) = [s for s in r.path if s.clause == "52B2"]
        assert step.choice == "refuse, play H4" and "declarer refuses H5" in step.text, step


def test_declarers_refusal_with_two_penalty_cards_due_names_the_one_played() -> None:
    text = _TWO_DUE.read_text(encoding="utf-8").replace("S chooses require H4", "S chooses refuse")
    with pytest.raises(RulingError, match="offered: S chooses accept, S chooses refuse, play HQ, S chooses refuse, play H4"):
        list(Ruling(loads(text)).restorations())
