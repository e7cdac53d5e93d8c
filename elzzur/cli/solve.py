"""``solve`` and ``demo``: boards in, each board's words out, in the chosen format; a batch spread
over ``--jobs`` processes keeps its order."""

from __future__ import annotations

import os
import sys

from ..errors import PROG, ElzzurError, UsageError, quoted
from .commands import Args
from .output import Output, refuse_inputs

def run_solve(args: Args, out: Output) -> None:
    from ..lexicon.languages import get_language

    refuse_inputs(args)  # -o naming a board file or a list: refused before any work
    language = get_language(args.language)  # an unknown language is reported before the boards
    boards = []
    if args.image or args.accept_uncertain or args.dice:  # the board in a picture (issue 19)
        from .read import image_boards

        boards = image_boards(args, language)
    for source in args.board or ():
        boards += read_boards(source, language, "solve")[0]
    solve_boards(boards, language, args, out)

def read_boards(source: str, language, command: str) -> tuple[list, str]:
    """The boards of one ``-b`` (a file, '-' or an inline board) and its name for messages
    (``grid.board.read_board_text``); a mistyped inline board's error ends with the board
    syntax (``board_hint``) and ``command``'s help."""
    from ..grid.board import parse_boards, read_board_text

    text, origin = read_board_text(source)
    try:
        return parse_boards(text, language, origin), origin
    except ElzzurError as e:
        if origin != "inline board":
            raise
        message = str(e)
        if "/" in text and os.path.isdir(os.path.dirname(text)):
            # `boards/ABC` where there is a folder boards/: a file's name as much as a board
            from ..files import missing
            from ..grid.board import shown_name

            rest = message.removeprefix(origin)
            message = (f"{shown_name(text)}: {missing(text)}; as a board"
                       f"{rest if rest != message else ': ' + message}")
        raise type(e)(f"{message} {board_hint(command)}") from None

def board_hint(command: str) -> str:
    """The board syntax in one line, ending the error of a missing or mistyped board: the
    first thing a new player gets wrong, and docs/boards.md is a page away."""
    return (f"(a board is rows separated by '/', tiles by spaces: -b \"C A T/D O G\"; "
            f"see {PROG} help {command})")

def run_demo(args: Args, out: Output) -> None:
    from ..grid.board import BOARD_LIMIT, parse_boards
    from ..files import read_text_file
    from ..lexicon.languages import get_language
    from ..files import resource

    refuse_inputs(args)
    language = get_language(args.language)
    path = resource("boards", language.demo_board)
    if not os.path.isfile(path):
        raise ElzzurError(f"the demo board for {language.code!r} is missing ({language.demo_board})")
    args.jobs = 1
    text = read_text_file(path, BOARD_LIMIT)  # a user language's demo board: a board file's limit
    solve_boards(parse_boards(text, language, language.demo_board), language, args, out)

def solve_boards(boards, language, args: Args, out: Output) -> None:
    """Solve and print boards in order; one dictionary load for the whole batch."""
    from .lists import load_words

    game_rules(args, language)  # bad --rules or --score: an error before any board is solved
    if args.common:  # and no band data to choose words by: an error, not an empty list
        from ..lexicon.commonness import require_bands

        require_bands(language)
    batch = len(boards) > 1
    if batch and args.format in ("svg", "html"):
        raise UsageError(f"--format {args.format} draws one board, and {len(boards)} were given")
    dictionary = load_words(args.dictionary, language, not args.no_corrections)
    args.terminal = terminal_width(args)
    if args.format == "json" and batch:
        out.write("[\n")
    results = render_all(boards, language, dictionary, args)
    try:
        for number, text in enumerate(results, start=1):
            if batch and number > 1 and args.format in ("text", "csv"):
                out.write("\n")
            if args.format == "json" and batch:
                text = text.rstrip("\n") + (",\n" if number < len(boards) else "\n")
            out.write(text)
    finally:
        results.close()  # now, not when collected: it stops the worker processes
    if args.format == "json" and batch:
        out.write("]\n")

def terminal_width(args: Args) -> int | None:
    """The width of the terminal the text goes to, for its layout (the board after the list,
    in view when the list has scrolled by: ``views.text.as_text``), or None for a file or a
    pipe, which get the layout scripts read."""
    if args.format != "text" or args.quiet or args.output is not None:
        return None
    try:
        if not sys.stdout.isatty():
            return None
    except (AttributeError, ValueError):  # no standard output, or a closed one
        return None
    import shutil

    return shutil.get_terminal_size().columns

def render_all(boards, language, dictionary, args: Args):
    """Each board's output text, in order: here, or spread over ``--jobs`` processes."""
    jobs = workers(args.jobs, len(boards))
    if jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        pool = ProcessPoolExecutor(jobs, initializer=_worker_start,
                                   initargs=(args.language, args))
        try:
            chunk = max(1, min(256, len(boards) // (4 * jobs)))
            yield from pool.map(_worker_render, boards, chunksize=chunk)
        finally:  # on Ctrl-C or an error, the boards not yet started are dropped
            pool.shutdown(wait=False, cancel_futures=True)
        return
    for board in boards:
        yield render_board(board, language, dictionary, args)

def workers(jobs: int, boards: int) -> int:
    """The processes ``--jobs`` may start: no more than the boards, nor than the CPUs this
    process may run on (more only cost memory: ``--jobs 100000`` would start a hundred
    thousand Pythons)."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not Linux
        cpus = os.cpu_count() or 1
    return max(1, min(jobs, boards, cpus))

_worker: list = []

def _worker_start(spec: str, args: Args) -> None:
    """Load the language (a code or a file's path, as given to -l) and dictionary once.
    Ctrl-C (and SIGHUP, SIGTERM) reaches every process of the terminal's group: only the
    parent answers it, and stops the workers."""
    import signal

    from ..lexicon.dictionary import load_dictionary
    from ..lexicon.languages import get_language

    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, signal.SIG_IGN)
    language = get_language(spec)
    _worker[:] = [language, load_dictionary(args.dictionary, language, not args.no_corrections),
                  args]

def _worker_render(board) -> str:
    return render_board(board, *_worker)

_game_rules: dict = {}

def game_rules(args: Args, language):
    """The rules of ``--rules``, with the letter values of ``--score`` laid over them (made
    once per run: the solver's tables are kept per rules object)."""
    from ..grid.rules import get_rules, with_scores

    key = (args.rules, tuple(args.score or ()), language.code)
    if key not in _game_rules:
        _game_rules[key] = with_scores(get_rules(args.rules), args.score, language)
    return _game_rules[key]

def render_board(board, language, dictionary, args: Args) -> str:
    from ..views.text import render
    from ..grid.results import sort_key
    from ..grid.solver import find_words

    rules = game_rules(args, language)
    # --min-length narrows the list; it never admits words shorter than the rules allow
    shortest = max(args.min_length or 0, rules.min_length)
    written = written_by_core(board, language, dictionary, args, rules, shortest)
    if written is not None:
        return written
    rows = find_words(board, dictionary, language, shortest, rules=rules, revisit=args.revisit)
    band = None
    if args.common or args.format in ("json", "jsonl", "csv"):
        from ..lexicon.commonness import band_lookup, is_common

        band = band_lookup(language, needed=args.common)
        if args.common:
            rows = [row for row in rows if is_common(band(row[0]))]  # remembered: printed again
    if getattr(args, "plan", None):  # the words to swipe in that time: elzzur.cli.plan
        from .plan import plan_text

        return plan_text(board, rows, language, args)
    key = sort_key(args.sort)
    rows.sort(key=lambda row: key(*row), reverse=args.reverse)
    shown = shown_rows(rows, args, language)
    if args.format == "svg":
        from ..views.html import svg

        return svg(language.code, board, rows, shown[0][0] if shown else None,
                   values=rules.values(language))
    if args.format == "html":
        from ..views.html import page

        return page(language.code, board, rows, args.rules, values=rules.values(language))
    text = render(language.code, board, rows, args.format, args.quiet, args.top, args.rules, band,
                  getattr(args, "terminal", None))
    if shown and args.format == "text":
        from ..views.text import show_path, use_colour

        colour = use_colour(args.color, None if args.output else sys.stdout)
        text += "".join("\n" + show_path(board, *row, colour=colour) for row in shown)
    return text

def shown_rows(rows, args: Args, language) -> list:
    """The rows --show and --show-top ask to draw."""
    shown = list(rows[:args.show_top]) if args.show_top else []
    if args.show:
        word = language.normalize(args.show)
        match = [row for row in rows if row[0] == word]
        if not match:
            text = word or args.show
            text = text if len(text) <= 60 and text.isprintable() else quoted(text)
            raise ElzzurError(f"--show {quoted(args.show)}: {text} is not on this board"
                              + (" among the common words (--common)" if args.common else ""))
        shown.insert(0, match[0])
    return shown

def written_by_core(board, language, dictionary, args: Args, rules, shortest: int) -> str | None:
    """The output of the plain case (sorted by score; no --common, --show, --reverse or --plan;
    not the terminal's layout) with the word list written by the C core
    (elzzur.grid.solver.render_words), the same text as render() writes from the rows: in a
    batch, writing the rows in Python cost more than finding them. None where the core does
    not write it."""
    if (args.common or args.sort != "score" or args.reverse or args.show or args.show_top
            or getattr(args, "plan", None) or getattr(args, "terminal", None)
            or args.format not in ("text", "csv", "json", "jsonl")
            or args.top is not None and args.top < 1):
        return None
    from ..grid.solver import render_words
    from ..views.text import around_words, plain_letters, word_template

    if not plain_letters(dictionary.graph.alphabet):
        return None
    bands = None
    if args.format != "text":
        from ..lexicon.commonness import language_bands

        bands = language_bands(language)
    written = render_words(board, dictionary, language, shortest, rules, args.revisit,
                           word_template(args.format, args.quiet), bands, args.top or -1)
    if written is None:
        return None
    return around_words(args.format, language.code, board, *written, quiet=args.quiet,
                        rules=args.rules)
