"""A gunicorn worker for the app, so that a public server keeps the promise of docs/web.md that
every error is JSON: gunicorn's threaded worker (gthread), whose own refusals of a request it
cannot parse (a garbage request line, two Content-Length headers, a folded header, a chunked
body it cannot read, …) come back as ``{"error": …}`` with the same status, instead of
gunicorn's HTML page. The app answers everything else itself.

    gunicorn -k elzzur.web.worker.ThreadWorker -w 4 --threads 4 -b 0.0.0.0:8000 \\
        'elzzur.web.app:application'

Imported by gunicorn only (``-k``); gunicorn itself is not a dependency of elzzur.
"""

from __future__ import annotations

import html
import json
import re

from gunicorn.workers.gthread import ThreadWorker as _GunicornThreadWorker

# gunicorn's error page: its status line, and the message between the heading and </body>
_STATUS = re.compile(rb"HTTP/1\.[01] (\d{3}) ([^\r\n]*)")
_MESSAGE = re.compile(rb"</h1>\s*(.*?)\s*</body>", re.S)


def as_json(page: bytes) -> bytes:
    """gunicorn's HTML error response rewritten as the app's JSON error (the same status);
    anything else as it is."""
    status = _STATUS.match(page)
    if not status or b"Content-Type: text/html" not in page[:page.find(b"\r\n\r\n")]:
        return page
    found = _MESSAGE.search(page)
    message = html.unescape(found[1].decode("latin-1")) if found else ""
    message = message or status[2].decode("latin-1") or "the request could not be read"
    body = json.dumps({"error": message}, ensure_ascii=False).encode("utf-8")
    from .app import SECURITY_HEADERS

    headers = [("Connection", "close"), ("Content-Type", "application/json; charset=utf-8"),
               ("Cache-Control", "no-store"), *SECURITY_HEADERS,
               ("Content-Length", str(len(body)))]
    head = b"HTTP/1.1 " + status[1] + b" " + status[2] + b"\r\n" + b"".join(
        f"{name}: {value}\r\n".encode("latin-1") for name, value in headers)
    return head + b"\r\n" + body


class _JsonErrors:
    """The client's socket as gunicorn's error writer sees it: what it sends is rewritten by
    ``as_json``; everything else is the socket's."""

    def __init__(self, sock) -> None:
        self._sock = sock

    def __getattr__(self, name: str):
        return getattr(self._sock, name)

    def sendall(self, data: bytes) -> None:
        self._sock.sendall(as_json(bytes(data)))


class ThreadWorker(_GunicornThreadWorker):
    """gthread, with its refusals in JSON."""

    def handle_error(self, req, client, addr, exc) -> None:
        super().handle_error(req, _JsonErrors(client), addr, exc)
