"""Dummy's limitations once he has broken 43A2, and inquiries about a revoke: Laws 43B2,
43B3, 42B1, 42B2 and 61B. See docs/dummy-limits-rules.md.

The record says that dummy broke 43A2 (``<dummy> exchanges``: exchanged hands with declarer,
43A2(a); ``<dummy> watches``: left his seat to watch declarer's play, 43A2(b); ``<dummy> looks
<defender>``: looked at a card in a defender's hand, 43A2(c)). From that line on he has lost
the rights 43B2 and 43B3 take away:

* **43B2(a)** he warns declarer against leading from the wrong hand (``<dummy> warns``):
  either defender chooses the hand declarer leads from (each choice a restoration). Dummy who
  kept his rights may try to prevent the irregularity (42B2): nothing to rectify.
* **43B2(b)** he is the first to ask declarer whether his play is a revoke (``<dummy> asks
  <declarer>``): declarer must replace the revoke card by a legal one (the revoke rules
  correct it, 62B2), and Law 64 applies as if the revoke had been established: the table
  marks the revoke (``TableState.raised_by_dummy``), which the count after play reads.
* **43B3** he is the first to point out a defender's irregularity (``attention <dummy>``):
  no rectification, play goes on; the director adjusts the defenders' score only if they
  gained (a notice). The irregularities of the defenders that the table records (a revoke, a
  card played out of turn) are ruled here, which leaves the families that would rectify
  them nothing to rule (the composition's priority); a revoke so left is marked on the
  table, and Law 64 reads the mark under ``Decisions.dummy_raised_revoke_unrectified``.

An inquiry (``<seat> asks <seat>``) is a question whether the player asked holds a card of
the suit led after he failed to follow: declarer may ask a defender (61B1), dummy declarer
(61B2, 42B1), a defender declarer or his partner (61B3; asking partner may give him
unauthorized information, said as a notice: 16B is the director's judgement). Asked before
the revoke is established, it draws attention to it and the revoke rules correct it (62A).

One law family: it imports no other rule module.
"""

from __future__ import annotations

from rulings.models.cards import Seat
from rulings.models.case import Replay
from rulings.models.dataclass import dataclass
from rulings.models.events import Inquiry, LeadWarning, LostRights, Play
from rulings.models.table import Revoke, TableState
from rulings.solver.engine import LEADS_NEXT, Edge, Node, Notice, Step, StepKind, played
from rulings.solver.establishment import claim_agreement, not_establishing, standing_revokes
from rulings.solver.rulesets.base import Opening, Rule, RuleSet

#: what each 43A2 breach line says dummy did
_BREACHES = {"exchanges": "exchanged hands with declarer", "watches": "left his seat to watch declarer's play",
             "looks": "looked at a card in {}'s hand"}


def _breach_clause(text: str) -> str:
    """The 43A2 clause a breach's words (:func:`_breach_text`) end with."""
    return text[text.rindex("(43A2") + 1:-1]


def _breach_text(e: LostRights) -> str:
    return f"{_BREACHES[e.verb].format(e.looked)} ({e.clause})"


@dataclass(frozen=True, slots=True)
class AnswerInquiry:
    """``asker`` asked ``asked`` whether his play to trick ``trick`` was a revoke. ``revoke``:
    the revoke of the player asked that the question is about, not established when asked (None:
    his play was none); ``breach``: dummy asked after breaking 43A2 (the line's words), the
    first to ask about that revoke (43B2(b)); ``line``: the question's line."""

    asker: Seat
    asked: Seat
    trick: int
    revoke: Revoke | None
    breach: str | None
    line: int | None


@dataclass(frozen=True, slots=True)
class ChooseLeadingHand:
    """Dummy warned declarer against leading from the wrong hand, ``due`` (declarer or dummy)
    being due to lead trick ``trick``. ``breach``: dummy had broken 43A2 (its words; the
    defenders then choose the hand, 43B2(a)), None: he kept his rights (42B2)."""

    dummy: Seat
    due: Seat
    trick: int
    breach: str | None


@dataclass(frozen=True, slots=True)
class LeaveUnrectified:
    """Dummy, after breaking 43A2 (``breach``), was the first to point out the defenders'
    irregularities ``what`` (texts); ``revokes``: their revokes among them, left standing (43B3)."""

    dummy: Seat
    breach: str
    what: tuple[str, ...]
    revokes: tuple[Revoke, ...]
    trick: int


def _index(events: tuple[object, ...], e: object) -> int:
    return next(i for i, x in enumerate(events) if x is e)


def _card_line(events: tuple[object, ...], r: Revoke) -> int:
    """The place in ``events`` of the play line of revoke ``r``'s card (-1: none found)."""
    return max((i for i, e in enumerate(events) if isinstance(e, Play) and e.seat is r.seat and e.card == r.card), default=-1)


def open_dummy_limits(rs: RuleSet, replay: Replay, root: Node) -> Opening | None:
    """The inquiries about a revoke, dummy's warnings against a lead from the wrong hand and
    dummy's attention to a defender's irregularity after he broke 43A2, in record order."""
    events = tuple(replay.before)
    table = replay.table
    dummy, declarer = table.dummy, table.declarer
    breach = next((e for e in events if isinstance(e, LostRights) and e.seat is dummy), None)
    after = _index(events, breach) if breach is not None else len(events)
    lost = _breach_text(breach) if breach is not None else None
    tasks: list[AnswerInquiry | ChooseLeadingHand | LeaveUnrectified] = []
    said: list[str] = []
    handled: list[object] = []
    notices: list[Notice] = []
    standing = standing_revokes(replay, claim_agreement(rs.decisions, rs.edition), not_establishing(replay, rs.edition))
    open_revokes = [r for r, est in standing if est is None]
    asked_about: set[Revoke] = set()
    for i, e in enumerate(events):
        if isinstance(e, Inquiry):
            r = next((r for r in reversed(open_revokes) if r.seat is e.asked and _card_line(events, r) < i), None)
            first = r is not None and r not in asked_about
            if r is not None:
                asked_about.add(r)
            by_lost = lost if (e.seat is dummy and i > after and first) else None
            trick = r.trick if r is not None else (table.tricks[-1].number if table.tricks else table.first_trick)
            tasks.append(AnswerInquiry(e.seat, e.asked, trick, r, by_lost, e.line))
            said.append(f"{e.seat} asked {e.asked} whether his play was a revoke" + (f", after dummy {dummy} {lost}" if by_lost else ""))
            handled.append(e)
            if e.seat is not declarer and e.seat is not dummy and e.asked is e.seat.partner:
                notices.append(Notice(e.line, f"{e.seat} asked his partner {e.asked} whether he had a card of the suit led: "
                                      f"lawful ({rs.cite('61B3')}), but the question may give {e.asked} unauthorized "
                                      "information (16B): the director judges whether it suggested a play"))
        elif isinstance(e, LeadWarning) and e.seat is dummy:
            cur = table.current_trick
            due = table.next_leader if cur is None or cur.is_complete else None
            handled.append(e)
            if due is None or due.side is not declarer.side:
                notices.append(Notice(e.line, f"'{e}': the declaring side was not due to lead, so no lead from the wrong hand "
                                      "was warned against; it settled nothing", kind="unsettled"))
                continue
            nxt = cur.number + 1 if cur is not None else table.first_trick
            tasks.append(ChooseLeadingHand(dummy, due, nxt, lost if i > after else None))
            said.append(f"dummy {dummy} warned declarer against leading from the wrong hand to trick {nxt}"
                        + (f", after he {lost}" if i > after else ""))
        elif isinstance(e, LostRights):
            handled.append(e)
    attention = replay.attention
    if lost is not None and attention is not None and attention.by is dummy:
        revokes = tuple(r for r, _ in standing if table.is_defender(r.seat) and r not in asked_about)
        keys: list[object] = [played(r.trick, r.seat, r.card) for r in revokes]
        what = [f"{r}" for r in revokes]
        for entry in table.out_of_turn:
            number, seat, _ = entry
            if table.is_defender(seat):
                keys.append(entry)
                what.append(f"{seat}'s card to trick {number} played out of turn")
        if keys:
            earliest = min([r.trick for r in revokes] + [n for n, s, _ in table.out_of_turn if table.is_defender(s)])
            tasks.append(LeaveUnrectified(dummy, lost, tuple(what), revokes, earliest))
            said.append(f"dummy {dummy}, after he {lost}, first drew attention to the defenders' irregularity: {', '.join(what)}")
            handled.extend(keys)
            notices.append(Notice(attention.line, f"43B3: if the defenders gained through their irregularity the director "
                                  f"adjusts their score only ({rs.cite('43B3')})"))
    if not tasks:
        if handled:  # (a breach line alone: nothing dummy did after it that 43B limits)
            return Opening(Node(table), (), tuple(notices), tuple(handled)) if notices else None
        return None
    # (a warning against a lead is ruled on the trick before it, whose winner was due to lead)
    focus = min(t.trick - 1 if isinstance(t, ChooseLeadingHand) and t.trick > table.first_trick else t.trick
                for t in tasks)
    return Opening(Node(table, tuple(tasks), focus=focus), tuple(said), tuple(notices), tuple(handled))


def answer_inquiry(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """43B2(b) for dummy's first question after his 43A2 breach; else 61B1-61B3 (42B1)."""
    assert isinstance(task, AnswerInquiry)
    table: TableState = node.table
    r = task.revoke
    declarer, dummy = table.declarer, table.dummy
    clause = "61B1" if task.asker is declarer else "61B2" if task.asker is dummy else "61B3"
    also: tuple[str, ...] = (rs.cite("42B1"),) if task.asker is dummy else ()
    question = f"{task.asker} asks {task.asked} about his play to trick {task.trick}"
    if r is not None and task.breach is not None:
        text = (f"dummy, who {task.breach}, is the first to ask declarer whether his play is a revoke: "
                f"{r.seat} must replace {r.card} by a legal card (62B2), and Law 64 applies as if the revoke had been "
                "established (the tricks transferred after play)")
        step = Step("TD", StepKind.FORCED, rs.cite("43B2(b)"), text, also=(rs.cite(_breach_clause(task.breach)), rs.cite("61B2"), rs.cite("62B2")),
                    question=question, choice="Law 64 as if established")
        return [(step, node.evolve(table=table.with_raised_by_dummy(r.trick, r.seat, "43B2(b)"), agenda=node.agenda[1:]))]
    if r is not None:
        text = (f"{task.asker} may ask {task.asked} ({rs.cite(clause)}): the question draws attention to {r.seat}'s revoke "
                f"on trick {r.trick} before it is established, and it is corrected (62A)")
        choice = "revoke brought to light"
    else:
        text = f"{task.asker} may ask {task.asked} ({rs.cite(clause)}): {task.asked}'s play was no revoke; nothing to correct"
        choice = "no revoke"
    return [(Step("TD", StepKind.FORCED, rs.cite(clause), text, also=also, question=question, choice=choice),
             node.evolve(agenda=node.agenda[1:]))]


def choose_leading_hand(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """43B2(a): either defender chooses the hand declarer leads from (each a restoration);
    42B2: dummy who kept his rights may try to prevent an irregularity, nothing to rectify."""
    assert isinstance(task, ChooseLeadingHand)
    table = node.table
    question = f"from which hand does declarer lead to trick {task.trick}?"
    if task.breach is None:
        step = Step("TD", StepKind.FORCED, rs.cite("42B2"), f"dummy may try to prevent declarer's lead from the wrong hand "
                    f"({rs.cite('42B2')}): {task.due} leads to trick {task.trick}, nothing to rectify",
                    question=question, choice=f"{task.due} leads")
        return [(step, node.evolve(agenda=node.agenda[1:]))]
    defenders = f"{table.declarer.lho} or {table.declarer.rho}"
    edges: list[Edge] = []
    for hand in (table.declarer, table.dummy):
        which = "declarer's hand" if hand is table.declarer else "dummy"
        due = " (the hand due to lead)" if hand is task.due else ""
        text = (f"dummy, who {task.breach}, warned declarer against leading from the wrong hand: "
                f"the defenders choose that declarer leads to trick {task.trick} from {which}{due}")
        step = Step(f"{defenders} (either defender chooses)", StepKind.OPTION, rs.cite("43B2(a)"), text,
                    also=(rs.cite(_breach_clause(task.breach)),), question=question,
                    choice=f"lead from {hand}")
        edges.append((step, node.evolve(agenda=node.agenda[1:], restrictions=(*node.restrictions, f"{hand}{LEADS_NEXT}43B2(a))"))))
    return edges


def leave_unrectified(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """43B3: no rectification of the defenders' irregularity dummy first pointed out; play goes on."""
    assert isinstance(task, LeaveUnrectified)
    table = node.table
    for r in task.revokes:
        table = table.with_raised_by_dummy(r.trick, r.seat, "43B3")
    kept = " (once established, Law 64 transfers no trick for it)" if task.revokes and rs.decisions.dummy_raised_revoke_unrectified \
        else " (once established, Law 64 counts it)" if task.revokes else ""
    text = (f"dummy, who {task.breach}, was the first to point out {', '.join(task.what)}: "
            f"no rectification, play goes on as though it had not happened{kept}; the director adjusts the defenders' score "
            "only if they gained")
    step = Step("TD", StepKind.FORCED, rs.cite("43B3"), text, also=(rs.cite(_breach_clause(task.breach)),),
                question="is the defenders' irregularity rectified?",
                choice="no rectification")
    return [(step, node.evolve(table=table, agenda=node.agenda[1:]))]


RULES: tuple[Rule, ...] = (
    Rule("answer_inquiry", AnswerInquiry, ("43B2(b)", "43A2(a)", "43A2(b)", "43A2(c)", "61B1", "61B2", "61B3", "42B1", "62B2"), answer_inquiry,
         answer_inquiry.__doc__ or ""),
    Rule("choose_leading_hand", ChooseLeadingHand, ("43B2(a)", "42B2", "43A2(a)", "43A2(b)", "43A2(c)"), choose_leading_hand, choose_leading_hand.__doc__ or ""),
    Rule("leave_unrectified", LeaveUnrectified, ("43B3", "43A2(a)", "43A2(b)", "43A2(c)"), leave_unrectified, leave_unrectified.__doc__ or ""),
)
OPENERS: tuple[tuple[str, object], ...] = (("dummy_limits", open_dummy_limits),)
OPENER_LINES = {"dummy_limits": (LostRights, Inquiry, LeadWarning)}
