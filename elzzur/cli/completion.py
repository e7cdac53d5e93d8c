"""``elzzur completion bash|zsh|fish``: a shell's completion script, made from the command
table (``commands.COMMANDS``), so that a new command or option completes without anyone
writing shell code: the commands, each one's options, the values an option takes (its
choices; the built-in languages, rules, dice, layouts and editions, or a file of one's own;
a file where a file is wanted, ``commands.FILE_OPTIONS``), the actions of ``elzzur words``.

The names of the built-in presets are written into the script when it is made (a user's own
language file still completes as a file)."""

from __future__ import annotations

import shlex

from .commands import COMMANDS, FILE_OPTIONS, PRESET_OPTIONS, Args


class Flag:
    """One option as a shell completes it: its spellings, whether it takes a value, the words
    that value may be (``words``), and whether it may be a file (``files``)."""

    def __init__(self, flags, value: bool, words=(), files: bool = False, help: str = "",
                 metavar: str | None = None) -> None:
        self.flags, self.value, self.words, self.files, self.help = \
            tuple(flags), value, tuple(words), files, help
        self.metavar = metavar or "VALUE"  # what the help and the man page call the value


def preset_words(dest: str, metavar: str | None) -> list[str]:
    """The built-in names an option of ``PRESET_OPTIONS`` takes (scrabble's -l: editions)."""
    from ..datafiles import presets

    if metavar == "EDITION":
        return presets("tile set")
    kind = {"language": "language", "rules": "rules", "dice": "dice",
            "layout": "board layout"}[dest]
    return presets(kind)


def flag_of(option) -> Flag:
    """A table's option as a ``Flag``."""
    if option.kind is bool:
        return Flag(option.flags, False, help=option.help)
    if option.choices:
        return Flag(option.flags, True, [str(c) for c in option.choices], help=option.help,
                    metavar=option.metavar)
    if option.dest in PRESET_OPTIONS:
        return Flag(option.flags, True, preset_words(option.dest, option.metavar), True,
                    option.help, option.metavar)
    return Flag(option.flags, True, files=option.dest in FILE_OPTIONS, help=option.help,
                metavar=option.metavar)


def table() -> dict[str, tuple[str, list[Flag], Flag | None]]:
    """command -> (its help, its options as Flags, its positional argument or None); the
    actions of ``words`` as commands of their own, ``words add`` …, read from their parser."""
    commands = {}
    for name, (help_text, options, _) in COMMANDS.items():
        flags = [flag_of(o) for o in options if o.flags[0].startswith("-")]
        positional = [flag_of(o) for o in options if not o.flags[0].startswith("-")]
        commands[name] = (help_text, flags, positional[0] if positional else None)
    for action, (help_text, flags, positional) in word_actions().items():
        commands[f"words {action}"] = (help_text, flags, positional)
    return commands


def word_actions() -> dict[str, tuple[str, list[Flag], Flag | None]]:
    """The actions of ``elzzur words`` and their options, from the argparse parser that
    ``words.add_actions`` builds (the table gives ``words`` no options of its own)."""
    import argparse

    from .words import ACTIONS, add_actions

    parser = argparse.ArgumentParser(prog="elzzur words")
    add_actions(parser)
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    found = {}
    for name, sub in subparsers.choices.items():
        flags, positional = [], None
        for action in sub._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            takes = action.nargs != 0
            if not action.option_strings:
                positional = Flag((action.metavar or action.dest,), True,
                                  files=action.dest == "game_words", help=action.help,
                                  metavar=action.metavar)
                continue
            dest = action.dest
            if action.choices:
                flag = Flag(action.option_strings, True, list(action.choices), help=action.help,
                            metavar=action.metavar)
            elif dest in PRESET_OPTIONS and takes:
                flag = Flag(action.option_strings, True, preset_words(dest, action.metavar),
                            True, action.help, action.metavar)
            else:
                flag = Flag(action.option_strings, takes, files=takes and dest in FILE_OPTIONS,
                            help=action.help, metavar=action.metavar)
            flags.append(flag)
        found[name] = (ACTIONS[name], flags, positional)
    return found


# --- bash (and zsh, through its bashcompinit) -------------------------------------------------

BASH_HEAD = """\
# bash completion for elzzur, made by `elzzur completion bash` from its command table.
# Load it now:      eval "$(elzzur completion bash)"
# or for good:      elzzur completion bash > ~/.local/share/bash-completion/completions/elzzur
_elzzur_files() {  # (one a line: a name may hold spaces)
    compopt -o filenames 2>/dev/null
    local IFS=$'\n'
    COMPREPLY=($(compgen -f -- "$cur"))
}
_elzzur_words() {  # the words $1, and files too when $2 is set and the word looks like a path
    COMPREPLY=($(compgen -W "$1" -- "$cur"))
    if [[ -n $2 && ( $cur == */* || $cur == *.* ) ]]; then
        compopt -o filenames 2>/dev/null
        local IFS=$'\n'
        COMPREPLY+=($(compgen -f -- "$cur"))
    fi
}
_elzzur() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
    COMPREPLY=()
    if ((COMP_CWORD == 1)); then
        COMPREPLY=($(compgen -W "%(commands)s --help --version" -- "$cur"))
        return
    fi
    local command=${COMP_WORDS[1]}
    case $command in
        help) ((COMP_CWORD == 2)) && COMPREPLY=($(compgen -W "%(commands)s" -- "$cur")); return ;;
        words)
            if ((COMP_CWORD == 2)); then
                COMPREPLY=($(compgen -W "%(actions)s" -- "$cur"))
                return
            fi
            command="words ${COMP_WORDS[2]}" ;;
    esac
    case "$command $prev" in
"""

BASH_TAIL = """\
    esac
    if [[ $cur == -* ]]; then
        case $command in
%(options)s
        esac
        return
    fi
    case $command in
%(positionals)s
    esac
}
complete -F _elzzur elzzur
"""


def bash_script() -> str:
    """The completion function for bash: one ``case`` pattern per option that takes a value."""
    commands = table()
    names = " ".join([*COMMANDS, "help"])
    actions = " ".join(name.split()[1] for name in commands if name.startswith("words "))
    values, options, positionals = [], [], []
    for name, (_, flags, positional) in commands.items():
        for flag in flags:
            if not flag.value:
                continue
            patterns = "|".join(shlex.quote(f"{name} {spelling}") for spelling in flag.flags)
            if flag.words:
                action = f"_elzzur_words {shlex.quote(' '.join(flag.words))}" + \
                    (" files" if flag.files else "")
            elif flag.files:
                action = "_elzzur_files"
            else:
                action = ":"  # a number, a word: nothing to offer
            values.append(f"        {patterns}) {action}; return ;;")
        spellings = " ".join(s for flag in flags for s in flag.flags) or "--help"
        options.append(f"            {shlex.quote(name)}) COMPREPLY=($(compgen -W "
                       f"{shlex.quote(spellings + ' --help')} -- \"$cur\")) ;;")
        if positional is not None:
            action = (f"_elzzur_words {shlex.quote(' '.join(positional.words))}"
                      if positional.words else "_elzzur_files" if positional.files else ":")
            positionals.append(f"        {shlex.quote(name)}) {action} ;;")
    return (BASH_HEAD % {"commands": names, "actions": actions} + "\n".join(values) + "\n"
            + BASH_TAIL % {"options": "\n".join(options), "positionals": "\n".join(positionals)})


def zsh_script() -> str:
    """zsh runs the bash function through its own ``bashcompinit``: one script, one behaviour."""
    return ("# zsh completion for elzzur, made by `elzzur completion zsh` from its command table.\n"
            "# Load it in ~/.zshrc:  eval \"$(elzzur completion zsh)\"\n"
            "autoload -U +X compinit && compinit\n"
            "autoload -U +X bashcompinit && bashcompinit\n"
            + bash_script().split("\n", 3)[3])


# --- fish ---------------------------------------------------------------------------------------

def fish_script() -> str:
    """``complete -c elzzur`` lines: the commands with their help, then each one's options."""
    def said(text: str) -> str:
        return shlex.quote(" ".join(text.split())[:100])

    lines = ["# fish completion for elzzur, made by `elzzur completion fish` from its command "
             "table.",
             "# Save it:  elzzur completion fish > ~/.config/fish/completions/elzzur.fish",
             "complete -c elzzur -f"]
    for name, (help_text, _, _) in COMMANDS.items():
        lines.append(f"complete -c elzzur -n __fish_use_subcommand -a {name} -d {said(help_text)}")
    lines.append("complete -c elzzur -n __fish_use_subcommand -a help -d 'a command\\'s help'")
    for name, (help_text, flags, positional) in table().items():
        if name.startswith("words "):
            action = name.split()[1]
            when = f"'__fish_seen_subcommand_from words; and __fish_seen_subcommand_from {action}'"
            lines.append(f"complete -c elzzur -n '__fish_seen_subcommand_from words; and not "
                         f"__fish_seen_subcommand_from {' '.join(action_names())}' -a {action} "
                         f"-d {said(help_text)}")
        else:
            when = f"'__fish_seen_subcommand_from {name}'"
        for flag in flags:
            spell = " ".join(f"-s {s[1:]}" if len(s) == 2 else f"-l {s[2:]}" for s in flag.flags)
            kind = ""
            if flag.value:  # -x: a value, not a file; -r -F: a file
                if flag.words:  # a preset's names, or a data file of one's own (.toml)
                    toml = " (__fish_complete_suffix .toml)" if flag.files else ""
                    kind = f" -x -a {shlex.quote(' '.join(flag.words) + toml)}"
                else:
                    kind = " -r -F" if flag.files else " -x"
            lines.append(f"complete -c elzzur -n {when} {spell}{kind} -d {said(flag.help)}")
        if positional is not None:
            if positional.words:
                lines.append(f"complete -c elzzur -n {when} -a "
                             f"{shlex.quote(' '.join(positional.words))}")
            elif positional.files:
                lines.append(f"complete -c elzzur -n {when} -F")
    return "\n".join(lines) + "\n"


def action_names() -> list[str]:
    """The actions of ``elzzur words``."""
    from .words import ACTIONS

    return list(ACTIONS)


SCRIPTS = {"bash": bash_script, "zsh": zsh_script, "fish": fish_script}


def run_completion(args: Args, out) -> None:
    out.write(SCRIPTS[args.shell]())
