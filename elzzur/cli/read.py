"""``read``: the board in a picture (a screenshot or a photo), in board-file syntax, with how
sure each tile is; and the picture side of ``solve --image``.

The reading itself is ``elzzur.image`` (the optional extra ``elzzur-solver[image]``: numpy, OpenCV,
Pillow), imported only here, only when a picture is read."""

from __future__ import annotations

from ..errors import PROG, ElzzurError
from .commands import Args
from .output import Output, refuse_inputs


def read_file(path: str, language, rules_name: str, turns: str, dice: str | None = None):
    """The ``Reading`` of the picture at ``path`` for a game of ``language`` and rules (and
    the multi-letter faces of the ``dice`` set named, where the board is of those dice)."""
    from ..image import require

    require()
    from ..grid.generate import get_dice
    from ..grid.rules import get_rules
    from ..image.model import Classifier
    from ..image.reader import check_classifier, load_picture, read_picture, tile_letters

    rules = get_rules(rules_name)
    letters = tile_letters(language, get_dice(dice, language).long_faces() if dice else ())
    classifier = Classifier(letters)
    check_classifier(classifier, language, letters, dice)
    image = load_picture(path)  # noted as an input: -o can never replace it
    try:
        return read_picture(image, letters, bonuses=rules.multipliers, turns=turns,
                            classifier=classifier)
    except ElzzurError as e:
        raise ElzzurError(f"{path}: {e}") from None


def run_read(args: Args, out: Output) -> None:
    from ..lexicon.languages import get_language

    refuse_inputs(args)  # -o naming a picture read (any name for it): refused before reading
    language = get_language(args.language)
    for number, path in enumerate(args.images):
        reading = read_file(path, language, args.rules, args.turns, args.dice)
        if number:
            out.write("\n")
        out.write(reading.text(path))


def board_from_image(path: str, language, args: Args) -> str:
    """The board text ``solve --image`` solves: refused while a tile is uncertain, unless
    ``--accept-uncertain`` (then the best guesses are solved, and stderr says which)."""
    import sys

    reading = read_file(path, language, args.rules, "auto", args.dice)
    flagged = reading.flagged
    if any(not tile.letters for _, _, tile in flagged):
        raise ElzzurError(f"{path}: no letter found on tile "
                          + ", ".join(f"({r},{c})" for r, c, t in flagged if not t.letters)
                          + f"; run '{PROG} read {path}', correct the board and solve it with -b")
    if flagged:
        where = ", ".join(f"({r},{c}) {t.token} ({t.why})" for r, c, t in flagged)
        if not args.accept_uncertain:
            raise ElzzurError(
                f"{path}: {len(flagged)} uncertain tile{'s' if len(flagged) > 1 else ''}: "
                f"{where}; check with '{PROG} read {path}' and solve the corrected board with "
                f"-b, or solve the best guesses with --accept-uncertain")
        print(f"{PROG}: solving with uncertain tiles (--accept-uncertain): {where}",
              file=sys.stderr)
    return reading.board_text()


def image_boards(args: Args, language) -> list:
    """``solve --image``'s board, parsed (the one call ``solve`` makes into this module)."""
    from ..errors import UsageError
    from ..grid.board import parse_boards

    if not args.image:
        given = "--accept-uncertain" if args.accept_uncertain else "--dice"
        raise UsageError(f"{given} goes with --image (a board read from a picture)")
    if args.board:
        raise UsageError("give the board with -b or with --image, not both")
    return parse_boards(board_from_image(args.image, language, args), language, args.image)
