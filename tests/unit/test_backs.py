"""Tests for cards.backs: a back drawn from the layout, read back from a PDF."""

from __future__ import annotations

import io
from dataclasses import dataclass

import pytest
from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from cards.backs import back_face, spell_back
from cards.config import SMALLEST_TYPE
from cards.face import Label, Outline, Shape, TextLine
from cards.fit.style import card_style
from cards.layout import load_layout
from cards.paint.draw import draw_face
from tests.support.pdfread import open_pdf

LAYOUT = load_layout("poker")
MARGIN = 20.0  # points of paper around the card on the test page


@dataclass(frozen=True)
class FakeSpell:
    """The fields of a spell a back shows."""

    school: str
    level: int
    classes: tuple[str, ...] = ("Kouzelník", "Čaroděj")


@dataclass(frozen=True)
class FakeFace:
    """A face with a spell and the poker size."""

    spell: FakeSpell
    width: float = LAYOUT.width
    height: float = LAYOUT.height


def render(face, *, bleed=0.0, title="Kartotéka kouzel", back_style="light"):
    """Draw one back on a page with a margin around it and open it with pdfplumber."""
    buffer = io.BytesIO()
    size = (face.width + 2 * MARGIN, face.height + 2 * MARGIN)
    canvas = Canvas(buffer, pagesize=size, invariant=1)
    back = spell_back(face, LAYOUT, deck_title=title, back_style=back_style)
    draw_face(canvas, back, MARGIN, MARGIN, bleed=bleed)
    canvas.showPage()
    canvas.save()
    return open_pdf(io.BytesIO(buffer.getvalue())).pages[0]


def text_of(page) -> str:
    """All text on the page, in reading order."""
    return page.extract_text()


def test_shows_title_level_school_and_classes():
    """The back names the deck, the level, the school and the classes."""
    page = render(FakeFace(FakeSpell("Zaklínání", 3)), title="Moje kouzla")
    text = text_of(page)
    for word in ("Moje kouzla", "3", "úroveň", "Zaklínání", "Kouzelník, Čaroděj"):
        assert word in text


def test_cantrip_shows_trik():
    """A level-0 spell shows "trik" instead of a number."""
    text = text_of(render(FakeFace(FakeSpell("Věštění", 0))))
    assert "trik" in text and "úroveň" not in text


@pytest.mark.parametrize("back_style", ["light", "full"])
def test_background_fills_the_card_with_bleed(back_style):
    """A full back is filled with its school's colour, a light one cream, into the bleed."""
    bleed = 3 * mm
    face = FakeFace(FakeSpell("Nekromancie", 5))
    page = render(face, bleed=bleed, back_style=back_style)
    ground = (
        LAYOUT.school_colours["Nekromancie"] if back_style == "full" else LAYOUT.colours.light_back
    )
    colour = HexColor(ground)
    wanted = (colour.red, colour.green, colour.blue)
    fills = [
        r
        for r in page.rects
        if tuple(r["non_stroking_color"] or ()) == pytest.approx(wanted, abs=1e-3)
    ]
    assert len(fills) == 1
    fill = fills[0]
    assert (fill["x0"], fill["x1"]) == pytest.approx((MARGIN - bleed, MARGIN + face.width + bleed))
    assert (fill["width"], fill["height"]) == pytest.approx(
        (face.width + 2 * bleed, face.height + 2 * bleed)
    )


@pytest.mark.parametrize("school", ["Zaklínání", "Očarování", "Iluze"])
def test_text_inside_safe_area_in_layout_fonts(school):
    """Every glyph is 2 mm or more inside the card, in an embedded layout font, at least 5.5 pt."""
    face = FakeFace(FakeSpell(school, 7, ("Kouzelník", "Čaroděj", "Černokněžník", "Bard")))
    page = render(face)
    fonts = {pdfmetrics.getFont(name).face.name.decode() for name in LAYOUT.fonts.values()}
    assert page.chars
    for char in page.chars:
        assert char["x0"] >= MARGIN + 2 * mm and char["x1"] <= MARGIN + face.width - 2 * mm
        assert char["top"] >= MARGIN + 2 * mm and char["bottom"] <= MARGIN + face.height - 2 * mm
        subset, _, font = char["fontname"].partition("+")
        assert len(subset) == 6 and font in fonts
        assert char["size"] >= SMALLEST_TYPE - 0.01


def test_long_title_wraps_without_shrinking_below_minimum():
    """A deck title too long for one line is broken into lines, every word kept."""
    title = "Velmi dlouhý název balíčku kouzel pro celou družinu dobrodruhů z Jeskyní a draků"
    page = render(FakeFace(FakeSpell("Iluze", 2)), title=title)
    # The level's index corner ("2") stands on the first line's left.
    assert " ".join(text_of(page).split()).startswith(f"2 {title}")
    assert min(char["size"] for char in page.chars) >= SMALLEST_TYPE - 0.01


def _title_lines(title: str) -> list[TextLine]:
    style = card_style(LAYOUT, "Iluze")
    back = back_face(FakeSpell("Iluze", 2), style, LAYOUT.width, LAYOUT.height, deck_title=title)
    return [item for item in back.items if isinstance(item, TextLine)][: len(title.split())]


def test_the_deck_title_shrinks_before_it_wraps():
    """A short title keeps 10 pt; a longer one shrinks on one line; a long one takes lines."""
    (short,) = _title_lines("Kouzla")[:1]
    assert short.size == 10 and short.line.text == "Kouzla"
    (shrunk,) = [t for t in _title_lines("Kouzla naší velké družiny z Jeskyní") if t.y > 200]
    assert (
        SMALLEST_TYPE <= shrunk.size < 10
        and shrunk.line.text == "Kouzla naší velké družiny z Jeskyní"
    )
    long = "Velmi dlouhý název balíčku kouzel pro celou družinu dobrodruhů z Jeskyní a draků"
    wrapped = [t for t in _title_lines(long) if t.y > 150]
    assert len(wrapped) > 1 and len({t.size for t in wrapped}) == 1


def test_a_back_is_primitives_centred_on_the_card():
    """Every line of a back is centred; the painter draws it like any face."""
    style = card_style(LAYOUT, "Věštění")
    back = back_face(FakeSpell("Věštění", 4), style, LAYOUT.width, LAYOUT.height)
    lines = [item for item in back.items if isinstance(item, TextLine)]
    assert lines
    for item in lines:
        assert item.x + item.line.width / 2 == pytest.approx(LAYOUT.width / 2)
    assert back.colour == LAYOUT.colours.light_back
    full = back_face(FakeSpell("Věštění", 4), style, LAYOUT.width, LAYOUT.height, back_style="full")
    assert full.colour == LAYOUT.school_colours["Věštění"]


@dataclass(frozen=True)
class NamedSpell:
    """A spell with the name a back shows at its top."""

    name: str
    school: str
    level: int
    classes: tuple[str, ...] = ("Kouzelník",)


def test_a_spell_back_is_named_and_numbered():
    """The top of a spell's back is its name (read when fanning a stack), "2/3" below it."""
    style = card_style(LAYOUT, "Iluze")
    spell = NamedSpell("Mordenkainenův velkolepý palác", "Iluze", 7)
    back = back_face(spell, style, LAYOUT.width, LAYOUT.height, part=2, parts=3)
    texts = sorted(
        (
            item
            for item in back.items
            if isinstance(item, TextLine) or (isinstance(item, Label) and item.text != "7")
        ),
        key=lambda item: -item.y,
    )  # the index corners' "7" aside
    top = [t.line.text if isinstance(t, TextLine) else t.text for t in texts[:3]]
    assert " ".join(top).startswith("Mordenkainenův velkolepý palác")
    assert "2/3" in top
    assert not any(isinstance(t, TextLine) and "Kartotéka" in t.line.text for t in texts)
    single = back_face(spell, style, LAYOUT.width, LAYOUT.height)
    assert not any(isinstance(i, Label) and "/" in i.text for i in single.items)


def test_back_rules_keep_5_mm_from_the_edge():
    """No rule of a back is closer than 5 mm to the card's edge (duplex misregistration)."""
    for name in ("poker", "tarot", "bridge"):
        layout = load_layout(name)
        style = card_style(layout, "Věštění")
        back = back_face(NamedSpell("Věštba", "Věštění", 2), style, layout.width, layout.height)
        outlines = [item for item in back.items if isinstance(item, Outline)]
        assert outlines
        for o in outlines:
            assert min(o.x, o.y) >= 5 * mm - 1e-6
            assert o.x + o.width <= layout.width - 5 * mm + 1e-6
            assert o.y + o.height <= layout.height - 5 * mm + 1e-6


@pytest.mark.parametrize("school", sorted(LAYOUT.icons.keys() & LAYOUT.school_colours.keys()))
def test_back_shows_the_school_icon(school):
    """Each school's back carries that school's icon in the middle and in both index corners
    (schools apart without relying on hue: in greyscale 5 of 8 colours look alike)."""
    style = card_style(LAYOUT, school)
    back = back_face(NamedSpell("X", school, 1), style, LAYOUT.width, LAYOUT.height)
    assert [i.icon for i in back.items if isinstance(i, Shape)] == [LAYOUT.icons[school]] * 3


@pytest.mark.slow
def test_every_back_of_a_deck_carries_its_spell_name(tmp_path):
    """Built with --backs one card a page: each back page reads its front's spell name first."""
    import re

    from click.testing import CliRunner

    from cards.cli import main
    from cards.select import sort_spells
    from cards.source.library import read_compendium

    out = tmp_path / "paladin.pdf"
    result = CliRunner().invoke(
        main, ["class", "paladin", "--sheet", "none", "--backs", "-q", "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    spells = sort_spells([s for s in read_compendium().spells if "Paladin" in s.classes])
    with open_pdf(out) as pdf:
        backs = [page.extract_text() for page in pdf.pages[1::2]]
    names = iter(spells)
    spell = None
    for text in backs:
        part = re.search(r"(\d+)/(\d+)", text)
        if part is None or part.group(1) == "1":
            spell = next(names)
        # The level's index corner stands on the first line's left.
        squeezed = re.sub(r"\s+", "", text).removeprefix(str(spell.level))
        assert squeezed.startswith(re.sub(r"\s+", "", spell.name)), (spell.name, text[:40])
    assert next(names, None) is None


@pytest.mark.parametrize("name", ["mini", "large-print"])
def test_no_back_text_below_the_layouts_least_size(name):
    """Classes, level and school on a small card's back stay ≥ type.back_min (≥ 5.5 pt)."""
    layout = load_layout(name)
    spell = FakeSpell("Nekromancie", 4, ("Bard", "Čaroděj", "Černokněžník", "Kouzelník", "Klerik"))
    style = card_style(layout, spell.school)
    back = back_face(spell, style, layout.width, layout.height)
    sizes = [item.size for item in back.items if isinstance(item, TextLine | Label)]
    assert len(sizes) >= 4
    assert min(sizes) >= layout.sizes.back_min - 0.01
