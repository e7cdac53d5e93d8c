"""Peak memory of ``elzzur serve`` while clients upload large pictures to ``/api/read`` at once.

    python benchmarks/web_memory.py                        # 4 uploads of a 5000x5000 PNG
    python benchmarks/web_memory.py --uploads 8 --side 4000

The picture is a board screenshot (benchmarks/image_corpus.py) scaled to ``--side`` pixels
square, inside the server's limits (8 MiB, 25 megapixels); ``--uploads`` clients send it at
the same moment. The server runs in its own process (``python -m elzzur serve --port 0``) and
its resident memory is sampled every 20 ms with psutil; reported: the memory before the
uploads (after one small picture read, so that OpenCV and the classifier are loaded), the
peak during them, and each upload's status. Only 127.0.0.1 is used.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path


def big_picture(side: int) -> bytes:
    import cv2

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from image_corpus import screenshot

    sample = screenshot(random.Random(1), "ruzzle", "en", size=4, font_path="pillow:default",
                        phone=(540, 960))
    image = cv2.resize(sample.image, (side, side), interpolation=cv2.INTER_NEAREST)
    return cv2.imencode(".png", image, [cv2.IMWRITE_PNG_COMPRESSION, 9])[1].tobytes()


def upload(url: str, data: bytes, results: list) -> None:
    request = urllib.request.Request(url + "api/read", data=data,
                                     headers={"Content-Type": "image/png"})
    try:
        with urllib.request.urlopen(request, timeout=300) as response:
            results.append((response.status, ""))
    except urllib.error.HTTPError as e:
        results.append((e.code, json.loads(e.read() or b"{}").get("error", "")[:80]))
    except OSError as e:
        results.append((0, f"{type(e).__name__}: {e}"))


def main(argv=None) -> None:
    import psutil

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--uploads", type=int, default=4)
    parser.add_argument("--side", type=int, default=5000)
    args = parser.parse_args(argv)
    data = big_picture(args.side)
    print(f"picture: {args.side}x{args.side}, {len(data):,} bytes")
    server = subprocess.Popen([sys.executable, "-m", "elzzur", "serve", "--port", "0"],
                              stdout=subprocess.PIPE, text=True)
    try:
        url = re.search(r"http://127\.0\.0\.1:\d+/", server.stdout.readline())[0]
        process = psutil.Process(server.pid)
        warm: list = []
        upload(url, big_picture(600), warm)
        before = process.memory_info().rss
        peak = [before]
        done = threading.Event()

        def sample() -> None:
            while not done.is_set():
                peak[0] = max(peak[0], process.memory_info().rss)
                time.sleep(0.02)

        sampler = threading.Thread(target=sample)
        sampler.start()
        results: list = []
        clients = [threading.Thread(target=upload, args=(url, data, results))
                   for _ in range(args.uploads)]
        start = time.monotonic()
        for client in clients:
            client.start()
        for client in clients:
            client.join()
        took = time.monotonic() - start
        done.set()
        sampler.join()
        print(f"warm-up read: {warm[0][0]}; memory before: {before / 2**20:.0f} MiB; "
              f"peak during {args.uploads} uploads: {peak[0] / 2**20:.0f} MiB; {took:.1f} s")
        print("statuses:", sorted(results))
    finally:
        server.send_signal(2)
        server.wait(30)


if __name__ == "__main__":
    main()
