"""The whole classes a source's drop_classes take out, and the enclitic forms' grammar
(tools/lexicon/classes.py, tools/lexicon/enclitics.py), on tiny synthetic inputs."""

from __future__ import annotations

import sys

from conftest import REPO

sys.path.insert(0, str(REPO / "tools"))

from lexicon import classes, enclitics  # noqa: E402
from lexicon.frequency import names_only  # noqa: E402
from lexicon.sources import SourceWords  # noqa: E402


def test_portuguese_clitic_stems_go_but_accented_presents_stay():
    forms = {"capear", "capeá", "capeia", "roer", "roê", "depor", "depô", "dar", "dá", "dão",
             "estar", "está", "estão", "ver", "vê", "veem", "prever", "prevê", "preveem",
             "crer", "crê", "crêem", "sofá", "abafar", "abafá", "abafa"}
    assert classes.portuguese_clitic_stems(forms) == {"capeá", "roê", "depô", "abafá"}


def test_dotted_abbreviations_unless_also_a_word(tmp_path):
    dic = tmp_path / "x.dic"
    dic.write_text("6\nsra.\nDra.\ndom.\ndom/B\npes.\npé/B\n", encoding="utf-8")
    abbreviated = classes.dotted_abbreviations(dic)
    assert abbreviated == {"sra", "dra", "pes"}
    # accents count: pés (feet) is not the abbreviation pes.
    assert classes.abbreviations({"sra", "dra", "dom", "pés", "casa"}, abbreviated) == {"sra", "dra"}


def test_combining_forms_are_stems_that_begin_compounds(tmp_path):
    (tmp_path / "x.aff").write_text("SET UTF-8\nPFX T Y 1\nPFX T 0 l' .\nSFX S Y 1\nSFX S o i o\n",
                                    encoding="utf-8")
    dic = tmp_path / "x.dic"
    dic.write_text("7\nictio/T\nictiologia\nictiosauro/S\nzoo/T\nzoologia\nzoosafari\ncasa/S\n",
                   encoding="utf-8")
    forms = {"ictio", "logia", "sauro", "zoo", "safari", "casa"}
    assert classes.combining_forms(forms, dic, written=set()) == {"ictio", "zoo"}
    # a stem written often alone is a word (ZOO), and only -o/-i stems are linking forms
    assert classes.combining_forms(forms, dic, written={"zoo"}) == {"ictio"}


def test_names_only_counts_dotted_entries_as_abbreviations():
    names = names_only([SourceWords("a", {"Sra.", "sra", "dom.", "dom", "Paulo", "casa"}),
                        SourceWords("b", {"Dra.", "paulo"})])
    # the list that writes sra. writes sra too: no abbreviation by its word; paulo is a word
    assert names == {"DRA"}
    assert names_only([SourceWords("a", {"Sra.", "Dra.", "dra"}), SourceWords("b", {"sra"})]) == {"SRA"}


def test_italian_enclitics_split_into_verb_form_and_pronouns():
    verbs = {"fare": {"ger": {"pres": "facendovi"}, "impr": {"pres": {"S2": "fai", "P2": "fate"}}},
             "andare": {"impr": {"pres": {"S2": "vai"}}}}
    bases, truncated = enclitics.italian_bases(verbs, {"particles": ["ecco"], "extra_lemmas": ["essere"]})
    assert {"far", "facendo", "fate", "andar", "ecco", "esser", "essendo"} <= bases
    assert {"far", "andar", "esser"} <= truncated
    clusters = sorted(["lo", "mi", "si", "sene", "melo"], key=len, reverse=True)
    split = lambda w: enclitics.split_italian(w, bases, clusters, {"da", "fa"})  # noqa: E731
    assert split("farlo") and split("fatemi") and split("andarsene") and split("eccomi")
    assert split("fammi")  # fa' + mi, the consonant doubled
    assert not split("farla") and not split("parisi") and not split("fami")


def test_spanish_enclitics_need_the_stress_written():
    forms = {"dar", "da", "vamos", "decir", "diciendo", "cabal", "haz", "sentad"}
    clusters = sorted(["me", "lo", "nos", "os", "melo", "se"], key=len, reverse=True)
    short = {"da", "haz"}
    split = lambda w: enclitics.split_spanish(w, forms, clusters, short)  # noqa: E731
    assert split("dámelo") and split("vámonos") and split("decirlo") and split("diciéndolo")
    assert split("hazlo") and split("sentaos")
    assert not split("caballo")  # cabal + lo: the stress would need an accent
    assert not split("dase")  # a short imperative takes no se
