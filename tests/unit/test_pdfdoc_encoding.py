"""The PDF's structure is encoded as reportlab's PDFDocEncoding codec would, only faster."""

from __future__ import annotations

import pytest
from reportlab.pdfbase import pdfdoc

import cards.paint.pdf  # noqa: F401  (its fast path replaces pdfdoc.pdfdocEnc)

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
    assert pdfdoc.pdfdocEnc.__module__ == "cards.paint.pdf"
