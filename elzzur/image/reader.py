"""A picture in, the board it shows out: each tile's letters, bonus and confidence.

``read_picture`` finds the lattice (``grid``), reads each tile (``tiles``), names its letter
(``model``) and its bonus (its colour against the board's plain tiles), and says how sure it is
of each tile. A tile it is not sure of is flagged, never quietly guessed: ``Reading.text``
marks it, ``elzzur solve --image`` refuses the board until told to accept it.
"""

from __future__ import annotations

import math

import numpy as np

from ..errors import ElzzurError
from .grid import Lattice, cut_tiles, find_lattice, gap_colour, gap_colours
from .model import Classifier
from .tiles import read_tile, wide_badge

THRESHOLD = 0.5  # a tile whose confidence is below this is flagged


class TileReading:
    """One tile as read: ``letters`` ("" where no letter was found), ``bonus`` ("" or a code),
    ``confidence`` (0 to 1), ``flagged`` (below the threshold), and the runner-up letter."""

    __slots__ = ("letters", "bonus", "confidence", "flagged", "second", "why", "scores",
                 "guess")

    def __init__(self, letters, bonus, confidence, second="", why="", scores=(0.0, 0.0)) -> None:
        self.letters, self.bonus, self.confidence = letters, bonus, confidence
        self.second, self.why = second, why
        # the classifier's (best, runner-up, lead): what confidence is made of
        self.scores = scores
        self.flagged = confidence < THRESHOLD
        self.guess = None  # the classifier's Guess, where there was one (to calibrate)

    @property
    def token(self) -> str:
        """The tile as a board token (``Ttl``, ``Qu``); ``?`` where no letter was read."""
        return (self.letters or "?") + self.bonus


class Reading:
    """A board read from a picture: ``rows`` of ``TileReading``, and whether its dice were
    read in any quarter turn (``turned``)."""

    def __init__(self, rows: list[list[TileReading]], turned: bool) -> None:
        self.rows, self.turned = rows, turned

    @property
    def tiles(self) -> list[TileReading]:
        return [tile for row in self.rows for tile in row]

    @property
    def flagged(self) -> list[tuple[int, int, TileReading]]:
        """The flagged tiles with their (row, column), from 0."""
        return [(r, c, t) for r, row in enumerate(self.rows) for c, t in enumerate(row)
                if t.flagged]

    def board_text(self) -> str:
        """The board in board-file syntax, one row a line (flagged tiles as their best guess,
        ``?`` where there was no letter at all: that board does not parse)."""
        return "\n".join(" ".join(t.token for t in row) for row in self.rows) + "\n"

    def text(self, source: str = "the picture") -> str:
        """The board with its confidences, as comments a board file may keep."""
        rows, cols = len(self.rows), len(self.rows[0])
        flagged = self.flagged
        lines = [f"# read from {source}: {rows}x{cols}"
                 + (", dice in any quarter turn" if self.turned else "")
                 + (f"; {len(flagged)} tile{'s' if len(flagged) != 1 else ''} to check, "
                    f"marked ? (what else each could be is below)" if flagged else "")]
        lines += [" ".join(t.token for t in row) for row in self.rows]
        lines.append(f"# confidence per tile (? below {THRESHOLD:.2f}):")
        for row in self.rows:
            lines.append("#" + "".join(f" {t.confidence:5.2f}{'?' if t.flagged else ' '}"
                                       for t in row).rstrip())
        for r, c, t in flagged:
            lines.append(f"# ({r},{c}) {t.token}: {t.why}")
        return "\n".join(lines) + "\n"


def tile_letters(language, faces=()) -> set[str]:
    """What a tile of ``language`` (a ``Language``) may show: its letters, ``Qu`` where it
    has Q and U, and the multi-letter ``faces`` of a dice set (``TH``, ``IN``: Big Boggle's
    two-letter die), written as a die prints them (``Th``, ``In``)."""
    letters = {letter for letter in language.alphabet if len(letter) == 1}
    if {"Q", "U"} <= letters:
        letters.add("Qu")
    letters |= {face[0] + face[1:].lower() for face in faces if len(face) > 1}
    return letters


def check_classifier(classifier: Classifier, language, letters: set[str],
                     dice: str | None = None) -> None:
    """Refuse a reading that could only go wrong: no letter of ``language`` known to the
    classifier, or a die face it cannot read (which would be read as something else without
    a word)."""
    if not len(classifier.labels):
        raise ElzzurError(f"none of the letters of {language.code!r} is one elzzur can read "
                          f"from a picture")
    unknown = sorted(face for face in letters - tile_letters(language)
                     if face not in classifier.classes)
    if unknown:
        raise ElzzurError(f"the dice {dice!r} have faces elzzur cannot read from a picture: "
                          + ", ".join(unknown))


# The decoding of picture files (every decoder failure a clean error) is image.decode's; these
# names stay here for the callers that import them from the reader.
from .decode import MAX_BYTES, MAX_PIXELS, decode_picture, load_picture, picture_from_bytes  # noqa: E402,F401


def bonus_code(colour: np.ndarray, plain: np.ndarray) -> tuple[str, bool]:
    """A tile's bonus from its colour (Lab) against the plain tiles': ("", True) when it is
    plain, (code, True) for Ruzzle's four by hue (green dl, blue tl, orange dw, red tw), and
    (code, False) for a colour that is none of them clearly."""
    if float(np.linalg.norm(colour - plain)) < 30:
        return "", True
    a, b = float(colour[1]) - 128, float(colour[2]) - 128
    chroma = math.hypot(a, b)
    if chroma < 20:
        return "", False  # differs in lightness only: not a bonus colour
    hue = math.degrees(math.atan2(b, a)) % 360
    for code, low, high in (("tw", -25, 48), ("dw", 52, 100), ("dl", 108, 200),
                            ("tl", 225, 295)):
        if low <= (hue if hue < 335 else hue - 360) <= high:
            return code, True
    nearest = min((("tw", 15), ("dw", 75), ("dl", 150), ("tl", 270)),
                  key=lambda item: min(abs(hue - item[1]), 360 - abs(hue - item[1])))
    return nearest[0], False


def plain_colour(colours: list[np.ndarray]) -> np.ndarray:
    """The colour most tiles share: the tile colour with the most others close to it (of
    two as common, the greyer: bonus tiles are the coloured ones)."""
    stack = np.array(colours)
    distances = np.linalg.norm(stack[:, None, :] - stack[None, :, :], axis=2)
    counts = (distances < 20).sum(axis=1)
    chroma = np.hypot(stack[:, 1] - 128, stack[:, 2] - 128)
    return stack[int(np.lexsort((chroma, -counts))[0])]


def marked_bonuses(tiles: list, cols: int, board: np.ndarray | None = None,
                   gaps: list | None = None) -> list[tuple[str, bool]] | None:
    """Each tile's bonus read from Ruzzle's marks (a coloured frame, a round badge in a corner,
    on a tile that keeps its plain face), or None where no tile has one: then the bonuses are
    the tiles' colours (``bonus_code``). A mark's colour every tile has is the board's own,
    seen at the crops' edges (three tiles in four at least; ``board``: the colour between the tiles; ``gaps``: beside each
    tile), and no mark; a frame and a badge of two bonuses, or a colour
    that is none clearly, is (code, False): flagged."""
    found = [m for t in tiles for m in (t.frame, t.badge) if m is not None]

    def common(colour, beside=None) -> bool:
        if board is not None and np.linalg.norm(colour - board) < 30:
            return True  # the board's own colour, between the tiles
        if samples is not None and (np.linalg.norm(samples - colour, axis=1) < 25).sum() >= max(
                4, 0.15 * len(samples)):
            # the board's colour in a sixth of the places between the tiles (it may shade
            # across the board; a few places may fall on a frame, or on a swipe's line)
            return True
        return sum(1 for m in found if np.linalg.norm(m - colour) < 25) > 0.75 * len(tiles)

    samples = np.concatenate(gaps) if gaps is not None else None
    near = [None] * len(tiles)
    # a badge found by its round shape inside the tile is a badge whatever its colour (a pale
    # one on a pale board); a frame, or a coloured blob at a corner, may be the board
    own = [[m for m, shaped in ((t.frame, False), (t.badge, t.shaped))
            if m is not None and not (common(m, beside) if not shaped else
                                      sum(1 for f in found if np.linalg.norm(f - m) < 25)
                                      > 0.75 * len(tiles))]
           for t, beside in zip(tiles, near)]
    plain = plain_colour([t.colour for t in tiles])
    # a mark of the tile's own face colour (a badge on a tile lit up in its colour) is read
    # against the plain tiles' colour
    codes_of = [[bonus_code(m, tile.colour if np.linalg.norm(m - tile.colour) >= 30 else plain)
                 for m in tile_marks] for tile, tile_marks in zip(tiles, own)]
    if not any(code and sure and np.linalg.norm(tile.colour - plain) < 30
               for tile, codes in zip(tiles, codes_of) for code, sure in codes):
        # no mark of a bonus colour on a plain tile: a path drawn over the tiles (elzzur's
        # own page), or a coloured tile's darker edge, not Ruzzle's style
        return None
    result = []
    for tile, tile_marks, codes in zip(tiles, own, codes_of):
        codes = [(code, sure and bool(code)) for code, sure in codes]
        if (len(codes) == 1 and tile_marks[0] is tile.frame and not tile.full_frame):
            # a frame along two sides only, no badge: the board at a crop's edge, maybe
            codes = [(codes[0][0], False)]
        if not codes:
            result.append(("", True))
            continue
        names = {code for code, _ in codes}
        result.append((codes[0][0], len(names) == 1 and all(sure for _, sure in codes)))
    return result


def lit_path(colours: list[np.ndarray], plain: np.ndarray, cols: int) -> set[int]:
    """The tiles lit up along a swipe, where the bonuses are colours: three or more tiles of
    one colour, not the plain one, on a path of neighbours, and no other coloured tile (a
    board's bonuses are of several colours, and rarely all touch). Empty where there is none."""
    coloured = [i for i, c in enumerate(colours) if np.linalg.norm(c - plain) >= 30]
    if len(coloured) < 3 or any(np.linalg.norm(colours[i] - colours[coloured[0]]) > 25
                                for i in coloured):
        return set()
    seen, todo = {coloured[0]}, [coloured[0]]
    while todo:
        i = todo.pop()
        for j in coloured:
            if j not in seen and abs(i // cols - j // cols) <= 1 and abs(i % cols - j % cols) <= 1:
                seen.add(j)
                todo.append(j)
    return set(coloured) if len(seen) == len(coloured) else set()


MARGIN = 0.06  # the margin over the next letter that makes a reading sure, for unlike letters
# the margin a die's letter needs over the best other letter in another turn: calibrated on
# benchmarks/image.py --looks seeds 105 and 106 (boggle, dice: every wrong tile flagged at
# 0.1, not at 0.06)
TURN_MARGIN = 0.1
ALIKE = 0.3  # and how much more it must be for alike ones, per unit of likeness over 0.6


def confidence(score: float, runner_up: float, closeness: float = 0.0,
               margin_needed: float = 0.0) -> float:
    """How sure a letter is, 0 to 1 (under ``THRESHOLD``: flagged).

    Its margin over the next letter, against the margin it needs: 0.06 for letters unlike each
    other, more for letters alike (O and Q, whose prototypes correlate 0.87, need 0.14), since
    an unseen font moves a letter further than that from its prototypes. Calibrated on
    benchmarks/image.py's seed-2 corpus (every wrong tile flagged, 9 % of right ones with it)
    and measured on another seed (BENCHMARKS.md). Times how close the glyph is to a prototype
    at all (a correlation of 0.75 or more is close): a blot like no letter is not sure."""
    needed = (margin_needed or MARGIN) + ALIKE * max(0.0, closeness - 0.6)
    margin = min(1.0, max(0.0, (score - runner_up) / (2 * needed)))
    likeness = min(1.0, max(0.0, (score - 0.45) / 0.3))
    return round(margin * likeness, 2)


LEAD = 4.0  # the network's lead (log-odds) over the next letter that makes a reading sure
SURE_LEAD = 2.5  # and the lead that does for a glyph all but the same as a prototype


def linear_confidence(margin: float, score: float) -> float:
    """How sure a letter is, 0 to 1, from the network's lead over the next letter
    (``margin``, log-odds: ``LEAD`` is sure) times how close the glyph is to a prototype of
    that letter at all (``score``, a correlation: 0.85 or more is close). Calibrated on
    benchmarks/image.py's seed-2 and seed-3 corpora (every wrong tile on a screenshot flagged,
    9 % of right ones with it), measured on seed 1 (BENCHMARKS.md); kept for the network that
    replaced the softmax regression (on seeds 2 and 3, 300 pictures each: every wrong tile
    flagged, 3.6-3.9 % of right ones; wrong readings led by up to 4.9, so a lower ``LEAD``
    would rest on the likeness alone). A die read in any turn is
    also held to ``confidence`` (its prototypes' runner-up in any turn: an M turned is a W)."""
    # a glyph all but the same as a prototype of the letter (0.95 or more) needs less of a
    # lead: a plain I's bar, whose network lead over E, F, L and T is 3 to 4 (issue 32: a
    # right I was flagged on most real pictures). Calibrated on benchmarks/image.py --looks
    # seeds 102 and 103: no wrong letter had a likeness of 0.93 or more but a Qu whose u was
    # left out.
    needed = LEAD - (LEAD - SURE_LEAD) * min(1.0, max(0.0, (score - 0.9) / 0.05))
    lead = min(1.0, max(0.0, margin / (2 * needed)))
    likeness = min(1.0, max(0.0, (score - 0.55) / 0.3))
    return round(lead * likeness, 2)


def sureness(guess, any_turn: bool = True) -> tuple[float, str]:
    """A guess's confidence and what to ask about it: the network's lead and the likeness
    (``linear_confidence``), a die's runner-up in another turn (an M turned is a W; not where
    an underline fixed the turn: ``any_turn`` False), and unsure wherever the network and the
    nearest prototype name different letters."""
    sure = (confidence(guess.score, guess.runner_up, guess.closeness)
            if guess.margin is None else linear_confidence(guess.margin, guess.score))
    other = guess.prototype
    why = f"{guess.letters} or {guess.second}?"
    if other is not None and any_turn and other.turned is not None:
        # how far the best other letter in another turn is (an A upside down is a V, an M a
        # W): the network, which reads one turn, cannot tell those apart; within one turn it
        # can (E or F)
        letter, score, closeness = other.turned
        turned_sure = confidence(other.score, score, closeness, TURN_MARGIN)
        if turned_sure < sure:
            sure, why = turned_sure, f"{guess.letters}, or {letter} turned?"
    if guess.nearest != guess.letters:  # the two classifiers disagree: neither is sure
        sure, why = min(sure, 0.3), f"{guess.letters} or {guess.nearest}?"
    return sure, why


def spell(classifier: Classifier, tiles: list, guesses: list, turned: bool) -> dict:
    """The tiles whose ink is several characters side by side, read character by character:
    {tile's number: (its text in board syntax, confidence, what to ask)}. ``Q`` and a small
    ``u`` are ``Qu``; letters alone a multi-letter tile (``TH``); a dash before or after them
    an affix (``-ER``, ``DE-``); two letters about a slash an either/or tile (``D/U``).
    Anything else (a dash between letters, a slash at an end) is flagged as it reads."""
    import numpy as np

    from .glyphs import split

    found = {}  # tile's number: [(its turn, its parts)], the turn read first
    for number, (tile, guess) in enumerate(zip(tiles, guesses)):
        if turned and tile.bar is None:
            if guess is None or tile.loose is None:
                continue
            # a die's Qu may be read in another turn than its Q alone would be (a small u
            # beside it makes it look like a P turned): its parts in every turn
            options = [(turn, split(np.ascontiguousarray(np.rot90(tile.loose, turn))))
                       for turn in [guess.turn] + [k for k in range(4) if k != guess.turn]]
            options = [(turn, parts) for turn, parts in options
                       if parts and (turn == guess.turn or len(parts) == 2)]
        else:
            options = [(0, tile.parts)] if tile.parts else []
        if options:
            found[number] = options
    glyphs = [glyph for options in found.values() for _, parts in options
              for kind, glyph in parts if not kind]
    read = iter(classifier.classify_each(glyphs, single=True))
    result = {}
    for number, options in found.items():
        readings = [spelled_parts(parts, read) for _, parts in options]
        chosen = readings[0] if options[0][0] == (guesses[number].turn if turned and
                                                  tiles[number].bar is None else 0) else None
        for reading in readings:
            if reading[0] == "Qu" and reading[1] >= THRESHOLD:
                chosen = reading
                break
        if chosen is not None:
            result[number] = chosen
    return result


def spelled_parts(parts: list, read) -> tuple[str, float, str]:
    """One tile's characters (``split``'s parts, the letters' guesses taken from ``read`` in
    order) as board text, its confidence, and what to ask (``spell``)."""
    items, sure, whys = [], 1.0, []
    for kind, _ in parts:
        if kind:
            items.append(kind)
            continue
        guess = next(read)
        part_sure, why = sureness(guess, False)
        sure = min(sure, part_sure)
        if part_sure < THRESHOLD:
            whys.append(why)
        items.append(guess.letters.upper())
    letters = [i for i in items if i not in "-/"]
    text = "".join(items)
    shape = "".join("L" if i not in "-/" else i for i in items)
    if text == "QU":
        text = "Qu"
    if not (letters and shape in ("-" + "L" * len(letters), "L" * len(letters) + "-",
                                  "L/L", "L" * max(2, len(letters)))):
        # a dash between letters, a slash at an end: no tile of any game
        sure, whys = min(sure, 0.3), [f"a tile of {text}?"]
    return text, round(sure, 2), "; ".join(whys) or f"{text}?"


def whole_turn(classifier: Classifier, tiles: list, upright: list) -> int:
    """The quarter turns (counter-clockwise) that put the whole board upright, where every
    tile reads far better so than as it lies (a screen photographed on its side: its letters
    read upright are sure nonsense); 0 where the board is upright, or its tiles lie every
    way (dice)."""
    def quality(guesses) -> float:
        return sum(0.0 if g is None or g.margin is None else
                   linear_confidence(g.margin, g.score) for g in guesses) / len(tiles)

    whole = [t for t in tiles if t.turned is not None and len(t.turned) == 4]
    if len(whole) < 0.75 * len(tiles):
        return 0
    base = quality(upright)
    best, best_quality = 0, base
    for turn in (1, 2, 3):
        read = iter(classifier.classify_each([t.turned[turn] for t in whole]))
        guesses = [next(read) if t.turned is not None and len(t.turned) == 4 else None
                   for t in tiles]
        turned_quality = quality(guesses)
        if turned_quality > best_quality:
            best, best_quality = turn, turned_quality
    return best if best and best_quality >= 0.6 and best_quality > base + 0.25 else 0


def read_picture(image: np.ndarray, letters: set[str] | None = None, bonuses: bool = True,
                 turns: str = "auto", classifier: Classifier | None = None) -> Reading:
    """Read the board in ``image`` (BGR). ``letters``: the tile texts the game can have (a
    language's letters and ``Qu``; None for all); ``bonuses``: read tile colours as bonus
    codes; ``turns``: "upright" (a screenshot), "any" (dice, any quarter turn) or "auto"
    (any, when most tiles do not read well upright)."""
    classifier = classifier or Classifier(letters)
    lattice = find_lattice(image)
    crops = cut_tiles(image, lattice)
    tiles = [[read_tile(crop, rotations=turns != "upright") for crop in row] for row in crops]
    flat = [t for row in tiles for t in row]
    read = iter(classifier.classify_each([t.glyphs[0] for t in flat if t.glyphs]))
    upright = [next(read) if t.glyphs else None for t in flat]
    turned = turns == "any"
    if turns == "auto":
        board_turn = whole_turn(classifier, flat, upright)
        if board_turn:
            # the whole screen lies turned (a phone photographed on its side): read the
            # picture turned upright, its board's rows and columns with it
            return read_picture(np.ascontiguousarray(np.rot90(image, board_turn)), letters,
                                bonuses, "upright", classifier)
        poor = sum(1 for g in upright if g is None or g.score < 0.7 and (
            g.margin is None or linear_confidence(g.margin, g.score) < THRESHOLD))
        turned = poor > len(flat) / 4
    if turned:
        read = iter(classifier.classify_turned_each([t.turned for t in flat if t.turned]))
        guesses = [next(read) if t.turned else None for t in flat]
    else:
        guesses = upright
    spelled = spell(classifier, flat, guesses, turned)
    cols = lattice.cols
    if bonuses:
        # Ruzzle's badges sit on the tile's corner, half outside it: looked for again in a
        # crop a little wider than the tile where the tile's own crop showed none
        wide = cut_tiles(image, Lattice(lattice.rows, cols, lattice.to_image,
                                        min(1.0, lattice.tile_share * 1.12), lattice.found))
        for tile, crop in zip(flat, [crop for row in wide for crop in row]):
            badge, tile.wide_corners = wide_badge(crop, tile.colour)
            if tile.badge is None:
                tile.badge = badge
    plain = plain_colour([t.colour for t in flat]) if bonuses else None
    marked = (marked_bonuses(flat, cols, gap_colour(image, lattice), gap_colours(image, lattice))
              if bonuses else None)
    lit = lit_path([t.colour for t in flat], plain, cols) if bonuses and not marked else set()
    readings = []
    for number, (tile, guess) in enumerate(zip(flat, guesses)):
        if marked:  # Ruzzle's frames and badges: a tile's fill is a swipe's light, no bonus
            bonus, sure_bonus = marked[number]
        elif bonuses and number not in lit:
            bonus, sure_bonus = bonus_code(tile.colour, plain)
        else:
            bonus, sure_bonus = "", True
        if guess is None:
            readings.append(TileReading("", bonus, 0.0, why="no letter found"))
            continue
        sure, why = sureness(guess, tile.bar is None)
        letters = guess.letters
        split_reading = spelled.get(number)
        if split_reading is not None:
            text, part_sure, part_why = split_reading
            if text.upper() == letters.upper():  # the whole and its parts agree: In, Qu
                sure = max(sure, part_sure)
            elif len(letters) > 1 and sure >= THRESHOLD:
                pass  # a face learnt whole (In, Th), read sure: its lower-case part is not
            elif part_sure < THRESHOLD <= sure:
                # one letter sure as a whole, its parts unsure (a serif K's arms apart from
                # its stem, read I C): still a question
                sure, why = min(sure, 0.3), f"{letters}, or {text}?"
            else:
                letters, sure, why = text, part_sure, part_why
        if tile.cut and not turned and split_reading is None:  # a letter cut off: Qu as Q
            sure, why = min(sure, 0.3), f"{guess.letters} and more, cut off by the tile's edge?"
        if not sure_bonus:
            sure, why = min(sure, 0.3), f"its colour is no bonus colour clearly ({bonus}?)"
        readings.append(TileReading(letters, bonus, sure, guess.second, why,
                                    (guess.score, guess.runner_up, guess.margin,
                                     guess.nearest)))
        readings[-1].guess = guess
    if marked:
        # something in a corner where the board's tiles have nothing, on a tile with no bonus
        # read: a badge of its tile's own colour (lit up by a swipe), or of a style not known
        usual = {corner for corner in range(4)
                 if sum(corner in t.corners for t in flat) > len(flat) / 2}
        wide_usual = {corner for corner in range(4)
                      if sum(corner in t.wide_corners for t in flat) > len(flat) / 2}
        for number, tile in enumerate(flat):
            reading = readings[number]
            lit_up = np.linalg.norm(tile.colour - plain) >= 30
            if reading.flagged:
                continue
            if lit_up and (reading.bonus or tile.wide_corners - wide_usual):
                # the game draws a lit tile's badge in the light's colour: which bonus it is
                # its text says, which is not read
                reading.confidence, reading.flagged = min(reading.confidence, 0.3), True
                reading.why = ("lit up along a swipe, with a badge: which bonus "
                               f"({reading.bonus or 'dl, tl, dw or tw'}?)")
            elif not reading.bonus and tile.corners - usual:
                reading.confidence, reading.flagged = min(reading.confidence, 0.3), True
                reading.why = "a mark in its corner: a bonus elzzur does not know?"
    if lit:
        for number in lit:
            reading = readings[number]
            reading.confidence = min(reading.confidence, 0.3)
            reading.flagged = True
            reading.why = "lit up along a swipe, or a bonus colour? read as no bonus"
    return Reading([readings[r * cols:(r + 1) * cols] for r in range(lattice.rows)], turned)
