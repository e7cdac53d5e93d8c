"""Install elzzur with its data: the top-level res/ folder becomes the package elzzur.res, and
licenses/ (the licences of the shipped dictionaries) the package elzzur.licenses.

The `elzzur` command is scripts/elzzur (see there why it is not a generated entry point).
The C core (elzzur._core, the fast board search) is optional: where it cannot be compiled the
install goes on and elzzur uses its pure-Python search.
"""

from setuptools import Extension, setup

setup(
    packages=["elzzur", "elzzur.res", "elzzur.licenses"],
    package_dir={"elzzur": "elzzur", "elzzur.res": "res", "elzzur.licenses": "licenses"},
    package_data={"elzzur.res": ["languages/*.toml", "rules/*.toml", "dice/*.toml",
                                 "dictionaries/*.marisa", "dictionaries/*.dawg",
                                 "dictionaries/*.bands", "dictionaries/*.info.toml",
                                 "lexicon/*.toml", "lexicon/*.exclude", "lexicon/*.include", "lexicon/*.gz",
                                 "boards/*.board", "scrabble/tiles/*.toml",
                                 "scrabble/layouts/*.toml"],
                  "elzzur.licenses": ["*.txt"]},
    include_package_data=False,
    scripts=["scripts/elzzur"],
    ext_modules=[Extension("elzzur._core", ["elzzur/_core.c"], optional=True,
                           extra_compile_args=["-O3"])],
)
