"""``solve --jobs N``: a batch spread over N processes that each read, solve and write their
share of the boards, the output in the input's order.

The parent reads the files and cuts their text into parts at blank lines
(``grid.rows.split_parts``); it sends the workers text, not boards. Each worker writes its
part's output to the output's file descriptor itself, when the parts before it have been
written (forked workers share the descriptor and its offset), or else sends it back to the
parent to write (a test's captured output, a start method other than fork). Every part is
checked first (all parts at once, so that an error in any board comes before any output and
the number of boards is known, as with one process), then read again to solve it; a plain
part is counted rather than read, and the tiles a worker parses while checking are kept for
solving (``_cells``), so checking costs about 2 microseconds a board against the hundred of
solving and writing. Near a limit that spans the whole text (more than
``MAX_BOARDS`` boards or ``MAX_TILES`` different tokens), and for a text without boards,
the parent reads that text itself, for the exact error of one process. At most two parts a
worker are under way or waiting to be written, so memory stays bounded whatever the
output's reader does."""

from __future__ import annotations

import os

from ..errors import ElzzurError
from .commands import Args
from .output import Output

PART = 1 << 14  # characters of board text a worker reads at a time, at most: ~270 4x4 boards,
# ~20 ms of a worker's time, so that the workers end together and seldom wait for their turn


def solve_spread(boards: list, sources, language, args: Args, out: Output, jobs: int) -> None:
    """Solve the boards already read (pictures) and those of ``sources`` (``-b`` values) in
    ``jobs`` processes; fewer where there are fewer parts."""
    from ..grid.board import read_board_text
    from ..grid.rows import split_parts
    from .solve import solve_boards, terminal_width, workers

    texts, failure = [], None
    for source in sources:
        try:
            texts.append(read_board_text(source))
        except ElzzurError as e:  # after the errors of the texts before it, as in one process
            failure = e
            break
    size = max(1, min(PART, sum(len(text) for text, _ in texts) // (16 * jobs)))
    pieces = [("boards", [board], None, 0, -1) for board in boards]
    for number, (text, origin) in enumerate(texts):
        pieces += [("part", text[start:end], origin, line, number)
                   for start, end, line in split_parts(text, size)]
    processes = workers(jobs, len(pieces))
    if processes <= 1 or failure is not None:
        for text, origin in texts:
            boards += read_text(text, origin, language)
        if failure is not None:
            raise failure
        solve_boards(boards, language, args, out)
        return
    from concurrent.futures import ProcessPoolExecutor

    args.terminal = terminal_width(args)  # before the workers start: they are sent args
    _turns[:] = []
    import multiprocessing

    if multiprocessing.get_start_method() == "fork":  # the workers share the output's file
        try:
            _turns[:] = [multiprocessing.Value("q", 0, lock=False), multiprocessing.Condition(),
                         os.getpid()]
        except (ImportError, OSError):  # no shared memory or semaphores here: the parent writes
            _turns[:] = []
    pool = ProcessPoolExecutor(processes, initializer=_worker_start,
                               initargs=(args.language, args))
    done = False
    try:
        pieces, count = check(pool, pieces, texts, language)
        solve_boards([], language, args, out,
                     spread=(count, lambda batch: render(pool, pieces, processes, batch, out)))
        done = True
    finally:  # on Ctrl-C or an error, the parts not yet started are dropped
        if _turns:
            with _turns[1]:
                _turns[0].value = -1  # and no worker waits for its turn to write
                _turns[1].notify_all()
        # when done, the workers are idle: waiting for them to end is quick, and leaves
        # nothing for the executor's own exit handler, which can race with its closing pipe
        pool.shutdown(wait=done, cancel_futures=not done)
        _turns.clear()


def read_text(text: str, origin: str, language) -> list:
    """All the boards of one text, read here, with the errors of ``cli.solve.read_boards``."""
    from ..grid.board import parse_boards
    from .solve import with_hint

    try:
        return parse_boards(text, language, origin)
    except ElzzurError as e:
        raise with_hint(e, origin, "solve", text) from None


def check(pool, pieces: list, texts: list, language) -> tuple[list, int]:
    """Every part read by the workers only to check it, in order: the first error is raised.
    Returns the pieces to solve (a text read here becomes one piece of its boards) and the
    number of boards."""
    from ..grid.rows import MAX_BOARDS, MAX_TILES
    from .solve import with_hint

    futures = {index: pool.submit(_worker_check, piece)
               for index, piece in enumerate(pieces) if piece[0] == "part"}
    kept, count, index = [], 0, 0
    while index < len(pieces):
        piece = pieces[index]
        if piece[0] == "boards":
            kept.append(piece)
            count += len(piece[1])
            index += 1
            continue
        number = piece[4]  # the text's parts, in order
        group = []
        while index < len(pieces) and pieces[index][0] == "part" and pieces[index][4] == number:
            group.append(index)
            index += 1
        boards = tiles = 0  # so far: the limits count over the whole text
        here = False
        for at in group:
            result = futures[at].result()
            if isinstance(result, ElzzurError):
                size = len(pieces[at][1])  # at most a board and a token a character before it
                if boards + size >= MAX_BOARDS or tiles + size > MAX_TILES:
                    here = True
                    break
                raise with_hint(result, pieces[at][2], "solve", pieces[at][1])
            boards, tiles = boards + result[0], tiles + result[1]
            if boards >= MAX_BOARDS or tiles > MAX_TILES:
                here = True
                break
        if here or boards == 0:  # the error of one process, or the boards after all
            text, origin = texts[number]
            read = read_text(text, origin, language)
            kept.append(("boards", read, None, 0, number))
            count += len(read)
        else:
            kept += [pieces[at] for at in group]
            count += boards
    return kept, count


def render(pool, pieces: list, processes: int, batch: bool, out: Output):
    """Each piece's output text, in order, its boards solved and written by a worker (and
    joined as ``cli.solve.joined`` joins them); no more than two pieces a worker under way or
    done and waiting.

    Where the output is a file descriptor the workers share (forked, they share its
    offset), each worker writes its piece's text to it itself when its turn comes (the
    pieces' order), and the parent only waits: it would otherwise spend as long receiving
    and writing the text (14 KB a 4x4 board in JSON lines) as a worker spends making it."""
    from collections import deque

    target = out.raw() if _turns else None
    if target is None:
        _turns.clear()
    pending: deque = deque()
    last = len(pieces) - 1
    for index, piece in enumerate(pieces):
        pending.append(pool.submit(_worker_render, piece, batch, index == 0, index == last,
                                   (index, *target) if target else None))
        if len(pending) >= 2 * processes:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()


# --- in the workers ------------------------------------------------------------------------------

_worker: list = []  # language, dictionary (None until the first board is solved), args
# [, the renderer]
_cells: dict = {}  # each text's cells read by token (in this worker), by the text's number
_turns: list = []  # the piece whose turn it is to be written, its Condition, the parent's pid


def _worker_start(spec: str, args: Args) -> None:
    """Load the language (a code or a file's path, as given to -l); the dictionary waits for
    the first board to solve (checking parts needs none, and the parent loads it first, so
    that a list of the user's is built and cached once). Ctrl-C (and SIGHUP, SIGTERM)
    reaches every process of the terminal's group: only the parent answers it, and stops
    the workers."""
    import signal

    from ..lexicon.languages import get_language

    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, signal.SIG_IGN)
    _worker[:] = [get_language(spec), None, args]
    _cells.clear()


def _read_piece(piece) -> list:
    from ..grid.board import Board
    from ..grid.rows import read_part

    kind, content, origin, line, number = piece
    if kind == "boards":
        return content
    # one worker's parts of a text share their cells, as one text's boards do (grid/rows.py):
    # the writers find a cell's numbers and token by its identity
    return read_part(content, _worker[0], origin, Board, line, _cells.setdefault(number, {}))[0]


def _worker_check(piece) -> tuple[int, int] | ElzzurError:
    """A part read: its number of boards and of tokens not read before in this worker's parts
    of the text (so a sum over the parts counts every different token of the text at least
    once), or its first error. The cells it reads are kept for reading the part again to
    solve it: a token is parsed once a worker (checking cost a sixth of solving when each
    part parsed its own), and a plain part is counted, not read (``grid.rows.count_part``)."""
    from ..grid.board import Board
    from ..grid.rows import count_part

    _, text, origin, line, number = piece
    try:
        return count_part(text, _worker[0], origin, Board, line, _cells.setdefault(number, {}))
    except ElzzurError as e:
        return e


def _worker_render(piece, batch: bool, first: bool, last: bool, write=None) -> str:
    """A piece's boards, each solved and written, joined as the batch writes them (the
    piece holds the batch's first board, its last); with ``write`` (the piece's turn, a file
    descriptor, the text's error handler), written to that file when the pieces before it
    have been, and "" returned."""
    from .solve import joined

    if len(_worker) == 3:  # the first piece: the renderer of the run, made once
        from ..lexicon.dictionary import load_dictionary
        from .solve import board_renderer

        language, dictionary, args = _worker
        if dictionary is None:
            dictionary = load_dictionary(args.dictionary, language, not args.no_corrections)
        _worker[1:] = [dictionary, args, board_renderer(language, dictionary, args)]
    text = joined(list(map(_worker[3], _read_piece(piece))), _worker[2].format, batch, first,
                  last)
    if write is None:
        return text
    turn, fd, errors = write
    data = text.encode("utf-8", errors)
    value, changed, parent = _turns
    with changed:
        while value.value != turn:
            if value.value < 0 or os.getppid() != parent:  # the run has stopped
                return ""
            changed.wait(0.5)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    except BaseException:
        value.value = -1  # the next pieces are not written after a hole
        raise
    finally:
        with changed:
            if value.value == turn:
                value.value = turn + 1
            changed.notify_all()
    return ""
