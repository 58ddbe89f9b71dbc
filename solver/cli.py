"""The ``rulings`` command line: a thin shell over the library.

Exit codes: 0 ok; 1 an error in the input (named with file, line and token) or a failed
claim (``verify`` also counts a ruling stopped at its node budget as failed: its claims cannot
be decided); 2 a usage error; 3 an internal error (a bug of this package, never of the input:
reported with the file it happened on); 4 ``solve`` stopped at its node budget (``--budget``):
the restorations found so far were written, with a message saying so.
"""

from __future__ import annotations

import codecs
import contextlib
import itertools
import json
import sys
from collections.abc import Iterator
from importlib.resources import as_file, files
from itertools import islice
from pathlib import Path
from typing import Annotated

import typer

from rulings.models.errors import RulingError
from rulings.solver.casefile import load
from rulings.solver.engine import DEFAULT_BUDGET, Budget
from rulings.solver.export import write_graph, write_ruling_json
from rulings.solver.render import Style, claim_line, make_console, restoration_line, ruling_view
from rulings.solver.ruling import Ruling
from rulings.solver.summary import director_script, unique
from rulings.solver.verify import verify_paths

#: exit code of an internal error (a bug), distinct from 1 (the input) and 2 (the usage)
EXIT_BUG = 3
#: exit code of ``solve`` when it stopped at its node budget (a partial result was written)
EXIT_BUDGET = 4
#: the largest --limit / count accepted (more than any ruling or disk can hold)
MAX_COUNT = 10**12
BUDGET_HELP = f"Expand at most this many nodes of the ruling (default {DEFAULT_BUDGET}); a ruling stopped there says so."

app = typer.Typer(
    name="rulings",
    help="Solve play-period rulings under the Laws of Duplicate Bridge.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)

BUNDLED_CASE = "data/example-47d.yaml"


def _error(err: RulingError) -> typer.Exit:
    typer.echo(f"error: {err}", err=True)
    return typer.Exit(1)


@contextlib.contextmanager
def _guard(where: object) -> Iterator[None]:
    """Input errors exit 1; any other exception is a bug of this package: a short report
    naming the file it happened on, exit :data:`EXIT_BUG` (never a traceback)."""
    try:
        yield
    except RulingError as err:
        raise _error(err) from None
    except (typer.Exit, typer.Abort, KeyboardInterrupt, SystemExit, GeneratorExit):
        raise
    except OSError as err:  # the machine, not the input nor a bug: a directory not writable, a disk full
        typer.echo(f"error: {err.filename or where}: {err.strerror or err}", err=True)
        raise typer.Exit(1) from None
    except BaseException as err:
        raise _bug(err, where) from None


def _bug(err: BaseException, where: object) -> typer.Exit:
    text = str(err)
    text = text if len(text) <= 200 else text[:197] + "..."
    typer.echo(f"internal error (a bug in rulings, not in the input) while ruling {where}: "
               f"{type(err).__name__}: {text}", err=True)
    typer.echo("please report it with that file", err=True)
    return typer.Exit(EXIT_BUG)


_REPLACED = {"count": 0}


def _replace_unencodable(err: UnicodeError) -> tuple[str, int]:
    """Output never fails on a character the terminal cannot encode: '?' instead (counted)."""
    if not isinstance(err, UnicodeEncodeError):
        raise err
    _REPLACED["count"] += err.end - err.start
    return "?" * (err.end - err.start), err.end


codecs.register_error("rulings-replace", _replace_unencodable)


def _safe_streams() -> None:
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(Exception):
                reconfigure(errors="rulings-replace")


def _say_replaced() -> None:
    if _REPLACED["count"]:
        with contextlib.suppress(Exception):
            sys.stderr.write(f"note: {_REPLACED['count']} character(s) could not be encoded for this output and were written as '?'\n")
        _REPLACED["count"] = 0


def _budget_note(budget: Budget, found: int) -> str:
    return (f"stopped at the node budget: {budget.expanded} nodes expanded, {found} restorations found so far "
            f"(the ruling is not complete; raise --budget to go further)")


@app.command()
def solve(
    case: Annotated[Path | None, typer.Argument(help="Case file (YAML or JSON). Default: the bundled Law 47D case.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Write only JSON to stdout.")] = False,
    graph: Annotated[Path | None, typer.Option("--graph", help="Write the ruling graph: .dot, .graphml or .json.")] = None,
    ascii_: Annotated[bool, typer.Option("--ascii", help="Suits as S H D C instead of symbols.")] = False,
    limit: Annotated[int | None, typer.Option("--limit", min=1, max=MAX_COUNT, help="Stop after this many restorations.")] = None,
    explain: Annotated[bool, typer.Option("--explain", help="Print the director's script: what to say at the table, in order.")] = False,
    budget: Annotated[int, typer.Option("--budget", min=1, max=MAX_COUNT, help=BUDGET_HELP)] = DEFAULT_BUDGET,
) -> None:
    """Show the deal, what happened, the irregularity, the ruling tree and every restoration."""
    where = case if case is not None else "the bundled case"
    spent = Budget(budget)
    with _guard(where):
        if case is None:
            with as_file(files("rulings.solver").joinpath(BUNDLED_CASE)) as path:
                loaded = load(path)
        else:
            loaded = load(case)
        ruling = Ruling(loaded)
        stream = unique(ruling.restorations(budget=spent))
        if as_json and graph is None:
            count = write_ruling_json(sys.stdout, ruling, stream, limit=limit, budget=spent)
            if spent.exhausted:
                typer.echo(_budget_note(spent, count), err=True)
                raise typer.Exit(EXIT_BUDGET)
            return
        found = list(islice(stream, limit) if limit is not None else stream)
        truncated = limit is not None and next(stream, None) is not None
    if graph is not None:
        with _guard(where):
            try:
                write_graph(ruling, graph, limit=None if limit is None else limit * 20, budget=Budget(budget))
            except (ValueError, OSError) as err:
                typer.echo(f"error: {graph}: {err}", err=True)
                raise typer.Exit(1) from None
    with _guard(where):
        if as_json:
            write_ruling_json(sys.stdout, ruling, found, truncated=truncated, budget=spent)
            if spent.exhausted:
                typer.echo(_budget_note(spent, len(found)), err=True)
                raise typer.Exit(EXIT_BUDGET)
            return
        console = make_console(soft_wrap=explain)
        if explain:
            style = Style("ascii" if ascii_ else "unicode")
            for line in director_script(ruling, found):
                console.print(style.words(line))
        else:
            console.print(ruling_view(ruling, found, Style("ascii" if ascii_ else "unicode"), truncated=truncated))
            if graph is not None:
                console.print(f"graph written to {graph}", markup=False)
        if spent.exhausted:
            console.print(_budget_note(spent, len(found)), markup=False, style="yellow")
            raise typer.Exit(EXIT_BUDGET)


@app.command()
def verify(
    paths: Annotated[list[Path], typer.Argument(help="Case files or directories (searched recursively).")],
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only failures and the summary.")] = False,
    budget: Annotated[int, typer.Option("--budget", min=1, max=MAX_COUNT, help=BUDGET_HELP)] = DEFAULT_BUDGET,
) -> None:
    """Check every ``expect`` claim of the cases; the last line is ``N passed, M failed``.

    A file that makes the solver fail unexpectedly (a bug) is reported as ``CRASH`` and the
    others are still verified; the run then exits with the internal-error code."""
    console = make_console(soft_wrap=True)
    passed = failed = cases = crashes = 0
    with _guard(paths[0] if len(paths) == 1 else "the given paths"):
        reports = verify_paths(list(paths), budget)
        first = next(reports, None)
    for rep in itertools.chain([first] if first is not None else [], reports):
        cases += 1
        if rep.crash is not None:
            crashes += 1
            failed += 1
            console.print(f"CRASH {rep.file}: internal error (a bug in rulings, not in the input): {rep.crash}",
                          markup=False, style="red")
            continue
        if rep.error is not None:
            failed += 1
            console.print(f"FAIL {rep.file}: error: {rep.error}", markup=False, style="red")
            continue
        passed += rep.passed
        failed += rep.failed
        title = rep.case.title if rep.case is not None and rep.case.title else ""
        head = f"{'ok  ' if rep.failed == 0 else 'FAIL'} {rep.file}: {len(rep.results)} claims, {len(rep.restorations)} restorations"
        if rep.failed == 0 and quiet:
            continue
        console.print(head + (f"  ({title})" if title else ""), markup=False, style=None if rep.failed == 0 else "red")
        for res in rep.results:
            if res.passed and quiet:
                continue
            console.print(claim_line(res), markup=False)
            if not res.passed:
                if res.counterexample is not None:
                    console.print("       counterexample: " + restoration_line(res.counterexample), markup=False)
                elif res.claim.quantifier == "sometimes":
                    console.print("       no restoration satisfies it", markup=False)
    console.print(f"{cases} case files", markup=False)
    console.print(f"{passed} passed, {failed} failed" + (f", {crashes} internal errors" if crashes else ""), markup=False)
    if crashes:
        raise typer.Exit(EXIT_BUG)
    if failed:
        raise typer.Exit(1)


@app.command()
def coverage(
    paths: Annotated[list[Path], typer.Argument(help="Case files or directories.")],
    as_json: Annotated[bool, typer.Option("--json", help="Write only JSON to stdout.")] = False,
    show_uncovered: Annotated[bool, typer.Option("--uncovered", help="List the clauses no case applies.")] = False,
    budget: Annotated[int, typer.Option("--budget", min=1, max=MAX_COUNT, help=BUDGET_HELP)] = DEFAULT_BUDGET,
) -> None:
    """Which clauses of clauses.tsv the cases' restorations apply, per edition."""
    from rulings.solver.coverage import EDITIONS, measure

    with _guard(paths[0] if len(paths) == 1 else "the given paths"):
        cov = measure(list(paths), budget)
    reports = [cov.report(e) for e in EDITIONS]
    if as_json:
        sys.stdout.write(json.dumps({"editions": reports, "errors": cov.errors, "internal_errors": cov.crashes},
                                    indent=2, sort_keys=True) + "\n")
        if cov.crashes:
            raise typer.Exit(EXIT_BUG)
        return
    console = make_console(soft_wrap=True)
    for rep in reports:
        console.print(f"Laws {rep['edition']}: {rep['cases']} cases apply {rep['covered']} of {rep['clauses']} clauses", markup=False)
        for clause, files_ in rep["by_clause"].items():
            console.print(f"  {clause:<8} {len(files_):>4} case(s)", markup=False)
        if show_uncovered:
            console.print("  not applied: " + " ".join(rep["uncovered"]), markup=False)
    for e in cov.errors:
        console.print(f"error: {e}", markup=False)
    for e in cov.crashes:
        console.print(f"CRASH {e}", markup=False)
    if cov.crashes:
        raise typer.Exit(EXIT_BUG)
    if cov.errors:
        raise typer.Exit(1)


@app.command()
def generate(
    count: Annotated[int, typer.Argument(min=1, max=MAX_COUNT, help="How many random cases.")],
    out: Annotated[Path, typer.Option("--out", help="Directory to write the YAML case files to.")] = Path("generated"),
    seed: Annotated[int, typer.Option("--seed", help="Random seed (same seed, same cases).")] = 0,
    laws: Annotated[str, typer.Option("--laws", help="Edition: 2017 or 2007.")] = "2017",
    with_count: Annotated[bool, typer.Option("--expect-count", help="Add the solver's 'count N' as a claim (regression data, not a ruling).")] = False,
    kind: Annotated[str, typer.Option("--kind", help="Irregularity: revoke, misplay (45D), exposure (a defender's card, 49/50), lead (out of turn, 55/56), fifth (45E), simultaneous (58), established (revokes played to the end, 64) or mixed (two or three of exposure, revoke, lead, misplay, change of designation in one record).")] = "revoke",
) -> None:
    """Write random positions with one irregularity as case files (for testing other bridge software)."""
    from rulings.solver.generate import KINDS, write_kind_cases

    if laws not in ("2017", "2007"):
        raise typer.BadParameter("--laws must be 2017 or 2007")
    if kind not in KINDS:
        raise typer.BadParameter(f"--kind must be one of {', '.join(KINDS)}")
    if out.exists() and not out.is_dir():
        typer.echo(f"error: --out {out}: exists and is not a directory", err=True)
        raise typer.Exit(1)
    with _guard(out):
        written = write_kind_cases(kind, count, seed, out, edition=laws)
        if with_count:
            for path in written:
                case = load(path)
                n = sum(1 for _ in Ruling(case).restorations())
                with path.open("a", encoding="utf-8") as fh:
                    fh.write(f"expect:\n  - count {n}\n")
    typer.echo(f"wrote {len(written)} case files to {out}")


def main() -> None:
    _safe_streams()
    try:
        app()
    finally:
        _say_replaced()


if __name__ == "__main__":
    main()
