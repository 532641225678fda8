"""Tests for cards.fit.setter: a spell's height estimate, its derived setters (squeezed,
compact, without repeated headings), outlines, block starts and furniture set once."""

from __future__ import annotations

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.face import TextLine
from cards.fit.blocks import REPEATED
from cards.fit.setter import SpellSetter
from cards.layout import load_layout
from cards.model import BulletList, Heading, Paragraph, Table
from tests.support.spells import SENTENCE, layout_variant, make_spell


@pytest.fixture(scope="module")
def poker():
    return load_layout("poker")


def _lines(width_at_1pt: float, size: float, column: float) -> int:
    """The estimate's lines of a text: its width on one line over the column's, rounded down,
    and one more."""
    return int(width_at_1pt * size / column) + 1


def test_a_tables_estimate_is_one_line_and_two_a_row_and_one_gap(poker):
    """Two rows: 1 + 2 * 2 = 5 lines at the leading, and one paragraph gap (one block)."""
    table = Table(("Úroveň", "Zranění"), (("1", "3k8"), ("2", "4k8")))
    setter = SpellSetter(make_spell(table), poker)
    leading = 10.0 * poker.sizes.leading
    expected = 5 * leading + 1 * poker.sizes.paragraph_gap * leading
    assert setter.estimate(10.0) == pytest.approx(expected)


def test_a_paragraphs_estimate_counts_its_natural_width_over_the_column(poker):
    """Each paragraph: its width on one line at 1 pt times the size over the column, rounded
    down, plus one; an empty one none; a gap per block."""
    words = "Zasažený tvor utrpí ohnivé zranění " * 5
    blocks = (Paragraph(words), Paragraph(""), Paragraph("Konec kouzla."))
    setter = SpellSetter(make_spell(*blocks), poker)
    body, column = poker.fonts["body"], setter.style.width
    size = 9.0
    lines = _lines(stringWidth(words.strip(), body, 1.0), size, column)
    lines += _lines(stringWidth("Konec kouzla.", body, 1.0), size, column)
    assert lines == 5 + 1  # the long paragraph takes several lines, the short one one
    leading = size * poker.sizes.leading
    expected = lines * leading + 3 * poker.sizes.paragraph_gap * leading
    assert setter.estimate(size) == pytest.approx(expected)


def test_a_run_in_heading_and_a_heading_are_measured_in_bold(poker):
    """A paragraph's run-in heading in bold before its text; a heading alone in bold."""
    text = "Tvor v dosahu utrpí zranění podle tvé volby " * 4
    blocks = (Paragraph(text, heading="Na vyšších úrovních."), Heading("Akce"))
    setter = SpellSetter(make_spell(*blocks), poker)
    fonts, column, size = poker.fonts, setter.style.width, 8.0
    natural = stringWidth("Na vyšších úrovních.", fonts["bold"], 1.0)
    natural += stringWidth(" " + text.strip(), fonts["body"], 1.0)
    lines = _lines(natural, size, column) + _lines(
        stringWidth("Akce", fonts["bold"], 1.0), size, column
    )
    leading = size * poker.sizes.leading
    expected = lines * leading + 2 * poker.sizes.paragraph_gap * leading
    assert setter.estimate(size) == pytest.approx(expected)


def test_a_list_items_width_is_counted_a_tenth_wider(poker):
    """Each item of a list: its width times 1.1 (the bullet's indent), lines as a text's."""
    items = ("Dosah se zvětší o dvacet sáhů " * 3, "Trvání se prodlouží na hodinu " * 2)
    setter = SpellSetter(make_spell(BulletList(items)), poker)
    column, size = setter.style.width, 11.0
    body = poker.fonts["body"]
    lines = sum(_lines(1.1 * stringWidth(i.strip(), body, 1.0), size, column) for i in items)
    assert lines != sum(_lines(stringWidth(i.strip(), body, 1.0), size, column) for i in items)
    leading = size * poker.sizes.leading
    expected = lines * leading + poker.sizes.paragraph_gap * leading
    assert setter.estimate(size) == pytest.approx(expected)


def test_a_squeezed_setter_takes_type_squeeze_from_the_gaps_and_the_panels_padding(poker):
    """Poker's squeeze 0.5: half the paragraph gap (0.22 lines) and half the panel's padding
    above and below (0.3 em); the furniture shared, the faces marked squeezed."""
    plain = SpellSetter(make_spell(), poker)
    squeezed = plain.squeezed()
    assert squeezed.style.sizes.paragraph_gap == pytest.approx(0.11)
    assert squeezed.style.spacing.higher_pad_y_em == pytest.approx(0.15)
    assert squeezed.squeeze == 0.5
    assert squeezed.header(first=False, numbered=True) is plain.header(first=False, numbered=True)


def test_a_smaller_squeeze_keeps_the_rest_of_the_gaps(tmp_path):
    """type.squeeze 0.25 keeps three quarters of the gaps and the padding."""
    layout = load_layout(layout_variant(tmp_path, {"squeeze": "0.25"}))
    squeezed = SpellSetter(make_spell(), layout).squeezed()
    assert squeezed.style.sizes.paragraph_gap == pytest.approx(0.22 * 0.75)
    assert squeezed.style.spacing.higher_pad_y_em == pytest.approx(0.3 * 0.75)
    assert squeezed.squeeze == 0.25


def _headed_spell():
    """A spell whose run-in headed paragraph runs over many lines (a heading to repeat)."""
    return make_spell(Paragraph(SENTENCE), Paragraph(SENTENCE * 6, heading="3. Žlutá."))


def _repeats(slabs) -> int:
    return sum(s.repeat is not None and s.repeat.what == REPEATED for s in slabs)


def test_the_compact_setter_has_the_run_in_grid_and_shares_the_description(poker):
    """compact(): the run-in stat grid; the description set once for both grids; the
    squeeze, the back band and a later card's furniture as the plain setter's."""
    plain = SpellSetter(_headed_spell(), poker).squeezed()
    compact = plain.compact()
    assert compact.style.run_in and not plain.style.run_in
    assert compact.slabs(7.0) is plain.slabs(7.0)
    assert compact.outline(8.0) is plain.outline(8.0)
    assert compact.squeeze == plain.squeeze == 0.5
    assert compact.back_header() is plain.back_header()
    assert compact.header(first=False, numbered=True) is plain.header(first=False, numbered=True)
    assert compact.block_starts(9.0) == plain.block_starts(9.0)


def test_a_fresh_setter_and_its_compact_one_repeat_run_in_headings(poker):
    """Until told otherwise, a headed paragraph's lines carry the heading to say again where
    it goes on to the next card; so do the compact setter's."""
    plain = SpellSetter(_headed_spell(), poker)
    assert _repeats(plain.outline(7.0)) > 0
    assert _repeats(plain.slabs(7.5)) > 0
    assert _repeats(plain.compact().outline(8.0)) > 0


def test_dropping_repeated_headings_drops_them_from_set_and_later_sizes(poker):
    """After drop_repeated_headings no slab repeats a heading: neither those set before (set
    or outlined) nor those set later, nor the compact setter's."""
    setter = SpellSetter(_headed_spell(), poker)
    before = len(setter.outline(7.0)), len(setter.slabs(7.5))
    setter.drop_repeated_headings()
    assert (len(setter.outline(7.0)), len(setter.slabs(7.5))) == before
    assert _repeats(setter.outline(7.0)) == _repeats(setter.slabs(7.5)) == 0
    assert _repeats(setter.outline(8.0)) == _repeats(setter.slabs(8.5)) == 0
    assert _repeats(setter.compact().outline(9.25)) == 0


def test_block_starts_say_where_each_block_begins_after_setting_or_outlining(poker):
    """A long paragraph, then a one-line one: block 1 begins at the last slab."""
    spell = make_spell(Paragraph(SENTENCE * 2), Paragraph("Konec kouzla."))
    setter = SpellSetter(spell, poker)
    last = len(setter.slabs(7.0)) - 1
    assert setter.block_starts(7.0) == {0: (0, 0), last: (1, 0)}
    last = len(setter.outline(8.0)) - 1
    assert setter.block_starts(8.0) == {0: (0, 0), last: (1, 0)}


def test_an_outline_has_the_slabs_heights_without_their_lines(poker):
    """outline() measures: the same heights as the set slabs, no placed lines."""
    setter = SpellSetter(make_spell(Paragraph(SENTENCE * 3)), poker)
    outline = setter.outline(7.0)
    assert outline and all(slab.items == () for slab in outline)
    assert [s.height for s in outline] == [s.height for s in setter.slabs(7.0)]
    assert setter.outline(7.0) is setter.slabs(7.0)  # once set, the set slabs measure


def test_furniture_is_set_once_per_kind_of_card(poker):
    """The same card's furniture asked twice is one object; a first and a later card's
    continued fronts differ (the first has the stats)."""
    setter = SpellSetter(make_spell(name="Melfův kyselinový šíp"), poker)
    assert setter.header(first=True, numbered=True) is setter.header(first=True, numbered=True)
    assert setter.back_header() is setter.back_header()
    first, later = setter.continued_header(True), setter.continued_header(False)
    assert first is setter.continued_header(True)
    assert first.body.height < later.body.height
    numbered = setter.header(first=True, numbered=True)
    assert first.body.top == pytest.approx(numbered.body.top)
    assert first.part_right == numbered.part_right
    assert set(numbered.items) < set(first.items)
    # a continued front is numbered ("1/3"): its name keeps room for the part, smaller
    titles = [i.size for i in first.items if isinstance(i, TextLine) and i.role == "title"]
    assert titles == [9.25]
    single = setter.header(first=True, numbered=False)
    assert [i.size for i in single.items if isinstance(i, TextLine) and i.role == "title"] == [11.0]
