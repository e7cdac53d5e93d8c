"""A tile's ink to the letter's normalised picture, the one form the classifier compares.

Training (``tools/train_glyphs.py``) and reading go through the same two functions, so that a
glyph rendered from a font and a glyph cut from a screenshot are made alike: ``letter_group``
picks the blobs of ink that are the letter (the letter's body, its dots, accents and cedilla,
the ``u`` of a ``Qu``), leaving out a value or a bonus badge in a corner; ``feature`` scales
that group into a ``SIZE`` x ``SIZE`` square, keeping its shape (an ``I`` stays a thin bar),
and makes it zero-mean and of unit length, so that the dot product of two features is their
correlation, whatever the ink's colour, contrast and thickness of line.
"""

from __future__ import annotations

import cv2
import numpy as np

SIZE = 20  # the feature's side in pixels: enough to tell Ö from O, small enough to be quick


def letter_group(mask: np.ndarray, loose: bool = False, edges: list | None = None,
                 bars: list | None = None
                 ) -> tuple[np.ndarray, tuple[int, int, int, int]] | None:
    """The blobs of ``mask`` (a tile's ink, True where ink) that make its letter: a mask of
    them and their box (x0, y0, x1, y1), or None when the tile has no letter-sized ink.

    The letter's body is the tallest blob near the middle; blobs above or below it within its
    width are its accents and dots; a blob beside it at least half its height (and level with
    it) is another letter of the tile (``Qu``, ``CH``). Anything else (a value in a corner, a
    ``DL`` badge, specks of noise, the tile's own edge) is left out. ``edges``: a list to
    which the boxes (x, y, w, h) of the blobs left out for touching the edge are added, for
    ``cut_off``. A smaller letter beside it on its baseline (the ``u`` of a ``Qu``) and a dash
    level with its middle (Wordament's ``-ER``) join it too. A bar along one side of it (an
    underlined ``M`` on a die) does not: its side (0 below, 1 right, 2 above, 3 left) is added
    to ``bars``.
    """
    side = max(mask.shape)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), 8)
    height, width = mask.shape
    blobs = []
    for label in range(1, count):
        x, y, w, h, area = (int(v) for v in stats[label])
        if area < max(2, side * side // 2500):
            continue  # a speck
        if x == 0 or y == 0 or x + w == width or y + h == height:
            if edges is not None:
                edges.append((x, y, w, h))
            continue  # touches the edge: the tile's border or shadow, not its letter
        blobs.append((label, x, y, w, h, area))
    middle = [b for b in blobs
              if abs(b[1] + b[3] / 2 - width / 2) < 0.3 * width
              and abs(b[2] + b[4] / 2 - height / 2) < 0.3 * height
              and max(b[3], b[4]) >= 0.15 * side]
    if not middle:
        return None
    # the body: the tallest (any side up: the longest) blob, a thin bar (an underline, or a
    # dash) only where there is nothing else
    body = max(middle, key=lambda b: (max(b[3], b[4]) < 2.5 * min(b[3], b[4]),
                                      max(b[3], b[4]) if loose else b[4], b[5]))
    group = [body]
    x0, y0, x1, y1 = body[1], body[2], body[1] + body[3], body[2] + body[4]
    changed = True
    while changed:  # grow the group until nothing else joins (Q, then u)
        changed = False
        for blob in blobs:
            if blob in group:
                continue
            _, x, y, w, h, _ = blob
            overlap_x = min(x1, x + w) - max(x0, x)
            overlap_y = min(y1, y + h) - max(y0, y)
            tall = max(body[3], body[4]) if loose else body[4]
            centre_x, centre_y = x + w / 2, y + h / 2
            corner = (min(centre_x, width - centre_x) < 0.27 * width
                      and min(centre_y, height - centre_y) < 0.27 * height)
            if corner:
                continue  # a value or a badge in the tile's corner
            bar = underline(body, (x0, y0, x1, y1), (x, y, w, h), loose)
            if bar is not None:
                if bars is not None and bar not in bars:
                    bars.append(bar)
                continue
            if loose:
                gap = max(x - x1, x0 - (x + w), y - y1, y0 - (y + h))
                if gap < 0.4 * tall:
                    group.append(blob)
                    x0, y0 = min(x0, x), min(y0, y)
                    x1, y1 = max(x1, x + w), max(y1, y + h)
                    changed = True
                continue
            # above: dots, accents, a breve, centred over the letter and close to it (a badge
            # beside the corner is further off or off-centre); below: a cedilla, a Q's tail
            middle_x = x0 + 0.15 * (x1 - x0) <= centre_x <= x1 - 0.15 * (x1 - x0)
            above = (middle_x and 0 <= y0 - (y + h) < 0.3 * tall
                     or y0 - (y + h) < 0 <= y0 + 0.5 * tall - (y + h) and x0 <= centre_x <= x1)
            below = x0 <= centre_x <= x1 and y - y1 < 0.35 * tall and y >= y1 - 0.5 * tall
            accent = overlap_x >= 0.3 * w and h < 0.6 * tall and (above or below)
            gap_x = max(x - x1, x0 - (x + w))
            beside = (h >= 0.5 * tall and overlap_y >= 0.5 * h and gap_x < 0.5 * tall
                      # a small letter on the baseline: Qu's u
                      or h >= 0.28 * tall and overlap_y >= 0.8 * h and gap_x < 0.35 * tall
                      and -0.1 * tall < y1 - (y + h) < 0.25 * tall and x >= x1 - 0.1 * tall
                      # a dash level with the letters' middle: -ER, DE-
                      or h < 0.25 * tall and w >= max(1.5 * h, 0.15 * tall)
                      and y0 + 0.3 * tall <= centre_y <= y1 - 0.25 * tall
                      and gap_x < 0.6 * tall)
            if accent or beside:
                group.append(blob)
                x0, y0 = min(x0, x), min(y0, y)
                x1, y1 = max(x1, x + w), max(y1, y + h)
                changed = True
    keep = np.isin(labels, [b[0] for b in group])
    return keep, (x0, y0, x1, y1)


def underline(body, box, blob, loose: bool) -> int | None:
    """The side (0 below, 1 right, 2 above, 3 left) of the letter's box on which ``blob`` (x, y,
    w, h) lies as a bar along it (long, thin, close, parallel to that side), or None: the
    line under a die's M, W, N or Z, which says which way up the die is."""
    x0, y0, x1, y1 = box
    x, y, w, h = blob
    width, height = x1 - x0, y1 - y0
    size = max(width, height) if loose else height
    # as long as the letter is wide (or tall), thin, and close to it: not an I beside an n
    if w >= 2.5 * h and 0.7 * width <= w <= 1.35 * width and h < 0.3 * size:  # a level bar
        overlap = min(x1, x + w) - max(x0, x)
        if overlap >= 0.6 * w:
            if -0.05 * size <= y - y1 < 0.35 * size:
                return 0
            if -0.05 * size <= y0 - (y + h) < 0.35 * size:
                return 2
    if loose and h >= 2.5 * w and 0.7 * height <= h <= 1.35 * height and w < 0.3 * size:
        overlap = min(y1, y + h) - max(y0, y)
        if overlap >= 0.6 * h:
            if -0.05 * size <= x - x1 < 0.35 * size:
                return 1
            if -0.05 * size <= x0 - (x + w) < 0.35 * size:
                return 3
    return None


def split(crop: np.ndarray) -> list[tuple[str, np.ndarray | None]]:
    """A letter group's ink (``crop``) cut into the characters side by side in it: each a
    ("", its normalised glyph), or ("-", None) for a dash, ("/", None) for a slash between
    two; [] where it is one character (accents and dots stay with their letter: blobs
    over each other are one character)."""
    height, width = crop.shape
    count, labels, stats, _ = cv2.connectedComponentsWithStats((crop > 0.35).astype(np.uint8), 8)
    blobs = [tuple(int(v) for v in stats[label][:5]) + (label,) for label in range(1, count)
             if stats[label][4] >= max(2, crop.size // 800)]
    columns: list[list] = []
    for blob in sorted(blobs):
        x, _, w, _, _, _ = blob
        if columns:
            cx0 = min(b[0] for b in columns[-1])
            cx1 = max(b[0] + b[2] for b in columns[-1])
            if min(cx1, x + w) - max(cx0, x) >= 0.5 * min(w, cx1 - cx0):
                columns[-1].append(blob)
                continue
        columns.append([blob])
    if len(columns) < 2:
        return []
    parts: list[tuple[str, np.ndarray | None]] = []
    for number, column in enumerate(columns):
        x0 = min(b[0] for b in column)
        y0 = min(b[1] for b in column)
        x1 = max(b[0] + b[2] for b in column)
        y1 = max(b[1] + b[3] for b in column)
        w, h = x1 - x0, y1 - y0
        area = sum(b[4] for b in column)
        if h < 0.3 * height and w >= 1.5 * h:
            parts.append(("-", None))
        elif (0 < number < len(columns) - 1 and len(column) == 1 and h >= 0.6 * height
              and area < 0.45 * w * h and w < 0.8 * h):
            parts.append(("/", None))
        else:
            keep = np.isin(labels[y0:y1, x0:x1], [b[5] for b in column])
            parts.append(("", normalise(np.where(keep, crop[y0:y1, x0:x1], 0)
                                        .astype(np.float32))))
    return parts


def cut_off(edges: list, box: tuple[int, int, int, int], shape: tuple[int, int]) -> bool:
    """Whether a blob left out for touching the tile's edge (``letter_group``'s ``edges``)
    stands beside the letter as a letter of the tile would: level with it, at least half as
    tall and no taller, not a thin line, not in a corner and not around it (a ``Qu`` so wide
    that its ``u`` reaches the edge). Then what was read is not the tile's whole text, however
    sure the classifier is of it."""
    x0, y0, x1, y1 = box
    tall = y1 - y0
    height, width = shape
    for x, y, w, h in edges:
        if not 0.5 * tall <= h <= 1.2 * tall or w < 0.25 * tall:
            continue
        centre_x, centre_y = x + w / 2, y + h / 2
        if (min(centre_x, width - centre_x) < 0.27 * width
                and min(centre_y, height - centre_y) < 0.27 * height):
            continue  # a value or a badge in a corner
        overlap_y = min(y1, y + h) - max(y0, y)
        gap = max(x - x1, x0 - (x + w))
        if overlap_y >= 0.5 * h and -0.05 * tall <= gap < 0.5 * tall:
            return True
    return False


def feature(ink: np.ndarray, keep: np.ndarray, box: tuple[int, int, int, int]) -> np.ndarray:
    """The letter's picture as a vector of ``SIZE * SIZE`` floats (zero mean, length 1).

    ``ink`` is how much each pixel is ink (0 to 1, anti-aliased edges in between), ``keep`` the
    letter's blobs: other ink is blanked, so a badge next to a letter never leaks into it."""
    x0, y0, x1, y1 = box
    crop = np.where(keep[y0:y1, x0:x1], ink[y0:y1, x0:x1], 0).astype(np.float32)
    return normalise(crop)


def normalise(crop: np.ndarray) -> np.ndarray:
    """A glyph's crop (ink 0 to 1) scaled into the feature square, centred, shape kept."""
    h, w = crop.shape
    scale = (SIZE - 2) / max(h, w)
    nh, nw = max(1, round(h * scale)), max(1, round(w * scale))
    small = cv2.resize(crop, (nw, nh), interpolation=cv2.INTER_AREA)
    square = np.zeros((SIZE, SIZE), np.float32)
    top, left = (SIZE - nh) // 2, (SIZE - nw) // 2
    square[top:top + nh, left:left + nw] = small
    # a little blur: a stroke a pixel thicker or further left still correlates
    vector = cv2.GaussianBlur(square, (3, 3), 0.8).ravel()
    vector = vector - vector.mean()
    length = float(np.linalg.norm(vector))
    return vector / length if length > 0 else vector
