"""The built-in dictionaries hold what players expect: hand-picked words that must be present
and must be absent (``tests/lexicon/<code>.toml``), found or not found on a board by both
search backends; the recipes' inclusion and exclusion lists took effect; each dictionary
ships its commonness bands and its description.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from elzzur.grid.board import parse_board
from elzzur.lexicon.cleaning import clean_word
from elzzur.lexicon.dictionary import builtin_dictionary
from elzzur.lexicon.languages import get_language
from elzzur.grid.solver import backend, find_words

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
CODES = sorted(p.stem for p in (HERE / "lexicon").glob("*.toml"))
BACKENDS = ["python"] + (["c"] if backend() == "c" else [])


def words_of(code: str) -> dict:
    return tomllib.loads((HERE / "lexicon" / f"{code}.toml").read_text(encoding="utf-8"))


def found_in_a_row(word: str, code: str, use: str) -> bool:
    """Lay the word's letters in one row (each cell next to the next) and solve: the word is
    found if the dictionary has it."""
    language = get_language(code)
    board = parse_board(" ".join(word), language, "row")
    found = find_words(board, builtin_dictionary(language), language, use=use)
    return any(row[0] == word for row in found)


@pytest.mark.parametrize("code", CODES)
def test_every_built_in_dictionary_has_hand_picked_words(code):
    assert (REPO / "elzzur" / "res" / "languages" / f"{code}.toml").exists(), code
    assert len(words_of(code)["present"]) >= 20 and len(words_of(code)["absent"]) >= 20


@pytest.mark.parametrize("use", BACKENDS)
@pytest.mark.parametrize("code", CODES)
def test_present_words_are_found(code, use):
    missing = [w for w in words_of(code)["present"] if not found_in_a_row(w, code, use)]
    assert missing == []


@pytest.mark.parametrize("use", BACKENDS)
@pytest.mark.parametrize("code", CODES)
def test_absent_words_are_not_found(code, use):
    found = [w for w in words_of(code)["absent"] if found_in_a_row(w, code, use)]
    assert found == []


def list_words(path: Path) -> list[str]:
    """The words of a recipe's ``.include`` or ``.exclude`` list."""
    if not path.exists():
        return []
    return [line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.lstrip().startswith("#")]


def recipe_base(code: str) -> str:
    data = tomllib.loads((REPO / "elzzur" / "res" / "lexicon" / f"{code}.toml").read_text(encoding="utf-8"))
    return data.get("same_as", code)


RECIPES = sorted(p.stem for p in (REPO / "elzzur" / "res" / "lexicon").glob("*.toml"))


@pytest.mark.parametrize("code", RECIPES)
def test_inclusion_and_exclusion_lists_took_effect(code):
    language = get_language(code)
    dictionary = builtin_dictionary(language)
    base = recipe_base(code)
    lexicon = REPO / "elzzur" / "res" / "lexicon"
    included = [w for w in list_words(lexicon / f"{base}.include")
                if clean_word(w, language) not in dictionary]
    assert included == []
    excluded = [w for w in list_words(lexicon / f"{base}.exclude")
                if clean_word(w, language) in dictionary]
    # an excluded spelling may share its key with a word that stays (A-Z folds accents)
    assert excluded == [w for w in excluded if w in homographs(code)]


def homographs(code: str) -> set[str]:
    path = REPO / "elzzur" / "res" / "lexicon" / f"{recipe_base(code)}.exclude"
    return {line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines()
            if "homograph" in line.split("#", 1)[-1]} if path.exists() else set()


@pytest.mark.parametrize("code", RECIPES)
def test_every_dictionary_ships_bands_and_a_description(code):
    folder = REPO / "elzzur" / "res" / "dictionaries"
    info = tomllib.loads((folder / f"{code}.info.toml").read_text(encoding="utf-8"))
    dictionary = builtin_dictionary(get_language(code))
    assert info["code"] == code and info["words"] == len(dictionary)
    assert get_language(code).dictionary_source == info["summary"]  # what `languages` lists
    assert info["source"] and info["removed"]
    assert (folder / f"{code}.bands").exists()
    assert (REPO / "licenses" / f"{code}.txt").exists()
