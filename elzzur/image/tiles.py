"""One tile's picture to what is on it: its background colour and the letter's ink.

A tile is read on its own, against its own background (the median colour of a ring inside its
edge), so that light and dark themes, white letters on a coloured bonus tile, and a photo's
uneven light (brighter on one side of the board than on the other) are all the same case: ink
is whatever differs from the tile's own background by more than the tile's own threshold.
"""

from __future__ import annotations

import cv2
import numpy as np

from .glyphs import cut_off, letter_group, normalise


class Tile:
    """What one tile's picture shows: ``colour`` (its background, Lab), ``glyphs`` (the
    letter's feature upright, in a list; None where no letter was found), ``turned`` (for a
    die: the letter's blobs grouped whatever their side, in each of the four quarter turns),
    ``cut`` (ink like another letter beside the upright one was cut off by the tile's edge:
    ``glyphs.cut_off``)."""

    __slots__ = ("colour", "glyphs", "turned", "cut")

    def __init__(self, colour, glyphs, turned=None, cut: bool = False) -> None:
        self.colour = colour
        self.glyphs = glyphs
        self.turned = turned
        self.cut = cut


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


def read_tile(tile_bgr: np.ndarray, rotations: bool = False) -> Tile:
    """The tile's background colour and its letter's features (one per quarter turn when
    ``rotations``, for dice that may lie any way up; else only upright)."""
    lab = cv2.cvtColor(tile_bgr, cv2.COLOR_BGR2LAB).astype(np.float32)
    colour = background(lab)
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

    def crop(loose: bool):
        nonlocal ink, cut
        found = letter_group(mask, loose, None if loose else edges)
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
    turned = None
    if rotations:
        loose = crop(True)
        if loose is not None:
            turned = [normalise(np.ascontiguousarray(np.rot90(loose, k))) for k in range(4)]
    return Tile(colour, glyphs, turned, cut)
