"""Install elzzur with its data: everything in elzzur/res/ (languages, rules, dice, tile sets,
layouts, Scrabble leave values, boards, dictionaries and their recipes) is package data, and the
top-level licenses/ (the licences of the shipped dictionaries) becomes elzzur/licenses/.

The `elzzur` command is scripts/elzzur (see there why it is not a generated entry point).
The C core (elzzur._core, the fast board search and Scrabble move generation; its sources in
elzzur/_csrc/) is optional: where it cannot be compiled the install goes on and elzzur uses its
pure-Python search. The sources' folder is not named _core: a folder elzzur/_core/ without the
built module beside it (no compiler, or a checkout run in place) would import as a namespace
package, so `from elzzur import _core` would succeed and the fallback never happen.
"""

from setuptools import Extension, find_packages, setup

CORE = "elzzur/_csrc"  # the C core's sources (MANIFEST.in puts its header in the sdist)

DATA = ["languages/*.toml", "rules/*.toml", "dice/*.toml", "boards/*.board",
        "scrabble/tiles/*.toml", "scrabble/layouts/*.toml", "scrabble/leaves/*.txt",
        "dictionaries/*.marisa", "dictionaries/*.dawg", "dictionaries/*.bands",
        "dictionaries/*.info.toml", "image/*.npz",
        "lexicon/*.toml", "lexicon/*.exclude", "lexicon/*.include", "lexicon/*.gz"]

setup(
    packages=find_packages(include=["elzzur", "elzzur.*"]) + ["elzzur.licenses"],
    package_dir={"elzzur.licenses": "licenses"},
    package_data={"elzzur": [f"res/{pattern}" for pattern in DATA] + ["web/static/*"],
                  "elzzur.licenses": ["*.txt"]},
    include_package_data=False,
    scripts=["scripts/elzzur"],
    # made from the command table by tools/make_share.py (tests/test_completion.py: current)
    data_files=[(folder, [f"{folder}/{name}"]) for folder, name in (
        ("share/man/man1", "elzzur.1"), ("share/bash-completion/completions", "elzzur"),
        ("share/fish/vendor_completions.d", "elzzur.fish"))],
    ext_modules=[Extension("elzzur._core",
                           [f"{CORE}/module.c", f"{CORE}/cells.c", f"{CORE}/search.c",
                            f"{CORE}/scrabble.c"],
                           include_dirs=[CORE], depends=[f"{CORE}/core.h"], optional=True,
                           extra_compile_args=["-O3"])],
)
