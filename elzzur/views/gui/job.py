"""A solve in a worker thread, without Tk: the window starts a ``SolveJob`` and polls ``done``
with ``after``, so Tk is touched only on the main thread and the window never freezes.
"""

from __future__ import annotations

import threading

from ...errors import ElzzurError
from ...grid.board import Board


class SolveJob:
    """One solve in a worker thread: no Tk here; the window reads ``done``/``rows``/``error``."""

    _dictionaries: dict = {}
    _lock = threading.Lock()

    def __init__(self, board: Board, language, rules_name: str, dictionary_path: str | None):
        self.board, self.language = board, language
        self.rules_name, self.dictionary_path = rules_name, dictionary_path
        self.rows: list = []
        self.error: str | None = None
        self.warning: str | None = None  # what cleaning a word list dropped, if much
        self.done = threading.Event()
        self.thread = threading.Thread(target=self.run, name="elzzur-solve", daemon=True)

    def start(self) -> SolveJob:
        self.thread.start()
        return self

    def run(self) -> None:
        try:
            from ...lexicon.dictionary import load_dictionary
            from ...grid.rules import get_rules
            from ...grid.results import sort_key
            from ...grid.solver import find_words

            with self._lock:  # the caches of dictionaries and rules are not thread-safe
                rules = get_rules(self.rules_name)
                key = (self.dictionary_path, self.language.code)
                if key not in self._dictionaries:
                    self._dictionaries[key] = load_dictionary(self.dictionary_path, self.language)
                dictionary = self._dictionaries[key]
                report = dictionary.report
                if report is not None and report.worth_warning:
                    self.warning = report.message()
                rows = find_words(self.board, dictionary, self.language, rules=rules)
            order = sort_key("score")
            rows.sort(key=lambda row: order(*row))
            self.rows = rows
        except ElzzurError as e:
            self.error = str(e)
        except Exception as e:  # never let the worker die silently
            self.error = f"{type(e).__name__}: {e}"
        finally:
            self.done.set()

