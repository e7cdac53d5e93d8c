"""Boards drawn as pictures, to test and measure `elzzur read` (benchmarks/image.py, and a few
in tests/test_image.py): screenshots of grid games in several styles, fonts, sizes and phone
resolutions, with status bars, banners and buttons around the board, JPEG, blur and noise; and
photos of a Boggle board, simulated (dice in any quarter turn, perspective, uneven light).

Every picture comes with the truth: the board's tokens (``Ttl``, ``Qu``), row by row.
Everything is drawn with Pillow from a seed; fonts are the system's and Pillow's own: some the
classifier learnt (``LEARNT_FONTS``: Debian fonts-dejavu-core, fonts-liberation) and some it
never saw (``NEW_FONTS``: fonts-urw-base35, fonts-cantarell, fonts-crosextra-caladea,
fonts-comfortaa, fonts-beteckna), which measure how it does on a font it has never seen; a font
not installed is left out of the draw.

    from image_corpus import corpus
    for sample in corpus(seed=1, count=20): sample.image, sample.truth, sample.style
"""

from __future__ import annotations

import io
import os
import random

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

TT = "/usr/share/fonts/truetype"
URW = "/usr/share/fonts/opentype/urw-base35"
LEARNT_FONTS = [f"{TT}/dejavu/DejaVuSans-Bold.ttf", f"{TT}/liberation/LiberationSans-Bold.ttf",
                f"{TT}/dejavu/DejaVuSerif-Bold.ttf", f"{TT}/liberation/LiberationSans-Regular.ttf",
                f"{TT}/dejavu/DejaVuSansCondensed-Bold.ttf"]
URW_FONTS = [f"{URW}/NimbusSans-Bold.otf", f"{URW}/URWGothic-Demi.otf",
             f"{URW}/NimbusSansNarrow-Bold.otf", f"{URW}/URWBookman-Demi.otf",
             f"{URW}/NimbusSans-Regular.otf"]
# more fonts the classifier never learnt (tools/train_glyphs.py must never list these, nor
# fonts derived from URW's; tests/test_image.py checks the shipped glyphs.npz against them)
OTHER_NEW_FONTS = ["/usr/share/fonts/opentype/cantarell/Cantarell-Bold.otf",
                   f"{TT}/crosextra/Caladea-Bold.ttf", f"{TT}/comfortaa/Comfortaa-Bold.ttf",
                   f"{TT}/beteckna/BetecknaGS-Bold.ttf"]
NEW_FONTS = URW_FONTS + OTHER_NEW_FONTS
PHONES = [(720, 1280), (750, 1334), (828, 1792), (1080, 1920), (1080, 2340), (1170, 2532),
          (1440, 3200), (1536, 2048), (2048, 1536), (1920, 1080)]
ALPHABETS = {  # language code: the letters its tiles may carry (elzzur/res/languages)
    "en": "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "de-native": "ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ",
    "es-native": "ABCDEFGHIJKLMNOPQRSTUVWXYZÑ", "pt-native": "ABCDEFGHIJKLMNOPQRSTUVWXYZÇ",
    "tr": "ABCÇDEFGĞHIİJKLMNOÖPRSŞTUÜVYZ",
}
BONUS_FILL = {"dl": (46, 133, 64), "tl": (47, 111, 208), "dw": (240, 160, 33), "tw": (217, 52, 59)}
RUZZLE_BONUS = {"dl": (88, 185, 71), "tl": (35, 140, 215), "dw": (249, 190, 40),
                "tw": (226, 64, 60)}
STYLES = ("ruzzle", "wordhunt", "boggle", "elzzur", "dark", "photo")


class Sample:
    """One picture and the board it shows (``truth``: rows of tokens)."""

    def __init__(self, image, truth, style, language, font, note) -> None:
        self.image, self.truth, self.style = image, truth, style
        self.language, self.font, self.note = language, font, note


def font(path: str, size: int):
    if path == "pillow:default" or not os.path.exists(path):
        return ImageFont.load_default(size)
    return ImageFont.truetype(path, size)


def available(paths: list[str], language: str | None = None) -> list[str]:
    """The fonts installed here, and (given ``language``) drawing all its letters: a font
    without an Ş draws its missing-glyph box, which is no Ş to read."""
    return [p for p in paths if os.path.exists(p)
            and (language is None or draws_all(p, ALPHABETS[language]))] or ["pillow:default"]


_DRAWS: dict[tuple[str, str], bool] = {}


def draws_all(path: str, letters: str) -> bool:
    """Whether the font at ``path`` has a glyph of its own for each of ``letters``."""
    if (path, letters) not in _DRAWS:
        probe = font(path, 40)

        def shape(ch):
            mask = probe.getmask(ch)
            return mask.size, bytes(mask)

        missing = shape("\ue000")
        _DRAWS[path, letters] = all(shape(ch) != missing for ch in letters)
    return _DRAWS[path, letters]


def draw_board_letters(rng: random.Random, language: str, rows: int, cols: int,
                       qu: bool, faces: tuple[str, ...] = ()) -> list[list[str]]:
    """A board's letters at random (a Qu on half the boards where ``qu``; with ``faces``, one
    to three tiles of them: Big Boggle's two-letter die)."""
    letters = ALPHABETS[language]
    board = [[rng.choice(letters) for _ in range(cols)] for _ in range(rows)]
    if qu and rng.random() < 0.5:
        board[rng.randrange(rows)][rng.randrange(cols)] = "Qu"
    for _ in range(rng.randint(1, 3) if faces else 0):
        board[rng.randrange(rows)][rng.randrange(cols)] = rng.choice(faces)
    return board


def status_bar(draw, width, height, colour, rng):
    """A phone's status bar: the time, signal bars and a battery."""
    bar = max(24, height // 30)
    text_font = font(available([f"{TT}/dejavu/DejaVuSans-Bold.ttf"])[0], bar // 2)
    draw.text((bar, bar // 2), f"{rng.randint(0, 23)}:{rng.randint(0, 59):02d}", fill=colour,
              font=text_font, anchor="lm")
    x = width - bar * 3
    for i in range(4):
        draw.rectangle([x + i * bar // 5, bar * 0.7 - i * bar // 10, x + i * bar // 5 + bar // 8,
                        bar * 0.75], fill=colour)
    draw.rounded_rectangle([width - bar * 1.8, bar * 0.3, width - bar * 0.5, bar * 0.72],
                           radius=3, outline=colour, width=2)
    return bar


def banner(draw, width, top, colour, ink, rng, fnt):
    """A score banner and a timer above the board."""
    height = max(40, width // 9)
    draw.rounded_rectangle([width * 0.05, top, width * 0.95, top + height], radius=height // 4,
                           fill=colour)
    draw.text((width * 0.1, top + height / 2), f"Score {rng.randint(0, 999)}", fill=ink,
              font=fnt, anchor="lm")
    draw.text((width * 0.9, top + height / 2), f"1:{rng.randint(0, 59):02d}", fill=ink,
              font=fnt, anchor="rm")
    return top + height


def screenshot(rng: random.Random, style: str, language: str, size: int | None = None,
               font_path: str | None = None, phone=None, board=None, faces=()) -> Sample:
    """A screenshot of a grid game in ``style``: the board somewhere on a phone's screen
    (``board``: its rows of letters, else drawn at random)."""
    rows = cols = size or rng.choice([3, 4, 4, 4, 5, 5, 6])
    if rng.random() < 0.15 and not size:
        cols = min(6, max(3, rows + rng.choice([-1, 1])))
    width, height = phone or rng.choice(PHONES)
    font_path = font_path or rng.choice(available(LEARNT_FONTS + NEW_FONTS, language))
    if board:
        rows, cols = len(board), len(board[0])
    else:
        board = draw_board_letters(rng, language, rows, cols, qu="Q" in ALPHABETS[language],
                                   faces=faces)
    bonuses = [["" for _ in range(cols)] for _ in range(rows)]
    if style in ("ruzzle", "elzzur"):
        for _ in range(rng.randint(1, max(1, rows * cols // 4))):  # Ruzzle: ~4 of 16
            bonuses[rng.randrange(rows)][rng.randrange(cols)] = rng.choice(list(BONUS_FILL))
    look = {
        "ruzzle": dict(back=(40, 62, 120), back2=(20, 30, 70), tile=(250, 247, 240),
                       ink=(40, 40, 40), radius=0.18, gap=0.10, value=True, badge=True,
                       bonus=RUZZLE_BONUS, chrome=(255, 255, 255), edge=None),
        "elzzur": dict(back=(251, 248, 241), back2=(251, 248, 241), tile=(246, 239, 224),
                       ink=(43, 43, 43), radius=0.12, gap=0.08, value=True, badge=True,
                       bonus=BONUS_FILL, chrome=(43, 43, 43), edge=(185, 173, 149)),
        "wordhunt": dict(back=(62, 130, 70), back2=(40, 100, 50), tile=(226, 180, 120),
                         ink=(30, 20, 10), radius=0.10, gap=0.07, value=False, badge=False,
                         bonus={}, chrome=(255, 255, 255), edge=(150, 100, 55), grain=True),
        "boggle": dict(back=(230, 110, 30), back2=(200, 80, 20), tile=(250, 250, 250),
                       ink=(15, 15, 15), radius=0.22, gap=0.14, value=False, badge=False,
                       bonus={}, chrome=(255, 255, 255), edge=(190, 190, 190)),
        "dark": dict(back=(18, 18, 22), back2=(30, 30, 36), tile=(58, 60, 66),
                     ink=(235, 235, 235), radius=0.15, gap=0.09, value=True, badge=False,
                     bonus={}, chrome=(220, 220, 220), edge=None),
    }[style]
    image = Image.new("RGB", (width, height), look["back"])
    draw = ImageDraw.Draw(image)
    for y in range(0, height, 8):  # a vertical gradient behind everything
        t = y / height
        draw.rectangle([0, y, width, y + 8], fill=tuple(
            round(a * (1 - t) + b * t) for a, b in zip(look["back"], look["back2"])))
    bar = status_bar(draw, width, height, look["chrome"], rng)
    small = font(font_path, max(12, width // 28))
    top = banner(draw, width, bar * 2 + rng.randint(0, height // 12),
                 tuple(min(255, c + 40) for c in look["back"]), look["chrome"], rng, small)
    board_width = width * rng.uniform(0.72, 0.94) if width < height else height * 0.7
    top += rng.uniform(0.03, 0.12) * height
    pitch = min(board_width / max(rows, cols), (height * 0.95 - top) / rows)  # below the banner
    left = (width - pitch * cols) / 2 + rng.uniform(-0.02, 0.02) * width
    gap = pitch * look["gap"]
    side = pitch - gap
    letter_font = font(font_path, round(side * (rng.uniform(0.4, 0.5) if look["badge"] else rng.uniform(0.42, 0.6))))
    value_font = font(font_path, max(8, round(side * 0.18)))
    truth = []
    for r in range(rows):
        row = []
        for c in range(cols):
            x0, y0 = left + c * pitch + gap / 2, top + r * pitch + gap / 2
            bonus = bonuses[r][c] if look["bonus"] else ""
            fill = look["bonus"].get(bonus, look["tile"]) if bonus else look["tile"]
            if style == "wordhunt":
                fill = tuple(max(0, min(255, v + rng.randint(-12, 12))) for v in fill)
            draw.rounded_rectangle([x0, y0, x0 + side, y0 + side], radius=side * look["radius"],
                                   fill=fill, outline=look["edge"],
                                   width=max(1, round(side * 0.02)) if look["edge"] else 0)
            if look.get("grain"):
                for g in range(5):
                    gy = y0 + side * (0.15 + 0.17 * g) + rng.uniform(-3, 3)
                    draw.line([x0 + side * 0.08, gy, x0 + side * 0.92, gy + rng.uniform(-4, 4)],
                              fill=tuple(v - 14 for v in fill), width=max(1, round(side / 60)))
            ink = look["ink"] if not bonus or bonus == "dw" else (255, 255, 255)
            text = board[r][c]
            draw.text((x0 + side / 2, y0 + side / 2), text, fill=ink, font=letter_font,
                      anchor="mm")
            if look["value"]:
                draw.text((x0 + side * 0.1, y0 + side * 0.08), str(rng.randint(1, 10)),
                          fill=ink, font=value_font, anchor="lt")
            if look["badge"] and bonus:
                draw.text((x0 + side * 0.92, y0 + side * 0.08), bonus.upper(), fill=ink,
                          font=value_font, anchor="rt")
            row.append(text + bonus)
        truth.append(row)
    buttons_top = top + pitch * rows + height * 0.03
    if buttons_top + height * 0.06 < height:
        draw.rounded_rectangle([width * 0.2, buttons_top, width * 0.8, buttons_top +
                                height * 0.05], radius=10, fill=look["chrome"])
    note = f"{rows}x{cols} {width}x{height} {os.path.basename(font_path)}"
    return Sample(finish(image, rng), truth, style, language, font_path, note)


def finish(image: Image.Image, rng: random.Random, photo: bool = False) -> np.ndarray:
    """What a phone and a messenger do to a picture: blur, noise, JPEG (or PNG as it is)."""
    if rng.random() < 0.3 or photo:
        image = image.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 1.2 if photo else 0.8)))
    array = np.asarray(image).astype(np.float32)
    if rng.random() < 0.3 or photo:
        array += np.random.default_rng(rng.randrange(1 << 30)).normal(
            0, rng.uniform(2, 8 if photo else 5), array.shape)
    image = Image.fromarray(np.clip(array, 0, 255).astype(np.uint8))
    if rng.random() < 0.5 or photo:
        buffer = io.BytesIO()
        image.save(buffer, "JPEG", quality=rng.randint(55, 92))
        image = Image.open(io.BytesIO(buffer.getvalue())).convert("RGB")
    return np.asarray(image)[:, :, ::-1].copy()  # BGR, as OpenCV and elzzur.image take it


def photo(rng: random.Random, language: str = "en", size: int | None = None,
          font_path: str | None = None, faces=()) -> Sample:
    """A photo of a Boggle board: white dice, each letter in any quarter turn, in a tray, seen
    at an angle, under uneven light, with a phone camera's blur, noise and JPEG."""
    import cv2

    rows = cols = size or rng.choice([4, 4, 5, 6])
    font_path = font_path or rng.choice(available(LEARNT_FONTS + NEW_FONTS, language))
    board = draw_board_letters(rng, language, rows, cols, qu="Q" in ALPHABETS[language],
                               faces=faces)
    pitch = 110
    side = pitch * 0.84
    tray = Image.new("RGB", (pitch * cols + 60, pitch * rows + 60), (25, 60, 140))
    draw = ImageDraw.Draw(tray)
    letter_font = font(font_path, round(side * 0.55))
    truth = []
    for r in range(rows):
        row = []
        for c in range(cols):
            x0, y0 = 30 + c * pitch + (pitch - side) / 2, 30 + r * pitch + (pitch - side) / 2
            shade = rng.randint(225, 250)
            draw.rounded_rectangle([x0, y0, x0 + side, y0 + side], radius=side * 0.2,
                                   fill=(shade, shade, shade - 8))
            die = Image.new("RGBA", (round(side), round(side)), (0, 0, 0, 0))
            ImageDraw.Draw(die).text((side / 2, side / 2), board[r][c], fill=(10, 10, 10, 255),
                                     font=letter_font, anchor="mm")
            die = die.rotate(90 * rng.randrange(4) + rng.uniform(-4, 4), resample=Image.BICUBIC)
            tray.paste(die, (round(x0), round(y0)), die)
            row.append(board[r][c])
        truth.append(row)
    width, height = rng.choice([(1600, 1200), (1200, 1600), (2000, 1500)])
    table = np.zeros((height, width, 3), np.float32)
    table[:] = rng.choice([(120, 90, 60), (200, 195, 185), (70, 70, 75)])
    tw, th = tray.size
    scale = min(width, height) * rng.uniform(0.55, 0.8) / max(tw, th)
    cx, cy = width / 2 + rng.uniform(-0.1, 0.1) * width, height / 2 + rng.uniform(-.1, .1) * height
    corners = np.float32([[-tw / 2, -th / 2], [tw / 2, -th / 2], [tw / 2, th / 2], [-tw / 2, th / 2]])
    angle = np.radians(rng.uniform(-20, 20))
    rotation = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    placed = corners @ rotation.T * scale
    tilt = rng.uniform(0.0, 0.18)  # the far edge shorter: the camera looks down at an angle
    placed[:2, 0] *= 1 - tilt
    placed += [cx, cy]
    jitter = np.float32([[rng.uniform(-1, 1) * 0.02 * width, rng.uniform(-1, 1) * 0.02 * height]
                         for _ in range(4)])
    target = (placed + jitter).astype(np.float32)
    warp = cv2.getPerspectiveTransform((corners + [tw / 2, th / 2]).astype(np.float32), target)
    tray_bgr = np.asarray(tray)[:, :, ::-1].astype(np.float32)
    warped = cv2.warpPerspective(tray_bgr, warp, (width, height))
    inside = cv2.warpPerspective(np.ones((th, tw), np.float32), warp, (width, height))[..., None]
    picture = table * (1 - inside) + warped * inside
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    direction = rng.uniform(0, 2 * np.pi)
    light = 1 + rng.uniform(0.15, 0.4) * ((xx / width - 0.5) * np.cos(direction)
                                         + (yy / height - 0.5) * np.sin(direction))
    picture = picture * light[..., None] * rng.uniform(0.75, 1.0)
    image = Image.fromarray(np.clip(picture, 0, 255).astype(np.uint8)[:, :, ::-1])
    note = f"{rows}x{cols} photo {width}x{height} {os.path.basename(font_path)}"
    return Sample(finish(image, rng, photo=True), truth, "photo", language, font_path, note)


def corpus(seed: int, count: int, styles=STYLES, languages=tuple(ALPHABETS), faces=()):
    """``count`` samples from ``seed``, cycling through the styles and languages."""
    rng = random.Random(seed)
    for number in range(count):
        style = styles[number % len(styles)]
        language = languages[(number // len(styles)) % len(languages)]
        if style == "photo":
            yield photo(rng, language, faces=faces)
        else:
            yield screenshot(rng, style, language, faces=faces)
