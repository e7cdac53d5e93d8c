"""The end game solved: with the bag empty, the opponent's rack is the unseen tiles, both racks
are known and the game is one of perfect information, so the best line can be searched for.

The search is negamax with alpha-beta pruning over both racks' moves, passing included:

- a node is the board (the tiles placed since the root, as a frozenset: exact, no hash
  collisions), the rack on turn, the other rack, and whether the last turn was a pass; its value
  is the points the side on turn will make from here minus the opponent's (future spread);
- a play that empties the rack ends the game: the player gains the points left on the other
  rack and the other loses them (twice their value in spread), as ``selfplay`` scores it;
- two passes in a row end the game, each player losing what is left on their own rack. The
  tournament rule ends a game after six scoreless turns; with the racks known and the board
  unchanged a third or later pass repeats a position the same player already faced, so the value
  is the same (the engines' solvers use this rule too);
- moves are tried in the order: the best move of the last search of this node (from the
  transposition table), then the moves that go out (they end the line at once), then by score,
  then by the number of tiles played, then the pass; after the first child, each is searched
  with a null window first (principal variation search) and again with the whole window only
  when it may be better;
- the transposition table keys a node by (board, rack on turn, other rack, last turn a pass):
  the value for the side on turn does not depend on which player that is, so both players share
  entries; an entry holds a value with its kind (exact, lower or upper bound), the depth it was
  searched to and whether it was solved to the game's end;
- iterative deepening: depth 1, 2, … plies until a search reaches the end of the game in every
  line it looked at (the answer is then exact) or the time runs out (the last finished depth's
  answer, marked not exact: beyond its horizon a position is valued by a static guess, see
  ``_Search.horizon``);
- no cyclic garbage collection during the search (the table's entries refer to nothing that
  refers back; full collections walking them took a quarter of the time).

``plain_minimax`` is the specification: every line to the end, no pruning, no table; the tests
hold ``solve`` to it on random small end games.

The pre-end game (``pre_endgame``), with one or two tiles in the bag, is a rule, not an exact
search: each candidate play that empties the bag is followed for every way the unseen tiles can
split into the bag and the opponent's rack (each weighted by how many draws give it), and each
resulting end game is solved under a shorter time; candidates are ranked by their mean spread.
Plays that leave tiles in the bag, exchanges and passes are not followed (their static equity is
shown beside, unranked by this rule).
"""

from __future__ import annotations

import time
from itertools import combinations

from ..errors import ElzzurError
from .movegen import generate_moves
from .moves import show_leave
from .tiles import BLANK, TileSet

EXACT, LOWER, UPPER = 0, 1, 2
TABLE_LIMIT = 500_000  # transposition entries kept; the table is emptied when it is full
MOVES_LIMIT = 400_000  # moves kept in the move lists' cache (a few hundred bytes each)
INF = 10**9


class Pass:
    """A pass in a line of play (shown like a move: coordinate ``pass``, no word)."""

    kind = "pass"
    coordinate = "pass"
    word = ""
    score = 0
    placed = ()

    def __repr__(self) -> str:
        return "Pass()"


PASS = Pass()


class EndGameResult:
    """A solved (or deepened as far as time allowed) end game: ``value`` the future spread for
    the side on turn under best play (its points from here minus the opponent's, end-of-game
    adjustments included), ``line`` the best sequence of moves (both sides in turn, ``Pass`` for
    a pass), ``exact`` whether the search reached the end of every line it needed, ``depth`` the
    plies of the last finished iteration, ``nodes`` the positions searched, ``seconds``."""

    __slots__ = ("value", "line", "exact", "depth", "nodes", "seconds")

    def __init__(self, value, line, exact, depth, nodes, seconds):
        self.value, self.line, self.exact = value, line, exact
        self.depth, self.nodes, self.seconds = depth, nodes, seconds

    def __repr__(self) -> str:
        moves = ", ".join(f"{m.coordinate} {m.word}".strip() for m in self.line)
        return f"EndGameResult({self.value:+d} [{moves}] exact={self.exact} depth={self.depth})"


class _Timeout(Exception):
    pass


def rack_tuple(rack: dict, blanks: int) -> tuple:
    """A rack as a sorted tuple of tiles, blanks as ``?`` (hashable: a table key)."""
    return tuple(sorted(t for t, n in rack.items() for _ in range(n))) + (BLANK,) * blanks


def rack_dict(tiles: tuple) -> tuple[dict, int]:
    rack: dict[str, int] = {}
    blanks = 0
    for t in tiles:
        if t == BLANK:
            blanks += 1
        else:
            rack[t] = rack.get(t, 0) + 1
    return rack, blanks


def after(rack: tuple, placed) -> tuple:
    """The rack once a move's tiles are placed."""
    left = list(rack)
    for _, _, tile, blank in placed:
        left.remove(BLANK if blank else tile)
    return tuple(left)


class _Search:
    """One position's search; the board (lists of lists) is changed and restored in place."""

    def __init__(self, board, graph, tiles: TileSet, layout, deadline: float | None,
                 max_depth: int | None = None):
        self.board = [list(row) for row in board]
        self.graph, self.tiles, self.layout = graph, tiles, layout
        self.deadline = deadline
        self.max_depth = max_depth
        self.table: dict = {}
        self.moves_of: dict = {}  # (board key, rack) -> the rack's moves, best first
        self.moves_kept = 0
        self.nodes = 0
        self.values = tiles.values
        self.generate = move_source(board, graph, tiles, layout)

    def points(self, rack: tuple) -> int:
        values = self.values
        return sum(values.get(t, 0) for t in rack if t != BLANK)

    def moves(self, key, rack: tuple) -> list:
        found = self.moves_of.get((key, rack))
        if found is None:
            found = self.generate(self.board, *rack_dict(rack))
            size = len(rack)  # moves that go out first (they end the search at once), then
            found.sort(key=lambda m: (len(m.placed) != size, -m.score, -len(m.placed)))
            self.moves_kept += len(found)
            if self.moves_kept > MOVES_LIMIT:
                self.moves_of.clear()
                self.moves_kept = len(found)
            self.moves_of[(key, rack)] = found
        return found

    def horizon(self, key, mine: tuple, theirs: tuple) -> int:
        """A static guess at a position's value beyond the search's depth: the best move by
        elzzur's end-game rule (score, plus twice the other rack going out, less twice the
        tiles kept otherwise) when its moves are known already, else (rather than a move
        generation at every leaf, most of the search's time) both racks' penalties. A move
        generation at every leaf for the best move by that rule was tried: at 1 s a move it
        played no better in self-play (+0.1 +- 1.5 points a game against the static rule, this
        guess +0.6 +- 0.7, 30 pairs each) and took three times as long to an exact answer."""
        best = self.points(theirs) - self.points(mine)  # (passing it out)
        known = self.moves_of.get((key, mine))
        if known is None:
            return best
        mine_points = self.points(mine)
        out = 2 * self.points(theirs)
        for m in known:
            kept = mine_points - sum(self.values.get(t, 0) for _, _, t, b in m.placed if not b)
            value = m.score + (out if len(m.placed) == len(mine) else -2 * kept)
            if value > best:
                best = value
        return best

    def child(self, key, mine, theirs, passed, depth, alpha, beta, score, searched):
        """The value, for the side that moved, of a move scoring ``score`` that leads to this
        child: the child's value is the other side's, so ours is ``score`` less it, and our
        window (alpha, beta) is (score - beta, score - alpha) for the child. After the first
        child, a null window first (principal variation search: most moves only need proving
        worse), searched again with the whole window when the move may be better."""
        if searched and beta - alpha > 1:
            value, line, solved = self.search(key, mine, theirs, passed, depth - 1,
                                              score - alpha - 1, score - alpha)
            value = score - value
            if not alpha < value < beta:
                return value, line, solved
        value, line, solved = self.search(key, mine, theirs, passed, depth - 1, score - beta,
                                          score - alpha)
        return score - value, line, solved

    def search(self, key: frozenset, mine: tuple, theirs: tuple, passed: bool, depth: int,
               alpha: int, beta: int):
        """(value, line, solved) of a node for the side on turn, within (alpha, beta)."""
        self.nodes += 1
        if self.deadline is not None and self.nodes & 63 == 0 \
                and time.monotonic() > self.deadline:
            raise _Timeout
        entry_key = (key, mine, theirs, passed)
        entry = self.table.get(entry_key)
        first = None
        if entry is not None:
            e_depth, kind, value, solved, best, line = entry
            if solved or e_depth >= depth:
                if kind == EXACT:
                    return value, line, solved
                if kind == LOWER and value >= beta:
                    return value, [], solved
                if kind == UPPER and value <= alpha:
                    return value, [], solved
            first = best
        if depth == 0:
            return self.horizon(key, mine, theirs), [], False
        alpha0 = alpha
        best_value, best_line, best_move, all_solved = -INF, [], None, True
        moves = self.moves(key, mine)
        order = moves
        if first is not None and first is not PASS and first in moves:
            order = [first] + [m for m in moves if m is not first]
        board = self.board
        searched = False  # a child searched with the whole window: the rest with a null one
        for move in order + [PASS]:
            if move is PASS:
                if passed:  # two passes in a row: the game ends
                    value, line, solved = self.points(theirs) - self.points(mine), [], True
                else:
                    value, line, solved = self.child(key, theirs, mine, True, depth, alpha,
                                                     beta, 0, searched)
                    searched = True
            else:
                left = after(mine, move.placed)
                score = move.score
                if not left:  # out: the other rack's points twice
                    value, line, solved = score + 2 * self.points(theirs), [], True
                else:
                    for r, c, tile, blank in move.placed:
                        board[r][c] = (tile, blank)
                    try:
                        value, line, solved = self.child(
                            key | {(r, c, tile, blank) for r, c, tile, blank in move.placed},
                            theirs, left, False, depth, alpha, beta, score, searched)
                    finally:
                        for r, c, _, _ in move.placed:
                            board[r][c] = None
                    searched = True
            all_solved = all_solved and solved
            if value > best_value:
                best_value, best_line, best_move = value, [move] + line, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        kind = UPPER if best_value <= alpha0 else LOWER if best_value >= beta else EXACT
        if len(self.table) >= TABLE_LIMIT:
            self.table.clear()
        self.table[entry_key] = (depth, kind, best_value, all_solved, best_move,
                                 best_line if kind == EXACT else [])
        return best_value, best_line, all_solved


def move_source(board, graph, tiles: TileSet, layout):
    """A function (board, rack, blanks) -> every legal move. The arguments are checked once
    here, by ``generate_moves`` on the position searched; every board of the search follows
    from it by legal moves, so the C core is then called without checking them again (a third
    of a node's time), where it is built."""
    generate_moves(board, {}, 0, graph, tiles, layout, top=0)  # the checks, once
    from ..lexicon.graph import backend
    from .movegen import CoreTables, core_moves, tile_graph

    graph = tile_graph(graph, tiles)
    tables = CoreTables.of(graph, tiles) if backend() == "c" and len(board) <= 63 else None
    core = graph.core() if tables is not None else None
    if core is None:
        return lambda b, rack, blanks: generate_moves(b, rack, blanks, graph, tiles, layout)
    return lambda b, rack, blanks: core_moves(core, tables, b, rack, blanks, layout, None)


def solve(board, mine: tuple, theirs: tuple, graph, tiles: TileSet, layout,
          seconds: float | None = 10.0, max_depth: int | None = None,
          passed: bool = False) -> EndGameResult:
    """The end game for the side on turn with rack ``mine`` against ``theirs`` (racks as
    ``rack_tuple`` makes them), deepening until it is solved, ``max_depth`` plies are searched,
    or ``seconds`` have passed (None: no limit). ``passed`` when the opponent's last turn was a
    pass (then a pass ends the game)."""
    if not mine or not theirs:
        raise ElzzurError("end game: both players need tiles (a game with an empty rack and an "
                          "empty bag is over)")
    started = time.monotonic()
    deadline = None if seconds is None else started + seconds
    s = _Search(board, graph, tiles, layout, deadline)
    most = 3 * (len(mine) + len(theirs)) + 2  # every line ends by then (a play uses a tile)
    if max_depth is not None:
        most = min(most, max_depth)
    done = None
    depth = 0
    import gc

    # No cyclic garbage collection while searching: nothing the search makes refers back, and
    # with the table's hundreds of thousands of entries each full collection would walk them
    # all again (a quarter of the time, measured, before)
    collecting = gc.isenabled()
    gc.disable()
    try:
        for depth in range(1, most + 1):
            try:
                value, line, solved = s.search(frozenset(), tuple(mine), tuple(theirs), passed,
                                               depth, -INF, INF)
            except _Timeout:
                break
            done = (value, line, solved, depth)
            if solved:
                break
    finally:
        if collecting:
            gc.enable()
    if done is None:  # not even one ply in the time: the static guess
        value = s.horizon(frozenset(), tuple(mine), tuple(theirs))
        return EndGameResult(value, [], False, 0, s.nodes, time.monotonic() - started)
    value, line, solved, depth = done
    return EndGameResult(value, line, solved, depth, s.nodes, time.monotonic() - started)


def plain_minimax(board, mine: tuple, theirs: tuple, graph, tiles: TileSet, layout,
                  passed: bool = False) -> int:
    """The specification of ``solve``'s value: every line to the end of the game, no pruning,
    no table (exponential: for small end games only)."""
    board = [list(row) for row in board]
    values = tiles.values

    def points(rack):
        return sum(values.get(t, 0) for t in rack if t != BLANK)

    def value(mine, theirs, passed):
        r, b = rack_dict(mine)
        best = points(theirs) - points(mine) if passed else -value(theirs, mine, True)
        for move in generate_moves(board, r, b, graph, tiles, layout):
            left = after(mine, move.placed)
            if not left:
                v = move.score + 2 * points(theirs)
            else:
                for row, col, tile, blank in move.placed:
                    board[row][col] = (tile, blank)
                v = move.score - value(theirs, left, False)
                for row, col, _, _ in move.placed:
                    board[row][col] = None
            best = max(best, v)
        return best

    return value(tuple(mine), tuple(theirs), passed)


def unseen_rack(unseen) -> tuple:
    """The opponent's rack in an end game: every unseen tile (``unseen.Unseen``)."""
    return rack_tuple(unseen.counts, unseen.blanks)


class PreEndGameResult:
    """One candidate of ``pre_endgame``: the ``move``, its ``mean`` spread over the draws
    (weighted by how many draws give each split; None when not followed), the number of
    ``splits`` solved, how many of them ``exact``, and the candidate's static ``equity``."""

    __slots__ = ("move", "mean", "splits", "exact", "equity")

    def __init__(self, move, mean, splits, exact, equity):
        self.move, self.mean, self.splits = move, mean, splits
        self.exact, self.equity = exact, equity


def bag_splits(unseen: tuple, bag: int) -> list[tuple[tuple, tuple, int]]:
    """Every distinct way ``unseen`` tiles split into ``bag`` tiles and the opponent's rack,
    as (bag, rack, weight): the weight is how many of the equally likely draws give it."""
    counted: dict[tuple, int] = {}
    for picked in combinations(range(len(unseen)), bag):
        drawn = tuple(sorted(unseen[i] for i in picked))
        counted[drawn] = counted.get(drawn, 0) + 1
    out = []
    for drawn, weight in sorted(counted.items()):
        rest = list(unseen)
        for t in drawn:
            rest.remove(t)
        out.append((drawn, tuple(rest), weight))
    return out


def pre_endgame(board, rack: dict, blanks: int, unseen, graph, tiles: TileSet, layout,
                candidates: list, seconds: float = 10.0, max_depth: int = 4) -> list:
    """The pre-end-game rule for one or two tiles in the bag (``unseen.bag``): each candidate
    play (best first by equity, as ``ranked`` gives them) that uses at least as many tiles as
    the bag holds is followed for every split of the unseen tiles into bag and opponent's rack;
    the opponent then moves in an end game, solved to ``max_depth`` plies under an equal share
    of ``seconds``. Returns ``PreEndGameResult``s: the followed ones by mean spread, best
    first, then the others in their given order (mean None)."""
    if not 1 <= unseen.bag <= 2:
        raise ElzzurError(f"pre-end game: for 1 or 2 tiles in the bag, not {unseen.bag}")
    pool = unseen_rack(unseen)
    splits = bag_splits(pool, unseen.bag)
    followed = [m for m in candidates if m.kind == "play" and len(m.placed) >= unseen.bag]
    share = seconds / max(1, len(followed) * len(splits))
    mine = rack_tuple(rack, blanks)
    work = [list(row) for row in board]
    results, rest = [], []
    for move in candidates:
        if move not in followed:
            rest.append(PreEndGameResult(move, None, 0, 0, move.equity))
            continue
        left = after(mine, move.placed)
        for r, c, tile, blank in move.placed:
            work[r][c] = (tile, blank)
        total = weights = exact = 0
        for drawn, theirs, weight in splits:
            ours = tuple(sorted(left + drawn))
            if not ours:  # (cannot happen: the bag's tiles are drawn)
                continue
            result = solve(work, theirs, ours, graph, tiles, layout, share, max_depth)
            total += weight * (move.score - result.value)
            weights += weight
            exact += result.exact
        for r, c, _, _ in move.placed:
            work[r][c] = None
        results.append(PreEndGameResult(move, total / weights, len(splits), exact, move.equity))
    results.sort(key=lambda x: -x.mean)
    return results + rest


def line_text(line: list) -> str:
    """A line of play as text: ``8D WAIRE(D) 33, pass, …``."""
    return ", ".join("pass" if m.kind == "pass" else f"{m.coordinate} {m.word} {m.score}"
                     for m in line)


def show_racks(mine: tuple, theirs: tuple) -> str:
    return f"{show_leave(*rack_dict(mine))} against {show_leave(*rack_dict(theirs))}"
