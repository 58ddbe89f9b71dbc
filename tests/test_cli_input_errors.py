"""Bad input on the command line: a located error (``file:line: ...``) naming the token,
exit code 1 (2 for a bad option), never exit 3 (a bug in bridge-rulings) or a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulings.solver.cli import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]
#: play ends with ``remaining NS 2 EW 0`` at line 17 (trick 11 complete, trick 12 begun)
REMAINING = ROOT / "cases" / "established" / "own-62c3-both-sides-revoke-one-trick-remaining-2007.yaml"
#: play ends with ``S claims 2`` at line 15 (trick 11 complete)
CLAIM = ROOT / "cases" / "established" / "own-64a1-declarer-ruffs-then-claims-2017.yaml"
FULL_DEAL = '"N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"'


def _case(tmp_path: Path, source: Path, old: str, new: str) -> Path:
    text = source.read_text()
    assert old in text
    path = tmp_path / "case.yaml"
    path.write_text(text.replace(old, new))
    return path


# ----- a claim or ``remaining`` line must fit the tricks left (docs/case-format.md) ---------------
@pytest.mark.parametrize(("source", "old", "new", "line", "words"), [
    (CLAIM, "S claims 2", "S claims 5", 15, ["S claims 5 tricks", "only 2 are left", "after trick 11"]),
    (CLAIM, "S claims 2", "S claims 3", 15, ["S claims 3 tricks", "only 2 are left"]),
    (REMAINING, "remaining NS 2 EW 0", "remaining NS 5 EW 0", 17, ["counts 5 tricks", "2 are left", "after trick 11"]),
    (REMAINING, "remaining NS 2 EW 0", "remaining NS 1 EW 0", 17, ["counts 1 tricks", "2 are left"]),
    (REMAINING, "remaining NS 2 EW 0", "remaining EW 2 NS 1", 17, ["counts 3 tricks", "2 are left"]),
])
@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_a_count_after_play_that_does_not_fit_the_tricks_left_is_an_error(
        tmp_path: Path, source: Path, old: str, new: str, line: int, words: list[str], json_flag: list[str]) -> None:
    path = _case(tmp_path, source, old, new)
    res = runner.invoke(app, ["solve", str(path), *json_flag])
    assert res.exit_code == 1, res.output
    assert f"{path}:{line}: " in res.output
    for w in words:
        assert w in res.output, res.output


def test_a_claim_of_all_thirteen_tricks_after_a_trick_is_played_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(f"deal: {FULL_DEAL}\ncontract: 4S\ndeclarer: S\n"
                    "play: [W DQ, N DA, E D4, S D7, N SJ, E H4, S SA, W S5, S claims 13, attention E]\n")
    res = runner.invoke(app, ["solve", str(path)])
    assert res.exit_code == 1, res.output
    assert f"{path}:4: S claims 13 tricks, but only 11 are left to play (after trick 2)" in res.output


@pytest.mark.parametrize(("source", "old", "new"), [
    (CLAIM, "S claims 2", "S claims 2"),
    (REMAINING, "remaining NS 2 EW 0", "remaining EW 1 NS 1"),
])
def test_a_count_after_play_that_fits_is_ruled(tmp_path: Path, source: Path, old: str, new: str) -> None:
    res = runner.invoke(app, ["solve", str(_case(tmp_path, source, old, new))])
    assert res.exit_code == 0, res.output
    assert "64" in res.output and "does not run to the end of play" not in res.output


@pytest.mark.parametrize(("source", "old", "new", "token"), [
    (CLAIM, "S claims 2", "S claims 14", "14"),
    (CLAIM, "S claims 2", "S claims 99999", "99999"),
    (REMAINING, "remaining NS 2 EW 0", "remaining NS 20 EW 0", "20"),
])
def test_a_number_of_tricks_above_thirteen_is_out_of_range(tmp_path: Path, source: Path, old: str, new: str, token: str) -> None:
    res = runner.invoke(app, ["solve", str(_case(tmp_path, source, old, new))])
    assert res.exit_code == 1, res.output
    assert f"number of tricks {token} out of range" in res.output and "unknown token" not in res.output


@pytest.mark.parametrize("token", ["two", "-1", "²", "1.5"])
def test_a_number_of_tricks_that_is_no_number_is_named(tmp_path: Path, token: str) -> None:
    res = runner.invoke(app, ["solve", str(_case(tmp_path, CLAIM, "S claims 2", f"S claims {token}"))])
    assert res.exit_code == 1, res.output
    assert f"unknown token '{token}'" in res.output and "expected a number of tricks" in res.output
