"""Tests for cards.layout: loading, checking and listing card layouts."""

from pathlib import Path

import pytest
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics

from cards.layout import LayoutError, list_layouts, load_layout
from cards.model import SCHOOLS

POKER = Path(__file__).resolve().parents[2] / "layouts" / "poker.toml"


def _variant(tmp_path: Path, old: str, new: str) -> Path:
    text = POKER.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "variant.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def test_poker_is_63_by_88_mm():
    """The default layout is a poker card, measured in points."""
    layout = load_layout()
    assert layout.name == "poker"
    assert layout.width == pytest.approx(63 * mm)
    assert layout.height == pytest.approx(88 * mm)


def test_body_sizes_and_default_minimum():
    """Body sizes come from the file; the minimum is 6.5 pt."""
    layout = load_layout("poker")
    assert layout.body_min == 6.5
    assert layout.body_max >= layout.body_min


def test_minimum_defaults_to_6_5_when_absent(tmp_path):
    """A file without type.body_min gets the default minimum of 6.5 pt."""
    path = _variant(tmp_path, "body_min = 6.5\n", "")
    assert load_layout(path).body_min == 6.5


def test_every_school_has_a_colour():
    """Colour coding covers the eight schools of the model."""
    layout = load_layout()
    assert set(layout.school_colours) == set(SCHOOLS)
    assert all(
        colour.startswith("#") and len(colour) == 7 for colour in layout.school_colours.values()
    )


def test_fonts_are_registered_by_role():
    """Loading registers the TrueType fonts of every role with reportlab."""
    layout = load_layout()
    for role in ("body", "bold", "italic", "bold_italic", "title"):
        assert layout.fonts[role] in pdfmetrics.getRegisteredFontNames()
        assert layout.fonts[role].startswith("CharisSIL")


def test_loading_twice_is_harmless():
    """Font registration is idempotent: a second load gives an equal layout."""
    assert load_layout("poker") == load_layout("poker")


def test_list_layouts_has_card_sizes_only(tmp_path):
    """The shipped card layouts are listed; sheet files are not."""
    names = list_layouts()
    assert {"poker", "bridge", "mini", "tarot"} <= set(names)
    assert "a4" not in names and "letter" not in names


@pytest.mark.parametrize(
    ("name", "width_mm", "height_mm"),
    [("bridge", 56, 88), ("mini", 44, 63), ("tarot", 70, 120)],
)
def test_other_sizes_load(name, width_mm, height_mm):
    """Bridge, mini and tarot are plain data files with their own card size."""
    layout = load_layout(name)
    assert (layout.width, layout.height) == pytest.approx((width_mm * mm, height_mm * mm))


def test_load_by_path():
    """A path to a .toml file works as well as a name."""
    assert load_layout(POKER).width == load_layout("poker").width
    assert load_layout(str(POKER)).name == "poker"


def test_unknown_name_lists_the_layouts():
    """An unknown name says which layouts exist."""
    with pytest.raises(LayoutError, match="neznámé rozvržení 'jumbo'; dostupná: .*poker"):
        load_layout("jumbo")


def test_bad_number_names_file_and_key(tmp_path):
    """A value of the wrong type names the file, the key and what was expected."""
    path = _variant(tmp_path, "body_max = 10.0", 'body_max = "big"')
    with pytest.raises(
        LayoutError, match=r'variant\.toml: type\.body_max: má být číslo od 4 do 30 pt, je "big"'
    ):
        load_layout(path)


def test_minimum_above_maximum_is_rejected(tmp_path):
    """body_min above body_max is an error naming type.body_min."""
    path = _variant(tmp_path, "body_min = 6.5", "body_min = 12.0")
    with pytest.raises(
        LayoutError, match=r"type\.body_min: má být nejvýš type\.body_max, je 12\.0"
    ):
        load_layout(path)


def test_bad_colour_is_rejected(tmp_path):
    """A colour must be written "#rrggbb"."""
    path = _variant(tmp_path, '"Iluze" = "#682f8d"', '"Iluze" = "purple"')
    with pytest.raises(
        LayoutError, match=r'school_colours\.Iluze: má být barva "#rrggbb", je "purple"'
    ):
        load_layout(path)


def test_unknown_key_is_rejected(tmp_path):
    """A misspelt key is reported rather than silently ignored."""
    path = _variant(tmp_path, "body_max = 10.0", "bodymax = 10.0")
    with pytest.raises(
        LayoutError, match=r"type\.bodymax: neznámý klíč \(měli jste na mysli body_max\?\)"
    ):
        load_layout(path)


def test_missing_font_file_is_reported(tmp_path):
    """A font file that does not exist names the role's key."""
    path = _variant(tmp_path, 'italic = "CharisSIL-Italic.ttf"', 'italic = "Nope.ttf"')
    with pytest.raises(
        LayoutError,
        match=r'fonts\.italic: má být soubor \.ttf vedle rozvržení nebo v .*, je "Nope\.ttf"',
    ):
        load_layout(path)


def test_sheet_file_is_not_a_card_layout(tmp_path):
    """A file with kind = "sheet" is refused as a card layout."""
    path = _variant(tmp_path, 'kind = "card"', 'kind = "sheet"')
    with pytest.raises(
        LayoutError, match=r"kind: má být \"card\" \(rozvržení karty\), je \"sheet\""
    ):
        load_layout(path)


def test_invalid_toml_is_reported(tmp_path):
    """A syntax error in the file is reported with the file's name."""
    path = tmp_path / "broken.toml"
    path.write_text("kind = \n", encoding="utf-8")
    with pytest.raises(LayoutError, match=r"broken\.toml:1: chybná syntaxe TOML \(sloupec 8\)"):
        load_layout(path)


def test_frame_must_lie_inside_the_safe_margin(tmp_path):
    """The coloured frame is narrower than the safe margin that keeps text off the edge."""
    path = _variant(tmp_path, "frame_mm = 1.8", "frame_mm = 5.0")
    with pytest.raises(
        LayoutError, match=r"card\.frame_mm: má být méně než card\.safe_margin_mm, je 5\.0"
    ):
        load_layout(path)


def test_layout_is_hashable():
    """A layout can key a cache or a set, as frozen values should."""
    assert len({load_layout("poker"), load_layout("poker"), load_layout("mini")}) == 2


def test_spacing_comes_from_the_layout_file_with_defaults(tmp_path):
    """[spacing] keys override their defaults; a key left out keeps its default."""
    from cards.layout import Spacing

    assert load_layout("poker").spacing == Spacing()
    path = _variant(tmp_path, "text_above = 2.6\n", "text_above = 10.0\n")
    spacing = load_layout(path).spacing
    assert spacing.text_above == 10.0
    assert spacing.grid_pad == Spacing().grid_pad
    short = _variant(tmp_path, "grid_pad = 2.0\n", "")
    assert load_layout(short).spacing.grid_pad == Spacing().grid_pad


def test_a_spacing_key_moves_what_it_names(tmp_path):
    """text_above lowers the description's first line by the difference, nothing else moves."""
    from cards.face import TextLine
    from cards.fit import fit_spell
    from tests.conftest import make_spell

    spell = make_spell()
    wide = load_layout(_variant(tmp_path, "text_above = 2.6\n", "text_above = 6.6\n"))
    (before,) = fit_spell(spell, load_layout("poker"))
    (after,) = fit_spell(spell, wide)
    first = [i for i in before.items if isinstance(i, TextLine) and i.role == "body"][0]
    moved = [i for i in after.items if isinstance(i, TextLine) and i.role == "body"][0]
    assert first.y - moved.y == pytest.approx(4.0)
    titles = [i.y for i in before.items if isinstance(i, TextLine) and i.role == "title"]
    assert titles == [i.y for i in after.items if isinstance(i, TextLine) and i.role == "title"]


def test_an_unknown_spacing_key_is_named(tmp_path):
    """A misspelt [spacing] key gets a message naming the file and the key."""
    path = _variant(tmp_path, "text_above = 2.6\n", "text_abov = 2.6\n")
    with pytest.raises(
        LayoutError, match=r"spacing\.text_abov: neznámý klíč \(měli jste na mysli text_above\?\)"
    ):
        load_layout(path)
