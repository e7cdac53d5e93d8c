"""A timed round: the player's words judged as they come, the clock, pause and give up.

No terminal here: ``elzzur play`` (curses, ``elzzur.views.terminal``), and later the web page
and the window, drive the same ``Round``. The clock is injected, a function returning seconds
(``time.monotonic`` by default), so a test runs a two-minute round in no time with a clock of
its own (``FileClock``, which the command line uses when ``ELZZUR_FAKE_CLOCK`` names a file).
Words are judged by the referee (``elzzur.grid.referee``): the same verdicts as ``elzzur
check``.
"""

from __future__ import annotations

from ..errors import ElzzurError
from ..record import Record
from .referee import DUPLICATE, VALID, Referee, Verdict

MAX_ATTEMPTS = 10_000  # words one round judges (typed by a person: far fewer)


class Attempt(Record):
    """A word entered: its verdict, and when (seconds into the round, pauses not counted)."""

    __slots__ = ("verdict", "at")


class Round:
    """One timed round on one board. ``start()`` starts the clock; ``enter(text)`` judges a word
    (a ``Verdict``, points added when valid); ``pause()``/``resume()`` stop and restart the
    clock; ``give_up()`` ends the round early; ``over`` is true when the time is up or the
    player gave up."""

    def __init__(self, referee: Referee, seconds: float, clock=None, number: int = 1) -> None:
        if not seconds > 0:
            raise ValueError(f"a round lasts more than 0 seconds, not {seconds!r}")
        if clock is None:
            import time

            clock = time.monotonic
        self.referee, self.seconds, self.clock, self.number = referee, float(seconds), clock, number
        self.started: float | None = None
        self.paused_at: float | None = None
        self.paused_for = 0.0
        self.gave_up = False
        self.ended_at: float | None = None  # seconds into the round when it ended
        self.attempts: list[Attempt] = []
        self.found: dict[str, Attempt] = {}  # word -> its valid attempt, in order found
        self.score = 0

    # --- the clock ---------------------------------------------------------------------------

    def start(self) -> None:
        if self.started is None:
            self.started = self.clock()

    def elapsed(self) -> float:
        """Seconds played so far (pauses not counted), at most the round's length."""
        if self.started is None:
            return 0.0
        if self.ended_at is not None:
            return self.ended_at
        now = self.paused_at if self.paused_at is not None else self.clock()
        return min(self.seconds, max(0.0, now - self.started - self.paused_for))

    def remaining(self) -> float:
        return max(0.0, self.seconds - self.elapsed())

    @property
    def paused(self) -> bool:
        return self.paused_at is not None

    @property
    def over(self) -> bool:
        if self.ended_at is None and self.started is not None and self.remaining() <= 0:
            self.ended_at = self.seconds
        return self.ended_at is not None

    def pause(self) -> None:
        if not self.over and self.started is not None and self.paused_at is None:
            self.paused_at = self.clock()

    def resume(self) -> None:
        if self.paused_at is not None:
            self.paused_for += max(0.0, self.clock() - self.paused_at)
            self.paused_at = None

    def toggle_pause(self) -> None:
        self.resume() if self.paused else self.pause()

    def give_up(self) -> None:
        if not self.over:
            self.ended_at = self.elapsed()
            self.gave_up = True
            self.paused_at = None

    # --- words ---------------------------------------------------------------------------------

    def enter(self, text: str) -> Verdict:
        """Judge ``text`` now: valid words count once; anything else says why not. An error
        once the round is over, or while it is paused (the board is hidden then)."""
        if self.started is None:
            raise ElzzurError("the round has not started")
        if self.over:
            raise ElzzurError("the round is over")
        if self.paused:
            raise ElzzurError("the round is paused")
        if len(self.attempts) >= MAX_ATTEMPTS:
            raise ElzzurError(f"at most {MAX_ATTEMPTS:,} words a round")
        verdict = self.referee.verdict(text, self.found)
        if verdict.verdict == DUPLICATE:
            verdict = verdict.replace(path=self.found[verdict.word].verdict.path)
        attempt = Attempt(verdict, round(self.elapsed(), 3))
        self.attempts.append(attempt)
        if verdict.verdict == VALID:
            self.found[verdict.word] = attempt
            self.score += verdict.score
        return verdict

    @property
    def possible(self) -> int:
        return len(self.referee.solution)

    @property
    def total(self) -> int:
        """The board's points: every word the dictionary finds there."""
        return self.referee.total


class FileClock:
    """A clock for tests: the seconds written in a file (a test writes 0, then 119, …); a file
    that is missing or does not hold a number reads as the last time read."""

    def __init__(self, path: str) -> None:
        self.path, self.last = path, 0.0

    def __call__(self) -> float:
        try:
            with open(self.path, encoding="ascii") as f:
                value = float(f.read(64).strip())
        except (OSError, ValueError, UnicodeDecodeError):
            return self.last
        if value == value and abs(value) != float("inf"):  # not nan or inf
            self.last = value
        return self.last
