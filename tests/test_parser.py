"""The quick reader of plain command lines agrees with argparse on everything it accepts, and
leaves everything else (help, errors, unusual spellings) to argparse."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from elzzur.__main__ import COMMANDS, build_parser, quick_parse

PARSER = build_parser()

VALUES = st.sampled_from(["en", "it", "x", "-", "-5", "0", "1", "7", "12", "+3", " 4", "score",
                          "alpha", "json", "jsonl", "csv", "text", "a b", "-q", "--top", "",
                          "my.board", "A B/C D", "٣"])


def good_value(option):
    """A strategy for values the option accepts."""
    if option.choices:
        return st.sampled_from(option.choices)
    if option.kind in (int,) or option.kind.__name__ in ("positive", "whole"):
        return st.integers(1, 99).map(str)
    return st.sampled_from(["en", "my.board", "A B/C D", "-", "out.txt", "x y"])


@st.composite
def command_lines(draw):
    """Mostly well-formed command lines, with now and then a flaw argparse must judge."""
    command = draw(st.sampled_from(sorted(COMMANDS) + ["nope"]))
    options = COMMANDS.get(command, ("", [], ""))[1]
    words = [command]
    for option in options:
        if option.required and draw(st.integers(0, 9)) > 0:
            words += [draw(st.sampled_from(option.flags)), draw(good_value(option))]
    for _ in range(draw(st.integers(0, 6))):
        flaw = draw(st.integers(0, 9)) == 0
        if flaw or not options:
            words.append(draw(st.sampled_from(["-h", "--help", "--", "--form", "--top=3", "-qR",
                                               "-x", "--version", "stray"])))
            if draw(st.booleans()):
                words.append(draw(VALUES))
            continue
        option = draw(st.sampled_from(options))
        words.append(draw(st.sampled_from(option.flags)))
        if option.kind is not bool:
            if draw(st.integers(0, 9)) == 0:
                words.append(draw(VALUES))
            elif draw(st.integers(0, 19)):
                words.append(draw(good_value(option)))
    return words


def argparse_result(argv):
    import contextlib
    import io

    try:
        with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
            return vars(PARSER.parse_args(argv))
    except SystemExit:
        return None


@settings(max_examples=3000, deadline=None)
@given(command_lines())
def test_quick_parse_agrees_with_argparse_whenever_it_answers(argv):
    quick = quick_parse(argv)
    expected = argparse_result(argv)
    if quick is not None:
        assert vars(quick) == expected
    answered.append(quick is not None and expected is not None)


answered: list[bool] = []


def test_the_generated_command_lines_exercise_the_quick_reader():
    """Run after the property test: it must have compared a fair share of command lines."""
    assert answered.count(True) >= 100, answered.count(True)


@pytest.mark.parametrize("argv", [
    ["demo", "-l", "en", "-q"],
    ["solve", "-b", "A B/C D", "-b", "x.board", "--format", "jsonl", "--jobs", "2"],
    ["generate", "--rows", "5", "--cols", "3", "--seed", "42", "-o", "x.board"],
    ["cat", "-l", "it"],
    ["compile", "-d", "w.txt", "-o", "w.marisa"],
    ["languages"],
])
def test_plain_command_lines_are_read_quickly(argv):
    assert quick_parse(argv) is not None
    assert vars(quick_parse(argv)) == argparse_result(argv)


@pytest.mark.parametrize("argv", [
    [], ["--help"], ["demo", "--help"], ["--version"], ["solve"], ["demo", "--top=3"],
    ["demo", "-qR"], ["demo", "--form", "json"], ["generate", "--seed", "-5"],
    ["generate", "-r", "0"], ["demo", "-s", "colour"], ["demo", "-l"],
])
def test_anything_unusual_is_left_to_argparse(argv):
    assert quick_parse(argv) is None
