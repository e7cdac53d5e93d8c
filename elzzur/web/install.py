"""What makes the app installable on a phone's home screen: the web manifest and its icons.

The icon is four tiles in the palette's colours with a path across them (its start a dot), on
the path colour.
It is drawn from one list of shapes (``SHAPES``) twice: as SVG (the favicon, and the icon of
any size) and as PNG at the sizes a launcher asks for (192 and 512 pixels), rasterised here
with the standard library (each shape's signed distance gives each pixel's coverage, so the
edges are smooth), so no image file is kept in the package and no image library is needed.
"""

from __future__ import annotations

import json
import math
import struct
import zlib
from functools import lru_cache

from ..views.palette import BONUS, PAPER, PATH, PATH_INK, PLAIN

NAME = "elzzur"
PNG_SIZES = (192, 512)

# The icon in a unit square: ("rect", x, y, w, h, radius, colour) and ("line", x1, y1, x2, y2,
# width, colour), drawn in order. The background is full-bleed in the maskable icon (a
# launcher cuts its own shape out of it), rounded in the others; the tiles stay inside the
# central 80 % a launcher keeps.
TILE = 0.27
GAP = 0.05
ORIGIN = (1 - 2 * TILE - GAP) / 2
START = ORIGIN + TILE / 2
END = ORIGIN + TILE * 1.5 + GAP
SHAPES = [
    ("rect", ORIGIN, ORIGIN, TILE, TILE, 0.05, BONUS["tl"].fill),
    ("rect", ORIGIN + TILE + GAP, ORIGIN, TILE, TILE, 0.05, PLAIN.fill),
    ("rect", ORIGIN, ORIGIN + TILE + GAP, TILE, TILE, 0.05, PLAIN.fill),
    ("rect", ORIGIN + TILE + GAP, ORIGIN + TILE + GAP, TILE, TILE, 0.05, BONUS["tw"].fill),
    ("line", START, START, END, END, 0.07, PATH_INK),  # a word's path, from its first tile
    ("line", START, START, START, START, 0.12, PATH_INK),
]


def background(maskable: bool) -> tuple:
    """The icon's ground: the path colour, rounded unless a launcher rounds it."""
    return ("rect", 0.0, 0.0, 1.0, 1.0, 0.0 if maskable else 0.22, PATH)


def icon_svg(maskable: bool = False) -> str:
    """The icon as SVG, in a 100 × 100 box."""
    parts = []
    for shape in (background(maskable), *SHAPES):
        if shape[0] == "rect":
            _, x, y, w, h, r, colour = shape
            parts.append(f'<rect x="{x * 100:.2f}" y="{y * 100:.2f}" width="{w * 100:.2f}" '
                         f'height="{h * 100:.2f}" rx="{r * 100:.2f}" fill="{colour}"/>')
        else:
            _, x1, y1, x2, y2, width, colour = shape
            parts.append(f'<line x1="{x1 * 100:.2f}" y1="{y1 * 100:.2f}" x2="{x2 * 100:.2f}" '
                         f'y2="{y2 * 100:.2f}" stroke="{colour}" stroke-width="{width * 100:.2f}" '
                         f'stroke-linecap="round"/>')
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
            + "".join(parts) + "</svg>\n")


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _distance(shape: tuple, x: float, y: float) -> float:
    """The signed distance (negative inside) from (x, y) to ``shape``, in the unit square."""
    if shape[0] == "rect":
        _, left, top, w, h, r, _ = shape
        qx = abs(x - (left + w / 2)) - (w / 2 - r)
        qy = abs(y - (top + h / 2)) - (h / 2 - r)
        return math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - r
    _, x1, y1, x2, y2, width, _ = shape
    dx, dy = x2 - x1, y2 - y1
    t = max(0.0, min(1.0, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy or 1.0)))
    return math.hypot(x - (x1 + t * dx), y - (y1 + t * dy)) - width / 2


def _bounds(shape: tuple) -> tuple[float, float, float, float]:
    if shape[0] == "rect":
        return shape[1], shape[2], shape[1] + shape[3], shape[2] + shape[4]
    half = shape[5] / 2
    return (min(shape[1], shape[3]) - half, min(shape[2], shape[4]) - half,
            max(shape[1], shape[3]) + half, max(shape[2], shape[4]) + half)


@lru_cache(maxsize=4)
def icon_png(size: int, maskable: bool = False) -> bytes:
    """The icon as a PNG of ``size`` × ``size`` pixels (RGBA; transparent round the rounded
    ground)."""
    pixels = [[0.0, 0.0, 0.0, 0.0] for _ in range(size * size)]  # premultiplied RGBA, 0..1
    for shape in (background(maskable), *SHAPES):
        red, green, blue = (c / 255 for c in _rgb(shape[-1]))
        left, top, right, bottom = _bounds(shape)
        for py in range(max(0, int(top * size) - 1), min(size, int(bottom * size) + 2)):
            y = (py + 0.5) / size
            inside = range(0)  # the pixels surely inside (a rectangle's straight part): no sums
            if shape[0] == "rect" and top + shape[5] <= y <= bottom - shape[5]:
                inside = range(int(left * size) + 1, int(right * size) - 1)
                for px in inside:
                    pixels[py * size + px] = [red, green, blue, 1.0]
            for px in range(max(0, int(left * size) - 1), min(size, int(right * size) + 2)):
                if px in inside:
                    continue
                # coverage: the distance to the edge in pixels, across one pixel
                cover = min(1.0, max(0.0, 0.5 - _distance(shape, (px + 0.5) / size, y) * size))
                if cover:
                    p = pixels[py * size + px]
                    keep = 1 - cover
                    p[0] = red * cover + p[0] * keep
                    p[1] = green * cover + p[1] * keep
                    p[2] = blue * cover + p[2] * keep
                    p[3] = cover + p[3] * keep
    rows = bytearray()
    made: dict[tuple, bytes] = {}  # a pixel's bytes by its value (a few colours fill the icon)
    for py in range(size):
        rows.append(0)  # no filter
        for p in pixels[py * size:(py + 1) * size]:
            key = tuple(p)
            value = made.get(key)
            if value is None:
                alpha = p[3]
                value = made[key] = b"\0\0\0\0" if alpha <= 0 else bytes(
                    [min(255, round(c / alpha * 255)) for c in p[:3]] + [round(alpha * 255)])
            rows += value
    return _png(size, size, bytes(rows))


def _png(width: int, height: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8 bits, RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def manifest() -> str:
    """The web manifest: the name, the icons, standalone like an app, the palette's colours."""
    icons = [{"src": "/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}]
    icons += [{"src": f"/icon-{n}.png", "sizes": f"{n}x{n}", "type": "image/png",
               "purpose": "any"} for n in PNG_SIZES]
    icons.append({"src": "/icon-maskable-512.png", "sizes": "512x512", "type": "image/png",
                  "purpose": "maskable"})
    return json.dumps({
        "name": f"{NAME}: solve and play word games",
        "short_name": NAME,
        "description": "Solve a Ruzzle, Boggle or Wordament board, or play a round on it.",
        "start_url": "/", "scope": "/", "display": "standalone",
        "orientation": "any", "background_color": PAPER, "theme_color": PATH,
        "icons": icons,
    }, indent=1)


# path -> (content type, a function making the body)
FILES = {
    "/manifest.webmanifest": ("application/manifest+json", lambda: manifest().encode("utf-8")),
    "/icon.svg": ("image/svg+xml", lambda: icon_svg().encode("utf-8")),
    "/icon-192.png": ("image/png", lambda: icon_png(192)),
    "/icon-512.png": ("image/png", lambda: icon_png(512)),
    "/icon-maskable-512.png": ("image/png", lambda: icon_png(512, maskable=True)),
}
