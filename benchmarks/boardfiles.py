"""Every board of every PBN and LIN file under a directory, read as ``rulings new`` and
``rulings solve FILE`` read it (``python benchmarks/boardfiles.py DIR [--group N] [--show K]``).

Each file is loaded once (:func:`load_games`); each of its games is then read alone by
:func:`board_case` (through an ``iter_games`` that yields only that game, so a file whose
board numbers repeat, one game a table, has each game read) and replayed as the case
:func:`parse_case` makes of it. The outcome of each game:

* ``read``: a case that replays;
* ``refused``: a RulingError with a file and a line (what the CLI prints as ``file:line:``,
  exit 1), counted by its message with numbers, cards and quoted text taken out;
* ``unlocated``: a RulingError with no line;
* ``internal``: any other exception (a traceback at the CLI).

Counts are printed by group (the first N parts of the file's path under DIR, default 2) and
by producer (the file's ``Generator`` tag, else its extension), then up to K examples of each
kind of refusal, of each unlocated error and of each internal error with its traceback.
Also run through the CLI (in-process) on the first board of each file: its exit code must be
0 or 1, never a traceback.

``--big FILE --mib N`` instead writes FILE over and over to a temporary PBN file of about N
MiB and prints the wall time and peak memory of ``rulings new BIG --board B`` for its first
board, and for the last game of the file (``--game``), each in a fresh process.
"""

from __future__ import annotations

import argparse
import collections
import functools
import re
import resource
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any
from unittest import mock

from typer.testing import CliRunner

from rulings.models import boardfile
from rulings.models.case import parse_case
from rulings.models.errors import RulingError
from rulings.solver.cli import app


def producer(path: Path) -> str:
    if path.suffix.lower() == ".lin":
        return "LIN"
    head = path.read_bytes()[:20000].decode("latin-1")
    m = re.search(r'\[Generator\s+"([^"]*)"', head)
    if m:
        return "PBN " + re.sub(r"[\d.]+", "", m.group(1)).strip()
    return "PBN"


def kind(message: str) -> str:
    text = re.sub(r"'[^']*'|\"[^\"]*\"", "…", message)
    text = re.sub(r"\b[SHDC][2-9TJQKA]\b", "C", text)
    text = re.sub(r"\b[NESW]\b", "X", text)
    return re.sub(r"\d+", "#", text)[:110]


def power(card: str, led: str, trumps: str | None) -> int:
    rank = "23456789TJQKA".index(card[1])
    return 200 + rank if card[0] == trumps else 100 + rank if card[0] == led else rank


def oddity(data: dict[str, Any]) -> str:
    """A revoke or a lead out of turn in the play as read (none is possible in a file from
    a program that enforces the rules, such as BBO's, so one there is a wrong reading)."""
    hands = dict(zip("NESW", [h.split(".") for h in data["deal"][2:].split()], strict=True))
    first = "NESW"["NESW".index(data["deal"][0]):] + "NESW"[: "NESW".index(data["deal"][0])]
    held = {seat: {s + r for s, cards in zip("SHDC", hands[first[k]], strict=True) for r in cards}
            for k, seat in enumerate(first)}
    trumps = data["contract"].rstrip("X")[1:][:1]
    trumps = None if trumps == "N" else trumps
    plays = [line.split() for line in data["play"] if not line.startswith("attention")]
    leader = data.get("leader") or "NESW"[("NESW".index(data["declarer"]) + 1) % 4]
    for t in range(0, len(plays), 4):
        trick = plays[t : t + 4]
        if trick[0][0] != leader:
            return f"trick {t // 4 + 1} led by {trick[0][0]}, not {leader}"
        led = trick[0][1][0]
        for seat, card in trick[1:]:
            if card[0] != led and any(c[0] == led for c in held[seat]):
                return f"{seat} revokes with {card} on trick {t // 4 + 1}"
        for seat, card in trick:
            held[seat].discard(card)
        if len(trick) == 4:
            leader = max(trick, key=lambda p: power(p[1], led, trumps))[0]
    return ""


@functools.lru_cache(maxsize=64)
def _board_counts(path: Path) -> collections.Counter[int | None]:
    return collections.Counter(g.board.board_num for g in boardfile.load_games(path))


def _count_boards(path: Path, number: int) -> int:  # (stands in for boardfile._count_boards)
    return _board_counts(path)[number]


def read_game(path: Path, game: Any) -> tuple[str, str, str]:
    """(outcome, kind, detail) of one game read alone."""
    try:
        with mock.patch.object(boardfile, "iter_games", lambda _p: iter([game])), \
                mock.patch.object(boardfile, "_count_boards", _count_boards):
            data = boardfile.board_case(path, game.board.board_num, fallback="TD")
        parse_case(data, file=str(path)).replay()
        odd = oddity(data)
        if odd:
            return "read, irregular play", kind(odd), f"{path}: game at line {boardfile._game_line(game)}: {odd}"
    except RulingError as err:
        if err.line is None:
            return "unlocated", kind(err.message), str(err)
        return "refused", kind(err.message), str(err)
    except Exception as err:  # (what this script counts)
        return "internal", f"{type(err).__name__}: {kind(str(err))}", traceback.format_exc()
    return "read", "", ""


def big(source: Path, mib: int) -> None:
    """Time and peak memory of ``rulings new`` on a big file: its first board, its last game."""
    chunk = source.read_bytes()
    copies = max(1, mib * 1024 * 1024 // len(chunk))
    rulings = str(Path(sys.executable).with_name("rulings"))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp, "big.pbn")
        with path.open("wb") as fh:
            for _ in range(copies):
                fh.write(chunk + b"\n")
        games = len(boardfile.load_games(source)) * copies
        first = boardfile.load_games(source)[0].board.board_num
        print(f"{path.stat().st_size / 2**20:.1f} MiB, {games} games")
        for what, args in ((f"board {first} (the first game)", ["--board", str(first)]), (f"game {games} (the last)", ["--game", str(games)])):
            started = time.perf_counter()
            done = subprocess.run([rulings, "new", str(path), *args], capture_output=True, text=True, check=False)
            secs = time.perf_counter() - started
            rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
            print(f"{what}: exit {done.returncode}, {secs:.2f} s, peak RSS of the children so far {rss:.0f} MB")


def main() -> None:
    if "--big" in sys.argv:
        ap = argparse.ArgumentParser()
        ap.add_argument("--big", type=Path, required=True)
        ap.add_argument("--mib", type=int, default=64)
        opts = ap.parse_args()
        big(opts.big, opts.mib)
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", type=Path)
    ap.add_argument("--group", type=int, default=2, help="group by the first N parts of the path under ROOT")
    ap.add_argument("--show", type=int, default=2, help="examples shown of each kind of refusal or error")
    ap.add_argument("--no-cli", action="store_true", help="skip the CLI run on the first board of each file")
    args = ap.parse_args()
    files = sorted(p for p in args.root.rglob("*") if p.is_file() and p.suffix.lower() in (".pbn", ".lin"))
    counts: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    by_producer: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    examples: dict[tuple[str, str], list[str]] = collections.defaultdict(list)
    kinds: collections.Counter[tuple[str, str]] = collections.Counter()
    cli_bad: list[str] = []
    runner = CliRunner()
    started = time.perf_counter()
    for path in files:
        group = "/".join(path.relative_to(args.root).parts[: args.group])
        prod = producer(path)
        try:
            games = boardfile.load_games(path)
        except RulingError as err:
            outcome = "file refused" if err.line is not None else "file unlocated"
            results = [(outcome, kind(err.message), str(err))]
        except Exception as err:
            results = [("file internal", f"{type(err).__name__}: {kind(str(err))}", traceback.format_exc())]
        else:
            results = [read_game(path, g) for g in games] or [("file empty", "no board", str(path))]
        for outcome, what, detail in results:
            counts[group][outcome] += 1
            by_producer[prod][outcome] += 1
            kinds[(outcome, what)] += 1
            if outcome != "read" and len(examples[(outcome, what)]) < args.show:
                examples[(outcome, what)].append(detail)
        if not args.no_cli:
            result = runner.invoke(app, ["new", str(path)])
            if result.exit_code not in (0, 1) or (result.exit_code == 1 and ": " not in result.output):
                cli_bad.append(f"{path}: exit {result.exit_code}: {result.output[-300:]!r} {result.exception!r}")
    elapsed = time.perf_counter() - started

    def table(title: str, rows: dict[str, collections.Counter[str]]) -> None:
        kinds = sorted({k for c in rows.values() for k in c})
        print(f"\n## {title}\n\n| {title} | " + " | ".join(kinds) + " |")
        print("|---|" + "---|" * len(kinds))
        for name in sorted(rows):
            print(f"| {name} | " + " | ".join(str(rows[name][k]) for k in kinds) + " |")

    print(f"{len(files)} files, {sum(sum(c.values()) for c in counts.values())} games, {elapsed:.1f} s")
    table("group", counts)
    table("producer", by_producer)
    print("\n## refusals and errors by kind\n")
    for (outcome, what), shown in sorted(examples.items()):
        print(f"- {outcome} ({kinds[(outcome, what)]}): {what}")
        for text in shown:
            print("    " + text.strip().replace("\n", "\n    ")[-1500:])
    if not args.no_cli:
        print(f"\n## CLI (rulings new FILE, first board): {len(cli_bad)} bad exits")
        for line in cli_bad:
            print("- " + line)
    sys.exit(1 if any(k.endswith("internal") or k.endswith("unlocated") for c in counts.values() for k in c) or cli_bad else 0)


if __name__ == "__main__":
    main()
