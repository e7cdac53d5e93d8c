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
``names``
    A list's words that the lists of ``names_from`` (source specs) write with a capital: names
    and abbreviations (SCOWL's size-70 words dora, serena, ert, poe, which its files of names
    have as Dora, Serena, ERT, Poe). Used on a list that only adds to others (SCOWL 70 beside
    Letterpress and SCOWL up to 60): a word another source has stays by that source.
``combining-forms``
    A list drawn from a hunspell dictionary (parolottero's Italian list is hunspell-it's
    words) repeats the stems it lists only so that compounds check: ICTIO, EROTO, TERMO,
    ARSENO (``combining_forms``; the dictionary is ``abbreviations_from``'s). Out of the
    list, they are no longer confirmed by it.
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


def combining_forms(forms: set[str], dic: Path, written: set[str], least: int = 2) -> set[str]:
    """The forms of ``forms`` that a hunspell dictionary lists as a stem with no affix class of
    its own (none, or only classes that elide: Italian l', dell') and that begins at least
    ``least`` of its other entries whose rest is an entry or a form of ``forms`` too: the combining forms and
    prefixes it lists so that compounds check (ICTIO-, EROTO-, TERMO-: ictiologia,
    erotomania, termometro), which are no words alone. Such a form ends in the
    linking vowel -o or -i, and is not itself ``written``
    often (wordfreq, Zipf 3: ZOO, FARMACO, STEREO are words that also begin compounds)."""
    import bisect

    aff = dic.with_suffix(".aff")
    adds: dict[str, list[str]] = {}
    from .sources import read_text

    for line in read_text(aff):
        parts = line.split()
        if len(parts) >= 4 and parts[0] in ("SFX", "PFX") and parts[2] not in ("Y", "N"):
            adds.setdefault(parts[1], []).append(parts[3])
    elide = {flag for flag, added in adds.items() if all("'" in a or "-" in a for a in added)}
    entries: dict[str, str] = {}
    for line in read_text(dic)[1:]:
        word, _, flags = line.partition("/")
        word = word.split()[0] if word.split() else ""
        if word:
            entries.setdefault(word, flags.split()[0] if flags.split() else "")
    lower = sorted({w for w in entries if w[:1].islower()})
    whole = set(lower) | forms  # the rest is an entry or a form (mania, a form of mania/Q)
    out = set()
    for form in forms:
        if form not in entries or not set(entries[form]) <= elide or form in written:
            continue
        if form[-1:] not in "oi":
            continue
        found, at = 0, bisect.bisect_left(lower, form)
        while at < len(lower) and lower[at].startswith(form) and found < least:
            rest = lower[at][len(form):]
            found += len(rest) >= 3 and rest in whole
            at += 1
        if found >= least:
            out.add(form)
    return out


#: the reason each class is counted under in a dictionary's info file
REASONS = {"portuguese-clitic-stems": "infinitive cut short for a hyphenated pronoun (capeá of capeá-lo)",
           "abbreviations": "abbreviation (a dictionary of the language writes it with a dot)",
           "names": "name or abbreviation (another list writes it with a capital)",
           "combining-forms": "combining form or prefix (a stem that begins compounds: ICTIO, TERMO)"}
