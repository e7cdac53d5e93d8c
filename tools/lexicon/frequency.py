"""Word frequencies (the wordfreq package's data) and the commonness bands made from them.

A word's commonness is how often it is written: wordfreq's Zipf value, log10 of its frequency
per billion words (``the`` ≈ 7.7, ``house`` 5.5, ``bedraggled`` 2.3). An inflected form is as
familiar as its lemma even when it is rarely written (Italian MANGIAVAMO, Turkish EVLERİMİZDE),
so where the dictionary's source gives paradigms a form gets at least its lemma's best form's
value less one. Bands, by that value (``BANDS``): 1 everyday (≥ 4: once per 100,000 words),
2 common (≥ 3), 3 uncommon (≥ 2), 4 rare (below 2, or unseen). ``solve --common`` keeps 1–2.
"""

from __future__ import annotations

import math
from collections import defaultdict

#: (band, name, lowest Zipf value)
BANDS = ((1, "everyday", 4.0), (2, "common", 3.0), (3, "uncommon", 2.0), (4, "rare", -math.inf))
LEMMA_DISCOUNT = 1.0

#: wordfreq's language for each dictionary (its "large" list where there is one)
WORDFREQ_LANGUAGE = {"en": "en", "de": "de", "es": "es", "fr": "fr", "it": "it", "nl": "nl",
                     "pt": "pt", "pt-br": "pt", "tr": "tr", "de-native": "de",
                     "es-native": "es", "pt-native": "pt"}


def zipf_by_key(code: str, language) -> dict[str, float]:
    """The Zipf value of each dictionary key (the best of the spellings that clean to it)."""
    import wordfreq

    lang = WORDFREQ_LANGUAGE[code]
    wordlist = "large" if lang in wordfreq.available_languages("large") else "best"
    out: dict[str, float] = {}
    for word, freq in wordfreq.get_frequency_dict(lang, wordlist=wordlist).items():
        if not word.isalpha():
            continue
        key = language.normalize(word)
        if key is None:
            continue
        zipf = math.log10(freq) + 9
        if zipf > out.get(key, -math.inf):
            out[key] = zipf
    return out


def band_of(zipf: float) -> int:
    for band, _, lowest in BANDS:
        if zipf >= lowest:
            return band
    return BANDS[-1][0]


def bands(keys, selection, zipf: dict[str, float], language) -> dict[str, int]:
    """A band for every key: its own Zipf value, or its lemma's less ``LEMMA_DISCOUNT``."""
    from elzzur.dictionary import clean_word

    best = {key: zipf.get(key, -math.inf) for key in keys}
    paradigms = getattr(selection, "paradigms", [])
    if paradigms:
        lemma: dict[int, float] = {}
        for number, entry in enumerate(paradigms):
            values = [zipf.get(clean_word(f, language) or "", -math.inf) for f in entry.forms]
            lemma[number] = max(values, default=-math.inf)
        for key in keys:
            for raw in selection.raws.get(key, ()):
                for number in selection.paradigm_of.get(raw, ()):
                    best[key] = max(best[key], lemma[number] - LEMMA_DISCOUNT)
    return {key: band_of(value) for key, value in best.items()}
