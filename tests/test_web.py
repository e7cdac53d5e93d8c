"""elzzur serve's web app: the JSON API called in process through WSGI (the same answers as the
command line, every bad request a JSON 4xx, a fuzzed API that never fails), the embedded server
and a production server (gunicorn) run for real, and the page used in Chromium as a person
would, on a phone with touch swipes and on a desktop with a mouse."""

from __future__ import annotations

import io
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import REPO, needs_system

try:  # (imported here: importing it sets LD_LIBRARY_PATH, which a test may not change)
    import cv2
except ImportError:  # the image extra is not installed
    cv2 = None
from elzzur.lexicon.graph import refresh_backend
from elzzur.web import api
from elzzur.web.app import MAX_BODY, application

BOARD = "STARELINPORGAMES"


def call(method: str, path: str, body=None, raw: bytes | None = None,
         content_type: str | None = "application/json", length: str | None = None):
    """One request to the WSGI application in process: (status, headers, JSON or text)."""
    data = raw if raw is not None else (b"" if body is None else json.dumps(body).encode())
    path, _, query = path.partition("?")
    environ = {"REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": query,
               "SERVER_NAME": "test",
               "SERVER_PORT": "80", "wsgi.input": io.BytesIO(data), "wsgi.errors": io.StringIO(),
               "wsgi.url_scheme": "http", "CONTENT_LENGTH": str(len(data)) if length is None else length}
    if content_type is not None:
        environ["CONTENT_TYPE"] = content_type
    seen = {}

    def start_response(status, headers):
        seen["status"], seen["headers"] = int(status.split()[0]), dict(headers)

    body_bytes = b"".join(application(environ, start_response))
    assert int(seen["headers"]["Content-Length"]) == len(body_bytes)
    if seen["headers"]["Content-Type"].startswith("application/json"):
        return seen["status"], seen["headers"], json.loads(body_bytes)
    return seen["status"], seen["headers"], body_bytes.decode()


# --- the API: the command line's answers -------------------------------------------------------

@pytest.mark.parametrize("backend", ["c", "python"])
def test_solve_is_the_command_lines_json(cli, monkeypatch, backend):
    if backend == "python":
        monkeypatch.setenv("ELZZUR_PURE_PYTHON", "1")
    refresh_backend()  # (backend() remembers its choice; the fixture decides again after)
    board = "S T A R/E Ltl I N/P O R G/A M E Sdw"
    status, _, answer = call("POST", "/api/solve", {"board": board, "language": "en",
                                                    "rules": "ruzzle"})
    assert status == 200
    run = cli("solve", "-l", "en", "-b", board, "--format", "json")
    assert run.code == 0
    tiles = answer.pop("tiles")
    assert set(answer.pop("scoring")) == {"bonus", "scale", "divisor"}
    assert answer == json.loads(run.out)
    assert [t["label"] for t in tiles] == list(BOARD)
    assert tiles[5]["bonus"] == "tl" and tiles[5]["badge"] == "TL" and tiles[15]["badge"] == "DW"


def test_solve_common_and_rules(cli):
    status, _, answer = call("POST", "/api/solve", {"board": BOARD, "rules": "boggle",
                                                    "common": True})
    assert status == 200
    run = cli("solve", "-b", BOARD, "--rules", "boggle", "--common", "--format", "json")
    answer.pop("tiles"), answer.pop("scoring")
    assert answer == json.loads(run.out)
    assert all(len(w["word"]) >= 3 and w["band"] in (1, 2) for w in answer["words"])


def test_solve_with_the_users_corrections(data_dir):
    words = lambda: {w["word"] for w in call("POST", "/api/solve", {"board": "C A T/D O G/S U N"})[2]["words"]}  # noqa: E731
    assert "CATGOD" not in words()
    (data_dir / "words").mkdir(parents=True)
    (data_dir / "words" / "en.txt").write_text("+CATGOD\n", encoding="utf-8")
    assert "CATGOD" in words()  # the next request sees the correction: keyed by content
    (data_dir / "words" / "en.txt").write_text("-CAT\n", encoding="utf-8")
    assert "CATGOD" not in words() and "CAT" not in words()


def test_generate_and_check(cli):
    status, _, board = call("POST", "/api/generate", {"seed": 7, "min_words": 80})
    assert status == 200 and board["words"] >= 80 and len(board["board"]) == 4
    run = cli("generate", "--seed", "7", "--min-words", "80", "--format", "json")
    assert json.loads(run.out)["boards"][0] == {k: board[k] for k in ("board", "words",
                                                                    "total_score", "longest")}
    status, _, judged = call("POST", "/api/check", {
        "board": BOARD, "lists": ["star rats\nxyzzy star", ["STAR", "ALE"]],
        "names": ["ann", "bob"], "shared": "cancel"})
    assert status == 200
    # the same lists through the command line (cli runs in tmp_path)
    with open("ann.txt", "w") as f:
        f.write("star rats\nxyzzy star\n")
    with open("bob.txt", "w") as f:
        f.write("STAR\nALE\n")
    run = cli("check", "-b", BOARD, "--shared", "cancel", "ann.txt", "bob.txt", "--format", "json")
    expected = json.loads(run.out)
    for player, name in zip(expected["players"], ("ann", "bob")):
        player["name"] = name
    expected["comparison"]["only"] = {n: w for n, w in zip(("ann", "bob"), expected["comparison"]["only"].values())}
    assert judged == expected
    verdicts = [w["verdict"] for w in judged["players"][0]["words"]]
    assert verdicts == ["cancelled", "valid", "not on the board", "duplicate"]


SWIPE_BOARD = "T A Ttl/E S E/R O N"  # EAT's best path takes the triple T, another the plain T


def test_a_swiped_word_scores_the_path_swiped():
    """A word sent with its path is judged and scored by that path (the referee checks it is on
    the board and spells the word); a word without one scores its best path."""
    plain_t = [[1, 0], [0, 1], [0, 0]]
    status, _, judged = call("POST", "/api/check", {"board": SWIPE_BOARD, "lists": [
        [{"word": "eat", "path": plain_t}, "EAT", "SAT", {"word": "SAT", "path": [[1, 1], [0, 1], [0, 2]]}],
        ["EAT"], [{"word": "ETA", "path": [[1, 0], [0, 0], [0, 1]]}],
        [{"word": "TSR", "path": [[0, 0], [1, 1], [2, 0]]}, {"word": "AT", "path": [[0, 1], [0, 2]]}]]})
    assert status == 200, judged
    first = [(w["word"], w["verdict"], w["score"], w["path"]) for w in judged["players"][0]["words"]]
    assert first == [("EAT", "valid", 3, plain_t), ("EAT", "duplicate", 0, None),
                     ("SAT", "valid", 5, [[1, 1], [0, 1], [0, 2]]), ("SAT", "duplicate", 0, None)]
    assert judged["players"][0]["total"] == 8
    assert judged["players"][1]["words"][0]["score"] == 5  # typed: the best path, the triple T
    eta = judged["players"][2]["words"][0]
    assert (eta["verdict"], eta["score"]) == ("valid", 3)
    assert [(w["verdict"], w["score"]) for w in judged["players"][3]["words"]] == \
        [("not a word", 0), ("valid", 4)]
    # the same scores as the referee's own, called in Python
    from elzzur.grid.referee import Referee
    from elzzur.grid.rules import get_rules

    language = api.pick_language({})
    board = api.read_board({"board": SWIPE_BOARD}, language)
    referee = Referee(board, api.dictionary_of(language), language, get_rules("ruzzle"))
    assert referee.path_score("EAT", "EAT", [3, 1, 0])[0] == 3
    assert referee.verdict("EAT", (), [3, 1, 2]).score == referee.verdict("EAT").score == 5


@pytest.mark.parametrize("path, status, message", [
    ([[1, 0], [0, 1], [2, 2]], 422, "EAT: step 3 of the path: cell (2, 2) is not a neighbour of "
                                    "the cell before, (0, 1)"),
    ([[1, 0], [0, 1]], 422, "EAT: the path (1,0) (0,1) spells EA, not the word"),
    ([[1, 0], [0, 1], [0, 2], [1, 1]], 422, "spells EATS, not the word"),
    ([[1, 0], [0, 1], [1, 0]], 422, "EAT: step 3 of the path: cell (1, 0) is already on the path"),
    ([[1, 0], [0, 1], [0, 3]], 422, "(0, 3) is not on this 3x3 board"),
    ([], 422, "EAT: the path is empty"),
    ([[1, 0], [0, 1], [0]], 400, "a swiped word is"),
    ([[1, 0], [0, 1], [0, True]], 400, "a swiped word is"),
    ("1,0 0,1", 400, "a swiped word is"),
    ([[0, 0]] * 101, 400, "at most 100 steps"),
])
def test_a_swiped_path_that_is_not_the_words_is_refused(path, status, message):
    got, _, answer = call("POST", "/api/check", {"board": SWIPE_BOARD,
                                                  "lists": [[{"word": "EAT", "path": path}]]})
    assert got == status and message in answer["error"], answer


def test_the_pages_scoring_table_scores_as_the_referee():
    """What the page computes for a swipe, from ``tiles``' points and factors and ``scoring``
    (the formula of pathScore in elzzur/web/static/app.js), is ``score_path``'s score, for random paths on
    random boards under every rule set."""
    import random

    from elzzur.grid.board import parse_boards
    from elzzur.grid.rules import get_rules, presets
    from elzzur.grid.solver import score_path

    rng = random.Random(18)
    language = api.pick_language({})
    checked = 0
    for name in presets():
        game = get_rules(name)
        table = api.scoring(game, language)
        for _ in range(40):
            tokens = [rng.choice(["A", "E", "T", "S", "Qu", "A|E", "R", "Z"]) +
                      rng.choice(["", "", "dl", "tl", "dw", "tw"]) for _ in range(16)]
            board = parse_boards("/".join(" ".join(tokens[r * 4:r * 4 + 4]) for r in range(4)),
                                 language, "board")[0]
            tiles = api.tiles(board, game.values(language), game)
            path = [rng.randrange(16)]
            while len(path) < rng.randint(2, 9):
                step = [n for n in board.neighbours[path[-1]] if n not in path]
                if not step:
                    break
                path.append(rng.choice(step))
            choices = [rng.randrange(len(board.cells[i].choices)) for i in path]
            length = sum(len(board.cells[i].choices[c]) for i, c in zip(path, choices))
            if length < game.min_length or game.max_length and length > game.max_length:
                continue
            points = sum(tiles[i]["points"][c] for i, c in zip(path, choices))
            factor = 1
            for i in path:
                factor *= tiles[i]["factor"]
            page = points * factor * table["scale"][length] // table["divisor"] + table["bonus"][length]
            assert page == score_path(board, path, language, game, choices), (name, tokens, path)
            checked += 1
    assert checked > 100


def test_languages_and_rules():
    status, _, langs = call("GET", "/api/languages")
    assert status == 200
    en = next(l for l in langs["languages"] if l["code"] == "en")
    assert en["name"] == "English" and en["where"] == "built-in"
    status, _, rules = call("GET", "/api/rules")
    boggle = next(r for r in rules["rules"] if r["name"] == "boggle")
    assert boggle["min_length"] == 3 and boggle["shared_words"] == "cancel"
    assert {b["code"] for b in rules["bonuses"]} >= {"dl", "tl", "dw", "tw"}


def test_the_page():
    status, headers, text = call("GET", "/")
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    csp = headers["Content-Security-Policy"]
    assert "default-src 'none'" in csp and "connect-src 'self'" in csp
    # the static page's look and path script, not a copy of them
    from elzzur.views.html import PAGE_CSS, PATH_SCRIPT

    assert PAGE_CSS in text and PATH_SCRIPT in text
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", text)  # nothing from elsewhere
    assert call("HEAD", "/")[2] == ""
    # the service worker: its cache named by the page's content hash, its own CSP
    import hashlib

    status, headers, worker = call("GET", "/sw.js")
    assert status == 200 and headers["Content-Type"].startswith("text/javascript")
    assert f'const CACHE = "elzzur-{hashlib.sha256(text.encode()).hexdigest()[:16]}";' in worker
    assert headers["Content-Security-Policy"] == "default-src 'none'; connect-src 'self'"
    assert "worker-src 'self'" in csp
    assert call("HEAD", "/sw.js")[2] == "" and call("POST", "/sw.js", {})[0] == 405


# --- bad requests: JSON errors, 4xx -------------------------------------------------------------

@pytest.mark.parametrize("method, path, body, status, message", [
    ("GET", "/nope", None, 404, "no such page"),
    ("GET", "/api/solve", None, 405, "GET is not allowed"),
    ("POST", "/api/rules", {}, 405, "POST is not allowed"),
    ("POST", "/", {}, 405, "POST is not allowed"),
    ("POST", "/api/solve", {}, 400, "no board"),
    ("POST", "/api/solve", [], 400, "must be a JSON object"),
    ("POST", "/api/solve", {"board": BOARD, "langauge": "en"}, 400, "unknown field 'langauge'"),
    ("POST", "/api/solve", {"board": 7}, 400, "'board' must be a string"),
    ("POST", "/api/solve", {"board": "A B/C"}, 422, "board"),
    ("POST", "/api/solve", {"board": "A" * 121}, 400, "too large here"),
    ("POST", "/api/solve", {"board": "A" * 3000}, 400, "longer than 2,000"),
    ("POST", "/api/solve", {"board": BOARD, "language": "../../etc/passwd"}, 400, "unknown language"),
    ("POST", "/api/solve", {"board": BOARD, "language": "/tmp/x.toml"}, 400, "unknown language"),
    ("POST", "/api/solve", {"board": BOARD, "rules": "/etc/passwd"}, 400, "unknown rules"),
    ("POST", "/api/solve", {"board": BOARD, "common": "yes"}, 400, "true or false"),
    ("POST", "/api/solve", {"board": BOARD, "min_length": True}, 400, "whole number"),
    ("POST", "/api/generate", {"rows": 11}, 400, "from 2 to 10"),
    ("POST", "/api/generate", {"dice": "../dice"}, 400, "unknown dice"),
    ("POST", "/api/generate", {"timeout": 60}, 400, "at most 5"),
    ("POST", "/api/generate", {"timeout": float("nan")}, 400, "'timeout'"),
    ("POST", "/api/generate", {"min_words": 5, "max_words": 2}, 400, "more than max_words"),
    ("POST", "/api/generate", {"min_words": 100000, "timeout": 0.2}, 422, "no board met"),
    ("POST", "/api/check", {"board": BOARD}, 400, "'lists'"),
    ("POST", "/api/check", {"board": BOARD, "lists": [["a"]] * 9}, 400, "at most 8"),
    ("POST", "/api/check", {"board": BOARD, "lists": [["a"] * 2001]}, 400, "at most 2,000"),
    ("POST", "/api/check", {"board": BOARD, "lists": [[1]]}, 400, "list of words"),
    ("POST", "/api/check", {"board": BOARD, "lists": [["a"], ["b"]], "names": ["x", "x"]}, 400,
     "same name"),
])
def test_bad_requests(method, path, body, status, message):
    got, headers, answer = call(method, path, body)
    assert got == status, answer
    assert message in answer["error"]
    assert headers["Content-Type"].startswith("application/json")


@pytest.mark.parametrize("backend", ["c", "python"])
def test_a_question_past_its_time_is_a_503(monkeypatch, backend):
    """The searches of one question have SEARCH_SECONDS of wall-clock time, whatever the load
    or the backend: a board whose search explodes (thirty A's and a B in the dictionary) with
    a deadline already past is stopped at the first reading of the clock."""
    from elzzur.lexicon.dictionary import Dictionary

    if backend == "python":
        monkeypatch.setenv("ELZZUR_PURE_PYTHON", "1")
    refresh_backend()  # (backend() remembers its choice; the fixture decides again after)
    words = Dictionary.from_words(["A" * 30 + "B"], api.pick_language({}), "thirty A's")
    monkeypatch.setattr(api, "dictionary_of", lambda language: words)
    monkeypatch.setattr(api, "SEARCH_SECONDS", 1e-9)
    for path, body in (("/api/solve", {"board": "A" * 16}),
                       ("/api/check", {"board": "A" * 16, "lists": [["AAAA"]]})):
        status, headers, answer = call("POST", path, body)
        assert status == 503 and headers["Content-Type"].startswith("application/json")
        assert answer["error"] == ("the search took more than 1e-09 seconds and was stopped: "
                                   "try a smaller board, or again when the server is less busy")
    monkeypatch.setattr(api, "SEARCH_SECONDS", 1e5)  # in time: the step limit is what stops it
    monkeypatch.setattr(api, "SEARCH_STEPS", 200_000)
    status, _, answer = call("POST", "/api/solve", {"board": "A" * 16})
    assert status == 422 and "took more than 200,000 steps" in answer["error"]


def test_bad_bodies():
    assert call("POST", "/api/solve", raw=b"{", )[0] == 400
    assert call("POST", "/api/solve", raw=b"\xff\xfe")[2]["error"] == "the request body is not UTF-8"
    assert call("POST", "/api/solve", raw=b"[" * 60000)[0] == 400  # deep nesting
    assert call("POST", "/api/solve", {"board": BOARD}, content_type="text/plain")[0] == 415
    assert call("POST", "/api/solve", {"board": BOARD}, length="")[0] == 411
    assert call("POST", "/api/solve", {"board": BOARD}, length="-5")[0] == 411
    assert call("POST", "/api/solve", {"board": BOARD}, length="1000")[0] == 400  # ended early
    status, _, answer = call("POST", "/api/solve", raw=b" " * (MAX_BODY + 1))
    assert status == 413 and "too large" in answer["error"]


def test_a_bug_is_a_500_with_the_traceback_in_the_log(monkeypatch):
    monkeypatch.setitem(api.ROUTES, "/api/rules", ("GET", lambda body: 1 / 0))
    errors = io.StringIO()
    environ = {"REQUEST_METHOD": "GET", "PATH_INFO": "/api/rules", "wsgi.errors": errors,
               "wsgi.input": io.BytesIO()}
    seen = {}
    body = b"".join(application(environ, lambda s, h: seen.update(status=s)))
    assert seen["status"].startswith("500") and b"ZeroDivisionError" not in body
    assert "ZeroDivisionError" in errors.getvalue()


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
                    max_leaves=12)
FIELDS = st.sampled_from(sorted(set(api.SOLVE_FIELDS + api.GENERATE_FIELDS + api.CHECK_FIELDS)))
VALUES = st.one_of(JSON, st.sampled_from(["en", "it", "boggle", "ruzzle", "..", "/etc/passwd",
                                          BOARD, "C A T/D O G", "Qu Ttl/. A", "classic", "keep"]),
                   st.integers(-3, 12), st.lists(st.text(max_size=8), max_size=4))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(sorted(api.ROUTES) + ["/", "/x", "/api/", "/api/solve/..", "/api/read"]),
       method=st.sampled_from(["GET", "POST", "PUT", "DELETE", "HEAD"]),
       body=st.one_of(st.dictionaries(FIELDS, VALUES, max_size=6), JSON,
                      st.binary(max_size=200).map(lambda b: ("raw", b))))
def test_fuzzed_requests_never_fail(path, method, body):
    """Whatever is sent, the answer is 200 or a JSON 4xx with an error: never a 500."""
    if isinstance(body, tuple) and len(body) == 2 and body[0] == "raw":
        status, headers, answer = call(method, path, raw=body[1])
    else:
        if isinstance(body, dict) and "timeout" in body:
            body["timeout"] = 0.05  # generate's targets: quickly met or refused
        status, headers, answer = call(method, path, body)
    assert status == 200 or 400 <= status < 500, answer
    if status >= 400:
        assert isinstance(answer, dict) and answer["error"]


# --- a board from a picture: POST /api/read ----------------------------------------------------

def picture(seed: int = 1, style: str = "ruzzle", size: int = 4, kind: str = ".png"):
    """A screenshot drawn by the image benchmark's renderer, as the bytes of a file, and the
    board it shows."""
    sys.path.insert(0, str(REPO / "benchmarks"))
    try:
        from image_corpus import screenshot
    finally:
        sys.path.pop(0)
    import random

    sample = screenshot(random.Random(seed), style, "en", size=size, font_path="pillow:default",
                        phone=(540, 960))
    return cv2.imencode(kind, sample.image)[1].tobytes(), sample.truth


@pytest.mark.skipif(cv2 is None, reason="the image extra is not installed")
def test_a_picture_is_read_as_elzzur_read_reads_it(cli, tmp_path):
    data, truth = picture(1)
    status, _, answer = call("POST", "/api/read?language=en&rules=ruzzle", raw=data,
                             content_type="image/png")
    assert status == 200, answer
    assert answer["board"] == [" ".join(row) for row in truth]
    assert (answer["rows"], answer["cols"]) == (4, 4) and len(answer["tiles"]) == 16
    assert answer["flagged"] == [[t["row"], t["col"]] for t in answer["tiles"] if t["flagged"]]
    assert all(0 <= t["confidence"] <= 1 for t in answer["tiles"])
    # the same reading as the command line's
    (tmp_path / "board.png").write_bytes(data)
    run = cli("read", str(tmp_path / "board.png"))
    assert [line for line in run.out.splitlines() if not line.startswith("#")] == answer["board"]
    # boggle's rules read no bonus tiles; a JPEG is read as well
    jpeg, truth = picture(3, "dark", 3, ".jpg")
    status, _, answer = call("POST", "/api/read?rules=boggle", raw=jpeg, content_type="image/jpeg")
    assert status == 200 and answer["rules"] == "boggle" and answer["rows"] == 3
    assert all(t["bonus"] == "" for t in answer["tiles"])


@pytest.mark.skipif(cv2 is None, reason="the image extra is not installed")
def test_a_picture_of_two_letter_dice_is_read_with_the_dice_named():
    """dice=bigboggle-2dice reads Big Boggle's Th, He, In … tiles, as `read --dice` does;
    dice the language has no set of, or faces elzzur cannot read, are a clear 4xx."""
    dejavu = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    if not os.path.exists(dejavu):
        needs_system("DejaVu fonts (Debian fonts-dejavu-core) draw the test board")
    sys.path.insert(0, str(REPO / "benchmarks"))
    try:
        from image_corpus import screenshot
    finally:
        sys.path.pop(0)
    import random

    board = [["Th", "A", "In"], ["E", "He", "R"], ["Er", "S", "An"]]
    sample = screenshot(random.Random(5), "boggle", "en", font_path=dejavu, phone=(1080, 1920),
                        board=board)
    data = cv2.imencode(".png", sample.image)[1].tobytes()
    status, _, answer = call("POST", "/api/read?rules=boggle&dice=bigboggle-2dice", raw=data,
                             content_type="image/png")
    assert status == 200, answer
    assert answer["board"] == [" ".join(row) for row in board]
    status, _, answer = call("POST", "/api/read?dice=../dice", raw=data, content_type="image/png")
    assert status == 400 and "unknown dice '../dice'" in answer["error"]


@pytest.mark.skipif(cv2 is None, reason="the image extra is not installed")
@pytest.mark.parametrize("method, query, body, kind, length, status, message", [
    ("GET", "", b"", "image/png", None, 405, "GET is not allowed here (POST /api/read)"),
    ("POST", "", b"x", "application/json", None, 415, "send the picture as the body"),
    ("POST", "", b"x", None, None, 415, "send the picture as the body"),
    ("POST", "", b"", "image/png", None, 400, "no picture: send the picture's bytes"),
    ("POST", "", b"GIF89a" + b"\0" * 40, "image/gif", None, 422, "is not a picture elzzur can read"),
    ("POST", "", b"just text, not a picture", "image/png", None, 422,
     "the picture is not a picture elzzur can read (PNG, JPEG, WebP, …)"),
    ("POST", "", b"x", "image/png", str(8 * 2**20 + 1), 413,
     "a picture of 8,388,609 bytes is too large: at most 8,388,608"),
    ("POST", "", b"x", "image/png", "", 411, "Content-Length"),
    ("POST", "language=../../etc/passwd", b"x", "image/png", None, 400, "unknown language"),
    ("POST", "rules=boggle&rules=ruzzle", b"x", "image/png", None, 400, "given twice"),
    ("POST", "board=ABCD", b"x", "image/png", None, 400, "unknown field 'board'"),
    ("POST", "turns=sideways", b"x", "image/png", None, 400, "unknown turns 'sideways'"),
    ("POST", "x=" + "y" * 1000, b"x", "image/png", None, 400, "query string is too long"),
])
def test_what_is_not_a_picture_to_read_is_a_clear_4xx(method, query, body, kind, length, status,
                                                       message):
    got, headers, answer = call(method, "/api/read?" + query, raw=body, content_type=kind,
                                length=length)
    assert got == status and message in answer["error"], answer
    assert headers["Content-Type"].startswith("application/json")


@pytest.mark.skipif(cv2 is None, reason="the image extra is not installed")
def test_a_picture_without_a_board_or_too_large_is_a_422():
    import numpy

    noise = numpy.random.default_rng(1).integers(0, 255, (300, 200, 3), dtype=numpy.uint8)
    status, _, answer = call("POST", "/api/read", raw=cv2.imencode(".png", noise)[1].tobytes(),
                             content_type="image/png")
    assert status == 422 and answer["error"]
    huge = cv2.imencode(".png", numpy.zeros((5001, 5001, 3), numpy.uint8))[1].tobytes()
    assert len(huge) < 8 * 2**20  # (small as a file, large as pixels)
    status, _, answer = call("POST", "/api/read", raw=huge, content_type="image/png")
    assert status == 422
    assert answer["error"] == "the picture is 5001x5001 pixels: a picture may have at most 25,000,000"


def test_without_the_image_extra_the_answer_names_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "cv2", None)  # import cv2 now raises ImportError
    status, _, answer = call("POST", "/api/read", raw=b"x", content_type="image/png")
    assert status == 501
    assert "install the image extra, pip install 'elzzur-solver[image]' (or '.[image]' in a checkout)" \
        in answer["error"]


def corrupted(data: bytes, draw) -> bytes:
    """A real picture's bytes damaged: cut short, some bytes changed, a piece repeated."""
    how = draw(st.sampled_from(["cut", "flip", "splice", "none"]))
    if how == "none":
        return data
    at = draw(st.integers(0, len(data) - 1))
    if how == "cut":
        return data[:at]
    if how == "flip":
        changed = bytearray(data)
        for k in draw(st.lists(st.integers(0, len(data) - 1), min_size=1, max_size=20)):
            changed[k] = draw(st.integers(0, 255))
        return bytes(changed)
    return data[:at] + data[at:at + draw(st.integers(1, 5000))] * draw(st.integers(1, 5))


@pytest.mark.skipif(cv2 is None, reason="the image extra is not installed")
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fuzzed_pictures_never_fail(data):
    """Junk bytes, and real pictures (PNG, JPEG) damaged: the answer is a reading or a JSON
    4xx, never a 500."""
    if not hasattr(test_fuzzed_pictures_never_fail, "real"):
        test_fuzzed_pictures_never_fail.real = [picture(2, "elzzur", 4)[0],
                                                picture(4, "wordhunt", 4, ".jpg")[0]]
    if data.draw(st.booleans()):
        body = data.draw(st.binary(max_size=300))
    else:
        body = corrupted(data.draw(st.sampled_from(test_fuzzed_pictures_never_fail.real)), data.draw)
    kind = data.draw(st.sampled_from(["image/png", "image/jpeg", "application/octet-stream"]))
    query = data.draw(st.sampled_from(["", "rules=boggle", "turns=any", "language=fr",
                                       "rules=wordhunt&turns=upright"]))
    status, headers, answer = call("POST", "/api/read?" + query, raw=body, content_type=kind)
    assert status == 200 or 400 <= status < 500, answer
    if status >= 400:
        assert answer["error"]


# --- the servers, for real --------------------------------------------------------------------

def request(url: str, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def elzzur_command() -> list[str]:
    return [sys.executable, "-m", "elzzur"]


def test_elzzur_serve_runs_until_ctrl_c(tmp_path):
    process = subprocess.Popen(elzzur_command() + ["serve", "--port", "0"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    try:
        line = process.stdout.readline()
        match = re.fullmatch(r"elzzur serves on (http://127\.0\.0\.1:(\d+)/) \(Ctrl-C stops\)\n", line)
        assert match, line
        status, answer = request(match[1] + "api/solve", {"board": BOARD})
        assert status == 200 and answer["stats"]["words"] > 100
        assert request(match[1] + "api/solve", {"board": "A B/C"})[0] == 422
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    assert process.returncode == 130 and err == ""
    assert os.listdir(tmp_path) == []  # nothing written where it ran


@pytest.mark.parametrize("when", ["before the thread starts", "after the thread has finished",
                                  "no thread to be had"])
def test_ctrl_c_while_a_connection_is_handed_over(monkeypatch, when):
    """Ctrl-C (or a failure to start a thread) anywhere while the accept loop hands a
    connection to its thread: the KeyboardInterrupt reaches ``serve_forever`` (so the server
    stops) and the connection's slot is given back exactly once. Given back twice, the
    semaphore's ValueError replaced the KeyboardInterrupt and the server ran on (CI saw it)."""
    from elzzur.web import server as web_server

    server = web_server.make_server("127.0.0.1", 0)
    start = threading.Thread.start

    def interrupted_start(thread):
        if threading.current_thread() is not threading.main_thread():
            return start(thread)
        if when == "no thread to be had":
            raise RuntimeError("can't start new thread")
        if when == "after the thread has finished":
            start(thread)
            thread.join()
        raise KeyboardInterrupt

    client = socket.create_connection(("127.0.0.1", server.server_port))
    try:
        client.sendall(b"GET /api/health HTTP/1.0\r\n\r\n")
        monkeypatch.setattr(threading.Thread, "start", interrupted_start)
        monkeypatch.setattr(server, "handle_error", lambda *args: None)  # (quiet: case three)
        if when == "no thread to be had":
            server.handle_request()  # a failed connection: the server serves on
        else:
            with pytest.raises(KeyboardInterrupt):
                server.handle_request()
        monkeypatch.undo()
        assert server._slots._value == web_server.MAX_CONNECTIONS
    finally:
        client.close()
        server.server_close()


def test_serve_on_the_network_prints_the_url_and_a_qr_code(tmp_path, monkeypatch):
    from elzzur.web import server

    monkeypatch.setattr(server, "lan_address", lambda: "192.168.1.20")
    assert server.urls("0.0.0.0", 8080) == ["http://127.0.0.1:8080/", "http://192.168.1.20:8080/"]
    assert server.urls("::1", 80) == ["http://[::1]:80/"]
    pytest.importorskip("segno")
    qr = server.qr_text("http://192.168.1.20:8080/")
    lines = qr.splitlines()
    assert len(lines) > 10 and len(set(map(len, lines))) == 1 and set(qr) <= set("█▀▄ \n")
    # and it reads back: each character two modules, a block lit as on a dark terminal
    if cv2 is None:
        pytest.skip("no OpenCV to read the code back (pip install 'elzzur-solver[image]')")
    import numpy

    halves = {"█": (1, 1), "▀": (1, 0), "▄": (0, 1), " ": (0, 0)}
    modules = [[halves[c][half] for c in line] for line in lines for half in (0, 1)]
    image = numpy.kron(numpy.array(modules, dtype=numpy.uint8) * 255, numpy.ones((8, 8), numpy.uint8))
    assert cv2.QRCodeDetector().detectAndDecode(image)[0] == "http://192.168.1.20:8080/"


def test_serve_on_every_interface_prints_both_urls_and_the_code(cli, monkeypatch):
    """What `elzzur serve --host 0.0.0.0` prints before serving (the serving itself stopped at
    once, as Ctrl-C would)."""
    from elzzur.web import server

    def interrupted(self, poll_interval=0.5):
        raise KeyboardInterrupt

    monkeypatch.setattr(server, "lan_address", lambda: "192.168.1.20")
    monkeypatch.setattr(server.Server, "serve_forever", interrupted)
    run = cli("serve", "--host", "0.0.0.0", "--port", "0")
    assert run.code == 130 and run.err == ""
    lines = run.out.splitlines()
    port = re.fullmatch(r"elzzur serves on http://127\.0\.0\.1:(\d+)/, http://192\.168\.1\.20:(\d+)/ "
                        r"\(Ctrl-C stops\)", lines[0])
    assert port and port[1] == port[2] and int(port[1]) > 0
    assert lines[-1] == "anyone on this network can use it; for a public server, see docs/web.md"
    if server.qr_text("x") is None:
        assert lines[1].startswith(f"open http://192.168.1.20:{port[1]}/ on your phone (pip install")
    else:
        assert lines[1] == f"open http://192.168.1.20:{port[1]}/ on your phone, or scan:"
        assert lines[2:-1] == server.qr_text(f"http://192.168.1.20:{port[1]}/").splitlines()


def test_the_web_app_imports_nothing_of_the_command_line():
    """The web app sits beside the command line (tests/test_architecture.py ranks them alike);
    neither is part of the other, except that `elzzur serve` starts it."""
    import ast

    for path in (REPO / "elzzur" / "web").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                assert not (node.module or "").startswith(("cli", "..cli")) and \
                    "cli" not in (node.module or "").split("."), f"{path.name} imports {node.module}"


def test_serve_usage_and_a_taken_port(cli):
    run = cli("serve", "--port", "70000")
    assert run.code == 2 and "must be from 0 to 65,535" in run.err
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        run = cli("serve", "--port", str(taken.getsockname()[1]))
    assert run.code == 1 and run.err.startswith("elzzur: error: cannot listen on 127.0.0.1:")
    assert "try --port" in run.err


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_under_gunicorn_with_workers(tmp_path):
    pytest.importorskip("gunicorn")
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-w", "2", "-b", f"127.0.0.1:{port}",
         "elzzur.web.app:application"], cwd=tmp_path, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True)
    try:
        url = f"http://127.0.0.1:{port}/"
        for _ in range(300):
            try:
                status, answer = request(url + "api/rules")
                break
            except OSError:
                time.sleep(0.1)
        else:
            pytest.fail("gunicorn did not answer")
        assert status == 200
        status, answer = request(url + "api/solve", {"board": BOARD})
        assert status == 200 and answer["words"][0]["word"] == "MOLESTING"
        status, answer = request(url + "api/solve", {"board": BOARD, "rules": "../x"})
        assert status == 400
    finally:
        process.terminate()
        process.communicate(timeout=30)


def test_load_smoke():
    """A few clients for a moment on the embedded server (the full run: benchmarks/web_load.py):
    every answer right, none refused."""
    sys.path.insert(0, str(REPO / "benchmarks"))
    try:
        import web_load
    finally:
        sys.path.pop(0)
    from elzzur.web.server import make_server

    server = make_server("127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        result = web_load.run(f"http://127.0.0.1:{server.server_port}/", clients=4, seconds=1.5,
                              seed=1)
    finally:
        server.shutdown()
        server.server_close()
    assert result["errors"] == [] and result["requests"] > 4


def stop_server(server):
    """A second little server whose GET /stop stops ``server`` (its socket closed: nothing
    answers there any more), for the browser's test of the app without its server."""
    from http.server import BaseHTTPRequestHandler, HTTPServer

    class Stop(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (the base class's name)
            server.shutdown()
            server.server_close()
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args) -> None:
            pass

    stopper = HTTPServer(("127.0.0.1", 0), Stop)
    threading.Thread(target=stopper.serve_forever, daemon=True).start()
    return stopper


# --- the page, as a person uses it ---------------------------------------------------------------

def test_the_app_in_chromium_on_a_phone_and_a_desktop(tmp_path):
    from test_html import CHROMIUM, browser_report, browser_tools
    from elzzur.web.server import make_server

    node = browser_tools()
    solved = api.solve({"board": "S T A R/E Ltl I N/P O R G/A M Edl S"})
    words = {w["word"]: [r * 4 + c for r, c in w["path"]] for w in solved["words"]}
    scores = {w["word"]: w["score"] for w in solved["words"]}
    # SLOE swiped through the plain E, not its best path's double-letter E: 6 points, not 7
    sloe = [0, 5, 9, 4]
    assert words["SLOE"] == [0, 5, 9, 14] and scores["SLOE"] == 7
    swipes = [words["STAR"], [0, 4, 8], words["STAR"], words["MOLESTING"], sloe]
    assert "SEP" not in words  # (the second swipe spells no word)
    photo, flagged = None, {}
    if cv2 is not None:  # a Word Hunt screenshot with a tile covered (tests/test_image.py)
        from test_image import uncertain_picture

        photo, sample = uncertain_picture(tmp_path)
        with open(photo, "rb") as f:
            read = api.read(f.read(), {"rules": "wordhunt"})
        flagged = {r * 4 + c: sample.truth[r][c] for r, c in read["flagged"]}
        assert 6 in flagged  # (1,2), the covered tile
    server = make_server("127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    stopper = stop_server(server)  # GET it: the app's server stops, as if it had crashed
    try:
        config = {"url": f"http://127.0.0.1:{server.server_port}/", "chromium": str(CHROMIUM),
                  "stop_url": f"http://127.0.0.1:{stopper.server_port}/stop", "photo": photo, "photo_rules": "wordhunt",
                  "photo_fixes": {str(k): v for k, v in flagged.items()},
                  "letters": BOARD, "bonus_tile": 5, "dl_tile": 14, "swiped_word": "SLOE",
                  "contains": "ING", "phone_word": 30,
                  "swipes": swipes, "shots": str(tmp_path / "shots")}
        report = browser_report(node, "check_app.mjs", config, tmp_path)
    finally:
        server.shutdown()
        server.server_close()
        stopper.shutdown()
        stopper.server_close()
    assert report["requests_elsewhere"] == [] and report["console_errors"] == []
    assert report["page_errors"] == []
    phone = report["phone"]
    assert "default-src 'none'" in phone["csp"]
    # typing fills the tiles in order, the next one outlined; two taps: a triple letter
    assert phone["filled_after_six"] == 6 and phone["cursor_after_six"] == [6]
    assert phone["letters_on_tiles"] == BOARD
    assert "tl" in phone["bonus_class"].split() and ", TL" in phone["bonus_label"]
    # solving lists the server's words (the command line's), best first
    assert phone["listed"] == [w["word"] for w in solved["words"]]
    assert phone["count"] == solved["stats"]["words"] and phone["total"] == solved["stats"]["total_score"]
    assert phone["recent"][0]["board"] == "S T A R/E Ltl I N/P O R G/A M Edl S"
    assert phone["contains"] and all("ING" in w for w in phone["contains"])
    # a word tapped far down the list plays on the board, which stays in view
    assert phone["scrolled"] > 0 and phone["board_in_view"] and not phone["wide"]
    order = sorted((s, c) for c, steps in phone["lit"] for s in steps)
    assert [c for _, c in order] == words[phone["word"]] and phone["arrows"] == len(order) - 1
    assert phone["tile_filtered"] == [w for w in phone["listed"] if 5 in words[w]]
    # the round: the trail lit during the swipe, the live verdicts, the referee's review
    assert sorted(c for c, _ in phone["trail_mid_swipe"]) == sorted(words["STAR"])
    assert phone["current_mid_swipe"] == "STAR"
    assert phone["answers"] == [["STAR", "+4"], ["SEP", "not a word"], ["STAR", "duplicate"],
                                ["MOLESTING", f"+{solved['words'][0]['score']}"], ["SLOE", "+6"]]
    # the referee scored each swipe by its path too: SLOE 6, its path the one swiped
    assert dict(phone["review_scores"]) == {"STAR": 4, "MOLESTING": scores["MOLESTING"], "SLOE": 6}
    assert [c for _, c in sorted((s, c) for c, steps in phone["swiped_lit"] for s in steps)] == sloe
    assert phone["clock_start"] == "0:30"
    review = dict(phone["review"][:4])
    # each word once (STAR's second swipe, a duplicate, is its row's "×2")
    assert phone["review"][:4] == [["STAR", "valid"], ["SEP", "not a word"],
                                   ["MOLESTING", "valid"], ["SLOE", "valid"]]
    missed = [w for w, v in phone["review"] if v == "missed"]
    assert "STAR" not in missed and "MOLESTING" not in missed and "SLOE" not in missed
    assert len(missed) == len(words) - 3 and review
    assert phone["missed_word"] == missed[0] and phone["missed_board_in_view"]
    order = sorted((s, c) for c, steps in phone["missed_lit"] for s in steps)
    assert [c for _, c in order] == words[phone["missed_word"]]
    # a photo: read, its uncertain tiles outlined; Solve refused once; each corrected by a tap
    if photo:
        truth = [letter for row in sample.truth for letter in row]
        assert sorted(phone["photo_uncertain"]) == sorted(flagged)
        assert [l for k, l in enumerate(phone["photo_letters"]) if k not in flagged] == \
            [l for k, l in enumerate(truth) if k not in flagged]
        assert phone["photo_message"].startswith(f"Read from the picture: {len(flagged)} tile")
        assert "uncertain (outlined with ?): tap to check, or press Solve again" in phone["photo_refused"]
        assert all(m.startswith("What does the tile at (") and m.endswith(" show?")
                   for m in phone["photo_prompts"]) and len(phone["photo_prompts"]) == len(flagged)
        assert phone["photo_left"] == "0" and phone["photo_fixed"] == truth
        assert phone["photo_count"] > 0
    # the desktop: a random board, sorted by length, a mouse drag, a typed word, the check tab
    desk = report["desktop"]
    assert len(desk["random_letters"]) == 16 and desk["count"] > 0
    assert desk["by_length"] == sorted(desk["by_length"], reverse=True)
    assert desk["board_beside_list"]
    assert desk["drag_answer"][0][0] == desk["word"] and desk["drag_answer"][0][1].startswith("+")
    assert desk["typed_answer"] == [2, "not found"]  # the referee's reason comes in the review
    assert desk["review_first"] == [[desk["word"], "valid"], ["ZZZZ", "not on the board"]]
    assert desk["check"][0].startswith("player 1: 1 word, ") and desk["check"][1].startswith("player 2: 1 word, ")
    # offline once loaded: the shell in the service worker's cache (named by the page's hash);
    # the server stopped and the network cut, a round goes on and its review comes from the
    # page's own verdicts; a reload still shows the page, which says the server is away
    from elzzur.web.app import page_bytes
    import hashlib

    off = report["offline"]
    assert off["cached"] == [[f"elzzur-{hashlib.sha256(page_bytes()).hexdigest()[:16]}"],
                             ["/", "/api/languages", "/api/rules"]]
    assert off["worker_csp"] == "default-src 'none'; connect-src 'self'"
    assert off["server_gone"] and off["banner_on_offline"]
    assert off["answers"] == [["STAR", "+4"]]
    assert off["review_message"].startswith("The server cannot be reached: these are the page's own verdicts.")
    assert off["review"] == [["STAR", 4]] and off["missed"] == len(words) - 1
    assert off["random_message"].startswith("The server cannot be reached")
    assert off["reloaded_title"] == "elzzur" and off["reloaded_banner"]
    usable = [l for l in api.languages()["languages"] if "error" not in l]
    assert off["reloaded_languages"] == len(usable) and off["reloaded_tiles"] == 16
    # (a browser logs each failed fetch as an error; nothing else may be logged)
    assert [e for e in off["console_errors"] if "net::ERR_" not in e and "Failed to fetch" not in e] == []
    # a match: three boards, Ruzzle's bonus tiles of each round, running totals, the summary
    match = desk["match"]
    assert desk["match_button"] == "Start match" and len(match) == 3
    assert [r["bonuses"] for r in match] == [sorted(["dl", "tl"]), sorted(["dl", "tl", "dw"]),
                                             sorted(["dl", "tl", "dw", "dw", "tw"])]
    total = 0
    for n, r in enumerate(match, 1):
        total += r["score"]
        assert r["during"].startswith(f"Round {n} of 3 · match: {total} points")
        parts = " + ".join(str(m["score"]) for m in match[:n])
        assert r["after"] == f"Round {n} of 3 · match: {total} points ({parts})"
        assert r["button"] == (f"Next round ({n + 1} of 3)" if n < 3 else "New match")
    assert desk["match_total"].startswith(f"Match: {total} points in 3 rounds (")
    assert [row[:3] for row in desk["match_rows"]] == [[str(n), "1", str(r["score"])]
                                                       for n, r in enumerate(match, 1)]
