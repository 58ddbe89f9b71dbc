"""The text output of ``rulings solve`` streams its restorations in pages: one table when they
fit in a page, else tables of TEXT_PAGE rows as they are found, then the count."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from rulings.solver.cli import TEXT_PAGE, app

runner = CliRunner()
DEAL = "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"
# Nine cards exposed by East with no facts given: each exposure is ruled on both findings
# (seen by partner or not), independently: 2^9 = 512 restorations.
EXPOSED = ["S9", "S8", "S2", "HK", "HQ", "H6", "H5", "H4", "D6"]


def _case(tmp_path: Path) -> Path:
    path = tmp_path / "nine-exposures.yaml"
    path.write_text(f'deal: "{DEAL}"\ncontract: 4S\ndeclarer: S\nplay:\n'
                    + "".join(f"  - E exposes {c}\n" for c in EXPOSED) + "  - attention N\n", encoding="utf-8")
    return path


def test_many_restorations_are_listed_page_by_page(tmp_path: Path) -> None:
    assert TEXT_PAGE == 100
    result = runner.invoke(app, ["solve", str(_case(tmp_path)), "--ascii"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    pages = [f"restorations {k * 100 + 1}-{min(512, k * 100 + 100)}" for k in range(6)]
    assert all(p in out for p in pages)
    assert out.index(pages[0]) < out.index(pages[5]) < out.index("512 restorations") < out.index("Information from penalty cards (50E)")
    assert "there are more" not in out


def test_limit_stops_the_stream_and_says_so(tmp_path: Path) -> None:
    result = runner.invoke(app, ["solve", str(_case(tmp_path)), "--ascii", "--limit", "250"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "restorations 201-250" in out and "250 restorations" in out
    assert "restorations 251" not in out
    assert "(stopped at --limit 250; there are more)" in out


def test_one_page_is_one_table_titled_with_the_count() -> None:
    result = runner.invoke(app, ["solve", "--ascii"])
    assert result.exit_code == 0, result.output
    assert "21 restorations" in result.stdout and "restorations 1-" not in result.stdout
