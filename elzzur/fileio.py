"""Read UTF-8 text files with errors that name the line; write output files whole or not at all."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from typing import Iterator

from .errors import ElzzurError


def read_text_file(path: Path) -> str:
    """A UTF-8 text file's contents, with clear errors for directories, bad bytes and I/O."""
    if path.is_dir():
        raise ElzzurError(f"{path}: is a directory, not a file")
    try:
        data = path.read_bytes()
    except OSError as e:
        raise ElzzurError(f"{path}: {e.strerror}") from None
    return decode_text(data, str(path))


def decode_text(data: bytes, origin: str) -> str:
    """UTF-8 (a BOM is dropped); bad bytes are reported by line, which a reader can find."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise ElzzurError(f"{origin}, line {line}: not UTF-8 text (byte 0x{data[e.start]:02x})") from None


@contextlib.contextmanager
def atomic_output(path: str | os.PathLike) -> Iterator[Path]:
    """Yield a temporary path beside ``path``; rename it into place only if the block succeeds,
    so an error or Ctrl-C never leaves a half-written file behind.
    """
    target = Path(path)
    folder = target.parent
    if not folder.is_dir():
        raise ElzzurError(f"cannot write {target}: no such directory {str(folder)!r}")
    if target.is_dir():
        raise ElzzurError(f"cannot write {target}: is a directory")
    try:
        fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as e:
        raise ElzzurError(f"cannot write {target}: {e.strerror}") from None
    os.close(fd)
    temp = Path(name)
    try:
        yield temp
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(temp, 0o666 & ~mask)
        os.replace(temp, target)
    except OSError as e:
        raise ElzzurError(f"cannot write {target}: {e.strerror}") from None
    finally:
        temp.unlink(missing_ok=True)


def write_atomic(path: str | os.PathLike, text: str) -> None:
    """Write UTF-8 ``text`` to ``path`` atomically."""
    with atomic_output(path) as temp:
        temp.write_text(text, encoding="utf-8")
