"""`elzzur read` and `solve --image` (issue 19): boards drawn at test time by
benchmarks/image_corpus.py (the benchmark's own renderer; no picture files are kept), read back.

The full corpus and its accuracy are benchmarks/image.py's (BENCHMARKS.md); here a few pictures
of each kind check that the parts work together, that a wrong tile is never unflagged on the
pictures drawn here, and that every failure is a clear error."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import cv2
import numpy as np
import pytest

from conftest import REPO, child_env, needs_system

sys.path.insert(0, str(REPO / "benchmarks"))
from image_corpus import photo, screenshot  # noqa: E402

from elzzur.image.glyphs import letter_group  # noqa: E402
from elzzur.image.reader import read_picture  # noqa: E402

DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"


def save(tmp_path, sample, name="board.png") -> str:
    path = str(tmp_path / name)
    cv2.imwrite(path, sample.image)
    return path


def board_lines(out: str) -> list[list[str]]:
    return [line.split() for line in out.splitlines() if line and not line.startswith("#")]


@pytest.mark.parametrize("style, seed, size, rules", [
    ("ruzzle", 1, 4, "ruzzle"), ("elzzur", 2, 5, "ruzzle"), ("dark", 3, 3, "boggle"),
    ("wordhunt", 4, 4, "wordhunt"), ("boggle", 5, 6, "boggle"),
])
def test_a_screenshot_is_read_whole_with_its_bonus_tiles(cli, tmp_path, style, seed, size, rules):
    sample = screenshot(random.Random(seed), style, "en", size=size, font_path="pillow:default",
                        phone=(1080, 1920))
    result = cli("read", save(tmp_path, sample), "--rules", rules)
    assert result.code == 0, result.err
    assert board_lines(result.out) == sample.truth  # (a right tile may still be flagged)
    rows, cols = len(sample.truth), len(sample.truth[0])
    assert result.out.startswith(f"# read from {tmp_path / 'board.png'}: {rows}x{cols}")


def test_the_letters_of_every_alphabet(cli, tmp_path):
    if not os.path.exists(DEJAVU):
        needs_system("DejaVu fonts (Debian fonts-dejavu-core) draw the accented test boards")
    for language, letters in [("tr", "ÇĞİIÖŞÜOGSUC"), ("de-native", "ÄÖÜAOUBEN"),
                              ("es-native", "ÑNAEIOUST"), ("pt-native", "ÇCAEOSTRN")]:
        board = [[letters[(r * 3 + c) % len(letters)] for c in range(3)] for r in range(3)]
        for style in ("ruzzle", "dark"):
            sample = screenshot(random.Random(7), style, language, font_path=DEJAVU,
                                phone=(1080, 1920), board=board)
            path = save(tmp_path, sample, f"{language}.png")
            result = cli("read", path, "-l", language)
            assert result.code == 0, result.err
            assert board_lines(result.out) == sample.truth, (language, style, result.out)


def test_dice_in_a_photo_in_any_quarter_turn(tmp_path):
    """A simulated photo: the board straightened, dice read whichever way up; a tile read wrong
    is flagged (photos are harder: some flags are expected, no silent error is)."""
    right = total = 0
    for seed in range(2):
        sample = photo(random.Random(seed), "en", size=4, font_path="pillow:default")
        reading = read_picture(sample.image, None, bonuses=False, turns="auto")
        assert reading.turned
        for truth_row, row in zip(sample.truth, reading.rows, strict=True):
            for truth, tile in zip(truth_row, row, strict=True):
                total += 1
                right += tile.token == truth
                assert tile.token == truth or tile.flagged, (truth, tile.token, tile.confidence)
    assert right >= 0.9 * total


def test_no_board_in_the_picture_is_exit_1(cli, tmp_path):
    blank = np.full((800, 600, 3), 240, np.uint8)
    cv2.putText(blank, "no board here", (40, 400), cv2.FONT_HERSHEY_SIMPLEX, 1.5, (0, 0, 0), 3)
    path = str(tmp_path / "blank.png")
    cv2.imwrite(path, blank)
    result = cli("read", path)
    assert (result.code, result.out) == (1, "")
    assert result.err == (f"elzzur: error: {path}: no board found in the picture: no lattice "
                          f"of 3x3 to 6x6 square tiles\n")


def test_what_is_not_a_picture_is_a_clear_error(cli, tmp_path):
    (tmp_path / "words.txt").write_text("CAT\n")
    result = cli("read", "words.txt")
    assert (result.code, result.err) == (
        1, "elzzur: error: words.txt is not a picture elzzur can read (PNG, JPEG, WebP, …)\n")
    result = cli("read", "missing.png")
    assert result.code == 1
    assert result.err.startswith("elzzur: error: cannot read missing.png: ")


def test_without_the_extra_the_error_names_it(cli, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "cv2", None)  # import cv2 now raises ImportError
    result = cli("read", "board.png")
    assert (result.code, result.err) == (
        1, "elzzur: error: reading a picture needs opencv-python-headless: install the image "
           "extra, pip install 'elzzur-solver[image]' (or '.[image]' in a checkout)\n")


def uncertain_picture(tmp_path):
    """A Word Hunt screenshot with one tile's letter covered by a blot no alphabet has."""
    sample = screenshot(random.Random(11), "wordhunt", "en", size=4, font_path="pillow:default",
                        phone=(1080, 1920))
    path = save(tmp_path, sample)
    image = cv2.imread(path)
    reading = read_picture(image, None, bonuses=False)
    assert not reading.rows[1][2].flagged
    # the tile at (1,2): cover its middle with a star-like blot
    lattice_rows = len(sample.truth)
    from elzzur.image.grid import find_lattice

    lattice = find_lattice(image)
    x, y = cv2.perspectiveTransform(np.float32([[[2, 1]]]), lattice.to_image)[0, 0]
    side = cv2.perspectiveTransform(np.float32([[[2.3, 1]]]), lattice.to_image)[0, 0, 0] - x
    cv2.rectangle(image, (int(x - side), int(y - side)), (int(x + side), int(y + side)),
                  (120, 180, 226), -1)
    star = np.array([[x + side * np.cos(a) * (1 if k % 2 else 0.4),
                      y + side * np.sin(a) * (1 if k % 2 else 0.4)]
                     for k, a in enumerate(np.linspace(0, 2 * np.pi, 12, endpoint=False))])
    cv2.fillPoly(image, [star.astype(np.int32)], (20, 20, 20))
    cv2.imwrite(path, image)
    assert lattice_rows == 4
    return path, sample


def test_solve_image_refuses_uncertain_tiles_unless_told(cli, tmp_path):
    path, sample = uncertain_picture(tmp_path)
    read = cli("read", path, "--rules", "wordhunt")
    assert read.code == 0
    flagged = len(read_picture(cv2.imread(path), None, bonuses=False).flagged)
    assert f"; {flagged} tile{'s' if flagged > 1 else ''} to check" in read.out.splitlines()[0]
    assert "\n# (1,2) " in read.out
    refused = cli("solve", "--image", path, "--rules", "wordhunt")
    assert refused.code == 1
    assert refused.err.startswith(f"elzzur: error: {path}: {flagged} uncertain tile")
    assert " (1,2) " in refused.err
    assert refused.err.endswith("or solve the best guesses with --accept-uncertain\n")
    accepted = cli("solve", "--image", path, "--rules", "wordhunt", "--accept-uncertain")
    assert accepted.code == 0, accepted.err
    assert accepted.err.startswith("elzzur: solving with uncertain tiles (--accept-uncertain): ")
    assert " (1,2) " in accepted.err


def test_solve_image_solves_what_read_prints(cli, tmp_path):
    sample = screenshot(random.Random(21), "ruzzle", "en", size=4, font_path="pillow:default",
                        phone=(750, 1334))
    path = save(tmp_path, sample)
    read = cli("read", path, "-o", "read.board")
    assert read.code == 0 and read.out == ""
    from_file = cli("solve", "-b", "read.board", "--top", "5")
    from_image = cli("solve", "--image", path, "--top", "5", "--accept-uncertain")
    typed = cli("solve", "-b", "/".join(" ".join(row) for row in sample.truth), "--top", "5")
    assert from_image.code == from_file.code == typed.code == 0
    assert from_image.out == from_file.out == typed.out
    assert cli("solve", "--image", path, "-b", "A B C/D E F/G H I").err == (
        "elzzur: error: give the board with -b or with --image, not both\n")
    assert cli("solve", "-b", "A B C/D E F/G H I", "--accept-uncertain").err == (
        "elzzur: error: --accept-uncertain goes with --image (a board read from a picture)\n")


@pytest.mark.parametrize("pure", ["0", "1"])
def test_solve_image_in_a_subprocess_on_both_backends(tmp_path, pure):
    sample = screenshot(random.Random(31), "boggle", "en", size=4, font_path="pillow:default",
                        phone=(1080, 1920))
    path = save(tmp_path, sample)
    env = dict(child_env(), ELZZUR_PURE_PYTHON=pure)
    board = "/".join(" ".join(row) for row in sample.truth)
    runs = [subprocess.run([sys.executable, "-m", "elzzur", "solve", *how, "--rules", "boggle",
                            "-q"], cwd=tmp_path, env=env, capture_output=True, text=True,
                           timeout=120)
            for how in (["--image", path, "--accept-uncertain"], ["-b", board])]
    assert runs[0].returncode == 0, runs[0].stderr
    assert runs[0].stdout == runs[1].stdout and runs[0].stdout


def test_the_command_line_starts_without_the_extra():
    code = ("import sys; from elzzur.__main__ import main; main(['languages']); "
            "print(sorted({'numpy', 'cv2', 'PIL'} & set(sys.modules)))")
    result = subprocess.run([sys.executable, "-c", code], env=child_env(), capture_output=True,
                            text=True, timeout=120)
    assert result.stdout.splitlines()[-1] == "[]"


def blobs_mask(boxes, side=100):
    mask = np.zeros((side, side), bool)
    for x0, y0, x1, y1 in boxes:
        mask[y0:y1, x0:x1] = True
    return mask


def test_letter_group_keeps_accents_and_a_second_letter_and_leaves_corners_out():
    body = (35, 30, 65, 75)
    dots = [(40, 20, 45, 25), (55, 20, 60, 25)]  # Ä's dots, above the body
    value, badge = (6, 6, 12, 16), (80, 6, 94, 16)  # a value and a badge in the corners
    keep, box = letter_group(blobs_mask([body, *dots, value, badge]))
    assert box == (35, 20, 65, 75)
    assert not keep[6:16, 6:12].any() and not keep[6:16, 80:94].any()
    keep, box = letter_group(blobs_mask([(25, 30, 50, 75), (55, 45, 75, 75)]))  # Q and u
    assert box == (25, 30, 75, 75)
    assert letter_group(blobs_mask([(0, 0, 100, 3)])) is None  # only the tile's edge
    # a die on its side: the u of Qu below the Q joins only when any side may be "beside"
    turned = blobs_mask([(30, 20, 70, 50), (35, 55, 65, 75)])
    assert letter_group(turned)[1] == (30, 20, 70, 50)
    assert letter_group(turned, loose=True)[1] == (30, 20, 70, 75)


def test_elzzurs_own_page_and_window_are_read(cli):
    """Real screenshots: the page (Chromium) and the window (Tk) of docs/screenshots/, which
    show the English demo board (tests/test_html.py and tests/test_gui.py take them)."""
    demo = [line.split() for line in (REPO / "elzzur" / "res" / "boards" / "en.board")
            .read_text(encoding="utf-8").splitlines() if line.strip()]
    for name in ("page.png", "page-phone.png"):
        result = cli("read", str(REPO / "docs" / "screenshots" / name))
        assert result.code == 0
        assert board_lines(result.out) == demo
    # the window's: the text cursor stands in the first tile; whatever it makes of it is flagged
    reading = read_picture(cv2.imread(str(REPO / "docs" / "screenshots" / "gui.png")),
                           None, bonuses=True)
    for truth_row, row in zip(demo, reading.rows, strict=True):
        for truth, tile in zip(truth_row, row, strict=True):
            assert tile.token == truth or tile.flagged, (truth, tile.token)


def test_the_fonts_that_measure_unseen_fonts_were_never_learnt():
    """The benchmark's held-out fonts (benchmarks/image_corpus.py NEW_FONTS) are not among the
    fonts the shipped classifier was trained on, nor URW-derived ones: an honest measurement."""
    from image_corpus import NEW_FONTS

    from elzzur.files import resource

    with np.load(resource("image", "glyphs.npz")) as data:
        learnt = {str(name) for name in data["font_names"]}
        assert {"weights", "bias", "prototypes"} <= set(data.files)
    held_out = {os.path.basename(path) for path in NEW_FONTS}
    assert learnt and held_out and not learnt & held_out
    assert not any(name.lower().startswith(("free", "texgyre", "nimbus", "urw"))
                   for name in learnt)


def test_a_linear_reading_is_sure_only_with_a_lead_and_a_likeness():
    from elzzur.image.reader import THRESHOLD, linear_confidence

    assert linear_confidence(9.0, 0.95) == 1.0
    assert linear_confidence(1.0, 0.95) < THRESHOLD  # another letter nearly as likely
    assert linear_confidence(9.0, 0.5) < THRESHOLD  # like no letter's prototype
    assert linear_confidence(-1.0, 0.95) == 0.0


def test_the_two_letter_faces_of_big_boggle(cli, tmp_path):
    """`read --dice bigboggle-2dice` reads the die's An Er He In Qu Th; without it they are not
    letters of the game (and the tile is misread or flagged, never a two-letter tile)."""
    if not os.path.exists(DEJAVU):
        needs_system("DejaVu fonts (Debian fonts-dejavu-core) draw the test board")
    board = [["Th", "A", "In"], ["E", "He", "R"], ["Er", "S", "An"]]
    sample = screenshot(random.Random(5), "boggle", "en", font_path=DEJAVU, phone=(1080, 1920),
                        board=board)
    path = save(tmp_path, sample)
    result = cli("read", path, "--rules", "boggle", "--dice", "bigboggle-2dice")
    assert result.code == 0, result.err
    assert board_lines(result.out) == board
    solved = cli("solve", "-b", "\n".join(" ".join(row) for row in board_lines(result.out)),
                 "--rules", "boggle")
    assert solved.code == 0, solved.err
    # solve --image --dice reads and solves the same board in one step
    direct = cli("solve", "--image", path, "--dice", "bigboggle-2dice", "--rules", "boggle")
    assert (direct.code, direct.out) == (0, solved.out), direct.err
    assert cli("solve", "-b", "A B C/D E F/G H I", "--dice", "bigboggle-2dice").err == (
        "elzzur: error: --dice goes with --image (a board read from a picture)\n")


def test_dice_with_faces_it_cannot_read_are_refused(cli, tmp_path):
    dice = tmp_path / "ing.toml"
    dice.write_text('name = "ing"\nrows = 3\ncols = 3\ndice = ["ING A B C D E F", "AAAAAA", '
                    '"BBBBBB", "CCCCCC", "DDDDDD", "EEEEEE", "FFFFFF", "GGGGGG", "HHHHHH"]\n',
                    encoding="utf-8")
    sample = screenshot(random.Random(1), "boggle", "en", size=3, font_path="pillow:default",
                        phone=(1080, 1920))
    result = cli("read", save(tmp_path, sample), "--dice", str(dice))
    assert result.code == 1
    assert result.err == ("elzzur: error: the dice " + repr(str(dice)) + " have faces elzzur "
                          "cannot read from a picture: Ing\n")


@pytest.mark.parametrize("column", [0, -1])
def test_a_square_of_the_tiles_size_above_the_board_adds_no_row(column):
    """A lone square in a banner, level with the board's first or last column and one pitch
    above it (elzzur's pale tiles on a pale page took one for a fifth row), is not a row."""
    from elzzur.image.grid import find_lattice

    sample = screenshot(random.Random(3), "elzzur", "en", size=4, font_path="pillow:default",
                        phone=(1080, 1920))
    lattice = find_lattice(sample.image)
    assert (lattice.rows, lattice.cols) == (4, 4)
    corner = np.float32([[[0 if column == 0 else 3, 0]], [[0 if column == 0 else 3, -1]]])
    (tile, above) = cv2.perspectiveTransform(corner, lattice.to_image).reshape(2, 2)
    pitch = float(np.linalg.norm(tile - above))
    half = 0.45 * pitch * lattice.tile_share
    image = sample.image.copy()
    cv2.rectangle(image, (round(above[0] - half), round(above[1] - half)),
                  (round(above[0] + half), round(above[1] + half)), (149, 173, 185), 3)
    lattice = find_lattice(image)
    assert (lattice.rows, lattice.cols) == (4, 4)
    reading = read_picture(image, None, bonuses=True)
    assert [[t.token for t in row] for row in reading.rows] == sample.truth


def test_classifying_a_board_at_once_is_classifying_each_tile():
    """``classify_each`` (all the upright tiles in one product) and ``classify_turned_each``
    (all the dice) answer as ``classify`` does one tile at a time, on the tiles of drawn
    boards, on noise and on a photo's dice."""
    from elzzur.image.grid import cut_tiles, find_lattice
    from elzzur.image.model import Classifier
    from elzzur.image.tiles import read_tile

    classifier = Classifier(None)
    glyphs = []
    for seed, style in ((6, "ruzzle"), (7, "dark")):
        sample = screenshot(random.Random(seed), style, "tr", font_path="pillow:default")
        for row in cut_tiles(sample.image, find_lattice(sample.image)):
            glyphs += [tile.glyphs[0] for tile in map(read_tile, row) if tile.glyphs]
    noise = np.random.default_rng(5).normal(size=(10, len(glyphs[0]))).astype(np.float32)
    glyphs += list(noise / np.linalg.norm(noise, axis=1, keepdims=True))
    for together, glyph in zip(classifier.classify_each(glyphs), glyphs, strict=True):
        alone = classifier.classify([glyph])
        assert (together.letters, together.second, together.nearest, together.turn) == (
            alone.letters, alone.second, alone.nearest, alone.turn)
        assert together.margin == pytest.approx(alone.margin, abs=1e-3)
        assert together.score == pytest.approx(alone.score, abs=1e-4)
    # and dice in any turn, from a photo
    sample = photo(random.Random(8), "en", size=4, font_path="pillow:default")
    dice = [tile.turned for row in cut_tiles(sample.image, find_lattice(sample.image))
            for tile in (read_tile(crop, rotations=True) for crop in row) if tile.turned]
    for together, turns in zip(classifier.classify_turned_each(dice), dice, strict=True):
        alone = classifier.classify(turns)
        assert (together.letters, together.turn, together.nearest) == (
            alone.letters, alone.turn, alone.nearest)
        assert together.margin == pytest.approx(alone.margin, abs=1e-3)
        assert together.prototype.score == pytest.approx(alone.prototype.score, abs=1e-4)


def test_a_letter_beside_the_read_one_cut_off_by_the_tiles_edge_is_noticed():
    """A Qu so wide that its u touches the tile's edge: the u is left out as edge, the Q alone
    may read well, so the tile is marked cut (and flagged); the tile's frame, a shadow along
    a side and a value in a corner are not letters beside it."""
    from elzzur.image.glyphs import cut_off

    def cut(boxes):
        mask, edges = blobs_mask(boxes), []
        _, box = letter_group(mask, edges=edges)
        return cut_off(edges, box, mask.shape)

    q = (30, 30, 62, 75)
    assert cut([q, (68, 45, 100, 75)])  # the u, reaching the right edge
    assert not cut([q])
    assert not cut([q, (97, 0, 100, 100)])  # a shadow down the side: a thin line
    assert not cut([q, (0, 0, 100, 4), (0, 96, 100, 100), (0, 0, 4, 100), (96, 0, 100, 100)])
    assert not cut([q, (88, 80, 100, 100)])  # a value in the corner
