"""elzzur hunt: the best boards found by hill climbing, checked against brute force over every
board of a small alphabet, reproducible by seed, and its command line."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from elzzur.grid.board import Board, Cell
from elzzur.grid.hunt import Climber, Scorer, hunt, symmetries
from elzzur.grid.rules import get_rules
from elzzur.grid.solver import find_words
from elzzur.lexicon.dictionary import load_dictionary
from elzzur.lexicon.languages import get_language

# A language of four letters, so that every board of a small size can be scored by brute force.
TINY = """\
code = "xx"
name = "Tiny"

[scoring]
min_length = 2
length_bonus = [0, 0, 0, 0, 5]
length_bonus_step = 5

[letters]
A = { value = 1, frequency = 30 }
E = { value = 1, frequency = 30 }
R = { value = 2, frequency = 20 }
T = { value = 3, frequency = 20 }
"""
WORDS = ["at", "ate", "eat", "tea", "tear", "rate", "are", "ear", "era", "tar", "rat", "art",
         "tart", "treat", "teeter", "err", "reata", "terra", "tarte", "retreat", "tee", "tree"]


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tiny")
    (folder / "tiny.toml").write_text(TINY, encoding="utf-8")
    (folder / "words.txt").write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    language = get_language(str(folder / "tiny.toml"))
    return folder, language, load_dictionary(str(folder / "words.txt"), language)


def total(board: Board, dictionary, language, rules) -> int:
    """The plain reference: the sum of the scores find_words lists."""
    return sum(row[1] for row in find_words(board, dictionary, language, rules=rules))


def brute_force(rows: int, cols: int, dictionary, language, rules) -> int:
    letters = sorted(language.letter_frequencies)
    return max(total(Board(rows, cols, tuple(map(Cell, combo))), dictionary, language, rules)
               for combo in itertools.product(letters, repeat=rows * cols))


@pytest.mark.parametrize("rows, cols, rules", [(2, 2, "ruzzle"), (2, 3, "ruzzle"),
                                               (2, 3, "boggle"), (1, 5, "ruzzle")])
def test_the_hunt_finds_the_best_board_brute_force_finds(tiny, rows, cols, rules):
    _, language, dictionary = tiny
    rules = get_rules(rules)
    best = brute_force(rows, cols, dictionary, language, rules)
    found = hunt(dictionary, language, rules, rows, cols, seconds=60, seed=3, climbs=3)
    board, score, _ = found.boards[0]
    assert score == best
    assert total(board, dictionary, language, rules) == score  # the score is the board's


def test_the_hunt_reaches_the_optimum_of_2x4(tiny):
    """4^8 boards: brute force (by the Scorer, which the next test holds to find_words) sees
    them all; the hunt scores a small share of them."""
    _, language, dictionary = tiny
    rules = get_rules("ruzzle")
    tiles = sorted(language.letter_frequencies)
    scorer = Scorer(dictionary, language, rules, 2, 4, tiles)
    best = max(scorer("".join(combo)) for combo in itertools.product(
        [chr(i) for i in range(len(tiles))], repeat=8))
    found = hunt(dictionary, language, rules, 2, 4, seconds=120, target=best, seed=1)
    assert found.boards[0][1] == best and found.scored < 4 ** 8 // 4


def test_the_fast_score_is_the_sum_of_the_words_scores(tiny, builtin_en):
    _, tiny_language, tiny_words = tiny
    tiny_scorer = Scorer(tiny_words, tiny_language, get_rules("ruzzle"), 2, 4, "AERT")
    for combo in itertools.islice(itertools.product("\0\1\2\3", repeat=8), 0, None, 97):
        key = "".join(combo)
        assert tiny_scorer(key) == total(tiny_scorer.board(key), tiny_words, tiny_language,
                                         get_rules("ruzzle"))
    """Scorer (the core's total) against find_words' rows, on random boards."""
    en = get_language("en")
    rng = random.Random(5)
    for rules in (get_rules("boggle"), get_rules("ruzzle")):
        tiles = sorted(en.letter_frequencies)
        scorer = Scorer(builtin_en, en, rules, 4, 4, tiles)
        for _ in range(50):
            key = "".join(chr(rng.randrange(len(tiles))) for _ in range(16))
            assert scorer(key) == total(scorer.board(key), builtin_en, en, rules)


@pytest.mark.parametrize("rows, cols", [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (1, 4), (2, 5)])
def test_every_symmetry_keeps_the_score(tiny, rows, cols, builtin_en):
    en = get_language("en")
    rules = get_rules("ruzzle")
    rng = random.Random(rows * 10 + cols)
    perms = symmetries(rows, cols)
    assert len(perms) == len(set(perms)) and tuple(range(rows * cols)) in perms
    letters = "AEIRSTLNO"
    for _ in range(5):
        cells = [Cell(rng.choice(letters)) for _ in range(rows * cols)]
        score = total(Board(rows, cols, tuple(cells)), builtin_en, en, rules)
        for perm in perms:
            moved = Board(rows, cols, tuple(cells[i] for i in perm))
            assert total(moved, builtin_en, en, rules) == score


def test_square_and_rectangle_symmetry_counts():
    assert len(symmetries(4, 4)) == 8 and len(symmetries(3, 4)) == 4
    assert len(symmetries(2, 2)) == 24  # every cell touches every other


def test_a_seed_makes_the_same_climbs(tiny):
    _, language, dictionary = tiny
    rules = get_rules("ruzzle")
    runs = [hunt(dictionary, language, rules, 3, 3, seconds=120, seed=seed, climbs=2, jobs=jobs)
            for seed, jobs in ((8, 1), (8, 1), (8, 2), (8, 2))]
    boards = [[(b.token_rows(), s) for b, s, _ in run.boards] for run in runs]
    assert boards[0] == boards[1] and boards[2] == boards[3]
    assert runs[0].scored == runs[1].scored and runs[2].scored == runs[3].scored
    assert runs[2].climbs == 4  # two climbs in each of two processes


def test_the_best_first_and_round_orders_both_climb(tiny):
    _, language, dictionary = tiny
    rules = get_rules("ruzzle")
    tiles = sorted(language.letter_frequencies)
    best = brute_force(2, 3, dictionary, language, rules)
    for order in ("best", "rounds"):
        scorer = Scorer(dictionary, language, rules, 2, 3, tiles)
        climber = Climber(scorer, len(tiles), [1] * len(tiles), random.Random(2), pool=20,
                          climbs=2, order=order)
        while climber.step():
            pass
        assert climber.done == 2 and climber.top == best


def test_a_climb_that_forgets_what_it_scored_still_finds_the_best(tiny, monkeypatch):
    """Memory is bounded: past SEEN_LIMIT a climb forgets which boards it scored; it scores
    them again and still climbs to the optimum."""
    import elzzur.grid.hunt as hunt_module

    _, language, dictionary = tiny
    rules = get_rules("ruzzle")
    best = brute_force(2, 3, dictionary, language, rules)
    monkeypatch.setattr(hunt_module, "SEEN_LIMIT", 40)
    monkeypatch.setattr(hunt_module, "SCORE_CACHE", 30)
    found = hunt(dictionary, language, rules, 2, 3, seconds=60, seed=3, climbs=3, pool=15)
    assert found.boards[0][1] == best


def test_bonus_tiles_are_hunted_with_the_letters(tiny):
    """Every 2x2 board of the tiny letters with Ruzzle's round-1 bonus tiles (a double and a
    triple letter) on every pair of cells: the hunt finds the best, its bonus tiles intact."""
    _, language, dictionary = tiny
    rules = get_rules("ruzzle")
    letters = sorted(language.letter_frequencies)
    best = 0
    for combo in itertools.product(letters, repeat=4):
        for dl, tl in itertools.permutations(range(4), 2):
            bonus = ["" for _ in range(4)]
            bonus[dl], bonus[tl] = "dl", "tl"
            board = Board(2, 2, tuple(Cell(ch, b) for ch, b in zip(combo, bonus)))
            best = max(best, total(board, dictionary, language, rules))
    found = hunt(dictionary, language, rules, 2, 2, seconds=60, seed=2, climbs=2,
                 bonuses=("dl", "tl"))
    board, score, _ = found.boards[0]
    assert score == best == total(board, dictionary, language, rules)
    assert sorted(cell.bonus for cell in board.cells) == ["", "", "dl", "tl"]


def test_the_fast_score_counts_bonus_tiles(builtin_en):
    en = get_language("en")
    rules = get_rules("ruzzle")
    tiles = sorted(en.letter_frequencies)
    scorer = Scorer(builtin_en, en, rules, 4, 4, tiles, ("dl", "tl", "dw", "dw", "tw"))
    climber = Climber(scorer, len(tiles), [1] * len(tiles), random.Random(9))
    rng = random.Random(9)
    for _ in range(30):
        key = climber.place("".join(chr(rng.randrange(len(tiles))) for _ in range(16)))
        board = scorer.board(key)
        assert sorted(c.bonus for c in board.cells if c.bonus) == ["dl", "dw", "dw", "tl", "tw"]
        assert scorer(key) == total(board, builtin_en, en, rules)
        for other in itertools.islice(climber.neighbours(key), 0, None, 37):
            moved = scorer.board(other)
            assert sorted(c.bonus for c in moved.cells if c.bonus) == \
                ["dl", "dw", "dw", "tl", "tw"]
            assert scorer(other) == total(moved, builtin_en, en, rules)


# --- the command line ---------------------------------------------------------------------------

def test_the_output_lists_boards_best_first(cli, tiny):
    folder, _, _ = tiny
    run = cli("hunt", "-l", str(folder / "tiny.toml"), "-d", str(folder / "words.txt"),
              "--rows", "2", "--cols", "3", "--climbs", "2", "--seed", "4", "--top", "3")
    assert run.code == 0 and run.err == ""
    lines = run.out.splitlines()
    assert len(lines) == 3
    scores = []
    for line in lines:
        points, _, words, _, board = line.split(maxsplit=4)
        assert line.split()[1] == "points" and line.split()[3] == "words"
        scores.append(int(points.replace(",", "")))
        solved = cli("solve", "-l", str(folder / "tiny.toml"), "-d", str(folder / "words.txt"),
                     "-b", board, "--format", "json")
        stats = json.loads(solved.out)["stats"]
        assert stats["total_score"] == scores[-1] and stats["words"] == int(words)
    assert scores == sorted(scores, reverse=True)


def test_json_and_a_target_that_stops_early(cli, tiny):
    folder, language, dictionary = tiny
    best = brute_force(2, 3, dictionary, language, get_rules("ruzzle"))
    run = cli("hunt", "-l", str(folder / "tiny.toml"), "-d", str(folder / "words.txt"),
              "--rows", "2", "--cols", "3", "--target", str(best), "--seed", "1",
              "--seconds", "600", "--format", "json")
    assert run.code == 0
    document = json.loads(run.out)
    assert document["boards"][0]["score"] == best and document["seed"] == 1
    assert document["climbs"] == 0  # stopped inside its first climb, at the target


def test_a_target_out_of_reach_is_an_error_naming_the_best(cli, tiny):
    folder, _, _ = tiny
    run = cli("hunt", "-l", str(folder / "tiny.toml"), "-d", str(folder / "words.txt"),
              "--rows", "2", "--cols", "2", "--target", "100000", "--climbs", "1", "--seed", "1")
    run.error(1, "no board reached --target 100,000", "the best has", "seed 1")


@pytest.mark.parametrize("options, message", [
    (["--rows", "1", "--cols", "1"], "a hunt needs at least two"),
    (["--rows", "11", "--cols", "10"], "at most 100"),
    (["--seconds", "0"], "--seconds"),
    (["--target", "0"], "--target"),
    (["--jobs", "0"], "--jobs"),
    (["--pool", "0"], "--pool"),
    (["--climbs", "x"], "--climbs"),
    (["--format", "csv"], "--format"),
    (["--bonus", "round3", "--rules", "boggle"], "no bonus tiles"),
    (["--bonus", "round3", "--rows", "2", "--cols", "2"], "cannot hold its 5 bonus tiles"),
    (["--bonus", "round9"], "--bonus"),
    (["--jobs", "100000"], "this machine has"),
])
def test_bad_options_are_usage_errors(cli, options, message):
    run = cli("hunt", "-l", "en", *options)
    assert run.code == 2 and "Traceback" not in run.err and message in run.err
    assert run.out == ""
