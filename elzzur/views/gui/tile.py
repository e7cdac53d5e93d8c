"""One tile of the window's grid: its step badge, the letter entry and the bonus menu, in the
palette's colours (the page's and the picture's: Ruzzle's bonus tiles with their ink).

Imported only once the window opens (it imports tkinter).
"""

from __future__ import annotations

import tkinter as tk
from typing import TYPE_CHECKING

from ..palette import PATH, PATH_INK, SELECTED, tile_style
from .editing import BONUS_KEYS, bonus_name

if TYPE_CHECKING:
    from .app import App

RING = 3  # pixels of the outline that marks a tile on the path or the filtered tile


class CellWidget:
    """One tile: its order badge (click: filter by this tile), the letter entry, and the bonus
    selector. The tile's colours show its bonus; an outline shows the path being drawn (in the
    path colour, with the step number on the badge) or the tile the list is filtered by."""

    def __init__(self, app: App, parent, index: int) -> None:
        self.app, self.index = app, index
        self.bonus = tk.StringVar(parent, "")
        self.frame = tk.Frame(parent, bd=2, relief="groove", padx=2, pady=1,
                              highlightthickness=RING)
        self.window_bg = self.frame.cget("bg")
        self.badge = tk.Label(self.frame, text=" ", font=("TkDefaultFont", 8), width=3,
                              cursor="hand2")
        self.badge_ink = self.badge.cget("fg")
        self.badge.pack(fill="x")
        self.entry = tk.Entry(self.frame, width=3, justify="center",
                              font=("TkDefaultFont", 20, "bold"), relief="flat")
        self.entry.pack()
        self.menu_button = tk.Menubutton(self.frame, text="none", font=("TkDefaultFont", 8),
                                         relief="flat", takefocus=0, width=4)
        menu = tk.Menu(self.menu_button, tearoff=0)
        for key, code in BONUS_KEYS.items():
            menu.add_radiobutton(label=f"{bonus_name(code)}  ({key})", value=code,
                                 variable=self.bonus, command=self.refresh)
        self.menu_button["menu"] = menu
        self.menu = menu
        self.menu_button.pack(fill="x")
        self.entry.bind("<KeyPress>", self.app.on_cell_key)
        self.entry.bind("<FocusOut>", lambda e: self.app.commit_free_edit(self))
        self.entry.bind("<Button-3>", self.popup)
        self.entry.bind("<Control-Button-1>", lambda e: self.app.toggle_filter(self.index))
        for widget in (self.badge, self.frame):
            widget.bind("<Button-1>", lambda e: self.app.toggle_filter(self.index))
        self.mark = ""  # "", "path" or "filter"
        self.refresh()

    def popup(self, event) -> str:
        self.menu.tk_popup(event.x_root, event.y_root)
        return "break"

    @property
    def text(self) -> str:
        return self.entry.get()

    def set(self, text: str, bonus: str | None = None) -> None:
        self.entry.delete(0, "end")
        self.entry.insert(0, text)
        if bonus is not None:
            self.bonus.set(bonus)
        self.refresh()

    def set_bonus(self, code: str) -> None:
        self.bonus.set(code)
        self.refresh()

    def show(self, mark: str = "", number: int | None = None) -> None:
        self.mark = mark
        self.badge["text"] = str(number) if number else " "
        self.refresh()

    def refresh(self) -> None:
        code = self.bonus.get()
        style = tile_style(code)
        ring = {"path": PATH, "filter": SELECTED}.get(self.mark, self.window_bg)
        self.frame.configure(highlightbackground=ring, highlightcolor=ring)
        lit = self.mark == "path"
        self.badge.configure(bg=PATH if lit else self.window_bg,
                             fg=PATH_INK if lit else self.badge_ink)
        self.entry.configure(bg=style.fill, fg=style.ink, insertbackground=style.ink)
        self.menu_button.configure(text=bonus_name(code), bg=style.fill, fg=style.ink)
