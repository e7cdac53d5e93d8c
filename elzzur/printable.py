"""Other people's text made safe to show on a terminal: a player's words, a game record's names,
a lexicon named in a position. Such text may hold escape sequences (``ESC[2J`` clears the
referee's screen, ``ESC]0;…`` retitles the window, a right-to-left override turns what follows
around): ``printable`` writes each such character as an escape the reader sees instead, and
``plain`` quotes and cuts a piece a message names (``errors.quoted``) unless it is short and
printable already."""

from __future__ import annotations

import re

from .errors import quoted

# C0 controls but the line break and the tab, DEL, the C1 controls (0x9b is CSI on many
# terminals), and the bidirectional overrides and isolates, which reorder what a line shows
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e"
                     "\u2066-\u2069\u2028\u2029]")


def _escape(match: re.Match) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with every control character but the line break and the tab written as an
    escape (``\\x1b``, ``\\u202e``): what a terminal would act on is shown, not obeyed."""
    return _UNSAFE.sub(_escape, text) if _UNSAFE.search(text) else text


def plain(text: str, limit: int = 40) -> str:
    """``text`` as a message names it: as written when it is at most ``limit`` characters and
    printable (``8D RETAINS``, ``NWL23``), else quoted and cut with its length."""
    return text if len(text) <= limit and text.isprintable() else quoted(text, limit)


def json_printable(text: str) -> str:
    """JSON text (``json.dumps``'s, with ``ensure_ascii=False``) with the characters
    ``printable`` escapes written as ``\\uXXXX``: the same JSON, read back the same strings,
    but nothing a terminal acts on (json.dumps escapes the C0 controls itself, not DEL, the C1
    controls or the bidirectional ones)."""
    if not _UNSAFE.search(text):
        return text
    return _UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
