"""The rounds a player has played (``elzzur play``), kept in the user's data folder, and what
``elzzur stats`` makes of them.

One JSON object a line in ``history.jsonl`` of the data folder (``$ELZZUR_DATA_DIR``, else
``$XDG_DATA_HOME/elzzur``, else ``~/.local/share/elzzur``): when, the language and rules, the
board, the round's length, the score against the board's total, and each word found with the
second it was entered (what ``solve --plan`` learns a player's speed from). Each round rewrites
the file whole (``atomic.write_atomic``: a crash never leaves half a line), and only the last
``MAX_ROUNDS`` rounds are kept, so the file stays small however long one plays.
"""

from __future__ import annotations

import json
import os

from ..errors import ElzzurError
from ..atomic import write_atomic
from ..files import data_path, read_text_file
from ..record import Record

FILE = "history.jsonl"
MAX_ROUNDS = 1000
LIMIT = 16 * 2**20  # bytes: 1,000 rounds of a few hundred words at most


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
    hand-edited line is skipped and counted, never an error: the rest is still yours)."""
    path = path or history_path()
    if not os.path.exists(path):
        return [], 0
    text = read_text_file(path, LIMIT, "a history file")
    rounds, damaged = [], 0
    for line in text.splitlines():
        if not line.strip():
            continue
        try:
            data = json.loads(line)
            record = Played(**{name: data[name] for name in Played.__slots__})
            if not all(isinstance(getattr(record, k), (int, float)) and not isinstance(
                    getattr(record, k), bool) for k in ("score", "total", "seconds")):
                raise ValueError
        except (ValueError, KeyError, TypeError):
            damaged += 1
            continue
        rounds.append(record)
    return rounds, damaged


def append_round(record: Played, path: str | None = None) -> tuple[str, str | None]:
    """Add a round to the history (the last ``MAX_ROUNDS`` kept); returns the file's path, and
    where an unreadable history (not UTF-8, too large) was moved aside to, or None: it is kept
    for its owner to look at, never silently overwritten, and this round is not lost."""
    path = path or history_path()
    aside = None
    try:
        rounds, _ = read_history(path)
    except ElzzurError:
        aside = path + ".unreadable"
        os.replace(path, aside)
        rounds = []
    rounds = (rounds + [record])[-MAX_ROUNDS:]
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    write_atomic(path, "".join(json.dumps(r.to_dict(), ensure_ascii=False) + "\n"
                               for r in rounds))
    return path, aside


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
