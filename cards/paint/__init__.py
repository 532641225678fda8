"""Painters: finished faces onto a canvas (PDF pages, PNG images, previews).

A painter measures nothing and sets no type: it draws what `cards.fit` placed. So no module
of this package imports `cards.fit` or `cards.typeset` (tests/unit/test_import_graph.py checks
every module here, a new one included).
"""

import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc

_FLATE_ONLY = threading.Lock()


@contextmanager
def flate_only() -> Iterator[None]:
    """Write a canvas's streams Flate-compressed only, while inside (around getpdfdata/save).

    ASCII85 on top (reportlab's default) made the PDF a fifth larger and cost time to write
    and read; PDF has needed no 7-bit streams for decades. reportlab reads the setting when it
    formats a page, as a global: it is changed for our painters' formatting only (others in
    the process, such as reportlab's inline images, need it on), one painter at a time.
    """
    with _FLATE_ONLY:
        was = rl_config.useA85
        rl_config.useA85 = 0
        try:
            yield
        finally:
            rl_config.useA85 = was


# PDFDocEncoding is ASCII's own bytes for every ASCII character but 24-31 (which it lacks).
_NOT_PDFDOC = re.compile(rb"[\x18-\x1f]")
_PDFDOC_ENCODE = pdfdoc.pdfdocEnc


def _pdfdoc_bytes(value):
    """reportlab's pdfdocEnc, with ASCII text encoded as ASCII: the same bytes, faster.

    reportlab passes every name, number and piece of a PDF's structure (2 MB for the
    compendium) through its own 'extpdfdoc' codec, a character map read one character at a
    time: some 10 % of a warm build. Text that is not ASCII (or holds 24-31) goes the old
    way, errors included.
    """
    if type(value) is str and value.isascii():
        encoded = value.encode("ascii")
        if _NOT_PDFDOC.search(encoded) is None:
            return encoded
    return _PDFDOC_ENCODE(value)


pdfdoc.pdfdocEnc = _pdfdoc_bytes  # read as a global by reportlab's pdfdoc.format and objects
