"""Cleaning a word list into dictionary keys, and the report of what the cleaning dropped.

A word list is lines of text; a dictionary is keys in the language's letters. ``clean_word``
turns one line into a key or says why it is not a game word; ``clean_list`` cleans a whole list
and counts what it dropped, by reason, so that the command line can say so when a list loses
more than a small share of its entries (``CleanReport.worth_warning``) and refuse one that
loses all of them. Nothing here prints: the report is data, the caller decides what to show.

Whether a capital marks a proper noun is decided on the whole list: in a list where no entry
has a lower-case letter (tournament lists such as Collins, NWL, ODS or FISE are printed in
capitals, and so is ``elzzur cat``'s output), case says nothing, and capitalised entries are
words like any other.
"""

from __future__ import annotations

from ..errors import ElzzurError
from ..record import Record
from .graph import MAX_WORDS
from .languages import Language

MAX_WORD = 64  # letters: the longest German compounds in the word lists have about 40
MAX_ENTRIES = MAX_WORDS  # lines of a word list: what its graph could hold at most

# Why an entry was dropped, in the order a report lists them.
CAPITALISED, NOT_LETTERS, TOO_SHORT, ALPHABET, TOO_LONG = \
    "capitalised", "not letters", "too short", "alphabet", "too long"
REASONS = (CAPITALISED, NOT_LETTERS, TOO_SHORT, ALPHABET, TOO_LONG)

# A game word list loses almost nothing to cleaning: a few entries with an apostrophe or a
# digit, a stray abbreviation. When more than one entry in ten is dropped, the list was most
# likely meant another way than it is read (proper-noun capitals, another language's letters,
# a spelling dictionary's possessives and phrases) and the user should hear about it; below
# that share the drops are the ordinary noise of any list and a warning on every run would
# only teach users to ignore warnings.
WARN_SHARE = 0.10


def shortest_word(language: Language) -> int:
    """The fewest letters a dictionary word of ``language`` has (never fewer than two)."""
    return max(2, language.min_length)


def reason_label(reason: str, language: Language) -> str:
    """How a report names a reason, e.g. ``shorter than 2 letters``."""
    return {
        CAPITALISED: "capitalised (proper nouns)",
        NOT_LETTERS: "not letters (digits, punctuation, spaces)",
        TOO_SHORT: f"shorter than {shortest_word(language)} letters",
        ALPHABET: f"with letters outside the {language.name} alphabet",
        TOO_LONG: f"longer than {MAX_WORD} letters",
    }[reason]


def classify(raw: str, language: Language, ignore_case: bool = False) -> tuple[str | None, str | None]:
    """One line of a word list as ``(key, None)``, ``(None, reason)`` if it is not a game word,
    or ``(None, None)`` for an empty line.

    Dropped: entries with anything but letters (apostrophes, hyphens, digits, spaces), proper
    nouns, abbreviations and brands (a capital after the first letter, or a capital first
    letter unless the language capitalises its nouns; never when ``ignore_case``: see the
    module's docstring), words with a letter the language cannot spell, words shorter than
    the language's minimum, and lines longer than ``MAX_WORD`` letters (no language's word is,
    and such a line would only slow every search down). In case mode capitals are part of the
    word, so no entry is dropped for them: a word list for such a language says itself which
    words count.
    """
    word = raw.strip()
    if word[:1] == "\ufeff":  # a BOM, then spaces
        word = word.lstrip("\ufeff").lstrip()
    if not word:
        return None, None
    if len(word) > MAX_WORD:
        return None, TOO_LONG
    if not word.isascii():
        import unicodedata

        word = unicodedata.normalize("NFC", word)
    if not word.isalpha():
        return None, NOT_LETTERS
    if not ignore_case and language.mode != "case" and (
            word[0].isupper() and not language.keep_capitalised or not word[1:].islower()
            and any(ch.isupper() for ch in word[1:])):  # (islower: the usual word, at C speed)
        return None, CAPITALISED
    key = language.normalize(word)
    if key is None:
        return None, ALPHABET
    if len(key) < shortest_word(language):
        return None, TOO_SHORT
    return key, None


def clean_word(raw: str, language: Language, ignore_case: bool = False) -> str | None:
    """One line of a word list as a dictionary key, or None if it is not a game word (see
    ``classify`` for what is dropped)."""
    return classify(raw, language, ignore_case)[0]


def capitals_only(text: str) -> bool:
    """True if no entry of the list ``text`` has a lower-case letter (and some entry has a
    capital): then case says nothing about proper nouns. ``str.isupper`` is exactly this test
    (every cased character upper case, at least one), and runs at C speed over a whole file.
    """
    return text.isupper()


class CleanReport(Record):
    """What cleaning a word list kept and dropped: ``entries`` non-empty lines, ``words``
    distinct keys, ``dropped`` counts by reason label (a tuple of pairs, in ``REASONS`` order,
    only reasons that occurred), and a ``hint`` for the user (or ""). Plain data, so that it
    can be stored beside a cached word graph and shown again on every run that uses the list.
    """

    __slots__ = ("source", "entries", "words", "dropped", "hint")

    @classmethod
    def _defaults(cls) -> dict:
        return {"hint": ""}

    def __post_init__(self) -> None:
        object.__setattr__(self, "dropped", tuple(tuple(pair) for pair in self.dropped))

    @property
    def total_dropped(self) -> int:
        return sum(count for _, count in self.dropped)

    @property
    def worth_warning(self) -> bool:
        """True if more than ``WARN_SHARE`` of the entries were dropped."""
        return self.total_dropped > WARN_SHARE * self.entries

    @property
    def empty(self) -> bool:
        """True if no word is left: the list cannot be used."""
        return self.words == 0

    def reasons(self) -> str:
        """``12,004 capitalised (proper nouns), 6 not letters (…)``."""
        return ", ".join(f"{count:,} {label}" for label, count in self.dropped)

    def message(self) -> str:
        """The warning's text: ``my.txt: 12,004 of 12,010 entries dropped: 12,004 capitalised
        (proper nouns)``, then the hint, if any."""
        text = f"{self.source}: {self.total_dropped:,} of {self.entries:,} entries dropped: {self.reasons()}"
        return f"{text}; {self.hint}" if self.hint else text

    def error(self) -> str:
        """The error's text for a list that leaves no word."""
        if self.entries == 0:
            return f"{self.source}: no words in it (the list is empty)"
        text = f"{self.source}: no game words in the list: all {self.entries:,} entries were dropped: {self.reasons()}"
        return f"{text}; {self.hint}" if self.hint else text

    def to_data(self) -> list:
        return [self.source, self.entries, self.words, [list(d) for d in self.dropped], self.hint]

    @classmethod
    def from_data(cls, data) -> CleanReport:
        source, entries, words, dropped, hint = data
        if not (isinstance(source, str) and isinstance(entries, int) and isinstance(words, int)
                and isinstance(hint, str) and all(isinstance(label, str) and isinstance(count, int)
                                                   for label, count in dropped)):
            raise ValueError("not a report")
        return cls(source, entries, words, [(label, count) for label, count in dropped], hint)

    def __repr__(self) -> str:
        return f"CleanReport({self.message()!r}, words={self.words})"


def clean_list(lines, language: Language, source: str = "words",
               all_capitals: bool | None = None) -> tuple[set[str], CleanReport]:
    """The distinct keys of a word list, and the report of what was dropped. ``all_capitals``
    says whether the list is in capitals only (``capitals_only``); None: find out from
    ``lines`` (which are then read into a list).
    """
    if not isinstance(lines, list):
        lines = list(lines)
    if len(lines) > MAX_ENTRIES:
        raise too_many_lines(source)
    if all_capitals is None:
        all_capitals = capitals_only("".join(lines))
    words: set[str] = set()
    add = words.add
    counts = dict.fromkeys(REASONS, 0)
    entries = 0
    # The usual entry (letters in lower case, or in any case where case says nothing) is
    # read here without ``classify``'s calls, in half the time, which counts on a list of
    # millions. Anything else, or a word this would drop, goes to ``classify``, which says why.
    # (What ``Language.normalize`` does for a word of the alphabet's letters, without its
    # second NFC: a word with letters to fold goes to ``classify`` too.)
    shortest, upper = shortest_word(language), language.upper
    spelt = language.letter_values.__contains__
    any_case = all_capitals or language.mode == "case"
    nfc = None
    for line in lines:
        word = line.strip()
        if len(word) <= MAX_WORD:
            if not word.isascii():  # (a BOM is no letter: classify drops it)
                if nfc is None:
                    from unicodedata import normalize as nfc
                word = nfc("NFC", word)
            if word.isalpha() and (any_case or word.islower()):
                key = upper(word)
                if len(key) >= shortest and all(map(spelt, key)):
                    entries += 1
                    add(key)
                    continue
        key, reason = classify(line, language, all_capitals)
        if key is not None:
            entries += 1
            words.add(key)
        elif reason is not None:
            entries += 1
            counts[reason] += 1
    dropped = [(reason_label(reason, language), counts[reason]) for reason in REASONS if counts[reason]]
    hint = ""
    if counts[CAPITALISED] > WARN_SHARE * entries:
        # many capitals dropped, and fewer entries with a lower-case letter (a title line, a
        # stray word): those few decided that capitals mean names; name the first of them
        lower = [(number, line.strip()) for number, line in enumerate(lines, start=1)
                 if line.upper() != line]
        if lower and len(lower) < counts[CAPITALISED]:
            number, entry = lower[0]
            shown = entry if len(entry) <= 40 else entry[:37] + "..."
            hint = (f"a list in capitals is read as words only if no entry has a lower-case "
                    f"letter, and line {number:,} ({shown!r}) has one")
    return words, CleanReport(source, entries, len(words), dropped, hint)


def split_lines(text: str, source: str = "words") -> list[str]:
    """The lines of a word list (any line ends), refused before they are split when there
    are more than ``MAX_ENTRIES``: a 256 MiB file of one-letter lines would be 128 million
    strings, gigabytes, before cleaning could look at one."""
    ends = text.count("\n") + text.count("\r")  # line ends, but a CRLF counts two
    if ends >= MAX_ENTRIES:
        ends -= text.count("\r\n")
        if ends + (text[-1:] not in ("\n", "\r")) > MAX_ENTRIES:  # the last line, unended
            raise too_many_lines(source)
    import io

    return io.StringIO(text, newline=None).readlines()


def too_many_lines(source: str) -> ElzzurError:
    return ElzzurError(f"{source}: more than {MAX_ENTRIES:,} lines, too many for a word list "
                       f"(elzzur's largest dictionary, Turkish, has about a million words)")


def clean_words(lines, language: Language) -> set[str]:
    """The distinct dictionary keys of a word list."""
    return clean_list(lines, language)[0]
