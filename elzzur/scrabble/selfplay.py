"""Self-play: whole games between two computer players, with elzzur's own move generator, seeded
so that a game is the same on every run. What ``tools/train_leaves.py`` learns leave values
from, and what ``benchmarks/scrabble_equity.py`` measures the equity player with.

A player is a ``LeaveValues`` (it plays the best move by equity, exchanging when that ranks
best: ``elzzur.scrabble.equity``) or None (the score-greedy player: the highest-scoring move,
else an exchange of the whole rack, else a pass). The rules: racks of the edition's size drawn
from a shuffled bag; an exchange needs a rack's worth in the bag; the game ends when a player
goes out with the bag empty (they gain the points left on the other rack, which loses them), or
after six scoreless turns in a row (each loses what is left on their rack).
"""

from __future__ import annotations

import random

from .equity import Evaluator, Exchange, ranked
from .moves import show_leave
from .movegen import generate_moves
from .tiles import BLANK, TileSet
from .unseen import unseen_tiles

SCORELESS_LIMIT = 6  # scoreless turns in a row that end a game (tournament rules)
TURN_LIMIT = 200  # a bound on any game, whatever the players do


class Turn:
    """One turn: the ``player`` (0 or 1), what was done (``kind``, ``text``: the move's
    coordinate and word, or the tiles exchanged), its ``score``, the ``leave`` kept and how many
    tiles were left in the ``bag`` once the rack was refilled."""

    __slots__ = ("player", "kind", "text", "score", "leave", "bag")

    def __init__(self, player, kind, text, score, leave, bag):
        self.player, self.kind, self.text = player, kind, text
        self.score, self.leave, self.bag = score, leave, bag

    def __repr__(self) -> str:
        return f"Turn({self.player} {self.kind} {self.text} {self.score} {self.leave!r} {self.bag})"


class Game:
    """A finished game: the final ``scores`` (end-of-game adjustments included) and its
    ``turns``."""

    __slots__ = ("scores", "turns")

    def __init__(self, scores, turns):
        self.scores, self.turns = scores, turns


def new_bag(tiles: TileSet) -> list[str]:
    return sorted(t for t, n in tiles.counts.items() for _ in range(n)) + [BLANK] * tiles.blanks


def rack_of(tiles_list: list[str]) -> tuple[dict, int]:
    rack: dict[str, int] = {}
    blanks = 0
    for t in tiles_list:
        if t == BLANK:
            blanks += 1
        else:
            rack[t] = rack.get(t, 0) + 1
    return rack, blanks


def choose(player, board, rack_tiles, graph, tiles, layout):
    """The player's move: a ``Move``, an ``Exchange`` (kind exchange or pass)."""
    rack, blanks = rack_of(rack_tiles)
    if player is None:  # score-greedy
        moves = generate_moves(board, rack, blanks, graph, tiles, layout, top=1)
        if moves:
            return moves[0]
        unseen = unseen_tiles(board, rack, blanks, tiles)
        if unseen.can_exchange:
            return Exchange("exchange", show_leave(rack, blanks), "", 0.0)
        return Exchange("pass", "", show_leave(rack, blanks), 0.0)
    evaluate = Evaluator(player, unseen_tiles(board, rack, blanks, tiles), tiles)
    best = ranked(lambda top, values: generate_moves(board, rack, blanks, graph, tiles, layout,
                                                     top=top, leaves=values),
                  rack, blanks, evaluate, 1)
    return best[0] if best else Exchange("pass", "", "", 0.0)


def play_game(graph, tiles: TileSet, layout, players, seed: int) -> Game:
    """One game from an empty board; ``players`` two players (see the module), the first to
    move first. The same seed and players give the same game."""
    from .leaves import parse_leave

    rng = random.Random(seed)
    bag = new_bag(tiles)
    rng.shuffle(bag)
    size = layout.size
    board = [[None] * size for _ in range(size)]
    racks = [[], []]
    for r in racks:
        for _ in range(min(tiles.rack_size, len(bag))):
            r.append(bag.pop())
    scores = [0, 0]
    turns: list[Turn] = []
    scoreless = 0
    p = 0
    for _ in range(TURN_LIMIT):
        rack_tiles = racks[p]
        move = choose(players[p], board, rack_tiles, graph, tiles, layout)
        if move.kind == "play":
            for r, c, tile, blank in move.placed:
                board[r][c] = (tile, blank)
                rack_tiles.remove(BLANK if blank else tile)
            while len(rack_tiles) < tiles.rack_size and bag:
                rack_tiles.append(bag.pop())
            scores[p] += move.score
            scoreless = 0 if move.score or move.placed else scoreless + 1
            turns.append(Turn(p, "play", f"{move.coordinate} {move.word}", move.score,
                              move.leave, len(bag)))
            if not rack_tiles:  # out, with the bag empty
                left = sum(tiles.values.get(t, 0) for t in racks[1 - p])
                scores[p] += left
                scores[1 - p] -= left
                break
        else:
            if move.kind == "exchange":
                given, given_blanks = parse_leave(move.tiles)
                out = [t for t, n in given.items() for _ in range(n)] + [BLANK] * given_blanks
                for t in out:
                    rack_tiles.remove(t)
                for _ in range(len(out)):
                    rack_tiles.append(bag.pop())
                bag.extend(out)
                rng.shuffle(bag)
            turns.append(Turn(p, move.kind, move.tiles, 0, show_leave(*rack_of(rack_tiles)),
                              len(bag)))
            scoreless += 1
            if scoreless >= SCORELESS_LIMIT:
                for q in (0, 1):
                    scores[q] -= sum(tiles.values.get(t, 0) for t in racks[q])
                break
        p = 1 - p
    return Game(scores, turns)
