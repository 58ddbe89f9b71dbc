"""Decisions on points the Laws (or our digest) leave open, each one switch.

Every field below names the UNCONFIRMED point of ``DIGEST.md`` section 32 (or the rule it
interprets) and the reading the project takes by default. Pass a changed ``Decisions`` to a
rule set (``get_ruleset("2017", decisions=Decisions(...))``) to rule the other way; nothing
else in the code branches on these questions. A case file sets switches in its
``decisions`` field and the command line with ``--decision NAME=on|off`` (the command line
wins): :func:`decisions_for` is what :class:`rulings.solver.ruling.Ruling` rules a case under.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields, replace
from functools import cache

from rulings.models.case import Case, DecisionSetting
from rulings.models.dataclass import dataclass
from rulings.models.designation import DesignationPolicy
from rulings.models.errors import CaseFileError


@dataclass(frozen=True, slots=True)
class Decisions:
    #: Law 53A/53B: after a lead out of turn the next hand is the proper leader and plays a
    #: card: a play to the irregular lead (53A) or his proper lead (53B) is a finding. When the
    #: record shows the trick completed in rotation from the irregular lead and the next trick
    #: begun (whoever led it), the table treated the card as a play to the lead: the finding is
    #: 53A (True). False keeps both findings open whatever followed (its 53B branch then
    #: leaves later cards standing behind the unfinished trick: for records that stop there).
    later_play_shows_acceptance: bool = True

    #: Law 64A with two established revokes by one side: each is counted from its own trick
    #: (64A1/64A2), and together they never take more tricks than the offending side won from
    #: its first established revoke's trick on: a trick changes hands once (True). False adds
    #: the counts as they stand.
    revoke_transfer_capped: bool = True

    #: DIGEST 32.9, Law 43B3 (exact 2017 wording UNCONFIRMED; 2007 by cross-reference): a
    #: defender's revoke that dummy, having broken 43A2, was the first to point out gets no
    #: rectification, and play goes on as though it had not happened: once established it
    #: transfers no trick under 64A either (True; the director adjusts only the defenders'
    #: score if they gained, 43B3). False: the revoke stands uncorrected, and once established
    #: Law 64 counts it as any established revoke (43B3 read as withholding the correction
    #: only). docs/decisions.md.
    dummy_raised_revoke_unrectified: bool = True

    #: DIGEST 32.12(b), Law 62B2: a defender's penalty card played as the revoke card goes
    #: back to being the penalty card it was (True), or simply to the hand (False).
    faced_revoke_card_stays_penalty: bool = True

    #: Law 62B/62B1 order: the revoke card becomes a penalty card when it is withdrawn, so
    #: it already counts when the substitute is chosen (True: with it the revoker may hold
    #: two penalty cards, all major under 50B, and a major one of the suit led must then be
    #: played, 50D1(a)). False judges the substitute before the revoke card is a penalty card.
    revoke_card_penalty_before_substitute: bool = True

    #: DIGEST 32.12(d): a card withdrawn under 62C1 (or 62C2) that was a penalty card when
    #: played goes back to being that penalty card (True) or to the hand (False).
    withdrawn_penalty_card_stays_penalty: bool = True

    #: Law 50D1(a)/50C with 62C1, 62C2, 47D, 58B3 and 47E2(a): a card that was a penalty card
    #: when played, withdrawn so that another may be played in its place and going back to
    #: being that penalty card, obliges its own substitute (True): a major one that could be
    #: played to the trick must be played again, so its owner has no other card to change to;
    #: a minor one bars the other cards of its suit below honour rank. False lets him change
    #: to any card lawful without it (the withdrawal would then undo a penalty card's
    #: obligation, which no law grants: why the default). docs/decisions.md.
    restored_penalty_card_binds_substitute: bool = True

    #: Law 63A4 with 69A (2007 63A3 "agrees to"): a claim by the non-offending side
    #: establishes the revoke when the offending side agrees to it; the record's claim line
    #: is read as their acquiescence, unless a member of the offending side drew attention on
    #: the very next line: he objected at once, nothing was agreed, and the revoke is still
    #: corrected (True). False reads every such claim as agreed. docs/decisions.md.
    offending_attention_objects_to_claim: bool = True

    #: 2017 Law 63A4: a claim by the non-offending side establishes the revoke once the
    #: offending side's agreement is established under 69A, that is when it has raised no
    #: objection by the end of the round (or a call on a later board). True: only a finding
    #: that attention came after the hand (``hands_returned``, ``next_deal_called``,
    #: ``round_over``) shows that; attention drawn while the hand is on the table comes
    #: before any agreement, and the revoke is corrected. False reads the claim line as
    #: the agreement (the switch above then applies, as in 2007). No effect on the 2007
    #: rule set (63A3 "agrees to"). docs/decisions.md.
    claim_agreement_at_round_end: bool = True

    #: Law 62C2 "the player of the offending side next in rotation": the OS player may
    #: withdraw only if the NOS player who played *immediately before him* withdrew (True,
    #: the Di Sacco / Levy reading), or if *any* NOS player before him withdrew (False).
    os_change_needs_immediate_nos_change: bool = True

    #: Law 44G after a corrected revoke: a NOS lead to the next trick by a player who, once
    #: the revoke trick is restored, no longer won it is withdrawn as a forced step (True).
    #: False leaves such a lead standing (it is then a lead out of turn, not ruled here).
    retract_lead_when_winner_changes: bool = True

    #: Law 50B for the revoker's partner's card withdrawn under 62C2: a deliberate play, so
    #: major (True, Di Sacco "♠5 will be a major penalty card"); False applies the general
    #: 50B test (minor if a single non-honour).
    os_withdrawn_card_is_major: bool = True

    #: Law 58B4 ("not discovered until each side has played to the next trick": Law 67, a
    #: defective trick) says nothing of cards whose faces everybody saw. True: cards played
    #: together with every face visible were discovered when played, so 58B1/58B2 rule them
    #: whenever attention is drawn; 58B4 (67B2) rules a play with a hidden card (a stuck card,
    #: a card face down) found late. False: 58B4 by the record's timing alone.
    simultaneous_visible_cards_found_at_once: bool = True

    #: Law 58B3 (an opponent who played to the trick after the offender's cards may take his
    #: card back) says nothing of time. True: it is a change to the trick, so once each side
    #: has played to the next trick (the table played on past it, or on to the end before
    #: attention) it is gone: his card stands, as every card of a quitted trick does (60A1:
    #: he played on without asking for a rectification). False: offered whenever attention
    #: is drawn. docs/decisions.md.
    simultaneous_change_ends_past_the_trick: bool = True

    #: Law 47D after 58B3: an opponent's change of his card under 58B3 is a change of play by
    #: an opponent of the offender's partner; the partner, when he played to the trick after
    #: that card, may take his card back and play another (47D, no penalty card; 16C with his
    #: side offending). True: offered, in rotation, after the opponents' 58B3 options before
    #: him. False (default, the corpus's reading): his card stands (58B3 names the opponents
    #: only). docs/decisions.md gives both readings.
    simultaneous_change_lets_offenders_partner_change: bool = False

    #: Law 49 with 50B: a card a defender names as being in his hand is a penalty card; naming
    #: it is deliberate, so it is major (True, Levy 2018 "the H6 becomes a MPC"); False applies
    #: the single-card test (minor when below honour rank).
    named_card_is_major: bool = True

    #: DIGEST 32.13, Law 45E1 with 50B: a defender's fifth card (not deemed led) was meant to
    #: be played, so it is a deliberate play and a major penalty card (True); False treats it
    #: as exposed unintentionally (minor when a single card below honour rank).
    fifth_card_is_deliberate: bool = True

    #: Scope of a ruling (CASES.md: the 47D example counts 21, without declarer's 50D2 choice
    #: when West is then to lead): when a rectification leaves a major penalty card and the
    #: owner's partner is to lead next, declarer's lead options (50D2, 51B) are enumerated too
    #: (True) or left to the next ruling (False). Options are always offered when the ruling
    #: is about that lead itself (the record ends with the partner to lead, or a lead out of
    #: turn is refused). Left to the next ruling, the position is still listed among the lead
    #: options due, "not enumerated". Either way declarer chooses once at a lead, and his
    #: choice recorded after attention settles it whichever rule offers it.
    lead_options_after_ruling: bool = False

    #: DIGEST 32.12(a), Law 45D1: after dummy's card is replaced, a card played
    #: after the error that no longer follows suit to the corrected trick (while its owner
    #: holds the suit now led) must be withdrawn and replaced by a lawful card, with no
    #: penalty card (True: 44C applies at once; a card of declarer's that he may not change
    #: under 45D1, his RHO not having changed, is a revoke corrected at once, 62A/62B2).
    #: False leaves it standing (a revoke, not ruled by the 45D rules).
    misplay_unlawful_kept_card_must_change: bool = True

    #: UNCONFIRMED (45D1 with 61A/62): a defender's card played after dummy's error that
    #: failed to follow suit whatever dummy played (a revoke of his own, not one made by
    #: dummy's wrong card). True (default): the switch above applies to it too, so it must
    #: be withdrawn under 45D1, no penalty card. False: 45D1's withdrawal is his option; a
    #: revoke card he leaves is a revoke the revoke rules correct (62A, 62B1: a major
    #: penalty card). docs/decisions.md says why the default.
    misplay_own_revoke_withdrawal_forced: bool = True

    #: UNCONFIRMED (Law 64B3; 2007 64B3 "any faced card"): a revoker who held a penalty card
    #: of the suit led and also an unfaced card of that suit, and played a card of another
    #: suit. False (default): the revoke was a failure to play the penalty card, no transfer
    #: (64B3, 64C1 restores equity). True: he also failed to follow suit with a card from his
    #: hand, an ordinary revoke: the 64A transfer. docs/decisions.md gives both readings.
    revoke_with_unfaced_card_of_the_suit_counts_64a: bool = False

    #: DIGEST 32.12(e), Law 45D1: a lead to the next trick by the declaring side,
    #: when its leader still won the corrected trick, may be retracted (True) or stands
    #: (False: 45D1 gives declarer a withdrawal right only after his RHO changed, and only
    #: to the same trick). A defender's lead may always be retracted (commentary).
    misplay_declaring_side_may_retract_next_lead: bool = False

    #: UNCONFIRMED (Law 45D1 with 44C): a card a player led to the next trick after
    #: dummy's error stands there while the misplayed trick is corrected, and is not among
    #: his substitutes there; but he held it when he played to the misplayed trick. True
    #: (default): when it is the only card of the suit now led that he held, his card there
    #: no longer follows suit, and he must withdraw it and follow with that lead card (his
    #: lead goes back from the next trick; no penalty card). False: the lead card is not his
    #: on the corrected trick at all, so he may keep a card that does not follow suit, and
    #: 44G may then give the lead card back to his hand (a failure to follow suit no rule
    #: sees: why the default). docs/decisions.md.
    misplay_next_lead_counts_as_held: bool = True

    #: 2007 Law 45D is silent once each side has played to the next trick. False (default):
    #: the 2007 text makes dummy's card one to withdraw only while in time, so afterwards it
    #: is a played card like any other; the cards stand and revokes are judged on the cards
    #: as placed, by the revoke rules (as 2017 45D2 does). This is the EBL 2011 workshop read
    #: literally (seed 000: declarer called the diamond six, dummy placed the heart six, and
    #: "South revoked (♦J)" on the heart trick). True: the card declarer named counts as
    #: played (45C4(a)) and a player who did not follow its suit while able has revoked.
    #: No effect on the 2017 rule set.
    misplay_too_late_designated_card_counts: bool = False

    # ----- leads out of turn, premature plays, misinformation (solver/rulesets/leads.py,
    # misinformation.py; docs/leads-rules.md) -----------------------------------------------
    #: Law 53B (2007 53C) "cards played in error ... may be withdrawn": the owner of such a
    #: card may instead let it stand as his play to the proper lead when it is his turn in
    #: rotation after the cards standing and the card is lawful there (True); False withdraws
    #: every card played in error (forced).
    proper_lead_error_card_may_stand: bool = True

    #: A part of the record played on after a ruling (``resume``) that gives a seat a second
    #: card in one trick after his lead out of turn and other players' cards, on the table a
    #: restoration of the ruling before it leaves: no law rules that card (a player plays one
    #: card to a trick, 44B), and the part was played on from one restoration, so True
    #: (default): that restoration is not one the record can go on from; it drops out, and a
    #: note names it (with no restoration left, the note says the record cannot be played on).
    #: False keeps it, the second card said "not yet ruled on", as in the record's first part
    #: (where nothing came before to choose among). docs/decisions.md.
    second_card_in_a_part_played_on_drops_the_restoration: bool = True

    #: A part of the record played on after a ruling (``resume``) has a card that came in
    #: turn on the table as it stood before the ruling (the record's cards, no ruling
    #: between) land out of turn, or on another trick, on the table a restoration of that
    #: ruling leaves, and no ruling on the path rules it. True (default): the part was played
    #: on from the table as it stood, not from that restoration, which moved a card the part
    #: plays; the restoration drops out and a note names it (with none left, the note says the
    #: record cannot be played on as it goes on). False keeps it, the card said "not yet ruled
    #: on". A card out of turn on the record as played too stays a play out of turn to rule.
    #: docs/decisions.md.
    play_out_of_turn_only_on_the_restoration_drops_it: bool = True

    #: A fifth card of the record (45E) the table played on from as if it were led, found on
    #: a path not led (back in the hand, or a penalty card): the record's own cards (its first
    #: part), ruled on that path, leave a trick before the last without a seat's card while
    #: the record leads the next (a proper lead, 53B, took back cards from a trick the table
    #: completed with four; or every later card falls a place on); so too on a path that found
    #: it led, where a ruling of the record's later cards took one back with nothing in its
    #: place (dummy's premature card no legal play, 57C3). A fifth card found not led that a
    #: later ruling of the path puts back as a substitute (62C1) is still found not led. So
    #: too, with no fifth card, where the card taken back with nothing in its place led its
    #: trick as the table played it, a ruling of the path having given the trick before to
    #: another hand (a change of designation refused and the opponent's 47D substitute
    #: winning it). True (default): no law gives that trick its missing card, so the record
    #: cannot be played on from that finding; the path drops out, and a note says so at the
    #: card that leads the next trick. False keeps it, the trick short. docs/decisions.md.
    first_part_short_trick_drops_the_restoration: bool = True

    #: A defender's fifth card (45E1) the table played on from as if he had led it, found on a
    #: path played to the trick before (a penalty card): the other three seats' cards to the
    #: next trick follow in rotation from its proper leader, his left-hand opponent, and a
    #: card not his leads the trick after. True (default): the card lay on that trick as his,
    #: he put no other there, and it is his penalty card's first legal opportunity (50D1(a);
    #: 50C), so it is his card to that trick at his turn, where it is a legal play and no other
    #: penalty card of his is. False leaves him without a card there, the next lead made before
    #: he played (57A). docs/decisions.md.
    fifth_card_found_played_lies_on_the_next_trick: bool = True

    #: DIGEST 32.5, the 2017 footnote to Law 53A, read as: a lead out of turn may be treated
    #: as correct only before the thirteenth trick. True (default): at trick 13 no statement
    #: and no play accepts it, and play going on forfeits nothing (60A1 has no acceptance to
    #: give there). It goes back (a defender's, or his premature lead to trick 13 under 57A
    #: where another seat won trick 12, a major penalty card; declarer's with no
    #: rectification, 55B1/55B2), with every card played to it in rotation (no penalty card,
    #: 53B, 47F1); the proper leader's card after it is his proper lead (53B). False rules
    #: trick 13 as any trick before it (53A acceptance by a statement or a play, 60A1/60A2).
    #: No effect on the 2007 rule set (2007 53A has no trick-13 limit). docs/decisions.md.
    no_acceptance_at_trick_13: bool = True

    #: DIGEST 32.14, 2017 Law 53B "subject to 53A" (2007 53A refers to 53C alike): after a
    #: lead out of turn the next hand is the proper leader and plays a card, and a player
    #: entitled to accept the lead says he accepts it after that card (after attention). True
    #: (default, the digest's reading: 53B applies only to a lead not accepted): the lead is
    #: accepted (53A) and his card is a play to it, no finding. False: the statement does not
    #: say what his card was: a play to the lead (accepted) or his proper lead (53B: the
    #: irregular lead goes back, and the statement, coming after, settles nothing) stays the
    #: director's finding. A statement before his card settles it either way (the lead was a
    #: correct lead when he played). docs/decisions.md.
    proper_lead_subject_to_acceptance: bool = True

    #: 2007 Law 47E1 "may be retracted": the misinformed player may let his lead or play stand
    #: (True); False (default, Di Sacco 2011: "the card should be withdrawn") rules as 2017:
    #: the card is retracted.
    misinformed_2007_may_let_stand: bool = False

    #: Law 57A3 "a card of another suit specified by declarer": offered among declarer's
    #: options (True, the digest's four options 57A1-57A4); False offers the three options of
    #: the ACBL Duplicate Decisions summary in seed 003 (highest, lowest, forbid a suit).
    premature_play_require_other_suit: bool = True

    # ----- plays out of turn (solver/rulesets/leads.py; docs/leads-rules.md) -----
    #: 2007 Laws (no 57D): a defender's card played at his right-hand opponent's turn, his
    #: partner having played, is a card exposed prematurely (2007 50 intro, 49). Playing it was
    #: a deliberate play, so it is a major penalty card (True, 50B); False applies the
    #: single-card test (minor when below honour rank, as for an unintentional exposure).
    rho_turn_play_2007_is_deliberate: bool = True

    #: A face-down opening lead out of turn (nothing faced; the digest is silent): 54 governs
    #: a *faced* lead and the card's face was not seen (49), so it goes back to the hand with
    #: no rectification and the correct leader leads (True); False rules it as a faced
    #: opening lead out of turn (54's options).
    face_down_lead_out_of_turn_returned: bool = True

    #: Laws 54D and 56 with 50D2 and 49: a defender leads out of turn and his partner, the
    #: correct leader, faces a card on it before declarer has decided (a 53B proper lead is
    #: an opponent's only). In the branch where declarer refuses the lead, True: the card was
    #: faced while the lead out of turn was pending, when its owner had no right to lead, so it
    #: is a lead made before declarer's 50D2 choice: it goes back to his hand as a major
    #: penalty card (49, 50B), he is still to lead and declarer makes his 50D2/51B choice over
    #: the refused card (as for the same lead made after the refusal). False: it is his lead in
    #: turn once the refused card goes back, and declarer's 50D2 options have no lead left to
    #: govern. docs/decisions.md.
    correct_leader_card_before_refusal_is_lead_before_choice: bool = True

    #: Law 57A with 56, 53B and 47F2: a defender leads to the next trick before his partner
    #: has played to the current one, the declaring side wins that trick, and the partner,
    #: having played to it, puts a card on the early lead, which goes back as a major penalty
    #: card. True: no law takes the partner's card back (53B needs the proper leader's lead to
    #: the same trick, 47F2), so it stands as the trick's only card, a lead out of turn (56:
    #: declarer accepts it, or refuses and it is a major penalty card), as when a lead out of
    #: turn made in the ordinary way is refused with the partner's card on it. False: it goes
    #: back with the lead as a card played in error to a lead that does not stand (53B by
    #: analogy), no penalty card, 16C. (Where the partner won the trick, his card is ruled by
    #: ``correct_leader_card_before_refusal_is_lead_before_choice``.) docs/decisions.md.
    partner_card_on_returned_premature_lead_stands: bool = True
    #: 50D2, 51B with 56: declarer chose a lead option for the penalty card holder's partner,
    #: and before the partner led, the holder led out of turn, refused: declarer chooses
    #: again at the same lead over the card added. True: the restriction of the earlier
    #: choice stays in force while the partner keeps the lead (50D2), so an option that
    #: contradicts it (forbidding the suit required, requiring another suit or one forbidden)
    #: is not offered. False (kept so while the reading is open: the cases rule every option
    #: at the later lead): every option is offered, the two restrictions both recorded.
    #: docs/decisions.md.
    lead_restriction_in_force_binds_a_later_choice: bool = False
    #: 62C1 with 50D2: a defender's lead in turn, after a revoke trick corrected, made while
    #: his partner held a major penalty card and before declarer stated his 50D2 choice, that
    #: is a major penalty card whether he keeps it (50D2 sends it back, 49) or takes it back
    #: (62C3; or it was a major penalty card when led, ``withdrawn_penalty_card_stays_penalty``).
    #: True: one course, the lead staying for 50D2 to rule, declarer's choice read there.
    #: False: both courses offered, the position given twice. docs/decisions.md.
    lead_before_50d2_choice_kept_or_withdrawn_offered_once: bool = True


    # ----- designations from dummy (Law 46, 45C4(b)); see docs/designation-rules.md -----
    #: 46B1(a)/(c) "of the suit led" (2017): with no suit led (dummy leads) or dummy void in
    #: it, 'high'/'low' names no suit; declarer says which suit (True: one option per suit,
    #: the highest/lowest card of it), or (False) dummy's highest/lowest card of any suit.
    designation_high_low_without_suit_declarer_names_suit: bool = True

    #: 46B1(b) 'win' when no card of dummy's is known to win: an invalid designation,
    #: declarer designates any lawful card (True, 46B4 by analogy); False: the highest card.
    designation_win_without_winner_is_invalid: bool = True

    #: A suit or rank dummy holds no lawful card of (a spade called while dummy must follow
    #: hearts): invalid, declarer designates any lawful card (True, 46B4 by analogy); False
    #: keeps declarer to cards of the named suit or rank when any is lawful.
    designation_unexecutable_is_invalid: bool = True

    #: 45C4(b)/47D: after a permitted change, an opponent's card that no longer follows suit
    #: (dummy's led card changed suit) must be replaced by a lawful card, no penalty card
    #: (True); False lets him keep it (it would then be a revoke).
    designation_change_unlawful_card_replaced: bool = True

    #: 45C4(b) refused, then an opponent plays to the trick, before dummy faces a card, the
    #: card declarer changed to: he may withdraw his card and play another lawful card, and
    #: must when it fails to follow the card that stands, no penalty card (True: 47D by
    #: analogy, 16C with the declaring side offending); False: his card stands as played to
    #: the designation ruled (failing to follow suit, a revoke: 62B, a penalty card).
    designation_refused_change_later_card_withdrawn: bool = True

    #: 46B intro, 45C4(b): declarer's incomplete or invalid call followed at once, before
    #: anyone designates or plays, by a card of dummy's he names ('play anything ... the
    #: diamond ace'). False: the words concern the call; one of the cards 46B lets declarer
    #: designate is his designation, any other change (a 46B5 call, whose card the defenders
    #: would designate) is a change of an unintended designation, allowed only on the finding
    #: of 45C4(b) (a slip of the tongue; 2007: inadvertent, without pause), refused leaving the
    #: call to 46B; a call 46B makes one card of designates it, and the change concerns that
    #: card. True: the card named at once completes the call, declarer's intention
    #: incontrovertible (46B intro), with no finding (a refusing one of the record refuses it).
    designation_incomplete_call_completed_at_once: bool = False

    def designation_policy(self) -> DesignationPolicy:
        """The 46B decisions as the reading of a declarer's call takes them (one value per
        combination of the three switches: every opener asks for it)."""
        return _designation_policy(self.designation_high_low_without_suit_declarer_names_suit,
                                   self.designation_win_without_winner_is_invalid,
                                   self.designation_unexecutable_is_invalid)


@cache
def _designation_policy(names_suit: bool, win_invalid: bool, unexecutable_invalid: bool) -> DesignationPolicy:
    return DesignationPolicy(high_low_without_suit_declarer_names_suit=names_suit,
                             win_without_winner_is_invalid=win_invalid, unexecutable_is_invalid=unexecutable_invalid)


DEFAULT = Decisions()


# ----- decisions named in a case file (``decisions:``) or on the command line (``--decision``) -----
@cache
def switch_names() -> tuple[str, ...]:
    """The names of the switches of :class:`Decisions`, in the order of the class."""
    return tuple(f.name for f in fields(Decisions))


def switch_named(name: str) -> str | None:
    """The switch ``name`` names (``-`` read as ``_``, any case), or None."""
    key = name.strip().replace("-", "_").lower()
    return key if key in switch_names() else None


def unknown_switch(name: str) -> str:
    """What to say of a name that is no switch: the close matches, else every name."""
    from difflib import get_close_matches

    close = get_close_matches(name.strip().replace("-", "_").lower(), switch_names(), n=3, cutoff=0.6)
    if close:
        return f"unknown decision switch {name!r}: did you mean {' or '.join(close)}? (docs/decisions.md)"
    return f"unknown decision switch {name!r}; the switches (docs/decisions.md): {', '.join(switch_names())}"


#: the values ``--decision NAME=VALUE`` takes
ON_WORDS = ("on", "true", "yes", "1")
OFF_WORDS = ("off", "false", "no", "0")


def parse_option(token: str) -> DecisionSetting:
    """One ``--decision NAME=on|off`` value as a setting of the command line (also
    true/false, yes/no, 1/0). Raises ValueError saying what is wrong with ``token`` (the CLI
    names the option and the token)."""
    name, eq, value = token.partition("=")
    if not eq or not name.strip():
        raise ValueError("expected NAME=on or NAME=off (NAME a switch of docs/decisions.md)")
    switch = switch_named(name)
    if switch is None:
        raise ValueError(unknown_switch(name))
    word = value.strip().lower()
    if word not in ON_WORDS + OFF_WORDS:
        raise ValueError(f"the value {value!r} is not on or off")
    return DecisionSetting(switch, word in ON_WORDS, None, "command line")


def with_settings(case: Case, settings: Iterable[DecisionSetting]) -> Case:
    """``case`` with ``settings`` (the command line's) added to its own: a switch set in both
    takes the command line's value (as ``--laws`` overrides the case's ``laws``: the command
    line asks how the case rules under that reading; docs/decisions.md)."""
    given = tuple(settings)
    if not given:
        return case
    names = {s.name for s in given}
    own = {(switch_named(s.name) or s.name): s for s in case.decisions}
    kept = tuple(s for s in case.decisions if (switch_named(s.name) or s.name) not in names)
    # (each setting that replaces the file's own says what it replaced: verify names it)
    given = tuple(replace(s, overrode=o.value, overrode_line=o.line) if (o := own.get(s.name)) is not None else s
                  for s in given)
    return replace(case, decisions=kept + given)


def decisions_for(case: Case) -> Decisions:
    """The decisions ``case`` is ruled under: the defaults with its ``decisions`` applied.
    Raises CaseFileError naming the file, the line and the name of a switch that does not exist."""
    return from_settings(case.decisions, case.file)


def from_settings(settings: Iterable[DecisionSetting], file: str | None = None) -> Decisions:
    """The defaults with ``settings`` applied (a later setting of a switch wins). Raises
    CaseFileError (in ``file``, at the setting's line) for a name that is no switch."""
    values: dict[str, bool] = {}
    for s in settings:
        switch = switch_named(s.name)
        if switch is None:
            raise CaseFileError(f"decisions: {unknown_switch(s.name)}", file=file, line=s.line, token=s.name)
        values[switch] = s.value
    return _decisions(tuple(sorted(values.items()))) if values else DEFAULT


@cache
def _decisions(values: tuple[tuple[str, bool], ...]) -> Decisions:
    return Decisions(**dict(values))


def differing(decisions: Decisions) -> dict[str, bool]:
    """The switches of ``decisions`` that differ from the defaults, by name, in class order."""
    if decisions is DEFAULT:
        return {}
    return {name: getattr(decisions, name) for name in switch_names() if getattr(decisions, name) != getattr(DEFAULT, name)}


def decisions_words(turned: dict[str, bool]) -> str:
    """Switches by name (as :func:`differing` gives them) as text: ``NAME off, NAME on``.

    >>> decisions_words({"revoke_transfer_capped": False})
    'revoke_transfer_capped off'
    """
    return ", ".join(f"{name} {'on' if value else 'off'}" for name, value in turned.items())


def _over(s: DecisionSetting, source: str = "case file") -> str:
    """What a command line's setting replaced: ``, over the case file's off, line 5``, or
    ``""``; ``source`` names what set the value replaced (a board file's ``Decisions tag``)."""
    if s.overrode is None or s.overrode == s.value:
        return ""
    return f", over the {source}'s {'on' if s.overrode else 'off'}" + (f", line {s.overrode_line}" if s.overrode_line is not None else "")


def differing_text(decisions: Decisions, case: Case | None = None, *, overrides: bool = False) -> str:
    """The switches differing from the defaults as the text outputs say them
    (``revoke_transfer_capped off (case file, line 7)``; one the command line set over the
    case file's other value ``... off (--decision, over the case file's on, line 7)``), or
    ``""``. ``overrides``: also each switch the command line set back to its default over
    the case file's other value (``... on (--decision, the default, over the case file's
    off, line 7)``), which the ruling's decisions alone no longer show."""
    origin = {(switch_named(s.name) or s.name): s for s in case.decisions} if case is not None else {}
    # (a board of a PBN or LIN file sets them in its Decisions tag, or LIN field: docs/pbn-lin.md)
    source = "Decisions tag" if case is not None and case.file and case.file.lower().endswith((".pbn", ".lin")) else "case file"
    parts = []
    turned = differing(decisions)
    for name, value in turned.items():
        s = origin.get(name)
        where = "" if s is None else f" (--decision{_over(s, source)})" if s.origin == "command line" else (
            f" ({source}, line {s.line})" if s.line is not None else f" ({source})")
        parts.append(f"{name} {'on' if value else 'off'}{where}")
    if overrides:
        for name, s in origin.items():
            if name not in turned and s.origin == "command line" and _over(s, source):
                parts.append(f"{name} {'on' if s.value else 'off'} (--decision, the default{_over(s, source)})")
    return ", ".join(parts)


def command_line_text(settings: Iterable[DecisionSetting]) -> str:
    """The switches set on the command line, each with its value (``NAME off``), one at its
    default value said so: it changes only a case file that sets the switch otherwise."""
    values: dict[str, bool] = {}
    for s in settings:
        values[switch_named(s.name) or s.name] = s.value
    parts = []
    for name, value in values.items():
        word = "on" if value else "off"
        default = getattr(DEFAULT, name, None)
        parts.append(f"{name} {word}" if default != value else
                     f"{name} {word} (the default: it changes only a case file that sets it {'off' if value else 'on'})")
    return ", ".join(parts)
