"""The web app's JSON questions, as plain functions: a request's JSON object in, the reply's out.

``solve`` answers with the JSON of ``elzzur solve --format json`` (plus ``tiles``, what the page
draws and scores each tile with, and ``scoring``, how a path's score follows from them), ``generate`` with a board of ``elzzur generate --format json``, ``check``
with ``elzzur check --format json``; ``languages`` and ``rules`` list what may be asked for.

A client is anyone on the network, so everything it sends is bounded before any work: a board
of at most ``MAX_SIDE`` rows and columns and ``MAX_BOARD_TEXT`` characters, searches of at
most ``SEARCH_STEPS`` steps (a tenth of a second of the C core, seconds of pure Python) and at
most ``SEARCH_SECONDS`` of wall-clock time for one question, whatever the load (a 503 past it), generate's targets
tried for at most ``MAX_GENERATE_SECONDS``, at most ``MAX_PLAYERS`` lists of ``MAX_LIST_WORDS`` words; and
nothing names a file: languages, rules and dice are names from the built-in presets and the
user's own language folder (their own overlays, as the command line finds them), never
paths. Bad input raises ``ApiError`` with the status and the one-line message the client gets.
"""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager

from ..errors import ElzzurError

MAX_SIDE = 10  # rows or columns of a board: Big Boggle is 5x5, the largest game boards 6x6
MAX_BOARD_TEXT = 2_000  # characters of board text
SEARCH_STEPS = 5_000_000  # graph steps of one search: ~0.1 s of the C core, ~7 s of pure Python
SEARCH_SECONDS = 2.0  # wall-clock time of a question's searches (solve, check)
MAX_GENERATE_SECONDS = 5.0  # generate's search for a board meeting targets
MAX_PLAYERS = 8
MAX_LIST_WORDS = 2_000  # words in one player's list: a round holds a few hundred
MAX_TARGET = 100_000  # generate's min/max words, score, longest
MAX_SEED = 2**63
MAX_PICTURE_PIXELS = 25_000_000  # a photo to read: a 12-megapixel phone photo, twice over


class ApiError(Exception):
    """A request the API refuses: ``status`` (4xx) and the message the client reads."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


def bad(message: str) -> ApiError:
    return ApiError(400, message)


@contextmanager
def time_limit(seconds: float | None = None):
    """The deadline (``time.monotonic()``) of a question's searches, ``seconds`` (default
    ``SEARCH_SECONDS``) from now; a
    search still running then is stopped and the client told so (503: the same question may
    be answered when the server is less busy)."""
    from ..grid.solver import SearchTimedOut

    seconds = SEARCH_SECONDS if seconds is None else seconds
    try:
        yield time.monotonic() + seconds
    except SearchTimedOut:
        raise ApiError(503, f"the search took more than {seconds:g} seconds and was stopped: "
                            "try a smaller board, or again when the server is less busy") from None


# --- the fields of a request ------------------------------------------------------------------

def text_field(body: dict, name: str, default: str | None = None, limit: int = 100) -> str | None:
    value = body.get(name, default)
    if value is None:
        return None
    if not isinstance(value, str):
        raise bad(f"'{name}' must be a string")
    if len(value) > limit:
        raise bad(f"'{name}' is longer than {limit:,} characters")
    return value


def int_field(body: dict, name: str, low: int, high: int, default: int | None = None) -> int | None:
    value = body.get(name, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise bad(f"'{name}' must be a whole number")
    if not low <= value <= high:
        raise bad(f"'{name}' must be from {low:,} to {high:,}, not {value:,}")
    return value


def bool_field(body: dict, name: str) -> bool:
    value = body.get(name, False)
    if not isinstance(value, bool):
        raise bad(f"'{name}' must be true or false")
    return value


def choice_field(body: dict, name: str, choices, default: str | None = None) -> str | None:
    value = text_field(body, name, default)
    if value is not None and value not in choices:
        raise bad(f"unknown {name} {value!r} (choose from {', '.join(choices)})")
    return value


def known_fields(body: dict, names: tuple[str, ...]) -> None:
    """A field the question does not know is a mistake worth naming (a typo would otherwise be
    ignored, and the answer be for something else than asked)."""
    extra = sorted(set(body) - set(names))
    if extra:
        raise bad(f"unknown field {extra[0]!r} (this question takes {', '.join(names)})")


# --- languages, rules, dictionaries --------------------------------------------------------------

def language_codes() -> list[str]:
    """The codes a client may name: the built-in languages and the user's own files."""
    from ..lexicon.languages import available, user_files, valid_code

    return sorted(set(available()) | {code for code in user_files() if valid_code(code)})


def pick_language(body: dict):
    from ..lexicon.languages import get_language

    code = text_field(body, "language", "en", 40)
    codes = language_codes()
    if code not in codes:  # never a path: only the codes listed
        raise bad(f"unknown language {code!r} (choose from {', '.join(codes)})")
    return get_language(code)


def pick_rules(body: dict):
    from ..grid.rules import get_rules, presets

    name = choice_field(body, "rules", presets(), "ruzzle")
    return name, get_rules(name)


_dictionaries: dict = {}
_dictionaries_lock = threading.Lock()


def dictionary_of(language):
    """The language's own dictionary with the user's corrections (``elzzur words``), as the
    command line uses it. Kept per process, keyed by the corrections' content: a word the
    user adds while the server runs counts from the next request on."""
    from ..lexicon.corrections import read_corrections
    from ..lexicon.dictionary import builtin_dictionary

    corrections = read_corrections(language)
    key = (language.code, language.file, frozenset(corrections.added),
           frozenset(corrections.removed))
    with _dictionaries_lock:
        found = _dictionaries.get(key)
        if found is None:
            found = builtin_dictionary(language).corrected(corrections)
            if len(_dictionaries) > 64:  # corrections edited again and again: keep the last
                _dictionaries.clear()
            _dictionaries[key] = found
    return found


def read_board(body: dict, language):
    """The board of the request: board-file text (``STAR/ELIN/…``, ``STARELINPORGAMES``, rows
    on lines), one board of at most ``MAX_SIDE`` rows and columns."""
    from ..grid.board import parse_boards

    text = text_field(body, "board", None, MAX_BOARD_TEXT)
    if text is None or not text.strip():
        raise bad("no board: give 'board', e.g. \"STAR/ELIN/PORG/AMES\"")
    boards = parse_boards(text, language, "board")
    if len(boards) != 1:
        raise bad(f"one board at a time, not {len(boards):,}")
    board = boards[0]
    if board.rows > MAX_SIDE or board.cols > MAX_SIDE:
        raise bad(f"a {board.rows}x{board.cols} board is too large here: at most "
                  f"{MAX_SIDE}x{MAX_SIDE}")
    return board


def tiles(board, values, game=None) -> list[dict]:
    """What the page draws, spells and scores each tile with: its token, label, bonus code
    and badge, value, the letters it may stand for, where in a word it may stand, whether it
    is a hole; and with ``game`` (the rules), ``points`` (per choice of letters, times the
    letter multiplier) and ``factor`` (the word multiplier), as ``solver.score_path`` counts
    them."""
    from ..views.palette import tile_label, tile_style, tile_value

    found = []
    for cell in board.cells:
        tile = {"token": cell.token, "label": tile_label(cell), "bonus": cell.bonus,
                "badge": tile_style(cell.bonus).badge if cell.bonus else "",
                "value": tile_value(cell, values), "choices": list(cell.choices),
                "place": cell.place, "hole": cell.is_hole}
        if game is not None:
            double = game.multipliers
            tile["points"] = [(sum(values.get(ch, 0) for ch in letters) if cell.value is None
                               else cell.value) * (cell.letter_multiplier if double else 1)
                              for letters in cell.choices]
            tile["factor"] = cell.word_multiplier if double else 1
        found.append(tile)
    return found


def scoring(game, language) -> dict:
    """How a path's score follows from its tiles (``tiles``' points and factor) for each
    length of word: ``(sum of points x product of factors x scale[n]) // divisor + bonus[n]``,
    ``Rules.score``; so that the page scores a swipe itself, offline too."""
    from ..lexicon.cleaning import MAX_WORD

    lengths = range(MAX_WORD + 1)
    return {"bonus": [game.bonus(n, language) for n in lengths],
            "scale": [game.factor(n) for n in lengths], "divisor": game.length_divisor}


# --- the questions ---------------------------------------------------------------------------

def languages(_body=None) -> dict:
    """Every language a client may name: code, name, built-in or the user's, the shortest
    word, whether it has commonness bands; a broken user file is listed with its error, the
    file named as in the user's language folder (never the folder's path: a client has no
    business knowing the server's home)."""
    from ..lexicon.commonness import language_bands
    from ..lexicon.languages import catalogue

    found = []
    for code, where, path, language in catalogue():
        if isinstance(language, ElzzurError):
            found.append({"code": code, "where": where,
                          "error": without_folder(str(language), str(path))})
            continue
        try:
            bands = language_bands(language) is not None
        except ElzzurError:
            bands = False
        found.append({"code": code, "name": language.name, "where": where,
                      "min_length": language.min_length, "bands": bands})
    return {"languages": found}


def without_folder(message: str, path: str) -> str:
    """``message`` with the language file's path replaced by its name, and any other mention
    of the folders it lies in cut (``public``)."""
    import os

    return public(message.replace(path, os.path.basename(path) or path))


def public(message: str) -> str:
    """An error message as a client may read it: the server's own folders (the user's
    languages, data and cache, the home folder) not named, a file in them by its name there
    (``xx.toml``, ``words/en.txt``)."""
    import os

    from ..cache import cache_dir
    from ..files import data_dir
    from ..lexicon.languages import user_dir

    folders = []
    for where in (user_dir, data_dir, cache_dir, lambda: os.path.expanduser("~")):
        try:
            folder = os.path.normpath(where())
        except Exception:  # noqa: BLE001 - (an unusable setting: nothing to hide then)
            continue
        if folder and folder not in (os.sep, "."):
            folders.append(folder)
    import re

    for folder in sorted(set(folders), key=len, reverse=True):  # the deepest first
        message = message.replace(folder + os.sep, "")
        message = re.sub(re.escape(folder) + r"(?=$|[\s'\":,;)])", "…", message)
    return message


def rules(_body=None) -> dict:
    """The built-in rule sets, with what the page needs: board size, shortest and longest
    word, the round's length, whether shared words cancel, whether tiles carry bonuses; and
    the bonus codes, dice sets and letter sources generate takes."""
    from ..grid.generate import BONUS_DRAWS, LETTER_SOURCES, dice_sets
    from ..grid.rules import get_rules, presets, tile_codes
    from ..views.palette import tile_style

    sets = []
    for name in presets():
        r = get_rules(name)
        sets.append({"name": name, "rows": r.rows, "cols": r.cols, "min_length": r.min_length,
                     "max_length": r.max_length, "round_seconds": r.round_seconds,
                     "shared_words": r.shared_words, "bonus_tiles": bool(r.multipliers)})
    bonuses = [{"code": code, "badge": tile_style(code).badge} for code in tile_codes()]
    return {"rules": sets, "bonuses": bonuses, "dice": dice_sets(),
            "letters": list(LETTER_SOURCES), "bonus_draws": list(BONUS_DRAWS),
            "max_side": MAX_SIDE, "pictures": can_read_pictures()}


SOLVE_FIELDS = ("board", "language", "rules", "common", "min_length")


def solve(body: dict) -> dict:
    """``elzzur solve --format json`` of one board, sorted by score, plus ``tiles``."""
    from ..grid.results import sort_key
    from ..grid.solver import find_words
    from ..lexicon.cleaning import MAX_WORD
    from ..lexicon.commonness import band_lookup, is_common
    from ..views.text import as_dict

    known_fields(body, SOLVE_FIELDS)
    language = pick_language(body)
    rules_name, game = pick_rules(body)
    common = bool_field(body, "common")
    min_length = int_field(body, "min_length", 1, MAX_WORD)
    board = read_board(body, language)
    shortest = max(min_length or 0, game.min_length)
    with time_limit() as deadline:
        rows = find_words(board, dictionary_of(language), language, shortest, rules=game,
                          limit=SEARCH_STEPS, deadline=deadline)
    band = band_lookup(language, needed=common)
    if common:
        rows = [row for row in rows if is_common(band(row[0]))]
    key = sort_key("score")
    rows.sort(key=lambda row: key(*row))
    data = as_dict(language.code, board, rows, None, rules_name, band)
    data["tiles"] = tiles(board, game.values(language), game)
    data["scoring"] = scoring(game, language)
    return data


GENERATE_FIELDS = ("language", "rules", "rows", "cols", "seed", "letters", "dice", "bonus",
                   "min_words", "max_words", "min_score", "min_longest", "timeout")


def generate(body: dict) -> dict:
    """A random board, as one board of ``elzzur generate --format json`` (its text, word count,
    total score, longest word), optionally one meeting targets within ``timeout`` seconds."""
    import random

    from ..grid.generate import (BONUS_DRAWS, LETTER_SOURCES, Generator, LetterSource, Target,
                                 dice_sets, evaluate, get_dice, meet)

    known_fields(body, GENERATE_FIELDS)
    language = pick_language(body)
    rules_name, game = pick_rules(body)
    dice_name = choice_field(body, "dice", dice_sets())
    dice = get_dice(dice_name, language) if dice_name else None
    rows = int_field(body, "rows", 2, MAX_SIDE) or (dice.rows if dice else game.rows)
    cols = int_field(body, "cols", 2, MAX_SIDE) or (dice.cols if dice else game.cols)
    if rows > MAX_SIDE or cols > MAX_SIDE:
        raise bad(f"a {rows}x{cols} board is too large here: at most {MAX_SIDE}x{MAX_SIDE}")
    seed = int_field(body, "seed", -MAX_SEED, MAX_SEED)
    letters = choice_field(body, "letters", LETTER_SOURCES, "frequency")
    bonus = choice_field(body, "bonus", BONUS_DRAWS) or \
        ("elzzur" if game.multipliers and dice is None else "none")
    target = Target(*(int_field(body, name, 0, MAX_TARGET)
                      for name in ("min_words", "max_words", "min_score", "min_longest")))
    if target.min_words is not None and target.max_words is not None and \
            target.min_words > target.max_words:
        raise bad(f"min_words {target.min_words} is more than max_words {target.max_words}")
    timeout = body.get("timeout", 3.0)
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or \
            not 0 < timeout <= MAX_GENERATE_SECONDS:
        raise bad(f"'timeout' must be a number of seconds, more than 0 and at most "
                  f"{MAX_GENERATE_SECONDS:g}")
    dictionary = dictionary_of(language)
    generator = Generator(language, rows, cols, LetterSource(language, letters, dictionary, dice),
                          bonus)
    rng = random.Random(seed)
    if target.any:
        stats = meet(generator, target, dictionary, rng, float(timeout), game)
    else:
        stats = evaluate(generator.board(rng), dictionary, language, game)
    return {"language": language.code, "rules": rules_name, "board": stats.board.token_rows(),
            "words": stats.words, "total_score": stats.score, "longest": stats.longest}


CHECK_FIELDS = ("board", "language", "rules", "lists", "names", "shared")


def swiped(entry: dict, number: int):
    """A word entered along a path, ``{"word": "STAR", "path": [[0, 0], [0, 1], …]}``, as the
    referee takes it: ``(word, ((row, column), …))``."""
    word, path = entry.get("word"), entry.get("path")
    if set(entry) != {"word", "path"} or not isinstance(word, str) or not isinstance(path, list) \
            or len(path) > MAX_SIDE * MAX_SIDE or not all(
                isinstance(step, list) and len(step) == 2 and
                all(isinstance(n, int) and not isinstance(n, bool) for n in step)
                for step in path):
        raise bad(f"list {number}: a swiped word is {{\"word\": …, \"path\": [[row, column], …]}}"
                  f" (at most {MAX_SIDE * MAX_SIDE} steps)")
    return word, tuple(tuple(step) for step in path)


def check(body: dict) -> dict:
    """``elzzur check --format json``: each player's list judged on the board. ``lists`` is
    a list of players' lists, each a list of words or a text of words (one or more a line);
    a word of a list may be ``{"word": …, "path": [[row, column], …]}``, the path the player
    swiped, which is then checked and scored (not the word's best path)."""
    from ..grid.referee import check as judge, read_list
    from ..lexicon.commonness import band_lookup

    known_fields(body, CHECK_FIELDS)
    language = pick_language(body)
    rules_name, game = pick_rules(body)
    shared = choice_field(body, "shared", ("keep", "cancel"))
    lists = body.get("lists")
    if not isinstance(lists, list) or not lists:
        raise bad("'lists' must be a list of players' lists (each a list of words, or a text)")
    if len(lists) > MAX_PLAYERS:
        raise bad(f"{len(lists):,} lists: at most {MAX_PLAYERS} players")
    words = []
    for number, entry in enumerate(lists, 1):
        if isinstance(entry, str):
            if len(entry) > MAX_LIST_WORDS * 20:
                raise bad(f"list {number} is too long")
            entry = read_list(entry)
        if not isinstance(entry, list) or not all(isinstance(w, (str, dict)) for w in entry):
            raise bad(f"list {number} must be a list of words or a text")
        if len(entry) > MAX_LIST_WORDS:
            raise bad(f"list {number} holds {len(entry):,} words: at most {MAX_LIST_WORDS:,}")
        entry = [w if isinstance(w, str) else swiped(w, number) for w in entry]
        if any(len(w if isinstance(w, str) else w[0]) > 100 for w in entry):
            raise bad(f"list {number} holds a word of more than 100 characters")
        words.append(entry)
    names = body.get("names")
    if names is not None:
        if not isinstance(names, list) or len(names) != len(words) or \
                not all(isinstance(n, str) and 0 < len(n) <= 40 for n in names):
            raise bad("'names' must be one name (1 to 40 characters) for each list")
        if len(set(names)) != len(names):
            raise bad("two lists have the same name")
    board = read_board(body, language)
    with time_limit() as deadline:
        judgement = judge(board, dictionary_of(language), language, game, words, names,
                          shared, rules_name=rules_name, bands=band_lookup(language),
                          deadline=deadline)
    return judgement.to_dict()


def can_read_pictures() -> bool:
    """Whether the image extra is installed (found, not imported: importing OpenCV takes a
    while, and only reading a picture needs it)."""
    from importlib.util import find_spec

    return all(find_spec(module) is not None for module in ("numpy", "cv2", "PIL"))


READ_FIELDS = ("language", "rules", "turns", "dice")
_classifiers: dict = {}
_classifiers_lock = threading.Lock()


def read(data: bytes, fields: dict) -> dict:
    """A board read from a picture (``elzzur read``): the picture's bytes, and the game's
    ``language``, ``rules`` and ``turns`` (upright, any, auto) as fields of the query string.
    The answer: the board text as read, each tile's letters, bonus, confidence, runner-up and
    whether it is flagged (uncertain: the player should check it), and the flagged tiles."""
    from ..image import require

    known_fields(fields, READ_FIELDS)
    language = pick_language(fields)
    rules_name, game = pick_rules(fields)
    turns = choice_field(fields, "turns", ("auto", "upright", "any"), "auto")
    from ..grid.generate import dice_sets, get_dice

    dice = choice_field(fields, "dice", dice_sets())
    try:
        require()
    except ElzzurError as e:  # the server cannot do this: it lacks the image extra
        raise ApiError(501, str(e)) from None
    from ..image.model import Classifier
    from ..image.reader import check_classifier, picture_from_bytes, read_picture, tile_letters

    if not data:
        raise bad("no picture: send the picture's bytes as the request body")
    try:
        letters = tile_letters(language, get_dice(dice, language).long_faces() if dice else ())
    except ElzzurError as e:  # a dice set for other letters
        raise bad(str(e)) from None
    key = frozenset(letters)
    with _classifiers_lock:
        classifier = _classifiers.get(key)
        if classifier is None:
            classifier = _classifiers[key] = Classifier(letters)
    try:
        check_classifier(classifier, language, letters, dice)
    except ElzzurError as e:
        raise ApiError(422, str(e)) from None
    def decode_and_read():
        image = picture_from_bytes(data, "the picture", MAX_PICTURE_PIXELS)
        return read_picture(image, letters, bonuses=game.multipliers, turns=turns,
                            classifier=classifier)

    with picture_turn():
        try:
            reading = on_picture_thread(decode_and_read)
        except ElzzurError as e:
            raise ApiError(422, public(str(e))) from None
        except MemoryError:
            raise ApiError(503, "the server has not the memory to read this picture now: "
                                "try a smaller one") from None
        except Exception as e:  # noqa: BLE001 - a decoder's or the reader's own failure on
            # this picture (a damaged file, a shape nobody foresaw): the client is told the
            # picture could not be read, the server's log gets the traceback
            import sys
            import traceback

            traceback.print_exc(file=sys.stderr)
            raise ApiError(422, f"the picture could not be read ({type(e).__name__})") from None
    return {"language": language.code, "rules": rules_name, "rows": len(reading.rows),
            "cols": len(reading.rows[0]), "turned": reading.turned,
            "board": [" ".join(t.token for t in row) for row in reading.rows],
            "tiles": [{"row": r, "col": c, "letters": t.letters, "bonus": t.bonus,
                       "confidence": round(float(t.confidence), 3), "flagged": bool(t.flagged),
                       "second": t.second or "", "why": t.why if t.flagged else ""}
                      for r, row in enumerate(reading.rows) for c, t in enumerate(row)],
            "flagged": [[r, c] for r, c, _ in reading.flagged]}


MAX_DECODING = 1  # pictures decoded and read at once in one process
_decoding = threading.BoundedSemaphore(MAX_DECODING)
_picture_thread: list = []  # the one thread pictures are read on, made on the first


def on_picture_thread(work):
    """``work()`` run on the one thread that reads pictures, its answer or its exception.
    One thread, not whichever serves the connection: the C allocator keeps the memory a
    thread freed for that thread to use again, so a 25-megapixel picture read on each of
    eight threads in turn took 817 MiB at the peak, and on one thread what one picture takes
    (benchmarks/web_memory.py)."""
    from concurrent.futures import ThreadPoolExecutor

    with _picture_thread_lock:
        if not _picture_thread:
            _picture_thread.append(ThreadPoolExecutor(1, thread_name_prefix="elzzur-pictures"))
    return _picture_thread[0].submit(work).result()


_picture_thread_lock = threading.Lock()


@contextmanager
def picture_turn():
    """One of the pictures decoded and read at once (``MAX_DECODING``): each takes some
    hundreds of megabytes at 25 megapixels, so they are read one after another."""
    _decoding.acquire()
    try:
        yield
    finally:
        _decoding.release()


# the questions by path: (method, function)
ROUTES = {
    "/api/solve": ("POST", solve),
    "/api/generate": ("POST", generate),
    "/api/check": ("POST", check),
    "/api/languages": ("GET", languages),
    "/api/rules": ("GET", rules),
}
