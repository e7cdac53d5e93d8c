"""The installed package holds every data file of res/ (a pattern missing from setup.py's
package_data would otherwise only show on a user's machine)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from elzzur.files import resource_root

REPO_RES = Path(__file__).resolve().parent.parent / "elzzur" / "res"


def files(root) -> set[str]:
    return {
        str(Path(folder, name).relative_to(root))
        for folder, _, names in os.walk(root) for name in names
        if "__pycache__" not in folder and not name.endswith(".pyc")
    }


def test_every_data_file_is_installed():
    installed = Path(resource_root())
    if installed.resolve() == REPO_RES.resolve():
        pytest.skip("running from a checkout: nothing is installed to compare")
    assert files(REPO_RES) - files(installed) == set()
