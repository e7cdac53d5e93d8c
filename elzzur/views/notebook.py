"""What a Jupyter notebook shows for a board and a solution: a styled grid and a word table
(``Board._repr_html_``, ``Solution._repr_html_``), as the blog post that inspired elzzur did."""

from __future__ import annotations

from html import escape

from .html import BONUS_STYLES

# Ruzzle's tile colours, the same as the SVG's and the page's.
BONUS_COLOURS = {code: style[0] for code, style in BONUS_STYLES.items()}
STYLE = ("border-collapse:separate;border-spacing:4px;font-family:sans-serif;"
         "font-weight:bold;text-align:center")


def board_html(board, path=()) -> str:
    """The board as a table of tiles; cells on ``path`` carry their step number."""
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
            colour = BONUS_COLOURS.get(cell.bonus, "#f4f1e8")
            border = "3px solid #2a9d3a" if i in step else "1px solid #999"
            label = escape(cell.token)
            number = f'<sup style="color:#2a9d3a">{step[i]}</sup>' if i in step else ""
            cells.append(f'<td style="width:2.6em;height:2.6em;background:{colour};'
                         f'border:{border};border-radius:6px">{label}{number}</td>')
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
