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


def letter_group(mask: np.ndarray, loose: bool = False, edges: list | None = None
                 ) -> tuple[np.ndarray, tuple[int, int, int, int]] | None:
    """The blobs of ``mask`` (a tile's ink, True where ink) that make its letter: a mask of
    them and their box (x0, y0, x1, y1), or None when the tile has no letter-sized ink.

    The letter's body is the tallest blob near the middle; blobs above or below it within its
    width are its accents and dots; a blob beside it at least half its height (and level with
    it) is another letter of the tile (``Qu``, ``CH``). Anything else (a value in a corner, a
    ``DL`` badge, specks of noise, the tile's own edge) is left out. ``edges``: a list to
    which the boxes (x, y, w, h) of the blobs left out for touching the edge are added, for
    ``cut_off``.
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
    body = max(middle, key=lambda b: (max(b[3], b[4]) if loose else b[4], b[5]))
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
            beside = (h >= 0.5 * tall and overlap_y >= 0.5 * h
                      and max(x - x1, x0 - (x + w)) < 0.5 * tall)
            if accent or beside:
                group.append(blob)
                x0, y0 = min(x0, x), min(y0, y)
                x1, y1 = max(x1, x + w), max(y1, y + h)
                changed = True
    keep = np.isin(labels, [b[0] for b in group])
    return keep, (x0, y0, x1, y1)


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
