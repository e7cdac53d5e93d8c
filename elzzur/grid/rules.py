"""Game rules as data: which words count and how they score (``elzzur/res/rules/*.toml``).

A preset is a file in ``elzzur/res/rules/`` (``ruzzle``, the default, ``boggle``, ``bigboggle``,
``wordhunt``, ``wordament``); ``--rules`` also takes the path of a rules file of your own in the
same format. A word of N letters scores::

    (sum of tile points) x (product of word multipliers) x length_factor[N] / length_divisor
        + length_bonus[N]

rounded down, where a tile's points are its letters' values (the language's, the rules' own, or
none) times its letter multiplier, or the value written on the tile in the board file. Bonus
tiles (``dl tl dw tw``, defined in ``ruzzle.toml``) count only where ``bonus_tiles`` is true.
"""

from __future__ import annotations

from .. import datafiles
from ..errors import ElzzurError, UsageError, quoted
from ..lexicon.graph import LONGEST
from ..lexicon.languages import length_bonus
from ..record import Record

DEFAULT = "ruzzle"
DEFAULT_ROUND = 120  # seconds of a timed round where the rules do not say
MAX_ROUND = 86_400  # a day
SHARED_WORDS = ("keep", "cancel")


class Multiplier(Record):
    """A bonus tile: multiplies its letter's value, or the whole word's."""

    __slots__ = ("code", "letter", "word", "name")


class Rules(Record):
    """One game's rules. ``letter_values`` None means the language's; ``length_bonus`` None
    means the language's table and step; ``length_factor`` None means x1. ``round_seconds`` is
    how long a timed round lasts (``elzzur play``); ``shared_words`` is what happens to a word
    two or more players found when lists are compared (``elzzur check``): ``"keep"`` (each
    scores it) or ``"cancel"`` (Boggle's rule: nobody scores it)."""

    __slots__ = ("name", "min_length", "max_length", "letter_values", "multipliers",
                 "length_bonus", "length_bonus_step", "length_factor", "length_divisor", "rows",
                 "cols", "round_seconds", "shared_words")

    @classmethod
    def _defaults(cls) -> dict:
        return {"round_seconds": DEFAULT_ROUND, "shared_words": "keep"}

    def values(self, language) -> dict[str, int]:
        """Letter values under these rules (a letter they do not list is worth 0)."""
        return language.letter_values if self.letter_values is None else self.letter_values

    def bonus(self, length: int, language) -> int:
        """Points added to a word of ``length`` letters."""
        if self.length_bonus is None:
            return language.bonus(length)
        return length_bonus(self.length_bonus, self.length_bonus_step, length)

    def factor(self, length: int) -> int:
        """The numerator of the length multiplier of a word of ``length`` letters."""
        table = self.length_factor
        if table is None:
            return 1
        return table[length] if length < len(table) else table[-1]

    def score(self, points: int, factor: int, length: int, language) -> int:
        """The score of a word from its tile points, word multiplier and length in letters."""
        return (points * factor * self.factor(length)) // self.length_divisor \
            + self.bonus(length, language)


_rules: dict[str, Rules] = {}
_tiles: list = []

# The keys a rules file may hold; the default rules' file also defines the bonus tiles every
# rule set shares, and how ``generate`` draws them.
KEYS = ("name", "min_length", "max_length", "letter_values", "bonus_tiles", "length_bonus",
        "length_bonus_step", "length_factor", "length_divisor", "rows", "cols", "round_seconds",
        "shared_words")
SHARED_KEYS = ("multipliers", "generate")


def presets() -> list[str]:
    """The names of the built-in rule sets."""
    return datafiles.presets("rules")


def get_rules(name: str = DEFAULT) -> Rules:
    """A built-in rule set by name, or a rules file by path; read once per process."""
    if name not in _rules:
        path, origin = datafiles.locate("rules", name)
        shared = path == datafiles.builtin("rules", DEFAULT)
        _rules[name] = parse_rules(datafiles.load_toml(path, origin), origin, shared)
    return _rules[name]


def parse_rules(data: dict, origin: str, shared: bool = False) -> Rules:
    """Rules from a parsed TOML table, naming the key at fault if it is wrong (``shared``: the
    file that also defines the bonus tiles)."""
    check = datafiles.Checker(origin)
    check.known(data, KEYS + SHARED_KEYS if shared else KEYS)

    def need(key: str, kinds, default, test=None, what: str = ""):
        return check.need(data, key, kinds, default=default, check=test, what=what)

    whole_numbers, between = datafiles.whole_numbers, datafiles.between
    values = need("letter_values", (str, dict), "language",
                  lambda v: v in ("language", "none") if isinstance(v, str) else all(
                      type(n) is int and 0 <= n <= datafiles.MAX_NUMBER for n in v.values()),
                  f'"language", "none" or a table of letter values ({between(0)})')
    bonus = need("length_bonus", (str, list), "language",
                 lambda v: v == "language" if isinstance(v, str) else whole_numbers(0)(v),
                 f'"language" or a list of whole numbers, each from 0 to '
                 f'{datafiles.MAX_NUMBER:,}')
    factor = need("length_factor", (list,), [1], whole_numbers(0),
                  f"a list of whole numbers, each from 0 to {datafiles.MAX_NUMBER:,}")
    from .board import MAX_CELLS, check_cells  # (board imports this module: not at the top)

    rows = check.whole(data, "rows", 1, MAX_CELLS, default=4)
    cols = check.whole(data, "cols", 1, MAX_CELLS, default=4)
    try:
        check_cells(rows, cols, origin)
    except ElzzurError as e:
        check.fail(f"keys 'rows' and 'cols': {str(e).removeprefix(origin + ': ')}")
    return Rules(
        name=check.name(data, "name"),
        min_length=check.whole(data, "min_length", 1, LONGEST, default=2),
        max_length=check.whole(data, "max_length", 0, LONGEST, default=0),
        letter_values=None if values == "language" else {} if values == "none" else dict(values),
        multipliers=need("bonus_tiles", (bool,), True, None, "true or false"),
        length_bonus=None if bonus == "language" else tuple(bonus),
        length_bonus_step=check.whole(data, "length_bonus_step", default=0),
        length_factor=None if factor == [1] else tuple(factor),
        length_divisor=check.whole(data, "length_divisor", 1, default=1),
        rows=rows,
        cols=cols,
        round_seconds=check.whole(data, "round_seconds", 1, MAX_ROUND, default=DEFAULT_ROUND),
        shared_words=need("shared_words", (str,), "keep", SHARED_WORDS.__contains__,
                          '"keep" or "cancel"'),
    )


def tile_codes() -> dict[str, Multiplier]:
    """The bonus tiles a board token may carry (defined in ``elzzur/res/rules/ruzzle.toml``)."""
    if not _tiles:
        data = datafiles.load_toml(datafiles.builtin("rules", DEFAULT), f"{DEFAULT}.toml")
        _tiles.append({
            code: Multiplier(code, int(m.get("letter", 1)), int(m.get("word", 1)), str(m["name"]))
            for code, m in data["multipliers"].items()
        })
        _tiles.append({code: float(w) for code, w in data["generate"]["bonus_weights"].items()})
        _tiles.append({name: tuple(codes) for name, codes in data["generate"]["rounds"].items()})
    return _tiles[0]


def bonus_weights() -> dict[str, float]:
    """How ``generate`` draws bonus tiles: per cent per code (``none`` for no bonus)."""
    tile_codes()
    return _tiles[1]


def bonus_rounds() -> dict[str, tuple[str, ...]]:
    """The bonus tiles of each of Ruzzle's rounds (``generate --bonus round1``)."""
    tile_codes()
    return _tiles[2]


def with_scores(rules: Rules, scores, language) -> Rules:
    """``rules`` with the letter values of ``--score`` laid over them (``["Q=8", "Z=5,X=4"]``);
    a malformed or impossible item is a usage error naming it."""
    if not scores:
        return rules
    values = dict(rules.values(language))
    for item in ",".join(scores).split(","):
        letter, equals, number = item.partition("=")
        key = language.normalize(letter.strip()) if letter.strip().isalpha() else None
        number = number.strip()
        # ASCII digits only: int() also reads other scripts' digits, and refuses '²', which
        # str.isdigit accepts
        if not equals or key is None or not (number.isascii() and number.isdigit()):
            raise UsageError(f"--score {quoted(item)}: expected LETTER=POINTS, e.g. Q=8")
        if key not in language.letter_values:
            raise UsageError(f"--score {quoted(item)}: {quoted(letter.strip())} is not a letter "
                             f"of {language.name}")
        digits = number.lstrip("0") or "0"  # int() refuses 4,300 digits and more
        if len(digits) > 7 or int(digits) > datafiles.MAX_NUMBER:
            raise UsageError(f"--score {quoted(item)}: at most {datafiles.MAX_NUMBER:,} points "
                             f"a letter")
        values[key] = int(digits)
    return rules.replace(letter_values=values)
