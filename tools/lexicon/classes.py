"""Whole classes of non-words a source lists among its words, found by rule while it is read.

A recipe's source names them (``drop_classes``), so that a class goes out as a whole rather
than by the examples someone happened to see on a board:

``portuguese-clitic-stems``
    A Portuguese infinitive loses its final -r before a hyphenated pronoun and takes an
    accent: capear -> capeá-lo, roer -> roê-lo, depor -> depô-lo. Spell checkers check the
    parts of ``capeá-lo`` apart, so their lists hold the stem alone (capeá, roê, depô), which
    folds to a key no one writes (CAPEA, ROE, DEPO on an A-Z board). Such a form ends in á, ê
    or ô and the same list has the infinitive (the stem with the plain vowel and -r). It is a
    real form only where the verb's present is accented too, which its third person plural
    shows: dá/dão, está/estão (-ão), vê/veem, lê/leem, crê/creem, prevê/preveem (-eem, or
    the pre-1990 -êem): those stay.
``abbreviations``
    A dictionary of the language writes its abbreviations with their dot (hunspell-pt-br:
    ``sra.``, ``dra.``, ``eng.``, ``pág.``; hunspell-it: ``ecc.``); a source that lists the
    same spelling without the dot (wportuguese: sra, dra, eng) lists the abbreviation. The
    dictionary named by ``abbreviations_from`` says which: its entries that end in a dot and
    are not also entries without it in lower case (``dom.`` for domingo beside ``dom``, a
    gift, stays). Spellings are compared with their accents (``pés``, feet, is not ``pes.``).
"""

from __future__ import annotations

from pathlib import Path

PT_ACCENTED = {"á": "a", "ê": "e", "ô": "o"}


def portuguese_clitic_stems(forms: set[str]) -> set[str]:
    """The forms of ``forms`` that are an infinitive cut short for a hyphenated pronoun."""
    out = set()
    for form in forms:
        vowel = PT_ACCENTED.get(form[-1:])
        if vowel is None or form[:-1] + vowel + "r" not in forms:
            continue
        stem = form[:-1]
        if vowel == "a" and stem + "ão" in forms:  # dá, está: dão, estão
            continue
        if vowel == "e" and (stem + "eem" in forms or stem + "êem" in forms):  # vê, lê, crê
            continue
        out.add(form)
    return out


def hunspell_entries(path: Path) -> list[str]:
    """The words of a hunspell ``.dic`` (its first line is a count; flags after ``/``)."""
    from .sources import read_text

    out = []
    for line in read_text(path)[1:]:
        word = line.split("/", 1)[0].strip()
        if word and not word.startswith("#"):
            out.append(word.split()[0])
    return out


def dotted_abbreviations(path: Path) -> set[str]:
    """Casefolded spellings a hunspell dictionary lists as abbreviations: with a final dot
    (and no other), and not also in lower case without it."""
    entries = hunspell_entries(path)
    dotted = {w[:-1].casefold() for w in entries if w.endswith(".") and "." not in w[:-1]}
    words = {w for w in entries if not w.endswith(".") and w[:1].islower()}
    return {w for w in dotted if w not in words and w.isalpha()}


def abbreviations(forms: set[str], abbreviated: set[str]) -> set[str]:
    return {f for f in forms if f.casefold() in abbreviated}


#: the reason each class is counted under in a dictionary's info file
REASONS = {"portuguese-clitic-stems": "infinitive cut short for a hyphenated pronoun (capeá of capeá-lo)",
           "abbreviations": "abbreviation (a dictionary of the language writes it with a dot)"}
