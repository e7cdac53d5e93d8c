"""The benchmark scripts run (on tiny inputs: smoke tests, no timing is asserted)."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from conftest import REPO, child_env


@pytest.mark.parametrize("script, expected", [
    ("run.py", ["## Per-board solve time", "## Batch", "## One-shot latency", "| en | 4x4 |",
                "| en | 0.69 MB |"]),
    ("generate.py", ["the published best Boggle board"]),
    ("batch.py", ["## Batch: 200 random English 4x4 boards", "| jsonl | 1 |", "| jsonl | 2 |"]),
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


@pytest.mark.skipif(shutil.which("node") is None or shutil.which("npm") is None,
                    reason="the Scrabble peer is an npm package: needs node and npm")
def test_the_scrabble_peer_comparison_runs_and_both_agree(tmp_path):
    """benchmarks/scrabble_peer.py --quick: the peer fetched into a throwaway folder, and on
    every rack timed both programs found the same moves with the same scores."""
    result = subprocess.run([sys.executable, str(REPO / "benchmarks" / "scrabble_peer.py"),
                             "--quick", "--peer-dir", str(tmp_path / "peer")], cwd=tmp_path,
                            env=child_env(), capture_output=True, text=True, timeout=900)
    if result.returncode == 3:
        pytest.skip("the peer could not be fetched: " + result.stderr.strip()[-300:])
    assert result.returncode == 0, result.stdout + result.stderr
    for kind in ("no blank", "one blank", "two blanks"):
        assert f"| {kind} | 2 |" in result.stdout  # both racks' answers agreed, and were timed
    assert "same best score: 1 of 1" in result.stdout
