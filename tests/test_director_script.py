"""The director's script (``rulings solve --explain``): what a director says at the table.

Each test pins a class of sentence the script must get right under the Laws: every choice a
player has is said with what it does (not one of them "for example"), the clause of each
alternative, branches that differ anywhere after them kept apart, a director's finding with
what follows from it, and the information of withdrawn cards (16C) and penalty cards (50E)
stated to whom it is unauthorized and on which courses it arises.
"""

from __future__ import annotations

from pathlib import Path

from rulings.solver.casefile import load
from rulings.solver.ruling import Ruling
from rulings.solver.summary import director_script, distinct

CASES = Path(__file__).resolve().parent.parent / "cases"


def script(case: str) -> list[str]:
    ruling = Ruling(load(CASES / case))
    return director_script(ruling, distinct(ruling.restorations()))


def block(lines: list[str], start: str) -> list[str]:
    """The line that starts with ``start`` (after its indentation) and the lines nested under it."""
    at = next(k for k, line in enumerate(lines) if line.lstrip().startswith(start))
    indent = len(lines[at]) - len(lines[at].lstrip())
    out = [lines[at]]
    for line in lines[at + 1:]:
        if len(line) - len(line.lstrip()) <= indent:
            break
        out.append(line)
    return out


def test_every_alternative_says_what_it_does() -> None:
    # 52B2: declarer's refusal has the penalty card played and the card refused a major
    # penalty card; 58B2: the card the offender does not choose is a penalty card, minor or
    # major by 50B; 62C2: the revoker's partner's change makes his card a penalty card
    refused = script("penalty/own-52b2-refused-card-withdrawn-is-read-under-16c-and-50e.yaml")
    assert "  If accept (52B1(a)): declarer accepts H3; HQ remains penalty card." in refused
    assert ("  If refuse (52B2): declarer refuses H3 (does not accept it): E withdraws it and plays HQ, the penalty "
            "card; H3 becomes a major penalty card.") in refused
    together = script("exposure/seed003-58b3-opponent-may-change.yaml")
    assert "  If S9: E plays S9; SQ a major penalty card." in together
    assert "  If SQ: E plays SQ; S9 a minor penalty card." in together
    cascade = script("revoke/disacco-47d-2007.yaml")
    assert "      If change to SK: W withdraws S5 and plays SK; S5 becomes a major penalty card." in cascade
    for lines in (refused, together, cascade):
        assert not [line for line in lines if "for example" in line]


def test_lead_options_are_each_explained() -> None:
    # 54D refused: declarer's three 50D2 options, each with what becomes of the penalty card
    lines = script("leads/own-54e-then-defender-opening-lead-out-of-turn-in-the-same-part.yaml")
    options = block(lines, "50D2(a), 50D2(b): W is to lead while E has penalty card HK")
    assert options[1:] == [
        "      If require H (50D2(a)): declarer requires W to lead H; E picks up HK.",
        "      If forbid H (50D2(a)): declarer forbids W to lead H for as long as he keeps the lead; E picks up HK.",
        "      If no restriction (50D2(b)): declarer neither requires nor forbids a suit; W leads any card and HK stays "
        "penalty card (declarer chooses again each time W is to lead while it remains).",
    ]


def test_alternatives_differing_only_in_the_card_are_said_once() -> None:
    lines = script("revoke/disacco-47d-2007.yaml")
    assert "  E withdraws H4 and plays S9, S8 or S2; H4 becomes a major penalty card." in lines
    assert "  If change to SQ, change to S7 or change to S6: S withdraws SA and plays SQ, S7 or S6; no penalty card." in lines


def test_a_decision_cites_the_clause_of_each_alternative() -> None:
    assert any(line.startswith("52B1(a), 52B2: E played H3 when a penalty card was due")
               for line in script("penalty/own-52b2-refused-card-withdrawn-is-read-under-16c-and-50e.yaml"))
    lines = script("leads/own-53c-wrong-defender-plays-2017.yaml")
    assert any(line.startswith("57A1, 57A2, 57A3, 57A4: S (declarer) chooses one option over W") for line in lines)
    assert "  If forbid H (57A4): declarer forbids W to play a heart to trick 2; W holds spades and must follow suit (44C): " \
           "the option binds him only if he cannot follow." in lines


def test_options_and_conditions_are_said_in_words() -> None:
    # 57A: which player, which suit (in words: "S" is also a seat), his highest or lowest
    # card of it, the trick, under the clause of each option
    lines = script("leads/own-53c-wrong-defender-plays-2017.yaml")
    assert "  If highest (57A1): declarer requires W to play his highest spade to trick 2." in lines
    assert "  If lowest (57A2): declarer requires W to play his lowest spade to trick 2." in lines
    assert any(line.startswith("  If require H (57A3): declarer requires W to play a heart to trick 2;") for line in lines)
    # 55B2: the lead taken back, declarer leads from the hand whose turn it was, any card
    for case, hand in (("leads/seed003-55-wrong-hand-defenders-reject.yaml", "dummy (N)"),
                       ("combined/own-55b2-dummy-lead-refused-then-45d1-misplay-defender-changes-played-to-the-end.yaml",
                        "his own hand (S)")):
        said = [line for line in script(case) if "(55B2)" in line and "correct hand" in line]
        assert said and all(f"declarer leads from the correct hand, {hand}, any card he chooses (55B2)" in line for line in said)
    # 62C2: on the branch where the non-offending player before him withdrew, that he may
    # withdraw, because that player did; on the branch where he did not, that he must leave it
    lines = script("revoke/disacco-47d-2007.yaml")
    assert "    62C2: W must leave S5: no player of the non-offending side changed before him." in lines
    assert any(line.startswith("    62C2: W (revoker's partner) may withdraw S5 and play another card: S (non-offending "
                               "side, before him) has withdrawn his card") for line in lines)
    assert not [line for line in lines if "only if" in line]


def test_branches_differ_by_every_decision_after_them() -> None:
    # 45D1, five cards: once declarer, whose RHO changed, replaces his D3 by the DA, the DA
    # wins the trick and West's lead to the next trick goes back (44G): West has no option
    # to keep it there (he has where declarer keeps the D3 and West keeps the DK)
    lines = script("dummy-misplay/seed004-45d1-five-cards.yaml")
    ace = block(lines, "If change to DA: S withdraws D3 and plays DA")
    assert any("44G: W's lead of SK is withdrawn: S won the corrected trick 11 and leads." in line for line in ace)
    assert not any("made after dummy's error (player's option)" in line for line in ace)
    kept = block(lines, "If keep: S keeps D3.")
    assert any("W's lead of SK to trick 12, made after dummy's error (player's option); choices: keep, withdraw." in line
               for line in kept)


def test_a_finding_says_what_follows_from_it() -> None:
    lines = script("combined/exposure-major-not-played-declarer-chooses.yaml")
    finding = block(lines, "49: the director decides: what becomes of E's exposed HQ?")
    assert len(finding) == 2 and finding[1].startswith("  HQ becomes a major penalty card")


def test_information_says_to_whom_and_on_which_courses() -> None:
    lines = script("combined/declarer-lead-out-of-turn-refused-then-revoke.yaml")
    # the SA withdrawn under 55A (every course): unauthorized to declarer's side; withdrawn
    # again under 62C1 (only where South changes): unauthorized to East-West
    assert "  that S held SA is authorized to EW (16C1) and unauthorized to NS (16C2)." in lines
    assert ("  that S held SA is authorized to NS (16C1) and unauthorized to EW (16C2); only where S withdraws SA (62C1)."
            in lines)
    # 50E: the requirement to play a penalty card is authorized to all (50E1), what else it
    # shows unauthorized to the owner's partner (50E2)
    assert ("  E's penalty card H4: the requirement to play it is authorized to every player (50E1); what else it shows "
            "is unauthorized to W, his partner (50E2), and authorized to NS.") in lines
    assert ("  W's penalty card S5: the requirement to play it is authorized to every player (50E1); what else it shows "
            "is unauthorized to E, his partner (50E2), and authorized to NS; only where S5 is a penalty card (62C2).") in lines


def test_trick_12_revoke_restriction_on_partner_is_said() -> None:
    # 62D2 (2017): a defender's trick-12 revoke corrected before his partner played: 16C
    # binds the partner, who may not choose a play the revoke card suggested
    lines = script("revoke/own-62d2-trick12-revoke-corrected-before-partner-plays-2017.yaml")
    at = lines.index("62B: E withdraws D5 and plays C5; D5 becomes a major penalty card.")
    assert lines[at + 1] == "  W may not choose a play the revoke card D5 suggested."


def test_a_minor_penalty_card_turned_major_is_said() -> None:
    # 58B2 leaves East's other card a minor penalty card; the revoke corrected makes the
    # revoke card a second one, and 50B makes both major: the director says so
    lines = script("combined/simultaneous-two-cards-then-revoke-58b3-and-62c1.yaml")
    assert ("      E withdraws H4 and plays S9, S8 or S2; H4 becomes a major penalty card; C5, E's minor penalty card, "
            "is now major (50B: two or more penalty cards).") in lines
    # a finding that makes a second penalty card says it once, with the finding's consequence
    found = script("exposure/second-penalty-card-makes-both-major.yaml")
    assert [line for line in found if "is now major" in line] == [
        "  H7 becomes a major penalty card: he dropped it, so it is no play (45C1 plays only a card held so that his "
        "partner could see it), and his partner could possibly see its face (49); S8, W's minor penalty card, is now "
        "major (50B: two or more penalty cards)."]
