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
from .errors import INTERNAL_ERROR, PROG, ElzzurError

#: command -> (module of elzzur.cli, function): imported when the command runs
RUN = {
    "solve": ("solve", "run_solve"), "demo": ("solve", "run_demo"),
    "languages": ("languages", "run_languages"),
    "cat": ("wordlists", "run_cat"), "compile": ("wordlists", "run_compile"),
    "generate": ("generate", "run_generate"), "gui": ("gui", "run_gui"),
    "scrabble": ("scrabble", "run_scrabble"), "words": ("words", "run"),
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

def main(argv=None) -> int:
    """Run one command; return its exit status (0 ok, 1 bad data, 2 usage, 70 a bug in elzzur,
    130 interrupted)."""
    from .cli.output import Output, drop_stdout

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
        runner(args.command)(args, out)
        out.close(ok=True)
    except ElzzurError as e:
        if out is not None:
            out.close(ok=False)
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return e.exit_status
    except BrokenPipeError:  # `elzzur … | head`: the reader has all it wanted
        drop_stdout()
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
        drop_stdout()  # or exiting would try to write it again, and complain
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


if __name__ == "__main__":
    sys.exit(main())
