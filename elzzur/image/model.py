"""The letter classifier: a small network and the prototypes in ``res/image/glyphs.npz``.

Both are learnt by ``tools/train_glyphs.py`` from letters rendered in many fonts. The network
(one hidden layer of ReLUs over the glyph's pixels, then a softmax; numpy only) names an
upright letter and says by how much (its lead in log-odds over the next letter): it has learnt
which strokes tell letters apart across fonts, so it reads a font it never saw better than the
prototypes do. Each prototype is one letter as one font draws it, compared by correlation: how
much the glyph looks like the named letter at all, and, for dice that may lie any way up,
which quarter turn is upright. ``reader`` turns the lead, the likeness and any disagreement of
the two into a confidence. (A file without the hidden layer is a softmax regression, read the
same way: the classifier before 2026-11-27.)
"""

from __future__ import annotations

import os

import numpy as np

from ..files import resource


class Guess:
    """A classifier's answer: ``letters`` (``A``, ``Qu``), its ``score`` (the correlation with
    its nearest prototype, 1 at most), ``runner_up`` (another letter's best score), and
    ``turn`` (quarter turns the glyph was read in)."""

    __slots__ = ("letters", "score", "runner_up", "turn", "second", "closeness", "margin",
                 "nearest", "prototype", "turned")

    def __init__(self, letters: str, score: float, runner_up: float, turn: int,
                 second: str, closeness: float = 0.0, margin: float | None = None) -> None:
        self.letters, self.score, self.runner_up = letters, score, runner_up
        self.turn, self.second = turn, second
        self.closeness = closeness  # how alike the two letters' prototypes are (0 to 1)
        # the network's lead of ``letters`` over ``second`` (log-odds), None without one,
        # and the nearest prototype's letter when the network named the letter
        self.margin, self.nearest = margin, letters
        self.prototype: Guess | None = None  # a die's reading by prototypes, in any turn
        # of a die read by prototypes in its four turns: the best other letter in another
        # turn (letter, score, closeness), None upright
        self.turned: tuple | None = None


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
            weights = data["weights"].astype(np.float32) if "weights" in data else None
            bias = data["bias"].astype(np.float32) if "bias" in data else None
            # a hidden layer before ``weights`` (ReLU), where the file has one
            self.hidden = ((data["hidden_weights"].astype(np.float32),
                            data["hidden_bias"].astype(np.float32))
                           if "hidden_weights" in data else None)
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
        # the network's columns for the same letters, in the same order
        self.weights = self.bias = None
        if weights is not None:
            self.weights = weights[:, self.letter_labels]
            self.bias = bias[self.letter_labels]

    def classify(self, glyphs: list[np.ndarray]) -> Guess:
        """The best letter for a glyph given in one or more turns (the turn with the best
        score wins; a letter's runner-up is the best other letter in any turn)."""
        if self.weights is not None and len(glyphs) == 1:
            return self.classify_linear(glyphs)
        if self.weights is not None:
            # a die's four turns: the turn is the one nearest a prototype (the network's
            # log-odds are not comparable between a letter upright and another turned), its
            # letter the network's in that turn, unsure where the two disagree
            nearest = self.classify_prototypes(glyphs)
            guess = self.classify_linear([glyphs[nearest.turn]])
            guess.turn, guess.nearest, guess.prototype = nearest.turn, nearest.letters, nearest
            return guess
        return self.classify_prototypes(glyphs)

    def classify_each(self, glyphs: list[np.ndarray], single: bool = False) -> list[Guess]:
        """``classify`` for many upright glyphs at once (a board's tiles), each its own (of
        one letter each where ``single``: a character of a tile's several): the same
        answers, in one product per layer instead of one per tile (a few large products are
        quicker than many small ones, most of all when BLAS's threads wait on a busy
        machine)."""
        if self.weights is None or not glyphs:
            return [self.classify([glyph]) for glyph in glyphs]
        stack = np.stack(glyphs)
        near = self._per_letter(stack)
        logits = self._logits(stack)
        if single:  # one character of a tile's several: no class of two letters (Qu, Th)
            several = np.array([len(self.classes[label]) > 1 for label in self.letter_labels])
            logits[:, several] = -1e9
            near[:, several] = -1.0
        return [self._guess(row, near_row, 0) for row, near_row in zip(logits, near)]

    def _logits(self, stack: np.ndarray) -> np.ndarray:
        """The network's log-odds of each glyph being each letter (glyphs x letters)."""
        inputs = stack if self.hidden is None else np.maximum(
            stack @ self.hidden[0] + self.hidden[1], 0)
        return inputs @ self.weights + self.bias

    def _guess(self, best: np.ndarray, near: np.ndarray, turn: int) -> Guess:
        """The network's guess from its log-odds ``best`` (per letter) and the glyph's
        likeness to each letter's nearest prototype (``near``)."""
        ranked = np.argsort(-best)
        first = int(ranked[0])
        second = int(ranked[1]) if len(ranked) > 1 else first
        score = float(near[first])
        runner_up = float(near[second]) if second != first else -1.0
        margin = float(best[first] - best[second]) if second != first else 99.0
        guess = Guess(self.classes[self.letter_labels[first]], score, runner_up, turn,
                      self.classes[self.letter_labels[second]],
                      float(self.closeness[first, second]) if second != first else 0.0, margin)
        # the nearest prototype's letter: where the two classifiers disagree, neither is sure
        guess.nearest = self.classes[self.letter_labels[int(near.argmax())]]
        return guess

    def classify_prototypes(self, glyphs: list[np.ndarray]) -> Guess:
        """``classify`` by the nearest prototype alone."""
        return self._nearest(self._per_letter(np.stack(glyphs)))

    def _per_letter(self, stack: np.ndarray) -> np.ndarray:
        """Each glyph's likeness to each letter's nearest prototype (glyphs x letters)."""
        features = stack @ self.whiten
        features /= np.maximum(np.linalg.norm(features, axis=1, keepdims=True), 1e-9)
        return np.maximum.reduceat(features @ self.prototypes.T, self.starts, axis=1)

    def _nearest(self, per_letter: np.ndarray) -> Guess:
        """The prototypes' guess from one glyph's likenesses in each turn (turns x letters)."""
        turns = per_letter.argmax(axis=0)
        best = per_letter.max(axis=0)
        ranked = np.argsort(-best)
        first = int(ranked[0])
        second = int(ranked[1]) if len(ranked) > 1 else first
        runner_up = float(best[second]) if second != first else -1.0
        guess = Guess(self.classes[self.letter_labels[first]], float(best[first]), runner_up,
                      int(turns[first]), self.classes[self.letter_labels[second]],
                      float(self.closeness[first, second]) if second != first else 0.0)
        # the best other letter in another turn than this one's (an A upside down is a V)
        others = per_letter.copy()
        others[int(turns[first]), :] = -2.0
        others[:, first] = -2.0
        turn, letter = np.unravel_index(int(others.argmax()), others.shape)
        if len(per_letter) > 1 and others[turn, letter] > -2.0:
            guess.turned = (self.classes[self.letter_labels[letter]], float(others[turn, letter]),
                            float(self.closeness[first, letter]))
        return guess

    def classify_turned_each(self, dice: list[list[np.ndarray]]) -> list[Guess]:
        """``classify`` for many dice at once, each given in its turns: the same answers, in a
        few products for the whole board."""
        if self.weights is None or not dice:
            return [self.classify(turns) for turns in dice]
        per_letter = self._per_letter(np.concatenate([np.stack(turns) for turns in dice]))
        nearest, start = [], 0
        for turns in dice:
            nearest.append(self._nearest(per_letter[start:start + len(turns)]))
            start += len(turns)
        guesses = self.classify_each([turns[n.turn] for turns, n in zip(dice, nearest)])
        for guess, near in zip(guesses, nearest):
            guess.turn, guess.nearest, guess.prototype = near.turn, near.letters, near
        return guesses

    def classify_linear(self, glyphs: list[np.ndarray]) -> Guess:
        """``classify`` by the network: the letter with the highest log-odds in any turn,
        its lead over the best other letter in any turn (``margin``), and how alike the glyph
        is to that letter's nearest prototype (``score``: a blot like no letter is not sure,
        whatever the network says)."""
        stack = np.stack(glyphs)
        logits = self._logits(stack)  # turns x letters
        best = logits.max(axis=0)
        turn = int(logits[:, int(best.argmax())].argmax())
        return self._guess(best, self._per_letter(stack[turn:turn + 1])[0], turn)
