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
a blank, ``[CH]`` a tile of several letters. Records as people write them are read too: a
lower-case coordinate, a score without its ``+``, a play without its rack, Quackle's cross-words
after the total (``extra``), two players of one nick (told apart by turn). A line that cannot
be read is a warning in ``game.warnings`` (``ORIGIN, line N: …``) and the reading goes on, for
one bad line in a tournament's record should not cost the other forty; a record of no readable
move is an ElzzurError naming its first bad line. (The bytes are ``gcg_text.decode_gcg``'s.)

``review`` replays the game and, for each move with its rack, finds on the board as it stood
the best candidate by equity (``elzzur.scrabble.equity``, asked for the top one alone) and the
move played (``played_move``: among the moves of its own tiles), and the equity given away
between them. Ranking every candidate instead took 0.4-0.8 s a move for a rack of two blanks,
tens of thousands of moves built and sorted for two of them. A rack the record shows only in
part (``partial_rack``) gets no verdict: what a better move needed may be the tiles not shown.
"""

from __future__ import annotations

import re

from ..errors import ElzzurError, quoted
from ..printable import plain
from .moves import ACROSS, COLUMNS, DOWN, show_leave
from .position import parse_rack
from .tiles import BLANK, TileSet

MAX_EVENTS = 1000  # a game has a few dozen; a bound on what one file can ask for
MAX_WARNINGS = 1000  # lines not read, kept to be counted and shown (the first few)

_EVENT = re.compile(r"^>\s*([^:]+?)\s*:\s*(.*)$")
_SCORE = re.compile(r"^[+-]?\d{1,6}$")  # '+66', '-5', and '66' as some writers leave it
_TOTAL = re.compile(r"^[+-]?\d{1,7}$")
_COORDINATE = re.compile(r"^(\d{1,2}[A-Za-z]|[A-Za-z]\d{1,2})$")


class Event:
    """One ``>`` line: the ``line`` number, the player's ``nick``, the ``rack`` (``""`` if not
    given), the ``kind`` (play, exchange, pass, withdrawn, challenge, out, penalty), for a play
    its ``coordinate`` and ``word``, for an exchange the ``tiles``, and the ``score`` and
    ``total`` written; ``extra`` is what followed the total (Quackle's list of cross-words)."""

    __slots__ = ("line", "nick", "rack", "kind", "coordinate", "word", "tiles", "score", "total",
                 "extra")

    def __init__(self, line, nick, rack, kind, coordinate="", word="", tiles="", score=0,
                 total=0, extra=""):
        self.line, self.nick, self.rack, self.kind = line, nick, rack, kind
        self.coordinate, self.word, self.tiles = coordinate, word, tiles
        self.score, self.total, self.extra = score, total, extra


class GcgGame:
    """A parsed GCG file: the ``players`` (nicks in the order of the pragmas, else of first
    play), their ``names``, the ``events``, the ``lexicon`` pragma if any, the ``warnings``
    (``ORIGIN, line N: …`` for each line not read, and each rack set aside by the review) and
    ``notes`` (how the file was read where that was not plain: a nick shared by both players,
    an event naming a player by a first name)."""

    __slots__ = ("players", "names", "events", "lexicon", "warnings", "notes", "unread",
                 "not_read", "set_aside", "warned")

    def __init__(self, players, names, events, lexicon, warnings=None, notes=None):
        self.players, self.names, self.events, self.lexicon = players, names, events, lexicon
        self.warnings = warnings if warnings is not None else []
        self.notes = notes if notes is not None else []
        self.unread: list[int] = []  # the numbers of the first lines not read
        self.not_read = 0  # how many lines were not read
        self.set_aside = 0  # racks the review set aside
        self.warned = 0  # warnings given, kept or not

    def warn(self, message: str) -> None:
        """One warning: kept if fewer than ``MAX_WARNINGS`` are, counted in any case."""
        self.warned += 1
        if len(self.warnings) < MAX_WARNINGS:
            self.warnings.append(message)


class _Unread(Exception):
    """A line that cannot be read: a warning, and the reading goes on."""


def parse_gcg(text: str, origin: str = "gcg") -> GcgGame:
    """The events of a GCG file. A line that cannot be read is left out with a warning
    ``ORIGIN, line N: …`` in ``game.warnings``; an ElzzurError only when what is left is no
    game: no moves, more than two players, more than ``MAX_EVENTS`` events."""
    game = GcgGame([], {}, [], None)
    players, names, events = game.players, game.names, game.events
    shared: str | None = None  # a nick both players have: events are then given by turn
    first_names: dict[str, str] = {}  # an event naming a player by a first name: to its nick
    last_mover: str | None = None
    in_note = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.startswith("\ufeff"):
            line = line[1:].strip()

        def fail(message: str):
            raise _Unread(message)

        def stop(message: str):
            raise ElzzurError(f"{origin}, line {number}: {message}")

        if not line:
            continue
        try:
            if line.startswith("#"):
                pragma, _, rest = line[1:].partition(" ")
                in_note = pragma == "note"
                if pragma in ("player1", "player2"):
                    nick, _, name = rest.strip().partition(" ")
                    if not nick:
                        fail(f"#{pragma} names no player")
                    name = name.strip() or nick
                    if nick in players:  # two players of one nick (both 'NoName')
                        shared = nick
                        # shown by the first word of the name, else as NICK-2
                        first = name.split()[0] if name.split() else nick
                        nick = first if first.casefold() != nick.casefold() and \
                            first not in players else _unused(f"{nick}-2", players)
                        game.notes.append(
                            f"{origin}, line {number}: both players are {quoted(shared)}: each "
                            f"event is given to a player by turn, the second shown as "
                            f"{quoted(nick)}")
                    players.append(nick)
                    names[nick] = name
                elif pragma == "lexicon":
                    game.lexicon = plain(rest.strip(), 40) or None
                elif pragma == "game-type" and rest.strip().casefold() != "classic":
                    game.notes.append(f"{origin}, line {number}: the game type is "
                                      f"{plain(rest.strip())}: reviewed as a classic game")
                continue
            if not line.startswith(">"):
                if in_note:  # a note's text goes on until the next event
                    continue
                fail(f"expected a '>' event or a '#' pragma, got {quoted(line)}")
            in_note = False
            if len(events) >= MAX_EVENTS:
                stop(f"more than {MAX_EVENTS} events")
            match = _EVENT.match(line)
            if not match:
                fail("an event is '>NICK: RACK MOVE SCORE TOTAL'")
            nick, fields = match.group(1), match.group(2).split()
            event = _event(number, nick, fields, fail)
            if shared is not None and nick == shared:
                nick = _by_turn(event.kind, players, last_mover)
            elif nick not in players:
                known = _first_name(nick, players, names)
                if known is None and len(players) < 2:
                    players.append(nick)
                    names[nick] = nick
                elif known is None:
                    stop(f"a third player {quoted(nick)} (the game's players are "
                         f"{' and '.join(map(quoted, players))}; a game of more than two is "
                         f"not reviewed)")
                else:
                    if nick not in first_names:
                        game.notes.append(f"{origin}, line {number}: {quoted(nick)} taken for "
                                          f"the player {quoted(known)} ({plain(names[known])})")
                    first_names[nick] = known
                    nick = known
            event.nick = nick
            if event.kind in ("play", "exchange", "pass"):
                last_mover = nick
            events.append(event)
        except _Unread as unread:
            game.warn(f"{origin}, line {number}: {unread}")
            game.not_read += 1
            if len(game.unread) < MAX_WARNINGS:
                game.unread.append(number)
    if not events:
        if game.warnings:  # nothing read: refused with the first line that was not
            more = game.not_read - 1
            also = f"; {more} more line{'s' * (more != 1)} not read" if more else ""
            raise ElzzurError(f"{game.warnings[0]} (no move read{also})")
        raise ElzzurError(f"{origin}: no moves (no '>' lines)")
    return game


def _unused(nick: str, players: list[str]) -> str:
    while nick in players:
        nick += "-2"
    return nick


def _by_turn(kind: str, players: list[str], last_mover: str | None) -> str:
    """The player of an event whose nick both players share: a move is the turn of the one who
    did not move last; a withdrawn play, a challenge's points and the points for going out
    belong to the one who did; a penalty (tiles left, time) to the other."""
    if last_mover is None:
        return players[0]
    other = players[1] if last_mover == players[0] else players[0]
    return last_mover if kind in ("withdrawn", "challenge", "out") else other


def _first_name(nick: str, players: list[str], names: dict[str, str]):
    """The player an unknown event nick stands for, when both players are named and it is one
    player's nick in other case or the first word of one player's name alone (MAGPIE's
    ``#player2 Tim Josh Castellano`` then ``>Josh:``); else None."""
    if len(players) < 2:
        return None
    folded = nick.casefold()
    found = [p for p in players if p.casefold() == folded or
             (names[p].split() or [""])[0].casefold() == folded]
    return found[0] if len(found) == 1 else None


def _event(number: int, nick: str, fields: list[str], fail) -> Event:
    """An event's fields read from the left: ``RACK MOVE SCORE TOTAL``, where the move is one
    field (``-``, ``--``, ``-TILES``, ``(challenge)``, ``(time)``, ``(TILES)``) or two (a
    coordinate and a word); a play may come without its rack; the end-of-game points are
    ``(TILES) SCORE TOTAL``. Whatever follows the total is kept in ``extra``."""
    if not fields:
        fail("an event is '>NICK: RACK MOVE SCORE TOTAL' (too few fields)")
    first = fields[0]
    if first in ("(challenge)", "(time)"):
        fields = [""] + fields  # points for a challenge, or off for time, without the rack
        first = ""
    elif first.startswith("(") and first.endswith(")") and len(first) > 1:
        score, total, extra = _score(fields, 1, fail)
        return Event(number, nick, "", "out", tiles=first[1:-1], score=score, total=total,
                     extra=extra)
    if _COORDINATE.match(first) and len(fields) >= 4 and _SCORE.match(fields[2]):
        rack, rest, at = "", fields, 0  # a play written without its rack
    else:
        rack, rest, at = first, fields[1:], 1
    if not rest:
        fail("no move after the rack")
    move = rest[0]
    one = move.startswith("-") or move.startswith("(")
    if not one and (len(rest) < 2 or _SCORE.match(rest[1])):  # no word is a number
        fail(f"{quoted(move)} is not a move (a move is a coordinate such as 8D or D8 and a "
             f"word)")
    score, total, extra = _score(fields, at + (1 if one else 2), fail)
    if move == "-":
        return Event(number, nick, rack, "pass", score=score, total=total, extra=extra)
    if move == "--":
        return Event(number, nick, rack, "withdrawn", score=score, total=total, extra=extra)
    if move.startswith("-"):
        return Event(number, nick, rack, "exchange", tiles=move[1:], score=score, total=total,
                     extra=extra)
    if move.startswith("("):
        kind = "challenge" if move == "(challenge)" else "penalty"
        return Event(number, nick, rack, kind, tiles=move.strip("()"), score=score,
                     total=total, extra=extra)
    return Event(number, nick, rack, "play", coordinate=move, word=rest[1], score=score,
                 total=total, extra=extra)


def _score(fields: list[str], at: int, fail) -> tuple[int, int, str]:
    """The score and total at ``fields[at]`` and after, and what follows them."""
    if len(fields) < at + 2:
        got = " ".join(fields[at - 1:])
        fail(f"an event is '>NICK: RACK MOVE SCORE TOTAL'; after the move, expected a score "
             f"and a total, got {quoted(got) if got else 'nothing'}")
    score_text, total_text = fields[at], fields[at + 1]
    if not _SCORE.match(score_text):
        fail(f"the score must be a number such as +N or -N, got {quoted(score_text)}")
    if not _TOTAL.match(total_text):
        fail(f"the total must be a number, got {quoted(total_text)}")
    return int(score_text), int(total_text), plain(" ".join(fields[at + 2:]), 80)


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
    them. A play ``withdrawn`` (challenged off, ``--``) is valued as the pass it became.

    ``partial`` says why the rack written is not the whole rack (None when it is): then
    ``best`` is the best of the tiles known and ``lost`` is None, for a better move may have
    needed the tiles the record does not show, and the leave valued is not the leave kept."""

    __slots__ = ("event", "played", "equity", "best", "lost", "withdrawn", "pass_equity",
                 "partial")

    def __init__(self, event, played, equity, best, lost, pass_equity=None, partial=None):
        self.event, self.played, self.equity, self.best, self.lost = (
            event, played, equity, best, lost)
        self.withdrawn = False
        self.pass_equity = pass_equity
        self.partial = partial


def partial_rack(size: int, tiles: TileSet, on_board: int, exact: bool,
                 lists_played: bool) -> str | None:
    """Why a rack of ``size`` tiles cannot be the player's whole rack, or None.

    The tiles not on the board are both racks and the bag; a rack short of ``rack_size`` means
    the bag is empty, so the other rack holds all the rest, at most ``rack_size``: a rack
    smaller than (tiles not on the board) - ``rack_size`` is surely partial. With the bag
    empty a rack of just the tiles played is normal (going out), so it counts as partial only
    in a record shown to list the tiles played (``lists_played``: the player's earlier racks
    were exactly their tiles played while the bag was not empty). ``exact``: this rack is
    exactly the tiles it played."""
    full = tiles.rack_size
    if size >= full:
        return None
    not_on_board = sum(tiles.counts.values()) + tiles.blanks - on_board
    if size < not_on_board - full:
        return f"{size} tile{'s' * (size != 1)} while the bag is not empty"
    if exact and lists_played:
        return "the record lists only the tiles played"
    return None


def review(game: GcgGame, tiles: TileSet, layout, graph, leaves, origin: str = "gcg",
           progress=None) -> list[Reviewed]:
    """Replay ``game`` and review each play, exchange and pass that has a rack. A rack that
    cannot be the player's (not a rack of the edition, or without the tiles played) is set
    aside with a warning in ``game.warnings`` and the move reviewed as one without its rack; a
    play that cannot go on the board as it stands is an ElzzurError naming its line."""
    size = layout.size
    board = [[None] * size for _ in range(size)]
    on_board = 0
    lists_played: set[str] = set()  # players whose racks are shown to be their tiles played
    overfull = ""  # what the board holds beyond the set, once it does
    last_placed: dict[str, list] = {}
    out: list[Reviewed] = []
    for event in game.events:
        def fail(message: str, number=event.line):
            raise ElzzurError(f"{origin}, line {number}: {message}")

        def reject(message: str):
            raise _Unread(message)

        if event.kind == "withdrawn":
            taken = last_placed.pop(event.nick, [])
            for r, c, _, _ in taken:
                board[r][c] = None
            on_board -= len(taken)
            previous = next((r for r in reversed(out) if r.event.nick == event.nick), None)
            if previous is not None and previous.event.kind == "play" and previous.best:
                # challenged off: the turn scored nothing and kept the whole rack, a pass
                previous.withdrawn = True
                previous.equity = previous.pass_equity
                if previous.partial is None:
                    previous.lost = round(max(0.0, previous.best.equity - previous.equity), 1)
            continue
        if event.kind not in ("play", "exchange", "pass"):
            continue
        placed = placement(event, board, tiles, fail) if event.kind == "play" else []
        reviewed = None
        if event.rack:
            try:
                reviewed = _review_rack(event, placed, board, on_board, tiles, layout, graph,
                                        leaves, lists_played, fail, reject, overfull)
            except _Unread as unread:
                game.warn(f"{origin}, line {event.line}: {unread}; reviewed without its rack")
                game.set_aside += 1
        if reviewed is None:
            reviewed = Reviewed(event, None, None, None, None)
        elif reviewed.played is not None and event.kind == "play" and \
                reviewed.played.score != event.score:
            game.warn(f"{origin}, line {event.line}: the record scores "
                      f"{plain(event.coordinate + ' ' + event.word)} {event.score}, the board "
                      f"{reviewed.played.score}; the review uses {reviewed.played.score}")
        out.append(reviewed)
        if placed:
            for r, c, tile, blank in placed:
                board[r][c] = (tile, blank)
            on_board += len(placed)
            last_placed[event.nick] = placed
            if not overfull:
                overfull = _overfull(board, tiles)
                if overfull:
                    game.warn(f"{origin}, line {event.line}: the board now holds {overfull} "
                              f"(a blank written as a letter?): from here the racks are not "
                              f"checked against the tiles left, and the tiles unseen are off")
        if progress is not None:
            progress(reviewed)
    return out


def _overfull(board, tiles: TileSet) -> str:
    """What the board holds beyond the edition's set (``3 Z tiles … the English set has
    1``), or ``""``."""
    from .position import check_tile_counts

    try:
        check_tile_counts(board, {}, 0, tiles)
    except ElzzurError as error:
        return str(error).replace(" on the board and rack", "")
    return ""


def _review_rack(event: Event, placed, board, on_board: int, tiles: TileSet, layout, graph,
                 leaves, lists_played: set, fail, reject, overfull: bool) -> Reviewed:
    """``review``'s work for a move with its rack: the best candidate, the move played, what
    was given away, and whether the rack is partial. ``reject`` a rack that cannot be the
    player's, ``fail`` a move that cannot be read."""
    from .equity import Evaluator, ranked
    from .movegen import generate_moves
    from .unseen import unseen_tiles

    from .position import check_tile_counts

    try:
        rack, blanks = parse_rack(event.rack, tiles)
    except ElzzurError as error:
        reject(f"the rack {plain(event.rack)} is not read ({error})")
    if not overfull:  # (once the board holds more than the set, counts tell nothing)
        try:
            check_tile_counts(board, rack, blanks, tiles)
        except ElzzurError as error:
            reject(f"the rack {plain(event.rack)} is not read ({error})")
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
            reject(f"{plain(event.coordinate + ' ' + event.word)} places tiles not on the rack "
                   f"{plain(event.rack)}")
    size = sum(rack.values()) + blanks
    exact = event.kind == "play" and not left_blanks and not any(left.values())
    partial = partial_rack(size, tiles, on_board, exact, event.nick in lists_played)
    if partial is not None and exact and partial_rack(size, tiles, on_board, False, False):
        lists_played.add(event.nick)  # the tiles played, with the bag not empty
    evaluate = Evaluator(leaves, unseen_tiles(board, rack, blanks, tiles), tiles)
    # the best candidate alone: ranking every move of a two-blank rack took 0.4-0.7 s an
    # event, and only the best and the move played are needed
    top = ranked(
        lambda n, values: generate_moves(board, rack, blanks, graph, tiles, layout, n,
                                         leaves=values),
        rack, blanks, evaluate, 1)
    played, equity = find_played(event, placed, (board, graph, layout), rack, blanks,
                                 evaluate, tiles, fail, reject)
    best = top[0] if top else None
    lost = round(max(0.0, best.equity - equity), 1) if best is not None else 0.0
    full = show_leave(rack, blanks)
    return Reviewed(event, played, equity, best, None if partial else lost,
                    round(evaluate(full), 1), partial)


def find_played(event: Event, placed, position, rack, blanks, evaluate, tiles, fail,
                reject=None):
    """The candidate the event played, and its equity. A play the generator does not know
    (a phony) is valued at the score written plus its leave's value. ``position`` is the
    board, the word graph and the layout, for a play. An exchange that is no tiles is
    ``fail``; one that is not from the rack, ``reject`` (the rack's fault: default ``fail``)."""
    reject = reject or fail
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
        reject(f"an exchange of {plain(event.tiles)} tiles from the rack {plain(event.rack)}")
    try:
        given, given_blanks = parse_rack(event.tiles.replace(BLANK, "?"), tiles)
    except ElzzurError as error:
        fail(f"the exchange {quoted(event.tiles)}: {error}")
    kept = {t: n - given.get(t, 0) for t, n in rack.items()}
    if any(n < 0 for n in kept.values()) or any(t not in rack for t in given) \
            or given_blanks > blanks:
        reject(f"the exchange {quoted(event.tiles)} is not from the rack {plain(event.rack)}")
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
