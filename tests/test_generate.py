"""Board generation: reproducible, faithful to its distributions, and meeting its targets."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from elzzur.grid.board import parse_board, parse_boards
from elzzur.lexicon.dictionary import load_dictionary
from elzzur.grid.generate import Generator, LetterSource, Target, draw_bonuses, get_dice, letter_counts
from elzzur.lexicon.languages import get_language
from elzzur.grid.rules import get_rules
from elzzur.grid.solver import find_words

EN = get_language("en")


@pytest.fixture(scope="module")
def english():
    return load_dictionary(None, EN)


def boards_of(text: str):
    return parse_boards(text, EN, "output")


# --- reproducibility ------------------------------------------------------------------------

@pytest.mark.parametrize("options", [
    [], ["--letters", "dictionary"], ["--letters", "bigram"], ["--dice", "new"],
    ["--bonus", "round3"], ["--count", "3"], ["--min-words", "120"], ["--format", "json"],
])
def test_a_seed_gives_the_same_boards_every_time(cli, options):
    first = cli("generate", "-l", "en", "--seed", "11", *options)
    again = cli("generate", "-l", "en", "--seed", "11", *options)
    other = cli("generate", "-l", "en", "--seed", "12", *options)
    assert first.code == 0 and first.out == again.out and first.out != other.out


def test_the_default_draw_is_the_one_documented_since_the_first_release(cli):
    # `generate --seed 42` has been in the README from the start; it must not change
    assert cli("generate", "-l", "en", "--seed", "42").out == \
        "Odw A   E   Edl\nR   O   T   Bdw\nItw A   Edl Ldl\nA   E   O   N\n"


# --- distributions --------------------------------------------------------------------------

def histogram(source: LetterSource, boards: int = 500) -> dict[str, float]:
    rng = random.Random(5)
    counts = Counter(ch for _ in range(boards) for ch in source.draw(4, 4, rng))
    total = sum(counts.values())
    return {ch: n / total for ch, n in counts.items()}


def test_letters_follow_the_in_text_frequencies():
    seen = histogram(LetterSource(EN, "frequency"))
    total = sum(EN.letter_frequencies.values())
    for letter, frequency in EN.letter_frequencies.items():
        assert abs(seen.get(letter, 0) - frequency / total) < 0.01, letter


def test_letters_follow_the_dictionary_counts(english):
    counts, _ = letter_counts(english, EN)
    total = sum(counts.values())
    seen = histogram(LetterSource(EN, "dictionary", english))
    for letter, count in counts.items():
        assert abs(seen.get(letter, 0) - count / total) < 0.01, letter


def test_bigram_draws_favour_letters_that_stand_together_in_words(english):
    # Q is followed by U in English words: next to a Q, U is far likelier than its share
    source = LetterSource(EN, "bigram", english)
    assert source.weight("U", ["Q"]) > 5 * source.weight("U", [])
    assert source.weight("X", ["Q"]) < source.weight("X", [])


def matches_dice(letters, dice) -> bool:
    """Can each cell's letters be a face of a different die? (augmenting paths)"""
    owner: dict[int, int] = {}

    def place(cell: int, seen: set) -> bool:
        for d, die in enumerate(dice):
            if letters[cell] in die and d not in seen:
                seen.add(d)
                if d not in owner or place(owner[d], seen):
                    owner[d] = cell
                    return True
        return False

    return all(place(cell, set()) for cell in range(len(letters)))


@pytest.mark.parametrize("name", ["classic", "new", "bigboggle", "bigboggle-2dice"])
def test_dice_boards_show_one_face_of_each_die(name):
    dice = get_dice(name, EN)
    source = LetterSource(EN, dice=dice)
    rng = random.Random(3)
    for _ in range(50):
        letters = source.draw(dice.rows, dice.cols, rng)
        assert matches_dice(letters, dice.dice)
    assert any("QU" in die for die in dice.dice)  # the Q face reads Qu


def test_dice_set_the_board_size(cli):
    boards = boards_of(cli("generate", "-l", "en", "--dice", "bigboggle", "--seed", "1").out)
    assert (boards[0].rows, boards[0].cols) == (5, 5)
    assert all(cell.bonus == "" for cell in boards[0].cells)  # no bonus tiles in Boggle
    cli("generate", "-l", "en", "--dice", "new", "--rows", "5", "--cols", "5").error(
        2, "the dice 'Boggle, new (1987-)' make 4x4 boards, not 5x5")


@pytest.mark.parametrize("how, tiles", [
    ("round1", {"dl": 1, "tl": 1}), ("round2", {"dl": 1, "tl": 1, "dw": 1}),
    ("round3", {"dl": 1, "tl": 1, "dw": 2, "tw": 1}), ("none", {}),
])
def test_ruzzle_rounds_place_their_bonus_tiles(how, tiles):
    rng = random.Random(9)
    for _ in range(30):
        drawn = Counter(draw_bonuses(16, how, rng))
        drawn.pop("", None)
        assert dict(drawn) == tiles


def test_elzzurs_per_cell_draw_keeps_its_weights():
    drawn = Counter(draw_bonuses(16 * 1000, "elzzur", random.Random(1)))
    assert abs(drawn[""] / 16000 - 0.60) < 0.02 and abs(drawn["tw"] / 16000 - 0.05) < 0.01


# --- targets --------------------------------------------------------------------------------

def words_on(board, dictionary, rules=None):
    return find_words(board, dictionary, EN, rules=rules)


@pytest.mark.parametrize("option, value, check", [
    ("--min-words", "180", lambda rows, rules: len(rows) >= 180),
    ("--max-words", "15", lambda rows, rules: len(rows) <= 15),
    ("--min-longest", "9", lambda rows, rules: max(len(r[0]) for r in rows) >= 9),
    ("--min-score", "4000", lambda rows, rules: sum(r[1] for r in rows) >= 4000),
])
def test_targets_are_met_as_solving_shows(cli, english, option, value, check):
    result = cli("generate", "-l", "en", option, value, "--seed", "4", "--timeout", "60")
    assert result.code == 0, result.err
    (board,) = boards_of(result.out)
    assert check(words_on(board, english), None)


def test_a_boggle_score_target_counts_boggle_points(cli, english):
    result = cli("generate", "-l", "en", "--dice", "new", "--rules", "boggle",
                 "--min-score", "120", "--seed", "2", "--timeout", "60")
    (board,) = boards_of(result.out)
    assert sum(r[1] for r in words_on(board, english, get_rules("boggle"))) >= 120


def test_an_impossible_target_is_a_clear_error(cli):
    message = cli("generate", "-l", "en", "--min-words", "100000", "--timeout", "0.5").error(1)
    assert message.startswith("elzzur: error: no board met the target in 0.5 s after ")
    assert "allow more --timeout or ask for less" in message


def test_boards_avoid_the_words_of_an_avoid_list(cli, english, tmp_path):
    (tmp_path / "avoid.txt").write_text("tea\neat\nate\nsea\nset\n", encoding="utf-8")
    avoid = load_dictionary(tmp_path / "avoid.txt", EN)
    out = cli("generate", "-l", "en", "--avoid", "avoid.txt", "--count", "5", "--seed", "8",
              "--letters", "bigram").out
    for board in boards_of(out):
        assert words_on(board, avoid) == []


def test_json_lists_each_boards_figures(cli, english):
    data = json.loads(cli("generate", "-l", "en", "--count", "2", "--seed", "6",
                          "--format", "json").out)
    assert data["language"] == "en" and len(data["boards"]) == 2
    for entry in data["boards"]:
        board = parse_board("/".join(entry["board"]), EN)
        rows = words_on(board, english)
        assert entry["words"] == len(rows) and entry["total_score"] == sum(r[1] for r in rows)
        assert entry["longest"] == max(len(r[0]) for r in rows)


def test_count_into_a_folder_writes_one_file_per_board(cli, tmp_path):
    (tmp_path / "boards").mkdir()
    assert cli("generate", "-l", "en", "--count", "3", "--seed", "5", "-o", "boards").out == ""
    names = sorted(p.name for p in (tmp_path / "boards").iterdir())
    assert names == ["board-001.board", "board-002.board", "board-003.board"]
    together = cli("generate", "-l", "en", "--count", "3", "--seed", "5").out
    assert "\n".join((tmp_path / "boards" / n).read_text(encoding="utf-8") for n in names) == together


def test_maximizing_returns_the_best_board_it_saw_with_its_true_figures(english):
    from elzzur.grid.generate import evaluate, meet

    generator = Generator(EN, 4, 4, LetterSource(EN), "none")
    seen = []
    best = meet(generator, Target(), english, random.Random(1), timeout=0.5, maximize="score",
                progress=lambda tried, best: seen.append(best.score))
    assert best == evaluate(best.board, english, EN)
    assert seen and best.score >= max(seen)  # never worse than any best it reported


class FakeTerminal:
    def __init__(self, tty: bool) -> None:
        self.tty, self.text = tty, ""

    def isatty(self) -> bool:
        return self.tty

    def write(self, text: str) -> None:
        self.text += text

    def flush(self) -> None:
        pass


def test_progress_shows_on_a_terminal_only_after_a_while(english):
    from elzzur.grid.generate import evaluate, progress_printer

    assert progress_printer(FakeTerminal(False)) is None
    terminal = FakeTerminal(True)
    show = progress_printer(terminal, after=0.0)
    show(1234, evaluate(parse_board("C A/T S", EN), english, EN))
    assert terminal.text.startswith("\r\033[Kelzzur: 1,234 boards tried, best ")
    quiet = FakeTerminal(True)
    progress_printer(quiet, after=3600)(5, None)
    assert quiet.text == ""


def test_the_progress_line_is_cleared_before_anything_else_is_written():
    from elzzur.grid.generate import progress_printer

    stream = FakeTerminal(True)
    show = progress_printer(stream, after=0)
    show.clear()
    assert stream.text == ""  # nothing written, nothing to clear
    best = type("Best", (), {"words": 1234, "score": 56789})()
    show(12345, best)
    assert stream.text == "\r\033[Kelzzur: 12,345 boards tried, best 1,234 words, 56,789 points"
    show.clear()
    assert stream.text.endswith("points\r\033[K")


def test_an_error_after_progress_starts_on_a_line_of_its_own(tmp_path):
    """Through a real terminal: the line that counts the boards is wiped before the error."""
    import os
    import pty
    import subprocess
    import sys

    leader, follower = pty.openpty()
    (tmp_path / "w.txt").write_text("cat\ndog\n", encoding="utf-8")
    child = subprocess.Popen([sys.executable, "-m", "elzzur", "generate", "-d", "w.txt",
                              "--min-words", "50", "--timeout", "2.5"], cwd=tmp_path,
                             stdout=subprocess.DEVNULL, stderr=follower)
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    assert child.wait(timeout=60) == 1
    os.close(leader)
    err = b"".join(chunks).decode()
    assert "boards tried" in err  # the line was shown (it starts after a second) …
    last = err.rsplit("\r\033[K", 1)[1]  # … and wiped before the error
    assert last.startswith("elzzur: error: no board met the target in 2.5 s after ")
    assert "boards (the best had " in last and "\r" not in last.rstrip("\r\n")


def test_the_give_up_message_counts_one_word_as_one(cli, tmp_path):
    """A list of one word: no board can hold two, and the best one holds it once."""
    (tmp_path / "one.txt").write_text("ea\n", encoding="utf-8")
    cli("generate", "-d", "one.txt", "--min-words", "2", "--timeout", "1", "--seed", "1").error(
        1, "(the best had 1 word, ", "allow more --timeout or ask for less")
