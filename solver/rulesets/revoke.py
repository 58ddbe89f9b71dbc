"""Revokes: Laws 61A (what a revoke is), 62 (correction), 63 (establishment), with 47D as
the principle behind the cascade and 16C for the information. See docs/revoke-rules.md.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulings.models.cards import SUIT_CARDS, Card, Seat, Suit
from rulings.models.case import Replay
from rulings.models.dataclass import dataclass
from rulings.models.events import Choice, Chooses, FifthCard, Play
from rulings.models.table import LeadRule, PenaltyCard, PenaltyKind, PlayRule, Revoke, TableState, Trick
from rulings.solver.engine import (
    CorrectionMade,
    Edge,
    Info,
    Node,
    Notice,
    Step,
    StepKind,
    Substitutions,
    classes_where,
    info_clauses,
    played,
    with_entries,
)
from rulings.solver.establishment import (
    claim_agreement,
    establishes_own_revoke,
    establishing_play_of,
    hands_back_in_board,
    is_final_trick_revoke,
    not_establishing,
    standing_revokes,
    still_a_revoke,
    unestablished_reason,
)
from rulings.solver.lawful import (
    forbidden_suits,
    lawful_cards_uncached,
    lawful_substitutes,
    lawful_under_play_rule,
    penalty_card_designation,
)
from rulings.solver.obligations import (
    LaterPlay,
    failures,
    lead_choice_lines,
    lead_rule_args,
    no_penalty_card,
    plays_after,
    refusal_cards,
    to_lead,
)
from rulings.solver.rulesets.base import Opening, Rule, RuleSet, may_wait_for_a_correction
from rulings.solver.tasks import CorrectRevoke, ReportEstablished


@dataclass(unsafe_hash=True, slots=True)
class CorrectBothRevokes:
    """62C3 (2017): both sides revoked on one trick and only one side has played to the next
    trick: both revokes are corrected (no transfer, 64B8). ``first`` and ``second`` in playing
    order; ``later``: the cards played after ``second``, the next trick's included (its
    cascade)."""

    first: Revoke
    second: Revoke
    later: tuple[LaterPlay, ...]
    #: the record's own lead that ends it (trick, seat, card), a defender's alone on its trick,
    #: the record saying no choice of declarer's at a lead (``_record_ends_with_a_lead``)
    last_lead: tuple[int, Seat, Card] | None = None
    #: the other revokes on the same trick (a third player's), in playing order: corrected with
    #: the two before any player's option over the cards played after them (62C1, 62C2), which
    #: is taken on the trick as every correction leaves it (who won it, 44G)
    others: tuple[Revoke, ...] = ()


@dataclass(unsafe_hash=True, slots=True)
class RevokeCascade:
    """62C1/62C2 (47D): the cards played after the revoke, taken in playing order."""

    revoke: Revoke
    later: tuple[LaterPlay, ...]
    index: int = 0
    previous_nos_changed: bool = False  # the NOS player just before withdrew
    any_nos_changed: bool = False
    #: 62C3: the revoke is corrected because both sides revoked on the trick; every card the
    #: defending side withdraws (by choice or 44G) becomes a penalty card, and a card
    #: declarer's side withdraws is unauthorized to it (both sides offended, 16C)
    both_sides: bool = False
    #: the other revokes that stand established, not corrected (``CorrectRevoke.established``)
    established: tuple[Revoke, ...] = ()
    #: 62C3: the record's own lead that ends it (``CorrectBothRevokes.last_lead``)
    last_lead: tuple[int, Seat, Card] | None = None


# ----- opener ---------------------------------------------------------------------------------
def _ruled_on(replay: Replay, r: Revoke) -> bool:
    """Whether a ruling of this path has already ruled on the revoke ``r``."""
    return replay.is_ruled(played(r.trick, r.seat, r.card), "revoke")


def open_revoke(rs: RuleSet, replay: Replay, root: Node) -> Opening | None:
    """Find the revoke to rule on: the unestablished one if any (it must be corrected, 62A),
    an established one that is still corrected (62D1 on trick 12, 62C3 when both sides
    revoked on the trick), else the latest established one (reported under 63A/63B)."""
    table = replay.table
    # a revoke card another rule has since taken back (47E1) is no longer a revoke to rule on
    # (2017: a card a 47E1 retraction takes back establishes nothing, 63A1 not applying)
    skip = not_establishing(replay, rs.edition)
    agreement = claim_agreement(rs.decisions, rs.edition)
    # a failure to play a penalty card that declarer accepted (52B1, ``Revoke.failed``) is a
    # revoke (61A) the 52 ruling settled: its card stands, never corrected here (62A, 62C3,
    # 62D1); once established it is reported with the others (63A) and counted after play
    standing = tuple(s for s in standing_revokes(replay, agreement, skip)
                     if s[0].failed is None or s[1] is not None)
    if not standing:
        return None
    revokes = [r for r, _ in standing]
    # (62D1: only before all four hands are back in the board; the next deal called or the
    # round over comes after that)
    returned = hands_back_in_board(replay)
    described: list[str] = []
    pending: Revoke | None = None
    clause = "62A"
    for r, est in standing:
        if est is None:
            why, missing = unestablished_reason(replay, r, agreement, skip)
            described.append(f"{r}: not established (63A): {why} ({rs.cite(missing)})")
            if pending is None:
                pending = r
        else:
            described.append(f"{r}: {est[0]} ({rs.cite(est[1])})")
    both = _both_sides_on_one_trick(rs, replay, table, [r for r in revokes if r.failed is None])
    if pending is None and both is None:
        late = next((r for r in revokes if is_final_trick_revoke(table, r) and not returned and r.failed is None), None)
        if late is not None:
            pending, clause = late, "62D1"
            k = revokes.index(late)  # (one line per revoke: its establishment, then why it is corrected)
            described[k] += "; on trick 12, so corrected although established (62D1)"
    notices: list[Notice] = []
    if both is not None:
        first, second = both
        # nothing is sent back first: the cards played after the revokes, the next trick's
        # included, are ruled in the cascade of the later revoke (62C1, 62C2, 44G)
        # (a third player's revoke on the same trick is corrected with them, 62C3 correcting the
        # trick's revokes, before the options over the cards played after them; one lead that
        # broke a lead restriction aside: its correction leads another suit, so the others are
        # ruled in their turn on the table it leaves)
        trick = table.trick(first.trick)
        assert trick is not None
        others = tuple(r for s, c in trick.plays for r in revokes
                       if r.trick == first.trick and r.seat is s and r.card == c and r != first and r != second) if first.rule is None else ()
        task: object = CorrectBothRevokes(first, second, _plays_after(table, second), _record_ends_with_a_lead(replay, table), others)
        node = Node(table=table, agenda=(task,), focus=first.trick)
        described.append(f"{first} and {second}: both sides revoked on trick {first.trick} (62C3)")
        # (the two name the opening: a third revoke's card may be another family's too, a card
        # played after a refused change, 47D; a revoke on another trick is ruled in its turn on
        # the table the corrections leave: the opener runs again)
        keys = (played(first.trick, first.seat, first.card), played(second.trick, second.seat, second.card))
        return Opening(node, tuple(described), tuple(notices), keys, (replay.attention,) if replay.attention is not None else (),
                       more=len(revokes) > 2, corrects=(first.trick,))
    if pending is not None:
        # 62D1: the last trick goes back to the hands (each holds one card; it is played again)
        start = table.without_trick_after(pending.trick) if clause == "62D1" else table
        later = _plays_after(start, pending)
        # (the other revokes that stand established and are not corrected: 62D1 corrects a
        # trick-12 revoke, established or not)
        fixed = tuple(r for r, est in standing if est is not None and r != pending
                      and not (is_final_trick_revoke(table, r) and not returned))
        # (it pauses only where something may wait for it: a card exposed between tricks)
        task = CorrectRevoke(pending, later, clause, fixed, pause=clause == "62A" and may_wait_for_a_correction(replay))
        focus = pending.trick
        node = Node(table=start, agenda=(task,), focus=focus)
        # corrected when attention is drawn (62A): what happened before that and takes effect at
        # once (a card exposed, so a penalty card, 50) is ruled first
        at: tuple[object, ...] = (replay.attention,) if replay.attention is not None else (("end",),)
        if clause == "62D1":
            # (62D1 corrects trick 12 although established: the last trick goes back to the
            # hands and is played again, so it is ruled where that trick began, before any
            # irregularity of the last trick, which its correction changes: who leads it, and
            # with what)
            final = table.trick(pending.trick + 1)
            if final is not None and final.plays:
                at = (played(final.number, *final.plays[0]),)
        # (its correction may change the trick's winner: a lead to the next trick is ruled after
        # it; a card a non-offender exposed between tricks, not then to lead, is ruled inside
        # it, once the revoke is corrected and before the cards after it may be taken back:
        # the trick as 62B leaves it tells whether it was his lead, 45C1, or a penalty card,
        # 49, that binds his substitute, 50D1)
        pauses = ((pending.trick, frozenset(pending.seat.side.other.seats)),) if task.pause else ()
        return Opening(node, tuple(described), tuple(notices), (played(pending.trick, pending.seat, pending.card),), at,
                       more=len(revokes) > 1, corrects=(pending.trick,), pauses=pauses)
    # the latest revoke in playing order that no ruling of this path has ruled on yet: the
    # table lists a revoke a ruling found (a penalty card not played, 52 with 61A) after the
    # record's, and one ruled already (52B1) is not reported again, so a later revoke of the
    # record is reported in its place (no closure here: compiled, a nested function and the
    # environment it keeps would be a reference cycle left to the collector on every case)
    order = sorted([(r.trick, _place_in_trick(table, r), i) for i, (r, _) in enumerate(standing)])
    ordered = [standing[i] for _, _, i in order]
    last, est = next((s for s in reversed(ordered) if not _ruled_on(replay, s[0])), ordered[-1])
    assert est is not None
    # (the earlier revokes stand established too: the report names each one's establishment,
    # but not one already reported on this path, a ruling between them having made the later
    # one: 63A1 is asked once of each revoke)
    earlier = tuple((r, e[0], rs.cite(e[1])) for r, e in ordered
                    if r is not last and e is not None and not _ruled_on(replay, r))
    task = ReportEstablished(last, est[0], rs.cite(est[1]), earlier, named=len(standing) > 1 and not earlier)
    node = Node(table=table, agenda=(task,), focus=last.trick)
    # ruled where it was established (63A1): an irregularity before that play (a lead
    # out of turn after misinformation, 47E1) is ruled first and may undo it
    by = table.establishing_play(last, skip)
    # (a lead put down before the revoke trick was complete may still stand on it)
    on = last.trick + 1 if by is None or (nxt := table.trick(last.trick + 1)) is None or by in nxt.plays else last.trick
    where: tuple[object, ...] = (played(on, by[0], by[1]),) if by is not None else ()
    # (what it reports: the revokes no ruling of this path has ruled on, each once)
    if not _ruled_on(replay, last):
        described = [d for (r, _), d in zip(standing, described, strict=True) if not _ruled_on(replay, r)]
    reported = (played(last.trick, last.seat, last.card), *(played(r.trick, r.seat, r.card) for r, _, _ in earlier))
    return Opening(node, tuple(described), tuple(notices), reported, where, more=len(revokes) > 1)


def _record_ends_with_a_lead(replay: Replay, table: TableState) -> tuple[int, Seat, Card] | None:
    """The lead that ends the record as played (trick, seat, card): a defender's card alone on
    its trick, the record's last card line (a fifth card found led among them, 45E1), not the
    first card of a part played on after a ruling that left him to lead (that ruling was
    where declarer's choice at the lead belonged), and no choice of declarer's at a lead
    (50D2, 51B) said anywhere in the record. None otherwise. Where the defender was to lead
    while his partner held a major penalty card, it is a lead made before declarer's choice,
    which 50D2 sends back a major penalty card (49)."""
    cur = table.current_trick
    if cur is None or len(cur.plays) != 1 or not table.is_defender(cur.plays[0][0]):
        return None
    seat, card = cur.plays[0]
    last = next((e for e in reversed(replay.before) if isinstance(e, (Play, FifthCard))), None)
    if last is None or last.seat is not seat or last.card != card:
        return None
    start = replay.start
    if start is not None and to_lead(start) is seat and not any(t.number >= cur.number and t.plays for t in start.tricks):
        return None
    said = [e for e in (*replay.before, *replay.unapplied) if isinstance(e, (Choice, Chooses))]
    if said and lead_choice_lines(table, said):
        return None
    return cur.number, seat, card


def _waits_for_declarers_choice(table: TableState, trick_no: int, seat: Seat) -> bool:
    """Whether ``seat``'s lead to ``trick_no``, the last card on ``table`` and alone on its
    trick, was made while his partner held a major penalty card in force before it and with
    no choice of declarer's at that lead on the table (50D2: he must wait for it)."""
    cur = table.current_trick
    if cur is None or cur.number != trick_no or len(cur.plays) != 1:
        return False
    partner = seat.partner
    lead_at = sum([len(t.plays) for t in table.tricks]) - 1
    if not any(p.kind is PenaltyKind.MAJOR and p.major_since <= lead_at for p in table.penalty_cards_of(partner)):
        return False
    if any(r.seat is seat and r.trick == trick_no for r in table.lead_rules_made):
        return False
    return not any(who is partner and number == trick_no for who, _, number in table.lead_options_waived)


def _place_in_trick(table: TableState, r: Revoke) -> int:
    """The revoke card's place in its trick's playing order (0 for the lead)."""
    t = table.trick(r.trick)
    return (t.position_of(r.seat) or 0) if t is not None else 0


def _both_sides_on_one_trick(rs: RuleSet, replay: Replay, table: TableState, revokes: list[Revoke]) -> tuple[Revoke, Revoke] | None:
    """62C3: two revokes of opposite sides on one trick, and only one side has played to the
    next trick (on the table, or in play that went on to the end after it: then both have,
    ``Replay.played_to``). Only in a rule set with the 62C3 rule (2017)."""
    if len(revokes) < 2 or rs.rule_for(CorrectBothRevokes(revokes[0], revokes[0], ())) is None:
        return None
    for i, a in enumerate(revokes):
        for b in revokes[i + 1 :]:
            if a.trick != b.trick or a.seat.side is b.seat.side:
                continue
            sides = [side for side in (a.seat.side, b.seat.side) if replay.played_to(a.trick + 1, side, table)]
            if len(sides) == 1 and not table.trick(a.trick + 2):
                trick = table.trick(a.trick)
                assert trick is not None
                # (in playing order: the cascade that follows is the later revoke's)
                return (a, b) if (trick.position_of(a.seat) or 0) < (trick.position_of(b.seat) or 0) else (b, a)
    return None


def _plays_after(table: TableState, revoke: Revoke) -> tuple[LaterPlay, ...]:
    """Every card played after the revoke card, in playing order (rest of the revoke trick,
    then the next trick)."""
    trick = table.trick(revoke.trick)
    assert trick is not None
    pos = trick.position_of(revoke.seat)
    assert pos is not None
    number, plays = trick.number, trick.plays
    later = [(number, s, c) for s, c in plays[pos + 1 :]]
    nxt = table.trick(revoke.trick + 1)
    if nxt is not None:
        later += [(nxt.number, s, c) for s, c in nxt.plays]
    # The cascade names a later card by its trick and seat: a second card by a seat in the
    # same trick (a play out of turn, reported as not yet ruled) ends what it can correct.
    seen = {(number, s) for s, _ in plays[: pos + 1]}
    for i, (n, s, _) in enumerate(later):
        if (n, s) in seen:
            return tuple(later[:i])
        seen.add((n, s))
    return tuple(later)


# ----- rules -------------------------------------------------------------------------------------
def correct_revoke(rs: RuleSet, node: Node, task: object) -> list[Edge | Substitutions]:
    """62B: withdraw the revoke card and play a lawful one; 62B1/62B2 decide what becomes of
    the revoke card; 16C records the information (2017 62D2: 16C for the partner of a
    defender who revoked on trick 12 before he played)."""
    return _correct_revoke(rs, node, task, partner_needs_two_suits=False)


def correct_revoke_2007(rs: RuleSet, node: Node, task: object) -> list[Edge | Substitutions]:
    """62B as in 2017; 2007 62D2 restricts the partner of a defender who revoked on trick 12
    before he played only when that partner held cards of two suits."""
    return _correct_revoke(rs, node, task, partner_needs_two_suits=True)


def _holds_two_suits(table: TableState, seat: Seat, trick_no: int) -> bool:
    """The seat's cards at the trick (his card on it and those still in his hand) are of at
    least two suits."""
    t = table.trick(trick_no)
    played_card = t.card_of(seat) if t is not None else None
    cards = set(table.hand(seat)) | ({played_card} if played_card is not None else set())
    return len({c.suit for c in cards}) >= 2


def _partner_due_after(table: TableState, r: Revoke, later: tuple[tuple[int, Seat, Card], ...]) -> bool:
    """The revoker's partner had not played to the revoke trick when the revoke card was
    played: his card there came after it, or he has still to play (62D2)."""
    partner = r.seat.partner
    t = table.trick(r.trick)
    if t is None or t.card_of(partner) is None:
        return True
    return any(s is partner and n == r.trick for n, s, _ in later)


def _correct_revoke(rs: RuleSet, node: Node, task: object, *, partner_needs_two_suits: bool) -> list[Edge | Substitutions]:
    assert isinstance(task, CorrectRevoke)
    r = task.revoke
    table = node.table
    seat = r.seat
    restrictions = node.restrictions
    trick12 = False
    if is_final_trick_revoke(table, r) and table.is_defender(seat) and _partner_due_after(table, r, task.later) and (
            not partner_needs_two_suits or _holds_two_suits(table, seat.partner, r.trick)):
        # 62D2: a defender revoked on trick 12 before his partner's turn to play to it,
        # established (62D1) or not (62A), the partner's card played since or still to come
        trick12 = True
        restrictions = (*restrictions, f"{seat.partner} may not choose a play the revoke card {r.card} suggested")
    lead = _own_lead_after(table, r)
    if lead is not None:
        # 44C with 62B: his one card of the suit led is his lead to the next trick, standing
        # there alone (a revoke 62C3 corrects although his lead established it; his lead put
        # down before the trick was complete): he held it when he revoked, and following suit
        # comes first, so it goes back from the next trick to be played here
        table = table.withdraw_trick(r.trick + 1, restore_penalty=rs.decisions.withdrawn_penalty_card_stays_penalty)
    # (what the correction's steps read: the revoke, his hand, the penalty cards, who is
    # declarer, his lead taken back; a lead that broke a lead restriction also reads the
    # table's restrictions)
    key = (None if isinstance(r.rule, LeadRule) else
           ("62B", r, task.clause, trick12, table.hand(seat), table.penalty_cards, table.played_penalty_card(seat, r.card), table.declarer,
            lead))
    memo = rs.memo
    correction = memo.get(key) if key is not None else None
    if not isinstance(correction, _Correction):
        correction = _correction(rs, table, r, task.clause, trick12, lead)
        if key is not None:
            if len(memo) >= _MEMO_MAX:
                memo.clear()
            memo[key] = correction
    subs, steps = correction.subs, correction.steps
    if isinstance(r.rule, LeadRule):
        # the corrected lead keeps the prohibition it broke, which binds him while he keeps the lead
        table = table.with_lead_rule_kept(r.rule)
    rest = node.agenda[1:]
    ledger = with_entries(node.ledger, correction.infos)
    # Only the later cards still on the table are corrected: another rule may have taken some
    # back before this correction (a 47E1 retraction).
    later = tuple(p for p in task.later if (t := table.trick(p[0])) is not None and t.card_of(p[1]) == p[2])
    cascade: tuple[object, ...] = (RevokeCascade(r, later, both_sides=task.clause == "62C3", established=task.established,
                                                                 last_lead=task.last_lead),) if later else ()
    if task.pause:
        # (the revoke corrected, before the cards after it may be taken back: what waits for
        # the trick as corrected is ruled there, Opening.pauses; with no card after the
        # revoke, a lead that ruling places is the one card 62C1 reaches)
        if cascade:
            cascade = (CorrectionMade(r.trick), *cascade)
        elif not rs.decisions.lead_options_after_ruling:
            cascade = (CorrectionMade(r.trick, RevokeCascade(r, (), established=task.established)),)
    restore = rs.decisions.faced_revoke_card_stays_penalty
    if cascade or not rs.decisions.lead_options_after_ruling:
        # one agenda for every substitute: the substitutes as one group, their tables made when read
        group = Substitutions(table, r.trick, seat, subs, steps,
                              Node(table, cascade + rest, ledger, node.findings, restrictions, node.established, node.focus),
                              restore, correction.new_penalty)
        group.classes = _alike(rs, r, later, table, seat, r.trick, rest, subs)
        return [group]
    edges: list[Edge | Substitutions] = []
    tables = table.substitutes(r.trick, seat, subs, restore_penalty=restore, penalty=correction.new_penalty)
    for step, child_table in zip(steps, tables, strict=True):
        # (50D with 62B1: with the switch lead_options_after_ruling, the next lead's options once
        # the correction is over are the penalty rules', on the table the ruling leaves)
        edges.append((step, Node(child_table, rest, ledger, node.findings, restrictions, node.established, node.focus)))
    return edges


@dataclass(slots=True)
class _Correction:
    """What a 62B correction offers, a value of what it reads (the key
    :func:`_correct_revoke` looks it up by): the lawful substitutes, one step each, the 16C
    information of the withdrawn card and the penalty card it becomes. Nodes that share
    these (the same revoke under each restoration of an earlier ruling of the record) make
    only their group."""

    subs: tuple[Card, ...]
    steps: tuple[Step, ...]
    infos: tuple[Info, ...]
    new_penalty: PenaltyKind | None


def _own_lead_after(table: TableState, r: Revoke) -> Card | None:
    """The revoker's card standing alone on the trick after the revoke trick (his lead to it,
    made or put down early), when it is of the suit he failed to follow and his hand holds
    none: the one card with which his correction can follow suit (44C). None otherwise, and
    for a lead that broke a lead restriction (61A: no suit to follow)."""
    if r.rule is not None or r.suit_led is None:
        return None
    nxt = table.trick(r.trick + 1)
    if nxt is None or len(nxt.plays) != 1 or nxt.plays[0][0] is not r.seat:
        return None
    card = nxt.plays[0][1]
    if card.suit is not r.suit_led or any(c.suit is r.suit_led for c in table.hand(r.seat)):
        return None
    return card


def _correction(rs: RuleSet, table: TableState, r: Revoke, task_clause: str, trick12: bool,
                lead: Card | None = None) -> _Correction:
    """:class:`_Correction` of the revoke ``r`` on ``table`` (``trick12``: 62D2 applies;
    ``lead``: his lead to the next trick, back in his hand on ``table``, his one card of the
    suit led, :func:`_own_lead_after`)."""
    seat = r.seat
    offending = seat.side
    restore = rs.decisions.faced_revoke_card_stays_penalty
    new_penalty: PenaltyKind | None = None
    if r.penalty is not None:
        clause = rs.cite("62B2")
        fate = f"{r.card} was already a penalty card and stays one" if restore else f"{r.card} goes back to the hand"
        pending = PenaltyKind(r.penalty.value) if restore else None
    elif table.is_defender(seat):
        new_penalty = pending = PenaltyKind.MAJOR
        clause, fate = rs.cite("62B1"), f"{r.card} becomes a major penalty card"
    else:
        pending, clause = None, rs.cite("62B2")
        fate = f"{r.card} goes back to {'dummy' if seat is table.dummy else 'his hand'}, no penalty card (48A)"
    # Lawful substitutes are judged with the revoke card's new status already in force.
    before = rs.decisions.revoke_card_penalty_before_substitute
    judged = table if pending is None or not before else table.with_penalty(seat, r.card, pending)
    hand = frozenset(table.hand(seat) | {r.card})
    # a lead that broke a lead restriction (61A) is replaced by a lead that keeps it
    led, lead_rule = (None, _lead_rule_args(table, r)) if isinstance(r.rule, LeadRule) else (r.suit_led, {})
    in_force = judged.penalty_cards_of(seat)
    if isinstance(r.rule, PlayRule):
        # a card that broke a restriction on his play to the trick (57A options, 57D) is
        # replaced by one that keeps it, when a lawful one does; the revoke card, of the suit
        # led, is no obligation on its own substitute
        in_force = frozenset(p for p in in_force if p.card != r.card)
    if isinstance(r.rule, PlayRule):
        # (keeping the restriction comes before a penalty card in force, 50D1(b))
        subs = lawful_under_play_rule(hand, led, in_force, r.rule, frozenset({r.card})) or lawful_cards_uncached(
            hand, led, in_force, frozenset({r.card}))
    else:
        subs = lawful_cards_uncached(hand, led, in_force, frozenset({r.card}), **lead_rule)
    # a defender's revoke card withdrawn is a penalty card after (62B1; 62B2 when it was one and
    # stays one): both laws, 16C and 50E; declarer's or dummy's, or one that goes back to the
    # hand, 16C alone
    infos: tuple[Info, ...] = (rs.penalty_withdrawal_info(seat, r.card, table) if pending is not None
                               else (rs.withdrawn_info(seat, r.card, offending, table),))
    if lead is not None:  # (his lead taken back from the next trick: 16C)
        infos = (*infos, rs.withdrawn_info(seat, lead, offending, table))
    # A penalty card in force narrows the substitutes: 50D1(a) (a major one must be played
    # at the first legal opportunity) or 50C (a minor one before a lower card of its suit).
    obliged: tuple[str, ...] = ()
    if in_force and not isinstance(r.rule, PlayRule) and subs != lawful_cards_uncached(hand, led, frozenset(), frozenset({r.card}), **lead_rule):
        major = any(p.kind is PenaltyKind.MAJOR and p.card in subs for p in in_force)
        obliged = (rs.cite("50D1(a)" if major else "50C"),)
    # several penalty cards due: declarer designates the one played (51A)
    named, designated = penalty_card_designation(subs, in_force, rs.cite("51A"))
    obliged += designated
    # what every substitute's step shares
    actor, who, what = rs.actor(table, seat), seat._name_, r.card.text
    also = (rs.cite(task_clause), rs.cite("61A"), clause, *((rs.cite("44C"),) if r.rule is None else ()), *obliged,
            *info_clauses(infos), *((rs.cite("62D2"),) if trick12 else ()))
    question = f"{who} must correct the revoke: withdraw {what} and play a lawful card"
    back = f" (his lead of it to trick {r.trick + 1} goes back to be played here)" if lead is not None else ""
    steps = tuple([Step(actor, StepKind.FORCED, rs.cite("62B"), f"{who} withdraws {what} and plays {sub.text}{named}{back if sub == lead else ''}; "
                        f"{fate}", also, question, sub.text) for sub in subs])
    return _Correction(subs, steps, infos, new_penalty)


def _lead_rule_args(table: TableState, r: Revoke) -> dict[str, Suit | frozenset[Suit] | None]:
    """The lead restrictions in force at the revoking lead, the one it broke among them, as
    :func:`lawful_cards_uncached` arguments: his substitute keeps them all, and a major penalty card
    is due only where they let him lead it (50D1(b))."""
    assert isinstance(r.rule, LeadRule)
    required, forbidden = lead_rule_args(table, r.trick, r.seat)
    barred = forbidden or frozenset()
    wanted = forbidden_suits(required)
    if r.rule.must:
        wanted = wanted | {r.rule.suit}
    else:
        barred = barred | {r.rule.suit}
    return {"required_suit": (next(iter(wanted)) if len(wanted) == 1 else wanted or None), "forbidden_suit": barred or None}


def correct_both_revokes(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """62C3 (2017): both sides revoked on the trick and only one side played to the next:
    both revokes are corrected, each under 62B (a defender's revoke card a penalty card);
    the cards played after the later revoke, the next trick's included, are ruled as in any
    62C cascade (a card the defending side withdraws a penalty card; 44G for a lead by a
    player who no longer won the trick); there is no trick transfer (64B8)."""
    assert isinstance(task, CorrectBothRevokes)
    a, b = task.first, task.second
    step = Step("TD", StepKind.FORCED, rs.cite("62C3"),
                f"both sides revoked on trick {a.trick} ({a.seat} and {b.seat}) and only one side played to the next trick: "
                "both revokes are corrected, and every card the defending side withdraws becomes a penalty card; "
                "no trick transfer",
                also=(rs.cite("63B"), rs.cite("64B8")), question="must both revokes be corrected?", choice="both corrected")
    if a.rule is not None:
        # the earlier revoke is a lead that broke a lead restriction (61A): its correction leads
        # another suit to the trick, so the later revoke, a failure to follow the old lead, is
        # no longer one; his card is one of those played after the corrected lead, ruled in
        # its cascade with the rest of the trick and the next trick's cards
        correct: tuple[object, ...] = (CorrectRevoke(a, _plays_after(node.table, a), "62C3"),)
    else:
        # (a third player's revoke on the trick is corrected before the later of the two, whose
        # cascade then reads the cards still standing after it: his corrected card is his
        # revoke's correction, not a card of that cascade)
        correct = (CorrectRevoke(a, (), "62C3"), *(CorrectRevoke(r, (), "62C3") for r in task.others),
                   CorrectRevoke(b, task.later, "62C3", last_lead=task.last_lead))
    agenda = (*correct, *node.agenda[1:])
    return [(step, Node(node.table, agenda, node.ledger, node.findings, node.restrictions, node.established, node.focus))]


def _advance(rs: RuleSet, node: Node, task: RevokeCascade, t: TableState, changed: bool,
             later: tuple[LaterPlay, ...] | None = None) -> tuple[object, ...]:
    """The agenda after this position of the cascade: the next position (with whether a
    non-offending player changed), or what the node had to do after the cascade."""
    later = task.later if later is None else later
    rest = node.agenda[1:]
    nxt = task.index + 1
    if nxt >= len(later) or _ruled_after_a_later_revoke(t, task, later[nxt], later[task.index] if changed else None):
        # (50D after the cascade, with the switch lead_options_after_ruling: the penalty rules
        # offer the next lead's options on the table the ruling leaves)
        return rest
    nos_changed = changed and task.later[task.index][1].side is not task.revoke.seat.side
    return (
        RevokeCascade(
            task.revoke,
            later,
            nxt,
            previous_nos_changed=nos_changed,
            any_nos_changed=task.any_nos_changed or nos_changed,
            both_sides=task.both_sides,
            established=task.established,
            last_lead=task.last_lead,
        ),
        *rest,
    )


def _with_lead_placed_since(table: TableState, task: RevokeCascade) -> RevokeCascade:
    """``task`` with the cards of the next trick on ``table`` when it has none of that trick's:
    a lead a ruling made inside this correction placed there (a card exposed between tricks
    that the corrected trick made its player's lead, 45C1), a card played after the revoke
    and before attention, which 62C1 reaches as it reaches a lead the record played."""
    number = task.revoke.trick + 1
    nxt = table.trick(number)
    if nxt is None or not nxt.plays or any(p[0] == number for p in task.later):
        return task
    return RevokeCascade(task.revoke, (*task.later, *((number, s, c) for s, c in nxt.plays)), task.index,
                         task.previous_nos_changed, task.any_nos_changed, task.both_sides, task.established, task.last_lead)


def _ruled_after_a_later_revoke(t: TableState, task: RevokeCascade, play: LaterPlay, withdrawn: LaterPlay | None) -> bool:
    """Whether the card ``play`` of the cascade of ``task``'s revoke was played after a later
    revoke of the same side that still stands on ``t`` (not the card ``withdrawn`` at this
    position) and is corrected in its turn (not established): one later on the same trick,
    or on the next trick (a lead the revoker's partner put down before the revoke card, which
    broke a lead restriction, 61A: it did not establish the revoke, 63A1). Then the card is
    ruled in that revoke's cascade, not in this one. 62C1 gives a player one right to take
    back a card he played after the revokes, whichever of them it followed, and it is his to
    use once both are corrected (who won the trick, 44G, and the suit led to the next trick
    are known then); the cards after the later revoke are all the non-offending side's (the
    offenders' next would have established both)."""
    r = task.revoke
    first = t.trick(r.trick)
    if first is None:
        return False
    here = first.position_of(r.seat)
    if here is None:
        return False
    number, seat, _ = play
    for x in t.revokes:
        # (a failure to play a penalty card that declarer accepted, 52B1, is never corrected)
        if x.seat.side is not r.seat.side or x.seat is r.seat or x in task.established or x.failed is not None:
            continue
        if x.trick == r.trick:
            trick: Trick | None = first
        elif x.trick == r.trick + 1 and number == x.trick:
            trick = t.trick(x.trick)
        else:
            continue
        if trick is None:
            continue
        if withdrawn is not None and (withdrawn[0], withdrawn[1], withdrawn[2]) == (x.trick, x.seat, x.card):
            continue
        pos = trick.position_of(x.seat)
        if pos is None or trick.plays[pos][1] != x.card or (x.trick == r.trick and pos < here):
            continue
        if number != x.trick or (trick.position_of(seat) or 0) > pos:
            return True
    return False


def _changed_with_dummys_card(t: TableState, task: RevokeCascade, trick_no: int, seat: Seat) -> bool:
    """Whether ``seat``, the revoker's partner and a defender, played his card to the revoke
    trick ``trick_no`` after a card of dummy's there that a correction made before this one
    replaced (dummy's card not the one declarer designated, 45D1; a changed designation
    allowed, 47D): that correction gave him the right to withdraw his card and play another
    lawful one, unconditionally, making no penalty card (one that was a penalty card when he
    played it going back as the penalty card it was). Where his card was such a penalty
    card, 62C2's right over it (only after a non-offender changed) leaves the same positions
    as that one: one choice, offered once, there, not again here (docs/decisions.md). (A
    card that was no penalty card becomes one under 62C2: another course, still offered.)
    A change this cascade made of dummy's card (62C1) is not such a correction: its
    withdrawn card is one of the cards played after the revoke (``task.later``)."""
    if trick_no != task.revoke.trick or not t.is_defender(seat):
        return False
    trick = t.trick(trick_no)
    if trick is None:
        return False
    dummy = t.dummy
    here, there = trick.position_of(seat), trick.position_of(dummy)
    if here is None or there is None or there > here:
        return False
    ours = [(s, c) for n, s, c in task.later if n == trick_no]
    return any(w.seat is dummy and w.trick == trick_no and w.replaced_by is not None and (dummy, w.card) not in ours
               for w in t.withdrawn)


def _chosen_before(t: TableState, task: RevokeCascade, trick_no: int, seat: Seat, card: Card) -> bool:
    """Whether ``card``, a non-offending defender's on the revoke trick ``trick_no``, replaced
    his earlier card there once dummy's card on the trick was corrected before this cascade
    (45D1: the card declarer designated in place of dummy's; a withdrawal not of this
    cascade, ``task.later``), his earlier card following suit to the trick as it then stood
    (or he was void), his new card no penalty card: a change 45D1 let him make, keeping it
    his other course there (a defender's right under 45D1 has no condition), and 62C1
    offers him the same choice over the same card, no penalty card either way. On the path
    where he kept it, 62C1 reaches every card he may play to the trick as it now stands (a
    change forced when the card he kept no longer follows, 44C); on this one, a second
    change of one card. (A change that was forced there, his card not following suit, is no
    choice: 62C1's is then his one.)"""
    if trick_no != task.revoke.trick or not t.is_defender(seat):
        return False
    trick = t.trick(trick_no)
    if trick is None or trick.plays[0][0] is seat or t.played_penalty_card(seat, card) is not None:
        return False
    dummy = t.dummy
    # (dummy's cards a correction before this cascade replaced there: 45D1's designated card)
    placed = [d.replaced_by for d in t.withdrawn if d.seat is dummy and d.trick == trick_no and d.replaced_by is not None
              and (trick_no, dummy, d.card) not in task.later]
    if not placed:
        return False
    led = trick.suit_led
    leader, lead = trick.plays[0]
    # (the card leading the trick now was itself put there by a correction, after his card
    # was played to the trick as it stood: his earlier card, kept, would fail only to follow
    # it, and 62C1 would have him change it, 44C; not a revoke of his own, 62B)
    substitute = any(x.trick == trick_no and x.seat is leader and x.replaced_by == lead for x in t.withdrawn)
    for w in t.withdrawn:
        if w.seat is not seat or w.trick != trick_no or w.replaced_by != card or not w.standing:
            continue
        if (trick_no, seat, w.card) in task.later or w.standing[0][0] is seat or not any(w.stood(dummy, c) for c in placed):
            continue  # (not a change made once dummy's card was corrected)
        hand = t.hand(seat) | {card}
        then = w.standing[0][1].suit
        if not (w.card.suit is then or not any(c.suit is then for c in hand)):
            continue  # (his change there was forced)
        if led is None or w.card.suit is led or not any(c.suit is led for c in hand) or substitute:
            return True
    return False


def _child(node: Node, t: TableState, agenda: tuple[object, ...], ledger: tuple[Info, ...] | None = None) -> Node:
    """The node after a step: ``node`` with the table ``t``, the agenda and (if given) ledger."""
    return Node(t, agenda, node.ledger if ledger is None else ledger, node.findings, node.restrictions, node.established,
                node.focus)


# what a player of the cascade may do at his position
_OWN_ESTABLISHED, _NOS, _OS_BARRED, _OS, _NOS_OWN_REVOKE, _OWN_ESTABLISHED_CORRECTED, _OS_OFFERED, _OS_OWN_REVOKE = range(8)


@dataclass(slots=True)
class _Position:
    """The steps of one position of the cascade, a value of what they depend on (the key
    :func:`revoke_cascade` looks them up by): the player, his card, his hand, the penalty
    cards in force, the suit led, who is declarer, his side's right to change. Nodes that
    share these share the steps; only the tables and nodes are made for each."""

    steps: tuple[Step, ...]  # the first: keep (or the one forced step); then one per substitute
    subs: tuple[Card, ...] = ()
    kind: PenaltyKind | None = None  # the withdrawn card's penalty (the substitutes' tables)
    restore: bool = True  # a withdrawn penalty card goes back to being one (replace_card)
    infos: tuple[Info, ...] = ()
    #: whether keeping his card is one of his choices (``steps[0]``); not when it is a revoke
    #: of his own that his change corrects (see :func:`_position`)
    keep: bool = True


#: what this module keeps in a rule set's memo (positions, leads) is emptied past this many entries
_MEMO_MAX = 4_096


def revoke_cascade(rs: RuleSet, node: Node, task: object) -> Sequence[Edge | Substitutions]:
    """62C1 (NOS may change), 62C2 (OS next in rotation may then change, a defender's card
    becoming a penalty card), 44G (a lead by a player who no longer won the trick)."""
    assert isinstance(task, RevokeCascade)
    r = task.revoke
    table = node.table
    if not task.index and not task.both_sides:
        task = _with_lead_placed_since(table, task)
        assert task.later
    trick_no, seat, card = task.later[task.index]
    trick = table.trick(trick_no)
    assert trick is not None and trick.card_of(seat) == card
    if trick_no != r.trick and trick.plays[0][0] is seat:
        return _next_trick_lead(rs, node, task, rs.actor(table, seat))
    if seat.side is not r.seat.side:
        mode = _OWN_ESTABLISHED if establishing_play_of(table, seat, trick_no, card) is not None else _NOS
        if mode == _OWN_ESTABLISHED and trick_no == 12 and not any(
                x.seat is seat and x.trick == trick_no and x.card == card for x in task.established):
            # (a revoke of his own on trick 12, established by a play, that is not among those
            # left standing: corrected all the same in its turn, 62D1)
            mode = _OWN_ESTABLISHED_CORRECTED
    elif task.previous_nos_changed if rs.decisions.os_change_needs_immediate_nos_change else task.any_nos_changed:
        mode = _OS
    else:
        mode = _OS_BARRED
    # the revoke was a lead that broke a lead restriction (61A): its correction led another
    # suit to the trick, which the cards played to the old lead may no longer follow
    turned = r.rule is not None and trick_no == r.trick
    if mode == _NOS and not turned and card.suit is not trick.suit_led and any(
            x.seat is seat and x.trick == trick_no and x.card == card and x.rule is None and x.failed is None
            for x in table.revokes) and not any(
            w.trick == trick_no and w.seat is trick.plays[0][0] and w.stood(seat, card) for w in table.withdrawn):
        # his card is a revoke of his own (both sides revoked): corrected as his, in its turn
        # (62B: his side offending there), not changed here as a non-offender's card. (Not
        # where a rectification replaced the trick's lead after he played, a changed
        # designation: his card then fails to follow only the new lead, and 62C1 lets him
        # change it. A card played after the lead was replaced was played to the new lead,
        # which stands: a failure to follow it is his own revoke.)
        mode = _NOS_OWN_REVOKE
        if any(x.seat is seat and x.trick == trick_no and x.card == card for x in task.established):
            # ... unless it stands established otherwise than by a play (a claim, 63A3/63A4):
            # then it is not corrected (63B), and he must leave it as such
            mode = _OWN_ESTABLISHED
    if mode == _NOS and not turned and not task.both_sides and _chosen_before(table, task, trick_no, seat, card):
        # his change of this card was offered him by a correction before this one, and this
        # correction offers him the same choice over it: one choice, offered once, here; the
        # path on which he changed it there is the one on which he kept it, this choice
        # still to come (docs/decisions.md)
        return []
    if mode == _OS and not turned and trick.plays[0][0] is not seat and any(
            x.seat is seat and x.trick == trick_no and x.card == card and x.failed is None for x in table.revokes) and not any(
            x.seat is seat and x.trick == trick_no and x.card == card for x in task.established):
        # the revoker's partner's card is a revoke of his own on the trick, not established (his
        # side revoked twice; a card that fails a requirement, 57D, is one): it must be withdrawn
        # and replaced by a lawful card as his correction (62A, 62B), in its turn, whatever a
        # non-offending player did, so 62C2's option over it would offer that one substitution
        # twice; he leaves it here
        mode = _OS_OWN_REVOKE
    led = trick.suit_led
    if turned and mode == _OS_BARRED and led is not None and card.suit is not led and not table.hand(seat).isdisjoint(SUIT_CARDS[led]):
        # the revoker's partner's card no longer follows the suit led while he holds it: a
        # revoke of his own, corrected whether or not a non-offending player changed (62A)
        mode = _OS
    elif mode == _OS and table.played_penalty_card(seat, card) is not None and _changed_with_dummys_card(table, task, trick_no, seat):
        # (a penalty card when he played it, which 62C2 would send back as the penalty card it
        # was, as the correction of dummy's card before it did when it let him change: one
        # choice, offered there, not again here)
        mode = _OS_OFFERED
    refused = _refusal_reached(table, trick_no, seat, card, node.played_out) if mode == _OS else frozenset()
    # (a player who must leave his card: his step reads only who he is, his card and who is declarer)
    key = (("62C", mode, seat, card, trick.suit_led, table.hand(seat), table.penalty_cards, table.declarer,
            task.both_sides and mode == _NOS, turned, table.played_penalty_card(seat, card), refused) if mode in (_NOS, _OS)
           else ("62C", mode, seat, card, table.declarer))
    memo = rs.memo
    position = memo.get(key)
    tables: list[TableState] | None = None
    if not isinstance(position, _Position):
        position, tables = _position(rs, table, trick_no, seat, card, mode, task.both_sides, turned, refused)
        if len(memo) >= _MEMO_MAX:
            memo.clear()
        memo[key] = position
    steps = position.steps
    keep = _child(node, table, _advance(rs, node, task, table, False))
    if not position.subs:
        return [(steps[0], keep)]
    kept: list[Edge] = [(steps[0], keep)] if position.keep else []
    assert position.infos
    ledger = with_entries(node.ledger, position.infos)
    if task.index + 1 < len(task.later) or not rs.decisions.lead_options_after_ruling:
        # one agenda for every substitute: the substitutes as one group, their tables made when read
        agenda = _advance(rs, node, task, table, True)
        group = Substitutions(table, trick_no, seat, position.subs, steps[1:],
                              Node(table, agenda, ledger, node.findings, node.restrictions, node.established, node.focus),
                              position.restore, position.kind, tables)
        group.classes = _alike(rs, r, task.later[task.index + 1:], table, seat, trick_no, node.agenda[1:], position.subs)
        return [*kept, group]
    if tables is None:
        tables = table.substitutes(trick_no, seat, position.subs, restore_penalty=position.restore, penalty=position.kind)
    children = [Node(t, _advance(rs, node, task, t, True), ledger, node.findings, node.restrictions, node.established,
                     node.focus) for t in tables]
    edges = kept
    edges.extend(zip(steps[1:], children, strict=True))
    return edges


def _alike(rs: RuleSet, r: Revoke, after: tuple[LaterPlay, ...], table: TableState, seat: Seat, trick_no: int,
           rest: tuple[object, ...], subs: tuple[Card, ...]) -> tuple[int, ...] | None:
    """Which of ``seat``'s substitutes ``subs`` on ``trick_no`` leave the rest of the cascade
    (the positions ``after``) the same ruling with their own card in place, as
    ``Substitutions.classes`` (None: each is ruled apart). A later position's steps read its
    player's card and hand, the suit led to its trick, the penalty cards in force, whether a
    revoke of his own there is established, who is declarer and whether a non-offending
    player changed; a later lead to a later trick reads the leader's card, not his hand,
    and who won the revoke trick (44G) and its own trick's cards. The substitutes change
    none of these when: the seat plays at no later position but the lead to a later trick
    (his hand); his card is no lead (the suit led: a revoke that broke a lead restriction
    is corrected by another lead). Then all are alike, but when his card is on the revoke
    trick and a later position is such a lead: then those a card placed before his there
    beats are alike (``Trick.beaten_before``: none of them can win the trick, whatever the
    players after him do, and no later step changes that card, so who won it is the same
    for each), and each other is ruled apart. The penalty cards: no substitute is one,
    which the engine requires of any group it builds from its first child. After the
    cascade: only the engine's task follows it (no other rule reads the table), and no 50D
    lead options (they read who leads)."""
    if rs.decisions.lead_options_after_ruling or len(rest) != 1 or r.rule is not None:
        return None
    winner_read = False
    for number, s, _ in after:
        lead = False
        if number != r.trick:
            t = table.trick(number)
            if t is None:
                return None
            lead = t.plays[0][0] is s
        if s is seat and not lead:
            return None  # (a later card of his to a trick he does not lead: his hand is read)
        winner_read = winner_read or (lead and trick_no == r.trick)
    if not winner_read:
        return (0,) * len(subs)
    trick = table.trick(trick_no)
    if trick is None:
        return None
    return classes_where(trick.beaten_each(seat, subs, table.trumps))


def _refusal_reached(table: TableState, trick_no: int, seat: Seat, card: Card, played_out: bool) -> frozenset[Card]:
    """62C2: the penalty cards declarer's refusal of ``card`` would have had ``seat``, a
    defender, play to ``trick_no`` in its place (52B2: a major one due, 50D1(a), or a minor
    one his card failed to play, 50C; :func:`refusal_cards`), where declarer could refuse that
    card (no card of declarer's or dummy's played after it, play not gone on to the end,
    52B1(b)). His card stands, so declarer accepted it (52B1(a)); taking it back under 62C2
    for one of these penalty cards, his card a major penalty card, is the position declarer's
    refusal gives (52B2), with the same 62C1 change before it: one restoration, offered once,
    as that refusal (docs/decisions.md)."""
    if played_out or not table.is_defender(seat) or any(s in (table.declarer, table.dummy) for _, s, _ in plays_after(table, trick_no, seat)):
        return frozenset()
    failure = next((f for f in failures(table) if f.trick == trick_no and f.seat is seat and f.card == card), None)
    if failure is None:
        return frozenset()
    return frozenset(refusal_cards(table, failure))


def _position(rs: RuleSet, table: TableState, trick_no: int, seat: Seat, card: Card, mode: int,
              both_sides: bool, turned: bool = False, refused: frozenset[Card] = frozenset()
              ) -> tuple[_Position, list[TableState] | None]:
    """The steps of the player's position (:class:`_Position`), and the substitutes' tables
    when there are substitutes (their penalty cards name the kind in the steps' text).
    ``refused``: the substitutes not offered, whose position is declarer's refusal of his
    card (52B2, :func:`_refusal_reached`)."""
    # 62C3: both sides offended; a card declarer's side takes back is unauthorized to it
    # (16C), as its revoke card is; a defender's becomes a penalty card, read under 50E
    own_side = mode in (_OS_BARRED, _OS, _OS_OWN_REVOKE) or (both_sides and mode == _NOS and not table.is_defender(seat))
    offending = seat.side if own_side else seat.side.other
    actor = rs.actor(table, seat)
    # (the step texts name seats and cards by ``_name_`` and ``text``: what str() gives,
    # without a Python-level __format__ call per value)
    who, what = seat._name_, card.text
    if mode in (_OS, _OS_OWN_REVOKE, _OS_OFFERED):
        # 62C2: the non-offending player next before him in rotation, his right-hand
        # opponent, has withdrawn his card on this branch
        question = (f"{who} (revoker's partner) may withdraw {what} and play another card: {seat.rho._name_} "
                    "(non-offending side, before him) has withdrawn his card")
    elif mode == _OS_BARRED:
        question = (f"{who} (revoker's partner) may withdraw {what} only if {seat.rho._name_} (non-offending side, "
                    "before him) withdraws his card")
    else:
        question = f"{who} (non-offending side) may withdraw {what} and play another card"
    if mode == _OWN_ESTABLISHED:
        # 63B: his card is itself an established revoke (2007: the other side's revoke on the
        # same trick is not yet established; 2017 corrects both under 62C3 instead)
        return _Position((Step(actor, StepKind.FORCED, rs.cite("63B"),
                               f"{seat} must leave {card}: it is his own revoke, established, and can no longer be corrected",
                               also=(rs.cite("62C1"),), question=question, choice="must leave it"),)), None
    if mode == _OWN_ESTABLISHED_CORRECTED:
        return _Position((Step(actor, StepKind.FORCED, rs.cite("62C1"),
                               f"{seat} leaves {card} here: it is his own revoke, established, but on trick 12, so "
                               f"corrected all the same, in its turn ({rs.cite('62D1')})",
                               also=(rs.cite("62D1"),), question=question, choice="must leave it"),)), None
    if mode in (_NOS_OWN_REVOKE, _OS_OWN_REVOKE):
        # (the option of his place in the cascade, 62C1 or 62C2, is the one he passes over)
        return _Position((Step(actor, StepKind.FORCED, rs.cite("62C1" if mode == _NOS_OWN_REVOKE else "62C2"),
                               f"{seat} leaves {card} here: it is his own revoke, corrected in its turn (62B)",
                               also=(rs.cite("62B"),), question=question, choice="must leave it"),)), None
    if mode == _OS_OFFERED:
        return _Position((Step(actor, StepKind.FORCED, rs.cite("62C2"),
                               f"{seat} leaves {card} here: his right to change it came with the correction of dummy's "
                               "card before it, with no penalty card, and was offered there",
                               question=question, choice="must leave it"),)), None
    if mode == _OS_BARRED:
        return _Position((Step(actor, StepKind.FORCED, rs.cite("62C2"),
                               f"{seat} must leave {card}: no player of the non-offending side changed before him",
                               question=question, choice="must leave it"),)), None
    trick = table.trick(trick_no)
    assert trick is not None
    suit_led = trick.suit_led
    hand = frozenset(table.hand(seat) | {card})
    in_force = table.penalty_cards_of(seat)
    #: the penalty card his card was when he played it (it goes back as one when withdrawn)
    played_as = table.played_penalty_card(seat, card)
    # (62C3: a card the defending side withdraws becomes a penalty card, read under 50E)
    made = mode == _NOS and both_sides and table.is_defender(seat)
    info = rs.withdrawn_info(seat, card, offending, table, becomes_penalty=made)
    infos: tuple[Info, ...] = (info,)
    head = f"{who} withdraws {what} and plays "
    kind: PenaltyKind | None = None
    if mode == _NOS:
        clause = rs.cite("62C1")
        keep = Step(actor, StepKind.OPTION, clause, f"{who} keeps {what}", question=question, choice="keep")
        also: tuple[str, ...] = (rs.cite("47D"), info.ai_clause, info.ui_clause)
        if made:
            # 62C3: a card withdrawn by the defending side is a penalty card (50B: a deliberate play)
            kind = _withdrawn_kind(rs, card)
            also = (rs.cite("62C3"), rs.cite("50B"), *also)
        restore = rs.decisions.withdrawn_penalty_card_stays_penalty
        fate = no_penalty_card(table, seat, card, restore)
    else:
        clause = rs.cite("62C2")
        keep = Step(actor, StepKind.OPTION, clause, f"{who} keeps {what}", question=question, choice="keep")
        # a card that was a penalty card when he played it goes back as the penalty card it
        # was, of its kind (as the revoke card does, 62B2): 62C2 makes no second one of it
        was = played_as if table.is_defender(seat) else None
        if table.is_defender(seat) and rs.decisions.revoke_card_penalty_before_substitute and any(
                p.seat is seat and p.card != card for p in table.penalty_cards):
            # The same order as for the revoker (62B): the withdrawn card is a penalty card
            # before he substitutes, so 50B may already have made his other penalty cards
            # major (50D1(a)); the card itself is no obligation for its own substitute.
            # (Without other penalty cards of his, nothing changes: the substitutes above stand.)
            judge_kind = _withdrawn_kind(rs, card)
            if was is not None:
                judge_kind = was.kind
            in_force = frozenset([p for p in table.penalty_cards_with(seat, card, judge_kind) if p.seat is seat and p.card != card])
        also = (rs.cite("47D"), info.ai_clause, info.ui_clause)
        if was is not None:
            fate = no_penalty_card(table, seat, card, True)
        elif table.is_defender(seat):
            kind = _withdrawn_kind(rs, card)
            also = (rs.cite("50B"), *also)
        else:
            fate = f"{card} goes back to {'dummy' if seat is table.dummy else 'his hand'}, no penalty card (48A)"
        restore = True
        if kind is not None or was is not None:
            # a penalty card after the withdrawal (made one, or one when played and one
            # again): both laws, 16C and 50E
            infos = rs.penalty_withdrawal_info(seat, card, table)
            also = (*also, *info_clauses(infos[1:]))
    # a penalty card he played, going back to being one, obliges its own substitute (50D1(a), 50C)
    restored = played_as if restore and rs.decisions.restored_penalty_card_binds_substitute else None
    subs = lawful_substitutes(hand, suit_led, in_force, card, restored)
    if refused and kind is PenaltyKind.MAJOR and not (suit_led is not None and card.suit is not suit_led
                                                       and any(c.suit is suit_led for c in hand)):
        # (his card taken back for a penalty card that was due: declarer's refusal, 52B2)
        gone = " ".join(c.text for c in subs if c in refused)
        subs = tuple(c for c in subs if c not in refused)
        if gone:
            # (a major penalty card he had to play, 50D1(a); or a minor one whose suit he
            # played below honour rank before it, 50C)
            owed = rs.cite("50C" if all(p.kind is PenaltyKind.MINOR for p in table.penalty_cards_of(seat) if p.card in refused)
                           else "50D1(a)")
            keep = Step(actor, StepKind.OPTION if subs else StepKind.FORCED, clause,
                        f"{who} keeps {what}; taken back for {gone}, the penalty card due when he played it ({owed}), it "
                        f"would be a major penalty card: the position declarer's refusal of {what} gives ({rs.cite('52B2')})",
                        also=(rs.cite("52B2"),), question=question, choice="keep")
    if not subs:
        if restored is not None and lawful_substitutes(hand, suit_led, in_force, card):
            return _Position((_penalty_card_stays(rs, actor, seat, card, restored, clause, question),)), None
        return _Position((keep,)), None
    named, designated = penalty_card_designation(subs, in_force, rs.cite("51A"))  # several penalty cards due (51A)
    also += designated
    tables = table.substitutes(trick_no, seat, subs, restore_penalty=restore, penalty=kind)
    # the revoker's partner's card that fails to follow the suit led while he holds it (a
    # rectification turned the trick to another suit) is a revoke of his own, to be corrected
    # (62A): kept, it would be withdrawn at once for the same lawful cards, with the same
    # penalty card (62B1), as his change here: his change is forced (one path to each)
    # A non-offending player's card in the same position, not a revoke of his own (``turned``:
    # the revoker's corrected lead turned the trick to a suit he holds; or the trick's lead
    # was replaced after he played; or a rectification found his card played to another card
    # than the one that stands, a refused change of designation) may not stay either: a card
    # that does not follow the suit led while he holds it is no lawful play to the trick
    # (44C), so he changes it (forced). (A card of his that fails to follow the suit led as he
    # played it is a revoke of his own, which the revoke rules correct in turn, 62B.)
    own = mode in (_OS, _NOS) and suit_led is not None and card.suit is not suit_led and any(
        c.suit is suit_led for c in hand)
    option = StepKind.OPTION
    if own and suit_led is not None:
        option = StepKind.FORCED
        if mode == _OS:
            question = f"{who}'s {what} fails to follow {suit_led.name.lower()}, which he holds: a revoke of his own he must correct"
            also = (rs.cite("62A"), *also)
        else:
            question = f"{who}'s {what} does not follow the suit led, {suit_led.name.lower()}, which he holds: he must change it"
            also = (rs.cite("44C"), *also)
    steps = [keep]
    shared: tuple[object, str] = (None, "")  # the fate of the siblings that share their penalty cards
    for sub, t2 in zip(subs, tables, strict=True):
        if kind is not None:
            if t2.penalty_cards is not shared[0]:
                shared = (t2.penalty_cards, f"{card} becomes a {t2_kind(t2, seat, card)} penalty card")
            fate = shared[1]
        # (a penalty card of his played as his substitute: the law that makes him play it)
        due = next((p for p in in_force if p.card == sub), None)
        step_also = also if due is None else (*also, rs.cite("50D1(a)" if due.kind is PenaltyKind.MAJOR else "50C"))
        steps.append(Step(actor, option, clause, f"{head}{sub.text}{named}; {fate}", step_also, question, f"change to {sub.text}"))
    return _Position(tuple(steps), subs, kind, restore, infos, not own), tables


def _withdrawn_kind(rs: RuleSet, card: Card) -> PenaltyKind:
    """50B for a defender's card a withdrawal makes a penalty card (62C2, 62C3): it was a
    deliberate play, so major (switch ``os_withdrawn_card_is_major``; off: major only as an
    honour)."""
    return PenaltyKind.MAJOR if rs.decisions.os_withdrawn_card_is_major or card.is_honour else PenaltyKind.MINOR


def _penalty_card_stays(rs: RuleSet, actor: str, seat: Seat, card: Card, was: PenaltyCard, clause: str, question: str) -> Step:
    """The one step of a player whose card was a penalty card when he played it: withdrawn,
    it would be that penalty card again and bar every other card he could change to."""
    if was.kind is PenaltyKind.MAJOR:
        why, law = "withdrawn, it would be a major penalty card again, due to this trick at once", "50D1(a)"
    else:
        why, law = "withdrawn, it would be a minor penalty card again, barring his other cards of its suit below honour rank", "50C"
    return Step(actor, StepKind.FORCED, rs.cite(law), f"{seat} must leave {card}: {why}", also=(clause,),
                question=question, choice="must leave it")


def t2_kind(t: TableState, seat: Seat, card: Card) -> str:
    for p in t.penalty_cards_of(seat):
        if p.card == card:
            return str(p.kind)
    return "?"


@dataclass(slots=True)
class _Lead:
    """The steps of a non-offending lead to the trick after the revoke trick (and the 16C
    information of the trick's cards, should it be withdrawn), a value of what they depend
    on: the leader, his card, the two tricks, who won the revoke trick, the trick's cards,
    who is declarer, whether 62C3 rules the trick. Nodes that share these share the steps."""

    withdrawn: Step | None  # 44G: the lead is withdrawn (he no longer won the revoke trick)
    stays: Step  # 63B: the lead established his side's revoke and stays
    keep: Step  # 62C1: he keeps his lead ...
    withdraw: Step  # ... or withdraws it
    infos: tuple[Info, ...]
    #: 62C3: the defenders' cards of the trick, each a penalty card once withdrawn
    made: tuple[tuple[Seat, Card, PenaltyKind], ...] = ()


def _lead_steps(rs: RuleSet, table: TableState, task: RevokeCascade, actor: str, winner: Seat | None,
                plays: tuple[tuple[Seat, Card], ...]) -> _Lead:
    r = task.revoke
    trick_no, seat, card = task.later[task.index]
    who, what = seat._name_, card.text
    question = f"{who} may withdraw his lead of {what}"
    made: tuple[tuple[Seat, Card, PenaltyKind], ...] = ()
    if task.both_sides:
        # 62C3: both sides offended; each card is unauthorized to its own side (16C), and a
        # defender's, which its withdrawal makes a penalty card, is read under 50E
        # (50B: with another penalty card of his, every one of them is major)
        made = tuple([(s, c, PenaltyKind.MAJOR if any(p.seat is s and p.card != c for p in table.penalty_cards) else _withdrawn_kind(rs, c))
                      for s, c in plays if table.is_defender(s)])
        infos = tuple([rs.withdrawn_info(s, c, s.side.other, table, becomes_penalty=True) if table.is_defender(s)
                       else rs.withdrawn_info(s, c, s.side, table) for s, c in plays])
    else:
        infos = tuple([rs.withdrawn_info(s, c, r.seat.side, table) for s, c in plays])
    # the information's clauses: 16C, or 50E for a card that was a penalty card when played
    told = tuple(dict.fromkeys([c for i in infos for c in (i.ai_clause, i.ui_clause)]))
    penalty = tuple(dict.fromkeys([rs.cite("62C3"), rs.cite("50B")])) if made else ()
    fates = "; ".join([f"{c} becomes a {k} penalty card" for _, c, k in made])
    withdrawn = None
    if winner is not None and winner is not seat and rs.decisions.retract_lead_when_winner_changes:
        withdrawn = Step("TD", StepKind.FORCED, rs.cite("44G"),
                         f"{who}'s lead of {what} is withdrawn: {winner._name_} won trick {r.trick} and leads to trick {trick_no}"
                         + (f"; {fates}" if made else ""),
                         also=(rs.cite("62C1"), *penalty, *told), question=question, choice="withdrawn")
    # 63B: the lead established his own side's revoke on the trick before, which now stands
    # (2007; 2017 corrects both revokes under 62C3): withdrawing it cannot undo that
    # (on trick 12 an established revoke is corrected all the same, 62D1)
    last = trick_no - 1 == 12
    stays = Step(actor, StepKind.FORCED, rs.cite("63B"),
                 f"{seat}'s lead of {card} stays: it established his side's revoke"
                 + (f" on trick 12; a revoke on trick 12 is corrected all the same ({rs.cite('62D1')})" if last
                    else ", which can no longer be corrected"),
                 also=(rs.cite("62C1"), rs.cite("63A1"), *((rs.cite("62D1"),) if last else ())), question=question, choice="keep")
    clause = rs.cite("62C1")
    keep = Step(actor, StepKind.OPTION, clause, f"{who} keeps his lead of {what}", question=question, choice="keep")
    if made:
        fate = fates
    elif task.both_sides and not table.is_defender(seat):
        fate = f"{card} goes back to {'dummy' if seat is table.dummy else 'his hand'}, no penalty card (48A)"
    else:
        fate = no_penalty_card(table, seat, card, rs.decisions.withdrawn_penalty_card_stays_penalty)
    withdraw = Step(actor, StepKind.OPTION, clause, f"{who} withdraws his lead of {what} and will lead again; {fate}",
                    also=(*penalty, infos[0].ai_clause, infos[0].ui_clause), question=question, choice="withdraw")
    return _Lead(withdrawn, stays, keep, withdraw, infos, made)


def _next_trick_lead(rs: RuleSet, node: Node, task: RevokeCascade, actor: str) -> list[Edge]:
    """A NOS lead to the trick after the revoke trick: 62C1 lets the leader withdraw it; 44G
    withdraws it when, the revoke trick restored, he no longer won that trick. Under 62C3
    (both sides revoked on the trick) the leader is a non-offender as to the other side's
    revoke, and every card of the trick the defending side withdraws, by his choice or by
    44G, becomes a penalty card."""
    r = task.revoke
    table = node.table
    trick_no, seat, card = task.later[task.index]
    trick = table.trick(trick_no)
    assert trick is not None
    revoke_trick = table.trick(r.trick)
    assert revoke_trick is not None
    winner = revoke_trick.winner(table.trumps)
    # (the penalty cards played: a withdrawn one's information is read under 50E, withdrawn_info)
    key = ("62C1 lead", seat, card, trick_no, r.trick, r.seat.side, winner, trick.plays, table.declarer, table.played_penalty,
           task.both_sides, table.penalty_cards if task.both_sides else None)
    lead = rs.memo.get(key)
    if not isinstance(lead, _Lead):
        lead = _lead_steps(rs, table, task, actor, winner, trick.plays)
        if len(rs.memo) >= _MEMO_MAX:
            rs.memo.clear()
        rs.memo[key] = lead
    this = task.later[task.index]
    later = tuple([p for p in task.later if p[0] != trick_no or p == this])
    restore = rs.decisions.withdrawn_penalty_card_stays_penalty
    early = table.put_down_before(trick_no, seat, card)
    own = not task.both_sides and establishes_own_revoke(table, seat, card, trick_no - 1)
    if early is not None and not own:
        return _lead_put_down_early(rs, node, task, lead, winner, early, later)
    out_of_turn = table.put_down_out_of_turn(trick_no, seat, card) is not None
    if out_of_turn and not own:
        # (under 62C3 the revoke his lead established is corrected all the same: nothing keeps it)
        return _lead_made_out_of_turn(rs, node, task, lead, winner, later)
    if winner is seat and (why := _major_either_way(rs, table, task, lead, trick_no, seat, card)) is not None:
        return _lead_stays_for_50d2(rs, node, task, lead, table, why)
    if lead.withdrawn is not None and not (own and out_of_turn and early is None):
        # (a revoke of his side this lead established stays established: 63A1, 63B; under
        # 62C3 that revoke is corrected, and there is nothing to keep. 44G sends back a lead
        # made in turn; one made out of turn once the trick was complete stays, below)
        t2 = (table if task.both_sides else table.keeping_established(trick_no)).withdraw_trick(trick_no, restore_penalty=restore)
        t2 = _made_penalty_cards(t2, lead.made)
        return [(lead.withdrawn, _child(node, t2, _advance(rs, node, task, t2, True, later), with_entries(node.ledger, lead.infos)))]
    if own:
        # 63B: it stays, read as it stands on the corrected table: whoever won the revoke trick
        # as corrected leads the next (44G), so it is his lead in turn when he won it, out of
        # turn otherwise, for the rules of leads out of turn (53A, 55A, 56, 57A)
        if early is not None:
            t2 = table.with_lead_as_it_stands(trick_no, seat, winner)
        elif out_of_turn and winner is seat:
            t2 = table.with_lead_read_again(trick_no)
        else:
            t2 = table
        return [(lead.stays, _child(node, t2, _advance(rs, node, task, t2, False)))]
    t2 = _made_penalty_cards(table.withdraw_trick(trick_no, restore_penalty=restore), lead.made)
    return [
        (lead.keep, _child(node, table, _advance(rs, node, task, table, False))),
        (lead.withdraw, _child(node, t2, _advance(rs, node, task, t2, True, later), with_entries(node.ledger, lead.infos))),
    ]


def _lead_put_down_early(rs: RuleSet, node: Node, task: RevokeCascade, lead: _Lead, winner: Seat | None,
                         after: tuple[Seat, ...], later: tuple[LaterPlay, ...]) -> list[Edge]:
    """A lead to the trick after the revoke trick put down before that trick was complete
    (``TableState.put_down_early``; ``after``: the seats whose cards to it came after the
    lead). It was never a lead made in turn, so no change of the trick's winner sends it back
    (44G): it stands as made, the leader's in turn when he won the revoke trick as corrected,
    out of turn otherwise, for the rules of leads out of turn (53A, 55A, 56). 62C1 reaches
    only cards played after the revoke: a lead put down before the revoke card is no such
    card and stays; one put down after it (the revoker played before it) may be withdrawn."""
    r = task.revoke
    table = node.table
    trick_no, seat, card = task.later[task.index]
    who, what = seat._name_, card.text
    in_turn = winner is seat
    t2 = table.with_lead_as_it_stands(trick_no, seat, winner)
    won = f"{winner._name_} won trick {r.trick}" if winner is not None else f"trick {r.trick} is not complete"
    as_it_stands = (f"{won}, so it is his lead, in turn" if in_turn
                    else f"{won}, so it is a lead out of turn as it stands, ruled as one")
    keep_child = _child(node, t2, _advance(rs, node, task, t2, False))
    question = f"{who} may withdraw his lead of {what}"
    if r.seat in after:
        question = f"does {who}'s lead of {what}, put down before trick {r.trick} was complete, stay?"
        step = Step("TD", StepKind.FORCED, rs.cite("62C1"),
                    f"{who}'s lead of {what} stays: he put it down before trick {r.trick} was complete, before "
                    f"{r.seat._name_}'s revoke card, so it is no card played after the revoke; {as_it_stands}",
                    also=(rs.cite("44G"),), question=question, choice="stays")
        return [(step, keep_child)]
    trick = table.trick(trick_no)
    # (a lead with only his partner's cards after it: refused (55A, 56), the partner's card
    # is read as his own lead out of turn, refused in turn, which leaves what taking the lead
    # back leaves: the declaring side's cards back in the hands without penalty, a defender's
    # each a major penalty card (56; 62C3 where the withdrawn card would be major). A
    # defender's 57A lead, made before his partner played, is not read so: below)
    partners = trick is not None and all(s is seat.partner for s, _ in trick.plays[1:])
    alone = trick is not None and (len(trick.plays) == 1 or (partners and (
        not table.is_defender(seat)
        or ((trick_no, seat) not in table.early_leads
            and all(k is PenaltyKind.MAJOR for s, c, k in lead.made if s is seat.partner and (s, c) in trick.plays)))))
    if (task.both_sides and not in_turn and winner is not None and alone
            and all(k is PenaltyKind.MAJOR for s, c, k in lead.made if s is seat and c == card)):
        if (trick_no, seat) in table.early_leads:
            # 62C3: a defender's lead made before his partner played (57A), which another
            # hand's card won the corrected trick from: kept, 57A sends it back a major penalty
            # card, the winner leading; taken back (62C1), it is a major penalty card the
            # defending side withdrew (62C3), the winner leading. One outcome, offered once:
            # the lead stays for 57A to rule (docs/decisions.md)
            text = (f"{who}'s lead of {what}, put down before trick {r.trick} was complete, before his partner played, "
                    f"stays for {rs.cite('57A')} to rule: {won}; taken back, it would be a major penalty card all the same, "
                    f"every card the defending side withdraws becoming one ({rs.cite('62C3')})")
        else:
            # 62C3: a lead out of turn as it stands (another hand won the corrected trick):
            # taken back, it leaves what his opponents' refusal of the lead leaves (the card
            # back in his hand, a defender's a major penalty card: 55A, 56, 62C3), so, as for
            # a lead made out of turn after the revoke (_lead_made_out_of_turn), whether it
            # stands is theirs to say: offered once (docs/decisions.md)
            after_it = (f" of it and of {seat.partner._name_}'s card{'s' if len(trick.plays) > 2 else ''} after it"
                        if trick is not None and len(trick.plays) > 1 and table.is_defender(seat) else "")
            text = (f"{who}'s lead of {what}, put down before trick {r.trick} was complete, stays as made: {as_it_stands}; "
                    f"withdrawing it would leave what his opponents' refusal{after_it} leaves, both sides having offended "
                    f"({rs.cite('62C3')}), so whether it stands is theirs to say")
        stays = Step(lead.keep.actor, StepKind.FORCED, lead.keep.clause, text,
                     also=(rs.cite("44G"), rs.cite("62C3")), question=question, choice="keep")
        return [(stays, keep_child)]
    restore = rs.decisions.withdrawn_penalty_card_stays_penalty
    t3 = _made_penalty_cards(table.withdraw_trick(trick_no, restore_penalty=restore), lead.made)
    keep = Step(lead.keep.actor, StepKind.OPTION, lead.keep.clause,
                f"{who} keeps his lead of {what}, put down before trick {r.trick} was complete; {as_it_stands}",
                also=(rs.cite("44G"),), question=question, choice="keep")
    withdraw = lead.withdraw
    if not in_turn and winner is not None:
        text = withdraw.text.replace(" and will lead again;", f"; {winner._name_} leads to trick {trick_no};")
        withdraw = Step(withdraw.actor, withdraw.kind, withdraw.clause, text, withdraw.also, withdraw.question, withdraw.choice)
    return [
        (keep, keep_child),
        (withdraw, _child(node, t3, _advance(rs, node, task, t3, True, later), with_entries(node.ledger, lead.infos))),
    ]


def _lead_stays(rs: RuleSet, node: Node, task: RevokeCascade, lead: _Lead, t2: TableState, text: str,
                clause: str) -> list[Edge]:
    """The one course left where withdrawing the lead would leave what the opponents' choice
    over it leaves: the lead stays as made (``text``, citing 44G and ``clause``) on ``t2``,
    for the rules of leads out of turn."""
    stays = Step(lead.keep.actor, StepKind.FORCED, lead.keep.clause, text, also=(rs.cite("44G"), clause),
                 question=lead.keep.question, choice="keep")
    return [(stays, _child(node, t2, _advance(rs, node, task, t2, False)))]


def _major_either_way(rs: RuleSet, table: TableState, task: RevokeCascade, lead: _Lead, trick_no: int, seat: Seat,
                      card: Card) -> str | None:
    """Why ``seat``'s lead of ``card`` to ``trick_no``, alone on its trick and made while his
    partner held a major penalty card and before declarer stated his 50D2 choice at that
    lead, is a major penalty card whether he keeps it (50D2 sends it back one, 49) or takes
    it back (62C1): every card the defending side withdraws becomes one where both sides
    revoked on the trick (62C3, the card the record's own last lead), or it was a major
    penalty card when he led it and goes back as that (``withdrawn_penalty_card_stays_penalty``).
    None where the two courses differ, or where the reading is switched off
    (``lead_before_50d2_choice_kept_or_withdrawn_offered_once``)."""
    if not rs.decisions.lead_before_50d2_choice_kept_or_withdrawn_offered_once:
        return None
    if not _waits_for_declarers_choice(table, trick_no, seat):
        return None
    if task.both_sides:
        if task.last_lead == (trick_no, seat, card) and any(
                s is seat and c == card and k is PenaltyKind.MAJOR for s, c, k in lead.made):
            return (f"taken back, it would be a major penalty card all the same, every card the defending side "
                    f"withdraws becoming one ({rs.cite('62C3')})")
        return None
    if rs.decisions.withdrawn_penalty_card_stays_penalty and table.lead_alone_was_major_penalty_card(trick_no, seat, card):
        return (f"taken back, it would go back as the major penalty card it was when he led it "
                f"({rs.cite('50B')})")
    return None


def _lead_stays_for_50d2(rs: RuleSet, node: Node, task: RevokeCascade, lead: _Lead, t2: TableState, why: str) -> list[Edge]:
    """The one course of a lead in turn made before declarer's choice over the leader's
    partner's major penalty card, where keeping it and taking it back (62C1) leave one
    position (``why``, :func:`_major_either_way`): kept, 50D2 sends it back a major
    penalty card (49), declarer choosing and he leading again; taken back, it is a major
    penalty card all the same, declarer choosing and he leading again. Offered once: the
    lead stays for 50D2 to rule (docs/decisions.md)."""
    _, seat, card = task.later[task.index]
    partner = seat.partner
    stays = Step(lead.keep.actor, StepKind.FORCED, lead.keep.clause,
                 f"{seat._name_}'s lead of {card.text} stays for {rs.cite('50D2')} to rule: he led before declarer stated "
                 f"his choice over {partner._name_}'s major penalty card; {why}, and he would "
                 "lead again after declarer's choice",
                 also=(*((rs.cite("62C3"),) if task.both_sides else (rs.cite("50B"),)), rs.cite("50D2")),
                 question=lead.keep.question, choice="keep")
    return [(stays, _child(node, t2, _advance(rs, node, task, t2, False)))]


def _lead_made_out_of_turn(rs: RuleSet, node: Node, task: RevokeCascade, lead: _Lead, winner: Seat | None,
                           later: tuple[LaterPlay, ...]) -> list[Edge]:
    """A non-offending lead to the trick after the revoke trick, made once that trick was
    complete but out of turn as it then stood (the revoke card won it for another player).
    It is a card played after the revoke, so its player may withdraw it (62C1, no penalty
    card); no change of the trick's winner sends it back (44G reaches a lead made in turn).
    Kept, it stands as made: his lead in turn when he won the revoke trick as corrected, out
    of turn otherwise, for the rules of leads out of turn (53A, 55A, 56)."""
    r = task.revoke
    table = node.table
    trick_no, seat, card = task.later[task.index]
    who, what = seat._name_, card.text
    in_turn = winner is seat
    t2 = table.with_lead_read_again(trick_no) if in_turn else table
    won = f"{winner._name_} won trick {r.trick}" if winner is not None else f"trick {r.trick} is not complete"
    as_it_stands = (f"{won}, so it is his lead, in turn" if in_turn
                    else f"{won}, so it is a lead out of turn as it stands, ruled as one")
    keep = Step(lead.keep.actor, StepKind.OPTION, lead.keep.clause,
                f"{who} keeps his lead of {what}, made out of turn after the revoke; {as_it_stands}",
                also=(rs.cite("44G"),), question=lead.keep.question, choice="keep")
    if task.both_sides and not in_turn and winner is not None:
        # 62C3: both sides offended, so his withdrawal leaves what his opponents' refusal of
        # the lead kept out of turn leaves (the card back in his hand, a defender's a major
        # penalty card, unauthorized to his own side: 16C, 50E, 55A, 56). The outcome is
        # offered once, as the opponents' choice of the lead as it stands (docs/decisions.md)
        return _lead_stays(rs, node, task, lead, t2, (
            f"{who}'s lead of {what}, made out of turn after the revoke, stays as made: {as_it_stands}; "
            f"withdrawing it would leave what his opponents' refusal leaves, both sides having offended "
            f"({rs.cite('62C3')}), so whether it stands is theirs to say"), rs.cite("62C3"))
    if in_turn and (why := _major_either_way(rs, table, task, lead, trick_no, seat, card)) is not None:
        # (his lead in turn once the revoke trick is corrected, made before declarer's
        # choice over his partner's major penalty card: kept or taken back, one position)
        return _lead_stays_for_50d2(rs, node, task, lead, t2, why)
    restore = rs.decisions.withdrawn_penalty_card_stays_penalty
    if restore and table.lead_alone_was_major_penalty_card(trick_no, seat, card) and not in_turn and winner is not None:
        # a defender's card that was a major penalty card when he led it, alone on its trick:
        # taken back (62C1), it goes back as that major penalty card, the winner leading;
        # refused by declarer (56), it goes back a major penalty card (50B), the winner
        # leading, 50D read alike. One outcome, offered once: whether the lead stands is
        # declarer's to say (docs/decisions.md)
        return _lead_stays(rs, node, task, lead, t2, (
            f"{who}'s lead of {what}, made out of turn after the revoke, stays as made: {as_it_stands}; "
            f"withdrawing it would leave what declarer's refusal leaves, {what} back in his hand as the major "
            f"penalty card it was ({rs.cite('50B')}), so whether it stands is declarer's to say"), rs.cite("56"))
    t3 = _made_penalty_cards(table.withdraw_trick(trick_no, restore_penalty=restore), lead.made)
    withdraw = lead.withdraw
    if not in_turn and winner is not None:
        text = withdraw.text.replace(" and will lead again;", f"; {winner._name_} leads to trick {trick_no};")
        withdraw = Step(withdraw.actor, withdraw.kind, withdraw.clause, text, withdraw.also, withdraw.question, withdraw.choice)
    return [
        (keep, _child(node, t2, _advance(rs, node, task, t2, False))),
        (withdraw, _child(node, t3, _advance(rs, node, task, t3, True, later), with_entries(node.ledger, lead.infos))),
    ]



def _made_penalty_cards(table: TableState, made: tuple[tuple[Seat, Card, PenaltyKind], ...]) -> TableState:
    """``table`` with each of ``made`` a penalty card of its seat (62C3)."""
    for seat, card, kind in made:
        table = table.with_penalty(seat, card, kind)
    return table


def report_established(rs: RuleSet, node: Node, task: object) -> list[Edge]:
    """63A/63B: the revoke is established (by a play to the next trick, 63A1; a card
    designated for it, 63A2; a claim or the agreement to one, 63A3/63A4) and can no longer
    be corrected."""
    assert isinstance(task, ReportEstablished)
    r = task.revoke
    # (a lead or play that broke a restriction in force is a revoke by 61A: cited with it)
    broke = (rs.cite("61A"),) if any(rv.rule is not None for rv in (r, *(e[0] for e in task.earlier))) else ()
    if task.earlier:
        # several revokes stand: each is named with what established it
        every = (*task.earlier, (r, task.how, task.clause))
        named = "; ".join(f"{rv}: {how}" + (f" ({clause})" if clause != task.clause else "") for rv, how, clause in every)
        tricks = sorted({rv.trick for rv, _, _ in every})
        which = ", ".join(str(n) for n in tricks[:-1]) + f" and {tricks[-1]}" if len(tricks) > 1 else str(tricks[0])
        text = f"each revoke is established: {named}; trick{'s' if len(tricks) > 1 else ''} {which} stand{'' if len(tricks) > 1 else 's'} as played"
        also = tuple(dict.fromkeys(c for _, _, c in every if c != task.clause))
        step = Step("TD", StepKind.FORCED, task.clause, text, also=(*broke, *also, rs.cite("63B")), question="are the revokes established?",
                    choice="established")
    else:
        step = Step(
            "TD",
            StepKind.FORCED,
            task.clause,
            (f"{r}: " if task.named else "") + f"the revoke is {task.how}; trick {r.trick} stands as played",
            also=(*broke, rs.cite("63B")),
            question="is the revoke established?",
            choice="established",
        )
    return [(step, Node(node.table, node.agenda[1:], node.ledger, node.findings, node.restrictions, True, node.focus))]


RULES: tuple[Rule, ...] = (
    Rule("correct_revoke", CorrectRevoke, ("61A", "62A", "62B", "62B1", "62B2", "62D1", "62D2", "44C", "50C", "50D1(a)", "51A", "16C1", "16C2"), correct_revoke,
         correct_revoke.__doc__ or "", editions=frozenset({"2017"})),
    Rule("correct_revoke_2007", CorrectRevoke, ("61A", "62A", "62B", "62B1", "62B2", "62D1", "62D2", "44C", "50C", "50D1(a)", "51A", "16C1", "16C2"),
         correct_revoke_2007, correct_revoke_2007.__doc__ or "", editions=frozenset({"2007"})),
    Rule("correct_both_revokes", CorrectBothRevokes, ("62C3", "63B", "64B8"), correct_both_revokes, correct_both_revokes.__doc__ or "",
         editions=frozenset({"2017"})),
    Rule("revoke_cascade", RevokeCascade, ("62C1", "62C2", "62A", "44C", "47D", "50B", "44G", "16C1", "16C2", "50E1", "50E2", "63B", "63A1",
                                         "62D1"), revoke_cascade, revoke_cascade.__doc__ or ""),
    Rule("report_established", ReportEstablished, ("63A1", "63A2", "63A3", "63A4", "63B", "61A"), report_established, report_established.__doc__ or ""),
)
#: the opener reads only the table: the engine runs it again on a rectified table
REOPENABLE = True


def _revoke_standing(table: TableState, record: Replay) -> bool:
    """A revoke whose card still stands on its trick, not as its lead (what
    :func:`open_revoke` rules: ``still_a_revoke``)."""
    for r in table.revokes:  # noqa: SIM110  (a loop, not any(): this look runs on every restoration)
        if still_a_revoke(table, r) and not r.deemed:  # (67B1's deemed revoke: Law 64 counts it)
            return True
    return False


#: at a reopening the opener finds something only where a revoke card still stands
REOPEN_STATE = {"revoke": _revoke_standing}
OPENERS: tuple[tuple[str, object], ...] = (("revoke", open_revoke),)
#: the opener needs no line of the record, only a revoke the table recorded
OPENER_LINES: dict[str, tuple[type, ...]] = {"revoke": ()}
OPENER_STATE = {"revoke": lambda table: bool(table.revokes)}
