"""``scrabble --sim SECONDS`` and ``--endgame SECONDS``: the look-ahead on the command line. With
the bag empty the end game is solved (``--sim`` too: with both racks known there is nothing to
draw, so a simulation would only replay one line); with one or two tiles in the bag
``--endgame`` applies the pre-end-game rule; otherwise ``--sim`` simulates the best ``--top``
candidates (``--endgame`` is refused: the bag is not near empty)."""

from __future__ import annotations

import os
import sys

from ..errors import PROG, ElzzurError, UsageError


def run_look(args, out, text: str, rack_text: str, tiles, layout_name: str, graph) -> None:
    from ..scrabble import load_layout, parse_position, parse_rack
    from ..scrabble.unseen import unseen_tiles

    layout = load_layout(layout_name)
    board = parse_position(text, tiles, layout.size)
    rack, blanks = parse_rack(rack_text, tiles, board)
    unseen = unseen_tiles(board, rack, blanks, tiles)
    sim, endgame = getattr(args, "sim", None), getattr(args, "endgame", None)
    jobs = min(getattr(args, "jobs", 1) or 1, os.cpu_count() or 1)
    as_json = args.format == "json"
    if unseen.end_game:
        if unseen.total == 0:
            raise ElzzurError("scrabble: the bag is empty and no tile is unseen: the opponent "
                              "has gone out, the game is over")
        return _endgame(out, board, rack, blanks, unseen, graph, tiles, layout,
                        endgame if endgame is not None else sim, as_json, sim is not None)
    if endgame is not None and sim is None:
        if unseen.bag > 2:
            raise ElzzurError(f"scrabble: --endgame needs the bag empty or 1-2 tiles in it; "
                              f"{unseen.bag} are (use --sim)")
        return _pre_endgame(out, board, rack, blanks, unseen, graph, tiles, layout, endgame,
                            args, as_json)
    return _simulate(out, board, rack, blanks, graph, tiles, layout, sim, jobs, args, as_json)


def _endgame(out, board, rack, blanks, unseen, graph, tiles, layout, seconds, as_json,
             from_sim: bool) -> None:
    from ..scrabble.endgame import rack_tuple, show_racks, solve, unseen_rack
    from ..views.lookahead import endgame_json, endgame_text

    mine, theirs = rack_tuple(rack, blanks), unseen_rack(unseen)
    if not mine:
        raise ElzzurError("scrabble: the rack is empty")
    if from_sim:
        print(f"{PROG}: note: the bag is empty: both racks are known, so the end game is solved "
              f"instead of simulated", file=sys.stderr)
    result = solve(board, mine, theirs, graph, tiles, layout, seconds)
    if as_json:
        from ..views.jsonout import dumps

        out.write(dumps(endgame_json(result)) + "\n")
    else:
        out.write(endgame_text(result, show_racks(mine, theirs)))


def _pre_endgame(out, board, rack, blanks, unseen, graph, tiles, layout, seconds, args,
                 as_json) -> None:
    from ..scrabble.endgame import pre_endgame
    from ..scrabble.equity import Evaluator, ranked
    from ..scrabble.leaves import edition_leaves
    from ..scrabble.movegen import generate_moves
    from ..views.lookahead import pre_endgame_json, pre_endgame_text

    evaluate = Evaluator(edition_leaves(tiles, args.language), unseen, tiles)
    candidates = ranked(lambda n, values: generate_moves(board, rack, blanks, graph, tiles,
                                                         layout, n, leaves=values),
                        rack, blanks, evaluate, args.top)
    results = pre_endgame(board, rack, blanks, unseen, graph, tiles, layout, candidates, seconds)
    if as_json:
        from ..views.jsonout import dumps

        out.write(dumps(pre_endgame_json(results, unseen.bag)) + "\n")
    else:
        out.write(pre_endgame_text(results, unseen.bag))


def _simulate(out, board, rack, blanks, graph, tiles, layout, seconds, jobs, args,
              as_json) -> None:
    from ..scrabble.leaves import edition_leaves
    from ..scrabble.simulate import MAX_PLIES, simulate

    if args.plies > MAX_PLIES:
        raise UsageError(f"scrabble: --plies is at most {MAX_PLIES}, not {args.plies:,}")
    from ..views.lookahead import simulation_json, simulation_text

    sim = simulate(board, rack, blanks, graph, tiles, layout,
                   edition_leaves(tiles, args.language), top=args.top, plies=args.plies,
                   seconds=seconds, iterations=getattr(args, "iterations", None), jobs=jobs,
                   seed=getattr(args, "seed", None) or 0)
    if as_json:
        from ..views.jsonout import dumps

        out.write(dumps(simulation_json(sim)) + "\n")
    else:
        out.write(simulation_text(sim))
