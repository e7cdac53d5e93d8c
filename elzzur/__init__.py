"""elzzur: solve Ruzzle-style word boards — every word, its best path and its score.

The Python API is what the command line uses::

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
    "ElzzurError": "errors", "UsageError": "errors",
    "random_board": "grid.generate",
    "Language": "lexicon.languages", "available_languages": "lexicon.languages", "get_language": "lexicon.languages",
    "Found": "grid.results", "Solution": "grid.results",
    "find_words": "grid.solver", "score_path": "grid.solver", "solve": "grid.solver",
    "Rules": "grid.rules", "get_rules": "grid.rules",
}
_RENAMED = {"available_languages": "available"}

__all__ = sorted(_EXPORTS) + ["load_board", "__version__"]


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
