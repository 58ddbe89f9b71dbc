"""The claim language of ``expect`` (CASES.md) and its evaluation against restorations.

>>> claim = parse_claim("always: S withdraws SA => unauthorized EW S SA")
>>> claim.quantifier, len(claim.premise), len(claim.conclusion)
('always', 1, 1)
>>> parse_claim("count 21").count
21

Atoms (CASES.md, kept as written; the project's additions are marked +):

    <seat> plays <card>                 the card stands as that seat's play (trick under ruling or later)
    <seat> plays <suit>                 that seat's card in the trick under ruling is of that suit
    <seat> withdraws <card>             the seat withdrew that played card
    <seat> penalty <card> major|minor   the card ends as a penalty card of that kind
  + <seat> penalty <card>               ... of either kind
    unauthorized <side> <seat> <card>   the information that seat held the card is UI to that side
  + authorized <side> <seat> <card>     ... is AI to that side
    law <id>                            the restoration's path applies that clause (the id read as
                                        clause_id reads it: 45c4b = 45C4(b); one of the other
                                        edition only is an error where the claim needs it)
    finding <finding>                   the branch assumes that finding of fact (one a rule module
                                        declares in FINDINGS; any other is an error)
    lead <seat>                         that seat leads the next trick
    established                         the revoke is established
  (rule modules add their atoms: :data:`ATOM_FORMS` lists every form, as an error does)
    transfer <N>                        after play N tricks go to the non-offending side (64A; 0 under 64B)
    equity                              the director adjusts under 64C (the transfer did not compensate)
    not <atom>                          negation
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import field, replace
from functools import partial

from rulings.models.cards import Card, Seat, Side, Suit
from rulings.models.dataclass import dataclass
from rulings.models.errors import NotationError
from rulings.models.table import PenaltyKind
from rulings.solver.clauses import ClauseBook
from rulings.solver.engine import PLAY_OVER_LIFTS, Restoration, Step

QUANTIFIERS = ("always", "sometimes", "never")


@dataclass(frozen=True)
class Atom:
    """One fact about a restoration."""

    text: str
    test: Callable[[Restoration], bool] = field(compare=False, repr=False)
    negated: bool = False
    #: why the atom cannot hold in this case's ruling (a clause of the other edition, one no
    #: rule of this edition cites, a heading cited only through its sub-clauses): an error
    #: where the claim needs it to hold, none where it says it does not
    foreign: str = field(default="", compare=False, repr=False)
    #: what a restoration shows of the fact the atom names, said beside a claim it makes
    #: fail (the atom false there, or, under ``not`` or in a ``never:`` claim, true): a
    #: ``law`` atom, the clauses of its law the path cites; a penalty card, its kind or what
    #: became of it. Or "". Called with that restoration and all the ruling's distinct
    #: restorations (for a fact none of them has); worded to be true either way
    explain: Callable[[Restoration, Sequence[Restoration]], str] | None = field(default=None, compare=False, repr=False)
    #: said beside the result of a claim that denies the atom (``never: law 16C`` in a 2017
    #: case holds of every ruling: no rule cites 16C at its own level), or ""
    note: str = field(default="", compare=False, repr=False)

    def holds(self, r: Restoration) -> bool:
        return self.test(r) != self.negated

    def __str__(self) -> str:
        return ("not " if self.negated else "") + self.text


@dataclass(frozen=True)
class Claim:
    """``count N`` or a quantified claim ``<quantifier>: <facts> [=> <facts>]``."""

    text: str
    quantifier: str  # "count", "always", "sometimes", "never"
    premise: tuple[Atom, ...] = ()
    conclusion: tuple[Atom, ...] = ()
    count: int | None = None
    line: int | None = None

    def __str__(self) -> str:
        return self.text


def parse_claim(text: str, *, line: int | None = None, edition: str = "2017") -> Claim:
    """Parse one claim. Raises NotationError naming the token (and ``line``)."""
    try:
        return _parse_claim(text.strip(), line, edition)
    except NotationError as err:
        raise err.located(line=line) from None


def _parse_claim(text: str, line: int | None, edition: str) -> Claim:
    words = text.split()
    if not words:
        raise NotationError("empty claim", token="")
    if words[0].lower() in ("count", "count:"):
        if len(words) != 2 or not words[1].isdigit():
            raise NotationError(f"bad claim {text!r}: expected 'count <N>'", token=text)
        return Claim(text, "count", count=int(words[1]), line=line)
    head, sep, body = text.partition(":")
    quantifier = head.strip().lower()
    if not sep or quantifier not in QUANTIFIERS:
        raise NotationError(f"unknown token {head.strip()!r} in claim {text!r}: expected count, always, sometimes or never",
                            token=head.strip())
    left, arrow, right = body.partition("=>")
    # (the premise declared, not inferred from ``()``: a compiled build checks the type it
    # is given)
    premise: tuple[Atom, ...] = ()
    conclusion = _parse_facts(left, text, edition)
    if arrow:
        premise, conclusion = conclusion, _parse_facts(right, text, edition)
    # an atom that cannot hold here, where the claim needs it to: in a premise (which then
    # matches nothing), or asserted by always/sometimes (never: denied)
    needed = [a for a in premise if not a.negated] + [a for a in conclusion if a.negated == (quantifier == "never")]
    for atom in needed:
        if atom.foreign:
            raise NotationError(atom.foreign, token=atom.text.split()[-1])
    return Claim(text, quantifier, premise, conclusion, line=line)


def _parse_facts(text: str, claim: str, edition: str) -> tuple[Atom, ...]:
    parts = [p.strip() for p in text.split(",")]
    if not parts or any(not p for p in parts):
        raise NotationError(f"claim {claim!r}: empty fact", token=claim)
    return tuple(_parse_atom(p, claim, edition) for p in parts)


def _parse_atom(text: str, claim: str, edition: str) -> Atom:
    words = text.split()
    negated = False
    if words and words[0].lower() == "not":
        negated = True
        words = words[1:]
    if not words:
        raise NotationError(f"claim {claim!r}: 'not' needs an atom", token=text)
    atom = _atom(words, text, claim, edition)
    return replace(atom, negated=negated)


AtomParser = Callable[[list[str], str, str], "Atom | None"]
#: Atoms added by rule modules: each parser gets (words, claim text, edition) and returns an
#: Atom, or None when the words are not its atom. Register with :func:`register_atom`.
ATOM_PARSERS: list[AtomParser] = []


def register_atom(parser: AtomParser) -> AtomParser:
    """Add an atom to the claim language (used as a decorator by rule modules)."""
    ATOM_PARSERS.append(parser)
    return parser


#: The forms of the claim atoms, as an error lists them: the core ones, then those the rule
#: modules add (:func:`add_atom_forms`). A form begins with its head word, or with ``<seat>``
#: and then its verb (``<seat> accepts|refuses``: either verb).
ATOM_FORMS: list[str] = ["<seat> plays <card|suit>", "<seat> withdraws <card>", "<seat> penalty <card> [major|minor]",
                         "unauthorized <NS|EW> <seat> <card>", "authorized <NS|EW> <seat> <card>", "law <clause>",
                         "finding <finding>", "lead <seat>", "established"]


def add_atom_forms(*forms: str) -> None:
    """Name the forms of the atoms a rule module's parser reads (:data:`ATOM_FORMS`)."""
    ATOM_FORMS.extend(f for f in forms if f not in ATOM_FORMS)


def _seat_verbs() -> dict[str, list[str]]:
    """The verbs of the atoms that begin with a seat, each with its forms."""
    verbs: dict[str, list[str]] = {}
    for form in ATOM_FORMS:
        words = form.split()
        if words[0] == "<seat>":
            for verb in words[1].split("|"):
                verbs.setdefault(verb, []).append(form)
    return verbs


def _is_seat(token: str) -> bool:
    try:
        Seat.parse(token)
    except NotationError:
        return False
    return True


def _unread_atom(words: list[str], claim: str) -> NotationError:
    """The error of an atom no parser reads: naming the word at fault (the head, or a seat's
    verb) and the forms accepted, or, for a known head or verb in another form, its forms."""
    label = " ".join(words)
    if not _is_seat(words[0]):
        heads = [f for f in ATOM_FORMS if f.split()[0] == words[0].lower()]
        if heads:
            return NotationError(f"bad atom {label!r} in claim {claim!r}: expected {_either(heads)}", token=label)
        return NotationError(f"unknown token {words[0]!r} in claim {claim!r}: expected an atom ({'; '.join(ATOM_FORMS)})",
                             token=words[0])
    verbs = _seat_verbs()
    if len(words) < 2:
        return NotationError(f"claim {claim!r}: a seat needs a verb: expected {', '.join(verbs)}", token=label)
    found = verbs.get(words[1].lower())
    if found is None:
        return NotationError(f"unknown token {words[1]!r} in claim {claim!r}: expected {', '.join(verbs)} after the seat",
                             token=words[1])
    return NotationError(f"bad atom {label!r} in claim {claim!r}: expected {_either(found)}", token=label)


def _either(forms: list[str]) -> str:
    """The atom forms ``forms``, quoted, as alternatives."""
    return " or ".join(f"'{f}'" for f in forms)


def _atom(words: list[str], text: str, claim: str, edition: str) -> Atom:
    for parser in ATOM_PARSERS:
        found = parser(words, claim, edition)
        if found is not None:
            return found
    w0 = words[0].lower()
    label = " ".join(words)
    if w0 == "established" and len(words) == 1:
        return Atom(label, lambda r: r.established, explain=_established_explain)
    if w0 == "law" and len(words) == 2:
        return _law_atom(words[1], claim, edition)
    if w0 == "finding" and len(words) >= 2:
        from rulings.solver.rulesets.catalog import findings

        finding = " ".join(words[1:]).lower()
        known = findings()
        if finding not in known:
            from rulings.models.events import DIRECTOR_FINDINGS

            why = ("a play line gives it ('director finds ...'), but no branch records it: claim what it rules"
                   if finding in DIRECTOR_FINDINGS else "no rule records it")
            raise NotationError(f"unknown finding {finding!r} in claim {claim!r}: {why} (expected one of "
                                f"{', '.join(sorted(known))})", token=" ".join(words[1:]))
        return Atom(label, lambda r: finding in r.findings, explain=_finding_explain(finding))
    if w0 == "lead" and len(words) == 2:
        seat = _seat(words[1], claim)
        return Atom(label, lambda r: r.lead is seat, explain=_lead_explain)
    if w0 in ("unauthorized", "authorized") and len(words) == 4:
        side = _side(words[1], claim)
        seat = _seat(words[2], claim)
        card = _card(words[3], claim)
        if w0 == "unauthorized":
            return Atom(label, lambda r: any(i.unauthorized is side and i.seat is seat and i.card == card for i in r.ledger),
                        explain=_ledger_explain(seat, card))
        return Atom(label, lambda r: any(i.authorized is side and i.seat is seat and i.card == card for i in r.ledger),
                    explain=_ledger_explain(seat, card))
    if len(words) >= 3 and _is_seat(words[0]):
        seat = _seat(words[0], claim)
        verb = words[1].lower()
        if verb == "plays" and len(words) == 3:
            card_or_suit = _card_or_suit(words[2], claim)
            if isinstance(card_or_suit, Card):
                card = card_or_suit
                return Atom(label, lambda r: any(t.card_of(seat) == card for t in r.tricks), explain=_card_explain(seat, card))
            suit = card_or_suit
            return Atom(label, lambda r: (c := r.card_of(seat)) is not None and c.suit is suit, explain=_suit_explain(seat))
        if verb == "withdraws" and len(words) == 3:
            card = _card(words[2], claim)
            return Atom(label, lambda r: any(w.seat is seat and w.card == card for w in r.withdrawn),
                        explain=_card_explain(seat, card))
        if verb == "penalty" and len(words) in (3, 4):
            card = _card(words[2], claim)
            if len(words) == 3:
                return Atom(label, lambda r: any(p.seat is seat and p.card == card for p in r.penalty_cards),
                            explain=_penalty_explain(seat, card))
            kind_word = words[3].lower()
            if kind_word not in ("major", "minor"):
                raise NotationError(f"unknown token {words[3]!r} in claim {claim!r}: expected major or minor", token=words[3])
            kind = PenaltyKind(kind_word)
            return Atom(label, lambda r: any(p.seat is seat and p.card == card and p.kind is kind for p in r.penalty_cards),
                        explain=_penalty_explain(seat, card))
    raise _unread_atom(words, claim)


def _ledger_explain(seat: Seat, card: Card) -> Callable[[Restoration, Sequence[Restoration]], str]:
    """What a restoration failing ``[un]authorized <side> <seat> <card>`` holds in its
    information ledger for that card (16C, 50E): whom it is authorized and unauthorized to,
    under which clauses; or that it has no entry for it (the card withdrawn, or a penalty
    card, on no path at all, or not on this one)."""
    return partial(_explain_ledger, seat, card)


def _explain_ledger(seat: Seat, card: Card, r: Restoration, restorations: Sequence[Restoration]) -> str:
    """:func:`_ledger_explain` of ``r`` among ``restorations``."""
    token = f"{seat} {card}"
    entries = [i for i in r.ledger if i.seat is seat and i.card == card]
    if entries:
        return "; ".join(f"the ledger has {token} authorized to {i.authorized} ({i.ai_clause}), unauthorized to "
                         f"{i.unauthorized} ({i.ui_clause})" for i in entries)
    if not any(i.seat is seat and i.card == card for other in restorations for i in other.ledger):
        return (f"{token} is in the information ledger of no restoration: no path withdraws it or makes it a penalty "
                "card, so what it showed is neither authorized nor unauthorized information (16C, 50E)")
    return f"{token} is not in its information ledger: this path neither withdraws it nor makes it a penalty card"


def _penalty_explain(seat: Seat, card: Card) -> Callable[[Restoration, Sequence[Restoration]], str]:
    """What a restoration shows of ``<seat> penalty <card> [kind]``: the seat is declarer or
    dummy in it, whose cards never become penalty cards (48A); the card is a penalty card,
    of the kind named; or what became of it (:func:`card_history`): a penalty card until
    its owner played it, until declarer's lead choice had it picked up, or until play ended
    before attention, which leaves none in force (docs/decisions.md), each with its kind;
    withdrawn under a clause that makes no penalty card of it; never one on the path."""
    return partial(_explain_penalty, seat, card)


def _explain_penalty(seat: Seat, card: Card, r: Restoration, restorations: Sequence[Restoration]) -> str:
    """:func:`_penalty_explain` of ``r`` among ``restorations``."""
    declarer = r.table.declarer
    if seat is declarer or seat is declarer.partner:
        role = "declarer" if seat is declarer else "dummy"
        return f"{seat} is {role}: no card of declarer's or dummy's ever becomes a penalty card (48A)"
    said = card_history(r, seat, card, penalty=True)
    if r.node.played_out and "the end of play lifted it" not in said:
        said += "; play ended before attention: no penalty card stays in force once nothing is left to lead or play"
    return said


def card_history(r: Restoration, seat: Seat, card: Card, *, penalty: bool = False) -> str:
    """Where ``seat``'s ``card`` is in the restoration ``r`` and how it came there, as a
    director says it: a penalty card (its kind), or one until its owner played it (the trick),
    until a lead choice of declarer's had it picked up (50D2(a), 51B) or until play ended
    (the end of play lifts it); withdrawn (the clause of the step that took it back, and
    whether that made it a penalty card); standing as played (the trick); in the hand; or
    the card of another seat. ``penalty``: the question is whether it is a penalty card, so
    a card that never was one on the path is said to be none."""
    token = f"{seat} {card}"
    holder = r.table.deal.holder(card)
    if holder is not None and holder is not seat:
        return f"{card} is {holder}'s card, not {seat}'s"
    now = next((p for p in r.penalty_cards if p.seat is seat and p.card == card), None)
    if now is not None:
        return f"{token} is a {now.kind.value} penalty card"
    lifted = _lifted_at_end(r, token)
    if lifted is not None:
        kind = f" {lifted}" if lifted else ""
        return (f"{token} was a{kind} penalty card until play ended before attention, and the end of play lifted it: none "
                "stays in force once nothing is left to lead or play; what it showed stays in the information ledger, 50E")
    played_at = next((t.number for t in r.table.tricks if t.card_of(seat) == card), None)
    was = next((p for p in r.table.played_penalty if p.seat is seat and p.card == card), None)
    if was is not None and played_at is not None:
        return f"{token} was a {was.kind.value} penalty card until {seat} played it to trick {played_at}"
    gone = [w for w in r.withdrawn if w.seat is seat and w.card == card]
    then = f"; {seat} played it later, to trick {played_at}" if played_at is not None else ""
    kind = _kind_said(r, card)
    a_kind = f"a {kind}" if kind else "a"
    picked = next((st for st in r.path if st.clause.startswith(("50D2", "51B")) and f"picks up {card}" in st.text), None)
    if picked is not None:
        return f"{token} was {a_kind} penalty card until declarer's lead choice had {seat} pick it up ({picked.clause}){then}"
    pc_info = any(i.seat is seat and i.card == card and i.ui_clause.startswith("50E") for i in r.ledger)
    if gone:
        step = _withdrawing_step(r, seat, card)
        why = _NO_PENALTY_CARD.get(step.clause, "") if step is not None else ""
        under = f" under {step.clause}" if step is not None else ""
        told = f": '{step.text}'" if step is not None else ""
        if kind or pc_info:
            return f"{token} was withdrawn from trick {gone[-1].trick}{under}{told}{then}"
        return (f"{token} was withdrawn from trick {gone[-1].trick}{under}{f' ({why})' if why else ''}, which makes no penalty "
                f"card of it{told}{then}")
    if pc_info or kind:
        return f"{token} was {a_kind} penalty card on this path, and is none in the restored position{then}"
    never = f"{token} is never a penalty card on this path; it" if penalty else token
    if played_at is not None:
        return f"{never} stands as played to trick {played_at}"
    if card in r.table.hand(seat):
        return f"{never} is in {seat}'s hand"
    return f"{token} is never a penalty card on this path" if penalty else ""


def _kind_said(r: Restoration, card: Card) -> str:
    """The kind (``major``, ``minor``) a step of ``r``'s path gave ``card`` as a penalty card
    ("DK becomes a major penalty card"), or ""."""
    found = re.compile(rf"\b{re.escape(str(card))}\b[^;:]*?\b(major|minor) penalty card")
    for step in r.path:
        m = found.search(step.text)
        if m is not None:
            return m.group(1)
    return ""


#: why a clause that takes a played card back makes no penalty card of it, said after the
#: clause (the step's own text follows)
_NO_PENALTY_CARD = {
    "62C1": "a non-offender's change after the revoke",
    "62C2": "the offending side's change after a non-offender's",
    "47D": "a change after the opponent's change of play",
    "45D1": "a card played after dummy's wrong card",
    "45D": "a card played after dummy's wrong card",
    "58B3": "a card played after the opponent's simultaneous cards",
    "47E1": "a card played on misinformation",
    "44C": "a card replaced because it no longer follows suit",
}


def _withdrawing_step(r: Restoration, seat: Seat, card: Card) -> Step | None:
    """The step of ``r``'s path that took ``seat``'s played ``card`` back (the last one:
    a card withdrawn twice is the later withdrawal's)."""
    text = str(card)
    found = None
    for step in r.path:
        if text not in step.text:
            continue
        if any(f"{seat} {verb} {text}" in step.text for verb in ("withdraws", "withdraws his lead of", "takes back")) or any(
                w in step.text for w in (f"{text} goes back", f"{text} is taken back")):
            found = step
    return found


def _lifted_at_end(r: Restoration, token: str) -> str | None:
    """The kind (``major``, ``minor``; "" when the step does not say it) of ``token``'s
    penalty card the end of play lifted (the Law 64 step's "play has ended: no penalty card
    remains (W HQ major, ...)"), or None when it lifted no such card."""
    for step in r.path:
        at = step.text.find(f"{PLAY_OVER_LIFTS} (")
        if at >= 0:
            start = at + len(PLAY_OVER_LIFTS) + 2
            for item in step.text[start:step.text.find(")", start)].split(", "):
                words = item.split()
                if " ".join(words[:2]) == token:
                    return words[2] if len(words) > 2 else ""
    return None


def _card_explain(seat: Seat, card: Card) -> Callable[[Restoration, Sequence[Restoration]], str]:
    """What a restoration shows of ``<seat> plays <card>`` and ``<seat> withdraws <card>``:
    where the card is (:func:`card_history`), and, for a card played before the tricks the
    ``plays`` atom reads, that it reads them from the trick under ruling on."""
    return partial(_explain_card, seat, card)


def _explain_card(seat: Seat, card: Card, r: Restoration, restorations: Sequence[Restoration]) -> str:
    """:func:`_card_explain` of ``r`` among ``restorations``."""
    said = card_history(r, seat, card)
    at = next((t.number for t in r.table.tricks if t.card_of(seat) == card), None)
    first = r.tricks[0].number if r.tricks else None
    if at is not None and first is not None and at < first:
        said += f", before the tricks the restoration restores (from trick {first}), which 'plays' reads"
    return said


def _suit_explain(seat: Seat) -> Callable[[Restoration, Sequence[Restoration]], str]:
    """What a restoration shows of ``<seat> plays <suit>``: the seat's card to the trick
    under ruling, or that he has none there."""
    return partial(_explain_suit, seat)


def _explain_suit(seat: Seat, r: Restoration, restorations: Sequence[Restoration]) -> str:
    """:func:`_suit_explain` of ``r`` among ``restorations``."""
    focus = r.node.focus
    card = r.card_of(seat)
    if card is not None:
        return f"{seat}'s card to trick {focus}, the trick under ruling, is {card}"
    return f"{seat} has no card on trick {focus}, the trick under ruling, as restored" if focus is not None else ""


def _finding_explain(finding: str) -> Callable[[Restoration, Sequence[Restoration]], str]:
    """What a restoration shows of ``finding <finding>``: the findings its path assumes, and
    whether any restoration assumes that one."""
    return partial(_explain_finding, finding)


def _explain_finding(finding: str, r: Restoration, restorations: Sequence[Restoration]) -> str:
    """:func:`_finding_explain` of ``r`` among ``restorations``."""
    has = f"its path assumes {', '.join(r.findings)}" if r.findings else "its path assumes no finding of fact"
    if not any(finding in other.findings for other in restorations):
        has += f"; no restoration assumes {finding}"
    return has


def _lead_explain(r: Restoration, restorations: Sequence[Restoration]) -> str:
    """What a restoration shows of ``lead <seat>``: who leads next, or why nobody does."""
    if r.lead is not None:
        return f"{r.lead} leads next"
    focus = r.node.focus
    if r.node.played_out:
        return "play ended before attention: nobody leads"
    last = r.tricks[-1] if r.tricks else None
    if last is not None and last.number == 13 and last.is_complete:
        return "trick 13 is complete: nobody leads"
    if last is not None and not last.is_complete:
        return f"trick {last.number} is still in progress: its winner leads next once it is complete"
    return f"nobody leads after trick {focus}" if focus is not None else ""


def _established_explain(r: Restoration, restorations: Sequence[Restoration]) -> str:
    """What a restoration shows of ``established``: the step that finds a revoke established
    (63A1), or that none is, with the correction its path makes (62), if any."""
    step = next((s for s in r.path if s.clause in ("63A1", "63A2", "63A3", "63A4") or s.choice == "established"), None)
    if r.established:
        return f"a revoke stands established: {step.text}" if step is not None else "a revoke stands established"
    corrected = sorted(c for c in r.laws if c.startswith("62") or c in ("52B2",))
    if corrected:
        return f"no revoke is established on its path: it corrects one ({', '.join(corrected)})"
    return "no revoke is established on its path"


def restriction_explain(text: str) -> Callable[[Restoration, Sequence[Restoration]], str]:
    """What a restoration shows of a restriction atom (``restriction <seat> must [not] lead
    <suit>``, ``<seat> must play ...``, with ``in force`` or ``lapsed``): the restrictions its
    path imposed, whether this one is in force or spent, and, once play ended before
    attention (when none is listed), that it was imposed and where it was met or broken."""
    return partial(_explain_restriction, text)


def _explain_restriction(text: str, r: Restoration, restorations: Sequence[Restoration]) -> str:
    """:func:`restriction_explain` of ``r`` among ``restorations``."""
    from rulings.solver.obligations import lapsed_restrictions

    binding = [x for x in r.node.restrictions if binds_restriction(x)]
    if text in r.node.restrictions:
        if lapsed_restrictions(r.table, (text,)):
            return f"{text} was imposed and has lapsed{_met(r, text)}"
        return f"{text} was imposed and is still in force"
    if r.node.played_out:
        made = _imposed(r)
        said = "; its path imposed " + "; ".join(f"{t} ({c}){_met(r, t)}" for t, c in made) if made else ""
        return f"play ended before attention: no lead or play restriction is listed once nothing is left to lead or play{said}"
    if binding:
        return f"its restrictions: {', '.join(binding)}"
    return "its path imposes no lead or play restriction"


def _imposed(r: Restoration) -> list[tuple[str, str]]:
    """The lead and play restrictions ``r``'s path imposed, each with the clause of the step
    that imposed it, once play has ended (when the restoration no longer lists them): the
    lead restrictions the table made (50D2(a), 51B), the 57A options its steps impose."""
    from rulings.solver.obligations import lead_restriction

    found: dict[str, str] = {}
    for step in r.path:
        if step.imposes:
            found.setdefault(step.imposes, step.clause)
        if step.clause.startswith(("50D2", "51B")):
            for rule in r.table.lead_rules_made:
                found.setdefault(lead_restriction(rule.seat, rule.suit, rule.must), step.clause)
    return list(found.items())


def binds_restriction(text: str) -> bool:
    """A restriction text of a restoration that binds later play (a lead or play
    restriction), not a change of declarer (54A) or 62D2's suggestion."""
    from rulings.solver.obligations import binds_later_play

    return binds_later_play(text)


def _met(r: Restoration, text: str) -> str:
    """Where the restriction ``text`` was met or broken on the restored table, as ``, met
    at trick N: E played CQ`` (a lead restriction: the lead it governed; a 57A or 57D one:
    its player's card to the trick of his partner's premature card, or of his own card played
    at his right-hand opponent's turn), or ""."""
    from rulings.solver.obligations import restriction_trick

    found = restriction_trick(r.table, text)
    if found is None:
        return ""
    trick, seat, card, kept = found
    how = ("kept" if " must not " in text else "met") if kept else "broken (a revoke, 61A)"
    verb = "led" if trick.plays and trick.plays[0][0] is seat else "played"
    return f", {how} at trick {trick.number}, where {seat} {verb} {card}"


_CLAUSE_FORM = re.compile(r"(\d{2})([A-Za-z]?)(\d?)(?:\(([A-Za-z])\)|([A-Za-z]))?")


def clause_id(token: str) -> str:
    """A clause id as clauses.tsv writes it, whatever the case of its letters and with or
    without the parentheses of its last letter; the token itself when it has no such form.

    >>> clause_id("45c4b"), clause_id("62c1"), clause_id("50D2(A)"), clause_id("xyz")
    ('45C4(b)', '62C1', '50D2(a)', 'xyz')
    """
    m = _CLAUSE_FORM.fullmatch(token)
    if m is None:
        return token
    law, letter, number, sub = m.group(1), m.group(2).upper(), m.group(3), m.group(4) or m.group(5)
    return f"{law}{letter}{number}" + (f"({sub.lower()})" if sub else "")


def _clause(token: str, claim: str, edition: str) -> tuple[str, str]:
    """The clause a ``law <id>`` atom names (:func:`clause_id`), and, for a clause of the
    other edition only, why it cannot hold (naming this edition's id of that clause, where
    there is one). Raises NotationError for an id of neither edition, naming the ids it may
    stand for."""
    book = ClauseBook.load()
    clause = clause_id(token)
    if book.has(clause, edition):
        return clause, ""
    other = "2007" if edition == "2017" else "2017"
    if book.has(clause, other):
        ours = _renumbered(clause, edition)
        where = f"the {edition} Laws number it {' or '.join(ours)}" if ours else f"the {edition} Laws have no such clause"
        return clause, (f"clause {clause!r} in claim {claim!r} is a clause of the {other} Laws, never cited in this case's "
                        f"ruling: the case is ruled under the {edition} Laws, and {where}")
    near = _near_clauses(clause, book.ids(edition))
    hint = f"; did you mean {', '.join(near)}?" if near else ""
    raise NotationError(f"unknown clause {token!r} in claim {claim!r} (not in clauses.tsv for the {edition} Laws){hint}",
                        token=token)


def _law_atom(token: str, claim: str, edition: str) -> Atom:
    """``law <id>``: the path cites the clause itself; ``law <id>*``: the clause or any clause
    under it (``16C*``: 16C, 16C1, 16C2; ``45C4*``: 45C4(a), 45C4(b)). An id no rule of the
    edition cites (at its own level, or at all, with what to write instead), like one of the
    other edition only, cannot hold: an error where the claim needs it (``Atom.foreign``)."""
    book = ClauseBook.load()
    cited = cited_clauses(edition)
    if token.endswith("*"):
        stem = clause_id(token[:-1])
        if _CLAUSE_FORM.fullmatch(stem) is None:
            raise NotationError(f"bad clause {token!r} in claim {claim!r}: expected a clause id, or one followed by '*' "
                                "(the clause or any clause under it: 16C*)", token=token)
        under = [i for i in book.ids(edition) if i.startswith(stem)]
        if not under:
            clause, foreign = _clause(stem, claim, edition) if book.has(stem, "2007" if edition == "2017" else "2017") else (
                stem, "")
            if not foreign:
                near = _near_clauses(stem, book.ids(edition))
                hint = f"; did you mean {', '.join(near)}?" if near else ""
                raise NotationError(f"unknown clause {token!r} in claim {claim!r} (no clause of the {edition} Laws is "
                                    f"{stem} or under it){hint}", token=token)
            return Atom(f"law {stem}*", lambda r: False, foreign=foreign)
        foreign = "" if any(i in cited for i in under) else _uncited(stem, claim, edition, star=True)
        return Atom(f"law {stem}*", lambda r: any(c.startswith(stem) for c in r.laws), foreign=foreign, note=foreign)
    clause, foreign = _clause(token, claim, edition)
    note = ""
    if not foreign and clause not in cited:
        foreign = note = _uncited(clause, claim, edition)
    return Atom(f"law {clause}", lambda r: clause in r.laws, foreign=foreign,
                explain=partial(_explain_law, clause, _law_of(clause)), note=note)


def _explain_law(clause: str, law: str, r: Restoration, restorations: Sequence[Restoration]) -> str:
    """What a restoration ``r`` (among ``restorations``) shows of ``law <clause>`` (of Law
    ``law``): the clauses under it that its path cites, or those of its law, or none."""
    found = sorted(c for c in r.laws if c.startswith(clause) and c != clause)
    if found:
        return (f"it cites {', '.join(found)}, under {clause}: 'law {clause}' holds where the path cites {clause} itself, "
                f"'law {clause}*' where it cites {clause} or any clause under it")
    family = sorted(c for c in r.laws if _law_of(c) == law)
    if family:
        return f"of Law {law} its path cites {', '.join(family)}"
    if any(_law_of(c) == law for other in restorations for c in other.laws):
        return f"its path cites no clause of Law {law}"
    return f"no restoration's path cites any clause of Law {law}"


def _law_of(clause: str) -> str:
    """The law a clause id belongs to (``52B1(b)``: ``52``); "" for a citation of no clause
    form (a step after play with nothing to count)."""
    m = re.match(r"(\d{2})(?!\d)", clause)
    return m.group(1) if m else ""


def _uncited(clause: str, claim: str, edition: str, *, star: bool = False) -> str:
    """Why ``law <clause>`` (``star``: ``law <clause>*``) never holds in a case of
    ``edition``: no rule of it cites the clause (a heading whose sub-clauses the rules cite,
    or one of no rule, with the id the edition gives the other edition's clause of that
    number where it differs: 2007 16C is extraneous information, 2017 16C what 2007 numbers
    16D)."""
    book = ClauseBook.load()
    cited = cited_clauses(edition)
    subs = sorted(i for i in cited if i.startswith(clause) and i != clause)
    written = f"law {clause}{'*' if star else ''}"
    if subs and not star:
        return (f"clause {clause!r} in claim {claim!r} is a heading no rule of the {edition} Laws cites at its own level: "
                f"the rules cite {', '.join(subs)} under it; write 'law {clause}*' (the clause or any clause under it), "
                f"or name one of them")
    why = (f"'{written}' in claim {claim!r} never holds: no rule of the {edition} Laws cites {clause} "
           f"({book.get(clause, edition).title}){' or any clause under it' if star else ''}")
    other = "2007" if edition == "2017" else "2017"
    if book.has(clause, other) and book.get(clause, other).title != book.get(clause, edition).title:
        ours = [i for i in _renumbered(clause, edition) if i != clause]
        if ours:
            under = sorted(i for i in cited if any(i.startswith(o) for o in ours))
            why += (f"; the {other} Laws' {clause} ({book.get(clause, other).title}) is {' or '.join(ours)} in the "
                    f"{edition} Laws: write 'law {ours[0]}*' ({', '.join(under)})")
    return why


def cited_clauses(edition: str) -> frozenset[str]:
    """The clause ids the rules of ``edition`` cite (each rule's ``cites``, in this
    edition's numbering): every clause a restoration's path may cite."""
    found = _CITED.get(edition)
    if found is None:
        from rulings.solver.rulesets import get_ruleset

        rs = get_ruleset(edition)
        found = _CITED[edition] = frozenset(rs.cite(c) for rule in rs.rules for c in rule.cites)
    return found


_CITED: dict[str, frozenset[str]] = {}


def _renumbered(clause: str, edition: str) -> list[str]:
    """The ids ``edition`` gives a clause the other edition numbers ``clause``: 2017 16C2 is
    2007 16D2 (the 2007 rule set's ``CLAUSE_NAMES``) and the other way round."""
    from rulings.solver.rulesets.laws2007 import CLAUSE_NAMES

    if edition == "2007":
        return [CLAUSE_NAMES[clause]] if clause in CLAUSE_NAMES else []
    return sorted(new for new, old in CLAUSE_NAMES.items() if old == clause and new != old)


def _near_clauses(clause: str, ids: list[str], most: int = 10) -> list[str]:
    """The clause ids ``clause`` may stand for: those it begins (``62C``: 62C1, 62C2, 62C3),
    else those of its law and letter, else the ids spelt most like it."""
    for stem in (clause, clause[:3], clause[:2]):
        found = [i for i in ids if i.startswith(stem)] if len(stem) >= 2 else []
        if found:
            return found[:most] + (["..."] if len(found) > most else [])
    import difflib

    return difflib.get_close_matches(clause, ids, n=3)


def _seat(token: str, claim: str) -> Seat:
    try:
        return Seat.parse(token)
    except NotationError:
        raise NotationError(f"unknown token {token!r} in claim {claim!r}: expected a seat", token=token) from None


def _side(token: str, claim: str) -> Side:
    try:
        return Side.parse(token)
    except NotationError:
        raise NotationError(f"unknown token {token!r} in claim {claim!r}: expected NS or EW", token=token) from None


def _card(token: str, claim: str) -> Card:
    try:
        return Card.parse(token)
    except NotationError:
        raise NotationError(f"bad card {token!r} in claim {claim!r}", token=token) from None


def _card_or_suit(token: str, claim: str) -> Card | Suit:
    if len(token) >= 2:
        try:
            return Card.parse(token)
        except NotationError:
            pass
    try:
        return Suit.parse(token)
    except NotationError:
        raise NotationError(f"bad card or suit {token!r} in claim {claim!r}", token=token) from None


# ----- checking ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class ClaimResult:
    claim: Claim
    passed: bool
    message: str
    counterexample: Restoration | None = None
    #: a failed ``sometimes:`` claim: the restoration that fails the fewest of its atoms
    closest: Restoration | None = None


def check(claim: Claim, restorations: Sequence[Restoration]) -> ClaimResult:
    """Check one claim against the set of distinct restorations; the notes of its atoms
    (:attr:`Atom.note`: a clause it denies that no rule cites at that level) said after the
    result."""
    result = _check(claim, restorations)
    notes = list(dict.fromkeys(a.note for a in (*claim.premise, *claim.conclusion) if a.note))
    if not notes:
        return result
    return replace(result, message=result.message + "".join(f"; note: {n}" for n in notes))


def _check(claim: Claim, restorations: Sequence[Restoration]) -> ClaimResult:
    if claim.quantifier == "count":
        n = len(restorations)
        ok = n == claim.count
        return ClaimResult(claim, ok, f"{n} restoration{'' if n == 1 else 's'}" + ("" if ok else f", claim says {claim.count}"))

    matching = [r for r in restorations if _all_hold(claim.premise, r)]
    if claim.quantifier == "always":
        for r in matching:
            if not _all_hold(claim.conclusion, r):
                why = f": it fails {', '.join(_failing(claim.conclusion, r))}" if len(claim.conclusion) > 1 else ""
                said = _explained(claim.conclusion, r, restorations)
                return ClaimResult(claim, False, f"restoration {r.number} does not satisfy it{why}{said}", r)
        return ClaimResult(claim, True, f"holds in all {len(matching)}" + (" matching" if claim.premise else ""))
    if claim.quantifier == "never":
        for r in matching:
            if _all_hold(claim.conclusion, r):
                said = _explained(claim.conclusion, r, restorations, held=True)
                return ClaimResult(claim, False, f"restoration {r.number} satisfies it{said}", r)
        return ClaimResult(claim, True, "no restoration satisfies it")
    for r in matching:
        if _all_hold(claim.conclusion, r):
            return ClaimResult(claim, True, f"restoration {r.number} satisfies it", r)
    atoms = (*claim.premise, *claim.conclusion)
    closest = min(restorations, key=lambda r: len(_failing(atoms, r)), default=None)  # (the first of the closest)
    if closest is None:
        return ClaimResult(claim, False, "no restoration satisfies it")
    return ClaimResult(claim, False, f"no restoration satisfies it; the closest, restoration {closest.number}, fails "
                                     f"{', '.join(_failing(atoms, closest))}{_explained(atoms, closest, restorations)}",
                       closest=closest)


def _all_hold(atoms: Iterable[Atom], r: Restoration) -> bool:
    return all(a.holds(r) for a in atoms)


def _failing(atoms: Iterable[Atom], r: Restoration) -> list[str]:
    return [str(a) for a in atoms if not a.holds(r)]


def _explained(atoms: Iterable[Atom], r: Restoration, restorations: Sequence[Restoration], *, held: bool = False) -> str:
    """What ``r`` (among ``restorations``) shows of the atoms it fails (``held``: of those it
    satisfies, for a ``never:`` claim), each atom's :attr:`Atom.explain`: why the fact is not
    so there (or is), in the restoration's own terms (a ``law`` atom: the clauses of its law
    the path cites; a penalty card: its kind, or what became of it)."""
    notes = [note for a in atoms if a.explain is not None and a.holds(r) is held
             if (note := a.explain(r, restorations))]
    return "".join(f" ({note})" for note in dict.fromkeys(notes))


# Rule modules register their atoms when imported; imported last, so that they can import
# this module (Atom, register_atom) whichever of the two is imported first.
from rulings.solver import rulesets as _rulesets  # noqa: E402, F401
