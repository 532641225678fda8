"""The poker compendium reads as one book: the figures of an even deck, from the placed faces.

Each test is one goal of the design: spacing at every size in use, no big empty bands, earlier
cards of a spell full, continuation cards that read alone, no more cards than before. The
measures are written here apart from the fitter (what bench/bench_deck.py prints).
"""

from __future__ import annotations

from collections import defaultdict

import pytest
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.build import fit_all
from cards.face import Disc, Fill, Label, Outline, Rule, Shape, TextLine
from cards.fit.blocks import sentence_end
from cards.layout import load_layout

pytestmark = pytest.mark.slow

POKER_CARDS = 613  # the compendium's poker cards before the even deck: never more


@pytest.fixture(scope="module")
def poker():
    return load_layout("poker")


@pytest.fixture(scope="module")
def fits(poker, compendium):
    return fit_all(compendium, poker)


def _space_ratio(item: TextLine) -> float | None:
    """The drawn width of a line's spaces against the font's natural space (median-free:
    every space of a justified line is drawn alike)."""
    for run in item.line.runs:
        if " " in run.text:
            natural = stringWidth(" ", run.font, item.size)
            return (natural + item.line.word_space) * item.line.scale * item.scale / natural
    return None


def _stretched(fits) -> dict[float, list[float]]:
    """Per body size, the space ratio of every body line whose spaces are stretched."""
    out: dict[float, list[float]] = defaultdict(list)
    for fit in fits:
        for face in fit.faces:
            for item in face.items:
                if isinstance(item, TextLine) and item.role == "body":
                    ratio = _space_ratio(item)
                    if ratio is not None and item.line.word_space > 1e-6:
                        out[item.size].append(ratio)
    return out


def _body_lines(fits) -> dict[float, int]:
    out: dict[float, int] = defaultdict(int)
    for fit in fits:
        for face in fit.faces:
            out[face.body_size] += sum(
                1 for i in face.items if isinstance(i, TextLine) and i.role == "body"
            )
    return out


def test_no_size_in_use_sets_its_lines_loose(fits):
    """At every body size in use at most 1 % of the body lines stretch their spaces past
    2 x their natural width, none past 2.5 x."""
    lines = _body_lines(fits)
    for size, ratios in _stretched(fits).items():
        assert sum(r > 2.0 for r in ratios) <= 0.01 * lines[size], size
        assert max(ratios) <= 2.5, size


def _marks(face) -> list[tuple[float, float]]:
    """The vertical extents of what is drawn on a face, its ground and frame aside."""
    out = []
    for item in face.items:
        if isinstance(item, (TextLine, Label)):
            out.append((item.y - 0.25 * item.size, item.y + 0.75 * item.size))
        elif isinstance(item, (Fill, Outline)) and item.height < 0.5 * face.height:
            out.append((item.y, item.y + item.height))
        elif isinstance(item, Rule):
            out.append((min(item.y1, item.y2), max(item.y1, item.y2)))
        elif isinstance(item, Shape):
            out.append((item.y, item.y + item.size))
        elif isinstance(item, Disc):
            out.append((item.y - item.radius, item.y + item.radius))
    return out


def _widest_band(face) -> float:
    """The widest vertical gap between the marks of a face, in points."""
    widest, low = 0.0, None
    for bottom, top in sorted(_marks(face), key=lambda m: -m[1]):
        if low is not None and top < low:
            widest = max(widest, low - top)
        low = bottom if low is None else min(low, bottom)
    return widest


def test_few_cards_have_an_empty_band(fits):
    """At most ten poker cards leave a band over 15 mm with nothing drawn in it (24 when
    type grew to fill a card)."""
    holes = [(f.spell.name, f.part) for fit in fits for f in fit.faces if _widest_band(f) > 15 * mm]
    assert len(holes) <= 10, holes


def test_no_more_cards_than_before(fits):
    """The even deck takes no more poker cards than the deck it replaces."""
    assert sum(len(fit.faces) for fit in fits) <= POKER_CARDS


def test_the_earlier_cards_of_a_spell_are_full(fits, poker):
    """No card but a spell's last leaves more than 5 mm between its last text and the next
    mark below it, past the layout's own distance (text_below plus a line's bottom), but
    where the next block must start on the next card: a table or a heading with its table
    (Zmatek, Ovládni počasí), or a paragraph whose first two lines (no orphan) do not fit
    (Mordenkainenův velkolepý dům)."""
    short = []
    bold = {poker.fonts["bold"], poker.fonts["bold_italic"]}
    for fit in fits:
        for face, after in zip(fit.faces, fit.faces[1:], strict=False):
            first = max(
                (i for i in after.items if isinstance(i, TextLine) and i.role in ("body", "table")),
                key=lambda i: i.y,
            )
            heading = all(run.font in bold for run in first.line.runs)
            if first.role == "table" or heading:
                continue
            texts = [
                i for i in face.items if isinstance(i, TextLine) and i.role in ("body", "table")
            ]
            lowest = min(i.y - 0.25 * i.size for i in texts)
            below = [top for _, top in _marks(face) if top < lowest - 0.01]
            gap = lowest - max(below) - poker.spacing.text_below - 1 * mm  # a line's bottom
            orphan = (
                first.line.text[:1].isupper() and gap < 5 * mm + 2 * poker.leading * face.body_size
            )
            if gap > 5 * mm and not orphan:
                short.append((face.spell.name, face.part, round(gap / mm, 1)))
    assert short == []


def test_a_card_that_begins_inside_a_sentence_carries_a_cue(fits):
    """A continuation card whose text goes on with the sentence of the card before shows a
    cue: "(pokračování)" above it, the run-in heading repeated with "(pokr.)", or at its
    foot."""
    missing = []
    for fit in fits:
        for before, face in zip(fit.faces, fit.faces[1:], strict=False):
            lines = [i for i in before.items if isinstance(i, TextLine) and i.role == "body"]
            nxt = [i for i in face.items if isinstance(i, TextLine) and i.role == "body"]
            if not lines or not nxt:
                continue
            last = min(lines, key=lambda i: i.y).line.text.split()[-1]
            top = max(nxt, key=lambda i: i.y)
            first = top.line.text
            bullet = any(
                isinstance(i, Label) and i.text == "•" and abs(i.y - top.y) < 0.1
                for i in face.items
            )
            if sentence_end(last) or first[:1].isupper() or bullet:
                continue
            texts = [i.text for i in face.items if isinstance(i, Label)]
            texts += [i.line.text for i in nxt]
            if not any("(pokr" in t or t.startswith("‹") for t in texts):
                missing.append((face.spell.name, face.part, first))
    assert missing == []
