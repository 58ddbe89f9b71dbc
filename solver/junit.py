"""JUnit XML of ``rulings verify`` (``--junit FILE``): a test case per case file, its failed
claims (with counterexamples) as the failure text. Test cases are written to a spool file as
they come and the report is put together at the end, so memory stays flat in the number of
files."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import IO
from xml.sax.saxutils import escape, quoteattr

from rulings.solver.verify import FileOutcome


class JUnitWriter:
    """Collects outcomes into ``path`` (written by :meth:`close`)."""

    def __init__(self, path: Path, suite: str = "rulings verify") -> None:
        self.path = path
        self.suite = suite
        self.tests = self.failures = self.errors = 0
        self._spool: IO[str] = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115 (closed by close())

    def add(self, rep: FileOutcome) -> None:
        self.tests += 1
        p = Path(rep.file)
        classname = ".".join(p.parent.parts) or "."
        head = f'  <testcase classname={quoteattr(classname)} name={quoteattr(p.name)}>'
        if rep.status == "crash":
            self.errors += 1
            body = f'<error message={quoteattr("internal error: " + rep.message)}/>'
        elif rep.status == "error":
            self.failures += 1
            body = f'<failure message={quoteattr(rep.message)}/>'
        elif rep.status == "fail":
            self.failures += 1
            text = "\n".join([*(f"  note: {n}" for n in rep.notes),
                              *(line + (f"\n       {extra}" if extra else "") for ok, line, extra in rep.lines if not ok)])
            body = f'<failure message={quoteattr(f"{rep.failed} claim(s) failed")}>{escape(text)}</failure>'
        else:
            body = ""
        self._spool.write(f"{head}{body}</testcase>\n")

    def close(self) -> None:
        self._spool.seek(0)
        with self.path.open("w", encoding="utf-8") as out:
            out.write('<?xml version="1.0" encoding="utf-8"?>\n<testsuites>\n')
            out.write(f'<testsuite name={quoteattr(self.suite)} tests="{self.tests}" failures="{self.failures}" '
                      f'errors="{self.errors}" skipped="0">\n')
            for line in self._spool:
                out.write(line)
            out.write("</testsuite>\n</testsuites>\n")
        self._spool.close()
