"""Game rules kept as data: the bonus-tile codes and how boards draw them (``res/rules/``)."""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from typing import Mapping

from .resources import resource


@dataclass(frozen=True)
class Multiplier:
    """A bonus tile: multiplies its letter's value, or the whole word's."""

    code: str
    letter: int
    word: int
    name: str


@dataclass(frozen=True)
class Rules:
    multipliers: Mapping[str, Multiplier]
    bonus_weights: Mapping[str, float]


@functools.cache
def ruzzle() -> Rules:
    """Ruzzle's rules, read once from ``res/rules/ruzzle.toml``."""
    data = tomllib.loads(resource("rules", "ruzzle.toml").read_text(encoding="utf-8"))
    multipliers = {
        code: Multiplier(code, int(m.get("letter", 1)), int(m.get("word", 1)), str(m["name"]))
        for code, m in data["multipliers"].items()
    }
    weights = {code: float(w) for code, w in data["generate"]["bonus_weights"].items()}
    return Rules(multipliers, weights)
