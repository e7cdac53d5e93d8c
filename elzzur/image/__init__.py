"""Reading a board from a picture: a screenshot of a grid game or a photo of a Boggle board.

The parts, in the order a picture goes through them:

- ``grid.py`` finds the tiles (square blobs of one size on a lattice of 3 to 6 rows and
  columns, wherever they are on the screen, in perspective in a photo) and straightens them;
- ``tiles.py`` reads one tile: its background colour (the bonus), its ink, and the group of
  ink blobs that is the letter (a value or a badge in a corner left out);
- ``glyphs.py`` turns that ink into the small normalised picture the classifier compares;
- ``model.py`` is the classifier: the letters of every built-in alphabet rendered in free
  fonts at build time (``tools/train_glyphs.py``), kept in ``res/image/glyphs.npz``;
- ``reader.py`` puts them together: a picture in, a ``Reading`` (each tile's letters, bonus
  and confidence, low ones flagged) out, and the board text it stands for.

It needs numpy, OpenCV and Pillow, the optional extra ``pip install 'elzzur-solver[image]'``;
the rest of elzzur never imports this package, so the core install stays small and starts fast.
"""

from __future__ import annotations

from ..errors import ElzzurError

EXTRA = "elzzur-solver[image]"


def require() -> None:
    """Import the extra's packages, or raise the one error that says how to get them."""
    missing = []
    for module, package in (("numpy", "numpy"), ("cv2", "opencv-python-headless"),
                            ("PIL", "Pillow")):
        try:
            __import__(module)
        except ImportError:
            missing.append(package)
    if missing:
        raise ElzzurError(f"reading a picture needs {', '.join(missing)}: install the image "
                          f"extra, pip install '{EXTRA}' (or '.[image]' in a checkout)")
