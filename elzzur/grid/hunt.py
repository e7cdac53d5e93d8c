"""The highest-scoring boards of a language, rules, size and dictionary, hunted by hill climbing
over a pool of boards (docs/hunt.md says why this search and not annealing).

One climb: a pool of ``pool`` random boards; every board of the pool not yet expanded has all
its neighbours scored (each cell changed to each other tile, each pair of cells swapped); the
pool becomes the ``pool`` best boards of the pool and the new neighbours; when every board of
the pool has been expanded the climb has converged, its best boards are kept and a new climb
starts from new random boards. This is the search hybrid-boggle's ``hillclimb.py`` runs (which
found and then proved the best 4x4 Boggle board); here only the boards new to the pool are
expanded: a board the pool once left had a lower (score, board) than the pool's worst, which
only rises, so it could never come back, and expanding the old members again would only
re-score their known neighbours.

Boards are kept in a canonical form (the least of the board's rotations and reflections, which
score the same), so a board and its mirror image are scored once. Every random choice comes
from one ``random.Random`` per climber, seeded from the hunt's seed and the climber's number:
the same seed makes the same climbs. ``hunt`` runs several climbers at once in processes
(``jobs``), each with its own seed, and merges their best boards.
"""

from __future__ import annotations

import heapq
import random
import time
from operator import itemgetter

from .board import Board, Cell, check_cells
from ..errors import ElzzurError
from ..lexicon.languages import Language
from ..record import Record

DEFAULT_POOL = 250  # hybrid-boggle's pool in the runs the issue measured
SCORE_CACHE = 500_000  # boards a climber remembers the score of across climbs (then forgets all)
SEEN_LIMIT = 2_000_000  # boards a climb remembers having scored (a 4x4 climb: some 400,000)


class Found(Record):
    """A board the hunt found: its canonical text (one character a tile), its total score, and
    how many seconds into the hunt it was first scored."""

    __slots__ = ("key", "score", "seconds")


def symmetries(rows: int, cols: int) -> list[tuple[int, ...]]:
    """The cell permutations that map the grid's neighbour graph onto itself, under which
    every board scores the same (each a tuple: new cell i holds old cell perm[i]): the 8
    rotations and reflections of a square, the 4 flips of a rectangle, and on boards one or
    two cells wide the swaps of two cells with the same neighbours (on 2x2 every cell
    touches every other: all 24 orders)."""
    from .board import grid_neighbours

    def at(r: int, c: int) -> int:
        return r * cols + c

    n = rows * cols
    generators = [tuple(at(rows - 1 - r, c) for r in range(rows) for c in range(cols)),
                  tuple(at(r, cols - 1 - c) for r in range(rows) for c in range(cols))]
    if rows == cols:
        generators.append(tuple(at(c, r) for r in range(rows) for c in range(cols)))
    near = [frozenset(grid_neighbours(rows, cols)[i]) | {i} for i in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            if near[i] == near[j]:  # twins: swapping them keeps every path
                swap = list(range(n))
                swap[i], swap[j] = j, i
                generators.append(tuple(swap))
    group = {tuple(range(n))}
    frontier = list(group)
    while frontier:  # the closure: every product of the generators
        perm = frontier.pop()
        for g in generators:
            product = tuple(perm[g[i]] for i in range(n))
            if product not in group:
                group.add(product)
                frontier.append(product)
    return sorted(group)


class Scorer:
    """A board's total score (the sum over the words it holds of each word's best score) under
    ``rules``, as fast as the C core gives it: the batch writer listing no word (``top=0``),
    which still finds and scores every one; elsewhere (the pure-Python search, a dictionary
    with your corrections, rules with a longest word) the sum of ``find_words``' scores."""

    def __init__(self, dictionary, language: Language, rules, rows: int, cols: int,
                 tiles: list[str], bonuses: tuple[str, ...] = ()) -> None:
        from .solver import find_words, word_writer

        self.rows, self.cols = rows, cols
        # a cell's character: kind * len(tiles) + tile, kind 0 no bonus, else kinds[kind]
        self.kinds = ("", *sorted(set(bonuses)))
        self.bonuses = tuple(self.kinds.index(code) for code in bonuses)  # the tiles to place
        self.tiles = len(tiles)
        self.cells = {chr(k * len(tiles) + i): Cell(tile, kind)  # shared: the writer keys them
                      for k, kind in enumerate(self.kinds)         # by id
                      for i, tile in enumerate(tiles)}
        self.scored = 0
        pieces = ("", ",", ',"', " ", '",', "", "\n", "")  # (nothing is written: top=0)
        blank = ("",) * (rows * cols)
        self.writer = word_writer(dictionary, language, None, rules, False,
                                  (pieces, False, lambda board: blank), top=0)
        if self.writer is None:
            self.slow = lambda board: sum(row[1] for row in find_words(board, dictionary,
                                                                       language, rules=rules))

    def board(self, key: str) -> Board:
        return Board(self.rows, self.cols, tuple(map(self.cells.__getitem__, key)))

    def __call__(self, key: str) -> int:
        self.scored += 1
        board = Board(self.rows, self.cols, tuple(map(self.cells.__getitem__, key)))
        if self.writer is not None:
            return self.writer(board)[3]
        return self.slow(board)


def hunt_tiles(language: Language) -> tuple[list[str], list[float]]:
    """The tiles a hunt places (the language's letters, as ``generate`` draws them) and the
    weights its random boards draw them by (the language's letter frequencies: counting the
    dictionary's letters would take a second of a short hunt)."""
    freqs = language.letter_frequencies
    tiles = sorted(ch for ch, w in freqs.items() if w > 0)
    return tiles, [freqs[tile] for tile in tiles]


class Climber:
    """One climber: climbs from random pools one after another, remembering its best boards.

    ``step()`` does a bounded piece of work (at most ``budget`` boards scored) and returns
    False once ``climbs`` climbs are done; the caller checks the clock and the target between
    steps, so a climber stops within a few hundredths of a second. ``order`` is "best" (the
    best unexpanded board of the pool next: elzzur's) or "rounds" (the whole pool expanded,
    then the new pool chosen: hybrid-boggle's order, kept to measure against).

    Scores are remembered across climbs (``cache``); which boards a climb has scored
    (``seen``) only within it, so a new climb judges every board afresh."""

    def __init__(self, scorer: Scorer, tiles: int, weights: list[float], rng: random.Random,
                 pool: int = DEFAULT_POOL, keep: int = 10, target: int | None = None,
                 climbs: int | None = None, start: float | None = None,
                 order: str = "best") -> None:
        self.scorer, self.rng, self.size, self.keep = scorer, rng, pool, keep
        self.order = order
        self.target, self.climbs = target, climbs
        self.start = time.monotonic() if start is None else start
        self.letters = [chr(i) for i in range(tiles)]
        self.placed = scorer.bonuses  # bonus tiles (their kinds) placed on every board
        self.weights = weights
        self.perms = [itemgetter(*p) for p in symmetries(scorer.rows, scorer.cols)]
        self.n = scorer.rows * scorer.cols
        self.cache: dict[str, int] = {}
        self.best: dict[str, Found] = {}  # the keep best boards found, by key
        self.done = 0  # climbs converged
        self.pool: list[tuple[int, str]] = []
        self.expanded: set[str] = set()
        self.seen: set[str] = set()  # the boards this climb has scored
        self.queue: list[str] = []  # pool boards still to expand in this round
        self.fresh: list[tuple[int, str]] = []  # boards scored in this round, new to the climb

    def canonical(self, key: str) -> str:
        return min("".join(p(key)) if self.n > 1 else key for p in self.perms)

    def score(self, key: str) -> int:
        score = self.cache.get(key)
        if score is None:
            if len(self.cache) >= SCORE_CACHE:
                self.cache.clear()
            score = self.cache[key] = self.scorer(key)
            self.note(key, score)
        return score

    def note(self, key: str, score: int) -> None:
        best = self.best
        if key in best or len(best) >= self.keep and score <= min(f.score for f in best.values()):
            return
        best[key] = Found(key, score, round(time.monotonic() - self.start, 3))
        if len(best) > self.keep:
            worst = min(best.values(), key=lambda f: (f.score, f.key))
            del best[worst.key]

    @property
    def top(self) -> int:
        return max((f.score for f in self.best.values()), default=0)

    def reached(self) -> bool:
        return self.target is not None and self.top >= self.target

    def new_climb(self) -> None:
        draw = self.rng.choices
        pool = {self.canonical(self.place("".join(draw(self.letters, self.weights, k=self.n))))
                for _ in range(self.size)}
        self.pool = sorted(((self.score(k), k) for k in pool), reverse=True)
        self.expanded, self.seen = set(), set(pool)
        self.queue = [k for _, k in self.pool]
        self.fresh = []
        self.members = {k: score for score, k in self.pool}
        self.low = [(score, k) for score, k in self.pool]
        heapq.heapify(self.low)
        self.todo = [(-score, k) for score, k in self.pool]
        heapq.heapify(self.todo)

    def step(self, budget: int = 2000) -> bool:
        """Score up to about ``budget`` boards; False when the climbs asked for are done."""
        if self.climbs is not None and self.done >= self.climbs:
            return False
        if not self.pool:
            self.new_climb()
        if self.order == "best":
            return self._step_best(budget)
        scored = self.scorer.scored
        while self.scorer.scored - scored < budget and not self.reached():
            if not self.queue:  # a round is over: the new pool, and what is left to expand
                merged = heapq.nlargest(self.size, set(self.pool) | set(self.fresh))
                self.pool, self.fresh = merged, []
                self.queue = [k for _, k in merged if k not in self.expanded]
                if not self.queue:  # converged
                    self.done += 1
                    self.pool = []
                    return self.climbs is None or self.done < self.climbs
            key = self.queue.pop(0)
            self.expanded.add(key)
            seen = self.seen
            floor = self.pool[-1] if len(self.pool) >= self.size else (-1, "")
            for other in self.neighbours(key):
                canon = self.canonical(other)
                if canon in seen:
                    continue  # scored in this climb: the pool has judged it already
                if len(seen) >= SEEN_LIMIT:
                    seen.clear()  # (harmless: a board the pool left cannot come back)
                seen.add(canon)
                score = self.score(canon)
                if (score, canon) > floor:
                    self.fresh.append((score, canon))
        return True

    def _step_best(self, budget: int) -> bool:
        """Best first: expand the best board of the pool not yet expanded, its neighbours
        joining the pool at once when they beat its worst."""
        scored = self.scorer.scored
        members, low, todo, seen = self.members, self.low, self.todo, self.seen
        while self.scorer.scored - scored < budget and not self.reached():
            while todo and (todo[0][1] not in members or todo[0][1] in self.expanded):
                heapq.heappop(todo)
            if not todo:  # converged: every board of the pool expanded
                self.done += 1
                self.pool = []
                return self.climbs is None or self.done < self.climbs
            key = heapq.heappop(todo)[1]
            self.expanded.add(key)
            for other in self.neighbours(key):
                canon = self.canonical(other)
                if canon in seen:
                    continue
                if len(seen) >= SEEN_LIMIT:
                    seen.clear()  # (a board the pool left is scored again, and left out again)
                seen.add(canon)
                score = self.score(canon)
                if canon in members:  # (only after seen was cleared)
                    continue
                if len(low) >= self.size:
                    if (score, canon) <= low[0]:
                        continue
                    del members[heapq.heapreplace(low, (score, canon))[1]]
                else:
                    heapq.heappush(low, (score, canon))
                members[canon] = score
                heapq.heappush(todo, (-score, canon))
        return True

    def place(self, key: str) -> str:
        """A board of plain tiles given the bonus tiles on random cells."""
        if not self.placed:
            return key
        codes = [ord(ch) for ch in key]
        tiles = len(self.letters)
        for cell, kind in zip(self.rng.sample(range(self.n), len(self.placed)), self.placed):
            codes[cell] += kind * tiles
        return "".join(map(chr, codes))

    def neighbours(self, key: str):
        if self.placed:
            yield from self._bonus_neighbours(key)
            return
        """Every board one change away: a cell given another tile, or two cells swapped."""
        letters = self.letters
        for i, here in enumerate(key):
            head, tail = key[:i], key[i + 1:]
            for ch in letters:
                if ch != here:
                    yield head + ch + tail
        for i in range(self.n - 1):
            a = key[i]
            for j in range(i + 1, self.n):
                b = key[j]
                if a != b:
                    yield key[:i] + b + key[i + 1:j] + a + key[j + 1:]

    def _bonus_neighbours(self, key: str):
        """With bonus tiles: a cell's letter changed (its bonus stays), two cells' letters
        swapped, or two cells' bonuses swapped."""
        tiles = len(self.letters)
        cells = [divmod(ord(ch), tiles) for ch in key]  # (kind, tile)
        for i, (kind, tile) in enumerate(cells):
            head, tail, base = key[:i], key[i + 1:], kind * tiles
            for other in range(tiles):
                if other != tile:
                    yield head + chr(base + other) + tail
        for i in range(self.n - 1):
            ki, ti = cells[i]
            for j in range(i + 1, self.n):
                kj, tj = cells[j]
                if ti != tj:
                    yield (key[:i] + chr(ki * tiles + tj) + key[i + 1:j] + chr(kj * tiles + ti)
                           + key[j + 1:])
                if ki != kj:
                    yield (key[:i] + chr(kj * tiles + ti) + key[i + 1:j] + chr(ki * tiles + tj)
                           + key[j + 1:])


# --- the hunt: climbers on every core ----------------------------------------------------------

class Hunt(Record):
    """What a hunt found: ``boards`` the best (Board, score, seconds first seen) found, best
    first; ``scored`` boards scored in all; ``climbs`` climbs that converged; ``seconds`` the
    hunt's length; ``seed`` the seed it ran with (drawn when none was given)."""

    __slots__ = ("boards", "scored", "climbs", "seconds", "seed")


def climber_seed(seed: int, job: int) -> str:
    """Climber ``job``'s seed: a string, which ``random.Random`` hashes the same everywhere."""
    return f"elzzur hunt {seed} {job}"


_SETUP: tuple = ()  # what the forked climbers inherit: (scorer, tiles, weights, options)


def hunt(dictionary, language: Language, rules, rows: int = 4, cols: int = 4,
         seconds: float = 60.0, target: int | None = None, seed: int | None = None,
         jobs: int = 1, pool: int = DEFAULT_POOL, keep: int = 10, climbs: int | None = None,
         progress=None, bonuses: tuple[str, ...] = ()) -> Hunt:
    """The best ``keep`` boards ``jobs`` climbers find in ``seconds``, or until one reaches
    ``target`` points, or until each has done ``climbs`` climbs (the one way to make the
    result the same on every machine: time depends on the machine, the climbs do not).
    ``progress(seconds, scored, climbs, best)`` is called about four times a second.
    ``bonuses`` (bonus codes: ``("dl", "tl", "dw", "dw", "tw")``) are placed on every board,
    where the climb moves them too: the letters and the bonus placement hunted together."""
    global _SETUP
    check_cells(rows, cols, "hunt")
    if rows * cols < 2:
        raise ElzzurError("a hunt needs a board of at least two cells")
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    tiles, weights = hunt_tiles(language)
    if len(bonuses) > rows * cols:
        raise ElzzurError(f"a board of {rows * cols} cells cannot hold {len(bonuses)} bonus tiles")
    scorer = Scorer(dictionary, language, rules, rows, cols, tiles, bonuses)
    options = dict(pool=pool, keep=keep, target=target, climbs=climbs)
    start = time.monotonic()
    deadline = start + seconds
    import multiprocessing

    if jobs > 1 and "fork" in multiprocessing.get_all_start_methods():
        _SETUP = (scorer, len(tiles), weights, options)
        try:
            states = _run_forked(jobs, seed, start, deadline, progress)
        finally:
            _SETUP = ()
    else:  # one process (or no fork here: the climbers take turns, the same climbs)
        climbers = [Climber(scorer, len(tiles), weights, random.Random(climber_seed(seed, job)),
                            start=start, **options) for job in range(jobs)]
        running = list(climbers)
        last = start
        while running and time.monotonic() < deadline:
            for climber in list(running):
                if not climber.step() or climber.reached():
                    running.remove(climber)
            if any(c.reached() for c in climbers):
                break
            now = time.monotonic()
            if progress is not None and now - last >= 0.25:
                last = now
                progress(now - start, scorer.scored, sum(c.done for c in climbers),
                         max(c.top for c in climbers))
        states = [(scorer.scored if job == 0 else 0, c.done, list(c.best.values()))
                  for job, c in enumerate(climbers)]
    found: dict[str, Found] = {}
    for _, _, best in states:
        for f in best:
            if f.key not in found or f.seconds < found[f.key].seconds:
                found[f.key] = f
    ranked = sorted(found.values(), key=lambda f: (-f.score, f.key))[:keep]
    return Hunt(tuple((scorer.board(f.key), f.score, f.seconds) for f in ranked),
                sum(s[0] for s in states), sum(s[1] for s in states),
                round(time.monotonic() - start, 3), seed)


def _climb(job: int, seed: int, start: float, deadline: float, stop, queue) -> None:
    """A forked climber: climbs until the deadline, the stop event, its target or its climbs,
    telling the parent how it stands about four times a second and once at the end."""
    scorer, tiles, weights, options = _SETUP
    try:
        climber = Climber(scorer, tiles, weights, random.Random(climber_seed(seed, job)),
                          start=start, **options)
        last = time.monotonic()
        more = True
        while more and not stop.is_set() and time.monotonic() < deadline:
            more = climber.step() and not climber.reached()
            if time.monotonic() - last >= 0.25:
                last = time.monotonic()
                queue.put((job, False, scorer.scored, climber.done, climber.top, None))
        queue.put((job, True, scorer.scored, climber.done, climber.top,
                   list(climber.best.values())))
    except BaseException as e:  # the parent reports it: a child prints no traceback
        queue.put((job, True, 0, 0, 0, f"{type(e).__name__}: {e}"))


def _run_forked(jobs: int, seed: int, start: float, deadline: float, progress) -> list:
    import multiprocessing
    import queue as queues

    context = multiprocessing.get_context("fork")
    stop, results = context.Event(), context.Queue()
    workers = [context.Process(target=_climb, args=(job, seed, start, deadline, stop, results),
                               daemon=True) for job in range(jobs)]
    for worker in workers:
        worker.start()
    now_at: dict[int, tuple] = {}
    final: dict[int, tuple] = {}
    target = _SETUP[3]["target"]
    try:
        while len(final) < jobs:
            try:
                job, done, scored, climbs, top, best = results.get(timeout=0.25)
            except queues.Empty:
                if not any(w.is_alive() for w in workers) and results.empty():
                    raise ElzzurError("a hunting process ended without an answer") from None
                continue
            now_at[job] = (scored, climbs, top)
            if done:
                if isinstance(best, str):
                    raise ElzzurError(f"a hunting process failed: {best}")
                final[job] = (scored, climbs, best)
            if target is not None and top >= target:
                stop.set()
            if progress is not None:
                progress(time.monotonic() - start, sum(s[0] for s in now_at.values()),
                         sum(s[1] for s in now_at.values()), max(s[2] for s in now_at.values()))
    finally:
        stop.set()
        for worker in workers:
            worker.join(timeout=5)
            if worker.is_alive():
                worker.kill()
                worker.join()
    return [final[job] for job in range(jobs)]
