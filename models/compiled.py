"""``mypyc_attr``: how a class is compiled when the package is built with mypyc.

``@mypyc_attr(native_class=False)`` keeps a class an ordinary Python class in a compiled
build (mypyc reads the decorator by its name, ``mypy_extensions.mypyc_attr``); run
interpreted (and so always, in a checkout) it returns the class as it is, and
``mypy_extensions`` need not be installed. This module is never compiled itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__all__ = ["Object", "mypyc_attr"]

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
