"""Test sets for other bridge software: generated cases with their expected rulings, streamed
into one file (``rulings generate --format jsonl|yaml|pbn|lin --with-ruling``).

Each record is ``{"id": ..., "case": <case mapping>, "ruling": <the JSON of solve --json>}``
(``ruling`` only with ``--with-ruling``): one JSON object a line (``jsonl``) or one YAML
document each (``yaml``, documents separated by ``---``). The ``case`` mapping is a case file
as docs/case-format.md describes; written alone to a ``.yaml`` file it solves as it is.
With ``pbn`` each record is a PBN game (:func:`record_pbn`): the cards standing when attention
was drawn, irregular ones marked, the record and expected ruling as commentary, and a record
its cards do not give back (any kind's) whole in its record section, read back as it is. With
``lin`` each record is a LIN board, one a line (:func:`record_lin`): the same cards in the
order played (LIN marks no irregular card), the same commentary as ``nt`` pairs, and such a
record whole in its record pairs (``nt|bridge-rulings Record <line>|``), read back as it is;
LIN holds whole deals, so only records from trick 1 (``--full-hand``, exhaustive sets).

Random records are drawn per index (``case_seed(seed, i)``), so a batch split into chunks
over worker processes gives the same records, in the same order, as one process.

Exhaustive sets (:func:`exhaustive_cases`) take one deal played out lawfully from trick 1
(drawn from the seed, or the plays of a given case file) and put every irregularity of the
kind at every point of that play: every card a player could revoke with, every other card
dummy could place for the one declarer called, every card a defender could expose (with
each set of exposure facts), every card a player not on lead could lead, every card that
could be put on a finished trick as a fifth card, every card a player not on turn could play
at the same moment as the player on turn. The record stops at the irregularity with
``attention`` drawn by the offender's left-hand opponent.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from rulings.models import DECK, SEATS, Card, Contract, Deal, Hand, Seat
from rulings.models.case import Case
from rulings.models.errors import CaseFileError
from rulings.models.events import Attention, ClaimTricks, Play, Remaining, Resume
from rulings.models.table import TableState
from rulings.solver.generate import (
    _EXPOSURE_FACTS,
    GenerationError,
    _random_contract,
    _Sim,
    case_seed,
    dump_case,
    random_kind_case,
    with_decisions,
)

FORMATS: tuple[str, ...] = ("jsonl", "yaml", "pbn", "lin")
#: the kinds :func:`exhaustive_cases` enumerates
EXHAUSTIVE_KINDS: tuple[str, ...] = ("revoke", "misplay", "exposure", "lead", "fifth", "simultaneous")
#: the kinds whose irregularity the cards of a board carry: its cards as they stood (a revoke,
#: a lead out of turn, revokes played on). The other kinds' irregularity is a line with no card
#: syntax in either format (declarer's call of dummy's card, an exposed card, a fifth card,
#: simultaneous cards): read from its cards alone, the board would show no irregularity, or
#: another one. A PBN game carries them in its record section
#: (:data:`rulings.models.boardfile.RECORD_TAG`, :func:`record_pbn`), a LIN board in its
#: record pairs (:data:`rulings.models.boardfile.LIN_ROW`, :func:`record_lin`).
BOARD_KINDS: tuple[str, ...] = ("revoke", "lead", "established")
#: nodes of the ruling graph expanded at most per generated case (as ``solve --budget``)
BUDGET = 50_000
#: restorations listed at most per ruling (all are counted), as ``solve`` lists
SHOWN = 1_000


def ruling_of(mapping: dict[str, Any], name: str, budget: int = BUDGET) -> dict[str, Any]:
    """The JSON ``rulings solve --json`` gives for the case ``mapping`` (named ``name``),
    written alone as a case file (the lines its ruling names are that file's)."""
    from rulings.solver.casefile import loads

    return case_ruling(loads(dump_case(mapping), file=name), budget)


def case_ruling(case: Case, budget: int = BUDGET) -> dict[str, Any]:
    """The JSON ``rulings solve --json`` gives for ``case``. Raises RulingError (located at
    the record line the error is about)."""
    from rulings.solver.engine import Restoration
    from rulings.solver.export import ruling_json
    from rulings.solver.lawful import lawful_cards
    from rulings.solver.ruling import Ruling
    from rulings.solver.summary import KeySet, unique

    lawful_cards.cache_clear()  # one ruling at a time: memory flat in the number of records (as verify)
    ruling = Ruling(case)
    seen = KeySet()
    found: list[Restoration] = []
    for r in unique(ruling.restorations(budget=budget), seen):
        if len(found) < SHOWN:
            found.append(r)
    return ruling_json(ruling, found, truncated=len(seen) > len(found), budget=budget, found=len(seen))


def distinct_count(mapping: dict[str, Any], name: str, budget: int = BUDGET) -> int:
    """How many distinct restorations the case ``mapping`` has (what a ``count N`` claim
    counts, :func:`rulings.solver.summary.unique`), within ``budget`` expanded nodes."""
    from rulings.solver.casefile import loads
    from rulings.solver.lawful import lawful_cards
    from rulings.solver.ruling import Ruling
    from rulings.solver.summary import unique

    lawful_cards.cache_clear()
    return sum(1 for _ in unique(Ruling(loads(dump_case(mapping), file=name)).restorations(budget=budget)))


def record(name: str, mapping: dict[str, Any], with_ruling: bool, with_count: bool = False) -> dict[str, Any]:
    """One record of a test set; ``with_count``: the case carries the claim ``count N`` of
    its distinct restorations under ``expect`` (``generate --expect-count``)."""
    out: dict[str, Any] = {"id": name, "case": mapping}
    ruling = ruling_of(mapping, name) if with_ruling else None
    if with_count:
        count = ruling["found"] if ruling is not None else distinct_count(mapping, name)
        out["case"] = {**mapping, "expect": [f"count {count}"]}
    if ruling is not None:
        out["ruling"] = ruling
    return out


def serialize(rec: dict[str, Any], fmt: str, board: int = 1) -> str:
    """The record as text in ``fmt``: one JSON line, one YAML document (``---`` first), one
    PBN game numbered ``board`` followed by an empty line (:func:`record_pbn`), or one LIN
    board numbered ``board``, a line (:func:`record_lin`)."""
    if fmt == "jsonl":
        return json.dumps(rec, sort_keys=False, ensure_ascii=False) + "\n"
    if fmt == "yaml":
        import yaml

        return "---\n" + yaml.safe_dump(rec, sort_keys=False, allow_unicode=True, default_flow_style=False)
    if fmt in ("pbn", "pbn-plain"):  # pbn-plain: without the ^R/^L markers (generate --no-markers)
        return record_pbn(rec, board, markers=fmt == "pbn") + "\r\n"
    if fmt == "lin":
        return record_lin(rec, board) + "\n"
    raise ValueError(f"unknown format {fmt!r} (one of {', '.join(FORMATS)})")


def record_pbn(rec: dict[str, Any], board: int, *, markers: bool = True) -> str:
    """A record as one PBN game numbered ``board``: the case's deal (for a record starting
    after trick 1: the cards left then, PBN's end position), contract and declarer, and the
    cards standing in the played position when attention was drawn, in seat columns from the
    seat on lead to the record's first trick (a lead out of turn marked ``^L``, a revoke card
    ``^R``: PBN 3.9). Everything PBN has no syntax for goes in ``{...}`` commentary: the case's
    id and title, every line of its record (calls, exposures, the attention line, choices
    after it), and with a ruling the expected ruling (irregularities, then each restoration's
    clause path, withdrawn and penalty cards, information, restrictions, next leader). A
    record the cards do not give back (:func:`record_from_cards`), or one with claims, is
    also written line for line in the game's record section after the play section, which
    then stops where PBN cannot hold the cards (:func:`rulings.models.boardfile.table_tricks`),
    and its claims in the claims section (:data:`rulings.models.boardfile.RECORD_TAG`,
    :data:`rulings.models.boardfile.EXPECT_TAG`): read back, it is the record's case."""
    from rulings.models.boardfile import EXPECT_TAG, RECORD_TAG, pbn_game, start_tags, table_tricks

    mapping: dict[str, Any] = rec["case"]
    case = _record_case(rec)
    why = parts_refusal(case)
    if why is not None:
        raise CaseFileError(f"{rec['id']} cannot be written as a PBN game: {why}")
    table = case.replay().table
    tricks = _standing_tricks(case, table)
    lines = [str(line) for line in mapping["play"]]
    claims = [str(claim) for claim in mapping.get("expect") or []]
    whole = record_whole(case, table, lines, claims, "pbn")
    notes = case_notes(case, str(rec["id"]), lines, rec.get("ruling"), whole=whole)
    after, result = play_end(case, table)
    sections: list[tuple[str, list[str]]] = []
    if whole:
        sections.append((RECORD_TAG, lines))
        shown = table_tricks(tricks)
        if shown != tricks:  # (the play section stops where PBN cannot hold the cards: no count after it)
            tricks, after = shown, []
    if claims:
        sections.append((EXPECT_TAG, claims))
    tags = [("Generator", "bridge-rulings generate"), ("Description", str(mapping.get("title") or rec["id"])),
            *start_tags(case.won, [str(pc) for pc in case.penalty], case.trick, case.laws, turned_switches(case)), *after]
    return pbn_game(deal=case.deal.format(), contract=str(case.contract), declarer=str(case.declarer), tricks=tricks,
                    board=board, event=f"bridge-rulings Laws {case.laws}", commentary=notes, first=str(case.first_leader),
                    markers=markers, tags=tags, result=result, sections=sections)


def record_from_cards(case: Case, table: TableState, lines: list[str]) -> bool:
    """Whether a board's cards give the record ``lines`` back whole: read back, a game without
    the record section is its cards standing in the order played (``table``: the record
    replayed), the ``remaining`` line its TricksAfter tag carries, and the attention line the
    reader is given (``--attention SEAT``). A record with any other line (a call of dummy's
    card, an exposed, fifth or simultaneous card, a choice after the attention line, a
    finding, a claim), or whose cards do not stand as played, is not."""
    cards = [f"{seat} {card}" for trick in _standing_tricks(case, table) for seat, card in trick]
    remaining = carried_remaining(case, table)
    if remaining is not None:
        cards.append(str(remaining))
    last = lines[-1].split() if lines else []
    return lines[:-1] == cards and len(last) == 2 and last[0] == "attention"


def record_whole(case: Case, table: TableState, lines: list[str], claims: list[str], fmt: str) -> bool:
    """Whether a board of ``fmt`` (``pbn``, ``lin``) gives the record ``lines`` whole in its
    record section (PBN) or pairs (LIN), read back in preference to its cards: a record with
    claims (they are the record's), one its cards do not give back (:func:`record_from_cards`),
    and for LIN one whose cards standing LIN cannot hold as played (:func:`lin_play_refusal`:
    a player's second card to a trick, a trick short of a card before the next one's)."""
    if claims or not record_from_cards(case, table, lines):
        return True
    return fmt == "lin" and lin_play_refusal(case) is not None


def record_lin(rec: dict[str, Any], board: int) -> str:
    """A record as one LIN board numbered ``board`` (:func:`case_lin`), without a line break,
    the record and its claims in the board's record pairs where its cards do not give it back
    (:func:`record_whole`). Raises CaseFileError for a record LIN cannot hold
    (:func:`lin_start_refusal`: one starting after trick 1, or in parts)."""
    claims = [str(claim) for claim in rec["case"].get("expect") or []]
    return case_lin(_record_case(rec), str(rec["id"]), [str(line) for line in rec["case"]["play"]], rec.get("ruling"), board,
                    claims=claims, whole=True)


def parts_refusal(case: Case) -> str | None:
    """Why ``case`` cannot be written as one PBN game or LIN board of its record, or None: a
    record played on after a ruling (a ``resume`` line) is several play sequences, each ruled
    at its ``attention`` and the next played on from the position as ruled (cards withdrawn,
    penalty cards played later), and a board holds one: writing the cards standing at the
    first ``attention`` would drop the rest, and writing every card of the record in order
    would give a play that never stood on the table (docs/pbn-lin.md)."""
    resume = next((e for e in case.events if isinstance(e, Resume)), None)
    if resume is None:
        return None
    where = f" at {case.file}:{resume.line}" if case.file and resume.line is not None else ""
    return (f"its record is played on after a ruling ('resume'{where}): a board holds one play sequence, and the cards "
            "of the parts after it stand on a table as ruled, not as played; the JSON lines and YAML forms hold it")


def lin_refusal(case: Case) -> str | None:
    """Why ``case`` cannot be written as a LIN board, or None: LIN's ``md`` pair gives whole
    hands and the opening lead is declarer's left-hand opponent's, so a record starting after
    trick 1 (its deal is the cards left then) or with another seat on lead to trick 1 cannot
    be written; nor a record in parts (:func:`parts_refusal`), nor one whose cards standing
    would not read back as the same play (:func:`lin_play_refusal`)."""
    start = lin_start_refusal(case)
    return start if start is not None else lin_play_refusal(case)


def lin_start_refusal(case: Case) -> str | None:
    """Why ``case`` cannot be written as a LIN board whatever its cards, or None: a record in
    parts (:func:`parts_refusal`), one starting after trick 1, or with another seat than
    declarer's left-hand opponent on lead to trick 1 (:func:`lin_refusal`)."""
    parts = parts_refusal(case)
    if parts is not None:
        return parts
    if case.trick > 1:
        return (f"it starts at trick {case.trick} and its deal is the cards left then; LIN's md pair gives the 13 cards "
                "of each hand (LIN has no end position)")
    if case.first_leader is not case.declarer.lho:
        return f"{case.first_leader} is on lead to trick 1; LIN gives the opening lead to declarer's left-hand opponent"
    return None


def lin_play_refusal(case: Case) -> str | None:
    """Why the cards standing when attention was drawn (:func:`_standing_tricks`) cannot be
    written as ``pc`` pairs that read back as the same play, or None: a record whose cards,
    applied in the order played, are no one play of the deal (a card taken back, then played
    again), a trick holding two cards of one player (a card put down with another, or before
    its turn and left standing), a trick short of a card followed by the next trick's card
    (:func:`rulings.models.boardfile.lin_play_problem`). LIN has no pair for a card taken
    back or put down out of its place: such a board would be refused on reading, or read as
    another play."""
    from rulings.models.boardfile import lin_play_problem
    from rulings.models.errors import RulingError

    try:
        tricks = _standing_tricks(case)
    except RulingError as err:
        where = f"line {err.line}: " if err.line is not None else ""
        return (f"its cards, applied in the order played, are no one play of the deal ({where}{err.message}): a LIN board "
                "is one sequence of cards, each played once, and has no pair for a card taken back")
    trumps = case.contract.trumps.value if case.contract.trumps is not None else None
    problem = lin_play_problem(case.deal, str(case.declarer), trumps, tricks)
    if problem is None:
        return None
    return (f"the cards standing when attention was drawn, in the order played, do not make LIN tricks: {problem}; LIN has "
            "no pair for a card put down out of its place")


def case_lin(case: Case, name: str, lines: list[str], ruling: dict[str, Any] | None = None, board: int = 1, *,
             claims: list[str] | None = None, whole: bool = False) -> str:
    """``case`` as one LIN board numbered ``board`` (:func:`rulings.models.boardfile.lin_board`),
    without a line break: its deal, a shortest auction to its contract and declarer, the
    cards standing in the played position when attention was drawn in the order they were
    played (the irregular ones unmarked: LIN has no revoke or lead-out-of-turn marker), and
    as ``nt`` commentary what LIN has no pair for: the edition of the Laws, the decision
    switches differing from the defaults and the penalty cards in force (``bridge-rulings Laws
    2007``, ``bridge-rulings Decisions revoke_transfer_capped=off``, ``bridge-rulings
    PenaltyCards ...``, read back), the case's ``name`` and title, its record ``lines`` (calls, exposures, the
    attention line, choices after it), and the ``ruling`` (the JSON of ``solve --json``)
    when given. With ``whole`` (a test set's record), a record its cards do not give back, or
    with ``claims``, is also written line for line in the board's record pairs, and its
    claims in its claim pairs (:func:`record_whole`; ``nt|bridge-rulings Record S calls SQ|``,
    ``nt|bridge-rulings Expect count 2|``), read back in preference to the cards, which then
    stop where LIN cannot hold them as played
    (:func:`rulings.models.boardfile.lin_tricks`). Raises CaseFileError for a case LIN
    cannot hold (:func:`lin_refusal`; with ``whole``, :func:`lin_start_refusal`)."""
    from rulings.models.boardfile import LIN_EXPECT, LIN_RECORD, lin_board, lin_tricks, start_tags

    claims = claims or []
    why = lin_start_refusal(case) if whole else lin_refusal(case)
    if why is not None:
        raise CaseFileError(f"{name} cannot be written as a LIN board: {why}", file=case.file if case.file != name else None)
    table = case.replay().table
    tricks = _standing_tricks(case, table)
    after, result = play_end(case, table)
    rows: list[tuple[str, list[str]]] = []
    whole = whole and record_whole(case, table, lines, claims, "lin")
    if whole:
        rows.append((LIN_RECORD, lines))
        trumps = case.contract.trumps.value if case.contract.trumps is not None else None
        shown = lin_tricks(case.deal, str(case.declarer), trumps, tricks)
        if shown != tricks:  # (the cards stop where LIN cannot hold them: no count after them)
            tricks, after = shown, []
    if whole and claims:
        rows.append((LIN_EXPECT, claims))
    return lin_board(deal=case.deal.format(), contract=str(case.contract), declarer=str(case.declarer),
                     tricks=tricks, board=board, commentary=case_notes(case, name, lines, ruling, whole=whole),
                     tags=[*start_tags(case.won, [str(pc) for pc in case.penalty], case.trick, case.laws, turned_switches(case)),
                           *after], result=result, rows=rows)


def turned_switches(case: Case) -> dict[str, bool]:
    """The decision switches ``case`` is ruled under that differ from the defaults, by name
    (what its ``Decisions`` tag or LIN field says: read back, the board is ruled under them)."""
    from rulings.solver.config import decisions_for, differing

    return differing(decisions_for(case))


def _record_case(rec: dict[str, Any]) -> Case:
    """The case of a record, built from its mapping as the case file it is would read
    (:func:`rulings.models.case.parse_case`, its decision switches checked), without writing
    it as YAML and reading it back: the mapping is the generator's own, so what the hardened
    reader guards against (sizes, aliases, duplicate keys) cannot be in it; the case has no
    line numbers, which the PBN game and LIN board do not carry."""
    from rulings.models.case import parse_case
    from rulings.solver.casefile import checked

    return checked(parse_case(rec["case"], file=str(rec["id"])))


def _standing_tricks(case: Case, table: TableState | None = None) -> list[list[tuple[str, str]]]:
    """The cards standing in the played position when attention was drawn (``table``, the
    record replayed, when given), trick by trick, each as ``(seat, card)`` in the order played."""
    table = case.replay().table if table is None else table
    return [[(str(s), str(c)) for s, c in t.plays] for t in table.tricks]


def carried_remaining(case: Case, table: TableState) -> Remaining | None:
    """The record's ``remaining NS n EW m`` line when a board carries it (:func:`play_end`):
    before the ``attention`` line (play went on to the end before attention), its tricks
    those after the cards standing (``table``), four a trick from the record's first, as
    the reader counts them. A count given after ``attention``, or one that counts a trick
    the cards standing leave short (a trick quitted with three cards, 67; cards put down
    together), is not carried: the commentary says so (:func:`case_notes`)."""
    for event in case.first_segment:
        if isinstance(event, Attention):
            return None
        if isinstance(event, Remaining):
            cards = sum(len(t.plays) for t in table.tricks)
            return event if event.ns + event.ew == 14 - case.trick - cards // 4 else None
    return None


def play_end(case: Case, table: TableState) -> tuple[list[tuple[str, str]], int | None]:
    """How play ended, as a board carries it: the :data:`rulings.models.boardfile.AFTER_TAG`
    tag (``[TricksAfter "NS 1 EW 0"]``; LIN: its commentary pair) of a record whose play went
    on to the end with the tricks after its last card counted (its ``remaining NS n EW m``
    line, read back as that line: Law 64 counts to the end of play), and the tricks
    declarer's side took in all (PBN's ``Result``, LIN's ``mc``) when play ended (that line,
    or all 13 tricks played) and the record gives the tricks won before its first trick;
    ``table`` is the record replayed. No tag and None otherwise (a claim is ruled, not
    counted)."""
    from rulings.models import Side
    from rulings.models.boardfile import AFTER_TAG

    remaining = carried_remaining(case, table)
    tags = [(AFTER_TAG, f"NS {remaining.ns} EW {remaining.ew}")] if remaining is not None else []
    complete = sum(1 for t in table.tricks if t.is_complete)
    if (remaining is None and case.trick - 1 + complete < 13) or sum(case.won) != case.trick - 1:
        return tags, None
    side = case.declarer.side
    after = 0 if remaining is None else remaining.ns if side is Side.NS else remaining.ew
    return tags, table.tricks_won()[side] + after


def case_notes(case: Case, name: str, lines: list[str], ruling: dict[str, Any] | None, *, whole: bool = False) -> list[str]:
    """The commentary of a case written as a PBN game or LIN board: its name and title, its
    record ``lines``, for a record starting after trick 1 the trick, leader and tricks won
    before, what of the record the board does not carry (a ``remaining`` count its cards would
    not read back with, a claim), and the lines of the ``ruling`` when given
    (:func:`ruling_notes`). With ``whole`` the board carries the record line for line (its
    record section or pairs): nothing goes uncarried."""
    notes = [f"Case {name}" + (f": {case.title}" if case.title else ""), "Record: " + "; ".join(lines)]
    if case.trick > 1:
        won = f", tricks won before: NS {case.won[0]} EW {case.won[1]}" if any(case.won) else ""
        notes.append(f"The record starts at trick {case.trick}, {case.first_leader} to lead{won}; the deal is the cards left then")
    remaining = next((e for e in case.first_segment if isinstance(e, Remaining)), None)
    if remaining is not None and not whole and carried_remaining(case, case.replay().table) is None:
        notes.append(f"Not carried: '{remaining}': read back, it would not count the tricks after the cards standing "
                     "(it follows the attention line, or counts a trick they leave short); play stops at the last card "
                     "and no Law 64 transfer is made")
    claim = next((e for e in case.first_segment if isinstance(e, ClaimTricks)), None)
    if claim is not None and not whole:
        notes.append(f"Not carried: the claim '{claim}': PBN and LIN have no syntax for it; read back, play stops at its "
                     "last card, the claim is not ruled and no Law 64 transfer is made")
    if ruling is not None:
        notes += ruling_notes(ruling)
    return notes


#: how PBN commentary names each kind of notice (``notices[].kind``, docs/json-output.md); a
#: notice's ``line`` is a line of the case written alone, no line of the PBN file, and is left out
NOTICE_LABELS = {"not_ruled": "Not ruled", "unsettled": "Not settled", "no_restoration": "No restoration",
                 "no_irregularity": "No irregularity", "remark": "Remark"}


def ruling_notes(ruling: dict[str, Any]) -> list[str]:
    """The JSON of ``solve --json`` as lines of commentary: one for the ruling (its edition and
    the decision switches it was made under that differ from the defaults, then its
    irregularities and notices), one a restoration."""
    count, found = ruling["count"], ruling.get("found", ruling["count"])
    from rulings.solver.config import decisions_words

    turned = ruling.get("decisions") or {}
    under = f"Laws {ruling['ruleset']}" + (f"; decisions {decisions_words(turned)}" if turned else "")
    head = f"Expected ruling ({under}): {found} restoration(s)" + (f", the first {count} listed" if found > count else "")
    if ruling.get("budget", {}).get("exhausted"):
        head += " (stopped at the node budget: not complete)"
    out = [head + "".join(f". Irregularity: {i}" for i in ruling["irregularities"])
           + "".join(f". {NOTICE_LABELS.get(n.get('kind', ''), 'Remark')}: {n['text']}" for n in ruling["notices"])]
    for r in ruling["restorations"]:
        parts = [f"{step['clause']} {step['actor']['text']}: {step['text']}" for step in r["path"]]
        parts += [f"finding {f}" for f in r["findings"]]
        parts += [f"withdrawn {w['seat']} {w['card']}" for w in r["withdrawn"]]
        parts += [f"penalty card {p['seat']} {p['card']} {p['kind']}" for p in r["penalty_cards"]]
        parts += [f"{i['seat']} {i['card']} unauthorized to {i['unauthorized']}" for i in r["ledger"]]
        parts += [f"restriction {x['text']}" for x in r["restrictions"]]
        if r.get("lead"):
            parts.append(f"next to lead {r['lead']}")
        if r.get("transfer") is not None:
            parts.append(f"transfer {r['transfer']}")
        if r.get("equity"):
            parts.append("equity (64C)")
        out.append(f"Restoration {r['number']}: " + "; ".join(parts))
    return out


def random_record_text(job: tuple[str, int, int, str, bool, bool, str] | tuple[str, int, int, str, bool, bool, str, bool]
                       | tuple[str, int, int, str, bool, bool, str, bool, tuple[tuple[str, bool], ...]]) -> str:
    """Worker task: case ``index`` of a random batch, as serialized text (the optional
    eighth item: the case carries its ``count N`` claim; the ninth: the decision switches
    the case sets, name and value, in its ``decisions`` field)."""
    kind, seed, index, edition, full_hand, with_ruling, fmt = job[:7]
    with_count = bool(job[7]) if len(job) > 7 else False
    decisions = job[8] if len(job) > 8 else ()
    mapping = with_decisions(random_kind_case(kind, case_seed(seed, index), edition=edition, full_hand=full_hand), decisions)
    return serialize(record(f"{kind}-{seed}-{index:04d}", mapping, with_ruling, with_count), fmt, index + 1)


def mapping_record_text(job: tuple[str, dict[str, Any], bool, str] | tuple[str, dict[str, Any], bool, str, int]
                        | tuple[str, dict[str, Any], bool, str, int, bool]) -> str:
    """Worker task: a given case mapping (an exhaustive set's), as serialized text (the
    optional fifth item is its board number in a PBN file, the sixth whether the case
    carries its ``count N`` claim)."""
    name, mapping, with_ruling, fmt = job[:4]
    board = job[4] if len(job) > 4 else 1
    with_count = bool(job[5]) if len(job) > 5 else False
    return serialize(record(name, mapping, with_ruling, with_count), fmt, int(board))


# ----- exhaustive sets -------------------------------------------------------------------------------
class PlayedDeal:
    """A deal, contract and declarer with a lawful play from trick 1 (up to 52 cards)."""

    def __init__(self, deal: Deal, contract: Contract, declarer: Seat, plays: list[tuple[Seat, Card]], edition: str,
                 decisions: dict[str, bool] | None = None) -> None:
        self.deal = deal
        self.contract = contract
        self.declarer = declarer
        self.plays = plays
        self.edition = edition
        #: the decision switches each case of the set sets (its ``decisions`` field)
        self.decisions: dict[str, bool] = dict(decisions or {})

    @classmethod
    def random(cls, seed: int, edition: str = "2017") -> PlayedDeal:
        """A random deal played out lawfully to the end (reproducible from ``seed``)."""
        rng = random.Random(f"bridge-rulings/exhaustive/{seed}")
        deck = list(DECK)
        rng.shuffle(deck)
        contract = _random_contract(rng)
        declarer = rng.choice(SEATS)
        hands = {seat: set(deck[13 * i : 13 * i + 13]) for i, seat in enumerate(SEATS)}
        deal = Deal.from_hands({s: Hand.of(hands[s]) for s in SEATS})
        sim = _Sim(declarer, contract.trumps, hands, declarer.lho)
        plays = [sim.play_lawful(rng) for _ in range(52)]
        return cls(deal, contract, declarer, plays, edition)

    @classmethod
    def of_case(cls, case: Case) -> PlayedDeal:
        """The deal and the lawful plays of a case file that starts at trick 1; its record is
        read up to the first line that is not a plain lawful play. The decision switches the
        case sets are set in each case of the set."""
        if case.trick != 1 or case.penalty:
            raise CaseFileError("an exhaustive set needs a record from trick 1 with no penalty card in force", file=case.file)
        sim = cls._sim(case.deal, case.contract, case.declarer)
        plays: list[tuple[Seat, Card]] = []
        for event in case.events:
            if not isinstance(event, Play) or event.seat is not sim.on_play or event.card not in sim.lawful(event.seat):
                break
            sim.play(event.seat, event.card)
            plays.append((event.seat, event.card))
        from rulings.solver.config import switch_named

        decisions = {switch_named(s.name) or s.name: s.value for s in case.decisions}
        return cls(case.deal, case.contract, case.declarer, plays, case.laws, decisions)

    @staticmethod
    def _sim(deal: Deal, contract: Contract, declarer: Seat) -> _Sim:
        hands = {s: set(deal.hands[s.index].cards) for s in SEATS}
        return _Sim(declarer, contract.trumps, hands, declarer.lho)

    def positions(self) -> Iterator[tuple[int, _Sim]]:
        """The table before each play of the record (and after the last), with its index."""
        sim = self._sim(self.deal, self.contract, self.declarer)
        for i in range(len(self.plays) + 1):
            yield i, sim
            if i < len(self.plays):
                sim.play(*self.plays[i])

    def mapping(self, lines: list[str], title: str) -> dict[str, Any]:
        return with_decisions({
            "title": title,
            "laws": int(self.edition),
            "deal": self.deal.format(Seat.N),
            "contract": str(self.contract),
            "declarer": str(self.declarer),
            "play": lines,
        }, self.decisions)


def exhaustive_cases(kind: str, played: PlayedDeal) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every irregularity of ``kind`` at every point of ``played`` (see the module docstring),
    as ``(name, case mapping)`` pairs in play order."""
    if kind not in EXHAUSTIVE_KINDS:
        raise GenerationError(f"--exhaustive enumerates {', '.join(EXHAUSTIVE_KINDS)}; not {kind}")
    declarer = played.declarer
    dummy = declarer.partner
    n = 0
    for i, sim in played.positions():
        before = [f"{s} {c}" for s, c in played.plays[:i]]
        trick = sim.trick_number
        for offender, lines, what in _irregularities(kind, sim, played, i, declarer, dummy):
            n += 1
            body = [*before, *lines, f"attention {offender.lho}"]
            yield f"{kind}-exhaustive-{n:05d}", played.mapping(body, f"Exhaustive {kind}: {what} on trick {trick}")


def _irregularities(kind: str, sim: _Sim, played: PlayedDeal, i: int, declarer: Seat,
                    dummy: Seat) -> Iterator[tuple[Seat, list[str], str]]:
    """(offender, play lines, description) of each irregularity of ``kind`` at this point."""
    if sim.trick_number > 13:
        return
    seat = sim.on_play
    cur = sim.current
    hand = sorted(sim.hands[seat])
    if kind == "revoke" and cur:
        led = cur[0][1].suit
        if any(c.suit is led for c in hand):
            for card in hand:
                if card.suit is not led:
                    yield seat, [f"{seat} {card}"], f"{seat} revokes with {card}"
    elif kind == "misplay" and seat is dummy and i < len(played.plays):
        called = played.plays[i][1]
        for card in hand:
            if card != called:
                yield declarer, [f"{declarer} calls {called}", f"{dummy} {card}"], f"dummy {dummy} places {card} for {called}"
    elif kind == "exposure":
        for defender in (declarer.lho, declarer.rho):
            cards = sorted(sim.hands[defender])
            if len(cards) < 2:
                continue
            for card in cards:
                for facts in _EXPOSURE_FACTS:
                    if defender is seat and not {"not_visible_to_partner", "dropped"} & set(facts):
                        continue  # shown by the player on play so partner could see it: played (45C1)
                    yield defender, [f"{defender} exposes {card} {' '.join(facts)}"], f"{defender} exposes {card} ({', '.join(facts)})"
    elif kind == "lead" and not cur and sim.trick_number > 1:
        for other in SEATS:
            if other is seat:
                continue
            for card in sorted(sim.hands[other]):
                offender = declarer if other is dummy else other
                yield offender, [f"{other} {card}"], f"{other} leads {card} out of turn ({seat} to lead)"
    elif kind == "fifth" and not cur and sim.trick_number > 1:
        for other in SEATS:
            if other is dummy:
                continue
            for card in sorted(sim.hands[other]):
                yield other, [f"{other} plays {card} fifth"], f"{other} puts {card} on the finished trick"
    elif kind == "simultaneous" and i < len(played.plays):
        done = {s for s, _ in cur}
        on_turn = played.plays[i]
        for other in SEATS:
            if other in (seat, dummy) or other in done:
                continue
            for card in sorted(sim.hands[other]):
                yield other, [f"{on_turn[0]} {on_turn[1]}", f"{other} plays {card} simultaneous"], \
                    f"{other} plays {card} with {on_turn[0]}'s {on_turn[1]}"
