"""A layout's colours beyond [colours] (cards/palette.py): school text colours, print twins."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards.layout import LayoutError, load_layout


def test_the_print_twins_are_read_as_fractions_of_full_ink():
    """[cmyk] percentages become fractions: text [0, 0, 0, 100] is (0, 0, 0, 1)."""
    twins = load_layout("poker").cmyk
    assert twins["text"] == (0.0, 0.0, 0.0, 1.0)
    assert twins["Zaklínání"] == pytest.approx((0.0, 1.0, 0.99, 0.15))


def test_school_text_colours_are_read_by_school():
    """[school_inks] and [school_titles] map a light school to its own text colours."""
    layout = load_layout("poker")
    assert set(layout.school_inks) == set(layout.school_titles) == {"Věštění", "Vyvolávání"}
    assert all(colour.startswith("#") for colour in layout.school_titles.values())


@pytest.mark.parametrize(
    "value",
    ["[0, 0, 100]", "[0, 0, 0, 101]", "[0, 0, 0, -1]", "[0, 0, 0, true]", '"black"'],
)
def test_a_print_twin_other_than_four_percentages_is_refused_naming_the_key(tmp_path, value):
    """Three numbers, one past 0..100, a boolean or a string: a LayoutError naming cmyk.text."""
    text = Path(load_layout("poker").path).read_text(encoding="utf-8")
    path = tmp_path / "twins.toml"
    path.write_text(text.replace("text = [0, 0, 0, 100]", f"text = {value}"), encoding="utf-8")
    with pytest.raises(LayoutError) as caught:
        load_layout(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: cmyk.text: má být čtyři procenta barev [C, M, Y, K]")


def test_a_layout_without_the_optional_tables_has_no_twins_and_no_school_colours(tmp_path):
    """[cmyk], [school_inks] and [school_titles] are optional: left out, they are empty."""
    text = Path(load_layout("poker").path).read_text(encoding="utf-8")
    for table in ("[cmyk]", "[school_inks]", "[school_titles]"):
        start = text.index(f"\n{table}\n") + 1
        end = text.find("\n[", start + 1)
        text = text[:start] + (text[end + 1 :] if end != -1 else "")
    path = tmp_path / "plain.toml"
    path.write_text(text, encoding="utf-8")
    layout = load_layout(path)
    assert dict(layout.cmyk) == {} and dict(layout.school_inks) == {}
    assert dict(layout.school_titles) == {}
