"""Tests for cards.backs: a back drawn from the layout, read back from a PDF."""

from __future__ import annotations

import io
from dataclasses import dataclass, replace

import pypdfium2
import pytest
from click.testing import CliRunner
from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from cards.backs import back_face, card_backs, spell_back, twin_names, with_backs
from cards.build import build_pdf
from cards.colour import contrast, darkness, parse_hex
from cards.config import SMALLEST_TYPE
from cards.face import Disc, Fill, Label, Outline, Shape, TextLine
from cards.fit.style import card_style
from cards.impose import Page, Placement, PrintOptions
from cards.layout import LAYOUT_SCHEMA, Layout, load_layout
from cards.paint.draw import draw_face
from cards.select import select_spells, sort_spells
from tests.support.fakes import FakeFace
from tests.support.pdfread import open_pdf
from tests.support.spells import make_spell

LAYOUT = load_layout("poker")
MARGIN = 20.0  # points of paper around the card on the test page


@dataclass(frozen=True)
class FakeSpell:
    """The fields of a spell a back shows."""

    school: str
    level: int
    classes: tuple[str, ...] = ("Kouzelník", "Čaroděj")


@dataclass(frozen=True)
class BackFace:
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
    page = render(BackFace(FakeSpell("Zaklínání", 3)), title="Moje kouzla")
    text = text_of(page)
    for word in ("Moje kouzla", "3", "úroveň", "Zaklínání", "Kouzelník, Čaroděj"):
        assert word in text


def test_cantrip_shows_trik():
    """A level-0 spell shows "trik" instead of a number."""
    text = text_of(render(BackFace(FakeSpell("Věštění", 0))))
    assert "trik" in text and "úroveň" not in text


@pytest.mark.parametrize("back_style", ["light", "full"])
def test_background_fills_the_card_with_bleed(back_style):
    """A full back is filled with its school's colour, a light one cream, into the bleed."""
    bleed = 3 * mm
    face = BackFace(FakeSpell("Nekromancie", 5))
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
    face = BackFace(FakeSpell(school, 7, ("Kouzelník", "Čaroděj", "Černokněžník", "Bard")))
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
    page = render(BackFace(FakeSpell("Iluze", 2)), title=title)
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


# ------------------------------------------------------------------------------------------
# The backs a player sorts by: light for home printing, books of twin names, marks, corners.


LAYOUTS = ("poker", "bridge", "tarot", "mini", "large-print", "ink-saver")
POKER = load_layout("poker")


@dataclass(frozen=True)
class Card:
    """A card face as the backs see it: a spell, its part and the card's size."""

    spell: object
    part: int = 1
    parts: int = 1
    width: float = POKER.width
    height: float = POKER.height


def _texts(back):
    return [i for i in back.items if isinstance(i, TextLine | Label)]


def _box(item) -> tuple[float, float, float, float]:
    """Return an item's box (x0, y0, x1, y1): text from its descent to its cap height."""
    if isinstance(item, Shape):
        return item.x, item.y, item.x + item.size, item.y + item.size
    if isinstance(item, TextLine):
        width = item.line.width
    else:
        width = stringWidth(item.text, item.font, item.size)
    return item.x, item.y - 0.25 * item.size, item.x + width, item.y + 0.72 * item.size


def _under(back, item) -> str:
    """Return the colour under a text's middle: a band, the disc or the back's ground."""
    x0, y0, x1, y1 = _box(item)
    x, y = (x0 + x1) / 2, (y0 + y1) / 2
    colour = back.colour
    for shape in back.items:
        if isinstance(shape, Fill) and (
            shape.x <= x <= shape.x + shape.width and shape.y <= y <= shape.y + shape.height
        ):
            colour = shape.colour
        elif isinstance(shape, Disc) and (x - shape.x) ** 2 + (y - shape.y) ** 2 <= shape.radius**2:
            colour = shape.colour
    return colour


def _sheet_ink(spells, back_style: str, tmp_path) -> float:
    out = tmp_path / f"{back_style}.pdf"
    options = PrintOptions(backs=True)
    build_pdf(spells, out, options=options, title="Druid", back_style=back_style)
    document = pypdfium2.PdfDocument(out)
    try:
        return darkness(document[1].render(scale=100 / 72).to_pil().convert("RGB"))
    finally:
        document.close()


def test_a_light_sheet_of_backs_takes_at_most_15_percent_ink(compendium, tmp_path):
    """A4 sheet of druid backs at 100 dpi: light ≤ 15 % ink (cards.colour.darkness), full > 40 %."""
    druid = sort_spells(select_spells(compendium, classes="druid"))[:9]
    light = _sheet_ink(druid, "light", tmp_path)
    full = _sheet_ink(druid, "full", tmp_path)
    assert light <= 0.15, light
    assert full > 0.40, full  # the measure sees a coloured sheet


@pytest.mark.parametrize("layout_name", LAYOUTS)
@pytest.mark.parametrize("back_style", ["light", "full"])
def test_every_text_on_a_back_has_4_5_to_1_contrast(layout_name, back_style):
    """Each school, level 0 and 3, with both marks: every text ≥ 4.5:1 on what lies under it."""
    layout = load_layout(layout_name)
    low = []
    for school in layout.school_colours:
        for level in (0, 3):
            spell = replace(
                make_spell(school=school, level=level, ritual=True, concentration=True),
                sources=("Příručka hráče",),
            )
            style = card_style(layout, school)
            back = back_face(
                spell, style, layout.width, layout.height, back_style=back_style, book="Kniha"
            )
            for item in _texts(back):
                ratio = contrast(item.colour, _under(back, item))
                text = item.text if isinstance(item, Label) else item.line.text
                if ratio < 4.5:
                    low.append(f"{school} {level}: {text!r} {ratio:.2f}")
    assert not low, "\n".join(low)


def test_the_light_back_is_cream_with_the_school_colour_in_bands_and_disc():
    """Light: a cream ground; two school-coloured bands and a school-coloured disc."""
    style = card_style(POKER, "Iluze")
    back = back_face(make_spell(school="Iluze"), style, POKER.width, POKER.height)
    assert back.colour == POKER.colours.light_back
    bands = [i for i in back.items if isinstance(i, Fill)]
    assert len(bands) == 2 and {b.colour for b in bands} == {style.colour}
    (disc,) = [i for i in back.items if isinstance(i, Disc)]
    assert disc.colour == style.colour
    full = back_face(
        make_spell(school="Iluze"), style, POKER.width, POKER.height, back_style="full"
    )
    assert full.colour == style.colour and not [i for i in full.items if isinstance(i, Fill)]


def test_names_in_two_books_show_the_book_on_the_back(compendium):
    """Drobná iluze is in two books: each back names its book under the name; others do not."""
    twins = twin_names(compendium)
    assert {"Drobná iluze", "Světlo", "Divotvorství"} <= twins
    assert "Ohnivá koule" not in twins
    illusions = [s for s in compendium if s.name == "Drobná iluze"]
    fireball = next(s for s in compendium if s.name == "Ohnivá koule")
    faces = [Card(s) for s in (*illusions, fireball)]
    backs = card_backs(faces, POKER)
    for spell, back in zip(illusions, backs, strict=False):
        lines = [i.line.text for i in back.items if isinstance(i, TextLine)]
        assert lines[0] == "Drobná iluze" and lines[1] == spell.sources[0]
    assert [s.sources[0] for s in illusions][0] != [s.sources[0] for s in illusions][1]
    fire_lines = [i.line.text for i in backs[-1].items if isinstance(i, TextLine)]
    assert fireball.sources[0] not in fire_lines
    # Alone in a deck, a twin name is not ambiguous: no book.
    (alone,) = card_backs([Card(illusions[0])], POKER)
    assert illusions[0].sources[0] not in [
        i.line.text for i in alone.items if isinstance(i, TextLine)
    ]


def test_with_backs_finds_twins_across_the_deck(compendium):
    """The build's backs see the whole deck: twins on different sheets both name their book."""
    illusions = [s for s in compendium if s.name == "Drobná iluze"]
    pages = tuple(
        Page(500, 500, (Placement(Card(spell), 0, 0, "back"),), side="back") for spell in illusions
    )
    for page, spell in zip(with_backs(pages, POKER), illusions, strict=True):
        lines = [i.line.text for i in page.placements[0].face.items if isinstance(i, TextLine)]
        assert spell.sources[0] in lines


@pytest.mark.parametrize("ritual, concentration", [(True, False), (False, True), (True, True)])
def test_ritual_and_concentration_marks_stand_beside_the_school(ritual, concentration):
    """The marks' icons follow the school's name on its line; a spell without them has none."""
    style = card_style(POKER, "Věštění")
    spell = make_spell(school="Věštění", ritual=ritual, concentration=concentration)
    back = back_face(spell, style, POKER.width, POKER.height)
    (school,) = [i for i in back.items if isinstance(i, TextLine) and i.line.text == "Věštění"]
    wanted = [
        style.marks[k] for k, on in (("rituál", ritual), ("soustředění", concentration)) if on
    ]
    marks = [i for i in back.items if isinstance(i, Shape) and i.icon in style.marks.values()]
    assert [m.icon for m in marks] == wanted
    for mark in marks:
        assert mark.x >= school.x + school.line.width
        assert abs(mark.y - school.y) < school.size  # on the name's line
    # The name and its marks are centred as one group.
    right = marks[-1].x + marks[-1].size
    assert (school.x + right) / 2 == pytest.approx(POKER.width / 2, abs=0.5 * mm)
    plain = back_face(make_spell(school="Věštění"), style, POKER.width, POKER.height)
    assert not [i for i in plain.items if isinstance(i, Shape) and i.icon in style.marks.values()]


def test_without_mark_icons_the_marks_are_letters():
    """A layout with no ritual/concentration icons marks them R and S beside the school."""
    layout = replace(
        POKER, icons={k: v for k, v in POKER.icons.items() if k in POKER.school_colours}
    )
    style = card_style(layout, "Iluze")
    spell = make_spell(school="Iluze", ritual=True, concentration=True)
    back = back_face(spell, style, layout.width, layout.height)
    labels = [i.text for i in back.items if isinstance(i, Label)]
    assert "R" in labels and "S" in labels


@pytest.mark.parametrize("layout_name", LAYOUTS)
def test_the_level_stands_in_the_index_corners_with_the_school_icon(layout_name):
    """Top left and bottom right: the level's numeral and the school's icon, inside 15 mm."""
    layout = load_layout(layout_name)
    style = card_style(layout, "Nekromancie")
    back = back_face(make_spell(school="Nekromancie", level=7), style, layout.width, layout.height)
    numerals = [i for i in back.items if isinstance(i, Label) and i.text == "7"]
    icons = [i for i in back.items if isinstance(i, Shape) and i.icon == style.icon]
    corner = 15 * mm
    top_left = [
        i for i in numerals + icons if _box(i)[0] < corner and _box(i)[3] > layout.height - corner
    ]
    bottom_right = [
        i for i in numerals + icons if _box(i)[2] > layout.width - corner and _box(i)[1] < corner
    ]
    assert sorted(type(i).__name__ for i in top_left) == ["Label", "Shape"]
    assert sorted(type(i).__name__ for i in bottom_right) == ["Label", "Shape"]
    for item in top_left + bottom_right:  # inside the inner rule: a misregistered back keeps it
        x0, y0, x1, y1 = _box(item)
        assert x0 >= 6 * mm - 0.01 and x1 <= layout.width - 6 * mm + 0.01
        assert y0 >= 6 * mm - 0.01 and y1 <= layout.height - 6 * mm + 0.01


@pytest.mark.parametrize("layout_name", LAYOUTS)
def test_no_text_on_a_back_runs_into_an_index_corner(layout_name, compendium):
    """The longest names, class lists and books keep clear of the corners' numeral and icon."""
    layout = load_layout(layout_name)
    longest = sorted(compendium, key=lambda s: -len(s.name))[:4]
    longest += sorted(compendium, key=lambda s: -len(", ".join(s.classes)))[:4]
    clashes = []
    for spell in longest:
        style = card_style(layout, spell.school)
        back = back_face(
            spell, style, layout.width, layout.height, book="Průvodce Xanathara po všem"
        )
        corners = [
            i
            for i in back.items
            if ((isinstance(i, Label) and i.text == str(spell.level)) or isinstance(i, Shape))
            and _in_corner(i, layout)
        ]
        assert len(corners) == 4
        for text in (i for i in back.items if isinstance(i, TextLine)):
            a = _box(text)
            for corner in corners:
                b = _box(corner)
                if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                    clashes.append(f"{spell.name}: {text.line.text!r}")
    assert not clashes, "\n".join(clashes)


def _in_corner(item, layout, corner: float = 15 * mm) -> bool:
    x0, y0, x1, y1 = _box(item)
    top_left = x0 < corner and y1 > layout.height - corner
    return top_left or (x1 > layout.width - corner and y0 < corner)


def _pixel_of_back(args, tmp_path) -> tuple[int, int, int]:
    out = tmp_path / "deck.pdf"
    result = CliRunner().invoke(
        __import__("cards.cli", fromlist=["main"]).main,
        [
            "compendium",
            "--level",
            "9",
            "--school",
            "iluze",
            "--sheet",
            "none",
            "--backs",
            "-q",
            "-o",
            str(out),
            *args,
        ],
    )
    assert result.exit_code == 0, result.output
    document = pypdfium2.PdfDocument(io.BytesIO(out.read_bytes()))
    try:
        image = document[1].render(scale=50 / 72).to_pil().convert("RGB")
    finally:
        document.close()
    return image.getpixel((3, 3))  # 1.5 mm in from the corner: the ground


def _near(pixel, colour: str) -> bool:
    return all(abs(p - round(255 * c)) <= 3 for p, c in zip(pixel, parse_hex(colour), strict=True))


def test_backs_are_light_by_default_and_full_on_request(tmp_path):
    """`--backs` prints the cream back; `--back-style full` the school-coloured one."""
    assert _near(_pixel_of_back([], tmp_path), POKER.colours.light_back)
    full = _pixel_of_back(["--back-style", "full"], tmp_path)
    assert _near(full, POKER.school_colour("Iluze")), full


# ------------------------------------------------------------------------------------------
# A layout's [backs] measures and type.back_min reach the backs: no key is silently ignored.


# Each [backs] key with a value that must move something on a poker card's back (the rule
# share below the 5 mm rule's own share, the least size above the classes' 7 pt).
CHANGED = {
    "rule_mm": 3.0,
    "rule_share": 0.05,
    "inner_rule_mm": 2.0,
    "medallion_mm": 9.0,
    "centre_share": 0.5,
    "icon_mm": 6.0,
}


def _variant(tmp_path, table: str, key: str, value: float) -> Layout:
    """Load poker with one key of one table changed (a file based on poker)."""
    path = tmp_path / f"{table}-{key}.toml"
    path.write_text(f'kind = "card"\nbase = "poker"\n\n[{table}]\n{key} = {value}\n', "utf-8")
    return load_layout(path)


def _backs(layout: Layout):
    """The backs of a ritual spell of a school with an icon, and the deck's common back."""
    spell = make_spell(name="Poplach", school="Zaklínání", ritual=True, level=3)
    face = FakeFace(spell, width=layout.width, height=layout.height)
    blank = FakeFace(None, width=layout.width, height=layout.height)
    return [spell_back(f, layout, back_style=style) for f in (face, blank) for style in STYLES]


STYLES = ("light", "full")


def test_every_backs_key_is_tried():
    """The table below names every key a layout's [backs] may hold."""
    assert set(CHANGED) == set(LAYOUT_SCHEMA["backs"])


@pytest.mark.parametrize("key", sorted(CHANGED))
def test_a_backs_key_changes_the_back(tmp_path, key):
    """A layout that changes one [backs] key gets other backs than poker's."""
    poker = load_layout("poker")
    changed = _variant(tmp_path, "backs", key, CHANGED[key])
    assert getattr(changed.backs, key.removesuffix("_mm")) != getattr(
        poker.backs, key.removesuffix("_mm")
    )
    before, after = _backs(poker), _backs(changed)
    assert [b.items for b in before] != [a.items for a in after]


def test_back_min_raises_the_least_size_on_backs(tmp_path):
    """type.back_min (not a constant of its own) is the floor of the backs' text."""
    poker = load_layout("poker")
    changed = _variant(tmp_path, "type", "back_min", 7.5)
    sizes = [
        getattr(item, "size", None)
        for back in _backs(changed)
        for item in back.items
        if type(item).__name__ in ("TextLine", "Label")
    ]
    assert min(sizes) >= 7.5 - 1e-9
    assert [b.items for b in _backs(poker)] != [b.items for b in _backs(changed)]


def test_the_defaults_are_poker_s_measures():
    """A layout without [backs] keeps the measures the backs were drawn with: 5 mm rule."""
    from reportlab.lib.units import mm

    backs = load_layout("poker").backs
    assert (backs.rule, backs.inner_rule, backs.medallion, backs.icon) == pytest.approx(
        (5 * mm, 1.2 * mm, 11 * mm, 7 * mm)
    )
    assert (backs.rule_share, backs.centre_share) == (0.12, 0.52)


def test_the_light_backs_ground_is_the_layouts(tmp_path):
    """colours.light_back is the light back's paper (and its disc's ring and numeral); poker's
    is the warm cream "#f8f1e0"."""
    assert load_layout("poker").colours.light_back == "#f8f1e0"
    path = tmp_path / "grey.toml"
    path.write_text('kind = "card"\nbase = "poker"\n\n[colours]\nlight_back = "#eeeeee"\n', "utf-8")
    grey = load_layout(path)
    light, full = _backs(grey)[:2]
    assert light.colour == "#eeeeee" and full.colour != "#eeeeee"
    discs = [item for item in light.items if type(item).__name__ == "Disc"]
    assert [disc.edge for disc in discs] == ["#eeeeee"]
