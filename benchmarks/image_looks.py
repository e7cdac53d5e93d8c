"""The real looks of the grid games, drawn as pictures to measure `elzzur read` (issue 32).

benchmarks/image_corpus.py draws generic styles; this draws what the games' own screens look
like, as far as their public screenshots show:

- ``ruzzle``: cream tiles on a blue board, a value in a top corner; a bonus tile keeps its
  cream face and gets a coloured frame and a round badge with ``DL``/``TL``/``DW``/``TW``
  (DL green, TL blue, DW orange, TW red) centred on its top-left corner, as the game draws it
  (benchmarks/image_real's tune part), or inside its top-right corner; on some boards a swipe
  in progress lights a path of tiles in one highlight colour, which is no bonus;
- ``wordhunt``: Word Hunt's tan tiles with dark letters and a shadow under each, on green;
  some boards with a swipe's path lit up (green or yellow tiles);
- ``wordament``: white letters on coloured tiles (orange, and the other themes: blue, green,
  purple, grey), a value in the top-left corner, and its special tiles: two letters (``TH``),
  affixes (``-ER``, ``DE-``, ``-ING``, ``RE-``) and either-or tiles (``D/U``), written in
  elzzur's own board syntax in the truth;
- ``boggle``: a Boggle app's white dice on a board from above, ``Qu`` with a small ``u``,
  underlined ``M W N Z``, each die in any turn (quarter turns and a few degrees either way);
- ``dice``: photos of real dice (the same faces) on a table, in perspective, uneven light;
- ``rough``: any of the screenshots above degraded: a board 200 px wide, JPEG at quality 20-35,
  a slight rotation with blur, or the phone's screen photographed (moiré and glare).

Every look has a light and a dark theme where the game has one, and phone chrome around the
board (status bar, score, timer, the word being swiped, buttons). Seeds are kept apart by the
benchmark: tune on one range, report on fresh ones (benchmarks/image.py --looks).
"""

from __future__ import annotations

import io
import math
import random

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from image_corpus import LEARNT_FONTS, NEW_FONTS, PHONES, TT, Sample, available, font, status_bar

LOOKS = ("ruzzle", "wordhunt", "wordament", "boggle", "dice", "rough")
LETTERS = "ABCDEFGHIJKLMNOPRSTUVWXYZ"  # Q comes as Qu
# English letter weights, roughly Boggle's: a board that looks like a board
WEIGHTS = [8, 2, 3, 4, 12, 2, 3, 5, 7, 1, 1, 4, 3, 7, 8, 2, 6, 6, 9, 3, 1, 2, 1, 2, 1]
# measured on the tune part of benchmarks/image_real (a Ruzzle screenshot's frames and badges)
RUZZLE_BONUS = {"dl": (43, 154, 31), "tl": (56, 98, 147), "dw": (246, 183, 14),
                "tw": (213, 41, 26)}
HIGHLIGHTS = [(255, 214, 66), (126, 200, 250), (255, 170, 200), (140, 220, 120)]
WORDAMENT_THEMES = {"orange": (240, 142, 36), "blue": (30, 120, 210), "green": (60, 160, 70),
                    "purple": (130, 70, 170), "grey": (90, 90, 96), "red": (200, 50, 50)}
TWO = ["TH", "ER", "IN", "AN", "HE", "QU", "ES", "ST", "RE", "ON"]
AFFIXES = ["-ER", "DE-", "-ING", "RE-", "-ED", "UN-", "-S", "-Y", "-LY", "IN-"]
EITHER = ["D/U", "A/E", "I/O", "S/T", "R/L", "E/I"]


def letters(rng: random.Random, rows: int, cols: int, qu: float = 0.5) -> list[list[str]]:
    board = [[rng.choices(LETTERS, WEIGHTS)[0] for _ in range(cols)] for _ in range(rows)]
    if rng.random() < qu:
        board[rng.randrange(rows)][rng.randrange(cols)] = "Qu"
    return board


def swipe(rng: random.Random, rows: int, cols: int) -> list[tuple[int, int]]:
    """A path of neighbouring tiles, 2 to 7 long: a word being swiped."""
    path = [(rng.randrange(rows), rng.randrange(cols))]
    for _ in range(rng.randint(1, 6)):
        r, c = path[-1]
        steps = [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                 if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols
                 and (r + dr, c + dc) not in path]
        if not steps:
            break
        path.append(rng.choice(steps))
    return path


def fonts(rng: random.Random) -> str:
    return rng.choice(available(LEARNT_FONTS + NEW_FONTS, "en"))


def phone_frame(rng, back, back2, chrome, word: str = ""):
    """A phone screen with a gradient, status bar, score and timer, and the swiped word."""
    width, height = rng.choice(PHONES[:7])
    image = Image.new("RGB", (width, height), back)
    draw = ImageDraw.Draw(image)
    for y in range(0, height, 8):
        t = y / height
        draw.rectangle([0, y, width, y + 8],
                       fill=tuple(round(a * (1 - t) + b * t) for a, b in zip(back, back2)))
    bar = status_bar(draw, width, height, chrome, rng)
    small = font(f"{TT}/dejavu/DejaVuSans-Bold.ttf", max(12, width // 24))
    top = bar * 2 + rng.randint(0, height // 14)
    draw.text((width * 0.06, top), f"{rng.randint(0, 999)} pts", fill=chrome, font=small)
    draw.text((width * 0.94, top), f"1:{rng.randint(0, 59):02d}", fill=chrome, font=small,
              anchor="ra")
    top += width // 10
    if word:
        draw.text((width / 2, top), word, fill=chrome, font=small, anchor="ma")
    top += width // 10 + rng.uniform(0.0, 0.08) * height
    return image, draw, width, height, top


def board_geometry(rng, width, height, top, rows, cols, gap_share):
    board_width = width * rng.uniform(0.78, 0.96)
    pitch = min(board_width / cols, (height * 0.9 - top) / rows)
    left = (width - pitch * cols) / 2
    gap = pitch * gap_share
    return left, pitch, gap, pitch - gap


def buttons(draw, width, height, bottom, colour):
    if bottom + height * 0.07 < height:
        draw.rounded_rectangle([width * 0.15, bottom + height * 0.02, width * 0.85,
                                bottom + height * 0.07], radius=12, fill=colour)


def qu(draw, cx, cy, big, small, ink, side) -> None:
    """A Qu tile's text centred on (cx, cy): a capital Q and a (smaller) u on its baseline."""
    q_box = draw.textbbox((0, 0), "Q", font=big, anchor="ls")
    u_box = draw.textbbox((0, 0), "u", font=small, anchor="ls")
    gap = side * 0.02
    width = (q_box[2] - q_box[0]) + gap + (u_box[2] - u_box[0])
    left = cx - width / 2
    base = cy + (-q_box[1]) / 2  # the Q's cap height centred (its tail hangs below)
    draw.text((left - q_box[0], base), "Q", fill=ink, font=big, anchor="ls")
    draw.text((left + (q_box[2] - q_box[0]) + gap - u_box[0], base), "u", fill=ink, font=small,
              anchor="ls")


def ruzzle(rng: random.Random) -> Sample:
    rows = cols = 4
    board = letters(rng, rows, cols, qu=0.4)
    bonuses = {}
    for _ in range(rng.randint(2, 6)):
        bonuses[(rng.randrange(rows), rng.randrange(cols))] = rng.choice(list(RUZZLE_BONUS))
    path = swipe(rng, rows, cols) if rng.random() < 0.4 else []
    word = "".join(board[r][c].upper() for r, c in path)
    dark = rng.random() < 0.3
    back, back2 = ((18, 22, 40), (8, 10, 22)) if dark else rng.choice(
        [((42, 74, 140), (24, 40, 96)), ((75, 143, 188), (64, 128, 176))])
    # the game's own layout: the badge centred on the tile's top-left corner, half outside
    # it, the value top right; or the badge inside the top-right corner, the value top left
    own = rng.random() < 0.7
    image, draw, width, height, top = phone_frame(rng, back, back2, (255, 255, 255), word)
    left, pitch, gap, side = board_geometry(rng, width, height, top, rows, cols, 0.08)
    font_path = fonts(rng)
    big = font(font_path, round(side * rng.uniform(0.46, 0.56)))
    small_u = font(font_path, round(side * 0.34))
    value_font = font(font_path, max(8, round(side * 0.17)))
    badge_font = font(f"{TT}/dejavu/DejaVuSans-Bold.ttf", max(7, round(side * 0.13)))
    tile = (246, 242, 232) if not dark else (236, 232, 224)
    highlight = rng.choice(HIGHLIGHTS)
    truth = []
    for r in range(rows):
        row = []
        for c in range(cols):
            x0, y0 = left + c * pitch + gap / 2, top + r * pitch + gap / 2
            bonus = bonuses.get((r, c), "")
            face = highlight if (r, c) in path else tile
            # a shadow below, the face, then the bonus frame
            draw.rounded_rectangle([x0, y0 + side * 0.04, x0 + side, y0 + side * 1.04],
                                   radius=side * 0.16, fill=tuple(v // 2 for v in back))
            draw.rounded_rectangle([x0, y0, x0 + side, y0 + side], radius=side * 0.16,
                                   fill=face)
            if bonus:
                frame = max(2, round(side * rng.uniform(0.05, 0.08)))
                draw.rounded_rectangle([x0, y0, x0 + side, y0 + side], radius=side * 0.16,
                                       outline=RUZZLE_BONUS[bonus], width=frame)
            ink = (34, 34, 40)
            text = board[r][c]
            cx, cy = x0 + side / 2, y0 + side * 0.53
            if text == "Qu":
                qu(draw, cx, cy, big, small_u, ink, side)
            else:
                draw.text((cx, cy), text, fill=ink, font=big, anchor="mm")
            if own:
                draw.text((x0 + side * 0.9, y0 + side * 0.08), str(rng.randint(1, 10)),
                          fill=ink, font=value_font, anchor="rt")
            else:
                draw.text((x0 + side * 0.1, y0 + side * 0.08), str(rng.randint(1, 10)),
                          fill=ink, font=value_font, anchor="lt")
            if bonus:
                radius = side * rng.uniform(0.12, 0.19)
                bx, by = ((x0 + side * 0.04, y0 + side * 0.04) if own
                          else (x0 + side - radius * 0.9, y0 + radius * 0.9))
                draw.ellipse([bx - radius, by - radius, bx + radius, by + radius],
                             fill=RUZZLE_BONUS[bonus], outline=(255, 255, 255),
                             width=max(1, round(radius * 0.12)))
                draw.text((bx, by), bonus.upper(), fill=(255, 255, 255), font=badge_font,
                          anchor="mm")
            row.append(text + bonus)
        truth.append(row)
    if path and rng.random() < 0.6:  # the swipe's line over the lit tiles
        points = [(left + c * pitch + pitch / 2, top + r * pitch + pitch / 2) for r, c in path]
        draw.line(points, fill=tuple(v * 3 // 4 for v in highlight), width=max(3, round(side * 0.06)))
    buttons(draw, width, height, top + pitch * rows, (250, 190, 40))
    note = f"ruzzle{' dark' if dark else ''}{' swipe' if path else ''} {width}x{height} {font_path.split('/')[-1]}"
    return Sample(image, truth, "ruzzle", "en", font_path, note)


def wordhunt(rng: random.Random) -> Sample:
    rows = cols = rng.choice([4, 4, 5])
    board = letters(rng, rows, cols, qu=0.15)
    board = [["Q" if t == "Qu" else t for t in row] for row in board]  # Word Hunt: a Q alone
    path = swipe(rng, rows, cols) if rng.random() < 0.4 else []
    dark = rng.random() < 0.25
    back, back2 = ((30, 36, 32), (18, 22, 20)) if dark else ((96, 166, 86), (64, 130, 60))
    image, draw, width, height, top = phone_frame(
        rng, back, back2, (255, 255, 255), "".join(board[r][c] for r, c in path))
    left, pitch, gap, side = board_geometry(rng, width, height, top, rows, cols, 0.1)
    font_path = fonts(rng)
    big = font(font_path, round(side * rng.uniform(0.5, 0.62)))
    lit = rng.choice([(120, 210, 110), (250, 230, 110), (255, 255, 255)])
    truth = []
    for r in range(rows):
        row = []
        for c in range(cols):
            x0, y0 = left + c * pitch + gap / 2, top + r * pitch + gap / 2
            face = lit if (r, c) in path else (
                (236, 200, 140) if not dark else (210, 176, 120))
            draw.rounded_rectangle([x0, y0 + side * 0.06, x0 + side, y0 + side * 1.06],
                                   radius=side * 0.12, fill=(150, 104, 58))
            draw.rounded_rectangle([x0, y0, x0 + side, y0 + side], radius=side * 0.12,
                                   fill=face)
            draw.text((x0 + side / 2, y0 + side / 2), board[r][c], fill=(20, 14, 8), font=big,
                      anchor="mm")
            row.append(board[r][c])
        truth.append(row)
    buttons(draw, width, height, top + pitch * rows, (240, 240, 240))
    note = f"wordhunt{' dark' if dark else ''}{' swipe' if path else ''} {width}x{height} {font_path.split('/')[-1]}"
    return Sample(image, truth, "wordhunt", "en", font_path, note)


def wordament(rng: random.Random) -> Sample:
    rows = cols = 4
    board = letters(rng, rows, cols, qu=0.0)
    specials = rng.choice([0, 0, 1, 1, 2])
    for _ in range(specials):
        kind = rng.choice([TWO, AFFIXES, EITHER])
        board[rng.randrange(rows)][rng.randrange(cols)] = rng.choice(kind)
    theme = rng.choice(list(WORDAMENT_THEMES))
    colour = WORDAMENT_THEMES[theme]
    dark = rng.random() < 0.5
    back, back2 = ((12, 12, 14), (28, 28, 32)) if dark else ((236, 236, 236), (210, 210, 214))
    chrome = (240, 240, 240) if dark else (40, 40, 40)
    path = swipe(rng, rows, cols) if rng.random() < 0.3 else []
    image, draw, width, height, top = phone_frame(rng, back, back2, chrome)
    left, pitch, gap, side = board_geometry(rng, width, height, top, rows, cols, 0.05)
    font_path = fonts(rng)
    truth = []
    for r in range(rows):
        row = []
        for c in range(cols):
            x0, y0 = left + c * pitch + gap / 2, top + r * pitch + gap / 2
            face = (255, 255, 255) if (r, c) in path else colour
            ink = colour if (r, c) in path else (255, 255, 255)
            draw.rectangle([x0, y0, x0 + side, y0 + side], fill=face)
            text = board[r][c]
            size = 0.5 if len(text) == 1 else 0.36 if len(text) <= 3 else 0.28
            draw.text((x0 + side / 2, y0 + side * 0.52), text, fill=ink,
                      font=font(font_path, round(side * size)), anchor="mm")
            draw.text((x0 + side * 0.08, y0 + side * 0.06), str(rng.randint(2, 12)), fill=ink,
                      font=font(font_path, max(8, round(side * 0.15))), anchor="lt")
            row.append(text)
        truth.append(row)
    note = f"wordament {theme}{' dark' if dark else ''} {width}x{height} {font_path.split('/')[-1]}"
    return Sample(image, truth, "wordament", "en", font_path, note)


def die_face(rng, text: str, side: int, font_path: str, shade: int) -> Image.Image:
    """One die's face from above, its letter upright (turned by the caller): ``Qu`` with a
    small ``u``, ``M W N Z`` underlined."""
    face = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    draw = ImageDraw.Draw(face)
    draw.rounded_rectangle([0, 0, side - 1, side - 1], radius=side * 0.22,
                           fill=(shade, shade, shade - 10, 255))
    inner = side * 0.1
    draw.rounded_rectangle([inner, inner, side - inner, side - inner], radius=side * 0.3,
                           fill=(min(255, shade + 6), min(255, shade + 6), shade - 4, 255))
    ink = (20, 20, 24, 255)
    big = font(font_path, round(side * 0.5))
    if text == "Qu":
        qu(draw, side / 2, side * 0.48, big,
           font(font_path, round(side * (0.3 if rng.random() < 0.7 else 0.5))), ink, side)
    else:
        draw.text((side / 2, side * 0.48), text, fill=ink, font=big, anchor="mm")
        if text in "MWNZ":
            box = draw.textbbox((side / 2, side * 0.48), text, font=big, anchor="mm")
            y = box[3] + side * 0.05
            draw.rectangle([box[0], y, box[2], y + max(2, side * 0.035)], fill=ink)
    return face


def dice_board(rng, rows, cols, font_path, pitch, jitter):
    board = letters(rng, rows, cols, qu=0.5)
    tray = Image.new("RGB", (pitch * cols + pitch // 3, pitch * rows + pitch // 3),
                     rng.choice([(30, 70, 160), (200, 60, 30), (40, 40, 44), (230, 230, 225)]))
    side = round(pitch * 0.8)  # turned a few degrees, a die stays inside its cell
    for r in range(rows):
        for c in range(cols):
            die = die_face(rng, board[r][c], side, font_path, rng.randint(226, 248))
            die = die.rotate(90 * rng.randrange(4) + rng.uniform(-jitter, jitter),
                             resample=Image.BICUBIC, expand=False)
            x0 = pitch // 6 + c * pitch + (pitch - side) // 2
            y0 = pitch // 6 + r * pitch + (pitch - side) // 2
            tray.paste(die, (x0, y0), die)
    return tray, board


def boggle(rng: random.Random) -> Sample:
    rows = cols = rng.choice([4, 4, 5])
    font_path = fonts(rng)
    dark = rng.random() < 0.3
    back, back2 = ((20, 20, 26), (40, 40, 50)) if dark else ((250, 244, 230), (236, 226, 206))
    image, draw, width, height, top = phone_frame(rng, back, back2,
                                                  (230, 230, 230) if dark else (40, 40, 40))
    left, pitch, _, _ = board_geometry(rng, width, height, top, rows, cols, 0.0)
    tray, board = dice_board(rng, rows, cols, font_path, 160, 8)
    tray = tray.resize((round(pitch * cols), round(pitch * rows)), Image.LANCZOS)
    image.paste(tray, (round(left), round(top)))
    note = f"boggle{' dark' if dark else ''} {width}x{height} {font_path.split('/')[-1]}"
    return Sample(image, board, "boggle", "en", font_path, note)


def dice(rng: random.Random) -> Sample:
    import cv2

    rows = cols = rng.choice([4, 4, 5])
    font_path = fonts(rng)
    tray, board = dice_board(rng, rows, cols, font_path, 110, 8)
    width, height = rng.choice([(1600, 1200), (1200, 1600), (2000, 1500)])
    table = np.zeros((height, width, 3), np.float32)
    table[:] = rng.choice([(120, 90, 60), (200, 195, 185), (70, 70, 75)])
    tw, th = tray.size
    scale = min(width, height) * rng.uniform(0.55, 0.85) / max(tw, th)
    corners = np.float32([[-tw / 2, -th / 2], [tw / 2, -th / 2], [tw / 2, th / 2],
                          [-tw / 2, th / 2]])
    angle = math.radians(rng.uniform(-25, 25))
    rotation = np.array([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]])
    placed = corners @ rotation.T * scale
    placed[:2, 0] *= 1 - rng.uniform(0.0, 0.18)
    placed += [width / 2 + rng.uniform(-.08, .08) * width, height / 2 + rng.uniform(-.08, .08) * height]
    warp = cv2.getPerspectiveTransform((corners + [tw / 2, th / 2]).astype(np.float32),
                                       placed.astype(np.float32))
    tray_bgr = np.asarray(tray)[:, :, ::-1].astype(np.float32)
    warped = cv2.warpPerspective(tray_bgr, warp, (width, height))
    inside = cv2.warpPerspective(np.ones((th, tw), np.float32), warp, (width, height))[..., None]
    picture = table * (1 - inside) + warped * inside
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    direction = rng.uniform(0, 2 * math.pi)
    light = 1 + rng.uniform(0.15, 0.4) * ((xx / width - 0.5) * math.cos(direction)
                                         + (yy / height - 0.5) * math.sin(direction))
    picture = picture * light[..., None] * rng.uniform(0.75, 1.0)
    image = Image.fromarray(np.clip(picture, 0, 255).astype(np.uint8)[:, :, ::-1])
    image = image.filter(ImageFilter.GaussianBlur(rng.uniform(0.4, 1.3)))
    note = f"dice photo {width}x{height} {font_path.split('/')[-1]}"
    return Sample(image, board, "dice", "en", font_path, note)


def rough(rng: random.Random) -> Sample:
    """A screenshot of another look, degraded in one of four ways."""
    import cv2

    sample = rng.choice([ruzzle, wordhunt, wordament, boggle])(rng)
    image = sample.image
    how = rng.choice(["small", "jpeg", "turned", "screen"])
    if how == "small":  # the board about 200 px wide
        share = 200 / (image.width * 0.85)
        image = image.resize((round(image.width * share), round(image.height * share)),
                             Image.BILINEAR)
    elif how == "jpeg":
        image = jpeg(image, rng.randint(20, 35))
    elif how == "turned":
        image = image.rotate(rng.uniform(-4, 4), resample=Image.BICUBIC, expand=True,
                             fillcolor=(30, 30, 30))
        image = image.filter(ImageFilter.GaussianBlur(rng.uniform(0.8, 1.6)))
    else:  # the phone's screen photographed: moiré, glare, a slight perspective
        array = np.asarray(image).astype(np.float32)
        h, w = array.shape[:2]
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        period = rng.uniform(3.0, 6.0)
        tilt = rng.uniform(-0.4, 0.4)
        moire = 1 + rng.uniform(0.05, 0.12) * np.sin(2 * math.pi * (xx + tilt * yy) / period)
        gx, gy = rng.uniform(0.2, 0.8) * w, rng.uniform(0.2, 0.8) * h
        glare = rng.uniform(40, 90) * np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2)
                                             / (2 * (0.18 * w) ** 2))
        array = array * moire[..., None] + glare[..., None]
        src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
        d = 0.04
        dst = np.float32([[rng.uniform(0, d) * w, rng.uniform(0, d) * h],
                          [w - rng.uniform(0, d) * w, rng.uniform(0, d) * h],
                          [w - rng.uniform(0, d) * w, h - rng.uniform(0, d) * h],
                          [rng.uniform(0, d) * w, h - rng.uniform(0, d) * h]])
        array = cv2.warpPerspective(np.clip(array, 0, 255), cv2.getPerspectiveTransform(src, dst),
                                    (w, h), borderValue=(20, 20, 20))
        image = Image.fromarray(np.clip(array, 0, 255).astype(np.uint8))
        image = jpeg(image.filter(ImageFilter.GaussianBlur(0.7)), rng.randint(60, 85))
    return Sample(image, sample.truth, "rough", "en", sample.font,
                  f"rough {how} ({sample.note})")


def jpeg(image: Image.Image, quality: int) -> Image.Image:
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=quality)
    return Image.open(io.BytesIO(buffer.getvalue())).convert("RGB")


DRAW = {"ruzzle": ruzzle, "wordhunt": wordhunt, "wordament": wordament, "boggle": boggle,
        "dice": dice, "rough": rough}


def looks(seed: int, count: int, styles=LOOKS):
    """``count`` samples from ``seed``, cycling through ``styles``; images as BGR arrays, a
    light JPEG on half of the screenshots (a messenger's)."""
    rng = random.Random(seed * 7919 + 32)
    for number in range(count):
        style = styles[number % len(styles)]
        sample = DRAW[style](rng)
        image = sample.image
        if style not in ("rough", "dice") and rng.random() < 0.5:
            image = jpeg(image, rng.randint(70, 92))
        elif style == "dice":
            image = jpeg(image, rng.randint(60, 90))
        sample.image = np.asarray(image.convert("RGB"))[:, :, ::-1].copy()
        yield sample
