"""``elzzur play --window``: the timed round in a Tk window, played as the games are: drag across
the tiles with the mouse (or type the word and press Enter), the clock, each word answered at
once, then the review, whose missed words draw their paths on the board when chosen.

The round is ``elzzur.grid.round.Round`` (the same as in the terminal) and the review
``elzzur.grid.review``; this module only draws and reads the mouse and keys. Imported only once
the window opens (it imports tkinter).
"""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk

from ...grid import referee
from ..palette import EDGE, INK, PAPER, PATH, PATH_INK, tile_label, tile_style
from .tile import FONT, GAP, PAD, TILE, board_size, centre, rounded

TICK_MS = 100  # how often the clock is redrawn
HIT = 0.36  # a drag takes a tile when the pointer is this close to its centre (x the tile's side):
# corners are left out, so that a diagonal drag does not catch the tiles beside its way
ERROR_INK = "#b00020"
OK_INK = "#1b7f3b"


class PlayWindow:
    """One round after another on one window; ``played`` holds the rounds that ended."""

    def __init__(self, root, games, titles, review_of=None) -> None:
        self.root, self.games, self.titles = root, list(games), list(titles)
        self.review_of = review_of  # game -> text of its review (shown at the end)
        self.played: list = []
        self.index = 0
        self.path: list[int] = []  # the cells of the drag under way
        self.turn = 0
        self.missed_rows: list = []
        root.title("elzzur play")
        root.configure(background=PAPER)
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
        self.canvas.pack(side="left")
        side = ttk.Frame(middle, padding=(10, 0))
        side.pack(side="left", fill="both", expand=True)
        self.found_label = ttk.Label(side, text="")
        self.found_label.pack(anchor="w")
        self.found = tk.Listbox(side, height=12, width=26, font=(FONT, 11), activestyle="none")
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
        self.review = tk.Text(root, height=9, width=90, font=("DejaVu Sans Mono", 10),
                              wrap="word", background=PAPER, relief="flat")
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
            cx, cy = centre(self.view_cell(cell), side)
            if abs(x - cx) <= TILE * HIT and abs(y - cy) <= TILE * HIT:
                return cell if not board.cells[cell].is_hole else None
        return None

    def draw(self, path=()) -> None:
        canvas = self.canvas
        canvas.delete("all")
        board = self.game.referee.board
        if self.game.paused:
            canvas.create_text(int(canvas["width"]) / 2, int(canvas["height"]) / 2,
                               text="Paused", font=(FONT, 20, "bold"), fill=INK)
            return
        side = max(board.rows, board.cols)
        on_path = {cell: n for n, cell in enumerate(path, 1)}
        labels = []
        for cell_number, cell in enumerate(board.cells):  # the tiles, then the path, then ink
            if cell.is_hole:
                continue
            x, y = centre(self.view_cell(cell_number), side)
            style = tile_style(cell.bonus if self.game.referee.rules.multipliers else "")
            chosen = cell_number in on_path
            canvas.create_polygon(rounded(x - TILE / 2, y - TILE / 2, TILE, 12), smooth=True,
                                  fill=PATH if chosen else style.fill,
                                  outline=PATH if chosen else EDGE, width=2,
                                  tags=(f"tile{cell_number}",))
            labels.append((x, y, cell, style, chosen))
        points = [centre(self.view_cell(c), side) for c in path]
        if len(points) > 1:
            canvas.create_line(*[v for p in points for v in p], fill="#f2c14e", width=6,
                               capstyle="round", joinstyle="round", arrow="last")
        for x, y, cell, style, chosen in labels:
            canvas.create_text(x, y, text=tile_label(cell), font=(FONT, 22, "bold"),
                               fill=PATH_INK if chosen else style.ink)
            if style.badge and not chosen:
                canvas.create_text(x + TILE / 2 - 6, y + TILE / 2 - 6, anchor="se",
                                   text=style.badge, font=(FONT, 9, "bold"), fill=style.ink)

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
            self.answer(self.spelt(path))
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

    def answer(self, text: str) -> None:
        v = self.game.enter(text)
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
        self.found_label.configure(text="best missed words")
        self.found.delete(0, "end")
        for word, score, _ in self.missed_rows:
            self.found.insert("end", f"{word:<16}{score:>6,}")
        if self.review_of is not None:
            self.review.configure(state="normal")
            self.review.delete("1.0", "end")
            self.review.insert("1.0", self.review_of(game))
            self.review.configure(state="disabled")
            self.review.pack(side="top", fill="both", expand=True, padx=8, pady=4)
        if self.index + 1 < len(self.games):
            self.next_button.pack(side="left", padx=4)

    def show_selected(self) -> None:
        """A missed word chosen after the round: its path on the board."""
        if not self.game.over or not self.missed_rows:
            return
        chosen = self.found.curselection()
        if chosen and chosen[0] < len(self.missed_rows):
            word, score, path = self.missed_rows[chosen[0]]
            self.draw(path)
            self.message.configure(text=f"{word}  {score:,} points", fg=INK)

    def next_round(self) -> None:
        if self.index + 1 < len(self.games):
            self.index += 1
            self.turn = 0
            self.start_round()


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
