"""Languages: alphabet, letter values, letter frequencies, length bonus and word normalisation.

Every language is one TOML file in ``res/languages/``; nothing about a language lives in code.
"""

from __future__ import annotations

import os

from .cache import load_toml
from .errors import ElzzurError, UsageError
from .record import Record
from .resources import resource


class Language(Record):
    """What the solver and the dictionary tools need to know about one language."""

    __slots__ = ("code", "name", "letter_values", "letter_frequencies", "length_bonus",
                 "length_bonus_step", "min_length", "keep_capitalised", "fold_map", "dictionary",
                 "dictionary_source", "demo_board")

    @property
    def alphabet(self) -> frozenset[str]:
        return frozenset(self.letter_values)

    def bonus(self, length: int) -> int:
        """Points added for a word of ``length`` letters, extrapolated past the table."""
        table = self.length_bonus
        if length < len(table):
            return table[length]
        return table[-1] + (length - len(table) + 1) * self.length_bonus_step

    def normalize(self, text: str) -> str | None:
        """The word as board letters (upper case, accents folded), or None if it cannot be spelt.

        Letters of the alphabet are kept as they are; any other letter is decomposed (NFKD) and
        its marks dropped, then mapped by the language's fold table (ß→SS, Œ→OE, Ø→O, …), so no
        letter is ever silently deleted: a word with a letter that maps to nothing is refused.
        """
        alphabet = self.letter_values
        if text.isascii():
            word = text.upper()
            if all(ch in alphabet for ch in word):
                return word
        import unicodedata

        word = unicodedata.normalize("NFC", text).upper()
        if all(ch in alphabet for ch in word):
            return word
        out = []
        for ch in word:
            if ch in alphabet:
                out.append(ch)
                continue
            if ch in self.fold_map:
                out.append(self.fold_map[ch])
                continue
            base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
            base = "".join(self.fold_map.get(c, c) for c in base)
            if not base or any(c not in alphabet for c in base):
                return None
            out.append(base)
        return "".join(out)


def available() -> list[str]:
    """Codes of the built-in languages, sorted."""
    return sorted(name[:-5] for name in os.listdir(resource("languages")) if name.endswith(".toml"))


_languages: dict[str, Language] = {}


def get_language(code: str) -> Language:
    """The built-in language ``code`` (``en``, ``it``, …), read once per process."""
    key = code.lower()
    if key not in _languages:
        path = resource("languages", f"{key}.toml")
        if not os.path.isfile(path):
            codes = ", ".join(available())
            raise UsageError(f"unknown language {code.lower()!r} (choose from {codes})")
        _languages[key] = parse_language(load_toml(path, f"{key}.toml"), f"{key}.toml")
    return _languages[key]


# How a message names each expected TOML type (``(int, float)`` has no ``__name__``).
KIND_NAMES = {bool: "true or false", int: "an integer", (int, float): "a number", str: "a string",
              list: "a list", dict: "a table"}


def parse_language(data: dict, origin: str) -> Language:
    """Build a Language from a parsed TOML table, naming the key at fault if it is wrong."""

    def need(table: dict, key: str, kind: type | tuple[type, ...], where: str = ""):
        if key not in table:
            raise ElzzurError(f"{origin}: missing key {where + key!r}")
        value = table[key]
        if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
            raise ElzzurError(f"{origin}: key {where + key!r} must be {KIND_NAMES[kind]}")
        return value

    letters = need(data, "letters", dict)
    values: dict[str, int] = {}
    freqs: dict[str, float] = {}
    if not letters:
        raise ElzzurError(f"{origin}: key 'letters' lists no letters")
    for letter in letters:
        if letter != letter.upper() or len(letter) != 1:
            raise ElzzurError(f"{origin}: letter {letter!r} must be one upper-case character")
        entry = need(letters, letter, dict, "letters.")
        values[letter] = need(entry, "value", int, f"letters.{letter}.")
        freq = need(entry, "frequency", (int, float), f"letters.{letter}.")
        if freq < 0:
            raise ElzzurError(f"{origin}: key 'letters.{letter}.frequency' must not be negative")
        freqs[letter] = float(freq)
    if not any(freqs.values()):  # generate could not draw a single letter
        raise ElzzurError(f"{origin}: every letter has frequency 0")
    scoring = need(data, "scoring", dict)
    bonus = need(scoring, "length_bonus", list, "scoring.")
    if not bonus or not all(isinstance(b, int) and not isinstance(b, bool) for b in bonus):
        raise ElzzurError(f"{origin}: key 'scoring.length_bonus' must be a list of integers")
    norm = need(data, "normalization", dict)
    fold = need(norm, "map", dict, "normalization.")
    for key in fold:
        need(fold, key, str, "normalization.map.")
    source = need(data, "dictionary", dict)
    return Language(
        code=need(data, "code", str),
        name=need(data, "name", str),
        letter_values=values,
        letter_frequencies=freqs,
        length_bonus=tuple(bonus),
        length_bonus_step=need(scoring, "length_bonus_step", int, "scoring."),
        min_length=need(scoring, "min_length", int, "scoring."),
        keep_capitalised=need(norm, "keep_capitalised", bool, "normalization."),
        fold_map=dict(fold),
        dictionary=need(source, "file", str, "dictionary."),
        dictionary_source=need(source, "source", str, "dictionary."),
        demo_board=need(data, "demo_board", str),
    )
