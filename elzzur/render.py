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


def as_text(solution: Solution, quiet: bool = False, top: int | None = None) -> str:
    """The board, the (first ``top``) words, and the totals of all words; only the word
    lines if ``quiet``.
    """
    lines = word_lines(solution.top(top) if top else solution)
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


def as_dict(solution: Solution, top: int | None = None) -> dict:
    """The JSON schema: language, board rows in board-file syntax, (the first ``top``) words,
    and the stats of all words.
    """
    shown = solution.top(top) if top else solution
    return {
        "language": solution.language,
        "board": solution.board.token_rows(),
        "words": [
            {"word": f.word, "score": f.score, "path": [list(p) for p in f.path]}
            for f in shown.words
        ],
        "stats": {
            "words": len(solution),
            "longest": solution.longest,
            "total_score": solution.total_score,
        },
    }


def as_json(solution: Solution, top: int | None = None) -> str:
    """Indented JSON with one line per word, so paths stay readable."""
    data = as_dict(solution, top)
    dump = lambda value: json.dumps(value, ensure_ascii=False)  # noqa: E731
    words = ",\n".join(f"    {dump(w)}" for w in data["words"])
    return (
        "{\n"
        f'  "language": {dump(data["language"])},\n'
        f'  "board": {dump(data["board"])},\n'
        f'  "words": [{chr(10) + words + chr(10) + "  " if words else ""}],\n'
        f'  "stats": {dump(data["stats"])}\n'
        "}\n"
    )


def as_csv(solution: Solution, top: int | None = None) -> str:
    """``word,score,path`` with the path as ``(r,c) (r,c) …``."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["word", "score", "path"])
    for f in (solution.top(top) if top else solution).words:
        writer.writerow([f.word, f.score, path_text(f.path)])
    return out.getvalue()


def render(solution: Solution, fmt: str = "text", quiet: bool = False,
           top: int | None = None) -> str:
    """The solution in ``fmt``; ``top`` limits the words listed, never the totals."""
    if fmt == "json":
        return as_json(solution, top)
    if fmt == "csv":
        return as_csv(solution, top)
    return as_text(solution, quiet, top)
