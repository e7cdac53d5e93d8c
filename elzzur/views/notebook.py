"""What a Jupyter notebook shows for a board and a solution: a styled grid and a word table
(``Board._repr_html_``, ``Solution._repr_html_``), as the blog post that inspired elzzur did."""

from __future__ import annotations

from html import escape

from .palette import EDGE, PATH, tile_style

STYLE = ("border-collapse:separate;border-spacing:4px;font-family:sans-serif;"
         "font-weight:bold;text-align:center")


def board_html(board, path=()) -> str:
    """The board as a table of tiles in the palette's colours, each with its token (``Ttl``,
    as a board file writes it); cells on ``path`` carry their step number."""
    step = {cell: n for n, cell in enumerate(path, start=1)}
    rows = []
    for r in range(board.rows):
        cells = []
        for c in range(board.cols):
            i = r * board.cols + c
            cell = board.cells[i]
            if cell.is_hole:
                cells.append('<td style="width:2.6em;height:2.6em"></td>')
                continue
            style = tile_style(cell.bonus)
            border = f"3px solid {PATH}" if i in step else f"1px solid {EDGE}"
            label = escape(cell.token)
            number = f'<sup style="color:{PATH}">{step[i]}</sup>' if i in step else ""
            cells.append(f'<td style="width:2.6em;height:2.6em;background:{style.fill};'
                         f'color:{style.ink};border:{border};border-radius:6px">{label}{number}</td>')
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return f'<table style="{STYLE}">' + "".join(rows) + "</table>"


def solution_html(solution, limit: int = 50) -> str:
    """The board, the totals, and the first ``limit`` words with their scores and paths."""
    lines = [board_html(solution.board),
             f"<p><b>{len(solution)}</b> words, longest <b>{solution.longest}</b>, "
             f"total score <b>{solution.total_score}</b></p>",
             '<table style="font-family:monospace"><tr><th>word</th><th>score</th>'
             "<th>path</th></tr>"]
    for found in solution.words[:limit]:
        path = " ".join(f"({r},{c})" for r, c in found.path)
        lines.append(f"<tr><td>{escape(found.word)}</td><td>{found.score}</td>"
                     f"<td>{path}</td></tr>")
    if len(solution) > limit:
        lines.append(f"<tr><td colspan=3>… and {len(solution) - limit} more</td></tr>")
    lines.append("</table>")
    return "\n".join(lines)
