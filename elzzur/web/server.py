"""``elzzur serve``'s embedded server, and what it prints for a phone to find it (the URL on the
local network, and that URL as a QR code when the optional ``segno`` is installed).

Standard library only, so that ``pip install elzzur-solver`` is enough: a thread per connection
(``socketserver``), and its own small HTTP/1.1 reader instead of ``wsgiref``'s, because
whoever can reach the server can send it anything, and the answer must still be a response
the page can read. So the reader is strict (RFC 9112) and every refusal is JSON like the
app's errors:

- the request line and headers within ``MAX_HEAD`` bytes and ``HEADER_SECONDS`` in all (a
  client trickling a byte at a time is dropped there: 408), at most ``MAX_HEADERS`` headers;
  a line that is not HTTP/1.x, a header that is not ``name: value``, a folded line or a
  control character: 400; HTTP/0.9 or 2: 400 / 505;
- ``Host`` must name this server (``allowed_hosts``; 421 otherwise, 400 when missing from an
  HTTP/1.1 request or given twice): the defence against DNS rebinding;
- the body framed one way only: two Content-Length headers, one that is not a number, or one
  with Transfer-Encoding: 400; a chunked body: 411 (send its length); its bytes within
  ``BODY_SECONDS`` plus a second per ``BODY_RATE`` bytes (408 past it);
- at most ``MAX_CONNECTIONS`` connections at once and ``MAX_PER_CLIENT`` from one address: a
  connection past either is answered 503 at once, so idle connections that never finish their
  headers cannot lock other clients out, and the accept loop never waits;
- one request per connection (``Connection: close``), no ``Server`` header naming versions.

The app then keeps its slow questions apart from the page's own requests (``app.turn``). A
public deployment runs the same application under a production server (docs/web.md).
"""

from __future__ import annotations

import email.utils
import json
import re
import socket
import sys
import threading
import time
import traceback
from http import HTTPStatus
from socketserver import TCPServer
from urllib.parse import unquote

from ..errors import ElzzurError
from .hosts import Allowed, host_allowed, split_host

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8080
MAX_CONNECTIONS = 256  # connections served at once (a thread each)
MAX_PER_CLIENT = 64  # of them from one address (a browser opens 6; a school's NAT more)
MAX_REFUSING = 32  # connections being answered 503 at once; past that, closed unanswered
HEADER_SECONDS = 10.0  # the request line and headers, in all
BODY_SECONDS = 30.0  # the body: this, plus a second per BODY_RATE bytes
BODY_RATE = 64 * 1024
WRITE_SECONDS = 30.0  # the answer, to a client that does not read it
LINGER_SECONDS = 2.0  # reading what a refused client still sends, so that it gets the answer
MAX_REQUEST_LINE = 8 * 1024
MAX_HEAD = 32 * 1024  # request line and headers
MAX_HEADERS = 100
MAX_LENGTH = 8 * 1024 * 1024  # any body (the app's own limits per path are lower or equal)

_TOKEN = re.compile(rb"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
_REQUEST_LINE = re.compile(rb"([!#$%&'*+.^_`|~0-9A-Za-z-]+) ([\x21-\x7e]+) HTTP/([0-9])\.([0-9])")
_CONTROL = re.compile(rb"[\x00-\x08\x0a-\x1f\x7f]")
_END_OF_HEAD = re.compile(rb"\r?\n\r?\n")
LOOPBACK = ("127.0.0.1", "localhost", "::1")


class Refused(Exception):
    """A request the server answers itself, with ``status`` and the client's message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


# --- the server -----------------------------------------------------------------------------------

class Server(TCPServer):
    """A thread per connection, at most ``MAX_CONNECTIONS`` at once and ``MAX_PER_CLIENT`` per
    address; past either, a 503 at once. The limits below are attributes, so that a test can
    shorten a deadline it waits for."""

    daemon_threads = True  # Ctrl-C ends the server without waiting for slow clients
    request_queue_size = 128
    allow_reuse_address = True
    header_seconds = HEADER_SECONDS
    body_seconds = BODY_SECONDS
    write_seconds = WRITE_SECONDS

    def __init__(self, address, app, allowed: Allowed | None = None) -> None:
        self._slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        self._refusing = threading.BoundedSemaphore(MAX_REFUSING)
        self._clients: dict[str, int] = {}
        self._clients_lock = threading.Lock()
        self.app = app
        self.allowed = allowed
        super().__init__(address, None)

    @property
    def server_port(self) -> int:
        """The port listened on (the one taken, for port 0)."""
        return self.server_address[1]

    def process_request(self, request, client_address) -> None:
        """One thread for the connection, which gives its slot back when it ends; the slot
        is given back here instead only if the thread could not be started. Ctrl-C can land
        anywhere in here, even after the thread has started and finished, so the slot is a
        token that either side gives back at most once: given back twice, the semaphore's
        error replaced the KeyboardInterrupt, socketserver took it for a failed request and
        the server ran on after Ctrl-C."""
        address = client_key(client_address[0] if isinstance(client_address, tuple) else "")
        why = self._take(address)
        if why:
            self._refuse(request, why)
            return
        slot = [address]
        thread = threading.Thread(target=self._serve_connection,
                                  args=(request, client_address, slot), daemon=True)
        try:
            thread.start()
        except BaseException:
            self._give_back(slot)
            raise

    def _take(self, address: str) -> str | None:
        """A slot for a connection from ``address``, or why there is none."""
        with self._clients_lock:
            if self._clients.get(address, 0) >= MAX_PER_CLIENT:
                return (f"too many connections from your address (at most {MAX_PER_CLIENT} "
                        "at once): try again in a moment")
            if not self._slots.acquire(blocking=False):
                return "the server has too many connections: try again in a moment"
            self._clients[address] = self._clients.get(address, 0) + 1
        return None

    def _give_back(self, slot: list) -> None:
        try:
            address = slot.pop()  # one step under the GIL: only one side gets the token
        except IndexError:
            return
        with self._clients_lock:
            left = self._clients.get(address, 1) - 1
            if left:
                self._clients[address] = left
            else:
                self._clients.pop(address, None)
            self._slots.release()

    def _serve_connection(self, request, client_address, slot: list) -> None:
        try:
            Connection(self, request, client_address).serve()
        except Exception:  # a bug in the reader: the log has it, the server serves on
            traceback.print_exc(file=sys.stderr)
        finally:
            self._give_back(slot)
            self.shutdown_request(request)

    def _refuse(self, request, message: str) -> None:
        """A 503 for a connection past the limits, in a short thread of its own (at most
        ``MAX_REFUSING``; past that the connection is closed unanswered): the accept loop
        never waits on a client."""
        if not self._refusing.acquire(blocking=False):
            self.shutdown_request(request)
            return

        def answer() -> None:
            try:
                connection = Connection(self, request, ("", 0))
                connection.read_head(min(self.header_seconds, LINGER_SECONDS))
            except (Refused, OSError):
                pass
            try:
                connection.send_error(503, message)
                connection.linger()
            except OSError:
                pass
            finally:
                self.shutdown_request(request)
                self._refusing.release()

        try:
            threading.Thread(target=answer, daemon=True).start()
        except BaseException:
            self._refusing.release()
            self.shutdown_request(request)
            raise


def client_key(address: str) -> str:
    """Whose connection it is, for ``MAX_PER_CLIENT``: the IPv4 address, or an IPv6 address's
    /64 network (one household or phone holds a whole /64, and could otherwise take a new
    address per connection)."""
    if ":" not in address or address.startswith("::ffff:"):
        return address.removeprefix("::ffff:")
    import ipaddress

    try:
        return str(ipaddress.IPv6Network(f"{address.split('%')[0]}/64", strict=False))
    except ValueError:
        return address


# --- one connection: one request, one answer ------------------------------------------------------

class Body:
    """``wsgi.input``: at most ``length`` bytes of the body, what came with the headers first,
    within the body's deadline (TimeoutError past it); ``100 Continue`` sent before the first
    read when the client asked for it."""

    def __init__(self, connection: "Connection", start: bytes, length: int,
                 expect_continue: bool) -> None:
        self.connection, self.buffer, self.left = connection, bytearray(start[:length]), length
        self.left -= len(self.buffer)
        self.expect_continue = expect_continue
        self.deadline: float | None = None

    def read(self, size: int = -1) -> bytes:
        wanted = len(self.buffer) + self.left if size is None or size < 0 else size
        if self.expect_continue:
            self.expect_continue = False
            self.connection.send_raw(b"HTTP/1.1 100 Continue\r\n\r\n")
        if self.deadline is None:
            server = self.connection.server
            length = len(self.buffer) + self.left
            self.deadline = time.monotonic() + server.body_seconds + length / BODY_RATE
        sock = self.connection.sock
        while len(self.buffer) < wanted and self.left > 0:
            remaining = self.deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("the request body took too long to arrive")
            sock.settimeout(remaining)
            try:
                chunk = sock.recv(min(self.left, 256 * 1024))
            except socket.timeout:
                raise TimeoutError("the request body took too long to arrive") from None
            if not chunk:
                self.left = 0
                break
            self.left -= len(chunk)
            self.buffer += chunk
        data = bytes(self.buffer[:wanted])
        del self.buffer[:wanted]
        return data

    def readline(self, size: int = -1) -> bytes:
        data = bytearray()
        while (size < 0 or len(data) < size) and not data.endswith(b"\n"):
            byte = self.read(1)
            if not byte:
                break
            data += byte
        return bytes(data)

    def readlines(self, hint: int = -1) -> list[bytes]:
        return list(iter(self.readline, b""))

    def __iter__(self):
        return iter(self.readline, b"")


class Connection:
    """Reads one request strictly, runs the app on it, writes its answer, closes."""

    def __init__(self, server: Server, sock: socket.socket, client_address) -> None:
        self.server, self.sock, self.client_address = server, sock, client_address
        self.buffer = b""

    def serve(self) -> None:
        try:
            try:
                request = self.read_request()
                if request is None:
                    return  # nothing asked (an empty connection): nothing to answer
                self.run_app(*request)
            except Refused as e:
                self.send_error(e.status, e.message)
            self.linger()
        except OSError:  # the client went away, or does not read its answer
            pass

    # --- reading ---------------------------------------------------------------------------

    def read_head(self, seconds: float) -> bytes | None:
        """The request line and headers (None when the client sent nothing but blank lines
        before closing); what follows them stays in ``self.buffer``."""
        deadline = time.monotonic() + seconds
        data = b""
        while True:
            data = data.lstrip(b"\r\n")  # (blank lines before a request are ignored)
            end = _END_OF_HEAD.search(data)
            if end:
                self.buffer = data[end.end():]
                return data[:end.start()]
            first_line = data.split(b"\n", 1)[0]
            if len(first_line) > MAX_REQUEST_LINE:
                raise Refused(414, f"the request line is longer than {MAX_REQUEST_LINE:,} bytes")
            if len(data) > MAX_HEAD:
                raise Refused(431, f"the request's headers are longer than {MAX_HEAD:,} bytes")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise Refused(408, f"the request's headers took more than {seconds:g} seconds")
            self.sock.settimeout(remaining)
            try:
                chunk = self.sock.recv(65536)
            except socket.timeout:
                raise Refused(408, f"the request's headers took more than {seconds:g} "
                                   "seconds") from None
            if not chunk:
                if not data:
                    return None
                raise Refused(400, "the request ended before its headers did")
            data += chunk

    def read_request(self):
        """(environ, body) of the request, or None; Refused for anything not HTTP/1.x as
        RFC 9112 has it."""
        head = self.read_head(self.server.header_seconds)
        if head is None:
            return None
        lines = [line[:-1] if line.endswith(b"\r") else line for line in head.split(b"\n")]
        match = _REQUEST_LINE.fullmatch(lines[0])
        if not match:
            parts = lines[0].split(b" ")
            if len(parts) == 3 and re.fullmatch(rb"HTTP/[2-9](\.[0-9])?", parts[2]):
                raise Refused(505, "this server speaks HTTP/1.0 and HTTP/1.1 only")
            raise Refused(400, "the request line is not 'METHOD /path HTTP/1.1'")
        method, target, major, minor = match[1].decode("ascii"), match[2], int(match[3]), int(match[4])
        if major != 1:
            raise Refused(505, "this server speaks HTTP/1.0 and HTTP/1.1 only")
        version = "HTTP/1.0" if minor == 0 else "HTTP/1.1"
        headers = self.read_headers(lines[1:])
        authority = None
        if target.startswith((b"http://", b"https://")):  # absolute-form: its host is Host
            authority, _, rest = target.split(b"//", 1)[1].partition(b"/")
            authority, target = authority.decode("ascii"), b"/" + rest
        if not target.startswith(b"/"):
            raise Refused(400, "the request's target must be a path ('/…')")
        self.check_host(headers, version, authority)
        length, expect_continue = self.framing(headers, version)
        path, _, query = target.decode("ascii").partition("?")
        environ = {
            "REQUEST_METHOD": method, "SCRIPT_NAME": "",
            "PATH_INFO": unquote(path, "iso-8859-1"), "QUERY_STRING": query,
            "CONTENT_TYPE": headers.get("content-type", [""])[0],
            "CONTENT_LENGTH": str(length) if "content-length" in headers else "",
            "SERVER_NAME": str(self.server.server_address[0]),
            "SERVER_PORT": str(self.server.server_port), "SERVER_PROTOCOL": version,
            "REMOTE_ADDR": str(self.client_address[0]),
            "wsgi.version": (1, 0), "wsgi.url_scheme": "http",
            "wsgi.input": Body(self, self.buffer, length, expect_continue),
            "wsgi.errors": sys.stderr, "wsgi.multithread": True, "wsgi.multiprocess": False,
            "wsgi.run_once": False,
        }
        for name, values in headers.items():
            if "_" in name or name in ("content-type", "content-length"):
                continue  # (an underscore would let a header pass for another: wsgiref's rule)
            environ["HTTP_" + name.upper().replace("-", "_")] = ", ".join(values)
        return environ, method

    def read_headers(self, lines: list[bytes]) -> dict[str, list[str]]:
        if len(lines) > MAX_HEADERS:
            raise Refused(431, f"more than {MAX_HEADERS} headers")
        headers: dict[str, list[str]] = {}
        for line in lines:
            if line[:1] in (b" ", b"\t"):
                raise Refused(400, "a header is folded onto the next line (RFC 9112 has it "
                                   "refused)")
            name, colon, value = line.partition(b":")
            if not colon or not _TOKEN.fullmatch(name):
                raise Refused(400, f"a header line is not 'Name: value': {line[:60]!r}")
            value = value.strip(b" \t")
            if _CONTROL.search(value) or b"\r" in value:
                raise Refused(400, f"the header {name.decode('ascii')!r} holds a control "
                                   "character")
            headers.setdefault(name.decode("ascii").lower(), []).append(value.decode("latin-1"))
        return headers

    def check_host(self, headers: dict, version: str, authority: str | None) -> None:
        hosts = headers.get("host", [])
        if len(hosts) > 1:
            raise Refused(400, "the request has two Host headers")
        if not hosts and version == "HTTP/1.1" and authority is None:
            raise Refused(400, "an HTTP/1.1 request needs a Host header")
        value = authority if authority is not None else (hosts[0] if hosts else None)
        if value is None or self.server.allowed is None:
            return
        try:
            split_host(value)
        except ValueError as e:
            raise Refused(400, str(e)) from None
        if not host_allowed(value, self.server.allowed):
            raise Refused(421, f"this server does not answer for the Host {value[:100]!r} "
                               "(a name it serves can be allowed with elzzur serve "
                               "--allow-host NAME)")

    def framing(self, headers: dict, version: str) -> tuple[int, bool]:
        """The body's length (RFC 9112, 6.3: one way of framing only) and whether the client
        waits for ``100 Continue``."""
        codings = headers.get("transfer-encoding")
        lengths = headers.get("content-length")
        if codings and lengths:
            raise Refused(400, "a request with both Content-Length and Transfer-Encoding")
        if codings:
            last = codings[-1].split(",")[-1].strip().lower()
            if last == "chunked":
                raise Refused(411, "send the body with its Content-Length (a chunked body is "
                                   "not taken)")
            raise Refused(501, f"the Transfer-Encoding {codings[-1][:40]!r} is not supported")
        length = 0
        if lengths:
            if len(lengths) > 1:
                raise Refused(400, "the request has two Content-Length headers")
            if not re.fullmatch(r"[0-9]+", lengths[0]):
                raise Refused(400, f"the Content-Length {lengths[0][:40]!r} is not a number "
                                   "of bytes")
            if len(lengths[0]) > 12 or int(lengths[0]) > MAX_LENGTH:
                raise Refused(413, f"a request body of {lengths[0][:40]} bytes is too large: "
                                   f"at most {MAX_LENGTH:,}")
            length = int(lengths[0])
        expect = headers.get("expect")
        expect_continue = False
        if expect:
            if len(expect) > 1 or expect[0].lower() != "100-continue":
                raise Refused(417, "the only expectation taken is 'Expect: 100-continue'")
            expect_continue = version == "HTTP/1.1"
        return length, expect_continue

    # --- answering -------------------------------------------------------------------------

    def run_app(self, environ: dict, method: str) -> None:
        """The WSGI application on the request (PEP 3333), its answer written whole."""
        seen: dict = {}
        chunks: list[bytes] = []

        def start_response(status, headers, exc_info=None):
            if seen and not exc_info:
                raise AssertionError("start_response called twice")
            seen["status"], seen["headers"] = status, headers
            return chunks.append

        try:
            result = self.server.app(environ, start_response)
            try:
                for chunk in result:
                    chunks.append(chunk)
            finally:
                if hasattr(result, "close"):
                    result.close()
        except Exception:  # a bug in the app: the log has it
            traceback.print_exc(file=sys.stderr)
            self.send_error(500, "internal error (see the server's log)")
            return
        if not seen:  # (an app that answered nothing: a bug too)
            print(f"elzzur serve: the app did not start a response to {method} "
                  f"{environ.get('PATH_INFO', '')[:100]!r}", file=sys.stderr)
            self.send_error(500, "internal error (see the server's log)")
            return
        body = b"".join(chunks)
        headers = [(k, v) for k, v in seen["headers"]
                   if k.lower() not in ("connection", "server", "date", "transfer-encoding")]
        if not any(k.lower() == "content-length" for k, _ in headers):
            headers.append(("Content-Length", str(len(body))))
        self.send_raw(self.response_head(seen["status"], headers) +
                      (b"" if method == "HEAD" else body))

    def response_head(self, status: str, headers: list) -> bytes:
        lines = [f"HTTP/1.1 {status}"] + [f"{k}: {v}" for k, v in headers] + [
            f"Date: {email.utils.formatdate(usegmt=True)}", "Connection: close"]
        return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")

    def send_error(self, status: int, message: str) -> None:
        """The server's own refusal, JSON like the app's errors (the same headers)."""
        from .app import SECURITY_HEADERS

        body = json.dumps({"error": message}, ensure_ascii=False).encode("utf-8")
        headers = [("Content-Type", "application/json; charset=utf-8"),
                   ("Cache-Control", "no-store")] + SECURITY_HEADERS + [
                   ("Content-Length", str(len(body)))]
        phrase = HTTPStatus(status).phrase if status in HTTPStatus._value2member_map_ else ""
        self.send_raw(self.response_head(f"{status} {phrase}", headers) + body)

    def send_raw(self, data: bytes) -> None:
        self.sock.settimeout(self.server.write_seconds)
        self.sock.sendall(data)

    def linger(self) -> None:
        """Close gently: say we are done, then read (and drop) what the client still sends
        for up to ``LINGER_SECONDS``, so that an early answer (413, 503) is not lost to the
        reset a close with unread data sends."""
        try:
            self.sock.shutdown(socket.SHUT_WR)
        except OSError:
            return
        deadline = time.monotonic() + LINGER_SECONDS
        dropped = 0
        while dropped < 2 * MAX_LENGTH:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return
            self.sock.settimeout(remaining)
            try:
                chunk = self.sock.recv(256 * 1024)
            except OSError:
                return
            if not chunk:
                return
            dropped += len(chunk)


# --- making it, and what it prints ----------------------------------------------------------------

def make_server(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, app=None,
                allow_hosts: list[str] | tuple = ()) -> Server:
    """The server, bound and listening (``port`` 0: any free port, ``server.server_port``
    says which), answering the ``Host`` names of ``allowed_hosts``; a clear ElzzurError if the
    address cannot be had."""
    if app is None:
        from .app import application as app
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    server_class = type("Server", (Server,), {"address_family": family})
    try:
        server = server_class((host, port), app)
    except OSError as e:
        hint = " (another program uses it: try --port)" if e.errno in (98, 48, 10048) else ""
        raise ElzzurError(f"cannot listen on {host}:{port}: {e.strerror or e}{hint}") from None
    server.allowed = allowed_hosts(host, server.server_port, allow_hosts)
    return server


def allowed_hosts(host: str, port: int, extra=()) -> Allowed:
    """The ``Host`` names a server on ``host``:``port`` answers, each with that port: on a
    loopback address, this machine's loopback names; on every interface (0.0.0.0, ::), those
    and this machine's names and addresses; on another address, that address; and ``extra``
    names (``--allow-host``: a name in front of the server, a proxy's) with any port."""
    names = {host.lower().strip("[]")}
    if host in LOOPBACK or host.startswith("127."):
        names.update(LOOPBACK)
    if host in ("0.0.0.0", "::", ""):
        names.update(LOOPBACK)
        names.update(machine_names())
        address = lan_address()
        if address:
            names.add(address)
    names.discard("")
    allowed: Allowed = {name: port for name in names}
    for name in extra:
        allowed[name.lower().strip("[]")] = None
    return allowed


def machine_names() -> set[str]:
    """This machine's names (its host name, as such and with ``.local``, and its fully
    qualified name) and the addresses they resolve to here (no network asked but the
    resolver's own files)."""
    found: set[str] = set()
    try:
        name = socket.gethostname()
    except OSError:
        return found
    if name:
        found.update({name.lower(), f"{name.lower()}.local"})
    try:
        found.update(info[4][0].lower() for info in socket.getaddrinfo(name, None))
    except OSError:
        pass
    return found


def lan_address() -> str | None:
    """This machine's address on the local network (the interface a packet to the outside
    would leave by; nothing is sent), or None without a network."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 1))
        address = probe.getsockname()[0]
    except OSError:
        return None
    finally:
        probe.close()
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def urls(host: str, port: int) -> list[str]:
    """The URLs to open: the host's own, or for every interface (0.0.0.0, ::) this machine's
    own (localhost) and its address on the local network, the one a phone can open."""
    if host in ("0.0.0.0", "::", ""):
        found = [f"http://127.0.0.1:{port}/"]
        address = lan_address()
        if address:
            found.append(f"http://{address}:{port}/")
        return found
    shown = f"[{host}]" if ":" in host else host
    return [f"http://{shown}:{port}/"]


def qr_text(url: str) -> str | None:
    """``url`` as a QR code drawn with block characters for a terminal (two rows of modules
    per line), or None without ``segno``, the optional QR library of ``elzzur-solver[web]``."""
    try:
        import segno
    except ImportError:
        return None
    import io

    out = io.StringIO()
    segno.make(url, error="l", micro=False).terminal(out=out, compact=True)
    return out.getvalue()
