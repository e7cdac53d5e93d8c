"""``elzzur gui``: the solver in a Tk window (standard-library tkinter only).

Type a board into a grid of cells, pick the language and the rules, Solve, and see every word
sorted by score; choose a word to watch its path drawn on the grid, click a tile to keep only
the words that use it.

The pieces, one job each: ``editing`` (the grid's texts to and from a board, no Tk),
``wordlist`` (filter, summary, clipboard, animation steps, no Tk), ``job`` (the solve in a
worker thread, no Tk), ``tile`` (one tile's widgets, and the board's layout, which follows the
window's size), ``style`` (the palette's look for ttk), ``dialogs`` (the desktop's file
chooser, else Tk's), ``loop`` (Tk's loop with the signals answered), ``app`` (the window) and
``play`` (``elzzur play --window``). Importing this
package imports no tkinter: the window's modules load when a window opens, so ``elzzur gui``
fails with one clear line where tkinter is missing, and the tests import the model without it.
"""

from __future__ import annotations

from ...errors import ElzzurError


def create_app(language: str = "en", rules: str = "ruzzle", dictionary: str | None = None,
               board: str | None = None):
    """The root window and its App, with a board shown if one is given."""
    import tkinter

    from .app import App
    from .editing import load_board_file

    root = tkinter.Tk(className="elzzur")
    app = App(root, language or "en", rules or "ruzzle", dictionary)
    if board:
        try:
            app.load_board(load_board_file(board, app.get_language()))
        except ElzzurError as e:
            app.error(str(e))
    app.focus_cell(0)
    return root, app


def main(args) -> None:
    """``elzzur gui``: open the window and run until it is closed."""
    try:
        import tkinter
    except ImportError:
        raise ElzzurError("the GUI needs tkinter (Debian: apt-get install python3-tk)") from None
    from ...lexicon.languages import get_language

    get_language(getattr(args, "language", None) or "en")  # a bad -l: an error before a window
    try:
        root, _ = create_app(getattr(args, "language", None), getattr(args, "rules", None),
                             getattr(args, "dictionary", None), getattr(args, "board", None))
    except tkinter.TclError as e:
        raise ElzzurError(f"cannot open a window: {e}") from None
    from .loop import run

    run(root)  # (a signal closes the window: see loop.py)
