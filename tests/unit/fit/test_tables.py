"""Tables (cards.fit.tables): figures flush right, pairs from 4 rows, header words hyphenated
before the body minimum, air above a heading after a table, no rule doubling the footer's."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from cards.face import Rule, TextLine
from cards.fit import fit_spell
from cards.fit.blocks import AIR_AFTER_TABLE, description
from cards.fit.style import card_style
from cards.fit.tables import DOUBLED, figure_columns, without_doubled_rule
from cards.layout import load_layout
from cards.model import Heading, Paragraph, Table
from cards.select import find_spell
from cards.source.library import read_compendium
from cards.typeset import TypesetContext
from cards.typeset.normalise import normalise
from tests.conftest import SENTENCE, make_spell
from tests.unit.fit.test_fit import words_of


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
