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
