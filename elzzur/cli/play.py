"""``play``: timed rounds in the terminal, then the review; ``stats``: the rounds played so far.

The round's logic is ``elzzur.grid.round``, the review's ``elzzur.grid.review``, the history's
``elzzur.grid.history``; the terminal is ``elzzur.views.terminal`` (curses). Tests set
``ELZZUR_FAKE_CLOCK`` to a file holding the seconds the clock shows (``grid.round.FileClock``),
so that a round of two minutes is played in a moment: it is for tests only, and not listed in
the help.
"""

from __future__ import annotations

import os
import sys

from ..errors import ElzzurError, UsageError
from .commands import Args
from .output import Output, refuse_inputs

MAX_ROUNDS = 10
FAKE_CLOCK = "ELZZUR_FAKE_CLOCK"


def default_min_words(rules) -> int:
    """A playable board's words when no target is given: fewer where words are longer."""
    return 150 if rules.min_length <= 2 else 100 if rules.min_length == 3 else 50


def run_play(args: Args, out: Output) -> None:
    from ..grid.referee import Referee
    from ..grid.round import FileClock, Round
    from ..lexicon.commonness import band_lookup
    from ..lexicon.languages import get_language
    from .lists import load_words
    from .solve import game_rules

    refuse_inputs(args)
    if args.rounds > MAX_ROUNDS:
        raise UsageError(f"--rounds {args.rounds}: at most {MAX_ROUNDS}")
    if not args.window and (sys.stdin is None or not sys.stdin.isatty()):
        raise UsageError("play needs a terminal, and standard input is not one (to judge a "
                         "list of words written down, use 'elzzur check')")
    language = get_language(args.language)
    args.score = None
    rules = game_rules(args, language)
    dictionary = load_words(args.dictionary, language, not args.no_corrections)
    boards = round_boards(args, language, rules, dictionary)
    seconds = args.time if args.time is not None else rules.round_seconds
    fake = os.environ.get(FAKE_CLOCK)
    clock = FileClock(fake) if fake else None
    bands = band_lookup(language)
    games = [Round(Referee(board, dictionary, language, rules, bands=bands), seconds, clock,
                   number) for number, board in enumerate(boards, 1)]
    titles = [f"elzzur play: {rules.name}, {language.name}"
              + (f", round {k} of {len(games)}" if len(games) > 1 else "")
              for k in range(1, len(games) + 1)]
    if args.window:
        played = play_window(games, titles, rules, bands)
        report(played, language, rules, args, out, bands)
        return
    from ..views.text import use_colour
    from ..views.terminal import play

    try:
        played = play(games, use_colour(args.color, sys.stdin), titles)  # (the terminal's)
    except Exception as e:  # curses cannot drive this terminal (TERM unknown, …)
        import curses

        if isinstance(e, curses.error):
            raise ElzzurError(f"the terminal cannot run the game ({e}; is TERM set?)") from None
        raise
    report(played, language, rules, args, out, bands)


def play_window(games, titles, rules, bands) -> list:
    """The rounds in a Tk window (``elzzur.views.gui.play``); the rounds that ended."""
    try:
        import tkinter  # noqa: F401
    except ImportError:
        raise ElzzurError("the window needs tkinter (Debian: apt-get install python3-tk)") \
            from None
    from ..grid.review import review
    from ..views.gui.play import play_in_window

    def round_review(game):  # drawn in the window (its lines, the missed words' paths)
        return review(game.referee.board, game.referee.rows, game.found, bands,
                      bonus_tiles=rules.multipliers)

    return play_in_window(games, titles, round_review)


def round_boards(args: Args, language, rules, dictionary) -> list:
    """The boards of the rounds: from -b (one a round, in order), or generated to a target."""
    if args.board is not None:
        from .solve import read_boards

        boards, origin = read_boards(args.board, language, "play")
        if len(boards) < args.rounds:
            raise ElzzurError(f"{origin}: {len(boards)} board(s) for {args.rounds} rounds")
        return boards[:args.rounds]
    import random

    from ..grid.generate import Generator, LetterSource, Target, get_dice, meet, \
        progress_printer

    dice = get_dice(args.dice, language) if args.dice is not None else None
    rows = args.rows or (dice.rows if dice else rules.rows)
    cols = args.cols or (dice.cols if dice else rules.cols)
    target = Target(args.min_words if args.min_words is not None else default_min_words(rules),
                    None, args.min_score, args.min_longest)
    letters = LetterSource(language, args.letters, dictionary, dice)
    rng = random.Random(args.seed)
    boards = []
    for number in range(1, args.rounds + 1):
        if args.bonus:
            bonus = args.bonus
        elif not rules.multipliers or dice is not None:
            bonus = "none"
        else:  # Ruzzle's rounds bring more bonus tiles: round 1, 2, 3, then 3 again
            bonus = f"round{min(number, 3)}" if args.rounds > 1 else "elzzur"
        generator = Generator(language, rows, cols, letters, bonus)
        boards.append(meet(generator, target, dictionary, rng, args.timeout, rules, None,
                           progress_printer()).board)
    if sys.stderr.isatty():
        sys.stderr.write("\r\033[K")
    return boards


def report(played, language, rules, args: Args, out: Output, bands) -> None:
    """The review of each round played, and each recorded in the history."""
    from ..grid.history import append_round, played as record
    from ..grid.review import review

    reviews = [review(game.referee.board, game.referee.rows, game.found, bands,
                      bonus_tiles=rules.multipliers) for game in played]
    saved = None
    if not args.no_history:
        from .lists import warn

        from ..errors import ElzzurError

        for game in played:
            try:
                saved, aside = append_round(record(game, language.code, args.rules))
            except ElzzurError as e:  # the review just earned is shown all the same
                warn(f"round {game.number} not recorded in the history: {e}")
                saved = None
                continue
            if aside:
                from ..files import shown

                warn(f"the history could not be read; it is kept as {shown(aside)} and a new "
                     f"one started")
    if args.format == "json":
        import json

        data = [{"round": game.number, "board": game.referee.board.token_rows(),
                 "seconds": game.seconds, "gave_up": game.gave_up,
                 "words": [a.verdict.to_dict() | {"at": a.at} for a in game.attempts],
                 "review": r.to_dict()} for game, r in zip(played, reviews)]
        out.write(json.dumps({"language": language.code, "rules": args.rules, "rounds": data},
                             ensure_ascii=False, indent=1) + "\n")
        return
    from ..views.review import as_text
    from ..views.text import use_colour

    colour = use_colour(args.color, sys.stdout)
    width = min(os.get_terminal_size(sys.stdout.fileno()).columns, 120) \
        if sys.stdout.isatty() else 80
    parts = []
    for game, r in zip(played, reviews):
        title = f"Round {game.number}" + (" (given up)" if game.gave_up else "") + ":" \
            if len(played) > 1 or game.gave_up else ""
        parts.append(as_text(r, game.referee.board, colour, width, title))
    if len(played) > 1:
        parts.append(f"All {len(played)} rounds: {sum(g.score for g in played):,} points.\n")
    if saved:
        from ..files import shown

        parts.append(f"(recorded in {shown(saved)}: 'elzzur stats' shows your progress)\n")
    out.write("\n".join(parts))


def run_stats(args: Args, out: Output) -> None:
    from ..grid.history import history_path, read_history, stats

    refuse_inputs(args)
    path = history_path()
    rounds, damaged = read_history(path)
    if args.language_filter:
        rounds = [r for r in rounds if r.language == args.language_filter]
    if args.rules_filter:
        rounds = [r for r in rounds if r.rules == args.rules_filter]
    result = stats(rounds, damaged, path=path)
    if args.format == "json":
        from ..views.stats import as_json

        out.write(as_json(result))
    elif args.format == "svg":
        from ..views.stats import as_svg

        out.write(as_svg(result))
    else:
        from ..views.stats import as_text

        out.write(as_text(result, ascii_only=not can_draw_bars()))


def can_draw_bars() -> bool:
    """Whether standard output takes the block characters of the sparkline."""
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        "▁█".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True
