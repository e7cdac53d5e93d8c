#!/usr/bin/env python3
"""Write the files setup.py installs beside the package, under share/ as they are installed,
all made from the command table (elzzur.cli.commands.COMMANDS):

    share/man/man1/elzzur.1                      the manual page (elzzur.cli.manpage)
    share/bash-completion/completions/elzzur     bash's completion (elzzur completion bash)
    share/fish/vendor_completions.d/elzzur.fish  fish's (elzzur completion fish)

Run it after changing a command or an option (tests/test_completion.py fails while a file is
not current):

    python tools/make_share.py          # write them
    python tools/make_share.py --check  # exit 1 if one is not current
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import elzzur  # noqa: E402  (the checkout's, not an installed one)
from elzzur.cli.completion import bash_script, fish_script  # noqa: E402
from elzzur.cli.manpage import manpage  # noqa: E402

FILES = {
    "share/man/man1/elzzur.1": lambda: manpage(elzzur.__version__),
    "share/bash-completion/completions/elzzur": bash_script,
    "share/fish/vendor_completions.d/elzzur.fish": fish_script,
}


def main(argv: list[str]) -> int:
    if argv not in ([], ["--check"]):
        print(__doc__, file=sys.stderr)
        return 2
    stale = []
    for name, make in FILES.items():
        path, text = ROOT / name, make()
        if argv == ["--check"]:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {name} ({text.count(chr(10))} lines)")
    for name in stale:
        print(f"{name} is not current: run python tools/make_share.py", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
