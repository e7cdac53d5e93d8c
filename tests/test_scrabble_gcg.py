"""`elzzur scrabble --gcg GAME`: a GCG game read, replayed and reviewed move by move
(elzzur.scrabble.gcg), and malformed files refused with the line's number."""

from __future__ import annotations

import json
import os
import pathlib

import pytest

from elzzur.errors import ElzzurError
from elzzur.lexicon.dictionary import Dictionary
from elzzur.lexicon.languages import get_language
from elzzur.scrabble import load_layout, load_tile_set
from elzzur.scrabble.gcg import locate, parse_gcg, review
from elzzur.scrabble.leaves import LeaveValues

WORDS = ["AB", "AE", "AX", "EX", "OX", "XI", "ROB", "RETAINS", "ANESTRI", "NASTIER", "RATINES",
         "RETINAS", "STAINER", "OBA", "BOA", "FOB", "GOB", "FAB", "DAB"]

GAME = """#character-encoding UTF-8
#player1 alice Alice Aardvark
#player2 bob Bob Bear
>alice: AEINRST 8D RETAINS +66 66
>bob: UUVWXYZ -UUVW +0 0
>alice: ABDEFGO D8 .OB +5 71
>bob: AXYZEIO 10C A. +4 4
#note a note
that goes on
>alice: ADEFGKL E9 A +2 73
>alice: ADEFGKL -- -2 71
>bob: XYZEIOH - +0 4
>alice: (XYZEIOH) +30 101
"""


@pytest.fixture()
def words(tmp_path):
    (tmp_path / "words.txt").write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    (tmp_path / "game.gcg").write_text(GAME, encoding="utf-8")
    return "words.txt"


def test_coordinates_across_and_down():
    assert locate("8D", 15) == (7, 3, "across")
    assert locate("D8", 15) == (7, 3, "down")
    assert locate("h15", 15) == (14, 7, "down") and locate("15h", 15) == (14, 7, "across")
    assert locate("16A", 15) is None and locate("8", 15) is None and locate("P1", 15) is None


def test_parse_reads_every_kind_of_event():
    game = parse_gcg(GAME)
    assert game.players == ["alice", "bob"] and game.names["alice"] == "Alice Aardvark"
    assert [e.kind for e in game.events] == ["play", "exchange", "play", "play", "play",
                                             "withdrawn", "pass", "out"]
    assert [e.line for e in game.events] == [4, 5, 6, 7, 10, 11, 12, 13]
    assert game.events[1].tiles == "UUVW" and game.events[-1].score == 30


def test_review_finds_the_best_move_and_what_each_play_gave_away():
    tiles = load_tile_set("en")
    graph = Dictionary.from_words(WORDS, get_language("en")).graph
    values = LeaveValues({}, {"has:?": 25.0, "has:S": 8.0, "dup:U": -6.0, "has:V": -4.0})
    rows = review(parse_gcg(GAME), tiles, load_layout("standard"), graph, values)
    assert [r.event.line for r in rows] == [4, 5, 6, 7, 10, 12]
    opening = rows[0]
    assert opening.played.score == 66 and opening.best.equity == 66 and opening.lost == 0
    exchange = rows[1]
    assert exchange.played.kind == "exchange" and exchange.equity == values.value("XYZ")
    assert exchange.best.equity >= exchange.equity and exchange.lost == round(
        exchange.best.equity - exchange.equity, 1)
    rob = rows[2]
    assert rob.played.word == "(R)OB" and rob.played.score == 5
    # every candidate on that board is no better than the best: the best is the maximum
    assert rob.best.equity >= rob.equity and rob.lost >= 0
    phony = rows[4]  # E9 A makes EA down, not a word here: played is None, then withdrawn,
    assert phony.played is None and phony.withdrawn  # so valued as the pass it became
    assert phony.equity == values.value("ADEFGKL") and phony.lost == round(
        phony.best.equity - phony.equity, 1)
    passed = rows[5]
    assert passed.played.kind == "pass"


def test_cli_review_text_and_json(cli, words):
    out = cli("scrabble", "--gcg", "game.gcg", "-d", words).out
    lines = out.splitlines()
    assert lines[0].split()[:4] == ["#", "player", "rack", "played"]
    assert lines[1].split()[:5] == ["1", "alice", "AEINRST", "8D", "RETAINS"]
    assert lines[1].split()[-1] == "best"
    assert "E9 A (withdrawn)" in lines[5] and lines[5].split()[6] == "0"
    assert lines[-2].startswith("alice: 101 points; 3 moves reviewed")
    assert lines[-1].startswith("bob: 4 points; 3 moves reviewed")
    data = json.loads(cli("scrabble", "--gcg", "game.gcg", "-d", words, "--format", "json").out)
    assert data["players"]["alice"]["score"] == 101 and data["players"]["bob"]["name"] == "Bob Bear"
    first = data["moves"][0]
    assert first["played"] == {"kind": "play", "score": 66, "recorded_score": 66,
                               "coordinate": "8D", "word": "RETAINS", "known": True}
    assert first["best"]["score"] == 66 and first["lost"] == 0
    assert sum(m["lost"] for m in data["moves"] if m["player"] == "bob") == pytest.approx(
        data["players"]["bob"]["given_away"])


UNREADABLE = [
    ("junk", "line 4: expected a '>' event or a '#' pragma, got 'junk'"),
    (">alice AEINRST 8D RETAINS +66 66", "line 4: an event is '>NICK: RACK MOVE SCORE TOTAL'"),
    (">alice: AEINRST 8D RETAINS x 66", "line 4: the score must be a number such as +N or -N, "
                                        "got 'x'"),
    (">alice: AEINRST 8D RETAINS +66 x", "line 4: the total must be a number, got 'x'"),
    (">alice: AEINRST 8D RETAINS +66", "line 4: an event is '>NICK: RACK MOVE SCORE TOTAL'; "
                                       "after the move, expected a score and a total"),
    (">alice: AEINRST 8D +66 66", "line 4: '8D' is not a move"),
]


@pytest.mark.parametrize("line, message", UNREADABLE)
def test_a_line_not_read_is_a_warning_and_the_review_goes_on(cli, words, tmp_path, line,
                                                             message):
    text = "#player1 alice A\n#player2 bob B\n\n" + line + "\n>bob: AXYZEIO 8D AX +18 18\n"
    (tmp_path / "bad.gcg").write_text(text, encoding="utf-8")
    run = cli("scrabble", "--gcg", "bad.gcg", "-d", words)
    assert run.code == 0, run.err
    warnings = run.err.splitlines()
    assert warnings[0].startswith("elzzur: warning: bad.gcg, " + message), warnings
    assert warnings[-1] == "elzzur: warning: bad.gcg: 1 line not read"
    assert run.out.splitlines()[1].split()[:5] == ["1", "bob", "AXYZEIO", "8D", "AX"]


@pytest.mark.parametrize("line, message", UNREADABLE)
def test_a_record_of_no_readable_move_is_refused_with_the_first_line(cli, words, tmp_path,
                                                                     line, message):
    text = "#player1 alice A\n#player2 bob B\n\n" + line + "\n"
    (tmp_path / "bad.gcg").write_text(text, encoding="utf-8")
    cli("scrabble", "--gcg", "bad.gcg", "-d", words).error(1, f"bad.gcg, {message}",
                                                           "(no move read)")


@pytest.mark.parametrize("line, message", [
    (">alice: AEINRST 99 RETAINS +66 66", "line 4: '99' is not a square of a 15x15 board"),
    (">alice: AEINRST 8J RETAINS +66 66", "line 4: 8J RETAINS runs off the board"),
    (">alice: AEINRST 8D RETAIN1 +66 66", "line 4: '1' in 'RETAIN1' is not a tile"),
    (">carol: AEINRST 8D RETAINS +66 66", "line 4: a third player 'carol'"),
])
def test_a_play_that_cannot_go_on_the_board_stops_the_review(cli, words, tmp_path, line,
                                                             message):
    """The board after it would be unknown: refused with the line, not guessed."""
    text = "#player1 alice A\n#player2 bob B\n\n" + line + "\n"
    (tmp_path / "bad.gcg").write_text(text, encoding="utf-8")
    cli("scrabble", "--gcg", "bad.gcg", "-d", words).error(1, f"bad.gcg, {message}")


def test_a_rack_without_the_tiles_played_is_set_aside_with_a_warning(cli, words, tmp_path):
    (tmp_path / "g.gcg").write_text("#player1 alice A\n#player2 bob B\n"
                                    ">alice: AEINRSS 8D RETAINS +66 66\n"
                                    ">bob: ABDEFGO D8 .OB +5 5\n", encoding="utf-8")
    run = cli("scrabble", "--gcg", "g.gcg", "-d", words)
    assert run.code == 0, run.err
    assert run.err.splitlines() == [
        "elzzur: warning: g.gcg, line 3: 8D RETAINS places tiles not on the rack AEINRSS; "
        "reviewed without its rack",
        "elzzur: warning: g.gcg: 1 rack set aside"]
    assert "(rack set aside)" in run.out.splitlines()[1]


def test_lines_not_read_before_a_stop_are_named_in_the_one_error_line(cli, words, tmp_path):
    """A play left unread, then a play through its tiles: the error says which lines were not
    read, for that is where the record went wrong."""
    (tmp_path / "g.gcg").write_text(">a: AEINRST 8D RETAINS 66 sixty-six\n"
                                    ">b: ABDEFGO D8 .OB +5 5\n", encoding="utf-8")
    cli("scrabble", "--gcg", "g.gcg", "-d", words).error(
        1, "g.gcg, line 2: D8 .OB: square D8 is empty", "(1 earlier line not read: line 1)")


def test_board_conflicts_and_other_errors(cli, words, tmp_path):
    (tmp_path / "clash.gcg").write_text(
        ">a: AEINRST 8D RETAINS +66 66\n>b: AXYZEIO 8D XI +9 9\n", encoding="utf-8")
    cli("scrabble", "--gcg", "clash.gcg", "-d", words).error(
        1, "clash.gcg, line 2: 8D XI: square D8 holds R, the word has X")
    (tmp_path / "empty.gcg").write_text("#player1 a A\n", encoding="utf-8")
    cli("scrabble", "--gcg", "empty.gcg", "-d", words).error(1, "empty.gcg: no moves")
    cli("scrabble", "--gcg", "game.gcg", "-d", words, "-r", "AB").error(2, "leave out -r")
    with pytest.raises(ElzzurError, match="line 2: the score must be a number"):
        parse_gcg("\n>a: AB 8D AB XX +5 5\n")


def test_gcg_from_standard_input_and_too_large(cli, words, tmp_path, monkeypatch):
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(GAME.encode("utf-8"))))
    out = cli("scrabble", "--gcg", "-", "-d", words).out
    assert out.splitlines()[1].split()[:5] == ["1", "alice", "AEINRST", "8D", "RETAINS"]
    (tmp_path / "big.gcg").write_bytes(b"#" * (4 * 2**20 + 1))
    cli("scrabble", "--gcg", "big.gcg", "-d", words).error(1, "big.gcg: more than 4 MiB")


# --- GCG as people write it: the variants, each in a small record of ours (tests/data/gcg) ---

DATA = pathlib.Path(__file__).parent / "data" / "gcg"
RECORDS = sorted(DATA.glob("*.gcg"))


def review_of(cli, words, name: str, *extra: str):
    run = cli("scrabble", "--gcg", str(DATA / name), "-d", words, *extra)
    assert run.code == 0, run.err
    return run


def test_lowercase_coordinates_and_a_play_without_its_rack(cli, words):
    run = review_of(cli, words, "lowercase_coordinates.gcg", "--format", "json")
    moves = json.loads(run.out)["moves"]
    assert [m["played"].get("coordinate") for m in moves] == ["8d", "d8", "10c", "e9"]
    assert moves[1]["played"]["score"] == 5 and moves[1]["played"]["known"]
    assert moves[3]["rack"] == "" and moves[3]["best"] is None  # no rack: nothing to judge


def test_scores_written_without_a_plus(cli, words):
    game = parse_gcg((DATA / "unsigned_scores.gcg").read_text(encoding="utf-8"))
    assert [(e.kind, e.score, e.total) for e in game.events] == [
        ("play", 66, 66), ("exchange", 0, 0), ("play", 5, 71), ("pass", 0, 0)]
    assert not game.warnings


def test_trailing_cross_word_lists_are_kept_apart_from_the_move(cli, words):
    game = parse_gcg((DATA / "crossword_lists.gcg").read_text(encoding="utf-8"))
    assert [(e.coordinate, e.word, e.score, e.extra) for e in game.events] == [
        ("8d", "RETAINS", 66, ""), ("d8", ".OB", 5, "ROB"), ("10c", "A.", 4, "AB, ROB")]
    run = review_of(cli, words, "crossword_lists.gcg")
    assert run.err == "" and run.out.splitlines()[3].split()[:5] == ["3", "alice", "AXYZEIO",
                                                                     "10c", "A."]


def test_iso_8859_1_with_and_without_its_header(cli, words):
    run = review_of(cli, words, "latin1_no_header.gcg", "--format", "json")
    assert json.loads(run.out)["players"]["zoe"]["name"] == "Zoë Ørsted"
    assert run.err.splitlines() == [
        f"elzzur: note: {DATA / 'latin1_no_header.gcg'}: not UTF-8 (byte 0xeb on line 1): "
        f"read as Windows-1252"]
    run = review_of(cli, words, "latin1_with_header.gcg")
    assert "read as ISO-8859-1, as its header says" in run.err
    assert run.out.splitlines()[1].split()[1] == "josé"


@pytest.mark.parametrize("data, text, note", [
    ("naïve".encode("utf-8"), "naïve", None),
    ("\ufeff>a".encode("utf-8"), ">a", None),
    (b"#character-encoding ISO8859-6\nna\xc3\xafve", "#character-encoding ISO8859-6\nnaïve",
     "o.gcg: the header says ISO8859-6, but the file is UTF-8: read as UTF-8"),
    (b"caf\x80 \x81", "caf\x80 \x81", "o.gcg: not UTF-8 (byte 0x80 on line 1): read as "
                                       "ISO-8859-1"),  # 0x81 is no Windows-1252 character
    (b"caf\x80", "caf€", "o.gcg: not UTF-8 (byte 0x80 on line 1): read as Windows-1252"),
    (b"#character-encoding rot13\nx\xe9", "#character-encoding rot13\nxé",
     "o.gcg: not UTF-8 (byte 0xe9 on line 2): read as Windows-1252"),
])
def test_decoding_utf8_then_the_header_then_windows_1252(data, text, note):
    from elzzur.scrabble.gcg_text import decode_gcg

    assert decode_gcg(data, "o.gcg") == (text, note)


def test_two_players_of_one_nick_are_told_apart_by_turn(cli, words):
    run = review_of(cli, words, "same_nick.gcg", "--format", "json")
    data = json.loads(run.out)
    assert list(data["players"]) == ["sam", "Samantha"]
    assert [m["player"] for m in data["moves"]] == ["sam", "Samantha", "sam", "Samantha"]
    assert data["players"]["sam"]["score"] == 71 and data["players"]["Samantha"]["score"] == 4
    assert "both players are 'sam'" in run.err and "shown as 'Samantha'" in run.err


def test_an_event_naming_a_player_by_first_name():
    """MAGPIE's duplicate-nick record: '#player2 Tim Josh Castellano', then '>Josh:'."""
    game = parse_gcg("#player1 Tim Tim Weiss\n#player2 Tim Josh Castellano\n"
                     ">Tim: AEINRST 8D RETAINS +66 66\n>Josh: UUVWXYZ -UUVW +0 0\n"
                     ">Tim: ABDEFGO D8 .OB +5 71\n")
    assert game.players == ["Tim", "Josh"]
    assert [e.nick for e in game.events] == ["Tim", "Josh", "Tim"]


def test_racks_of_the_tiles_played_are_reviewed_as_partial(cli, words):
    run = review_of(cli, words, "tiles_played_only.gcg", "--format", "json")
    data = json.loads(run.out)
    partial = [(m["player"], m["rack"], m["partial"], m["lost"]) for m in data["moves"]]
    assert partial == [("alice", "AEINRST", None, 0.0),
                       ("bob", "OB", "2 tiles while the bag is not empty", None),
                       ("alice", "ABDEFGO", None, data["moves"][2]["lost"]),
                       ("bob", "A", "1 tile while the bag is not empty", None)]
    assert data["players"]["bob"]["moves"] == 0 and data["players"]["bob"]["given_away"] == 0
    assert data["players"]["bob"]["partial"] == 2
    text = review_of(cli, words, "tiles_played_only.gcg").out.splitlines()
    assert text[2].split()[-1] == "partial" and "2 partial racks not judged" in text[-2]


def test_partial_rack_rule():
    """Partial when shorter than (tiles not on the board) - 7: the other rack holds at most
    7 and the bag is empty once a rack is short. With the bag empty, going out with the whole
    rack is normal: partial only in a record shown to list the tiles played."""
    from elzzur.scrabble.gcg import partial_rack

    tiles = load_tile_set("en")  # 100 tiles
    assert partial_rack(7, tiles, 0, True, True) is None
    assert partial_rack(6, tiles, 86, False, False) == "6 tiles while the bag is not empty"
    assert partial_rack(6, tiles, 87, False, False) is None  # 13 off the board: 6 + 7
    assert partial_rack(3, tiles, 90, True, False) is None  # going out, bag empty
    assert partial_rack(3, tiles, 90, True, True) == "the record lists only the tiles played"


def test_the_lexicon_of_the_record_and_the_list_used(cli, words, tmp_path):
    run = review_of(cli, words, "lexicon_named.gcg")
    assert run.err.splitlines() == [
        f"elzzur: note: {DATA / 'lexicon_named.gcg'}: the record names the lexicon NWL18; the "
        f"review uses words.txt (-d), which is not named so"]
    (tmp_path / "nwl18.txt").write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    assert review_of(cli, "nwl18.txt", "lexicon_named.gcg").err == ""
    from elzzur.cli.gcg_review import lexicon_mismatch

    assert lexicon_mismatch("NWL18", None, "en") == (
        "the record names the lexicon NWL18; reviewed with the built-in en word list "
        "instead (give NWL18 with -d): a word in one list only shows as a false miss or "
        "'(not a word?)'")
    assert lexicon_mismatch(None, None, "en") is None


@pytest.mark.parametrize("path", RECORDS, ids=[p.name for p in RECORDS])
def test_every_shipped_record_is_reviewed(cli, words, path):
    """Every record in tests/data/gcg (ours: see SOURCES.md) is reviewed, with a move per '>'
    line that is a play, an exchange or a pass, and no line left unread but the ones
    unreadable_lines.gcg is about."""
    run = review_of(cli, words, path.name, "--format", "json")
    data = json.loads(run.out)
    assert len(data["warnings"]) == ("lines not read" in run.err) * 2
    text = path.read_bytes().decode("utf-8", "replace")
    moving = [line for line in text.splitlines() if line.startswith(">") and
              "--" not in line.split() and "(" not in line.split(":", 1)[1].split()[0]]
    moves = data["moves"]
    if path.name == "unreadable_lines.gcg":
        assert "2 lines not read" in run.err and len(moves) == len(moving) - 1
    else:
        assert "warning" not in run.err and len(moves) == len(moving)


CORPUS = os.environ.get("ELZZUR_GCG_CORPUS")


@pytest.mark.skipif(not CORPUS, reason="ELZZUR_GCG_CORPUS names no folder of real records "
                                       "(their licences keep them out of the repository)")
def test_every_real_record_is_reviewed_or_refused_with_its_line():
    """Real records measured, not shipped (tests/data/gcg/SOURCES.md lists them): each is
    reviewed, or refused with the file and the line that could not be read."""
    import subprocess
    import sys

    paths = sorted(pathlib.Path(CORPUS).rglob("*.gcg"))
    assert paths
    for path in paths:
        language = "de" if "scrabscrap" in str(path) else "en"
        run = subprocess.run([sys.executable, "-m", "elzzur", "scrabble", "-l", language,
                              "--gcg", str(path)], capture_output=True, text=True)
        assert "Traceback" not in run.stderr, (path, run.stderr)
        if run.returncode:
            assert run.returncode == 1 and f"{path}, line " in run.stderr, (path, run.stderr)


def test_a_board_holding_more_than_the_set_is_said_once_and_the_review_goes_on():
    """Two X tiles of a set of one (a blank written as a letter, most often): said once at
    the line where it happens; later racks are no longer checked against the tiles left,
    which would set every one of them aside for the board's fault."""
    tiles = load_tile_set("en")
    graph = Dictionary.from_words(WORDS, get_language("en")).graph
    game = parse_gcg(">a: AEINRST 8D RETAINS +66 66\n>b: X E9 X +9 9\n>a: X G9 X +9 75\n"
                     ">b: ABDEFGO D8 .OB +14 23\n", "x.gcg")
    rows = review(game, tiles, load_layout("standard"), graph, LeaveValues({}, {}), "x.gcg")
    assert game.warnings == [
        "x.gcg, line 3: the rack X is not read (2 X tiles on the board and rack, the English "
        "set has 1); reviewed without its rack",
        "x.gcg, line 3: the board now holds 2 X tiles, the English set has 1 (a blank written "
        "as a letter?): from here the racks are not checked against the tiles left, and the "
        "tiles unseen are off"]
    assert rows[-1].best is not None and rows[-1].played.word == "(R)OB"


def test_a_game_type_other_than_classic_is_noted():
    game = parse_gcg("#game-type wordsmog\n>a: AEINRST 8D RETAINS +66 66\n", "w.gcg")
    assert game.notes == ["w.gcg, line 1: the game type is wordsmog: reviewed as a classic "
                          "game"]


def test_a_score_the_board_does_not_give_is_a_warning():
    tiles = load_tile_set("en")
    graph = Dictionary.from_words(WORDS, get_language("en")).graph
    game = parse_gcg(">a: AEINRST 8D RETAINS +70 70\n", "s.gcg")
    rows = review(game, tiles, load_layout("standard"), graph, LeaveValues({}, {}), "s.gcg")
    assert rows[0].played.score == 66
    assert game.warnings == ["s.gcg, line 1: the record scores 8D RETAINS 70, the board 66; "
                             "the review uses 66"]


# --- the variants against the canonical form, on random events --------------------------------

from hypothesis import given, settings, strategies as st  # noqa: E402

LETTERS = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ?", min_size=1, max_size=7)
EVENTS = st.tuples(
    LETTERS,                                               # rack
    st.integers(1, 15), st.sampled_from("ABCDEFGHIJKLMNO"), st.booleans(),  # coordinate
    st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabc.", min_size=1, max_size=9),  # word
    st.integers(0, 300), st.integers(0, 900))              # score, total


@settings(max_examples=300, deadline=None)
@given(EVENTS, st.booleans(), st.booleans(), st.booleans(),
       st.sampled_from(["", "AB", "AB, ROB", "ROB,  DAB"]))
def test_a_variant_event_reads_as_its_canonical_form(event, lower, unsigned, spaced, crosses):
    """An event written the way Quackle, ScrabScrap or a hand writes it (lower-case
    coordinate, score without '+', columns padded with spaces, cross-words after the total)
    reads as the same move as its canonical form, the cross-words kept apart."""
    rack, row, column, across, word, score, total = event
    coordinate = f"{row}{column}" if across else f"{column}{row}"
    canonical = parse_gcg(f">p: {rack} {coordinate} {word} +{score} {total}\n").events[0]
    gap = "   " if spaced else " "
    written = (f">p: {rack}{gap}{coordinate.lower() if lower else coordinate}{gap}{word}{gap}"
               f"{'' if unsigned else '+'}{score}{gap}{total}{gap}{crosses}\n")
    game = parse_gcg(written)
    assert not game.warnings
    got = game.events[0]
    assert (got.kind, got.rack, got.coordinate.upper(), got.word, got.score, got.total) == (
        canonical.kind, canonical.rack, canonical.coordinate.upper(), canonical.word,
        canonical.score, canonical.total)
    assert got.extra == " ".join(crosses.split())


def test_thousands_of_lines_not_read_are_counted_and_twenty_shown(cli, words, tmp_path):
    (tmp_path / "g.gcg").write_text("junk\n" * 5000 + ">a: AEINRST 8D RETAINS +66 66\n",
                                    encoding="utf-8")
    run = cli("scrabble", "--gcg", "g.gcg", "-d", words)
    assert run.code == 0
    lines = run.err.splitlines()
    assert len(lines) == 21 and lines[0].startswith("elzzur: warning: g.gcg, line 1: ")
    assert lines[-1] == "elzzur: warning: g.gcg: 5000 lines not read (4980 more not shown)"


def test_one_nick_for_both_players_through_a_challenge_and_the_end_of_the_game():
    """By turn: a move is the turn of the player who did not move last; a withdrawn play, a
    challenge's points and the points for going out are the last mover's; a penalty for the
    tiles left is the other's."""
    game = parse_gcg("#player1 p Pat One\n#player2 p Pat Two\n"
                     ">p: AEINRST 8D RETAINS +66 66\n"    # One
                     ">p: ABDEFGO D8 .OB +5 5\n"          # Two
                     ">p: AXYZEIO 10C A. +4 70\n"         # One
                     ">p: AXYZEIO (challenge) +5 75\n"    # One: the challenge's points
                     ">p: DEFGAKL E9 A +2 7\n"            # Two
                     ">p: DEFGAKL -- -2 5\n"              # Two: withdrawn
                     ">p: XYZEIOH 9F XI +20 95\n"         # One, going out
                     ">p: (DEFGAKL) +30 125\n"            # One: the other's tiles
                     ">p: DEFGAKL (DEFGAKL) -15 -10\n")   # Two: its tiles left
    assert game.players == ["p", "Pat"]
    assert [e.nick for e in game.events] == ["p", "Pat", "p", "p", "Pat", "Pat", "p", "p",
                                             "Pat"]
