"""``languages``: the table of languages and their dictionaries, or one dictionary in full (``-l``)."""

from __future__ import annotations

import os

from ..errors import ElzzurError
from ..files import licence_file
from ..lexicon.dictionary import dictionary_info
from .commands import Args
from .output import Output

def run_languages(args: Args, out: Output) -> None:
    from ..lexicon.dictionary import has_builtin_dictionary, load_dictionary
    from ..lexicon.languages import BUILT_IN, catalogue

    if args.language is not None:
        describe_language(args.language, out)
        return
    long = getattr(args, "long", False)
    rows = [("code", "name", "words", "from", "dictionary source" if long else "notes")]
    for code, where, path, language in catalogue():
        origin = "built-in" if where == BUILT_IN else path
        if isinstance(language, ElzzurError):  # a broken user file: say so, list the others
            rows.append((code, "-", "-", origin, f"error: {language}"))
            continue
        if where == BUILT_IN and not has_builtin_dictionary(language):
            continue  # not built in this checkout: nothing to solve with
        if language.dictionary_path is None:
            rows.append((code, language.name, "-", origin, "no dictionary (give one with -d)"))
            continue
        notes = []
        try:
            dictionary = load_dictionary(None, language)
            words = f"{len(dictionary):,}"
            if long:  # the build's summary (tests/test_lexicon.py)
                notes.append(language.dictionary_source)
            if dictionary.corrections is not None:  # the words count them
                notes.append(f"your corrections: {dictionary.corrections.summary()}")
        except ElzzurError as e:
            words, notes = "-", [f"error: {e}"]
        rows.append((code, language.name, words, origin, "; ".join(notes)))
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    for row in rows:  # (the sources are long: the table fits 100 columns without them)
        out.write(f"{row[0]:<{widths[0]}}  {row[1]:<{widths[1]}}  {row[2]:>{widths[2]}}  "
                  f"{row[3]:<{widths[3]}}  {row[4]}".rstrip() + "\n")

def describe_language(spec: str, out: Output) -> None:
    """``languages -l CODE``: the language, its dictionary's sources and what the build kept
    and removed (``<dictionary>.info.toml``, written by tools/build_dictionaries.py)."""
    from ..lexicon.dictionary import has_builtin_dictionary, load_dictionary
    from ..lexicon.languages import get_language

    language = get_language(spec)
    where = "built-in" if language.where == "built-in" else language.file
    lines = [f"{language.code}: {language.name} ({where})"]
    if language.dictionary_path is None or not has_builtin_dictionary(language):
        lines.append("dictionary: none of its own (give one with -d)")
        out.write("\n".join(lines) + "\n")
        return
    dictionary = load_dictionary(None, language)
    info = dictionary_info(language)
    shown = language.dictionary if language.where == "built-in" else language.dictionary_path
    lines.append(f"dictionary: {shown}, {len(dictionary):,} words")
    if dictionary.corrections is not None:
        lines.append(f"your corrections: {dictionary.corrections.summary()} (elzzur words list "
                     f"-l {language.code})")
    if info is None:
        lines.append(f"source: {language.dictionary_source}")
        out.write("\n".join(lines) + "\n")
        return
    lines.append(f"built from: {info['summary']}")
    for source in info.get("source", []):
        role = {"words": "its words", "evidence": "evidence only: confirms words",
                "foreign": "foreign words: refuses words", "names": "names: for the commonness "
                "bands", "vocabulary": "common vocabulary: for the commonness bands"}.get(source["use"], source["use"])
        lines.append(f"  {source['package']} {source['version']} ({source['file']}): {role}")
    kept = info.get("kept", {})
    lines.append(f"kept, by the evidence that they are words ({sum(kept.values()):,} forms):")
    lines += [f"  {n:>9,}  {how}" for how, n in sorted(kept.items(), key=lambda item: -item[1])]
    removed = info.get("removed", {})
    lines.append(f"removed ({sum(r['count'] for r in removed.values()):,} forms):")
    lines += [f"  {r['count']:>9,}  {reason}: e.g. {r['examples']}" for reason, r in removed.items()]
    bands = info.get("bands")
    if bands:
        lines.append("commonness bands (solve --common keeps the first two): " + ", ".join(
            f"{name} {n:,}" for name, n in bands.items()))
    licence = licence_file(language.code)
    if licence:  # named as the source tree and the installed package both hold it
        lines.append(f"licences: licenses/{os.path.basename(licence)} (installed as "
                     f"elzzur/licenses/{os.path.basename(licence)})")
    out.write("\n".join(lines) + "\n")
