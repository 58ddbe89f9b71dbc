"""docs/pending-cases: seed scenarios where the solver and the lecturer disagree.

Each file there is a case with the lecturer's ruling as its ``expect``. It is kept out of
cases/ because the solver does not (yet) give that ruling. These tests keep the folder
honest: every file parses and solves without error, says why it is pending, is listed in
docs/seed-coverage.md, and still disagrees; a file whose claims all pass belongs in cases/.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulings.solver.verify import verify_paths

ROOT = Path(__file__).resolve().parent.parent
PENDING = sorted((ROOT / "docs" / "pending-cases").glob("*.yaml"))


def test_there_are_pending_cases() -> None:
    assert PENDING, "docs/pending-cases/ holds no case files"


@pytest.mark.parametrize("path", PENDING, ids=[p.name for p in PENDING])
def test_pending_case_still_disagrees(path: Path) -> None:
    (report,) = list(verify_paths([path]))
    assert report.error is None, str(report.error)
    assert report.case is not None and "PENDING" in (report.case.notes or "")
    assert report.results, "a pending case must state the lecturer's ruling as claims"
    assert report.failed > 0, f"{path.name}: the solver now gives the lecturer's ruling; move it into cases/"


@pytest.mark.parametrize("path", PENDING, ids=[p.name for p in PENDING])
def test_pending_case_listed_in_coverage(path: Path) -> None:
    coverage = (ROOT / "docs" / "seed-coverage.md").read_text(encoding="utf-8")
    assert f"pending-cases/{path.name}" in coverage


def test_coverage_names_existing_files() -> None:
    """Every case file docs/seed-coverage.md names exists (in cases/ or docs/pending-cases/)."""
    import re

    coverage = (ROOT / "docs" / "seed-coverage.md").read_text(encoding="utf-8")
    named = set(re.findall(r"([a-z0-9-]+/[A-Za-z0-9._-]+\.yaml)", coverage))
    assert len(named) > 50
    missing = [n for n in sorted(named)
               if not (ROOT / "cases" / n).is_file() and not (ROOT / "docs" / n).is_file()]
    assert not missing, missing
