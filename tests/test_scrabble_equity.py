"""Equity (issue 20): leave values, unseen tiles, exchanges, the end-game rule, the ranking by
equity inside the move generator (both backends against a plain reference), self-play, and
`elzzur scrabble --rank/--unseen` on the command line."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from elzzur.lexicon.dictionary import Dictionary
from elzzur.lexicon.languages import get_language
from elzzur.scrabble import best_moves, load_layout, load_tile_set, parse_position, parse_rack
from elzzur.scrabble.equity import (Evaluator, candidate_key, exchanges, leave_table, rack_leaves,
                                    ranked, sub_racks)
from elzzur.scrabble.leaves import (LeaveValues, features, load_leaves, parse_leave, read_leaves,
                                    write_leaves)
from elzzur.scrabble.movegen import generate_moves
from elzzur.scrabble.moves import show_leave
from elzzur.scrabble.selfplay import new_bag, play_game
from elzzur.scrabble.unseen import Unseen, unseen_tiles
from elzzur.errors import ElzzurError

WORDS = """AA AB AD AE AG AH AI AL AM AN AR AS AT AW AX AY BA BE BI BO BY DA DE DO ED EF EH EL
EM EN ER ES ET EX FA FE GO HA HE HI HM HO ID IF IN IS IT JO KA KI LA LI LO MA ME MI MO MU MY NA
NE NO NU OD OE OF OH OI OM ON OP OR OS OW OX OY PA PE PI PO QI RE SH SI SO TA TI TO UH UM UN UP
US UT WE WO XI XU YA YE YO ZA CAT CATS DOG DOGS RAT RATS TEA TEAS EAT EATS ATE SEA SET TEN NET
REST STAR RATE TEAR TARE NEAR EARN SANE LANE LEAN ZEAL QUIT QUIET QUITE TOE TOES NOTE STONE
ONSET TONE TONES RAIN REIN RINSE RISEN SIREN INERT INTER NITER TRAIN STAIN SATIN SAINT RETAIN
RETAINS RETINAS STAINER ANESTRI NASTIER RATINES URN RUN RUNS NUT NUTS TUNA TUNE TUNES QUA
""".split()

EN = load_tile_set("en")
LAYOUT = load_layout("standard")


@pytest.fixture(scope="module")
def graph():
    return Dictionary.from_words(WORDS, get_language("en")).graph


def leaves_for_tests() -> LeaveValues:
    """Leave values with a real spread (blank and S good, Q and duplicates bad)."""
    return LeaveValues({"S": 8.0, "ERS": 12.0}, {"has:?": 25.0, "has:S": 7.5, "has:Q": -7.0,
                                               "dup:U": -6.0, "dup:I": -4.0, "size:1": 1.0,
                                               "balance": -1.0, "has:E": 2.0, "has:V": -3.0})


def random_position(graph, seed: int, plies: int):
    """A board after some greedy plies, and a rack drawn from what is left."""
    rng = random.Random(seed)
    bag = new_bag(EN)
    rng.shuffle(bag)
    board = [[None] * 15 for _ in range(15)]
    for _ in range(plies):
        rack_tiles = [bag.pop() for _ in range(7)]
        rack, blanks = parse_rack("".join(rack_tiles), EN)
        moves = generate_moves(board, rack, blanks, graph, EN, LAYOUT, top=1)
        if moves:
            for r, c, tile, blank in moves[0].placed:
                board[r][c] = (tile, blank)
                rack_tiles.remove("?" if blank else tile)
        bag.extend(rack_tiles)
        rng.shuffle(bag)
    rack_tiles = [bag.pop() for _ in range(min(7, len(bag)))]
    rack, blanks = parse_rack("".join(rack_tiles), EN, board)
    return board, rack, blanks


def test_sub_racks_are_every_sub_multiset_once():
    rack, blanks = {"A": 2, "B": 1, "C": 3}, 1
    subs = sub_racks(rack, blanks)
    assert len(subs) == 3 * 2 * 4 * 2
    keys = {show_leave(kept, b) for kept, b in subs}
    assert len(keys) == len(subs) and "" in keys and "AABCCC?" in keys


def test_parse_leave_reads_what_show_leave_writes():
    rng = random.Random(3)
    tiles = ["A", "E", "S", "Q", "CH", "LL"]
    for _ in range(200):
        counts = {t: rng.randrange(3) for t in tiles}
        counts = {t: n for t, n in counts.items() if n}
        blanks = rng.randrange(3)
        assert parse_leave(show_leave(counts, blanks)) == (counts, blanks)


def test_features_say_what_the_docstring_says():
    f = features({"Q": 1, "I": 2}, 0)
    assert f["has:Q"] == 1 and f["dup:I"] == 1 and f["size:3"] == 1 and f["qnou"] == 1
    assert "qnou" not in features({"Q": 1}, 1)  # a blank can be the U
    assert features({"B": 1, "C": 1}, 0)["novowel"] == 1
    assert features({"É": 1, "İ": 1}, 0)["noconsonant"] == 1  # accented vowels are vowels
    assert features({}, 0) == {}


@settings(max_examples=300, deadline=None)
@given(counts=st.dictionaries(st.sampled_from(["A", "E", "Q", "U", "S", "Z", "CH", "É"]),
                              st.integers(0, 3), max_size=5),
       blanks=st.integers(0, 2),
       weights=st.dictionaries(st.sampled_from(
           ["has:A", "has:E", "has:Q", "has:U", "has:S", "has:CH", "has:É", "has:?", "dup:A",
            "dup:E", "dup:S", "dup:?", "size:1", "size:2", "size:3", "size:7", "balance",
            "novowel", "noconsonant", "qnou"]),
           st.floats(-30, 30, allow_nan=False), max_size=12))
def test_the_model_is_the_sum_of_its_features_weights(counts, blanks, weights):
    """``LeaveValues.model`` (written out for speed) is, to the last bit, the sum of each
    feature's weight times its value as ``features`` gives them, rounded to a tenth."""
    plain = round(sum(weights.get(name, 0.0) * x
                      for name, x in features(counts, blanks).items()), 1)
    if not blanks and not any(counts.values()):
        plain = 0.0
    assert LeaveValues({}, weights).model(counts, blanks) == plain


def test_leave_values_table_then_model(tmp_path):
    values = leaves_for_tests()
    assert values.value("") == 0.0
    assert values.value("S") == 8.0  # the table
    assert values.value("?") == 25.0 + 1.0  # has:? + size:1 (no letters: balance 0)
    path = tmp_path / "x.txt"
    write_leaves(str(path), {"S": 8.0, "EQ": -9.5}, {"has:?": 25.0}, "a header\nof two lines")
    again = read_leaves(str(path))
    assert again.table == {"": 0.0, "S": 8.0, "EQ": -9.5} and again.weights == {"has:?": 25.0}
    assert path.read_text().startswith("# a header\n# of two lines\n@has:? 25.00\n")
    path.write_text("S 8\nEQ minus\n")
    with pytest.raises(ElzzurError, match=r"line 2: expected 'LEAVE VALUE'"):
        read_leaves(str(path))


def test_unseen_counts_bag_minus_board_minus_rack(graph):
    for seed in range(5):
        board, rack, blanks = random_position(graph, seed, 6)
        unseen = unseen_tiles(board, rack, blanks, EN)
        on_board = sum(square is not None for row in board for square in row)
        assert unseen.total == 100 - on_board - sum(rack.values()) - blanks
        assert unseen.total == sum(unseen.counts.values()) + unseen.blanks
        assert unseen.bag == max(0, unseen.total - 7)
        assert unseen.can_exchange == (unseen.bag >= 7) and unseen.end_game == (unseen.bag == 0)
        assert len(unseen.text) == unseen.total


def plain_equity(move_or_leave, score: int, values: LeaveValues, unseen) -> float:
    """The reference value of a candidate, written plainly: its score plus its leave's value,
    learned while the bag has tiles, else the end-game rule (going out: twice the unseen
    tiles' points; otherwise minus twice the points kept)."""
    leave = move_or_leave
    if not unseen.end_game:
        return round(score + values.value(leave), 1)
    if not leave:
        return float(score + 2 * sum(EN.values[t] * n for t, n in unseen.counts.items()))
    counts, _ = parse_leave(leave)
    return float(score - 2 * sum(EN.values[t] * n for t, n in counts.items()))


def reference_ranking(board, rack, blanks, graph, values, unseen, use):
    """Every candidate valued one by one (every move by score from the generator, then its
    equity by ``plain_equity``; the exchanges the bag allows), sorted by ``candidate_key``."""
    moves = generate_moves(board, rack, blanks, graph, EN, LAYOUT, use=use)
    for move in moves:
        move.equity = plain_equity(move.leave, move.score, values, unseen)
    evaluate = Evaluator(values, unseen, EN)
    extra = exchanges(rack, blanks, evaluate)
    for x in extra:
        x.equity = plain_equity(x.leave, 0, values, unseen)
    out = moves + extra
    if not out and (rack or blanks):
        full = show_leave(rack, blanks)
        out = [ranked(lambda n, t: [], rack, blanks, evaluate, None)[0]]
        assert out[0].kind == "pass" and out[0].equity == plain_equity(full, 0, values, unseen)
    out.sort(key=candidate_key)
    return out


def shown(candidates):
    return [(c.kind, c.coordinate, c.word, c.score, c.leave, c.equity) for c in candidates]


# leave values on a coarse grid (whole and half points), so that equal equities are common
HALVES = st.integers(-40, 40).map(lambda k: k / 2)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 7), data=st.data())
def test_equity_ranking_in_the_generator_is_the_plain_ranking(graph, seed, plies, data):
    """Both backends rank by equity inside the move generator (the C core by a table lookup per
    move, keeping the best ``top``); the result must be, move for move, order (ties included)
    and equity, the first ``top`` of the plain reference that values every move: on random
    positions and racks (blanks included), random leave values, the bag full, low or empty."""
    board, _, _ = random_position(graph, seed, plies)
    unseen_all = unseen_tiles(board, {}, 0, EN)
    pool = [t for t in sorted(unseen_all.counts) for _ in range(unseen_all.counts[t])] + \
        ["?"] * unseen_all.blanks
    picked = data.draw(st.lists(st.integers(0, len(pool) - 1), min_size=1, max_size=7,
                                unique=True), "rack")
    text = "".join(pool[i] for i in picked)
    if text.count("?") > 2:  # three blanks make the pure Python search slow
        text = text.replace("?", "", text.count("?") - 2)
    rack, blanks = parse_rack(text, EN, board)
    table = {show_leave(*kept): data.draw(HALVES, "leave")
             for kept in data.draw(st.lists(st.sampled_from(sub_racks(rack, blanks)),
                                            max_size=6), "learned")}
    weights = {name: data.draw(HALVES, name) for name in ("has:?", "has:S", "has:E", "size:1",
                                                          "size:2", "dup:E", "balance")}
    values = LeaveValues(table, weights)
    phase = data.draw(st.sampled_from(["full", "low", "empty"]), "bag")
    unseen = unseen_tiles(board, rack, blanks, EN)
    if phase != "full":  # pretend the rest of the bag is gone: the opponent holds what is left
        kept = dict(list(unseen.counts.items())[:3])
        total = sum(kept.values())
        bag = 0 if phase == "empty" else max(0, total - 7)
        unseen = Unseen(kept, 0, total, bag, False, bag == 0, 7)
    top = data.draw(st.sampled_from([0, 1, 3, 10, None]), "top")
    check_both_backends(board, rack, blanks, graph, values, unseen, top)


def check_both_backends(board, rack, blanks, graph, values, unseen, top):
    answers = {}
    for use in ("c", "python"):
        reference = reference_ranking(board, rack, blanks, graph, values, unseen, use)
        got = ranked(lambda n, t: generate_moves(board, rack, blanks, graph, EN, LAYOUT, n,
                                                 use=use, leaves=t),
                     rack, blanks, Evaluator(values, unseen, EN), top)
        assert shown(got) == shown(reference if top is None else reference[:top]), use
        answers[use] = shown(got)
    assert answers["c"] == answers["python"]


@pytest.fixture(scope="module")
def english():
    from elzzur.lexicon.dictionary import load_dictionary

    return load_dictionary(None, get_language("en")).graph


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 8), blank=st.booleans(),
       top=st.sampled_from([1, 10]), late=st.booleans())
def test_equity_ranking_with_the_english_dictionary_and_leaves(english, seed, plies, blank, top,
                                                               late):
    """The same with the English dictionary and its shipped leave values (thousands of moves a
    rack, real values), a rack of seven with at most one blank; ``late``: the end game."""
    board, _, _ = random_position(english, seed, plies)
    unseen = unseen_tiles(board, {}, 0, EN)
    pool = [t for t in sorted(unseen.counts) for _ in range(unseen.counts[t])]
    rng = random.Random(seed)
    blank = int(blank and unseen.blanks > 0)  # the board may hold both blanks already
    text = "".join(rng.sample(pool, 7 - blank)) + "?" * blank
    rack, blanks = parse_rack(text, EN, board)
    unseen = unseen_tiles(board, rack, blanks, EN)
    if late:
        kept = dict(list(unseen.counts.items())[:4])
        unseen = Unseen(kept, 0, sum(kept.values()), 0, False, True, 7)
    assume(generate_moves(board, rack, blanks, english, EN, LAYOUT, top=20)[19:])  # many moves
    check_both_backends(board, rack, blanks, english, load_leaves(EN, "en"), unseen, top)


@pytest.mark.parametrize("use", ["c", "python"])
def test_ranking_by_equity_where_the_best_lies_far_down_by_score(graph, use):
    """A rack whose moves are many and close in score, with leave values far apart (a blank
    kept is worth 60): the top by equity comes from far down the score order, and is still the
    plain reference's."""
    values = LeaveValues({}, {"has:?": 60.0, "dup:?": 60.0})
    board, _, _ = random_position(graph, 0, 5)
    rack, blanks = parse_rack("AEST??", EN, board)
    unseen = unseen_tiles(board, rack, blanks, EN)
    unseen = Unseen(unseen.counts, 0, unseen.total, 6, False, False, 7)  # no exchange
    reference = reference_ranking(board, rack, blanks, graph, values, unseen, use)
    generate = lambda n, t: generate_moves(board, rack, blanks, graph, EN, LAYOUT, n, use=use,
                                           leaves=t)
    got = ranked(generate, rack, blanks, Evaluator(values, unseen, EN), 5)
    assert shown(got) == shown(reference[:5])
    play = next(c for c in got if c.kind == "play")
    by_score = generate_moves(board, rack, blanks, graph, EN, LAYOUT, use=use)
    assert len(by_score) > 50 and [m.identity() for m in by_score].index(play.identity()) >= 10


@pytest.mark.parametrize("use", ["c", "python"])
def test_equities_too_large_for_the_core_are_ranked_in_python(graph, use, monkeypatch):
    """Where an equity in tenths could pass ``EQUITY_LIMIT`` (tile values of a set of one's
    own), the core's list by score is ranked in Python instead: the same answer."""
    from elzzur.scrabble import movegen

    values = leaves_for_tests()
    board, rack, blanks = random_position(graph, 4, 3)
    evaluate = Evaluator(values, unseen_tiles(board, rack, blanks, EN), EN)
    generate = lambda n, t: generate_moves(board, rack, blanks, graph, EN, LAYOUT, n, use=use,
                                           leaves=t)
    before = shown(ranked(generate, rack, blanks, evaluate, 10))
    monkeypatch.setattr(movegen, "EQUITY_LIMIT", 0)
    assert shown(ranked(generate, rack, blanks, evaluate, 10)) == before
    assert before == shown(reference_ranking(board, rack, blanks, graph, values,
                                             evaluate.unseen, use)[:10])


@settings(max_examples=200, deadline=None)
@given(rack=st.dictionaries(st.sampled_from(["A", "E", "S", "CH", "LL", "É", "Ğ"]),
                            st.integers(1, 3), max_size=6),
       blanks=st.integers(0, 2))
def test_a_rack_s_leaves_written_by_the_core_and_by_python(rack, blanks):
    """The C core's ``rack_leaves`` writes the same leaves, in the same (the leave table's)
    order, as the Python it stands in for; and each is the leave of its index: what is left
    when the index's tiles are given."""
    evaluate = Evaluator(leaves_for_tests(), Unseen({"E": 20}, 0, 20, 13, True, False, 7), EN)
    python = rack_leaves(rack, blanks, evaluate, use="python")
    core = rack_leaves(rack, blanks, evaluate, use="c")
    assert core.kept == python.kept and core.tenths == python.tenths
    assert python.kept[0] == show_leave(rack, blanks)
    for index, kept in enumerate(python.kept):
        given, given_blanks = parse_leave(python.given(index))
        left = {t: n - given.get(t, 0) for t, n in rack.items() if n > given.get(t, 0)}
        assert kept == show_leave(left, blanks - given_blanks)
    assert python.all_given() == [python.given(i) for i in range(len(python.kept))]


def test_the_core_s_rack_leaves_refuses_what_it_cannot_write():
    from elzzur import _core

    assert _core.rack_leaves([], b"") == [""]
    for labels, counts in [(["A"], b"\0"), (["A", "B"], b"\1"), (["A" * 19], b"\1"),
                           ([b"A"], b"\1"), (["A"] * 17, b"\3" * 17), (["A"] * 65, b"\1" * 65)]:
        with pytest.raises((ValueError, TypeError)):
            _core.rack_leaves(labels, counts)


def test_a_leave_table_is_for_one_rack(graph):
    from elzzur.scrabble.movegen import LeaveTable

    board, rack, blanks = random_position(graph, 2, 2)
    evaluate = Evaluator(leaves_for_tests(), unseen_tiles(board, rack, blanks, EN), EN)
    table = leave_table(rack, blanks, rack_leaves(rack, blanks, evaluate))
    size = 1
    for n in rack.values():
        size *= n + 1
    assert len(table.tenths) == size * (blanks + 1)
    with pytest.raises(ValueError, match="another rack"):
        generate_moves(board, {"Q": 1}, 0, graph, EN, LAYOUT, leaves=table)
    with pytest.raises(TypeError, match="LeaveTable"):
        generate_moves(board, rack, blanks, graph, EN, LAYOUT, leaves=[0] * size)
    with pytest.raises(ValueError, match="leaves, not"):
        LeaveTable({"A": 2}, 1, [0] * 5)


def test_exchanges_only_with_a_rack_s_worth_in_the_bag(graph):
    board = [[None] * 15 for _ in range(15)]
    rack, blanks = parse_rack("QUVVWW?", EN)
    evaluate = Evaluator(leaves_for_tests(), unseen_tiles(board, rack, blanks, EN), EN)
    xs = exchanges(rack, blanks, evaluate)
    assert len(xs) == len(sub_racks(rack, blanks)) - 1
    keep_blank = next(x for x in xs if x.leave == "?")
    assert keep_blank.tiles == "QUVVWW" and keep_blank.equity == 26.0
    # the first candidate by equity is that exchange: no word of WORDS uses these tiles well
    first = ranked(lambda n, t: generate_moves(board, rack, blanks, graph, EN, LAYOUT, top=n,
                                               leaves=t),
                   rack, blanks, evaluate, 1)[0]
    assert first.kind == "exchange" and first.leave == "?"
    # a bag of 6 (13 unseen: 7 on the opponent's rack): no exchange; with no move, a pass
    from elzzur.scrabble.unseen import Unseen

    late = Evaluator(leaves_for_tests(), Unseen({"E": 13}, 0, 13, 6, False, False, 7), EN)
    assert exchanges(rack, blanks, late) == []
    only = ranked(lambda n, t: [], rack, blanks, late, 10)
    assert [(c.kind, c.leave, c.equity) for c in only] == [("pass", "QUVVWW?", late("QUVVWW?"))]


def test_the_end_game_rule(graph):
    """With the bag empty, going out is worth twice the opponent's tiles, and keeping tiles
    costs twice theirs."""
    board = parse_position("\n".join(["." * 15] * 7 + ["....CAT........"] + ["." * 15] * 7),
                           EN, 15)
    rack, blanks = parse_rack("S", EN, board)
    end = unseen_tiles(board, rack, blanks, EN)._fields()
    # pretend the rest of the bag is on the board: an unseen of three tiles
    from elzzur.scrabble.unseen import Unseen

    unseen = Unseen({"Z": 1, "E": 1, "D": 1}, 0, 3, 0, False, True, 7)
    evaluate = Evaluator(leaves_for_tests(), unseen, EN)
    assert evaluate("") == 2 * (10 + 1 + 2)
    assert evaluate("QE") == -2 * 11
    moves = ranked(lambda n, t: generate_moves(board, rack, blanks, graph, EN, LAYOUT, top=n,
                                               leaves=t),
                   rack, blanks, evaluate, None)
    assert all(m.equity == m.score + 26 for m in moves)  # every S move goes out
    assert end[3] > 7  # (the real position has a full bag)


def test_best_moves_ranks_by_equity_or_by_score(graph):
    text = "\n".join(["." * 15] * 7 + ["....ZEBRA......", "......X........"] + ["." * 15] * 6)
    by_score = best_moves(text, "QUI?ES", "en", graph, rank="score")
    plain = generate_moves(parse_position(text, EN), *parse_rack("QUI?ES", EN), graph, EN, LAYOUT)
    assert [(m.coordinate, m.word, m.score) for m in by_score] == \
        [(m.coordinate, m.word, m.score) for m in plain]
    by_equity = best_moves(text, "QUI?ES", "en", graph, top=5)
    assert all(a.equity >= b.equity for a, b in zip(by_equity, by_equity[1:]))
    assert all(m.equity is not None for m in by_score)
    with pytest.raises(ValueError, match="rank must be"):
        best_moves(text, "QUI?ES", "en", graph, rank="best")


def test_self_play_is_reproducible_and_adds_up(graph):
    values = leaves_for_tests()
    one = play_game(graph, EN, LAYOUT, (values, None), 5)
    two = play_game(graph, EN, LAYOUT, (values, None), 5)
    assert one.scores == two.scores and [repr(t) for t in one.turns] == [repr(t) for t in two.turns]
    played = [sum(t.score for t in one.turns if t.player == p) for p in (0, 1)]
    # the end adjustments move points between the players (going out) or take them off both
    assert one.scores[0] + one.scores[1] <= played[0] + played[1]
    assert len(one.turns) >= 2


def test_every_shipped_edition_has_leave_values_that_make_sense():
    from elzzur.scrabble.tiles import available_tile_sets

    for code in available_tile_sets():
        tiles = load_tile_set(code)
        values = load_leaves(tiles, code)
        assert values.name, f"{code}: no leave file"
        # a blank is worth keeping in every language; two of a vowel are worse than one
        assert values.value("?") > 1, code
        vowel = next(t for t in ("E", "A") if t in tiles.values)
        assert values.value(vowel * 3) < values.value(vowel), code


def test_cli_shows_score_and_equity_and_the_unseen_tiles(cli, tmp_path):
    (tmp_path / "words.txt").write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    lines = ["." * 15] * 7 + ["....ZEBRA......", "......X........"] + ["." * 15] * 6
    (tmp_path / "position.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    args = ("scrabble", "-b", "position.txt", "-r", "QUITE?S", "-d", "words.txt")
    out = cli(*args, "--top", "3", "--unseen").out.splitlines()
    assert out[0].startswith("unseen: 87 tiles (80 in the bag): AAAAAAAABC") and out[1] == ""
    equities = [float(line.split()[3]) for line in out[2:5]]
    assert equities == sorted(equities, reverse=True)
    scores = [int(line.split()[2]) for line in cli(*args, "--rank", "score").out.splitlines()]
    assert scores == sorted(scores, reverse=True)
    listed = json.loads(cli(*args, "--top", "2", "--format", "json", "--unseen").out)
    assert listed["unseen"] == {"tiles": out[0].split(": ")[-1], "count": 87, "bag": 80}
    assert {"coordinate", "word", "score", "equity", "leave", "kind"} == set(listed["moves"][0])
    cli(*args, "--rank", "best").error(2, "--rank")


def test_benchmark_and_trainer_smoke(tmp_path):
    """CI's smoke run of the equity benchmark (a few games) and of the leave trainer (a few
    games, into tmp_path): they run, and what they write reads back."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    bench = subprocess.run([sys.executable, str(root / "benchmarks" / "scrabble_equity.py"),
                            "--quick"], capture_output=True, text=True, timeout=600)
    assert bench.returncode == 0, bench.stderr
    row = bench.stdout.strip().splitlines()[-1]
    assert row.startswith("| en | 4 | ") and "±" in row
    train = subprocess.run([sys.executable, str(root / "tools" / "train_leaves.py"), "--only",
                            "en", "--games", "3", "--out", str(tmp_path)],
                           capture_output=True, text=True, timeout=600)
    assert train.returncode == 0, train.stderr
    values = read_leaves(str(tmp_path / "en.txt"))
    assert values.weights and (tmp_path / "en.txt").read_text().startswith(
        "# Leave values of the English edition (en), learned by self-play")


@pytest.mark.parametrize("seed", range(3))
def test_equity_ranking_with_spanish_tiles_of_two_letters(seed):
    """Spanish: tiles of two letters (CH, LL, RR: a leave writes them [CH]) on a graph of
    tiles, with the shipped leave values; both backends give the plain reference's top ten."""
    from elzzur.lexicon.dictionary import load_dictionary

    es = load_tile_set("es")
    layout = load_layout(es.layout or "standard")
    graph = load_dictionary(None, get_language(es.language or "es")).union_graph()
    values = load_leaves(es, "es")
    rng = random.Random(seed)
    bag = new_bag(es)
    rng.shuffle(bag)
    board = [[None] * layout.size for _ in range(layout.size)]
    for _ in range(4):  # a few greedy plies
        rack, blanks = parse_rack("".join(t if len(t) == 1 else f"[{t}]" for t in bag[-7:]), es,
                                  board)
        best = generate_moves(board, rack, blanks, graph, es, layout, top=1)
        if best:
            for r, c, tile, blank in best[0].placed:
                board[r][c] = (tile, blank)
                bag.remove("?" if blank else tile)
        rng.shuffle(bag)
    drawn = [t for t in bag if t in ("CH", "LL", "RR")][:2] + [t for t in bag if len(t) == 1][:5]
    rack, blanks = parse_rack("".join(t if len(t) == 1 else f"[{t}]" for t in drawn), es, board)
    unseen = unseen_tiles(board, rack, blanks, es)
    got = {}
    for use in ("c", "python"):
        moves = generate_moves(board, rack, blanks, graph, es, layout, use=use)
        for move in moves:
            move.equity = round(move.score + values.value(move.leave), 1)
        reference = moves + exchanges(rack, blanks, Evaluator(values, unseen, es))
        reference.sort(key=candidate_key)
        got[use] = shown(ranked(lambda n, t: generate_moves(board, rack, blanks, graph, es, layout,
                                                            n, use=use, leaves=t),
                                rack, blanks, Evaluator(values, unseen, es), 10))
        assert got[use] == shown(reference[:10]), use
    assert got["c"] == got["python"] and any("[" in leave for *_, leave, _ in got["c"])


@settings(max_examples=400, deadline=None)
@given(st.text(st.sampled_from("AEQİÑ?[]CH"), max_size=10))
def test_parse_leave_counts_the_squares_tokens_reads(text):
    """``parse_leave`` (a leave without brackets read a character a tile, without
    ``position.tokens``) counts what ``tokens`` splits the text into, and fails as it does."""
    from elzzur.scrabble.position import tokens

    try:
        squares = tokens(text, "leave")
    except ElzzurError:
        with pytest.raises(ElzzurError):
            parse_leave(text)
        return
    counts: dict[str, int] = {}
    for square in squares:
        if square != "?":
            counts[square] = counts.get(square, 0) + 1
    got = parse_leave(text)
    assert got == (counts, squares.count("?"))
    assert list(got[0]) == list(counts)  # the same order: the model sums in it
