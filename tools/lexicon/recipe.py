"""The recipes: how each built-in dictionary is made, as data in ``elzzur/res/lexicon/``.

``<code>.toml`` names the sources (package, file, reader, whether its words are candidates or
only evidence) and the selection's settings; ``<code>.exclude`` and ``<code>.include`` are word
lists with the reason for each group of words (``<code>.exclude-generated.gz``, where there is one,
is more of the exclusion list, written by a tool)::

    ## abbreviations written without their dot (hunspell-es gives no forms for them)
    bibl
    dto

A variant (``es-native``) says ``same_as = "es"``: the same sources, settings and lists, cleaned
by its own language file. Everything is checked here, so that a typing mistake in a recipe is a
clear error rather than a silently different dictionary.
"""

from __future__ import annotations

import gzip
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent
LEXICON = REPO / "elzzur" / "res" / "lexicon"

SOURCE_KEYS = {"id", "package", "kind", "file", "use", "spellings", "sizes", "skip_flags",
               "secondary_flags", "affix_filter", "skip_affixes", "lower_case_only", "drop_tags", "licence", "licence_note", "note", "trusted", "min_length",
               "secondary_stems", "wordfreq", "lemmas", "drop_classes", "abbreviations_from",
               "grammar", "min_zipf", "clusters", "names_from", "extra_lemmas", "particles",
               "doubling", "truncated", "forms", "foreign"}
SELECT_KEYS = {"unconfirmed", "paradigms", "compounds", "vowelless", "roman", "frequency",
               "patterns", "secondary_evidence", "unconfirmed_lone", "foreign", "lemma_check",
               "lone_elisions", "lemma_bands", "compare", "capitals", "generated",
               "short_alone", "english_bands"}
TOP_KEYS = {"code", "same_as", "summary", "source", "select"}
KINDS = {"enclitics", "hunspell-entries", "lines", "json", "json-forms", "scowl", "scowl-upper", "tanglet", "hunspell"}
USES = {"words", "evidence", "foreign", "names", "vocabulary"}


@dataclass
class WordList:
    """An include or exclude list: words and the reason given for each."""

    reasons: dict[str, str] = field(default_factory=dict)

    def __contains__(self, word: str) -> bool:
        return word in self.reasons

    def __iter__(self):
        return iter(self.reasons)

    def __len__(self) -> int:
        return len(self.reasons)


@dataclass
class Recipe:
    code: str  # the dictionary built (a variant's own code)
    base: str  # the code whose recipe file holds the sources
    summary: str
    sources: list[dict]
    select: dict
    exclude: WordList
    include: WordList


def read_word_list(path: Path) -> WordList:
    """``## reason`` lines, then words (one per line, matched ignoring case); ``#`` comments."""
    out = WordList()
    reason = None
    if not path.exists():
        return out
    data = path.read_bytes()
    if path.suffix == ".gz":
        data = gzip.decompress(data)
    for number, line in enumerate(data.decode("utf-8").splitlines(), start=1):
        text = line.strip()
        if text.startswith("## "):
            reason = text[3:].strip()
            continue
        if not text or text.startswith("#"):
            continue
        word = text.split("#", 1)[0].strip()
        if reason is None:
            raise SystemExit(f"{path}:{number}: {word!r} has no reason (put a '## reason' line above it)")
        if " " in word:
            raise SystemExit(f"{path}:{number}: one word per line, not {word!r}")
        out.reasons[word.casefold()] = reason
    return out


def load(code: str) -> Recipe:
    path = LEXICON / f"{code}.toml"
    if not path.exists():
        raise SystemExit(f"no recipe for {code!r} ({path})")
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise SystemExit(f"{path}: unknown keys {sorted(unknown)}")
    base = data.get("same_as", code)
    if base != code:
        own = sorted({"source", "select"} & set(data))
        if own:  # they would be ignored: a variant is its base's sources, settings and lists
            raise SystemExit(f"{path}: a variant (same_as) has its base's sources and settings, "
                             f"not its own {own}")
        parent = load(base)
        return Recipe(code, base, data.get("summary", parent.summary), parent.sources,
                      parent.select, parent.exclude, parent.include)
    sources = data.get("source", [])
    ids = set()
    for spec in sources:
        wrong = set(spec) - SOURCE_KEYS
        if wrong or spec.get("kind") not in KINDS or spec.get("use") not in USES or "id" not in spec:
            raise SystemExit(f"{path}: bad source {spec.get('id')!r} (unknown keys {sorted(wrong)}, "
                             f"kind in {sorted(KINDS)}, use in {sorted(USES)})")
        if spec["id"] in ids:
            raise SystemExit(f"{path}: two sources named {spec['id']!r}")
        ids.add(spec["id"])
    select = data.get("select", {})
    wrong = set(select) - SELECT_KEYS
    if wrong:
        raise SystemExit(f"{path}: unknown [select] keys {sorted(wrong)}")
    if select.get("unconfirmed", "keep") not in ("keep", "drop"):
        raise SystemExit(f"{path}: select.unconfirmed must be 'keep' or 'drop'")
    return Recipe(code, code, data.get("summary", ""), sources, select, read_exclusions(code),
                  read_word_list(LEXICON / f"{code}.include"))


def read_exclusions(code: str) -> WordList:
    """``<code>.exclude``, and ``<code>.exclude-generated.gz`` where a tool writes one (Turkish:
    tools/lexicon/morphology.py; too long to read among the hand-made entries: 4 MB, 0.9 MB
    compressed); a word in both keeps the hand-made list's reason."""
    out = read_word_list(LEXICON / f"{code}.exclude")
    generated = read_word_list(LEXICON / f"{code}.exclude-generated.gz")
    for word, reason in generated.reasons.items():
        out.reasons.setdefault(word, reason)
    return out


def available() -> list[str]:
    return sorted(p.stem for p in LEXICON.glob("*.toml"))
