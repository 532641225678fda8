"""The print switches: what goes on which side of a deck, in no unit (a light module).

The one declaration of them: the imposition's `cards.impose.PrintOptions` (lengths in points)
and the request's `cards.service.PrintSettings` (names, lengths in millimetres) are both
PrintSwitches. It imports nothing heavy, so that the command line's start stays quick.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

DUPLEX_MODES = ("long", "short")  # the edge a duplex printer flips the sheet on


@dataclass(frozen=True)
class PrintSwitches:
    """Backs, the duplex flip edge, fold, and text on the backs (frozen, hashable).

    `continue_on_back` prints part 2 of a spell on the back of part 1's card, part 4 on the
    back of part 3's (and implies backs). The imposition checks `duplex` (PrintOptions).
    """

    backs: bool = False
    duplex: str = "long"
    fold: bool = False
    continue_on_back: bool = False

    @property
    def with_backs(self) -> bool:
        """Whether pages of backs are printed: asked for, or implied by text on the backs."""
        return self.backs or self.continue_on_back

    def switches(self) -> dict[str, object]:
        """Return the switches by name, to make another kind of PrintSwitches of them."""
        return {item.name: getattr(self, item.name) for item in fields(PrintSwitches)}
