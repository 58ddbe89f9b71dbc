"""Law 64 on a record that stops before the end of play with a revoke standing: the trick
adjustment is decided when play ends (64A), and the notice says what the record tells now,
revoke by revoke: how it was established, what 64A transfers on the tricks played so far and
what a later trick of the offending side would add, or the 64B clause that leaves it no
transfer whatever the rest of play; then the equity after play (64C1)."""

from __future__ import annotations

from rulings.solver.casefile import loads
from rulings.solver.ruling import Ruling

BOARD = ('laws: 2017\ntrick: 6\nleader: S\ncontract: 4S\ndeclarer: S\n'
         'deal: "N:32.AKQ.2.43 54.JT9.3.65 AKQ.2.AK.A2 98.87.QJT9."\n')


def law64(play: str) -> str:
    ruling = Ruling(loads(BOARD + f"play: [{play}]\n"))
    list(ruling.restorations())
    [note] = [n.text for n in ruling.notices if n.text.startswith("Law 64")]
    return note


def test_the_revoker_won_the_revoke_trick_and_his_side_no_later_trick_yet() -> None:
    # East ruffs South's diamond holding the D3 and leads to trick 7: established (63A1)
    note = law64("S DA, W D9, N D2, E S4, E C5, attention S")
    assert note.startswith("Law 64: the record stops before the end of play")
    assert "the trick adjustment is decided when play ends (64A)" in note
    assert ("E's revoke on trick 6: established when E played C5 to trick 7 (63A1); E won the revoke trick: 64A1 "
            "transfers it to NS, and one more trick if EW win a later trick (none so far)") in note
    assert note.endswith("(64C1)")


def test_a_revoke_no_rest_of_play_can_make_transfer_a_trick() -> None:
    # dummy discards holding the D2; declarer's lead to trick 7 establishes it (63A1): 64B3
    note = law64("S DA, W D9, N C4, E D3, S SA, attention W")
    assert ("N's revoke on trick 6: established when S played SA to trick 7 (63A1); no trick is transferred for it "
            "whatever the rest of play: dummy's failure to follow suit (64B3)") in note


def test_the_offending_side_has_won_nothing_yet() -> None:
    # East discards a club holding the D3, South wins; East's partner plays to trick 7
    note = law64("S DA, W D9, N D2, E C6, S DK, W DT, attention N")
    assert ("E's revoke on trick 6: established when W played DT to trick 7 (63A1); EW won neither the revoke trick "
            "nor a later trick so far: if EW win a later trick, 64A2 transfers one trick to NS, else none (64B1)") in note


# ----- a revoke no play of the record shows, left by a ruling ------------------------------------------
RULED = ('laws: {laws}\ncontract: 4S\ndeclarer: S\n'
         'deal: "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"\n'
         'play: [W DQ, N DA, E exposes HQ{how}, E D4, S D7, N H2, E HK, S HA, W H7{more}, attention S]\n')


def law64_notes(laws: str = "2017", how: str = " dropped visible_to_partner", more: str = ", S CJ, W C6, N C2, E C5") -> list[str]:
    ruling = Ruling(loads(RULED.format(laws=laws, how=how, more=more)))
    list(ruling.restorations())
    return [n.text for n in ruling.notices if n.text.startswith("Law 64")]


def test_a_failure_to_play_a_penalty_card_the_ruling_accepts_is_a_revoke_established_by_the_next_trick() -> None:
    # East's HK when his major penalty card HQ was due: declarer has played since, so it is
    # accepted (52B1(b)), a revoke (61A), established once West plays to trick 3 (63A1): no
    # transfer for it whatever the rest of play (64B3), equity after play (64C1)
    [note] = law64_notes()
    assert note.startswith("Law 64: the record stops before the end of play")
    assert "the trick adjustment is decided when play ends (64A)" in note
    assert ("E's revoke on trick 2: E failed to play the penalty card HQ and HK was accepted (52B1), a revoke (61A); "
            "established when W played C6 to trick 3 (63A1); no trick is transferred for it whatever the rest of play") in note
    assert "(64B3)" in note
    assert note.endswith("(64C1)")


def test_in_2007_the_equity_clause_is_64c() -> None:
    [note] = law64_notes("2007")
    assert "E failed to play the penalty card HQ and HK was accepted (52B1), a revoke (61A)" in note
    assert note.endswith("(64C)")


def test_a_failure_accepted_and_not_yet_established_gets_no_notice() -> None:
    # the record stops before the revoker's side plays to trick 3: the revoke may still be
    # corrected (62A), nothing for Law 64 yet
    assert law64_notes(more="") == []


def test_only_the_restorations_whose_ruling_leaves_a_revoke_are_said() -> None:
    # the director's finding: a card East's partner could see is played to trick 1 (45C1), a
    # heart on a diamond lead while East held diamonds, a revoke established by his HK to
    # trick 2 (63A1); a card his partner could not see is no play and leaves none (49)
    [note] = law64_notes(how="")
    assert ("E's revoke on trick 1: established when E played HK to trick 2 (63A1); EW won neither the revoke trick "
            "nor a later trick so far: if EW win a later trick, 64A2 transfers one trick to NS, else none (64B1)") in note
    assert "On the restorations whose ruling leaves this revoke established" in note


def test_a_record_played_on_in_parts_is_said_of_the_restorations_of_its_last_part() -> None:
    # the failure comes in the part played on after 'resume': the count is met on the paths
    # that play that part on, and said of them as of a record in one part
    text = RULED.format(laws="2017", how=" dropped visible_to_partner", more="").replace(
        "E D4, S D7, N H2, E HK, S HA, W H7, attention S]",
        "E D4, S D7, attention S, resume, N H2, E HK, S HA, W H7, S CJ, W C6, N C2, E C5, attention S]")
    ruling = Ruling(loads(text))
    list(ruling.restorations())
    [note] = [n.text for n in ruling.notices if n.text.startswith("Law 64")]
    assert "E failed to play the penalty card HQ and HK was accepted (52B1), a revoke (61A)" in note
