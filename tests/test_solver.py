"""The solver against a tiny brute-force reference, and scores worked out by hand."""

from __future__ import annotations

import marisa_trie
import pytest
from hypothesis import event, given, settings, strategies as st

from elzzur import Board, Cell, Dictionary, Found, get_language, parse_board, score_path, solve
from elzzur.grid.solver import find_words

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
    expected = reference_solve(board, words, max(min_length, 2))  # Ruzzle: 2 letters at least
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
    # ECHO: E tl (3,0) 1x3=3, C dw 4, H tw 4, O dw 1: 12 x (2x3x2=12) = 144, 4 letters no bonus;
    # an everyday English word (commonness band 1), whichever dictionary found it.
    assert solution["ECHO"] == Found("ECHO", 144, ((3, 0), (2, 0), (1, 1), (1, 0)), band=1)
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
def test_a_board_made_with_a_list_of_cells(use):
    """Board(rows, cols, cells) with the cells in a list, not a tuple: the same words (the C
    core's fast reading of the cells takes tuples only, and leaves a list to Python)."""
    cells = [Cell("C"), Cell("A", "dl"), Cell("T"), Cell("S")]
    words = dictionary({"ACT", "ACTS", "CAT", "CATS", "SAT"})
    listed = find_words(Board(2, 2, cells), words, EN, use=use)
    assert listed == find_words(Board(2, 2, tuple(cells)), words, EN, use=use)
    assert {word for word, _, _ in listed} == {"ACT", "ACTS", "CAT", "CATS", "SAT"}
    assert listed == find_words(Board(2, 2, cells), words, EN, use=use)  # kinds known now


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


# --- every kind of tile, holes, the rule presets and revisiting paths ------------------------

from elzzur.grid.rules import get_rules  # noqa: E402

WORDAMENT = dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ",
                     [2, 5, 3, 3, 1, 5, 4, 4, 2, 10, 6, 3, 4, 2, 2, 4, 8, 2, 2, 2, 4, 6, 6, 9, 5, 8]))


def reference_score(game: str, cells, letters, length: int) -> int:
    """Each preset's scoring, written out independently of the rules files."""
    tiles = []
    for cell, spelt in zip(cells, letters):
        if cell.value is not None:
            tiles.append(cell.value)
        elif game == "ruzzle":
            tiles.append(sum(EN.letter_values[ch] for ch in spelt))
        elif game == "wordament":
            tiles.append(sum(WORDAMENT[ch] for ch in spelt))
        else:
            tiles.append(0)
    if game == "ruzzle":
        total = sum(t * LETTER_X.get(c.bonus, 1) for t, c in zip(tiles, cells))
        factor = 1
        for cell in cells:
            factor *= WORD_X.get(cell.bonus, 1)
        return total * factor + (5 * (length - 4) if length >= 5 else 0)
    # no letter values and no bonus tiles, but a value written on a tile still counts
    if game == "boggle":
        return sum(tiles) + [0, 0, 0, 1, 1, 2, 3, 5, 11][min(length, 8)]
    if game == "bigboggle":  # 1, 2, 3, 5, 11 for 4, 5, 6, 7, 8+ letters
        return sum(tiles) + [0, 0, 0, 0, 1, 2, 3, 5, 11][min(length, 8)]
    if game == "wordhunt":
        table = [0, 0, 0, 100, 400, 800, 1400, 1800, 2200]
        return sum(tiles) + (table[length] if length <= 8 else 2200 + 400 * (length - 8))
    assert game == "wordament"
    multiplier = 2 if length <= 4 else 3 if length == 5 else 4 if length <= 7 else 5
    return sum(tiles) * multiplier // 2


def reference_tiles(board: Board, words: set[str], game: str, min_length: int, revisit: bool,
                    score=None):
    """Every path and every choice of letters along it, no pruning. ``score(cells, letters,
    length)``, if given, scores a word instead of the preset ``game``."""
    longest = max((len(w) for w in words), default=0)
    best: dict[str, tuple[int, tuple]] = {}
    score_of = score or (lambda cells, spelt, length: reference_score(game, cells, spelt, length))

    def walk(path, spelt):
        cells = [board.cells[i] for i in path]
        word = "".join(spelt)
        if len(word) > longest:
            return
        last = cells[-1]
        ends_ok = all(c.place != "start" for c in cells[1:])
        if word in words and len(word) >= min_length and ends_ok:
            score = score_of(cells, spelt, len(word))
            rc = tuple(board.position(i) for i in path)
            if word not in best or score > best[word][0] or score == best[word][0] and rc < best[word][1]:
                best[word] = (score, rc)
        if last.place == "end" or not ends_ok:
            return
        for nxt in board.neighbours[path[-1]]:
            if nxt in path and not revisit:
                continue
            for letters in board.cells[nxt].choices:
                walk(path + (nxt,), spelt + [letters])

    for start, cell in enumerate(board.cells):
        for letters in cell.choices:
            walk((start,), [letters])
    return best


@st.composite
def tiled_boards(draw):
    revisit = draw(st.booleans())
    rows, cols = draw(st.integers(1, 2 if revisit else 3)), draw(st.integers(1, 3))
    cells = []
    for _ in range(rows * cols):
        kind = draw(st.sampled_from(["letter"] * 5 + ["pair", "either", "hole", "prefix", "suffix"]))
        letters = draw(st.sampled_from(LETTERS))
        if kind == "pair":
            choices = (letters + draw(st.sampled_from(LETTERS)),)
        elif kind == "either":
            other = draw(st.sampled_from([ch for ch in LETTERS if ch != letters]))
            choices = (letters, other)
        elif kind == "hole":
            choices = ()
        else:
            choices = (letters,)
        place = {"prefix": "start", "suffix": "end"}.get(kind, "")
        value = draw(st.none() | st.integers(0, 9)) if choices and draw(st.booleans()) else None
        bonus = draw(st.sampled_from(BONUSES)) if choices else ""
        cells.append(Cell(choices, bonus, value, place))
    board = Board(rows, cols, tuple(cells))
    words = draw(st.sets(st.text(LETTERS, min_size=1, max_size=5 if revisit else 6), max_size=40))
    return board, words, revisit


@BACKENDS
@settings(max_examples=300, deadline=None)
@given(case=tiled_boards(),
       game=st.sampled_from(["ruzzle", "boggle", "bigboggle", "wordhunt", "wordament"]),
       min_length=st.integers(1, 4))
def test_tiles_holes_presets_and_revisits_agree_with_brute_force(use, case, game, min_length):
    board, words, revisit = case
    rules = get_rules(game)
    got = find_words(board, dictionary(words), EN, min_length, use=use, rules=rules,
                     revisit=revisit)
    found = {word: (score, tuple(board.position(i) for i in path)) for word, score, path in got}
    assert found == reference_tiles(board, words, game, max(min_length, rules.min_length), revisit)


@BACKENDS
def test_a_search_that_explodes_stops_with_a_clear_error(use):
    from elzzur.errors import ElzzurError

    board = parse_board("A A A/A A A/A A A", EN)
    words = dictionary(["A" * n for n in range(2, 12)])
    with pytest.raises(ElzzurError, match="the search took more than 1,000 steps on this 3x3 "
                                          r"board and was stopped \(paths that revisit"):
        find_words(board, words, EN, use=use, revisit=True, limit=1000)


def test_a_repeated_call_sees_what_changed_since(monkeypatch):
    """find_words given the very same objects as the call before goes straight to the C core;
    it still answers for the dictionary's list and corrections as they are now, the rules'
    longest word, the step limit, kinds of cell not seen before, a deadline, and the backend
    asked for."""
    from elzzur.errors import ElzzurError
    from elzzur.grid.rules import get_rules
    from elzzur.grid.solver import SearchTimedOut

    board = parse_board("C A T/O R S/D E N", EN)
    words = dictionary(["CAT", "CATS", "CART", "CARTS", "COD", "CODE", "CODER", "RED", "ART"])
    rules = get_rules("ruzzle").replace(max_length=4)
    plain = find_words(board, words, EN, use="python", rules=rules)
    assert {w for w, _, _ in plain} == {"CAT", "CATS", "CART", "COD", "CODE", "RED", "ART"}
    for _ in range(3):
        assert find_words(board, words, EN, use="c", rules=rules) == plain
        assert find_words(board, words, EN, rules=rules) == plain
    other = parse_board("Ctw A T/O R S/D E N", EN)  # a kind of cell not yet seen
    assert find_words(other, words, EN, rules=rules) == \
        find_words(other, words, EN, rules=rules, use="python") != plain
    for text in ("C A R T S", "C/A/T/S", "C A/T S"):  # other shapes: their own neighbours
        shaped = parse_board(text, EN)
        assert find_words(shaped, words, EN, rules=rules) == \
            find_words(shaped, words, EN, rules=rules, use="python")
        assert find_words(shaped, words, EN, rules=rules)  # (each finds some word)
    words.removed = frozenset({"CAT"})  # the same Dictionary, changed
    assert [w for w, _, _ in find_words(board, words, EN, rules=rules)] == \
        [w for w, _, _ in plain if w != "CAT"]
    words.removed = frozenset()
    assert find_words(board, words, EN, rules=rules) == plain
    words.graph = dictionary(["DOE", "ROD"]).graph
    assert [w for w, _, _ in find_words(board, words, EN, rules=rules)] == ["DOE", "ROD"]
    words.added = dictionary(["ROE"]).graph
    assert [w for w, _, _ in find_words(board, words, EN, rules=rules)] == ["DOE", "ROD", "ROE"]
    words.added = None
    for _ in range(2):
        with pytest.raises(ElzzurError, match="more than 5 steps"):
            find_words(board, words, EN, rules=rules, limit=5)
    many, a_words = parse_board("A A A/A A A/A A A", EN), dictionary(["A" * n for n in range(2, 12)])
    for _ in range(2):  # (a search of 10**10 steps)
        find_words(parse_board("A", EN), a_words, EN, revisit=True)
        with pytest.raises(SearchTimedOut):
            find_words(many, a_words, EN, revisit=True, deadline=0)
    # the backend chosen by the environment, as it is now: no C reading of the cells then
    import elzzur.grid.solver as solver
    from elzzur.lexicon.graph import refresh_backend

    found = find_words(board, words, EN, rules=rules)
    monkeypatch.setenv("ELZZUR_PURE_PYTHON", "1")
    monkeypatch.setattr(solver, "_core_cell_rows", None)  # (a call would fail)
    refresh_backend()
    try:
        assert find_words(board, words, EN, rules=rules) == found
    finally:
        monkeypatch.undo()
        refresh_backend()
    assert find_words(board, words, EN, rules=rules) == found


def test_a_repeated_solve_sees_what_changed_since(monkeypatch):
    """solve given the very same objects as the call before goes straight to the C core, as
    find_words does; it still answers for the dictionary, its corrections, the rules' longest
    word, common, kinds of cell and shapes not seen before, and the backend asked for."""
    from elzzur.grid.rules import get_rules
    from elzzur.lexicon.graph import refresh_backend

    board = parse_board("C A T/O R S/D E N", EN)
    words = dictionary(["CAT", "CATS", "CART", "CARTS", "COD", "CODE", "CODER", "RED", "ART",
                        "ORTS"])  # (ORTS: a rare word)
    rules = get_rules("ruzzle").replace(max_length=4)

    def same(board, **options):  # the C core's answer, thrice, is the Python search's
        expected = solve(board, words, EN, rules=rules, use="python", **options)
        for _ in range(3):
            assert solve(board, words, EN, rules=rules, **options) == expected
        return expected

    plain = same(board)
    assert {f.word for f in plain.words} == {"CAT", "CATS", "CART", "COD", "CODE", "RED", "ART",
                                             "ORTS"}
    assert [f.band for f in plain.words if f.word == "CAT"] == [1]  # bands of the language
    assert same(parse_board("Ctw A T/O R S/D E N", EN)) != plain  # a new kind of cell
    for text in ("C A R T S", "C/A/T/S", "C A/T S"):  # other shapes
        assert same(parse_board(text, EN)).words
    common = same(board, common=True)
    assert {f.word for f in common.words} < {f.word for f in plain.words}
    assert same(board) == plain
    words.removed = frozenset({"CAT"})
    assert [f.word for f in solve(board, words, EN, rules=rules).words] == \
        [f.word for f in plain.words if f.word != "CAT"]
    words.removed = frozenset()
    words.added = dictionary(["ROE"]).graph
    assert "ROE" in {f.word for f in solve(board, words, EN, rules=rules).words}
    words.added = None
    assert same(board) == plain
    words.graph = dictionary(["DOE", "ROD"]).graph
    assert {f.word for f in solve(board, words, EN, rules=rules).words} == {"DOE", "ROD"}
    # the backend chosen by the environment, as it is now: the Python search makes every
    # path afresh, where the core hands out the paths it keeps
    kept = solve(board, words, EN, rules=rules)
    assert all(a.path is b.path for a, b in zip(kept.words, solve(board, words, EN, rules=rules).words))
    monkeypatch.setenv("ELZZUR_PURE_PYTHON", "1")
    refresh_backend()
    try:
        first, second = (solve(board, words, EN, rules=rules) for _ in range(2))
        assert first == second == kept
        assert not any(a.path is b.path for a, b in zip(first.words, second.words))
    finally:
        monkeypatch.undo()
        refresh_backend()


@BACKENDS
def test_qu_counts_two_letters_in_boggle(use):
    board = parse_board("Qu I/T S", EN)
    found = {w: s for w, s, _ in find_words(board, dictionary(["QUIT", "QUITS"]), EN, use=use,
                                           rules=get_rules("boggle"))}
    assert found == {"QUIT": 1, "QUITS": 2}  # 4 letters: 1 point; 5 letters: 2 points


# --- extreme numbers: both backends alike, and as the brute force says ------------------------

from elzzur.errors import ElzzurError  # noqa: E402
from elzzur.grid.rules import with_scores  # noqa: E402
from elzzur.grid.solver import SCORE_LIMIT  # noqa: E402

EDGES = [0, 1, 7, 2**31, 2**32, 2**61, 2**62, 2**63 - 1, 2**63, 2**64, 10**20]
TOO_LARGE = "a score on this board would be larger than 9,223,372,036,854,775,807"


class Overflow(Exception):
    """The brute force's verdict: some word's score leaves 64 bits."""


def extreme_score(rules, cells, spelt, length: int) -> int:
    """The score as the rules file format documents it, written out, with every value a
    search holds along the path (each prefix's letter sum and word multiplier, their product,
    times the length factor, the score) required to fit in 64 bits."""
    values = EN.letter_values if rules.letter_values is None else rules.letter_values
    low, high = -2**63, 2**63 - 1
    total, factor = 0, 1
    for cell, letters in zip(cells, spelt):
        tile = cell.value if cell.value is not None else sum(values.get(ch, 0) for ch in letters)
        if rules.multipliers:
            tile *= LETTER_X.get(cell.bonus, 1)
            factor *= WORD_X.get(cell.bonus, 1)
        total += tile
        if not (low <= total <= high and low <= factor <= high):
            raise Overflow
    product = total * factor
    table = rules.length_factor or (1,)
    scaled = product * (table[length] if length < len(table) else table[-1])
    bonus = extreme_bonus(rules, length)
    score = scaled // rules.length_divisor + bonus
    if not all(low <= n <= high for n in (product, scaled, score)):
        raise Overflow
    return score


def extreme_bonus(rules, length: int) -> int:
    table, step = (EN.length_bonus, EN.length_bonus_step) if rules.length_bonus is None \
        else (rules.length_bonus, rules.length_bonus_step)
    return table[length] if length < len(table) else table[-1] + (length - len(table) + 1) * step


def expected_extreme(board, words, rules, min_length, revisit, graph):
    """The brute force's answer, or Overflow: a number the searches are given that does not
    fit (a tile's points, a bonus or length factor a word of the graph could reach, the
    divisor), or a word whose score does not (``extreme_score``)."""
    low, high = -2**63, 2**63 - 1
    values = EN.letter_values if rules.letter_values is None else rules.letter_values
    for cell in board.cells:
        for letters in cell.choices:
            tile = cell.value if cell.value is not None else sum(values.get(ch, 0) for ch in letters)
            if not low <= tile * (LETTER_X.get(cell.bonus, 1) if rules.multipliers else 1) <= high:
                raise Overflow
    reach = min(graph.longest, len(graph.masks) - 1)
    for n in range(reach + 1):
        table = rules.length_factor or (1,)
        if not (low <= extreme_bonus(rules, n) <= high
                and low <= (table[n] if n < len(table) else table[-1]) <= high):
            raise Overflow
    return reference_tiles(board, words, "", max(min_length, rules.min_length), revisit,
                           lambda cells, spelt, n: extreme_score(rules, cells, spelt, n))


@settings(max_examples=300, deadline=None)
@given(case=tiled_boards(), data=st.data(),
       game=st.sampled_from(["ruzzle", "boggle", "wordhunt", "wordament"]),
       min_length=st.integers(1, 4))
def test_extreme_numbers_agree_across_backends_and_with_brute_force(case, data, game, min_length):
    """Letter values (as --score sets them, or any whole number through the API), values on
    tiles, length factors, divisors and bonuses near and past 64 bits: the C core and Python
    give the same words and scores or the same error, and that is the brute force's answer:
    an error exactly when some number or some word's score does not fit in 64 bits."""
    board, words, revisit = case
    edge = st.one_of(st.sampled_from(EDGES), st.integers(0, 2**40))
    cells = tuple(cell.replace(value=data.draw(st.one_of(edge, edge.map(lambda n: -n))))
                  if cell.value is not None and data.draw(st.booleans()) else cell
                  for cell in board.cells)
    board = Board(board.rows, board.cols, cells)
    for _ in range(data.draw(st.integers(1, 8))):  # words along random walks: most are found
        index = data.draw(st.integers(0, len(cells) - 1))
        word = ""
        for _ in range(data.draw(st.integers(2, 5))):
            word += data.draw(st.sampled_from(cells[index].choices or ("",)))
            index = data.draw(st.sampled_from(board.neighbours[index] or (index,)))
        words = words | {word} if word else words
    rules = get_rules(game)
    letters = data.draw(st.lists(st.sampled_from(LETTERS), max_size=3, unique=True))
    score = st.one_of(st.sampled_from([0, 1, 10**6]), st.integers(0, 10**6))  # --score's range
    rules = with_scores(rules, [f"{ch}={data.draw(score)}" for ch in letters], EN)
    letters = data.draw(st.lists(st.sampled_from(LETTERS), max_size=3, unique=True))
    if letters:  # the API takes any whole numbers, negative too
        rules = rules.replace(letter_values={**rules.values(EN), **{
            ch: data.draw(st.one_of(edge, edge.map(lambda n: -n))) for ch in letters}})
    if data.draw(st.booleans()):
        rules = rules.replace(length_factor=tuple(data.draw(st.lists(
            st.one_of(st.integers(0, 5), edge), min_size=1, max_size=7))))
    if data.draw(st.booleans()):
        rules = rules.replace(length_divisor=data.draw(st.one_of(st.integers(1, 5), edge.filter(bool))))
    if data.draw(st.booleans()):
        rules = rules.replace(length_bonus=tuple(data.draw(st.lists(
            st.one_of(st.integers(0, 30), edge), min_size=1, max_size=7))),
            length_bonus_step=data.draw(st.one_of(st.integers(0, 3), edge)))
    words_graph = dictionary(words)
    answers = []
    for use in ("c", "python"):
        try:
            got = find_words(board, words_graph, EN, min_length, use=use, rules=rules,
                             revisit=revisit)
            answers.append({w: (sc, tuple(board.position(i) for i in p)) for w, sc, p in got})
        except ElzzurError as e:
            answers.append(str(e))
    assert answers[0] == answers[1]
    event("refused" if isinstance(answers[0], str) else "answered" if answers[0] else "no words")
    if rules.length_divisor > SCORE_LIMIT:
        assert answers[0].startswith("the length divisor of rules")
        return
    try:
        expected = expected_extreme(board, words, rules, min_length, revisit, words_graph.graph)
    except Overflow:
        assert isinstance(answers[0], str) and answers[0].startswith(TOO_LARGE), answers[0]
    else:
        assert answers[0] == expected


# --- solve() builds its Founds in the core --------------------------------------------------------

from elzzur import Solution, load_dictionary, random_board  # noqa: E402
from elzzur.lexicon.commonness import language_bands  # noqa: E402


def plain_solve(board, dictionary, language, rules=None, common=False):
    """solve() as it was written before the core built the Founds: the reference."""
    bands = language_bands(language)
    found = find_words(board, dictionary, language, rules=rules)
    words = tuple(Found(word, score, tuple(board.position(i) for i in path),
                        bands.band(word) if bands else None) for word, score, path in found)
    if common:
        words = tuple(f for f in words if f.band is not None and f.band <= 2)
    return Solution(board, language.code, words).sorted("score")


@pytest.fixture(scope="module")
def english_words():
    return load_dictionary(None, EN, corrections=False)


@BACKENDS
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.sampled_from([(4, 4), (5, 5), (3, 7)]),
       rules=st.sampled_from(["ruzzle", "boggle", "wordament"]), common=st.booleans())
def test_solve_is_the_plain_solve_of_find_words(english_words, use, seed, size, rules, common):
    """Bands read by rank (the language's own list), scores, paths and their (row, column)
    cells, the order by score then word: as the plain construction from find_words' rows."""
    board = random_board(EN, *size, seed=seed)
    got = solve(board, english_words, EN, use=use, rules=rules, common=common)
    assert got == plain_solve(board, english_words, EN, rules, common)
    assert all(type(f) is Found for f in got)


@BACKENDS
@settings(max_examples=100, deadline=None)
@given(case=boards_and_words())
def test_solve_of_another_list_looks_bands_up_by_word(use, case):
    """A list that is not the language's own: its bands come from the language's list, by word
    (the C core calls the lookup), and words it lacks have none."""
    board, words = case
    words = words | {"EAT", "SEAT", "TEASE", "ZZZ"}
    d = dictionary(words)
    assert solve(board, d, EN, use=use) == plain_solve(board, d, EN)
