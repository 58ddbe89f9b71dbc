"""The clause catalogue (``data/clauses.tsv``): every rule cites a clause id from it.

>>> book = ClauseBook.load()
>>> book.get("62B1", "2017").title
"Defender's unfaced revoke card"
>>> book.get("16D1", "2007").edition
'2007'
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from rulings.models.compiled import mypyc_attr
from rulings.models.dataclass import dataclass


@dataclass(frozen=True, slots=True)
class Clause:
    id: str
    edition: str  # "both", "2017" or "2007"
    title: str
    effect: str

    def applies_to(self, edition: str) -> bool:
        return self.edition in ("both", edition)


#: the columns of clauses.tsv, in order
_FIELDS = ("id", "editions", "title", "effect")


@mypyc_attr(native_class=False)
class UnknownClauseError(KeyError):
    """A clause id that clauses.tsv does not hold for that edition."""


class ClauseBook:
    """All clauses, keyed by (id, edition)."""

    def __init__(self, clauses: list[Clause]) -> None:
        self._by_id: dict[str, list[Clause]] = {}
        for c in clauses:
            self._by_id.setdefault(c.id, []).append(c)

    @classmethod
    @cache
    def load(cls) -> ClauseBook:
        """The clauses of ``data/clauses.tsv``: a header line (``id``, ``editions``, ``title``,
        ``effect``), then a clause a line, its four fields separated by tabs (no quoting: a
        field holds no tab; read by splitting, not by the csv module, whose import alone
        costs more than reading the file)."""
        lines = [line for line in package_text("data/clauses.tsv").splitlines() if line]
        header = lines[0].split("\t")
        if header != list(_FIELDS):
            raise ValueError(f"clauses.tsv: the header is {header}, not {list(_FIELDS)}")
        clauses = []
        for number, line in enumerate(lines[1:], 2):
            fields = line.split("\t")
            if len(fields) != len(_FIELDS):
                raise ValueError(f"clauses.tsv: {len(fields)} fields, not {len(_FIELDS)}, in line {number}: {line[:40]!r}")
            clauses.append(Clause(*fields))
        return cls(clauses)

    def get(self, clause_id: str, edition: str) -> Clause:
        """Return the clause as it stands in ``edition``. Raises UnknownClauseError."""
        for c in self._by_id.get(clause_id, []):
            if c.applies_to(edition):
                return c
        raise UnknownClauseError(f"clause {clause_id!r} does not exist in the {edition} Laws")

    def has(self, clause_id: str, edition: str) -> bool:
        return any(c.applies_to(edition) for c in self._by_id.get(clause_id, []))

    def ids(self, edition: str) -> list[str]:
        return sorted({c.id for cs in self._by_id.values() for c in cs if c.applies_to(edition)})


def package_text(name: str) -> str:
    """A data file of this package (``data/...``): read beside this module, an installed
    package or a checkout, without importing importlib.resources (a start-up cost of about
    10 ms); through importlib.resources only for a zipped install."""
    here = Path(__file__).parent / name
    try:
        return here.read_text(encoding="utf-8")
    except OSError:
        from importlib.resources import files

        return files("rulings.solver").joinpath(name).read_text(encoding="utf-8")
