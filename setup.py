"""Install elzzur with its data: the top-level res/ folder becomes the package elzzur.res.

The `elzzur` command is scripts/elzzur (see there why it is not a generated entry point).
The C core (elzzur._core, the fast board search) is optional: where it cannot be compiled the
install goes on and elzzur uses its pure-Python search.
"""

from setuptools import Extension, setup

setup(
    packages=["elzzur", "elzzur.res"],
    package_dir={"elzzur": "elzzur", "elzzur.res": "res"},
    package_data={"elzzur.res": ["languages/*.toml", "rules/*.toml", "dice/*.toml",
                                 "dictionaries/*.marisa", "dictionaries/*.dawg",
                                 "dictionaries/*.bands",
                                 "boards/*.board", "scrabble/tiles/*.toml",
                                 "scrabble/layouts/*.toml"]},
    include_package_data=False,
    scripts=["scripts/elzzur"],
    ext_modules=[Extension("elzzur._core", ["elzzur/_core.c"], optional=True,
                           extra_compile_args=["-O3"])],
)
