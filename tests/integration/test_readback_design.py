"""The design read back from built PDFs, in every shipped card layout: every text readable
against what is under it, the level in its disc, the higher-levels panel closing the spell,
the spell's name on every back.

The deck: per school its first cantrip and first spell with a higher-levels panel, the first
three spells with a table (by name), the golden spells, Chaotický blesk, Teleport (7th level)
and Elementální erupce (a panel written without a heading: "Pokud sešleš toto kouzlo s
použitím pozice 2. …", printed under the implied one): 34 spells, one card a page with backs
and an index page.
"""

from __future__ import annotations

import re
from functools import lru_cache

import pytest

from cards.colour import MIN_CONTRAST, contrast
from cards.model import PANELS, SCHOOLS, Paragraph, Table
from cards.select import sort_spells
from cards.source.library import read_compendium
from tests.support.readback import (
    BACKS_ONLY,
    SUBJECTS,
    Glyph,
    Shape,
    build_deck,
    card_layouts,
    filled_shapes,
    glyphs,
    hex_of,
    ink_box,
    render,
    spells_named,
)

pytestmark = pytest.mark.slow  # reads whole PDFs back (pytest -m 'not slow' skips)

LAYOUTS = card_layouts()
DPI = 100  # the text-free pages are sampled at this resolution
PANEL_KINDS = PANELS  # higher levels and cantrip scaling: set on a panel that closes the spell


def _panelled(spell) -> bool:
    return any(isinstance(b, Paragraph) and b.kind in PANEL_KINDS for b in spell.blocks)


def _panels(spell) -> list:
    return [b for b in spell.blocks if isinstance(b, Paragraph) and b.kind in PANEL_KINDS]


def readback_spells():
    """The deck the tests read back: all eight schools, cantrips, panels and tables."""
    spells = sort_spells(read_compendium().spells, by="name")
    named = (*SUBJECTS.values(), *BACKS_ONLY, "Chaotický blesk", "Teleport", "Elementální erupce")
    chosen = list(spells_named(*named))
    for school in SCHOOLS:
        mine = [spell for spell in spells if spell.school == school]
        chosen += [spell for spell in mine if spell.level == 0][:1]
        chosen += [spell for spell in mine if _panelled(spell)][:1]
    chosen += [spell for spell in spells if any(isinstance(b, Table) for b in spell.blocks)][:3]
    unique = {(spell.name, spell.sources): spell for spell in chosen}
    return sort_spells(unique.values(), by="level")


@pytest.fixture(scope="module")
def decks(tmp_path_factory):
    """The read-back deck built on each layout, once per module."""
    cache = {}

    def get(layout: str):
        if layout not in cache:
            cache[layout] = build_deck(readback_spells(), layout, tmp_path_factory.mktemp(layout))
        return cache[layout]

    return get


def test_the_deck_spans_schools_cantrips_panels_and_tables():
    """The read-back deck has every school and level, cantrips, tables and panels of every kind
    and phrasing."""
    spells = readback_spells()
    assert {spell.school for spell in spells} == set(SCHOOLS)
    assert {spell.level for spell in spells} == set(range(10))
    assert sum(spell.level == 0 for spell in spells) >= 8
    assert sum(_panelled(spell) for spell in spells) >= 8
    panels = [block for spell in spells for block in _panels(spell)]
    assert {b.kind for b in panels} == set(PANEL_KINDS)
    assert any(b.implied for b in panels if b.kind == "higher_levels")
    assert sum(any(isinstance(b, Table) for b in spell.blocks) for spell in spells) >= 4


@lru_cache(maxsize=65536)
def _contrast(text: str, rgb: tuple[int, int, int]) -> float:
    return contrast(text, "#{:02x}{:02x}{:02x}".format(*rgb))


def worst_background(image, glyph: Glyph, dpi: float) -> tuple[float, str]:
    """The lowest contrast of a character's colour to any pixel under its ink, and that pixel."""
    scale = dpi / 72
    left, top, right, bottom = (round(v * scale) for v in ink_box(glyph))
    box = (left, top, max(left + 1, right), max(top + 1, bottom))
    area = image.crop(box)
    colours = area.getcolors(area.width * area.height)
    worst = min(colours, key=lambda item: _contrast(glyph.colour, item[1]))[1]
    return _contrast(glyph.colour, worst), "#{:02x}{:02x}{:02x}".format(*worst)


def low_contrast(deck, pages, kind: str) -> list[str]:
    """Describe the characters on these pages under MIN_CONTRAST against what lies under them,
    one line per colour and background: how many, the worst and where the first is."""
    found: dict[tuple[str, str], list] = {}
    for number in pages:
        image = render(deck.bare, number, DPI)
        for glyph in glyphs(deck.pdf.pages[number]):
            ratio, background = worst_background(image, glyph, DPI)
            if ratio < MIN_CONTRAST:
                found.setdefault((glyph.colour, background), []).append((ratio, number, glyph))
    lines = []
    for (colour, background), hits in found.items():
        ratio, number, glyph = min(hits, key=lambda hit: hit[0])
        lines.append(
            f"{kind}: {len(hits)} characters {colour} on {background}, down to {ratio:.2f}:1; "
            f"e.g. {glyph.text!r} on page {number + 1} at ({glyph.x0:.0f}, {glyph.top:.0f}) pt, "
            f"{glyph.size:.1f} pt"
        )
    return lines


@pytest.mark.parametrize("layout", LAYOUTS)
def test_every_text_is_readable_against_what_is_under_it(decks, layout):
    """Every character of fronts, backs and index pages has 4.5:1 or more to every pixel under
    its ink, sampled from the same page rendered without text."""
    deck = decks(layout)
    found = (
        low_contrast(deck, deck.fronts, "front")
        + low_contrast(deck, deck.backs, "back")
        + low_contrast(deck, deck.indexes, "index")
    )
    assert not found, f"{layout}: text under 4.5:1:\n" + "\n".join(found[:12])


def test_contrast_reading_finds_low_contrast(tmp_path):
    """The reading bites: grey text on white paper and white text on orange are found."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from cards.layout import load_layout
    from tests.support.readback import Deck

    layout = load_layout("poker")
    path = tmp_path / "low.pdf"
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(200, 100), invariant=1)
    canvas.setFillColor("#c26200")
    canvas.rect(100, 0, 100, 100, stroke=0, fill=1)
    canvas.setFont(layout.fonts["body"], 9)
    for text, x, colour in (("Šedá", 10, "#999999"), ("Bílá", 110, "#ffffff")):
        canvas.setFillColor(colour)
        canvas.drawString(x, 50, text)
    canvas.setFillColor("#221e1c")
    canvas.drawString(10, 20, "Černá")
    canvas.showPage()
    canvas.save()
    path.write_bytes(buffer.getvalue())
    found = low_contrast(Deck(path, layout, (), 0), [0], "test")
    assert len(found) == 2
    grey, white = found
    assert grey.startswith("test: 4 characters #999999 on #ffffff")
    assert white.startswith("test: 4 characters #ffffff on #c26200, down to 4.17:1")


def discs(page) -> list[Shape]:
    """Filled circles of a page (width equal to height), largest first."""
    round_ = [s for s in filled_shapes(page) if abs(s.width - s.height) < 0.5 and s.width > 4]
    return sorted(round_, key=lambda s: -s.width)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_every_front_shows_its_level_in_the_disc(decks, layout):
    """Every front has a disc in its title band, and the text inside it is the level (or trik)."""
    deck = decks(layout)
    wrong = []
    for face, number in zip(deck.faces, deck.fronts, strict=True):
        page = deck.pdf.pages[number]
        band = [s for s in discs(page) if s.bottom < 0.3 * page.height]
        if not band:
            wrong.append(f"page {number + 1} ({face.spell.name}): no disc in the band")
            continue
        disc = band[0]
        centre = ((disc.x0 + disc.x1) / 2, (disc.top + disc.bottom) / 2)
        inside = [
            g
            for g in glyphs(page)
            if (g.x0 + g.x1 - 2 * centre[0]) ** 2 + (g.top + g.bottom - 2 * centre[1]) ** 2
            <= disc.width**2
        ]
        shown = "".join(g.text for g in sorted(inside, key=lambda g: g.x0))
        wanted = str(face.spell.level) if face.spell.level else "trik"
        if shown != wanted:
            wrong.append(f"page {number + 1} ({face.spell.name}): {shown!r} in the disc")
    assert not wrong, f"{layout}:\n" + "\n".join(wrong)


def _squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


def panel_marker(spell) -> str:
    """The words a panel of the spell starts with, as printed (its heading, or first words)."""
    for block in spell.blocks:
        if isinstance(block, Paragraph) and block.kind in PANEL_KINDS:
            return block.heading or " ".join(block.text.split()[:3])
    return ""


def body_limits(page) -> tuple[float, float]:
    """The top and bottom of the text area of a front: below the band, above the footer rule."""
    band = [
        s
        for s in filled_shapes(page)
        if s.top < 1 and s.width > 0.9 * page.width and s.height < 0.5 * page.height
    ]
    top = max((s.bottom for s in band), default=0.0)
    rules = [
        line["top"]
        for line in page.lines
        if abs(line["top"] - line["bottom"]) < 0.1 and line["width"] > 0.6 * page.width
    ]
    return top, max(rules, default=page.height)


def panel_problems(deck) -> list[str]:
    """Describe each panelled spell whose panel does not hold all of the body that follows it."""
    problems = []
    pages: dict[int, list] = {}
    for face, number in zip(deck.faces, deck.fronts, strict=True):
        pages.setdefault(id(face.spell), []).append((face, number))
    for cards in pages.values():
        spell = cards[0][0].spell
        marker = _squeezed(panel_marker(spell))
        if not marker:
            continue
        started = False
        for face, number in cards:
            page = deck.pdf.pages[number]
            top, bottom = body_limits(page)
            start = top
            if not started:
                for line in page.extract_text_lines():
                    if _squeezed(line["text"]).startswith(marker) and line["top"] > top:
                        started, start = True, line["top"] - 0.5
                        break
                else:
                    continue
            # The body's shapes, not the card's paper: a panel may fill more than half a
            # small card (a cantrip's upgrade alone on mini's 2/2), never nine tenths.
            shapes = [
                s
                for s in filled_shapes(page)
                if s.width * s.height < 0.9 * page.width * page.height and s.top >= top - 1
            ]
            for glyph in glyphs(page):
                if glyph.top < start or glyph.bottom > bottom:
                    continue
                if not any(shape.holds(glyph) for shape in shapes):
                    problems.append(
                        f"{spell.name} {face.part}/{face.parts} (page {number + 1}): "
                        f"{glyph.text!r} at {glyph.top:.0f} pt lies outside the panel"
                    )
                    break
        if not started:
            problems.append(f"{spell.name}: {panel_marker(spell)!r} not found on its cards")
    return problems


@pytest.mark.parametrize("layout", LAYOUTS)
def test_higher_levels_lie_in_a_panel_that_closes_the_spell(decks, layout):
    """From "Na vyšších úrovních." to the footer, all the spell's text lies inside filled
    panel shapes: the panel holds that text and nothing of the body comes after it."""
    problems = panel_problems(decks(layout))
    assert not problems, f"{layout}:\n" + "\n".join(problems)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_every_back_names_its_spell(decks, layout):
    """Each back's top line is its spell's name (tests/unit/test_backs.py reads a whole class on
    poker; this reads every layout)."""
    deck = decks(layout)
    wrong = []
    for face, number in zip(deck.faces, deck.backs, strict=True):
        text = deck.pdf.pages[number].extract_text() or ""
        # The level's index corner stands on the first line's left.
        top = _squeezed(text).removeprefix(str(face.spell.level))
        if not top.startswith(_squeezed(face.spell.name)):
            wrong.append(f"page {number + 1}: {text[:40]!r} for {face.spell.name}")
    assert not wrong, f"{layout}:\n" + "\n".join(wrong)


NOTICE = "Popis kouzla ve zdroji chybí."


def _notice_colours(page) -> set[tuple[str, bool]]:
    """The colours (and whether italic) of the characters of the page's line that reads the
    notice; empty when no line does."""
    lines: dict[float, list[dict]] = {}
    for char in page.chars:
        if char["text"].strip():
            lines.setdefault(round(char["matrix"][5], 1), []).append(char)
    for chars in lines.values():
        chars.sort(key=lambda c: c["x0"])
        if _squeezed("".join(c["text"] for c in chars)) == _squeezed(NOTICE):
            return {(hex_of(c["non_stroking_color"]), "Italic" in c["fontname"]) for c in chars}
    return set()


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_spell_without_its_description_says_so_in_muted_type(decks, layout):
    """Drobný služebník (its source prints only the stat block) reads "Popis kouzla ve zdroji
    chybí." on its front, in the layout's muted colour, 4.5:1 or more to the paper; no other
    front of the deck says it."""
    deck = decks(layout)
    muted, paper = deck.layout.colours.muted, deck.layout.colours.background
    assert contrast(muted, paper) >= MIN_CONTRAST
    saying = [
        face.spell.name
        for face, number in zip(deck.faces, deck.fronts, strict=True)
        if _notice_colours(deck.pdf.pages[number])
    ]
    assert saying == ["Drobný služebník"]
    number = deck.fronts[[f.spell.name for f in deck.faces].index("Drobný služebník")]
    assert _notice_colours(deck.pdf.pages[number]) == {(muted, True)}
