"""Find every dictionary word on a board, each with its best-scoring path.

The board is explored from every cell, one neighbour at a time, beside a walk through the
dictionary's word graph: a path stops as soon as its letters begin no word, a word is scored as
it is reached (letter points and word multiplier are carried along the path), and each word
keeps its best score, ties going to the path that comes first row by row. The walk runs in the
C core (``elzzur._core``) where it was built at install time, else in pure Python
(``elzzur.grid.search``); both give the same answers, which the tests check against a brute-force
reference.
"""

from __future__ import annotations

from .board import Board
from ..lexicon.dictionary import Dictionary
from ..lexicon.graph import backend
from ..lexicon.languages import Language
from ..errors import ElzzurError
from .results import Found, Solution
from .rules import get_rules

START_ONLY, END_ONLY = 1, 2  # the search's cell flags (elzzur.grid.search)
PLACE_FLAGS = {"": 0, "start": START_ONLY, "end": END_ONLY}
SEARCH_LIMIT = 50_000_000  # graph steps: about ten seconds of the C core


def find_words(board: Board, dictionary: Dictionary, language: Language,
               min_length: int | None = None, use: str | None = None, rules=None,
               revisit: bool = False, limit: int = SEARCH_LIMIT
               ) -> list[tuple[str, int, tuple[int, ...]]]:
    """Every word of at least ``min_length`` letters (and of the rules' minimum) as
    ``(word, score, path)``, the path as cell numbers counted row by row, in alphabetical
    order. ``rules`` are the game's (default: Ruzzle's); ``revisit`` lets a path come back to
    a cell it used (never the cell it is on); a search of more than ``limit`` steps stops with
    an error rather than run for ever. ``use`` picks ``"c"`` or ``"python"`` (default:
    ``backend()``).

    The user's corrections to the dictionary count: its own graph is searched without the words
    they remove, and the small graph of the words they add beside it; no word is in both, and a
    word's best path depends on nothing but the word, so the two answers merge into the one a
    single graph of every word would give (the tests check that it does).
    """
    rules = rules or get_rules()
    shortest = max(rules.min_length, min_length or 0)  # never shorter than the rules allow
    found = _search(board, dictionary.graph, language, shortest, use, rules, revisit, limit)
    if dictionary.removed:
        removed = dictionary.removed
        found = [row for row in found if row[0] not in removed]
    if dictionary.added is not None:
        extra = _search(board, dictionary.added, language, shortest, use, rules, revisit, limit)
        if extra:
            found = sorted(found + extra, key=lambda row: row[0])
    if rules.max_length:
        found = [row for row in found if len(row[0]) <= rules.max_length]
    return found


def _search(board: Board, graph, language: Language, shortest: int, use: str | None, rules,
            revisit: bool, limit: int) -> list[tuple[str, int, tuple[int, ...]]]:
    """``find_words`` in one word graph (before the rules' longest word is applied)."""
    _, _, _, prepared, bonus, scale = _entry(language, rules, graph)
    cells, points, factors, flags = [], [], [], []
    for cell in board.cells:
        # keyed by the cell's fields, not the cell: cheaper to hash and compare
        key = (cell.choices, cell.bonus, cell.value, cell.place)
        numbers, values, factor, flag = prepared.get(key) or _prepare(cell, key, prepared,
                                                                      language, rules, graph)
        cells.append(numbers)
        points.append(values)
        factors.append(factor)
        flags.append(flag)
    args = (tuple(cells), tuple(points), tuple(factors), tuple(flags), board.neighbours, bonus,
            shortest, revisit, limit, scale, rules.length_divisor)
    core = graph.core() if (use or backend()) == "c" else None
    if use == "c" and core is None:
        raise RuntimeError("the C core of elzzur is not built")
    try:
        if core is not None:
            found = core.search(*args)
        else:
            from .search import search

            found = search(graph, *args)
    except OverflowError:
        raise ElzzurError("a score on this board is too large to count (more than 2**63)") from None
    except Exception as e:
        from .search import SearchLimit

        if isinstance(e, SearchLimit):
            raise ElzzurError(
                f"the search took more than {limit:,} steps on this {board.rows}x{board.cols} "
                "board and was stopped" + (" (paths that revisit cells multiply quickly)"
                                           if revisit else "")) from None
        if isinstance(e, IndexError) or isinstance(e, ValueError) and "corrupt" in str(e):
            # only a damaged file can do this (the core checks every step, Python indexes out)
            from ..cache import cache_dir

            raise ElzzurError(f"{graph.origin}: the word graph is damaged (reinstall elzzur, or "
                              f"remove its cache, {cache_dir()})") from None
        raise
    return found


# Per (language, rules, graph): each kind of cell as the search's numbers, and the length
# tables. Entries hold the objects they were made for, so an id cannot be reused while its
# entry lives (and is checked anyway); a few dozen entries at most are kept.
_tables: dict[tuple[int, int, int], tuple] = {}


def _entry(language: Language, rules, graph) -> tuple:
    key = (id(language), id(rules), id(graph))
    entry = _tables.get(key)
    if entry is None or entry[0] is not language or entry[1] is not rules or entry[2] is not graph:
        if len(_tables) >= 64:
            _tables.clear()
        bonus = tuple(rules.bonus(n, language) for n in range(graph.longest + 1))
        scale = None if rules.length_factor is None else \
            tuple(rules.factor(n) for n in range(graph.longest + 1))
        entry = _tables[key] = (language, rules, graph, {}, bonus, scale)
    return entry


def _prepare(cell, key: tuple, prepared: dict, language: Language, rules, graph) -> tuple:
    """A cell as (letter numbers per choice, points per choice, word multiplier, flags)."""
    values = rules.values(language)
    index = graph.index
    numbers, points = [], []
    for letters in cell.choices:
        bad = [ch for ch in letters if ch not in language.letter_values]
        if bad:
            raise ValueError(f"letter {bad[0]!r} is not in {language.name}'s alphabet")
        # a letter the dictionary's alphabet lacks spells no word: that choice is never taken
        numbers.append(bytes(index[ch] for ch in letters) if all(ch in index for ch in letters)
                       else b"")
        points.append(sum(values.get(ch, 0) for ch in letters) if cell.value is None
                      else cell.value)
    letter_factor, word_factor = (cell.letter_multiplier, cell.word_multiplier) \
        if rules.multipliers else (1, 1)
    entry = (tuple(numbers), tuple(p * letter_factor for p in points), word_factor,
             PLACE_FLAGS[cell.place])
    prepared[key] = entry
    return entry


def solve(board: Board, dictionary: Dictionary, language: Language,
          min_length: int | None = None, use: str | None = None, rules=None,
          revisit: bool = False, common: bool = False):
    """All words of at least ``min_length`` letters as a ``Solution``, sorted by score. Of two
    paths with the same best score, the one that comes first row by row wins.

    Each word carries its commonness band (``Found.band``), looked up in the language's own
    dictionary whichever ``dictionary`` found it (None: unknown). ``common=True`` keeps only
    the words a typical player knows (bands 1 and 2), and is an ElzzurError for a language
    without band data rather than an empty answer.
    """
    from ..lexicon.commonness import band_lookup, is_common

    band = band_lookup(language, needed=common)  # no band data for common: fail before searching
    found = find_words(board, dictionary, language, min_length, use, rules, revisit)
    words = tuple(
        Found(word, score, tuple(board.position(i) for i in path), band(word) if band else None)
        for word, score, path in found
    )
    if common:
        words = tuple(f for f in words if is_common(f.band))
    return Solution(board, language.code, words).sorted("score")


def score_path(board: Board, path: tuple[int, ...], language: Language, rules=None,
               choices: tuple[int, ...] | None = None) -> int:
    """The score of a path of cell numbers under ``rules`` (default: Ruzzle's), taking each
    cell's first choice of letters unless ``choices`` says which. To explain a score; the
    search adds up as it goes.
    """
    rules = rules or get_rules()
    values = rules.values(language)
    cells = [board.cells[i] for i in path]
    picked = [cell.choices[choices[k] if choices else 0] for k, cell in enumerate(cells)]
    points, factor = 0, 1
    for cell, letters in zip(cells, picked):
        tile = sum(values.get(ch, 0) for ch in letters) if cell.value is None else cell.value
        if rules.multipliers:
            tile *= cell.letter_multiplier
            factor *= cell.word_multiplier
        points += tile
    return rules.score(points, factor, sum(len(letters) for letters in picked), language)
