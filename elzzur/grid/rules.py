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

import os

from ..cache import load_toml
from ..errors import ElzzurError, UsageError
from ..record import Record
from ..files import resource

DEFAULT = "ruzzle"


class Multiplier(Record):
    """A bonus tile: multiplies its letter's value, or the whole word's."""

    __slots__ = ("code", "letter", "word", "name")


class Rules(Record):
    """One game's rules. ``letter_values`` None means the language's; ``length_bonus`` None
    means the language's table and step; ``length_factor`` None means x1."""

    __slots__ = ("name", "min_length", "max_length", "letter_values", "multipliers",
                 "length_bonus", "length_bonus_step", "length_factor", "length_divisor", "rows",
                 "cols")

    def values(self, language) -> dict[str, int]:
        """Letter values under these rules (a letter they do not list is worth 0)."""
        return language.letter_values if self.letter_values is None else self.letter_values

    def bonus(self, length: int, language) -> int:
        """Points added to a word of ``length`` letters."""
        if self.length_bonus is None:
            return language.bonus(length)
        table = self.length_bonus
        if length < len(table):
            return table[length]
        return table[-1] + (length - len(table) + 1) * self.length_bonus_step

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


def presets() -> list[str]:
    """The names of the built-in rule sets."""
    return sorted(name[:-5] for name in os.listdir(resource("rules")) if name.endswith(".toml"))


def get_rules(name: str = DEFAULT) -> Rules:
    """A built-in rule set by name, or a rules file by path; read once per process."""
    if name not in _rules:
        if os.sep in name or name.endswith(".toml"):
            path, origin = name, name
            if not os.path.isfile(path):
                raise UsageError(f"{name}: no such rules file")
        else:
            path, origin = resource("rules", f"{name.lower()}.toml"), f"{name.lower()}.toml"
            if not os.path.isfile(path):
                raise UsageError(f"unknown rules {name!r} (choose from {', '.join(presets())}, "
                                 "or give the path of a rules file)")
        _rules[name] = parse_rules(load_toml(path, origin), origin)
    return _rules[name]


def parse_rules(data: dict, origin: str) -> Rules:
    """Rules from a parsed TOML table, naming the key at fault if it is wrong."""

    def need(key: str, kinds, default=None, check=None, what: str = ""):
        if key not in data:
            if default is None:
                raise ElzzurError(f"{origin}: missing key {key!r}")
            return default
        value = data[key]
        if not isinstance(value, kinds) or isinstance(value, bool) and bool not in kinds:
            raise ElzzurError(f"{origin}: key {key!r} must be {what}")
        if check is not None and not check(value):
            raise ElzzurError(f"{origin}: key {key!r} must be {what}")
        return value

    def whole_numbers(minimum: int):
        return lambda values: bool(values) and all(
            isinstance(v, int) and not isinstance(v, bool) and v >= minimum for v in values)

    values = need("letter_values", (str, dict), "language",
                  lambda v: v in ("language", "none") if isinstance(v, str) else all(
                      isinstance(k, str) and isinstance(n, int) and not isinstance(n, bool)
                      and n >= 0 for k, n in v.items()),
                  '"language", "none" or a table of letter values (whole numbers >= 0)')
    bonus = need("length_bonus", (str, list), "language",
                 lambda v: v == "language" if isinstance(v, str) else whole_numbers(0)(v),
                 '"language" or a list of whole numbers >= 0')
    factor = need("length_factor", (list,), [1], whole_numbers(0),
                  "a list of whole numbers >= 0")
    min_length = need("min_length", (int,), 2, lambda v: v >= 1, "a whole number >= 1")
    return Rules(
        name=need("name", (str,), None, None, "a string"),
        min_length=min_length,
        max_length=need("max_length", (int,), 0, lambda v: v >= 0, "a whole number >= 0"),
        letter_values=None if values == "language" else {} if values == "none" else dict(values),
        multipliers=need("bonus_tiles", (bool,), True, None, "true or false"),
        length_bonus=None if bonus == "language" else tuple(bonus),
        length_bonus_step=need("length_bonus_step", (int,), 0, lambda v: v >= 0,
                               "a whole number >= 0"),
        length_factor=None if factor == [1] else tuple(factor),
        length_divisor=need("length_divisor", (int,), 1, lambda v: v >= 1, "a whole number >= 1"),
        rows=need("rows", (int,), 4, lambda v: v >= 1, "a whole number >= 1"),
        cols=need("cols", (int,), 4, lambda v: v >= 1, "a whole number >= 1"),
    )


def tile_codes() -> dict[str, Multiplier]:
    """The bonus tiles a board token may carry (defined in ``elzzur/res/rules/ruzzle.toml``)."""
    if not _tiles:
        data = load_toml(resource("rules", "ruzzle.toml"), "ruzzle.toml")
        _tiles.append({
            code: Multiplier(code, int(m.get("letter", 1)), int(m.get("word", 1)), str(m["name"]))
            for code, m in data["multipliers"].items()
        })
        _tiles.append({code: float(w) for code, w in data["generate"]["bonus_weights"].items()})
    return _tiles[0]


def bonus_weights() -> dict[str, float]:
    """How ``generate`` draws bonus tiles: per cent per code (``none`` for no bonus)."""
    tile_codes()
    return _tiles[1]


def with_scores(rules: Rules, scores, language) -> Rules:
    """``rules`` with the letter values of ``--score`` laid over them (``["Q=8", "Z=5,X=4"]``);
    a malformed or impossible item is a usage error naming it."""
    if not scores:
        return rules
    values = dict(rules.values(language))
    for item in ",".join(scores).split(","):
        letter, equals, number = item.partition("=")
        key = language.normalize(letter.strip()) if letter.strip().isalpha() else None
        if not equals or key is None or not number.strip().isdigit():
            raise UsageError(f"--score {item!r}: expected LETTER=POINTS, e.g. Q=8")
        if key not in language.letter_values:
            raise UsageError(f"--score {item!r}: {letter.strip()!r} is not a letter of {language.name}")
        values[key] = int(number)
    return rules.replace(letter_values=values)
