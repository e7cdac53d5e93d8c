#!/usr/bin/env python3
"""Build elzzur/res/image/glyphs.npz, the letter classifier of `elzzur read`.

Every letter of every built-in alphabet (A-Z, Ä Ö Ü Ñ Ç Ş Ğ İ) and the Qu tile is rendered on a
tile in each of the free fonts below, at several sizes and sharpnesses, and read back through
the very code that reads a screenshot's tile (elzzur.image.tiles.read_tile); the features of one
letter in one font are averaged into one prototype. The classifier is then the nearest
prototype (correlation), which needs no training run, and says how far the nearest was: a tile
unlike every prototype gets a low confidence instead of a guess.

Fonts (Debian packages fonts-dejavu-core, fonts-liberation, fonts-noto-mono; Pillow's own
Aileron): DejaVu (Bitstream Vera licence), Liberation (SIL OFL 1.1), Noto (SIL OFL 1.1),
Aileron (SIL OFL 1.1). Only rendered letter shapes, 20x20 pixels, end up in the file.

    python tools/train_glyphs.py            # writes elzzur/res/image/glyphs.npz
    python tools/train_glyphs.py --check    # the file is what the fonts here would make
"""

from __future__ import annotations

import argparse
import io
import os
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from elzzur.image.tiles import read_tile  # noqa: E402

OUT = os.path.join(os.path.dirname(__file__), "..", "elzzur", "res", "image", "glyphs.npz")
WHITEN = 1.0  # how much of plain correlation is kept (the regulariser of the whitening)
CLASSES = [*"ABCDEFGHIJKLMNOPQRSTUVWXYZ", *"ÄÖÜÑÇŞĞİ", "Qu"]
FONT_DIR = "/usr/share/fonts/truetype"
FONTS = [f"{FONT_DIR}/dejavu/{name}.ttf" for name in (
    "DejaVuSans-Bold", "DejaVuSans", "DejaVuSansCondensed-Bold", "DejaVuSerif-Bold",
    "DejaVuSerif", "DejaVuSansMono-Bold")] + [f"{FONT_DIR}/liberation/{name}.ttf" for name in (
    "LiberationSans-Bold", "LiberationSans-Regular", "LiberationSansNarrow-Bold",
    "LiberationSerif-Bold", "LiberationMono-Bold")] + [
    f"{FONT_DIR}/noto/NotoSansMono-Bold.ttf", "pillow:default"]


def load_font(name: str, size: int):
    if name == "pillow:default":
        return ImageFont.load_default(size)
    return ImageFont.truetype(name, size)


def has_glyphs(font, text: str) -> bool:
    """False where the font draws its missing-glyph box instead (Aileron has no Ä)."""
    def shape(ch):
        mask = font.getmask(ch)
        return mask.size, bytes(mask)

    missing = shape("\ue000")
    return all(shape(ch) != missing for ch in text)


def render_tile(text: str, font_name: str, side: int, share: float, blur: float,
                ink=(20, 20, 20), paper=(245, 240, 225)) -> np.ndarray:
    """One tile: ``text`` centred on a plain square, as a BGR array."""
    image = Image.new("RGB", (side, side), paper)
    font = load_font(font_name, max(6, round(side * share)))
    ImageDraw.Draw(image).text((side / 2, side / 2), text, fill=ink, font=font, anchor="mm")
    if blur:
        image = image.filter(ImageFilter.GaussianBlur(blur))
    return np.asarray(image)[:, :, ::-1].copy()


def build() -> dict[str, np.ndarray]:
    prototypes, labels, fonts, spread = [], [], [], []
    for font_index, font_name in enumerate(FONTS):
        if font_name != "pillow:default" and not os.path.exists(font_name):
            raise SystemExit(f"train_glyphs: font missing: {font_name} (apt-get install "
                             "fonts-dejavu-core fonts-liberation fonts-noto-mono)")
        probe = load_font(font_name, 40)
        for label, text in enumerate(CLASSES):
            if not has_glyphs(probe, text):
                continue
            features = []
            for side in (40, 64, 110):
                for share in (0.45, 0.6):
                    for blur in (0, 0.8):
                        tile = read_tile(render_tile(text, font_name, side, share, blur))
                        if tile.glyphs is not None:
                            features.append(tile.glyphs[0])
            if not features:
                continue
            mean = np.mean(features, axis=0)
            prototypes.append(mean / np.linalg.norm(mean))
            labels.append(label)
            fonts.append(font_index)
            spread.extend(f - mean for f in features)
    # the within-letter spread (sizes, blur, fonts' own shapes): whitening by it makes the
    # pixels that tell letters apart (a Q's tail, an Ö's dots) count more than the ones that
    # only vary with the font (linear discriminant analysis's first step)
    spread = np.asarray(spread)
    covariance = spread.T @ spread / len(spread)
    values, vectors = np.linalg.eigh(covariance + WHITEN * np.trace(covariance) / len(covariance)
                                     * np.eye(len(covariance)))
    whiten = (vectors / np.sqrt(values)) @ vectors.T
    prototypes = [p @ whiten for p in prototypes]
    prototypes = [p / np.linalg.norm(p) for p in prototypes]
    return {"prototypes": np.asarray(prototypes, np.float16),
            "whiten": np.asarray(whiten, np.float16),
            "labels": np.asarray(labels, np.int16),
            "fonts": np.asarray(fonts, np.int16),
            "classes": np.asarray(CLASSES),
            "font_names": np.asarray([os.path.basename(f) for f in FONTS])}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="compare with the file instead of writing it")
    parser.add_argument("-o", "--output", default=OUT)
    args = parser.parse_args()
    arrays = build()
    if args.check:
        with np.load(args.output) as old:
            same = all(np.array_equal(old[k], v) for k, v in arrays.items())
        print("glyphs.npz is up to date" if same else "glyphs.npz differs: rebuild it")
        return 0 if same else 1
    buffer = io.BytesIO()
    np.savez_compressed(buffer, **arrays)
    temporary = args.output + ".tmp"
    with open(temporary, "wb") as f:
        f.write(buffer.getvalue())
    os.replace(temporary, args.output)
    print(f"{args.output}: {len(arrays['labels'])} prototypes of {len(CLASSES)} letters, "
          f"{os.path.getsize(args.output):,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
