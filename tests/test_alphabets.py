"""Alphabets beyond A–Z: native letters kept (es-native Ñ, de-native Ä Ö Ü, pt-native Ç),
Turkish with its own upper-casing, case-sensitive languages, and the shipped dictionaries."""

from __future__ import annotations

import string
import unicodedata

import pytest
from hypothesis import given, strategies as st

from elzzur.grid.board import parse_board
from elzzur.lexicon.cleaning import clean_word, clean_words
from elzzur.lexicon.dictionary import Dictionary, load_dictionary
from elzzur.errors import ElzzurError
from elzzur.lexicon.languages import available, get_language
from elzzur.grid.solver import find_words

ES, ES_NATIVE = get_language("es"), get_language("es-native")
DE, DE_NATIVE = get_language("de"), get_language("de-native")
PT, PT_NATIVE = get_language("pt"), get_language("pt-native")
TR = get_language("tr")

# The Turkish alphabet: 29 letters, no Q W X, dotless I and dotted İ.
TURKISH = "ABCÇDEFGĞHIİJKLMNOÖPRSŞTUÜVYZ"
# Turkish Scrabble's tile values (shared/reference/scrabble.md).
TURKISH_VALUES = {"A": 1, "E": 1, "K": 1, "L": 1, "İ": 1, "R": 1, "N": 1, "T": 1, "I": 2, "M": 2,
                  "O": 2, "S": 2, "U": 2, "B": 3, "D": 3, "Y": 3, "Ü": 3, "C": 4, "Z": 4, "Ç": 4,
                  "Ş": 4, "G": 5, "H": 5, "P": 5, "F": 7, "V": 7, "Ö": 7, "Ğ": 8, "J": 10}


# --- the native variants ------------------------------------------------------------------------

@pytest.mark.parametrize("variant, base, extra, values", [
    (ES_NATIVE, ES, "Ñ", {"Ñ": 8}),
    (DE_NATIVE, DE, "ÄÖÜ", {"Ä": 6, "Ö": 8, "Ü": 6}),
    (PT_NATIVE, PT, "Ç", {"Ç": 3}),
])
def test_a_native_variant_is_its_base_plus_the_native_letters(variant, base, extra, values):
    assert variant.mode == "native" and base.mode == "fold"
    assert variant.alphabet == base.alphabet | set(extra)
    assert {ch: v for ch, v in variant.letter_values.items() if ch in base.alphabet} == base.letter_values
    assert {ch: variant.letter_values[ch] for ch in extra} == values
    assert all(variant.letter_frequencies[ch] > 0 for ch in extra)
    # the base letter's in-text share is split between it and its native form
    for ch in extra:
        plain = unicodedata.normalize("NFKD", ch)[0]
        total = variant.letter_frequencies[plain] + variant.letter_frequencies[ch]
        assert total == pytest.approx(base.letter_frequencies[plain], abs=0.002)


@pytest.mark.parametrize("text, native, folded", [
    ("año", "AÑO", "ANO"), ("ano", "ANO", "ANO"), ("Niño", "NIÑO", "NINO"),
    ("pingüino", "PINGUINO", "PINGUINO"), ("canción", "CANCION", "CANCION"),
    ("n\u0303", "Ñ", "N"),  # decomposed Ñ is still Ñ
])
def test_spanish_native_keeps_n_tilde_and_folds_other_accents(text, native, folded):
    assert ES_NATIVE.normalize(text) == native
    assert ES.normalize(text) == folded


@pytest.mark.parametrize("text, native, folded", [
    ("schön", "SCHÖN", "SCHON"), ("schon", "SCHON", "SCHON"), ("Ärger", "ÄRGER", "ARGER"),
    ("Straße", "STRASSE", "STRASSE"), ("über", "ÜBER", "UBER"), ("café", "CAFE", "CAFE"),
])
def test_german_native_keeps_umlauts_and_spells_sharp_s(text, native, folded):
    assert DE_NATIVE.normalize(text) == native
    assert DE.normalize(text) == folded


def test_portuguese_native_keeps_c_cedilla_and_folds_tildes():
    assert PT_NATIVE.normalize("coração") == "CORAÇAO"
    assert PT.normalize("coração") == "CORACAO"


def test_native_words_are_distinct_keys_of_the_same_word_list():
    words = ["año", "ano", "schön", "schon"]
    assert clean_words(words, ES_NATIVE) >= {"AÑO", "ANO"}
    assert clean_words(words, ES) >= {"ANO"} and "AÑO" not in clean_words(words, ES)
    assert clean_words(words, DE_NATIVE) >= {"SCHÖN", "SCHON"}


def test_a_native_board_letter_is_a_cell_of_its_own():
    board = parse_board("ñ N Ñdl/a o x", ES_NATIVE)
    assert [cell.letters for cell in board.cells] == ["Ñ", "N", "Ñ", "A", "O", "X"]
    assert [cell.letters for cell in parse_board("ñ N Ñdl/a o x", ES).cells][:3] == ["N", "N", "N"]


def test_native_spanish_finds_ano_only_where_the_board_has_an_n_tilde():
    dictionary = Dictionary.from_words(["AÑO", "ANO"], ES_NATIVE)
    found = {word for word, _, _ in find_words(parse_board("A Ñ O", ES_NATIVE), dictionary, ES_NATIVE)}
    assert found == {"AÑO"}
    found = {word for word, _, _ in find_words(parse_board("A N O", ES_NATIVE), dictionary, ES_NATIVE)}
    assert found == {"ANO"}


def test_german_native_solves_schoen_and_schon_apart(cli, tmp_path):
    (tmp_path / "words.txt").write_text("schön\nschon\n", encoding="utf-8")
    lines = cli("solve", "-l", "de-native", "-b", "S C H Ö/A A O N", "-d", "words.txt", "-q").out.splitlines()
    assert [line.split()[0] for line in lines[:2]] == ["SCHÖN", "SCHON"]
    # SCHÖN: S1 C4 H2 Ö8 N1 = 16; SCHON: S1 C4 H2 O2 N1 = 10; five letters add 5
    assert [line.split()[1] for line in lines[:2]] == ["21", "15"]


# --- Turkish ----------------------------------------------------------------------------------

def test_turkish_has_the_29_letters_and_turkish_scrabble_values():
    assert "".join(sorted(TR.alphabet, key=TURKISH.index)) == TURKISH
    assert TR.letter_values == TURKISH_VALUES
    assert sum(TR.letter_frequencies.values()) == pytest.approx(100, abs=0.01)
    assert TR.upper_map == {"i": "İ", "ı": "I", "î": "İ"}


@pytest.mark.parametrize("text, key", [
    ("ılık", "ILIK"), ("iş", "İŞ"), ("kitap", "KİTAP"), ("ışık", "IŞIK"), ("İŞ", "İŞ"),
    ("ILIK", "ILIK"), ("kâğıt", "KAĞIT"), ("millî", "MİLLİ"), ("gözlük", "GÖZLÜK"),
    ("çiçek", "ÇİÇEK"),
])
def test_turkish_upper_cases_the_turkish_way(text, key):
    assert TR.normalize(text) == key


def test_python_upper_would_be_wrong_for_turkish():
    assert "iş".upper() == "IŞ" != TR.normalize("iş")  # the reason for normalization.upper


@pytest.mark.parametrize("raw, key", [
    ("ılık", "ILIK"), ("iş", "İŞ"), ("İstanbul", None), ("Ankara", None), ("ıı", "II"), ("x", None),
    ("taxi", None),  # X is no Turkish letter
])
def test_clean_word_in_turkish(raw, key):
    assert clean_word(raw, TR) == key


def test_a_turkish_board_token_i_is_dotted_and_dotless_i_is_i():
    board = parse_board("i ı İ I/idl ıtw Ş ş", TR)
    assert [cell.letters for cell in board.cells] == ["İ", "I", "İ", "I", "İ", "I", "Ş", "Ş"]
    assert [cell.bonus for cell in board.cells][4:6] == ["dl", "tw"]


def test_turkish_words_solve_on_a_turkish_board():
    dictionary = Dictionary.from_words(["İŞ", "IŞIK", "ILIK"], TR)
    board = parse_board("ı ş ı/l k i", TR)
    found = {word: score for word, score, _ in find_words(board, dictionary, TR)}
    assert found == {"IŞIK": 2 + 4 + 2 + 1, "İŞ": 1 + 4}  # no ILIK: one L, but no path I-L-I-K


@given(st.text(alphabet="abcçdefgğhıijklmnoöprsştuüvyzâîûABCÇDEFGĞHIİJKLMNOÖPRSŞTUÜVYZ", max_size=12))
def test_turkish_keys_are_turkish_letters_and_normalising_twice_changes_nothing(text):
    key = TR.normalize(text)
    assert key is not None and set(key) <= TR.alphabet
    assert TR.normalize(key) == key
    assert len(key) == len(text)  # every Turkish letter is one board letter


# --- case-sensitive languages -------------------------------------------------------------

CASE_TOML = """\
code = "cs"
name = "Case-sensitive test"

[scoring]
min_length = 2
length_bonus = [0, 0, 0, 0, 0, 5]
length_bonus_step = 5

[normalization]
mode = "case"

[letters]
""" + "".join(f'{ch} = {{ value = {2 if ch.isupper() else 1}, frequency = 1 }}\n'
              for ch in string.ascii_lowercase + string.ascii_uppercase)


@pytest.fixture
def case_language(tmp_path):
    path = tmp_path / "cs.toml"
    path.write_text(CASE_TOML, encoding="utf-8")
    return get_language(str(path))


def test_case_mode_keeps_capitals(case_language):
    assert case_language.normalize("Apple") == "Apple"
    assert case_language.normalize("apple") == "apple"
    assert case_language.normalize("Éclair") == "Eclair"  # accents still fold, case stays
    assert case_language.normalize("ß") is None  # no case folding: ß is not spelt SS


def test_case_mode_keeps_capitalised_entries_of_a_word_list(case_language, tmp_path):
    """No proper-noun filter: in a case-sensitive game the word list decides."""
    words = tmp_path / "words.txt"
    words.write_text("Apple\napple\nNASA\niPad\nco-op\n", encoding="utf-8")
    assert list(load_dictionary(words, case_language)) == ["Apple", "NASA", "apple", "iPad"]


def test_case_mode_board_letters_keep_their_case(case_language):
    board = parse_board("A p p/e l x", case_language)
    assert [cell.letters for cell in board.cells] == ["A", "p", "p", "e", "l", "x"]
    dictionary = Dictionary.from_words(["Apple", "apple"], case_language)
    found = {word for word, _, _ in find_words(board, dictionary, case_language)}
    assert found == {"Apple"}


def test_case_mode_solves_from_the_command_line(cli, tmp_path):
    (tmp_path / "cs.toml").write_text(CASE_TOML, encoding="utf-8")
    (tmp_path / "words.txt").write_text("Apple\napple\n", encoding="utf-8")
    result = cli("solve", "-l", "cs.toml", "-b", "a p p/e l A", "-d", "words.txt", "-q")
    assert result.code == 0, result.err
    # capitals are worth 2 here, small letters 1; five letters add 5
    assert [line.split()[:2] for line in result.out.splitlines()[:2]] == [["Apple", "11"], ["apple", "10"]]


def test_a_fold_language_refuses_letters_with_marks_but_native_keeps_them(tmp_path):
    text = CASE_TOML.replace('mode = "case"', 'mode = "fold"').replace(
        "".join(f"{ch} = {{ value = 1, frequency = 1 }}\n" for ch in string.ascii_lowercase), "")
    path = tmp_path / "f.toml"
    path.write_text(text.replace('code = "cs"', 'code = "f"') + '"Ñ" = { value = 8, frequency = 1 }\n',
                    encoding="utf-8")
    with pytest.raises(ElzzurError, match="letter 'Ñ' has a mark that mode 'fold' folds away"):
        get_language(str(path))
    native = tmp_path / "n.toml"
    native.write_text(path.read_text(encoding="utf-8").replace('mode = "fold"', 'mode = "native"')
                      .replace('code = "f"', 'code = "n"'), encoding="utf-8")
    assert get_language(str(native)).normalize("año") == "AÑO"


# --- the shipped dictionaries -------------------------------------------------------------

@pytest.mark.parametrize("code, present, absent", [
    ("es-native", "AÑO ANO NIÑOS NIÑO ESPAÑOL CIGUEÑA VERGUENZA", "NINOS ESPANOL CM"),
    ("de-native", "SCHÖN SCHON HÄUSER ÄRGER ÖL ÜBER STRASSE HAUS", "SCHOEN UBER KFZ AERGER"),  # HAUSER is a word too (Austrian: a housekeeper)
    ("pt-native", "CORAÇAO CAÇA CASA CABEÇA", "CORACAO CABECA KM"),
    ("tr", "İŞ ILIK IŞIK KİTAP KİTAPLAR EV EVLER GÜZEL ÇOCUK DAĞ AĞAÇ ŞEKER ÖĞRETMEN MI",
     "IS KITAP ISTANBUL İSTANBUL ANKARA"),
])
def test_the_shipped_variant_dictionaries_hold_the_expected_words(code, present, absent):
    dictionary = load_dictionary(None, get_language(code))
    assert [w for w in present.split() if w not in dictionary] == []
    assert [w for w in absent.split() if w in dictionary] == []


def test_the_native_variants_have_the_base_words_and_more():
    for variant, base, extra in [("es-native", "es", 1_000), ("de-native", "de", 2_500),
                                 ("pt-native", "pt", 300)]:
        assert len(load_dictionary(None, get_language(variant))) \
            > len(load_dictionary(None, get_language(base))) + extra


@pytest.mark.parametrize("code", ["es-native", "de-native", "pt-native", "tr"])
def test_each_new_language_has_a_demo_board(cli, code):
    language = get_language(code)
    result = cli("demo", "-l", code, "--top", "3")
    assert result.code == 0 and result.err == ""
    board = parse_board(result.out.split("\n\n")[0], language)
    if code != "tr":  # the variants' boards show a native letter (Turkish's has a dotless I)
        assert {cell.letters for cell in board.cells} - set(string.ascii_uppercase)
    assert "Number of words:" in result.out


def test_every_language_is_listed_by_the_languages_command(cli):
    out = cli("languages").out
    assert [line.split()[0] for line in out.splitlines()[1:]] == available()
