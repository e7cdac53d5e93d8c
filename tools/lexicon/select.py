"""Decide, form by form, what is a game word: the heart of the dictionary build.

Every raw form of the recipe's word sources is a candidate. Another source having the same word
is the evidence that it is one (spelling compared folded: upper case, no accents, ß → SS):

1. **confirmed** if a second source (words or evidence) has it; with ``paradigms``, also if a
   form of the same hunspell entry is confirmed (one known form vouches for the inflections
   its dictionary derives, so the list stays complete: plurals, feminines, conjugations);
   with ``frequency`` (``{ zipf = 3.0 }``), also if wordfreq finds it written that often
   (a word met once per million words of running text is known to the language's readers;
   a second list may lack it: Brichter's Spanish list has no KILÓMETRO; the abbreviations
   and loans written that often are for the exclusion list);
   with ``compounds``, also if it splits into confirmed words (German and Dutch write their
   compounds as one word: KREUZIGUNGSBILD = KREUZIGUNGS + BILD);
2. a form of a ``trusted`` source (a list made for word games) needs no second opinion;
   an unconfirmed form is kept or dropped as ``unconfirmed`` says: single-source proper nouns,
   abbreviations and foreign words are what a second list does not repeat;
3. a *secondary* form (made only by an affix the recipe refuses: Italian enclitics) counts
   only if another source confirms it (only the ``secondary_evidence`` sources, where the
   recipe names them: lists that have no such forms themselves); so do the forms of an entry
   whose stem is such a form (hunspell ``secondary_stems``), unless those sources confirm
   the stem; a *lone stem* (a hunspell entry with no affix class: foreign words,
   abbreviations, lower-case names, but also adverbs and irregular verb forms; with
   ``lone_elisions``, also an entry whose affix classes only elide: Italian ETIO/Tqr) needs
   confirmation when ``unconfirmed_lone = "drop"``, even where other unconfirmed forms stay;
4. then the language's own cleaning (``elzzur.lexicon.cleaning.clean_word``, as for a user's list),
   the game filters (vowel-less keys and Roman numerals, unless listed as words), the
   ``foreign`` check (a word of a ``use = "foreign"`` list that wordfreq finds more frequent
   in that list's language than in the recipe's by ``margin`` Zipf or more, unless a source of
   ``unless`` has it; with ``scope = "lone"`` only for lone stems), the ``lemma_check`` (forms of
   a lemma that a list kept by lemma gives otherwise, one check or a list of them: see
   ``lemma_check``), the recipe's ``patterns``
   (regular expressions with their reasons) and exclusion list; its inclusion list is added
   last.

Issue 31's settings, for a recipe where a form must have a second, independent source (German):
``compare`` says how spellings are matched across sources ("folded", the default; "marks": upper
case with the marks kept, so Hütte does not confirm Wiktionary's Hutte; "exact": as written,
so igerman98's abbreviation min does not confirm Wiktionary's noun Min); ``capitals = "drop"``
takes forms written all in capitals for abbreviations, which neither enter nor confirm (USA,
ETH); ``generated`` names rules of ``lexicon.generated`` that make forms from a source's lemmas
(German short imperatives from Morphy's verb tables: LERN, never SEH or ABSEND), counted as one
source more, never words by themselves; ``compounds.sources`` and ``compounds.nouns_from``
limit the compound rule to those sources' forms (of the latter, those written with a capital:
Wiktionary's KLIMASCHUTZ, not its fused separable verbs, EINREIT); ``short_alone`` lets words
shorter than that stand alone where no list that has them could be a second one.

Every drop is counted by reason with examples, for the build's summary and the report.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from .recipe import Recipe
from .sources import SourceWords

FOLD = {"Œ": "OE", "Æ": "AE", "Ø": "O", "Ł": "L", "Đ": "D", "Ð": "D", "Þ": "TH", "ẞ": "SS",
        "Ŋ": "NG", "Ħ": "H", "Ŧ": "T", "Ŀ": "L", "Ɨ": "I", "ı": "I"}
VOWELS = frozenset("AEIOUYÄÖÜİÉÈÊÀÂÎÔÛÁÍÓÚ")
ROMAN_CHARS = frozenset("IVXLCDM")


def fold(word: str) -> str:
    """The spelling sources are compared by: upper case, marks dropped, ß → SS, Œ → OE."""
    upper = word.upper()
    if upper.isascii():
        return upper
    out = []
    for ch in unicodedata.normalize("NFKD", upper):
        if not unicodedata.combining(ch):
            out.append(FOLD.get(ch, ch))
    return "".join(out)


def fold_case(word: str) -> str:
    """The spelling sources are compared by under ``compare = "marks"``: upper case and ß → SS
    only, marks kept (German Hütte confirms no HUTTE: an alphabet with Ü must not take the
    ASCII misspelling a list carries, and a folded one gets HUTTE from Hütte anyway)."""
    upper = word.upper()
    return upper if upper.isascii() else unicodedata.normalize("NFC", upper.replace("ẞ", "SS"))


def is_roman(key: str) -> bool:
    """A well-formed Roman numeral of two letters or more (``XIV``, not ``IIX``)."""
    return len(key) >= 2 and set(key) <= ROMAN_CHARS and re.fullmatch(
        r"M{0,4}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})", key) is not None


@dataclass
class Selection:
    """The outcome: the keys, how each was reached, and what was dropped and why."""

    keys: set[str] = field(default_factory=set)
    raws: dict[str, list[str]] = field(default_factory=dict)  # key -> kept raw forms
    how: Counter = field(default_factory=Counter)  # how kept forms were vouched for
    dropped: Counter = field(default_factory=Counter)  # raw forms dropped, by reason
    examples: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    stale: list[str] = field(default_factory=list)  # list entries that had no effect

    def drop(self, reason: str, raw: str) -> None:
        self.dropped[reason] += 1
        self.examples[reason].append(raw)

    def sample(self, reason: str, n: int = 12, seed: str = "elzzur") -> list[str]:
        """Up to ``n`` examples of a reason, the same ones on every build."""
        found = sorted(set(self.examples.get(reason, ())))
        return sorted(random.Random(f"{seed}-{reason}").sample(found, min(n, len(found))))


class Foreign:
    """The recipe's ``foreign`` check: is a word rather another language's?

    A word of a ``use = "foreign"`` list (its ``wordfreq`` language) is foreign when wordfreq
    finds it at least ``margin`` Zipf more frequent in that language than in the recipe's
    (Italian SOAP, OUT: 0.5 and 1.9 more frequent in English), unless a source named in
    ``unless`` has it (lists made by hand for the language: its loans, MAIS, SON, are its
    words). ``scope = "lone"`` checks only lone stems (entries of no affix class)."""

    def __init__(self, recipe: Recipe, settings: dict | None, lists, sources, uses) -> None:
        self.active = bool(settings)
        if not self.active:
            return
        from .frequency import WORDFREQ_LANGUAGE

        wrong = set(settings) - {"margin", "unless", "scope"}
        if wrong or not lists or settings.get("scope", "all") not in ("all", "lone"):
            raise SystemExit(f"{recipe.base}.toml: foreign takes margin, unless and scope "
                             f"(all or lone), and needs a source with use = \"foreign\"")
        unknown = set(settings.get("unless", [])) - set(uses)
        if unknown:
            raise SystemExit(f"{recipe.base}.toml: foreign.unless names no source {sorted(unknown)}")
        self.margin = settings.get("margin", 1.0)
        self.lone_only = settings.get("scope", "all") == "lone"
        self.native = {fold(f) for s in sources if s.id in settings.get("unless", []) for f in s.forms}
        specs = {spec["id"]: spec for spec in recipe.sources}
        self.lists = [({fold(f) for f in s.forms}, specs[s.id]["wordfreq"]) for s in lists]
        self.zipf = {lang: zipf_folded(lang) for lang in
                     {WORDFREQ_LANGUAGE[recipe.code], *(lang for _, lang in self.lists)}}
        self.own = self.zipf[WORDFREQ_LANGUAGE[recipe.code]]

    def which(self, folded: str, lone: bool) -> str | None:
        """The language ``folded`` is rather a word of, or None."""
        if not self.active or (self.lone_only and not lone) or folded in self.native:
            return None
        own = self.own.get(folded, 0.0)
        for words, lang in self.lists:
            if folded in words and self.zipf[lang].get(folded, 0.0) >= own + self.margin:
                return lang
        return None


def lemma_check(recipe: Recipe, settings: dict | list | None, paradigms, demoted: set[int],
                sources) -> dict[str, str]:
    """The recipe's ``lemma_check``: forms a hunspell entry makes that the ``source`` (read with
    ``lemmas = true``; or several, whose forms of a lemma are put together) does not give for
    that lemma, where it has the lemma, and that no source of ``unless`` has either; ``keep``
    (a regular expression) spares forms the source does not cover (superlatives of
    participles). Only forms that begin as the lemma does, less its last ``ending`` letters
    (the infinitive's), are checked: the others have a prefix, and are forms of another lemma
    (RIPIANTAVA of piantare/X). Italian: hunspell-it conjugates irregular verbs with the
    regular classes as well (OTTENERONO, SAPEREBBERO, UCCIDEI); Morph-it conjugates them
    right. A list of such checks applies each (Italian: Morph-it's nouns and adjectives, for
    the feminines and plurals hunspell-it's adjective classes give nouns: VINA, CODI). A form
    another entry makes and no check refuses there stays. Returns the refused forms, each with
    the name of the source that refused it."""
    if not settings:
        return {}
    checks = settings if isinstance(settings, list) else [settings]
    by_id = {s.id: s for s in sources}
    prepared = []
    for check in checks:
        names = check.get("source")
        names = [names] if isinstance(names, str) else names
        wrong = set(check) - {"source", "unless", "keep", "ending"}
        if (wrong or not names or not isinstance(names, list)
                or any(n not in by_id or not by_id[n].lemmas for n in names)
                or any(u not in by_id for u in check.get("unless", []))):
            raise SystemExit(f"{recipe.base}.toml: lemma_check takes source (a json-forms source "
                             f"read with lemmas = true, or a list of them), unless, keep and ending")
        if len(names) == 1:
            lemmas = by_id[names[0]].lemmas
        else:
            lemmas = defaultdict(set)
            for name in names:
                for lemma, forms in by_id[name].lemmas.items():
                    lemmas[lemma] |= forms
        unless = {fold(f) for i in check.get("unless", []) for f in by_id[i].forms}
        keep = re.compile(check["keep"]) if check.get("keep") else None
        prepared.append((lemmas, unless, keep, check.get("ending", 0), "+".join(names)))
    refused: dict[str, str] = {}
    made = set()
    for entry in paradigms:
        if id(entry) in demoted:
            continue
        wrong: dict[str, str] = {}
        for lemmas, unless, keep, ending, name in prepared:
            known = lemmas.get(entry.stem)
            if known is None:
                continue
            known = {fold(f) for f in known}
            root = entry.stem[:len(entry.stem) - ending]
            for form in entry.forms:
                if not (fold(form) in known or fold(form) in unless
                        or (keep and keep.search(form)) or not form.startswith(root)):
                    wrong.setdefault(form, name)
        for form, name in wrong.items():
            refused.setdefault(form, name)
        made.update(form for form in entry.forms if form not in wrong)
    return {form: name for form, name in refused.items() if form not in made}


def zipf_folded(lang: str) -> dict[str, float]:
    """wordfreq's Zipf values of a language, by folded spelling (the best of those that fold
    alike); wordfreq's "large" list where there is one."""
    import math

    import wordfreq

    wordlist = "large" if lang in wordfreq.available_languages("large") else "best"
    out: dict[str, float] = {}
    for word, freq in wordfreq.get_frequency_dict(lang, wordlist=wordlist).items():
        if word.isalpha():
            key = fold(word)
            out[key] = max(out.get(key, -math.inf), math.log10(freq) + 9)
    return out


class Splitter:
    """Is a word a compound of known words? Heads and modifiers as the recipe allows, with
    linking elements (German Fugen-s: ARBEITS-ZIMMER), recursively (SPRUDEL-FLASCHEN-EFFEKT)."""

    def __init__(self, known: set[str], settings: dict) -> None:
        self.known = known
        self.head_min = settings.get("heads_min", 4)
        self.modifier_min = settings.get("modifiers_min", 3)
        self.linkers = sorted(settings.get("linkers", []), key=len, reverse=True)
        self.memo: dict[str, bool] = {}

    def modifier(self, part: str) -> bool:
        if len(part) >= self.modifier_min and part in self.known:
            return True
        return any(part.endswith(link) and len(part) - len(link) >= self.modifier_min
                   and part[:-len(link)] in self.known for link in self.linkers)

    def __call__(self, word: str) -> bool:
        if word in self.memo:
            return self.memo[word]
        result = False
        for cut in range(self.modifier_min, len(word) - self.head_min + 1):
            head = word[cut:]
            if self.modifier(word[:cut]) and (head in self.known or self(head)):
                result = True
                break
        self.memo[word] = result
        return result


def select(recipe: Recipe, language, sources: list[SourceWords]) -> Selection:
    """Apply the recipe to the sources' forms, cleaning with ``language`` (an elzzur Language)."""
    from elzzur.lexicon.cleaning import clean_word

    settings = recipe.select
    uses = {spec["id"]: spec["use"] for spec in recipe.sources}
    words = [s for s in sources if uses[s.id] == "words"]
    trusted = set().union(*(s.forms for s in sources
                            if any(spec["id"] == s.id and spec.get("trusted")
                                   for spec in recipe.sources)))
    # Lists made for a game leave out words shorter than the game allows (Tanglet: 3 letters);
    # below that length they can confirm nothing, and the word sources' short words stand
    # on their own (all of them are few enough to review by eye: see the exclusion lists).
    # ``short_alone``: the same for a recipe whose lists of that length are plain word sources
    # (German: Wiktionary's list is no longer trusted, and still has no word under 3 letters).
    shortest = max((spec.get("min_length", 1) for spec in recipe.sources if spec["use"] == "evidence"
                    or spec.get("trusted")), default=1)
    shortest = max(shortest, settings.get("short_alone", 1))
    patterns = [(re.compile(p["pattern"], re.I), p["reason"]) for p in settings.get("patterns", [])]
    out = Selection()

    # How many sources know each folded spelling (each source counts once; foreign lists,
    # which only refuse words, do not count).
    foreign_lists = [s for s in sources if uses[s.id] == "foreign"]
    sources = [s for s in sources if uses[s.id] not in ("foreign", "names", "vocabulary")]
    # ``compare``: how spellings are matched across sources: "folded" (upper case, marks
    # dropped: the default), "marks" (upper case, marks kept) or "exact" (as written: German
    # case tells a noun from the rest, so igerman98's abbreviation min is not Wiktionary's Min)
    compare = settings.get("compare", "folded")
    if compare not in ("folded", "marks", "exact"):
        raise SystemExit(f"{recipe.base}.toml: select.compare must be 'folded', 'marks' or 'exact'")
    spelling = {"folded": fold, "marks": fold_case, "exact": str}[compare]
    # ``capitals = "drop"``: a form written all in capitals is an abbreviation (USA, ETH), which
    # neither enters nor confirms a word (the ETH does not vouch for Wiktionary's Eth).
    if settings.get("capitals", "keep") not in ("keep", "drop"):
        raise SystemExit(f"{recipe.base}.toml: select.capitals must be 'keep' or 'drop'")
    capitals = settings.get("capitals") == "drop"

    def abbreviation(form: str) -> bool:
        return capitals and len(form) >= 2 and form.isupper()

    count: Counter = Counter()
    for source in sources:
        count.update({spelling(f) for f in source.forms if not abbreviation(f)})
    # Forms a rule generates from a dictionary's lemmas count as one more source (``generated``).
    count.update(generated_forms(recipe, settings.get("generated"), sources, spelling))
    known = {k for k, n in count.items() if n >= 2}
    known |= {spelling(f) for s in sources if uses[s.id] == "evidence" for f in s.forms}
    frequent = frequent_forms(recipe, settings.get("frequency"))
    known |= frequent
    # What may confirm a secondary form: any other source, or those the recipe names.
    named = settings.get("secondary_evidence")
    unknown = set(named or ()) - set(uses)
    if unknown:
        raise SystemExit(f"{recipe.base}.toml: secondary_evidence names no source {sorted(unknown)}")

    def confirming(source: SourceWords) -> set[str]:
        # A hunspell source's forms include those of its entries whose stem is a secondary
        # form (secondary_stems): they are what is to be confirmed, never a confirmation.
        doubtful = [p for p in source.paradigms if p.stem_secondary]
        if not doubtful:
            return source.forms
        sure = set().union(*(p.forms for p in source.paradigms if not p.stem_secondary))
        return source.forms - (set().union(*(p.forms for p in doubtful)) - sure)

    confirms_secondary = {spelling(f) for s in sources if named is None or s.id in named
                          for f in confirming(s)}

    def secondary_confirmed(folded: str) -> bool:
        return folded in confirms_secondary

    # Paradigms vouched for by one confirmed form.
    vouched: set[int] = set()
    paradigm_of: dict[str, list[int]] = defaultdict(list)
    all_paradigms = [p for s in words for p in s.paradigms]
    for number, entry in enumerate(all_paradigms):
        for form in entry.forms:
            paradigm_of[form].append(number)
        for form in entry.secondary:
            paradigm_of[form].append(number)
        if settings.get("paradigms") and any(count[spelling(f)] >= 2 or spelling(f) in frequent
                                                  for f in entry.forms):
            vouched.add(number)

    # A compound's parts are matched ignoring case (KLIMA + SCHUTZES: the noun Schutz, written
    # small inside the word), whatever ``compare`` says.
    split_key = fold_case if compare == "exact" else spelling
    splitter = (Splitter({split_key(k) for k in known}, settings["compounds"])
                if settings.get("compounds") else None)
    # With ``compounds.sources``, only those sources' forms may be confirmed as compounds, and
    # of the sources in ``compounds.nouns_from`` only the forms written with a capital (German:
    # all of igerman98's, a spelling list's, and Wiktionary's nouns, KLIMA + SCHUTZ; Wiktionary's
    # list also has fused forms of separable verbs, EINREIT = EIN + REIT, that split as well).
    splittable = None
    if splitter is not None and "sources" in settings["compounds"]:
        names = settings["compounds"]["sources"]
        nouns = settings["compounds"].get("nouns_from", [])
        if not isinstance(names, list) or not isinstance(nouns, list) \
                or set(names + nouns) - {s.id for s in words}:
            raise SystemExit(f"{recipe.base}.toml: compounds.sources and nouns_from must name "
                             f"word sources")
        splittable = set().union(*(s.forms for s in words if s.id in names),
                                 *({f for f in s.forms if f[:1].isupper()} for s in words
                                   if s.id in nouns))
    # An entry whose stem is itself a secondary form (DIVERTIRSI) makes secondary forms only,
    # unless what confirms secondary forms has its stem (OSPITALE).
    demoted = {id(p) for p in all_paradigms
               if p.stem_secondary and not secondary_confirmed(spelling(p.stem))}
    primary = set().union(*(s.forms for s in words if not s.paradigms),
                          *(p.forms for p in all_paradigms if id(p) not in demoted))
    secondary = {f for s in words for p in s.paradigms for f in p.secondary}
    secondary = (secondary | {f for p in all_paradigms if id(p) in demoted for f in p.forms}) - primary
    # Forms that only entries with no affix class make (SOAP, ETC: the stem alone); with
    # ``lone_elisions``, also entries whose classes only elide (Italian ETIO/Tqr, ORDONA/TUqrs:
    # l', un', bell' make no game word, and lower-case names and prefixes carry them).
    elided = bool(settings.get("lone_elisions"))

    def alone(p) -> bool:
        return not p.flags or (elided and p.elisions_only)

    lone = set().union(*(p.forms for p in all_paradigms if alone(p))) - set().union(
        *(p.forms for p in all_paradigms if not alone(p)))
    lone_unconfirmed = settings.get("unconfirmed_lone")  # None: as the other forms
    if lone_unconfirmed not in (None, "keep", "drop"):
        raise SystemExit(f"{recipe.base}.toml: select.unconfirmed_lone must be 'keep' or 'drop'")
    foreign = Foreign(recipe, settings.get("foreign"), foreign_lists, sources, uses)
    refused = lemma_check(recipe, settings.get("lemma_check"), all_paradigms, demoted, sources)
    for source in words:
        for tag, forms in source.tagged.items():
            for raw in forms - primary:
                out.drop(f"tagged {tag}", raw)

    vowelless = {w.upper() for w in settings.get("vowelless", [])}
    roman = {w.upper() for w in settings.get("roman", [])}
    for raw in sorted(primary | secondary):
        folded = spelling(raw)
        if abbreviation(raw):
            out.drop("written in capitals (an abbreviation)", raw)
            continue
        if raw in refused:
            out.drop(f"not in {refused[raw]}'s forms of its lemma", raw)
            continue
        if raw in secondary:
            if not secondary_confirmed(folded):
                out.drop("secondary form, unconfirmed", raw)
                continue
            how = "secondary form confirmed"
        elif count[folded] >= 2:
            how = "in two sources"
        elif raw in trusted:
            how = "a word-game list"
        elif folded in frequent:
            how = "frequent in running text (wordfreq)"
        elif len(folded) < shortest:
            how = f"shorter than {shortest} letters (no second list has such words)"
        elif any(n in vouched for n in paradigm_of.get(raw, ())):
            how = "paradigm confirmed"
        elif splitter is not None and (splittable is None or raw in splittable) \
                and splitter(split_key(raw)):
            how = "compound of known words"
        elif raw in lone and lone_unconfirmed == "drop":
            out.drop("lone stem (no affix class), unconfirmed", raw)
            continue
        elif raw in lone and lone_unconfirmed == "keep":
            how = "one source (lone stem)"
        elif settings.get("unconfirmed", "keep") == "keep":
            how = "one source"
        else:
            out.drop("unconfirmed (one source only)", raw)
            continue
        key = clean_word(raw, language)
        if key is None:
            out.drop("cleaning (capitalised, not letters, too short)", raw)
            continue
        if not VOWELS.intersection(key) and key not in vowelless:
            out.drop("no vowel (abbreviation, unit)", raw)
            continue
        if is_roman(key) and key not in roman:
            out.drop("Roman numeral", raw)
            continue
        language_of = foreign.which(folded, raw in lone)
        if language_of:
            out.drop(f"foreign word (more frequent in {language_of})", raw)
            continue
        pattern = next((reason for regex, reason in patterns if regex.search(raw)), None)
        if pattern is not None:
            out.drop(f"pattern: {pattern}", raw)
            continue
        if raw.casefold() in recipe.exclude:
            out.drop(f"excluded: {recipe.exclude.reasons[raw.casefold()]}", raw)
            continue
        out.how[how] += 1
        out.keys.add(key)
        out.raws.setdefault(key, []).append(raw)

    excluded_seen = {raw.casefold() for reason in out.examples if reason.startswith("excluded")
                     for raw in out.examples[reason]}
    out.stale += [f"-{w}" for w in recipe.exclude if w not in excluded_seen]
    for word, reason in recipe.include.reasons.items():
        key = clean_word(word, language) or clean_word(word.capitalize(), language)
        if key is None:
            raise SystemExit(f"{recipe.base}.include: {word!r} is not a word of {language.code}")
        if key in out.keys:
            out.stale.append(f"+{word}")
            continue
        out.how[f"included: {reason}"] += 1
        out.keys.add(key)
        out.raws.setdefault(key, []).append(word)
    out.paradigms = all_paradigms  # for the commonness bands
    out.paradigm_of = paradigm_of
    return out


def generated_forms(recipe: Recipe, settings: list | None, sources, fold) -> set[str]:
    """The ``generated`` confirmation: ``[{ rule = NAME, source = ID }]``, each rule of
    ``lexicon.generated`` applied to the lemmas of a source read with ``lemmas = true``; what
    it makes counts as one source more (never a word by itself: it only confirms a form a
    candidate source has)."""
    if not settings:
        return set()
    from .generated import RULES

    by_id = {s.id: s for s in sources}
    out: set[str] = set()
    for item in settings:
        if (not isinstance(item, dict) or set(item) != {"rule", "source"} or item["rule"] not in RULES
                or item["source"] not in by_id or not by_id[item["source"]].lemmas):
            raise SystemExit(f"{recipe.base}.toml: generated takes [{{ rule, source }}], rule one of "
                             f"{sorted(RULES)}, source a json-forms source read with lemmas = true")
        made = RULES[item["rule"]](by_id[item["source"]].lemmas)
        out |= {fold(f) for f in made} - {fold(f) for f in by_id[item["source"]].forms}
    return out


def frequent_forms(recipe: Recipe, settings: dict | None) -> set[str]:
    """The ``frequency`` evidence: folded spellings that wordfreq finds at least ``zipf``
    (log10 of the frequency per billion words) in the recipe's language; none unless the
    recipe asks."""
    if not settings:
        return set()
    if set(settings) != {"zipf"} or not isinstance(settings["zipf"], (int, float)):
        raise SystemExit(f"{recipe.base}.toml: frequency takes zipf only, e.g. {{ zipf = 3.0 }}")
    import wordfreq

    from .frequency import WORDFREQ_LANGUAGE

    lang = WORDFREQ_LANGUAGE[recipe.code]
    wordlist = "large" if lang in wordfreq.available_languages("large") else "best"
    lowest = 10 ** (settings["zipf"] - 9)
    return {fold(word) for word, freq in wordfreq.get_frequency_dict(lang, wordlist=wordlist).items()
            if freq >= lowest and word.isalpha()}
