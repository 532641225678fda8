"""Read a PDF's characters and painted paths back as pdfplumber does, in a fifth of its time.

pdfplumber runs pdfminer.six's interpreter and then copies every attribute of every object it
found into a dict (half its time on our cards: a compendium is some 800 000 characters), and
pdfminer's tokenizer takes most of the rest. This reader runs pdfminer's interpreter, with its
fonts, on a regular-expression tokenizer, so every position, size, font name and colour is
pdfplumber's, and keeps only the keys the tests read. Pages are read when first asked for and
fonts are shared between them. `tests/unit/test_pdfread.py` holds it to pdfplumber on a deck
with an index, backs and crop marks.
"""

from __future__ import annotations

import re
from functools import cached_property
from pathlib import Path
from typing import BinaryIO

import pdfplumber.utils
from pdfminer.converter import PDFLayoutAnalyzer
from pdfminer.layout import LTCurve, LTLine, LTRect
from pdfminer.pdfdocument import PDFDocument
from pdfminer.pdffont import PDFUnicodeNotDefined
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
from pdfminer.pdfpage import PDFPage
from pdfminer.pdfparser import PDFParser
from pdfminer.pdftypes import stream_value
from pdfminer.psparser import LIT
from pdfminer.utils import apply_matrix_rect

# The tokens of a content stream as reportlab writes them: numbers, names, literal strings
# (parentheses inside escaped), arrays and operators. Anything else (dictionaries, hex
# strings, inline images, names with # escapes) sends the stream to pdfminer's own parser.
_TOKEN = re.compile(
    rb"""\s+|%[^\r\n]*
    |(?P<number>[+-]?(?:\d+\.?\d*|\.\d+))(?=[\s\[\]()/<>%]|$)
    |/(?P<name>[^\s/\[\]()<>{}%#]*)(?=[\s\[\]()/<>{}%]|$)
    |\((?P<string>(?:[^()\\]|\\.)*)\)
    |(?P<open>\[)|(?P<close>\])
    |(?P<operator>[A-Za-z'"*][A-Za-z0-9'"*]*)(?=[\s\[\]()/<>%]|$)
    """,
    re.X | re.S,
)
_ESCAPE = re.compile(rb"\\([0-7]{1,3}|\r\n|.)", re.S)
_ESCAPED = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}


def _unescaped(match: re.Match) -> bytes:
    code = match.group(1)
    if code[:1].isdigit():
        return bytes((int(code, 8) & 0xFF,))
    if code in (b"\n", b"\r", b"\r\n"):
        return b""  # a backslash at a line's end continues the string
    return _ESCAPED.get(code, code)


class _Unfamiliar(Exception):
    """A content stream uses syntax the fast tokenizer leaves to pdfminer."""


def _operations(data: bytes):
    """Yield (operator, operands) of a content stream, with pdfminer's types for operands."""
    operands: list = []
    arrays: list[list] = []
    position, end = 0, len(data)
    match = _TOKEN.match
    while position < end:
        token = match(data, position)
        if token is None:
            raise _Unfamiliar(data[position : position + 20])
        position = token.end()
        kind = token.lastgroup
        if kind is None:  # white space or a comment
            continue
        if kind == "number":
            text = token.group("number")
            value = float(text) if b"." in text else int(text)
        elif kind == "name":
            raw = token.group("name")
            try:
                value = LIT(str(raw, "utf-8"))
            except UnicodeDecodeError:
                value = LIT(raw)
        elif kind == "string":
            value = token.group("string")
            if b"\\" in value:
                value = _ESCAPE.sub(_unescaped, value)
        elif kind == "open":
            arrays.append([])
            continue
        elif kind == "close":
            if not arrays:
                raise _Unfamiliar(b"]")
            value = arrays.pop()
        else:
            operator = token.group("operator")
            if arrays or operator in (b"BI", b"ID", b"true", b"false", b"null"):
                raise _Unfamiliar(operator)
            yield operator, operands
            operands = []
            continue
        (arrays[-1] if arrays else operands).append(value)


class _Interpreter(PDFPageInterpreter):
    """pdfminer's interpreter, fed by a regular-expression tokenizer (its parser is 2/3 of
    the time). Operators are carried out by pdfminer's own `do_*` methods, as its `execute`
    does: an operator takes the operands it needs, the rest are dropped with it."""

    def dup(self) -> _Interpreter:
        return self.__class__(self.rsrcmgr, self.device)

    def execute(self, streams) -> None:
        data = b"\n".join(stream_value(stream).get_data() for stream in streams)
        try:
            operations = list(_operations(data))
        except _Unfamiliar:
            return super().execute(streams)
        methods: dict[bytes, tuple] = {}
        for operator, operands in operations:
            found = methods.get(operator)
            if found is None:
                name = operator.decode("latin-1")
                name = name.replace("*", "_a").replace('"', "_w").replace("'", "_q")
                method = getattr(self, f"do_{name}", None)
                count = method.__code__.co_argcount - 1 if method else 0
                found = methods[operator] = (method, count)
            method, count = found
            if method is None:
                continue
            if count:
                if len(operands) >= count:
                    method(*operands[len(operands) - count :])
            else:
                method()


def _colour(value) -> tuple:
    """A colour as pdfplumber gives it: its components as a tuple (a gray level alone too)."""
    return value if isinstance(value, tuple) else (value,)


class _Recorder(PDFLayoutAnalyzer):
    """pdfminer's layout device keeping characters as small dicts (its paths as it makes them)."""

    def __init__(self, resources: PDFResourceManager) -> None:
        super().__init__(resources, pageno=1, laparams=None)
        self.chars: list[dict] = []
        self.height = 0.0
        self.layout = None

    def begin_page(self, page, ctm) -> None:
        super().begin_page(page, ctm)
        self.chars = []
        self.height = page.mediabox[3] - page.mediabox[1]

    def render_char(self, matrix, font, fontsize, scaling, rise, cid, ncs, graphicstate):
        """Record one character as pdfminer's LTChar places it; return its advance."""
        try:
            text = font.to_unichr(cid)
        except PDFUnicodeNotDefined:
            text = f"(cid:{cid})"
        advance = font.char_width(cid) * fontsize * scaling
        descent = font.get_descent() * fontsize
        box = (0, descent + rise, advance, descent + rise + fontsize)
        a, b, c, d, _, _ = matrix
        if b == 0 and c == 0:  # upright or mirrored, not rotated: the common case, exactly
            x0, x1 = sorted((a * box[0] + matrix[4], a * box[2] + matrix[4]))
            y0, y1 = sorted((d * box[1] + matrix[5], d * box[3] + matrix[5]))
        else:
            x0, y0, x1, y1 = apply_matrix_rect(matrix, box)
        top = self.height - y1
        self.chars.append(
            {
                "text": text,
                "fontname": font.fontname,
                "size": x1 - x0 if font.is_vertical() else y1 - y0,
                "x0": x0,
                "x1": x1,
                "y0": y0,
                "y1": y1,
                "top": top,
                "bottom": self.height - y0,
                "doctop": top,  # one page at a time: the page's own top
                "upright": a * d * scaling > 0 and b * c <= 0,
                "matrix": matrix,
                "non_stroking_color": _colour(graphicstate.ncolor),
                "stroking_color": _colour(graphicstate.scolor),
            }
        )
        return advance

    def receive_layout(self, ltpage) -> None:
        self.layout = ltpage


class _Text:
    """Text of `chars` as pdfplumber's page methods give it (pdfplumber's own functions)."""

    chars: list[dict]
    bbox: tuple[float, float, float, float]

    def _textmap(self, **options):
        box = self.bbox
        layout = {"layout_bbox": box, "layout_width": box[2] - box[0]}
        layout["layout_height"] = box[3] - box[1]
        return pdfplumber.utils.chars_to_textmap(self.chars, **{**layout, **options})

    def extract_text(self, **options) -> str:
        return self._textmap(**options).as_string

    def extract_words(self, **options) -> list[dict]:
        return pdfplumber.utils.extract_words(self.chars, **options)

    def extract_text_lines(self, strip: bool = True, return_chars: bool = True) -> list[dict]:
        return self._textmap().extract_text_lines(strip=strip, return_chars=return_chars)


class Cropped(_Text):
    """The characters of a page that reach into a box, as pdfplumber's `Page.crop` keeps them."""

    def __init__(self, page: Page, box: tuple[float, float, float, float]) -> None:
        self.chars = pdfplumber.utils.crop_to_bbox(page.chars, box)
        self.bbox = box


class Page(_Text):
    """One page: its size, characters (`chars`) and painted `rects`, `lines` and `curves`."""

    def __init__(self, pdf: Pdf, page: PDFPage) -> None:
        self._pdf = pdf
        self.page_obj = page  # pdfminer's page, as pdfplumber names it (its attrs: TrimBox, ...)
        self.mediabox = page.mediabox
        x0, y0, x1, y1 = page.mediabox
        self.width = x1 - x0
        self.height = y1 - y0
        self.bbox = (0, 0, self.width, self.height)

    @cached_property
    def _objects(self) -> tuple[list[dict], list[dict], list[dict], list[dict]]:
        recorder = self._pdf._recorder
        self._pdf._interpreter.process_page(self.page_obj)
        rects, lines, curves = [], [], []
        for item in recorder.layout:
            if isinstance(item, LTCurve):
                if isinstance(item, LTRect):
                    rects.append(self._path(item))
                elif isinstance(item, LTLine):
                    lines.append(self._path(item))
                else:
                    curves.append(self._path(item))
        return recorder.chars, rects, lines, curves

    def _path(self, item: LTCurve) -> dict:
        return {
            "x0": item.x0,
            "x1": item.x1,
            "y0": item.y0,
            "y1": item.y1,
            "top": self.height - item.y1,
            "bottom": self.height - item.y0,
            "width": item.width,
            "height": item.height,
            "fill": item.fill,
            "stroke": item.stroke,
            "linewidth": item.linewidth,
            "non_stroking_color": item.non_stroking_color,
            "stroking_color": item.stroking_color,
            "pts": [(x, self.height - y) for x, y in item.pts],
            "dash": item.dashing_style,
        }

    def flush_cache(self) -> None:
        """Forget what was read of this page (a compendium's pages do not all fit in memory)."""
        self.__dict__.pop("_objects", None)

    @property
    def chars(self) -> list[dict]:
        return self._objects[0]

    @property
    def rects(self) -> list[dict]:
        return self._objects[1]

    @property
    def lines(self) -> list[dict]:
        return self._objects[2]

    @property
    def curves(self) -> list[dict]:
        return self._objects[3]

    def crop(self, box: tuple[float, float, float, float]) -> Cropped:
        """The characters reaching into box (x0, top, x1, bottom), to read their text."""
        return Cropped(self, box)


class Pdf:
    """An open PDF: `pages`, each read when first asked for. Use as a context manager."""

    def __init__(self, path: str | Path | BinaryIO) -> None:
        if hasattr(path, "read"):
            self._file = path
        else:
            self._file = open(path, "rb")  # noqa: SIM115 - closed by close() / __exit__
        self.stream = self._file  # as pdfplumber names it
        document = PDFDocument(PDFParser(self._file))
        resources = PDFResourceManager(caching=True)
        self._recorder = _Recorder(resources)
        self._interpreter = _Interpreter(resources, self._recorder)
        self.pages = [Page(self, page) for page in PDFPage.create_pages(document)]

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> Pdf:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def open_pdf(path: str | Path | BinaryIO) -> Pdf:
    """Open a PDF (a path or a binary file) to read its pages back, as `pdfplumber.open`."""
    return Pdf(path)
