"""The ``rulings`` command line: a thin shell over the library.

Exit codes: 0 ok; 1 an error in the input (named with file, line and token) or a failed
claim; 2 a usage error; 3 an internal error (a bug in bridge-rulings, not in the input: the
message names the command and, for ``verify``, the file; please report it). A reader of
standard output that stops early (``| head``) ends a command quietly, with exit 1 (typer's
handling of a closed pipe).

No ``from __future__ import annotations`` here: typer reads each command's annotations, and
string annotations would be compiled and evaluated (about 200 of them) on every start.
"""

import gc
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

# Start-up: the modules a command loads make objects that live as long as the process, and a
# cycle collection while they load walks them all for nothing (about 8 ms of a ``rulings
# solve``): collection is paused while this module loads typer and while a command loads its
# modules (see _loading), and resumes after, with what they made counted as old (_aged)
_COLLECTING = gc.isenabled()
gc.disable()


def _aged() -> None:
    """Put every object the collector tracks in its oldest generation. A paused collector
    still counts what is made: resumed as it is, its next young collection would walk every
    object of the modules just loaded (about 10 ms of a ``rulings solve``, for nothing). In
    the oldest generation they are walked only by a full collection, which a short command
    seldom reaches; nothing is frozen (a library user's objects stay collectable)."""
    gc.freeze()  # moves every generation into the permanent one and clears the young count ...
    gc.unfreeze()  # ... which goes back whole into the oldest generation

import typer  # noqa: E402

from rulings.solver import cliparams  # noqa: E402

if TYPE_CHECKING:
    from typing import TextIO

    from rulings.models.case import Case, DecisionSetting
    from rulings.models.errors import RulingError
    from rulings.solver.dds import RulingFigures
    from rulings.solver.engine import Restoration
    from rulings.solver.ruling import Ruling
    from rulings.solver.summary import TreeItem

# Start-up: each command imports the engine, the rules and the renderer it needs when it
# runs, so ``rulings --help`` loads only typer; help is plain text (typer's rich help
# formatter costs more to import than the rest of the start-up together).

# typer's own coercion of parameter values imports pydantic (about 100 ms): plain values are
# taken as they are (see rulings.solver.cliparams; the same values and the same errors)
cliparams.install()

app = typer.Typer(
    name="rulings",
    help="Solve play-period rulings under the Laws of Duplicate Bridge.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    rich_markup_mode=None,
)



@contextmanager
def _loading() -> Iterator[None]:
    """A command's modules load with the cycle collector paused (see above)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        _aged()
        gc.enable()


BUNDLED_CASE = "data/example-47d.yaml"
#: nodes of the ruling graph a command expands at most (``--budget``): far above any ruling of
#: a real record (the largest cascades need a few thousand), low enough that a hostile or
#: absurd record stops within seconds and a few hundred MB
DEFAULT_BUDGET = 50_000
#: restorations listed at most when no --limit is given (all are still counted)
DEFAULT_SHOWN = 1_000


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        from rulings.models.compiled import compiled_build

        engine = "engine compiled with mypyc" if compiled_build() else "engine interpreted"
        try:
            typer.echo(f"rulings {version('bridge-rulings')} ({engine})")
        except PackageNotFoundError:
            typer.echo(f"rulings (not installed as a package; {engine})")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")] = False,
) -> None:
    """Solve play-period rulings under the Laws of Duplicate Bridge."""


class Laws(StrEnum):
    """The editions of the Laws a rule set exists for."""

    L2017 = "2017"
    L2007 = "2007"


class Kind(StrEnum):
    """The irregularities ``generate`` draws (the same as ``generate.KINDS``; a test keeps
    them equal; listed here so that ``--help`` imports nothing of the engine)."""

    REVOKE = "revoke"
    MISPLAY = "misplay"
    EXPOSURE = "exposure"
    LEAD = "lead"
    FIFTH = "fifth"
    SIMULTANEOUS = "simultaneous"
    ESTABLISHED = "established"
    DESIGNATION = "designation"
    DEFECTIVE = "defective"
    MIXED = "mixed"


def _load_bundled_case() -> "Case":
    """The bundled Law 47D case, read beside this module (an installed package or a
    checkout), else through importlib.resources (a zipped install)."""
    from rulings.solver.casefile import load

    here = Path(__file__).parent / BUNDLED_CASE
    if here.is_file():
        return load(here)
    from importlib.resources import as_file, files

    with as_file(files("rulings.solver").joinpath(BUNDLED_CASE)) as path:
        return load(path)


def _need_dask(scheduler: str | None) -> None:
    """``--scheduler`` needs the optional Dask extra: say so (exit 2) when it is absent."""
    if scheduler is None:
        return
    try:
        import distributed  # noqa: F401
    except ImportError:
        typer.echo("error: --scheduler needs dask.distributed: pip install 'bridge-rulings[dask]'", err=True)
        raise typer.Exit(2) from None


def _need_scheduler(scheduler: str | None) -> None:
    """``--scheduler``: the Dask extra present (:func:`_need_dask`) and an address it can
    read (``host:port``, ``tcp://host:port``, a host it can find), checked before any work is
    done or any output file opened; a bad one is a usage error (exit 2)."""
    _need_dask(scheduler)
    if scheduler is None:
        return
    from rulings.solver.parallel import scheduler_address_problem

    problem = scheduler_address_problem(scheduler)
    if problem is not None:
        typer.echo(f"error: --scheduler {scheduler!r}: {problem}", err=True)
        raise typer.Exit(2)


def _output_problem(path: Path) -> str | None:
    """Why ``path`` cannot be written as an output file (it is a directory, its directory
    does not exist, it may not be written), or None: checked before the work, so that a bad
    output path costs nothing."""
    import os

    if path.is_dir():
        return "is a directory, not a file"
    parent = path.parent
    if not parent.is_dir():
        return f"cannot be written: no directory {str(parent)!r}" if not parent.exists() else f"cannot be written: {str(parent)!r} is not a directory"
    if (path.exists() and not os.access(path, os.W_OK)) or (not path.exists() and not os.access(parent, os.W_OK | os.X_OK)):
        return "cannot be written: permission denied"
    return None


def _check_output(path: Path | None, option: str) -> None:
    """Exit 1 naming the file and ``option`` when ``path`` cannot be written (see
    :func:`_output_problem`)."""
    if path is None or str(path) == "-":
        return
    problem = _output_problem(path)
    if problem is not None:
        typer.echo(f"error: {path}: {problem} ({option})", err=True)
        raise typer.Exit(1)


def _write_failed(path: Path, err: OSError, option: str) -> typer.Exit:
    """An output file that could not be written after all (a disk full, a file removed): exit 1."""
    typer.echo(f"error: {path}: cannot be written: {err.strerror or err} ({option})", err=True)
    return typer.Exit(1)


def _attention_seat(attention: str | None) -> str | None:
    """``--attention``: a seat (N, E, S, W) or TD, as the case's ``attention`` line takes it
    (any case); another value is a usage error (exit 2), before the file is read."""
    if attention is None:
        return None
    word = attention.strip().upper()
    if word not in ("N", "E", "S", "W", "TD"):
        raise typer.BadParameter(f"{attention!r}: expected the seat that drew attention (N, E, S or W) or TD",
                                 param_hint="'--attention'")
    return word


def _is_test_set(path: Path) -> bool:
    """Whether ``path`` is a test set of ``generate`` (``solve SET --board N`` reads its N-th record)."""
    from rulings.solver.readsets import is_test_set_file

    return is_test_set_file(path)


def _record_options(game: int | None, attention: str | None) -> None:
    """``--board N`` on a test set: the options that go with a board file only are usage errors."""
    for given, name in ((game, "--game"), (attention, "--attention")):
        if given is not None:
            raise typer.BadParameter("goes with a .pbn or .lin file; a test set's record is a case whose play draws "
                                     "attention itself (--board N picks the N-th record)", param_hint=f"'{name}'")


def _board_options(board: int | None, game: int | None, attention: str | None) -> None:
    """A case file (not a board file or a test set): ``--board``, ``--game`` and ``--attention``
    pick nothing in it, so each is a usage error rather than ignored."""
    for given, name in ((board, "--board"), (game, "--game"), (attention, "--attention")):
        if given is not None:
            raise typer.BadParameter("goes with a .pbn or .lin file (or --board with a test set of generate); a case "
                                     "file holds one record", param_hint=f"'{name}'")


#: the help of ``--decision`` (the switches are named in the error of a bad one: listing them
#: here would import the rule configuration for ``--help``)
DECISION_HELP = ("Rule with a decision switch of docs/decisions.md turned: NAME=on or NAME=off (repeatable; "
                 "'-' may stand for '_'). It overrides the case's own 'decisions:' field (a PBN or LIN file's Decisions tag) for "
                 "that switch; the output "
                 "names every switch that differs from the defaults.")


def _decision_settings(tokens: "list[str] | None") -> "tuple[DecisionSetting, ...]":
    """``--decision NAME=on|off`` values as settings of the command line; a name that is no
    switch, a value that is not on or off, or one switch given both ways is an error naming
    the option and the token (exit 1)."""
    if not tokens:
        return ()
    from rulings.solver.config import parse_option

    out: dict[str, DecisionSetting] = {}
    for token in tokens:
        try:
            setting = parse_option(token)
        except ValueError as err:
            typer.echo(f"error: --decision {token!r}: {err}", err=True)
            raise typer.Exit(1) from None
        before = out.get(setting.name)
        if before is not None and before.value != setting.value:
            typer.echo(f"error: --decision {token!r}: {setting.name} is given both on and off", err=True)
            raise typer.Exit(1)
        out[setting.name] = setting
    return tuple(out.values())


def _turned(settings: "tuple[DecisionSetting, ...]") -> dict[str, bool]:
    """The switches ``settings`` turn from the defaults, by name (the ``decisions`` of a JSON report)."""
    if not settings:
        return {}
    from rulings.solver.config import differing, from_settings

    return differing(from_settings(settings))


def _turned_text(turned: dict[str, bool]) -> str:
    """The switches :func:`_turned` gives, as the text outputs say them (``NAME off, ...``)."""
    return ", ".join(f"{k} {'on' if v else 'off'}" for k, v in turned.items())


def _error(err: "RulingError") -> typer.Exit:
    typer.echo(f"error: {err}", err=True)
    return typer.Exit(1)


def _note_passed_over(errors: "list[RulingError]", taken: "dict[str, object]") -> None:
    """Say on stderr each game of a board file passed over, with its error, before the one
    taken when no ``--board`` or ``--game`` is given (the first game that reads)."""
    for err in errors:
        typer.echo(f"note: {err} (passed over: {taken.get('source')} is the first game that reads)", err=True)


BOARD_SUFFIXES = (".pbn", ".lin")
#: the suffixes of a case file (YAML or JSON), which ``rulings new`` does not read as a board file
CASE_SUFFIXES = (".yaml", ".yml", ".json", ".jsonl")
#: the suffixes of --out that name a test set's file (its --format), never a directory (a
#: ``.yaml`` name is a case file's too: without --format or --with-ruling it stays the directory)
SET_SUFFIXES = (".jsonl", ".pbn", ".lin")
GAME_HELP = ("The game of the board (a board played at several tables is recorded once a table), "
             "or of the file without --board, counted from 1 in file order.")

#: the end of a case ``new`` writes: the ruling to write as claims (docs/case-format.md)
EXPECT_SKELETON = """\
# The ruling as claims, checked by 'rulings verify' (docs/case-format.md, "Claims"):
# expect:
#   - count 1                          # how many distinct restorations the Laws allow
#   - always: E penalty H4 major       # true of every restoration
#   - sometimes: S withdraws SA        # true of at least one
#   - never: W plays SK                # true of none
#   - always: S refuses => lead W      # every restoration where the left holds has the right
"""


@app.command()
def new(
    source: Annotated[Path, typer.Argument(help="A .pbn or .lin file (read through endplay, the 'dds' extra), or a test set (generate --format jsonl|yaml) with --board N.")],
    board: Annotated[int | None, typer.Option("--board", min=1, help="The board number (default: the first board with a contract). With a test set: the record number, counted from 1 in file order (its case is written).")] = None,
    attention: Annotated[str | None, typer.Option("--attention", help="End the play with 'attention <seat>'.")] = None,
    out: Annotated[Path | None, typer.Option("--out", help="Write the case here (default: standard output).")] = None,
    game: Annotated[int | None, typer.Option("--game", min=1, help=GAME_HELP)] = None,
    laws: Annotated[Laws | None, typer.Option("--laws", help="The edition of the Laws the case says (laws:); default: the file's Laws tag, else 2017 (docs/pbn-lin.md).")] = None,
) -> None:
    """Write a YAML case skeleton from a board of a PBN or LIN file (or a record of a test set), to edit and solve."""
    import yaml

    from rulings.models.boardfile import FieldLines, board_case
    from rulings.models.case import parse_case
    from rulings.models.errors import CaseFileError, RulingError
    from rulings.solver.casefile import checked

    attention = _attention_seat(attention)
    _check_output(out, "--out")
    tag_lines: FieldLines = {}
    suffix = source.suffix.lower()
    test_set = suffix not in BOARD_SUFFIXES and _is_test_set(source)
    if test_set and board is None:
        raise typer.BadParameter(f"{source} is a test set: --board N names its record to write (the N-th, counted from 1 "
                                 "in file order)", param_hint="'--board'")
    try:
        if test_set and board is not None:
            from rulings.solver.readsets import record_mapping_at

            _record_options(game, attention)
            data = dict(record_mapping_at(source, board)[0])
        elif suffix in CASE_SUFFIXES:
            what = ("a JSON lines file whose first line is no test-set record ({\"id\", \"case\"}: generate --format jsonl)"
                    if suffix == ".jsonl" else f"a case file ({suffix[1:].upper()}), which is edited as it is ('rulings "
                    "solve FILE' rules it)")
            raise CaseFileError(f"not a PBN or LIN file: {what}; 'rulings new' writes a case from a board of a .pbn or "
                                ".lin file, or from a record of a test set (--board N)", file=str(source), line=1,
                                token=source.name)
        else:
            passed: list[RulingError] = []
            data = board_case(source, board, attention, game, passed_over=passed, lines=tag_lines)
            _note_passed_over(passed, data)
        if laws is not None:
            data["laws"] = int(laws.value)
        # what solve reads: a case it refuses (a switch of its Decisions tag that does not exist too) is not written
        checked(parse_case(data, file=str(source), lines=tag_lines or None)).replay()
    except RulingError as err:
        raise _error(err) from None
    prompt = "To fill in: the facts the director found and the reasoning of the ruling, clause by clause."
    data["notes"] = f"{data['notes']} {prompt}" if data.get("notes") else prompt
    # the edition, said (the file's, else the default: 2017), after the source as docs/case-format.md orders it
    data = {**{k: v for k, v in data.items() if k in ("title", "source")}, "laws": data.get("laws", 2017),
            **{k: v for k, v in data.items() if k not in ("title", "source", "laws")}}
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
    if "expect" not in data:  # the claims: the record's own (a test set's --expect-count), else a skeleton to fill in
        text += EXPECT_SKELETON
    if out is None:
        sys.stdout.write(text)
    else:
        try:
            out.write_text(text, encoding="utf-8")
        except OSError as err:
            raise _write_failed(out, err, "--out") from None
        typer.echo(f"case written to {out}", err=True)


@app.command()
def solve(
    case: Annotated[Path | None, typer.Argument(help="Case file (YAML or JSON); - reads standard input. Default: the bundled Law 47D case.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Write only JSON to stdout.")] = False,
    graph: Annotated[Path | None, typer.Option("--graph", help="Write the ruling graph: .dot, .graphml or .json.")] = None,
    ascii_: Annotated[bool, typer.Option("--ascii", help="Suits as S H D C instead of symbols.")] = False,
    limit: Annotated[int | None, typer.Option("--limit", min=1, max=sys.maxsize, help="Stop after this many restorations.")] = None,
    explain: Annotated[bool, typer.Option("--explain", help="Print the director's script: what to say at the table, in order.")] = False,
    budget: Annotated[int, typer.Option("--budget", min=1, max=sys.maxsize, help="Expand at most this many nodes of the ruling graph; the restorations found by then are shown.")] = DEFAULT_BUDGET,
    board: Annotated[int | None, typer.Option("--board", min=1, help="With a .pbn or .lin file: the board number (default: the first board with a contract). With a test set (JSON lines records, or a YAML stream of records: generate --format jsonl|yaml): the record number, counted from 1 in file order.")] = None,
    attention: Annotated[str | None, typer.Option("--attention", help="With a .pbn or .lin file: the seat that draws attention after the recorded play (N, E, S, W or TD).")] = None,
    pbn: Annotated[Path | None, typer.Option("--pbn", help="Also write each restoration listed as a PBN game (restored play; clause path, penalty cards and information as commentary).")] = None,
    lin: Annotated[Path | None, typer.Option("--lin", help="Also write the case and its ruling as one LIN board (the cards as played; the record, the edition of the Laws and the ruling as nt commentary). A case from trick 1 only (docs/pbn-lin.md).")] = None,
    dds: Annotated[bool, typer.Option("--dds", help="Add the double-dummy figures (endplay, the 'dds' extra): declarer's tricks from each restored position, obligations honoured, and the Law 64C verdict (docs/dds.md).")] = False,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, max=256, help="With --dds: worker processes for DDS (default 1: in this process; DDS never runs in threads).")] = 1,
    game: Annotated[int | None, typer.Option("--game", min=1, help=f"With a .pbn or .lin file: {GAME_HELP}")] = None,
    markers: Annotated[bool, typer.Option("--markers/--no-markers", help="With PBN output: mark a lead out of turn ^L and a revoke card ^R (PBN 3.9); --no-markers writes the cards alone, for readers that refuse the markers (endplay 0.5).")] = True,
    laws: Annotated[Laws | None, typer.Option("--laws", help="Rule under this edition of the Laws, whatever the case says (its laws:; a .pbn or .lin file: its Laws tag, else 2017).")] = None,
    decision: Annotated[list[str] | None, typer.Option("--decision", metavar="NAME=on|off", help=DECISION_HELP)] = None,
) -> None:
    """Show the deal, what happened, the irregularity, the ruling tree and every restoration."""
    with _loading():
        from rulings.models.errors import RulingError
        from rulings.solver.casefile import load
        from rulings.solver.ruling import Ruling

    if dds:
        from rulings.solver.dds import MISSING, available

        if not available():
            typer.echo(f"error: {MISSING}", err=True)
            raise typer.Exit(1)
    attention = _attention_seat(attention)
    settings = _decision_settings(decision)
    _check_output(pbn, "--pbn")
    _check_output(lin, "--lin")
    _check_output(graph, "--graph")
    try:
        if case is None:
            loaded = _load_bundled_case()
        elif str(case) == "-":
            from rulings.solver.casefile import MAX_BYTES, decode, loads

            raw = sys.stdin.buffer.read(MAX_BYTES + 1)
            if len(raw) > MAX_BYTES:
                raise RulingError(f"standard input is larger than {MAX_BYTES:,} bytes", file="<stdin>", line=1)
            loaded = loads(decode(raw, "<stdin>"), file="<stdin>")
        elif board is not None and case.suffix.lower() not in BOARD_SUFFIXES and _is_test_set(case):
            from rulings.solver.readsets import record_at

            _record_options(game, attention)
            loaded = record_at(case, board)
        elif case.suffix.lower() in BOARD_SUFFIXES:
            from rulings.models.boardfile import FieldLines, board_case
            from rulings.models.case import parse_case
            from rulings.solver.casefile import checked

            passed: list[RulingError] = []
            tag_lines: FieldLines = {}
            mapping = board_case(case, board, attention, game, passed_over=passed, lines=tag_lines, fallback="TD")
            _note_passed_over(passed, mapping)
            if laws is not None:
                mapping["laws"] = int(laws.value)
            # (the switches of its Decisions tag, checked as a case file's, at the tag's line)
            loaded = checked(parse_case(mapping, file=str(case), lines=tag_lines or None))
        else:
            _board_options(board, game, attention)
            loaded = load(case)
        if laws is not None and loaded.laws != laws.value:
            from dataclasses import replace

            loaded = replace(loaded, laws=laws.value)
        if settings:
            from rulings.solver.config import with_settings

            loaded = with_settings(loaded, settings)
        if lin is not None:
            _check_lin(loaded, lin)
        ruling = Ruling(loaded)
        stream = ruling.restorations(budget=budget)
        if not as_json and not explain and pbn is None and lin is None and not dds:
            _solve_text(ruling, stream, limit=limit, budget=budget, graph=graph, ascii_=ascii_)
            return
        from rulings.solver.summary import KeySet, unique

        cap = limit if limit is not None else DEFAULT_SHOWN
        seen = KeySet()  # memory stays small up to the budget
        found: list[Restoration] = []
        for r in unique(islice(stream, limit) if limit is not None else stream, seen):
            if len(found) < cap:  # listed; the rest only counted (memory stays bounded)
                found.append(r)
        total = len(seen)
        truncated = total > len(found) or (limit is not None and next(stream, None) is not None)
        _close(stream)
    except RulingError as err:
        raise _error(err) from None
    if graph is not None:
        _write_graph(ruling, graph, limit, budget)
    _note_exhausted(ruling, budget, total)
    if total > len(found):
        typer.echo(f"note: {total:,} restorations found, the first {len(found):,} listed (--limit lists more)", err=True)
    if pbn is not None:
        from rulings.models.errors import CaseFileError
        from rulings.solver.export import write_pbn

        try:
            text = write_pbn(ruling, found, markers=markers)
        except CaseFileError as err:  # a restored play PBN cannot hold (docs/pbn-lin.md): nothing is written
            typer.echo(f"error: {pbn}: {err.message}; nothing written (--json gives the ruling)", err=True)
            raise typer.Exit(1) from None
        try:
            pbn.write_text(text, encoding="ascii", errors="replace", newline="")
        except OSError as err:
            typer.echo(f"error: {pbn}: {err}", err=True)
            raise typer.Exit(1) from None
    if lin is not None:
        from rulings.solver.export import write_lin

        try:
            lin.write_text(write_lin(ruling, found, truncated=truncated, budget=budget, found=total), encoding="utf-8", newline="")
        except OSError as err:
            typer.echo(f"error: {lin}: {err}", err=True)
            raise typer.Exit(1) from None
    figures = None
    if dds:
        from rulings.solver.dds import evaluate_ruling

        figures = evaluate_ruling(ruling, found, jobs=jobs)
    if as_json:
        from rulings.solver.export import play_ended, ruling_json

        data = ruling_json(ruling, [], truncated=truncated, budget=budget, found=total)
        data["count"] = len(found)
        if figures is not None:
            data["dds"] = figures.to_json()
        if explain:  # the director's script, as the text output gives it
            data["script"] = _script(ruling, found, figures)
        _write_json_streaming(data, found, figures, ended=play_ended(ruling.case))
        return
    from rulings.solver.render import make_console, ruling_view, style_for

    console = make_console(soft_wrap=explain, ascii_only=ascii_)
    style = style_for(console, "ascii" if ascii_ else "unicode")
    if explain:
        for line in _script(ruling, found, figures):
            console.print(style.words(line))
        return
    dd = {n: f.short() for n, f in figures.by_number.items()} if figures is not None else None
    console.print(ruling_view(ruling, found, style, truncated=truncated, dd=dd))
    if graph is not None:
        console.print(f"graph written to {graph}", markup=False)


def _check_lin(case: "Case", out: Path) -> None:
    """``solve --lin``: a case LIN cannot hold (one starting after trick 1, or whose opening
    lead is not declarer's left-hand opponent's, a record in parts, or one whose cards
    standing would not read back as the same play: :func:`lin_refusal`) is an error (exit 1)
    said before it is solved."""
    from rulings.solver.testsets import lin_refusal, parts_refusal

    why = lin_refusal(case)
    if why is not None:
        hint = (" (PBN can hold it: --pbn)" if case.trick > 1 or case.first_leader is not case.declarer.lho
                else " (--pbn writes the play of each restoration)" if parts_refusal(case) is not None
                else " (--pbn writes the play of each restoration where PBN can hold it)")
        typer.echo(f"error: {out}: the case cannot be written as a LIN board: {why}{hint}", err=True)
        raise typer.Exit(1)


def _close(stream: "Iterator[Restoration]") -> None:
    """End a stream of restorations left unfinished (``--limit``): what the ruling says once
    its paths are enumerated (a recorded line no path read) is said for those found."""
    close = getattr(stream, "close", None)
    if close is not None:
        close()


#: what the text output says of an irregularity the record shows that no restoration's
#: rulings met (``Ruling.not_met``: a ruling before it took it away)
NOT_MET = "met on no path (a ruling before it takes it away): "
#: said after the restorations of an irregularity of the record that a ruling before it may
#: change (``Ruling.unmet_so_far`` once the tree of decisions is built), listed there once, in
#: the form the paths rule it (``Ruling.irregularities`` then has that form)
AS_RULED = "as ruled on the paths: "
#: the same, where the paths were not all enumerated (``--limit``, a spent ``--budget``): as
#: the record shows it
AS_RECORDED = "as the record shows it (not every path ruled): "

#: restorations a page of the text output holds: the text output streams, page by page, so
#: its memory does not grow with --limit
TEXT_PAGE = 100


def _solve_text(ruling: "Ruling", stream: "Iterator[Restoration]", *, limit: int | None, budget: int, graph: Path | None,
                ascii_: bool) -> None:
    """The text output of ``solve``, streamed: the head (deal, record, irregularities, tree)
    first, then the restorations as they are found, a table of at most ``TEXT_PAGE`` rows at
    a time (one table, titled with the count, when they fit in one page), then the 16C
    information of those listed. The first ``--limit`` (default ``DEFAULT_SHOWN``) distinct
    restorations are listed and the rest counted: memory holds one page and the key (past
    1,000, a 16-byte digest) of each restoration, whatever the limit."""
    with _loading():
        from rulings.models.cards import Seat
        from rulings.models.errors import RulingError
        from rulings.solver.engine import Info
        from rulings.solver.render import (
            CHOICE_SAID,
            OPTIONS_DUE,
            information_panel,
            make_console,
            restorations_table,
            ruling_head,
            style_for,
        )
        from rulings.solver.summary import KeySet, ruling_tree, unique

    console = make_console(ascii_only=ascii_)
    style = style_for(console, "ascii" if ascii_ else "unicode")
    # (a notice that a ruling on a rectified table may take back is said after the restorations)
    said = set(ruling.notices) - ruling.provisional
    # the tree of decisions first: its paths meet irregularities of the record as it shows
    # them; the others, which a ruling before them may change, are listed once, after the
    # restorations, as the paths rule them (the reason that holds on the paths)
    items = ruling_tree(ruling)
    later = ruling.unmet_so_far
    held = frozenset(n for n in ruling.notices if n not in said)  # (and one its tree's paths gave: said after them)
    console.print(ruling_head(ruling, style, held_back=held, streamed=True, items=items, said_later=later))
    head = set(ruling.irregularities) - set(later)
    cap = limit if limit is not None else DEFAULT_SHOWN
    seen = KeySet()
    page: list[Restoration] = []
    infos: dict[Info, None] = {}
    withdrew: set[Seat] = set()  # (the seats whose cards the listed restorations withdrew)
    listed = 0
    paged = False
    try:
        for r in unique(islice(stream, limit) if limit is not None else stream, seen):
            if listed >= cap:
                continue  # counted, not listed
            listed += 1
            page.append(r)
            infos.update(dict.fromkeys(r.ledger))
            withdrew.update(w.seat for w in r.withdrawn)
            if len(page) == TEXT_PAGE:
                console.print(restorations_table(page, style, title=f"restorations {listed - len(page) + 1}-{listed}"))
                page, paged = [], True
        more = limit is not None and next(stream, None) is not None
        _close(stream)
    except RulingError as err:
        raise _error(err) from None
    total = len(seen)
    if not paged:
        console.print(restorations_table(page, style))
    else:
        if page:
            console.print(restorations_table(page, style, title=f"restorations {listed - len(page) + 1}-{listed}"))
        console.print(f"{listed} restorations", markup=False, style="bold")
    ruled = not more and not ruling.exhausted  # (every path enumerated: the paths' form is known)
    for irr in ruling.irregularities:
        if irr not in head:  # (one the head did not list: in the form the paths rule it)
            console.print(f"  {AS_RULED if ruled else AS_RECORDED}{style.words(irr)}", markup=False)
    for irr in ruling.found_later:  # irregularities a rule found only on a rectified table
        console.print(f"  found while ruling: {style.words(irr)}", markup=False)
    for irr in ruling.not_met:  # (the head did not list it: no path's rulings met it)
        console.print(f"  {NOT_MET}{style.words(irr)}", markup=False)
    for choice in ruling.choices:  # (no irregularity: each, wherever found, once the ruling is enumerated)
        console.print(f"  {CHOICE_SAID}{style.words(choice)}", markup=False)
    for due in ruling.options_due:  # (no irregularity, as the choices)
        console.print(f"  {OPTIONS_DUE}{style.words(due)}", markup=False)
    for n in ruling.notices:
        if n not in said:  # said while the restorations were found (a recorded choice no path took)
            console.print(f"  note: {n}", markup=False, style="yellow")
    if more:
        console.print(f"(stopped at --limit {listed}; there are more)", markup=False, style="yellow")
    console.print("")
    console.print(information_panel([], style, entries=sorted(infos, key=lambda i: (i.seat.index, i.card)), withdrawn=withdrew,
                                    dummy=ruling.case.declarer.partner))
    if graph is not None:
        _write_graph(ruling, graph, limit, budget)
        console.print(f"graph written to {graph}", markup=False)
    _note_exhausted(ruling, budget, total)
    if total > listed:
        typer.echo(f"note: {total:,} restorations found, the first {listed:,} listed (--limit lists more)", err=True)


def _write_graph(ruling: "Ruling", graph: Path, limit: int | None, budget: int) -> None:
    """``--graph``: write the ruling graph (at most 20 nodes per listed restoration), or exit 1
    naming the file."""
    from rulings.solver.export import write_graph

    try:
        write_graph(ruling, graph, limit=None if limit is None else limit * 20, budget=budget)
    except (ValueError, OSError) as err:
        typer.echo(f"error: {graph}: {err}", err=True)
        raise typer.Exit(1) from None


def _note_exhausted(ruling: "Ruling", budget: int, total: int) -> None:
    """Say on stderr that ``--budget`` stopped the enumeration before the ruling was complete."""
    if ruling.exhausted:
        typer.echo(f"note: stopped after expanding {ruling.expanded:,} nodes (--budget {budget:,}): the ruling is not complete; "
                   f"{total:,} restorations found so far", err=True)


def _script(ruling: "Ruling", found: "list[Restoration]", figures: "RulingFigures | None") -> list[str]:
    """The director's script; with ``--dds`` each option's double-dummy value under it and the
    figures of the restorations at the end."""
    from rulings.solver.summary import director_script

    if figures is None:
        return director_script(ruling, found)
    from rulings.solver.dds import figure_lines, option_values

    values = option_values(found, figures)

    def annotate(item: "TreeItem") -> list[str]:
        v = values.get(item.question)
        return [v.line() + "."] if v is not None else []

    return [*director_script(ruling, found, annotate=annotate), *figure_lines(figures)]


def _write_json_streaming(data: dict[str, object], restorations: "list[Restoration]",
                          figures: "RulingFigures | None" = None, *, ended: bool = False) -> None:
    """``data`` (with an empty ``restorations`` list) as indented JSON, the restorations written
    one at a time into it: the whole document is never one string in memory. ``figures``: each
    restoration's double-dummy figures as its ``dd`` (``--dds``); ``ended``: the record ends
    play (``export.play_ended``)."""
    import json

    from rulings.solver.export import restoration_json

    head, tail = json.dumps(data, indent=2, sort_keys=True).split('"restorations": []', 1)
    out = sys.stdout
    out.write(head + '"restorations": [')
    for k, r in enumerate(restorations):
        doc = restoration_json(r, ended=ended)
        if figures is not None and (fig := figures.by_number.get(r.number)) is not None:
            doc["dd"] = fig.to_json()
        item = json.dumps(doc, indent=2, sort_keys=True).replace("\n", "\n    ")
        out.write(("," if k else "") + "\n    " + item)
    out.write(("\n  ]" if restorations else "]") + tail + "\n")


@app.command()
def verify(
    paths: Annotated[list[Path], typer.Argument(help="Case files or directories (searched recursively); test sets (generate --format jsonl|yaml) given by name: each record's case is checked against its claims, reported as FILE#ID; PBN and LIN files given by name: each game, its claims from a PBN game's ExpectTable section or a LIN board's nt|bridge-rulings Expect ...| pairs, reported as FILE#N.")],
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only failures and the summary.")] = False,
    budget: Annotated[int, typer.Option("--budget", min=1, max=sys.maxsize, help="Expand at most this many nodes of each ruling; a case that needs more fails (its claims cannot be decided).")] = DEFAULT_BUDGET,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, max=256, help="Worker processes, each verifying chunks of files (same output, same order).")] = 1,
    scheduler: Annotated[str | None, typer.Option("--scheduler", help="Run the chunks on the Dask distributed scheduler at this address (the 'dask' extra).")] = None,
    junit: Annotated[Path | None, typer.Option("--junit", help="Also write the results as JUnit XML (a test case per file).")] = None,
    chunk: Annotated[int, typer.Option("--chunk", min=1, max=100_000, help="Files per chunk with --jobs or --scheduler.")] = 64,
    decision: Annotated[list[str] | None, typer.Option("--decision", metavar="NAME=on|off", help=DECISION_HELP + " Claims written for another reading then fail: which ones depend on it.")] = None,
) -> None:
    """Check every expect claim of the cases; the last line counts the case files (a test
    set's records each as one) and the claims, each passed and failed ('N case files: N passed,
    0 failed; M claims: ...').

    Results are printed as they come, one file at a time (memory stays flat in the number of files)."""
    from rulings.models.errors import RulingError
    from rulings.solver.junit import JUnitWriter
    from rulings.solver.render import make_console
    from rulings.solver.verify import file_head, stream_outcomes, verify_summary

    settings = _decision_settings(decision)
    _need_scheduler(scheduler)
    _check_output(junit, "--junit")
    console = make_console(soft_wrap=True)
    files_passed = files_failed = passed = failed = errors = crashed = 0
    if settings:
        from rulings.solver.config import command_line_text, from_settings

        from_settings(settings)  # (checks the names)
        console.print(f"decisions set on the command line: {command_line_text(settings)}", markup=False,
                      style="yellow")
    outcomes = stream_outcomes(list(paths), jobs=jobs, scheduler=scheduler, chunk=chunk, budget=budget, decisions=settings)
    writer = JUnitWriter(junit) if junit is not None else None
    try:
        while True:
            try:  # one outcome at a time: memory stays flat in the number of files
                rep = next(outcomes)
            except StopIteration:
                break
            except RulingError as err:
                raise _error(err) from None
            if writer is not None:
                writer.add(rep)
            if rep.status == "crash":
                files_failed += 1
                crashed += 1
                console.print(f"CRASH {rep.file}: internal error ({rep.message}); a bug in bridge-rulings, not in the file",
                              markup=False, style="red")
                continue
            if rep.status == "error":
                files_failed += 1
                errors += 1
                console.print(f"FAIL {rep.file}: error: {rep.message}", markup=False, style="red")
                continue
            passed += rep.passed
            failed += rep.failed
            if rep.failed:
                files_failed += 1
            else:
                files_passed += 1
            if rep.failed == 0 and quiet:
                continue
            console.print(file_head(rep), markup=False, style=None if rep.failed == 0 else "red")
            for note in rep.notes:
                console.print(f"  note: {note}", markup=False, style="yellow")
            for ok, line, extra in rep.lines:
                if ok and quiet:
                    continue
                console.print(line, markup=False)
                if extra:
                    console.print("       " + extra, markup=False)
    finally:
        if writer is not None and junit is not None:
            try:
                writer.close()
            except OSError as err:
                raise _write_failed(junit, err, "--junit") from None
    console.print(verify_summary(files_passed, files_failed, passed, failed, errors, crashed), markup=False)
    if crashed:
        raise typer.Exit(3)
    if files_failed:
        raise typer.Exit(1)


@app.command()
def coverage(
    paths: Annotated[list[Path], typer.Argument(help="Case files or directories; test sets (generate --format jsonl|yaml|pbn|lin) and PBN/LIN files given by name.")],
    as_json: Annotated[bool, typer.Option("--json", help="Write only JSON to stdout.")] = False,
    show_uncovered: Annotated[bool, typer.Option("--uncovered", help="List the clauses no case applies.")] = False,
    budget: Annotated[int, typer.Option("--budget", min=1, max=sys.maxsize, help="Expand at most this many nodes of each ruling; a case that needs more is listed under errors.")] = DEFAULT_BUDGET,
    decision: Annotated[list[str] | None, typer.Option("--decision", metavar="NAME=on|off", help=DECISION_HELP)] = None,
) -> None:
    """Which clauses of clauses.tsv the cases' restorations apply, per edition of which some
    case was read. Errors go to stderr as they are found; with errors and no case read, no
    report; a path with no case in it is said in a note on stderr."""
    import json

    from rulings.models.errors import RulingError
    from rulings.solver.coverage import EDITIONS, measure
    from rulings.solver.render import make_console

    settings = _decision_settings(decision)
    turned = _turned(settings)
    try:
        cov = measure(list(paths), budget, on_error=lambda text: typer.echo(text, err=True), decisions=settings)
    except RulingError as err:
        raise _error(err) from None
    for note in cov.notes:
        typer.echo(f"note: {note}", err=True)
    code = 3 if cov.crashes else 1 if cov.errors else 0  # (the same with and without --json)
    reports = [cov.report(e) for e in EDITIONS]
    if as_json:
        sys.stdout.write(json.dumps({"editions": reports, "errors": cov.errors, "internal_errors": cov.crashes,
                                     "notes": cov.notes, "decisions": turned}, indent=2, sort_keys=True) + "\n")
        if code:
            raise typer.Exit(code)
        return
    if code and not any(cov.cases.values()):
        typer.echo(f"error: no case read ({len(cov.errors) + len(cov.crashes)} error(s) above): no coverage to report", err=True)
        raise typer.Exit(code)
    console = make_console(soft_wrap=True)
    if turned:
        console.print(f"decisions set on the command line (not the defaults): {_turned_text(turned)}", markup=False)
    for rep in reports:
        if not rep["cases"]:  # an edition no case read is ruled under: nothing to say of it
            continue
        console.print(f"Laws {rep['edition']}: {rep['cases']} cases apply {rep['covered']} of {rep['clauses']} clauses", markup=False)
        for clause, files_ in rep["by_clause"].items():
            console.print(f"  {clause:<8} {len(files_):>4} case(s)", markup=False)
        console.print(f"  implemented, not exercised by these cases ({len(rep['unexercised'])}): " + " ".join(rep["unexercised"]), markup=False)
        console.print(f"  out of scope, no rule ({len(rep['out_of_scope'])}): " + " ".join(rep["out_of_scope"]), markup=False)
        if show_uncovered:
            console.print("  not applied: " + " ".join(rep["uncovered"]), markup=False)
    if code:
        typer.echo(f"{len(cov.errors) + len(cov.crashes)} case(s) or file(s) could not be read or ruled: "
                   "their errors are on stderr", err=True)
        raise typer.Exit(code)


@app.command()
def score(
    theirs: Annotated[Path, typer.Argument(help="Another engine's rulings: JSON lines {id, case, ruling}, or a YAML stream of such records in a .yaml file (docs/scoring.md).")],
    against: Annotated[Path | None, typer.Option("--against", help="Our rulings of the same cases (generate --with-ruling --format jsonl, or yaml to a .yaml file); default: solve each record's case.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Write only JSON to stdout.")] = False,
    decision: Annotated[list[str] | None, typer.Option("--decision", metavar="NAME=on|off", help=DECISION_HELP + " Without --against: ours are ruled under it.")] = None,
) -> None:
    """Agreement of another engine's rulings with ours, per clause and per law family; exit 1
    when some clause disagrees or some record of either file has no counterpart in the other."""
    import json

    from rulings.models.errors import RulingError
    from rulings.solver.score import lines
    from rulings.solver.score import score as run_score

    if decision and against is not None:
        raise typer.BadParameter("goes with our rulings made here (no --against): --against reads ours as they were "
                                 "ruled", param_hint="'--decision'")
    settings = _decision_settings(decision)
    try:
        result = run_score(theirs, against, settings)
    except RulingError as err:
        raise _error(err) from None
    except OSError as err:
        typer.echo(f"error: {err.filename}: {err.strerror}", err=True)
        raise typer.Exit(1) from None
    report = result.report()
    turned = _turned(settings)
    if turned:
        report["decisions"] = turned
    if as_json:
        sys.stdout.write(json.dumps(report, indent=2, sort_keys=True) + "\n")
    else:
        if turned:
            typer.echo(f"our rulings made with decisions set on the command line (not the defaults): {_turned_text(turned)}")
        for line in lines(report):
            typer.echo(line)
    if report["wrong_clauses"] or report["unmatched_ids"] or report["unanswered_ids"]:
        raise typer.Exit(1)


@app.command()
def generate(
    ctx: typer.Context,
    count: Annotated[int, typer.Argument(min=1, help="How many random cases (with --exhaustive: at most this many).")],
    out: Annotated[Path | None, typer.Option("--out", help="Without --format: the directory of YAML case files (default generated/), unless the name ends in .jsonl, .pbn or .lin (that --format). With --format: the one file the cases stream into ('-' for stdout; default generated.jsonl, generated.yaml, generated.pbn or generated.lin).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Random seed (same seed, same cases).")] = 0,
    laws: Annotated[Laws, typer.Option("--laws", help="Edition of the Laws.")] = Laws.L2017,
    with_count: Annotated[bool, typer.Option("--expect-count", help="Add the solver's 'count N' (its distinct restorations) as a claim to each case file, or to each record's case with --format jsonl|yaml|pbn|lin (PBN: its ExpectTable section; LIN: its nt|bridge-rulings Expect ...| pairs; regression data, not a ruling).")] = False,
    kind: Annotated[Kind, typer.Option("--kind", help="Irregularity: revoke, misplay (45D), exposure (a defender's card, 49/50), lead (out of turn, 55/56), fifth (45E), simultaneous (58), established (revokes played to the end, 64), designation (declarer's incomplete or changed designation of dummy's card, 45C4, 46, 47C/47D), defective (a card omitted from a trick, 67A1/67B1) or mixed (two or three of exposure, revoke, lead, misplay, change of designation in one record).")] = Kind.REVOKE,
    fmt: Annotated[str | None, typer.Option("--format", help="Stream the cases into one file: jsonl (a JSON object a line), yaml (one document each), pbn (one PBN game each, the record and ruling as commentary) or lin (one BBO LIN board a line, the record and ruling as nt commentary; records from trick 1: --full-hand or --exhaustive). Both carry every kind: a record its cards do not give back whole is also written line for line (PBN: its RecordTable section; LIN: one nt|bridge-rulings Record ...| pair a line), read back in preference to the cards; see docs/test-sets.md.")] = None,
    with_ruling: Annotated[bool, typer.Option("--with-ruling", help="Add each case's full expected ruling (the JSON of solve --json); implies --format jsonl when none is given (pbn, lin or yaml when --out ends so).")] = False,
    full_hand: Annotated[bool, typer.Option("--full-hand", help="Records start at trick 1 with every earlier card recorded.")] = False,
    exhaustive: Annotated[bool, typer.Option("--exhaustive", help="Every irregularity of the kind at every point of one deal and play (drawn from --seed, or --from), not a random sample.")] = False,
    source: Annotated[Path | None, typer.Option("--from", help="With --exhaustive: the case file whose deal, lawful play (from trick 1) and edition are used (--laws given: that edition instead; --seed does not go with it).")] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, max=256, help="With --format: worker processes (same output, same order, as one).")] = 1,
    progress: Annotated[bool, typer.Option("--progress/--no-progress", help="Progress bar on stderr (with --format, when stderr is a terminal).")] = True,
    scheduler: Annotated[str | None, typer.Option("--scheduler", help="With --format: make the cases on the Dask distributed scheduler at this address (the 'dask' extra).")] = None,
    markers: Annotated[bool, typer.Option("--markers/--no-markers", help="With PBN output: mark a lead out of turn ^L and a revoke card ^R (PBN 3.9); --no-markers writes the cards alone, for readers that refuse the markers (endplay 0.5).")] = True,
    decision: Annotated[list[str] | None, typer.Option("--decision", metavar="NAME=on|off", help=DECISION_HELP + " Each case written sets it in its 'decisions:' field (case files, --format jsonl|yaml; a PBN game or LIN board: its Decisions tag or field, docs/pbn-lin.md), and its ruling or count is made under it.")] = None,
) -> None:
    """Write random positions with one irregularity as case files (for testing other bridge software)."""
    from rulings.solver.generate import KINDS, write_kind_cases

    settings = _decision_settings(decision)
    decisions = {s.name: s.value for s in settings}
    laws_, kind_ = laws.value, kind.value
    assert kind_ in KINDS
    suffix = out.suffix.lower() if out is not None else ""
    if fmt is None and (with_ruling or exhaustive or suffix in SET_SUFFIXES):
        # one file: the format follows --out's suffix, JSON lines when it says nothing (a name
        # ending in a set's suffix is that file, never a directory of case files so named)
        fmt = "yaml" if suffix in (".yaml", ".yml") else suffix[1:] if suffix in (".pbn", ".lin") else "jsonl"
    _generate_options(ctx, fmt, scheduler=scheduler, jobs=jobs, source=source, exhaustive=exhaustive, full_hand=full_hand)
    if fmt is not None:
        if fmt == "pbn" and not markers:
            fmt = "pbn-plain"
        _generate_stream(count, kind_, seed, laws_, fmt, out, with_ruling=with_ruling, full_hand=full_hand,
                         exhaustive=exhaustive, source=source, jobs=jobs, progress=progress, scheduler=scheduler,
                         with_count=with_count, laws_given=_given(ctx, "laws"), decisions=decisions)
        return
    out = out if out is not None else Path("generated")
    if out.exists() and not out.is_dir():
        typer.echo(f"error: {out}: exists and is not a directory (--out names the directory the cases are written to)", err=True)
        raise typer.Exit(1)
    try:
        written = write_kind_cases(kind_, count, seed, out, edition=laws_, full_hand=full_hand, decisions=decisions)
    except OSError as err:
        raise _write_failed(Path(err.filename) if err.filename else out, err, "--out") from None
    if with_count:
        from rulings.solver.casefile import load
        from rulings.solver.ruling import Ruling
        from rulings.solver.summary import unique

        for path in written:
            case = load(path)
            n = sum(1 for _ in unique(Ruling(case).restorations()))  # distinct, as the claim counts
            with path.open("a", encoding="utf-8") as fh:
                fh.write(f"expect:\n  - count {n}\n")
    typer.echo(f"wrote {len(written)} case files to {out}", err=True)


def _given(ctx: typer.Context, name: str) -> bool:
    """Whether the option ``name`` (its parameter's name) was given on the command line."""
    source = ctx.get_parameter_source(name)
    return source is not None and source.name == "COMMANDLINE"


def _generate_options(ctx: typer.Context, fmt: str | None, *, scheduler: str | None, jobs: int, source: Path | None,
                      exhaustive: bool, full_hand: bool = False) -> None:
    """``generate``: an option that would do nothing with the others given is a usage error
    (exit 2), said before any work is done."""
    fmt_ = fmt.split("-")[0] if fmt is not None else None
    if source is not None and not exhaustive:
        raise typer.BadParameter("--from goes with --exhaustive")
    if fmt_ is None:
        if scheduler is not None:
            raise typer.BadParameter("--scheduler goes with --format (the cases streamed into one file); "
                                     "a directory of case files is written by this process", param_hint="'--scheduler'")
        if jobs > 1:
            raise typer.BadParameter("-j goes with --format (the cases streamed into one file); "
                                     "a directory of case files is written by one process", param_hint="'--jobs' / '-j'")
    if _given(ctx, "markers") and fmt_ != "pbn":
        raise typer.BadParameter("--markers and --no-markers go with PBN output (--format pbn)", param_hint="'--markers'")
    if fmt_ == "lin" and not exhaustive and not full_hand:
        raise typer.BadParameter("a LIN board gives the 13 cards of each hand (its md pair; LIN has no end position), and random "
                                 "records start at any trick with the cards left then: add --full-hand (records from trick 1, "
                                 "every card recorded), or write --format pbn", param_hint="'--format'")
    if source is not None and _given(ctx, "seed"):
        raise typer.BadParameter("--seed draws the deal of an exhaustive set; with --from the deal is the case file's",
                                 param_hint="'--seed'")


def _generate_stream(count: int, kind: str, seed: int, laws: str, fmt: str, out: Path | None, *, with_ruling: bool,
                     full_hand: bool, exhaustive: bool, source: Path | None, jobs: int, progress: bool,
                     scheduler: str | None = None, with_count: bool = False, laws_given: bool = False,
                     decisions: dict[str, bool] | None = None) -> None:
    """``generate --format``: records written to one file as they are made (in order, also
    with worker processes), a progress bar on stderr; ``decisions``: the switches each case
    sets (over those of a ``--from`` case)."""
    from collections.abc import Callable, Iterable
    from typing import Any

    from rulings.models.errors import RulingError
    from rulings.solver.generate import GenerationError
    from rulings.solver.testsets import (
        EXHAUSTIVE_KINDS,
        FORMATS,
        PlayedDeal,
        exhaustive_cases,
        mapping_record_text,
        random_record_text,
    )

    _need_scheduler(scheduler)
    if fmt not in FORMATS and fmt != "pbn-plain":
        raise typer.BadParameter(f"--format must be one of {', '.join(FORMATS)}")
    if source is not None and not exhaustive:
        raise typer.BadParameter("--from goes with --exhaustive")
    task: Callable[[Any], str]
    jobs_in: Iterable[Any]
    if exhaustive:
        if kind not in EXHAUSTIVE_KINDS:
            raise typer.BadParameter(f"--exhaustive enumerates --kind {', '.join(EXHAUSTIVE_KINDS)}")
        try:
            if source is not None:
                from rulings.solver.casefile import load

                played = PlayedDeal.of_case(load(source))
                if laws_given:  # --laws rules the set under that edition, whatever the case file says
                    played.edition = laws
                played.decisions.update(decisions or {})  # (the command line over the case file, as in solve)
            else:
                played = PlayedDeal.random(seed, laws)
                played.decisions.update(decisions or {})
            made = list(islice(exhaustive_cases(kind, played), count))
        except (RulingError, GenerationError) as err:
            typer.echo(f"error: {err}", err=True)
            raise typer.Exit(1) from None
        task, total = mapping_record_text, len(made)
        jobs_in = [(name, m, with_ruling, fmt, k + 1, with_count) for k, (name, m) in enumerate(made)]
    else:
        task = random_record_text
        chosen = tuple((decisions or {}).items())
        jobs_in = ((kind, seed, i, laws, full_hand, with_ruling, fmt, with_count, chosen) for i in range(count))
        total = count
    target = out if out is not None else Path(f"generated.{fmt.split('-')[0]}")
    to_stdout = str(target) == "-"
    if not to_stdout and target.is_dir():
        typer.echo(f"error: {target}: is a directory (with --format, --out names the one file the cases stream into)", err=True)
        raise typer.Exit(1)
    if not to_stdout:
        _check_output(target, "--out")
    # the file is opened (and an older one replaced) when the first case is made: a failure
    # before it (a scheduler that cannot be reached) leaves an existing file as it was
    stream: Any = sys.stdout if to_stdout else _LazyFile(target)
    try:
        head = ""
        if fmt.startswith("pbn"):
            from rulings.models.boardfile import PBN_HEADER

            head = PBN_HEADER
        written = _stream_records(task, jobs_in, total, jobs, stream, progress and sys.stderr.isatty(), scheduler, head)
    except OSError as err:
        if to_stdout and isinstance(err, BrokenPipeError):
            raise  # the reader of standard output stopped reading (| head): the command ends quietly (main)
        raise _write_failed(target, err, "--out") from None
    except RulingError as err:
        raise _error(err) from None
    finally:
        if isinstance(stream, _LazyFile):
            stream.close()
    if not to_stdout:
        typer.echo(f"wrote {written} cases to {target}", err=True)


class _LazyFile:
    """A text file for ``generate --format --out``, opened for writing at its first write."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fh: TextIO | None = None

    def write(self, text: str) -> int:
        if self._fh is None:
            self._fh = self.path.open("w", encoding="utf-8", newline="\n")
        return self._fh.write(text)

    def flush(self) -> None:
        if self._fh is not None:
            self._fh.flush()

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()


def _stream_records(task: object, jobs_in: object, total: int, jobs: int, out: object, bar: bool,
                    scheduler: str | None = None, head: str = "") -> int:
    """Run ``task`` on each job (in ``jobs`` processes, chunks of jobs each), writing each
    result to ``out`` in job order as it comes (``head`` before the first); returns how many
    were written."""
    from typing import Any

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from rulings.solver.parallel import ordered_map

    fn: Any = task
    fh: Any = out
    written = 0
    progress = Progress(TextColumn("generating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                        console=Console(stderr=True), disable=not bar)
    with progress:
        bar_id = progress.add_task("cases", total=total)
        for text in ordered_map(fn, jobs_in, jobs=jobs, scheduler=scheduler,  # type: ignore[arg-type]
                                chunk=max(1, min(64, total // (jobs * 8) or 1))):
            if head:
                fh.write(head)
                head = ""
            fh.write(text)
            written += 1
            progress.advance(bar_id)
    if head:  # (no case made: the file holds the head alone)
        fh.write(head)
    fh.flush()
    return written


_REPLACED = False


def _replace_once(err: UnicodeError) -> tuple[str, int]:
    """Codec error handler: an unencodable character is shown as '?' (said once, at exit)."""
    global _REPLACED
    _REPLACED = True
    if isinstance(err, UnicodeEncodeError):
        return "?" * (err.end - err.start), err.end
    raise err


def _safe_streams() -> None:
    """Output never fails on a character the terminal cannot encode (a lone surrogate in a
    title, symbols on a Latin-1 stream): it is replaced, and the user is told once."""
    import codecs

    codecs.register_error("rulings-replace", _replace_once)
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="rulings-replace")


def main() -> None:
    """The ``rulings`` entry point: input errors exit 1 (the commands say why); anything else
    is a bug, reported briefly with exit code 3, never as a traceback."""
    _safe_streams()
    try:
        _run()
    finally:
        # the process ends here: the cycle collector's passes at exit would walk every object
        # of every module loaded (about a tenth of a small command's time) only to free memory
        # the process gives back anyway; frozen objects are left out of those passes (files
        # are closed and the streams flushed as ever)
        gc.freeze()


@contextmanager
def _named_command_only() -> Iterator[None]:
    """Start-up: typer makes every command (its parameters, their types, their help) before
    it runs one, about 2 ms for the six. When the first argument is a command's name, the
    group is made with that command alone: it parses, runs, helps and fails as in the whole group (its
    usage line and its errors are its own). Anything else (no command, an option first, a
    misspelt name, for which typer suggests the near ones) keeps them all."""
    commands = app.registered_commands
    named = sys.argv[1] if len(sys.argv) > 1 else None
    only = [c for c in commands if c.callback is not None
            and (c.name or typer.main.get_command_name(c.callback.__name__)) == named]
    if len(only) == 1:
        app.registered_commands = only
    try:
        yield
    finally:
        app.registered_commands = commands


def _run() -> None:
    try:
        with _named_command_only():
            app(standalone_mode=True)
    except SystemExit as done:
        if _REPLACED:
            sys.stderr.write("note: some characters could not be shown in this terminal's encoding and were replaced by '?'\n")
        raise done
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        raise SystemExit(130) from None
    except RecursionError:
        sys.stderr.write(f"internal error: the ruling is too deep (RecursionError) while running 'rulings {' '.join(sys.argv[1:])}'; "
                         "a bug in bridge-rulings, not in the input\n")
        raise SystemExit(3) from None
    except Exception as err:
        sys.stderr.write(f"internal error: {type(err).__name__}: {err} while running 'rulings {' '.join(sys.argv[1:])}'; "
                         "a bug in bridge-rulings, not in the input: please report it\n")
        raise SystemExit(3) from None


if _COLLECTING:  # this module has loaded (see above)
    _aged()
    gc.enable()

if __name__ == "__main__":
    main()
