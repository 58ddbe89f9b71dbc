"""Check a case's ``expect`` claims against every restoration the solver finds."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from dataclasses import field
from pathlib import Path
from typing import Any

from rulings.models.case import Case, DecisionSetting, NodePath
from rulings.models.dataclass import dataclass
from rulings.models.errors import BudgetError, CaseFileError, RulingError
from rulings.solver.casefile import OTHER_FILES, iter_case_files, load
from rulings.solver.claims import ClaimResult, check, parse_claim
from rulings.solver.engine import Restoration
from rulings.solver.readsets import Item
from rulings.solver.ruling import Ruling
from rulings.solver.summary import distinct


@dataclass
class CaseReport:
    """The outcome of verifying one case file."""

    file: str
    case: Case | None = None
    ruling: Ruling | None = None
    restorations: list[Restoration] = field(default_factory=list)
    results: list[ClaimResult] = field(default_factory=list)
    error: RulingError | None = None
    #: a failure of the solver itself on this file (a bug, not the input's fault), in words
    crash: str | None = None

    @property
    def passed(self) -> int:
        return sum(1 for r in self.results if r.passed)

    @property
    def failed(self) -> int:
        return sum(1 for r in self.results if not r.passed) + (1 if self.error is not None or self.crash is not None else 0)


def verify_case(case: Case, budget: int | None = None) -> CaseReport:
    """Enumerate the case's restorations and check each claim.

    Raises RulingError (located) for a claim that cannot be parsed, and BudgetError for a
    ruling that needs more than ``budget`` expanded nodes (its claims cannot be decided on a
    part of it).
    """
    ruling = Ruling(case)
    claims = [parse_claim(c.text, line=c.line, edition=case.laws) for c in case.expect]
    restorations = distinct(ruling.restorations(budget=budget))
    if ruling.exhausted:
        raise BudgetError(
            f"the ruling needs more than {budget} expanded nodes ({len(restorations)} restorations found so far): "
            "its claims cannot be decided; raise --budget", file=case.file, line=1, token=str(budget))
    report = CaseReport(case.file or "<case>", case, ruling, restorations)
    report.results = [check(c, restorations) for c in claims]
    if not restorations and not any(c.quantifier == "count" and c.count == 0 for c in claims):
        report.results = [_vacuous(r, ruling) for r in report.results]
    return report


def _vacuous(result: ClaimResult, ruling: Ruling) -> ClaimResult:
    """A claim checked over no restoration, in a case that does not say ``count 0``: failed,
    with the note that says why there is none (an ``always:`` or ``never:`` claim holds of
    the empty set, but a ruling the Laws do not allow is not one it describes)."""
    why = next((n for n in ruling.notices if n.kind == "no_restoration"), None)
    where = f"the note of line {why.line}" if why is not None and why.line is not None else "the note above"
    message = "there is no restoration to check it on" + (f": see {where}" if why is not None else "")
    if result.claim.quantifier == "count":
        message = f"{result.message}; {message}"
    return ClaimResult(result.claim, False, message)


def verify_paths(paths: list[str | Path], budget: int | None = None,
                 decisions: tuple[DecisionSetting, ...] = ()) -> Iterator[CaseReport]:
    """Verify every case file under ``paths``; a broken file yields a report with ``error``,
    a ruling past ``budget`` expanded nodes one with a BudgetError. ``decisions``: switches
    set on the command line, over each case's own (``config.with_settings``)."""
    yield from verify_files(iter_case_files(paths), budget, decisions)


def verify_files(files: Iterable[Path], budget: int | None = None,
                 decisions: tuple[DecisionSetting, ...] = ()) -> Iterator[CaseReport]:
    """Verify each case file of ``files`` (taken one at a time), as :func:`verify_paths`."""
    from rulings.solver.config import with_settings
    from rulings.solver.lawful import lawful_cards

    for path in files:
        # each file's ruling is independent: the lawful-card cache (up to 65,536 hands, over
        # 100 MB when full) is emptied between files, so memory stays flat in their number
        lawful_cards.cache_clear()
        try:
            case = with_settings(load(path), decisions)
            yield verify_case(case) if budget is None else verify_case(case, budget)
        except RulingError as err:
            err.located(file=str(path))
            yield CaseReport(str(path), error=err)
        except RecursionError:
            yield CaseReport(str(path), crash="RecursionError (the ruling is too deep)")
        except Exception as err:  # a bug: reported for this file, the others are still verified
            yield CaseReport(str(path), crash=f"{type(err).__name__}: {err}")


# ----- results for printing, for worker processes and for a Dask cluster -----------------------------
@dataclass(frozen=True)
class FileOutcome:
    """What ``verify`` reports of one case file, small and picklable (a worker process or a
    Dask worker sends it back; the ruling itself stays there)."""

    file: str
    status: str  # "ok", "fail", "error" (the input's fault) or "crash" (a bug in bridge-rulings)
    title: str = ""
    claims: int = 0
    restorations: int = 0
    passed: int = 0
    failed: int = 0
    #: (passed, claim line, counterexample or "" ) for each claim, in file order
    lines: tuple[tuple[bool, str, str], ...] = ()
    message: str = ""
    #: the ruling's notes that bear on its claims (:data:`SHOWN_NOTICES`), as ``line N: text``
    notes: tuple[str, ...] = ()
    #: the decision switches it was ruled under that differ from the defaults, in words
    #: (``config.differing_text``), or ""
    decisions: str = ""


#: the kinds of notice ``verify`` prints with a case's claims: a line no rule rules on, a
#: recorded choice no decision took, no restoration, no irregularity found (not the remarks,
#: such as Law 64's "the record stops before the end of play")
SHOWN_NOTICES = frozenset({"not_ruled", "unsettled", "no_restoration", "no_irregularity"})


def outcome(rep: CaseReport) -> FileOutcome:
    """The printable outcome of one report."""
    from rulings.solver.config import differing_text
    from rulings.solver.render import claim_line, restoration_line

    if rep.crash is not None:
        return FileOutcome(rep.file, "crash", failed=1, message=rep.crash)
    if rep.error is not None:
        return FileOutcome(rep.file, "error", failed=1, message=str(rep.error))
    lines = []
    for res in rep.results:
        extra = ""
        if not res.passed:
            if res.counterexample is not None:
                extra = "counterexample: " + restoration_line(res.counterexample)
            elif res.closest is not None:
                extra = "closest: " + restoration_line(res.closest)
        lines.append((res.passed, claim_line(res), extra))
    title = rep.case.title if rep.case is not None and rep.case.title else ""
    notes = tuple(str(n) for n in rep.ruling.notices if n.kind in SHOWN_NOTICES) if rep.ruling is not None else ()
    ruled = differing_text(rep.ruling.ruleset.decisions, rep.case, overrides=True) if rep.ruling is not None else ""
    return FileOutcome(rep.file, "ok" if rep.failed == 0 else "fail", title, len(rep.results), len(rep.restorations),
                       rep.passed, rep.failed, tuple(lines), notes=notes, decisions=ruled)


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}" + ("" if n == 1 else "s")


def file_head(rep: FileOutcome) -> str:
    """The line ``verify`` prints for a case file: its mark, name, claims and restorations.

    >>> file_head(FileOutcome("a.yaml", "ok", "T", claims=1, restorations=1, passed=1))
    'ok   a.yaml: 1 claim, 1 restoration  (T)'
    >>> file_head(FileOutcome("b.yaml", "ok", claims=1, restorations=1, passed=1, decisions="revoke_transfer_capped off"))
    'ok   b.yaml: 1 claim, 1 restoration  [decisions: revoke_transfer_capped off]'
    """
    head = f"{'ok  ' if rep.failed == 0 else 'FAIL'} {rep.file}: {_count(rep.claims, 'claim')}, {_count(rep.restorations, 'restoration')}"
    return head + (f"  ({rep.title})" if rep.title else "") + (f"  [decisions: {rep.decisions}]" if rep.decisions else "")


def verify_summary(files_passed: int, files_failed: int, passed: int, failed: int, errors: int = 0, crashed: int = 0) -> str:
    """The last line of ``verify``: the case files passed and failed, then the claims.

    A file fails when a claim of it fails, when it cannot be read or ruled (an error in the
    input, ``errors``) or on an internal error (``crashed``); the claims of the last two are
    not checked, so not counted.

    >>> verify_summary(441, 1, 2221, 1)
    '442 case files: 441 passed, 1 failed; 2,222 claims: 2,221 passed, 1 failed'
    >>> verify_summary(1, 2, 1, 0, errors=1, crashed=1)
    '3 case files: 1 passed, 2 failed (1 with an error, 1 internal error; their claims not checked); 1 claim: 1 passed, 0 failed'
    """
    why = [f"{errors:,} with an error"] if errors else []
    why += [_count(crashed, "internal error")] if crashed else []
    files = f"{_count(files_passed + files_failed, 'case file')}: {files_passed:,} passed, {files_failed:,} failed"
    if why:
        files += f" ({', '.join(why)}; their claims not checked)"
    return f"{files}; {_count(passed + failed, 'claim')}: {passed:,} passed, {failed:,} failed"


def verify_file(file: str, budget: int | None = None, decisions: tuple[DecisionSetting, ...] = ()) -> FileOutcome:
    """The outcome of one case file (a worker task), its ruling within ``budget`` expanded nodes."""
    return next(outcome(rep) for rep in verify_paths([file], budget, decisions))


#: a record of a test set to verify: the set's file, the record's id and line, the record and
#: (YAML) the line of each of its nodes (:func:`rulings.solver.readsets.set_records`)
SetRecord = tuple[str, str, int, dict[str, Any], dict[NodePath, int] | None]


def verify_record(record: SetRecord, budget: int | None = None, decisions: tuple[DecisionSetting, ...] = ()) -> CaseReport:
    """Verify the case of one record of a test set, reported under ``FILE#ID``: its ``expect``
    claims (``generate --expect-count`` writes ``count N``) checked as a case file's are."""
    from rulings.solver.readsets import set_item

    file, rid, line, rec, lines = record
    return verify_item(set_item(Path(file), rid, line, rec, lines), budget, decisions)


def verify_item(item: Item, budget: int | None = None, decisions: tuple[DecisionSetting, ...] = ()) -> CaseReport:
    """Verify the case of one record of a test set or one game of a board file (``item``),
    reported under its name (``FILE#ID``, ``FILE#N``): its ``expect`` claims checked as a case
    file's are, an error that stops it reported as its own."""
    from rulings.solver.lawful import lawful_cards

    if item.case is None:
        assert item.error is not None
        return CaseReport(item.name, error=item.error)
    lawful_cards.cache_clear()  # (each ruling is independent, as each case file's)
    from rulings.solver.config import with_settings

    case = with_settings(item.case, decisions)
    try:
        rep = verify_case(case) if budget is None else verify_case(case, budget)
    except RulingError as err:
        return CaseReport(item.name, error=item.located(err))
    except RecursionError:
        return CaseReport(item.name, crash="RecursionError (the ruling is too deep)")
    except Exception as err:  # a bug: reported for this record, the others are still verified
        return CaseReport(item.name, crash=f"{type(err).__name__}: {err}")
    rep.file = item.name
    return rep


def verify_task(task: str | SetRecord | Item, budget: int | None = None, decisions: tuple[DecisionSetting, ...] = ()) -> FileOutcome:
    """The outcome of one task of :func:`stream_outcomes` (a worker task): a case file, or a
    record of a test set; ``decisions``: switches set on the command line."""
    if isinstance(task, str):  # (a case file :func:`verify_tasks` found: not looked for again)
        return outcome(next(verify_files([Path(task)], budget, decisions)))
    if isinstance(task, Item):
        return outcome(verify_item(task, budget, decisions))
    return outcome(verify_record(task, budget, decisions))


def verify_tasks(paths: list[str | Path]) -> Iterator[str | SetRecord | Item]:
    """What ``verify`` checks under ``paths``, in order: each case file (directories searched
    recursively, as :func:`iter_case_files`), each record of a test set given by name
    (JSON lines records, a YAML stream of records: ``generate --format jsonl|yaml``), and each
    game of a PBN or LIN file given by name, read as ``rulings solve FILE --game K`` reads it
    (its claims: a PBN game's ExpectTable section; a game with nothing to rule on is passed
    over, as ``coverage`` passes it over).
    Raises CaseFileError for a path that does not exist, before yielding anything, and
    (located) for a test set's line that is no record."""
    from rulings.solver.readsets import BOARD_SUFFIXES, file_cases, is_test_set_file, set_records

    given = [Path(raw) for raw in paths]
    for p in given:
        if not p.exists():
            raise CaseFileError("no such file or directory", file=str(p))
    for p in given:
        if p.is_file() and p.suffix.lower() not in BOARD_SUFFIXES and is_test_set_file(p):
            for rid, line, rec, lines in set_records(p):
                yield str(p), rid, line, rec, lines
        elif p.is_file() and p.suffix.lower() in BOARD_SUFFIXES:
            read = 0
            for item in file_cases(p):
                if not item.passed_over:
                    read += 1
                    yield item
            if not read:
                raise CaseFileError("no game of the file has a record to check (each has no contract or no play): "
                                    f"{OTHER_FILES[p.suffix.lower()].split(': ', 1)[1]}", file=str(p), line=1,
                                    token=p.name)
        else:
            yield from (str(f) for f in iter_case_files([p]))


def stream_outcomes(paths: list[str | Path], jobs: int = 1, scheduler: str | None = None,
                    chunk: int = 64, budget: int | None = None,
                    decisions: tuple[DecisionSetting, ...] = ()) -> Iterator[FileOutcome]:
    """The outcome of every case file under ``paths`` and of every record of a test set given
    by name (:func:`verify_tasks`), in file order, as they come: in this process, in ``jobs``
    worker processes, or on the Dask cluster at ``scheduler`` (chunks of ``chunk`` files or
    records; see :mod:`rulings.solver.parallel`); ``decisions``: switches set on the command
    line, over each case's own. Raises CaseFileError for a path that does not exist."""
    from rulings.solver.parallel import ordered_map

    tasks = verify_tasks(paths)
    task = verify_task if budget is None and not decisions else functools.partial(verify_task, budget=budget,
                                                                                    decisions=decisions)
    yield from ordered_map(task, tasks, jobs=jobs, scheduler=scheduler, chunk=chunk)
