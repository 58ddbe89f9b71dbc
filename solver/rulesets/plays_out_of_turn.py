"""Plays and leads out of turn beyond the main cases of Laws 53-57 (docs/leads-rules.md):
a 2007 play at the right-hand opponent's turn, dummy's picking or suggesting a card (45F,
57C2), a defender's card after a refused lead from the wrong hand (60B), face-down opening
leads (54).

* **2007, a defender plays at his right-hand opponent's turn** (his partner having played):
  2007 has no 57D and 57A needs the partner not to have played, so the card is a card
  exposed prematurely (not led): a penalty card under 2007 Law 50 (intro) and 49, major as a
  deliberate play (50B; ``Decisions.rho_turn_play_2007_is_deliberate``). Being major it must
  be played at the first lawful opportunity (50D1(a)), i.e. at his turn to this trick when
  it is lawful there. A rule for the task :class:`~rulings.solver.rulesets.leads.PlayAtRhoTurn`
  in the 2007 rule set only (2017 rules it under 57D).
* **57C2 (2007 57C1)**: a defender's premature play (57A) gets no rectification when dummy,
  of his own accord, picked out a card before his right-hand opponent played, or illegally
  suggested one (``<dummy> picks|suggests <card>``); 45F: play goes on, dummy's card is not
  played unless declarer designates it, the director may adjust the score at the end.
* **60B**: a defender plays after declarer was told to take back his lead out of turn (55A
  refused) and before declarer led from the correct hand: the defender's card becomes a
  major penalty card. It may look like a revoke to the table: the opening claims the card, so
  the revoke rules do not rule it too.
* **54 (intro)**: the correct opening leader led face down after his partner's faced opening
  lead out of turn: the face-down card is taken back (no penalty card), then 54's options.
  A face-down opening lead out of turn (no card faced): the card goes back to the hand with
  no rectification (``Decisions.face_down_lead_out_of_turn_returned``; else ruled as a
  faced one under 54).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rulings.models.cards import Card, Seat
from rulings.models.case import Replay
from rulings.models.errors import IllegalActionError
from rulings.models.events import Choice, DummyAction, FaceDownLead
from rulings.models.table import PenaltyKind, TableState
from rulings.solver.engine import Edge, Node, Step, StepKind, played
from rulings.solver.rulesets import leads, penalty
from rulings.solver.rulesets.base import Opening, Rule, RuleSet
from rulings.solver.rulesets.penalty import pc_info


# ----- tasks ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DummyPickedFirst:
    """57C2 (2007 57C1): a defender played prematurely after dummy, of his own accord,
    picked out or suggested a card before dummy's right-hand opponent had played."""

    trick: int
    offender: Seat
    card: Card
    dummy: Seat
    dummy_card: Card
    verb: str  # "picks" or "suggests"


@dataclass(frozen=True, slots=True)
class DummyIndicated:
    """45F: dummy picked out or suggested a card of his own accord, and nothing else in the
    record is to be ruled: play goes on, the card is not played, the score may be adjusted."""

    dummy: Seat
    card: Card
    verb: str


@dataclass(frozen=True, slots=True)
class PlayAfterRetraction:
    """60B: declarer's lead out of turn (wrong hand) was refused (55A, 55B2); before he led
    from the correct hand a defender played ``cards`` to the trick."""

    trick: int
    offender: Seat
    lead: Card
    proper: Seat
    decider: Seat  # the defender whose refusal prevailed
    cards: tuple[tuple[Seat, Card], ...]


@dataclass(frozen=True, slots=True)
class FaceDownRetracted:
    """54 (intro): the correct leader's face-down lead after his partner's faced opening lead
    out of turn is taken back, no penalty card."""

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class FaceDownLeadOutOfTurn:
    """A face-down opening lead out of turn (no card faced): 54 applies to a faced lead only."""

    seat: Seat
    card: Card
    proper: Seat
    choices: tuple[Choice, ...] = ()


# ----- helpers ----------------------------------------------------------------------------------
def _cards_before(replay: Replay, event: object) -> int | None:
    """How many cards stood as played just before ``event`` (matched by identity)."""
    for i, e in enumerate(replay.before):
        if e is event:
            return replay.applied_before[i] if i < len(replay.applied_before) else None
    return None


def _choices(replay: Replay) -> tuple[Choice, ...]:
    return tuple(e for e in (*replay.unapplied, *replay.after) if isinstance(e, Choice))


def _state_after(table: TableState, n: int) -> TableState:
    """The table when the first ``n`` cards of the record stood (no rectification yet)."""
    plays = list(table.plays())[:n]
    return table.restart().play_many([(s, c) for _, s, c in plays]) if plays else table.restart()


# ----- opener -----------------------------------------------------------------------------------
def open_plays_out_of_turn(rs: RuleSet, replay: Replay, root: Node) -> Opening | None:
    """The irregularities of this module, each tried in turn (see the module doc).
    Raises IllegalActionError (located at the line) for a face-down or dummy line naming a
    card the seat does not hold at that moment."""
    for e in replay.before:
        if isinstance(e, (FaceDownLead, DummyAction)):
            at = _cards_before(replay, e)
            state = _state_after(replay.table, at) if at is not None else replay.table
            if e.card not in state.hand(e.seat):
                raise IllegalActionError(f"card {str(e.card)!r} is not in {e.seat}'s hand (play line {str(e)!r})",
                                         line=e.line, token=str(e.card))
    for finder in (play_after_retraction_opening, _face_down, _dummy_picked_first, _dummy_indicated):
        found = finder(rs, replay, root)
        if found is not None:
            return found
    return None


def _face_down(rs: RuleSet, replay: Replay, root: Node) -> Opening | None:
    table = replay.table
    downs = [e for e in replay.before if isinstance(e, FaceDownLead)]
    if not downs or table.first_trick != 1:
        return None
    event = downs[0]
    proper = table.first_leader
    first = table.trick(1)
    if event.seat is proper and first is not None and first.plays:
        offender, card = first.plays[0]
        if offender is proper.partner and table.is_defender(offender):
            # 54 (intro): the face-down lead is taken back; 54's options follow.
            opening = leads.open_leads(rs, replay, root)
            if opening is None:
                return None
            node = replace(opening.root, agenda=(FaceDownRetracted(event.seat, event.card), *opening.root.agenda))
            text = f"{event.seat}, the correct leader, led {event.card} face down after {offender}'s faced lead of {card}"
            return Opening(node, (*opening.irregularities, text), opening.notices, (*opening.handled, event))
        return None
    returned = rs.decisions.face_down_lead_out_of_turn_returned
    nothing_faced = first is None or not first.plays
    proper_lead_next = first is not None and bool(first.plays) and first.plays[0][0] is proper and not table.out_of_turn
    if event.seat is not proper and table.is_defender(event.seat) and (nothing_faced or (returned and proper_lead_next)):
        task = FaceDownLeadOutOfTurn(event.seat, event.card, proper, _choices(replay))
        text = f"{event.seat} led {event.card} face down to trick 1 when {proper} was to lead"
        faced = not rs.decisions.face_down_lead_out_of_turn_returned  # then 54's choice lines are read too
        handled = (event, *(leads._consumed(table.play(event.seat, event.card), _as_lead(task), task.choices) if faced else ()))
        return Opening(Node(table, (task,), focus=1), (text,), (), handled)
    return None


def _as_lead(task: FaceDownLeadOutOfTurn) -> leads.LeadOutOfTurn:
    return leads.LeadOutOfTurn(1, task.seat, task.card, task.proper, task.choices)


def play_after_retraction_opening(rs: RuleSet, replay: Replay, root: Node) -> Opening | None:
    """60B: see :class:`PlayAfterRetraction`. The defender's card may look like a revoke to
    the table: the opening claims it (a :func:`played` key), so it is ruled here, not as one."""
    table = replay.table
    if not table.out_of_turn:
        return None
    number, offender = table.out_of_turn[0]
    trick = table.trick(number)
    if trick is None or trick.plays[0][0] is not offender or table.is_defender(offender):
        return None
    proper = leads.expected_leader(table, number)
    if table.is_defender(proper) or (number == 1 and table.first_trick == 1):
        return None
    plays = list(table.plays())
    lead_at = next(i for i, (n, s, _) in enumerate(plays) if n == number and s is offender)
    said: dict[Seat, tuple[Choice, int]] = {}
    for e in replay.before:
        if isinstance(e, Choice) and e.verb in ("accepts", "refuses") and table.is_defender(e.seat) and e.seat not in said:
            at = _cards_before(replay, e)
            if at is not None and at > lead_at:
                said[e.seat] = (e, at)
    if not said:
        return None
    first = offender.lho
    decider = first if first in said else next(iter(said))
    choice, at = said[decider]
    if choice.verb != "refuses":
        return None
    later = [(s, c) for i, (n, s, c) in enumerate(plays) if n == number and i >= at]
    if not later or any(not table.is_defender(s) for s, _ in later):
        return None
    task = PlayAfterRetraction(number, offender, trick.plays[0][1], proper, decider, tuple(later))
    text = (f"{offender} led {task.lead} to trick {number} from the wrong hand ({proper} was to lead); {decider} required "
            f"its retraction, then " + ", ".join(f"{s} played {c}" for s, c in later) + " before declarer led again (60B)")
    handled: list[object] = [(number, offender), *((number, s) for s, _ in later), *(c for c, _ in said.values()),
                             *(played(number, s, c) for s, c in later)]
    return Opening(Node(table, (task,), focus=number), (text,), (), tuple(handled))


def _dummy_picked_first(rs: RuleSet, replay: Replay, root: Node) -> Opening | None:
    """57C2: see :class:`DummyPickedFirst`."""
    table = replay.table
    if not table.out_of_turn:
        return None
    number, seat = table.out_of_turn[0]
    trick = table.trick(number)
    if trick is None or trick.plays[0][0] is seat:
        return None
    found = leads._classify_play(rs, table, trick, seat, _choices(replay))
    if found is None or not isinstance(found[0], leads.PrematurePlay) or found[0].next_trick_lead:
        return None
    premature = found[0]
    plays = list(table.plays())
    card_at = next(i for i, (n, s, c) in enumerate(plays) if n == number and s is seat and c == premature.card)
    for e in replay.before:
        if not isinstance(e, DummyAction) or e.seat is not table.dummy:
            continue
        at = _cards_before(replay, e)
        if at is None or at > card_at:
            continue
        state = _state_after(table, at)
        cur = state.current_trick
        now = cur.number if cur is not None and not cur.is_complete else (cur.number + 1 if cur is not None else state.first_trick)
        if now != number or (cur is not None and cur.number == number and cur.card_of(e.seat.rho) is not None):
            continue
        task = DummyPickedFirst(number, seat, premature.card, e.seat, e.card, e.verb)
        what = "picked out" if e.verb == "picks" else "suggested"
        text = (f"dummy ({e.seat}) {what} {e.card} of his own accord before {e.seat.rho} played; then {found[1]}")
        return Opening(Node(table, (task,), focus=number), (text,), (), (e, (number, seat)))
    return None


def _dummy_indicated(rs: RuleSet, replay: Replay, root: Node) -> Opening | None:
    """45F alone: a dummy line, nothing played out of turn, no penalty card to rule on (the
    penalty rules run later and would find nothing, so this does not take their place)."""
    table = replay.table
    events = [e for e in replay.before if isinstance(e, DummyAction) and e.seat is table.dummy]
    if not events or table.out_of_turn or table.revokes or penalty.open_penalty(rs, replay, root) is not None:
        return None
    e = events[0]
    what = "picked out" if e.verb == "picks" else "suggested"
    cur = table.current_trick
    focus = cur.number if cur is not None else table.first_trick
    return Opening(Node(table, (DummyIndicated(e.seat, e.card, e.verb),), focus=focus),
                   (f"dummy ({e.seat}) {what} {e.card} without declarer's designation (45F)",), (), (e,))


# ----- rules ------------------------------------------------------------------------------------
def play_at_rho_turn_2007(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """2007 (no 57D): a defender's card played at his right-hand opponent's turn, his partner
    having played, is exposed prematurely: a penalty card (50, 49), major as a deliberate play
    (50B), to be played at the first lawful opportunity (50D1(a))."""
    assert isinstance(task, leads.PlayAtRhoTurn)
    table = node.table
    deliberate = rs.decisions.rho_turn_play_2007_is_deliberate
    kind = PenaltyKind.MAJOR if deliberate or task.card.is_honour else PenaltyKind.MINOR
    t = table.replace_card(task.trick, task.offender, None, restore_penalty=rs.decisions.withdrawn_penalty_card_stays_penalty)
    t = t.with_penalty(task.offender, task.card, kind)
    info = pc_info(rs, t, task.offender, task.card)
    now = next((str(p.kind) for p in t.penalty_cards_of(task.offender) if p.card == task.card), str(kind))
    duty = ("it must be played at his first lawful opportunity (50D1(a)), at his turn to this trick if lawful there"
            if now == "major" else "no other card of its suit below honour rank before it (50C)")
    step = Step("TD", StepKind.FORCED, rs.cite("50"),
                f"{task.card}, played before its turn after {task.offender.partner} had played, is a {now} penalty card (49); {duty}",
                also=(rs.cite("49"), rs.cite("50B"), rs.cite("50D1(a)") if now == "major" else rs.cite("50C"), info.ai_clause,
                      info.ui_clause),
                question=f"{task.offender} played {task.card} at his right-hand opponent's turn", choice=f"{now} penalty card")
    child = leads._child(node, t, node.agenda[1:], ledger=(info,))
    return [(step, leads._after_penalty_card(rs, child, task.offender, task.card))]


def dummy_picked_first(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """57C2 (2007 57C1), 45F: no rectification of the premature play; dummy's card is not
    played until declarer designates it; the score may be adjusted at the end."""
    assert isinstance(task, DummyPickedFirst)
    what = "picked out" if task.verb == "picks" else "suggested"
    step = Step("TD", StepKind.FORCED, rs.cite("57C2"),
                f"dummy {what} {task.dummy_card} of his own accord before {task.dummy.rho} played: no rectification, "
                f"{task.offender}'s {task.card} stands as played; {task.dummy_card} is played only if declarer designates it, "
                "and the director may adjust the score at the end if dummy's suggestion damaged the defenders (45F)",
                also=(rs.cite("45F"),), question=f"{task.offender} played {task.card} before his partner {task.offender.partner}",
                choice="no rectification")
    return [(step, leads._child(node, node.table, node.agenda[1:]))]


def dummy_indicated(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """45F: the director is called at once and play goes on; dummy's card is played only if
    declarer designates it (45B); at the end of play the director may adjust the score if
    dummy suggested a play and the defenders were damaged."""
    assert isinstance(task, DummyIndicated)
    what = "picked out" if task.verb == "picks" else "suggested"
    step = Step("TD", StepKind.FORCED, rs.cite("45F"),
                f"dummy {what} {task.card} without declarer's instruction: play goes on, {task.card} is played only if declarer "
                "designates it; at the end of play the director may adjust the score if dummy suggested a play that damaged "
                "the defenders", question="dummy indicated a card", choice="play goes on")
    return [(step, leads._child(node, node.table, node.agenda[1:]))]


def play_after_retraction(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """55A/55B2 then 60B: the lead goes back (no penalty card, 48A); each defender's card
    played before declarer led from the correct hand becomes a major penalty card."""
    assert isinstance(task, PlayAfterRetraction)
    table = node.table
    t = table.replace_card(task.trick, task.offender, None)
    infos = [rs.withdrawn_info(task.offender, task.lead, task.offender.side)]
    back = Step(str(task.decider), StepKind.FORCED, rs.cite("55A"),
                f"{task.decider} required retraction: {task.lead} goes back to {task.offender}, no penalty card (48A); "
                f"{task.proper} leads from the correct hand, any card",
                also=(rs.cite("55B2"), rs.cite("48A"), infos[0].ai_clause, infos[0].ui_clause),
                question=f"{task.offender} led {task.lead} out of turn", choice="refuse")
    for s, c in task.cards:
        t = t.replace_card(task.trick, s, None, restore_penalty=rs.decisions.withdrawn_penalty_card_stays_penalty)
        t = t.with_penalty(s, c, PenaltyKind.MAJOR)
    for s, c in task.cards:
        infos.append(pc_info(rs, t, s, c))
    names = ", ".join(f"{s}'s {c}" for s, c in task.cards)
    step = Step("TD", StepKind.FORCED, rs.cite("60B"),
                f"{back.text}. {names} played before declarer's lead from the correct hand: "
                f"major penalty card{'s' if len(task.cards) > 1 else ''}",
                also=(*back.clauses, rs.cite("50B"), rs.cite("50E1"), rs.cite("50E2")),
                question=f"{task.offender} led {task.lead} out of turn; retraction required, then a defender played",
                choice="major penalty card")
    child = leads._child(node, t, node.agenda[1:], ledger=tuple(infos))
    return [(step, child)]


def face_down_retracted(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """54 (intro): the correct leader's face-down lead is taken back; no penalty card."""
    assert isinstance(task, FaceDownRetracted)
    step = Step("TD", StepKind.FORCED, rs.cite("54"),
                f"{task.seat}'s face-down lead of {task.card} is taken back to his hand, no penalty card; declarer chooses under 54",
                question=f"{task.seat} led face down after his partner's faced opening lead out of turn", choice="face-down lead retracted")
    return [(step, leads._child(node, node.table, node.agenda[1:]))]


def face_down_lead_out_of_turn(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """A face-down opening lead out of turn: 54 applies only to a faced lead and the card's
    face was not seen (49), so it goes back to the hand with no rectification and the correct
    leader leads (``Decisions.face_down_lead_out_of_turn_returned``; False: ruled as faced, 54)."""
    assert isinstance(task, FaceDownLeadOutOfTurn)
    question = f"{task.seat} led {task.card} face down out of turn"
    if rs.decisions.face_down_lead_out_of_turn_returned:
        step = Step("TD", StepKind.FORCED, rs.cite("54"),
                    f"{task.card} was not faced: it goes back to {task.seat}'s hand, no penalty card (49: its face was not "
                    f"seen); {task.proper} leads", also=(rs.cite("49"),), question=question, choice="returned")
        return [(step, leads._child(node, node.table, node.agenda[1:]))]
    t = node.table.play(task.seat, task.card)
    step = Step("TD", StepKind.FORCED, rs.cite("54"), f"{task.card} is ruled as a faced opening lead out of turn (54)",
                question=question, choice="ruled as faced")
    return [(step, leads._child(node, t, (_as_lead(task), *node.agenda[1:])))]


RULES: tuple[Rule, ...] = (
    Rule("play_at_rho_turn_2007", leads.PlayAtRhoTurn, ("50", "49", "50B", "50C", "50D1(a)", "50E1", "50E2"),
         play_at_rho_turn_2007, play_at_rho_turn_2007.__doc__ or "", editions=frozenset({"2007"})),
    Rule("dummy_picked_first", DummyPickedFirst, ("57C2", "45F"), dummy_picked_first, dummy_picked_first.__doc__ or ""),
    Rule("dummy_indicated", DummyIndicated, ("45F",), dummy_indicated, dummy_indicated.__doc__ or ""),
    Rule("play_after_retraction", PlayAfterRetraction, ("55A", "55B2", "48A", "60B", "50B", "50E1", "50E2", "16C1", "16C2"),
         play_after_retraction, play_after_retraction.__doc__ or ""),
    Rule("face_down_retracted", FaceDownRetracted, ("54",), face_down_retracted, face_down_retracted.__doc__ or ""),
    Rule("face_down_lead_out_of_turn", FaceDownLeadOutOfTurn, ("54", "49"), face_down_lead_out_of_turn,
         face_down_lead_out_of_turn.__doc__ or ""),
)
OPENERS: tuple[tuple[str, object], ...] = (("plays_out_of_turn", open_plays_out_of_turn),)

__all__ = ["DummyIndicated", "DummyPickedFirst", "FaceDownLeadOutOfTurn", "FaceDownRetracted", "PlayAfterRetraction"]
