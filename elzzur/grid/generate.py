"""Random boards worth playing: letters, dice and bonus tiles drawn as the games draw them, and
a search for boards that meet a target (so many words, such a score).

Letters come from one of:
- ``frequency``: the language file's in-text letter frequencies (the default);
- ``dictionary``: how often each letter occurs in the words of the dictionary, for any
  language, including one of your own;
- ``bigram``: the dictionary's letter frequencies, each cell's letter also weighed by how often
  it stands next to its already drawn neighbours in the dictionary's words;
- a set of dice (``elzzur/res/dice/*.toml``), rolled and shuffled like real ones.

Bonus tiles: ``elzzur`` (the original's draw per cell), ``round1``/``round2``/``round3``
(Ruzzle's rounds, on random cells), or ``none``.

Every choice comes from one ``random.Random(seed)``, so a seed gives the same boards on every
platform. A target is met by rejection sampling first, then by simulated annealing over
single-cell changes and swaps from the best board so far (as published Boggle-board searches
do), until the time runs out.
"""

from __future__ import annotations

import math
import random
import sys
import time

from .board import MAX_CELLS, MAX_TILE_LETTERS, Board, Cell, check_cells
from .. import datafiles
from ..errors import ElzzurError, UsageError, quoted
from ..lexicon.languages import Language, as_language
from ..record import Record
from .rules import bonus_rounds, bonus_weights as drawn_bonuses

LETTER_SOURCES = ("frequency", "dictionary", "bigram")
BONUS_DRAWS = ("elzzur", "round1", "round2", "round3", "none")


def random_board(language: Language, rows: int = 4, cols: int = 4, seed=None) -> Board:
    """A rows x cols board, letters by in-text frequency, bonuses as elzzur drew them."""
    language = as_language(language)
    if rows < 1 or cols < 1:
        raise ValueError("a board needs at least one row and one column")
    check_cells(rows, cols, "random_board")
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    letters = sorted(language.letter_frequencies)
    letter_weights = [language.letter_frequencies[ch] for ch in letters]
    bonus_weights = drawn_bonuses()
    bonuses = sorted(bonus_weights)
    weights = [bonus_weights[b] for b in bonuses]
    n = rows * cols
    drawn = rng.choices(letters, letter_weights, k=n)
    extras = rng.choices(bonuses, weights, k=n)
    cells = tuple(Cell(ch, "" if bonus == "none" else bonus) for ch, bonus in zip(drawn, extras))
    return Board(rows, cols, cells)


# --- where letters come from ------------------------------------------------------------------

class Dice(Record):
    """A set of dice: each die a tuple of faces (a face is the letters it shows)."""

    __slots__ = ("name", "rows", "cols", "dice")

    def long_faces(self) -> set[str]:
        """The faces of more than one letter (Big Boggle's Th, In, Qu): what reading the dice
        from a picture must know besides the language's letters."""
        return {face for die in self.dice for face in die if len(face) > 1}


def dice_sets() -> list[str]:
    return datafiles.presets("dice")


def get_dice(name: str, language: Language) -> Dice:
    """A built-in dice set by name, or a dice file by path; a Q face reads Qu."""
    data, check, path = datafiles.load("dice", name)
    check.known(data, ("name", "rows", "cols", "dice"))
    rows = check.whole(data, "rows", 1, MAX_CELLS)
    cols = check.whole(data, "cols", 1, MAX_CELLS)
    try:
        check_cells(rows, cols, check.origin)
    except ElzzurError as e:
        check.fail(f"keys 'rows' and 'cols': {str(e).removeprefix(check.origin + ': ')}")
    faces = check.need(data, "dice", list, what="a list of strings, one a die",
                       check=lambda dice: all(isinstance(die, str) and die.strip() for die in dice))
    dice = tuple(tuple("QU" if face == "Q" else face
                       for face in (die.split() if " " in die else list(die.strip())))
                 for die in faces)
    for number, die in enumerate(dice, start=1):
        for face in die:
            # a face is a tile of the board it makes: what a board file could say (grid.tokens)
            if len(face) > MAX_TILE_LETTERS:
                check.fail(f"die {number}: face {quoted(face)} has more than {MAX_TILE_LETTERS} "
                           f"letters, more than a tile may have")
            if language.normalize(face) != face:
                check.fail(f"die {number}: face {quoted(face)} is not written in "
                           f"{language.name}'s letters")
    if len(dice) < rows * cols:
        check.fail(f"{len(dice)} dice cannot fill a {rows}x{cols} board")
    return Dice(check.name(data, default=name), rows, cols, dice)


class LetterSource:
    """Draws a board's letters: from weights, from neighbours' bigrams, or by rolling dice."""

    def __init__(self, language: Language, kind: str = "frequency", dictionary=None,
                 dice: Dice | None = None) -> None:
        if kind not in LETTER_SOURCES:
            raise UsageError(f"unknown letter source {kind!r} (choose from {', '.join(LETTER_SOURCES)})")
        self.kind, self.dice = kind, dice
        if dice is not None:
            return
        if kind == "frequency":
            weights = dict(language.letter_frequencies)
        else:
            weights, self.pairs = letter_counts(dictionary, language)
            self.pairs_total = sum(self.pairs.values())
        self.letters = sorted(ch for ch, w in weights.items() if w > 0)
        self.weights = [weights[ch] for ch in self.letters]
        total = sum(self.weights)
        self.share = {ch: w / total for ch, w in zip(self.letters, self.weights)}

    def draw(self, rows: int, cols: int, rng: random.Random) -> list[str]:
        n = rows * cols
        if self.dice is not None:
            if (rows, cols) != (self.dice.rows, self.dice.cols):
                raise UsageError(f"the dice {self.dice.name!r} make {self.dice.rows}x"
                                 f"{self.dice.cols} boards, not {rows}x{cols}")
            dice = rng.sample(self.dice.dice, n)  # shaken into the grid: a random order
            return [rng.choice(die) for die in dice]
        if self.kind != "bigram":
            return rng.choices(self.letters, self.weights, k=n)
        from .board import grid_neighbours

        neighbours = grid_neighbours(rows, cols)
        drawn: list[str] = []
        for cell in range(n):
            placed = [drawn[j] for j in neighbours[cell] if j < cell]
            drawn.append(rng.choices(self.letters, [self.weight(ch, placed) for ch in self.letters])[0])
        return drawn

    def weight(self, letter: str, placed: list[str]) -> float:
        """Frequency times, for each placed neighbour, how much likelier than chance the two
        letters stand side by side in the dictionary's words (+1 smoothing)."""
        weight = self.share[letter]
        for other in placed:
            seen = self.pairs.get(other + letter, 0) + self.pairs.get(letter + other, 0)
            expected = 2 * self.pairs_total * self.share[letter] * self.share[other]
            weight *= (seen + 1) / (expected + 1)
        return weight

    def redraw(self, rng: random.Random) -> str:
        """A new letter for one cell (a random die's face, where the letters come from dice)."""
        if self.dice is not None:
            return rng.choice(rng.choice(self.dice.dice))
        return rng.choices(self.letters, self.weights)[0]


_counts: dict = {}


def letter_counts(dictionary, language: Language) -> tuple[dict[str, int], dict[str, int]]:
    """How often each letter, and each pair of adjacent letters, occurs in the words."""
    key = id(dictionary)  # the words counted are the dictionary's, corrections included
    if key not in _counts or _counts[key][0] is not dictionary:
        letters: dict[str, int] = {}
        pairs: dict[str, int] = {}
        for word in dictionary:
            for ch in word:
                letters[ch] = letters.get(ch, 0) + 1
            for a, b in zip(word, word[1:]):
                pairs[a + b] = pairs.get(a + b, 0) + 1
        if not letters:
            raise ElzzurError("the dictionary has no words to count letters in")
        _counts.clear()
        _counts[key] = (dictionary, letters, pairs)
    return _counts[key][1], _counts[key][2]


# --- bonus tiles -------------------------------------------------------------------------------

def draw_bonuses(n: int, how: str, rng: random.Random) -> list[str]:
    """One bonus code (or "") per cell."""
    if how == "none":
        return [""] * n
    if how == "elzzur":
        weights = drawn_bonuses()
        codes = sorted(weights)
        return ["" if code == "none" else code
                for code in rng.choices(codes, [weights[c] for c in codes], k=n)]
    rounds = bonus_rounds()
    if how not in rounds:
        raise UsageError(f"unknown --bonus {how!r} (choose from {', '.join(BONUS_DRAWS)})")
    tiles = list(rounds[how])
    if len(tiles) > n:
        raise UsageError(f"a board of {n} cells cannot hold the {len(tiles)} bonus tiles of {how}")
    bonuses = [""] * n
    for cell, code in zip(rng.sample(range(n), len(tiles)), tiles):
        bonuses[cell] = code
    return bonuses


class Generator:
    """Boards of one shape from one letter source and one bonus draw."""

    def __init__(self, language: Language, rows: int, cols: int, letters: LetterSource,
                 bonus: str = "elzzur") -> None:
        try:  # the shape asked for (generate -r -c): a usage error past MAX_CELLS
            check_cells(rows, cols, "generate")
        except ElzzurError as e:
            raise UsageError(str(e)) from None
        self.language, self.rows, self.cols = language, rows, cols
        self.letters, self.bonus = letters, bonus

    def board(self, rng: random.Random) -> Board:
        if self.letters.kind == "frequency" and self.letters.dice is None and self.bonus == "elzzur":
            return random_board(self.language, self.rows, self.cols, rng)  # the classic draw
        letters = self.letters.draw(self.rows, self.cols, rng)
        bonuses = draw_bonuses(len(letters), self.bonus, rng)
        return Board(self.rows, self.cols, tuple(Cell(ch, b) for ch, b in zip(letters, bonuses)))

    def neighbour(self, board: Board, rng: random.Random) -> Board:
        """A board one small step away: one cell's letter redrawn, or two cells' letters swapped
        (bonus tiles stay where they are)."""
        letters = [cell.letters for cell in board.cells]
        n = len(letters)
        if n > 1 and rng.random() < 0.5:
            i, j = rng.sample(range(n), 2)
            letters[i], letters[j] = letters[j], letters[i]
        else:
            i = rng.randrange(n)
            letters[i] = self.letters.redraw(rng)
        cells = tuple(Cell(ch, cell.bonus) for ch, cell in zip(letters, board.cells))
        return Board(board.rows, board.cols, cells)


# --- targets -----------------------------------------------------------------------------------

class Target(Record):
    """What a generated board must reach; None means no bound."""

    __slots__ = ("min_words", "max_words", "min_score", "min_longest")

    @classmethod
    def _defaults(cls) -> dict:
        return dict.fromkeys(cls.__slots__)

    @property
    def any(self) -> bool:
        return any(value is not None for value in self._fields())

    def shortfall(self, words: int, score: int, longest: int) -> float:
        """How far a board is from the target, 0 when it meets it (each bound counts as the
        fraction of it that is missing)."""
        gap = 0.0
        if self.min_words is not None and words < self.min_words:
            gap += (self.min_words - words) / max(self.min_words, 1)
        if self.max_words is not None and words > self.max_words:
            gap += (words - self.max_words) / max(self.max_words, 1)
        if self.min_score is not None and score < self.min_score:
            gap += (self.min_score - score) / max(self.min_score, 1)
        if self.min_longest is not None and longest < self.min_longest:
            gap += (self.min_longest - longest) / max(self.min_longest, 1)
        return gap


class Stats(Record):
    """A generated board and what it holds."""

    __slots__ = ("board", "words", "score", "longest")


def evaluate(board: Board, dictionary, language: Language, rules=None, avoid=None) -> Stats | None:
    """The board's word count, total score and longest word; None if it spells a word of
    ``avoid`` (a Dictionary of words a board must not hold)."""
    from .solver import find_words

    if avoid is not None and find_words(board, avoid, language, rules=rules):
        return None
    rows = find_words(board, dictionary, language, rules=rules)
    return Stats(board, len(rows), sum(r[1] for r in rows), max((len(r[0]) for r in rows),
                                                                default=0))


def meet(generator: Generator, target: Target, dictionary, rng: random.Random,
         timeout: float = 10.0, rules=None, avoid=None, progress=None,
         maximize: str | None = None) -> Stats:
    """A board meeting ``target``, found by rejection sampling, then simulated annealing.

    With ``maximize`` ("score" or "words") it runs until ``timeout`` and returns the best board
    seen. Otherwise it raises ElzzurError when the time runs out, naming the best board's
    figures. ``progress(tried, best)`` is called now and then.
    """
    language = generator.language
    start = time.monotonic()
    deadline = start + timeout

    def value(stats: Stats) -> float:
        if maximize:
            return -float(getattr(stats, maximize))
        return target.shortfall(stats.words, stats.score, stats.longest)

    best: Stats | None = None
    current: Stats | None = None
    tried = 0
    samples = 200 if maximize is None else 20  # the rejection-sampling phase
    temperature = 0.05
    while True:
        if tried < samples or current is None:
            candidate = generator.board(rng)
        else:
            candidate = generator.neighbour(current.board, rng)
        stats = evaluate(candidate, dictionary, language, rules, avoid)
        tried += 1
        if stats is not None:
            if not maximize and target.shortfall(stats.words, stats.score, stats.longest) == 0:
                return stats
            if best is None or value(stats) < value(best):
                best = stats
            if tried >= samples:
                if current is None:
                    current = best
                else:
                    delta = value(stats) - value(current)
                    scale = abs(value(current)) or 1.0
                    if delta <= 0 or rng.random() < math.exp(-delta / (scale * temperature)):
                        current = stats
                temperature = max(temperature * 0.999, 0.001)
        if progress is not None and tried % 50 == 0:
            progress(tried, best)
        if time.monotonic() >= deadline:
            break
    if maximize and best is not None:
        return best
    figures = "no board without an avoided word" if best is None else (
        f"the best had {best.words:,} word{'s' * (best.words != 1)}, {best.score:,} "
        f"point{'s' * (best.score != 1)}, longest {best.longest}")
    raise ElzzurError(f"no board met the target in {timeout:g} s after {tried:,} boards "
                      f"({figures}); allow more --timeout or ask for less")


def progress_printer(stream=None, after: float = 1.0):
    """A progress callback that writes one updating line to a terminal, once the search has
    run for ``after`` seconds; None when ``stream`` (default: standard error as it is now, not
    as it was when this module was imported) is not a terminal. ``show.clear()`` wipes the
    line, if one was written, before anything else is (an error must not be glued to it)."""
    stream = stream if stream is not None else sys.stderr
    if not stream.isatty():
        return None
    start = time.monotonic()
    written = False

    def show(tried: int, best) -> None:
        nonlocal written
        if time.monotonic() - start < after:
            return
        figures = "" if best is None else f", best {best.words:,} words, {best.score:,} points"
        stream.write(f"\r\033[Kelzzur: {tried:,} boards tried{figures}")
        stream.flush()
        written = True

    def clear() -> None:
        nonlocal written
        if written:
            stream.write("\r\033[K")
            stream.flush()
            written = False

    show.clear = clear
    return show
