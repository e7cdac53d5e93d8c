"""``elzzur serve``'s embedded server as a hostile client meets it (issue 37): raw bytes over
a real socket to a server started here, on 127.0.0.1 only, each exchange bounded in time.

Whatever arrives, the server answers a well-formed HTTP/1.x response (or, for a connection
that sent no request at all, closes it), every error as JSON ``{"error": …}``, never a 500,
never its software's versions; it checks ``Host`` against the addresses it serves (DNS
rebinding), refuses ambiguous framing (RFC 9112: two Content-Lengths, Content-Length with
Transfer-Encoding, a Content-Length that is not a number), bounds connections per client and
in all, drops clients that stop sending, and keeps the page's own requests apart from slow
questions. Then the same invariants under hypothesis, and the server still answers after.

Liveness is checked by outcome, not by the clock: a request answered *while* the idle
connections are still open, not "within N seconds" (the socket timeouts only keep a broken
server from hanging the test).
"""

from __future__ import annotations

import contextlib
import json
import re
import socket
import struct
import threading
import zlib

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

try:  # (imported here: importing it sets LD_LIBRARY_PATH, which a test may not change)
    import cv2  # noqa: F401
except ImportError:  # the image extra is not installed
    pass
from elzzur.web import api, app
from elzzur.web.app import MAX_BODY, MAX_PICTURE

BOARD = "STARELINPORGAMES"
WAIT = 60.0  # seconds a socket operation may take before the test calls the server hung


# --- a server of the test's own, and raw exchanges with it ----------------------------------

@contextlib.contextmanager
def serving(**limits):
    """The embedded server on 127.0.0.1, any port, in a thread; ``limits`` set on it (the
    deadlines, shortened where a test waits for one)."""
    from elzzur.web.server import make_server

    server = make_server("127.0.0.1", 0)
    for name, value in limits.items():
        setattr(server, name, value)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1},
                              daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(WAIT)


@pytest.fixture(scope="module")
def server():
    with serving() as running:
        yield running


class Reply:
    """A parsed HTTP response: status, headers (names lower-case; a list per name), body."""

    def __init__(self, raw: bytes) -> None:
        self.raw = raw
        head, sep, self.body = raw.partition(b"\r\n\r\n")
        assert sep, f"no end of headers in {raw[:300]!r}"
        lines = head.split(b"\r\n")
        match = re.fullmatch(rb"HTTP/1\.[01] (\d{3}) [^\r\n]*", lines[0])
        assert match, f"not an HTTP/1.x status line: {lines[0][:200]!r}"
        self.status = int(match[1])
        self.headers: dict[str, list[str]] = {}
        for line in lines[1:]:
            name, colon, value = line.decode("latin-1").partition(":")
            assert colon and name == name.strip(), f"bad header line {line!r}"
            self.headers.setdefault(name.lower(), []).append(value.strip())

    def header(self, name: str) -> str | None:
        values = self.headers.get(name.lower())
        return values[0] if values else None

    def json(self):
        return json.loads(self.body)


def read_all(sock: socket.socket) -> bytes:
    chunks = []
    while True:
        try:
            chunk = sock.recv(65536)
        except ConnectionResetError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks)


def exchange(port: int, raw: bytes, source: str = "127.0.0.1", half_close: bool = True) -> bytes:
    """Send ``raw``, say no more (half-close), read until the server closes."""
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT,
                                  source_address=(source, 0)) as sock:
        try:
            sock.sendall(raw)
            if half_close:
                sock.shutdown(socket.SHUT_WR)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server answered early (413) and closed: its answer is still there
        return read_all(sock)


def final(raw: bytes) -> Reply:
    """The final response of ``raw`` (after any 1xx interim ones)."""
    reply = Reply(raw)
    while 100 <= reply.status < 200:
        reply = Reply(reply.body)
    return reply


SERVER_NAMES = (None, "elzzur")  # what a Server header may say: no versions


def well_formed(raw: bytes, allowed=None, head: bool = False) -> Reply:
    """The invariants of every answer: one final response, framed by its Content-Length, no
    versions named, never a 500; an error is JSON with a message (``head``: the answer to a
    HEAD request, its headers only)."""
    reply = final(raw)
    length = reply.header("content-length")
    if head:
        assert reply.body == b"" and reply.status != 500 and reply.status < 600, reply.raw[:300]
        if allowed is not None:
            assert reply.status in allowed, reply.status
        return reply
    if length is not None:
        assert int(length) == len(reply.body), (length, reply.body[:200])
    server_header = reply.header("server")
    assert server_header in SERVER_NAMES, server_header
    assert reply.status != 500 and reply.status < 600, reply.raw[:300]
    if reply.status >= 400:
        assert (reply.header("content-type") or "").startswith("application/json"), reply.raw[:300]
        assert isinstance(reply.json(), dict) and reply.json()["error"], reply.body[:300]
    if allowed is not None:
        assert reply.status in allowed, (reply.status, reply.body[:300])
    return reply


def get(port: int, path: str = "/api/rules", host: str | None = None, source="127.0.0.1",
        version: str = "1.1") -> Reply:
    host = f"127.0.0.1:{port}" if host is None else host
    raw = f"GET {path} HTTP/{version}\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode()
    return well_formed(exchange(port, raw, source))


def post(port: int, path: str, body: bytes, kind: str = "application/json",
         extra: str = "", host: str | None = None, length: int | None = None) -> bytes:
    host = f"127.0.0.1:{port}" if host is None else host
    length = len(body) if length is None else length
    head = (f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: {kind}\r\n"
            f"Content-Length: {length}\r\n{extra}Connection: close\r\n\r\n")
    return exchange(port, head.encode("latin-1") + body)


SOLVE = json.dumps({"board": BOARD}).encode()


# --- the request line --------------------------------------------------------------------------

REQUEST_LINES = [
    (b"GARBAGE\r\n\r\n", {400}),
    (b"GET\r\n\r\n", {400}),
    (b"GET /\r\n\r\n", {400}),  # HTTP/0.9: its answer would have no status line
    (b"GET / HTTP/9.9\r\n\r\n", {505}),
    (b"GET / HTTP/2.0\r\n\r\n", {505}),
    (b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", {505}),
    (b"GET / HTTP/1.1 extra\r\nHost: h\r\n\r\n", {400}),
    (b"\x00\x01\x02\xff\r\n\r\n", {400}),
    (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(range(40)) + b"\r\n\r\n", {400}),
    (b"GET / HTTP/1.x\r\n\r\n", {400}),
    (b"GET / HTTP/01.1\r\n\r\n", {400}),
    (b"GET / http/1.1\r\n\r\n", {400}),
    (b"GET / HTTP/1.1", {400}),  # no end of line, then the end of the stream
    (b"GET / HTTP/1.1\r\n", {400}),  # no end of the headers
    (b"GET / HTTP/1.1\r\nHost: 127.0.0.1", {400}),
    (b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\n\r\n", {414}),
    (b"get /api/rules HTTP/1.0\r\n\r\n", {400, 405, 501}),
    (b"CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n", {400, 405, 421, 501}),
    (b"GET http://evil.example/ HTTP/1.1\r\nHost: evil.example\r\n\r\n", {400, 421}),
    (b"GET * HTTP/1.0\r\n\r\n", {400, 404}),
    (b"OPTIONS * HTTP/1.0\r\n\r\n", {400, 404, 405, 501}),
    (b"GET /\x00 HTTP/1.0\r\n\r\n", {400, 404}),
    (b"GET /\xff\xfe HTTP/1.0\r\n\r\n", {400, 404}),
    (b"GET /%00 HTTP/1.0\r\n\r\n", {404}),
    (b"GET /../../etc/passwd HTTP/1.0\r\n\r\n", {400, 404}),
    (b"GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.0\r\n\r\n", {404}),
    (b"GET /\xc3\xa9 HTTP/1.0\r\n\r\n", {400, 404}),
    (b" GET / HTTP/1.0\r\n\r\n", {400}),
    (b"GET / HTTP/1.1\r\n\r\n", {400}),  # HTTP/1.1 without Host (RFC 9112, 3.2)
]


@pytest.mark.parametrize("raw, allowed", REQUEST_LINES,
                         ids=[repr(r[:30]) for r, _ in REQUEST_LINES])
def test_request_lines(server, raw, allowed):
    well_formed(exchange(server.server_port, raw), allowed)


def test_a_connection_that_sends_nothing_is_closed_without_an_answer(server):
    for raw in (b"", b"\r\n", b"\r\n\r\n"):
        got = exchange(server.server_port, raw)
        assert got == b"" or well_formed(got, {400}).status == 400


def test_http_1_0_without_host_is_served(server):
    reply = well_formed(exchange(server.server_port, b"GET /api/rules HTTP/1.0\r\n\r\n"), {200})
    assert reply.json()["rules"]


# --- Host: the addresses served, nothing else (DNS rebinding) -----------------------------------

HOSTS = [
    ("127.0.0.1:{port}", 200), ("localhost:{port}", 200), ("LOCALHOST:{port}", 200),
    ("[::1]:{port}", 200), ("evil.example:{port}", 421), ("evil.example", 421),
    ("127.0.0.1.evil.example:{port}", 421), ("127.0.0.1:{other}", 421),
    ("localhost.:{port}", 421), ("", 400), ("127.0.0.1", 421),
    ("user@127.0.0.1:{port}", 400), ("192.168.1.20:{port}", 421),
    ("127.0.0.1:{port} x", 400), ("0.0.0.0:{port}", 421), ("2130706433:{port}", 421),
    ("127.1:{port}", 421), ("[::ffff:127.0.0.1]:{port}", 421), ("localhost:{port}:{port}", 400),
    ("localhost:", 421), ("xn--80ak6aa92e.com:{port}", 421),
]


@pytest.mark.parametrize("host, status", HOSTS)
def test_host_is_checked(server, host, status):
    port = server.server_port
    reply = get(port, host=host.format(port=port, other=port + 1 if port < 65535 else 1))
    assert reply.status == status, reply.body
    if status == 421:
        assert "Host" in reply.json()["error"]


@pytest.mark.parametrize("raw", [
    b"GET /api/rules HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nHost: 127.0.0.1:{port}\r\n\r\n",
    b"GET /api/rules HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nHost: evil.example\r\n\r\n",
])
def test_two_hosts_are_refused(server, raw):
    port = str(server.server_port).encode()
    well_formed(exchange(server.server_port, raw.replace(b"{port}", port)), {400})


def test_a_question_with_a_foreign_host_is_refused_before_any_work(server, monkeypatch):
    asked = []
    monkeypatch.setitem(api.ROUTES, "/api/solve", ("POST", lambda body: asked.append(body) or {}))
    raw = post(server.server_port, "/api/solve", SOLVE, host="rebound.example:8080")
    assert well_formed(raw, {421}) and asked == []


def test_host_names_on_every_interface(monkeypatch):
    """Serving 0.0.0.0: this machine's own names and addresses, and ``--allow-host`` names."""
    from elzzur.web import server as web_server

    monkeypatch.setattr(web_server, "lan_address", lambda: "192.168.1.20")
    allowed = web_server.allowed_hosts("0.0.0.0", 8080, ["elzzur.example.org"])
    for host in ("127.0.0.1:8080", "localhost:8080", "192.168.1.20:8080",
                 "elzzur.example.org", "elzzur.example.org:8080", "ELZZUR.example.org"):
        assert web_server.host_allowed(host, allowed), host
    for host in ("evil.example:8080", "192.168.1.21:8080", "192.168.1.20:8081"):
        assert not web_server.host_allowed(host, allowed), host


def test_serve_allow_host(cli, monkeypatch):
    """``elzzur serve --allow-host NAME`` (repeatable): those names with any port, beside the
    addresses served."""
    from elzzur.web import server as web_server

    seen = {}

    def interrupted(self, poll_interval=0.5):
        seen["allowed"] = self.allowed
        raise KeyboardInterrupt

    monkeypatch.setattr(web_server.Server, "serve_forever", interrupted)
    run = cli("serve", "--port", "0", "--allow-host", "elzzur.example.org",
              "--allow-host", "Other.example")
    assert run.code == 130 and run.err == ""
    allowed = seen["allowed"]
    assert web_server.host_allowed("elzzur.example.org", allowed)
    assert web_server.host_allowed("other.example:443", allowed)
    assert not web_server.host_allowed("evil.example", allowed)
    assert web_server.host_allowed("localhost", allowed) is False  # (port 80: not the one served)


def test_the_app_checks_host_under_a_production_server(monkeypatch):
    """The WSGI app alone (as gunicorn runs it): ``ELZZUR_ALLOWED_HOSTS`` names the hosts it
    answers; without it, it leaves Host to the server in front."""
    import io

    def status(host):
        environ = {"REQUEST_METHOD": "GET", "PATH_INFO": "/api/rules", "HTTP_HOST": host,
                   "wsgi.input": io.BytesIO(), "wsgi.errors": io.StringIO()}
        seen = {}
        b"".join(app.application(environ, lambda s, h: seen.update(status=s)))
        return int(seen["status"].split()[0])

    monkeypatch.setattr(app, "_allowed", [])
    assert status("evil.example") == 200
    monkeypatch.setattr(app, "_allowed", [])
    monkeypatch.setenv("ELZZUR_ALLOWED_HOSTS", "elzzur.example.org, [::1]")
    assert status("evil.example") == 421 and status("elzzur.example.org:8443") == 200
    assert status("[::1]:80") == 200 and status("") == 421
    monkeypatch.setattr(app, "_allowed", [])


# --- what the server says about itself ---------------------------------------------------------

@pytest.mark.parametrize("path", ["/", "/api/rules", "/nope", "/sw.js"])
def test_no_versions_named(server, path):
    reply = get(server.server_port, path)
    assert reply.header("server") in (None, "elzzur")
    assert b"WSGIServer" not in reply.raw and b"CPython" not in reply.raw


# --- framing: Content-Length and Transfer-Encoding (RFC 9112, 6) --------------------------------

def framed(port: int, headers: str, body: bytes = SOLVE) -> bytes:
    head = (f"POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Content-Type: application/json\r\n{headers}Connection: close\r\n\r\n")
    return exchange(port, head.encode("utf-8") + body)


n = len(SOLVE)
FRAMINGS = [
    (f"Content-Length: {n}\r\nContent-Length: {n + 5}\r\n", {400}),
    (f"Content-Length: {n}\r\nContent-Length: {n}\r\n", {400}),
    (f"Content-Length: {n}, {n + 5}\r\n", {400}),
    (f"Content-Length: {n},{n}\r\n", {400}),
    ("Content-Length: -1\r\n", {400}),
    ("Content-Length: abc\r\n", {400}),
    (f"Content-Length: +{n}\r\n", {400}),
    ("Content-Length: 0x10\r\n", {400}),
    ("Content-Length: 1e3\r\n", {400}),
    ("Content-Length: \r\n", {400}),
    ("Content-Length: \u0663\r\n", {400}),
    (f"Content-Length: {n} {n}\r\n", {400}),
    ("Content-Length: 99999999999999999999999999\r\n", {413}),
    (f"Content-Length: {n}\r\nTransfer-Encoding: chunked\r\n", {400}),
    (f"Transfer-Encoding: chunked\r\nContent-Length: {n}\r\n", {400}),
    ("Transfer-Encoding: chunked\r\n", {411, 501}),
    ("Transfer-Encoding: gzip\r\n", {400, 501}),
    ("Transfer-Encoding: chunked, chunked\r\n", {400, 411, 501}),
    ("", {411}),
    (f"Content-Length:  {n}  \r\n", {200}),
]


@pytest.mark.parametrize("headers, allowed", FRAMINGS)
def test_framing(server, headers, allowed):
    body = SOLVE
    if "chunked" in headers and "Content-Length" not in headers:
        body = f"{len(SOLVE):x}\r\n".encode() + SOLVE + b"\r\n0\r\n\r\n"
    well_formed(framed(server.server_port, headers, body), allowed)


def test_a_body_shorter_than_its_length(server):
    well_formed(post(server.server_port, "/api/solve", SOLVE, length=len(SOLVE) + 50), {400})


# --- header syntax -----------------------------------------------------------------------------

HEADER_LINES = [
    ("X-No-Colon\r\n", {400}),
    ("X-Space : b\r\n", {400}),
    ("X-Fold: a\r\n b\r\n", {400}),
    ("X-Nul: a\x00b\r\n", {400}),
    ("X(Bad): b\r\n", {400}),
    ("X-Cr: a\rb\r\n", {400}),
    ("".join(f"X-H{i}: v\r\n" for i in range(101)), {431}),
    ("X-Long: " + "v" * 70_000 + "\r\n", {431}),
    ("".join(f"X-H{i}: {'v' * 1000}\r\n" for i in range(90)), {431}),
    ("X-Latin: caf\xe9\r\n", {200}),
    ("Expect: 100-continue\r\n", {200}),
    ("Expect: teapot\r\n", {417}),
    ("Content-Type: application/json; charset=latin-1\r\n", {200, 400, 415}),
]


@pytest.mark.parametrize("line, allowed", HEADER_LINES, ids=[repr(l[:20]) for l, _ in HEADER_LINES])
def test_header_lines(server, line, allowed):
    port = server.server_port
    head = (f"POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Content-Type: application/json\r\n{line}Content-Length: {len(SOLVE)}\r\n"
            "Connection: close\r\n\r\n")
    well_formed(exchange(port, head.encode("latin-1") + SOLVE), allowed)


def test_pipelined_and_smuggled_requests(server):
    port = server.server_port
    second = f"GET /nope HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
    head = (f"POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: "
            f"application/json\r\nContent-Length: {len(SOLVE)}\r\n\r\n").encode()
    raw = exchange(port, head + SOLVE + second)
    first = Reply(raw)
    assert first.status == 200
    smuggle = (f"POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: "
               f"application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n"
               "0\r\n\r\n").encode() + second
    well_formed(exchange(port, smuggle), {400})


# --- bodies ------------------------------------------------------------------------------------

def padded(size: int) -> bytes:
    body = SOLVE + b" " * (size - len(SOLVE))
    assert len(body) == size
    return body


def test_a_body_at_the_limit_is_taken_one_byte_over_is_not(server):
    port = server.server_port
    reply = well_formed(post(port, "/api/solve", padded(MAX_BODY)), {200})
    assert reply.json()["words"][0]["word"] == "MOLESTING"
    reply = well_formed(post(port, "/api/solve", padded(MAX_BODY + 1)), {413})
    assert f"at most {MAX_BODY:,}" in reply.json()["error"]


def test_a_picture_at_the_limit_is_read_one_byte_over_is_not(server):
    port = server.server_port
    junk = b"\x89PNG\r\n\x1a\n" + b"\0" * (MAX_PICTURE - 8)
    reply = well_formed(post(port, "/api/read", junk, "image/png"), {422, 501})
    assert "at most" not in reply.json()["error"] or "bytes" not in reply.json()["error"]
    reply = well_formed(post(port, "/api/read", junk + b"\0", "image/png"), {413})
    assert f"at most {MAX_PICTURE:,}" in reply.json()["error"]


JSON_BODIES = [
    (b"[" * 60_000, {400}), (b"1e999999", {400}), (b'{"board": NaN}', {400}),
    (b'{"board": "ABCD", "board": "STARELINPORGAMES"}', {400}),
    (b'{"board": "\\ud800\\ud800\\ud800\\ud800"}', {400, 422}),
    ('{"board": "STARELINPORGAMES"}'.encode("utf-16"), {400}),
    (b"\xef\xbb\xbf" + SOLVE, {200, 400}), (b"null", {400}), (b"{" * 65_536, {400}),
    (b'{"board": "STARELINPORGAMES", "min_length": ' + b"9" * 5000 + b"}", {400}),
    (b'{"board": "STARELINPORGAMES", "min_length": 1e308}', {400}),
    (b"", {400}), (b'{"board": "STARELINPORGAMES", "min_length": Infinity}', {400}),
    (b'{"board": {"__proto__": 1}}', {400}), (b'"' + b"a" * 60_000 + b'"', {400}),
]


@pytest.mark.parametrize("body, allowed", JSON_BODIES, ids=[repr(b[:20]) for b, _ in JSON_BODIES])
def test_json_bodies(server, body, allowed):
    well_formed(post(server.server_port, "/api/solve", body), allowed)


def png(width: int, height: int) -> bytes:
    """A PNG of ``width`` x ``height`` grey pixels, written by hand (no image library)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    rows = b"".join(b"\0" + b"\x80" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def claimed_png(width: int, height: int) -> bytes:
    """A small file whose header claims a huge picture."""
    good = png(1, 1)
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return good[:16] + ihdr + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr) & 0xFFFFFFFF) + good[33:]


PICTURES = [
    (png(1, 1), "image/png"), (png(11, 2000), "image/png"), (png(500, 1), "image/png"),
    (png(11, 11), "image/png"), (png(12, 12), "image/png"), (png(2, 3), "image/jpeg"),
    (png(40, 40)[:60], "image/png"), (claimed_png(30_000, 30_000), "image/png"),
    (claimed_png(0, 0), "image/png"), (b"GIF89a" + b"\0" * 20, "image/gif"),
    (b"\xff\xd8\xff\xe1\x00\x10Exif\x00\x00MM\x00*\x00\x00\x00\x08\xff\xd9", "image/jpeg"),
    (b"BM" + b"\xff" * 60, "image/bmp"), (b"", "image/png"),
]


@pytest.mark.parametrize("body, kind", PICTURES, ids=[f"picture{i}" for i in range(len(PICTURES))])
def test_pictures_are_never_a_500(server, body, kind):
    # (4xx; 501 on a server without the image extra)
    well_formed(post(server.server_port, "/api/read", body, kind), {*range(400, 500), 501})


@pytest.mark.parametrize("error", [__import__("struct").error("unpack requires a buffer"),
                                   NotImplementedError("DXT5"), IndexError("list index"),
                                   RuntimeError("OpenCV(5.0.0) assertion failed")])
def test_any_failure_of_the_decoder_is_a_422(server, monkeypatch, error):
    """Whatever a decoder raises on a picture (the errors issue 37 saw: struct.error from a
    damaged EXIF block, NotImplementedError from a DDS file, OpenCV's assertions), the client
    gets a 422 saying the picture could not be read, and the log the traceback."""
    pytest.importorskip("cv2")
    import elzzur.image.reader as reader

    def failing(*args, **kwargs):
        raise error

    monkeypatch.setattr(reader, "picture_from_bytes", failing)
    reply = well_formed(post(server.server_port, "/api/read", png(40, 40), "image/png"), {422})
    assert reply.json()["error"] == f"the picture could not be read ({type(error).__name__})"


@pytest.mark.parametrize("query, kind, allowed", [
    ("", "text/plain", {415}), ("?" + "&".join(f"f{i}=1" for i in range(11)), "image/png", {400}),
    ("?language=en&language=it", "image/png", {400}), ("?language=../../etc", "image/png", {400}),
    ("?turns=sideways", "image/png", {400}), ("?" + "x" * 2000, "image/png", {400}),
])
def test_picture_questions(server, query, kind, allowed):
    well_formed(post(server.server_port, "/api/read" + query, png(30, 30), kind), allowed)


# --- paths and methods -------------------------------------------------------------------------

PATHS = [
    ("GET", "/", {200}), ("GET", "/index.html", {200}), ("GET", "/api/rules?x=1", {200}),
    ("GET", "/api/languages", {200}), ("GET", "/sw.js", {200}), ("HEAD", "/", {200}),
    ("GET", "//api/rules", {404}), ("GET", "/api/rules/", {404}), ("GET", "/API/RULES", {404}),
    ("GET", "/api/../api/rules", {400, 404}), ("GET", "/%2Fapi%2Frules", {404}),
    ("GET", "/" + "x" * 2000, {404}), ("GET", "/api/solve", {405}), ("GET", "/api/read", {405}),
    ("HEAD", "/api/rules", {200, 405}), ("PUT", "/api/solve", {405, 501}),
    ("DELETE", "/", {405, 501}), ("PATCH", "/api/check", {405, 501}),
    ("TRACE", "/", {405, 501}), ("FOO", "/api/rules", {405, 501}),
    ("OPTIONS", "/api/solve", {405, 501}), ("POST", "/sw.js", {405, 411}),
    ("POST", "/api/rules", {405, 411}), ("GET", "/api/rules#frag", {200, 400, 404}),
]


@pytest.mark.parametrize("method, path, allowed", PATHS)
def test_paths_and_methods(server, method, path, allowed):
    port = server.server_port
    raw = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"
    well_formed(exchange(port, raw.encode()), allowed, head=method == "HEAD")


def test_a_broken_language_file_is_named_not_its_home_path(tmp_path, monkeypatch, server):
    folder = tmp_path / "languages"
    folder.mkdir()
    (folder / "xx.toml").write_text('code = "xx"\nname = "Mine"\n', encoding="utf-8")
    (folder / "Bad Name.toml").write_text("not toml [", encoding="utf-8")
    monkeypatch.setenv("ELZZUR_LANGUAGES_DIR", str(folder))
    reply = get(server.server_port, "/api/languages")
    text = reply.body.decode()
    assert str(tmp_path) not in text and "/languages/" not in text, text
    broken = [row for row in reply.json()["languages"] if "error" in row]
    assert len(broken) == 2 and all(row["error"] for row in broken)
    assert any("xx.toml" in row["error"] for row in broken)


def test_no_error_names_the_servers_folders(data_dir, server):
    """Any error about a file of the user's (here, corrections that are not UTF-8) names it
    as in its folder, never the folder's path."""
    (data_dir / "words").mkdir(parents=True)
    (data_dir / "words" / "en.txt").write_bytes(b"\xff\xfe+CAT\n")
    reply = well_formed(post(server.server_port, "/api/solve", SOLVE), {422})
    assert reply.json()["error"].startswith("words/en.txt, line 1: ")
    assert str(data_dir) not in reply.body.decode()


# --- slow clients and slow questions -----------------------------------------------------------

def idle(port: int, count: int, source: str = "127.0.0.1") -> list[socket.socket]:
    """``count`` connections that start a request and never finish its headers."""
    held = []
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", port), timeout=WAIT,
                                        source_address=(source, 0))
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        held.append(sock)
    return held


def still_open(sock: socket.socket) -> bool:
    sock.setblocking(False)
    try:
        return sock.recv(1, socket.MSG_PEEK) != b""  # (data: answered, fine too)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        sock.setblocking(True)


def test_idle_connections_do_not_lock_others_out():
    """70 connections that never finish their headers (slowloris): another client is served
    while they are still held, the same client's connections past its share are refused
    with a JSON 503 at once, and the held ones are dropped at the header deadline."""
    with serving(header_seconds=600.0) as running:
        port = running.server_port
        held = idle(port, 70)
        try:
            reply = get(port, "/", source="127.0.0.2")
            assert reply.status == 200
            assert get(port, "/api/rules", source="127.0.0.3").status == 200
            assert sum(still_open(s) for s in held) >= 32  # (they were held, not dropped)
            over = well_formed(exchange(port, b"GET /api/rules HTTP/1.0\r\n\r\n"))
            assert over.status in (200, 503)  # served, or refused at once: never waiting
        finally:
            for sock in held:
                sock.close()


def test_a_client_trickling_its_headers_is_dropped():
    with serving(header_seconds=1.0) as running:
        with socket.create_connection(("127.0.0.1", running.server_port), timeout=WAIT) as sock:
            sock.sendall(b"GET / HTTP/1.1\r\n")
            got = b""
            for _ in range(200):  # a byte at a time, which a per-read timeout never stops
                try:
                    sock.sendall(b"X")
                except OSError:
                    break
                threading.Event().wait(0.05)
                if not still_open(sock):
                    break
            got = read_all(sock)
        well_formed(got, {408})


def test_a_client_stalling_its_body_is_dropped():
    with serving(body_seconds=1.0) as running:
        port = running.server_port
        with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as sock:
            sock.sendall(f"POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: "
                         "application/json\r\nContent-Length: 100\r\n\r\n{\"bo".encode())
            well_formed(read_all(sock), {408})


class Gate:
    """A question that waits until the test opens the gate (a slow question, by hand)."""

    def __init__(self) -> None:
        self.open, self.entered = threading.Event(), threading.Semaphore(0)

    def __call__(self, body):
        self.entered.release()
        self.open.wait(WAIT)
        return {"ok": True}


def test_slow_questions_do_not_hold_up_the_page(monkeypatch):
    """Eight questions that take long (more than the questions worked on at once): the page,
    the service worker and the two lists it starts from are served while they wait."""
    gate = Gate()
    monkeypatch.setitem(api.ROUTES, "/api/solve", ("POST", gate))
    monkeypatch.setattr(app, "BUSY_WAIT", WAIT * 10)  # (the waiting ones wait, however slow the machine)
    with serving() as running:
        port = running.server_port
        replies: list = []
        threads = [threading.Thread(target=lambda: replies.append(
            post(port, "/api/solve", SOLVE))) for _ in range(8)]
        try:
            for thread in threads:
                thread.start()
            for _ in range(app.MAX_BUSY):
                assert gate.entered.acquire(timeout=WAIT)
            for path in ("/", "/sw.js", "/api/rules", "/api/languages"):
                assert get(port, path, source="127.0.0.2").status == 200
            assert not gate.open.is_set() and len(replies) == 0
        finally:
            gate.open.set()
            for thread in threads:
                thread.join(WAIT)
        assert sorted(final(raw).status for raw in replies) == [200] * 8


def test_questions_past_the_queue_are_refused_at_once(monkeypatch):
    gate = Gate()
    monkeypatch.setitem(api.ROUTES, "/api/solve", ("POST", gate))
    monkeypatch.setattr(app, "BUSY_WAIT", WAIT * 10)  # (the waiting ones wait, however slow the machine)
    with serving() as running:
        port = running.server_port
        replies: list = []
        count = app.MAX_BUSY + app.MAX_WAITING + 3
        threads = [threading.Thread(target=lambda: replies.append(
            post(port, "/api/solve", SOLVE))) for _ in range(count)]
        try:
            for thread in threads:
                thread.start()
            for _ in range(app.MAX_BUSY):
                assert gate.entered.acquire(timeout=WAIT)
            for _ in range(600):  # the three over the queue answered while the gate is shut
                if len(replies) >= 3:
                    break
                threading.Event().wait(0.05)
            refused = [well_formed(raw, {503}) for raw in list(replies)]
            assert len(refused) == 3 and not gate.open.is_set()
            assert get(port, "/", source="127.0.0.2").status == 200
        finally:
            gate.open.set()
            for thread in threads:
                thread.join(WAIT)
        assert sorted(final(raw).status for raw in replies) == [200] * (count - 3) + [503] * 3


def test_a_client_that_never_reads_its_answer_is_dropped():
    """A client that asks for the page (twenty times over, on one connection) and reads
    nothing, through a small receive buffer: its connection is closed, at the answer's
    deadline or when the lingering close gives up on it (whichever the kernel's buffers lead
    to), and its slot given back."""
    with serving(write_seconds=1.0) as running:
        port = running.server_port
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
        sock.settimeout(WAIT)
        sock.bind(("127.0.0.6", 0))
        try:
            sock.connect(("127.0.0.1", port))
            for _ in range(20):  # the page, and more, asked for on one connection
                sock.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
            for _ in range(1200):  # its slot comes back when the server gives up on it
                if "127.0.0.6" not in running._clients:
                    break
                threading.Event().wait(0.05)
            assert "127.0.0.6" not in running._clients
            assert get(port, "/", source="127.0.0.7").status == 200
        finally:
            sock.close()


def test_many_hostile_requests_at_once_then_a_plain_one(server):
    """Sixty of the cases above sent at the same moment from eight threads: each answered as
    alone, and the server answers after."""
    port = server.server_port
    cases = [raw for raw, _ in REQUEST_LINES][:20] + [
        f"GET /api/rules HTTP/1.1\r\nHost: {h.format(port=port, other=1)}\r\n\r\n".encode()
        for h, _ in HOSTS][:20] + [
        f"POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: "
        f"application/json\r\n{headers}Connection: close\r\n\r\n".encode() + SOLVE
        for headers, _ in FRAMINGS][:20]
    failures: list = []

    def send(chunk):
        for raw in chunk:
            try:
                got = exchange(port, raw)
                if got:
                    well_formed(got)
            except Exception as e:  # noqa: BLE001 - collected and reported below
                failures.append(f"{raw[:50]!r}: {type(e).__name__}: {str(e)[:150]}")

    threads = [threading.Thread(target=send, args=(cases[i::8],)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WAIT * 4)
    assert not failures, "\n".join(failures)
    assert get(port, "/").status == 200


def test_connections_per_client_are_bounded():
    from elzzur.web import server as web_server

    with serving(header_seconds=600.0) as running:
        port = running.server_port
        held = idle(port, web_server.MAX_PER_CLIENT, source="127.0.0.4")
        try:
            over = well_formed(exchange(port, b"GET /api/rules HTTP/1.0\r\n\r\n",
                                        source="127.0.0.4"), {503})
            assert "connections" in over.json()["error"]
            assert get(port, source="127.0.0.5").status == 200
        finally:
            for sock in held:
                sock.close()


def test_an_ipv6_client_is_its_64_network():
    """A client on IPv6 holds a /64 and could take a new address per connection: the bound per
    client counts the network."""
    from elzzur.web.server import client_key

    assert client_key("2001:db8:1:2::5") == client_key("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert client_key("2001:db8:1:3::5") != client_key("2001:db8:1:2::5")
    assert client_key("192.0.2.7") == client_key("::ffff:192.0.2.7") == "192.0.2.7"


# --- fuzzed: random request lines, headers and bodies -------------------------------------------

TOKENS = st.sampled_from(["GET", "POST", "HEAD", "PUT", "get", "", "G\0T", "POST " * 3])
PATHS_F = st.sampled_from(["/", "/api/solve", "/api/read", "/api/rules", "/api/languages",
                           "/sw.js", "*", "http://x/", "/%ff", "/a b", ""]) | \
    st.text(max_size=40).map(lambda t: "/" + t)
VERSIONS = st.sampled_from(["HTTP/1.1", "HTTP/1.0", "HTTP/2", "HTTP/1.1 x", "", "HTTP/0.9",
                            "HTTP/1.10"])
HEADER_NAMES = st.sampled_from(["Host", "Content-Length", "Content-Type", "Transfer-Encoding",
                                "Expect", "Connection", "X-A", "Host ", "", "Content-length"])
HEADER_VALUES = st.sampled_from(["127.0.0.1:{port}", "localhost:{port}", "evil", "0", "5",
                                 "-1", "chunked", "application/json", "image/png",
                                 "100-continue", "close", "99999999999", ""]) | \
    st.text(max_size=30)
LINE_ENDS = st.sampled_from(["\r\n", "\n", "\r", "\r\n\r\n"])


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(method=TOKENS, path=PATHS_F, version=VERSIONS,
       headers=st.lists(st.tuples(HEADER_NAMES, HEADER_VALUES), max_size=6),
       end=LINE_ENDS, body=st.binary(max_size=300) | st.just(SOLVE))
def test_fuzzed_requests(server, method, path, version, headers, end, body):
    port = server.server_port
    lines = [" ".join(part for part in (method, path, version) if part)]
    lines += [f"{name}: {value.format(port=port) if '{port}' in value else value}"
              for name, value in headers]
    raw = (end.join(lines) + "\r\n\r\n").encode("utf-8", "surrogatepass") + body
    got = exchange(port, raw)
    if got:  # the answer to HEAD has the headers of a GET's, its Content-Length too, no body
        well_formed(got, head=method == "HEAD" and final(got).body == b"")
    # and the server still answers a plain question from another client
    assert get(port, "/api/rules", source="127.0.0.9").status == 200


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(raw=st.binary(max_size=400) | st.lists(st.sampled_from(
    [b"GET ", b"POST ", b"/api/solve", b"/", b" HTTP/1.1", b"\r\n", b"\n", b"\r", b": ",
     b"Host", b"Content-Length", b"Transfer-Encoding", b"chunked", b"0", b"99", b"\x00",
     b"\xff", b" ", b"\t", b"{", b'"board"', b"127.0.0.1"]), max_size=40).map(b"".join))
def test_fuzzed_bytes(server, raw):
    """Any bytes at all: a well-formed answer or a close, and the server answers after."""
    got = exchange(server.server_port, raw)
    if got:
        well_formed(got)
    assert get(server.server_port, "/api/rules", source="127.0.0.9").status == 200


# --- the same app under gunicorn, with elzzur's worker (docs/web.md) ----------------------------

def test_under_gunicorn_every_refusal_is_json(tmp_path, monkeypatch):
    """gunicorn parses the requests there: its refusals (a garbage line, two Content-Lengths,
    a folded header…) come back as JSON through ``elzzur.web.worker``, and the app checks
    ``Host`` against ``ELZZUR_ALLOWED_HOSTS``. Each case: the invariants of every answer (the
    statuses are gunicorn's to choose), and the Host and framing cases refused."""
    import subprocess
    import sys
    import time

    pytest.importorskip("gunicorn")
    monkeypatch.setattr(sys.modules[__name__], "SERVER_NAMES", (None, "elzzur", "gunicorn"))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**__import__("os").environ, "ELZZUR_ALLOWED_HOSTS": f"127.0.0.1, localhost"}
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-k", "elzzur.web.worker.ThreadWorker", "-w", "1",
         "--threads", "4", "-b", f"127.0.0.1:{port}", "elzzur.web.app:application"],
        cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        failures = []
        cases = [raw for raw, _ in REQUEST_LINES] + [
            f"POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: "
            f"application/json\r\n{headers}Connection: close\r\n\r\n".encode() + SOLVE
            for headers, _ in FRAMINGS]
        for raw in cases:
            try:
                got = exchange(port, raw)
                if got:
                    well_formed(got)
            except AssertionError as e:
                failures.append(f"{raw[:60]!r}: {str(e)[:200]}")
        assert not failures, "\n".join(failures)
        assert get(port, host="evil.example").status == 421
        assert get(port, host=f"localhost:{port}").status == 200
        twice = framed(port, f"Content-Length: {len(SOLVE)}\r\nContent-Length: 5\r\n")
        assert well_formed(twice).status == 400
    finally:
        process.terminate()
        process.communicate(timeout=30)
