"""Regenerate OUTPUT.md: the full output of `elzzur demo -l en`.

    python tools/make_output.py          # rewrite OUTPUT.md
    python tools/make_output.py --check  # exit 1 if OUTPUT.md is out of date

A test runs the check, so the file always matches what the installed elzzur prints.
"""

from __future__ import annotations

import contextlib
import io
import sys
from pathlib import Path

from elzzur.__main__ import main
from elzzur.atomic import write_atomic

COMMAND = ["demo", "-l", "en"]
OUTPUT_MD = Path(__file__).resolve().parent.parent / "OUTPUT.md"


def render() -> str:
    """The text OUTPUT.md should hold."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(COMMAND)
    if status != 0:
        raise SystemExit(f"elzzur {' '.join(COMMAND)} failed with status {status}")
    return (
        "# Output of the English demo\n\n"
        "The complete output of the command below, on the board of the original elzzur's README,\n"
        "with the built-in English dictionary. `python tools/make_output.py` regenerates this file\n"
        "and a test checks that it is current.\n\n"
        f"```console\n$ elzzur {' '.join(COMMAND)}\n{out.getvalue()}```\n"
    )


if __name__ == "__main__":
    text = render()
    if "--check" in sys.argv[1:]:
        current = OUTPUT_MD.read_text(encoding="utf-8") if OUTPUT_MD.exists() else ""
        sys.exit(0 if current == text else "OUTPUT.md is out of date: run python tools/make_output.py")
    write_atomic(OUTPUT_MD, text)
    print(f"wrote {OUTPUT_MD.name}")
