#!/usr/bin/env python3
"""The manual's console examples: run them as the docs test does, or rewrite their output.

The manual is README.md and every docs/*.md page. In a page, a ```console block holds commands
(lines starting with ``$ ``) each followed by its exact output. A fenced block right after a
line "Save this as `NAME`:" is written to the file NAME first, in the page's scratch directory,
so the examples can read it. Commands run in bash, in order, with ``elzzur`` meaning this
Python's ``-m elzzur``; each page has a scratch directory (and a home) of its own, so a page's
examples never see another page's files.

    python tools/readme_examples.py --update              # rewrite every page's example output
    python tools/readme_examples.py --update docs/solve.md  # ... or only these pages' (then read the diff!)

The docs test (tests/test_docs.py) uses the same functions to check that nothing changed.
After a change that rightly changes output (a rebuilt dictionary), ``--update`` writes the new
output in place; ``git diff README.md docs/`` is then the review.
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
DOCS = ROOT / "docs"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```\n", re.S | re.M)
SAVE_AS = re.compile(r"Save this as `([^`]+)`:\s*$")


def pages() -> list[Path]:
    """README.md and every page of docs/, the manual a reader can follow, in a stable order.

    A new page is found by being there: nothing to register."""
    return [README_PATH, *sorted(DOCS.glob("*.md"))]


def blocks(readme: str):
    """(kind, body, line before the block, match) for every fenced block of a page."""
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
    """(command, expected output) pairs, in page order."""
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
    """The page with every console example's output replaced by what it prints now."""
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


def update_page(path: Path) -> int:
    """Rewrite one page's example output in place (only if it changed); the number changed."""
    text = path.read_text(encoding="utf-8")
    if not examples(text):
        return 0
    with tempfile.TemporaryDirectory(prefix="elzzur-docs-") as folder:
        new = update(text, Path(folder))
    if new != text:
        from elzzur.atomic import write_atomic

        write_atomic(path, new)
    return sum(a != b for a, b in zip(examples(text), examples(new)))


def main(argv: list[str]) -> int:
    if argv[:1] != ["--update"]:
        print(__doc__.strip().split("\n\n")[2], file=sys.stderr)
        return 2
    chosen = [Path(name).resolve() for name in argv[1:]] or pages()
    known = set(pages())
    for path in chosen:
        if path not in known:
            print(f"readme_examples.py: {path} is not README.md or a page of docs/", file=sys.stderr)
            return 2
    for path in chosen:
        changed = update_page(path)
        print(f"{path.relative_to(ROOT)}: {changed} examples changed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
