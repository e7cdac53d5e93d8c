"""``gui``: the solver in a Tk window."""

from __future__ import annotations

from .commands import Args
from .output import Output

def run_gui(args: Args, out: Output) -> None:
    from ..views.gui import main as gui_main

    if args.dictionary is not None:  # its warning here, an unusable list before any window
        from ..lexicon.languages import get_language
        from .lists import load_words

        load_words(args.dictionary, get_language(args.language))

    gui_main(args)
