"""Misspelt tables and keys in layout and sheet files are refused with a "did you mean", and a
sheet's paper has an upper bound."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards.impose import SheetError, load_sheet
from cards.layout import LayoutError, load_layout

ROOT = Path(__file__).resolve().parents[2]
A4 = (ROOT / "layouts" / "a4.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize("table, meant", [("colour", "colours"), ("Type", "type")])
def test_a_misspelt_layout_table_is_refused(table, meant, tmp_path):
    """[colour] or [Type] in a theme is not silently ignored."""
    path = tmp_path / "moje.toml"
    path.write_text(f'kind = "card"\nbase = "poker"\n[{table}]\ntext = "#000000"\n', "utf-8")
    with pytest.raises(
        LayoutError, match=rf"\[{table}\]: neznámá tabulka \(měli jste na mysli {meant}\?\)"
    ):
        load_layout(path)


def test_a_misspelt_sheet_key_is_refused(tmp_path):
    """grid.colums is refused, naming grid.columns."""
    path = tmp_path / "arch.toml"
    path.write_text(A4.replace("columns = 3", "columns = 3\ncolums = 2"), encoding="utf-8")
    with pytest.raises(
        SheetError, match=r"grid\.colums: neznámý klíč \(měli jste na mysli columns\?\)"
    ):
        load_sheet(str(path), 63 * 72 / 25.4, 88 * 72 / 25.4)


def test_a_misspelt_sheet_table_is_refused(tmp_path):
    """[mraks] is refused, naming [marks]."""
    path = tmp_path / "arch.toml"
    path.write_text(A4 + "\n[mraks]\nlength_mm = 3\n", encoding="utf-8")
    with pytest.raises(
        SheetError, match=r"\[mraks\]: neznámá tabulka \(měli jste na mysli marks\?\)"
    ):
        load_sheet(str(path), 63 * 72 / 25.4, 88 * 72 / 25.4)


@pytest.mark.parametrize("key", ["width_mm = 210", "height_mm = 297"])
def test_paper_of_100_metres_is_refused(key, tmp_path):
    """A sheet of 100 m (a hang with mini, a 283,465 pt page) is refused with the bound."""
    path = tmp_path / "arch.toml"
    name = key.split(" ")[0]
    path.write_text(A4.replace(key, f"{name} = 100000"), encoding="utf-8")
    expected = rf"paper\.{name}: má být číslo větší než 0 a nejvýš 1200 mm, je 100000"
    with pytest.raises(SheetError, match=expected):
        load_sheet(str(path), 63 * 72 / 25.4, 88 * 72 / 25.4)
