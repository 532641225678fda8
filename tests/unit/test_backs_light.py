"""The backs a player sorts by: light for home printing, books of twin names, marks, corners."""

from __future__ import annotations

import io
from dataclasses import dataclass, replace

import pypdfium2
import pytest
from click.testing import CliRunner
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.backs import back_face, card_backs, twin_names, with_backs
from cards.build import build_pdf
from cards.colour import contrast, darkness, parse_hex
from cards.face import Disc, Fill, Label, Shape, TextLine
from cards.fit.style import card_style
from cards.impose import Page, Placement, PrintOptions
from cards.layout import load_layout
from cards.select import select_spells, sort_spells
from tests.support.spells import make_spell

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
