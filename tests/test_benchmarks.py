"""The benchmark scripts run (on tiny inputs: smoke tests, no timing is asserted)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import REPO, child_env


@pytest.mark.parametrize("script, expected", [
    ("run.py", ["## Per-board solve time", "## Batch", "## One-shot latency", "| en | 4x4 |",
                "| en | 0.69 MB |"]),
    ("generate.py", ["the published best Boggle board"]),
    ("scrabble.py", ["| two blanks |"]),
    ("peers.py", ["### 4x4: 3 boards", "| elzzur find_words (C) |", "| elzzur solve (C) |",
                  "| elzzur find_words (Python) |"]),
])
def test_each_benchmark_script_runs_and_prints_its_tables(tmp_path, script, expected):
    result = subprocess.run([sys.executable, str(REPO / "benchmarks" / script), "--quick"],
                            cwd=tmp_path, env=child_env(), capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    for text in expected:
        assert text in result.stdout
