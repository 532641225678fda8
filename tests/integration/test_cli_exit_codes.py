"""One kind of mistake, one exit code: an unknown name from a fixed list is a usage error (2)
for every option that takes one, a value beyond an option's bound too; bad data is 1."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cards.cli import main


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.mark.parametrize(
    "args",
    [
        ["class", "bard", "--layout", "jumbo"],
        ["compendium", "--layout", "jumbo"],
        ["fit-report", "--layout", "jumbo"],
        ["preview", "fireball", "--layout", "jumbo"],
        ["images", "fireball", "--layout", "jumbo"],
        ["lint", "--layout", "jumbo"],
        ["calibrate", "--layout", "jumbo"],
    ],
    ids=lambda args: args[0],
)
def test_an_unknown_layout_name_is_a_usage_error_like_an_unknown_sheet(args, tmp_path):
    """--layout jumbo exits 2 with the list of layouts, as --sheet b5 and --class nic do."""
    if args[0] not in ("lint", "fit-report"):
        args = [*args, "-o", str(tmp_path / "x")]
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert "Chyba: Neplatná hodnota '--layout': neznámé rozvržení 'jumbo'; dostupná: " in (
        result.output
    )
    assert run("class", "bard", "--sheet", "b5").exit_code == 2
    assert run("list", "--class", "nic").exit_code == 2


def test_a_layout_name_in_capitals_is_still_taken(tmp_path):
    """The check of the name keeps the case rule: MINI is mini."""
    result = run(
        "class", "bard", "--level", "0", "--layout", "MINI", "-q", "-o", str(tmp_path / "a.pdf")
    )
    assert result.exit_code == 0, result.output


def test_more_jobs_than_a_build_can_use_is_a_usage_error():
    """--jobs 1000 would start a process per spell (492): refused with the bound, exit 2."""
    result = run("compendium", "--jobs", "1000", "-q")
    assert result.exit_code == 2
    assert "Neplatná hodnota '--jobs': 1000 není v rozsahu 1<=x<=32." in result.output
