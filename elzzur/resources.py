"""Find the data files shipped in ``res/``.

Installed, ``res/`` is the package ``elzzur.res``, found by the import system from any
directory (as ``importlib.resources`` would find it, without that module's start-up cost, which
is larger than a whole solve); in a source checkout that has not been installed, it is the
``res/`` folder beside the package. Paths are plain strings: ``pathlib`` costs milliseconds to
import, and ``elzzur demo`` should start in about the time Python itself takes.
"""

from __future__ import annotations

import os

_root: list[str] = []


def resource_root() -> str:
    """The folder of the shipped data (``res/``)."""
    if not _root:
        try:
            import elzzur.res as package
        except ImportError:  # running from a checkout without installing
            _root.append(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "res"))
        else:
            _root.append(next(iter(package.__path__)))
    return _root[0]


def resource(*parts: str) -> str:
    """The path of a file or folder inside ``res/``, e.g. ``resource("languages", "en.toml")``."""
    return os.path.join(resource_root(), *parts)
