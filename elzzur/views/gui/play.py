"""``elzzur play --window``: the timed round in a Tk window, played as the games are: drag across
the tiles with the mouse (or type the word and press Enter), the clock, each word answered at
once, then the review, whose missed words draw their paths on the board when chosen.

The round is ``elzzur.grid.round.Round`` (the same as in the terminal) and the review
``elzzur.grid.review``; this module only draws and reads the mouse and keys. The tiles are the
other views' (the palette's colours, each tile's value in its corner, its bonus badge), a word
answered flashes on its tiles (green found, amber found before, red refused) with its points
rising from the board, and a path, dragged or chosen in the review, is drawn as the page draws
it: outlined tiles, numbered steps from a filled start, arrows between. The review is drawn,
not printed: its totals and lessons as lines, the missed words as a list with their points,
the chosen one's path on the board. Imported only once the window opens (it imports tkinter).
"""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk

from ...grid import referee
from ..palette import (EDGE, INK, PAPER, PATH, PATH_INK, arrow_ends, label_scale, step_corner,
                       tile_label, tile_style, tile_value)
from .style import apply as apply_style, listbox_colours
from .tile import FONT, STEP, Layout, board_size, fit, rounded

TICK_MS = 100  # how often the clock is redrawn
HIT = 0.36  # a drag takes a tile when the pointer is this close to its centre (x the tile's side):
# corners are left out, so that a diagonal drag does not catch the tiles beside its way
ERROR_INK = "#b00020"
OK_INK = "#1b7f3b"
# a word's tiles flash pale, with dark letters: no bonus tile's colour (DL is dark green, DW
# orange, TW dark red), so a flash is never taken for a bonus
FOUND_FLASH, AGAIN_FLASH, WRONG_FLASH = "#9be7a6", "#fff1a8", "#ffb3ba"
FLASH = {referee.VALID: FOUND_FLASH, referee.DUPLICATE: AGAIN_FLASH}  # else WRONG_FLASH
FLASH_MS = 450  # how long a word's tiles flash
RISE = (12, 40, 3)  # the points rising from the board: steps, ms a step, pixels a step


class PlayWindow:
    """One round after another on one window; ``played`` holds the rounds that ended."""

    def __init__(self, root, games, titles, review_of=None) -> None:
        self.root, self.games, self.titles = root, list(games), list(titles)
        self.review_of = review_of  # game -> text of its review (shown at the end)
        self.played: list = []
        self.index = 0
        self.path: list[int] = []  # the cells of the drag under way
        self.chosen_path: tuple = ()  # the path chosen in the review, drawn on the board
        self.turn = 0
        self.missed_rows: list = []
        self.flash: tuple = ((), "")  # the path flashing and its colour
        self.flash_id = None
        self.rises = 0  # found words' points shown rising so far
        root.title("elzzur play")
        apply_style(root)
        top = ttk.Frame(root, padding=6)
        top.pack(side="top", fill="x")
        self.title = ttk.Label(top, text="", font=(FONT, 12, "bold"))
        self.title.pack(side="left")
        self.clock = ttk.Label(top, text="", font=(FONT, 14, "bold"))
        self.clock.pack(side="right", padx=8)
        self.score = ttk.Label(top, text="", font=(FONT, 12))
        self.score.pack(side="right", padx=8)
        middle = ttk.Frame(root, padding=6)
        middle.pack(side="top", fill="both", expand=True)
        board = self.game.referee.board
        width, height = board_size(max(board.rows, board.cols), max(board.rows, board.cols))
        self.canvas = tk.Canvas(middle, width=width, height=height, background=PAPER,
                                highlightthickness=0)
        self.layout = Layout()  # the tiles grow and shrink with the window
        self.canvas.pack(side="left", fill="both", expand=True)
        self.canvas.bind("<Configure>", lambda e: self.fit_board(e.width, e.height))
        side = ttk.Frame(middle, padding=(10, 0))
        side.pack(side="right", fill="y")
        self.found_label = ttk.Label(side, text="")
        self.found_label.pack(anchor="w")
        self.found = tk.Listbox(side, height=12, width=26, font=("DejaVu Sans Mono", 11),
                                activestyle="none", **listbox_colours())
        self.found.pack(fill="both", expand=True)
        self.found.bind("<<ListboxSelect>>", lambda e: self.show_selected())
        bottom = ttk.Frame(root, padding=6)
        bottom.pack(side="top", fill="x")
        self.entry = ttk.Entry(bottom, width=24, font=(FONT, 13))
        self.entry.pack(side="left")
        self.entry.bind("<Return>", lambda e: self.submit_typed())
        self.pause_button = ttk.Button(bottom, text="Pause", command=self.toggle_pause)
        self.pause_button.pack(side="left", padx=4)
        ttk.Button(bottom, text="Turn", command=self.rotate).pack(side="left", padx=4)
        self.give_up_button = ttk.Button(bottom, text="Give up", command=self.give_up)
        self.give_up_button.pack(side="left", padx=4)
        self.next_button = ttk.Button(bottom, text="Next round", command=self.next_round)
        self.message = tk.Label(root, text="", anchor="w", background=PAPER, font=(FONT, 12))
        self.message.pack(side="top", fill="x", padx=8)
        self.review = ttk.Frame(root, padding=(8, 2))  # the review's lines, once a round ends
        self.review_lines: list[str] = []
        self.canvas.bind("<ButtonPress-1>", self.press)
        self.canvas.bind("<B1-Motion>", self.drag)
        self.canvas.bind("<ButtonRelease-1>", self.release)
        root.bind("<Escape>", lambda e: self.toggle_pause())
        root.bind("<Control-q>", lambda e: root.destroy())  # (and the window's close button)
        self.start_round()

    @property
    def game(self):
        return self.games[self.index]

    # --- the board ---------------------------------------------------------------------------

    def view_cell(self, cell: int) -> int:
        """Where the board's ``cell`` is drawn, the board turned ``self.turn`` quarters."""
        board = self.game.referee.board
        r, c = divmod(cell, board.cols)
        rows, cols = board.rows, board.cols
        for _ in range(self.turn % 4):
            r, c, rows, cols = c, rows - 1 - r, cols, rows
        return r * max(board.rows, board.cols) + c

    def board_cell(self, x: float, y: float) -> int | None:
        """The board's cell whose tile's centre is near the canvas point (x, y)."""
        board = self.game.referee.board
        side = max(board.rows, board.cols)
        for cell in range(len(board.cells)):
            cx, cy = self.layout.centre(self.view_cell(cell), side)
            if abs(x - cx) <= self.layout.tile * HIT and abs(y - cy) <= self.layout.tile * HIT:
                return cell if not board.cells[cell].is_hole else None
        return None

    def draw(self, path=()) -> None:
        """The board; ``path`` (cells, in order) outlined, numbered from its filled start, with
        an arrow for each step, under the numbers, the values and the badges; a flashing
        word's tiles in its verdict's colour."""
        canvas = self.canvas
        canvas.delete("board")
        board = self.game.referee.board
        g = self.layout
        tile = g.tile  # at the window's size
        if self.game.paused:
            canvas.create_text(*self.middle(),
                               text="Paused", font=(FONT, 20, "bold"), fill=INK, tags=("board",))
            return
        side = max(board.rows, board.cols)
        rules = self.game.referee.rules
        values = self.values()
        flashing, flash_colour = self.flash
        numbers: dict[int, list[int]] = {}
        for n, cell in enumerate(path, 1):
            numbers.setdefault(cell, []).append(n)
        view_path = [self.view_cell(c) for c in path]
        for cell_number, cell in enumerate(board.cells):
            if cell.is_hole:
                continue
            x, y = g.centre(self.view_cell(cell_number), side)
            style = tile_style(cell.bonus if rules.multipliers else "")
            fill, ink = style.fill, style.ink
            if cell_number in flashing:
                fill, ink = flash_colour, INK
            on_path = cell_number in numbers
            canvas.create_polygon(rounded(x - tile / 2, y - tile / 2, tile, g.scaled(12)), smooth=True,
                                  fill=fill, outline=PATH if on_path else EDGE,
                                  width=4 if on_path else 1.5,
                                  tags=("board", f"tile{cell_number}"))
            label = tile_label(cell)
            size = g.scaled(22) * label_scale(label)
            canvas.create_text(x, y, text=label, font=(FONT, max(8, round(size)), "bold"),
                               fill=ink, tags=("board", "letter"))
        for a, b in zip(view_path, view_path[1:]):
            ends = arrow_ends(g.centre(a, side), g.centre(b, side), tile)
            canvas.create_line(*ends, fill=PATH, width=g.scaled(5), arrow="last",
                               arrowshape=(g.scaled(14), g.scaled(16), g.scaled(7)),
                               capstyle="round", tags=("board", "arrow"))
        for cell_number, cell in enumerate(board.cells):  # the corners, over the arrows
            if cell.is_hole:
                continue
            x, y = g.centre(self.view_cell(cell_number), side)
            style = tile_style(cell.bonus if rules.multipliers else "")
            fill, ink = (flash_colour, INK) if cell_number in flashing else (style.fill,
                                                                            style.ink)
            value = tile_value(cell, values)
            for text, corner in ((value, "ne"), (style.badge, "se")):
                if not text:
                    continue
                tx = x + tile / 2 - g.scaled(7)
                ty = y - tile / 2 + g.scaled(6) if corner == "ne" else y + tile / 2 - g.scaled(5)
                item = canvas.create_text(tx, ty, anchor=corner, text=text, fill=ink,
                                          font=(FONT, g.scaled(9 if corner == "ne" else 8), "bold"),
                                          tags=("board", "value" if corner == "ne" else "badge"))
                box = canvas.bbox(item)
                chip = canvas.create_rectangle(box[0] - 2, box[1], box[2] + 2, box[3], width=0,
                                               fill=fill, tags=("board", "chip"))
                canvas.tag_lower(chip, item)
            if cell_number in numbers:
                self.step_number(x, y, ",".join(map(str, numbers[cell_number])),
                                 step_corner(self.view_cell(cell_number), view_path, side))
        self.raise_points()

    def fit_board(self, width: int, height: int) -> None:
        """The canvas changed size (the window was resized): tiles as large as fit it."""
        side = max(self.game.referee.board.rows, self.game.referee.board.cols)
        layout = fit(width, height, side, side)
        old = self.layout
        if (layout.tile, layout.left, layout.top) != (old.tile, old.left, old.top):
            self.layout = layout
            self.draw(self.path or self.chosen_path)

    def middle(self) -> tuple[float, float]:
        """The board's centre on the canvas."""
        side = max(self.game.referee.board.rows, self.game.referee.board.cols)
        (x1, y1), (x2, y2) = self.layout.centre(0, side), self.layout.centre(side * side - 1, side)
        return (x1 + x2) / 2, (y1 + y2) / 2

    def raise_points(self) -> None:
        self.canvas.tag_raise("rise")

    def step_number(self, x: float, y: float, number: str, corner: tuple[int, int]) -> None:
        """A path's step number in a disc in the tile's ``corner``; the start's disc filled."""
        sx, sy = corner
        tile, step = self.layout.tile, self.layout.gently(STEP)
        cx = x - tile / 2 + (step + 3 if sx < 0 else tile - step - 3)
        cy = y - tile / 2 + (step + 3 if sy < 0 else tile - step - 3)
        first = number.split(",")[0] == "1"
        radius = step + 3 * max(0, len(number) - 2)
        self.canvas.create_oval(cx - radius, cy - step, cx + radius, cy + step, width=2,
                                outline=PATH, fill=PATH if first else PATH_INK,
                                tags=("board", "step"))
        self.canvas.create_text(cx, cy, text=number, font=(FONT, self.layout.gently(10), "bold"),
                                fill=PATH_INK if first else PATH, tags=("board", "step"))

    def values(self) -> dict:
        """The letters' values under the round's rules, for the tiles' corners (empty for
        rules that score by length: no numbers then)."""
        judge = self.game.referee
        try:
            return judge.rules.values(judge.language)
        except Exception:  # a language without values: no numbers rather than wrong ones
            return {}

    def show_verdict(self, verdict, path) -> None:
        """A word answered: its tiles flash in its verdict's colour and, found, its points
        rise from the board."""
        if self.flash_id is not None:
            self.root.after_cancel(self.flash_id)
        colour = FLASH.get(verdict.verdict, WRONG_FLASH)
        self.flash = (tuple(path or ()), colour)
        self.draw()
        self.flash_id = self.root.after(FLASH_MS, self.end_flash)
        if verdict.verdict == referee.VALID:
            canvas = self.canvas
            canvas.delete("rise")  # the last word's points, if still rising
            self.rises += 1
            tag = f"rise{self.rises}"  # this word's: the last one's timers leave it alone
            x, y = self.middle()
            text = canvas.create_text(x, y, text=f"+{verdict.score:,}", fill=PATH_INK,
                                      font=(FONT, 24, "bold"), tags=("rise", "rise-text", tag))
            x1, y1, x2, y2 = canvas.bbox(text)
            side = max(x2 - x1, y2 - y1) + 16  # a tile of its own, in the found colour
            pill = canvas.create_polygon(rounded(x - side / 2, y - side / 2, side, 12),
                                         smooth=True, fill=OK_INK, outline=PATH_INK, width=2,
                                         tags=("rise", tag))
            canvas.tag_lower(pill, text)
            steps, ms, pixels = RISE
            for k in range(1, steps + 1):
                self.root.after(k * ms, canvas.move, tag, 0, -pixels)
            self.root.after(steps * ms + ms, canvas.delete, tag)

    def end_flash(self) -> None:
        self.flash_id = None
        self.flash = ((), "")
        if not self.path:  # a new drag under way draws itself
            self.draw(self.chosen_path)

    # --- the mouse ---------------------------------------------------------------------------

    def press(self, event) -> None:
        if not self.playing():
            return
        cell = self.board_cell(event.x, event.y)
        self.path = [cell] if cell is not None else []
        self.draw(self.path)

    def drag(self, event) -> None:
        if not self.playing() or not self.path:
            return
        cell = self.board_cell(event.x, event.y)
        if cell is None or cell == self.path[-1]:
            return
        if len(self.path) > 1 and cell == self.path[-2]:  # back the way it came: undo a tile
            self.path.pop()
        elif cell not in self.path and cell in self.game.referee.board.neighbours[self.path[-1]]:
            self.path.append(cell)
        else:
            return
        self.draw(self.path)
        self.message.configure(text=self.spelt(self.path), fg=INK)

    def release(self, event) -> None:
        path, self.path = self.path, []
        if self.playing() and len(path) >= 1:
            self.answer(self.spelt(path), path)
        else:
            self.draw()

    def spelt(self, path) -> str:
        cells = self.game.referee.board.cells
        return "".join(cells[c].choices[0] for c in path if cells[c].choices)

    # --- the round ---------------------------------------------------------------------------

    def playing(self) -> bool:
        return self.game.started is not None and not self.game.over and not self.game.paused

    def start_round(self) -> None:
        self.title.configure(text=self.titles[self.index])
        self.found.delete(0, "end")
        self.review.pack_forget()
        self.chosen_path = ()
        self.next_button.pack_forget()
        self.entry.configure(state="normal")
        self.give_up_button.configure(state="normal")
        self.pause_button.configure(state="normal")
        self.message.configure(text="Drag across the tiles, or type a word and press Enter.",
                               fg=INK)
        self.game.start()
        self.entry.focus_set()
        self.draw()
        self.tick()

    def tick(self) -> None:
        game = self.game
        seconds = int(game.remaining() + 0.999)
        self.clock.configure(text=f"{seconds // 60}:{seconds % 60:02}",
                             foreground=ERROR_INK if seconds <= 10 else INK)
        self.score.configure(text=f"score {game.score:,}")
        self.found_label.configure(text=f"found {len(game.found):,} of {game.possible:,}")
        if game.over:
            self.end_round()
            return
        self.root.after(TICK_MS, self.tick)

    def submit_typed(self) -> None:
        text = self.entry.get().strip()
        self.entry.delete(0, "end")
        if text and self.playing():
            self.answer(text)

    def answer(self, text: str, path=None) -> None:
        v = self.game.enter(text)
        if not path and v.path:  # a typed word: its path on the board, (row, column) pairs
            cols = self.game.referee.board.cols
            path = [r * cols + c for r, c in v.path]
        self.show_verdict(v, path)
        if v.verdict == referee.VALID:
            self.message.configure(text=f"{v.word}  +{v.score:,}", fg=OK_INK)
            self.found.insert(0, f"{v.word:<16}{v.score:>6,}")
        elif v.verdict == referee.DUPLICATE:
            self.message.configure(text=f"{v.word}: already found", fg=ERROR_INK)
        else:
            self.message.configure(text=f"{v.word or v.given}: {v.verdict}", fg=ERROR_INK)
        self.score.configure(text=f"score {self.game.score:,}")
        self.found_label.configure(text=f"found {len(self.game.found):,} of "
                                        f"{self.game.possible:,}")

    def toggle_pause(self) -> None:
        if self.game.over:
            return
        self.game.toggle_pause()
        self.pause_button.configure(text="Resume" if self.game.paused else "Pause")
        self.draw()

    def rotate(self) -> None:
        self.turn += 1
        self.draw()

    def give_up(self) -> None:
        self.game.give_up()

    def end_round(self) -> None:
        """The round is over: its review, the missed words to choose, and the next round."""
        game = self.game
        if game not in self.played:
            self.played.append(game)
        if self.flash_id is not None:  # the last word's flash and points end with the round
            self.root.after_cancel(self.flash_id)
            self.flash_id = None
        self.flash = ((), "")
        self.canvas.delete("rise")
        self.draw()
        self.entry.configure(state="disabled")
        self.give_up_button.configure(state="disabled")
        self.pause_button.configure(state="disabled")
        why = "You gave up." if game.gave_up else "Time is up!"
        self.message.configure(text=f"{why} {game.score:,} points, {len(game.found):,} of "
                                    f"{game.possible:,} words. Choose a missed word to see "
                                    f"its path.", fg=INK)
        found = set(game.found)
        self.missed_rows = sorted((row for row in game.referee.rows if row[0] not in found),
                                  key=lambda row: (-row[1], row[0]))[:50]
        self.found_label.configure(text="best missed words: choose one")
        self.found.delete(0, "end")
        for word, score, _ in self.missed_rows:
            self.found.insert("end", f"{word:<16}{score:>6,}")
        if self.review_of is not None:
            self.show_review(self.review_of(game))
        if self.index + 1 < len(self.games):
            self.next_button.pack(side="left", padx=4)

    def show_review(self, review) -> None:
        """The review as lines under the board: the score against the board's, the words found,
        the longest word, where the missed points were (a text, from a caller that has one,
        is shown as it is)."""
        for child in self.review.winfo_children():
            child.destroy()
        lines = review_lines(review) if not isinstance(review, str) else review.splitlines()
        self.review_lines = lines
        for n, line in enumerate(lines):
            ttk.Label(self.review, text=line, wraplength=720, justify="left",
                      font=(FONT, 12 if n == 0 else 11, "bold" if n == 0 else "normal")
                      ).pack(anchor="w")
        self.review.pack(side="top", fill="x", padx=8, pady=4)

    def show_selected(self) -> None:
        """A missed word chosen after the round: its path on the board."""
        if not self.game.over or not self.missed_rows:
            return
        chosen = self.found.curselection()
        if chosen and chosen[0] < len(self.missed_rows):
            word, score, path = self.missed_rows[chosen[0]]
            self.chosen_path = tuple(path)
            self.draw(path)
            self.message.configure(text=f"{word}  {score:,} points", fg=INK)

    def next_round(self) -> None:
        if self.index + 1 < len(self.games):
            self.index += 1
            self.turn = 0
            self.start_round()


def review_lines(review) -> list[str]:
    """A round's review (``elzzur.grid.review.Review``) as a few short lines."""
    lines = [f"Score: {review.score:,} of the board's {review.total:,} points "
             f"({review.share * 100:.1f} %); {review.found:,} of {review.possible:,} words found."]
    if review.longest is not None:
        longest = review.longest
        lines.append(f"Longest word: {longest.word} ({len(longest.word)} letters, "
                     f"{longest.score:,} points), {'found' if review.longest_found else 'missed'}.")
    if review.hotspots:
        spots = "; ".join(f"{h.share * 100:.0f} % through the {h.bonus} tile at "
                          f"({h.cell[0]},{h.cell[1]})" for h in review.hotspots[:2])
        lines.append(f"Where the missed points were: {spots}.")
    return lines


def play_in_window(games, titles, review_of=None) -> list:
    """Open the window, play the rounds until it is closed; the rounds that ended."""
    from ...errors import ElzzurError

    try:
        root = tk.Tk(className="elzzur")
    except tk.TclError as e:
        raise ElzzurError(f"cannot open a window: {e}") from None
    window = PlayWindow(root, games, titles, review_of)
    from .loop import run

    run(root)  # (a signal closes the window: see loop.py)
    return window.played
