"""Turn found words into text, JSON, JSON lines or CSV, as the command line prints them.

Words come as rows ``(word, score, path)``, the path as cell numbers counted row by row, in the
order they are to be listed; the totals are always of all the rows, ``top`` only shortens the
list. (``Solution.rows()`` gives the rows of a solution.) JSON and CSV give each listed word's
commonness band: ``band`` is a function from word to band (``elzzur.lexicon.commonness``), called only
for the words listed, or None where the language has no band data (the band is then null).
"""

from __future__ import annotations


def totals(rows) -> tuple[int, int, int]:
    """Number of words, length of the longest, and the sum of the scores."""
    return len(rows), max((len(row[0]) for row in rows), default=0), sum(row[1] for row in rows)


def cell_coordinates(board) -> list[str]:
    """``(r,c)`` for every cell number, made once per board rather than once per word: how
    paths are written (a tile's letters are ``palette.tile_label``'s)."""
    cols = board.cols
    return [f"({i // cols},{i % cols})" for i in range(board.rows * cols)]


def path_text(path, labels: list[str]) -> str:
    return " ".join(map(labels.__getitem__, path))


def word_lines(rows, board) -> list[str]:
    """One aligned line per word: ``WORD    SCORE    (r,c) (r,c) …``."""
    if not rows:
        return []
    labels = cell_coordinates(board)
    word_width = max(len(row[0]) for row in rows) + 4
    score_width = max(len(str(row[1])) for row in rows) + 4
    return [
        f"{word:<{word_width}}{score:<{score_width}}{path_text(path, labels)}"
        for word, score, path in rows
    ]


def as_text(board, rows, quiet: bool = False, top: int | None = None,
            board_last: bool = False, width: int = 80) -> str:
    """The board, the (first ``top``) words, and the totals; only the word lines if ``quiet``.

    ``board_last`` is the layout for a person at a terminal: the list first, then the board
    with the totals beside it (below it where ``width`` columns cannot hold both), so that
    when the list has scrolled by, the board and the totals are what is left in view. Files
    and pipes get the board first, the layout scripts read."""
    lines = word_lines(rows[:top] if top else rows, board)
    if quiet:
        return "".join(line + "\n" for line in lines)
    count, longest, total = totals(rows)
    summary = [
        f"Number of words:            {count}",
        f"Length of the longest word: {longest}",
        f"Maximum total score:        {total}",
    ]
    if board_last:
        return "\n".join(lines + [""] * bool(lines) + beside(str(board).split("\n"), summary,
                                                              width)) + "\n"
    parts = [str(board), ""]
    if lines:
        parts += lines + [""]
    return "\n".join(parts + summary) + "\n"


def beside(left: list[str], right: list[str], width: int, gap: int = 4) -> list[str]:
    """``right``'s lines to the right of ``left``'s (a block as wide as its widest line), or
    below them after a blank line where the two would not fit in ``width`` columns."""
    wide = max(map(len, left), default=0)
    if wide + gap + max(map(len, right), default=0) > width:
        return left + [""] + right
    rows = max(len(left), len(right))
    left, right = left + [""] * (rows - len(left)), right + [""] * (rows - len(right))
    return [f"{a:<{wide + gap}}{b}".rstrip() for a, b in zip(left, right)]


def as_dict(language: str, board, rows, top: int | None = None, rules: str = "ruzzle",
            band=None) -> dict:
    """The JSON schema: language, rules, board rows in board-file syntax, words (each with its
    commonness band, or null), stats."""
    count, longest, total = totals(rows)
    return {
        "language": language,
        "rules": rules,
        "board": board.token_rows(),
        "words": [
            {"word": word, "score": score, "path": [list(divmod(i, board.cols)) for i in path],
             "band": band(word) if band else None}
            for word, score, path in (rows[:top] if top else rows)
        ],
        "stats": {"words": count, "longest": longest, "total_score": total},
    }


def as_json(language: str, board, rows, top: int | None = None, rules: str = "ruzzle",
            band=None) -> str:
    """Indented JSON with one line per word, so paths stay readable."""
    from .jsonout import dumps as dump

    data = as_dict(language, board, rows, top, rules, band)
    words = ",\n".join(f"    {dump(w)}" for w in data["words"])
    return (
        "{\n"
        f'  "language": {dump(data["language"])},\n'
        f'  "rules": {dump(data["rules"])},\n'
        f'  "board": {dump(data["board"])},\n'
        f'  "words": [{chr(10) + words + chr(10) + "  " if words else ""}],\n'
        f'  "stats": {dump(data["stats"])}\n'
        "}\n"
    )


def as_jsonl(language: str, board, rows, top: int | None = None, rules: str = "ruzzle",
             band=None) -> str:
    """The JSON object on one line: one board per line in a batch."""
    from .jsonout import dumps

    return dumps(as_dict(language, board, rows, top, rules, band)) + "\n"


def as_csv(board, rows, top: int | None = None, header: bool = True, band=None) -> str:
    """``word,score,path,band`` with the path as ``(r,c) (r,c) …`` and the band empty where
    it is unknown."""
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    if header:
        writer.writerow(["word", "score", "path", "band"])
    labels = cell_coordinates(board)
    for word, score, path in (rows[:top] if top else rows):
        writer.writerow([word, score, path_text(path, labels), band(word) if band else None])
    return out.getvalue()


def render(language: str, board, rows, fmt: str = "text", quiet: bool = False,
           top: int | None = None, rules: str = "ruzzle", band=None,
           terminal: int | None = None) -> str:
    """One board's words in ``fmt``; ``top`` limits the words listed, never the totals;
    ``rules`` names the game's rules in JSON; ``band`` gives JSON's and CSV's bands;
    ``terminal``, the width of the terminal the text goes to, asks for its layout (the board
    after the list: ``as_text``)."""
    if fmt == "json":
        return as_json(language, board, rows, top, rules, band)
    if fmt == "jsonl":
        return as_jsonl(language, board, rows, top, rules, band)
    if fmt == "csv":
        return as_csv(board, rows, top, band=band)
    return as_text(board, rows, quiet, top, terminal is not None, terminal or 80)


# --- paths on the board, for a terminal -------------------------------------------------------

START, STEP, RESET = "\033[1;30;42m", "\033[1;30;43m", "\033[0m"  # black on green / on yellow


def use_colour(choice: str, stream) -> bool:
    """--color always|never|auto; auto means a terminal, unless NO_COLOR is set (no-color.org)."""
    import os

    if choice == "always":
        return True
    if choice == "never" or os.environ.get("NO_COLOR"):
        return False
    return stream is not None and stream.isatty()


def show_path(board, word: str, score: int, path, colour: bool = False) -> str:
    """The board with the path's cells numbered in order: ``S(5)``; in colour, the cells are
    also highlighted (the first in green)."""
    step = {cell: n for n, cell in enumerate(path, start=1)}
    labels = []
    for i, cell in enumerate(board.cells):
        text = cell.token if i not in step else f"{cell.token}({step[i]})"
        labels.append(text)
    width = max(len(label) for label in labels) + 2
    lines = [f"{word}  {score}"]
    for r in range(board.rows):
        parts = []
        for c in range(board.cols):
            i = r * board.cols + c
            label = labels[i].ljust(width)
            if colour and i in step:
                pad = len(label) - len(labels[i])
                label = (START if step[i] == 1 else STEP) + labels[i] + RESET + " " * pad
            parts.append(label)
        lines.append("".join(parts).rstrip())
    return "\n".join(lines) + "\n"


# --- a Scrabble move on its board ----------------------------------------------------------

def show_move(text: str, move) -> str:
    """The position with the move's new tiles in brackets, columns A-O and rows 1-15."""
    grid = [line.split() if " " in line.strip() else list(line.strip())
            for line in text.strip().splitlines()]
    for row, col, tile, blank in move.placed:
        grid[row][col] = f"[{tile.lower() if blank else tile}]"
    header = ("    " + "".join(f" {chr(65 + c)} " for c in range(len(grid[0])))).rstrip()
    lines = [f"{move.coordinate} {move.word} {move.score}", header]
    for r, row in enumerate(grid):
        lines.append(f"{r + 1:>3} " + "".join(cell.center(3) for cell in row).rstrip())
    return "\n".join(lines) + "\n"


# --- the words written by the C core ------------------------------------------------------------
# A batch's rendering cost more than its search: the C core can write the word list itself
# (elzzur.grid.solver.render_words, specified by fill_template) from the pieces below, which
# make exactly the lines as_text, as_csv, as_json and as_jsonl write; the functions after them
# put the list into the rest of the output. The tests hold the two ways to the same text.

_LABELS: dict[tuple[str, int, int], tuple[str, ...]] = {}


def _cell_labels(kind: str, board) -> tuple[str, ...]:
    """Every cell's ``(r,c)`` (text, CSV) or ``[r, c]`` (JSON), kept per board shape."""
    key = (kind, board.rows, board.cols)
    labels = _LABELS.get(key)
    if labels is None:
        form = "[{}, {}]" if kind == "json" else "({},{})"
        labels = tuple(form.format(*divmod(i, board.cols)) for i in range(board.rows * board.cols))
        if len(_LABELS) < 64 and len(labels) <= 4096:
            _LABELS[key] = labels
    return labels


_PLAIN: dict[str, bool] = {}


def plain_letters(alphabet: str) -> bool:
    """Whether words of these letters are written as they are in every format: nothing a JSON
    string escapes, nor CSV quotes, nor spaces (which would shift the text's columns)."""
    plain = _PLAIN.get(alphabet)
    if plain is None:
        plain = all(ch.isprintable() and not ch.isspace() and ch not in '",\\' for ch in alphabet)
        if len(_PLAIN) < 64:
            _PLAIN[alphabet] = plain
    return plain


def word_template(fmt: str, quiet: bool = False):
    """``(pieces, pad, labels)`` for ``fill_template``: the pieces of one word's text in
    ``fmt``, whether words and scores are padded into columns, and the function giving a
    board's cell labels; None for a format the core does not write (svg, html)."""
    if fmt in ("json", "jsonl"):
        opening = '    {"word": "' if fmt == "json" else '{"word": "'
        pieces = (opening, '", "score": ', ', "path": [', ", ", '], "band": ', "null", "}",
                  ",\n" if fmt == "json" else ", ")
        return pieces, False, lambda board: _cell_labels("json", board)
    if fmt == "csv":
        return ("", ",", ',"', " ", '",', "", "\n", ""), False, \
            lambda board: _cell_labels("text", board)
    if fmt == "text":
        pieces = ("", "", "", " ", "", None, "\n" if quiet else "", "" if quiet else "\n")
        return pieces, True, lambda board: _cell_labels("text", board)
    return None


def around_words(fmt: str, language: str, board, words: str, count: int, longest: int,
                 total: int, quiet: bool = False, rules: str = "ruzzle") -> str:
    """The whole output of one board in ``fmt`` around its word list as ``word_template``'s
    pieces wrote it: what ``render`` returns for the same words (``Around`` writes the same
    for every board of a batch)."""
    return Around(fmt, language, quiet, rules)(board, words, count, longest, total)


class Around:
    """``around_words`` for the boards of a batch: what is the same for each (the format, the
    JSON's first fields) settled once, and each cell's token found by the cell's identity,
    the cells kept alive beside it so that no other object comes to have the same id (the
    boards of a batch share their cells: ``grid/rows.py``). The board as ``str(board)`` and
    ``json.dumps(board.token_rows())`` write it, without a Python step per cell."""

    def __init__(self, fmt: str, language: str, quiet: bool = False, rules: str = "ruzzle"
                 ) -> None:
        self.fmt, self.quiet = fmt, quiet
        if fmt in ("json", "jsonl"):  # json.dumps's text, without importing json (7 ms a start)
            from .jsonout import dumps

            self.dump = dumps
            self.head = (f'{{"language": {dumps(language)}, "rules": {dumps(rules)}, '
                         f'"board": ')
        self.language, self.rules = language, rules
        self.tokens: dict[int, str] = {}  # id(cell): its token (as JSON writes it, for JSON)
        self.padded: dict[int, dict[int, str]] = {}  # width: {id(cell): token padded to it}
        self.kept: list = []  # the cells whose ids key the dictionaries above

    def cell_tokens(self, board) -> list[str] | None:
        """Each cell's token as the output writes it (JSON-escaped for JSON), or None for a
        board of one column, whose tokens are written in brackets (``Board.tokens``)."""
        if board.cols == 1 and board.rows > 1:
            return None
        cells = board.cells
        tokens = list(map(self.tokens.get, map(id, cells)))
        if None in tokens:
            if len(self.kept) >= 1 << 16:  # boards made one by one: none are shared
                self.tokens.clear()
                self.padded.clear()
                self.kept.clear()
            json = self.fmt in ("json", "jsonl")
            for cell in cells:
                if id(cell) not in self.tokens:
                    self.tokens[id(cell)] = self.dump(cell.token)[1:-1] if json else cell.token
                    self.kept.append(cell)
            tokens = list(map(self.tokens.get, map(id, cells)))
        return tokens

    def board_text(self, board) -> str:
        """``str(board)``: the tokens in columns one wider than the longest."""
        tokens = self.cell_tokens(board)
        if tokens is None:
            return str(board)
        width = max(map(len, tokens)) + 1
        padded = self.padded.get(width)
        if padded is None:
            padded = self.padded[width] = {}
        cells = board.cells
        texts = list(map(padded.get, map(id, cells)))
        if None in texts:
            for cell, token in zip(cells, tokens):
                padded[id(cell)] = token.ljust(width)
            texts = list(map(padded.get, map(id, cells)))
        rows = map("".join, zip(*[iter(texts)] * board.cols))
        return "\n".join(map(str.rstrip, rows))

    def board_json(self, board) -> str:
        """``json.dumps(board.token_rows(), ensure_ascii=False)``: JSON escapes a string one
        character at a time, so the rows' text is the cells' escaped tokens joined."""
        tokens = self.cell_tokens(board)
        if tokens is None:
            return self.dump(board.token_rows())
        rows = map(" ".join, zip(*[iter(tokens)] * board.cols))
        return '["' + '", "'.join(rows) + '"]'

    def __call__(self, board, words: str, count: int, longest: int, total: int) -> str:
        fmt = self.fmt
        if fmt == "csv":
            return "word,score,path,band\n" + words
        if fmt == "text":
            if self.quiet:
                return words
            return (self.board_text(board) + "\n\n" + (words + "\n\n" if words else "")
                    + f"Number of words:            {count}\n"
                    f"Length of the longest word: {longest}\n"
                    f"Maximum total score:        {total}\n")
        stats = f'{{"words": {count}, "longest": {longest}, "total_score": {total}}}'
        if fmt == "jsonl":
            return f'{self.head}{self.board_json(board)}, "words": [{words}], "stats": {stats}}}\n'
        dump = self.dump
        return (
            "{\n"
            f'  "language": {dump(self.language)},\n'
            f'  "rules": {dump(self.rules)},\n'
            f'  "board": {self.board_json(board)},\n'
            f'  "words": [{chr(10) + words + chr(10) + "  " if words else ""}],\n'
            f'  "stats": {stats}\n'
            "}\n"
        )
