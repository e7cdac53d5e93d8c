"""The exceptions elzzur raises and the exit statuses: the command line turns each error into
one line on standard error, ``elzzur: error: …``, and its status."""

PROG = "elzzur"  # the name messages start with
INTERNAL_ERROR = 70  # a bug in elzzur (EX_SOFTWARE of BSD's sysexits.h)


class ElzzurError(Exception):
    """Bad data: a board, dictionary, language or file that cannot be used (exit status 1)."""

    exit_status = 1


class UsageError(ElzzurError):
    """A command line that asks for something impossible (exit status 2, like argparse)."""

    exit_status = 2


class ArgumentError(UsageError, ValueError):
    """A value the Python API cannot take (``best_moves(top=-1)``): an ElzzurError like every
    other refusal of elzzur's, and still a ValueError, which callers caught before."""


QUOTE_LIMIT = 40  # characters of input a message quotes


def quoted(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` as a message quotes it: its ``repr``, cut after ``limit`` characters with its
    length, so that a hostile token (megabytes of NULs) still makes a one-line message of a
    few dozen characters: ``'AAAA…' (60,000,000 characters)``. Escapes count toward the limit
    (a NUL is written ``\\x00``)."""
    text = str(text)
    if len(text) <= limit:
        shown = repr(text)
        if len(shown) <= limit + 2:
            return shown
    cut = limit  # never repr the whole text: 60 MB of NULs would be 240 MB of escapes
    while cut > 1 and len(repr(text[:cut])) > limit + 2:
        cut = cut * 3 // 4
    shown = repr(text[:cut])
    return f"{shown[:-1]}…{shown[-1]} ({len(text):,} characters)"
