"""Shell completion and the man page, both made from the command table (issue 38): bash
completes commands, options and their values after sourcing ``elzzur completion bash``; the
installed files under share/ are current; ``man`` renders elzzur.1 without a warning."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from conftest import REPO, child_env, needs_system
from elzzur.cli.commands import COMMANDS
from elzzur.cli.completion import bash_script, fish_script, table, zsh_script

sys.path.insert(0, str(REPO / "tools"))
import make_share  # noqa: E402


def test_the_installed_files_are_current():
    """share/ is what tools/make_share.py writes from today's table (run it after a change)."""
    for name, make in make_share.FILES.items():
        assert (REPO / name).read_text(encoding="utf-8") == make(), \
            f"{name} is not current: run python tools/make_share.py"


def test_setup_installs_them():
    setup = (REPO / "setup.py").read_text(encoding="utf-8")
    for name in make_share.FILES:
        folder, file = name.rsplit("/", 1)
        assert f'("{folder}", "{file}")' in setup


def test_the_command_prints_the_script(cli):
    result = cli("completion", "bash")
    assert (result.code, result.out) == (0, bash_script())
    assert cli("completion", "fish").out == fish_script()
    assert cli("completion", "zsh").out == zsh_script()
    result = cli("completion", "ksh")
    assert result.code == 2 and "invalid choice: 'ksh'" in result.err


# --- bash ----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def script(tmp_path_factory):
    path = tmp_path_factory.mktemp("completion") / "elzzur.bash"
    path.write_text(bash_script(), encoding="utf-8")
    return path


def complete(script, tmp_path, *words: str) -> list[str]:
    """What bash offers for the command line ``words`` (the last one being typed), as it
    would after Tab: ``_elzzur`` called with COMP_WORDS and COMP_CWORD set."""
    quoted = " ".join("'" + w.replace("'", "'\\''") + "'" for w in ("elzzur", *words))
    run = (f"source {script}; COMP_WORDS=({quoted}); COMP_CWORD={len(words)}; _elzzur; "
           "printf '%s\\n' \"${COMPREPLY[@]}\"")
    done = subprocess.run(["bash", "--norc", "--noprofile", "-c", run], capture_output=True,
                          text=True, cwd=tmp_path)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return [line for line in done.stdout.splitlines() if line]


def test_bash_registers_the_completion(script):
    done = subprocess.run(["bash", "--norc", "--noprofile", "-c",
                           f"source {script} && complete -p elzzur"],
                          capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr) == (0, "complete -F _elzzur elzzur\n", "")


def test_bash_completes_commands_options_and_values(script, tmp_path):
    assert complete(script, tmp_path, "so") == ["solve"]
    assert complete(script, tmp_path, "c") == ["cat", "compile", "check", "config", "completion"]
    assert complete(script, tmp_path, "solve", "--mi") == ["--min-length"]
    assert complete(script, tmp_path, "solve", "-l", "pt") == ["pt", "pt-br", "pt-native"]
    assert complete(script, tmp_path, "solve", "--rules", "b") == ["bigboggle", "boggle"]
    assert complete(script, tmp_path, "solve", "--sort", "") == \
        ["score", "length", "start", "end", "alpha"]
    assert complete(script, tmp_path, "scrabble", "-l", "w") == ["wwf"]
    assert complete(script, tmp_path, "scrabble", "--board-layout", "k") == ["kelimelik"]
    assert complete(script, tmp_path, "generate", "--dice", "c") == ["classic"]
    assert complete(script, tmp_path, "solve", "--top", "") == []  # a number: nothing
    assert complete(script, tmp_path, "words", "") == ["add", "remove", "list", "reset", "diff"]
    assert complete(script, tmp_path, "words", "diff", "--ap") == ["--apply"]
    assert complete(script, tmp_path, "completion", "") == ["bash", "zsh", "fish"]
    assert complete(script, tmp_path, "help", "sc") == ["scrabble"]


def test_bash_completes_files_where_a_file_is_wanted(script, tmp_path):
    (tmp_path / "my.board").write_text("C A T\n", encoding="utf-8")
    (tmp_path / "my words.txt").write_text("cat\n", encoding="utf-8")
    (tmp_path / "rules").mkdir()
    assert complete(script, tmp_path, "solve", "-b", "my.") == ["my.board"]
    assert complete(script, tmp_path, "solve", "-d", "my") == ["my words.txt", "my.board"]
    assert complete(script, tmp_path, "check", "-b", "my.board", "my.") == ["my.board"]
    assert complete(script, tmp_path, "solve", "-o", "ru") == ["rules"]
    # a language or rules file of one's own, once the word looks like a path
    assert complete(script, tmp_path, "solve", "--rules", "./my.") == ["./my.board"]


def test_every_option_of_every_command_completes(script, tmp_path):
    for name, (_, flags, _) in table().items():
        if name.startswith("words"):  # its actions come first (above)
            continue
        offered = set(complete(script, tmp_path, name, "--"))
        wanted = {s for flag in flags for s in flag.flags if s.startswith("--")} | {"--help"}
        assert offered == wanted, name
    assert {name for name in table() if " " not in name} == set(COMMANDS)
    assert complete(script, tmp_path, "words", "diff", "--") == \
        ["--language", "--board", "--rules", "--dictionary", "--apply", "--help"]


@pytest.mark.parametrize("shell, check", [("zsh", ["zsh", "-n"]),
                                           ("fish", ["fish", "--no-execute"])])
def test_the_other_shells_read_their_scripts(shell, check, tmp_path):
    if shutil.which(shell) is None:
        pytest.skip(f"no {shell} here to check its script's syntax")
    path = tmp_path / f"elzzur.{shell}"
    path.write_text(zsh_script() if shell == "zsh" else fish_script(), encoding="utf-8")
    done = subprocess.run([*check, str(path)], capture_output=True, text=True)
    assert (done.returncode, done.stderr) == (0, "")
    if shell == "fish":  # and a query, as Tab asks it
        asked = subprocess.run(["fish", "--no-config", "-c", f"source {path}; complete -C "
                                "'elzzur solve --rules b'; complete -C 'elzzur words d'"],
                               capture_output=True, text=True, cwd=tmp_path)
        assert asked.stderr == ""
        assert [line.split("\t")[0] for line in asked.stdout.splitlines()] == \
            ["bigboggle", "boggle", "diff"]


# --- the man page --------------------------------------------------------------------------

def test_man_renders_the_page_without_a_warning():
    if shutil.which("man") is None:
        needs_system("man (Debian man-db) renders the manual page")
    env = dict(child_env(), MANWIDTH="80", LC_ALL="C.UTF-8")
    env.pop("MAN_KEEP_FORMATTING", None)  # (any value keeps bold as overstrikes)
    done = subprocess.run(["man", "--warnings", "-l", str(REPO / "share/man/man1/elzzur.1")],
                          capture_output=True, text=True, env=env)
    assert (done.returncode, done.stderr) == (0, "")
    page = done.stdout
    for name in COMMANDS:
        assert f"   elzzur {name}\n" in page
    assert "--min-length N" in page.replace("\u2010", "-")
    assert "EXIT STATUS" in page and "ENVIRONMENT" in page


def test_python_m_elzzur_prints_the_same_script(tmp_path):
    done = subprocess.run([sys.executable, "-m", "elzzur", "completion", "bash"],
                          capture_output=True, text=True, env=child_env(), cwd=tmp_path)
    assert (done.returncode, done.stdout) == (0, bash_script())

