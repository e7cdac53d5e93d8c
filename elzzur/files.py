"""Files: where elzzur's data and the user's files are, and reading and writing them safely.

- the data shipped inside the package, in ``elzzur/res/`` (``resource``), found beside this
  file, installed or not: not through ``importlib.resources``, whose import costs about 7 ms
  (pathlib, zipfile), a quarter of a whole ``elzzur demo``, and buys nothing here, since the
  dictionaries are memory-mapped and must be real files anyway; paths are plain strings
  (``pathlib`` costs milliseconds to import too);
- the user's data folder (``data_dir``): what elzzur keeps for the user on purpose (unlike the
  cache, which can be deleted at any time), such as corrections to the dictionaries;
- UTF-8 text files read with errors that name the line, and the files this run read (an
  output must not replace one of them).

Writing files whole or not at all is ``elzzur.atomic``'s: a command that writes no file (a
solve to standard output) does not import it.
"""

from __future__ import annotations

import errno
import os
import stat

from .errors import ElzzurError, UsageError

# --- the data shipped with elzzur ------------------------------------------------------------

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "res")


def resource_root() -> str:
    """The folder of the shipped data (``elzzur/res/``)."""
    return ROOT


def resource(*parts: str) -> str:
    """The path of a file or folder inside ``elzzur/res/``, e.g. ``resource("languages", "en.toml")``."""
    return os.path.join(ROOT, *parts)


def licence_file(code: str) -> str | None:
    """The licence file shipped with a built-in dictionary (in the package's licenses)."""
    package = os.path.dirname(os.path.abspath(__file__))
    for folder in (os.path.join(package, "licenses"),  # installed
                   os.path.join(os.path.dirname(package), "licenses")):  # a source checkout
        path = os.path.join(folder, f"{code}.txt")
        if os.path.isfile(path):
            return path
    return None


# --- the user's data folder ------------------------------------------------------------------

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


CORRECTIONS = "words"  # the data folder's folder of the users' corrections, a file a language


def corrections_file(code: str) -> str:
    """Where the corrections of language ``code`` are (``lexicon.corrections`` reads and writes
    them): here, so that a dictionary can see that a language has none, the usual case,
    without importing that module."""
    return data_path(CORRECTIONS, f"{code}.txt")


def shown(path: str) -> str:
    """``path`` as a message shows it: under the home folder as ``~/…``, so that it reads the
    same for every user."""
    home = os.path.expanduser("~")
    if home and home != os.sep and path.startswith(home + os.sep):
        return "~" + path[len(home):]
    return path


# --- reading and writing files ---------------------------------------------------------------

def named(path: str) -> str:
    """``path`` as a message names it: as given, unless it is too long or holds characters a
    terminal would not show (a NUL, a newline), which no real file name needs: then quoted and
    cut after a few dozen characters, with its length, so that a hostile name (100,000
    characters) still makes a one-line message of a few dozen."""
    path = str(path)
    if len(path) <= 200 and path.isprintable():
        return path
    cut = 40
    while cut > 1 and len(repr(path[:cut])) > 42:
        cut = cut * 3 // 4
    shown = repr(path[:cut])
    return shown if cut >= len(path) else f"{shown[:-1]}…{shown[-1]} ({len(path):,} characters)"


def absolute(path: str) -> str:
    """``path`` made absolute; a UsageError naming it if it is relative and the working folder
    no longer exists (deleted or moved under a running shell), where ``os.path.abspath``
    fails with a bare "No such file or directory" that names no file."""
    try:
        return os.path.abspath(path)
    except OSError:
        raise UsageError(f"{named(path)}: no such file (the current folder no longer exists: it was "
                         f"deleted or moved)") from None


def missing(path: str) -> str:
    """Why ``path`` cannot be opened, as the end of a message: a plain missing file, or a
    symbolic link that leads nowhere, which ``os.path.exists`` cannot tell apart."""
    try:
        os.stat(path)
    except OSError as e:
        if os.path.islink(path) and e.errno != errno.ELOOP:
            return f"a broken symbolic link (to {os.readlink(path)!r})"
        if e.errno == errno.ELOOP:
            return "a loop of symbolic links"
        if e.errno == errno.ENOENT:
            return "no such file"
        return e.strerror.lower() if e.strerror else str(e)
    except (ValueError, UnicodeEncodeError):  # a NUL or a lone surrogate: no file has that name
        return "no such file"
    return "no such file"


# bytes of board text (-b, a language's demo board): a batch of a million 4x4 boards fits;
# here rather than in grid/source.py, which the demo's board, read as a file, need not import
BOARD_LIMIT = 64 * 2**20


def read_text_file(path: str, limit: int | None = None, what: str = "a board file") -> str:
    """A UTF-8 text file's contents, with clear errors for directories, bad bytes, I/O, and
    files larger than ``limit`` bytes (read no further than that)."""
    path = os.fspath(path)
    if os.path.isdir(path):
        raise ElzzurError(f"{named(path)}: is a directory, not a file")
    try:
        with open(path, "rb") as f:
            data = read_limited(f, limit)
            note_input(path, f.fileno())
    except OSError as e:
        raise ElzzurError(f"{named(path)}: {e.strerror}") from None
    return decode_text(check_size(data, limit, path, what), path)


def read_limited(f, limit: int | None) -> bytes:
    """All of the open file ``f``, or its first ``limit`` + 1 bytes (enough to tell it is too
    large). A regular file within the limit is read in one call sized by its length: asking
    for ``limit`` + 1 bytes would make Python allocate all of them first (4 ms for 256 MiB)."""
    if limit is None:
        return f.read()
    try:
        info = os.fstat(f.fileno())
    except OSError:
        info = None
    if info is not None and stat.S_ISREG(info.st_mode) and info.st_size <= limit:
        data = f.read(info.st_size + 1)
        if len(data) <= info.st_size:
            return data
        return data + f.read(limit + 1 - len(data))  # it grew as we read
    return f.read(limit + 1)


def check_size(data: bytes, limit: int | None, origin: str, what: str = "a board file") -> bytes:
    if limit is not None and len(data) > limit:
        raise ElzzurError(f"{named(origin)}: more than {limit // 2**20} MiB, too large for {what}")
    return data


def decode_text(data: bytes, origin: str) -> str:
    """UTF-8 (a BOM is dropped); bad bytes are reported by line, which a reader can find."""
    try:
        text = data.decode("utf-8")  # not "utf-8-sig": its codec costs a module import
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise ElzzurError(f"{named(origin)}, line {line}: not UTF-8 text (byte 0x{data[e.start]:02x})") from None
    return text[1:] if text.startswith("\ufeff") else text


# --- the inputs of this run ------------------------------------------------------------------

_inputs: dict[tuple[int, int], str] = {}  # (device, inode) -> the path read: what -o must not replace


def note_input(path: str, fd: int | None = None) -> None:
    """Remember that this run read ``path`` (through ``fd`` if given), so that an output file
    naming the same file, under any name (a symbolic or hard link), is refused
    (``check_not_input``) instead of replacing what was read."""
    try:
        info = os.fstat(fd) if fd is not None else os.stat(path)
    except (OSError, ValueError):
        return
    if stat.S_ISREG(info.st_mode):
        _inputs.setdefault((info.st_dev, info.st_ino), path)


def forget_inputs() -> None:
    """Start a new run (the command line's ``Output`` does): nothing has been read yet."""
    _inputs.clear()


def check_not_input(target: str, inputs=()) -> None:
    """A UsageError if ``target`` is the same file as one of ``inputs`` (``(flag, path)``
    pairs: what the command line names) or as a file this run has read (``note_input``)."""
    try:
        info = os.stat(target)
    except (OSError, ValueError):
        return  # no such file yet: it cannot be an input
    if not stat.S_ISREG(info.st_mode):
        return  # a device or a pipe (/dev/stdout) is written to, never replaced
    for flag, path in inputs:
        try:
            if path == "-":
                other = os.fstat(0)
            else:
                other = os.stat(path)
        except (OSError, ValueError):
            continue
        if (other.st_dev, other.st_ino) == (info.st_dev, info.st_ino):
            shown_input = "standard input" if path == "-" else f"{flag} {named(path)}"
            raise UsageError(f"-o {named(target)}: is the same file as the input {shown_input} (write "
                             f"the output to another file)")
    read = _inputs.get((info.st_dev, info.st_ino))
    if read is not None:
        raise UsageError(f"-o {named(target)}: is the same file as the input {named(read)} (write the output "
                         f"to another file)")
