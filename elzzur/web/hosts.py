"""Which ``Host`` headers a server answers: the DNS rebinding defence.

A page on another site can make a browser send requests to ``http://127.0.0.1:8080/`` (or to a
phone-friendly server on the local network) by pointing a name of its own at that address: the
browser then takes it for the other site's, and its answers for the other site's to read. What
gives it away is the ``Host`` header: the other site's name. So a server answers only the names
and addresses it serves (``Allowed``: name -> the port it must come with, or None for any port,
as for a public name in front of a proxy), and refuses the rest (421) before any work.
"""

from __future__ import annotations

import re

# reg-name (RFC 3986) without percent-encoding or sub-delims, an IPv4 address; or an IPv6
# literal in brackets; then an optional port (an empty one, "host:", is the default port)
_NAME = re.compile(r"([A-Za-z0-9._~-]+)(?::([0-9]{0,5}))?")
_LITERAL = re.compile(r"\[([0-9A-Fa-f:.]+)\](?::([0-9]{0,5}))?")
DEFAULT_PORT = 80

Allowed = dict  # name (lower case, IPv6 without brackets) -> port required, or None: any


def split_host(value: str) -> tuple[str, int | None]:
    """``Host``'s name (lower case) and port (None when not given); ValueError when it is not
    a host at all (spaces, user information, two ports, an empty value)."""
    match = _LITERAL.fullmatch(value) or _NAME.fullmatch(value)
    if not match:
        raise ValueError(f"the Host header {value[:100]!r} is not a host name or address")
    port = int(match[2]) if match[2] else None
    if port is not None and port > 65535:
        raise ValueError(f"the Host header {value[:100]!r} has no valid port")
    return match[1].lower(), port


def host_allowed(value: str, allowed: Allowed) -> bool:
    """Whether ``value`` (a ``Host`` header, valid per ``split_host``) names this server."""
    try:
        name, port = split_host(value)
    except ValueError:
        return False
    if name not in allowed:
        return False
    wanted = allowed[name]
    return wanted is None or (port if port is not None else DEFAULT_PORT) == wanted


def parse_allowed(text: str) -> Allowed:
    """``ELZZUR_ALLOWED_HOSTS`` (names separated by commas or spaces, any port each) as an
    ``Allowed``: for the app under a production server, which does not know its own name."""
    return {name.strip().lower().strip("[]"): None
            for name in re.split(r"[,\s]+", text) if name.strip()}
