"""Dummy places a card declarer did not designate: Law 45D1 / 45D2 (2007: 45D).

The record: ``<declarer> calls <what>`` followed by ``<dummy> <card>``. When the card dummy
placed is not the card the call designates, dummy has misplayed (see
docs/dummy-misplay-rules.md):

* **in time** (45D1; 2007 45D): until each side has played to the next trick. Dummy's card
  goes back and the designated card is played (forced); the cards played after the error
  are then taken in playing order: each defender may withdraw his and substitute a lawful
  card (no penalty card), declarer may withdraw his card to the same trick only if his
  right-hand opponent changed, and a lead to the next trick may be retracted (forced when
  its leader no longer won the corrected trick, 44G). At most five cards come back:
  dummy's card, the three later cards of the trick and the lead to the next trick.
  The declaring side is the offending side for 16C.
* **too late** (2017 45D2): the card stands, play is not altered, and any failure to follow
  suit it created is a revoke, ruled by the revoke rules (Laws 61-64) after the 45D2 step.
  The 2007 Laws have no such clause: the rule is absent from the 2007 set, the cards stand
  and a revoke is ruled under 61-64 as usual.

The designated card comes from ONE function, :func:`_designated` (issue 3 part A's
``resolve_call``).
"""

from __future__ import annotations

from dataclasses import dataclass

from rulings.models.cards import Card, Seat
from rulings.models.case import Replay
from rulings.models.designation import resolve_call
from rulings.models.errors import RulingError
from rulings.models.events import Call, Play
from rulings.models.table import TableState
from rulings.solver.engine import Edge, Info, Node, Notice, Step, StepKind
from rulings.solver.lawful import lawful_cards
from rulings.solver.rulesets.base import Opening, Rule, RuleSet
from rulings.solver.rulesets.revoke import open_revoke

LaterPlay = tuple[int, Seat, Card]  # (trick number, seat, card) played after dummy's error


@dataclass(frozen=True, slots=True)
class Misplay:
    """Dummy placed ``wrong`` on trick ``trick`` where declarer had designated ``designated``."""

    call: Call
    placed: Play
    designated: Card
    wrong: Card
    trick: int
    dummy: Seat
    designated_follows: bool = True  # the designated card follows suit (44C) where dummy could

    def __str__(self) -> str:
        return (f"declarer called {self.designated} ('{self.call}') but dummy {self.dummy} placed {self.wrong} "
                f"on trick {self.trick}")


@dataclass(frozen=True, slots=True)
class ReplaceDummyCard:
    """45D1: dummy's card must be withdrawn and the designated card played."""

    misplay: Misplay
    later: tuple[LaterPlay, ...]


@dataclass(frozen=True, slots=True)
class MisplayCascade:
    """45D1: the cards played after the error, taken in playing order."""

    misplay: Misplay
    later: tuple[LaterPlay, ...]
    index: int = 0
    changed: tuple[Seat, ...] = ()  # seats that withdrew their card so far


@dataclass(frozen=True, slots=True)
class MisplayStands:
    """2017 45D2: too late to correct; the wrongly placed card stands."""

    misplay: Misplay


# ----- the designated card -----------------------------------------------------------------------
def _designated(table: TableState, call: Call) -> Card | None:
    """The card declarer's call designates, on ``table`` as it was at the call; None when
    no one card is designated (an option under Law 46: left to the designation rules).

    Law 46 is resolved by part A's :func:`rulings.models.designation.resolve_call`.
    """
    try:
        return resolve_call(table, call).deemed
    except RulingError:
        return None


# ----- opener ---------------------------------------------------------------------------------------
def _table_at(table: TableState, count: int) -> TableState:
    """The table with only the first ``count`` cards of the record standing as played."""
    start = TableState.start(
        table.deal,
        table.contract,
        table.declarer,
        first_trick=table.first_trick,
        leader=table.first_leader,
        won=table.won_before,
        penalty_cards=table.penalty_cards | table.played_penalty,
    )
    plays = [(s, c) for _, s, c in table.plays()]
    return start.play_many(plays[:count])


def find_misplays(replay: Replay) -> list[Misplay]:
    """Every call by declarer followed by dummy placing a card other than the one designated."""
    table = replay.table
    dummy = table.dummy
    before = replay.before
    counts = replay.applied_before
    found: list[Misplay] = []
    if len(counts) != len(before):
        return found
    all_plays = list(table.plays())
    for i, event in enumerate(before[:-1]):
        nxt = before[i + 1]
        if not (isinstance(event, Call) and event.seat is table.declarer and isinstance(nxt, Play) and nxt.seat is dummy):
            continue
        at = _table_at(table, counts[i])
        designated = _designated(at, event)
        if designated is None or designated == nxt.card:
            continue
        trick_no, _, card = all_plays[counts[i + 1]]
        assert card == nxt.card
        cur = at.current_trick
        led = cur.suit_led if cur is not None and not cur.is_complete else None
        follows = led is None or designated.suit is led or not any(c.suit is led for c in at.hand(dummy))
        found.append(Misplay(event, nxt, designated, nxt.card, trick_no, dummy, follows))
    return found


def _too_late(table: TableState, m: Misplay) -> bool:
    """W-next-both: each side has played to the trick after the misplayed one (45D1/45D2)."""
    nxt = table.trick(m.trick + 1)
    return nxt is not None and len({s.side for s, _ in nxt.plays}) == 2


def _later_plays(table: TableState, m: Misplay) -> tuple[LaterPlay, ...]:
    trick = table.trick(m.trick)
    assert trick is not None
    pos = trick.position_of(m.dummy)
    assert pos is not None
    later: list[LaterPlay] = [(trick.number, s, c) for s, c in trick.plays[pos + 1:]]
    nxt = table.trick(m.trick + 1)
    if nxt is not None:
        later.extend((nxt.number, s, c) for s, c in nxt.plays)
    return tuple(later)


def open_dummy_misplay(rs: RuleSet, replay: Replay, root: Node) -> Opening | None:
    """Find the last misplay by dummy; rule 45D1 if in time, else 45D2 and any revoke."""
    misplays = find_misplays(replay)
    if not misplays:
        return None
    m = misplays[-1]
    table = replay.table
    notices = tuple(Notice(x.placed.line, f"an earlier misplay by dummy ({x}) is not ruled") for x in misplays[:-1])
    handled: tuple[object, ...] = (m.call, m.placed)
    if not m.designated_follows:
        notices += (Notice(m.call.line, f"the designated {m.designated} does not follow suit: once played it is a "
                                        "revoke by dummy (61A), not ruled by the 45D rules"),)
    if not _too_late(table, m):
        later = _later_plays(table, m)
        back = ", ".join([f"dummy's {m.wrong}", *(f"{s} {c}" for _, s, c in later)])
        irregularity = (f"{m}: attention drawn before each side played to trick {m.trick + 1} ({rs.cite('45D1')}); "
                        f"{1 + len(later)} card(s) may come back (at most five): {back}")
        node = Node(table=table, agenda=(ReplaceDummyCard(m, later),), focus=m.trick)
        return Opening(node, (irregularity,), notices, handled)
    stands = MisplayStands(m)
    has_rule = rs.rule_for(stands) is not None
    irregularity = f"{m}: each side has played to trick {m.trick + 1}, too late to correct"
    agenda: tuple[object, ...] = (stands,) if has_rule else ()
    if not has_rule:
        notices += (Notice(m.placed.line, "this edition has no clause for a misplay noticed too late (2007 45D is "
                                          "silent): the cards stand and any revoke is ruled under Laws 61-64"),)
    revoke = open_revoke(rs, replay, root)
    if revoke is None:
        return Opening(Node(table=table, agenda=agenda, focus=m.trick), (irregularity,), notices, handled)
    r = revoke.root
    node = Node(r.table, agenda + r.agenda, r.ledger, r.findings, r.restrictions, r.established, r.focus)
    return Opening(node, (irregularity, *revoke.irregularities), notices + revoke.notices, handled + revoke.handled)


# ----- rules -------------------------------------------------------------------------------------------
def _child(node: Node, table: TableState, agenda: tuple[object, ...], infos: tuple[Info, ...] = ()) -> Node:
    return Node(table, agenda, node.ledger + infos, node.findings, node.restrictions, node.established, node.focus)


def replace_dummy_card(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """45D1 (2007 45D): dummy's card goes back and the designated card is played."""
    assert isinstance(task, ReplaceDummyCard)
    m = task.misplay
    table = node.table
    later = task.later
    text = ""
    if m.designated not in table.hand(m.dummy):
        # Dummy has since led the designated card to the next trick (only the declaring side
        # has played to it, so 45D1 still applies): that lead goes back first, since the card
        # is needed on the misplayed trick. Dummy's cards are faced: no 16C information.
        nxt = table.trick(m.trick + 1)
        assert nxt is not None and nxt.card_of(m.dummy) == m.designated
        for s, _ in nxt.plays:
            table = table.replace_card(nxt.number, s, None, restore_penalty=rs.decisions.withdrawn_penalty_card_stays_penalty)
        later = tuple(p for p in later if p[0] != nxt.number)
        text = f"dummy's lead of {m.designated} to trick {nxt.number} goes back; "
    table = table.replace_card(m.trick, m.dummy, m.designated)
    step = Step(
        "TD",
        StepKind.FORCED,
        rs.cite("45D1"),
        f"{text}dummy's {m.wrong} goes back to dummy and {m.designated}, the card declarer designated, is played; "
        "no penalty card (48A)",
        also=(rs.cite("48A"),),
        question=f"dummy placed {m.wrong}, declarer had designated {m.designated}",
        choice=f"{m.designated} played",
    )
    rest = node.agenda[1:]
    agenda = (MisplayCascade(m, later), *rest) if later else rest
    return [(step, _child(node, table, agenda))]


def _lawful_now(rs: RuleSet, table: TableState, trick_no: int, seat: Seat, card: Card) -> tuple[bool, tuple[Card, ...]]:
    """Is ``card`` (standing for ``seat`` on ``trick_no``) lawful to the corrected trick, and
    which other cards could he lawfully substitute (44C, 50C, 50D1)?"""
    trick = table.trick(trick_no)
    assert trick is not None
    pos = trick.position_of(seat)
    led = trick.suit_led if pos != 0 else None
    hand = frozenset(table.hand(seat) | {card})
    pens = table.penalty_cards_of(seat)
    ok = card in lawful_cards(hand, led, pens)
    return ok, lawful_cards(hand, led, pens, frozenset({card}))


def misplay_cascade(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """45D1: each defender may withdraw a card played after the error (no penalty card);
    declarer may withdraw his later card to the trick only if his RHO changed; a lead to the
    next trick may be retracted (44G: must be, when its leader no longer won the trick)."""
    assert isinstance(task, MisplayCascade)
    m = task.misplay
    table = node.table
    trick_no, seat, card = task.later[task.index]
    rest = node.agenda[1:]
    offending = table.declaring_side
    info = rs.withdrawn_info(seat, card, offending)
    actor = rs.actor(table, seat)
    d = rs.cite("45D1")
    trick = table.trick(trick_no)
    assert trick is not None and trick.card_of(seat) == card

    def advance(changed: bool, later: tuple[LaterPlay, ...] = task.later) -> tuple[object, ...]:
        nxt = task.index + 1
        if nxt >= len(later):
            return rest
        return (MisplayCascade(m, later, nxt, task.changed + ((seat,) if changed else ())), *rest)

    if trick_no != m.trick:
        return _next_trick(rs, node, task, actor, info)

    ok, subs = _lawful_now(rs, table, trick_no, seat, card)
    stays = rs.decisions.withdrawn_penalty_card_stays_penalty

    def change_edges(question: str, clause: str, also: tuple[str, ...], kind: StepKind) -> list[Edge]:
        out: list[Edge] = []
        for sub in subs:
            t2 = table.replace_card(trick_no, seat, sub, restore_penalty=stays)
            fate = "no penalty card" if table.is_defender(seat) else f"{card} goes back to his hand, no penalty card (48A)"
            step = Step(actor, kind, clause, f"{seat} withdraws {card} and plays {sub}; {fate}",
                        also=(*also, info.ai_clause, info.ui_clause), question=question, choice=f"change to {sub}")
            out.append((step, _child(node, t2, advance(True), (info,))))
        return out

    must_change = not ok and rs.decisions.misplay_unlawful_kept_card_must_change and bool(subs)
    if must_change:
        question = f"{seat}'s {card} no longer follows suit to the corrected trick: he must withdraw it and play a lawful card"
        return change_edges(question, rs.cite("44C"), (d,), StepKind.FORCED)

    keep_text = f"{seat} keeps {card}" + ("" if ok else " (it now fails to follow suit: a revoke, not ruled here)")
    if table.is_defender(seat):
        question = f"{seat} (defender) may withdraw {card}, played after dummy's error, and play another card (no penalty card)"
        keep = Step(actor, StepKind.OPTION, d, keep_text, question=question, choice="keep")
        return [(keep, _child(node, table, advance(False))), *change_edges(question, d, (), StepKind.OPTION)]

    rho = table.declarer.rho
    allowed = seat is table.declarer and rho in task.changed
    question = f"{seat} (declarer) may withdraw {card} only if his right-hand opponent {rho} changed his card"
    if not allowed:
        step = Step(actor, StepKind.FORCED, d, f"{seat} must leave {card}: {rho} did not change his card",
                    question=question, choice="must leave it")
        return [(step, _child(node, table, advance(False)))]
    keep = Step(actor, StepKind.OPTION, d, keep_text, question=question, choice="keep")
    return [(keep, _child(node, table, advance(False))), *change_edges(question, d, (), StepKind.OPTION)]


def _next_trick(rs: RuleSet, node: Node, task: MisplayCascade, actor: str, info: Info) -> list[Edge]:
    """The lead to the trick after the misplayed one (45D1 commentary; 44G)."""
    m = task.misplay
    table = node.table
    trick_no, seat, card = task.later[task.index]
    trick = table.trick(trick_no)
    assert trick is not None
    corrected = table.trick(m.trick)
    assert corrected is not None
    winner = corrected.winner(table.trumps)
    offending = table.declaring_side
    rest = node.agenda[1:]

    def retract() -> Node:
        t = table
        infos: list[Info] = []
        for s, c in trick.plays:
            t = t.replace_card(trick_no, s, None, restore_penalty=rs.decisions.withdrawn_penalty_card_stays_penalty)
            if s is not table.dummy:  # dummy's cards are faced: nothing to learn (16C)
                infos.append(rs.withdrawn_info(s, c, offending))
        return _child(node, t, rest, tuple(infos))

    question = f"{seat}'s lead of {card} to trick {trick_no}, made after dummy's error"
    if winner is not None and winner is not seat:
        step = Step("TD", StepKind.FORCED, rs.cite("44G"),
                    f"{seat}'s lead of {card} is withdrawn: {winner} won the corrected trick {m.trick} and leads",
                    also=(rs.cite("45D1"), info.ai_clause, info.ui_clause), question=question, choice="withdrawn")
        return [(step, retract())]
    may = table.is_defender(seat) or rs.decisions.misplay_declaring_side_may_retract_next_lead
    if not may:
        step = Step(actor, StepKind.FORCED, rs.cite("45D1"), f"{seat}'s lead of {card} stands",
                    question=question, choice="stands")
        return [(step, _child(node, table, rest))]
    d = rs.cite("45D1")
    return [
        (Step(actor, StepKind.OPTION, d, f"{seat} keeps his lead of {card}", question=question, choice="keep"),
         _child(node, table, rest)),
        (Step(actor, StepKind.OPTION, d, f"{seat} withdraws his lead of {card} and will lead again; no penalty card",
              also=(info.ai_clause, info.ui_clause), question=question, choice="withdraw"), retract()),
    ]


def misplay_stands(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """2017 45D2: too late; the card stands and play is not altered; a failure to follow suit
    it created is a revoke (64A, 64B3, 64B7, 64C1)."""
    assert isinstance(task, MisplayStands)
    m = task.misplay
    step = Step(
        "TD",
        StepKind.FORCED,
        rs.cite("45D2"),
        f"too late to correct: dummy's {m.wrong} stands as played to trick {m.trick} and play is not altered; "
        "a failure to follow suit it created is a revoke",
        question=f"dummy placed {m.wrong}, declarer had designated {m.designated}",
        choice="card stands",
    )
    return [(step, _child(node, node.table, node.agenda[1:]))]


RULES: tuple[Rule, ...] = (
    Rule("replace_dummy_card", ReplaceDummyCard, ("45D1", "48A"), replace_dummy_card, replace_dummy_card.__doc__ or ""),
    Rule("misplay_cascade", MisplayCascade, ("45D1", "44C", "44G", "16C1", "16C2"), misplay_cascade,
         misplay_cascade.__doc__ or ""),
    Rule("misplay_stands", MisplayStands, ("45D2",), misplay_stands, misplay_stands.__doc__ or "",
         editions=frozenset({"2017"})),
)
OPENERS: tuple[tuple[str, object], ...] = (("dummy_misplay", open_dummy_misplay),)
