"""Where a command's text goes: standard output, or a file written whole or not at all (``-o``)."""

from __future__ import annotations

import os
import sys

from ..errors import ElzzurError
from ..files import named

def _stdout(action, *args) -> None:
    """Write or flush standard output; a full disk under it is an error like any other (a
    closed pipe is not: main() takes it as the reader having had enough)."""
    try:
        action(*args)
    except BrokenPipeError:
        raise
    except OSError as e:
        raise write_failed(None, e) from None

def write_failed(target: str | None, error: OSError) -> ElzzurError:
    """The error of a write to ``target`` (a file's path; None: standard output, whose
    buffer is then dropped), by whichever process wrote (``solve --jobs``'s workers too)."""
    if target is None:
        drop_stdout()
        return ElzzurError(f"cannot write standard output: {error.strerror}")
    return ElzzurError(f"cannot write {named(target)}: {error.strerror}")

# The options whose values name files a command reads: -o must not name one of them.
INPUT_OPTIONS = (("board", "-b"), ("dictionary", "-d"), ("avoid", "--avoid"), ("language", "-l"),
                 ("rules", "--rules"), ("dice", "--dice"), ("layout", "--board-layout"),
                 ("image", "--image"), ("images", "IMAGE"))

PRESETS = ("language", "rules", "dice", "layout")  # a name, or a file's path (datafiles.is_path)

# What names standard output itself: written as standard output is, not as a file ("-", as
# in every well-kept command line: -o - is standard output, not a file called '-').
STDOUT_NAMES = ("-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1")


def refuse_inputs(args, target: str | None = None) -> None:
    """A UsageError if ``-o`` (``target``, else ``args.output``) is the same file as an input
    the command line names (a board file, a word list, a language or rules file, standard
    input when it is a file), under any name: checked before any work is done. Files read
    that the command line does not name (a language's own files) are checked again when the
    output is committed (``files.check_not_input``)."""
    target = target if target is not None else getattr(args, "output", None)
    if target is None or target == "-":  # standard output: the shell opened it already
        return
    from ..datafiles import is_path
    from ..files import check_not_input

    inputs = []
    for dest, flag in INPUT_OPTIONS:
        value = getattr(args, dest, None)
        for path in value if isinstance(value, list) else [value]:
            # -l en is a language's code, not a file called en; a -b that is a file is one
            if isinstance(path, str) and path and (dest not in PRESETS or is_path(path)):
                inputs.append((flag, path))
    check_not_input(target, inputs)


class Output:
    """Standard output, or a file written whole or not at all (``-o``, ``atomic.AtomicOutput``);
    for ``generate --count``, ``-o`` may name a folder (``folder``), whose files are written
    all or none (``open_folder``, ``atomic.AtomicFolder``). Made once per run: it starts the
    run's record of the files read, which an output must not replace."""

    def __init__(self, path: str | None, folder_ok: bool = False) -> None:
        from ..files import forget_inputs

        forget_inputs()
        self.atomic = None
        self.folder = None
        self.batch = None
        if path is not None and path in STDOUT_NAMES:
            path = None  # the shell's redirection of standard output, whatever it is
        if path is not None and folder_ok and (os.path.isdir(path) or path.endswith(os.sep)):
            if not os.path.isdir(path):
                raise ElzzurError(f"cannot write to {named(path)}: no such folder")
            self.folder = path
        elif path is not None:
            from ..atomic import AtomicOutput

            self.atomic = AtomicOutput(path)

    def open_folder(self, ours):
        """The ``AtomicFolder`` of the folder ``-o`` named, for the files ``ours(name)``
        accepts."""
        from ..atomic import AtomicFolder

        self.batch = AtomicFolder(self.folder, ours)
        return self.batch

    def write(self, text: str) -> None:
        if self.atomic is None:
            _stdout(sys.stdout.write, text)
            return
        try:
            self.atomic.file.write(text)
        except OSError as e:
            raise write_failed(self.atomic.target, e) from None

    def failure(self, error: OSError) -> ElzzurError:
        """The error of a write to this output that failed with ``error``."""
        return write_failed(None if self.atomic is None else self.atomic.target, error)

    def raw(self) -> tuple[int, str] | None:
        """The file descriptor under this output (standard output, or the temporary file of
        ``-o``) with everything written so far flushed to it, and the text's error handler,
        for other processes to write UTF-8 to in turn (``solve --jobs``); None where there is
        no descriptor (a test's captured output), the text is not UTF-8, or it is a folder."""
        import codecs

        if self.folder is not None:
            return None
        stream = sys.stdout if self.atomic is None else self.atomic.file
        try:
            if codecs.lookup(stream.encoding).name != "utf-8":
                return None
            fd = stream.fileno()
            stream.flush()
        except (AttributeError, LookupError, OSError, TypeError, ValueError):
            return None
        return fd, stream.errors or "strict"

    def close(self, ok: bool) -> None:
        if ok:
            if self.batch is not None:
                self.batch.commit()
            if self.atomic is None:
                _stdout(sys.stdout.flush)
            else:
                from ..files import check_not_input

                try:
                    check_not_input(self.atomic.target)
                except ElzzurError:
                    self.atomic.__exit__(None, None, None)
                    raise
                self.atomic.commit()
        else:
            if self.batch is not None:
                self.batch.abort()
            if self.atomic is not None:
                self.atomic.__exit__(None, None, None)


def drop_stdout() -> None:
    """Send what is left in standard output's buffer nowhere."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):  # no real standard output (an embedding program's)
        pass
