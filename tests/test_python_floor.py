"""Python 3.11.0 and newer, for real (issue 38): what the code uses of a later patch release is
guarded. ``TarFile.extractall(filter=...)`` came in 3.11.4; Debian 12's Python is 3.11.2, where
the dictionary build's npm archives are unpacked with the same refusals made by hand."""

from __future__ import annotations

import io
import re
import sys
import tarfile

import pytest

from conftest import REPO

# Python 3.12 and 3.13 warn that 3.14 filters by default; they have the filter, and use it,
# so only the test's "by hand" run (the filter taken away) gets there
pytestmark = pytest.mark.filterwarnings("ignore:Python 3.14 will:DeprecationWarning")

sys.path.insert(0, str(REPO / "tools" / "lexicon"))
from packages import extract_data  # noqa: E402


def archive(tmp_path, *members) -> tarfile.TarFile:
    """A tar archive holding ``members``: (name, data) files or (name, '->', target) links."""
    path = tmp_path / "package.tgz"
    with tarfile.open(path, "w:gz") as tar:
        for member in members:
            info = tarfile.TarInfo(member[0])
            if member[1] == "->":
                info.type, info.linkname = tarfile.SYMTYPE, member[2]
                tar.addfile(info)
            else:
                info.size = len(member[1])
                tar.addfile(info, io.BytesIO(member[1]))
    return tarfile.open(path)


@pytest.fixture(params=["filter", "by hand"])
def python(request, monkeypatch):
    """Both ways: this Python's data filter, and the checks made where it has none (< 3.11.4)."""
    if request.param == "by hand":
        monkeypatch.delattr(tarfile, "data_filter", raising=False)
    elif not hasattr(tarfile, "data_filter"):
        pytest.skip("this Python has no tarfile.data_filter (before 3.11.4)")
    return request.param


def test_a_package_is_unpacked(tmp_path, python):
    out = tmp_path / "out"
    out.mkdir()
    with archive(tmp_path, ("package/words.txt", b"cat\n"), ("package/package.json", b"{}")) as tar:
        extract_data(tar, out)
    assert (out / "package" / "words.txt").read_bytes() == b"cat\n"


@pytest.mark.parametrize("member", [("../escape.txt", b"x"),
                                    ("package/link", "->", "/etc/passwd")])
def test_what_would_write_outside_is_refused(tmp_path, python, member):
    out = tmp_path / "out"
    out.mkdir()
    with archive(tmp_path, member) as tar, pytest.raises((ValueError, tarfile.TarError)):
        extract_data(tar, out)
    assert not (tmp_path / "escape.txt").exists()


def test_an_absolute_name_stays_inside(tmp_path, python):
    """Refused by hand; the data filter writes it inside the folder instead: never outside."""
    out = tmp_path / "out"
    out.mkdir()
    outside = tmp_path / "abs-escape.txt"
    with archive(tmp_path, (str(outside), b"x")) as tar:
        try:
            extract_data(tar, out)
        except (ValueError, tarfile.TarError):
            assert python == "by hand"
    assert not outside.exists()


def test_no_unguarded_extractall_filter():
    """A new ``extractall(..., filter=...)`` must be guarded as ``extract_data`` is."""
    for path in [*REPO.glob("elzzur/**/*.py"), *REPO.glob("tools/**/*.py")]:
        text = path.read_text(encoding="utf-8")
        if re.search(r"extractall\([^)]*filter=", text):
            assert 'hasattr(tarfile, "data_filter")' in text, path
