"""Short runs of the attacking fuzzers (``make fuzz-long`` runs a million inputs).

Structural inputs must be refused at the injected line naming the token; raw trees and
mutants must be ruled or refused with a located error; never a traceback. Failures found by
these fuzzers are kept as regression tests at the end of this file."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fuzz_hostile import KINDS, check, corpus, inject, mutate, one, raw_tree, structural

BASES = corpus()
RAWS = [b.encode() for b in BASES]
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(st.randoms(use_true_random=False))
def test_structural_faults_are_refused_at_their_line_naming_the_token(rng: random.Random) -> None:
    raw, expect = structural(BASES, rng)
    assert check(raw, expect) is None, (check(raw, expect), raw[:400])


@pytest.mark.parametrize("kind", KINDS)
def test_each_structural_kind(kind: str) -> None:
    """Every kind of injection at least once, on several corpus cases."""
    from fuzz_hostile import block_style, comment_out

    tried = 0
    for seed in range(400):
        rng = random.Random(seed)
        base = comment_out(block_style(BASES[seed % len(BASES)]))
        text, expect = inject(base, rng)
        if expect.kind != kind:
            continue
        raw = text.encode("utf-8", "surrogateescape")
        assert check(raw, expect) is None, (check(raw, expect), text[:400])
        tried += 1
        if tried >= 5:
            break
    assert tried > 0


@FAST
@given(st.randoms(use_true_random=False))
def test_raw_trees_are_ruled_or_located(rng: random.Random) -> None:
    raw = raw_tree(BASES, rng)
    assert check(raw) is None, (check(raw), raw[:400])


@FAST
@given(st.randoms(use_true_random=False))
def test_mutants_are_ruled_or_located(rng: random.Random) -> None:
    raw = mutate(rng.choice(RAWS), rng)
    assert check(raw) is None, (check(raw), raw[:400])


def test_long_run_sample() -> None:
    """The first inputs of ``make fuzz-long`` (same function, same seeds)."""
    for i in range(300):
        mode, raw, verdict = one(i, BASES, RAWS)
        assert verdict is None, (i, mode, verdict, raw[:400])


def test_atheris_short_run() -> None:
    """The coverage-guided fuzzer over the same oracle, a few thousand runs (skips without atheris)."""
    pytest.importorskip("atheris")
    import subprocess

    script = Path(__file__).resolve().parent / "fuzz_atheris.py"
    res = subprocess.run([sys.executable, str(script), "-atheris_runs=3000", "-max_len=4096", "-seed=1"],
                         capture_output=True, text=True, timeout=600, check=False)
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-3000:]


# ----- regressions found by these fuzzers --------------------------------------------------------------
def test_trailing_comma_in_an_unclosed_list_is_located_at_its_bracket() -> None:
    """libyaml reports 'while parsing a flow node' at the end of the file: the bracket is found."""
    raw = b"title: t\nnotes: [never closed,\n"
    assert "'[' is never closed" in (check(raw) or "") or check(raw) is None
    from rulings.models.errors import RulingError
    from rulings.solver.casefile import loads

    with pytest.raises(RulingError) as err:
        loads(raw.decode(), file="f.yaml")
    assert str(err.value).startswith("f.yaml:2: ") and "'['" in str(err.value)


def test_a_commented_key_is_not_a_duplicate() -> None:
    from rulings.solver.casefile import loads

    text = "# title: old\n" + BASES[0]
    loads(text, file="f.yaml")


def test_a_lone_carriage_return_ends_a_line() -> None:
    """A mutant with a CR inside a folded note: lines counted as YAML counts them (CR, LF, CRLF)."""
    from rulings.models.errors import RulingError
    from rulings.solver.casefile import loads

    with pytest.raises(RulingError) as err:
        loads("title: t\rnotes: >\n  a\rb: c\n", file="f.yaml")
    assert str(err.value).startswith("f.yaml:")
    line = int(str(err.value).split(":")[1])
    assert 1 <= line <= 4
    assert check(b"notes: >\n  a le\rad\n  b\nx y\n") is None



def test_an_early_lead_with_no_card_after_it_in_its_trick_is_said_without_one() -> None:
    """A defender's second card (East's DQ) put down before his partner played to the trick,
    with no card of that trick after it (West has not played; declarer's next card is his own
    second one): the early lead is said (57A) without a list of cards played after it, and the
    record, which then has declarer play twice to the trick, is refused as such (a located
    error, not an internal one)."""
    from rulings.models import parse_case
    from rulings.models.cards import Card, Seat
    from rulings.models.errors import RulingError
    from rulings.models.table import Trick
    from rulings.solver.rulesets.leads import _played_after
    from rulings.solver.ruling import Ruling

    case = parse_case({
        "title": "t", "source": "s", "notes": "n", "expect": ["count 1"], "laws": "2007",
        "deal": "N:J942.T76.9753.52 87.Q8543.QJT4.K9 AKQT.A2.AK862.A3 653.KJ9..QJT8764",
        "contract": "4S", "declarer": "S",
        "play": ["S DK", "W C7", "N D5", "E D10", "S D2", "N D7", "E DJ", "E DQ", "S D6"],
    })
    with pytest.raises(RulingError, match="second card"):
        list(Ruling(case).restorations())
    done = Trick(2, Seat.parse("S"), ((Seat.parse("S"), Card.parse("D2")), (Seat.parse("N"), Card.parse("D7")),
                                      (Seat.parse("E"), Card.parse("DJ"))))
    assert _played_after(done, Seat.parse("E"), Card.parse("DQ"), None) == ""


def test_a_duplicated_key_is_a_whole_line_of_yaml() -> None:
    """The duplicate-key injection copies only a key whose value ends on its line: the first
    line of a flow sequence spread over several lines (``play: [W DJ, N D6,``) alone is
    malformed YAML, a second fault the reader rightly reports first (at that line), so the
    injected input would test two faults at once and expect the wrong one."""
    flowing = [b for b in BASES if any(s and not s[0].isspace() and s.count("[") > s.count("]") for s in b.split("\n"))]
    assert flowing
    for base in flowing:
        for seed in range(300):
            text, expect = inject(base, random.Random(seed))
            if expect.kind == "duplicate":
                line = text.split("\n")[expect.line - 1]
                assert line.count("[") <= line.count("]") and line.count("{") <= line.count("}"), line
