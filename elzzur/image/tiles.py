"""One tile's picture to what is on it: its background colour and the letter's ink.

A tile is read on its own, against its own background (the median colour of a ring inside its
edge), so that light and dark themes, white letters on a coloured bonus tile, and a photo's
uneven light (brighter on one side of the board than on the other) are all the same case: ink
is whatever differs from the tile's own background by more than the tile's own threshold.
"""

from __future__ import annotations

import cv2
import numpy as np

from .glyphs import cut_off, letter_group, normalise, split


class Tile:
    """What one tile's picture shows: ``colour`` (its background, Lab), ``glyphs`` (the
    letter's feature upright, in a list; None where no letter was found), ``turned`` (for a
    die: the letter's blobs grouped whatever their side, in each of the four quarter turns),
    ``cut`` (ink like another letter beside the upright one was cut off by the tile's edge:
    ``glyphs.cut_off``), ``frame`` and ``badge`` (the Lab colour of a coloured frame round the
    tile and of a round badge in a corner, or None: Ruzzle's bonus style, ``marks``),
    ``parts`` (the glyphs of the tile's characters side by side, ``-`` and ``/`` as those
    strings, where there is more than one: ``Qu`` with a small u, Wordament's ``-ER``,
    ``D/U``, ``TH``) and ``bar`` (the side, in quarter turns from below, of a bar under the
    letter: an underlined M, W, N or Z on a die; None without one)."""

    __slots__ = ("colour", "glyphs", "turned", "cut", "frame", "badge", "parts", "bar",
                 "corners", "loose", "wide_corners", "shaped", "full_frame")

    def __init__(self, colour, glyphs, turned=None, cut: bool = False) -> None:
        self.colour = colour
        self.glyphs = glyphs
        self.turned = turned
        self.cut = cut
        self.frame = self.badge = None
        self.parts: list = []
        self.bar = None
        self.corners: frozenset = frozenset()  # the corners (0-3) with something in them
        self.loose = None  # a die's letter group, any side up (to split once its turn is known)
        self.wide_corners: frozenset = frozenset()  # ``corners`` in a crop a little wider
        self.shaped = False  # the badge was found by its shape, whole inside the tile
        self.full_frame = False  # the frame runs along three sides or four, not two


def marks(lab: np.ndarray, colour: np.ndarray) -> tuple:
    """A coloured frame round the tile and a round badge in one of its corners (Ruzzle's bonus
    tiles keep their face and get both): each the median Lab colour of its pixels, or None
    (the frame with whether it runs along three sides or more).

    Coloured means far from the tile's face and of some chroma; a frame runs along three of
    the four sides at least (the crop may be a little off on one), a badge is a blob in a
    corner, clear of the crop's edge (a rounded corner shows the board behind it there). What
    every tile has (the board's colour at the crop's edges) is told apart by the reader.
    Third, the corners (0 top left, 1 top right, 2 bottom left, 3 bottom right) with a blob
    unlike the face in them: a value, a badge, or a mark the reader may not know. Fourth,
    whether the badge was found by its round shape inside the tile (not only as a coloured
    blob at a corner, which may be the board seen past a rounded corner)."""
    side = lab.shape[0]
    chroma = np.hypot(lab[..., 1] - 128, lab[..., 2] - 128)
    coloured = (np.sqrt(((lab - colour) ** 2).sum(axis=2)) > 40) & (chroma > 22)
    low, high, corner = round(side * 0.02), round(side * 0.09), round(side * 0.25)
    bands = [coloured[low:high, corner:side - corner], coloured[side - high:side - low,
                                                                 corner:side - corner],
             coloured[corner:side - corner, low:high], coloured[corner:side - corner,
                                                               side - high:side - low]]
    # each side's best line along it (a frame thinner than the band fills some of its lines)
    # (top and bottom: rows; left and right: columns; a swipe's line across a side is not)
    shares = sorted([float(b.mean(axis=1).max()) for b in bands[:2]]
                    + [float(b.mean(axis=0).max()) for b in bands[2:]])
    frame = None
    sides = sum(share >= 0.7 for share in shares)
    if sides >= 2:  # (a crop a little off shows the board along two sides: ``full_frame``)
        pixels = np.concatenate([lab[low:high, corner:side - corner][bands[0]],
                                 lab[side - high:side - low, corner:side - corner][bands[1]],
                                 lab[corner:side - corner, low:high][bands[2]],
                                 lab[corner:side - corner, side - high:side - low][bands[3]]])
        frame = np.median(pixels, axis=0)
    badge = None
    box = round(side * 0.42)
    # a badge by its shape (a round blob in a corner, unlike the face): its colour is that of
    # its coloured pixels, or the face's where it has none (a badge lit up with its tile)
    different = np.sqrt(((lab - colour) ** 2).sum(axis=2)) > 40
    count, labels, stats, centres = cv2.connectedComponentsWithStats(
        different.astype(np.uint8), 8)
    best = 0
    used = set()
    for label in range(1, count):
        x, y, w, h, area = (int(v) for v in stats[label])
        cx, cy = centres[label]
        near_x, near_y = min(cx, side - cx), min(cy, side - cy)
        if (area >= 0.002 * side * side and x > 0 and y > 0 and x + w < side and y + h < side
                and near_x < 0.3 * side and near_y < 0.3 * side and max(w, h) < box):
            used.add((cx > side / 2) + 2 * (cy > side / 2))
        if (area >= 0.012 * side * side and w >= 0.2 * side and h >= 0.2 * side
                and w <= box and h <= box and 0.6 <= w / h <= 1.6
                and 0.05 * side <= near_x <= 0.3 * side and 0.05 * side <= near_y <= 0.3 * side
                and area > best):
            best = area
            inside = lab[y:y + h, x:x + w]
            tinted = coloured[y:y + h, x:x + w]
            badge = (np.median(inside[tinted], axis=0) if tinted.mean() > 0.15
                     else np.median(inside.reshape(-1, 3), axis=0))
    shaped = badge is not None
    if badge is None:
        # a coloured badge centred on the tile's corner, half outside it (Ruzzle's own
        # layout): cut by the crop's edge, of its colour whatever it holds
        count, labels, stats, centres = cv2.connectedComponentsWithStats(
            coloured.astype(np.uint8), 8)
        for label in range(1, count):
            x, y, w, h, area = (int(v) for v in stats[label])
            cx, cy = centres[label]
            if (min(cx, side - cx) < 0.2 * side and min(cy, side - cy) < 0.2 * side
                    and 0.1 * side <= w <= box and 0.1 * side <= h <= box
                    and area >= 0.008 * side * side and area >= 0.5 * w * h
                    and area > best):  # round or a quarter of it, not a swipe's line
                best = area
                badge = np.median(lab[labels == label], axis=0)
    return (frame, sides >= 3), badge, frozenset(used), shaped


def background(lab: np.ndarray) -> np.ndarray:
    """The tile's own colour: the median of a ring between 6 % and 16 % in from its edge
    (inside its rounded corners and border, outside its letter)."""
    side = lab.shape[0]
    outer, inner = round(side * 0.06), round(side * 0.16)
    ring = np.ones(lab.shape[:2], bool)
    ring[inner:side - inner, inner:side - inner] = False
    ring[:outer, :] = ring[side - outer:, :] = False
    ring[:, :outer] = ring[:, side - outer:] = False
    return np.median(lab[ring], axis=0)


def tilt(lab: np.ndarray, colour: np.ndarray) -> float:
    """How many degrees a die lies turned in its place, between -45 and 45 (its face, the
    largest region of the tile's colour, fitted with a rectangle), 0 where unclear."""
    side = lab.shape[0]
    face = (np.sqrt(((lab - colour) ** 2).sum(axis=2)) < 25).astype(np.uint8)
    face = cv2.morphologyEx(face, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    contours, _ = cv2.findContours(face, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return 0.0
    contour = max(contours, key=cv2.contourArea)
    (_, _), (w, h), angle = cv2.minAreaRect(contour)
    if cv2.contourArea(contour) < 0.35 * side * side or not 0.8 <= w / max(h, 1) <= 1.25:
        return 0.0
    angle = (angle + 45) % 90 - 45
    # a face that fills the crop to its edges says nothing of its turn
    return 0.0 if min(w, h) > 0.97 * side else float(angle)


def wide_badge(wide_bgr: np.ndarray, colour: np.ndarray):
    """A badge centred on the tile's corner, seen in a crop a little wider than the tile
    (``wide_bgr``): the Lab colour of its coloured blob, or None, and the corners with
    something in them there (``marks``)."""
    lab = cv2.cvtColor(wide_bgr, cv2.COLOR_BGR2LAB).astype(np.float32)
    _, badge, corners, _ = marks(lab, colour)
    return badge, corners


def read_tile(tile_bgr: np.ndarray, rotations: bool = False) -> Tile:
    """The tile's background colour and its letter's features (one per quarter turn when
    ``rotations``, for dice that may lie any way up, straightened first when the die lies a
    few degrees turned in its place; else only upright)."""
    lab = cv2.cvtColor(tile_bgr, cv2.COLOR_BGR2LAB).astype(np.float32)
    colour = background(lab)
    if rotations:
        angle = tilt(lab, colour)
        if abs(angle) >= 3:
            side = tile_bgr.shape[0]
            turn = cv2.getRotationMatrix2D((side / 2, side / 2), angle, 1.0)
            tile_bgr = cv2.warpAffine(tile_bgr, turn, (side, side), flags=cv2.INTER_LINEAR,
                                      borderMode=cv2.BORDER_REPLICATE)
            lab = cv2.cvtColor(tile_bgr, cv2.COLOR_BGR2LAB).astype(np.float32)
    distance = np.sqrt(((lab - colour) ** 2).sum(axis=2))
    side = distance.shape[0]
    edge = max(1, round(side * 0.04))
    inner = distance[edge:side - edge, edge:side - edge]
    scaled = np.clip(inner, 0, 255).astype(np.uint8)
    otsu, _ = cv2.threshold(scaled, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    threshold = max(float(otsu), 28.0)  # a blank tile's noise is not a letter
    mask = inner > threshold
    ink = None

    edges: list = []
    cut = False

    bars: list = []

    def crop(loose: bool):
        nonlocal ink, cut
        found = letter_group(mask, loose, None if loose else edges, bars)
        if found is None:
            return None
        keep, (x0, y0, x1, y1) = found
        if not loose:
            cut = cut_off(edges, (x0, y0, x1, y1), mask.shape)
        if ink is None:
            strong = float(np.median(inner[keep]))
            ink = np.clip((inner - threshold * 0.5) / max(strong - threshold * 0.5, 1.0), 0, 1)
        return np.where(keep[y0:y1, x0:x1], ink[y0:y1, x0:x1], 0).astype(np.float32)

    upright = crop(False)
    glyphs = None if upright is None else [normalise(upright)]
    parts = [] if upright is None else split(upright)
    turned = None
    bar = None
    if rotations:
        bars.clear()
        loose = crop(True)
        if loose is not None:
            turns = range(4)
            if len(bars) == 1:  # a die's underline: the one turn that puts it below
                bar = bars[0]
                turns = [(0, 3, 2, 1)[bar]]
            turned = [np.ascontiguousarray(np.rot90(loose, k)) for k in turns]
            if len(turned) == 1:
                parts = split(turned[0])
            turned = [normalise(t) for t in turned]
    tile = Tile(colour, glyphs, turned, cut)
    tile.parts, tile.bar = parts, bar
    tile.loose = None if turned is None or bar is not None else loose
    (tile.frame, tile.full_frame), tile.badge, tile.corners, tile.shaped = marks(lab, colour)
    return tile
