"""A defective trick with a card omitted: Law 67A1 and 67B1. See docs/defective-trick-rules.md.

The record says ``<seat> omits`` at the seat's turn in the trick in progress: he played no
card, and the trick was quitted with the three others (``TableState.omit``: the trick is
complete at three cards and won by them; the next card leads the next trick). Two windows:

* **67A1**, attention drawn before a player of each side has played to the next trick: the
  offender supplies a card he can lawfully play to the trick (44C; each lawful card a
  restoration). The card is played to the trick, which is then won as any trick of four
  cards is (44E/44F): 67B1 says its card does not change who won the trick, 67A1 says no
  such thing (docs/decisions.md). A lead to the next trick by a player who, the trick
  completed, no longer won it goes back (44G), its information under 16C (the offender's
  side offended). No penalty.
* **67B1**, attention drawn after both sides have played to the next trick: the offender
  faces a card and places it among his played cards on the defective trick: a card of the
  suit led to it if he holds one now (67B1(a)), any card otherwise (67B1(b)); the trick's
  winner does not change, and he is deemed to have revoked on it (``Revoke.deemed``): Law
  64 counts it after play (64A2, one trick; its 64B exceptions as for any revoke). The
  card he places leaves his hand from now on; the tricks played since stand as played.
  The card is placed among played cards, not withdrawn: no 16C information.

One law family: it imports no other rule module.
"""

from __future__ import annotations

from rulings.models.cards import Card, Seat, Side, Suit
from rulings.models.case import Replay
from rulings.models.dataclass import dataclass
from rulings.models.errors import IllegalActionError
from rulings.models.events import Omit
from rulings.models.table import Revoke, TableState
from rulings.solver.engine import Edge, Info, Node, Step, StepKind, with_entries
from rulings.solver.lawful import lawful_cards
from rulings.solver.rulesets.base import Opening, Rule, RuleSet


@dataclass(frozen=True, slots=True)
class DefectiveTrick:
    """``seat`` played no card to trick ``trick`` (led in ``suit_led``); ``late``: attention
    came after both sides had played to the next trick (67B), else 67A."""

    trick: int
    seat: Seat
    suit_led: Suit
    late: bool
    #: the record's ``omits`` line of it (an error the ruling meets there is located at it)
    line: int | None = None


def open_defective(rs: RuleSet, replay: Replay, root: Node) -> Opening | None:
    """Every defective trick of the record not yet ruled (an ``omits`` line), in trick order."""
    omits = [e for e in replay.before if isinstance(e, Omit)]
    if not omits:
        return None
    table = replay.table
    tasks: list[DefectiveTrick] = []
    said: list[str] = []
    used: set[int | None] = set()  # (the ``omits`` lines matched to a defective trick)
    for number, seat, card in table.omissions:
        trick = table.trick(number)
        if card is not None or trick is None or trick.suit_led is None:
            continue  # (ruled already: placed under 67B1 in an earlier part of the record)
        late = all(replay.played_to(number + 1, side) for side in (Side.NS, Side.EW))
        line = next((e.line for e in omits if e.seat is seat and e.line not in used), None)
        used.add(line)
        tasks.append(DefectiveTrick(number, seat, trick.suit_led, late, line))
        when = ("after both sides played to the next trick (67B)" if late
                else "before a player of each side played to the next trick (67A)")
        said.append(f"{seat} played no card to trick {number}, quitted with three cards; attention drawn {when}")
    if not tasks:
        return None
    return Opening(Node(table, tuple(tasks), focus=tasks[0].trick), tuple(said), (), tuple(omits))


def _at_line(err: IllegalActionError, task: DefectiveTrick) -> IllegalActionError:
    """``err`` (the table refusing the card of a defective trick: a record whose cards no
    longer leave that trick defective) located at the trick's ``omits`` line."""
    if err.line is None:
        err.line = task.line
        err.token = err.token or "omits"
    return err


def _question(task: DefectiveTrick) -> str:
    return f"{task.seat} played no card to trick {task.trick}: which card?"


def supply_card(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """67A1: the offender supplies a card he can lawfully play to the defective trick (44C:
    a card of the suit led when he holds one); the trick is won by its four cards (44E/44F),
    and a lead to the next trick by a player who no longer won it goes back (44G, 16C)."""
    assert isinstance(task, DefectiveTrick)
    table = node.table
    trick = table.trick(task.trick)
    assert trick is not None
    before = trick.winner(table.trumps)
    cards = lawful_cards(table.hand(task.seat), task.suit_led, table.penalty_cards_of(task.seat))
    actor = rs.actor(table, task.seat)
    kind = StepKind.OPTION if len(cards) > 1 else StepKind.FORCED
    edges: list[Edge] = []
    for card in cards:
        try:
            t = table.supply_omitted(task.trick, task.seat, card)
        except IllegalActionError as err:
            raise _at_line(err, task) from None
        t = _penalty_card_played(t, task.seat, card)
        winner = t.trick(task.trick).winner(t.trumps)  # type: ignore[union-attr]  # (the trick stands)
        text = f"{task.seat} plays {card} to trick {task.trick}"
        infos: tuple[Info, ...] = ()
        also: tuple[str, ...] = ()
        nxt = t.trick(task.trick + 1)
        if winner is not before:
            text += f"; {winner} now wins it, not {before}"
            if nxt is not None and nxt.plays:
                back = list(nxt.plays)
                infos = tuple(rs.withdrawn_info(s, c, task.seat.side, t) for s, c in back)
                for s, c in reversed(back):
                    t = t.replace_card(task.trick + 1, s, None, card=c)
                text += f", so {', '.join(f'{s} {c}' for s, c in back)} to trick {task.trick + 1} goes back ({winner} leads)"
                also = (rs.cite("44G"), infos[0].ai_clause, infos[0].ui_clause)
        else:
            text += f"; {winner} still wins it"
        step = Step(actor, kind, rs.cite("67A1"), text, also=also, question=_question(task), choice=str(card))
        edges.append((step, node.evolve(table=t, agenda=node.agenda[1:], ledger=with_entries(node.ledger, infos), focus=task.trick)))
    if not edges:
        step = Step("TD", StepKind.FORCED, rs.cite("67A1"), f"{task.seat} holds no card to supply to trick {task.trick}",
                    question=_question(task), choice="no card")
        edges.append((step, node.evolve(agenda=node.agenda[1:], focus=task.trick)))
    return edges


def place_card(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """67B1: the offender faces a card and places it among his played cards on the defective
    trick, a card of the suit led when he holds one (67B1(a)), else any card (67B1(b)); who won
    the trick does not change, and he is deemed to have revoked on it: one trick is
    transferred under 64A2 after play (Law 64 counts it, with its exceptions)."""
    assert isinstance(task, DefectiveTrick)
    table = node.table
    trick = table.trick(task.trick)
    assert trick is not None
    winner = trick.winner(table.trumps)
    hand = table.hand(task.seat)
    same = sorted(c for c in hand if c.suit is task.suit_led)
    clause = rs.cite("67B1(a)") if same else rs.cite("67B1(b)")
    cards = same or sorted(hand)
    actor = rs.actor(table, task.seat)
    kind = StepKind.OPTION if len(cards) > 1 else StepKind.FORCED
    why = f"he holds {task.suit_led.plural}" if same else f"he holds no {task.suit_led.plural}"
    edges: list[Edge] = []
    for card in cards:
        try:
            t = table.place_omitted(task.trick, task.seat, card)
        except IllegalActionError as err:
            raise _at_line(err, task) from None
        t = _penalty_card_played(t, task.seat, card).with_revoke(Revoke(task.seat, task.trick, card, task.suit_led, deemed=True))
        text = (f"{task.seat} faces {card} and places it among his played cards on trick {task.trick} ({why}); "
                f"{winner} still wins trick {task.trick}; {task.seat} is deemed to have revoked on it: Law 64 counts it "
                "when play ends (one trick under 64A2, unless a 64B exception applies)")
        # (the transfer is Law 64's to count after play, citing 64A2, or the 64B exception that applies)
        step = Step(actor, kind, clause, text, question=_question(task), choice=str(card))
        edges.append((step, node.evolve(table=t, agenda=node.agenda[1:], established=True, focus=task.trick)))
    if not edges:
        step = Step("TD", StepKind.FORCED, clause, f"{task.seat} holds no card to place on trick {task.trick}",
                    question=_question(task), choice="no card")
        edges.append((step, node.evolve(agenda=node.agenda[1:], focus=task.trick)))
    return edges


def defective_trick(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """67A1 before a player of each side has played to the next trick, 67B1 after."""
    assert isinstance(task, DefectiveTrick)
    return place_card(rs, node, task) if task.late else supply_card(rs, node, task)


def _penalty_card_played(table: TableState, seat: Seat, card: Card) -> TableState:
    """A penalty card of the offender's that he supplies or places is played (50: it leaves
    the table as a penalty card)."""
    pc = next((p for p in table.penalty_cards if p.seat is seat and p.card == card), None)
    if pc is None:
        return table
    return table.with_penalty_cards(table.penalty_cards - {pc})._evolve(played_penalty=table.played_penalty | {pc})


RULES: tuple[Rule, ...] = (
    Rule("defective_trick", DefectiveTrick, ("67A1", "67B1(a)", "67B1(b)", "64A2", "44G", "16C1", "16C2", "50E1", "50E2"),
         defective_trick, defective_trick.__doc__ or ""),
)
OPENERS: tuple[tuple[str, object], ...] = (("defective", open_defective),)
OPENER_LINES = {"defective": (Omit,)}
