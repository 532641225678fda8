"""One spell file given twice (cards/inputs.py refuse_repeated): said once, in Czech, naming the
file, as a usage error (exit 2), instead of every spell of it reported as a duplicate."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from cards.cli import main
from tests.support.spells import HOMEBREW_SPELL

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def homebrew(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "druzina.txt"
    path.write_text(HOMEBREW_SPELL, encoding="utf-8")
    return path


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def _second_name(how: str, tmp_path: Path) -> str:
    if how == "same":
        return "druzina.txt"
    if how == "spelling":
        return str(tmp_path / "." / "druzina.txt")
    if how == "symlink":
        (tmp_path / "odkaz.txt").symlink_to(tmp_path / "druzina.txt")
        return "odkaz.txt"
    os.link(tmp_path / "druzina.txt", tmp_path / "tvrdy.txt")
    return "tvrdy.txt"


@pytest.mark.parametrize("how", ["same", "spelling", "symlink", "hard link"])
@pytest.mark.parametrize("command", [["list"], ["lint"], ["compendium", "-q"]])
def test_a_file_added_twice_is_said_once_naming_it(command, how, homebrew, tmp_path):
    """--add X --add X (also another spelling, a link) is one Czech usage error naming X."""
    second = _second_name(how, tmp_path)
    result = run(*command, "--add", "druzina.txt", "--add", second)
    assert result.exit_code == 2, result.output
    where = "--add a --add" if how == "same" else f"--add druzina.txt a --add {second}"
    expected = f"soubor {second} je zadán dvakrát ({where}); zadejte ho jen jednou"
    assert result.output == f"Chyba: {expected}\n"
    assert not (tmp_path / "out").exists()


def test_a_file_given_as_data_and_added_is_said_once(homebrew):
    """--data X --add X: the file is named once, with both options."""
    result = run("lint", "--data", "druzina.txt", "--add", "druzina.txt")
    assert result.exit_code == 2
    assert result.output == (
        "Chyba: soubor druzina.txt je zadán dvakrát (--data a --add); zadejte ho jen jednou\n"
    )


def test_adding_the_embedded_compendium_is_said_once(homebrew):
    """--add data/kouzla.txt without --data adds the compendium to itself: one message, not 492."""
    embedded = str(ROOT / "data" / "kouzla.txt")
    result = run("list", "-q", "--add", embedded)
    assert result.exit_code == 2
    assert result.output.count("\n") == 1
    assert result.output.startswith(f"Chyba: soubor {embedded} je vestavěné kompendium")


def test_standard_input_twice_is_said_once(homebrew):
    """--add - --add /dev/stdin read one pipe twice: refused, naming both."""
    result = run("lint", "--add", "-", "--add", "/dev/stdin", input=HOMEBREW_SPELL)
    assert result.exit_code == 2
    assert "je zadán dvakrát (--add - a --add /dev/stdin)" in result.output


def test_two_different_files_are_still_read(homebrew, tmp_path):
    """Two different files with different spells pass the check."""
    other = tmp_path / "jina.txt"
    other.write_text(HOMEBREW_SPELL.replace("Jiskřivý pozdrav", "Jiný pozdrav"), encoding="utf-8")
    result = run("list", "--add", "druzina.txt", "--add", "jina.txt")
    assert result.exit_code == 0, result.output
    assert "Jiskřivý pozdrav" in result.output and "Jiný pozdrav" in result.output
