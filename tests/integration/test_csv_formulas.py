"""fit-report --csv never writes a live spreadsheet formula (CWE-1236)."""

from __future__ import annotations

import csv

from click.testing import CliRunner

from cards.cli import main
from tests.support.spells import homebrew_text


def test_a_spell_named_like_a_formula_is_neutralised_in_the_csv(tmp_path):
    """A cell opening with = + - @ tab or CR gets a leading ' (OWASP), other cells stay."""
    name = '=HYPERLINK("http://example.com","klikni")'
    path = tmp_path / "zly.txt"
    path.write_text(homebrew_text(name), encoding="utf-8")
    out = tmp_path / "fit.csv"
    result = CliRunner().invoke(
        main,
        ["fit-report", "--class", "bard", "--level", "0", "--add", str(path), "--csv", str(out)],
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(out.open(encoding="utf-8")))
    labels = [row[0] for row in rows[1:]]
    assert any(label.startswith("'" + name) for label in labels)
    assert all(not label.startswith(("=", "+", "-", "@", "\t", "\r")) for label in labels)
    assert "Kejkle (Příručka hráče)" in labels  # an ordinary name is kept as it is


def test_every_dangerous_first_character_is_neutralised():
    """Each of = + - @ tab CR at the start is prefixed; elsewhere it is left alone."""
    from cards.report import spreadsheet_safe

    for start in ("=", "+", "-", "@", "\t", "\r"):
        assert spreadsheet_safe(start + "1+1") == "'" + start + "1+1"
    assert spreadsheet_safe("Ohnivá koule") == "Ohnivá koule"
    assert spreadsheet_safe("a=b") == "a=b"
