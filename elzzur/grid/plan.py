"""A plan for the clock (``solve --plan SECONDS``): which words to swipe, in which order, to
earn the most in a round's time.

The time model: entering a word of ``n`` letters whose path starts ``d`` cells (king's moves)
from where the last word ended takes

    fixed + per_letter * n + per_cell * d   seconds

``fixed`` is lifting the finger, finding the first tile and the game's answer; ``per_letter``
one swipe from tile to tile; ``per_cell`` moving the finger to the next start. The defaults
(``DEFAULT_MODEL``: 1.2 s, 0.3 s a letter, 0.1 s a cell) are a fast player who reads the
plan; ``fitted_model`` tunes ``fixed`` and ``per_letter`` to a player's own rounds (the seconds
between the words found in ``elzzur play``'s history, least squares), which include finding
the word, so a plan made with them is one for that player's own pace.

The order is greedy: from where the finger is, the word with the most points per second of its
cost (travel included) that still fits in the time left, then the same from where it ends.
Greedy is not optimal (that is a knapsack over orders), but it is what a person can follow,
and each word starts near where the last ended.
"""

from __future__ import annotations

import math

from ..record import Record

MAX_CANDIDATES = 2000  # the words a plan considers (the best by points per second alone)
MIN_GAPS = 20  # gaps between words a history needs before the model is fitted to it


class TimeModel(Record):
    """Seconds a word costs: ``fixed + per_letter * letters + per_cell * cells moved``;
    ``source`` says where the figures come from."""

    __slots__ = ("fixed", "per_letter", "per_cell", "source")

    def cost(self, letters: int, moved: int = 0) -> float:
        return self.fixed + self.per_letter * letters + self.per_cell * moved

    def to_dict(self) -> dict:
        return {"fixed": round(self.fixed, 3), "per_letter": round(self.per_letter, 3),
                "per_cell": round(self.per_cell, 3), "source": self.source}


DEFAULT_MODEL = TimeModel(1.2, 0.3, 0.1, "default")


class Step(Record):
    """One word of a plan: its points, best path (cell numbers), its cost in seconds and the
    second the plan reaches its end (``at``)."""

    __slots__ = ("word", "score", "path", "seconds", "at")


class Plan(Record):
    """The words to enter in order (``steps``), the ``expected`` points, the ``seconds``
    allowed, the board's ``total`` and the ``model`` used."""

    __slots__ = ("steps", "expected", "seconds", "total", "model")


def distance(board_cols: int, a: int, b: int) -> int:
    """Cells between two cells in king's moves."""
    ra, ca = divmod(a, board_cols)
    rb, cb = divmod(b, board_cols)
    return max(abs(ra - rb), abs(ca - cb))


def plan(rows, cols: int, seconds: float, model: TimeModel = DEFAULT_MODEL) -> Plan:
    """The greedy plan for ``seconds`` on a board of ``cols`` columns whose words are ``rows``
    (``(word, score, path)``, path as cell numbers, as ``find_words`` gives them)."""
    if not seconds > 0:
        raise ValueError(f"a plan needs more than 0 seconds, not {seconds!r}")
    total = sum(row[1] for row in rows)
    candidates = sorted((row for row in rows if row[1] > 0),
                        key=lambda row: (-row[1] / model.cost(len(row[0])), row[0]))
    candidates = candidates[:MAX_CANDIDATES]
    steps: list[Step] = []
    left, at, here = float(seconds), 0.0, None
    used = [False] * len(candidates)
    while True:
        best, best_rate, best_cost = -1, 0.0, 0.0
        for k, (word, score, path) in enumerate(candidates):
            if used[k]:
                continue
            cost = model.cost(len(word), 0 if here is None else distance(cols, here, path[0]))
            if cost > left + 1e-9:
                continue
            rate = score / cost if cost > 0 else float("inf")
            if rate > best_rate:
                best, best_rate, best_cost = k, rate, cost
        if best < 0:
            break
        used[best] = True
        word, score, path = candidates[best]
        left -= best_cost
        at += best_cost
        here = path[-1]
        steps.append(Step(word, score, tuple(path), round(best_cost, 3), round(at, 3)))
    return Plan(tuple(steps), sum(s.score for s in steps), float(seconds), total, model)


def fitted_model(rounds, default: TimeModel = DEFAULT_MODEL) -> TimeModel:
    """``default`` with ``fixed`` and ``per_letter`` fitted to the gaps between the words found
    in ``rounds`` (``elzzur.grid.history.Played``), by least squares of gap = fixed +
    per_letter x letters; ``default`` itself where the history holds fewer than ``MIN_GAPS``
    gaps or the fit is not sensible (a cost per letter below 0)."""
    xs, ys = [], []
    for played in rounds:
        last = 0.0
        # (history.read_history checks every field; rounds made some other way are checked
        # here too: a NaN or a word of another shape is left out, never a failed plan)
        entries = [entry for entry in played.words if _usable(entry)]
        for word, _, second in sorted(entries, key=lambda w: w[2]):
            gap = second - last
            last = second
            if 0 < gap <= 60:  # a longer gap is a player who stopped, not a word's time
                xs.append(len(word))
                ys.append(gap)
    n = len(xs)
    if n < MIN_GAPS:
        return default
    mean_x, mean_y = sum(xs) / n, sum(ys) / n
    var = sum((x - mean_x) ** 2 for x in xs)
    slope = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys)) / var if var else 0.0
    if slope < 0:  # longer words did not take longer: the time is a word's, whatever its length
        slope = 0.0
    fixed = max(0.1, mean_y - slope * mean_x)
    return TimeModel(fixed, slope, default.per_cell, f"your {n:,} words in the history")


def _usable(entry) -> bool:
    """A word of a round as the history records it: ``[word, score, second]``, the second a
    finite number of 0 or more."""
    return isinstance(entry, (list, tuple)) and len(entry) == 3 and isinstance(entry[0], str) \
        and isinstance(entry[2], (int, float)) and not isinstance(entry[2], bool) \
        and math.isfinite(entry[2]) and entry[2] >= 0
