"""elzzur: solve Ruzzle-style word boards — every word, its best path and its score.

One call solves a board with the language's built-in dictionary and Ruzzle's rules::

    >>> import elzzur
    >>> elzzur.solve("C A T/D O G", language="en")[0]
    Found(word='CAGOT', score=15, path=((0, 0), (0, 1), (1, 2), (1, 1), (0, 2)), band=4)

The explicit form, which the command line uses, gives each part::

    >>> import elzzur
    >>> language = elzzur.get_language("en")
    >>> board = elzzur.load_board("Ttl R S Ndl/Odw Htw E I/Cdw I N V/Etl A D E", language)
    >>> solution = elzzur.solve(board, elzzur.load_dictionary(None, language), language)
    >>> solution["COHESIVE"].score
    224
    >>> solution["COHESIVE"].path[:3]
    ((2, 0), (1, 0), (1, 1))

Names are imported when first used, so that ``import elzzur`` (and the command line) start fast.
"""

from __future__ import annotations

__version__ = "0.2.0"

_EXPORTS = {
    "Board": "grid.board", "Cell": "grid.board", "parse_board": "grid.board", "parse_boards": "grid.board",
    "read_board_text": "grid.board",
    "Dictionary": "lexicon.dictionary", "load_dictionary": "lexicon.dictionary",
    "ElzzurError": "errors", "UsageError": "errors", "ArgumentError": "errors",
    "random_board": "grid.generate",
    "Language": "lexicon.languages", "available_languages": "lexicon.languages", "get_language": "lexicon.languages",
    "Found": "grid.results", "Solution": "grid.results",
    "score_path": "grid.solver", "best_moves": "scrabble",
    "Rules": "grid.rules", "get_rules": "grid.rules",
}
_RENAMED = {"available_languages": "available"}

__all__ = sorted([*_EXPORTS, "find_words", "solve", "load_board", "__version__"])


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'elzzur' has no attribute {name!r}")
    value = getattr(__import__(f"{__name__}.{module}", fromlist=[name]), _RENAMED.get(name, name))
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__


def load_board(source, language):
    """A board from a file path, or from inline text (rows separated by ``/`` or newlines)."""
    from .grid.board import parse_board, read_board_text
    from .lexicon.languages import Language

    if not isinstance(language, Language):  # before reading anything (standard input)
        raise TypeError(f"language must be a Language (elzzur.get_language), not "
                        f"{type(language).__name__}")
    if not isinstance(source, str) and not hasattr(source, "__fspath__"):
        raise TypeError(f"load_board takes a file path or board text (str), not "
                        f"{type(source).__name__}" + (" (decode bytes first)"
                                                      if isinstance(source, bytes) else ""))
    text, origin = read_board_text(source)
    return parse_board(text, language, origin)


def solve(board, dictionary=None, language=None, min_length: int | None = None,
          use: str | None = None, rules=None, revisit: bool = False, common: bool = False):
    """Every word of ``board`` as a ``Solution``, sorted by score (``grid.solver.solve``).

    One call or the explicit form: ``board`` is a ``Board``, or board text or a board file
    (``load_board``); ``language`` a ``Language`` or its code (default: ``"en"``, as on the
    command line); ``dictionary`` a ``Dictionary``, a ``.marisa`` file or word list, or None
    for the language's built-in one with your corrections (loaded once, then kept); ``rules``
    Rules, a preset's name or a rules file (default: Ruzzle's)."""
    from .grid.solver import solve as solve_board

    board, dictionary, language = _resolved(board, dictionary, language)
    return solve_board(board, dictionary, language, min_length, use, rules, revisit, common)


def find_words(board, dictionary=None, language=None, min_length: int | None = None,
               use: str | None = None, rules=None, revisit: bool = False, **search):
    """Every word of ``board`` as ``(word, score, path)`` tuples in alphabetical order, paths as
    cell numbers (``grid.solver.find_words``: for batches, without result objects). Takes
    what ``solve`` takes: a board's text, a language's code, no dictionary for the built-in
    one; ``limit`` and ``deadline`` go to the search."""
    from .grid.solver import find_words as find_board_words

    board, dictionary, language = _resolved(board, dictionary, language)
    return find_board_words(board, dictionary, language, min_length, use, rules, revisit,
                            **search)


def _resolved(board, dictionary, language):
    """The Board, Dictionary and Language of a call to ``solve`` or ``find_words``: each given
    as one, or made from its text, path or code (the language first: the others need it)."""
    from .grid.board import Board
    from .lexicon.dictionary import Dictionary, load_dictionary
    from .lexicon.languages import Language, get_language

    if type(board) is Board and isinstance(dictionary, Dictionary) and \
            isinstance(language, Language):  # the explicit form: nothing to make
        return board, dictionary, language
    if language is None:
        language = "en"
    if isinstance(language, str) or hasattr(language, "__fspath__"):
        if isinstance(dictionary, str) and language == "en" and _looks_like_code(dictionary):
            from .errors import UsageError

            raise UsageError(f"{dictionary!r:.40} is given as the dictionary, and there is no such "
                             f"file: for the language, write language={dictionary!r:.40}")
        language = get_language(language)
    elif not isinstance(language, Language):
        raise TypeError(f"language must be a Language or a language's code, not "
                        f"{type(language).__name__}")
    if not isinstance(board, Board):
        board = load_board(board, language)
    if dictionary is None or isinstance(dictionary, str) or hasattr(dictionary, "__fspath__"):
        dictionary = load_dictionary(dictionary, language)
    return board, dictionary, language


def _looks_like_code(text: str) -> bool:
    """True if ``text``, given as a dictionary, is rather a language's code (``solve(board,
    "it")``): a built-in language and no file of that name."""
    import os

    from .lexicon.languages import available

    return not os.path.exists(text) and text in available()
