"""A hostile user's command lines: Ctrl-C in the middle of long runs, destinations that cannot
be written (a full disk, a read-only folder, a symbolic link, a directory), and inputs that are
far too big. Each must end with one clear line (or, for Ctrl-C, quietly with status 130), and
never leave a partial file behind.

The Ctrl-C tests run elzzur as a real process in its own process group and send SIGINT to the
whole group, as a terminal does, so worker processes of ``--jobs`` get it too.
"""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import child_env

LETTERS = "ABCDEFGHIJKLMNOPRSTUVWY"


def start(tmp_path: Path, *argv: str, stdin=subprocess.DEVNULL, **kwargs) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "elzzur", *argv], cwd=tmp_path,
                            env=child_env(), stdin=stdin, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True, **kwargs)


def interrupt(process: subprocess.Popen, ready) -> tuple[int, str, str]:
    """Wait until ``ready()`` (the run is in the middle of its work), then Ctrl-C its group."""
    deadline = time.monotonic() + 120
    while not ready():
        assert process.poll() is None, ("the run ended before it could be interrupted",
                                        process.communicate())
        assert time.monotonic() < deadline, "the run never got going"
        time.sleep(0.02)
    os.killpg(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=120)
    return process.returncode, out, err


def boards_file(path: Path, count: int) -> Path:
    import random

    rng = random.Random(7)
    path.write_text("\n".join("/".join(" ".join(rng.choice(LETTERS) for _ in range(4))
                                       for _ in range(4)) + "\n" for _ in range(count)),
                    encoding="utf-8")
    return path


def temp_files(folder: Path) -> list[str]:
    return sorted(name for name in os.listdir(folder) if name.endswith(".tmp"))


# --- Ctrl-C ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_in_a_batch_solve_leaves_no_file_and_exits_130(tmp_path, jobs):
    boards_file(tmp_path / "many.boards", 60_000)
    process = start(tmp_path, "solve", "-l", "en", "-b", "many.boards", "--format", "jsonl",
                    "--jobs", jobs, "-o", "results.jsonl")
    # interrupted once output is being written: the temporary file has grown
    code, out, err = interrupt(process, lambda: any(
        (tmp_path / name).stat().st_size > 100_000 for name in temp_files(tmp_path)))
    assert (code, out, err) == (130, "", "")
    assert sorted(os.listdir(tmp_path)) == ["many.boards"]


def test_ctrl_c_in_generate_exits_130_quietly(tmp_path):
    process = start(tmp_path, "generate", "-l", "en", "--min-words", "100000", "--timeout", "60",
                    "--count", "2", "-o", "boards.txt")
    code, out, err = interrupt(process, lambda: time.sleep(1.5) or True)
    assert (code, out, err) == (130, "", "")
    assert os.listdir(tmp_path) == []


def waiting_in_read(pid: int) -> bool:
    """True once the process sleeps in read(2) on a pipe. A signal that comes between
    Python's last check and that read is handled, yet does not wake the read: a real user
    presses Ctrl-C again, a test waits for the read to begin."""
    try:
        with open(f"/proc/{pid}/wchan", encoding="ascii") as f:
            return "pipe_read" in f.read()
    except OSError:  # no /proc: give the run a moment instead
        time.sleep(1)
        return True


def test_ctrl_c_while_compile_reads_its_word_list(tmp_path):
    """The word list comes down a named pipe, so the run is certainly reading it when the
    interrupt comes."""
    fifo = tmp_path / "words.txt"
    os.mkfifo(fifo)
    process = start(tmp_path, "compile", "-l", "en", "-d", "words.txt", "-o", "out.marisa")
    writer = open(fifo, "w", encoding="utf-8")  # opens once elzzur opens its end
    writer.write("cat\ndog\n" * 1000)
    writer.flush()
    code, out, err = interrupt(process, lambda: waiting_in_read(process.pid))
    writer.close()
    assert (code, out, err) == (130, "", "")
    assert os.listdir(tmp_path) == ["words.txt"]


def test_ctrl_c_while_compile_writes_leaves_no_file(cli, tmp_path, words_txt, monkeypatch):
    """An interrupt once the trie is in the temporary file, before it is committed: none is left."""
    import elzzur.files
    import elzzur.lexicon.dictionary

    class HalfWritten:
        def __len__(self):
            return 9

        def tobytes(self):
            return b"half a trie"

    def interrupted(target, *inputs):
        if inputs:  # the check of the command line's inputs, before any work
            return
        assert any(name.endswith(".tmp") for name in os.listdir(tmp_path))  # it is there
        raise KeyboardInterrupt

    monkeypatch.setattr(elzzur.lexicon.dictionary, "compile_words", lambda words: HalfWritten())
    monkeypatch.setattr(elzzur.files, "check_not_input", interrupted)
    assert cli("compile", "-d", str(words_txt), "-o", "out.marisa").code == 130
    assert sorted(os.listdir(tmp_path)) == ["words.txt"]


# --- destinations ----------------------------------------------------------------------------------

def test_a_full_device_as_output(cli, words_txt):
    cli("solve", "-d", str(words_txt), "-b", "C A/T S", "-o", "/dev/full").error(
        1, "cannot write /dev/full: No space left on device")
    assert Path("/dev/full").is_char_device()  # written to, not replaced by a file


def test_a_device_as_output_is_written_directly(cli, words_txt):
    assert cli("solve", "-d", str(words_txt), "-b", "C A/T S", "-o", "/dev/null").code == 0
    assert Path("/dev/null").is_char_device()


def test_standard_output_on_a_full_device(tmp_path, words_txt):
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "elzzur", "solve", "-d", str(words_txt),
                                 "-b", "C A/T S"], cwd=tmp_path, env=child_env(), stdout=full,
                                stderr=subprocess.PIPE, text=True, timeout=60)
    assert result.returncode == 1
    assert result.stderr == "elzzur: error: cannot write standard output: No space left on device\n"


def limit_file_size():
    """A disk that fills up after 4 KiB, as seen by this one process."""
    resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))


@pytest.mark.parametrize("argv", [
    ["demo", "-l", "en", "-o", "out.txt"],
    ["demo", "-l", "en", "--format", "json", "-o", "out.txt"],
    ["cat", "-l", "en", "-o", "out.txt"],
])
def test_a_disk_that_fills_up_leaves_the_old_file_alone(tmp_path, argv):
    (tmp_path / "out.txt").write_text("the old contents\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "elzzur", *argv], cwd=tmp_path,
                            env=child_env(), capture_output=True, text=True, timeout=120,
                            preexec_fn=limit_file_size)
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == "elzzur: error: cannot write out.txt: File too large\n"
    assert sorted(os.listdir(tmp_path)) == ["out.txt"]
    assert (tmp_path / "out.txt").read_text(encoding="utf-8") == "the old contents\n"


def test_compile_onto_a_disk_that_fills_up(tmp_path):
    (tmp_path / "words.txt").write_text("".join(f"{a}{b}{c}\n" for a in "abcdefgh"
                                                for b in "aeiou" for c in "rstln"),
                                        encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "elzzur", "compile", "-d", "words.txt",
                             "-o", "out.marisa"], cwd=tmp_path, env=child_env(),
                            capture_output=True, text=True, timeout=120, preexec_fn=lambda:
                            resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024)))
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr.startswith("elzzur: error: cannot write out.marisa: ")
    assert len(result.stderr.splitlines()) == 1
    assert sorted(os.listdir(tmp_path)) == ["words.txt"]


def read_only_folder(tmp_path: Path) -> Path:
    """A folder this process cannot create files in: a chmod 555 folder, or (for root, whom
    permissions do not stop) /sys, which the kernel keeps read-only."""
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    for candidate in (folder, Path("/sys")):
        try:
            (candidate / "probe").touch()
        except OSError:
            return candidate
        (candidate / "probe").unlink()
    pytest.skip("no read-only folder here")


def test_a_read_only_destination(cli, tmp_path, words_txt):
    folder = read_only_folder(tmp_path)
    target = folder / "out.txt"
    message = cli("solve", "-d", str(words_txt), "-b", "C A/T S", "-o", str(target)).error(1)
    assert message in (f"elzzur: error: cannot write {target}: Permission denied",
                       f"elzzur: error: cannot write {target}: Read-only file system")
    assert not target.exists()


def test_a_symbolic_link_as_output_is_refused_and_kept(cli, tmp_path, words_txt):
    (tmp_path / "real.txt").write_text("mine\n", encoding="utf-8")
    (tmp_path / "link.txt").symlink_to("real.txt")
    cli("solve", "-d", str(words_txt), "-b", "C A/T S", "-o", "link.txt").error(
        1, "cannot write link.txt: is a symbolic link (give the file it points to, 'real.txt')")
    assert (tmp_path / "link.txt").is_symlink()
    assert (tmp_path / "real.txt").read_text(encoding="utf-8") == "mine\n"


@pytest.mark.parametrize("argv", [
    ["demo", "-l", "en", "-o", "folder"],
    ["compile", "-d", "words.txt", "-o", "folder.marisa"],
    ["generate", "-l", "en", "-o", "folder"],
])
def test_a_directory_as_output(cli, tmp_path, words_txt, argv):
    (tmp_path / "folder").mkdir()
    (tmp_path / "folder.marisa").mkdir()
    cli(*argv).error(1, "is a directory")


# --- inputs ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("option", ["-b", "-d"])
def test_broken_and_looping_symbolic_links_as_input(cli, tmp_path, words_txt, option):
    (tmp_path / "broken").symlink_to("nowhere")
    (tmp_path / "loop1").symlink_to("loop2")
    (tmp_path / "loop2").symlink_to("loop1")
    other = ["-b", "C A/T S"] if option == "-d" else ["-d", str(words_txt)]
    cli("solve", option, "./broken", *other).error(
        1, "./broken: a broken symbolic link (to 'nowhere')")
    cli("solve", option, "./loop1", *other).error(1, "./loop1: a loop of symbolic links")


def test_a_symbolic_link_to_a_word_list_is_followed(cli, tmp_path, words_txt):
    """As /usr/share/dict/words is, on most systems."""
    (tmp_path / "dict").symlink_to(words_txt)
    assert "CAT " in cli("solve", "-d", "dict", "-b", "C A/T S").out


def test_an_endless_word_list_is_refused(cli):
    cli("solve", "-d", "/dev/zero", "-b", "C A/T S").error(
        1, "/dev/zero: more than 256 MiB, too large for a word list")


def test_a_2_gb_board_file_is_refused(cli, tmp_path):
    with open(tmp_path / "huge.board", "wb") as f:
        f.truncate(2 * 2**30)  # sparse: takes no disk
    cli("solve", "-l", "en", "-b", "huge.board").error(
        1, "huge.board: more than 64 MiB, too large for a board file")


def test_a_runaway_revisiting_search_is_stopped(cli, tmp_path):
    """64 A's in a row and a board of A's: paths that revisit cells multiply without end."""
    (tmp_path / "a.txt").write_text("a" * 64 + "\n", encoding="utf-8")
    board = "/".join([" ".join("A" * 6)] * 6)
    cli("solve", "-l", "en", "--revisit", "-d", "a.txt", "-b", board).error(
        1, "the search took more than 50,000,000 steps on this 6x6 board and was stopped")


def test_a_one_megabyte_line_in_a_word_list_is_dropped(cli, tmp_path):
    (tmp_path / "long.txt").write_text("a" * 2**20 + "\ncat\n", encoding="utf-8")
    assert cli("solve", "-l", "en", "-d", "long.txt", "-b", "C A/T S", "-q").out.split() == \
        ["CAT", "6", "(0,0)", "(0,1)", "(1,0)"]


@pytest.mark.parametrize("size", [10, 5000, 200_000])  # small entries and large ones
def test_a_damaged_or_cut_cache_entry_reads_as_missing(tmp_path, size):
    from elzzur import cache

    path = str(tmp_path / "entry")
    data = bytes(range(256)) * (size // 256) + b"x" * (size % 256)
    cache.write(path, data)
    assert cache.read(path) == data
    raw = bytearray(open(path, "rb").read())
    for damaged in (raw[:-1], raw[:size // 2], raw[:3] + bytes([raw[3] ^ 0x10]) + raw[4:]):
        with open(path, "wb") as f:
            f.write(damaged)
        assert cache.read(path) is None


def test_a_bug_is_one_line_and_status_70_and_leaves_no_file(cli, tmp_path, words_txt, monkeypatch):
    import elzzur.cli.solve as cli_module

    def broken(*args):
        raise IndexError("list index out of range")

    monkeypatch.setattr(cli_module, "board_renderer", lambda *args: broken)  # each board's
    result = cli("solve", "-d", str(words_txt), "-b", "C A/T S", "-o", "out.txt")
    assert result.error(70) == (
        "elzzur: error: internal error (IndexError: list index out of range); please report it "
        "with the command that caused it (ELZZUR_DEBUG=1 shows where it happened)")
    assert sorted(os.listdir(tmp_path)) == ["words.txt"]
    monkeypatch.setenv("ELZZUR_DEBUG", "1")
    with pytest.raises(IndexError):
        cli("solve", "-d", str(words_txt), "-b", "C A/T S")
