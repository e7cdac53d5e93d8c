"""The letter classifier: the nearest of the prototypes in ``res/image/glyphs.npz``.

Each prototype is one letter as one font draws it (``tools/train_glyphs.py`` renders them); a
tile's glyph is compared with all of them by correlation, in each quarter turn where dice may
lie any way up. The answer is the best letter, its correlation, and the best correlation of any
other letter: the margin between the two is how sure the reading is, and what ``reader`` flags.
"""

from __future__ import annotations

import os

import numpy as np

from ..files import resource


class Guess:
    """A classifier's answer: ``letters`` (``A``, ``Qu``), its ``score`` (the correlation with
    its nearest prototype, 1 at most), ``runner_up`` (another letter's best score), and
    ``turn`` (quarter turns the glyph was read in)."""

    __slots__ = ("letters", "score", "runner_up", "turn", "second", "closeness")

    def __init__(self, letters: str, score: float, runner_up: float, turn: int,
                 second: str, closeness: float = 0.0) -> None:
        self.letters, self.score, self.runner_up = letters, score, runner_up
        self.turn, self.second = turn, second
        self.closeness = closeness  # how alike the two letters' prototypes are (0 to 1)


class Classifier:
    """The prototypes, narrowed to the letters a language can have on a tile."""

    def __init__(self, letters: set[str] | None = None, path: str | None = None) -> None:
        path = path or resource("image", "glyphs.npz")
        if not os.path.isfile(path):
            from ..errors import ElzzurError

            raise ElzzurError(f"the letter classifier is missing ({path}): run "
                              f"tools/train_glyphs.py")
        with np.load(path, allow_pickle=False) as data:
            classes = [str(c) for c in data["classes"]]
            labels = data["labels"].astype(int)
            prototypes = data["prototypes"].astype(np.float32)
            self.whiten = data["whiten"].astype(np.float32)
        wanted = [i for i, c in enumerate(classes) if letters is None or c in letters]
        keep = np.isin(labels, wanted)
        order = np.argsort(labels[keep], kind="stable")
        self.classes = classes
        self.prototypes = prototypes[keep][order]
        self.labels = labels[keep][order]
        # where each letter's run of prototypes starts: one reduceat gives each letter's best
        self.starts = np.flatnonzero(np.r_[True, self.labels[1:] != self.labels[:-1]])
        self.letter_labels = self.labels[self.starts]
        # how alike each two letters can look: their most similar prototypes (O and Q 0.87, I
        # and İ 0.96, A and V 0.03); alike letters need a wider margin to be sure
        similar = self.prototypes @ self.prototypes.T
        similar = np.maximum.reduceat(similar, self.starts, axis=0)
        self.closeness = np.maximum.reduceat(similar, self.starts, axis=1)

    def classify(self, glyphs: list[np.ndarray]) -> Guess:
        """The best letter for a glyph given in one or more turns (the turn with the best
        score wins; a letter's runner-up is the best other letter in any turn)."""
        features = np.stack(glyphs) @ self.whiten
        features /= np.maximum(np.linalg.norm(features, axis=1, keepdims=True), 1e-9)
        scores = features @ self.prototypes.T  # turns x prototypes
        per_letter = np.maximum.reduceat(scores, self.starts, axis=1)  # turns x letters
        turns = per_letter.argmax(axis=0)
        best = per_letter.max(axis=0)
        ranked = np.argsort(-best)
        first = int(ranked[0])
        second = int(ranked[1]) if len(ranked) > 1 else first
        runner_up = float(best[second]) if second != first else -1.0
        return Guess(self.classes[self.letter_labels[first]], float(best[first]), runner_up,
                     int(turns[first]), self.classes[self.letter_labels[second]],
                     float(self.closeness[first, second]) if second != first else 0.0)
