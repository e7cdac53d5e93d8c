"""The review after a round (``elzzur.grid.review.Review``) as text: the score and its share,
the words found against the board's, the longest word, where the missed points were, the
missed words' commonness, and the best missed words with their paths drawn on the board."""

from __future__ import annotations

import re

from .text import show_path

_ANSI = re.compile(r"\033\[[0-9;]*m")
PATHS_DRAWN = 3  # best missed words drawn on the board; the others are listed


def percent(share: float) -> str:
    """A share as a person reads it: ``62 %``, ``4.4 %``, ``0.3 %``."""
    value = share * 100
    return f"{value:.0f} %" if value >= 10 or value == 0 else f"{value:.1f} %"


def visible(text: str) -> int:
    return len(_ANSI.sub("", text))


def side_by_side(blocks: list[str], width: int = 80, gap: int = 4) -> str:
    """Text blocks (each several lines) set beside each other as far as ``width`` allows."""
    out = []
    row: list[list[str]] = []
    used = 0
    for block in blocks:
        lines = block.rstrip("\n").split("\n")
        w = max(map(visible, lines))
        if row and used + gap + w > width:
            out.append(_join(row, gap))
            row, used = [], 0
        row.append(lines)
        used += (gap if used else 0) + w
    if row:
        out.append(_join(row, gap))
    return "\n".join(out)


def _join(blocks: list[list[str]], gap: int) -> str:
    height = max(map(len, blocks))
    widths = [max(map(visible, b)) for b in blocks]
    lines = []
    for i in range(height):
        parts = []
        for block, w in zip(blocks, widths):
            text = block[i] if i < len(block) else ""
            parts.append(text + " " * (w - visible(text)))
        lines.append((" " * gap).join(parts).rstrip())
    return "\n".join(lines) + "\n"


class _Wrapped:
    """Lines of prose wrapped to a width as they are added; ``raw`` adds text as it is."""

    def __init__(self, lines: list[str], width: int, textwrap) -> None:
        self.lines, self.width, self.textwrap = lines, width, textwrap

    def append(self, text: str) -> None:
        self.lines += self.textwrap.wrap(text, self.width - 1, subsequent_indent="  ") or [""]

    def raw(self, text: str) -> None:
        self.lines.append(text)


def band_counts(bands: dict) -> str:
    from ..lexicon.commonness import band_name

    order = sorted(bands, key=lambda b: (b is None, b or 0))
    return ", ".join(f"{bands[b]:,} {band_name(b)}" for b in order)


def as_text(review, board, colour: bool = False, width: int = 80, title: str = "") -> str:
    """The review as text ``width`` columns wide, the paths in colour if ``colour``."""
    import textwrap

    lines = [title] if title else []
    lines = _Wrapped(lines, width, textwrap)
    lines.append(f"Score: {review.score:,} of the board's {review.total:,} points "
                 f"({percent(review.share)}); {review.found:,} of {review.possible:,} words found.")
    if review.longest is not None:
        longest = review.longest
        lines.append(f"Longest word: {longest.word} ({len(longest.word)} letters, "
                     f"{longest.score:,} points), "
                     + ("found." if review.longest_found else "missed."))
    if review.missed_points:
        if review.hotspots:
            spots = [f"{percent(h.share)} ran through the {h.bonus} tile {h.token} at "
                     f"({h.cell[0]},{h.cell[1]})" for h in review.hotspots[:2]]
            lines.append("Where the points were: of the missed points, " + "; ".join(spots)
                         + ".")
        lines.append(f"Words of 6 letters or more held {percent(review.long_share)} of the "
                     f"missed points.")
        lines.append(f"Missed words by band: {band_counts(review.missed_bands)}.")
    if review.best_missed:
        lines.append("")
        lines.append("Best missed words" + (" (common words first):" if any(
            m.band is not None for m in review.best_missed) else ":"))
        cols = board.cols
        drawn = [show_path(board, m.word, m.score, [r * cols + c for r, c in m.path], colour)
                 for m in review.best_missed[:PATHS_DRAWN]]
        lines.raw(side_by_side(drawn, width).rstrip("\n"))
        rest = review.best_missed[PATHS_DRAWN:]
        if rest:
            lines.append("also: " + ", ".join(f"{m.word} {m.score:,}" for m in rest))
    elif review.possible:
        lines.append("You found every word on the board.")
    return "\n".join(lines.lines) + "\n"
