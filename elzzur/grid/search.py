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
    scale       None, or scale[n] multiplies the letter sum of a word of n letters (after the
                word multiplier), and the product is divided by ``divisor``, rounding down

It returns ``[(word, score, path), ...]`` in alphabetical order (the order of the words'
ranks in the graph): each word once, with its best score and the first path that reaches it,
paths being tuples of cells. The word is spelt from the graph's alphabet, so an either/or cell
needs no guessing which of its letters a path used.
The search is depth-first from each cell in order, trying neighbours in order, so "first"
means first row by row, cell by cell; a later path replaces it only with a higher score.
"""

from __future__ import annotations

START_ONLY = 1
END_ONLY = 2
TERMINAL = 1 << 63


try:  # one exception class for both searches
    from .._core import SearchLimit
except ImportError:
    class SearchLimit(Exception):
        """The search took more steps than allowed."""


def search(graph, cells, points, factors, flags, neighbours, bonus, min_length: int,
           revisit: bool = False, limit: int = 0, scale=None, divisor: int = 1
           ) -> list[tuple[str, int, tuple[int, ...]]]:
    if divisor < 1:
        raise ValueError("divisor must be at least 1")
    masks, first, targets, ranks = graph.masks, graph.first, graph.targets, graph.ranks
    alphabet = graph.alphabet
    best: dict[int, tuple[int, tuple[int, ...], str]] = {}
    path: list[int] = []
    spelt: list[bytes] = []
    used = [False] * len(cells)
    steps = 0

    def walk(node: int, rank: int, letters: bytes) -> tuple[int, int]:
        """Follow ``letters`` from ``node``: the node and rank reached, or (-1, 0)."""
        nonlocal steps
        for letter in letters:
            mask = masks[node]
            bit = 1 << letter
            if not mask & bit:
                return -1, 0
            edge = first[node] + (mask & (bit - 1)).bit_count()
            rank += ranks[edge]
            node = targets[edge]
        steps += 1
        if limit and steps > limit:
            raise SearchLimit(steps)
        return node, rank

    def visit(cell: int, node: int, rank: int, length: int, total: int, factor: int) -> None:
        """Extend the current path (ending at ``cell``, at ``node``) by each neighbour."""
        for nxt in neighbours[cell]:
            if used[nxt] and not revisit or nxt == cell or flags[nxt] & START_ONLY:
                continue
            enter(nxt, node, rank, length, total, factor)

    def enter(cell: int, node: int, rank: int, length: int, total: int, factor: int) -> None:
        for alternative, letters in enumerate(cells[cell]):
            if not letters:
                continue
            reached, reached_rank = walk(node, rank, letters)
            if reached < 0:
                continue
            new_length = length + len(letters)
            new_total = total + points[cell][alternative]
            new_factor = factor * factors[cell]
            path.append(cell)
            spelt.append(letters)
            was_used = used[cell]
            used[cell] = True
            mask = masks[reached]
            if mask & TERMINAL and new_length >= min_length:
                score = new_total * new_factor
                if scale is not None:
                    score *= scale[new_length]
                score = score // divisor + bonus[new_length]
                held = best.get(reached_rank)
                if held is None or score > held[0]:
                    word = "".join(alphabet[letter] for part in spelt for letter in part)
                    best[reached_rank] = (score, tuple(path), word)
            if mask & ~TERMINAL and not flags[cell] & END_ONLY:
                visit(cell, reached, reached_rank, new_length, new_total, new_factor)
            used[cell] = was_used
            path.pop()
            spelt.pop()

    for start in range(len(cells)):
        enter(start, 0, 0, 0, 0, 1)
    return [(word, score, held_path) for _, (score, held_path, word) in sorted(best.items())]
