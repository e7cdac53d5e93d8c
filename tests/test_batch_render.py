"""The word lists the C core writes itself (``elzzur.grid.solver.render_words`` with the views'
``word_template``): the same text, byte for byte, as the rows written by ``elzzur.views.text``,
which is what the pure-Python run writes."""

from __future__ import annotations

import pytest

from elzzur import get_language, random_board
from elzzur.cli.solve import written_by_core
from elzzur.lexicon.graph import backend

pytestmark = pytest.mark.skipif(backend() != "c", reason="the C core is not built")

EN = get_language("en")
FORMATS = ["text", "csv", "json", "jsonl"]


@pytest.fixture(scope="module")
def board_file(tmp_path_factory):
    """Random English boards (bonuses, a Qu), a board without words and one with a hole."""
    boards = [str(random_board(EN, rows, cols, seed=seed))
              for seed, (rows, cols) in enumerate([(4, 4), (4, 4), (5, 5), (3, 6), (2, 2)])]
    boards += ["Qu I T/E S N/R A D", "X X/X X", "C A T/. O G"]
    path = tmp_path_factory.mktemp("boards") / "boards.txt"
    path.write_text("\n\n".join(boards) + "\n", encoding="utf-8")
    return str(path)


def both(cli, monkeypatch, *argv):
    """The output of the C core's run and of the pure-Python run."""
    monkeypatch.delenv("ELZZUR_PURE_PYTHON", raising=False)
    fast = cli(*argv)
    monkeypatch.setenv("ELZZUR_PURE_PYTHON", "1")
    plain = cli(*argv)
    assert fast.code == plain.code == 0, fast.err + plain.err
    return fast.out, plain.out


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("extra", [(), ("-q",), ("--top", "3"), ("--rules", "boggle"),
                                   ("--min-length", "5", "-q"), ("--revisit", "--top", "2")])
def test_the_core_writes_what_the_views_write(cli, monkeypatch, board_file, fmt, extra):
    fast, plain = both(cli, monkeypatch, "solve", "-l", "en", "-b", board_file, "--format", fmt,
                       *extra)
    assert fast == plain
    assert fast.count("\n") > 3


def test_the_core_writes_a_json_word_as_json_does(cli, monkeypatch):
    fast, plain = both(cli, monkeypatch, "solve", "-l", "fr", "-b", "É T É/S A R/C E N",
                       "--format", "jsonl")
    assert fast == plain
    assert '"word": "ÉTÉ"' in fast or '"word": "ETE"' in fast


class Args:
    """What written_by_core reads of the command line, plain: sorted by score, no filters."""
    common = reverse = show = show_top = revisit = quiet = False
    sort, format, top, rules, score = "score", "jsonl", None, "ruzzle", None


def test_the_plain_case_is_written_by_the_core():
    from elzzur.cli.solve import game_rules
    from elzzur.lexicon.dictionary import load_dictionary

    dictionary = load_dictionary(None, EN, corrections=False)
    args = Args()
    board = random_board(EN, 4, 4, seed=1)
    rules = game_rules(args, EN)
    assert written_by_core(board, EN, dictionary, args, rules, 2).startswith('{"language": "en"')
    for change in ({"sort": "alpha"}, {"common": True}, {"reverse": True}, {"show": "CAT"},
                   {"format": "svg"}):
        changed = Args()
        for name, value in change.items():
            setattr(changed, name, value)
        assert written_by_core(board, EN, dictionary, changed, rules, 2) is None


# --- one writer for a whole batch (grid.solver.WordWriter, views.text.Around) -----------------

def test_the_batch_writers_write_each_board_as_the_one_board_functions_do():
    """Boards made one by one (their cells not shared, dropped after use, so that ids come
    back), boards of one column (tokens in brackets), either/or, prefix and valued tiles:
    the writers made once for the batch give what a writer made for each board gives, and
    the board as str() and json.dumps(token_rows()) write it."""
    import json

    from elzzur.cli.solve import game_rules
    from elzzur.grid.board import parse_board
    from elzzur.grid.solver import render_words, word_writer
    from elzzur.lexicon.commonness import language_bands
    from elzzur.lexicon.dictionary import load_dictionary
    from elzzur.views.text import Around, word_template

    dictionary = load_dictionary(None, EN, corrections=False)
    rules = game_rules(Args(), EN)
    texts = ["Qu I T/E S N/R A D", "C/A/T/S", "[QU]/A/[Ttl]", "A|E RE- -ING/Q=8 Sdw .",
             "A B C D E", "X"]
    for fmt in FORMATS:
        for quiet in (False, True):
            template = word_template(fmt, quiet)
            bands = language_bands(EN) if fmt != "text" else None
            words = word_writer(dictionary, EN, 3, rules, False, template, bands, -1)
            around = Around(fmt, "en", quiet, "ruzzle")
            for seed in range(60):
                text = texts[seed % len(texts)] if seed % 3 else str(random_board(EN, 3, 4, seed=seed))
                board = parse_board(text, EN)
                expected = render_words(board, dictionary, EN, 3, rules, False, template, bands)
                assert words(board) == expected
                if fmt == "jsonl":
                    assert around.board_json(board) == json.dumps(board.token_rows(),
                                                                  ensure_ascii=False)
                if fmt == "text":
                    assert around.board_text(board) == str(board)
                del board  # its cells may go, and their ids come back in the next board
