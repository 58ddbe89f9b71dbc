"""``dataclass``: the standard library's data classes, with their methods compiled when first used.

A data class of Python 3.11 compiles each method it writes when the class is made
(``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, and ``__setattr__`` and ``__delattr__``
when frozen): about half a millisecond a class. This package defines more than a hundred, and
a run uses a few dozen of them, so compiling them was the largest part of the start-up of
``rulings solve``.

:func:`dataclass` takes the same arguments and makes the same class. The fields are collected
by the standard library's steps, with its own helpers (``Field``, the ``ClassVar`` test, the
slots), but each string annotation is read once where the standard library reads it three
times (for ``KW_ONLY``, ``ClassVar`` and ``InitVar``): a fifth less time to make a class.
``__init__``, ``__repr__``, ``__eq__`` and ``__hash__`` are written from the source the standard
library writes, but compiled on their first call, which puts the compiled method in the
class in its place: from then on a method is the standard library's own code, at its speed,
and a method never called costs no compile. ``__signature__`` of the first ``__init__`` is
the signature of the compiled one, made when first asked for (``inspect.signature`` gives the
same before and after).
A frozen class's ``__setattr__`` and ``__delattr__`` (reached only by an assignment, which
they refuse) are closures with the standard library's behaviour. The table of when
``__hash__`` is added, kept or set to None, the errors, the signature text of a class without
a docstring, pickling of a frozen slotted class and ``__dataclass_params__`` are the standard
library's.

What the package does not use (``order``, ``kw_only``, ``InitVar``, ``init=False``,
``weakref_slot``, a field named ``self``, a class defining ``__init__``, or ``__setattr__``
when frozen), and any Python but 3.11, goes to :func:`dataclasses.dataclass` as it is.
``tests/test_dataclass.py`` compares both on every kind of class this package defines.
"""

from __future__ import annotations

import abc
import atexit
import contextlib
import dataclasses
import marshal
import os
import sys
import types
from collections.abc import Callable
from dataclasses import MISSING, Field, FrozenInstanceError
from dataclasses import field as field  # (the standard library's: mypy and mypyc know its calls)
from importlib.util import MAGIC_NUMBER
from types import CodeType, MethodType
from typing import Any, TypeVar, dataclass_transform, overload

__all__ = ["dataclass", "field"]

_MEMBER = types.MemberDescriptorType

_T = TypeVar("_T")

#: the standard library whose methods this module writes the same (Python 3.11: later ones
#: compile a class's methods together, and are used as they are)
_SAME_SOURCE = sys.version_info[:2] == (3, 11) and all(
    hasattr(dataclasses, name) for name in ("_FIELD", "_HAS_DEFAULT_FACTORY", "_dataclass_getstate", "_dataclass_setstate",
                                            "_FIELD_CLASSVAR", "_MODULE_IDENTIFIER_RE", "_DataclassParams", "_add_slots",
                                            "_is_classvar", "_is_initvar", "_is_kw_only"))


@overload
def dataclass(cls: type[_T], /) -> type[_T]: ...


@overload
def dataclass(*, init: bool = True, repr: bool = True, eq: bool = True, order: bool = False, unsafe_hash: bool = False,
              frozen: bool = False, match_args: bool = True, kw_only: bool = False, slots: bool = False,
              weakref_slot: bool = False) -> Callable[[type[_T]], type[_T]]: ...


@dataclass_transform(field_specifiers=(dataclasses.field, dataclasses.Field))
def dataclass(cls: type[_T] | None = None, /, *, init: bool = True, repr: bool = True, eq: bool = True, order: bool = False,
              unsafe_hash: bool = False, frozen: bool = False, match_args: bool = True, kw_only: bool = False, slots: bool = False,
              weakref_slot: bool = False) -> Any:
    """:func:`dataclasses.dataclass`: the same arguments, the same class (see the module)."""
    options = {"init": init, "repr": repr, "eq": eq, "order": order, "unsafe_hash": unsafe_hash, "frozen": frozen,
               "match_args": match_args, "kw_only": kw_only, "slots": slots, "weakref_slot": weakref_slot}

    def wrap(c: type[_T]) -> type[_T]:
        return _make(c, options)

    return wrap if cls is None else wrap(cls)


def _standard(cls: type[_T], options: dict[str, bool]) -> type[_T]:
    made: type[_T] = dataclasses.dataclass(cls, **options)  # type: ignore[call-overload, unused-ignore]
    return made


def _make(cls: type[_T], options: dict[str, bool]) -> type[_T]:
    own = cls.__dict__
    frozen, slots = options["frozen"], options["slots"]
    if (not _SAME_SOURCE or options["order"] or options["kw_only"] or options["weakref_slot"] or not options["init"] or "__init__" in own
            or (frozen and ("__setattr__" in own or "__delattr__" in own)) or not _plain(cls)):
        return _standard(cls, options)
    frozen_base = dataclass_base = False
    for base in cls.__mro__[-1:0:-1]:
        inherited = getattr(base, "__dataclass_fields__", None)
        if inherited is not None:
            dataclass_base = True
            frozen_base = frozen_base or base.__dataclass_params__.frozen  # type: ignore[attr-defined]
            if any(f.name == "self" or f.kw_only is True for f in inherited.values()):
                return _standard(cls, options)
    if dataclass_base and frozen_base != frozen:
        return _standard(cls, options)  # the standard library's TypeError
    class_hash = own.get("__hash__", MISSING)
    explicit_hash = not (class_hash is MISSING or (class_hash is None and "__eq__" in own))
    own_repr, own_eq, own_doc = "__repr__" in own, "__eq__" in own, bool(own.get("__doc__"))
    if not own_doc:
        cls.__doc__ = "-"  # the standard library would write the signature text of object.__init__ here
    # the standard library collects the fields and makes the slots and __match_args__; told
    # frozen=False it writes no __setattr__ and __delattr__, and a frozen class's frozen bases
    # are thawed for the call (it checks that they are frozen by the flag recorded on them; the
    # check was made above)
    new: Any = _collected(cls, options["match_args"], slots)
    if new is None:  # a case the collection here leaves to the standard library
        thawed = [params for base in cls.__mro__[1:]
                  if (params := base.__dict__.get("__dataclass_params__")) is not None and params.frozen]
        for params in thawed:
            params.frozen = False
        try:
            new = dataclasses.dataclass(cls, init=False, repr=False, eq=False, order=False, unsafe_hash=False,
                                        frozen=False, match_args=options["match_args"], kw_only=False, slots=slots)
        finally:
            for params in thawed:
                params.frozen = True
    fields = [f for f in new.__dataclass_fields__.values() if f._field_type is dataclasses._FIELD]  # type: ignore[attr-defined]
    globs = sys.modules[cls.__module__].__dict__ if cls.__module__ in sys.modules else {}
    new.__init__ = _first_init(new, fields, frozen, slots, globs)
    if options["repr"] and not own_repr:
        new.__repr__ = _repr(new, [f.name for f in fields if f.repr], globs)
    if options["eq"] and not own_eq:
        new.__eq__ = _eq(new, [f.name for f in fields if f.compare], globs)
    if frozen:
        names = tuple(f.name for f in fields)
        # bound to the class as defined, as the standard library's (a slotted class is a copy)
        new.__setattr__ = _frozen_setattr(cls, names)
        new.__delattr__ = _frozen_delattr(cls, names)
        if slots:  # pickling a frozen slotted class
            if "__getstate__" not in own:
                new.__getstate__ = dataclasses._dataclass_getstate  # type: ignore[attr-defined]
            if "__setstate__" not in own:
                new.__setstate__ = dataclasses._dataclass_setstate  # type: ignore[attr-defined]
    _set_hash(new, options["unsafe_hash"], options["eq"], frozen, explicit_hash,
              [f.name for f in fields if (f.compare if f.hash is None else f.hash)], globs)
    params = new.__dataclass_params__  # this class's own, made by the call above
    for name in ("init", "repr", "eq", "order", "unsafe_hash", "frozen"):
        setattr(params, name, options[name])
    if not own_doc:  # the signature text, of the __init__ written here
        text = str(_signature(new, fields)).replace("(self, ", "(").replace("(self)", "()").replace(" -> None", "")
        new.__doc__ = new.__name__ + text
    made: type[_T] = new
    return made


def _collected(cls: Any, match_args: bool, slots: bool) -> Any:
    """What ``dataclasses.dataclass(cls, init=False, repr=False, eq=False, frozen=False,
    match_args=match_args, slots=slots)`` makes of a class :func:`_make` took: the fields
    (the bases' first), the class attributes of the fields, ``__match_args__``, the slots;
    the same objects by the standard library's own steps, with each string annotation read
    once (the standard library matches it three times, for ``KW_ONLY``, ``ClassVar`` and
    ``InitVar``). ``None`` for what it leaves to the standard library: a ``KW_ONLY`` or
    ``InitVar`` annotation (also under another name), a class of a module not loaded."""
    module = sys.modules.get(cls.__module__)
    typing = sys.modules.get("typing")
    if module is None or typing is None:
        return None
    names = module.__dict__
    fields: dict[str, Field[Any]] = {}
    for base in cls.__mro__[-1:0:-1]:
        inherited = getattr(base, "__dataclass_fields__", None)
        if inherited is not None:
            fields.update((f.name, f) for f in inherited.values())
    annotations = cls.__dict__.get("__annotations__", {})  # noqa: RUF063  (what the standard library reads)
    own = []
    for name, annotation in annotations.items():
        if isinstance(annotation, str):
            named = _named(annotation, names)
            if named is None:
                classvar = False
            else:
                qualifier, found = named
                if ((not qualifier or names.get(qualifier) is dataclasses)
                        and (dataclasses._is_kw_only(found, dataclasses) or dataclasses._is_initvar(found, dataclasses))):  # type: ignore[attr-defined]
                    return None
                classvar = (not qualifier or names.get(qualifier) is typing) and dataclasses._is_classvar(found, typing)  # type: ignore[attr-defined]
        else:
            if dataclasses._is_kw_only(annotation, dataclasses) or dataclasses._is_initvar(annotation, dataclasses):  # type: ignore[attr-defined]
                return None
            classvar = dataclasses._is_classvar(annotation, typing)  # type: ignore[attr-defined]
        default: Any = getattr(cls, name, MISSING)
        f: Field[Any]
        if isinstance(default, Field):
            f = default
        else:
            if isinstance(default, _MEMBER):
                default = MISSING
            f = dataclasses.field(default=default)
        f.name = name
        f.type = annotation
        if classvar:
            f._field_type = dataclasses._FIELD_CLASSVAR  # type: ignore[attr-defined]
            if f.default_factory is not MISSING:
                raise TypeError(f"field {f.name} cannot have a default factory")
        else:
            f._field_type = dataclasses._FIELD  # type: ignore[attr-defined]
            if f.kw_only is MISSING:
                f.kw_only = False
            if f.default.__class__.__hash__ is None:
                raise ValueError(f"mutable default {type(f.default)} for field {f.name} is not allowed: use default_factory")
        own.append(f)
    for f in own:
        fields[f.name] = f
        if isinstance(getattr(cls, f.name, None), Field):
            if f.default is MISSING:
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)
    for name, value in cls.__dict__.items():
        if isinstance(value, Field) and name not in annotations:
            raise TypeError(f"{name!r} is a field but has no type annotation")
    cls.__dataclass_params__ = dataclasses._DataclassParams(False, False, False, False, False, False)  # type: ignore[attr-defined]
    cls.__dataclass_fields__ = fields
    if match_args and "__match_args__" not in cls.__dict__:
        args = tuple(f.name for f in fields.values() if f._field_type is dataclasses._FIELD and f.init and not f.kw_only)  # type: ignore[attr-defined]
        cls.__match_args__ = args  # type: ignore[misc]
    if slots:
        cls = dataclasses._add_slots(cls, False, False)  # type: ignore[attr-defined]
    abc.update_abstractmethods(cls)
    return cls


def _named(annotation: str, names: dict[str, Any]) -> tuple[str | None, Any] | None:
    """What a string annotation's leading name (``name`` or ``module.name``) is in its
    module, as the standard library reads it (``dataclasses._is_type``): the module name
    and the object, or None."""
    match = dataclasses._MODULE_IDENTIFIER_RE.match(annotation)  # type: ignore[attr-defined]
    if match is None:
        return None
    return match.group(1), names.get(match.group(2))


def _plain(cls: type) -> bool:
    """No ``InitVar``, ``KW_ONLY``, keyword-only field or field named ``self`` among the
    class's own annotations."""
    for name, annotation in cls.__dict__.get("__annotations__", {}).items():  # noqa: RUF063  (what the standard library reads)
        text = annotation if isinstance(annotation, str) else repr(annotation)
        value = cls.__dict__.get(name)
        if name == "self" or "InitVar" in text or "KW_ONLY" in text or (isinstance(value, Field) and value.kw_only is True):
            return False
    return True


def _first_init(cls: Any, fields: list[Field[Any]], frozen: bool, slots: bool, globs: dict[str, Any]) -> Any:
    """An ``__init__`` that compiles the class's own on its first call, puts it in its place
    and runs it: a class never made in a run costs no compile (most of the rule families'
    classes in a ``rulings solve``). Its ``__signature__`` is the one of the compiled one."""
    return _FirstInit(cls, fields, frozen, slots, globs)


class _FirstInit:
    """A class's ``__init__`` until its first call (see :func:`_first_init`): a method (bound
    like a function), whose ``__signature__``, the compiled one's, is made when asked for
    (by ``inspect.signature``): most classes are never asked, and making it for each class
    as it is defined cost about a tenth of the time the package's classes take to make."""

    def __init__(self, cls: Any, fields: list[Field[Any]], frozen: bool, slots: bool, globs: dict[str, Any]) -> None:
        self._made = (cls, fields, frozen, slots, globs)
        self._signature: Any = None
        self.__name__ = "__init__"
        self.__qualname__ = f"{cls.__qualname__}.__init__"

    def __get__(self, obj: Any, owner: Any = None) -> Any:
        return self if obj is None else MethodType(self, obj)

    def __call__(self, obj: Any, *args: Any, **kwargs: Any) -> None:
        cls = self._made[0]
        init = _init(*self._made)
        if cls.__dict__.get("__init__") is self:
            cls.__init__ = init
        init(obj, *args, **kwargs)

    @property
    def __signature__(self) -> Any:
        if self._signature is None:
            self._signature = _signature(self._made[0], self._made[1])
        return self._signature


def _signature(cls: type, fields: list[Field[Any]]) -> Any:
    """The signature of the compiled ``__init__`` (self, then the init fields with their
    defaults and types; a default factory shows as ``<factory>``)."""
    from inspect import Parameter, Signature

    kind = Parameter.POSITIONAL_OR_KEYWORD
    params = [Parameter("self", kind)]
    seen_default = False
    for f in fields:
        if f.init:
            if f.default is MISSING and f.default_factory is MISSING:
                if seen_default:  # the standard library's error, when the class is made
                    raise TypeError(f"non-default argument {f.name!r} follows default argument")
            else:
                seen_default = True
            default = (f.default if f.default is not MISSING else
                       dataclasses._HAS_DEFAULT_FACTORY if f.default_factory is not MISSING  # type: ignore[attr-defined]
                       else Parameter.empty)
            params.append(Parameter(f.name, kind, default=default, annotation=f.type))
    return Signature(params, return_annotation=None)


def _init(cls: type, fields: list[Field[Any]], frozen: bool, slots: bool, globs: dict[str, Any]) -> Any:
    """``__init__`` from the source the standard library writes, compiled once."""
    local: dict[str, Any] = {f"_type_{f.name}": f.type for f in fields}
    local.update({"MISSING": MISSING, "_HAS_DEFAULT_FACTORY": dataclasses._HAS_DEFAULT_FACTORY,  # type: ignore[attr-defined]
                  "__dataclass_builtins_object__": object})
    params, body = ["self"], []
    seen_default = False
    for f in fields:
        if not f.init:
            continue
        if f.default is MISSING and f.default_factory is MISSING:
            if seen_default:
                raise TypeError(f"non-default argument {f.name!r} follows default argument")
            params.append(f"{f.name}:_type_{f.name}")
        else:
            seen_default = True
            marker = f"_dflt_{f.name}" if f.default is not MISSING else "_HAS_DEFAULT_FACTORY"
            params.append(f"{f.name}:_type_{f.name}={marker}")
    for f in fields:
        default = f"_dflt_{f.name}"
        if f.default_factory is not MISSING:
            local[default] = f.default_factory
            value = f"{default}() if {f.name} is _HAS_DEFAULT_FACTORY else {f.name}" if f.init else f"{default}()"
        elif f.init:
            if f.default is not MISSING:
                local[default] = f.default
            value = f.name
        elif slots and f.default is not MISSING:
            local[default] = f.default
            value = default
        else:
            continue
        body.append(f"__dataclass_builtins_object__.__setattr__(self,{f.name!r},{value})" if frozen else f"self.{f.name}={value}")
    if hasattr(cls, "__post_init__"):
        body.append("self.__post_init__()")
    local["_return_type"] = None
    source = (f"def __create_fn__({', '.join(local)}):\n"
              f" def __init__({','.join(params)})->_return_type:\n"
              + "\n".join(f"  {line}" for line in body or ["pass"])
              + "\n return __init__")
    ns: dict[str, Any] = {}
    # dont_inherit: not this module's ``from __future__ import annotations`` (the annotations
    # of __init__ are the field types, as the standard library's)
    exec(_code(source), globs, ns)
    fn = ns["__create_fn__"](**local)
    fn.__qualname__ = f"{cls.__qualname__}.__init__"
    return fn


def _compiled(cls: Any, name: str, source: str, globs: dict[str, Any]) -> Any:
    """The method ``name`` compiled from ``source`` (the standard library's), in the class's
    module; its qualified name is the class's."""
    ns: dict[str, Any] = {}
    exec(_code(source), globs, ns)
    fn = ns[name]
    fn.__qualname__ = f"{cls.__qualname__}.{name}"
    return fn


#: the methods compiled by earlier runs, by their source (read from :data:`_CACHE` when first needed)
_CODES: dict[str, CodeType] | None = None
#: how many were compiled in this run (written to :data:`_CACHE` at exit)
_COMPILED = 0


def _cache_file() -> str | None:
    """Where compiled methods are kept between runs: where the interpreter keeps this module's
    own bytecode (``__pycache__`` beside it, or under ``PYTHONPYCACHEPREFIX``), a file per
    Python; None for an interpreter that keeps no bytecode."""
    tag = sys.implementation.cache_tag
    if tag is None:
        return None
    here = os.path.dirname(os.path.abspath(__file__))
    name = f"dataclass-methods.{tag}.bin"
    if sys.pycache_prefix:
        return os.path.join(sys.pycache_prefix, os.path.splitdrive(here)[1].lstrip("\\/"), name)
    return os.path.join(here, "__pycache__", name)


#: where compiled methods are kept between runs (the same rules as the interpreter's .pyc files)
_CACHE = _cache_file()
#: at most this many methods are kept (a checkout whose classes keep changing starts afresh)
_CACHE_MAX = 2000


def _code(source: str) -> CodeType:
    """``source`` compiled (``exec`` mode, no ``__future__`` of this module), from the methods
    earlier runs compiled when it is among them. A method's code depends only on its source
    (the values it closes over are passed when it is made), so a code object kept by its
    source is the one ``compile`` would give; compiling costs about a quarter of a
    millisecond a method, and a ``rulings solve`` makes about thirty."""
    global _CODES, _COMPILED
    if _CODES is None:
        _CODES = _read_codes()
    code = _CODES.get(source)
    if code is None:
        code = _CODES[source] = compile(source, "<string>", "exec", dont_inherit=True)
        if not _COMPILED:
            atexit.register(_write_codes)
        _COMPILED += 1
    return code


def _read_codes() -> dict[str, CodeType]:
    """The methods kept by earlier runs; none when the file is missing, unreadable, of another
    Python or not such a table."""
    if _CACHE is None:
        return {}
    try:
        with open(_CACHE, "rb") as fh:
            magic, codes = marshal.loads(fh.read())  # one read (marshal.load reads piece by piece)
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    if magic != MAGIC_NUMBER or not isinstance(codes, dict):
        return {}
    return codes


def _write_codes() -> None:
    """Keep this run's methods with those of earlier runs (what another process wrote in the
    meantime included), unless bytecode is not to be written (``PYTHONDONTWRITEBYTECODE``,
    ``-B``); a directory that cannot be written is left alone."""
    if _CACHE is None or sys.dont_write_bytecode or not _CODES:
        return
    codes = _read_codes()
    if len(codes) + len(_CODES) > _CACHE_MAX:
        codes = {}
    codes.update(_CODES)
    temporary = f"{_CACHE}.{os.getpid()}"
    try:
        os.makedirs(os.path.dirname(_CACHE), exist_ok=True)
        with open(temporary, "wb") as fh:
            fh.write(marshal.dumps((MAGIC_NUMBER, codes)))
        os.replace(temporary, _CACHE)
    except OSError:
        with contextlib.suppress(OSError):
            os.remove(temporary)


def _on_first_call(cls: Any, name: str, make: Callable[[], Any]) -> Any:
    """A method that makes the real one on its first call, puts it in its place and runs it:
    a method never called in a run costs no compile, and once called it is the standard
    library's own code (the same speed)."""

    def first(self: Any, *args: Any) -> Any:
        real = make()
        if cls.__dict__.get(name) is first:
            setattr(cls, name, real)
        return real(self, *args)

    first.__name__ = name
    first.__qualname__ = f"{cls.__qualname__}.{name}"
    return first


def _tuple(obj: str, names: list[str]) -> str:
    """``(obj.a,obj.b,)`` as the standard library writes it (``()`` for no field)."""
    return f"({','.join(f'{obj}.{n}' for n in names)},)" if names else "()"


def _repr(cls: Any, names: list[str], globs: dict[str, Any]) -> Any:
    def make() -> Any:
        fields = ", ".join(f"{n}={{self.{n}!r}}" for n in names)
        source = f'def __repr__(self):\n return self.__class__.__qualname__ + f"({fields})"\n'
        return dataclasses._recursive_repr(_compiled(cls, "__repr__", source, globs))  # type: ignore[attr-defined]

    return _on_first_call(cls, "__repr__", make)


def _eq(cls: Any, names: list[str], globs: dict[str, Any]) -> Any:
    def make() -> Any:
        source = (f"def __eq__(self,other):\n if other.__class__ is self.__class__:\n"
                  f"  return {_tuple('self', names)}=={_tuple('other', names)}\n return NotImplemented\n")
        return _compiled(cls, "__eq__", source, globs)

    return _on_first_call(cls, "__eq__", make)


def _set_hash(cls: Any, unsafe_hash: bool, eq: bool, frozen: bool, explicit: bool, names: list[str],
              globs: dict[str, Any]) -> None:
    """The standard library's table of what becomes of ``__hash__``."""
    if unsafe_hash and explicit:
        raise TypeError(f"Cannot overwrite attribute __hash__ in class {cls.__name__}")
    if not unsafe_hash and (not eq or explicit):
        return
    if not unsafe_hash and not frozen:
        cls.__hash__ = None
        return

    def make() -> Any:
        return _compiled(cls, "__hash__", f"def __hash__(self):\n return hash({_tuple('self', names)})\n", globs)

    cls.__hash__ = _on_first_call(cls, "__hash__", make)


def _frozen_setattr(cls: Any, names: tuple[str, ...]) -> Callable[[Any, str, Any], None]:
    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    __setattr__.__qualname__ = f"{cls.__qualname__}.__setattr__"
    return __setattr__


def _frozen_delattr(cls: Any, names: tuple[str, ...]) -> Callable[[Any, str], None]:
    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    __delattr__.__qualname__ = f"{cls.__qualname__}.__delattr__"
    return __delattr__
