"""Scrabble: every legal move for a board and a rack, best first.

The parts, one module each: ``tiles`` (editions), ``layout`` (premium squares), ``position``
(positions, CGP and racks as text), ``moves`` (a move and how it is shown), ``tilegraph``
(graphs of whole digraph tiles), ``movegen`` (the move generator), ``reference`` (the brute
force the generator is checked against). ``best_moves`` below is the Python API.

The move generator is Appel & Jacobson's (1988) over the dictionary's word graph: see
``movegen`` for how it goes, and ``elzzur/_csrc/scrabble.c`` for its C twin.

Tiles are strings: usually one letter, but Spanish has CH, LL and RR tiles, which the word graph
walks letter by letter. A board square is ``None`` or ``(tile, is_blank)``. Tile sets and premium
layouts are data (``elzzur/res/scrabble/tiles``, ``elzzur/res/scrabble/layouts``). Positions are
written one row a line, ``.`` for an empty square, the tile letter for a tile, its lower-case form
(from the tile set's explicit ``[blank_letters]`` table: Turkish ``i`` is ``İ``, ``ı`` is ``I``)
for a blank, and ``[CH]``/``[ch]`` for a tile of several letters.
"""

from __future__ import annotations

from ..errors import ArgumentError
from .layout import Layout, load_layout
from .movegen import generate_moves
from .moves import ACROSS, COLUMNS, DOWN, Move
from .position import parse_cgp, parse_position, parse_rack, to_cgp
from .tiles import TileSet, available_tile_sets, load_tile_set

__all__ = ["ACROSS", "COLUMNS", "DOWN", "Layout", "Move", "TileSet", "available_tile_sets",
           "best_moves", "load_layout", "load_tile_set", "parse_cgp", "parse_position",
           "parse_rack", "simulate_moves", "solve_endgame", "to_cgp"]


def best_moves(board_text: str, rack_text: str, language: str = "en", graph=None,
               layout: str | Layout | None = None, top: int | None = None,
               rank: str = "equity", plays_only: bool = False) -> list[Move]:
    """The Python API: moves for a position written as text, best first. ``language`` is an
    edition's code or a tile file's path; ``layout`` a layout's name, file or ``Layout``,
    defaulting to the edition's own board (``wwf`` for ``wwf``), else the standard one;
    ``graph`` a word graph (or a ``Dictionary``, whose corrected graph is used), defaulting
    to the edition's language's dictionary. ``rank="equity"`` (the default) orders by score
    plus the leave's value, with exchanges (``equity.Exchange``, when the unseen tiles leave
    a rack's worth in the bag) among the candidates and the end-game rule once the bag is
    empty (``elzzur.scrabble.equity``); ``rank="score"`` is the score order, moves only. Each
    candidate has its ``equity`` either way; ``plays_only=True`` leaves exchanges and passes
    out (the best plays by equity: what ``scrabble`` shows when its top holds none). Wrong
    kinds of arguments are a TypeError, bad text or a bad value (``top=-1``) an
    ElzzurError (the latter also a ValueError: ``errors.ArgumentError``)."""
    if top is not None and (isinstance(top, bool) or not isinstance(top, int)):
        raise TypeError(f"top must be a whole number or None, not {type(top).__name__}")
    if top is not None and top < 0:
        raise ArgumentError(f"top must be at least 0, not {top}")
    if rank not in ("equity", "score"):
        raise ArgumentError(f"rank must be 'equity' or 'score', not {rank!r:.20}")
    board, rack, blanks, graph, tiles, layout = _look_position(board_text, rack_text, language,
                                                               graph, layout)
    from .equity import Evaluator, ranked
    from .leaves import edition_leaves
    from .unseen import unseen_tiles

    evaluate = Evaluator(edition_leaves(tiles, language), unseen_tiles(board, rack, blanks, tiles),
                         tiles)
    if plays_only:  # the best plays by equity, no exchange among them
        from .equity import leave_table, rack_leaves

        table = leave_table(rack, blanks, rack_leaves(rack, blanks, evaluate))
        return generate_moves(board, rack, blanks, graph, tiles, layout, top, leaves=table)
    return ranked(lambda n, values: generate_moves(board, rack, blanks, graph, tiles, layout, n,
                                                   leaves=values),
                  rack, blanks, evaluate, top, rank)


def _text(value, name: str) -> None:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be text (str), not {type(value).__name__}")


def _whole(value, name: str, low: int, high: int | None, none: bool = False) -> None:
    """A whole number from ``low`` to ``high`` (None: no top), or None where ``none``: the
    look-ahead's counts bound the work and the processes it starts."""
    if value is None and none:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be a whole number{' or None' if none else ''}, not "
                        f"{type(value).__name__}")
    if value < low or (high is not None and value > high):
        top = f" to {high:,}" if high is not None else " or more"
        raise ArgumentError(f"{name} must be from {low}{top}, not {value:.0f}"[:120])


def _seconds(value, name: str = "seconds") -> None:
    """None (no limit) or a finite time of at most a day."""
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number of seconds or None, not {type(value).__name__}")
    if not 0 < value <= 86_400:  # NaN fails this too
        raise ArgumentError(f"{name} must be more than 0 and at most 86,400 (a day), not "
                            f"{value!r:.30}")


def _look_position(board_text, rack_text, language, graph, layout):
    """The parts of a position given as ``best_moves`` takes it, for it and the look-ahead:
    (board, rack, blanks, graph, tiles, layout)."""
    _text(board_text, "board_text")
    _text(rack_text, "rack_text")
    if not isinstance(language, str) and not hasattr(language, "__fspath__"):
        raise TypeError(f"language must be an edition's code or a tile file, not "
                        f"{type(language).__name__}")
    if layout is not None and not isinstance(layout, (str, Layout)) \
            and not hasattr(layout, "__fspath__"):
        raise TypeError(f"layout must be a layout's name or file, or a Layout, not "
                        f"{type(layout).__name__}")
    tiles = load_tile_set(language)
    if not isinstance(layout, Layout):
        layout = load_layout(layout or tiles.layout or "standard")
    board = parse_position(board_text, tiles, layout.size)
    rack, blanks = parse_rack(rack_text, tiles, board)
    from ..lexicon.dictionary import Dictionary

    if isinstance(graph, Dictionary):
        graph = graph.union_graph()
    elif graph is None:
        from ..lexicon.dictionary import load_dictionary
        from ..lexicon.languages import get_language

        graph = load_dictionary(None, get_language(tiles.language or language)).union_graph()
    return board, rack, blanks, graph, tiles, layout


def solve_endgame(board_text: str, rack_text: str, language: str = "en", graph=None,
                  layout: str | Layout | None = None, seconds: float | None = 10.0):
    """The end game (the bag empty: the opponent's rack is the unseen tiles) solved for the
    rack on turn, within ``seconds`` (None: until solved): an ``endgame.EndGameResult`` with
    the future ``value`` (spread from here), the best ``line`` and whether it is ``exact``.
    An ElzzurError while tiles are left in the bag. Arguments as ``best_moves`` takes them."""
    from ..errors import ElzzurError
    from .endgame import rack_tuple, solve, unseen_rack
    from .unseen import unseen_tiles

    _seconds(seconds)
    board, rack, blanks, graph, tiles, layout = _look_position(board_text, rack_text, language,
                                                               graph, layout)
    unseen = unseen_tiles(board, rack, blanks, tiles)
    if not unseen.end_game:
        raise ElzzurError(f"end game: {unseen.bag} tiles are still in the bag")
    return solve(board, rack_tuple(rack, blanks), unseen_rack(unseen), graph, tiles, layout,
                 seconds)


def simulate_moves(board_text: str, rack_text: str, language: str = "en", graph=None,
                   layout: str | Layout | None = None, seconds: float | None = 10.0,
                   iterations: int | None = None, top: int = 10, plies: int = 2, jobs: int = 1,
                   seed: int = 0):
    """The ``top`` candidates by equity simulated ``plies`` turns ahead against random draws
    (``simulate.simulate``): a ``simulate.Simulation`` whose ``candidates`` are best first,
    each with its ``iterations``, ``mean`` and ``half_width`` (of the 95 % interval). The same
    ``seed`` and ``iterations`` give the same table on any ``jobs``."""
    import os

    from .leaves import edition_leaves
    from .simulate import MAX_PLIES, simulate

    _seconds(seconds)
    _whole(iterations, "iterations", 1, 1_000_000, none=True)
    if seconds is None and iterations is None:
        raise ArgumentError("simulate_moves: give seconds, iterations or both (else it never ends)")
    _whole(top, "top", 1, 1_000)
    _whole(plies, "plies", 1, MAX_PLIES)
    _whole(jobs, "jobs", 1, max(os.cpu_count() or 1, 1))
    _whole(seed, "seed", 0, 2**63 - 1)
    board, rack, blanks, graph, tiles, layout = _look_position(board_text, rack_text, language,
                                                               graph, layout)
    return simulate(board, rack, blanks, graph, tiles, layout, edition_leaves(tiles, language),
                    top=top, plies=plies, seconds=seconds, iterations=iterations, jobs=jobs,
                    seed=seed)
