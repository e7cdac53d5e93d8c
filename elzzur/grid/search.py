"""The board search in pure Python: the reference for the C core (``_core.Graph.search``).

Both take the board already reduced to numbers, so neither knows about tokens or languages:

    cells       per cell, a tuple of alternatives; an alternative is a bytes of letter numbers
                (one for "A", two for "Qu", none for a hole, two alternatives for "A/E")
    points      per cell, per alternative: its letter points (values x letter multiplier)
    factors     per cell: its word multiplier
    flags       per cell: START_ONLY (a prefix tile such as "RE-") and/or END_ONLY ("-ING")
    neighbours  per cell, the cells a path may step to next, in increasing order
    bonus       bonus[n] is added to a word of n letters (n up to the graph's longest word)
    min_length  the fewest letters a word may have
    revisit     whether a path may come back to a cell it used earlier (never to the cell it
                is on: a cell twice in a row)
    limit       the most graph steps the search may take (0: no limit), against explosions
    seconds     the most wall-clock time it may take (0: no limit): a server's answer in time
    scale       None, or scale[n] multiplies the letter sum of a word of n letters (after the
                word multiplier), and the product is divided by ``divisor``, rounding down

Numbers are 64-bit, as in the C core: every number argument above must lie in
[-2**63, 2**63) (``divisor`` in [1, 2**63)), and an OverflowError ("score too large") stops
the search at the first word whose score needs a value outside that range: its letter sum or
word multiplier, or those of any shorter part of its path (once out of range, a path stays
so), their product, that times ``scale``, or the score with its bonus. Python's integers would
count on; the C core cannot, and the two must answer alike. Only ``bonus`` and ``scale``
entries a word can reach are checked (up to the graph's longest word, or its node count - 1).

It returns ``[(word, score, path), ...]`` in alphabetical order (the order of the words'
ranks in the graph): each word once, with its best score and the first path that reaches it,
paths being tuples of cells. The word is spelt from the graph's alphabet, so an either/or cell
needs no guessing which of its letters a path used.
The search is depth-first from each cell in order, trying neighbours in order, so "first"
means first row by row, cell by cell; a later path replaces it only with a higher score.
"""

from __future__ import annotations

import time

START_ONLY = 1
END_ONLY = 2
TERMINAL = 1 << 63
LOW, HIGH = -2**63, 2**63 - 1  # the range of the C core's numbers (int64)


TIME_CHUNK = 65536  # steps between two readings of the clock, as in the C core
_NONE = 2**64  # "no step limit": more steps than any search takes

try:  # one pair of exception classes for both searches
    from .._core import SearchLimit, SearchTimeout
except ImportError:
    class SearchLimit(Exception):
        """The search took more steps than allowed."""

    class SearchTimeout(SearchLimit):
        """The search took more time than allowed."""


def search(graph, cells, points, factors, flags, neighbours, bonus, min_length: int,
           revisit: bool = False, limit: int = 0, scale=None, divisor: int = 1,
           seconds: float = 0) -> list[tuple[str, int, tuple[int, ...]]]:
    if not 0 <= seconds <= 1e9:  # (NaN too)
        raise ValueError("seconds must be a number from 0 (none) to 1e9")
    if not LOW <= divisor <= HIGH:
        raise OverflowError("divisor too large")
    if divisor < 1:
        raise ValueError("divisor must be at least 1")
    checked = _may_overflow(graph, points, factors, flags, bonus, scale, revisit)
    masks, first, targets, ranks = graph.masks, graph.first, graph.targets, graph.ranks
    alphabet = graph.alphabet
    best: dict[int, tuple[int, tuple[int, ...], str]] = {}
    n = len(cells)
    room = n + graph.longest + 1  # a path's cells: each once, or with revisits each a letter
    path = [0] * room  # path[d], spelt[d]: the cell and letters of the path's d-th step
    spelt = [b""] * room
    used = [False] * n
    steps = 0
    # SearchLimit once steps > limit (if limit: a negative one stops at the first step);
    # with a time limit, the clock is read each time steps pass ``checkpoint``, which then
    # moves on by a chunk (the C core's more_steps()): the step test stays one comparison.
    cap = limit if limit else _NONE
    deadline = time.monotonic() + seconds if seconds else None
    checkpoint = cap if deadline is None else min(cap, TIME_CHUNK)

    def more_steps() -> None:
        nonlocal checkpoint
        if deadline is None or steps > cap:
            raise SearchLimit(steps)
        if time.monotonic() >= deadline:
            raise SearchTimeout(steps)
        checkpoint = cap if cap - steps <= TIME_CHUNK else steps + TIME_CHUNK

    # Each cell's moves, in the order of the recursion (its neighbours in order, each one's
    # alternatives in order): (cell, alternative's number, its letters, the bit of its first
    # letter, its points, the cell's word multiplier, whether a path may go on from it). What
    # never changes during a search is settled here, as in the C core: a step to the cell
    # itself, to a start-only cell (RE-), to an alternative without letters (a hole) is left
    # out. The start moves are every alternative of every cell.
    def alternatives(cell: int) -> list[tuple]:
        return [(cell, alternative, letters, 1 << letters[0], points[cell][alternative],
                 factors[cell], not flags[cell] & END_ONLY)
                for alternative, letters in enumerate(cells[cell]) if letters]

    of_cell = [alternatives(cell) for cell in range(n)]
    moves = [[move for nxt in neighbours[cell] if nxt != cell and not flags[nxt] & START_ONLY
              for move in of_cell[nxt]] for cell in range(n)]
    starts = [move for cell in range(n) for move in of_cell[cell]]

    def extend(options: list, depth: int, node: int, mask: int, rank: int, length: int,
               total: int, factor: int, over: bool) -> None:
        """From the path's end (``node``, its ``mask``), take each move whose first letter
        the node has, to a cell not on the path (unless ``revisit``): walk its letters, score
        the word if one ends there, and go on from it."""
        nonlocal steps
        for cell, alternative, letters, bit, cell_points, cell_factor, goes_on in options:
            if not mask & bit or used[cell] and not revisit:
                continue
            # walk: follow the letters from node (the first one's bit is set)
            edge = first[node] + (mask & (bit - 1)).bit_count()
            reached_rank = rank + ranks[edge]
            reached = targets[edge]
            reached_mask = masks[reached]
            if len(letters) > 1:  # Qu and the like
                for letter in letters[1:]:
                    step = 1 << letter
                    if not reached_mask & step:
                        break
                    edge = first[reached] + (reached_mask & (step - 1)).bit_count()
                    reached_rank += ranks[edge]
                    reached = targets[edge]
                    reached_mask = masks[reached]
                else:
                    step = 0
                if step:
                    continue
            steps += 1
            if steps > checkpoint:
                more_steps()
            new_length = length + len(letters)
            new_total = total + cell_points
            new_factor = factor * cell_factor
            # once out of range, the path stays so (the C core's sums wrap)
            new_over = over or checked and not (LOW <= new_total <= HIGH
                                                and LOW <= new_factor <= HIGH)
            path[depth] = cell
            spelt[depth] = letters
            if reached_mask & TERMINAL and new_length >= min_length:
                score = new_total * new_factor
                if checked and (new_over or not LOW <= score <= HIGH):
                    raise OverflowError("score too large")
                if scale is not None:
                    score *= scale[new_length]
                    if checked and not LOW <= score <= HIGH:
                        raise OverflowError("score too large")
                score = score // divisor + bonus[new_length]
                if checked and not LOW <= score <= HIGH:
                    raise OverflowError("score too large")
                held = best.get(reached_rank)
                if held is None or score > held[0]:
                    word = "".join(alphabet[letter] for part in spelt[:depth + 1]
                                   for letter in part)
                    best[reached_rank] = (score, tuple(path[:depth + 1]), word)
            if reached_mask & ~TERMINAL and goes_on:
                was_used = used[cell]
                used[cell] = True
                extend(moves[cell], depth + 1, reached, reached_mask, reached_rank, new_length,
                       new_total, new_factor, new_over)
                used[cell] = was_used

    if starts:
        extend(starts, 0, 0, masks[0], 0, 0, 0, 1, False)
    return [(word, score, held_path) for _, (score, held_path, word) in sorted(best.items())]


def _may_overflow(graph, points, factors, flags, bonus, scale, revisit: bool) -> bool:
    """Refuse (OverflowError) what the C core cannot convert to int64, and say whether any
    value of the search could leave that range: if not, the search need not check. A path has
    at most ``reach`` cells (each spells a letter at least), without revisits at most one of
    each; every value it holds is at most the bound below, each part counted as at least 1."""
    reach = min(graph.longest, len(graph.masks) - 1)
    top, most = 1, 1
    for cell_points, factor, flag in zip(points, factors, flags):
        for p in cell_points:
            if not LOW <= p <= HIGH:
                raise OverflowError("points too large")
            top = max(top, abs(p))
        if not (LOW <= factor <= HIGH and LOW <= flag <= HIGH):
            raise OverflowError("factor or flag too large")
        most = max(most, abs(factor))
    tables = [bonus[:reach + 1]] + ([] if scale is None else [scale[:reach + 1]])
    for table in tables:
        if not all(LOW <= n <= HIGH for n in table):
            raise OverflowError("bonus or scale too large")
    extra = max((abs(n) for n in tables[0]), default=0)
    times = max((abs(n) for n in tables[1]), default=1) if scale is not None else 1
    steps = reach if revisit else min(reach, len(points))
    return steps * top * most ** steps * max(times, 1) + extra > HIGH
