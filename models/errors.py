"""Errors, split by cause, each able to point at the input (file, line, token)."""

from __future__ import annotations


class RulingError(Exception):
    """Base of every error this package raises on purpose.

    ``file``, ``line`` and ``token`` locate the offending input when known; ``str()`` gives
    one line: ``cases/x.yaml:14: bad card 'SX'``.
    """

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        token: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.token = token
        self.index: int | None = None  # position in a batch of events, when raised by one

    def located(self, *, file: str | None = None, line: int | None = None) -> RulingError:
        """Fill in a location not yet known (keeps one already set) and return self."""
        if self.file is None:
            self.file = file
        if self.line is None:
            self.line = line
        return self

    def at(self, event: object, *, file: str | None = None) -> RulingError:
        """Locate this error at the record line ``event`` came from (an event of
        :mod:`rulings.models.events`): its file line, or, for a line read with none (a record
        of a JSON lines test set), its place in the ``play`` list named in the message
        (``play[3] 'E SA': ...``), the record's own line being filled in by its reader. Keeps a
        location already set; returns self."""
        line, entry = getattr(event, "line", None), getattr(event, "entry", None)
        if self.line is None and line is None and entry is not None and not self.message.startswith("play["):
            quoted = f"'{event}'"
            if self.message.startswith(quoted):
                self.message = f"play[{entry}] {self.message}"
            elif quoted in self.message:
                self.message = f"play[{entry}]: {self.message}"
            else:
                self.message = f"play[{entry}] {quoted}: {self.message}"
            self.args = (self.message,)
        return self.located(file=file, line=line)

    def __str__(self) -> str:
        where = ""
        if self.file is not None:
            where = self.file + (f":{self.line}" if self.line is not None else "") + ": "
        elif self.line is not None:
            where = f"line {self.line}: "
        return where + self.message


class NotationError(RulingError, ValueError):
    """Bad card, seat, deal, contract or play-line text."""


class IllegalActionError(RulingError, ValueError):
    """An action that is impossible here (a card not in that hand, played twice)."""


class AmbiguousError(RulingError, ValueError):
    """Text with more than one reading."""


class InconsistentRecordError(RulingError, ValueError):
    """A record that contradicts itself (card dealt twice, unequal hands)."""


class CaseFileError(RulingError, ValueError):
    """A case file that cannot be read (malformed YAML, missing or unknown field)."""


class BudgetError(RulingError):
    """A ruling that needs more expanded nodes than its budget allows (a result needing the
    whole ruling, such as a claim, cannot be given)."""
