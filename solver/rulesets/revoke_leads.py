"""Issue 4, second round: a revoke and a lead out of turn in one record (docs/leads-rules.md).

The revoke opener runs before the lead rules and wins, so a lead out of turn in the same
record used to get only the "not yet ruled" notice. This opener, placed just before the
revoke rules, rules both when they do not interfere:

* an **established** revoke (reported, 63A1/63B) and a later irregular lead or play (for
  instance the revoker's partner's lead out of turn, which establishes the revoke, since any
  play to the next trick, legal or not, does): the report, then the lead rules' task;
* a lead out of turn **accepted by the next hand's play** (53A) in or before the revoke
  trick, and a revoke still to be corrected (62): the acceptance, then the correction.

In every other combination it finds nothing: the revoke opener rules the revoke and the
play out of turn keeps its "not yet ruled" notice (never dropped silently).

It also rules 60B (``leads_gaps``) ahead of the revoke rules: a defender's card played after
the refusal of declarer's lead from the wrong hand is no play to that lead, though the table
may take it for one in rotation (and for a revoke when it does not follow the withdrawn lead).
"""

from __future__ import annotations

from rulings.models.case import Replay
from rulings.solver.engine import Node
from rulings.solver.rulesets import leads, leads_gaps, revoke
from rulings.solver.rulesets.base import Opening, Rule, RuleSet


def open_revoke_and_lead(rs: RuleSet, replay: Replay, root: Node) -> Opening | None:
    table = replay.table
    if not table.out_of_turn:
        return None
    # 60B first: a defender's card placed after the refusal of declarer's lead may look like a
    # play in rotation to the table (and a revoke); it is not a play to that lead at all. Only
    # when every revoke on the table is such a card (else a real revoke comes first).
    after = leads_gaps.play_after_retraction_opening(rs, replay, root)
    if after is not None:
        task = after.root.agenda[0]
        assert isinstance(task, leads_gaps.PlayAfterRetraction)
        if all(r.trick == task.trick and (r.seat, r.card) in task.cards for r in table.revokes):
            return after
    if not table.revokes:
        return None
    rev = revoke.open_revoke(rs, replay, root)
    lead = leads.open_leads(rs, replay, root)
    if rev is None or lead is None or len(rev.root.agenda) != 1 or not lead.root.agenda:
        return None
    rtask = rev.root.agenda[0]
    ltask = lead.root.agenda[0]
    lead_trick = lead.root.focus
    if lead_trick is None:
        return None
    if isinstance(rtask, revoke.ReportEstablished) and lead_trick > rtask.revoke.trick:
        agenda: tuple[object, ...] = (rtask, *lead.root.agenda)
        focus = lead_trick
    elif (isinstance(rtask, revoke.CorrectRevoke) and isinstance(ltask, leads.AcceptedByPlay) and len(lead.root.agenda) == 1
          and ltask.proper_lead is None and not ltask.from_dummy and ltask.trick <= rtask.revoke.trick):
        agenda = (ltask, rtask)
        focus = rev.root.focus if rev.root.focus is not None else lead_trick
    else:
        return None
    node = Node(table, agenda, findings=lead.root.findings, focus=focus)
    return Opening(node, (*rev.irregularities, *lead.irregularities), (*rev.notices, *lead.notices), (*rev.handled, *lead.handled))


RULES: tuple[Rule, ...] = ()
OPENERS: tuple[tuple[str, object], ...] = (("revoke_and_lead", open_revoke_and_lead),)
