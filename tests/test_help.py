"""Help that helps: `elzzur help [COMMAND]`, "did you mean …?" for mistyped commands, options,
languages, rules and presets, and the board syntax where a board is missing or mistyped."""

from __future__ import annotations

import re

import pytest

from elzzur.cli.solve import board_hint
from elzzur.datafiles import unknown
from elzzur.errors import UsageError
from elzzur.lexicon.languages import get_language

HINT = ("(a board is rows separated by '/', tiles by spaces: -b \"C A T/D O G\"; "
        "see elzzur help solve)")


def test_the_board_hint_is_one_line():
    assert board_hint("solve") == HINT


@pytest.mark.parametrize("command", [[], ["solve"], ["scrabble"], ["help"]])
def test_help_is_the_same_as_dash_dash_help(cli, command):
    asked = cli("help", *command)
    flagged = cli(*[c for c in command if c != "help"], "--help")
    assert asked.code == flagged.code == 0
    assert asked.out == flagged.out and asked.out.startswith("usage: elzzur")
    assert asked.err == ""


def test_the_main_help_lists_help(cli):
    out = cli("--help").out
    # (argparse's column for the commands' help is wider from Python 3.13 on)
    assert re.search(r"\n    help +show this help, or a command's: elzzur help COMMAND", out)


def test_help_for_a_mistyped_command_suggests_one(cli):
    assert cli("help", "slove").error(2) == \
        "elzzur: error: unknown command 'slove' (did you mean 'solve'?)"


@pytest.mark.parametrize("typed, near", [("slove", "'solve'"), ("scrable", "'scrabble'"),
                                         ("genrate", "'generate'"), ("hlep", "'help'")])
def test_a_mistyped_command_gets_a_suggestion(cli, typed, near):
    assert cli(typed, "-b", "A B/C D").error(2) == \
        f"elzzur: error: unknown command '{typed}' (did you mean {near}?)"


def test_a_command_nothing_like_any_lists_them_all(cli):
    message = cli("frobnicate").error(2)
    assert message.startswith("elzzur: error: unknown command 'frobnicate' (choose from solve, ")
    assert message.endswith(", help; see 'elzzur --help')")
    assert "did you mean" not in message


def test_a_mistyped_option_gets_a_suggestion(cli):
    assert cli("solve", "-b", "A B/C D", "--min-lenght", "3").error(2) == \
        "elzzur: error: unrecognized arguments: --min-lenght 3 (did you mean --min-length?)"
    assert cli("solve", "-b", "A B/C D", "--min-lenght=3", "--tpo", "1").error(2) == (
        "elzzur: error: unrecognized arguments: --min-lenght=3 --tpo 1 "
        "(did you mean --min-length or --top?)")
    assert cli("generate", "--rosw", "4").error(2).endswith("(did you mean --rows?)")


def test_an_option_nothing_like_any_gets_no_suggestion(cli):
    assert cli("solve", "-b", "A B/C D", "--frobnicate").error(2) == \
        "elzzur: error: unrecognized arguments: --frobnicate (see 'elzzur solve --help')"


def test_a_missing_board_shows_the_board_syntax(cli):
    assert cli("solve").error(2) == \
        f"elzzur: error: the following arguments are required: -b/--board {HINT}"


@pytest.mark.parametrize("board", ["C A T/D O", "C A ?/D O G"])
def test_a_mistyped_inline_board_shows_the_board_syntax(cli, board):
    message = cli("solve", "-l", "en", "-b", board).error(1)
    assert message.startswith("elzzur: error: inline board, row ") and message.endswith(HINT)


def test_a_board_file_error_has_no_inline_syntax_hint(cli, tmp_path):
    path = tmp_path / "bad.board"
    path.write_text("C A T\nD O\n")
    message = cli("solve", "-l", "en", "-b", str(path)).error(1)
    assert "line 2: row has 2 cells" in message and HINT not in message


def test_unknown_names_suggest_the_nearest():
    assert str(unknown("rules", "bogle", ["bigboggle", "boggle", "ruzzle"])) == (
        "unknown rules 'bogle' (did you mean 'boggle' or 'bigboggle'? choose from bigboggle, "
        "boggle, ruzzle, or give the path of a rules file)")
    assert str(unknown("rules", "zzz", ["boggle", "ruzzle"])) == \
        "unknown rules 'zzz' (choose from boggle, ruzzle, or give the path of a rules file)"
    assert "did you mean" not in str(unknown("rules", "b" * 10_000, ["boggle"]))


def test_an_unknown_language_suggests_the_nearest():
    with pytest.raises(UsageError, match=r"^unknown language 'itt' \(did you mean 'it'\? choose "
                                         r"from .*\bit\b.*, or give the path of a language file\)$"):
        get_language("itt")


def test_the_cli_suggests_rules_and_languages(cli):
    assert "(did you mean 'boggle'" in cli("solve", "-b", "A B/C D", "--rules", "bogle").error(2)
    assert "(did you mean 'en'?" in cli("solve", "-b", "A B/C D", "-l", "eng").error(2)


def test_a_real_process_suggests_a_command(run_module):
    done = run_module("slove")
    assert done.returncode == 2
    assert done.stderr == "elzzur: error: unknown command 'slove' (did you mean 'solve'?)\n"


def test_a_short_letter_or_an_option_name_means_one_thing_in_every_command():
    """A short letter stands for the same long option wherever it appears (-r is --rack), and
    no old spelling is another option's spelling in its command."""
    from elzzur.cli.commands import COMMANDS

    meaning: dict[str, tuple[str, str]] = {}
    for command, (_, options, _) in COMMANDS.items():
        for option in options:
            long = next((f for f in option.flags if f.startswith("--")), option.flags[0])
            for flag in option.flags:
                if not flag.startswith("--") and flag.startswith("-"):
                    first = meaning.setdefault(flag, (command, long))
                    assert first[1] == long, (flag, first, (command, long))
            for flag in option.old:  # an old spelling may stay only where nothing else has it
                assert flag not in {f for o in options for f in o.flags}, (command, flag)
    for flag, why in [("-r", "--rows"), ("--show", "--show-top")]:  # the old ones are gone
        assert all(flag not in o.flags or o.flags[-1] != why
                   for _, options, _ in COMMANDS.values() for o in options)


@pytest.mark.parametrize("old, new, note", [
    (["generate", "-l", "en", "-r", "3", "-c", "2", "--seed", "4"],
     ["generate", "-l", "en", "--rows", "3", "--cols", "2", "--seed", "4"],
     ["elzzur: note: -r is an old spelling and will go: write --rows (-r is the rack in "
      "'elzzur scrabble')",
      "elzzur: note: -c is an old spelling and will go: write --cols (it goes with -r, which "
      "is the rack in 'elzzur scrabble')"]),
    (["scrabble", "--cgp", "15/15/15/15/15/15/15/4CAT8/15/15/15/15/15/15/15 AEINRS?/ 0/0 0",
      "--top", "1", "--show", "1"],
     ["scrabble", "--cgp", "15/15/15/15/15/15/15/4CAT8/15/15/15/15/15/15/15 AEINRS?/ 0/0 0",
      "--top", "1", "--show-top", "1"],
     ["elzzur: note: --show is an old spelling and will go: write --show-top (--show names a "
      "word in 'elzzur solve')"]),
])
def test_old_spellings_still_work_and_say_what_to_write(cli, old, new, note):
    before, now = cli(*old), cli(*new)
    assert before.code == now.code == 0
    assert before.out == now.out and "\n" in now.out
    assert before.err.splitlines() == note and now.err == ""


def test_old_spellings_are_not_in_the_help(cli):
    assert " -r " not in cli("generate", "--help").out
    assert "--show " not in cli("scrabble", "--help").out


def test_a_board_given_without_its_option_is_suggested_with_it(cli, tmp_path):
    cli("solve", "C A T/D O G").error(
        2, "unrecognized arguments: C A T/D O G (did you mean -b 'C A T/D O G'?)")
    (tmp_path / "my.board").write_text("C A\nT S\n", encoding="utf-8")
    cli("solve", "my.board").error(2, "(did you mean -b 'my.board'?)")
    cli("solve", "C A T/D O G", "--min-lenght", "3").error(
        2, "(did you mean -b 'C A T/D O G' or --min-length?)")
    cli("solve", "nothing-here").error(2, "unrecognized arguments: nothing-here (see ")


def test_words_diff_gives_the_board_syntax_too(cli, tmp_path):
    (tmp_path / "game.txt").write_text("CAT\n", encoding="utf-8")
    hint = HINT.replace("help solve", "help words")
    cli("words", "diff", "-l", "en", "game.txt").error(
        2, "the following arguments are required: -b/--board " + hint)
    cli("words", "diff", "-l", "en", "-b", "C A T/D O", "game.txt").error(
        1, "row has 2 cells, the first row has 3", hint)


def test_a_rows_of_letters_path_that_is_no_file_says_why_it_is_no_board_either(cli):
    cli("solve", "-b", "...../...").error(
        1, "...../...: no such file, nor a board (its rows are of different lengths: 5 and 3 "
           "squares)")
    assert "nor a board" not in cli("solve", "-b", "boards/my.board").error(1, "no such file")


def test_a_mistyped_scrabble_position_ends_with_the_position_syntax(cli, tmp_path):
    from elzzur.cli.scrabble import POSITION_HINT

    cli("scrabble", "-r", "AB").error(1, "give the position with -b POSITION or --cgp CGP "
                                         + POSITION_HINT)
    cli("scrabble", "-b", "...../.....", "-r", "AB").error(
        1, "board: 2 rows, expected 15 " + POSITION_HINT)
    (tmp_path / "short.txt").write_text("...\n...\n", encoding="utf-8")
    cli("scrabble", "-b", "short.txt", "-r", "AB").error(
        1, "short.txt: board: 2 rows, expected 15 " + POSITION_HINT)
