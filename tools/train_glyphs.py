#!/usr/bin/env python3
"""Build elzzur/res/image/glyphs.npz, the letter classifier of `elzzur read`.

Every letter of every built-in alphabet (A-Z, Ä Ö Ü Ñ Ç Ş Ğ İ), the Qu tile and the two-letter
faces of Big Boggle's die (An Er He In Th) are rendered on a
tile in each of the free fonts below, at several sizes and sharpnesses, and made wider,
narrower, bolder, lighter and tilted a few degrees (the ways an unseen font or a photo differs),
and read back through the very code that reads a screenshot's tile
(elzzur.image.tiles.read_tile). Two things are learnt from them:

- a linear model (softmax regression over the 20x20 feature, trained here in numpy from zeros,
  so the same fonts give the same weights), which names an upright letter: it learns which
  pixels tell letters apart across all the fonts at once (a Q's tail, an E's lower bar);
- one prototype per letter and font (the mean of its renderings), compared by correlation after
  whitening: how close a glyph is to a letter at all (a blot like no letter gets a low
  confidence whatever the linear model says), and the classifier of dice read in any turn.

Fonts, from Debian packages (named when missing, never installed from here): DejaVu (Bitstream
Vera licence), Liberation, Noto Mono, Roboto (Apache 2.0), Open Sans (Apache 2.0), Lato, Carlito,
Go (BSD), Cabin, Dosis, Linux Libertine/Biolinum (GPL/OFL), Oxygen, Clear Sans (Apache 2.0),
B612, Quicksand, Junction (SIL OFL 1.1 unless named), and Pillow's own Aileron. Only rendered
letter shapes, 20x20 pixels, and the model's weights end up in the file. The fonts
benchmarks/image_corpus.py measures unseen fonts with (URW's, Cantarell, Caladea, Comfortaa,
Beteckna) are never learnt, nor fonts derived from URW's (FreeFont, TeX Gyre).

    python tools/train_glyphs.py            # writes elzzur/res/image/glyphs.npz
    python tools/train_glyphs.py --check    # the file is what the fonts here would make
"""

from __future__ import annotations

import argparse
import io
import os
import sys

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from elzzur.image.tiles import read_tile  # noqa: E402

OUT = os.path.join(os.path.dirname(__file__), "..", "elzzur", "res", "image", "glyphs.npz")
WHITEN = 0.3  # how much of plain correlation is kept (the regulariser of the whitening)
AUGMENT = 1.0  # the weight of the widened, narrowed, bolder, lighter and tilted renderings
STEPS, DECAY = 400, 1e-3  # the linear model's training steps and L2 penalty
VARIANTS = [(0.8, 0, 0), (1.2, 0, 0), (1.0, 2, 0), (1.0, -1, 0), (0.85, 2, 0), (1.2, -1, 0),
            (1.0, 0, 4), (1.0, 0, -4), (0.9, 1, 3), (1.1, 1, -3)]
# the letters of every built-in alphabet, Boggle's Qu, and the other faces of Big Boggle's
# two-letter die (elzzur/res/dice/bigboggle-2dice.toml), as the die prints them
CLASSES = [*"ABCDEFGHIJKLMNOPQRSTUVWXYZ", *"ÄÖÜÑÇŞĞİ", "Qu", "An", "Er", "He", "In", "Th"]
TT, OT = "/usr/share/fonts/truetype", "/usr/share/fonts/opentype"
# (Debian package, font file): upright faces only, regular to black, sans, serif, rounded,
# condensed and monospaced, as games draw tiles. Fonts derived from URW's (FreeFont, TeX Gyre,
# Ghostscript's) are left out on purpose: URW's fonts, and the faces in HELD_OUT, are what
# benchmarks/image_corpus.py measures unseen fonts with, so none of them may be learnt here.
FONTS = [("fonts-dejavu-core", f"{TT}/dejavu/{name}.ttf") for name in (
    "DejaVuSans-Bold", "DejaVuSans", "DejaVuSansCondensed-Bold", "DejaVuSerif-Bold",
    "DejaVuSerif", "DejaVuSansMono-Bold")] + [("fonts-liberation", f"{TT}/liberation/{name}.ttf")
                                              for name in (
    "LiberationSans-Bold", "LiberationSans-Regular", "LiberationSansNarrow-Bold",
    "LiberationSerif-Bold", "LiberationMono-Bold")] + [
    ("fonts-noto-mono", f"{TT}/noto/NotoSansMono-Bold.ttf"),
    ("fonts-roboto-unhinted", f"{TT}/roboto/unhinted/RobotoTTF/Roboto-Bold.ttf"),
    ("fonts-roboto-unhinted", f"{TT}/roboto/unhinted/RobotoTTF/Roboto-Black.ttf"),
    ("fonts-roboto-unhinted", f"{TT}/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf"),
    ("fonts-roboto-unhinted", f"{TT}/roboto/unhinted/RobotoCondensed-Bold.ttf"),
    ("fonts-open-sans", f"{TT}/open-sans/OpenSans-Bold.ttf"),
    ("fonts-open-sans", f"{TT}/open-sans/OpenSans-ExtraBold.ttf"),
    ("fonts-open-sans", f"{TT}/open-sans/OpenSans-CondBold.ttf"),
    ("fonts-lato", f"{TT}/lato/Lato-Bold.ttf"),
    ("fonts-lato", f"{TT}/lato/Lato-Black.ttf"),
    ("fonts-lato", f"{TT}/lato/Lato-Regular.ttf"),
    ("fonts-crosextra-carlito", f"{TT}/crosextra/Carlito-Bold.ttf"),
    ("fonts-go", "/usr/share/fonts/fonts-go/Go-Bold.ttf"),
    ("fonts-go", "/usr/share/fonts/fonts-go/Go-Medium.ttf"),
    ("fonts-cabin", f"{OT}/cabin/Cabin-Bold.otf"),
    ("fonts-dosis", f"{OT}/dosis/Dosis-Bold.otf"),
    ("fonts-linuxlibertine", f"{OT}/linux-libertine/LinBiolinum_RB.otf"),
    ("fonts-linuxlibertine", f"{OT}/linux-libertine/LinLibertine_RB.otf"),
    ("fonts-linuxlibertine", f"{OT}/linux-libertine/LinLibertine_R.otf"),
    ("fonts-oxygen", f"{TT}/oxygen/Oxygen-Sans-Bold.ttf"),
    ("fonts-clear-sans", f"{TT}/clear-sans/ClearSans-Bold.ttf"),
    ("fonts-b612", f"{OT}/b612/B612-Bold.otf"),
    ("fonts-quicksand", f"{TT}/quicksand/Quicksand-Bold.ttf"),
    ("fonts-junction", f"{OT}/junction/Junction.otf"),
    ("", "pillow:default")]


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


def varied(tile: np.ndarray, stretch: float, weight: int, turn: float = 0) -> np.ndarray:
    """``tile`` with its letter made wider or narrower (``stretch``, the width's factor) and
    its strokes bolder or lighter (``weight`` pixels; the ink is the dark side): the ways
    one font differs most from another, for the spread the whitening learns; ``turn``
    degrees of tilt (a die not quite square in a photo)."""
    side = tile.shape[0]
    paper = tuple(int(v) for v in tile[1, 1])
    if turn:
        matrix = cv2.getRotationMatrix2D((side / 2, side / 2), turn, 1.0)
        tile = cv2.warpAffine(tile, matrix, (side, side), borderMode=cv2.BORDER_REPLICATE)
    if stretch != 1.0:
        width = round(side * stretch)
        wide = cv2.resize(tile, (width, side), interpolation=cv2.INTER_AREA)
        if width >= side:
            left = (width - side) // 2
            tile = np.ascontiguousarray(wide[:, left:left + side])
        else:
            tile = np.full_like(tile, paper)
            left = (side - width) // 2
            tile[:, left:left + width] = wide
    if weight:
        kernel = np.ones((2 * abs(weight) + 1,) * 2, np.uint8)
        tile = cv2.erode(tile, kernel) if weight > 0 else cv2.dilate(tile, kernel)
    return tile


def train_linear(x: np.ndarray, y: np.ndarray, classes: int, steps: int = STEPS,
                 decay: float = DECAY) -> tuple[np.ndarray, np.ndarray]:
    """A softmax regression from features to letters (full-batch Adam, L2 ``decay``, seeded by
    nothing: it starts from zeros, so the same renderings give the same weights): it learns
    which pixels tell letters apart across all the fonts, sizes, widths and weights at once."""
    count, dims = x.shape
    scale = np.sqrt(dims)  # features are of length 1: their pixels are ~1/sqrt(dims)
    x = x * scale
    w, b = np.zeros((dims, classes), np.float32), np.zeros(classes, np.float32)
    onehot = np.eye(classes, dtype=np.float32)[y]
    state = [np.zeros_like(w), np.zeros_like(w), np.zeros_like(b), np.zeros_like(b)]
    rate, beta1, beta2 = 0.02, 0.9, 0.999
    for step in range(1, steps + 1):
        logits = x @ w + b
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        error = (p - onehot) / count
        grads = (x.T @ error + decay * w, error.sum(axis=0))
        for i, (param, grad) in enumerate(zip((w, b), grads)):
            m, v = state[2 * i], state[2 * i + 1]
            m *= beta1
            m += (1 - beta1) * grad
            v *= beta2
            v += (1 - beta2) * grad * grad
            param -= rate * (m / (1 - beta1 ** step)) / (np.sqrt(v / (1 - beta2 ** step)) + 1e-8)
        if step % 100 == 0 or step == steps:
            accuracy = float((p.argmax(axis=1) == y).mean())
            print(f"  step {step}: training accuracy {accuracy:.4f}", file=sys.stderr)
    return w * scale, b


def build() -> dict[str, np.ndarray]:
    prototypes, labels, fonts, spread = [], [], [], []
    samples, targets = [], []  # every rendering, for the linear model
    missing = sorted({package for package, path in FONTS
                      if package and not os.path.exists(path)})
    if missing:  # named, never installed from here
        raise SystemExit("train_glyphs: fonts missing: apt-get install --no-install-recommends "
                         + " ".join(missing))
    for font_index, (_, font_name) in enumerate(FONTS):
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
            samples.extend(features)
            targets.extend([label] * len(features))
            mean = np.mean(features, axis=0)
            prototypes.append(mean / np.linalg.norm(mean))
            labels.append(label)
            fonts.append(font_index)
            spread.extend(f - mean for f in features)
            base = render_tile(text, font_name, 96, 0.55, 0)
            for stretch, weight, turn in VARIANTS:  # another font's width and weight
                tile = read_tile(varied(base, stretch, weight, turn))
                if tile.glyphs is not None:
                    spread.append(AUGMENT * (tile.glyphs[0] - mean))
                    samples.append(tile.glyphs[0])
                    targets.append(label)
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
    weights, bias = train_linear(np.asarray(samples, np.float32), np.asarray(targets),
                                 len(CLASSES))
    return {"prototypes": np.asarray(prototypes, np.float16),
            "weights": np.asarray(weights, np.float16), "bias": np.asarray(bias, np.float16),
            "whiten": np.asarray(whiten, np.float16),
            "labels": np.asarray(labels, np.int16),
            "fonts": np.asarray(fonts, np.int16),
            "classes": np.asarray(CLASSES),
            "font_names": np.asarray([os.path.basename(f) for _, f in FONTS])}


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
