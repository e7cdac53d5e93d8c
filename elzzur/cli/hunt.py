"""``hunt``: the highest-scoring boards of a language, rules, size and dictionary, searched by
hill climbing (``grid.hunt``) for a time, to a target, or for a number of climbs."""

from __future__ import annotations

from ..errors import ElzzurError, UsageError
from .commands import Args
from .output import Output, refuse_inputs


def run_hunt(args: Args, out: Output) -> None:
    import sys

    from ..grid.hunt import hunt
    from ..grid.rules import get_rules
    from ..grid.solver import find_words
    from ..lexicon.languages import get_language
    from .lists import load_words

    refuse_inputs(args)
    language = get_language(args.language)
    rules = get_rules(args.rules)
    rows = args.rows or rules.rows
    cols = args.cols or rules.cols
    if rows * cols < 2:
        raise UsageError(f"a {rows}x{cols} board has one cell: a hunt needs at least two")
    if rows * cols > 100:
        raise UsageError(f"a {rows}x{cols} board has {rows * cols} cells: a hunt takes at "
                         f"most 100 (10x10)")
    bonuses: tuple[str, ...] = ()
    if args.bonus:
        from ..grid.rules import bonus_rounds

        if not rules.multipliers:
            raise UsageError(f"--bonus {args.bonus}: the rules {args.rules!r} have no bonus "
                             f"tiles (--rules ruzzle has)")
        bonuses = tuple(bonus_rounds()[args.bonus])
        if len(bonuses) > rows * cols:
            raise UsageError(f"--bonus {args.bonus}: a {rows}x{cols} board cannot hold its "
                             f"{len(bonuses)} bonus tiles")
    cpus = _cpus()
    if args.jobs > cpus:  # each climber holds up to some hundreds of MB: no more than can run
        raise UsageError(f"--jobs {args.jobs}: this machine has {cpus} CPU"
                         f"{'s' * (cpus != 1)} for elzzur; climb with at most that many")
    dictionary = load_words(args.dictionary, language)
    progress = _progress(sys.stderr)
    try:
        found = hunt(dictionary, language, rules, rows, cols, seconds=args.seconds,
                     target=args.target, seed=args.seed, jobs=args.jobs, pool=args.pool,
                     keep=args.top, climbs=args.climbs, progress=progress,
                     bonuses=bonuses)
    finally:
        if progress is not None:
            progress.clear()
    best = found.boards[0] if found.boards else None
    if args.target is not None and (best is None or best[1] < args.target):
        figures = "none scored" if best is None else \
            f"the best has {best[1]:,} points: {'/'.join(best[0].token_rows())}"
        raise ElzzurError(f"no board reached --target {args.target:,} in {found.seconds:g} s "
                          f"after {found.scored:,} boards ({figures}; seed {found.seed})")
    words = [len(find_words(board, dictionary, language, rules=rules))
             for board, _, _ in found.boards]
    if args.format == "json":
        import json

        entries = [{"board": board.token_rows(), "score": score, "words": count,
                    "seconds": at} for (board, score, at), count in zip(found.boards, words)]
        document = {"language": language.code, "rules": args.rules, "rows": rows, "cols": cols,
                    "bonus": args.bonus, "seed": found.seed, "jobs": args.jobs,
                    "pool": args.pool,
                    "seconds": found.seconds, "scored": found.scored, "climbs": found.climbs,
                    "boards": []}
        head = json.dumps(document, ensure_ascii=False)[:-len("[]}")]
        boards = ",\n".join("  " + json.dumps(e, ensure_ascii=False) for e in entries)
        out.write(f"{head}[\n{boards}\n]}}\n")
    else:
        width = max((len(f"{score:,}") for _, score, _ in found.boards), default=1)
        for (board, score, _), count in zip(found.boards, words):
            out.write(f"{score:>{width},} points  {count:>6,} words  "
                      f"{'/'.join(board.token_rows())}\n")


def _cpus() -> int:
    """The CPUs this process may run on."""
    import os

    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _progress(stream):
    """One updating line on a terminal (standard error), none elsewhere."""
    if not stream.isatty():
        return None
    written = False

    def show(seconds: float, scored: int, climbs: int, best: int) -> None:
        nonlocal written
        stream.write(f"\r\033[Kelzzur: {seconds:,.0f} s, {scored:,} boards scored, "
                     f"{climbs:,} climbs done, best {best:,} points")
        stream.flush()
        written = True

    def clear() -> None:
        if written:
            stream.write("\r\033[K")
            stream.flush()

    show.clear = clear
    return show
