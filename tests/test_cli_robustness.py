"""Fuzz the command line with mutants of the case corpus (in-process, typer's CliRunner).

Each mutant is a case file of ``cases/`` (or a random generated case) with its data changed (play lines dropped,
duplicated, swapped or inserted; a card or seat token replaced by a random card or
garbage; a field given a bad value or a wrong type; a key deleted) or its text damaged
(truncated, a line deleted or indented, a YAML metacharacter inserted). ``rulings solve``,
``rulings solve --json`` and ``rulings verify`` must then either succeed or report a
located error (``<file>:<line>: ...``, exit code 1): never a traceback, an unexpected
exception, or another exit code. A mutant that solves must still give JSON that matches the
schema, and restorations that conserve the cards and cite clauses of the case's edition.

The mutants come from a fixed seed: ``make test`` runs :data:`DEFAULT_MUTANTS` of them.
``RULINGS_FUZZ=N`` runs N instead (and ``RULINGS_FUZZ_SEED`` changes the seed) for a bigger
sweep. Failures are collected and shown with the mutant's text, so a new bug is one
reproducible file.
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
import traceback
import warnings
from collections import Counter
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import jsonschema
import pytest
import yaml
from typer.testing import CliRunner, Result

from rulings.models import DECK, Seat
from rulings.models.errors import RulingError
from rulings.solver.casefile import load, loads
from rulings.solver.cli import app
from rulings.solver.export import schema
from rulings.solver.generate import KINDS, dump_case, random_kind_case
from rulings.solver.ruling import Ruling

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_corpus_properties import clause_problems, conservation_problems

ROOT = Path(__file__).resolve().parents[1]
CASES = sorted((ROOT / "cases").rglob("*.yaml"))
DEFAULT_MUTANTS = 240
MUTANTS = int(os.environ.get("RULINGS_FUZZ", DEFAULT_MUTANTS))
SEED = int(os.environ.get("RULINGS_FUZZ_SEED", 20261123))
COMMANDS: tuple[tuple[str, ...], ...] = (("solve",), ("solve", "--json"), ("verify",))

runner = CliRunner()
SCHEMA = schema()

CARDS = [str(c) for c in DECK]
SEATS = "NESW"
GARBAGE = ["", "XX", "S1", "H11", "10", "Z9", "SAA", "♠A", "SA,", "-", "null", "0", "S10", "sT", "h2", "SA SK", "ÿ", "{", "7"]
WORDS = ["exposes", "plays", "fifth", "simultaneous", "calls", "touches", "attention", "director", "finds", "accepts",
         "refuses", "misinformed", "retracts", "requires", "forbids", "spreads", "names", "visible", "led", "played",
         "highest", "lowest", "corrects", "explanation", "arranging", "reaching", "dropped", "claiming", "omits"]
BAD_VALUES: dict[str, list[Any]] = {
    "deal": ["N:...", "garbage", "N:AKQJT98765432.-.-.- - - -", 52, ["N", "S"]],
    "contract": ["8S", "4X", "0NT", "3NTXX", "4S*", "", "7N", "4SXXX", 4],
    "declarer": ["X", "NS", "", "n", 1, None],
    "trick": [0, 1, 2, 13, 14, -1, "5", 2.5, None],
    "leader": ["X", "N", "E", "S", "W", None, 3],
    "laws": [2017, 2007, 1997, "2017", "x", None],
    "won": [{"NS": 1, "EW": 0}, {"NS": -1}, {"XX": 1}, 3, {"NS": "a", "EW": 0}, [1, 2]],
    "penalty": [["E SA major"], ["N SA major"], ["E ZZ minor"], ["E SA"], "E SA major", [None], ["W S2 medium"], [["E"]]],
    "expect": [["count x"], ["always: zzz"], [None], [3], "count 1", [{"sometimes": 4}], [{"a": 1, "b": 2}],
               ["always: E penalty"], ["count -1"], ["law 99Z"], ["always: lead Q"], [{"count": "x"}]],
    "play": [None, "W SA", [], [None], [3], [["W", "SA"]], [{"W": "SA"}], ["attention"], ["attention Q"]],
    "title": [5, None, ["x"]],
}


def _token(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.4:
        return rng.choice(CARDS)
    if r < 0.7:
        return rng.choice(GARBAGE)
    return rng.choice(SEATS + "X")


def _mutate_data(d: dict[str, Any], rng: random.Random) -> str:
    """One change to a loaded case mapping, in place; returns its name."""
    play = d.get("play")
    op = rng.choice(["drop", "dup", "swap", "token", "seat", "word", "insert", "field", "type", "delkey"])
    if isinstance(play, list) and play and op in ("drop", "dup", "swap", "token", "seat", "word", "insert"):
        i = rng.randrange(len(play))
        if op == "drop":
            del play[i]
        elif op == "dup":
            play.insert(i, play[i])
        elif op == "swap":
            j = rng.randrange(len(play))
            play[i], play[j] = play[j], play[i]
        elif op == "insert":
            # a card line, or an omission at the seat's turn (67: ``<seat> omits``)
            play.insert(i, f"{rng.choice(SEATS)} omits" if rng.random() < 0.25 else f"{rng.choice(SEATS)} {rng.choice(CARDS)}")
        else:
            words = str(play[i]).split() or [""]
            k = rng.randrange(len(words))
            if op == "token":
                words[k] = _token(rng)
            elif op == "seat":
                words[0] = rng.choice(SEATS + "X")
            else:
                words.insert(k, rng.choice(WORDS))
            play[i] = " ".join(words)
        return f"{op} play[{i}]"
    if op == "delkey" and d:
        key = rng.choice(sorted(d))
        del d[key]
        return f"delete {key}"
    if op == "type" and d:
        key = rng.choice(sorted(d))
        d[key] = rng.choice([None, 3, 3.5, True, [], {}, ["x"], {"a": 1}, "x", -1, 99])
        return f"type {key}"
    key = rng.choice(sorted(BAD_VALUES))
    d[key] = rng.choice(BAD_VALUES[key])
    return f"field {key}"


def _mutate_text(text: str, rng: random.Random) -> tuple[str, str]:
    lines = text.splitlines(True)
    op = rng.choice(["truncate", "delete line", "metachar", "indent"])
    if op == "truncate":
        return text[: rng.randrange(len(text) + 1)], op
    if op == "metachar":
        p = rng.randrange(len(text) + 1)
        junk = rng.choice([":", "[", "]", "{", "'", '"', "\t", "- ", "#", "&a", "*a", "!!python/object ", "\x00", "%", "? "])
        return text[:p] + junk + text[p:], op
    if lines:
        i = rng.randrange(len(lines))
        if op == "delete line":
            del lines[i]
        else:
            lines[i] = "  " + lines[i]
    return "".join(lines), op


def mutant(rng: random.Random) -> tuple[str, str, list[str]]:
    """A random mutant: (its source, its text, the mutations applied).

    Most sources are corpus files; one in five is a random case of a random kind from
    ``rulings generate`` (other deals and shapes). One data mutant in eight is written as
    JSON (case files may be JSON).
    """
    if rng.random() < 0.2:
        kind = rng.choice(KINDS)
        source = f"generated {kind} case"
        text = dump_case(random_kind_case(kind, random.Random(rng.random()), edition=rng.choice(("2017", "2007"))))
    else:
        src = rng.choice(CASES)
        source = str(src.relative_to(ROOT))
        text = src.read_text(encoding="utf-8")
    if rng.random() < 0.7:
        data = yaml.safe_load(text)
        ops = [_mutate_data(data, rng) for _ in range(rng.choice((1, 1, 1, 2, 3)))]
        if rng.random() < 0.125:
            return source, json.dumps(data, indent=1, ensure_ascii=False), [*ops, "as JSON"]
        return source, yaml.safe_dump(data, sort_keys=False, allow_unicode=True), ops
    text, op = _mutate_text(text, rng)
    return source, text, [op]


def outcome_problem(path: Path, args: tuple[str, ...], res: Result) -> str | None:
    """What is wrong with a CLI run on a mutant, or None when it succeeded or failed well."""
    if res.exception is not None and not isinstance(res.exception, SystemExit):
        return "unexpected exception:\n" + "".join(traceback.format_exception(res.exception))
    if res.exit_code not in (0, 1):
        return f"exit code {res.exit_code}: {res.output[-500:]}"
    located = re.compile(re.escape(str(path)) + r":\d+: ")
    if res.exit_code == 1 and args[0] == "solve" and not located.search(res.stderr):
        return f"error not located at {path}:<line>: {res.stderr[-500:]}"
    if args[0] == "verify":
        for line in res.stdout.splitlines():
            # (a file's error is said on its FAIL line, "FAIL <file>: error: <file>:<line>: ...";
            # a line of a file whose claims were checked, ok or FAIL, may quote a title that says
            # "error: ", as "... after the error: it stays")
            error = line.startswith("FAIL ") and line[len("FAIL "):].removeprefix(str(path)).startswith(": error: ")
            if error and not located.search(line):
                return f"error not located at {path}:<line>: {line}"
    return None


def solved_problem(path: Path, stdout: str) -> str | None:
    """For a mutant that solved: the JSON validates against the schema, and every
    restoration conserves the cards and cites clauses of its edition."""
    try:
        jsonschema.validate(json.loads(stdout), SCHEMA)
    except (ValueError, jsonschema.ValidationError) as err:
        return f"solve --json output does not match the schema: {str(err)[:500]}"
    case = load(path)
    for r in Ruling(case).restorations():
        problems = conservation_problems(r.table) + clause_problems(r, case.laws)
        if problems:
            return f"restoration {r.number}: {'; '.join(problems[:3])}"
    return None


#: Bugs already reported in rule modules another branch owns, by where they are raised:
#: (file, function). A mutant that hits one is counted and shown as a warning, not failed on,
#: so that the sweep keeps finding new bugs; each has a runnable reproduction below
#: (``test_known_bug``). Remove an entry once its module is fixed.
KNOWN_RAISERS: dict[tuple[str, str], str] = {}


def known_bug(path: Path, res: Result) -> str | None:
    """The known bug a failed run hit, found from the innermost project frame that raised."""
    exc: BaseException | None = res.exception if not isinstance(res.exception, SystemExit) else None
    if exc is None:  # an unlocated error: raise it again to see where it comes from
        try:
            list(Ruling(load(path)).restorations())
        except RulingError as err:
            exc = err
        except Exception:
            return None
    if exc is None:
        return None
    frames = [(Path(f.filename).name, f.name) for f in traceback.extract_tb(exc.__traceback__)]
    for frame in reversed(frames):
        if frame in KNOWN_RAISERS:
            return KNOWN_RAISERS[frame]
    return None


def run_mutants(count: int, seed: int, directory: Path, known: Counter[str] | None = None) -> list[str]:
    rng = random.Random(seed)
    problems: list[str] = []
    for i in range(count):
        src, text, ops = mutant(rng)
        path = directory / f"mutant-{i:04d}.yaml"
        path.write_text(text, encoding="utf-8")
        for args in COMMANDS:
            res = runner.invoke(app, [*args, str(path)])
            problem = outcome_problem(path, args, res)
            if problem is None and res.exit_code == 0 and args == ("solve", "--json"):
                problem = solved_problem(path, res.stdout)
            if problem is not None and known is not None and (bug := known_bug(path, res)) is not None:
                known[bug] += 1
                break
            if problem is not None:
                problems.append(f"mutant {i} of {src} ({', '.join(ops)}), `rulings {' '.join(args)}`: "
                                f"{problem}\n--- mutant text ---\n{text}")
                break
    return problems


def test_cli_survives_corpus_mutants(tmp_path: Path) -> None:
    known: Counter[str] = Counter()
    problems = run_mutants(MUTANTS, SEED, tmp_path, known)
    for bug, n in sorted(known.items()):
        warnings.warn(f"{n} mutant(s) hit a known bug: {bug}", stacklevel=1)
    summary = "\n".join("  " + p.splitlines()[0][:300] for p in problems)
    assert not problems, f"{len(problems)} of {MUTANTS} mutants broke the CLI:\n{summary}\n\n" + "\n\n".join(problems[:3])


def test_mutants_are_reproducible() -> None:
    a = [mutant(random.Random(5))[1] for _ in range(3)]
    b = [mutant(random.Random(5))[1] for _ in range(3)]
    assert a == b


def test_the_checker_catches_a_traceback(tmp_path: Path) -> None:
    """The outcome check can fail: an exception, another exit code, an unlocated error."""
    path = tmp_path / "x.yaml"
    ok = SimpleNamespace(exception=None, exit_code=0, stdout="", stderr="", output="")
    assert outcome_problem(path, ("solve",), ok) is None  # type: ignore[arg-type]
    boom = SimpleNamespace(exception=AssertionError("boom"), exit_code=1, stdout="", stderr="", output="")
    assert outcome_problem(path, ("solve",), boom) is not None  # type: ignore[arg-type]
    two = SimpleNamespace(exception=None, exit_code=2, stdout="", stderr="", output="usage")
    assert outcome_problem(path, ("solve",), two) is not None  # type: ignore[arg-type]
    bare = SimpleNamespace(exception=None, exit_code=1, stdout="", stderr="error: bad card\n", output="")
    assert outcome_problem(path, ("solve",), bare) is not None  # type: ignore[arg-type]
    located = SimpleNamespace(exception=None, exit_code=1, stdout="", stderr=f"error: {path}:3: bad card\n", output="")
    assert outcome_problem(path, ("solve",), located) is None  # type: ignore[arg-type]


# ----- regressions: each bug the fuzz found, as its minimal mutant --------------------------------------
def _solve(tmp_path: Path, text: str) -> Result:
    path = tmp_path / "case.yaml"
    path.write_text(text, encoding="utf-8")
    return runner.invoke(app, ["solve", str(path)])


def test_nul_character_is_a_located_error(tmp_path: Path) -> None:
    """yaml's ReaderError (a control character) escaped as a traceback."""
    res = _solve(tmp_path, "laws: 2017\ndeal: x\x00\n")
    assert res.exit_code == 1
    assert res.exception is None or isinstance(res.exception, SystemExit)
    assert f"{tmp_path / 'case.yaml'}:2: NUL byte" in res.stderr


def test_card_played_twice_by_a_fifth_card_line_is_located(tmp_path: Path) -> None:
    """An error found while a rule expands a node (not in the opener) carried no file or line."""
    res = _solve(tmp_path, (
        "laws: 2017\ntrick: 5\nleader: W\n"
        'deal: "N:J2.J3.KQ3.54 Q9.65.J54.KQ A4.A92.A97.A 876.T87.T8.9"\n'
        "contract: 4S\ndeclarer: S\n"
        "play:\n  - W C9\n  - N C5\n  - E CK\n  - S CA\n  - W plays H8 fifth\n  - W plays H8 fifth\n  - attention S\n"
    ))
    assert res.exit_code == 1
    assert f"{tmp_path / 'case.yaml'}:13: card 'H8' was already played by W" in res.stderr


def test_a_card_put_on_a_trick_twice_by_fifth_card_lines(tmp_path: Path) -> None:
    """The first 'plays CK fifth' went on the incomplete trick, the second made CK a penalty
    card as well: CK was both on the trick and a penalty card (conservation broken). The
    exposure opener now refuses a card an earlier line already put on a trick, at its line."""
    res = _solve(tmp_path, (
        "laws: 2007\ntrick: 5\nleader: W\nwon: {NS: 3, EW: 1}\n"
        'deal: "N:J.J83.K8.A43 .K9652..J752 A7.QT.94.Q98 94.A74.6.K106"\n'
        "contract: 3NT\ndeclarer: S\n"
        "play:\n  - W C6\n  - N C3\n  - E CJ\n  - W plays CK fifth\n  - W plays CK fifth\n  - S CQ\n"
        "  - director finds played\n  - attention S\n"
    ))
    assert res.exit_code == 1
    assert f"{tmp_path / 'case.yaml'}:13: card 'CK' was already played by W on an earlier line (line 12)" in res.stderr


def test_revoke_with_a_second_card_by_the_same_seat_in_the_trick(tmp_path: Path) -> None:
    """The revoke cascade names later cards by (trick, seat): West's second card to trick 2
    made it assert. No irregularity of the record explains West's second card to the trick, so
    the record is refused as impossible, located at that card (file:line, token)."""
    text = (
        "laws: 2017\n"
        'deal: "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"\n'
        "contract: 4S\ndeclarer: S\n"
        "play: [S D7, N DA, E D4, W DQ, E H4, S SA, W S5, W HJ]\n"
    )
    res = _solve(tmp_path, text)
    assert res.exit_code == 1, res.output
    assert f"{tmp_path / 'case.yaml'}:5: W plays a second card (HJ) to trick 2" in res.stderr


@pytest.mark.parametrize("args", COMMANDS)
def test_empty_and_scalar_files(tmp_path: Path, args: tuple[str, ...]) -> None:
    for i, text in enumerate(["", "[]\n", "3\n", "deal:\n", "---\n...\n", "a: [\n"]):
        path = tmp_path / f"f{i}.yaml"
        path.write_text(text, encoding="utf-8")
        res = runner.invoke(app, [*args, str(path)])
        assert outcome_problem(path, args, res) is None, (text, res.output)
        assert res.exit_code == 1


DEAL_47D = '"N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"'


@pytest.mark.parametrize("laws", ["2017", "2007"])
def test_revoke_cascade_skips_cards_a_retraction_took_back(tmp_path: Path, laws: str) -> None:
    """A revoke found before a card is taken back and corrected after it: the cascade once
    listed a card taken back and asserted. Only cards still on the table cascade. Here
    declarer's D7 (57C3, 2007 57C2: illegal, so taken back) came before East's turn, and
    East's HK, after it, is his card at his turn (not a play out of turn for 47E1): it
    stands in the cascade of dummy's corrected revoke (62C1), kept or changed."""
    text = (f"laws: {laws}\ndeal: {DEAL_47D}\ncontract: 4S\ndeclarer: S\n"
            "play: [W H9, N DA, S D7, E misinformed, E HK]\n")
    res = _solve(tmp_path, text)
    assert res.exit_code == 0, res.output
    restorations = list(Ruling(loads(text)).restorations())
    assert restorations
    for r in restorations:
        assert all(str(c) != "D7" for t in r.tricks for _, c in t.plays)
        assert "62C1" in [s.clause for s in r.path]


def test_revoke_card_taken_back_is_not_ruled_as_a_revoke(tmp_path: Path) -> None:
    """A retraction emptied trick 2, leaving the table's revoke record pointing at a trick
    that is gone: the revoke opener asserted. A revoke card no longer on its trick is skipped."""
    text = (f"deal: {DEAL_47D}\ncontract: 4S\ndeclarer: S\n"
            "play: [W DQ, N DA, E D4, S D7, E D6, E misinformed, E HK, S HA]\n")
    res = _solve(tmp_path, text)
    assert res.exit_code == 0, res.output


def test_a_trick_emptied_by_a_withdrawal_leaves_later_tricks_findable() -> None:
    """TableState.trick(n) indexed by position: after replace_card emptied trick 2, trick(3)
    was None and trick(2) returned trick 3."""
    case = loads(f"deal: {DEAL_47D}\ncontract: 4S\ndeclarer: S\n"
                 "play: [W DQ, N DA, E D4, S D7, N SJ, E H4, S SA, W S5, N S3]\n")
    table = case.replay().table
    emptied = table
    for seat in (Seat.N, Seat.E, Seat.S, Seat.W):
        emptied = emptied.replace_card(2, seat, None, lead_read_again=False)
    assert emptied.trick(2) is None
    third = emptied.trick(3)
    assert third is not None and third.number == 3 and third.card_of(Seat.N) is not None
    assert emptied.replace_card(3, Seat.N, None).trick(3) is None


# ----- regressions: the six bugs the fuzz found in rule modules (each was an xfail reproduction) ---------
FIXED_BUGS = {
    "dummy_misplay: a seat's second card in the trick asserted in the 45D cascade": (
        "laws: 2017\ntrick: 11\nleader: W\nwon: {NS: 7, EW: 3}\n"
        'deal: "N:-.2.2.2 -.-.5.98 A.A.3.- Q.4.K.-"\ncontract: 3NT\ndeclarer: S\n'
        "play: [S calls D2, N C2, N H2]\n"
    ),
    "dummy_misplay: dummy placed another card, then the designated one to the same trick": (
        "laws: 2017\ntrick: 12\nleader: S\nwon: {NS: 6, EW: 5}\n"
        'deal: "W:3..3. ...65 .87.. .3..J"\ncontract: 6H\ndeclarer: W\n'
        "play: [S H3, N C6, W calls H8, E H7, E H8, attention S]\n"
    ),
    "designation: the same card called twice, then a change to a card not held: error without a line": (
        "laws: 2017\ntrick: 10\nleader: W\nwon: {NS: 5, EW: 4}\n"
        'deal: "N:K2.-.8.5 A.-.J7.3 -.A2.3.J 3.3.2.4"\ncontract: 3NT\ndeclarer: S\n'
        "play: [W D2, S calls SK, S calls SK, E DJ, S changes to D8 slip, attention W]\n"
    ),
    "designation: an incontrovertible finding naming a card dummy cannot play carried no line": (
        "laws: 2017\ntrick: 3\nleader: N\nwon: {NS: 2, EW: 0}\n"
        'deal: "N:KQJ543.A2.A.53 T76.KQ5.KQ5.T9 -.J643.J4.KQJ42 98.T98.T987.A7"\ncontract: 6NT\ndeclarer: S\n'
        "play: [S calls spade, attention W, director finds incontrovertible SK SA SJ]\n"
    ),
}


@pytest.mark.parametrize("text", list(FIXED_BUGS.values()), ids=list(FIXED_BUGS))
def test_fixed_bug(tmp_path: Path, text: str) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(text, encoding="utf-8")
    for args in COMMANDS:
        res = runner.invoke(app, [*args, str(path)])
        assert outcome_problem(path, args, res) is None, res.output


def test_dummy_second_card_ends_the_45d_cascade() -> None:
    """Dummy's second card to the misplayed trick is not in the cascade (it names cards by
    (trick, seat)): dummy's wrong C2 goes back (45D1), then dummy's H2, a lead from the wrong
    hand (West was on lead), is ruled in record order under 55A."""
    ruling = Ruling(loads(FIXED_BUGS["dummy_misplay: a seat's second card in the trick asserted in the 45D cascade"]))
    assert not any("not yet ruled" in n.text for n in ruling.notices)
    rests = list(ruling.restorations())
    assert rests and all([str(w.card) for w in r.withdrawn][:1] == ["C2"] for r in rests)
    assert all([s.clause for s in r.path][:2] == ["45D1", "55A"] for r in rests)


def test_dummy_designated_card_already_on_the_trick_takes_the_wrong_cards_place() -> None:
    """45D1: dummy placed H7, then the designated H8 to the same trick: H7 goes back, H8 stands
    in dummy's place in playing order (the trick holds one card of dummy's). Declarer's own
    hand, West, had not played: dummy's H8 is his premature play from dummy, legal, so it
    stands (57C3), ruled once the H7 is gone."""
    ruling = Ruling(loads(FIXED_BUGS["dummy_misplay: dummy placed another card, then the designated one to the same trick"]))
    rests = list(ruling.restorations())
    assert len(rests) == 1
    # N's C6, played at declarer's turn, is ruled first in record order (57D) and goes back
    trick = rests[0].table.trick(12)
    assert trick is not None and [(str(s), str(c)) for s, c in trick.plays] == [("S", "H3"), ("E", "H8")]
    assert [str(w.card) for w in rests[0].withdrawn] == ["H7"] and [s.clause for s in rests[0].path] == ["57D", "45D1", "57C3"]


def test_a_card_called_again_after_dummy_played_it_plays_nothing_and_the_change_is_ruled() -> None:
    """Declarer calls the SK, and calls it again once dummy has played it: the second call
    plays no card (dummy has played to the trick), so the change that follows is to the
    SK's designation: a slip, the D8 replaces it (45C4(b)), and East, who played since, may
    change his card (47D). Read as a designation of a card no longer in dummy (46B4), the
    second call once made the change name a card already played: an error."""
    ruling = Ruling(loads(FIXED_BUGS["designation: the same card called twice, then a change to a card not held: error without a line"]))
    restorations = list(ruling.restorations())
    assert {str(r.table.trick(10)) for r in restorations} == {"trick 10: W D2 N D8 E DJ", "trick 10: W D2 N D8 E D7"}
    assert all(r.path[0].clause == "45C4(b)" for r in restorations)
    assert any("called 'SK' after dummy N had played SK to trick 10: the call plays no card" in i for i in ruling.irregularities)


@pytest.mark.parametrize(("key", "message"), [
    ("designation: an incontrovertible finding naming a card dummy cannot play carried no line",
     "incontrovertible card 'SA' is not a lawful card of dummy N"),
])
def test_designation_errors_name_the_record_line(tmp_path: Path, key: str, message: str) -> None:
    res = _solve(tmp_path, FIXED_BUGS[key])
    assert res.exit_code == 1
    assert f"{tmp_path / 'case.yaml'}:8: {message}" in res.stderr


def test_misinformed_retraction_takes_back_the_card_named() -> None:
    """47E1: East plays D6 to trick 2 (out of turn), then, misinformed, HK: the retraction
    takes back HK, not East's first card on the trick (misinformation.py used
    ``position_of``, which found D6)."""
    ruling = Ruling(loads(f"deal: {DEAL_47D}\ncontract: 4S\ndeclarer: S\n"
                          "play: [W DQ, N DA, E D4, S D7, E D6, E misinformed, E HK, attention S]\n"))
    rests = list(ruling.restorations())
    assert rests
    for r in rests:
        assert [str(w.card) for w in r.withdrawn] == ["HK"]
        trick = r.table.trick(2)
        assert trick is not None and [str(c) for _, c in trick.plays] == ["D6"]


def test_misinformed_retraction_of_a_whole_trick_leaves_no_later_trick() -> None:
    """47E1: West, misinformed, leads HJ to trick 2; the trick is completed and South leads
    CJ to trick 3. Retracting trick 2 takes back trick 3 as well (it left tricks 1 and 3)."""
    ruling = Ruling(loads(f"deal: {DEAL_47D}\ncontract: 4S\ndeclarer: S\n"
                          "play: [W DQ, N DA, E D4, S D7, W misinformed, W HJ, N H2, E HK, S HA, S CJ, attention W]\n"))
    rests = list(ruling.restorations())
    assert rests
    for r in rests:
        assert [t.number for t in r.table.tricks] == [1]
        assert sorted(str(w.card) for w in r.withdrawn) == ["CJ", "H2", "HA", "HJ", "HK"]


def test_change_of_designation_with_a_second_card_by_a_defender_in_the_trick(tmp_path: Path) -> None:
    """45C4(b)/47D: West played twice to trick 10 (HJ, then C5 out of turn); after declarer's
    change the 47D options named West's card by seat and asserted (RULINGS_FUZZ_SEED=1 mutant
    1731). Every irregularity is now ruled in record order: the lead out of turn accepted by
    West's HJ (53A), West's C5 a premature lead (57A), then declarer's change (45C4(b))."""
    text = ("laws: 2017\ntrick: 10\nleader: E\nwon: {NS: 5, EW: 4}\n"
            'deal: "N:-.KQ3.-.2 -.54.-.AK -.A2.-.JT -.J.-.Q54"\ncontract: 3NT\ndeclarer: S\n'
            "play: [S H2, W HJ, S calls H3, W C5, S changes to HK, attention E]\n")
    res = _solve(tmp_path, text)
    assert res.exit_code == 0, res.output
    ruling = Ruling(loads(text))
    assert not any("not yet ruled" in n.text for n in ruling.notices)
    for r in ruling.restorations():
        assert [s.clause for s in r.path][:2] == ["53A", "57A"] and "45C4(b)" in r.laws


def _raise_in_a_listed_function() -> None:
    raise AssertionError("known")


def test_known_bug_classifier(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only failures raised inside a listed function count as known."""
    monkeypatch.setitem(KNOWN_RAISERS, ("test_cli_robustness.py", "_raise_in_a_listed_function"), "listed")
    path = tmp_path / "case.yaml"
    path.write_text(f"deal: {DEAL_47D}\ncontract: 4S\ndeclarer: S\nplay: [W DQ, N DA]\n", encoding="utf-8")
    try:
        _raise_in_a_listed_function()
    except AssertionError as err:
        listed = SimpleNamespace(exception=err, exit_code=1, stdout="", stderr="", output="")
    assert known_bug(path, listed) == "listed"  # type: ignore[arg-type]
    fake = SimpleNamespace(exception=AssertionError("new bug"), exit_code=1, stdout="", stderr="", output="")
    assert known_bug(path, fake) is None  # type: ignore[arg-type]


@pytest.mark.parametrize("second", ["E H4 minor", "E H4 major"])
def test_a_penalty_card_listed_twice_is_a_located_error(tmp_path: Path, second: str) -> None:
    """One card is one penalty card of one kind: a second entry for it (the same kind or
    another) was read as the first, silently."""
    res = _solve(tmp_path, f"deal: {DEAL_47D}\ncontract: 4S\ndeclarer: S\npenalty:\n  - E H4 major\n  - {second}\n"
                           "play: [W DQ, attention S]\n")
    assert res.exit_code == 1
    assert f"{tmp_path / 'case.yaml'}:6: penalty card H4 is listed twice" in res.stderr


@pytest.mark.parametrize(("first", "second", "bad", "line"), [
    ("E C5 minor", "E CQ major", "E C5 minor", 5),
    ("E CQ major", "E C5 minor", "E C5 minor", 6),
    ("E C5 minor", "E H4 minor", "E C5 minor", 5),
])
def test_a_minor_penalty_card_beside_another_of_its_defender_is_a_located_error(
        tmp_path: Path, first: str, second: str, bad: str, line: int) -> None:
    """50B: a defender with two or more penalty cards has only major ones; a field that lists
    one of them minor was read with it minor, silently."""
    res = _solve(tmp_path, f"deal: {DEAL_47D}\ncontract: 4S\ndeclarer: S\npenalty:\n  - {first}\n  - {second}\n"
                           "play: [W DQ, attention S]\n")
    assert res.exit_code == 1, res.output
    card = bad.split()[1]
    assert f"{tmp_path / 'case.yaml'}:{line}: penalty card {card} of E is listed minor, but E has 2 penalty cards" in res.stderr
    assert "(50B)" in res.stderr and f"write 'E {card} major'" in res.stderr
    assert "Traceback" not in res.output + res.stderr


def test_minor_penalty_cards_of_two_defenders_are_read_as_written(tmp_path: Path) -> None:
    """One penalty card each: 50B leaves each of its kind."""
    res = _solve(tmp_path, f"deal: {DEAL_47D}\ncontract: 4S\ndeclarer: S\npenalty: [E C5 minor, W C6 minor]\n"
                           "play: [W DQ, attention S]\n")
    assert res.exit_code == 0, res.output + res.stderr


def test_a_verify_line_is_an_error_only_when_it_says_so_after_the_file(tmp_path: Path) -> None:
    """The mutant check reads a FAIL line as a file's error only by its form, ``FAIL <file>:
    error: ...``: a case whose claims were checked may have a title that says "error: "."""
    path = tmp_path / "m.yaml"
    path.write_text("title: x\n", encoding="utf-8")
    unlocated = runner.invoke(app, ["verify", str(path)])
    assert outcome_problem(path, ("verify",), unlocated) is None  # (its error names the file's line)
    case = tmp_path / "t.yaml"
    text = (ROOT / "cases" / "revoke" / "pos4-dummy-revokes.yaml").read_text(encoding="utf-8")
    case.write_text(re.sub(r"(?m)^title: .*$", "title: 'a card after the error: it stays'", text)
                    .replace("  - count 3\n", "  - count 4\n"), encoding="utf-8")
    failed = runner.invoke(app, ["verify", str(case)])
    assert failed.exit_code == 1 and "after the error: it stays" in failed.output
    assert outcome_problem(case, ("verify",), failed) is None
