"""The user's data folder: what elzzur keeps for the user on purpose (unlike the cache, which
can be deleted at any time), such as corrections to the dictionaries (``elzzur.corrections``).
"""

from __future__ import annotations

import os


def data_dir() -> str:
    """``$ELZZUR_DATA_DIR``, else ``$XDG_DATA_HOME/elzzur``, else ``~/.local/share/elzzur``
    (it need not exist)."""
    explicit = os.environ.get("ELZZUR_DATA_DIR")
    if explicit:
        return explicit
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "elzzur")


def data_path(*parts: str) -> str:
    """A path inside the data folder."""
    return os.path.join(data_dir(), *parts)


def shown(path: str) -> str:
    """``path`` as a message shows it: under the home folder as ``~/…``, so that it reads the
    same for every user."""
    home = os.path.expanduser("~")
    if home and home != os.sep and path.startswith(home + os.sep):
        return "~" + path[len(home):]
    return path
