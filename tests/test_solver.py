"""The solver against a tiny brute-force reference, and scores worked out by hand."""

from __future__ import annotations

import marisa_trie
import pytest
from hypothesis import given, settings, strategies as st

from elzzur import Board, Cell, Dictionary, Found, get_language, parse_board, score_path, solve
from elzzur.solver import find_words

# Both implementations of the search run every test: the C core (built by pip install) and
# the pure-Python one it falls back to.
BACKENDS = pytest.mark.parametrize("use", ["c", "python"])

EN = get_language("en")

# Independent of elzzur's rules file: the multipliers as the game defines them.
LETTER_X = {"dl": 2, "tl": 3}
WORD_X = {"dw": 2, "tw": 3}


def dictionary(words) -> Dictionary:
    return Dictionary.from_words(words, EN, "test")


def reference_solve(board: Board, words: set[str], min_length: int = 2):
    """Every simple path of the board, no pruning: {word: (best score, first best path)}."""
    longest = max((len(w) for w in words), default=0)
    best: dict[str, tuple[int, tuple[tuple[int, int], ...]]] = {}

    def score(path):
        cells = [board.cell(r, c) for r, c in path]
        letters = sum(EN.letter_values[ch] * LETTER_X.get(cell.bonus, 1)
                      for cell in cells for ch in cell.letters)
        factor = 1
        for cell in cells:
            factor *= WORD_X.get(cell.bonus, 1)
        n = sum(len(cell.letters) for cell in cells)
        bonus = 5 * (n - 4) if n >= 5 else 0
        return letters * factor + bonus

    def walk(path):
        word = "".join(board.cell(r, c).letters for r, c in path)
        if len(word) > longest:
            return
        if word in words and len(word) >= min_length:
            s = score(path)
            if word not in best or s > best[word][0] or s == best[word][0] and path < best[word][1]:
                best[word] = (s, path)
        r, c = path[-1]
        for rr in range(r - 1, r + 2):
            for cc in range(c - 1, c + 2):
                if 0 <= rr < board.rows and 0 <= cc < board.cols and (rr, cc) not in path:
                    walk(path + ((rr, cc),))

    for r in range(board.rows):
        for c in range(board.cols):
            walk(((r, c),))
    return best


LETTERS = "AEST"  # few letters, so random word lists hit the board often
BONUSES = ["", "", "", "dl", "tl", "dw", "tw"]


@st.composite
def boards_and_words(draw):
    rows = draw(st.integers(1, 3))
    cols = draw(st.integers(1, 3))
    cells = tuple(
        Cell(draw(st.sampled_from(LETTERS)), draw(st.sampled_from(BONUSES)))
        for _ in range(rows * cols)
    )
    board = Board(rows, cols, cells)
    random_words = draw(st.sets(st.text(LETTERS, min_size=1, max_size=6), max_size=30))
    # Words read off random walks (which may revisit cells: those must then not be found).
    walks = set()
    for _ in range(draw(st.integers(0, 8))):
        index = draw(st.integers(0, rows * cols - 1))
        word = cells[index].letters
        for _ in range(draw(st.integers(0, 5))):
            index = draw(st.sampled_from(board.neighbours[index] or (index,)))
            word += cells[index].letters
        walks.add(word)
    return board, random_words | walks


def found(board, words, use, min_length=None):
    """{word: (score, path as (row, col) cells)} from the chosen search."""
    return {
        word: (score, tuple(board.position(i) for i in path))
        for word, score, path in find_words(board, dictionary(words), EN, min_length, use=use)
    }


@BACKENDS
@settings(max_examples=300, deadline=None)
@given(case=boards_and_words(), min_length=st.integers(1, 4))
def test_solver_agrees_with_brute_force(use, case, min_length):
    board, words = case
    expected = reference_solve(board, words, max(min_length, 1))
    assert found(board, words, use, min_length) == expected


@BACKENDS
@settings(max_examples=200, deadline=None)
@given(case=boards_and_words())
def test_every_path_is_valid_and_spells_its_word(use, case):
    board, words = case
    for found in solve(board, dictionary(words), EN, use=use):
        path = found.path
        assert len(set(path)) == len(path), "a cell is used twice"
        for (r1, c1), (r2, c2) in zip(path, path[1:]):
            assert max(abs(r1 - r2), abs(c1 - c2)) == 1, "consecutive cells are not neighbours"
        assert "".join(board.cell(r, c).letters for r, c in path) == found.word
        assert found.word in words
        index_path = tuple(r * board.cols + c for r, c in path)
        assert score_path(board, index_path, EN) == found.score


SEED_BOARD = "Ttl R S Ndl/Odw Htw E I/Cdw I N V/Etl A D E"


@BACKENDS
def test_cohesive_scores_224_on_the_seed_board(use):
    # C O H E S I V E on (2,0) (1,0) (1,1) (1,2) (0,2) (1,3) (2,3) (3,3):
    # letters 4 + 1 + 4 + 1 + 1 + 1 + 4 + 1 = 17 (no letter multipliers on the path);
    # word multipliers dw (C) x dw (O) x tw (H) = 12; 17 x 12 = 204; 8 letters: bonus 20; 224.
    board = parse_board(SEED_BOARD, EN)
    solution = solve(board, dictionary(["COHESIVE", "ECHO", "HERO", "HEROIC"]), EN, use=use)
    cohesive = solution["COHESIVE"]
    assert cohesive.score == 224
    assert cohesive.path == ((2, 0), (1, 0), (1, 1), (1, 2), (0, 2), (1, 3), (2, 3), (3, 3))


@BACKENDS
def test_hand_worked_scores_on_the_seed_board(use):
    board = parse_board(SEED_BOARD, EN)
    solution = solve(board, dictionary(["ECHO", "HEROIC", "TRIED", "IN"]), EN, use=use)
    # ECHO: E tl (3,0) 1x3=3, C dw 4, H tw 4, O dw 1: 12 x (2x3x2=12) = 144, 4 letters no bonus.
    assert solution["ECHO"] == Found("ECHO", 144, ((3, 0), (2, 0), (1, 1), (1, 0)))
    # HEROIC: H tw 4, E 1, R 1, O dw 1, I 1, C dw 4 = 12; x (3x2x2=12) = 144; 6 letters +10 = 154.
    assert solution["HEROIC"].score == 154
    # IN: I (2,1) 1 + N (2,2) 1 = 2; or I (1,3) + N (0,3) dl: 1 + 2 = 3, the better path wins.
    assert solution["IN"].score == 3
    assert solution["IN"].path == ((1, 3), (0, 3))
    assert "TRIED" not in {f.word for f in solution}  # T and R are not next to an I then E, D


@BACKENDS
def test_length_bonus_continues_past_nine_letters(use):
    board = parse_board("S T R E N G T H E N", EN)  # one row of ten cells
    solution = solve(board, dictionary(["STRENGTHEN", "STRENGTH"]), EN, use=use)
    # STRENGTHEN: 1+1+1+1+1+3+1+4+1+1 = 15, bonus 5 x (10 - 4) = 30.
    assert solution["STRENGTHEN"].score == 45
    # STRENGTH: 13 + bonus 20.
    assert solution["STRENGTH"].score == 33


@BACKENDS
def test_ties_go_to_the_first_path_row_by_row(use):
    board = parse_board("A T/T A", EN)
    solution = solve(board, dictionary(["AT", "TA"]), EN, use=use)
    assert solution["AT"].path == ((0, 0), (0, 1))
    assert solution["TA"].path == ((0, 1), (0, 0))


@BACKENDS
def test_a_board_without_words_is_not_an_error(use):
    solution = solve(parse_board("X X/X X", EN), dictionary(["CAT"]), EN, use=use)
    assert len(solution) == 0 and solution.total_score == 0 and solution.longest == 0


@BACKENDS
def test_min_length_and_sorting(use):
    board = parse_board("C A/T S", EN)
    solution = solve(board, dictionary(["CAT", "CATS", "AT", "AS", "SAT", "ACTS"]), EN, use=use)
    assert [f.word for f in solution.sorted("alpha")] == ["ACTS", "AS", "AT", "CAT", "CATS", "SAT"]
    # CATS and ACTS both score 4+1+1+1 = 7: equal length and score fall back to the word.
    assert [f.word for f in solution.sorted("length")][:2] == ["ACTS", "CATS"]
    assert {f.word for f in solution.with_min_length(4)} == {"CATS", "ACTS"}
    scores = [f.score for f in solution.sorted("score")]
    assert scores == sorted(scores, reverse=True)
    assert [f.word for f in solution.sorted("score", reverse=True)] == \
        [f.word for f in solution.sorted("score")][::-1]
    starts = [f.path[0] for f in solution.sorted("start")]
    assert starts == sorted(starts)
    ends = [f.path[-1] for f in solution.sorted("end")]
    assert ends == sorted(ends)
    with pytest.raises(ValueError):
        solution.sorted("colour")
