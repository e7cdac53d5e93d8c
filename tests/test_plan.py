"""solve --plan: the greedy plan against its definition on random word lists, the time model
fitted to a history, and the command line."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from elzzur.grid import history
from elzzur.grid.plan import DEFAULT_MODEL, MIN_GAPS, TimeModel, distance, fitted_model, plan

COLS = 4


@st.composite
def word_rows(draw):
    rows = []
    for n in range(draw(st.integers(0, 25))):
        length = draw(st.integers(2, 8))
        path = tuple(draw(st.permutations(range(16)))[:length])
        rows.append((f"W{n:02}" + "A" * (length - 3 if length > 3 else 0), draw(st.integers(0, 300)),
                     path))
    return rows


models = st.builds(TimeModel, st.floats(0.1, 3), st.floats(0, 1), st.floats(0, 1),
                   st.just("test"))


@settings(max_examples=200, deadline=None)
@given(rows=word_rows(), seconds=st.floats(0.5, 60), model=models)
def test_the_plan_is_greedy_fits_the_time_and_adds_up(rows, seconds, model):
    result = plan(rows, COLS, seconds, model)
    here, clock, chosen = None, 0.0, set()
    scores = {w: (s, p) for w, s, p in rows}
    for step in result.steps:
        score, path = scores[step.word]
        assert (step.score, step.path) == (score, path) and step.word not in chosen
        cost = model.cost(len(step.word), 0 if here is None else distance(COLS, here, path[0]))
        assert step.seconds == round(cost, 3)
        # no other word that fits earns more points a second from here
        left = seconds - clock
        for word, s, p in rows:
            if word in chosen or word == step.word or s <= 0:
                continue
            other = model.cost(len(word), 0 if here is None else distance(COLS, here, p[0]))
            if other <= left + 1e-9:
                assert s / other <= score / cost + 1e-9
        clock += cost
        assert step.at == round(clock, 3)
        chosen.add(step.word)
        here = path[-1]
    assert clock <= seconds + 1e-6
    assert result.expected == sum(s.score for s in result.steps)
    assert result.total == sum(s for _, s, _ in rows)
    # nothing left out that would still fit
    left = seconds - clock
    for word, s, p in rows:
        if word not in chosen and s > 0:
            assert model.cost(len(word), 0 if here is None else distance(COLS, here, p[0])) > left - 1e-9


def played(words):
    return history.Played("2026-01-01T00:00:00Z", "en", "ruzzle", ["A B", "C D"], 120, 10, 100,
                          len(words), 50, False, words)


def test_the_model_is_fitted_to_the_gaps_between_words():
    words, clock = [], 0.0
    for n in range(MIN_GAPS + 5):
        letters = 2 + n % 6
        clock += 2.0 + 0.5 * letters
        words.append(["W" * letters, 1, round(clock, 3)])
    model = fitted_model([played(words)])
    assert model.fixed == pytest.approx(2.0, abs=0.01)
    assert model.per_letter == pytest.approx(0.5, abs=0.01)
    assert model.per_cell == DEFAULT_MODEL.per_cell and "25 words" in model.source
    assert fitted_model([played(words[:MIN_GAPS - 1])]) is DEFAULT_MODEL


def test_a_plan_needs_time():
    with pytest.raises(ValueError):
        plan([], 4, 0)


BOARD = "C A T/D O G/S U N"


def test_solve_plan_text_and_json(cli, tmp_path):
    (tmp_path / "words.txt").write_text("cat\ndog\ngods\nsun\n", encoding="utf-8")
    run = cli("solve", "-b", BOARD, "-d", "words.txt", "--plan", "6")
    assert run.code == 0, run.err
    assert run.out == """\
A plan for 6 seconds.
Time model: 1.20 s a word + 0.30 s a letter + 0.10 s a cell between words (default).

     WORD   POINTS    TIME   CLOCK  PATH
  1  GODS        7    2.4s    2.4s  (1,2) (1,1) (1,0) (2,0)
  2  DOG         6    2.2s    4.6s  (1,0) (1,1) (1,2)

Expected: 13 points in 4.6 s, 57 % of the board's 23 (2 words).
"""
    data = json.loads(cli("solve", "-b", BOARD, "-d", "words.txt", "--plan", "6", "--format",
                          "json").out)
    assert [s["word"] for s in data["plan"]] == ["GODS", "DOG"]
    assert data["expected"] == 13 and data["total_score"] == 23
    cli("solve", "-b", BOARD, "--plan", "6", "--format", "csv").error(2, "--plan prints text or json")


def test_solve_plan_uses_the_players_history(cli, data_dir, tmp_path):
    words, clock = [], 0.0
    for n in range(MIN_GAPS + 1):
        clock += 3 + 0.2 * (2 + n % 4)
        words.append(["W" * (2 + n % 4), 1, round(clock, 3)])
    history.append_round(played(words))
    (tmp_path / "words.txt").write_text("cat\ndog\ngods\nsun\n", encoding="utf-8")
    run = cli("solve", "-b", BOARD, "-d", "words.txt", "--plan", "6")
    assert "(your 21 words in the history)" in run.out
