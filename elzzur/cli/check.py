"""``check``: the referee. Players' lists of words judged on one board (``elzzur.grid.referee``),
as text or JSON."""

from __future__ import annotations

import sys

from ..errors import ElzzurError, UsageError
from .commands import Args
from .output import Output, refuse_inputs


def run_check(args: Args, out: Output) -> None:
    from ..grid.referee import MAX_PLAYERS, check
    from ..lexicon.commonness import band_lookup
    from ..lexicon.languages import get_language
    from .lists import load_words
    from .solve import game_rules, read_boards

    refuse_inputs(args)
    if args.output is not None:  # -o naming a player's list: refused before any work
        from ..files import check_not_input

        check_not_input(args.output, [("LIST", path) for path in args.lists if path != "-"])
    language = get_language(args.language)
    if len(args.lists) > MAX_PLAYERS:
        raise UsageError(f"{len(args.lists):,} lists: at most {MAX_PLAYERS} players")
    if args.lists.count("-") + (args.board == "-") > 1:
        raise UsageError("standard input ('-') can be only one of the board and the lists")
    boards, origin = read_boards(args.board, language, "check")
    if len(boards) != 1:
        raise ElzzurError(f"{origin}: holds {len(boards)} boards; check judges one")
    args.score = None
    rules = game_rules(args, language)
    lists, names = [], []
    for path in args.lists:
        lists.append(read_player_list(path))
        names.append(player_name(path, names))
    dictionary = load_words(args.dictionary, language, not args.no_corrections)
    judgement = check(boards[0], dictionary, language, rules, lists, names, args.shared,
                      rules_name=args.rules, bands=band_lookup(language))
    # the players' words and names are theirs: shown, never obeyed, on the referee's terminal
    from ..printable import json_printable, printable

    if args.format == "json":
        from ..views.judgement import as_json

        out.write(json_printable(as_json(judgement)))
    else:
        from ..views.judgement import as_text

        out.write(printable(as_text(judgement, rules)))


def read_player_list(path: str) -> list[str]:
    """A player's words: a file, or ``-`` for standard input."""
    from ..files import check_size, decode_text, read_text_file
    from ..grid.referee import LIST_LIMIT, MAX_WORDS, read_list

    if path == "-":
        if sys.stdin is None:
            raise ElzzurError("-: standard input is closed")
        data = check_size(sys.stdin.buffer.read(LIST_LIMIT + 1), LIST_LIMIT, "<stdin>",
                          "a list of words")
        text, origin = decode_text(data, "<stdin>"), "<stdin>"
    else:
        text, origin = read_text_file(path, LIST_LIMIT, "a list of words"), path
    words = read_list(text)
    if len(words) > MAX_WORDS:
        raise ElzzurError(f"{origin}: {len(words):,} words; a list holds at most {MAX_WORDS:,}")
    return words


def player_name(path: str, taken: list[str]) -> str:
    """A list's player: its file's name without folder and extension (``stdin`` for ``-``),
    numbered where two lists would have the same name."""
    import os

    name = "stdin" if path == "-" else os.path.splitext(os.path.basename(path))[0] or path
    if name in taken:
        n = 2
        while f"{name} ({n})" in taken:
            n += 1
        name = f"{name} ({n})"
    return name
