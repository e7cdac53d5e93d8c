"""``scrabble``: the best moves for a position and a rack, as text or JSON, and the board with a
move placed."""

from __future__ import annotations

import sys

from ..errors import PROG, ElzzurError
from .commands import Args
from .output import Output, refuse_inputs

POSITION_HINT = ("(a position is 15 lines of 15 squares: '.' an empty one, a letter a tile, a "
                 "lower-case letter a blank; inline, rows separated by '/'; see elzzur help "
                 "scrabble)")

def check_position(text: str, tiles, layout_name: str, origin: str) -> None:
    """Read the position once before the search, so that a mistyped one is an error that ends
    with the syntax (``POSITION_HINT``) rather than a bare 'board: 3 rows, expected 15'."""
    from ..scrabble.layout import load_layout
    from ..scrabble.position import parse_position

    try:
        parse_position(text, tiles, load_layout(layout_name).size)
    except ElzzurError as e:
        where = "" if origin == "inline board" else f"{origin}: "
        raise type(e)(f"{where}{e} {POSITION_HINT}") from None

def run_scrabble(args: Args, out: Output) -> None:
    import gc

    from ..lexicon.dictionary import hash_ahead

    # What the command line imported so far is frozen while the position is solved: the
    # collections the search's allocations set off then walk only what came after (a
    # one-shot's millisecond; nothing frozen is garbage: modules, functions, the table)
    gc.freeze()
    try:
        with hash_ahead(args.dictionary):  # the word list read and hashed meanwhile
            return solve_position(args, out)
    finally:
        gc.unfreeze()


def solve_position(args: Args, out: Output) -> None:
    """``run_scrabble``'s work: the best moves of one position, or a game's review (--gcg)."""
    from ..grid.source import read_board_text
    from ..lexicon.languages import get_language
    from .lists import load_words
    from ..scrabble import best_moves, load_layout, load_tile_set, parse_cgp

    refuse_inputs(args)
    if getattr(args, "gcg", None) is not None:
        from .gcg_review import run_review

        return run_review(args, out)
    tiles = load_tile_set(args.language)
    layout_name = args.layout or tiles.layout or "standard"  # the edition's board by default
    rack = args.rack
    if args.cgp is not None:
        if args.board is not None:
            raise ElzzurError("scrabble: give the position with -b or with --cgp, not both")
        layout = load_layout(layout_name)
        text, cgp_rack, options = parse_cgp(args.cgp, layout.size)
        rack = rack if rack is not None else cgp_rack
        if rack is None:
            raise ElzzurError("scrabble: the CGP has no rack on turn; give one with -r")
        if options.get("lex") and args.dictionary is None:
            # a tournament lexicon (NWL23, CSW24, …) is not ours to ship: say what is used
            from ..printable import plain

            print(f"{PROG}: note: the position names the lexicon {plain(options['lex'])}; using "
                  f"the built-in {tiles.language or args.language} dictionary (give yours with "
                  f"-d)", file=sys.stderr)
    elif args.board is None:
        raise ElzzurError(f"scrabble: give the position with -b POSITION or --cgp CGP "
                          f"{POSITION_HINT}")
    else:
        if rack is None:
            raise ElzzurError("scrabble: give the rack with -r RACK")
        text, origin = read_board_text(args.board)
        if "\n" not in text.strip():
            text = text.replace("/", "\n")  # an inline position, rows separated by '/'
        check_position(text, tiles, layout_name, origin)
    # every cross-word must be in one lexicon: the list and your corrections as one graph
    graph = load_words(args.dictionary, get_language(tiles.language or args.language)).union_graph()
    if getattr(args, "sim", None) is not None or getattr(args, "endgame", None) is not None:
        from .scrabble_look import run_look  # the look-ahead: simulation, end game

        return run_look(args, out, text, rack, tiles, layout_name, graph)
    rank = getattr(args, "rank", "equity")
    moves = best_moves(text, rack, args.language, graph, layout_name, args.top, rank=rank)
    unseen = unseen_of(text, rack, tiles, layout_name) if getattr(args, "unseen", False) else None
    if args.format == "json":
        from ..views.jsonout import dumps  # json.dumps's text without importing json

        listed = [{"coordinate": m.coordinate, "word": m.word, "score": m.score,
                   "equity": m.equity, "leave": m.leave, "kind": m.kind} for m in moves]
        if unseen is not None:
            listed = {"unseen": {"tiles": unseen.text, "count": unseen.total, "bag": unseen.bag},
                      "moves": listed}
        out.write(dumps(listed) + "\n")
        return
    if unseen is not None:
        out.write(f"unseen: {unseen.total} tiles ({unseen.bag} in the bag): {unseen.text}\n\n")
    plays = [m for m in moves if m.kind == "play"]
    below = []  # the best play, when the top holds only exchanges: never shown as the only choice
    if not plays and moves and rank == "equity":
        below = best_moves(text, rack, args.language, graph, layout_name, 1, plays_only=True)
    if not plays and not below:
        out.write("no legal move with this rack\n")  # (exchanges may follow)
    width = max((len(m.word) for m in moves + below), default=0) + 2

    def line(m) -> str:
        return f"{m.coordinate:<5}{m.word:<{width}}{m.score:>5}{m.equity:>7.1f}  {m.leave}".rstrip()

    for m in moves:
        out.write(line(m) + "\n")
    if below:
        out.write(f"the best play, below these by equity:\n{line(below[0])}\n")
    shown = (plays or below)[:args.show_top or 0]
    if shown:
        from ..views.text import show_move  # (the board drawn: only for --show-top)

        for m in shown:
            out.write("\n" + show_move(text, m))


def unseen_of(text: str, rack: str, tiles, layout_name: str):
    """The unseen tiles of a position and rack (``--unseen``)."""
    from ..scrabble import load_layout, parse_position, parse_rack
    from ..scrabble.unseen import unseen_tiles

    board = parse_position(text, tiles, load_layout(layout_name).size)
    return unseen_tiles(board, *parse_rack(rack, tiles, board), tiles)
