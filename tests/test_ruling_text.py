"""The ruling's text where the sides and restorations are right: which law a step or a ledger
entry cites, and what the record's irregularities say once the paths are enumerated."""

from pathlib import Path

import pytest

from rulings.models.cards import Card, Seat
from rulings.solver.casefile import load
from rulings.solver.config import Decisions
from rulings.solver.rulesets import get_ruleset
from rulings.solver.ruling import Ruling

CASES = Path(__file__).resolve().parents[1] / "cases"


def test_a_misplay_whose_cards_to_come_back_a_ruling_adds_to_is_met() -> None:
    """45D1 after an exposure deemed played (45C1): on every path the misplay is ruled with
    East's exposed card among the cards that may come back. The record's form of it (that
    card not yet played) is the same irregularity, met: it is not said "met on no path",
    and it is listed once, among the record's irregularities, in the form the paths rule it,
    naming both cards."""
    for name in ("own-45d1-defenders-visible-card-at-his-turn-played-after-the-error-taken-back",
                 "own-45d1-defenders-visible-card-at-his-turn-played-after-the-error-taken-back-2007"):
        ruling = Ruling(load(CASES / "dummy-misplay" / f"{name}.yaml"))
        assert len(list(ruling.restorations())) == 5
        assert not ruling.not_met, ruling.not_met
        (misplay,) = [i for i in (*ruling.irregularities, *ruling.found_later) if i.startswith("declarer called H2")]
        assert misplay in ruling.irregularities and "2 card(s) may come back (at most five): dummy's S3, E S2" in misplay


def test_no_revoke_on_the_declaring_sides_attempted_opening_lead() -> None:
    """54E: the declaring side's card faced as the opening lead is no lead, so East's card
    faced after it fails to follow nothing: the record shows no revoke, and none is said met
    on no path; East's card is his opening lead out of turn, found while ruling."""
    for name in ("own-54e-then-defender-opening-lead-out-of-turn-in-the-same-part",
                 "own-54e-then-defender-opening-lead-out-of-turn-in-the-same-part-2007",
                 "own-54e-then-defender-opening-lead-out-of-turn-refused-50d2b-at-the-table-play-goes-on"):
        ruling = Ruling(load(CASES / "leads" / f"{name}.yaml"))
        assert not [i for i in ruling.irregularities if "revoked" in i], ruling.irregularities
        assert list(ruling.restorations())
        assert not ruling.not_met, ruling.not_met
        assert any(i.startswith("E led HK to trick 1") for i in (*ruling.irregularities, *ruling.found_later))


def test_neither_option_over_penalty_cards_of_one_suit_cites_50d2b() -> None:
    """50D2(b), not 51B2(c): with two penalty cards of one suit, 51B1 offers only the
    requirement and the prohibition; declarer's third option, neither, is 50D2(b)'s (51B2(c)
    is for penalty cards of more than one suit)."""
    case = load(CASES / "penalty" / "own-51b1-two-heart-penalty-cards-after-revoke-correction-and-52b2-designated.yaml")
    rs = list(Ruling(case).restorations())
    neither = [s for r in rs for s in r.path if s.choice == "no restriction" and "H5 HQ stay" in s.text]
    assert neither and all(s.clause == "50D2(b)" for s in neither)


def test_a_card_52b2_makes_a_penalty_card_is_read_under_16c_and_50e() -> None:
    """52B2: declarer requires the penalty card due; the card played instead is withdrawn and
    becomes a major penalty card: a withdrawn play (16C1, 16C2) and a penalty card (50E1,
    50E2), one entry each, and the step cites both (docs/decisions.md)."""
    ruling = Ruling(load(CASES / "combined" / "exposed-h4-minor-then-lower-heart-played.yaml"))
    required = [r for r in ruling.restorations() if any(s.clause == "52B2" for s in r.path)]
    assert len(required) == 1
    h5 = [i for i in required[0].node.ledger if i.seat is Seat.E and i.card == Card.parse("H5")]
    assert [(i.ai_clause, i.ui_clause) for i in h5] == [("16C1", "16C2"), ("50E1", "50E2")], h5
    step = next(s for s in required[0].path if s.clause == "52B2")
    assert {"16C1", "16C2", "50E1", "50E2"} <= set(step.also)


def test_declarers_choices_at_leads_are_listed_as_choices_not_irregularities() -> None:
    """50D2, 51B: declarer's choice stated before a lead while a penalty card is in force is
    no irregularity. Each is listed with the choices, in the order of the record, whether the
    record as played has the penalty card it answers (the first) or only a rectified table
    does (the second, after the failure to play it, 52B1(b)); neither is listed among the
    irregularities nor said found while ruling."""
    case = load(CASES / "penalty" / "own-51b2a-second-card-both-major-then-failure-to-ruff-played-to-the-end-64b3.yaml")
    ruling = Ruling(case)
    assert list(ruling.restorations())
    listed = (*ruling.irregularities, *ruling.found_later, *ruling.not_met)
    assert not [i for i in listed if "before E's lead" in i], listed
    assert ruling.choices == ("S requires H before E's lead to trick 9 (50D)", "S leaves before E's lead to trick 10 (50D)")


def test_a_choice_found_only_on_a_rectified_table_is_listed_as_a_choice() -> None:
    """The same where every penalty card comes from a ruling (two cards dropped, 49): the
    choices at the later leads are declarer's choices, not irregularities found while ruling."""
    ruling = Ruling(load(CASES / "penalty" / "own-51b2b-forbid-one-suit-then-50d2b-twice-the-other-penalty-card-played-to-the-end.yaml"))
    assert list(ruling.restorations())
    assert len(ruling.irregularities) == 2 and all("dropped" in i for i in ruling.irregularities), ruling.irregularities
    assert not ruling.found_later, ruling.found_later
    assert ruling.choices == ("S forbids S before E's lead to trick 3 (50D)", "S leaves before E's lead to trick 4 (50D)",
                              "S leaves before E's lead to trick 5 (50D)")


def _recorded_choices_listed(suffix: str, refuse: str, require: str) -> None:
    """The case of West's lead after a refused fifth card led out of turn (56, 51B1(a)) whose
    declarer's choices ``refuse`` and ``require`` lines (each a line a rule reads, or a plain
    ``chooses`` line) settled: one restoration, both choices listed as recorded, naming the
    choice, its clause and the decision, in the text output, ``--explain`` and JSON alike."""
    import json

    from typer.testing import CliRunner

    from rulings.solver.cli import app

    name = CASES / "combined" / ("own-56-refused-then-fifth-card-played-two-heart-penalty-cards-51b1-at-partners-lead-"
                                 f"options-after-ruling-choice{suffix}.yaml")
    ruling = Ruling(load(name))
    assert len(list(ruling.restorations())) == 1
    refused, required = ruling.choices
    assert refused.startswith(f"{refuse} (recorded): refuse (56; ") and "E led HK out of turn" in refused
    assert required.startswith(f"{require} (recorded): require H (51B1(a); W is to lead while E has penalty cards H9 HK")
    runner = CliRunner()
    text = " ".join(runner.invoke(app, ["solve", "--ascii", str(name)]).output.split())
    assert f"declarer's choice at the table: {refuse} (recorded): refuse (56;" in text
    assert f"declarer's choice at the table: {require} (recorded): require H (51B1(a);" in text
    explain = " ".join(runner.invoke(app, ["solve", "--ascii", "--explain", str(name)]).output.split())
    assert f"Declarer's choice at the table: {require} (recorded): require H (51B1(a);" in explain
    assert f"Declarer's choice at the table: {refuse} (recorded): refuse (56;" in explain
    assert json.loads(runner.invoke(app, ["solve", "--json", str(name)]).output)["choices"] == list(ruling.choices)


def test_a_choice_a_recorded_line_settled_is_listed_as_declarers_choice_marked_recorded() -> None:
    """Declarer's decisions a line after attention settled (``S chooses refuse`` for a lead out
    of turn, 56; ``S requires H`` at West's lead, 51B1(a), settled through the recorded answers
    whichever rule offers the decision) are declarer's choices at the table: each is listed
    with them, marked as recorded, naming the choice, its clause and the decision, in the text
    output, ``--explain`` and JSON alike; a choice said before a lead (listed already) is not
    listed twice."""
    _recorded_choices_listed("-recorded", "S refuses", "S requires H")
    said = Ruling(load(CASES / "penalty" / "own-52-failure-then-partner-to-lead-choice-is-next-ruling.yaml"))
    assert list(said.restorations())
    assert said.choices == ("S leaves before W's lead to trick 9 (50D)",)


def test_a_record_whose_only_lines_ruled_are_choices_names_the_penalty_cards_at_its_start() -> None:
    """With no irregularity in the record, only a choice over a penalty card in force at its
    start, the text names that penalty card rather than saying none was found."""
    from typer.testing import CliRunner

    from rulings.solver.cli import app

    out = CliRunner().invoke(app, ["solve", "--ascii", str(CASES / "penalty" / "own-50d2a-said-at-lead-penalty-card-played-later.yaml")]).output
    head = out.split("Irregularity", 1)[1].split("Ruling (Laws", 1)[0]
    assert "none in the record; penalty cards in force at its start: E CK major (50)" in " ".join(head.split()), head
    assert "declarer's choice at the table: S requires C before W's lead to trick 9 (50D)" in out
    assert "S requires C before" not in head


def test_each_failure_to_play_a_penalty_card_says_what_it_was_at_that_trick() -> None:
    """52B1(b), 52B1(c): East fails to lead his penalty card S7 at tricks 3 and 4 and leads it
    at trick 5. Each acceptance says, as of its own trick, that the S7 stays a penalty card
    until East plays it to trick 5, not what the end of the record shows."""
    for name in ("own-54d-refused-then-two-failures-to-lead-the-penalty-card-played-to-the-end",
                 "own-54d-refused-then-two-failures-to-lead-the-penalty-card-played-to-the-end-2007"):
        (r,) = list(Ruling(load(CASES / "penalty" / f"{name}.yaml")).restorations())
        steps = [s for s in r.path if s.clause == "52B1(b)"]
        assert [s.text.split("; ", 1)[0] for s in steps] == ["declarer has played since, so CA is accepted",
                                                             "declarer has played since, so CK is accepted"], steps
        assert all(s.text.endswith("; S7 stays a penalty card until E plays it to trick 5") for s in steps), steps


def test_a_revoke_the_record_shows_is_listed_once_as_the_paths_rule_it() -> None:
    """2017 47E1: West's misinformed HJ is taken back and establishes nothing, so East's revoke
    on trick 2 is corrected. The revoke is one irregularity, listed once among the record's,
    with the reason that holds on every path (attention drawn before East-West's first card
    to trick 3 once the HJ is back), not again as found while ruling."""
    ruling = Ruling(load(CASES / "leads" / "seed001-47e1-no-63a1-revoke-corrected-2017.yaml"))
    assert len(list(ruling.restorations())) == 21
    revokes = [i for i in (*ruling.irregularities, *ruling.found_later, *ruling.not_met) if "revoked with H4" in i]
    assert revokes == ["E revoked with H4 on trick 2 (spades led): not established (63A): attention was drawn before EW's "
                       "first lead or play to trick 3 after the revoke (63A1)"], revokes
    assert revokes[0] in ruling.irregularities


def test_a_revoke_the_misinformation_rules_report_established_is_listed() -> None:
    """47E1 takes back a card that establishes a revoke (2007: any; 2017: a card of the side
    that misinformed): the misinformation rules report the revoke established (63A1), and it
    is listed among the record's irregularities."""
    for name, by in (("own-47e1-revoke-established-2007", None),
                     ("own-47e1-misinformed-by-revokers-side-card-to-the-lead-establishes-revoke", "W played C6 to trick 3")):
        ruling = Ruling(load(CASES / "leads" / f"{name}.yaml"))
        assert list(ruling.restorations())
        revokes = [i for i in ruling.irregularities if " revoked with " in i]
        assert len(revokes) == 1 and ": established when " in revokes[0] and revokes[0].endswith("(63A1)"), ruling.irregularities
        assert by is None or by in revokes[0]
        assert not [i for i in ruling.found_later if " revoked with " in i]


def test_the_streamed_text_says_the_paths_form_of_a_record_irregularity_not_found_while_ruling() -> None:
    """``rulings solve`` lists the record's irregularities before its restorations; the revoke
    every path rules with another reason than the record shows (2017 47E1 takes back the card
    that seemed to decide it) is listed once, after them, "as ruled on the paths", with the
    paths' reason: never in the record's form, never as found while ruling."""
    from typer.testing import CliRunner

    from rulings.solver.cli import app

    out = CliRunner().invoke(app, ["solve", "--ascii", str(CASES / "leads" / "seed001-47e1-no-63a1-revoke-corrected-2017.yaml")]).output
    flat = " ".join(out.split())
    assert "found while ruling" not in flat
    assert ("as ruled on the paths: E revoked with H4 on trick 2 (spades led): not established (63A): attention was drawn "
            "before EW's first lead or play to trick 3 after the revoke (63A1)") in flat
    assert flat.count("E revoked with H4") == 1, out
    assert "63A1 does not apply to it" not in flat, out


#: cases whose record shows an irregularity that a ruling before it changes on every path (a
#: card that decided whether a revoke is established, taken back or moved: 47E1, 58B3; a card
#: of a dummy's misplay found played), or takes away (a revoke with a card a changed
#: designation replaced, 45C4(b))
CHANGED_ON_THE_PATHS = (
    "leads/seed001-47e1-no-63a1-revoke-corrected-2017.yaml",
    "combined/simultaneous-58b3-change-turns-the-trick-lead-that-established-partners-revoke-withdrawn.yaml",
    "dummy-misplay/own-45d1-lead-exposed-by-the-winner-as-placed-goes-back-44g.yaml",
    "dummy-misplay/own-45d1-cards-led-together-out-of-turn-as-placed-in-turn-as-corrected.yaml",
    "designation/commentary-45c4b-slip-rho-may-withdraw-2017.yaml",
    "combined/designation-refused-change-declarer-revokes-to-the-card-that-stands-defender-leads-on.yaml",
)


def test_the_streamed_text_lists_each_irregularity_once_as_the_json_does() -> None:
    """The streamed text lists every irregularity the JSON output lists (``irregularities``,
    ``found_later``, as met on no path) exactly once, in the form the paths rule it, and
    never the record's form of one the paths rule otherwise; those it can list before the
    restorations (met as the record shows them by the paths of the tree of decisions) come
    first, in the record's order, and the head says how many follow the restorations."""
    import json

    from typer.testing import CliRunner

    from rulings.solver.cli import app

    runner = CliRunner()
    for name in CHANGED_ON_THE_PATHS:
        path = str(CASES / name)
        data = json.loads(runner.invoke(app, ["solve", "--json", path]).stdout)
        record = Ruling(load(CASES / name)).irregularities  # (as the record shows them, before any path)
        ruled = [*data["irregularities"], *data["found_later"]]
        out = runner.invoke(app, ["solve", "--ascii", path]).output
        flat = " ".join(out.split())
        head, tail = flat.split("Ruling (Laws", 1)
        for irr in ruled:
            assert flat.count(irr) == 1, (name, irr, out)
        for irr in record:
            if irr not in ruled:
                assert f"met on no path (a ruling before it takes it away): {irr}" in tail or irr not in flat, (name, irr, out)
        first = [i for i in data["irregularities"] if i in head]
        assert first == [i for i in record if i in first], (name, out)
        assert "listed after the restorations, as the paths rule" in head, (name, out)


def test_the_streamed_text_lists_in_the_head_what_no_ruling_changes() -> None:
    """A record whose revoke no ruling before it changes (a lead out of turn accepted at the
    trick before): both irregularities are listed before the restorations, none after."""
    from typer.testing import CliRunner

    from rulings.solver.cli import app

    path = CASES / "combined" / "declarer-lead-accepted-then-revoke-next-trick.yaml"
    out = CliRunner().invoke(app, ["solve", "--ascii", str(path)]).output
    flat = " ".join(out.split())
    head, tail = flat.split("Ruling (Laws", 1)
    for irr in Ruling(load(path)).irregularities:
        assert irr in head and irr not in tail, (irr, out)
    assert "as ruled on the paths" not in flat and "listed after the restorations" not in flat, out


def test_lead_options_due_at_the_end_are_listed_apart_not_as_an_irregularity() -> None:
    """A record that ends with West to lead while East's major penalty card is in force: the
    position declarer's 50D2 options are due at is no irregularity. It is listed apart, as the
    lead options due, in the text (where the irregularities name the penalty card in force at
    the start), in --explain and in the JSON (``options_due``), never among the
    irregularities."""
    import json

    from typer.testing import CliRunner

    from rulings.solver.cli import app

    path = CASES / "penalty" / "partner-to-lead-one-major.yaml"
    due = "W is to lead; his partner E has penalty cards SQ (50D2(a), 50D2(b))"
    ruling = Ruling(load(path))
    assert len(list(ruling.restorations())) == 3
    assert (ruling.irregularities, tuple(ruling.found_later), ruling.not_met, ruling.choices) == ((), (), (), ())
    assert ruling.options_due == (due,)
    runner = CliRunner()
    out = runner.invoke(app, ["solve", "--ascii", str(path)]).output
    head = " ".join(out.split("Irregularity", 1)[1].split("Ruling (Laws", 1)[0].split())
    assert head == "none in the record; penalty cards in force at its start: E SQ major (50)", head
    assert f"declarer's lead options due: {due}" in " ".join(out.split()), out
    script = runner.invoke(app, ["solve", "--ascii", "--explain", str(path)]).output
    assert f"Declarer's lead options due: {due}." in script and "Irregularity" not in script, script
    data = json.loads(runner.invoke(app, ["solve", "--json", str(path)]).stdout)
    assert (data["irregularities"], data["found_later"], data["choices"], data["options_due"]) == ([], [], [], [due])


@pytest.mark.parametrize(("name", "due"), [
    ("combined/own-56-refused-then-fifth-card-played-two-heart-penalty-cards-51b1-at-partners-lead.yaml",
     "W is to lead; his partner E has penalty cards H9 HK (51B1(a), 51B1(b), 50D2(b))"),
    ("exposure/dropped-honour-partner-to-lead.yaml", "E is to lead; his partner W has penalty cards HT (50D2(a), 50D2(b))"),
    ("revoke/spec-47d-example.yaml", "W is to lead; his partner E has penalty cards H4 (50D2(a), 50D2(b))"),
    ("penalty/own-52-failure-then-partner-to-lead-choice-is-next-ruling.yaml",
     "W is to lead; his partner E has penalty cards CK (50D2(a), 50D2(b))"),
])
def test_lead_options_a_ruling_leaves_unenumerated_are_said(name: str, due: str) -> None:
    """A ruling that leaves the record ending with declarer's 50D2/51B options due at the
    partner's lead, which it does not enumerate (lead_options_after_ruling off: a 45E1 fifth
    card making a second penalty card, an exposed honour, the 47D cascade, a 52 ruling), still
    tells the director of them: the position is listed with the lead options due, naming the
    clauses and saying they are not enumerated, in the text, --explain and the JSON. With the
    switch on the options are enumerated, whichever ruling left the position (a 52 ruling over
    a penalty card in force from the start too), and not said so."""
    import json

    from typer.testing import CliRunner

    from rulings.solver.cli import app

    path = CASES / name
    said = f"{due}; not enumerated: declarer chooses at that lead, in the next ruling (switch lead_options_after_ruling off)"
    ruling = Ruling(load(path))
    assert list(ruling.restorations())
    assert ruling.options_due == (said,), ruling.options_due
    assert said not in ruling.irregularities and said not in ruling.found_later
    runner = CliRunner()
    out = " ".join(runner.invoke(app, ["solve", "--ascii", str(path)]).output.split())
    assert f"declarer's lead options due: {said}" in out, out
    script = runner.invoke(app, ["solve", "--ascii", "--explain", str(path)]).output
    assert f"Declarer's lead options due: {said}." in " ".join(script.split()), script
    data = json.loads(runner.invoke(app, ["solve", "--json", str(path)]).stdout)
    assert data["options_due"] == [said]
    on = Ruling(load(path), get_ruleset(ruling.case.laws, Decisions(lead_options_after_ruling=True)))
    assert list(on.restorations())
    assert not [d for d in on.options_due if "not enumerated" in d], on.options_due


def test_lead_options_due_on_a_rectified_table_are_listed_apart() -> None:
    """The same where the penalty card comes from a ruling (a revoke corrected, 62B): the lead
    options due once it is made are not said found while ruling; the revoke stays listed."""
    ruling = Ruling(load(CASES / "established" / "own-62a-revoke-corrected-then-claim-no-transfer-2007.yaml"))
    assert list(ruling.restorations())
    assert len(ruling.irregularities) == 1 and "E revoked with C5" in ruling.irregularities[0], ruling.irregularities
    assert not ruling.found_later, ruling.found_later
    assert ruling.options_due == ("W is to lead; his partner E has penalty cards C5 (50D2(a), 50D2(b))",)


def test_a_choice_a_plain_chooses_line_settled_is_listed_as_the_line_a_rule_reads_is() -> None:
    """Declarer's decisions settled by plain ``<seat> chooses <choice>`` lines (docs/case-format.md)
    are listed under "declarer's choice at the table" as ``S refuses`` and ``S requires H`` are:
    marked recorded, the line written with the option's own name, in the text output,
    ``--explain`` and JSON alike."""
    _recorded_choices_listed("s-recorded-as-chooses-lines", "S chooses refuse", "S chooses require H")


@pytest.mark.parametrize("laws", ["2017", "2007"])
def test_a_card_named_to_play_at_his_turn_is_his_play_and_no_irregularity(laws: str) -> None:
    """A card a player names to play at his turn is played (45C4(a)): no irregularity is
    listed for it, in either edition, where no change of designation follows; with the
    revoke his naming establishes (63A2) that revoke alone is listed."""
    from rulings.solver.casefile import loads

    text = (f"laws: {laws}\ncontract: 4S\ndeclarer: S\n"
            'deal: "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"\n'
            "play: [W DQ, N DA, E names D4 to play, S D7, attention S]\n")
    ruling = Ruling(loads(text))
    [restoration] = list(ruling.restorations())
    assert ruling.irregularities == ()
    assert restoration.table.trick(1).card_of(Seat.E) == Card.parse("D4")
    name = CASES / "combined" / "own-63a2-partner-names-his-lead-establishes-the-revoke-then-second-spade-revoke-64b2-2007.yaml"
    ruling = Ruling(load(name))
    assert len(list(ruling.restorations())) == 1
    assert not any("named" in i and "from his own hand" in i for i in ruling.irregularities), ruling.irregularities
