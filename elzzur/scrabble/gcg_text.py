"""A GCG file's bytes as text: UTF-8 where the bytes are UTF-8, else the file's
``#character-encoding`` if Python knows it, else Windows-1252 (ISO-8859-1 where a byte has no
Windows-1252 character), with a note saying which was used.

Records older than UTF-8's reign were written in ISO-8859-1 or Windows-1252 (Quackle and
cross-tables files name their players ``césar``, ``Müller``); the header is sometimes wrong (a
UTF-8 file that says ``ISO8859-6``). Bytes that decode as UTF-8 are taken as UTF-8 whatever the
header says: a file in a single-byte encoding whose non-ASCII bytes happen to form valid UTF-8
sequences is rare beyond practical concern, while a wrong header is common.
"""

from __future__ import annotations

import codecs
import re

from ..printable import plain

_HEADER = re.compile(rb"^#character-encoding[ \t]+(\S+)", re.MULTILINE)


def decode_gcg(data: bytes, origin: str) -> tuple[str, str | None]:
    """``(text, note)``: the text of a GCG file (a BOM dropped) and a note on how it was read,
    or None when it was plain UTF-8 as its header (if any) says."""
    header = _HEADER.search(data[:4096])
    named = header.group(1).decode("ascii", "replace") if header else None
    codec = _codec(named)
    shown = plain(named or "", 30)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[:error.start].count(b"\n") + 1
        where = f"not UTF-8 (byte 0x{data[error.start]:02x} on line {line})"
        if codec is not None and codec != "utf-8":
            try:
                return _unbom(data.decode(codec)), f"{origin}: read as {shown}, as its header says"
            except UnicodeDecodeError:
                where += f", nor {shown} as its header says"
        try:
            text = data.decode("cp1252")
            used = "Windows-1252"
        except UnicodeDecodeError:
            text = data.decode("latin-1")  # every byte is a character: cannot fail
            used = "ISO-8859-1"
        return _unbom(text), f"{origin}: {where}: read as {used}"
    note = None
    if named is not None and codec != "utf-8" and not text.isascii():
        note = f"{origin}: the header says {shown}, but the file is UTF-8: read as UTF-8"
    return _unbom(text), note


def _codec(name: str | None) -> str | None:
    """Python's name of the codec ``name`` (``UTF-8``, ``ISO-8859-1``, ``ISO8859-1``,
    ``windows-1252``…), or None if it names none."""
    if not name:
        return None
    try:
        info = codecs.lookup(name)
    except LookupError:
        return None
    # 'rot13', 'hex', 'base64' are codecs too, but of bytes to bytes or text to text
    return info.name if getattr(info, "_is_text_encoding", True) else None


def _unbom(text: str) -> str:
    return text[1:] if text.startswith("\ufeff") else text
