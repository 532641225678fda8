"""Card faces -> PNG images for virtual tables: one image per face, or Tabletop Simulator sheets.

The images are rendered by PDFium from the PDF the build writes for single cards at their true
size (`--sheet none`, no bleed, with backs): what is on an image is exactly what is printed.
This module only paints finished faces; `cards.build.write_images` fits the spells and makes
that PDF.
"""

from __future__ import annotations

import io
import os
import struct
import zlib
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pypdfium2
import pypdfium2.raw as pdfium_c
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from cards.atomic import write_atomically
from cards.czech_text import slug as czech_slug
from cards.errors import CardsError
from cards.face import Face
from cards.layout import Layout
from cards.messages import say
from cards.model import Spell
from cards.paint import flate_only
from cards.paint.draw import draw_face
from cards.paint.preview import PDFIUM_LOCK

# Tabletop Simulator's custom deck sheet: at most 10 columns and 7 rows; the last slot shows the
# card "hidden" in another player's hand, so a sheet holds 69 cards.
TTS_COLUMNS = 10
TTS_ROWS = 7
TTS_CARDS = TTS_COLUMNS * TTS_ROWS - 1
# A sheet's side in pixels, at most: 10,000 is the size TTS is known to load, and a sheet of
# 10,000 x 10,000 pixels takes 300 MB in memory (a poker sheet at 300 dpi: 7440 x 7273).
TTS_MAX_SIDE = 10_000
# zlib level of the PNGs (lossless at any level): 1, the fastest; with unfiltered rows a poker
# front at 300 dpi takes 11 ms and 154 kB, where Pillow's encoder at its default level 6 took
# 31 ms and 208 kB (see png_bytes).
PNG_LEVEL = 1
PNG_BAND = 256  # rows read and compressed at a time


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
    """Make an ASCII file-name part of a spell's name (cards.czech_text.slug), "kouzlo" if none."""
    return czech_slug(text, "kouzlo")


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


def paint_images(
    faces: Sequence[Any],
    document: bytes,
    out_dir: Path,
    *,
    dpi: int = 300,
    backs: bool = True,
    progress: Callable[[int], None] | None = None,
    pixels: tuple[int, int] | None = None,
) -> tuple[Path, ...]:
    """Write one PNG per card face (front, then back) into out_dir; return the paths in order.

    document: the single-card PDF of the faces (a front, then its back, for each face), as
    `cards.build.write_images` makes it. The PNGs are encoded on threads while the next pages
    render. progress, if given, is called with 1 once a spell's last card's images are made.
    pixels: cut each image to this width and height about its centre (a print shop's size,
    from pages with bleed enough around the card).
    """
    cards = card_images(faces)
    paths = []
    workers = max(1, min(4, os.cpu_count() or 1))
    with (
        closing(_rendered(document, dpi)) as rendered,
        ThreadPoolExecutor(workers) as pool,
    ):
        waiting: deque[tuple[Future, CardImage | None]] = deque()
        for card, (front, back) in zip(cards, rendered, strict=True):
            if pixels is not None:
                front, back = _centred(front, pixels), _centred(back, pixels)
            for image, side in ((front, "front"), (back, "back")):
                if side == "back" and not backs:
                    continue
                path = out_dir / f"{card.stem}-{side}.png"
                paths.append(path)
                done = card if side == "back" or not backs else None
                waiting.append((pool.submit(_save, image, path, dpi), done))
            while len(waiting) > 2 * workers:
                _finish(waiting.popleft(), progress)
        while waiting:
            _finish(waiting.popleft(), progress)
    return tuple(paths)


def _centred(image: Image.Image, pixels: tuple[int, int]) -> Image.Image:
    """Cut an image to `pixels` about its centre (the card's centre on a page with bleed)."""
    width, height = pixels
    left = (image.width - width) // 2
    top = (image.height - height) // 2
    return image.crop((left, top, left + width, top + height))


def _finish(job: tuple[Future, CardImage | None], progress: Callable[[int], None] | None) -> None:
    """Wait for an image to be written; count its spell done after its last card."""
    future, card = job
    future.result()
    if progress is not None and card is not None and card.part == card.parts:
        progress(1)


def paint_tts_sheets(
    faces: Sequence[Any],
    document: bytes,
    common: Face,
    out_dir: Path,
    *,
    dpi: int = 300,
    progress: Callable[[int], None] | None = None,
) -> tuple[Path, ...]:
    """Write Tabletop Simulator deck sheets: fronts and matching backs, 10 x 7, and one back.

    Each sheet holds 69 cards in deck order, row by row; its last slot (the image TTS shows for
    a hidden card) and tts-back.png hold the deck's common back (the finished face `common`).
    One sheet is in memory at a time. document and progress: as for paint_images.
    """
    common_image = _face_image(common, dpi)
    paths = [_save(common_image, out_dir / "tts-back.png", dpi)]
    sheets = (len(faces) + TTS_CARDS - 1) // TTS_CARDS
    cards = card_images(faces)
    with _document(document) as pdf:
        for sheet in range(1, sheets + 1):
            first = (sheet - 1) * TTS_CARDS
            count = min(TTS_CARDS, len(faces) - first)
            hidden = _slot(TTS_COLUMNS * TTS_ROWS - 1, common_image.size)
            for side, kind in ((0, "fronts"), (1, "backs")):
                image = _sheet(common_image.size)
                for slot in range(count):
                    page = _render(pdf[2 * (first + slot) + side], dpi)
                    image.paste(page, _slot(slot, common_image.size))
                    card = cards[first + slot]
                    if side and progress is not None and card.part == card.parts:
                        progress(1)
                image.paste(common_image, hidden)
                paths.append(_save(image, out_dir / f"tts-{sheet:02d}-{kind}.png", dpi))
                del image
    return tuple(paths)


def check_sheet_size(layout: Layout, dpi: int) -> None:
    """Refuse a TTS sheet too large to keep in memory and to load: name the dpi that fits."""
    width = round(layout.width * dpi / 72) * TTS_COLUMNS
    height = round(layout.height * dpi / 72) * TTS_ROWS
    if max(width, height) > TTS_MAX_SIDE:
        side = max(layout.width * TTS_COLUMNS, layout.height * TTS_ROWS) / 72
        most = int(TTS_MAX_SIDE / side)
        while (
            most > 1
            and max(
                round(layout.width * most / 72) * TTS_COLUMNS,
                round(layout.height * most / 72) * TTS_ROWS,
            )
            > TTS_MAX_SIDE
        ):
            most -= 1
        raise ImagesError(
            say(
                "tts_too_big",
                width=width,
                height=height,
                limit=TTS_MAX_SIDE,
                layout=layout.name,
                dpi=dpi,
                most=most,
            )
        )


@contextmanager
def _document(data: bytes) -> Iterator[Any]:
    """Open a PDF's bytes in PDFium."""
    with PDFIUM_LOCK:
        document = pypdfium2.PdfDocument(data)
    try:
        yield document
    finally:
        with PDFIUM_LOCK:
            document.close()


def _rendered(data: bytes, dpi: int) -> Iterator[tuple[Image.Image, Image.Image]]:
    """Yield (front, back) images of each card, rendered from the single-card PDF."""
    with _document(data) as document:
        for index in range(0, len(document), 2):
            with PDFIUM_LOCK:
                pages = _render(document[index], dpi), _render(document[index + 1], dpi)
            yield pages


def _render(page: Any, dpi: int) -> Image.Image:
    """Render a page at dpi, cut to the whole pixels nearest its size (PDFium rounds up)."""
    width, height = page.get_size()
    # Rendered straight into RGB (no alpha to drop): the same pixels, one copy fewer.
    bitmap = page.render(
        scale=dpi / 72, force_bitmap_format=pdfium_c.FPDFBitmap_BGR, rev_byteorder=True
    )
    image = bitmap.to_pil()
    if image.mode != "RGB":
        image = image.convert("RGB")
    return image.crop((0, 0, round(width * dpi / 72), round(height * dpi / 72)))


def _face_image(face: Face, dpi: int) -> Image.Image:
    """Render one finished face (the deck's common back) on its own page."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(face.width, face.height), invariant=1)
    draw_face(canvas, face, 0, 0)
    canvas.showPage()
    with flate_only():
        canvas.save()
    with _document(buffer.getvalue()) as document, PDFIUM_LOCK:
        return _render(document[0], dpi)


def _sheet(card: tuple[int, int]) -> Image.Image:
    return Image.new("RGB", (card[0] * TTS_COLUMNS, card[1] * TTS_ROWS), "white")


def _slot(index: int, card: tuple[int, int]) -> tuple[int, int]:
    return (index % TTS_COLUMNS) * card[0], (index // TTS_COLUMNS) * card[1]


def _save(image: Image.Image, path: Path, dpi: int) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, png_bytes(image, dpi))
    return path


def pdf_page_png(data: bytes, index: int, dpi: int) -> bytes:
    """Render one page of a PDF's bytes (0 the first) to PNG at dpi: a whole sheet's preview."""
    with _document(data) as document:
        if not 0 <= index < len(document):
            raise ImagesError(say("sheet_page_missing", page=index + 1, pages=len(document)))
        with PDFIUM_LOCK:
            image = _render(document[index], dpi)
    return png_bytes(image, dpi)


def png_bytes(image: Image.Image, dpi: int) -> bytes:
    """Return an RGB image as PNG bytes: every row unfiltered, zlib at PNG_LEVEL, with its dpi.

    Pillow's encoder tries the five PNG filters on every row and keeps the best guess; on a
    card's flat colours that costs more than it saves (a poker front at 300 dpi: 22 ms and
    199 kB at level 1, against 11 ms and 154 kB unfiltered). The rows are read in bands, so
    a Tabletop Simulator sheet is never copied whole; zlib lets other threads run meanwhile.
    """
    if image.mode != "RGB":
        image = image.convert("RGB")
    width, height = image.size
    compressor = zlib.compressobj(PNG_LEVEL)
    parts = []
    stride = 3 * width
    for top in range(0, height, PNG_BAND):
        band = image.crop((0, top, width, min(height, top + PNG_BAND))).tobytes()
        rows = bytearray()
        for start in range(0, len(band), stride):
            rows += b"\0"  # filter type None
            rows += band[start : start + stride]
        parts.append(compressor.compress(rows))
    parts.append(compressor.flush())
    ppm = int(dpi / 0.0254 + 0.5)  # pixels per metre, as Pillow writes them
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)),
            _chunk(b"pHYs", struct.pack(">IIB", ppm, ppm, 1)),
            _chunk(b"IDAT", b"".join(parts)),
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    crc = zlib.crc32(kind + data) & 0xFFFFFFFF
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)
