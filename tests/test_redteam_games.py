"""Game surfaces under attack (issue 37): GCG records and CGP positions, ``scrabble``'s options,
the referee's and the review's terminal output of other people's text, typed bytes in ``play``,
boards that read two ways, and the windows under signals.

Every hostile input ends in exit 0 with the right answer, or in exit 1 or 2 with one line
``elzzur: error: …`` of bounded length naming the file and line where there is one; never a
traceback, exit 70, a hang, a raw control character on the terminal, or a silent misreading.
The GCG reader is fuzzed with hypothesis: random and mutated records are a parsed game or a
clean error with the file and line.
"""

from __future__ import annotations

import os
import re
import signal
import shutil
import subprocess
import sys
import time

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import child_env, needs_system
from elzzur.errors import ElzzurError
from elzzur.grid.board import parse_board
from elzzur.lexicon.dictionary import Dictionary
from elzzur.lexicon.languages import get_language
from elzzur.scrabble import load_layout, load_tile_set
from elzzur.scrabble.gcg import parse_gcg, review
from elzzur.scrabble.leaves import LeaveValues

EN = get_language("en")
WORDS = ["AB", "AE", "AX", "EX", "OX", "XI", "ROB", "RETAINS", "ANESTRI", "NASTIER", "RATINES",
         "RETINAS", "STAINER", "OBA", "BOA", "FOB", "GOB", "FAB", "DAB", "AA", "VAV", "VIVA"]
HEAD = "#player1 alice Alice\n#player2 bob Bob\n"
OPEN = ">alice: AEINRST 8D RETAINS +66 66\n"
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
MESSAGE_LIMIT = 400  # characters of one error line: a message quotes, it never echoes whole


@pytest.fixture
def words(tmp_path):
    (tmp_path / "words.txt").write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    return "words.txt"


def clean(run, *, allowed=(0, 1)) -> None:
    """Exit in ``allowed``, and an error is one bounded line without control characters."""
    assert "Traceback" not in run.err and "internal error" not in run.err, run.err
    assert run.code in allowed, (run.code, run.err)
    if run.code:
        lines = run.err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("elzzur: error: "), run.err
        assert len(lines[0]) <= MESSAGE_LIMIT, len(lines[0])
        assert not CONTROL.search(lines[0]), lines[0]


# --- 1. GCG records, by hand -----------------------------------------------------------------

HOSTILE_EVENTS = [
    ">bob: UUVWXYZ -² +0 0",            # a superscript digit: isdigit() yet not int()
    ">bob: UUVWXYZ -① +0 0",
    ">bob: UUVWXYZ -٣ +0 0",            # an Arabic-Indic three
    ">bob: UUVWXYZ -𝟕 +0 0",            # a mathematical bold seven
    ">bob: UUVWXYZ -99999999999999999999 +0 0",
    ">bob: UUVWXYZ -0 +0 0",
    ">bob: UUVWXYZ -8 +0 0",
    ">bob: UUV -7 +0 0",
    ">bob: UUVWXYZ -\x00 +0 0",
    ">bob: UUVWXYZ -[ +0 0",
    ">bob: UUVWXYZ -[UU +0 0",
    ">bob: UUVWXYZ -] +0 0",
    ">bob: UUVWXYZ -?? +0 0",
    ">bob: UUVWXYZ -ü +0 0",
    ">bob: UUVWXYZ -\u0130 +0 0",
    ">bob: UUVWXYZ -[CH] +0 0",
    ">bob: UUVWXYZ -uuv +0 0",
    ">bob: ²²² -² +0 0",
    ">bob: UU\x1b[2J - +0 0",
    ">bob: [[[ - +0 0",
    ">bob: ABCDEFGHIJKLMNOP - +0 0",
    ">bob: ?????????? - +0 0",
    ">bob: AXYZEIO 10C G[RANITE +4 4",
    ">bob: AXYZEIO 10C A[ +4 4",
    ">bob: AXYZEIO 10C A] +4 4",
    ">bob: AXYZEIO 10C () +4 4",
    ">bob: AXYZEIO 10C (( +4 4",
    ">bob: AXYZEIO 10C . +4 4",
    ">bob: AXYZEIO 10C ² +4 4",
    ">bob: AXYZEIO 10C \x1b[2J +4 4",
    ">bob: AXYZEIO 0C A. +4 4",
    ">bob: AXYZEIO 99Z A. +4 4",
    ">bob: AXYZEIO 10C " + "A" * 5000 + " +4 4",
    ">bob: AXYZEIO 10C A. +4 " + "9" * 5000,
    ">bob: AXYZEIO 10C A. +" + "9" * 5000 + " 4",
    ">bob: AXYZEIO 10C A. +4 -4",
    ">bob: AXYZEIO (" + "X" * 5000 + ") +4 4",
    ">bob: (\x1b[2J) +4 4",
    ">bob: AXYZEIO (time) -10 0",
    ">bob: AXYZEIO ((challenge)) +5 5",
    ">" + "n" * 100_000 + ": AXYZEIO 10C A. +4 4",
    ">\x1b[2J: AXYZEIO 10C A. +4 4",
    ">bob:",
    ">:",
    ">bob: AXYZEIO -- -- +0 0",
    "#player1",
    "#player1 " + "p" * 100_000,
    "#lexicon " + "L" * 100_000,
    "\x1b[2J",
    "\ufeff>bob: AXYZEIO 10C A. +4 4",
]


@pytest.mark.parametrize("event", HOSTILE_EVENTS, ids=range(len(HOSTILE_EVENTS)))
def test_a_hostile_gcg_line_is_a_review_or_a_clean_error(cli, words, tmp_path, event):
    """Regression: '-²' was int('²') (exit 70); 'G[RANITE' was "word: '[' without ']'" with
    neither the file nor the line."""
    (tmp_path / "g.gcg").write_text(HEAD + OPEN + event + "\n", encoding="utf-8")
    run = cli("scrabble", "--gcg", "g.gcg", "-d", words)
    clean(run)
    if run.code:
        assert "g.gcg" in run.err and ("line " in run.err or "no moves" in run.err), run.err
    assert not CONTROL.search(run.out.replace("\n", "")), run.out


def test_g_bracket_granite_names_the_file_and_line(cli, words, tmp_path):
    (tmp_path / "g.gcg").write_text(HEAD + ">alice: AEGINRT 8D G[RANITE +72 72\n",
                                    encoding="utf-8")
    cli("scrabble", "--gcg", "g.gcg", "-d", words).error(1, "g.gcg, line 3:", "'['")


def test_an_exchange_of_a_superscript_is_a_clean_error(cli, words, tmp_path):
    (tmp_path / "g.gcg").write_text(HEAD + OPEN + ">bob: UUVWXYZ -² +0 0\n", encoding="utf-8")
    cli("scrabble", "--gcg", "g.gcg", "-d", words).error(1, "g.gcg, line 4:")


# --- 2. GCG records, fuzzed --------------------------------------------------------------------

FRAGMENTS = ["#player1 alice A", "#player2 bob B", "#lexicon NWL", "#note x", ">alice:", ">bob:",
             ">carol:", "AEINRST", "UUVWXYZ", "??AB", "8D", "D8", "10C", "H1", "RETAINS", "A.",
             ".OB", "(R)OB", "[CH]", "G[RANITE", "-", "--", "-UUV", "-7", "-²", "(challenge)",
             "(time)", "(XYZ)", "+0", "+66", "-5", "66", "0", "x", "²", "\x1b", "\x00", "é", ":",
             "[", "]", "(", ")", "İ", "ı", "9" * 30]
LINE = st.lists(st.sampled_from(FRAGMENTS), min_size=1, max_size=7).map(" ".join)
RECORD = st.lists(st.one_of(LINE, st.text(max_size=30)), min_size=1, max_size=10).map("\n".join)


def graph_and_values():
    graph = Dictionary.from_words(WORDS, EN).graph
    return graph, LeaveValues({}, {"has:?": 25.0, "has:S": 8.0})


GRAPH, VALUES = graph_and_values()
TILES, LAYOUT = load_tile_set("en"), load_layout("standard")


def read_and_review(text: str) -> None:
    try:
        game = parse_gcg(text, "fuzz.gcg")
    except ElzzurError as e:
        assert str(e).startswith("fuzz.gcg"), e
        assert "line " in str(e) or "no moves" in str(e), e
        assert len(str(e)) <= MESSAGE_LIMIT, len(str(e))
        return
    try:
        review(game, TILES, LAYOUT, GRAPH, VALUES, "fuzz.gcg")
    except ElzzurError as e:
        assert str(e).startswith("fuzz.gcg, line "), e
        assert len(str(e)) <= MESSAGE_LIMIT, len(str(e))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(RECORD)
def test_fuzzed_gcg_records_are_games_or_clean_errors(text):
    read_and_review(text)


VALID = HEAD + OPEN + ">bob: UUVWXYZ -UUVW +0 0\n>alice: ABDEFGO D8 .OB +5 71\n" \
    ">bob: AXYZEIO 10C A. +4 4\n>alice: ADEFGKL E9 A +2 73\n>alice: ADEFGKL -- -2 71\n" \
    ">bob: XYZEIOH - +0 4\n>alice: (XYZEIOH) +30 101\n"


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_gcg_records_are_games_or_clean_errors(data):
    text = VALID
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        kind = data.draw(st.sampled_from(["insert", "delete", "replace"]))
        piece = data.draw(st.one_of(st.sampled_from(FRAGMENTS), st.characters()))
        if kind == "insert":
            text = text[:at] + piece + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + data.draw(st.integers(1, 5)):]
        else:
            text = text[:at] + piece + text[at + len(piece):]
    read_and_review(text)


# --- 2b. the move played, found without ranking every move ---------------------------------------

@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(1, 2), st.sampled_from(["c", "python"]))
def test_the_move_played_is_the_whole_racks_move_with_its_score(seed, blanks, use):
    """``gcg.played_move`` (a rack of the placed tiles, blanks as their letters, the blanks'
    points taken off) against the plain way it replaced: every move of the whole rack, blanks
    and all, looked up by its tiles. Same moves, same scores, for every move of the rack, on
    boards built by random plays with blanks among them."""
    import random

    from elzzur.scrabble.gcg import played_move
    from elzzur.scrabble.movegen import generate_moves
    import elzzur.lexicon.graph as graph_module

    rng = random.Random(seed)
    graph = Dictionary.from_words(WORDS + ["BAA", "ABA", "AXE", "TAXI", "EXIT", "ROBE", "BORE",
                                           "ORE", "ROE", "TOE", "NOTE", "TONE", "STONE"], EN).graph
    bag = list("AAABBEEEIIOORRSSTTNNXX")
    board = [[None] * 15 for _ in range(15)]
    before = graph_module._backend
    graph_module._backend = use  # (what backend() answers: ELZZUR_PURE_PYTHON=1 for "python")
    try:
        for _ in range(rng.randint(0, 4)):  # a few random plays, blanks among their tiles
            rack = {}
            for t in rng.sample(bag, 5):
                rack[t] = rack.get(t, 0) + 1
            moves = generate_moves(board, rack, 1, graph, TILES, LAYOUT)
            if not moves:
                break
            for r, c, tile, blank in rng.choice(moves).placed:
                board[r][c] = (tile, blank)
        rack = {}
        for t in rng.sample(bag, 7 - blanks):
            rack[t] = rack.get(t, 0) + 1
        every = generate_moves(board, rack, blanks, graph, TILES, LAYOUT)
        for move in rng.sample(every, min(len(every), 25)):
            found = played_move(board, list(move.placed), graph, TILES, LAYOUT)
            assert found is not None, move
            assert found.score == move.score, (move, found)
            assert frozenset(found.placed) == frozenset(move.placed)
            assert found.word == move.word
    finally:
        graph_module._backend = before


def test_a_phony_is_no_move():
    from elzzur.scrabble.gcg import played_move

    board = [[None] * 15 for _ in range(15)]
    graph = Dictionary.from_words(WORDS, EN).graph
    assert played_move(board, [(7, 7, "Q", False), (7, 8, "Q", True)], graph, TILES,
                       LAYOUT) is None


def test_reviewing_two_blank_racks_ranks_only_the_best(monkeypatch, words, tmp_path):
    """Regression: the review ranked every candidate of each rack (0.43-0.8 s an event with
    two blanks): the best is asked for alone now (top 1), whatever the rack."""
    import elzzur.scrabble.equity as equity

    asked = []
    real = equity.ranked
    monkeypatch.setattr(equity, "ranked", lambda *a, **k: asked.append(a[4]) or real(*a, **k))
    game = parse_gcg(HEAD + ">alice: ??AEIRS 8D RAiS +4 4\n>bob: ?AEIOST - +0 0\n")
    rows = review(game, TILES, LAYOUT, GRAPH, VALUES)
    assert asked == [1, 1] and rows[1].best is not None


# --- 3. scrabble's options ---------------------------------------------------------------------

EMPTY15 = "15/" * 14 + "15"


@pytest.mark.parametrize("extra", [
    ["--cgp", EMPTY15 + " AB/"], ["-r", "AB"], ["-b", "empty.txt"], ["-r", "AB", "--cgp", "x"],
    ["--show-top", "1"], ["--unseen"], ["--rank", "score"],
])
def test_gcg_with_a_position_or_rack_is_a_usage_error(cli, words, tmp_path, extra):
    """Regression: --gcg with --cgp or -r was exit 1 (contradictory options are 2)."""
    (tmp_path / "empty.txt").write_text(("." * 15 + "\n") * 15)
    (tmp_path / "g.gcg").write_text(HEAD + OPEN, encoding="utf-8")
    cli("scrabble", "--gcg", "g.gcg", "-d", words, *extra).error(2, "--gcg")


def run_elzzur(*argv, stdin=None, cwd=None, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "elzzur", *argv], cwd=cwd, env=child_env(),
                          stdin=stdin, capture_output=True, text=True, timeout=120, **kwargs)


def test_gcg_from_a_closed_standard_input_is_a_clean_error(tmp_path, words):
    """Regression: `scrabble --gcg - <&-` was AttributeError (exit 70)."""
    done = subprocess.run(f"{sys.executable} -m elzzur scrabble -l en -d words.txt --gcg - <&-",
                          shell=True, cwd=tmp_path, env=child_env(), capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 1 and done.stderr.startswith("elzzur: error: "), done.stderr
    assert "standard input" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("stdin", [b"", b"\xff\xfe", b"\x00" * 100, b">a: AB 8D AB +2 2\n" * 2000])
def test_gcg_from_odd_standard_input(cli, words, stdin):
    clean(cli("scrabble", "--gcg", "-", "-d", words, stdin=stdin))


@pytest.mark.parametrize("cgp", [
    "", " ", "/", EMPTY15, EMPTY15 + " ²/", EMPTY15 + " A²/", "15/" * 15 + "15 A/",
    "²" + "/15" * 14 + " A/", EMPTY15 + " AB/ 0/0 0 lex " + "L" * 100_000 + ";",
    EMPTY15 + " AB/ 0/0 0 lex \x1b[2J;", EMPTY15 + " [" + "C" * 100_000 + "/",
    EMPTY15 + " " + "[" * 1000 + "/", "9" * 5000 + "/15" * 14 + " A/",
    EMPTY15.replace("15", "[" + "Q" * 5000 + "]", 1) + " A/",
])
def test_hostile_cgp_positions(cli, words, cgp):
    run = cli("scrabble", "-l", "en", "-d", words, "--cgp", cgp)
    clean(run)


@pytest.mark.parametrize("rack", ["²", "\x1b[2J", "[" + "Q" * 100_000 + "]", "A" * 100_000,
                                  "?" * 100_000, "[", "]", "[]", "ıİ", "\x00"])
def test_hostile_racks(cli, words, rack):
    run = cli("scrabble", "-l", "en", "-d", words, "--cgp", EMPTY15, "-r", rack)
    clean(run)


def test_a_long_lexicon_name_is_not_echoed_whole(cli):
    """Regression: a 100,000-character lexicon name was written whole in the note."""
    run = cli("scrabble", "--cgp", EMPTY15 + " AB/ 0/0 0 lex " + "L" * 100_000 + ";",
              "--top", "1")
    assert run.code == 0 and len(run.err) < MESSAGE_LIMIT, len(run.err)
    assert "100,000 characters" in run.err


def test_an_escape_in_a_lexicon_name_is_shown_escaped(cli):
    run = cli("scrabble", "--cgp", EMPTY15 + " AB/ 0/0 0 lex NWL\x1b[2J;", "--top", "1")
    assert run.code == 0 and "\x1b" not in run.err and "NWL" in run.err


# --- 4. no legal move? --------------------------------------------------------------------------

ZEBRA = "\n".join(["." * 15] * 7 + ["....ZEBRA......", "......X........"] + ["." * 15] * 6) + "\n"


def test_an_exchange_is_never_shown_as_the_only_choice(cli):
    """Regression: IIIUUVV on the ZEBRA board printed 'no legal move with this rack' and
    exchanges, though I7 V(A)V scores 17."""
    with open("zebra.txt", "w") as f:
        f.write(ZEBRA)
    out = cli("scrabble", "-l", "en", "-b", "zebra.txt", "-r", "IIIUUVV", "--top", "3").out
    assert "no legal move" not in out
    lines = out.splitlines()
    assert [line.split()[0] for line in lines[:3]] == ["xchg"] * 3
    assert lines[3] == "the best play, below these by equity:"
    assert lines[4].split()[:3] == ["I5", "VIV(A)", "14"]  # the best play by equity


def test_two_blanks_on_an_empty_board_show_a_play(cli):
    with open("empty.txt", "w") as f:
        f.write(("." * 15 + "\n") * 15)
    out = cli("scrabble", "-l", "en", "-b", "empty.txt", "-r", "??", "--top", "1").out
    assert "no legal move" not in out and out.splitlines()[-1].split()[:2] == ["8G", "aa"]


def test_no_legal_play_is_said_only_when_there_is_none(cli):
    with open("empty.txt", "w") as f:
        f.write(("." * 15 + "\n") * 15)
    out = cli("scrabble", "-l", "en", "-b", "empty.txt", "-r", "Q", "--top", "3").out
    assert out.startswith("no legal move with this rack\n")


# --- 5. the referee's terminal ------------------------------------------------------------------

HOSTILE_WORDS = ["\x1b[2J", "cat\x1b[31m", "\x07dog", "ta\x9bc", "d\u202eog", "ca\rt", "\x00",
                 "c\x08at", "\x1b]0;pwned\x07", "\x1bP+q\x1b\\"]


@pytest.mark.parametrize("word", HOSTILE_WORDS)
def test_check_never_writes_a_players_control_characters(cli, word):
    """Regression: a player's ESC[2J was written raw to the referee's terminal."""
    with open("p1.txt", "w", encoding="utf-8") as f:
        f.write(f"cat\n{word}\n")
    run = cli("check", "-l", "en", "-b", "C A T/D O G", "p1.txt")
    assert run.code == 0, run.err
    assert not CONTROL.search(run.out.replace("\n", "")), repr(run.out)


def test_check_escapes_control_characters_in_a_players_name(cli):
    name = "evil\x1b[31m.txt"
    with open(name, "w", encoding="utf-8") as f:
        f.write("cat\n")
    run = cli("check", "-l", "en", "-b", "C A T/D O G", name, name)
    assert run.code == 0 and not CONTROL.search(run.out.replace("\n", "")), repr(run.out)


def test_check_json_keeps_the_words_as_given(cli):
    import json

    with open("p1.txt", "w", encoding="utf-8") as f:
        f.write("cat\n\x1b[2J\n")
    data = json.loads(cli("check", "-l", "en", "-b", "C A T/D O G", "p1.txt", "--format",
                          "json").out)
    assert data["players"][0]["words"][1]["given"] == "\x1b[2J"


def test_a_gcg_review_escapes_nicks_and_racks(cli, words, tmp_path):
    (tmp_path / "g.gcg").write_text("#player1 a\x1b[2J A\n>a\x1b[2J: AEINRST 8D RETAINS +66 66\n"
                                    ">b\x07: UUVWX\x1bYZ - +0 0\n", encoding="utf-8")
    run = cli("scrabble", "--gcg", "g.gcg", "-d", words)
    clean(run)
    assert not CONTROL.search(run.out.replace("\n", "")), repr(run.out)


def test_json_outputs_escape_what_a_terminal_would_act_on(cli, words, tmp_path):
    """JSON of the check and of the review: the same strings read back, written with \\u
    escapes for DEL, the C1 controls and the bidirectional overrides (json.dumps escapes only
    the C0 controls)."""
    import json

    hostile = "d\u202eog\x9b\x7f"
    with open("p1.txt", "w", encoding="utf-8") as f:
        f.write(f"cat\n{hostile}\n")
    run = cli("check", "-l", "en", "-b", "C A T/D O G", "p1.txt", "--format", "json")
    assert not CONTROL.search(run.out.replace("\n", "")), repr(run.out)
    assert json.loads(run.out)["players"][0]["words"][1]["given"] == hostile
    (tmp_path / "g.gcg").write_text(f"#player1 a {hostile}\n>a: AEINRST 8D RETAINS +66 66\n",
                                    encoding="utf-8")
    run = cli("scrabble", "--gcg", "g.gcg", "-d", words, "--format", "json")
    assert not CONTROL.search(run.out.replace("\n", "")), repr(run.out)
    assert json.loads(run.out)["players"]["a"]["name"] == hostile


@pytest.mark.parametrize("text, shown", [("a\x1bb", "a\\x1bb"), ("\u202e", "\\u202e"),
                                          ("tab\tand\nline", "tab\tand\nline"), ("é", "é")])
def test_printable_escapes_controls_only(text, shown):
    from elzzur.printable import printable

    assert printable(text) == shown


# --- 6. boards that read two ways ----------------------------------------------------------------

@pytest.mark.parametrize("text, both", [
    ("STAR ELIN PORG AMES", "STAR/ELIN/PORG/AMES"),
    ("CAT DOG", "CAT/DOG"),
    ("star elin porg ames", "star/elin/porg/ames"),
    ("STAR ELIN PORG AMES\n", "STAR/ELIN/PORG/AMES"),
    ("ABC DEF GHI", "ABC/DEF/GHI"),
])
def test_rows_written_with_spaces_for_slashes_are_refused_with_both_readings(text, both):
    """Regression: -b "STAR ELIN PORG AMES" was one row of four 4-letter tiles."""
    with pytest.raises(ElzzurError) as caught:
        parse_board(text, EN, "inline board")
    assert both in str(caught.value) and "[" in str(caught.value)


def test_the_command_line_refuses_rows_written_with_spaces(cli):
    cli("solve", "-l", "en", "-b", "STAR ELIN PORG AMES").error(1, "STAR/ELIN/PORG/AMES")


def test_a_second_one_row_board_in_a_file_is_refused_too():
    with pytest.raises(ElzzurError, match="STAR/ELIN"):
        parse_board("A B\nC D\n\nSTAR ELIN PORG AMES\n\nSTAR ELIN PORG AMES", EN)


@pytest.mark.parametrize("text, shape", [
    ("TH IN ER QU", (1, 4)),           # Wordament's digrams: two letters, a row of tiles
    ("Qu A B C", (1, 4)),
    ("A B C D", (1, 4)),
    ("Ttl R S Ndl", (1, 4)),
    ("[STAR] [ELIN] [PORG] [AMES]", (1, 4)),   # one row of four tiles, said so
    ("STAR ELIN\nPORG AMES", (2, 2)),
    ("STAR/ELIN/PORG/AMES", (4, 4)),
    ("RE- -ING ABC", (1, 3)),
    ("ING ER", (1, 2)),                # lengths differ: tiles
    ("STAR", (1, 1)),
    ("Y/T/N/F/U/Tdl/Dtl", (7, 1)),
    ("A/Bdl", (2, 1)),
    ("Y/T/N/F/U/Tdl/D=3", (7, 1)),
])
def test_legitimate_boards_still_read(text, shape):
    board = parse_board(text, EN, "inline board")
    assert (board.rows, board.cols) == shape


def test_a_one_column_board_with_bonus_codes_is_a_column():
    """Regression: Y/T/N/F/U/Tdl/Dtl was 'row has 3 letters, the first row has 1'."""
    board = parse_board("Y/T/N/F/U/Tdl/Dtl", EN, "inline board")
    assert [cell.token for cell in board.cells] == ["Y", "T", "N", "F", "U", "Tdl", "Dtl"]


@pytest.mark.parametrize("text", ["STAR/ELIN/PORG/AME", "STA/ELI/POR/AME"])
def test_real_ambiguities_stay_errors(text):
    with pytest.raises(ElzzurError):
        parse_board(text, EN, "inline board")


TOKENS = st.sampled_from(["A", "Qu", "TH", "IN", "ING", "ERS", "STAR", "ELIN", "CAT", "DOG",
                          "Ttl", "Rdw", "RE-", "-ING", "A|E", "[STAR]", "[ELIN]", "Q=8", ".",
                          "ABCDEFGH", "abc", "xyz"])


@settings(max_examples=300, deadline=None)
@given(st.lists(TOKENS, min_size=1, max_size=6))
def test_a_row_is_refused_exactly_when_it_could_be_rows(tokens):
    """The rule, on random one-row boards: refused with both readings exactly when the row
    holds two tiles or more, each plain letters, all as long, three or more; read as one row
    of tiles otherwise."""
    text = " ".join(tokens)
    plain = len(tokens) > 1 and len(tokens[0]) >= 3 and all(
        len(t) == len(tokens[0]) and t.isalpha() and not (t[0].isupper() and t[1:].islower())
        for t in tokens)
    try:
        board = parse_board(text, EN, "inline board")
    except ElzzurError as e:
        assert plain, (text, str(e))
        assert "ambiguous" in str(e) and "/" in str(e) and "[" in str(e)
    else:
        assert not plain, text
        assert (board.rows, board.cols) == (1, len(tokens))


# --- 7. the windows under signals ------------------------------------------------------------

@pytest.fixture
def display(x_display):
    return x_display


def window_process(tmp_path, *argv):
    env = child_env() | {"ELZZUR_DATA_DIR": str(tmp_path / "d")}
    clock = tmp_path / "clock"
    clock.write_text("0")
    env["ELZZUR_FAKE_CLOCK"] = str(clock)
    return subprocess.Popen([sys.executable, "-m", "elzzur", *argv], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def wait_for_window(child, title: str) -> None:
    deadline = time.monotonic() + 60
    while True:
        found = subprocess.run(["xdotool", "search", "--name", title], capture_output=True,
                               text=True)
        if found.stdout.strip():
            return
        if child.poll() is not None:
            pytest.fail(f"the window's process ended: {child.stderr.read()}")
        if time.monotonic() > deadline:
            pytest.fail("the window did not appear")
        time.sleep(0.1)


@pytest.mark.parametrize("argv, title, sig", [
    (("gui", "-l", "en"), "^elzzur$", signal.SIGTERM),
    (("gui", "-l", "en"), "^elzzur$", signal.SIGINT),
    (("gui", "-l", "en"), "^elzzur$", signal.SIGHUP),
    (("play", "--window", "-l", "en", "-b", "C A T/D O G", "--no-history"), "elzzur play",
     signal.SIGTERM),
    (("play", "--window", "-l", "en", "-b", "C A T/D O G", "--no-history"), "elzzur play",
     signal.SIGINT),
])
def test_a_window_closes_on_a_signal(display, tmp_path, argv, title, sig):
    """Regression: `elzzur gui` kept running after SIGTERM (Tk's loop never gave Python the
    chance to run the handler); `timeout 4 elzzur gui` never ended."""
    if shutil.which("xdotool") is None:
        needs_system("the window tests need xdotool: apt-get install -y xdotool")
    child = window_process(tmp_path, *argv)
    try:
        wait_for_window(child, title)
        child.send_signal(sig)
        try:
            _, err = child.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            pytest.fail(f"still running 30 s after signal {sig}")
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    assert child.returncode == 128 + sig, (child.returncode, err)
    assert "Traceback" not in err


def test_timeout_ends_the_window(display, tmp_path):
    """The issue's own words: `timeout 4 elzzur gui` never ended. (timeout's status is 124
    when it had to send its SIGTERM.)"""
    if shutil.which("timeout") is None:
        needs_system("timeout (coreutils) is missing")
    done = subprocess.run(["timeout", "4", sys.executable, "-m", "elzzur", "gui", "-l", "en"],
                          cwd=tmp_path, env=child_env(), capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 124 and "Traceback" not in done.stderr, done.stderr


def test_an_interruption_inside_a_callback_ends_the_loop(display):
    """A signal whose handler runs inside a Tk callback (tkinter would print it as a
    traceback and go on) ends the loop and is raised again, the window destroyed."""
    import tkinter

    from elzzur.views.gui.loop import run

    root = tkinter.Tk()

    def interrupted():
        raise KeyboardInterrupt

    root.after(50, interrupted)
    with pytest.raises(KeyboardInterrupt):
        run(root)
    with pytest.raises(tkinter.TclError):
        root.winfo_exists()


# --- 8. bytes typed in play --------------------------------------------------------------------

JUNK = [b"\xff\xfe", b"\xc3", b"\xe2\x82", b"\xf0\x9f\x98", b"\x80", b"\xc3\r", b"\xed\xa0\x80"]


@pytest.mark.parametrize("typed", [junk + b"cat\r" for junk in JUNK] + [b"c\xc3\xa0t\r"])
def test_invalid_utf8_typed_in_play_does_not_drop_the_next_word(tmp_path, typed):
    """Regression: an invalid byte typed in the terminal game swallowed the word after it."""
    import pty
    import select

    clock = tmp_path / "clock"
    clock.write_text("0")
    (tmp_path / "words.txt").write_text("cat\ndog\ncot\n")
    env = child_env() | {"ELZZUR_FAKE_CLOCK": str(clock), "ELZZUR_DATA_DIR": str(tmp_path / "d"),
                         "TERM": "xterm", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
    env.pop("NO_COLOR", None)
    pid, master = pty.fork()
    if pid == 0:
        os.chdir(tmp_path)
        os.execve(sys.executable, [sys.executable, "-m", "elzzur", "play", "-l", "en", "-b",
                                   "C A T/D O G", "-d", "words.txt", "--no-history",
                                   "--format", "json", "--time", "90"], env)
    seen = b""

    def read_until(marker: bytes, timeout: float = 30) -> None:
        nonlocal seen
        deadline = time.monotonic() + timeout
        while marker not in seen:
            if time.monotonic() > deadline:
                raise AssertionError(f"{marker!r} never came: {seen[-500:]!r}")
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    seen += os.read(master, 65536)
                except OSError:
                    raise AssertionError(f"the game ended: {seen[-500:]!r}") from None

    try:
        read_until(b"Enter: check")
        os.write(master, typed)  # an invalid byte, then a word; or an accent, which is a letter
        read_until(b"CAT  +")
        os.write(master, b"\x04")  # give up
        read_until(b"Enter")
        os.write(master, b"\r")
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                seen += chunk
    finally:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(pid, 0)
        os.close(master)
    assert b'"CAT"' in seen
