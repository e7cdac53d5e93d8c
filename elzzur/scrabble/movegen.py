"""Scrabble move generation: every legal move for a board and a rack.

Appel & Jacobson's "The World's Fastest Scrabble Program" (1988), over the dictionary's word
graph (``elzzur.lexicon.graph``), in the style of Norvig's Scrabble notebook:

- only across moves are generated; down moves are the across moves of the transposed board;
- ``cross_checks``: for each empty square with a tile above or below it, the tiles that make a
  word of the column there, and the points of the column's tiles already on the board;
- ``anchors``: the empty squares next to a tile (the centre on an empty board): every move covers
  one; a move is generated from its leftmost anchor only, so it is found once;
- ``left_part``: the tiles before the anchor, grown from the rack over empty non-anchor squares
  (or the tiles already on the board there), each a prefix in the word graph;
- ``extend_right``: from the anchor rightwards, rack tiles where the square is empty and the
  board's tile where it is not, following the word graph, recording each word that ends.

``across_moves`` is that search written plainly (the specification); ``across_moves_fast`` the
same search with letter masks and precomputed tables (``FastTables``). The C core
(``elzzur/_csrc/scrabble.c``, called by ``core_moves``) does all of it where it is built: the
cross-checks and anchors, both directions, the order and the ``top`` best, so that Python only
encodes the board and turns the best moves into ``Move`` objects. The order is by score, or by
equity given the values of the rack's leaves (a ``LeaveTable``; ``by_equity`` says the order),
so that ranking by equity builds only the best moves too. The three agree move for move,
and with the brute force of ``elzzur.scrabble.reference``, on random positions
(tests/test_scrabble.py; the C tables square by square in tests/test_scrabble_core.py).
This module does that one job, and is long because the search is.
"""

from __future__ import annotations

from ..lexicon.graph import TERMINAL
from ..errors import ElzzurError
from .layout import Layout
from .moves import ACROSS, DOWN, Move, show_leave
from .position import check_board, is_empty, transpose
from .tiles import BLANK, TileSet
from .tilegraph import is_tile_graph, tile_graph


class MoveGenerator:
    """The state of one search: the word graph, tiles and layout, and the dictionary steps of
    each tile (a tile of several letters is several steps)."""

    def __init__(self, graph, tiles: TileSet, layout: Layout):
        self.graph = graph
        self.tiles = tiles
        self.layout = layout
        index = graph.index
        # a graph of tiles (``tile_graph``) spells a tile of several letters as its symbol
        spell = tiles.symbols if is_tile_graph(graph, tiles) else {}
        # each tile's letter numbers; tiles the dictionary cannot spell are left out
        self.steps = {t: [index[ch] for ch in spell.get(t, t)] for t in tiles.values
                      if all(ch in index for ch in spell.get(t, t))}
        # the node-mask bit of each tile's first letter: a tile whose bit is not in a node's
        # mask cannot follow there, without walking the graph
        self.first_bit = {t: 1 << steps[0] for t, steps in self.steps.items()}

    def step(self, node: int, tile: str) -> int:
        child = self.graph.child
        for letter in self.steps.get(tile, ()):
            node = child(node, letter)
            if node < 0:
                return -1
        return node if tile in self.steps else -1

def generate_moves(board, rack: dict, blanks: int, graph, tiles: TileSet, layout: Layout,
                   top: int | None = None, use: str | None = None,
                   leaves: LeaveTable | None = None) -> list[Move]:
    """Every legal move, best first (score descending, then coordinate, then word); the first
    ``top`` of them if given. With ``leaves`` (the values of this rack's leaves, a
    ``LeaveTable``: ``elzzur.scrabble.equity`` makes them) best first by equity instead, each
    move's ``equity`` filled in (``by_equity``). ``use`` is ``"c"`` or ``"python"`` (default:
    the C core where it is built, see ``lexicon.graph.backend``). Arguments of the wrong kind
    are a TypeError or ValueError, and tile values with which a move could score more than
    ``SCORE_LIMIT`` an ElzzurError (``check_score_range``), whichever search would run."""
    check_arguments(board, rack, blanks, graph, tiles, layout, top, use)
    bound = check_score_range(board, rack, blanks, tiles, layout)
    if leaves is not None:
        check_leaves(leaves, rack, blanks)
    graph = tile_graph(graph, tiles)
    from ..lexicon.graph import backend

    if (use or backend()) == "c" and len(board) <= 63:
        tables = CoreTables.of(graph, tiles)  # None where the core cannot search these tiles
        core = graph.core() if tables is not None else None
        if core is not None:
            if leaves is None or core_can_rank(leaves, bound):
                return core_moves(core, tables, board, rack, blanks, layout, top, leaves)
            # equities too large for the core's exact order: every move, ranked here
            return by_equity(core_moves(core, tables, board, rack, blanks, layout, None),
                             leaves, top)
    gen = MoveGenerator(graph, tiles, layout)
    first = is_empty(board)
    across = across_moves_fast if fast_search(gen) else across_moves
    moves = both_ways(across, gen, board, layout, rack, blanks, first)
    if leaves is not None:
        return by_equity(moves, leaves, top)
    return moves if top is None else moves[:top]


class LeaveTable:
    """What ranking by equity needs of a rack: the value, in whole tenths of a point, of the
    leave each move keeps, found by the tiles the move uses (so that the C core, which knows
    those, can rank every move by a lookup and build only the best). The index of a multiset
    of tiles used is the sum of ``stride[tile]`` (``blank_stride`` for a blank) over them: a
    mixed-radix number whose digits are the counts used, so a rack of seven different tiles has
    2**7 = 128 leaves. ``tenths[index]`` (a whole number) is the value of what the rack keeps
    then; ``rack`` and ``blanks`` say which rack the table is for."""

    __slots__ = ("rack", "blanks", "stride", "blank_stride", "tenths")

    def __init__(self, rack: dict, blanks: int, tenths: list[int]):
        self.rack, self.blanks = {t: n for t, n in rack.items() if n}, blanks
        self.stride: dict[str, int] = {}
        size = 1
        for tile in sorted(self.rack):
            self.stride[tile] = size
            size *= self.rack[tile] + 1
        self.blank_stride = size
        if len(tenths) != size * (blanks + 1):
            raise ValueError(f"a rack of {sum(rack.values()) + blanks} tiles has "
                             f"{size * (blanks + 1)} leaves, not {len(tenths)}")
        self.tenths = tenths

    def index(self, placed) -> int:
        """The index of the tiles a move places (``Move.placed``)."""
        stride, blank = self.stride, self.blank_stride
        return sum(blank if is_blank else stride[tile] for _, _, tile, is_blank in placed)

    def equity(self, move: Move) -> int:
        """A move's equity in tenths of a point: ten times its score plus its leave's value."""
        return 10 * move.score + self.tenths[self.index(move.placed)]


EQUITY_LIMIT = 2**52  # the core ranks by equity when every equity in tenths is below this: the
                      # equities shown (tenths / 10, floats) are then exact enough that floats
                      # order them as their tenths do


def check_leaves(leaves, rack: dict, blanks: int) -> None:
    """TypeError or ValueError for ``leaves`` that are not a ``LeaveTable`` of this rack: the
    core indexes the table by the tiles a move uses, and another rack's would mean another
    leave."""
    if not isinstance(leaves, LeaveTable):
        raise TypeError(f"leaves must be a LeaveTable, not {type(leaves).__name__}")
    if leaves.blanks != blanks or leaves.rack != {t: n for t, n in rack.items() if n}:
        raise ValueError("leaves: the table is for another rack")


def core_can_rank(leaves: LeaveTable, bound: int) -> bool:
    """True if every equity (ten times a score of at most ``bound``, plus a leave's value) is
    below ``EQUITY_LIMIT``: the core ranks in int64 and the order must be the one the equities
    shown give."""
    reach = max(map(abs, leaves.tenths), default=0)
    return 10 * bound + reach < EQUITY_LIMIT


def by_equity(moves: list[Move], leaves: LeaveTable, top: int | None) -> list[Move]:
    """The moves best first by equity (then ``Move.key``), each ``equity`` filled in (tenths
    over ten): the specification of the core's order with leave values."""
    tenths = [(leaves.equity(move), move) for move in moves]
    tenths.sort(key=lambda pair: (-pair[0], pair[1].key()))
    out = []
    for value, move in tenths if top is None else tenths[:top]:
        move.equity = value / 10
        out.append(move)
    return out

SCORE_LIMIT = 2**63 - 1  # scores are int64 in the C core


def fast_search(gen: MoveGenerator) -> bool:
    """True if the letter-mask search (``across_moves_fast``, and the C core's) can search
    these tiles: each is one step of the graph, and no two tiles' letters must be kept apart
    but in a graph of tiles (where C, H is no CH anyway)."""
    return all(len(steps) == 1 for steps in gen.steps.values()) and (
        not gen.tiles.apart or is_tile_graph(gen.graph, gen.tiles))


def check_arguments(board, rack, blanks, graph, tiles, layout, top, use) -> None:
    """TypeError or ValueError, naming the argument, for what ``generate_moves`` cannot take:
    the searches index and add these without further checks."""
    from ..lexicon.graph import WordGraph

    def whole(value, name: str, least: int = 0) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name} must be a whole number, not {type(value).__name__}")
        if value < least:
            raise ValueError(f"{name} must be at least {least}, not {value}")

    if not isinstance(tiles, TileSet):
        raise TypeError(f"tiles must be a TileSet (load_tile_set), not {type(tiles).__name__}")
    if not isinstance(layout, Layout):
        raise TypeError(f"layout must be a Layout (load_layout), not {type(layout).__name__}")
    if not isinstance(graph, WordGraph):
        raise TypeError(f"graph must be a word graph (a Dictionary's union_graph()), not "
                        f"{type(graph).__name__}")
    for tile, value in tiles.values.items():
        whole(value, f"the value of tile {tile!r}")
    whole(tiles.bingo, "the bingo bonus")
    whole(tiles.rack_size, "the rack size", 1)
    if layout.bingo is not None:
        whole(layout.bingo, "the layout's bingo bonus")
    n = layout.size
    if not isinstance(board, list) or len(board) != n or not all(
            isinstance(row, list) and len(row) == n for row in board):
        raise TypeError(f"board must be a list of {n} rows of {n} squares (parse_position)")
    check_board(board, tiles)
    if not isinstance(rack, dict):
        raise TypeError(f"rack must be a dict of tile counts (parse_rack), not {type(rack).__name__}")
    for tile, count in rack.items():
        if tile not in tiles.values:
            raise ValueError(f"rack: {tile!r:.20} is not a tile of the {tiles.name} set")
        whole(count, f"the rack's count of {tile!r}")
    whole(blanks, "blanks")
    if sum(rack.values()) + blanks > tiles.rack_size:
        raise ValueError(f"rack: {sum(rack.values()) + blanks} tiles, at most {tiles.rack_size}")
    if top is not None:
        whole(top, "top")
    if use not in (None, "c", "python"):
        raise ValueError(f"use must be 'c', 'python' or None, not {use!r:.20}")


def check_score_range(board, rack: dict, blanks: int, tiles: TileSet, layout: Layout) -> int:
    """Refuse, before either search runs, tile values and a bingo bonus with which some move
    could score more than ``SCORE_LIMIT``: the C core counts in 64 bits. A move spells at most
    ``n`` letters (the board's side) and places ``k`` new tiles (the rack's, at most ``n``);
    its main word is at most n x the largest value x letter premium x word premium ** k, each
    of its k cross-words at most n x value x letter premium x word premium, and every partial
    sum on the way is less. The board's tiles are the set's, so the largest value bounds them.
    Returns that bound."""
    n = layout.size
    k = min(n, sum(rack.values()) + blanks)
    value = max(tiles.values.values(), default=0)
    letter = max(max(row) for row in layout.letter)
    word = max(max(row) for row in layout.word)
    bingo = layout.bingo if layout.bingo is not None else tiles.bingo
    word_points = n * value * letter
    bound = word_points * word ** k + k * word_points * word + bingo
    if bound > SCORE_LIMIT:
        raise ElzzurError(
            f"the {tiles.name} tiles (values up to {value:,}, bingo {bingo:,}) could make a move "
            f"score more than {SCORE_LIMIT:,}, which elzzur cannot count")
    return bound


def both_ways(across, gen: MoveGenerator, board, layout: Layout, rack: dict, blanks: int,
              first: bool) -> list[Move]:
    """The moves ``across`` (an across-move generator) finds on the board and, as down moves,
    on the transposed board, best first."""
    moves = list(across(gen, board, layout, rack, blanks, first, ACROSS))
    for move in across(gen, transpose(board), layout.transposed(), rack, blanks, first, DOWN):
        if len(move.placed) == 1 and makes_across_word(board, *move.placed[0][:2]):
            continue
        moves.append(move)
    moves.sort(key=Move.key)
    return moves

def makes_across_word(board, r: int, c: int) -> bool:
    """True if a tile on (r, c) has a tile beside it: a single tile played there is the across
    move it makes already, not also a down move."""
    return bool((c > 0 and board[r][c - 1]) or (c + 1 < len(board) and board[r][c + 1]))

class CoreTables:
    """What the C core's ``scrabble_moves`` needs of a word graph and tile set, the same for
    every board and rack: each tile's letter number, value and spellings, and the board's
    squares as bytes. Kept for the last few (graph, tiles) pairs: a position is solved again and
    again with the same dictionary, and these would cost as much as the search."""

    _kept: dict = {}  # (id(graph), id(tiles)) -> (graph, tiles, CoreTables or None)

    @classmethod
    def of(cls, graph, tiles: TileSet) -> CoreTables | None:
        """The tables of ``graph`` (a graph of tiles where the edition has one) and ``tiles``,
        or None if the C core cannot search them (see ``fast_search``; a spelling too long)."""
        key = (id(graph), id(tiles))
        kept = cls._kept.get(key)
        if kept is not None and kept[0] is graph and kept[1] is tiles:
            return kept[2]
        if len(cls._kept) >= 8:
            cls._kept.clear()
        gen = MoveGenerator(graph, tiles, None)
        tables = cls(gen) if fast_search(gen) else None
        if tables is not None and not tables.spelt:
            tables = None
        cls._kept[key] = (graph, tiles, tables)
        return tables

    def __init__(self, gen: MoveGenerator):
        tiles = gen.tiles
        self.tiles = tiles
        self.letter_of = letter_of = {t: steps[0] for t, steps in gen.steps.items()}
        val, apart = [0] * 64, [0] * 64
        self.every = 0
        # a square's byte: 255 empty, 254 a tile the dictionary cannot spell, else the letter
        # number, plus 64 for a blank
        self.code = code = {None: 255}
        self.sq_new, self.sq_blank = [None] * 64, [None] * 64
        upper, lower = ["?"] * 64, ["?"] * 64
        for t in tiles.values:
            i = letter_of.get(t)
            code[t, False] = 254 if i is None else i
            code[t, True] = 254 if i is None else i | 64
        for t, i in letter_of.items():
            val[i] = tiles.values[t]
            self.every |= 1 << i
            self.sq_new[i], self.sq_blank[i] = (t, False, True), (t, True, True)
            # as show_word writes them: a tile or blank of several letters in brackets
            upper[i] = t if len(t) == 1 else f"[{t}]"
            lower[i] = tiles.lower[t] if len(tiles.lower[t]) == 1 else f"[{tiles.lower[t]}]"
        for a, b in tiles.apart:
            if a in letter_of and b in letter_of:
                apart[letter_of[a]] |= 1 << letter_of[b]
        self.spelt = all(len(text) <= 16 for text in upper + lower)  # the core's limit
        self.upper, self.lower = tuple(upper), tuple(lower)
        self.val = int64s(val)
        self.apart = int64s(apart, signed=False)
        # a board square (tile, is_blank) as a square of a move's word, shared
        self.on_board = {(t, b): (t, b, False) for t in tiles.values for b in (False, True)}
        self.on_board[None] = None
        self.tile = tuple(sq and sq[0] for sq in self.sq_new)

    def board(self, board) -> bytes:
        from itertools import chain

        return bytes(map(self.code.__getitem__, chain.from_iterable(board)))


def int64s(values, signed: bool = True) -> bytes:
    """``values`` as the C core reads them: 64-bit integers in the machine's byte order,
    signed or not: ``array("q" or "Q", values).tobytes()``, without importing ``array``, which
    brings ``collections`` with it (2 ms of a one-shot command; these are a few hundred
    numbers)."""
    import sys

    order = sys.byteorder
    return b"".join([value.to_bytes(8, order, signed=signed) for value in values])


def core_moves(core, tables: CoreTables, board, rack: dict, blanks: int, layout: Layout,
               top: int | None, leaves: LeaveTable | None = None) -> list[Move]:
    """``generate_moves`` with the C core's ``scrabble_moves``: cross-checks, anchors, both
    directions and the order there (the same as ``both_ways`` over ``across_moves_fast``).
    Moves come back best first, only the ``top`` best, as the parts of their ``Move``s (built
    in C of the objects passed: tiles, squares); Python adds the leave and makes the Move.
    With ``leaves`` the core ranks by equity (``by_equity``'s order) and returns each move's.
    No cyclic garbage collection meanwhile: none of these objects refers back, and with tens
    of thousands of new tuples (a rack with blanks) the collector would walk the growing list
    again and again (a third of the time with two blanks)."""
    import gc

    collecting = gc.isenabled()
    gc.disable()
    try:
        return core_move_list(core, tables, board, rack, blanks, layout, top, leaves)
    finally:
        if collecting:
            gc.enable()


def core_move_list(core, tables: CoreTables, board, rack: dict, blanks: int, layout: Layout,
                   top: int | None, leaves: LeaveTable | None = None) -> list[Move]:
    """``core_moves``'s work."""
    from itertools import chain

    tiles = tables.tiles
    letter_of = tables.letter_of
    n = len(board)
    bingo = layout.bingo if layout.bingo is not None else tiles.bingo
    cnt = [0] * 64
    for t, count in rack.items():
        if t in letter_of:
            cnt[letter_of[t]] = count
    r, c = layout.centre
    on_board = tables.on_board
    ranking = ()
    if leaves is not None:
        strides = [0] * 65
        for t, stride in leaves.stride.items():
            if t in letter_of:  # a tile the dictionary cannot spell is never used
                strides[letter_of[t]] = stride
        strides[64] = leaves.blank_stride
        ranking = (int64s(leaves.tenths), int64s(strides))
    found = core.scrabble_moves(
        n, tables.board(board), bytes(chain.from_iterable(layout.letter)),
        bytes(chain.from_iterable(layout.word)), r, c, bytes(min(k, 255) for k in cnt),
        min(blanks, n), tables.val, tables.every,  # a move places n tiles at most
        min(tiles.rack_size, 64), bingo, tables.apart, tables.upper, tables.lower,
        -1 if top is None else min(top, 2**62), tables.tile, tables.sq_new, tables.sq_blank,
        [on_board[sq] for sq in chain.from_iterable(board)], *ranking)
    # the rack's tiles left, as show_leave writes them, by the tiles a move uses (`used`: their
    # letter numbers, sorted, then 255 for each blank): few racks' worth of leaves, many moves
    order = [(t if len(t) == 1 else f"[{t}]", letter_of.get(t), rack[t]) for t in sorted(rack)]
    leaves: dict = {}
    moves = []
    for row, col, down, placed, squares, score, word, used, equity in found:
        leave = leaves.get(used)
        if leave is None:
            leave = leaves[used] = "".join(
                t * (k if i is None else k - used.count(i)) for t, i, k in order
            ) + BLANK * (blanks - used.count(255))
        move = Move(row, col, DOWN if down else ACROSS, placed, squares, score, leave, tiles)
        move._word = word
        if leaves is not None:
            move.equity = equity / 10
        moves.append(move)
    return moves

def anchors(board, layout: Layout, first: bool) -> list[tuple[int, int]]:
    """Empty squares next to a tile; on an empty board, the centre."""
    if first:
        return [layout.centre]
    n = len(board)
    out = []
    for r in range(n):
        for c in range(n):
            if board[r][c] is None and any(
                    0 <= r + dr < n and 0 <= c + dc < n and board[r + dr][c + dc] is not None
                    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))):
                out.append((r, c))
    return out

def cross_checks(gen: MoveGenerator, board, tiles: TileSet):
    """For each empty square with tiles above or below: (the tiles that make a word of the
    column there, the points of the column's tiles); None where any tile goes and scores alone."""
    n = len(board)
    values = tiles.values
    checks = [[None] * n for _ in range(n)]
    for r in range(n):
        for c in range(n):
            if board[r][c] is not None:
                continue
            above = []
            i = r - 1
            while i >= 0 and board[i][c] is not None:
                above.append(board[i][c])
                i -= 1
            above.reverse()
            below = []
            i = r + 1
            while i < n and board[i][c] is not None:
                below.append(board[i][c])
                i += 1
            if not above and not below:
                continue
            points = sum(0 if blank else values[t] for t, blank in above + below)
            above_tiles = [t for t, _ in above]
            below_tiles = [t for t, _ in below]
            node = 0
            for t, _ in above:
                node = gen.step(node, t)
                if node < 0:
                    break
            allowed = set()
            if node >= 0:
                for tile in gen.steps:
                    end = gen.step(node, tile)
                    for t, _ in below:
                        if end < 0:
                            break
                        end = gen.step(end, t)
                    if end >= 0 and gen.graph.masks[end] & TERMINAL and not \
                            gen.tiles.spelled_apart(above_tiles + [tile] + below_tiles):
                        allowed.add(tile)
            checks[r][c] = (allowed, points)
    return checks

def across_moves(gen: MoveGenerator, board, layout: Layout, rack: dict, blanks: int, first: bool,
                 direction: str):
    """The across moves of ``board`` (``direction`` says what they are on the real board)."""
    n = len(board)
    checks = cross_checks(gen, board, gen.tiles)
    anchor_set = set(anchors(board, layout, first))
    rack = dict(rack)
    found: list[Move] = []
    masks = gen.graph.masks
    tiles_in_set = [t for t in gen.tiles.values if t in gen.steps]
    bingo = layout.bingo if layout.bingo is not None else gen.tiles.bingo
    rack_total = sum(rack.values()) + blanks
    state = {"blanks": blanks}

    def record(row, end, squares):
        """A word ends before column ``end``: score it as a move."""
        start = end - len(squares)
        placed = [(row, start + i, t, b) for i, (t, b, new) in enumerate(squares) if new]
        score = score_move(board, layout, gen.tiles, row, start, squares, checks,
                           bingo if len(placed) == gen.tiles.rack_size else 0)
        leave = show_leave(rack, state["blanks"])
        if direction == DOWN:
            placed = [(c, r, t, b) for r, c, t, b in placed]
            found.append(Move(start, row, DOWN, tuple(placed), tuple(squares), score, leave,
                              gen.tiles))
        else:
            found.append(Move(row, start, ACROSS, tuple(placed), tuple(squares), score, leave,
                              gen.tiles))

    first_bit = gen.first_bit
    single = {t for t, steps in gen.steps.items() if len(steps) == 1}
    first, targets = gen.graph.first, gen.graph.targets

    def follow(node, tile):
        """The node after ``tile``, for a tile that ``choices`` has let through."""
        if tile in single:
            return targets[first[node] + (masks[node] & (first_bit[tile] - 1)).bit_count()]
        return gen.step(node, tile)

    def choices(row, col, node):
        """(tile, is_blank) pairs the rack can put on this empty square after ``node``."""
        check = checks[row][col]
        allowed = check[0] if check else None
        mask = masks[node]
        out = []
        for tile in rack:
            if rack[tile] and tile in first_bit and mask & first_bit[tile] and (
                    allowed is None or tile in allowed):
                out.append((tile, False))
        if state["blanks"]:
            for tile in tiles_in_set:
                if mask & first_bit[tile] and (allowed is None or tile in allowed):
                    out.append((tile, True))
        return out

    def take(tile, blank):
        if blank:
            state["blanks"] -= 1
        else:
            rack[tile] -= 1

    def give(tile, blank):
        if blank:
            state["blanks"] += 1
        else:
            rack[tile] += 1

    apart = gen.tiles.apart

    def extend_right(row, col, node, squares, anchor):
        if col < n and board[row][col] is not None:
            tile, blank = board[row][col]
            nxt = gen.step(node, tile)
            if nxt >= 0 and not (apart and squares and (squares[-1][0], tile) in apart):
                squares.append((tile, blank, False))
                extend_right(row, col + 1, nxt, squares, anchor)
                squares.pop()
            return
        if col > anchor and masks[node] & TERMINAL and len(squares) >= 2:
            record(row, col, squares)
        if col >= n:
            return
        for tile, blank in choices(row, col, node):
            if apart and squares and (squares[-1][0], tile) in apart:
                continue
            nxt = follow(node, tile)
            if nxt < 0:
                continue
            take(tile, blank)
            squares.append((tile, blank, True))
            extend_right(row, col + 1, nxt, squares, anchor)
            squares.pop()
            give(tile, blank)

    def left_part(row, anchor, node, squares, limit):
        extend_right(row, anchor, node, squares, anchor)
        if limit <= 0:
            return
        for tile, blank in choices_free(node):
            if apart and squares and (squares[-1][0], tile) in apart:
                continue
            nxt = follow(node, tile)
            if nxt < 0:
                continue
            take(tile, blank)
            squares.append((tile, blank, True))
            left_part(row, anchor, nxt, squares, limit - 1)
            squares.pop()
            give(tile, blank)

    def choices_free(node):
        """(tile, is_blank) pairs that can follow ``node`` where there is no cross-word."""
        mask = masks[node]
        out = [(tile, False) for tile in rack
               if rack[tile] and tile in first_bit and mask & first_bit[tile]]
        if state["blanks"]:
            out.extend((tile, True) for tile in tiles_in_set if mask & first_bit[tile])
        return out

    for row, col in sorted(anchor_set):
        if col > 0 and board[row][col - 1] is not None:
            # the left part is the board's tiles before the anchor
            start = col
            while start > 0 and board[row][start - 1] is not None:
                start -= 1
            node = 0
            squares = []
            for c in range(start, col):
                tile, blank = board[row][c]
                node = gen.step(node, tile)
                if node < 0 or apart and squares and (squares[-1][0], tile) in apart:
                    node = -1
                    break
                squares.append((tile, blank, False))
            if node >= 0:
                extend_right(row, col, node, squares, col)
        else:
            limit = 0
            c = col - 1
            while c >= 0 and board[row][c] is None and (row, c) not in anchor_set:
                limit += 1
                c -= 1
            left_part(row, col, 0, [], min(limit, rack_total - 1))
    return found

class FastTables:
    """The tables of the letter-mask search (``across_moves_fast``; the C core computes the
    same in ``scrabble_tables``) for one board and rack: letters are the graph's letter
    numbers."""

    def __init__(self, gen: MoveGenerator, board, layout: Layout, rack: dict, first: bool):
        n = len(board)
        tiles = gen.tiles
        self.letter_of = letter_of = {t: steps[0] for t, steps in gen.steps.items()}
        values = tiles.values
        size = max(letter_of.values(), default=0) + 1
        self.val = val = [0] * size
        every = 0
        self.sq_new = sq_new = [None] * size
        self.sq_blank = sq_blank = [None] * size
        for t, i in letter_of.items():
            val[i] = values[t]
            every |= 1 << i
            sq_new[i] = (t, False, True)
            sq_blank[i] = (t, True, True)
        self.every = every
        checks = cross_checks(gen, board, tiles)
        self.allow = allow = [[every] * n for _ in range(n)]
        self.cpoints = cpoints = [[None] * n for _ in range(n)]
        for r in range(n):
            for c in range(n):
                check = checks[r][c]
                if check is not None:
                    bits = 0
                    for t in check[0]:
                        bits |= 1 << letter_of[t]
                    allow[r][c] = bits
                    cpoints[r][c] = check[1]
        # board squares: the letter (-1 if the dictionary cannot spell it), points, square tuple
        self.bletter = bletter = [[-1] * n for _ in range(n)]
        self.bpoints = bpoints = [[0] * n for _ in range(n)]
        self.bsquare = bsquare = [[None] * n for _ in range(n)]
        for r in range(n):
            for c in range(n):
                square = board[r][c]
                if square is not None:
                    t, b = square
                    bletter[r][c] = letter_of.get(t, -1)
                    bpoints[r][c] = 0 if b else values[t]
                    bsquare[r][c] = (t, b, False)
        self.anchor_set = set(anchors(board, layout, first))
        self.cnt = cnt = [0] * size
        self.rack_bits = 0
        self.leave_order = []  # (tile, letter or None, fixed count) in show_leave's order
        for t in sorted(rack):
            if t in letter_of:
                cnt[letter_of[t]] = rack[t]
                if rack[t]:
                    self.rack_bits |= 1 << letter_of[t]
                self.leave_order.append((t, letter_of[t], 0))
            else:
                self.leave_order.append((t, None, rack[t]))

    def leave(self, cnt, n_blanks: int) -> str:
        """The rack's tiles left (``cnt`` by letter), as ``show_leave`` writes them."""
        return "".join((t if len(t) == 1 else f"[{t}]") * (cnt[i] if i is not None else k)
                       for t, i, k in self.leave_order) + BLANK * n_blanks

def across_moves_fast(gen: MoveGenerator, board, layout: Layout, rack: dict, blanks: int,
                      first: bool, direction: str):
    """``across_moves`` for tile sets whose tiles are all one letter (every edition but the
    Spanish one): the same search over letter bit masks, with the graph arrays used directly,
    cross-checks as masks of letters, and the score summed as the move grows."""
    n = len(board)
    tiles = gen.tiles
    graph = gen.graph
    masks, firsts, targets = graph.masks, graph.first, graph.targets
    tables = FastTables(gen, board, layout, rack, first)
    val, every, sq_new, sq_blank = tables.val, tables.every, tables.sq_new, tables.sq_blank
    allow, cpoints = tables.allow, tables.cpoints
    bletter, bpoints, bsquare = tables.bletter, tables.bpoints, tables.bsquare
    anchor_set, cnt, rack_bits = tables.anchor_set, tables.cnt, tables.rack_bits
    found: list[Move] = []
    bingo = layout.bingo if layout.bingo is not None else tiles.bingo
    rack_size = tiles.rack_size
    rack_total = sum(rack.values()) + blanks
    n_blanks = blanks
    TERM = TERMINAL

    def record(row, end, squares, score):
        start = end - len(squares)
        placed = [(row, start + i, t, b) for i, (t, b, new) in enumerate(squares) if new]
        if len(placed) == rack_size:
            score += bingo
        leave = tables.leave(cnt, n_blanks)
        if direction == DOWN:
            placed = [(c, r, t, b) for r, c, t, b in placed]
            found.append(Move(start, row, DOWN, tuple(placed), tuple(squares), score, leave,
                              tiles))
        else:
            found.append(Move(row, start, ACROSS, tuple(placed), tuple(squares), score, leave,
                              tiles))

    def extend(row, col, node, squares, anchor, pts, wmul, cross):
        nonlocal rack_bits, n_blanks
        base = len(squares)
        bs = bsquare[row]
        if col < n and bs[col] is not None:
            brow, bp = bletter[row], bpoints[row]
            while col < n and bs[col] is not None:
                li = brow[col]
                m = masks[node]
                if li < 0 or not m >> li & 1:
                    del squares[base:]
                    return
                node = targets[firsts[node] + (m & ((1 << li) - 1)).bit_count()]
                squares.append(bs[col])
                pts += bp[col]
                col += 1
        m = masks[node]
        if col > anchor and m & TERM and len(squares) >= 2:
            record(row, col, squares, pts * wmul + cross)
        if col < n:
            cand = m & allow[row][col] & (every if n_blanks else rack_bits)
            if cand:
                e0 = firsts[node]
                lmul = layout.letter[row][col]
                wmc = layout.word[row][col]
                cp = cpoints[row][col]
                wm2 = wmul * wmc
                while cand:
                    bit = cand & -cand
                    cand ^= bit
                    i = bit.bit_length() - 1
                    nxt = targets[e0 + (m & (bit - 1)).bit_count()]
                    if cnt[i]:
                        cnt[i] -= 1
                        if not cnt[i]:
                            rack_bits ^= bit
                        v = val[i] * lmul
                        squares.append(sq_new[i])
                        extend(row, col + 1, nxt, squares, anchor, pts + v, wm2,
                               cross if cp is None else cross + (cp + v) * wmc)
                        squares.pop()
                        if not cnt[i]:
                            rack_bits |= bit
                        cnt[i] += 1
                    if n_blanks:
                        n_blanks -= 1
                        squares.append(sq_blank[i])
                        extend(row, col + 1, nxt, squares, anchor, pts, wm2,
                               cross if cp is None else cross + cp * wmc)
                        squares.pop()
                        n_blanks += 1
        del squares[base:]

    def left_part(row, anchor, node, squares, lvals, limit):
        nonlocal rack_bits, n_blanks
        k = len(squares)
        pts, wmul = 0, 1
        lrow, wrow = layout.letter[row], layout.word[row]
        for j in range(k):
            c = anchor - k + j
            pts += lvals[j] * lrow[c]
            wmul *= wrow[c]
        extend(row, anchor, node, squares, anchor, pts, wmul, 0)
        if limit <= 0:
            return
        m = masks[node]
        cand = m & (every if n_blanks else rack_bits)
        e0 = firsts[node]
        while cand:
            bit = cand & -cand
            cand ^= bit
            i = bit.bit_length() - 1
            nxt = targets[e0 + (m & (bit - 1)).bit_count()]
            if cnt[i]:
                cnt[i] -= 1
                if not cnt[i]:
                    rack_bits ^= bit
                squares.append(sq_new[i])
                lvals.append(val[i])
                left_part(row, anchor, nxt, squares, lvals, limit - 1)
                lvals.pop()
                squares.pop()
                if not cnt[i]:
                    rack_bits |= bit
                cnt[i] += 1
            if n_blanks:
                n_blanks -= 1
                squares.append(sq_blank[i])
                lvals.append(0)
                left_part(row, anchor, nxt, squares, lvals, limit - 1)
                lvals.pop()
                squares.pop()
                n_blanks += 1

    for row, col in sorted(anchor_set):
        if col > 0 and board[row][col - 1] is not None:
            start = col
            while start > 0 and board[row][start - 1] is not None:
                start -= 1
            node = 0
            squares = []
            pts = 0
            for c in range(start, col):
                li = bletter[row][c]
                m = masks[node]
                if li < 0 or not m >> li & 1:
                    node = -1
                    break
                node = targets[firsts[node] + (m & ((1 << li) - 1)).bit_count()]
                squares.append(bsquare[row][c])
                pts += bpoints[row][c]
            if node >= 0:
                extend(row, col, node, squares, col, pts, 1, 0)
        else:
            limit = 0
            c = col - 1
            while c >= 0 and board[row][c] is None and (row, c) not in anchor_set:
                limit += 1
                c -= 1
            left_part(row, col, 0, [], [], min(limit, rack_total - 1))
    return found

def score_move(board, layout: Layout, tiles: TileSet, row: int, start: int, squares, checks,
               bingo: int) -> int:
    """The main word's points (premiums under new tiles), plus each cross-word's (from the
    cross-checks' points of the column's tiles and the new tile), plus the bingo bonus."""
    values = tiles.values
    total = 0
    multiplier = 1
    crosses = 0
    for i, (tile, blank, new) in enumerate(squares):
        points = 0 if blank else values[tile]
        if new:
            c = start + i
            lm, wm = layout.letter[row][c], layout.word[row][c]
            total += points * lm
            multiplier *= wm
            check = checks[row][c]
            if check is not None:
                crosses += (check[1] + points * lm) * wm
        else:
            total += points
    return total * multiplier + crosses + bingo
