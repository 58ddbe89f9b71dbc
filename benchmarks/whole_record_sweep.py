"""A sweep of generated whole records (``python benchmarks/whole_record_sweep.py``).

Each record is a random record of several irregularities (``random_mixed_case``), whole or
played on in parts, ruled in full. A record is flagged for:

- ``exception``: an exception other than the project's located errors (a ``RulingError``
  with a line: the record refused, file and line named, is counted, not flagged);
- ``repeated``: a restoration given twice (two leaves with one canonical key, ``r.key()``:
  a player's one choice offered twice; tests/test_repeated_paths.py);
- ``no restoration``: a ruling with none;
- ``not ruled``: a notice that a line is "not yet ruled on" (solver/engine.py), or
  another notice of kind ``not_ruled`` (where ``--limit`` stopped the enumeration, not one
  the ruling holds back until every path is enumerated, ``Ruling.provisional``);
- ``not conserved``: a restoration whose table does not keep the 52 cards
  (tests/test_properties.py ``check_conservation``, a withdrawn card played anew allowed).

A restoration given twice whose position binds one player's lead both ways (a suit required
and forbidden, or two suits required, ``Decisions.lead_restriction_in_force_binds_a_later_choice``
off: declarer's two choices at one lead, made in either order, keep both restrictions) is the
reading that switch selects, not a choice offered twice: the record is counted as ``reading``,
not flagged (``--strict``: flagged; docs/decisions.md).

A record cut in two whose part after ``resume`` cannot be played on from a restoration of
the ruling before it (the part was drawn as played on from the table as it stood, and the
ruling moved a card it plays), the ruling saying so ("... cannot be played on ...", with no
restoration where none can), is counted as ``unplayable``, not flagged (``--strict``: flagged).

How a record is drawn from its seed (the same as tests/test_whole_record.py's pinned
seeds; ``--show`` prints it)::

    rng = random.Random(seed)
    mapping = random_mixed_case(rng, edition=edition, families=families)  # None: the default draw
    # parts 2: attention drawn, and play resumed, before the record's own attention
    play = mapping["play"]
    first = index of the first line of play starting with "attention"
    cut = rng.randint(1, first - 1)          # (first < 2: no cut, the record is skipped)
    mapping["play"] = [*play[:cut], f"attention {rng.choice('NESW')}", "resume", *play[cut:]]
    case = loads(yaml.safe_dump(mapping, sort_keys=False))

Usage::

    python benchmarks/whole_record_sweep.py [--seeds 0-3000] [--families default|all|lead,early|...]
        [--editions 2017,2007] [--parts 1,2] [--workers 2] [--limit 5000] [--json FILE]
    python benchmarks/whole_record_sweep.py --show SEED [--families ...] [--edition 2017] [--parts 2]

``--families`` may be given more than once (each a sweep of its own); ``default`` is the
generator's default draw, ``all`` every family of ``FAMILIES`` (those drawn only when named
among them). The exit code is 1 when a record is flagged.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from test_properties import check_conservation  # noqa: E402

from rulings.models.errors import RulingError  # noqa: E402
from rulings.solver.casefile import loads  # noqa: E402
from rulings.solver.generate_mixed import FAMILIES, random_mixed_case  # noqa: E402
from rulings.solver.ruling import Ruling  # noqa: E402

SEATS = "NESW"
#: the notice of a line no rule of the rule set rules (solver/engine.py)
NOT_RULED = "not yet ruled on"
#: the notices of a record whose part after ``resume`` cannot be played on from a
#: restoration of the parts before it (solver/engine.py): a record the ruling does not allow
UNPLAYABLE = "be played on"


def draw(seed: int, families: tuple[str, ...] | None, edition: str, parts: int) -> dict[str, Any] | None:
    """The record of ``seed`` (the module doc says how); ``None`` where ``parts`` is 2 and the
    record has fewer than two lines before its own attention (it cannot be cut)."""
    rng = random.Random(seed)
    mapping = random_mixed_case(rng, edition=edition, families=families)
    if parts == 2:
        play = [str(line) for line in mapping["play"]]
        first = next((i for i, line in enumerate(play) if line.startswith("attention")), len(play))
        if first < 2:
            return None
        cut = rng.randint(1, first - 1)
        mapping["play"] = [*play[:cut], f"attention {rng.choice(SEATS)}", "resume", *play[cut:]]
    return mapping


def text_of(mapping: dict[str, Any]) -> str:
    return yaml.safe_dump(mapping, sort_keys=False)


def binds_a_lead_both_ways(key: str) -> bool:
    """Whether the restoration of canonical ``key`` keeps lead restrictions of one player
    that no lead can keep together: a suit required and forbidden, or two suits required
    (50D2(a), 51B; what ``Decisions.lead_restriction_in_force_binds_a_later_choice`` off
    records where declarer's later choice at a lead contradicts his earlier one)."""
    required: dict[str, set[str]] = {}
    forbidden: dict[str, set[str]] = {}
    for text in json.loads(key).get("restrictions", ()):
        words = text.split()
        if len(words) == 4 and words[1:3] == ["must", "lead"]:
            required.setdefault(words[0], set()).add(words[3])
        elif len(words) == 5 and words[1:4] == ["must", "not", "lead"]:
            forbidden.setdefault(words[0], set()).add(words[4])
    return any(len(suits) > 1 or suits & forbidden.get(seat, set()) for seat, suits in required.items())


def check(seed: int, families: tuple[str, ...] | None, edition: str, parts: int, limit: int,
          strict: bool = False) -> tuple[str, int, list[str]]:
    """One record: (status, restorations, reasons flagged). Status: ``ruled``, ``skipped``
    (cannot be cut), ``refused`` (a located error), ``truncated`` (``limit`` reached),
    ``unplayable`` (the part after ``resume`` cannot be played on from some or every
    restoration of the ruling before it, and the ruling says so: flagged only when
    ``strict``), ``reading`` (every restoration given twice binds a lead both ways,
    :func:`binds_a_lead_both_ways`: flagged only when ``strict``) or ``flagged``."""
    try:
        mapping = draw(seed, families, edition, parts)
    except Exception as err:  # (the generator itself)
        return "flagged", 0, [f"exception drawing the record: {type(err).__name__}: {err}"]
    if mapping is None:
        return "skipped", 0, []
    reasons: list[str] = []
    try:
        case = loads(text_of(mapping))
        ruling = Ruling(case)
        rs = list(ruling.restorations(limit=limit))
    except RulingError as err:
        if err.line is not None:
            return "refused", 0, []
        return "flagged", 0, [f"exception: unlocated {type(err).__name__}: {err}"]
    except Exception as err:
        return "flagged", 0, [f"exception: {type(err).__name__}: {err}"]
    keys = Counter(r.key() for r in rs)
    twice = [k for k, n in keys.items() if n > 1]
    reading = bool(twice) and not strict and all(binds_a_lead_both_ways(k) for k in twice)
    if twice and not reading:
        reasons.append(f"repeated: {len(twice)} restoration key(s) given twice or more "
                       f"({len(rs)} leaves, {len(keys)} distinct)")
    unplayable = [n for n in ruling.notices if UNPLAYABLE in n.text]
    if not rs and not (unplayable and not strict):
        said = "; ".join(n.text for n in ruling.notices if n.kind == "no_restoration") or "no notice"
        reasons.append(f"no restoration ({said})")
    # (a notice a ruling on a rectified table may take back, ``Ruling.provisional``, is final
    # only once every path is enumerated: not when the enumeration stopped at ``limit``)
    held = ruling.provisional if len(rs) >= limit else frozenset()
    for n in ruling.notices:
        if n in held:
            continue
        if NOT_RULED in n.text or (n.kind == "not_ruled" and (strict or UNPLAYABLE not in n.text)):
            reasons.append(f"not ruled: {n}")
    for r in rs:
        try:
            check_conservation(case, r, replayed=True)
        except AssertionError as err:
            reasons.append(f"not conserved: {err}")
            break
    if reasons:
        return "flagged", len(rs), reasons
    if unplayable:
        return "unplayable", len(rs), []
    if reading:
        return "reading", len(rs), []
    return ("truncated" if len(rs) >= limit else "ruled"), len(rs), []


def _chunk(job: tuple[tuple[str, ...] | None, str, int, int, int, int, bool]) -> tuple[Any, ...]:
    families, edition, parts, start, stop, limit, strict = job
    t0 = time.process_time()
    out = [(seed, *check(seed, families, edition, parts, limit, strict)) for seed in range(start, stop)]
    return families, edition, parts, out, time.process_time() - t0


def _families(arg: str) -> tuple[str, ...] | None:
    if arg == "default":
        return None
    if arg == "all":
        return tuple(FAMILIES)
    names = tuple(f.strip() for f in arg.split(",") if f.strip())
    unknown = [f for f in names if f not in FAMILIES]
    if unknown or len(names) < 2:
        raise argparse.ArgumentTypeError(f"families: two or more of {', '.join(FAMILIES)} (or 'default', 'all'), not {arg!r}")
    return names


def _seeds(arg: str) -> range:
    lo, _, hi = arg.partition("-")
    try:
        return range(int(lo), int(hi) + 1) if hi else range(int(lo), int(lo) + 1)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seeds: A-B (both included) or one seed, not {arg!r}") from None


def _label(families: tuple[str, ...] | None) -> str:
    if families is None:
        return "default"
    return "all" if families == tuple(FAMILIES) else "+".join(families)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=_seeds, default=_seeds("0-3000"), help="seed range A-B, both included (default 0-3000)")
    ap.add_argument("--families", type=_families, action="append", default=None,
                    help="families drawn, comma-separated, or 'default' or 'all' (repeatable; default: 'default', "
                         "'lead,early' and 'all')")
    ap.add_argument("--editions", default="2017,2007", help="editions, comma-separated (default 2017,2007)")
    ap.add_argument("--parts", default="1,2", help="1 (the record as drawn), 2 (cut once with attention + resume): "
                                                   "comma-separated (default 1,2)")
    ap.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--chunk", type=int, default=25, help="seeds per job (default 25)")
    ap.add_argument("--limit", type=int, default=5000, help="restorations enumerated per record at most (default 5000)")
    ap.add_argument("--strict", action="store_true",
                    help="also flag a record whose part after 'resume' cannot be played on from a restoration")
    ap.add_argument("--json", type=Path, default=None, help="also write the counts and flagged records as JSON")
    ap.add_argument("--show", type=int, default=None, metavar="SEED",
                    help="print the record of SEED (first of --families, --editions, --parts) as YAML, and its check")
    args = ap.parse_args(argv)
    families_list: list[tuple[str, ...] | None] = args.families or [None, ("lead", "early"), tuple(FAMILIES)]
    editions = [e.strip() for e in args.editions.split(",")]
    parts_list = [int(p) for p in args.parts.split(",")]
    if any(e not in ("2017", "2007") for e in editions) or any(p not in (1, 2) for p in parts_list):
        ap.error("editions are 2017 and 2007; parts are 1 and 2")

    if args.show is not None:
        fam, ed, parts = families_list[0], editions[0], parts_list[0]
        mapping = draw(args.show, fam, ed, parts)
        if mapping is None:
            print(f"seed {args.show}: the record cannot be cut (fewer than two lines before its attention)")
            return 0
        print(text_of(mapping), end="")
        status, n, reasons = check(args.show, fam, ed, parts, args.limit, args.strict)
        print(f"# families={_label(fam)} edition={ed} parts={parts} seed={args.show}: {status}, {n} restorations")
        for reason in reasons:
            print(f"#   {reason}")
        return 1 if reasons else 0

    seeds: range = args.seeds
    jobs = [(fam, ed, parts, start, min(start + args.chunk, seeds.stop), args.limit, args.strict)
            for fam in families_list for ed in editions for parts in parts_list
            for start in range(seeds.start, seeds.stop, args.chunk)]
    print(f"whole-record sweep: seeds {seeds.start}-{seeds.stop - 1}, families {', '.join(map(_label, families_list))}, "
          f"editions {', '.join(editions)}, parts {', '.join(map(str, parts_list))}, {args.workers} workers")
    t0 = time.perf_counter()
    rows: dict[tuple[str, str, int], Counter[str]] = {}
    cpu: Counter[tuple[str, str, int]] = Counter()
    flagged: list[dict[str, Any]] = []
    with multiprocessing.Pool(max(1, args.workers)) as pool:
        for fam, ed, parts, out, seconds in pool.imap(_chunk, jobs):
            key = (_label(fam), ed, parts)
            tally = rows.setdefault(key, Counter())
            cpu[key] += seconds
            for seed, status, n, reasons in out:
                tally[status] += 1
                tally["restorations"] += n
                if reasons:
                    flagged.append({"families": key[0], "edition": ed, "parts": parts, "seed": seed, "reasons": reasons})
    wall = time.perf_counter() - t0
    print(f"{'families':<18} {'ed':<5} {'parts':>5} {'records':>8} {'uncut':>6} {'refused':>8} {'truncated':>9} "
          f"{'unplayable':>10} {'reading':>7} {'flagged':>8} {'restorations':>13} {'cpu s':>7}")
    for (fam_label, ed, parts), tally in rows.items():
        records = sum(tally[s] for s in ("ruled", "refused", "truncated", "unplayable", "reading", "flagged"))
        print(f"{fam_label:<18} {ed:<5} {parts:>5} {records:>8} {tally['skipped']:>6} {tally['refused']:>8} "
              f"{tally['truncated']:>9} {tally['unplayable']:>10} {tally['reading']:>7} {tally['flagged']:>8} "
              f"{tally['restorations']:>13} "
              f"{cpu[(fam_label, ed, parts)]:>7.1f}")
    by_reason = Counter(kind for f in flagged for kind in {r.split(":")[0] for r in f["reasons"]})
    print(f"{len(flagged)} flagged ({', '.join(f'{k}: {n}' for k, n in sorted(by_reason.items())) or 'none'}) "
          f"in {wall:.0f} s wall")
    for f in sorted(flagged, key=lambda f: (f["families"], f["edition"], f["parts"], f["seed"])):
        print(f"  families={f['families']} edition={f['edition']} parts={f['parts']} seed={f['seed']}: {f['reasons'][0]}")
        for reason in f["reasons"][1:]:
            print(f"      also: {reason}")
    if args.json is not None:
        args.json.write_text(json.dumps({"rows": [{"families": k[0], "edition": k[1], "parts": k[2], **v, "cpu": cpu[k]}
                                                  for k, v in rows.items()], "flagged": flagged, "seconds": wall}, indent=1))
    return 1 if flagged else 0


if __name__ == "__main__":
    sys.exit(main())
