"""``serve``: the web app (``elzzur.web``) on the embedded server, until Ctrl-C.

By default only this machine can open it (127.0.0.1); ``--host 0.0.0.0`` serves the local
network, and the URL a phone opens is printed with its QR code (``elzzur-solver[web]``'s segno).
The server answers only requests for the addresses it serves, and ``--allow-host`` names (a
proxy's name in front of it): the defence against DNS rebinding (``elzzur.web.hosts``)."""

from __future__ import annotations

import sys

from .commands import Args
from .output import Output


def run_serve(args: Args, out: Output) -> None:
    from ..web.server import make_server, qr_text, urls

    server = make_server(args.host, args.port, allow_hosts=args.allow_host or ())
    try:
        port = server.server_port
        found = urls(args.host, port)
        out.write(f"elzzur serves on {', '.join(found)} (Ctrl-C stops)\n")
        if len(found) > 1 or args.host not in ("127.0.0.1", "localhost", "::1"):
            phone = found[-1]
            qr = qr_text(phone)
            if qr is None:
                out.write(f"open {phone} on your phone (pip install 'elzzur-solver[web]' draws it "
                          f"as a QR code here)\n")
            else:
                out.write(f"open {phone} on your phone, or scan:\n{qr}")
        if args.host not in ("127.0.0.1", "localhost", "::1"):
            out.write("anyone on this network can use it; for a public server, see docs/web.md\n")
        sys.stdout.flush()
        server.serve_forever(poll_interval=0.5)
    finally:
        server.server_close()
