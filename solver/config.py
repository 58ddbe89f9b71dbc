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
    #: turn is refused).
    lead_options_after_ruling: bool = False

    # ----- leads out of turn, premature plays, misinformation (solver/rulesets/leads.py,
    # misinformation.py; docs/leads-rules.md) -----------------------------------------------
    #: Law 53B (2007 53C) "cards played in error ... may be withdrawn": the owner of such a
    #: card may instead let it stand as his play to the proper lead when it is his turn in
    #: rotation after the cards standing and the card is lawful there (True); False withdraws
    #: every card played in error (forced).
    proper_lead_error_card_may_stand: bool = True

    #: 2007 Law 47E1 "may be retracted": the misinformed player may let his lead or play stand
    #: (True); False (default, Di Sacco 2011: "the card should be withdrawn") rules as 2017:
    #: the card is retracted.
    misinformed_2007_may_let_stand: bool = False

    #: Law 57A3 "a card of another suit specified by declarer": offered among declarer's
    #: options (True, the digest's four options 57A1-57A4); False offers the three options of
    #: the ACBL Duplicate Decisions summary in seed 003 (highest, lowest, forbid a suit).
    premature_play_require_other_suit: bool = True


DEFAULT = Decisions()
