"""The command line: ``elzzur COMMAND …`` (or ``python -m elzzur COMMAND …``).

The commands and their options are one table, ``elzzur.cli.commands.COMMANDS``. ``build_parser``
turns it into the argparse dispatcher, which gives the help, the usage errors and every unusual
spelling (``--top=5``, ``-qR``, abbreviations). A plain command line, options and values spelt
out, is read straight from the same table by ``quick_parse`` first, because importing argparse
alone takes longer than solving a board; whatever ``quick_parse`` is unsure of it leaves to
argparse, and the tests check that the two agree. Each command runs a small function of its own
module in ``elzzur.cli`` (``RUN``), imported only when that command runs; ``main`` is the one
place that turns errors into a message and an exit status.
"""

from __future__ import annotations

import os
import sys

from . import __version__
from .cli.commands import COMMANDS, DESCRIPTION, MAIN_EXAMPLES, Args
from .cli.config import applies, apply, came_from
from .errors import INTERNAL_ERROR, PROG, ElzzurError, quoted

#: command -> (module of elzzur.cli, function): imported when the command runs
RUN = {
    "solve": ("solve", "run_solve"), "demo": ("solve", "run_demo"),
    "languages": ("languages", "run_languages"),
    "cat": ("wordlists", "run_cat"), "compile": ("wordlists", "run_compile"),
    "generate": ("generate", "run_generate"), "gui": ("gui", "run_gui"),
    "hunt": ("hunt", "run_hunt"),
    "scrabble": ("scrabble", "run_scrabble"), "words": ("words", "run"),
    "config": ("config", "run_config"),
    "check": ("check", "run_check"),
    "read": ("read", "run_read"),
    "serve": ("serve", "run_serve"),
    "play": ("play", "run_play"), "stats": ("play", "run_stats"),
    "completion": ("completion", "run_completion"),
}


def runner(command: str):
    """The function that runs ``command`` (its module imported now)."""
    module, function = RUN[command]
    return getattr(__import__(f"{__package__}.cli.{module}", fromlist=[function]), function)


def quick_parse(argv: list[str]) -> Args | None:
    """Parse a plain command line from ``COMMANDS``, or return None to leave it to argparse.

    Plain means: a command, then options spelt exactly as in the table, each value-taking one
    followed by a value that does not start with '-' (except '-' itself), every value valid.
    """
    if not argv or argv[0] not in COMMANDS or argv[0] == "words":  # words: its actions are
        return None                                                  # argparse's subcommands
    command = argv[0]
    options = COMMANDS[command][1]
    if any(o.flags[0][0] != "-" for o in options):  # positional arguments: argparse's
        return None
    spelling = {flag: option for option in options for flag in option.flags}
    values = {o.dest: ([] if o.kind is list else default(command, o)) for o in options}
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
            command = self.prog.split()[1:2]  # `elzzur words diff`: words
            if "arguments are required: -b/--board" in message and command != ["scrabble"] \
                    and f"see {PROG} help" not in message:
                from .cli.solve import board_hint  # (a subcommand's own -b: words diff)

                message += f" {board_hint(command[0])}"
            if not message.endswith("?)") and f"see {PROG} help" not in message:
                message += f" (see '{self.prog} --help')"  # (a hint already says where to look)
            self.exit(2, f"{PROG}: error: {message}\n")

        def _print_message(self, message: str, file=None) -> None:
            # argparse's own swallows write errors: --help to a full disk would say nothing
            if message:
                write_out((file or sys.stderr).write, message)

        def _check_value(self, action, value) -> None:
            # argparse's own quotes the whole value: a 10 MB one would make a 10 MB message
            if action.choices is not None and value not in action.choices:
                choices = ", ".join(map(repr, action.choices))
                raise argparse.ArgumentError(
                    action, f"invalid choice: {quoted(value)} (choose from {choices})")

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
            if o.flags[0][0] != "-":  # positional: one or more (check's lists), or one
                if o.kind is list:
                    sub.add_argument(o.dest, nargs="+", metavar=o.metavar, help=o.help)
                else:
                    sub.add_argument(o.dest, metavar=o.metavar, help=o.help, choices=o.choices)
                continue
            kwargs = {"dest": o.dest, "help": o.help}
            if o.kind is bool:
                kwargs["action"] = "store_true"
            elif o.kind is list:
                kwargs.update(action="append", metavar=o.metavar)
            else:
                kwargs.update(default=default(name, o), metavar=o.metavar, choices=o.choices)
                if o.kind is not str:
                    kwargs["type"] = typed(o.kind)
            sub.add_argument(*o.flags, **kwargs)  # required options: see parse_args
            for flag, why in o.old.items():  # kept working, out of the help, with a note
                extra = {"nargs": 0} if o.kind is bool else {}  # a switch takes no value
                sub.add_argument(flag, **dict(kwargs, help=argparse.SUPPRESS, **extra,
                                              action=old_spelling(kwargs, o.flags[-1], why)))
        if name == "words":
            from .cli.words import add_actions

            add_actions(sub)
        parser.commands[name] = sub
    # listed for the main help only: help_command turns `help [COMMAND]` into --help first
    commands.add_parser("help", help="show this help, or a command's: elzzur help COMMAND "
                                     "(the same as --help)")
    return parser

def old_spelling(kwargs: dict, now: str, why: str):
    """An argparse action for an old spelling of the option ``now``: it does what ``now`` does,
    and says on stderr, once a run, what to write instead (the exit status does not change)."""
    import argparse

    class Old(argparse.Action):
        def __call__(self, parser, namespace, values, option_string=None) -> None:
            write_out(sys.stderr.write, f"{PROG}: note: {option_string} is an old spelling "
                                        f"and will go: write {now} ({why})\n")
            if kwargs.get("action") == "store_true":
                setattr(namespace, self.dest, True)
            elif kwargs.get("action") == "append":
                setattr(namespace, self.dest, (getattr(namespace, self.dest) or []) + [values])
            else:
                setattr(namespace, self.dest, values)

    return Old

def parse_args(argv: list[str]) -> Args:
    """The command line as Args; argparse's SystemExit for help, version and usage errors."""
    args = quick_parse(argv)
    if args is None:
        argv = help_command(argv)
        parser = build_parser()
        if argv and argv[0].startswith("-") and argv[0] not in ("-h", "--help", "--version"):
            parser.error(misplaced_option(argv[0]))
        namespace, extra = parser.parse_known_args(argv)
        if extra and namespace.command == "words":
            from .cli.words import take_extra

            extra = take_extra(namespace, extra)
        if extra:
            parser.commands[namespace.command].error("unrecognized arguments: " + " ".join(
                arg if len(arg) <= 40 and arg.isprintable() else quoted(arg) for arg in extra)
                + option_hint(namespace.command, extra))
        # checked here rather than by argparse, which would name a missing -b before a
        # mistyped option: the typo is what the user needs to hear about
        missing = [o for o in COMMANDS[namespace.command][1]
                   if o.required and getattr(namespace, o.dest) is None
                   and not (o.dest == "board" and getattr(namespace, "image", None))]
        if missing:
            from .cli.solve import board_hint

            board = any(o.dest == "board" for o in missing) and namespace.command != "scrabble"
            parser.commands[namespace.command].error(
                "the following arguments are required: "
                + ", ".join("/".join(o.flags) for o in missing)
                + (f" {board_hint(namespace.command)}" if board else ""))  # (error path)
        args = Args(**vars(namespace))
    return with_config(args)

UNSET = object()  # both parsers' default for an option whose default the config gives

def default(command: str, option):
    """``option``'s default in both parsers: ``UNSET`` where the config file or the environment
    may give it (``with_config`` fills it in), else the table's."""
    return UNSET if option.default is not None and applies(command, option.dest) \
        else option.default

def with_config(args: Args) -> Args:
    """``args`` with the defaults in force (config file, environment) for the options left
    ``UNSET``: one function for both parsers; ``args.origins`` says where each came from."""
    if args.command in COMMANDS:
        given = {dest for dest, value in vars(args).items() if value is not UNSET}
        args.origins = apply(args.command, args.__dict__, given)
    return args

def help_command(argv: list[str]) -> list[str]:
    """``elzzur help [COMMAND]`` as the ``--help`` it stands for; a command that does not exist
    is refused here, before argparse, with the nearest one suggested (argparse would list all)."""
    if argv and argv[0] == "help":
        argv = [argv[1], "--help"] if argv[1:2] not in ([], ["help"]) else ["--help"]
    if argv and not argv[0].startswith("-") and argv[0] not in COMMANDS:
        name = argv[0]
        near = close_matches(name, [*COMMANDS, "help"])
        hint = (f"did you mean {' or '.join(map(repr, near))}?" if near
                else f"choose from {', '.join(COMMANDS)}, help; see '{PROG} --help'")
        report(f"unknown command {quoted(name)} ({hint})")
        raise SystemExit(2)
    return argv


def misplaced_option(flag: str) -> str:
    """The usage error for an option before any command: one of some command's (``-l en
    solve``) comes after the command; ``-V``, ``-version``, ``--verison`` are --version's
    misspellings, not a command's option, and are told so."""
    name = flag.split("=", 1)[0]
    if any(name in o.flags for _, options, _ in COMMANDS.values() for o in options):
        return f"options come after the command (elzzur COMMAND {flag[:40]} …)"
    near = ["--version"] if name in ("-V", "-v", "-version") else \
        close_matches(name, ["--version", "--help"])
    hint = f" (did you mean {' or '.join(near)}?)" if near else ""  # (else: see --help)
    return f"unknown option {quoted(flag)}{hint}"


def close_matches(word: str, choices) -> list[str]:
    """The choices nearest to a mistyped ``word`` (at most two), for "did you mean …?".
    difflib is imported here, on the error path only: it costs start-up time."""
    if len(word) > 100:
        return []
    from difflib import get_close_matches

    return get_close_matches(word, list(choices), n=2, cutoff=0.75)


def option_hint(command: str, extra: list[str]) -> str:
    """`` (did you mean --min-length?)`` for the mistyped options among ``extra``, or ''."""
    flags = [flag for o in COMMANDS[command][1] for flag in o.flags if flag.startswith("--")]
    near = []
    for arg in extra:
        if arg.startswith("--"):
            near += [m for m in close_matches(arg.split("=", 1)[0], flags) if m not in near][:1]
        elif ("/" in arg or " " in arg or os.path.isfile(arg)) and len(arg) <= 60 and \
                not near and any("-b" in o.flags for o in COMMANDS[command][1]):
            near.append(f"-b {quoted(arg)}")  # a board given without its option
    return f" (did you mean {' or '.join(near)}?)" if near else ""


def main(argv=None) -> int:
    """Run one command; return its exit status (0 ok, 1 bad data, 2 usage, 70 a bug in elzzur,
    130 interrupted by Ctrl-C, 143 and 129 ended by SIGTERM and SIGHUP)."""
    from .cli.output import Output, drop_stdout
    from .lexicon.graph import forget_backend

    forget_backend()  # ELZZUR_PURE_PYTHON as this run finds it
    if argv is None:
        argv = sys.argv[1:]
        in_utf8_mode(argv)  # (when it must, runs elzzur again in UTF-8 mode: never returns)
    else:
        argv = list(argv)
    streams = standard_streams()
    signals = catch_signals()
    out = args = None
    try:
        try:
            args = parse_args(argv)
        except SystemExit as e:  # --help, --version, or a usage error argparse already printed
            write_out(sys.stdout.flush)  # now, to report a full disk: at exit it is lost
            return e.code if isinstance(e.code, int) else 2
        one_standard_input(args)
        # compile writes its own file; every other command's -o receives the text
        target = None if args.command == "compile" else getattr(args, "output", None)
        out = Output(target, folder_ok=args.command == "generate" and getattr(args, "count", 1) > 1)
        runner(args.command)(args, out)
        out.close(ok=True)
    except ElzzurError as e:
        if out is not None:
            out.close(ok=False)
        report(str(e) + came_from(args, str(e)))
        return e.exit_status
    except BrokenPipeError:  # `elzzur … | head`: the reader has all it wanted
        drop_stdout()
        return 0
    except KeyboardInterrupt as e:  # Ctrl-C, SIGTERM, SIGHUP: no message, no partial file, the
        if out is not None:         # shell's status, 128 + the signal's number
            out.close(ok=False)
        return 128 + getattr(e, "signal", SIGINT)
    except OSError as e:  # what no reader above expected: a full disk under standard output
        if out is not None:
            out.close(ok=False)
        where = f"{e.filename}: " if e.filename else ""
        report(f"{where}{e.strerror or e}")
        drop_stdout()  # or exiting would try to write it again, and complain
        return 1
    except Exception as e:  # a bug (or a damaged installation): still one line, no partial file
        if os.environ.get("ELZZUR_DEBUG") == "1":
            raise
        if out is not None:
            out.close(ok=False)
        report(f"internal error ({type(e).__name__}: {str(e)[:200]}); please report it with "
               f"the command that caused it (ELZZUR_DEBUG=1 shows where it happened)")
        return INTERNAL_ERROR
    finally:
        signals()
        streams()
    return 0


def one_standard_input(args: Args) -> None:
    """A usage error if two of the command line's files are '-': standard input can be read
    once (``-b - -d -`` would give the board all of it and the word list nothing)."""
    from .cli.commands import FILE_OPTIONS

    named = []
    for option in COMMANDS[args.command][1]:
        if FILE_OPTIONS.get(option.dest) != "input":
            continue
        value = getattr(args, option.dest, None)
        flag = option.flags[0] if option.flags[0].startswith("-") else option.metavar
        named += [flag for item in (value if isinstance(value, list) else [value]) if item == "-"]
    if len(named) > 1:
        from .errors import UsageError

        if len(set(named)) == 1:  # check's lists: LIST - -
            said = f"{named[0]} names '-' {len(named)} times"
        else:
            said = " and ".join(f"{flag} -" for flag in named) + " each name it"
        raise UsageError(f"standard input can be read once, and {said}: give all but one as "
                         f"a file")


def write_out(action, *args) -> None:
    """Write to (or flush) standard output or error for argparse: a write error on standard
    output is an error like any other (a closed pipe is not: ``main`` takes it as the reader
    having had enough); standard error that cannot be written has nowhere to say so."""
    try:
        action(*args)
    except BrokenPipeError:
        if getattr(action, "__self__", None) is sys.stdout:
            raise
    except OSError as e:
        if getattr(action, "__self__", None) is sys.stdout:
            raise ElzzurError(f"cannot write standard output: {e.strerror}") from None


def report(message: str) -> None:
    """``elzzur: error: …`` on standard error, if it can be written at all; a control
    character a message took from the input is shown escaped, never obeyed (``printable``)."""
    from .printable import printable

    try:
        print(f"{PROG}: error: {printable(message)}", file=sys.stderr)
    except (OSError, ValueError):  # standard error full or closed: the status says it all
        pass


# --- signals -------------------------------------------------------------------------------

SIGINT = 2


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP (``timeout``, ``kill``, a closed terminal), raised wherever elzzur is,
    so that it ends as Ctrl-C ends it: every ``AtomicOutput`` removes its temporary file, a
    batch's worker processes stop, and the status is 128 + ``signal``."""

    def __init__(self, signal: int) -> None:
        super().__init__(signal)
        self.signal = signal


def catch_signals():
    """Answer SIGTERM and SIGHUP with ``Terminated`` (they would kill elzzur where it stands,
    leaving temporary files); returns the function that puts the old handlers back. The C
    module ``_signal``, not ``signal``, whose import of ``enum`` costs milliseconds."""
    try:
        import _signal
    except ImportError:  # not CPython
        return lambda: None
    numbers = [getattr(_signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(_signal, name)]

    def stop(number: int, frame) -> None:
        for other in numbers + [_signal.SIGINT]:  # once: cleaning up is not to be cut short
            _signal.signal(other, _signal.SIG_IGN)
        raise Terminated(number)

    try:
        old = [(number, _signal.signal(number, stop)) for number in numbers]
    except ValueError:  # not the main thread: signals are the main thread's to answer
        return lambda: None
    old.append((_signal.SIGINT, _signal.getsignal(_signal.SIGINT)))  # ``stop`` ignores it

    def restore() -> None:
        for number, handler in old:
            try:
                _signal.signal(number, handler if handler is not None else _signal.SIG_DFL)
            except (ValueError, OSError):
                pass
    return restore


# --- standard streams and the locale ---------------------------------------------------------

class ClosedStream:
    """What stands for a standard stream the shell closed (``elzzur demo >&-``), where Python
    has None: writing to it fails like writing to a closed file (standard output: an error,
    exit 1), or, for standard error, where nothing could be reported, does nothing."""

    encoding = "utf-8"

    def __init__(self, name: str, fails: bool) -> None:
        self.name, self.fails = name, fails

    def write(self, text: str) -> int:
        if self.fails:
            import errno

            raise OSError(errno.EBADF, f"{self.name} is closed")
        return len(text)

    def flush(self) -> None:
        pass

    def fileno(self) -> int:
        raise ValueError(f"{self.name} is closed")

    def isatty(self) -> bool:
        return False


def standard_streams():
    """Make standard output and error safe to write, whatever the shell and the locale gave:

    - a closed stream (None in ``sys``) becomes a ``ClosedStream``, and its file descriptor is
      taken by /dev/null, opened the other way round, so that no file elzzur opens later
      lands there, where a stray write would go into it;
    - a stream in ASCII (the C locale with ``PYTHONUTF8=0``, ``PYTHONIOENCODING=ascii``) writes
      UTF-8 instead, as elzzur's files (``-o``) do: words in any language come out, and
      ``elzzur cat > list.txt`` writes a list elzzur can read back. Another encoding (a
      legacy locale, ISO-8859-9) is kept, and a letter it cannot write is written as an
      escape (``\\u0130``), not a crash.

    Returns the function that puts them back (``main`` runs in-process in tests)."""
    before = (sys.stdout, sys.stderr)
    for name, fd, fails in (("stdout", 1, True), ("stderr", 2, False)):
        stream = getattr(sys, name)
        if stream is None:
            setattr(sys, name, ClosedStream(f"standard {name[3:]}put" if fails else name,
                                            fails))
            occupy(fd)
            continue
        encoding = (getattr(stream, "encoding", None) or "utf-8").lower().replace("_", "-")
        if encoding in ("utf-8", "utf8") or not hasattr(stream, "reconfigure"):
            continue
        try:
            if encoding in ("ascii", "us-ascii", "ansi-x3.4-1968", "646"):
                stream.reconfigure(encoding="utf-8", errors="backslashreplace")
            else:
                stream.reconfigure(errors="backslashreplace")
        except (ValueError, OSError, LookupError):
            pass
    if sys.stdin is None:
        occupy(0)

    def restore() -> None:
        sys.stdout, sys.stderr = before
    return restore


def occupy(fd: int) -> None:
    """Open /dev/null on the closed descriptor ``fd`` (read-only for output, so writes fail)."""
    try:
        os.fstat(fd)
        return  # open after all (Python set None for another reason)
    except OSError:
        pass
    try:
        null = os.open(os.devnull, os.O_RDONLY if fd else os.O_WRONLY)
        if null != fd:
            os.dup2(null, fd)
            os.close(null)
    except OSError:
        pass


def in_utf8_mode(argv: list[str]) -> None:
    """Run elzzur again in Python's UTF-8 mode when the locale cannot decode its arguments.

    In the C locale with ``PYTHONUTF8=0``, Python reads the arguments as ASCII: a Turkish board
    typed as ``İ`` arrives as the two escapes ``\\udcc4\\udcb0``, and a file name with an
    accent only works as long as it stays in that form. UTF-8 mode (``python -X utf8``, what
    Python does by itself in the C locale unless told not to) reads arguments, file names
    and the environment as UTF-8, so both work. Nothing happens in a UTF-8 locale, or when
    every argument is ASCII or was read (a legacy locale that decoded it): the common case
    costs one attribute test."""
    if sys.flags.utf8_mode or not any(not arg.isascii() for arg in argv):
        return
    undecoded = False
    for arg in argv:
        if not arg.isascii() and any("\udc80" <= ch <= "\udcff" for ch in arg):
            try:  # bytes the locale could not read (kept as escapes): are they UTF-8?
                os.fsencode(arg).decode("utf-8")
            except (UnicodeError, ValueError):
                return  # not UTF-8 either: leave them as the locale read them
            undecoded = True
    original = getattr(sys, "orig_argv", None)
    if not undecoded or os.name != "posix" or not original or original[-len(argv):] != argv:
        return
    try:
        os.execv(sys.executable, [sys.executable, "-X", "utf8", *original[1:]])
    except OSError:
        pass  # then as it is


def exit_with(status: int):
    """End the process with ``status`` (the command line's last step: the ``elzzur`` script,
    ``python -m elzzur``; not ``main``, which tests and callers run in their own process).

    Python's own ending takes every module apart and frees the tens of thousands of objects
    the imports made, one by one: a millisecond of every one-shot command (4 M instructions
    after ``demo``), all of which the process's end does at once. So where nothing waits for
    that ending (no other thread is running and no ``atexit`` function is registered: a
    ``--jobs`` batch's workers, a temporary file to remove, a coverage tool), standard output
    and error are flushed and the process ends there (``os._exit``); the command has closed
    any file it wrote (``main``). Otherwise, or where flushing fails, Python ends the usual
    way and reports what it reports; every object left is frozen first (``gc.freeze``), so
    that its last cyclic garbage collection does not walk them all for nothing."""
    import gc

    gc.freeze()
    if type(status) is int and nothing_waits():
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except Exception:  # (None for a closed stream, a full disk): the usual way says it
            pass
        else:
            os._exit(status)
    sys.exit(status)


def nothing_waits() -> bool:
    """True if Python's ending would run no code of anyone's: no ``atexit`` function (CPython
    counts them), no thread besides this one, and no ``curses`` (the terminal round), whose
    C library writes through C's own buffers, which only a normal ending flushes."""
    import atexit

    count = getattr(atexit, "_ncallbacks", None)
    threading = sys.modules.get("threading")
    return count is not None and count() == 0 and "_curses" not in sys.modules and (
        threading is None or threading.active_count() == 1)


if __name__ == "__main__":
    import gc

    gc.set_threshold(10_000)  # as the `elzzur` script sets it (scripts/elzzur says why)
    exit_with(main())
