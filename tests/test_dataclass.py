"""rulings.models.dataclass makes the classes dataclasses.dataclass makes: each kind of class
below is made by both, and everything a program can see of the classes and their instances
is compared (repr, equality, hash, frozenness, fields, replace, signature, pickling, slots)."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import marshal
import pickle
import re
import typing
from collections.abc import Callable
from typing import Any, ClassVar

import pytest

from rulings.models import dataclass as fast
from rulings.models.cards import Card, Seat

Maker = Callable[..., Any]

OPTIONS: list[dict[str, bool]] = [
    {},
    {"frozen": True},
    {"frozen": True, "slots": True},
    {"unsafe_hash": True},
    {"unsafe_hash": True, "slots": True},
    {"slots": True},
    {"eq": False},
    {"repr": False},
    {"frozen": True, "eq": False},
    {"frozen": True, "unsafe_hash": True},
    {"match_args": False},
    {"order": True},  # handed to the standard library
]


def _plain(make: Maker, options: dict[str, bool]) -> type:
    @make(**options)
    class Plain:
        """Fields with and without defaults."""

        seat: Seat
        card: Card
        facts: tuple[str, ...] = ()
        line: int | None = dataclasses.field(default=None, compare=False, repr=False)
        tags: list[str] = dataclasses.field(default_factory=list)
        counter: dict[str, int] = dataclasses.field(default_factory=dict, init=False, repr=False, compare=False)
        hashed: int = dataclasses.field(default=0, hash=False)
        kind: ClassVar[str] = "plain"

    return Plain


def _empty(make: Maker, options: dict[str, bool]) -> type:
    @make(**options)
    class Empty:
        pass

    return Empty


def _one(make: Maker, options: dict[str, bool]) -> type:
    @make(**options)
    class One:
        value: float

    return One


def _post_init(make: Maker, options: dict[str, bool]) -> type:
    @make(**options)
    class Checked:
        """Checks its value."""

        value: int
        double: int = dataclasses.field(default=0, init=False)

        def __post_init__(self) -> None:
            if self.value < 0:
                raise ValueError("negative")
            object.__setattr__(self, "double", 2 * self.value)

    return Checked


def _own_methods(make: Maker, options: dict[str, bool]) -> type:
    @make(**options)
    class Own:
        """Its own repr, equality and hash."""

        a: int
        b: str = "x"

        def __repr__(self) -> str:
            return f"Own<{self.a}>"

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Own) and other.a == self.a

        def __hash__(self) -> int:
            return self.a

    return Own


def _eq_only(make: Maker, options: dict[str, bool]) -> type:
    @make(**options)
    class EqOnly:
        """Its own equality, no hash."""

        a: int

        def __eq__(self, other: object) -> bool:
            return isinstance(other, EqOnly) and other.a == self.a

    return EqOnly


def _inherited(make: Maker, options: dict[str, bool]) -> type:
    @make(**options)
    class Base:
        """A base of events."""

    @make(**options)
    class Child(Base):
        """A child with fields."""

        seat: Seat
        line: int | None = dataclasses.field(default=None, compare=False, repr=False)

    @make(**options)
    class Grandchild(Child):
        """More fields."""

        card: Card | None = None

    return Grandchild


def _class_vars(make: Maker, options: dict[str, bool]) -> type:
    @make(**options)
    class WithClassVars:
        """Class variables, named and qualified, are not fields."""

        a: int
        plain: ClassVar[int] = 1
        qualified: typing.ClassVar[str] = "q"
        b: str = "x"

    return WithClassVars


KINDS = [_plain, _empty, _one, _post_init, _own_methods, _eq_only, _inherited, _class_vars]


def _instances(cls: type) -> list[Any]:
    sig = inspect.signature(cls)
    names = list(sig.parameters)
    samples: dict[str, list[Any]] = {
        "seat": [Seat.N, Seat.E], "card": [Card.parse("SA"), Card.parse("H10")], "facts": [(), ("dropped",)],
        "line": [None, 7], "tags": [["a"], []], "hashed": [0, 3], "value": [1, 2], "a": [1, 2], "b": ["x", "y"],
    }
    out = []
    for i in range(2):
        out.append(cls(**{n: samples[n][i] for n in names if n in samples}))
    out.append(cls(**{n: samples[n][0] for n in names if n in samples}))
    return out


def _outcome(fn: Callable[[], Any]) -> tuple[str, Any]:
    try:
        return ("ok", fn())
    except Exception as err:
        return (type(err).__name__, str(err))


def _norm(text: str) -> str:
    """A repr without the address of an object (``<... object at 0x...>``)."""
    return re.sub(r" at 0x[0-9a-f]+>", " at ...>", text)


def _hash(x: object) -> object:
    value = hash(x)
    return "identity" if value == object.__hash__(x) else value


def _view(cls: type) -> dict[str, Any]:
    """Everything compared of a class and its sample instances."""
    before = (str(inspect.signature(cls)), str(inspect.signature(cls.__init__)))  # type: ignore[misc]  # before any instance
    items = _instances(cls)
    view: dict[str, Any] = {
        "name": (cls.__name__, cls.__qualname__, cls.__doc__, cls.__module__),
        "signature": before,
        "fields": [(f.name, str(f.type), f.default, f.init, f.repr, f.compare, f.hash, f.kw_only) for f in dataclasses.fields(cls)],
        "params": repr(cls.__dataclass_params__),  # type: ignore[attr-defined]
        "match_args": getattr(cls, "__match_args__", None),
        "slots": getattr(cls, "__slots__", None),
        "hashable": cls.__hash__ is not None,
        "methods": sorted(k for k in vars(cls) if k.startswith("__") and callable(vars(cls)[k])),
    }
    for i, x in enumerate(items):
        view[f"repr{i}"] = _norm(repr(x))
        view[f"hash{i}"] = _outcome(lambda x=x: _hash(x))
        view[f"eq{i}"] = [x == y for y in items] + [x != y for y in items] + [x == object(), x == 1]
        view[f"eq-other{i}"] = x.__eq__(object())
        for name in ("seat", "value", "a", "missing"):
            view[f"set{i}{name}"] = _outcome(lambda x=x, name=name: setattr(copy.copy(x), name, 5))
            view[f"del{i}{name}"] = _outcome(lambda x=x, name=name: delattr(copy.copy(x), name))
        view[f"replace{i}"] = _outcome(lambda x=x: _norm(repr(dataclasses.replace(x))))
        view[f"asdict{i}"] = _outcome(lambda x=x: dataclasses.asdict(x))
        view[f"pickle{i}"] = _outcome(lambda x=x: _norm(repr(pickle.loads(pickle.dumps(x)))) == _norm(repr(x)))
    view["bad-init"] = _outcome(lambda: cls(*range(20)))
    view["signature-after"] = (str(inspect.signature(cls)), str(inspect.signature(cls.__init__)))  # type: ignore[misc]
    return view


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "default")
@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.__name__.strip("_"))
def test_same_class_as_the_standard_library(kind: Callable[[Maker, dict[str, bool]], type], options: dict[str, bool]) -> None:
    theirs = _outcome(lambda: _view(kind(dataclasses.dataclass, options)))
    ours = _outcome(lambda: _view(kind(fast.dataclass, options)))
    assert ours == theirs


def test_the_same_errors() -> None:
    for make in (dataclasses.dataclass, fast.dataclass):
        with pytest.raises(TypeError, match="non-default argument 'b' follows default argument"):
            @make
            class Order:
                a: int = 1
                b: int  # type: ignore[misc]

        with pytest.raises(ValueError, match="mutable default"):
            @make
            class Mutable:
                a: list[int] = []  # noqa: RUF012

        with pytest.raises(TypeError, match="'x' is a field but has no type annotation"):
            @make
            class Unannotated:
                a: int
                x = dataclasses.field(default=1)

        with pytest.raises(TypeError, match="field c cannot have a default factory"):
            @make
            class FactoryClassVar:
                c: ClassVar[list[int]] = dataclasses.field(default_factory=list)

        @make(frozen=True)
        class Frozen:
            a: int

        with pytest.raises(TypeError, match="cannot inherit non-frozen dataclass from a frozen one"):
            @make
            class Thawed(Frozen):
                b: int = 0


def test_recursive_repr() -> None:
    for make in (dataclasses.dataclass, fast.dataclass):
        @make
        class Loop:
            items: list[Any]

        x = Loop([])
        x.items.append(x)
        assert repr(x) == "test_recursive_repr.<locals>.Loop(items=[...])"


@fast.dataclass(frozen=True, slots=True)
class PickledFrozen:
    seat: Seat
    card: Card
    line: int | None = dataclasses.field(default=None, compare=False, repr=False)


@fast.dataclass(unsafe_hash=True, slots=True)
class PickledSlots:
    seat: Seat
    cards: tuple[Card, ...] = ()


def test_pickling() -> None:
    """Instances go to worker processes (``--jobs``): pickled and back, equal, same repr."""
    for x in (PickledFrozen(Seat.S, Card.parse("D7"), line=3), PickledSlots(Seat.W, (Card.parse("C2"),))):
        back = pickle.loads(pickle.dumps(x))
        assert back == x and repr(back) == repr(x) and hash(back) == hash(x) and back.__class__ is x.__class__
    assert pickle.loads(pickle.dumps(PickledFrozen(Seat.S, Card.parse("D7"), line=3))).line == 3


@pytest.mark.skipif(not fast._SAME_SOURCE, reason="the standard library's own classes on this Python")
@pytest.mark.parametrize("options", [o for o in OPTIONS if not o.get("order")], ids=lambda o: ",".join(o) or "default")
def test_methods_once_called_are_the_standard_librarys_code(options: dict[str, bool]) -> None:
    """After its first call a method is compiled from the standard library's source: the same
    bytecode, so the engine's hot classes hash, compare and construct at the same speed."""
    theirs, ours = _plain(dataclasses.dataclass, options), _plain(fast.dataclass, options)
    for x in _instances(ours):
        assert repr(x) and x == x
        _outcome(lambda x=x: hash(x))  # a list field: unhashable, as the standard library's
    for name in ("__init__", "__eq__", "__hash__", "__repr__"):
        a, b = theirs.__dict__.get(name), ours.__dict__.get(name)
        assert (a is None) == (b is None), name
        if a is not None and a is not object.__hash__:
            a, b = getattr(a, "__wrapped__", a), getattr(b, "__wrapped__", b)
            assert (a.__code__.co_code, a.__code__.co_names, a.__code__.co_consts) == \
                (b.__code__.co_code, b.__code__.co_names, b.__code__.co_consts), name


def test_compiled_methods_are_kept_between_runs(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A method compiled in one run is read back, by its source, in the next: the same code
    as compiling it; the file is written only where bytecode may be, and a file that is
    missing, damaged or of another Python is no cache."""
    cache = tmp_path / "__pycache__" / "methods.bin"
    monkeypatch.setattr(fast, "_CACHE", str(cache))
    monkeypatch.setattr(fast, "_CODES", {})
    monkeypatch.setattr(fast, "_COMPILED", 0)
    monkeypatch.setattr(fast.atexit, "register", lambda fn: fn)
    source = "def __eq__(self,other):\n return NotImplemented\n"
    code = fast._code(source)
    assert code is fast._code(source)  # compiled once in a run
    monkeypatch.setattr(fast.sys, "dont_write_bytecode", True)
    fast._write_codes()
    assert not cache.exists()
    monkeypatch.setattr(fast.sys, "dont_write_bytecode", False)
    fast._write_codes()
    kept = fast._read_codes()
    assert kept[source] == code == compile(source, "<string>", "exec", dont_inherit=True)
    monkeypatch.setattr(fast, "_CODES", None)
    monkeypatch.setattr(fast, "compile", lambda *args, **kwargs: pytest.fail("compiled again"), raising=False)
    assert fast._code(source) == code  # the next run reads it
    monkeypatch.undo()
    monkeypatch.setattr(fast, "_CACHE", str(cache))
    for damaged in (b"", b"\x00garbage", marshal.dumps((b"????", {source: code})), marshal.dumps([1, 2])):
        cache.write_bytes(damaged)
        assert fast._read_codes() == {}


def test_compiled_methods_are_kept_where_the_bytecode_is(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The kept methods' file is where the interpreter keeps this module's bytecode: beside
    it, or under PYTHONPYCACHEPREFIX; none for an interpreter that keeps no bytecode."""
    import importlib.util
    import os

    monkeypatch.setattr(fast.sys, "pycache_prefix", None)
    beside = fast._cache_file()
    assert beside is not None
    assert os.path.dirname(beside) == os.path.dirname(importlib.util.cache_from_source(fast.__file__))
    monkeypatch.setattr(fast.sys, "pycache_prefix", str(tmp_path))
    under = fast._cache_file()
    assert under is not None
    assert os.path.dirname(under) == os.path.dirname(importlib.util.cache_from_source(fast.__file__))
    assert under.startswith(str(tmp_path))
    monkeypatch.setattr(fast.sys.implementation, "cache_tag", None)
    assert fast._cache_file() is None
