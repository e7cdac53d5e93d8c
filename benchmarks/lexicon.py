#!/usr/bin/env python3
"""The lexicon report: how much junk a player meets in each built-in dictionary, and which
ordinary words it lacks.

    python benchmarks/lexicon.py                    # every dictionary, 30 boards each
    python benchmarks/lexicon.py --only it --todo   # and list what still needs judging

**Junk.** On seeded random 4x4 Ruzzle boards (``--boards``, default 30, seeds from
``--seed``), the words found are sampled as a player meets them: the 40 best by score on each
board and 40 drawn from the rest. A sampled word is *flagged* when independent evidence doubts
it (``flags``): no reference list of the language has it (``benchmarks/lexicon.toml``: lists
the dictionary was not made from where there are such) and it is rare in running text; it is
very rare (wordfreq Zipf < 1); another language uses it more (THE in Dutch); or it is a short
rare word (abbreviations live there). Flagged words are judged by eye, once, in
``benchmarks/lexicon/<code>.judged`` (``WORD ok`` or ``WORD junk  # why``); the junk rate is
judged junk over all sampled words, and words still unjudged are counted apart, never as good.
Unflagged words are taken as good: they are in a second list and written often enough.

**Missing.** Of the language's 10,000 most frequent words (wordfreq), those the dictionary
lacks, less the ones judged not to be game words (``WORD notword  # name``).

**Tournament coverage** (English): the share of a tournament list's 2-8 letter words present.

**Every word** (``--every-word``, issue 31's method): every distinct word found on the boards
(seeds ``--seed`` on, or the list ``--seeds``) is flagged or not as above; a random sample of
the flagged (``--flagged-sample``, 0: all of them) and of the rest (``--sample``) is judged,
and the junk rate among all words found is estimated stratum by stratum, with a Wilson 95 %
interval for each stratum's rate (the flagged and the unflagged words' intervals weighted by
their shares, which is conservative). Band-1 junk is counted apart (``--common`` shows band 1
and 2 words first). Unjudged sampled words are listed by ``--todo`` and counted apart.

Measure on seeds not used to tune the lists (the default seed is the held-out one; the
recipes' exclusions were made from other boards), so the rate is what a player will meet.
Needs the packages of ``benchmarks/lexicon.toml`` (fetched like the build's) and wordfreq.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import tomllib
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tools"))

from elzzur.lexicon.dictionary import Dictionary  # noqa: E402
from elzzur.grid.generate import random_board  # noqa: E402
from elzzur.lexicon.graph import WordGraph  # noqa: E402
from elzzur.lexicon.languages import get_language  # noqa: E402
from elzzur.grid.rules import get_rules  # noqa: E402
from elzzur.grid.solver import find_words  # noqa: E402
from lexicon.frequency import WORDFREQ_LANGUAGE  # noqa: E402
from lexicon.packages import Packages  # noqa: E402
from lexicon.select import fold  # noqa: E402
from lexicon.sources import read_source  # noqa: E402

CONFIG = REPO / "benchmarks" / "lexicon.toml"
JUDGED = REPO / "benchmarks" / "lexicon"
TOP, TAIL = 40, 40
VERDICTS = ("ok", "junk", "notword")


def read_judged(code: str) -> dict[str, tuple[str, str]]:
    """``WORD verdict  # note`` lines: word (upper case, as keys are) -> (verdict, note)."""
    path = JUDGED / f"{code}.judged"
    out: dict[str, tuple[str, str]] = {}
    if not path.exists():
        return out
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        text, _, note = line.partition("#")
        parts = text.split()
        if not parts:
            continue
        if len(parts) != 2 or parts[1] not in VERDICTS:
            raise SystemExit(f"{path}:{number}: expected 'WORD {'|'.join(VERDICTS)}  # note'")
        out[parts[0]] = (parts[1], note.strip())
    return out


class Evidence:
    """Reference lists, foreign lists and frequencies for one language."""

    def __init__(self, code: str, config: dict, packages: Packages, language) -> None:
        import wordfreq

        self.language = language
        self.short_trusted = config.get("short_trusted", False)
        # How many reference lists must have a word (2 where a reference is also a source of
        # the dictionary: German), and whether a frequent word needs them too (names are
        # frequent: German capitalises its nouns, so case cannot tell them apart).
        self.reference_min = config.get("reference_min", 1)
        self.frequent_too = config.get("frequent_needs_reference", False)
        self.names = self.only_capitalised(packages, config.get("case", []))
        self.reference = [{fold(w) for w in read_source(packages, s).forms}
                          for s in config.get("reference", [])]
        self.ref_by_id = {s["id"]: ref for s, ref in zip(config.get("reference", []), self.reference)}
        self.foreign = [({fold(w) for w in read_source(packages, s).forms}, s["wordfreq"])
                        for s in config.get("foreign", [])]
        lang = WORDFREQ_LANGUAGE[code]
        wl = "large" if lang in wordfreq.available_languages("large") else "best"
        self.zipf_table = self.keyed(wordfreq.get_frequency_dict(lang, wordlist=wl), language.normalize)
        self.foreign_zipf = {}
        for _, other in self.foreign:
            table = wordfreq.get_frequency_dict(other, wordlist="large")
            self.foreign_zipf[other] = self.keyed(table, fold)
        self.lang = lang

    def only_capitalised(self, packages: Packages, specs: list[dict]) -> set[str]:
        """Folded words that the ``case`` lists write only with a capital (names, months in
        English, acronyms): frequent in text, but not game words."""
        upper, lower = set(), set()
        for spec in specs:
            for word in read_source(packages, spec).forms:
                if word[:1].isupper():
                    upper.add(fold(word))
                elif word[:1].islower():
                    lower.add(fold(word))
        return upper - lower

    @staticmethod
    def keyed(table: dict[str, float], normalize) -> dict[str, float]:
        out: dict[str, float] = {}
        for word, freq in table.items():
            if word.isalpha():
                key = normalize(word)
                if key:
                    out[key] = max(out.get(key, -9.0), math.log10(freq) + 9)
        return out

    def zipf(self, key: str) -> float:
        return self.zipf_table.get(key, 0.0)

    def flags(self, key: str) -> list[str]:
        z = self.zipf(key)
        folded = fold(key)
        out = []
        confirmed = sum(folded in ref for ref in self.reference) >= self.reference_min
        if self.reference and not confirmed and (z < 3 or self.frequent_too):
            out.append("no second list")
        if z < 1 and not confirmed:
            out.append("very rare")
        for words, other in self.foreign:
            if folded in words and self.foreign_zipf[other].get(folded, 0.0) > z + 0.5:
                out.append(f"more {other}")
        if len(key) <= 3 and z < 3 and not (confirmed and self.short_trusted):
            out.append("short and rare")
        return out


def sample_words(code: str, language, dictionary, boards: int, seed: int):
    """(word, where) for the sampled words of every board: where is 'top' or 'tail'."""
    rules = get_rules("ruzzle")
    out = []
    for number in range(boards):
        rng = random.Random(f"lexicon-{code}-{seed + number}")
        board = random_board(language, 4, 4, rng)
        rows = sorted(find_words(board, dictionary, language, rules=rules), key=lambda r: (-r[1], r[0]))
        out += [(row[0], "top") for row in rows[:TOP]]
        rest = [row[0] for row in rows[TOP:]]
        out += [(word, "tail") for word in rng.sample(rest, min(TAIL, len(rest)))]
    return out


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion k/n (95 % by default)."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def every_word(code: str, language, dictionary, seeds: list[int]) -> list[str]:
    """Every distinct word found on the boards of ``seeds`` (4x4, Ruzzle rules)."""
    rules = get_rules("ruzzle")
    found: dict[str, None] = {}
    for seed in seeds:
        rng = random.Random(f"lexicon-{code}-{seed}")
        board = random_board(language, 4, 4, rng)
        for row in find_words(board, dictionary, language, rules=rules):
            found.setdefault(row[0], None)
    return list(found)


def report_every(code: str, config: dict, packages: Packages, dicts: Path, seeds: list[int],
                 flagged_sample: int, sample: int, todo: bool) -> str:
    """Issue 31's measurement: every word found, flagged or not, samples of both judged."""
    from elzzur.lexicon.commonness import Bands

    language = get_language(code)
    graph = WordGraph.load(str(dicts / f"{code}.dawg"))
    dictionary = Dictionary(graph, code)
    bands_path = dicts / f"{code}.bands"
    bands = Bands.load(str(bands_path), graph) if bands_path.exists() else None
    evidence = Evidence(code, config, packages, language)
    judged = read_judged(config.get("judged_as", code))
    words = every_word(code, language, dictionary, seeds)
    flagged = sorted(w for w in words if evidence.flags(w))
    plain = sorted(w for w in words if not evidence.flags(w))
    rng = random.Random(f"every-{code}-{','.join(map(str, seeds))}")
    f_sample = flagged if not flagged_sample or flagged_sample >= len(flagged) else rng.sample(flagged, flagged_sample)
    u_sample = plain if sample >= len(plain) else rng.sample(plain, sample)
    lines = [f"## {code}: {len(dictionary):,} words; {len(seeds)} boards (seeds {seeds[0]}..{seeds[-1]})",
             f"- distinct words found {len(words):,}: flagged {len(flagged):,}, not flagged {len(plain):,}; "
             f"judged samples {len(f_sample):,} and {len(u_sample):,}"]
    todo_words, strata, band1 = [], [], Counter()
    for name, pool, chosen in (("flagged", flagged, f_sample), ("not flagged", plain, u_sample)):
        junk, seen, examples = 0, 0, []
        for word in chosen:
            verdict = judged.get(word, ("unjudged", ""))[0]
            band = bands.band(word) if bands else None
            if verdict == "unjudged":
                todo_words.append((word, name))
                continue
            seen += 1
            bad = verdict in ("junk", "notword")
            junk += bad
            if band == 1:
                band1["judged"] += 1
                band1["junk"] += bad
            if bad:
                examples.append(word)
        lo, hi = wilson(junk, seen)
        strata.append((len(pool), junk, seen, lo, hi))
        lines.append(f"- {name}: junk {junk} of {seen} judged ({100 * junk / max(1, seen):.1f} %, "
                     f"95 % {100 * lo:.1f}-{100 * hi:.1f} %)" + (f"; {' '.join(examples[:20])}" if examples else ""))
    total = sum(n for n, *_ in strata)
    rate = sum(n * (j / s if s else 0.0) for n, j, s, _, _ in strata) / max(1, total)
    lo = sum(n * lo for n, _, _, lo, _ in strata) / max(1, total)
    hi = sum(n * hi for n, _, _, _, hi in strata) / max(1, total)
    lines.append(f"- **junk among all words found: {100 * rate:.2f} % (95 % {100 * lo:.2f}-{100 * hi:.2f} %)**; "
                 f"band 1: {band1['junk']} junk of {band1['judged']} judged; unjudged {len(todo_words)}")
    if todo:
        lines.append("\nto judge (word, stratum, flags, zipf, band):")
        lines += [f"  {w}  {where}  {', '.join(evidence.flags(w))}  {evidence.zipf(w):.1f}  "
                  f"{bands.band(w) if bands else '-'}" for w, where in sorted(todo_words)]
    return "\n".join(lines) + "\n"


def missing_words(code: str, language, dictionary, n: int = 10_000) -> list[str]:
    import wordfreq

    lang = WORDFREQ_LANGUAGE[code]
    keys = []
    for word in wordfreq.top_n_list(lang, n, wordlist="large" if lang != "tr" else "best"):
        if word.isalpha():
            key = language.normalize(word)
            if key and len(key) >= 2:
                keys.append(key)
    keys = list(dict.fromkeys(keys))
    return keys, [k for k in keys if k not in dictionary]


def report(code: str, config: dict, packages: Packages, dicts: Path, boards: int, seed: int,
           todo: bool) -> str:
    language = get_language(code)
    graph = WordGraph.load(str(dicts / f"{code}.dawg"))
    dictionary = Dictionary(graph, code)
    evidence = Evidence(code, config, packages, language)
    judged = read_judged(config.get("judged_as", code))
    sampled = sample_words(code, language, dictionary, boards, seed)
    verdict = Counter()
    by_where = {"top": Counter(), "tail": Counter()}
    junk_seen, unjudged = Counter(), {}
    for word, where in sampled:
        flags = evidence.flags(word)
        if not flags:
            state = "good"
        else:
            state = judged.get(word, ("unjudged", ""))[0]
            if state == "notword":
                state = "junk"
            if state == "unjudged":
                unjudged[word] = flags
            if state == "junk":
                junk_seen[word] += 1
        verdict[state] += 1
        by_where[where][state] += 1
    total = len(sampled)

    def rate(counter):
        n = sum(counter.values())
        return f"{100 * counter['junk'] / n:.1f} %" if n else "-"

    lines = [f"## {code}: {len(dictionary):,} words",
             f"- sampled {total:,} words on {boards} boards (seeds {seed}-{seed + boards - 1}): "
             f"{sum(by_where['top'].values())} of the 40 best per board, "
             f"{sum(by_where['tail'].values())} from the rest",
             f"- flagged {total - verdict['good']:,}; judged junk {verdict['junk']:,}, "
             f"judged words {verdict['ok']:,}, **unjudged {verdict['unjudged']:,}**",
             f"- **junk: {rate(verdict)}** (best words {rate(by_where['top'])}, the rest "
             f"{rate(by_where['tail'])})" + (f"; e.g. {', '.join(w for w, _ in junk_seen.most_common(12))}"
                                             if junk_seen else "")]
    keys, missing = missing_words(code, language, dictionary)
    names = [k for k in missing if fold(k) in evidence.names and k not in judged]
    excused = [k for k in missing if judged.get(k, ("",))[0] == "notword"] + names
    really = [k for k in missing if k not in set(excused)]
    ordinary = len(keys) - len(excused)
    lines.append(f"- **missing: {len(really)} of the {ordinary:,} ordinary words among the "
                 f"10,000 most frequent** ({100 * len(really) / max(1, ordinary):.2f} %; "
                 f"{len(excused) - len(names)} more judged not game words, {len(names)} written "
                 f"only with a capital: {', '.join(names[:8])}…)"
                 + (f"; e.g. {', '.join(really[:15])}" if really else ""))
    tournament = config.get("tournament")
    if tournament:
        ref = [w for w in evidence.ref_by_id[tournament] if 2 <= len(w) <= 8]
        have = sum(1 for w in ref if w in dictionary)
        lines.append(f"- tournament list ({tournament}), words of 2-8 letters: {have:,} of "
                     f"{len(ref):,} present ({100 * have / len(ref):.1f} %)")
    if todo:
        lines.append("\nto judge (word, flags, zipf):")
        lines += [f"  {w}  {', '.join(f)}  {evidence.zipf(w):.1f}" for w, f in sorted(unjudged.items())]
        lines.append("\nmissing, to judge (word, zipf):")
        lines += [f"  {w}  {evidence.zipf(w):.1f}" for w in really]
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", help="comma-separated codes (default: all in lexicon.toml)")
    parser.add_argument("--boards", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1000, help="first board seed (held out)")
    parser.add_argument("--dicts", type=Path, default=REPO / "elzzur" / "res" / "dictionaries")
    parser.add_argument("--work", type=Path, default=Path.home() / ".cache" / "elzzur-build")
    parser.add_argument("--todo", action="store_true", help="list the words still to judge")
    parser.add_argument("--seeds", help="comma-separated board seeds (instead of --seed and --boards)")
    parser.add_argument("--every-word", action="store_true",
                        help="every word found, flagged or not; judge samples of both (issue 31)")
    parser.add_argument("--sample", type=int, default=200, help="with --every-word: unflagged words judged")
    parser.add_argument("--flagged-sample", type=int, default=0,
                        help="with --every-word: flagged words judged (0: all)")
    args = parser.parse_args(argv)
    try:
        seeds = ([int(x) for x in args.seeds.split(",")] if args.seeds
                 else list(range(args.seed, args.seed + args.boards)))
    except ValueError:
        parser.error("--seeds takes whole numbers separated by commas")
    config = tomllib.loads(CONFIG.read_text(encoding="utf-8"))
    codes = args.only.split(",") if args.only else list(config)
    packages = Packages(args.work)
    for code in codes:
        entry = dict(config[code])
        if "same_as" in entry:
            entry = {**config[entry["same_as"]], "judged_as": entry["same_as"]}
        if args.every_word:
            print(report_every(code, entry, packages, args.dicts, seeds, args.flagged_sample,
                               args.sample, args.todo), flush=True)
        else:
            print(report(code, entry, packages, args.dicts, args.boards, args.seed, args.todo), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
