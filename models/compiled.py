"""``mypyc_attr``: how a class is compiled when the package is built with mypyc.

``@mypyc_attr(native_class=False)`` keeps a class an ordinary Python class in a compiled
build (mypyc reads the decorator by its name, ``mypy_extensions.mypyc_attr``); run
interpreted (and so always, in a checkout) it returns the class as it is, and
``mypy_extensions`` need not be installed. This module is never compiled itself.
:func:`compiled_build` says whether the installed engine is compiled (``rulings --version``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__all__ = ["Object", "compiled_build", "mypyc_attr"]

#: ``object``, for an annotation in a data class's body: a compiled build makes the class's
#: ``__annotations__`` by loading each type by its name from the module's globals, where a
#: builtin is not found (``object``) but this alias is
Object = object

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:
    def mypyc_attr(*attrs: str, **kwattrs: Any) -> Any:
        """The class as it is (see the module)."""
        return lambda cls: cls


def compiled_build() -> bool:
    """Whether this install's engine is compiled (``make fast``): ``rulings.models.table``,
    compiled in every such build, is found as an extension module (only the package
    ``rulings.models`` is imported to look)."""
    from importlib.machinery import EXTENSION_SUFFIXES
    from importlib.util import find_spec

    spec = find_spec("rulings.models.table")
    return spec is not None and spec.origin is not None and spec.origin.endswith(tuple(EXTENSION_SUFFIXES))
