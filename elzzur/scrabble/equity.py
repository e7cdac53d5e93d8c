"""Ranking by equity: a move's score plus the value of the tiles it leaves on the rack, the way
the engines club players use (Quackle, Macondo) rank a static move list. With it, exchanges and
passes become candidates too, ranked by the same measure.

The game's phase comes from the unseen tiles (``elzzur.scrabble.unseen``):

- while the bag holds a rack's worth of tiles, every exchange is a candidate (score 0, equity the
  value of the tiles kept);
- while the bag is not empty, a leave is worth its learned value (``elzzur.scrabble.leaves``);
- once the bag is empty (the end game: the opponent's rack is the unseen tiles), the simple
  end-game rule: a move that goes out gains twice the points on the opponent's rack (they are
  added to ours and taken from theirs), and any other move loses twice the points of the tiles
  it keeps (the opponent may go out next and collect them);
- a pass is a candidate only when there is nothing else (no move, no exchange allowed); its
  equity is what the rack kept is worth by the same rules.

The ranking is exact: ``ranked`` asks the generator for the best 250 moves by score, and for
four times more (and so on) only when a move beyond those could still get into the top by its
leave (its score plus the best leave this rack can keep). Its cost is a table lookup per move,
but also the moves built for those 250 instead of 10 (the generator builds only the moves asked
for), the exchanges valued and the longer sort: about 2.4x the score order's time per position
with the C core's move list (benchmarks/scrabble_rank.py, BENCHMARKS.md). Ranking inside the
generator, with the leave values passed to the C core, would remove most of that.
"""

from __future__ import annotations

from .moves import Move, show_leave
from .tiles import TileSet
from .unseen import Unseen

RANKS = ("equity", "score")
FIRST_ASK = 250  # moves asked for first, by score (at least twice the top asked for) ...
WIDEN = 4  # ... and how many times more each time that was not enough (the best trade-off
           # measured with the C core's scrabble_moves: benchmarks/scrabble_rank.py)


class Exchange:
    """An exchange of ``tiles`` (written like a rack), keeping ``leave``; or a pass (``kind``
    ``"pass"``, no tiles). Shown like a move: ``coordinate`` ``xchg``/``pass``, ``word`` the
    tiles exchanged, ``score`` 0."""

    __slots__ = ("kind", "tiles", "leave", "equity")
    score = 0
    placed = ()

    def __init__(self, kind: str, tiles: str, leave: str, equity: float):
        self.kind, self.tiles, self.leave, self.equity = kind, tiles, leave, equity

    @property
    def coordinate(self) -> str:
        return "xchg" if self.kind == "exchange" else "pass"

    @property
    def word(self) -> str:
        return self.tiles

    def key(self):
        return (self.kind != "exchange", len(self.tiles), self.tiles)

    def __repr__(self) -> str:
        return f"Exchange({self.kind} {self.tiles!r} leave={self.leave!r} equity={self.equity})"


def sub_racks(rack: dict, blanks: int):
    """Every sub-multiset of a rack as (counts, blanks): what a move or an exchange can keep
    (2**7 = 128 at most for seven different tiles, fewer with repeats)."""
    items = sorted(rack.items())
    out = [({}, 0)]
    for tile, n in items:
        out = [({**kept, tile: k} if k else kept, b) for kept, b in out for k in range(n + 1)]
    return [(kept, b) for kept, b in out for b in range(blanks + 1)]


class Evaluator:
    """The value of a leave in this position: learned (``leaves``), or the end-game rule once
    the bag is empty (``unseen``). Remembered by leave, so a move costs one dictionary lookup."""

    def __init__(self, leaves, unseen: Unseen, tiles: TileSet):
        self.leaves, self.unseen, self.tiles = leaves, unseen, tiles
        self.end_game = unseen.end_game
        self.out_bonus = 2 * unseen.points(tiles)
        self.cache: dict[str, float] = {}

    def __call__(self, leave: str) -> float:
        value = self.cache.get(leave)
        if value is None:
            value = self.cache[leave] = self._value(leave)
        return value

    def counted(self, leave: str, counts: dict, blanks: int) -> float:
        """The same, for a leave whose tiles are counted already (no parsing)."""
        value = self.cache.get(leave)
        if value is None:
            value = self.cache[leave] = self._value(leave, counts, blanks)
        return value

    def _value(self, leave: str, counts: dict | None = None, blanks: int = 0) -> float:
        if not self.end_game:
            if counts is None:
                return self.leaves.value(leave)
            return self.leaves.counted(leave, counts, blanks)
        if not leave:
            return float(self.out_bonus)
        if counts is None:
            from .leaves import parse_leave

            counts, _ = parse_leave(leave)
        return -2.0 * sum(self.tiles.values[t] * n for t, n in counts.items())


def candidate_key(candidate):
    """Best equity first; among equals, plays before exchanges before a pass, then each kind's
    own order (a play's: score, coordinate, word)."""
    return (-candidate.equity, candidate.kind != "play", candidate.key())


def rank_moves(moves: list, evaluate: Evaluator) -> None:
    """Give each move its equity: its score plus its leave's value (rounded to a tenth)."""
    for move in moves:
        move.equity = round(move.score + evaluate(move.leave), 1)


def rack_leaves(rack: dict, blanks: int, evaluate: Evaluator) -> list[tuple[str, dict, int, float]]:
    """(leave, tiles kept, blanks kept, value) for every sub-multiset of the rack but the whole
    rack: what a move or an exchange can keep. Worked out once a ranking, for both uses."""
    full = sum(rack.values()) + blanks
    out = []
    for kept, b in sub_racks(rack, blanks):
        if sum(kept.values()) + b < full:
            leave = show_leave(kept, b)
            out.append((leave, kept, b, evaluate.counted(leave, kept, b)))
    return out


def exchanges(rack: dict, blanks: int, evaluate: Evaluator, leaves=None) -> list[Exchange]:
    """Every exchange of this rack (at least one tile), when the bag allows one."""
    if not evaluate.unseen.can_exchange:
        return []
    out = []
    for leave, kept, kept_blanks, value in leaves or rack_leaves(rack, blanks, evaluate):
        given = {t: n - kept.get(t, 0) for t, n in rack.items() if n > kept.get(t, 0)}
        out.append(Exchange("exchange", show_leave(given, blanks - kept_blanks), leave,
                            round(value, 1)))
    return out


def best_leave(rack: dict, blanks: int, evaluate: Evaluator, leaves=None) -> float:
    """The most a move with this rack can gain from its leave: the best value of what it can
    keep (a move places at least one tile, so not the whole rack)."""
    return max((value for *_, value in leaves or rack_leaves(rack, blanks, evaluate)),
               default=0.0)


def ranked(generate, rack: dict, blanks: int, evaluate: Evaluator, top: int | None,
           rank: str = "equity", first_ask: int | None = None) -> list:
    """The candidates best first by ``rank``. ``generate(top)`` returns the legal moves best
    first by score (the first ``top`` of them, or all for None); ranking by ``"score"`` is the
    generator's own order, equity filled in; by ``"equity"`` exchanges (and a pass when there is
    nothing else) join the moves, and the list is exact: moves are asked for beyond the first
    ``first_ask`` (default ``FIRST_ASK``) only when one of them could still make the top."""
    if rank not in RANKS:
        raise ValueError(f"rank must be 'equity' or 'score', not {rank!r:.20}")
    if rank == "score":
        moves = generate(top)
        rank_moves(moves, evaluate)
        return moves
    leaves = rack_leaves(rack, blanks, evaluate)
    extra = exchanges(rack, blanks, evaluate, leaves)
    moves = None
    if top is not None:
        ask = max(first_ask or FIRST_ASK, 2 * top)
        reach = best_leave(rack, blanks, evaluate, leaves)
        while moves is None:
            moves = generate(ask)
            rank_moves(moves, evaluate)
            if len(moves) < ask or top == 0:
                break  # every move, or nothing to rank
            # no move left out scores more than the last one here, nor keeps more than the
            # best leave; rounding is monotonic, so its rounded equity is at most this
            bound = round(moves[-1].score + reach, 1)
            best = sorted([m.equity for m in moves] + [x.equity for x in extra], reverse=True)
            if len(best) < top or best[top - 1] <= bound:
                moves = None  # one further down could still make the top: ask for more
                ask *= WIDEN
    else:
        moves = generate(None)
        rank_moves(moves, evaluate)
    candidates = moves + extra
    if not candidates:
        full = show_leave(rack, blanks)
        candidates = [Exchange("pass", "", full, round(evaluate(full), 1))] if full else []
    candidates.sort(key=candidate_key)
    return candidates if top is None else candidates[:top]
