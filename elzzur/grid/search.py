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

START_ONLY = 1
END_ONLY = 2
TERMINAL = 1 << 63
LOW, HIGH = -2**63, 2**63 - 1  # the range of the C core's numbers (int64)


try:  # one exception class for both searches
    from .._core import SearchLimit
except ImportError:
    class SearchLimit(Exception):
        """The search took more steps than allowed."""


def search(graph, cells, points, factors, flags, neighbours, bonus, min_length: int,
           revisit: bool = False, limit: int = 0, scale=None, divisor: int = 1
           ) -> list[tuple[str, int, tuple[int, ...]]]:
    if not LOW <= divisor <= HIGH:
        raise OverflowError("divisor too large")
    if divisor < 1:
        raise ValueError("divisor must be at least 1")
    checked = _may_overflow(graph, points, factors, flags, bonus, scale, revisit)
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

    def visit(cell: int, node: int, rank: int, length: int, total: int, factor: int,
              over: bool) -> None:
        """Extend the current path (ending at ``cell``, at ``node``) by each neighbour."""
        for nxt in neighbours[cell]:
            if used[nxt] and not revisit or nxt == cell or flags[nxt] & START_ONLY:
                continue
            enter(nxt, node, rank, length, total, factor, over)

    def enter(cell: int, node: int, rank: int, length: int, total: int, factor: int,
              over: bool) -> None:
        for alternative, letters in enumerate(cells[cell]):
            if not letters:
                continue
            reached, reached_rank = walk(node, rank, letters)
            if reached < 0:
                continue
            new_length = length + len(letters)
            new_total = total + points[cell][alternative]
            new_factor = factor * factors[cell]
            # once out of range, the path stays so (the C core's sums wrap)
            new_over = over or checked and not (LOW <= new_total <= HIGH
                                                and LOW <= new_factor <= HIGH)
            path.append(cell)
            spelt.append(letters)
            was_used = used[cell]
            used[cell] = True
            mask = masks[reached]
            if mask & TERMINAL and new_length >= min_length:
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
                    word = "".join(alphabet[letter] for part in spelt for letter in part)
                    best[reached_rank] = (score, tuple(path), word)
            if mask & ~TERMINAL and not flags[cell] & END_ONLY:
                visit(cell, reached, reached_rank, new_length, new_total, new_factor, new_over)
            used[cell] = was_used
            path.pop()
            spelt.pop()

    for start in range(len(cells)):
        enter(start, 0, 0, 0, 0, 1, False)
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
