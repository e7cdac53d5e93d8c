"""The command line's table: every command, its options and its examples, as data.

``elzzur.__main__`` builds its argparse dispatcher and its fast parser from ``COMMANDS``; each
command's runner is the function ``run`` … of the module its row names, imported only when the
command runs (pip's command table does the same), so that ``elzzur demo`` imports nothing it
does not use."""

from __future__ import annotations

from _operator import itemgetter  # (operator's own C half: operator.py is one more import)

from ..errors import quoted

# The choices of ``generate --letters`` and ``--bonus`` are written out here, not imported from
# ``grid.generate``, which costs some 7 ms to import (random, the board model) on every command
# line; tests/test_cli.py checks that they equal ``LETTER_SOURCES`` and ``BONUS_DRAWS``. So are
# the sort orders (``grid.results.SORT_ORDERS``: a command that lists no words, ``elzzur
# scrabble``, need not import the grid game's results).
SORT_ORDERS = ("score", "length", "start", "end", "alpha")


# What an option's value names, for '-' (standard input or output), shell completion and the
# man page (elzzur.cli.completion): "input", a file read ('-': standard input; only one option
# of a command line may say so), or "output", a file written ('-': standard output). The
# options of PRESET_OPTIONS take a preset's name or a data file's path.
FILE_OPTIONS = {"board": "input", "dictionary": "input", "avoid": "input", "image": "input",
                "images": "input", "lists": "input", "gcg": "input", "output": "output"}
PRESET_OPTIONS = ("language", "rules", "dice", "layout")


class Args:
    """The parsed command line (what argparse's Namespace holds)."""

    def __init__(self, **values) -> None:
        self.__dict__.update(values)


DESCRIPTION = "Solve Ruzzle-style word boards: every word on the board with its best path and score."

def whole(text: str) -> int:
    """Any whole number (the type of --seed)."""
    try:
        return int(text)
    except ValueError:
        digits = text.strip().lstrip("+-").replace("_", "")
        if digits.isdecimal():  # int() refuses more than 4,300 digits
            raise ValueError(f"a number of {len(digits):,} digits is too large") from None
        raise ValueError(f"{quoted(text)} is not a whole number") from None

def positive(text: str) -> int:
    """A whole number of at least 1 (the type of --top, --rows, --jobs, …)."""
    value = whole(text)
    if value < 1:
        raise ValueError(f"must be at least 1, not {value}")
    return value

def natural(text: str) -> int:
    """A whole number of at least 0 (the type of generate's targets: --min-words, …)."""
    value = whole(text)
    if value < 0:
        raise ValueError(f"must be at least 0, not {value}")
    return value

MAX_TIMEOUT = 86_400  # seconds: a day; `inf` or `nan` would never end

def seconds(text: str) -> float:
    """A number of seconds, more than 0 and at most a day (the type of --timeout)."""
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{quoted(text)} is not a number of seconds") from None
    if not 0 < value <= MAX_TIMEOUT:  # (nan compares false)
        raise ValueError(f"must be more than 0 and at most {MAX_TIMEOUT:,} seconds (a day), "
                         f"not {value:g}")
    return value

MAX_COUNT = 1_000_000  # boards one run generates: what one board text may hold (grid.board)

def board_count(text: str) -> int:
    """A number of boards to generate: at least 1, at most ``MAX_COUNT``."""
    value = positive(text)
    if value > MAX_COUNT:
        raise ValueError(f"must be at most {MAX_COUNT:,} (the boards one file may hold), "
                         f"not {value:,}")
    return value

class Option(tuple):
    """One option of one command: its spellings, where it goes, and what it accepts.

    A tuple with named fields, not a ``Record``: the table's hundred-odd options are made on
    every command line, and a tuple is made in a third of a Record's time (``tuple.__new__``
    in one call, against a Python loop over the fields)."""

    __slots__ = ()

    def __new__(cls, flags: tuple, dest: str, kind, help: str, default=None,
                metavar: str | None = None, choices=None, required: bool = False,
                old: dict | None = None):
        return tuple.__new__(cls, (flags, dest, kind, help, default, metavar, choices, required,
                                   {} if old is None else old))

    flags = property(itemgetter(0), doc="the spellings: ('-l', '--language'), or ('lists',) "
                                        "for a positional argument")
    dest = property(itemgetter(1), doc="the name of its value in Args")
    kind = property(itemgetter(2), doc="str, bool (a switch), list (repeatable) or a converter")
    help = property(itemgetter(3))
    default = property(itemgetter(4))
    metavar = property(itemgetter(5))
    choices = property(itemgetter(6))
    required = property(itemgetter(7))
    old = property(itemgetter(8), doc="old spelling -> why it goes")

    _fields = ("flags", "dest", "kind", "help", "default", "metavar", "choices", "required",
               "old")

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={value!r}" for name, value in zip(self._fields, self))
        return f"Option({fields})"


# Old spellings still accepted, each with why it goes (``Option.old``): one short letter or one
# option name never means two things across commands; a script that used the old one keeps
# working and is told, on stderr, what to write instead.

COLOR_CHOICES = ("auto", "always", "never")
LANGUAGE = Option(("-l", "--language"), "language", str, default="en", metavar="LANG",
                  help="language code or language file (default: en); see 'elzzur languages'")

DICTIONARY = Option(("-d", "--dictionary"), "dictionary", str, metavar="DICT",
                    help="a .marisa file or a UTF-8 word list, '-' for standard input "
                         "(default: the language's own)")

NO_CORRECTIONS = Option(("--no-corrections",), "no_corrections", bool, default=False,
                        help="the dictionary as it is, without your corrections (elzzur words)")

OUTPUT = Option(("-o", "--output"), "output", str, metavar="FILE",
                help="write to FILE instead of standard output (whole or not at all; '-': "
                     "standard output)")

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
           choices=SORT_ORDERS,
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
    Option(("--color",), "color", str, default="auto", choices=COLOR_CHOICES,
           help="colour the drawn paths: auto (a terminal, unless NO_COLOR is set)"),
    Option(("--min-length",), "min_length", positive, metavar="N",
           help="only words of at least N letters"),
    Option(("--top",), "top", positive, metavar="N",
           help="list only the first N words (the totals count them all)"),
    Option(("--common",), "common", bool, default=False,
           help="only words a typical player knows (commonness bands 1-2, see docs/solve.md); "
                "the list and the totals count only these"),
    Option(("--plan",), "plan", seconds, metavar="SECONDS",
           help="a plan for a round of SECONDS: the words to swipe, in order, for the most "
                "points (a time per word and letter, fitted to your rounds of elzzur play)"),
    OUTPUT,
]

RULES = Option(("--rules",), "rules", str, default="ruzzle", metavar="RULES",
               help="ruzzle (default), boggle, bigboggle, wordhunt, wordament, or a rules file")

# command: (help, options, examples)
COMMANDS: dict[str, tuple[str, list[Option], str]] = {
    "solve": ("solve one board or a batch of boards", [
        LANGUAGE,
        Option(("-b", "--board"), "board", list, metavar="BOARD", required=True,
               help="a board file (several boards separated by blank lines), '-' for standard "
                    "input, or an inline board; repeat -b for more boards"),
        Option(("--image",), "image", str, metavar="IMAGE",
               help="read the board from a screenshot or photo instead of -b (elzzur read; "
                    "needs pip install 'elzzur-solver[image]')"),
        Option(("--accept-uncertain",), "accept_uncertain", bool, default=False,
               help="with --image: solve even when some tiles were read uncertainly"),
        Option(("--dice",), "dice", str, metavar="DICE",
               help="with --image: the board is of this dice set, so read its faces of several "
                    "letters too (bigboggle-2dice: An Er He In Qu Th)"),
        *SOLVE_OUTPUT,
        Option(("--jobs",), "jobs", positive, default=1, metavar="N",
               help="solve a batch in N processes (default: 1; never more than the boards, "
                    "nor than the CPUs); output stays in input order"),
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
        Option(("--long",), "long", bool, default=False,
               help="add each dictionary's sources to the table (a wide one)"),
    ], """\
examples:
  elzzur languages
  elzzur languages --long
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
        Option(("--rows",), "rows", positive, metavar="ROWS",
               help="number of rows (default: the rules' board, 4)",
               old={"-r": "-r is the rack in 'elzzur scrabble'"}),
        Option(("--cols",), "cols", positive, metavar="COLS",
               help="number of columns (default: the rules' board, 4)",
               old={"-c": "it goes with -r, which is the rack in 'elzzur scrabble'"}),
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
        Option(("--min-words",), "min_words", natural, metavar="N", help="at least N words"),
        Option(("--max-words",), "max_words", natural, metavar="N", help="at most N words"),
        Option(("--min-score",), "min_score", natural, metavar="S",
               help="a total score of at least S (under --rules)"),
        Option(("--min-longest",), "min_longest", natural, metavar="L",
               help="a word of at least L letters"),
        Option(("--avoid",), "avoid", str, metavar="WORDS",
               help="a word list no board may spell a word of (e.g. offensive words)"),
        Option(("--timeout",), "timeout", seconds, default=10.0, metavar="SECONDS",
               help="give up a target after this long, per board (default: 10; at most a "
                    "day)"),
        Option(("--count",), "count", board_count, default=1, metavar="K",
               help="write K boards (separated by blank lines, or as files in the folder -o; "
                    "at most 1,000,000)"),
        Option(("--format",), "format", str, default="text", choices=("text", "json"),
               help="json: each board with its word count, total score and longest word"),
        OUTPUT,
    ], """\
examples:
  elzzur generate -l en
  elzzur generate -l it --rows 5 --cols 5 --seed 7 -o it5.board
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
        Option(("--show-top",), "show_top", positive, metavar="N",
               help="draw the board with each of the first N moves placed",
               old={"--show": "--show names a word in 'elzzur solve'"}),
        Option(("--rank",), "rank", str, default="equity", choices=("equity", "score"),
               help="order the moves by equity (score plus the leave's value, with "
                    "exchanges; the default) or by score alone"),
        Option(("--unseen",), "unseen", bool, default=False,
               help="show the tiles not yet seen (bag and opponent's rack) and their count"),
        Option(("--gcg",), "gcg", str, metavar="GAME",
               help="review a whole game (a GCG file): each move beside the best by equity, "
                    "the points given away, totals per player"),
        Option(("--sim",), "sim", seconds, metavar="SECONDS",
               help="simulate the --top candidates for up to SECONDS against random draws of "
                    "the unseen tiles (with the bag empty: solve the end game instead)"),
        Option(("--endgame",), "endgame", seconds, metavar="SECONDS",
               help="solve the end game (bag empty) or apply the pre-end-game rule (1-2 tiles "
                    "in the bag) for up to SECONDS"),
        Option(("--plies",), "plies", positive, default=2, metavar="N",
               help="with --sim: turns played after each candidate (default: 2)"),
        Option(("--iterations",), "iterations", positive, metavar="N",
               help="with --sim: stop after N iterations (with --seed: the same table every run)"),
        Option(("--seed",), "seed", whole, metavar="N", help="with --sim: the draws' seed "
               "(default: 0)"),
        Option(("--jobs",), "jobs", positive, default=1, metavar="N",
               help="with --sim: simulate in N processes (default: 1; at most the CPUs)"),
        OUTPUT,
    ], """\
examples:
  elzzur scrabble -l en -b position.txt -r AEINRST
  elzzur scrabble -l tr -b - -r "KİTAP??" --top 5 < konum.txt
  elzzur scrabble -l en -b position.txt -r QUIZ?ES --show-top 1
  elzzur scrabble -l wwf -b position.txt -r AEINRST
  elzzur scrabble --cgp '15/15/15/15/15/15/15/4CAT8/15/15/15/15/15/15/15 AEINRS?/ 0/0 0'
  elzzur scrabble -l en -b position.txt -r UUVAEST --rank score --unseen
  elzzur scrabble -l en --gcg game.gcg --format json
  elzzur scrabble -l en -b position.txt -r AEINRST --sim 10 --jobs 2
  elzzur scrabble -l en -b position.txt -r AEINRST --endgame 10"""),
    # the referee: elzzur.cli.check (LIST: positional, one or more)
    "check": ("judge players' lists of words on a board: each word's verdict, each player's "
              "total, a comparison", [
        LANGUAGE,
        Option(("-b", "--board"), "board", str, metavar="BOARD", required=True,
               help="the board: a board file, '-' for standard input, or an inline board"),
        Option(("lists",), "lists", list, metavar="LIST",
               help="a player's words (a file, or '-' for standard input): one or more a line"),
        DICTIONARY,
        NO_CORRECTIONS,
        RULES,
        Option(("--shared",), "shared", str, choices=("keep", "cancel"),
               help="words two or more players found: keep (each scores them) or cancel "
                    "(nobody does); default: the rules' (boggle and bigboggle cancel)"),
        Option(("--format",), "format", str, default="text", choices=("text", "json"),
               help="output format"),
        OUTPUT,
    ], """\
examples:
  elzzur check -l en -b my.board alice.txt bob.txt
  elzzur check -l en -b "C A T/D O G/S U N" --rules boggle alice.txt bob.txt
  echo "cat dog cats" | elzzur check -b "C A T/D O G/S U N" - --format json
verdicts: valid, duplicate, too short, too long, not on the board, not a word, cancelled."""),
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
    # a picture to a board (issue 19): elzzur.cli.read, elzzur.image (the extra
    # elzzur-solver[image])
    "read": ("read the board in a screenshot or a photo: board-file syntax, how sure each "
             "tile is", [
        Option(("images",), "images", list, metavar="IMAGE",
               help="a picture (PNG, JPEG, WebP, …) of a board of 3x3 to 6x6 tiles; several "
                    "are read in turn"),
        LANGUAGE,
        RULES,
        Option(("--turns",), "turns", str, default="auto", choices=("auto", "upright", "any"),
               help="letters upright (a screenshot), in any quarter turn (dice), or auto "
                    "(any, when most tiles do not read upright; the default)"),
        Option(("--dice",), "dice", str, metavar="DICE",
               help="the board is of this dice set: read its multi-letter faces too "
                    "(bigboggle-2dice: An Er He In Qu Th)"),
        OUTPUT,
    ], """\
examples:
  elzzur read screenshot.png
  elzzur read -l tr --rules boggle photo.jpg -o my.board
the board is printed as a board file (solve it with 'elzzur solve -b FILE'), followed by each
tile's confidence as comments; a tile under 0.50 is marked '?' below the board: check it.
needs the image extra: pip install 'elzzur-solver[image]'"""),
    # the defaults of one's own: elzzur.cli.config
    "config": ("show the defaults in force (config file, environment) and where each comes "
               "from", [LANGUAGE, RULES,
                        Option(("--color",), "color", str, default="auto", choices=COLOR_CHOICES,
                               help="colour: auto, always or never")], """\
examples:
  elzzur config
  ELZZUR_LANGUAGE=it elzzur config
the config file is $ELZZUR_CONFIG, else $XDG_CONFIG_HOME/elzzur/config.toml, else
~/.config/elzzur/config.toml; its keys (language, rules, color) are the defaults of the options
of the same name, and ELZZUR_LANGUAGE, ELZZUR_RULES, ELZZUR_COLOR override them; an option on the
command line overrides both."""),
}

# play and stats (elzzur.cli.play): play's boards are generated with generate's own options
def _generate_options(*dests: str) -> list[Option]:
    return [o for o in COMMANDS["generate"][1] if o.dest in dests]


COMMANDS["play"] = ("play a timed round in the terminal, then see what you missed", [
    LANGUAGE,
    Option(("-b", "--board"), "board", str, metavar="BOARD",
           help="the board (a file, '-', or inline; several boards for several rounds); "
                "default: a generated board with at least --min-words words"),
    DICTIONARY,
    NO_CORRECTIONS,
    RULES,
    Option(("--time",), "time", seconds, metavar="SECONDS",
           help="the round's length (default: the rules': ruzzle 120, boggle 180, wordhunt 80)"),
    Option(("--rounds",), "rounds", positive, default=1, metavar="N",
           help="play N rounds (at most 10); generated Ruzzle boards get each round's bonus "
                "tiles (--rounds 3: Ruzzle's match)"),
    *_generate_options("rows", "cols", "seed", "letters", "dice", "bonus"),
    Option(("--min-words",), "min_words", natural, metavar="N",
           help="a generated board has at least N words (default: 150, or 100 where words "
                "have 3 letters or more, 50 for 4)"),
    *_generate_options("min_score", "min_longest", "timeout"),
    Option(("--color",), "color", str, default="auto", choices=COLOR_CHOICES,
           help="colour: auto (a terminal, unless NO_COLOR is set), always or never"),
    Option(("--format",), "format", str, default="text", choices=("text", "json"),
           help="the review after the rounds: text, or JSON (every word entered, with its "
                "verdict and second)"),
    Option(("--no-history",), "no_history", bool, default=False,
           help="do not record the rounds in the history (elzzur stats)"),
    Option(("--window",), "window", bool, default=False,
           help="play in a window (Tk): drag across the tiles with the mouse, or type"),
], """\
examples:
  elzzur play
  elzzur play -l it --rules boggle --time 60
  elzzur play --rounds 3 --seed 7
  elzzur play -b my.board
  elzzur play --window
keys: letters type, Enter checks the word, Space pauses, Tab turns the board, Ctrl-D gives up
the round, Ctrl-C stops; the review follows the last round, and each round is recorded in
history.jsonl in the data folder ($ELZZUR_DATA_DIR, else $XDG_DATA_HOME/elzzur, else
~/.local/share/elzzur).""")

# the best boards: elzzur.cli.hunt, elzzur.grid.hunt
MAX_POOL = 100_000  # boards one climber's pool holds

def pool_size(text: str) -> int:
    """A hunt's pool: at least 1 board, at most ``MAX_POOL``."""
    value = positive(text)
    if value > MAX_POOL:
        raise ValueError(f"must be at most {MAX_POOL:,}, not {value:,}")
    return value


COMMANDS["hunt"] = ("find the highest-scoring boards of a language, rules and size (hill "
                    "climbing)", [
    LANGUAGE,
    Option(("-d", "--dictionary"), "dictionary", str, metavar="DICT",
           help="the words a board scores (default: the language's own)"),
    Option(("--rules",), "rules", str, default="ruzzle", metavar="RULES",
           help="the game whose total score is maximised (default: ruzzle; boggle: Boggle's)"),
    Option(("--rows",), "rows", positive, metavar="ROWS",
           help="number of rows (default: the rules' board, 4)"),
    Option(("--cols",), "cols", positive, metavar="COLS",
           help="number of columns (default: the rules' board, 4)"),
    Option(("--seconds",), "seconds", seconds, default=60.0, metavar="S",
           help="stop after S seconds (default: 60; at most a day)"),
    Option(("--target",), "target", positive, metavar="SCORE",
           help="stop as soon as a board scores SCORE (an error if none does in time)"),
    Option(("--climbs",), "climbs", positive, metavar="N",
           help="stop after N climbs of each process (the same boards on every machine)"),
    Option(("--seed",), "seed", whole, metavar="N",
           help="seed for a reproducible hunt (with the same --jobs)"),
    Option(("--jobs",), "jobs", positive, default=1, metavar="N",
           help="climb in N processes at once, each from its own seed (default: 1)"),
    Option(("--pool",), "pool", pool_size, default=250, metavar="N",
           help="boards each climb keeps (default: 250)"),
    Option(("--bonus",), "bonus", str, choices=("round1", "round2", "round3"),
           help="place the bonus tiles of this Ruzzle round too, the letters and their places "
                "hunted together (rules with bonus tiles: ruzzle)"),
    Option(("--top",), "top", positive, default=5, metavar="N",
           help="print the N best boards (default: 5)"),
    Option(("--format",), "format", str, default="text", choices=("text", "json"),
           help="json: the boards with their scores, word counts and when they were found"),
    OUTPUT,
], """\
examples:
  elzzur hunt -l en --rules boggle --rows 3 --cols 3 --seconds 20
  elzzur hunt -l en -d enable2k.txt --rules boggle --target 3625 --seconds 300 --jobs 2
  elzzur hunt -l it --seconds 600 --jobs 4 --format json -o best-it.json
  elzzur hunt -l en --bonus round3 --seconds 120""")

# the web app: elzzur.cli.serve, elzzur.web
def port_number(text: str) -> int:
    """A TCP port: 0 (any free one) to 65535."""
    value = whole(text)
    if not 0 <= value <= 65535:
        raise ValueError(f"must be from 0 to 65,535, not {value:,}")
    return value


COMMANDS["serve"] = ("the web app for a phone or a browser: enter, solve and play boards", [
    Option(("--host",), "host", str, default="127.0.0.1", metavar="HOST",
           help="the address to listen on (default: 127.0.0.1, this machine only; 0.0.0.0: "
                "the local network, with the URL and a QR code for a phone)"),
    Option(("--port",), "port", port_number, default=8080, metavar="PORT",
           help="the port (default: 8080; 0: any free one)"),
    Option(("--allow-host",), "allow_host", list, metavar="NAME",
           help="answer requests for this host name too (a name in front of the server, "
                "such as a proxy's); repeatable. A request for a name other than these and "
                "the addresses served gets a 421"),
], """\
examples:
  elzzur serve
  elzzur serve --host 0.0.0.0 --port 8000
  elzzur serve --host 0.0.0.0 --allow-host elzzur.example.org
the embedded server is for you and your friends; a public server runs the same app under a
production server with several worker processes (docs/web.md):
  gunicorn -k elzzur.web.worker.ThreadWorker -w 4 --threads 4 'elzzur.web.app:application'""")

COMMANDS["stats"] = ("the rounds you played (elzzur play): average share of points, best "
                     "rounds, progress", [
    Option(("-l", "--language"), "language_filter", str, metavar="LANG",
           help="only the rounds in this language"),
    Option(("--rules",), "rules_filter", str, metavar="RULES",
           help="only the rounds under these rules"),
    Option(("--format",), "format", str, default="text", choices=("text", "json", "svg"),
           help="text (with a sparkline), json, or svg (a chart of the share per round)"),
    OUTPUT,
], """\
examples:
  elzzur stats
  elzzur stats --format svg -o progress.svg
  elzzur stats --rules boggle --format json""")

# shell completion and the man page (elzzur.cli.completion, elzzur.cli.manpage): made from
# this table
SHELLS = ("bash", "zsh", "fish")

COMMANDS["completion"] = ("print the completion script of a shell (bash, zsh, fish): commands, "
                          "options, languages, rules and files complete with Tab", [
    Option(("shell",), "shell", str, metavar="SHELL", choices=SHELLS,
           help="the shell: bash, zsh or fish"),
], """\
examples:
  eval "$(elzzur completion bash)"
  elzzur completion bash > ~/.local/share/bash-completion/completions/elzzur
  elzzur completion fish > ~/.config/fish/completions/elzzur.fish
in zsh, add eval "$(elzzur completion zsh)" to ~/.zshrc.""")

MAIN_EXAMPLES = """\
examples:
  elzzur demo -l en                      solve the built-in English board
  elzzur solve -l en -b "Ttl R S Ndl/Odw Htw E I/Cdw I N V/Etl A D E"
  elzzur languages                       list languages and their dictionaries
  elzzur words add -l it CIAONE          a word the dictionary lacks, for every later run
run 'elzzur COMMAND --help' for the options of one command."""
