"""A word list's cache key worked out ahead, in a background thread (``elzzur.cache.Ahead``,
``elzzur scrabble -d``): the same key ``file_key`` gives, taken once and only inside its
context, never for a pipe, and worked out again if the thread fails; and the command line
still answers for exactly what the list holds."""

from __future__ import annotations

import json
import os
import random
import threading
from pathlib import Path

import pytest

from elzzur import cache

LIMIT = 1 << 30


def write(path: Path, size: int, seed: int) -> None:
    path.write_bytes(random.Random(seed).randbytes(size))


@pytest.mark.parametrize("size", [0, 5, cache.SMALL, cache.SMALL + 1, 3 * cache.CHUNK // 2])
def test_the_key_worked_out_ahead_is_file_keys(tmp_path, size):
    path = tmp_path / "words.txt"
    write(path, size, size)
    expected = cache.file_key(str(path), LIMIT)
    with cache.Ahead(str(path), LIMIT) as ahead:
        assert ahead.lock is not None  # a thread reads it
        assert cache.file_key(str(path), LIMIT) == expected
    assert expected is not None and (size <= cache.SMALL) == (expected == path.read_bytes())


def test_it_is_taken_once_and_only_inside_its_context(tmp_path):
    path = tmp_path / "words.txt"
    write(path, 100_000, 1)
    first = cache.file_key(str(path), LIMIT)
    with cache.Ahead(str(path), LIMIT) as ahead:
        ahead.wait()
        write(path, 100_000, 2)  # the same size, new bytes, after the thread read them
        assert cache.file_key(str(path), LIMIT) == first  # what the thread read
        second = cache.file_key(str(path), LIMIT)  # taken: the file is read again
        assert second != first
        write(path, 100_000, 3)
        assert cache.file_key(str(path), LIMIT) not in (first, second)
    with cache.Ahead(str(path), LIMIT) as ahead:
        ahead.wait()
    write(path, 100_000, 4)  # a key not taken is dropped when its context ends
    assert cache.file_key(str(path), LIMIT) == cache.content_key(path.read_bytes())
    assert not cache._ahead


def test_over_the_limit_missing_or_not_regular_is_none_or_not_read(tmp_path):
    path = tmp_path / "words.txt"
    write(path, 100_000, 5)
    with cache.Ahead(str(path), 1000):
        assert cache.file_key(str(path), 1000) is None
    for other in (tmp_path / "missing.txt", tmp_path):
        with cache.Ahead(str(other), LIMIT) as ahead:
            assert ahead.lock is None
            assert cache.file_key(str(other), LIMIT) is None
    fifo = tmp_path / "words.fifo"
    os.mkfifo(fifo)
    with cache.Ahead(str(fifo), LIMIT) as ahead:  # opening it would wait for a writer
        assert ahead.lock is None and not cache._ahead
    with cache.Ahead(None, LIMIT) as ahead:
        assert ahead.lock is None and not cache._ahead


def test_a_thread_that_fails_leaves_the_reading_to_file_key(tmp_path, monkeypatch):
    path = tmp_path / "words.txt"
    write(path, 100_000, 6)
    expected = cache.file_key(str(path), LIMIT)
    real = cache._file_key

    def failing(*args):
        if threading.current_thread() is not threading.main_thread():
            raise MemoryError
        return real(*args)

    monkeypatch.setattr(cache, "_file_key", failing)
    with cache.Ahead(str(path), LIMIT) as ahead:
        ahead.wait()
        assert ahead.failed
        assert cache.file_key(str(path), LIMIT) == expected


POSITION = "\n".join(["." * 15] * 7 + ["....CAT........"] + ["." * 15] * 7) + "\n"


@pytest.mark.parametrize("filler", [0, 20_000])
def test_scrabble_reads_a_list_edited_keeping_size_and_time_afresh(cli, tmp_path, filler,
                                                                  monkeypatch):
    """The same list small (its own key) and large (a digest): CATS, then SCAT in its place."""
    monkeypatch.setenv("ELZZUR_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "p.txt").write_text(POSITION, encoding="utf-8")
    rng = random.Random(7)
    padding = "".join("".join(rng.choice("BDFGHJKLMNPRVWXYZ") for _ in range(9)) + "\n"
                      for _ in range(filler))
    words = tmp_path / "w.txt"

    def best() -> list[str]:
        run = cli("scrabble", "-b", "p.txt", "-r", "S", "-d", "w.txt", "--format", "json")
        assert run.code == 0, run.err
        return sorted({m["word"] for m in json.loads(run.out) if m["kind"] == "play"})

    words.write_text(padding + "CAT\nCATS\n", encoding="utf-8")
    assert best() == ["(CAT)S"]
    assert best() == ["(CAT)S"]  # from the cache
    before = words.stat()
    words.write_text(padding + "CAT\nSCAT\n", encoding="utf-8")
    os.utime(words, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert words.stat().st_size == before.st_size
    assert best() == ["S(CAT)"]
    assert not cache._ahead
