"""Description blocks -> slabs, in one walk for an outline (heights only) and a full set.

The walk is the same for both: an outline asks the breaker only where lines end and builds
no line items for paragraphs and lists (cheap for trying a size); a full set builds them.
Heights, spaces, break permissions and repeated table headers are the same either way.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Sequence

from cards.face import Label, Primitive, TextLine
from cards.fit.furniture import ragged
from cards.fit.paginate import BLOCK, LINE, NEVER, SENTENCE, SHORT, Panel, Slab
from cards.fit.style import BASELINE, CardStyle
from cards.fit.tables import TableSetter
from cards.messages import say
from cards.model import (
    ACTION_HEADINGS,
    Block,
    BlockVisitor,
    BulletList,
    Heading,
    Paragraph,
    Table,
    card_order,
    is_panel,
)
from cards.typeset import (
    Line,
    ParagraphSetting,
    Prepared,
    TypesetContext,
    fewest_lines,
    line_spans,
    set_lines,
)
from cards.typeset.breaking import Span

HEADING_CONTINUED = "(pokr.)"  # after a run-in heading repeated where its paragraph goes on
REPEATED = "opakovaný nadpis"  # the `what` of its slab
# Above the lines of a card that begins inside a sentence: the card reads alone.
SENTENCE_CONTINUED = "(pokračování)"
CUE = "návěští pokračování"  # the `what` of its slab
AIR_AFTER_TABLE = 0.4  # lines more above a heading that follows a table
TAIL_WORDS = 6  # fewer words of a sentence carried onto the next card read as a stray
CLOSING = "\"'“”‘’»›)]"
# Words ending in "." that end no sentence: an ordinal ("3."), an initial, an abbreviation.
NOT_AN_END = re.compile(r"^(\d+\.|\w\.|např\.|tzv\.|tj\.|tzn\.|resp\.|popř\.|mj\.|č\.)$")


def continued_heading(heading: str) -> str:
    """Return a run-in heading as it is repeated on the card its paragraph goes on to:
    "3. Žlutá." -> "3. Žlutá (pokr.)" (its closing full stop or colon dropped)."""
    return f"{heading.rstrip().rstrip('.:')} {HEADING_CONTINUED}"


def sentence_end(word: str) -> bool:
    """Whether a word ends a sentence: ".", "!", "?", ":" or "…", then closing marks."""
    bare = word.rstrip(CLOSING)
    return bool(bare) and bare[-1] in ".!?:…" and not NOT_AN_END.match(bare)


def ranks(prepared: Prepared, spans: Sequence[Span]) -> list[int]:
    """Return where a card may end before each line of a paragraph, and how well.

    `permission`'s rules first (NEVER); then after a sentence's end SENTENCE; inside a
    sentence LINE, but SHORT when less than a full line or TAIL_WORDS words of it would
    go on to the next card, or the break falls inside a number's phrase ("o 2 sáhy").
    """
    words = prepared.words
    splits = [span.split_word for span in spans]
    out = []
    for n, span in enumerate(spans):
        rank = permission(splits, n)
        if rank == LINE:
            before, after = words[spans[n - 1].last], words[span.first]
            if sentence_end(before):
                rank = SENTENCE
            else:
                end = _sentence_ends(words)[span.first]
                numeric = any(map(str.isdigit, before + after))
                if end < span.last or end - span.first + 1 < TAIL_WORDS or numeric:
                    rank = SHORT
        out.append(rank)
    return out


@functools.lru_cache(maxsize=1024)
def _sentence_ends(words: tuple[str, ...]) -> tuple[int, ...]:
    """Return for each word the index of the first sentence end from it on (else the last
    word's): `ranks` asks it of every line at every size tried, so it is worked out once
    per paragraph's words."""
    out = [len(words) - 1] * len(words)
    following = len(words) - 1
    for i in range(len(words) - 1, -1, -1):
        if sentence_end(words[i]):
            following = i
        out[i] = following
    return tuple(out)


def permission(splits: Sequence[bool], n: int) -> int:
    """Return whether a card may end before line n of a paragraph (`Line.split_word` of each).

    Never after its first line (orphan) or before its last (widow), nor after a line that
    ends inside a word: the reader should not turn the card in the middle of a word.
    """
    if n == 0:
        return BLOCK
    if n < 2 or n > len(splits) - 2 or splits[n - 1]:
        return NEVER
    return LINE


def description(
    style: CardStyle,
    blocks: Sequence[Block],
    size: float,
    context: TypesetContext,
    *,
    outline: bool = False,
    ranked: dict[tuple, list[int]] | None = None,
    full: Collection[int] = (),
    starts: list[tuple[int, int, int]] | None = None,
    headings: bool = True,
    cues: bool = True,
    fewest: bool = False,
) -> tuple[Slab, ...]:
    """Set the description's blocks at a body size, as slabs from top to bottom.

    The blocks are set in card order (`model.card_order`: the panels last). With `outline`,
    paragraphs and lists get no items (their lines are not built), but for the blocks whose
    card-order index is in `full`. `starts`, if given, gets where each block and each list
    item begins: (its first slab's index, the block's card-order index, the item's index).
    Without `headings`, no run-in heading is repeated where its paragraph goes on; without
    `cues`, no cue is set above a card that begins inside a sentence either. With `fewest`
    (an outline), each justified or flush-left paragraph and list item takes the fewest
    lines any setting of it could (`typeset.fewest_lines`) and no line is broken: the slabs
    are never taller than the outline's, so a size they overflow is ruled out cheaply.
    """
    slabs: list[Slab] = []
    walk = _Walk(style, size, context, outline, {} if ranked is None else ranked, slabs)
    walk.headings, walk.cues, walk.fewest = headings, cues, fewest and outline
    keep = False  # the previous block was a heading (or the note): keep it with this one
    if _lost(blocks):  # a note kept with the first block, and counted as its start
        walk.notice(say("card_description_missing"))
        keep = True
    for index, block in enumerate(card_order(blocks)):
        start = len(slabs)
        walk.outline = outline and index not in full
        walk.items = []
        block.accept(walk)
        if starts is not None:
            starts.append((start if index else 0, index, 0))
            starts.extend((i, index, m) for m, i in enumerate(walk.items[1:], 1))
        if len(slabs) > start:
            # A block opens its gap above it, a block kept with its heading only a line's
            # (and is never parted from it).
            first = slabs[start]
            opens = walk.open_line if keep else walk.open_gap
            breakable = NEVER if keep else first.breakable
            if (first.stretch, first.breakable) != (opens, breakable):
                slabs[start] = Slab(
                    first.height,
                    first.items,
                    first.space_before,
                    breakable,
                    first.repeat,
                    first.what,
                    first.panel,
                    opens,
                )  # (not dataclasses.replace: this runs for every block at every size)
        keep = walk.kept
    return tuple(slabs)


def _lost(blocks: Sequence[Block]) -> bool:
    """Tell whether a description begins with a stat block (`Spell.description_missing`):
    the source lost the paragraphs before it, and the card says so."""
    for block in card_order(blocks):
        if isinstance(block, Paragraph) and block.kind == "text":
            return False
        if isinstance(block, Heading) and block.text in ACTION_HEADINGS:
            return True
    return False


def without_repeated_headings(
    slabs: Sequence[Slab], style: CardStyle, cues: bool = True
) -> tuple[Slab, ...] | None:
    """Return the slabs without the run-in headings repeated above a paragraph's lines
    (`_Walk._repeated_heading`), or None when that changes nothing. With `cues` a line
    inside a sentence keeps the cue that the sentence goes on (`sentence_cue`), as one set
    without headings has; without, no cue is kept either."""
    cue = sentence_cue(style) if cues else None

    def above(slab: Slab) -> Slab | None:
        if slab.repeat is None or slab.repeat.what not in (REPEATED, CUE):
            return slab.repeat
        if slab.repeat.what == CUE:
            return slab.repeat if cues else None
        return cue if slab.breakable in (LINE, SHORT) else None

    def again(s: Slab, repeat: Slab | None) -> Slab:
        if s.repeat is repeat:
            return s
        return Slab(
            s.height, s.items, s.space_before, s.breakable, repeat, s.what, s.panel, s.stretch
        )

    out = tuple(again(s, above(s)) for s in slabs)
    return None if all(a is b for a, b in zip(out, slabs, strict=True)) else out


@functools.lru_cache(maxsize=64)
def sentence_cue(style: CardStyle, x: float | None = None, panel: Panel | None = None) -> Slab:
    """Return the slab set above a card's first line where it begins inside a sentence:
    SENTENCE_CONTINUED in muted italic at the footer's size, so the card reads alone; at `x`
    on a panel's ground where the line is the panel's."""
    size = style.sizes.footer
    label = Label(
        SENTENCE_CONTINUED,
        style.fonts["italic"],
        size,
        style.left if x is None else x,
        -BASELINE * size,
        style.colours.muted,
    )
    return Slab(size * style.sizes.leading, (label,), 0.0, BLOCK, what=CUE, panel=panel)


def higher_pads(style: CardStyle, size: float) -> tuple[float, float]:
    """Return the horizontal and vertical padding of the "Na vyšších úrovních." panel."""
    sp = style.spacing
    return sp.higher_pad_em * size + sp.higher_pad, sp.higher_pad_y_em * size


class _Walk(BlockVisitor[None]):
    """One walk over the blocks at one size: each block's `accept` appends its slabs to
    `slabs` (the model's block visitor: one method per kind of block)."""

    def __init__(
        self,
        style: CardStyle,
        size: float,
        context: TypesetContext,
        outline: bool,
        ranked: dict[tuple, list[int]],
        slabs: list[Slab],
    ):
        self.slabs = slabs
        self.after_table = False  # the block before was a table
        self.kept = False  # the block just set is a heading, kept with the next block
        self.style = style
        self.size = size
        self.context = context
        self.outline = outline
        self.ranked = ranked  # `ranks` by the line breaks' key: an outline's, then its lines'
        self.leading = size * style.sizes.leading
        self.gap = style.sizes.paragraph_gap * self.leading
        sizes = style.sizes
        # What a line distance and a paragraph gap may open by where a card has room.
        self.open_line = max(0.0, sizes.leading_max - sizes.leading) * size
        self.open_gap = max(0.0, sizes.paragraph_gap_max - sizes.paragraph_gap) * self.leading
        self.items: list[int] = []  # where each item of the last list set begins
        self.headings = True  # repeat a run-in heading where its paragraph goes on
        self.cues = True  # and the cue above a card that begins inside a sentence
        self.fewest = False  # an outline's justified paragraphs at their fewest lines

    def _text(self, text: str, font: str, heading: str = "", heading_font: str = "") -> Prepared:
        return self.context.paragraph(text, font, heading, heading_font)

    def _lines(
        self,
        prepared: Prepared,
        width: float,
        indent: float = 0.0,
        ragged_first: bool = False,
        justify: bool = True,
        flush_left: bool = False,
    ) -> tuple[Sequence[Line | None], Sequence[int]]:
        """Return the lines (None each in an outline) and the rank of a break before each.

        With `flush_left`, flush-left with spaces that may shrink (`set_lines`).
        """
        setting = ParagraphSetting(
            width,
            self.size,
            indent,
            indent,
            justify,
            expansion=self.style.sizes.expansion,
            ragged_first=ragged_first,
            flush_left=flush_left,
        )
        if self.fewest and self.outline and (justify or flush_left):
            count = fewest_lines(prepared, setting, self.context)
            if count:  # (0: no bound known, the lines are broken)
                return (None,) * count, (BLOCK,) + (NEVER,) * (count - 1)
        spans = line_spans(prepared, setting, self.context)
        key = (prepared, setting)
        breaks = self.ranked.get(key)
        if breaks is None:
            breaks = self.ranked[key] = ranks(prepared, spans)
        if self.outline:
            return (None,) * len(spans), breaks
        return set_lines(prepared, setting, self.context), breaks

    def _line_slabs(
        self,
        slabs: list[Slab],
        lines: Sequence[Line | None],
        breaks: Sequence[int],
        colour: str,
        space_before: float,
        extra: tuple[Primitive, ...] = (),
        what: str = "řádek popisu",
        repeat: Slab | None = None,
    ) -> None:
        """Append one slab per line, with the rank of a card break before each (`ranks`);
        `repeat` is set above each but the first where it begins a card, else the cue that
        the sentence goes on above a line that begins a card inside one (`_cue`)."""
        size, leading, left = self.size, self.leading, self.style.left
        if lines and lines[0] is None:  # an outline: slabs without items, alike but for rank
            opens = self.open_line
            first = Slab(leading, (), space_before, breaks[0], None, what=what, stretch=opens)
            rest = {
                rank: Slab(leading, (), 0.0, rank, self._above(repeat, rank), what, stretch=opens)
                for rank in set(breaks)
            }
            slabs.append(first)
            slabs.extend(rest[rank] for rank in breaks[1:])
            return
        for n, line in enumerate(lines):
            breakable = breaks[n]
            items: tuple[Primitive, ...] = ()
            if line is not None:
                items = (TextLine(line, left, -BASELINE * size, size, colour),)
                if n == 0:
                    items += extra
            before = space_before if n == 0 else 0.0
            again = self._above(repeat, breakable) if n else None
            slabs.append(
                Slab(leading, items, before, breakable, again, what=what, stretch=self.open_line)
            )

    def _above(self, repeat: Slab | None, rank: int) -> Slab | None:
        """Return what is set above a paragraph's line where it begins a card: its repeated
        heading, else inside a sentence the cue (SENTENCE_CONTINUED), else nothing."""
        if repeat is not None or rank not in (LINE, SHORT) or not self.cues:
            return repeat
        return sentence_cue(self.style)

    def paragraph(self, block: Paragraph) -> None:
        """Set a paragraph (its run-in heading in bold), or a panel (`panel`)."""
        self.after_table = self.kept = False
        if is_panel(block):
            self.panel(block)
            return
        slabs = self.slabs
        fonts = self.style.fonts
        prepared = self._text(block.text, fonts["body"], block.heading, fonts["bold"])
        lines, breaks = self._lines(
            prepared, self.style.width, flush_left=self.style.sizes.ragged_at(self.size)
        )
        repeat = None
        if self.headings and block.heading and len(lines) > 1:
            # A numbered item or a stat block's action that goes on to the next card is
            # named there again: its run-in heading, marked as going on.
            repeat = self._repeated_heading(block.heading)
        colour = self.style.colours.text
        self._line_slabs(slabs, lines, breaks, colour, self.gap, repeat=repeat)

    def _repeated_heading(self, heading: str) -> Slab:
        """Return the slab set above a paragraph's lines that begin a card: its run-in
        heading and HEADING_CONTINUED, in bold."""
        style, size = self.style, self.size
        text = continued_heading(heading)
        lines = ragged(self._text(text, style.fonts["bold"]), style.width, size, self.context)
        items = tuple(
            TextLine(
                line, style.left, -BASELINE * size - n * self.leading, size, style.colours.text
            )
            for n, line in enumerate(lines)
        )
        return Slab(len(lines) * self.leading, items, 0.0, BLOCK, what=REPEATED)

    def panel(self, block: Paragraph) -> None:
        """Set higher levels or a cantrip's scaling apart: a tinted panel, a school-colour bar."""
        slabs, style, size, sp = self.slabs, self.style, self.size, self.style.spacing
        left, width = style.left, style.width
        pad_x, pad_y = higher_pads(style, size)
        font = style.fonts["bold_italic"]
        prepared = self._text(block.text, style.fonts["body"], block.heading, font)
        # Flush-left throughout, long words hyphenated: a justified panel after its run-in
        # heading gapes or sets its first line ragged; a cantrip's scaling glues its dice
        # and levels to their words ("5. úrovně (2k10),").
        flush = block.kind != "scaling"  # scaling stays ragged as it was (no shrunk spaces)
        lines, breaks = self._lines(prepared, width - 2 * pad_x, justify=False, flush_left=flush)
        count = len(lines)
        bar = left + sp.higher_bar_inset
        ground = Panel(
            len(slabs), left, width, style.tint, bar, sp.higher_bar, style.colour
        )  # one fill and one bar per card (fill_card), no seams between the lines
        for n, line in enumerate(lines):
            top_pad = pad_y if n == 0 else 0.0
            bottom_pad = pad_y if n == count - 1 else 0.0
            height = self.leading + top_pad + bottom_pad
            items: tuple[Primitive, ...] = ()
            if line is not None:
                baseline = -top_pad - BASELINE * size
                items = (TextLine(line, left + pad_x, baseline, size, style.colours.text),)
            before = self.gap * sp.higher_gap_lines if n == 0 else 0.0
            again = self._above(None, breaks[n]) if n else None
            if again is not None:  # the cue inside the panel, on its ground
                again = sentence_cue(style, left + pad_x, ground)
            slabs.append(
                Slab(
                    height,
                    items,
                    before,
                    breaks[n],
                    again,
                    panel=ground,
                    stretch=self.open_line,
                )
            )

    def notice(self, text: str) -> None:
        """Set a note about the text in muted italic (the description lost in the source)."""
        slabs, style = self.slabs, self.style
        prepared = self._text(text, style.fonts["italic"])
        lines = ragged(prepared, style.width, self.size, self.context)
        breaks = [BLOCK] + [NEVER] * (len(lines) - 1)
        colour = style.colours.muted
        self._line_slabs(slabs, lines, breaks, colour, self.gap, what="poznámka")

    def heading(self, block: Heading) -> None:
        """Set a sub-heading, kept with the block after it; after a table with
        AIR_AFTER_TABLE lines more above it, so that it does not read as the table's last row."""
        style = self.style
        prepared = self._text(block.text, style.fonts["bold"])
        lines = ragged(prepared, style.width, self.size, self.context)
        breaks = [BLOCK] + [NEVER] * (len(lines) - 1)
        before = self.gap + (AIR_AFTER_TABLE * self.leading if self.after_table else 0.0)
        self._line_slabs(self.slabs, lines, breaks, style.ink, before, what="nadpis")
        self.after_table, self.kept = False, True

    def bullets(self, block: BulletList) -> None:
        """Set a bulleted list; `items` gets where each item begins."""
        self.after_table = self.kept = False
        slabs, style, size, sp = self.slabs, self.style, self.size, self.style.spacing
        indent = style.sizes.bullet_indent * size
        bullet = Label(
            "•",
            style.fonts["body"],
            size,
            style.left + sp.bullet_x_em * size,
            -BASELINE * size,
            style.ink,
        )
        self.items = []
        for n, item in enumerate(block.items):
            self.items.append(len(slabs))
            prepared = self._text(item, style.fonts["body"])
            lines, breaks = self._lines(
                prepared, style.width, indent, flush_left=style.sizes.ragged_at(size)
            )
            before = self.gap if n == 0 else sp.bullet_gap_share * self.gap
            self._line_slabs(
                slabs, lines, breaks, style.colours.text, before, (bullet,), "položka seznamu"
            )

    def table(self, block: Table) -> None:
        """Set a ruled table across the text width (`tables.TableSetter`)."""
        TableSetter(self.style, self.size, self.context, self.gap).table(self.slabs, block)
        self.after_table, self.kept = True, False
