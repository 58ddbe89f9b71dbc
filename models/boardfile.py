"""Boards from PBN and LIN files, read into endplay's types (the optional ``dds`` extra): PBN
through endplay's parser, game by game, LIN pair by pair (:func:`iter_games`),
turned into the mapping of a case file (docs/case-format.md) that :func:`parse_case` reads;
and PBN games and LIN boards written from a deal and a play (:func:`pbn_game`,
:func:`lin_board`).

Only the boundary uses endplay: the deal, the contract and declarer (from the file's tags or
its auction), and the cells of the PBN ``Play`` section. The play section's irregularity
markers (PBN 3.9), which endplay's parser refuses, are taken out of the cells before endplay
sees them and kept: ``^R`` before a card marks a revoke, ``^L`` a lead out of turn (the
marked card led its trick; the other cards of the row follow clockwise from it). The seat of
each card is its column (PBN) or follows from the lead and the winner of each trick (LIN's
chronological cards), so a revoke recorded in the file is visible to the solver from the deal
and the play, marked or not; a marker the deal and play contradict is a located error.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import field
from pathlib import Path
from typing import Any

from rulings.models.cards import Card, Seat
from rulings.models.dataclass import dataclass
from rulings.models.deal import Deal
from rulings.models.errors import CaseFileError, RulingError

SEATS = "NESW"
SUITS = "SHDC"  # endplay's Denom order: spades, hearts, diamonds, clubs, no trump
RANKS = "23456789TJQKA"
#: PBN play-section irregularity markers (PBN 3.9) this reader and :func:`pbn_game` handle
PLAY_MARKERS = {"R": "revoke", "L": "lead out of turn"}


def _endplay() -> Any:
    try:
        from endplay.parsers import lin, pbn
    except ImportError:
        raise CaseFileError("reading PBN or LIN needs endplay: pip install 'bridge-rulings[dds]'") from None
    return pbn, lin


def _card(card: Any) -> str:
    return SUITS[int(card.suit.value)] + str(card.rank.name)[1:]


def _winner(plays: list[tuple[int, str]], trumps: str | None) -> int:
    led = plays[0][1][0]

    def power(card: str) -> int:
        rank = RANKS.index(card[1])
        return 200 + rank if card[0] == trumps else 100 + rank if card[0] == led else rank

    return max(plays, key=lambda p: power(p[1]))[0]


#: bytes read from a PBN or LIN file at most (a tournament's file of boards fits many times over)
MAX_BOARD_BYTES = 64 * 1024 * 1024


@dataclass
class PlayTable:
    """A PBN ``Play`` section as written: ``first`` (the tag's seat: the leader of the first
    trick), one row of cells a trick (a card ``"H7"`` or ``"-"`` for none) with its file line,
    and the irregularity markers by (row, cell)."""

    first: str
    rows: list[list[str]] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    marks: dict[tuple[int, int], str] = field(default_factory=dict)
    claimed: bool = False

    def endplay_rows(self) -> list[list[str]]:
        """The rows as endplay's parser reads them: cards and ``-`` only, four a row (a row
        written short, the trick in progress, ends with ``-`` for the seats without a card)."""
        return [[*r, *["-"] * (4 - len(r))] for r in self.rows] + ([["*"]] if self.claimed else [])


@dataclass
class Game:
    """One board of a file: endplay's Board and, for PBN, its play section as written."""

    board: Any
    table: PlayTable | None = None
    #: why the game's play section cannot be read (raised when the game is chosen)
    error: CaseFileError | None = None
    #: the file line of each of the game's tags, by name (PBN)
    tag_lines: dict[str, int] = field(default_factory=dict)
    #: the file lines of the board's ``md`` pair and of each ``pc`` card, in play order (LIN)
    lin: LinLines | None = None
    #: tags whose values cannot be read and that no ruling needs, left out (PBN)
    dropped: list[str] = field(default_factory=list)
    #: the calls of the game's auction as recorded (its contract is read only from a finished one)
    calls: int = 0
    #: the rows of this package's sections (:data:`SECTION_TAGS`), by tag: each row's file line
    #: and its text, unquoted (PBN)
    sections: dict[str, list[tuple[int, str]]] = field(default_factory=dict)


@dataclass
class LinLines:
    """Where a LIN board's deal and cards stand in the file: the line of its ``md`` pair and
    the line of each ``pc`` pair, in the order played."""

    md: int | None = None
    cards: list[int] = field(default_factory=list)
    #: the line of each of this package's fields given as commentary (:data:`LIN_FIELD`), by tag
    tags: dict[str, int] = field(default_factory=dict)


#: supplemental PBN tags of this package (docs/pbn-lin.md): the tricks each side won before
#: the first trick of the play section (a record starting after trick 1), and the penalty
#: cards in force when the record starts; both are read back into the case
WON_TAG = "TricksBefore"
PENALTY_TAG = "PenaltyCards"
#: supplemental PBN tag of this package: the edition of the Laws the case is ruled under
#: (``2017`` or ``2007``), read back into the case's ``laws``
LAWS_TAG = "Laws"
#: the Event this package's writer gives a game (``bridge-rulings Laws 2007``) states the
#: edition too: read when the game has no Laws tag
_OUR_EVENT = re.compile(r"bridge-rulings Laws (\d{4})")
#: supplemental PBN tag of this package: the decision switches (docs/decisions.md) the case is
#: ruled under that differ from the defaults, ``NAME=on`` or ``NAME=off`` separated by spaces
#: (``[Decisions "revoke_transfer_capped=off"]``), read back into the case's ``decisions``
DECISIONS_TAG = "Decisions"
#: supplemental PBN tag of this package: the tricks each side won after the last trick of the
#: play section, play having gone on to the end without its cards recorded (``[TricksAfter
#: "NS 1 EW 0"]``), read back as the record's ``remaining NS n EW m`` line (Law 64 counts the
#: tricks after a revoke to the end of play)
AFTER_TAG = "TricksAfter"
#: LIN has no tags: a board this package writes gives the fields of its supplemental PBN tags
#: as commentary, ``nt|bridge-rulings Laws 2007|``, ``nt|bridge-rulings PenaltyCards E C8
#: major|``, ``nt|bridge-rulings Decisions revoke_transfer_capped=off|`` (:func:`lin_board`),
#: and the reader takes them back as it takes the tags
LIN_FIELD = re.compile(rf"\s*bridge-rulings\s+({LAWS_TAG}|{WON_TAG}|{PENALTY_TAG}|{DECISIONS_TAG}|{AFTER_TAG})\s+(.*?)\s*")
#: supplemental PBN section of this package: the record's lines, every line of the case's
#: ``play`` in order, one quoted string a row (``[RecordTable "Line"]`` then ``"S calls SQ"``),
#: for a record the play section cannot give back (a call of dummy's card, an exposed, fifth or
#: simultaneous card, a choice after the attention line, a director's finding, a claim). The
#: reader takes it in preference to the play section, which stays the cards as they lay on the
#: table for other software. Its name ends in ``Table``: a PBN reader that does not know it
#: takes it as a supplemental table (PBN 2.1 section 5) and skips it (endplay keeps it in the
#: board's ``info``)
RECORD_TAG = "RecordTable"
RECORD_COLUMN = "Line"
#: supplemental PBN section of this package: the case's ``expect`` claims, one quoted string a
#: row (``[ExpectTable "Claim"]`` then ``"count 2"``), read back into the case's ``expect``
EXPECT_TAG = "ExpectTable"
EXPECT_COLUMN = "Claim"
#: the sections of this package read row by row, by tag: the column each writes
SECTION_TAGS = {RECORD_TAG: RECORD_COLUMN, EXPECT_TAG: EXPECT_COLUMN}
#: a row of a :data:`SECTION_TAGS` section: one PBN string (``\"`` a quote, ``\\`` a backslash)
_SECTION_ROW = re.compile(r'\s*"((?:[^"\\]|\\["\\])*)"\s*')
#: LIN has no sections either: a board this package writes gives the record's lines and the
#: case's claims as commentary pairs, one a line in order, ``nt|bridge-rulings Record S calls
#: SQ|`` and ``nt|bridge-rulings Expect count 2|`` (:func:`lin_board`, their text escaped by
#: :func:`lin_escape`), read back as the PBN sections :data:`RECORD_TAG` and :data:`EXPECT_TAG`
LIN_RECORD = "Record"
LIN_EXPECT = "Expect"
#: the row pairs of a LIN board, by name: the PBN section each stands for
LIN_ROWS = {LIN_RECORD: RECORD_TAG, LIN_EXPECT: EXPECT_TAG}
#: the value of a row pair (:data:`LIN_ROWS`): its name, then its text (none: an error)
LIN_ROW = re.compile(rf"\s*bridge-rulings\s+({LIN_RECORD}|{LIN_EXPECT})(?:\s+(.*?))?\s*")
#: what :func:`lin_escape` writes for each character a LIN value cannot hold as it is
_LIN_ESCAPES = {"%": "%25", "|": "%7C", "\r": "%0D", "\n": "%0A"}


def decisions_value(decisions: dict[str, bool]) -> str:
    """The value of a :data:`DECISIONS_TAG` tag: each switch as ``NAME=on`` or ``NAME=off``,
    separated by spaces, in the order given.

    >>> decisions_value({"revoke_transfer_capped": False, "claim_agreement_at_round_end": True})
    'revoke_transfer_capped=off claim_agreement_at_round_end=on'
    """
    return " ".join(f"{name}={'on' if value else 'off'}" for name, value in decisions.items())


#: the line of each case field read from a supplemental tag, by node path (as
#: :data:`rulings.models.case.LineMap`: ``("decisions", NAME)`` for each switch)
FieldLines = dict[tuple[str | int, ...], int]


def start_tags(won: tuple[int, int], penalty: list[str], first_trick: int, laws: str | None = None,
               decisions: dict[str, bool] | None = None) -> list[tuple[str, str]]:
    """The supplemental tags of a record: :data:`LAWS_TAG` with the edition ``laws`` when
    given, :data:`DECISIONS_TAG` with the ``decisions`` switches (those differing from the
    defaults, by name) when there are any, then (:data:`WON_TAG`, :data:`PENALTY_TAG`) for a
    record starting at ``first_trick`` with ``won`` (NS, EW) tricks won before it and the
    ``penalty`` cards (``"E S9 major"``) in force; none of these two for what a record from
    trick 1 without penalty cards has, and no :data:`WON_TAG` for a case that does not say
    the tricks won before its first trick (its ``won`` left out: they do not add up to them).

    >>> start_tags((0, 0), [], 5)
    []
    >>> start_tags((3, 1), ["E S9 major"], 5)
    [('TricksBefore', 'NS 3 EW 1'), ('PenaltyCards', 'E S9 major')]"""
    tags: list[tuple[str, str]] = [(LAWS_TAG, laws)] if laws is not None else []
    if decisions:
        tags.append((DECISIONS_TAG, decisions_value(decisions)))
    if first_trick > 1 and won[0] + won[1] == first_trick - 1:
        tags.append((WON_TAG, f"NS {won[0]} EW {won[1]}"))
    if penalty:
        tags.append((PENALTY_TAG, "; ".join(penalty)))
    return tags


def _play_row(tokens: list[str], line: int, table: PlayTable) -> bool:
    """Add one line of a play section to ``table``; False after the ``*`` that ends play.
    Note references (``=1=``), NAGs (``$12``) and suffix annotations (``!``, ``?``) are
    dropped; ``^R``/``^L`` mark the card that follows (written apart or joined to it)."""
    cells: list[str] = []
    pending: str | None = None
    going = True
    for raw in tokens:
        tok = raw
        if tok == "*":
            table.claimed, going = True, False
            break
        if len(tok) >= 3 and tok.startswith("=") and tok.endswith("="):
            continue
        if tok.startswith("$") or tok in _SUFFIXES:  # (a NAG; a suffix annotation written apart)
            continue
        if tok.startswith("^"):
            kind = tok[1:2].upper()
            if kind not in PLAY_MARKERS:
                raise CaseFileError(f"irregularity marker {raw!r} in the play section: PBN marks a card with ^R (revoke) or ^L "
                                    "(lead out of turn)", line=line, token=raw)
            if pending is not None:
                raise CaseFileError(f"two irregularity markers on one card ({raw!r})", line=line, token=raw)
            pending, tok = kind, tok[2:]
            if not tok:
                continue
        tok = tok.rstrip("!?")
        if tok == "+" or (tok and set(tok) == {"-"}):  # (some programs write "--" for no card)
            if pending is not None:
                raise CaseFileError(f"^{pending} marks no card (it is followed by {tok!r})", line=line, token=f"^{pending}")
            cells.append("-")
            continue
        try:
            card = Card.parse(tok)
        except RulingError:
            raise CaseFileError(f"bad card {raw!r} in the play section", line=line, token=raw) from None
        if pending is not None:
            table.marks[(len(table.rows), len(cells))] = pending
            pending = None
        cells.append(card.text)
    if pending is not None:
        raise CaseFileError(f"^{pending} at the end of a play row marks no card", line=line, token=f"^{pending}")
    if len(cells) > 4:
        raise CaseFileError(f"a play row holds {len(cells)} cards: a trick has four, one a column from the Play tag's seat",
                            line=line, token=tokens[-1])
    if cells:
        table.rows.append(cells)
        table.lines.append(line)
    return going


#: the tags a ruling reads (an unreadable value of another tag is left out of the game)
_NEEDED_TAGS = ("board", "deal", "contract", "declarer", "play")
#: suffix annotations of a call or card (PBN 3.8), written joined or apart
_SUFFIXES = ("!", "?", "!!", "??", "!?", "?!")


def _call(token: str) -> str:
    """An Auction token as endplay reads it: suffix annotations and NAGs (``$3``) left out."""
    if token in _SUFFIXES or token.startswith("$"):
        return ""
    return token.rstrip("!?") or token


def _not_a_tag(text: str, err: Any, line: int, name: str) -> CaseFileError:
    """The error of a line of a PBN file that endplay's reader refuses (``err``)."""
    shown = text.strip()[:60]
    if name.lower() == "note":
        return CaseFileError(f"tag {shown} cannot be read: expected a note number, a colon and its text, e.g. "
                             '[Note "1:strong"]', line=line, token=shown)
    if str(err).startswith("Expected a tag"):
        return CaseFileError(f"not a readable PBN line: expected a tag ([Name \"value\"]), a {{comment}} or an empty line, "
                             f"not {shown!r}", line=line, token=shown)
    return CaseFileError(f"not a readable PBN line {shown!r}: {err}", line=line, token=shown)


#: a tag pair written with spaces endplay's reader does not take (``[Name"v"]``, ``[ Name "v" ]``)
_LOOSE_TAG = re.compile(r'\s*\[\s*(\w+)\s*"(.*)"\s*\](.*)')
#: a tag pair whose value has no quotes (``[Event Random Deal #]``, as some programs write)
_BARE_TAG = re.compile(r'\s*\[\s*(\w+)\s+([^"\[\]]*?)\s*\](.*)')


def _tidy_tag(line: str) -> str:
    """A tag pair written as ``[Name "value"]``: PBN allows spaces between a tag's tokens,
    some programs write none between name and value, and some write the value without its
    quotes. Any other line as it is."""
    m = _LOOSE_TAG.fullmatch(line) or _BARE_TAG.fullmatch(line)
    return f'[{m.group(1)} "{m.group(2)}"]{m.group(3)}' if m is not None else line


_DECODER: Any = None
_TAG_LINE = re.compile(r'\[\s*(\w+)\s+"')


def _decoder(pbn: Any) -> Any:
    """A PBN decoder: endplay's, reading each game's play section through :func:`_play_row`
    first (markers kept, cells cleaned for endplay) and keeping the games as :class:`Game`."""
    global _DECODER
    if _DECODER is not None:
        return _DECODER

    class Decoder(pbn.PBNDecoder):  # type: ignore[misc]
        curtags: dict[str, Any]
        prevtags: dict[str, Any]

        def clear(self) -> None:
            super().clear()
            self.games: list[Game] = []
            self.play_lines: list[tuple[int, list[str]]] = []
            self.tag_lines: dict[str, int] = {}
            self.line_error: CaseFileError | None = None
            self.dropped: list[str] = []
            self.section_rows: dict[str, list[tuple[int, str]]] = {}

        def _parse_none(self, curline: str) -> bool:
            m = _TAG_LINE.match(curline)
            if m is not None and m.group(1) not in self.tag_lines:
                self.tag_lines[m.group(1)] = self.lineno
            try:
                return bool(super()._parse_none(curline))
            except Exception as err:  # a line endplay cannot read: a table no ruling needs is left out,
                name = m.group(1) if m is not None else ""  # else the game it stands in cannot be read
                if name.lower().endswith("table") and name.lower() not in _NEEDED_TAGS:
                    self.curtag, self.state = name, pbn.PBNDecoder.State.DATA
                    self.curtags[name] = {"value": [], "data": []}
                    self.dropped.append(name)
                elif self.line_error is None:
                    self.line_error = _not_a_tag(curline, err, self.lineno, name)
                return False

        def _parse_conttable(self, curline: str) -> bool:
            if self.curtag in SECTION_TAGS and curline and not _TAG_LINE.match(curline):
                self.section_rows.setdefault(self.curtag, []).append((self.lineno, curline))  # (read as written)
            if curline and not _TAG_LINE.match(curline):  # (a {comment} or ; comment in a section is no cell)
                curline = re.sub(r"\{[^}]*\}", " ", curline).split(";", 1)[0].strip()
                if not curline:
                    return False
            tag = self.curtag
            rows = len(self.curtags[tag]["data"]) if tag in self.curtags else 0
            done = bool(super()._parse_conttable(curline))
            if tag is not None and tag.lower() == "play" and tag in self.curtags and len(self.curtags[tag]["data"]) > rows:
                self.play_lines.append((self.lineno, self.curtags[tag]["data"][-1]))
            return done

        def _tags_to_board(self) -> Any:
            table = None
            key = next((k for k in self.curtags if k.lower() == "play"), None)
            lines, self.play_lines = self.play_lines, []
            tag_lines, self.tag_lines = self.tag_lines, {}
            error, self.line_error = self.line_error, None
            if key is not None:
                fields = self.curtags[key]
                if str(fields["value"]).strip() in ("", "?") and not lines:  # (no play recorded)
                    del self.curtags[key]
                else:
                    table = PlayTable(first=str(fields["value"]).strip().upper()[:1])
                    try:
                        for line, tokens in lines:
                            if not _play_row(tokens, line, table):
                                break
                    except CaseFileError as err:  # this game's play cannot be read: said when the game is chosen
                        table, error = None, error or err
                    while table is not None and table.rows and all(c == "-" for c in table.rows[-1]):
                        table.rows.pop()  # (rows of no card after the last card played: BBO writes 13 rows)
                        table.lines.pop()
                    fields["data"] = table.endplay_rows() if table is not None else []
            error = error or self._contract_from_auction(tag_lines)
            rows, self.section_rows = self.section_rows, {}
            sections: dict[str, list[tuple[int, str]]] = {}
            try:
                sections = _section_rows(rows, tag_lines, {k for k in self.curtags if k in SECTION_TAGS})
            except CaseFileError as err:  # (said when the game is chosen, as an unreadable play section)
                error = error or err
            dropped, self.dropped = self.dropped, []
            while True:
                try:
                    board = super()._tags_to_board()
                    break
                except Exception:  # endplay raises bare exceptions of several kinds on a bad tag value
                    bad, tag_error = self._bad_tag(tag_lines)
                    if bad is not None and bad.lower() not in _NEEDED_TAGS:
                        dropped.append(bad)  # (a tag no ruling needs: the game is read without it)
                        del self.curtags[bad]
                        continue
                    error = error or tag_error
                    board = self._board_alone()
                    break
            if board is not None:
                calls = len(board.auction)
                if not any(k.lower() == "contract" and str(v["value"]).strip() not in ("", "?") for k, v in self.curtags.items()):
                    board.auction = []  # (endplay's Board would take the contract of an unfinished auction)
                self.games.append(Game(board, table, error, tag_lines, dropped=dropped, calls=calls, sections=sections))
            return board

        def _board_alone(self) -> Any:
            """The game as a board with only its number (its tags cannot be read together)."""
            tags = self.curtags
            try:
                self.curtags = {k: v for k, v in tags.items() if k.lower() == "board"}
                board = super()._tags_to_board()
            except Exception:
                self.curtags = {}
                board = None
            finally:
                self.curtags = tags
            return board if board is not None else pbn.Board()

        def _contract_from_auction(self, tag_lines: dict[str, int]) -> CaseFileError | None:
            """Give a game whose Contract (or Declarer) tag is missing or blank the contract and
            declarer of its Auction, when the auction is finished (BBO's files give the auction
            alone); a contract without a declarer that the auction cannot give is an error."""
            tags = self.curtags
            find = {k.lower(): k for k in tags}
            auction = find.get("auction")
            if auction is not None:
                data = tags[auction]["data"]
                tags[auction]["data"] = [[c for c in (_call(t) for t in row) if c] for row in data]
            contract_value = str(tags[find["contract"]]["value"]).strip() if "contract" in find else ""
            declarer_value = str(tags[find["declarer"]]["value"]).strip() if "declarer" in find else ""
            if "#" in (contract_value, declarer_value) or contract_value.lower() == "pass":
                return None
            has_contract, has_declarer = contract_value not in ("", "?"), declarer_value not in ("", "?")
            if has_contract and has_declarer:
                return None
            from endplay.types import Contract

            derived = None
            if auction is not None and str(tags[auction]["value"]).strip():
                try:
                    self.curtags = {auction: tags[auction]}
                    called = super()._tags_to_board()
                    if called is not None and _auction_complete(called.auction):
                        derived = Contract.from_auction(called.dealer, called.auction)
                except Exception:
                    derived = None
                finally:
                    self.curtags = tags
            if not has_contract and "contract" in find:
                tags[find["contract"]]["value"] = "?"  # (blank: no contract recorded, not a pass)
            if derived is None or int(derived.level) == 0:
                if has_contract:
                    return CaseFileError(f"tag [Contract \"{contract_value}\"] has no declarer: no Declarer tag names one and no "
                                         "finished Auction gives one", line=tag_lines.get(find["contract"]), token=contract_value)
                if derived is not None:
                    self.curtags = {find.get("contract", "Contract"): {"value": "Pass"}, **tags}
                return None
            if has_contract:
                try:
                    given = Contract(contract_value)
                    same = (given.level, given.denom, given.penalty) == (derived.level, derived.denom, derived.penalty)
                except Exception:
                    same = True  # (the Contract tag's own error is given when endplay reads it)
                if not same:
                    return CaseFileError(f"tag [Contract \"{contract_value}\"] has no declarer: no Declarer tag names one, and "
                                         "the Auction ends in another contract", line=tag_lines.get(find["contract"]),
                                         token=contract_value)
            given_tags = {find.get("declarer", "Declarer"): {"value": SEATS[int(derived.declarer.value)]}}
            if not has_contract:
                strain = "NT" if int(derived.denom.value) == 4 else SUITS[int(derived.denom.value)]
                penalty = {1: "", 2: "X", 4: "XX"}.get(int(derived.penalty.value), "")
                given_tags[find.get("contract", "Contract")] = {"value": f"{int(derived.level)}{strain}{penalty}"}
            # (before the Play tag: endplay reads the tags in order, and the play needs the contract)
            self.curtags = {**given_tags, **{k: v for k, v in tags.items() if k not in given_tags}}
            return None

        def _bad_tag(self, tag_lines: dict[str, int]) -> tuple[str | None, CaseFileError]:
            """The tag endplay could not read and its error: each tag it reads is tried
            alone (the Play section with the game's contract and declarer), in the file's
            order, and the first it refuses is named with its line and what it holds."""
            tags = self.curtags
            contract = {k: v for k, v in tags.items() if k.lower() in ("contract", "declarer")}
            order = sorted(tags, key=lambda k: (k.lower() == "play", tag_lines.get(k, 0)))
            try:
                for key in order:
                    self.curtags = {**contract, key: tags[key]} if key.lower() == "play" else {key: tags[key]}
                    try:
                        super()._tags_to_board()
                    except Exception:
                        value = tags[key].get("value")
                        shown = value if isinstance(value, str) else " ".join(map(str, value or []))
                        if key.lower() == "play" and not any(k.lower() == "contract" for k in tags):
                            why = ("a play section needs the game's contract (the trumps decide who wins each trick): "
                                   "no Contract tag and no finished Auction")
                        elif isinstance(value, str) and value == "#" and key not in self.prevtags:
                            why = "'#' (the value of the game before) with no game before it giving one"
                        else:
                            why = f"expected {_TAG_VALUES.get(key.lower(), 'a value endplay can read')}"
                        return key, CaseFileError(f"tag [{key} \"{shown}\"] cannot be read: {why}", line=tag_lines.get(key),
                                                  token=shown)
            finally:
                self.curtags = tags
            first = min(tag_lines.values(), default=None)
            return None, CaseFileError("the game's tags cannot be read together (contract, declarer and play disagree)", line=first,
                                       token="")

    _DECODER = Decoder
    return Decoder


def _section_rows(rows: dict[str, list[tuple[int, str]]], tag_lines: dict[str, int], tags: set[str]
                  ) -> dict[str, list[tuple[int, str]]]:
    """The rows of the game's sections of this package (:data:`SECTION_TAGS`; ``rows``: each
    data line as written, by tag; ``tags``: the sections the game has, rows or none), each
    unquoted with its line. A row that is no one quoted string, a section with no row, and a
    :data:`RECORD_TAG` row that is no play line (docs/case-format.md) are errors at their line
    naming the tag and the token."""
    from rulings.models.events import PlayLine

    out: dict[str, list[tuple[int, str]]] = {}
    for _at, tag in sorted((tag_lines.get(t, 0), t) for t in tags):
        column = SECTION_TAGS[tag].lower()
        read: list[tuple[int, str]] = []
        for line, raw in rows.get(tag, []):
            text = raw.strip()
            if text.startswith(";") or re.fullmatch(r"\{[^}]*\}", text):
                continue  # (a comment row)
            m = _SECTION_ROW.fullmatch(re.sub(r'(?<=")\s*(?:;.*|\{[^}]*\})$', "", text))
            if m is None:
                raise CaseFileError(f"tag {tag}: row {text!r} cannot be read: expected one {column} a row as a quoted string, "
                                    f'e.g. "{"S calls SQ" if tag == RECORD_TAG else "count 2"}"', line=line, token=text)
            value = re.sub(r"\\([\\\"])", r"\1", m.group(1)).strip()
            if not value:
                raise CaseFileError(f"tag {tag}: row {text!r} is empty: expected a {column}", line=line, token=text)
            if tag == RECORD_TAG:
                try:
                    PlayLine.parse(value)
                except RulingError as err:
                    raise CaseFileError(f"tag {tag}: row {len(read) + 1}: {err.message}", line=line,
                                        token=err.token or value) from None
            read.append((line, value))
        if not read:
            raise CaseFileError(f"tag {tag} holds no row: expected one {column} a row after it, each a quoted string",
                                line=tag_lines.get(tag), token=tag)
        out[tag] = read
    return out


#: what the tags endplay reads hold (for an error naming one it cannot read)
_TAG_VALUES = {
    "board": "a board number",
    "vulnerable": "None, NS, EW or All",
    "deal": "a deal: the first hand's seat, a colon and four hands, e.g. 'N:AKQ.J98.T76.5432 ...'",
    "dealer": "a seat: N, E, S or W",
    "declarer": "a seat: N, E, S or W (or ?)",
    "contract": "a contract such as 4S, 3NTX or Pass",
    "result": "a number of tricks",
    "auction": "the dealer's seat, then calls such as 1S, Pass, X",
    "play": "the seat on lead, N, E, S or W, then the cards of the play section",
}


def load_games(path: str | Path) -> list[Game]:
    """The boards of a .pbn or .lin file, each with its PBN play section as written.
    Raises CaseFileError naming the file (and the line, where the error has one)."""
    return list(iter_games(path))


def iter_games(path: str | Path) -> Iterator[Game]:
    """The boards of a .pbn or .lin file in file order, a PBN file read game by game as they
    are asked for (a board early in a big file is read without the rest). Raises
    CaseFileError naming the file (and the line, where the error has one)."""
    pbn, _lin = _endplay()
    p = Path(path)
    if p.suffix.lower() == ".lin":
        yield from _read_lin(_file_lines(p), str(p))
        return
    decoder = _decoder(pbn)()
    state = pbn.PBNDecoder.State
    steps = {state.META: decoder._parse_meta, state.DATA: decoder._parse_conttable, state.NONE: decoder._parse_none,
             state.COMMENTBLOCK: decoder._parse_commentblock}
    for text in itertools.chain(_file_lines(p), [""]):  # (an empty line at the end closes the last game)
        decoder.lineno += 1
        line = _tidy_tag(text.strip())
        try:
            if line.startswith("%") and decoder.state != state.META:
                continue
            for st in (state.META, state.DATA, state.NONE, state.COMMENTBLOCK):  # (each step may pass the line on)
                if decoder.state == st and not steps[st](line):
                    break
        except RulingError as err:
            raise err.located(file=str(p), line=decoder.lineno) from None
        except Exception as err:  # endplay raises bare exceptions of several kinds on bad input
            raise CaseFileError(f"not a readable PBN file: {err}", file=str(p), line=decoder.lineno) from None
        decoder.boards.clear()  # (endplay keeps every board: the games are handed on instead)
        while decoder.games:
            yield decoder.games.pop(0)


def _file_lines(p: Path) -> Iterator[str]:
    """The lines of a board file, each decoded as UTF-8 (else Latin-1), read up to
    :data:`MAX_BOARD_BYTES` (a line past it is an error: /dev/zero is not read to the end). A
    UTF-16 or UTF-32 file (by its byte-order mark) and a line with a NUL byte (binary data, or
    UTF-16 without a mark) are errors at their line: read as Latin-1 they would hold no board."""
    try:
        fh = p.open("rb")
    except OSError as err:
        raise CaseFileError(f"cannot read board file: {err.strerror or err}", file=str(p)) from None
    with fh:
        for number, raw in enumerate(_bounded_lines(fh), start=1):
            if raw is None:
                raise CaseFileError(f"file too large: the board file is larger than {MAX_BOARD_BYTES:,} bytes before the game "
                                    "asked for (the limit is reached on this line)", file=str(p), line=number,
                                    token=f"{MAX_BOARD_BYTES} bytes")
            if number == 1:
                for bom, name in _WIDE_MARKS:
                    if raw.startswith(bom):
                        raise CaseFileError(f"the file is {name} (byte-order mark {bom.hex(' ')}); board files are read as "
                                            "UTF-8 or Latin-1 text", file=str(p), line=1, token=bom.hex(" "))
            if (nul := raw.find(b"\x00")) >= 0:
                raise CaseFileError(f"NUL byte '\\x00' at column {nul + 1}: a UTF-16 or binary file? board files are read as "
                                    "UTF-8 or Latin-1 text", file=str(p), line=number, token="\\x00")
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                text = raw.decode("latin-1")
            yield text.lstrip("\ufeff") if number == 1 else text


#: the byte-order marks of the wide encodings a board file is not read in (UTF-32 first: its
#: little-endian mark begins with UTF-16's)
_WIDE_MARKS = ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"), (b"\xff\xfe", "UTF-16"),
               (b"\xfe\xff", "UTF-16"))


def _bounded_lines(fh: Any) -> Iterator[bytes | None]:
    """The lines of a binary file up to :data:`MAX_BOARD_BYTES` in all; None for the line that
    goes past it (and none after it)."""
    left = MAX_BOARD_BYTES + 1
    while left > 0:
        raw = fh.readline(left)
        if not raw:
            return
        left -= len(raw)
        yield raw if left > 0 else None


#: what the LIN pairs a ruling needs hold (for an error naming one that cannot be read)
_LIN_VALUES = {
    "md": "the dealer (1 to 4) and the hands, e.g. 3S34TH48TQKADKCTJK,S5678QKH6JD9JQC59,...",
    "mb": "a call such as 1S, 3N, p, d or r",
    "pc": "a card such as SA or H7",
}


def _lin_card(value: str) -> None:
    from endplay.types import Card as LinCard

    if int(LinCard(value).suit.value) > 3:  # (endplay reads "NT" as a card of no trump)
        raise ValueError(value)


#: the seats of a LIN ``md`` pair's hands, in its order
LIN_HANDS = ("South", "West", "North", "East")


def _lin_deal_problem(value: str) -> tuple[str, str] | None:
    """The first card of a LIN ``md`` value (the dealer, then the hands from South, each
    ``S...H...D...C...``; the last may be left out) that cannot be dealt, in words, with its
    token: a hand not starting with S, a suit out of order, a rank that is none, a card dealt
    twice, a hand of more than 13 cards. None when every card can be dealt."""
    if value[:1] not in ("1", "2", "3", "4"):
        return None  # (no dealer: the pair's own error says what md holds)
    dealt: dict[str, str] = {}
    for seat, hand in zip(LIN_HANDS, value[1:].split(","), strict=False):
        if not hand:
            continue
        if hand[0] not in "Ss":
            return f"{seat}'s hand {hand!r} does not start with S (spades)", hand[0]
        suit = "S"
        for ch in hand[1:]:
            if ch in "HDC":
                if SUITS.index(ch) <= SUITS.index(suit):
                    return f"{seat}'s hand {hand!r} gives the suits out of order (S, H, D, C)", ch
                suit = ch
            elif ch.upper() not in RANKS:
                return f"bad card {suit + ch!r} in {seat}'s hand {hand!r}: expected a rank 2-9, T, J, Q, K or A", suit + ch
            elif (card := suit + ch.upper()) in dealt:
                where = f"in {seat}'s hand" if dealt[card] == seat else f"({dealt[card]}'s hand and {seat}'s)"
                return f"card {card} is dealt twice {where}", card
            else:
                dealt[card] = seat
        if sum(1 for holder in dealt.values() if holder == seat) > 13:
            return f"{seat}'s hand {hand!r} holds more than 13 cards", hand
    return None


def _lin_pairs(lines: Iterable[str]) -> Iterator[tuple[str, str, int]]:
    """The ``key|value|`` pairs of a LIN file's lines, in order, each with the line its key is
    on (that of the key's first character other than a space; a key of spaces alone, that of
    the ``|`` that ends it), read as BBO's files are written: the file's line breaks are no
    part of a pair (a board may span lines). Read line by line: a pair is handed on as soon as
    its value's closing ``|`` is read; a value the file ends in, without its ``|``, is read to
    the end of the file."""
    piece: list[str] = []  # the element being read (a key or a value), across lines
    starts: int | None = None  # the line of the key being read's first character, once read
    key: tuple[str, int] | None = None  # the key read, waiting for its value
    for number, text in enumerate(lines, start=1):
        parts = text.replace("\r", "").replace("\n", "").split("|")
        for k, part in enumerate(parts):
            if k:  # a ``|`` ends the element before it
                element = "".join(piece)
                piece.clear()
                if key is None:
                    key = (element.strip().lower(), starts if starts is not None else number)
                else:
                    yield key[0], element, key[1]
                    key = None
                starts = None
            if part:
                piece.append(part)
                if key is None and starts is None and not part.isspace():
                    starts = number
    if key is not None:
        yield key[0], "".join(piece), key[1]


#: LIN pairs that begin a new board once the board being read has its deal (``md``)
LIN_BOARD_STARTS = ("qx", "pn", "md")


def _read_lin(lines: Iterable[str], file: str) -> Iterator[Game]:
    """The boards of a LIN file's lines, each handed on once the pair that begins the next
    board (or the end of the file) is read, as endplay Board objects built from its pairs. A board starts
    at a ``qx`` (BBO's board label: ``o12`` open room, ``c12`` closed room), ``pn`` or ``md``
    pair once the board before has its deal; the ``pn`` names and the ``vg`` event carry over
    to the boards after them (a vugraph file names its players once, four a room). The
    board's number is the one of ``ah|Board 12|``, else of its ``qx``. The contract is the
    auction's (``mb``) once complete (a call and three passes, or four passes). The pairs a
    ruling needs (``md``, ``mb``, ``pc``) are checked, and the first that cannot be read is the
    board's error, naming it and its line; the others (``sv``, ``mc``, ``nt``, ``an``, ...) are
    not needed and are read only where they can be. A commentary pair ``nt`` of the form
    :data:`LIN_FIELD` gives a field of this package's (the edition of the Laws, decision
    switches, penalty cards in force), read as its PBN tag is (the first of each); one of the
    form :data:`LIN_ROW` a row of the record or of the claims, read as the rows of the PBN
    sections are (the board's :attr:`Game.sections`, every pair in order)."""
    from endplay.types import Bid, Board, Contract, Player, Vul
    from endplay.types import Card as LinCard
    from endplay.types import Deal as LinDeal

    names: list[str] = []
    event: str | None = None
    for segment in _lin_segments(_lin_pairs(lines)):
        if not any(k == "md" for k, _v, _n in segment):
            for key, value, _n in segment:  # (a header: the match's names and title)
                names = value.split(",") if key == "pn" else names
                event = (value.split(",")[0].strip() or None) if key == "vg" else event
            continue
        where = LinLines()
        error: CaseFileError | None = None
        deal: Any = None
        dealer: Any = None
        vul: Any = None
        number, room = _lin_label(segment)
        bids: list[Any] = []
        cards: list[Any] = []
        claimed = False
        fields: dict[str, str] = {}  # (this package's fields, given as commentary: LIN_FIELD)
        sections: dict[str, list[tuple[int, str]]] = {}  # (the record and claims, one pair a row: LIN_ROW)

        def bad(key: str, value: str, line: int, why: str | None = None) -> CaseFileError:
            return CaseFileError(why or f"LIN pair {key}|{value}| cannot be read: expected {_LIN_VALUES[key]}", file=file,
                                 line=line, token=value)

        for key, value, line in segment:
            if error is not None:
                break
            if key == "md":
                problem = _lin_deal_problem(value)
                if problem is not None:
                    error = CaseFileError(f"LIN pair md: {problem[0]}", file=file, line=line, token=problem[1])
                    continue
                try:
                    dealer = Player.from_lin(int(value[0]))
                    deal = LinDeal.from_lin(value, complete_deal=True)
                except Exception:  # endplay raises bare exceptions of several kinds on bad input
                    error = bad(key, value, line)
                    continue
                where.md = line
            elif key == "mb":
                try:
                    bids.append(Bid(value.rstrip("!"), value.endswith("!")))
                except Exception:
                    error = bad(key, value, line)
            elif key == "pc":
                try:
                    _lin_card(value)
                    card = LinCard(value)
                except Exception:
                    error = bad(key, value, line)
                    continue
                if len(cards) == 52:
                    error = bad(key, value, line, f"LIN pair pc|{value}| is the 53rd card of the board's play (a deal has 52)")
                    continue
                cards.append(card)
                where.cards.append(line)
            elif key == "pn":
                names = value.split(",")
            elif key == "vg":
                event = value.split(",")[0].strip() or None
            elif key == "sv":
                vul = _or_none(lambda v=value: Vul.from_lin("o" if v == "0" else v))  # type: ignore[misc]
            elif key == "mc":
                claimed = True
            elif key == "nt" and (row := LIN_ROW.fullmatch(value)) is not None:
                error = _lin_row(row.group(1), row.group(2) or "", value, line, file, sections)
            elif key == "nt" and (found := LIN_FIELD.fullmatch(value)) is not None and found.group(1) not in fields:
                fields[found.group(1)] = found.group(2)
                where.tags[found.group(1)] = line
        contract: Any = None
        if error is None and dealer is not None and _auction_complete(bids):
            contract = Contract.from_auction(dealer, bids)
            if deal is not None:
                deal.first, deal.trump = contract.declarer.lho, contract.denom
        seats = names[4:8] if room == "c" and len(names) >= 8 else names[:4]
        info = dict(zip(LIN_HANDS, seats, strict=False)) | ({"Event": event} if event else {}) | fields
        board = Board(deal, bids, cards if error is None else [], number, vul=vul,
                      dealer=dealer, contract=contract, claimed=claimed, **info)
        if contract is None:  # (endplay's Board would take the contract of an unfinished auction)
            board.auction = []
        yield Game(board, error=error, lin=where, calls=len(bids), sections=sections)


def _lin_row(name: str, text: str, value: str, line: int, file: str, sections: dict[str, list[tuple[int, str]]]
             ) -> CaseFileError | None:
    """Add the row a LIN row pair gives (``nt|bridge-rulings Record S calls SQ|``: its
    ``name``, its ``text`` as written, the pair's whole ``value``, at ``line``) to the board's
    ``sections``, by the PBN section it stands for (:data:`LIN_ROWS`), its text unescaped
    (:func:`lin_unescape`); or the error of a pair with no text, or of a record pair whose
    text is no play line (docs/case-format.md), naming the pair and the token."""
    from rulings.models.events import PlayLine

    pair = f"LIN pair nt|{value.strip()}|"
    row = lin_unescape(text).strip()
    tag = LIN_ROWS[name]
    what = "play line" if tag == RECORD_TAG else "claim"
    if not row:
        example = "S calls SQ" if tag == RECORD_TAG else "count 2"
        return CaseFileError(f"{pair} holds no {what}: expected one {what} a pair, e.g. nt|bridge-rulings {name} {example}|",
                             file=file, line=line, token=value.strip())
    read = sections.setdefault(tag, [])
    if tag == RECORD_TAG:
        try:
            PlayLine.parse(row)
        except RulingError as err:
            return CaseFileError(f"{pair} (line {len(read) + 1} of the record): {err.message}", file=file, line=line,
                                 token=err.token or row)
    read.append((line, row))
    return None


def lin_escape(text: str) -> str:
    """``text`` (a record line or a claim) as the text of a LIN row pair (:data:`LIN_ROW`),
    given back whole by :func:`lin_unescape`: LIN has no escape, and a ``|`` would end the
    value (a ``chooses`` line may name any choice), a line break would be dropped (a board's
    line breaks are no part of its pairs), so each is written as its code, ``%7C``, ``%0D``,
    ``%0A``, and ``%`` itself ``%25``.

    >>> lin_escape("S chooses a|b 100%")
    'S chooses a%7Cb 100%25'
    >>> lin_unescape(lin_escape("S chooses a|b 100%"))
    'S chooses a|b 100%'
    """
    return "".join(_LIN_ESCAPES.get(ch, ch) for ch in text)


def lin_unescape(text: str) -> str:
    """The text a LIN row pair gives (:func:`lin_escape`): ``%25``, ``%7C``, ``%0D`` and ``%0A``
    (either case) read as the characters they stand for; any other ``%`` as it is."""
    return re.sub(r"%(25|7[Cc]|0[DdAa])", _unescaped, text)


def _unescaped(m: re.Match[str]) -> str:
    return chr(int(m.group(1), 16))


def _lin_label(segment: list[tuple[str, str, int]]) -> tuple[int | None, str]:
    """A LIN board's number (that of its ``ah|Board 12|``, else of its ``qx``) and its room
    (``o`` open, ``c`` closed: of its ``qx``, else open)."""
    number: int | None = None
    label: int | None = None
    room = "o"
    for key, value, _n in segment:
        if key == "ah" and (found := re.search(r"(\d+)\s*$", value)):
            number = int(found.group(1))
        elif key == "qx" and (found := re.fullmatch(r"\s*([oc]?)(\d+)\s*", value, re.IGNORECASE)):
            room, label = (found.group(1) or "o").lower(), int(found.group(2))
    return (number if number is not None else label), room


def _count_lin_boards(p: Path, number: int) -> int:
    """How many boards of the LIN file have the number ``number`` (read as pairs, bounded: what
    lies past :data:`MAX_BOARD_BYTES` is not counted)."""
    with p.open("rb") as fh:
        lines = (raw.decode("latin-1") for raw in _bounded_lines(fh) if raw is not None)
        return sum(1 for segment in _lin_segments(_lin_pairs(lines))
                   if any(k == "md" for k, _v, _n in segment) and _lin_label(segment)[0] == number)


def _lin_segments(pairs: Iterable[tuple[str, str, int]]) -> Iterator[list[tuple[str, str, int]]]:
    """The pairs cut where a board begins (:data:`LIN_BOARD_STARTS`, once the pairs before
    hold a deal), each part handed on once the next begins: the header before the first
    board, then one part a board."""
    segment: list[tuple[str, str, int]] = []
    dealt = False
    for pair in pairs:
        if dealt and pair[0] in LIN_BOARD_STARTS:
            yield segment
            segment, dealt = [], False
        segment.append(pair)
        dealt = dealt or pair[0] == "md"
    yield segment


def _or_none(read: Callable[[], Any]) -> Any:
    try:
        return read()
    except Exception:  # (a pair no ruling needs, in a form endplay does not read)
        return None


def _auction_complete(bids: list[Any]) -> bool:
    """Whether the calls end the auction: a call and three passes after it (four passes
    included)."""
    return len(bids) >= 4 and all(str(b).upper() in ("P", "PASS") for b in bids[-3:])


def load_boards(path: str | Path) -> list[Any]:
    """The boards of a .pbn or .lin file as endplay Board objects. Raises CaseFileError."""
    return [g.board for g in load_games(path)]


@dataclass
class _Placed:
    seat: str
    card: str
    line: int | None = None
    mark: str | None = None


def _table_plays(table: PlayTable, trumps: str | None, deal: Deal, first_trick: int, file: str) -> list[_Placed]:
    """The cards of a PBN play section in the order played: each row from its leader (the
    ``^L``-marked card's seat, else the proper leader: the Play tag's seat, then the winner of
    the trick before), clockwise; a marker the deal and play contradict is an error."""
    cols = [SEATS[(SEATS.index(table.first) + k) % 4] for k in range(4)]
    held = {s: set(deal[Seat.parse(s)].cards) for s in SEATS}
    leader = table.first
    out: list[_Placed] = []
    for r, (cells, line) in enumerate(zip(table.rows, table.lines, strict=True)):
        trick_no = first_trick + r
        if r and sum(c != "-" for c in table.rows[r - 1]) < 4 and any(c != "-" for c in cells):
            raise CaseFileError(f"trick {trick_no - 1} has fewer than four cards (a '-' cell) but the play goes on: who won it, "
                                f"and so who leads trick {trick_no}, is unknown", file=file, line=line, token=cells[0])
        leads = [i for i in range(len(cells)) if table.marks.get((r, i)) == "L"]
        if len(leads) > 1:
            raise CaseFileError(f"two cards of trick {trick_no} are marked ^L (a trick has one lead)", file=file, line=line, token="^L")
        if leads:
            seat = cols[leads[0]]
            if seat == leader:
                raise CaseFileError(f"^L marks {seat}'s {cells[leads[0]]} as a lead out of turn, but {seat} was on lead to trick {trick_no}",
                                    file=file, line=line, token="^L")
            leader = seat
        k = cols.index(leader)
        trick: list[_Placed] = []
        for j in range(4):
            i = (k + j) % 4
            if i < len(cells) and cells[i] != "-":
                trick.append(_Placed(cols[i], cells[i], line, table.marks.get((r, i))))
        led = trick[0].card[0] if trick else None
        for n, placed in enumerate(trick):
            card = _check_held(held, deal, placed.seat, placed.card, f"card {placed.card} in {placed.seat}'s column of trick {trick_no}",
                               file, line)
            if placed.mark == "R":
                hand = held[placed.seat]
                follows = placed.card[0] == led
                could = any(c.suit.value == led for c in hand if c.text != placed.card)
                if n == 0 or follows or not could:
                    why = "it leads the trick" if n == 0 else f"it follows suit ({led} led)" if follows else f"{placed.seat} had no {led} left"
                    raise CaseFileError(f"^R marks {placed.seat}'s {placed.card} on trick {trick_no} as a revoke, but {why}",
                                        file=file, line=line, token="^R")
            held[placed.seat].discard(card)
        out.extend(trick)
        if len(trick) == 4:
            leader = SEATS[_winner([(SEATS.index(p.seat), p.card) for p in trick], trumps)]
    return out


def _sequence_plays(names: list[str], card_lines: list[int], declarer: str, trumps: str | None, deal: Deal, first_trick: int,
                    file: str, *, lin: bool, out_of_turn: list[str] | None = None) -> list[_Placed]:
    """The cards ``names`` of a play given in the order played (LIN's ``pc`` pairs, at the
    lines ``card_lines``), each by the seat in turn: declarer's left-hand opponent leads,
    then the next player, and the winner of each trick leads the next. With ``out_of_turn``
    (a list it fills, in words), each card is its holder's instead: one played when it was
    another's turn is a play out of turn (:func:`_lin_player`). A card its player does not
    hold is a located error."""
    placed: list[_Placed] = []
    seat = (SEATS.index(declarer) + 1) % 4
    trick: list[tuple[int, str]] = []
    held = {s: set(deal[Seat.parse(s)].cards) for s in SEATS}
    for k, name in enumerate(names):
        line = card_lines[k] if k < len(card_lines) else None
        pair = f" (pc|{name}|)" if lin else ""
        if out_of_turn is not None:
            seat = _lin_player(held, seat, trick, name, file, line, out_of_turn)
        try:
            card = _check_held(held, deal, SEATS[seat], name,
                               f"card {name}{pair} played by {SEATS[seat]} to trick {first_trick + k // 4}", file, line)
        except CaseFileError as err:
            if lin and out_of_turn is None:  # (read in turn: LIN names no seat for a card)
                err.message += (" (a LIN board names no seat for a card: read in turn, and as its holder's, it does not "
                                "read either way)")
                err.args = (err.message,)
            raise
        held[SEATS[seat]].discard(card)
        trick.append((seat, name))
        placed.append(_Placed(SEATS[seat], name, line))
        if len(trick) == 4:
            seat = _winner(trick, trumps)
            trick = []
        else:
            seat = (seat + 1) % 4
    return placed


def _lin_player(held: dict[str, set[Card]], turn: int, trick: list[tuple[int, str]], name: str, file: str,
                line: int | None, out_of_turn: list[str]) -> int:
    """The seat (its index in SEATS) that played the LIN card ``name`` when it was ``turn``'s
    turn in ``trick`` (the cards played to it so far): the player who holds it. One other than
    ``turn`` played out of turn (recorded in ``out_of_turn``, in words); a player's second card
    to one trick is a located error (four cards make a trick in LIN). A card nobody holds is
    left to :func:`_check_held`, which names it."""
    try:
        card = Card.parse(name)
    except RulingError:
        return turn
    owner = next((i for i, s in enumerate(SEATS) if card in held[s]), None)
    if owner is None or owner == turn:
        return turn
    if any(s == owner for s, _ in trick):
        raise CaseFileError(f"card {name} (pc|{name}|) is {SEATS[owner]}'s, who has played to this trick already: a LIN "
                            "board holds one card of each player a trick", file=file, line=line, token=name)
    out_of_turn.append(f"{SEATS[owner]}'s {name} when it was {SEATS[turn]}'s turn (a play out of turn)")
    return owner


def _check_held(held: dict[str, set[Card]], deal: Deal, seat: str, name: str, what: str, file: str, line: int | None) -> Card:
    """The card ``name`` the file has ``seat`` play (``what``, in words), once it is found in
    his hand as the file's play has left it (``held``, which it leaves as it was); else a
    CaseFileError at the card's line naming it and where the deal puts it."""
    card = Card.parse(name)
    if card not in held[seat]:
        owner = next((s for s in SEATS if card in deal[Seat.parse(s)].cards), None)
        why = (f"{seat} played it before" if owner == seat
               else f"the deal gives it to {owner}" + ("" if card in held[owner] else ", who played it before")
               if owner is not None else "the deal holds no such card")
        raise CaseFileError(f"{what} is not in {seat}'s hand: {why}", file=file, line=line, token=name)
    return card


def _ranges(numbers: list[int]) -> str:
    """``1-3, 7``: the numbers, each once, sorted, runs joined."""
    runs: list[list[int]] = []
    for n in sorted(set(numbers)):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def _game_line(game: Game) -> int:
    """The file line that stands for the game: its ``Board`` tag (else its first tag), or
    its LIN deal (``md``)."""
    if game.lin is not None:
        return game.lin.md or 1
    return game.tag_lines.get("Board", min(game.tag_lines.values(), default=1))


def _game_name(game: Game) -> str:
    return f"board {game.board.board_num}" if game.board.board_num is not None else f"the game at line {_game_line(game)}"


class NoContractError(CaseFileError):
    """A game that has no contract to rule on (:func:`_no_contract`): passed out, a deal
    alone, an auction not finished. ``played``: whether the file records cards played to it
    all the same (a game no results file writes so: malformed, where the others are boards
    a reader of a whole file passes over)."""

    def __init__(self, message: str, *, played: bool, file: str | None = None, line: int | None = None,
                 token: str | None = None) -> None:
        super().__init__(message, file=file, line=line, token=token)
        self.played = played


def _no_contract(game: Game, file: str) -> NoContractError:
    """The error of a game that has no contract to rule on, saying why: passed out, or no
    contract recorded (a deal alone, as hand records and dealing programs write), or an
    auction not finished."""
    c = game.board.contract
    name = _game_name(game)
    if c is not None:
        why = "it was passed out"
    elif game.lin is not None:
        why = "its auction (mb pairs) is not finished" if game.calls else "it has no auction (mb pairs)"
    else:
        why = "it has neither a Contract tag nor a finished Auction (a deal alone)"
    table = game.table
    played = (bool(game.lin.cards) if game.lin is not None
              else bool(game.board.play) or (table is not None and any(c != "-" for row in table.rows for c in row)))
    return NoContractError(f"{name} has no contract to rule on: {why}", played=played, file=file, line=_game_line(game),
                           token=str(game.board.board_num))


def board_case(path: str | Path, board: int | None = None, attention: str | None = None, game: int | None = None,
               passed_over: list[RulingError] | None = None, lines: FieldLines | None = None,
               fallback: str | None = None) -> dict[str, Any]:
    """The case-file mapping of one board of a PBN or LIN file: ``board`` is its ``Board``
    number and ``game`` the game of that board (a board played at several tables is recorded
    once a table), or of the file without ``board``, counted from 1 in file order; neither
    given, the first game with a contract that reads. A PBN file is read only up to that
    game. With ``attention`` (a seat, or ``TD``) the play ends with ``attention <seat>``;
    without it, a revoke the file marks (``^R``) ends the play with ``attention TD`` (the
    director called to it after play), and any other play with ``attention <fallback>`` when
    ``fallback`` is given. A game whose :data:`RECORD_TAG` section (LIN: its record pairs,
    :data:`LIN_ROW`) gives its record takes the
    record's lines as its play, in preference to the play section, when ``attention`` is not
    given (the record draws attention itself); with it, the play section, as a game without
    the section, its notes saying so. Its :data:`EXPECT_TAG` section (LIN: its claim pairs) gives the case's
    ``expect`` claims. A deal of fewer than 13 cards a hand (an end position)
    starts at trick 14 minus that number, led by the Play tag's seat. With neither ``board``
    nor ``game``, the error of each game passed over before the one taken (a game that cannot
    be read, not one without a contract) is appended to ``passed_over`` when given, so that a
    caller can say it. ``lines``, when given, gets the file line of each field read from a
    supplemental tag (:data:`FieldLines`), for :func:`rulings.models.case.parse_case`'s
    ``lines``: an error about a switch of the :data:`DECISIONS_TAG` tag is located there.
    Raises CaseFileError naming the file."""
    p = Path(path)
    file = str(p)
    numbers: list[int | None] = []  # the board number of each game read, in file order
    failed: RulingError | None = None  # (no game given: the first game's error that stops it)
    only: Game | None = None
    for g in iter_games(p):
        numbers.append(g.board.board_num)
        only = g if len(numbers) == 1 else None
        if board is not None or game is not None:
            pool = numbers if board is None else [n for n in numbers if n == board]
            if (board is None or g.board.board_num == board) and len(pool) == (game or 1):
                return _game_case(g, p, attention, numbers, field_lines=lines, fallback=fallback)
            continue
        c = g.board.contract
        if g.error is None and c is not None and int(c.level) > 0:
            try:
                found: FieldLines = {}
                data = _game_case(g, p, attention, numbers, field_lines=found, fallback=fallback)
            except CaseFileError as err:
                failed = failed or err
                if passed_over is not None:
                    passed_over.append(err)
                continue
            if lines is not None:
                lines.update(found)
            return data
        elif g.error is not None:
            failed = failed or g.error.located(file=file)
            if passed_over is not None:
                passed_over.append(g.error.located(file=file))
    known = [n for n in numbers if n is not None]
    listed = (_ranges(known) or "none") + (f"; {len(numbers) - len(known)} without a number" if len(known) < len(numbers) else "")
    if board is not None and board not in known:
        raise CaseFileError(f"board {board} not found (boards in the file: {listed})", file=file, line=1, token=str(board))
    if game is not None:
        pool = numbers if board is None else [n for n in numbers if n == board]
        what = f"board {board} is recorded" if board is not None else "the file holds"
        raise CaseFileError(f"game {game} not found: {what} {len(pool)} game{'s' if len(pool) != 1 else ''}", file=file, line=1,
                            token=str(game))
    if failed is not None:
        raise failed
    if only is not None:
        raise _no_contract(only, file)
    raise CaseFileError(f"a board with a contract not found (boards in the file: {listed})", file=file, line=1)


def iter_board_cases(path: str | Path, attention: str | None = None, fallback: str | None = None
                     ) -> Iterator[tuple[int | None, int, dict[str, Any] | RulingError, FieldLines]]:
    """Every game of a PBN or LIN file as :func:`board_case` reads it (``attention`` and
    ``fallback`` as there), in file order, the file read once: each game's board number, its line
    (its ``Board`` tag, or its LIN deal), its case mapping, or the error that game gives
    (the other games are still read), and the lines of the fields its supplemental tags
    gave (as :func:`board_case`'s ``lines``). Raises CaseFileError for a file that cannot be
    read."""
    p = Path(path)
    numbers: list[int | None] = []
    for g in iter_games(p):
        numbers.append(g.board.board_num)
        lines: FieldLines = {}
        try:
            yield g.board.board_num, _game_line(g), _game_case(g, p, attention, numbers, repeats=False, field_lines=lines,
                                                                      fallback=fallback), lines
        except RulingError as err:
            yield g.board.board_num, _game_line(g), err.located(file=str(p), line=_game_line(g)), lines


def _count_boards(p: Path, number: int) -> int:
    """How many ``[Board "number"]`` tags the PBN file holds (read as lines, bounded)."""
    tag = re.compile(rb'\s*\[\s*Board\s*"?\s*' + str(number).encode() + rb'\s*"?\s*\]')
    with p.open("rb") as fh:
        return sum(1 for raw in _bounded_lines(fh) if raw is not None and tag.match(raw) is not None)


def _game_case(chosen: Game, p: Path, attention: str | None, numbers: list[int | None], *, repeats: bool = True,
               field_lines: FieldLines | None = None, fallback: str | None = None) -> dict[str, Any]:
    """The case-file mapping of the game ``chosen`` of the file ``p`` (:func:`board_case`),
    the last of the games read so far, whose board numbers are ``numbers``; with ``repeats``,
    its ``notes`` say how many games of the file record the same board (the file is read
    again to count them); ``field_lines``: as :func:`board_case`'s ``lines``."""
    if chosen.error is not None:
        raise chosen.error.located(file=str(p))
    b = chosen.board
    c = b.contract
    if c is None or int(c.level) == 0:
        raise _no_contract(chosen, str(p))
    strain = "NT" if int(c.denom.value) == 4 else SUITS[int(c.denom.value)]
    doubled = {1: "", 2: "X", 4: "XX"}.get(int(c.penalty.value), "")
    declarer = SEATS[int(c.declarer.value)]
    trumps = None if strain == "NT" else strain
    if chosen.tag_lines and not any(k.lower() == "deal" for k in chosen.tag_lines):
        raise CaseFileError(f"{_game_name(chosen)} has no Deal tag (the four hands)", file=str(p), line=_game_line(chosen),
                            token="Deal")
    deal_text = b.deal.to_pbn()
    try:
        deal = Deal.parse(deal_text)
    except RulingError as err:
        if chosen.lin is not None:
            raise CaseFileError(f"board {b.board_num}: LIN pair md: {err.message}", file=str(p), line=chosen.lin.md or 1,
                                token=err.token) from None
        raise CaseFileError(f"board {b.board_num}: tag Deal: {err.message}", file=str(p),
                            line=next((n for k, n in chosen.tag_lines.items() if k.lower() == "deal"), 1), token=err.token) from None
    per_hand = len(deal.hands[0])
    first_trick = 14 - per_hand
    table = chosen.table
    if per_hand < 13 and (table is None or table.first not in SEATS):
        raise CaseFileError(f"board {b.board_num}: the deal holds {per_hand} cards a hand (an end position) but no Play tag "
                            "names the seat on lead", file=str(p), line=1, token="Play")
    mid_hand = per_hand < 13 and table is not None and table.first in SEATS
    placed: list[_Placed]
    out_of_turn: list[str] = []  # (LIN: the cards their holders played out of turn, said in the notes)
    if table is not None and table.first in SEATS:
        placed = _table_plays(table, trumps, deal, first_trick, str(p))
    else:
        card_lines = chosen.lin.cards if chosen.lin is not None else []
        names = [_card(card) for card in b.play]
        try:
            placed = _sequence_plays(names, card_lines, declarer, trumps, deal, first_trick, str(p), lin=chosen.lin is not None)
        except CaseFileError as err:
            if chosen.lin is None:
                raise
            # LIN names no seat for a card: read again giving each card to the player who
            # holds it (the seat in turn but for a card played out of turn: a test set's
            # lead out of turn; a real BBO file has none); if that does not read either, the
            # error of the reading in turn stands
            try:
                placed = _sequence_plays(names, card_lines, declarer, trumps, deal, first_trick, str(p), lin=True,
                                         out_of_turn=out_of_turn)
            except CaseFileError:
                raise err from None
    lines = [f"{q.seat} {q.card}" for q in placed]
    marked = [q for q in placed if q.mark]
    record = chosen.sections.get(RECORD_TAG)
    if record is not None and attention is None:  # the record's own lines, its attention line included
        lines = [text for _line, text in record]
        if field_lines is not None:
            field_lines.update({("play", k): line for k, (line, _text) in enumerate(record)})
    else:
        remaining = _tricks_after(chosen, first_trick + len(placed) // 4, str(p))
        if remaining is not None:
            lines.append(remaining)
            if field_lines is not None and (line := _field_line(chosen, AFTER_TAG)) is not None:
                field_lines[("play", len(lines) - 1)] = line
        if attention is None and any(q.mark == "R" for q in placed):
            attention = "TD"
        attention = attention if attention is not None else fallback
        if attention is not None:
            lines.append(f"attention {attention}")
    info = getattr(b, "info", {}) or {}
    event = info.get("Event") if hasattr(info, "get") else None
    data: dict[str, Any] = {
        "title": f"Board {b.board_num}" + (f", {event}" if event and event not in ("#", "?") else ""),
        "source": f"{p.name}, board {b.board_num}",
        "deal": deal_text,
        "contract": f"{int(c.level)}{strain}{doubled}",
        "declarer": declarer,
    }
    if mid_hand and table is not None:
        data["trick"] = first_trick
        data["leader"] = table.first
    data.update(_start_fields(chosen, info if hasattr(info, "get") else {}, first_trick, str(p), field_lines))
    data["play"] = lines
    claims = chosen.sections.get(EXPECT_TAG)
    if claims is not None and (record is None or attention is None):  # (the record's claims: not those of the cards read alone)
        data["expect"] = [text for _line, text in claims]
        if field_lines is not None:
            field_lines.update({("expect", k): line for k, (line, _text) in enumerate(claims)})
    notes = []
    if record is not None and attention is not None and chosen.lin is not None:
        notes.append(f"Read from the pc pairs, the cards as they lay, attention drawn by {attention} as given: the board's "
                     f"nt|bridge-rulings {LIN_RECORD} ...| pairs (from line {record[0][0]}) give its record whole, read "
                     "without --attention.")
    elif record is not None and attention is not None:
        notes.append(f"Read from the play section, the cards as they lay, attention drawn by {attention} as given: the "
                     f"game's {RECORD_TAG} section (line {chosen.tag_lines.get(RECORD_TAG)}) gives its record whole, read "
                     "without --attention.")
    if out_of_turn:
        notes.append("LIN gives a card no seat: read as played by the player who holds it, "
                     + "; ".join(out_of_turn) + ".")
    if marked:
        notes.append("The file marks " + "; ".join(
            f"{q.seat}'s {q.card}" + (f" (line {q.line})" if q.line is not None else "")
            + f" as a {PLAY_MARKERS[q.mark or 'R']} (^{q.mark})" for q in marked) + ".")
    if b.board_num is not None and repeats:
        index = numbers.count(b.board_num)  # (the chosen game is the last of those read)
        if chosen.lin is not None:
            same = max(index, _count_lin_boards(p, b.board_num))
        else:
            same = max(index, _count_boards(p, b.board_num))
        if same > 1:
            data["source"] += f", game {index}"
            notes.append(f"Board {b.board_num} is recorded {same} times in the file (a game a table); this is game {index} of "
                         f"them (line {_game_line(chosen)}): --game picks another.")
    if notes:
        data["notes"] = " ".join(notes)
    return data


def _start_fields(game: Game, info: Any, first_trick: int, file: str, lines: FieldLines | None = None) -> dict[str, Any]:
    """The case fields ``laws``, ``won``, ``penalty`` and ``decisions`` read from the game's
    supplemental tags (:data:`LAWS_TAG`, else an Event of the form this package writes;
    :data:`WON_TAG`, :data:`PENALTY_TAG`, :data:`DECISIONS_TAG`), or a LIN board's commentary
    giving them (:data:`LIN_FIELD`); a value that cannot be read is an error at the tag's (or
    pair's) line. ``lines``, when given, gets the line of the tag of each field read, by its
    node path (``("decisions", NAME)`` for each switch): the solver names it when it refuses
    a switch name (:func:`rulings.models.case.parse_case` takes them as ``lines``)."""
    from rulings.models.case import EDITIONS, parse_penalty

    lin = game.lin

    def line_of(tag: str) -> int | None:
        return lin.tags.get(tag) if lin is not None else game.tag_lines.get(tag)

    def named(tag: str, value: str, *, shown: bool = True) -> str:
        """The tag (PBN) or commentary pair (LIN) that gives ``value``, as an error names it."""
        if lin is not None:
            return f"LIN pair nt|bridge-rulings {tag} {value.strip()}|"
        return f"tag {tag} {value!r}" if shown else f"tag {tag}"

    out: dict[str, Any] = {}
    laws = info.get(LAWS_TAG)
    if isinstance(laws, str) and laws.strip() not in ("", "?"):
        if laws.strip() not in EDITIONS:
            raise CaseFileError(f"{named(LAWS_TAG, laws)}: expected the edition of the Laws, 2017 or 2007", file=file,
                                line=line_of(LAWS_TAG), token=laws)
        out["laws"] = int(laws.strip())
    elif isinstance(event := info.get("Event"), str) and (m := _OUR_EVENT.fullmatch(event.strip())) and m.group(1) in EDITIONS:
        out["laws"] = int(m.group(1))
    won = info.get(WON_TAG)
    if isinstance(won, str) and won.strip() not in ("", "?"):
        line = line_of(WON_TAG)
        m = re.fullmatch(r"\s*(NS|EW)\s+(\d{1,2})\s+(NS|EW)\s+(\d{1,2})\s*", won, re.IGNORECASE)
        if m is None or m.group(1).upper() == m.group(3).upper():
            raise CaseFileError(f"{named(WON_TAG, won)}: expected 'NS <n> EW <m>', the tricks each side won before the play section",
                                file=file, line=line, token=won)
        counts = {m.group(1).upper(): int(m.group(2)), m.group(3).upper(): int(m.group(4))}
        if counts["NS"] + counts["EW"] != first_trick - 1:
            raise CaseFileError(f"{named(WON_TAG, won)}: {counts['NS']} + {counts['EW']} tricks do not add up to the "
                                f"{first_trick - 1} played before trick {first_trick}", file=file, line=line, token=won)
        out["won"] = {"NS": counts["NS"], "EW": counts["EW"]}
    penalty = info.get(PENALTY_TAG)
    if isinstance(penalty, str) and penalty.strip() not in ("", "?"):
        line = line_of(PENALTY_TAG)
        items = [item.strip() for item in penalty.split(";") if item.strip()]
        for item in items:
            try:
                parse_penalty(item)
            except RulingError as err:
                raise CaseFileError(f"{named(PENALTY_TAG, penalty, shown=False)}: {err.message}", file=file, line=line,
                                    token=err.token) from None
        out["penalty"] = items
    decisions = info.get(DECISIONS_TAG)
    if isinstance(decisions, str) and decisions.strip() not in ("", "?"):
        out["decisions"] = _decisions(decisions, named(DECISIONS_TAG, decisions), file, line_of(DECISIONS_TAG))
    if lines is not None:
        for key, tag in (("laws", LAWS_TAG), ("won", WON_TAG), ("penalty", PENALTY_TAG), ("decisions", DECISIONS_TAG)):
            if key in out and (line := line_of(tag)) is not None:
                lines[(key,)] = line
                if key == "decisions":
                    lines.update({(key, name): line for name in out[key]})
    return out


def _field_line(game: Game, tag: str) -> int | None:
    """The line of the game's supplemental tag ``tag`` (LIN: of its commentary pair)."""
    return game.lin.tags.get(tag) if game.lin is not None else game.tag_lines.get(tag)


def _tricks_after(game: Game, next_trick: int, file: str) -> str | None:
    """The record's ``remaining NS n EW m`` line the game's :data:`AFTER_TAG` tag (LIN: its
    commentary pair) gives, or None without one; ``next_trick`` is the first trick the play
    section does not complete. A value that is no ``NS <n> EW <m>``, or whose tricks do not
    add up to those from ``next_trick`` to 13, is an error at the tag's line."""
    info = getattr(game.board, "info", {}) or {}
    value = info.get(AFTER_TAG) if hasattr(info, "get") else None
    if not isinstance(value, str) or value.strip() in ("", "?"):
        return None
    line = _field_line(game, AFTER_TAG)
    named = f"LIN pair nt|bridge-rulings {AFTER_TAG} {value.strip()}|" if game.lin is not None else f"tag {AFTER_TAG} {value!r}"
    m = re.fullmatch(r"\s*(NS|EW)\s+(\d{1,2})\s+(NS|EW)\s+(\d{1,2})\s*", value, re.IGNORECASE)
    if m is None or m.group(1).upper() == m.group(3).upper():
        raise CaseFileError(f"{named}: expected 'NS <n> EW <m>', the tricks each side won after the play section",
                            file=file, line=line, token=value)
    counts = {m.group(1).upper(): int(m.group(2)), m.group(3).upper(): int(m.group(4))}
    left = 14 - next_trick
    if counts["NS"] + counts["EW"] != left:
        raise CaseFileError(f"{named}: {counts['NS']} + {counts['EW']} tricks do not add up to the {left} left after the "
                            "play section", file=file, line=line, token=value)
    return f"remaining NS {counts['NS']} EW {counts['EW']}"


def _decisions(value: str, named: str, file: str, line: int | None) -> dict[str, bool]:
    """The switches a :data:`DECISIONS_TAG` value sets (``NAME=on`` or ``NAME=off``, separated
    by spaces, commas or semicolons; also ``true/false``, ``yes/no``, ``1/0``), by name as
    written. The names are checked by the solver, as those of a case file's ``decisions``
    field are. Raises CaseFileError at ``line`` naming the token for an entry that is no
    ``NAME=on|off`` and for a switch named twice."""
    from rulings.models.case import _DECISION_WORDS

    words = {**_DECISION_WORDS, "1": True, "0": False}
    out: dict[str, bool] = {}
    seen: dict[str, str] = {}
    for token in re.split(r"[\s,;]+", value.strip()):
        name, eq, word = token.partition("=")
        if not eq or not name or word.lower() not in words:
            raise CaseFileError(f"{named}: expected NAME=on or NAME=off for each switch (NAME a switch of docs/decisions.md), "
                                f"not {token!r}", file=file, line=line, token=token)
        key = name.replace("-", "_").lower()
        if key in seen:
            raise CaseFileError(f"{named}: the switch {name!r} is set twice", file=file, line=line, token=token)
        seen[key] = name
        out[name] = words[word.lower()]
    return out


def _pbn_text(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


#: the first lines of a PBN file this package writes (PBN 2.1, export format)
PBN_HEADER = "% PBN 2.1\r\n% EXPORT\r\n\r\n"


def play_marks(deal: str, contract: str, tricks: list[list[tuple[str, str]]], first: str) -> dict[tuple[int, int], str]:
    """The PBN markers of a play: ``^L`` on each trick's first card when its seat was not on
    lead (``first`` for the first trick, then the winner of the trick before), ``^R`` on each
    card that does not follow the suit led while its seat still held one. Keys are (trick,
    position in the trick as played). Cards the deal does not give the seat are not judged."""
    strain = contract.lstrip("1234567").rstrip("X")
    trumps = None if strain.upper().startswith("N") else strain[:1].upper()
    parsed = Deal.parse(deal)
    held = {s: {c.text for c in parsed[Seat.parse(s)].cards} for s in SEATS}
    marks: dict[tuple[int, int], str] = {}
    leader = first
    for t, trick in enumerate(tricks):
        if not trick:
            continue
        if trick[0][0] != leader:
            marks[(t, 0)] = "L"
        led = trick[0][1][0]
        for n, (seat, card) in enumerate(trick):
            if n and card[0] != led and any(c[0] == led for c in held[seat] if c != card) and card in held[seat]:
                marks[(t, n)] = "R"
            held[seat].discard(card)
        if len(trick) == 4:
            leader = SEATS[_winner([(SEATS.index(s), c) for s, c in trick], trumps)]
    return marks


def play_problem(tricks: list[list[tuple[str, str]]], first_trick: int = 1) -> str | None:
    """Why the play ``tricks`` (each a list of ``(seat, card)`` in the order played, from trick
    ``first_trick``) cannot be written as a PBN play section or LIN ``pc`` pairs that read back
    as the same play, or None: a trick holding two cards of one player (a PBN row has one
    column a seat, a LIN trick is four cards, one of each player), or a trick short of a card
    followed by a card of the next trick (who won it, and so who leads the next, is not known:
    PBN's reader refuses it, and LIN, which counts four cards a trick, would put the next
    trick's card into it).

    >>> play_problem([[("W", "SA"), ("N", "S2"), ("E", "S3"), ("S", "S4")], [("W", "HA"), ("N", "H2")]])
    >>> play_problem([[("E", "HK"), ("W", "CA"), ("W", "DQ"), ("N", "D2")]])
    "trick 1 holds two of W's cards (CA, DQ): a trick holds one card of each player"
    >>> play_problem([[("W", "DJ"), ("N", "D3"), ("E", "D5")], [("W", "HJ")]], 2)
    "trick 2 holds 3 cards (S's is missing) when W's HJ is played to trick 3: who won trick 2, and so who leads trick 3, is not known"
    """
    for n, trick in enumerate(tricks):
        number = first_trick + n
        seats = [seat for seat, _card in trick]
        twice = next((seat for seat in seats if seats.count(seat) > 1), None)
        if twice is not None:
            cards = [card for seat, card in trick if seat == twice]
            many = {2: "two", 3: "three", 4: "four"}.get(len(cards), str(len(cards)))
            return f"trick {number} holds {many} of {twice}'s cards ({', '.join(cards)}): a trick holds one card of each player"
        later = next((t for t in tricks[n + 1:] if t), None)
        if len(trick) < 4 and later is not None:
            missing = [seat for seat in SEATS if seat not in seats]
            whose = ", ".join(f"{seat}'s" for seat in missing) + (" is" if len(missing) == 1 else " are")
            return (f"trick {number} holds {len(trick)} card{'s' if len(trick) != 1 else ''} ({whose} missing) when "
                    f"{later[0][0]}'s {later[0][1]} is played to trick {number + 1 + tricks[n + 1:].index(later)}: who won "
                    f"trick {number}, and so who leads trick {number + 1}, is not known")
    return None


def lin_play_problem(deal: Deal, declarer: str, trumps: str | None, tricks: list[list[tuple[str, str]]]) -> str | None:
    """Why the play ``tricks`` from trick 1 (as :func:`play_problem` takes them), written as a
    LIN board's ``pc`` pairs (:func:`lin_board`), would not read back as the same play, or
    None: :func:`play_problem`, then the reading of :func:`board_case`, each card given to the
    seat in turn or else to the player who holds it, which must give each card its seat."""
    problem = play_problem(tricks)
    if problem is not None:
        return problem
    names = [card for trick in tricks for _seat, card in trick]
    try:
        placed = _sequence_plays(names, [], declarer, trumps, deal, 1, "", lin=True, out_of_turn=[])
    except CaseFileError as err:
        return f"its cards do not read back as played: {err.message}"
    read = [(q.seat, q.card) for q in placed]
    played = [play for trick in tricks for play in trick]
    if read != played:
        k = next(i for i, (a, b) in enumerate(zip(read, played, strict=True)) if a != b)
        return (f"{played[k][0]}'s {played[k][1]} (card {k + 1} of the play) would read back as {read[k][0]}'s: a LIN card "
                "names no seat, and is read as the seat in turn's or its holder's")
    return None


def lin_tricks(deal: Deal, declarer: str, trumps: str | None, tricks: list[list[tuple[str, str]]]
               ) -> list[list[tuple[str, str]]]:
    """The longest beginning of the play ``tricks`` from trick 1 (as :func:`play_problem`
    takes them) that a LIN board's ``pc`` pairs hold, read back as played
    (:func:`lin_play_problem`): what another program reads of a record whose lines go in
    the board's record pairs (docs/pbn-lin.md). It stops where a PBN play section stops
    (:func:`table_tricks`), before a card played after a gap in its trick (a seat skipped, as
    a card omitted leaves one: LIN has no gap, and reads the card as the skipped seat's, or
    as played out of turn), and before a card LIN would read as another seat's.

    >>> from rulings.models import Deal
    >>> deal = Deal.parse("N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6")
    >>> lin_tricks(deal, "S", "S", [[("W", "DQ"), ("N", "D2"), ("W", "DJ")]])
    [[('W', 'DQ'), ('N', 'D2')]]
    >>> lin_tricks(deal, "S", "S", [[("W", "DQ"), ("N", "D2"), ("S", "D7")]])
    [[('W', 'DQ'), ('N', 'D2')]]
    """
    shown: list[list[tuple[str, str]]] = []
    for trick in table_tricks(tricks):
        kept = [play for k, play in enumerate(trick)
                if all(SEATS.index(trick[j][0]) == (SEATS.index(trick[j - 1][0]) + 1) % 4 for j in range(1, k + 1))]
        shown.append(kept)
        if len(kept) < len(trick):
            break
    flat = [(k, play) for k, trick in enumerate(shown) for play in trick]
    for n in range(len(flat), 0, -1):
        cut: list[list[tuple[str, str]]] = [[] for _ in shown]
        for k, play in flat[:n]:
            cut[k].append(play)
        cut = [trick for trick in cut if trick]
        if lin_play_problem(deal, declarer, trumps, cut) is None:
            return cut
    return []


def _comment(text: str, width: int = 250) -> list[str]:
    """``text`` as PBN commentary lines (``{...}``, at most ``width`` characters a line)."""
    import textwrap

    body = text.replace("}", ")").replace("{", "(").replace("\r", " ").replace("\n", " ")
    parts = textwrap.wrap(body, width - 2, break_long_words=True, break_on_hyphens=False) or [""]
    if len(parts) == 1:
        return ["{" + parts[0] + "}"]
    return ["{" + parts[0], *parts[1:-1], parts[-1] + "}"]


def pbn_game(
    *,
    deal: str,
    contract: str,
    declarer: str,
    tricks: list[list[tuple[str, str]]],
    board: int = 1,
    event: str = "bridge-rulings",
    commentary: list[str] | None = None,
    first: str | None = None,
    markers: bool = True,
    tags: list[tuple[str, str]] | None = None,
    result: int | None = None,
    sections: list[tuple[str, list[str]]] | None = None,
) -> str:
    """One PBN game (export form, CRLF lines): the deal, contract and declarer, and the
    ``Play`` section of ``tricks`` (each a list of ``(seat, card)`` in the order played). The
    Play tag is ``first``, the seat on lead to the first trick (default declarer's left-hand
    opponent); each row is in seat columns from it. With ``markers`` (PBN 3.9) a lead made
    out of turn is marked ``^L`` and a revoke card ``^R`` (:func:`play_marks`); without them
    the cards alone are written (endplay's parser, for one, refuses the markers). ``tags`` are
    supplemental tags written after the standard ones; ``commentary`` goes as ``{...}``
    comments after the tags, before the play. Cards are written as ``SA``, ``HT``. ``result``:
    the tricks declarer's side took in all (the ``Result`` tag), when known. ``sections``:
    this package's sections (:data:`SECTION_TAGS`) after the play, each its tag and its rows,
    one quoted string a row."""
    per_hand = len(Deal.parse(deal).hands[0])
    problem = play_problem(tricks, 14 - per_hand)
    if problem is not None:
        raise CaseFileError(f"the play cannot be written as a PBN play section: {problem}")
    first = first or SEATS[(SEATS.index(declarer) + 1) % 4]
    dealer = SEATS[(board - 1) % 4]
    vul = ("None", "NS", "EW", "All", "NS", "EW", "All", "None", "EW", "All", "None", "NS", "All", "None", "NS", "EW")[(board - 1) % 16]
    standard = [
        ("Event", event), ("Site", "?"), ("Date", "????.??.??"), ("Board", str(board)),
        ("West", "?"), ("North", "?"), ("East", "?"), ("South", "?"),
        ("Dealer", dealer), ("Vulnerable", vul), ("Deal", deal), ("Scoring", "?"),
        ("Declarer", declarer), ("Contract", contract), ("Result", "?" if result is None else str(result)),
    ]
    out = [f'[{name} "{_pbn_text(value)}"]' for name, value in [*standard, *(tags or [])]]
    for text in commentary or []:  # after the tags: a comment belongs to what precedes it
        out.extend(_comment(text))
    if tricks or per_hand < 13:  # an end position always names its leader, cards played or not
        marks = play_marks(deal, contract, tricks, first) if markers else {}
        out.append(f'[Play "{first}"]')
        columns = [SEATS[(SEATS.index(first) + k) % 4] for k in range(4)]
        for t, trick in enumerate(tricks):
            by_seat = {seat: (f"^{marks[(t, n)]} " if (t, n) in marks else "") + card for n, (seat, card) in enumerate(trick)}
            out.append(" ".join(by_seat.get(seat, "-") for seat in columns))
        if sum(len(t) for t in tricks) < 4 * per_hand:
            out.append("*")
    for tag, rows in sections or []:
        out.append(f'[{tag} "{SECTION_TAGS[tag]}"]')
        out.extend(f'"{_pbn_text(row)}"' for row in rows)
    return "\r\n".join(out) + "\r\n"


def table_tricks(tricks: list[list[tuple[str, str]]]) -> list[list[tuple[str, str]]]:
    """The longest beginning of the play ``tricks`` (as :func:`play_problem` takes them) that a
    PBN play section holds: it stops before a player's second card to one trick and after a
    trick short of a card (who won it is not known). What another program reads of a record
    whose lines go in the :data:`RECORD_TAG` section (docs/pbn-lin.md).

    >>> table_tricks([[("E", "HK"), ("W", "CA"), ("W", "DQ")], [("N", "D2")]])
    [[('E', 'HK'), ('W', 'CA')]]
    >>> table_tricks([[("W", "DJ"), ("N", "D3"), ("E", "D5")], [("W", "HJ")]])
    [[('W', 'DJ'), ('N', 'D3'), ('E', 'D5')]]
    """
    out: list[list[tuple[str, str]]] = []
    for trick in tricks:
        kept: list[tuple[str, str]] = []
        for seat, card in trick:
            if any(s == seat for s, _c in kept):
                return [*out, kept] if kept else out
            kept.append((seat, card))
        if not kept:
            return out
        out.append(kept)
        if len(kept) < 4:
            return out
    return out


#: the vulnerability of a board by its number (board 1 first, a 16-board cycle), as LIN's ``sv``
#: pair writes it: o none, n NS, e EW, b both
LIN_VUL = "onebneboebonbone"
#: the dealer digit of LIN's ``md`` pair, by seat
LIN_DEALER = {"S": 1, "W": 2, "N": 3, "E": 4}


def lin_text(text: str) -> str:
    """``text`` as the value of a LIN pair: LIN has no escape, so each ``|`` (which would end
    the value) is written ``/``, and a line break as a space (a board is one line)."""
    return text.replace("|", "/").replace("\r\n", " ").replace("\r", " ").replace("\n", " ")


def lin_auction(contract: str, declarer: str, dealer: str) -> list[str]:
    """The shortest auction that gives ``contract`` (``4S``, ``3NTX``, ``6HXX``) to
    ``declarer`` with ``dealer`` first to call, as LIN's ``mb`` calls: a pass from each seat
    before declarer, declarer's bid, a double from his left-hand opponent and a redouble from
    dummy when the contract has them, then three passes."""
    m = re.fullmatch(r"([1-7])(NT|N|S|H|D|C)(X{0,2})", contract.strip().upper())
    if m is None:
        raise ValueError(f"bad contract {contract!r}")
    before = (SEATS.index(declarer) - SEATS.index(dealer)) % 4
    doubles = ["d", "r"][: len(m.group(3))]
    return ["p"] * before + [m.group(1) + m.group(2)[0], *doubles, "p", "p", "p"]


def lin_board(
    *,
    deal: str,
    contract: str,
    declarer: str,
    tricks: list[list[tuple[str, str]]],
    board: int = 1,
    commentary: list[str] | None = None,
    tags: list[tuple[str, str]] | None = None,
    result: int | None = None,
    rows: list[tuple[str, list[str]]] | None = None,
) -> str:
    """One LIN board, as one line of BBO's ``.lin`` hand records (no line break at its end):
    ``pn`` (no names), ``md`` (the dealer digit, then the hands from South; ``deal`` must give
    13 cards a hand: LIN has no end position), ``ah|Board N|``, ``sv``, the auction of
    :func:`lin_auction` as ``mb`` calls, then ``tags`` (supplemental PBN tags, :func:`start_tags`)
    and ``commentary`` as ``nt`` pairs, then the cards of ``tricks`` (each a list of ``(seat,
    card)`` in the order played) as ``pc`` pairs in the order played, a ``pg`` after each
    complete trick. LIN has no marker of an irregular card (PBN's ``^R``, ``^L``): a reader
    gives each card to the seat whose turn it was. Dealer and vulnerability follow the board
    number, as :func:`pbn_game` gives them. The commentary comes after the auction (a reader
    such as endplay's takes an ``nt`` as the note of the call before it); ``|`` in its text
    is written ``/`` (:func:`lin_text`). ``result``: the tricks declarer's side took in all,
    given as LIN's ``mc`` pair after the cards (as BBO gives the tricks a claim ends with).
    ``rows``: this package's row pairs after the commentary (:data:`LIN_ROWS`), each its name
    and its rows, one ``nt|bridge-rulings <name> <row>|`` pair a row, in order, the row's text
    escaped (:func:`lin_escape`)."""
    parsed = Deal.parse(deal)
    short = [str(s) for s in Seat if len(parsed[s]) != 13]
    if short:
        raise ValueError(f"a LIN deal (md) gives 13 cards a hand; {', '.join(short)} hold{'s' if len(short) == 1 else ''} "
                         f"{len(parsed[Seat.parse(short[0])])}: LIN has no end position")
    dealer = SEATS[(board - 1) % 4]

    def hand(seat: str) -> str:
        return "".join(suit + ranks for suit, ranks in zip(SUITS, parsed[Seat.parse(seat)].format().split("."), strict=True))

    pairs: list[tuple[str, str]] = [
        ("pn", ",,,"), ("st", ""), ("md", f"{LIN_DEALER[dealer]}" + ",".join(hand(s) for s in "SWNE")), ("rh", ""),
        ("ah", f"Board {board}"), ("sv", LIN_VUL[(board - 1) % 16]),
    ]
    pairs += [("mb", call) for call in lin_auction(contract, declarer, dealer)]
    pairs += [("nt", lin_text(f"bridge-rulings {name} {value}")) for name, value in tags or []]
    pairs += [("nt", lin_text(text)) for text in commentary or []]
    pairs += [("nt", f"bridge-rulings {name} {lin_escape(row)}") for name, texts in rows or [] for row in texts]
    pairs.append(("pg", ""))
    for trick in tricks:
        pairs += [("pc", card) for _seat, card in trick]
        if len(trick) == 4:
            pairs.append(("pg", ""))
    if result is not None:
        pairs.append(("mc", str(result)))
    return "".join(f"{key}|{value}|" for key, value in pairs)
