"""One tile of the window's board, drawn on the board's canvas as the page and the picture draw
it: a rounded square in the palette's colours (Ruzzle's bonus tiles with their ink), the letters
in an entry to type into, the tile's value in the top right corner, its bonus badge in the
bottom right one (nothing on a plain tile), and, on a path, its step number in a corner no arrow
goes through. The arrows between tiles are the board's (``App.light``).

Imported only once the window opens (it imports tkinter).
"""

from __future__ import annotations

import tkinter as tk
from typing import TYPE_CHECKING

from ..palette import DOUBT, EDGE, PATH, PATH_INK, SELECTED, label_scale, tile_style, tile_value
from .editing import BONUS_KEYS, bonus_name

if TYPE_CHECKING:
    from .app import App

TILE = 76  # a tile's side, in pixels
GAP = 10  # between two tiles
PAD = 8  # around the board, room for the outlines
LETTERS = 22  # the letters' font size on a one- or two-letter tile (points)
ENTRY = (44, 32)  # the entry's width and height: clear of the corners' numbers and badges
STEP = 11  # the radius of a step number's disc
FONT = "DejaVu Sans"


def origin(index: int, cols: int) -> tuple[int, int]:
    """The top left corner of a tile on the board's canvas."""
    r, c = divmod(index, cols)
    return PAD + c * (TILE + GAP), PAD + r * (TILE + GAP)


def centre(index: int, cols: int) -> tuple[float, float]:
    x, y = origin(index, cols)
    return x + TILE / 2, y + TILE / 2


def board_size(rows: int, cols: int) -> tuple[int, int]:
    """The canvas's width and height for a board of rows x cols."""
    return 2 * PAD + cols * (TILE + GAP) - GAP, 2 * PAD + rows * (TILE + GAP) - GAP


def cell_at(x: float, y: float, rows: int, cols: int) -> int | None:
    """The cell whose tile is under the canvas point (x, y), None between tiles."""
    c, dx = divmod(x - PAD, TILE + GAP)
    r, dy = divmod(y - PAD, TILE + GAP)
    if 0 <= r < rows and 0 <= c < cols and dx < TILE and dy < TILE:
        return int(r) * cols + int(c)
    return None


def rounded(x: float, y: float, size: float, radius: float) -> list[float]:
    """The points of a rounded square for a smoothed canvas polygon (Tk has no rounded
    rectangle): each corner's point doubled so that the sides stay straight."""
    x2, y2 = x + size, y + size
    return [x + radius, y, x + radius, y, x2 - radius, y, x2 - radius, y, x2, y,
            x2, y + radius, x2, y + radius, x2, y2 - radius, x2, y2 - radius, x2, y2,
            x2 - radius, y2, x2 - radius, y2, x + radius, y2, x + radius, y2, x, y2,
            x, y2 - radius, x, y2 - radius, x, y + radius, x, y + radius, x, y]


class CellWidget:
    """One tile on the board's canvas: its shape, value, badge and step number as canvas
    items, and the entry its letters are typed into. Its colours show its bonus; its outline
    the path being drawn (in the path colour, with the step number in a disc) or the tile the
    list is filtered by (dashed), or a tile read uncertainly from a picture (dashed, in the doubt
colour) until the player types it."""

    def __init__(self, app: App, canvas: tk.Canvas, index: int, cols: int) -> None:
        self.app, self.canvas, self.index = app, canvas, index
        self.bonus = tk.StringVar(canvas, "")
        x, y = origin(index, cols)
        tag = f"cell{index}"
        self.tag = tag
        self.shape = canvas.create_polygon(rounded(x, y, TILE, 14), smooth=True, width=1.5,
                                           outline=EDGE, tags=(tag, "tile"))
        self.value_item = canvas.create_text(x + TILE - 7, y + 6, anchor="ne", text="",
                                        font=(FONT, 9, "bold"), tags=(tag, "value"))
        self.badge_item = canvas.create_text(x + TILE - 7, y + TILE - 5, anchor="se", text="",
                                        font=(FONT, 8, "bold"), tags=(tag, "badge"))
        self.step_disc = canvas.create_oval(0, 0, 0, 0, width=2, outline=PATH, state="hidden",
                                            tags=(tag, "step"))
        self.step_text = canvas.create_text(0, 0, text="", font=(FONT, 10, "bold"),
                                            state="hidden", tags=(tag, "step"))
        self.entry = tk.Entry(canvas, width=3, justify="center", relief="flat", bd=0,
                              highlightthickness=0, font=(FONT, LETTERS, "bold"))
        self.window = canvas.create_window(x + TILE / 2, y + TILE / 2, window=self.entry,
                                           width=ENTRY[0], height=ENTRY[1], tags=(tag,))
        menu = tk.Menu(canvas, tearoff=0)
        for key, code in BONUS_KEYS.items():
            menu.add_radiobutton(label=f"{bonus_name(code)}  ({key})", value=code,
                                 variable=self.bonus, command=self.refresh)
        self.menu = menu
        self.entry.bind("<KeyPress>", self.app.on_cell_key)
        self.entry.bind("<KeyRelease>", lambda e: self.fit())
        self.entry.bind("<FocusOut>", lambda e: self.app.commit_free_edit(self))
        self.entry.bind("<Button-3>", self.popup)
        self.entry.bind("<Control-Button-1>", lambda e: self.app.toggle_filter(self.index))
        self.entry.bind("<FocusIn>", lambda e: self.app.show_doubt(self))
        self.mark = ""  # "", "path" or "filter"
        self.doubt = ""  # what to check, for a tile read from a picture uncertainly
        self.number = ""  # the step number(s) shown, "" when none
        self.corner = (-1, -1)  # where the step number sits (signs of x and y)
        self.refresh()

    def destroy(self) -> None:
        self.canvas.delete(self.tag)
        self.entry.destroy()
        self.menu.destroy()

    def popup(self, event) -> str:
        self.menu.tk_popup(event.x_root, event.y_root)
        return "break"

    @property
    def text(self) -> str:
        return self.entry.get()

    def set(self, text: str, bonus: str | None = None) -> None:
        self.doubt = ""  # the player typed it, or another board came: nothing left to check
        self.entry.delete(0, "end")
        self.entry.insert(0, text)
        if bonus is not None:
            self.bonus.set(bonus)
        self.refresh()

    def set_bonus(self, code: str) -> None:
        self.doubt = ""
        self.bonus.set(code)
        self.refresh()

    def show(self, mark: str = "", number: str | int | None = None,
             corner: tuple[int, int] = (-1, -1)) -> None:
        """Mark the tile: "path" with its step number(s) in ``corner``, "filter", or ""."""
        self.mark = mark
        self.number = str(number) if number else ""
        self.corner = corner
        self.refresh()

    def suspect(self, doubt: str) -> None:
        """Mark the tile as read uncertainly from a picture (``doubt`` names the letter and
        its runner-up, shown in the status bar when the tile has the focus); typing it clears
        the mark."""
        self.doubt = doubt
        self.refresh()

    def fit(self) -> None:
        """The letters' size for their length (``RE-``, ``-ING``, ``Qu=8`` fit the tile)."""
        self.entry.configure(font=(FONT, max(8, round(LETTERS * label_scale(self.text))), "bold"))

    def refresh(self) -> None:
        """Draw the tile as its bonus, its letters, the game's values and its mark say."""
        canvas = self.canvas
        style = tile_style(self.bonus.get())
        outline, width, dash = {"path": (PATH, 4, ()), "filter": (SELECTED, 3, (6, 4))}.get(
            self.mark, (DOUBT, 4, (5, 3)) if self.doubt else (EDGE, 1.5, ()))
        canvas.itemconfigure(self.shape, fill=style.fill, outline=outline, width=width, dash=dash)
        canvas.itemconfigure(self.value_item, text=self.value_text(), fill=style.ink)
        canvas.itemconfigure(self.badge_item, text=style.badge, fill=style.ink)
        self.entry.configure(bg=style.fill, fg=style.ink, insertbackground=style.ink,
                             disabledbackground=style.fill)
        self.fit()
        if self.number:
            x, y = origin(self.index, self.app.shape[1])
            sx, sy = self.corner
            cx = x + (STEP + 3 if sx < 0 else TILE - STEP - 3)
            cy = y + (STEP + 3 if sy < 0 else TILE - STEP - 3)
            first = self.number.split(",")[0] == "1"
            radius = STEP + 3 * max(0, len(self.number) - 2)
            canvas.coords(self.step_disc, cx - radius, cy - STEP, cx + radius, cy + STEP)
            canvas.itemconfigure(self.step_disc, state="normal",
                                 fill=PATH if first else PATH_INK)
            canvas.coords(self.step_text, cx, cy)
            canvas.itemconfigure(self.step_text, state="normal", text=self.number,
                                 fill=PATH_INK if first else PATH)
            canvas.tag_raise(self.step_disc)
            canvas.tag_raise(self.step_text)
        else:
            canvas.itemconfigure(self.step_disc, state="hidden")
            canvas.itemconfigure(self.step_text, state="hidden", text="")

    def value_text(self) -> str:
        """The value in the corner: the tile's letters under the game's values, or the value
        typed on the tile (``Q=8``); nothing for a tile that does not parse yet."""
        from ...errors import ElzzurError
        from ...grid.board import parse_token

        text = self.text.strip()
        if not text or text == ".":
            return ""
        letters, equals, value = text.partition("=")
        try:
            values = self.app.letter_values()
            cell = parse_token(letters + self.bonus.get() + equals + value, self.app.get_language())
        except ElzzurError:
            return ""
        return tile_value(cell, values)
