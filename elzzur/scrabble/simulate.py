"""The simulating player: the static ranking by equity looks no further than the move; this plays
the best few candidates forward against random draws of the unseen tiles and ranks them by what
happens (Brian Sheppard's Maven method, which Quackle and Macondo use too).

One iteration draws the opponent's rack and the bag's order from the unseen tiles (the same draw
for every candidate: the candidates are compared on the same luck, which narrows the difference
between them much more than each one's own interval). Each candidate is then played, our rack
refilled from that bag, and ``plies`` more turns follow, each side playing its best move by
equity (``equity.ranked``, exchanges included). A candidate's outcome is the spread of those turns
(ours minus the opponent's, the end-of-game adjustments when someone goes out), plus the value of
the tiles our last move kept, less the value of those the opponent's last move kept (valued as
the equity that chose each move valued them, before the rack was refilled). Its mean over the
iterations is the ranking; each mean has a 95 % interval (normal approximation, 1.96 standard
errors).

Iterations run in batches of 16; after each batch (once every candidate has ``MIN_ITERATIONS``)
a candidate behind the leader beyond doubt is dropped (``prune``: the 95 % interval of the
paired difference on the same draws lies wholly above zero; it stays in the table with its
numbers, marked), and the simulation stops when one is left, the time is up (checked after
every iteration) or the iterations asked for are done. Iteration ``k`` draws from its own
generator, seeded by (seed, k), and the batches are the same whatever the number of processes,
so a simulation of a given number of iterations gives the same table for a seed on any
``jobs``; under a time limit, how many iterations finish depends on the machine (the table says
how many ran). With no iteration done in the time, the order is the static one.
"""

from __future__ import annotations

import math
import random
import time

from .equity import Evaluator, Exchange, ranked
from .movegen import generate_moves
from .selfplay import rack_of
from .tiles import BLANK, TileSet
from .unseen import unseen_list, unseen_tiles

MIN_ITERATIONS = 24  # iterations before a candidate can be dropped
MAX_PLIES = 20  # turns after a candidate (each iteration's time grows with them)
Z95 = 1.96


class Candidate:
    """One candidate of a simulation: the ``move`` (a ``Move`` or an ``Exchange``), its
    ``outcomes`` (one per iteration it ran), whether it was ``dropped`` and after how many."""

    __slots__ = ("move", "outcomes", "dropped")

    def __init__(self, move):
        self.move, self.outcomes, self.dropped = move, [], False

    @property
    def iterations(self) -> int:
        return len(self.outcomes)

    @property
    def mean(self) -> float:
        return sum(self.outcomes) / len(self.outcomes) if self.outcomes else float("nan")

    @property
    def half_width(self) -> float:
        """Half the 95 % interval of the mean (infinite below two iterations)."""
        n = len(self.outcomes)
        if n < 2:
            return math.inf
        mean = self.mean
        var = sum((x - mean) ** 2 for x in self.outcomes) / (n - 1)
        return Z95 * math.sqrt(var / n)


class Simulation:
    """A finished simulation: ``candidates`` best first (the ones still in by mean, then the
    dropped ones by mean), ``iterations`` run, ``plies`` looked ahead, ``seed``, ``seconds``,
    ``stopped`` (why: ``"one left"``, ``"iterations"``, ``"time"``, ``"no candidates"``)."""

    __slots__ = ("candidates", "iterations", "plies", "seed", "seconds", "stopped", "jobs")

    def __init__(self, candidates, iterations, plies, seed, seconds, stopped, jobs):
        self.candidates, self.iterations, self.plies = candidates, iterations, plies
        self.seed, self.seconds, self.stopped, self.jobs = seed, seconds, stopped, jobs

    @property
    def best(self):
        return self.candidates[0].move if self.candidates else None


class _Context:
    """What every iteration needs: the position, the rack, the unseen tiles and the engine."""

    def __init__(self, board, rack, blanks, graph, tiles, layout, leaves, moves, plies, seed):
        self.board = [list(row) for row in board]
        self.rack_tiles = [t for t in sorted(rack) for _ in range(rack[t])] + [BLANK] * blanks
        self.graph, self.tiles, self.layout, self.leaves = graph, tiles, layout, leaves
        self.moves, self.plies, self.seed = moves, plies, seed
        self.unseen = unseen_list(unseen_tiles(board, rack, blanks, tiles))


_CONTEXT: list = []  # the context of the simulation a worker process runs


def _set_context(context: _Context) -> None:
    _CONTEXT[:] = [context]


def _worker_start(context: _Context) -> None:
    """A worker process: the simulation's context, and the default signal handlers (not the
    command line's, which it inherits by fork: the parent alone reports an interruption; a
    worker ended with the pool ends quietly)."""
    import signal

    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _set_context(context)


def _points(tiles: TileSet, rack_tiles) -> int:
    return sum(tiles.values.get(t, 0) for t in rack_tiles if t != BLANK)


def _best(ctx: _Context, board, rack_tiles):
    rack, blanks = rack_of(rack_tiles)
    tiles = ctx.tiles
    evaluate = Evaluator(ctx.leaves, unseen_tiles(board, rack, blanks, tiles), tiles)
    best = ranked(lambda top, values: generate_moves(board, rack, blanks, ctx.graph, tiles,
                                                     ctx.layout, top=top, leaves=values),
                  rack, blanks, evaluate, 1)
    return best[0] if best else Exchange("pass", "", "", 0.0)


def _apply(move, board, rack_tiles: list, bag: list, rng: random.Random) -> None:
    """Play ``move`` on ``board`` from ``rack_tiles``, refilling from the end of ``bag``."""
    from .leaves import parse_leave

    if move.kind == "play":
        for r, c, tile, blank in move.placed:
            board[r][c] = (tile, blank)
            rack_tiles.remove(BLANK if blank else tile)
        size = len(rack_tiles) + len(move.placed)
        while len(rack_tiles) < size and bag:
            rack_tiles.append(bag.pop())
    elif move.kind == "exchange":
        given, given_blanks = parse_leave(move.tiles)
        out = [t for t, n in given.items() for _ in range(n)] + [BLANK] * given_blanks
        for t in out:
            rack_tiles.remove(t)
        for _ in out:
            rack_tiles.append(bag.pop())
        bag.extend(out)
        rng.shuffle(bag)


def playout(ctx: _Context, index: int, rng_seed: str, draw: list) -> float:
    """One candidate's outcome for one draw (the unseen tiles shuffled: the opponent's rack
    first, then the bag, drawn from the end): the spread of the turns played, plus the value of
    the tiles our last move kept, less the value of those the opponent's last move kept (each
    as the equity that chose the move valued it, before the rack was refilled: a refilled rack
    is the next draw's luck, not the move's)."""
    tiles = ctx.tiles
    rng = random.Random(rng_seed)
    board = [list(row) for row in ctx.board]
    size = tiles.rack_size
    bag = draw[size:]
    racks = [list(ctx.rack_tiles), list(draw[:size])]
    spread = 0.0
    kept = [0.0, 0.0]  # the value of each side's last leave
    move = ctx.moves[index]
    side = 0
    for ply in range(ctx.plies + 1):
        if ply:
            move = _best(ctx, board, racks[side])
        sign = 1 if side == 0 else -1
        _apply(move, board, racks[side], bag, rng)
        spread += sign * move.score
        if move.kind == "play" and not racks[side] and not bag:  # out: the game is over
            return spread + sign * 2 * _points(tiles, racks[1 - side])
        kept[side] = (move.equity or 0.0) - move.score
        side = 1 - side
    return spread + kept[0] - kept[1]


def iteration(job: tuple[int, tuple[int, ...]]) -> list[float]:
    """Iteration ``k``'s outcomes for the candidates ``live`` (their indices), in that order."""
    k, live = job
    ctx = _CONTEXT[0]
    rng = random.Random(f"elzzur-sim:{ctx.seed}:{k}")
    draw = list(ctx.unseen)
    rng.shuffle(draw)
    return [playout(ctx, i, f"elzzur-sim:{ctx.seed}:{k}:{i}", draw) for i in live]


def simulate(board, rack: dict, blanks: int, graph, tiles: TileSet, layout, leaves,
             top: int = 10, plies: int = 2, seconds: float | None = 10.0,
             iterations: int | None = None, jobs: int = 1, seed: int = 0,
             batch: int = 16, candidates: list | None = None) -> Simulation:
    """Simulate the ``top`` candidates by equity (or the ``candidates`` given) ``plies`` turns
    ahead, for up to ``seconds`` (None: no limit) and up to ``iterations`` (None: no limit;
    one of the two must be given), in ``jobs`` processes. See the module for the method."""
    if seconds is None and iterations is None:
        raise ValueError("simulate: give seconds, iterations or both")
    if not 1 <= plies <= MAX_PLIES:
        raise ValueError(f"plies must be from 1 to {MAX_PLIES}, not {plies}")
    started = time.monotonic()
    unseen = unseen_tiles(board, rack, blanks, tiles)
    if candidates is None:
        evaluate = Evaluator(leaves, unseen, tiles)
        candidates = ranked(lambda n, values: generate_moves(board, rack, blanks, graph, tiles,
                                                             layout, n, leaves=values),
                            rack, blanks, evaluate, top)
    if not candidates:
        return Simulation([], 0, plies, seed, 0.0, "no candidates", jobs)
    ctx = _Context(board, rack, blanks, graph, tiles, layout, leaves, candidates, plies, seed)
    cands = [Candidate(m) for m in candidates]
    if len(cands) == 1 or unseen.total == 0:
        return Simulation(cands, 0, plies, seed, time.monotonic() - started, "one left", jobs)
    deadline = None if seconds is None else started + seconds
    pool = None
    if jobs > 1:
        import multiprocessing

        try:
            pool = multiprocessing.get_context("fork").Pool(jobs, _worker_start, (ctx,))
        except ValueError:  # no fork on this platform: one process
            pool = None
    _set_context(ctx)
    done = 0
    stopped = "iterations"
    try:
        while True:
            live = tuple(i for i, c in enumerate(cands) if not c.dropped)
            if len(live) == 1:
                stopped = "one left"
                break
            if iterations is not None and done >= iterations:
                stopped = "iterations"
                break
            if deadline is not None and time.monotonic() >= deadline:
                stopped = "time"
                break
            size = batch  # (not more with more jobs: the batches, hence the table, are alike)
            if iterations is not None:
                size = min(size, iterations - done)
            jobs_list = [(k, live) for k in range(done, done + size)]
            results = pool.imap(iteration, jobs_list) if pool else map(iteration, jobs_list)
            for outcomes in results:  # in order: a batch cut short keeps its first iterations
                for i, value in zip(live, outcomes):
                    cands[i].outcomes.append(value)
                done += 1
                if deadline is not None and time.monotonic() >= deadline:
                    break  # (the time is up: not the rest of the batch)
            prune(cands)
    finally:
        if pool is not None:
            pool.close()  # (every batch is done, or an error is on its way up)
            pool.terminate()
            pool.join()
    if done == 0:  # not one iteration in the time: the static order by equity
        ranked_out = cands
    else:
        ranked_out = sorted((c for c in cands if not c.dropped), key=lambda c: -c.mean) + \
            sorted((c for c in cands if c.dropped), key=lambda c: -c.mean)
    return Simulation(ranked_out, done, plies, seed, time.monotonic() - started, stopped, jobs)


def prune(cands: list[Candidate]) -> None:
    """Drop the candidates that are behind the leader beyond doubt (once each live one has
    ``MIN_ITERATIONS``): the 95 % interval of the mean difference leader minus candidate, over
    the iterations both ran on the same draws, lies wholly above zero. Paired on the same
    draws, this separates candidates far sooner than their own intervals overlapping would
    (most of each one's spread is the draw's luck, which they share)."""
    live = [c for c in cands if not c.dropped]
    if not live or min(c.iterations for c in live) < MIN_ITERATIONS:
        return
    leader = max(live, key=lambda c: c.mean)
    for c in live:
        if c is leader:
            continue
        diffs = [a - b for a, b in zip(leader.outcomes, c.outcomes)]
        n = len(diffs)
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean - Z95 * math.sqrt(var / n) > 0:
            c.dropped = True
