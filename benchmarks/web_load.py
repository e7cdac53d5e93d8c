"""A bounded load test of ``elzzur serve``'s app on loopback: many clients posting random boards.

    python benchmarks/web_load.py                                   # both servers, 50 x 30 s
    python benchmarks/web_load.py --server embedded --clients 10 --seconds 5
    python benchmarks/web_load.py --server gunicorn --workers 4 --threads 1   # sync workers

Each client, in a thread of its own, asks again and again, without pause: nine in ten times
``/api/solve`` on a random 4x4 board (letters drawn by English frequency, a bonus here and
there), else ``/api/generate`` or ``/api/check``; every answer must be a 200 whose JSON is
what was asked (a solve names the board it was given). The server runs in its own process:
the embedded one (``elzzur serve``) or gunicorn with ``--workers`` processes of ``--threads``
threads each (gunicorn's gthread worker; 1: its sync worker). Reported: the
requests answered, errors (any), requests per second, the latency's median, p90, p99 and
maximum, and the server's memory (resident set, all its processes) sampled every second: the
first sample (after the warm-up questions and one second of load), the middle one, the highest
and the last (flat memory: the last about the middle one).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

LETTERS = "EEEEEEAAAAIIIIOOONNNRRRTTTLLSSSUDDGBCMPFHVWYK"


def random_board(rng: random.Random) -> str:
    cells = [rng.choice(LETTERS) + (rng.choice(["dl", "tl", "dw", "tw"]) if rng.random() < 0.15 else "")
             for _ in range(16)]
    return "/".join(" ".join(cells[r * 4:r * 4 + 4]) for r in range(4))


def ask(url: str, path: str, body: dict, timeout: float = 60.0) -> tuple[int, dict]:
    request = urllib.request.Request(url + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"{}")


def client(url: str, until: float, rng: random.Random, latencies: list, errors: list,
           lock: threading.Lock) -> None:
    while time.monotonic() < until:
        board = random_board(rng)
        roll = rng.random()
        if roll < 0.9:
            path, body = "api/solve", {"board": board}
        elif roll < 0.95:
            path, body = "api/generate", {"seed": rng.randrange(10**9)}
        else:
            path, body = "api/check", {"board": board, "lists": [["TEA", "EAT", "ZZZ"]]}
        start = time.monotonic()
        try:
            status, answer = ask(url, path, body)
            ok = status == 200 and (path != "api/solve" or
                                    "/".join(answer["board"]) == board)
            problem = None if ok else f"{path}: {status} {str(answer)[:200]}"
        except Exception as e:  # a refused or dropped connection is an error like any other
            problem = f"{path}: {type(e).__name__}: {e}"
        took = time.monotonic() - start
        with lock:
            latencies.append(took)
            if problem:
                errors.append(problem)


def run(url: str, clients: int = 50, seconds: float = 30.0, seed: int = 0, memory=None) -> dict:
    """Load ``url`` with ``clients`` threads for ``seconds``; ``memory()`` (optional) gives the
    server's resident memory in bytes, sampled every second."""
    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    samples: list[int] = []
    start = time.monotonic()
    until = start + seconds
    threads = [threading.Thread(target=client, args=(url, until, random.Random(seed * 1000 + n),
                                                     latencies, errors, lock), daemon=True)
               for n in range(clients)]
    for thread in threads:
        thread.start()
    while memory is not None and time.monotonic() < until:
        time.sleep(1.0)
        samples.append(memory())
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - start
    ordered = sorted(latencies)

    def quantile(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0

    return {"clients": clients, "seconds": seconds, "requests": len(latencies),
            "errors": errors[:20], "error_count": len(errors),
            "per_second": len(latencies) / elapsed, "p50": quantile(0.5), "p90": quantile(0.9),
            "p99": quantile(0.99), "max": ordered[-1] if ordered else 0.0,
            "memory": samples}


def rss(pid: int) -> int:
    """The resident memory of a process and its children (gunicorn's workers), in bytes."""
    total = 0
    pids = [pid]
    try:
        children = open(f"/proc/{pid}/task/{pid}/children").read().split()
        pids += [int(p) for p in children]
    except OSError:
        pass
    for p in pids:
        try:
            for line in open(f"/proc/{p}/status"):
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            pass
    return total


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(kind: str, workers: int, threads: int = 4) -> tuple[subprocess.Popen, str]:
    port = free_port()
    if kind == "embedded":
        command = [sys.executable, "-m", "elzzur", "serve", "--port", str(port)]
    else:
        command = [sys.executable, "-m", "gunicorn", "-w", str(workers), "--threads",
                   str(threads), "-b", f"127.0.0.1:{port}", "elzzur.web.app:application"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}/"
    for _ in range(600):
        try:
            with urllib.request.urlopen(url + "api/rules", timeout=5):
                pass
            break
        except OSError:
            time.sleep(0.1)
    else:
        process.kill()
        raise SystemExit(f"{kind} did not start: {process.stderr.read().decode()[:500]}")
    # warm up: each worker loads the dictionary on its first solve
    for _ in range(4 * max(workers, 1)):
        ask(url, "api/solve", {"board": random_board(random.Random(0))})
    return process, url


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", choices=("embedded", "gunicorn", "both"), default="both")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    kinds = ["embedded", "gunicorn"] if args.server == "both" else [args.server]
    print(f"{args.clients} clients for {args.seconds:g} s each, on {os.cpu_count()} CPUs")
    print("| server | requests | errors | per second | p50 ms | p90 ms | p99 ms | max ms | "
          "memory MB (first, middle, highest, last) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for kind in kinds:
        process, url = start_server(kind, args.workers, args.threads)
        try:
            result = run(url, args.clients, args.seconds, args.seed, lambda: rss(process.pid))
        finally:
            process.terminate()
            process.wait(timeout=30)
        memory = result["memory"] or [0]
        name = kind if kind == "embedded" else f"gunicorn -w {args.workers} --threads {args.threads}"
        print(f"| {name} | {result['requests']:,} | {result['error_count']} | "
              f"{result['per_second']:.0f} | {1000 * result['p50']:.0f} | "
              f"{1000 * result['p90']:.0f} | {1000 * result['p99']:.0f} | "
              f"{1000 * result['max']:.0f} | {memory[0] / 2**20:.0f}, "
              f"{memory[len(memory) // 2] / 2**20:.0f}, "
              f"{max(memory) / 2**20:.0f}, {memory[-1] / 2**20:.0f} |")
        for error in result["errors"][:5]:
            print("   error:", error)


if __name__ == "__main__":
    main()
