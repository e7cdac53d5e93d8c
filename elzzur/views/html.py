"""A board and its words as files to look at: an SVG picture of one word's path, and a
self-contained HTML page (no network: inline CSS and script, the data embedded as JSON) where
clicking a word plays its path on the board and clicking a tile keeps the words that use it.

Words come as rows ``(word, score, path)``, the path as cell numbers counted row by row, as
``elzzur.views.text`` takes them.
"""

from __future__ import annotations

import json
from html import escape

from ..errors import ElzzurError
from .palette import (BONUS, DOUBT, EDGE, HOLE_EDGE, INK, PAPER, PATH, PATH_INK, PLAIN,
                      SELECTED, arrow_ends, label_scale, step_corner, tile_label, tile_style,
                      tile_value)

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

TILE = 80
GAP = 10
MARGIN = 20
LETTERS = 36  # the font size of a one-letter tile's letter in the SVG


def pick_row(rows, word: str | None):
    """The row of ``word`` (exact, else case-insensitive), or the best-scoring row; None if
    there are no rows and no word was asked for."""
    if word is None:
        # the highest score; on a tie, the first listed
        return max(rows, key=lambda row: row[1]) if rows else None
    for row in rows:
        if row[0] == word:
            return row
    for row in rows:
        if row[0].casefold() == word.casefold():
            return row
    raise ElzzurError(f"{word!r} is not among the words found on this board")


def _attrs(**values) -> str:
    return "".join(
        f' {name.rstrip("_").replace("_", "-")}="{escape(str(value), quote=True)}"'
        for name, value in values.items()
    )


def svg(language_code: str, board, rows, word: str | None = None, values=None) -> str:
    """A self-contained SVG of the board with the path of ``word`` (default: the best-scoring
    row) drawn as arrows from cell to cell, each step numbered on its tile. ``rows`` None draws
    the board alone (a notebook's picture of a ``Board``), captioned with its size; ``values``
    (letter to points, the game's) puts each tile's value in its corner."""
    row = pick_row(rows or [], word)
    step = TILE + GAP
    width = 2 * MARGIN + board.cols * step - GAP
    title_height = 34
    height = 2 * MARGIN + board.rows * step - GAP + title_height

    def centre(index: int) -> tuple[float, float]:
        r, c = board.position(index)
        return MARGIN + c * step + TILE / 2, MARGIN + title_height + r * step + TILE / 2

    if rows is None:
        caption = f"{board.rows}×{board.cols} board"
    else:
        caption = f"{row[0]} · {row[1]} points" if row else "no words"
    title = f"elzzur ({language_code}): {caption}" if language_code else f"elzzur: {caption}"
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg"{_attrs(width=width, height=height)}'
        f'{_attrs(viewBox=f"0 0 {width} {height}", font_family=FONT)}>',
        f"<title>{escape(title)}</title>",
        "<defs>",
        f'<marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" '
        f'markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"'
        f'{_attrs(fill=PATH)}/></marker>',
        "</defs>",
        f'<rect width="100%" height="100%"{_attrs(fill=PAPER)}/>',
        f'<text{_attrs(x=MARGIN, y=MARGIN + 16, font_size=18, font_weight="bold", fill=INK)}>'
        f"{escape(caption)}</text>",
    ]
    steps: dict[int, list[int]] = {}
    if row:
        for number, index in enumerate(row[2], start=1):
            steps.setdefault(index, []).append(number)
    for index, cell in enumerate(board.cells):
        x, y = centre(index)
        left, top = x - TILE / 2, y - TILE / 2
        r, c = board.position(index)
        out.append(f'<g class="tile"{_attrs(data_cell=index, data_row=r, data_col=c)}>')
        if cell.is_hole:
            out.append(f'<rect{_attrs(x=left + 2, y=top + 2, width=TILE - 4, height=TILE - 4, rx=12)}'
                       f' fill="none"{_attrs(stroke=HOLE_EDGE)} stroke-width="2" stroke-dasharray="6 5"/>')
            out.append("</g>")
            continue
        fill, ink, badge = tile_style(cell.bonus)
        stroke = PATH if index in steps else EDGE
        out.append(f'<rect{_attrs(x=left, y=top, width=TILE, height=TILE, rx=12, fill=fill)}'
                   f'{_attrs(stroke=stroke, stroke_width=4 if index in steps else 1.5)}/>')
        label = tile_label(cell)
        size = round(LETTERS * label_scale(label), 1)
        out.append(f'<text class="letters"{_attrs(x=x, y=round(y + size * 0.36, 1), font_size=size)}'
                   f'{_attrs(font_weight="bold", fill=ink, text_anchor="middle")}>{escape(label)}</text>')
        if badge:
            out.append(f'<text class="badge"{_attrs(x=left + TILE - 7, y=top + TILE - 8, font_size=12)}'
                       f'{_attrs(font_weight="bold", fill=ink, text_anchor="end")}>'
                       f"{escape(badge)}</text>")
        value = tile_value(cell, values)
        if value:
            out.append(f'<text class="value"{_attrs(x=left + TILE - 7, y=top + 18, font_size=13)}'
                       f'{_attrs(font_weight="bold", fill=ink, text_anchor="end")}>{value}</text>')
        out.append("</g>")
    if row:
        # each step number in a corner of its tile that no arrow goes through
        corners = {index: step_corner(index, row[2], board.cols) for index in steps}
        for index, numbers in steps.items():
            x, y = centre(index)
            first = numbers[0] == 1
            text = ",".join(map(str, numbers))
            radius = 12 if len(text) <= 2 else 6 + 4 * len(text)
            sx, sy = corners[index]
            cx, cy = x + sx * (TILE / 2 - 15), y + sy * (TILE / 2 - 15)
            out.append(f'<g class="step"{_attrs(data_cell=index, data_steps=" ".join(map(str, numbers)))}>'
                       f'<ellipse{_attrs(cx=cx, cy=cy, rx=max(radius, 12), ry=12)}'
                       f'{_attrs(fill=PATH_INK if not first else PATH, stroke=PATH)}'
                       ' stroke-width="2"/>'
                       f'<text{_attrs(x=cx, y=cy + 4.5, font_size=13, font_weight="bold")}'
                       f'{_attrs(fill=PATH if not first else PATH_INK, text_anchor="middle")}>'
                       f"{escape(text)}</text></g>")
        path = row[2]
        out.append(f'<g class="path"{_attrs(data_word=row[0])} fill="none"'
                   f'{_attrs(stroke=PATH, stroke_width=5, stroke_linecap="round")}'
                   ' stroke-opacity="0.85">')
        for a, b in zip(path, path[1:]):
            x1, y1, x2, y2 = arrow_ends(centre(a), centre(b), TILE)
            out.append(f'<line{_attrs(x1=x1, y1=y1, x2=x2, y2=y2)} marker-end="url(#arrow)"/>')
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def script_json(value) -> str:
    """JSON safe inside an HTML ``<script>`` element: no ``<``, ``>`` or ``&`` that could end
    it (``</script>``, ``<!--``), no line separators that older JavaScript chokes on."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    for char, code in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
                       ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(char, code)
    return text


def page(language_code: str, board, rows, rules_name: str, values=None) -> str:
    """One self-contained HTML page: the board as a grid, the words sorted by score (then
    alphabetically) with totals; a word plays its path, a tile filters the words using it.
    ``values`` (letter to points, the game's) puts each tile's value in its corner."""
    from .text import cell_coordinates, path_text, totals

    rows = sorted(rows, key=lambda row: (-row[1], row[0]))
    count, longest, total = totals(rows)
    data = {
        "language": language_code,
        "rules": rules_name,
        "rows": board.rows,
        "cols": board.cols,
        "board": board.token_rows(),
        "words": [[word, score, list(path)] for word, score, path in rows],
    }
    tiles = []
    for index, cell in enumerate(board.cells):
        r, c = board.position(index)
        where = f"({r},{c})"  # (row,column) from 0, as the paths, the CLI and the GUI say
        if cell.is_hole:
            tiles.append(f'<div class="tile hole" data-cell="{index}" aria-label="hole, {where}"></div>')
            continue
        label = tile_label(cell)
        bonus = tile_style(cell.bonus).badge
        value = tile_value(cell, values)
        spoken = f"{label}, {where}" + (f", {bonus}" if bonus else "") + \
            (f", {value} points" if value else "")
        scale = label_scale(label)
        size = f' style="font-size: {scale:.2f}em"' if scale < 1 else ""
        tiles.append(
            f'<button type="button" class="tile{" " + escape(cell.bonus) if cell.bonus else ""}"'
            f'{_attrs(data_cell=index, aria_label=spoken, aria_pressed="false", title=f"{cell.token} {where}")}>'
            f'<span class="letters"{size}>{escape(label)}</span>'
            + (f'<span class="bonus">{escape(bonus)}</span>' if bonus else "")
            + (f'<span class="value">{escape(value)}</span>' if value else "")
            + '<span class="step" aria-hidden="true"></span></button>'
        )
    coordinates = cell_coordinates(board)
    word_rows = "\n".join(
        f'<tr data-i="{i}"><td><button type="button" class="word"'
        f'{_attrs(aria_pressed="false", title=path_text(path, coordinates))}>'
        f"{escape(word)}</button></td><td class=\"num\">{score}</td>"
        f'<td class="num">{len(word)}</td></tr>'
        for i, (word, score, path) in enumerate(rows)
    )
    title = f"elzzur: {' / '.join(board.token_rows())}"
    return _PAGE.format(
        title=escape(title),
        heading=escape(f"{count} words · {total} points"),
        meta=escape(f"language {language_code} · {rules_name} rules · {board.rows}×{board.cols} board"),
        cols=board.cols,
        rows=board.rows,
        tiles="\n".join(tiles),
        count=count,
        total=total,
        longest=longest,
        word_rows=word_rows,
        data=script_json(data),
        css=palette_css() + PAGE_CSS,
        script=PATH_SCRIPT + _SCRIPT,
    )


def palette_css() -> str:
    """The palette as the page's CSS: a variable per colour on ``:root`` and a rule per bonus
    tile, so the page's tiles are the SVG's, the notebook's and the window's."""
    colours = {"ink": INK, "paper": PAPER, "tile": PLAIN.fill, "tile-ink": PLAIN.ink,
               "edge": EDGE, "hole": HOLE_EDGE, "path": PATH, "path-ink": PATH_INK,
               "path-glow": _rgba(PATH, 0.45), "selected": SELECTED, "doubt": DOUBT}
    for code, style in BONUS.items():
        colours[code], colours[f"{code}-ink"] = style.fill, style.ink
    lines = [":root {", *(f"  --{name}: {value};" for name, value in colours.items()), "}"]
    lines += [f".tile.{code} {{ background: var(--{code}); color: var(--{code}-ink); }}"
              for code in BONUS]
    return "\n" + "\n".join(lines)


def _rgba(colour: str, alpha: float) -> str:
    """``#rrggbb`` with an opacity, as CSS writes it."""
    red, green, blue = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgba({red}, {green}, {blue}, {alpha})"


# The page's look, shared with elzzur serve's app (elzzur/web/page.py), which adds its own.
PAGE_CSS = """
* { box-sizing: border-box; }
body { margin: 0; padding: 0 1.25rem 1.25rem; background: var(--paper); color: var(--ink);
       font: 16px/1.4 "DejaVu Sans", Verdana, Arial, sans-serif; }
header { padding-top: 1.25rem; }
header h1 { margin: 0; font-size: 1.5rem; }
header p { margin: .2rem 0 .6rem; color: #6b6254; }
main { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; align-items: flex-start; }
/* the board stays in view while the word list scrolls the page (a phone too); a board too tall
   to stay is scrolled back into view when a word is played (the script adds .tall) */
#board-box { position: sticky; top: 0; z-index: 2; background: var(--paper); padding: .5rem 0; }
#board-box.tall { position: static; }
.stacked #board-box { flex-basis: 100%; }  /* the list never shows beside a stuck board */
/* tiles as large as 4.5rem, as small as the window's width or (for the board to stay in view
   beside its words) 55% of its height need */
#board { --size: min(4.5rem, calc((100vw - 2.5rem - (var(--cols) - 1) * .5rem) / var(--cols)),
                     calc((55vh - (var(--rows) - 1) * .5rem) / var(--rows)));
         position: relative; display: grid; gap: .5rem;
         grid-template-columns: repeat(var(--cols), var(--size)); }
.tile { position: relative; width: var(--size); height: var(--size); container-type: size;
        border-radius: calc(var(--size) * .17);
        border: 1.5px solid var(--edge); background: var(--tile); color: var(--tile-ink);
        font: inherit; font-size: calc(var(--size) * .42); font-weight: bold; cursor: pointer;
        padding: 0; line-height: 1; text-align: center;
        transition: transform .15s, box-shadow .15s; }
.tile .letters { display: block; white-space: nowrap; }
.tile.hole { border: 2px dashed var(--hole); background: none; cursor: default; }
.tile .bonus, .tile .value { position: absolute; right: .45em; font-size: max(.65rem, calc(var(--size) * .16)); }
@container (max-width: 2.5rem) { .tile .bonus, .tile .value { display: none; } }  /* no room */
.tile .bonus { bottom: .35em; } .tile .value { top: .35em; }
.tile .step { position: absolute; left: .3em; top: .3em; min-width: 1.5em; height: 1.5em;
              border-radius: .75em; background: var(--path-ink); color: var(--path);
              font-size: max(.7rem, calc(var(--size) * .19)); line-height: 1.3em;
              padding: 0 .2em; display: none; border: 2px solid var(--path); }
.tile.lit { outline: 4px solid var(--path); outline-offset: 1px; transform: scale(1.04);
            box-shadow: 0 0 .8rem var(--path-glow); }
.tile.lit .step { display: block; }
/* the step number sits in a corner no arrow goes through (the script picks it) */
.tile[data-corner$="b"] .step { top: auto; bottom: .3em; }
.tile[data-corner^="r"] .step { left: auto; right: .3em; }
.tile.first .step { background: var(--path); color: var(--path-ink); }
.tile.selected { outline: 4px dashed var(--selected); outline-offset: 2px; }
.tile:focus-visible, .word:focus-visible { outline: 3px solid #000; outline-offset: 2px; }
#arrows { position: absolute; left: 0; top: 0; width: 100%; height: 100%; overflow: visible;
          pointer-events: none; z-index: 1; }
#arrows line { stroke: var(--path); stroke-width: 5; stroke-linecap: round; stroke-opacity: .85; }
#arrows marker path { fill: var(--path); }
#side { flex: 1 1 18rem; max-width: 30rem; }
#totals { display: flex; gap: 1.25rem; margin: .5rem 0; }
#totals div { text-align: center; } #totals b { display: block; font-size: 1.3rem; }
#filter { min-height: 1.6rem; margin: .25rem 0; color: #6b6254; }
#filter button { font: inherit; margin-left: .5rem; }
#list { border: 1px solid #e0d8c6; border-radius: .5rem; background: #fff; }
table { border-collapse: collapse; width: 100%; }
th { position: sticky; top: var(--stick, 0px); z-index: 1; background: #efe7d6; text-align: left;
     padding: .3rem .6rem; }
td { padding: .1rem .6rem; border-top: 1px solid #f0eadd; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.word { font: inherit; background: none; border: 0; padding: .3rem .2rem; cursor: pointer;
        color: inherit; letter-spacing: .03em; width: 100%; text-align: left; }
tr.current { background: #efe4fb; } tr.current .word { color: var(--path); font-weight: bold; }
@media (prefers-reduced-motion: reduce) { .tile { transition: none; } }
"""

# The board's path, shared by this page and elzzur serve's app (elzzur/web/page.py): a word's
# path played tile by tile on a grid of [data-cell] tiles (with .step badges), an arrow for each
# step drawn in an SVG laid over the grid (its marker #page-arrow), each step's number in a
# corner of its tile that no arrow goes through. The grid's --cols says how wide it is.
PATH_SCRIPT = r"""
"use strict";
function elzzurPaths(board, arrows) {
  const SVG = arrows.namespaceURI;
  const calm = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const STEP_MS = calm ? 0 : 280;
  let timers = [];
  let drawn = [];  // the cells of the path lit so far, in order

  function tile(cell) { return board.querySelector('[data-cell="' + cell + '"]'); }
  function cols() { return Number(board.style.getPropertyValue("--cols")); }

  function centre(cell) {
    const t = tile(cell);
    return [t.offsetLeft + t.offsetWidth / 2, t.offsetTop + t.offsetHeight / 2];
  }

  // One step of the path as an arrow from tile to tile, off both tiles' letters.
  function arrow(from, to) {
    const [x1, y1] = centre(from), [x2, y2] = centre(to);
    const dx = x2 - x1, dy = y2 - y1;
    const length = Math.max(Math.hypot(dx, dy), 1e-9);
    const trim = Math.min(tile(from).offsetWidth * 0.3, length / 3);
    const ux = dx / length * trim, uy = dy / length * trim;
    const line = document.createElementNS(SVG, "line");
    line.setAttribute("x1", x1 + ux); line.setAttribute("y1", y1 + uy);
    line.setAttribute("x2", x2 - ux); line.setAttribute("y2", y2 - uy);
    line.setAttribute("marker-end", "url(#page-arrow)");
    arrows.appendChild(line);
  }

  function redraw() {
    arrows.querySelectorAll("line").forEach(function (line) { line.remove(); });
    for (let k = 1; k < drawn.length; k += 1) arrow(drawn[k - 1], drawn[k]);
  }

  function clear() {
    timers.forEach(clearTimeout);
    timers = [];
    drawn = [];
    redraw();
    board.querySelectorAll("[data-cell]").forEach(function (t) {
      t.classList.remove("lit", "first");
      delete t.dataset.steps;
      delete t.dataset.corner;
      const badge = t.querySelector(".step");
      if (badge) badge.textContent = "";
    });
  }

  // The corner of a tile (lt, lb, rt, rb) where no step of the path comes in or goes out
  // diagonally: the left ones first, the right ones hold the value and the bonus.
  function freeCorner(cell, path) {
    const width = cols();
    const r = Math.floor(cell / width), c = cell % width;
    const used = new Set();
    for (let k = 0; k < path.length; k += 1) {
      if (path[k] !== cell) continue;
      [path[k - 1], path[k + 1]].forEach(function (other) {
        if (other === undefined) return;
        const orow = Math.floor(other / width), ocol = other % width;
        used.add((ocol > c ? "r" : ocol < c ? "l" : "-") + (orow > r ? "b" : orow < r ? "t" : "-"));
      });
    }
    return ["lt", "lb", "rt", "rb"].find(function (corner) { return !used.has(corner); }) || "lt";
  }

  // Light the path's step ``number`` (from 1) on ``cell``, with the arrow from the last one.
  function light(cell, number, path) {
    const t = tile(cell);
    t.dataset.corner = freeCorner(cell, path);
    const steps = t.dataset.steps ? t.dataset.steps.split(" ") : [];
    steps.push(String(number));
    t.dataset.steps = steps.join(" ");
    t.classList.add("lit");
    if (number === 1) t.classList.add("first");
    const badge = t.querySelector(".step");
    if (badge) badge.textContent = steps.join(",");
    drawn.push(cell);
    if (drawn.length > 1) arrow(drawn[drawn.length - 2], cell);
  }

  // Play a whole path, a step at a time (at once where motion is reduced), then ``done()``.
  function play(path, done) {
    clear();
    path.forEach(function (cell, k) {
      timers.push(setTimeout(function () { light(cell, k + 1, path); }, k * STEP_MS));
    });
    if (done) timers.push(setTimeout(done, path.length * STEP_MS));
  }

  return { play: play, clear: clear, light: light, redraw: redraw,
           drawn: function () { return drawn.slice(); } };
}

// The board kept in view, as the page and the app both keep it: it sticks to the top of the
// window while the words (in #side) scroll under it, unless it is too tall to leave room for
// them; the list's header then sticks just below it (--stick). layout() after any change of
// size, inView() before a path is played.
function elzzurStickyBoard(boardBox, side, paths) {
  const calm = window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  function layout() {
    document.body.classList.remove("stacked");
    boardBox.classList.toggle("tall", boardBox.offsetHeight > window.innerHeight * 0.6);
    const stacked = side.offsetLeft < boardBox.offsetLeft + boardBox.offsetWidth;
    document.body.classList.toggle("stacked", stacked);
    const stuck = stacked && !boardBox.classList.contains("tall");
    document.documentElement.style.setProperty("--stick", stuck ? boardBox.offsetHeight + "px" : "0px");
    paths.redraw();
  }

  function inView() {
    const box = boardBox.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) {
      boardBox.scrollIntoView({ block: "start", behavior: calm ? "auto" : "smooth" });
    }
  }

  return { layout: layout, inView: inView };
}
"""

_SCRIPT = r"""
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("elzzur-data").textContent);
  const board = document.getElementById("board");
  const boardBox = document.getElementById("board-box");
  const side = document.getElementById("side");
  const arrows = document.getElementById("arrows");
  const tiles = Array.from(board.querySelectorAll("[data-cell]"));
  const rows = Array.from(document.querySelectorAll("#words tr[data-i]"));
  const filterNote = document.getElementById("filter");
  const paths = elzzurPaths(board, arrows);  // PATH_SCRIPT, shared with elzzur serve's app
  const sticky = elzzurStickyBoard(boardBox, side, paths);  // (PATH_SCRIPT too)
  const layout = sticky.layout, keepBoardInView = sticky.inView;
  let filterCell = null;

  function play(i) {
    const path = data.words[i][2];
    paths.clear();
    keepBoardInView();
    rows.forEach(function (row) {
      const on = row.dataset.i === String(i);
      row.classList.toggle("current", on);
      row.querySelector(".word").setAttribute("aria-pressed", on ? "true" : "false");
    });
    board.dataset.state = "playing";
    board.dataset.word = data.words[i][0];
    paths.play(path, function () { board.dataset.state = "shown"; });
  }

  function filterBy(cell) {
    filterCell = filterCell === cell ? null : cell;
    let shown = 0;
    rows.forEach(function (row) {
      const path = data.words[Number(row.dataset.i)][2];
      const keep = filterCell === null || path.indexOf(filterCell) >= 0;
      row.hidden = !keep;
      if (keep) shown += 1;
    });
    tiles.forEach(function (tile) {
      const on = Number(tile.dataset.cell) === filterCell;
      tile.classList.toggle("selected", on);
      if (tile.tagName === "BUTTON") tile.setAttribute("aria-pressed", on ? "true" : "false");
    });
    filterNote.textContent = "";
    if (filterCell !== null) {
      const r = Math.floor(filterCell / data.cols), c = filterCell % data.cols;
      const letters = tiles[filterCell].querySelector(".letters").textContent;
      filterNote.textContent = shown + " of " + data.words.length + " words use " + letters +
        " at (" + r + "," + c + ")";
      const clear = document.createElement("button");
      clear.type = "button";
      clear.id = "clear-filter";
      clear.textContent = "Show all";
      clear.addEventListener("click", function () { filterBy(filterCell); });
      filterNote.appendChild(clear);
    }
    board.dataset.filter = filterCell === null ? "" : String(filterCell);
  }

  rows.forEach(function (row) {
    row.querySelector(".word").addEventListener("click", function () { play(Number(row.dataset.i)); });
  });
  tiles.forEach(function (tile) {
    if (tile.tagName === "BUTTON") {
      tile.addEventListener("click", function () { filterBy(Number(tile.dataset.cell)); });
    }
  });
  window.addEventListener("resize", layout);
  layout();
  board.dataset.state = "ready";
})();
"""

_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>{title}</title>
<style>{css}</style>
</head>
<body>
<header>
<h1>{heading}</h1>
<p>{meta}</p>
<p class="hint">Click a word to play its path; click a tile to list the words that use it.</p>
</header>
<main>
<section id="board-box" aria-label="Board">
<div id="board" style="--cols: {cols}; --rows: {rows}" data-state="static">
{tiles}
<svg id="arrows" aria-hidden="true"><defs><marker id="page-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker></defs></svg>
</div>
</section>
<section id="side" aria-label="Words">
<div id="totals">
<div><b id="count">{count}</b>words</div>
<div><b id="total">{total}</b>points</div>
<div><b id="longest">{longest}</b>longest</div>
</div>
<div id="filter" role="status" aria-live="polite"></div>
<div id="list">
<table id="words">
<thead><tr><th scope="col">Word</th><th scope="col" class="num">Score</th><th scope="col" class="num">Length</th></tr></thead>
<tbody>
{word_rows}
</tbody>
</table>
</div>
</section>
</main>
<script type="application/json" id="elzzur-data">{data}</script>
<script>{script}</script>
</body>
</html>
"""
