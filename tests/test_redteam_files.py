"""Red team: caches, files and output (issue 14). Every case ends with exit 0 and the right
result, or one clear error line, and leaves the files on disk exactly as they should be: their
contents, mode, owner, link count, and no temporary file or folder behind.

- the cache answers only for the exact content it was built from (``elzzur.cache``): a list
  or language file edited without changing its size and time, ``-d /dev/stdin`` and FIFOs,
  damaged entries, another version's entries, a cache folder that is a file;
- ``-o`` never replaces an input of the command, under any name;
- ``-o`` over an existing file keeps its mode, owner and hard links, and refuses a read-only
  file; ``/dev/stdout``, ``/dev/stderr``, a FIFO and a device are written to directly;
- temporaries go on SIGTERM, SIGHUP and Ctrl-C (``atomic.remove_temporaries``), and ``generate
  --count K -o FOLDER/`` writes all its files or none;
- clear messages for a full disk during ``compile`` and a deleted working folder;
- ``generate --format json`` into a folder writes JSON files; ``cat`` of a foreign ``.marisa``
  prints only the words ``solve`` uses.
"""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import marisa_trie
import pytest

from conftest import SMALL_BOARD, child_env

from elzzur import atomic, cache, datafiles, files
from elzzur.lexicon.dictionary import Dictionary, load_dictionary
from elzzur.lexicon.languages import get_language

EN = get_language("en")
BOARD = "C A/T D"  # CAT, ACT, TAD, DATA…: small and every word has one path


def words_of(output: str) -> list[str]:
    return [line.split()[0] for line in output.splitlines() if line.strip()]


def same_time(path: Path, reference: os.stat_result) -> None:
    """Give ``path`` the times of ``reference`` (``touch -d``), to the nanosecond."""
    os.utime(path, ns=(reference.st_atime_ns, reference.st_mtime_ns))


def leftovers(folder: Path) -> list[str]:
    """Temporary files and folders (ours end in .tmp) anywhere under ``folder``."""
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.name.endswith(".tmp"))


@pytest.fixture
def cache_dir(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    folder.mkdir()
    monkeypatch.setenv("ELZZUR_CACHE_DIR", str(folder))
    return folder


# --- 1. the cache answers only for the exact content ------------------------------------------

def test_a_list_edited_keeping_size_and_time_is_read_afresh(cli, tmp_path, cache_dir):
    words = tmp_path / "w.txt"
    words.write_text("cat\nact\n", encoding="utf-8")
    assert words_of(cli("solve", "-d", "w.txt", "-b", BOARD, "-q").out) == ["ACT", "CAT"]
    before = words.stat()
    words.write_text("tad\nact\n", encoding="utf-8")  # the same size
    same_time(words, before)
    assert (words.stat().st_size, words.stat().st_mtime_ns) == (before.st_size, before.st_mtime_ns)
    assert words_of(cli("solve", "-d", "w.txt", "-b", BOARD, "-q").out) == ["ACT", "TAD"]
    # compile and solve agree: both read what the file holds now
    assert cli("compile", "-d", "w.txt", "-o", "w.marisa").code == 0
    assert cli("cat", "-d", "w.marisa").out == "ACT\nTAD\n"
    # an edit replaces the list's one entry: the cache does not grow with every edit
    assert len([p for p in cache_dir.iterdir() if "w.txt" in p.name]) == 1


def test_a_compiled_dictionary_edited_keeping_size_and_time_is_read_afresh(cli, tmp_path, cache_dir):
    path = tmp_path / "d.marisa"
    marisa_trie.Trie(["CAT", "ACT"]).save(str(path))
    assert cli("cat", "-d", "d.marisa").out == "ACT\nCAT\n"
    assert words_of(cli("solve", "-d", "d.marisa", "-b", BOARD, "-q").out) == ["ACT", "CAT"]
    before = path.stat()
    marisa_trie.Trie(["TAD", "ACT"]).save(str(path))
    assert path.stat().st_size == before.st_size
    same_time(path, before)
    assert words_of(cli("solve", "-d", "d.marisa", "-b", BOARD, "-q").out) == ["ACT", "TAD"]
    assert cli("cat", "-d", "d.marisa").out == "ACT\nTAD\n"


def test_a_language_file_edited_keeping_size_and_time_is_read_afresh(tmp_path, cache_dir):
    path = tmp_path / "xx.toml"
    text = (Path(files.resource("languages", "en.toml"))).read_text(encoding="utf-8")
    path.write_text(text.replace('code = "en"', 'code = "xx"'), encoding="utf-8")
    assert datafiles.load_toml(str(path), "xx.toml")["letters"]["C"]["value"] == 4
    before = path.stat()
    path.write_text(text.replace('code = "en"', 'code = "xx"')
                    .replace("C = { value = 4,", "C = { value = 9,"), encoding="utf-8")
    same_time(path, before)
    assert path.stat().st_size == before.st_size
    assert datafiles.load_toml(str(path), "xx.toml")["letters"]["C"]["value"] == 9
    # and from a new process: the cache entry, not the process's memory, answers
    code = ("import sys; from elzzur.datafiles import load_toml; "
            "print(load_toml(sys.argv[1], 'x')['letters']['C']['value'])")
    result = subprocess.run([sys.executable, "-c", code, str(path)], env=child_env(),
                            capture_output=True, text=True, timeout=60)
    assert result.stdout == "9\n", result.stderr


def test_a_language_file_edited_keeping_size_and_time_scores_afresh(tmp_path, cache_dir):
    """The whole way, in real processes: the score of CAT follows the letter value."""
    path = tmp_path / "xx.toml"
    text = Path(files.resource("languages", "en.toml")).read_text(encoding="utf-8") \
        .replace('code = "en"', 'code = "xx"').replace('file = "en.marisa"', 'file = "w.txt"')
    (tmp_path / "w.txt").write_text("cat\n", encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    before = path.stat()

    def score() -> str:
        result = subprocess.run([sys.executable, "-m", "elzzur", "solve", "-l", "./xx.toml",
                                 "-b", BOARD, "-q"], cwd=tmp_path, env=child_env(),
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr
        return result.stdout.split()[1]

    assert score() == "6"  # C 4, A 1, T 1
    path.write_text(text.replace("C = { value = 4,", "C = { value = 9,"), encoding="utf-8")
    same_time(path, before)
    assert score() == "11"


def test_dev_stdin_is_never_cached(tmp_path, cache_dir):
    def solve(words: str) -> list[str]:
        env = dict(child_env(), ELZZUR_CACHE_DIR=str(cache_dir))
        result = subprocess.run([sys.executable, "-m", "elzzur", "solve", "-d", "/dev/stdin",
                                 "-b", BOARD, "-q"], input=words, cwd=tmp_path, env=env,
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr
        return words_of(result.stdout)

    assert solve("cat\n") == ["CAT"]
    assert solve("tad\n") == ["TAD"]  # the same size: once answered from the first
    assert not [p for p in cache_dir.iterdir() if "stdin" in p.name]


def test_a_fifo_is_read_every_time_and_never_cached(cli, tmp_path, cache_dir):
    fifo = tmp_path / "words.fifo"
    os.mkfifo(fifo)

    def feed(text: str) -> threading.Thread:
        thread = threading.Thread(target=lambda: fifo.write_text(text, encoding="utf-8"))
        thread.start()
        return thread

    for words, expected in (("cat\n", ["CAT"]), ("tad\n", ["TAD"])):
        thread = feed(words)
        assert words_of(cli("solve", "-d", "words.fifo", "-b", BOARD, "-q").out) == expected
        thread.join(10)
    assert not [p for p in cache_dir.iterdir() if "fifo" in p.name]
    assert cache.entry(str(fifo), "x") is None


def test_a_cache_entry_of_another_version_or_content_is_not_used(tmp_path, cache_dir, monkeypatch):
    entry = str(cache_dir / "entry")
    cache.write(entry, b"derived", b"source")
    assert cache.read(entry, b"source") == b"derived"
    assert cache.read(entry, b"other source") is None
    monkeypatch.setattr(cache, "_stamp", [b"elzzur 0.0.1 python 3.0"])
    assert cache.read(entry, b"source") is None  # written by another version
    # and a list whose entry another version wrote is built again, right
    words = tmp_path / "w.txt"
    words.write_text("cat\nact\n", encoding="utf-8")
    load_dictionary(words, EN)
    monkeypatch.setattr(cache, "_stamp", [])
    assert list(load_dictionary(words, EN)) == ["ACT", "CAT"]


def test_a_valid_entry_for_other_words_is_not_used(tmp_path, cache_dir):
    """An entry that is whole and of this version, but stored for other content (as a
    checksum collision or a stale name would give), is never taken for this list."""
    words = tmp_path / "w.txt"
    words.write_text("cat\nact\n", encoding="utf-8")
    load_dictionary(words, EN)
    other = tmp_path / "o.txt"
    other.write_text("tad\n", encoding="utf-8")
    load_dictionary(other, EN)
    from elzzur.lexicon.dictionary import graph_kind

    mine, theirs = cache.entry(str(words), graph_kind(EN)), cache.entry(str(other), graph_kind(EN))
    os.replace(theirs, mine)  # the entry of o.txt under w.txt's name
    assert list(load_dictionary(words, EN)) == ["ACT", "CAT"]


@pytest.mark.parametrize("kind", ["file", "under a file", "fifo entry"])
def test_a_cache_folder_that_cannot_be_used_changes_nothing(cli, tmp_path, monkeypatch, kind):
    (tmp_path / "w.txt").write_text("cat\nact\n", encoding="utf-8")
    blocker = tmp_path / "blocker"
    if kind == "file":
        blocker.write_text("not a folder")
        monkeypatch.setenv("ELZZUR_CACHE_DIR", str(blocker))
    elif kind == "under a file":
        blocker.write_text("not a folder")
        monkeypatch.setenv("ELZZUR_CACHE_DIR", str(blocker / "cache"))
    else:  # a FIFO where an entry goes: reading or writing it must not block
        folder = tmp_path / "cache"
        folder.mkdir()
        monkeypatch.setenv("ELZZUR_CACHE_DIR", str(folder))
        from elzzur.lexicon.dictionary import graph_kind

        os.mkfifo(cache.entry(str(tmp_path / "w.txt"), graph_kind(EN)))
    for _ in range(2):
        result = cli("solve", "-d", "w.txt", "-b", BOARD, "-q")
        assert (result.code, result.err, words_of(result.out)) == (0, "", ["ACT", "CAT"])
    if kind != "fifo entry":
        assert blocker.read_text() == "not a folder"


def test_a_union_graph_entry_for_other_words_is_not_used(tmp_path, cache_dir):
    dictionary = Dictionary.from_words(["CAT", "ACT"], EN)
    from elzzur.lexicon.corrections import Corrections

    corrected = dictionary.corrected(Corrections(EN, "none.txt", added={"TAD"}))
    assert list(corrected.union_graph()) == ["ACT", "CAT", "TAD"]
    [entry] = [p for p in cache_dir.iterdir() if p.name.startswith("union-")]
    from elzzur.lexicon.graph import build

    cache.write(str(entry), build(["DOG"], "ACDGOT"), b"other words")  # whole, but not for these
    again = Dictionary.from_words(["CAT", "ACT"], EN).corrected(Corrections(EN, "none.txt", added={"TAD"}))
    assert list(again.union_graph()) == ["ACT", "CAT", "TAD"]


def test_the_shipped_tile_graph_is_only_for_the_built_in_graph(tmp_path, cache_dir, monkeypatch):
    """Its file is found by checksums of the graph: another graph whose checksums matched would
    have been given the built-in dictionary's words."""
    from elzzur.scrabble import tilegraph
    from elzzur.scrabble.tiles import load_tile_set

    tiles = load_tile_set("es")
    shipped = [p for p in os.listdir(files.resource("dictionaries")) if p.endswith(".scrabble.dawg")]
    assert shipped
    monkeypatch.setattr(tilegraph, "tile_graph_name", lambda graph, tiles: shipped[0])
    spanish = get_language(tiles.language)
    mine = Dictionary.from_words(["CHAL", "LLAR"], spanish).graph
    derived = tilegraph.tile_graph(mine, tiles)
    assert len(derived) == 2


# --- 2. -o never replaces an input ----------------------------------------------------------------

def make_inputs(tmp_path: Path) -> None:
    (tmp_path / "my.board").write_text("C A\nT D\n", encoding="utf-8")
    (tmp_path / "words.txt").write_text("cat\nact\n", encoding="utf-8")
    marisa_trie.Trie(["CAT", "ACT"]).save(str(tmp_path / "words.marisa"))
    (tmp_path / "pos.txt").write_text("\n".join(["." * 15] * 15) + "\n", encoding="utf-8")
    text = Path(files.resource("languages", "en.toml")).read_text(encoding="utf-8")
    (tmp_path / "xx.toml").write_text(text.replace('code = "en"', 'code = "xx"')
                                      .replace('file = "en.marisa"', 'file = "xx.txt"'),
                                      encoding="utf-8")
    (tmp_path / "xx.txt").write_text("cat\nact\n", encoding="utf-8")
    (tmp_path / "rules.toml").write_bytes(Path(files.resource("rules", "boggle.toml")).read_bytes())
    os.symlink("my.board", tmp_path / "link.board")
    os.link(tmp_path / "words.txt", tmp_path / "hard.txt")


@pytest.mark.parametrize("argv, target, named", [
    (["solve", "-b", "my.board", "-o", "my.board"], "my.board", "-b my.board"),
    (["solve", "-b", "link.board", "-o", "my.board"], "my.board", "-b link.board"),  # a symlink
    (["solve", "-b", "my.board", "-d", "words.txt", "-o", "hard.txt"], "hard.txt", "-d words.txt"),
    (["solve", "-b", BOARD, "--rules", "./rules.toml", "-o", "rules.toml"], "rules.toml",
     "--rules ./rules.toml"),
    (["cat", "-d", "words.txt", "-o", "words.txt"], "words.txt", "-d words.txt"),
    (["compile", "-d", "words.marisa", "-o", "words.marisa"], "words.marisa", "-d words.marisa"),
    (["demo", "-l", "./xx.toml", "-o", "xx.toml"], "xx.toml", "-l ./xx.toml"),
    (["generate", "-d", "words.txt", "--format", "json", "-o", "words.txt"], "words.txt",
     "-d words.txt"),
    (["generate", "--avoid", "words.txt", "-o", "hard.txt"], "hard.txt", "--avoid words.txt"),
    (["scrabble", "-b", "pos.txt", "-r", "CAT", "-d", "words.txt", "-o", "pos.txt"], "pos.txt",
     "-b pos.txt"),
    # not on the command line: the language's own word list, read on the way
    (["solve", "-l", "./xx.toml", "-b", BOARD, "-o", "xx.txt"], "xx.txt", "xx.txt"),
])
def test_o_naming_an_input_is_refused(cli, tmp_path, argv, target, named):
    make_inputs(tmp_path)
    before = {p.name: (p.read_bytes(), p.lstat().st_ino) for p in tmp_path.iterdir()}
    message = cli(*argv).error(2, f"-o {target}: is the same file as the input")
    assert named in message and "write the output to another file" in message
    assert {p.name: (p.read_bytes(), p.lstat().st_ino) for p in tmp_path.iterdir()} == before


def test_o_naming_standard_input_is_refused(tmp_path):
    board = tmp_path / "my.board"
    board.write_text("C A\nT D\n", encoding="utf-8")
    with open(board, "rb") as stdin:
        result = subprocess.run([sys.executable, "-m", "elzzur", "solve", "-b", "-", "-o",
                                 "my.board"], stdin=stdin, cwd=tmp_path, env=child_env(),
                                capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert result.stderr == ("elzzur: error: -o my.board: is the same file as the input standard "
                             "input (write the output to another file)\n")
    assert board.read_text(encoding="utf-8") == "C A\nT D\n"


def test_o_naming_the_corrections_file_is_refused(cli, data_dir):
    """Read on the way (cat shows the words with your corrections), named by no option."""
    assert cli("words", "add", "-l", "en", "ZZZX").code == 0
    path = data_dir / "words" / "en.txt"
    before = path.read_bytes()
    cli("cat", "-l", "en", "-o", str(path)).error(2, f"-o {path}: is the same file as the input")
    assert path.read_bytes() == before and leftovers(data_dir) == []


def test_a_language_code_is_not_a_file_of_that_name(cli, tmp_path):
    (tmp_path / "en").write_text("old\n")
    result = cli("demo", "-l", "en", "-q", "--top", "1", "-o", "en")
    assert (result.code, result.err) == (0, "")
    assert (tmp_path / "en").read_text().startswith("COHESIVE")


# --- 3. -o over an existing file --------------------------------------------------------------

@pytest.mark.parametrize("mode", [0o600, 0o640, 0o755])
def test_o_keeps_the_mode_of_the_file_it_replaces(cli, tmp_path, words_txt, mode):
    out = tmp_path / "out.txt"
    out.write_text("old\n")
    out.chmod(mode)
    assert cli("cat", "-d", "words.txt", "-o", "out.txt").code == 0
    assert stat.S_IMODE(out.stat().st_mode) == mode
    assert out.read_text().splitlines()[0] == "ACE"
    assert leftovers(tmp_path) == []


def test_o_refuses_a_read_only_file(cli, tmp_path, words_txt):
    out = tmp_path / "out.txt"
    out.write_text("keep me\n")
    out.chmod(0o444)
    cli("cat", "-d", "words.txt", "-o", "out.txt").error(
        1, "cannot write out.txt: permission denied (the file is read-only)")
    assert out.read_text() == "keep me\n" and stat.S_IMODE(out.stat().st_mode) == 0o444
    assert leftovers(tmp_path) == []


def test_o_keeps_hard_links(cli, tmp_path, words_txt):
    out, other = tmp_path / "out.txt", tmp_path / "other-name.txt"
    out.write_text("old\n")
    out.chmod(0o600)
    os.link(out, other)
    inode = out.stat().st_ino
    assert cli("cat", "-d", "words.txt", "-o", "out.txt").code == 0
    assert out.stat().st_ino == inode and out.stat().st_nlink == 2
    assert other.read_text() == out.read_text() == cli("cat", "-d", "words.txt").out
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    assert leftovers(tmp_path) == []


def test_o_keeps_hard_links_shorter_and_longer(cli, tmp_path, words_txt):
    out = tmp_path / "out.txt"
    out.write_text("x" * 100_000)
    os.link(out, tmp_path / "other.txt")
    assert cli("cat", "-d", "words.txt", "-o", "out.txt").code == 0
    assert (tmp_path / "other.txt").read_text() == cli("cat", "-d", "words.txt").out  # cut to size
    out.write_text("x")
    assert cli("cat", "-d", "words.txt", "-o", "out.txt").code == 0
    assert (tmp_path / "other.txt").read_text() == cli("cat", "-d", "words.txt").out


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user needs root")
def test_o_keeps_the_owner_where_it_may(cli, tmp_path, words_txt):
    out = tmp_path / "out.txt"
    out.write_text("old\n")
    os.chown(out, 1234, 2345)
    assert cli("cat", "-d", "words.txt", "-o", "out.txt").code == 0
    assert (out.stat().st_uid, out.stat().st_gid) == (1234, 2345)


def test_a_new_file_gets_the_usual_mode(cli, tmp_path, words_txt):
    mask = os.umask(0o027)
    try:
        assert cli("cat", "-d", "words.txt", "-o", "new.txt").code == 0
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o640


def test_o_dev_stdout_is_standard_output(cli, words_txt):
    expected = cli("cat", "-d", "words.txt").out
    assert cli("cat", "-d", "words.txt", "-o", "/dev/stdout").out == expected
    assert Path("/dev/stdout").is_symlink()  # still itself


@pytest.mark.parametrize("name, fd", [("/dev/stderr", 2), ("/dev/fd/5", 5), ("/dev/stdout", 1)])
def test_o_names_of_descriptors_write_to_them(tmp_path, name, fd):
    """What the shell opened: a file redirected with >> is appended to, not replaced."""
    target = tmp_path / "redirected.txt"
    target.write_text("earlier line\n")
    with open(target, "ab") as f:
        assert _run_with_fd(tmp_path, name, fd, f) == 0
    assert target.read_text() == "earlier line\nACT\nCAT\n"
    assert leftovers(tmp_path) == []


def _run_with_fd(tmp_path: Path, name: str, fd: int, f) -> int:
    (tmp_path / "w.txt").write_text("cat\nact\n", encoding="utf-8")
    kwargs = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    if fd == 1:
        kwargs["stdout"] = f
    elif fd == 2:
        kwargs["stderr"] = f
    else:
        kwargs.update(pass_fds=(fd,), preexec_fn=lambda: os.dup2(f.fileno(), fd))
    return subprocess.run([sys.executable, "-m", "elzzur", "cat", "-d", "w.txt", "-o", name],
                          cwd=tmp_path, env=child_env(), timeout=60, **kwargs).returncode


def test_o_a_closed_descriptor_is_an_error(cli, words_txt):
    cli("cat", "-d", "words.txt", "-o", "/dev/fd/987").error(
        1, "cannot write /dev/fd/987: Bad file descriptor")


def test_o_a_fifo_is_written_to(cli, tmp_path, words_txt):
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()))
    reader.start()
    assert cli("cat", "-d", "words.txt", "-o", "out.fifo").code == 0
    reader.join(10)
    assert got == [cli("cat", "-d", "words.txt").out]
    assert stat.S_ISFIFO(fifo.lstat().st_mode) and leftovers(tmp_path) == []


def test_o_a_symbolic_link_to_a_device_is_written_through(cli, tmp_path, words_txt):
    os.symlink("/dev/null", tmp_path / "null.txt")
    assert cli("cat", "-d", "words.txt", "-o", "null.txt").code == 0
    assert os.readlink(tmp_path / "null.txt") == "/dev/null"


@pytest.mark.parametrize("target, message", [
    ("link.txt", "cannot write link.txt: is a symbolic link (give the file it points to, 'real.txt')"),
    ("folder", "cannot write folder: is a directory"),
    ("real.txt/x", "cannot write real.txt/x: Not a directory"),
    ("", "cannot write to an empty file name"),
])
def test_o_targets_that_cannot_be_written(cli, tmp_path, words_txt, target, message):
    (tmp_path / "real.txt").write_text("real\n")
    os.symlink("real.txt", tmp_path / "link.txt")
    (tmp_path / "folder").mkdir()
    assert cli("cat", "-d", "words.txt", "-o", target).error(1) == f"elzzur: error: {message}"
    assert (tmp_path / "real.txt").read_text() == "real\n" and leftovers(tmp_path) == []


# --- 4. temporaries: signals, and whole folders ------------------------------------------------

# A run of main() whose SIGTERM and SIGHUP end the process at once after removing the
# temporaries: what the command line's own handlers do (if main installs them, they win).
SIGNAL_SCRIPT = """
import os, signal, sys
from elzzur import atomic
from elzzur.__main__ import main

def ended(number, frame):
    atomic.remove_temporaries()
    os._exit(128 + number)

signal.signal(signal.SIGTERM, ended)
signal.signal(signal.SIGHUP, ended)
sys.exit(main(sys.argv[1:]))
"""


def start(tmp_path: Path, *argv: str, script: bool = False) -> subprocess.Popen:
    command = [sys.executable, "-c", SIGNAL_SCRIPT] if script else [sys.executable, "-m", "elzzur"]
    return subprocess.Popen([*command, *argv], cwd=tmp_path, env=child_env(),
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)


def wait_for(process: subprocess.Popen, ready) -> None:
    deadline = time.monotonic() + 60
    while not ready():
        assert process.poll() is None, ("ended too early", process.communicate())
        assert time.monotonic() < deadline, "never got going"
        time.sleep(0.01)


def temp_folder_files(folder: Path) -> int:
    return sum(len(os.listdir(p)) for p in folder.glob(".elzzur-*.tmp") if p.is_dir())


def test_remove_temporaries_removes_what_is_not_committed(tmp_path):
    target = tmp_path / "t.txt"
    target.write_text("old\n")
    out = atomic.AtomicOutput(target)
    out.file.write("half")
    out.file.flush()
    folder = atomic.AtomicFolder(str(tmp_path), lambda name: name == "board-001.board")
    folder.write("board-001.board", "A B\n")
    assert len(leftovers(tmp_path)) == 2
    atomic.remove_temporaries()
    assert leftovers(tmp_path) == [] and sorted(os.listdir(tmp_path)) == ["t.txt"]
    assert target.read_text() == "old\n"
    atomic.remove_temporaries()  # twice is harmless
    out.__exit__()
    folder.abort()


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_leaves_no_temporary_file(tmp_path, number):
    (tmp_path / "t.txt").write_text("old\n")
    process = start(tmp_path, "generate", "-l", "en", "--count", "1000000", "-o", "t.txt",
                    script=True)
    wait_for(process, lambda: any(p.stat().st_size > 50_000 for p in tmp_path.glob(".t.txt.*.tmp")))
    process.send_signal(number)
    process.communicate(timeout=60)
    assert process.returncode in (128 + number, -number)
    assert sorted(os.listdir(tmp_path)) == ["t.txt"] and (tmp_path / "t.txt").read_text() == "old\n"


def folder_with_old_files(tmp_path: Path) -> Path:
    boards = tmp_path / "boards"
    boards.mkdir()
    (boards / "keep.txt").write_text("mine\n")
    (boards / "board-002.board").write_text("an old board\n")
    (boards / "board-002.board").chmod(0o600)
    return boards


def folder_state(folder: Path) -> dict:
    return {p.name: (p.read_text(), stat.S_IMODE(p.stat().st_mode)) for p in folder.iterdir()}


@pytest.mark.parametrize("number, script", [(signal.SIGINT, False), (signal.SIGTERM, True)])
def test_an_interrupted_folder_of_boards_is_left_as_it_was(tmp_path, number, script):
    boards = folder_with_old_files(tmp_path)
    before = folder_state(boards)
    process = start(tmp_path, "generate", "-l", "en", "--count", "100000", "-o", "boards/",
                    script=script)
    wait_for(process, lambda: temp_folder_files(boards) > 200)
    os.killpg(process.pid, number)
    out, err = process.communicate(timeout=60)
    assert process.returncode in (128 + number, -number, 130 if number == signal.SIGINT else 0)
    assert (out, err) == ("", "")
    assert folder_state(boards) == before and leftovers(tmp_path) == []


def test_a_folder_of_boards_is_written_whole(cli, tmp_path):
    boards = folder_with_old_files(tmp_path)
    (boards / "board-009.board").write_text("from an earlier, larger run\n")
    before = folder_state(boards)
    assert cli("generate", "-l", "en", "--count", "3", "--seed", "5", "-o", "boards/").code == 0
    state = folder_state(boards)
    assert sorted(state) == ["board-001.board", "board-002.board", "board-003.board",
                             "board-009.board", "keep.txt"]
    assert state["keep.txt"] == before["keep.txt"]
    assert state["board-009.board"][0] == "from an earlier, larger run\n"  # other names stay
    assert state["board-002.board"][1] == 0o600  # replaced, its mode kept
    together = cli("generate", "-l", "en", "--count", "3", "--seed", "5").out
    assert "\n".join(state[f"board-00{i}.board"][0] for i in (1, 2, 3)) == together
    assert leftovers(tmp_path) == []


def test_a_failure_part_way_leaves_the_folder_as_it_was(cli, tmp_path, monkeypatch):
    from elzzur.errors import ElzzurError
    from elzzur.grid import generate

    boards = folder_with_old_files(tmp_path)
    before = folder_state(boards)
    real = generate.Generator.board
    made = []

    def board(self, rng):
        made.append(1)
        if len(made) == 4:
            raise ElzzurError("something went wrong at the fourth board")
        return real(self, rng)

    monkeypatch.setattr(generate.Generator, "board", board)
    cli("generate", "-l", "en", "--count", "10", "-o", "boards/").error(
        1, "something went wrong at the fourth board")
    assert folder_state(boards) == before and leftovers(tmp_path) == []


def test_a_full_disk_part_way_leaves_the_folder_as_it_was(cli, tmp_path, monkeypatch):
    import errno

    boards = folder_with_old_files(tmp_path)
    before = folder_state(boards)
    written = []
    real_open = open

    class FullDisk:
        """A file on a disk that has just filled up."""

        def __init__(self, f):
            self.f = f

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

        def write(self, data):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def filling_open(path, *args, **kwargs):
        f = real_open(path, *args, **kwargs)
        if ".elzzur-" in str(path):
            written.append(path)
            if len(written) == 3:
                return FullDisk(f)
        return f

    monkeypatch.setattr(atomic, "open", filling_open, raising=False)
    cli("generate", "-l", "en", "--count", "5", "-o", "boards/").error(
        1, "cannot write boards/board-003.board: No space left on device")
    assert folder_state(boards) == before and leftovers(tmp_path) == []


def test_a_folder_with_a_link_of_a_board_s_name_is_refused_before_writing(cli, tmp_path):
    boards = folder_with_old_files(tmp_path)
    os.symlink("keep.txt", boards / "board-003.board")
    before = folder_state(boards)
    cli("generate", "-l", "en", "--count", "3", "-o", "boards/").error(
        1, "cannot write boards/board-003.board: is a symbolic link")
    assert folder_state(boards) == before and leftovers(tmp_path) == []


def test_a_folder_with_a_read_only_board_of_that_name_is_refused(cli, tmp_path):
    boards = folder_with_old_files(tmp_path)
    (boards / "board-002.board").chmod(0o444)
    (boards / "board-0002.board").write_text("not a name this run writes\n")
    (boards / "board-004.board").write_text("past the count\n")
    (boards / "board-004.board").chmod(0o444)
    before = folder_state(boards)
    cli("generate", "-l", "en", "--count", "3", "-o", "boards/").error(
        1, "cannot write boards/board-002.board: permission denied (the file is read-only)")
    assert folder_state(boards) == before and leftovers(tmp_path) == []
    (boards / "board-002.board").chmod(0o644)
    assert cli("generate", "-l", "en", "--count", "3", "-o", "boards/").code == 0
    after = folder_state(boards)
    assert after["board-0002.board"] == before["board-0002.board"]
    assert after["board-004.board"] == before["board-004.board"]


# --- 5. messages ---------------------------------------------------------------------------------

def test_a_full_disk_during_compile_is_one_clean_line(cli, tmp_path, words_txt):
    os.symlink("/dev/full", tmp_path / "full.marisa")
    message = cli("compile", "-d", "words.txt", "-o", "full.marisa").error(1)
    assert message == "elzzur: error: cannot write full.marisa: No space left on device"
    assert os.readlink(tmp_path / "full.marisa") == "/dev/full" and leftovers(tmp_path) == []


def test_compile_does_not_go_through_marisas_save(cli, tmp_path, words_txt, monkeypatch):
    """marisa's save reports a full disk as its C++ source line ("…/writer.cc:… MARISA_IO_
    ERROR…"): compile writes the trie's bytes itself, and so gets the system's own message."""
    import elzzur.lexicon.dictionary as dictionary_module

    real = dictionary_module.compile_words

    class SaveFails:
        def __init__(self, words):
            self.trie = real(words)

        def __len__(self):
            return len(self.trie)

        def tobytes(self):
            return self.trie.tobytes()

        def save(self, path):
            raise RuntimeError("lib/marisa/grimoire/io/writer.cc:117: MARISA_IO_ERROR: "
                               "std::fwrite() failed")

    monkeypatch.setattr(dictionary_module, "compile_words", SaveFails)
    assert cli("compile", "-d", "words.txt", "-o", "w.marisa").code == 0
    assert cli("cat", "-d", "w.marisa").out == cli("cat", "-d", "words.txt").out


@pytest.mark.parametrize("argv, status, message", [
    (["solve", "-l", "foo.toml", "-b", BOARD], 2,
     "foo.toml: no such file (the current folder no longer exists: it was deleted or moved)"),
    (["demo", "-o", "out.txt"], 1,
     "cannot write out.txt: the current folder no longer exists (it was deleted or moved)"),
])
def test_a_deleted_working_folder_is_named(cli, tmp_path, monkeypatch, argv, status, message):
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    assert cli(*argv).error(status) == f"elzzur: error: {message}"


# --- 6. generate --format json into a folder ------------------------------------------------------

def test_generate_json_into_a_folder_writes_json_files(cli, tmp_path):
    (tmp_path / "boards").mkdir()
    assert cli("generate", "-l", "en", "--count", "2", "--seed", "3", "--format", "json",
               "-o", "boards/").code == 0
    names = sorted(os.listdir(tmp_path / "boards"))
    assert names == ["board-001.json", "board-002.json"]
    together = json.loads(cli("generate", "-l", "en", "--count", "2", "--seed", "3",
                              "--format", "json").out)
    for number, name in enumerate(names):
        one = json.loads((tmp_path / "boards" / name).read_text(encoding="utf-8"))
        assert one == dict(together, boards=[together["boards"][number]])


# --- 7. cat of a foreign .marisa prints what solve uses --------------------------------------------

def test_cat_of_a_foreign_marisa_prints_only_game_words(cli, tmp_path):
    keys = ["", "A\x00B", "cat", "DO\nG", "CAT", "DOG", "X", "H\u00c9", "Z" * 65, "TAD"]
    marisa_trie.Trie(keys).save(str(tmp_path / "foreign.marisa"))
    result = cli("cat", "-d", "foreign.marisa")
    assert result.code == 0 and result.out == "CAT\nDOG\nTAD\n"
    assert result.err == ("elzzur: warning: foreign.marisa: 7 of 10 entries dropped: 2 shorter "
                          "than 2 letters, 4 with letters outside the English alphabet, 1 longer "
                          "than 64 letters\n")
    # what cat prints is what solve finds, and reads back as the same words
    (tmp_path / "back.txt").write_text(result.out, encoding="utf-8")
    assert cli("cat", "-d", "back.txt").out == result.out
    assert words_of(cli("solve", "-d", "foreign.marisa", "-b", "C A/T D", "-q").out) == ["CAT", "TAD"]
