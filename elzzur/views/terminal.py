"""``elzzur play`` in the terminal: curses draws the rounds (``elzzur.grid.round.Round``) and
reads the keys; everything the game decides is the round's.

Standard ``curses`` and nothing else: it is in every Python on Linux and macOS, and the screen is
one board, one input line and a list of words, which needs none of what prompt_toolkit or Textual
add (and their start-up time and dependencies). ``curses.wrapper`` gives the terminal back as it
was whatever happens (a key, Ctrl-C, an error); a resized terminal is drawn again at its new
size, and one too small for the board says so until it is large enough.

Keys: letters type, Backspace erases, Enter submits the word, Space pauses (the board is hidden
while the clock is stopped), Tab turns the board a quarter (to see words anew; paths are the
board's own), Ctrl-D gives up the round, Ctrl-C stops everything.
"""

from __future__ import annotations

import curses

from ..grid import referee
from .palette import tile_label

KEYS_HELP = "Enter: check  Space: pause  Tab: turn  Ctrl-D: give up  Ctrl-C: quit"
TICK_MS = 200  # how often the clock is redrawn while no key comes
GIVE_UP = ("\x04",)  # Ctrl-D
PAUSE = (" ",)
ROTATE = ("\t",)
ENTER = ("\n", "\r")
BACKSPACE = ("\x7f", "\x08")
TILE_W = 6  # columns a tile takes
# the bonus kinds as the other views colour them (green, blue, orange, red): curses has eight
# colours, so orange is yellow; the code is also printed under the tile, so that a terminal
# without colour (NO_COLOR) and a colour-blind player read the kind as well
KINDS = {"dl": ("double letter", "GREEN", "WHITE"), "tl": ("triple letter", "BLUE", "WHITE"),
         "dw": ("double word", "YELLOW", "BLACK"), "tw": ("triple word", "RED", "WHITE")}


class Screen:
    """The game on a curses window; ``colour`` from the command line (NO_COLOR honoured there)."""

    def __init__(self, window, colour: bool, title: str) -> None:
        self.w, self.title = window, title
        self.colour = colour and curses.has_colors()
        self.typed = ""
        self.message, self.message_kind = "", ""
        self.turn = 0
        self.bonus_tiles = True  # the rules' (set when a round is drawn)
        import codecs

        # keys come as bytes (getch), decoded here: get_wch's own decoding lost the keys after
        # an invalid byte (the next word typed); a byte that is no UTF-8 is U+FFFD, not a letter
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")
        window.keypad(True)
        window.timeout(TICK_MS)
        try:
            curses.curs_set(1)
        except curses.error:
            pass
        self.attrs = {"ok": curses.A_BOLD, "bad": curses.A_BOLD, "bonus": curses.A_BOLD,
                      "tile": curses.A_NORMAL, "title": curses.A_BOLD}
        for kind in KINDS:  # without colour: bold letters; the code under the tile, in the
            # terminal's own ink with or without colour (a dark blue on black would not read)
            self.attrs[kind] = curses.A_BOLD
        if self.colour:
            curses.start_color()
            try:
                curses.use_default_colors()
                background = -1
            except curses.error:
                background = curses.COLOR_BLACK
            curses.init_pair(1, curses.COLOR_GREEN, background)
            curses.init_pair(2, curses.COLOR_RED, background)
            curses.init_pair(3, curses.COLOR_BLACK, curses.COLOR_YELLOW)
            curses.init_pair(4, curses.COLOR_BLACK, curses.COLOR_WHITE)
            curses.init_pair(5, curses.COLOR_CYAN, background)
            self.attrs.update(ok=curses.color_pair(1) | curses.A_BOLD,
                              bad=curses.color_pair(2) | curses.A_BOLD,
                              bonus=curses.color_pair(3) | curses.A_BOLD,
                              tile=curses.color_pair(4) | curses.A_BOLD,
                              title=curses.color_pair(5) | curses.A_BOLD)
            for n, (kind, (_, paper, ink)) in enumerate(KINDS.items(), start=6):
                curses.init_pair(n, getattr(curses, "COLOR_" + ink), getattr(curses, "COLOR_" + paper))
                self.attrs[kind] = curses.color_pair(n) | curses.A_BOLD

    # --- drawing -----------------------------------------------------------------------------

    def put(self, y: int, x: int, text: str, attr: int = 0) -> None:
        """Write what fits of ``text`` at (y, x); nothing outside the window."""
        height, width = self.w.getmaxyx()
        if 0 <= y < height and 0 <= x < width:
            text = text[:max(0, width - x - (1 if y == height - 1 else 0))]
            try:
                self.w.addstr(y, x, text, attr)
            except curses.error:
                pass

    def rows(self, board) -> list[list]:
        """The board's cells as rows, turned ``self.turn`` quarters clockwise."""
        grid = [list(board.cells[r * board.cols:(r + 1) * board.cols]) for r in range(board.rows)]
        for _ in range(self.turn % 4):
            grid = [list(row) for row in zip(*grid[::-1])]
        return grid

    def needed(self, board) -> tuple[int, int]:
        side = max(board.rows, board.cols)
        return 2 * side + 9, max(TILE_W * side + 4, len(KEYS_HELP) + 2)

    def fit(self) -> None:
        """Follow the terminal's size: ncurses learns of a resize only through its own signal
        handler, which a program that installs signal handlers (Python does) may not have."""
        import os

        try:
            size = os.get_terminal_size(0)
        except OSError:
            return
        if (size.lines, size.columns) != self.w.getmaxyx():
            try:
                curses.resizeterm(size.lines, size.columns)
            except curses.error:
                pass

    def draw(self, game) -> None:
        w = self.w
        self.fit()
        w.erase()
        height, width = w.getmaxyx()
        board = game.referee.board
        self.bonus_tiles = game.referee.rules.multipliers
        need_h, need_w = self.needed(board)
        if height < need_h or width < need_w:
            self.put(0, 0, f"The terminal is too small: {width}x{height}, the game needs "
                           f"{need_w}x{need_h}.")
            self.put(1, 0, "Make it larger, or press Ctrl-C to stop.")
            w.refresh()
            return
        left = f" {self.title}"
        seconds = int(game.remaining() + 0.999)
        clock = f"{seconds // 60}:{seconds % 60:02}"
        right = f"time {clock}   score {game.score:,} "
        self.put(0, 0, left, self.attrs["title"])
        self.put(0, max(len(left) + 2, width - len(right)), right,
                 self.attrs["bad"] if seconds <= 10 else self.attrs["title"])
        top = 2
        line = top + 2 * max(board.rows, board.cols) + 1
        if game.paused:  # the board and the words hidden; the message alone, on its own lines
            for k, text in enumerate(("PAUSED", "The clock is stopped.", "Space resumes.")):
                self.put(top + 1 + k, 2, text, curses.A_BOLD if k == 0 else curses.A_NORMAL)
        else:
            self.draw_board(board, top)
            self.put(line + 4, 0, self.legend(board)[:width])
            x = 0
            for kind in self.kinds(board):  # the legend's codes in their tiles' colours
                at = self.legend(board).find(kind.upper(), x)
                self.put(line + 4, at, kind.upper(), self.attrs[kind])
                x = at + 2
        panel = 2 + TILE_W * max(board.rows, board.cols) + 4
        found = list(game.found.values())
        if panel + 16 <= width and not game.paused:
            self.put(top, panel, f"found {len(found):,} of {game.possible:,}", curses.A_BOLD)
            room = height - top - 6
            for k, attempt in enumerate(reversed(found[-room:] if room > 0 else [])):
                v = attempt.verdict
                self.put(top + 1 + k, panel, f"{v.word:<18}{v.score:>6,}")
        self.put(line, 0, "> " + self.typed.upper())
        attr = self.attrs["ok"] if self.message_kind == "ok" else self.attrs["bad"]
        self.put(line + 2, 0, self.message, attr)
        self.put(height - 1, 0, KEYS_HELP)
        w.move(min(line, height - 1), min(2 + len(self.typed), width - 1))
        w.refresh()

    def kinds(self, board) -> list[str]:
        """The bonus kinds the board's tiles have (Ruzzle's four), in the legend's order;
        none under rules without bonus tiles (Boggle's), where the codes mean nothing."""
        if not self.bonus_tiles:
            return []
        present = {cell.bonus for cell in board.cells}
        return [kind for kind in KINDS if kind in present]

    def legend(self, board) -> str:
        """``DL double letter  TW triple word``: what the board's coloured tiles mean."""
        return "   ".join(f"{kind.upper()} {KINDS[kind][0]}" for kind in self.kinds(board))

    def draw_board(self, board, top: int) -> None:
        """The tiles, as the other views label them (``Qu``, ``RE-``, not the board file's
        tokens), coloured by bonus kind, with the kind's code on the line under the tile."""
        kinds = set(self.kinds(board))
        for r, row in enumerate(self.rows(board)):
            for c, cell in enumerate(row):
                if cell.is_hole:
                    continue
                label = tile_label(cell)
                label = label if len(label) <= TILE_W - 2 else label[:TILE_W - 3] + "…"
                kind = cell.bonus if cell.bonus in kinds else ""
                attr = self.attrs[kind] if kind else self.attrs["tile"]
                x = 2 + TILE_W * c
                self.put(top + 2 * r, x, f" {label:<{TILE_W - 2}}", attr)
                if kind:
                    self.put(top + 2 * r + 1, x + 1, kind.upper())

    # --- the keys ----------------------------------------------------------------------------

    def keys(self) -> list:
        """The keys typed since the last call, within a tick: characters (str), or the codes
        of special keys (int: curses.KEY_RESIZE, KEY_BACKSPACE, …); none when the tick ends
        first (then a character begun and never finished is U+FFFD)."""
        code = self.w.getch()
        if code < 0:  # no key within the tick
            return list(self.decoder.decode(b"", final=True))
        if code > 0xFF:  # a special key: what was begun before it is ended first
            return [*self.decoder.decode(b"", final=True), code]
        return list(self.decoder.decode(bytes([code])))

    # --- the round ---------------------------------------------------------------------------

    def play(self, game) -> bool:
        """Run one round until the time is up or the player gives up; False if the player
        stopped the game (no further rounds)."""
        game.start()
        while not game.over:
            self.draw(game)  # (each tick without a key too: the clock)
            for key in self.keys():
                if not self.key(game, key):
                    return True
        return True

    def key(self, game, key) -> bool:
        """One key of the round; False when it ends the round (given up)."""
        if key == curses.KEY_RESIZE:
            curses.update_lines_cols()
        elif key in GIVE_UP:
            game.give_up()
            return False
        elif key in PAUSE:
            game.toggle_pause()
        elif game.paused or game.over:
            pass
        elif key in ROTATE:
            self.turn += 1
        elif key in ENTER:
            self.submit(game)
        elif key in BACKSPACE or key == curses.KEY_BACKSPACE:
            self.typed = self.typed[:-1]
        elif isinstance(key, str) and key.isalpha() and len(self.typed) < 40:
            self.typed += key  # as typed: the referee spells it the language's way
        return True

    def submit(self, game) -> None:
        text, self.typed = self.typed, ""
        if not text:
            return
        v = game.enter(text)
        if v.verdict == referee.VALID:
            self.message, self.message_kind = f"{v.word}  +{v.score:,}", "ok"
        elif v.verdict == referee.DUPLICATE:
            self.message, self.message_kind = f"{v.word}: already found", "bad"
        elif v.verdict == referee.TOO_SHORT:
            self.message, self.message_kind = (f"{v.word}: too short (at least "
                                               f"{game.referee.rules.min_length} letters)"), "bad"
        else:
            self.message, self.message_kind = f"{v.word or v.given}: {v.verdict}", "bad"

    def between(self, game, next_number: int | None, total: int) -> bool:
        """The screen after a round; True to play the next one (Enter), False to stop."""
        while True:
            self.w.erase()
            why = "You gave up." if game.gave_up else "Time is up!"
            self.put(1, 1, f"{why} Round {game.number}: {game.score:,} points, "
                           f"{len(game.found):,} of {game.possible:,} words.", curses.A_BOLD)
            if next_number is not None:
                self.put(3, 1, f"Enter: round {next_number} of {total}    Ctrl-D: stop here")
            else:
                self.put(3, 1, "Enter: see the review")
            self.w.refresh()
            for key in self.keys():
                if key in ENTER:
                    return True
                if key in GIVE_UP:
                    return False
                if key == curses.KEY_RESIZE:
                    curses.update_lines_cols()


def play(games, colour: bool, titles: list[str]) -> list:
    """Play the rounds in order in a full-screen terminal; the rounds played (each over)."""

    def run(window):
        played = []
        for k, game in enumerate(games):
            screen = Screen(window, colour, titles[k])
            screen.play(game)
            played.append(game)
            more = k + 1 < len(games)
            if not screen.between(game, k + 2 if more else None, len(games)) or not more:
                break
        return played

    return on_terminal(lambda: curses.wrapper(run))


def on_terminal(action):
    """Run ``action`` with standard output on the terminal: curses draws on standard output,
    which may be a file (``elzzur play --format json > review.json``) while the keys come from
    the terminal; it is put back afterwards for the review."""
    import os
    import sys

    if os.isatty(1):
        return action()
    from ..errors import ElzzurError

    try:
        tty = os.open("/dev/tty", os.O_WRONLY)
    except OSError as e:
        raise ElzzurError(f"play needs a terminal to draw on (/dev/tty: {e.strerror})") from None
    sys.stdout.flush()
    saved = os.dup(1)
    os.dup2(tty, 1)
    os.close(tty)
    try:
        return action()
    finally:
        os.dup2(saved, 1)
        os.close(saved)
