"""``solve --plan SECONDS``: the words to swipe, in order, for the most points in that time
(``elzzur.grid.plan``), the time model tuned to the player's own rounds where the history of
``elzzur play`` holds enough of them."""

from __future__ import annotations

from ..errors import UsageError


def plan_text(board, rows, language, args) -> str:
    """The plan for one solved board, in ``args.format`` (text or json)."""
    from ..grid.plan import DEFAULT_MODEL, fitted_model, plan
    from ..views import plan as view

    if args.format not in ("text", "json"):
        raise UsageError(f"--plan prints text or json, not --format {args.format}")
    model = DEFAULT_MODEL
    from ..errors import ElzzurError
    from ..grid.history import read_history

    try:  # (its damaged lines are skipped: read_history checks every field)
        model = fitted_model(read_history()[0])
    except ElzzurError as e:  # an unreadable history: the default pace, never a failed solve
        from .lists import warn

        warn(f"{e}; the plan uses the default pace")
    result = plan(rows, board.cols, args.plan, model)
    if args.format == "json":
        return view.as_json(result, board, language.code, args.rules)
    return view.as_text(result, board)
