"""Language data: the TOML files, letter values, the length bonus, and how words are normalised."""

from __future__ import annotations

import copy
from pathlib import Path
import string
import tomllib
import unicodedata

import pytest
from hypothesis import given, strategies as st

from elzzur.errors import ElzzurError, UsageError
from elzzur.lexicon.languages import available, get_language, parse_language
from elzzur.files import resource

CODES = ["de", "en", "es", "fr", "it", "nl", "pt", "pt-br"]  # Ruzzle's seven and Brazilian Portuguese, on A–Z boards
VARIANTS = ["de-native", "es-native", "pt-native", "tr"]  # other alphabets (test_alphabets.py)
EN = get_language("en")
DE = get_language("de")


def reference_column(text: str) -> dict[str, int]:
    """``"A1 B4 …"`` as a dict, as the reference table in rules.md lists a column."""
    return {item[0]: int(item[1:]) for item in text.split()}


EN_VALUES = reference_column(
    "A1 B4 C4 D2 E1 F4 G3 H4 I1 J10 K5 L1 M3 N1 O1 P4 Q10 R1 S1 T1 U2 V4 W4 X8 Y4 Z10")
DE_VALUES = reference_column(
    "A1 B3 C4 D1 E1 F4 G2 H2 I1 J6 K2 L3 M3 N1 O2 P4 Q10 R1 S1 T1 U1 V6 W3 X8 Y10 Z3")


def test_the_a_to_z_languages_and_the_other_alphabets_are_available():
    assert available() == sorted(CODES + VARIANTS)


def test_english_letter_values_are_the_reference_column():
    assert dict(EN.letter_values) == EN_VALUES


def test_german_letter_values_are_the_corrected_reference_column():
    assert dict(DE.letter_values) == DE_VALUES


@pytest.mark.parametrize("code", CODES)
def test_every_language_file_is_complete(code):
    language = get_language(code)
    assert language.code == code
    assert language.name and language.dictionary_source
    assert sorted(language.alphabet) == list(string.ascii_uppercase)
    assert sorted(language.letter_frequencies) == list(string.ascii_uppercase)
    assert all(f > 0 for f in language.letter_frequencies.values())
    assert all(v > 0 for v in language.letter_values.values())
    assert language.dictionary == f"{code}.marisa"
    assert language.demo_board == f"{code}.board"
    assert language.min_length == 2


@pytest.mark.parametrize("code", CODES)
def test_length_bonus_is_zero_to_four_letters_then_five_per_letter(code):
    language = get_language(code)
    assert [language.bonus(n) for n in range(2, 10)] == [0, 0, 0, 5, 10, 15, 20, 25]
    assert language.bonus(10) == 30
    assert language.bonus(12) == 40
    assert language.bonus(16) == 60


def test_an_unknown_language_is_a_usage_error_listing_the_choices():
    with pytest.raises(UsageError, match=r"^unknown language 'xx' \(choose from de, de-native, en, es, "
                       r"es-native, fr, it, nl, pt, pt-br, pt-native, tr, or give the path of a language file\)$"):
        get_language("xx")


# --- normalisation --------------------------------------------------------------------------

@pytest.mark.parametrize("text, key", [
    ("cat", "CAT"), ("CAT", "CAT"), ("café", "CAFE"), (unicodedata.normalize("NFD", "café"), "CAFE"),
    ("straße", "STRASSE"), ("ẞ", "SS"), ("cœur", "COEUR"), ("Æther", "AETHER"),
    ("smørrebrød", "SMORREBROD"),
    ("łódź", "LODZ"), ("niño", "NINO"), ("über", "UBER"), ("ﬁne", "FINE"),
])
def test_normalize_folds_accents_and_maps_letters_without_a_decomposition(text, key):
    assert EN.normalize(text) == key
    assert DE.normalize(text) == key


@pytest.mark.parametrize("text", ["中", "cat中", "ꝏ", "²"])
def test_normalize_refuses_letters_that_fold_to_nothing_in_the_alphabet(text):
    assert EN.normalize(text) is None


@given(st.text(max_size=12))
def test_normalize_gives_alphabet_letters_only_and_is_idempotent(text):
    key = EN.normalize(text)
    if key is not None:
        assert set(key) <= EN.alphabet
        assert EN.normalize(key) == key


@given(st.text(alphabet=string.ascii_letters, max_size=12))
def test_normalize_keeps_every_ascii_letter(text):
    assert EN.normalize(text) == text.upper()


# --- broken language tables -----------------------------------------------------------------

def english_table() -> dict:
    return tomllib.loads(Path(resource("languages", "en.toml")).read_text(encoding="utf-8"))


def broken(change) -> dict:
    data = copy.deepcopy(english_table())
    change(data)
    return data


def test_the_english_table_parses_to_the_built_in_language():
    path = resource("languages", "en.toml")
    assert parse_language(english_table(), "en.toml", path, "built-in", "en") == EN


@pytest.mark.parametrize("change, message", [
    (lambda d: d.pop("code"), "missing key 'code'"),
    (lambda d: d.pop("letters"), "missing key 'letters'"),
    (lambda d: d["scoring"].pop("min_length"), "missing key 'scoring.min_length'"),
    (lambda d: d["letters"]["Q"].pop("frequency"), "missing key 'letters.Q.frequency'"),
    (lambda d: d["dictionary"].pop("file"), "missing key 'dictionary.file'"),
    (lambda d: d["scoring"].pop("length_bonus"), "missing key 'scoring.length_bonus'"),
    (lambda d: d.pop("demo_board"), "missing key 'demo_board'"),
])
def test_a_missing_key_is_named(change, message):
    with pytest.raises(ElzzurError, match=f"^en.toml: {message}$"):
        parse_language(broken(change), "en.toml")


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(name=7), "key 'name' must be a name of 1 to 60 characters on one line"),
    (lambda d: d.update(scoring=3), "key 'scoring' must be a table"),
    (lambda d: d["scoring"].update(min_length="2"),
     "key 'scoring.min_length' must be a whole number from 1 to 64"),
    (lambda d: d["scoring"].update(min_length=True),
     "key 'scoring.min_length' must be a whole number from 1 to 64"),
    (lambda d: d["letters"].update(A=1), "key 'letters.A' must be a table"),
    (lambda d: d["letters"]["A"].update(value=1.5),
     "key 'letters.A.value' must be a whole number from 0 to 1,000,000"),
    (lambda d: d["letters"]["A"].update(frequency="often"),
     "key 'letters.A.frequency' must be a number from 0 to 1,000,000"),
    (lambda d: d["normalization"].update(keep_capitalised="no"),
     "key 'normalization.keep_capitalised' must be true or false"),
    (lambda d: d["normalization"]["map"].update({"Œ": 3}), "key 'normalization.map.Œ' must be a string"),
    (lambda d: d["scoring"].update(length_bonus=[0, "5"]), "key 'scoring.length_bonus' must be "
     "a list of whole numbers, each from -1,000,000 to 1,000,000"),
    (lambda d: d["scoring"].update(length_bonus=[]), "key 'scoring.length_bonus' must be "
     "a list of whole numbers, each from -1,000,000 to 1,000,000"),
])
def test_a_value_of_the_wrong_type_is_named(change, message):
    with pytest.raises(ElzzurError, match=f"^en.toml: {message}$"):
        parse_language(broken(change), "en.toml")


@pytest.mark.parametrize("change, message", [
    (lambda d: d["letters"].update(a={"value": 1, "frequency": 1}),
     "letter 'a' must be one upper-case character"),
    (lambda d: d["letters"]["E"].update(frequency=-1),
     "key 'letters.E.frequency' must be a number from 0 to 1,000,000"),
    (lambda d: d.update(letters={}), "key 'letters' lists no letters"),
    (lambda d: [e.update(frequency=0) for e in d["letters"].values()], "every letter has frequency 0"),
])
def test_impossible_letter_data_is_named(change, message):
    with pytest.raises(ElzzurError, match=f"^en.toml: {message}$"):
        parse_language(broken(change), "en.toml")


def test_a_language_file_that_is_not_toml_is_named(tmp_path, monkeypatch):
    (tmp_path / "languages").mkdir()
    (tmp_path / "languages" / "xx.toml").write_text("code = \n", encoding="utf-8")
    monkeypatch.setattr("elzzur.lexicon.languages.resource", lambda *parts: str(tmp_path.joinpath(*parts)))
    with pytest.raises(ElzzurError, match=r"^xx\.toml: .*line 1"):
        get_language("xx")
