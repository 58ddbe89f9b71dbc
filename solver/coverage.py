"""Which clauses a body of cases exercises: the clauses on the paths of their restorations.

>>> from importlib.resources import files
>>> cov = Coverage()
>>> cov.add(load(str(files("rulings.solver").joinpath("data/example-47d.yaml"))))
>>> rep = cov.report("2017")
>>> "62C2" in rep["by_clause"], "45D1" in rep["uncovered"], "45D1" in rep["unexercised"], "66A" in rep["out_of_scope"]
(True, True, True, True)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulings.models.case import Case, DecisionSetting
from rulings.models.dataclass import dataclass
from rulings.models.errors import RulingError
from rulings.solver.casefile import check_exist, iter_case_files, load  # noqa: F401  (load: the doctest above)
from rulings.solver.clauses import ClauseBook
from rulings.solver.ruling import Ruling

if TYPE_CHECKING:
    from rulings.solver.readsets import Item

EDITIONS = ("2017", "2007")


@dataclass
class Coverage:
    """Clause id -> the case files whose restorations apply it, per edition."""

    used: dict[str, dict[str, set[str]]] = field(default_factory=lambda: {e: defaultdict(set) for e in EDITIONS})
    cases: dict[str, int] = field(default_factory=lambda: dict.fromkeys(EDITIONS, 0))
    errors: list[str] = field(default_factory=list)
    crashes: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: the games of board files passed over, having nothing to rule on (no contract, no play)
    passed_over: list[str] = field(default_factory=list)

    def add(self, case: Case, *, limit: int | None = 10_000, budget: int | None = None, name: str | None = None) -> None:
        """Add the clauses of every restoration of ``case`` (up to ``limit`` of them, within
        ``budget`` expanded nodes: a ruling stopped there is named in ``errors``), listed
        under ``name`` (default: its file)."""
        name = name or case.file or "<case>"
        self.cases[case.laws] += 1
        ruling = Ruling(case)
        for r in ruling.restorations(limit=limit, budget=budget):
            for clause in r.laws:
                self.used[case.laws][clause].add(name)
        if ruling.exhausted:
            self.errors.append(f"{name}:1: the ruling needs more than {budget} expanded nodes: "
                               "the clauses counted are those of the restorations found so far; raise --budget")

    def report(self, edition: str) -> dict[str, Any]:
        book = ClauseBook.load()
        all_ids = book.ids(edition)
        used = self.used[edition]
        covered = [c for c in all_ids if c in used]
        ruled = implemented(edition) | set(used)
        return {
            "edition": edition,
            "cases": self.cases[edition],
            "clauses": len(all_ids),
            "covered": len(covered),
            "by_clause": {c: sorted(used[c]) for c in covered},
            "uncovered": [c for c in all_ids if c not in used],
            # of the clauses no case applies: those a rule of this edition cites (implemented,
            # not exercised by these cases) and those no rule cites (out of scope)
            "unexercised": [c for c in all_ids if c not in used and c in ruled],
            "out_of_scope": [c for c in all_ids if c not in ruled],
        }


def implemented(edition: str) -> set[str]:
    """The clause ids the rules of ``edition`` cite (each rule's ``cites``, in this edition's
    numbering)."""
    from rulings.solver.rulesets import get_ruleset

    rs = get_ruleset(edition)
    return {rs.cite(c) for rule in rs.rules for c in rule.cites}


#: what a board file's games give (:func:`measure`), by its kind: PBN marks an irregular card,
#: LIN gives each card to the player who holds it; a game that gives its record whole (a
#: generated set's RecordTable section, LIN Record pairs) is read as that record
BOARD_NOTES = {
    ".pbn": ("{file}: its games are read as 'rulings solve FILE --game K' reads them: the record of a game that gives it "
             "whole (its RecordTable section, as generate --format pbn writes a record its cards do not give back), else "
             "the cards played (with their ^R and ^L marks), attention drawn by the director; a game's commentary "
             "(calls, exposures, choices PBN has no syntax for, in a file from other software) is not read"),
    ".lin": ("{file}: its games are read as 'rulings solve FILE --game K' reads them: the record of a board that gives it "
             "whole (its nt|bridge-rulings Record ...| pairs, as generate --format lin writes a record its cards do not give "
             "back), else the cards played, each as its holder's (LIN marks no irregular card: a revoke or a lead out of "
             "turn reads as played), attention drawn by the director; a board's other commentary (calls, exposures, "
             "choices LIN has no syntax for) is not read"),
}
#: a file (or directory) given that holds no case and no error (an empty test set)
EMPTY_NOTE = "{path}: no case in it"
#: the games of a board file passed over (:data:`rulings.solver.readsets.NO_CONTRACT`, ``NO_PLAY``)
PASSED_OVER_NOTE = "{file}: {count} passed over, with nothing to rule on: {why}"


def measure(paths: Iterable[str | Path], budget: int | None = None,
            on_error: Callable[[str], None] | None = None, decisions: tuple[DecisionSetting, ...] = ()) -> Coverage:
    """Coverage of every case under ``paths``: case files (directories: their case files), and
    the files of test sets (JSON lines records, YAML streams of records) and board files
    (PBN, LIN) given by name (:func:`rulings.solver.readsets.file_cases`). Unreadable files,
    records and games are listed in ``errors`` (and passed to ``on_error`` as they come),
    cases that make this package fail unexpectedly in ``crashes`` (the others still count);
    the games of a board file with no contract or no card played are passed over, counted in
    a note of ``notes``; a path that gives neither a case, nor an error, nor a game passed
    over (an empty test set) is said in ``notes``.
    ``decisions``: switches set on the command line, over each case's own."""
    cov = Coverage()

    def error(text: str) -> None:
        cov.errors.append(text)
        if on_error is not None:
            on_error(f"error: {text}")

    def crash(text: str) -> None:
        cov.crashes.append(text)
        if on_error is not None:
            on_error(f"CRASH {text}; a bug in bridge-rulings, not in the file")

    given = list(paths)
    check_exist(given)  # (every path, before any is read)
    def tally() -> int:
        return len(cov.errors) + len(cov.crashes) + sum(cov.cases.values()) + len(cov.passed_over)

    for arg in given:
        read = tally()
        for path in iter_case_files([arg]):
            _measure_file(cov, path, budget, error, crash, on_error, decisions)
        if tally() == read:
            cov.notes.append(EMPTY_NOTE.format(path=arg))
    return cov


def _measure_file(cov: Coverage, path: Path, budget: int | None, error: Callable[[str], None],
                  crash: Callable[[str], None], on_error: Callable[[str], None] | None,
                  decisions: tuple[DecisionSetting, ...] = ()) -> None:
    """Add the cases of the file ``path`` to ``cov`` (:func:`measure`)."""
    from rulings.solver.config import with_settings
    from rulings.solver.lawful import lawful_cards
    from rulings.solver.readsets import file_cases, is_board_file

    if is_board_file(path):
        cov.notes.append(BOARD_NOTES[path.suffix.lower()].format(file=path))
    passed: dict[str, list[Item]] = {}
    try:
        for item in file_cases(path):
            if item.passed_over:
                passed.setdefault(item.passed_over, []).append(item)
                cov.passed_over.append(item.name)
                continue
            if item.error is not None:
                error(str(item.error))
                continue
            assert item.case is not None
            lawful_cards.cache_clear()  # rulings are independent: memory flat in the number of cases (as verify)
            before = len(cov.errors)
            try:
                cov.add(with_settings(item.case, decisions), budget=budget, name=item.name)
                for text in cov.errors[before:]:  # (a ruling stopped at the budget)
                    if on_error is not None:
                        on_error(f"error: {text}")
            except RulingError as err:
                error(str(item.located(err)))
            except (KeyboardInterrupt, SystemExit, GeneratorExit):
                raise
            except BaseException as err:
                crash(f"{item.name}: internal error: {type(err).__name__}: {str(err)[:200]}")
    except RulingError as err:
        error(str(err.located(file=str(path))))
    except (KeyboardInterrupt, SystemExit, GeneratorExit):
        raise
    except BaseException as err:
        crash(f"{path}: internal error: {type(err).__name__}: {str(err)[:200]}")
    if passed:
        count = sum(len(items) for items in passed.values())
        why = ", ".join(f"{reason} ({_named(items)})" for reason, items in passed.items())
        cov.notes.append(PASSED_OVER_NOTE.format(file=path, count=f"{count} board{'s' if count != 1 else ''}", why=why))


def _named(items: list[Item]) -> str:
    """``boards 6, 7``, ``board 11``, ``the game at line 40``: the games passed over, by
    board number, else by line."""
    numbers = [i.label.removeprefix("board ") for i in items if i.label]
    named = [f"board{'s' if len(numbers) > 1 else ''} {', '.join(numbers)}"] if numbers else []
    return ", ".join(named + [f"the game at line {i.line}" for i in items if not i.label])
