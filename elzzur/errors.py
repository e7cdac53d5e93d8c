"""The exceptions elzzur raises: the command line turns each into one line on stderr."""


class ElzzurError(Exception):
    """Bad data: a board, dictionary, language or file that cannot be used (exit status 1)."""

    exit_status = 1


class UsageError(ElzzurError):
    """A command line that asks for something impossible (exit status 2, like argparse)."""

    exit_status = 2
