"""The README is the user's manual: every command in it runs and prints exactly what it shows.

How the examples are read and run is tools/readme_examples.py (which can also rewrite their
output after a change that rightly changes it).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
sys.path.insert(0, str(ROOT / "tools"))
import readme_examples  # noqa: E402  (the README's examples, shared with tools/readme_examples.py)

sys.path.remove(str(ROOT / "tools"))
run_shell = readme_examples.run_shell


def examples():
    """(command, expected output) pairs, in README order."""
    return readme_examples.examples(README)


def test_readme_has_examples_for_every_command():
    commands = {command.split()[1] for command, _ in examples() if command.startswith("elzzur ")}
    assert {"solve", "demo", "languages", "cat", "compile", "generate", "words"} <= commands


def test_every_readme_example_prints_what_the_readme_shows(tmp_path):
    readme_examples.save_files(README, tmp_path)
    failures = []
    for command, expected in examples():
        result = run_shell(command, tmp_path)
        if result.stdout != expected:
            failures.append(f"$ {command}\n--- README\n{expected}--- actual (exit {result.returncode})\n"
                            f"{result.stdout}")
    assert not failures, "\n".join(failures)


def test_ci_runs_the_readme_test_command():
    test_command = re.search(r"Run the tests.*?```sh\n(.+?)\n```", README, re.S)
    assert test_command, "the README shows no test command"
    assert test_command.group(1) == "tools/run-tests"
    assert "\ntools/run-tests\n" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    script = (ROOT / "tools" / "run-tests").read_text(encoding="utf-8")
    assert "pip install -q '.[test]' && pytest" in script


def test_output_md_is_current():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_output
    finally:
        sys.path.remove(str(ROOT / "tools"))
    assert (ROOT / "OUTPUT.md").read_text(encoding="utf-8") == make_output.render()


@pytest.mark.parametrize("command", ["solve", "demo", "languages", "cat", "compile", "generate", "gui", "scrabble", "words"])
def test_every_command_is_documented_in_the_readme(command):
    assert f"### `elzzur {command}`" in README


def test_readme_python_examples_run_as_shown():
    import doctest

    failures, tried = doctest.testfile(str(ROOT / "README.md"), module_relative=False,
                                       optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0


def test_package_docstring_example_runs_as_shown():
    import doctest

    import elzzur

    failures, tried = doctest.testmod(elzzur)
    assert tried > 0 and failures == 0


def test_the_error_table_matches_the_examples_under_it():
    """Each row's examples are commands of the Errors section that end with that exit status
    (the README test above checks that they really do)."""
    from elzzur.errors import ElzzurError, UsageError

    section = README[README.index("## Errors\n"):README.index("### Limits\n")]
    rows = [line.split(" | ") for line in section.splitlines()
            if line.startswith("| ") and not line.startswith(("| What", "|---"))]
    assert [int(row[1]) for row in rows] == [2, 1, 1, 1, 1, 70, 130, 0]
    from elzzur.errors import INTERNAL_ERROR

    assert INTERNAL_ERROR == 70  # the rows without examples are tested in test_hardening.py
    assert (UsageError.exit_status, ElzzurError.exit_status) == (2, 1)
    outputs = dict(examples())
    commands = [c for c in outputs if f"$ {c}\n" in section]
    for row in rows:
        status = int(row[1])
        for example in re.findall(r"`([^`]+)`", row[2]):
            matching = [c for c in commands if "elzzur " in c and example.replace("\\|", "|") in c]
            assert matching, f"no example in the Errors section uses {example!r}"
            assert all(outputs[c].endswith(f"exit {status}\n") for c in matching), (example, status)
