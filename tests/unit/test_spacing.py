"""The measures a layout may tune (cards/spacing.py): read from its tables, defaults kept."""

from __future__ import annotations

from dataclasses import fields

import pytest
from reportlab.lib.units import mm

from cards.layout import LayoutError, load_layout
from cards.spacing import BackSpacing, IndexSpacing, Spacing


def _layout(tmp_path, tables: str):
    path = tmp_path / "tuned.toml"
    path.write_text(f'kind = "card"\nbase = "poker"\n\n{tables}\n', encoding="utf-8")
    return load_layout(path)


def test_poker_lists_every_spacing_at_its_default():
    """poker.toml writes out the whole [spacing] table, each value the class's default."""
    spacing = load_layout("poker").spacing
    assert spacing == Spacing()


def test_a_key_given_is_read_and_every_other_keeps_its_default(tmp_path):
    """[spacing] footer_apart = 9 changes that measure only."""
    spacing = _layout(tmp_path, "[spacing]\nfooter_apart = 9.0").spacing
    assert spacing.footer_apart == 9.0
    others = [f.name for f in fields(Spacing) if f.name != "footer_apart"]
    assert all(getattr(spacing, name) == getattr(Spacing(), name) for name in others)


def test_lengths_of_the_back_and_the_index_are_written_in_millimetres(tmp_path):
    """[backs] rule_mm = 6 and [index] margin_mm = 20 are 6 and 20 mm in points."""
    layout = _layout(tmp_path, "[backs]\nrule_mm = 6.0\n\n[index]\nmargin_mm = 20.0")
    assert layout.backs.rule == pytest.approx(6 * mm)
    assert layout.index.margin == pytest.approx(20 * mm)
    assert layout.backs.medallion == BackSpacing().medallion
    assert layout.index.gutter == IndexSpacing().gutter


@pytest.mark.parametrize(
    ("tables", "key"),
    [
        ("[spacing]\ndisc_share = 1.5", "spacing.disc_share"),
        ("[spacing]\nfooter_apart = 25.0", "spacing.footer_apart"),
        ("[spacing]\ntitle_line_em = -0.1", "spacing.title_line_em"),
        ("[backs]\nrule_mm = 21.0", "backs.rule_mm"),
    ],
)
def test_a_measure_out_of_its_range_is_refused_naming_its_key(tmp_path, tables, key):
    """A share past 1, a length past 20 pt, a negative em, a back's rule past 20 mm."""
    with pytest.raises(LayoutError) as caught:
        _layout(tmp_path, tables)
    assert f"tuned.toml: {key}: " in str(caught.value)
