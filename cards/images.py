"""Card faces -> PNG images for virtual tables: one image per face, or Tabletop Simulator sheets.

The images are rendered by PDFium from the PDF the build writes for single cards at their true
size (`--sheet none`, no bleed, with backs): what is on an image is exactly what is printed.
"""

from __future__ import annotations

import io
import re
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pypdfium2
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from cards.atomic import write_atomically
from cards.backs import draw_back
from cards.build import DEFAULT_TITLE, build_pdf, fit_spells
from cards.console import plain
from cards.errors import CardsError
from cards.impose import PrintOptions
from cards.layout import Layout, load_layout
from cards.model import Spell

# Tabletop Simulator's custom deck sheet: at most 10 columns and 7 rows; the last slot shows the
# card "hidden" in another player's hand, so a sheet holds 69 cards.
TTS_COLUMNS = 10
TTS_ROWS = 7
TTS_CARDS = TTS_COLUMNS * TTS_ROWS - 1


class ImagesError(CardsError):
    """Card images cannot be made (no spells)."""


@dataclass(frozen=True)
class CardImage:
    """One card of the deck: its number in deck order, spell, part and the base of its names."""

    number: int  # 1-based, in deck order
    spell: Spell
    part: int
    parts: int
    stem: str  # "0042-ohniva-koule" or "0043-bleskovy-slap-2of3"


def slug(text: str) -> str:
    """Make an ASCII file-name part: lower case, accents dropped, other runs as "-"."""
    return re.sub(r"[^a-z0-9]+", "-", plain(text).lower()).strip("-") or "kouzlo"


def card_images(faces: Sequence[Any]) -> tuple[CardImage, ...]:
    """Name the cards in deck order: number, spell slug and, for a split spell, its part."""
    width = max(4, len(str(len(faces))))
    cards = []
    for number, face in enumerate(faces, start=1):
        stem = f"{number:0{width}d}-{slug(face.spell.name)}"
        if face.parts > 1:
            stem += f"-{face.part}of{face.parts}"
        cards.append(CardImage(number, face.spell, face.part, face.parts, stem))
    return tuple(cards)


def write_images(
    spells: Sequence[Spell],
    out_dir: Path,
    *,
    layout: str | Path | Layout = "poker",
    dpi: int = 300,
    backs: bool = True,
    title: str = DEFAULT_TITLE,
    progress: Callable[[int], None] | None = None,
) -> tuple[Path, ...]:
    """Write one PNG per card face (front, then back) into out_dir; return the paths in order.

    progress, if given, is called with 1 after each spell's last card.
    """
    layout = layout if isinstance(layout, Layout) else load_layout(layout)
    cards = card_images(_faces(spells, layout))
    paths = []
    with closing(_rendered(spells, layout, dpi, title)) as rendered:
        for card, (front, back) in zip(cards, rendered, strict=True):
            paths.append(_save(front, out_dir / f"{card.stem}-front.png", dpi))
            if backs:
                paths.append(_save(back, out_dir / f"{card.stem}-back.png", dpi))
            if progress is not None and card.part == card.parts:
                progress(1)
    return tuple(paths)


def write_tts_sheets(
    spells: Sequence[Spell],
    out_dir: Path,
    *,
    layout: str | Path | Layout = "poker",
    dpi: int = 300,
    title: str = DEFAULT_TITLE,
    progress: Callable[[int], None] | None = None,
) -> tuple[Path, ...]:
    """Write Tabletop Simulator deck sheets: fronts and matching backs, 10 x 7, and one back.

    Each sheet holds 69 cards in deck order, row by row; its last slot (the image TTS shows for
    a hidden card) and tts-back.png hold the deck's common back. progress: as for write_images.
    """
    layout = layout if isinstance(layout, Layout) else load_layout(layout)
    common = _common_back(layout, dpi, title)
    faces = _faces(spells, layout)
    paths = [_save(common, out_dir / "tts-back.png", dpi)]
    sheets = (len(faces) + TTS_CARDS - 1) // TTS_CARDS
    with closing(_rendered(spells, layout, dpi, title)) as rendered:
        cards = iter(card_images(faces))
        for sheet in range(1, sheets + 1):
            count = min(TTS_CARDS, len(faces) - (sheet - 1) * TTS_CARDS)
            fronts, back_sheet = _sheet(common.size), _sheet(common.size)
            for slot in range(count):
                card = next(cards)
                front, back = next(rendered)
                fronts.paste(front, _slot(slot, common.size))
                back_sheet.paste(back, _slot(slot, common.size))
                if progress is not None and card.part == card.parts:
                    progress(1)
            hidden = _slot(TTS_COLUMNS * TTS_ROWS - 1, common.size)
            fronts.paste(common, hidden)
            back_sheet.paste(common, hidden)
            paths.append(_save(fronts, out_dir / f"tts-{sheet:02d}-fronts.png", dpi))
            paths.append(_save(back_sheet, out_dir / f"tts-{sheet:02d}-backs.png", dpi))
    return tuple(paths)


def _faces(spells: Sequence[Spell], layout: Layout) -> tuple[Any, ...]:
    if not spells:
        raise ImagesError(
            "No spells match: no images to make. Try `cards list` with the same filters."
        )
    return fit_spells(spells, layout)


def _rendered(
    spells: Sequence[Spell], layout: Layout, dpi: int, title: str
) -> Iterator[tuple[Image.Image, Image.Image]]:
    """Yield (front, back) images of each card, rendered from the single-card PDF."""
    options = PrintOptions(backs=True, bleed=0.0)
    with tempfile.TemporaryDirectory(prefix="cards-images-") as folder:
        pdf = Path(folder) / "cards.pdf"
        build_pdf(spells, pdf, layout=layout, sheet="none", options=options, title=title)
        document = pypdfium2.PdfDocument(pdf.read_bytes())
    try:
        for index in range(0, len(document), 2):
            yield _render(document[index], dpi), _render(document[index + 1], dpi)
    finally:
        document.close()


def _render(page: Any, dpi: int) -> Image.Image:
    """Render a page at dpi, cut to the whole pixels nearest its size (PDFium rounds up)."""
    width, height = page.get_size()
    image = page.render(scale=dpi / 72).to_pil().convert("RGB")
    return image.crop((0, 0, round(width * dpi / 72), round(height * dpi / 72)))


def _common_back(layout: Layout, dpi: int, title: str) -> Image.Image:
    """Render the back every card shares: the deck's title, without school or level."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(layout.width, layout.height), invariant=1)
    draw_back(canvas, _Blank(layout.width, layout.height), 0, 0, deck_title=title, layout=layout)
    canvas.showPage()
    canvas.save()
    document = pypdfium2.PdfDocument(buffer.getvalue())
    try:
        return _render(document[0], dpi)
    finally:
        document.close()


@dataclass(frozen=True)
class _Blank:
    """A card with no spell: what the common back is drawn for."""

    width: float
    height: float


def _sheet(card: tuple[int, int]) -> Image.Image:
    return Image.new("RGB", (card[0] * TTS_COLUMNS, card[1] * TTS_ROWS), "white")


def _slot(index: int, card: tuple[int, int]) -> tuple[int, int]:
    return (index % TTS_COLUMNS) * card[0], (index // TTS_COLUMNS) * card[1]


def _save(image: Image.Image, path: Path, dpi: int) -> Path:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", dpi=(dpi, dpi))
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, buffer.getvalue())
    return path
