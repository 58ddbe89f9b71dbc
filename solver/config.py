"""Decisions on points the Laws (or our digest) leave open, each one switch.

Every field below names the UNCONFIRMED point of ``DIGEST.md`` section 32 (or the rule it
interprets) and the reading the project takes by default. Pass a changed ``Decisions`` to a
rule set (``get_ruleset("2017", decisions=Decisions(...))``) to rule the other way; nothing
else in the code branches on these questions.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Decisions:
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


DEFAULT = Decisions()
