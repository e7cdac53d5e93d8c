"""Forms generated from the lemmas of a real dictionary, as a confirmation of a candidate form.

A recipe's ``generated`` setting names rules, each with the source of lemmas it reads (a
``json-forms`` source read with ``lemmas = true``). What a rule generates is never a word of
the list by itself: it only counts as the second source of a candidate form that another source
(a scraped list) has. This is how a form that a lemma's inflection makes, but that no second
list spells out, still enters (German short imperatives LERN, KENN, FAHR), while a form only
one scraped list has does not (the wrong imperatives SEH, NEHM; the fused separable
imperatives ABSEND, ANHEFT).
"""

from __future__ import annotations

import re
from typing import Callable

#: a vowel may take its umlaut in the present's 2nd person singular (fahren: du fährst, fahr!)
UMLAUT = str.maketrans({"a": "ä", "o": "ö", "u": "ü"})
#: stems whose imperative keeps its -e in writing (atme, rechne, entschuldige, rede, arbeite):
#: a consonant then m or n (not komm, kenn), -ig, -d, -t
KEEPS_E = re.compile(r"([^aeiouäöüylrhmn]|[^aeiouäöü]h)[mn]$|ig$|[dt]$")


def german_short_imperatives(lemmas: dict[str, set[str]]) -> set[str]:
    """The imperative singular without its -e (LERN, KENN, FAHR, LAUF) of the verbs of a
    lemma list (Morphy's verbs: infinitive -> every form of its table).

    A verb ``X-en`` gives ``X`` when its table has ``X-e`` as one word (a separable verb's
    table has ``sende`` and ``ab`` apart, so ABSEND is not made), and its present 2nd person
    singular keeps the stem's vowel, an umlaut aside (du lernst, du fährst; not du siehst,
    du nimmst: their imperatives are SIEH and NIMM, which the tables give, never SEH or NEHM).
    Not for -eln/-ern verbs, nor stems that keep the -e (ATME, RECHNE, ENTSCHULDIGE, REDE).
    """
    out: set[str] = set()
    for lemma, forms in lemmas.items():
        if not lemma.endswith("en") or lemma.endswith(("eln", "ern")) or not lemma.islower():
            continue
        stem = lemma[:-2]
        if len(stem) < 2 or f"{stem}e" not in forms or KEEPS_E.search(stem):
            continue
        bare = stem.rstrip("sßzx") != stem
        # Not -est: the subjunctive's 2nd person (du nehmest) has it whatever the present does.
        seconds = {f"{stem}st", *((f"{stem}t",) if bare else ())}
        umlauted = {s.translate(UMLAUT) for s in seconds}
        # Umlauting every vowel is too much for words of two syllables, but such a form is
        # only a test of the table, never a word: it can find no false vowel change.
        if not (seconds | umlauted | {u.replace("äü", "äu") for u in umlauted}) & forms:
            continue
        # A separable verb's participle has ge- after its particle (abgehetzt, heimgebracht):
        # its imperative is written apart (hetz ab), whether or not the table says hasPrefix.
        # (ge- then the verb's first letter: not VERGESSEN, which is ver- + gessen)
        if any(form.startswith(stem[:k] + "ge" + stem[k])
               for k in range(2, len(stem) - 1) for form in forms if form.endswith(("t", "en"))):
            continue
        # After s, ß, z, x the 2nd person plural (ihr esst) looks like the singular: the
        # singular's e -> i(e) (du isst, du liest) is looked for too.
        raised = {stem[:i] + vowel + stem[i + 1:] + end for i, ch in enumerate(stem) if ch == "e"
                  for vowel in ("i", "ie") for end in ("st", "t", "")}
        if raised & forms:
            continue
        out.add(stem)
    return out


RULES: dict[str, Callable[[dict[str, set[str]]], set[str]]] = {
    "german-short-imperatives": german_short_imperatives,
}
