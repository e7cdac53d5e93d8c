"""The README is the user's manual: every command in it runs and prints exactly what it shows.

In README.md, a ```console block holds commands (lines starting with ``$ ``) each followed by its
exact output. A fenced block right after a line "Save this as `NAME`:" is written to the file
NAME first, in the same scratch directory, so the examples can read it. Commands run in bash,
in order, with ``elzzur`` meaning this Python's ``-m elzzur``.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
FENCE = re.compile(r"^```(\w*)\n(.*?)^```\n", re.S | re.M)
SAVE_AS = re.compile(r"Save this as `([^`]+)`:\s*$")


def blocks():
    """(kind, body, line before the block) for every fenced block of the README."""
    for match in FENCE.finditer(README):
        before = README[: match.start()].rstrip("\n").rsplit("\n", 1)[-1]
        yield match.group(1), match.group(2), before


def examples():
    """(command, expected output) pairs, in README order."""
    pairs = []
    for kind, body, _ in blocks():
        if kind != "console":
            continue
        command, output = None, []
        for line in body.splitlines(keepends=True):
            if line.startswith("$ "):
                if command is not None:
                    pairs.append((command, "".join(output)))
                command, output = line[2:].rstrip("\n"), []
            else:
                output.append(line)
        if command is not None:
            pairs.append((command, "".join(output)))
    return pairs


def run_shell(command: str, cwd: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, NO_COLOR="1", COLUMNS="100")
    # the data folder where a user's is, ~/.local/share/elzzur, under a home of the scratch
    # directory's own: the examples start with no corrections and show the path as users see it
    env.pop("ELZZUR_DATA_DIR", None)
    env.pop("XDG_DATA_HOME", None)
    env["HOME"] = str(cwd / ".home")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")])) \
        if not _installed() else env.get("PYTHONPATH", "")
    script = f'elzzur() {{ "{sys.executable}" -m elzzur "$@"; }}\nset -o pipefail\n{command}\n'
    # one stream, as a terminal shows it: an error line comes where it was printed
    return subprocess.run(["bash", "-c", script], cwd=cwd, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=300)


def _installed() -> bool:
    """True when elzzur is imported from an installation rather than this checkout."""
    import elzzur

    return ROOT not in Path(elzzur.__file__).resolve().parents


def test_readme_has_examples_for_every_command():
    commands = {command.split()[1] for command, _ in examples() if command.startswith("elzzur ")}
    assert {"solve", "demo", "languages", "cat", "compile", "generate", "words"} <= commands


def test_every_readme_example_prints_what_the_readme_shows(tmp_path):
    for kind, body, before in blocks():
        saved = SAVE_AS.search(before)
        if saved:
            (tmp_path / saved.group(1)).write_text(body, encoding="utf-8")
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
    from elzzur.__main__ import INTERNAL_ERROR

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
