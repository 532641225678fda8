"""What a painter needs: placed primitives and the card faces made of them.

Coordinates are points from the lower-left corner of the card (or page). Nothing here
measures text: a `Label`'s x is its left end, as the builder placed it.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING

from cards.frozen import frozen_record
from cards.icons import Icon

if TYPE_CHECKING:
    from cards.model import Spell
    from cards.typeset import Line


@frozen_record
class TextLine:
    """A typeset line with its baseline's left end at (x, y)."""

    line: Line
    x: float
    y: float
    size: float
    colour: str
    role: str = "body"  # "body", "table" (the description), "title", "stat", "material", "footer"
    scale: float = 1.0  # horizontal scale of the glyphs (a table too wide is condensed)

    def moved(self, dy: float) -> TextLine:
        return TextLine(
            self.line, self.x, self.y + dy, self.size, self.colour, self.role, self.scale
        )


@frozen_record
class Label:
    """A one-font string with the left end of its baseline at (x, y)."""

    text: str
    font: str
    size: float
    x: float
    y: float
    colour: str

    def moved(self, dy: float) -> Label:
        return Label(self.text, self.font, self.size, self.x, self.y + dy, self.colour)


@dataclass(frozen=True)
class Rule:
    """A straight line."""

    x1: float
    y1: float
    x2: float
    y2: float
    width: float
    colour: str

    def moved(self, dy: float) -> Rule:
        return Rule(self.x1, self.y1 + dy, self.x2, self.y2 + dy, self.width, self.colour)


@dataclass(frozen=True)
class Fill:
    """A filled rectangle, lower-left corner at (x, y), optionally with rounded corners."""

    x: float
    y: float
    width: float
    height: float
    colour: str
    radius: float = 0.0

    def moved(self, dy: float) -> Fill:
        return Fill(self.x, self.y + dy, self.width, self.height, self.colour, self.radius)


@dataclass(frozen=True)
class Outline:
    """A stroked rectangle, lower-left corner at (x, y), optionally with rounded corners."""

    x: float
    y: float
    width: float
    height: float
    line_width: float
    colour: str
    radius: float = 0.0

    def moved(self, dy: float) -> Outline:
        return Outline(
            self.x, self.y + dy, self.width, self.height, self.line_width, self.colour, self.radius
        )


@dataclass(frozen=True)
class Shape:
    """An icon outline filled in one colour, its unit square's lower-left corner at (x, y)."""

    icon: Icon
    x: float
    y: float
    size: float  # the side of the icon's square
    colour: str

    def moved(self, dy: float) -> Shape:
        return Shape(self.icon, self.x, self.y + dy, self.size, self.colour)


@dataclass(frozen=True)
class Disc:
    """A filled circle (the level's medallion), centred at (x, y), with an optional edge."""

    x: float
    y: float
    radius: float
    colour: str | None  # None: not filled (a ring)
    edge: str = ""  # a stroked edge in this colour, if any
    line_width: float = 0.0

    def moved(self, dy: float) -> Disc:
        return Disc(self.x, self.y + dy, self.radius, self.colour, self.edge, self.line_width)


Primitive = TextLine | Label | Rule | Fill | Outline | Disc | Shape


@dataclass(frozen=True)
class Face:
    """Anything the painter paints: a card back, an index page (colour None: plain paper)."""

    width: float
    height: float
    colour: str | None  # filled under everything, reaching into the bleed
    items: tuple[Primitive, ...]


@dataclass(frozen=True)
class CardFace:
    """One card of a spell, with everything placed: what `draw_face` paints.

    It carries no style: its back is made from the layout (`cards.backs`).
    """

    spell: Spell
    part: int  # 1-based
    parts: int
    body_size: float
    width: float
    height: float
    colour: str  # the school colour: frame, title band, bleed
    items: tuple[Primitive, ...]  # from the back: the paper panel first
    squeeze: float = 0.0  # the share of paragraph gaps and panel padding taken away (type.squeeze)
    run_in: bool = False  # set with the compact run-in stat grid (the layout's, or to save a card)


@dataclass(frozen=True)
class DrawnFace:
    """A card as the painter finished it: the card's facts and its drawn content, no primitives.

    What the fit cache gives a PDF build (`FitCache.get(..., drawn=True)`): the painter
    writes `drawing` again as it is (`cards.paint.draw.face_drawings` made it), so a warm
    build neither decodes the primitives nor draws them. Anything that measures or reads
    a card's items takes a `CardFace`.
    """

    spell: Spell
    part: int
    parts: int
    body_size: float
    width: float
    height: float
    colour: str
    drawing: tuple  # cards.paint.draw.Drawing
    squeeze: float = 0.0
    run_in: bool = False


def drawn_face(face: CardFace, drawing: tuple) -> DrawnFace:
    """Return a card as the painter finished it: the face's facts with its drawing."""
    return DrawnFace(drawing=drawing, **{name: getattr(face, name) for name in FACTS})


# A card's facts: what a DrawnFace keeps of a CardFace (all but its items), and what a cache
# entry writes of each face beside its primitives and drawing.
FACTS = tuple(f.name for f in fields(DrawnFace) if f.name != "drawing")
assert FACTS == tuple(f.name for f in fields(CardFace) if f.name != "items")


@dataclass(frozen=True)
class Area:
    """A rectangle of the card, lower-left corner at (x, y)."""

    x: float
    y: float
    width: float
    height: float

    @property
    def top(self) -> float:
        return self.y + self.height
