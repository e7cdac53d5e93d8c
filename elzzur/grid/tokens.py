"""Board tokens: one cell of a board file (``Ttl``, ``Qu``, ``RE-``, ``A|E``, ``Q=8``, ``.``) to a
Cell, and a Cell back to its token.

The grammar of a token, which docs/boards.md documents: ``.`` is a hole; otherwise
letters (any case; ``Qu``, ``TH``), or a prefix tile (``RE-``), a suffix tile (``-ING``) or an
either/or tile (``A/E`` or ``A|E``), then optionally a lower-case bonus code (``dl tl dw tw``,
from ``grid/rules.tile_codes()``), then optionally ``=N``, the value written on the tile. A
token may stand in brackets (``[QU]``), which is how a tile of several letters is written in a
row of letters without spaces (``grid/board.py``).

Anything that could be read two ways is refused with the reason, never guessed: ``TTL``
(a tile ending in TL, or T on a triple letter?), ``Sdx`` (a typo of a bonus code, or the tile
SDX?), ``Sdltw`` (two bonus codes).
"""

from __future__ import annotations

from ..errors import ElzzurError, quoted
from ..lexicon.languages import Language
from ..record import Record
from .rules import tile_codes

HOLE = "."
MAX_TILE_LETTERS = 8


class Cell(Record):
    """One tile: the letters it spells (several choices for an either/or tile, none for a hole),
    its bonus code, the value written on it (None: its letters' values), and where in a word
    it may stand: anywhere, only at the start (a prefix tile such as RE-) or only at the end
    (a suffix tile such as -ING).

    ``Cell("A", "dl")`` is an A on a double letter; ``Cell(("A", "E"))`` an A/E tile;
    ``Cell("")`` a hole.
    """

    __slots__ = ("choices", "bonus", "value", "place")

    @classmethod
    def _defaults(cls) -> dict:
        return {"bonus": "", "value": None, "place": ""}

    def __post_init__(self) -> None:
        choices = self.choices
        if isinstance(choices, str):
            choices = (choices,) if choices else ()
        object.__setattr__(self, "choices", tuple(choices))
        if self.place not in ("", "start", "end"):
            raise ValueError(f"place must be '', 'start' or 'end', not {self.place!r}")

    @property
    def letters(self) -> str:
        """The letters of a one-choice tile ("" for a hole, "A/E" for an either/or tile)."""
        return "/".join(self.choices)

    @property
    def is_hole(self) -> bool:
        return not self.choices

    @property
    def letter_multiplier(self) -> int:
        return tile_codes()[self.bonus].letter if self.bonus else 1

    @property
    def word_multiplier(self) -> int:
        return tile_codes()[self.bonus].word if self.bonus else 1

    @property
    def token(self) -> str:
        """The cell in board-file syntax, e.g. ``Ttl``, ``QU``, ``RE-``, ``A|E``, ``Q=8``, ``.``.
        An either/or tile is written with ``|``, which reads the same in a board file and inline
        (where ``/`` separates rows). Letters are written as the tile holds them: a QU tile is
        ``QU``, not ``Qu``, which a case-mode language reads as another tile (the GUI, which
        knows the language, shows ``Qu`` where it reads back)."""
        if not self.choices:
            return HOLE
        text = "|".join(self.choices)
        if self.place == "start":
            text += "-"
        elif self.place == "end":
            text = "-" + text
        text += self.bonus
        if self.value is not None:
            text += f"={self.value}"
        return text


def parse_token(token: str, language: Language) -> Cell:
    """One board token as a Cell, or an error that says what is wrong with it.

    Grammar: ``.`` is a hole; otherwise letters (``A``, ``Qu``, ``TH``), or a prefix tile
    (``RE-``), a suffix tile (``-ING``) or an either/or tile (``A/E``, or ``A|E``), then
    optionally a lower-case bonus code (``dl tl dw tw``), then optionally ``=N``, the value
    written on the tile: ``Qtl``, ``Qu=8``, ``-INGdw``, ``A/Edl=3``; the whole may stand in
    brackets: ``[QU]``.
    """
    if token == HOLE:
        return Cell("")
    shown = quoted(token)  # messages quote the token as written, cut to a few dozen characters
    if token.startswith("[") and token.endswith("]") and len(token) > 1:
        token = token[1:-1]
        if "[" in token or "]" in token or not token:
            raise ElzzurError(f"token {shown}: brackets hold one tile, such as [QU]")
        if token == HOLE:
            return Cell("")
    if not token.isascii():
        import unicodedata

        token = unicodedata.normalize("NFC", token)
    codes = tile_codes()
    expected = (f"token {shown}: expected letters, then optionally a bonus code "
                f"({', '.join(codes)}) and '=value'")
    text, value = token, None
    if "=" in text:
        text, _, number = text.partition("=")
        if not number.isdigit() or not number.isascii():
            raise ElzzurError(f"token {shown}: the value after '=' must be a whole number, "
                              f"not {quoted(number)}")
        # int() refuses 4,300 digits and more: a long number is too much whatever its digits
        digits = number.lstrip("0") or "0"
        value = int(digits) if len(digits) <= 7 else 10**7
        if value > 10**6:
            raise ElzzurError(f"token {shown}: a value of {value} is more than a tile can be worth")
    if text in codes:
        raise ElzzurError(f"token {shown} is a bonus code without letters")
    bonus = _ending_code(text, codes)
    if bonus:
        text = text[:-len(bonus)]
        other = _ending_code(text, codes)
        if other:
            raise ElzzurError(f"token {shown}: two bonus codes ({other}, {bonus}); a tile has "
                              f"at most one")
    _check_lower_tail(text, shown, codes, language)
    if not text.strip("-"):
        raise ElzzurError(expected)
    place = ""
    if text.startswith("-") and text.endswith("-"):
        raise ElzzurError(f"token {shown}: a tile is a prefix (RE-) or a suffix (-ING), not both")
    if text.endswith("-"):
        text, place = text[:-1], "start"
    elif text.startswith("-"):
        text, place = text[1:], "end"
    parts = text.replace("|", "/").split("/")
    if len(parts) > 1 and (place or any("-" in part for part in parts)):
        raise ElzzurError(f"token {shown}: an either/or tile cannot be a prefix or a suffix")
    choices = []
    for part in parts:
        if not part:
            raise ElzzurError(expected)
        # any case but a trailing bonus code's (Adl/E, aDL, TtL): such a tile could not be
        # written back as a token that reads the same
        if len(part) == 3 and part[1:].lower() in codes and not bonus:
            raise ElzzurError(f"token {shown} is ambiguous: bonus codes are written in lower "
                              f"case ({part[0]}{part[1:].lower()}); a three-letter tile ending in "
                              f"{part[1:].upper()} is not supported")
        if len(part) > MAX_TILE_LETTERS:  # however long, its first nine letters say it all
            head = part[:MAX_TILE_LETTERS + 1]
            if head.isalpha() and language.normalize(head) is not None:
                raise ElzzurError(f"token {shown}: a tile has at most {MAX_TILE_LETTERS} letters")
            part = head  # the message names a character of these that is no letter
        key = language.normalize(part) if part.isalpha() else None
        if key is None:
            bad = next((ch for ch in part if language.normalize(ch) is None or not ch.isalpha()), part)
            raise ElzzurError(f"token {shown}: {quoted(bad)} is not a letter of {language.name}")
        if len(key) > MAX_TILE_LETTERS:
            raise ElzzurError(f"token {shown}: a tile has at most {MAX_TILE_LETTERS} letters")
        choices.append(key)
    if len(set(choices)) != len(choices):
        raise ElzzurError(f"token {shown}: the same letters twice in an either/or tile")
    return Cell(tuple(choices), bonus, value, place)


def _ending_code(text: str, codes) -> str:
    """The bonus code ``text`` ends with after at least one other character, or ""."""
    for code in codes:
        if len(text) > len(code) and text.endswith(code):
            return code
    return ""


def _check_lower_tail(text: str, shown: str, codes, language: Language) -> None:
    """Refuse a token whose letters end in two or more lower-case ASCII letters after a capital
    (``Sdx``, ``Tlt``) or after a prefix tile's dash (``RE-dx``): that is where a bonus code
    goes, so they are a mistyped code far more often than a tile written half in capitals; read
    as letters, the tile would silently hide every word through it. ``Qu`` (one lower-case
    letter) and all-lower-case tiles (``sdx``) are letters. In a case-mode language, whose
    lower-case letters are letters of their own, lower-case letters of the alphabet are letters."""
    start = len(text.rstrip("abcdefghijklmnopqrstuvwxyz"))  # ASCII, as codes are: Işık is letters
    tail = text[start:]
    if len(tail) < 2 or start == 0:
        return
    before = text[start - 1]
    if not (before.isupper() or (before == "-" and start > 1)):
        return
    if language.mode == "case" and all(ch in language.letter_values for ch in tail):
        return
    hint = (f"; a tile of these letters is written in capitals ({language.upper(text)})"
            if before.isupper() and language.mode != "case" else "")
    raise ElzzurError(f"token {shown}: {quoted(tail)} is not a bonus code "
                      f"({', '.join(codes)}){hint}")
