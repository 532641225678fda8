"""cards/fit/search.py's parts on their own: the walk over the size grid and its first guess,
the height estimate, the setter's memos and derived setters (squeezed, compact, grown stats),
the run-in grid's stacking test, a card's placing and the error that names what does not fit."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.face import Area, Label, TextLine
from cards.fit import search
from cards.fit import setter as setter_module
from cards.fit.blocks import REPEATED
from cards.fit.furniture import Header
from cards.fit.paginate import EPS, Slab
from cards.fit.setter import FitError, SpellSetter
from cards.layout import load_layout
from cards.model import BulletList, Heading, Paragraph, Table
from tests.conftest import SENTENCE, layout_variant, make_spell


@pytest.fixture(scope="module")
def poker():
    return load_layout("poker")


def _counted(function, limit: int = 40):
    """Wrap a function so that a walk that loops (calls it past `limit` times) fails fast."""
    calls: list[tuple] = []

    def counted(*args):
        calls.append(args)
        assert len(calls) <= limit, "the walk does not end"
        return function(*args)

    counted.calls = calls  # type: ignore[attr-defined]
    return counted


# --- _walk ---------------------------------------------------------------------------------------

SIZES = [1.0, 2.0, 3.0, 4.0, 5.0]


@pytest.mark.parametrize("start", range(5))
def test_the_walk_finds_the_largest_size_that_fits_from_any_start(start):
    """Sizes up to 3 fit: from below the walk goes up to 3, from above it comes down to 3."""
    assert search._walk(SIZES, _counted(lambda s: s <= 3.0), start) == 2


@pytest.mark.parametrize("start", range(5))
def test_the_walk_up_stops_at_the_largest_size(start):
    """Every size fits: the walk ends at the largest, never past the end of the grid."""
    assert search._walk(SIZES, _counted(lambda s: True), start) == 4


def test_the_walk_up_from_the_smallest_size_takes_every_step():
    """From the smallest size, sizes up to 4 fitting: each size is tried once, in order."""
    fits = _counted(lambda s: s <= 4.0)
    assert search._walk(SIZES, fits, 0) == 3
    assert [call[0] for call in fits.calls] == [1.0, 2.0, 3.0, 4.0, 5.0]


def test_the_walk_down_tries_each_smaller_size_in_turn():
    """From the largest size, the two smallest fitting: 5, 4 and 3 fail, 2 fits."""
    fits = _counted(lambda s: s <= 2.0)
    assert search._walk(SIZES, fits, 4) == 1
    assert [call[0] for call in fits.calls] == [5.0, 4.0, 3.0, 2.0]


def test_the_walk_down_reaches_the_smallest_size():
    """Only the smallest size fits: the walk from the top comes all the way down to it."""
    assert search._walk(SIZES, _counted(lambda s: s <= 1.0), 3) == 0


def test_the_walk_returns_none_when_no_size_fits_and_never_wraps_round():
    """Walking down from a size that does not fit tries only smaller ones: none fits, None
    (the largest size, which would fit, is not one of them)."""
    fits = _counted(lambda s: s == 5.0)
    assert search._walk(SIZES, fits, 2) is None
    assert [call[0] for call in fits.calls] == [3.0, 2.0, 1.0]


def test_a_hopeless_larger_size_is_not_tried():
    """hopeless(known, larger) says 4 cannot fit once 3 does: the walk stops at 3 without
    trying 4, and asks about each step up from the size known to fit."""
    fits = _counted(lambda s: True)
    hopeless = _counted(lambda known, larger: larger >= 4.0)
    assert search._walk(SIZES, fits, 0, hopeless) == 2
    assert hopeless.calls == [(1.0, 2.0), (2.0, 3.0), (3.0, 4.0)]
    assert [call[0] for call in fits.calls] == [1.0, 2.0, 3.0]


def test_a_bound_that_rules_nothing_out_lets_the_walk_go_up():
    """hopeless never holding: the walk goes up as without it."""
    hopeless = _counted(lambda known, larger: False)
    assert search._walk(SIZES, _counted(lambda s: s <= 4.0), 1, hopeless) == 3


def test_the_bound_is_not_asked_walking_down():
    """The start does not fit: the walk goes down and never asks the bound (no size known)."""
    hopeless = _counted(lambda known, larger: True)
    assert search._walk(SIZES, _counted(lambda s: s <= 2.0), 4, hopeless) == 1
    assert hopeless.calls == []


# --- _first_guess --------------------------------------------------------------------------------

GRID = [float(n) for n in range(1, 10)]  # nine sizes, estimated at ten times the size


@pytest.mark.parametrize("answer", range(9))
def test_the_first_guess_is_the_largest_size_estimated_within_the_capacity(answer):
    """An estimate exactly at the capacity is within it; the next size up is not."""
    estimate = _counted(lambda s: 10.0 * s)
    assert search._first_guess(GRID, estimate, 10.0 * GRID[answer]) == answer
    assert search._first_guess(GRID, estimate, 10.0 * GRID[answer] + 5.0) == answer


def test_the_first_guess_is_the_smallest_size_when_none_is_within_the_capacity():
    assert search._first_guess(GRID, _counted(lambda s: 10.0 * s), 1.0) == 0


# --- estimate and _Extent ------------------------------------------------------------------------


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


# --- the setter's derived setters ----------------------------------------------------------------


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


def test_the_stats_grown_for_a_size_grow_in_proportion_and_share_the_rest(poker):
    """Grown for a 10 pt body: type.stat times 10 / 8.5; the description, its starts and the
    squeeze as the setter's."""
    setter = SpellSetter(make_spell(Paragraph(SENTENCE * 2)), poker).squeezed()
    big = search._grown_stats(setter, 10.0)
    assert big.style.sizes.stat == pytest.approx(poker.sizes.stat * 10.0 / 8.5)
    assert big.squeeze == 0.5
    slabs = setter.slabs(9.25)
    assert big.slabs(9.25) is slabs
    assert big.outline(7.0) is setter.outline(7.0)
    assert big.block_starts(9.25) == setter.block_starts(9.25)
    assert big.back_header() is setter.back_header()


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


# --- _stacked ------------------------------------------------------------------------------------


def _label(x: float, y: float) -> Label:
    return Label("Dosah", "CharisSIL-Bold", 6.0, x, y, "#000000")


def _value(x: float, y: float, role: str = "stat") -> TextLine:
    return TextLine(SimpleNamespace(text="18 sáhů"), x, y, 7.6, "#000000", role)


def _stacked(*items) -> bool:
    return search._stacked(Header(items, Area(0.0, 0.0, 100.0, 100.0), 0.0))


def test_a_value_under_its_label_and_none_beside_it_is_stacked():
    assert _stacked(_label(10.0, 50.0), _value(10.0, 40.0))
    assert _stacked(_label(10.0, 50.0), _value(10.3, 40.0))


def test_the_index_corners_numeral_above_a_value_is_no_label_of_it():
    """The corner's level ("6", a Label) may stand right above the first value when the
    3.5 mm icon widens the corner (poker: 11.66 against 11.6): the grid is not stacked."""
    numeral = Label("6", "CharisSIL-Bold", 9.9, 10.0, 60.0, "#ffffff")
    assert not _stacked(numeral, _value(10.0, 40.0))
    assert _stacked(numeral, _label(10.0, 50.0), _value(10.0, 40.0))


def test_a_value_beside_its_label_is_not_stacked_even_if_it_wraps_below():
    """The first line beside the label, the second below it: a value set beside it."""
    assert not _stacked(_label(10.0, 50.0), _value(10.0, 50.0))
    assert not _stacked(_label(10.0, 50.0), _value(10.0, 50.0), _value(10.0, 40.0))
    assert not _stacked(_label(10.0, 0.0), _value(10.0, -40.0), _value(10.0, EPS / 2))


def test_only_values_in_the_labels_column_count():
    """A value half a point or more to the side of a label is another cell's."""
    assert not _stacked(_label(10.0, 50.0), _value(10.5, 40.0))
    assert not _stacked(_label(10.0, 50.0), _value(11.0, 40.0))
    assert not _stacked(_label(10.0, 50.0), _value(60.0, 40.0))
    # and beside it only in its column: a value level with the label a point away is not
    assert _stacked(_label(10.0, 50.0), _value(10.0, 40.0), _value(10.5, 50.0))
    assert _stacked(_label(10.0, 50.0), _value(10.0, 40.0), _value(11.0, 50.0))
    assert _stacked(_label(10.0, 50.0), _value(10.0, 40.0), _value(60.0, 50.0))


def test_a_value_level_with_its_label_within_eps_is_neither_below_nor_beside():
    """Exactly EPS lower than the label: not below it (that takes more), not level with it."""
    assert not _stacked(_label(10.0, 0.0), _value(10.0, -EPS))
    assert _stacked(_label(10.0, 0.0), _value(10.0, -40.0), _value(10.0, -EPS))


def test_only_stat_values_count():
    """A material note's line under a label is no stacked value."""
    assert not _stacked(_label(10.0, 50.0), _value(10.0, 40.0, role="material"))
    assert _stacked(_label(10.0, 50.0), _value(10.0, 40.0), _value(10.0, 50.0, "material"))


# --- card and error ------------------------------------------------------------------------------


def test_slabs_that_do_not_fit_a_card_are_an_error_naming_the_first_left_over(poker):
    """The search chose a card's slabs to fit: slabs that do not are a FitError naming the
    first slab that did not go on (not the next), at the size."""
    setter = SpellSetter(make_spell(), poker)
    header = setter.header(first=True, numbered=False)
    slabs = (Slab(100.0, ()), Slab(100.0, (), what="první"), Slab(5.0, (), what="druhý"))
    with pytest.raises(FitError, match="^Barevná koule: první se nevejde na kartu 63 × 88 mm "):
        setter.card(7.0, 1, 1, header, slabs)


def test_a_card_is_filled_to_its_last_line_not_to_a_paragraph_end(poker):
    """The search chose the slabs: a card takes them to the last break that fits, not to an
    earlier paragraph end (a full card's, which filling a card of the search would prefer):
    what does not fit is the slab past the room, and the error names it."""
    from cards.fit.paginate import BLOCK, LINE

    setter = SpellSetter(make_spell(), poker)
    header = setter.header(first=True, numbered=False)
    slabs = (
        Slab(130.0, ()),  # past FULL (0.8) of the 156 pt room
        Slab(10.0, (), breakable=BLOCK, what="odstavec"),
        Slab(10.0, (), breakable=LINE, what="řádek"),
        Slab(100.0, (), breakable=LINE, what="přetékající řádek"),
    )
    with pytest.raises(FitError, match="^Barevná koule: přetékající řádek se nevejde"):
        setter.card(7.0, 1, 1, header, slabs)


def test_an_overfull_line_is_an_error_naming_its_longest_word(poker):
    """A line a word overflows: FitError "slovo „…“ se nevejde", naming that word."""
    setter = SpellSetter(make_spell(), poker)
    header = setter.header(first=True, numbered=False)
    line = SimpleNamespace(text="tvor nejdelšíslovo jde", overfull=True)
    slab = Slab(10.0, (TextLine(line, 20.0, 0.0, 8.0, "#000000"),))
    expected = (
        "Barevná koule: slovo „nejdelšíslovo“ se nevejde na kartu 63 × 88 mm ani v písmu 8 pt "
        f"(rozvržení {poker.path})"
    )
    with pytest.raises(FitError) as caught:
        setter.card(8.0, 1, 1, header, (slab,))
    assert str(caught.value) == expected


def test_the_error_names_spell_part_card_size_and_layout(tmp_path):
    """The card's size in millimetres to a tenth, the type size as it is written."""
    path = layout_variant(tmp_path, {"width_mm": "63.27", "height_mm": "88.04"})
    setter = SpellSetter(make_spell(), load_layout(path))
    assert str(setter.error("popis", 6.5)) == (
        f"Barevná koule: popis se nevejde na kartu 63.3 × 88 mm ani v písmu 6.5 pt "
        f"(rozvržení {path})"
    )
    assert str(setter.error("údaje", 7.25, "se nevejdou")).startswith(
        "Barevná koule: údaje se nevejdou na kartu 63.3 × 88 mm ani v písmu 7.25 pt"
    )


def test_a_single_card_has_no_part_label_two_cards_say_1_2_and_2_2(poker):
    """The part label "n/parts" only when a spell takes more than one card."""
    setter = SpellSetter(make_spell(Paragraph("Krátký popis.")), poker)
    slabs = setter.slabs(8.0)
    labels = lambda face: [i.text for i in face.items if isinstance(i, Label)]  # noqa: E731
    single = setter.card(8.0, 1, 1, setter.header(first=True, numbered=False), slabs)
    assert "1/1" not in labels(single)
    first = setter.card(8.0, 1, 2, setter.header(first=True, numbered=True), slabs)
    second = setter.card(8.0, 2, 2, setter.header(first=False, numbered=True), slabs)
    assert "1/2" in labels(first) and "2/2" in labels(second)
    assert len(second.items) > len(labels(second)) + 1  # the label added, not all there is
    assert (first.part, first.parts, first.body_size, first.squeeze) == (1, 2, 8.0, 0.0)
    assert not first.run_in


def test_a_front_whose_text_goes_on_overleaf_says_so(poker):
    """The continued front's cue: "pokračuje na rubu ›", right of its foot."""
    setter = SpellSetter(make_spell(), poker)
    for first in (True, False):
        cues = [
            i.text
            for i in setter.continued_header(first).items
            if isinstance(i, Label) and i.font == poker.fonts["italic"]
        ]
        assert cues == ["pokračuje na rubu ›"]


# --- the bound on a larger size (GROWTH) ---------------------------------------------------------


def _one_word_paragraphs(count: int):
    """A spell of one-line paragraphs: as many lines at every size, its height grows only with
    the leading (and the gaps, which are in lines too)."""
    return make_spell(*(Paragraph("Slovo.") for _ in range(count)))


def test_a_fit_is_a_record_that_cannot_be_changed(poker):
    import dataclasses

    result = search.fit(make_spell(), poker)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.min_cards = 2  # type: ignore[misc]


# --- one card: no part label, so the name has the whole band -------------------------------------


def _title_sizes(face) -> list[float]:
    return [i.size for i in face.items if isinstance(i, TextLine) and i.role == "title"]


@pytest.mark.parametrize("repeat", [1, 5])
def test_a_single_cards_name_keeps_the_whole_band(poker, repeat):
    """A spell on one card has no "1/1": "Melfův kyselinový šíp" is set at the band's full
    11 pt (title_max), as it is not on a numbered card (which keeps room for "2/3"). At 12 pt
    (stats grown) and below 9.25 pt alike."""
    spell = make_spell(Paragraph(SENTENCE * repeat), name="Melfův kyselinový šíp")
    (face,) = search.fit_spell(spell, poker)
    assert (face.body_size >= 9.25) == (repeat == 1)
    assert _title_sizes(face) == [poker.sizes.title_max]
    assert (face.part, face.parts) == (1, 1)


def _stat_sizes(face) -> set[float]:
    return {i.size for i in face.items if isinstance(i, TextLine) and i.role == "stat"}


def test_a_single_card_at_9_25_pt_grows_its_stats_already(poker):
    """STAT_SCALE_FROM is 9.25 pt: a spell set there has its values grown to 9.25/8.5 of
    type.stat; one set at 8 pt keeps type.stat. Either is one card, fewest one."""
    at_9_25 = search.fit(make_spell(Paragraph(SENTENCE * 2), Paragraph(SENTENCE * 2)), poker)
    ((face,), least) = at_9_25.faces, at_9_25.min_cards
    assert face.body_size == 9.25 and least == 1
    (size,) = _stat_sizes(face)
    assert size == pytest.approx(poker.sizes.stat * 9.25 / 8.5)
    at_8 = search.fit(make_spell(Paragraph(SENTENCE * 3), Paragraph(SENTENCE * 2)), poker)
    ((face,), least) = at_8.faces, at_8.min_cards
    assert face.body_size == 8.0 and least == 1
    assert _stat_sizes(face) == {poker.sizes.stat}


def test_a_body_within_eps_below_9_25_pt_grows_its_stats(tmp_path):
    """STAT_SCALE_FROM is compared with EPS (1e-6 pt) to spare: a layout's step of 9.249999 pt
    counts as 9.25, and a spell set there has its values grown to 9.249999/8.5 of type.stat."""
    steps = "[12.0, 9.249999, 6.5]"
    layout = load_layout(layout_variant(tmp_path, {"size_steps": steps}, "steps"))
    spell = make_spell(Paragraph(SENTENCE * 2), Paragraph(SENTENCE * 2))
    (face,) = search.fit_spell(spell, layout)
    assert face.body_size == 9.249999
    (size,) = _stat_sizes(face)
    assert size == pytest.approx(layout.sizes.stat * 9.249999 / 8.5, rel=1e-12)


def test_the_one_card_search_is_tried_on_the_estimate_at_the_minimum_size(poker):
    """Its text and a six-row table estimated at 1.12 cards at 6.5 pt (1.2 at 7 pt: a table's
    row is counted two lines), past the card, the spell is searched for one card all the same
    (it fits one at 6.5 pt), and fits one at 7.5 pt with a single card's furniture: the name
    at the band's full size, no room kept for "1/2"."""
    table = Table(("Úroveň", "Zranění"), tuple((str(n), f"{n}k8") for n in range(6)))
    spell = make_spell(Paragraph(SENTENCE * 4), table, name="Melfův kyselinový šíp")
    setter = SpellSetter(spell, poker)
    box = setter.header(first=True, numbered=False).body.height
    assert box < setter.estimate(6.5) <= 1.15 * box < setter.estimate(7.0)
    (face,) = search.fit_spell(spell, poker)
    assert face.body_size == 7.5
    assert _title_sizes(face) == [poker.sizes.title_max]


def _paired_table(rows: int):
    """A spell of one two-column table of short cells, set as two pairs side by side (half
    as many lines as rows), which the estimate counts at two lines a row."""
    colours = ("rudá", "modrá", "zelená", "žlutá", "bílá", "černá")
    table = Table(("k20", "Barva"), tuple((str(n + 1), colours[n % 6]) for n in range(rows)))
    return make_spell(table, name="Melfův kyselinový šíp")


@pytest.mark.parametrize(("rows", "size", "larger"), [(24, 8.0, 8.5), (29, 6.5, 7.0)])
def test_a_table_the_estimate_puts_past_the_card_is_set_on_one_card_if_it_fits(
    poker, rows, size, larger
):
    """A paired table of 24 rows is estimated at 2.3 cards at 6.5 pt and takes 0.78 of one;
    one of 29 rows 2.8 cards and 0.96. Each is set on one card, with a single card's
    furniture (the name at the band's full size, no room kept for "1/2"), at the largest size
    its text fits that card: 8 pt (0.96 of it; 8.5 pt would take 1.02), and 6.5 pt (1.04 at
    7 pt)."""
    spell = _paired_table(rows)
    setter = SpellSetter(spell, poker)
    box = setter.header(first=True, numbered=False).body.height
    assert setter.estimate(6.5) > 2.15 * box
    assert search.used_height(setter.outline(size)) <= box
    assert search.used_height(setter.outline(larger)) > box
    result = search.fit(spell, poker)
    ((face,), least) = result.faces, result.min_cards
    assert (face.body_size, face.squeeze, least) == (size, 0.0, 1)
    assert _title_sizes(face) == [poker.sizes.title_max]


def test_a_spell_that_fits_one_card_takes_one_with_text_continued_on_backs_too(poker):
    """One card if the text fits one at the minimum size, whatever the estimate said: the
    24-row paired table, continued on backs, is one front at 8 pt (not a front and its back
    at a larger size, as a spell of three parts would take four)."""
    result = search.fit(_paired_table(24), poker, continue_on_back=True)
    assert [(f.part, f.parts, f.body_size) for f in result.faces] == [(1, 1, 8.0)]
    assert result.min_cards == 1


# --- a text exactly as tall as the card's room fits (EPS is a tolerance, not a margin) -----------


def _card_whose_room_is(tmp_path, room_on_poker: float, wanted: float, name: str):
    """Return poker made shorter so that a room of `room_on_poker` points becomes `wanted`
    (the furniture keeps its height: the room changes with the card's)."""
    from reportlab.lib.units import mm

    height = 88.0 - (room_on_poker - wanted) / mm
    return load_layout(layout_variant(tmp_path, {"height_mm": repr(height)}, name))


def test_a_text_exactly_as_tall_as_the_one_card_room_is_set_at_that_size(poker, tmp_path):
    """Thirteen one-line paragraphs at 8.5 pt on a card whose room below the stats is their
    height to the point: they fit (not 8 pt)."""
    spell = _one_word_paragraphs(13)
    setter = SpellSetter(spell, poker)
    room = setter.header(first=True, numbered=False).body.height
    height = search.used_height(setter.outline(8.5))
    layout = _card_whose_room_is(tmp_path, room, height, "exact")
    tuned = SpellSetter(spell, layout).header(first=True, numbered=False).body.height
    assert tuned == pytest.approx(height, abs=1e-9)
    (face,) = search.fit_spell(spell, layout)
    assert face.body_size == 8.5


# --- the denser setters: which are tried --------------------------------------------------------


def test_the_run_in_grid_that_saves_a_third_card_is_tried(poker, monkeypatch):
    """One long paragraph takes three cards with the layout's grid; at 6.5 pt its lines are
    1.83 later cards' room, within the two cards it may take with the run-in grid (though at
    7 pt they pass two: the bound is at the minimum size), so the grid is tried and saves the
    card. Without the fallback, three cards."""
    spell = make_spell(Paragraph(SENTENCE * 21))
    setter = SpellSetter(spell, poker)
    rest = setter.header(first=False, numbered=True).body.height
    lines = sum(slab.height for slab in setter.outline(6.5))
    assert 1.6 * rest < lines <= 2 * rest < sum(slab.height for slab in setter.outline(7.0))
    faces = search.fit_spell(spell, poker)
    assert [(f.run_in, f.squeeze) for f in faces] == [(True, 0.0), (True, 0.0)]
    monkeypatch.setattr(search, "RUN_IN_FALLBACK", False)
    assert len(search.fit_spell(spell, poker)) == 3


def test_a_spell_of_over_sixty_cards_names_what_does_not_fit_on_them(tmp_path):
    """On a 45 mm card (six lines a card), a long numbered item and 420 one-line paragraphs
    take 64 cards (66 with the item's heading repeated on each of its cards, so it is not),
    and a table header taller than a card comes last: the error names its cell, the cards
    counted whatever their number."""
    layout = load_layout(layout_variant(tmp_path, {"height_mm": "45.0"}))
    cell = " ".join(["slovo"] * 300)
    spell = make_spell(
        Paragraph(SENTENCE * 35, heading="1. Bod."),
        *(Paragraph("Slovo.") for _ in range(420)),
        Table(("x", cell), (("A", "B"),)),
    )
    row = r"^Barevná koule: buňka tabulky \(„slovo slovo .*, 300 slov\) se nevejde"
    with pytest.raises(FitError, match=row + r" na kartu 63 × 45 mm ani v písmu 6\.5 pt "):
        search.fit(spell, layout)


def test_a_heading_said_again_that_costs_no_card_is_kept_past_sixty_cards(tmp_path):
    """On a 45 mm card, a numbered item of two sentences and 482 one-line paragraphs take 62
    cards with the item's heading said again where it goes on to its second card, and 62
    without: it is said again ("1. Bod (pokr.)"), whatever the number of cards."""
    layout = load_layout(layout_variant(tmp_path, {"height_mm": "45.0"}))
    spell = make_spell(
        Paragraph(SENTENCE * 2, heading="1. Bod."), *(Paragraph("Slovo.") for _ in range(482))
    )
    setter = SpellSetter(spell, layout)
    slabs = setter.outline(6.5)
    plain = search.without_repeated_headings(slabs, setter.style)
    cards = search.room_of(setter, False).cards
    assert plain is not None and len(cards(slabs, False, 10**6)) == len(cards(plain, False, 10**6))
    result = search.fit(spell, layout)
    assert (len(result.faces), result.min_cards) == (62, 62)
    texts = [i.line.text for f in result.faces for i in f.items if isinstance(i, TextLine)]
    assert texts.count("1. Bod (pokr.)") == 1


def test_the_error_names_what_overfills_the_cards_filled_to_their_last_lines(poker):
    """Twenty-two paragraphs of nine sentences (each some 21 lines at 6.5 pt, over 80 % of a
    later card) and a table whose header is taller than a card: filled to their last lines,
    21 cards hold it all, the header alone on one of them, too tall: the error names its
    cell. (Ended at paragraph ends, full cards would take 24, and the 21 counted would not
    reach the header.)"""
    cell = " ".join(["slovo"] * 300)
    spell = make_spell(
        *(Paragraph(SENTENCE * 9) for _ in range(22)), Table(("x", cell), (("A", "B"),))
    )
    setter = SpellSetter(spell, poker)
    slabs, cards = setter.outline(6.5), search.room_of(setter, False).cards
    assert (len(cards(slabs, False, 10**6)), len(cards(slabs, True, 10**6))) == (21, 24)
    row = r"^Barevná koule: buňka tabulky \(„slovo slovo .*, 300 slov\) se nevejde"
    with pytest.raises(FitError, match=row + r" na kartu 63 × 88 mm ani v písmu 6\.5 pt "):
        search.fit(spell, poker)


# --- continued on the backs ---------------------------------------------------------------------


def test_an_odd_count_on_backs_takes_a_part_more_at_a_larger_size(poker):
    """With --continue-on-back, 24 sentences take three parts at the minimum size, which
    leave the second card's back empty: four parts (two cards still) let them be set at
    8 pt, every part at it."""
    result = search.fit(make_spell(Paragraph(SENTENCE * 24)), poker, continue_on_back=True)
    assert result.min_cards == 3
    assert [(f.part, f.parts, f.body_size) for f in result.faces] == [
        (n, 4, 8.0) for n in range(1, 5)
    ]


def test_a_spell_on_two_cards_at_12_pt_is_squeezed_onto_one(poker):
    """Nineteen one-line paragraphs take two cards, at poker's top size; squeezed (half the
    gaps) they fit one card at 6.5 pt, and a card saved beats the size: one squeezed card."""
    spell = _one_word_paragraphs(19)
    plain = search._fit(SpellSetter(spell, poker), False)
    assert [f.body_size for f in plain.faces] == [poker.body_max] * 2
    (face,) = search.fit_spell(spell, poker)
    assert (face.body_size, face.squeeze) == (6.5, 0.5)


def test_two_parts_on_one_card_fill_its_front_and_its_back(poker, recorded):
    """With --continue-on-back, 12 sentences take a front and its back: the text's room is
    the front's (with the cue) and the back's (a slim band, no footer), 8 pt on both. The
    guess held against that room starts the walk at 8 pt: 8.5 pt is tried, no larger size
    (smaller ones are, for spaces that gape)."""
    result = search.fit(make_spell(Paragraph(SENTENCE * 12)), poker, continue_on_back=True)
    assert result.min_cards == 2
    assert [(f.part, f.parts, f.body_size) for f in result.faces] == [(1, 2, 8.0), (2, 2, 8.0)]
    assert max(recorded) == 8.5 and 8.0 in recorded


def test_the_scaled_estimate_starts_the_walk_next_to_the_size_it_ends_at(poker, recorded):
    """Thirteen sentences take two cards at 8 pt. The estimate, scaled to the real height at
    6.5 pt and held against 96 % of the two cards' room, guesses 7.5 pt: the search sets the
    text at 6.5 (to count the cards), 7.5 and 8 pt, and at no other size."""
    faces = search.fit_spell(make_spell(Paragraph(SENTENCE * 12), Paragraph(SENTENCE)), poker)
    assert [f.body_size for f in faces] == [8.0, 8.0]
    assert set(recorded) == {6.5, 7.5, 8.0}


def test_a_grid_that_cannot_save_a_card_is_not_even_set(poker, monkeypatch):
    """Three cards of "Tašina příšerný smích kouzla": at 6.5 pt its lines pass what two later
    (numbered) cards hold, so no grid can save it the third: the run-in grid's furniture is
    never set (though two cards without their part labels would hold the lines)."""
    spell = make_spell(Paragraph(SENTENCE * 23), name="Tašina příšerný smích kouzla")
    setter = SpellSetter(spell, poker)
    lines = sum(slab.height for slab in setter.outline(6.5))
    numbered = setter.header(first=False, numbered=True).body.height
    assert 2 * numbered < lines < 2 * setter.header(first=False, numbered=False).body.height
    grids: list[bool] = []
    real = setter_module.furniture

    def recording(style, *args, **options):
        grids.append(style.run_in)
        return real(style, *args, **options)

    monkeypatch.setattr(setter_module, "furniture", recording)
    faces = search.fit_spell(spell, poker)
    assert len(faces) == 3 and not any(f.run_in for f in faces)
    assert grids and not any(grids)


def test_the_fewest_cards_are_counted_filling_each_card_to_its_last_line(poker):
    """Thirteen paragraphs of three sentences: four cards at 6.5 pt when each card is filled
    to its last line that fits; ending the full cards at paragraph ends would take five (and
    let the text be set larger on them). Four cards, at 6.5 pt."""
    spell = make_spell(*(Paragraph(SENTENCE * 3) for _ in range(13)))
    result = search.fit(spell, poker)
    assert result.min_cards == 4
    assert [f.body_size for f in result.faces] == [6.5] * 4


def test_headings_said_again_are_dropped_when_that_saves_a_card(poker):
    """Five numbered items of six sentences: four cards with each split item's heading said
    again on the next card, three without (counted filling each card to its last line): the
    headings are not repeated: three cards at 6.5 pt with the layout's grid, squeezed so
    that the cue of a card begun inside a sentence costs no card either."""
    spell = make_spell(*(Paragraph(SENTENCE * 6, heading=f"{n}. Bod.") for n in range(1, 6)))
    result = search.fit(spell, poker)
    assert result.min_cards == 3
    assert [(f.body_size, f.run_in, f.squeeze) for f in result.faces] == [(6.5, False, 0.5)] * 3
    texts = [i.line.text for f in result.faces for i in f.items if isinstance(i, TextLine)]
    assert not any("(pokr.)" in text for text in texts)
