"""`elzzur scrabble --gcg GAME`: a GCG game read, replayed and reviewed move by move
(elzzur.scrabble.gcg), and malformed files refused with the line's number."""

from __future__ import annotations

import json

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


@pytest.mark.parametrize("line, message", [
    ("junk", "line 4: expected a '>' event or a '#' pragma, got 'junk'"),
    (">alice AEINRST 8D RETAINS +66 66", "line 4: an event is '>NICK: RACK MOVE SCORE TOTAL'"),
    (">alice: AEINRST 8D RETAINS 66 66", "line 4: the score must be +N or -N, got '66'"),
    (">alice: AEINRST 8D RETAINS +66 x", "line 4: the total must be a number, got 'x'"),
    (">alice: AEINRST 99 RETAINS +66 66", "line 4: '99' is not a square of a 15x15 board"),
    (">alice: AEINRST 8J RETAINS +66 66", "line 4: 8J RETAINS runs off the board"),
    (">alice: AEINRST 8D RETAIN1 +66 66", "line 4: '1' in 'RETAIN1' is not a tile"),
    (">alice: AEINRSS 8D RETAINS +66 66", "line 4: 8D RETAINS places tiles not on the rack"),
    (">carol: AEINRST 8D RETAINS +66 66", "line 4: a third player 'carol'"),
    (">alice: AEINRST 8D +66 66", "line 4: '8D' is not a move"),
])
def test_malformed_gcg_is_an_error_naming_the_line(cli, words, tmp_path, line, message):
    text = "#player1 alice A\n#player2 bob B\n\n" + line + "\n"
    (tmp_path / "bad.gcg").write_text(text, encoding="utf-8")
    cli("scrabble", "--gcg", "bad.gcg", "-d", words).error(1, f"bad.gcg, {message}")


def test_board_conflicts_and_other_errors(cli, words, tmp_path):
    (tmp_path / "clash.gcg").write_text(
        ">a: AEINRST 8D RETAINS +66 66\n>b: AXYZEIO 8D XI +9 9\n", encoding="utf-8")
    cli("scrabble", "--gcg", "clash.gcg", "-d", words).error(
        1, "clash.gcg, line 2: 8D XI: square D8 holds R, the word has X")
    (tmp_path / "empty.gcg").write_text("#player1 a A\n", encoding="utf-8")
    cli("scrabble", "--gcg", "empty.gcg", "-d", words).error(1, "empty.gcg: no moves")
    cli("scrabble", "--gcg", "game.gcg", "-d", words, "-r", "AB").error(2, "leave out -r")
    with pytest.raises(ElzzurError, match="line 2: expected a coordinate and a word"):
        parse_gcg("\n>a: AB 8D AB XX +5 5\n")


def test_gcg_from_standard_input_and_too_large(cli, words, tmp_path, monkeypatch):
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(GAME.encode("utf-8"))))
    out = cli("scrabble", "--gcg", "-", "-d", words).out
    assert out.splitlines()[1].split()[:5] == ["1", "alice", "AEINRST", "8D", "RETAINS"]
    (tmp_path / "big.gcg").write_bytes(b"#" * (4 * 2**20 + 1))
    cli("scrabble", "--gcg", "big.gcg", "-d", words).error(1, "big.gcg: more than 4 MiB")
