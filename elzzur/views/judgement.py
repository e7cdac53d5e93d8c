"""A referee's judgement (``elzzur.grid.referee.Judgement``) as text or JSON, as ``elzzur check``
prints it. The JSON is ``Judgement.to_dict()`` laid out one word a line."""

from __future__ import annotations

from .text import cell_coordinates, path_text


def as_json(judgement) -> str:
    """``judgement.to_dict()`` as indented JSON, each word on one line (paths stay readable)."""
    import json

    dump = lambda value: json.dumps(value, ensure_ascii=False)  # noqa: E731
    data = judgement.to_dict()
    players = []
    for player in data["players"]:
        words = ",\n".join(f"        {dump(w)}" for w in player["words"])
        players.append(
            "    {\n"
            f'      "name": {dump(player["name"])},\n'
            f'      "words": [{chr(10) + words + chr(10) + "      " if words else ""}],\n'
            f'      "valid": {player["valid"]},\n'
            f'      "total": {player["total"]}\n'
            "    }")
    lines = [f'  {dump(key)}: {dump(value)}' for key, value in data.items() if key != "players"]
    head = lines[:4]  # language, rules, board, shared_words
    return ("{\n" + ",\n".join(head) + ',\n  "players": [\n' + ",\n".join(players) + "\n  ],\n"
            + ",\n".join(lines[4:]) + "\n}\n")


def plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def as_text(judgement, rules) -> str:
    """The board, each player's words with their verdicts and total, the comparison."""
    board = judgement.board
    labels = cell_coordinates(board)
    cols = board.cols
    parts = [str(board), ""]
    verdicts = [v for p in judgement.players for v in p.verdicts]
    width = max((len(v.word or v.given) for v in verdicts), default=0) + 4
    for player in judgement.players:
        valid = len(player.valid)
        parts.append(f"{player.name}: {plural(len(player.verdicts), 'word')}, {valid:,} valid, "
                     f"{plural(player.total, 'point')}")
        for v in player.verdicts:
            word = (v.word or v.given).ljust(width)
            if v.valid:
                path = path_text([r * cols + c for r, c in v.path], labels)
                parts.append(f"  {word}{str(v.score).ljust(6)}{path}")
            else:
                parts.append(f"  {word}{'-'.ljust(6)}{reason(v, rules)}")
        parts.append("")
    comparison = judgement.comparison
    if comparison is not None:
        everyone = "everyone" if len(judgement.players) > 2 else "both"
        parts.append(f"found by {everyone}: {' '.join(comparison.everyone) or '(none)'}")
        for name, words in comparison.only:
            parts.append(f"only {name}: {' '.join(words) or '(none)'}")
        if judgement.shared_words == "cancel":
            parts.append(f"cancelled (found by two or more): "
                         f"{' '.join(comparison.shared) or '(none)'}")
        ranking = sorted(judgement.players, key=lambda p: -p.total)
        parts.append("scores: " + ", ".join(f"{p.name} {p.total:,}" for p in ranking))
        parts.append("")
    parts.append(f"The board holds {plural(judgement.board_words, 'word')} worth "
                 f"{plural(judgement.board_total, 'point')}.")
    return "\n".join(parts) + "\n"


def reason(verdict, rules) -> str:
    """Why a word scores nothing, in words a player reads."""
    from ..grid import referee

    kind = verdict.verdict
    if kind == referee.TOO_SHORT:
        return f"too short ({rules.name} counts words of {rules.min_length} letters or more)"
    if kind == referee.TOO_LONG:
        return f"too long ({rules.name} counts words of at most {rules.max_length} letters)"
    if kind == referee.NOT_A_WORD:
        return "not a word (the board spells it, the dictionary lacks it)"
    if kind == referee.CANCELLED:
        return "cancelled (another player found it too)"
    return kind
