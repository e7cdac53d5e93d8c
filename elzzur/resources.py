"""Find the data files shipped in ``res/``.

Installed, ``res/`` is the package ``elzzur.res`` and ``importlib.resources`` finds it from any
directory; in a source checkout that has not been installed, it is the ``res/`` folder beside
the package.
"""

from __future__ import annotations

import importlib.resources
from importlib.abc import Traversable
from pathlib import Path


def resource_root() -> Traversable:
    """The root of the shipped data (``res/``)."""
    try:
        return importlib.resources.files("elzzur.res")
    except ModuleNotFoundError:  # running from a checkout without installing
        return Path(__file__).resolve().parent.parent / "res"


def resource(*parts: str) -> Traversable:
    """One file or folder inside ``res/``, e.g. ``resource("languages", "en.toml")``."""
    node = resource_root()
    for part in parts:
        node = node / part
    return node
