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

from .palette import (EDGE, HOLE_EDGE, PATH, PATH_INK, arrow_ends, label_scale,
                      step_corner, tile_label, tile_style, tile_value)

TILE = 60  # a tile's side, in pixels
GAP = 8  # between two tiles
LETTERS = 28  # the font size of a one-letter tile's letter
FONT = "'DejaVu Sans', Verdana, Arial, sans-serif"
HEAD = 12  # the length of an arrow's head
STEP_STYLE = (f"z-index:2;min-width:20px;height:20px;box-sizing:border-box;padding:0 3px;"
              f"border-radius:9px;"
              f"border:2px solid {PATH};")
ROWS_SHOWN = 12  # rows of the word table in view; the others scroll inside it
MAX_ROWS = 2000  # rows the table holds at most (about 1 MB of HTML): a 12x12 board's tens of
# thousands of words would make the notebook file itself huge; the rest are counted
CHOSEN = "rgba(106,43,181,0.18)"  # the chosen word's row: the path colour, light on any theme


def board_html(board, path=(), values=None, arrows_always: bool = False) -> str:
    """The board as a grid of tiles, each with its label (``Qu``, ``-ING``, never the board
    file's token), the value ``values`` gives its letters (or the one written on it) and its
    bonus badge; the cells of ``path`` (cell numbers) numbered in order and joined by arrows."""
    steps: dict[int, list[int]] = {}
    for number, index in enumerate(path, start=1):
        steps.setdefault(index, []).append(number)
    width = board.cols * (TILE + GAP) - GAP
    height = board.rows * (TILE + GAP) - GAP
    tiles = [_tile(cell, index, board, steps, values, path) for index, cell in enumerate(board.cells)]
    grid = (f'<div data-board="" style="position:relative;display:grid;'
            f'grid-template-columns:repeat({board.cols},{TILE}px);grid-auto-rows:{TILE}px;'
            f'gap:{GAP}px;width:{width}px;height:{height}px;margin:4px 0;font-family:{FONT};'
            f'line-height:1;text-align:center">' + "".join(tiles) + _arrows(board, path, arrows_always) + "</div>")
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
    # the corners' texts over the path's arrows (z-index 2 against the arrows' 1), each on a
    # chip of the tile's colour, so that an arrow across the corner never hides them
    corner = ("position:absolute;z-index:2;padding:0 2px;border-radius:3px;right:3px;"
              "font-size:11px;font-weight:bold;text-align:right")
    if value:
        parts.append(f'<span style="{corner};background:{fill};top:5px">{escape(value)}</span>')
    if badge:
        parts.append(f'<span style="{corner};background:{fill};bottom:5px">{escape(badge)}</span>')
    if index in steps:
        numbers = steps[index]
        first = numbers[0] == 1
        sx, sy = step_corner(index, path, board.cols)
        place = f"{'left' if sx < 0 else 'right'}:2px;{'top' if sy < 0 else 'bottom'}:2px"
        parts.append(f'<span data-step="" style="position:absolute;{place};{STEP_STYLE}'
                     f'background:{PATH if first else PATH_INK};color:{PATH_INK if first else PATH};'
                     f'font-size:12px;line-height:16px;text-align:center">'
                     f'{",".join(map(str, numbers))}</span>')
    parts.append("</div>")
    return "".join(parts)


def _arrows(board, path, always: bool = False) -> str:
    """The path's steps as arrows in an SVG over the tiles; each head a triangle of its own
    (a marker would need an id, and a notebook shows many boards in one page). ``always``:
    the SVG even for a path without steps (the solution's words draw theirs into it)."""
    if len(path) < 2 and not always:
        return ""
    width = board.cols * (TILE + GAP) - GAP
    height = board.rows * (TILE + GAP) - GAP
    out = [f'<svg width="{width}" height="{height}" style="position:absolute;left:0;top:0;'
           f'pointer-events:none;overflow:visible;z-index:1" aria-hidden="true">']
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


def solution_html(solution, limit: int = MAX_ROWS) -> str:
    """The board with the path of the solution's first word, the totals, and a table of the
    words (every one, up to ``limit``) with their scores and paths, in a box of its own
    that scrolls. A word's path is a button: a click draws that path on the board, as the HTML
    page does (a small script, the same for every output; where a notebook does not run an
    output's scripts, as an untrusted one, the table still reads).

    No colour is set for the text outside the tiles: it is the notebook's own, so that the
    totals read on a dark theme as on a light one."""
    cols = solution.board.cols
    first = solution.words[0] if solution.words else None
    path = tuple(r * cols + c for r, c in first.path) if first else ()
    cell = "padding:2px 10px;border:none;text-align:{}"
    left, right = cell.format("left"), cell.format("right")
    words = solution.words[:limit]
    height = ROWS_SHOWN * 22 + 26
    lines = [f'<div data-elzzur-solution="" data-cols="{cols}" data-tile="{TILE}" '
             f'data-gap="{GAP}" style="font-family:{FONT};color:inherit;text-align:left">',
             board_html(solution.board, path, solution_values(solution), arrows_always=True),
             f"<p style=\"margin:6px 0;text-align:left;color:inherit\"><b>{len(solution)}</b> words, "
             f"longest <b>{solution.longest}</b>, total score <b>{solution.total_score}</b>"
             + (f' · the path of <b data-shown="">{escape(first.word)}</b> '
                f'(<span data-points="">{first.score}</span> points)' if first else "")
             + (" · click a path to draw it" if len(solution) > 1 else "") + "</p>",
             f'<div style="max-height:{height}px;overflow-y:auto;display:inline-block;'
             f'border:1px solid rgba(128,128,128,0.4);border-radius:4px">'
             '<table style="border-collapse:collapse;margin:0;font-size:13px;color:inherit">'
             f'<thead><tr><th style="{left}">word</th><th style="{right}">score</th>'
             f'<th style="{left}">path</th></tr></thead><tbody>']
    # a link's look; not ``all:unset``, which would take the keyboard's focus ring away too
    button = ("background:none;border:none;padding:0;color:inherit;font:inherit;"
              "cursor:pointer;text-decoration:underline dotted")
    for n, found in enumerate(words):
        steps = " ".join(f"({r},{c})" for r, c in found.path)
        cells = tuple(r * cols + c for r, c in found.path)
        data = " ".join(f"{i}:{sx}:{sy}" for i in cells
                        for sx, sy in [step_corner(i, cells, cols)])
        chosen = f";background:{CHOSEN}" if n == 0 else ""
        lines.append(f'<tr style="background:none{chosen}"><td style="{left};font-family:monospace">'
                     f'{escape(found.word)}</td><td style="{right}">{found.score}</td>'
                     f'<td style="{left};font-family:monospace"><button type="button" '
                     f'data-path="{data}" data-word="{escape(found.word, quote=True)}" '
                     f'data-score="{found.score}" onclick="elzzurShowPath(this)" '
                     f'style="{button}">{steps}</button></td></tr>')
    if len(words) < len(solution):
        lines.append(f'<tr><td colspan="3" style="{left}">… and {len(solution) - len(words)} more'
                     "</td></tr>")
    lines.append("</tbody></table></div></div>")
    lines.append(f"<script>{_SCRIPT}</script>")
    return "\n".join(lines)


# Draws a word's path on its solution's board when its button is clicked: outlines, step
# numbers (in the corners the Python side chose, as data-path says: cell:x-sign:y-sign) and
# arrows, as board_html draws the first word's; defined once per page, whatever the outputs.
_SCRIPT = ("window.elzzurShowPath=window.elzzurShowPath||function(b){"
           "var box=b.closest('[data-elzzur-solution]');if(!box)return;"
           "var cols=+box.dataset.cols,t=+box.dataset.tile,g=+box.dataset.gap,H=%(head)d;"
           "var steps=b.dataset.path.split(' ').map(function(s){return s.split(':').map(Number)});"
           "box.querySelectorAll('[data-step]').forEach(function(s){s.remove()});"
           "var tiles=box.querySelector('[data-board]').children;"
           "Array.prototype.forEach.call(tiles,function(d){if(d.tagName=='DIV'&&d.style.border.indexOf('dashed')<0)d.style.border='1px solid %(edge)s'});"
           "box.querySelectorAll('tr').forEach(function(r){r.style.background='none'});"
           "b.closest('tr').style.background='%(chosen)s';"
           "var svg=box.querySelector('svg');while(svg.firstChild)svg.removeChild(svg.firstChild);"
           "var ns='http://www.w3.org/2000/svg';function c(i){return[(i%%cols)*(t+g)+t/2,Math.floor(i/cols)*(t+g)+t/2]}"
           "steps.forEach(function(s,k){var d=tiles[s[0]];"
           "d.style.border='3px solid %(path)s';var n=document.createElement('span');n.dataset.step='';"
           "n.textContent=k+1;n.style.cssText='position:absolute;'+(s[1]<0?'left':'right')+':2px;'"
           "+(s[2]<0?'top':'bottom')+':2px;%(step)sbackground:'+(k?'%(ink)s':'%(path)s')+';color:'"
           "+(k?'%(path)s':'%(ink)s')+';font-size:12px;line-height:16px;text-align:center';d.appendChild(n);"
           "if(!k)return;var a=c(steps[k-1][0]),z=c(s[0]),dx=z[0]-a[0],dy=z[1]-a[1],"
           "L=Math.max(Math.hypot(dx,dy),1e-9),tr=Math.min(t*.3,L/3),ux=dx/L,uy=dy/L,"
           "x1=a[0]+ux*tr,y1=a[1]+uy*tr,x2=z[0]-ux*tr,y2=z[1]-uy*tr,bx=x2-ux*H,by=y2-uy*H;"
           "var l=document.createElementNS(ns,'line');[['x1',x1],['y1',y1],['x2',bx],['y2',by],"
           "['stroke','%(path)s'],['stroke-width',4],['stroke-linecap','round'],['stroke-opacity',.85]]"
           ".forEach(function(p){l.setAttribute(p[0],p[1])});svg.appendChild(l);"
           "var p=document.createElementNS(ns,'polygon');p.setAttribute('points',[x2,y2,bx-uy*H*.6,"
           "by+ux*H*.6,bx+uy*H*.6,by-ux*H*.6].map(function(v){return v.toFixed(1)}).join(' '));"
           "p.setAttribute('fill','%(path)s');p.setAttribute('fill-opacity',.85);svg.appendChild(p)});"
           "var w=box.querySelector('[data-shown]');if(w){w.textContent=b.dataset.word;"
           "box.querySelector('[data-points]').textContent=b.dataset.score}};") % {
    "head": HEAD, "edge": EDGE, "chosen": CHOSEN, "path": PATH, "ink": PATH_INK,
    "step": STEP_STYLE}
