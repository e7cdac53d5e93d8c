"""The dictionary build's mechanisms (``tools/lexicon/``), each on tiny synthetic inputs.

``tests/test_lexicon.py`` checks the built dictionaries against hand-picked words; this file
checks how they are made, without fetching a package or rebuilding a real dictionary: the
selection (``lexicon.select``: evidence, filters, lists) on hand-made sources and recipes,
the recipes and their word lists (``lexicon.recipe``), the hunspell expansion
(``lexicon.hunspell``, cross-checked against spylls' own spell checker on the same files, on
hand-made and random affix files), the commonness bands (``lexicon.frequency``), the licence
files (``lexicon.licences``) and the source readers (``lexicon.sources``). wordfreq is replaced
by a small table (the ``wordfreq`` fixture), so no test depends on its data.
"""

from __future__ import annotations

import gzip
import importlib.util
import itertools
import json
import math
import sys
import tempfile
import textwrap
import types
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, note, settings, strategies as st
from spylls.hunspell import Dictionary as Spylls

from elzzur.lexicon.languages import get_language

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tools"))
from lexicon import frequency, hunspell as hs, licences, recipe as recipes, sources as readers  # noqa: E402
from lexicon.hunspell import Paradigm  # noqa: E402
from lexicon.recipe import Recipe, WordList, read_word_list  # noqa: E402
from lexicon.select import Selection, fold, is_roman, select  # noqa: E402
from lexicon.sources import SourceWords  # noqa: E402

sys.path.remove(str(REPO / "tools"))


# --------------------------------------------------------------------------------------------
# Helpers: recipes, sources and wordfreq made by hand
# --------------------------------------------------------------------------------------------

def spec(id: str, use: str = "words", **more) -> dict:
    """A recipe's source entry (package and file are never read here)."""
    return {"id": id, "package": f"debian:{id}", "kind": "lines", "file": id, "use": use, **more}


def recipe_of(*specs: dict, code: str = "en", exclude: WordList | None = None,
              include: WordList | None = None, **select_settings) -> Recipe:
    return Recipe(code, code, "test", list(specs), select_settings, exclude or WordList(),
                  include or WordList())


def words(id: str, *forms: str) -> SourceWords:
    return SourceWords(id, set(forms))


def entry(stem: str, *forms: str, flags: str = "A", secondary=(), **more) -> Paradigm:
    """A hunspell entry; its stem is one of its forms only if listed."""
    return Paradigm(stem, frozenset(flags), {}, sorted(forms), sorted(secondary), **more)


def hunspell_words(id: str, *entries: Paradigm) -> SourceWords:
    """A hunspell source as ``sources.read_hunspell`` gives it: every entry's (primary) forms."""
    return SourceWords(id, {f for e in entries for f in e.forms}, list(entries))


def word_list(tmp_path: Path, text: str, name: str = "list") -> WordList:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return read_word_list(path)


def choose(recipe: Recipe, *sources: SourceWords) -> Selection:
    assert [s["id"] for s in recipe.sources] == [s.id for s in sources]
    return select(recipe, get_language(recipe.code), list(sources))


@pytest.fixture
def wordfreq(monkeypatch) -> dict[str, dict[str, float]]:
    """A stand-in for the wordfreq package: fill ``tables[lang][word] = zipf``."""
    tables: dict[str, dict[str, float]] = {}
    module = types.ModuleType("wordfreq")
    module.available_languages = lambda wordlist="best": sorted(tables)
    module.get_frequency_dict = lambda lang, wordlist="best": {
        word: 10 ** (zipf - 9) for word, zipf in tables.get(lang, {}).items()}
    monkeypatch.setitem(sys.modules, "wordfreq", module)
    return tables


# --------------------------------------------------------------------------------------------
# select: the evidence
# --------------------------------------------------------------------------------------------

def test_fold_compares_spellings_without_case_accents_or_sharp_s():
    assert fold("café") == fold("CAFE") == "CAFE"
    assert fold("Straße") == fold("STRASSE") == "STRASSE"
    assert fold("Œuvre") == "OEUVRE" and fold("Łódź") == "LODZ" and fold("ıi") == "II"


def test_a_second_source_confirms_a_form_spelt_with_other_case_or_accents():
    recipe = recipe_of(spec("a"), spec("b", "evidence"), code="de", unconfirmed="drop")
    out = choose(recipe, words("a", "café", "Straße", "Haus", "allein"),
                 words("b", "CAFE", "strasse", "haus", "extra"))
    assert out.keys == {"CAFE", "STRASSE", "HAUS"}  # evidence's own EXTRA is no candidate
    assert out.raws["CAFE"] == ["café"] and out.raws["STRASSE"] == ["Straße"]
    assert out.how == {"in two sources": 3}
    assert out.dropped == {"unconfirmed (one source only)": 1}
    assert out.examples["unconfirmed (one source only)"] == ["allein"]


def test_a_source_counts_once_and_names_vocabulary_foreign_lists_confirm_nothing():
    recipe = recipe_of(spec("a"), spec("n", "names"), spec("v", "vocabulary"),
                       spec("f", "foreign", wordfreq="en"), code="de", unconfirmed="drop")
    out = choose(recipe, words("a", "haus", "Haus", "wort"), words("n", "Wort", "haus"),
                 words("v", "wort", "haus"), words("f", "wort", "haus"))
    assert out.keys == set()
    assert out.dropped == {"unconfirmed (one source only)": 3}


def test_paradigms_let_one_confirmed_form_vouch_for_its_entry():
    sources = (hunspell_words("h", entry("gato", "gato", "gatos"), entry("perro", "perro", "perros")),
               words("e", "gatos"))
    plain = choose(recipe_of(spec("h"), spec("e", "evidence"), code="es", unconfirmed="drop"), *sources)
    assert plain.keys == {"GATOS"}
    out = choose(recipe_of(spec("h"), spec("e", "evidence"), code="es", unconfirmed="drop",
                           paradigms=True), *sources)
    assert out.keys == {"GATO", "GATOS"}
    assert out.how == {"in two sources": 1, "paradigm confirmed": 1}
    assert sorted(out.examples["unconfirmed (one source only)"]) == ["perro", "perros"]


def test_frequency_is_evidence_and_vouches_for_a_paradigm(wordfreq):
    wordfreq["es"] = {"perro": 3.5, "raro": 2.0, "kilómetro": 3.1, "e-mail": 6.0, "email": 2.9}
    recipe = recipe_of(spec("h"), spec("e", "evidence"), code="es", unconfirmed="drop",
                       paradigms=True, frequency={"zipf": 3.0})
    out = choose(recipe, hunspell_words("h", entry("perro", "perro", "perros"), entry("raro", "raro", "raros"),
                                        entry("kilometro", "kilometro"), entry("mail", "email")),
                 words("e"))
    # KILÓMETRO is written often enough (folded alike); E-MAIL is no word of letters
    assert out.keys == {"PERRO", "PERROS", "KILOMETRO"}
    assert out.how == {"frequent in running text (wordfreq)": 2, "paradigm confirmed": 1}


@pytest.mark.parametrize("setting", [{"zipf": "3"}, {"zipf": 3, "list": "large"}, {"min": 3}])
def test_frequency_takes_a_zipf_number_only(wordfreq, setting):
    with pytest.raises(SystemExit, match="frequency takes zipf only"):
        choose(recipe_of(spec("a"), frequency=setting), words("a", "word"))


def test_compounds_split_into_known_words_with_linkers_and_recursively():
    known = ("haus", "tür", "bild", "kreuzigung", "arbeit", "zimmer")
    recipe = recipe_of(spec("w"), spec("t", trusted=True), code="de", unconfirmed="drop",
                       compounds={"heads_min": 4, "modifiers_min": 3, "linkers": ["S", "ES"]})
    out = choose(recipe, words("w", *known, "Kreuzigungsbild", "Haustürbild", "Arbeitszimmer",
                               "Lenin", "Kreuzigungenbild", "Haustür", "Tührbild", "Haus"),
                 words("t", *known))
    assert out.keys == {fold(w) for w in known} | {"KREUZIGUNGSBILD", "HAUSTURBILD", "ARBEITSZIMMER"}
    assert out.how["compound of known words"] == 3
    # LENIN does not split; EN is no linker here; a head of 3 letters (TÜR) is too short;
    # TÜHR is no word
    assert sorted(out.examples["unconfirmed (one source only)"]) == [
        "Haustür", "Kreuzigungenbild", "Lenin", "Tührbild"]


def test_compounds_need_modifiers_of_the_recipes_length():
    recipe = recipe_of(spec("w"), spec("e", "evidence"), code="de", unconfirmed="drop",
                       compounds={"heads_min": 3, "modifiers_min": 4})
    out = choose(recipe, words("w", "Ohrring", "Ohrenring"), words("e", "ohr", "ohren", "ring"))
    assert out.keys == {"OHRENRING"}  # OHR is shorter than modifiers_min


def test_trusted_lists_need_no_second_opinion():
    recipe = recipe_of(spec("w"), spec("t", trusted=True), code="de", unconfirmed="drop")
    out = choose(recipe, words("w", "Haus", "Lenin"), words("t", "Haus", "kenn"))
    assert out.keys == {"HAUS", "KENN"}
    assert out.how == {"in two sources": 1, "a word-game list": 1}


def test_words_shorter_than_the_evidence_lists_hold_stand_alone():
    # Tanglet plays words of 3 letters or more: it cannot confirm AB, which stands alone
    game = spec("t", trusted=True, min_length=3)
    out = choose(recipe_of(spec("w"), game, code="de", unconfirmed="drop"),
                 words("w", "ab", "abc"), words("t", "kenn"))
    assert out.keys == {"AB", "KENN"}
    assert out.how["shorter than 3 letters (no second list has such words)"] == 1
    assert out.examples["unconfirmed (one source only)"] == ["abc"]
    # the longest min_length of the evidence and trusted lists counts
    out = choose(recipe_of(spec("w"), game, spec("e", "evidence", min_length=4), code="de",
                           unconfirmed="drop"), words("w", "ab", "abc", "abcd"), words("t"), words("e"))
    assert out.keys == {"AB", "ABC"}
    # a plain word source's min_length says nothing about the others
    out = choose(recipe_of(spec("w"), spec("v", min_length=3), code="de", unconfirmed="drop"),
                 words("w", "ab"), words("v", "kenn"))
    assert out.keys == set()


def test_unconfirmed_forms_are_kept_or_dropped_as_the_recipe_says():
    sources = words("a", "one", "both"), words("b", "both")
    kept = choose(recipe_of(spec("a"), spec("b", "evidence"), unconfirmed="keep"), *sources)
    assert kept.keys == {"ONE", "BOTH"} and kept.how == {"in two sources": 1, "one source": 1}
    default = choose(recipe_of(spec("a"), spec("b", "evidence")), *sources)
    assert default.keys == kept.keys
    dropped = choose(recipe_of(spec("a"), spec("b", "evidence"), unconfirmed="drop"), *sources)
    assert dropped.keys == {"BOTH"}


# --------------------------------------------------------------------------------------------
# select: secondary forms, lone stems
# --------------------------------------------------------------------------------------------

def italian_sources(*more: SourceWords) -> tuple[SourceWords, ...]:
    verb = entry("generare", "generare", "generando", secondary=["generale", "generarlo"])
    return (hunspell_words("h", verb, entry("parlare", "parlare", secondary=["parlarmi"])),
            words("morph", "generale"), words("wit", "generarlo"), *more)


def italian_recipe(**select_settings) -> Recipe:
    return recipe_of(spec("h"), spec("morph", "evidence"), spec("wit", "evidence"), code="it",
                     **{"unconfirmed": "keep", **select_settings})


def test_secondary_forms_are_kept_only_where_another_source_confirms_them():
    out = choose(italian_recipe(), *italian_sources())
    assert out.keys == {"GENERARE", "GENERANDO", "PARLARE", "GENERALE", "GENERARLO"}
    assert out.how["secondary form confirmed"] == 2
    # unconfirmed = "keep" keeps unconfirmed forms, never unconfirmed secondary ones
    assert out.examples["secondary form, unconfirmed"] == ["parlarmi"]


def test_secondary_evidence_names_the_sources_that_confirm_secondary_forms():
    out = choose(italian_recipe(secondary_evidence=["morph"]), *italian_sources())
    assert "GENERALE" in out.keys and "GENERARLO" not in out.keys
    assert sorted(out.examples["secondary form, unconfirmed"]) == ["generarlo", "parlarmi"]
    with pytest.raises(SystemExit, match=r"secondary_evidence names no source \['morf'\]"):
        choose(italian_recipe(secondary_evidence=["morf"]), *italian_sources())


def test_a_secondary_form_another_entry_makes_is_primary():
    source = hunspell_words("h", entry("ospitare", "ospitare", secondary=["ospitale"]),
                            entry("ospitale", "ospitale", "ospitali"))
    out = choose(recipe_of(spec("h"), code="it", unconfirmed="keep"), source)
    assert out.keys == {"OSPITARE", "OSPITALE", "OSPITALI"} and out.dropped == {}


@pytest.mark.parametrize("named", [["morph"], None])
def test_an_entry_whose_stem_is_a_secondary_form_needs_its_stem_confirmed(named):
    """``secondary_stems``: DIVERTIRSI is divertire + -si, and an entry of its own; its forms
    count only where a source (one of ``secondary_evidence``, where the recipe names them)
    confirms the stem. The entry's own forms are no confirmation."""
    def run(*evidence: str):
        source = hunspell_words("h", entry("divertire", "divertire", secondary=["divertirsi"]),
                                entry("divertirsi", "divertirsi", "divertirsene", stem_secondary=True))
        settings = {} if named is None else {"secondary_evidence": named}
        return choose(recipe_of(spec("h"), spec("morph", "evidence"), code="it", unconfirmed="keep",
                                **settings), source, words("morph", *evidence))

    alone = run()
    assert alone.keys == {"DIVERTIRE"}
    assert sorted(alone.examples["secondary form, unconfirmed"]) == ["divertirsene", "divertirsi"]
    confirmed = run("divertirsi")
    assert confirmed.keys == {"DIVERTIRE", "DIVERTIRSI", "DIVERTIRSENE"}
    assert confirmed.how == {"one source": 2, "in two sources": 1}


def lone_sources() -> tuple[SourceWords, ...]:
    return (hunspell_words("h", entry("soap", "soap", flags=""), entry("ecco", "ecco", flags=""),
                           entry("casa", "casa", "case"), entry("case", "case", flags=""),
                           entry("etio", "etio", flags="T", elisions_only=True)),
            words("e", "ecco"))


def test_unconfirmed_lone_stems_can_be_dropped_while_other_forms_stay():
    out = choose(recipe_of(spec("h"), spec("e", "evidence"), code="it", unconfirmed="keep",
                           unconfirmed_lone="drop"), *lone_sources())
    # CASE is also a form of CASA/A: not a lone stem; ETIO's class only elides, but that
    # makes it a lone stem only with lone_elisions
    assert out.keys == {"ECCO", "CASA", "CASE", "ETIO"}
    assert out.examples["lone stem (no affix class), unconfirmed"] == ["soap"]
    out = choose(recipe_of(spec("h"), spec("e", "evidence"), code="it", unconfirmed="keep",
                           unconfirmed_lone="drop", lone_elisions=True), *lone_sources())
    assert out.keys == {"ECCO", "CASA", "CASE"}
    assert sorted(out.examples["lone stem (no affix class), unconfirmed"]) == ["etio", "soap"]


def test_unconfirmed_lone_stems_can_be_kept_while_other_forms_go():
    out = choose(recipe_of(spec("h"), spec("e", "evidence"), code="it", unconfirmed="drop",
                           unconfirmed_lone="keep"), *lone_sources())
    assert out.keys == {"SOAP", "ECCO"}
    assert out.how == {"in two sources": 1, "one source (lone stem)": 1}
    with pytest.raises(SystemExit, match="unconfirmed_lone must be 'keep' or 'drop'"):
        choose(recipe_of(spec("h"), spec("e", "evidence"), code="it", unconfirmed_lone="maybe"),
               *lone_sources())


def test_forms_of_entries_refused_by_drop_tags_are_counted():
    source = hunspell_words("h", entry("paris", "parisien"))
    source.tagged = {"po:npr": {"paris", "parisien"}}
    out = choose(recipe_of(spec("h"), code="fr"), source)
    assert out.keys == {"PARISIEN"}  # another entry makes it
    assert out.examples["tagged po:npr"] == ["paris"]


# --------------------------------------------------------------------------------------------
# select: filters and lists
# --------------------------------------------------------------------------------------------

def test_vowelless_keys_and_roman_numerals_are_dropped_unless_listed():
    out = choose(recipe_of(spec("a"), vowelless=["hm", "CWM"], roman=["mix", "MI"]),
                 words("a", "hm", "kb", "cwm", "nth", "xiv", "lxi", "mix", "mi", "did", "civic", "by"))
    assert out.keys == {"HM", "CWM", "MIX", "MI", "DID", "CIVIC", "BY"}
    assert sorted(out.examples["no vowel (abbreviation, unit)"]) == ["kb", "nth"]
    assert sorted(out.examples["Roman numeral"]) == ["lxi", "xiv"]


@pytest.mark.parametrize("key, roman", [("XIV", True), ("MCMXC", True), ("LX", True), ("CD", True),
                                        ("MIX", True), ("II", True), ("I", False), ("IIX", False),
                                        ("VV", False), ("DID", False), ("CIVIC", False), ("MMMMM", False)])
def test_is_roman_takes_well_formed_numerals_of_two_letters_or_more(key, roman):
    assert is_roman(key) is roman


def test_cleaning_drops_what_the_language_refuses():
    out = choose(recipe_of(spec("a")), words("a", "Paris", "x-ray", "a", "ok"))
    assert out.keys == {"OK"}
    assert out.dropped == {"cleaning (capitalised, not letters, too short)": 3}


def test_patterns_drop_raw_forms_ignoring_case():
    reason = "degrees of comparison of adjectives of peoples"
    out = choose(recipe_of(spec("a"), code="de", patterns=[{"pattern": "^türk.*ISCH(ERE|STE)$", "reason": reason}]),
                 words("a", "Türkischste", "türkischere", "türkisch", "rüstigere"))
    assert out.keys == {"TURKISCH", "RUSTIGERE"}
    assert sorted(out.examples[f"pattern: {reason}"]) == ["Türkischste", "türkischere"]


def test_the_exclusion_list_matches_raw_spellings_ignoring_case(tmp_path):
    exclude = word_list(tmp_path, """\
        # comments and blank lines are no words

        ## names
        LENIN
        ## abbreviations
        psia   # a comment after a word
        ## a homograph: TUR stays (Tur is a word)
        tür
        ## in no source: stale
        nimmer
        ## dropped before the list is read: stale too
        allein
        """)
    recipe = recipe_of(spec("a"), spec("b"), code="de", exclude=exclude, unconfirmed="drop")
    out = choose(recipe, words("a", "Lenin", "psia", "Tür", "Tur", "Haus", "allein"),
                 words("b", "lenin", "PSIA", "Tur", "haus"))
    assert out.keys == {"TUR", "HAUS"}
    assert out.raws["TUR"] == ["Tur"]
    assert out.dropped == {"excluded: names": 2, "excluded: abbreviations": 1,
                           "excluded: a homograph: TUR stays (Tur is a word)": 1,
                           "unconfirmed (one source only)": 1, "cleaning (capitalised, not letters, too short)": 1}
    assert out.examples["excluded: names"] == ["Lenin", "lenin"]
    assert out.stale == ["-nimmer", "-allein"]


def test_the_inclusion_list_adds_words_and_reports_those_already_there(tmp_path):
    include = word_list(tmp_path, """\
        ## everyday words the sources lack
        zen
        OK
        ## already there
        word
        """)
    out = choose(recipe_of(spec("a"), include=include), words("a", "word"))
    assert out.keys == {"WORD", "ZEN", "OK"}
    assert out.how == {"one source": 1, "included: everyday words the sources lack": 2}
    assert out.stale == ["+word"]
    # an inclusion the exclusion list refuses still wins: it is read last
    both = choose(recipe_of(spec("a"), include=include, exclude=WordList({"zen": "no"})), words("a", "zen"))
    assert both.keys == {"ZEN", "OK", "WORD"} and both.dropped == {"excluded: no": 1}
    assert both.stale == []


@pytest.mark.parametrize("bad", ["x-ray", "a1", "q"])
def test_a_bad_inclusion_is_an_error(tmp_path, bad):
    include = word_list(tmp_path, f"## oops\n{bad}\n")
    with pytest.raises(SystemExit, match=f"en.include: '{bad}' is not a word of en"):
        choose(recipe_of(spec("a"), include=include), words("a", "word"))


def test_samples_of_a_reason_are_the_same_on_every_build():
    out = choose(recipe_of(spec("a"), unconfirmed="drop"), words("a", *(f"w{c}ord" for c in "abcdefghijklmnop")))
    first = out.sample("unconfirmed (one source only)", 5)
    assert len(first) == 5 and first == sorted(first)
    assert set(first) <= set(out.examples["unconfirmed (one source only)"])
    assert first == out.sample("unconfirmed (one source only)", 5)
    assert out.sample("no such reason") == []


# --------------------------------------------------------------------------------------------
# select: foreign words, lemma_check
# --------------------------------------------------------------------------------------------

def foreign_run(wordfreq, **foreign):
    wordfreq["it"] = {"casa": 5.0, "soap": 1.0, "chef": 1.0, "out": 1.5}
    wordfreq["en"] = {"soap": 4.0, "chef": 4.0, "out": 6.0, "casa": 2.0}
    recipe = recipe_of(spec("h"), spec("wit", "evidence"), spec("en", "foreign", wordfreq="en"),
                       code="it", unconfirmed="keep", foreign=foreign)
    return choose(recipe, hunspell_words("h", entry("soap", "soap", flags=""), entry("chef", "chef", flags=""),
                                         entry("casa", "casa"), entry("out", "out")),
                  words("wit", "chef"), words("en", "soap", "chef", "out", "casa"))


def test_a_lone_stem_more_frequent_in_a_foreign_lists_language_is_foreign(wordfreq):
    out = foreign_run(wordfreq, margin=0.5, unless=["wit"], scope="lone")
    # CHEF: an Italian list has it; OUT: not a lone stem; CASA: more Italian than English
    assert out.keys == {"CHEF", "OUT", "CASA"}
    assert out.examples["foreign word (more frequent in en)"] == ["soap"]
    everywhere = foreign_run(wordfreq, margin=0.5, unless=["wit"])
    assert everywhere.keys == {"CHEF", "CASA"}
    assert foreign_run(wordfreq, margin=2.9, scope="lone").keys == {"CASA", "OUT"}
    assert foreign_run(wordfreq, margin=3.1, scope="lone").keys == {"CASA", "OUT", "SOAP", "CHEF"}


@pytest.mark.parametrize("foreign", [{"margin": 0.5, "scope": "some"}, {"margn": 0.5},
                                     {"margin": 0.5, "unless": ["nope"]}])
def test_foreign_settings_are_checked(wordfreq, foreign):
    with pytest.raises(SystemExit, match="foreign"):
        foreign_run(wordfreq, **foreign)


def test_foreign_needs_a_foreign_list(wordfreq):
    recipe = recipe_of(spec("h"), code="it", foreign={"margin": 0.5})
    with pytest.raises(SystemExit, match='needs a source with use = "foreign"'):
        choose(recipe, words("h", "soap"))


def lemma_sources(*more: Paradigm) -> tuple[SourceWords, ...]:
    verb = entry("mangiare", "mangiare", "mangio", "mangiamo", "mangiassimo", "rimangio")
    verbs = SourceWords("verbs", {"mangiare", "mangio"}, lemmas={"mangiare": {"mangiare", "mangio"}})
    return hunspell_words("h", verb, *more), verbs, words("wit", "mangiamo")


def lemma_recipe(check) -> Recipe:
    return recipe_of(spec("h"), spec("verbs", "evidence", kind="json-forms", lemmas=True),
                     spec("wit", "evidence"), code="it", unconfirmed="keep", lemma_check=check)


def test_lemma_check_refuses_forms_the_lemma_source_does_not_give():
    out = choose(lemma_recipe({"source": "verbs", "ending": 3}), *lemma_sources())
    # RIMANGIO has a prefix (it does not begin as MANGI-are): not this lemma's to judge
    assert out.keys == {"MANGIARE", "MANGIO", "RIMANGIO"}
    assert sorted(out.examples["not in verbs's forms of its lemma"]) == ["mangiamo", "mangiassimo"]
    out = choose(lemma_recipe({"source": "verbs", "ending": 3, "unless": ["wit"], "keep": "ssimo$"}),
                 *lemma_sources())
    assert out.keys == {"MANGIARE", "MANGIO", "RIMANGIO", "MANGIAMO", "MANGIASSIMO"}


def test_lemma_check_spares_a_form_another_entry_makes():
    out = choose(lemma_recipe({"source": "verbs", "ending": 3}),
                 *lemma_sources(entry("mangiamo", "mangiamo", flags="B")))
    assert "MANGIAMO" in out.keys and "MANGIASSIMO" not in out.keys


def test_lemma_checks_can_put_several_lemma_sources_together():
    nouns = SourceWords("nouns", {"vino", "vini"}, lemmas={"vino": {"vino", "vini"}})
    adjectives = SourceWords("adjs", {"vina"}, lemmas={"vino": {"vina"}})
    recipe = recipe_of(spec("h"), spec("nouns", "evidence", lemmas=True), spec("adjs", "evidence", lemmas=True),
                       code="it", unconfirmed="keep", lemma_check=[{"source": ["nouns", "adjs"], "ending": 1}])
    out = choose(recipe, hunspell_words("h", entry("vino", "vino", "vini", "vina", "vine")), nouns, adjectives)
    assert out.keys == {"VINO", "VINI", "VINA"}
    assert out.examples["not in nouns+adjs's forms of its lemma"] == ["vine"]


@pytest.mark.parametrize("check", [{"source": "wit"}, {"source": "nope"}, {"source": "verbs", "ending": 3, "end": 1},
                                   {"source": "verbs", "unless": ["nope"]}, {"ending": 3}])
def test_lemma_check_settings_are_checked(check):
    with pytest.raises(SystemExit, match="lemma_check takes source"):
        choose(lemma_recipe(check), *lemma_sources())


# --------------------------------------------------------------------------------------------
# recipe: loading and word lists
# --------------------------------------------------------------------------------------------

@pytest.fixture
def lexicon_folder(tmp_path, monkeypatch) -> Path:
    """An empty res/lexicon of this test's own."""
    monkeypatch.setattr(recipes, "LEXICON", tmp_path)
    return tmp_path


GOOD_SOURCE = '[[source]]\nid = "a"\npackage = "npm:a@1"\nkind = "lines"\nfile = "a.txt"\nuse = "words"\n'


def write_recipe(folder: Path, code: str, text: str) -> None:
    (folder / f"{code}.toml").write_text(text, encoding="utf-8")


def test_a_recipe_loads_with_its_lists(lexicon_folder):
    write_recipe(lexicon_folder, "xx", f'code = "xx"\nsummary = "test"\n{GOOD_SOURCE}\n'
                                       '[select]\nunconfirmed = "drop"\nparadigms = true\n')
    (lexicon_folder / "xx.exclude").write_text("## junk\nFoo\n", encoding="utf-8")
    (lexicon_folder / "xx.include").write_text("## words\nbar\n", encoding="utf-8")
    recipe = recipes.load("xx")
    assert (recipe.code, recipe.base, recipe.summary) == ("xx", "xx", "test")
    assert recipe.sources[0]["id"] == "a" and recipe.select == {"unconfirmed": "drop", "paradigms": True}
    assert recipe.exclude.reasons == {"foo": "junk"} and "FOO".casefold() in recipe.exclude
    assert recipe.include.reasons == {"bar": "words"}
    assert recipes.available() == ["xx"]


@pytest.mark.parametrize("text, message", [
    ('colour = "red"\n', r"unknown keys \['colour'\]"),
    (GOOD_SOURCE + 'size = 3\n', r"bad source 'a' \(unknown keys \['size'\]"),
    (GOOD_SOURCE.replace('"lines"', '"csv"'), "bad source 'a'"),
    (GOOD_SOURCE.replace('"words"', '"maybe"'), "bad source 'a'"),
    (GOOD_SOURCE.replace('id = "a"\n', ''), "bad source None"),
    (GOOD_SOURCE + GOOD_SOURCE, "two sources named 'a'"),
    (GOOD_SOURCE + '[select]\nunconfirmed = "keep"\nparadigm = true\n', r"unknown \[select\] keys \['paradigm'\]"),
    (GOOD_SOURCE + '[select]\nunconfirmed = "yes"\n', "select.unconfirmed must be 'keep' or 'drop'"),
])
def test_a_recipe_with_a_mistake_is_an_error(lexicon_folder, text, message):
    write_recipe(lexicon_folder, "xx", text)
    with pytest.raises(SystemExit, match=message):
        recipes.load("xx")


def test_a_missing_recipe_is_an_error(lexicon_folder):
    with pytest.raises(SystemExit, match="no recipe for 'zz'"):
        recipes.load("zz")


def test_a_variant_shares_its_bases_sources_settings_and_lists(lexicon_folder):
    write_recipe(lexicon_folder, "xx", f'summary = "base"\n{GOOD_SOURCE}[select]\nunconfirmed = "drop"\n')
    (lexicon_folder / "xx.exclude").write_text("## junk\nfoo\n", encoding="utf-8")
    (lexicon_folder / "xx.include").write_text("## words\nbar\n", encoding="utf-8")
    write_recipe(lexicon_folder, "xx-native", 'code = "xx-native"\nsame_as = "xx"\n')
    base, variant = recipes.load("xx"), recipes.load("xx-native")
    assert (variant.code, variant.base, variant.summary) == ("xx-native", "xx", "base")
    assert (variant.sources, variant.select) == (base.sources, base.select)
    assert (variant.exclude, variant.include) == (base.exclude, base.include)
    write_recipe(lexicon_folder, "xx-native", 'same_as = "xx"\nsummary = "own"\n')
    assert recipes.load("xx-native").summary == "own"


def test_a_variant_cannot_have_sources_or_settings_of_its_own(lexicon_folder):
    """They would be ignored silently: the variant has its base's."""
    write_recipe(lexicon_folder, "xx", GOOD_SOURCE)
    write_recipe(lexicon_folder, "xx-native", 'same_as = "xx"\n[select]\nunconfirmed = "drop"\n')
    with pytest.raises(SystemExit, match=r"xx-native.toml: a variant \(same_as\) has its base's"):
        recipes.load("xx-native")


def test_the_generated_exclusions_merge_into_the_hand_made_ones(lexicon_folder):
    write_recipe(lexicon_folder, "xx", GOOD_SOURCE)
    (lexicon_folder / "xx.exclude").write_text("## judged by eye\nfoo\n", encoding="utf-8")
    (lexicon_folder / "xx.exclude-generated.gz").write_bytes(
        gzip.compress("# written by a tool\n## no reading\nfoo\nBAR\n## copula\nbaz\n".encode()))
    assert recipes.load("xx").exclude.reasons == {"foo": "judged by eye", "bar": "no reading", "baz": "copula"}


def test_a_word_list_entry_needs_a_reason_and_one_word_a_line(tmp_path):
    with pytest.raises(SystemExit, match=r"list:3: 'foo' has no reason \(put a '## reason' line above it\)"):
        word_list(tmp_path, "# a comment\n\nfoo\n## late\nbar\n")
    with pytest.raises(SystemExit, match="list:2: one word per line, not 'foo bar'"):
        word_list(tmp_path, "## why\nfoo bar\n")
    assert read_word_list(tmp_path / "missing").reasons == {}


def test_every_shipped_recipe_loads():
    codes = recipes.available()
    assert "en" in codes
    for code in codes:
        recipe = recipes.load(code)
        assert recipe.code == code and recipe.sources
        assert recipes.load(recipe.base).sources == recipe.sources


# --------------------------------------------------------------------------------------------
# hunspell: the expansion, checked against spylls' spell checker
# --------------------------------------------------------------------------------------------

def hunspell_files(folder: Path, aff: str, dic: list[str], name: str = "t") -> Path:
    base = folder / name
    Path(f"{base}.aff").write_text("SET UTF-8\n" + textwrap.dedent(aff), encoding="utf-8")
    Path(f"{base}.dic").write_text(f"{len(dic)}\n" + "".join(line + "\n" for line in dic), encoding="utf-8")
    return base


def expand(base: Path, **options) -> dict[str, Paradigm]:
    """The entries by stem (the stems here are distinct but where a test says otherwise)."""
    aff, dic = hs.load(base)
    return {entry.stem: entry for entry in hs.paradigms(aff, dic, **options)}


def candidates(aff, dic, letters: str, longest: int) -> set[str]:
    """Every string of ``letters`` up to ``longest`` long, and every string made from a stem by
    up to two suffixes and a prefix of the file, flags and conditions ignored: a superset of
    what hunspell accepts (without compounds or COMPLEXPREFIXES)."""
    out = {"".join(p) for n in range(1, longest + 1) for p in itertools.product(letters, repeat=n)}
    sfx = [a for table in aff.SFX.values() for a in table]
    pfx = [a for table in aff.PFX.values() for a in table]

    def suffixed(a, word):
        return word[:len(word) - len(a.strip)] + a.add if word.endswith(a.strip) else None

    def prefixed(a, word):
        return a.add + word[len(a.strip):] if word.startswith(a.strip) else None

    for word in dic.words:
        made = {word.stem} | {w for p in pfx if (w := prefixed(p, word.stem)) is not None}
        for form in list(made):
            for s1 in sfx:
                if (w1 := suffixed(s1, form)) is not None:
                    made.add(w1)
                    made.update(w2 for s2 in sfx if (w2 := suffixed(s2, w1)) is not None)
        made |= {w for p in pfx for form in list(made) if (w := prefixed(p, form)) is not None}
        out |= made
    return out


def spylls_accepts(speller: Spylls, word: str) -> bool:
    """spylls' verdict, but with forbidden stems judged analysis by analysis: spylls refuses a
    word outright once any of its analyses meets a stem with a forbidden homonym (BCB = B + ACB
    is refused when BCC/Z exists, for BCC + a suffix the entry does not even have), and lets a
    forbidden entry vouch for its own spelling where its homonyms make no bare form (AA/Z beside
    AA/W). Here an analysis counts unless it affixes a stem with a forbidden homonym or is a
    forbidden entry itself."""
    forbid = speller.aff.FORBIDDENWORD
    if not forbid:
        return speller.lookup(word)
    if speller.dic.has_flag(word, forbid, for_all=True):
        return False
    captype = speller.aff.casing.guess(word)
    for form in speller.lookuper.affix_forms(word, captype=captype, with_forbidden=True):
        if form.is_base() and forbid in form.in_dictionary.flags:
            continue
        if form.has_affixes() and any(forbid in h.flags for h in speller.dic.homonyms(form.stem)):
            continue
        return True
    return False


def check_against_spylls(base: Path, letters: str = "", longest: int = 3) -> set[str]:
    """Every form the expansion makes is a word to spylls, and every word spylls accepts
    among the candidates is made; returns the forms."""
    aff, dic = hs.load(base)
    made = {f for entry in hs.paradigms(aff, dic) for f in entry.forms}
    speller = Spylls.from_files(str(base))
    letters = letters or "".join(sorted({c for w in dic.words for c in w.stem}))
    accepted = {w for w in candidates(aff, dic, letters, longest) if spylls_accepts(speller, w)}
    assert sorted(made - accepted) == [] and sorted(accepted - made) == []
    return made


def test_suffixes_prefixes_and_cross_products(tmp_path):
    base = hunspell_files(tmp_path, """\
        PFX P Y 1
        PFX P 0 re .
        PFX U N 1
        PFX U 0 un .
        SFX S Y 2
        SFX S y ies [^aeiou]y
        SFX S 0 s [^y]
        SFX D N 1
        SFX D 0 ed [^y]
        """, ["fly/SP", "talk/SDPU", "day/S"])
    entries = expand(base)
    assert entries["fly"].forms == ["flies", "fly", "reflies", "refly"]
    # U and D make no cross products: no UNTALKS, RETALKED
    assert entries["talk"].forms == ["retalk", "retalks", "talk", "talked", "talks", "untalk"]
    assert entries["day"].forms == ["day"]  # the conditions refuse DAIES and DAYS
    assert entries["talk"].flags == frozenset("SDPU") and entries["talk"].tags() == {
        "flag:S", "flag:D", "flag:P", "flag:U"}
    check_against_spylls(base)


def test_continuation_flags_of_suffixes_and_prefixes(tmp_path):
    base = hunspell_files(tmp_path, """\
        SFX A Y 1
        SFX A 0 er/B .
        SFX B Y 1
        SFX B 0 s .
        PFX C Y 1
        PFX C 0 be/A .
        SFX E Y 1
        SFX E 0 ung/F .
        PFX F Y 1
        PFX F 0 ver .
        """, ["geh/A", "lauf/C", "rett/E"])
    entries = expand(base)
    assert entries["geh"].forms == ["geh", "geher", "gehers"]  # two suffixes
    # suffixes only the prefix allows; a prefix only the suffix allows
    assert entries["lauf"].forms == ["belauf", "belaufer", "belaufers", "lauf"]
    assert entries["rett"].forms == ["rett", "rettung", "verrettung"]
    check_against_spylls(base)


def test_needaffix_on_a_stem_and_on_an_affix(tmp_path):
    base = hunspell_files(tmp_path, """\
        NEEDAFFIX X
        SFX A Y 2
        SFX A 0 ing .
        SFX A 0 ig/XB .
        SFX B Y 1
        SFX B 0 s .
        """, ["walk/XA", "talk/A"])
    entries = expand(base)
    assert entries["walk"].forms == ["walkigs", "walking"]
    assert entries["talk"].forms == ["talk", "talkigs", "talking"]
    check_against_spylls(base)


def test_forbidden_words_and_the_stems_of_forbidden_homonyms_make_nothing(tmp_path):
    base = hunspell_files(tmp_path, """\
        FORBIDDENWORD Z
        SFX S Y 1
        SFX S 0 s .
        """, ["foo/S", "foos/Z", "bar/S", "bar/Z", "baz/S"])
    aff, dic = hs.load(base)
    entries = hs.paradigms(aff, dic)
    assert [(e.stem, e.forms) for e in entries] == [
        ("foo", ["foo"]), ("foos", []), ("bar", ["bar"]), ("bar", []), ("baz", ["baz", "bazs"])]
    check_against_spylls(base)


def test_onlyincompound_on_a_stem_or_an_affix_makes_no_form(tmp_path):
    base = hunspell_files(tmp_path, """\
        ONLYINCOMPOUND W
        SFX L Y 1
        SFX L 0 s/W .
        PFX P Y 1
        PFX P 0 ge/W .
        SFX S Y 1
        SFX S 0 s .
        """, ["link/WS", "arbeit/LP", "hund/S"])
    entries = expand(base)
    assert entries["link"].forms == [] and entries["arbeit"].forms == ["arbeit"]
    assert entries["hund"].forms == ["hund", "hunds"]
    check_against_spylls(base)


def test_onlyincompound_on_an_outer_suffix_makes_no_form(tmp_path):
    """Stricter than hunspell, which checks an affix's ONLYINCOMPOUND on the inner suffix of
    two only (spylls accepts HUNDSE): a linking element is no end of a word."""
    base = hunspell_files(tmp_path, """\
        ONLYINCOMPOUND W
        SFX S Y 1
        SFX S 0 s/T .
        SFX T Y 1
        SFX T 0 e/W .
        """, ["hund/S"])
    assert expand(base)["hund"].forms == ["hund", "hunds"]


def test_circumfixes_go_in_pairs(tmp_path):
    base = hunspell_files(tmp_path, """\
        CIRCUMFIX Y
        PFX G Y 1
        PFX G 0 ge/Y .
        SFX T Y 2
        SFX T 0 t/Y .
        SFX T 0 en .
        """, ["mach/GT"])
    assert expand(base)["mach"].forms == ["gemacht", "mach", "machen"]
    check_against_spylls(base)


def test_an_affix_strips_a_whole_stem_only_with_fullstrip(tmp_path):
    """(spylls does not implement FULLSTRIP: it takes X either way.)"""
    rules = "SFX A Y 1\nSFX A ab x ab\n"
    assert expand(hunspell_files(tmp_path, rules, ["ab/A"]))["ab"].forms == ["ab"]
    assert expand(hunspell_files(tmp_path, "FULLSTRIP\n" + rules, ["ab/A"]))["ab"].forms == ["ab", "x"]


def test_skipped_classes_and_elisions_make_no_forms(tmp_path):
    base = hunspell_files(tmp_path, """\
        SFX A Y 1
        SFX A 0 s .
        SFX N Y 1
        SFX N 0 teen .
        PFX E Y 2
        PFX E 0 l' .
        PFX E 0 all- .
        """, ["four/AN", "amico/E", "ora/AE", "uno"])
    entries = expand(base, skip_flags=frozenset("N"))
    assert entries["four"].forms == ["four", "fours"]
    assert entries["ora"].forms == ["ora", "oras"]
    assert [stem for stem, e in entries.items() if e.elisions_only] == ["amico"]
    assert expand(base)["four"].forms == ["four", "fours", "fourteen"]


def test_refused_affixes_make_secondary_forms(tmp_path):
    base = hunspell_files(tmp_path, """\
        SFX A Y 3
        SFX A re ndo re
        SFX A re rlo re
        SFX A re ndolo re
        SFX K Y 2
        SFX K re le re
        SFX K re ndo re
        """, ["generare/AK", "generale", "parlare/A"])
    entries = expand(base, secondary_flags=frozenset("K"), affix_filter=lambda aff: lambda a: "l" not in a.add,
                     secondary_stems=True)
    # GENERANDO is made by K, but by A too: primary
    assert entries["generare"].forms == ["generando", "generare"]
    assert entries["generare"].secondary == ["generale", "generandolo", "generarlo"]
    assert entries["parlare"].secondary == ["parlandolo", "parlarlo"]
    assert entries["generale"].stem_secondary and not entries["generare"].stem_secondary
    # where K is no secondary class, GENERALE is a primary form of GENERARE: not a secondary stem
    assert not expand(base, affix_filter=lambda aff: lambda a: a.add != "rlo",
                      secondary_stems=True)["generale"].stem_secondary
    # skip_affixes leaves an affix out altogether
    assert expand(base, skip_affixes=lambda aff: lambda a: a.add != "ndo")["parlare"].forms == [
        "parlandolo", "parlare", "parlarlo"]


def test_italian_enclitics_are_refused(tmp_path):
    base = hunspell_files(tmp_path, """\
        SFX V Y 5
        SFX V re ndo re
        SFX V re ndolo re
        SFX V re ndocelo re
        SFX V re vi re
        SFX V re ti re
        SFX W Y 2
        SFX W 0 mi .
        SFX W 0 lo .
        """, ["amare/VW"])
    aff, _ = hs.load(base)
    keep = hs.italian_enclitic_filter(aff)
    kept = {(a.flag, a.add) for table in aff.SFX.values() for a in table if keep(a)}
    # -vi and -ti on an infinitive are the imperfect and the participle, not pronouns
    assert kept == {("V", "ndo"), ("V", "vi"), ("V", "ti")}


def test_portuguese_first_persons_cut_short_are_refused(tmp_path):
    base = hunspell_files(tmp_path, """\
        SFX P Y 5
        SFX P ar amos ar
        SFX P ar amo ar
        SFX P ar aremo ar
        SFX P ar íssimo ar
        SFX P ar íssimos ar
        """, ["falar/P"])
    aff, _ = hs.load(base)
    keep = hs.portuguese_clitic_stem_filter(aff)
    assert sorted(a.add for a in aff.SFX["P"] if keep(a)) == ["amos", "aremo", "íssimo", "íssimos"]


def test_morphological_fields_become_tags(tmp_path):
    base = hunspell_files(tmp_path, "SFX S Y 1\nSFX S 0 s .\n", ["chat/S po:nom is:mas", "paris po:npr"])
    entries = expand(base)
    assert entries["chat"].data == {"po": ["nom"], "is": ["mas"]}
    assert entries["chat"].tags() == {"po:nom", "is:mas", "flag:S"}
    assert entries["paris"].tags() == {"po:npr"}


# Random affix files: what the expansion makes and what spylls accepts are the same words.
# Left out, where the two differ by design or spylls is lax: strips of a whole word (spylls
# has no FULLSTRIP), continuation flags that vouch for themselves in a circle (PFX B 0 0/A
# with SFX A 0 a/B: spylls takes B + stem + A on any stem), ONLYINCOMPOUND on suffixes
# (refused on an outer suffix too: test_onlyincompound_on_an_outer_suffix_makes_no_form).
LETTERS = "abc"
SPECIAL = {"NEEDAFFIX": "X", "CIRCUMFIX": "Y", "FORBIDDENWORD": "Z", "ONLYINCOMPOUND": "W"}


@st.composite
def affix_files(draw) -> tuple[str, list[str]]:
    declared = [name for name in SPECIAL if draw(st.booleans())]
    specials = [SPECIAL[name] for name in declared]
    lines = [f"{name} {SPECIAL[name]}" for name in declared]
    classes = draw(st.lists(st.sampled_from("ABCD"), min_size=1, max_size=4, unique=True))
    for number, flag in enumerate(classes):
        kind = draw(st.sampled_from(["SFX", "PFX"]))
        allowed = classes[number + 1:] + [f for f in specials if kind == "PFX" or f != "W"]
        rules = []
        for _ in range(draw(st.integers(1, 3))):
            add = draw(st.text(LETTERS, max_size=2))
            strip = draw(st.sampled_from(["", *LETTERS])) if add else ""  # words stay 2+ long
            condition = draw(st.sampled_from([".", "a", "b", "[^a]", "[ab]"]))
            if strip and condition != ".":
                condition = strip + condition if kind == "PFX" else condition + strip
            cont = "".join(draw(st.lists(st.sampled_from(allowed), max_size=2, unique=True))) if allowed else ""
            rules.append(f"{kind} {flag} {strip or 0} {add or 0}{'/' + cont if cont else ''} {condition}")
        lines += [f"{kind} {flag} {draw(st.sampled_from('YN'))} {len(rules)}", *rules]
    stems = draw(st.lists(st.tuples(st.text(LETTERS, min_size=2, max_size=3),
                                    st.lists(st.sampled_from(classes + specials), max_size=3, unique=True)),
                          min_size=1, max_size=3))
    return "\n".join(lines) + "\n", [stem + ("/" + "".join(flags) if flags else "") for stem, flags in stems]


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(affix_files())
def test_random_affix_files_expand_to_what_spylls_accepts(files):
    aff, dic = files
    note(aff + "\n".join(dic))
    with tempfile.TemporaryDirectory() as folder:
        check_against_spylls(hunspell_files(Path(folder), aff, dic), LETTERS, longest=5)


# --------------------------------------------------------------------------------------------
# frequency: the commonness bands
# --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("zipf, band", [(7.7, 1), (4.0, 1), (3.99, 2), (2.5, 2), (2.49, 3), (1.5, 3),
                                        (1.49, 4), (-math.inf, 4)])
def test_band_of_zipf(zipf, band):
    assert frequency.band_of(zipf) == band


def test_names_only_are_the_spellings_written_only_with_a_capital():
    assert frequency.names_only([words("a", "Cohen", "Bill", "Zen"), words("b", "bill", "word")]) == {
        "COHEN", "ZEN"}


def test_zipf_by_key_takes_the_best_spelling_and_skips_names(wordfreq):
    wordfreq["en"] = {"cafe": 3.0, "café": 3.5, "cohen": 4.5, "e-mail": 5.0, "house": 5.5}
    zipf = frequency.zipf_by_key("en", get_language("en"), names={"COHEN"})
    assert zipf == pytest.approx({"CAFE": 3.5, "HOUSE": 5.5})


def banded(zipf: dict[str, float], **options) -> dict[str, int]:
    recipe = recipe_of(spec("h"), code="it", unconfirmed="keep")
    out = choose(recipe, hunspell_words("h", entry("mangiare", "mangiare", "mangiavamo"), entry("raro", "raro")))
    return frequency.bands(out.keys, out, zipf, get_language("it"), **options)


def test_a_form_inherits_its_lemmas_band_less_one_but_never_everyday(wordfreq):
    # (wordfreq: Italian's recipe asks for English frequencies; none here, as the package is build-time only)
    assert banded({"MANGIARE": 5.0}) == {"MANGIARE": 1, "MANGIAVAMO": 2, "RARO": 4}
    assert banded({"MANGIARE": 3.2}) == {"MANGIARE": 2, "MANGIAVAMO": 3, "RARO": 4}
    assert banded({"MANGIARE": 5.0, "MANGIAVAMO": 4.2}) == {"MANGIARE": 1, "MANGIAVAMO": 1, "RARO": 4}
    assert banded({"MANGIARE": 5.0}, inherit=False) == {"MANGIARE": 1, "MANGIAVAMO": 4, "RARO": 4}


def test_a_word_outside_the_vocabulary_is_at_most_uncommon(wordfreq):
    # (wordfreq: Italian's recipe asks for English frequencies; none here, as the package is build-time only)
    assert banded({"MANGIARE": 5.0, "RARO": 2.0}, vocabulary={"MANGIARE"}) == {
        "MANGIARE": 1, "MANGIAVAMO": 3, "RARO": 3}


def test_the_build_reads_names_vocabulary_and_lemma_bands_from_the_recipe(tmp_path, wordfreq):
    """``build_dictionaries.save_bands``: the recipe's ``names`` and ``vocabulary`` sources and
    its ``lemma_bands`` reach the bands file, in the word graph's order."""
    from elzzur.lexicon import graph
    from elzzur.lexicon.commonness import decode_bands
    from elzzur.lexicon.dictionary import alphabet

    saved = list(sys.path)
    try:
        spec_ = importlib.util.spec_from_file_location("build_dictionaries", REPO / "tools" / "build_dictionaries.py")
        build = importlib.util.module_from_spec(spec_)
        spec_.loader.exec_module(build)
    finally:
        sys.path[:] = saved
    wordfreq["en"] = {"cohen": 4.5, "nicht": 4.5, "house": 5.5, "walk": 5.0}
    language = get_language("en")
    sources = [hunspell_words("h", entry("walk", "walk", "walking"), entry("house", "house"),
                              entry("cohen", "cohen"), entry("nicht", "nicht")),
               words("names", "Cohen", "house"), words("vocabulary", "walk", "walking", "house", "cohen")]
    for lemma_bands, walking in ((True, 2), (False, 4)):
        recipe = recipe_of(spec("h"), spec("names", "names"), spec("vocabulary", "vocabulary"),
                           lemma_bands=lemma_bands)
        selection = choose(recipe, *sources)
        graph.save(graph.build(selection.keys, alphabet(language)), str(tmp_path / "en.dawg"))
        counts = build.save_bands("en", recipe, selection.keys, selection, language, tmp_path, sources)
        bands = decode_bands((tmp_path / "en.bands").read_bytes())
        # alphabetical: COHEN (a name: its frequency says nothing), HOUSE, NICHT (outside the
        # vocabulary), WALK, WALKING (its lemma's, less one)
        assert bands == [4, 1, 3, 1, walking]
        assert sum(counts.values()) == 5


# --------------------------------------------------------------------------------------------
# licences
# --------------------------------------------------------------------------------------------

@pytest.fixture
def common_licenses(tmp_path, monkeypatch) -> Path:
    """A /usr/share/common-licenses of this test's own."""
    folder = tmp_path / "common-licenses"
    folder.mkdir()
    for name in ("GPL-2", "GPL-3", "LGPL-2", "LGPL-2.1", "LGPL-3", "MPL-2.0", "Apache-2.0"):
        (folder / name).write_text(f"the text of {name}\n", encoding="utf-8")
    (folder / "GPL").symlink_to("GPL-3")
    (folder / "LGPL").symlink_to("LGPL-3")
    monkeypatch.setattr(licences, "COMMON_LICENSES", folder)
    return folder


@pytest.mark.parametrize("text, names", [
    ("License: GPL-2+", ["GPL-2"]),
    ("under the LGPL-2.1 or later", ["LGPL-2.1"]),
    ("LGPL-2 and MPL-2.0", ["LGPL-2", "MPL-2.0"]),
    ("licensed under the GPL.", ["GPL-3"]),
    ("see /usr/share/common-licenses/GPL for the text", ["GPL-3"]),
    ("AGPL-3+ and LGPL-3", ["LGPL-3"]),
    ("Apache-2.0", ["Apache-2.0"]),
    ("a GPL-2-like licence, the GPL-3.1 of nobody", []),
])
def test_full_texts_are_the_common_licences_a_statement_names(common_licenses, text, names):
    assert licences.full_texts(text) == names


DEP5 = """\
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: words

Files: *
Copyright: 2020 Packager
License: GPL-2+

Files: dictionaries/es/*
Copyright: 2019 Authors
License: LGPL-3 or MPL-1.1, GPL-3

License: GPL-2+
 The GPL, version 2 or later.

License: LGPL-3
 The LGPL 3.

License: MPL-1.1
 The MPL.

License: GPL-3
 The GPL 3.
"""


def test_dep5_excerpt_is_the_header_the_files_stanza_and_its_licences():
    excerpt = licences.dep5_excerpt(DEP5, "dictionaries/es/*")
    assert excerpt.startswith("Format: https://www.debian.org/")
    assert "Files: dictionaries/es/*\nCopyright: 2019 Authors" in excerpt
    assert "License: LGPL-3\n" in excerpt and "License: MPL-1.1\n" in excerpt and "License: GPL-3\n" in excerpt
    assert "Files: *" not in excerpt and "License: GPL-2+" not in excerpt


def test_the_licence_file_names_every_source_and_copies_the_texts(tmp_path, common_licenses):
    class FakePackages:
        def version(self, package):
            return "1.2-3"

        def copyright(self, package):
            return DEP5 if package == "debian:hunspell-xx" else "Public domain. Or the GPL-2, if you must."

    recipe = recipe_of(spec("hunspell-xx", licence="dictionaries/es/*"),
                       spec("list", "evidence", licence_note="The data is the author's, CC0."))
    written = licences.write("xx", recipe, FakePackages(), "3.1.1", tmp_path / "out")
    assert [p.name for p in written] == ["xx.txt", "GPL-2.txt", "GPL-3.txt", "LGPL-3.txt"]
    text = (tmp_path / "out" / "xx.txt").read_text(encoding="utf-8")
    assert "Full licence texts in this folder: GPL-2.txt, GPL-3.txt, LGPL-3.txt." in text
    assert "debian:hunspell-xx 1.2-3 (hunspell-xx): its words" in text
    assert "debian:list 1.2-3 (list): evidence only" in text
    assert "The data is the author's, CC0.\n\nPublic domain." in text
    assert "Files: *" not in text and "wordfreq 3.1.1" in text
    assert (tmp_path / "out" / "GPL-3.txt").read_text() == "the text of GPL-3\n"


# --------------------------------------------------------------------------------------------
# sources: the readers
# --------------------------------------------------------------------------------------------

class FolderPackages:
    """Packages already unpacked in one folder."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def fetch(self, package: str) -> Path:
        return self.root


def read(tmp_path: Path, kind: str, file: str, data: bytes | str, **more) -> SourceWords:
    path = tmp_path / file
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    return readers.read_source(FolderPackages(tmp_path), spec("s", kind=kind, file=file, **more))


def test_tanglet_lines_give_the_spellings_or_the_key_in_lower_case(tmp_path):
    data = "HAUS\nSTRASSE Straße\nETE été Été\n\n"
    assert read(tmp_path, "tanglet", "words", gzip.compress(data.encode())).forms == {
        "haus", "Straße", "été", "Été"}


def test_a_list_is_gunzipped_by_its_content_and_read_as_latin_1_if_not_utf_8(tmp_path):
    assert read(tmp_path, "lines", "plain.txt", gzip.compress("\ufeffcafé\n\n  word \n".encode())).forms == {
        "café", "word"}
    assert read(tmp_path, "lines", "old.txt", "garçon\nnaïve\n".encode("iso-8859-1")).forms == {
        "garçon", "naïve"}


def test_spellings_are_read_composed(tmp_path):
    decomposed = "cafe\u0301\n"
    assert read(tmp_path, "lines", "nfd.txt", decomposed).forms == {"café"}
    assert read(tmp_path, "json", "words.json", json.dumps(["cafe\u0301", "word"])).forms == {"café", "word"}


def test_lower_case_only_leaves_out_capitalised_words(tmp_path):
    assert read(tmp_path, "lines", "br.txt", "Souza\ncasa\nParaná\n", lower_case_only=True).forms == {"casa"}


def test_json_forms_and_lemmas(tmp_path):
    data = json.dumps({"Haus": {"AKK": {"SIN": "Haus", "PLU": ["Häuser"]}, "GEN": ["Hauses"]},
                       "gehen": ["geht", {"PRÄ": "ging"}]})
    out = read(tmp_path, "json-forms", "forms.json", data)
    assert out.forms == {"Haus", "Häuser", "Hauses", "gehen", "geht", "ging"} and out.lemmas == {}
    out = read(tmp_path, "json-forms", "forms.json", data, lemmas=True)
    assert out.lemmas == {"Haus": {"Haus", "Häuser", "Hauses"}, "gehen": {"gehen", "geht", "ging"}}
    assert out.forms == set().union(*out.lemmas.values())


def test_scowl_reads_the_spellings_and_sizes_asked_for(tmp_path):
    folder = tmp_path / "scowl"
    folder.mkdir()
    for name, text in {"english-words.10": "house\n", "american-words.35": "color\n",
                       "british-words.35": "colour\n", "english-words.80": "rare\n",
                       "english-upper.10": "Cohen\n", "english-abbreviations.35": "NASA\n",
                       "english-proper-names.10": "Paris\n"}.items():
        (folder / name).write_text(text, encoding="iso-8859-1")
    options = {"spellings": ["english", "british"], "sizes": [10, 35]}
    words_ = readers.read_source(FolderPackages(tmp_path), spec("s", kind="scowl", file="scowl", **options))
    assert words_.forms == {"house", "colour"}
    upper = readers.read_source(FolderPackages(tmp_path), spec("s", kind="scowl-upper", file="scowl", **options))
    assert upper.forms == {"Cohen", "NASA", "Paris"}


def test_a_hunspell_source_gives_paradigms_and_refuses_tagged_entries(tmp_path):
    hunspell_files(tmp_path, "SFX S Y 1\nSFX S 0 s .\nSFX N Y 1\nSFX N 0 teen .\n",
                   ["chat/S po:nom", "paris/S po:npr", "four/SN", "cafe\u0301"], name="xx")
    out = readers.read_source(FolderPackages(tmp_path), spec("h", kind="hunspell", file="xx",
                                                             drop_tags=["po:npr"], skip_flags="N"))
    assert out.forms == {"chat", "chats", "four", "fours", "café"}
    assert [e.stem for e in out.paradigms] == ["chat", "four", "cafe\u0301"]
    assert out.paradigms[2].forms == ["café"]
    assert out.tagged == {"po:npr": {"paris", "pariss"}}
