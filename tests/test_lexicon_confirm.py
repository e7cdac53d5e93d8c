"""Issue 31's confirmation rules of the dictionary build (``tools/lexicon/select.py`` and
``tools/lexicon/generated.py``), on tiny hand-made sources: how spellings are compared
(``compare``), forms written in capitals (``capitals``), forms generated from a dictionary's
lemmas as a second source (``generated``), which sources' forms may be compounds
(``compounds.sources``, ``nouns_from``) and short words standing alone (``short_alone``).
Each test fails if its rule is taken out or reversed.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from elzzur.lexicon.languages import get_language

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tools"))
from lexicon.generated import german_short_imperatives  # noqa: E402
from lexicon.recipe import Recipe, WordList  # noqa: E402
from lexicon.select import Selection, fold_case, select  # noqa: E402
from lexicon.sources import SourceWords  # noqa: E402

sys.path.remove(str(REPO / "tools"))


def spec(id: str, use: str = "words", **more) -> dict:
    return {"id": id, "package": f"debian:{id}", "kind": "lines", "file": id, "use": use, **more}


def recipe_of(*specs: dict, code: str = "de", **settings) -> Recipe:
    return Recipe(code, code, "test", list(specs), {"unconfirmed": "drop", **settings},
                  WordList(), WordList())


def choose(recipe: Recipe, *sources: SourceWords) -> Selection:
    return select(recipe, get_language(recipe.code), list(sources))


def words(id: str, *forms: str, lemmas: dict | None = None) -> SourceWords:
    return SourceWords(id, set(forms) | set().union(*(lemmas or {}).values()), lemmas=lemmas or {})


# Morphy-like verb tables: lemma -> every form (a separable verb's forms come apart)
TABLES = {
    "lernen": {"lernen", "lerne", "lernst", "lernt", "lernte", "gelernt", "lernest"},
    "sehen": {"sehen", "sehe", "siehst", "sieht", "sieh", "seht", "sah", "gesehen", "sehest"},
    "nehmen": {"nehmen", "nehme", "nimmst", "nimmt", "nimm", "nahm", "genommen", "nehmest"},
    "fahren": {"fahren", "fahre", "fährst", "fährt", "fuhr", "gefahren"},
    "essen": {"essen", "esse", "isst", "esst", "iss", "aß", "gegessen"},
    "absenden": {"absenden", "sende", "ab", "sendest", "abgesandt"},
    "abhetzen": {"abhetzen", "abhetze", "abhetzt", "hetzt", "abgehetzt", "abhetzst"},
    "atmen": {"atmen", "atme", "atmest", "atmet", "geatmet"},
    "reden": {"reden", "rede", "redest", "redet", "geredet"},
    "vergessen": {"vergessen", "vergesse", "vergisst", "vergaß"},
    "kennen": {"kennen", "kenne", "kennst", "kennt", "kannte", "gekannt"},
}


def test_short_imperatives_only_where_the_table_allows_them():
    made = german_short_imperatives(TABLES)
    # lern, kenn, fahr (an umlaut in du fährst is no vowel change)
    assert made == {"lern", "kenn", "fahr"}
    # never sieh's or nimm's wrong twins, the fused separable ones, iss's, atme's, rede's
    assert not made & {"seh", "nehm", "absend", "abhetz", "ess", "atm", "red", "vergess"}


def test_generated_forms_confirm_but_add_nothing():
    recipe = recipe_of(spec("wik"), spec("verbs", "evidence", kind="json-forms", lemmas=True),
                       generated=[{"rule": "german-short-imperatives", "source": "verbs"}])
    out = choose(recipe, words("wik", "lern", "seh", "absend"), words("verbs", lemmas=TABLES))
    assert out.keys == {"LERN"}  # KENN, FAHR are generated but no candidate source has them
    without = recipe_of(spec("wik"), spec("verbs", "evidence", kind="json-forms", lemmas=True))
    assert choose(without, words("wik", "lern"), words("verbs", lemmas=TABLES)).keys == set()


def test_generated_needs_a_source_read_by_lemma():
    recipe = recipe_of(spec("wik"), spec("verbs", "evidence"),
                       generated=[{"rule": "german-short-imperatives", "source": "verbs"}])
    with pytest.raises(SystemExit, match="generated"):
        choose(recipe, words("wik", "lern"), words("verbs", "lernen"))


def test_compare_marks_keeps_umlauts_apart():
    sources = words("a", "Hutte", "Hütte"), words("b", "Hütte")
    folded = choose(recipe_of(spec("a"), spec("b"), code="de-native"), *sources)
    marks = choose(recipe_of(spec("a"), spec("b"), code="de-native", compare="marks"), *sources)
    assert "HUTTE" in folded.keys  # Hütte confirms the ASCII misspelling when folded
    assert marks.keys == {"HÜTTE"}
    assert fold_case("Straße") == "STRASSE" and fold_case("hütte") == "HÜTTE"


def test_compare_exact_keeps_case_apart():
    sources = words("a", "min", "Haus"), words("b", "Min", "Haus")
    marks = choose(recipe_of(spec("a"), spec("b"), compare="marks"), *sources)
    exact = choose(recipe_of(spec("a"), spec("b"), compare="exact"), *sources)
    assert marks.keys == {"MIN", "HAUS"}
    assert exact.keys == {"HAUS"}  # the abbreviation min is not the noun Min


def test_unknown_compare_is_an_error():
    with pytest.raises(SystemExit, match="compare"):
        choose(recipe_of(spec("a"), compare="loose"), words("a", "x"))


def test_capitals_neither_enter_nor_confirm():
    sources = words("a", "USA", "Eth", "Haus"), words("b", "USA", "ETH", "Haus")
    kept = choose(recipe_of(spec("a"), spec("b")), *sources)
    dropped = choose(recipe_of(spec("a"), spec("b"), capitals="drop"), *sources)
    assert "ETH" in kept.keys  # (USA goes by the cleaning, which drops inner capitals)
    assert dropped.keys == {"HAUS"}
    assert dropped.dropped["written in capitals (an abbreviation)"] == 2


def test_compounds_only_of_the_named_sources_and_nouns():
    compounds = {"heads_min": 4, "modifiers_min": 3, "linkers": ["S"]}
    sources = (words("g", "Klima", "Schutz", "ein", "reit"),
               words("w", "Klima", "Schutz", "Klimaschutz", "einreit", "ein", "reit"))
    every = choose(recipe_of(spec("g"), spec("w"), compounds=compounds), *sources)
    assert {"KLIMASCHUTZ", "EINREIT"} <= every.keys
    none = choose(recipe_of(spec("g"), spec("w"), compounds={**compounds, "sources": ["g"]}),
                  *sources)
    assert not {"KLIMASCHUTZ", "EINREIT"} & none.keys
    nouns = choose(recipe_of(spec("g"), spec("w"),
                             compounds={**compounds, "sources": ["g"], "nouns_from": ["w"]}),
                   *sources)
    assert "KLIMASCHUTZ" in nouns.keys and "EINREIT" not in nouns.keys


def test_short_alone():
    sources = words("g", "ab", "abc"), words("w", "abcd")
    plain = choose(recipe_of(spec("g"), spec("w")), *sources)
    alone = choose(recipe_of(spec("g"), spec("w"), short_alone=3), *sources)
    assert plain.keys == set()
    assert alone.keys == {"AB"}  # ABC is as long as the other list's words: it needs them
