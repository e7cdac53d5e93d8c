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
    sources = args.board or ()
    jobs = workers(args.jobs, len(boards) + 2 * len(sources))  # a text may hold many boards
    if jobs > 1 and sources:  # the workers read the text (cli.jobs)
        from .jobs import solve_spread

        solve_spread(boards, sources, language, args, out, jobs)
        return
    for source in sources:
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
        raise with_hint(e, origin, command, text) from None

def with_hint(error: ElzzurError, origin: str, command: str, text: str = "") -> ElzzurError:
    """The error of reading a board, ending with the board syntax for an inline board; an
    inline ``text`` that also names a file in an existing folder (``boards/ABC``) says that
    reading too."""
    if origin != "inline board":
        return error
    message = str(error)
    if "/" in text and os.path.isdir(os.path.dirname(text)):
        # `boards/ABC` where there is a folder boards/: a file's name as much as a board
        from ..files import missing
        from ..grid.board import shown_name

        rest = message.removeprefix(origin)
        message = (f"{shown_name(text)}: {missing(text)}; as a board"
                   f"{rest if rest != message else ': ' + message}")
    return type(error)(f"{message} {board_hint(command)}")

def board_hint(command: str) -> str:
    """The board syntax in one line, ending the error of a missing or mistyped board: the
    first thing a new player gets wrong, and docs/boards.md is a page away."""
    return (f"(a board is rows separated by '/', tiles by spaces: -b \"C A T/D O G\"; "
            f"see {PROG} help {command})")

def run_demo(args: Args, out: Output) -> None:
    from ..grid.board import parse_boards
    from ..files import BOARD_LIMIT, read_text_file, resource
    from ..lexicon.languages import get_language

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
    from .lists import show_report

    count = len(boards)
    batch = count > 1
    dictionary = batch_dictionary(language, args, count)
    show_report(dictionary.report)
    if args.format == "json" and batch:
        out.write("[\n")
    results = render_all(boards, language, dictionary, args)
    for number, text in enumerate(results, start=1):
        out.write(joined([text], args.format, batch, number == 1, number == count))
    if args.format == "json" and batch:
        out.write("]\n")

def batch_dictionary(language, args: Args, count: int):
    """What solving ``count`` boards needs before the first is solved,
    with its errors in this order: the rules, the commonness bands, a format that draws one
    board, the dictionary (its report not yet shown); and the terminal's width."""
    from ..lexicon.dictionary import load_dictionary

    game_rules(args, language)  # bad --rules or --score: an error before any board is solved
    if args.common:  # and no band data to choose words by: an error, not an empty list
        from ..lexicon.commonness import require_bands

        require_bands(language)
    if count > 1 and args.format in ("svg", "html"):
        raise UsageError(f"--format {args.format} draws one board, and {count} were given")
    dictionary = load_dictionary(args.dictionary, language, not args.no_corrections)
    args.terminal = terminal_width(args)
    return dictionary

def joined(texts: list[str], fmt: str, batch: bool, first: bool, last: bool) -> str:
    """The outputs of boards that follow one another in a batch, as the batch writes them:
    text and CSV with a blank line between boards, JSON as the items of an array (the
    batch's first and last board are ``first`` and ``last``: a list may hold any part)."""
    if not batch:
        return "".join(texts)
    return "".join(joined_pieces(texts, fmt, first, last))

def joined_pieces(texts: list[str], fmt: str, first: bool, last: bool) -> list[str]:
    """``joined``'s text of a batch as pieces, the boards' own texts among them (not
    copied: ``solve --jobs`` writes them as they are)."""
    if fmt in ("text", "csv"):
        pieces = ["\n", ""] * len(texts)
        pieces[1::2] = texts
        return pieces[1:] if first else pieces
    if fmt == "json":
        return [text.rstrip("\n") + ",\n" for text in texts[:-1]] + \
            [texts[-1].rstrip("\n") + ("\n" if last else ",\n")]
    return texts

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
    """Each board's output text, in order (``cli.jobs`` spreads a batch over processes)."""
    render = board_renderer(language, dictionary, args)
    for board in boards:
        yield render(board)

def workers(jobs: int, boards: int) -> int:
    """The processes ``--jobs`` may start: no more than the boards, nor than the CPUs this
    process may run on (more only cost memory: ``--jobs 100000`` would start a hundred
    thousand Pythons)."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not Linux
        cpus = os.cpu_count() or 1
    return max(1, min(jobs, boards, cpus))

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
    writer = core_writer(language, dictionary, args, rules, shortest)
    return None if writer is None else writer(board)

def core_writer(language, dictionary, args: Args, rules, shortest: int):
    """``written_by_core`` for every board of a run, made once (``grid.solver.WordWriter``,
    ``views.text.Around``): a function from a board to its output, or None where the core
    does not write it."""
    if (args.common or args.sort != "score" or args.reverse or args.show or args.show_top
            or getattr(args, "plan", None) or getattr(args, "terminal", None)
            or args.format not in ("text", "csv", "json", "jsonl")
            or args.top is not None and args.top < 1):
        return None
    from ..grid.solver import word_writer
    from ..views.text import Around, plain_letters, word_template

    if not plain_letters(dictionary.graph.alphabet):
        return None
    bands = None
    if args.format != "text":
        from ..lexicon.commonness import language_bands

        bands = language_bands(language)
    words = word_writer(dictionary, language, shortest, rules, args.revisit,
                        word_template(args.format, args.quiet), bands, args.top or -1)
    if words is None:
        return None
    around = Around(args.format, language.code, quiet=args.quiet, rules=args.rules)
    return lambda board: around(board, *words(board))

def board_renderer(language, dictionary, args: Args):
    """``render_board`` for every board of a run: the core's writer where it writes the
    output (made once), else render_board itself."""
    rules = game_rules(args, language)
    shortest = max(args.min_length or 0, rules.min_length)
    writer = core_writer(language, dictionary, args, rules, shortest)
    if writer is not None:
        return writer
    return lambda board: render_board(board, language, dictionary, args)
