"""Command-line parameter values taken as they are, without building pydantic validators.

Start-up: typer (0.2x) turns every command-line value into its annotated type through a
pydantic ``TypeAdapter``, built the first time the parameter is read; importing pydantic and
building the adapters of one ``rulings solve`` costs about 100 ms, more than parsing,
solving and printing the bundled case together.

This CLI's parameters are ``str``, ``bool``, ``int`` (with bounds), ``Path``, ``list[Path]`` and string
enums. :func:`install` gives typer's parameters a coercion that takes a value which plainly
is one of those as it is: a string for ``str``, a string of ASCII digits or an int within the
bounds for ``int``, a non-empty string for ``Path`` (then typer's own path checks), a member
or a member's exact value for an enum. Any other value, and any other annotation, goes to
typer's own coercion, so every error message and every edge case stays typer's.

It relies on two names inside typer (``typer.core._TyperParameter.get_runtime_param`` and
``typer._coercion.build_runtime_param``); when a typer release no longer has them,
:func:`install` does nothing and typer coerces everything itself (slower to start, same
results). ``tests/test_cli_startup.py`` checks both: the same values as typer's coercion, and
no pydantic import for ``rulings solve``.
"""

from __future__ import annotations

import enum
import os
from pathlib import Path
from typing import Any, get_args, get_origin

_MISSING = object()


class _PlainParam:
    """typer's ``RuntimeParam`` contract (``coerce(value, param, ctx)``) for plain values,
    handing anything else to typer's own runtime parameter (built on first need)."""

    def __init__(self, descriptor: Any, kind: str, item: Any, build: Any) -> None:
        self.descriptor = descriptor
        self.kind = kind  # "str", "bool", "int", "path", "enum"
        self.item = item  # the annotation of one value
        self.many = get_origin(descriptor.annotation) is list
        self._build = build
        self._typer: Any = None

    def _fallback(self) -> Any:
        if self._typer is None:
            self._typer = self._build(self.descriptor)
        return self._typer

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        multi = param.multiple or param.nargs == -1
        if value is None:
            return () if multi else None
        if multi != self.many or (multi and isinstance(value, str)):
            return self._fallback().coerce(value, param=param, ctx=ctx)
        if self.many:
            if not isinstance(value, (list, tuple)):
                return self._fallback().coerce(value, param=param, ctx=ctx)
            out = [self._one(v, param, ctx) for v in value]
            if any(v is _MISSING for v in out):
                return self._fallback().coerce(value, param=param, ctx=ctx)
            return out
        got = self._one(value, param, ctx)
        if got is _MISSING:
            return self._fallback().coerce(value, param=param, ctx=ctx)
        return got

    def _one(self, value: Any, param: Any, ctx: Any) -> Any:
        info = self.descriptor.parameter_info
        if self.kind == "str":
            return value if isinstance(value, str) else _MISSING
        if self.kind == "bool":
            return value if isinstance(value, bool) else _MISSING
        if self.kind == "int":
            if isinstance(value, bool):
                return _MISSING
            if isinstance(value, str) and value.isascii() and value.isdigit():
                number = int(value)
            elif type(value) is int:
                number = value
            else:
                return _MISSING
            if (info.min is not None and number < info.min) or (info.max is not None and number > info.max):
                return _MISSING  # typer says what the bounds are
            return number
        if self.kind == "enum":
            if isinstance(value, self.item):
                return value
            if isinstance(value, str):
                return next((m for m in self.item if m.value == value), _MISSING)
            return _MISSING
        # a path: typer's own checks (exists, readable ...) on the Path made here
        if isinstance(value, str) and value and "\x00" not in value:
            from typer._param_types import coerce_cli_path

            return coerce_cli_path(Path(value), info, path_type=Path, param=param, ctx=ctx)
        return _MISSING


def _kind(descriptor: Any) -> tuple[str, Any] | None:
    """What a plain value of this parameter is (``None``: typer coerces it)."""
    info = descriptor.parameter_info
    if descriptor.file_annotation is not None or info.parser is not None or info.clamp:
        return None
    annotation = descriptor.annotation
    if get_origin(annotation) is list:
        args = get_args(annotation)
        if len(args) != 1:
            return None
        annotation = args[0]
    if annotation is str:
        return "str", str
    if annotation is bool:  # a flag's value (None when absent: typer's --help)
        return "bool", bool
    if annotation is int:
        return "int", int
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return "enum", annotation
    if annotation is Path and info.path_type is None and not info.resolve_path and not info.allow_dash:
        return "path", Path
    return None


def install() -> bool:
    """Give typer's parameters the plain coercion; return whether it is in place."""
    if os.environ.get("RULINGS_TYPER_COERCION"):  # for comparing against typer's own
        return False
    try:
        from typer import core
        from typer._coercion import build_runtime_param
    except ImportError:
        return False
    parameter = getattr(core, "_TyperParameter", None)
    if parameter is None or not hasattr(parameter, "get_runtime_param"):
        return False
    if getattr(parameter.get_runtime_param, "plain", False):
        return True

    def get_runtime_param(self: Any) -> Any:
        if getattr(self, "_runtime_param", None) is None:
            descriptor = self.type_descriptor
            found = _kind(descriptor)
            self._runtime_param = (_PlainParam(descriptor, found[0], found[1], build_runtime_param) if found is not None
                                   else build_runtime_param(descriptor))
        return self._runtime_param

    get_runtime_param.plain = True  # type: ignore[attr-defined]
    parameter.get_runtime_param = get_runtime_param
    return True
