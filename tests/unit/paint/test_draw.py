"""Tests for cards.paint.draw: a face drawn on a canvas, read back with pdfplumber."""

from __future__ import annotations

import io
from collections import defaultdict
from dataclasses import replace

import pytest
from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cards.face import TextLine
from cards.fit import fit_spell
from cards.layout import load_layout
from cards.model import Paragraph, Spell
from cards.paint.draw import _codes, draw_face
from tests.support.pdfread import Pdf, open_pdf
from tests.support.spells import make_spell

TEXT = (
    "Vytvoříš svislou zeď vířících čepelí z magické energie, ostrých jako břitva. Zeď se "
    "objeví v rámci dosahu a vydrží po dobu trvání. Tvorům za zdí poskytuje tříčtvrteční "
    "kryt a její oblast je těžký terén. Když tvor neuspěje, utrpí sečné zranění 6k10."
)
PAGE = (300.0, 400.0)


def spell() -> Spell:
    """A one-card spell of concentration with markup characters in its text."""
    blocks = (
        *(Paragraph(TEXT) for _ in range(3)),
        Paragraph('Text je text: <b> & "uvozovky" > 2.'),
    )
    barrier = make_spell(
        *blocks, name="Bariéra čepelí", school="Iluze", level=6, concentration=True
    )
    return replace(barrier, name_en="Blade barrier")


@pytest.fixture(scope="module")
def layout():
    return load_layout("poker")


@pytest.fixture(scope="module")
def face(layout):
    (face,) = fit_spell(spell(), layout)
    return face


def draw(face, x: float, y: float, bleed: float = 0.0) -> Pdf:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=PAGE, invariant=1)
    draw_face(canvas, face, x, y, bleed=bleed)
    canvas.showPage()
    canvas.save()
    buffer.seek(0)
    return open_pdf(buffer)


def test_text_is_drawn_inside_the_card_at_its_position(face, layout):
    """Every glyph lies within the card placed at (x, y), inside the safe margin."""
    with draw(face, 40.0, 70.0) as pdf:
        chars = [c for c in pdf.pages[0].chars if c["text"].strip()]
    assert chars
    margin = layout.safe_margin - 0.6  # glyph boxes include side bearings
    assert min(c["x0"] for c in chars) >= 40.0 + margin
    assert max(c["x1"] for c in chars) <= 40.0 + face.width - margin
    assert min(c["y0"] for c in chars) >= 70.0 + 2 * mm
    assert max(c["y1"] for c in chars) <= 70.0 + face.height - 2 * mm


def test_text_reads_back_as_written(face):
    """The name, the stats and markup characters come out of the PDF as text."""
    with draw(face, 0.0, 0.0) as pdf:
        text = pdf.pages[0].extract_text()
    for expected in (
        "Bariéra čepelí",
        "Blade barrier",
        "Iluze",
        "6",
        "soustředění",
        "18 sáhů",
    ):
        assert expected in text
    assert '<b> & "uvozovky" > 2.' in " ".join(text.split())  # over a line end at 10 pt


def test_justified_lines_reach_the_right_margin(face, layout):
    """Lines with widened spaces end at the text column's right edge (word spacing applied)."""
    with draw(face, 0.0, 0.0) as pdf:
        chars = pdf.pages[0].chars
    by_baseline = defaultdict(list)
    for char in chars:
        by_baseline[round(char["matrix"][5], 2)].append(char)
    right = face.width - layout.safe_margin
    justified = [
        i
        for i in face.items
        if isinstance(i, TextLine) and i.role == "body" and i.line.word_space != 0
    ]
    assert justified
    for item in justified:
        line_chars = by_baseline[round(item.y, 2)]
        assert max(c["x1"] for c in line_chars) == pytest.approx(right, abs=0.3)


def test_background_reaches_into_the_bleed(face, layout):
    """With bleed, the school colour covers the card plus the bleed on every side."""
    bleed = 3 * mm
    with draw(face, 50.0, 60.0, bleed=bleed) as pdf:
        rects = pdf.pages[0].rects
    colour = HexColor(layout.school_colours["Iluze"])
    outer = rects[0]
    assert outer["x0"] == pytest.approx(50.0 - bleed)
    assert outer["y0"] == pytest.approx(60.0 - bleed)
    assert outer["width"] == pytest.approx(face.width + 2 * bleed)
    assert outer["height"] == pytest.approx(face.height + 2 * bleed)
    expected = (colour.red, colour.green, colour.blue)
    assert outer["non_stroking_color"] == pytest.approx(expected, abs=1e-5)


def test_without_bleed_nothing_leaves_the_card(face):
    """With no bleed, no drawing reaches outside the card's rectangle."""
    with draw(face, 50.0, 60.0) as pdf:
        page = pdf.pages[0]
        shapes = page.rects + page.lines + page.curves
    for shape in shapes:
        assert shape["x0"] >= 50.0 - 0.5 and shape["x1"] <= 50.0 + face.width + 0.5
        assert shape["bottom"] <= PAGE[1] - 60.0 + 0.5
        assert shape["top"] >= PAGE[1] - 60.0 - face.height - 0.5


def test_only_bundled_fonts_are_used(face):
    """All text is set in the bundled Charis SIL faces."""
    with draw(face, 0.0, 0.0) as pdf:
        names = {c["fontname"].split("+")[-1] for c in pdf.pages[0].chars}
    assert names and all(name.startswith("CharisSIL") for name in names)


def test_text_is_drawn_in_reading_order(face):
    """The content stream holds the text in reading order, so viewers search and copy it."""
    from pypdf import PdfReader

    with draw(face, 0.0, 0.0) as pdf:
        pdf.stream.seek(0)
        text = PdfReader(pdf.stream).pages[0].extract_text()
    order = ["Bariéra čepelí", "Blade barrier", "VYVOLÁNÍ", "Vytvoříš", "břitva", "6k10", "<b>"]
    positions = [text.find(part) for part in order]
    assert -1 not in positions and positions == sorted(positions)


def test_characters_are_mapped_as_reportlab_maps_them(layout):
    """Codes and subsets equal splitString's, also for repeats, no-break spaces and subset 1."""
    from reportlab.pdfbase.pdfmetrics import getFont
    from reportlab.pdfgen.canvas import Canvas as Fresh

    font = getFont(layout.fonts["body"])
    ours, theirs = Canvas(io.BytesIO())._doc, Fresh(io.BytesIO())._doc
    many = "".join(chr(c) for c in sorted(font.face.charToGlyph) if c > 32)[:400]
    texts = ["Vytvoříš zeď", "zeď Vytvoříš", "6\u00a0sáhů", "\u2603 sníh", "", many, many[::-1]]
    texts += [many[300:320], "Vytvoříš zeď" + many[350:], "zeď"]
    for text in texts + texts:  # the second time, every character is known
        assert _codes(font, ours).split(text, ours) == font.splitString(text, theirs)
    assert font.state[ours].assignments == font.state[theirs].assignments
    assert len(font.state[ours].subsets) > 1


def _cards_imports(path):
    """Return the modules a source file imports (absolute names), at any depth of the file."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_the_painter_imports_only_the_face_primitives():
    """draw.py knows nothing of fitting or typesetting: it paints the primitives of cards.face."""
    from pathlib import Path

    import cards.paint.draw

    imported = _cards_imports(Path(cards.paint.draw.__file__))
    assert {name for name in imported if name.startswith("cards")} == {"cards.face"}


def test_no_measuring_module_imports_a_painter():
    """Typesetting and fitting never import what paints (draw, pdf, preview, reportlab's canvas)."""
    from pathlib import Path

    import cards

    root = Path(cards.__file__).parent
    measuring = [root / "face.py", *root.glob("fit*.py"), *root.glob("fit/*.py")]
    measuring += [*root.glob("typeset*.py"), *root.glob("typeset/*.py")]
    painters = {"cards.paint", "cards.backs", "reportlab.pdfgen"}
    assert len(measuring) >= 6
    for path in measuring:
        bad = {n for n in _cards_imports(path) if any(n.startswith(p) for p in painters)}
        assert not bad, f"{path.name} imports {bad}"


def test_expanded_lines_are_written_with_tz_and_read_back_to_the_column_edge(face, layout):
    """A line with glyph expansion is drawn with PDF Tz; its glyphs still end at the edge."""
    expanded = [
        item
        for item in face.items
        if isinstance(item, TextLine) and item.line.scale != 1.0 and item.line.word_space
    ]
    assert expanded
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=PAGE, invariant=1, pageCompression=0)
    draw_face(canvas, face, 0, 0)
    canvas.showPage()
    canvas.save()
    assert b" Tz" in buffer.getvalue()
    buffer.seek(0)
    right = layout.width - layout.safe_margin
    with open_pdf(buffer) as pdf:
        chars = [c for c in pdf.pages[0].chars if c["text"].strip()]
    for item in expanded:
        line = [c for c in chars if abs(c["matrix"][5] - item.y) < 0.05]
        assert line, item.line.text
        assert max(c["x1"] for c in line) == pytest.approx(right, abs=0.05)
        assert "".join(c["text"] for c in line) == item.line.text.replace(" ", "")
