"""Defaults of one's own (elzzur.cli.config): the config file, the environment variables, the
command line over both, ``elzzur config``, and the errors of a broken config."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from elzzur.__main__ import parse_args
from elzzur.cli.config import config_path

from conftest import REPO, SMALL_BOARD


@pytest.fixture
def config(tmp_path, monkeypatch):
    """Write the config file (ELZZUR_CONFIG in tmp_path) with ``text``; returns its path."""
    path = tmp_path / "config.toml"
    monkeypatch.setenv("ELZZUR_CONFIG", str(path))

    def write(text: str) -> str:
        path.write_text(text, encoding="utf-8")
        return str(path)
    return write


def settings(out: str) -> dict[str, tuple[str, str]]:
    """``elzzur config``'s lines as key -> (value, origin)."""
    found = {}
    for line in out.splitlines()[1:]:
        key, rest = line.split(" = ", 1)
        value, origin = rest.rsplit("  (", 1)
        found[key.strip()] = (value.strip(), origin.rstrip(")"))
    return found


def test_built_in_defaults_and_the_missing_file(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("ELZZUR_CONFIG", str(tmp_path / "none.toml"))
    run = cli("config")
    assert run.code == 0, run.err
    assert run.out.splitlines()[0] == f"config file: {tmp_path / 'none.toml'} (does not exist)"
    assert settings(run.out) == {"language": ("en", "built-in"), "rules": ("ruzzle", "built-in"),
                                 "color": ("auto", "built-in")}


def test_flag_over_environment_over_file_over_built_in(cli, config, monkeypatch):
    path = config('language = "it"\nrules = "boggle"\ncolor = "never"\n')
    monkeypatch.setenv("ELZZUR_RULES", "wordhunt")
    monkeypatch.setenv("ELZZUR_COLOR", "always")
    run = cli("config", "--color", "never")
    assert run.code == 0, run.err
    assert run.out.splitlines()[0] == f"config file: {path}"
    assert settings(run.out) == {"language": ("it", f"file {path}"),
                                 "rules": ("wordhunt", "environment ELZZUR_RULES"),
                                 "color": ("never", "command line")}
    monkeypatch.delenv("ELZZUR_COLOR")
    assert settings(cli("config").out)["color"] == ("never", f"file {path}")
    config("")
    assert settings(cli("config").out)["color"] == ("auto", "built-in")


@pytest.mark.parametrize("argv", [
    ["solve", "-b", SMALL_BOARD],  # the fast parser
    ["solve", f"--board={SMALL_BOARD}"],  # argparse
    ["solve", "-qb", SMALL_BOARD],  # argparse
])
def test_both_parsers_apply_the_same_defaults(config, monkeypatch, argv):
    path = config('rules = "boggle"\nlanguage = "fr"\n')
    monkeypatch.setenv("ELZZUR_LANGUAGE", "de")
    args = parse_args(argv)
    assert (args.language, args.rules, args.color) == ("de", "boggle", "auto")
    assert args.origins == {"language": "ELZZUR_LANGUAGE", "rules": path, "color": "built-in"}
    args = parse_args(argv + ["--rules", "wordament", "-l", "en"])
    assert (args.language, args.rules) == ("en", "wordament")
    assert args.origins["rules"] == args.origins["language"] == "command line"


def test_scrabble_editions_are_not_the_language_setting(config):
    config('language = "it"\n')
    assert parse_args(["scrabble", "-r", "AB"]).language == "en"
    assert parse_args(["demo"]).language == "it"


def test_the_config_changes_what_a_solve_finds(cli, config, words_txt):
    # the rules from the file are the rules used: Boggle scores differ from Ruzzle's
    ruzzle = cli("solve", "-b", SMALL_BOARD, "-d", str(words_txt), "--format", "csv")
    config('rules = "boggle"\n')
    boggle = cli("solve", "-b", SMALL_BOARD, "-d", str(words_txt), "--format", "csv")
    again = cli("solve", "-b", SMALL_BOARD, "-d", str(words_txt), "--format", "csv",
                "--rules", "ruzzle")
    assert ruzzle.code == boggle.code == again.code == 0
    assert boggle.out != ruzzle.out
    assert again.out == ruzzle.out


def test_an_empty_variable_is_unset(cli, config, monkeypatch):
    path = config('language = "it"\n')
    monkeypatch.setenv("ELZZUR_LANGUAGE", "")
    monkeypatch.setenv("ELZZUR_COLOR", "")
    found = settings(cli("config").out)
    assert found["language"] == ("it", f"file {path}")
    assert found["color"] == ("auto", "built-in")


@pytest.mark.parametrize("text, message", [
    ('langage = "it"\n', "unknown key 'langage' (expected one of language, rules, color)"),
    ("language = 3\n", "key 'language' must be a name or a path"),
    ('color = "blue"\n', "key 'color' must be one of auto, always, never"),
    ('language = ""\n', "key 'language' must be a name or a path of 1 to 4,096 characters"),
    ('language = "it\n', "Illegal character"),
])
def test_a_broken_config_file_is_one_error_naming_it(cli, config, text, message):
    path = config(text)
    run = cli("demo", "-q")
    assert run.code == 1
    assert run.out == ""
    assert run.err.startswith(f"elzzur: error: {path}: ")
    assert message in run.err
    assert run.err.count("\n") == 1


def test_an_unknown_language_says_where_it_came_from(cli, config, monkeypatch):
    path = config('language = "xx"\n')
    run = cli("demo", "-q")
    assert run.code == 2
    assert run.err.startswith("elzzur: error: unknown language 'xx' (choose from ")
    assert run.err.endswith(f" (the language comes from the config file {path})\n")
    monkeypatch.setenv("ELZZUR_LANGUAGE", "yy")
    run = cli("demo", "-q")
    assert run.err.startswith("elzzur: error: unknown language 'yy' (choose from ")
    assert run.err.endswith(" (the language comes from the environment variable "
                            "ELZZUR_LANGUAGE)\n")
    run = cli("demo", "-q", "-l", "zz")  # typed: nothing to add
    assert run.err.startswith("elzzur: error: unknown language 'zz' (choose from ")
    assert "comes from" not in run.err


def test_a_bad_variable_is_a_usage_error(cli, monkeypatch):
    monkeypatch.setenv("ELZZUR_COLOR", "blue")
    run = cli("demo", "-q")
    assert (run.code, run.out) == (2, "")
    assert run.err == ("elzzur: error: ELZZUR_COLOR: invalid color 'blue' "
                       "(choose from auto, always, never)\n")


def test_where_the_file_is(monkeypatch, tmp_path):
    monkeypatch.delenv("ELZZUR_CONFIG")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert config_path() == str(tmp_path / "elzzur" / "config.toml")
    monkeypatch.setenv("XDG_CONFIG_HOME", "relative")  # not absolute: ignored, as XDG says
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert config_path() == str(tmp_path / "home" / ".config" / "elzzur" / "config.toml")
    monkeypatch.setenv("ELZZUR_CONFIG", "")
    assert config_path() == str(tmp_path / "home" / ".config" / "elzzur" / "config.toml")


def test_a_real_run_reads_the_xdg_config(tmp_path):
    folder = tmp_path / "xdg" / "elzzur"
    folder.mkdir(parents=True)
    (folder / "config.toml").write_text('rules = "boggle"\n', encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "ELZZUR_CONFIG"}
    env["XDG_CONFIG_HOME"] = str(tmp_path / "xdg")
    env["PYTHONPATH"] = str(REPO)
    run = subprocess.run([sys.executable, "-m", "elzzur", "config"], env=env, cwd=tmp_path,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert settings(run.stdout)["rules"] == ("boggle", f"file {folder / 'config.toml'}")
