"""The fit cache's entries (cards/cache_entry.py): a fit and its faces back as they were, the
finished card content drawn once and written again as it is, every drawing checked."""

from __future__ import annotations

import io
import sqlite3
import zlib

import pytest
from pypdf import PdfReader

from cards.build import build_pdf, fit_all
from cards.cache import FitCache, decode_drawn, decode_fit, encode_fit, fit_key, layout_key
from cards.face import CardFace, DrawnFace
from cards.inks import layout_inks
from cards.layout import load_layout
from cards.source.library import read_compendium

NAMES = ("Ohnivá koule", "Zmrtvýchvstání", "Přání", "Mlžný krok", "Kouzelnický mechanismus")


@pytest.fixture(scope="module")
def deck():
    spells = read_compendium().spells
    return [s for s in spells if s.name in NAMES] + list(spells[::60])


@pytest.fixture(scope="module")
def layout():
    return load_layout("poker")


def test_a_pdf_build_keeps_each_face_drawn_and_the_next_build_only_plays_it(tmp_path, deck, layout):
    """After one PDF build, every face comes back from the cache as its drawing (no
    primitives read, nothing fitted), and the warm PDF equals the one drawn from primitives."""
    cache = FitCache(tmp_path / "cache")
    cold = build_pdf(deck, tmp_path / "cold.pdf", layout=layout, sheet="none", cache=cache)
    fits = fit_all(deck, layout, cache=cache, drawn=True)
    assert all(type(face) is DrawnFace for fit in fits for face in fit.faces)
    assert cache.stats.hits == len(deck)
    warm = build_pdf(deck, tmp_path / "warm.pdf", layout=layout, sheet="none", cache=cache)
    plain = build_pdf(deck, tmp_path / "plain.pdf", layout=layout, sheet="none", cache=None)
    assert cold.path.read_bytes() == warm.path.read_bytes() == plain.path.read_bytes()
    # Faces for anything but a painter (previews, images, counts) are still primitives.
    assert all(
        type(face) is CardFace for fit in fit_all(deck, layout, cache=cache) for face in fit.faces
    )


def test_a_print_shop_build_draws_its_inks_anew_from_a_cache_of_rgb_drawings(
    tmp_path, deck, layout
):
    """The drawings are RGB: a build in a print shop's CMYK inks does not play them."""
    cache = FitCache(tmp_path / "cache")
    build_pdf(deck[:3], tmp_path / "rgb.pdf", layout=layout, sheet="none", cache=cache)
    inks = layout_inks(layout).colour_space()
    cmyk = build_pdf(
        deck[:3], tmp_path / "cmyk.pdf", layout=layout, sheet="none", cache=cache, inks=inks
    )
    fresh = build_pdf(
        deck[:3], tmp_path / "fresh.pdf", layout=layout, sheet="none", cache=None, inks=inks
    )
    assert cmyk.path.read_bytes() == fresh.path.read_bytes()
    content = PdfReader(io.BytesIO(cmyk.path.read_bytes())).pages[0].get_contents().get_data()
    assert b" k" in content and b" rg" not in content


def _entry(tmp_path, deck, layout) -> bytes:
    cache = FitCache(tmp_path / "cache")
    build_pdf(deck[:1], tmp_path / "one.pdf", layout=layout, sheet="none", cache=cache)
    key = fit_key(deck[0], layout_key(layout), continue_on_back=False)
    with sqlite3.connect(cache.path) as connection:  # the store's own file, as it is on disk
        (data,) = connection.execute("SELECT data FROM fits WHERE key = ?", (key,)).fetchone()
    return data


# An entry (cards/cache_entry.py): a JSON head, the primitives and the drawings, apart by NUL.
# A drawing's text: parts apart by RS; a text object GS, its parts apart by US; a font
# change SOH font STX "size Tf leading TL"; a run ETX text.
def test_decoded_fit_equals_the_fit(deck, layout):
    """An entry gives back faces equal to the fitted ones, squeezed styles included."""
    fits = fit_all(deck, layout, cache=None)
    squeezed = [f for f in fits if f.faces[0].squeeze]
    assert squeezed, "the deck should hold a squeezed spell"
    for spell, fit in zip(deck, fits, strict=True):
        assert decode_fit(encode_fit(fit, layout), spell, layout) == fit


NUL, RS, GS, US, SOH, STX, ETX = "\x00", "\x1e", "\x1d", "\x1f", "\x01", "\x02", "\x03"


def _with_drawing(data: bytes, drawing: str | None) -> bytes:
    """The entry with its (one face's) drawing replaced, or without drawings (None)."""
    head, items, _ = zlib.decompress(data).decode().split(NUL)
    return zlib.compress(NUL.join([head, items, drawing or ""]).encode())


def test_a_drawing_read_back_is_checked_part_by_part(tmp_path, deck, layout):
    """A drawing whose form is wrong (a run before any font, a font the layout lacks, a
    size without its font) is not a cache entry; a good one reads back."""
    data = _entry(tmp_path, deck, layout)
    fit = decode_drawn(data, deck[0], layout)
    assert fit is not None and len(fit.faces) == 1 and type(fit.faces[0]) is DrawnFace
    good = zlib.decompress(data).decode().split(NUL)[2]
    asks = good.split(RS)[0]
    font = layout.fonts["body"]
    text = GS + US.join(["BT", f"{SOH}{font}{STX}7 Tf 8.4 TL", f"{ETX}Světlo", "ET"])
    assert decode_drawn(_with_drawing(data, RS.join([asks, "q", text])), deck[0], layout)
    bad = [
        RS.join([asks, GS + US.join(["BT", f"{ETX}Světlo", "ET"])]),  # a run before any font
        RS.join([asks, text.replace(font, "Helvetica")]),  # not the layout's font
        RS.join([asks, text.replace(STX, "")]),  # a font without its size
        RS.join([asks, GS + US.join(["BT", f"{STX}7 Tf", "ET"])]),  # a size without a font
        RS.join(["version 9", "q"]),  # asks the document for something unknown
        RS.join([asks, "q"]) + "\x1c" + RS.join([asks, "q"]),  # two drawings for one face
    ]
    for drawing in bad:
        with pytest.raises(ValueError):
            decode_drawn(_with_drawing(data, drawing), deck[0], layout)
    # An entry written without drawings (by a count, a preview) reads as no drawings.
    assert decode_drawn(_with_drawing(data, None), deck[0], layout) is None


def _strings(faces) -> list[str]:
    found = []
    for face in faces:
        for op in face.drawing[1:]:
            parts = (
                [op]
                if isinstance(op, str)
                else [p for part in op for p in ([part] if isinstance(part, str) else part)]
            )
            found.extend(parts)
    return found


def test_the_drawings_of_a_deck_share_their_strings(tmp_path, deck, layout):
    """A build holds every drawing until its PDF is written: the same operator in two
    drawings (a frame, a colour, a line's origin) is one string, drawn anew or read back."""
    cache = FitCache(tmp_path / "cache")
    for source in (None, cache, cache):  # drawn without a cache, drawn into it, read back
        faces = [
            face for fit in fit_all(deck, layout, cache=source, drawn=True) for face in fit.faces
        ]
        strings = _strings(faces)
        by_text = {}
        for text in strings:
            by_text.setdefault(text, set()).add(id(text))
        assert len(strings) > 2 * len(by_text)  # a deck repeats its operators
        assert all(len(ids) == 1 for ids in by_text.values())
