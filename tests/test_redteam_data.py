"""Red team: the user's data files and pictures (issue 37). Tried as a hostile user would:

- ``-o`` naming the picture read (``read``, ``solve --image``), under any name (a hard link, a
  symbolic link, another spelling): refused with exit 2, the picture left as it was;
- ten processes at once adding words (``words add``) or recording rounds (the history): every
  one that said it saved is kept; the copy kept aside of an unreadable history is never
  overwritten by the next one, and the warning names it;
- a data folder that cannot be written: the round's review is still shown, a warning says the
  round was not recorded;
- pictures too small to hold a board, damaged files of every format Pillow reads (truncated,
  mutated headers, random bytes: hypothesis): a clean ``ElzzurError`` or a picture, nothing
  else, and nothing written to standard error (libtiff, Python warnings);
- hand-edited history lines (NaN, infinities, 400-digit numbers, wrong types, bad shapes):
  skipped and counted by ``stats`` in every format (always valid JSON, never "nan" in the SVG)
  and by ``solve --plan``;
- a named pipe, a directory or a device where a data file (history, corrections, config) is
  expected: a clear error or warning at once, never a wait; a looping ``config.toml`` link
  named as a loop.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time
import warnings
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import child_env

from elzzur.errors import ElzzurError

PIL = pytest.importorskip("PIL")
np = pytest.importorskip("numpy")
from PIL import Image  # noqa: E402

from elzzur.image.reader import decode_picture, load_picture, picture_from_bytes  # noqa: E402

ELZZUR = [sys.executable, "-m", "elzzur"]


def run(*argv: str, env: dict | None = None, cwd=None, timeout: float = 60,
        stdin=subprocess.DEVNULL) -> subprocess.CompletedProcess:
    """``elzzur ARGV`` as a separate process (a hang is a failure, not a stuck suite)."""
    return subprocess.run([*ELZZUR, *argv], env=env or child_env(), cwd=cwd, timeout=timeout,
                          capture_output=True, text=True, stdin=stdin)


def one_error(err: str, *fragments: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("elzzur: error: "), err
    assert "Traceback" not in err and "internal error" not in err, err
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])
    return lines[0]


# --- pictures to read -------------------------------------------------------------------------

def picture_bytes(fmt: str, size=(64, 48)) -> bytes:
    """A small picture in format ``fmt`` (as Pillow writes it)."""
    image = Image.new("RGB", size, (200, 120, 40))
    for x in range(0, size[0], 3):
        image.putpixel((x, x % size[1]), (10, 20, 30))
    out = io.BytesIO()
    options = {"exif": EXIF} if fmt == "JPEG" else {}
    image.save(out, fmt, **options)
    return out.getvalue()


# a little-endian EXIF block: one entry, the orientation (6: turned a quarter)
EXIF = (b"Exif\x00\x00II*\x00\x08\x00\x00\x00\x01\x00\x12\x01\x03\x00\x01\x00\x00\x00"
        b"\x06\x00\x00\x00\x00\x00\x00\x00")
FORMATS = ["PNG", "JPEG", "TIFF", "GIF", "BMP", "WEBP", "DDS"]


def decodes_cleanly(data: bytes, capfd=None) -> None:
    """The contract of the decoder: a BGR picture of at least 12 pixels a side, or an
    ElzzurError; no warning escapes, nothing reaches standard error."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            picture = picture_from_bytes(data, "upload.bin")
        except ElzzurError as e:
            assert "\n" not in str(e) and str(e)
        else:
            assert isinstance(picture, np.ndarray) and picture.ndim == 3 and picture.shape[2] == 3
            assert min(picture.shape[:2]) >= 12
    assert not caught, [str(w.message) for w in caught]
    if capfd is not None:
        out, err = capfd.readouterr()
        assert err == "" and out == "", err


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_whole_picture_of_each_format_is_read(fmt):
    picture = picture_from_bytes(picture_bytes(fmt), "x")
    assert picture.shape[2] == 3 and min(picture.shape[:2]) >= 12


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("cut", [0.1, 0.3, 0.5, 0.8, 0.97])
def test_truncated_pictures_are_a_clean_error(fmt, cut, capfd):
    data = picture_bytes(fmt)
    decodes_cleanly(data[: int(len(data) * cut)], capfd)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("where", [8, 16, 24, 40, 60, 90])
def test_pictures_with_a_damaged_header_are_a_clean_error(fmt, where, capfd):
    data = bytearray(picture_bytes(fmt))
    data[where:where + 6] = b"\xff\x00\xff\x7f\x80\x01"
    decodes_cleanly(bytes(data), capfd)


def test_a_jpeg_with_a_damaged_exif_block_is_a_clean_error_or_read(capfd):
    data = bytearray(picture_bytes("JPEG"))
    start = data.find(b"Exif")
    for offset in range(6, 30):
        damaged = bytearray(data)
        damaged[start + offset:start + offset + 4] = b"\xff\xff\xff\xff"
        decodes_cleanly(bytes(damaged), capfd)
    damaged = bytearray(data)
    damaged[start + 10:start + 14] = b"\x00\x00\x00\x00"  # a short EXIF: struct.error before
    decodes_cleanly(bytes(damaged), capfd)


@pytest.mark.parametrize("size", [(1, 1), (11, 2000), (2000, 11), (500, 1), (1, 500), (11, 11),
                                  (5, 40)])
def test_a_picture_too_small_to_hold_a_board_is_a_clean_error(size):
    out = io.BytesIO()
    Image.new("RGB", size, (255, 255, 255)).save(out, "PNG")
    with pytest.raises(ElzzurError, match="too small to hold a board"):
        picture_from_bytes(out.getvalue(), "small.png")


def test_a_picture_of_twelve_pixels_a_side_is_read():
    out = io.BytesIO()
    Image.new("RGB", (12, 12)).save(out, "PNG")
    assert picture_from_bytes(out.getvalue(), "x").shape == (12, 12, 3)


@pytest.mark.parametrize("size", [(1, 1), (11, 2000), (500, 1)])
def test_read_of_a_tiny_picture_is_one_error_line(tmp_path, size):
    Image.new("RGB", size).save(tmp_path / "tiny.png")
    result = run("read", "tiny.png", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    one_error(result.stderr, "tiny.png", "too small to hold a board")


def test_read_of_a_damaged_tiff_says_one_line(tmp_path):
    data = bytearray(picture_bytes("TIFF"))
    data[8:40] = b"\xff" * 32
    (tmp_path / "bad.tiff").write_bytes(bytes(data))
    result = run("read", "bad.tiff", cwd=tmp_path)
    assert result.returncode == 1
    one_error(result.stderr, "bad.tiff")


def test_load_picture_of_a_fifo_does_not_wait(tmp_path):
    os.mkfifo(tmp_path / "pipe.png")
    result = run("read", "pipe.png", cwd=tmp_path, timeout=30)
    assert result.returncode == 1
    one_error(result.stderr, "pipe.png")


def test_load_picture_of_a_directory_is_a_clean_error(tmp_path):
    with pytest.raises(ElzzurError, match="directory"):
        load_picture(str(tmp_path))


SEEDS = {fmt: picture_bytes(fmt) for fmt in FORMATS}
FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))


@FUZZ
@given(st.binary(max_size=3000))
def test_fuzz_random_bytes(capfd, data):
    decodes_cleanly(data, capfd)


@FUZZ
@given(st.sampled_from(FORMATS), st.data())
def test_fuzz_truncated_and_mutated_pictures(capfd, fmt, draw):
    data = bytearray(SEEDS[fmt])
    cut = draw.draw(st.integers(0, len(data)))
    changes = draw.draw(st.lists(st.tuples(st.integers(0, max(0, len(data) - 1)),
                                           st.integers(0, 255)), max_size=8))
    for where, value in changes:
        data[where] = value
    decodes_cleanly(bytes(data[:cut] if draw.draw(st.booleans()) else data), capfd)


@FUZZ
@given(st.sampled_from(FORMATS), st.binary(min_size=1, max_size=64), st.integers(0, 128))
def test_fuzz_header_splices(capfd, fmt, junk, where):
    data = SEEDS[fmt]
    decodes_cleanly(data[:where] + junk + data[where + len(junk):], capfd)


def test_a_tiff_of_too_many_samples_a_pixel_logs_nothing(capfd):
    """Pillow logs an error before refusing it: with no logging set up, that went to stderr."""
    data = bytearray(picture_bytes("TIFF"))
    entry = data.find(b"\x15\x01\x03\x00")  # tag 277 (SamplesPerPixel), a SHORT, little-endian
    assert entry > 0
    data[entry + 8:entry + 10] = (50000).to_bytes(2, "little")
    decodes_cleanly(bytes(data), capfd)


# --- -o never replaces the picture read ---------------------------------------------------------

@pytest.fixture
def shot(tmp_path) -> Path:
    path = tmp_path / "shot.png"
    path.write_bytes(picture_bytes("PNG", (200, 200)))
    return path


@pytest.mark.parametrize("argv, target", [
    (["read", "shot.png", "-o", "shot.png"], "shot.png"),
    (["read", "shot.png", "-o", "./shot.png"], "./shot.png"),
    (["read", "shot.png", "-o", "hard.png"], "hard.png"),
    (["read", "soft.png", "-o", "shot.png"], "shot.png"),
    (["read", "other.png", "shot.png", "-o", "shot.png"], "shot.png"),
    (["read", "-o", "shot.png", "--", "shot.png"], "shot.png"),
    (["solve", "--image", "shot.png", "-o", "shot.png"], "shot.png"),
    (["solve", "--image", "shot.png", "-o", "hard.png"], "hard.png"),
    (["solve", "--image", "soft.png", "-o", "shot.png"], "shot.png"),
    (["solve", "--image", "./soft.png", "-o", "hard.png"], "hard.png"),
])
def test_o_naming_the_picture_read_is_refused(tmp_path, shot, argv, target):
    os.link(shot, tmp_path / "hard.png")
    (tmp_path / "soft.png").symlink_to("shot.png")
    (tmp_path / "other.png").write_bytes(picture_bytes("PNG", (200, 200)))
    before = shot.read_bytes()
    result = run(*argv, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    one_error(result.stderr, f"-o {target}", "same file")
    assert shot.read_bytes() == before
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("command", [["read", "shot.png"], ["solve", "--image", "shot.png"]])
def test_o_a_symbolic_link_to_the_picture_is_refused_as_a_link(tmp_path, shot, command):
    (tmp_path / "soft.png").symlink_to("shot.png")
    before = shot.read_bytes()
    result = run(*command, "-o", "soft.png", cwd=tmp_path)
    assert result.returncode == 1
    one_error(result.stderr, "soft.png", "symbolic link")
    assert shot.read_bytes() == before


def test_o_naming_the_picture_is_refused_in_process_at_commit(tmp_path, shot, monkeypatch):
    """Behind the command line's check: the picture read is an input of the run, so an output
    naming it is refused when committed, whatever command wrote it."""
    from elzzur.atomic import AtomicOutput
    from elzzur.errors import UsageError
    from elzzur.files import check_not_input, forget_inputs

    forget_inputs()
    load_picture(str(shot))
    os.link(shot, tmp_path / "again.png")
    with pytest.raises(UsageError, match="same file as the input"):
        check_not_input(str(tmp_path / "again.png"))
    out = AtomicOutput(str(tmp_path / "again.png"))
    out.__exit__(None, None, None)
    forget_inputs()


# --- ten at once: nothing lost -------------------------------------------------------------------

def at_once(commands: list[list[str]], env: dict) -> list[subprocess.CompletedProcess]:
    """Start every command, then wait for all (they run at the same time)."""
    procs = [subprocess.Popen(c, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, stdin=subprocess.DEVNULL) for c in commands]
    done = []
    for p in procs:
        out, err = p.communicate(timeout=120)
        done.append(subprocess.CompletedProcess(p.args, p.returncode, out, err))
    return done


WORDS = [f"ZQX{letter}VQ" for letter in "ABCDEFGHIJ"]  # words no dictionary has


def test_ten_words_added_at_once_are_all_kept(tmp_path):
    env = child_env() | {"ELZZUR_DATA_DIR": str(tmp_path / "data")}
    results = at_once([[*ELZZUR, "words", "add", "-l", "en", w] for w in WORDS], env)
    for word, result in zip(WORDS, results):
        assert result.returncode == 0, result.stderr
        assert result.stdout == f"{word}: added\n"
    listed = run("words", "list", "-l", "en", env=env).stdout.splitlines()
    assert sorted(line[1:] for line in listed[1:]) == sorted(WORDS)
    assert not [p.name for p in (tmp_path / "data" / "words").iterdir() if p.name.endswith(".tmp")]


def test_ten_words_removed_and_added_at_once_all_count(tmp_path):
    env = child_env() | {"ELZZUR_DATA_DIR": str(tmp_path / "data")}
    assert run("words", "add", "-l", "en", *WORDS, env=env).returncode == 0
    # five removed (undoing additions), five more added, all at once
    more = [f"QZX{letter}VQ" for letter in "ABCDE"]
    commands = [[*ELZZUR, "words", "remove", "-l", "en", w] for w in WORDS[:5]] + \
               [[*ELZZUR, "words", "add", "-l", "en", w] for w in more]
    assert all(r.returncode == 0 for r in at_once(commands, env))
    listed = run("words", "list", "-l", "en", env=env).stdout.splitlines()
    assert sorted(line[1:] for line in listed[1:]) == sorted(WORDS[5:] + more)


RECORD = ("import sys; from elzzur.grid.history import Played, append_round; "
          "append_round(Played(sys.argv[1], 'en', 'ruzzle', ['C A', 'T D'], 120, 10, 100, "
          "1, 20, False, [['CAT', 10, 3.5]]))")


def test_ten_rounds_recorded_at_once_are_all_kept(tmp_path):
    from elzzur.grid.history import read_history

    env = child_env() | {"ELZZUR_DATA_DIR": str(tmp_path / "data")}
    stamps = [f"2026-01-01T00:00:{n:02d}Z" for n in range(10)]
    results = at_once([[sys.executable, "-c", RECORD, s] for s in stamps], env)
    assert all(r.returncode == 0 for r in results), [r.stderr for r in results]
    rounds, damaged = read_history(str(tmp_path / "data" / "history.jsonl"))
    assert damaged == 0 and sorted(r.when for r in rounds) == stamps


def test_the_lock_of_a_data_file_is_not_taken_for_ever(tmp_path, monkeypatch):
    """A lock held longer than the wait allowed: a clear error, not a hang."""
    from elzzur import atomic

    target = tmp_path / "data" / "words" / "en.txt"
    target.parent.mkdir(parents=True)
    monkeypatch.setattr(atomic, "LOCK_WAIT", 0.3)
    with atomic.locked(str(target)):
        holder = subprocess.Popen(
            [sys.executable, "-c", "import sys, time; from elzzur import atomic\n"
             "atomic.LOCK_WAIT = 0.3\n"
             "try:\n with atomic.locked(sys.argv[1]): pass\n"
             "except Exception as e: print(type(e).__name__, e)", str(target)],
            env=child_env(), stdout=subprocess.PIPE, text=True)
        out, _ = holder.communicate(timeout=60)
    assert out.startswith("ElzzurError") and "another elzzur" in out and "en.txt" in out


# --- the history's copy kept aside, a folder that cannot be written ------------------------------

def played_round(when: str = "2026-01-01T00:00:00Z"):
    from elzzur.grid.history import Played

    return Played(when, "en", "ruzzle", ["C A", "T D"], 120, 10, 100, 1, 20, False,
                  [["CAT", 10, 3.5]])


def test_unreadable_histories_kept_aside_never_overwrite_each_other(data_dir):
    from elzzur.grid.history import append_round

    data_dir.mkdir()
    path = data_dir / "history.jsonl"
    asides = []
    for n in range(3):
        path.write_bytes(b"\xff not UTF-8 %d\n" % n)
        saved, aside = append_round(played_round())
        asides.append(aside)
    assert len(set(asides)) == 3
    for n, aside in enumerate(asides):
        assert Path(aside).read_bytes() == b"\xff not UTF-8 %d\n" % n


def finished_round():
    from elzzur import Dictionary, get_language, parse_board
    from elzzur.grid.referee import Referee
    from elzzur.grid.round import Round

    en = get_language("en")
    board = parse_board("C A T/D O G/S U N", en)
    game = Round(Referee(board, Dictionary.from_words(["CAT", "DOG"], en), en, "ruzzle"), 60,
                 lambda: 1000.0)
    game.start()
    game.enter("cat")
    return game


def test_a_data_folder_under_a_file_still_shows_the_review(tmp_path, monkeypatch, capsys):
    """Not writable even for root: the data folder's path runs through a regular file."""
    from elzzur import get_language
    from elzzur.cli.play import report
    from elzzur.grid.rules import get_rules

    (tmp_path / "file").write_text("x")
    monkeypatch.setenv("ELZZUR_DATA_DIR", str(tmp_path / "file" / "data"))
    lines = []
    args = SimpleNamespace(no_history=False, format="text", color="never", rules="ruzzle")
    report([finished_round()], get_language("en"), get_rules("ruzzle"), args,
           SimpleNamespace(write=lines.append), None)
    text = "".join(lines)
    assert "Score" in text and "recorded in" not in text
    err = capsys.readouterr().err
    assert err.startswith("elzzur: warning: round 1 not recorded in the history: cannot write ")
    assert "history.jsonl" in err and err.count("\n") == 1


def test_a_history_that_cannot_be_written_still_shows_the_review(data_dir, capsys):
    from elzzur import Dictionary, get_language, parse_board
    from elzzur.cli.play import report
    from elzzur.grid.referee import Referee
    from elzzur.grid.round import Round

    en = get_language("en")
    data_dir.mkdir()
    data_dir.chmod(0o500)
    if os.access(data_dir, os.W_OK):
        data_dir.chmod(0o700)
        pytest.skip("root writes into a read-only folder")
    try:
        board = parse_board("C A T/D O G/S U N", en)
        game = Round(Referee(board, Dictionary.from_words(["CAT", "DOG"], en), en, "ruzzle"), 60,
                     lambda: 1000.0)
        game.start()
        game.enter("cat")
        game.number = 1
        from elzzur.grid.rules import get_rules

        lines = []
        out = SimpleNamespace(write=lines.append)
        args = SimpleNamespace(no_history=False, format="text", color="never", rules="ruzzle")
        report([game], en, get_rules("ruzzle"), args, out, None)
    finally:
        data_dir.chmod(0o700)
    text = "".join(lines)
    assert "Score" in text and "recorded in" not in text
    err = capsys.readouterr().err
    assert "not recorded" in err and "history.jsonl" in err and "Traceback" not in err


# --- hand-edited history lines ------------------------------------------------------------------

GOOD = {"when": "2026-01-01T00:00:00Z", "language": "en", "rules": "ruzzle",
        "board": ["C A T", "D O G", "S U N"], "seconds": 120,
        "score": 30, "total": 100, "found": 25, "possible": 40, "gave_up": False,
        "words": [[f"W{'A' * (n % 5 + 2)}", 2, 2.0 * n + (n % 5) * 0.3] for n in range(1, 26)]}


def good_line(**change) -> str:
    return json.dumps(GOOD | change)


def with_raw(field: str, raw: str) -> str:
    """The good line with ``field``'s value replaced by the raw JSON text ``raw``."""
    data = dict(GOOD)
    data[field] = "@@@"
    return json.dumps(data).replace('"@@@"', raw)


HOSTILE = {
    "score NaN": with_raw("score", "NaN"),
    "score Infinity": with_raw("score", "Infinity"),
    "score -Infinity": with_raw("score", "-Infinity"),
    "score 1e400": with_raw("score", "1e400"),
    "score 400 digits": with_raw("score", "9" * 400),
    "score negative": with_raw("score", "-5"),
    "score true": with_raw("score", "true"),
    "score a string": with_raw("score", '"30"'),
    "total 400 digits": with_raw("total", "1" + "0" * 399),
    "total NaN": with_raw("total", "NaN"),
    "total a list": with_raw("total", "[100]"),
    "seconds NaN": with_raw("seconds", "NaN"),
    "seconds 1e308": with_raw("seconds", "1e308"),
    "when 5": with_raw("when", "5"),
    "when null": with_raw("when", "null"),
    "language 5": with_raw("language", "5"),
    "rules a list": with_raw("rules", "[]"),
    "board a string": with_raw("board", '"CAT"'),
    "board of numbers": with_raw("board", "[1, 2]"),
    "board of lists": with_raw("board", '[["C", "A"]]'),
    "found a string": with_raw("found", '"25"'),
    "found 1e400": with_raw("found", "1e400"),
    "possible -1": with_raw("possible", "-1"),
    "gave_up a string": with_raw("gave_up", '"no"'),
    "words a string": with_raw("words", '"CAT"'),
    "words an object": with_raw("words", '{"CAT": 1}'),
    "word of one item": with_raw("words", '[["CAT"]]'),
    "word second a string": with_raw("words", '[["CAT", 5, "x"]]'),
    "word second NaN": with_raw("words", '[["CAT", 5, NaN]]'),
    "word second 1e999": with_raw("words", '[["CAT", 5, 1e999]]'),
    "word a number": with_raw("words", "[[5, 5, 1]]"),
    "word score 400 digits": with_raw("words", '[["CAT", ' + "9" * 400 + ", 1]]"),
    "line a list": "[1, 2, 3]",
    "line a number": "5",
    "line a string": '"a round"',
    "fields missing": '{"score": 1}',
    "nested 100,000 deep": "[" * 100_000 + "]" * 100_000,
    "line of NULs": "\0" * 50,
    "when with an escape": with_raw("when", '"\\u001b[2J2026"'),
    "language with a newline": with_raw("language", '"en\\n"'),
    "word with a NUL": with_raw("words", '[["C\\u0000T", 5, 1]]'),
}


@pytest.fixture
def hostile_history(data_dir):
    def write(bad: str) -> Path:
        data_dir.mkdir(exist_ok=True)
        path = data_dir / "history.jsonl"
        path.write_text("\n".join([good_line(), bad, good_line(score=50)]) + "\n", encoding="utf-8")
        return path
    return write


def strict_json(text: str):
    def refuse(name):
        raise ValueError(f"not JSON: {name}")
    return json.loads(text, parse_constant=refuse)


@pytest.mark.parametrize("name", list(HOSTILE))
def test_stats_skips_a_hostile_history_line(cli, hostile_history, name):
    hostile_history(HOSTILE[name])
    text = cli("stats")
    assert text.code == 0 and text.err == "", text.err
    assert "Rounds played:        2" in text.out
    assert "(1 damaged line of the history skipped)" in text.out
    shown = cli("stats", "--format", "json")
    assert shown.code == 0, shown.err
    data = strict_json(shown.out)
    assert data["rounds"] == 2 and data["damaged"] == 1
    svg = cli("stats", "--format", "svg")
    assert svg.code == 0 and "nan" not in svg.out.lower() and "inf" not in svg.out.lower()


@pytest.mark.parametrize("name", list(HOSTILE))
def test_plan_skips_a_hostile_history_line(cli, hostile_history, name):
    hostile_history(HOSTILE[name])
    result = cli("solve", "-l", "en", "-b", "C A T/D O G/S U N", "--plan", "20", "--format",
                 "json")
    assert result.code == 0, result.err
    assert strict_json(result.out)


def test_read_history_checks_every_field(data_dir):
    from elzzur.grid.history import read_history

    data_dir.mkdir()
    path = data_dir / "history.jsonl"
    path.write_text("\n".join(HOSTILE.values()) + "\n" + good_line() + "\n", encoding="utf-8")
    rounds, damaged = read_history(str(path))
    assert len(rounds) == 1 and damaged == len(HOSTILE)
    assert rounds[0].to_dict() == GOOD


def test_stats_json_never_prints_nan_even_from_records_made_in_code():
    from elzzur.grid.history import stats
    from elzzur.views.stats import as_json, as_svg

    record = played_round()
    result = stats([record])
    assert strict_json(as_json(result))["rounds"] == 1
    assert "nan" not in as_svg(result)


# --- data files that are not files ----------------------------------------------------------------

def special(path: Path, kind: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "directory":
        path.mkdir()
    elif kind == "device":
        path.symlink_to("/dev/zero")
    elif kind == "loop":
        path.symlink_to(path.name)


KINDS = ["fifo", "directory", "device"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("argv", [["stats"], ["stats", "--format", "json"],
                                  ["solve", "-l", "en", "-b", "C A T/D O G", "--plan", "10"]])
def test_a_history_that_is_not_a_file_never_blocks(tmp_path, kind, argv):
    special(tmp_path / "data" / "history.jsonl", kind)
    env = child_env() | {"ELZZUR_DATA_DIR": str(tmp_path / "data")}
    started = time.monotonic()
    result = run(*argv, env=env, timeout=30)
    assert time.monotonic() - started < 30
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr
    if argv[0] == "stats":
        assert result.returncode == 1
        one_error(result.stderr, "history.jsonl", "not a file")
    else:  # the plan needs no history: the default pace, and a warning
        assert result.returncode == 0, result.stderr
        assert "history.jsonl" in result.stderr and "not a file" in result.stderr


@pytest.mark.parametrize("kind", KINDS + ["loop"])
@pytest.mark.parametrize("argv", [["words", "list", "-l", "en"], ["words", "add", "-l", "en", "ZQXAVQ"],
                                  ["solve", "-l", "en", "-b", "C A T/D O G"]])
def test_a_corrections_file_that_is_not_a_file_never_blocks(tmp_path, kind, argv):
    special(tmp_path / "data" / "words" / "en.txt", kind)
    env = child_env() | {"ELZZUR_DATA_DIR": str(tmp_path / "data")}
    result = run(*argv, env=env, timeout=30)
    assert result.returncode == 1, result.stderr
    one_error(result.stderr, "en.txt")


@pytest.mark.parametrize("kind", KINDS + ["loop"])
@pytest.mark.parametrize("argv", [["config"], ["solve", "-b", "C A T/D O G"]])
def test_a_config_that_is_not_a_file_never_blocks(tmp_path, kind, argv):
    path = tmp_path / "conf" / "config.toml"
    special(path, kind)
    env = child_env() | {"ELZZUR_CONFIG": str(path)}
    result = run(*argv, env=env, timeout=30)
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr
    assert "does not exist" not in result.stdout
    assert result.returncode == 1, (result.stdout, result.stderr)
    message = one_error(result.stderr, "config.toml")
    if kind == "loop":
        assert "loop of symbolic links" in message


@pytest.mark.parametrize("value", ["\x1b[2J", "en\n", "en\x07"])
def test_a_setting_from_the_environment_with_control_characters_is_refused(value):
    result = run("config", env=child_env() | {"ELZZUR_LANGUAGE": value})
    assert result.returncode == 2
    one_error(result.stderr, "ELZZUR_LANGUAGE", "control characters")
    assert "\x1b" not in result.stderr


def test_a_broken_config_link_is_named_as_broken(tmp_path):
    path = tmp_path / "config.toml"
    path.symlink_to("nowhere.toml")
    result = run("config", env=child_env() | {"ELZZUR_CONFIG": str(path)})
    assert result.returncode == 1
    one_error(result.stderr, "config.toml", "broken symbolic link")


@pytest.mark.parametrize("text", ['language = 5', 'language = nan', 'language = inf',
                                  'color = 1e400', 'rules = [1, 2]', 'language = "' + "x" * 5000 + '"',
                                  'language = {a = 1}', 'color = true', 'language = "en\\u0000"',
                                  'language = "\\u001b[2J"', 'rules = "a\\nb"'])
def test_hostile_config_values_are_refused_with_the_file_named(tmp_path, text):
    path = tmp_path / "config.toml"
    path.write_text(text + "\n", encoding="utf-8")
    result = run("solve", "-b", "C A T/D O G", env=child_env() | {"ELZZUR_CONFIG": str(path)})
    assert result.returncode in (1, 2), result.stderr
    one_error(result.stderr, "config.toml")


@pytest.mark.parametrize("line", ["+" + "A" * 100_000, "+ZQX\0AVQ", "*CAT", "+", "+CAT\n-CAT",
                                  "+\udcff"])
def test_hand_edited_corrections_are_an_error_naming_the_line(tmp_path, line):
    folder = tmp_path / "data" / "words"
    folder.mkdir(parents=True)
    (folder / "en.txt").write_bytes(line.encode("utf-8", "surrogateescape"))
    env = child_env() | {"ELZZUR_DATA_DIR": str(tmp_path / "data")}
    result = run("solve", "-l", "en", "-b", "C A T/D O G", env=env)
    assert result.returncode == 1
    message = one_error(result.stderr, "en.txt", "line")
    assert len(message) < 300


# --- the same pictures through the web API (its mapping of the decoder's errors) -----------------

@pytest.mark.parametrize("data, fragment", [
    ("1x1", "too small to hold a board"),
    ("11x2000", "too small to hold a board"),
    ("dds", "picture"),
    ("tiff", "picture"),
    ("random", "picture"),
])
def test_api_read_answers_a_bad_picture_with_json_422(data, fragment):
    from test_web import call

    if "x" in data:
        out = io.BytesIO()
        Image.new("RGB", tuple(int(n) for n in data.split("x"))).save(out, "PNG")
        body = out.getvalue()
    elif data == "random":
        body = bytes(range(256)) * 4
    else:
        damaged = bytearray(picture_bytes(data.upper()))
        damaged[8:40] = b"\xff" * 32
        body = bytes(damaged)
    status, _, answer = call("POST", "/api/read?language=en&rules=ruzzle", raw=body,
                             content_type="application/octet-stream")
    assert status == 422, answer
    assert fragment in answer["error"] and "\n" not in answer["error"]


# --- more of the same classes --------------------------------------------------------------------

def test_stats_o_naming_the_history_is_refused(cli, data_dir):
    data_dir.mkdir()
    path = data_dir / "history.jsonl"
    path.write_text(good_line() + "\n", encoding="utf-8")
    before = path.read_bytes()
    os.link(path, data_dir / "again.jsonl")
    for target in (str(path), str(data_dir / "again.jsonl")):
        cli("stats", "-o", target).error(2, "same file as the input")
    assert path.read_bytes() == before


def play_report(capsys) -> tuple[str, str]:
    from elzzur import get_language
    from elzzur.cli.play import report
    from elzzur.grid.rules import get_rules

    lines = []
    args = SimpleNamespace(no_history=False, format="text", color="never", rules="ruzzle")
    report([finished_round()], get_language("en"), get_rules("ruzzle"), args,
           SimpleNamespace(write=lines.append), None)
    return "".join(lines), capsys.readouterr().err


def test_the_warning_names_the_copy_kept_aside(data_dir, capsys):
    data_dir.mkdir()
    (data_dir / "history.jsonl.unreadable").write_bytes(b"an earlier copy\n")
    (data_dir / "history.jsonl").write_bytes(b"\xff\xfe\n")
    text, err = play_report(capsys)
    assert "recorded in" in text
    assert "history.jsonl.unreadable-2" in err
    assert (data_dir / "history.jsonl.unreadable").read_bytes() == b"an earlier copy\n"
    assert (data_dir / "history.jsonl.unreadable-2").read_bytes() == b"\xff\xfe\n"


@pytest.mark.parametrize("kind", KINDS + ["loop"])
def test_a_round_ending_with_a_history_that_is_not_a_file(data_dir, capsys, kind):
    special(data_dir / "history.jsonl", kind)
    text, err = play_report(capsys)  # (a named pipe would block here for ever before)
    assert "Score" in text and "recorded in" not in text
    assert err.startswith("elzzur: warning: round 1 not recorded in the history: ")
    assert err.count("\n") == 1
    if kind == "directory":
        assert (data_dir / "history.jsonl").is_dir()


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-10**500, max_value=10**500)
    | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner,
                                                                 max_size=4),
    max_leaves=12)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.dictionaries(st.sampled_from(sorted(GOOD)), JSONISH, max_size=4),
       st.lists(JSONISH, max_size=3))
def test_fuzz_history_fields(changes, words):
    """Any values in any fields: the line is read and usable, or skipped; never a crash, and
    what stats and the plan make of it is finite (valid JSON, no nan in the SVG)."""
    from elzzur.grid.history import checked, stats
    from elzzur.grid.plan import fitted_model
    from elzzur.views.stats import as_json, as_svg, as_text

    data = GOOD | changes
    if words:
        data["words"] = words
    try:
        line = json.dumps(data)
    except (ValueError, OverflowError):
        return
    try:
        record = checked(json.loads(line))
    except (ValueError, TypeError, KeyError, RecursionError):
        return
    result = stats([record, record])
    strict_json(as_json(result))
    assert "nan" not in as_svg(result).lower()
    as_text(result)
    model = fitted_model([record] * 30)
    assert all(v == v and abs(v) < float("inf") for v in (model.fixed, model.per_letter))


def compressed_tiff(compression: str) -> bytes:
    image = Image.new("RGB", (64, 48), (200, 120, 40))
    if compression == "group4":
        image = image.convert("1")
    out = io.BytesIO()
    image.save(out, "TIFF", compression=compression)
    return out.getvalue()


@pytest.mark.parametrize("compression", ["tiff_lzw", "tiff_adobe_deflate", "packbits", "jpeg",
                                         "group4"])
def test_damaged_compressed_tiffs_keep_libtiff_quiet(capfd, compression):
    """libtiff writes its complaints (``Fax4Decode: Bad code word``, ``JPEGLib: Bogus Huffman
    table definition``) to the process's standard error itself: none must get there."""
    import random

    chance = random.Random(compression)
    base = compressed_tiff(compression)
    for _ in range(60):
        data = bytearray(base)
        for _ in range(5):
            data[chance.randrange(8, len(data))] = chance.randrange(256)
        decodes_cleanly(bytes(data), capfd)


def test_the_history_never_grows_past_what_it_can_read(data_dir, monkeypatch):
    """Rounds of many words: the oldest are dropped to stay within the limit, instead of the
    whole history being found too large at the next round and moved aside."""
    from elzzur.grid import history

    monkeypatch.setattr(history, "LIMIT", 4000)
    big = played_round()
    big = history.Played(*(getattr(big, name) for name in history.Played.__slots__[:-1]),
                         [[f"WORD{'A' * (n % 9)}", 1, float(n)] for n in range(40)])
    for n in range(5):
        saved, aside = history.append_round(big)
        assert aside is None
    assert os.path.getsize(saved) <= 4000
    rounds, damaged = history.read_history()
    assert damaged == 0 and 1 <= len(rounds) < 5
