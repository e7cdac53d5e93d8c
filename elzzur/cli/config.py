"""Defaults of one's own: a config file and environment variables for the options that have a
default (the language, the rules, colour), and ``elzzur config``, which shows them.

Where a setting comes from, strongest first: the command line, the environment variable
(``ELZZUR_LANGUAGE`` …; empty counts as unset, as shells leave it), the config file
(``$ELZZUR_CONFIG``, else ``$XDG_CONFIG_HOME/elzzur/config.toml``, else
``~/.config/elzzur/config.toml``), the built-in default of the command table. Both parsers of
``elzzur.__main__`` ask ``in_force`` for the defaults, so they cannot disagree. Every run asks:
a missing file costs one ``os.stat``, an existing one is read through
``datafiles.load_toml`` (parsed once, cached by content), and nothing else is imported.
"""

from __future__ import annotations

import os

from ..errors import UsageError, quoted
from .commands import COLOR_CHOICES, COMMANDS

#: setting (the key in the file and the option's dest) -> its environment variable
SETTINGS = {"language": "ELZZUR_LANGUAGE", "rules": "ELZZUR_RULES", "color": "ELZZUR_COLOR"}
BUILT_IN = "built-in"
COMMAND_LINE = "command line"
#: commands whose option of the same name means something else: scrabble's -l is a tile set
#: (en, wwf, …), not a language; a player's "sv" would break it
NOT_APPLIED = {("scrabble", "language")}
CHOICES = {"color": COLOR_CHOICES}
MAX_VALUE = 4096  # characters: a language or rules value is a name or a path


def built_in_defaults() -> dict[str, str]:
    """Each setting's default in the command table (the same in every command that has it)."""
    found = {}
    for name, (_, options, _) in COMMANDS.items():
        for option in options:
            if option.dest in SETTINGS and option.default is not None \
                    and (name, option.dest) not in NOT_APPLIED:
                found.setdefault(option.dest, option.default)
    return found


def config_path() -> str:
    """The config file's path (it need not exist): ``$ELZZUR_CONFIG``, else under
    ``$XDG_CONFIG_HOME`` (an absolute path only, as the XDG specification says), else under
    ``~/.config``."""
    named = os.environ.get("ELZZUR_CONFIG")
    if named:
        return named
    home = os.environ.get("XDG_CONFIG_HOME")
    if not home or not os.path.isabs(home):
        home = os.path.join(os.path.expanduser("~"), ".config")
    return os.path.join(home, "elzzur", "config.toml")


def check_value(key: str, value: str, origin: str) -> str:
    """A setting's value checked as the command line checks it (same choices); the error
    names where the value came from."""
    choices = CHOICES.get(key)
    if choices and value not in choices:
        raise UsageError(f"{origin}: invalid {key} {quoted(value)} "
                         f"(choose from {', '.join(choices)})")
    if not value or len(value) > MAX_VALUE or not value.isprintable():
        raise UsageError(f"{origin}: {key} must be a name or a path of 1 to {MAX_VALUE:,} "
                         f"characters a terminal shows (no control characters)")
    return value


def read_file(path: str) -> dict[str, str]:
    """The settings of the config file at ``path``, checked; {} if there is no such file. A
    link that leads nowhere or loops, a folder that cannot be searched, is an error naming
    the file: settings the user wrote are never silently left unused."""
    if not exists(path):
        return {}
    from ..datafiles import Checker, load_toml

    table = load_toml(path, path)
    checker = Checker(path)
    checker.known(table, list(SETTINGS))
    found = {}
    for key in SETTINGS:
        choices = CHOICES.get(key)
        if choices:
            check, what = (lambda value: value in choices), f"one of {', '.join(choices)}"
        else:
            # (printable: `elzzur config` shows it, and an escape would work on the terminal)
            check = lambda value: 0 < len(value) <= MAX_VALUE and value.isprintable()  # noqa: E731
            what = f"a name or a path of 1 to {MAX_VALUE:,} characters a terminal shows"
        value = checker.need(table, key, str, default=None, check=check, what=what)
        if value is not None:
            found[key] = value
    return found


def exists(path: str) -> bool:
    """True if the config file is there; False if there is plainly none (the usual case);
    an ElzzurError for a path that names something unusable (a broken or looping symbolic
    link, a path through a file, a folder that cannot be searched)."""
    try:
        os.stat(path)
        return True
    except FileNotFoundError:
        if not os.path.islink(path):
            return False
    except ValueError:  # a NUL in the name: no file has it
        return False
    except OSError:
        pass
    from ..errors import ElzzurError
    from ..files import missing, named

    raise ElzzurError(f"config file {named(path)}: {missing(path)}")


def in_force() -> dict[str, tuple[str, str]]:
    """setting -> (value, where it comes from: ``BUILT_IN``, the file's path, or the
    environment variable), before the command line has its say."""
    settings = {key: (value, BUILT_IN) for key, value in built_in_defaults().items()}
    path = config_path()
    for key, value in read_file(path).items():
        settings[key] = (value, path)
    for key, variable in SETTINGS.items():
        value = os.environ.get(variable)
        if value:
            settings[key] = (check_value(key, value, variable), variable)
    return settings


def applies(command: str, dest: str) -> bool:
    """True if the setting ``dest`` gives ``command``'s option of that name its default."""
    return dest in SETTINGS and (command, dest) not in NOT_APPLIED


def apply(command: str, values: dict, given: set) -> dict[str, str]:
    """Fill ``values`` (dest -> value) with the settings in force for the options of
    ``command`` not ``given`` on the command line; returns dest -> where each came from."""
    settings = None
    origins = {}
    for option in COMMANDS[command][1]:
        if option.default is None or not applies(command, option.dest):
            continue
        if option.dest in given:
            origins[option.dest] = COMMAND_LINE
            continue
        if settings is None:
            settings = in_force()
        values[option.dest], origins[option.dest] = settings[option.dest]
    return origins


def run_config(args, out) -> None:
    """``elzzur config``: the file's path (whether or not it exists), then every setting in
    force and where it comes from, one line each."""
    path = config_path()
    found = bool(read_file(path)) or exists(path)  # (read: a broken file is an error here too)
    out.write(f"config file: {path}{'' if found else ' (does not exist)'}\n")
    origins = getattr(args, "origins", {})
    lines = []
    for key in SETTINGS:
        origin = origins.get(key, BUILT_IN)
        if origin in SETTINGS.values():
            origin = f"environment {origin}"
        elif origin not in (BUILT_IN, COMMAND_LINE):
            origin = f"file {origin}"
        lines.append((key, str(getattr(args, key)), origin))
    keys, values = (max(len(line[i]) for line in lines) for i in (0, 1))
    for key, value, origin in lines:
        out.write(f"{key:<{keys}} = {value:<{values}}  ({origin})\n")


def came_from(args, message: str) -> str:
    """What to add to an error ``message`` about a setting's value (``unknown language 'xx'``)
    when that value came from the config file or the environment, not the command line: the
    user did not type it and needs to know where to look."""
    for dest, origin in (getattr(args, "origins", None) or {}).items():
        if origin not in (COMMAND_LINE, BUILT_IN) and message.startswith(f"unknown {dest} "):
            where = f"the config file {origin}" if origin not in SETTINGS.values() \
                else f"the environment variable {origin}"
            return f" (the {dest} comes from {where})"
    return ""
