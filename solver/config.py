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

    #: DIGEST 32.12(a), Law 45D1 (issue 3): after dummy's card is replaced, a card played
    #: after the error that no longer follows suit to the corrected trick (while its owner
    #: holds the suit now led) must be withdrawn and replaced by a lawful card, with no
    #: penalty card (True: 44C applies at once, whether or not declarer's RHO changed).
    #: False leaves it standing (a revoke, not ruled by the 45D rules).
    misplay_unlawful_kept_card_must_change: bool = True

    #: DIGEST 32.12(e), Law 45D1 (issue 3): a lead to the next trick by the declaring side,
    #: when its leader still won the corrected trick, may be retracted (True) or stands
    #: (False: 45D1 gives declarer a withdrawal right only after his RHO changed, and only
    #: to the same trick). A defender's lead may always be retracted (commentary).
    misplay_declaring_side_may_retract_next_lead: bool = False

    #: 2007 Law 45D is silent once each side has played to the next trick (issue 3). True
    #: (the EBL 2011 TD workshop, seed 000: "South revoked (♦J) and that revoke was
    #: established"): the cards stand, but the card declarer named counts as played
    #: (45C4(a)), so a player who did not follow its suit while able has revoked, and the
    #: revoke is established. False: the cards stand and revokes are judged on the cards as
    #: placed, by the revoke rules (as 2017 45D2 does). No effect on the 2017 rule set.
    misplay_too_late_designated_card_counts: bool = True


DEFAULT = Decisions()
