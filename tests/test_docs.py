"""The manual (README.md and docs/*.md) is the user's: every command in it runs and prints
exactly what it shows, and every link in it leads somewhere.

How the examples are read and run is tools/readme_examples.py (which can also rewrite their
output after a change that rightly changes it). Each page runs in a scratch directory of its own,
so a page must save the files its examples read (the "Save this as `NAME`:" blocks).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
sys.path.insert(0, str(ROOT / "tools"))
import readme_examples  # noqa: E402  (the manual's examples, shared with tools/readme_examples.py)

sys.path.remove(str(ROOT / "tools"))
run_shell = readme_examples.run_shell
PAGES = readme_examples.pages()


def page_id(path: Path) -> str:
    return str(path.relative_to(ROOT))


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def docs_page(name: str) -> str:
    return read(ROOT / "docs" / name)


def commands() -> list[str]:
    from elzzur.cli.commands import COMMANDS

    return list(COMMANDS)


def test_the_manual_is_readme_and_every_docs_page():
    """A page added to docs/ is run and link-checked without being registered anywhere."""
    names = {page_id(path) for path in PAGES}
    assert "README.md" in names and "docs/README.md" in names and "docs/architecture.md" in names
    assert names == {"README.md"} | {f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md")}


def test_the_readme_names_every_command_and_runs_the_everyday_ones():
    """Every command is named on the first page, with a link to its own; those that print a
    plain answer (no window, no clock, no picture, no server) have an example that runs."""
    unnamed = [name for name in commands() if f"elzzur {name}" not in README]
    assert not unnamed, f"the README does not mention {unnamed}"
    shown = {name for command, _ in readme_examples.examples(README)
             for name in re.findall(r"(?:^|[|&;]\s*|\s)elzzur ([a-z]+)", command)}
    everyday = {"solve", "demo", "generate", "scrabble", "languages", "cat", "compile", "words",
                "config"}
    assert everyday <= shown, f"no README example runs {sorted(everyday - shown)}"


@pytest.mark.parametrize("command", commands())
def test_every_command_has_its_place_in_the_docs(command):
    """A heading `elzzur NAME` on some page, and a row of the commands table linking there."""
    headings = [line for path in PAGES[1:] for line in read(path).splitlines()
                if line.startswith("#") and f"`elzzur {command}`" in line]
    assert headings, f"no docs page has a heading for `elzzur {command}`"
    rows = [line for line in docs_page("commands.md").splitlines()
            if line.startswith(f"| `elzzur {command}` |")]
    assert len(rows) == 1 and links(rows[0]), f"docs/commands.md has no row for `elzzur {command}`"


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_every_example_prints_what_the_page_shows(page, tmp_path):
    text = read(page)
    readme_examples.save_files(text, tmp_path)
    failures = []
    for command, expected in readme_examples.examples(text):
        result = run_shell(command, tmp_path)
        if result.stdout != expected:
            failures.append(f"$ {command}\n--- {page_id(page)}\n{expected}--- actual (exit "
                            f"{result.returncode})\n{result.stdout}")
    assert not failures, "\n".join(failures) + "\n(python tools/readme_examples.py --update " \
        f"{page_id(page)} rewrites them: then read the diff)"


# --- links ------------------------------------------------------------------------------------

CODE = re.compile(r"^```.*?^```[^\n]*$|`[^`\n]*`", re.S | re.M)
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)"
                  r"|^\s*\[[^\]]+\]:\s*(\S+)"
                  r"|<(?:a|img)\b[^>]*?\b(?:href|src)=\"([^\"]+)\"", re.M)


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text, not its target
    text = re.sub(r"<[^>]+>", "", text).replace("`", "")
    return re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")


def anchors(text: str) -> set[str]:
    """Every anchor of a page: its headings' (a repeated heading gets -1, -2, …) and explicit ids."""
    found, seen = set(), {}
    for line in re.sub(r"^```.*?^```[^\n]*$", "", text, flags=re.S | re.M).splitlines():
        heading = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if heading:
            base = slug(heading.group(1))
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
    found.update(re.findall(r"<a\s+(?:id|name)=\"([^\"]+)\"", text))
    return found


def links(text: str) -> list[str]:
    """The targets of a page's links and images, outside code."""
    prose = CODE.sub("", text)
    return [next(group for group in match.groups() if group) for match in LINK.finditer(prose)]


def test_slugs_are_githubs():
    assert slug("`elzzur solve`") == "elzzur-solve"
    assert slug("Defaults: `elzzur config`") == "defaults-elzzur-config"
    assert slug("Calibrating from a game") == "calibrating-from-a-game"
    assert anchors("# A\n## A\n```\n# not a heading\n```\n## Ünïcode, too!\n") == \
        {"a", "a-1", "ünïcode-too"}
    assert links("[a](x.md#y) `[b](no.md)` ![c](pic.png \"t\")\n[d]: ref.md\n"
                 "<img src=\"i.png\">\n```\n[e](no.md)\n```\n") == ["x.md#y", "pic.png", "ref.md", "i.png"]


def broken_links(page: Path, text: str) -> list[str]:
    """What is wrong with the relative links of ``text``, the page at ``page``."""
    broken = []
    for target in links(text):
        if re.match(r"[a-z][a-z0-9+.-]*:", target, re.I):  # https:, mailto:: not ours to check
            continue
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if ROOT not in [file, *file.parents] or not (file == page or file.exists()):
            broken.append(f"{target}: no such file in the repository")
        elif anchor and (file.suffix != ".md"
                         or anchor not in anchors(text if file == page else read(file))):
            broken.append(f"{target}: no heading #{anchor} in {file.relative_to(ROOT)}")
    return broken


def test_a_broken_link_or_anchor_is_found():
    page = ROOT / "docs" / "new-page.md"
    text = ("# New page\n## Its part\n[ok](#its-part) [ok](solve.md#commonness) [ok](../LICENSE) "
            "[ok](screenshots/page.png) [ok](https://example.org/#x)\n"
            "[a](#no-part) [b](solve.md#no-part) [c](nowhere.md) [d](../../outside.md) "
            "[e](../LICENSE#x)\n")
    assert [problem.split(":")[0] for problem in broken_links(page, text)] == \
        ["#no-part", "solve.md#no-part", "nowhere.md", "../../outside.md", "../LICENSE#x"]


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_every_relative_link_and_anchor_resolves(page):
    broken = broken_links(page, read(page))
    assert not broken, f"{page_id(page)}: " + "; ".join(broken)


def test_the_docs_index_links_every_page():
    index = docs_page("README.md")
    linked = {target.partition("#")[0] for target in links(index)}
    missing = {p.name for p in (ROOT / "docs").glob("*.md")} - linked - {"README.md"}
    assert not missing, f"docs/README.md does not list {sorted(missing)}"
    assert "docs/README.md" in links(README)


# --- the pages' other promises ----------------------------------------------------------------

def test_ci_runs_the_readme_test_command():
    test_command = re.search(r"Run the tests.*?```sh\n(.+?)\n```", README, re.S)
    assert test_command, "the README shows no test command"
    assert test_command.group(1) == "tools/run-tests"
    assert "\ntools/run-tests\n" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    script = (ROOT / "tools" / "run-tests").read_text(encoding="utf-8")
    assert "pip install -q '.[test]' && pytest" in script


def test_the_readme_keeps_its_set_up_commands():
    """The developers' guide names these two; the venv and pipx lines are how they work on a
    system Python that refuses pip (PEP 668)."""
    assert "pip install . && elzzur demo -l en" in README
    assert "python3 -m venv .venv && . .venv/bin/activate && pip install . && elzzur demo -l en" in README
    assert "pipx install ." in README


def test_output_md_is_current():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_output
    finally:
        sys.path.remove(str(ROOT / "tools"))
    assert (ROOT / "OUTPUT.md").read_text(encoding="utf-8") == make_output.render()


@pytest.mark.parametrize("page", [p for p in PAGES if ">>> " in read(p)], ids=page_id)
def test_python_examples_run_as_shown(page):
    import doctest

    failures, tried = doctest.testfile(str(page), module_relative=False,
                                       optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0


def test_the_api_page_has_python_examples():
    assert ">>> " in docs_page("api.md") and ">>> " in docs_page("views.md")


def test_package_docstring_example_runs_as_shown():
    import doctest

    import elzzur

    failures, tried = doctest.testmod(elzzur)
    assert tried > 0 and failures == 0


def test_the_error_table_matches_the_examples_under_it():
    """Each row's examples are commands of the Errors section that end with that exit status
    (the page test above checks that they really do)."""
    from elzzur.errors import ElzzurError, UsageError

    page = docs_page("errors.md")
    section = page[page.index("# Errors\n"):page.index("## Output files\n")]
    rows = [line.split(" | ") for line in section.splitlines()
            if line.startswith("| ") and not line.startswith(("| What", "|---"))]
    assert [int(row[1]) for row in rows] == [2, 1, 1, 1, 1, 70, 130, 0]
    from elzzur.errors import INTERNAL_ERROR

    assert INTERNAL_ERROR == 70  # the rows without examples are tested in test_hardening.py
    assert (UsageError.exit_status, ElzzurError.exit_status) == (2, 1)
    outputs = dict(readme_examples.examples(page))
    commands_ = [c for c in outputs if f"$ {c}\n" in section]
    for row in rows:
        status = int(row[1])
        for example in re.findall(r"`([^`]+)`", row[2]):
            matching = [c for c in commands_ if "elzzur " in c and example.replace("\\|", "|") in c]
            assert matching, f"no example in the Errors section uses {example!r}"
            assert all(outputs[c].endswith(f"exit {status}\n") for c in matching), (example, status)
