"""Spell records: what the compendium parser produces and every later stage reads.

Frozen dataclasses rather than dicts or tuples, so that a record is hashable, cannot be
changed by a later stage behind the parser's back, and names its fields.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

T = TypeVar("T")

SCHOOLS = (
    "Zaklínání",
    "Transmutace",
    "Vyvolávání",
    "Vymítání",
    "Očarování",
    "Nekromancie",
    "Věštění",
    "Iluze",
)
CLASSES = (
    "Kouzelník",
    "Čaroděj",
    "Druid",
    "Bard",
    "Černokněžník",
    "Klerik",
    "Hraničář",
    "Paladin",
)
SOURCES = (
    "Příručka hráče",
    "Jeskyně a draci",
    "Xanatharův průvodce vším",
    "Dobrodruhův průvodce mečovým prostředím",
)
# Short forms for card footers and the command line.
SOURCE_ABBREVIATIONS = {
    "Příručka hráče": "PHB",
    "Jeskyně a draci": "JaD",
    "Xanatharův průvodce vším": "XGE",
    "Dobrodruhův průvodce mečovým prostředím": "SCAG",
}


@dataclass(frozen=True)
class Origin:
    """Where a record was read: the file and its 1-based line number."""

    file: str
    line: int


@dataclass(frozen=True)
class Components:
    """Spell components: V (verbální), P (pohybová), S (surovinová) with its material text."""

    verbal: bool
    somatic: bool
    material: bool
    material_text: str = ""  # without the parentheses; "" when none is given


class BlockVisitor(Generic[T]):
    """Do one thing per kind of description block: `block.accept(visitor)` calls the method
    named after the block's kind, so a new kind of block is added in one place.

    Subclasses override the four methods; one left out raises NotImplementedError when a block
    of its kind turns up.
    """

    def paragraph(self, block: Paragraph) -> T:
        raise NotImplementedError(f"{type(self).__name__} has no paragraph()")

    def heading(self, block: Heading) -> T:
        raise NotImplementedError(f"{type(self).__name__} has no heading()")

    def bullets(self, block: BulletList) -> T:
        raise NotImplementedError(f"{type(self).__name__} has no bullets()")

    def table(self, block: Table) -> T:
        raise NotImplementedError(f"{type(self).__name__} has no table()")


@dataclass(frozen=True)
class Paragraph:
    """A paragraph of running text, optionally opened by a run-in heading set in bold.

    `heading + " " + text` (or `text` alone when there is no heading) is the line as written.
    kind is "text"; "higher_levels" for casting with a higher slot ("Na vyšších úrovních. …",
    heading "Na vyšších úrovních.", or "Pokud sešleš toto kouzlo s použitím pozice 2. …" with no
    heading); "scaling" for a cantrip's 5./11./17. level increase. Both are set as a panel, and
    every panel has its kind's heading (`PANEL_HEADINGS`): one written without it gets it here,
    marked `implied`, which the text and JSON formats do not write (they keep the source's
    words; the card prints the heading).
    """

    text: str
    heading: str = ""
    kind: str = "text"
    line: int = 0
    implied: bool = False  # the heading is the kind's, not written in the source

    def __post_init__(self) -> None:
        if not self.heading and self.kind in PANEL_HEADINGS:
            object.__setattr__(self, "heading", PANEL_HEADINGS[self.kind])
            object.__setattr__(self, "implied", True)

    @property
    def written_heading(self) -> str:
        """Return the heading as the source wrote it ("" for one implied by the kind)."""
        return "" if self.implied else self.heading

    def accept(self, visitor: BlockVisitor[T]) -> T:
        """Call the visitor's paragraph() with this block."""
        return visitor.paragraph(self)


@dataclass(frozen=True)
class Heading:
    """A line standing alone as a sub-heading inside a description ("Akce", "JaD popis:")."""

    text: str
    line: int = 0

    def accept(self, visitor: BlockVisitor[T]) -> T:
        """Call the visitor's heading() with this block."""
        return visitor.heading(self)


@dataclass(frozen=True)
class BulletList:
    """Consecutive "  • " lines; each item without its bullet."""

    items: tuple[str, ...]
    line: int = 0

    def accept(self, visitor: BlockVisitor[T]) -> T:
        """Call the visitor's bullets() with this block."""
        return visitor.bullets(self)


@dataclass(frozen=True)
class Table:
    """A pipe table: header cells, then rows of cells (the "| --- |" rule is not kept)."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    line: int = 0

    def accept(self, visitor: BlockVisitor[T]) -> T:
        """Call the visitor's table() with this block."""
        return visitor.table(self)


Block = Paragraph | Heading | BulletList | Table
CONCENTRATION = "(soustředění)"  # in a duration: the spell needs concentration
PANELS = ("higher_levels", "scaling")  # paragraph kinds set on a tinted panel
# Each panel's heading, the same for the same kind ("Na vyšších úrovních." as the Příručka
# hráče writes it; a cantrip's increase with the character's level is "Vylepšení triku.", the
# rules' "cantrip upgrade": by the character's level, not a higher slot).
PANEL_HEADINGS = {"higher_levels": "Na vyšších úrovních.", "scaling": "Vylepšení triku."}
# Headings of a stat block's sections: each paragraph in them opens with the action's name.
ACTION_HEADINGS = ("Akce", "Reakce", "Reakce:", "Akce:", "Bonusové akce", "Legendární akce")


def is_panel(block: Block) -> bool:
    """Tell whether a block is set as a panel (higher levels or cantrip scaling)."""
    return isinstance(block, Paragraph) and block.kind in PANELS


def card_order(blocks: Sequence[Block]) -> tuple[Block, ...]:
    """Return a description's blocks in the order a card sets them: the panels last.

    `Spell.blocks` keeps the order of the source, so that the file is rebuilt line for line;
    a card moves each panel after the blocks that follow it (a table the text points to), up
    to the next labelled variant ("JaD popis:"), which begins a description of its own.
    The fitter sets this order and the read-back tests expect it.
    """
    out: list[Block] = []
    panels: list[Block] = []
    for block in blocks:
        if isinstance(block, Heading) and block.text.endswith("popis:"):
            out += panels
            panels = []
        (panels if is_panel(block) else out).append(block)
    return tuple(out + panels)


@dataclass(frozen=True)
class Spell:
    """One spell of the compendium."""

    name: str
    name_en: str  # "" for spells found only in Jeskyně a draci
    sources: tuple[str, ...]
    school: str
    level: int  # 0 is a cantrip ("trik")
    ritual: bool
    casting_time: str
    range: str
    components: Components
    duration: str  # as written, including "(soustředění)"
    concentration: bool
    classes: tuple[str, ...]
    blocks: tuple[Block, ...]  # in source order; `card_order` gives the order on the cards
    origin: Origin = field(compare=False)

    @property
    def description_missing(self) -> bool:
        """Tell whether the source lost the description: a stat block ("Akce" …) comes first.

        Drobný služebník is printed with its stat block only; lint warns about it, and a card
        may say that the description is missing from the source.
        """
        for block in self.blocks:
            if isinstance(block, Paragraph) and block.kind == "text":
                return False
            if isinstance(block, Heading) and block.text in ACTION_HEADINGS:
                return True
        return False

    @property
    def label(self) -> str:
        """Name with its first source, which tells apart the twelve names found twice."""
        return f"{self.name} ({self.sources[0]})"

    @property
    def level_line(self) -> str:
        """School and level as a Czech card shows them: "Zaklínání 3. úrovně", "Věštění, trik"."""
        if self.level == 0:
            return f"{self.school}, trik"
        return f"{self.school} {self.level}. úrovně"
