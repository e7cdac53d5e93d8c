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

from .board import Board, Cell
from ..lexicon.dictionary import Dictionary
from ..lexicon.graph import backend
from ..lexicon.languages import Language, as_language
from ..errors import ElzzurError
from .rules import Rules, get_rules, tile_codes

START_ONLY, END_ONLY = 1, 2  # the search's cell flags (elzzur.grid.search)
PLACE_FLAGS = {"": 0, "start": START_ONLY, "end": END_ONLY}
SEARCH_LIMIT = 50_000_000  # graph steps: about ten seconds of the C core
# Scores are counted in 64 bits, by the C core and (to agree with it) the Python search: a
# board on which a word scores more is an ElzzurError from both (elzzur.grid.search).
SCORE_LIMIT = 2**63 - 1
BACKENDS = ("c", "python")


class SearchTimedOut(ElzzurError):
    """A search stopped at its deadline (``find_words(..., deadline=)``): not bad data, but
    too much work for the time given (a server answers 503 with it, not 422)."""


def _arguments(board, dictionary, language, rules, min_length, use, revisit, limit
               ) -> tuple[Language, Rules]:
    """Check the arguments of ``find_words`` and ``solve``; the rules as an object (a preset
    name or file path is looked up). A wrong type is a TypeError, a wrong value a
    ValueError, each naming the argument, before anything is searched."""
    if not isinstance(board, Board):
        raise TypeError(f"board must be a Board (from elzzur.load_board or parse_board), "
                        f"not {type(board).__name__}")
    if not isinstance(dictionary, Dictionary):
        raise TypeError(f"dictionary must be a Dictionary (from elzzur.load_dictionary), "
                        f"not {type(dictionary).__name__}")
    language = as_language(language)
    rules = as_rules(rules)
    if min_length is not None and not _is_int(min_length):
        raise TypeError(f"min_length must be a whole number or None, not {type(min_length).__name__}")
    if use is not None and use not in BACKENDS:
        raise ValueError(f"use must be 'c', 'python' or None, not {use!r}")
    if not isinstance(revisit, (bool, int)):
        raise TypeError(f"revisit must be True or False, not {type(revisit).__name__}")
    if not _is_int(limit) or limit < 0:
        raise ValueError(f"limit must be a whole number of steps >= 0 (0: none), not {limit!r}")
    return language, rules


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def as_rules(rules) -> Rules:
    """Rules, the default (Ruzzle's) for None, or a preset by name or a rules file by path."""
    if rules is None:
        return get_rules()
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str) or hasattr(rules, "__fspath__"):
        return get_rules(rules)
    raise TypeError(f"rules must be Rules, a preset name (e.g. 'boggle') or a rules file, "
                    f"not {type(rules).__name__}")


def find_words(board: Board, dictionary: Dictionary, language: Language,
               min_length: int | None = None, use: str | None = None, rules=None,
               revisit: bool = False, limit: int = SEARCH_LIMIT, deadline: float | None = None
               ) -> list[tuple[str, int, tuple[int, ...]]]:
    """Every word of at least ``min_length`` letters (and of the rules' minimum) as
    ``(word, score, path)``, the path as cell numbers counted row by row, in alphabetical
    order. ``rules`` are the game's (default: Ruzzle's); ``revisit`` lets a path come back to
    a cell it used (never the cell it is on); a search of more than ``limit`` steps stops with
    an error rather than run for ever, and one still running at ``deadline`` (an instant of
    ``time.monotonic()``, None: none) stops with ``SearchTimedOut``: a server's answer in time
    whatever the load. ``use`` picks ``"c"`` or ``"python"`` (default:
    ``backend()``). ``rules`` may also be a preset's name (``"boggle"``) or a rules file's
    path. A word scoring more than ``SCORE_LIMIT`` (2**63 - 1) is an ElzzurError, from
    either backend.

    The user's corrections to the dictionary count: its own graph is searched without the words
    they remove, and the small graph of the words they add beside it; no word is in both, and a
    word's best path depends on nothing but the word, so the two answers merge into the one a
    single graph of every word would give (the tests check that it does).
    """
    global _last_call
    last = _last_call
    if (last[0] is dictionary and last[1] is language and last[2] is rules and
            last[3] is min_length and last[4] is use and last[5] is revisit and last[6] is limit
            and deadline is None and type(board) is Board and last[7] is dictionary.graph and
            not dictionary.removed and dictionary.added is None and (use or backend()) == "c"):
        neighbours = last[13] if board.rows == last[12][0] and board.cols == last[12][1] \
            else board.neighbours
        try:  # (the core looks the cells up in the prepared kinds itself; None: a kind of
            # cell not prepared yet, which the long way below prepares)
            found = last[9].search(board.cells, None, None, None, neighbours, *last[10], last[8])
        except Exception as e:
            _search_error(e, board, dictionary.graph, limit, revisit)
            raise
        if found is not None:
            return [row for row in found if len(row[0]) <= last[11]] if last[11] else found
    given = (dictionary, language, rules, min_length, use, revisit, limit)
    language, rules = _arguments(board, dictionary, language, rules, min_length, use, revisit, limit)
    if deadline is not None and (isinstance(deadline, bool) or not isinstance(deadline, (int, float))
                                 or deadline != deadline):
        raise TypeError(f"deadline must be an instant of time.monotonic() or None, not {deadline!r}")
    shortest = max(rules.min_length, min_length or 0)  # never shorter than the rules allow
    found = _search(board, dictionary.graph, language, shortest, use, rules, revisit, limit,
                    deadline=deadline)
    if dictionary.removed:
        removed = dictionary.removed
        found = [row for row in found if row[0] not in removed]
    if dictionary.added is not None:
        extra = _search(board, dictionary.added, language, shortest, use, rules, revisit, limit,
                        deadline=deadline)
        if extra:
            found = sorted(found + extra, key=lambda row: row[0])
    if rules.max_length:
        found = [row for row in found if len(row[0]) <= rules.max_length]
    core = dictionary.graph.core() if (use or backend()) == "c" else None
    if core is not None and deadline is None and type(board) is Board:
        prepared, bonus, scale = _entry(language, rules, dictionary.graph)[3:6]
        _last_call = (*given, dictionary.graph, (prepared, Cell), core,
                      (bonus, shortest, revisit, limit, scale, rules.length_divisor),
                      rules.max_length, (board.rows, board.cols), board.neighbours)
    return found


# find_words' last call that searched in the C core: [0:7] the arguments it was given
# (dictionary, language, rules, min_length, use, revisit, limit), [7] the dictionary's graph,
# and what they made: [8] the core's `prepared` argument (the prepared kinds of cell of
# _entry, the class of the cells), [9] the graph's core, [10] the core's arguments after the
# board's, [11] the rules' longest word, [12] the board's (rows, columns) and [13] its
# neighbours (a property, worked out on each reading). A call given the very same objects (a
# program that searches board after board), no deadline, and a dictionary still without
# corrections goes straight to the core, which looks the cells up itself: the checks, the
# lookups and the four tuples of the cells took 2.5 µs, a fourteenth of a 4x4 board.
_last_call: tuple = (object(),)


def _search(board: Board, graph, language: Language, shortest: int, use: str | None, rules,
            revisit: bool, limit: int, shape: dict | None = None,
            deadline: float | None = None) -> list:
    """``find_words`` in one word graph (before the rules' longest word is applied); with
    ``shape``, the rows made as ``shape_rows(rows, graph, **shape)`` makes them; stopped at
    ``deadline`` (``time.monotonic()``) if one is given."""
    prepared, bonus, scale = _entry(language, rules, graph)[3:6]
    core = graph.core() if (use or backend()) == "c" else None
    if use == "c" and core is None:
        raise ElzzurError("the C core of elzzur is not built here (install elzzur where a C "
                          "compiler is present), use='python' searches without it")
    rows = core is not None and _core_cell_rows(board.cells, prepared, Cell) or \
        _cell_rows(board, prepared, language, rules, graph)
    args = (*rows, board.neighbours, bonus, shortest, revisit, limit, scale,
            rules.length_divisor)
    timing = {}
    if deadline is not None:
        import time

        # (a search starting after its deadline still gets a moment: it stops at its first
        # reading of the clock, after some thousands of steps)
        timing["seconds"] = min(max(deadline - time.monotonic(), 1e-6), 1e9)
    try:
        if core is not None:
            if shape and isinstance(shape.get("band"), tuple):  # the other graph's core
                shape = dict(shape, band=(shape["band"][0].core(), shape["band"][1]))
            found = core.search(*args, **(shape or {}), **timing) if shape or timing else \
                core.search(*args)
        else:
            from .search import search

            found = search(graph, *args, **timing)
            if shape:
                found = shape_rows(found, graph, **shape)
    except Exception as e:
        _search_error(e, board, graph, limit, revisit)
        raise
    return found


def _cell_rows(board: Board, prepared: dict, language: Language, rules, graph) -> tuple:
    """The board's cells as the search's four tuples: each cell's letter numbers per choice,
    points per choice, word multiplier and flags (``_prepare``), made once per kind of cell
    and then looked up by the cell's fields (cheaper to hash and compare than the cell). The
    C core's ``cell_rows`` does the same where every kind is already prepared."""
    rows = [_cell_row(cell, prepared, language, rules, graph) for cell in board.cells]
    return tuple(zip(*rows))  # (a board has at least one cell)


def _cell_row(cell: Cell, prepared: dict, language: Language, rules, graph) -> tuple:
    """One cell as the search's (numbers, points, factor, flags): looked up by its fields,
    made by ``_prepare`` the first time."""
    key = (cell.choices, cell.bonus, cell.value, cell.place)
    return prepared.get(key) or _prepare(cell, key, prepared, language, rules, graph)


def _core_cell_rows(cells: tuple, prepared: dict, cls) -> tuple | None:
    """``_core.cell_rows`` (imported at the first search that uses the core), which is
    ``_cell_rows`` when every kind of cell is prepared, else None."""
    global _core_cell_rows
    from .. import _core

    _core_cell_rows = _core.cell_rows
    return _core_cell_rows(cells, prepared, cls)


def _search_error(e: Exception, board: Board, graph, limit: int, revisit: bool) -> None:
    """Raise the ElzzurError a failed search means (a score too large, too many steps, a
    damaged graph); return for any other exception, which the caller raises as it is."""
    if isinstance(e, OverflowError):  # both searches stop at the same word (elzzur.grid.search)
        raise ElzzurError(f"a score on this board would be larger than {SCORE_LIMIT:,}, the "
                          f"most elzzur counts (a letter value, multiplier or bonus is too "
                          f"large)") from None
    from .search import SearchLimit, SearchTimeout

    if isinstance(e, SearchTimeout):
        raise SearchTimedOut(f"the search on this {board.rows}x{board.cols} board ran out "
                             "of time and was stopped") from None
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


# Per (language, rules, graph): each kind of cell as the search's numbers, and the length
# tables. Entries hold the objects they were made for, so an id cannot be reused while its
# entry lives (and is checked anyway); a few dozen entries at most are kept.
_tables: dict[tuple[int, int, int], tuple] = {}


def _entry(language: Language, rules, graph) -> tuple:
    key = (id(language), id(rules), id(graph))
    entry = _tables.get(key)
    if entry is None or entry[0] is not language or entry[1] is not rules or entry[2] is not graph:
        bonus = tuple(rules.bonus(n, language) for n in range(graph.longest + 1))
        scale = None if rules.length_factor is None else \
            tuple(rules.factor(n) for n in range(graph.longest + 1))
        divisor = rules.length_divisor
        for name, numbers in (("length bonus", bonus), ("length factor", scale or ()),
                              ("length divisor", (divisor,))):
            if not all(_is_int(n) for n in numbers):
                raise TypeError(f"the {name} of rules {rules.name!r} must be whole numbers")
        if not 1 <= divisor <= SCORE_LIMIT:
            raise ElzzurError(f"the length divisor of rules {rules.name!r} must be between 1 "
                             f"and {SCORE_LIMIT:,}, not {divisor:,}")
        if not isinstance(rules.values(language), dict):
            raise TypeError(f"the letter values of rules {rules.name!r} must be a dict")
        if len(_tables) >= 64:
            _tables.clear()
        # whether rank order is the order of the words as str (by code point), so that the
        # core's sort by score, then rank, is Solution.sorted("score")'s
        in_order = all(a < b for a, b in zip(graph.alphabet, graph.alphabet[1:]))
        entry = _tables[key] = (language, rules, graph, {}, bonus, scale, in_order)
    return entry


def _prepare(cell, key: tuple, prepared: dict, language: Language, rules, graph) -> tuple:
    """A cell as (letter numbers per choice, points per choice, word multiplier, flags)."""
    values = rules.values(language)
    index = graph.index
    if cell.bonus and cell.bonus not in tile_codes():
        raise ValueError(f"unknown bonus tile {cell.bonus!r} (known: {', '.join(tile_codes())})")
    if cell.value is not None and not _is_int(cell.value):
        raise TypeError(f"the value written on a tile must be a whole number, not {cell.value!r}")
    numbers, points = [], []
    for letters in cell.choices:
        if not isinstance(letters, str):
            raise TypeError(f"a tile's letters must be a string, not {type(letters).__name__}")
        bad = [ch for ch in letters if ch not in language.letter_values]
        if bad:
            raise ValueError(f"letter {bad[0]!r} is not in {language.name}'s alphabet")
        # a letter the dictionary's alphabet lacks spells no word: that choice is never taken
        numbers.append(bytes(index[ch] for ch in letters) if all(ch in index for ch in letters)
                       else b"")
        worth = [values.get(ch, 0) for ch in letters]
        wrong = [n for n in worth if not _is_int(n)]
        if wrong:
            raise TypeError(f"letter values must be whole numbers, not {wrong[0]!r}")
        points.append(sum(worth) if cell.value is None else cell.value)
    letter_factor, word_factor = (cell.letter_multiplier, cell.word_multiplier) \
        if rules.multipliers else (1, 1)
    points = tuple(p * letter_factor for p in points)
    entry = (tuple(numbers), points, word_factor, PLACE_FLAGS[cell.place])
    prepared[key] = entry
    if len(key[0]) == 1 and key[1:] == ("", None, ""):  # a plain tile: also by its letters
        prepared[key[0][0]] = entry                     # (the C core's cell_rows looks so)
    return entry


def shape_rows(rows: list, graph, labels=None, record=None, band=None,
               by_score: bool = False) -> list:
    """The rows of a search (``(word, score, path)`` by rank) made into what the C core's
    search makes of them itself when given the same keywords (it builds them in C, without
    the tuples in between); the specification of that, and what the Python search does.

    ``labels``: one object per cell, the path holding ``labels[cell]`` instead of cell
    numbers; ``by_score``: sorted by score, highest first, then rank; ``record``: a class
    (with slots word, score, path and band), called with the row and the band, which is None,
    ``band(word)`` for a callable, or for a bytes-like ``band`` the word's rank's 2-bit entry
    plus 1 (as a ``.bands`` file holds them after its header; None past its end); for a pair
    ``(other graph, bytes-like)``, the same by the word's rank in the other graph (None if it
    is not a word there). The C core takes that graph as its ``_core.Graph``.
    """
    if labels is not None:
        rows = [(word, score, tuple(labels[cell] for cell in path)) for word, score, path in rows]
    if by_score:
        rows = sorted(rows, key=lambda row: (-row[1], graph.rank(row[0])))
    if record is None:
        return list(rows)
    band = _band_function(graph, band)
    return [record(word, score, path, band(word)) for word, score, path in rows]


def _band_function(graph, band):
    """``band`` as shape_rows and fill_template read it: a function from word to band."""
    if band is None:
        return lambda word: None
    if callable(band):
        return band
    ranked, data = band if isinstance(band, tuple) else (graph, band)
    data = bytes(data)

    def by_rank(word: str) -> int | None:
        rank = ranked.rank(word)
        return None if rank is None or rank >> 2 >= len(data) else \
            (data[rank >> 2] >> ((rank & 3) << 1) & 3) + 1
    return by_rank


def fill_template(rows: list, graph, labels, render: tuple, pad: bool = False, top: int = -1,
                  band=None, by_score: bool = False) -> tuple[str, int, int, int]:
    """The words of a search written as text, and the totals of all of them: what the C
    core's search returns for ``render`` (its specification; the views supply the template,
    ``elzzur.views.text.word_template``). Returns ``(text, number of words, letters of the
    longest, total score)``.

    Each of the first ``top`` words (-1: all), in the order of ``by_score`` (as
    ``shape_rows``), is ``open + word + after_word + score + after_score + the labels of its
    path's cells joined by path_sep + after_path [+ band, or band_none for None, unless
    band_none is None] + close``, the words joined by ``between``. ``pad`` left-aligns words
    and scores in columns 4 wider than the longest listed (the text view's lines). ``band``
    is read as ``shape_rows`` reads it.
    """
    count = len(rows)
    longest = max((len(row[0]) for row in rows), default=0)
    total = sum(row[1] for row in rows)
    if by_score:
        rows = sorted(rows, key=lambda row: (-row[1], graph.rank(row[0])))
    listed = rows if top < 0 else rows[:top]
    opening, after_word, after_score, path_sep, after_path, band_none, close, between = render
    band = _band_function(graph, band)
    word_width = max((len(row[0]) for row in listed), default=0) + 4
    score_width = max((len(str(row[1])) for row in listed), default=0) + 4
    items = []
    for word, score, path in listed:
        text = (opening + (word.ljust(word_width) if pad else word) + after_word
                + (str(score).ljust(score_width) if pad else str(score)) + after_score
                + path_sep.join(labels[cell] for cell in path) + after_path)
        if band_none is not None:
            held = band(word)
            text += band_none if held is None else str(held)
        items.append(text + close)
    return between.join(items), count, longest, total


def render_words(board: Board, dictionary: Dictionary, language: Language, min_length: int,
                 rules, revisit: bool, template, band=None, top: int = -1
                 ) -> tuple[str, int, int, int] | None:
    """``find_words``' words sorted by score written by the C core with a view's template
    (``elzzur.views.text.word_template``: ``(pieces, pad, labels)``), as ``fill_template``
    writes them, or None where that is not the same as writing ``find_words``' rows: the
    C core is not used, the dictionary carries corrections, the rules cap word length, or
    the alphabet's rank order is not the words' own (ties in score are then ordered by the
    views). ``band`` is the language's ``Bands`` or None. ``word_writer`` makes the same
    once for a batch of boards.
    """
    language, rules = _arguments(board, dictionary, language, rules, min_length, None, revisit,
                                 SEARCH_LIMIT)
    writer = word_writer(dictionary, language, min_length, rules, revisit, template, band, top)
    return None if writer is None else writer(board)


def word_writer(dictionary: Dictionary, language: Language, min_length: int, rules,
                revisit: bool, template, band=None, top: int = -1) -> WordWriter | None:
    """``render_words`` for every board of a batch with these arguments: a ``WordWriter``,
    or None where ``render_words`` returns None."""
    language, rules = _arguments(Board(1, 1, (Cell("A"),)), dictionary, language, rules,
                                 min_length, None, revisit, SEARCH_LIMIT)
    graph = dictionary.graph
    if (backend() != "c" or dictionary.removed or dictionary.added is not None
            or rules.max_length or not _entry(language, rules, graph)[6]):
        return None
    return WordWriter(graph, language, min_length, rules, revisit, template, band, top)


class WordWriter:
    """``render_words`` with everything that does not change from board to board settled
    once: the core, the rules' tables, the template, the bands; each cell's numbers are found
    by the cell's identity (the cells of a batch's boards are shared: ``grid/rows.py``), the
    cells kept alive beside them, so that no other object can come to have the same id.

    A batch of 4x4 boards spent a tenth of its time finding these again for every board."""

    def __init__(self, graph, language: Language, min_length: int, rules: Rules, revisit: bool,
                 template, band=None, top: int = -1) -> None:
        self.graph, self.language, self.rules, self.revisit = graph, language, rules, revisit
        entry = _entry(language, rules, graph)
        self.prepared, bonus, scale = entry[3:6]
        self.core = graph.core()
        pieces, pad, self.labels_of = template
        if band is not None:
            from ..lexicon.commonness import HEADER_SIZE

            data = memoryview(band.data)[HEADER_SIZE:]
            band = data if band.graph is graph else (band.graph.core(), data)
        shortest = max(rules.min_length, min_length or 0)
        # the core's arguments in order: (cells, points, factors, flags, neighbours), these
        # (prepared None: the cells are given as rows), labels, then the rest
        # (elzzur_Graph_search)
        self.middle = (bonus, shortest, revisit, SEARCH_LIMIT, scale, rules.length_divisor, None)
        self.tail = (None, band, True, pieces, pad, top)
        self.by_id: dict[int, tuple] = {}
        self.kept: list = []  # the cells whose ids key by_id
        self.shapes: dict[tuple[int, int], tuple] = {}  # (rows, cols): (neighbours, labels)

    def cell(self, cell) -> tuple:
        """One cell as the search's (numbers, points, factor, flags), kept by its id."""
        row = _cell_row(cell, self.prepared, self.language, self.rules, self.graph)
        if len(self.kept) >= 1 << 16:  # boards made one by one (the API): none are shared
            self.by_id.clear()
            self.kept.clear()
        self.by_id[id(cell)] = row
        self.kept.append(cell)
        return row

    def __call__(self, board: Board) -> tuple[str, int, int, int]:
        if not isinstance(board, Board):
            raise TypeError(f"board must be a Board (from elzzur.load_board or parse_board), "
                            f"not {type(board).__name__}")
        rows = list(map(self.by_id.get, map(id, board.cells)))
        if None in rows:
            rows = list(map(self.cell, board.cells))
        shape = self.shapes.get((board.rows, board.cols))
        if shape is None:
            shape = (board.neighbours, self.labels_of(board))
            if len(self.shapes) < 64 and board.rows * board.cols <= 4096:
                self.shapes[(board.rows, board.cols)] = shape
        try:
            return self.core.search(*zip(*rows), shape[0], *self.middle, shape[1], *self.tail)
        except Exception as e:
            _search_error(e, board, self.graph, SEARCH_LIMIT, self.revisit)
            raise


_positions: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}


def _labels(board: Board) -> tuple[tuple[int, int], ...]:
    """Each cell's (row, column), one tuple per cell shared by every path through it; kept
    for the shapes of up to 4096 cells, as their neighbour lists are."""
    shape = (board.rows, board.cols)
    labels = _positions.get(shape)
    if labels is None:
        labels = tuple(divmod(i, board.cols) for i in range(board.rows * board.cols))
        if len(labels) <= 4096:
            _positions[shape] = labels
    return labels


_solve_names: tuple = ()


def _import_solve_names() -> tuple:
    """What solve() uses of the commonness bands and the result classes, imported at its first
    call rather than with this module (a batch's writer, WordWriter, needs neither) and kept:
    the two imports in solve()'s body cost about a microsecond each on every call."""
    global _solve_names
    from ..lexicon.commonness import HEADER_SIZE, is_common, language_bands, require_bands
    from .results import Found, Solution

    _solve_names = (HEADER_SIZE, is_common, language_bands, require_bands, Found, Solution)
    return _solve_names


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
    HEADER_SIZE, is_common, language_bands, require_bands, Found, Solution = \
        _solve_names or _import_solve_names()
    global _last_solve
    last = _last_solve
    if (last[0] is dictionary and last[1] is language and last[2] is rules and
            last[3] is min_length and last[4] is use and last[5] is revisit and last[6] is common
            and type(board) is Board and last[7] is dictionary.graph and not dictionary.removed
            and dictionary.added is None and (use or backend()) == "c" and
            last[8] is language_bands(language)):
        shape = (board.rows, board.cols)
        neighbours, labels = last[12] if shape == last[11] else (board.neighbours, _labels(board))
        try:  # (None: a kind of cell not prepared yet, which the long way below prepares)
            words = last[9].search(board.cells, None, None, None, neighbours, *last[10][0],
                                   labels, *last[10][1])
        except Exception as e:
            _search_error(e, board, dictionary.graph, SEARCH_LIMIT, revisit)
            raise
        if words is not None:
            if last[13]:
                words = [f for f in words if len(f.word) <= last[13]]
            if common:
                words = [f for f in words if is_common(f.band)]
            return Solution(board, language.code, tuple(words))
    given = (dictionary, language, rules, min_length, use, revisit, common)
    language, rules = _arguments(board, dictionary, language, rules, min_length, use, revisit,
                                 SEARCH_LIMIT)
    if not isinstance(common, (bool, int)):
        raise TypeError(f"common must be True or False, not {type(common).__name__}")
    # no band data for common: fail before searching
    bands = require_bands(language) if common else language_bands(language)
    graph = dictionary.graph
    in_order = _entry(language, rules, graph)[6]
    labels = _labels(board)
    if dictionary.removed or dictionary.added is not None:
        # the corrections' two graphs: their rows merged by find_words, then made into Founds
        rows = find_words(board, dictionary, language, min_length, use, rules, revisit)
        words = shape_rows(rows, graph, labels, Found, None if bands is None else bands.band)
        in_order = False
    else:
        # The search makes the Founds itself, sorted by score, each word's band read by its
        # rank in the graph the bands were written for (the language's own list).
        band = None
        if bands is not None:
            data = memoryview(bands.data)[HEADER_SIZE:]
            band = data if bands.graph is graph else (bands.graph, data)
        shortest = max(rules.min_length, min_length or 0)
        words = _search(board, graph, language, shortest, use, rules, revisit, SEARCH_LIMIT,
                        {"labels": labels, "record": Found, "band": band, "by_score": in_order})
        if rules.max_length:
            words = [f for f in words if len(f.word) <= rules.max_length]
        core = graph.core() if (use or backend()) == "c" else None
        if core is not None and in_order and type(board) is Board:  # for the next call
            prepared, bonus, scale = _entry(language, rules, graph)[3:6]
            if isinstance(band, tuple):
                band = (band[0].core(), band[1])
            _last_solve = (*given, graph, bands, core,
                           ((bonus, shortest, revisit, SEARCH_LIMIT, scale, rules.length_divisor,
                             (prepared, Cell)), (Found, band, True)),
                           (board.rows, board.cols), (board.neighbours, labels),
                           rules.max_length)
    if common:
        words = [f for f in words if is_common(f.band)]
    solution = Solution(board, language.code, tuple(words))
    return solution if in_order else solution.sorted("score")


# solve()'s last call that searched one graph in the C core, its words in score order: [0:7]
# the arguments it was given (dictionary, language, rules, min_length, use, revisit, common),
# [7] the dictionary's graph, [8] the language's bands, and what they made: [9] the graph's
# core, [10] the core's arguments after the board's neighbours (up to `prepared`) and after
# its labels (record, band, by_score), [11] the board's (rows, columns), [12] its neighbours
# and labels, [13] the rules' longest word. A call given the very same objects goes straight
# to the core, as find_words' does (_last_call): 2 µs less a board.
_last_solve: tuple = (object(),)


def score_path(board: Board, path, language: Language, rules=None,
               choices: tuple[int, ...] | None = None, revisit: bool = False) -> int:
    """The score of the word a path spells under ``rules`` (default: Ruzzle's), taking each
    cell's first choice of letters unless ``choices`` says which. To explain a score; the
    search adds up as it goes.

    The path is cell numbers counted row by row, or (row, column) pairs (a ``Found``'s path).
    It must be a path the search could take: each cell on the board and a neighbour of the one
    before, none twice unless ``revisit`` (never twice in a row), no hole, a start-only tile
    (``RE-``) only first and an end-only one (``-ING``) only last, and as many letters as the
    rules allow; anything else is an ElzzurError naming the step at fault.
    """
    if not isinstance(board, Board):
        raise TypeError(f"board must be a Board, not {type(board).__name__}")
    language, rules = as_language(language), as_rules(rules)
    cells = _path_cells(board, path, revisit)
    if choices is not None:
        if isinstance(choices, (str, bytes)) or not hasattr(choices, "__len__"):
            raise TypeError(f"choices must be a sequence of whole numbers, not "
                            f"{type(choices).__name__}")
        if len(choices) != len(cells):
            raise ElzzurError(f"choices has {len(choices)} entries for a path of {len(cells)} cells")
    values = rules.values(language)
    picked = []
    for k, i in enumerate(cells):
        cell = board.cells[i]
        choice = 0 if choices is None else choices[k]
        if not _is_int(choice):
            raise TypeError(f"choices[{k}] must be a whole number, not {type(choice).__name__}")
        if not 0 <= choice < len(cell.choices):
            raise ElzzurError(f"step {k + 1} of the path: cell {i} has "
                              f"{len(cell.choices)} choice(s) of letters, not a choice {choice}")
        letters = cell.choices[choice]
        bad = [ch for ch in letters if ch not in language.letter_values]
        if bad:
            raise ElzzurError(f"step {k + 1} of the path: letter {bad[0]!r} is not in "
                              f"{language.name}'s alphabet")
        picked.append(letters)
    length = sum(len(letters) for letters in picked)
    if length < rules.min_length or rules.max_length and length > rules.max_length:
        most = f" or more than {rules.max_length}" if rules.max_length else ""
        raise ElzzurError(f"the path spells {''.join(picked)!r}: {rules.name} counts no word of "
                          f"fewer than {rules.min_length}{most} letters")
    points, factor = 0, 1
    for i, letters in zip(cells, picked):
        cell = board.cells[i]
        tile = sum(values.get(ch, 0) for ch in letters) if cell.value is None else cell.value
        if rules.multipliers:
            tile *= cell.letter_multiplier
            factor *= cell.word_multiplier
        points += tile
    return rules.score(points, factor, length, language)


def _path_cells(board: Board, path, revisit: bool) -> list[int]:
    """A path as cell numbers, checked step by step (``score_path``)."""
    if isinstance(path, (str, bytes)) or not hasattr(path, "__iter__"):
        raise TypeError(f"path must be a sequence of cell numbers or (row, column) pairs, not "
                        f"{type(path).__name__}")
    cells: list[int] = []
    size = len(board.cells)
    neighbours = board.neighbours
    for k, step in enumerate(path, 1):
        if isinstance(step, tuple) and len(step) == 2 and all(map(_is_int, step)):
            row, col = step
            if not (0 <= row < board.rows and 0 <= col < board.cols):
                raise ElzzurError(f"step {k} of the path: ({row}, {col}) is not on this "
                                  f"{board.rows}x{board.cols} board")
            cell = row * board.cols + col
        elif _is_int(step):
            if not 0 <= step < size:
                raise ElzzurError(f"step {k} of the path: cell {step} is not on this "
                                  f"{board.rows}x{board.cols} board (cells 0 to {size - 1})")
            cell = step
        else:
            raise TypeError(f"step {k} of the path: a cell is a whole number or a (row, column) "
                            f"pair, not {step!r:.40}")
        where = f"step {k} of the path: cell {board.position(cell)}"
        if board.cells[cell].is_hole:
            raise ElzzurError(f"{where} is a hole")
        if cells and cell not in neighbours[cells[-1]]:
            raise ElzzurError(f"{where} is not a neighbour of the cell before, "
                              f"{board.position(cells[-1])}")
        if cell in cells and not revisit:
            raise ElzzurError(f"{where} is already on the path (revisit=True allows it)")
        place = board.cells[cell].place
        if place == "start" and cells:
            raise ElzzurError(f"{where} is a start-only tile ({board.cells[cell].token}), "
                              "but not the first")
        if cells and board.cells[cells[-1]].place == "end":
            raise ElzzurError(f"step {k - 1} of the path: cell {board.position(cells[-1])} is "
                              f"an end-only tile ({board.cells[cells[-1]].token}), but not the last")
        cells.append(cell)
    if not cells:
        raise ElzzurError("the path is empty")
    return cells
