"""The referee: each word a player wrote down, judged on one board under one game's rules.

A word is ``valid`` (with its best path and score, the same ones ``solve`` gives), or it scores
nothing, for one reason: ``duplicate`` (the player already wrote it), ``too short`` or ``too
long`` (for the rules), ``not on the board`` (no path spells it: the tiles, their neighbours and
the rules' shortest word decide, not the dictionary), ``not a word`` (a path spells it, the
dictionary lacks it), or ``cancelled`` (valid, but where the rules cancel shared words, Boggle's
rule, another player found it too). The checks run in that order, so a misspelt word that
is also on the board reads "not a word", the reason a player can act on.

``check`` judges several players' lists at once and compares them (the words everyone found,
the words only one found). Everything it returns is a ``Record`` with ``to_dict()``, the JSON
``elzzur check --format json`` prints, so that a web server answering the same question gives
the same answer.

A word may come with the path the player took (a swipe, in the web app): it is then judged
and scored by that path, which must be on the board, each cell a neighbour of the one before,
none twice, and spell the word (an ``ElzzurError`` naming the word and the step at fault
otherwise); a valid word scores what that path is worth (``solver.score_path``), which may be
less than its best path. A word without a path (typed, written down) scores its best path.

"On the board" is decided by the board search itself, run with a dictionary of the words
written down (``Dictionary.from_words``): the same tiles (``Qu``, ``A|E``, ``RE-``, holes), the
same neighbours, and the best path chosen the same way as in ``solve``.
"""

from __future__ import annotations

from ..errors import ElzzurError
from ..lexicon.cleaning import MAX_WORD
from ..lexicon.languages import Language
from ..record import Record

VALID = "valid"
CANCELLED = "cancelled"
DUPLICATE = "duplicate"
TOO_SHORT = "too short"
TOO_LONG = "too long"
NOT_ON_BOARD = "not on the board"
NOT_A_WORD = "not a word"
VERDICTS = (VALID, CANCELLED, DUPLICATE, TOO_SHORT, TOO_LONG, NOT_ON_BOARD, NOT_A_WORD)

MAX_PLAYERS = 100
MAX_WORDS = 100_000  # words in one player's list: a round holds hundreds
LIST_LIMIT = 16 * 2**20  # bytes of one list


class Verdict(Record):
    """One word as written (``given``) and as the board spells it (``word``, None if it
    cannot be spelt with the language's letters); ``verdict`` one of ``VERDICTS``; ``score``
    (0 unless valid); ``path`` the best path as (row, column) pairs (None if it is not on the
    board); ``band`` the word's commonness band (None: unknown)."""

    __slots__ = ("given", "word", "verdict", "score", "path", "band")

    @property
    def valid(self) -> bool:
        return self.verdict == VALID

    def to_dict(self) -> dict:
        return {"word": self.word if self.word is not None else self.given, "given": self.given,
                "verdict": self.verdict, "score": self.score,
                "path": None if self.path is None else [list(step) for step in self.path],
                "band": self.band}


class PlayerResult(Record):
    """One player's list judged: ``name`` (the list's file, or ``stdin``), ``verdicts`` in
    the list's order, ``total`` the points of the valid words."""

    __slots__ = ("name", "verdicts", "total")

    @property
    def valid(self) -> list[Verdict]:
        return [v for v in self.verdicts if v.valid]

    def to_dict(self) -> dict:
        return {"name": self.name, "words": [v.to_dict() for v in self.verdicts],
                "valid": len(self.valid), "total": self.total}


class Comparison(Record):
    """Several players' valid (or cancelled) words side by side: ``everyone`` found by all,
    ``only`` per player the words no one else found, ``shared`` found by two or more."""

    __slots__ = ("everyone", "only", "shared")

    def to_dict(self) -> dict:
        return {"everyone": list(self.everyone), "shared": list(self.shared),
                "only": {name: list(words) for name, words in self.only}}


class Judgement(Record):
    """What ``check`` returns: the game (``language`` code, ``rules`` as named, ``board``),
    ``shared_words`` ("keep" or "cancel"), each player's result, the comparison (None for one
    player), and the board's own totals (every word the dictionary finds there)."""

    __slots__ = ("language", "rules", "board", "shared_words", "players", "comparison",
                 "board_words", "board_total")

    def to_dict(self) -> dict:
        return {
            "language": self.language, "rules": self.rules, "board": self.board.token_rows(),
            "shared_words": self.shared_words,
            "players": [p.to_dict() for p in self.players],
            "comparison": None if self.comparison is None else self.comparison.to_dict(),
            "stats": {"words": self.board_words, "total_score": self.board_total},
        }


class Referee:
    """Judges words on one board: the board solved once (``solution``: word -> (score, path
    as cell numbers)), each word not in it searched for on its own. Shared by ``check`` and the
    timed round (``elzzur.grid.round``), which asks about one word at a time. Its searches
    stop at ``deadline`` (an instant of ``time.monotonic()``; ``solver.SearchTimedOut``)."""

    def __init__(self, board, dictionary, language: Language, rules, use: str | None = None,
                 bands=None, deadline: float | None = None) -> None:
        from .solver import as_rules, find_words

        self.board, self.dictionary, self.language = board, dictionary, language
        self.rules, self.use, self.deadline = as_rules(rules), use, deadline
        self.band = bands  # word -> band, or None
        self.rows = find_words(board, dictionary, language, rules=self.rules, use=use,
                               deadline=deadline)
        self.solution = {word: (score, path) for word, score, path in self.rows}
        self._spelt: dict[str, tuple[int, tuple[int, ...]] | None] = {}

    @property
    def total(self) -> int:
        return sum(score for score, _ in self.solution.values())

    def key(self, given: str) -> str | None:
        """The word as the board spells it, or None if the language's letters cannot."""
        text = given.strip()
        if not text or len(text) > MAX_WORD or not text.isalpha():
            return None  # (no word of the graph is longer than MAX_WORD)
        return self.language.normalize(text)

    def spelt(self, words) -> None:
        """Search the board once for all of ``words`` (keys) not yet known: the paths of the
        ones a path spells, whether or not the dictionary has them."""
        from ..lexicon.dictionary import Dictionary
        from .solver import find_words

        todo = sorted({w for w in words if w and w not in self.solution and w not in self._spelt})
        if not todo:
            return
        listed = Dictionary.from_words(todo, self.language, "the players' words")
        for word, score, path in find_words(self.board, listed, self.language, rules=self.rules,
                                            use=self.use, deadline=self.deadline):
            self._spelt[word] = (score, path)
        for word in todo:
            self._spelt.setdefault(word, None)

    def verdict(self, given: str, seen=(), path=None) -> Verdict:
        """The verdict on one word written as ``given``; ``seen`` holds the keys this player
        already wrote (a repeat is a ``duplicate``); ``path``, the cells the player took (cell
        numbers or (row, column) pairs), if known: then the word is scored by it."""
        word = self.key(given)
        shown = given.strip()
        if path is not None:
            return self._by_path(shown, word, seen, path)
        band = self.band(word) if self.band is not None and word is not None else None
        if word is None:  # letters the language cannot spell, digits, punctuation
            return Verdict(shown, None, NOT_ON_BOARD, 0, None, None)
        refused = self._refusal(shown, word, seen, band)
        if refused is not None:
            return refused
        if word in self.solution:
            score, path = self.solution[word]
            return Verdict(shown, word, VALID, score, self._pairs(path), band)
        self.spelt([word])
        found = self._spelt.get(word)
        if found is None:
            return Verdict(shown, word, NOT_ON_BOARD, 0, None, band)
        return Verdict(shown, word, NOT_A_WORD, 0, self._pairs(found[1]), band)

    def _by_path(self, shown: str, word: str | None, seen, path) -> Verdict:
        """The verdict on a word entered along ``path``: checked, then scored by it."""
        score, cells = self.path_score(shown, word, path)
        band = self.band(word) if self.band is not None else None
        refused = self._refusal(shown, word, seen, band)
        if refused is not None:
            return refused
        if word in self.solution:
            return Verdict(shown, word, VALID, score, self._pairs(cells), band)
        return Verdict(shown, word, NOT_A_WORD, 0, self._pairs(cells), band)

    def _refusal(self, shown: str, word: str, seen, band) -> Verdict | None:
        """The verdict on a word refused before it is looked up, whether typed or swiped: a
        repeat, or a length the rules do not allow; None for a word to look up."""
        if word in seen:
            return Verdict(shown, word, DUPLICATE, 0, None, band)
        if len(word) < self.rules.min_length:
            return Verdict(shown, word, TOO_SHORT, 0, None, band)
        if self.rules.max_length and len(word) > self.rules.max_length:
            return Verdict(shown, word, TOO_LONG, 0, None, band)
        return None

    def path_score(self, shown: str, word: str | None, path) -> tuple[int, list[int]]:
        """What ``path`` scores spelling ``word`` (its best reading where a tile has two), and
        the path as cell numbers; or an ElzzurError saying why the path is not one the word
        can take."""
        from .solver import _path_cells, score_path

        if word is None:
            raise ElzzurError(f"{shown!r:.60} cannot be spelt with {self.language.name}'s "
                              "letters, along a path or not")
        try:
            cells = _path_cells(self.board, path, False)
        except (ElzzurError, TypeError) as e:
            # (the hint for a caller of score_path means nothing to a player)
            raise ElzzurError(f"{word}: " + str(e).replace(" (revisit=True allows it)", "")) \
                from None
        if not cells:
            raise ElzzurError(f"{word}: the path is empty")
        readings = self._readings(word, cells)
        if not readings:
            spelt = "".join(self.board.cells[i].choices[0] for i in cells)
            raise ElzzurError(f"{word}: the path {self._where(cells)} spells {spelt}, "
                              "not the word")
        best = None
        for choices in readings:
            try:  # too short or too long for the rules: no score, the verdict says why
                score = score_path(self.board, cells, self.language, self.rules, choices)
            except ElzzurError:
                score = 0
            if best is None or score > best:
                best = score
        return best, cells

    def _readings(self, word: str, cells: list[int], most: int = 64) -> list[tuple[int, ...]]:
        """The choices of letters along ``cells`` that spell ``word`` (at most ``most``)."""
        found: list[tuple[int, ...]] = []

        def walk(k: int, at: int, picked: tuple[int, ...]) -> None:
            if len(found) >= most:
                return
            if k == len(cells):
                if at == len(word):
                    found.append(picked)
                return
            for number, letters in enumerate(self.board.cells[cells[k]].choices):
                if letters and word.startswith(letters, at):
                    walk(k + 1, at + len(letters), picked + (number,))

        walk(0, 0, ())
        return found

    def _where(self, cells) -> str:
        return " ".join(f"({r},{c})" for r, c in self._pairs(cells))

    def _pairs(self, path) -> tuple[tuple[int, int], ...]:
        return tuple(self.board.position(i) for i in path)


def judge_list(referee: Referee, words) -> list[Verdict]:
    """A list's verdicts in order, each repeat a duplicate. An entry is a word, or a
    ``(word, path)`` pair for a word entered along a path (a swipe)."""
    words = list(words)
    referee.spelt(referee.key(w) for w in words if isinstance(w, str))  # one search for all
    seen: set[str] = set()
    verdicts = []
    for entry in words:
        given, path = (entry, None) if isinstance(entry, str) else entry
        verdict = referee.verdict(given, seen, path)
        if verdict.word is not None:
            seen.add(verdict.word)
        verdicts.append(verdict)
    return verdicts


def check(board, dictionary, language: Language, rules, lists, names=None,
          shared_words: str | None = None, use: str | None = None, rules_name: str | None = None,
          bands=None, deadline: float | None = None) -> Judgement:
    """Judge each player's list (a list of words as written, or of ``(word, path)`` pairs
    for words entered along a path) on ``board``; ``names`` name the
    players (default: player 1, player 2, …); ``shared_words`` overrides the rules' ("keep" or
    "cancel"); ``bands`` is ``word -> band`` (``elzzur.lexicon.commonness.band_lookup``) or
    None; the searches stop at ``deadline`` (``time.monotonic()``, None: none)."""
    lists = [list(words) for words in lists]
    if not lists:
        raise ElzzurError("no lists of words to check")
    if len(lists) > MAX_PLAYERS:
        raise ElzzurError(f"{len(lists):,} lists: at most {MAX_PLAYERS} players")
    for number, words in enumerate(lists, 1):
        if len(words) > MAX_WORDS:
            raise ElzzurError(f"list {number} holds {len(words):,} words: at most {MAX_WORDS:,}")
    names = list(names) if names is not None else [f"player {n}" for n in range(1, len(lists) + 1)]
    if len(names) != len(lists):
        raise ValueError(f"{len(names)} names for {len(lists)} lists")
    referee = Referee(board, dictionary, language, rules, use, bands, deadline)
    rules = referee.rules
    shared_words = shared_words or rules.shared_words
    if shared_words not in ("keep", "cancel"):
        raise ValueError(f"shared_words must be 'keep' or 'cancel', not {shared_words!r}")
    referee.spelt(referee.key(w) for words in lists for w in words if isinstance(w, str))
    judged = [judge_list(referee, words) for words in lists]
    good = [{v.word for v in verdicts if v.valid} for verdicts in judged]
    comparison = None
    if len(lists) > 1:
        counts: dict[str, int] = {}
        for words in good:
            for word in words:
                counts[word] = counts.get(word, 0) + 1
        shared = {word for word, n in counts.items() if n > 1}
        everyone = set.intersection(*good)
        comparison = Comparison(
            tuple(sorted(everyone)),
            tuple((name, tuple(sorted(words - shared))) for name, words in zip(names, good)),
            tuple(sorted(shared)))
        if shared_words == "cancel":
            judged = [[v.replace(verdict=CANCELLED, score=0) if v.valid and v.word in shared
                       else v for v in verdicts] for verdicts in judged]
    players = tuple(PlayerResult(name, tuple(verdicts), sum(v.score for v in verdicts))
                    for name, verdicts in zip(names, judged))
    return Judgement(language.code, rules_name or rules.name, board, shared_words, players,
                     comparison, len(referee.solution), referee.total)


def read_list(text: str) -> list[str]:
    """A player's words from text: one or more a line, separated by spaces or commas; a line
    starting with ``#`` is a comment."""
    words = []
    for line in text.splitlines():
        if line.lstrip().startswith("#"):
            continue
        words += [w for w in line.replace(",", " ").split() if w]
    return words
