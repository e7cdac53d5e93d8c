"""``elzzur words``: your corrections to a language's dictionary (``elzzur.lexicon.corrections``).

    elzzur words add -l it CIAONE [MORE …]     make words count
    elzzur words remove -l en ZEN [MORE …]     make words not count
    elzzur words list [-l it]                  show the corrections (of every language)
    elzzur words reset -l it WORD … | --all    undo corrections
    elzzur words diff -l it -b BOARD GAME.txt [--apply]
                                               compare with a game's list of the board's words

The command's help is in ``elzzur.__main__.COMMANDS``; its actions are argparse subcommands of
``words`` (``add_actions``), and ``run`` carries them out.
"""

from __future__ import annotations

from ..errors import ElzzurError, UsageError

ACTIONS = {
    "add": "make words count (recorded only if the dictionary lacks them)",
    "remove": "make words not count (recorded only if the dictionary has them)",
    "list": "show the corrections of one language, or which languages have some",
    "reset": "undo corrections: of the words given, or --all",
    "diff": "compare elzzur's words on a board with the game's list of them",
}


def add_actions(parser) -> None:
    """The actions of ``words`` as subcommands of its argparse ``parser``."""
    actions = parser.add_subparsers(dest="action", metavar="ACTION", parser_class=type(parser))
    actions.required = True

    def language(sub, default: str | None = "en") -> None:
        sub.add_argument("-l", "--language", dest="language", default=default, metavar="LANG",
                         help="language code or language file" + (
                             f" (default: {default})" if default else " (default: every language)"))

    for name, help_text in ACTIONS.items():
        sub = actions.add_parser(name, help=help_text, description=help_text)
        language(sub, None if name == "list" else "en")
        if name in ("add", "remove"):
            sub.add_argument("words", nargs="+", metavar="WORD", help="words, in any case")
        elif name == "reset":
            sub.add_argument("words", nargs="*", metavar="WORD", help="words whose correction to undo")
            sub.add_argument("--all", dest="all", action="store_true",
                             help="undo every correction of the language")
        elif name == "diff":
            sub.add_argument("-b", "--board", dest="board", metavar="BOARD", required=True,
                             help="the board the game showed (a board file or an inline board)")
            sub.add_argument("game_words", metavar="GAME_WORDS",
                             help="the game's list of the board's words, one a line, any case")
            sub.add_argument("--rules", dest="rules", default="ruzzle", metavar="RULES",
                             help="the game: ruzzle (default), boggle, bigboggle, wordhunt, "
                                  "wordament, or a rules file (its shortest word counts)")
            sub.add_argument("-d", "--dictionary", dest="dictionary", metavar="DICT",
                             help="a .marisa file or a word list (default: the language's own)")
            sub.add_argument("--apply", dest="apply", action="store_true",
                             help="record the differences as corrections")


def take_extra(namespace, extra: list[str]) -> list[str]:
    """Words argparse left over because an option came between them (``add CIAO -l it
    CIAONE``): they belong to the action's words. Returns what is still unrecognised."""
    if getattr(namespace, "action", None) in ("add", "remove", "reset") and \
            not any(item.startswith("-") for item in extra):
        namespace.words = list(namespace.words or []) + extra
        return []
    return extra


def run(args, out) -> None:
    action = args.action
    if action == "list":
        return run_list(args, out)
    from ..lexicon.languages import get_language

    language = get_language(args.language)
    if action == "diff":
        return run_diff(args, language, out)
    if action == "reset":
        return run_reset(args, language, out)
    from ..lexicon.corrections import editing, normalize_word, read_corrections

    words = list(dict.fromkeys(normalize_word(word, language) for word in args.words))
    in_list = plain_list(language)
    lines, changed = edit(words, read_corrections(language), action, in_list, language)
    if changed:  # again, holding the lock from reading to writing: one process at a time
        with editing(language):
            corrections = read_corrections(language)
            lines, changed = edit(words, corrections, action, in_list, language)
            if changed:
                corrections.save()
    out.write("".join(lines))


def edit(words: list[str], corrections, action: str, in_list, language) -> tuple[list[str], bool]:
    """Add or remove ``words`` in ``corrections``: the lines saying what was done with each
    word, and whether anything changed (then the caller saves them). A first pass without
    the lock finds out whether there is anything to write (a no-op takes no lock and creates
    no folder); the pass that counts is the one under the lock."""
    name = f"the {language.code} dictionary"
    said = {
        "added": "added", "restored": "added back (your removal of it is undone)",
        "already": f"already in {name} (nothing recorded)",
        "removed": "removed", "unadded": "removed (your addition of it is undone)",
        "absent": f"not in {name} (nothing recorded)",
    }
    changed = False
    lines = []
    for word in words:
        change = corrections.add if action == "add" else corrections.remove
        outcome = change(word, word in in_list)
        changed |= outcome not in ("already", "absent")
        lines.append(f"{word}: {said[outcome]}\n")
    return lines, changed


def plain_list(language):
    """The language's own dictionary without corrections (an empty set for a language that
    has none): what ``add`` and ``remove`` compare with."""
    from ..lexicon.dictionary import has_builtin_dictionary, load_list

    if language.dictionary_path is None or \
            language.where == "built-in" and not has_builtin_dictionary(language):
        return frozenset()
    return load_list(None, language)


def run_list(args, out) -> None:
    from ..lexicon.corrections import corrections_path, languages_with_corrections, read_corrections
    from ..lexicon.languages import get_language
    from ..files import shown

    if args.language is None:
        codes = languages_with_corrections()
        if not codes:
            out.write("no corrections (add some with 'elzzur words add -l LANG WORD')\n")
            return
        for code in codes:
            try:
                summary = read_corrections(get_language(code)).summary()
            except ElzzurError as e:
                summary = f"error: {e}"
            out.write(f"{code}: {summary}\n")
        return
    language = get_language(args.language)
    corrections = read_corrections(language)
    where = shown(corrections_path(language))
    if corrections.empty:
        out.write(f"no corrections to {language.name} ({language.code})\n")
        return
    out.write(f"your corrections to {language.name} ({language.code}), in {where}: "
              f"{corrections.summary()}\n")
    out.write("".join(f"+{word}\n" for word in sorted(corrections.added)))
    out.write("".join(f"-{word}\n" for word in sorted(corrections.removed)))


def run_reset(args, language, out) -> None:
    from ..lexicon.corrections import editing

    if args.all and args.words:
        raise UsageError("words reset: give words or --all, not both")
    if not args.all and not args.words:
        raise UsageError("words reset: give the words whose corrections to undo, or --all")
    import os

    from ..lexicon.corrections import corrections_path

    if not os.path.lexists(corrections_path(language)):  # nothing to undo: no lock, no folder
        return reset(args, language, out)
    with editing(language):  # read, change, write: one process at a time
        reset(args, language, out)


def reset(args, language, out) -> None:
    from ..lexicon.corrections import Corrections, corrections_path, normalize_word, read_corrections

    if args.all:
        try:
            corrections = read_corrections(language)
        except ElzzurError:  # a damaged file: --all is the way out, so it goes all the same
            Corrections(language, corrections_path(language)).save()
            out.write(f"all corrections to {language.code} undone (the damaged file is removed)\n")
            return
        if corrections.empty:
            out.write(f"no corrections to {language.code} to undo\n")
            return
        summary = corrections.summary()
        corrections.added.clear()
        corrections.removed.clear()
        corrections.save()
        out.write(f"all corrections to {language.code} undone ({summary})\n")
        return
    words = list(dict.fromkeys(normalize_word(word, language) for word in args.words))
    corrections = read_corrections(language)
    lines = []
    changed = False
    for word in words:
        undone = corrections.reset(word)
        changed |= undone
        lines.append(f"{word}: {'correction undone' if undone else 'no correction to undo'}\n")
    if changed:
        corrections.save()
    out.write("".join(lines))


def run_diff(args, language, out) -> None:
    from ..grid.calibrate import calibrate, read_game_words
    from .lists import load_words
    from ..grid.rules import get_rules
    from .solve import read_boards

    rules = get_rules(args.rules)
    boards, origin = read_boards(args.board, language, "words")
    if len(boards) != 1:
        raise ElzzurError(f"{origin}: {len(boards)} boards; words diff compares one")
    game = read_game_words(args.game_words, language)
    dictionary = load_words(args.dictionary, language)
    result = calibrate(boards[0], game, dictionary, language, rules)

    def block(words: list[str], header: str) -> str:
        return header + "".join(f"  {word}\n" for word in words)

    def count(n: int) -> str:
        return f"{n:,} word{'' if n == 1 else 's'}"

    if not result.missing and not result.extra:
        out.write(f"elzzur and the game agree on this board's {count(result.agreed)}\n")
    if result.missing:
        out.write(block(result.missing, f"the game accepts {count(len(result.missing))} "
                                        "elzzur lacks:\n"))
    if result.extra:
        out.write(block(result.extra, f"elzzur finds {count(len(result.extra))} the game did "
                                      "not list:\n"))
    if result.off_board:
        out.write(block(result.off_board, f"{count(len(result.off_board))} of the game's list "
                                          "cannot be played on this board (a typo, or another "
                                          "board?):\n"))
    if not result.missing and not result.extra:
        return
    if not args.apply:
        out.write("(run again with --apply to record these as corrections)\n")
        return
    from ..lexicon.corrections import editing, read_corrections

    graph = dictionary.graph
    with editing(language):  # read, change, write: one process at a time
        corrections = read_corrections(language)
        added = [w for w in result.missing if corrections.add(w, w in graph) != "already"]
        removed = [w for w in result.extra if corrections.remove(w, w in graph) != "absent"]
        corrections.save()
    out.write(f"recorded as corrections to {language.code}: {len(added):,} added, "
              f"{len(removed):,} removed (see 'elzzur words list -l {language.code}')\n")
