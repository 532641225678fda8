"""Card images: fitted once, PNGs at zlib level 1 with the same pixels, TTS sheets bounded."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from PIL import Image, ImageChops

import cards.build
from cards.build import write_images, write_tts_sheets
from cards.cache import FitCache
from cards.layout import load_layout
from cards.paint import images
from cards.paint.images import TTS_MAX_SIDE, ImagesError
from cards.source.library import read_compendium


@pytest.fixture(scope="module")
def deck():
    return read_compendium().spells[:4]


def _idat(data: bytes) -> bytes:
    """Return the concatenated IDAT data (the zlib stream) of a PNG."""
    position, chunks = 8, []
    while position < len(data):
        (length,) = struct.unpack(">I", data[position : position + 4])
        kind = data[position + 4 : position + 8]
        if kind == b"IDAT":
            chunks.append(data[position + 8 : position + 8 + length])
        position += 12 + length
    return b"".join(chunks)


def test_pngs_are_compressed_fast_with_the_same_pixels(tmp_path, deck):
    """Each PNG's zlib stream says level 1, and it decodes to the rendered card, pixel for pixel."""
    paths = write_images(deck[:1], tmp_path, dpi=60, cache=None)
    for path in paths:
        data = path.read_bytes()
        stream = _idat(data)
        assert stream[0] == 0x78 and stream[1] >> 6 == 0  # FLEVEL 0: the fastest levels
        zlib.decompress(stream)
        image = Image.open(io.BytesIO(data)).convert("RGB")
        again = io.BytesIO()
        image.save(again, format="PNG")  # Pillow's default level 6
        assert not ImageChops.difference(Image.open(again).convert("RGB"), image).getbbox()
    layout = load_layout()
    faces = cards.build.fit_spells(deck[:1], layout, cache=None)
    single = cards.build._single_cards(faces, 1, layout, cards.build.DEFAULT_TITLE)
    with images._document(single) as document:
        rendered = images._render(document[0], 60)
    front = Image.open(paths[0]).convert("RGB")
    assert not ImageChops.difference(front, rendered).getbbox()


def test_images_fit_each_spell_once(tmp_path, deck, monkeypatch):
    """write_images and write_tts_sheets fit every spell once, not once more for the PDF."""
    calls = []
    real = cards.build.fit

    def counting(spell, *args, **kwargs):
        calls.append(spell.name)
        return real(spell, *args, **kwargs)

    monkeypatch.setattr(cards.build, "fit", counting)
    write_images(deck, tmp_path / "a", dpi=30, cache=None)
    assert sorted(calls) == sorted(s.name for s in deck)
    calls.clear()
    write_tts_sheets(deck, tmp_path / "b", dpi=30, cache=None)
    assert sorted(calls) == sorted(s.name for s in deck)


def test_progress_moves_while_fitting_and_drawing(tmp_path, deck, monkeypatch):
    """progress is called once per spell fitted, and once per spell drawn, in that order."""
    events = []
    real = cards.build.fit

    def noting(spell, *args, **kwargs):
        events.append("fit")
        return real(spell, *args, **kwargs)

    monkeypatch.setattr(cards.build, "fit", noting)
    write_images(deck, tmp_path, dpi=30, cache=None, progress=lambda n: events.append(n))
    assert events == ["fit", 1] * len(deck) + [1] * len(deck)
    events.clear()
    write_images(deck, tmp_path, dpi=30, cache=FitCache(tmp_path / "c"), backs=False)
    events.clear()
    write_images(deck, tmp_path, dpi=30, cache=FitCache(tmp_path / "c"), progress=events.append)
    assert events == [1] * (2 * len(deck))  # from the cache: no fitting, still counted


def test_a_tts_sheet_too_large_is_refused_with_the_dpi_that_fits(tmp_path, deck):
    """--sheet tts at a dpi past TTS_MAX_SIDE pixels a side: a Czech message naming the dpi."""
    with pytest.raises(ImagesError) as error:
        write_tts_sheets(deck, tmp_path, dpi=600, cache=None)
    message = str(error.value)
    assert "14880 × 14553 px" in message and f"{TTS_MAX_SIDE} px" in message
    most = int(message.rsplit("nejvýš ", 1)[1].rstrip("."))
    assert list(tmp_path.iterdir()) == []
    layout = load_layout()
    assert round(layout.width * most / 72) * 10 <= TTS_MAX_SIDE
    assert round(layout.width * (most + 1) / 72) * 10 > TTS_MAX_SIDE or (
        round(layout.height * (most + 1) / 72) * 7 > TTS_MAX_SIDE
    )
    images.check_sheet_size(layout, most)  # the dpi it names is accepted


@pytest.mark.parametrize("size", [(1, 1), (37, 300), (300, 513)])
def test_png_bytes_keep_every_pixel_and_the_dpi(size):
    """Our PNG writer: any size (bands of rows), noisy pixels, read back equal, dpi as Pillow's."""
    import random

    rng = random.Random(size[0] * 1000 + size[1])
    image = Image.frombytes(
        "RGB", size, bytes(rng.randrange(256) for _ in range(3 * size[0] * size[1]))
    )
    data = images.png_bytes(image, 300)
    Image.open(io.BytesIO(data)).verify()
    back = Image.open(io.BytesIO(data))
    assert back.mode == "RGB" and back.size == size
    assert back.tobytes() == image.tobytes()
    pillow = io.BytesIO()
    image.save(pillow, format="PNG", dpi=(300, 300))
    assert back.info["dpi"] == Image.open(pillow).info["dpi"]
