"""``elzzur serve``'s embedded server: the standard library's WSGI server (``wsgiref``), one
thread per connection (``socketserver.ThreadingMixIn``), so that it needs nothing beyond
``pip install elzzur``; and what it prints for a phone to find it: the URL on the local
network, and that URL as a QR code when the optional ``segno`` is installed (``pip install
'elzzur[web]'``).

Bounded like the app: at most ``MAX_CONNECTIONS`` connections are served at once (the next
waits in the listen queue), and a client that stops sending is dropped after ``IDLE_SECONDS``.
A public deployment runs the same application under a production server with several worker
processes instead (docs/web.md).
"""

from __future__ import annotations

import socket
import threading
from socketserver import ThreadingMixIn
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer

from ..errors import ElzzurError

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8080
MAX_CONNECTIONS = 64
IDLE_SECONDS = 30


class Handler(WSGIRequestHandler):
    """wsgiref's handler, quiet (a line per request would bury the URL and the QR code), with
    a time limit on a client that stops sending."""

    timeout = IDLE_SECONDS

    def log_message(self, format, *args) -> None:  # noqa: A002 (the base class's name)
        pass


class Server(ThreadingMixIn, WSGIServer):
    """A thread per connection, at most ``MAX_CONNECTIONS`` at once."""

    daemon_threads = True  # Ctrl-C ends the server without waiting for slow clients
    request_queue_size = 128
    allow_reuse_address = True

    def __init__(self, *args, **kwargs) -> None:
        self._slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        super().__init__(*args, **kwargs)

    def process_request(self, request, client_address) -> None:
        """One thread for the connection, which gives its slot back when it ends; the slot
        is given back here instead only if the thread could not be started. Ctrl-C can land
        anywhere in here, even after the thread has started and finished, so the slot is a
        token that either side gives back at most once: given back twice, the semaphore's
        error replaced the KeyboardInterrupt, socketserver took it for a failed request and
        the server ran on after Ctrl-C."""
        self._slots.acquire()  # the accept loop waits here while all slots are taken
        slot = [True]
        thread = threading.Thread(target=self._serve_connection,
                                  args=(request, client_address, slot), daemon=True)
        try:
            thread.start()
        except BaseException:
            self._give_back(slot)
            raise

    def _serve_connection(self, request, client_address, slot: list) -> None:
        try:
            self.process_request_thread(request, client_address)
        finally:
            self._give_back(slot)

    def _give_back(self, slot: list) -> None:
        try:
            slot.pop()  # one step under the GIL: only one of the two sides gets the token
        except IndexError:
            return
        self._slots.release()


def make_server(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, app=None) -> Server:
    """The server, bound and listening (``port`` 0: any free port, ``server.server_port``
    says which); a clear ElzzurError if the address cannot be had."""
    if app is None:
        from .app import application as app
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    server_class = type("Server", (Server,), {"address_family": family})
    try:
        server = server_class((host, port), Handler)
    except OSError as e:
        hint = " (another program uses it: try --port)" if e.errno in (98, 48, 10048) else ""
        raise ElzzurError(f"cannot listen on {host}:{port}: {e.strerror or e}{hint}") from None
    server.set_app(app)
    return server


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
    per line), or None without ``segno``, the optional QR library of ``elzzur[web]``."""
    try:
        import segno
    except ImportError:
        return None
    import io

    out = io.StringIO()
    segno.make(url, error="l", micro=False).terminal(out=out, compact=True)
    return out.getvalue()
