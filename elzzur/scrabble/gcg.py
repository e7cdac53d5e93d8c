"""GCG, the standard record of a Scrabble game, read and reviewed move by move.

A GCG file is ``#pragma`` lines (``#player1 NICK Full Name``, ``#lexicon``, ``#note`` …, the
unknown ones ignored) and one ``>`` line an event::

    >Alice: AEINRST 8D RETAINS +72 72        a move: rack, coordinate, word, score, total
    >Bob: UUVWXYZ -UUVW +0 0                  an exchange (or -7: seven tiles, unnamed)
    >Bob: UUVWXYZ - +0 0                      a pass
    >Bob: AEI -- -12 60                       the previous move withdrawn (a phony challenged off)
    >Alice: AEINRST (challenge) +5 77         points for a challenge
    >Alice: (DOG) +10 300                     the other rack's points, for going out
    >Bob: DOG (DOG) -5 250                    points off for tiles left (or (time), time penalty)

In a word, ``.`` or a letter in parentheses is a tile already on the board, a lower-case letter
a blank, ``[CH]`` a tile of several letters. Anything else is an ElzzurError naming the line.

``review`` replays the game and, for each move with its rack, finds on the board as it stood
the best candidate by equity (``elzzur.scrabble.equity``, asked for the top one alone) and the
move played (``played_move``: among the moves of its own tiles), and the equity given away
between them. Ranking every candidate instead took 0.4-0.8 s a move for a rack of two blanks,
tens of thousands of moves built and sorted for two of them.
"""

from __future__ import annotations

import re

from ..errors import ElzzurError, quoted
from ..printable import plain
from .moves import ACROSS, COLUMNS, DOWN, show_leave
from .position import parse_rack
from .tiles import BLANK, TileSet

MAX_EVENTS = 1000  # a game has a few dozen; a bound on what one file can ask for

_EVENT = re.compile(r"^>\s*([^:]+?)\s*:\s*(.*)$")
_SCORE = re.compile(r"^[+-]\d{1,6}$")
_TOTAL = re.compile(r"^-?\d{1,7}$")


class Event:
    """One ``>`` line: the ``line`` number, the player's ``nick``, the ``rack`` (``""`` if not
    given), the ``kind`` (play, exchange, pass, withdrawn, challenge, out, penalty), for a play
    its ``coordinate`` and ``word``, for an exchange the ``tiles``, and the ``score`` and
    ``total`` written."""

    __slots__ = ("line", "nick", "rack", "kind", "coordinate", "word", "tiles", "score", "total")

    def __init__(self, line, nick, rack, kind, coordinate="", word="", tiles="", score=0,
                 total=0):
        self.line, self.nick, self.rack, self.kind = line, nick, rack, kind
        self.coordinate, self.word, self.tiles = coordinate, word, tiles
        self.score, self.total = score, total


class GcgGame:
    """A parsed GCG file: the ``players`` (nicks in the order of the pragmas, else of first
    play), their ``names``, the ``events``, the ``lexicon`` pragma if any."""

    __slots__ = ("players", "names", "events", "lexicon")

    def __init__(self, players, names, events, lexicon):
        self.players, self.names, self.events, self.lexicon = players, names, events, lexicon


def parse_gcg(text: str, origin: str = "gcg") -> GcgGame:
    """The events of a GCG file; malformed lines are an ElzzurError ``ORIGIN, line N: …``."""
    players: list[str] = []
    names: dict[str, str] = {}
    events: list[Event] = []
    lexicon = None
    in_note = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()

        def fail(message: str):
            raise ElzzurError(f"{origin}, line {number}: {message}")

        if not line:
            continue
        if line.startswith("#"):
            pragma, _, rest = line[1:].partition(" ")
            in_note = pragma == "note"
            if pragma in ("player1", "player2"):
                nick, _, name = rest.strip().partition(" ")
                if not nick:
                    fail(f"#{pragma} names no player")
                if nick in players:
                    fail(f"player {quoted(nick)} is named twice")
                players.append(nick)
                names[nick] = name.strip() or nick
            elif pragma == "lexicon":
                lexicon = rest.strip() or None
            continue
        if not line.startswith(">"):
            if in_note:  # a note's text goes on until the next event
                continue
            fail(f"expected a '>' event or a '#' pragma, got {quoted(line)}")
        in_note = False
        if len(events) >= MAX_EVENTS:
            fail(f"more than {MAX_EVENTS} events")
        match = _EVENT.match(line)
        if not match:
            fail("an event is '>NICK: RACK MOVE SCORE TOTAL'")
        nick, fields = match.group(1), match.group(2).split()
        if nick not in players:
            if len(players) == 2:
                fail(f"a third player {quoted(nick)} (the game's players are "
                     f"{' and '.join(map(quoted, players))})")
            players.append(nick)
            names[nick] = nick
        events.append(_event(number, nick, fields, fail))
    if not events:
        raise ElzzurError(f"{origin}: no moves (no '>' lines)")
    return GcgGame(players, names, events, lexicon)


def _event(number: int, nick: str, fields: list[str], fail) -> Event:
    if len(fields) < 3:
        fail("an event is '>NICK: RACK MOVE SCORE TOTAL' (too few fields)")
    score_text, total_text = fields[-2], fields[-1]
    if not _SCORE.match(score_text):
        fail(f"the score must be +N or -N, got {quoted(score_text)}")
    if not _TOTAL.match(total_text):
        fail(f"the total must be a number, got {quoted(total_text)}")
    score, total = int(score_text), int(total_text)
    body = fields[:-2]
    if len(body) == 1 and body[0].startswith("(") and body[0].endswith(")"):
        return Event(number, nick, "", "out", tiles=body[0][1:-1], score=score, total=total)
    rack, rest = body[0], body[1:]
    if not rest:
        fail("no move after the rack")
    first = rest[0]
    if len(rest) == 1:
        if first == "-":
            return Event(number, nick, rack, "pass", score=score, total=total)
        if first == "--":
            return Event(number, nick, rack, "withdrawn", score=score, total=total)
        if first.startswith("-"):
            return Event(number, nick, rack, "exchange", tiles=first[1:], score=score,
                         total=total)
        if first in ("(challenge)", "(time)") or first.startswith("("):
            kind = "challenge" if first == "(challenge)" else "penalty"
            return Event(number, nick, rack, kind, tiles=first.strip("()"), score=score,
                         total=total)
        fail(f"{quoted(first)} is not a move (a move is a coordinate such as 8D or D8 and a "
             f"word)")
    if len(rest) != 2:
        fail(f"expected a coordinate and a word, got {quoted(' '.join(rest))}")
    return Event(number, nick, rack, "play", coordinate=rest[0], word=rest[1], score=score,
                 total=total)


def locate(coordinate: str, size: int):
    """(row, col, direction) of a GCG coordinate: ``8D`` across (row first), ``D8`` down; None
    if it is neither or off a board of ``size``."""
    m = re.match(r"^(\d{1,2})([A-Za-z])$", coordinate)
    if m:
        row, col, direction = int(m.group(1)) - 1, COLUMNS.find(m.group(2).upper()), ACROSS
    else:
        m = re.match(r"^([A-Za-z])(\d{1,2})$", coordinate)
        if not m:
            return None
        row, col, direction = int(m.group(2)) - 1, COLUMNS.find(m.group(1).upper()), DOWN
    if not (0 <= row < size and 0 <= col < size):
        return None
    return row, col, direction


def placement(event: Event, board, tiles: TileSet, fail):
    """The tiles a play puts down, as ``(row, col, tile, is_blank)``, checked against the board:
    a ``.`` or a letter in parentheses must be a tile already there, a new letter an empty
    square on the board."""
    from .position import tokens

    size = len(board)
    play = plain(f"{event.coordinate} {event.word}")
    where = locate(event.coordinate, size)
    if where is None:
        fail(f"{quoted(event.coordinate)} is not a square of a {size}x{size} board (8D across, "
             f"D8 down)")
    row, col, direction = where
    dr, dc = (0, 1) if direction == ACROSS else (1, 0)
    placed, through = [], False
    i = 0
    try:
        squares = tokens(event.word, f"the word {plain(event.word)}")
    except ElzzurError as error:  # a '[' without its ']'
        fail(str(error))
    for token in squares:
        if token == "(":
            through = True
            continue
        if token == ")":
            through = False
            continue
        r, c = row + dr * i, col + dc * i
        i += 1
        if not (r < size and c < size):
            fail(f"{play} runs off the board")
        square = board[r][c]
        if token == "." or through:
            if square is None:
                fail(f"{play}: square {COLUMNS[c]}{r + 1} is empty, the word has a tile "
                     f"already there")
            continue
        if square is not None:
            shown = tiles.lower[square[0]] if square[1] else square[0]
            if token not in (square[0], shown, tiles.lower.get(square[0])):
                fail(f"{play}: square {COLUMNS[c]}{r + 1} holds {shown}, the word has "
                     f"{plain(token)}")
            continue
        if token in tiles.values:
            placed.append((r, c, token, False))
        elif token in tiles.blank_letters:
            placed.append((r, c, tiles.blank_letters[token], True))
        else:
            fail(f"{quoted(token)} in {quoted(event.word)} is not a tile of the {tiles.name} set")
    if not placed:
        fail(f"{play} places no tile")
    return placed


class Reviewed:
    """One move of the game reviewed: the ``event``, the ``played`` candidate (a ``Move`` or an
    ``Exchange``; None if the generator does not know the play: a phony, or a word the
    dictionary lacks), its ``equity``, the ``best`` candidate, and the equity ``lost`` between
    them. A play ``withdrawn`` (challenged off, ``--``) is valued as the pass it became."""

    __slots__ = ("event", "played", "equity", "best", "lost", "withdrawn", "pass_equity")

    def __init__(self, event, played, equity, best, lost, pass_equity=None):
        self.event, self.played, self.equity, self.best, self.lost = (
            event, played, equity, best, lost)
        self.withdrawn = False
        self.pass_equity = pass_equity


def review(game: GcgGame, tiles: TileSet, layout, graph, leaves, origin: str = "gcg",
           progress=None) -> list[Reviewed]:
    """Replay ``game`` and review each play, exchange and pass that has a rack."""
    from .equity import Evaluator, ranked
    from .movegen import generate_moves
    from .unseen import unseen_tiles

    size = layout.size
    board = [[None] * size for _ in range(size)]
    last_placed: dict[str, list] = {}
    out: list[Reviewed] = []
    for event in game.events:
        def fail(message: str, number=event.line):
            raise ElzzurError(f"{origin}, line {number}: {message}")

        if event.kind == "withdrawn":
            for r, c, _, _ in last_placed.pop(event.nick, []):
                board[r][c] = None
            previous = next((r for r in reversed(out) if r.event.nick == event.nick), None)
            if previous is not None and previous.event.kind == "play" and previous.best:
                # challenged off: the turn scored nothing and kept the whole rack, a pass
                previous.withdrawn = True
                previous.equity = previous.pass_equity
                previous.lost = round(max(0.0, previous.best.equity - previous.equity), 1)
            continue
        if event.kind not in ("play", "exchange", "pass"):
            continue
        placed = placement(event, board, tiles, fail) if event.kind == "play" else []
        reviewed = None
        if event.rack:
            try:
                rack, blanks = parse_rack(event.rack, tiles, board)
            except ElzzurError as error:
                fail(str(error))
            left = dict(rack)
            left_blanks = blanks
            for _, _, tile, blank in placed:
                if blank:
                    left_blanks -= 1
                elif left.get(tile):
                    left[tile] -= 1
                else:
                    left_blanks = -1
                if left_blanks < 0:
                    fail(f"{plain(event.coordinate + ' ' + event.word)} places tiles not on "
                         f"the rack {plain(event.rack)}")
            evaluate = Evaluator(leaves, unseen_tiles(board, rack, blanks, tiles), tiles)
            # the best candidate alone: ranking every move of a two-blank rack took 0.4-0.7 s
            # an event, and only the best and the move played are needed
            top = ranked(
                lambda n, values: generate_moves(board, rack, blanks, graph, tiles, layout, n,
                                                 leaves=values),
                rack, blanks, evaluate, 1)
            played, equity = find_played(event, placed, (board, graph, layout), rack, blanks,
                                         evaluate, tiles, fail)
            best = top[0] if top else None
            lost = round(max(0.0, best.equity - equity), 1) if best is not None else 0.0
            full = show_leave(rack, blanks)
            reviewed = Reviewed(event, played, equity, best, lost, round(evaluate(full), 1))
        else:
            reviewed = Reviewed(event, None, None, None, None)
        out.append(reviewed)
        if placed:
            for r, c, tile, blank in placed:
                board[r][c] = (tile, blank)
            last_placed[event.nick] = placed
        if progress is not None:
            progress(reviewed)
    return out


def find_played(event: Event, placed, position, rack, blanks, evaluate, tiles, fail):
    """The candidate the event played, and its equity. A play the generator does not know
    (a phony) is valued at the score written plus its leave's value. ``position`` is the
    board, the word graph and the layout, for a play."""
    from .equity import Exchange, exchanges
    from .leaves import parse_leave

    if event.kind == "play":
        left = dict(rack)
        left_blanks = blanks
        for _, _, tile, blank in placed:
            if blank:
                left_blanks -= 1
            else:
                left[tile] -= 1
        leave = show_leave({t: n for t, n in left.items() if n}, left_blanks)
        board, graph, layout = position
        move = played_move(board, placed, graph, tiles, layout)
        if move is not None:
            move.leave = leave
            move.equity = (10 * move.score + evaluate.tenths(leave)) / 10
            return move, move.equity
        return None, (10 * event.score + evaluate.tenths(leave)) / 10
    full = show_leave(rack, blanks)
    if event.kind == "pass":
        return Exchange("pass", "", full, round(evaluate(full), 1)), round(evaluate(full), 1)
    # an exchange: named tiles, or a count of unnamed ones (then the best of that many);
    # a count in ASCII digits only ('²' is a digit to str.isdigit, not to int)
    if event.tiles.isascii() and event.tiles.isdigit():
        count = int(event.tiles[-3:]) if len(event.tiles.lstrip("0")) <= 3 else 1000
        same = [c for c in exchanges(rack, blanks, evaluate) if
                sum(parse_leave(c.tiles)[0].values()) + parse_leave(c.tiles)[1] == count]
        if same:
            return same[0], same[0].equity
        fail(f"an exchange of {plain(event.tiles)} tiles from the rack {plain(event.rack)}")
    try:
        given, given_blanks = parse_rack(event.tiles.replace(BLANK, "?"), tiles)
    except ElzzurError as error:
        fail(f"the exchange {quoted(event.tiles)}: {error}")
    kept = {t: n - given.get(t, 0) for t, n in rack.items()}
    if any(n < 0 for n in kept.values()) or any(t not in rack for t in given) \
            or given_blanks > blanks:
        fail(f"the exchange {quoted(event.tiles)} is not from the rack {plain(event.rack)}")
    leave = show_leave({t: n for t, n in kept.items() if n}, blanks - given_blanks)
    value = round(evaluate(leave), 1)  # what is kept: an exchange's equity
    return Exchange("exchange", show_leave(given, given_blanks), leave, value), value


def played_move(board, placed, graph, tiles: TileSet, layout):
    """The generator's ``Move`` of the tiles ``placed`` (with its score, its leave unset), or
    None if it is no legal move (a phony, a word the dictionary lacks).

    Found among the moves of a rack of just those tiles, each blank as the letter it stands
    for: a rack without blanks is searched in a millisecond, where a rack with two took a
    tenth of a second and built tens of thousands of moves. Whether a placement is legal does
    not depend on which of its tiles are blanks, only its score does: a blank's letter counts
    nothing, in the main word (times its word premiums) and in the cross-word through its
    square (times that square's word premium), which is taken off the letter's score
    (tests/test_redteam_games.py checks it against the moves of the whole rack)."""
    from .movegen import generate_moves

    letters: dict[str, int] = {}
    for _, _, tile, _ in placed:
        letters[tile] = letters.get(tile, 0) + 1
    key = frozenset((r, c, tile) for r, c, tile, _ in placed)
    blank = {(r, c) for r, c, _, is_blank in placed if is_blank}
    for move in generate_moves(board, letters, 0, graph, tiles, layout):
        if len(move.placed) == len(placed) and \
                frozenset((r, c, tile) for r, c, tile, _ in move.placed) == key:
            break
    else:
        return None
    if not blank:
        return move
    from .moves import Move

    dr, dc = (0, 1) if move.direction == ACROSS else (1, 0)
    squares, word_premium = [], 1
    for i, (tile, _, new) in enumerate(move.squares):
        r, c = move.row + dr * i, move.col + dc * i
        squares.append((tile, (r, c) in blank, new) if new else move.squares[i])
        if new:
            word_premium *= layout.word[r][c]
    size = len(board)
    taken = 0
    for r, c in blank:
        tile = next(t for rr, cc, t, _ in placed if (rr, cc) == (r, c))
        points = tiles.values[tile] * layout.letter[r][c]
        taken += points * word_premium
        crossed = any(0 <= r + s * dc < size and 0 <= c + s * dr < size and
                      board[r + s * dc][c + s * dr] is not None for s in (-1, 1))
        if crossed:
            taken += points * layout.word[r][c]
    placed_blanks = tuple((r, c, t, (r, c) in blank) for r, c, t, _ in move.placed)
    return Move(move.row, move.col, move.direction, placed_blanks, tuple(squares),
                move.score - taken, "", tiles)
