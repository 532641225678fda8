"""reportlab as the painters set it (cards/paint/__init__.py): streams Flate-compressed only,
and the PDF's structure encoded as reportlab's PDFDocEncoding codec would, only faster."""

from __future__ import annotations

import pytest
from reportlab.pdfbase import pdfdoc

import cards.paint  # noqa: F401  (its fast path replaces pdfdoc.pdfdocEnc)

TEXTS = [chr(code) for code in range(256)] + [
    "/Type /Page",
    "1 0 obj\n",
    "Kartotéka",
    "0.12 12.5 Tf",
    "\x18",
    "a\x1fb",
    "€ – “”",
    "",
]


@pytest.mark.parametrize("text", TEXTS, ids=range(len(TEXTS)))
def test_every_character_encodes_as_the_codec_encodes_it(text):
    """Each text gives the bytes of the 'extpdfdoc' codec itself, or the same error."""
    try:
        expected = text.encode("extpdfdoc")
    except UnicodeEncodeError:
        with pytest.raises(UnicodeEncodeError):
            pdfdoc.pdfdocEnc(text)
    else:
        assert pdfdoc.pdfdocEnc(text) == expected
    assert pdfdoc.pdfdocEnc(b"bytes") == b"bytes"  # bytes pass as they are


def test_the_fast_path_is_in_place():
    """reportlab's formatting reads the module's pdfdocEnc: ours, with the codec behind it."""
    assert pdfdoc.pdfdocEnc.__module__ == "cards.paint"


def test_streams_are_flate_compressed_without_ascii85(tmp_path):
    """Every stream of a written PDF (pages, fonts) is Flate alone: no ASCII85 on top."""
    import re

    from cards.build import build_pdf
    from cards.source.library import read_compendium

    spells = read_compendium().spells[:3]
    data = build_pdf(spells, tmp_path / "deck.pdf", sheet="a4", cache=None).path.read_bytes()
    filters = re.findall(rb"/Filter\s*(\[[^\]]*\]|/\w+)", data)
    assert len(filters) > 5
    assert all(b"FlateDecode" in found and b"ASCII85" not in found for found in filters)
