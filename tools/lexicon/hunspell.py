"""Expand a hunspell dictionary into paradigms: each stem of the ``.dic`` with every form its
affixes make, and its morphological fields (Dicollecte's ``po:`` tags in French).

hunspell's own ``unmunch`` is no use on modern dictionaries (it leaves French unexpanded and
invents Spanish forms); spylls (PyPI, a hunspell in pure Python) parses the ``.aff``/``.dic``,
and ``paradigms`` enumerates the forms. Keeping the forms per stem, rather than one flat set, is
what lets the selection confirm a whole paradigm from one form another list knows, and lets a
rare form inherit the commonness of its lemma.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable


@dataclass
class Paradigm:
    """One ``.dic`` entry: its stem, flags, morphological fields and forms (stem included
    when the stem is a word by itself)."""

    stem: str
    flags: frozenset[str]
    data: dict[str, list[str]]
    forms: list[str] = field(default_factory=list)
    #: forms only an affix the recipe refuses makes (kept where another list confirms them)
    secondary: list[str] = field(default_factory=list)
    #: the stem itself is a form only a refused affix makes of another entry (``secondary_stems``)
    stem_secondary: bool = False
    #: every affix class of the entry only elides (its affixes all add an apostrophe or a
    #: hyphen: Italian l', un', bell'): the entry makes no game word but its stem
    elisions_only: bool = False

    def tags(self) -> set[str]:
        """The entry's tags as ``key:value`` strings, plus ``flag:F`` for each flag."""
        out = {f"{key}:{value}" for key, values in self.data.items() for value in values}
        return out | {f"flag:{flag}" for flag in self.flags}


def load(base: Path):
    """Parse ``base.aff`` and ``base.dic`` with spylls; returns (Aff, Dic)."""
    from spylls.hunspell import readers
    from spylls.hunspell.readers.file_reader import FileReader

    aff, context = readers.read_aff(FileReader(str(base) + ".aff"))
    dic = readers.read_dic(FileReader(str(base) + ".dic", encoding=context.encoding), aff=aff,
                           context=context)
    return aff, dic


def paradigms(aff, dic, skip_flags: frozenset[str] = frozenset(),
              affix_filter: Callable | None = None,
              secondary_flags: frozenset[str] = frozenset(),
              skip_affixes: Callable | None = None,
              secondary_stems: bool = False) -> list[Paradigm]:
    """Every ``.dic`` entry with its non-compound forms.

    Forms: stem; stem+suffix; stem+suffix+continuation suffix; prefix+stem; and the same with a
    prefix when prefix and suffix(es) allow cross products. An affix's flag must be on the stem
    or on the other affix (continuation flags). Honoured: affix conditions and strip strings,
    FULLSTRIP, FORBIDDENWORD (no forms from a forbidden stem, forbidden words never emitted),
    ONLYINCOMPOUND (on the stem or any affix), NEEDAFFIX (stem needs an affix; an affix that
    needs another one cannot be the only one), CIRCUMFIX (prefix and suffix both or neither).
    Affix classes in ``skip_flags`` and affixes adding an apostrophe or a hyphen (elisions,
    clitics; such forms would be refused by clean_word anyway) are not used, nor are the affixes
    the predicate ``skip_affixes(aff)`` refuses (Portuguese verb forms only written before a
    hyphenated pronoun, which other lists repeat: ``portuguese_clitic_stem_filter``). Forms
    that need an affix of a class in ``secondary_flags``, or one refused by the predicate
    ``affix_filter(aff)``, go to the entry's ``secondary`` forms
    (unless another affix makes them too): the selection keeps them only where another list
    confirms them (Italian GENERALE is generare + enclitic -le to hunspell, and nothing else).
    With ``secondary_stems``, an entry whose stem is such a form of another entry is marked
    ``stem_secondary`` (Italian DIVERTIRSI, CONDIVIDILO: a verb with its pronoun written as an
    entry of its own; but also OSPITALE, which ospitare + -le makes too): the selection keeps
    its forms as primary only where a list confirms the stem. An entry whose affix classes all
    only elide (add an apostrophe or a hyphen) is marked ``elisions_only``.
    """
    forbid, need, only, circ = aff.FORBIDDENWORD, aff.NEEDAFFIX, aff.ONLYINCOMPOUND, aff.CIRCUMFIX
    fullstrip = aff.FULLSTRIP
    keep = affix_filter(aff) if affix_filter else (lambda affix: True)
    use = skip_affixes(aff) if skip_affixes else (lambda affix: True)

    def usable(table):
        return {
            flag: [a for a in affixes if "'" not in a.add and "-" not in a.add and use(a)]
            for flag, affixes in table.items()
            if flag not in skip_flags
        }

    sfx, pfx = usable(aff.SFX), usable(aff.PFX)
    refused = {id(a) for table in (sfx, pfx) for affixes in table.values() for a in affixes
               if a.flag in secondary_flags or not keep(a)}

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

    def allowed(p, s1, s2):
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

    def add(form, primary, secondary, *affixes):
        if refused and any(a is not None and id(a) in refused for a in affixes):
            secondary.add(form)
        else:
            primary.add(form)

    forbidden_stems = {w.stem for w in dic.words if forbid and forbid in w.flags}
    elisions = {flag for table in (aff.SFX, aff.PFX) for flag, affixes in table.items()
                if affixes and all("'" in a.add or "-" in a.add for a in affixes)}
    out: list[Paradigm] = []
    for word in dic.words:
        stem, flags = word.stem, word.flags
        entry = Paradigm(stem, frozenset(flags), {k: list(v) for k, v in (word.data or {}).items()},
                         elisions_only=bool(flags) and set(flags) <= elisions)
        out.append(entry)
        if forbid and forbid in flags or only and only in flags:
            continue
        forms: set[str] = set()
        secondary: set[str] = set()
        if not (need and need in flags):
            forms.add(stem)
        if stem not in forbidden_stems:  # hunspell refuses every affixed form of a stem with
            # a forbidden homonym
            for form, s1, s2 in [(stem, None, None), *suffixed(stem, flags)]:
                if s1 is not None and allowed(None, s1, s2):
                    add(form, forms, secondary, s1, s2)
                if s1 is not None and not s1.crossproduct:
                    continue
                pflags = flags | s1.flags if s1 is not None else flags
                for flag in pflags:
                    for p in pfx.get(flag, ()):
                        if s1 is not None and not p.crossproduct:
                            continue
                        made = prefix(p, form)
                        if made is not None and allowed(p, s1, s2):
                            add(made, forms, secondary, p, s1, s2)
            # Suffixes allowed only by a prefix's continuation flags.
            for flag in flags:
                for p in pfx.get(flag, ()):
                    extra = p.flags - flags
                    if not extra or not p.crossproduct:
                        continue
                    for form, s1, s2 in suffixed(stem, extra):
                        made = prefix(p, form)
                        if made is not None and allowed(p, s1, s2):
                            add(made, forms, secondary, p, s1, s2)
        entry.forms = sorted(forms)
        entry.secondary = sorted(secondary - forms)
    if forbid:
        never = {s for s in forbidden_stems if dic.has_flag(s, forbid, for_all=True)}
        for entry in out:
            if never.intersection(entry.forms):
                entry.forms = [f for f in entry.forms if f not in never]
            if never.intersection(entry.secondary):
                entry.secondary = [f for f in entry.secondary if f not in never]
    if secondary_stems:
        made = {f for entry in out for f in entry.secondary}  # never the entry's own forms
        for entry in out:
            entry.stem_secondary = entry.stem in made
    return out


# --------------------------------------------------------------------------------------------
# Italian: no verb forms with enclitic pronouns glued on, no numerals
# --------------------------------------------------------------------------------------------

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
    classes mix plain conjugation and such enclitic forms. The other suffix is looked for in
    the same class, or for verb endings (strip ``...re``) in any class, since a verb's
    conjugation is spread over several classes (-isci in one, -iscimelo in another).
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


# --------------------------------------------------------------------------------------------
# Portuguese: no verb forms cut short for a hyphenated pronoun
# --------------------------------------------------------------------------------------------

def portuguese_clitic_stem_filter(aff) -> Callable[[object], bool]:
    """A predicate refusing the Portuguese suffixes that make a first person plural without its
    final -s, the shape it takes only before a hyphenated pronoun: ``depenamo-lo`` is spelt
    as ``depenamo`` + ``-lo`` by hunspell-pt-br (it checks the parts apart), so its affix file
    derives DEPENAMO, FALAREMO, PARTAMO from every verb, and wbrazilian and Tanglet's pt_BR
    list, made the same way, repeat them: no second list can refuse them. Such a suffix adds
    an ending in ``-mo`` to an infinitive (its condition ends in ``r``) where another suffix
    with the same strip and condition adds the same ending plus ``s``; superlatives
    (-íssimo, -íssimos) are not verb forms and stay.
    """
    endings = {(a.strip, a.add, a.condition) for affixes in aff.SFX.values() for a in affixes}

    def cut_short(a) -> bool:
        return (a.add.endswith("mo") and a.condition.endswith("r") and not a.add.endswith("íssimo")
                and (a.strip, a.add + "s", a.condition) in endings)

    return lambda affix: not cut_short(affix)


AFFIX_FILTERS = {"italian-enclitics": italian_enclitic_filter,
                 "portuguese-clitic-stems": portuguese_clitic_stem_filter}
