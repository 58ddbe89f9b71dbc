"""Run the doctests of the main modules (installed package, so imports are the real ones)."""

import doctest
import importlib
from importlib.machinery import EXTENSION_SUFFIXES

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
    if (module.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES)):
        pytest.skip(f"{name} is compiled by mypyc (make fast): doctest finds no docstring examples in an "
                    "extension module (they run against the interpreted package, make test)")
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, f"{name} has no doctest"
    assert result.failed == 0
