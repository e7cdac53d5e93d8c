"""The WSGI application: ``application`` answers the page at ``/`` and the JSON API at
``/api/…`` (``elzzur.web.api``), the same under ``elzzur serve``'s embedded server and under any
production WSGI server (``gunicorn -w 4 'elzzur.web.app:application'``).

Whatever arrives, the answer is a response: a body over ``MAX_BODY`` bytes is refused before
it is read (413), a body that is not a JSON object is a 400, data elzzur cannot use (a board it
cannot read, a search too long) a 422 with elzzur's own message, an unknown path a 404, the
wrong method a 405, all as ``{"error": "…"}``; a bug is a 500 with a short message and the
traceback goes to the server's error log, never to the client.

Two pools, so that slow questions never hold up the page: the questions (solve, generate,
check, read) are worked on ``MAX_BUSY`` at once in one process, ``MAX_WAITING`` more wait up to
``BUSY_WAIT`` seconds for their turn, and any past those get a 503 at once; the page, its
service worker and the two lists it starts from (languages, rules) never wait for them (the
lists have ``MAX_LIGHT`` turns of their own). A picture is the costliest question in memory
(a 25-megapixel picture takes some hundreds of megabytes to read), so at most
``MAX_UPLOADS`` pictures are received at once and one read at a time
(``api.MAX_DECODING``). Under a
production server, ``ELZZUR_ALLOWED_HOSTS`` (names, separated by commas) makes the app refuse
requests for any other ``Host`` (421), as ``elzzur serve`` does itself.
"""

from __future__ import annotations

import json
import os
import threading
import traceback
from http import HTTPStatus

from ..errors import ElzzurError
from .api import ROUTES, ApiError
from .install import FILES as INSTALL_FILES

MAX_BODY = 64 * 1024  # bytes of a request's body: a board and players' lists fit many times
MAX_PICTURE = 8 * 1024 * 1024  # bytes of a picture to read (/api/read): a phone's photo
MAX_BUSY = 4  # questions worked on at once in one process
MAX_WAITING = 8  # questions waiting for their turn; past them, a 503 at once
BUSY_WAIT = 20.0  # seconds a question waits for its turn
MAX_LIGHT = 8  # the page's lists (languages, rules) worked on at once, apart from questions
MAX_UPLOADS = 4  # pictures being received at once (8 MiB each at most)

# The page loads nothing from elsewhere and talks only to its own server (and its own service
# worker, /sw.js).
CSP = ("default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
       "connect-src 'self'; img-src 'self' data:; manifest-src 'self'; worker-src 'self'; "
       "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
WORKER_CSP = "default-src 'none'; connect-src 'self'"
SECURITY_HEADERS = [("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
                    ("X-Frame-Options", "DENY")]
STATUS = {200: "200 OK", 400: "400 Bad Request", 404: "404 Not Found",
          405: "405 Method Not Allowed", 408: "408 Request Timeout", 411: "411 Length Required",
          413: "413 Content Too Large", 415: "415 Unsupported Media Type",
          421: "421 Misdirected Request", 422: "422 Unprocessable Content",
          500: "500 Internal Server Error", 501: "501 Not Implemented",
          503: "503 Service Unavailable"}

_busy = threading.BoundedSemaphore(MAX_BUSY)
_waiting = threading.BoundedSemaphore(MAX_BUSY + MAX_WAITING)
_light = threading.BoundedSemaphore(MAX_LIGHT)
_uploads = threading.BoundedSemaphore(MAX_UPLOADS)
_allowed: list = []  # ELZZUR_ALLOWED_HOSTS, read once: [Allowed or None]
_page: list[bytes] = []
_worker: list[bytes] = []

# The service worker: the app's shell (the page, and the two answers it starts from) kept in
# a cache named by the page's content hash, so that a new page (a new elzzur) is a new cache
# and the old one is dropped. Each is asked of the server first (the newest when it can be
# had), and taken from the cache when the server cannot be reached: then marked
# X-Elzzur-Cached, which the page shows. The questions (POST) are never cached.
SERVICE_WORKER = """'use strict';
const CACHE = "elzzur-%(version)s";
const SHELL = ["/", "/api/languages", "/api/rules"];
self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(SHELL); })
    .then(function () { return self.skipWaiting(); }));
});
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (key) {
      return key.indexOf("elzzur-") === 0 && key !== CACHE;
    }).map(function (key) { return caches.delete(key); }));
  }).then(function () { return self.clients.claim(); }));
});
self.addEventListener("fetch", function (event) {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const key = url.pathname === "/index.html" ? "/" : url.pathname;
  if (SHELL.indexOf(key) < 0) return;
  event.respondWith(fetch(request).then(function (response) {
    if (response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then(function (cache) { return cache.put(key, copy); });
    }
    return response;
  }).catch(function () {
    return caches.open(CACHE).then(function (cache) { return cache.match(key); })
      .then(function (kept) {
        if (!kept) return Response.error();
        const headers = new Headers(kept.headers);
        headers.set("X-Elzzur-Cached", "1");
        return kept.blob().then(function (body) {
          return new Response(body, { status: kept.status, statusText: kept.statusText,
                                      headers: headers });
        });
      });
  }));
});
"""


def page_bytes() -> bytes:
    """The app's page, made once per process."""
    if not _page:
        from .page import app_page

        _page.append(app_page().encode("utf-8"))
    return _page[0]


def worker_bytes() -> bytes:
    """The service worker, its cache named by the page's content hash."""
    if not _worker:
        import hashlib

        version = hashlib.sha256(page_bytes()).hexdigest()[:16]
        _worker.append((SERVICE_WORKER % {"version": version}).encode("utf-8"))
    return _worker[0]


def application(environ, start_response):
    """The WSGI entry point (PEP 3333)."""
    method = environ.get("REQUEST_METHOD", "GET")
    path = environ.get("PATH_INFO") or "/"
    try:
        check_host(environ)
        if path in ("/", "/index.html"):
            if method not in ("GET", "HEAD"):
                raise ApiError(405, f"{method} is not allowed here (GET the page)")
            body = page_bytes()
            headers = [("Content-Type", "text/html; charset=utf-8"),
                       ("Content-Security-Policy", CSP), ("Cache-Control", "no-cache")]
            return respond(start_response, 200, headers, b"" if method == "HEAD" else body)
        if path in INSTALL_FILES:  # the web manifest and its icons (install.py)
            if method not in ("GET", "HEAD"):
                raise ApiError(405, f"{method} is not allowed here (GET {path})")
            kind, make = INSTALL_FILES[path]
            headers = [("Content-Type", kind), ("Cache-Control", "max-age=86400"),
                       ("Content-Security-Policy", "default-src 'none'")]
            return respond(start_response, 200, headers, b"" if method == "HEAD" else make())
        if path == "/sw.js":
            if method not in ("GET", "HEAD"):
                raise ApiError(405, f"{method} is not allowed here (GET the service worker)")
            headers = [("Content-Type", "text/javascript; charset=utf-8"),
                       ("Content-Security-Policy", WORKER_CSP), ("Cache-Control", "no-cache")]
            return respond(start_response, 200, headers,
                           b"" if method == "HEAD" else worker_bytes())
        if path == "/api/read":  # a picture's bytes, not JSON: read_picture()
            if method != "POST":
                raise ApiError(405, f"{method} is not allowed here (POST /api/read)")
            return json_response(start_response, 200, read_picture(environ))
        if path not in ROUTES:
            raise ApiError(404, f"no such page: {path[:100]!r}")
        wanted, question = ROUTES[path]
        if method != wanted:
            raise ApiError(405, f"{method} is not allowed here ({wanted} {path})")
        if wanted == "GET":  # the page's lists: apart from the questions
            with turn(_light, "the server is busy"):
                reply = question({})
        else:
            request = read_json(environ)  # (64 KiB at most, within the server's deadline)
            with turn():
                reply = question(request)
        return json_response(start_response, 200, reply)
    except ApiError as e:
        return json_response(start_response, e.status, {"error": e.message})
    except ElzzurError as e:  # data elzzur cannot use: elzzur's own message, no folder named
        from .api import public

        return json_response(start_response, 422, {"error": public(str(e))})
    except Exception:  # a bug: the client is told so, the log gets the traceback
        errors = environ.get("wsgi.errors")
        if errors is not None:
            errors.write(traceback.format_exc())
        return json_response(start_response, 500, {"error": "internal error (see the server's log)"})


def read_picture(environ) -> dict:
    """``POST /api/read``: the picture as the body (``Content-Type: image/…``), the game's
    fields in the query string (``?language=en&rules=ruzzle``)."""
    from urllib.parse import parse_qs

    kind = (environ.get("CONTENT_TYPE") or "").split(";")[0].strip().lower()
    if not (kind.startswith("image/") or kind == "application/octet-stream"):
        # (not a type a plain form of another site can post either)
        raise ApiError(415, "send the picture as the body (Content-Type: image/jpeg, "
                            "image/png, …)")
    query = environ.get("QUERY_STRING") or ""
    if len(query) > 1000:
        raise ApiError(400, "the query string is too long")
    try:
        fields = parse_qs(query, keep_blank_values=True, strict_parsing=False,
                          max_num_fields=10)
    except ValueError:
        raise ApiError(400, "the query string has too many fields") from None
    if any(len(values) > 1 for values in fields.values()):
        raise ApiError(400, "a field is given twice in the query string")
    from .api import read

    if not _uploads.acquire(timeout=BUSY_WAIT):  # at most MAX_UPLOADS pictures in memory
        raise ApiError(503, f"the server is receiving {MAX_UPLOADS} pictures already: try "
                            "again in a moment")
    try:
        data = read_body(environ, MAX_PICTURE, "a picture")
        with turn():
            return read(data, {name: values[0] for name, values in fields.items()})
    finally:
        _uploads.release()


class turn:
    """A turn of ``pool`` (by default the questions': ``MAX_BUSY`` worked on at once and
    ``MAX_WAITING`` waiting up to ``BUSY_WAIT`` seconds); a 503 past them, at once when the
    queue is full, so that a flood of slow questions holds no more than its share of the
    server's threads."""

    def __init__(self, pool=None, busy: str = "the server is busy") -> None:
        self.pool, self.busy = pool, busy

    def __enter__(self):
        if self.pool is not None:
            if not self.pool.acquire(timeout=BUSY_WAIT):
                raise ApiError(503, f"{self.busy}: try again in a moment")
            return
        if not _waiting.acquire(blocking=False):
            raise ApiError(503, f"{self.busy} ({MAX_BUSY} questions worked on and "
                                f"{MAX_WAITING} waiting): try again in a moment")
        if not _busy.acquire(timeout=BUSY_WAIT):
            _waiting.release()
            raise ApiError(503, f"{self.busy}: try again in a moment")

    def __exit__(self, *exc) -> None:
        if self.pool is not None:
            self.pool.release()
            return
        _busy.release()
        _waiting.release()


def check_host(environ) -> None:
    """Under a production server, ``ELZZUR_ALLOWED_HOSTS`` names the hosts answered (the
    embedded server checks its own addresses before the app is called)."""
    if not _allowed:
        from .hosts import parse_allowed

        text = os.environ.get("ELZZUR_ALLOWED_HOSTS", "").strip()
        _allowed.append(parse_allowed(text) if text else None)
    allowed = _allowed[0]
    if allowed is None:
        return
    from .hosts import host_allowed

    host = environ.get("HTTP_HOST") or ""
    if not host_allowed(host, allowed):
        raise ApiError(421, f"this server does not answer for the Host {host[:100]!r} "
                            "(see ELZZUR_ALLOWED_HOSTS)")


def read_body(environ, limit: int, what: str = "a request body") -> bytes:
    """The request's body, refused before reading if it is over ``limit`` bytes."""
    length = environ.get("CONTENT_LENGTH") or ""
    if not length.isdigit() or not length.isascii():
        raise ApiError(411, "a request body needs its Content-Length")
    size = int(length)
    if size > limit:
        raise ApiError(413, f"{what} of {size:,} bytes is too large: at most {limit:,}")
    try:
        data = environ["wsgi.input"].read(size) if size else b""
    except TimeoutError as e:  # the embedded server's deadline for the body
        raise ApiError(408, f"{e}: send it faster or not at all") from None
    except (OSError, ValueError) as e:  # the connection broke (a production server's errors)
        raise ApiError(400, f"the request body could not be read ({type(e).__name__})") from None
    if len(data) != size:
        raise ApiError(400, "the request body ended early")
    return data


def read_json(environ) -> dict:
    """The request's body as a JSON object, refused before reading if it is too large."""
    kind = (environ.get("CONTENT_TYPE") or "").split(";")[0].strip().lower()
    if kind != "application/json":
        # (a JSON content type also keeps other sites' plain forms from posting here)
        raise ApiError(415, "send the question as JSON (Content-Type: application/json)")
    data = read_body(environ, MAX_BODY)
    try:
        value = json.loads(data.decode("utf-8"), object_pairs_hook=_object)
    except UnicodeDecodeError:
        raise ApiError(400, "the request body is not UTF-8") from None
    except ApiError:
        raise
    except (ValueError, RecursionError):
        raise ApiError(400, "the request body is not JSON") from None
    if not isinstance(value, dict):
        raise ApiError(400, "the request body must be a JSON object")
    return value


def _object(pairs: list) -> dict:
    """A JSON object whose keys are all different: a field given twice could mean either."""
    value = dict(pairs)
    if len(value) != len(pairs):
        seen: set = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))
        raise ApiError(400, f"the field {twice[:40]!r} is given twice in the request body")
    return value


def json_response(start_response, status: int, value) -> list[bytes]:
    body = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    headers = [("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store")]
    return respond(start_response, status, headers, body)


def respond(start_response, status: int, headers: list, body: bytes) -> list[bytes]:
    start_response(STATUS.get(status) or f"{status} {HTTPStatus(status).phrase}",
                   headers + SECURITY_HEADERS +
                   [("Content-Length", str(len(body)))])
    return [body]
