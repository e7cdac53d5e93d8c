#!/usr/bin/env python3
"""The README's console examples: run them as the README test does, or rewrite their output.

In README.md, a ```console block holds commands (lines starting with ``$ ``) each followed by its
exact output. A fenced block right after a line "Save this as `NAME`:" is written to the file
NAME first, in the same scratch directory, so the examples can read it. Commands run in bash,
in order, with ``elzzur`` meaning this Python's ``-m elzzur``.

    python tools/readme_examples.py --update   # rewrite every example's output (then read the diff!)

The README test (tests/test_docs.py) uses the same functions to check that nothing changed.
After a change that rightly changes output (a rebuilt dictionary), ``--update`` writes the new
output in place; ``git diff README.md`` is then the review.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README_PATH = ROOT / "README.md"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```\n", re.S | re.M)
SAVE_AS = re.compile(r"Save this as `([^`]+)`:\s*$")


def blocks(readme: str):
    """(kind, body, line before the block, match) for every fenced block of the README."""
    for match in FENCE.finditer(readme):
        before = readme[: match.start()].rstrip("\n").rsplit("\n", 1)[-1]
        yield match.group(1), match.group(2), before, match


def parse_console(body: str) -> list[tuple[str, str]]:
    """A console block's (command, expected output) pairs."""
    pairs, command, output = [], None, []
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


def examples(readme: str) -> list[tuple[str, str]]:
    """(command, expected output) pairs, in README order."""
    return [pair for kind, body, _, _ in blocks(readme) if kind == "console"
            for pair in parse_console(body)]


def save_files(readme: str, folder: Path) -> None:
    for _, body, before, _ in blocks(readme):
        saved = SAVE_AS.search(before)
        if saved:
            (folder / saved.group(1)).write_text(body, encoding="utf-8")


def installed() -> bool:
    """True when elzzur is imported from an installation rather than this checkout."""
    import elzzur

    return ROOT not in Path(elzzur.__file__).resolve().parents


def run_shell(command: str, cwd: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, NO_COLOR="1", COLUMNS="100")
    # the data folder where a user's is, ~/.local/share/elzzur, under a home of the scratch
    # directory's own: the examples start with no corrections and show the path as users see it
    env.pop("ELZZUR_DATA_DIR", None)
    env.pop("XDG_DATA_HOME", None)
    env["HOME"] = str(cwd / ".home")
    # ... and no defaults of the user's own (elzzur config): none of its file, none of its variables
    for variable in ("ELZZUR_CONFIG", "XDG_CONFIG_HOME", "ELZZUR_LANGUAGE", "ELZZUR_RULES",
                     "ELZZUR_COLOR"):
        env.pop(variable, None)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")])) \
        if not installed() else env.get("PYTHONPATH", "")
    script = f'elzzur() {{ "{sys.executable}" -m elzzur "$@"; }}\nset -o pipefail\n{command}\n'
    # one stream, as a terminal shows it: an error line comes where it was printed
    return subprocess.run(["bash", "-c", script], cwd=cwd, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=300)


def update(readme: str, folder: Path) -> str:
    """The README with every console example's output replaced by what it prints now."""
    save_files(readme, folder)
    out, last = [], 0
    for kind, body, _, match in blocks(readme):
        if kind != "console":
            continue
        lines = []
        for command, _ in parse_console(body):
            lines.append(f"$ {command}\n" + run_shell(command, folder).stdout)
        start = match.start(2)
        out += [readme[last:start], "".join(lines)]
        last = match.end(2)
    return "".join(out) + readme[last:]


def main() -> int:
    if sys.argv[1:] != ["--update"]:
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    readme = README_PATH.read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory(prefix="elzzur-readme-") as folder:
        new = update(readme, Path(folder))
    README_PATH.write_text(new, encoding="utf-8")
    print(f"README.md: {sum(a != b for a, b in zip(examples(readme), examples(new)))} examples changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
