"""The web app played as on a phone (issue 33): in Chromium at 390x844 and 844x390 with real
touch swipes, a round that cannot be broken, its screen with nothing but the clock, the score,
the board and the words, the feedback where the finger is, the installable app (manifest,
icons, dark mode), the photo's corrections in the page; and the manifest and icons served.

The browser's part is ``tests/browser/check_phone.mjs``; its screenshots go to a temporary
folder (the chosen ones are copied to docs/screenshots/ by hand)."""

from __future__ import annotations

import base64
import struct
import threading
import zlib

import pytest

from elzzur.web import api
from elzzur.web.install import FILES, PNG_SIZES, icon_png, icon_svg, manifest
from elzzur.views.palette import BONUS, PATH, PATH_INK, PLAIN

LETTERS = "STARELINPORGAMES"


def png_pixels(data: bytes) -> tuple[int, int, bytes]:
    """A PNG of ours (RGBA, 8 bits, no filters) read back: width, height, the pixels' bytes."""
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    pos, chunks = 8, {}
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        assert crc == zlib.crc32(kind + body) & 0xFFFFFFFF, kind
        chunks[kind] = chunks.get(kind, b"") + body
        pos += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    assert (depth, colour) == (8, 6)
    raw = zlib.decompress(chunks[b"IDAT"])
    assert len(raw) == height * (width * 4 + 1)
    rows = [raw[y * (width * 4 + 1):(y + 1) * (width * 4 + 1)] for y in range(height)]
    assert all(row[0] == 0 for row in rows)
    return width, height, b"".join(row[1:] for row in rows)


def rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


@pytest.mark.parametrize("size", PNG_SIZES)
def test_the_icons_are_pngs_of_the_palette(size):
    width, height, pixels = png_pixels(icon_png(size))
    assert (width, height) == (size, size)

    def pixel(x, y):
        k = (y * size + x) * 4
        return tuple(pixels[k:k + 4])

    assert pixel(0, 0)[3] == 0  # the rounded ground's corner: transparent
    assert pixel(size // 2, 2) == (*rgb(PATH), 255)  # the ground: the path colour
    at = lambda x, y: pixel(int(size * x), int(size * y))[:3]  # noqa: E731
    assert at(0.25, 0.42) == rgb(BONUS["tl"].fill) and at(0.75, 0.58) == rgb(BONUS["tw"].fill)
    assert at(0.3, 0.7) == at(0.7, 0.3) == rgb(PLAIN.fill)  # the tiles off the path: plain
    assert at(0.5, 0.5) == rgb(PATH_INK)  # the path across them
    _, _, maskable = png_pixels(icon_png(512, maskable=True))
    assert maskable[3] == 255  # full-bleed: a launcher cuts its own shape


def test_the_manifest_names_the_icons_served():
    data = __import__("json").loads(manifest())
    assert data["short_name"] == "elzzur" and data["display"] == "standalone" and data["start_url"] == "/"
    sources = [icon["src"] for icon in data["icons"]]
    assert set(sources) <= set(FILES) and "/icon.svg" in sources
    assert {icon["sizes"] for icon in data["icons"]} >= {"192x192", "512x512", "any"}
    assert icon_svg().startswith("<svg") and PATH in icon_svg()


def test_the_manifest_and_icons_are_served_with_their_types():
    from elzzur.web.app import CSP, application

    def get(path, method="GET"):
        seen = {}

        def start(status, headers):
            seen["status"], seen["headers"] = status, dict(headers)

        body = b"".join(application({"REQUEST_METHOD": method, "PATH_INFO": path}, start))
        return seen["status"], seen["headers"], body

    for path, (kind, make) in FILES.items():
        status, headers, body = get(path)
        assert status == "200 OK" and headers["Content-Type"] == kind and body == make(), path
        assert headers["Content-Security-Policy"] == "default-src 'none'"
        assert get(path, "POST")[0].startswith("405")
    assert "img-src 'self' data:" in CSP and "manifest-src 'self'" in CSP
    page = get("/")[2].decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert '<link rel="icon" href="/icon.svg"' in page and 'name="color-scheme"' in page


def diagonal_steps(path) -> int:
    return sum(1 for (r1, c1), (r2, c2) in zip(path, path[1:]) if r1 != r2 and c1 != c2)


SOLVED = api.solve({"board": LETTERS})
WORDS = {w["word"]: [r * 4 + c for r, c in w["path"]] for w in SOLVED["words"]}
SCORES = {w["word"]: w["score"] for w in SOLVED["words"]}
# the word of the best 40 whose path crosses most tiles' corners (diagonal steps)
DIAGONAL = max(SOLVED["words"][:40], key=lambda w: diagonal_steps(w["path"]))["word"]


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    """What the browser saw, played once for all the tests below (check_phone.mjs)."""
    from test_html import CHROMIUM, browser_report, browser_tools
    from elzzur.web.server import make_server

    node = browser_tools()
    tmp_path = tmp_path_factory.mktemp("phone")
    miss = [0, 4, 8]  # S E P: no word
    assert "SEP" not in WORDS
    server = make_server("127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        config = {"url": f"http://127.0.0.1:{server.server_port}/", "chromium": str(CHROMIUM),
                  "letters": LETTERS, "words": {w: WORDS[w] for w in ("STAR", "MOLESTING")},
                  "miss": miss, "diagonal": DIAGONAL, "shots": str(tmp_path / "shots"),
                  "png": base64.b64encode(icon_png(192)).decode()}
        seen = browser_report(node, "check_phone.mjs", config, tmp_path)
    finally:
        server.shutdown()
        server.server_close()
    return seen


def test_nothing_goes_wrong_unsaid(report):
    assert report["page_errors"] == []
    # (the only errors logged: the refusals the test made the server give)
    assert all("422" in e or "502" in e for e in report["console_errors"]), report["console_errors"]


def test_after_solve_the_best_words_are_in_view_under_one_line_of_totals(report):
    for name in ("portrait", "landscape"):
        solve = report[name]["after_solve"]
        assert solve["first_in_view"] and solve["board_in_view"], name
    solve = report["portrait"]["after_solve"]
    assert solve["first_word"] == "MOLESTING" and solve["rows_in_view"] >= 5
    # the board centred, nothing wider than the phone
    assert abs(solve["board_margins"][0] - solve["board_margins"][1]) <= 1 and not solve["wide"]
    assert solve["totals_line"] == f"{len(WORDS)} words · {SOLVED['stats']['total_score']} points · longest 9"
    assert solve["count_said"] == 1 and solve["total_said"] == 1


def test_the_set_up_is_one_line_above_the_board(report):
    p = report["portrait"]
    assert p["game_line"] == [False, "English · Ruzzle 4×4 · change"]
    assert p["above_board"] < 0.33  # (45 % before)


def test_sortable_heads_show_their_arrows(report):
    marks = dict(report["portrait"]["sort_marks"])
    assert marks == {"score": '" ▼"', "alpha": '" ↕"', "length": '" ↕"', "band": '" ↕"'}


def test_every_target_is_44_pixels(report):
    assert report["portrait"]["small_targets"] == []
    assert report["dark"]["chooser"]["small"] == 0


def test_a_skip_link_and_fewer_tab_presses_to_the_first_word(report):
    p = report["portrait"]
    assert p["first_tab"] == "skip" and p["after_skip"] == ["word", "MOLESTING"]
    assert p["tabs_from_letters"] is not None and p["tabs_from_letters"] <= 12  # (27 before)


def test_the_board_is_one_tab_stop_crossed_with_the_arrow_keys(report):
    # from (0,0): right, down, down, left, left (stays at the edge), up, End; one tile tabbable
    assert report["portrait"]["arrow_keys"] == [[1, 1], [5, 1], [9, 1], [8, 1], [8, 1], [4, 1], [15, 1]]


def test_no_arrow_covers_a_step_number_or_a_value(report):
    p = report["portrait"]
    assert p["badges"] >= 2 * len(WORDS[DIAGONAL]) and p["arrows"] == len(WORDS[DIAGONAL]) - 1
    assert p["covered_badges"] == 0


def round_screen(screen, size):
    """What every round screen shows: every tile, the clock and the score, without scrolling,
    and nothing of the set-up."""
    assert screen["viewport"] == list(size) and screen["scroll"] == [0, 0] and not screen["scrollable"]
    assert screen["tiles_in_view"] == screen["tiles"] == 16
    assert screen["clock_in_view"] and screen["score_in_view"] and screen["clock_font"] >= 36
    assert screen["others_shown"] == [] and screen["controls_shown"] == []


def test_a_round_in_portrait_fills_the_screen(report):
    p = report["portrait"]
    for name in ("round_start", "star", "again", "miss", "found"):
        screen = p[name]
        round_screen(screen, (390, 844))
        # the clock above the board, which fills the width, centred; the words below it
        assert screen["clock"]["bottom"] <= screen["board"]["top"]
        assert screen["board"]["width"] >= 0.9 * 390
        assert abs(screen["board"]["left"] - (390 - screen["board"]["right"])) <= 1
        assert screen["answers"]["top"] >= screen["board"]["bottom"] and screen["answers"]["top"] < 844 - 100
    found = p["found"]  # the last word's verdict in view, on the board and in the list
    assert found["verdict"] == f"MOLESTING +{SCORES['MOLESTING']}" and found["verdict_in_view"]
    assert found["first_answer"] == f"MOLESTING+{SCORES['MOLESTING']}" and found["first_answer_in_view"]


def test_a_round_in_landscape_has_the_words_beside_the_board(report):
    screen = report["landscape"]["round"]
    round_screen(screen, (844, 390))
    assert screen["verdict"] == "SEP not a word" and screen["verdict_in_view"]
    assert screen["answers"]["left"] >= screen["board"]["right"] and screen["first_answer_in_view"]
    assert screen["clock"]["left"] >= screen["board"]["right"]
    assert screen["board"]["height"] >= 0.8 * 390


def test_each_verdict_is_shown_where_the_finger_is(report):
    p = report["portrait"]
    assert p["star"]["verdict"] == "STAR +4" and p["star"]["verdict_class"] == "good"
    assert p["again"]["verdict"] == "STAR already found" and p["again"]["verdict_class"] == "again"
    assert p["miss"]["verdict"] == "SEP not a word" and p["miss"]["verdict_class"] == "wrong"
    # the points (or why not) rose from the board, in the verdict's colour, a vibration each
    feedback = p["feedback"]
    assert [(pop["text"], pop["kind"]) for pop in feedback["pops"]] == [
        ("+4", "pop good"), ("already found", "pop again"), ("not a word", "pop wrong"),
        (f"+{SCORES['MOLESTING']}", "pop good")]
    board = p["board_box"]
    assert all(board["left"] <= pop["x"] <= board["right"] and board["top"] <= pop["y"] <= board["bottom"]
               for pop in feedback["pops"])
    assert feedback["vibrations"] == [30, [20, 60, 20], [70, 50, 70], 30]


def test_sound_is_off_by_default_and_remembered(report):
    p = report["portrait"]
    assert p["feedback"]["contexts"] == 0 and p["feedback"]["tones"] == 0  # none unless asked for
    assert p["sound_default"] == "false" and p["sound_after_reload"] == "true"
    assert p["tones"][0] == 1 and p["tones"][1] >= 2  # a word's tune, once turned on


def test_a_stray_tap_does_not_break_a_round(report):
    p = report["portrait"]
    assert p["letters_disabled"] and p["solve_disabled"]
    assert p["tiles_after"] == p["tiles_before"] == LETTERS  # typing wiped nothing
    assert p["round_after_stray"] == "running" and not p["words_shown_after_stray"]


def test_leaving_a_round_asks_first(report):
    p = report["portrait"]
    assert p["leave_asks"] == "beforeunload" and p["still_open"] and p["round_after_leave"] == "running"


def test_a_refusal_of_the_referee_is_said_and_the_round_reviewed(report):
    refused = report["portrait"]["refused"]
    assert refused["message"] == ("The referee did not answer (the referee's test refusal): "
                                  "these are the page's own verdicts.") and refused["error"]
    assert refused["review_shown"] and not refused["in_round"]
    assert refused["summary"].endswith(refused["message"])  # (said where the eyes are too)
    assert report["landscape"]["bad_gateway"] == [
        "The referee did not answer (the server answered 502 Bad Gateway): "
        "these are the page's own verdicts.", True]


def test_the_review_shows_each_word_once(report):
    refused = report["portrait"]["refused"]
    assert not refused["answers_shown"]  # (the list of the round's words makes way for it)
    assert refused["rows"] == [["STAR", "valid", "×2"], ["SEP", "not a word", ""],
                               ["MOLESTING", "valid", ""]]
    assert len(refused["all_rows"]) == len(set(refused["all_rows"])) == len(WORDS) + 1


def test_the_end_of_a_round_and_of_a_match_feel_like_one(report):
    p = report["portrait"]
    total = 4 + SCORES["MOLESTING"]
    assert p["refused"]["summary"].startswith(f"Round over! {total} points2 words · ")  # (ended early)
    assert p["end_feedback"]["pops"][-1]["text"] == f"{total} points"
    assert p["end_feedback"]["vibrations"][-1] == [60, 50, 160]
    match = report["landscape"]["match_end"]
    assert match["total"].startswith("Match: ") and match["celebrates"]
    assert match["pops"][-1].startswith("Match: ") and match["confetti"] > 0
    assert match["vibrations"] == [[80, 60, 80, 60, 240]]


def test_a_matchs_bonus_tiles_stay_with_its_board(report):
    l = report["landscape"]
    assert l["round3_bonuses"] == 3  # round 3: two double words and a triple
    assert l["bonuses_after_typing"] == 0
    assert l["check"] == f"MOLESTING — valid ({SCORES['MOLESTING']})" and SCORES["MOLESTING"] == 38


def test_dark_mode_follows_the_system_and_the_switch(report):
    d = report["dark"]
    assert d["system_dark"] == "rgb(23, 21, 28)" and d["theme_label"] == "Theme: auto"
    assert d["chosen_light"] == ["Theme: light", "rgb(251, 248, 241)"]
    assert d["light_after_reload"] == "rgb(251, 248, 241)"
    assert d["auto_again"] == ["Theme: auto", "rgb(23, 21, 28)"]


def test_the_browser_gets_the_manifest_and_its_icons(report):
    d = report["dark"]
    assert ["manifest", "/manifest.webmanifest"] in d["links"] and ["icon", "/icon.svg"] in d["links"]
    assert d["manifest_type"] == "application/manifest+json" and d["manifest"]["display"] == "standalone"
    sizes = {i["src"]: i["size"] for i in d["icons"]}
    assert all(i["status"] == 200 for i in d["icons"]) and sizes["/icon-192.png"] == [192, 192]
    assert sizes["/icon-512.png"] == [512, 512] and [i["svg"] for i in d["icons"] if i["src"] == "/icon.svg"] == [True]
    assert d["favicon_drawn"] is not None and d["favicon_drawn"][0] > 0  # (the CSP lets it in)


def test_a_photos_tile_is_corrected_by_choosing_not_a_prompt(report):
    d = report["dark"]
    chooser = d["chooser"]  # the reader's guess and its runner-up first, then the letters
    assert chooser["title"] == "What does the tile at (0,1) show?" and chooser["guesses"] == ["F", "T"]
    assert chooser["why"] == "Read as F (F or T?)." and chooser["letters"] >= 20
    assert d["prompts"] == 0 and d["left"] == "0"
    assert d["corrected"][:4] == ["S", "T", "A", "R"] and d["corrected"][10] == "Qu"
