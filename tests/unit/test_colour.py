"""Colour arithmetic and the card layouts' colours: contrast for every text, schools apart."""

import itertools

import pytest

from cards.colour import (
    MIN_CONTRAST,
    MIN_GREY_APART,
    contrast,
    difference,
    lightness,
    luminance,
    mix,
    printed_grey,
    simulate,
)
from cards.layout import list_layouts, load_layout

CARD_LAYOUTS = [name for name in list_layouts() if load_layout(name).school_colours]


def test_contrast_of_black_on_white_is_21():
    """WCAG's extremes: black on white 21:1, a colour on itself 1:1."""
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#c26200", "#c26200") == pytest.approx(1.0)


def test_contrast_matches_published_figures():
    """White on #c26200 is 4.17:1 and on #767676 4.54:1 (WebAIM's checker gives the same)."""
    assert contrast("#ffffff", "#c26200") == pytest.approx(4.17, abs=0.01)
    assert contrast("#ffffff", "#767676") == pytest.approx(4.54, abs=0.01)


def test_simulation_keeps_greys_and_merges_red_and_green():
    """A grey looks the same to everyone; pure red and green come close under deuteranopia."""
    for vision in ("deuteranopia", "protanopia", "tritanopia"):
        assert difference(simulate("#808080", vision), "#808080") < 1.0
    assert difference("#cc3333", "#338833") > 60
    assert difference(simulate("#cc3333", "deuteranopia"), simulate("#338833", "deuteranopia")) < 25


def test_mix_and_lightness():
    """A tint keeps a share of the colour over the paper; L* runs from 0 to 100."""
    assert mix("#000000", "#ffffff", 0.5) == "#808080"
    assert lightness("#000000") == pytest.approx(0.0, abs=0.01)
    assert lightness("#ffffff") == pytest.approx(100.0, abs=0.01)
    assert luminance("#ffffff") == pytest.approx(1.0)


def _text_pairs(layout):
    """Every (text colour, background) pair the card furniture and backs set, with what it is.

    A solid design sets the name and the band's text in the title colour on the school
    colour, labels on the school's tint; an outline design (ink-saver) sets everything on the
    paper: the name, the numeral, the labels and the backs' text.
    """
    colours = layout.colours
    paper = colours.background
    yield "body text on the paper", colours.text, paper
    yield "muted text (material, footer) on the paper", colours.muted, paper
    if layout.outline:
        yield "name and band text on the white band", colours.title, paper
        yield "level numeral in its outlined disc", colours.text, paper
        yield "backs: name, school and classes on the paper", colours.title, paper
    else:
        yield "title on the frame colour (backs)", colours.title, colours.frame
    for school, colour in layout.school_colours.items():
        tint = mix(colour, paper, colours.tint)
        ink, title = layout.school_ink(school), layout.school_title(school)
        if not layout.outline:
            yield f"title on the {school} band", title, colour
            yield f"{school} labels on their tint", ink, tint
            yield f"{school} level numeral on the paper disc", ink, paper
        yield f"{school} book codes, headings and labels on the paper", ink, paper
        yield f"body text on the {school} tint (panel, table header)", colours.text, tint


def test_the_pairs_follow_the_design():
    """The ink-saver's name is checked on white paper, poker's on every school colour."""
    ink = {what for what, _, _ in _text_pairs(load_layout("ink-saver"))}
    poker = {what for what, _, _ in _text_pairs(load_layout("poker"))}
    assert "name and band text on the white band" in ink and "title on the Iluze band" in poker
    assert not any("band" in what and "Iluze" in what for what in ink)


@pytest.mark.parametrize("name", CARD_LAYOUTS)
def test_every_text_colour_is_readable(name):
    """Each text colour of a layout has at least 4.5:1 against what it is set on."""
    layout = load_layout(name)
    low = [
        f"{what}: {contrast(fg, bg):.2f}"
        for what, fg, bg in _text_pairs(layout)
        if contrast(fg, bg) < MIN_CONTRAST
    ]
    assert low == []


@pytest.mark.parametrize("name", CARD_LAYOUTS)
@pytest.mark.parametrize("vision", ["normal", "deuteranopia", "protanopia"])
def test_schools_are_apart_for_red_green_colour_blindness(name, vision):
    """Every two school colours differ by at least 15 (CIE76) as seen with this vision."""
    colours = load_layout(name).school_colours
    close = [
        f"{a}/{b}: {difference(simulate(ca, vision), simulate(cb, vision)):.1f}"
        for (a, ca), (b, cb) in itertools.combinations(colours.items(), 2)
        if difference(simulate(ca, vision), simulate(cb, vision)) < 15
    ]
    assert close == []


def test_printed_grey_follows_the_printers_rule():
    """Greys keep their L*; red prints as the grey 0.3 (L* 32.5), blue as 0.11 (L* 10.3)."""
    assert printed_grey("#000000") == pytest.approx(0.0)
    assert printed_grey("#ffffff") == pytest.approx(100.0)
    assert printed_grey("#777777") == pytest.approx(lightness("#777777"), abs=0.01)
    assert printed_grey("#ff0000") == pytest.approx(lightness("#4d4d4d"), abs=0.3)
    assert printed_grey("#0000ff") == pytest.approx(lightness("#1c1c1c"), abs=0.2)


@pytest.mark.parametrize("name", CARD_LAYOUTS)
def test_schools_are_apart_when_printed_grey(name):
    """Every two school colours print at least MIN_GREY_APART (8) L* apart in greyscale."""
    colours = load_layout(name).school_colours
    greys = sorted((printed_grey(colour), school) for school, colour in colours.items())
    close = [
        f"{a}/{b}: {gb - ga:.1f}"
        for (ga, a), (gb, b) in itertools.pairwise(greys)
        if gb - ga < MIN_GREY_APART
    ]
    assert MIN_GREY_APART >= 8.0 and close == []


def test_darkness_of_a_rendering():
    """Ink: white paper 0, black 1, a half-black page one half; relative luminance counts the
    encoded mid-grey #808080 as darker (0.78)."""
    from PIL import Image

    from cards.colour import darkness, relative_darkness

    assert darkness(Image.new("RGB", (4, 4), "white")) == 0.0
    assert darkness(Image.new("RGB", (4, 4), "black")) == 1.0
    half = Image.new("RGB", (4, 4), "white")
    half.paste((0, 0, 0), (0, 0, 2, 4))
    assert darkness(half) == pytest.approx(0.5)
    grey = Image.new("RGB", (4, 4), (128, 128, 128))
    assert darkness(grey) == pytest.approx(127 / 255)
    assert relative_darkness(grey) == pytest.approx(0.784, abs=0.001)


def test_a_light_schools_card_sets_its_texts_in_its_own_colours():
    """Vyvolávání is a light school on poker: its title band's text is dark ([school_titles]),
    its grid labels, headings and books in its dark ink ([school_inks]), each 4.5:1 or more on
    what lies under it; a dark school keeps white titles."""
    from cards.face import Label, TextLine
    from cards.fit import fit_spell
    from cards.model import Heading, Paragraph
    from tests.support.spells import make_spell

    layout = load_layout("poker")
    colour, title, ink = (
        layout.school_colour("Vyvolávání"),
        layout.school_title("Vyvolávání"),
        layout.school_ink("Vyvolávání"),
    )
    assert title != layout.colours.title and ink != colour
    spell = make_spell(Heading("Účinky"), Paragraph("Text."), school="Vyvolávání")
    (face,) = fit_spell(spell, layout)
    titles = {i.colour for i in face.items if isinstance(i, TextLine) and i.role == "title"}
    assert titles == {title} and contrast(title, colour) >= MIN_CONTRAST
    labels = {i.colour for i in face.items if isinstance(i, Label) and i.text == "DOSAH"}
    assert labels == {ink}
    heading = [i for i in face.items if isinstance(i, TextLine) and i.line.text == "Účinky"]
    assert heading and heading[0].colour == ink
    assert contrast(ink, mix(colour, layout.colours.background, layout.colours.tint)) >= 4.5
    (dark,) = fit_spell(make_spell(school="Nekromancie"), layout)
    assert {i.colour for i in dark.items if isinstance(i, TextLine) and i.role == "title"} == {
        layout.colours.title
    }
