"""The review after a round: what the player scored against what the board held, and what to
learn from the words they missed.

A beginner shown "you missed ZOEAE, 41 points" learns nothing: the best missed words are listed
the common ones first (commonness bands 1 and 2, ``elzzur.lexicon.commonness``), the rare ones
counted by band. "Where the points were" names the bonus tiles the missed points ran through
(a word's points count for every bonus tile on its path), or, on a board without bonus tiles,
the share of the missed points in long words.
"""

from __future__ import annotations

from ..lexicon.commonness import is_common
from ..record import Record

MISSED_SHOWN = 5  # best missed words a review lists


class Missed(Record):
    """A word the board held that the player did not find: its best score and path (row,
    column pairs) and its band (None: unknown)."""

    __slots__ = ("word", "score", "path", "band")

    def to_dict(self) -> dict:
        return {"word": self.word, "score": self.score,
                "path": [list(step) for step in self.path], "band": self.band}


class Hotspot(Record):
    """A bonus tile (``token`` at ``cell``, row and column) and the share (0 to 1) of the missed
    points whose words ran through it."""

    __slots__ = ("cell", "token", "bonus", "share")

    def to_dict(self) -> dict:
        return {"cell": list(self.cell), "token": self.token, "bonus": self.bonus,
                "share": round(self.share, 4)}


class Review(Record):
    """The round's outcome and its lessons (see the module's docstring). ``share`` is the score
    over the board's total (0 on a board without points); ``best_missed`` the common words
    first; ``longest`` the board's longest word (and whether the player found it);
    ``long_share`` the share of the missed points in words of ``LONG`` letters or more;
    ``missed_bands`` how many missed words in each band (key None: unknown)."""

    __slots__ = ("score", "total", "share", "found", "possible", "best_missed", "longest",
                 "longest_found", "hotspots", "long_share", "missed_bands", "missed_points")

    def to_dict(self) -> dict:
        return {
            "score": self.score, "total": self.total, "share": round(self.share, 4),
            "found": self.found, "possible": self.possible,
            "best_missed": [m.to_dict() for m in self.best_missed],
            "longest": None if self.longest is None else self.longest.to_dict(),
            "longest_found": self.longest_found,
            "hotspots": [h.to_dict() for h in self.hotspots],
            "long_share": round(self.long_share, 4),
            "missed_bands": {str(k) if k is not None else "unknown": v
                             for k, v in sorted(self.missed_bands.items(),
                                                key=lambda kv: (kv[0] is None, kv[0] or 0))},
            "missed_points": self.missed_points,
        }


LONG = 6  # letters: a "long word" in the review


def review(board, rows, found, band=None, shown: int = MISSED_SHOWN,
           bonus_tiles: bool = True) -> Review:
    """The review of a round on ``board`` whose words (``rows``: ``(word, score, path)``, path
    as cell numbers, as ``find_words`` gives them) the player found ``found`` of (words);
    ``band`` is ``word -> band`` or None; ``bonus_tiles`` False for rules in which bonus tiles do
    not count (no hotspots then)."""
    found = set(found)
    pairs = lambda path: tuple(board.position(i) for i in path)  # noqa: E731
    total = sum(row[1] for row in rows)
    score = sum(row[1] for row in rows if row[0] in found)
    missed = [Missed(w, s, pairs(p), band(w) if band else None)
              for w, s, p in rows if w not in found]
    # the common words first, then by score; unknown bands count as not common
    ranked = sorted(missed, key=lambda m: (not is_common(m.band) if band else False, -m.score,
                                           m.word))
    longest = None
    if rows:
        w, s, p = min(rows, key=lambda row: (-len(row[0]), -row[1], row[0]))
        longest = Missed(w, s, pairs(p), band(w) if band else None)
    missed_points = sum(m.score for m in missed)
    from .rules import tile_codes

    hotspots = []
    if missed_points and bonus_tiles:
        for i, cell in enumerate(board.cells):
            if cell.bonus:
                through = sum(m.score for m in missed if board.position(i) in m.path)
                if through:
                    kind = tile_codes().get(cell.bonus)
                    hotspots.append(Hotspot(board.position(i), cell.token,
                                            kind.name if kind else cell.bonus,
                                            through / missed_points))
        hotspots.sort(key=lambda h: (-h.share, h.cell))
    long_points = sum(m.score for m in missed if len(m.word) >= LONG)
    bands: dict = {}
    for m in missed:
        bands[m.band] = bands.get(m.band, 0) + 1
    return Review(score, total, score / total if total else 0.0, len(found & {r[0] for r in rows}),
                  len(rows), tuple(ranked[:shown]), longest,
                  longest is not None and longest.word in found, tuple(hotspots),
                  long_points / missed_points if missed_points else 0.0, bands, missed_points)
