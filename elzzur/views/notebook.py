"""What a Jupyter notebook shows for a board and a solution (``Board._repr_html_``,
``Board._repr_svg_``, ``Solution._repr_html_``): the board as tiles in the palette's colours
with their letters, values and bonus badges, a word's path as numbered steps and arrows, and a
table of the words, as the blog post that inspired elzzur did.

A notebook styles its outputs with its own CSS (JupyterLab right-aligns table cells, stripes
and highlights table rows, centres tables): the board is therefore made of ``div`` elements,
which that CSS leaves alone, every style is inline (no ``<style>`` element, which would leak
into the rest of the notebook), every text alignment explicit, and the sizes are fixed pixels,
so the arrows, drawn in an SVG laid over the tiles, meet the tiles they join. Nothing here
refers to an ``id``: a notebook shows many outputs in one page.
"""

from __future__ import annotations

from html import escape

from .palette import (EDGE, HOLE_EDGE, INK, PATH, PATH_INK, arrow_ends, label_scale,
                      step_corner, tile_label, tile_style, tile_value)

TILE = 60  # a tile's side, in pixels
GAP = 8  # between two tiles
LETTERS = 28  # the font size of a one-letter tile's letter
FONT = "'DejaVu Sans', Verdana, Arial, sans-serif"
HEAD = 12  # the length of an arrow's head


def board_html(board, path=(), values=None) -> str:
    """The board as a grid of tiles, each with its label (``Qu``, ``-ING``, never the board
    file's token), the value ``values`` gives its letters (or the one written on it) and its
    bonus badge; the cells of ``path`` (cell numbers) numbered in order and joined by arrows."""
    steps: dict[int, list[int]] = {}
    for number, index in enumerate(path, start=1):
        steps.setdefault(index, []).append(number)
    width = board.cols * (TILE + GAP) - GAP
    height = board.rows * (TILE + GAP) - GAP
    tiles = [_tile(cell, index, board, steps, values, path) for index, cell in enumerate(board.cells)]
    grid = (f'<div style="position:relative;display:grid;'
            f'grid-template-columns:repeat({board.cols},{TILE}px);grid-auto-rows:{TILE}px;'
            f'gap:{GAP}px;width:{width}px;height:{height}px;margin:4px 0;font-family:{FONT};'
            f'line-height:1;text-align:center">' + "".join(tiles) + _arrows(board, path) + "</div>")
    return grid


def _centre(board, index: int) -> tuple[float, float]:
    r, c = board.position(index)
    return c * (TILE + GAP) + TILE / 2, r * (TILE + GAP) + TILE / 2


def _tile(cell, index: int, board, steps: dict, values, path) -> str:
    r, c = board.position(index)
    where = f"({r},{c})"  # (row,column) from 0, as the paths, the CLI and the GUI say
    box = f"position:relative;box-sizing:border-box;width:{TILE}px;height:{TILE}px;border-radius:9px;"
    if cell.is_hole:
        return (f'<div title="hole, {where}" style="{box}border:2px dashed {HOLE_EDGE};'
                f'background:none"></div>')
    fill, ink, badge = tile_style(cell.bonus)
    label = tile_label(cell)
    value = tile_value(cell, values)
    border = f"3px solid {PATH}" if index in steps else f"1px solid {EDGE}"
    parts = [f'<div title="{escape(cell.token, quote=True)} {where}" style="{box}'
             f'background:{fill};color:{ink};border:{border};display:flex;align-items:center;'
             f'justify-content:center;text-align:center;font-weight:bold">',
             f'<span style="font-size:{round(LETTERS * label_scale(label))}px;white-space:nowrap">'
             f"{escape(label)}</span>"]
    corner = "position:absolute;right:5px;font-size:11px;font-weight:bold;text-align:right"
    if value:
        parts.append(f'<span style="{corner};top:5px">{escape(value)}</span>')
    if badge:
        parts.append(f'<span style="{corner};bottom:5px">{escape(badge)}</span>')
    if index in steps:
        numbers = steps[index]
        first = numbers[0] == 1
        sx, sy = step_corner(index, path, board.cols)
        place = f"{'left' if sx < 0 else 'right'}:2px;{'top' if sy < 0 else 'bottom'}:2px"
        parts.append(f'<span style="position:absolute;{place};min-width:20px;height:20px;'
                     f'box-sizing:border-box;padding:0 3px;border-radius:9px;border:2px solid {PATH};'
                     f'background:{PATH if first else PATH_INK};color:{PATH_INK if first else PATH};'
                     f'font-size:12px;line-height:16px;text-align:center">'
                     f'{",".join(map(str, numbers))}</span>')
    parts.append("</div>")
    return "".join(parts)


def _arrows(board, path) -> str:
    """The path's steps as arrows in an SVG over the tiles; each head a triangle of its own
    (a marker would need an id, and a notebook shows many boards in one page)."""
    if len(path) < 2:
        return ""
    width = board.cols * (TILE + GAP) - GAP
    height = board.rows * (TILE + GAP) - GAP
    out = [f'<svg width="{width}" height="{height}" style="position:absolute;left:0;top:0;'
           f'pointer-events:none;overflow:visible" aria-hidden="true">']
    for a, b in zip(path, path[1:]):
        x1, y1, x2, y2 = arrow_ends(_centre(board, a), _centre(board, b), TILE)
        dx, dy = x2 - x1, y2 - y1
        length = max((dx * dx + dy * dy) ** 0.5, 1e-9)
        ux, uy = dx / length, dy / length
        bx, by = x2 - ux * HEAD, y2 - uy * HEAD  # the base of the head, on the line
        points = f"{x2:.1f},{y2:.1f} {bx - uy * HEAD * .6:.1f},{by + ux * HEAD * .6:.1f} " \
                 f"{bx + uy * HEAD * .6:.1f},{by - ux * HEAD * .6:.1f}"
        out.append(f'<line x1="{x1}" y1="{y1}" x2="{bx:.1f}" y2="{by:.1f}" stroke="{PATH}" '
                   'stroke-width="4" stroke-linecap="round" stroke-opacity="0.85"/>'
                   f'<polygon points="{points}" fill="{PATH}" fill-opacity="0.85"/>')
    out.append("</svg>")
    return "".join(out)


def board_svg(board) -> str:
    """The board alone as the SVG picture (``Board._repr_svg_``), titled with its size."""
    from .html import svg

    return svg("", board, None)


def solution_values(solution):
    """The letter values to print on the solution's tiles: its language's under the rules
    the solution carries (Ruzzle's where it carries none), but only if they explain its scores
    (a solution found under other rules, say Boggle's, shows no values rather than wrong
    ones); None where the language cannot be found."""
    from ..errors import ElzzurError
    from ..grid.rules import get_rules
    from ..grid.solver import score_path
    from ..lexicon.languages import get_language

    try:
        language = get_language(solution.language)
        rules = getattr(solution, "rules", None) or get_rules()
        rules = get_rules(rules) if isinstance(rules, str) else rules
    except ElzzurError:
        return None
    cols = solution.board.cols
    for found in solution.words[:5]:
        cells = tuple(r * cols + c for r, c in found.path)
        if score_path(solution.board, cells, language, rules) != found.score:
            return None
    return rules.values(language)


def solution_html(solution, limit: int = 50) -> str:
    """The board with the path of the solution's first word, the totals, and the first
    ``limit`` words with their scores and paths."""
    cols = solution.board.cols
    first = solution.words[0] if solution.words else None
    path = tuple(r * cols + c for r, c in first.path) if first else ()
    cell = "padding:2px 10px;border:none;text-align:{}"
    left, right = cell.format("left"), cell.format("right")
    lines = [f'<div style="font-family:{FONT};color:{INK};text-align:left">',
             board_html(solution.board, path, solution_values(solution)),
             f"<p style=\"margin:6px 0;text-align:left\"><b>{len(solution)}</b> words, longest "
             f"<b>{solution.longest}</b>, total score <b>{solution.total_score}</b>"
             + (f" · the path of <b>{escape(first.word)}</b> ({first.score} points)" if first else "")
             + "</p>",
             '<table style="border-collapse:collapse;margin:0;font-size:13px">'
             f'<thead><tr><th style="{left}">word</th><th style="{right}">score</th>'
             f'<th style="{left}">path</th></tr></thead><tbody>']
    for found in solution.words[:limit]:
        steps = " ".join(f"({r},{c})" for r, c in found.path)
        lines.append(f'<tr><td style="{left};font-family:monospace">{escape(found.word)}</td>'
                     f'<td style="{right}">{found.score}</td>'
                     f'<td style="{left};font-family:monospace">{steps}</td></tr>')
    if len(solution) > limit:
        lines.append(f'<tr><td colspan="3" style="{left}">… and {len(solution) - limit} more'
                     "</td></tr>")
    lines.append("</tbody></table></div>")
    return "\n".join(lines)
