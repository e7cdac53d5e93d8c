"""A plan for the clock (``elzzur.grid.plan.Plan``) as text or JSON, as ``solve --plan``
prints it."""

from __future__ import annotations

from .review import percent
from .text import cell_coordinates, path_text


def describe(model) -> str:
    return (f"{model.fixed:.2f} s a word + {model.per_letter:.2f} s a letter + "
            f"{model.per_cell:.2f} s a cell between words ({model.source})")


def as_text(plan, board) -> str:
    labels = cell_coordinates(board)
    lines = [f"A plan for {plan.seconds:g} seconds.", f"Time model: {describe(plan.model)}.", ""]
    if plan.steps:
        width = max(len(s.word) for s in plan.steps) + 3
        lines.append(f"{'':>3}  {'WORD':<{width}}{'POINTS':>6}  {'TIME':>6}  {'CLOCK':>6}  PATH")
        for n, s in enumerate(plan.steps, 1):
            lines.append(f"{n:>3}  {s.word:<{width}}{s.score:>6,}  {s.seconds:>5.1f}s  "
                         f"{s.at:>5.1f}s  {path_text(s.path, labels)}")
        lines.append("")
    share = plan.expected / plan.total if plan.total else 0.0
    used = plan.steps[-1].at if plan.steps else 0.0
    lines.append(f"Expected: {plan.expected:,} points in {used:.1f} s, {percent(share)} of the "
                 f"board's {plan.total:,} ({len(plan.steps):,} words).")
    return "\n".join(lines) + "\n"


def as_dict(plan, board, language: str, rules: str) -> dict:
    cols = board.cols
    return {
        "language": language, "rules": rules, "board": board.token_rows(),
        "seconds": plan.seconds, "model": plan.model.to_dict(),
        "plan": [{"word": s.word, "score": s.score,
                  "path": [list(divmod(i, cols)) for i in s.path],
                  "seconds": s.seconds, "at": s.at} for s in plan.steps],
        "expected": plan.expected, "total_score": plan.total,
    }


def as_json(plan, board, language: str, rules: str) -> str:
    import json

    data = as_dict(plan, board, language, rules)
    dump = lambda value: json.dumps(value, ensure_ascii=False)  # noqa: E731
    steps = ",\n".join(f"    {dump(s)}" for s in data.pop("plan"))
    head = ",\n".join(f"  {dump(k)}: {dump(v)}" for k, v in list(data.items())[:5])
    tail = ",\n".join(f"  {dump(k)}: {dump(v)}" for k, v in list(data.items())[5:])
    return ("{\n" + head + ',\n  "plan": [' + (f"\n{steps}\n  " if steps else "") + "],\n"
            + tail + "\n}\n")
