#!/usr/bin/env python3
"""Build elzzur/res/image/glyphs.npz, the letter classifier of `elzzur read`.

Every letter of every built-in alphabet (A-Z, Ä Ö Ü Ñ Ç Ş Ğ İ), the Qu tile and the two-letter
faces of Big Boggle's die (An Er He In Th) are rendered on a
tile in each of the free fonts below, at several sizes and sharpnesses, and made wider,
narrower, bolder, lighter, tilted and slanted (fixed variants, and eight more of each at random
from a fixed seed: the ways an unseen font or a photo differs), and read back through the very
code that reads a screenshot's tile (elzzur.image.tiles.read_tile). Two things are learnt:

- a small network (the 20x20 feature, 256 ReLUs, a softmax over the letters; trained here in
  numpy, minibatch Adam from a fixed seed, with noise on its inputs, so the same fonts give the
  same weights), which names an upright letter: its hidden layer learns strokes and their
  combinations that tell letters apart across all the fonts at once (a Q's tail under its
  ring, an E's open side). It replaced a softmax regression over the pixels, which learnt one
  weight per pixel and letter and read unseen serif faces worst (a Bookman E as B, Q as G);
- one prototype per letter and font (the mean of its plain renderings; of a letter's
  prototypes that correlate 0.97 or more, one), compared by correlation after whitening: how
  close a glyph is to a letter at all (a blot like no letter gets a low confidence whatever
  the network says), and the classifier of dice read in any turn.

Fonts, from Debian packages (named when missing, never installed from here): DejaVu (Bitstream
Vera licence), Liberation, Noto Mono, Roboto (Apache 2.0), Open Sans (Apache 2.0), Lato, Carlito,
Go (BSD), Cabin, Dosis, Linux Libertine/Biolinum (GPL/OFL), Oxygen, Clear Sans (Apache 2.0),
B612, Quicksand, Junction, and since 2026-11-27 Noto Sans/Serif, Croscore's Arimo, Tinos and
Cousine (Apache 2.0), Gentium, Charis, EB Garamond, Vollkorn, Roboto Slab (Apache 2.0), Old
Standard, Inter, Karla, PT Sans/Serif, Gillius ADF (GPL), Andika, Jura, Manrope, League Spartan,
Yrsa, Quattrocento, Tuffy (public domain), Play, Comic Neue, Goudy Bookletter 1911, Prociono,
Averia, OSP-DIN (SIL OFL 1.1 unless named), and Pillow's own Aileron: 76 faces. Only rendered
letter shapes, 20x20 pixels, and the model's weights end up in the file. The fonts
benchmarks/image_corpus.py measures unseen fonts with (URW's, Cantarell, Caladea, Comfortaa,
Beteckna) are never learnt, nor fonts derived from URW's (FreeFont, TeX Gyre).

    python tools/train_glyphs.py            # writes elzzur/res/image/glyphs.npz
    python tools/train_glyphs.py --check    # the file is what the fonts here would make
    python tools/train_glyphs.py --renderings /tmp/r.npz -o /tmp/g.npz   # keep the renderings

Rendering takes a few minutes and training the network about half a minute (one core).
"""

from __future__ import annotations

import argparse
import io
import os
import random
import sys

# one BLAS thread: the network's small products are quickest so, and on a shared machine two
# threads that wait for each other are many times slower (measured: 3 ms against 76 ms)
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import cv2  # noqa: E402
import numpy as np  # noqa: E402
from PIL import Image, ImageDraw, ImageFilter, ImageFont  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from elzzur.image.tiles import read_tile  # noqa: E402

OUT = os.path.join(os.path.dirname(__file__), "..", "elzzur", "res", "image", "glyphs.npz")
WHITEN = 0.3  # how much of plain correlation is kept (the regulariser of the whitening)
HIDDEN, EPOCHS, RATE = 256, 20, 2e-3  # the network's hidden units, epochs, learning rate
DECAY, NOISE = 1e-4, 0.3  # its L2 penalty, and the noise on its inputs (of a pixel's spread)
RANDOM_VARIANTS = 8  # renderings of each letter and font at a random size, width, weight, tilt
ALIKE = 0.97  # a letter's prototype this close to another of its prototypes is left out
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
    ("", "pillow:default")] + [
    # more faces (2026-11-27), serif-heavy: the unseen fonts that were read worst were serif
    # (a Bookman-like E whose serifs make it a B, a J that hangs below the line with no hook)
    ("fonts-noto-core", f"{TT}/noto/{name}.ttf") for name in (
        "NotoSans-Bold", "NotoSans-Regular", "NotoSerif-Bold", "NotoSerif-Regular",
        "NotoSerifDisplay-Bold", "NotoSansDisplay-Bold")] + [
    ("fonts-croscore", f"{TT}/croscore/{name}.ttf") for name in (
        "Arimo-Bold", "Tinos-Bold", "Tinos-Regular", "Cousine-Bold")] + [
    ("fonts-sil-gentium", f"{TT}/gentium/Gentium-R.ttf"),
    ("fonts-sil-charis", f"{TT}/charis/CharisSIL-Bold.ttf"),
    ("fonts-sil-charis", f"{TT}/charis/CharisSIL-Regular.ttf"),
    ("fonts-ebgaramond", f"{OT}/ebgaramond/EBGaramond12-Bold.otf"),
    ("fonts-vollkorn", f"{TT}/vollkorn/Vollkorn-Bold.ttf"),
    ("fonts-vollkorn", f"{TT}/vollkorn/Vollkorn-Black.ttf"),
    ("fonts-roboto-slab", f"{OT}/roboto/slab/RobotoSlab-Bold.otf"),
    ("fonts-roboto-slab", f"{OT}/roboto/slab/RobotoSlab-Regular.otf"),
    ("fonts-oldstandard", f"{TT}/fonts-oldstandard/OldStandard-Bold.ttf"),
    ("fonts-inter", f"{OT}/inter/Inter-Bold.otf"),
    ("fonts-inter", f"{OT}/inter/Inter-Black.otf"),
    ("fonts-karla", f"{TT}/karla/Karla-Bold.otf"),
    ("fonts-paratype", f"{TT}/paratype/PTS75F.ttf"),  # PT Sans Bold
    ("fonts-paratype", f"{TT}/paratype/PTF75F.ttf"),  # PT Serif Bold
    ("fonts-paratype", f"{TT}/paratype/PTF55F.ttf"),  # PT Serif
    ("fonts-paratype", f"{TT}/paratype/PTN77F.ttf"),  # PT Sans Narrow Bold
    ("fonts-adf-gillius", f"{TT}/adf/GilliusADF-Bold.otf"),
    ("fonts-sil-andika", f"{TT}/andika/Andika-Bold.ttf"),
    ("fonts-jura", f"{OT}/jura/Jura-Bold.otf"),
    ("fonts-manrope", f"{TT}/manrope/Manrope-ExtraBold.ttf"),
    ("fonts-league-spartan", f"{OT}/league-spartan/LeagueSpartan-Bold.otf"),
    ("fonts-yrsa-rasa", f"{TT}/fonts-yrsa-rasa/Yrsa-Bold.ttf"),
    ("fonts-quattrocento", f"{OT}/quattrocento/Quattrocento-Regular.otf"),
    ("fonts-tuffy", f"{TT}/tuffy/Tuffy_Bold.ttf"),
    ("fonts-play", f"{TT}/play/Play-Bold.ttf"),
    ("fonts-comic-neue", f"{OT}/comic-neue/ComicNeue-Bold.otf"),
    ("fonts-goudybookletter", f"{OT}/sortsmill/GoudyBookletter1911.otf"),
    ("fonts-prociono", f"{OT}/fonts-prociono/Prociono.otf"),
    ("fonts-averia-serif-gwf", f"{TT}/averia-gwf/AveriaSerifGWF-Bold.ttf"),
    ("fonts-averia-sans-gwf", f"{TT}/averia-gwf/AveriaSansGWF-Bold.ttf"),
    ("fonts-opendin", f"{TT}/opendin/OSP-DIN.ttf")]


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


def varied(tile: np.ndarray, stretch: float, weight: int, turn: float = 0,
           shear: float = 0) -> np.ndarray:
    """``tile`` with its letter made wider or narrower (``stretch``, the width's factor) and
    its strokes bolder or lighter (``weight`` pixels; the ink is the dark side): the ways
    one font differs most from another, for the spread the whitening learns; ``turn``
    degrees of tilt (a die not quite square in a photo), and ``shear`` (a slanted face)."""
    side = tile.shape[0]
    paper = tuple(int(v) for v in tile[1, 1])
    if turn:
        matrix = cv2.getRotationMatrix2D((side / 2, side / 2), turn, 1.0)
        tile = cv2.warpAffine(tile, matrix, (side, side), borderMode=cv2.BORDER_REPLICATE)
    if shear:
        matrix = np.float32([[1, shear, -shear * side / 2], [0, 1, 0]])
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


def train_network(x: np.ndarray, y: np.ndarray, classes: int, hidden: int = HIDDEN,
                  epochs: int = EPOCHS, decay: float = DECAY, noise: float = NOISE
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A network of one hidden layer (``hidden`` ReLUs) from features to letters: minibatch
    Adam, L2 ``decay``, noise added to every input it sees (a font never seen is a letter
    moved a little, everywhere at once), the learning rate falling to nothing by the last
    epoch. Seeded, so the same renderings give the same weights. Where a softmax regression
    can only weigh each pixel for a letter, the hidden layer learns strokes and their
    combinations (a bar with a bowl, a tail under a ring) that hold across fonts."""
    rng = np.random.default_rng(19)
    count, dims = x.shape
    x = (x * np.sqrt(dims)).astype(np.float32)  # features are of length 1: pixels ~1/sqrt(dims)
    params = [rng.normal(0, np.sqrt(2 / dims), (dims, hidden)).astype(np.float32),
              np.zeros(hidden, np.float32),
              rng.normal(0, np.sqrt(1 / hidden), (hidden, classes)).astype(np.float32),
              np.zeros(classes, np.float32)]
    moments = [[np.zeros_like(p), np.zeros_like(p)] for p in params]
    beta1, beta2, batch = 0.9, 0.999, 256
    steps = epochs * (count // batch)
    step = 0
    for epoch in range(epochs):
        order = rng.permutation(count)
        correct = 0
        for first in range(0, count - batch + 1, batch):
            step += 1
            rate = RATE * 0.5 * (1 + np.cos(np.pi * step / steps))
            index = order[first:first + batch]
            xb = x[index] + rng.normal(0, noise, (batch, dims)).astype(np.float32)
            w1, b1, w2, b2 = params
            pre = xb @ w1 + b1
            h = np.maximum(pre, 0)
            logits = h @ w2 + b2
            logits -= logits.max(axis=1, keepdims=True)
            p = np.exp(logits)
            p /= p.sum(axis=1, keepdims=True)
            correct += int((p.argmax(axis=1) == y[index]).sum())
            p[np.arange(batch), y[index]] -= 1
            error = p / batch
            back = (error @ w2.T) * (pre > 0)
            grads = [xb.T @ back + decay * w1, back.sum(axis=0),
                     h.T @ error + decay * w2, error.sum(axis=0)]
            for param, grad, (m, v) in zip(params, grads, moments):
                m *= beta1
                m += (1 - beta1) * grad
                v *= beta2
                v += (1 - beta2) * grad * grad
                param -= rate * (m / (1 - beta1 ** step)) / (np.sqrt(v / (1 - beta2 ** step))
                                                             + 1e-8)
        print(f"  epoch {epoch + 1}: training accuracy {correct / (count // batch * batch):.4f}",
              file=sys.stderr)
    w1, b1, w2, b2 = params
    return w1 * np.sqrt(dims), b1, w2, b2


def render(fonts=None) -> dict[str, np.ndarray]:
    """Every letter in every font (``fonts``: indices into FONTS, all by default), read back as
    a screenshot's tile is: each rendering's feature, letter and font, and which renderings
    are the plain ones (sizes, sharpness) that make a font's prototype of the letter."""
    rng = random.Random(19)
    samples, targets, fonts_of, plain = [], [], [], []
    for font_index, (_, font_name) in enumerate(FONTS):
        if fonts is not None and font_index not in fonts:
            continue
        probe = load_font(font_name, 40)
        for label, text in enumerate(CLASSES):
            if not has_glyphs(probe, text):
                continue
            tiles = []
            for side in (40, 64, 110):
                for share in (0.45, 0.6):
                    for blur in (0, 0.8):
                        tiles.append((render_tile(text, font_name, side, share, blur), True))
            base = render_tile(text, font_name, 96, 0.55, 0)
            for stretch, weight, turn in VARIANTS:  # another font's width and weight
                tiles.append((varied(base, stretch, weight, turn), False))
            for _ in range(RANDOM_VARIANTS):  # and between them, at random
                side = rng.choice((48, 72, 96))
                tile = render_tile(text, font_name, side, rng.uniform(0.42, 0.62),
                                   rng.choice((0, 0, 0.6, 1.0)))
                tiles.append((varied(tile, rng.uniform(0.75, 1.3), rng.choice((-1, 0, 0, 1, 2))
                                     if side >= 72 else rng.choice((-1, 0, 0, 1)),
                                     rng.uniform(-4, 4), rng.uniform(-0.12, 0.12)), False))
            for tile, is_plain in tiles:
                read = read_tile(tile)
                if read.glyphs is not None:
                    samples.append(read.glyphs[0])
                    targets.append(label)
                    fonts_of.append(font_index)
                    plain.append(is_plain)
    return {"samples": np.asarray(samples, np.float32), "targets": np.asarray(targets),
            "fonts": np.asarray(fonts_of), "plain": np.asarray(plain)}


def build(rendered: dict[str, np.ndarray] | None = None) -> dict[str, np.ndarray]:
    missing = sorted({package for package, path in FONTS
                      if package and not os.path.exists(path)})
    if missing:  # named, never installed from here
        raise SystemExit("train_glyphs: fonts missing: apt-get install --no-install-recommends "
                         + " ".join(missing))
    rendered = rendered or render()
    samples, targets = rendered["samples"], rendered["targets"]
    fonts_of, plain = rendered["fonts"], rendered["plain"]
    prototypes, labels, fonts, spread = [], [], [], []
    for font_index in np.unique(fonts_of):
        for label in np.unique(targets[fonts_of == font_index]):
            mine = (fonts_of == font_index) & (targets == label)
            mean = samples[mine & plain].mean(axis=0) if (mine & plain).any() \
                else samples[mine].mean(axis=0)
            prototypes.append(mean / np.linalg.norm(mean))
            labels.append(int(label))
            fonts.append(int(font_index))
            spread.append(samples[mine] - mean)
    # the within-letter spread (sizes, blur, fonts' own shapes): whitening by it makes the
    # pixels that tell letters apart (a Q's tail, an Ö's dots) count more than the ones that
    # only vary with the font (linear discriminant analysis's first step)
    spread = np.concatenate(spread)
    covariance = spread.T @ spread / len(spread)
    values, vectors = np.linalg.eigh(covariance + WHITEN * np.trace(covariance) / len(covariance)
                                     * np.eye(len(covariance)))
    whiten = (vectors / np.sqrt(values)) @ vectors.T
    prototypes = [p @ whiten for p in prototypes]
    prototypes = np.asarray([p / np.linalg.norm(p) for p in prototypes])
    # of a letter's prototypes that are nearly the same (two sans fonts' O), one is enough
    keep = []
    for label in sorted(set(labels)):
        kept: list[int] = []
        for i in (i for i, lab in enumerate(labels) if lab == label):
            if not kept or float((prototypes[kept] @ prototypes[i]).max()) < ALIKE:
                kept.append(i)
        keep += kept
    keep.sort()
    w1, b1, w2, b2 = train_network(samples, targets, len(CLASSES))
    return {"prototypes": np.asarray(prototypes[keep], np.float16),
            "hidden_weights": np.asarray(w1, np.float16),
            "hidden_bias": np.asarray(b1, np.float16),
            "weights": np.asarray(w2, np.float16), "bias": np.asarray(b2, np.float16),
            "whiten": np.asarray(whiten, np.float16),
            "labels": np.asarray(labels, np.int16)[keep],
            "fonts": np.asarray(fonts, np.int16)[keep],
            "classes": np.asarray(CLASSES),
            "font_names": np.asarray([os.path.basename(f) for _, f in FONTS])}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="compare with the file instead of writing it")
    parser.add_argument("-o", "--output", default=OUT)
    parser.add_argument("--renderings", metavar="NPZ",
                        help="keep the renderings there, and reuse them when it exists (to "
                             "try another network without rendering every font again)")
    args = parser.parse_args()
    rendered = None
    if args.renderings and os.path.exists(args.renderings):
        with np.load(args.renderings) as data:
            rendered = {key: data[key] for key in data.files}
    elif args.renderings:
        rendered = render()
        np.savez(args.renderings, **rendered)
    arrays = build(rendered)
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
