"""Real GCG records through ``elzzur scrabble --gcg``: how many are reviewed, how many refused
with the line that could not be read, how many fail otherwise.

    python benchmarks/gcg_records.py FOLDER... [--lang-for PART=LANG ...]

Every ``*.gcg`` under the folders is reviewed in its own process, with the edition ``en``
unless its path contains a PART given with ``--lang-for`` (``--lang-for scrabscrap=de``).
The records measured are listed in tests/data/gcg/SOURCES.md; their licences (GPL-3.0) keep
them out of this repository, so bring them with their repositories (quackle/quackle,
domino14/macondo, scrabscrap/scrabble-scraper-v2, jvc56/MAGPIE).
"""

from __future__ import annotations

import argparse
import pathlib
import re
import subprocess
import sys

LINE = re.compile(r", line \d+: ")


def outcome(path: pathlib.Path, language: str) -> tuple[str, str]:
    """(``reviewed``, ``refused at a line``, or ``other``; the first line of stderr that says
    why, or the count of lines not read)."""
    run = subprocess.run([sys.executable, "-m", "elzzur", "scrabble", "-l", language, "--gcg",
                          str(path)], capture_output=True, text=True, timeout=600)
    errors = [line for line in run.stderr.splitlines() if "error:" in line]
    warnings = [line for line in run.stderr.splitlines() if "warning:" in line]
    notes = [line for line in run.stderr.splitlines() if "note:" in line]
    if run.returncode == 0:
        said = (warnings[-1] if warnings else "") or (notes[0] if notes else "")
        return "reviewed", said
    if run.returncode == 1 and errors and LINE.search(errors[0]) and "Traceback" not in \
            run.stderr:
        return "refused at a line", errors[0]
    return "other", (errors or run.stderr.splitlines() or [f"exit {run.returncode}"])[0]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=pathlib.Path)
    parser.add_argument("--lang-for", action="append", default=[], metavar="PART=LANG")
    args = parser.parse_args(argv)
    languages = dict(item.split("=", 1) for item in args.lang_for)
    counts: dict[str, int] = {}
    paths = sorted(p for folder in args.folders for p in folder.rglob("*.gcg"))
    for path in paths:
        language = next((lang for part, lang in languages.items() if part in str(path)), "en")
        kind, said = outcome(path, language)
        counts[kind] = counts.get(kind, 0) + 1
        print(f"{kind:<18} {language}  {path}  {said[:160]}")
    print(f"\n{len(paths)} records: " + ", ".join(f"{n} {k}" for k, n in sorted(counts.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
