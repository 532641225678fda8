"""Read built PDFs back for the design tests: pages as pictures, the same pages without text,
the characters with their colours, and the filled shapes under them."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import pypdfium2
from PIL import Image
from pypdf import PdfWriter
from pypdf.generic import ContentStream

from cards.build import build_pdf, fit_spells
from cards.impose import PrintOptions
from cards.layout import Layout, load_layout
from cards.select import find_spell
from cards.source.library import read_compendium
from tests.support.pdfread import Pdf, open_pdf

ROOT = Path(__file__).resolve().parents[2]


def spells_named(*queries: str):
    """Return the spells a player would get for these names (cards.select.find_spell)."""
    spells = read_compendium().spells
    return tuple(find_spell(spells, query) for query in queries)


def card_layouts() -> tuple[str, ...]:
    """Every shipped card layout (layouts/*.toml of kind "card"), by name."""
    names = []
    for path in sorted((ROOT / "layouts").glob("*.toml")):
        if 'kind = "card"' in path.read_text(encoding="utf-8"):
            names.append(path.stem)
    return tuple(names)


@dataclass(frozen=True)
class Deck:
    """A deck built one card a page (--sheet none) with backs and an index, and its faces.

    Pages: the index pages, each with its blank back, then each card's front and its back.
    """

    path: Path
    layout: Layout
    faces: tuple  # the CardFaces in page order
    index_pages: int

    @property
    def fronts(self) -> range:
        """Page numbers (0-based) of the card fronts."""
        first = 2 * self.index_pages
        return range(first, first + 2 * len(self.faces), 2)

    @property
    def backs(self) -> range:
        return range(2 * self.index_pages + 1, 2 * self.index_pages + 2 * len(self.faces), 2)

    @property
    def indexes(self) -> range:
        return range(0, 2 * self.index_pages, 2)

    @cached_property
    def pdf(self) -> Pdf:
        return open_pdf(self.path)

    @cached_property
    def bare(self) -> pypdfium2.PdfDocument:
        """The same PDF with every text object removed, for sampling what lies under text."""
        return pypdfium2.PdfDocument(without_text(self.path.read_bytes()))

    @cached_property
    def document(self) -> pypdfium2.PdfDocument:
        return pypdfium2.PdfDocument(self.path.read_bytes())


def build_deck(spells: Sequence, layout: str, folder: Path, *, index: bool = True) -> Deck:
    """Build the spells on `layout` one card a page, with backs (and an index page)."""
    loaded = load_layout(layout)
    path = folder / f"{layout}.pdf"
    options = PrintOptions(backs=True, bleed=0.0)
    result = build_pdf(spells, path, layout=loaded, sheet="none", options=options, index=index)
    faces = fit_spells(spells, loaded)
    index_pages = (result.pages - 2 * len(faces)) // 2
    assert result.pages == 2 * (len(faces) + index_pages)
    return Deck(path, loaded, faces, index_pages)


def without_text(data: bytes) -> bytes:
    """Return the PDF with every BT ... ET text object taken out of its pages' content."""
    writer = PdfWriter(clone_from=io.BytesIO(data))
    for page in writer.pages:
        content = ContentStream(page.get_contents(), writer)
        kept = []
        inside = False
        for operands, operator in content.operations:
            if operator == b"BT":
                inside = True
            elif operator == b"ET":
                inside = False
            elif not inside:
                kept.append((operands, operator))
        content.operations = kept
        page.replace_contents(content)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def render(document: pypdfium2.PdfDocument, number: int, dpi: float) -> Image.Image:
    """Render one page at dpi, cut to the whole pixels nearest its size (PDFium rounds up)."""
    page = document[number]
    width, height = page.get_size()
    image = page.render(scale=dpi / 72).to_pil().convert("RGB")
    return image.crop((0, 0, round(width * dpi / 72), round(height * dpi / 72)))


def hex_of(colour) -> str:
    """Return a pdfplumber colour (gray or RGB components in 0..1) as "#rrggbb"."""
    values = tuple(colour or (0,))
    if len(values) == 1:
        values = values * 3
    if len(values) == 4:  # CMYK
        c, m, y, k = values
        values = ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))
    return "#" + "".join(f"{round(v * 255):02x}" for v in values)


@dataclass(frozen=True)
class Glyph:
    """A character as read back: its text, colour, size and box (points, y from the top)."""

    text: str
    colour: str
    size: float
    x0: float
    x1: float
    top: float
    bottom: float
    baseline: float  # from the top of the page


def glyphs(page) -> Iterator[Glyph]:
    """Yield the visible characters of a pdfplumber page."""
    height = page.height
    for char in page.chars:
        if not char["text"].strip():
            continue
        baseline = height - char["matrix"][5]
        yield Glyph(
            char["text"],
            hex_of(char["non_stroking_color"]),
            char["size"],
            char["x0"],
            char["x1"],
            char["top"],
            char["bottom"],
            baseline,
        )


def ink_box(glyph: Glyph) -> tuple[float, float, float, float]:
    """The part of a character's box its ink covers for sure: x-height above the baseline.

    (left, top, right, bottom) in points from the top-left corner: a little inside the
    advance width, from the baseline up to about the x-height.
    """
    inset = 0.12 * (glyph.x1 - glyph.x0)
    return (
        glyph.x0 + inset,
        glyph.baseline - 0.62 * glyph.size,
        glyph.x1 - inset,
        glyph.baseline - 0.04 * glyph.size,
    )


@dataclass(frozen=True)
class Shape:
    """A filled rectangle or curve of a page: its fill colour and bounding box (y from top)."""

    colour: str
    x0: float
    x1: float
    top: float
    bottom: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.bottom - self.top

    def holds(self, glyph: Glyph, slack: float = 0.3) -> bool:
        """Whether a character's ink box lies inside this shape's box."""
        left, top, right, bottom = ink_box(glyph)
        return (
            left >= self.x0 - slack
            and right <= self.x1 + slack
            and top >= self.top - slack
            and bottom <= self.bottom + slack
        )


def filled_shapes(page) -> list[Shape]:
    """Every filled rectangle and curve of a pdfplumber page."""
    shapes = []
    for item in page.rects + page.curves:
        if not item.get("fill"):
            continue
        shapes.append(
            Shape(
                hex_of(item.get("non_stroking_color")),
                item["x0"],
                item["x1"],
                item["top"],
                item["bottom"],
            )
        )
    return shapes


# The golden pictures' subjects (tests/integration/test_golden.py), by the names a player types.
# What the pictures show, by the names a player would type (cards.select.find_spell).
SUBJECTS = {
    "kratke": "Štít",  # a short spell
    "trik": "Ohnivá střela",  # a cantrip that grows at 5th, 11th and 17th level
    "tabulka": "Ovládni počasí",  # three tables
    "tri-karty": "Přání",  # three cards
    "surovina": "Klon",  # a long material component
    "ritual-soustredeni": "Najdi magii",  # ritual and concentration
    "statblok": "Drobný služebník",  # a creature's stat block
}
BACKS_ONLY = ("Zmatek", "Neviditelnost")  # Očarování and Iluze: the schools the rest lacks
ROW = re.compile(
    r"^(?P<name>.+?) (?:(?P<r>R) )?(?:(?P<s>S) )?(?P<level>trik|\d\.) \S+ (?P<sheet>\d+)$"
)


def index_rows(path, pages: int) -> list[tuple[str, bool, bool, str, str]]:
    """Read the index back, column by column: (text before the marks, R, S, sheet, next line)."""
    rows = []
    with open_pdf(path) as pdf:
        for page in pdf.pages[:pages]:
            for half in (
                (0, 0, page.width / 2, page.height),
                (page.width / 2, 0, page.width, page.height),
            ):
                lines = (page.crop(half).extract_text() or "").splitlines()
                for number, line in enumerate(lines):
                    match = ROW.match(line)
                    if match:
                        after = lines[number + 1] if number + 1 < len(lines) else ""
                        rows.append(
                            (
                                match["name"],
                                bool(match["r"]),
                                bool(match["s"]),
                                match["sheet"],
                                after,
                            )
                        )
    return rows
