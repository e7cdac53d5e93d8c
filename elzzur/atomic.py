"""Output files written whole or not at all: ``AtomicOutput`` (a file, or standard output
named as a file), ``write_atomic`` (some text or bytes at once) and ``AtomicFolder`` (a folder
of files, ``generate --count K -o FOLDER/``). What is written goes into a temporary beside the
target and replaces it only when complete, keeping the replaced file's mode and links; a run
ended by a signal or an error leaves the target as it was (``remove_temporaries``).

Apart from ``elzzur.files`` (where files are, reading them), so that a command that writes no
file, ``elzzur demo`` to standard output, does not import any of this on its way.
"""

from __future__ import annotations

import errno
import os
import stat

from .errors import ElzzurError
from .files import check_not_input, named

_temporaries: dict[str, bool] = {}  # path -> True for a folder: written, not yet committed


def remove_temporaries() -> None:
    """Remove every temporary file and folder this process is writing and has not committed
    (``AtomicOutput``, ``AtomicFolder``), so that a run ended by a signal (SIGTERM from
    ``timeout`` or ``kill``, SIGHUP from a closed terminal) leaves nothing half-written. A plain
    function that imports nothing and never raises: a signal handler may call it just before
    the process exits (it also runs at any normal exit of the interpreter: ``atexit``)."""
    for path, folder in list(_temporaries.items()):
        _remove(path, folder)


def _remove(path: str, folder: bool) -> None:
    """Remove one temporary file, or folder with the files in it; never raises."""
    _temporaries.pop(path, None)
    try:
        if folder:
            for name in os.listdir(path):
                try:
                    os.unlink(os.path.join(path, name))
                except OSError:
                    pass
            os.rmdir(path)
        else:
            os.unlink(path)
    except OSError:
        pass


def _register(path: str, folder: bool) -> None:
    """Note a temporary before it is created, so that a signal arriving at once still finds it."""
    if not _temporaries and not _exit_hook:
        import atexit

        atexit.register(remove_temporaries)
        _exit_hook.append(True)
    _temporaries[path] = folder


_exit_hook: list = []


def _fd_name(path: str) -> int | None:
    """The descriptor a name such as ``/dev/stdout`` or ``/dev/fd/3`` stands for, or None."""
    if path in ("/dev/stdout", "/dev/stderr"):
        return 1 if path == "/dev/stdout" else 2
    for prefix in ("/dev/fd/", "/proc/self/fd/"):
        if path.startswith(prefix) and path[len(prefix):].isdigit():
            return int(path[len(prefix):])
    return None


def _lstat(path: str):
    try:
        return os.lstat(path)
    except FileNotFoundError:
        return None


def check_target(target: str, folder: str):
    """What an output ``target`` is now: None (no such file: it will be created), or its
    ``os.stat`` (a regular file to replace, a device or pipe to write to); an ElzzurError for
    what cannot be written. A symbolic link to a file is refused: replacing the file would
    replace the link, not the file it points to; a link to a device or a pipe (``/dev/stdout``
    on a terminal) is written through. A regular file that is read-only is refused, as other
    tools refuse it, also for root: make it writable first."""
    try:
        info = _lstat(target)
        if info is not None and stat.S_ISLNK(info.st_mode):
            try:
                resolved = os.stat(target)
            except OSError:
                resolved = None
            if resolved is None or stat.S_ISREG(resolved.st_mode) or stat.S_ISDIR(resolved.st_mode):
                raise ElzzurError(f"cannot write {named(target)}: is a symbolic link (give the file "
                                  f"it points to, {os.readlink(target)!r})")
            info = resolved
    except OSError as e:  # a path through a file, a loop of links, a folder we may not search
        raise ElzzurError(f"cannot write {named(target)}: {e.strerror}") from None
    except ValueError:  # a NUL in the name
        raise ElzzurError(f"cannot write {named(target)}: not a valid file name") from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise ElzzurError(f"cannot write {named(target)}: is a directory")
    if not os.path.isdir(folder):
        raise ElzzurError(f"cannot write {named(target)}: no such directory {folder!r}")
    if not os.path.isabs(target):
        try:
            os.getcwd()
        except OSError:
            raise ElzzurError(f"cannot write {named(target)}: the current folder no longer exists "
                              f"(it was deleted or moved)") from None
    if info is not None and stat.S_ISREG(info.st_mode) and (
            not info.st_mode & 0o222 or not os.access(target, os.W_OK)):
        raise ElzzurError(f"cannot write {named(target)}: permission denied (the file is read-only)")
    return info


def _open_temp(temp: str, mode: int) -> int:
    """Create ``temp`` (registered first, so that a signal arriving at once still finds it)."""
    _register(temp, False)
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL
    try:
        return os.open(temp, flags, mode)
    except FileExistsError:
        os.unlink(temp)  # left by an earlier process with our pid that was killed
        return os.open(temp, flags, mode)


def _block_signals():
    """Hold back Ctrl-C, SIGTERM and SIGHUP (delivered when ``_unblock`` is called) while a
    step that must not be cut in two runs; returns what ``_unblock`` needs. The C module
    ``_signal``: ``signal`` imports ``enum``, milliseconds."""
    try:
        import _signal

        numbers = {getattr(_signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                   if hasattr(_signal, name)}
        return _signal.pthread_sigmask(_signal.SIG_BLOCK, numbers)
    except (ImportError, AttributeError, OSError, ValueError):  # no signal masks here
        return None


def _unblock(previous) -> None:
    if previous is not None:
        import _signal

        _signal.pthread_sigmask(_signal.SIG_SETMASK, previous)


def install(temp: str, target: str, kept) -> None:
    """Put the finished file ``temp`` in the place of ``target``. A new file is renamed into
    place. An existing one (``kept``, its ``os.stat`` when the output was opened) keeps its
    mode and, where allowed, its owner and group: the new file is given them and renamed over
    it, one atomic step. A file that cannot be recreated as it was (other hard links to it,
    or an owner we may not give) keeps its inode: the finished content is copied over it in
    place, with signals held back and the space reserved first; that one step is not atomic
    (a crash in the middle of it leaves the file cut)."""
    if kept is None:
        os.replace(temp, target)
        _temporaries.pop(temp, None)
        return
    mine = os.stat(temp)
    in_place = kept.st_nlink > 1
    if not in_place and (mine.st_uid, mine.st_gid) != (kept.st_uid, kept.st_gid):
        try:
            os.chown(temp, kept.st_uid, kept.st_gid)
        except OSError:
            in_place = True
    if not in_place:
        os.chmod(temp, stat.S_IMODE(kept.st_mode))
        os.replace(temp, target)
        _temporaries.pop(temp, None)
        return
    previous = _block_signals()
    try:
        with open(temp, "rb") as source, os.fdopen(os.open(target, os.O_WRONLY), "wb") as out:
            size = mine.st_size
            if size and hasattr(os, "posix_fallocate"):
                try:
                    os.posix_fallocate(out.fileno(), 0, size)  # a full disk fails here, before
                except OSError as e:                            # a byte of the file changed
                    if e.errno not in (errno.EOPNOTSUPP, errno.EINVAL, errno.ENOSYS):
                        raise
            while True:
                chunk = source.read(1 << 20)
                if not chunk:
                    break
                out.write(chunk)
            out.truncate(size)
        os.unlink(temp)
        _temporaries.pop(temp, None)
    finally:
        _unblock(previous)


class AtomicOutput:
    """A file written under a temporary name beside its target and put in its place only by
    ``commit()``, so an error, Ctrl-C or a signal never leaves a half-written file behind::

        with AtomicOutput("out.txt") as out:
            out.file.write(...)      # or write to out.temp by name
            out.commit()

    The contract of every output file (``-o``):

    - an existing file keeps its mode and, where allowed, owner and group; a file with other
      hard links keeps them (its content is replaced in place: ``install``);
    - a read-only file, a directory and a symbolic link to a file are refused (``check_target``);
    - a device or a named pipe (``/dev/null``, a FIFO) is written directly: it cannot be
      renamed over, and holds no file to spoil; ``/dev/stdout``, ``/dev/stderr``,
      ``/dev/fd/N`` write to that open descriptor (what the shell redirected it to);
    - the temporary file is ``.NAME.PID.tmp`` beside the target, readable by its owner only
      until committed, and removed on any failure (``remove_temporaries`` for signals).
    """

    def __init__(self, path: str | os.PathLike, binary: bool = False) -> None:
        self.target = os.fspath(path)
        self.done = False
        self.kept = None
        if not self.target:
            raise ElzzurError("cannot write to an empty file name")
        mode = "wb" if binary else "w"
        options = {} if binary else {"encoding": "utf-8"}
        number = _fd_name(self.target)
        if number is not None:  # what the shell connected to this descriptor
            import sys

            if number in (1, 2):
                for stream in (sys.stdout, sys.stderr):
                    try:
                        stream.flush()
                    except (AttributeError, OSError, ValueError):
                        pass
            try:
                fd = os.dup(number)
            except OSError as e:
                raise ElzzurError(f"cannot write {named(self.target)}: {e.strerror}") from None
            self.direct, self.temp = True, self.target
            self.file = os.fdopen(fd, mode, **options)
            return
        folder = os.path.dirname(self.target) or "."
        info = check_target(self.target, folder)
        self.direct = info is not None and not stat.S_ISREG(info.st_mode)
        try:
            if self.direct:
                self.temp = self.target
                fd = os.open(self.target, os.O_WRONLY)
            else:
                self.kept = info
                self.temp = os.path.join(folder, f".{os.path.basename(self.target)}.{os.getpid()}.tmp")
                # owner-only until committed: the file it replaces may be private
                fd = _open_temp(self.temp, 0o600 if info is not None else 0o666)
        except OSError as e:
            if not self.direct:
                _temporaries.pop(self.temp, None)
            raise ElzzurError(f"cannot write {named(self.target)}: {e.strerror}") from None
        self.file = os.fdopen(fd, mode, **options)

    def __enter__(self) -> AtomicOutput:
        return self

    def commit(self) -> None:
        try:
            self.file.close()
            if not self.direct:
                install(self.temp, self.target, self.kept)
        except OSError as e:
            self.__exit__()
            raise ElzzurError(f"cannot write {named(self.target)}: {e.strerror}") from None
        self.done = True

    def __exit__(self, *exc) -> None:
        if not self.done:
            self.done = True
            try:
                self.file.close()  # a full disk fails again here: the file goes all the same
            except OSError:
                pass
            if not self.direct:
                _temporaries.pop(self.temp, None)
                try:
                    os.unlink(self.temp)
                except OSError:
                    pass


class AtomicFolder:
    """Files for a folder (``generate --count K -o FOLDER/``), written into a temporary folder
    inside it (``.elzzur-PID.tmp``: the same file system, so moving in is a rename) and moved
    in only by ``commit()``, all of them or none: an error, Ctrl-C or a signal before then
    leaves the folder as it was. Files of the folder with other names are never touched; a
    file of the same name is replaced as ``AtomicOutput`` replaces one (its mode kept), and
    one that cannot be (a symbolic link, a directory, read-only) is refused before anything
    is written. The moving in runs with signals held back; only a crash or a failing disk in
    that last step could leave some of the files moved and not others."""

    def __init__(self, folder: str, ours) -> None:
        """``ours(name)`` says whether a file name is one this output may write (checked
        against the folder's files before anything is written)."""
        self.folder = folder
        self.done = False
        try:
            present = [entry.name for entry in os.scandir(folder) if ours(entry.name)]
        except OSError as e:
            raise ElzzurError(f"cannot write to {named(folder)}: {e.strerror}") from None
        for name in present:
            check_target(os.path.join(folder, name), folder)
        self.temp = os.path.join(folder, f".elzzur-{os.getpid()}.tmp")
        _register(self.temp, True)
        try:
            try:
                os.mkdir(self.temp, 0o700)
            except FileExistsError:  # left by an earlier process with our pid that was killed
                _remove(self.temp, True)
                _register(self.temp, True)
                os.mkdir(self.temp, 0o700)
        except OSError as e:
            _temporaries.pop(self.temp, None)
            raise ElzzurError(f"cannot write to {named(folder)}: {e.strerror}") from None

    def write(self, name: str, data: str) -> None:
        """Write the file ``name`` (one that ``ours`` accepts) into the temporary folder."""
        try:
            with open(os.path.join(self.temp, name), "w", encoding="utf-8") as f:
                f.write(data)
        except OSError as e:
            raise ElzzurError(f"cannot write {named(os.path.join(self.folder, name))}: {e.strerror}") from None

    def commit(self) -> None:
        """Move every file written into the folder, then remove the temporary folder."""
        targets = []
        try:
            written = sorted(os.listdir(self.temp))  # the files are their own record
        except OSError as e:
            raise ElzzurError(f"cannot write to {named(self.folder)}: {e.strerror}") from None
        for name in written:
            target = os.path.join(self.folder, name)
            check_not_input(target)
            targets.append((name, target, check_target(target, self.folder)))
        previous = _block_signals()
        try:
            for name, target, kept in targets:
                install(os.path.join(self.temp, name), target, kept)
            os.rmdir(self.temp)
            _temporaries.pop(self.temp, None)
        except OSError as e:
            raise ElzzurError(f"cannot write to {named(self.folder)}: {e.strerror}") from None
        finally:
            _unblock(previous)
        self.done = True

    def abort(self) -> None:
        """Remove the temporary folder and what was written into it: the folder stays as it was."""
        if not self.done:
            self.done = True
            _remove(self.temp, True)


def write_atomic(path: str | os.PathLike, data: str | bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all."""
    with AtomicOutput(path, binary=isinstance(data, bytes)) as out:
        try:
            out.file.write(data)
        except OSError as e:
            raise ElzzurError(f"cannot write {named(out.target)}: {e.strerror}") from None
        out.commit()


# --- one writer at a time ----------------------------------------------------------------------

LOCK_WAIT = 10.0  # seconds a writer waits for another to finish with a data file
_POLL = 0.02  # seconds between tries while waiting


class locked:
    """Hold the lock of the data file ``path`` (``.NAME.lock`` beside it)
    around a read-modify-write of that file, so that two elzzur processes at once (ten
    ``words add``, two rounds ending together) each see the other's change instead of
    overwriting it::

        with locked(path):
            text = read(path)
            write_atomic(path, change(text))

    Readers need no lock: a writer replaces the file whole (``write_atomic``), so a reader sees
    the old file or the new one. The lock file is removed by its holder before letting go, so
    none is left behind; a waiter that then takes the lock of the removed file sees that the
    name no longer leads to it, and tries again on the new one. A lock held for more than ``LOCK_WAIT`` seconds is an
    ElzzurError naming the file, never a wait for ever. POSIX: ``fcntl.flock`` (released by the
    system when the holder dies, however it dies); Windows: ``msvcrt.locking`` on the lock
    file's first byte. The data file's folder is created if it is missing."""

    def __init__(self, path: str) -> None:
        self.path = os.fspath(path)
        folder, name = os.path.split(self.path)
        self.lock_path = os.path.join(folder, f".{name}.lock")
        self.fd = None

    def __enter__(self) -> locked:
        folder = os.path.dirname(self.lock_path) or "."
        import time

        deadline = time.monotonic() + LOCK_WAIT
        while True:
            try:
                os.makedirs(folder, exist_ok=True)
                self.fd = os.open(self.lock_path,
                                  os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
            except OSError as e:
                raise ElzzurError(f"cannot write {named(self.path)}: {e.strerror}") from None
            try:
                self._wait(deadline)
                if self._still_named():
                    return self
            except BaseException:
                os.close(self.fd)
                self.fd = None
                raise
            _unlock(self.fd)  # the lock of a file its holder removed: take the new one's
            os.close(self.fd)
            self.fd = None

    def _still_named(self) -> bool:
        """True if the lock file's name still leads to the file locked."""
        try:
            named_now, held = os.stat(self.lock_path), os.fstat(self.fd)
        except OSError:
            return False
        return (named_now.st_dev, named_now.st_ino) == (held.st_dev, held.st_ino)

    def _wait(self, deadline: float) -> None:
        import time

        while True:
            try:
                if _try_lock(self.fd):
                    return
            except OSError as e:
                raise ElzzurError(f"cannot lock {named(self.path)}: {e.strerror}") from None
            if time.monotonic() >= deadline:
                raise ElzzurError(f"cannot write {named(self.path)}: another elzzur has been writing "
                                  f"it for {LOCK_WAIT:g} seconds (a run still going, or one "
                                  f"stopped with Ctrl-Z?); try again when it is done")
            time.sleep(_POLL)

    def __exit__(self, *exc) -> None:
        if self.fd is not None:
            try:
                try:
                    os.unlink(self.lock_path)  # while held: no one else can hold it now
                except OSError:  # (Windows: an open file cannot be removed; it stays)
                    pass
                _unlock(self.fd)
            finally:
                os.close(self.fd)
                self.fd = None


def _try_lock(fd: int) -> bool:
    """Take the lock on ``fd`` if no one holds it; False if someone does."""
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError as e:  # a file system without locks (some network ones): one writer assumed
        if e.errno in (errno.ENOLCK, errno.EOPNOTSUPP, errno.EINVAL):
            return True
        raise
    return True


def _unlock(fd: int) -> None:
    try:
        import fcntl
    except ImportError:
        import msvcrt

        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        except OSError:
            pass
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_UN)
    except OSError:
        pass
