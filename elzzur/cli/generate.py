"""``generate``: random boards, optionally ones that meet a target, as text, JSON or files."""

from __future__ import annotations

from ..errors import UsageError
from .commands import Args
from .output import Output, refuse_inputs

def run_generate(args: Args, out: Output) -> None:
    import random

    from ..grid.generate import Generator, LetterSource, Target, evaluate, get_dice, meet, \
        progress_printer
    from ..lexicon.languages import get_language
    from .lists import load_words
    from ..grid.rules import get_rules

    refuse_inputs(args)
    language = get_language(args.language)
    rules = get_rules(args.rules)
    dice = get_dice(args.dice, language) if args.dice is not None else None  # "": unknown
    rows = args.rows or (dice.rows if dice else rules.rows)
    cols = args.cols or (dice.cols if dice else rules.cols)
    target = Target(args.min_words, args.max_words, args.min_score, args.min_longest)
    if target.min_words is not None and target.max_words is not None and \
            target.min_words > target.max_words:
        raise UsageError(f"--min-words {target.min_words} is more than --max-words {target.max_words}")
    if args.timeout <= 0:
        raise UsageError(f"--timeout must be more than 0 seconds, not {args.timeout:g}")
    needs_words = target.any or args.format == "json" or args.avoid or \
        args.letters != "frequency" or args.dictionary
    dictionary = load_words(args.dictionary, language) if needs_words else None
    # words no board may spell: the list as given (a correction adds words to play, not to avoid)
    avoid = load_words(args.avoid, language, corrections=False) if args.avoid else None
    letters = LetterSource(language, args.letters, dictionary, dice)
    bonus = args.bonus or ("elzzur" if rules.multipliers and dice is None else "none")
    generator = Generator(language, rows, cols, letters, bonus)
    rng = random.Random(args.seed)
    if args.format == "json":
        import json

        dump = lambda value: json.dumps(value, ensure_ascii=False)  # noqa: E731
        head = f'{{"language": {dump(language.code)}, "rules": {dump(args.rules)}, "boards": [\n'
    # a folder (-o DIR/ with --count): one file a board, in the format asked, all or none
    extension = ".json" if args.format == "json" else ".board"

    def ours(name: str) -> bool:
        """``board-NNN`` + extension, for NNN from 1 to the count: the files this run writes."""
        number = name[len("board-"):-len(extension)]
        return name.startswith("board-") and name.endswith(extension) and number.isdigit() \
            and number.isascii() and f"{int(number):03}" == number and 1 <= int(number) <= args.count

    batch = None if out.folder is None else out.open_folder(ours)
    boards = []
    progress = progress_printer() if target.any or avoid is not None else None
    try:
        for number in range(1, args.count + 1):
            if target.any or avoid is not None:
                stats = meet(generator, target, dictionary, rng, args.timeout, rules, avoid,
                             progress)
                if progress is not None:  # the board goes where the line was
                    progress.clear()
            else:
                board = generator.board(rng)
                stats = evaluate(board, dictionary, language, rules) if dictionary else None
            board = stats.board if stats else board
            if args.format == "json":
                entry = {"board": board.token_rows(), "words": stats.words,
                         "total_score": stats.score, "longest": stats.longest}
                if batch is not None:
                    batch.write(f"board-{number:03}{extension}",
                                head + f"  {dump(entry)}\n]}}\n")
                else:
                    boards.append(entry)
            elif batch is not None:
                batch.write(f"board-{number:03}{extension}", str(board) + "\n")
            else:
                out.write(("\n" if number > 1 else "") + str(board) + "\n")
    finally:
        if progress is not None:  # before an error or the prompt: never glued to the line
            progress.clear()
    if args.format == "json" and batch is None:
        out.write(head + ",\n".join(f"  {dump(b)}" for b in boards) + "\n]}\n")
