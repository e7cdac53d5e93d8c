"""``elzzur stats``: the rounds played (``elzzur.grid.history.Stats``) as text with a sparkline,
as an SVG chart of the share of points per round, or as JSON."""

from __future__ import annotations

from .review import percent

BARS = "▁▂▃▄▅▆▇█"
SPARK_ROUNDS = 60  # the last rounds a sparkline shows (one character each)


def sparkline(values, ascii_only: bool = False, top: float | None = None) -> str:
    """One character per value, from the lowest bar (0) to the highest (``top``, default the
    largest value): a beginner's 2 % and 6 % rounds differ visibly, which on a scale to 100 %
    they would not."""
    bars = "_.-=+*#@" if ascii_only else BARS
    top = top if top is not None else max(values, default=0.0)
    last = len(bars) - 1
    if top <= 0:
        return bars[0] * len(values)
    return "".join(bars[max(0, min(last, round(v / top * last)))] for v in values)


def as_text(stats, ascii_only: bool = False) -> str:
    if not stats.rounds:
        return "No rounds played yet: 'elzzur play' starts one.\n"
    lines = [f"Rounds played:        {stats.rounds:,}",
             f"Average share:        {percent(stats.average)} of the board's points"]
    shown = stats.shares[-SPARK_ROUNDS:]
    lines.append(f"Share per round:      {sparkline(shown, ascii_only)}  (oldest first, "
                 f"0 to {percent(max(shown))}"
                 + (f", the last {len(shown)}" if len(shown) < len(stats.shares) else "") + ")")
    if stats.best:
        lines.append("Best rounds:")
        for r in stats.best:
            lines.append(f"  {r.when[:10]}  {r.score:>6,} of {r.total:>7,}  "
                         f"{percent(r.share):>6}  {r.found:,} of {r.possible:,} words  "
                         f"{r.language} {r.rules}")
    if stats.damaged:
        lines.append(f"({stats.damaged:,} damaged line{'s' if stats.damaged > 1 else ''} of the "
                     f"history skipped)")
    return "\n".join(lines) + "\n"


def as_svg(stats, width: int = 480, height: int = 160) -> str:
    """A line chart of the share of points per round (0 to 100 %), oldest left."""
    pad = 30
    shares = stats.shares
    n = len(shares)
    inner_w, inner_h = width - 2 * pad, height - 2 * pad

    def point(i: int, share: float) -> str:
        x = pad + (inner_w * i / (n - 1) if n > 1 else inner_w / 2)
        share = share if share == share else 0.0  # (a NaN drawn at 0, never "nan" in the SVG)
        y = pad + inner_h * (1 - max(0.0, min(1.0, share)))
        return f"{x:.1f},{y:.1f}"

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
             f'<title>Share of the board\'s points, {n} round{"s" if n != 1 else ""}</title>',
             f'<rect width="{width}" height="{height}" fill="white"/>']
    for level in (0, 0.5, 1):
        y = pad + inner_h * (1 - level)
        parts.append(f'<line x1="{pad}" y1="{y:.1f}" x2="{width - pad}" y2="{y:.1f}" '
                     f'stroke="#ccc"/>')
        parts.append(f'<text x="{pad - 4}" y="{y + 4:.1f}" text-anchor="end">'
                     f'{int(level * 100)}%</text>')
    if n:
        points = " ".join(point(i, s) for i, s in enumerate(shares))
        parts.append(f'<polyline points="{points}" fill="none" stroke="#2a7" '
                     f'stroke-width="2"/>')
        for i, s in enumerate(shares):
            x, y = point(i, s).split(",")
            parts.append(f'<circle cx="{x}" cy="{y}" r="2.5" fill="#2a7"/>')
    parts.append(f'<text x="{width / 2:.0f}" y="{height - 8}" text-anchor="middle">'
                 f'rounds, oldest first (average {percent(stats.average)})</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def as_json(stats) -> str:
    import json

    # never NaN or Infinity, which are no JSON (history.read_history keeps them out; a bug
    # letting one through is an error, not a file other programs cannot read)
    return json.dumps(stats.to_dict(), ensure_ascii=False, indent=2, allow_nan=False) + "\n"
