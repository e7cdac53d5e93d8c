"""Data files: every kind of preset found the same way, read as TOML, checked the same way.

elzzur's data (languages, rules, dice, Scrabble tile sets and board layouts) are TOML files in
``elzzur/res/``. Wherever one is asked for by name (``-l en``, ``--rules boggle``, ``--dice
new``), the user may give the path of a file of their own instead; ``locate`` decides which it
is, and says the same thing for each kind when neither is found:

- ``unknown rules 'bogle' (choose from bigboggle, boggle, …, or give the path of a rules file)``
- ``x/my.toml: no such rules file``

(usage errors, exit 2). A file that is found but wrong is bad data (exit 1), named by a
``Checker``, whose messages all start with the file and name the key at fault:
``missing key 'name'``, ``key 'rows' must be a whole number from 1 to 500``, ``unknown key
'nmae' (expected one of …)``. Every number is bounded (``MAX_NUMBER``, ``Checker.whole``,
``Checker.number``), every file is a regular file of at most ``TOML_LIMIT`` bytes, and a file
nested too deeply for the parser is an error like any other: nothing in a data file can make
elzzur fail other than with such a message.
"""

from __future__ import annotations

import marshal
import os
import stat

from . import cache
from .errors import ElzzurError, UsageError, quoted
from .files import resource

# Each kind of preset: the folder of its built-in files under ``elzzur/res/``.
FOLDERS = {
    "language": ("languages",),
    "rules": ("rules",),
    "dice": ("dice",),
    "tile set": ("scrabble", "tiles"),
    "board layout": ("scrabble", "layouts"),
}


def is_path(spec: str | os.PathLike) -> bool:
    """True if ``spec`` names a file rather than a preset: a path separator or ``.toml``."""
    if not isinstance(spec, str):
        return True
    return os.sep in spec or (os.altsep is not None and os.altsep in spec) \
        or spec.lower().endswith(".toml")


def builtin(kind: str, name: str) -> str:
    """The path a built-in preset of ``kind`` called ``name`` would have (it need not exist)."""
    return resource(*FOLDERS[kind], f"{name}.toml")


def presets(kind: str) -> list[str]:
    """The names of the built-in presets of ``kind``, sorted."""
    return sorted(name[:-5] for name in os.listdir(resource(*FOLDERS[kind]))
                  if name.endswith(".toml") and not name.startswith("."))


def unknown(kind: str, name: str, choices: list[str] | None = None) -> UsageError:
    """The error for a name that is no preset of ``kind``: the choices and the way out."""
    choices = presets(kind) if choices is None else choices
    near = []
    if isinstance(name, str) and len(name) <= 100:
        from difflib import get_close_matches  # here: the error path only (start-up cost)

        near = get_close_matches(name, choices, n=2, cutoff=0.6)
    guess = f"did you mean {' or '.join(map(repr, near))}? " if near else ""
    return UsageError(f"unknown {kind} {quoted(name)} ({guess}choose from {', '.join(choices)}, "
                      f"or give the path of a {kind} file)")


def check_file(kind: str, path: str) -> str:
    """``path`` if it is a regular file; else the usage error saying what it is instead (a
    named pipe or a device is refused: a data file is read whole, and a pipe may never end)."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):  # ValueError: a NUL in the name
        raise UsageError(f"{named(path)}: no such {kind} file") from None
    if stat.S_ISREG(mode):
        return path
    raise UsageError(f"{named(path)}: is {not_a_file(mode)}, not a {kind} file")


def named(path) -> str:
    """A path as a message names it: as it is, or quoted and cut if absurdly long."""
    if not isinstance(path, str):
        return repr(path)[:200]  # the API may be given bytes
    return path if len(path) <= 200 and path.isprintable() else quoted(path)


def plain(text: str) -> bool:
    """True if ``text`` is one line without control characters, fit to be shown anywhere."""
    return not any(ch < " " or "\x7f" <= ch <= "\x9f" or ch in "\u2028\u2029" for ch in text)


def locate(kind: str, spec: str | os.PathLike) -> tuple[str, str]:
    """The file of a preset given by name (any case) or by path, and how messages name it
    (``boggle.toml`` for a built-in, the path as given for the user's)."""
    if is_path(spec):
        path = os.fspath(spec)
        return check_file(kind, path), path
    name = spec.lower()
    path = builtin(kind, name)
    if not name or not os.path.isfile(path) or name.startswith("."):
        raise unknown(kind, spec)
    return path, f"{name}.toml"


# --- reading ----------------------------------------------------------------------------------

_loaded: dict = {}  # per process, by path and content: a file is parsed once per run

TOML_LIMIT = 2**20  # bytes of a data file: a hundred times the largest built-in one (8 KB)


def too_large(origin: str) -> str:
    return f"{origin}: more than {TOML_LIMIT // 2**20} MiB, too large for a data file"


def not_a_file(mode: int) -> str:
    """What a path that is not a regular file is, for a message: ``a named pipe``, …"""
    for test, name in ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a named pipe"),
                       (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a device"),
                       (stat.S_ISBLK, "a device")):
        if test(mode):
            return name
    return "not a regular file"


def load_toml(path: str, origin: str) -> dict:
    """A TOML file's contents, from the cache when it holds this very content (parsed once
    per process: callers share the table and must not change it). ``tomllib`` costs
    milliseconds to import, more than a whole solve; a marshalled copy loads in microseconds.
    The file is read on every run all the same: the cache entry holds its bytes and answers
    only for exactly those (``elzzur.cache``)."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):  # a named pipe would block for ever (in the user's
            raise ElzzurError(f"{origin}: is {not_a_file(info.st_mode)}, not a file")  # folder)
        if info.st_size > TOML_LIMIT:
            raise ElzzurError(too_large(origin))
        raw, regular = cache.read_source(path, TOML_LIMIT)
    except OSError as e:
        raise ElzzurError(f"{origin}: {e.strerror}") from None
    except ValueError:  # a NUL in the name
        raise ElzzurError(f"{origin}: no such file") from None
    if len(raw) > TOML_LIMIT:
        raise ElzzurError(too_large(origin))
    memo = (path, raw)
    if memo in _loaded:
        return _loaded[memo]
    cached = cache.entry(path, "toml.marshal") if regular else None
    data = cache.read(cached, raw)
    if data is not None:
        try:
            table = marshal.loads(data)
        except (ValueError, EOFError, TypeError):
            pass
        else:
            if isinstance(table, dict):
                _loaded[memo] = table
                return table
    import tomllib

    try:
        table = tomllib.loads(raw.decode("utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise ElzzurError(f"{origin}: {e}") from None
    except UnicodeDecodeError as e:
        raise ElzzurError(f"{origin}: not UTF-8 text ({e.reason})") from None
    except RecursionError:  # tomllib parses nested arrays and tables by recursion
        raise ElzzurError(f"{origin}: arrays or tables nested too deeply") from None
    try:
        cache.write(cached, marshal.dumps(table), raw)
    except ValueError:  # a value marshal cannot store (TOML dates): just don't cache it
        pass
    _loaded[memo] = table
    return table


def load(kind: str, spec: str | os.PathLike) -> tuple[dict, Checker, str]:
    """A preset's table, a checker for it, and its file."""
    path, origin = locate(kind, spec)
    return load_toml(path, origin), Checker(origin), path


# --- checking ---------------------------------------------------------------------------------

# How a message names each expected TOML type (``(int, float)`` has no ``__name__``).
KIND_NAMES = {bool: "true or false", int: "an integer", (int, float): "a number", str: "a string",
              list: "a list", dict: "a table"}

REQUIRED = object()  # ``need``'s default: the key must be there

# (No ``typing`` here: importing it costs milliseconds at start-up, and every run reads a file.)


# The largest number a data file may give anywhere (a letter's value, a bonus, a count of
# tiles): a million, what a tile written ``A=N`` on a board may be worth (``grid.tokens``).
# Scores are sums and products of these, far inside the 64 bits the C core counts in; a
# TOML integer may have any number of digits.
MAX_NUMBER = 10**6


MAX_NAME = 60  # characters of a name (a language's, a rule set's, a tile set's, …)


def whole(minimum: int, maximum: int = MAX_NUMBER):
    """A check for ``need``: a whole number from ``minimum`` to ``maximum``."""
    return lambda value: minimum <= value <= maximum


def whole_numbers(minimum: int, maximum: int = MAX_NUMBER, most: int = 1000):
    """A check for ``need``: a list of 1 to ``most`` whole numbers, each from ``minimum`` to
    ``maximum``."""
    return lambda values: 0 < len(values) <= most and all(
        type(v) is int and minimum <= v <= maximum for v in values)


def between(minimum: int, maximum: int = MAX_NUMBER, kind: str = "a whole number") -> str:
    """How a message says what ``whole`` checks: ``a whole number from 1 to 500``."""
    return f"{kind} from {minimum:,} to {maximum:,}"


class Checker:
    """Reads keys out of one file's parsed TOML; the first mistake is an ``ElzzurError`` that
    starts with the file (``origin``) and names the key with its whole dotted path."""

    def __init__(self, origin: str) -> None:
        self.origin = origin

    def fail(self, message: str):
        raise ElzzurError(f"{self.origin}: {message}")

    def need(self, table: dict, key: str, kind: type | tuple[type, ...], prefix: str = "",
             default: object = REQUIRED, check=None, what=None):
        """``table[key]``, which must be of ``kind`` (true and false are not numbers) and pass
        ``check``; ``what`` says in words what it must be, or is a function that says it,
        called only for the message (a file's hundred keys are read on every run, and are
        almost never wrong). Without it, ``default``, unless that is ``REQUIRED``."""
        if key not in table:
            if default is REQUIRED:
                self.fail(f"missing key {quoted(prefix + key)}")
            return default
        value = table[key]
        wrong = not isinstance(value, kind) or (isinstance(value, bool) and bool not in
                                                (kind if isinstance(kind, tuple) else (kind,)))
        if wrong or (check is not None and not check(value)):
            what = what() if callable(what) else what
            self.fail(f"key {quoted(prefix + key)} must be {what or KIND_NAMES[kind]}")
        return value

    def whole(self, table: dict, key: str, minimum: int = 0, maximum: int = MAX_NUMBER,
              prefix: str = "", default: object = REQUIRED) -> int:
        """``table[key]``, a whole number from ``minimum`` to ``maximum``."""
        return self.need(table, key, int, prefix, default, whole(minimum, maximum),
                         lambda: between(minimum, maximum))

    def name(self, table: dict, key: str = "name", prefix: str = "",
             default: object = REQUIRED) -> str:
        """``table[key]``, a name to show: one line of 1 to ``MAX_NAME`` characters (every
        message about the thing it names quotes it, and ``languages`` lists it)."""
        return self.need(table, key, str, prefix, default,
                         lambda text: 0 < len(text) <= MAX_NAME and plain(text),
                         f"a name of 1 to {MAX_NAME} characters on one line")

    def number(self, table: dict, key: str, minimum: float = 0, maximum: float = MAX_NUMBER,
               prefix: str = "", default: object = REQUIRED) -> float:
        """``table[key]``, a number (whole or not) from ``minimum`` to ``maximum``: never
        ``inf`` or ``nan``, which TOML allows."""
        return self.need(table, key, (int, float), prefix, default,
                         lambda value: minimum <= value <= maximum,  # (nan compares false)
                         lambda: between(minimum, maximum, "a number"))

    def known(self, table: dict, allowed, prefix: str = "") -> None:
        """Every key of ``table`` is one of ``allowed``: anything else is a typing mistake."""
        for key in table:
            if key not in allowed:
                self.fail(f"unknown key {quoted(prefix + key)} (expected one of "
                          f"{', '.join(allowed)})")
