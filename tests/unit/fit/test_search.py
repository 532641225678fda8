"""cards/fit/search.py's parts on their own: the walk over the size grid and its first guess,
the height estimate, the setter's memos and derived setters (squeezed, compact, grown stats),
the run-in grid's stacking test, a card's placing and the error that names what does not fit."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.face import Area, Label, TextLine
from cards.fit import fit, fit_spell, search, used_height
from cards.fit import setter as setter_module
from cards.fit.furniture import Header
from cards.fit.paginate import EPS, Slab
from cards.fit.setter import FitError, SpellSetter
from cards.layout import load_layout
from cards.model import Paragraph, Table
from cards.select import find_spell
from tests.support.spells import SENTENCE, layout_variant, make_spell


@pytest.fixture(scope="module")
def poker():
    return load_layout("poker")


# --- the body size of a one-card spell --------------------------------------------------------
# Through fit_spell, against a brute force written from the rules (room.py's docstrings): the
# largest size of the grid below the title at which the description fits the card; where its
# spaces gape past GAPE times their width there, up to GAPE_STEPS smaller sizes that fit are
# tried and the first that gapes no wider is taken, else the least gaping (of equals, the
# larger). The lengths below put the answer at every size of poker's grid but 8.5, from the
# top (10 pt) to the minimum, and below the largest size that fits, for its gaping spaces.

ONE_CARD_WORDS = (10, 28, 52, 76, 82, 88, 100, 112, 124, 130, 148, 160, 190)


def _gape(slabs, space: float) -> float:
    """The widest space of the stretched body lines, as a multiple of the font's own space."""
    ratios = [
        (space * item.size + item.line.word_space) * item.line.scale / (space * item.size)
        for slab in slabs
        for item in slab.items
        if isinstance(item, TextLine) and item.line.word_space > 0
    ]
    return max([1.0, *ratios])


def _expected_one_card_size(spell, layout) -> float | None:
    """The body size the rules give a spell on one card, or None where it takes more."""
    from cards.fit.room import GAPE, GAPE_STEPS, size_grid

    setter = SpellSetter(spell, layout)
    single = setter.header(first=True, numbered=False)
    title = min(i.size for i in single.items if isinstance(i, TextLine) and i.role == "title")
    sizes = [s for s in size_grid(layout) if s < title - EPS] or size_grid(layout)[:1]
    box = single.body.height + EPS
    fitting = [
        s
        for s in sizes
        if used_height(setter.slabs(s)) <= box and used_height(setter.outline(s)) <= box
    ]
    if not fitting:
        return None
    space = stringWidth(" ", layout.fonts["body"], 1.0)
    largest = sizes.index(max(fitting))
    tried = [s for s in sizes[max(largest - GAPE_STEPS, 0) : largest + 1] if s in fitting]
    gapes = {s: _gape(setter.slabs(s), space) for s in tried}
    readable = [s for s in sorted(tried, reverse=True) if gapes[s] <= GAPE]
    if readable:
        return readable[0]
    return min(sorted(tried, reverse=True), key=lambda s: gapes[s])


# (table rows, words before the table): the estimate counts a table's paired rows twice, so
# the search starts low and climbs, to the top size for the first two. (The search's bound,
# which scales a known height by GROWTH, stops some tables a size short of the largest that
# fits, 8 rows after 40 words for one: such cases are left out, the rule above is not it.)
TABLE_CASES = ((8, 0), (16, 0), (20, 0), (6, 60), (16, 40), (16, 50), (20, 50))


def _one_card_spells():
    """Paragraphs of growing length, then a table after a paragraph, each on one poker card."""
    words = (SENTENCE * 30).split()
    spells = [make_spell(Paragraph(" ".join(words[:count]))) for count in ONE_CARD_WORDS]
    for rows, count in TABLE_CASES:
        table = Table(("Hod", "Účinek"), tuple((str(k), "Déšť") for k in range(1, rows + 1)))
        text = [Paragraph(" ".join(words[:count]))] if count else []
        spells.append(make_spell(*text, table))
    return spells


@pytest.fixture(scope="module")
def one_card_spells():
    return _one_card_spells()


def test_a_one_card_spell_gets_the_size_the_rules_give(poker, one_card_spells):
    """Every one of the spells is set on one card at the brute force's size."""
    got = [fit_spell(spell, poker) for spell in one_card_spells]
    want = [_expected_one_card_size(spell, poker) for spell in one_card_spells]
    assert [len(faces) for faces in got] == [1] * len(one_card_spells)
    assert [faces[0].body_size for faces in got] == want


def test_the_one_card_spells_reach_every_size_and_a_gaping_one():
    """The cases are what the test above needs: the top and the minimum of poker's grid and
    all sizes but one between are some spell's answer (8.5 pt gapes in poker's column: the
    answer is never it), an answer lies below the largest size that fits, and the search
    for a table starts at the minimum (the estimate at 7 pt says it does not fit), four sizes
    below its answer."""
    from cards.fit.room import size_grid

    layout = load_layout("poker")
    answers = set()
    below_largest = False
    for spell in _one_card_spells():
        setter = SpellSetter(spell, layout)
        box = setter.header(first=True, numbered=False).body.height + EPS
        answer = _expected_one_card_size(spell, layout)
        answers.add(answer)
        larger = [s for s in size_grid(layout) if s > answer]
        below_largest |= any(used_height(setter.slabs(s)) <= box for s in larger)
    assert answers == set(size_grid(layout)) - {8.5} and below_largest
    table = _one_card_spells()[len(ONE_CARD_WORDS) + 1]  # 16 rows: at 10 pt on one card
    setter = SpellSetter(table, layout)
    assert setter.estimate(7.0) > setter.header(first=True, numbered=False).body.height


def test_a_spell_too_long_for_one_card_at_the_minimum_takes_two():
    """Past what one card holds at the smallest size, the fewest cards: two."""
    layout = load_layout("poker")
    spell = make_spell(Paragraph(" ".join((SENTENCE * 30).split()[:230])))
    assert _expected_one_card_size(spell, layout) is None
    assert len(fit_spell(spell, layout)) == 2


# --- the stats grown for a size ---------------------------------------------------------------


def test_growing_the_stats_sets_the_description_at_no_size_again(poker, monkeypatch):
    """A one-card spell at 9.25 pt has its stat values grown: the grown setter takes the
    description as the search set it, which the stats do not touch, and sets it at no size
    and in no form (outlined, set in full) a second time."""
    settings: list[tuple[float, tuple]] = []
    real = setter_module.description

    def recording(style, blocks, size, context, **options):
        settings.append((size, tuple(sorted((k, v) for k, v in options.items() if k != "ranked"))))
        return real(style, blocks, size, context, **options)

    monkeypatch.setattr(setter_module, "description", recording)
    (face,) = fit_spell(make_spell(Paragraph(SENTENCE * 2), Paragraph(SENTENCE * 2)), poker)
    assert face.body_size == 9.25 and _stat_sizes(face) == {poker.sizes.stat * 9.25 / 8.5}
    assert 9.25 in [size for size, _ in settings]
    assert len(settings) == len(set(map(repr, settings)))


def test_a_run_in_grid_that_sets_a_value_under_its_label_is_not_taken(poker):
    """Range "Sesilatel (Kužel 2 sáhy)" (Hlas bouře's) is too long for its cell of the
    run-in grid and goes under its label there, which then stands too close above it.
    Twenty sentences with it take three cards with the layout's grid; the run-in grid would
    hold them on two, but it is not taken: three cards, none run-in."""
    spell = replace(make_spell(Paragraph(SENTENCE * 20)), range="Sesilatel (Kužel 2 sáhy)")
    faces = fit_spell(spell, poker)
    assert len(faces) == 3 and not any(face.run_in for face in faces)


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


def test_a_spell_on_two_cards_at_12_pt_is_squeezed_onto_one(poker, tmp_path, monkeypatch):
    """Nineteen one-line paragraphs take two cards, at poker's top size, where nothing may
    squeeze them (poker with squeeze = 0, no run-in grid); squeezed (half the gaps) they fit
    one card at 6.5 pt, and a card saved beats the size: on poker, one squeezed card."""
    spell = _one_word_paragraphs(19)
    monkeypatch.setattr(search, "RUN_IN_FALLBACK", False)
    unsqueezed = load_layout(str(layout_variant(tmp_path, {"squeeze": "0.0"}, "unsqueezed")))
    plain = search.fit_spell(spell, unsqueezed)
    assert [(f.body_size, f.squeeze) for f in plain] == [(poker.body_max, 0.0)] * 2
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


# ------------------------------------------------------------------------------------------
# The furniture memo of a spell's setters: shared where the furniture is the same.


@pytest.fixture(scope="module")
def layout():
    return load_layout("poker")


def test_the_run_in_setter_shares_a_later_cards_furniture_not_the_first_ones(layout):
    """A later card has no stat grid: the compact setter takes the plain one's furniture as
    it is; its first card (the run-in grid) is its own."""
    plain = SpellSetter(make_spell(), layout)
    compact = plain.compact()
    assert compact.header(first=False, numbered=True) is plain.header(first=False, numbered=True)
    first = compact.header(first=True, numbered=True)
    assert first is not plain.header(first=True, numbered=True)
    assert first.items != plain.header(first=True, numbered=True).items


def test_a_squeezed_setter_and_its_run_in_one_share_the_first_cards_furniture(layout):
    """Squeezing takes from the text's gaps only: the run-in grid of the squeezed setter is
    the plain setter's run-in grid, set once."""
    plain = SpellSetter(make_spell(), layout)
    compact = plain.compact()
    squeezed_compact = plain.squeezed().compact()
    header = compact.header(first=True, numbered=False)
    assert squeezed_compact.header(first=True, numbered=False) is header


# ------------------------------------------------------------------------------------------
# Squeezing (type.squeeze) only when it saves a physical card, also with --continue-on-back.


@pytest.fixture(scope="module")
def layouts(tmp_path_factory):
    """Poker as shipped (squeeze 0.5) and poker that never squeezes (the oracle)."""
    folder = tmp_path_factory.mktemp("squeeze")
    return load_layout("poker"), load_layout(layout_variant(folder, {"squeeze": "0.0"}))


def test_continue_on_back_keeps_a_two_part_spell_at_its_size(compendium, layouts):
    """Trnová zeď takes two parts, one card with text on its back: squeezing it onto one part
    saves no card, so it keeps the size it has without squeezing (8.5 pt, not 6.5)."""
    poker, never = layouts
    spell = find_spell(compendium, "Trnová zeď")
    shipped = fit(spell, poker, continue_on_back=True)
    plain = fit(spell, never, continue_on_back=True)
    assert len(plain.faces) == 2  # one physical card already
    assert [f.body_size for f in shipped.faces] == [f.body_size for f in plain.faces]
    assert len(shipped.faces) == 2


def test_without_backs_a_squeeze_that_saves_a_card_is_taken(compendium, layouts, monkeypatch):
    """Spánek (README: 2 cards at 8.5 -> 1 at 6.5) is squeezed onto one card on poker (the
    run-in stat grid, which saves it the card too, turned off)."""
    monkeypatch.setattr(search, "RUN_IN_FALLBACK", False)
    poker, never = layouts
    spell = find_spell(compendium, "Spánek")
    assert len(fit(spell, never).faces) == 2
    assert len(fit(spell, poker).faces) == 1
