"""Tables (cards.fit.tables): figures flush right, pairs from 4 rows, header words hyphenated
before the body minimum, air above a heading after a table, no rule doubling the footer's."""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import replace

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.face import Fill, Rule, TextLine
from cards.fit import fit_spell
from cards.fit.blocks import AIR_AFTER_TABLE, description
from cards.fit.paginate import BLOCK, LINE, NEVER
from cards.fit.style import card_style
from cards.fit.tables import (
    CONTINUED,
    DOUBLED,
    TableGeometry,
    TableSetter,
    _padded,
    _row_what,
    figure_columns,
    preferred_widths,
    without_doubled_rule,
)
from cards.layout import load_layout
from cards.model import Heading, Paragraph, Table
from cards.select import find_spell
from cards.source.library import read_compendium
from cards.typeset import TypesetContext
from cards.typeset.lines import Line, LineRun
from cards.typeset.normalise import normalise
from tests.support.faces import words_of
from tests.support.fonts import MONO_EM as EM
from tests.support.fonts import register_mono
from tests.support.spells import SENTENCE, make_spell


@pytest.fixture(scope="module")
def poker():
    return load_layout("poker")


def _table_lines(faces) -> list[TextLine]:
    return [i for f in faces for i in f.items if isinstance(i, TextLine) and i.role == "table"]


def test_a_column_of_figures_is_told_from_one_of_words():
    """Ranges, signs and a dash for none are figures; words, or dashes alone, are not."""
    body = [("01–05", "Jasno", "—", "+8"), ("06–100", "Oblačno", "—", "—"), ("", "x", "—", "12")]
    assert figure_columns(body) == (True, False, False, True)


def test_figures_stand_flush_right_under_each_other(poker):
    """The cells of a column of figures ("1", "10", "100") end at one x; the words' column
    begins at one x."""
    table = Table(("Hod", "Účinek"), (("1", "Jasno"), ("10", "Déšť"), ("100", "Vítr")))
    lines = _table_lines(fit_spell(make_spell(Paragraph(SENTENCE), table), poker))
    figures = [i for i in lines if i.line.text in ("1", "10", "100")]
    words = [i for i in lines if i.line.text in ("Jasno", "Déšť", "Vítr")]
    assert len(figures) == 3 and len(words) == 3
    ends = {round(i.x + i.line.width * i.scale, 3) for i in figures}
    assert len(ends) == 1
    assert len({round(i.x, 3) for i in words}) == 1


def test_a_two_column_table_of_four_rows_is_paired(poker):
    """Four short rows are set as two pairs side by side (a rule between them, beside the
    card's other upright rules); three are not."""

    def dividers(rows: int) -> int:
        body = tuple((str(n), f"Stav {n}") for n in range(1, rows + 1))
        spell = make_spell(Paragraph(SENTENCE * 4), Table(("Stupeň", "Stav"), body))
        faces = fit_spell(spell, poker)
        return sum(1 for i in faces[0].items if isinstance(i, Rule) and i.x1 == i.x2)

    assert dividers(4) == dividers(3) + 3  # one in each row: the header and two of pairs


def test_teleports_table_is_not_set_below_the_body_minimum(poker):
    """Teleport's table lets its header words hyphenate ("Ne-hoda") rather than go down to
    6.25 pt (below poker's 6.5 pt body minimum) to keep them whole."""
    lines = _table_lines(fit_spell(find_spell(read_compendium().spells, "Teleport"), poker))
    assert lines and min(i.size for i in lines) >= poker.body_min


def test_a_heading_after_a_table_gets_air_above_it(poker):
    """A heading after a table stands AIR_AFTER_TABLE lines further down than after a
    paragraph."""
    style = card_style(poker, "Zaklínání")
    table = Table(("Hod", "Účinek"), (("1", "Jasno"), ("2", "Déšť")))
    context = TypesetContext()

    def space(first) -> float:
        slabs = description(style, (first, Heading("Vítr"), Paragraph(SENTENCE)), 8.0, context)
        (heading,) = [s for s in slabs if s.what == "nadpis"]
        return heading.space_before

    leading = 8.0 * poker.sizes.leading
    after_table, after_text = space(table), space(Paragraph(SENTENCE))
    assert after_table == pytest.approx(after_text + AIR_AFTER_TABLE * leading)
    assert after_table - after_text > 0.3 * leading  # air a reader sees


def test_a_table_rule_over_the_footer_rule_is_dropped(poker):
    """A table's rule across the text width within DOUBLED above the footer rule is left
    out; one higher stays, and so does any rule when the card has no footer rule."""
    style = card_style(poker, "Zaklínání")
    left, width = style.left, style.width
    footer = Rule(left, 20.0, left + width, 20.0, 0.5, "#000000")
    near = Rule(left, 25.8, left + width, 25.8, 0.8, "#000000")  # 5.8 pt: Reinkarnace's
    far = Rule(left, 20.0 + DOUBLED + 0.5, left + width, 20.0 + DOUBLED + 0.5, 0.8, "#000000")
    assert without_doubled_rule([near, far], [footer], 22.2, style) == (far,)
    assert without_doubled_rule([near, far], [], 22.2, style) == (near, far)


def test_no_card_shows_a_table_rule_just_above_its_footer_rule():
    """Reinkarnace 2/3 on mini ends on a table row at its foot: no rule across the width
    within DOUBLED above the footer rule but the footer rule itself."""
    mini = load_layout("mini")
    spell = find_spell(read_compendium().spells, "Reinkarnace")
    face = fit_spell(spell, mini)[1]
    width = card_style(mini, spell.school).width
    ys = sorted(
        i.y1
        for i in face.items
        if isinstance(i, Rule) and i.y1 == i.y2 and abs(i.x2 - i.x1 - width) < 1e-6
    )
    assert ys[1] - ys[0] > 6.0  # its last row's rule stood 5.8 pt above the footer rule


def test_a_heading_takes_two_lines_rather_than_a_row_of_the_body(poker):
    """Sledování's table on poker: with "Oprava záchrany" kept on one line, "Z druhé ruky (už
    jsi o cíli slyšel)" took two; the heading wraps at its space and every row is one line."""
    spell = find_spell(read_compendium().spells, "Sledování")
    faces = fit_spell(spell, poker)
    lines = _table_lines(faces)
    header = [i for i in lines if i.line.text in ("Oprava", "záchrany")]
    assert len(header) >= 2  # the heading wrapped, in each table it heads
    rows = {round(i.y, 1) for i in lines if i.line.text.startswith("Z druhé ruky")}
    texts = [i.line.text for i in lines]
    assert "Z druhé ruky (už jsi o cíli slyšel)" in texts and rows
    assert "Část těla, pramen vlasů, kus nehtu" in texts


def test_a_table_of_one_line_headings_that_fit_keeps_them_whole(poker):
    """A table whose headings fit on one line keeps them on one line ("Hod kostkou" over a
    column of "1" and "2", beside one of short phrases)."""
    table = Table(("Hod kostkou", "Účinek"), (("1", "Jasno a teplo"), ("2", "Déšť a vítr")))
    texts = [
        i.line.text for i in _table_lines(fit_spell(make_spell(Paragraph(SENTENCE), table), poker))
    ]
    assert "Hod kostkou" in texts


# A cell no mini card can hold in one piece (hypothesis found it: FitError before).
TALL_CELL = (
    "nepřátelský nepřátelský nepřátelský 01−05 zranění nepřátelský a a a zranění sáhů 4 "
    "nepřátelský zranění a a a a a nepřátelský zranění a a zranění zranění a a a a a zranění "
    "nepřátelský zranění"
)


def test_a_row_no_card_can_hold_goes_on_to_the_next_card():
    """A row taller than a mini card is set line by line over two cards, every word of it
    once, the header repeated above its rest with the word that it goes on."""
    mini = load_layout("mini")
    table = Table(("Hod", "Účinek"), ((TALL_CELL, "nepřátelský 01−05"),))
    faces = fit_spell(make_spell(table), mini)
    assert len(faces) == 2
    texts = [[i.line.text for i in _table_lines([face])] for face in faces]
    assert texts[0][:2] == ["Hod", "Účinek"] and "pokračování" not in " ".join(texts[0])
    assert texts[1][0] == "Hod" and "Účinek" in texts[1][:3]  # its "(pokračování)" may follow
    assert all(len(t) > 3 for t in texts)  # the row's lines on both cards
    found = Counter(words_of(faces))
    wanted = Counter(normalise(f"Hod Účinek {TALL_CELL} nepřátelský 01−05").split())
    assert found - wanted <= Counter({"Hod": 1, "Účinek": 1, "(pokračování)": 1})
    assert found - wanted >= Counter({"Hod": 1, "Účinek": 1})
    assert wanted - found == Counter()


def _table_slabs(cell: str, poker, **changes):
    """The slabs of a seven-row table at 8 pt in poker's text column whose fifth row (of
    LINE rank) holds `cell`, the others one word (`changes`: to poker's style, as
    card_height=..., or to its spacing, as table_pad_em=...)."""
    from dataclasses import replace

    from cards.fit.tables import TableSetter

    style = card_style(poker, "Iluze")
    spacing = {k: v for k, v in changes.items() if hasattr(style.spacing, k)}
    style = replace(style, spacing=replace(style.spacing, **spacing))
    style = replace(style, **{k: v for k, v in changes.items() if k not in spacing})
    rows = tuple((str(n), cell if n == 5 else "x") for n in range(1, 8))
    slabs: list = []
    TableSetter(style, 8.0, TypesetContext(), 0.0).table(slabs, Table(("Hod", "Účinek"), rows))
    return style, 8.0, [s for s in slabs if s.what.startswith("buňka tabulky („" + cell[:5])]


@pytest.mark.parametrize("pad_em", [None, 1.0])  # poker's padding, and one of an em
def test_a_tall_row_is_a_slab_per_line_with_the_rows_height_and_rank(poker, pad_em):
    """A row taller than half the card: one slab per line of its longest cell, together as
    tall as the row (and as used); the first keeps the row's rank (LINE), the rest break
    only as a last resort (SHORT; NEVER after a hyphen) under a header with the row's
    padding; the rule closes the last slab."""
    from cards.fit.paginate import LINE, NEVER, SHORT, used_height
    from cards.fit.tables import TALL_ROW

    cell = "nejrůznějších nepředvídatelných okolností " * 30
    padded = {} if pad_em is None else {"table_pad_em": pad_em}
    style, size, row = _table_slabs(cell, poker, **padded)
    leading = size * style.sizes.leading
    pad = style.spacing.table_pad_em * size
    texts = [i for s in row for i in s.items if isinstance(i, TextLine) and i.line.text != "5"]
    count = len(texts)
    assert count * leading + pad > TALL_ROW * style.card_height
    assert len(row) == count  # one slab per line of the cell
    assert sum(s.height for s in row) == pytest.approx(count * leading + pad)
    assert used_height([replace(row[0], repeat=None), *row[1:]]) == pytest.approx(
        count * leading + pad
    )
    assert row[0].height == pytest.approx(leading + pad / 2)
    assert row[-1].height == pytest.approx(leading + pad / 2)
    torn = [t.line.split_word for t in texts]
    assert [s.breakable for s in row] == [LINE] + [NEVER if t else SHORT for t in torn[:-1]]
    if pad_em is None:  # the case holds lines ending inside a word and lines that do not
        assert any(torn) and not all(torn)
    assert row[1].repeat.height == pytest.approx(row[0].repeat.height + pad / 2)
    assert row[1].repeat.items == row[0].repeat.items
    for s in row[1:]:
        (text,) = [i for i in s.items if isinstance(i, TextLine)]
        assert text.y == pytest.approx(-0.8 * size)  # the baseline below the slab's top
        assert text.line.text in [t.line.text for t in texts]
    (rule,) = [i for i in row[-1].items if isinstance(i, Rule)]
    assert rule.y1 == pytest.approx(-row[-1].height)
    assert not any(isinstance(i, Rule) for s in row[:-1] for i in s.items)


def test_a_row_under_half_the_card_stays_one_slab(poker):
    """A row of a few lines is one slab, as tall as its lines and padding."""
    style, size, row = _table_slabs("nejrůznějších nepředvídatelných okolností " * 2, poker)
    assert len(row) == 1
    leading, pad = size * style.sizes.leading, style.spacing.table_pad_em * size
    assert row[0].height == pytest.approx(3 * leading + pad)


@pytest.mark.parametrize("name", ["Teleport", "Oživlé předměty"])
def test_a_repeated_header_says_it_goes_on_only_unhyphenated(name):
    """Where "(pokračování)" would be hyphenated in its column (mini's narrow columns), the
    header is repeated as it is: no "(po-" / "kračo-" / "vání)"."""
    spell = find_spell(read_compendium().spells, name)
    lines = _table_lines(fit_spell(spell, load_layout("mini")))
    cues = [i.line.text for i in lines if "(po" in i.line.text or "vání)" in i.line.text]
    assert all("(pokračování)" in text for text in cues)
    assert not any(i.line.text.startswith(("kračo", "čování")) for i in lines)


def test_a_row_exactly_half_the_card_stays_one_slab(poker):
    """TALL_ROW is a bound the row may reach: at exactly half the card one slab, a hair
    more and it is cut."""
    from cards.fit.tables import TALL_ROW

    cell = "nejrůznějších nepředvídatelných okolností " * 6
    _, _, (row,) = _table_slabs(cell, poker)
    half = row.height / TALL_ROW
    assert len(_table_slabs(cell, poker, card_height=half)[2]) == 1
    assert len(_table_slabs(cell, poker, card_height=half - 2**-20)[2]) > 1


# ------------------------------------------------------------------------------------------
# Tables (cards/fit/tables.py) against oracles worked out by hand from the rules.
#
# Written to kill the mutants a mutation run left alive. Most tests use a card style whose body
# and bold fonts are the fixed-width test font (every glyph 0.60205078125 em), a text column
# 200 pt wide at x = 10, so that widths, x positions and the sizes a table takes are simple
# arithmetic; a few use poker_style's Charis to tell the bold header from the body.


MONO = "TablesMutantsMono"
LEFT, WIDTH = 10.0, 200.0


@pytest.fixture(scope="module")
def poker_style():
    return card_style(load_layout("poker"), "Zaklínání")


@pytest.fixture(scope="module")
def mono(poker_style):
    """Poker's style with the fixed-width font for body and bold, text column 10..210."""
    register_mono(MONO)
    fonts = {**poker_style.fonts, "body": MONO, "bold": MONO}
    return dataclasses.replace(poker_style, fonts=fonts, left=LEFT, width=WIDTH)


def _setter(style, size=10.0, gap=3.0) -> TableSetter:
    return TableSetter(style, size, TypesetContext(), gap)


def _u(chars: int, size: float = 10.0) -> float:
    """The width of `chars` glyphs of the test font at `size`."""
    return chars * EM * size


def _texts(cells) -> list[list[list[str]]]:
    return [[[line.text for line in lines] for lines in row] for row in cells]


def _line(text: str, width: float) -> Line:
    return Line((LineRun(text, MONO, 0.0),), width, 0.0, False)


def _round(value):
    """A primitive as comparable values: floats rounded to 6 places, the Line kept as it is."""
    if isinstance(value, float):
        return round(value, 6)
    if isinstance(value, Line):
        return value
    if dataclasses.is_dataclass(value):
        return (
            type(value).__name__,
            *(_round(getattr(value, f.name)) for f in dataclasses.fields(value)),
        )
    return value


# --- figure_columns, _row_what, _padded -----------------------------------------------------


@pytest.mark.parametrize("sign", [" ", "+", "-", "−", "–", "—", "×", "/", ".", ",", "%", "k"])
def test_each_sign_of_a_figure_keeps_a_column_of_figures(sign):
    """Numbers joined by a space, a sign, a dash, ×, /, a point, a comma, % or k are figures."""
    assert figure_columns([(f"1{sign}2",), ("3",)]) == (True,)


def test_a_letter_or_no_digit_makes_a_column_of_words():
    """A letter beside figures, or a column of dashes and empty cells only, is not figures."""
    assert figure_columns([("1a", "—", ""), ("2", "—", "")]) == (False, False, False)
    assert figure_columns([("1", "x 1"), ("2", "2")]) == (True, False)
    assert figure_columns([]) == ()


def test_a_row_is_named_by_the_first_six_words_of_its_longest_cell():
    """The longest cell's words, six at most (then " …"), and how many it has, in Czech."""
    seven = "jedna dvě tři čtyři pět šest sedm"
    assert _row_what(("a b", seven)) == ("buňka tabulky („jedna dvě tři čtyři pět šest …“, 7 slov)")
    assert _row_what(("jedna dvě tři čtyři pět šest", "x")) == (
        "buňka tabulky („jedna dvě tři čtyři pět šest“, 6 slov)"
    )
    assert _row_what(("ab cd", "abcdefgh")) == "buňka tabulky („abcdefgh“, 1 slovo)"
    assert _row_what(("dvě slova", "x")) == "buňka tabulky („dvě slova“, 2 slova)"
    assert _row_what(()) == "buňka tabulky („“, 0 slov)"


def test_rows_are_padded_with_empty_cells():
    """The header and every row get empty cells up to the column count."""
    block = Table(("a",), (("1", "2", "3"), ("x",)))
    assert _padded(block, 3) == (("a", "", ""), [("1", "2", "3"), ("x", "", "")])


def test_a_table_geometry_is_frozen_and_left_aligned_by_default():
    """TableGeometry is immutable; without `right` no column is flush right."""
    geometry = TableGeometry(10.0, 1.0, (50.0,), 12.0, 3.0, None)
    assert geometry.right == ()
    with pytest.raises(dataclasses.FrozenInstanceError):
        geometry.size = 9.0  # type: ignore[misc]


# --- without_doubled_rule ----------------------------------------------------------------------


def _across(y: float, style) -> Rule:
    return Rule(style.left, y, style.left + style.width, y, 0.8, "#000000")


def test_only_a_rule_across_the_width_below_the_text_is_a_footer_rule(poker_style):
    """A furniture rule counts as the footer's only if horizontal, across the width and at or
    below the text's bottom: a rule above the bottom, a short or a slanted one does not."""
    left, width = poker_style.left, poker_style.width
    near = _across(23.0, poker_style)
    placed = [near]
    above = _across(22.3, poker_style)  # above the text's bottom (22.2): not the footer's
    short = Rule(left, 20.0, left + width - 1.0, 20.0, 0.5, "#000000")
    slanted = Rule(left, 20.0, left + width, 20.5, 0.5, "#000000")
    for furniture in ([above], [short], [slanted]):
        assert without_doubled_rule(placed, furniture, 22.2, poker_style) == (near,)
    at_bottom = _across(22.2, poker_style)  # exactly at the bottom: the footer's
    assert without_doubled_rule(placed, [at_bottom], 22.2, poker_style) == ()


def test_the_highest_of_two_footer_rules_does_not_decide(poker_style):
    """With two footer rules the lower one decides: a rule 6 pt above the higher, but 9 above
    the lower (more than DOUBLED), stays."""
    assert DOUBLED == 7.0
    table_rule = _across(26.0, poker_style)
    furniture = [_across(20.0, poker_style), _across(17.0, poker_style)]
    assert without_doubled_rule([table_rule], furniture, 22.2, poker_style) == (table_rule,)


def test_only_table_rules_across_the_width_below_the_floor_are_dropped(poker_style):
    """Just under DOUBLED above the footer rule a rule goes, exactly DOUBLED stays; an upright
    rule, a shorter one, a slanted one and text stay wherever they are."""
    left, width = poker_style.left, poker_style.width
    footer = _across(20.0, poker_style)
    under = _across(26.99, poker_style)
    at = _across(27.0, poker_style)
    upright = Rule(left + 50, 20.0, left + 50, 25.0, 0.3, "#000000")
    short = Rule(left, 22.0, left + width / 2, 22.0, 0.3, "#000000")
    slanted = Rule(left, 22.0, left + width, 22.5, 0.3, "#000000")
    fill = Fill(left, 20.0, width, 3.0, "#eeeeee")
    placed = [under, at, upright, short, slanted, fill]
    assert without_doubled_rule(placed, [footer], 22.2, poker_style) == (
        at,
        upright,
        short,
        slanted,
        fill,
    )


def test_across_the_width_means_within_a_millionth_of_a_point(poker_style):
    """Rounding aside, a rule is across the width only to a millionth of a point: one 1.5e-6 pt
    short is a rule of its own and stays."""
    left, width = poker_style.left, poker_style.width
    footer = _across(20.0, poker_style)
    close = Rule(left, 22.0, left + width - 0.5e-6, 22.0, 0.3, "#000000")
    short = Rule(left, 22.0, left + width - 1.5e-6, 22.0, 0.3, "#000000")
    assert without_doubled_rule([close, short], [footer], 22.2, poker_style) == (short,)


def test_a_footer_rule_may_stand_a_millionth_below_the_text(poker_style):
    """The text's bottom is taken to a millionth of a point: a rule that much above it is
    still the footer's."""
    near = _across(23.0, poker_style)
    footer = _across(22.2 + 1e-6, poker_style)
    assert without_doubled_rule([near], [footer], 22.2, poker_style) == ()


# --- _row: one row's height, fill, rules and text --------------------------------------------


def _geometry(**changes) -> TableGeometry:
    values = dict(
        size=10.0,
        scale=0.9,
        widths=(60.0, 80.0),
        leading=12.0,
        pad=3.0,
        divider=None,
        right=(False, True),
    )
    values.update(changes)
    return TableGeometry(**values)


def test_a_header_row_is_tinted_ruled_and_set_at_its_columns(mono):
    """The header: a tint over its height (two lines of 12 pt plus a 3 pt pad), strong rules
    above and below, text at the column's left pad (scaled), figures flush right."""
    two = (_line("aa", 12.0), _line("bb", 12.0))
    figure = (_line("10", 20.0),)
    height, items = _setter(mono)._row([two, figure], 0, 5, _geometry())
    assert height == pytest.approx(27.0)
    strong, text = mono.spacing.table_strong_rule, mono.colours.text
    expected = [
        Fill(10.0, -27.0, 200.0, 27.0, mono.tint),
        Rule(10.0, 0.0, 210.0, 0.0, strong, mono.colour),
        # first baseline: half the pad and 0.8 em below the top; the next a leading lower
        TextLine(two[0], 10.0 + 2.7, -1.5 - 8.0, 10.0, text, "table", 0.9),
        TextLine(two[1], 10.0 + 2.7, -1.5 - 8.0 - 12.0, 10.0, text, "table", 0.9),
        # the second column starts 60 * 0.9 further; the figure ends a pad before its end
        TextLine(figure[0], 64.0 + (80.0 - 3.0 - 20.0) * 0.9, -9.5, 10.0, text, "table", 0.9),
        Rule(10.0, -27.0, 210.0, -27.0, strong, mono.colour),
    ]
    assert [_round(i) for i in items] == [_round(i) for i in expected]


def test_a_body_row_has_a_light_rule_and_the_last_a_strong_one(mono):
    """A row of the body has no tint and no rule above, a thin muted rule below; the last row
    of the table a strong one in the school colour. An empty cell is one line high."""
    setter = _setter(mono)
    cells = [(_line("a", 6.0),), ()]
    geometry = _geometry(scale=1.0)
    height, items = setter._row(cells, 2, 5, geometry)
    assert height == pytest.approx(15.0)
    assert [_round(i) for i in items] == [
        _round(TextLine(cells[0][0], 13.0, -9.5, 10.0, mono.colours.text, "table", 1.0)),
        _round(Rule(10.0, -15.0, 210.0, -15.0, mono.spacing.table_rule, mono.colours.muted)),
    ]
    _, last = setter._row(cells, 4, 5, geometry)
    strong = mono.spacing.table_strong_rule
    assert _round(last[-1]) == _round(Rule(10.0, -15.0, 210.0, -15.0, strong, mono.colour))
    _, empty = setter._row([(), ()], 1, 5, geometry)
    assert [i.y1 for i in empty if isinstance(i, Rule)] == [-15.0]


def test_a_cell_of_figures_on_two_lines_moves_right_as_one_block(mono):
    """Both lines of a figures' cell start where its widest line ends a pad before the column's
    end; a column past the `right` flags is left aligned."""
    cells = [(_line("1", 6.0),), (_line("12", 12.0), _line("123", 18.0)), (_line("9", 6.0),)]
    geometry = _geometry(scale=1.0, widths=(50.0, 60.0, 40.0), right=(False, True))
    _, items = _setter(mono)._row(cells, 1, 5, geometry)
    xs = [round(i.x, 6) for i in items if isinstance(i, TextLine)]
    assert xs == [13.0, 60.0 + 60.0 - 3.0 - 18.0, 60.0 + 60.0 - 3.0 - 18.0, 120.0 + 3.0]


def test_paired_columns_have_an_upright_rule_between_them(mono):
    """At `divider` a thin muted rule runs from the row's top to its bottom, before the row's
    bottom rule."""
    geometry = _geometry(scale=1.0, divider=110.0)
    _, items = _setter(mono)._row([(), ()], 1, 5, geometry)
    muted, thin = mono.colours.muted, mono.spacing.table_rule
    assert [_round(i) for i in items] == [
        _round(Rule(110.0, 0.0, 110.0, -15.0, thin, muted)),
        _round(Rule(10.0, -15.0, 210.0, -15.0, thin, muted)),
    ]


# --- _set_cells ---------------------------------------------------------------------------------


def test_cells_wrap_within_their_column_less_two_pads(mono):
    """A cell's text is set in its column's width less a pad (0.3 em) on each side, ragged:
    nine glyphs (54.2 pt) take two lines in 57.2 pt and one line in 60.2 pt."""
    nine = _u(9)
    setter = _setter(mono)
    narrow = setter._set_cells([("aaaa bbbb",)], [nine + 3.0], 10.0)
    wide = setter._set_cells([("aaaa bbbb",)], [nine + 6.01], 10.0)
    assert _texts(narrow) == [[["aaaa", "bbbb"]]]
    assert _texts(wide) == [[["aaaa bbbb"]]]
    ragged = setter._set_cells([("aa bb cc dd ee",)], [_u(9) + 6.0], 10.0)
    assert _texts(ragged) == [[["aa bb cc", "dd ee"]]]
    assert all(line.word_space == 0.0 for line in ragged[0][0])


def test_the_first_row_is_bold_and_the_others_body(poker_style):
    """Row 0 is set in bold, the rest in the body font; a blank cell has no lines."""
    setter = _setter(poker_style)
    rows = [("Hod", " "), ("Jasno", "x")]

    def fonts(cells):
        return [
            [{run.font for line in lines for run in line.runs} for lines in row] for row in cells
        ]

    bold, body = poker_style.fonts["bold"], poker_style.fonts["body"]
    assert fonts(setter._set_cells(rows, [60.0, 60.0], 8.0)) == [[{bold}, set()], [{body}, {body}]]


# --- preferred_widths ---------------------------------------------------------------------------


def test_columns_that_fit_take_their_width_and_the_widest_the_rest(mono):
    """When every cell fits on one line, the narrow column gets its longest word plus two pads
    (and a hair of 0.01), the widest the rest of the width."""
    u = _u(1)
    widths = preferred_widths(mono, [("ab", "abcd"), ("a", "ab")], 10.0, 1.5, 100.0)
    assert widths == pytest.approx([2 * u + 3.01, 100.0 - 2 * u - 3.01])


def test_an_empty_column_takes_its_two_pads_and_a_hair(mono):
    """A column with no text in any cell is two pads (and 0.01) wide; the other the rest."""
    widths = preferred_widths(mono, [("Hod", ""), ("aaaa bbbb", "")], 10.0, 1.5, 100.0)
    assert widths == pytest.approx([100.0 - 3.01, 3.01])


def test_an_empty_column_without_pads_is_a_hair_wide(mono):
    """Without pads a column with no text is 0.01 pt wide, not a point."""
    widths = preferred_widths(mono, [("Hod", ""), ("a b", "")], 10.0, 0.0, 100.0)
    assert widths == pytest.approx([100.0 - 0.01, 0.01])


def test_an_empty_column_stays_a_hair_wide_when_the_headings_wrap(mono):
    """Headings too wide on one line, an empty column without pads: it keeps its 0.01 pt,
    whether the minimum widths are the headings' or, the heading's word too long, the body's."""
    wrap = [("Podobná oblast", ""), ("a b c d e", "")]
    assert preferred_widths(mono, wrap, 10.0, 0.0, _u(10)) == pytest.approx([_u(10) - 0.01, 0.01])
    long_word = [("Nejdelšíslovo", ""), ("a b", "")]
    widths = preferred_widths(mono, long_word, 10.0, 0.0, _u(5))
    assert widths == pytest.approx([_u(5) - 0.01, 0.01])


def test_headings_that_just_fit_stay_on_one_line(mono):
    """Headings whose one-line widths add up to exactly the width keep them: "Podobná oblast"
    over "a" is not narrowed to its longest word."""
    total = stringWidth("Podobná oblast", MONO, 10.0) + stringWidth("aaaa bbbb", MONO, 10.0)
    rows = [("Podobná oblast", "b"), ("a", "aaaa bbbb")]
    assert preferred_widths(mono, rows, 10.0, 0.0, total) == pytest.approx([_u(14), _u(9)])


def test_heading_words_that_just_fit_set_the_minimum(mono):
    """Longest words (heading's included) adding up to exactly the width are the widths."""
    low = [stringWidth("Nejdelšíslovo", MONO, 10.0) + 0.01, stringWidth("aaaa", MONO, 10.0) + 0.01]
    rows = [("Nejdelšíslovo", "b"), ("a", "aaaa bbbb")]
    assert preferred_widths(mono, rows, 10.0, 0.0, low[0] + low[1]) == pytest.approx(low)


@pytest.mark.parametrize("reverse", [False, True])
def test_a_narrow_column_keeps_its_width_and_the_long_ones_share(mono, reverse):
    """Three columns too wide together: the narrowest ("a b", 3 glyphs and two 1 pt pads) keeps
    its width, the two long ones share the rest evenly (whatever the columns' order)."""
    u = _u(1)
    header, body = ("H", "H", "H"), ("a b", "aaa bbb ccc", "aaaa bbbb cccc dddd eeee")
    rows = [header[::-1], body[::-1]] if reverse else [header, body]
    widths = preferred_widths(mono, rows, 10.0, 1.0, 120.0)
    expected = [3 * u + 2.0, (118.0 - 3 * u) / 2, (118.0 - 3 * u) / 2]
    assert widths == pytest.approx(expected[::-1] if reverse else expected)


def test_a_heading_takes_two_lines_when_the_headings_do_not_fit(mono):
    """With "Podobná oblast" on one line the table is too wide: that column takes its body's
    width (9 glyphs), at least its longest heading word, and the other keeps its body row
    whole (19 glyphs), the rest going to it."""
    u = _u(1)
    rows = [("Podobná oblast", "b"), ("a b c d e", "aaaa bbbb cccc dddd")]
    widths = preferred_widths(mono, rows, 10.0, 0.5, 29 * u + 2.0)
    assert widths == pytest.approx([9 * u + 1.0, 20 * u + 1.0])


def test_a_heading_word_too_long_for_the_width_does_not_set_the_minimum(mono):
    """A heading word (13 glyphs) wider than the whole table: the minimum widths come from the
    body's words; both columns' preferred widths exceed half the width, so they share it."""
    u = _u(1)
    rows = [("Nejdelšíslovo", "b"), ("a", "aaaa bbbb")]
    assert preferred_widths(mono, rows, 10.0, 0.0, 10 * u) == pytest.approx([5 * u, 5 * u])


def test_columns_whose_words_do_not_fit_share_the_width_by_their_longest_word(mono):
    """Longest words of 4 and 12 glyphs in 10 glyphs' width: shares in proportion to them."""
    u = _u(1)
    rows = [("H", "H"), ("aaaa", "aaaaaaaaaaaa")]
    widths = preferred_widths(mono, rows, 10.0, 0.0, 10 * u)
    low = [4 * u + 0.01, 12 * u + 0.01]
    assert widths == pytest.approx([w * 10 * u / sum(low) for w in low])


def test_a_column_below_its_minimum_takes_it_from_the_others_by_their_slack(mono):
    """Three columns of 8 glyphs each by the water-fill; the first needs 10 (a word): the 2
    missing are taken from the others in proportion to what they have above their minimum
    (7 and 6 glyphs)."""
    u = _u(1)
    rows = [("H", "H", "H"), ("aaaaaaaaaa", "a b c d e f g h", "aa bb cc dd ee ff gg hh ii jj")]
    widths = preferred_widths(mono, rows, 10.0, 0.0, 24 * u)
    short = 2 * u + 0.01
    slack = [7 * u - 0.01, 6 * u - 0.01]
    expected = [10 * u + 0.01, *(8 * u - short * s / sum(slack) for s in slack)]
    assert widths == pytest.approx(expected)
    assert sum(widths) == pytest.approx(24 * u)


# --- paired ---------------------------------------------------------------------------------------


def _body(*cells: str) -> tuple[tuple[str, str], ...]:
    return tuple((cell, chr(ord("a") + n)) for n, cell in enumerate(cells))


def test_five_rows_are_paired_first_three_left_and_two_right(mono):
    """Rows 1-3 on the left, 4-5 on the right, the last right pair empty; each pair's first
    column as wide as its widest cell ("Hod", bold) and two pads, the second the rest of half
    the width."""
    block = Table(("Hod", "Stav"), _body("1", "2", "3", "4", "5"))
    rows, (size, scale, widths, cells) = _setter(mono).paired(block)
    assert rows == [
        ("Hod", "Stav", "Hod", "Stav"),
        ("1", "a", "4", "d"),
        ("2", "b", "5", "e"),
        ("3", "c", "", ""),
    ]
    first = _u(3) + 6.01
    assert (size, scale) == (10.0, 1.0)
    assert widths == pytest.approx([first, 100.0 - first, first, 100.0 - first])
    assert _texts(cells) == [[[c] if c else [] for c in row] for row in rows]


def test_the_pairs_first_column_is_as_wide_as_the_widest_in_either_pair(mono):
    """The widest first-column cell may stand in the right pair (the fifth row's "55555")."""
    block = Table(("H", "Stav"), _body("1", "2", "3", "4", "55555"))
    _, (_, _, widths, _) = _setter(mono).paired(block)
    assert widths[0] == widths[2] == pytest.approx(_u(5) + 6.01)


def test_the_pairs_header_is_measured_in_bold(poker_style):
    """On Charis the first column fits the bold "Hod", not the regular one."""
    block = Table(("Hod", "Stav"), _body("1", "2", "3", "4"))
    _, (_, _, widths, _) = _setter(poker_style, size=8.0).paired(block)
    bold = stringWidth("Hod", poker_style.fonts["bold"], 8.0)
    assert bold > stringWidth("Hod", poker_style.fonts["body"], 8.0) + 0.5
    assert widths[0] == pytest.approx(bold + 2 * 0.3 * 8.0 + 0.01)


def test_only_two_column_tables_of_four_rows_and_more_are_paired(mono):
    """Three rows, three columns, a header of one cell, a row of one or three cells: not
    paired."""
    setter = _setter(mono)
    assert setter.paired(Table(("H", "S"), _body("1", "2", "3", "4"))) is not None
    assert setter.paired(Table(("H", "S"), _body("1", "2", "3"))) is None
    rows = (("1", "a", "x"), ("2", "b", "x"), ("3", "c", "x"), ("4", "d", "x"))
    assert setter.paired(Table(("H", "S", "T"), rows)) is None
    assert setter.paired(Table(("H",), _body("1", "2", "3", "4"))) is None
    for odd in (("5",), ("5", "e", "x")):
        assert setter.paired(Table(("H", "S"), (*_body("1", "2", "3", "4"), odd))) is None


def test_a_first_column_of_a_quarter_of_the_width_is_not_paired(mono):
    """Pairs need their first column under a quarter of the width: 7 glyphs are (48.2 of 50
    pt), 8 are not, and a column of exactly a quarter is not either."""
    setter = _setter(mono)
    assert setter.paired(Table(("H", "S"), _body("aaaaaaa", "2", "3", "4"))) is not None
    assert setter.paired(Table(("H", "S"), _body("aaaaaaaa", "2", "3", "4"))) is None
    first = stringWidth("Hod", MONO, 10.0) + (2 * 3.0 + 0.01)
    exact = _setter(dataclasses.replace(mono, width=4 * first))
    assert exact.paired(Table(("Hod", "S"), _body("1", "2", "3", "4"))) is None


def test_a_cell_on_two_lines_is_not_paired(mono):
    """A second column's cell of 12 glyphs in 69.9 pt (75.9 less two pads) takes two lines."""
    setter = _setter(mono)
    two = Table(("Hod", "S"), (*_body("1", "2", "3"), ("4", "aaaaa bbbbbb")))
    one = Table(("Hod", "S"), (*_body("1", "2", "3"), ("4", "aaaaa bbbbb")))
    assert setter.paired(two) is None
    assert setter.paired(one) is not None


def test_a_cell_sticking_out_on_one_line_is_not_paired(mono):
    """On a text column 30 pt wide, an empty first column (6.01 pt) leaves the second 3 pt
    inside: "a" (6 pt) stands out of it on one line, and the table is not paired."""
    narrow = _setter(dataclasses.replace(mono, width=30.0))
    table = Table(("", "a"), tuple(("", "a") for _ in range(4)))
    assert narrow.paired(table) is None
    wider = _setter(dataclasses.replace(mono, width=40.0))  # 8 pt inside: "a" fits
    assert wider.paired(table) is not None


# --- _continued: the header repeated on the next card -------------------------------------------


def _slab_texts(slab) -> list[str]:
    return [i.line.text for i in slab.items if isinstance(i, TextLine)]


def test_the_repeated_header_says_continued_in_its_widest_column(mono):
    """The widest column's heading gets " (pokračování)"; the row is a header row: tinted,
    one line high, no space above, a whole block, named by its marked cell."""
    setter = _setter(mono)
    slab = setter._continued(("Hod", "Účinek"), _geometry(scale=1.0, widths=(30.0, 150.0)))
    assert CONTINUED == "(pokračování)"
    assert _slab_texts(slab) == ["Hod", "Účinek (pokračování)"]
    assert slab.height == pytest.approx(15.0)
    assert (slab.space_before, slab.breakable, slab.repeat) == (0.0, BLOCK, None)
    assert slab.what == "buňka tabulky („Účinek (pokračování)“, 2 slova)"
    assert isinstance(slab.items[0], Fill)
    first = setter._continued(("Hod", "Účinek"), _geometry(scale=1.0, widths=(150.0, 50.0)))
    assert _slab_texts(first) == ["Hod (pokračování)", "Účinek"]


def test_the_repeated_header_stays_as_it_is_when_the_word_does_not_fit(mono):
    """A column of 19 pt inside holds "Hod" (18.1 pt) but not "(po-" (24.1): the header is
    repeated without the word."""
    slab = _setter(mono)._continued(("Hod", "x"), _geometry(scale=1.0, widths=(25.0, 20.0)))
    assert _slab_texts(slab) == ["Hod", "x"]
    assert slab.what == "buňka tabulky („Hod“, 1 slovo)"


# --- table: the slabs of a whole table ----------------------------------------------------------


def test_a_table_is_a_header_slab_then_one_slab_per_row(mono):
    """Eight rows of one column: the header takes the space above the table and is a block;
    each row is 1.14 + 0.3 em high, has no space above, names its cell, repeats the marked
    header and lets a card end before it only with three rows on each side."""
    rows = tuple((f"r{n}",) for n in range(1, 9))
    slabs = []
    _setter(mono, gap=3.0).table(slabs, Table(("Hod",), rows))
    assert len(slabs) == 9
    head, body = slabs[0], slabs[1:]
    assert (head.space_before, head.breakable, head.repeat) == (3.0, BLOCK, None)
    assert head.what == "buňka tabulky („Hod“, 1 slovo)"
    assert [s.what for s in body] == [f"buňka tabulky („r{n}“, 1 slovo)" for n in range(1, 9)]
    assert all(s.height == pytest.approx(14.4) for s in slabs)
    assert all(s.space_before == 0.0 for s in body)
    # a break before row n leaves n - 1 rows above it and 9 - n from it on
    allowed = [LINE if n - 1 >= 3 and 9 - n >= 3 else NEVER for n in range(1, 9)]
    assert [s.breakable for s in body] == allowed
    assert all(s.repeat is body[0].repeat for s in body)
    assert _slab_texts(body[0].repeat) == ["Hod (pokračování)"]


def test_an_empty_table_has_no_slabs_and_one_column_is_a_table(mono):
    """A table of no cells adds nothing; one of a single column is set."""
    setter = _setter(mono)
    slabs: list = []
    setter.table(slabs, Table((), ()))
    assert slabs == []
    setter.table(slabs, Table(("Hod",), (("a",),)))
    assert [_slab_texts(s) for s in slabs] == [["Hod"], ["a"]]


def test_a_paired_table_has_its_divider_at_half_the_width(mono):
    """Paired, every row has an upright rule at the middle of the text column: each pair
    (first column and second) is half the width."""
    slabs: list = []
    _setter(mono).table(slabs, Table(("Hod", "Stav"), _body("1", "2", "3", "4")))
    assert len(slabs) == 3
    for slab in slabs:
        uprights = [i.x1 for i in slab.items if isinstance(i, Rule) and i.x1 == i.x2]
        assert uprights == [pytest.approx(LEFT + WIDTH / 2)]


def test_a_column_is_of_figures_by_all_its_body_rows(mono):
    """A column whose first row is a word is left aligned; one of figures is flush right, the
    header left out of the judgement."""
    slabs: list = []
    rows = (("x", "1"), ("2", "22"), ("3", "333"))
    _setter(mono).table(slabs, Table(("Hod", "Počet"), rows))
    lines = [i for s in slabs[1:] for i in s.items if isinstance(i, TextLine)]
    words = [i for i in lines if i.line.text in ("x", "2", "3")]
    figures = [i for i in lines if i.line.text in ("1", "22", "333")]
    assert {round(i.x, 6) for i in words} == {LEFT + 3.0}
    assert len({round(i.x + i.line.width, 6) for i in figures}) == 1
    assert len({round(i.x, 6) for i in figures}) == 3


# --- _table_cells: the size and the condensing a table takes -----------------------------------


def _one_line_at(chars: int, width: float, size: float, scale: float = 1.0) -> bool:
    """Whether `chars` glyphs and two pads of 0.3 em fit a column of width / scale."""
    return _u(chars, size) + 2 * 0.3 * size <= width / scale + 1e-9


def _sizes(start: float, floor: float) -> list[float]:
    sizes = []
    while start > floor:
        sizes.append(start)
        start -= 0.25
    return [*sizes, floor]


@pytest.mark.parametrize("width", [45.0, 52.0])
def test_a_table_takes_the_largest_quarter_point_at_which_its_words_fit(mono, width):
    """A word of 10 glyphs (no hyphenation point): from 8.5 pt down by 0.25 pt to the first
    size at which it fits on one line."""
    style = dataclasses.replace(mono, width=width)
    rows = [("H",), ("xxxxxxxxxx",)]
    size, scale, widths, cells = _setter(style)._table_cells(rows, 8.5)
    expected = next(s for s in _sizes(8.5, 6.0) if _one_line_at(10, width, s))
    assert expected < 8.5
    assert (size, scale) == (pytest.approx(expected), 1.0)
    assert widths == [pytest.approx(width)]
    assert _texts(cells) == [[["H"]], [["xxxxxxxxxx"]]]


@pytest.mark.parametrize("width", [36.0, 38.0, 30.0])
def test_a_table_too_wide_at_the_smallest_size_is_condensed(mono, width):
    """At type.table_min (6 pt) the word is condensed by 5 % steps down to 80 %, the first
    scale at which it fits, or 80 % if none does."""
    style = dataclasses.replace(mono, width=width)
    size, scale, widths, _ = _setter(style)._table_cells([("H",), ("xxxxxxxxxx",)], 6.5)
    scales = [1.0 - 0.05 * k for k in range(1, 5)]
    expected = next((s for s in scales if _one_line_at(10, width, 6.0, s)), 0.8)
    assert expected < 1.0
    assert size == 6.0
    assert scale == pytest.approx(expected)
    assert widths == [pytest.approx(width / scale)]


@pytest.mark.parametrize("width", [50.0, 46.0])
def test_a_heading_word_is_kept_whole_down_to_the_body_minimum(mono, width):
    """A heading word that is hyphenated makes the table smaller, but not below the body
    minimum (6.5 pt): there it is hyphenated instead."""
    style = dataclasses.replace(mono, width=width)
    size, scale, _, cells = _setter(style)._table_cells([("pokračování",), ("a",)], 8.5)
    fits = next(s for s in _sizes(8.5, 6.0) if _one_line_at(11, width, s))
    assert (size, scale) == (pytest.approx(max(fits, 6.5)), 1.0)
    assert len(cells[0][0]) == (1 if fits >= 6.5 else 2)


def test_a_table_of_a_header_only_is_one_slab(mono):
    """A table with no rows below its header is the header row alone."""
    slabs: list = []
    _setter(mono).table(slabs, Table(("Hod", "Účinek"), ()))
    assert [_slab_texts(s) for s in slabs] == [["Hod", "Účinek"]]


def test_the_body_minimum_holds_to_a_millionth_of_a_point(mono):
    """A heading word split at a size a quarter point and a millionth under the body minimum
    above it still makes the table smaller by the quarter point."""
    style = dataclasses.replace(mono, width=46.0)
    start = (6.5 - 1e-6) + 0.25
    size, _, _, cells = _setter(style)._table_cells([("pokračování",), ("a",)], start)
    assert size == start - 0.25
    assert len(cells[0][0]) == 2


def test_a_table_a_millionth_above_its_smallest_size_is_condensed_there(mono):
    """type.table_min is taken to a millionth of a point: a table that much above it is not
    made smaller but condensed at its size."""
    style = dataclasses.replace(mono, width=36.0)
    size, scale, _, _ = _setter(style)._table_cells([("H",), ("xxxxxxxxxx",)], 6.0 + 1e-6)
    assert size == 6.0 + 1e-6
    assert scale == pytest.approx(0.9)
