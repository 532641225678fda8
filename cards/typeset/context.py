"""The typesetting context of a build: the one owner of its measuring and line caches."""

from __future__ import annotations

import functools

from cards.typeset.czech import core_positions
from cards.typeset.metrics import string_width
from cards.typeset.normalise import normalise
from cards.typeset.words import Prepared, Run, prepare, word_breaks

# A paragraph this short without a heading (a stat's value, a class list: "1 akce", "12 sáhů")
# recurs across spells: it is prepared once a build (`forget_paragraphs` keeps it).
RECURRING = 40  # characters


class TypesetContext:
    """Caches for one build, passed down to whatever measures or breaks text.

    One key shape per cache: widths by (text, font); pyphen's points by a word of letters
    (the same for "kouzlo" and "kouzlo," in any font); word breaks by (word, font); prepared
    paragraphs by (text, font, heading, heading_font); line ends by (prepared, first, rest,
    justify, hyphenate, expansion) at 1 pt; a paragraph's feasible breaks (any size) by
    (prepared, hyphenate), and what `fewest_lines` reads of them by (prepared, hyphenate,
    expansion); set lines by (prepared, setting), the paragraph's whole
    `lines.ParagraphSetting`. A `Prepared` is compared by identity, so its lines go
    with it. The short paragraphs that recur across spells (`RECURRING`) are kept apart,
    with their line ends and lines (`spans_of`, `lines_of`): a build forgets the others.
    """

    def __init__(self) -> None:
        self.width = functools.lru_cache(maxsize=None)(string_width)
        self.positions = functools.lru_cache(maxsize=None)(core_positions)
        self.breaks = functools.lru_cache(maxsize=None)(
            functools.partial(word_breaks, positions=self.positions, width=self.width)
        )
        self.paragraphs: dict[tuple[str, str, str, str], Prepared] = {}
        self.spans: dict[tuple, list] = {}
        self.feasible: dict[tuple, tuple] = {}  # by (prepared, hyphenate): totalfit's breaks
        self.reaches: dict[tuple, tuple] = {}  # by (prepared, hyphenate, expansion): their reach
        self.lines: dict[tuple, tuple] = {}
        # The recurring paragraphs (under RECURRING), and their spans and lines: kept.
        self.recurring: dict[tuple[str, str, str, str], Prepared] = {}
        self._kept: set[Prepared] = set()
        self.kept_spans: dict[tuple, list] = {}
        self.kept_lines: dict[tuple, tuple] = {}

    def paragraph(
        self, text: str, font: str, heading: str = "", heading_font: str = ""
    ) -> Prepared:
        """Return text in one font (after a run-in heading in another, if given), prepared.

        The text is set as `normalise` makes it (Czech dashes, ranges, glued signs).
        """
        key = (text, font, heading, heading_font)
        recurring = len(text) < RECURRING and not heading
        memo = self.recurring if recurring else self.paragraphs
        prepared = memo.get(key)
        if prepared is None:
            text, heading = normalise(text), normalise(heading)
            runs = (
                (Run(heading, heading_font), Run(" " + text, font))
                if heading
                else (Run(text, font),)
            )
            prepared = memo[key] = prepare(runs, self)
            if recurring:
                self._kept.add(prepared)
        return prepared

    def spans_of(self, prepared: Prepared) -> dict[tuple, list]:
        """Return the cache a prepared paragraph's line ends go in (`spans`, `kept_spans`)."""
        return self.kept_spans if prepared in self._kept else self.spans

    def lines_of(self, prepared: Prepared) -> dict[tuple, tuple]:
        """Return the cache a prepared paragraph's set lines go in (`lines`, `kept_lines`)."""
        return self.kept_lines if prepared in self._kept else self.lines

    def forget_paragraphs(self) -> None:
        """Drop the paragraph-level caches (prepared paragraphs, spans, breaks, set lines),
        but for the short paragraphs that recur across spells (`recurring`) and their spans
        and lines.

        A build calls this after each spell: a paragraph is set again only within its spell,
        so keeping them makes memory grow with the deck. The word caches (widths, pyphen's
        points, word breaks) stay: words recur across spells, and so do a stat's values.
        """
        self.paragraphs.clear()
        self.spans.clear()
        self.feasible.clear()
        self.reaches.clear()
        self.lines.clear()
