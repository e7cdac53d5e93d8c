"""The manual page ``elzzur.1``, written in roff from the command table (``commands.COMMANDS``,
and the actions of ``elzzur words`` as ``completion.table`` reads them): every command with
its options and examples, as ``--help`` shows them. ``tools/make_share.py`` writes it to
``share/man/man1/elzzur.1``, which setup.py installs there under the prefix;
tests/test_completion.py checks that the file is current and that ``man`` renders it without
a warning."""

from __future__ import annotations

from .commands import COMMANDS, DESCRIPTION, MAIN_EXAMPLES
from .completion import table


def roff(text: str) -> str:
    """``text`` as roff running text: backslashes escaped, hyphens as minus signs (options are
    typed with them), and a line that starts with a dot or an apostrophe kept as text."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\n".join("\\&" + line if line[:1] in (".", "'") else line
                     for line in text.split("\n"))


def option_lines(flag) -> list[str]:
    """One option as a tagged paragraph: its spellings in bold, its value in italics."""
    spellings = ", ".join(f"\\fB{roff(s)}\\fR" for s in flag.flags)
    value = ""
    if flag.value:
        shown = "|".join(flag.words) if flag.words and not flag.files and \
            len(flag.words) <= 6 else flag.metavar
        value = " \\fI" + roff(shown) + "\\fR"
    return [".TP", spellings + value, roff(flag.help or "")]


def examples(text: str) -> list[str]:
    """A command's epilog: its ``examples:`` lines as a literal block, the notes as text."""
    lines, block = [], []
    for line in text.splitlines():
        if line.startswith("  "):
            block.append(roff(line.strip()))
            continue
        if block:
            lines += [".PP", ".nf", ".RS 4", *block, ".RE", ".fi"]
            block = []
        if line.strip() and line.strip() != "examples:":
            lines += [".PP", roff(line.strip())]
    if block:
        lines += [".PP", ".nf", ".RS 4", *block, ".RE", ".fi"]
    return lines


def manpage(version: str) -> str:
    """The whole page for elzzur ``version`` (no date in it: the same table makes the same
    page)."""
    out = [f'.TH ELZZUR 1 "" "elzzur {version}" "User Commands"',
           ".SH NAME", "elzzur \\- " + roff(DESCRIPTION[0].lower() + DESCRIPTION[1:].rstrip(".")),
           ".SH SYNOPSIS", ".B elzzur", ".I COMMAND", "[\\fIOPTIONS\\fR]", ".br",
           ".B elzzur help", "[\\fICOMMAND\\fR]", ".br", ".B python3 \\-m elzzur",
           ".I COMMAND", "[\\fIOPTIONS\\fR]",
           ".SH DESCRIPTION", roff(DESCRIPTION),
           ".PP", roff("A board is typed with -b: rows separated by '/', tiles by spaces "
                       "(Ttl R S Ndl/Odw Htw E I/Cdw I N V/Etl A D E); a tile is a letter, "
                       "optionally followed by a bonus: dl, tl (double, triple letter), dw, tw "
                       "(double, triple word). A board file has a row a line."),
           ".PP", roff("Where a file is read, '-' is standard input (only one option of a "
                       "command line may say so); where one is written (-o), standard output."),
           *examples(MAIN_EXAMPLES),
           ".SH COMMANDS"]
    commands = table()
    for name, (help_text, flags, positional) in commands.items():
        out += [f'.SS "elzzur {roff(name)}"', roff(help_text)]
        if positional is not None:
            out += [".TP", f"\\fI{roff(positional.metavar)}\\fR",
                    roff(positional.help or "")]
        for flag in flags:
            out += option_lines(flag)
        if name in COMMANDS:
            out += examples(COMMANDS[name][2])
    out += [".SH ENVIRONMENT",
            ".TP", "\\fBELZZUR_LANGUAGE\\fR, \\fBELZZUR_RULES\\fR, \\fBELZZUR_COLOR\\fR",
            roff("the defaults of -l, --rules and --color (over the config file's)"),
            ".TP", "\\fBELZZUR_CONFIG\\fR",
            roff("the config file (default: $XDG_CONFIG_HOME/elzzur/config.toml, else "
                 "~/.config/elzzur/config.toml)"),
            ".TP", "\\fBELZZUR_DATA_DIR\\fR",
            roff("the data folder: corrections (words/) and the rounds played "
                 "(default: $XDG_DATA_HOME/elzzur, else ~/.local/share/elzzur)"),
            ".TP", "\\fBNO_COLOR\\fR", roff("no colour where --color is auto"),
            ".TP", "\\fBELZZUR_DEBUG\\fR",
            roff("1: an internal error shows where it happened (a traceback)"),
            ".SH \"EXIT STATUS\"",
            ".TP", "0", "success (a closed pipe, as in elzzur demo | head, too)",
            ".TP", "1", "bad data: a board, dictionary, language or file that cannot be used",
            ".TP", "2", "a usage error",
            ".TP", "70", "an internal error: a bug in elzzur",
            ".TP", "130, 143, 129", "interrupted by Ctrl\\-C, SIGTERM, SIGHUP",
            ".SH \"SEE ALSO\"",
            roff("elzzur help COMMAND; the manual, docs/README.md in the source; "
                 "shell completion: elzzur completion bash|zsh|fish."),
            ""]
    return "\n".join(out)
