"""Fuzz elzzur's parsers: nothing a user types may crash elzzur.

The project's rule is that bad input ends in ``elzzur.errors.ElzzurError`` (or its subclass
``UsageError``), which the command line prints as one line. Anything else a parser raises
(IndexError, KeyError, ValueError, UnicodeError, RecursionError, MemoryError), a hang, a
wrong answer on a round trip, or a crash of a C extension is a bug. The unit tests check the
inputs someone thought of; this script throws hypothesis-generated inputs at the parsers for
minutes at a time: the grammar's pieces mixed with garbage (arbitrary text and bytes, unusual
Unicode, huge numbers, long lines, mutated real files).

Run one target for a time budget (one at a time on a small machine)::

    PYTHONPATH=. python tools/fuzz.py board --minutes 10
    PYTHONPATH=. python tools/fuzz.py language --minutes 10
    PYTHONPATH=. python tools/fuzz.py dictionary --minutes 10
    PYTHONPATH=. python tools/fuzz.py position --minutes 10

Targets:

- ``board``: ``elzzur.grid.board.parse_token``/``parse_board``/``parse_boards`` in en, tr,
  es-native and de (with a round trip of every parsed cell and board through its printed
  form), and ``read_board_text`` on a file of random bytes or an inline board;
- ``language``: language files (TOML text, random and mutated from ``elzzur/res/languages``) through
  ``read_language``/``get_language``, parsed tables with wrong types through
  ``parse_language``, damaged cache entries of a language file, and rules files and tables
  (``elzzur.grid.rules``), each language or rule set that parses then used on a tiny board;
- ``dictionary``: word lists of random bytes through ``load_dictionary`` and a solve of a small
  board (C core and pure Python alternately), mutated ``.marisa`` files, and
  mutated word graphs (``.dawg``) as a graph file and as a user dictionary's cache entry;
- ``position``: Scrabble CGP positions, grid positions and racks (``elzzur.scrabble``) for the
  en, es and tr tile sets, tile set names and mutated tile files, then ``best_moves`` on what
  parsed (small racks only).

The fuzzing runs in a worker process that a supervisor restarts if it dies, so a segfault in
a C extension is reported (with the input that caused it) instead of ending the run; inputs for
C code (compiled dictionaries, word graphs) run in a forked child each, so that hypothesis can
shrink a crash too. Each input gets 2 seconds (one that takes longer twice is reported as a
hang) and the worker 4 GiB of memory. A failure is
known by its exception type and the line that raised it; hypothesis shrinks the first input of
each to a minimal one. At the end the script prints the target, the examples run, the distinct
failures and each failing input (``repr``); logs and state are kept in ``/tmp/fuzz-TARGET/``.
"""

from __future__ import annotations

import argparse
import base64
import copy
import json
import os
import pickle
import signal
import subprocess
import sys
import tempfile
import time
import traceback

from hypothesis import HealthCheck, Phase, given, settings, strategies as st
from hypothesis.database import DirectoryBasedExampleDatabase

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
try:  # the installed elzzur, else the one of this checkout
    import elzzur  # noqa: F401
except ImportError:
    sys.path.insert(0, REPO)

from elzzur import cache, datafiles, scrabble  # noqa: E402
from elzzur.grid import rules  # noqa: E402
from elzzur.lexicon import cleaning, dictionary, graph, languages  # noqa: E402
from elzzur.grid.board import parse_board, parse_boards, parse_token, read_board_text  # noqa: E402
from elzzur.errors import ElzzurError  # noqa: E402

TARGETS = ("board", "language", "dictionary", "position")
HANG_SECONDS = 2.0
MEMORY_LIMIT = 4 * 2**30


class Hang(BaseException):
    """An input took longer than HANG_SECONDS (a BaseException: no ``except Exception`` in the
    code under test swallows it)."""


class HangError(Exception):
    """A hang, as the exception hypothesis sees (it shrinks failures that are Exceptions)."""


class TimeUp(BaseException):
    """The run's time budget is spent: ends hypothesis's loop."""


class Restart(BaseException):
    """Ends one round of hypothesis's loop to start another: a long round holds on to more and
    more memory (its caches of examples), a gigabyte in a minute with long inputs."""


ROUND = 500  # examples per round of hypothesis


# --- pieces shared by the strategies ---------------------------------------------------------

# Characters that break naive text handling: line breaks str.splitlines knows and users don't,
# zero-width and combining marks, letters whose case mapping changes length or differs by
# language, compatibility forms, non-ASCII digits, lone surrogates (from undecodable argv).
WEIRD = [
    "\x00", "\t", "\x0b", "\x0c", "\r", "\x1c", "\x1d", "\x1e", "\x1f", "\x85", "\xa0",
    "\u2028", "\u2029", "\ufeff", "\u200b", "\u200d", "\u0301", "\u0307", "\u0308", "\u0303",
    "ß", "ẞ", "ﬃ", "ﬅ", "İ", "ı", "i", "I", "ǅ", "ǈ", "ŉ", "\u212b", "\u2126", "ℌ", "𝔸", "Ａ",
    "ᴬ", "Ⓐ", "²", "½", "٣", "𝟗", "Ⅻ", "\ud800", "\udcff", "😀", "\U0010ffff", "é", "e\u0301",
    "Ñ", "ñ", "Ä", "ö", "Ş", "ş", "ç", "ğ", "Ç", "Ğ", "Ü", "ΐ", "ﬀ", "ǰ", "Ω", "ω", "ς",
    "ſ", "K", "µ", "ᾳ", "ﬓ", "\u0345", "\u1e9e", "\uffff", "\ufffd",
]
NUMBERS = ["0", "00", "1", "7", "15", "16", "999999", "1000001", str(2**31), str(2**63),
           str(2**64), "9" * 30, "9" * 4300, "9" * 4301, "-1", "+1", "1e9", "1_0", "0x1",
           " 1", "1 ", "²", "٣", "𝟗", "Ⅻ", "½", "١٢", "", "1.5", "nan", "inf"]
BIG_REPEATS = [100, 1000, 4301, 20000, 100000]

weird_char = st.sampled_from(WEIRD)
weird_single = st.sampled_from([ch for ch in WEIRD if len(ch) == 1])
any_char = st.one_of(st.characters(), st.characters(exclude_categories=()), weird_single)
garbage_text = st.one_of(st.text(), st.text(any_char, max_size=40), st.lists(weird_char).map("".join))
number_text = st.one_of(st.sampled_from(NUMBERS), st.integers(0, 10**30).map(str))


MAX_TEXT = 100_000  # characters: long enough for any limit, short enough to stay fast


def repeated(piece):
    """A piece, one time in ten repeated into a long line (at most MAX_TEXT long)."""
    return st.one_of(*[piece] * 9, st.tuples(piece, st.sampled_from(BIG_REPEATS)).map(
        lambda t: (t[0] * min(t[1], MAX_TEXT // max(1, len(t[0]))))[:MAX_TEXT]))


def joined(parts, seps):
    """Parts joined with a separator drawn for each gap (at most MAX_TEXT long)."""
    return st.lists(st.tuples(parts, seps), min_size=1, max_size=8).map(
        lambda pairs: ("".join(p[:MAX_TEXT] + s for p, s in pairs[:-1]) + pairs[-1][0])[:MAX_TEXT])


def mutated_bytes(base_size: int):
    """Edits to a byte string of about ``base_size`` bytes (positions beyond it wrap)."""
    position = st.one_of(st.integers(0, 64), st.integers(0, max(base_size, 1)))
    edit = st.one_of(
        st.tuples(st.just("flip"), position, st.integers(0, 7)),
        st.tuples(st.just("byte"), position, st.integers(0, 255)),
        st.tuples(st.just("u32"), position, st.sampled_from(
            [0, 1, 2, 7, 8, 63, 64, 255, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0xFFFFFFFE])),
        st.tuples(st.just("u64"), position, st.sampled_from(
            [0, 1, 2**63, 2**64 - 1, 2**62, (2**63) | 1, 2**63 - 1])),
        st.tuples(st.just("insert"), position, st.binary(min_size=1, max_size=16)),
        st.tuples(st.just("delete"), position, st.integers(1, 64)),
        st.tuples(st.just("truncate"), position, st.just(0)),
        st.tuples(st.just("copy"), position, position),
    )
    return st.lists(edit, min_size=1, max_size=6).map(tuple)


def apply_edits(data: bytes, edits) -> bytes:
    """The bytes after ``edits`` (as drawn by ``mutated_bytes``)."""
    out = bytearray(data)
    for kind, where, arg in edits:
        n = len(out)
        at = where % (n + 1)
        if kind == "flip" and at < n:
            out[at] ^= 1 << arg
        elif kind == "byte" and at < n:
            out[at] = arg
        elif kind == "u32":
            out[at:at + 4] = arg.to_bytes(4, "little")
        elif kind == "u64":
            out[at:at + 8] = arg.to_bytes(8, "little")
        elif kind == "insert":
            out[at:at] = arg
        elif kind == "delete":
            del out[at:at + arg]
        elif kind == "truncate":
            del out[at:]
        elif kind == "copy":
            src = arg % (n + 1)
            out[at:at + 8] = out[src:src + 8]
    return bytes(out)


# TOML values of every type (tomllib gives str, int, float, bool, datetime, list, dict).
toml_scalar = st.one_of(
    st.booleans(), st.integers(), st.integers(-2**70, 2**70), st.sampled_from([0, -1, 1, 63, 64]),
    st.floats(), st.text(max_size=8), st.text(weird_single, max_size=3), st.datetimes(), st.dates(),
    st.times())
toml_key = st.one_of(st.text(max_size=6), weird_char, st.sampled_from(
    ["code", "name", "letters", "value", "frequency", "scoring", "mode", "map", "upper", "A", "a",
     "", "dictionary", "file", "source", "demo_board", "min_length", "length_bonus"]))
toml_value = st.recursive(
    toml_scalar,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(toml_key, inner, max_size=4)),
    max_leaves=8)


def tree_paths(tree, prefix=()):
    """Every path (a tuple of keys and indices) into nested dicts and lists, the root first."""
    yield prefix
    if isinstance(tree, dict):
        for key, value in tree.items():
            yield from tree_paths(value, prefix + (key,))
    elif isinstance(tree, list):
        for i, value in enumerate(tree):
            yield from tree_paths(value, prefix + (i,))


tree_edit = st.tuples(st.integers(0, 10**6), st.sampled_from(["set", "delete", "add", "rename"]),
                      toml_key, toml_value)


def edit_tree(tree, edits):
    """A deep copy of a parsed TOML table with ``edits`` applied at paths picked by number."""
    tree = copy.deepcopy(tree)
    for pick, action, key, value in edits:
        paths = list(tree_paths(tree))
        path = paths[pick % len(paths)]
        if not path:
            if action in ("add", "set"):
                tree[key] = value
            continue
        parent = tree
        for step in path[:-1]:
            parent = parent[step]
        last = path[-1]
        if action == "set":
            parent[last] = value
        elif action == "delete":
            del parent[last]
        elif action == "add" and isinstance(parent[last], dict):
            parent[last][key] = value
        elif action == "rename" and isinstance(parent, dict) and key not in parent:
            parent[key] = parent.pop(last)
    return tree


def damage(path: str | None, edits) -> bool:
    """Apply ``edits`` to the bytes of the file at ``path`` (a cache entry): False if there is
    no such file."""
    try:
        with open(path, "rb") as f:
            data = f.read()
        with open(path, "wb") as f:
            f.write(apply_edits(data, edits))
    except (OSError, TypeError):
        return False
    return True


def read_res(*parts) -> str:
    with open(os.path.join(REPO, "elzzur", "res", *parts), encoding="utf-8") as f:
        return f.read()


TOML_LITERALS = ['"x"', '""', "1", "0", "-1", "1e400", "inf", "nan", "-inf", "99999999999999999999",
                 "9223372036854775807", "[1, 2]", "[]", "{}", "true", "1979-05-27", '"İ"', '"ß"',
                 '"\\u0000"', "{ value = 1 }", "{ value = 1, frequency = -1 }", '["a"]', "[[]]",
                 "'''x'''", '"fold"', '"native"', '"case"', '"none"', '"language"']


def mutated_toml(texts: list[str]):
    """A real TOML file (one of ``texts``) with a few lines edited, as bytes (sometimes cut in the
    middle of a UTF-8 sequence or given bad bytes)."""
    edit = st.tuples(
        st.integers(0, 10**6),
        st.sampled_from(["delete", "duplicate", "value", "line", "insert", "header", "chars"]),
        st.one_of(st.sampled_from(TOML_LITERALS), garbage_text,
                  st.builds(lambda k, v: f'{k} = {v}', st.sampled_from(
                      ['"ǅ"', "Ş", '"i"', "Ä", "ß", "X", '"A"', "value", "frequency", "mode"]),
                      st.sampled_from(TOML_LITERALS)),
                  st.sampled_from(["[letters]", "[letters.A]", "[scoring]", "[normalization]",
                                   "[normalization.map]", "[normalization.upper]", "[[letters]]",
                                   "[dictionary]", "[multipliers.dl]", "[generate]"])))

    def apply(choice):
        index, edits, cut = choice
        lines = texts[index % len(texts)].split("\n")
        for pick, action, text in edits:
            i = pick % len(lines)
            if action == "delete" and len(lines) > 1:
                del lines[i]
            elif action == "duplicate":
                lines.insert(i, lines[i])
            elif action == "value" and " = " in lines[i]:
                lines[i] = lines[i].split(" = ", 1)[0] + " = " + text
            elif action == "line":
                lines[i] = text
            elif action in ("insert", "header"):
                lines.insert(i, text)
            elif action == "chars":
                at = pick % (len(lines[i]) + 1)
                lines[i] = lines[i][:at] + text + lines[i][at:]
        data = "\n".join(lines).encode("utf-8", "surrogatepass")
        if cut is not None:
            data = data[:cut % (len(data) + 1)] if cut >= 0 else data + b"\xff\xfe"
        return data

    return st.tuples(st.integers(0, 100), st.lists(edit, min_size=1, max_size=5),
                     st.none() | st.integers(-1, 10**6)).map(apply)


# --- the targets -------------------------------------------------------------------------------
# Each target is a strategy of inputs, ("operation", ...), and a function that feeds one input
# to elzzur. The function raises what elzzur raises; the harness treats ElzzurError as the right
# answer to bad input and anything else as a failure. Files go to the directory ``work``.

class Target:
    name = ""
    ISOLATED = ()  # operations run in a child process: C code that a bad input might crash

    def __init__(self, work: str) -> None:
        self.work = work
        self.serial = 0

    def path(self, suffix: str) -> str:
        """A new file name in the work directory (never reused: caches key on path and mtime)."""
        self.serial += 1
        return os.path.join(self.work, f"in{self.serial}{suffix}")

    def write(self, suffix: str, data: bytes | str) -> str:
        path = self.path(suffix)
        with open(path, "wb") as f:
            f.write(data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass"))
        return path

    def cleanup(self) -> None:
        for name in os.listdir(self.work):
            if name.startswith("in"):
                try:
                    os.unlink(os.path.join(self.work, name))
                except OSError:
                    pass


BOARD_LANGUAGES = ("en", "tr", "es-native", "de")


class BoardTarget(Target):
    name = "board"

    def __init__(self, work: str) -> None:
        super().__init__(work)
        self.languages = {code: languages.get_language(code) for code in BOARD_LANGUAGES}

    @staticmethod
    def strategy():
        letters = sorted({ch for code in BOARD_LANGUAGES
                          for letter in languages.get_language(code).letter_values
                          for ch in (letter, letter.lower())})
        piece = st.one_of(
            st.sampled_from(letters), st.sampled_from(letters), st.sampled_from(letters),
            st.sampled_from(["Qu", "QU", "qu", "TH", "In", "RE", "ING", "ch", "LL", "SCH"]),
            st.sampled_from(["-", "/", "|", "=", ".", "#", "dl", "tl", "dw", "tw", "DL", "TL",
                             "Dw", "dW", "xl", "d", "t", "w", "l", "dldl", "--", "//", "=="]),
            number_text, weird_char, st.text(max_size=3))
        token = repeated(st.lists(piece, min_size=1, max_size=6).map("".join))
        row = joined(token, st.sampled_from([" ", " ", "  ", "\t", "\xa0", "\u3000", ""]))
        board = joined(row, st.sampled_from(["\n", "\n", "/", "\r\n", "\r", "\u2028", "\x1c",
                                             "\x85", "\n\n", "\n# note\n", "\n \n", "\x0c"]))
        boards = joined(board, st.sampled_from(["\n\n", "\n\n\n", "\n#\n\n", "\n \t\n"]))
        text = st.one_of(boards, board, row, garbage_text, repeated(garbage_text))
        language = st.sampled_from(BOARD_LANGUAGES)
        return st.one_of(
            st.tuples(st.just("token"), language, st.one_of(token, garbage_text)),
            st.tuples(st.just("board"), language, text),
            st.tuples(st.just("boards"), language, text),
            st.tuples(st.just("file"), language, st.one_of(
                st.binary(), text.map(lambda t: t.encode("utf-8", "surrogatepass")),
                st.tuples(text, st.binary(max_size=8)).map(
                    lambda t: t[0].encode("utf-8", "surrogatepass") + t[1]))),
            st.tuples(st.just("inline"), language, text),
        )

    def run(self, example) -> None:
        op, code, payload = example
        language = self.languages[code]
        if op == "token":
            cell = parse_token(payload, language)
            assert parse_token(cell.token, language) == cell, "a cell's token reads back differently"
        elif op in ("board", "boards"):
            found = [parse_board(payload, language)] if op == "board" else parse_boards(payload, language)
            for board in found:
                self.check_round_trip(board, language)
        elif op == "file":
            text, origin = read_board_text(self.write(".board", payload))
            parse_boards(text, language, origin)
        elif op == "inline":
            if payload.strip() in ("-", "") or os.path.exists(payload):
                return  # standard input, or a real file on this machine: not an inline board
            text, origin = read_board_text(payload)
            parse_boards(text, language, origin)

    @staticmethod
    def check_round_trip(board, language) -> None:
        """A parsed board printed as a board file reads back as the same board."""
        assert parse_board(str(board), language) == board, "a board's printed form reads back differently"
        for cell in board.cells:
            assert parse_token(cell.token, language) == cell, "a cell's token reads back differently"


class LanguageTarget(Target):
    name = "language"
    LANGS = sorted(name[:-5] for name in os.listdir(os.path.join(REPO, "elzzur", "res", "languages")))
    RULES = sorted(name[:-5] for name in os.listdir(os.path.join(REPO, "elzzur", "res", "rules")))

    def __init__(self, work: str) -> None:
        super().__init__(work)
        from elzzur.lexicon.dictionary import Dictionary

        self.en = languages.get_language("en")
        self.tables = {code: datafiles.load_toml(os.path.join(REPO, "elzzur", "res", "languages", f"{code}.toml"), code)
                       for code in self.LANGS}
        self.rule_tables = {name: datafiles.load_toml(os.path.join(REPO, "elzzur", "res", "rules", f"{name}.toml"), name)
                            for name in self.RULES}
        self.words = ["cat", "dog", "été", "straße", "ıi", "çağ", "niño", "über", "a", "qu", "zz",
                      "ǅ", "ﬃ", "İstanbul", "", "abc" * 30]
        self.en_dictionary = Dictionary.from_words(["CAT", "CATS", "ACT", "TEA", "EAT", "SEAT"], self.en)

    @classmethod
    def strategy(cls):
        lang_texts = [read_res("languages", f"{code}.toml") for code in cls.LANGS]
        rule_texts = [read_res("rules", f"{name}.toml") for name in cls.RULES]
        return st.one_of(
            st.tuples(st.just("language file"), st.one_of(
                mutated_toml(lang_texts), mutated_toml(lang_texts), st.binary(),
                garbage_text.map(lambda t: t.encode("utf-8", "surrogatepass")))),
            st.tuples(st.just("language table"), st.sampled_from(cls.LANGS),
                      st.lists(tree_edit, min_size=1, max_size=5), st.booleans()),
            st.tuples(st.just("language cache"), mutated_bytes(4000)),
            st.tuples(st.just("rules file"), st.one_of(
                mutated_toml(rule_texts), mutated_toml(rule_texts), st.binary())),
            st.tuples(st.just("rules table"), st.sampled_from(cls.RULES),
                      st.lists(tree_edit, min_size=1, max_size=5)),
        )

    def run(self, example) -> None:
        op = example[0]
        datafiles._loaded.clear()
        languages._languages.clear()
        rules._rules.clear()
        if op == "language file":
            path = self.write(".toml", example[1])
            language = languages.read_language(path, path, languages.FILE)
            self.use_language(language)
            languages.get_language(path)
        elif op == "language table":
            _, code, edits, builtin = example
            table = edit_tree(self.tables[code], edits)
            where = languages.BUILT_IN if builtin else languages.FILE
            self.use_language(languages.parse_language(table, "fuzz", None, where, code))
        elif op == "language cache":
            path = self.write(".toml", read_res("languages", "en.toml"))
            languages.read_language(path, path, languages.FILE)  # writes the cache entry
            if not damage(cache.entry(path, "toml.marshal"), example[1]):
                return  # the cache is not writable: nothing to damage
            datafiles._loaded.clear()
            self.use_language(languages.read_language(path, path, languages.FILE))
        elif op == "rules file":
            path = self.write(".toml", example[1])
            self.use_rules(rules.get_rules(path))
        elif op == "rules table":
            _, name, edits = example
            self.use_rules(rules.parse_rules(edit_tree(self.rule_tables[name], edits), "fuzz"))

    def use_language(self, language) -> None:
        """What the solver does with a language: normalise words, score lengths, solve."""
        from elzzur.grid.board import parse_board as board_of
        from elzzur.lexicon.cleaning import clean_words
        from elzzur.lexicon.dictionary import Dictionary
        from elzzur.grid.solver import find_words

        for word in self.words:
            language.normalize(word)
            language.upper(word)
        for n in range(70):
            language.bonus(n)
        letters = sorted(language.letter_values)
        words = clean_words([w for w in self.words] + ["".join(letters[:3]).lower(),
                                                       "".join(letters[:4])], language)
        tiles = " ".join(letters[:4]) if len(letters) >= 4 else " ".join(letters)
        board = board_of(tiles, language)
        find_words(board, Dictionary.from_words(words, language), language, use="python")

    def use_rules(self, rule_set) -> None:
        from elzzur.grid.board import parse_board as board_of
        from elzzur.grid.solver import find_words

        for n in range(40):
            rule_set.bonus(n, self.en)
            rule_set.factor(n)
            rule_set.score(7, 2, n, self.en)
        rule_set.values(self.en)
        board = board_of("Cdw A/Ttl Sdl/E Etw", self.en)
        for use in ("python", "c"):
            try:
                find_words(board, self.en_dictionary, self.en, rules=rule_set, use=use)
            except RuntimeError as e:  # the C core is not built
                if "not built" not in str(e):
                    raise


SMALL_WORDS = ("cat cats act acts tea teas eat eats seat sea set sat at ate east rate rates tear "
               "star start tarts dog dogs god gods good rose sore ores hose shoe does dose road "
               "toad date dates data hat hats that the then than art arts rat rats oar oats").split()


class DictionaryTarget(Target):
    name = "dictionary"
    ISOLATED = ("marisa", "marisa raw", "graph cache", "graph file")
    LANGS = ("en", "tr", "es-native", "de")

    def __init__(self, work: str) -> None:
        super().__init__(work)
        self.en = languages.get_language("en")
        self.languages = {code: languages.get_language(code) for code in self.LANGS}
        self.marisa, self.dawg = self.fixtures()
        from elzzur.grid.board import parse_board as board_of

        self.boards = {code: board_of("C A T S/D O G E/R A T E/H O U S", lang)
                       for code, lang in self.languages.items()}

    @staticmethod
    def fixtures() -> tuple[bytes, bytes]:
        """A small compiled dictionary and its word graph, as bytes (the same on every run)."""
        en = languages.get_language("en")
        keys = cleaning.clean_words(SMALL_WORDS, en)
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "small.marisa")
            dictionary.compile_words(keys).save(path)
            with open(path, "rb") as f:
                marisa = f.read()
        return marisa, graph.build(keys, dictionary.alphabet(en))

    @staticmethod
    def strategy():
        line = st.one_of(st.sampled_from(SMALL_WORDS), garbage_text, weird_char,
                         st.sampled_from(["CAT", "Cat", "cAt", "c'at", "ca-t", "straße", "ŉ",
                                          "ﬃ" * 30, "a" * 64, "a" * 65, "é" * 64, "\ufeffcat"]),
                         repeated(st.sampled_from(["a", "é", "ß", "e\u0301", "ﬃ"])))
        text = joined(line, st.sampled_from(["\n", "\r\n", "\r", "\n\n", "\u2028", "\x85", "\x1c"]))
        word_list = st.one_of(
            text.map(lambda t: t.encode("utf-8", "surrogatepass")),
            st.binary(), st.binary(min_size=100, max_size=3000),
            st.tuples(text, st.binary(max_size=4), text).map(
                lambda t: t[0].encode("utf-8", "surrogatepass") + t[1] + t[2].encode("utf-8", "surrogatepass")),
            text.map(lambda t: t.encode("utf-16", "surrogatepass")),
            text.map(lambda t: t.encode("latin-1", "replace")))
        return st.one_of(
            st.tuples(st.just("word list"), st.sampled_from(DictionaryTarget.LANGS), word_list,
                      st.booleans()),
            st.tuples(st.just("marisa"), mutated_bytes(4200), st.booleans()),
            st.tuples(st.just("marisa raw"), st.binary(max_size=200), st.booleans()),
            st.tuples(st.just("graph cache"), mutated_bytes(1200), st.booleans()),
            st.tuples(st.just("graph file"), mutated_bytes(1200), st.booleans()),
        )

    def solve(self, words, language, code: str, pure: bool) -> None:
        """Look words up, list them, and solve the small board with one of the two searches."""
        from elzzur.grid.solver import find_words

        "CAT" in words  # noqa: B015
        words.has_prefix("CA")
        listed = []
        for word in words:
            listed.append(word)
            if len(listed) > 5000:
                break
        # the search asked for by name: the environment is the test process's, not ours
        found = find_words(self.boards[code], words, language, use="python" if pure else None)
        for word, _, _ in found:
            assert word in words, f"the search found {word!r}, which is not in the dictionary"

    def run(self, example) -> None:
        op = example[0]
        if op == "word list":
            _, code, data, pure = example
            language = self.languages[code]
            path = self.write(".txt", data)
            # the list as it is: the corrections of whoever runs the fuzzer are not its words
            words = dictionary.load_dictionary(path, language, corrections=False)
            expected = dictionary.read_word_list(path, language)
            assert set(words) == expected, "the dictionary's words differ from the word list's"
            self.solve(words, language, code, pure)
            words = dictionary.load_dictionary(path, language, corrections=False)  # from the cache
            assert set(words) == expected, "the cached dictionary's words differ from the word list's"
        elif op in ("marisa", "marisa raw"):
            _, edits, pure = example
            data = apply_edits(self.marisa, edits) if op == "marisa" else edits
            path = self.write(".marisa", data)
            self.solve(dictionary.load_dictionary(path, self.en), self.en, "en", pure)
        elif op == "graph cache":
            _, edits, pure = example
            path = self.write(".txt", "\n".join(SMALL_WORDS))
            dictionary.load_dictionary(path, self.en)  # writes the cache entry
            damage(cache.entry(path, dictionary.graph_kind(self.en)), edits)
            self.solve(dictionary.load_dictionary(path, self.en), self.en, "en", pure)
        elif op == "graph file":
            _, edits, pure = example
            path = self.write(".dawg", apply_edits(self.dawg, edits))
            words = dictionary.Dictionary(graph.WordGraph.load(path), path)
            self.solve(words, self.en, "en", pure)


class PositionTarget(Target):
    name = "position"
    EDITIONS = ("en", "es", "tr")

    def __init__(self, work: str) -> None:
        super().__init__(work)
        self.tiles = {code: scrabble.load_tile_set(code) for code in self.EDITIONS}

    @classmethod
    def strategy(cls):
        tile_sets = [scrabble.load_tile_set(code) for code in cls.EDITIONS]
        squares = sorted({f"[{t}]" if len(t) > 1 else t for ts in tile_sets
                          for t in list(ts.values) + list(ts.blank_letters)})
        square = st.one_of(st.just("."), st.just("."), st.just("."), st.just("."),
                           st.sampled_from(squares), weird_char,
                           st.sampled_from(["[", "]", "[]", "[x", "?", "[CHX]", "[ch]", "[LL]"]))
        grid_row = st.one_of(
            st.lists(square, min_size=15, max_size=15).map("".join),
            st.lists(square, min_size=0, max_size=17).map("".join), garbage_text)

        def cgp_row(cells):
            out, run = [], 0
            for cell in cells:
                if cell == ".":
                    run += 1
                    continue
                if run:
                    out.append(str(run))
                run = 0
                out.append(cell)
            if run:
                out.append(str(run))
            return "".join(out)

        row = st.one_of(st.lists(square, min_size=15, max_size=15).map(cgp_row),
                        st.lists(square, min_size=15, max_size=15).map(cgp_row),
                        st.lists(st.one_of(square, number_text), max_size=8).map("".join),
                        garbage_text)
        rows = st.one_of(st.lists(row, min_size=15, max_size=15),
                         st.lists(row, min_size=13, max_size=17))
        rack_piece = st.one_of(st.sampled_from(squares), st.just("?"), weird_char,
                               st.sampled_from(["[", "]", "[]", " ", "/"]))
        rack = st.lists(rack_piece, max_size=9).map("".join)
        small_rack = st.lists(st.one_of(st.sampled_from(squares), st.just("?")), max_size=4).map("".join)
        tail = st.lists(st.one_of(st.sampled_from(["0/0", "120/95", "1", "lex NWL23;", "ld english;",
                                                   ";", ";;", "op", "/", "-", "--", "1/2/3"]),
                                  number_text, garbage_text), max_size=4).map(" ".join)
        cgp = st.builds(lambda r, rk, t, sep: "/".join(r) + sep + rk + "/" + sep + t,
                        rows, st.one_of(rack, small_rack), tail,
                        st.sampled_from([" ", " ", "  ", "\t", "\n", "\u3000", ""]))
        grid = st.builds(lambda r, sep: sep.join(r), st.lists(grid_row, min_size=13, max_size=17),
                         st.sampled_from(["\n", "\n", "\r\n", "\n\n", "\u2028"]))
        edition = st.sampled_from(cls.EDITIONS)
        tile_texts = [read_res("scrabble", "tiles", f"{code}.toml") for code in cls.EDITIONS]
        return st.one_of(
            st.tuples(st.just("cgp"), edition, st.one_of(cgp, cgp, garbage_text)),
            st.tuples(st.just("grid"), edition, grid, st.one_of(small_rack, rack)),
            st.tuples(st.just("rack"), edition, st.one_of(rack, garbage_text)),
            st.tuples(st.just("tile set"), st.one_of(
                st.sampled_from(scrabble.available_tile_sets() + ["", "xx", "en.toml", "../layouts/standard"]),
                garbage_text)),
            st.tuples(st.just("tile file"), mutated_toml(tile_texts)),
        )

    def run(self, example) -> None:
        op = example[0]
        if op == "cgp":
            _, code, text = example
            grid, rack, _ = scrabble.parse_cgp(text)
            self.position(code, grid, rack or "")
        elif op == "grid":
            _, code, grid, rack = example
            self.position(code, grid, rack)
        elif op == "rack":
            _, code, text = example
            scrabble.parse_rack(text, self.tiles[code])
        elif op == "tile set":
            spec = example[1]
            if spec.endswith(".toml") and os.path.exists(spec):
                return  # a real file on this machine
            scrabble.load_tile_set(spec)
        elif op == "tile file":
            datafiles._loaded.clear()
            tiles = scrabble.load_tile_set(self.write(".toml", example[1]))
            scrabble.parse_rack("AB?", tiles)

    def position(self, code: str, grid: str, rack: str) -> None:
        tiles = self.tiles[code]
        board = scrabble.parse_position(grid, tiles)
        held, blanks = scrabble.parse_rack(rack, tiles, board)
        if sum(held.values()) + blanks <= 4 and blanks <= 1:  # keep the search cheap
            scrabble.best_moves(grid, rack, code, top=5)


TARGET_CLASSES = {cls.name: cls for cls in (BoardTarget, LanguageTarget, DictionaryTarget, PositionTarget)}


# --- running inputs ------------------------------------------------------------------------------

def failure_key(error: BaseException) -> str:
    """What tells failures apart: the exception type and the line of elzzur (else of this file)
    that raised it."""
    if isinstance(error, Hang):
        return "Hang (more than %gs)" % HANG_SECONDS
    if isinstance(error, ChildFailure):
        return error.key
    frames = traceback.extract_tb(error.__traceback__)
    ours = [f for f in frames if os.sep + "elzzur" + os.sep in f.filename] or frames
    where = f"{os.path.relpath(ours[-1].filename, REPO)}:{ours[-1].lineno}" if ours else "?"
    return f"{type(error).__name__} at {where}"


def _alarm(signum, frame):
    raise Hang()


def call(target: Target, example, seconds: float = HANG_SECONDS) -> BaseException | None:
    """Feed one input: None if elzzur took it or refused it with ElzzurError, else the failure."""
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        target.run(example)
    except ElzzurError:
        return None
    except (Exception, Hang, RecursionError, MemoryError) as e:
        return e
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    return None


class ChildFailure(Exception):
    """A failure in a child process, as the parent sees it: one subclass per failure key, so
    that hypothesis tells them apart (it knows a failure by its type and where it was raised)."""

    key = ""


_child_types: dict[str, type] = {}


def child_failure(key: str, message: str) -> ChildFailure:
    if key not in _child_types:
        _child_types[key] = type("ChildFailure", (ChildFailure,), {"key": key})
    return _child_types[key](message)


def call_isolated(target: Target, example, seconds: float = HANG_SECONDS) -> BaseException | None:
    """``call`` in a forked child, so that a segmentation fault becomes a failure to shrink."""
    import select

    target.serial += 1000  # the child's new files must not reuse names (caches key on them)
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: report the failure as JSON and leave without cleaning up
        status = 0
        try:
            os.close(read_end)
            error = call(target, example, seconds)
            if error is not None:
                os.write(write_end, json.dumps(
                    [failure_key(error), f"{type(error).__name__}: {str(error)[:300]}"]).encode())
        except BaseException:  # noqa: B036
            status = 3
        os._exit(status)
    os.close(write_end)
    chunks = []
    try:
        deadline = time.monotonic() + seconds + 2
        while True:
            ready, _, _ = select.select([read_end], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return child_failure(failure_key(Hang()), "the child process hung")
            chunk = os.read(read_end, 65536)
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(read_end)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        name = signal.Signals(os.WTERMSIG(status)).name
        return child_failure(f"Crash ({name}) in {example[0]!r}", f"the process died ({name})")
    if chunks:
        key, message = json.loads(b"".join(chunks))
        return child_failure(key, message)
    if os.WEXITSTATUS(status):
        return child_failure("Child exit status", f"exit status {os.WEXITSTATUS(status)}")
    return None


def feed(target: Target, example, seconds: float = HANG_SECONDS) -> BaseException | None:
    """One input, in this process or (for C code that may crash) a child process."""
    run = call_isolated if example[0] in target.ISOLATED and hasattr(os, "fork") else call
    error = run(target, example, seconds)
    if error is not None and failure_key(error) == failure_key(Hang()):
        error = run(target, example, seconds)  # a hang only if it hangs twice: not a GC pause
    return error


def check(target: Target, example) -> None:
    """For tests: raise the failure, if any (a hang as itself)."""
    error = feed(target, example, seconds=30)
    if error is not None:
        raise error


# --- the worker: hypothesis in a loop ------------------------------------------------------------

def worker(name: str, work: str, until: float, seed: int | None) -> None:
    import faulthandler
    import resource
    import warnings

    warnings.filterwarnings("ignore")  # hypothesis's "overly large repr" of the long inputs
    faulthandler.enable()
    try:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    except (ValueError, OSError):
        pass
    files = os.path.join(work, "files")
    os.makedirs(files, exist_ok=True)
    os.environ["ELZZUR_CACHE_DIR"] = os.path.join(work, "cache")
    target = TARGET_CLASSES[name](files)
    strategy = target.strategy()
    known = {row["key"] for row in read_failures(work)}
    current = os.open(os.path.join(work, "current"), os.O_WRONLY | os.O_CREAT, 0o644)
    counts = os.path.join(work, f"count-{os.getpid()}")
    state = {"examples": 0, "new": {}, "first_new": None, "saved": time.monotonic(), "round": 0}

    def save_count() -> None:
        with open(counts, "w") as f:
            f.write(str(state["examples"]))

    def body(example) -> None:
        now = time.monotonic()
        # the budget is spent: stop, but give hypothesis up to 3 minutes to shrink a new failure
        if time.time() > until and (state["first_new"] is None or now - state["first_new"] > 180):
            raise TimeUp()
        if state["round"] >= ROUND and state["first_new"] is None:
            raise Restart()
        state["examples"] += 1
        state["round"] += 1
        if now - state["saved"] > 5:
            save_count()
            state["saved"] = now
        if state["examples"] % 2000 == 0:
            target.cleanup()
        data = pickle.dumps(example)
        os.pwrite(current, data, 0)
        os.ftruncate(current, len(data))
        error = feed(target, example)
        if error is None:
            return
        key = failure_key(error)
        if key in known:
            return
        if key not in state["new"]:
            state["first_new"] = state["first_new"] or now
        # the last call of a key is hypothesis's replay of the minimal example
        state["new"][key] = (example, error)
        if isinstance(error, Hang):
            raise HangError(key)
        raise error

    run_settings = settings(
        max_examples=10**9, deadline=None, derandomize=False, print_blob=False,
        database=DirectoryBasedExampleDatabase(os.path.join(work, "db")),
        phases=[Phase.reuse, Phase.generate, Phase.shrink],
        suppress_health_check=list(HealthCheck), report_multiple_bugs=True)
    while time.time() < until:
        state["new"], state["first_new"], state["round"] = {}, None, 0

        @run_settings
        @given(strategy)
        def fuzz(example):
            body(example)

        if seed is not None:
            fuzz = __import__("hypothesis").seed(seed + state["examples"])(fuzz)
        try:
            fuzz()
        except (TimeUp, Restart):
            pass
        except BaseException as e:  # noqa: B036 — the failures, hypothesis's Flaky, ...
            if not state["new"]:  # not a failure of elzzur's: the harness's own, say so
                traceback.print_exc()
                raise
        for key, (example, error) in state["new"].items():
            known.add(key)
            record_failure(work, key, example, f"{type(error).__name__}: {str(error)[:300]}")
    save_count()


def record_failure(work: str, key: str, example, message: str) -> None:
    text = repr(example)
    row = {"key": key, "input": text if len(text) < 20000 else text[:20000] + "...",
           "message": message, "pickle": base64.b64encode(pickle.dumps(example)).decode()}
    with open(os.path.join(work, "failures.jsonl"), "a") as f:
        f.write(json.dumps(row) + "\n")
        f.flush()


def read_failures(work: str) -> list[dict]:
    path = os.path.join(work, "failures.jsonl")
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


# --- the supervisor ------------------------------------------------------------------------------

def supervise(name: str, minutes: float, work: str, seed: int | None) -> int:
    """Run workers until the time is up, restarting one that dies; then print the summary."""
    os.makedirs(work, exist_ok=True)
    for entry in os.listdir(work):
        if entry.startswith("count-") or entry in ("failures.jsonl", "current"):
            os.unlink(os.path.join(work, entry))
    start = time.time()
    until = start + minutes * 60
    restarts = 0
    while time.time() < until:
        command = [sys.executable, os.path.abspath(__file__), name, "--worker", work,
                   "--until", str(until)] + (["--seed", str(seed)] if seed is not None else [])
        status = subprocess.call(command, stdin=subprocess.DEVNULL)
        if status == 0:
            break
        restarts += 1
        try:
            with open(os.path.join(work, "current"), "rb") as f:
                example = pickle.loads(f.read())
        except Exception:  # noqa: BLE001
            example = "(unknown)"
        how = f"signal {signal.Signals(-status).name}" if status < 0 else f"exit status {status}"
        op = example[0] if isinstance(example, tuple) else "?"
        # a signal is a crash of elzzur's C code or a library's; an exit status, the harness's
        key = f"Crash ({how}) in {op!r}" if status < 0 else f"Harness error ({how}) after {op!r}"
        if key not in {row["key"] for row in read_failures(work)}:
            record_failure(work, key, example, f"the worker process died ({how})")
        print(f"fuzz: worker died ({how}); restarting", file=sys.stderr, flush=True)
        if restarts > 50:
            print("fuzz: too many crashes, stopping", file=sys.stderr)
            break
    examples = 0
    for entry in os.listdir(work):
        if entry.startswith("count-"):
            with open(os.path.join(work, entry)) as f:
                examples += int(f.read() or 0)
    failures = read_failures(work)
    elapsed = (time.time() - start) / 60
    print(f"target: {name}")
    print(f"minutes: {elapsed:.1f}")
    print(f"examples run: {examples}")
    print(f"worker restarts: {restarts}")
    print(f"distinct failures: {len(failures)}")
    for i, row in enumerate(failures, 1):
        print(f"\n[{i}] {row['key']}\n    {row['message']}\n    input: {row['input']}")
    return 1 if failures else 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("target", choices=TARGETS)
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--work", default=None, help="state and logs (default /tmp/fuzz-TARGET)")
    parser.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--until", type=float, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker(args.target, args.worker, args.until, args.seed)
        return 0
    work = args.work or os.path.join(tempfile.gettempdir(), f"fuzz-{args.target}")
    return supervise(args.target, args.minutes, work, args.seed)


if __name__ == "__main__":
    sys.exit(main())
