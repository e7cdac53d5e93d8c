"""Calibrating a dictionary against a game: which words the game accepted on a board that
elzzur lacks, and which elzzur finds that the game did not list.

At the end of a round, Ruzzle (and most such games) lists every word the board held. Copied into
a file, one word a line, that list is the game's dictionary seen through one board: set beside
elzzur's answer for the same board it shows, word for word, where the two dictionaries differ,
and ``elzzur words diff --apply`` turns the difference into corrections
(``elzzur.lexicon.corrections``). A word of the game's list that no path on the board spells (under
the rules: Boggle's shortest word is three letters) is neither: a typing mistake, or another
board, reported on its own and never recorded.
"""

from __future__ import annotations

from ..lexicon.cleaning import classify, reason_label
from ..errors import ElzzurError
from ..lexicon.languages import Language

LIMIT = 16 * 2**20  # bytes: a round lists hundreds of words, not millions


class Calibration:
    """``missing``: words on the board the game accepts and elzzur lacks; ``extra``: words
    elzzur finds that the game did not list; ``off_board``: words of the game's list no path
    on the board spells; ``agreed``: how many words both have. Each list sorted."""

    __slots__ = ("missing", "extra", "off_board", "agreed")

    def __init__(self, missing: list[str], extra: list[str], off_board: list[str], agreed: int):
        self.missing, self.extra, self.off_board, self.agreed = missing, extra, off_board, agreed


def read_game_words(path: str, language: Language) -> list[str]:
    """The words of a game's list, one a line in any case, as dictionary keys (in file order,
    each once). A line that cannot be a word is an error naming the file and line."""
    from ..files import read_text_file

    text = read_text_file(path, LIMIT, "a list of words")
    return game_words(text.splitlines(), language, path)


def game_words(lines, language: Language, origin: str = "game words") -> list[str]:
    """``read_game_words`` for lines already read."""
    words: dict[str, None] = {}
    for number, line in enumerate(lines, start=1):
        key, reason = classify(line, language, ignore_case=True)
        if key is None and reason is not None:
            raise ElzzurError(f"{origin}, line {number}: {line.strip()!r} is not a word of "
                              f"{language.name}: {reason_label(reason, language)}")
        if key is not None:
            words[key] = None
    if not words:
        raise ElzzurError(f"{origin}: no words in it")
    return list(words)


def calibrate(board, game: list[str], dictionary, language: Language, rules=None,
              use: str | None = None) -> Calibration:
    """Compare the game's words on ``board`` with what ``dictionary`` finds there under
    ``rules``."""
    from ..lexicon.dictionary import Dictionary
    from .solver import find_words

    found = {row[0] for row in find_words(board, dictionary, language, rules=rules, use=use)}
    playable = {row[0] for row in find_words(board, Dictionary.from_words(game, language),
                                             language, rules=rules, use=use)}
    listed = set(game)
    return Calibration(sorted(playable - found), sorted(found - listed),
                       sorted(listed - playable), len(found & listed))
