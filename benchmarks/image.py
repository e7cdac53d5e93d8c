#!/usr/bin/env python3
"""How well `elzzur read` reads boards: the corpus of benchmarks/image_corpus.py, read back.

For each style (screenshots of five kinds, simulated photos of Boggle dice): the share of tiles
read right (letters and bonus), of boards read entirely right, of wrong tiles that were flagged,
of right tiles flagged needlessly, boards with no grid found, and the time per picture (the
reading alone, picture in memory to board; the picture is drawn beforehand).

    python benchmarks/image.py               # the full corpus (600 pictures, seed 1)
    python benchmarks/image.py --quick       # 24 pictures
    python benchmarks/image.py --count 120 --seed 7 --show-errors
    python benchmarks/image.py --count 100 --two-letter   # Big Boggle's two-letter faces
    python benchmarks/image.py --looks --count 120 --seed 101   # the games' real looks
                                                                # (benchmarks/image_looks.py)

Seeds of --looks: 100-199 are for tuning, 1000 and up for reporting (never tuned on).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import defaultdict

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from image_corpus import ALPHABETS, LEARNT_FONTS, STYLES, URW_FONTS, corpus  # noqa: E402

from elzzur.errors import ElzzurError  # noqa: E402
from elzzur.image.model import Classifier  # noqa: E402
from elzzur.image.reader import read_picture  # noqa: E402


class Both:
    """Counts kept in two tables at once (by style, and by learnt or new font)."""

    def __init__(self, *tables) -> None:
        self.tables = tables

    def __getitem__(self, key):
        return self.tables[0][key]

    def __setitem__(self, key, value) -> None:
        change = value - self.tables[0][key]
        for table in self.tables:
            table[key] += change


def letters_of(language: str) -> set[str]:
    letters = set(ALPHABETS[language])
    return letters | {"Qu"} if {"Q", "U"} <= letters else letters


def same(token: str, truth: str) -> bool:
    """A tile read right: its token as the truth's, a multi-letter tile in any case (``TH``
    and ``Th`` are one tile to a board)."""
    return token == truth or len(token) > 1 and token.upper() == truth.upper()


def main() -> int:
    parser = argparse.ArgumentParser(description="measure elzzur read on a drawn corpus")
    parser.add_argument("--count", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="24 pictures")
    parser.add_argument("--styles", default=",".join(STYLES))
    parser.add_argument("--show-errors", action="store_true")
    parser.add_argument("--two-letter", action="store_true",
                        help="English boards with one to three faces of Big Boggle's "
                             "two-letter die (An Er He In Qu Th), read with those faces")
    parser.add_argument("--looks", action="store_true",
                        help="the games' real looks (benchmarks/image_looks.py) instead")
    parser.add_argument("--glyphs", metavar="NPZ",
                        help="another classifier file (tools/train_glyphs.py -o) to measure")
    parser.add_argument("--dump", metavar="TSV",
                        help="write each tile's scores there (to calibrate the confidence)")
    args = parser.parse_args()
    count = 24 if args.quick else args.count
    if args.looks:
        from image_looks import LOOKS
        if args.styles == ",".join(STYLES):
            args.styles = ",".join(LOOKS)
    styles = tuple(args.styles.split(","))
    faces = ("An", "Er", "He", "In", "Qu", "Th") if args.two_letter else ()
    languages = ("en",) if args.two_letter else tuple(ALPHABETS)
    classifiers = {code: Classifier(letters_of(code) | set(faces), args.glyphs)
                   for code in languages}
    stats: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    dump = open(args.dump, "w", encoding="utf-8") if args.dump else None
    if args.looks:
        from image_looks import looks
        samples = looks(args.seed, count, styles)
    else:
        samples = corpus(args.seed, count, styles=styles, languages=languages, faces=faces)
    for number, sample in enumerate(samples):
        learnt = sample.font in LEARNT_FONTS or sample.font == "pillow:default"
        kind = "photo" if sample.style in ("photo", "dice") else "screenshot"
        fonts = ("learnt" if learnt else "new URW" if sample.font in URW_FONTS else "other new")
        s = Both(stats[sample.style], stats[f"{kind}s, {fonts} fonts"])
        s["boards"] += 1
        s["tiles"] += sum(len(row) for row in sample.truth)
        start = time.perf_counter()
        try:
            bonuses = (sample.style in ("ruzzle", "elzzur") or args.looks and
                       sample.note.startswith(("ruzzle", "rough small (ruzzle",
                                               "rough jpeg (ruzzle", "rough turned (ruzzle",
                                               "rough screen (ruzzle")))
            reading = read_picture(sample.image, letters_of(sample.language) | set(faces),
                                   bonuses=bonuses, classifier=classifiers[sample.language])
        except ElzzurError as e:
            s["seconds"] += time.perf_counter() - start
            s["no grid"] += 1
            s["missed tiles"] += sum(len(row) for row in sample.truth)
            if args.show_errors:
                print(f"#{number} {sample.style} {sample.note}: {e}")
            continue
        s["seconds"] += time.perf_counter() - start
        got = [[t.token for t in row] for row in reading.rows]
        if len(got) != len(sample.truth) or len(got[0]) != len(sample.truth[0]):
            s["wrong size"] += 1
            s["missed tiles"] += sum(len(row) for row in sample.truth)
            if args.show_errors:
                print(f"#{number} {sample.style} {sample.note}: read {len(got)}x{len(got[0])}")
            continue
        wrong = 0
        for truth_row, row in zip(sample.truth, reading.rows):
            for truth, tile in zip(truth_row, row):
                if dump:
                    dump.write(f"{sample.style}\t{int(learnt)}\t{truth}\t{tile.token}\t"
                               f"{tile.scores[0]:.4f}\t{tile.scores[1]:.4f}\t{tile.second}\t"
                               + "\t".join(str(v) for v in tile.scores[2:])
                               + f"\t{tile.confidence}\t{tile.why}\t{sample.note}\n")
                if same(tile.token, truth):
                    s["right"] += 1
                    s["needless flags"] += tile.flagged
                else:
                    wrong += 1
                    s["wrong"] += 1
                    s["wrong flagged"] += tile.flagged
                    if args.show_errors:
                        print(f"#{number} {sample.style} {sample.note}: {truth} read as {tile.token} "
                              f"({tile.confidence:.2f}{', flagged' if tile.flagged else ''}; "
                              f"{tile.why})")
        s["boards right"] += wrong == 0
    print("| pictures | tiles right | boards right | wrong tiles flagged | right tiles flagged "
          "| no grid / wrong size | time per picture |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    groups = {style: [style] for style in styles}
    screenshots = [st for st in styles if st not in ("photo", "dice")]
    if len(screenshots) > 1:
        groups["all screenshots"] = screenshots
    for kind in ("screenshots", "photos"):
        for fonts in ("learnt", "new URW", "other new"):
            groups[f"{kind}, {fonts} fonts"] = [f"{kind}, {fonts} fonts"]
    for name, members in groups.items():
        total = defaultdict(float)
        for member in members:
            for key, value in stats[member].items():
                total[key] += value
        if not total["boards"]:
            continue
        read = total["right"] + total["wrong"]
        print(f"| {name}: {total['boards']:.0f} | {100 * total['right'] / total['tiles']:.2f} % "
              f"| {100 * total['boards right'] / total['boards']:.1f} % "
              f"| {total['wrong flagged']:.0f} of {total['wrong']:.0f} "
              f"| {100 * total['needless flags'] / max(read, 1):.2f} % "
              f"| {total['no grid']:.0f} / {total['wrong size']:.0f} "
              f"| {1000 * total['seconds'] / total['boards']:.0f} ms |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
