"""Play-record events and the play-line grammar of case files (CASES.md).

One line, one event:

>>> PlayLine.parse("N SJ")
Play(seat=Seat.N, card=Card.parse('SJ'))
>>> PlayLine.parse("S calls high").what
Designation(kind='high', card=None, suit=None, rank=None)
>>> PlayLine.parse("attention E")
Attention(by=Seat.E)

Every event keeps the line it came from (``line``, not part of equality) so rulings and
errors can point at the case file; an event read from a mapping with no lines (a record of
a JSON lines test set) keeps its place in the ``play`` list instead (``entry``): :func:`place`
names either.
"""

from __future__ import annotations

from dataclasses import field
from typing import Literal, NoReturn

from rulings.models.cards import Card, Rank, Seat, Suit
from rulings.models.dataclass import dataclass
from rulings.models.errors import NotationError

DesignationKind = Literal["card", "high", "low", "win", "suit", "rank", "anything", "ruff", "run"]
ChangeFinding = Literal["slip", "rethink", "lapse", "pause"]
#: the director's findings on a change of designation that refuse it (45C4(b): only a slip of
#: the tongue is changed without pause for thought)
REFUSING_FINDINGS: frozenset[str] = frozenset({"rethink", "lapse", "pause"})
EXPOSURE_FACTS: frozenset[str] = frozenset(
    {
        "visible_to_partner",
        "not_visible_to_partner",
        "held_near_table",
        "touching_table",
        "maintained_as_played",
        "dropped",
        "face_down",
        "claiming",
    }
)
TOUCH_PURPOSES: frozenset[str] = frozenset({"arranging", "reaching", "deliberate"})
#: The director's findings of fact a ``director finds`` line may give: every finding a rule
#: reads, in one place (docs/case-format.md has their meanings). By family: a change of
#: designation (45C4(b)) and a touch of dummy's card (45C3); an exposed, fifth or simultaneous
#: card (45E, 48, 49, 58); a lead out of turn (53B, 54A, 54C, 53A); the end of the round (64B4-64B6).
#: A claim's ``finding`` atom tests those of them a branch records (each rule module's
#: ``FINDINGS``, a part of these). Any other word is an error naming it.
DIRECTOR_FINDINGS: frozenset[str] = frozenset({
    "slip", "rethink", "lapse", "pause", *TOUCH_PURPOSES,
    "visible_to_partner", "not_visible_to_partner", "played", "not_played", "led",
    "saw_dummy", "began_to_spread", "proper lead", "played to the lead",
    "hands_returned", "next_deal_called", "round_over",
    "revoke_trick_won_by_ns", "revoke_trick_won_by_ew",
})
#: Findings that take words after them: the card(s) declarer's incontrovertible intention
#: names (46B), and the tricks a side would have won had the revoke not happened (64C).
DIRECTOR_FINDING_FORMS: dict[str, str] = {"incontrovertible": "incontrovertible <card> [<card>...]",
                                          "equity": "equity <NS|EW> <N>"}
#: Words of like meaning (46B1): accepted after ``calls`` for high, low and win.
DESIGNATION_SYNONYMS: dict[str, str] = {"top": "high", "small": "low", "take": "win"}


@dataclass(frozen=True, slots=True)
class Designation:
    """What declarer said when calling a card from dummy (Law 46)."""

    kind: DesignationKind
    card: Card | None = None
    suit: Suit | None = None
    rank: Rank | None = None

    @classmethod
    def parse(cls, text: str) -> Designation:
        """Parse a card, ``high``, ``low``, ``win``, a suit, a rank or ``anything``.

        Raises NotationError.
        """
        t = text.strip().lower()
        t = DESIGNATION_SYNONYMS.get(t, t)
        if t in ("high", "low", "win", "anything", "ruff"):
            return cls(t)  # type: ignore[arg-type]
        words = t.split()
        if len(words) == 2 and DESIGNATION_SYNONYMS.get(words[0], words[0]) in ("high", "low", "run"):
            # project extension: "high heart", "low club", "run clubs" (46B1, 46B2)
            try:
                return cls(DESIGNATION_SYNONYMS.get(words[0], words[0]), suit=Suit.parse(words[1]))  # type: ignore[arg-type]
            except NotationError:
                raise NotationError(f"bad designation {text!r}", token=text) from None
        if len(t) >= 2:
            try:
                return cls("card", card=Card.parse(text))
            except NotationError:
                pass
        try:
            return cls("suit", suit=Suit.parse(text))
        except NotationError:
            pass
        try:
            return cls("rank", rank=Rank.parse(text))
        except NotationError:
            raise NotationError(f"bad designation {text!r}", token=text) from None

    def __str__(self) -> str:
        if self.card is not None:
            return str(self.card)
        if self.suit is not None and self.kind != "suit":
            return f"{self.kind} {self.suit}"
        if self.suit is not None:
            return str(self.suit)
        if self.rank is not None:
            return str(self.rank)
        return self.kind


@dataclass(frozen=True, slots=True)
class Event:
    """Base class of play-record events."""


@dataclass(frozen=True, slots=True)
class Play(Event):
    """``<seat> <card>``: the seat places the card in the played position."""

    seat: Seat
    card: Card
    line: int | None = field(default=None, compare=False, repr=False)
    entry: int | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.seat} {self.card}"


@dataclass(frozen=True, slots=True)
class PlayBeforeTurn(Event):
    """A play line (``<seat> <card>``) the record reader holds back rather than place: a
    defender's card put down in the trick in progress before his turn (before his partner's
    card, or at his right-hand opponent's turn), the record then having him play another card
    to that trick at his own turn (``TableState.held_back``, docs/case-format.md). Written
    as the play line it is read from; the rules put its card where he put it down and rule
    it as a play out of turn (57A, 57D; 2007 49, 50), his card at his turn following it, as
    they rule the same card written ``<seat> plays <card> simultaneous``."""

    seat: Seat
    card: Card
    line: int | None = field(default=None, compare=False, repr=False)
    entry: int | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.seat} {self.card}"


@dataclass(frozen=True, slots=True)
class Call(Event):
    """``<seat> calls <what>``: declarer designates a card from dummy (45B, 46)."""

    seat: Seat
    what: Designation
    line: int | None = field(default=None, compare=False, repr=False)
    entry: int | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.seat} calls {self.what}"


@dataclass(frozen=True, slots=True)
class ChangeDesignation(Event):
    """``<seat> changes to <card> [slip|rethink|lapse|pause]`` (45C4(b))."""

    seat: Seat
    card: Card
    finding: ChangeFinding | None = None
    line: int | None = field(default=None, compare=False, repr=False)
    entry: int | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.seat} changes to {self.card}" + (f" {self.finding}" if self.finding else "")


@dataclass(frozen=True, slots=True)
class Expose(Event):
    """``<seat> exposes <card> [<how>...]`` (45C1, 48, 49)."""

    seat: Seat
    card: Card
    facts: tuple[str, ...] = ()
    line: int | None = field(default=None, compare=False, repr=False)
    entry: int | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return " ".join([f"{self.seat} exposes {self.card}", *self.facts])


@dataclass(frozen=True, slots=True)
class Name(Event):
    """``<seat> names <card>``: a defender names a card as in his hand (49)."""

    seat: Seat
    card: Card
    line: int | None = field(default=None, compare=False, repr=False)
    entry: int | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.seat} names {self.card}"


@dataclass(frozen=True, slots=True)
class Touch(Event):
    """``<seat> touches <card> [arranging|reaching]``: declarer touches dummy's card (45C3).

    A project extension of CASES.md (see docs/case-format.md).
    """

    seat: Seat
    card: Card
    purpose: str | None = None
    line: int | None = field(default=None, compare=False, repr=False)
    entry: int | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.seat} touches {self.card}" + (f" {self.purpose}" if self.purpose else "")


@dataclass(frozen=True, slots=True)
class Attention(Event):
    """``attention <seat|TD>``: attention is drawn; the ruling is made from here."""

    by: Seat | None  # None: the director noticed
    line: int | None = field(default=None, compare=False, repr=False)
    entry: int | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"attention {self.by if self.by is not None else 'TD'}"


@dataclass(frozen=True, slots=True)
class Resume(Event):
    """``resume``: the ruling made after the last ``attention`` is over and play goes on
    from the position as rectified; the lines that follow are played on that table (a record
    played on to the end of the hand, with a ruling at each ``attention``). A project
    extension (docs/case-format.md)."""

    line: int | None = field(default=None, compare=False, repr=False)
    entry: int | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return "resume"


@dataclass(frozen=True, slots=True)
class CorrectExplanation(Event):
    """``<seat> corrects explanation`` (47E2)."""

    seat: Seat
    line: int | None = field(default=None, compare=False, repr=False)
    entry: int | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.seat} corrects explanation"


@dataclass(frozen=True, slots=True)
class Misinformed(Event):
    """``<seat> misinformed``: told by an opponent that it was his turn (47E1)."""

    seat: Seat
    line: int | None = field(default=None, compare=False, repr=False)
    entry: int | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.seat} misinformed"


@dataclass(frozen=True, slots=True)
class Omit(Event):
    """``<seat> omits``: at his turn in the trick in progress the seat played no card, and the
    trick was quitted with the three others (a defective trick, 67A1, 67B1); the next card
    of the record leads the next trick. A project extension (docs/case-format.md)."""

    seat: Seat
    line: int | None = field(default=None, compare=False, repr=False)
    entry: int | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.seat} omits"


@dataclass(frozen=True, slots=True)
class DirectorFinds(Event):
    """``director finds <finding>``: a finding of fact the director has made."""

    finding: str
    line: int | None = field(default=None, compare=False, repr=False)
    entry: int | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"director finds {self.finding}"


@dataclass(frozen=True, slots=True)
class Simultaneous(Event):
    """``<seat> plays <card> [<card>...] simultaneous [visible <card>...]`` (Law 58).

    One card: the seat played it at the same moment as the play on the line before (58A).
    Two or more: the seat led or played them together (58B); ``visible`` lists the cards
    whose faces could be seen (empty: every one). A project extension (docs/case-format.md).
    """

    seat: Seat
    cards: tuple[Card, ...]
    visible: tuple[Card, ...] = ()
    line: int | None = field(default=None, compare=False, repr=False)
    entry: int | None = field(default=None, compare=False, repr=False)

    @property
    def faces(self) -> tuple[Card, ...]:
        """The cards whose faces were visible (all of them when not stated)."""
        return self.visible or self.cards

    def __str__(self) -> str:
        text = " ".join([f"{self.seat} plays", *(str(c) for c in self.cards), "simultaneous"])
        return text + (" visible " + " ".join(str(c) for c in self.visible) if self.visible else "")


@dataclass(frozen=True, slots=True)
class FifthCard(Event):
    """``<seat> plays <card> fifth``: a card put on a trick that already holds four (45E).
    Whether it was played to that trick or led to the next is the director's finding
    (``director finds played|led``). A project extension (docs/case-format.md)."""

    seat: Seat
    card: Card
    line: int | None = field(default=None, compare=False, repr=False)
    entry: int | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.seat} plays {self.card} fifth"


# ----- choices made at the table (leads out of turn, premature plays, misinformation) --------
#: Play-line verbs of :class:`Choice` (a project extension, see docs/case-format.md).
CHOICE_WORDS: tuple[str, ...] = ("accepts", "refuses", "spreads", "retracts", "requires", "forbids", "leaves")
ChoiceVerb = Literal["accepts", "refuses", "spreads", "retracts", "requires", "forbids", "leaves"]


@dataclass(frozen=True, slots=True)
class Choice(Event):
    """A choice a player states, or an action settling one (Laws 47E, 53-57).

    ``<seat> accepts`` / ``<seat> refuses``: accepts or refuses a lead out of turn (53A, 54, 55A, 56);
    ``<seat> spreads``: declarer spreads his hand and becomes dummy (54A), or dummy faces his hand;
    ``<seat> retracts <card>``: withdraws a played card he may withdraw (47E);
    ``<seat> requires highest|lowest|<suit>`` / ``<seat> forbids <suit>``: declarer's choice over the
    offender's partner (57A) or over a lead (50D2);
    ``<seat> leaves``: declarer neither requires nor forbids a suit, the penalty cards stay (50D2(b), 51B2(c)).

    >>> PlayLine.parse("S requires highest")
    Choice(seat=Seat.S, verb='requires', card=None, suit=None, word='highest')
    >>> str(PlayLine.parse("W retracts HA"))
    'W retracts HA'
    """

    seat: Seat
    verb: ChoiceVerb
    card: Card | None = None
    suit: Suit | None = None
    word: str | None = None  # "highest" or "lowest" for requires
    line: int | None = field(default=None, compare=False, repr=False)
    entry: int | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        what = self.card or self.suit or self.word
        return f"{self.seat} {self.verb}" + (f" {what}" if what is not None else "")


@dataclass(frozen=True, slots=True)
class FaceDownLead(Event):
    """``<seat> leads <card> face_down``: an opening lead made face down (41A) that is part
    of an irregularity: the correct leader's, after his partner faced a lead out of turn (54),
    or a face-down opening lead out of turn. The table does not place it (a proper face-down
    opening lead is recorded as a plain play line). A project extension (docs/case-format.md)."""

    seat: Seat
    card: Card
    line: int | None = field(default=None, compare=False, repr=False)
    entry: int | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.seat} leads {self.card} face_down"


DummyActionVerb = Literal["picks", "suggests"]


@dataclass(frozen=True, slots=True)
class DummyAction(Event):
    """``<dummy> picks <card>`` / ``<dummy> suggests <card>``: dummy, of his own accord,
    picked out a card (not designated by declarer, so not played) or illegally suggested one
    (45F, 57C2). A project extension (docs/case-format.md)."""

    seat: Seat
    verb: DummyActionVerb
    card: Card
    line: int | None = field(default=None, compare=False, repr=False)
    entry: int | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.seat} {self.verb} {self.card}"


LostRightsVerb = Literal["looks", "watches", "exchanges"]
#: what each verb of :class:`LostRights` says dummy did, with the clause of 43A2 it breaks
LOST_RIGHTS_CLAUSES: dict[str, str] = {"exchanges": "43A2(a)", "watches": "43A2(b)", "looks": "43A2(c)"}


@dataclass(frozen=True, slots=True)
class LostRights(Event):
    """``<dummy> exchanges`` (exchanged hands with declarer, 43A2(a)), ``<dummy> watches``
    (left his seat to watch declarer's play, 43A2(b)), ``<dummy> looks <defender>`` (looked at
    the face of a card in that defender's hand, 43A2(c)): dummy broke 43A2 and from then on
    has the limits of 43B2 and 43B3. A project extension (docs/case-format.md)."""

    seat: Seat
    verb: LostRightsVerb
    looked: Seat | None = None  # the defender whose card dummy looked at (``looks``)
    line: int | None = field(default=None, compare=False, repr=False)
    entry: int | None = field(default=None, compare=False, repr=False)

    @property
    def clause(self) -> str:
        return LOST_RIGHTS_CLAUSES[self.verb]

    def __str__(self) -> str:
        return f"{self.seat} {self.verb}" + (f" {self.looked}" if self.looked is not None else "")


@dataclass(frozen=True, slots=True)
class Inquiry(Event):
    """``<seat> asks <seat>``: the player asks the other whether he has a card of the suit
    led, after the other failed to follow (61B; dummy's question to declarer 42B1, 43B2(b)).
    A question about a revoke draws attention to it. A project extension (docs/case-format.md)."""

    seat: Seat
    asked: Seat
    line: int | None = field(default=None, compare=False, repr=False)
    entry: int | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.seat} asks {self.asked}"


@dataclass(frozen=True, slots=True)
class LeadWarning(Event):
    """``<dummy> warns``: dummy warns declarer against leading from the wrong hand (42B2;
    after dummy broke 43A2, 43B2(a)). A project extension (docs/case-format.md)."""

    seat: Seat
    line: int | None = field(default=None, compare=False, repr=False)
    entry: int | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.seat} warns"


@dataclass(frozen=True, slots=True)
class NamePlay(Event):
    """``<seat> names <card> to play``: a player names a card of his own hand as the one he
    plays (45C4(a)); a later ``<seat> changes to <card>`` by him concerns it (2007 45C4(b)
    reaches any player's designation; 2017 only declarer's of dummy's card). A project
    extension of CASES.md (docs/case-format.md); plain ``names <card>`` is unchanged."""

    seat: Seat
    card: Card
    line: int | None = field(default=None, compare=False, repr=False)
    entry: int | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.seat} names {self.card} to play"


@dataclass(frozen=True, slots=True)
class ClaimTricks(Event):
    """``<seat> claims <N>``: the seat claims N of the tricks still to play, conceding the rest
    (68); play ends (Law 64 counts the tricks from it). A project extension (docs/case-format.md)."""

    seat: Seat
    tricks: int
    line: int | None = field(default=None, compare=False, repr=False)
    entry: int | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.seat} claims {self.tricks}"


@dataclass(frozen=True, slots=True)
class Remaining(Event):
    """``remaining NS <n> EW <m>``: the tricks each side won after the last trick in the record
    (play to the end stated as a count, for Law 64). A project extension (docs/case-format.md)."""

    ns: int
    ew: int
    line: int | None = field(default=None, compare=False, repr=False)
    entry: int | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"remaining NS {self.ns} EW {self.ew}"


@dataclass(frozen=True, slots=True)
class Chooses(Event):
    """``<seat> chooses <choice>`` (and ``<seat> keeps``, short for ``chooses keep``): what a
    player chose at the table when a rule offered him options, written after ``attention``.
    ``<choice>`` is the name the ruling gives the option (the ``choice`` of its step: a card,
    ``keep``, ``change to SQ``, ``withdraw`` ...); it settles that branch of the ruling.
    A project extension (docs/case-format.md)."""

    seat: Seat
    words: str
    line: int | None = field(default=None, compare=False, repr=False)
    entry: int | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.seat} keeps" if self.words == "keep" else f"{self.seat} chooses {self.words}"


#: the words that make ``<seat> <word>`` an action, not the play of a card
_ONE_WORD_ACTIONS = frozenset({"misinformed", "omits", "watches", "exchanges", "warns", *CHOICE_WORDS})

AnyEvent = (Play | Call | ChangeDesignation | Expose | Name | Touch | Attention | CorrectExplanation | Misinformed | DirectorFinds
            | Simultaneous | FifthCard | Choice | FaceDownLead | DummyAction | NamePlay | Chooses | Resume | ClaimTricks | Remaining
            | Omit | PlayBeforeTurn | LostRights | Inquiry | LeadWarning)


def place(event: object) -> str:
    """Where a record line is, as a message names it: ``line 12`` (its line in the file),
    ``play[3]`` (its place in the ``play`` list of a record read with no lines: a JSON lines
    test set), or ``an earlier line`` when neither is known (a case built in memory)."""
    line, entry = getattr(event, "line", None), getattr(event, "entry", None)
    if line is not None:
        return f"line {line}"
    return f"play[{entry}]" if entry is not None else "an earlier line"


class PlayLine:
    """The play-line grammar of CASES.md."""

    @staticmethod
    def parse(text: str, line: int | None = None) -> AnyEvent:
        """Parse one play line. Tokens are case-insensitive.

        Raises NotationError naming the offending token (and ``line`` when given).
        """
        try:
            return _parse(text, line)
        except NotationError as err:
            raise err.located(line=line) from None


def _finding(words: list[str], text: str) -> str:
    """The finding of a ``director finds`` line (its first word in lower case), one of
    :data:`DIRECTOR_FINDINGS` or of the forms :data:`DIRECTOR_FINDING_FORMS`. Raises
    NotationError naming the unknown word and listing the known ones."""
    finding = " ".join(w.lower() if i == 0 else w for i, w in enumerate(words))
    head = finding.split()[0]
    if finding.lower() in DIRECTOR_FINDINGS:
        return finding
    if head == "incontrovertible" and len(words) > 1:
        for w in words[1:]:
            _card(w, text)
        return finding
    if head == "equity" and len(words) == 3:
        if words[1].upper() not in ("NS", "EW"):
            raise NotationError(f"unknown token {words[1]!r} in play line {text!r}: expected NS or EW", token=words[1])
        _trick_count(words[2], text)
        return finding
    if head in DIRECTOR_FINDING_FORMS:
        raise NotationError(f"play line {text!r}: expected 'director finds {DIRECTOR_FINDING_FORMS[head]}'", token=text)
    known = ", ".join([*sorted(DIRECTOR_FINDINGS), *DIRECTOR_FINDING_FORMS.values()])
    shown = " ".join(words)
    raise NotationError(f"unknown finding {shown!r} in play line {text!r}: the director's findings are {known}", token=shown)


def _card(token: str, text: str) -> Card:
    try:
        return Card.parse(token)
    except NotationError:
        raise NotationError(f"bad card {token!r} in play line {text!r}", token=token) from None


def _seat(token: str, text: str) -> Seat:
    try:
        return Seat.parse(token)
    except NotationError:
        raise NotationError(f"unknown token {token!r} in play line {text!r}: expected a seat", token=token) from None


def _parse(text: str, line: int | None) -> AnyEvent:
    words = text.split()
    if not words:
        raise NotationError("empty play line", token="")
    head = words[0].lower()
    if head == "attention":
        if len(words) != 2:
            raise NotationError(f"play line {text!r}: expected 'attention <seat|TD>'", token=text)
        by = None if words[1].upper() == "TD" else _seat(words[1], text)
        return Attention(by, line=line)
    if head == "resume":
        if len(words) != 1:
            raise NotationError(f"unknown token {words[1]!r} in play line {text!r}: 'resume' takes nothing after it", token=words[1])
        return Resume(line=line)
    if head == "director":
        if len(words) < 3 or words[1].lower() != "finds":
            raise NotationError(f"play line {text!r}: expected 'director finds <finding>'", token=text)
        return DirectorFinds(_finding(words[2:], text), line=line)
    if head == "remaining":
        return _parse_remaining(words, text, line)
    seat = _seat(words[0], text)
    if len(words) == 3 and words[1].lower() == "claims":
        return ClaimTricks(seat, _trick_count(words[2], text), line=line)
    if len(words) == 2:
        second = words[1].lower()
        if second == "keeps":
            return Chooses(seat, "keep", line=line)
        if second not in _ONE_WORD_ACTIONS and second not in PLAY_LINE_FORMS:
            return Play(seat, _card(words[1], text), line=line)
    if len(words) < 2:
        raise NotationError(f"play line {text!r}: a seat needs a card or an action", token=text)
    verb = words[1].lower()
    if verb not in PLAY_LINE_FORMS and verb not in CHOICE_WORDS:
        _unknown_verb(words, text)
    rest = words[2:]
    if verb == "chooses":
        if not rest:
            raise NotationError(f"play line {text!r}: expected '<seat> chooses <choice>'", token=text)
        return Chooses(seat, " ".join(w.lower() for w in rest), line=line)
    if verb == "misinformed" and not rest:
        return Misinformed(seat, line=line)
    if verb == "omits":
        if rest:
            raise NotationError(f"unknown token {rest[0]!r} in play line {text!r}: 'omits' takes nothing after it "
                                "(the seat played no card to the trick in progress: '<seat> omits')", token=rest[0])
        return Omit(seat, line=line)
    if verb in ("watches", "exchanges", "warns"):
        if rest:
            raise NotationError(f"unknown token {rest[0]!r} in play line {text!r}: '{verb}' takes nothing after it", token=rest[0])
        return LeadWarning(seat, line=line) if verb == "warns" else LostRights(seat, verb, line=line)  # type: ignore[arg-type]
    if verb in ("looks", "asks"):
        if len(rest) != 1:
            raise NotationError(f"play line {text!r}: expected '<seat> {verb} <seat>'", token=words[1])
        other = _seat(rest[0], text)
        return LostRights(seat, "looks", other, line=line) if verb == "looks" else Inquiry(seat, other, line=line)
    if verb == "calls" and rest:
        try:
            return Call(seat, Designation.parse(" ".join(rest)), line=line)
        except NotationError as err:
            raise NotationError(f"{err.message} in play line {text!r}: expected {DESIGNATION_FORMS}", token=err.token) from None
    if verb == "changes":
        if len(rest) not in (2, 3) or rest[0].lower() != "to":
            raise NotationError(f"play line {text!r}: expected 'changes to <card> [slip|rethink|lapse|pause]'",
                                token=text)
        finding = rest[2].lower() if len(rest) == 3 else None
        if finding not in (None, "slip", "rethink", "lapse", "pause"):
            raise NotationError(f"unknown token {rest[2]!r} in play line {text!r}: expected slip, rethink, lapse or pause",
                                token=rest[2])
        return ChangeDesignation(seat, _card(rest[1], text), finding, line=line)  # type: ignore[arg-type]
    if verb == "exposes" and rest:
        facts = tuple(w.lower() for w in rest[1:])
        for fact in facts:
            if fact not in EXPOSURE_FACTS:
                raise NotationError(f"unknown exposure fact {fact!r} in play line {text!r}", token=fact)
        return Expose(seat, _card(rest[0], text), facts, line=line)
    if verb == "names" and len(rest) == 1:
        return Name(seat, _card(rest[0], text), line=line)
    if verb == "names" and len(rest) == 3 and rest[1].lower() == "to" and rest[2].lower() == "play":
        return NamePlay(seat, _card(rest[0], text), line=line)
    if verb == "touches" and len(rest) in (1, 2):
        purpose = rest[1].lower() if len(rest) == 2 else None
        if purpose is not None and purpose not in TOUCH_PURPOSES:
            raise NotationError(f"unknown token {rest[1]!r} in play line {text!r}: expected arranging, reaching or deliberate", token=rest[1])
        return Touch(seat, _card(rest[0], text), purpose, line=line)
    if verb == "plays" and len(rest) >= 2 and rest[-1].lower() == "fifth" and len(rest) == 2:
        return FifthCard(seat, _card(rest[0], text), line=line)
    if verb == "plays" and "simultaneous" not in (w.lower() for w in rest):
        _bad_plays(rest, text)
    if verb == "plays" and len(rest) >= 2 and "simultaneous" in (w.lower() for w in rest):
        i = [w.lower() for w in rest].index("simultaneous")
        cards = tuple(_card(w, text) for w in rest[:i])
        tail = rest[i + 1 :]
        visible: tuple[Card, ...] = ()
        if tail:
            if tail[0].lower() != "visible" or len(tail) < 2:
                raise NotationError(f"unknown token {tail[0]!r} in play line {text!r}: expected 'visible <card>...'", token=tail[0])
            visible = tuple(_card(w, text) for w in tail[1:])
        if not cards or len(set(cards)) != len(cards):
            raise NotationError(f"play line {text!r}: expected 'plays <card> [<card>...] simultaneous'", token=text)
        for c in visible:
            if c not in cards:
                raise NotationError(f"visible card {str(c)!r} is not one of the cards played in {text!r}", token=str(c))
        return Simultaneous(seat, cards, visible, line=line)
    if verb == "corrects" and len(rest) == 1 and rest[0].lower() == "explanation":
        return CorrectExplanation(seat, line=line)
    if verb in CHOICE_WORDS:
        return _parse_choice(seat, verb, rest, text, line)
    if verb == "leads" and len(rest) == 2 and rest[1].lower() == "face_down":
        return FaceDownLead(seat, _card(rest[0], text), line=line)
    if verb == "leads":
        raise NotationError(f"play line {text!r}: expected '<seat> leads <card> face_down'", token=text)
    if verb in ("picks", "suggests"):
        if len(rest) != 1:
            raise NotationError(f"play line {text!r}: expected '<seat> {verb} <card>'", token=words[1])
        return DummyAction(seat, verb, _card(rest[0], text), line=line)  # type: ignore[arg-type]
    raise NotationError(f"play line {text!r}: expected '<seat> {PLAY_LINE_FORMS[verb]}'", token=words[1])


#: The forms of a play line that begins with a seat, by the word after the seat (besides
#: ``<seat> <card>``), as an error lists them.
PLAY_LINE_FORMS: dict[str, str] = {
    "claims": "claims <N>", "keeps": "keeps", "chooses": "chooses <choice>", "misinformed": "misinformed", "omits": "omits",
    "calls": "calls <designation>", "changes": "changes to <card> [slip|rethink|lapse|pause]",
    "exposes": "exposes <card> [<fact>...]", "names": "names <card> [to play]",
    "touches": "touches <card> [arranging|reaching|deliberate]",
    "plays": "plays <card> fifth | plays <card> [<card>...] simultaneous [visible <card>...]",
    "corrects": "corrects explanation", "accepts": "accepts", "refuses": "refuses", "spreads": "spreads",
    "leaves": "leaves", "retracts": "retracts <card>", "requires": "requires highest|lowest|<suit>",
    "forbids": "forbids <suit>", "leads": "leads <card> face_down", "picks": "picks <card>", "suggests": "suggests <card>",
    "looks": "looks <seat>", "watches": "watches", "exchanges": "exchanges", "warns": "warns", "asks": "asks <seat>",
}
#: What may follow ``calls`` (46B; docs/case-format.md), as an error lists it.
DESIGNATION_FORMS = ("a card (SQ), a suit, a rank, high, low, win, anything, ruff, high|low <suit>, run <suit> "
                     f"({', '.join(f'{k} for {v}' for k, v in DESIGNATION_SYNONYMS.items())})")


def _unknown_verb(words: list[str], text: str) -> NoReturn:
    """``<seat> <word> ...`` where the word is neither a verb nor (on a longer line) anything:
    after a card, the word after it is named (a play line ``<seat> <card>`` ends there)."""
    try:
        Card.parse(words[1])
    except NotationError:
        raise NotationError(f"unknown token {words[1]!r} in play line {text!r}: expected a card or one of "
                            f"{', '.join(PLAY_LINE_FORMS)}", token=words[1]) from None
    raise NotationError(f"unknown token {words[2]!r} in play line {text!r}: '<seat> <card>' takes nothing after the card "
                        f"(a card played fifth or with another: '<seat> {PLAY_LINE_FORMS['plays']}')", token=words[2])


def _bad_plays(rest: list[str], text: str) -> NoReturn:
    """``<seat> plays ...`` in neither form: the first word that is no card, else the end."""
    for word in rest:
        try:
            Card.parse(word)
        except NotationError:
            raise NotationError(f"unknown token {word!r} in play line {text!r}: expected a card, 'fifth' or "
                                f"'simultaneous' ('<seat> {PLAY_LINE_FORMS['plays']}')", token=word) from None
    raise NotationError(f"play line {text!r}: 'plays' goes with 'fifth' or 'simultaneous' ('<seat> {PLAY_LINE_FORMS['plays']}'); "
                        "a card played in turn is '<seat> <card>'", token=text.split()[1])


def _trick_count(token: str, text: str) -> int:
    """A number of tricks in a claim or ``remaining`` line: 0 to 13 (whether it fits the
    tricks still to play is checked where the record is replayed)."""
    if not token.isascii() or not token.isdigit():
        raise NotationError(f"unknown token {token!r} in play line {text!r}: expected a number of tricks", token=token)
    if len(token.lstrip("0")) > 2 or int(token) > 13:
        raise NotationError(f"number of tricks {token} out of range in play line {text!r}: a deal has 13 tricks", token=token)
    return int(token)


def _parse_remaining(words: list[str], text: str, line: int | None) -> Remaining:
    """``remaining NS <n> EW <m>`` (either order)."""
    counts: dict[str, int] = {}
    rest = words[1:]
    if len(rest) != 4:
        raise NotationError(f"play line {text!r}: expected 'remaining NS <n> EW <m>'", token=text)
    for side, n in ((rest[0], rest[1]), (rest[2], rest[3])):
        if side.upper() not in ("NS", "EW") or side.upper() in counts:
            raise NotationError(f"unknown token {side!r} in play line {text!r}: expected NS or EW", token=side)
        counts[side.upper()] = _trick_count(n, text)
    return Remaining(counts["NS"], counts["EW"], line=line)


def _parse_choice(seat: Seat, verb: str, rest: list[str], text: str, line: int | None) -> Choice:
    if verb in ("accepts", "refuses", "spreads", "leaves"):
        if rest:
            raise NotationError(f"unknown token {rest[0]!r} in play line {text!r}: '{verb}' takes nothing after it", token=rest[0])
        return Choice(seat, verb, line=line)  # type: ignore[arg-type]
    if len(rest) != 1:
        raise NotationError(f"play line {text!r}: expected '<seat> {verb} <{'card' if verb == 'retracts' else 'suit'}>'", token=text)
    token = rest[0]
    if verb == "retracts":
        return Choice(seat, "retracts", card=_card(token, text), line=line)
    if verb == "requires" and token.lower() in ("highest", "lowest"):
        return Choice(seat, "requires", word=token.lower(), line=line)
    try:
        suit = Suit.parse(token)
    except NotationError:
        expected = "highest, lowest or a suit" if verb == "requires" else "a suit"
        raise NotationError(f"unknown token {token!r} in play line {text!r}: expected {expected}", token=token) from None
    return Choice(seat, verb, suit=suit, line=line)  # type: ignore[arg-type]
