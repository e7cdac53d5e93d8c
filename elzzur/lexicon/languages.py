"""Languages: alphabet, letter values, letter frequencies, length bonus and word normalisation.

A language is one TOML file; nothing about a language lives in code. ``-l`` names one by code,
looked up among the built-in files in ``elzzur/res/languages/`` and then in the user's folder
(``$ELZZUR_LANGUAGES_DIR``, else ``$XDG_CONFIG_HOME/elzzur/languages``, else
``~/.config/elzzur/languages``), or by the path of any language file. A user file ``xx.toml``
is language ``xx``; one with the code of a built-in is an error naming both files, so neither
can quietly stand in for the other.

Normalisation turns a word or a board letter into the language's letters. ``normalization.mode``:

- ``fold`` (the default): letters outside the alphabet lose their accents (é → E); the
  alphabet itself holds no accented letters (Ruzzle's A–Z boards);
- ``native``: the same, but the alphabet may hold letters with marks (Ñ, Ä, Ç, İ, Ş), kept as
  they are; other letters still fold (é → E in Spanish);
- ``case``: nothing is upper-cased: ``a`` and ``A`` are different letters if the alphabet
  holds both, and a word list's capitalised entries are words like any other.

``normalization.upper`` replaces ``str.upper`` for the letters it lists: Turkish ``i`` → ``İ``
and ``ı`` → ``I``, where Python gives ``I`` for both.
"""

from __future__ import annotations

import os

from ..datafiles import MAX_NUMBER, REQUIRED, Checker, check_file, is_path, load_toml, \
    presets, unknown, whole_numbers
from ..errors import ElzzurError, quoted
from ..record import Record
from ..files import absolute, resource
from .graph import LONGEST

MODES = ("fold", "native", "case")
BUILT_IN, USER, FILE = "built-in", "user", "file"
CODE_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-_")
MAX_LETTERS = 63  # the word graph's node masks have 63 letter bits (elzzur.lexicon.graph)
MAX_CODE = 40  # characters of a language's code: it names files (xx.toml, cache entries)
MAX_MAPPED = 8  # letters one character may become (ß → SS, Œ → OE): a tile's at most


# normalization.upper as str.translate's table, by the table's id (kept with it: the id of a
# table still held is never reused)
_translations: dict[int, tuple[dict, dict | None]] = {}


def as_language(language) -> Language:
    """``language`` itself if it is a Language, else a TypeError that says how to get one."""
    if isinstance(language, Language):  # (defined below: called, never at import)
        return language
    raise TypeError(f"language must be a Language (elzzur.get_language({language!r:.20})), "
                    f"not {type(language).__name__}")


def length_bonus(table: tuple[int, ...], step: int, length: int) -> int:
    """The bonus of a word of ``length`` letters from a table indexed by length, which goes on
    past its end in steps of ``step`` (shared by language files and rules files)."""
    if length < len(table):
        return table[length]
    return table[-1] + (length - len(table) + 1) * step


class Language(Record):
    """What the solver and the dictionary tools need to know about one language.

    ``file`` is the language file and ``where`` says how it was found (``built-in``, ``user``:
    the user's folder, ``file``: a path given to ``-l``). ``dictionary_path`` is the dictionary
    file resolved (built-ins: in ``elzzur/res/dictionaries``; others: beside the language file), or
    None for a user language without one.
    """

    __slots__ = ("code", "name", "letter_values", "letter_frequencies", "length_bonus",
                 "length_bonus_step", "min_length", "keep_capitalised", "fold_map", "dictionary",
                 "dictionary_source", "demo_board", "mode", "upper_map", "file", "where",
                 "dictionary_path")

    @classmethod
    def _defaults(cls) -> dict:
        return {"mode": "fold", "upper_map": {}, "file": None, "where": FILE,
                "dictionary_path": None}

    @property
    def alphabet(self) -> frozenset[str]:
        return frozenset(self.letter_values)

    def bonus(self, length: int) -> int:
        """Points added for a word of ``length`` letters, extrapolated past the table."""
        return length_bonus(self.length_bonus, self.length_bonus_step, length)

    def upper(self, text: str) -> str:
        """``text`` upper-cased the language's way (``text`` itself in case mode)."""
        if self.mode == "case":
            return text
        table = self.upper_map
        if not table:
            return text.upper()
        translation = _translations.get(id(table))
        if translation is None or translation[0] is not table:
            # as one str.translate, then str.upper (both at C speed, a word list's millions
            # of words), where that is the same: when upper() leaves what the table gives
            same = all(value.upper() == value for value in table.values())
            translation = _translations[id(table)] = (
                table, {ord(ch): value for ch, value in table.items()} if same else None)
        if translation[1] is not None:
            return text.translate(translation[1]).upper()
        return "".join(table.get(ch) or ch.upper() for ch in text)

    def normalize(self, text: str) -> str | None:
        """The word as board letters, or None if it cannot be spelt with them.

        Upper-cased the language's way (not in case mode); letters of the alphabet are kept as
        they are; any other letter is decomposed (NFKD) and its marks dropped, then mapped by
        the language's fold table (ß→SS, Œ→OE, Ø→O, …), so no letter is ever silently deleted:
        a word with a letter that maps to nothing is refused.
        """
        alphabet = self.letter_values
        if text.isascii():  # already NFC: no need for unicodedata (costly at start-up)
            word = self.upper(text)
            if all(map(alphabet.__contains__, word)):  # (map: a word list's millions at C speed)
                return word
        import unicodedata

        word = self.upper(unicodedata.normalize("NFC", text))
        if all(map(alphabet.__contains__, word)):
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


# --- finding language files -------------------------------------------------------------------

def user_dir() -> str:
    """The user's folder of language files (it need not exist)."""
    explicit = os.environ.get("ELZZUR_LANGUAGES_DIR")
    if explicit:
        return explicit
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return os.path.join(base, "elzzur", "languages")


def available() -> list[str]:
    """Codes of the built-in languages, sorted."""
    return presets("language")


def user_files() -> dict[str, str]:
    """The user's language files by code (the file name without ``.toml``), sorted by code."""
    folder = user_dir()
    try:
        names = os.listdir(folder)
    except OSError:  # no such folder (the usual case), or not a folder
        return {}
    files = {name[:-5]: os.path.join(folder, name) for name in names
             if name.endswith(".toml") and not name.startswith(".")}
    return {code: files[code] for code in sorted(files)}


def valid_code(code: str) -> bool:
    return bool(code) and code[0] not in "-_" and all(ch in CODE_CHARS for ch in code)


_languages: dict[str, Language] = {}


def get_language(spec: str | os.PathLike) -> Language:
    """A language by code (built-in, then the user's folder) or by the path of its file,
    read once per process.
    """
    by_path = not isinstance(spec, str) or is_path(spec)
    spec = os.fspath(spec)
    key = absolute(spec) if by_path else spec.lower()  # (absolute: a clear error without a cwd)
    if key not in _languages:
        if not by_path:
            _languages[key] = _find(key)
        else:
            _languages[key] = read_language(check_file("language", spec), spec, FILE)
    return _languages[key]


def _find(code: str) -> Language:
    """The language file of ``code``: built-in or the user's, never both."""
    builtin = resource("languages", f"{code}.toml")
    user = os.path.join(user_dir(), f"{code}.toml")
    found_builtin = valid_code(code) and os.path.isfile(builtin)
    found_user = valid_code(code) and os.path.exists(user)  # a pipe there: a clear error
    if found_builtin and found_user:
        raise ElzzurError(f"language {code!r} is defined twice: by the built-in {builtin} and by "
                          f"{user} (rename the user file, or give its path to -l)")
    if found_builtin:
        return read_language(builtin, f"{code}.toml", BUILT_IN, code)
    if found_user:
        return read_language(user, user, USER, code)
    raise unknown("language", code, sorted(set(available()) | {c for c in user_files() if valid_code(c)}))


def read_language(path: str, origin: str, where: str, code: str | None = None) -> Language:
    """Read and check the language file at ``path``; messages start with ``origin``."""
    return parse_language(load_toml(path, origin), origin, path, where, code)


def catalogue() -> list[tuple[str, str, str, Language | ElzzurError]]:
    """Every language to be found: (code, where, file, the language or the error reading it);
    built-in ones first, then the user's, each sorted by code. A broken user file is a row
    with its error, so that listing the languages always works.
    """
    rows: list[tuple[str, str, str, Language | ElzzurError]] = []
    builtins = available()
    for code in builtins:
        path = resource("languages", f"{code}.toml")
        try:
            language = _languages.get(code) or read_language(path, f"{code}.toml", BUILT_IN, code)
        except ElzzurError as e:
            language = e
        rows.append((code, BUILT_IN, path, language))
    for code, path in user_files().items():
        try:
            if not valid_code(code):
                raise ElzzurError(f"{path}: {code!r} is not a language code: name the file with "
                                  "lower-case letters, digits, '-' or '_', then '.toml'")
            if code in builtins:
                raise ElzzurError(f"{path}: the built-in language {code!r} has this code too "
                                  "(rename the file)")
            language = _languages.get(code) or read_language(path, path, USER, code)
        except ElzzurError as e:
            language = e
        rows.append((code, USER, path, language))
    return rows


# --- checking a language file -------------------------------------------------------------------

# The keys each table may hold: anything else is a typing mistake worth naming.
KEYS = {
    "": ("code", "name", "demo_board", "dictionary", "scoring", "normalization", "letters"),
    "dictionary.": ("file", "source"),
    "scoring.": ("min_length", "length_bonus", "length_bonus_step"),
    "normalization.": ("mode", "keep_capitalised", "map", "upper"),
}


def plain_letter(entry) -> bool:
    """True if a letter's table (``letters.X``) is one that ``parse_language``'s checks of it
    accept: a table of exactly a ``value``, a whole number from 0 to ``MAX_NUMBER``, and a
    ``frequency``, a number (whole or not) in the same range. Tested in one expression, where
    the checks, which name the key at fault, take a dozen calls a letter: every run reads a
    language's letters. Anything else goes through the checks (tests/test_language_files.py
    holds the two to the same answers)."""
    if type(entry) is not dict or len(entry) != 2:
        return False
    value, frequency = entry.get("value"), entry.get("frequency")
    return (type(value) is int and 0 <= value <= MAX_NUMBER
            and type(frequency) in (int, float) and 0 <= frequency <= MAX_NUMBER)


def parse_language(data: dict, origin: str, path: str | None = None, where: str = BUILT_IN,
                   code: str | None = None) -> Language:
    """Build a Language from a parsed TOML table, naming the key at fault if it is wrong.

    ``path`` is the file (dictionary and demo board files are relative to its folder, except
    for built-ins: ``elzzur/res/dictionaries`` and ``elzzur/res/boards``); ``code``, if given, is the code the
    file name says, which the file's ``code`` key must repeat. Built-in files must name their
    dictionary and demo board; other files may leave them out.
    """
    check = Checker(origin)
    fail, need, known = check.fail, check.need, check.known

    builtin = where == BUILT_IN
    known(data, KEYS[""], "")
    file_code = need(data, "code", str)
    if not valid_code(file_code) or len(file_code) > MAX_CODE:
        fail(f"key 'code' must be 1 to {MAX_CODE} lower-case letters, digits, '-' or '_', not "
             f"{quoted(file_code)}")
    if code is not None and file_code != code:
        fail(f"key 'code' is {quoted(file_code)}, but the file name says {quoted(code)}")
    name = check.name(data, "name")

    norm = need(data, "normalization", dict, default={})
    known(norm, KEYS["normalization."], "normalization.")
    mode = need(norm, "mode", str, "normalization.", "fold")
    if mode not in MODES:
        fail(f"key 'normalization.mode' must be one of {', '.join(MODES)}, not {quoted(mode)}")
    keep_capitalised = need(norm, "keep_capitalised", bool, "normalization.", False)
    upper = need(norm, "upper", dict, "normalization.", {})
    for key in upper:
        value = need(upper, key, str, "normalization.upper.")
        if len(key) != 1 or not 0 < len(value) <= MAX_MAPPED:
            fail(f"key {quoted('normalization.upper.' + key)} must map one character to 1 to "
                 f"{MAX_MAPPED} characters")
    if upper and mode == "case":
        fail("key 'normalization.upper' has no use in mode 'case' (nothing is upper-cased)")
    fold = need(norm, "map", dict, "normalization.", {})

    def upper_case(text: str) -> str:
        return "".join(upper.get(ch) or ch.upper() for ch in text)

    letters = need(data, "letters", dict)
    values: dict[str, int] = {}
    freqs: dict[str, float] = {}
    if not letters:
        fail("key 'letters' lists no letters")
    if len(letters) > MAX_LETTERS:
        fail(f"key 'letters' lists {len(letters)} letters, at most {MAX_LETTERS} are possible")
    for letter in letters:
        if len(letter) != 1 or not letter.isalpha():
            fail(f"letter {quoted(letter)} must be one "
                 f"{'' if mode == 'case' else 'upper-case '}character")
        if mode != "case" and upper_case(letter) != letter:
            fail(f"letter {quoted(letter)} must be one upper-case character")
        if not letter.isascii() and not builtin:  # built-ins: checked by the tests, and
            import unicodedata                      # unicodedata costs start-up time

            if unicodedata.normalize("NFC", letter) != letter:
                fail(f"letter {letter!r} must be written composed (NFC)")
            if mode == "fold" and unicodedata.normalize("NFKD", letter) != letter:
                fail(f"letter {letter!r} has a mark that mode 'fold' folds away "
                     "(keep it with normalization.mode = \"native\")")
        entry = letters[letter]
        if plain_letter(entry):  # what the checks below accept, seen at once (every run)
            values[letter], freqs[letter] = entry["value"], float(entry["frequency"])
            continue
        entry = need(letters, letter, dict, "letters.")
        known(entry, ("value", "frequency"), f"letters.{letter}.")
        values[letter] = check.whole(entry, "value", 0, prefix=f"letters.{letter}.")
        # a share of the letters, in any unit (per cent, per mille, counts): never inf or nan
        freqs[letter] = float(check.number(entry, "frequency", 0, prefix=f"letters.{letter}."))
    if not any(freqs.values()):  # generate could not draw a single letter
        fail("every letter has frequency 0")
    for key in fold:
        value = need(fold, key, str, "normalization.map.")
        named = quoted(f"normalization.map.{key}")
        if len(key) != 1:  # normalize() maps one character at a time: a longer key never applies
            fail(f"key {named}: the map replaces one character, not {len(key)} (map each "
                 f"character of {quoted(key)} by itself)")
        if key in values:
            fail(f"key {named}: {quoted(key)} is a letter of the alphabet, kept as it is")
        if not 0 < len(value) <= MAX_MAPPED or any(ch not in values for ch in value):
            fail(f"key {named} must be 1 to {MAX_MAPPED} letters of the alphabet, not "
                 f"{quoted(value)}")

    scoring = need(data, "scoring", dict)
    known(scoring, KEYS["scoring."], "scoring.")
    bonus = need(scoring, "length_bonus", list, "scoring.",
                 check=whole_numbers(-MAX_NUMBER, MAX_NUMBER),
                 what=f"a list of whole numbers, each from {-MAX_NUMBER:,} to {MAX_NUMBER:,}")

    source = need(data, "dictionary", dict, default=REQUIRED if builtin else {})
    known(source, KEYS["dictionary."], "dictionary.")
    dictionary = need(source, "file", str, "dictionary.", REQUIRED if builtin else None)
    folder = os.path.dirname(os.path.abspath(path)) if path else os.getcwd()
    dictionary_path = None
    if dictionary is not None:
        dictionary_path = os.path.join(resource("dictionaries") if builtin else folder, dictionary)
    demo_board = need(data, "demo_board", str, default=REQUIRED if builtin else None)
    if not builtin:  # run_demo joins it to elzzur/res/boards: an absolute path stays itself
        demo_board = os.path.join(folder, demo_board or f"{file_code}.board")
    return Language(
        code=file_code,
        name=name,
        letter_values=values,
        letter_frequencies=freqs,
        length_bonus=tuple(bonus),
        length_bonus_step=check.whole(scoring, "length_bonus_step", -MAX_NUMBER, MAX_NUMBER,
                                      "scoring."),
        min_length=check.whole(scoring, "min_length", 1, LONGEST, "scoring."),
        keep_capitalised=keep_capitalised,
        fold_map=dict(fold),
        dictionary=dictionary,
        dictionary_source=need(source, "source", str, "dictionary.", REQUIRED if builtin else None,
                               lambda text: len(text) <= 500, "a string of at most 500 characters")
        or dictionary or "",
        demo_board=demo_board,
        mode=mode,
        upper_map=dict(upper),
        file=path,
        where=where,
        dictionary_path=dictionary_path,
    )
