"""JSON text exactly as ``json.dumps(value, ensure_ascii=False)`` writes it, without importing
``json``: that import brings ``json.decoder``, ``re`` and ``enum`` with it, some 5 ms of a
one-shot command's start (``elzzur scrabble --format json`` takes ~45 ms in all), for output
that is a few lists, dictionaries, strings and numbers.

Strings are escaped by ``_json.encode_basestring``, the C function ``json`` itself uses for
them; numbers are written as ``json`` writes them (``int.__repr__``, ``float.__repr__``, and
``NaN``/``Infinity``/``-Infinity``). A value of any other kind (a subclass, a dictionary with a
key that is not a string, a set) is handed to ``json`` itself, so the text is always
``json.dumps``'s: ``tests/test_jsonout.py`` compares the two on random values.
"""

from __future__ import annotations

try:
    from _json import encode_basestring as _string
except ImportError:  # another Python implementation: json's own, then
    _string = None


class _Unusual(Exception):
    """A value this module does not write itself: ``json.dumps`` writes it."""


def dumps(value) -> str:
    """``json.dumps(value, ensure_ascii=False)``."""
    if _string is not None:
        parts: list[str] = []
        try:
            _write(value, parts.append)
        except (_Unusual, RecursionError):
            pass
        else:
            return "".join(parts)
    import json

    return json.dumps(value, ensure_ascii=False)


def _write(value, out) -> None:
    kind = type(value)
    if kind is str:
        out(_string(value))
    elif kind is int:
        out(int.__repr__(value))
    elif kind is float:
        out(_float(value))
    elif value is None:
        out("null")
    elif value is True:
        out("true")
    elif value is False:
        out("false")
    elif kind is list or kind is tuple:
        if not value:
            out("[]")
            return
        out("[")
        first = True
        for item in value:
            if not first:
                out(", ")
            first = False
            _write(item, out)
        out("]")
    elif kind is dict:
        if not value:
            out("{}")
            return
        out("{")
        first = True
        for key, item in value.items():
            if type(key) is not str:  # json turns numbers, booleans and None into keys
                raise _Unusual
            if not first:
                out(", ")
            first = False
            out(_string(key))
            out(": ")
            _write(item, out)
        out("}")
    else:
        raise _Unusual


def _float(value: float) -> str:
    if value != value:
        return "NaN"
    if value == float("inf"):
        return "Infinity"
    if value == -float("inf"):
        return "-Infinity"
    return float.__repr__(value)
