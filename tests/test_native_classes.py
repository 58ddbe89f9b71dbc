"""The classes written out so that a compiled build makes them native classes behave as the
data classes they are written out from: the same ``__init__`` parameters, ``__match_args__``,
repr, equality and hash (the fields outside equality left out) as a twin the standard
library's decorator makes; a table's copy (``TableState._copy``, ``_evolve``) keeps every field."""

from __future__ import annotations

import ast
import builtins
import dataclasses
import inspect
import itertools
import tomllib
from pathlib import Path
from typing import Any

import pytest

from rulings.models import parse_case
from rulings.models.table import PenaltyCard, PenaltyKind, Revoke, TableState, Withdrawal
from rulings.solver.engine import Node, Opening, Reopen, _Found
from rulings.solver.generate import case_seed, random_misplay_case, random_revoke_cases
from rulings.solver.ruling import Ruling

#: each written-out class, its decorator options and the fields outside equality
CLASSES: list[tuple[type, dict[str, bool], frozenset[str]]] = [
    (TableState, {"frozen": True}, frozenset({"holding", "masks"})),
    (Revoke, {"unsafe_hash": True, "slots": True}, frozenset()),
    (PenaltyCard, {"unsafe_hash": True, "slots": True}, frozenset({"since", "major_from"})),
    (Withdrawal, {"unsafe_hash": True, "slots": True}, frozenset({"replaced_by", "standing"})),
    (Reopen, {"unsafe_hash": True, "slots": True}, frozenset({"start", "opened", "apart"})),
    (_Found, {"unsafe_hash": True, "slots": True}, frozenset()),
]


def _twin(cls: type, names: tuple[str, ...], options: dict[str, bool], apart: frozenset[str]) -> type:
    """The class the standard library's decorator makes of the written-out class's fields
    (``names``: every field, in order)."""
    fields = [(name, Any, dataclasses.field(compare=name not in apart, repr=not (cls is TableState and name in apart)))
              for name in names]
    return dataclasses.make_dataclass(cls.__name__, fields, **options)


def _samples() -> dict[type, list[Any]]:
    """Instances read off ruled cases (random revoke cases, 45D1 positions), and a few made."""
    out: dict[type, list[Any]] = {cls: [] for cls, _, _ in CLASSES}
    maps = [*random_revoke_cases(30, 7), *(random_misplay_case(case_seed(45_100, i)) for i in range(30))]
    for m in maps:
        for r in Ruling(parse_case(m)).restorations():
            t = r.table
            out[TableState].append(t)
            out[Revoke].extend(t.revokes)
            out[PenaltyCard].extend([*t.penalty_cards, *t.played_penalty])
            out[Withdrawal].extend(t.withdrawn)
    table = out[TableState][0]
    out[PenaltyCard] += [PenaltyCard(p.seat, p.card, PenaltyKind.MINOR, 3, 5) for p in out[PenaltyCard][:3]]
    out[Reopen] = [Reopen(frozenset(), frozenset()), Reopen(frozenset({1}), frozenset({"revoke"}), 3, "leads", 1, 2),
                   Reopen(frozenset({1}), frozenset({"revoke"}), 3, "leads", 1, 2, table, ("x",), frozenset({(1, table.declarer)}))]
    opening = Opening(Node(table, ()))
    out[_Found] = [_Found("revoke", opening, frozenset({1}), frozenset(), 2),
                   _Found("revoke", opening, frozenset({1}), frozenset(), 2, frozenset({3}))]
    return out


@pytest.fixture(scope="module")
def samples() -> dict[type, list[Any]]:
    return _samples()


@pytest.mark.parametrize(("cls", "options", "apart"), CLASSES, ids=[c.__name__ for c, _, _ in CLASSES])
def test_written_out_as_the_data_class(cls: type, options: dict[str, bool], apart: frozenset[str],
                                       samples: dict[type, list[Any]]) -> None:
    found = samples[cls]
    assert len(found) >= 2
    # (read off an instance: a class variable, as the decorator makes it)
    twin = _twin(cls, found[0].__match_args__, options, apart)
    names = [f.name for f in dataclasses.fields(twin)]
    parameters = [p for p in inspect.signature(cls.__init__).parameters if p != "self"]
    assert parameters in (names, ["args", "kwargs"])  # (compiled: a slot wrapper's ``*args, **kwargs``)
    made = [twin(**{n: getattr(x, n) for n in names}) for x in found]
    for x, y in zip(found, made, strict=True):
        assert repr(x) == repr(y)
        assert hash(x) == hash(y)
        again = cls(**{n: getattr(x, n) for n in names})
        assert again is not x and again == x and hash(again) == hash(x)
    pairs = list(itertools.islice(itertools.combinations(range(len(found)), 2), 20_000))
    for i, j in pairs:
        assert (found[i] == found[j]) is (made[i] == made[j])
        if found[i] == found[j]:
            assert hash(found[i]) == hash(found[j])


def test_a_table_copy_keeps_every_field(samples: dict[type, list[Any]]) -> None:
    for t in samples[TableState][:200]:
        names = t.__match_args__
        copy = t._copy()
        assert copy is not t and copy == t
        # (equal, not the same object: compiled, a field of ints is kept unboxed and boxed again when read)
        assert all(getattr(copy, n) == getattr(t, n) for n in names)
        moved = t._evolve(tricks=t.tricks[:-1], revokes=())
        assert moved.tricks == t.tricks[:-1] and moved.revokes == ()
        assert all(getattr(moved, n) == getattr(t, n) for n in names if n not in ("tricks", "revokes"))


def _compiled_modules() -> list[Path]:
    """The modules a compiled build (``make fast``) compiles: every module of models/ and
    solver/ but those ``[tool.rulings-mypyc] interpreted`` of pyproject.toml names."""
    root = Path(__file__).resolve().parent.parent
    kept = set(tomllib.loads((root / "pyproject.toml").read_text())["tool"]["rulings-mypyc"]["interpreted"])
    return [p for d in ("models", "solver") for p in sorted((root / d).rglob("*.py"))
            if str(p.relative_to(root)) not in kept and p.name != "__init__.py"]


def test_no_data_class_field_of_a_compiled_module_is_annotated_with_a_bare_builtin() -> None:
    """A compiled build makes a class's ``__annotations__`` by loading each annotation by its
    name from the module's globals, where a builtin such as ``object`` is not found: the
    module then fails to import (``KeyError: 'object'``). Such a field is written with the
    alias ``rulings.models.compiled.Object``."""
    found = []
    for path in _compiled_modules():
        for cls in ast.walk(ast.parse(path.read_text())):
            if not isinstance(cls, ast.ClassDef) or not any(_is_dataclass(d) for d in cls.decorator_list):
                continue
            for stmt in cls.body:
                if (isinstance(stmt, ast.AnnAssign) and isinstance(stmt.annotation, ast.Name)
                        and stmt.annotation.id in vars(builtins) and stmt.annotation.id not in _NAMED_BUILTINS):
                    found.append(f"{path.name}:{stmt.lineno} {cls.name}.{ast.unparse(stmt.target)}: {stmt.annotation.id}")
    assert not found, found


def _is_dataclass(decorator: ast.expr) -> bool:
    """Whether a class decorator is the data-class decorator (``@dataclass`` or ``@dataclass(...)``)."""
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    return isinstance(target, ast.Name) and target.id == "dataclass"


#: builtins a compiled build does find by name in an annotation (mypyc's own primitive types)
_NAMED_BUILTINS = frozenset({"int", "str", "bool", "float", "bytes", "tuple", "list", "dict", "set", "frozenset", "type"})
