"""The fast reading of plain board text (``grid/rows._read_plain``) against the full reading
(``content_lines`` and ``_Reader.board``, forced by making the fast one decline): on random
texts of every kind of token, spacing and mistake, the same boards or the same error."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from elzzur import get_language
from elzzur.errors import ElzzurError
from elzzur.grid import rows
from elzzur.grid.board import Board, parse_boards, parse_token

LANGUAGES = {code: get_language(code) for code in ("en", "de", "tr")}

# plain letters and known tiles, bonus codes and values, Qu and tiles of several letters,
# either/or, prefix and suffix tiles, holes, brackets, and mistakes of every kind
TOKENS = ["A", "E", "S", "T", "R", "a", "e", "Qu", "QU", "qu", "TH", "Ttl", "Adl", "Edw",
          "Stw", "Qutl", "Q=8", "Adl=3", "A|E", "A/E", "RE-", "-ING", "-INGdw", ".", "[QU]",
          "Ä", "ß", "İ", "ı", "é", "e\u0301", "1", "Sdx", "TTL", "Sdltw", "dl", "AB=x",
          "ABCDEFGHIJ", "[", "]", "[A", "#", "-", "A=99999999", "STAR", "ELIN", "[QU]A"]
SPACES = [" ", "  ", "\t", " \t ", "\u00a0", "\u3000"]
BLANKS = ["", " ", "\t", "  \t"]
ENDS = ["\n", "\r\n", "\r", "\x0b", "\x85", "\u2028"]


@st.composite
def board_text(draw, plain: bool):
    """A text of a few boards: rows of tokens (rectangular or not), odd spacing, blank lines
    of spaces; unless ``plain``, also comments, other line ends and boards on one line."""
    tokens_of = [t for t in TOKENS if "/" not in t and "#" not in t] if plain else TOKENS
    boards = []
    for _ in range(draw(st.integers(1, 8))):
        height = draw(st.integers(1, 4))
        width = draw(st.integers(1, 4))
        lines = []
        for _ in range(height):
            cells = draw(st.integers(max(1, width - 1), width + 1)) \
                if draw(st.integers(0, 9)) == 0 else width
            tokens = [draw(st.sampled_from(tokens_of if draw(st.integers(0, 7)) == 0 else
                                           tokens_of[:6])) for _ in range(cells)]
            sep = draw(st.sampled_from(SPACES))
            lines.append(draw(st.sampled_from(["", " ", "\t"])) + sep.join(tokens)
                         + draw(st.sampled_from(["", " ", "  "])))
            if not plain and draw(st.integers(0, 6)) == 0:
                lines.append("# a comment")
        if not plain and draw(st.integers(0, 5)) == 0:
            lines = ["/".join(line.strip() for line in lines)]
        boards.append(lines)
    end = draw(st.sampled_from(ENDS)) if not plain else "\n"
    between = [draw(st.sampled_from(BLANKS)) for _ in boards]
    text = ""
    for lines, blank in zip(boards, between):
        text += end.join(lines) + end + blank + end
    return text[:-len(end)] if draw(st.booleans()) else text


def read(text: str, code: str, full: bool, monkeypatch=None):
    """The boards (as their fields) or the error message of reading ``text``."""
    language = LANGUAGES[code]
    try:
        if full:
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(rows, "_read_plain", lambda text, reader, first_line: None)
                boards = parse_boards(text, language, "f.txt")
        else:
            boards = parse_boards(text, language, "f.txt")
    except ElzzurError as e:
        return "error", str(e)
    return "boards", [(b.rows, b.cols, b.cells) for b in boards]


@settings(max_examples=600, deadline=None)
@given(text=board_text(plain=True) | board_text(plain=False), code=st.sampled_from(sorted(LANGUAGES)))
def test_the_fast_reading_gives_the_full_readings_boards_or_error(text, code):
    assert read(text, code, full=False) == read(text, code, full=True)


@settings(max_examples=300, deadline=None)
@given(text=st.text(st.sampled_from("AEQuTtldw=8|/.-[]# \t\n\r1ÄıİAB"), max_size=60),
       code=st.sampled_from(sorted(LANGUAGES)))
def test_any_short_text_reads_the_same_both_ways(text, code):
    assert read(text, code, full=False) == read(text, code, full=True)


def test_a_plain_batch_is_read_the_fast_way(monkeypatch):
    """The common text of a batch (aligned rows of letters with bonus codes) does not fall back
    to the full reading: the test above would pass if it always did."""
    text = "Ttl R   S   Ndl\nOdw Htw E   I\nCdw I   N   V\nEtl A   D   E\n\n  \nA B\nC Qu\n"
    calls = []
    monkeypatch.setattr(rows, "content_lines", lambda *a: calls.append(a) or iter(()))
    boards = parse_boards(text, LANGUAGES["en"], "f.txt")
    assert calls == []
    assert [(b.rows, b.cols) for b in boards] == [(4, 4), (2, 2)]
    assert boards[1].cells[3].choices == ("QU",)
    assert boards[0] == Board(4, 4, boards[0].cells)


def test_the_fast_reading_gives_the_full_readings_line_numbers():
    text = "A B\nC D\n\n\nA B\nC 1\n"
    with pytest.raises(ElzzurError, match=r"f.txt, line 6: token '1'"):
        parse_boards(text, LANGUAGES["en"], "f.txt")


def counted(text: str, code: str, known: list[str], full: bool):
    """What checking a part of ``solve --jobs`` answers, with the cells of ``known`` read
    before: counted (``count_part``) or read (``read_part``), as (boards, new tokens), or
    the error; and the tokens the cells then hold."""
    language = LANGUAGES[code]
    cells = {}
    for token in known:
        try:
            cells[token] = parse_token(token, language)
        except ElzzurError:
            pass
    try:
        if full:
            boards, tokens = rows.read_part(text, language, "f.txt", Board, 3, cells)
            answer = len(boards), tokens
        else:
            answer = rows.count_part(text, language, "f.txt", Board, 3, cells)
    except ElzzurError as e:
        return "error", str(e)
    return answer, sorted(cells)


@settings(max_examples=500, deadline=None)
@given(text=board_text(plain=True) | board_text(plain=False), code=st.sampled_from(sorted(LANGUAGES)),
       known=st.lists(st.sampled_from(TOKENS), max_size=6))
def test_counting_a_part_answers_as_reading_it(text, code, known):
    assert counted(text, code, known, full=False) == counted(text, code, known, full=True)


def test_a_plain_part_is_counted_without_making_its_boards(monkeypatch):
    """The test above would pass if counting always read the part."""
    text = "Ttl R   S   Ndl\nOdw Htw E   I\nCdw I   N   V\nEtl A   D   E\n\n  \nA B\nC Qu\n"
    monkeypatch.setattr(rows, "_read_plain", lambda *a: pytest.fail("read, not counted"))
    cells = {"A": parse_token("A", LANGUAGES["en"])}
    assert rows.count_part(text, LANGUAGES["en"], "f.txt", Board, 1, cells) == (2, 16)
    assert cells["Qu"].choices == ("QU",)
