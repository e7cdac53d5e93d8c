"""benchmarks/image_real.py: its manifest of real pictures is well formed, and its scorer counts
right (checked on small made-up readings, not on pictures: no accuracy is asserted here)."""

from __future__ import annotations

import importlib.util
import re

import pytest

from conftest import REPO

from elzzur.lexicon.languages import get_language

try:  # imported here, not in a test: OpenCV's first import changes LD_LIBRARY_PATH
    import cv2
except ImportError:
    cv2 = None


def load_module():
    spec = importlib.util.spec_from_file_location("image_real",
                                                  REPO / "benchmarks" / "image_real.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ir = load_module()
EN = get_language("en")
HEX40 = re.compile(r"[0-9a-f]{40}")
HEX64 = re.compile(r"[0-9a-f]{64}")


@pytest.fixture(scope="module")
def pictures():
    return ir.load_manifest()


def test_every_picture_is_named_exactly_and_has_a_board_elzzur_can_read(pictures):
    assert pictures
    assert len({p["id"] for p in pictures}) == len(pictures)
    assert len({p["sha256"] for p in pictures}) == len(pictures)
    for p in pictures:
        assert HEX40.fullmatch(p["commit"]) and HEX40.fullmatch(p["blob"]), p["id"]
        assert HEX64.fullmatch(p["sha256"]) and 0 < p["bytes"] <= ir.MAX_PICTURE, p["id"]
        assert re.fullmatch(r"[\w.-]+/[\w.-]+", p["repo"]) and p["path"], p["id"]
        assert p["game"] in ir.GAMES and p["kind"] in ir.KINDS and p["licence"], p["id"]
        rows = [row.split() for row in p["truth"]]
        assert 3 <= len(rows) <= 6 and len({len(row) for row in rows}) == 1, p["id"]
        for token in (t for row in rows for t in row):
            key = ir.tile_key(token, EN)
            assert key is not None, (p["id"], token)
            # bonus tiles are Ruzzle's alone among these games
            assert not key[2] or p["game"] == "ruzzle", (p["id"], token)


def test_the_split_is_the_computed_one_and_keeps_copies_of_a_board_together(pictures):
    splits = ir.assign_splits(pictures)
    assert {p["id"]: p["split"] for p in pictures} == splits
    by_family = {}
    for p in pictures:
        by_family.setdefault((ir.group_of(p), p["family"]), set()).add(p["split"])
    assert all(len(parts) == 1 for parts in by_family.values())
    report = sum(p["split"] == "report" for p in pictures)
    assert 0.45 <= report / len(pictures) <= 0.75


def test_assign_splits_on_made_up_pictures():
    entries = [{"id": f"p{i}", "game": "wordhunt", "kind": "screenshot",
                "family": f"f{i // 2}", "sha256": f"{(i * 7919) % 97:064x}"}
               for i in range(20)]
    first = ir.assign_splits(entries)
    assert first == ir.assign_splits(list(reversed(entries)))  # order does not matter
    assert sum(s == "tune" for s in first.values()) == 8  # 4 of 10 boards, 2 pictures each
    for i in range(0, 20, 2):
        assert first[f"p{i}"] == first[f"p{i + 1}"]
    lone = [{"id": "x", "game": "boggle", "kind": "photo", "family": "x", "sha256": "0" * 64}]
    assert ir.assign_splits(lone) == {"x": "report"}  # a group of one board is reported


def test_a_part_once_given_never_changes_when_pictures_are_added():
    def picture(i, family, split=""):
        return {"id": f"p{i}", "game": "ruzzle", "kind": "screenshot", "family": family,
                "sha256": f"{(i * 7919) % 97:064x}", "split": split}

    # given parts are kept even against the rule (3 of 4 boards in tune)
    given = [picture(0, "a", "tune"), picture(1, "b", "tune"), picture(2, "c", "tune"),
             picture(3, "d", "report")]
    added = given + [picture(4, "a"), picture(5, "e"), picture(6, "f"), picture(7, "g")]
    split = ir.assign_splits(added)
    assert [split[f"p{i}"] for i in range(4)] == ["tune", "tune", "tune", "report"]
    assert split["p4"] == "tune"  # a copy of board a joins it
    # 7 boards: round(2.8) = 3 in tune already, so every new board is reported
    assert [split[f"p{i}"] for i in (5, 6, 7)] == ["report"] * 3
    fresh = [picture(i, f"n{i}") for i in range(10, 20)]
    assert sum(s == "tune" for s in ir.assign_splits(given + fresh).values()) == 3 + 3
    with pytest.raises(ValueError, match="both parts"):
        ir.assign_splits([picture(0, "a", "tune"), picture(1, "a", "report")])


def test_tiles_compare_as_elzzur_reads_them():
    assert ir.tile_key("Qu", EN) == ir.tile_key("QU", EN)
    assert ir.tile_key("U/L", EN) == ir.tile_key("L/U", EN) == ir.tile_key("L|U", EN)
    assert ir.tile_key("Adl", EN) != ir.tile_key("A", EN)
    assert ir.tile_key("-IC", EN) != ir.tile_key("IC", EN) != ir.tile_key("IC-", EN)
    assert ir.tile_key("?", EN) is None


def test_score_board_counts_wrong_and_flagged_tiles():
    truth = [["Adl", "B", "C"], ["Qu", "U/L", "-ING"]]
    read = [[("A", False), ("B", True), ("G", True)],
            [("QU", False), ("L/U", False), ("?", False)]]
    counts = ir.score_board(truth, read, EN)
    assert counts["tiles"] == 6
    # right: B (flagged needlessly), QU, L/U; wrong: A (bonus lost, unflagged), G for C
    # (flagged), ? for -ING (no letter found, unflagged)
    assert (counts["right"], counts["wrong"]) == (3, 3)
    assert (counts["wrong_flagged"], counts["right_flagged"]) == (1, 1)
    assert counts["letters"] == 4  # A counts among the letters right, bonus aside
    assert counts["board_right"] == 0
    assert sorted((r, c, f) for r, c, _, _, f in counts["diffs"]) == [
        (0, 0, False), (0, 1, True), (0, 2, True), (1, 2, False)]

    right = ir.score_board(truth, [[(t, False) for t in row] for row in truth], EN)
    assert (right["right"], right["board_right"], right["diffs"]) == (6, 1, [])


def test_a_board_not_found_or_read_at_another_size_is_all_wrong_and_kept_apart():
    truth = [["A", "B"], ["C", "D"]]
    missing = ir.score_board(truth, None, EN)
    assert (missing["wrong"], missing["unread"], missing["no_board"]) == (4, 4, 1)
    assert missing["wrong_flagged"] == 0
    other = ir.score_board(truth, [[("A", True), ("B", True), ("E", True)]], EN)
    assert (other["wrong"], other["unread"], other["wrong_size"]) == (4, 4, 1)
    results = [{"counts": missing, "seconds": 0.5}, {"counts": other, "seconds": 1.5},
               {"counts": ir.score_board(truth, [[("A", False), ("B", True)],
                                                [("C", False), ("O", True)]], EN),
                "seconds": 1.0}]
    figures = ir.summarise(results)
    assert figures["tiles_right"]["k"] == 3 and figures["tiles_right"]["n"] == 12
    assert (figures["wrong_flagged"]["k"], figures["wrong_flagged"]["n"]) == (1, 1)
    assert (figures["right_flagged"]["k"], figures["right_flagged"]["n"]) == (1, 3)
    assert (figures["no_board"], figures["wrong_size"]) == (1, 1)
    assert figures["seconds_mean"] == pytest.approx(1.0)


def test_wilson_interval():
    low, high = ir.wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert ir.wilson(0, 10)[0] == 0.0 and ir.wilson(10, 10)[1] == 1.0
    assert ir.wilson(0, 0) == (0.0, 1.0)


def test_list_counts_the_pictures_and_finds_none_without_a_copy(tmp_path, capsys):
    if cv2 is None:
        pytest.skip("needs the image extra (OpenCV)")
    assert ir.main(["--list", "--mirror", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    pictures = ir.load_manifest()
    for group in {ir.group_of(p) for p in pictures}:
        tune = sum(ir.group_of(p) == group and p["split"] == "tune" for p in pictures)
        report = sum(ir.group_of(p) == group and p["split"] == "report" for p in pictures)
        assert f"| {group} | {tune} (0) | {report} (0) |" in out


def test_the_report_part_shows_no_picture_unless_asked_and_tune_shows_only_its_own(
        tmp_path, monkeypatch, capsys):
    if cv2 is None:
        pytest.skip("needs the image extra (OpenCV)")
    import json

    entries = [{"id": f"pic{i}", "repo": "o/r", "commit": "0" * 40, "path": f"p{i}.png",
                "blob": "1" * 40, "sha256": f"{i:064x}", "bytes": 1, "licence": "-",
                "game": "wordhunt", "kind": "screenshot", "theme": "light", "family": f"f{i}",
                "split": "", "truth": ["A B", "C D"], "note": ""} for i in range(5)]
    for entry, part in zip(entries, ir.assign_splits(entries).values()):
        entry["split"] = part
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps({"pictures": entries}))
    monkeypatch.setattr(ir, "picture_bytes", lambda entry, mirror, folder: (b"", "here"))
    # every picture read with its last tile wrong and unflagged
    monkeypatch.setattr(ir, "read_entry", lambda entry, data, language: (
        [[("A", False), ("B", False)], [("C", False), ("E", False)]], 0.1, ""))
    tune = {e["id"] for e in entries if e["split"] == "tune"}
    report = {e["id"] for e in entries} - tune
    assert tune and report

    ir.main(["--split", "report", "--manifest", str(manifest), "--json", "-"])
    out = capsys.readouterr().out
    assert not any(name in out for name in tune | report)
    assert '"pictures": [' not in out  # nor in the JSON
    # 3 pictures, 9 of 12 tiles right, no board right, the 3 wrong tiles unflagged
    assert "| all: 3 | 75.0 % " in out and "| 0 of 3, 0 % " in out

    ir.main(["--split", "report", "--details", "--manifest", str(manifest)])
    out = capsys.readouterr().out
    assert all(name in out for name in report) and not any(name in out for name in tune)
    assert out.index("| all:") < min(out.index(name) for name in report)  # after the figures

    ir.main(["--split", "tune", "--manifest", str(manifest)])
    out = capsys.readouterr().out
    assert all(name in out for name in tune) and not any(name in out for name in report)
    assert "(1,1) D read E UNFLAGGED" in out
