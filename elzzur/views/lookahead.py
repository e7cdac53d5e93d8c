"""The look-ahead's results as text and as JSON-ready values: a simulation's table (each
candidate's iterations, mean and interval: the sample size is part of the answer), a solved end
game's best line, a pre-end game's table."""

from __future__ import annotations

import math


def _move_text(move) -> str:
    if move.kind == "pass":
        return "pass"
    if move.kind == "exchange":
        return f"xchg {move.tiles}"
    return f"{move.coordinate} {move.word}"


def simulation_text(sim) -> str:
    """The table of ``simulate.Simulation``: best first, the dropped ones marked."""
    if not sim.candidates:
        return "simulation: no candidates\n"
    counts = [c.iterations for c in sim.candidates]
    per = f"{min(counts)}" if min(counts) == max(counts) else f"{min(counts)}-{max(counts)}"
    processes = "1 process" if sim.jobs == 1 else f"{sim.jobs} processes"
    # (no time measured here: the table is the same on every run for a seed and a number of
    # iterations; --format json has the seconds)
    stopped = {"time": "the time was up", "iterations": "the iterations asked for were done",
               "one left": "one candidate was left"}.get(sim.stopped, sim.stopped)
    lines = [f"simulation: {len(sim.candidates)} candidates, {sim.plies} plies ahead, "
             f"{sim.iterations} iterations ({per} a candidate), {processes}, seed {sim.seed}; "
             f"stopped: {stopped}"]
    if sim.iterations == 0:
        lines.append("(nothing to simulate: the order is the static one by equity)")
    width = max(len(_move_text(c.move)) for c in sim.candidates) + 2
    lines.append(f"{'move':<{width}}{'score':>5}{'equity':>8}{'iter':>7}{'mean':>9}  95 % interval")
    for c in sim.candidates:
        mean = "" if not c.iterations else f"{c.mean:9.1f}"
        half = c.half_width
        ci = "" if not c.iterations else ("" if math.isinf(half) else f"± {half:.1f}")
        mark = "  dropped" if c.dropped else ""
        lines.append(f"{_move_text(c.move):<{width}}{c.move.score:>5}{c.move.equity:>8.1f}"
                     f"{c.iterations:>7}{mean:>9}  {ci}{mark}".rstrip())
    return "\n".join(lines) + "\n"


def simulation_json(sim) -> dict:
    return {"simulation": {"iterations": sim.iterations, "plies": sim.plies, "seed": sim.seed,
                           "seconds": round(sim.seconds, 3), "stopped": sim.stopped,
                           "jobs": sim.jobs},
            "candidates": [{"move": _move_text(c.move), "kind": c.move.kind,
                            "score": c.move.score, "equity": c.move.equity,
                            "iterations": c.iterations,
                            "mean": None if not c.iterations else round(c.mean, 3),
                            "half_width": None if c.iterations < 2 else round(c.half_width, 3),
                            "dropped": c.dropped} for c in sim.candidates]}


def endgame_text(result, racks: str) -> str:
    """A solved end game: the value, whether it is exact, and the best line, turn by turn."""
    exact = (f"solved exactly ({result.depth} plies)" if result.exact else
             f"NOT exact: searched {result.depth} plies before the time ran out")
    lines = [f"end game: {racks}; {exact}, {result.nodes:,} positions",
             f"best line: {result.value:+d} spread from here for the side on turn"]
    for i, move in enumerate(result.line):
        who = "you" if i % 2 == 0 else "opponent"
        score = "" if move.kind == "pass" else f" {move.score}"
        lines.append(f"  {i + 1}. {who:<9}{_move_text(move)}{score}")
    if result.line and result.line[-1].kind == "play":
        lines.append("  (the last move goes out)")
    elif len(result.line) >= 2 and result.line[-1].kind == "pass":
        lines.append("  (two passes in a row end the game)")
    return "\n".join(lines) + "\n"


def endgame_json(result) -> dict:
    return {"endgame": {"value": result.value, "exact": result.exact, "depth": result.depth,
                        "nodes": result.nodes, "seconds": round(result.seconds, 3),
                        "line": [{"move": _move_text(m), "kind": m.kind, "score": m.score}
                                 for m in result.line]}}


def pre_endgame_text(results, bag: int) -> str:
    lines = [f"pre-end game ({bag} in the bag): each play that empties the bag, followed for "
             f"every split of the unseen tiles into bag and opponent's rack (a rule, not an "
             f"exact search)"]
    width = max((len(_move_text(r.move)) for r in results), default=4) + 2
    lines.append(f"{'move':<{width}}{'score':>5}{'equity':>8}{'mean':>9}  splits (exact)")
    for r in results:
        mean = "" if r.mean is None else f"{r.mean:9.1f}"
        splits = "not followed" if r.mean is None else f"{r.splits} ({r.exact})"
        lines.append(f"{_move_text(r.move):<{width}}{r.move.score:>5}{r.equity:>8.1f}"
                     f"{mean:>9}  {splits}")
    return "\n".join(lines) + "\n"


def pre_endgame_json(results, bag: int) -> dict:
    return {"pre_endgame": {"bag": bag, "candidates": [
        {"move": _move_text(r.move), "kind": r.move.kind, "score": r.move.score,
         "equity": r.equity, "mean": None if r.mean is None else round(r.mean, 3),
         "splits": r.splits, "exact": r.exact} for r in results]}}
