"""The index pages: each spell with the sheet its first card is on."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.build import build_pdf, fit_spells
from cards.face import Label
from cards.impose import Page, Placement, PrintOptions, impose, load_sheet
from cards.index import fit_width, index_entries, index_pages, measures
from cards.layout import LAYOUT_SCHEMA, Layout, load_layout
from cards.select import select_spells, sort_spells
from cards.source.library import read_compendium
from tests.support.fakes import FakeFace
from tests.support.pdfread import open_pdf
from tests.support.readback import index_rows
from tests.support.spells import make_spell


@pytest.fixture(scope="module")
def layout():
    return load_layout("poker")


@pytest.fixture(scope="module")
def spells():
    return sort_spells(read_compendium().spells, by="level")


@pytest.fixture(scope="module")
def pages(spells, layout):
    faces = fit_spells(spells, layout)
    return impose(faces, load_sheet("a4", layout.width, layout.height), PrintOptions())


@pytest.mark.slow
def test_every_spell_once_in_czech_order(spells, pages):
    """Each spell appears once, the entries in Czech alphabetical order of names."""
    entries = index_entries(pages)
    assert sorted(id(e.spell) for e in entries) == sorted(id(s) for s in spells)
    assert [e.spell for e in entries] == list(sort_spells(spells, by="name"))


@pytest.mark.slow
def test_every_spell_with_the_sheet_of_its_first_card(pages):
    """Each entry names the front page (sheet) that holds the spell's part 1."""
    entries = index_entries(pages)
    first_sheet = {}
    for number, page in enumerate((p for p in pages if p.side == "front"), start=1):
        for placement in page.placements:
            if placement.face.part == 1:
                first_sheet.setdefault(id(placement.face.spell), number)
    assert all(e.sheet == first_sheet[id(e.spell)] for e in entries)


def test_back_pages_are_not_counted_as_sheets(spells, layout):
    """With backs, sheet numbers still count printed sheets, not PDF pages."""
    faces = fit_spells(spells[:40], layout)
    sheet = load_sheet("a4", layout.width, layout.height)
    plain = index_entries(impose(faces, sheet, PrintOptions()))
    with_backs = index_entries(impose(faces, sheet, PrintOptions(backs=True)))
    assert [e.sheet for e in plain] == [e.sheet for e in with_backs]


@pytest.mark.slow
def test_index_pages_get_blank_backs_when_duplexing(pages, layout):
    """With backs, each index page is followed by an empty back page so fronts stay on fronts."""
    result = index_pages(pages, layout, "Test", backs=True)
    assert [p.side for p in result] == ["front", "back"] * (len(result) // 2)
    assert all(not p.placements for p in result if p.side == "back")


def test_index_in_pdf_names_twins_with_source(tmp_path, layout):
    """A name found in two books is printed with its source in the index."""
    twins = select_spells(read_compendium().spells, classes=("Klerik",), levels=(0, 0))
    out = tmp_path / "index.pdf"
    build_pdf(sort_spells(twins), out, layout=layout, index=True)
    with open_pdf(out) as pdf:
        text = pdf.pages[0].extract_text()
    names = [s.name for s in twins]
    doubled = sorted({n for n in names if names.count(n) > 1})
    assert doubled, "the test needs a name found in two books"
    for name in doubled:
        assert f"{name} (Příručka hráče)" in text
        assert f"{name} (Jeskyně a draci)" in text
    assert "rejstřík" in text


def test_single_card_decks_get_an_a4_index(spells, layout):
    """With one card per page the index is set on A4, not on card-sized pages."""
    faces = fit_spells(spells[:30], layout)
    pages = impose(faces, load_sheet("none", layout.width, layout.height), PrintOptions())
    (page,) = index_pages(pages, layout, "Test")
    assert (page.width, page.height) == pytest.approx((595.2756, 841.8898))


@pytest.mark.slow
def test_whole_index_names_every_spell_in_full(tmp_path, layout, spells):
    """Every name of the compendium is printed whole in the index (long ones shrink, never cut)."""
    out = tmp_path / "all.pdf"
    result = build_pdf(spells, out, layout=layout, index=True)
    with open_pdf(out) as pdf:
        index_pages_count = result.pages - result.sheets
        assert index_pages_count == 4  # two columns of entries on A4
        text = "\n".join(pdf.pages[i].extract_text() for i in range(index_pages_count))
    assert "…" not in text
    for spell in spells:
        assert spell.name in text


@pytest.mark.slow
def test_index_rows_give_english_names_and_marks(tmp_path, layout, spells):
    """Each row shows the English name (after the name or below it) and R / S marks."""
    out = tmp_path / "all.pdf"
    result = build_pdf(spells, out, layout=layout, index=True)
    rows = index_rows(out, result.pages - result.sheets)
    assert len(rows) == len(spells)
    below = 0
    names = [spell.name for spell in spells]
    for spell in spells:
        shown = spell.label if names.count(spell.name) > 1 else spell.name
        (row,) = [r for r in rows if r[0] in (shown, f"{shown} {spell.name_en}")]
        text, ritual, concentration, _, after = row
        assert (ritual, concentration) == (spell.ritual, spell.concentration), spell.label
        if spell.name_en:
            assert text.endswith(spell.name_en) or after == spell.name_en, spell.label
            below += after == spell.name_en
    assert 0 < below < len(spells) // 4  # most English names fit beside the Czech one


@pytest.mark.slow
@pytest.mark.parametrize("fold", [False, True], ids=["duplex", "fold"])
def test_index_counts_cards_and_sheets(tmp_path, layout, spells, fold):
    """The index header counts spells, physical cards and sheets as the build does."""
    out = tmp_path / "counted.pdf"
    chosen = spells[:60]
    options = PrintOptions(continue_on_back=True, fold=fold)
    result = build_pdf(chosen, out, layout=layout, index=True, options=options)
    with open_pdf(out) as pdf:
        text = pdf.pages[0].extract_text()
    assert f"{len(chosen)} kouzel · {result.cards} karet · {result.sheets} arch" in text


@pytest.mark.slow
def test_index_pages_keep_fronts_on_fronts_with_text_on_the_backs(tmp_path, layout, spells):
    """With --continue-on-back the index pages get blank backs, so sheet 1 starts on a front."""
    from pypdf import PdfReader

    out = tmp_path / "backs.pdf"
    build_pdf(
        spells[:60], out, layout=layout, index=True, options=PrintOptions(continue_on_back=True)
    )
    labels = PdfReader(out).page_labels
    first = labels.index("1")
    assert first % 2 == 0 and labels[:first] == ["i", "i rub", "ii", "ii rub"][:first]


def _one_of_each_school(spells):
    from cards.model import SCHOOLS

    return sort_spells([next(s for s in spells if s.school == school) for school in SCHOOLS])


def test_each_row_carries_its_school_icon(spells, layout):
    """Each row draws its school's icon before the school's name, in the school's colour."""
    from cards.face import Label, Shape
    from cards.model import SCHOOLS
    from cards.spacing import IndexSpacing

    chosen = _one_of_each_school(spells)
    faces = fit_spells(chosen, layout)
    pages = impose(faces, load_sheet("a4", layout.width, layout.height), PrintOptions())
    (page,) = index_pages(pages, layout, "Test")
    items = page.placements[0].face.items
    shapes = [item for item in items if isinstance(item, Shape)]
    names = [item for item in items if isinstance(item, Label) and item.text in SCHOOLS]
    assert len(shapes) == len(names) == len(chosen)
    for shape, name in zip(shapes, names, strict=True):
        assert shape.icon == layout.icons[name.text]
        assert shape.colour == name.colour == layout.school_ink(name.text)
        assert shape.size == pytest.approx(IndexSpacing.icon_em * IndexSpacing.size)
        assert shape.x + shape.size < name.x and shape.y < name.y < shape.y + shape.size


def test_school_icons_read_back_beside_each_school(tmp_path, layout, spells):
    """In the PDF, filled paths in the school's colour fill the icon's square just left of each
    school's name, on its line."""
    from cards.model import SCHOOLS
    from cards.spacing import IndexSpacing
    from tests.support.readback import hex_of

    chosen = _one_of_each_school(spells)
    out = tmp_path / "icons.pdf"
    build_pdf(chosen, out, layout=layout, index=True)
    side = IndexSpacing.icon_em * IndexSpacing.size
    with open_pdf(out) as pdf:
        page = pdf.pages[0]
        words = [
            w
            for w in page.extract_words(extra_attrs=["non_stroking_color"])
            if w["text"] in SCHOOLS
        ]
        paths = [c for c in page.curves if c["fill"]]
    assert len(words) == len(chosen)
    for word in words:
        square = word["x0"] - IndexSpacing.icon_gap - side
        beside = [
            c
            for c in paths
            if c["x0"] > square - 1
            and c["x1"] < word["x0"]
            and c["top"] > word["top"] - 4
            and c["bottom"] < word["bottom"] + 2
        ]
        assert beside, f"no icon before {word['text']}"
        colour = layout.school_ink(word["text"])
        assert {hex_of(c["non_stroking_color"]) for c in beside} == {colour}
        assert hex_of(word["non_stroking_color"]) == colour
        left, right = min(c["x0"] for c in beside), max(c["x1"] for c in beside)
        top, bottom = min(c["top"] for c in beside), max(c["bottom"] for c in beside)
        assert right <= word["x0"] - IndexSpacing.icon_gap + 0.5
        assert 0.4 * side < max(right - left, bottom - top) <= side + 0.5


@pytest.mark.slow
def test_a_large_print_index_is_set_large(tmp_path):
    """On large-print every character of the index is 7 pt or more (labels), its rows 8 pt or
    more (the body's least); poker keeps its 7.5 pt rows."""
    from cards.spacing import IndexSpacing

    spells = read_compendium().spells
    longest = sorted(spells, key=lambda s: -len(s.name + s.name_en))[:20]
    sizes = {}
    for name in ("large-print", "poker"):
        out = tmp_path / f"{name}.pdf"
        result = build_pdf(sort_spells(longest), out, layout=name, index=True)
        with open_pdf(out) as pdf:
            pages = pdf.pages[: result.pages - result.sheets]
            sizes[name] = [char["size"] for page in pages for char in page.chars]
    large = load_layout("large-print").sizes
    assert min(sizes["large-print"]) >= large.label - 0.01
    rows = [size for size in sizes["large-print"] if size >= large.body_min - 0.01]
    assert len(rows) > len(sizes["large-print"]) / 2
    assert max(sizes["poker"], key=sizes["poker"].count) == pytest.approx(IndexSpacing.size)


# ------------------------------------------------------------------------------------------
# A layout's [index] measures reach the index pages: no key is silently ignored.


# Each [index] key with a value that must move something on the index page of the deck below.
CHANGED = {
    "margin_mm": 20.0,
    "gutter_mm": 12.0,
    "column_width_mm": 50.0,  # three columns on A4 rather than two
    "min_paper_width_mm": 250.0,  # A4 counts as single cards: "stran", not "archů"
    "size": 8.0,
    "english_size": 6.0,
    "min_size": 6.0,  # the long name is set at the least size
    "leading": 1.5,
    "header_size": 14.0,
    "note_size": 6.5,
    "marks_from_right_mm": 50.0,
    "level_from_right_mm": 36.0,
    "school_from_right_mm": 25.0,
    "english_gap_mm": 3.0,
    "icon_em": 1.3,
    "icon_drop_em": 0.2,
    "icon_gap_mm": 2.0,
    "base_body_min": 5.0,  # poker's 6.5 pt body then counts as large: everything grows
}

LONG = "Nesmírně dlouhý název kouzla, který se do sloupce rejstříku nevejde ani zmenšený"


def _variant(tmp_path, key: str, value: float) -> Layout:
    path = tmp_path / f"index-{key}.toml"
    path.write_text(f'kind = "card"\nbase = "poker"\n\n[index]\n{key} = {value}\n', "utf-8")
    return load_layout(path)


def _index_items(layout: Layout):
    """The items of the index pages of a small deck: a ritual, a concentration spell, a long
    name, each with its English name, on A4 sheets."""
    spells = (
        make_spell(name="Poplach", ritual=True),
        make_spell(name="Světlo", school="Zaklínání", level=0),
        make_spell(name=LONG, school="Iluze", concentration=True),
    )
    faces = [FakeFace(spell, width=layout.width, height=layout.height) for spell in spells]
    pages = impose(faces, load_sheet("a4", layout.width, layout.height), PrintOptions())
    index = index_pages(pages, layout, "Test")
    return [placement.face.items for page in index for placement in page.placements]


def test_every_index_key_is_tried():
    """The table above names every key a layout's [index] may hold."""
    assert set(CHANGED) == set(LAYOUT_SCHEMA["index"])


@pytest.mark.parametrize("key", sorted(CHANGED))
def test_an_index_key_changes_the_index(tmp_path, key):
    """A layout that changes one [index] key gets another index page than poker's."""
    poker = load_layout("poker")
    changed = _variant(tmp_path, key, CHANGED[key])
    name = key.removesuffix("_mm")
    assert getattr(changed.index, name) != getattr(poker.index, name)
    assert _index_items(poker) != _index_items(changed)


# ------------------------------------------------------------------------------------------
# The index's one width rule: a long name shrinks down to the floor, then wraps (issue 20).


POKER = load_layout("poker")
FONT = POKER.fonts["body"]
LONG_NAME = "Mordenkainenův nesmírně velkolepý a přepychový palác pro celou družinu dobrodruhů"


@dataclass(frozen=True)
class Card:
    spell: object
    part: int = 1
    parts: int = 1
    width: float = POKER.width
    height: float = POKER.height


def test_a_name_that_fits_keeps_its_size_and_line():
    assert fit_width("Štít", FONT, 100, 7.5, 5.5) == (7.5, ("Štít",))


def test_a_name_a_little_too_long_shrinks_on_one_line():
    """Shrunk in proportion, never below the floor, still one line that fits."""
    text = "Ohnivá koule velmi dlouhá"
    width = stringWidth(text, FONT, 7.5) * 0.9
    size, lines = fit_width(text, FONT, width, 7.5, 5.5)
    assert lines == (text,) and 5.5 <= size < 7.5
    assert stringWidth(text, FONT, size) <= width + 1e-6


@pytest.mark.parametrize("width", [60.0, 90.0, 140.0])
def test_a_name_too_long_at_the_floor_wraps_at_the_floor(width):
    """At the floor, as many lines as it takes: every word in order, none wider than the cell."""
    size, lines = fit_width(LONG_NAME, FONT, width, 7.5, 5.5)
    assert size == 5.5 and len(lines) > 1
    assert " ".join(lines) == LONG_NAME
    assert all(stringWidth(line, FONT, size) <= width + 1e-6 for line in lines)


def test_a_word_wider_than_the_cell_is_broken_between_letters():
    word = "Nejnepřekonatelnější" * 3
    size, lines = fit_width(word, FONT, 40, 7.5, 5.5)
    assert "".join(lines) == word and len(lines) > 1
    assert all(stringWidth(line, FONT, size) <= 40 + 1e-6 for line in lines)


def _items_of_width(*spells):
    pages = tuple(
        Page(595, 842, (Placement(Card(spell), 0, 0, "front"),), side="front") for spell in spells
    )
    (page,) = index_pages(pages, POKER, "Test")
    return page.placements[0].face


@pytest.mark.parametrize("length", [56, 70, 120])
def test_a_long_name_in_the_index_stays_left_of_the_marks_and_level(length):
    """A 56+ character name never prints over the marks or the level column; the next row
    starts below its last line."""
    name = ((LONG_NAME + " ") * 2)[:length].rstrip()
    long = replace(make_spell(name=name, ritual=True), name_en="")
    after = replace(make_spell(name="Štít"), name_en="")
    face = _items_of_width(long, after)
    m = measures(POKER)
    column_right = face.width - 15 * mm
    marks_x = column_right - m.marks
    (heading,) = [i for i in face.items if isinstance(i, Label) and i.text == "Kouzlo"]
    names = [
        i
        for i in face.items
        if isinstance(i, Label) and i.x == pytest.approx(heading.x) and i.y < heading.y
    ]
    long_lines = [i for i in names if i.text != "Štít"]
    assert " ".join(i.text for i in long_lines) == name
    for label in long_lines:
        assert label.x + stringWidth(label.text, label.font, label.size) <= marks_x
        assert label.size >= m.min_size - 1e-9
    heights = sorted((i.y for i in long_lines), reverse=True)
    steps = [upper - lower for upper, lower in zip(heights, heights[1:], strict=False)]
    assert steps == pytest.approx([m.row] * (len(heights) - 1))  # one line a row, no overprint
    (shield,) = [i for i in names if i.text == "Štít"]
    assert shield.y < min(i.y for i in long_lines) - 0.9 * m.row
    level = [i for i in face.items if isinstance(i, Label) and i.text == "1."]
    assert level[0].y == pytest.approx(max(i.y for i in long_lines))  # beside the first line
