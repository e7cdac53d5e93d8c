"""The command line: ``elzzur COMMAND …`` (or ``python -m elzzur COMMAND …``).

The commands and their options are one table, ``COMMANDS``. ``build_parser`` turns it into the
argparse dispatcher, which gives the help, the usage errors and every unusual spelling
(``--top=5``, ``-qR``, abbreviations). A plain command line, options and values spelt out,
is read straight from the same table by ``quick_parse`` first, because importing argparse
alone takes longer than solving a board; whatever ``quick_parse`` is unsure of it leaves to
argparse, and the tests check that the two agree. Each command is a small function that calls
the Python API and writes its output; ``main`` is the one place that turns errors into a
message and an exit status.
"""

from __future__ import annotations

import os
import sys

from . import __version__
from .errors import ElzzurError, UsageError

PROG = "elzzur"

DESCRIPTION = "Solve Ruzzle-style word boards: every word on the board with its best path and score."


def positive(text: str) -> int:
    """A whole number of at least 1 (the type of --top, --rows, --jobs, …)."""
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise ValueError(f"must be at least 1, not {value}")
    return value


def whole(text: str) -> int:
    """Any whole number (the type of --seed)."""
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a whole number") from None


class Option:
    """One option of one command: its spellings, where it goes, and what it accepts."""

    __slots__ = ("flags", "dest", "kind", "default", "help", "metavar", "choices", "required")

    def __init__(self, flags, dest, kind, help, default=None, metavar=None, choices=None,
                 required=False):
        self.flags, self.dest, self.kind, self.help = flags, dest, kind, help
        self.default, self.metavar, self.choices, self.required = default, metavar, choices, required


LANGUAGE = Option(("-l", "--language"), "language", str, default="en", metavar="LANG",
                  help="language code or language file (default: en); see 'elzzur languages'")
DICTIONARY = Option(("-d", "--dictionary"), "dictionary", str, metavar="DICT",
                    help="a .marisa file or a UTF-8 word list (default: the language's own)")
NO_CORRECTIONS = Option(("--no-corrections",), "no_corrections", bool, default=False,
                        help="the dictionary as it is, without your corrections (elzzur words)")
OUTPUT = Option(("-o", "--output"), "output", str, metavar="FILE",
                help="write to FILE instead of standard output (whole or not at all)")
SOLVE_OUTPUT = [
    DICTIONARY,
    NO_CORRECTIONS,
    Option(("--rules",), "rules", str, default="ruzzle", metavar="RULES",
           help="ruzzle (default), boggle, bigboggle, wordhunt, wordament, or a rules file"),
    Option(("--score",), "score", list, metavar="L=N",
           help="letter L is worth N points (e.g. Q=8, or Q=8,Z=5); may be repeated"),
    Option(("--revisit",), "revisit", bool, default=False,
           help="let a path come back to a cell it used (never the same cell twice in a row)"),
    Option(("-s", "--sort"), "sort", str, default="score",
           choices=("score", "length", "start", "end", "alpha"),
           help="order of the words (default: score, highest first)"),
    Option(("-R", "--reverse"), "reverse", bool, default=False, help="reverse the order"),
    Option(("-q", "--quiet"), "quiet", bool, default=False,
           help="print only the word lines (text format)"),
    Option(("--format",), "format", str, default="text",
           choices=("text", "json", "jsonl", "csv", "svg", "html"),
           help="output format (jsonl: one JSON object per board per line; svg: the board "
                "with a word's path; html: a page to explore the words)"),
    Option(("--show",), "show", str, metavar="WORD",
           help="draw WORD's path on the board (text), or pick the word the SVG draws"),
    Option(("--show-top",), "show_top", positive, metavar="N",
           help="draw the paths of the first N words"),
    Option(("--color",), "color", str, default="auto", choices=("auto", "always", "never"),
           help="colour the drawn paths: auto (a terminal, unless NO_COLOR is set)"),
    Option(("--min-length",), "min_length", positive, metavar="N",
           help="only words of at least N letters"),
    Option(("--top",), "top", positive, metavar="N",
           help="list only the first N words (the totals count them all)"),
    Option(("--common",), "common", bool, default=False,
           help="only words a typical player knows (commonness bands 1-2, see README); the "
                "list and the totals count only these"),
    OUTPUT,
]

# command: (help, options, examples)
COMMANDS: dict[str, tuple[str, list[Option], str]] = {
    "solve": ("solve one board or a batch of boards", [
        LANGUAGE,
        Option(("-b", "--board"), "board", list, metavar="BOARD", required=True,
               help="a board file (several boards separated by blank lines), '-' for standard "
                    "input, or an inline board; repeat -b for more boards"),
        *SOLVE_OUTPUT,
        Option(("--jobs",), "jobs", positive, default=1, metavar="N",
               help="solve a batch in N processes (default: 1); output stays in input order"),
    ], """\
examples:
  elzzur solve -l en -b my.board
  elzzur solve -l en -b "Ttl R S Ndl/Odw Htw E I/Cdw I N V/Etl A D E" --top 5
  elzzur solve -l it -b it.board -d my-words.txt -s length -R
  cat my.board | elzzur solve -l en -b - --format json
  elzzur solve -l en -b many.boards --format jsonl --jobs 2 -o results.jsonl
board syntax: one row per line (or rows separated by '/'), one token per cell:
  a letter, optionally followed by dl, tl (double/triple letter) or dw, tw (double/triple word);
  a blank line separates boards."""),
    "demo": ("solve the built-in board of a language", [LANGUAGE, *SOLVE_OUTPUT], """\
examples:
  elzzur demo -l en
  elzzur demo -l fr -q --top 10
  elzzur demo -l de --format csv -o de.csv"""),
    "languages": ("list the languages and their dictionaries", [
        Option(("-l", "--language"), "language", str, metavar="LANG",
               help="describe one language's dictionary: what it is built from, what was "
                    "removed and why, its commonness bands"),
    ], """\
examples:
  elzzur languages
  elzzur languages -l it"""),
    "cat": ("print the words the solver uses, one per line: the dictionary with your "
            "corrections (elzzur words)", [
        LANGUAGE,
        Option(("-d", "--dictionary"), "dictionary", str, metavar="DICT",
               help="a .marisa file or a word list (default: the language's own)"),
        NO_CORRECTIONS,
        OUTPUT,
    ], """\
examples:
  elzzur cat -l en | grep -c .
  elzzur cat -d my.marisa -o my-words.txt
  elzzur cat -l it --no-corrections"""),
    "compile": ("compile a word list into a .marisa dictionary", [
        LANGUAGE,
        Option(("-d", "--dictionary"), "dictionary", str, metavar="WORDS", required=True,
               help="a UTF-8 word list, one word per line"),
        Option(("-o", "--output"), "output", str, metavar="OUT.marisa", required=True,
               help="the compiled dictionary to write"),
    ], """\
examples:
  elzzur compile -d my-words.txt -o my.marisa
  elzzur compile -l de -d wortliste.txt -o de-custom.marisa
the list is compiled as it is: your corrections (elzzur words) are not written into the file,
they are applied wherever it is used."""),
    "generate": ("write random boards, optionally ones that meet a target", [
        LANGUAGE,
        Option(("-r", "--rows"), "rows", positive, metavar="ROWS",
               help="number of rows (default: the rules' board, 4)"),
        Option(("-c", "--cols"), "cols", positive, metavar="COLS",
               help="number of columns (default: the rules' board, 4)"),
        Option(("--seed",), "seed", whole, metavar="N", help="seed for reproducible boards"),
        Option(("--letters",), "letters", str, default="frequency",
               choices=("frequency", "dictionary", "bigram"),
               help="letters by in-text frequency (default), by the dictionary's letter counts, "
                    "or by its letter pairs as well"),
        Option(("--dice",), "dice", str, metavar="DICE",
               help="roll a dice set instead: classic, new, bigboggle, bigboggle-2dice, or a "
                    "dice file"),
        Option(("--bonus",), "bonus", str,
               choices=("elzzur", "round1", "round2", "round3", "none"),
               help="bonus tiles: elzzur's draw per cell (the default where the rules have "
                    "bonus tiles and no dice are rolled), Ruzzle's rounds, or none"),
        Option(("--rules",), "rules", str, default="ruzzle", metavar="RULES",
               help="the game whose scores the targets count (default: ruzzle)"),
        Option(("-d", "--dictionary"), "dictionary", str, metavar="DICT",
               help="the dictionary targets and JSON count words in (default: the language's)"),
        Option(("--min-words",), "min_words", whole, metavar="N", help="at least N words"),
        Option(("--max-words",), "max_words", whole, metavar="N", help="at most N words"),
        Option(("--min-score",), "min_score", whole, metavar="S",
               help="a total score of at least S (under --rules)"),
        Option(("--min-longest",), "min_longest", whole, metavar="L",
               help="a word of at least L letters"),
        Option(("--avoid",), "avoid", str, metavar="WORDS",
               help="a word list no board may spell a word of (e.g. offensive words)"),
        Option(("--timeout",), "timeout", float, default=10.0, metavar="SECONDS",
               help="give up a target after this long, per board (default: 10)"),
        Option(("--count",), "count", positive, default=1, metavar="K",
               help="write K boards (separated by blank lines, or as files in the folder -o)"),
        Option(("--format",), "format", str, default="text", choices=("text", "json"),
               help="json: each board with its word count, total score and longest word"),
        OUTPUT,
    ], """\
examples:
  elzzur generate -l en
  elzzur generate -l it -r 5 -c 5 --seed 7 -o it5.board
  elzzur generate -l en --min-words 200 --bonus round3 --seed 1
  elzzur generate -l en --dice new --rules boggle --min-score 150 --timeout 30
  elzzur generate -l es --letters bigram --count 10 -o boards/"""),
    "gui": ("open the solver in a window (Tk)", [
        LANGUAGE,
        Option(("-b", "--board"), "board", str, metavar="BOARD",
               help="a board file or inline board to start with"),
        Option(("--rules",), "rules", str, default="ruzzle", metavar="RULES",
               help="ruzzle (default), boggle, bigboggle, wordhunt, wordament, or a rules file"),
        Option(("-d", "--dictionary"), "dictionary", str, metavar="DICT",
               help="a .marisa file or a word list (default: the language's own)"),
    ], """\
examples:
  elzzur gui
  elzzur gui -l it -b it.board"""),
    "scrabble": ("the best Scrabble moves for a position and a rack", [
        Option(("-l", "--language"), "language", str, default="en", metavar="EDITION",
               help="the tile set: en, tr, it, fr, de, es, nl, pt, or wwf (Words With "
                    "Friends) (default: en)"),
        Option(("-b", "--board"), "board", str, metavar="POSITION",
               help="a position file of 15 lines ('.' empty, A a tile, a a blank), or '-'"),
        Option(("-r", "--rack"), "rack", str, metavar="RACK",
               help="the rack's tiles, '?' for a blank (default with --cgp: the CGP's rack)"),
        Option(("--cgp",), "cgp", str, metavar="CGP",
               help="the position (and rack) as a CGP string, instead of -b"),
        Option(("-d", "--dictionary"), "dictionary", str, metavar="DICT",
               help="your word list or .marisa (default: the language's own)"),
        Option(("--board-layout",), "layout", str, metavar="LAYOUT",
               help="the premium squares: standard, wwf, kelimelik, or a layout file (default: "
                    "the edition's board: wwf for -l wwf, standard for the others)"),
        Option(("--top",), "top", positive, default=10, metavar="N",
               help="list the N best moves (default: 10)"),
        Option(("--format",), "format", str, default="text", choices=("text", "json"),
               help="output format"),
        Option(("--show",), "show", positive, metavar="N",
               help="draw the board with each of the first N moves placed"),
        OUTPUT,
    ], """\
examples:
  elzzur scrabble -l en -b position.txt -r AEINRST
  elzzur scrabble -l tr -b - -r "KİTAP??" --top 5 < konum.txt
  elzzur scrabble -l en -b position.txt -r QUIZ?ES --show 1
  elzzur scrabble -l wwf -b position.txt -r AEINRST
  elzzur scrabble --cgp '15/15/15/15/15/15/15/4CAT8/15/15/15/15/15/15/15 AEINRS?/ 0/0 0'"""),
    # its actions (add, remove, list, reset, diff) and their options: elzzur.cli.words
    "words": ("correct a dictionary: words to add or remove, kept for every run; calibrate "
              "from a game", [], """\
examples:
  elzzur words add -l it CIAONE
  elzzur words remove -l en ZEN
  elzzur words list
  elzzur words reset -l it CIAONE
  elzzur words diff -l it -b it.board game-words.txt --apply
the corrections of language xx are the file words/xx.txt in the data folder ($ELZZUR_DATA_DIR,
else $XDG_DATA_HOME/elzzur, else ~/.local/share/elzzur): +WORD and -WORD lines, # comments;
run 'elzzur words ACTION --help' for the options of one action."""),
}

MAIN_EXAMPLES = """\
examples:
  elzzur demo -l en                      solve the built-in English board
  elzzur solve -l en -b "Ttl R S Ndl/Odw Htw E I/Cdw I N V/Etl A D E"
  elzzur languages                       list languages and their dictionaries
  elzzur words add -l it CIAONE          a word the dictionary lacks, for every later run
run 'elzzur COMMAND --help' for the options of one command."""


class Args:
    """The parsed command line (what argparse's Namespace holds)."""

    def __init__(self, **values) -> None:
        self.__dict__.update(values)


def quick_parse(argv: list[str]) -> Args | None:
    """Parse a plain command line from ``COMMANDS``, or return None to leave it to argparse.

    Plain means: a command, then options spelt exactly as in the table, each value-taking one
    followed by a value that does not start with '-' (except '-' itself), every value valid.
    """
    if not argv or argv[0] not in COMMANDS or argv[0] == "words":  # words: its actions are
        return None                                                  # argparse's subcommands
    command = argv[0]
    options = COMMANDS[command][1]
    spelling = {flag: option for option in options for flag in option.flags}
    values = {o.dest: ([] if o.kind is list else o.default) for o in options}
    seen = set()
    i = 1
    while i < len(argv):
        option = spelling.get(argv[i])
        if option is None:
            return None
        seen.add(option.dest)
        if option.kind is bool:
            values[option.dest] = True
            i += 1
            continue
        if i + 1 >= len(argv):
            return None
        value = argv[i + 1]
        if value.startswith("-") and value != "-":
            return None
        if option.kind is list:
            values[option.dest].append(value)
        else:
            try:
                value = option.kind(value)
            except ValueError:
                return None
            if option.choices and value not in option.choices:
                return None
            values[option.dest] = value
        i += 2
    if any(o.required and o.dest not in seen for o in options):
        return None
    for o in options:
        if o.kind is list and not values[o.dest]:
            values[o.dest] = None
    return Args(command=command, **values)


def build_parser():
    """The argparse dispatcher for ``COMMANDS``: help with examples, usage errors, exit 2."""
    import argparse

    class Parser(argparse.ArgumentParser):
        """argparse, but a usage error is one ``elzzur: error: …`` line and exit status 2."""

        def error(self, message: str):
            self.exit(2, f"{PROG}: error: {message} (see '{self.prog} --help')\n")

    def typed(kind):
        def convert(text: str):
            try:
                return kind(text)
            except ValueError as e:
                raise argparse.ArgumentTypeError(str(e)) from None
        convert.__name__ = kind.__name__
        return convert

    parser = Parser(prog=PROG, description=DESCRIPTION, epilog=MAIN_EXAMPLES,
                    formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.commands = {}
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    commands.required = True
    for name, (help_text, options, examples) in COMMANDS.items():
        sub = commands.add_parser(name, help=help_text, description=help_text, epilog=examples,
                                  formatter_class=argparse.RawDescriptionHelpFormatter)
        for o in options:
            kwargs = {"dest": o.dest, "help": o.help}
            if o.kind is bool:
                kwargs["action"] = "store_true"
            elif o.kind is list:
                kwargs.update(action="append", metavar=o.metavar)
            else:
                kwargs.update(default=o.default, metavar=o.metavar, choices=o.choices)
                if o.kind is not str:
                    kwargs["type"] = typed(o.kind)
            sub.add_argument(*o.flags, **kwargs)  # required options: see parse_args
        if name == "words":
            from .cli.words import add_actions

            add_actions(sub)
        parser.commands[name] = sub
    return parser


# --- output -------------------------------------------------------------------------------------

def _stdout(action, *args) -> None:
    """Write or flush standard output; a full disk under it is an error like any other (a
    closed pipe is not: main() takes it as the reader having had enough)."""
    try:
        action(*args)
    except BrokenPipeError:
        raise
    except OSError as e:
        _drop_stdout()
        raise ElzzurError(f"cannot write standard output: {e.strerror}") from None


class Output:
    """Standard output, or a file written whole or not at all (``-o``); for ``generate
    --count``, ``-o`` may name a folder (``folder``), where each board is its own file."""

    def __init__(self, path: str | None, folder_ok: bool = False) -> None:
        self.atomic = None
        self.folder = None
        if path is not None and folder_ok and (os.path.isdir(path) or path.endswith(os.sep)):
            if not os.path.isdir(path):
                raise ElzzurError(f"cannot write to {path}: no such folder")
            self.folder = path
        elif path is not None:
            from .files import AtomicOutput

            self.atomic = AtomicOutput(path)

    def write(self, text: str) -> None:
        if self.atomic is None:
            _stdout(sys.stdout.write, text)
            return
        try:
            self.atomic.file.write(text)
        except OSError as e:
            raise ElzzurError(f"cannot write {self.atomic.target}: {e.strerror}") from None

    def close(self, ok: bool) -> None:
        if self.atomic is None:
            if ok:
                _stdout(sys.stdout.flush)
        elif ok:
            self.atomic.commit()
        else:
            self.atomic.__exit__(None, None, None)


# --- commands -------------------------------------------------------------------------------------

def run_solve(args: Args, out: Output) -> None:
    from .grid.board import parse_boards, read_board_text
    from .lexicon.languages import get_language

    language = get_language(args.language)  # an unknown language is reported before the boards
    boards = []
    for source in args.board:
        text, origin = read_board_text(source)
        boards += parse_boards(text, language, origin)
    solve_boards(boards, language, args, out)


def run_demo(args: Args, out: Output) -> None:
    from .grid.board import parse_boards
    from .files import read_text_file
    from .lexicon.languages import get_language
    from .files import resource

    language = get_language(args.language)
    path = resource("boards", language.demo_board)
    if not os.path.isfile(path):
        raise ElzzurError(f"the demo board for {language.code!r} is missing ({language.demo_board})")
    args.jobs = 1
    solve_boards(parse_boards(read_text_file(path), language, language.demo_board), language,
                 args, out)


def solve_boards(boards, language, args: Args, out: Output) -> None:
    """Solve and print boards in order; one dictionary load for the whole batch."""
    from .cli.lists import load_words

    game_rules(args, language)  # bad --rules or --score: an error before any board is solved
    if args.common:  # and no band data to choose words by: an error, not an empty list
        from .lexicon.commonness import require_bands

        require_bands(language)
    batch = len(boards) > 1
    if batch and args.format in ("svg", "html"):
        raise UsageError(f"--format {args.format} draws one board, and {len(boards)} were given")
    dictionary = load_words(args.dictionary, language, not args.no_corrections)
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


def render_all(boards, language, dictionary, args: Args):
    """Each board's output text, in order: here, or spread over ``--jobs`` processes."""
    if args.jobs > 1 and len(boards) > 1:
        from concurrent.futures import ProcessPoolExecutor

        pool = ProcessPoolExecutor(args.jobs, initializer=_worker_start,
                                   initargs=(args.language, args))
        try:
            chunk = max(1, min(256, len(boards) // (4 * args.jobs)))
            yield from pool.map(_worker_render, boards, chunksize=chunk)
        finally:  # on Ctrl-C or an error, the boards not yet started are dropped
            pool.shutdown(wait=False, cancel_futures=True)
        return
    for board in boards:
        yield render_board(board, language, dictionary, args)


_worker: list = []


def _worker_start(spec: str, args: Args) -> None:
    """Load the language (a code or a file's path, as given to -l) and dictionary once.
    Ctrl-C reaches every process of the terminal's group: only the parent answers it."""
    import signal

    from .lexicon.dictionary import load_dictionary
    from .lexicon.languages import get_language

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    language = get_language(spec)
    _worker[:] = [language, load_dictionary(args.dictionary, language, not args.no_corrections),
                  args]


def _worker_render(board) -> str:
    return render_board(board, *_worker)


_game_rules: dict = {}


def game_rules(args: Args, language):
    """The rules of ``--rules``, with the letter values of ``--score`` laid over them (made
    once per run: the solver's tables are kept per rules object)."""
    from .grid.rules import get_rules

    key = (args.rules, tuple(args.score or ()), language.code)
    if key not in _game_rules:
        _game_rules[key] = scored_rules(get_rules(args.rules), args.score, language)
    return _game_rules[key]


def scored_rules(rules, scores, language):
    if not scores:
        return rules
    values = dict(rules.values(language))
    for item in ",".join(scores).split(","):
        letter, equals, number = item.partition("=")
        key = language.normalize(letter.strip()) if letter.strip().isalpha() else None
        if not equals or key is None or not number.strip().isdigit():
            raise UsageError(f"--score {item!r}: expected LETTER=POINTS, e.g. Q=8")
        if key not in language.letter_values:
            raise UsageError(f"--score {item!r}: {letter.strip()!r} is not a letter of {language.name}")
        values[key] = int(number)
    return rules.replace(letter_values=values)


def render_board(board, language, dictionary, args: Args) -> str:
    from .views.text import render
    from .grid.solver import find_words, sort_key

    rules = game_rules(args, language)
    # --min-length narrows the list; it never admits words shorter than the rules allow
    shortest = max(args.min_length or 0, rules.min_length)
    rows = find_words(board, dictionary, language, shortest, rules=rules, revisit=args.revisit)
    band = None
    if args.common or args.format in ("json", "jsonl", "csv"):
        from .lexicon.commonness import band_lookup, is_common

        band = band_lookup(language, needed=args.common)
        if args.common:
            rows = [row for row in rows if is_common(band(row[0]))]  # remembered: printed again
    key = sort_key(args.sort)
    rows.sort(key=lambda row: key(*row), reverse=args.reverse)
    shown = shown_rows(rows, args, language)
    if args.format == "svg":
        from .views.html import svg

        return svg(language.code, board, rows, shown[0][0] if shown else None)
    if args.format == "html":
        from .views.html import page

        return page(language.code, board, rows, args.rules)
    text = render(language.code, board, rows, args.format, args.quiet, args.top, args.rules, band)
    if shown and args.format == "text":
        from .views.text import show_path, use_colour

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
            raise ElzzurError(f"--show {args.show!r}: {word or args.show} is not on this board"
                              + (" among the common words (--common)" if args.common else ""))
        shown.insert(0, match[0])
    return shown


def run_languages(args: Args, out: Output) -> None:
    from .lexicon.dictionary import has_builtin_dictionary, load_dictionary
    from .lexicon.languages import BUILT_IN, catalogue

    if args.language is not None:
        describe_language(args.language, out)
        return
    rows = [("code", "name", "words", "from", "dictionary source")]
    for code, where, path, language in catalogue():
        origin = "built-in" if where == BUILT_IN else path
        if isinstance(language, ElzzurError):  # a broken user file: say so, list the others
            rows.append((code, "-", "-", origin, f"error: {language}"))
            continue
        if where == BUILT_IN and not has_builtin_dictionary(language):
            continue  # not built in this checkout: nothing to solve with
        if language.dictionary_path is None:
            rows.append((code, language.name, "-", origin, "no dictionary (give one with -d)"))
            continue
        try:
            dictionary = load_dictionary(None, language)
            words = str(len(dictionary))
            source = language.dictionary_source  # the build's summary (tests/test_lexicon.py)
            if dictionary.corrections is not None:  # the words count them
                source += f"; your corrections: {dictionary.corrections.summary()}"
        except ElzzurError as e:
            words, source = "-", f"error: {e}"
        rows.append((code, language.name, words, origin, source))
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    for row in rows:
        out.write(f"{row[0]:<{widths[0]}}  {row[1]:<{widths[1]}}  {row[2]:>{widths[2]}}  "
                  f"{row[3]:<{widths[3]}}  {row[4]}\n")


def describe_language(spec: str, out: Output) -> None:
    """``languages -l CODE``: the language, its dictionary's sources and what the build kept
    and removed (``<dictionary>.info.toml``, written by tools/build_dictionaries.py)."""
    from .lexicon.dictionary import has_builtin_dictionary, load_dictionary
    from .lexicon.languages import get_language

    language = get_language(spec)
    where = "built-in" if language.where == "built-in" else language.file
    lines = [f"{language.code}: {language.name} ({where})"]
    if language.dictionary_path is None or not has_builtin_dictionary(language):
        lines.append("dictionary: none of its own (give one with -d)")
        out.write("\n".join(lines) + "\n")
        return
    dictionary = load_dictionary(None, language)
    info = dictionary_info(language)
    shown = language.dictionary if language.where == "built-in" else language.dictionary_path
    lines.append(f"dictionary: {shown}, {len(dictionary):,} words")
    if dictionary.corrections is not None:
        lines.append(f"your corrections: {dictionary.corrections.summary()} (elzzur words list "
                     f"-l {language.code})")
    if info is None:
        lines.append(f"source: {language.dictionary_source}")
        out.write("\n".join(lines) + "\n")
        return
    lines.append(f"built from: {info['summary']}")
    for source in info.get("source", []):
        role = {"words": "its words", "evidence": "evidence only: confirms words",
                "foreign": "foreign words: refuses words", "names": "names: for the commonness "
                "bands", "vocabulary": "common vocabulary: for the commonness bands"}.get(source["use"], source["use"])
        lines.append(f"  {source['package']} {source['version']} ({source['file']}): {role}")
    kept = info.get("kept", {})
    lines.append(f"kept, by the evidence that they are words ({sum(kept.values()):,} forms):")
    lines += [f"  {n:>9,}  {how}" for how, n in sorted(kept.items(), key=lambda item: -item[1])]
    removed = info.get("removed", {})
    lines.append(f"removed ({sum(r['count'] for r in removed.values()):,} forms):")
    lines += [f"  {r['count']:>9,}  {reason}: e.g. {r['examples']}" for reason, r in removed.items()]
    bands = info.get("bands")
    if bands:
        lines.append("commonness bands (solve --common keeps the first two): " + ", ".join(
            f"{name} {n:,}" for name, n in bands.items()))
    licence = licence_path(language.code)
    if licence:  # named as the source tree and the installed package both hold it
        lines.append(f"licences: licenses/{os.path.basename(licence)} (installed as "
                     f"elzzur/licenses/{os.path.basename(licence)})")
    out.write("\n".join(lines) + "\n")


def dictionary_info(language) -> dict | None:
    """What the build wrote about a built-in dictionary, or None (a user's language)."""
    from .cache import load_toml

    if language.where != "built-in" or language.dictionary_path is None:
        return None
    path = os.path.splitext(language.dictionary_path)[0] + ".info.toml"
    if not os.path.isfile(path):
        return None
    return load_toml(path, os.path.basename(path))


def licence_path(code: str) -> str | None:
    """The licence file shipped with a built-in dictionary (in the package's licenses)."""
    package = os.path.dirname(os.path.abspath(__file__))
    for folder in (os.path.join(package, "licenses"),  # installed
                   os.path.join(os.path.dirname(package), "licenses")):  # a source checkout
        path = os.path.join(folder, f"{code}.txt")
        if os.path.isfile(path):
            return path
    return None


def run_cat(args: Args, out: Output) -> None:
    from .lexicon.languages import get_language
    from .cli.lists import load_words

    dictionary = load_words(args.dictionary, get_language(args.language), not args.no_corrections)
    words = dictionary.sorted_words()
    for start in range(0, len(words), 4096):
        out.write("".join(word + "\n" for word in words[start:start + 4096]))


def run_compile(args: Args, out: Output) -> None:
    from .lexicon.dictionary import MARISA_SUFFIX, check_readable, compile_words, load_dictionary, read_words
    from .files import AtomicOutput
    from .lexicon.languages import get_language
    from .cli.lists import show_report

    language = get_language(args.language)
    if not args.output.endswith(MARISA_SUFFIX):
        raise UsageError(f"the output file must end in {MARISA_SUFFIX}: {args.output!r}")
    check_readable(args.dictionary)
    # the list as it is: corrections are applied wherever the compiled file is used
    if args.dictionary.endswith(MARISA_SUFFIX):
        dictionary = load_dictionary(args.dictionary, language, corrections=False)
        show_report(dictionary.report)
        words = set(dictionary)
    else:
        words, report = read_words(args.dictionary, language)
        if report.empty:
            raise ElzzurError(report.error())
        show_report(report)
    trie = compile_words(words)
    with AtomicOutput(args.output, binary=True) as target:
        try:
            trie.save(target.temp)
        except (OSError, RuntimeError) as e:  # marisa reports a full disk as a RuntimeError
            raise ElzzurError(f"cannot write {args.output}: {getattr(e, 'strerror', None) or e}") from None
        target.commit()
    count = len(trie)
    out.write(f"{count} word{'' if count == 1 else 's'} written to {args.output}\n")


def run_generate(args: Args, out: Output) -> None:
    import random

    from .grid.generate import Generator, LetterSource, Target, evaluate, get_dice, meet, \
        progress_printer
    from .lexicon.languages import get_language
    from .cli.lists import load_words
    from .grid.rules import get_rules

    language = get_language(args.language)
    rules = get_rules(args.rules)
    dice = get_dice(args.dice, language) if args.dice else None
    rows = args.rows or (dice.rows if dice else rules.rows)
    cols = args.cols or (dice.cols if dice else rules.cols)
    target = Target(args.min_words, args.max_words, args.min_score, args.min_longest)
    if target.min_words is not None and target.max_words is not None and \
            target.min_words > target.max_words:
        raise UsageError(f"--min-words {target.min_words} is more than --max-words {target.max_words}")
    if args.timeout <= 0:
        raise UsageError(f"--timeout must be more than 0 seconds, not {args.timeout:g}")
    needs_words = target.any or args.format == "json" or args.avoid or \
        args.letters != "frequency" or args.dictionary
    dictionary = load_words(args.dictionary, language) if needs_words else None
    # words no board may spell: the list as given (a correction adds words to play, not to avoid)
    avoid = load_words(args.avoid, language, corrections=False) if args.avoid else None
    letters = LetterSource(language, args.letters, dictionary, dice)
    bonus = args.bonus or ("elzzur" if rules.multipliers and dice is None else "none")
    generator = Generator(language, rows, cols, letters, bonus)
    rng = random.Random(args.seed)
    folder = out.folder
    boards = []
    for number in range(1, args.count + 1):
        if target.any or avoid is not None:
            stats = meet(generator, target, dictionary, rng, args.timeout, rules, avoid,
                         progress_printer())
        else:
            board = generator.board(rng)
            stats = evaluate(board, dictionary, language, rules) if dictionary else None
        board = stats.board if stats else board
        if folder is not None:
            from .files import write_atomic

            write_atomic(os.path.join(folder, f"board-{number:03}.board"), str(board) + "\n")
        elif args.format == "json":
            boards.append({"board": board.token_rows(), "words": stats.words,
                           "total_score": stats.score, "longest": stats.longest})
        else:
            out.write(("\n" if number > 1 else "") + str(board) + "\n")
    if args.format == "json" and folder is None:
        import json

        dump = lambda value: json.dumps(value, ensure_ascii=False)  # noqa: E731
        out.write(f'{{"language": {dump(language.code)}, "rules": {dump(args.rules)}, "boards": [\n'
                  + ",\n".join(f"  {dump(b)}" for b in boards) + "\n]}\n")
    if sys.stderr.isatty() and (target.any or avoid is not None):
        sys.stderr.write("\r\033[K")  # clear the progress line


def run_gui(args: Args, out: Output) -> None:
    from .views.gui import main as gui_main

    if args.dictionary is not None:  # its warning here, an unusable list before any window
        from .lexicon.languages import get_language
        from .cli.lists import load_words

        load_words(args.dictionary, get_language(args.language))

    gui_main(args)


def run_scrabble(args: Args, out: Output) -> None:
    from .grid.board import read_board_text
    from .lexicon.languages import get_language
    from .cli.lists import load_words
    from .scrabble import best_moves, load_layout, load_tile_set, parse_cgp

    tiles = load_tile_set(args.language)
    layout_name = args.layout or tiles.layout or "standard"  # the edition's board by default
    rack = args.rack
    if args.cgp is not None:
        if args.board is not None:
            raise ElzzurError("scrabble: give the position with -b or with --cgp, not both")
        layout = load_layout(layout_name)
        text, cgp_rack, options = parse_cgp(args.cgp, layout.size)
        rack = rack if rack is not None else cgp_rack
        if rack is None:
            raise ElzzurError("scrabble: the CGP has no rack on turn; give one with -r")
        if options.get("lex") and args.dictionary is None:
            # a tournament lexicon (NWL23, CSW24, …) is not ours to ship: say what is used
            print(f"{PROG}: note: the position names the lexicon {options['lex']}; using the "
                  f"built-in {tiles.language or args.language} dictionary (give yours with -d)",
                  file=sys.stderr)
    elif args.board is None:
        raise ElzzurError("scrabble: give the position with -b POSITION or --cgp CGP")
    else:
        if rack is None:
            raise ElzzurError("scrabble: give the rack with -r RACK")
        text, _ = read_board_text(args.board)
        if "\n" not in text.strip():
            text = text.replace("/", "\n")  # an inline position, rows separated by '/'
    # every cross-word must be in one lexicon: the list and your corrections as one graph
    graph = load_words(args.dictionary, get_language(tiles.language or args.language)).union_graph()
    moves = best_moves(text, rack, args.language, graph, layout_name, args.top)
    if args.format == "json":
        import json

        out.write(json.dumps([{"coordinate": m.coordinate, "word": m.word, "score": m.score,
                               "leave": m.leave} for m in moves], ensure_ascii=False) + "\n")
        return
    if not moves:
        out.write("no legal move with this rack\n")
    width = max((len(m.word) for m in moves), default=0) + 2
    for m in moves:
        out.write(f"{m.coordinate:<5}{m.word:<{width}}{m.score:>5}  {m.leave}".rstrip() + "\n")
    for m in moves[:args.show or 0]:
        out.write("\n" + show_move(text, m))


def run_words(args: Args, out: Output) -> None:
    from .cli.words import run

    run(args, out)


def show_move(text: str, move) -> str:
    """The position with the move's new tiles in brackets, columns A-O and rows 1-15."""
    grid = [line.split() if " " in line.strip() else list(line.strip())
            for line in text.strip().splitlines()]
    for row, col, tile, blank in move.placed:
        grid[row][col] = f"[{tile.lower() if blank else tile}]"
    header = ("    " + "".join(f" {chr(65 + c)} " for c in range(len(grid[0])))).rstrip()
    lines = [f"{move.coordinate} {move.word} {move.score}", header]
    for r, row in enumerate(grid):
        lines.append(f"{r + 1:>3} " + "".join(cell.center(3) for cell in row).rstrip())
    return "\n".join(lines) + "\n"


RUN = {"scrabble": run_scrabble, "solve": run_solve, "demo": run_demo, "languages": run_languages, "cat": run_cat,
       "compile": run_compile, "generate": run_generate, "gui": run_gui, "words": run_words}


def parse_args(argv: list[str]) -> Args:
    """The command line as Args; argparse's SystemExit for help, version and usage errors."""
    args = quick_parse(argv)
    if args is None:
        parser = build_parser()
        if argv and argv[0].startswith("-") and argv[0] not in ("-h", "--help", "--version"):
            parser.error(f"options come after the command (elzzur COMMAND {argv[0]} …)")
        namespace, extra = parser.parse_known_args(argv)
        if extra and namespace.command == "words":
            from .cli.words import take_extra

            extra = take_extra(namespace, extra)
        if extra:
            parser.commands[namespace.command].error(f"unrecognized arguments: {' '.join(extra)}")
        # checked here rather than by argparse, which would name a missing -b before a
        # mistyped option: the typo is what the user needs to hear about
        missing = [o for o in COMMANDS[namespace.command][1]
                   if o.required and getattr(namespace, o.dest) is None]
        if missing:
            parser.commands[namespace.command].error(
                "the following arguments are required: "
                + ", ".join("/".join(o.flags) for o in missing))
        args = Args(**vars(namespace))
    return args


def _drop_stdout() -> None:
    """Send what is left in standard output's buffer nowhere."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):  # no real standard output (an embedding program's)
        pass


def main(argv=None) -> int:
    """Run one command; return its exit status (0 ok, 1 bad data, 2 usage, 70 a bug in elzzur,
    130 interrupted)."""
    argv = sys.argv[1:] if argv is None else list(argv)
    out = None
    try:
        try:
            args = parse_args(argv)
        except SystemExit as e:  # --help, --version, or a usage error argparse already printed
            return e.code if isinstance(e.code, int) else 2
        # compile writes its own file; every other command's -o receives the text
        target = None if args.command == "compile" else getattr(args, "output", None)
        out = Output(target, folder_ok=args.command == "generate" and getattr(args, "count", 1) > 1)
        RUN[args.command](args, out)
        out.close(ok=True)
    except ElzzurError as e:
        if out is not None:
            out.close(ok=False)
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return e.exit_status
    except BrokenPipeError:  # `elzzur … | head`: the reader has all it wanted
        _drop_stdout()
        return 0
    except KeyboardInterrupt:  # Ctrl-C: no message, no partial file, the shell's status
        if out is not None:
            out.close(ok=False)
        return 130
    except OSError as e:  # what no reader above expected: a full disk under standard output
        if out is not None:
            out.close(ok=False)
        where = f"{e.filename}: " if e.filename else ""
        print(f"{PROG}: error: {where}{e.strerror or e}", file=sys.stderr)
        _drop_stdout()  # or exiting would try to write it again, and complain
        return 1
    except Exception as e:  # a bug (or a damaged installation): still one line, no partial file
        if os.environ.get("ELZZUR_DEBUG") == "1":
            raise
        if out is not None:
            out.close(ok=False)
        print(f"{PROG}: error: internal error ({type(e).__name__}: {e}); please report it with "
              f"the command that caused it (ELZZUR_DEBUG=1 shows where it happened)",
              file=sys.stderr)
        return INTERNAL_ERROR
    return 0


INTERNAL_ERROR = 70  # EX_SOFTWARE of BSD's sysexits.h


if __name__ == "__main__":
    sys.exit(main())
