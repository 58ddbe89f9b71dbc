"""``rulings verify`` at scale: worker processes and a Dask cluster give the output of one
process, JUnit XML, and the pytest plugin that collects case files as test items."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulings.solver.casefile import case_files
from rulings.solver.cli import app

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "cases"
runner = CliRunner()


def _broken_corpus(tmp_path: Path) -> Path:
    """A copy of a few corpus cases, one with a false claim and one that is not a case."""
    d = tmp_path / "mine"
    (d / "revoke").mkdir(parents=True)
    for f in sorted((CASES / "revoke").glob("*.yaml"))[:3]:
        (d / "revoke" / f.name).write_text(f.read_text(encoding="utf-8"), encoding="utf-8")
    good = (CASES / "revoke" / "pos4-dummy-revokes.yaml").read_text(encoding="utf-8")
    (d / "revoke" / "wrong-count.yaml").write_text(good.replace("  - count 3\n", "  - count 4\n"), encoding="utf-8")
    (d / "revoke" / "not-a-case.yaml").write_text("title: nothing\n", encoding="utf-8")
    return d


def test_worker_processes_print_what_one_process_prints(tmp_path: Path) -> None:
    mine = _broken_corpus(tmp_path)
    one = runner.invoke(app, ["verify", str(CASES / "revoke"), str(mine)])
    two = runner.invoke(app, ["verify", str(CASES / "revoke"), str(mine), "-j", "2", "--chunk", "5"])
    assert one.exit_code == two.exit_code == 1
    assert one.output == two.output
    assert "FAIL" in one.output and "wrong-count.yaml" in one.output


def test_junit_xml_names_each_file_and_its_failed_claims(tmp_path: Path) -> None:
    mine = _broken_corpus(tmp_path)
    xml = tmp_path / "out.xml"
    res = runner.invoke(app, ["verify", str(mine), "--junit", str(xml), "-q"])
    assert res.exit_code == 1
    suite = ET.parse(xml).getroot().find("testsuite")
    assert suite is not None
    cases = suite.findall("testcase")
    assert len(cases) == len(case_files([mine])) == int(suite.get("tests", "0"))
    failed = {c.get("name"): c.find("failure") for c in cases if c.find("failure") is not None}
    assert set(failed) == {"wrong-count.yaml", "not-a-case.yaml"} and suite.get("failures") == "2"
    text = failed["wrong-count.yaml"].text or ""
    assert "count 4" in text and "count 3" not in text


def _pytest(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args],
                          cwd=cwd, capture_output=True, text=True, env=env, timeout=600)


def test_pytest_plugin_runs_the_corpus(tmp_path: Path) -> None:
    res = _pytest("--rulings", str(CASES), "-q", "-o", "addopts=", cwd=tmp_path)
    assert res.returncode == 0, res.stdout[-3000:]
    assert f"{len(case_files([CASES]))} passed" in res.stdout


def test_pytest_plugin_selects_and_stops_and_reports_the_failed_claim(tmp_path: Path) -> None:
    mine = _broken_corpus(tmp_path)
    res = _pytest("--rulings", str(mine), "-q", "-o", "addopts=", "-k", "wrong and count", cwd=tmp_path)
    assert res.returncode == 1
    assert "1 failed" in res.stdout and "4 deselected" in res.stdout and "count 4" in res.stdout
    stop = _pytest("--rulings", str(mine), "-q", "-o", "addopts=", "-x", cwd=tmp_path)
    assert stop.returncode == 1 and "1 failed" in stop.stdout and "not-a-case.yaml" in stop.stdout
    none = _pytest(str(mine), "-q", "-o", "addopts=", cwd=tmp_path)  # without --rulings: no items
    assert none.returncode == 5


def test_dask_local_cluster_gives_the_output_of_one_process(tmp_path: Path) -> None:
    pytest.importorskip("distributed", reason="dask[distributed] (the 'dask' extra) is not installed")
    from distributed import LocalCluster

    mine = _broken_corpus(tmp_path)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        address = cluster.scheduler_address
        one = runner.invoke(app, ["verify", str(CASES / "revoke"), str(mine)])
        dist = runner.invoke(app, ["verify", str(CASES / "revoke"), str(mine), "--scheduler", address, "--chunk", "4"])
        assert one.exit_code == dist.exit_code == 1
        assert one.output == dist.output
        local, remote = tmp_path / "one.jsonl", tmp_path / "dask.jsonl"
        assert runner.invoke(app, ["generate", "12", "--kind", "mixed", "--with-ruling", "--out", str(local)]).exit_code == 0
        res = runner.invoke(app, ["generate", "12", "--kind", "mixed", "--with-ruling", "--out", str(remote),
                                  "--scheduler", address])
        assert res.exit_code == 0, res.output
        assert local.read_bytes() == remote.read_bytes()


def test_lazy_walk_gives_the_sorted_path_order(tmp_path: Path) -> None:
    """iter_case_files reads a directory level by level and yields the files in the order of
    sorted paths (pathlib orders by parts): 'a/b.yaml' before 'a-c.yaml', as rglob sorted."""
    from rulings.solver.casefile import iter_case_files

    names = ["a/b.yaml", "a-c.yaml", "a/z/y.json", "a/c.yml", "b.yaml", "a.yaml", "A.yaml", "a/notes.txt", "a0/x.yaml"]
    for name in names:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x: 1\n", encoding="utf-8")
    expected = sorted(q for q in tmp_path.rglob("*") if q.suffix in (".yaml", ".yml", ".json") and q.is_file())
    walked = list(iter_case_files([tmp_path]))
    assert walked == expected and len(walked) == 8
    assert case_files([tmp_path / "b.yaml", tmp_path / "a"]) == [tmp_path / "b.yaml", *[p for p in expected if p.parent.name in ("a", "z")]]
    with pytest.raises(Exception, match="no such file"):
        case_files([tmp_path / "missing"])
