"""``solve --jobs N``: a batch spread over N processes that each read, solve and write their
share of the boards, the output in the input's order.

The parent reads the files, cuts their text into parts at blank lines
(``grid.rows.split_parts``), loads the dictionary and makes the board renderer, and then
forks the workers (``os.fork``): they inherit all of it, so nothing is sent to them but a
part's number, and the parent imports no process pool (``concurrent.futures`` and
``multiprocessing`` cost a one-process run's whole start again). Each worker first checks
its share of the parts (every N-th: a plain part is counted, not read, and the tiles it
parses are kept for solving), and then solves the parts the parent hands it, in order, and
holds each one's output until the parent says it is that part's turn; the parent says so
only once every part has been checked, so that an error in any board comes before any
output and the number of boards is known, as with one process. A worker begins a part only
while it holds fewer than two, so at most two a worker are under way or waiting to be
written, whatever the output's reader does. When a part's turn comes (the worker looks
between boards), the worker writes its text to the output's file descriptor itself (forked
workers share it and its offset), board by board (``os.writev``: the text is not joined
again), or where there is no descriptor (a test's captured output) sends it to the parent to
write. The parts are handed out as the workers ask, and the batch's last parts are smaller,
so that the workers end together.

The parent and each worker talk through two pipes, in messages of ``marshal``ed tuples; the
parent only waits (``select.poll``) and answers. A worker's error is told to the parent when
its part's turn comes, after the boards before it are written, as one process writes them;
a worker that dies is seen as the end of its pipe. Near a limit that spans a whole text
(more than ``MAX_BOARDS`` boards or ``MAX_TILES`` different tokens), for a text without
boards, for an error of the setup (rules, bands, dictionary), where the system has no
``fork``, the whole run is one process's, for its exact errors."""

from __future__ import annotations

import os

from ..errors import ElzzurError
from .commands import Args
from .output import Output

PART = 1 << 14  # characters of board text a worker reads at a time, at most: ~270 4x4 boards,
# ~20 ms of a worker's time, so that the workers end together and seldom wait for their turn
HELD = 2  # solved parts a worker may hold, and parts handed to it ahead, at most
IOV = 512  # buffers written by one os.writev (the system allows at least 1024)
STRIDE = 32  # boards a worker solves between two looks at its parent's messages


class OneProcess(Exception):
    """The run is one process's after all (near a limit of a whole text, or a text without
    boards): raised before any output."""


def solve_spread(boards: list, sources, language, args: Args, out: Output, jobs: int) -> None:
    """Solve the boards already read (pictures) and those of ``sources`` (``-b`` values) in
    ``jobs`` processes; fewer where there are fewer parts."""
    from ..grid.board import read_board_text
    from .solve import batch_dictionary, board_renderer, solve_boards, workers

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
        finer = 2 * jobs if number == len(texts) - 1 else 0  # the batch's end
        parts = [("part", text[start:end], origin, line, number)
                 for start, end, line in text_parts(text, size, finer)]
        if not parts and failure is None:
            failure = OneProcess()  # an empty text: one process says so
        pieces += parts
    processes = workers(jobs, len(pieces))
    run = None
    if processes > 1 and failure is None and hasattr(os, "fork") \
            and args.format not in ("svg", "html"):
        try:  # its errors come after those of the boards: one process tells them in order
            dictionary = batch_dictionary(language, args, len(pieces))
            run = _Run(pieces, language, args, out, processes,
                       board_renderer(language, dictionary, args), dictionary.report)
        except ElzzurError:
            pass
    if run is not None:
        try:
            run.solve()
            return
        except OneProcess:
            pass
    for text, origin in texts:
        boards += read_text(text, origin, language)
    if isinstance(failure, ElzzurError):
        raise failure
    solve_boards(boards, language, args, out)


def text_parts(text: str, size: int, finer: int = 0) -> list[tuple[int, int, int]]:
    """``grid.rows.split_parts(text, size)``, its last ``finer`` parts cut again four times
    finer: the workers take the parts as they come, so the last to end ends at most a small
    part after the others."""
    from ..grid.rows import split_parts

    parts = split_parts(text, size)
    if finer and size >= 4:
        parts[-finer:] = [(start + a, start + b, line + first - 1)
                          for start, end, line in parts[-finer:]
                          for a, b, first in split_parts(text[start:end], size // 4)]
    return parts


def read_text(text: str, origin: str, language) -> list:
    """All the boards of one text, read here, with the errors of ``cli.solve.read_boards``."""
    from ..grid.board import parse_boards
    from .solve import with_hint

    try:
        return parse_boards(text, language, origin)
    except ElzzurError as e:
        raise with_hint(e, origin, "solve", text) from None


def count_boards(pieces: list, results: dict) -> int:
    """The number of boards of every piece, from the workers' checks (``results``: a part's
    number of boards and of tokens new to its worker, or its error's message), with the first
    error in the pieces' order raised as one process raises it; ``OneProcess`` where a text
    must be read whole for that (near a limit of the whole text, or a text without boards).
    A part after a text's first error may have no result: a worker stops checking there."""
    from ..grid.rows import MAX_BOARDS, MAX_TILES
    from .solve import with_hint

    count, index = 0, 0
    while index < len(pieces):
        kind, content, origin, _, number = pieces[index]
        if kind == "boards":
            count += len(content)
            index += 1
            continue
        boards = tiles = 0  # so far: the limits count over the whole text
        while index < len(pieces) and pieces[index][4] == number:
            result = results[index]
            if isinstance(result, str):
                size = len(pieces[index][1])  # at most a board and a token a character before it
                if boards + size >= MAX_BOARDS or tiles + size > MAX_TILES:
                    raise OneProcess()
                raise with_hint(ElzzurError(result), origin, "solve", pieces[index][1])
            boards, tiles = boards + result[0], tiles + result[1]
            if boards >= MAX_BOARDS or tiles > MAX_TILES:
                raise OneProcess()
            index += 1
        if boards == 0:
            raise OneProcess()
        count += boards
    return count


# --- the parent --------------------------------------------------------------------------------

class _Run:
    """The parent's side of one run: the workers started, checked, handed parts and told whose
    turn it is to write, until every part is written; then they stop."""

    def __init__(self, pieces: list, language, args: Args, out: Output, processes: int,
                 render, report) -> None:
        self.pieces, self.language, self.args, self.out = pieces, language, args, out
        self.processes, self.render, self.report = processes, render, report
        self.workers: list[_Worker] = []
        self.checks: dict = {}  # piece number: (boards, tokens) or an error's message
        self.checked = 0  # workers whose checks are in
        self.count = 0  # boards, once every part is checked and good: the output may begin
        self.handed = 0  # pieces handed to workers so far (in order)
        self.held: dict[int, "_Worker"] = {}  # solved pieces not yet written: their worker
        self.written = 0  # pieces written
        self.asked = -1  # the piece whose worker was told to write it

    def solve(self) -> None:
        import select

        target = self.out.raw()  # flushed: what the workers write comes after it
        poll = select.poll()
        try:
            for number in range(self.processes):
                worker = _Worker(number, self, target)
                self.workers.append(worker)
                poll.register(worker.inbox, select.POLLIN)
            by_fd = {worker.inbox: worker for worker in self.workers}
            for worker in self.workers:
                self.hand(worker, HELD)
            while self.written < len(self.pieces):
                for fd, _ in poll.poll():
                    worker = by_fd[fd]
                    for message in worker.receive():
                        self.answer(worker, message)
            if self.args.format == "json" and self.count > 1:
                self.out.write("]\n")
        finally:  # every worker killed first (a run cut short), then waited for
            done = self.written == len(self.pieces)
            for worker in self.workers if not done else ():
                worker.kill()
            for worker in self.workers:
                worker.stop()

    def hand(self, worker: "_Worker", count: int = 1) -> None:
        """The next ``count`` pieces, if any are left, to ``worker`` to solve."""
        for _ in range(count):
            if self.handed < len(self.pieces):
                worker.send(("solve", self.handed))
                self.handed += 1

    def answer(self, worker: "_Worker", message: tuple) -> None:
        kind = message[0]
        if kind == "solved":
            self.held[message[1]] = worker
            self.hand(worker)
        elif kind == "wrote":
            del self.held[message[1]]
            self.written += 1
        elif kind == "text":  # the parent writes: no descriptor the workers share
            self.out.write(message[2])
            del self.held[message[1]]
            self.written += 1
        elif kind == "checked":
            self.checks.update(message[1])
            self.checked += 1
            if self.checked == self.processes:
                self.begin()
        else:
            raise _failure(message, self.out)
        self.next_turn()

    def begin(self) -> None:
        """Every check is in: the first error, or the output begins."""
        from .lists import show_report

        count = count_boards(self.pieces, self.checks)
        show_report(self.report)
        if self.args.format == "json" and count > 1:
            self.out.write("[\n")
        self.out.raw()  # flushed, before any worker writes
        self.count = count

    def next_turn(self) -> None:
        """The worker holding the next piece to write told to write it."""
        if self.count and self.asked < self.written and self.written in self.held:
            self.asked = self.written
            self.held[self.written].send(("write", self.written))


def _failure(message: tuple, out: Output) -> BaseException:
    """A worker's failure, as the parent raises it: what one process would have raised."""
    kind, *rest = message
    if kind == "error":  # an ElzzurError, with its exit status
        error = ElzzurError(rest[0])
        error.exit_status = rest[1]
        return error
    if kind == "pipe":  # the reader closed standard output: `| head` has had enough
        return BrokenPipeError()
    if kind == "oserror":
        return out.failure(OSError(rest[0], rest[1]))
    if kind == "ended":  # a worker that died: killed, out of memory
        return ElzzurError(f"a worker process of --jobs ended unexpectedly ({rest[0]})")
    return RuntimeError(f"in a worker process of --jobs, {rest[0]}")  # a bug: main says so


class _Worker:
    """One worker process, as the parent sees it: its pid and its two pipes."""

    def __init__(self, number: int, run: _Run, target) -> None:
        inbox, to_parent = os.pipe()  # the worker to the parent
        from_parent, outbox = os.pipe()  # the parent to the worker
        self.pid = os.fork()
        if self.pid == 0:  # the worker: it never returns
            _work_and_exit(number, run, target, (inbox, outbox), from_parent, to_parent)
        os.close(to_parent)
        os.close(from_parent)
        self.inbox, self.outbox = inbox, outbox
        self.messages = _Messages(inbox)

    def send(self, message: tuple) -> None:
        try:
            _send(self.outbox, message)
        except OSError:  # the worker has ended: the end of its pipe says how
            pass

    def receive(self) -> list:
        messages = self.messages.read()
        if messages is None:  # the pipe's end, before the run's
            raise _failure(("ended", self.status()), None)
        return messages

    def status(self) -> str:
        _, status = os.waitpid(self.pid, 0)
        self.pid = 0
        if os.WIFSIGNALED(status):
            import signal

            number = os.WTERMSIG(status)
            try:
                return f"killed by {signal.Signals(number).name}"
            except ValueError:
                return f"killed by signal {number}"
        return f"exit status {os.WEXITSTATUS(status)}"

    def kill(self) -> None:
        import _signal

        if self.pid:
            try:
                os.kill(self.pid, _signal.SIGKILL)
            except OSError:
                pass

    def stop(self) -> None:
        """The worker's pipes closed (the end of its pipe from the parent tells it to end, if
        it was not killed), and the worker waited for."""
        for fd in (self.outbox, self.inbox):
            try:
                os.close(fd)
            except OSError:
                pass
        if self.pid:
            try:
                os.waitpid(self.pid, 0)
            except ChildProcessError:
                pass
            self.pid = 0


# --- the messages --------------------------------------------------------------------------------

def _send(fd: int, message: tuple) -> None:
    """One message: its length (4 bytes) and the ``marshal``ed tuple."""
    import marshal

    data = marshal.dumps(message)
    _write_all(fd, [len(data).to_bytes(4, "big"), data])


class _Messages:
    """The messages that come down one pipe."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buffer = bytearray()

    def read(self) -> list | None:
        """The messages read by one ``os.read`` (which blocks until there are bytes), [] while
        a message is incomplete, None at the pipe's end."""
        import marshal

        data = os.read(self.fd, 1 << 20)
        if not data:
            return None
        buffer = self.buffer
        buffer += data
        messages, at = [], 0
        with memoryview(buffer) as view:  # released before the buffer shrinks
            while len(view) - at >= 4:
                size = int.from_bytes(view[at:at + 4], "big")
                if len(view) - at - 4 < size:
                    break
                messages.append(marshal.loads(view[at + 4:at + 4 + size]))
                at += 4 + size
        del buffer[:at]
        return messages


def _write_all(fd: int, buffers: list) -> None:
    """Every byte of ``buffers``, in order (``os.writev`` writes less at times)."""
    buffers = [buffer for buffer in buffers if buffer]
    while buffers:
        written = os.writev(fd, buffers[:IOV])
        done = 0
        for buffer in buffers[:IOV]:
            if written < len(buffer):
                break
            written -= len(buffer)
            done += 1
        del buffers[:done]
        if written:
            buffers[0] = memoryview(buffers[0])[written:]


# --- in the workers ------------------------------------------------------------------------------

def _work_and_exit(number: int, run: _Run, target, parents: tuple, inbox: int,
                   outbox: int) -> None:
    """A worker's whole life: it checks, solves and writes, then ends (``os._exit``: nothing
    of the parent's, its atexit handlers or its output's buffers, runs again here). Ctrl-C
    (and SIGHUP, SIGTERM) reaches every process of the terminal's group: only the parent
    answers it, and stops the workers."""
    status = 70
    try:
        import _signal

        for name in ("SIGINT", "SIGTERM", "SIGHUP"):
            if hasattr(_signal, name):
                _signal.signal(getattr(_signal, name), _signal.SIG_IGN)
        for fd in parents:  # the pipes of this worker's parent side, and every earlier worker's
            os.close(fd)
        for worker in run.workers:
            os.close(worker.inbox)
            os.close(worker.outbox)
        _Work(number, run, target, inbox, outbox).run()
    except _Done:
        status = 0
    except BaseException as e:  # told to the parent, if it still listens
        try:
            _send(outbox, _told(e))
        except BaseException:
            pass
    finally:
        os._exit(status)


def _told(error: BaseException) -> tuple:
    """A worker's error as a message to the parent (``_failure`` raises it there)."""
    if isinstance(error, ElzzurError):
        return ("error", str(error), error.exit_status)
    if isinstance(error, BrokenPipeError):
        return ("pipe",)
    if isinstance(error, OSError):
        return ("oserror", error.errno or 0, error.strerror or str(error))
    return ("bug", f"{type(error).__name__}: {str(error)[:200]}")


class _Done(Exception):
    """The parent has closed its end of the worker's pipe: the run is over, or the parent has
    gone."""


class _Work:
    """A worker's side of the run."""

    def __init__(self, number: int, run: _Run, target, inbox: int, outbox: int) -> None:
        from collections import deque

        self.number, self.job, self.target = number, run, target
        self.outbox = outbox
        self.messages = _Messages(inbox)
        self.cells: dict = {}  # each text's cells read by token (in this worker), by its number
        self.handed: deque = deque()  # the pieces to solve next, in order
        self.held: dict = {}  # solved pieces: their texts, and the error that ends them, if any

    def run(self) -> None:
        _send(self.outbox, ("checked", self.check()))
        while True:
            # a piece is begun only while fewer than HELD are held: at most HELD a worker
            # are under way or waiting to be written
            self.serve(wait=not (self.handed and len(self.held) < HELD))
            if self.handed and len(self.held) < HELD:
                index = self.handed.popleft()
                self.held[index] = self.solve(index)
                _send(self.outbox, ("solved", index))

    def serve(self, wait: bool) -> None:
        """The parent's messages answered: pieces to solve noted, pieces held written. With
        ``wait``, once at least one has come; the end of the pipe (the run is over, or the
        parent has gone) ends the worker."""
        import select

        while wait or select.select([self.messages.fd], [], [], 0)[0]:
            messages = self.messages.read()
            if messages is None:
                raise _Done()
            for message in messages:
                if message[0] == "solve":
                    self.handed.append(message[1])
                else:  # "write"
                    self.write(message[1], *self.held.pop(message[1]))
            wait = wait and not messages

    def check(self) -> dict:
        """This worker's share of the parts checked: each one's number of boards and of tokens
        not read before in this worker's parts of its text (so a sum over the parts counts
        every different token of the text at least once), or its error's message, which
        ends the check of that text."""
        from ..grid.board import Board
        from ..grid.rows import count_part

        results, failed = {}, set()
        pieces = self.job.pieces
        language = self.job.language
        for index in range(self.number, len(pieces), self.job.processes):
            kind, text, origin, line, number = pieces[index]
            if kind != "part" or number in failed:
                continue
            try:
                results[index] = count_part(text, language, origin, Board, line,
                                            self.cells.setdefault(number, {}))
            except ElzzurError as e:
                results[index] = str(e)
                failed.add(number)
        return results

    def solve(self, index: int) -> tuple[list, BaseException | None]:
        """A piece's boards solved and written as text, up to the first board that fails:
        the texts, and the error (or None). Between boards, a piece held is written when
        its turn comes (``serve``), so that the other workers seldom wait for it."""
        from ..grid.board import Board
        from ..grid.rows import read_part

        kind, content, origin, line, number = self.job.pieces[index]
        texts: list[str] = []
        try:
            boards = content if kind == "boards" else read_part(
                content, self.job.language, origin, Board, line,
                self.cells.setdefault(number, {}))[0]
        except ElzzurError as e:
            return texts, e
        for start in range(0, len(boards), STRIDE):
            try:
                texts += map(self.job.render, boards[start:start + STRIDE])
            except ElzzurError as e:
                return texts, e
            # outside the try: the error of a held piece written here (write() raises it)
            # ends this worker, and is not this piece's
            if self.held:
                self.serve(wait=False)
        return texts, None

    def write(self, index: int, texts: list[str], error: BaseException | None) -> None:
        """A piece's texts written, in the batch's form, when its turn has come; then its
        error, if it has one."""
        from .solve import joined_pieces

        if texts:
            last = index == len(self.job.pieces) - 1 and error is None
            pieces = joined_pieces(texts, self.job.args.format, index == 0, last)
            if self.target is None:
                _send(self.outbox, ("text", index, "".join(pieces)))
            else:
                fd, errors = self.target
                _write_all(fd, [piece.encode("utf-8", errors) for piece in pieces])
        if error is not None:
            raise error
        if self.target is not None or not texts:
            _send(self.outbox, ("wrote", index))
