"""Leave values: what the tiles kept on the rack after a move are worth, in points, over the
rest of the game. A move's equity is its score plus its leave's value (``elzzur.scrabble.equity``):
keeping ERS? is worth a bingo's chance next turn, keeping UUV costs points.

The values are data, one file an edition in ``elzzur/res/scrabble/leaves/<edition>.txt``, learned
by self-play with elzzur's own move generator (``tools/train_leaves.py``; the method is in
``docs/scrabble-equity.md``). A file holds two things:

- ``@feature weight`` lines: a linear model over features of a leave (each tile kept, extra
  copies of a tile, the leave's size, vowel/consonant balance, Q without U), which values any
  leave, including the many never seen in training;
- ``LEAVE value`` lines: the learned value of each leave seen often enough, already smoothed
  toward the model (a leave seen n times weighs its own average n/(n+k) against the model).

A leave is written as ``Move.leave`` writes it: its tiles in sorted order, a tile of several
letters in brackets (``[CH]``), blanks last as ``?``. The empty leave is worth 0: values are
relative to drawing a whole new rack.
"""

from __future__ import annotations

import math
import os

from ..errors import ElzzurError
from .tiles import BLANK, TileSet

VOWELS = frozenset("AEIOU")


def leaves_path(code: str) -> str:
    """The shipped leave file of an edition (it may not exist)."""
    from ..files import resource

    return resource("scrabble", "leaves", f"{code}.txt")


def is_vowel(tile: str) -> bool:
    """A tile whose first letter is A, E, I, O or U once accents are taken off (É, Ö, İ, Ì…;
    Turkish dotless I is an I): the vowels every shipped edition's words need. (An ASCII
    letter is its own decomposition: no import of unicodedata for it, a one-shot run's
    quarter of a millisecond.)"""
    if tile[:1].isascii():
        return tile[:1] in VOWELS
    import unicodedata

    return unicodedata.normalize("NFD", tile[:1])[:1] in VOWELS


def parse_leave(text: str) -> tuple[dict, int]:
    """A leave (or rack) as written by ``Move.leave`` to (count by tile, blanks)."""
    squares = text  # one character a tile, unless a tile of several letters is in brackets
    if "[" in text:
        from .position import tokens

        squares = tokens(text, "leave")
    counts: dict[str, int] = {}
    blanks = 0
    for token in squares:
        if token == BLANK:
            blanks += 1
        else:
            counts[token] = counts.get(token, 0) + 1
    return counts, blanks


def features(counts: dict, blanks: int, vowel=is_vowel) -> dict[str, float]:
    """The model's features of a leave, by name (absent means 0). Why each: a tile kept is
    worth what it adds to the next rack (``has:``); a second E is worth less than the first
    (``dup:``); the size says how many fresh tiles the next rack gets (``size:``); all vowels
    or all consonants rarely make words (``novowel``, ``noconsonant``, ``balance``); a Q with no
    U (and no blank) to play it with is stuck (``qnou``)."""
    out: dict[str, float] = {}
    size = blanks
    v = c = 0
    for tile, n in counts.items():
        if n <= 0:
            continue
        size += n
        out["has:" + tile] = 1.0
        if n > 1:
            out["dup:" + tile] = float(n - 1)
        if vowel(tile):
            v += n
        else:
            c += n
    if blanks:
        out["has:?"] = 1.0
        if blanks > 1:
            out["dup:?"] = float(blanks - 1)
    if size == 0:
        return out
    out[f"size:{size}"] = 1.0
    if v + c >= 2:
        if v == 0:
            out["novowel"] = 1.0
        if c == 0:
            out["noconsonant"] = 1.0
    out["balance"] = float((v - c) ** 2)
    if counts.get("Q") and not counts.get("U") and not blanks:
        out["qnou"] = 1.0
    return out


class LeaveValues:
    """An edition's leave values: the learned table, and the feature model for the rest.
    ``value(leave)`` is the one call: a dictionary lookup for a leave in the table, else the
    model (remembered, since a rack's few dozen leaves come back move after move);
    ``tenths(leave)`` is the same in whole tenths of a point, what equity counts in."""

    def __init__(self, table: dict[str, float], weights: dict[str, float], name: str = "",
                 vowel=is_vowel):
        self.table = dict(table)
        self.weights = dict(weights)
        self.name = name
        self._vowel = vowel
        self._vowels: dict[str, bool] = {}  # by tile: the test is Unicode work, done once
        self.known: dict[str, int] = {}  # by leave: ``tenths``, remembered
        self._tiles: dict[str, tuple] = {}  # by tile: its has: and dup: weights, is a vowel
        self.table.setdefault("", 0.0)

    def value(self, leave: str) -> float:
        found = self.table.get(leave)
        if found is None:
            found = self.table[leave] = self.model(*parse_leave(leave))
        return found

    def tenths(self, leave: str) -> int:
        """``value`` in whole tenths of a point, what equity counts in (the values are
        written to a tenth; rounded, so that an equity is exact), remembered."""
        found = self.known.get(leave)
        if found is None:
            found = self.known[leave] = round(10 * self.value(leave))
        return found

    def model(self, counts: dict, blanks: int) -> float:
        """The feature model's value of a leave: the sum of each feature's weight times its
        value (``features``), rounded to a tenth. Written out here with each tile's weights
        looked up once (a rack's 128 leaves are valued at every new rack, and this is most of
        the cost of ranking the first): the same terms in the same order as ``features``
        gives them, so the same sum to the last bit."""
        if not blanks and not any(counts.values()):
            return 0.0
        weights = self.weights
        terms = []
        size = blanks
        v = c = 0
        for tile, n in counts.items():
            if n <= 0:
                continue
            known = self._tiles.get(tile)
            if known is None:
                known = self._tiles[tile] = (weights.get("has:" + tile, 0.0),
                                             weights.get("dup:" + tile, 0.0),
                                             self._is_vowel(tile))
            has, dup, vowel = known
            size += n
            terms.append(has * 1.0)
            if n > 1:
                terms.append(dup * float(n - 1))
            if vowel:
                v += n
            else:
                c += n
        if blanks:
            terms.append(weights.get("has:?", 0.0) * 1.0)
            if blanks > 1:
                terms.append(weights.get("dup:?", 0.0) * float(blanks - 1))
        terms.append(weights.get(f"size:{size}", 0.0) * 1.0)
        if v + c >= 2:
            if v == 0:
                terms.append(weights.get("novowel", 0.0) * 1.0)
            if c == 0:
                terms.append(weights.get("noconsonant", 0.0) * 1.0)
        terms.append(weights.get("balance", 0.0) * float((v - c) ** 2))
        if counts.get("Q") and not counts.get("U") and not blanks:
            terms.append(weights.get("qnou", 0.0) * 1.0)
        # fsum: the exact sum, rounded once (sum() compensates from Python 3.12 on, so a plain
        # sum's last bit, and a value's tenth, would differ between Pythons)
        return round(math.fsum(terms), 1)

    def _is_vowel(self, tile: str) -> bool:
        known = self._vowels.get(tile)
        if known is None:
            known = self._vowels[tile] = self._vowel(tile)
        return known


_LOADED: dict[str, LeaveValues] = {}


def load_leaves(tiles: TileSet, code: str | None = None) -> LeaveValues:
    """The leave values of an edition: ``code`` (the edition's code, default the tile set's
    name's file) names ``res/scrabble/leaves/<code>.txt``. An edition without a file (a tile
    set of one's own) gets the zero model: equity is then the score, which is said by
    ``LeaveValues.name`` being empty."""
    key = code or ""
    if key in _LOADED:
        return _LOADED[key]
    path = leaves_path(code) if code else None
    if path is None or not os.path.isfile(path):
        values = LeaveValues({}, {}, "")
    else:
        values = read_leaves(path)
    _LOADED[key] = values
    return values


def read_leaves(path: str) -> LeaveValues:
    """A leave file (the format is in this module's docstring); a bad line is an ElzzurError
    naming it."""
    from ..files import read_text_file, shown

    text = read_text_file(path, what="a leave file")
    table: dict[str, float] = {}
    weights: dict[str, float] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line or line.startswith("#"):
            continue
        name, _, value = line.partition(" ")
        try:
            number_value = float(value)
        except ValueError:
            raise ElzzurError(f"{shown(path)}, line {number}: expected 'LEAVE VALUE', "
                              f"got {line[:40]!r}") from None
        if name.startswith("@"):
            weights[name[1:]] = number_value
        else:
            table[name] = number_value
    return LeaveValues(table, weights, os.path.basename(path))


def write_leaves(path: str, table: dict[str, float], weights: dict[str, float],
                 header: str) -> None:
    """Write a leave file whole (``write_atomic``): the header as comments, the model's
    weights, then the table in sorted order (so a rebuild with the same seed is the same
    file)."""
    from ..atomic import write_atomic

    lines = [f"# {line}".rstrip() for line in header.splitlines()]
    lines += [f"@{name} {weights[name]:.2f}" for name in sorted(weights)]
    lines += [f"{leave} {value:.1f}" for leave, value in sorted(table.items()) if leave]
    write_atomic(path, "\n".join(lines) + "\n")


def edition_leaves(tiles: TileSet, language) -> LeaveValues:
    """The leave values for an edition given as ``load_tile_set`` takes it: a built-in
    edition's code has its file; a tile file of one's own has none (the zero model: equity is
    the score)."""
    code = language if isinstance(language, str) and language.isalnum() else None
    return load_leaves(tiles, code)
