"""Description blocks (cards/fit/blocks.py) against oracles worked out by hand from the rules.

Written to kill the mutants a mutation run left alive. Most tests use poker's card style with
the fixed-width test font for every face (every glyph 0.60205078125 em) and a text column
200 pt wide at x = 10, set at 10 pt: a line is 11.4 pt (leading 1.14), a paragraph gap
0.22 of it (2.508 pt), a line may open by (1.3 - 1.14) * 10 = 1.6 pt and a gap by
(1.0 - 0.22) * 11.4 = 8.892 pt; a baseline is 0.8 em (8 pt) below its slab's top.
`ranks` and `_sentence_ends` are checked on hand-made words and line spans.
"""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pytest

from cards.face import Label, TextLine
from cards.fit.blocks import (
    _sentence_ends,
    continued_heading,
    description,
    higher_pads,
    permission,
    ranks,
    sentence_end,
    without_repeated_headings,
)
from cards.fit.paginate import BLOCK, LINE, NEVER, SENTENCE, SHORT
from cards.fit.style import card_style
from cards.layout import load_layout
from cards.model import BulletList, Heading, Paragraph, Table
from cards.typeset import ParagraphSetting, TypesetContext, set_lines
from tests.support.fonts import mono_poker

MONO = "BlocksMutantsMono"
LEFT, WIDTH, SIZE = 10.0, 200.0, 10.0
LEADING = 11.4  # 1.14 * 10
GAP = 0.22 * LEADING  # 2.508
OPEN_LINE = (1.3 - 1.14) * SIZE  # 1.6
OPEN_GAP = (1.0 - 0.22) * LEADING  # 8.892
TOP = -0.8 * SIZE  # a line's baseline below its slab's top


@pytest.fixture(scope="module")
def mono():
    """Poker's style with the fixed-width font for every face, text column 10..210."""
    return mono_poker(MONO, left=LEFT, width=WIDTH)


def _set(style, *blocks, **options):
    return description(style, blocks, SIZE, TypesetContext(), **options)


def _texts(slab) -> list[str]:
    return [i.line.text for i in slab.items if isinstance(i, TextLine)]


# --- sentence ends, continued headings -----------------------------------------------------


def test_an_x_is_neither_a_closing_mark_nor_a_sentence_end():
    """Only quotes, brackets and guillemets are stripped after a full stop; a letter after
    it, or a word ending in a letter, ends no sentence."""
    assert not sentence_end("tahu.X") and not sentence_end("slovoX")
    assert sentence_end("tahu.»") and sentence_end("tahu.)")


def test_only_a_full_stop_or_colon_is_dropped_from_a_continued_heading():
    """A heading ending in a letter keeps it: "Bod X" -> "Bod X (pokr.)"."""
    assert continued_heading("Bod X") == "Bod X (pokr.)"
    assert continued_heading("Bod X.:") == "Bod X (pokr.)"


# --- ranks, _sentence_ends, permission ------------------------------------------------------


def _spans(*lines: int) -> list[SimpleNamespace]:
    """Line spans of consecutive words: `lines` gives each line's word count."""
    out, first = [], 0
    for count in lines:
        out.append(SimpleNamespace(first=first, last=first + count - 1, split_word=False))
        first += count
    return out


def _words(count: int, ends: set[int]) -> tuple[str, ...]:
    """Words of letters only (a digit would make every break SHORT), "." after `ends`."""
    names = [chr(97 + i % 26) + chr(97 + i // 26) for i in range(count)]
    return tuple(f"{w}." if i in ends else w for i, w in enumerate(names))


def _rank_at_third(third: int, end_at: int) -> int:
    """The rank before the third of five lines (4 words each, then `third`, then 4 and 4)
    when the sentence goes on to its `end_at`-th word (0-based, counted from the third line's
    first word)."""
    counts = (4, 4, third, 4, 4)
    words = _words(sum(counts), {8 + end_at, sum(counts) - 1})
    return ranks(SimpleNamespace(words=words), _spans(*counts))[2]


def test_a_sentence_tail_of_six_words_is_a_full_break_five_a_short_one():
    """Ending at the third line's last word: a tail of TAIL_WORDS (6) words is LINE, of 5
    SHORT; a line of 8 words whose sentence ends at its 7th word is SHORT (less than a
    full line goes on), ending at the 8th LINE."""
    assert _rank_at_third(6, 5) == LINE
    assert _rank_at_third(5, 4) == SHORT
    assert _rank_at_third(8, 6) == SHORT
    assert _rank_at_third(8, 7) == LINE
    assert _rank_at_third(8, 9) == LINE  # the sentence goes on past the line


def test_a_short_tail_far_into_a_paragraph_is_still_short():
    """The tail is counted from the line's first word, not from the paragraph's start: three
    words from word 40 on are SHORT."""
    counts = (20, 20, 3, 20, 20)
    words = _words(sum(counts), {42, sum(counts) - 1})
    assert ranks(SimpleNamespace(words=words), _spans(*counts)) == [
        BLOCK,
        NEVER,
        SHORT,
        SENTENCE,
        NEVER,
    ]


def test_a_break_after_a_sentence_end_is_a_sentence_break():
    counts = (4, 4, 4, 4, 4)
    words = _words(20, {7, 19})
    assert ranks(SimpleNamespace(words=words), _spans(*counts))[2] == SENTENCE


def test_sentence_ends_point_to_the_next_end_else_the_last_word():
    """For each word, the index of the first sentence end from it on; past the last end
    (or with none) the last word's index."""
    assert _sentence_ends(("a", "b", "c")) == (2, 2, 2)
    assert _sentence_ends(("aa.", "b", "c")) == (0, 2, 2)
    assert _sentence_ends(("a", "bb.", "c", "dd.", "e")) == (1, 1, 3, 3, 4)


def test_a_card_may_end_before_the_last_line_but_one():
    """Of six lines a card may end before lines 2, 3 and 4 (not 5, a widow; not 1, an orphan)."""
    assert [permission([False] * 6, n) for n in range(6)] == [
        BLOCK,
        NEVER,
        LINE,
        LINE,
        LINE,
        NEVER,
    ]


def test_higher_pads_are_an_em_share_plus_a_fixed_pad():
    """Poker: 0.45 em + 1.5 pt across, 0.3 em down: at 10 pt 6.0 and 3.0."""
    pad_x, pad_y = higher_pads(card_style(load_layout("poker"), "Zaklínání"), 10.0)
    assert pad_x == pytest.approx(6.0) and pad_y == pytest.approx(3.0)


# --- paragraphs and repeated headings -----------------------------------------------------

# 38 characters: two lines of at most 33 glyphs (200 / 6.0205 = 33.2)
TWO_LINES = "aaaa bbbb cccc dddd eeee ffff gggg hhhh"


def test_a_paragraph_line_is_a_slab_of_one_leading_with_its_baseline_at_08_em(mono):
    """Each line: 11.4 pt high, at x = 10, baseline 8 pt down, in the text colour, named
    "řádek popisu"; the first with the gap above it, the rest none but what they may open."""
    first, second = _set(mono, Paragraph(TWO_LINES))
    assert [first.height, second.height] == pytest.approx([LEADING, LEADING])
    assert [first.what, second.what] == ["řádek popisu", "řádek popisu"]
    assert first.space_before == pytest.approx(GAP) and second.space_before == 0.0
    assert second.stretch == pytest.approx(OPEN_LINE)
    for slab in (first, second):
        (line,) = slab.items
        assert (line.x, line.size, line.colour) == (LEFT, SIZE, mono.colours.text)
        assert line.y == pytest.approx(TOP)


def test_the_heading_of_a_two_line_paragraph_is_repeated_above_its_second(mono):
    """A run-in heading is repeated above every line but the first, as a bold slab named
    "opakovaný nadpis", one line high, nothing above it."""
    slabs = _set(mono, Paragraph(TWO_LINES, heading="Bod."))
    assert len(slabs) == 2 and slabs[0].repeat is None
    repeat = slabs[1].repeat
    assert repeat is not None and repeat.what == "opakovaný nadpis"
    assert repeat.height == pytest.approx(LEADING) and repeat.space_before == 0.0
    assert repeat.breakable == BLOCK
    assert _texts(repeat) == ["Bod (pokr.)"]
    assert [s.repeat for s in without_repeated_headings(slabs, mono)] == [None, None]


def test_a_long_repeated_heading_takes_a_line_per_line(mono):
    """A repeated heading of two lines: 22.8 pt, baselines at -8 and -19.4."""
    heading = "Velmi dlouhý nadpis bodu, který má."  # + " (pokr.)": 42 characters
    slabs = _set(mono, Paragraph(TWO_LINES, heading=heading))
    repeat = slabs[-1].repeat
    assert repeat.height == pytest.approx(2 * LEADING)
    assert [i.y for i in repeat.items] == pytest.approx([TOP, TOP - LEADING])
    assert [i.x for i in repeat.items] == [LEFT, LEFT]


def test_description_repeats_headings_unless_told_not_to(mono):
    """By default a heading is repeated; `headings=False` repeats none."""
    assert _set(mono, Paragraph(TWO_LINES, heading="Bod."))[1].repeat is not None
    assert _set(mono, Paragraph(TWO_LINES, heading="Bod."), headings=False)[1].repeat is None


def test_a_paragraph_after_a_paragraph_may_open_its_gap(mono):
    """A block's first slab may open by the gap's stretch (8.892), not a line's (1.6), and a
    card may end before it."""
    slabs = _set(mono, Paragraph("a."), Paragraph("b."))
    assert [s.stretch for s in slabs] == pytest.approx([OPEN_GAP, OPEN_GAP])
    assert [s.breakable for s in slabs] == [BLOCK, BLOCK]


def test_a_paragraph_is_justified_without_a_ragged_first_line():
    """A paragraph after its run-in heading is set as `set_lines` sets justified text with the
    style's expansion and no ragged first line (poker's fonts: the heading in bold; a column
    100 pt wide, where a ragged first line would break the text otherwise)."""
    poker = card_style(load_layout("poker"), "Zaklínání")
    narrow = dataclasses.replace(poker, width=100.0)
    text = "záchranný v tvor v nejneobhospodařovávatelnějšími"
    context = TypesetContext()
    prepared = context.paragraph(text, poker.fonts["body"], "Bod.", poker.fonts["bold"])
    expected = set_lines(prepared, ParagraphSetting(100.0, SIZE, expansion=poker.sizes.expansion))
    slabs = description(narrow, [Paragraph(text, heading="Bod.")], SIZE, context)
    assert [s.items[0].line.text for s in slabs] == [line.text for line in expected]
    assert expected[0].text == "Bod. záchranný v tvor"


# --- headings, the note, lists, tables: what follows what --------------------------------


def test_a_first_heading_has_only_the_gap_above_it(mono):
    """No table before it: a heading has a paragraph gap above, not AIR_AFTER_TABLE more;
    likewise a heading after a heading or a list."""
    slabs = _set(mono, Heading("A"), Heading("B"), BulletList(("x",)), Heading("C"))
    assert [s.space_before for s in slabs] == pytest.approx([GAP, GAP, GAP, GAP])
    assert [s.what for s in slabs] == ["nadpis", "nadpis", "položka seznamu", "nadpis"]


def test_a_heading_after_a_table_has_04_lines_more_above_it(mono):
    slabs = _set(mono, Table(("a",), (("1",),)), Heading("C"))
    assert slabs[-1].space_before == pytest.approx(GAP + 0.4 * LEADING)


def test_a_block_after_a_table_or_a_list_is_not_kept_with_it(mono):
    """After a table or a list a card may end before the next paragraph, which opens its gap;
    after a heading it may not, and it opens a line's."""
    for before in (Table(("a",), (("1",),)), BulletList(("x",))):
        after = _set(mono, before, Paragraph("b."))[-1]
        assert after.breakable == BLOCK and after.stretch == pytest.approx(OPEN_GAP)
    after = _set(mono, Heading("A"), Paragraph("b."))[-1]
    assert after.breakable == NEVER and after.stretch == pytest.approx(OPEN_LINE)


def test_a_heading_before_an_empty_list_changes_nothing_after_it(mono):
    """A heading kept with a list of no items: the list adds no slab, and nothing fails."""
    slabs = _set(mono, Heading("A"), BulletList(()))
    assert len(slabs) == 1 and slabs[0].breakable == BLOCK


def test_a_lost_description_keeps_its_note_with_the_first_block(mono):
    """A description that begins with "Akce": the note, then the heading kept with it (NEVER
    before it, a line's stretch)."""
    note, heading, text = _set(mono, Heading("Akce"), Paragraph("b."))
    assert note.what == "poznámka" and _texts(note) == ["Popis kouzla ve zdroji chybí."]
    assert note.items[0].colour == mono.colours.muted
    assert heading.breakable == NEVER and heading.stretch == pytest.approx(OPEN_LINE)
    assert text.breakable == NEVER


def test_a_note_of_two_lines_is_kept_together(mono):
    """In a column 100 pt wide the note (29 characters, 16 a line) takes two lines: a card may
    end before the first, not between them."""
    narrow = dataclasses.replace(mono, width=100.0)
    slabs = _set(narrow, Heading("Akce"))
    assert [s.what for s in slabs] == ["poznámka", "poznámka", "nadpis"]
    assert [s.breakable for s in slabs[:2]] == [BLOCK, NEVER]


def test_list_items_have_a_bullet_on_their_first_line_and_a_share_of_the_gap(mono):
    """Each item: a bullet at 10 + 0.25 em, on its baseline, on its first line only; the
    first item the gap above it, the next ones a quarter of it."""
    long_item = "jedna dva tři čtyři pět šest sedm osm devět deset"
    slabs = _set(mono, BulletList((long_item, "b", "c")))
    assert len(slabs) == 4
    assert [s.what for s in slabs] == ["položka seznamu"] * 4
    assert [s.space_before for s in slabs] == pytest.approx([GAP, 0.0, GAP / 4, GAP / 4])
    bullets = [[i for i in s.items if isinstance(i, Label)] for s in slabs]
    assert [len(b) for b in bullets] == [1, 0, 1, 1]
    bullet = bullets[0][0]
    assert (bullet.text, bullet.font, bullet.colour) == ("•", MONO, mono.colour)
    assert (bullet.x, bullet.y, bullet.size) == pytest.approx((LEFT + 2.5, TOP, SIZE))


def test_description_records_where_each_block_and_each_list_item_begins(mono):
    """`starts` gets (first slab, block, item): a paragraph at slab 0; a list of a two-line
    item and two short ones at slabs 1, 3 and 4, its items counted 0, 1, 2."""
    long_item = "jedna dva tři čtyři pět šest sedm osm devět deset"
    starts: list[tuple[int, int, int]] = []
    slabs = _set(mono, Paragraph("a."), BulletList((long_item, "b", "c")), starts=starts)
    assert len(slabs) == 5
    assert starts == [(0, 0, 0), (1, 1, 0), (3, 1, 1), (4, 1, 2)]


# --- panels --------------------------------------------------------------------------------

# 24 words of 2 letters: 71 characters
PANEL_TEXT = " ".join(["xx"] * 24)


def test_a_panel_is_set_within_its_pads(mono):
    """The panel's text is 188 pt wide (200 less 6 pt each side): 31 glyphs a line, so 10
    words of "xx" (29 glyphs), and each line starts 6 pt in."""
    slabs = _set(mono, Paragraph(PANEL_TEXT, kind="scaling"))
    lines = [s.items[0] for s in slabs]
    assert all(line.line.width <= 188.0 for line in lines)
    assert max(len(line.line.text.split()) for line in lines) == 10
    assert [line.x for line in lines] == pytest.approx([LEFT + 6.0] * len(lines))


def test_a_panel_has_its_pads_above_its_first_and_below_its_last_line(mono):
    """Three lines: 3 pt more on the first and the last, the first baseline 3 pt lower;
    one ground with its bar 0.6 pt inside the column's left edge."""
    slabs = _set(mono, Paragraph(PANEL_TEXT, kind="scaling"))
    assert len(slabs) == 3
    assert [s.height for s in slabs] == pytest.approx([LEADING + 3.0, LEADING, LEADING + 3.0])
    assert [s.items[0].y for s in slabs] == pytest.approx([-3.0 + TOP, TOP, TOP])
    assert slabs[0].space_before == pytest.approx(1.5 * GAP)
    panel = slabs[0].panel
    assert {s.panel for s in slabs} == {panel}
    assert (panel.x, panel.width, panel.bar_x, panel.bar_width) == pytest.approx(
        (LEFT, WIDTH, LEFT + 0.6, 1.2)
    )
    assert (panel.colour, panel.bar_colour) == (mono.tint, mono.colour)


def test_an_outline_panel_has_slabs_without_items(mono):
    """In an outline a panel's slabs hold no items (an empty tuple) but keep their heights."""
    slabs = _set(mono, Paragraph(PANEL_TEXT, kind="scaling"), outline=True)
    assert [s.items for s in slabs] == [(), (), ()]
    assert [s.height for s in slabs] == pytest.approx([LEADING + 3.0, LEADING, LEADING + 3.0])
