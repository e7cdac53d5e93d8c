"""The distribution as a package index shows it: a name of its own (``elzzur`` on the public
index is the 2016 original, another package), used in every install hint, and metadata that
says what it is, for which Pythons, and under which licences (the code's and the word lists')."""

from __future__ import annotations

import re
import tomllib

from conftest import REPO

PROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
NAME = PROJECT["name"]


def hinted_files():
    """Every file a user reads an install hint in: the docs, the README, the package's code."""
    yield REPO / "README.md"
    yield from sorted((REPO / "docs").glob("*.md"))
    yield from sorted((REPO / "elzzur").rglob("*.py"))


def test_the_name_is_not_the_2016_original():
    # `pip index versions elzzur` finds 0.0.1.0, pettarin's; `elzzur-solver` found nothing
    # (checked on 2026-11-28 with pip index versions)
    assert NAME == "elzzur-solver"


def test_every_install_hint_names_this_distribution():
    # `pip install elzzur`, `'elzzur[image]'`: both would fetch the other package
    wrong = re.compile(r"pip3? install (['\"]?)elzzur(?![-\w])|(?<![-\w./])elzzur\[")
    found = [f"{path.relative_to(REPO)}:{n}: {line.strip()}"
             for path in hinted_files()
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if wrong.search(line)]
    assert found == []


def test_the_extras_refer_to_this_distribution():
    for extra, requirements in PROJECT["optional-dependencies"].items():
        for requirement in requirements:
            if requirement.startswith("elzzur"):
                assert requirement.startswith(f"{NAME}["), (extra, requirement)


def test_the_metadata_an_index_shows():
    classifiers = PROJECT["classifiers"]
    versions = {c.rsplit(" :: ", 1)[1] for c in classifiers
                if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)}
    assert versions == {"3.11", "3.12", "3.13"}
    assert PROJECT["requires-python"] == ">=3.11"
    assert "License :: OSI Approved :: MIT License" in classifiers
    assert PROJECT["urls"]["Homepage"]
    assert len(PROJECT["description"]) <= 200 and "\n" not in PROJECT["description"]


def test_the_word_lists_licences_are_named_and_shipped():
    licence = PROJECT["license"]["text"]
    # every full licence text the dictionaries need is named in the metadata's licence
    spelled = {"Apache-2.0": "Apache-2.0", "Artistic": "Artistic", "BSD": "BSD",
               "CC0-1.0": "CC0-1.0", "GPL-2": "GPL-2.0", "GPL-3": "GPL-3.0", "LGPL-2": "LGPL-2.0",
               "LGPL-2.1": "2.1", "LGPL-3": "3.0", "MPL-1.1": "MPL-1.1", "MPL-2.0": "MPL-2.0"}
    for text in sorted((REPO / "licenses").glob("*.txt")):
        if text.stem[0].isupper():
            assert spelled[text.stem] in licence, text.stem
    files = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert {"LICENSE", "licenses/*.txt"} <= set(files["license-files"])


def test_wheels_for_every_supported_python_carry_the_c_core():
    """cibuildwheel's configuration (run on a hosted CI, not here): a wheel for each Python the
    classifiers name, each tested in a fresh venv with the C core required."""
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "cibuildwheel"]
    versions = {c.rsplit(" :: ", 1)[1] for c in PROJECT["classifiers"]
                if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)}
    assert set(config["build"].split()) == {f"cp{v.replace('.', '')}-*" for v in versions}
    assert config["test-command"].startswith('python -c "import elzzur._core"')
    assert (REPO / "tools" / "build-wheel").stat().st_mode & 0o111  # the Linux wheel, here
