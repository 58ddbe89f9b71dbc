"""Run the doctests of the main modules (installed package, so imports are the real ones)."""

import doctest
import importlib

import pytest

MODULES = [
    "rulings.models.cards",
    "rulings.models.deal",
    "rulings.models.contract",
    "rulings.models.events",
    "rulings.models.table",
    "rulings.solver.clauses",
    "rulings.solver.lawful",
    "rulings.solver.claims",
    "rulings.solver.casefile",
    "rulings.solver.coverage",
    "rulings.solver.verify",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, f"{name} has no doctest"
    assert result.failed == 0
