"""Measure ``elzzur read`` on real pictures: screenshots and photos from public repositories.

benchmarks/image.py measures the reader on pictures it draws itself; this script measures it on
pictures nobody drew for it: screenshots of Ruzzle, Word Hunt and Wordament and photos of Boggle
dice that solver projects keep as samples, each with its board written down by looking at it
(``image_real/manifest.json``; where each comes from and under which licence:
``image_real/SOURCES.md``). The pictures themselves are not in this repository: each is named
by its repository, commit, path, git blob and sha256, and read from a local copy of that
repository (``--mirror``, a folder of ``owner+name/repo`` git directories) or from a folder of
the files (``--pictures``, any names: they are matched by sha256). A picture found in neither
is skipped, and the run says which.

The pictures are split once, for good, into a ``tune`` part (about 40 %) and a ``report`` part
(about 60 %), by sha256 and per group (game x screenshot/photo), pictures of one board always
together; a picture added later joins its board's part, or a part chosen by the same rule,
and no picture ever changes part (``assign_splits``). Tune the reader on the tune part only:
``--split tune`` (the default) prints every wrong or needlessly flagged tile of every tune
picture. ``--split report`` reads only the report part and prints its aggregate figures only;
``--details`` adds its per-picture lines after them, for the very end of a piece of work,
once nothing more will be tuned. BENCHMARKS.md quotes the report part only.

A tile is right when its letters and its bonus are (compared as elzzur's board syntax reads
them: ``U/L`` and ``L/U`` are one tile, ``Qu`` and ``QU`` too); a board is right when all its
tiles are. A tile is flagged when the reader marks it uncertain. A picture where no board was
found (an error, not a silent misreading) or a board read at another size counts all its tiles
wrong, and is left out of the flag counts (which are of the tiles of boards read at their size;
the table counts those pictures apart, under "no board / wrong size"). Rates carry a Wilson 95 %
interval; tiles of one board are not independent, so the tile intervals are narrower than the
truth. Time per picture is the whole ``elzzur read`` path in-process (decoding the file,
loading the classifier, reading), Python's and OpenCV's start left out.

    python benchmarks/image_real.py                       # tune part, every mistake shown
    python benchmarks/image_real.py --split report        # report part, figures only
    python benchmarks/image_real.py --split report --details --json out.json
    python benchmarks/image_real.py --list                # pictures by group and part, found or not
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, REPO)

MANIFEST = os.path.join(HERE, "image_real", "manifest.json")
DEFAULT_MIRROR = os.environ.get("ELZZUR_MIRROR", "/work/.mirror")
GAMES = ("ruzzle", "wordhunt", "wordament", "boggle")
KINDS = ("screenshot", "photo")
RULES = {"ruzzle": "ruzzle", "wordhunt": "wordhunt", "wordament": "wordament",
         "boggle": "boggle"}  # boggle and bigboggle read alike: neither has bonus tiles
TUNE_SHARE = 0.4
MAX_PICTURE = 64 << 20  # what the reader itself accepts


# --- the manifest -------------------------------------------------------------------------

FIELDS = {"id": str, "repo": str, "commit": str, "path": str, "blob": str, "sha256": str,
          "bytes": int, "licence": str, "game": str, "kind": str, "theme": str, "family": str,
          "split": str, "truth": list, "note": str}


def load_manifest(path: str = MANIFEST) -> list[dict]:
    """The manifest's pictures, each checked for its fields (a ValueError says which)."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    pictures = data["pictures"]
    for entry in pictures:
        for field, kind in FIELDS.items():
            if not isinstance(entry.get(field), kind):
                raise ValueError(f"{entry.get('id', '?')}: field {field!r} missing or not "
                                 f"{kind.__name__}")
    return pictures


def group_of(entry: dict) -> str:
    return f"{entry['game']} {entry['kind']}s"


def assign_splits(entries: list[dict]) -> dict[str, str]:
    """Each picture's part, ``tune`` or ``report``, keeping every part already given.

    Copies of one board (``family``) always share a part. A picture whose board already has
    a part (its own ``split``, or another copy's) keeps it: a picture tuned on never moves to
    the report part when pictures are added, and a reported one never to tuning. The boards
    new to a group (no part yet) are taken in the order of the smallest sha256 among their
    pictures, and go to ``tune`` while fewer than ``round(0.4 * n)`` of the group's n boards
    are there (none of a group of one board), the rest to ``report``. So the split depends
    only on the pictures' bytes, their groups and the order they were added in; a
    ValueError names a board whose copies were given different parts."""
    families: dict[str, dict[str, list[dict]]] = defaultdict(lambda: defaultdict(list))
    for entry in entries:
        families[group_of(entry)][entry["family"]].append(entry)
    split = {}
    for members in families.values():
        given, new = {}, []
        for family, pictures in members.items():
            parts = {p.get("split") for p in pictures} - {None, ""}
            if len(parts) > 1:
                raise ValueError(f"the copies of board {family!r} are in both parts")
            if parts:
                given[family] = parts.pop()
            else:
                new.append(pictures)
        target = round(TUNE_SHARE * len(members)) if len(members) > 1 else 0
        tuned = sum(part == "tune" for part in given.values())
        for pictures in sorted(new, key=lambda pics: min(p["sha256"] for p in pics)):
            part = "tune" if tuned < target else "report"
            tuned += part == "tune"
            given[pictures[0]["family"]] = part
        for family, pictures in members.items():
            for picture in pictures:
                split[picture["id"]] = given[family]
    return split


# --- where the pictures are ---------------------------------------------------------------

def git_dir(mirror: str, repo: str) -> str | None:
    """The git directory of ``repo``'s copy under ``mirror`` (``owner+name/repo``, bare or
    with a work tree), or None."""
    base = os.path.join(mirror, repo.replace("/", "+"), "repo")
    for candidate in (os.path.join(base, ".git"), base):
        if os.path.isfile(os.path.join(candidate, "HEAD")):
            return candidate
    return None


def index_folder(folder: str | None) -> dict[str, str]:
    """sha256 -> path of every file (at most 64 MB) in ``folder``, recursively."""
    found: dict[str, str] = {}
    if not folder:
        return found
    for root, _dirs, files in os.walk(folder):
        for name in files:
            path = os.path.join(root, name)
            if os.path.getsize(path) <= MAX_PICTURE:
                with open(path, "rb") as f:
                    found.setdefault(hashlib.sha256(f.read()).hexdigest(), path)
    return found


def picture_bytes(entry: dict, mirror: str, folder: dict[str, str]) -> tuple[bytes | None, str]:
    """The picture's bytes and where they came from, or (None, why not). Only bytes whose
    sha256 is the manifest's are returned."""
    if entry["sha256"] in folder:
        with open(folder[entry["sha256"]], "rb") as f:
            return f.read(), folder[entry["sha256"]]
    where = git_dir(mirror, entry["repo"])
    if where is None:
        return None, f"no copy of {entry['repo']} under {mirror}"
    result = subprocess.run(["git", "--git-dir", where, "cat-file", "blob", entry["blob"]],
                            capture_output=True)
    if result.returncode:
        return None, f"blob {entry['blob'][:12]} not in {where}"
    data = result.stdout
    if hashlib.sha256(data).hexdigest() != entry["sha256"]:
        return None, f"blob {entry['blob'][:12]} in {where} has another sha256"
    return data, where


# --- scoring ------------------------------------------------------------------------------

def tile_key(token: str, language) -> tuple | None:
    """A tile as elzzur's board syntax reads it (its letters in any order of an either/or,
    where it may stand, its bonus), or None where the token is no tile (``?``)."""
    from elzzur.errors import ElzzurError
    from elzzur.grid.tokens import parse_token

    try:
        cell = parse_token(token, language)
    except (ElzzurError, ValueError):
        return None
    return tuple(sorted(cell.choices)), cell.place, cell.bonus


def score_board(truth: list[list[str]], read: list[list[tuple[str, bool]]] | None,
                language) -> dict:
    """Counts for one picture: ``truth`` its rows of tokens, ``read`` the reading's rows of
    (token, flagged), or None where no board was found. Returns tiles, right (letters and
    bonus), letters (letters right whatever the bonus), wrong, wrong_flagged, right_flagged,
    board_right (0 or 1), no_board, wrong_size, unread (the tiles of a board not found or read
    at another size: wrong, and left out of the flag counts), and ``diffs``: (row, col, truth,
    read, flagged) of every wrong or needlessly flagged tile."""
    tiles = sum(len(row) for row in truth)
    counts = dict(tiles=tiles, right=0, letters=0, wrong=0, wrong_flagged=0, right_flagged=0,
                  board_right=0, no_board=0, wrong_size=0, unread=0, diffs=[])
    if read is None:
        counts.update(wrong=tiles, unread=tiles, no_board=1)
        return counts
    if [len(row) for row in read] != [len(row) for row in truth]:
        counts.update(wrong=tiles, unread=tiles, wrong_size=1)
        return counts
    for r, (truth_row, read_row) in enumerate(zip(truth, read)):
        for c, (want, (got, flagged)) in enumerate(zip(truth_row, read_row)):
            want_key, got_key = tile_key(want, language), tile_key(got, language)
            if want_key is None:
                raise ValueError(f"truth token {want!r} is not a tile")
            if got_key is not None and got_key[:2] == want_key[:2]:
                counts["letters"] += 1
            if got_key == want_key:
                counts["right"] += 1
                counts["right_flagged"] += bool(flagged)
                if flagged:
                    counts["diffs"].append((r, c, want, got, True))
            else:
                counts["wrong"] += 1
                counts["wrong_flagged"] += bool(flagged)
                counts["diffs"].append((r, c, want, got, bool(flagged)))
    counts["board_right"] = int(counts["wrong"] == 0)
    return counts


def wilson(k: float, n: float, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of k successes in n trials (0 to 1; (0, 1) when n is 0)."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def summarise(results: list[dict]) -> dict:
    """The figures of a set of pictures' results: each rate as k, n, value and interval."""
    total = defaultdict(int)
    for result in results:
        for key, value in result["counts"].items():
            if key != "diffs":
                total[key] += value
    seconds = [result["seconds"] for result in results if result["seconds"] is not None]

    def rate(k: int, n: int) -> dict:
        low, high = wilson(k, n)
        return {"k": k, "n": n, "value": k / n if n else None, "low": low, "high": high}

    right_total = total["right"]
    return {
        "pictures": len(results),
        "tiles_right": rate(total["right"], total["tiles"]),
        "letters_right": rate(total["letters"], total["tiles"]),
        "boards_right": rate(total["board_right"], len(results)),
        "wrong_flagged": rate(total["wrong_flagged"], total["wrong"] - total["unread"]),
        "right_flagged": rate(total["right_flagged"], right_total),
        "no_board": total["no_board"], "wrong_size": total["wrong_size"],
        "seconds_mean": statistics.fmean(seconds) if seconds else None,
        "seconds_max": max(seconds) if seconds else None,
    }


# --- reading ------------------------------------------------------------------------------

def read_entry(entry: dict, data: bytes, language) -> tuple[list | None, float, str]:
    """Read the picture as ``elzzur read`` does (the game's rules, English letters, turns
    auto): (rows of (token, flagged) or None, seconds, what went wrong)."""
    from elzzur.cli.read import read_file
    from elzzur.errors import ElzzurError

    suffix = os.path.splitext(entry["path"])[1].lower() or ".png"
    with tempfile.NamedTemporaryFile(suffix=suffix, delete=False) as f:
        f.write(data)
        path = f.name
    try:
        start = time.perf_counter()
        try:
            reading = read_file(path, language, RULES[entry["game"]], "auto")
        except ElzzurError as e:
            return None, time.perf_counter() - start, str(e).replace(path, "the picture")
        except Exception as e:  # a reader being worked on may fail: counted, never hidden
            return None, None, f"the reader crashed: {type(e).__name__}: {e}"
        seconds = time.perf_counter() - start
    finally:
        os.unlink(path)
    return [[(t.token, t.flagged) for t in row] for row in reading.rows], seconds, ""


def reader_version() -> str:
    """Which reader was measured: the last commit of elzzur/image and whether it had
    uncommitted changes."""
    def git(*args):
        result = subprocess.run(["git", "-C", REPO, *args], capture_output=True, text=True)
        return result.stdout.strip() if result.returncode == 0 else ""

    commit = git("log", "-1", "--format=%h %cI", "--", "elzzur/image")
    dirty = git("status", "--porcelain", "--", "elzzur/image")
    return (commit or "unknown") + (" + uncommitted changes" if dirty else "")


# --- the run ------------------------------------------------------------------------------

def percent(r: dict, digits: int = 1) -> str:
    if r["value"] is None:
        return "–"
    return (f"{100 * r['value']:.{digits}f} % ({100 * r['low']:.{digits}f}–"
            f"{100 * r['high']:.{digits}f})")


def table(groups: dict[str, dict]) -> list[str]:
    lines = ["| pictures | tiles right | boards right | wrong tiles flagged | right tiles flagged "
             "| letters right (bonus aside) | no board / wrong size | time per picture |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for name, s in groups.items():
        if not s["pictures"]:
            continue
        w, f = s["wrong_flagged"], s["right_flagged"]
        time_text = (f"{1000 * s['seconds_mean']:.0f} ms (max {1000 * s['seconds_max']:.0f})"
                     if s["seconds_mean"] is not None else "–")
        lines.append(
            f"| {name}: {s['pictures']} | {percent(s['tiles_right'])} "
            f"| {s['boards_right']['k']} of {s['boards_right']['n']}, "
            f"{percent(s['boards_right'], 0)} "
            f"| {w['k']} of {w['n']}{', ' + percent(w, 0) if w['n'] else ''} "
            f"| {f['k']} of {f['n']}, {percent(f)} | {percent(s['letters_right'])} "
            f"| {s['no_board']} / {s['wrong_size']} | {time_text} |")
    return lines


def picture_lines(result: dict) -> list[str]:
    entry, counts = result["entry"], result["counts"]
    head = f"{entry['id']} ({group_of(entry)}, {entry['theme']}): "
    if counts["no_board"]:
        return [head + f"no board: {result['error']}"]
    if counts["wrong_size"]:
        rows = result["read"]
        return [head + f"read {len(rows)}x{len(rows[0]) if rows else 0}, truth "
                f"{len(entry['truth'])}x{len(entry['truth'][0].split())}"]
    if not counts["diffs"]:
        return [head + "all right, none flagged"]
    parts = []
    for r, c, want, got, flagged in counts["diffs"]:
        if want == got or tile_key(want, result["language"]) == tile_key(got, result["language"]):
            parts.append(f"({r},{c}) {want} right but flagged")
        else:
            parts.append(f"({r},{c}) {want} read {got}{' (flagged)' if flagged else ' UNFLAGGED'}")
    return [head + ("board right; " if counts["board_right"] else "") + "; ".join(parts)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="measure elzzur read on real pictures")
    parser.add_argument("--split", choices=("tune", "report"), default="tune",
                        help="the part to read (default tune; report prints figures only)")
    parser.add_argument("--details", action="store_true",
                        help="with --split report: the per-picture lines too, after the figures")
    parser.add_argument("--mirror", default=DEFAULT_MIRROR,
                        help="folder of owner+name/repo git copies (default %(default)s)")
    parser.add_argument("--pictures", metavar="DIR",
                        help="a folder holding the pictures' files (matched by sha256)")
    parser.add_argument("--manifest", default=MANIFEST)
    parser.add_argument("--game", choices=GAMES, action="append",
                        help="only these games (may be repeated)")
    parser.add_argument("--json", metavar="FILE", help="write the figures as JSON (- for stdout)")
    parser.add_argument("--list", action="store_true",
                        help="count the pictures by group and part, and which are found; read none")
    parser.add_argument("--reader-label", metavar="TEXT",
                        help="name the reader measured (default: elzzur/image's last commit)")
    args = parser.parse_args(argv)

    from elzzur.image import require
    from elzzur.lexicon.languages import get_language

    require()
    import elzzur.cli.read  # noqa: F401  (imported before the clock starts on any picture)
    import elzzur.grid.generate  # noqa: F401
    import elzzur.grid.rules  # noqa: F401
    import elzzur.image.reader  # noqa: F401

    language = get_language("en")
    entries = load_manifest(args.manifest)
    splits = assign_splits(entries)
    for entry in entries:
        if entry["split"] != splits[entry["id"]]:
            raise SystemExit(f"image_real: {entry['id']}: the manifest's split "
                             f"{entry['split']!r} is not the computed {splits[entry['id']]!r}")
    if args.list:
        folder = index_folder(args.pictures)
        counts: dict[tuple, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
        for entry in entries:
            found = picture_bytes(entry, args.mirror, folder)[0] is not None
            column = 0 if entry["split"] == "tune" else 2
            counts[group_of(entry)][column] += 1
            counts[group_of(entry)][column + 1] += found
        print("| group | tune (found) | report (found) |")
        print("| --- | --- | --- |")
        for group, (tune, tune_found, report, report_found) in sorted(counts.items()):
            print(f"| {group} | {tune} ({tune_found}) | {report} ({report_found}) |")
        return 0
    chosen = [e for e in entries if e["split"] == args.split
              and (not args.game or e["game"] in args.game)]
    folder = index_folder(args.pictures)
    results, skipped = [], []
    for entry in chosen:
        data, where = picture_bytes(entry, args.mirror, folder)
        if data is None:
            skipped.append({"id": entry["id"], "why": where})
            continue
        read, seconds, error = read_entry(entry, data, language)
        truth = [row.split() for row in entry["truth"]]
        results.append({"entry": entry, "read": read, "seconds": seconds, "error": error,
                        "counts": score_board(truth, read, language), "language": language})

    groups: dict[str, list[dict]] = {}
    for game in GAMES:
        for kind in KINDS:
            groups[f"{game} {kind}s"] = [r for r in results if r["entry"]["game"] == game
                                          and r["entry"]["kind"] == kind]
    groups["all screenshots"] = [r for r in results if r["entry"]["kind"] == "screenshot"]
    groups["all photos"] = [r for r in results if r["entry"]["kind"] == "photo"]
    groups["all"] = results
    figures = {name: summarise(members) for name, members in groups.items()}

    version = args.reader_label or reader_version()
    print(f"## elzzur read on real pictures: the {args.split} part "
          f"({len(results)} of {len(chosen)} pictures read)")
    print(f"reader: elzzur/image at {version}")
    print()
    if args.split == "tune":
        for result in results:
            for line in picture_lines(result):
                print(line)
        print()
    print("\n".join(table(figures)))
    crashed = [r for r in results if r["error"].startswith("the reader crashed")]
    if crashed:
        print()
        print(f"the reader crashed on {len(crashed)} picture{'s' if len(crashed) != 1 else ''} "
              f"(counted under no board)"
              + ("" if args.split == "report" and not args.details
                 else ": " + "; ".join(f"{r['entry']['id']}: {r['error']}" for r in crashed)))
    if skipped:
        print()
        print(f"skipped {len(skipped)} picture{'s' if len(skipped) != 1 else ''} not found "
              f"(--mirror {args.mirror}, --pictures {args.pictures or 'not given'}):")
        for item in skipped:
            print(f"  {item['id']}: {item['why']}")
    if args.split == "report" and args.details:
        print()
        print("### per picture (report part: tune nothing on these)")
        for result in results:
            for line in picture_lines(result):
                print(line)
    if args.json:
        show = args.split == "tune" or args.details
        out = {"split": args.split, "reader": version, "read": len(results),
               "chosen": len(chosen), "skipped": skipped, "groups": figures}
        if show:
            out["pictures"] = [{"id": r["entry"]["id"], "group": group_of(r["entry"]),
                                "seconds": r["seconds"], "error": r["error"],
                                "read": r["read"],
                                **{k: v for k, v in r["counts"].items()}} for r in results]
        text = json.dumps(out, indent=1, ensure_ascii=False) + "\n"
        if args.json == "-":
            sys.stdout.write(text)
        else:
            with open(args.json, "w", encoding="utf-8") as f:
                f.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
