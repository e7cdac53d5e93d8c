"""The command line's way to load a dictionary: the list, the user's corrections over it, and
one warning line on standard error when cleaning the list dropped more than a small share of
it (``elzzur.lexicon.cleaning``). Library code never prints; this is the one place that shows a
report, for every command that reads a list.
"""

from __future__ import annotations

import sys

PROG = "elzzur"


def warn(message: str) -> None:
    """One ``elzzur: warning: …`` line on standard error."""
    print(f"{PROG}: warning: {message}", file=sys.stderr)


def show_report(report) -> None:
    """Warn about a ``CleanReport`` that is worth it (None and small losses say nothing)."""
    if report is not None and report.worth_warning:
        warn(report.message())


def load_words(path, language, corrections: bool = True):
    """``load_dictionary``, with its report shown (also when the graph came from the cache:
    the report is stored beside it)."""
    from ..lexicon.dictionary import load_dictionary

    dictionary = load_dictionary(path, language, corrections)
    show_report(dictionary.report)
    return dictionary
