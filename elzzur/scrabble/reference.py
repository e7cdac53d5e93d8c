"""The brute force: every placement of every arrangement of the rack, checked word by word. Too
slow to play with, simple enough to trust: the tests and benchmarks check the move generator
against it."""

from __future__ import annotations

from itertools import permutations

from .layout import Layout
from .moves import ACROSS, DOWN
from .position import is_empty
from .tiles import BLANK, TileSet


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
