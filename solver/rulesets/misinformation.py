"""Retraction after misinformation: Law 47E1 (told by an opponent that it was his turn) and
47E2 (a card played after a mistaken explanation, before its correction). See
docs/leads-rules.md.

The record says ``<seat> misinformed`` before the lead or play out of turn the seat then made,
and ``<seat> corrects explanation`` where the mistaken explanation was corrected. The side that
misinformed is the offending side for 16C: the withdrawn card is authorized to the other side
and unauthorized to it.
"""

from __future__ import annotations

from dataclasses import replace

from rulings.models.cards import Card, Seat
from rulings.models.case import Replay
from rulings.models.dataclass import dataclass
from rulings.models.events import Choice, CorrectExplanation, Misinformed
from rulings.models.table import Revoke, TableState
from rulings.solver.engine import Edge, Info, Node, Step, StepKind, played, with_entries
from rulings.solver.establishment import retraction_establishes
from rulings.solver.lawful import lawful_substitutes, penalty_card_designation
from rulings.solver.misinformed import misinformed_card, plays_before, taken_back
from rulings.solver.obligations import no_penalty_card
from rulings.solver.rulesets.base import Opening, Rule, RuleSet
from rulings.solver.tasks import ReportEstablished


@dataclass(frozen=True, slots=True)
class MisinformedPlay:
    """47E1: a lead or play out of turn by a player an opponent told it was his turn."""

    trick: int
    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class CorrectedExplanation:
    """47E2: ``seat`` played ``card`` before ``corrector`` (an opponent) corrected a mistaken
    explanation; ``since`` are the cards played after it before the correction."""

    trick: int
    seat: Seat
    card: Card
    corrector: Seat
    since: tuple[tuple[int, Seat, Card], ...]
    dummy_faced: bool  # dummy had spread his hand before the correction
    retracted: bool  # the record says the player retracted


def open_misinformation(rs: RuleSet, replay: Replay, root: Node) -> Opening | None:
    """The first ``misinformed`` or ``corrects explanation`` line before attention."""
    if not any(isinstance(e, (Misinformed, CorrectExplanation)) for e in replay.before):
        return None  # the usual record: no list of plays to build
    table = replay.table
    plays = list(table.plays())
    for event in replay.before:
        if isinstance(event, Misinformed):
            placed = misinformed_card(replay, event)
            if placed is None:
                continue  # (no card of his out of turn after it: the line settles nothing)
            trick_no, seat, card = placed
            misplay = MisinformedPlay(trick_no, seat, card)
            # An acceptance has no effect (47E1: the opponents may not accept): ruled, not pending.
            accepts = [e for e in (*replay.unapplied, *replay.after) if isinstance(e, Choice) and e.verb == "accepts"]
            # 2017: 63A1 does not apply to the retracted play (nor to his partner's card that goes
            # back with it), so a revoke it seemed to establish is still to be corrected: the
            # revoke rules find it on the table after the retraction (the engine opens them
            # next). 2007 has no such exception, and a card of the side that misinformed is no
            # such play: a revoke a card taken back established stays established, and is
            # reported here (_established_by).
            stand = _established_by_retraction(rs, table, misplay)
            handled = (event, *accepts, *(p for p in table.out_of_turn if p[0] == trick_no),
                       *(played(r.trick, r.seat, r.card) for r, _ in stand))
            what = f"{seat} played {card} to trick {trick_no} out of turn, told by an opponent that it was his turn"
            # (a revoke a card taken back established is ruled here, reported under 63A1: it is
            # one of the record's irregularities, worded as the revoke rules word one)
            revokes = tuple(f"{r}: established when {by[0]} played {by[1]} to trick {r.trick + 1} ({rs.cite('63A1')})"
                            for r, by in stand)
            return Opening(Node(table, (misplay,), focus=trick_no), (what, *revokes), (), handled)
        if isinstance(event, CorrectExplanation):
            # a record line the table did not place (an unapplied play) is not a card played
            k = min(plays_before(replay, event), len(plays))
            theirs = [i for i in range(k) if plays[i][1].side is not event.seat.side]
            if not theirs:
                continue
            i = theirs[-1]
            trick_no, seat, card = plays[i]
            before = replay.before[: replay.before.index(event)]
            faced = any(isinstance(e, Choice) and e.verb == "spreads" and e.seat is table.dummy for e in before)
            retract = [e for e in (*replay.unapplied, *replay.after)
                       if isinstance(e, Choice) and e.verb == "retracts" and e.seat in (seat, table.declarer) and e.card == card]
            # a lead to the next trick put down before this card, the trick not yet complete,
            # stands after it on the table but was not played since (TableState.put_down_early)
            since = tuple(p for p in plays[i + 1 : k] if not (p[0] == trick_no + 1 and seat in (table.put_down_before(*p) or ())))
            task = CorrectedExplanation(trick_no, seat, card, event.seat, since, faced, bool(retract))
            spread = [e for e in before if isinstance(e, Choice) and e.verb == "spreads"]
            what = f"{event.seat} corrected a mistaken explanation after {seat} played {card} to trick {trick_no}"
            return Opening(Node(table, (task,), focus=trick_no), (what,), (), (event, *retract, *spread))
    return None


def _child(node: Node, table: TableState, infos: tuple[Info, ...] = (), restrictions: tuple[str, ...] = ()) -> Node:
    return Node(table, node.agenda[1:], with_entries(node.ledger, infos), node.findings, node.restrictions + restrictions,
                node.established, node.focus)


def _taken_back(table: TableState, task: MisinformedPlay) -> list[tuple[int, Seat, Card]]:
    """The misinformed card and the cards that go back with it (:func:`misinformed.taken_back`)."""
    return taken_back(table, task.trick, task.seat, task.card)


def _established_by_retraction(rs: RuleSet, table: TableState, task: MisinformedPlay) -> list[tuple[Revoke, tuple[Seat, Card]]]:
    """The revokes on ``table`` whose card stands and that one of the cards the retraction
    takes back established (63A1), with that play: those that stay established. In 2017 the
    cards of the misinformed side taken back establish nothing (47E1: 63A1 does not apply),
    but a card of the side that misinformed does, as any card a ruling takes back; in 2007
    every one does (:func:`establishment.retraction_establishes`). A revoke corrected before
    (its card withdrawn, by a ruling of an earlier part of the record) or established by a
    play the retraction leaves standing is no concern of 47E1."""
    back = _taken_back(table, task)
    skip = frozenset() if retraction_establishes(rs.edition) else frozenset(p for p in back if p[1].side is task.seat.side)
    out: list[tuple[Revoke, tuple[Seat, Card]]] = []
    for r in table.revokes:
        by = table.establishing_play(r, skip)
        trick = table.trick(r.trick)
        if by is None or trick is None or (r.seat, r.card) not in trick.plays or (r.trick + 1, *by) not in back:
            continue
        out.append((r, by))
    return out


def _retract(rs: RuleSet, node: Node, task: MisinformedPlay) -> tuple[TableState, tuple[Info, ...], list[str]]:
    """Take back the misinformed card and the cards that go back with it: those of its trick
    after it from the first not played at its player's own turn without it (all of them after
    a lead), and any later trick (a trick taken back leaves no trick after it standing)."""
    table = node.table
    offending = task.seat.side.other  # the side that misinformed
    back = _taken_back(table, task)
    t = table
    infos: list[Info] = []
    cards: list[str] = []
    for number, s, c in reversed(back):  # the last card first: each leaves the others' places alone
        t = t.replace_card(number, s, None, restore_penalty=rs.decisions.withdrawn_penalty_card_stays_penalty, card=c)
    for _, s, c in back:
        infos.append(rs.withdrawn_info(s, c, offending, table))
        cards.append(f"{s} {c}")
    return t, tuple(infos), cards


def _established_by(rs: RuleSet, child: Node, before: TableState, task: MisinformedPlay) -> Node:
    """The revokes that the retracted cards established on ``before`` (the table before the
    retraction: :func:`_established_by_retraction`) stand, reported under 63A1 on the table
    as ruled (the revoke rules rule the report)."""
    tasks = tuple(ReportEstablished(r, f"established when {by[0]} played {by[1]} to trick {r.trick + 1}", rs.cite("63A1"))
                  for r, by in _established_by_retraction(rs, before, task))
    if not tasks:
        return child
    return child.evolve(agenda=(*tasks[-1:], *child.agenda), focus=tasks[-1].revoke.trick)


def _told(infos: tuple[Info, ...]) -> tuple[str, ...]:
    """The clauses of the information of the cards taken back: 16C, and 50E for a card that
    is or was a penalty card (``RuleSet.withdrawn_info``)."""
    return tuple(dict.fromkeys([c for i in infos for c in (i.ai_clause, i.ui_clause)]))


def misinformed_play(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """47E1 (2017): the lead or play is retracted, no rectification, no penalty card; the
    opponents may not accept it, and 63A1 does not apply to it (a revoke it would have
    established is corrected; one a card of the side that misinformed established, taken
    back with it, stays established). 16C for the information."""
    assert isinstance(task, MisinformedPlay)
    t, infos, cards = _retract(rs, node, task)
    step = Step("TD", StepKind.FORCED, rs.cite("47E1"),
                f"{task.seat} was misinformed: {', '.join(cards)} taken back without rectification; it cannot be accepted",
                also=_told(infos), question=f"{task.seat} played {task.card} out of turn after misinformation",
                choice="retracted")
    return [(step, _established_by(rs, _child(node, t, infos), node.table, task))]


def misinformed_play_2007(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """47E1 (2007): the lead or play "may be" retracted without rectification and the
    opponents may not accept it. Decision ``misinformed_2007_may_let_stand``: by default it is
    retracted as in 2017 (Di Sacco 2011); with the switch on, the player may let it stand."""
    assert isinstance(task, MisinformedPlay)
    t, infos, cards = _retract(rs, node, task)
    step = Step("TD", StepKind.FORCED, rs.cite("47E1"),
                f"{task.seat} was misinformed: {', '.join(cards)} taken back without rectification; it cannot be accepted",
                also=_told(infos), question=f"{task.seat} played {task.card} out of turn after misinformation",
                choice="retracted")
    child = _established_by(rs, _child(node, t, infos), node.table, task)
    if not rs.decisions.misinformed_2007_may_let_stand:
        return [(step, child)]
    actor = rs.actor(node.table, task.seat)
    stand = Step(actor, StepKind.OPTION, rs.cite("47E1"), f"{task.seat} lets {task.card} stand", question=step.question,
                 choice="let it stand")
    return [(replace(step, actor=actor, kind=StepKind.OPTION), child),
            (stand, _established_by(rs, _child(node, node.table), node.table, task))]


def _corrected(rs: RuleSet, node: Node, task: CorrectedExplanation, same_trick_only: bool) -> list[Edge]:
    table = node.table
    actor = rs.actor(table, task.seat)
    question = f"{task.seat} played {task.card} before {task.corrector} corrected a mistaken explanation"
    since = [p for p in task.since if p[0] == task.trick] if same_trick_only else list(task.since)
    opening = task.trick == 1 and table.first_trick == 1 and (tr := table.trick(1)) is not None and tr.plays[0][0] is task.seat
    if since or (opening and task.dummy_faced):
        why = (f"a card was played since ({since[0][1]} {since[0][2]})" if since
               else "it is the opening lead and dummy has faced his cards")
        step = Step("TD", StepKind.FORCED, rs.cite("47E2(b)"),
                    f"too late to take back {task.card}: {why}; play continues and the director may adjust the score",
                    also=(rs.cite("47E2(a)"),), question=question, choice="too late")
        return [(step, _child(node, table))]
    trick = table.trick(task.trick)
    assert trick is not None
    pos = trick.position_of(task.seat)
    assert pos is not None
    info = rs.withdrawn_info(task.seat, task.card, task.corrector.side, table)
    also = (info.ai_clause, info.ui_clause)
    fate = no_penalty_card(table, task.seat, task.card, True)
    edges: list[Edge] = []
    if not task.retracted:
        edges.append((Step(actor, StepKind.OPTION, rs.cite("47E2(a)"), f"{task.seat} keeps {task.card}", question=question,
                           choice="keep"), _child(node, table)))
    if pos == 0:
        t = table.replace_card(task.trick, task.seat, None)
        edges.append((Step(actor, StepKind.OPTION, rs.cite("47E2(a)"),
                           f"{task.seat} takes back his lead of {task.card} and will lead again; {fate}", also=also,
                           question=question, choice="withdraw"), _child(node, t, (info,))))
        return edges
    hand = frozenset(table.hand(task.seat) | {task.card})
    pcs = table.penalty_cards_of(task.seat)
    # (a penalty card he played goes back to being one when withdrawn: it obliges his substitute, 50D1(a), 50C)
    restored = table.played_penalty_card(task.seat, task.card) if rs.decisions.restored_penalty_card_binds_substitute else None
    subs = lawful_substitutes(hand, trick.suit_led, pcs, task.card, restored)
    # several penalty cards due: declarer designates the one played (51A)
    named, designated = penalty_card_designation(subs, pcs, rs.cite("51A"))
    for sub in subs:
        t = table.replace_card(task.trick, task.seat, sub)
        infos: tuple[Info, ...] = (info,)
        text = f"{task.seat} takes back {task.card} and plays {sub}{named}; {fate}"
        t, more, lead_text = _retract_stale_lead(rs, t, task)
        edges.append((Step(actor, StepKind.OPTION, rs.cite("47E2(a)"), text + lead_text,
                           also=(*_told((info, *more)), *((rs.cite("44G"),) if more else ()), *designated), question=question,
                           choice=f"change to {sub}"),
                      _child(node, t, infos + more)))
    return edges


def _retract_stale_lead(rs: RuleSet, t: TableState, task: CorrectedExplanation) -> tuple[TableState, tuple[Info, ...], str]:
    """44G: a lead to the next trick by a player who, the trick restored, no longer won it goes
    back. One put down before the trick was complete (``TableState.put_down_early``) was no
    lead made in turn after it, and 44G does not reach it: it stays, read as it stands on
    the changed trick (in turn when its player won it, out of turn otherwise, for the rules
    of leads out of turn, 53A, 55A, 56, 57A)."""
    done, nxt = t.trick(task.trick), t.trick(task.trick + 1)
    if done is None or nxt is None or not nxt.plays:
        return t, (), ""
    winner = done.winner(t.trumps)
    leader, led = nxt.plays[0]
    if t.put_down_before(task.trick + 1, leader, led) is not None:
        t = t.with_lead_as_it_stands(task.trick + 1, leader, winner)
        if winner is leader:
            return t, (), ""
        won = f"{winner} now wins trick {task.trick}" if winner is not None else f"trick {task.trick} is not complete"
        return t, (), (f"; {leader}'s lead of {led}, put down before trick {task.trick} was complete, stays: {won}, so it "
                       "is a lead out of turn as it stands (not 44G)")
    if winner is None or nxt.plays[0][0] is winner:
        return t, (), ""
    infos = []
    for s, c in nxt.plays:
        infos.append(rs.withdrawn_info(s, c, task.corrector.side, t))
        t = t.replace_card(task.trick + 1, s, None)
    return t, tuple(infos), f"; {winner} now wins trick {task.trick}, so {nxt.plays[0][0]}'s lead goes back (44G)"


def corrected_explanation(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """47E2(a) (2017): the card may be taken back if no card has been played since, and not an
    opening lead once dummy has faced his cards; else 47E2(b)."""
    assert isinstance(task, CorrectedExplanation)
    return _corrected(rs, node, task, same_trick_only=False)


def corrected_explanation_2007(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """47E2(a) (2007): as 2017, but only a card played since *to that trick* makes it too late."""
    assert isinstance(task, CorrectedExplanation)
    return _corrected(rs, node, task, same_trick_only=True)


_CITES_E1 = ("47E1", "16C1", "16C2", "50E1", "50E2")
_CITES_E2 = ("47E2(a)", "47E2(b)", "16C1", "16C2", "50E1", "50E2", "44G")
RULES: tuple[Rule, ...] = (
    Rule("misinformed_play", MisinformedPlay, _CITES_E1, misinformed_play, misinformed_play.__doc__ or "",
         editions=frozenset({"2017"})),
    Rule("misinformed_play_2007", MisinformedPlay, _CITES_E1, misinformed_play_2007, misinformed_play_2007.__doc__ or "",
         editions=frozenset({"2007"})),
    Rule("corrected_explanation", CorrectedExplanation, _CITES_E2, corrected_explanation, corrected_explanation.__doc__ or "",
         editions=frozenset({"2017"})),
    Rule("corrected_explanation_2007", CorrectedExplanation, _CITES_E2, corrected_explanation_2007,
         corrected_explanation_2007.__doc__ or "", editions=frozenset({"2007"})),
)
OPENERS: tuple[tuple[str, object], ...] = (("misinformation", open_misinformation),)
OPENER_LINES = {"misinformation": (Misinformed, CorrectExplanation)}
