"""CardStyle: the frozen values the fitter reads, derived once from a layout and a school."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from cards.colour import mix
from cards.icons import Icon
from cards.layout import ICON_MARKS, BackSpacing, Colours, Layout, Spacing, TypeSizes
from cards.typeset import metrics

BASELINE = 0.8  # baseline below the top of a line slot, in ems
ASCENT = 0.92  # top of accented capitals above the baseline, in ems


@dataclass(frozen=True)
class CardStyle:
    """What a spell's card looks like: fonts, sizes, colours, spacing, the text column, and
    the measures of its back.

    Immutable and hashable: two styles are equal when every value is.
    """

    layout_path: str
    card_width: float
    card_height: float
    safe_margin: float
    frame: float  # the school-coloured frame's width
    panel_radius: float  # corners of the paper panel inside it
    fonts: Mapping[str, str]
    sizes: TypeSizes
    colours: Colours
    spacing: Spacing
    colour: str  # the school colour: frame, title band, rules, icons
    tint: str  # a light tint of it: grid, table header, panels
    left: float  # the text column's left edge
    width: float  # and its width
    icon: Icon | None = None  # the school's icon
    marks: Mapping[str, Icon] = field(default_factory=dict)  # "rituál", "soustředění"
    outline: bool = False  # the school colour as thin lines only, on a paper-white card
    line: float = 0.6  # the width of those lines
    run_in: bool = False  # stat labels run in before their values (a compact grid)
    backs: BackSpacing = BackSpacing()  # the measures of the card's back ([backs])
    ink: str = ""  # the school's text on the paper and tint (labels, headings, the disc's level)
    title_ink: str = "#ffffff"  # text and icons on the school colour (the title band)

    @property
    def fill(self) -> str:
        """Return the colour under the whole card (and its bleed): school colour or paper."""
        return self.colours.background if self.outline else self.colour

    @property
    def accent(self) -> str:
        """Return the colour of the furniture's small school-coloured text (labels, books).

        Dark text in an outline design, where the school colour is for lines and icons.
        """
        return self.colours.text if self.outline else self.ink

    @property
    def on_band(self) -> str:
        """Return the colour of the title band's text and icons: the school's title colour
        on a solid band (white, dark on a light school), the school colour in an outline."""
        return self.colour if self.outline else self.title_ink

    def __hash__(self) -> int:
        return hash((self.layout_path, self.card_width, self.card_height, self.colour))

    @property
    def descent(self) -> float:
        """Return the body font's descent in ems, as PDF readers compute line boxes."""
        return descent(self.fonts["body"])

    def below(self, upper: float, lower: float, gap: float = 0.0) -> float:
        """Return the baseline distance at which lines of two sizes do not overlap."""
        d = self.descent
        return d * upper + (1 - d) * lower + gap


def card_style(layout: Layout, school: str) -> CardStyle:
    """Derive the style of a card of a school from its layout."""
    colour = layout.school_colour(school)
    return CardStyle(
        layout_path=layout.path,
        card_width=layout.width,
        card_height=layout.height,
        safe_margin=layout.safe_margin,
        frame=layout.frame,
        panel_radius=layout.panel_radius,
        fonts=layout.fonts,
        sizes=layout.sizes,
        colours=layout.colours,
        spacing=layout.spacing,
        colour=colour,
        tint=mix(colour, layout.colours.background, layout.colours.tint),
        left=layout.safe_margin,
        width=layout.width - 2 * layout.safe_margin,
        icon=layout.icons.get(school),
        marks={key: layout.icons[key] for key in ICON_MARKS if key in layout.icons},
        outline=layout.outline,
        line=layout.design.line,
        run_in=layout.design.grid == "run-in",
        backs=layout.backs,
        ink=layout.school_ink(school),
        title_ink=layout.colours.title if layout.outline else layout.school_title(school),
    )


def descent(font: str) -> float:
    """Return a font's descent in ems as PDF readers compute line boxes."""
    return metrics.descent(font)
