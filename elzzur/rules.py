"""Game rules kept as data: the bonus-tile codes and how boards draw them (``res/rules/``)."""

from __future__ import annotations

from .cache import load_toml
from .record import Record
from .resources import resource


class Multiplier(Record):
    """A bonus tile: multiplies its letter's value, or the whole word's."""

    __slots__ = ("code", "letter", "word", "name")


class Rules(Record):
    __slots__ = ("multipliers", "bonus_weights")


_ruzzle: list[Rules] = []


def ruzzle() -> Rules:
    """Ruzzle's rules, read once from ``res/rules/ruzzle.toml``."""
    if not _ruzzle:
        data = load_toml(resource("rules", "ruzzle.toml"), "ruzzle.toml")
        multipliers = {
            code: Multiplier(code, int(m.get("letter", 1)), int(m.get("word", 1)), str(m["name"]))
            for code, m in data["multipliers"].items()
        }
        weights = {code: float(w) for code, w in data["generate"]["bonus_weights"].items()}
        _ruzzle.append(Rules(multipliers, weights))
    return _ruzzle[0]
