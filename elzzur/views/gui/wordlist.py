"""The word list beside the grid, without Tk: the words through one tile, the line above the
list, what Copy puts on the clipboard, and the steps of a path's animation.

Words come as rows ``(word, score, path)``, the path as cell numbers counted row by row.
"""

from __future__ import annotations


def words_using(rows: list, cell: int | None) -> list:
    """The result rows whose path passes through ``cell`` (all of them when ``cell`` is None)."""
    if cell is None:
        return list(rows)
    return [row for row in rows if cell in row[2]]


def animation_steps(path) -> list[tuple[int, int]]:
    """The animation of a path: (cell, its order number from 1), one step at a time."""
    return [(cell, number) for number, cell in enumerate(path, start=1)]


def summary(rows: list, shown: list) -> str:
    """The line above the word list: count and total score (and what a filter kept)."""
    total = sum(score for _, score, _ in rows)
    text = f"{len(rows)} words, total {total}"
    if len(shown) != len(rows):
        text += f" — {len(shown)} shown (total {sum(s for _, s, _ in shown)})"
    return text


def clipboard_text(rows: list) -> str:
    """The word list as the clipboard receives it: ``WORD<tab>SCORE`` lines."""
    return "".join(f"{word}\t{score}\n" for word, score, _ in rows)
