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

from ..palette import DOUBT, EDGE, INK, PATH, PATH_INK, SELECTED, label_scale, tile_style, tile_value
from .editing import BONUS_KEYS, bonus_name

if TYPE_CHECKING:
    from .app import App

TILE = 76  # a tile's side, in pixels, at the window's first size
GAP = 10  # between two tiles
PAD = 8  # around the board, room for the outlines
MIN_TILE, MAX_TILE = 40, 180  # how far the tiles shrink and grow with the window
LETTERS = 22  # the letters' font size on a one- or two-letter tile (points), at TILE
ENTRY = (44, 32)  # the entry's width and height at TILE: clear of the corners' numbers and badges
STEP = 11  # the radius of a step number's disc, at TILE
FONT = "DejaVu Sans"


class Layout:
    """Where the tiles are on a canvas: their side (``tile``) and the board's top left corner.
    The window's board grows and shrinks with the window (``fit``); the numbers and fonts on a
    tile scale with it (``scaled``)."""

    def __init__(self, tile: float = TILE, left: float = PAD, top: float = PAD) -> None:
        self.tile, self.left, self.top = tile, left, top

    def scaled(self, size: float) -> int:
        """A size given for a tile of TILE pixels, for this layout's tiles."""
        return max(1, round(size * self.tile / TILE))

    def gently(self, size: float) -> int:
        """A size for a tile of TILE pixels that grows slower than the tile (the step numbers'
        discs: on a large tile they would reach the letters)."""
        return max(1, round(size * (self.tile / TILE) ** 0.6))

    def origin(self, index: int, cols: int) -> tuple[float, float]:
        """The top left corner of a tile on the canvas."""
        r, c = divmod(index, cols)
        return self.left + c * (self.tile + GAP), self.top + r * (self.tile + GAP)

    def centre(self, index: int, cols: int) -> tuple[float, float]:
        x, y = self.origin(index, cols)
        return x + self.tile / 2, y + self.tile / 2

    def cell_at(self, x: float, y: float, rows: int, cols: int) -> int | None:
        """The cell whose tile is under the canvas point (x, y), None between tiles."""
        c, dx = divmod(x - self.left, self.tile + GAP)
        r, dy = divmod(y - self.top, self.tile + GAP)
        if 0 <= r < rows and 0 <= c < cols and dx < self.tile and dy < self.tile:
            return int(r) * cols + int(c)
        return None


def fit(width: float, height: float, rows: int, cols: int) -> Layout:
    """The largest tiles (within MIN_TILE and MAX_TILE) with which a board of rows x cols fits
    a canvas of width x height, the board centred across it and at its top."""
    tile = min((width - 2 * PAD + GAP) / cols - GAP, (height - 2 * PAD + GAP) / rows - GAP)
    tile = int(max(MIN_TILE, min(MAX_TILE, tile)))
    used = cols * (tile + GAP) - GAP
    return Layout(tile, max(PAD, (width - used) // 2), PAD)


def board_size(rows: int, cols: int, tile: float = TILE) -> tuple[int, int]:
    """The canvas's width and height for a board of rows x cols."""
    return 2 * PAD + cols * (tile + GAP) - GAP, 2 * PAD + rows * (tile + GAP) - GAP


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
        self.app, self.canvas, self.index, self.cols = app, canvas, index, cols
        self.bonus = tk.StringVar(canvas, "")
        tag = f"cell{index}"
        self.tag = tag
        self.shape = canvas.create_polygon(0, 0, 0, 0, smooth=True, width=1.5, outline=EDGE,
                                           tags=(tag, "tile"))
        # the value and the badge each on a chip of the tile's colour, raised over the path's
        # arrows (``App.light``), so that an arrow passing a corner never hides them
        self.value_chip = canvas.create_rectangle(0, 0, 0, 0, width=0, state="hidden",
                                                  tags=(tag, "chip"))
        self.badge_chip = canvas.create_rectangle(0, 0, 0, 0, width=0, state="hidden",
                                                  tags=(tag, "chip"))
        self.value_item = canvas.create_text(0, 0, anchor="ne", text="", tags=(tag, "value"))
        self.badge_item = canvas.create_text(0, 0, anchor="se", text="", tags=(tag, "badge"))
        self.step_disc = canvas.create_oval(0, 0, 0, 0, width=2, outline=PATH, state="hidden",
                                            tags=(tag, "step"))
        self.step_text = canvas.create_text(0, 0, text="", state="hidden", tags=(tag, "step"))
        # no caret (it is drawn in the tile's own colour) but while a tile is typed freely
        # (F2): the tile with the focus shows it by its outline instead
        self.entry = tk.Entry(canvas, width=3, justify="center", relief="flat", bd=0,
                              highlightthickness=0, font=(FONT, LETTERS, "bold"))
        self.free = False
        self.window = canvas.create_window(0, 0, window=self.entry, tags=(tag,))
        self.focused = False
        menu = tk.Menu(canvas, tearoff=0)
        for key, code in BONUS_KEYS.items():
            menu.add_radiobutton(label=f"{bonus_name(code)}  ({key})", value=code,
                                 variable=self.bonus, command=self.refresh)
        self.menu = menu
        self.entry.bind("<KeyPress>", self.app.on_cell_key)
        self.entry.bind("<KeyRelease>", lambda e: self.fit())
        self.entry.bind("<FocusOut>", lambda e: (self.app.commit_free_edit(self),
                                                 self.set_focused(False)))
        self.entry.bind("<Button-3>", self.popup)
        self.entry.bind("<Control-Button-1>", lambda e: self.app.toggle_filter(self.index))
        self.entry.bind("<FocusIn>", lambda e: (self.set_focused(True), self.app.show_doubt(self)))
        self.mark = ""  # "", "path" or "filter"
        self.doubt = ""  # what to check, for a tile read from a picture uncertainly
        self.number = ""  # the step number(s) shown, "" when none
        self.corner = (-1, -1)  # where the step number sits (signs of x and y)
        self.layout()

    @property
    def geometry(self) -> Layout:
        return self.app.layout

    def layout(self) -> None:
        """Place the tile's items for the board's current tile size (the window was resized)."""
        g, canvas = self.geometry, self.canvas
        x, y = g.origin(self.index, self.cols)
        tile = g.tile
        canvas.coords(self.shape, *rounded(x, y, tile, g.scaled(14)))
        canvas.coords(self.value_item, x + tile - g.scaled(7), y + g.scaled(6))
        canvas.coords(self.badge_item, x + tile - g.scaled(7), y + tile - g.scaled(5))
        canvas.itemconfigure(self.value_item, font=(FONT, g.scaled(9), "bold"))
        canvas.itemconfigure(self.badge_item, font=(FONT, g.scaled(8), "bold"))
        canvas.itemconfigure(self.step_text, font=(FONT, g.gently(10), "bold"))
        canvas.coords(self.window, x + tile / 2, y + tile / 2)
        canvas.itemconfigure(self.window, width=g.scaled(ENTRY[0]), height=g.scaled(ENTRY[1]))
        self.refresh()

    def set_focused(self, focused: bool) -> None:
        self.focused = focused
        self.refresh()

    def caret(self, shown: bool) -> None:
        """The text caret: shown only while the tile is typed freely (F2)."""
        self.free = shown
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
        size = self.geometry.scaled(LETTERS) * label_scale(self.text)
        self.entry.configure(font=(FONT, max(8, round(size)), "bold"))

    def refresh(self) -> None:
        """Draw the tile as its bonus, its letters, the game's values and its mark say."""
        canvas = self.canvas
        style = tile_style(self.bonus.get())
        plain = (INK, 3, ()) if self.focused else (EDGE, 1.5, ())  # the focus: a dark outline
        outline, width, dash = {"path": (PATH, 4, ()), "filter": (SELECTED, 3, (6, 4))}.get(
            self.mark, (DOUBT, 4, (5, 3)) if self.doubt else plain)
        canvas.itemconfigure(self.shape, fill=style.fill, outline=outline, width=width, dash=dash)
        canvas.itemconfigure(self.value_item, text=self.value_text(), fill=style.ink)
        canvas.itemconfigure(self.badge_item, text=style.badge, fill=style.ink)
        for chip, item in ((self.value_chip, self.value_item), (self.badge_chip, self.badge_item)):
            box = canvas.bbox(item) if canvas.itemcget(item, "text") else None
            if box:
                canvas.coords(chip, box[0] - 2, box[1], box[2] + 2, box[3])
            canvas.itemconfigure(chip, fill=style.fill, state="normal" if box else "hidden")
        # the caret and the selection (a tile's letters are selected when it gets the focus,
        # so typing replaces them) unseen but while the tile is typed freely (F2)
        self.entry.configure(bg=style.fill, fg=style.ink,
                             insertbackground=style.ink if self.free else style.fill,
                             selectbackground=PATH if self.free else style.fill,
                             selectforeground=PATH_INK if self.free else style.ink,
                             disabledbackground=style.fill)
        self.fit()
        if self.number:
            g = self.geometry
            x, y = g.origin(self.index, self.cols)
            sx, sy = self.corner
            step = g.gently(STEP)
            cx = x + (step + 3 if sx < 0 else g.tile - step - 3)
            cy = y + (step + 3 if sy < 0 else g.tile - step - 3)
            first = self.number.split(",")[0] == "1"
            radius = step + 3 * max(0, len(self.number) - 2)
            canvas.coords(self.step_disc, cx - radius, cy - step, cx + radius, cy + step)
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
