"""An option before the command (issue 38: ``elzzur -V`` was told that options come after the
command, though -V is no command's option): a misspelt --version or --help is named as such;
a command's option is told to come after it."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("flag, message", [
    ("-V", "unknown option '-V' (did you mean --version?)"),
    ("--verison", "unknown option '--verison' (did you mean --version?)"),
    ("-x", "unknown option '-x' (see 'elzzur --help')"),
    ("-l", "options come after the command (elzzur COMMAND -l …) (see 'elzzur --help')"),
])
def test_an_option_before_the_command_is_named_for_what_it_is(cli, flag, message):
    result = cli(flag)
    assert (result.code, result.err) == (2, f"elzzur: error: {message}\n")
