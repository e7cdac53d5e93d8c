"""``scrabble --gcg GAME``: a whole game reviewed move by move (``elzzur.scrabble.gcg``), as text
or JSON."""

from __future__ import annotations

import sys

from ..errors import PROG
from .commands import Args
from .output import Output

GCG_LIMIT = 4 * 2**20  # bytes: a game's record is a few kilobytes


SHOWN_WARNINGS = 20  # lines not read shown one by one; the rest counted


def run_review(args: Args, out: Output) -> None:
    from ..errors import ElzzurError, UsageError
    from ..files import shown
    from ..lexicon.languages import get_language
    from ..scrabble import load_layout, load_tile_set
    from ..scrabble.gcg import parse_gcg, review
    from ..scrabble.gcg_text import decode_gcg
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
    text, encoding_note = decode_gcg(read_gcg_bytes(args.gcg, origin), origin)
    game = parse_gcg(text, origin)
    notes = ([encoding_note] if encoding_note else []) + game.notes
    tiles = load_tile_set(args.language)
    layout = load_layout(args.layout or tiles.layout or "standard")
    language = tiles.language or args.language
    lexicon_note = lexicon_mismatch(game.lexicon, args.dictionary, language)
    if lexicon_note:
        notes.append(f"{origin}: {lexicon_note}")
    graph = load_words(args.dictionary, get_language(language)).union_graph()
    unread = game.not_read
    try:
        rows = review(game, tiles, layout, graph, edition_leaves(tiles, args.language), origin)
    except ElzzurError as error:  # one line: what stopped it, and the lines not read before
        if unread:
            first = ", ".join(map(str, game.unread[:3]))
            raise ElzzurError(f"{error} ({unread} earlier line{'s' * (unread != 1)} not read: "
                              f"line {first}{', …' if unread > 3 else ''})") from None
        raise
    show_warnings(notes, game, origin)
    totals = {nick: {"name": game.names[nick], "score": 0, "moves": 0, "best": 0,
                     "given_away": 0.0, "partial": 0} for nick in game.players}
    for event in game.events:
        totals[event.nick]["score"] = event.total
    for row in rows:
        if row.best is None:
            continue
        t = totals[row.event.nick]
        if row.partial is not None:  # not the whole rack: no verdict counted against it
            t["partial"] += 1
            continue
        t["moves"] += 1
        t["given_away"] = round(t["given_away"] + row.lost, 1)
        t["best"] += row.lost == 0
    from ..printable import json_printable, printable  # the record's names are its writer's

    if args.format == "json":
        import json

        data = {"players": totals, "moves": [as_json(r) for r in rows],
                "notes": notes, "warnings": game.warnings}
        out.write(json_printable(json.dumps(data, ensure_ascii=False)) + "\n")
        return

    def write(text: str) -> None:
        out.write(printable(text))

    width = max([len(played_text(r)) for r in rows] + [6])
    best_width = max([len(candidate_text(r.best)) for r in rows if r.best] + [4])
    nick_width = max([len(n) for n in game.players] + [len("player")])
    lost_width = 7 if any(r.partial for r in rows) else 5
    write(f"{'#':>3}  {'player':<{nick_width}}  {'rack':<7}  {'played':<{width}} "
          f"{'score':>5} {'equity':>6}  {'best by equity':<{best_width}} {'equity':>6} "
          f"{'lost':>{lost_width}}\n")
    for number, r in enumerate(rows, 1):
        e = r.event
        if r.best is None:
            missing = "(rack set aside)" if e.rack else "(no rack)"  # see the warnings
            best, best_equity, equity, lost = missing, "", "", ""
        else:
            best = candidate_text(r.best)
            best_equity = f"{r.best.equity:.1f}"
            equity = f"{r.equity:.1f}"
            lost = "partial" if r.partial else "best" if r.lost == 0 else f"{r.lost:.1f}"
        # ours where known; a play challenged off scored nothing
        score = 0 if r.withdrawn else r.played.score if r.played is not None else e.score
        write(f"{number:>3}  {e.nick:<{nick_width}}  {e.rack:<7}  {played_text(r):<{width}} "
              f"{score:>5} {equity:>6}  {best:<{best_width}} {best_equity:>6} "
              f"{lost:>{lost_width}}".rstrip() + "\n")
    write("\n")
    for nick, t in totals.items():
        partial = (f"; {t['partial']} partial rack{'s' * (t['partial'] != 1)} not judged "
                   f"(the record shows only some of the tiles)" if t["partial"] else "")
        write(f"{nick}: {t['score']} points; {t['moves']} move{'s' * (t['moves'] != 1)} "
              f"reviewed, {t['best']} the "
              f"best by equity, {t['given_away']:.1f} points of equity given away{partial}\n")
    if any(r.partial for r in rows):
        write("partial: the rack written is not the whole rack; the best shown is the best of "
              "the tiles known, and no equity is counted as given away\n")


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
            "equity": row.equity, "lost": row.lost, "partial": row.partial}
    if row.best is not None:
        b = row.best
        item["best"] = {"kind": b.kind, "coordinate": b.coordinate, "word": b.word,
                        "score": b.score, "equity": b.equity, "leave": b.leave}
    else:
        item["best"] = None
    return item


def read_gcg_bytes(path: str, origin: str) -> bytes:
    """The bytes of the record at ``path`` (``-``: standard input), at most ``GCG_LIMIT``: the
    encoding is the GCG reader's to find (``gcg_text.decode_gcg``)."""
    import os

    from ..errors import ElzzurError
    from ..files import check_size, named, note_input, read_limited

    if path == "-":
        if sys.stdin is None:  # started with standard input closed (<&-)
            raise ElzzurError("--gcg -: standard input is closed")
        return check_size(read_limited(sys.stdin.buffer, GCG_LIMIT), GCG_LIMIT, origin,
                          "a GCG file")
    if os.path.isdir(path):
        raise ElzzurError(f"{named(path)}: is a directory, not a file")
    try:
        with open(path, "rb") as f:
            data = read_limited(f, GCG_LIMIT)
            note_input(path, f.fileno())
    except OSError as e:
        raise ElzzurError(f"{named(path)}: {e.strerror}") from None
    return check_size(data, GCG_LIMIT, path, "a GCG file")


def lexicon_mismatch(lexicon: str | None, dictionary: str | None, language: str) -> str | None:
    """What to say when the record's ``#lexicon`` is not the list the review uses: the built-in
    list (no ``-d``), or a ``-d`` file whose name does not name that lexicon (``NWL18.txt``,
    ``nwl18.marisa`` do). None when they agree or the record names none."""
    if not lexicon:
        return None
    if dictionary is None:
        return (f"the record names the lexicon {lexicon}; reviewed with the built-in "
                f"{language} word list instead (give {lexicon} with -d): a word in one list "
                f"only shows as a false miss or '(not a word?)'")
    import os

    from ..printable import plain

    stem = os.path.basename(str(dictionary)).casefold()
    if lexicon.casefold() in stem:
        return None
    return (f"the record names the lexicon {lexicon}; the review uses "
            f"{plain(os.path.basename(str(dictionary)))} (-d), which is not named so")


def show_warnings(notes: list[str], game, origin: str) -> None:
    """The notes, then the warnings (the first ``SHOWN_WARNINGS``) and their count, on
    standard error."""
    from ..printable import printable

    for note in notes:
        print(printable(f"{PROG}: note: {note}"), file=sys.stderr)
    for warning in game.warnings[:SHOWN_WARNINGS]:
        print(printable(f"{PROG}: warning: {warning}"), file=sys.stderr)
    unread, racks = game.not_read, game.set_aside
    other = game.warned - unread - racks
    if not game.warned:
        return
    more = game.warned - min(len(game.warnings), SHOWN_WARNINGS)
    counted = [f"{unread} line{'s' * (unread != 1)} not read"] if unread else []
    if racks:
        counted.append(f"{racks} rack{'s' * (racks != 1)} set aside")
    if other > 0:
        counted.append(f"{other} other warning{'s' * (other != 1)}")
    shown_more = f" ({more} more not shown)" if more > 0 else ""
    print(printable(f"{PROG}: warning: {origin}: {', '.join(counted)}{shown_more}"),
          file=sys.stderr)
