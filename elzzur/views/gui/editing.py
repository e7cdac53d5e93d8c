"""The grid being typed, without Tk: what a typed letter becomes, the cells' texts and bonus
codes to and from a board, board files, where an arrow key moves, and the language box's
entries (``en — English``).

The window only wires these to widgets, so the tests check them without a display.
"""

from __future__ import annotations

from ...errors import ElzzurError
from ...grid.board import HOLE, Board, parse_board, parse_token, read_board_text
from ..palette import tile_label, tile_style

BONUS_KEYS = {"0": "", "1": "dl", "2": "tl", "3": "dw", "4": "tw"}  # the key that sets each bonus
MAX_SIDE = 12  # rows and columns the grid may have: the size controls' range, and a loaded board's


def bonus_name(code: str) -> str:
    """What the bonus menu shows for a code: the tile's badge (``TL``), ``none`` for none."""
    return tile_style(code).badge or "none"


def language_choices() -> list[str]:
    """The language box's entries: each language's code and name (``en — English``), the
    built-in ones and the user's; a user's file that does not read is listed by its code."""
    from ...lexicon.languages import catalogue

    return [language_choice(code, language) for code, _, _, language in catalogue()]


def language_choice(code: str, language=None) -> str:
    """How the language box shows a language: ``en — English`` (the code alone if there is no
    language to name it)."""
    name = getattr(language, "name", None)
    return f"{code} — {name}" if name else code


def language_code(text: str) -> str:
    """The language the box names: ``en — English`` and ``en`` are both ``en`` (a code, or
    the path of a language file, is taken as typed); empty is English."""
    return text.split(" — ", 1)[0].strip() or "en"


def normalize_letter(text: str, language) -> str | None:
    """What a typed letter becomes on a tile (é → E in English, ñ → Ñ in es-native), or None
    if the language cannot spell it; ``Qu`` is shown as the games print it."""
    if not text or not text.isalpha():
        return None
    key = language.normalize(text)
    if key is None:
        return None
    return "Qu" if key == "QU" and language.normalize("Qu") == "QU" else key


def split_token(token: str, language) -> tuple[str, str]:
    """A board token as (what the cell's entry shows, bonus code): ``Ttl`` → (``T``, ``tl``).
    A token that does not parse is kept as typed, so its error is reported at solve time."""
    token = token.strip()
    if not token:
        return "", ""
    try:
        cell = parse_token(token, language)
    except ElzzurError:
        return token, ""
    return tile_label(cell, language, value=True), cell.bonus


def build_board(texts: list[str], bonuses: list[str], rows: int, cols: int, language) -> Board:
    """The board the grid shows: each entry's text with its bonus code, parsed as a board
    token; an empty cell or a bad token is an error naming the cell, (row,column) from 0."""
    if len(texts) != rows * cols or len(bonuses) != rows * cols:
        raise ElzzurError(f"a {rows}x{cols} board needs {rows * cols} cells")
    cells = []
    for index, (text, bonus) in enumerate(zip(texts, bonuses)):
        where = f"cell ({index // cols},{index % cols})"  # (row,column) from 0, as every view
        text = text.strip()
        if not text:
            raise ElzzurError(f"{where} is empty: type a letter, or '.' for a hole")
        # the bonus code goes between the letters and the value: Q=8 with tl is Qtl=8
        letters, equals, value = text.partition("=")
        token = text if text == HOLE else letters + bonus + equals + value
        try:
            cells.append(parse_token(token, language))
        except ElzzurError as e:
            raise ElzzurError(f"{where}: {e}") from None
    return Board(rows, cols, tuple(cells))


def board_entries(board: Board, language=None) -> tuple[list[str], list[str]]:
    """The grid's entry texts and bonus codes for a board (the inverse of ``build_board``): a
    tile's label with its value (``Qu=8``; the bonus is the cell's menu), ``Qu`` only where
    ``language`` reads it back as QU."""
    texts = [tile_label(c, language, value=True) for c in board.cells]
    return texts, [c.bonus for c in board.cells]


def load_board_file(path: str, language) -> Board:
    """One board from a board file (what the Load dialog and ``gui -b`` call); a board larger
    than the grid is an error (a window of 100x100 tiles took a minute and a half to draw)."""
    text, origin = read_board_text(path)
    board = parse_board(text, language, origin)
    if board.rows > MAX_SIDE or board.cols > MAX_SIDE:
        raise ElzzurError(f"{origin}: a {board.rows:,}x{board.cols:,} board is larger than the "
                          f"window's grid, at most {MAX_SIDE}x{MAX_SIDE} (elzzur solve -b solves it)")
    return board


def save_board_file(path: str, board: Board) -> None:
    """Write a board in board-file syntax, whole or not at all (what the Save dialog calls)."""
    from ...atomic import write_atomic

    write_atomic(path, str(board) + "\n")


def neighbour_cell(index: int, key: str, rows: int, cols: int) -> int:
    """The cell an arrow key moves to from ``index`` (wrapping across rows left and right,
    staying put at the top and bottom)."""
    r, c = divmod(index, cols)
    if key == "Left":
        return (index - 1) % (rows * cols)
    if key == "Right":
        return (index + 1) % (rows * cols)
    if key == "Up":
        return (r - 1) * cols + c if r > 0 else index
    if key == "Down":
        return (r + 1) * cols + c if r < rows - 1 else index
    return index


PICTURES = (".png", ".jpg", ".jpeg", ".webp", ".bmp", ".gif", ".tif", ".tiff")


def is_picture(path: str) -> bool:
    """A screenshot or photo to read the board from (by its name: the Load dialog's choice)."""
    return path.lower().endswith(PICTURES)


def load_picture_board(path: str, language, rules: str
                       ) -> tuple[Board, str, dict[int, str]]:
    """The board read from a picture (``elzzur read``, the extra elzzur-solver[image]), and what the
    player must check: the tiles read uncertainly, and those where no letter was found, which
    come as holes to type the letter in ("" when every tile is sure), and each such tile's
    doubt by its index (``(3,3) Ztw: Z or W?``), for the window to mark it."""
    from ...grid.rules import get_rules
    from ...image import require

    require()
    from ...image.reader import load_picture, read_picture, tile_letters

    reading = read_picture(load_picture(path), tile_letters(language),
                           bonuses=get_rules(rules).multipliers)
    rows = [" ".join(t.token if t.letters else HOLE for t in row) for row in reading.rows]
    board = parse_board("\n".join(rows), language, path)
    flagged = reading.flagged
    cols = len(reading.rows[0])
    doubts = {r * cols + c: f"({r},{c}) {t.token if t.letters else HOLE}: {t.why}"
              for r, c, t in flagged}
    note = ""
    if flagged:
        note = (f"check {len(flagged)} tile{'s' if len(flagged) > 1 else ''}: "
                + ", ".join(doubts.values()))
    return board, note, doubts
