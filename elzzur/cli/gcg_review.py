"""``scrabble --gcg GAME``: a whole game reviewed move by move (``elzzur.scrabble.gcg``), as text
or JSON."""

from __future__ import annotations

from .commands import Args
from .output import Output

GCG_LIMIT = 4 * 2**20  # bytes: a game's record is a few kilobytes


def run_review(args: Args, out: Output) -> None:
    from ..errors import ElzzurError, UsageError
    from ..files import read_text_file, shown
    from ..lexicon.languages import get_language
    from ..scrabble import load_layout, load_tile_set
    from ..scrabble.gcg import parse_gcg, review
    from ..scrabble.leaves import edition_leaves
    from .lists import load_words

    # a position, a rack, or a way of listing one position's moves says something --gcg cannot
    # do: refused, not ignored (--top's default cannot be told from its use, so it is left)
    given = {"-b": args.board, "--cgp": args.cgp, "-r": args.rack,
             "--show-top": getattr(args, "show_top", None),
             "--unseen": getattr(args, "unseen", False) or None,
             "--rank score": "score" if getattr(args, "rank", "equity") == "score" else None}
    for option, value in given.items():
        if value is not None:
            raise UsageError(f"scrabble: --gcg reviews a whole game; leave out {option}")
    origin = shown(args.gcg) if args.gcg != "-" else "<stdin>"
    if args.gcg == "-":
        import sys

        from ..files import check_size, decode_text, read_limited

        if sys.stdin is None:  # started with standard input closed (<&-)
            raise ElzzurError("--gcg -: standard input is closed")
        data = check_size(read_limited(sys.stdin.buffer, GCG_LIMIT), GCG_LIMIT, origin,
                          "a GCG file")
        text = decode_text(data, origin)
    else:
        text = read_text_file(args.gcg, GCG_LIMIT, what="a GCG file")
    game = parse_gcg(text, origin)
    tiles = load_tile_set(args.language)
    layout = load_layout(args.layout or tiles.layout or "standard")
    graph = load_words(args.dictionary, get_language(tiles.language or args.language)).union_graph()
    rows = review(game, tiles, layout, graph, edition_leaves(tiles, args.language), origin)
    totals = {nick: {"name": game.names[nick], "score": 0, "moves": 0, "best": 0,
                     "given_away": 0.0} for nick in game.players}
    for event in game.events:
        totals[event.nick]["score"] = event.total
    for row in rows:
        if row.best is None:
            continue
        t = totals[row.event.nick]
        t["moves"] += 1
        t["given_away"] = round(t["given_away"] + row.lost, 1)
        t["best"] += row.lost == 0
    from ..printable import json_printable, printable  # the record's names are its writer's

    if args.format == "json":
        import json

        data = {"players": totals, "moves": [as_json(r) for r in rows]}
        out.write(json_printable(json.dumps(data, ensure_ascii=False)) + "\n")
        return

    def write(text: str) -> None:
        out.write(printable(text))

    width = max([len(played_text(r)) for r in rows] + [6])
    best_width = max([len(candidate_text(r.best)) for r in rows if r.best] + [4])
    nick_width = max([len(n) for n in game.players] + [len("player")])
    write(f"{'#':>3}  {'player':<{nick_width}}  {'rack':<7}  {'played':<{width}} "
          f"{'score':>5} {'equity':>6}  {'best by equity':<{best_width}} {'equity':>6} "
          f"{'lost':>5}\n")
    for number, r in enumerate(rows, 1):
        e = r.event
        if r.best is None:
            best, best_equity, equity, lost = "(no rack)", "", "", ""
        else:
            best = candidate_text(r.best)
            best_equity = f"{r.best.equity:.1f}"
            equity = f"{r.equity:.1f}"
            lost = "best" if r.lost == 0 else f"{r.lost:.1f}"
        # ours where known; a play challenged off scored nothing
        score = 0 if r.withdrawn else r.played.score if r.played is not None else e.score
        write(f"{number:>3}  {e.nick:<{nick_width}}  {e.rack:<7}  {played_text(r):<{width}} "
              f"{score:>5} {equity:>6}  {best:<{best_width}} {best_equity:>6} "
              f"{lost:>5}".rstrip() + "\n")
    write("\n")
    for nick, t in totals.items():
        write(f"{nick}: {t['score']} points; {t['moves']} moves reviewed, {t['best']} the "
              f"best by equity, {t['given_away']:.1f} points of equity given away\n")


def candidate_text(candidate) -> str:
    if candidate.kind == "play":
        return f"{candidate.coordinate} {candidate.word}"
    return f"xchg {candidate.tiles}" if candidate.kind == "exchange" else "pass"


def played_text(row) -> str:
    e = row.event
    if e.kind == "play":
        text = f"{e.coordinate} {e.word}"
        if row.withdrawn:
            return text + " (withdrawn)"
        return text if row.played is not None or row.best is None else text + " (not a word?)"
    return f"xchg {e.tiles}" if e.kind == "exchange" else "pass"


def as_json(row) -> dict:
    e = row.event
    played = {"kind": e.kind, "score": row.played.score if row.played is not None else e.score,
              "recorded_score": e.score}
    if e.kind == "play":
        played.update(coordinate=e.coordinate, word=e.word, known=row.played is not None)
    elif e.kind == "exchange":
        played["tiles"] = e.tiles
    if row.withdrawn:
        played["withdrawn"] = True
    item = {"line": e.line, "player": e.nick, "rack": e.rack, "played": played,
            "equity": row.equity, "lost": row.lost}
    if row.best is not None:
        b = row.best
        item["best"] = {"kind": b.kind, "coordinate": b.coordinate, "word": b.word,
                        "score": b.score, "equity": b.equity, "leave": b.leave}
    else:
        item["best"] = None
    return item
