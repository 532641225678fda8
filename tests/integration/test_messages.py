"""Messages are Czech, click's own usage errors included, with click's exit status 2."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cards.cli import main


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.mark.parametrize(
    "args, expected",
    [
        (["class", "druid", "--colour", "red"], "Chyba: Neznámá volba '--colour'."),
        (["class", "druid", "--duplx", "long"], "Měli jste na mysli '--duplex'?"),
        (["class"], "Chyba: Chybí argument 'NÁZEV'."),
        (["class", "druid", "--duplex", "sideways"], "'sideways' není jedna z možností"),
        (["preview", "fireball", "--dpi", "5000"], "5000 není v rozsahu 50<=x<=1200."),
        (["preview", "fireball", "--dpi", "ostré"], "'ostré' není číslo."),
        (["class", "druid", "--layout"], "Volba '--layout' potřebuje hodnotu."),
        (["nic"], "Chyba: Neznámý příkaz 'nic'."),
        (["list", "navíc"], "Chyba: Nadbytečný argument (navíc)"),
    ],
)
def test_usage_errors_are_czech_with_exit_status_2(args, expected):
    """An unknown option, a missing argument, a bad choice or number: Czech, exit 2."""
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert expected in result.output
    if "potřebuje hodnotu" not in expected:  # click shows no usage for a missing value
        assert "Použití: " in result.output and "Nápověda: '" in result.output
    for english in ("Error:", "Usage:", "No such", "Missing", "Invalid value", "Try '"):
        assert english not in result.output


def test_a_library_error_is_shown_in_czech_with_exit_status_1(tmp_path):
    """A missing input file is bad input like any other: "Chyba:", exit 1 (not click's 2)."""
    result = run("list", "--data", str(tmp_path / "nic.txt"))
    assert result.exit_code == 1
    assert result.output.startswith("Chyba: ")
    assert "soubor neexistuje" in result.output


def test_every_catalogue_message_fills_its_fields():
    """Each catalogue entry formats with the fields its callers give (no KeyError)."""
    from cards.messages import CATALOGUE, say

    fields = dict(
        file="a.txt",
        line=1,
        reason="r",
        kind="k",
        limit=1,
        example="e",
        input="i",
        option="o",
        name="n",
        command="c",
        possibilities="p",
        commands="c",
        message="m",
        value="v",
        choices="c",
        range="r",
        arguments="a",
        sheet="s",
        count=3,
        # settings files (cards/config.py, layout.py, impose/)
        setting="k",
        expected="e",
        low=0,
        high=1,
        unit="",
        hint="",
        first="f",
        names="n",
        column=1,
        folder="f",
        error="e",
        card="c",
        paper="p",
        margin=1,
        gap=1,
        bleed=1,
        need=2,
        length=1,
        spell="s",  # the width rule's (cards/fit/furniture.py)
        field="f",
        text="t",
        word="w",
        size="6",
        lines="2 řádků",
    )
    import string

    for key in CATALOGUE:
        # the fields of the spell-file and selection messages: a number where it is formatted
        # as one ({code:04X}), text elsewhere
        for _, field, spec, _ in string.Formatter().parse(CATALOGUE[key]):
            if field and field not in fields:
                fields[field] = 1 if spec else "x"
        assert say(key, **fields)
