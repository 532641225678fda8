"""Set a spell onto card faces: furniture and description; shrink, then split.

Stages, one module each: `style` (CardStyle from the layout and the school), `furniture`
(title band, subtitle, badges, stat grid, footer, part label), `blocks` (description blocks ->
slabs, one walk for an outline and a full set), `paginate` (the one measure of used height,
card breaks, `fill_card`), `search` (the body-size search, `fit`), `room` (what each card
holds; the card breaks, per-card sizes and gaping checks the search chooses with). A face
is a list of placed primitives (`cards.face`) that `draw.draw_face` paints without measuring
anything again.
"""

from cards.fit.paginate import BLOCK, LINE, NEVER, Remainder, Slab, fill_card, used_height
from cards.fit.room import SIZE_STEP
from cards.fit.search import Fit, fit, fit_spell
from cards.fit.setter import FitError, SpellSetter

__all__ = [
    "BLOCK",
    "LINE",
    "NEVER",
    "SIZE_STEP",
    "Fit",
    "FitError",
    "Remainder",
    "Slab",
    "SpellSetter",
    "fill_card",
    "fit",
    "fit_spell",
    "used_height",
]
