"""The command line: ``elzzur COMMAND …`` (or ``python -m elzzur COMMAND …``).

Each command is a small function that calls the Python API and returns the text to print;
``main`` is the one place that turns errors into a message and an exit status.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Callable, NoReturn, Sequence

from . import __version__
from .board import parse_board, read_board_text
from .dictionary import (
    MARISA_SUFFIX, check_readable, compile_words, has_builtin_dictionary, load_dictionary,
    read_word_list,
)
from .errors import ElzzurError, UsageError
from .fileio import atomic_output, write_atomic
from .generate import random_board
from .languages import available, get_language
from .render import FORMATS, render
from .resources import resource
from .results import SORT_KEYS, Solution
from .solver import solve

PROG = "elzzur"

DESCRIPTION = """\
Solve Ruzzle-style word boards: every word on the board with its best path and score."""

EXAMPLES = {
    "main": """\
examples:
  elzzur demo -l en                      solve the built-in English board
  elzzur solve -l en -b "Ttl R S Ndl/Odw Htw E I/Cdw I N V/Etl A D E"
  elzzur languages                       list languages and their dictionaries
run 'elzzur COMMAND --help' for the options of one command.""",
    "solve": """\
examples:
  elzzur solve -l en -b my.board
  elzzur solve -l en -b "Ttl R S Ndl/Odw Htw E I/Cdw I N V/Etl A D E" --top 5
  elzzur solve -l it -b it.board -d my-words.txt -s length -R
  cat my.board | elzzur solve -l en -b - --format json
board syntax: one row per line (or rows separated by '/'), one token per cell:
  a letter, optionally followed by dl, tl (double/triple letter) or dw, tw (double/triple word).""",
    "demo": """\
examples:
  elzzur demo -l en
  elzzur demo -l fr -q --top 10
  elzzur demo -l de --format csv -o de.csv""",
    "languages": """\
examples:
  elzzur languages""",
    "cat": """\
examples:
  elzzur cat -l en | grep -c .
  elzzur cat -d my.marisa -o my-words.txt""",
    "compile": """\
examples:
  elzzur compile -d my-words.txt -o my.marisa
  elzzur compile -l de -d wortliste.txt -o de-custom.marisa""",
    "generate": """\
examples:
  elzzur generate -l en
  elzzur generate -l it -r 5 -c 5 --seed 7 -o it5.board""",
}


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one ``elzzur: error: …`` line and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{PROG}: error: {message} (see '{self.prog} --help')\n")


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def build_parser() -> Parser:
    parser = Parser(
        prog=PROG, description=DESCRIPTION, epilog=EXAMPLES["main"],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    commands.required = True

    def command(name: str, run: Callable, help: str) -> Parser:
        sub = commands.add_parser(
            name, help=help, description=help, epilog=EXAMPLES[name],
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        sub.set_defaults(run=run)
        return sub

    def language_option(sub: Parser) -> None:
        sub.add_argument("-l", "--language", default="en", metavar="LANG",
                         help="language code (default: en); see 'elzzur languages'")

    def output_options(sub: Parser) -> None:
        sub.add_argument("-d", "--dictionary", metavar="DICT",
                         help="a .marisa file or a UTF-8 word list (default: the language's own)")
        sub.add_argument("-s", "--sort", choices=SORT_KEYS, default="score",
                         help="order of the words (default: score, highest first)")
        sub.add_argument("-R", "--reverse", action="store_true", help="reverse the order")
        sub.add_argument("-q", "--quiet", action="store_true",
                         help="print only the word lines (text format)")
        sub.add_argument("--format", choices=FORMATS, default="text", help="output format")
        sub.add_argument("--min-length", type=positive, metavar="N",
                         help="only words of at least N letters")
        sub.add_argument("--top", type=positive, metavar="N", help="only the first N words")
        sub.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of stdout")

    sub = command("solve", run_solve, "solve a board")
    language_option(sub)
    sub.add_argument("-b", "--board", required=True, metavar="BOARD",
                     help="a board file, '-' for standard input, or an inline board")
    output_options(sub)

    sub = command("demo", run_demo, "solve the built-in board of a language")
    language_option(sub)
    output_options(sub)

    command("languages", run_languages, "list the languages and their dictionaries")

    sub = command("cat", run_cat, "print a dictionary's words, one per line")
    language_option(sub)
    sub.add_argument("-d", "--dictionary", metavar="DICT",
                     help="a .marisa file or a word list (default: the language's own)")
    sub.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of stdout")

    sub = command("compile", run_compile, "compile a word list into a .marisa dictionary")
    language_option(sub)
    sub.add_argument("-d", "--dictionary", required=True, metavar="WORDS",
                     help="a UTF-8 word list, one word per line")
    sub.add_argument("-o", "--output", required=True, metavar="OUT.marisa",
                     help="the compiled dictionary to write")

    sub = command("generate", run_generate, "write a random board")
    language_option(sub)
    sub.add_argument("-r", "--rows", type=positive, default=4, metavar="ROWS",
                     help="number of rows (default: 4)")
    sub.add_argument("-c", "--cols", type=positive, default=4, metavar="COLS",
                     help="number of columns (default: 4)")
    sub.add_argument("--seed", type=int, metavar="N", help="seed for a reproducible board")
    sub.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of stdout")
    return parser


def finish(solution: Solution, args: argparse.Namespace) -> str:
    """Apply the shared output options and render."""
    if args.min_length:
        solution = solution.with_min_length(args.min_length)
    return render(solution.sorted(args.sort, args.reverse), args.format, args.quiet, args.top)


def solve_text(text: str, origin: str, args: argparse.Namespace) -> str:
    language = get_language(args.language)
    board = parse_board(text, language, origin)
    dictionary = load_dictionary(args.dictionary, language)
    # --min-length narrows the list; it never admits words shorter than the rules allow
    shortest = max(args.min_length or 0, language.min_length)
    return finish(solve(board, dictionary, language, shortest), args)


def run_solve(args: argparse.Namespace) -> str:
    get_language(args.language)  # an unknown language is reported before the board is read
    text, origin = read_board_text(args.board)
    try:
        return solve_text(text, origin, args)
    except ElzzurError as e:
        if origin == "inline board" and not any(ch.isspace() or ch == "/" for ch in text):
            # a lone word such as `-b myboard` is more likely a mistyped file than a 1-row board
            raise ElzzurError(f"{text}: no such file (and not an inline board: {e})") from None
        raise


def run_demo(args: argparse.Namespace) -> str:
    language = get_language(args.language)
    board = resource("boards", language.demo_board)
    if not board.is_file():
        raise ElzzurError(f"the demo board for {language.code!r} is missing ({language.demo_board})")
    return solve_text(board.read_text(encoding="utf-8"), language.demo_board, args)


def run_languages(args: argparse.Namespace) -> str:
    rows = [("code", "name", "words", "dictionary source")]
    for code in available():
        language = get_language(code)
        if not has_builtin_dictionary(language):  # not built in this checkout: nothing to solve with
            continue
        words = len(load_dictionary(None, language))
        rows.append((code, language.name, str(words), language.dictionary_source))
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    return "".join(
        f"{row[0]:<{widths[0]}}  {row[1]:<{widths[1]}}  {row[2]:>{widths[2]}}  {row[3]}\n"
        for row in rows
    )


def run_cat(args: argparse.Namespace) -> str:
    dictionary = load_dictionary(args.dictionary, get_language(args.language))
    return "".join(word + "\n" for word in dictionary)


def run_compile(args: argparse.Namespace) -> str:
    language = get_language(args.language)
    if not args.output.endswith(MARISA_SUFFIX):
        raise UsageError(f"the output file must end in {MARISA_SUFFIX}: {args.output!r}")
    if args.dictionary.endswith(MARISA_SUFFIX):
        words = set(load_dictionary(args.dictionary, language))
    else:
        check_readable(Path(args.dictionary))
        words = read_word_list(Path(args.dictionary), language)
    trie = compile_words(words)
    with atomic_output(args.output) as temp:
        trie.save(os.fspath(temp))
    count = len(trie)
    return f"{count} word{'' if count == 1 else 's'} written to {args.output}\n"


def run_generate(args: argparse.Namespace) -> str:
    board = random_board(get_language(args.language), args.rows, args.cols, args.seed)
    return str(board) + "\n"


def emit(text: str, output: str | None) -> None:
    if output is not None:  # -o "" is an error to report, not a request for stdout
        write_atomic(output, text)
    else:
        sys.stdout.write(text)
        sys.stdout.flush()


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; return its exit status (0 ok, 1 bad data, 2 usage, 130 interrupted)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help, --version, or a usage error argparse already printed
        return e.code if isinstance(e.code, int) else 2
    try:
        text = args.run(args)
        # compile writes its own file; every other command's -o receives the text
        emit(text, None if args.command == "compile" else getattr(args, "output", None))
    except ElzzurError as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return e.exit_status
    except BrokenPipeError:  # `elzzur … | head`: the reader has all it wanted
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
