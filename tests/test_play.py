"""elzzur play and stats: the round's logic with a fake clock (in process), the review, the
history, and the terminal game driven as a person would, through tmux (send-keys,
capture-pane), with a clock the test sets (ELZZUR_FAKE_CLOCK)."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import time
import xml.dom.minidom

import pytest

from elzzur import Dictionary, get_language, parse_board
from elzzur.errors import ElzzurError
from elzzur.grid import history, referee
from elzzur.grid.referee import Referee
from elzzur.grid.review import review
from elzzur.grid.round import FileClock, Round

from conftest import child_env, needs_system

EN = get_language("en")
BOARD = "Cdw A Ttl/D O G/S U N"
WORDS = ["CAT", "DOG", "GODS", "SUN", "COD", "CODS", "DOC", "TOG", "GOD", "SNUG"]


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def game():
    board = parse_board(BOARD, EN)
    clock = Clock()
    judge = Referee(board, Dictionary.from_words(WORDS, EN), EN, "ruzzle")
    return Round(judge, 120, clock), clock


# --- the round --------------------------------------------------------------------------------

def test_a_round_counts_down_judges_words_and_ends(game):
    play, clock = game
    assert play.remaining() == 120 and not play.over
    play.start()
    clock.now += 10
    assert play.remaining() == 110
    assert play.enter("cat").verdict == referee.VALID
    assert play.enter("CAT").verdict == referee.DUPLICATE
    assert play.enter("tac").verdict == referee.NOT_A_WORD
    assert play.enter("xyz").verdict == referee.NOT_ON_BOARD
    assert play.enter("c").verdict == referee.TOO_SHORT
    clock.now += 5
    dog = play.enter("dog")
    assert play.score == play.found["CAT"].verdict.score + dog.score
    assert [a.at for a in play.attempts] == [10, 10, 10, 10, 10, 15]
    assert list(play.found) == ["CAT", "DOG"]
    clock.now += 200
    assert play.over and play.remaining() == 0 and play.elapsed() == 120
    with pytest.raises(ElzzurError, match="over"):
        play.enter("sun")


def test_pause_stops_the_clock_and_refuses_words(game):
    play, clock = game
    play.start()
    clock.now += 30
    play.pause()
    clock.now += 500
    assert play.paused and play.remaining() == 90 and not play.over
    with pytest.raises(ElzzurError, match="paused"):
        play.enter("cat")
    play.toggle_pause()
    clock.now += 10
    assert not play.paused and play.remaining() == 80


def test_giving_up_ends_the_round_where_it_was(game):
    play, clock = game
    play.start()
    clock.now += 42
    play.give_up()
    clock.now += 1000
    assert play.over and play.gave_up and play.elapsed() == 42


def test_a_file_clock_reads_the_seconds_a_test_writes(tmp_path):
    path = tmp_path / "clock"
    clock = FileClock(str(path))
    assert clock() == 0.0  # missing: the last time read
    path.write_text("12.5\n")
    assert clock() == 12.5
    path.write_text("nan")
    assert clock() == 12.5


# --- the review -------------------------------------------------------------------------------

def test_the_review_ranks_common_missed_words_first_and_finds_the_hot_tiles():
    board = parse_board(BOARD, EN)
    judge = Referee(board, Dictionary.from_words(WORDS, EN), EN, "ruzzle")
    rows = judge.rows
    bands = {"GODS": 4, "CODS": 4, "COD": 1, "DOC": 2, "SNUG": 1, "TOG": None}
    result = review(board, rows, {"CAT", "DOG"}, bands.get)
    total = sum(r[1] for r in rows)
    scores = {w: s for w, s, _ in rows}
    assert result.total == total and result.score == scores["CAT"] + scores["DOG"]
    assert result.found == 2 and result.possible == len(rows)
    common = [m.word for m in result.best_missed if m.band in (1, 2)]
    assert [m.word for m in result.best_missed][:len(common)] == common  # common first
    assert common == sorted(common, key=lambda w: -scores[w])
    # every missed word's points count for each bonus tile on its path (brute force)
    missed = [(w, s, p) for w, s, p in rows if w not in {"CAT", "DOG"}]
    missed_points = sum(s for _, s, _ in missed)
    expected = {}
    for i, cell in enumerate(board.cells):
        if cell.bonus:
            through = sum(s for _, s, p in missed if i in p)
            if through:
                expected[board.position(i)] = through / missed_points
    assert {h.cell: h.share for h in result.hotspots} == expected
    assert result.missed_bands == {b: sum(1 for w, _, _ in missed if bands.get(w) == b)
                                   for b in {bands.get(w) for w, _, _ in missed}}
    longest = max(rows, key=lambda r: (len(r[0]), r[1]))
    assert result.longest.word == longest[0] and not result.longest_found
    assert json.loads(json.dumps(result.to_dict()))["found"] == 2


def test_a_review_without_bonus_tiles_names_no_tile():
    board = parse_board(BOARD, EN)
    rows = Referee(board, Dictionary.from_words(WORDS, EN), EN, "boggle").rows
    assert review(board, rows, set(), bonus_tiles=False).hotspots == ()


# --- the history and stats --------------------------------------------------------------------

def test_the_history_is_bounded_and_skips_damaged_lines(game, data_dir, monkeypatch):
    play, clock = game
    play.start()
    play.enter("cat")
    play.give_up()
    monkeypatch.setattr(history, "MAX_ROUNDS", 3)
    for n in range(5):
        history.append_round(history.played(play, "en", "ruzzle", when=f"2026-01-0{n + 1}T00:00:00Z"))
    rounds, damaged = history.read_history()
    assert [r.when[:10] for r in rounds] == ["2026-01-03", "2026-01-04", "2026-01-05"]
    assert damaged == 0 and rounds[0].words[0][0] == "CAT" and rounds[0].gave_up
    path = data_dir / "history.jsonl"
    path.write_text(path.read_text() + "{not json\n[1, 2]\n")
    rounds, damaged = history.read_history()
    assert len(rounds) == 3 and damaged == 2
    path.write_bytes(b"\xff\xfe not UTF-8\n")  # unreadable: kept aside, a new one started
    saved, aside = history.append_round(history.played(play, "en", "ruzzle"))
    assert (saved, aside) == (str(path), str(path) + ".unreadable")
    assert (data_dir / "history.jsonl.unreadable").read_bytes() == b"\xff\xfe not UTF-8\n"
    assert len(history.read_history()[0]) == 1


def test_stats_text_json_and_svg(cli, data_dir, game):
    assert cli("stats").out == "No rounds played yet: 'elzzur play' starts one.\n"
    play, clock = game
    play.start()
    play.enter("cat")
    play.give_up()
    history.append_round(history.played(play, "en", "ruzzle", when="2026-01-01T00:00:00Z"))
    play2 = Round(play.referee, 120, clock)
    play2.start()
    for word in WORDS:
        play2.enter(word)
    play2.give_up()
    history.append_round(history.played(play2, "en", "boggle", when="2026-01-02T00:00:00Z"))
    run = cli("stats")
    assert run.code == 0, run.err
    share1 = play.score / play.total
    assert "Rounds played:        2" in run.out
    assert "Share per round:      " + ("▁" if share1 < 1 / 14 else "") in run.out
    assert "█" in run.out  # the second round found every word
    data = json.loads(cli("stats", "--format", "json").out)
    assert data["rounds"] == 2 and data["shares"] == [round(share1, 4), 1.0]
    assert data["best"][0]["share"] == 1.0
    assert json.loads(cli("stats", "--rules", "boggle", "--format", "json").out)["rounds"] == 1
    svg = cli("stats", "--format", "svg").out
    assert xml.dom.minidom.parseString(svg).documentElement.tagName == "svg"
    assert svg.count("<circle") == 2


def test_play_needs_a_terminal(cli):
    cli("play", "-b", BOARD, stdin=b"cat\n").error(2, "play needs a terminal")


# --- the game in a terminal (tmux) ----------------------------------------------------------

@pytest.fixture
def tmux(tmp_path):
    if shutil.which("tmux") is None:
        needs_system("tmux is not installed (apt-get install tmux)")
    name = f"elzzur-test-{os.getpid()}-{tmp_path.name}"[:60]
    socket = str(tmp_path / "tmux.sock")
    clock = tmp_path / "clock"
    clock.write_text("0")
    data = tmp_path / "data"
    (tmp_path / "words.txt").write_text("".join(w + "\n" for w in WORDS))

    class Terminal:
        def __init__(self) -> None:
            self.started = False

        def tmux(self, *args: str, check: bool = True) -> str:
            done = subprocess.run(["tmux", "-S", socket, *args], capture_output=True, text=True,
                                  check=check)
            return done.stdout

        def start(self, *argv: str, env: dict | None = None, width: int = 80,
                  height: int = 24) -> None:
            environment = child_env() | {"ELZZUR_FAKE_CLOCK": str(clock),
                                         "ELZZUR_DATA_DIR": str(data), "TERM": "xterm-256color"}
            environment.pop("NO_COLOR", None)
            environment |= env or {}
            command = " ".join(shlex.quote(a) for a in [sys.executable, "-m", "elzzur", *argv])
            # the shell remembers the exit status and the terminal's settings after the game,
            # the settings first: a test that sees the status reads them at once
            script = (f"trap true INT; stty -g > before.stty; {command} > out.txt 2> err.txt; "
                      f"status=$?; stty -g > after.stty; echo $status > status.txt; sleep 600")
            self.tmux("new-session", "-d", "-s", name, "-x", str(width), "-y", str(height),
                      "-c", str(tmp_path), "env", *[f"{k}={v}" for k, v in environment.items()],
                      "sh", "-c", script)
            self.started = True
            self.wait_for("Enter: check")

        def keys(self, *keys: str) -> None:
            self.tmux("send-keys", "-t", name, *keys)

        def type(self, text: str) -> None:
            self.tmux("send-keys", "-t", name, "-l", text)

        def screen(self, escapes: bool = False) -> str:
            return self.tmux("capture-pane", "-t", name, "-p", *(["-e"] if escapes else []))

        def wait_for(self, text: str, timeout: float = 30) -> str:
            deadline = time.monotonic() + timeout
            while True:
                screen = self.screen()
                if text in screen:
                    return screen
                if (tmp_path / "status.txt").exists() and text not in screen:
                    err = (tmp_path / "err.txt").read_text()
                    raise AssertionError(f"the game ended; stderr: {err}\n{screen}")
                if time.monotonic() > deadline:
                    raise AssertionError(f"{text!r} never appeared:\n{screen}")
                time.sleep(0.1)

        def set_clock(self, seconds: float) -> None:
            clock.write_text(str(seconds))

        def finished(self, timeout: float = 30) -> int:
            deadline = time.monotonic() + timeout
            status = tmp_path / "status.txt"
            while not status.exists() or not status.read_text().strip():
                if time.monotonic() > deadline:
                    raise AssertionError(f"the game did not end:\n{self.screen()}")
                time.sleep(0.1)
            return int(status.read_text())

        def output(self) -> str:
            return (tmp_path / "out.txt").read_text()

        def errors(self) -> str:
            return (tmp_path / "err.txt").read_text()

        def restored(self) -> bool:
            return (tmp_path / "before.stty").read_text() == (tmp_path / "after.stty").read_text()

    terminal = Terminal()
    yield terminal
    if terminal.started:
        terminal.tmux("kill-server", check=False)


def test_a_whole_round_in_the_terminal(tmux, tmp_path):
    tmux.start("play", "-b", BOARD, "-d", "words.txt", "--time", "90")
    screen = tmux.screen()
    assert "time 1:30" in screen and "found 0 of" in screen
    tmux.type("cat")
    tmux.keys("Enter")
    screen = tmux.wait_for("CAT  +")
    assert "score " in screen
    tmux.type("tac")
    tmux.keys("Enter")
    tmux.wait_for("TAC: not a word")
    tmux.type("cat")
    tmux.keys("Enter")
    tmux.wait_for("CAT: already found")
    tmux.type("qq")
    tmux.keys("Enter")
    tmux.wait_for("QQ: not on the board")
    tmux.set_clock(30)
    tmux.wait_for("time 1:00")
    tmux.keys("Space")  # pause: the board is hidden, the clock stops
    screen = tmux.wait_for("PAUSED")
    lines = screen.splitlines()
    assert "Cdw" not in screen and " C " not in screen and "DW" not in screen  # board hidden
    assert "CAT" not in screen  # the words found too: the pause text runs into nothing
    assert [line.strip() for line in lines[3:6]] == ["PAUSED", "The clock is stopped.",
                                                      "Space resumes."]
    tmux.set_clock(80)
    tmux.keys("Space")
    screen = tmux.wait_for("found 1 of")
    assert "time 1:00" in screen  # the 50 paused seconds did not count
    lines = screen.splitlines()
    # the tiles' letters, not the board file's tokens; each bonus's code under its tile
    assert lines[2].split()[:4] == ["C", "A", "T", "found"]
    assert lines[3].split()[:3] == ["DW", "TL", "CAT"]  # (and the word found beside)
    assert "TL triple letter   DW double word" in screen  # the legend
    assert "Cdw" not in screen and "Ttl" not in screen
    tmux.keys("Tab")  # a quarter turn: the left column, bottom up, is now the top row
    screen = tmux.wait_for("S     D     C ")
    tmux.set_clock(141)
    tmux.wait_for("Time is up! Round 1:")
    tmux.keys("Enter")
    assert tmux.finished() == 0
    out = tmux.output()
    assert out.startswith("Score: ")
    assert "2 of " not in out and "1 of " in out  # one word found
    assert "Best missed words" in out
    assert "recorded in" in out
    assert tmux.restored()
    rounds, _ = history.read_history(str(tmp_path / "data" / "history.jsonl"))
    assert len(rounds) == 1 and rounds[0].words[0][:2] == ["CAT", rounds[0].score]


def test_give_up_and_json_review(tmux):
    tmux.start("play", "-b", BOARD, "-d", "words.txt", "--format", "json", "--no-history")
    tmux.type("dog")
    tmux.keys("Enter")
    tmux.wait_for("DOG  +")
    tmux.keys("C-d")
    tmux.wait_for("You gave up.")
    tmux.keys("Enter")
    assert tmux.finished() == 0
    data = json.loads(tmux.output())
    (played,) = data["rounds"]
    assert played["gave_up"] and played["words"][0]["word"] == "DOG"
    assert played["words"][0]["verdict"] == "valid"
    assert played["review"]["found"] == 1


def test_ctrl_c_restores_the_terminal(tmux):
    tmux.start("play", "-b", BOARD, "-d", "words.txt")
    tmux.type("ca")
    tmux.keys("C-c")
    assert tmux.finished() == 130
    assert tmux.restored()
    assert tmux.output() == ""
    assert "Traceback" not in tmux.errors()


def test_a_terminal_too_small_says_so_and_a_larger_one_plays_on(tmux):
    tmux.start("play", "-b", BOARD, "-d", "words.txt")
    tmux.tmux("resize-window", "-t", tmux_target(tmux), "-x", "30", "-y", "10")
    tmux.wait_for("too small")
    tmux.tmux("resize-window", "-t", tmux_target(tmux), "-x", "80", "-y", "24")
    tmux.wait_for("Enter: check")
    tmux.keys("C-d")
    tmux.wait_for("You gave up.")
    tmux.keys("Enter")
    assert tmux.finished() == 0


def tmux_target(terminal) -> str:
    return terminal.tmux("display-message", "-p", "#{session_name}").strip()


def game_colours(screen: str) -> set[str]:
    """The colours of the game's palette a screen (capture-pane -e) uses: green, red, cyan
    ink, yellow and white tiles (tmux itself writes the default ink and paper, 37 and 40)."""
    import re

    used = {n for params in re.findall(r"\x1b\[([0-9;]*)m", screen) for n in params.split(";")}
    return used & {"31", "32", "33", "34", "36", "41", "42", "43", "44", "47"}


def test_no_color_is_honoured(tmux):
    tmux.start("play", "-b", BOARD, "-d", "words.txt", env={"NO_COLOR": "1"})
    assert not game_colours(tmux.screen(escapes=True))
    lines = tmux.screen().splitlines()  # without colour the kinds still read: codes, legend
    assert lines[3].split() == ["DW", "TL"] and any(
        line.startswith("TL triple letter   DW double word") for line in lines)
    tmux.keys("C-d")
    tmux.wait_for("gave up")
    tmux.keys("Enter")
    tmux.finished()


def test_colour_where_the_terminal_allows_it(tmux):
    tmux.start("play", "-b", BOARD, "-d", "words.txt", "--color", "always")
    # the bonus kinds in their own colours (double word yellow, triple letter blue), plain
    # tiles white
    assert game_colours(tmux.screen(escapes=True)) >= {"43", "44", "47"}
    tmux.keys("C-d")
    tmux.wait_for("gave up")
    tmux.keys("Enter")
    tmux.finished()


# xterm's colours, for the picture of a terminal screen (test_a_picture_of_the_round)
ANSI = ["#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
        "#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff"]


def screen_html(screen: str) -> str:
    """A screen captured with its colours (capture-pane -e) as an HTML page: white on black
    text in a monospace font, each run of text in its SGR colours."""
    import html
    import re

    fg, bg, bold = None, None, False
    out = []
    for part in re.split(r"(\x1b\[[0-9;]*m)", screen):
        if not part.startswith("\x1b["):
            if part:
                style = f"color:{fg or '#e5e5e5'};background:{bg or 'transparent'};" + (
                    "font-weight:bold;" if bold else "")
                out.append(f'<span style="{style}">{html.escape(part)}</span>')
            continue
        codes = [int(c) if c else 0 for c in part[2:-1].split(";")]
        while codes:
            code = codes.pop(0)
            if code == 0:
                fg, bg, bold = None, None, False
            elif code == 1:
                bold = True
            elif code == 22:
                bold = False
            elif 30 <= code <= 37 or 90 <= code <= 97:
                fg = ANSI[code - 30 if code < 90 else code - 82]
            elif 40 <= code <= 47 or 100 <= code <= 107:
                bg = ANSI[code - 40 if code < 100 else code - 92]
            elif code in (38, 48) and codes[:1] == [5]:
                n = codes[1] if len(codes) > 1 else 0
                codes = codes[2:]
                colour = ANSI[n] if n < 16 else None
                fg, bg = (colour, bg) if code == 38 else (fg, colour)
            elif code == 39:
                fg = None
            elif code == 49:
                bg = None
    return ("<!doctype html><meta charset=utf-8><body style='margin:0;background:#000'>"
            "<pre style='margin:8px;font:15px/1.25 \"DejaVu Sans Mono\",monospace'>"
            + "".join(out) + "</pre>")


def test_a_picture_of_the_round(tmux, tmp_path):
    """The round in colour, as a terminal shows it, drawn to a PNG by headless Chromium from
    the screen tmux captured (its colours included): docs/screenshots/play-terminal.png is
    copied from the test's folder by hand."""
    chromium = shutil.which("chromium")
    if chromium is None:
        needs_system("the picture needs Debian's chromium (apt-get install -y chromium)")
    tmux.start("play", "-b", "Ttl R S Ndl/Odw Htw E I/Cdw I N V/Etl A D E", "-l", "en",
               "--no-history", "--color", "always")
    for word in ("chore", "diene", "sine", "echo"):
        tmux.type(word)
        tmux.keys("Enter")
        tmux.wait_for(f"{word.upper()}  +")
    tmux.set_clock(47)
    tmux.type("hose")
    tmux.keys("Enter")
    tmux.wait_for("HOSE: not on the board")
    tmux.type("ne")
    screen = tmux.wait_for("> NE")
    assert "time 1:13" in screen
    # -N: the spaces at a line's end too (a tile at the end of a line keeps its colour)
    coloured = tmux.tmux("capture-pane", "-t", tmux_target(tmux), "-p", "-e", "-N")
    assert game_colours(coloured) >= {"41", "42", "43", "44", "47"}  # TW DL DW TL and plain
    page = tmp_path / "screen.html"
    page.write_text(screen_html(coloured), encoding="utf-8")
    out = tmp_path / "play-terminal.png"
    subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu",
                    f"--screenshot={out}", "--window-size=740,560", "--hide-scrollbars",
                    page.as_uri()], capture_output=True, timeout=120, check=True)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    tmux.keys("C-d")
    tmux.wait_for("You gave up.")
    tmux.keys("Enter")
    assert tmux.finished() == 0


def test_three_generated_rounds_with_ruzzles_bonus_tiles(tmux):
    tmux.start("play", "--seed", "3", "--rounds", "3", "--format", "json",
               "--no-history", "-d", "words.txt", "--min-words", "0")
    for number in (1, 2, 3):
        tmux.wait_for(f"round {number} of 3")
        tmux.keys("C-d")
        tmux.wait_for("You gave up.")
        tmux.keys("Enter")
    assert tmux.finished() == 0, tmux.errors()
    rounds = json.loads(tmux.output())["rounds"]
    assert [r["round"] for r in rounds] == [1, 2, 3]
    bonuses = []
    for played in rounds:
        board = parse_board("/".join(played["board"]), EN)
        bonuses.append(sorted(cell.bonus for cell in board.cells if cell.bonus))
    assert bonuses == [["dl", "tl"], ["dl", "dw", "tl"], ["dl", "dw", "dw", "tl", "tw"]]


def test_the_round_length_comes_from_the_rules(tmux):
    tmux.start("play", "-b", BOARD, "-d", "words.txt", "--rules", "wordhunt", "--no-history")
    assert "time 1:20" in tmux.screen()
    tmux.keys("C-d")
    tmux.wait_for("You gave up.")
    tmux.keys("Enter")
    assert tmux.finished() == 0


def test_play_stops_after_a_round_when_asked(tmux):
    tmux.start("play", "-b", BOARD + "\n\n" + BOARD, "-d", "words.txt", "--rounds", "2")
    tmux.set_clock(200)
    tmux.wait_for("Enter: round 2 of 2")
    tmux.keys("C-d")  # stop here: the review of the one round played
    assert tmux.finished() == 0
    assert tmux.output().startswith("Score: ")
