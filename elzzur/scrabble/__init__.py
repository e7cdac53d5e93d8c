"""Scrabble: every legal move for a board and a rack, best first.

The move generator is Appel & Jacobson's ("The World's Fastest Scrabble Program", 1988), over the
dictionary's word graph (``elzzur.lexicon.graph``), in the style of Norvig's Scrabble notebook:

- only across moves are generated; down moves are the across moves of the transposed board;
- ``cross_checks``: for each empty square with a tile above or below it, the tiles that make a
  word of the column there, and the points of the column's tiles already on the board;
- ``anchors``: the empty squares next to a tile (the centre on an empty board): every move covers
  one; a move is generated from its leftmost anchor only, so it is found once;
- ``left_part``: the tiles before the anchor, grown from the rack over empty non-anchor squares
  (or the tiles already on the board there), each a prefix in the word graph;
- ``extend_right``: from the anchor rightwards, rack tiles where the square is empty and the
  board's tile where it is not, following the word graph, recording each word that ends.

Tiles are strings: usually one letter, but Spanish has CH, LL and RR tiles, which the word graph
walks letter by letter. A board square is ``None`` or ``(tile, is_blank)``. Tile sets and premium
layouts are data (``elzzur/res/scrabble/tiles``, ``elzzur/res/scrabble/layouts``). Positions are written one row
a line, ``.`` for an empty square, the tile letter for a tile, its lower-case form (from the tile
set's explicit ``[blank_letters]`` table: Turkish ``i`` is ``İ``, ``ı`` is ``I``) for a blank, and
``[CH]``/``[ch]`` for a tile of several letters.
"""

from __future__ import annotations

import os
from itertools import permutations

from ..cache import load_toml
from ..errors import ElzzurError
from ..lexicon.graph import TERMINAL
from ..files import resource

BLANK = "?"
ACROSS, DOWN = "across", "down"
COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
PREMIUMS = {".": (1, 1), "2": (2, 1), "3": (3, 1), "d": (1, 2), "t": (1, 3), "*": (1, 2)}


# --- data: tile sets and layouts ----------------------------------------------------------------

class TileSet:
    """An edition's tiles: ``values`` and ``counts`` by tile, blanks, rack size, bingo bonus,
    the explicit table of blank (lower-case) forms, and the edition's own board ``layout``
    (a layout name or file, or None for the standard board)."""

    __slots__ = ("name", "language", "values", "counts", "blanks", "rack_size", "bingo",
                 "blank_letters", "lower", "apart", "layout", "symbols")

    def __init__(self, values: dict, counts: dict, blanks: int = 2, rack_size: int = 7,
                 bingo: int = 50, blank_letters: dict | None = None, name: str = "tiles",
                 language: str | None = None, digraphs_whole: bool = False,
                 layout: str | None = None):
        self.name = name
        self.layout = layout
        self.language = language
        self.values = dict(values)
        self.counts = dict(counts)
        self.blanks = blanks
        self.rack_size = rack_size
        self.bingo = bingo
        if blank_letters is None:  # tests' small sets: ASCII letters, lower case is plain
            blank_letters = {tile.lower(): tile for tile in values}
        self.blank_letters = dict(blank_letters)
        self.lower = {tile: low for low, tile in self.blank_letters.items()}
        missing = [tile for tile in self.values if tile not in self.lower]
        if missing:
            raise ElzzurError(f"{name}: no blank form for tile(s) {' '.join(missing)}")
        # With ``digraphs_whole`` (Spanish), a two-letter tile's letters are only ever spelled
        # by that tile: C then H from two tiles is no CH. ``apart`` holds such pairs of tiles,
        # which may not stand side by side in a word.
        self.apart = frozenset((t[0], t[1]) for t in self.values if digraphs_whole and
                               len(t) == 2 and t[0] in self.values and t[1] in self.values)
        # ... and such a tile can be one symbol of a graph of tiles (``tile_graph``), where a
        # word is spelt tile by tile and C, H never stand for CH: private-use characters
        self.symbols = {t: chr(0xE000 + k) for k, t in enumerate(sorted(
            t for t in self.values if len(t) > 1))} if digraphs_whole else {}

    def spelled_apart(self, word_tiles) -> bool:
        """True if two neighbouring tiles spell what must be one tile (``apart``)."""
        apart = self.apart
        return bool(apart) and any(pair in apart for pair in zip(word_tiles, word_tiles[1:]))

    @property
    def tiles(self) -> list[str]:
        return list(self.values)


def tile_set_path(code: str) -> str:
    return resource("scrabble", "tiles", f"{code}.toml")


def available_tile_sets() -> list[str]:
    return sorted(name[:-5] for name in os.listdir(resource("scrabble", "tiles"))
                  if name.endswith(".toml"))


def load_tile_set(spec: str) -> TileSet:
    """A tile set by edition code (``en``, ``tr``, …) or by the path of a tile file."""
    path = spec if spec.endswith(".toml") else tile_set_path(spec)
    if not os.path.isfile(path):
        raise ElzzurError(f"no Scrabble tile set {spec!r} (there are: "
                          f"{', '.join(available_tile_sets())})")
    data = load_toml(path, path)
    try:
        tiles = data["tiles"]
        tile_set = TileSet({t: int(v["value"]) for t, v in tiles.items()},
                           {t: int(v["count"]) for t, v in tiles.items()},
                           int(data.get("blanks", 2)), int(data.get("rack_size", 7)),
                           int(data.get("bingo", 50)), data["blank_letters"],
                           data.get("name", spec), data.get("language"),
                           bool(data.get("digraphs_whole", False)), data.get("layout"))
        if tile_set.layout is not None and not isinstance(tile_set.layout, str):
            raise TypeError("'layout' must be a layout name")
    except (KeyError, TypeError, ValueError, OverflowError, AttributeError) as e:
        raise ElzzurError(f"{path}: bad tile set ({e})") from None
    return tile_set


class Layout:
    """Premium squares: ``letter[r][c]`` and ``word[r][c]`` multipliers, the centre square, and
    optionally a bingo bonus of the layout's game (it overrides the tile set's)."""

    __slots__ = ("name", "rows", "letter", "word", "centre", "size", "bingo")

    def __init__(self, rows, name: str = "layout", bingo: int | None = None):
        rows = [row.strip() for row in rows]
        size = len(rows)
        if size == 0 or any(len(row) != size for row in rows):
            raise ElzzurError(f"{name}: the layout must be a square grid")
        bad = {ch for row in rows for ch in row if ch not in PREMIUMS}
        if bad:
            raise ElzzurError(f"{name}: unknown premium square(s) {' '.join(sorted(bad))}")
        self.name = name
        self.rows = rows
        self.size = size
        self.letter = [[PREMIUMS[ch][0] for ch in row] for row in rows]
        self.word = [[PREMIUMS[ch][1] for ch in row] for row in rows]
        centres = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "*"]
        self.centre = centres[0] if centres else (size // 2, size // 2)
        self.bingo = bingo

    def transposed(self) -> Layout:
        layout = Layout(["".join(row[c] for row in self.rows) for c in range(self.size)],
                        self.name, self.bingo)
        layout.centre = self.centre[::-1]
        return layout


def load_layout(spec: str = "standard") -> Layout:
    path = spec if spec.endswith(".toml") else resource("scrabble", "layouts", f"{spec}.toml")
    if not os.path.isfile(path):
        raise ElzzurError(f"no Scrabble board layout {spec!r}")
    data = load_toml(path, path)
    if not isinstance(data.get("grid"), list):
        raise ElzzurError(f"{path}: no 'grid' list of rows")
    return Layout(data["grid"], data.get("name", spec), data.get("bingo"))


# --- parsing positions and racks -----------------------------------------------------------------

def tokens(line: str, where: str) -> list[str]:
    """A line split into squares: one character each, or a bracketed multi-letter tile."""
    out, i = [], 0
    while i < len(line):
        if line[i] == "[":
            end = line.find("]", i)
            if end < 0:
                raise ElzzurError(f"{where}: '[' without ']'")
            out.append(line[i + 1:end])
            i = end + 1
        else:
            out.append(line[i])
            i += 1
    return out


def parse_square(token: str, tiles: TileSet, where: str):
    """``None`` for ``.``, else ``(tile, is_blank)``."""
    if token == ".":
        return None
    if token in tiles.values:
        return (token, False)
    if token in tiles.blank_letters:
        return (tiles.blank_letters[token], True)
    raise ElzzurError(f"{where}: {token!r} is not a tile of the {tiles.name} set "
                      f"(tiles are upper case, blanks lower case, '.' is an empty square)")


def parse_board(text: str, tiles: TileSet, size: int = 15) -> list[list]:
    """A grid of ``size`` lines of ``size`` squares as a board (a list of rows of squares)."""
    lines = [line.strip() for line in text.strip("\n").splitlines()]
    lines = [line for line in lines if line]
    if len(lines) != size:
        raise ElzzurError(f"board: {len(lines)} rows, expected {size}")
    board = []
    for r, line in enumerate(lines):
        squares = tokens(line, f"board row {r + 1}")
        if len(squares) != size:
            raise ElzzurError(f"board row {r + 1}: {len(squares)} squares, expected {size}")
        board.append([parse_square(t, tiles, f"board row {r + 1}") for t in squares])
    check_tile_counts(board, {}, 0, tiles)
    return board


def parse_cgp(text: str, size: int = 15) -> tuple[str, str | None, dict]:
    """A CGP position (``ROW/ROW/... RACK/OPPONENT SCORES ... op value;``: digits for runs of
    empty squares, upper case tiles, lower case blanks, ``[CH]`` for a tile of several letters)
    as (the grid text ``parse_board`` reads, the rack on turn or None, the ``op value;`` pairs)."""
    fields = text.strip().split()
    if not fields:
        raise ElzzurError("cgp: empty position")
    rows = fields[0].split("/")
    if len(rows) != size:
        raise ElzzurError(f"cgp: {len(rows)} rows, expected {size}")
    lines = []
    for r, row in enumerate(rows):
        out, width, i = [], 0, 0
        while i < len(row):
            ch = row[i]
            if "0" <= ch <= "9":  # not str.isdigit: int() refuses "²", which it accepts
                j = i
                while j < len(row) and "0" <= row[j] <= "9":
                    j += 1
                digits = row[i:j].lstrip("0") or "0"
                # a long run is refused before int() (4,300 digits) or "." * run (memory) fails
                run = int(digits) if len(digits) <= len(str(size)) else size + 1
                if run == 0:
                    raise ElzzurError(f"cgp row {r + 1}: a run of 0 empty squares")
                if run > size:
                    raise ElzzurError(f"cgp row {r + 1}: a run of more than {size} empty squares")
                out.append("." * run)
                width += run
                i = j
            elif ch == "[":
                end = row.find("]", i)
                if end < 0:
                    raise ElzzurError(f"cgp row {r + 1}: '[' without ']'")
                out.append(row[i:end + 1])
                width += 1
                i = end + 1
            elif ch.isalpha():
                out.append(ch)
                width += 1
                i += 1
            else:
                raise ElzzurError(f"cgp row {r + 1}: {ch!r} is not a tile, a blank or a digit")
        if width != size:
            raise ElzzurError(f"cgp row {r + 1}: {width} squares, expected {size}")
        lines.append("".join(out))
    rack = None
    rest = fields[1:]
    if rest and not rest[0].endswith(";"):
        rack = rest[0].split("/")[0] if "/" in rest[0] else rest[0]
        rest = rest[1:]
    while rest and all(ch.isdigit() or ch in "/-" for ch in rest[0]):
        rest = rest[1:]  # the scores and the count of scoreless turns
    options = {}
    for pair in " ".join(rest).split(";"):
        op, _, value = pair.strip().partition(" ")
        if op:
            options[op] = value.strip()
    return "\n".join(lines) + "\n", rack or None, options


def to_cgp(board_text: str, rack: str = "") -> str:
    """A grid position (as ``parse_board`` reads it) and a rack as a CGP string."""
    rows = []
    for line in (line.strip() for line in board_text.strip("\n").splitlines()):
        if not line:
            continue
        out, run = [], 0
        for square in tokens(line, "board"):
            if square == ".":
                run += 1
                continue
            if run:
                out.append(str(run))
                run = 0
            out.append(square if len(square) == 1 else f"[{square}]")
        if run:
            out.append(str(run))
        rows.append("".join(out))
    return f"{'/'.join(rows)} {rack}/ 0/0 0"


def parse_rack(text: str, tiles: TileSet, board=None) -> tuple[dict, int]:
    """A rack as (count by tile, number of blanks). Lower-case letters are read as their tile."""
    rack: dict[str, int] = {}
    blanks = 0
    for token in tokens(text.strip(), "rack"):
        if token == BLANK:
            blanks += 1
            continue
        tile = token if token in tiles.values else tiles.blank_letters.get(token)
        if tile is None:
            raise ElzzurError(f"rack: {token!r} is not a tile of the {tiles.name} set")
        rack[tile] = rack.get(tile, 0) + 1
    if sum(rack.values()) + blanks > tiles.rack_size:
        raise ElzzurError(f"rack: {sum(rack.values()) + blanks} tiles, at most {tiles.rack_size}")
    check_tile_counts(board or [], rack, blanks, tiles)
    return rack, blanks


def check_tile_counts(board, rack: dict, blanks: int, tiles: TileSet) -> None:
    """Fail if the board and rack hold more of a tile than the bag has."""
    used = dict(rack)
    used_blanks = blanks
    for row in board:
        for square in row:
            if square is not None:
                if square[1]:
                    used_blanks += 1
                else:
                    used[square[0]] = used.get(square[0], 0) + 1
    for tile, n in used.items():
        if n > tiles.counts[tile]:
            raise ElzzurError(f"{n} {tile} tiles on the board and rack, the {tiles.name} set "
                              f"has {tiles.counts[tile]}")
    if used_blanks > tiles.blanks:
        raise ElzzurError(f"{used_blanks} blanks on the board and rack, the {tiles.name} set "
                          f"has {tiles.blanks}")


# --- moves --------------------------------------------------------------------------------------

class Move:
    """A move: where it starts (0-based ``row``, ``col``), ``direction``, the tiles placed as
    ``(row, col, tile, is_blank)``, the main word's squares as ``(tile, is_blank, is_new)``, its
    ``score`` and the ``leave`` (the rack's tiles left, blanks as ``?``)."""

    __slots__ = ("row", "col", "direction", "placed", "squares", "score", "leave", "_word",
                 "_tiles")

    def __init__(self, row, col, direction, placed, squares, score, leave, tiles: TileSet):
        self.row, self.col, self.direction = row, col, direction
        self.placed, self.squares, self.score, self.leave = placed, squares, score, leave
        self._word = None  # spelled when first asked for: most moves of a long list never are
        self._tiles = tiles

    @property
    def coordinate(self) -> str:
        """GCG notation: ``8D`` across (row then column), ``D8`` down."""
        if self.direction == ACROSS:
            return f"{self.row + 1}{COLUMNS[self.col]}"
        return f"{COLUMNS[self.col]}{self.row + 1}"

    @property
    def word(self) -> str:
        """The main word, tiles played through in parentheses, blanks in lower case."""
        if self._word is None:
            self._word = show_word(self.squares, self._tiles)
        return self._word

    def key(self):
        """The deterministic order: score descending, then coordinate, then word."""
        return (-self.score, self.direction != ACROSS, self.row, self.col, self.word)

    def identity(self):
        return (self.direction, frozenset(self.placed), self.score)

    def __repr__(self) -> str:
        return f"Move({self.coordinate} {self.word} {self.score} leave={self.leave!r})"


def show_word(squares, tiles: TileSet) -> str:
    out, inside = [], False
    for tile, blank, new in squares:
        if not new and not inside:
            out.append("(")
            inside = True
        elif new and inside:
            out.append(")")
            inside = False
        text = tiles.lower[tile] if blank else tile
        out.append(text if len(text) == 1 else f"[{text}]")
    if inside:
        out.append(")")
    return "".join(out)


def show_leave(rack: dict, blanks: int) -> str:
    return "".join(t if len(t) == 1 else f"[{t}]" for t in sorted(rack) for _ in range(rack[t])) \
        + BLANK * blanks


def transpose(board):
    return [list(column) for column in zip(*board)]


def is_empty(board) -> bool:
    return all(square is None for row in board for square in row)


# --- Appel & Jacobson ----------------------------------------------------------------------------

def is_tile_graph(graph, tiles: TileSet) -> bool:
    """True if ``graph`` spells words tile by tile with ``tiles``' symbols (``tile_graph``)."""
    return bool(tiles.symbols) and all(symbol in graph.index for symbol in tiles.symbols.values())


_tile_graphs: dict = {}  # id(graph) -> (graph, its graph of tiles): one derivation per process


def tile_graph(graph, tiles: TileSet):
    """For an edition whose digraph tiles are the only way to spell their letters (Spanish CH,
    LL, RR), the dictionary as a graph of tiles: every CH of every word becomes the CH tile's
    symbol, so the letter-mask search (and the C core) can treat every tile as one step and no
    word can be spelt C, H. Other editions, and graphs of tiles already, are returned as they
    are. The built-in dictionaries' graphs of tiles are shipped (``tools/build_dictionaries.py``
    writes them); others are derived once (seconds for a large list) and kept in the cache."""
    if not tiles.symbols or is_tile_graph(graph, tiles):
        return graph
    key = (id(graph), tuple(sorted(tiles.symbols.items())))
    if key in _tile_graphs and _tile_graphs[key][0] is graph:
        return _tile_graphs[key][1]
    from .. import cache
    from ..lexicon.graph import WordGraph

    name = tile_graph_name(graph, tiles)
    shipped = resource("dictionaries", name)
    if os.path.isfile(shipped):
        derived = WordGraph.load(shipped)
    else:
        path = os.path.join(cache.cache_dir(), name)
        data = cache.read(path)
        if data is None:
            data = derive_tile_graph(graph, tiles)
            cache.write(path, data)
        derived = WordGraph(data, f"{name} (the dictionary as Scrabble tiles)")
    _tile_graphs[key] = (graph, derived)
    return derived


def tile_graph_name(graph, tiles: TileSet) -> str:
    """The file name of ``graph``'s graph of tiles: checksums of the graph and the symbols, so
    a rebuilt dictionary never meets a stale graph of tiles."""
    import zlib

    symbols = repr(sorted(tiles.symbols.items())).encode("utf-8")
    return f"{tiles.language}-{zlib.crc32(graph.buffer):08x}-{zlib.crc32(symbols):08x}.scrabble.dawg"


def derive_tile_graph(graph, tiles: TileSet) -> bytes:
    """``tile_graph``'s graph, as bytes: each word with its digraphs replaced by their symbols
    (longest tiles first)."""
    from ..lexicon.graph import build

    spell = sorted(tiles.symbols.items(), key=lambda item: (-len(item[0]), item[0]))
    words = []
    for word in graph:
        for tile, symbol in spell:
            word = word.replace(tile, symbol)
        words.append(word)
    words.sort()
    return build(words, graph.alphabet + "".join(symbol for _, symbol in spell))


class Generator:
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
                   top: int | None = None, use: str | None = None) -> list[Move]:
    """Every legal move, best first (score descending, then coordinate, then word); the first
    ``top`` of them if given. ``use`` is ``"c"`` or ``"python"`` (default: the C core where it
    is built, see ``solver.backend``)."""
    graph = tile_graph(graph, tiles)
    gen = Generator(graph, tiles, layout)
    first = is_empty(board)
    across = across_moves
    if all(len(steps) == 1 for steps in gen.steps.values()) and (
            not tiles.apart or is_tile_graph(graph, tiles)):
        across = across_moves_fast
        from ..grid.solver import backend

        # the core spells words a character a tile: a blank's lower case must be one too
        spelt = all(len(tiles.lower[t]) == 1 or t in tiles.symbols for t in gen.steps)
        core = graph.core() if (use or backend()) == "c" and len(board) <= 63 and spelt else None
        if core is not None:
            return core_moves(core, gen, board, rack, blanks, layout, first, top)
    moves = both_ways(across, gen, board, layout, rack, blanks, first)
    return moves if top is None else moves[:top]


def both_ways(across, gen: Generator, board, layout: Layout, rack: dict, blanks: int,
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


def core_moves(core, gen: Generator, board, rack: dict, blanks: int, layout: Layout, first: bool,
               top: int | None) -> list[Move]:
    """``generate_moves`` with the search in the C core (``scrabble_across``, the same search
    as ``across_moves_fast``). Moves come back as plain tuples; only the ``top`` best become
    ``Move`` objects, which is where the time would otherwise go."""
    tiles = gen.tiles
    bingo = layout.bingo if layout.bingo is not None else tiles.bingo
    raw, builders = [], []
    spell_out = core_words(tiles)
    for direction, grid, lay in ((ACROSS, board, layout),
                                 (DOWN, transpose(board), layout.transposed())):
        tables = FastTables(gen, grid, lay, rack, first)
        rack_bytes = bytes(min(c, 255) for c in tables.cnt) + bytes(64 - len(tables.cnt))
        found = core.scrabble_across(*tables.core_args(grid, lay, rack_bytes, blanks, tiles, bingo))
        down = direction == DOWN
        for row, start, letters, new_mask, blank_mask, score, word in found:
            if spell_out:
                word = word.translate(spell_out)
            if down and not new_mask & (new_mask - 1) and \
                    makes_across_word(board, start + new_mask.bit_length() - 1, row):
                continue
            key = (-score, down, start, row) if down else (-score, down, row, start)
            raw.append((key, word, len(builders), row, start, letters, new_mask, blank_mask, score))
        builders.append((direction, tables))
    raw.sort(key=lambda item: item[:2])  # Move.key's order: the C core spelled the words
    if top is not None:
        raw = raw[:top]
    moves = []
    leaves: dict = {}  # by the tiles used: a count a letter, in `width` bits (a rack's worth)
    width = max(tiles.rack_size, sum(rack.values())).bit_length()
    for _, word, which, row, start, letters, new_mask, blank_mask, score in raw:
        direction, tables = builders[which]
        squares, placed, used, used_blanks = [], [], 0, 0
        for i, letter in enumerate(letters):
            if new_mask >> i & 1:
                if blank_mask >> i & 1:
                    square = tables.sq_blank[letter]
                    used_blanks += 1
                else:
                    square = tables.sq_new[letter]
                    used += 1 << width * letter
                placed.append((row, start + i, square[0], square[1]) if direction == ACROSS
                              else (start + i, row, square[0], square[1]))
                squares.append(square)
            else:
                squares.append(tables.bsquare[row][start + i])
        leave = leaves.get((used, used_blanks))
        if leave is None:
            cnt = [c - (used >> width * i & (1 << width) - 1) for i, c in enumerate(tables.cnt)]
            leave = leaves[used, used_blanks] = tables.leave(cnt, blanks - used_blanks)
        if direction == ACROSS:
            move = Move(row, start, ACROSS, tuple(placed), tuple(squares), score, leave, tiles)
        else:
            move = Move(start, row, DOWN, tuple(placed), tuple(squares), score, leave, tiles)
        move._word = word
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


def cross_checks(gen: Generator, board, tiles: TileSet):
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


def across_moves(gen: Generator, board, layout: Layout, rack: dict, blanks: int, first: bool,
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
    """The tables of the letter-mask search (``across_moves_fast`` and the C core's
    ``scrabble_across``) for one board and rack: letters are the graph's letter numbers."""

    def __init__(self, gen: Generator, board, layout: Layout, rack: dict, first: bool):
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

    def core_args(self, board, layout: Layout, rack_bytes: bytes, blanks: int,
                  tiles: TileSet, bingo: int) -> tuple:
        """The arguments of the C core's ``scrabble_across`` for this board."""
        from array import array

        n = len(board)
        cells = [(r, c) for r in range(n) for c in range(n)]
        board_letters = bytes((-1 if board[r][c] is None else self.bletter[r][c] if
                               self.bletter[r][c] >= 0 else -2) & 0xFF for r, c in cells)
        anchor = bytes(1 if cell in self.anchor_set else 0 for cell in cells)
        cp = [self.cpoints[r][c] for r, c in cells]
        return (n, board_letters,
                array("i", [self.bpoints[r][c] for r, c in cells]).tobytes(),
                array("Q", [self.allow[r][c] for r, c in cells]).tobytes(),
                array("i", [-1 if v is None else v for v in cp]).tobytes(),
                bytes(layout.letter[r][c] for r, c in cells),
                bytes(layout.word[r][c] for r, c in cells),
                anchor, rack_bytes, blanks,
                array("i", self.val + [0] * (64 - len(self.val))).tobytes(),
                self.every, tiles.rack_size, bingo,
                bytes(1 if board[r][c] is not None and board[r][c][1] else 0 for r, c in cells),
                self.spelling(False, tiles), self.spelling(True, tiles))

    def spelling(self, blank: bool, tiles: TileSet) -> str:
        """Each letter number's tile (or blank form) as one character, for the C core: a tile
        of several letters as its symbol (another one for its blank, see ``core_words``)."""
        out = ["?"] * 64
        for tile, i in self.letter_of.items():
            if tile in tiles.symbols:
                out[i] = chr(ord(tiles.symbols[tile]) + 0x100 * blank)
            else:
                out[i] = tiles.lower[tile] if blank else tile
        return "".join(out)


def core_words(tiles: TileSet) -> dict:
    """``str.translate`` table from the C core's words to ``show_word``'s: ``[CH]``, ``[ch]``."""
    table = {}
    for tile, symbol in tiles.symbols.items():
        table[ord(symbol)] = f"[{tile}]"
        table[ord(symbol) + 0x100] = f"[{tiles.lower[tile]}]"
    return table


def across_moves_fast(gen: Generator, board, layout: Layout, rack: dict, blanks: int,
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


def best_moves(board_text: str, rack_text: str, language: str = "en", graph=None,
               layout: str | Layout | None = None, top: int | None = None) -> list[Move]:
    """The Python API: moves for a position written as text, best first. ``layout`` defaults
    to the edition's own board (``wwf`` for ``wwf``), else the standard one."""
    tiles = load_tile_set(language)
    if not isinstance(layout, Layout):
        layout = load_layout(layout or tiles.layout or "standard")
    board = parse_board(board_text, tiles, layout.size)
    rack, blanks = parse_rack(rack_text, tiles, board)
    if graph is None:
        from ..lexicon.dictionary import load_dictionary
        from ..lexicon.languages import get_language

        graph = load_dictionary(None, get_language(tiles.language or language)).union_graph()
    return generate_moves(board, rack, blanks, graph, tiles, layout, top)


# --- brute force (for tests) --------------------------------------------------------------------

def brute_force_moves(board, rack: dict, blanks: int, words: set, tiles: TileSet,
                      layout: Layout) -> list[tuple]:
    """Every legal move by trying every ordered choice of rack tiles (every blank as every
    tile) from every empty square of every line, checked against a plain set of words (tiles
    joined into strings) and scored from the resulting board. Small boards and racks only.
    Returns ``(direction, frozenset(placed), score)`` for each move."""
    n = len(board)
    first = is_empty(board)
    bingo = layout.bingo if layout.bingo is not None else tiles.bingo
    pool = [(t, False) for t in rack for _ in range(rack[t])] + [(BLANK, True)] * blanks
    sequences = set()
    for k in range(1, len(pool) + 1):
        for perm in permutations(pool, k):
            for seq in expand_blanks(perm, tiles):
                sequences.add(seq)
    results = set()
    for seq in sequences:
        for direction in (ACROSS, DOWN):
            dr, dc = (0, 1) if direction == ACROSS else (1, 0)
            for r in range(n):
                for c in range(n):
                    placed = place(board, seq, r, c, dr, dc)
                    if placed is None:
                        continue
                    score = check_and_score(board, placed, direction, words, tiles, layout,
                                            first, bingo)
                    if score is not None:
                        results.add((direction, frozenset(placed), score))
    return sorted(results, key=repr)


def expand_blanks(perm, tiles: TileSet):
    out = [[]]
    for tile, blank in perm:
        options = [(t, True) for t in tiles.values] if blank else [(tile, False)]
        out = [prefix + [o] for prefix in out for o in options]
    return [tuple(seq) for seq in out]


def place(board, seq, r, c, dr, dc):
    """Put ``seq`` on the empty squares from (r, c) on, skipping tiles; None if it runs off."""
    n = len(board)
    if board[r][c] is not None:
        return None
    placed = []
    for tile, blank in seq:
        while r < n and c < n and board[r][c] is not None:
            r, c = r + dr, c + dc
        if r >= n or c >= n:
            return None
        placed.append((r, c, tile, blank))
        r, c = r + dr, c + dc
    return placed


def check_and_score(board, placed, direction, words, tiles, layout, first, bingo):
    n = len(board)
    new = {(r, c): (t, b) for r, c, t, b in placed}

    def at(r, c):
        if 0 <= r < n and 0 <= c < n:
            return new.get((r, c)) or board[r][c]
        return None

    def word_through(r, c, dr, dc):
        while at(r - dr, c - dc) is not None:
            r, c = r - dr, c - dc
        cells = []
        while at(r, c) is not None:
            cells.append((r, c))
            r, c = r + dr, c + dc
        return cells

    if first:
        if layout.centre not in new:
            return None
    else:
        touches = any(board[r + dr][c + dc] is not None
                      for r, c in new for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                      if 0 <= r + dr < n and 0 <= c + dc < n)
        if not touches:
            return None
    dr, dc = (0, 1) if direction == ACROSS else (1, 0)
    r0, c0 = placed[0][:2]
    main = word_through(r0, c0, dr, dc)
    if not all(pos in main for pos in new):
        return None
    if len(placed) == 1:  # a single tile: across if it makes an across word, else down
        across = len(word_through(r0, c0, 0, 1)) >= 2
        if (direction == ACROSS) != across:
            return None
    formed = [main] if len(main) >= 2 else []
    for r, c in new:
        cross = word_through(r, c, dc, dr)
        if len(cross) >= 2:
            formed.append(cross)
    if not formed or (len(main) < 2 and direction == ACROSS):
        return None
    total = 0
    for cells in formed:
        word_tiles = [at(r, c)[0] for r, c in cells]
        if "".join(word_tiles) not in words or tiles.spelled_apart(word_tiles):
            return None
        points, multiplier = 0, 1
        for r, c in cells:
            tile, blank = at(r, c)
            value = 0 if blank else tiles.values[tile]
            if (r, c) in new:
                value *= layout.letter[r][c]
                multiplier *= layout.word[r][c]
            points += value
        total += points * multiplier
    if len(placed) == tiles.rack_size:
        total += bingo
    return total
