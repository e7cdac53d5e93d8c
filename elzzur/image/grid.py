"""Where the board is in a picture: its tiles' lattice, and each tile cut out straight.

A grid game's tiles are the one set of same-sized squares on a lattice: status bars, scores,
banners and buttons around them are of other sizes or not on a lattice. So: find every
square-ish region (between the edges that Canny finds, and in the light and dark halves of an
Otsu threshold), group them by size, and take the largest group whose centres fit a lattice of
3 to 6 rows and columns. The lattice is fitted with a homography (its four corner tiles to a
square, then all its tiles by least squares), which is a plain scale and shift on a screenshot
and the perspective of a photo alike; each tile is then cut out of the full picture as a
straight square, whatever the angle it was taken at.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from ..errors import ElzzurError

MIN_SIDE, MAX_SIDE = 3, 6  # the boards read: 3x3 to 6x6 (and any rectangle between)
WORK = 1000  # the longer side the picture is searched at (tiles are cut from the full one)
TILE = 96  # the side of a cut-out tile, in pixels (smaller tiles are enlarged, larger shrunk)


class Lattice:
    """A board found in a picture: ``rows`` x ``cols`` tiles, the homography ``to_image``
    from lattice coordinates (column, row; tile centres at whole numbers) to the picture's
    pixels, the tiles' side as a share of the lattice's pitch (``tile_share``), and
    ``found``, how many tiles were seen (the others are where the lattice puts them)."""

    __slots__ = ("rows", "cols", "to_image", "tile_share", "found")

    def __init__(self, rows, cols, to_image, tile_share, found) -> None:
        self.rows, self.cols, self.to_image = rows, cols, to_image
        self.tile_share, self.found = tile_share, found


def candidates(image: np.ndarray) -> list[tuple[float, float, float]]:
    """Square-ish regions of ``image`` (BGR): their centre (x, y) and side, in its pixels."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    height, width = gray.shape
    low, high = (min(height, width) / 40) ** 2, (min(height, width) / 2.2) ** 2
    masks = []
    edges = cv2.Canny(cv2.GaussianBlur(gray, (3, 3), 0), 30, 90)
    hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
    edges |= cv2.Canny(cv2.GaussianBlur(hsv[:, :, 1], (3, 3), 0), 40, 120)
    masks.append(cv2.bitwise_not(cv2.dilate(edges, np.ones((3, 3), np.uint8))))
    # faint edges after a local contrast stretch: white dice in a tray of nearly their colour
    stretched = cv2.createCLAHE(clipLimit=3.0, tileGridSize=(8, 8)).apply(gray)
    faint = cv2.Canny(cv2.GaussianBlur(stretched, (5, 5), 0), 20, 60)
    masks.append(cv2.bitwise_not(cv2.dilate(faint, np.ones((3, 3), np.uint8))))
    _, otsu = cv2.threshold(gray, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    masks += [otsu, cv2.bitwise_not(otsu)]
    # lighter (or darker) than the neighbourhood: dim tiles on a dark page, where the letters'
    # white takes Otsu's threshold
    block = (min(height, width) // 6) | 1
    for sign in (-1, 1):
        masks.append(cv2.adaptiveThreshold(gray, 255, cv2.ADAPTIVE_THRESH_MEAN_C,
                                           cv2.THRESH_BINARY if sign < 0 else
                                           cv2.THRESH_BINARY_INV, block, sign * 6))
    found = []
    for mask in masks:
        contours, _ = cv2.findContours(mask, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
        for contour in contours:
            area = cv2.contourArea(contour)
            if not low <= area <= high:
                continue
            (cx, cy), (w, h), _ = cv2.minAreaRect(contour)
            hull = cv2.contourArea(cv2.convexHull(contour))
            # square-ish, filling its rectangle (rounded corners allowed); a notch where a
            # value or a badge touches the tile's edge allowed too (the hull is the tile)
            if not 0.55 <= w / h <= 1.8 or hull < 0.8 * w * h or area < 0.8 * hull:
                continue
            found.append((cx, cy, math.sqrt(hull)))
    return dedupe(found)


def dedupe(found: list[tuple[float, float, float]]) -> list[tuple[float, float, float]]:
    """One region per place: of nested or repeated ones (a tile, its inside within a border,
    the same tile from two masks) the largest."""
    kept: list[tuple[float, float, float]] = []
    for cx, cy, side in sorted(found, key=lambda f: -f[2]):
        if not any(abs(cx - x) < 0.3 * s and abs(cy - y) < 0.3 * s and side > 0.6 * s
                   for x, y, s in kept):
            kept.append((cx, cy, side))
    return kept


def corners(points: np.ndarray) -> list[np.ndarray]:
    """Guesses at the lattice's four corners (top-left first, clockwise): the convex hull's
    four corners (right in perspective), and the smallest rectangle around the points (right
    when a corner tile was not seen, as a coloured bonus tile may not be)."""
    hull = cv2.convexHull(points.astype(np.float32))
    perimeter = cv2.arcLength(hull, True)
    quads = []
    for share in (0.02, 0.04, 0.06, 0.08, 0.12):
        approx = cv2.approxPolyDP(hull, share * perimeter, True)
        if len(approx) == 4:
            quads.append(approx.reshape(4, 2))
            break
    quads.append(cv2.boxPoints(cv2.minAreaRect(points.astype(np.float32))))
    ordered = []
    for quad in quads:
        centre = quad.mean(axis=0)
        angles = np.arctan2(quad[:, 1] - centre[1], quad[:, 0] - centre[0])
        quad = quad[np.argsort(angles)]  # clockwise on screen (y down), from the left
        start = int(np.argmin(quad.sum(axis=1)))  # the top-left one
        ordered.append(np.roll(quad, -start, axis=0).astype(np.float32))
    return ordered


def fit(points: np.ndarray, sides: np.ndarray, support: np.ndarray | None = None
        ) -> tuple[tuple[int, int], Lattice] | None:
    """The lattice these centres are on, if any: ((tiles on it, -cells), the lattice); of two
    lattices that hold as many tiles the smaller wins (a 4x4 board is not a 5x4 with a gap)."""
    support = points if support is None else support
    fits = [f for quad in corners(points) for f in fit_quad(points, sides, quad, support)]
    if not fits:
        return None
    held = [f for f in fits if f[3]]
    best = max(held, key=lambda f: f[0])[:2] if held else None
    # the refit below starts from the best lattice whether or not its outer lines hold
    key, _, on, _ = max(fits, key=lambda f: f[0])
    if on.sum() < len(points) and on.sum() >= 6:
        # some points were off it (a square in a banner), but they chose the corners: fit
        # again without them, and keep that if it holds as many tiles in fewer places
        again = fit(points[on], sides[on], support)
        if again and again[0] >= key:
            return again
    return best


def fit_quad(points: np.ndarray, sides: np.ndarray, quad: np.ndarray, support: np.ndarray):
    """The lattices of ``points`` whose corners ``quad`` may be: each ((count, -cells),
    Lattice, the points on it, whether each of its outer rows and columns holds two of the
    ``support`` regions: all those of the tiles' size, a corner tile with no neighbour seen
    too) where the points fit it once its homography is refined on them all."""
    if len({tuple(p) for p in np.round(quad, 1).tolist()}) < 4:
        return []
    square = np.float32([[0, 0], [1, 0], [1, 1], [0, 1]])
    to_square = cv2.getPerspectiveTransform(quad, square)
    uv = cv2.perspectiveTransform(points.reshape(-1, 1, 2).astype(np.float32),
                                  to_square).reshape(-1, 2)
    found = []
    for rows in range(MIN_SIDE, MAX_SIDE + 1):
        for cols in range(MIN_SIDE, MAX_SIDE + 1):
            grid = uv * [cols - 1, rows - 1]
            cells = np.rint(grid)
            near = (np.abs(grid - cells) < 0.25).all(axis=1)
            inside = ((cells >= 0) & (cells <= [cols - 1, rows - 1])).all(axis=1)
            on = near & inside
            if not enough(cells, on, rows, cols):
                continue
            # refined on all its tiles, the lattice must put each within 15 % of a pitch of
            # where it was seen: a square in a banner that the corners took in falls out
            spacing = float(np.median(sides[on])) / 0.85  # about a pitch, in pixels
            to_image, _ = cv2.findHomography(cells[on].astype(np.float32),
                                             points[on].astype(np.float32), cv2.RANSAC,
                                             0.12 * spacing)
            if to_image is None:
                continue
            placed = cv2.perspectiveTransform(cells.reshape(-1, 1, 2).astype(np.float32),
                                              to_image).reshape(-1, 2)
            pitch = np.array([local_pitch(to_image, c) for c in cells])
            on = on & (np.linalg.norm(placed - points, axis=1) < 0.15 * pitch)
            if not enough(cells, on, rows, cols):
                continue
            to_image, _ = cv2.findHomography(cells[on].astype(np.float32),
                                             points[on].astype(np.float32))
            if to_image is None:
                continue
            share = float(np.median(sides[on] / pitch[on]))
            if share < 0.4:
                continue  # specks on a lattice (the values in the tiles' corners), not tiles
            share = min(max(share, 0.5), 1.0)
            count = int(on.sum())
            found.append(((count, -rows * cols), Lattice(rows, cols, to_image, share, count),
                          on, lines_held(to_image, support, rows, cols)))
    return found


def enough(cells: np.ndarray, on: np.ndarray, rows: int, cols: int) -> bool:
    """One tile a place at most, and tiles on most places (six, and 60 % of them, at least)."""
    places = {tuple(c) for c in cells[on].astype(int).tolist()}
    return len(places) == on.sum() and len(places) >= max(6, 0.6 * rows * cols)


def lines_held(to_image: np.ndarray, support: np.ndarray, rows: int, cols: int) -> bool:
    """Whether each outer row and column of the lattice has two regions of ``support`` on its
    places (within 15 % of a pitch): a square in a banner just above the board, level with
    one of its columns, is no row of the board by itself (it would count one tile more, in a
    lattice of a whole row more)."""
    inverse = np.linalg.inv(to_image)
    uv = cv2.perspectiveTransform(support.reshape(-1, 1, 2).astype(np.float32),
                                  inverse).reshape(-1, 2)
    cells = np.rint(uv)
    on = ((np.abs(uv - cells) < 0.15).all(axis=1)
          & ((cells >= 0) & (cells <= [cols - 1, rows - 1])).all(axis=1))
    places = {tuple(c) for c in cells[on].astype(int).tolist()}
    for axis, last in ((0, cols - 1), (1, rows - 1)):
        for line in (0, last):
            if sum(1 for place in places if place[axis] == line) < 2:
                return False
    return True


def local_pitch(to_image: np.ndarray, cell) -> float:
    """The side, in pixels, of one lattice unit around ``cell`` (a perspective shrinks the far
    tiles: each is measured where it is)."""
    x, y = float(cell[0]), float(cell[1])
    square = np.float32([[x - .5, y - .5], [x + .5, y - .5], [x + .5, y + .5], [x - .5, y + .5]])
    quad = cv2.perspectiveTransform(square.reshape(-1, 1, 2), to_image).reshape(-1, 2)
    return math.sqrt(abs(cv2.contourArea(quad)))


def neighbourly(group: list[tuple[float, float, float]], least: int = 1
                ) -> list[tuple[float, float, float]]:
    """The regions of a group that have ``least`` neighbours or more about one pitch away (the
    median distance to the nearest one): a square in a banner or a button, alone, would bend
    the lattice."""
    if len(group) < 2:
        return group
    points = np.array([(x, y) for x, y, _ in group])
    distances = np.linalg.norm(points[:, None] - points[None], axis=2)
    np.fill_diagonal(distances, np.inf)
    pitch = float(np.median(distances.min(axis=1)))
    near = (distances <= 1.35 * pitch).sum(axis=1)
    return [g for g, n in zip(group, near) if n >= least]


def find_lattice(image: np.ndarray) -> Lattice:
    """The board in ``image`` (BGR, any size), in the full picture's pixels; an ElzzurError
    when there is none."""
    scale = min(1.0, WORK / max(image.shape[:2]))
    work = image if scale == 1.0 else cv2.resize(image, None, fx=scale, fy=scale,
                                                 interpolation=cv2.INTER_AREA)
    found = candidates(work)
    best = None
    tried = set()
    for _, _, side in sorted(found, key=lambda f: -f[2]):
        group = [f for f in found if abs(math.log(f[2] / side)) < 0.2]
        key = frozenset(group)
        if len(group) < 6 or key in tried:
            continue
        tried.add(key)
        support = np.array([(x, y) for x, y, _ in group])
        group = neighbourly(group)
        # and without the regions that have one neighbour only: a square in the status bar and
        # one in a banner, of the tiles' size and near each other, would take the fit's corners
        # (a tile has two neighbours at least, one along its row and one down its column)
        settled = neighbourly(group, 2)
        for subset in (group, settled) if len(settled) < len(group) else (group,):
            if len(subset) < 6:
                continue
            points = np.array([(x, y) for x, y, _ in subset])
            result = fit(points, np.array([s for _, _, s in subset]), support)
            if result and (best is None or result[0] > best[0]):
                best = result
    if best is None:
        raise ElzzurError("no board found in the picture: no lattice of 3x3 to 6x6 square tiles")
    lattice = best[1]
    if scale != 1.0:
        lattice.to_image = np.diag([1 / scale, 1 / scale, 1.0]) @ lattice.to_image
    return lattice


def cut_tiles(image: np.ndarray, lattice: Lattice) -> list[list[np.ndarray]]:
    """Each tile of the lattice cut out of ``image`` as a straight ``TILE``-pixel square."""
    half = lattice.tile_share / 2
    target = np.float32([[0, 0], [TILE, 0], [TILE, TILE], [0, TILE]])
    rows = []
    for r in range(lattice.rows):
        row = []
        for c in range(lattice.cols):
            square = np.float32([[c - half, r - half], [c + half, r - half],
                                 [c + half, r + half], [c - half, r + half]])
            quad = cv2.perspectiveTransform(square.reshape(-1, 1, 2), lattice.to_image)
            warp = cv2.getPerspectiveTransform(quad.reshape(4, 2), target)
            row.append(cv2.warpPerspective(image, warp, (TILE, TILE), flags=cv2.INTER_LINEAR,
                                           borderMode=cv2.BORDER_REPLICATE))
        rows.append(row)
    return rows


def gap_colours(image: np.ndarray, lattice: Lattice) -> list[np.ndarray]:
    """For each tile (row by row), the colours (Lab, 4 x 3) halfway to its four neighbours
    (or as far past the board's edge): the board right beside it, which may shade from one
    side of the board to the other."""
    offsets = ((0.5, 0), (-0.5, 0), (0, 0.5), (0, -0.5))
    points = [(c + dx, r + dy) for r in range(lattice.rows) for c in range(lattice.cols)
              for dx, dy in offsets]
    placed = cv2.perspectiveTransform(np.float32(points).reshape(-1, 1, 2),
                                      lattice.to_image).reshape(-1, 2)
    height, width = image.shape[:2]
    samples = [image[min(max(int(round(y)), 0), height - 1), min(max(int(round(x)), 0),
                                                                 width - 1)]
               for x, y in placed]
    lab = cv2.cvtColor(np.uint8(samples).reshape(-1, 1, 3), cv2.COLOR_BGR2LAB).reshape(-1, 4, 3)
    return list(lab.astype(np.float32))


def gap_colour(image: np.ndarray, lattice: Lattice) -> np.ndarray:
    """The colour (Lab) between the tiles: the board behind them, sampled halfway between
    each two neighbours (a mark of that colour on a tile's crop is the board seen at its
    edge, not a frame)."""
    points = [(c + 0.5, r) for r in range(lattice.rows) for c in range(lattice.cols - 1)]
    points += [(c, r + 0.5) for r in range(lattice.rows - 1) for c in range(lattice.cols)]
    placed = cv2.perspectiveTransform(np.float32(points).reshape(-1, 1, 2),
                                      lattice.to_image).reshape(-1, 2)
    height, width = image.shape[:2]
    samples = [image[min(max(int(round(y)), 0), height - 1), min(max(int(round(x)), 0),
                                                                 width - 1)]
               for x, y in placed]
    lab = cv2.cvtColor(np.uint8(samples).reshape(-1, 1, 3), cv2.COLOR_BGR2LAB).reshape(-1, 3)
    return np.median(lab.astype(np.float32), axis=0)
