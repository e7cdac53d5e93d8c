"""The rounds a player has played (``elzzur play``), kept in the user's data folder, and what
``elzzur stats`` makes of them.

One JSON object a line in ``history.jsonl`` of the data folder (``$ELZZUR_DATA_DIR``, else
``$XDG_DATA_HOME/elzzur``, else ``~/.local/share/elzzur``): when, the language and rules, the
board, the round's length, the score against the board's total, and each word found with the
second it was entered (what ``solve --plan`` learns a player's speed from). Each round rewrites
the file whole (``atomic.write_atomic``: a crash never leaves half a line) while holding its lock
(``atomic.locked``: two rounds ending at once both kept), and only the last ``MAX_ROUNDS`` rounds
are kept (fewer if they would pass ``LIMIT``, the oldest first), so the file stays small and
readable however long one plays.

The file is the user's to edit, so every field of every line is checked on reading (types,
finite numbers within bounds, the shape of the words): a line that fails is skipped and
counted, never a crash of ``stats`` or ``solve --plan``, never a NaN in what they print.
"""

from __future__ import annotations

import errno
import json
import math
import os
import stat

from ..errors import ElzzurError
from ..files import data_path, named
from ..record import Record

FILE = "history.jsonl"
MAX_ROUNDS = 1000
LIMIT = 16 * 2**20  # bytes: 1,000 rounds of a few hundred words at most
# bounds of a line's fields: far beyond any real round, far below what breaks arithmetic
MAX_POINTS = 10**9  # a score, a board's total, a word's score
MAX_COUNT = 10**7  # words found or possible
MAX_SECONDS = 10**6  # a round's length, a word's second (11 days)
MAX_TEXT = 4096  # characters of a language, rules or date
MAX_CELLS = 250_000  # rows of a board (grid.rows' limit of cells)
MAX_TOKEN = 64  # characters of a word


def history_path() -> str:
    return data_path(FILE)


class Played(Record):
    """One round as recorded: ``when`` (ISO 8601, UTC), ``language``, ``rules``, ``board``
    (token rows), ``seconds`` (the round's length), ``score``, ``total`` (the board's points),
    ``found`` and ``possible`` (words), ``gave_up``, ``words`` (``[word, score, second]``)."""

    __slots__ = ("when", "language", "rules", "board", "seconds", "score", "total", "found",
                 "possible", "gave_up", "words")

    @property
    def share(self) -> float:
        return self.score / self.total if self.total else 0.0

    def to_dict(self) -> dict:
        return {name: getattr(self, name) for name in self.__slots__}


def played(round_, language: str, rules: str, when: str | None = None) -> Played:
    """The record of a finished ``elzzur.grid.round.Round``."""
    if when is None:
        import time

        when = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    return Played(when, language, rules, round_.referee.board.token_rows(), round_.seconds,
                  round_.score, round_.total, len(round_.found), round_.possible,
                  round_.gave_up,
                  [[a.verdict.word, a.verdict.score, a.at] for a in round_.found.values()])


def read_history(path: str | None = None) -> tuple[list[Played], int]:
    """The rounds recorded, oldest first, and how many lines could not be read (a damaged or
    hand-edited line is skipped and counted, never an error: the rest is still yours). An
    ElzzurError for a history that cannot be read at all: not a file (a named pipe is refused
    without waiting for a writer), not UTF-8, larger than ``LIMIT``."""
    path = path or history_path()
    text = _read(path)
    if text is None:
        return [], 0
    rounds, damaged = [], 0
    for line in text.splitlines():
        if not line.strip():
            continue
        try:
            rounds.append(checked(json.loads(line)))
        except (ValueError, KeyError, TypeError, RecursionError):
            damaged += 1
    return rounds, damaged


def _read(path: str) -> str | None:
    """The history file's text, or None if there is none."""
    from ..files import check_size, decode_text, note_input, read_limited, shown

    try:  # without blocking: a named pipe there would wait for a writer for ever
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        if os.path.islink(path):
            raise ElzzurError(f"{named(shown(path))}: a broken symbolic link (to "
                              f"{os.readlink(path)!r})") from None
        return None
    except OSError as e:
        from ..files import missing

        raise ElzzurError(f"{named(shown(path))}: {missing(path) if e.errno == errno.ELOOP else e.strerror}") \
            from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):  # (before fdopen, which refuses a directory itself)
        from ..datafiles import not_a_file

        os.close(fd)
        raise ElzzurError(f"{named(shown(path))}: is {not_a_file(mode)}, not a file (elzzur "
                          f"play keeps the rounds played there)")
    with os.fdopen(fd, "rb") as f:
        try:
            data = read_limited(f, LIMIT)
        except OSError as e:
            raise ElzzurError(f"{named(shown(path))}: {e.strerror}") from None
        note_input(path, fd)
    origin = named(shown(path))
    return decode_text(check_size(data, LIMIT, origin, "a history file"), origin)


def _number(value, low: float, high: float, integral: bool = False):
    """``value`` if it is a finite number (not a bool) in [low, high], else ValueError."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or \
            integral and not isinstance(value, int):
        raise TypeError("not a number")
    if isinstance(value, float) and not math.isfinite(value) or not low <= value <= high:
        raise ValueError("out of bounds")
    return value


def _text(value, limit: int = MAX_TEXT, empty: bool = False) -> str:
    """``value`` if it is a text of at most ``limit`` characters that a terminal shows as it is
    (``stats`` prints it: an escape sequence in a hand-edited line would clear the screen)."""
    if not isinstance(value, str) or len(value) > limit or not (value or empty) or \
            not value.isprintable():
        raise TypeError("not a text")
    return value


def checked(data) -> Played:
    """A line's JSON object as a ``Played``, every field checked (the file is the user's to
    edit): ValueError or TypeError for anything ``stats`` or ``solve --plan`` could not use."""
    if not isinstance(data, dict):
        raise TypeError("not an object")
    board = data["board"]  # rows in board-file syntax: ["Ttl R S Ndl", …]
    if not isinstance(board, list) or len(board) > MAX_CELLS:
        raise TypeError("not a board")
    for row in board:
        _text(row, MAX_TEXT * 16)
    words = data["words"]
    if not isinstance(words, list) or len(words) > MAX_COUNT:
        raise TypeError("not a list of words")
    for entry in words:
        if not isinstance(entry, list) or len(entry) != 3:
            raise TypeError("not a word entry")
        _text(entry[0], MAX_TOKEN)
        _number(entry[1], -MAX_POINTS, MAX_POINTS)
        _number(entry[2], 0, MAX_SECONDS)
    if not isinstance(data["gave_up"], bool):
        raise TypeError("gave_up is not true or false")
    return Played(_text(data["when"]), _text(data["language"]), _text(data["rules"]), board,
                  _number(data["seconds"], 0, MAX_SECONDS), _number(data["score"], 0, MAX_POINTS),
                  _number(data["total"], 0, MAX_POINTS),
                  _number(data["found"], 0, MAX_COUNT, integral=True),
                  _number(data["possible"], 0, MAX_COUNT, integral=True), data["gave_up"], words)


def append_round(record: Played, path: str | None = None) -> tuple[str, str | None]:
    """Add a round to the history (the last ``MAX_ROUNDS`` kept); returns the file's path, and
    where an unreadable history (not UTF-8, too large) was moved aside to, or None: it is kept
    for its owner to look at under a name no earlier copy has (``history.jsonl.unreadable``,
    then ``…unreadable-2`` …), never overwritten, and this round is not lost. The whole
    read-change-write holds the file's lock (``atomic.locked``), so rounds ending at once in
    several processes are all kept. An ElzzurError if it cannot be written (a read-only data
    folder, a history that is not a file): nothing is then recorded."""
    from ..atomic import locked, write_atomic

    path = path or history_path()
    aside = None
    with locked(path):
        try:
            rounds, _ = read_history(path)
        except ElzzurError:
            info = _lstat(path)
            if info is None or not stat.S_ISREG(info.st_mode):
                raise  # not a file: nothing to keep aside, and nothing to replace
            aside = _keep_aside(path)
            rounds = []
        lines = [json.dumps(r.to_dict(), ensure_ascii=False, allow_nan=False) + "\n"
                 for r in (rounds + [record])[-MAX_ROUNDS:]]
        size = sum(len(line.encode("utf-8")) for line in lines)
        while size > LIMIT and len(lines) > 1:  # the oldest go: the file stays readable whole
            size -= len(lines.pop(0).encode("utf-8"))
        write_atomic(path, "".join(lines))
    return path, aside


def _lstat(path: str):
    try:
        return os.lstat(path)
    except OSError:
        return None


def _keep_aside(path: str) -> str:
    """Move the unreadable history at ``path`` to a name of its own beside it, and return that
    name. A hard link made under the new name fails if the name is taken (no earlier copy is
    ever replaced, even by another process); where links cannot be made, a rename to a name
    that is free (the history's lock is held)."""
    for number in range(1, 10_000):
        aside = f"{path}.unreadable" + (f"-{number}" if number > 1 else "")
        try:
            os.link(path, aside)
        except FileExistsError:
            continue
        except OSError:  # a file system without hard links
            if os.path.lexists(aside):
                continue
            try:
                os.rename(path, aside)
            except OSError as e:
                raise ElzzurError(f"cannot keep {named(path)} aside: {e.strerror}") from None
            return aside
        try:
            os.unlink(path)
        except OSError as e:
            raise ElzzurError(f"cannot keep {named(path)} aside: {e.strerror}") from None
        return aside
    raise ElzzurError(f"cannot keep {named(path)} aside: 9,999 unreadable copies are already "
                      f"kept beside it (look at them, and remove those you do not need)")


class Stats(Record):
    """What ``elzzur stats`` shows: ``rounds`` played, the ``average`` share of the points,
    the ``best`` rounds (highest share first), every round's ``shares`` oldest first, and the
    lines of the history that could not be read (``damaged``)."""

    __slots__ = ("rounds", "average", "best", "shares", "damaged", "path")

    def to_dict(self) -> dict:
        return {"rounds": self.rounds, "average_share": round(self.average, 4),
                "best": [r.to_dict() | {"share": round(r.share, 4)} for r in self.best],
                "shares": [round(s, 4) for s in self.shares], "damaged": self.damaged}


def stats(rounds: list[Played], damaged: int = 0, best: int = 3, path: str = "") -> Stats:
    shares = [r.share for r in rounds]
    ranked = sorted(rounds, key=lambda r: -r.share)[:best]
    return Stats(len(rounds), sum(shares) / len(shares) if shares else 0.0, tuple(ranked),
                 tuple(shares), damaged, path)
