"""Check a case's ``expect`` claims against every restoration the solver finds."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from rulings.models.case import Case
from rulings.models.errors import BudgetError, RulingError
from rulings.solver.casefile import case_files, load
from rulings.solver.claims import ClaimResult, check, parse_claim
from rulings.solver.engine import Budget, Restoration
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
    #: an unexpected exception (a bug of this package, not of the file): ``Type: message``
    crash: str | None = None
    budget: Budget | None = None

    @property
    def passed(self) -> int:
        return sum(1 for r in self.results if r.passed)

    @property
    def failed(self) -> int:
        return sum(1 for r in self.results if not r.passed) + (1 if self.error is not None or self.crash is not None else 0)


def verify_case(case: Case, budget: int | None = None) -> CaseReport:
    """Enumerate the case's restorations and check each claim.

    Raises RulingError (located) for a claim that cannot be parsed, or for a ruling that
    needs more than ``budget`` expanded nodes (its claims cannot be decided on a part).
    """
    ruling = Ruling(case)
    spent = Budget(budget) if budget is not None else Budget()
    claims = [parse_claim(c.text, line=c.line, edition=case.laws) for c in case.expect]
    restorations = distinct(ruling.restorations(budget=spent))
    if spent.exhausted:
        raise BudgetError(
            f"the ruling needs more than {spent.nodes} expanded nodes ({len(restorations)} restorations found so far): "
            "its claims cannot be decided; raise --budget", file=case.file, line=1, token=str(spent.nodes))
    report = CaseReport(case.file or "<case>", case, ruling, restorations, budget=spent)
    report.results = [check(c, restorations) for c in claims]
    return report



def verify_paths(paths: list[str | Path], budget: int | None = None) -> Iterator[CaseReport]:
    """Verify every case file under ``paths``; a broken file yields a report with ``error``,
    a file that makes this package fail unexpectedly one with ``crash`` (and the run goes on)."""
    for path in case_files(paths):
        try:
            case = load(path)
            yield verify_case(case, budget)
        except RulingError as err:
            err.located(file=str(path))
            yield CaseReport(str(path), error=err)
        except (KeyboardInterrupt, SystemExit, GeneratorExit):
            raise
        except BaseException as err:
            yield CaseReport(str(path), crash=f"{type(err).__name__}: {_short(str(err))}")


def _short(text: str, width: int = 200) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."
