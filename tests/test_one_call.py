"""One call from Python (issue 38): ``elzzur.solve("C A T/D O G", language="en")`` with the
built-in dictionary and Ruzzle's rules by default gives what the explicit form gives; so does
``find_words``; a value the API cannot take is an ElzzurError (and still a ValueError)."""

from __future__ import annotations

import subprocess
import sys

import pytest

import elzzur
from elzzur.grid import solver

BOARD = "Ttl R S Ndl/Odw Htw E I/Cdw I N V/Etl A D E"


@pytest.fixture(scope="module")
def explicit():
    language = elzzur.get_language("en")
    return language, elzzur.load_board(BOARD, language), elzzur.load_dictionary(None, language)


def test_one_call_is_the_explicit_form(explicit):
    language, board, dictionary = explicit
    assert elzzur.solve(BOARD, language="en") == solver.solve(board, dictionary, language)
    assert elzzur.solve(BOARD) == solver.solve(board, dictionary, language)  # en by default
    assert elzzur.solve(board, dictionary, language) == solver.solve(board, dictionary, language)
    assert elzzur.find_words(BOARD, language="en") == \
        solver.find_words(board, dictionary, language)


def test_each_part_may_be_given_or_made(explicit, tmp_path):
    language, board, dictionary = explicit
    expected = solver.solve(board, dictionary, language, rules="boggle")
    path = tmp_path / "my.board"
    path.write_text(BOARD.replace("/", "\n"), encoding="utf-8")
    assert elzzur.solve(path, language=language, rules="boggle") == expected
    assert elzzur.solve(str(path), dictionary, "en", rules="boggle") == expected
    words = tmp_path / "words.txt"
    words.write_text("echo\nhero\n", encoding="utf-8")
    assert [f.word for f in elzzur.solve(BOARD, str(words), "en")] == ["ECHO", "HERO"]
    assert [row[0] for row in elzzur.find_words(BOARD, str(words), "en", min_length=4)] == \
        ["ECHO", "HERO"]


def test_another_language_by_its_code():
    italian = elzzur.get_language("it")
    board = elzzur.load_board("C A T/D O G", italian)
    assert elzzur.solve("C A T/D O G", language="it") == \
        solver.solve(board, elzzur.load_dictionary(None, italian), italian)


def test_a_language_given_as_the_dictionary_is_named():
    with pytest.raises(elzzur.UsageError, match="write language='it'"):
        elzzur.solve("C A T/D O G", "it")


def test_wrong_kinds_are_type_errors():
    with pytest.raises(TypeError, match="language must be a Language or a language's code"):
        elzzur.solve("C A T/D O G", language=5)
    with pytest.raises(TypeError, match="board"):
        elzzur.solve(5, language="en")
    with pytest.raises(elzzur.ElzzurError):
        elzzur.solve("C A T/D O G", language="xx-none")


POSITION = "\n".join(["." * 15] * 7 + ["....ZEBRA......"] + ["." * 15] * 7)


def test_best_moves_in_one_call_and_its_bad_values_are_elzzur_errors():
    assert elzzur.best_moves(POSITION, "QUI?ES", top=1)[0].word == "QUI(Z)zES"
    for bad in ({"top": -1}, {"rank": "length"}):
        with pytest.raises(elzzur.ElzzurError) as error:
            elzzur.best_moves(POSITION, "QUI?ES", **bad)
        assert isinstance(error.value, ValueError)  # as before: callers that caught it still do
    with pytest.raises(elzzur.ArgumentError, match="top must be at least 0, not -1"):
        elzzur.best_moves(POSITION, "QUI?ES", top=-1)


def test_import_elzzur_still_imports_no_solver():
    code = ("import sys, elzzur; elzzur.solve; elzzur.find_words; "
            "print(sorted(m for m in sys.modules if m.startswith('elzzur.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
