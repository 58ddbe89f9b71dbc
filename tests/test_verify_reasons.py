"""A failed claim says why, whatever its form (docs/case-format.md, "What `solve` and `verify`
print"): the restoration that fails it is named with what it holds instead, in the
restoration's own terms (where the card is and how it came there, the kind of a penalty card,
the restrictions imposed and where one was met, who accepted or refused a lead out of turn,
the findings, who leads, the revoke's state, what Law 64 counted); and the Law 64 step after
a failure to play a penalty card corrected under 52B2 says the failure was corrected."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulings.solver.claims import ATOM_FORMS
from rulings.solver.cli import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "cases"

#: whole records of the corpus (their own claims replaced by the one under test)
#: 57A: West leads to trick 6 before East played to trick 5; declarer requires East's highest
#: club (57A1), met by his CQ at trick 5; played to the end
R57A = "leads/own-57a-lead-before-partner-played-penalty-card-not-led-then-partners-revoke-played-to-the-end.yaml"
#: East's named HQ; declarer refuses his HK (52B2); West's fifth card C6, a major penalty card
#: played to trick 8; played to the end
R52B2 = "combined/own-49-named-honour-52b2-refused-then-led-then-fifth-card-played-played-to-the-end.yaml"
R52B2_07 = "combined/own-49-named-honour-52b2-refused-then-led-then-fifth-card-played-played-to-the-end-2007.yaml"
#: East's fifth card HK found led, refused by declarer (56); played to the end
R56 = "combined/own-45e1-fifth-card-led-refused-penalty-card-not-played-then-partners-revoke-played-to-the-end.yaml"
#: declarer's revoke corrected; West changes his CJ (62C1), dummy his C9 (62C2); played to the end
R62C = "combined/own-62b2-declarer-revokes-second-62c1-then-dummy-62c2-then-dummy-lead-accepted-53a-played-to-the-end.yaml"
#: the 62C2 cascade, then declarer requires hearts (50D2(a): East's H4 picked up), played to the end
R50D2 = "established/own-62c2-cascade-50d2a-then-two-spade-revokes-by-the-revoker-64a2-64b2.yaml"
#: East discards the C5 on dummy's diamond at trick 3 holding diamonds: the revoke corrected
#: at attention, the 62C cascade (not played out)
R62 = """\
title: East revokes on a diamond; the 62C cascade
laws: 2017
deal: "N:AK72.A63.KQ4.982 QJ9.KJT4.J97.K54 T8654.Q2.A832.AQ 3.9875.T65.JT763"
contract: 4S
declarer: S
play: [W CJ, N C2, E CK, S CA, S S4, W S3, N SA, E S9, N DK, E C5, S D2, W D5, attention W]
"""
#: West leads the C3 out of turn at trick 2: accepted (53A), or refused (56) with declarer's
#: 50D2 choice (four restorations), not played out
LOT = """\
title: West leads out of turn at trick 2
laws: 2017
deal: "N:Q54.KJ3.AQ72.K84 AJ92.QT76.K3.J95 KT876.A84.J5.AQ2 3.952.T9864.T763"
contract: 4S
declarer: S
play: [W D9, N D2, E DK, S D5, W C3, attention S]
"""
#: West's established revoke, played to the end (64A2), no 64C finding
ESTABLISHED = """\
title: West revokes on trick 2, established at trick 3, played to the end
laws: 2017
deal: "N:AK72.A63.KQ4.982 QJ9.KJT4.J97.K54 T8654.Q2.A832.AQ 3.9875.T65.JT763"
contract: 4S
declarer: S
play: [W CJ, N C2, E CK, S CA, S S4, W H5, N SA, E S9, N SK, E SJ, S S5, W S3, remaining NS 7 EW 3, attention S]
"""


def _record(name: str) -> str:
    if "\n" in name:
        return name
    text = (CASES / name).read_text()
    return text[:text.index("expect:")]


def _verify(tmp_path: Path, record: str, claim: str) -> str:
    path = tmp_path / "c.yaml"
    path.write_text(_record(record) + f"expect:\n  - \"{claim}\"\n", encoding="utf-8")
    res = runner.invoke(app, ["verify", str(path)])
    assert res.exit_code == 1, res.output
    return res.output


#: (the atom form of ATOM_FORMS, the record, a claim of that form that fails, what the
#: failure must say)
REASONS = [
    # a 57A restriction honoured and spent at trick 5: none listed once play ends, and the
    # message says it was imposed and where it was met
    ("<seat> must play [highest|lowest] <suit|card>", R57A, "always: E must play highest C",
     ["play ended before attention: no lead or play restriction is listed", "its path imposed E must play highest C (57A1), "
      "met at trick 5, where E played CQ"]),
    ("<seat> must not play <suit>", R57A, "always: E must not play D", ["its path imposed E must play highest C (57A1)"]),
    ("restriction lapsed <restriction>", R57A, "always: restriction lapsed E must play lowest C",
     ["its path imposed E must play highest C (57A1), met at trick 5"]),
    ("restriction in force <restriction>", LOT, "always: restriction in force E must not lead C",
     ["its path imposes no lead or play restriction"]),
    # a lead out of turn refused: the claim that it was accepted says who refused it, under what
    ("<seat> accepts|refuses", R56, "always: S accepts", ["on its path S refuses the lead out of turn (56)"]),
    ("<seat> accepts|refuses", LOT, "always: W refuses", ["on its path S accepts the lead out of turn (53A)"]),
    ("<seat> accepts|refuses", R52B2, "always: S refuses",
     ["its path has no lead out of turn to accept or refuse; S's refusal on it is of a card played when a penalty card "
      "was due (52B2)"]),
    # the kind of a penalty card its owner played later, on a record played to the end
    ("<seat> penalty <card> [major|minor]", R52B2, "always: W penalty C6 minor",
     ["W C6 was a major penalty card until W played it to trick 8", "play ended before attention"]),
    # a defender's card taken back under 62C1 was never a penalty card: that is the reason
    ("<seat> penalty <card> [major|minor]", R62C, "always: W penalty CJ major",
     ["W CJ was withdrawn from trick 5 under 62C1 (a non-offender's change after the revoke), which makes no penalty card "
      "of it"]),
    ("<seat> penalty <card> [major|minor]", R62, "always: E penalty C5 minor", ["E C5 is a major penalty card"]),
    ("<seat> penalty <card> [major|minor]", R50D2, "always: E penalty H4 minor",
     ["E H4 was a major penalty card until declarer's lead choice had E pick it up (50D2(a))"]),
    ("restriction <seat> must lead <suit>", R50D2, "always: restriction W must not lead H",
     ["its path imposed W must lead H (50D2(a)), met at trick 3, where W led H7"]),
    ("restriction <seat> must not lead <suit>", LOT, "always: restriction E must not lead C",
     ["its path imposes no lead or play restriction"]),
    ("no restriction", LOT, "always: no restriction", ["its restrictions: E must lead C"]),
    ("no restriction in force", LOT, "always: no restriction in force", ["its restrictions: E must lead C"]),
    ("<seat> plays <card|suit>", LOT, "always: W plays S", ["W's card to trick 2, the trick under ruling, is C3"]),
    ("<seat> plays <card|suit>", LOT, "always: W plays C3",
     ["W C3 was a major penalty card until declarer's lead choice had W pick it up (50D2(a))"]),
    ("<seat> plays <card|suit>", LOT, "always: N plays D2",
     ["N D2 stands as played to trick 1, before the tricks the restoration restores (from trick 2)"]),
    ("<seat> withdraws <card>", LOT, "always: W withdraws C3", ["W C3 stands as played to trick 2"]),
    ("lead <seat>", LOT, "always: lead W", ["trick 2 is still in progress"]),
    ("lead <seat>", R57A, "always: lead W", ["play ended before attention: nobody leads"]),
    ("leader <seat>", LOT, "always: leader E", ["W leads trick 2, the trick under ruling, as restored (C3)"]),
    ("declarer <seat>", LOT, "always: declarer N", ["S is declarer on its path"]),
    ("finding <finding>", LOT, "always: finding visible_to_partner",
     ["its path assumes no finding of fact; no restoration assumes visible_to_partner"]),
    ("established", LOT, "always: established", ["no revoke is established on its path"]),
    ("established", R62, "always: established", ["no revoke is established on its path: it corrects one (62A"]),
    ("established", ESTABLISHED, "always: not established", ["a revoke stands established: the revoke is established when E "
                                                             "played SJ to trick 3"]),
    ("equity", ESTABLISHED, "always: equity", ["the comparison is left to the director: the record has no finding "
                                               "'equity <side> <N>' (64C1)"]),
    ("equity", R62, "always: equity", ["the record does not reach the end of play"]),
    ("transfer <N>", ESTABLISHED, "always: transfer 0", ["it transfers 1 trick, 64A2"]),
    ("law <clause>", LOT, "never: law 56", ["satisfies it (of Law 56 its path cites 56)"]),
    ("unauthorized <NS|EW> <seat> <card>", LOT, "always: unauthorized EW W C3", ["W C3 is not in its information ledger"]),
    ("authorized <NS|EW> <seat> <card>", LOT, "always: authorized NS W C3", ["W C3 is not in its information ledger"]),
]


@pytest.mark.parametrize(("form", "record", "claim", "words"), REASONS, ids=[f"{r[0]}: {r[2]}" for r in REASONS])
def test_a_failed_claim_says_why(tmp_path: Path, form: str, record: str, claim: str, words: list[str]) -> None:
    out = _verify(tmp_path, record, claim)
    line = next(x for x in out.splitlines() if x.lstrip().startswith("FAIL line"))
    for w in words:
        assert w in line, line


def test_every_claim_form_has_a_reason() -> None:
    """Each atom form of the claim language is shown failing with its reason above."""
    assert sorted(set(ATOM_FORMS) - {r[0] for r in REASONS}) == []


@pytest.mark.parametrize("name", [R52B2, R52B2_07])
def test_law_64_after_a_52b2_correction_says_the_failure_was_corrected(name: str) -> None:
    """A failure to play a penalty card is a revoke (61A); corrected when declarer refused the
    card played in its place (52B2), none stands after play. The closing step says so, not that
    no revoke was made (every player followed suit or could not, 44C)."""
    res = runner.invoke(app, ["solve", "--json", str(CASES / name)])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    (r,) = data["restorations"]
    last = r["path"][-1]
    assert last["clause"] == "52B2", last
    assert "no revoke stands established: E's failure to play his penalty card HQ to trick 6 was corrected" in last["text"]
    assert "no revoke was made" not in last["text"] and "44C" not in r["laws"], last
