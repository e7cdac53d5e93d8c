"""Install elzzur with its data: the top-level res/ folder becomes the package elzzur.res."""

from setuptools import setup

setup(
    packages=["elzzur", "elzzur.res"],
    package_dir={"elzzur": "elzzur", "elzzur.res": "res"},
    package_data={"elzzur.res": ["languages/*.toml", "dictionaries/*.marisa", "boards/*.board",
                                 "rules/*.toml"]},
    include_package_data=False,
)
