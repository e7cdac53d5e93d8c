"""The look both windows share (``elzzur gui`` and ``elzzur play --window``): ttk's portable
"clam" theme in the palette's colours, paper behind everything, the chosen row in the path
colour, so that neither window shows Tk's grey.

Imported only once a window opens (it imports tkinter).
"""

from __future__ import annotations

from tkinter import ttk

from ..palette import INK, PAPER, PATH, PATH_INK

FIELD = "#ffffff"  # behind lists and entries


def apply(root) -> None:
    """Style ``root`` and every ttk widget in it (clam takes colours on every platform)."""
    style = ttk.Style(root)
    if "clam" in style.theme_names():
        style.theme_use("clam")
    root.configure(bg=PAPER)
    style.configure(".", background=PAPER, foreground=INK)
    style.configure("TButton", padding=(8, 3), width=-6)  # clam's are 11 characters at least
    style.configure("TEntry", fieldbackground=FIELD)
    style.configure("Treeview", background=FIELD, fieldbackground=FIELD)
    style.map("Treeview", background=[("selected", PATH)], foreground=[("selected", PATH_INK)])


def listbox_colours() -> dict:
    """A plain Tk Listbox's options in the palette's colours (a Listbox is not ttk)."""
    return {"background": FIELD, "foreground": INK, "selectbackground": PATH,
            "selectforeground": PATH_INK, "highlightthickness": 1,
            "highlightbackground": "#b9ad95", "highlightcolor": PATH, "relief": "flat",
            "borderwidth": 0}
