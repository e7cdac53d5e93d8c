"""The referee (elzzur check): verdicts against a brute-force reference on random boards and
lists, both search backends; the command line's text, JSON and errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from elzzur import Dictionary, get_language, parse_board
from elzzur.grid import referee
from elzzur.grid.referee import Referee, check, read_list
from elzzur.grid.rules import get_rules

from test_solver import LETTERS, reference_tiles, tiled_boards

EN = get_language("en")
BACKENDS = pytest.mark.parametrize("use", ["c", "python"])
GAMES = ["ruzzle", "boggle", "bigboggle", "wordhunt", "wordament"]


def reference_verdicts(board, dictionary_words, lists, game, cancel):
    """Each list's verdicts worked out from every path of the board (no search, no pruning):
    [(word or None, verdict, score, path)] per list."""
    rules = get_rules(game)
    keys = [[EN.normalize(w) if w.isalpha() else None for w in words] for words in lists]
    spelt = reference_tiles(board, {k for ks in keys for k in ks if k} | set(dictionary_words),
                            game, 1, False)
    judged = []
    for ks in keys:
        seen, out = set(), []
        for key in ks:
            if key is None:
                out.append((None, referee.NOT_ON_BOARD, 0, None))
                continue
            if key in seen:
                out.append((key, referee.DUPLICATE, 0, None))
            elif len(key) < rules.min_length:
                out.append((key, referee.TOO_SHORT, 0, None))
            elif key not in spelt:
                out.append((key, referee.NOT_ON_BOARD, 0, None))
            elif key not in dictionary_words:
                out.append((key, referee.NOT_A_WORD, 0, spelt[key][1]))
            else:
                out.append((key, referee.VALID, *spelt[key]))
            seen.add(key)
        judged.append(out)
    if cancel and len(lists) > 1:
        counts = {}
        for out in judged:
            for key in {k for k, v, _, _ in out if v == referee.VALID}:
                counts[key] = counts.get(key, 0) + 1
        judged = [[(k, referee.CANCELLED, 0, p) if v == referee.VALID and counts[k] > 1
                   else (k, v, s, p) for k, v, s, p in out] for out in judged]
    return judged


written = st.text(LETTERS + LETTERS.lower(), min_size=1, max_size=6) | st.sampled_from(
    ["a1", "s-e", "Été", "ee", "E"])


@BACKENDS
@settings(max_examples=200, deadline=None)
@given(case=tiled_boards(), game=st.sampled_from(GAMES),
       words=st.sets(st.text(LETTERS, min_size=1, max_size=6), max_size=30),
       lists=st.lists(st.lists(written, max_size=12), min_size=1, max_size=3),
       shared=st.sampled_from([None, "keep", "cancel"]))
def test_verdicts_agree_with_brute_force(use, case, game, words, lists, shared):
    board, _, _ = case  # (boards without revisits: a referee's paths never revisit)
    rules = get_rules(game)
    dictionary = Dictionary.from_words(sorted(words), EN, "test")
    judgement = check(board, dictionary, EN, rules, lists, shared_words=shared, use=use)
    cancel = (shared or rules.shared_words) == "cancel"
    expected = reference_verdicts(board, words, lists, game, cancel)
    for player, want in zip(judgement.players, expected):
        got = [(v.word, v.verdict, v.score, v.path) for v in player.verdicts]
        assert got == want
        assert player.total == sum(score for _, _, score, _ in want)
    assert judgement.shared_words == ("cancel" if cancel else "keep")
    if len(lists) > 1:
        valid = [{k for k, v, _, _ in out if v in (referee.VALID, referee.CANCELLED)}
                 for out in expected]
        assert set(judgement.comparison.everyone) == set.intersection(*valid)
        for (name, only), mine in zip(judgement.comparison.only, valid):
            others = set().union(*(v for v in valid if v is not mine))
            assert set(only) == mine - others
    else:
        assert judgement.comparison is None


@BACKENDS
def test_a_word_on_the_board_the_dictionary_lacks_says_so_with_its_path(use):
    board = parse_board("C A T/D O G/S U N", EN)
    dictionary = Dictionary.from_words(["CAT", "DOG"], EN)
    judge = Referee(board, dictionary, EN, "ruzzle", use)
    assert judge.verdict("cat").verdict == referee.VALID
    tog = judge.verdict("TOG")
    assert (tog.verdict, tog.path) == (referee.NOT_A_WORD, ((0, 2), (1, 1), (1, 2)))
    assert judge.verdict("cun").verdict == referee.NOT_ON_BOARD  # C and U do not touch
    assert judge.verdict("cat", {"CAT"}).verdict == referee.DUPLICATE
    assert judge.verdict("c").verdict == referee.TOO_SHORT
    assert judge.verdict("ca7").verdict == referee.NOT_ON_BOARD
    assert judge.verdict("x" * 500).verdict == referee.NOT_ON_BOARD


def test_to_dict_is_plain_json():
    board = parse_board("C A T/D O G/S U N", EN)
    dictionary = Dictionary.from_words(["CAT", "DOG", "GODS"], EN)
    judgement = check(board, dictionary, EN, "boggle", [["cat", "dog"], ["dog", "gods"]],
                      ["ann", "bob"])
    data = judgement.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["shared_words"] == "cancel"
    assert [p["total"] for p in data["players"]] == [1, 1]  # DOG cancelled for both
    assert data["comparison"] == {"everyone": ["DOG"], "shared": ["DOG"],
                                  "only": {"ann": ["CAT"], "bob": ["GODS"]}}


def test_read_list_takes_lines_spaces_commas_and_comments():
    assert read_list("# round 1\ncat dog,\n  sun,,gods\n\n") == ["cat", "dog", "sun", "gods"]


def test_check_refuses_bad_arguments():
    board = parse_board("C A T", EN)
    dictionary = Dictionary.from_words(["CAT"], EN)
    with pytest.raises(referee.ElzzurError, match="no lists"):
        check(board, dictionary, EN, "ruzzle", [])
    with pytest.raises(ValueError, match="shared_words"):
        check(board, dictionary, EN, "ruzzle", [["cat"], ["cat"]], shared_words="share")


# --- the command line ----------------------------------------------------------------------

@pytest.fixture
def game(tmp_path):
    (tmp_path / "words.txt").write_text("cat\ncats\ndog\ngods\nsun\nnut\ntug\n", encoding="utf-8")
    (tmp_path / "ann.txt").write_text("cat dog\nCAT\ncun\nta\ngod\n", encoding="utf-8")
    (tmp_path / "bob.txt").write_text("dog\ngods, sun\n", encoding="utf-8")
    return tmp_path


BOARD = "C A T/D O G/S U N"


def test_check_text(cli, game):
    run = cli("check", "-b", BOARD, "-d", "words.txt", "ann.txt", "bob.txt")
    assert run.code == 0, run.err
    assert run.out == """\
C A T
D O G
S U N

ann: 6 words, 2 valid, 12 points
  CAT     6     (0,0) (0,1) (0,2)
  DOG     6     (1,0) (1,1) (1,2)
  CAT     -     duplicate
  CUN     -     not on the board
  TA      -     not a word (the board spells it, the dictionary lacks it)
  GOD     -     not a word (the board spells it, the dictionary lacks it)

bob: 3 words, 3 valid, 17 points
  DOG     6     (1,0) (1,1) (1,2)
  GODS    7     (1,2) (1,1) (1,0) (2,0)
  SUN     4     (2,0) (2,1) (2,2)

found by both: DOG
only ann: CAT
only bob: GODS SUN
scores: bob 17, ann 12

The board holds 4 words worth 23 points.
"""


def test_check_boggle_cancels_and_json_is_to_dict(cli, game):
    run = cli("check", "-b", BOARD, "-d", "words.txt", "--rules", "boggle", "ann.txt", "bob.txt",
              "--format", "json")
    assert run.code == 0, run.err
    data = json.loads(run.out)
    board = parse_board(BOARD, EN)
    from elzzur.lexicon.dictionary import load_dictionary
    from elzzur.cli.check import read_player_list

    expected = check(board, load_dictionary(str(game / "words.txt"), EN), EN, "boggle",
                     [read_player_list("ann.txt"), read_player_list("bob.txt")],
                     ["ann", "bob"], rules_name="boggle")
    assert data == expected.to_dict() | {"players": data["players"]}  # bands: see below
    assert [[w["verdict"] for w in p["words"]] for p in data["players"]] == [
        ["valid", "cancelled", "duplicate", "not on the board", "too short", "not a word"],
        ["cancelled", "valid", "valid"]]
    assert [p["total"] for p in data["players"]] == [1, 2]
    run = cli("check", "-b", BOARD, "-d", "words.txt", "--rules", "boggle", "--shared", "keep",
              "ann.txt", "bob.txt", "--format", "json")
    assert [p["total"] for p in json.loads(run.out)["players"]] == [2, 3]


def test_check_reads_standard_input(cli, game):
    run = cli("check", "-b", BOARD, "-d", "words.txt", "-", stdin=b"sun cat\n")
    assert run.code == 0, run.err
    assert "stdin: 2 words, 2 valid, 10 points" in run.out
    assert "found by" not in run.out


def test_check_errors(cli, game):
    cli("check", "-b", BOARD, "-d", "words.txt", "nobody.txt").error(
        1, "nobody.txt: No such file or directory")
    cli("check", "-b", BOARD, "-", "-").error(2, "standard input can be read once")
    cli("check", "-b", "-", "-").error(2, "standard input can be read once, and -b - and LIST - each name it")
    cli("check", "-b", BOARD, "ann.txt", "-o", "ann.txt").error(2, "ann.txt")
    cli("check", "-b", "C A T\n\nD O G", "ann.txt").error(1, "check judges one")
    run = cli("check", "-b", BOARD)
    assert run.code == 2 and "required: LIST" in run.err


def test_check_names_two_lists_of_one_name_apart(cli, game):
    (game / "x").mkdir()
    (game / "x" / "ann.txt").write_text("sun\n", encoding="utf-8")
    run = cli("check", "-b", BOARD, "-d", "words.txt", "ann.txt", "x/ann.txt")
    assert "ann (2): 1 word, 1 valid, 4 points" in run.out


@pytest.mark.parametrize("pure", ["0", "1"])
def test_check_as_a_process(game, pure):
    import os

    env = dict(os.environ, ELZZUR_PURE_PYTHON=pure) if pure == "1" else dict(os.environ)
    done = subprocess.run([sys.executable, "-m", "elzzur", "check", "-b", BOARD, "-d",
                           "words.txt", "-", "--format", "json"], input=b"gods\ncat\n",
                          cwd=game, capture_output=True, env=env)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["players"][0]["total"] == 13
