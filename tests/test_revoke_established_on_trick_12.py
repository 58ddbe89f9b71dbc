"""A revoke of a non-offender's own on trick 12, established by his side's lead to trick 13,
met in the cascade of the other side's revoke on that trick (2007: both sides revoked, the
other side's not established): 62D1 corrects it all the same, in its turn, so his step in
the cascade may not say it can no longer be corrected."""

from __future__ import annotations

from rulings.solver.casefile import loads
from rulings.solver.ruling import Ruling

RECORD = """
title: "x"
source: "own"
laws: 2007
deal: "N:..3.2 .J.5. A..2. ..Q4."
contract: 4S
declarer: S
trick: 12
leader: N
won: {NS: 8, EW: 3}
play: [N D3, E HJ, S SA, W D4, S D2, attention W]
notes: x
expect:
  - count 2
"""


def test_own_established_revoke_on_trick_12_in_the_cascade_is_corrected_in_its_turn() -> None:
    """East revokes (HJ on the D3, holding the D5), South ruffs with the SA holding the D2 (a
    revoke too) and wins, and leads the D2 to trick 13, establishing his own revoke (63A1);
    East's is not established. East's is corrected (62B); in its cascade South, a
    non-offender there, leaves his SA: it is his own revoke, which 62D1 corrects later in its
    turn (the ruling does: 62B for South)."""
    rs = list(Ruling(loads(RECORD)).restorations())
    assert len(rs) == 2
    for r in rs:
        texts = [s.text for s in r.path]
        assert not any("no longer be corrected" in t for t in texts), texts
        south = [s for s in r.path if s.text.startswith("S leaves SA here") or s.text.startswith("S must leave SA")]
        assert south and "62D1" in south[0].text, texts
        assert [s.clause for s in r.path].count("62B") == 2, [s.clause for s in r.path]


def test_a_lead_put_down_before_partner_played_that_the_revoke_correction_plays_is_ruled() -> None:
    """West revokes on trick 12 and puts his only diamond down as his lead to trick 13 before
    his partner has played (57A); read as played (declarer's call of the H4, not his change
    to the S7), South's lead to trick 12 is out of turn, and the lead rules, which the change
    of designation rules out, claim none of it. On each path the correction of the revoke
    (62D1, 62B) plays that diamond to trick 12 at West's turn: no lead to trick 13 is left
    standing, and none is said "not yet ruled on"; so too where the director's finding on
    the change is left open (seventeen restorations, both editions)."""
    from pathlib import Path

    from rulings.solver.casefile import load

    root = Path(__file__).resolve().parents[1] / "cases" / "combined"
    for path in sorted(root.glob("own-62d1-trick-12-revoke-corrected-with-the-card-put-down-as-the-next-lead-*.yaml")):
        case = load(path)
        open_finding = loads(path.read_text().replace("S changes to S7 slip", "S changes to S7"))
        for ruling in (Ruling(case), Ruling(open_finding)):
            assert list(ruling.restorations())
            assert not [n for n in ruling.notices if n.kind == "not_ruled"], (path.name, ruling.notices)
