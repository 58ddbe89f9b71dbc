"""The cases of a file, whatever holds them: a case file, a test set of ``rulings generate``
(JSON lines records, a YAML stream of records), or the games of a PBN or LIN file.

Each is read by the package's own reader: test-set records by :func:`score.read_records`
(JSON lines) and :func:`casefile.iter_documents` (YAML stream), each record's ``case`` by
:func:`rulings.models.case.parse_case`, board files by :func:`rulings.models.boardfile.iter_board_cases`
(each game as ``rulings solve FILE --game K`` reads it), case files by :func:`casefile.load`.

A file that cannot be read as any of them raises :class:`CaseFileError` (located: file, line,
token). Inside a test set or a board file, a record or game that cannot be read is yielded as
its error (its name and line in the message) and the others are still read. A game of a
board file with nothing to rule on (no contract: passed out, a deal alone, an auction not
finished; or a contract and no card played: a results file's line) is yielded as passed
over, saying why (:data:`NO_CONTRACT`, :data:`NO_PLAY`), neither a case nor an error.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rulings.models.case import Case, NodePath, parse_case
from rulings.models.dataclass import dataclass
from rulings.models.errors import CaseFileError, RulingError
from rulings.solver.casefile import checked, iter_documents, load

#: the suffixes of board files (PBN, LIN)
BOARD_SUFFIXES = (".pbn", ".lin")
#: the suffix of JSON lines test sets
JSONL_SUFFIX = ".jsonl"
#: why a game of a board file is passed over (:attr:`Item.passed_over`): it has no contract
#: (passed out, a deal alone, an auction not finished), or a contract and no card played
NO_CONTRACT = "no contract"
NO_PLAY = "no play"


@dataclass
class Item:
    """One case of a file: its name (the file; ``FILE#ID`` for a record of a test set,
    ``FILE#N`` for board N of a board file), the case or the error that stops it, and for a
    record or a game what names it in an error (``record 'x', case``, ``board 3``) and its
    line (an error of its ruling is located with them: :meth:`located`). A game of a board file
    with nothing to rule on has neither case nor error but ``passed_over``, why
    (:data:`NO_CONTRACT`, :data:`NO_PLAY`)."""

    name: str
    file: str
    case: Case | None = None
    error: RulingError | None = None
    label: str | None = None
    line: int | None = None
    passed_over: str = ""

    def located(self, err: RulingError) -> RulingError:
        """An error of this case's ruling, located in its file (and named by its record or game)."""
        return named(err, self.label, self.file, self.line)


def is_board_file(path: str | Path) -> bool:
    """Whether ``path`` is read as a board file (PBN, LIN): by its suffix."""
    return Path(path).suffix.lower() in BOARD_SUFFIXES


def file_cases(path: str | Path) -> Iterator[Item]:
    """The cases of ``path`` (a case file, a test set or a board file), one at a time.

    Raises CaseFileError for a file none of the readers reads (for a case file: its own
    error, with the hint of :func:`casefile.load`)."""
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix == JSONL_SUFFIX:
        yield from _set_cases(p)
    elif suffix in BOARD_SUFFIXES:
        yield from _board_cases(p)
    else:
        try:
            case = load(p)
        except CaseFileError:
            from rulings.solver.casefile import is_test_set_stream

            if not is_test_set_stream(p):
                raise
            yield from _set_cases(p)
            return
        yield Item(str(p), str(p), case)


def record_case(rec: dict[str, Any], file: str, line: int, lines: dict[NodePath, int] | None = None) -> Case:
    """The case of a test-set record (read at ``line`` of ``file``; ``lines``: the file line of
    each node of the record, when known). Raises RulingError naming the record; an error
    inside the case is located at its own line when known, else at the record's."""
    rid = str(rec.get("id"))
    data = rec.get("case")
    if not isinstance(data, dict):
        shown = "missing" if data is None else type(data).__name__
        raise CaseFileError(f"record {rid!r}: 'case' is {shown}: expected the case mapping", file=file, line=line,
                            token="case")
    inner = {k[1:]: n for k, n in (lines or {}).items() if k[:1] == ("case",)}
    try:
        return checked(parse_case(data, file=file, lines=inner or None))
    except RulingError as err:
        raise named(err, f"record {rid!r}, case", file, line) from None


def is_test_set_file(path: str | Path) -> bool:
    """Whether ``path`` is a test set of ``rulings generate`` (JSON lines records, or a YAML
    stream of records): a ``.jsonl`` file, or a file whose first document is a record."""
    from rulings.solver.casefile import is_test_set

    return Path(path).suffix.lower() == JSONL_SUFFIX or is_test_set(path)


def record_at(path: str | Path, number: int) -> Case:
    """The case of record ``number`` (counted from 1 in file order) of the test set ``path``
    (``rulings solve SET --board N``). Raises CaseFileError for a number past the last record,
    saying how many the set holds, and RulingError (located, naming the record) for a record
    whose case does not read."""
    return record_mapping_at(path, number)[1]


def record_mapping_at(path: str | Path, number: int) -> tuple[dict[str, Any], Case]:
    """Record ``number`` of the test set ``path`` (as :func:`record_at`): its case mapping as
    the file gives it, and the case read from it (``rulings new SET --board N``)."""
    p = Path(path)
    found = 0
    if p.suffix.lower() == JSONL_SUFFIX:
        from rulings.solver.score import read_records

        for n, rec in read_records(p):
            found += 1
            if found == number:
                case = record_case(rec, str(p), n)  # (first: its error for a record with no case mapping)
                return rec["case"], case
    else:
        for start, rec, lines in iter_documents(p):
            if not isinstance(rec, dict) or "id" not in rec:
                raise CaseFileError("a test-set record is a mapping with an 'id' and a 'case' (generate --format yaml)",
                                    file=str(p), line=start)
            found += 1
            if found == number:
                case = record_case(rec, str(p), start, lines)
                return rec["case"], case
    held = "no record" if found == 0 else "1 record" if found == 1 else f"{found} records"
    raise CaseFileError(f"--board {number}: the test set holds {held} (--board N is the N-th record, from 1)",
                        file=str(p), line=None, token=str(number))


def named(err: RulingError, label: str | None, file: str, line: int | None) -> RulingError:
    """``err`` said of ``label`` (``record 'x', case``: ``record 'x', case: bad card ...``), at
    ``line`` of ``file`` when it has no line of its own."""
    if label is not None and not err.message.startswith(label):
        err.message = f"{label}: {err.message}"
        err.args = (err.message,)
    return err.located(file=file, line=line)


def set_records(p: Path) -> Iterator[tuple[str, int, dict[str, Any], dict[NodePath, int] | None]]:
    """The records of the test set ``p`` (JSON lines, or a YAML stream of records), one at a
    time: each record's id, its line, the record and (YAML) the line of each of its nodes.
    Raises CaseFileError (located) for a line or document that is no record and for an id
    given twice."""
    if p.suffix.lower() == JSONL_SUFFIX:
        from rulings.solver.score import read_records

        for n, rec in read_records(p):
            yield str(rec["id"]), n, rec, None
        return
    seen: dict[str, int] = {}
    for start, rec, lines in iter_documents(p):
        if not isinstance(rec, dict) or "id" not in rec:
            raise CaseFileError("a test-set record is a mapping with an 'id' and a 'case' (generate --format yaml)",
                                file=str(p), line=start)
        rid = str(rec["id"])
        first = seen.setdefault(rid, start)
        if first != start:
            raise CaseFileError(f"duplicate id {rid!r} (lines {first} and {start}): each case has one record", file=str(p),
                                line=lines.get(("id",), start), token=rid)
        yield rid, start, rec, lines


def set_item(p: Path, rid: str, line: int, rec: dict[str, Any], lines: dict[NodePath, int] | None) -> Item:
    """The case of one record of the test set ``p`` (:func:`set_records`), named ``FILE#ID``:
    its case, or the error that stops it (naming the record)."""
    label = f"record {rid!r}, case"
    try:
        return Item(f"{p}#{rid}", str(p), record_case(rec, str(p), line, lines), label=label, line=line)
    except RulingError as err:
        return Item(f"{p}#{rid}", str(p), error=err, label=label, line=line)


def _set_cases(p: Path) -> Iterator[Item]:
    for rid, line, rec, lines in set_records(p):
        yield set_item(p, rid, line, rec, lines)


def _board_cases(p: Path) -> Iterator[Item]:
    from rulings.models.boardfile import EXPECT_TAG, LIN_EXPECT, NoContractError, iter_board_cases
    from rulings.models.events import Attention
    from rulings.solver.claims import parse_claim

    for number, line, data, lines in iter_board_cases(p, fallback="TD"):
        name = f"{p}#{number}" if number is not None else f"{p}:{line}"
        label = f"board {number}" if number is not None else None
        if isinstance(data, NoContractError) and not data.played:
            yield Item(name, str(p), label=label, line=line, passed_over=NO_CONTRACT)
            continue
        if isinstance(data, RulingError):
            yield Item(name, str(p), error=data.located(file=str(p), line=line), line=line)
            continue
        try:  # (the switches of its Decisions tag checked as a case file's, at the tag's line)
            case = checked(parse_case(data, file=str(p), lines=lines or None))
        except RulingError as err:
            yield Item(name, str(p), error=named(err, label, str(p), line), label=label, line=line)
            continue
        try:  # (its claims, a PBN game's ExpectTable section or a LIN board's claim pairs, checked as verify reads them)
            for claim in case.expect:
                where = f"tag {EXPECT_TAG}" if p.suffix.lower() != ".lin" else f"LIN pair nt|bridge-rulings {LIN_EXPECT} {claim.text}|"
                parse_claim(claim.text, line=claim.line, edition=case.laws)
        except RulingError as err:
            err.message = f"{where}: {err.message}"
            err.args = (err.message,)
            yield Item(name, str(p), error=named(err, label, str(p), line), label=label, line=line)
            continue
        if not case.penalty and all(isinstance(e, Attention) for e in case.events):  # (the attention read adds)
            yield Item(name, str(p), label=label, line=line, passed_over=NO_PLAY)
            continue
        yield Item(name, str(p), case, label=label, line=line)
