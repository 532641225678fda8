"""Print colour: every layout's colours have CMYK twins near them through the shipped profile."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards.colour import mix
from cards.inks import PROFILE_FILE, delta_e, layout_inks, profile_bytes
from cards.layout import LayoutError, list_layouts, load_layout

CARD_LAYOUTS = [name for name in list_layouts() if load_layout(name).school_colours]
KEYS = ("text", "muted", "background", "title", "frame", "light_back")


def test_the_profile_is_a_cmyk_output_profile_with_its_licence():
    """The shipped profile is an ICC v2 CMYK printer profile; its licence and recipe beside it."""
    data = profile_bytes()
    assert data[36:40] == b"acsp" and data[16:20] == b"CMYK" and data[12:16] == b"prtr"
    note = (PROFILE_FILE.parent / "README.md").read_text(encoding="utf-8")
    assert "zlib" in note.lower() and "colprof" in note and "FOGRA39L.ti3" in note


@pytest.mark.parametrize("name", CARD_LAYOUTS)
def test_every_colour_of_a_layout_has_its_cmyk_twin(name):
    """Each colour key and school has a [cmyk] value: print colours are chosen, not left over."""
    layout = load_layout(name)
    assert set(layout.cmyk) == {*KEYS, *layout.school_colours}


@pytest.mark.parametrize("name", CARD_LAYOUTS)
def test_text_prints_on_black_ink_alone(name):
    """Body and muted text: no cyan, magenta or yellow under the letters."""
    inks = layout_inks(load_layout(name))
    layout = load_layout(name)
    for colour in (layout.colours.text, layout.colours.muted):
        cyan, magenta, yellow, black = inks.ink(colour)
        assert (cyan, magenta, yellow) == (0, 0, 0) and black >= 0.8


@pytest.mark.parametrize("name", CARD_LAYOUTS)
def test_printed_colours_come_near_the_screen(name):
    """Through the profile: each school within 11 ΔE of its screen colour (the darkest lie
    beyond the press's black: 9-11), each tint within 3, the paper and frame within 1."""
    layout = load_layout(name)
    inks = layout_inks(layout)
    far = [
        f"{school} {delta_e(colour, inks.ink(colour)):.1f}"
        for school, colour in layout.school_colours.items()
        if delta_e(colour, inks.ink(colour)) > 11
    ]
    for school, colour in layout.school_colours.items():
        tint = mix(colour, layout.colours.background, layout.colours.tint)
        if delta_e(tint, inks.ink(tint)) > 3:
            far.append(f"{school} tint {delta_e(tint, inks.ink(tint)):.1f}")
    for colour in (layout.colours.background, layout.colours.frame):
        if delta_e(colour, inks.ink(colour)) > 1.0:
            far.append(f"{colour} {delta_e(colour, inks.ink(colour)):.1f}")
    assert far == []


def test_a_grey_without_a_twin_prints_on_black_ink_alone():
    """A neutral grey the layout does not name (a crop mark, a fold line): K only."""
    inks = layout_inks(load_layout("poker"))
    assert inks.ink("#000000") == (0, 0, 0, 1.0)
    cyan, magenta, yellow, black = inks.ink("#737373")
    assert (cyan, magenta, yellow) == (0, 0, 0) and 0.5 < black < 0.8


def test_a_bad_cmyk_value_names_the_file_and_key(tmp_path):
    """[cmyk] values are four percentages: anything else is refused, naming the key."""
    text = Path(load_layout("poker").path).read_text(encoding="utf-8")
    assert "muted = [0, 0, 0, 80]" in text
    path = tmp_path / "variant.toml"
    path.write_text(text.replace("muted = [0, 0, 0, 80]", "muted = [0, 0, 120]"), encoding="utf-8")
    with pytest.raises(LayoutError, match=r"cmyk\.muted: má být čtyři procenta barev"):
        load_layout(path)
