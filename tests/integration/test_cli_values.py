"""Blank values on the command line are usage errors (exit 2) in Czech, like an empty --class,
and a sheet file that is missing is named as a missing file, not as an unknown sheet."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cards.cli import main


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.mark.parametrize(
    "args",
    [["list", "--level", ""], ["compendium", "--level", " "], ["class", "bard", "--level", ""]],
)
def test_an_empty_level_is_a_usage_error(args, tmp_path):
    """--level "" selected every level in silence; now it is refused, exit 2."""
    result = run(*args, "-q", "-o", str(tmp_path / "a.pdf")) if args[0] != "list" else run(*args)
    assert result.exit_code == 2
    assert "Neplatná hodnota '--level': chybí úroveň; zadejte úroveň 0-9" in result.output
    assert not (tmp_path / "a.pdf").exists()


@pytest.mark.parametrize(
    "args",
    [["show", ""], ["preview", " "], ["images", "fireball", ""]],
)
def test_a_blank_spell_name_is_a_usage_error(args, tmp_path):
    """A blank NAME was 'neznámé kouzlo ''' with random nearest names (exit 1); now exit 2."""
    result = run(*args, *(["-o", str(tmp_path / "x")] if args[0] != "show" else []))
    assert result.exit_code == 2
    assert "chybí název kouzla; zadejte ho česky nebo anglicky (viz `cards list`)" in (
        result.output
    )
    assert "nejbližší" not in result.output


def test_a_missing_sheet_file_is_named_as_missing(tmp_path):
    """--sheet moje.toml that does not exist: 'soubor archu neexistuje', not 'neznámý arch'."""
    missing = tmp_path / "moje.toml"
    result = run("class", "bard", "--sheet", str(missing), "-o", str(tmp_path / "a.pdf"))
    assert result.exit_code == 1
    assert result.output == f"Chyba: {missing}: soubor archu neexistuje\n"
