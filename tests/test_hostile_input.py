"""Hostile case files: each class is refused with ``file:line: message`` naming the token,
exit code 1, quickly and without building what the file tries to make us build; a bug in
the solver is never reported as an input error (exit 3), and ``verify`` goes on after it.

The CLI runs in a subprocess (the installed ``rulings`` entry point), as a user runs it."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulings.solver import cli

RULINGS = str(Path(sys.executable).parent / "rulings")
GOOD = """title: a good case
laws: 2017
deal: "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"
contract: 4S
declarer: S
play: [W DQ, N DA, E D4, S D7, N SJ, E H4, S SA, W S5, attention E]
"""


def run(path: Path | str, *args: str) -> tuple[int, str, float]:
    t0 = time.perf_counter()
    res = subprocess.run([RULINGS, "solve", str(path), *args], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    return res.returncode, res.stderr + res.stdout, time.perf_counter() - t0


def write(tmp_path: Path, text: str | bytes, name: str = "case.yaml") -> Path:
    p = tmp_path / name
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(text, encoding="utf-8")
    return p


def located(out: str, path: Path, line: int) -> bool:
    return f"{path}:{line}:" in out and "Traceback" not in out


def test_alias_bomb_is_refused_before_expansion(tmp_path: Path) -> None:
    lines = ["a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9]"]
    lines += [f"{chr(97 + i)}: &{chr(97 + i)} [" + ", ".join([f"*{chr(96 + i)}"] * 9) + "]" for i in range(1, 9)]
    p = write(tmp_path, "\n".join(lines) + "\n")
    code, out, secs = run(p)
    assert code == 1 and located(out, p, 1) and "&a" in out
    assert secs < 5


def test_recursive_alias_is_refused(tmp_path: Path) -> None:
    p = write(tmp_path, "title: x\nplay: &r [*r]\n")
    code, out, _ = run(p)
    assert code == 1 and located(out, p, 2) and "&r" in out


def test_custom_tag_is_refused(tmp_path: Path) -> None:
    p = write(tmp_path, GOOD.replace("title: a good case", "title: !!python/object:os.system x"))
    code, out, _ = run(p)
    assert code == 1 and located(out, p, 1) and "tag" in out


def test_deep_nesting_is_refused(tmp_path: Path) -> None:
    p = write(tmp_path, "title: x\nplay: " + "[" * 2000 + "]" * 2000 + "\n")
    code, out, _ = run(p)
    assert code == 1 and located(out, p, 2) and "nesting" in out


@pytest.mark.parametrize("field", ["trick", "won_ns", "count"])
def test_huge_integer_is_refused(tmp_path: Path, field: str) -> None:
    big = "9" * 5000
    if field == "trick":
        text = GOOD + f"trick: {big}\n"
    elif field == "won_ns":
        text = GOOD + f"won: {{NS: {big}, EW: 0}}\n"
    else:
        text = GOOD + f"expect:\n  - count {big}\n"
    p = write(tmp_path, text)
    code, out, _ = run(p)
    assert code == 1 and "Traceback" not in out and "digits" in out and f"{p}:" in out


def test_duplicate_key_names_both_lines(tmp_path: Path) -> None:
    p = write(tmp_path, GOOD + "declarer: N\n")
    code, out, _ = run(p)
    assert code == 1 and located(out, p, 7) and "lines 5 and 7" in out


def test_file_too_large_is_not_read_to_the_end(tmp_path: Path) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero on this system")
    code, out, secs = run("/dev/zero")
    assert code == 1 and "larger than" in out and "Traceback" not in out
    assert secs < 10


@pytest.mark.parametrize("encoding", ["utf-16", "latin-1"])
def test_other_encodings_are_located(tmp_path: Path, encoding: str) -> None:
    p = write(tmp_path, ("title: Café à l'été\n" + GOOD.split("\n", 1)[1]).encode(encoding))
    code, out, _ = run(p)
    assert code == 1 and located(out, p, 1) and "UTF-8" in out


def test_binary_file_is_located(tmp_path: Path) -> None:
    p = write(tmp_path, b"title: x\n" + bytes(range(256)))
    code, out, _ = run(p)
    assert code == 1 and "Traceback" not in out and f"{p}:" in out


def test_bom_is_accepted(tmp_path: Path) -> None:
    p = write(tmp_path, b"\xef\xbb\xbf" + GOOD.encode())
    code, out, _ = run(p, "--json")
    assert code == 0, out


def test_unencodable_output_is_replaced_and_said_once(tmp_path: Path) -> None:
    p = write(tmp_path, GOOD)
    res = subprocess.run([RULINGS, "solve", str(p)], capture_output=True, timeout=60,
                         env={**os.environ, "PYTHONIOENCODING": "ascii"})
    assert res.returncode == 0, res.stderr
    assert b"Traceback" not in res.stderr
    assert res.stderr.count(b"replaced") == 1


def test_generate_into_an_existing_file_is_an_input_error(tmp_path: Path) -> None:
    f = write(tmp_path, "x")
    res = subprocess.run([RULINGS, "generate", "2", "--out", str(f)], capture_output=True, text=True, timeout=60)
    assert res.returncode == 1 and "not a directory" in res.stderr and "Traceback" not in res.stderr


def test_huge_limit_is_a_usage_error(tmp_path: Path) -> None:
    res = subprocess.run([RULINGS, "solve", "--limit", "9" * 30], capture_output=True, text=True, timeout=60)
    assert res.returncode == 2 and "Traceback" not in res.stderr


def test_a_crash_is_not_an_input_error_and_verify_goes_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug on one file (simulated) is reported as an internal error for that file, the
    other files are still verified, and the exit code is 3, not 1."""
    write(tmp_path, GOOD + "expect:\n  - count 21\n", "a-good.yaml")
    write(tmp_path, GOOD.replace("a good case", "the crashing one") + "expect:\n  - count 21\n", "b-crash.yaml")
    write(tmp_path, GOOD + "expect:\n  - count 21\n", "c-good.yaml")
    from rulings.solver import verify as verify_module

    real = verify_module.verify_case

    def flaky(case):  # type: ignore[no-untyped-def]
        if case.title == "the crashing one":
            raise ZeroDivisionError("simulated bug")
        return real(case)

    monkeypatch.setattr(verify_module, "verify_case", flaky)
    res = CliRunner().invoke(cli.app, ["verify", str(tmp_path)])
    assert res.exit_code == 3, res.output
    assert "CRASH" in res.output and "b-crash.yaml" in res.output and "ZeroDivisionError" in res.output
    assert "2 passed, 1 failed, 1 internal error(s)" in res.output


def test_a_huge_ruling_stops_at_its_budget(tmp_path: Path) -> None:
    """26 exposed cards with no facts: 2^26 restorations. The ruling stops at the node budget
    with a note, lists the first restorations, and says in the JSON how far it got."""
    import json

    hands = {"E": "982.KQ654.654.Q5", "W": "K5.JT987.QJT9.A6"}
    lines = [f"{seat} exposes {suit}{r}" for seat, hand in hands.items() for suit, ranks in zip("SHDC", hand.split("."), strict=True)
             for r in ranks]
    p = write(tmp_path, GOOD.split("play:")[0] + "play:\n" + "".join(f"  - {x}\n" for x in lines) + "  - attention S\n")
    res = subprocess.run([RULINGS, "solve", str(p), "--json", "--budget", "3000"], capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    assert "--budget" in res.stderr
    data = json.loads(res.stdout)
    assert data["budget"] == {"nodes": 3000, "expanded": 3000, "exhausted": True}
    assert data["found"] >= data["count"] > 0
