"""pytest plugin (entry point ``pytest11``, installed with bridge-rulings): case files as test
items, so a project runs our corpus or its own in its CI.

    pytest --rulings cases/                # every *.yaml, *.yml, *.json case file under cases/
    pytest --rulings cases/ -k revoke -x   # the usual selection; with pytest-xdist, -n 4

Without ``--rulings`` the plugin collects nothing (a project's own YAML files stay data).
Each case file is one item named after the file (its title and directory are keywords for
``-k``); it passes when every ``expect`` claim holds, and a failure lists the failed claims
with their counterexamples, as ``rulings verify`` prints them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

SUFFIXES = (".yaml", ".yml", ".json")


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("rulings", "bridge-rulings case files")
    group.addoption("--rulings", action="store_true", default=False,
                    help="collect bridge-rulings case files (*.yaml, *.yml, *.json) as tests")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "rulings: a bridge-rulings case file")


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> pytest.Collector | None:
    if file_path.suffix in SUFFIXES and parent.config.getoption("rulings"):
        return CaseFile.from_parent(parent, path=file_path)
    return None


class CaseFile(pytest.File):
    """A case file: one item."""

    def collect(self) -> list[CaseItem]:
        return [CaseItem.from_parent(self, name=self.path.name)]


class CaseFailure(Exception):
    """The case's claims that failed (or why the file could not be ruled)."""


class CaseItem(pytest.Item):
    """Verifying one case file."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_marker("rulings")
        self.extra_keyword_matches.update(self.path.parent.parts[-1:])

    def runtest(self) -> None:
        from rulings.solver.verify import verify_file

        rep = verify_file(str(self.path))
        if rep.title:
            self.user_properties.append(("title", rep.title))
        if rep.status == "crash":
            raise CaseFailure(f"internal error: {rep.message} (a bug in bridge-rulings, not in the file)")
        if rep.status == "error":
            raise CaseFailure(f"error: {rep.message}")
        if rep.failed:
            raise CaseFailure("\n".join(line + (f"\n       {extra}" if extra else "") for ok, line, extra in rep.lines if not ok))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, CaseFailure):
            return f"{self.path}:\n{excinfo.value}"
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"case file {self.path.name}"
