#!/usr/bin/env python3
"""Build the compiled dictionaries ``res/dictionaries/<lang>.marisa`` from Debian word lists.

Each language's words come from one Debian package (see ``SOURCES``): a plain word list
(German, Dutch, Portuguese), SCOWL's word files (English), or a hunspell dictionary whose
affixes are expanded into every word form (Spanish, French, Italian, Turkish). The native
variants (``es-native``, ``de-native``, ``pt-native``, see ``VARIANTS``) take their base
language's forms and clean them by their own language file, which keeps Ñ, Ä Ö Ü or Ç.

Every candidate form goes through ``elzzur.dictionary.clean_word`` -- the same cleaning a word
list gets when it is loaded at run time -- and then through a few source-level filters
(``game_filter``): vowel-less keys outside a tiny whitelist and Roman numerals are dropped.
The keys are sorted and saved with ``marisa_trie.Trie(keys).save()`` to a temporary file that
is then renamed, so a build is deterministic and never leaves a half-written dictionary; the
word graph ``<lang>.dawg`` is written beside it.

The tool also writes each dictionary's licence file (``licenses/<lang>-<package>.txt``) and
copies the full licence texts they refer to from ``/usr/share/common-licenses``.

Requirements (build time only): a Debian-like system with ``apt-get`` and ``dpkg``, Python 3.11+,
``pip install marisa-trie spylls`` (spylls parses hunspell ``.aff``/``.dic`` files; elzzur itself
does not need it).

Usage::

    python tools/build_dictionaries.py [--debx DIR | --work DIR] [--only en,de]
                                       [--out res/dictionaries] [--licenses licenses]

``--work DIR`` downloads the packages there with ``apt-get download`` and extracts them with
``dpkg -x`` (default: a temporary directory); ``--debx DIR`` uses a tree in which the packages
have already been extracted. One line per language is printed: code, keys, bytes, seconds.
"""

from __future__ import annotations

import argparse
import gzip
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Iterable, Iterator

import marisa_trie

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from elzzur import graph  # noqa: E402
from elzzur.dictionary import alphabet, clean_word  # noqa: E402
from elzzur.languages import Language, get_language  # noqa: E402

DICT_DIR = Path("usr/share/dict")
HUNSPELL_DIR = Path("usr/share/hunspell")
COMMON_LICENSES = Path("/usr/share/common-licenses")


# --------------------------------------------------------------------------------------------
# Readers: one per kind of source. Each takes the extracted package tree and yields raw forms.
# --------------------------------------------------------------------------------------------

def read_text_lines(path: Path) -> Iterator[str]:
    """Lines of a word list: UTF-8 if it decodes as such, else ISO-8859-1 (old SCOWL/ispell)."""
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("iso-8859-1")
    return iter(text.splitlines())


def plain_list(name: str) -> Callable[[Path], Iterator[str]]:
    """Reader for a one-word-per-line list in /usr/share/dict (wngerman, wdutch, wportuguese)."""

    def read(root: Path) -> Iterator[str]:
        return read_text_lines(root / DICT_DIR / name)

    read.__doc__ = f"/usr/share/dict/{name}"
    return read


SCOWL_SPELLINGS = ("english", "american", "british", "british_z", "canadian", "australian", "variant_1")
SCOWL_SIZES = (10, 20, 35, 40, 50, 55, 60, 70)


def read_scowl(root: Path) -> Iterator[str]:
    """SCOWL ``final/`` words files of sizes <= 70, all spellings (no names, abbreviations...)."""
    folder = root / DICT_DIR / "scowl"
    for spelling in SCOWL_SPELLINGS:
        for size in SCOWL_SIZES:
            path = folder / f"{spelling}-words.{size}"
            if path.exists():
                yield from read_text_lines(path)


def hunspell(name: str, skip_flags: str = "", affix_filter=None) -> Callable[[Path], Iterator[str]]:
    """Reader expanding the affixes of hunspell dictionary ``name`` (``.aff`` + ``.dic``)."""

    def read(root: Path) -> Iterator[str]:
        aff, dic = load_hunspell(root / HUNSPELL_DIR / name)
        return iter(expand_hunspell(aff, dic, frozenset(skip_flags), affix_filter))

    read.__doc__ = f"/usr/share/hunspell/{name}.aff+.dic, affixes expanded"
    return read


# --------------------------------------------------------------------------------------------
# Hunspell affix expansion (with spylls' parser)
# --------------------------------------------------------------------------------------------

def load_hunspell(base: Path):
    """Parse ``base.aff`` and ``base.dic`` with spylls; returns (Aff, Dic)."""
    from spylls.hunspell import readers
    from spylls.hunspell.readers.file_reader import FileReader

    aff, context = readers.read_aff(FileReader(str(base) + ".aff"))
    dic = readers.read_dic(FileReader(str(base) + ".dic", encoding=context.encoding), aff=aff, context=context)
    return aff, dic


def expand_hunspell(aff, dic, skip_flags: frozenset[str] = frozenset(), affix_filter=None) -> set[str]:
    """Every non-compound word form the dictionary accepts.

    Forms: stem; stem+suffix; stem+suffix+continuation suffix; prefix+stem; and the same with a
    prefix when prefix and suffix(es) allow cross products. An affix's flag must be on the stem
    or on the other affix (continuation flags). Honoured: affix conditions and strip strings,
    FULLSTRIP, FORBIDDENWORD (no forms from a forbidden stem, forbidden words never emitted),
    ONLYINCOMPOUND (on the stem or any affix), NEEDAFFIX (stem needs an affix; an affix that
    needs another one cannot be the only one), CIRCUMFIX (prefix and suffix both or neither).
    Affix classes in ``skip_flags``, affixes adding an apostrophe or a hyphen (elisions,
    clitics; such forms would be refused by clean_word anyway) and affixes refused by the
    predicate ``affix_filter(aff)`` are not used.
    """
    forbid, need, only, circ = aff.FORBIDDENWORD, aff.NEEDAFFIX, aff.ONLYINCOMPOUND, aff.CIRCUMFIX
    fullstrip = aff.FULLSTRIP

    keep = affix_filter(aff) if affix_filter else (lambda affix: True)

    def usable(table):
        return {
            flag: [a for a in affixes if "'" not in a.add and "-" not in a.add and keep(a)]
            for flag, affixes in table.items()
            if flag not in skip_flags
        }

    sfx, pfx = usable(aff.SFX), usable(aff.PFX)

    def suffix(s, word):
        if not word.endswith(s.strip) or (len(word) == len(s.strip) and not fullstrip):
            return None
        if not s.cond_regexp.search(word):
            return None
        return word[: len(word) - len(s.strip)] + s.add

    def prefix(p, word):
        if not word.startswith(p.strip) or (len(word) == len(p.strip) and not fullstrip):
            return None
        if not p.cond_regexp.search(word):
            return None
        return p.add + word[len(p.strip):]

    def suffixed(stem, flags):
        """(form, inner suffix, outer suffix) for suffixes whose flag is in ``flags``."""
        for flag in flags:
            for s1 in sfx.get(flag, ()):
                w1 = suffix(s1, stem)
                if w1 is None:
                    continue
                yield w1, s1, None
                for flag2 in s1.flags:
                    for s2 in sfx.get(flag2, ()):
                        w2 = suffix(s2, w1)
                        if w2 is not None:
                            yield w2, s1, s2

    def allowed(root_flags, p, s1, s2):
        affixes = [a for a in (p, s1, s2) if a is not None]
        if need and affixes and all(need in a.flags for a in affixes):
            return False
        if circ and bool(p and circ in p.flags) != bool(s1 and circ in s1.flags):
            return False
        if only and any(only in a.flags for a in affixes):
            return False
        if p and s1 and not (p.crossproduct and s1.crossproduct and (s2 is None or s2.crossproduct)):
            return False
        return True

    forbidden_stems = {w.stem for w in dic.words if forbid and forbid in w.flags}
    forms: set[str] = set()
    for word in dic.words:
        stem, flags = word.stem, word.flags
        if forbid and forbid in flags:
            continue
        if only and only in flags:
            continue
        if not (need and need in flags):
            forms.add(stem)
        if stem in forbidden_stems:
            continue  # hunspell refuses every affixed form of a stem with a forbidden homonym
        candidates = [(stem, None, None), *suffixed(stem, flags)]
        for form, s1, s2 in candidates:
            if s1 is not None and allowed(flags, None, s1, s2):
                forms.add(form)
            if s1 is not None and not s1.crossproduct:
                continue
            pflags = flags | s1.flags if s1 is not None else flags
            for flag in pflags:
                for p in pfx.get(flag, ()):
                    if s1 is not None and not p.crossproduct:
                        continue
                    out = prefix(p, form)
                    if out is not None and allowed(flags, p, s1, s2):
                        forms.add(out)
        # Suffixes allowed only by a prefix's continuation flags.
        for flag in flags:
            for p in pfx.get(flag, ()):
                extra = p.flags - flags
                if not extra or not p.crossproduct:
                    continue
                for form, s1, s2 in suffixed(stem, extra):
                    out = prefix(p, form)
                    if out is not None and allowed(flags, p, s1, s2):
                        forms.add(out)
    if forbid:
        all_forbidden = {s for s in forbidden_stems if dic.has_flag(s, forbid, for_all=True)}
        forms -= all_forbidden
    return forms


# --------------------------------------------------------------------------------------------
# Source-level filters on top of clean_word
# --------------------------------------------------------------------------------------------

VOWELS = frozenset("AEIOUYÄÖÜİ")  # the native variants' and Turkish vowels too (Ö, İ, ...)

#: Vowel-less keys that are real words (interjections, a few loans) of the language; every
#: other vowel-less key is dropped: units, abbreviations and initialisms that survive the
#: lower-case rule (en MB KB LN CS, de KG KFZ HZ, fr KWH, nl HTTP PVC, pt KM).
VOWELLESS_WORDS = {
    "en": {"HM", "HMM", "MM", "SH", "SHH", "PST", "PSST", "TSK", "BRR", "NTH", "CWM", "CWMS", "CRWTH",
           "CRWTHS", "ZZZ"},
    "de": {"PST", "PSST", "HM", "HMM", "BRR", "PFF"},
    "es": {"PST", "BRR", "SH"},
    "fr": {"BRR", "BRRR", "GRRR", "HM", "HMM", "PFF", "PFFT", "PST", "PSST", "TSS", "ZZZ", "ZZZZ",
           "CRWTH", "CRWTHS"},
    "it": {"PST", "BRR", "SST"},
    "nl": {"BRR", "HM", "PST", "SST", "TSS", "ZZZ"},
    "pt": {"PST", "BRR"},
}

ROMAN = re.compile(r"M{0,4}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})")

#: Keys that parse as Roman numerals (two letters or more) but are words of the language;
#: every other such key is dropped (the lists carry numerals such as it ``cclxxx``, pt ``xiv``,
#: and abbreviations such as ``cm``, ``ml``, ``lx``). Most real words made of I V X L C D M
#: (English DID, LID, MILD, CIVIC, VIVID) are not well-formed numerals and need no entry.
ROMAN_WORDS = {
    "en": {"MI", "MIX", "XI"},                     # musical note, mix, Greek letter
    "de": {"MIX", "XI"},                           # der Mix, das Xi
    "es": {"DI", "MI", "VI", "XI"},                # di (dar, decir), mi, vi (ver), xi
    "fr": {"CI", "DIX", "LI", "MI", "MIX", "XI"},  # ci (celui-ci), dix, li (unit), mi, mix, xi
    "it": {"CI", "DI", "LI", "MI", "MIX", "VI", "XI"},  # ci, di, li (there), mi, mix, vi, xi
    "nl": {"MI", "MIX"},
    "pt": {"LI", "MI", "VI", "XI"},                # li (ler), mi, vi (ver), xi
    "tr": {"MI"},                                  # mı, the question particle
}


def is_roman(key: str) -> bool:
    """True for a well-formed Roman numeral of two letters or more (``XIV``, not ``IIX``)."""
    return len(key) >= 2 and ROMAN.fullmatch(key) is not None


def game_filter(raw: str, key: str, lang: str) -> bool:
    """True if a form that clean_word accepted is kept as a game word.

    Dropped: vowel-less keys outside ``VOWELLESS_WORDS`` (abbreviations and units) and Roman
    numerals outside ``ROMAN_WORDS``. (Entries with a capital after the first letter, such as fr
    ``kWh`` or es ``iPad``, never get here: clean_word refuses them.)
    """
    if not VOWELS.intersection(key) and key not in VOWELLESS_WORDS.get(lang, ()):
        return False
    if is_roman(key) and key not in ROMAN_WORDS.get(lang, ()):
        return False
    return True


# --------------------------------------------------------------------------------------------
# The source table
# --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Source:
    """Where one language's words come from, and which licence texts go with them."""

    package: str
    reader: Callable[[Path], Iterator[str]]
    how: str
    #: Only these ``Files:`` stanzas of a shared (DEP-5) copyright file; None: the whole file.
    copyright_files: str | None = None
    full_licenses: tuple[str, ...] = ()
    hunspell: str | None = None  # base name, for validating expanded forms with spylls
    default: bool = True


# Italian affix classes not expanded: those made only of verb forms with enclitic pronouns
# (parlargliene, dandoglielo, ...) and the numeral classes (cardinals and ordinals glued
# together by affixes, Roman numerals). With them: 3.1 M forms.
IT_ENCLITIC_CLASSES = "DIKLhlMbcj"
IT_NUMERAL_CLASSES = "|!\"£$@&()="
IT_CLITIC = re.compile(r"(me|te|ce|ve|se|glie)(lo|la|li|le|ne)|(mi|ti|ci|vi|gli|le|li|lo|la|ne)(si|ci)"
                       r"|mi|ti|ci|vi|si|lo|la|li|le|ne|gli")
#: (base, ending) pairs that look like "form + clitic" but, on an infinitive (strip ``...re``),
#: are plain verb endings: imperfect -avi/-evi (amavi, conducevi, ponevi), participle -ti (amati).
IT_NOT_CLITIC = {("", "vi"), ("", "ti"), ("e", "vi"), ("ce", "vi"), ("ne", "vi")}


def italian_enclitic_filter(aff) -> Callable[[object], bool]:
    """A predicate keeping the Italian suffixes that do not glue pronouns onto a verb form.

    A suffix is dropped if its ending is a clitic pronoun cluster (mi, ti, ci, vi, si, lo, la,
    li, le, ne, gli, and melo, glielo, cene, ...) added either to the bare stem or to what another
    suffix with the same strip and condition adds: with ``-iamo`` in the file, ``-iamocelo``
    goes (also with the pronoun's consonant doubled: ``da`` -> ``dammelo``). Numerous verb
    classes mix plain conjugation and such enclitic forms. The other suffix
    is looked for in the same class, or for verb endings (strip ``...re``) in any class, since
    a verb's conjugation is spread over several classes (-isci in one, -iscimelo in another).
    """
    same_class = {(a.flag, a.strip, a.add, a.condition) for affixes in aff.SFX.values() for a in affixes}
    verb_forms = {(a.strip, a.add, a.condition) for affixes in aff.SFX.values() for a in affixes
                  if a.strip.endswith("re")}

    def enclitic(a) -> bool:
        for cut in range(len(a.add)):
            base, tail = a.add[:cut], a.add[cut:]
            if not IT_CLITIC.fullmatch(tail):
                continue
            if base and base[-1] == tail[0] != "s":  # not -ssi (amassi: subjunctive)
                base = base[:-1]  # doubled after a monosyllabic imperative: da' -> dammelo
            if cut == 0 and a.strip == "":  # the stem itself plus pronouns
                return True
            if a.strip.endswith("re") and (base, tail) in IT_NOT_CLITIC:
                continue
            if (a.flag, a.strip, base, a.condition) in same_class or (a.strip, base, a.condition) in verb_forms:
                return True
        return False

    return lambda affix: not enclitic(affix)

SOURCES: dict[str, Source] = {
    "en": Source("scowl", read_scowl, "SCOWL words files, sizes <= 70, all spellings and variant_1",
                 full_licenses=()),
    "de": Source("wngerman", plain_list("ngerman"), "plain list /usr/share/dict/ngerman",
                 full_licenses=("GPL-2", "GPL-3")),
    "es": Source("hunspell-es", hunspell("es_ES"), "hunspell es_ES, affixes expanded",
                 copyright_files="dictionaries/es/*", full_licenses=("GPL-3", "LGPL-3", "MPL-1.1"),
                 hunspell="es_ES"),
    "fr": Source("hunspell-fr-comprehensive", hunspell("fr"), "hunspell fr (comprehensive), affixes expanded",
                 full_licenses=("MPL-2.0",), hunspell="fr"),
    "it": Source("hunspell-it", hunspell("it_IT", IT_ENCLITIC_CLASSES + IT_NUMERAL_CLASSES, italian_enclitic_filter), "hunspell it_IT, affixes expanded",
                 copyright_files="dictionaries/it_IT/*", full_licenses=("GPL-3",), hunspell="it_IT"),
    "nl": Source("wdutch", plain_list("dutch"), "plain list /usr/share/dict/dutch"),
    "pt": Source("wportuguese", plain_list("portuguese"), "plain list /usr/share/dict/portuguese",
                 full_licenses=("GPL-2", "LGPL-2.1", "MPL-1.1")),
    # Turkish: language tr.toml upper-cases the Turkish way (i -> İ, ı -> I) and keeps Ç Ğ İ Ö Ş Ü.
    "tr": Source("hunspell-tr", hunspell("tr_TR"), "hunspell tr_TR, affixes expanded",
                 copyright_files="dictionaries/tr_TR/*", full_licenses=("MPL-2.0",),
                 hunspell="tr_TR"),
}

#: Native-alphabet variants: the same words as the base language, cleaned by the variant's
#: language file, which keeps letters the A-Z one folds (es-native: Ñ; de-native: Ä Ö Ü;
#: pt-native: Ç). The base's forms are read once and cleaned twice.
VARIANTS = {"es-native": "es", "de-native": "de", "pt-native": "pt"}
for _variant, _base in VARIANTS.items():
    _how = SOURCES[_base].how + ", native letters kept"
    SOURCES[_variant] = replace(SOURCES[_base], how=_how)


#: Spot checks run after each build: (words that must be missing, words that must be present).
#: The absent English ones are the proper nouns and abbreviations the original list had.
CHECKS = {
    "en": ("COHEN ROCHE THC DENVER VENICE CHEN NIH REICH MB KB LN CS LX",
           "COHESIVE HEROIC CHORES ECHO CHORE HERO SHE HIS SIN DINE VINE MIX HMM"),
    "de": ("KG KFZ HZ", "STRASSE HAUS HAUSER SCHON"),
    "es": ("CM KM", "CASA NINOS ESTABAMOS"),
    "fr": ("AJ KWH", "COEUR MANGERIONS OEUFS"),
    "it": ("CCLXXX CM KG FACCELO PARLANDOGLIELO MANGIAMOCELO", "MANGIAVAMO CASE CASA FALLITA"),
    "nl": ("HTTP PVC", "HUIS HUIZEN"),
    "pt": ("XIV KM", "CASA CORACAO"),
    "es-native": ("CM KM NINOS", "CASA AÑO ANO NIÑOS ESTABAMOS VERGUENZA CIGUEÑA"),
    "de-native": ("KG KFZ SCHOEN", "STRASSE HAUS HÄUSER SCHON SCHÖN ÖL"),
    "pt-native": ("XIV KM CORACAO", "CASA CORAÇAO CAÇA"),
    "tr": ("", "İŞ ILIK KİTAP KİTAPLAR EV EVLER GÜZEL ÇOCUK DAĞ AĞAÇ ŞEKER ÖĞRETMEN"),
}


def check(lang: str, path: Path) -> None:
    """Fail if a spot-check word is wrongly present or missing in the built dictionary."""
    trie = marisa_trie.Trie()
    trie.load(str(path))
    absent, present = (words.split() for words in CHECKS.get(lang, ("", "")))
    wrong = [w for w in absent if w in trie] + [f"-{w}" for w in present if w not in trie]
    if wrong:
        raise SystemExit(f"{lang}: spot check failed (present, or -missing): {' '.join(wrong)}")


# --------------------------------------------------------------------------------------------
# Packages
# --------------------------------------------------------------------------------------------

def fetch_packages(packages: Iterable[str], work: Path) -> Path:
    """Download packages with ``apt-get download`` into ``work`` and ``dpkg -x`` them; the tree."""
    debs, tree = work / "debs", work / "root"
    debs.mkdir(parents=True, exist_ok=True)
    tree.mkdir(parents=True, exist_ok=True)
    for package in packages:
        if not list(debs.glob(f"{package}_*.deb")):
            subprocess.run(["apt-get", "download", package], cwd=debs, check=True)
        for deb in debs.glob(f"{package}_*.deb"):
            subprocess.run(["dpkg", "-x", str(deb), str(tree)], check=True)
    return tree


def package_version(root: Path, package: str) -> str:
    """The Debian version of an extracted package, from its changelog.Debian.gz."""
    path = root / "usr/share/doc" / package / "changelog.Debian.gz"
    with gzip.open(path, "rt", encoding="utf-8", errors="replace") as f:
        first = f.readline()
    match = re.match(r"\S+ \(([^)]+)\)", first)
    return match.group(1) if match else "unknown"


# --------------------------------------------------------------------------------------------
# Building
# --------------------------------------------------------------------------------------------

@dataclass
class Result:
    lang: str
    keys: int
    size: int
    seconds: float
    raw_kept: list[str] = field(default_factory=list)


def collect_keys(lang: str, raw_forms: Iterable[str], language: Language) -> tuple[set[str], list[str]]:
    """The dictionary keys of ``raw_forms``, and the raw forms that produced them."""
    keys: set[str] = set()
    kept: list[str] = []
    for raw in raw_forms:
        key = clean_word(raw, language)
        if key is None or not game_filter(raw, key, VARIANTS.get(lang, lang)):
            continue
        keys.add(key)
        kept.append(raw)
    return keys, kept


_forms: dict[int, list[str]] = {}


def raw_forms(source: Source, root: Path) -> list[str]:
    """A source's raw forms, read once per run (a base language and its native variant share
    them); sorted, so that every build cleans them in the same order.
    """
    key = id(source.reader)
    if key not in _forms:
        _forms[key] = sorted(source.reader(root))
    return _forms[key]


def save_trie(keys: Iterable[str], path: Path) -> int:
    """Write a MARISA trie of the sorted keys atomically; returns its size in bytes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        marisa_trie.Trie(sorted(keys)).save(tmp)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
    return path.stat().st_size


def save_graph(keys: Iterable[str], language: Language, path: Path) -> None:
    """Write the word graph (a DAWG) the solver walks, beside the .marisa it is derived from."""
    graph.save(graph.build(keys, alphabet(language)), str(path))


def save_tile_graphs(lang: str, out: Path) -> None:
    """For each Scrabble edition on this dictionary whose digraph tiles spell their letters
    alone (Spanish), its graph of tiles (``elzzur.scrabble.tile_graph``), shipped so the first
    move search does not spend seconds deriving it."""
    from elzzur.graph import WordGraph
    from elzzur.scrabble import available_tile_sets, derive_tile_graph, load_tile_set, tile_graph_name

    source = WordGraph.load(str(out / f"{lang}.dawg"))
    for old in out.glob(f"{lang}-*.scrabble.dawg"):  # of an earlier build of this dictionary
        old.unlink()
    for edition in available_tile_sets():
        tiles = load_tile_set(edition)
        if tiles.symbols and tiles.language == lang:
            graph.save(derive_tile_graph(source, tiles), str(out / tile_graph_name(source, tiles)))


def build(lang: str, root: Path, out: Path) -> Result:
    """Read, clean, filter and compile one language."""
    start = time.monotonic()
    source = SOURCES[lang]
    language = get_language(lang)
    keys, kept = collect_keys(lang, raw_forms(source, root), language)
    size = save_trie(keys, out / f"{lang}.marisa")
    check(lang, out / f"{lang}.marisa")
    save_graph(keys, language, out / f"{lang}.dawg")
    save_tile_graphs(lang, out)
    return Result(lang, len(keys), size, time.monotonic() - start, kept)


def validate_hunspell(lang: str, root: Path, raw_forms: list[str], sample: int) -> tuple[int, int]:
    """How many of ``sample`` random expanded forms spylls' own lookup accepts: (accepted, n)."""
    from spylls.hunspell import Dictionary

    dictionary = Dictionary.from_files(str(root / HUNSPELL_DIR / SOURCES[lang].hunspell))
    rng = random.Random(f"elzzur-{lang}")
    chosen = rng.sample(sorted(raw_forms), min(sample, len(raw_forms)))
    rejected = [w for w in chosen if not dictionary.lookup(w)]
    if rejected:
        print(f"  {lang}: spylls rejects e.g. {', '.join(rejected[:10])}", file=sys.stderr)
    return len(chosen) - len(rejected), len(chosen)


# --------------------------------------------------------------------------------------------
# Licences
# --------------------------------------------------------------------------------------------

def dep5_paragraphs(text: str) -> list[str]:
    return [p for p in re.split(r"\n\s*\n", text) if p.strip()]


def copyright_excerpt(text: str, files: str) -> str:
    """From a DEP-5 copyright file: its header, the ``Files: <files>`` stanza and its licences."""
    paragraphs = dep5_paragraphs(text)
    header = paragraphs[0]
    stanza = next(p for p in paragraphs if p.startswith(f"Files: {files}\n"))
    names = re.search(r"^License: (.+)$", stanza, re.M).group(1)
    wanted = {n.strip() for n in re.split(r"\s+or\s+|\s+and\s+|,", names) if n.strip()}
    licences = [p for p in paragraphs if p.startswith("License: ") and p.split("\n", 1)[0][9:].strip() in wanted]
    return "\n\n".join([header, stanza, *licences]) + "\n"


def write_licences(lang: str, root: Path, version: str, folder: Path) -> list[Path]:
    """``<folder>/<lang>-<package>.txt`` plus the full licence texts it refers to."""
    source = SOURCES[lang]
    text = (root / "usr/share/doc" / source.package / "copyright").read_text(encoding="utf-8", errors="replace")
    body = copyright_excerpt(text, source.copyright_files) if source.copyright_files else text
    full = ", ".join(f"{name}.txt" for name in source.full_licenses) or "none needed (the text is below)"
    title = f"Licence of res/dictionaries/{lang}.marisa"
    header = (
        f"{title}\n{'=' * len(title)}\n\n"
        f"The compiled dictionary {lang}.marisa is derived from the word list of the Debian package\n"
        f"{source.package} {version} ({source.how}), built by tools/build_dictionaries.py,\n"
        f"and is distributed under the same licence as that word list.\n"
        f"Full licence texts in this folder: {full}.\n\n"
        f"Below: /usr/share/doc/{source.package}/copyright"
        + (f" (header, the stanza 'Files: {source.copyright_files}' and its licences)" if source.copyright_files else "")
        + "\n\n" + "-" * 78 + "\n\n"
    )
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{lang}-{source.package}.txt"
    path.write_text(header + body, encoding="utf-8")
    written = [path]
    for name in source.full_licenses:
        target = folder / f"{name}.txt"
        shutil.copyfile(COMMON_LICENSES / name, target)
        written.append(target)
    return written


# --------------------------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--debx", type=Path, help="tree in which the packages are already extracted")
    where.add_argument("--work", type=Path, help="download/extract the packages here (default: a temp dir)")
    parser.add_argument("--only", help="comma-separated language codes (default: all)")
    parser.add_argument("--out", type=Path, default=REPO / "res" / "dictionaries")
    parser.add_argument("--licenses", type=Path, default=REPO / "licenses")
    parser.add_argument("--validate", type=int, default=2000, metavar="N",
                        help="check N random expanded hunspell forms with spylls (0: skip)")
    args = parser.parse_args(argv)

    langs = args.only.split(",") if args.only else [code for code, s in SOURCES.items() if s.default]
    unknown = [code for code in langs if code not in SOURCES]
    if unknown:
        parser.error(f"unknown language(s): {', '.join(unknown)}")

    with tempfile.TemporaryDirectory(prefix="elzzur-dicts-") as tmp:
        if args.debx:
            root = args.debx
        else:
            root = fetch_packages(sorted({SOURCES[code].package for code in langs}), args.work or Path(tmp))
        for code in langs:
            result = build(code, root, args.out)
            version = package_version(root, SOURCES[code].package)
            write_licences(code, root, version, args.licenses)
            line = f"{code} {result.keys} {result.size} {result.seconds:.1f}"
            if SOURCES[code].hunspell and args.validate:
                accepted, n = validate_hunspell(code, root, result.raw_kept, args.validate)
                line += f"  (spylls accepts {accepted}/{n} sampled forms; {SOURCES[code].package} {version})"
            else:
                line += f"  ({SOURCES[code].package} {version})"
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
