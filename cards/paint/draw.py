"""Paint one placed card face onto a reportlab canvas: record its drawing once, play it anywhere."""

from __future__ import annotations

import functools
import io
from collections.abc import Sequence
from sys import intern
from weakref import WeakKeyDictionary

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from cards.face import Disc, DrawnFace, Face, Fill, Label, Outline, Rule, Shape, TextLine

# A face's finished content (see `face_drawings`): the PDF feature it asks the document for
# ("" for none), then operators, each a string, or a text object as a tuple of strings, font
# changes [font, "size Tf leading TL"] and runs [characters].
Drawing = tuple
TRANSPARENCY = "transparency"


@functools.lru_cache(maxsize=256)
def _colour(hex_colour: str) -> Color:
    return HexColor(hex_colour)


def draw_face(canvas: Canvas, face: Face, x: float, y: float, *, bleed: float = 0.0) -> None:
    """Draw a face (a card's front or back, a page) with its lower-left corner at (x, y).

    Its colour, if any, fills the face and reaches `bleed` beyond; then its content: the
    finished drawing a `DrawnFace` carries (from the cache), else its primitives, recorded
    here and played at once. Both give the same bytes.
    """
    canvas.saveState()
    canvas.translate(x, y)
    if face.colour is not None:
        canvas.setFillColor(_colour(face.colour))
        width, height = face.width + 2 * bleed, face.height + 2 * bleed
        canvas.rect(-bleed, -bleed, width, height, stroke=0, fill=1)
    drawing = face.drawing if isinstance(face, DrawnFace) else _record(canvas, face)[0]
    _play(canvas, drawing)
    canvas.restoreState()


def face_drawings(faces: Sequence[Face]) -> tuple[Drawing, ...] | None:
    """Return each face's finished content, as any RGB document would draw it; None if one
    of them uses a font whose operators depend on the document (not a TrueType font).

    A drawing holds the content's operators with the text kept as characters: only the
    subset codes and font names, which a document assigns as characters are first drawn, are
    filled in when it is played (`draw_face` of a `DrawnFace`), so it is played into any
    document in the same bytes as the face drawn there from its primitives.
    """
    canvas = Canvas(io.BytesIO())
    version = canvas._doc._pdfVersion
    drawings = []
    for face in faces:
        canvas._doc._pdfVersion = version  # what each face asks of a document, on its own
        drawing, portable = _record(canvas, face)
        if not portable:
            return None
        drawings.append(shared(drawing))
        canvas._code.clear()
    return tuple(drawings)


def shared(drawing: Drawing) -> Drawing:
    """Return a drawing whose strings are shared with every other drawing's (`sys.intern`).

    A deck's drawings repeat their operators (a frame, a colour, a line's origin: the
    compendium's 115,000 strings are 23,000 texts), and a build holds every drawing until
    the PDF is written: shared, they take 2.4 MB instead of 9.9.
    """
    ops: list = [drawing[0]]
    for op in drawing[1:]:
        if op.__class__ is str:
            ops.append(intern(op))
        else:
            ops.append(
                tuple(
                    intern(part) if part.__class__ is str else tuple(map(intern, part))
                    for part in op
                )
            )
    return tuple(ops)


def _record(canvas: Canvas, face: Face) -> tuple[Drawing, bool]:
    """Record the operators of a face's primitives on `canvas` (and take them off it again).

    Shapes first, then all text in one text object: no text lies under a shape. Returns
    the drawing and whether it is portable: false where the text uses a font that is not
    TrueType (its operators name this document's fonts), so it can be played only here.
    """
    code = canvas._code
    mark = len(code)
    version = canvas._doc._pdfVersion
    for item in face.items:
        if isinstance(item, Fill):
            canvas.setFillColor(_colour(item.colour))
            if item.radius > 0:
                canvas.roundRect(
                    item.x, item.y, item.width, item.height, item.radius, stroke=0, fill=1
                )
            else:
                canvas.rect(item.x, item.y, item.width, item.height, stroke=0, fill=1)
        elif isinstance(item, Rule):
            canvas.setStrokeColor(_colour(item.colour))
            canvas.setLineWidth(item.width)
            canvas.line(item.x1, item.y1, item.x2, item.y2)
        elif isinstance(item, Outline):
            canvas.setStrokeColor(_colour(item.colour))
            canvas.setLineWidth(item.line_width)
            if item.radius > 0:
                canvas.roundRect(item.x, item.y, item.width, item.height, item.radius, stroke=1)
            else:
                canvas.rect(item.x, item.y, item.width, item.height, stroke=1, fill=0)
        elif isinstance(item, Disc):
            if item.colour is not None:
                canvas.setFillColor(_colour(item.colour))
            if item.edge:
                canvas.setStrokeColor(_colour(item.edge))
                canvas.setLineWidth(item.line_width)
            stroke, fill = (1 if item.edge else 0), (0 if item.colour is None else 1)
            canvas.circle(item.x, item.y, item.radius, stroke=stroke, fill=fill)
        elif isinstance(item, Shape):
            _shape(canvas, item)
    text, portable = _text(canvas, face)
    shapes = tuple(code[mark:])
    del code[mark:]
    # Drawing colours asks the document for PDF 1.4 (reportlab's alpha): played, it asks again.
    asks = TRANSPARENCY if canvas._doc._pdfVersion != version else ""
    return (asks, *shapes, text), portable


def _play(canvas: Canvas, drawing: Drawing) -> None:
    """Append a drawing's operators to the canvas, its text encoded for this document."""
    doc = canvas._doc
    if drawing[0]:
        doc.ensureMinPdfVersion(drawing[0])
    code = canvas._code
    escape = canvas._escape
    for op in drawing[1:]:
        if op.__class__ is str:
            code.append(op)
            continue
        out = []
        codes = suffix = None
        current = -1
        for part in op:
            if part.__class__ is str:
                out.append(part)
            elif len(part) == 2:  # a font and its size: a new font starts a new subset
                codes = _codes(getFont(part[0]), doc)
                suffix = part[1]
                current = -1
            else:
                runs = []
                for subset, chars in codes.split(part[0], doc):
                    if subset != current:
                        name = codes.font.getSubsetInternalName(subset, doc)
                        runs.append(f"{name} {suffix}")
                        current = subset
                    runs.append(f"({escape(chars)}) Tj")
                out.append(" ".join(runs))
        code.append(" ".join(out))


def _shape(canvas: Canvas, shape: Shape) -> None:
    """Fill an icon's outline (non-zero rule) scaled to its square."""
    canvas.saveState()
    canvas.setFillColor(_colour(shape.colour))
    canvas.transform(shape.size, 0, 0, shape.size, shape.x, shape.y)
    canvas._code.append(_outline_code(shape.icon))
    canvas.restoreState()


@functools.lru_cache(maxsize=64)
def _outline_code(icon) -> str:
    """Return an icon's outline in its unit square as PDF path operators, filled non-zero.

    Written once per icon and placed with a transformation: a card draws two or three icons
    of some hundred points each.
    """
    points = iter(icon.points)
    code = []
    for op in icon.operators:
        if op == "h":
            code.append("h")
            continue
        count = 3 if op == "c" else 1
        numbers = [fp_str(v) for _ in range(count) for v in next(points)]
        code.append(" ".join(numbers) + " " + op)
    return " ".join(code) + " f"


class _Codes:
    """The characters a TrueType font has mapped to subset codes in one document."""

    def __init__(self, font) -> None:
        self.font = font
        self.known: set[str] = set()
        self.table: dict[int, int] = {}  # for str.translate: character -> code

    def split(self, text: str, doc) -> list[tuple[int, bytes]]:
        """Return ``font.splitString(text, doc)``, without its per-character loop when it can.

        reportlab gives each new character of a TrueType font the next free code of a
        subset, in the order characters are first drawn, and never changes a code
        afterwards. So text whose characters were all seen before needs no assignment:
        when its codes all lie in subset 0 it is mapped in one ``str.translate``. Anything
        else (a new character, another subset) goes through ``splitString`` itself, which
        assigns codes in the same order as ever: the PDF is byte for byte the same.
        """
        if text and self.known.issuperset(text):
            mapped = text.translate(self.table)
            if mapped.isascii() or max(mapped) < "\u0100":
                return [(0, mapped.encode("latin-1"))]
        result = self.font.splitString(text, doc)
        assignments = self.font.state[doc].assignments
        for char in set(text) - self.known:
            code = ord(char)
            # As splitString maps them: a no-break space as a space, a missing glyph to 0.
            self.table[code] = assignments.get(32 if code == 0xA0 else code, 0)
            self.known.add(char)
        return result


# Per document (held weakly, as reportlab holds its font states) and font name.
_CODES: WeakKeyDictionary = WeakKeyDictionary()


def _codes(font, doc) -> _Codes | None:
    """Return the character codes of a TrueType font in a document; None for other fonts."""
    if not font._dynamicFont:
        return None
    fonts = _CODES.get(doc)
    if fonts is None:
        fonts = _CODES[doc] = {}
    if font.fontName not in fonts:
        fonts[font.fontName] = _Codes(font)
    return fonts[font.fontName]


class _TextRecorder(PDFTextObject):
    """A text object that records runs as characters, to be encoded when played.

    Every run here sets its own origin, so no cursor is tracked (reportlab's textOut
    measures each run). A font change is kept as [font, "size Tf leading TL"]: playing
    it selects the font's subset anew, as reportlab's text object does; a run as [text].
    """

    def __init__(self, canvas: Canvas) -> None:
        super().__init__(canvas)
        self.portable = True

    def setFont(self, psfontname: str, size: float, leading: float | None = None) -> None:
        super().setFont(psfontname, size, leading)  # (writes Tf itself for other fonts)
        if getFont(psfontname)._dynamicFont:
            self._code.append((psfontname, f"{fp_str(size)} Tf {fp_str(self._leading)} TL"))
        else:
            self.portable = False  # its Tf names this document's font

    def textOut(self, text: str) -> None:
        if getFont(self._fontname)._dynamicFont:
            self._code.append((text,))
        else:
            self._code.append(self._formatText(text))


def _text(canvas: Canvas, face: Face) -> tuple[tuple, bool]:
    """Record the face's lines and labels as one text object, in reading order.

    Reading order keeps the text searchable and copyable in PDF viewers; colour, font,
    word spacing and scale are set only when they change. Also whether the text is
    portable: set in TrueType fonts only, whose operators name no font of the document.
    """
    text = _TextRecorder(canvas)
    colour = font = None
    space, horizontal = 0.0, 1.0
    for item in face.items:
        if isinstance(item, TextLine):
            size, word_space = item.size, item.line.word_space
            runs = [(run.font, item.x + run.x * item.scale, run.text) for run in item.line.runs]
            scale = item.scale * item.line.scale  # run.x already holds the line's expansion
        elif isinstance(item, Label):
            size, scale, word_space = item.size, 1.0, 0.0
            runs = [(item.font, item.x, item.text)]
        else:
            continue
        if item.colour != colour:
            text.setFillColor(_colour(item.colour))
            colour = item.colour
        if scale != horizontal:
            text.setHorizScale(scale * 100)
            horizontal = scale
        if word_space != space:
            text.setWordSpace(word_space)
            space = word_space
        for run_font, x, chars in runs:
            if (run_font, size) != font:
                text.setFont(run_font, size)
                font = (run_font, size)
            text.setTextOrigin(x, item.y)
            text.textOut(chars)
    return (*text._code, "ET"), text.portable
