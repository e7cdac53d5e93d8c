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

Leave values count in whole tenths of a point (the learned ones are written so, the end-game
rule's are whole points), so an equity is exact: ten times the score plus the leave's tenths,
shown over ten. ``ranked`` works out the value of every leave the rack can keep once (a
``movegen.LeaveTable``: at most 2**7 = 128 of them), and the move generator ranks by equity
itself: the C core looks each move's leave up by the tiles it uses, keeps the best ``top`` by
equity and builds only those (the pure Python search values every move, the same order).
Before, the best 250 moves by score were built and valued here (and more when one further
down could still reach the top): 2.3x the score order's time per position, now about 1.07x
(benchmarks/scrabble_rank.py, BENCHMARKS.md). What is left to Python is the table (the
leaves' names written by the C core too: ``RackLeaves``), exchanges only when a leave alone
beats the ``top``-th move, and a short final sort: some 30 microseconds a ranking, which is
most of what remains for the fastest racks (no blank, a fraction of a millisecond to search).
"""

from __future__ import annotations

from ..lexicon.graph import backend
from .movegen import LeaveTable
from .moves import show_leave
from .tiles import BLANK, TileSet
from .unseen import Unseen

RANKS = ("equity", "score")


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
    """The value of a leave in this position, in whole tenths of a point: learned
    (``LeaveValues.tenths``), or the end-game rule once the bag is empty (``unseen``).
    Remembered by leave, so a move costs one dictionary lookup."""

    def __init__(self, leaves, unseen: Unseen, tiles: TileSet):
        self.leaves, self.unseen, self.tiles = leaves, unseen, tiles
        self.end_game = unseen.end_game
        self.out_bonus = 2 * unseen.points(tiles)
        self.cache: dict[str, int] = {}
        self.known = self.cache  # the values worked out already, by leave
        if not self.end_game:
            self.tenths = leaves.tenths  # remembered there, for every position
            self.known = leaves.known

    def __call__(self, leave: str) -> float:
        """The value in points."""
        return self.tenths(leave) / 10

    def tenths(self, leave: str) -> int:
        """The value in tenths of a point."""
        value = self.cache.get(leave)
        if value is None:
            value = self.cache[leave] = self._end_game(leave)
        return value

    def _end_game(self, leave: str) -> int:
        if not leave:
            return 10 * self.out_bonus
        from .leaves import parse_leave

        counts, _ = parse_leave(leave)
        return -20 * sum(self.tiles.values[t] * n for t, n in counts.items())


def candidate_key(candidate):
    """Best equity first; among equals, plays before exchanges before a pass, then each kind's
    own order (a play's: score, coordinate, word)."""
    return (-candidate.equity, candidate.kind != "play", candidate.key())


def rank_moves(moves: list, evaluate: Evaluator) -> None:
    """Give each move its equity: its score plus its leave's value."""
    for move in moves:
        move.equity = (10 * move.score + evaluate.tenths(move.leave)) / 10


class RackLeaves:
    """Every sub-multiset of a rack, as what a move or an exchange keeps (``kept``, written as
    ``show_leave`` writes it), and its value in tenths (``tenths``), in the order of the
    ``LeaveTable`` index of the tiles given up for it (used by a move, or exchanged): the whole
    rack first. Built column by column, a tile at a time: the list so far is repeated once for
    each count of the tile used, and a count ``u`` of a tile whose stride is the list's length
    so far lands at ``u`` x stride + its place, which is the index. A rack's 128 leaves cost a
    few tens of microseconds, most of what a ranking adds to the search. The tiles given are
    written (``given``) only for the exchanges that can make the top."""

    __slots__ = ("kept", "tenths", "digits")

    def __init__(self, rack: dict, blanks: int, evaluate: Evaluator, use: str | None = None):
        # (label, count, stride) of each tile of the rack in show_leave's order, blanks last
        self.digits = digits = []
        counts = [(tile if len(tile) == 1 else f"[{tile}]", rack[tile]) for tile in sorted(rack)
                  if rack[tile]]
        if blanks:
            counts.append((BLANK, blanks))
        stride = 1
        for label, n in counts:
            digits.append((label, n, stride))
            stride *= n + 1
        kept = core_leaves(counts, stride, use)
        if kept is None:  # the specification of the core's rack_leaves
            kept = [""]
            for label, n in counts:
                kept = [leave + label * k for k in range(n, -1, -1) for leave in kept]
        values = list(map(evaluate.known.get, kept))
        if None in values:
            values = [evaluate.tenths(leave) if v is None else v for leave, v in zip(kept, values)]
        self.kept, self.tenths = kept, values

    def given(self, index: int) -> str:
        """The tiles given up at ``index`` (its digits, one a tile), as a rack is written."""
        return "".join(label * (index // stride % (n + 1)) for label, n, stride in self.digits)

    def all_given(self) -> list[str]:
        """``given`` of every index, built column by column like ``kept`` (faster for all)."""
        given = [""]
        for label, n, _ in self.digits:
            given = [out + label * used for used in range(n + 1) for out in given]
        return given


_CORE_LEAVES = []  # the core's rack_leaves once looked for (None where it is not built)


def core_leaves(counts: list[tuple[str, int]], total: int, use: str | None) -> list[str] | None:
    """``RackLeaves``'s leaves written by the C core's ``rack_leaves`` (the strings are most of
    what ranking a rack adds to its search, and the core writes them in a fifth of the time),
    or None where it cannot (not built, ``use="python"``, beyond its limits)."""
    if not _CORE_LEAVES:
        try:
            from .. import _core
        except ImportError:
            _CORE_LEAVES.append(None)
        else:
            _CORE_LEAVES.append(_core.rack_leaves)
    write = _CORE_LEAVES[0]
    if write is None or (use or backend()) != "c" or total > 2**16 or len(counts) > 64:
        return None
    for label, n in counts:
        if n > 255 or len(label) > 18:
            return None
    return write([label for label, _ in counts], bytes([n for _, n in counts]))


def rack_leaves(rack: dict, blanks: int, evaluate: Evaluator, use: str | None = None) -> RackLeaves:
    """The rack's leaves (``RackLeaves``); ``use`` as ``generate_moves`` takes it."""
    return RackLeaves(rack, blanks, evaluate, use)


def leave_table(rack: dict, blanks: int, leaves: RackLeaves) -> LeaveTable:
    """The ``LeaveTable`` of ``rack_leaves``: its values are in the table's order already."""
    return LeaveTable(rack, blanks, leaves.tenths)


def exchanges(rack: dict, blanks: int, evaluate: Evaluator, leaves: RackLeaves | None = None,
              top: int | None = None, beat: int | None = None) -> list[Exchange]:
    """Every exchange of this rack (at least one tile), when the bag allows one, best first by
    ``candidate_key``; with ``top`` only the best ``top``, and with ``beat`` (in tenths) only
    those of a higher equity: the others cannot make a top whose ``top``-th move has that
    (a play ranks before an exchange of the same equity)."""
    if not evaluate.unseen.can_exchange or top == 0:
        return []
    if leaves is None:
        leaves = rack_leaves(rack, blanks, evaluate)
    tenths = leaves.tenths
    if beat is None:  # every exchange (index 0 gives nothing: not one)
        keyed = [(-value, len(given), given, leave) for value, given, leave in
                 zip(tenths[1:], leaves.all_given()[1:], leaves.kept[1:])]
    elif max(tenths) <= beat:  # the usual case: a leave alone is worth less than the top
        return []
    else:
        keyed = []
        for index in range(1, len(tenths)):
            if tenths[index] > beat:
                given = leaves.given(index)
                keyed.append((-tenths[index], len(given), given, leaves.kept[index]))
    keyed.sort()  # candidate_key's order among exchanges
    if top is not None:
        del keyed[top:]
    return [Exchange("exchange", given, leave, -value / 10) for value, _, given, leave in keyed]


def ranked(generate, rack: dict, blanks: int, evaluate: Evaluator, top: int | None,
           rank: str = "equity") -> list:
    """The candidates best first by ``rank``. ``generate(top, leaves)`` returns the legal
    moves best first (the first ``top`` of them, or all for None): by score, or by equity with
    ``leaves`` (a ``LeaveTable``; ``movegen.generate_moves`` takes the same two arguments).
    Ranking by ``"score"`` is the generator's own order, equity filled in; by ``"equity"``
    exchanges (and a pass when there is nothing else) join the moves."""
    if rank not in RANKS:
        raise ValueError(f"rank must be 'equity' or 'score', not {rank!r:.20}")
    if rank == "score":
        moves = generate(top, None)
        rank_moves(moves, evaluate)
        return moves
    leaves = rack_leaves(rack, blanks, evaluate)
    table = leave_table(rack, blanks, leaves)
    moves = generate(top, table)
    beat = table.equity(moves[top - 1]) if top and len(moves) >= top else None
    extra = exchanges(rack, blanks, evaluate, leaves, top, beat)
    if not extra:
        if moves:
            return moves  # in candidate_key's order already, and no more than ``top``
        full = show_leave(rack, blanks)
        return [Exchange("pass", "", full, evaluate(full))] if full and top != 0 else []
    candidates = moves + extra
    candidates.sort(key=candidate_key)
    return candidates if top is None else candidates[:top]
