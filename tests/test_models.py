"""The table: seats, cards, deals, contracts, play lines, table state, revokes."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulings.models import (
    Card,
    Contract,
    Deal,
    IllegalActionError,
    InconsistentRecordError,
    NotationError,
    PenaltyCard,
    PenaltyKind,
    PlayLine,
    Rank,
    Seat,
    Side,
    Suit,
    TableState,
)
from rulings.models.events import Attention, Call, ChangeDesignation, Expose, Play, Touch

DEAL = "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"


def test_seat_geometry() -> None:
    assert Seat.S.lho is Seat.W and Seat.S.rho is Seat.E and Seat.S.partner is Seat.N
    assert Seat.W.next(2) is Seat.E and Seat.N.next(4) is Seat.N
    assert Seat.E.side is Side.EW and Side.EW.other is Side.NS
    assert Seat.N is not None and bool(Seat.N)  # a plain Enum: North is truthy


def test_card_notation() -> None:
    assert Card.parse("h10") == Card.parse("HT") == Card(Suit.HEARTS, Rank.TEN)
    assert Card.parse("♠A") == Card.parse("SA")
    assert Card.parse("SA").format("unicode") == "♠A"
    assert Rank.TEN.is_honour and not Rank.NINE.is_honour
    for bad in ["S1", "X5", "S", "", "SAA"]:
        with pytest.raises(NotationError):
            Card.parse(bad)


def test_deal_parse_and_errors() -> None:
    d = Deal.parse(DEAL)
    assert d[Seat.E].format() == "982.KQ654.654.Q5"
    assert Deal.parse(d.format(Seat.W)) == d
    with pytest.raises(InconsistentRecordError, match="dealt twice"):
        Deal.parse("N:J1043.32.A32.K432 J82.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6")
    with pytest.raises(InconsistentRecordError, match="different numbers"):
        Deal.parse("N:J1043.32.A32.K43 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6")
    with pytest.raises(NotationError):
        Deal.parse("J1043.32.A32.K432 982.KQ654.654.Q5")
    end = Deal.parse("N:A.-.-.- K.-.-.- Q.-.-.- J.-.-.-")
    assert len(end[Seat.N]) == 1


def test_contract() -> None:
    c = Contract.parse("6ntxx")
    assert c.level == 6 and c.trumps is None and c.doubled == 2 and str(c) == "6NTXX"
    assert Contract.parse("4S").trumps is Suit.SPADES
    with pytest.raises(NotationError):
        Contract.parse("8S")


def test_play_lines() -> None:
    assert PlayLine.parse("n sj") == Play(Seat.N, Card.parse("SJ"))
    assert isinstance(PlayLine.parse("attention TD"), Attention)
    assert PlayLine.parse("attention TD").by is None
    c = PlayLine.parse("S calls win")
    assert isinstance(c, Call) and c.what.kind == "win"
    assert PlayLine.parse("S calls queen").what.rank is Rank.QUEEN  # type: ignore[union-attr]
    assert PlayLine.parse("S calls spade").what.suit is Suit.SPADES  # type: ignore[union-attr]
    ch = PlayLine.parse("S changes to DK slip")
    assert isinstance(ch, ChangeDesignation) and ch.finding == "slip"
    ex = PlayLine.parse("W exposes HQ visible_to_partner dropped")
    assert isinstance(ex, Expose) and ex.facts == ("visible_to_partner", "dropped")
    assert isinstance(PlayLine.parse("S touches D4 arranging"), Touch)
    for bad, token in [("S plays SA", "plays"), ("Q SA", "Q"), ("S changes to DK maybe", "maybe"), ("W exposes HQ sideways", "sideways")]:
        with pytest.raises(NotationError) as info:
            PlayLine.parse(bad, line=7)
        assert info.value.token == token and info.value.line == 7


def _table(lines: str) -> TableState:
    t = TableState.start(Deal.parse(DEAL), Contract.parse("4S"), Seat.S)
    for text in lines.split(", "):
        t = t.apply(PlayLine.parse(text))
    return t


def test_tricks_and_turns() -> None:
    t = _table("W DQ, N DA, E D4, S D7")
    assert t.trick(1) is not None and t.trick(1).winner(t.trumps) is Seat.N  # type: ignore[union-attr]
    assert t.on_play is Seat.N and t.tricks_won()[Side.NS] == 1
    assert not t.revokes and not t.out_of_turn


def test_revoke_recorded_and_establishment() -> None:
    t = _table("W DQ, N DA, E D4, S D7, N SJ, E H4, S SA, W S5")
    (r,) = t.revokes
    assert (r.seat, r.trick, r.card, r.suit_led) == (Seat.E, 2, Card.parse("H4"), Suit.SPADES)
    assert not t.is_established(r)
    # The NOS leading to trick 3 does not establish it; the offender's partner following does.
    t2 = t.apply(PlayLine.parse("S HA"))
    assert not t2.is_established(r)
    t3 = t2.apply(PlayLine.parse("W H7"))
    assert t3.is_established(r) and t3.establishing_play(r) == (Seat.W, Card.parse("H7"))


def test_out_of_turn_recorded_not_refused() -> None:
    t = _table("W DQ, E D4")
    assert t.out_of_turn == ((1, Seat.E, Card.parse("D4")),)


def test_two_plays_out_of_turn_of_one_seat_on_one_trick_are_known_by_their_cards() -> None:
    """A seat's two cards out of turn on one trick are two plays out of turn, each its own
    entry: a ruling of one is no ruling of the other (44B). A card taken back keeps its
    entry; a substitute put in its place stands under the entry of the card it replaced."""
    d4, d5, d6 = Card.parse("D4"), Card.parse("D5"), Card.parse("D6")
    t = _table("W DQ, E D4, E D5")
    assert t.out_of_turn == ((1, Seat.E, d4), (1, Seat.E, d5))
    assert t.second_card_beside((1, Seat.E, d5)) == (1, Seat.E, d4)
    back = t.replace_card(1, Seat.E, None, card=d4)
    assert (1, Seat.E, d4) in back.out_of_turn and back.played_out_of_turn(1, Seat.E, d5) == (1, Seat.E, d5)
    assert back.second_card_beside((1, Seat.E, d5)) is None
    sub = t.replace_card(1, Seat.E, d6, card=d4)
    assert sub.played_out_of_turn(1, Seat.E, d6) == (1, Seat.E, d4)


def test_card_not_in_hand_and_played_twice() -> None:
    t = TableState.start(Deal.parse(DEAL), Contract.parse("4S"), Seat.S)
    with pytest.raises(IllegalActionError, match="in E's hand"):
        t.play(Seat.W, Card.parse("S9"))
    t = t.play(Seat.W, Card.parse("DQ"))
    with pytest.raises(IllegalActionError, match="already played"):
        t.play(Seat.W, Card.parse("DQ"))


def test_penalty_cards_and_50b() -> None:
    deal = Deal.parse(DEAL)
    with pytest.raises(IllegalActionError, match="48A"):
        TableState.start(deal, Contract.parse("4S"), Seat.S, penalty_cards=[PenaltyCard(Seat.N, Card.parse("SJ"), PenaltyKind.MAJOR)])
    t = TableState.start(deal, Contract.parse("4S"), Seat.S, penalty_cards=[PenaltyCard(Seat.E, Card.parse("S2"), PenaltyKind.MINOR)])
    t2 = t.with_penalty(Seat.E, Card.parse("H4"), PenaltyKind.MINOR)
    assert {p.kind for p in t2.penalty_cards_of(Seat.E)} == {PenaltyKind.MAJOR}  # two or more: all major


def test_a_penalty_card_played_keeps_when_it_became_one() -> None:
    """A penalty card played is kept with ``since`` (the cards standing when it became one):
    it obliged the plays made after that, not those before (52). It once lost it when played,
    and a heart its owner played before exposing the HQ was ruled a failure to play it."""
    t = _table("W DQ, N DA, E D4, S D7")
    t = t.with_penalty(Seat.E, Card.parse("H4"), PenaltyKind.MAJOR)
    assert {p.since for p in t.penalty_cards} == {4}
    t = t.apply(PlayLine.parse("N H2")).apply(PlayLine.parse("E H4"))
    (played,) = t.played_penalty
    assert (played.card, played.kind, played.since) == (Card.parse("H4"), PenaltyKind.MAJOR, 4)


# ----- lead restrictions (50D2(a), 51B) and the revoke of breaking one (61A) --------------------------
def _lead_rule_table(plays: str) -> TableState:
    from rulings.models.contract import Contract
    from rulings.models.deal import Deal

    deal = Deal.parse("N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6")
    t = TableState.start(deal, Contract.parse("4S"), declarer=Seat.S)
    for text in plays.split(", "):
        t = t.apply(PlayLine.parse(text))
    return t


def test_lead_rule_requirement_broken_by_a_lead_already_made() -> None:
    from rulings.models.table import LeadRule

    t = _lead_rule_table("W DQ, N DA, E D4, S D7, N D2, E D5, S D8, W D9, W DJ")
    t2 = t.with_lead_rule(LeadRule(Seat.W, Suit.HEARTS, True, 3))
    (r,) = t2.revokes
    assert (r.seat, r.trick, str(r.card), r.rule) == (Seat.W, 3, "DJ", LeadRule(Seat.W, Suit.HEARTS, True, 3))
    assert t2.lead_rules == ()  # a requirement is spent by the lead it governs


def test_lead_rule_prohibition_lasts_while_the_lead_is_kept_and_ends_with_it() -> None:
    from rulings.models.table import LeadRule

    t = _lead_rule_table("W DQ, N DA, E D4, S D7, N D2, E D5, S D8, W D9")
    ban = LeadRule(Seat.W, Suit.HEARTS, False, 3)
    t = t.with_lead_rule(ban)
    assert t.lead_rules == (ban,)
    kept = t.apply(PlayLine.parse("W CA"))
    for text in ("N C2", "E C5", "S C7"):
        kept = kept.apply(PlayLine.parse(text))
    assert kept.lead_rules == (ban,) and not kept.revokes  # W won trick 3: still on lead
    broken = kept.apply(PlayLine.parse("W H7"))
    assert [(r.seat, r.trick, str(r.card)) for r in broken.revokes] == [(Seat.W, 4, "H7")]
    lost = t
    for text in ("W C6", "N CK", "E C5", "S C7", "N S3"):
        lost = lost.apply(PlayLine.parse(text))
    assert lost.lead_rules == ()  # North won trick 3 and led: West lost the lead


def test_lead_rules_at_a_lead_read_after_they_are_spent_or_lost() -> None:
    """The restrictions a player was under at each of his leads, read off the table after
    play went on: a prohibition while he kept the lead, none once another led in turn."""
    from rulings.models.table import LeadRule

    t = _lead_rule_table("W DQ, N DA, E D4, S D7, N D2, E D5, S D8, W D9")
    ban = LeadRule(Seat.W, Suit.HEARTS, False, 3)
    t = t.with_lead_rule(ban)
    for text in ("W CA", "N C2", "E C5", "S C7", "W S5", "N SJ", "E S2", "S SA", "S S6"):
        t = t.apply(PlayLine.parse(text))
    assert t.lead_rules == ()  # South won trick 4 and led trick 5: the ban is over
    assert t.lead_rules_made == (ban,)
    assert t.lead_rules_at(3, Seat.W) == (ban,)  # his lead to trick 3
    assert t.lead_rules_at(4, Seat.W) == (ban,)  # he won trick 3 and kept the lead
    assert t.lead_rules_at(5, Seat.W) == ()  # not his lead
    assert t.lead_rules_at(2, Seat.W) == ()  # before the ban
    must = _lead_rule_table("W DQ, N DA, E D4, S D7, N D2, E D5, S D8, W D9").with_lead_rule(LeadRule(Seat.W, Suit.CLUBS, True, 3))
    for text in ("W CA", "N C2", "E C5", "S C7", "W S5"):
        must = must.apply(PlayLine.parse(text))
    assert must.lead_rules_at(3, Seat.W) == (LeadRule(Seat.W, Suit.CLUBS, True, 3),)
    assert must.lead_rules_at(4, Seat.W) == ()  # a requirement is spent by its lead


def test_lead_rules_on_one_lead_are_kept_together() -> None:
    """51B2(b): clubs and hearts both forbidden. From a hand of clubs and hearts only no lead
    keeps both (59): either suit is no revoke and the bans stay while he keeps the lead; with
    a diamond in the hand, a heart breaks the heart ban (61A)."""
    from rulings.models.cards import Card
    from rulings.models.table import LeadRule, Revoke

    bans = (LeadRule(Seat.W, Suit.CLUBS, False, 3), LeadRule(Seat.W, Suit.HEARTS, False, 3))
    h7 = Card.parse("H7")
    revokes: list[Revoke] = []
    left = TableState._lead_under_rules(bans, revokes, 3, Seat.W, h7, frozenset({h7, Card.parse("C6")}), Seat.W)
    assert not revokes and left == bans
    left = TableState._lead_under_rules(bans, revokes, 3, Seat.W, h7, frozenset({h7, Card.parse("C6"), Card.parse("D2")}),
                                        Seat.W)
    assert [(r.trick, str(r.card), r.suit_led) for r in revokes] == [(3, "H7", Suit.HEARTS)]
    assert left == (bans[0],)


def test_lead_rule_not_broken_when_unable() -> None:
    from rulings.models.cards import Card
    from rulings.models.table import LeadRule

    rule = LeadRule(Seat.W, Suit.HEARTS, True, 1)
    assert not rule.broken_by(Card.parse("S5"), [Card.parse("S5"), Card.parse("D2")])
    assert rule.broken_by(Card.parse("S5"), [Card.parse("S5"), Card.parse("H2")])


@given(st.permutations(range(52)), st.integers(1, 3), st.sampled_from([None, *Suit]), st.integers(1, 6))
@settings(max_examples=300, deadline=None)
def test_beaten_before_means_no_candidate_can_win(order: list[int], place: int, trumps: Suit | None, n: int) -> None:
    """``Trick.beaten_before``: when true, none of the cards wins in the seat's place,
    whatever is played after it (the later cards taken from eight of the others, in every
    order); when false, one of them beats every card before it (and wins when the later
    cards are discards)."""
    from rulings.models.cards import DECK
    from rulings.models.table import Trick

    cards = [DECK[i] for i in order]
    seats = [Seat.N.next(k) for k in range(4)]
    before = list(zip(seats[:place], cards[:place], strict=True))
    candidates, pool = cards[place:place + n], cards[place + n:]
    seat = seats[place]
    probe = Trick(1, Seat.N, (*before, (seat, candidates[0])))
    beaten = probe.beaten_before(seat, candidates, trumps)
    led = before[0][1].suit
    later_seats = seats[place + 1:]
    if beaten:
        for c in candidates:
            for later in itertools.permutations(pool[:8], len(later_seats)):
                trick = Trick(1, Seat.N, (*before, (seat, c), *zip(later_seats, later, strict=True)))
                assert trick.winner(trumps) is not seat
    else:
        discards = [c for c in pool if c.suit is not led and c.suit is not trumps]
        assert any(Trick(1, Seat.N, (*before, (seat, c), *zip(later_seats, discards, strict=False))).winner(trumps) is seat
                   for c in candidates)
    assert not Trick(1, Seat.N, tuple(before)).beaten_before(seats[0], candidates, trumps)  # (the leader)
    # each card apart: beaten_each, whose all() is beaten_before
    each = probe.beaten_each(seat, candidates, trumps)
    assert len(each) == len(candidates) and all(each) == beaten
    assert each == tuple(probe.beaten_before(seat, (c,), trumps) for c in candidates)
    assert not any(Trick(1, Seat.N, tuple(before)).beaten_each(seats[0], candidates, trumps))


def _record(*lines: str) -> object:
    from rulings.models.case import parse_case

    return parse_case({"deal": DEAL, "contract": "4S", "declarer": "S", "play": list(lines)}).replay()


def test_play_went_on_past_a_trick_on_the_table_or_by_a_remaining_line_before_attention() -> None:
    """``Replay.played_to``: a card of the player (or side) on the trick, or a ``remaining``
    line before attention (play went on to the end: every later trick was played by all four);
    a claim, or a ``remaining`` line after attention, is no play."""
    from rulings.models.case import Replay

    opening = ("W DQ", "N DA", "E D4", "S D7", "N SJ")
    played_out = _record(*opening, "remaining NS 9 EW 3", "attention E")
    assert isinstance(played_out, Replay) and played_out.played_out
    assert played_out.played_to(2, Seat.E) and played_out.played_to(2, Side.EW) and played_out.played_to(2, Seat.N)
    assert played_out.played_to(3, Side.EW) and played_out.played_to(13, Seat.W) and not played_out.played_to(14, Seat.W)
    assert played_out.played_to(1, Seat.S)
    for other in (_record(*opening, "S claims 12", "attention E"), _record(*opening, "attention E", "remaining NS 9 EW 3"),
                  _record(*opening, "attention E")):
        assert isinstance(other, Replay) and not other.played_out
        assert other.played_to(2, Seat.N) and other.played_to(2, Side.NS)
        assert not other.played_to(2, Seat.E) and not other.played_to(2, Side.EW) and not other.played_to(3, Seat.N)


def test_a_lead_to_the_next_trick_then_the_partners_card_is_read_onto_two_tricks() -> None:
    """A defender's card when three players, he among them, have played to the trick and his
    partner has not, followed by his partner's card: the partner's card completes the trick,
    his leads the next one, out of turn whoever won (``TableState.early_leads``), and it
    establishes no revoke his partner then makes (63A1). Without the partner's card next,
    the second card is read as the trick's fourth card."""
    from rulings.models.case import Replay

    opening = ("W DQ", "N DA", "E D4", "S D7", "N S3", "E S2", "S SA", "E HK")
    early = _record(*opening, "W S5", "S HA", "attention S")
    assert isinstance(early, Replay)
    table = early.table
    two, three = table.trick(2), table.trick(3)
    assert two is not None and three is not None
    assert [str(c) for _, c in two.plays] == ["S3", "S2", "SA", "S5"] and two.card_of(Seat.W) is not None
    assert three.leader is Seat.E and [(s, str(c)) for s, c in three.plays] == [(Seat.E, "HK"), (Seat.S, "HA")]
    assert table.early_leads == ((3, Seat.E),) and table.played_out_of_turn(3, Seat.E, Card.parse("HK")) is not None
    # (kept across a replay of the record)
    assert table.restart().play_many([(s, c) for t in table.tricks for s, c in t.plays]).out_of_turn == table.out_of_turn
    # the offender won the trick: still out of turn, made before the trick was complete
    won = _record("W DQ", "N DA", "E D4", "S D7", "N C2", "E CQ", "S C7", "E HK", "W C6", "attention S")
    assert isinstance(won, Replay) and won.table.played_out_of_turn(3, Seat.E) is not None
    # the partner's revoke with that card is not established by the lead made before it
    revoked = _record(*opening, "W H7", "attention S")
    assert isinstance(revoked, Replay)
    (r,) = revoked.table.revokes
    assert r.seat is Seat.W and r.trick == 2 and revoked.table.establishing_play(r) is None
    # no partner's card next: the fourth card of the trick
    for lines in (opening, (*opening, "S HA")):
        plain = _record(*lines, "attention S")
        assert isinstance(plain, Replay) and not plain.table.early_leads
        t2 = plain.table.trick(2)
        assert t2 is not None and t2.plays[-1] == (Seat.E, t2.plays[-1][1]) and str(t2.plays[-1][1]) == "HK"
