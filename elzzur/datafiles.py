"""Data files: every kind of preset found the same way, read as TOML, checked the same way.

elzzur's data (languages, rules, dice, Scrabble tile sets and board layouts) are TOML files in
``elzzur/res/``. Wherever one is asked for by name (``-l en``, ``--rules boggle``, ``--dice
new``), the user may give the path of a file of their own instead; ``locate`` decides which it
is, and says the same thing for each kind when neither is found:

- ``unknown rules 'bogle' (choose from bigboggle, boggle, …, or give the path of a rules file)``
- ``x/my.toml: no such rules file``

(usage errors, exit 2). A file that is found but wrong is bad data (exit 1), named by a
``Checker``, whose messages all start with the file and name the key at fault:
``missing key 'name'``, ``key 'rows' must be a whole number >= 1``, ``unknown key 'nmae'
(expected one of …)``.
"""

from __future__ import annotations

import marshal
import os
from . import cache
from .errors import ElzzurError, UsageError
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
    return UsageError(f"unknown {kind} {name!r} (choose from {', '.join(choices)}, "
                      f"or give the path of a {kind} file)")


def check_file(kind: str, path: str) -> str:
    """``path`` if it is a file; else the usage error saying what it is instead."""
    if os.path.isfile(path):
        return path
    what = "is a directory, not a" if os.path.isdir(path) else "no such"
    raise UsageError(f"{path}: {what} {kind} file")


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


def load_toml(path: str, origin: str) -> dict:
    """A TOML file's contents, from the cache when it holds this very content (parsed once
    per process: callers share the table and must not change it). ``tomllib`` costs
    milliseconds to import, more than a whole solve; a marshalled copy loads in microseconds.
    The file is read on every run all the same: the cache entry holds its bytes and answers
    only for exactly those (``elzzur.cache``)."""
    try:
        raw, regular = cache.read_source(path)
    except OSError as e:
        raise ElzzurError(f"{origin}: {e.strerror}") from None
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


def whole(minimum: int):
    """A check for ``need``: a whole number >= ``minimum``."""
    return lambda value: value >= minimum


def whole_numbers(minimum: int):
    """A check for ``need``: a non-empty list of whole numbers >= ``minimum``."""
    return lambda values: bool(values) and all(
        isinstance(v, int) and not isinstance(v, bool) and v >= minimum for v in values)


class Checker:
    """Reads keys out of one file's parsed TOML; the first mistake is an ``ElzzurError`` that
    starts with the file (``origin``) and names the key with its whole dotted path."""

    def __init__(self, origin: str) -> None:
        self.origin = origin

    def fail(self, message: str):
        raise ElzzurError(f"{self.origin}: {message}")

    def need(self, table: dict, key: str, kind: type | tuple[type, ...], prefix: str = "",
             default: object = REQUIRED, check=None, what: str | None = None):
        """``table[key]``, which must be of ``kind`` (true and false are not numbers) and pass
        ``check``; ``what`` says in words what it must be. Without it, ``default``, unless
        that is ``REQUIRED``."""
        if key not in table:
            if default is REQUIRED:
                self.fail(f"missing key {prefix + key!r}")
            return default
        value = table[key]
        wrong = not isinstance(value, kind) or (isinstance(value, bool) and bool not in
                                                (kind if isinstance(kind, tuple) else (kind,)))
        if wrong or (check is not None and not check(value)):
            self.fail(f"key {prefix + key!r} must be {what or KIND_NAMES[kind]}")
        return value

    def known(self, table: dict, allowed, prefix: str = "") -> None:
        """Every key of ``table`` is one of ``allowed``: anything else is a typing mistake."""
        for key in table:
            if key not in allowed:
                self.fail(f"unknown key {prefix + key!r} (expected one of {', '.join(allowed)})")
