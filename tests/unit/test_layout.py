"""Tests for cards.layout: loading, checking and listing card layouts."""

from pathlib import Path

import pytest
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics

from cards.impose import SheetError, load_sheet
from cards.layout import LayoutError, list_layouts, load_layout
from cards.model import SCHOOLS

POKER = Path(__file__).resolve().parents[2] / "layouts" / "poker.toml"


def _variant(tmp_path: Path, old: str, new: str) -> Path:
    text = POKER.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "variant.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def test_the_default_layout_is_poker():
    """Without a name, the layout is poker."""
    assert load_layout().name == "poker"


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
    [("poker", 63, 88), ("bridge", 56, 88), ("mini", 44, 63), ("tarot", 70, 120)],
)
def test_each_card_size_loads_in_points(name, width_mm, height_mm):
    """Poker, bridge, mini and tarot are plain data files with their own card size."""
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


def test_invalid_toml_is_reported(tmp_path):
    """A syntax error in the file is reported with the file's name."""
    path = tmp_path / "broken.toml"
    path.write_text("kind = \n", encoding="utf-8")
    with pytest.raises(LayoutError, match=r"broken\.toml:1: chybná syntaxe TOML \(sloupec 8\)"):
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
    from tests.support.spells import make_spell

    spell = make_spell()
    wide = load_layout(_variant(tmp_path, "text_above = 2.6\n", "text_above = 6.6\n"))
    (before,) = fit_spell(spell, load_layout("poker"))
    (after,) = fit_spell(spell, wide)
    first = [i for i in before.items if isinstance(i, TextLine) and i.role == "body"][0]
    moved = [i for i in after.items if isinstance(i, TextLine) and i.role == "body"][0]
    assert first.y - moved.y == pytest.approx(4.0)
    titles = [i.y for i in before.items if isinstance(i, TextLine) and i.role == "title"]
    assert titles == [i.y for i in after.items if isinstance(i, TextLine) and i.role == "title"]


# A line of poker.toml replaced, and the message that names the file, the key and the fault.
REFUSALS = [
    pytest.param(
        "body_max = 10.0",
        'body_max = "big"',
        r'variant\.toml: type\.body_max: má být číslo od 4 do 30 pt, je "big"',
        id="a number of the wrong type",
    ),
    pytest.param(
        "body_min = 6.5",
        "body_min = 13.0",
        r"type\.body_min: má být nejvýš type\.body_max, je 13\.0",
        id="the body's minimum above its maximum",
    ),
    pytest.param(
        '"Iluze" = "#73577c"',
        '"Iluze" = "purple"',
        r'school_colours\.Iluze: má být barva "#rrggbb", je "purple"',
        id="a colour not written #rrggbb",
    ),
    pytest.param(
        "body_max = 10.0",
        "bodymax = 10.0",
        r"type\.bodymax: neznámý klíč \(měli jste na mysli body_max\?\)",
        id="a misspelt key, with the nearest",
    ),
    pytest.param(
        "text_above = 2.6\n",
        "text_abov = 2.6\n",
        r"spacing\.text_abov: neznámý klíč \(měli jste na mysli text_above\?\)",
        id="a misspelt spacing key, with the nearest",
    ),
    pytest.param(
        'italic = "CharisSIL-Italic.ttf"',
        'italic = "Nope.ttf"',
        r'fonts\.italic: má být soubor \.ttf vedle rozvržení nebo v .*, je "Nope\.ttf"',
        id="a font file that does not exist",
    ),
    pytest.param(
        'kind = "card"',
        'kind = "sheet"',
        r"kind: má být \"card\" \(rozvržení karty\), je \"sheet\"",
        id="a sheet file as a card layout",
    ),
    pytest.param(
        "frame_mm = 1.8",
        "frame_mm = 5.0",
        r"card\.frame_mm: má být méně než card\.safe_margin_mm, je 5\.0",
        id="the frame wider than the safe margin",
    ),
]


@pytest.mark.parametrize(("old", "new", "message"), REFUSALS)
def test_a_bad_layout_is_refused_naming_file_and_key(tmp_path, old, new, message):
    """A bad value, a misspelt key or a missing file is refused, not silently read: the
    message names the key and says what it must be."""
    with pytest.raises(LayoutError, match=message):
        load_layout(_variant(tmp_path, old, new))


# ------------------------------------------------------------------------------------------
# Misspelt tables and keys in layout and sheet files are refused with a "did you mean", and a
# sheet's paper has an upper bound.


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
