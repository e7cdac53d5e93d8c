"""Where a command's text goes: standard output, or a file written whole or not at all (``-o``)."""

from __future__ import annotations

import os
import sys

from ..errors import ElzzurError

def _stdout(action, *args) -> None:
    """Write or flush standard output; a full disk under it is an error like any other (a
    closed pipe is not: main() takes it as the reader having had enough)."""
    try:
        action(*args)
    except BrokenPipeError:
        raise
    except OSError as e:
        drop_stdout()
        raise ElzzurError(f"cannot write standard output: {e.strerror}") from None

class Output:
    """Standard output, or a file written whole or not at all (``-o``); for ``generate
    --count``, ``-o`` may name a folder (``folder``), where each board is its own file."""

    def __init__(self, path: str | None, folder_ok: bool = False) -> None:
        self.atomic = None
        self.folder = None
        if path is not None and folder_ok and (os.path.isdir(path) or path.endswith(os.sep)):
            if not os.path.isdir(path):
                raise ElzzurError(f"cannot write to {path}: no such folder")
            self.folder = path
        elif path is not None:
            from ..files import AtomicOutput

            self.atomic = AtomicOutput(path)

    def write(self, text: str) -> None:
        if self.atomic is None:
            _stdout(sys.stdout.write, text)
            return
        try:
            self.atomic.file.write(text)
        except OSError as e:
            raise ElzzurError(f"cannot write {self.atomic.target}: {e.strerror}") from None

    def close(self, ok: bool) -> None:
        if self.atomic is None:
            if ok:
                _stdout(sys.stdout.flush)
        elif ok:
            self.atomic.commit()
        else:
            self.atomic.__exit__(None, None, None)


def drop_stdout() -> None:
    """Send what is left in standard output's buffer nowhere."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):  # no real standard output (an embedding program's)
        pass
