"""Turn a Solution into text, JSON or CSV, as the command line prints it."""

from __future__ import annotations

import csv
import io
import json

from .results import Solution

FORMATS = ("text", "json", "csv")


def path_text(path) -> str:
    return " ".join(f"({r},{c})" for r, c in path)


def word_lines(solution: Solution) -> list[str]:
    """One aligned line per word: ``WORD    SCORE    (r,c) (r,c) …``."""
    if not solution.words:
        return []
    word_width = max(len(f.word) for f in solution.words) + 4
    score_width = max(len(str(f.score)) for f in solution.words) + 4
    return [
        f"{f.word:<{word_width}}{f.score:<{score_width}}{path_text(f.path)}"
        for f in solution.words
    ]


def as_text(solution: Solution, quiet: bool = False) -> str:
    """The board, the words, and the totals (only the words if ``quiet``)."""
    lines = word_lines(solution)
    if quiet:
        return "".join(line + "\n" for line in lines)
    parts = [str(solution.board), ""]
    if lines:
        parts += lines + [""]
    parts += [
        f"Number of words:            {len(solution)}",
        f"Length of the longest word: {solution.longest}",
        f"Maximum total score:        {solution.total_score}",
    ]
    return "\n".join(parts) + "\n"


def as_dict(solution: Solution) -> dict:
    """The JSON schema: language, board rows in board-file syntax, words, stats."""
    return {
        "language": solution.language,
        "board": solution.board.token_rows(),
        "words": [
            {"word": f.word, "score": f.score, "path": [list(p) for p in f.path]}
            for f in solution.words
        ],
        "stats": {
            "words": len(solution),
            "longest": solution.longest,
            "total_score": solution.total_score,
        },
    }


def as_json(solution: Solution) -> str:
    return json.dumps(as_dict(solution), ensure_ascii=False, indent=2) + "\n"


def as_csv(solution: Solution) -> str:
    """``word,score,path`` with the path as ``(r,c) (r,c) …``."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["word", "score", "path"])
    for f in solution.words:
        writer.writerow([f.word, f.score, path_text(f.path)])
    return out.getvalue()


def render(solution: Solution, fmt: str = "text", quiet: bool = False) -> str:
    if fmt == "json":
        return as_json(solution)
    if fmt == "csv":
        return as_csv(solution)
    return as_text(solution, quiet)
