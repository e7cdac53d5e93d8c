"""Files: where elzzur's data and the user's files are, and reading and writing them safely.

- the data shipped inside the package, in ``elzzur/res/`` (``resource``), found beside this
  file, installed or not: not through ``importlib.resources``, whose import costs about 7 ms
  (pathlib, zipfile), a quarter of a whole ``elzzur demo``, and buys nothing here, since the
  dictionaries are memory-mapped and must be real files anyway; paths are plain strings
  (``pathlib`` costs milliseconds to import too);
- the user's data folder (``data_dir``): what elzzur keeps for the user on purpose (unlike the
  cache, which can be deleted at any time), such as corrections to the dictionaries;
- UTF-8 text files read with errors that name the line, and output files written whole or
  not at all (``AtomicOutput``, ``write_atomic``).
"""

from __future__ import annotations

import errno
import os

from .errors import ElzzurError

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


def shown(path: str) -> str:
    """``path`` as a message shows it: under the home folder as ``~/…``, so that it reads the
    same for every user."""
    home = os.path.expanduser("~")
    if home and home != os.sep and path.startswith(home + os.sep):
        return "~" + path[len(home):]
    return path


# --- reading and writing files ---------------------------------------------------------------

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


def read_text_file(path: str, limit: int | None = None, what: str = "a board file") -> str:
    """A UTF-8 text file's contents, with clear errors for directories, bad bytes, I/O, and
    files larger than ``limit`` bytes (read no further than that)."""
    path = os.fspath(path)
    if os.path.isdir(path):
        raise ElzzurError(f"{path}: is a directory, not a file")
    try:
        with open(path, "rb") as f:
            data = f.read() if limit is None else f.read(limit + 1)
    except OSError as e:
        raise ElzzurError(f"{path}: {e.strerror}") from None
    return decode_text(check_size(data, limit, path, what), path)


def check_size(data: bytes, limit: int | None, origin: str, what: str = "a board file") -> bytes:
    if limit is not None and len(data) > limit:
        raise ElzzurError(f"{origin}: more than {limit // 2**20} MiB, too large for {what}")
    return data


def decode_text(data: bytes, origin: str) -> str:
    """UTF-8 (a BOM is dropped); bad bytes are reported by line, which a reader can find."""
    try:
        text = data.decode("utf-8")  # not "utf-8-sig": its codec costs a module import
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise ElzzurError(f"{origin}, line {line}: not UTF-8 text (byte 0x{data[e.start]:02x})") from None
    return text[1:] if text.startswith("\ufeff") else text


class AtomicOutput:
    """A file written under a temporary name beside its target and renamed into place only by
    ``commit()``, so an error or Ctrl-C never leaves a half-written file behind::

        with AtomicOutput("out.txt") as out:
            out.file.write(...)      # or write to out.temp by name (e.g. marisa's save)
            out.commit()

    A symbolic link is refused: the rename would replace the link, not the file it points to.
    A device or a named pipe (``/dev/null``, ``/dev/stdout``) is written directly: it cannot
    be renamed over, and holds no file to spoil.
    """

    def __init__(self, path: str | os.PathLike, binary: bool = False) -> None:
        self.target = os.fspath(path)
        if not self.target:
            raise ElzzurError("cannot write to an empty file name")
        folder = os.path.dirname(self.target) or "."
        if os.path.islink(self.target):
            raise ElzzurError(f"cannot write {self.target}: is a symbolic link (give the file "
                              f"it points to, {os.readlink(self.target)!r})")
        if os.path.isdir(self.target):
            raise ElzzurError(f"cannot write {self.target}: is a directory")
        if not os.path.isdir(folder):
            raise ElzzurError(f"cannot write {self.target}: no such directory {folder!r}")
        self.direct = os.path.exists(self.target) and not os.path.isfile(self.target)
        if self.direct:
            self.temp = self.target
            flags = os.O_WRONLY
        else:
            self.temp = os.path.join(folder, f".{os.path.basename(self.target)}.{os.getpid()}.tmp")
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL
        try:
            try:
                fd = os.open(self.temp, flags, 0o666)
            except FileExistsError:
                os.unlink(self.temp)  # left by an earlier process with our pid that was killed
                fd = os.open(self.temp, flags, 0o666)
        except OSError as e:
            raise ElzzurError(f"cannot write {self.target}: {e.strerror}") from None
        self.file = os.fdopen(fd, "wb" if binary else "w", **({} if binary else {"encoding": "utf-8"}))
        self.done = False

    def __enter__(self) -> AtomicOutput:
        return self

    def commit(self) -> None:
        try:
            self.file.close()
            if not self.direct:
                os.replace(self.temp, self.target)
        except OSError as e:
            raise ElzzurError(f"cannot write {self.target}: {e.strerror}") from None
        self.done = True

    def __exit__(self, *exc) -> None:
        if not self.done:
            self.done = True
            try:
                self.file.close()  # a full disk fails again here: the file goes all the same
            except OSError:
                pass
            if not self.direct:
                try:
                    os.unlink(self.temp)
                except OSError:
                    pass


def write_atomic(path: str | os.PathLike, data: str | bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all."""
    with AtomicOutput(path, binary=isinstance(data, bytes)) as out:
        try:
            out.file.write(data)
        except OSError as e:
            raise ElzzurError(f"cannot write {out.target}: {e.strerror}") from None
        out.commit()
