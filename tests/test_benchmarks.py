"""The benchmark script runs (on tiny inputs: a smoke test, no timing is asserted)."""

from __future__ import annotations

import subprocess
import sys

from conftest import REPO, child_env


def test_the_benchmark_script_runs_and_prints_its_tables(tmp_path):
    result = subprocess.run([sys.executable, str(REPO / "benchmarks" / "run.py"), "--quick"],
                            cwd=tmp_path, env=child_env(), capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    for heading in ("## Per-board solve time", "## Batch", "## One-shot latency"):
        assert heading in result.stdout
    assert "| en | 4x4 |" in result.stdout and "| en | 0.31 MB |" in result.stdout


def test_the_generation_benchmark_runs(tmp_path):
    result = subprocess.run([sys.executable, str(REPO / "benchmarks" / "generate.py"), "--quick"],
                            cwd=tmp_path, env=child_env(), capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "the published best Boggle board" in result.stdout


def test_the_scrabble_benchmark_runs(tmp_path):
    result = subprocess.run([sys.executable, str(REPO / "benchmarks" / "scrabble.py"), "--quick"],
                            cwd=tmp_path, env=child_env(), capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "| two blanks |" in result.stdout
