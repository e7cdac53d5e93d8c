"""The licence file shipped with each built-in dictionary: ``licenses/<code>.txt``.

It names every package the dictionary was made from (its words) or checked against (evidence
only), with its version and its own copyright statement (preceded by the recipe's
``licence_note`` for that source, where the package's files do not tell the whole truth: a
packaging licence that is not the data's), and the word-frequency data the commonness bands
come from. Full licence texts the statements refer to are copied from
``/usr/share/common-licenses``.
"""

from __future__ import annotations

import re
import shutil
import textwrap
from pathlib import Path

from .packages import Packages

COMMON_LICENSES = Path("/usr/share/common-licenses")

WORDFREQ_NOTICE = """\
The commonness bands (elzzur/res/dictionaries/{code}.bands) are derived from the word frequencies of
wordfreq {version} (https://github.com/rspeer/wordfreq), by Robyn Speer, whose data is licensed
under the Creative Commons Attribution-ShareAlike 4.0 licence
(https://creativecommons.org/licenses/by-sa/4.0/); the bands are distributed under the same
licence. wordfreq's data in turn contains data from Google Books Ngrams, Wikipedia, the
OpenSubtitles project (via the Leipzig and SUBTLEX corpora), Twitter and other sources named in
wordfreq's README.
"""


def dep5_excerpt(text: str, files: str) -> str:
    """From a DEP-5 copyright file: its header, the ``Files: <files>`` stanza and its licences."""
    paragraphs = [p for p in re.split(r"\n\s*\n", text) if p.strip()]
    stanza = next(p for p in paragraphs if p.startswith(f"Files: {files}\n"))
    names = re.search(r"^License: (.+)$", stanza, re.M).group(1)
    wanted = {n.strip() for n in re.split(r"\s+or\s+|\s+and\s+|,", names) if n.strip()}
    licences = [p for p in paragraphs if p.startswith("License: ")
                and p.split("\n", 1)[0][9:].strip() in wanted]
    return "\n\n".join([paragraphs[0], stanza, *licences]) + "\n"


def full_texts(text: str) -> list[str]:
    """The common licences a copyright statement names (GPL-2, LGPL-3, MPL-2.0, ...); an
    unversioned name (GPL) is the file it links to (GPL-3)."""
    names = set()
    for path in sorted(COMMON_LICENSES.glob("*")):
        name = path.name
        if re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-]|\.\d)", text) or \
                re.search(rf"/usr/share/common-licenses/{re.escape(name)}\b", text):
            names.add(path.resolve().name if path.is_symlink() else name)
    return sorted(names)


def write(code: str, recipe, packages: Packages, wordfreq_version: str, folder: Path) -> list[Path]:
    sections, needed = [], set()
    for spec in recipe.sources:
        package = spec["package"]
        statement = packages.copyright(package)
        if spec.get("licence"):
            statement = dep5_excerpt(statement, spec["licence"])
        role = ("its words" if spec["use"] == "words" else
                "foreign-word check only: none of its words is added" if spec["use"] == "foreign" else
                "names and common vocabulary, for the commonness bands: none of its words is added"
                if spec["use"] in ("names", "vocabulary") else
                "evidence only: words it confirms are kept; none of its words is added")
        note = ""
        if spec.get("licence_note"):  # what the package's own files do not say (optional)
            note = "\n\n".join(textwrap.fill(p.strip(), 78) for p in spec["licence_note"].split("\n\n")) + "\n\n"
        needed.update(full_texts(note + statement))
        sections.append(f"{package} {packages.version(package)} ({spec['file']}): {role}\n\n"
                        + note + statement.strip() + "\n")
    title = f"Licences of elzzur/res/dictionaries/{code}.*"
    header = (f"{title}\n{'=' * len(title)}\n\n"
              f"The dictionary {code}.marisa and its word graph {code}.dawg are built by\n"
              f"tools/build_dictionaries.py from the packages below (recipe elzzur/res/lexicon/"
              f"{recipe.base}.toml)\nand are distributed under the licences of the packages "
              f"whose words they contain.\nFull licence texts in this folder: "
              f"{', '.join(sorted(n + '.txt' for n in needed)) or 'none needed'}.\n\n")
    body = ("\n" + "-" * 78 + "\n\n").join(sections)
    text = header + body + "\n" + "-" * 78 + "\n\n" + WORDFREQ_NOTICE.format(
        code=code, version=wordfreq_version)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{code}.txt"
    path.write_text(text, encoding="utf-8")
    written = [path]
    for name in sorted(needed):
        target = folder / f"{name}.txt"
        shutil.copyfile(COMMON_LICENSES / name, target)
        written.append(target)
    return written
