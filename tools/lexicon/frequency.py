"""Word frequencies (the wordfreq package's data) and the commonness bands made from them.

A word's commonness is how often it is written: wordfreq's Zipf value, log10 of its frequency
per billion words (``the`` ≈ 7.7, ``house`` 5.5, ``bedraggled`` 2.3). An inflected form is as
familiar as its lemma even when it is rarely written (Italian MANGIAVAMO, Turkish EVLERİMİZDE),
so where the dictionary's source gives paradigms a form gets at least its lemma's best form's
value less one, though never "everyday" by its lemma alone: that band is for what is itself
written often. Bands, by that value (``LOWEST``; their names are ``elzzur.lexicon.commonness.BANDS``):
1 everyday (≥ 4: once in 100,000 words: HOUSE, WINDOW), 2 common (≥ 2.5: SKYLIGHT, RUMBA,
DIETITIAN), 3 uncommon (≥ 1.5: SABOTEUR, PHARYNX, JALOPY), 4 rare (below 1.5, or not seen:
VINACEOUS, ARHATS; most of a word-game list). ``solve --common`` keeps bands 1 and 2. The
thresholds were set by reading samples of English words at each Zipf value (2.5–3 is words
most adults know; below 2 fewer do).
"""

from __future__ import annotations

import math
from collections import defaultdict

#: The lowest Zipf value of bands 1, 2, 3; band 4 is the rest.
LOWEST = (4.0, 2.5, 1.5)
LEMMA_DISCOUNT = 1.0
BELOW_EVERYDAY = LOWEST[0] - 0.01  # the most a form inherits from its lemma


def english_margin(code: str) -> float | None:
    """A recipe's ``english_bands`` (a Zipf margin, e.g. 1.5): a word English text writes that
    much more often than the language's own is at most uncommon, its frequency there being
    English's (Italian END, MAN, OUT), while words the languages share stay (Spanish COME and
    ONCE are 1.3 and 1.1 more frequent in English). None where the recipe does not ask."""
    from .recipe import LEXICON, load

    if not (LEXICON / f"{code}.toml").exists():
        return None
    return load(code).select.get("english_bands")

#: wordfreq's language for each dictionary (its "large" list where there is one)
WORDFREQ_LANGUAGE = {"en": "en", "de": "de", "es": "es", "fr": "fr", "it": "it", "nl": "nl",
                     "pt": "pt", "pt-br": "pt", "tr": "tr", "de-native": "de",
                     "es-native": "es", "pt-native": "pt"}


def names_only(sources) -> set[str]:
    """Upper-cased spellings that ``names`` sources write only with a capital (COHEN, a
    tournament word, is as a name what wordfreq counts) or only as an abbreviation, with a
    dot (SRA., ECC.): their frequency says nothing of the word's, so they are left out of the
    frequency table."""
    upper, lower, abbreviated = set(), set(), set()
    for source in sources:
        plain = {w for w in source.forms if w[:1].islower() and not w.endswith(".")}
        for word in source.forms:
            if word.endswith("."):  # an abbreviation (sra., ecc.) unless listed without the dot
                if word[:-1].isalpha() and word[:-1].lower() not in plain:
                    abbreviated.add(word[:-1].upper())
            else:
                (upper if word[:1].isupper() else lower).add(word.upper())
    return (upper - lower) | abbreviated


def zipf_by_key(code: str, language, names: set[str] = frozenset()) -> dict[str, float]:
    """The Zipf value of each dictionary key (the best of the spellings that clean to it),
    but for words that ``names`` holds (written only as names)."""
    import wordfreq

    lang = WORDFREQ_LANGUAGE[code]
    wordlist = "large" if lang in wordfreq.available_languages("large") else "best"
    out: dict[str, float] = {}
    for word, freq in wordfreq.get_frequency_dict(lang, wordlist=wordlist).items():
        if not word.isalpha():
            continue
        key = language.normalize(word)
        if key is None or word.upper() in names:
            continue
        zipf = math.log10(freq) + 9
        if zipf > out.get(key, -math.inf):
            out[key] = zipf
    return out


def english_zipf(language) -> dict[str, float]:
    """wordfreq's English Zipf values by this language's keys."""
    import wordfreq

    out: dict[str, float] = {}
    for word, freq in wordfreq.get_frequency_dict("en", wordlist="large").items():
        key = language.normalize(word) if word.isalpha() else None
        if key:
            out[key] = max(out.get(key, -math.inf), math.log10(freq) + 9)
    return out


def band_of(zipf: float) -> int:
    for band, lowest in enumerate(LOWEST, start=1):
        if zipf >= lowest:
            return band
    return len(LOWEST) + 1


def bands(keys, selection, zipf: dict[str, float], language, inherit: bool = True,
          vocabulary: set[str] | None = None) -> dict[str, int]:
    """A band for every key: its own Zipf value, or (``inherit``) its lemma's less
    ``LEMMA_DISCOUNT``. A recipe turns inheriting off where its source's entries are no
    lemmas (hunspell-tr packs a flat list of forms into arbitrary affix groups). With a
    ``vocabulary`` (the keys of a recipe's ``use = "vocabulary"`` lists: English, SCOWL's
    commoner sizes), a word outside it is at most uncommon: text in a language is full of other
    languages' words (NICHT, TRES, SEI in English text), which its word frequencies count."""
    from elzzur.lexicon.cleaning import clean_word

    best = {key: zipf.get(key, -math.inf) for key in keys}
    paradigms = getattr(selection, "paradigms", [])
    if paradigms and inherit:
        lemma: dict[int, float] = {}
        for number, entry in enumerate(paradigms):
            values = [zipf.get(clean_word(f, language) or "", -math.inf) for f in entry.forms]
            lemma[number] = max(values, default=-math.inf)
        for key in keys:
            for raw in selection.raws.get(key, ()):
                for number in selection.paradigm_of.get(raw, ()):
                    inherited = min(lemma[number] - LEMMA_DISCOUNT, BELOW_EVERYDAY)
                    best[key] = max(best[key], inherited)
    out = {key: band_of(value) for key, value in best.items()}
    margin = english_margin(getattr(language, "code", ""))
    if margin is not None:  # END, MAN, OUT in Italian text are English: no band by that frequency
        english = english_zipf(language)
        uncommon = len(LOWEST)  # band 3
        for key, band in out.items():
            if band < uncommon and english.get(key, -math.inf) >= best[key] + margin:
                out[key] = uncommon
    if vocabulary is not None:
        uncommon = len(LOWEST)  # band 3
        out = {key: band if key in vocabulary else max(band, uncommon) for key, band in out.items()}
    return out
