"""A per-user cache of things derived from files: parsed TOML (``datafiles.load_toml``), word
graphs of user dictionaries, Scrabble tile graphs. The cache is ``$ELZZUR_CACHE_DIR``, else
``$XDG_CACHE_HOME/elzzur``, else ``~/.cache/elzzur``; if it cannot be written (a file in its
place, a read-only folder), elzzur works the same, only slower.

An entry answers only for the exact content it was derived from. Its name says where to look
(the source's absolute path and the kind of entry, so an edited file overwrites its one entry
instead of adding another); the entry itself holds the proof, compared in full on every read:

- ``key``: the source's bytes themselves for a small file (a language or rules file, read on
  every run: comparing a few kilobytes costs less than importing a hash function), a BLAKE2b
  digest of them for a large one (``content_key``: a word list is hashed at about 1 GB/s, a
  twentieth of what building its graph from scratch costs); for a derived entry, a digest of
  what it was derived from (a dictionary's graph and its corrections);
- ``stamp``: elzzur's version and Python's, so that another version's entry, whose format
  may differ (``marshal``'s does between Pythons), is derived again rather than misread;
- a checksum over the whole entry, so that one cut short or damaged on disk reads as missing.

So size and modification time play no part: a file edited within the same second, or put
back with its old time (``touch -d``), is seen for what it now holds. Only regular files are
cached (``entry``): a pipe, ``/dev/stdin``, ``/dev/fd/N`` or a device gives different bytes
on every read, and is derived afresh each time.
"""

from __future__ import annotations

import os
import stat
import sys

SMALL = 1 << 16  # bytes: a source up to this size is its own key; above it, its digest


def cache_dir() -> str:
    explicit = os.environ.get("ELZZUR_CACHE_DIR")
    if explicit:
        return explicit
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "elzzur")


def entry(source: str, kind: str) -> str | None:
    """The cache file for the regular file ``source`` as ``kind`` (e.g. ``toml.marshal``), or
    None: for anything else (a pipe, a device, ``/dev/stdin``, a missing file) and where the
    path cannot be made absolute (a working folder that was deleted)."""
    try:
        if not stat.S_ISREG(os.stat(source).st_mode):
            return None
        name = os.path.abspath(source)
    except (OSError, ValueError):
        return None
    # the source's whole path, spelt as one file name, keeps entries of equal names apart
    name = name.replace("%", "%25").replace(os.sep, "%")
    if len(name) > 180:  # file names are limited to 255 bytes: shorten long paths to a checksum
        import zlib

        name = f"{zlib.crc32(name.encode('utf-8', 'surrogateescape')):08x}{name[-40:]}"
    return os.path.join(cache_dir(), f"{name}.{kind}")


def read_source(path: str, limit: int | None = None) -> tuple[bytes, bool]:
    """A source file's bytes (at most ``limit`` + 1 of them) and whether it is a regular file
    (which ``entry`` may cache); noted as an input of this run (``files.note_input``).
    OSError as ``open`` raises it."""
    from .files import note_input, read_limited

    with open(path, "rb") as f:
        regular = stat.S_ISREG(os.fstat(f.fileno()).st_mode)
        if regular:
            note_input(path, f.fileno())
        data = read_limited(f, limit)
    return data, regular


def content_key(data) -> bytes:
    """What an entry derived from ``data`` stores to prove it: ``data`` itself if small, else
    its size and 32-byte BLAKE2b digest."""
    if len(data) <= SMALL:
        return bytes(data)
    h = _blake2b()
    h.update(data)
    return b"blake2b:" + len(data).to_bytes(8, "little") + h.digest()


def file_key(path: str, limit: int) -> bytes | None:
    """``content_key`` of the regular file ``path``, read ``CHUNK`` bytes at a time (a cache
    hit then needs no copy of a large file in memory); None if it is not a regular file, is
    larger than ``limit``, or cannot be read (the caller reads it whole and reports why).
    Noted as an input of this run (``files.note_input``). The key an ``Ahead`` is working
    out for the same path and limit is waited for and taken instead (once)."""
    ahead = _ahead.pop((path, limit), None)
    if ahead is not None:
        return ahead.result()
    return _file_key(path, limit)


CHUNK = 8 << 20  # bytes read and hashed at a time: a 2.7 MB list is one (see Ahead)


def _file_key(path: str, limit: int) -> bytes | None:
    from .files import note_input

    try:
        with open(path, "rb") as f:
            info = os.fstat(f.fileno())
            if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
                return None
            note_input(path, f.fileno())
            if info.st_size <= SMALL:
                data = f.read(SMALL + 1)
                return bytes(data) if len(data) <= SMALL else None
            h = _blake2b()
            size = 0
            while size <= limit:
                chunk = f.read(CHUNK)
                if not chunk:
                    break
                h.update(chunk)
                size += len(chunk)
    except (OSError, ValueError):
        return None
    if size <= SMALL or size > limit:
        return None  # it changed as we read it: let the whole read decide
    return b"blake2b:" + size.to_bytes(8, "little") + h.digest()


_ahead: dict[tuple[str, int], Ahead] = {}  # (path, limit): the key being worked out


class Ahead:
    """``file_key(path, limit)`` worked out in a background thread while the command does
    other things (imports, reading the position), as a context: ``file_key`` takes the result
    inside it, waiting if it must; leaving it waits for the thread and drops a key not taken,
    so that no later run in the same process is answered from an older read of the file.

    Reading and hashing a word list (BLAKE2b, ~3 ms for a 2.7 MB list) lets go of Python's
    lock, so on a second core it costs a one-shot command nothing. The key is the same as
    ``file_key``'s: the same bytes hashed the same way, read a moment earlier (a file changed
    in that moment is a race either way: the entry answers for the bytes that were hashed,
    and a graph built on a miss is stored under the digest of the bytes it was built from).
    Only a regular file is read ahead (``os.stat`` first): a pipe opened by a thread could
    block, or lose what was written to it. Where threads cannot start, nothing is done
    ahead and ``file_key`` reads the file itself."""

    def __init__(self, path: str | None, limit: int) -> None:
        self.key = (path, limit)
        self.value: bytes | None = None
        self.failed = False
        self.lock = None
        if path is None:
            return
        try:
            import _thread

            if not stat.S_ISREG(os.stat(path).st_mode):
                return
        except (ImportError, OSError, ValueError):
            return
        lock = _thread.allocate_lock()
        lock.acquire()
        try:
            _thread.start_new_thread(self._work, (lock,))
        except RuntimeError:  # no thread to be had: file_key reads it then
            return
        self.lock = lock
        _ahead[self.key] = self

    def _work(self, lock) -> None:
        try:
            self.value = _file_key(*self.key)
        except BaseException:  # noqa: B036 -- (MemoryError): file_key will read it again
            self.failed = True
        finally:
            lock.release()

    def result(self) -> bytes | None:
        """The key, once the thread has it (``file_key``'s answer if the thread failed)."""
        self.wait()
        return _file_key(*self.key) if self.failed else self.value

    def wait(self) -> None:
        if self.lock is not None:
            with self.lock:
                pass

    def __enter__(self) -> Ahead:
        return self

    def __exit__(self, *exc) -> None:
        if _ahead.get(self.key) is self:
            del _ahead[self.key]
        self.wait()


def _blake2b():
    """A BLAKE2b hash with a 32-byte digest, from ``_blake2``, the module ``hashlib`` takes it
    from, without the 2 ms of loading OpenSSL that importing ``hashlib`` costs."""
    try:
        from _blake2 import blake2b
    except ImportError:  # another Python implementation
        from hashlib import blake2b
    return blake2b(digest_size=32)


def digest(*parts) -> bytes:
    """The 32-byte BLAKE2b digest of ``parts`` (bytes-like), each prefixed by its length."""
    h = _blake2b()
    for part in parts:
        h.update(len(part).to_bytes(8, "little"))
        h.update(part)
    return h.digest()


_stamp: list[bytes] = []


def stamp() -> bytes:
    """Which program wrote an entry: elzzur's version and Python's (``marshal``'s format)."""
    if not _stamp:
        # the package, loaded before any of its modules: read, not imported (nothing in the
        # package imports the API above it)
        version = getattr(sys.modules.get(__package__), "__version__", "unknown")
        _stamp.append(f"elzzur {version} python {sys.version_info[0]}."
                      f"{sys.version_info[1]}".encode())
    return _stamp[0]


def checksum(data) -> bytes:
    """Eight bytes that change when ``data`` does. A small entry (a parsed language file, read
    on every run) is summed with integer arithmetic: importing zlib would cost more than the
    whole read; a large one (a word graph) with zlib's CRC-32, ten times faster there."""
    if len(data) < 1 << 16:
        return (int.from_bytes(data, "little") % ((1 << 61) - 1)).to_bytes(8, "little")
    import zlib

    return zlib.crc32(data).to_bytes(8, "little")


ENTRY_LIMIT = 1 << 31  # bytes: no entry of ours is this large; anything larger is not ours


def read(path: str | None, key: bytes | None = None) -> bytes | None:
    """An entry's data, or None if there is none, it is damaged (its checksum differs), it was
    written by another version, or it was derived from other content than ``key`` (None: any,
    for tests that look inside an entry). Only a regular file is read: a pipe put in the
    cache's place would block."""
    if path is None:
        return None
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except (OSError, ValueError):
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > ENTRY_LIMIT:
            return None
        with os.fdopen(fd, "rb") as f:
            fd = None
            raw = f.read()
    except OSError:
        return None
    finally:
        if fd is not None:
            os.close(fd)
    if len(raw) < 16 or checksum(memoryview(raw)[:-8]) != raw[-8:]:
        return None  # cut short or damaged on disk: derive it again
    key_size = int.from_bytes(raw[-16:-12], "little")
    stamp_size = int.from_bytes(raw[-12:-8], "little")
    end = len(raw) - 16 - key_size - stamp_size
    if end < 0 or raw[end + key_size:-16] != stamp():
        return None  # not an entry of this format, or another version's
    if key is not None and raw[end:end + key_size] != key:
        return None  # derived from other content: the source has changed
    return raw[:end]


def write(path: str | None, data: bytes, key: bytes = b"") -> None:
    """Store ``data``, derived from the content ``key`` names, whole or not at all
    (``AtomicOutput``); a cache that cannot be written is not an error."""
    if path is None:
        return
    from .errors import ElzzurError
    from .atomic import AtomicOutput

    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return  # something else in an entry's place (a pipe would block): not ours to touch
    except (OSError, ValueError):
        pass  # no entry yet
    mark = stamp()
    body = b"".join([data, key, mark, len(key).to_bytes(4, "little"),
                     len(mark).to_bytes(4, "little")])
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with AtomicOutput(path, binary=True) as out:
            out.file.write(body)
            out.file.write(checksum(body))
            out.commit()
    except (OSError, ElzzurError):
        pass
