"""The window: controls on top, the grid of tiles on the left, the word list on the right, a
status bar below. It wires the Tk-free pieces (``editing``, ``wordlist``, ``job``) to widgets;
every error a callback raises ends in the status bar, never in a traceback.

Imported only once the window opens (it imports tkinter).
"""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk

from ...errors import ElzzurError
from ...grid.board import HOLE, Board
from ..palette import PAPER, PATH, arrow_ends, step_corner
from .editing import (BONUS_KEYS, board_entries, build_board, language_choice, language_choices,
                      language_code, load_board_file, neighbour_cell, normalize_letter,
                      save_board_file, split_token)
from .job import SolveJob
from .tile import CellWidget, Layout, board_size, fit
from .wordlist import animation_steps, clipboard_text, summary, words_using
from .editing import MAX_SIDE  # rows and columns the size controls allow

STEP_MS = 150  # between two tiles of a path's animation
ERROR_INK = "#b00020"  # the status bar's text when it shows an error


class App:
    """The window: controls on top, the grid on the left, the word list on the right, and a
    status bar that shows every error (a callback never takes the window down)."""

    def __init__(self, root, language: str = "en", rules: str = "ruzzle",
                 dictionary: str | None = None) -> None:
        from ...grid.rules import presets

        self.root = root
        self.dictionary = dictionary
        self.rows_data: list = []  # every word found: (word, score, path)
        self.shown: list = []  # the rows the list shows (after the tile filter)
        self.filter_cell: int | None = None
        self.job: SolveJob | None = None
        self.highlighted: list[int] = []  # cells of the path drawn so far, in order
        self.path: tuple = ()  # the path being drawn (its step numbers' corners need it whole)
        self.animation: list = []  # pending after() ids
        self.free_edit: CellWidget | None = None  # a cell typed into freely (F2): TH, RE-, A/E
        self.pending_q: CellWidget | None = None
        root.title("elzzur")
        root.report_callback_exception = self.report_exception
        from .dialogs import FileChooser

        self.files = FileChooser(root)  # the desktop's file chooser where there is one
        _style(root)

        top = ttk.Frame(root, padding=4)
        top.pack(side="top", fill="x")
        # each language by code and name (en — English); a code typed in is taken too
        choices = language_choices()
        shown = next((c for c in choices if language_code(c) == language), language_choice(language))
        self.language = tk.StringVar(root, shown)
        ttk.Label(top, text="Language").pack(side="left")
        self.language_box = ttk.Combobox(top, textvariable=self.language, width=24,
                                         values=choices + ([shown] if shown not in choices else []))
        self.language_box.pack(side="left", padx=(2, 8))
        self.language_box.bind("<<ComboboxSelected>>", lambda e: self.clear_results())
        self.rules = tk.StringVar(root, rules)
        ttk.Label(top, text="Rules").pack(side="left")
        self.rules_box = ttk.Combobox(top, textvariable=self.rules, width=10, values=presets())
        self.rules_box.pack(side="left", padx=(2, 8))
        self.rules_box.bind("<<ComboboxSelected>>", lambda e: self.clear_results())
        self.nrows = tk.IntVar(root, 4)
        self.ncols = tk.IntVar(root, 4)
        ttk.Label(top, text="Size").pack(side="left")
        for var, label in ((self.nrows, "rows"), (self.ncols, "columns")):
            spin = ttk.Spinbox(top, from_=1, to=MAX_SIDE, width=3, textvariable=var,
                               command=self.resize_from_controls)
            spin.pack(side="left", padx=1)
            spin.bind("<Return>", lambda e: (self.resize_from_controls(), "break")[1])
            spin.bind("<FocusOut>", lambda e: self.resize_from_controls())
        self.solve_button = ttk.Button(top, text="Solve ⏎", command=self.solve)
        for text, command in (("Random", self.random_board), ("Load…", self.load_dialog),
                              ("Save…", self.save_dialog), ("Copy words", self.copy_words),
                              ("Clear", self.clear_board)):
            ttk.Button(top, text=text, command=command).pack(side="right", padx=1)
        self.solve_button.pack(side="left", padx=8)

        self.status = tk.StringVar(root, "Type the letters; Enter solves. F1: keys.")
        # two lines, wrapped to the window's width: a long message never resizes the window
        self.status_bar = tk.Label(root, textvariable=self.status, anchor="nw", justify="left",
                                   relief="sunken", padx=4, width=1, height=2, bg=PAPER)
        self.status_bar.pack(side="bottom", fill="x")
        self.status_bar.bind("<Configure>",
                             lambda e: self.status_bar.configure(wraplength=max(e.width - 12, 100)))
        self.status_colour = self.status_bar.cget("fg")

        body = ttk.Frame(root, padding=4)
        body.pack(side="top", fill="both", expand=True)
        self.layout = Layout()  # the tiles' size and place: they grow with the window
        right = ttk.Frame(body)
        right.pack(side="right", fill="y")
        self.board_canvas = tk.Canvas(body, highlightthickness=0, bg=PAPER)
        self.board_canvas.pack(side="left", fill="both", expand=True, padx=(0, 8))
        self.board_canvas.bind("<Button-1>", self.on_board_click)
        self.board_canvas.bind("<Button-3>", self.on_board_menu)
        self.board_canvas.bind("<Configure>", lambda e: self.fit_board(e.width, e.height))
        self.summary = tk.StringVar(root, "")
        ttk.Label(right, textvariable=self.summary, width=1).pack(anchor="w", fill="x")
        self.tree = ttk.Treeview(right, columns=("word", "score", "length"), show="headings",
                                 height=16, selectmode="browse")
        for column, width, anchor in (("word", 160, "w"), ("score", 64, "e"), ("length", 72, "e")):
            self.tree.heading(column, text=column.capitalize())
            self.tree.column(column, width=width, anchor=anchor, stretch=column == "word")
        scroll = ttk.Scrollbar(right, orient="vertical", command=self.tree.yview)
        self.tree.configure(yscrollcommand=scroll.set)
        self.tree.pack(side="left", fill="both", expand=True)
        scroll.pack(side="left", fill="y")
        self.tree.bind("<Double-Button-1>", lambda e: self.animate_selected())
        self.tree.bind("<Return>", lambda e: (self.animate_selected(), "break")[1])
        self.tree.bind("<KP_Enter>", lambda e: (self.animate_selected(), "break")[1])

        self.cells: list[CellWidget] = []
        self.shape = (0, 0)
        self.resize(4, 4)
        for sequence, handler in (("<Return>", self.solve), ("<KP_Enter>", self.solve),
                                  ("<Control-c>", self.copy_words), ("<Control-o>", self.load_dialog),
                                  ("<Control-s>", self.save_dialog), ("<Control-r>", self.random_board),
                                  ("<Control-l>", self.focus_list), ("<Control-g>", self.focus_grid),
                                  ("<Control-f>", self.filter_focused), ("<Escape>", self.clear_marks),
                                  ("<F1>", self.show_keys)):
            root.bind(sequence, self._key(handler))
        # the tiles' values are the game's: they follow the language and the rules chosen
        for var in (self.language, self.rules):
            var.trace_add("write", lambda *_: self.refresh_tiles())

    # -- helpers

    @staticmethod
    def _key(handler):
        def call(event):
            if handler.__name__ == "copy_words" and _has_selection(event.widget):
                return None  # Ctrl+C in an entry with selected text copies that text
            handler()
            return "break"
        return call

    def report_exception(self, kind, value, traceback) -> None:
        """Every error raised in a callback ends up here: shown, never fatal."""
        if isinstance(value, ElzzurError):
            self.error(str(value))
        else:
            self.error(f"unexpected error: {kind.__name__}: {value}")

    def error(self, message: str) -> None:
        self.status.set(message)
        self.status_bar["fg"] = ERROR_INK

    def info(self, message: str) -> None:
        self.status.set(message)
        self.status_bar["fg"] = self.status_colour

    def get_language(self):
        """The language the box names (``en — English``, or a code or file typed in)."""
        from ...lexicon.languages import get_language

        return get_language(language_code(self.language.get()))

    def letter_values(self) -> dict:
        """The letters' values under the rules and the language chosen, for the tiles'
        corners (empty for rules that score by length); an ElzzurError while a box names
        no language or rules."""
        from ...grid.rules import get_rules

        return get_rules(self.rules.get().strip() or "ruzzle").values(self.get_language())

    def refresh_tiles(self) -> None:
        for cell in getattr(self, "cells", []):
            cell.refresh()

    # -- the grid

    def resize_from_controls(self) -> None:
        try:
            rows, cols = int(self.nrows.get()), int(self.ncols.get())
        except Exception:  # TclError: the spinbox holds no number
            self.error("the board size must be whole numbers")
            return
        if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
            self.error(f"rows and columns go from 1 to {MAX_SIDE}")
            return
        if (rows, cols) != self.shape:
            self.resize(rows, cols)

    def resize(self, rows: int, cols: int) -> None:
        """Re-create the grid as rows x cols, keeping the letters that still fit."""
        old = {divmod(c.index, self.shape[1]): (c.text, c.bonus.get()) for c in self.cells} \
            if self.cells else {}
        for cell in self.cells:
            cell.destroy()
        self.board_canvas.delete("arrow")
        self.cells = []
        # the old tiles' Tk variables are freed now, on Tk's thread: left to the collector they
        # could be freed in the solving thread, and Tk refuses that (RuntimeError in __del__)
        import gc

        gc.collect()
        self.shape = (rows, cols)
        self.nrows.set(rows)
        self.ncols.set(cols)
        width, height = board_size(rows, cols, self.layout.tile)
        self.board_canvas.configure(width=width, height=height)
        self.layout = fit(self.board_canvas.winfo_width(), self.board_canvas.winfo_height(),
                          rows, cols) if self.board_canvas.winfo_width() > 1 else self.layout
        for index in range(rows * cols):
            cell = CellWidget(self, self.board_canvas, index, cols)
            if divmod(index, cols) in old:
                cell.set(*old[divmod(index, cols)])
            self.cells.append(cell)
        self.free_edit = self.pending_q = None
        self.clear_results()

    def fit_board(self, width: int, height: int) -> None:
        """The canvas changed size (the window was resized): tiles as large as fit it."""
        layout = fit(width, height, *self.shape)
        old = self.layout
        if (layout.tile, layout.left, layout.top) == (old.tile, old.left, old.top):
            return
        self.layout = layout
        for cell in self.cells:
            cell.layout()
        self.board_canvas.delete("arrow")
        for a, b in zip(self.highlighted, self.highlighted[1:]):
            self.draw_arrow(a, b)

    def draw_arrow(self, a: int, b: int) -> None:
        """One step of the path, from tile a to tile b, under the tiles' numbers and badges."""
        cols, g = self.shape[1], self.layout
        ends = arrow_ends(g.centre(a, cols), g.centre(b, cols), g.tile)
        self.board_canvas.create_line(*ends, fill=PATH, width=g.scaled(5), arrow="last",
                                      arrowshape=(g.scaled(14), g.scaled(16), g.scaled(7)),
                                      capstyle="round", tags=("arrow",))
        for tag in ("chip", "value", "badge", "step"):  # the corners' texts over the arrows
            self.board_canvas.tag_raise(tag)

    def load_board(self, board: Board) -> None:
        """Show a board in the grid (resized to its shape)."""
        if (board.rows, board.cols) != self.shape:
            self.resize(board.rows, board.cols)
        texts, bonuses = board_entries(board, self.get_language())
        for cell, text, bonus in zip(self.cells, texts, bonuses):
            cell.set(text, bonus)
        self.clear_results()

    def board(self) -> Board:
        """The board the grid shows, or an ElzzurError naming the bad cell."""
        rows, cols = self.shape
        return build_board([c.text for c in self.cells], [c.bonus.get() for c in self.cells],
                           rows, cols, self.get_language())

    def focus_cell(self, index: int) -> None:
        self.cells[index].entry.focus_set()
        self.cells[index].entry.select_range(0, "end")
        self.cells[index].entry.icursor("end")

    def on_cell_key(self, event):
        """Typing in a cell: a letter fills it and moves on (Q waits for a U), '.' is a hole,
        0-4 set the bonus, arrows move, BackSpace clears, F2 edits freely (TH, RE-, A/E)."""
        cell = next((c for c in self.cells if c.entry is event.widget), None)
        if cell is None:
            return None
        rows, cols = self.shape
        key, char = event.keysym, event.char
        if self.free_edit is cell:
            if key in ("Return", "KP_Enter", "Tab", "Escape", "F2"):
                self.commit_free_edit(cell)
                if key in ("Return", "KP_Enter", "Escape", "F2"):
                    return "break"
            return None
        if event.state & 0x4:  # Control: leave it to the window's shortcuts
            return None
        if key == "F2":
            self.free_edit = cell
            cell.caret(True)
            cell.entry.select_clear()
            cell.entry.icursor("end")
            self.info("free edit: type the tile (TH, RE-, -ING, A/E, Q=8), Enter to finish")
            return "break"
        if key in ("Left", "Right", "Up", "Down"):
            self.pending_q = None
            self.focus_cell(neighbour_cell(cell.index, key, rows, cols))
            return "break"
        if key in ("BackSpace", "Delete"):
            self.pending_q = None
            if not cell.text and key == "BackSpace" and cell.index > 0:
                self.focus_cell(cell.index - 1)
                self.cells[cell.index - 1].set("")
            else:
                cell.set("")
            return "break"
        if char in BONUS_KEYS:
            cell.set_bonus(BONUS_KEYS[char])
            return "break"
        if char == HOLE:
            cell.set(HOLE)
            self.advance(cell)
            return "break"
        if char and char.isalpha():
            self.type_letter(cell, char)
            return "break"
        if char and char.isprintable():
            self.error(f"{char!r} is not a letter (0-4 set the bonus, '.' is a hole)")
            return "break"
        return None  # Tab, Shift+Tab, Return…: the usual bindings

    def type_letter(self, cell: CellWidget, char: str) -> None:
        """Put one typed letter on the grid, normalised for the language."""
        language = self.get_language()
        if self.pending_q is not None and char.lower() == "u":
            self.pending_q.set("Qu")  # focus is already on the cell after the Q
            self.pending_q = None
            return
        self.pending_q = None
        letter = normalize_letter(char, language)
        if letter is None:
            self.error(f"{char!r} is not a letter of {language.name}")
            return
        self.info("")
        cell.set(letter)
        if letter == "Q" and "QU" == language.normalize("qu"):
            self.pending_q = cell  # a U next makes the tile Qu; anything else moves on
            nxt = self.next_cell(cell)
            if nxt is not None:
                self.focus_cell(nxt)
            return
        self.advance(cell)

    def next_cell(self, cell: CellWidget) -> int | None:
        return cell.index + 1 if cell.index + 1 < len(self.cells) else None

    def advance(self, cell: CellWidget) -> None:
        nxt = self.next_cell(cell)
        if nxt is not None:
            self.focus_cell(nxt)
        else:
            self.solve_button.focus_set()

    def commit_free_edit(self, cell: CellWidget) -> None:
        """A freely typed tile is split into its letters and its bonus code when done."""
        if self.free_edit is not cell:
            return
        self.free_edit = None
        cell.caret(False)
        text, bonus = split_token(cell.text, self.get_language())
        cell.set(text, bonus or None)
        self.info("")

    def clear_board(self) -> None:
        for cell in self.cells:
            cell.set("", "")
        self.clear_results()
        self.focus_cell(0)

    # -- solving

    def solve(self) -> None:
        """Start a solve of the grid's board in a worker thread; poll it with after()."""
        try:
            board = self.board()
            language = self.get_language()
            from ...grid.rules import get_rules

            get_rules(self.rules.get().strip() or "ruzzle")  # a bad rules name: an error now
        except ElzzurError as e:
            self.error(str(e))
            return
        self.clear_results()
        self.info("solving…")
        self.solve_button.state(["disabled"])
        self.job = SolveJob(board, language, self.rules.get().strip() or "ruzzle",
                            self.dictionary).start()
        self.root.after(30, self.poll, self.job)

    def poll(self, job: SolveJob) -> None:
        if job is not self.job:
            return  # a newer solve replaced this one
        if not job.done.is_set():
            self.root.after(30, self.poll, job)
            return
        self.job = None
        self.solve_button.state(["!disabled"])
        if job.error:
            self.error(job.error)
            return
        self.rows_data = job.rows
        self.show_words()
        self.info(f"solved: {summary(job.rows, job.rows)} — double-click or Enter on a word "
                  "shows its path; click a tile's border to filter")
        if job.warning:
            self.error(f"warning: {job.warning}")

    @property
    def busy(self) -> bool:
        return self.job is not None

    def clear_results(self) -> None:
        self.job = None  # a solve still running is forgotten: its answer would be stale
        self.solve_button.state(["!disabled"])
        self.rows_data = []
        self.filter_cell = None
        self.clear_marks()
        self.show_words()

    def show_words(self) -> None:
        """Fill the word list with the rows the tile filter keeps."""
        self.shown = words_using(self.rows_data, self.filter_cell)
        self.tree.delete(*self.tree.get_children())
        for n, (word, score, path) in enumerate(self.shown):
            self.tree.insert("", "end", iid=str(n), values=(word, score, len(path)))
        self.summary.set(summary(self.rows_data, self.shown) if self.rows_data else "")

    def words(self) -> list[tuple[str, int, int]]:
        """What the list shows: (word, score, length) rows, top to bottom."""
        return [tuple(self.tree.item(i, "values")) for i in self.tree.get_children()]

    # -- paths and filters

    def animate_selected(self) -> None:
        selection = self.tree.selection() or self.tree.focus()
        if not selection:
            return
        item = selection[0] if isinstance(selection, tuple) else selection
        self.animate(self.shown[int(item)][2])

    def animate(self, path) -> None:
        """Light the path's cells one by one with their order number; they stay lit."""
        self.clear_marks()
        self.path = tuple(path)
        for delay, (cell, number) in enumerate(animation_steps(path)):
            self.animation.append(self.root.after(delay * STEP_MS, self.light, cell, number))

    def light(self, cell: int, number: int) -> None:
        """Light step ``number`` of the path: the tile outlined, its step number(s) in a
        corner no arrow goes through, and an arrow from the step before, as the page draws
        them."""
        if cell >= len(self.cells):
            return
        previous = self.highlighted[-1] if self.highlighted else None
        self.highlighted.append(cell)
        first = number - len(self.highlighted) + 1  # the step number of highlighted[0]
        numbers = [str(n) for n, c in enumerate(self.highlighted, start=first) if c == cell]
        cols = self.shape[1]
        corner = step_corner(cell, self.path or tuple(self.highlighted), cols)
        self.cells[cell].show("path", ",".join(numbers), corner)
        if previous is not None:
            self.draw_arrow(previous, cell)

    def on_board_click(self, event) -> None:
        """A click on a tile (beside its letters): keep the words through it."""
        cell = self.layout.cell_at(event.x, event.y, *self.shape)
        if cell is not None:
            self.toggle_filter(cell)

    def on_board_menu(self, event) -> None:
        """A right click on a tile: its bonus menu."""
        cell = self.layout.cell_at(event.x, event.y, *self.shape)
        if cell is not None:
            self.cells[cell].popup(event)

    def clear_marks(self) -> None:
        for after_id in self.animation:
            self.root.after_cancel(after_id)
        self.animation = []
        self.highlighted = []
        self.path = ()
        if hasattr(self, "board_canvas"):
            self.board_canvas.delete("arrow")
        for cell in getattr(self, "cells", []):
            cell.show("filter" if cell.index == self.filter_cell else "")

    def toggle_filter(self, cell: int) -> None:
        """Keep only the words whose path uses this tile; the same tile again shows all."""
        self.filter_cell = None if self.filter_cell == cell else cell
        self.clear_marks()
        self.show_words()
        if self.filter_cell is not None:
            r, c = divmod(cell, self.shape[1])
            self.info(f"words through cell ({r},{c}): {len(self.shown)} "
                      "(click it again, or Ctrl+F, to show all)")

    def filter_focused(self) -> None:
        focus = self.root.focus_get()
        cell = next((c for c in self.cells if c.entry is focus), None)
        if cell is not None:
            self.toggle_filter(cell.index)

    # -- files, clipboard, random

    def copy_words(self) -> None:
        self.root.clipboard_clear()
        self.root.clipboard_append(clipboard_text(self.shown))
        self.info(f"copied {len(self.shown)} words to the clipboard")

    def load_path(self, path: str) -> None:
        from .editing import is_picture, load_picture_board

        note, doubts = "", {}
        try:
            if is_picture(path):  # a screenshot or photo: read (issue 19)
                board, note, doubts = load_picture_board(path, self.get_language(),
                                                         self.rules_box.get())
            else:
                board = load_board_file(path, self.get_language())
        except ElzzurError as e:
            self.error(str(e))
            return
        self.load_board(board)
        for index, doubt in doubts.items():  # outlined until typed; the first one focused
            self.cells[index].suspect(doubt)
        if doubts:
            self.focus_cell(min(doubts))
        if note:
            self.error(f"read {path}; {note}")
        else:
            self.info(f"loaded {path}")

    def show_doubt(self, cell) -> None:
        """A tile read uncertainly has the focus: the status bar says what to check in it
        (unless it says so already, as the note after loading the picture does)."""
        if cell.doubt and cell.doubt not in self.status.get():
            self.error(f"check {cell.doubt}")

    def save_path(self, path: str) -> None:
        try:
            save_board_file(path, self.board())
        except ElzzurError as e:
            self.error(str(e))
            return
        self.info(f"saved {path}")

    def load_dialog(self) -> None:
        self.files.ask(False, "Load a board", [("Boards", "*.board *.txt"),
                                               ("Pictures", "*.png *.jpg *.jpeg *.webp"),
                                               ("All", "*")], self.load_path)

    def save_dialog(self) -> None:
        self.files.ask(True, "Save the board", [("Boards", "*.board"), ("All", "*")],
                       self.save_path, default_extension=".board")

    def random_board(self, seed=None) -> None:
        from ...grid.generate import random_board

        rows, cols = self.shape
        self.load_board(random_board(self.get_language(), rows, cols, seed))
        self.info("a random board: Enter solves it")

    # -- focus and help

    def focus_list(self) -> None:
        self.tree.focus_set()
        children = self.tree.get_children()
        if children and not self.tree.selection():
            self.tree.selection_set(children[0])
            self.tree.focus(children[0])

    def focus_grid(self) -> None:
        self.focus_cell(0)

    def show_keys(self) -> None:
        self.info("letters fill cells · . hole · 0-4 or right click: bonus · arrows/Tab move · "
                  "F2 free edit · click a tile's border: its words · "
                  "Enter solve · Ctrl+L list, Enter path · Ctrl+F filter · Ctrl+C copy · "
                  "Ctrl+O/S load/save · Ctrl+R random · Esc clear")


def _has_selection(widget) -> bool:
    try:
        return bool(widget.selection_present())
    except Exception:
        return False


def _style(root) -> None:
    """The window in the page's colours (shared with the play window: ``style``)."""
    from .style import apply

    apply(root)
