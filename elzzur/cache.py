"""A per-user cache of things derived from files: parsed TOML (``datafiles.load_toml``), word
graphs of user dictionaries, Scrabble tile graphs. Entries are named after the
source file's path, size and modification time, so an edited file is read afresh. The cache is
``$ELZZUR_CACHE_DIR``, else ``$XDG_CACHE_HOME/elzzur``, else ``~/.cache/elzzur``; if it cannot be
written, elzzur works the same, only slower.
"""

from __future__ import annotations

import os


def cache_dir() -> str:
    explicit = os.environ.get("ELZZUR_CACHE_DIR")
    if explicit:
        return explicit
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "elzzur")


def entry(source: str, kind: str) -> str | None:
    """The cache file for ``source`` as ``kind`` (e.g. ``toml``), or None if it cannot be stat'ed."""
    try:
        info = os.stat(source)
    except OSError:
        return None
    # the source's whole path, spelt as one file name, keeps entries of equal names apart
    name = os.path.abspath(source).replace("%", "%25").replace(os.sep, "%")
    if len(name) > 180:  # file names are limited to 255 bytes: shorten long paths to a checksum
        import zlib

        name = f"{zlib.crc32(name.encode('utf-8', 'surrogateescape')):08x}{name[-40:]}"
    return os.path.join(cache_dir(), f"{name}.{info.st_size}-{info.st_mtime_ns}.{kind}")


def checksum(data: bytes) -> bytes:
    """Eight bytes that change when ``data`` does. A small entry (a parsed language file, read
    on every run) is summed with integer arithmetic: importing zlib would cost more than the
    whole read; a large one (a word graph) with zlib's CRC-32, ten times faster there."""
    if len(data) < 1 << 16:
        return (int.from_bytes(data, "little") % ((1 << 61) - 1)).to_bytes(8, "little")
    import zlib

    return zlib.crc32(data).to_bytes(8, "little")


def read(path: str | None) -> bytes | None:
    """An entry's data, or None if there is none or it is damaged (its checksum differs)."""
    if path is None:
        return None
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    if len(data) < 8 or checksum(data[:-8]) != data[-8:]:
        return None  # cut short or damaged on disk: derive it again
    return data[:-8]


def write(path: str | None, data: bytes) -> None:
    """Store ``data`` with its checksum, whole or not at all (``AtomicOutput``); a cache that
    cannot be written is not an error."""
    if path is None:
        return
    from .errors import ElzzurError
    from .files import AtomicOutput

    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with AtomicOutput(path, binary=True) as out:
            out.file.write(data)
            out.file.write(checksum(data))
            out.commit()
    except (OSError, ElzzurError):
        pass
