"""Tests for cards.fit: body size, splitting onto continuation cards, what each face holds."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.face import Area, Disc, Fill, Label, Rule, Shape, TextLine
from cards.fit import (
    BLOCK,
    LINE,
    NEVER,
    Slab,
    SpellSetter,
    fill_card,
    fit_spell,
    paginate,
    used_height,
)
from cards.fit.room import size_grid
from cards.fit.style import card_style
from cards.layout import load_layout
from cards.model import PANELS, BulletList, Heading, Paragraph, Spell, Table
from cards.typeset.normalise import normalise
from tests.support.faces import words_of
from tests.support.spells import SENTENCE, make_spell


def long_spell(paragraphs: int) -> Spell:
    return make_spell(*(Paragraph(SENTENCE * 4) for _ in range(paragraphs)))


@pytest.fixture(scope="module")
def layout():
    return load_layout("poker")


def body_lines(face):
    return [i for i in face.items if isinstance(i, TextLine) and i.role == "body"]


def right_end(item: TextLine) -> float:
    """Return where a placed line's last glyph ends, spaces widened or narrowed as drawn."""
    run = item.line.runs[-1]
    width = stringWidth(run.text, run.font, item.size)
    drawn = (width + run.text.count(" ") * item.line.word_space) * item.line.scale
    return item.x + (run.x + drawn) * item.scale


def test_short_spell_gets_the_largest_size(layout):
    """A spell that fits one card at the maximum (with no gaping line) is set at the maximum."""
    (face,) = fit_spell(make_spell(Paragraph("Zasažený tvor utrpí 3k8 ohnivého zranění.")), layout)
    assert face.body_size == layout.body_max
    assert (face.part, face.parts) == (1, 1)


def test_one_card_size_is_the_largest_that_fits_within_a_step(layout):
    """A spell shrunk onto one card would not fit at the next size up."""
    spell = make_spell(Paragraph(SENTENCE * 4), Paragraph(SENTENCE * 2))
    (face,) = fit_spell(spell, layout)
    assert layout.body_min <= face.body_size < layout.body_max
    setter = SpellSetter(spell, layout)
    box = setter.header(first=True, numbered=False).body.height
    assert used_height(setter.outline(face.body_size)) <= box
    grid = size_grid(layout)
    assert used_height(setter.outline(grid[grid.index(face.body_size) + 1])) > box


def _sizes_agree(faces, layout) -> None:
    """Every card of a spell takes one size step of the grid."""
    assert len({f.body_size for f in faces}) == 1
    assert faces[0].body_size in size_grid(layout)


def test_long_spell_splits_onto_numbered_cards(layout):
    """A spell too long for one card at the minimum goes onto continuation cards, 1/n ... n/n."""
    faces = fit_spell(long_spell(12), layout)
    assert len(faces) >= 2
    assert [(f.part, f.parts) for f in faces] == [(n, len(faces)) for n in range(1, len(faces) + 1)]
    _sizes_agree(faces, layout)
    for face in faces:
        labels = [i.text for i in face.items if isinstance(i, Label)]
        assert f"{face.part}/{face.parts}" in labels


def test_single_card_has_no_part_number(layout):
    """A one-card spell shows no "1/1"."""
    (face,) = fit_spell(make_spell(), layout)
    assert not any(isinstance(i, Label) and i.text == "1/1" for i in face.items)


def test_stat_block_only_on_the_first_card(layout):
    """Continuation cards have no stat grid; every card repeats names, school and level."""
    faces = fit_spell(long_spell(12), layout)
    labels = [{i.text for i in f.items if isinstance(i, Label)} for f in faces]
    assert {"VYVOLÁNÍ", "DOSAH", "SLOŽKY", "TRVÁNÍ"} <= labels[0]
    for rest in labels[1:]:
        assert not rest & {"VYVOLÁNÍ", "DOSAH", "SLOŽKY", "TRVÁNÍ"}
    for card in labels:
        assert {"Chromatic orb", "Zaklínání", "1"} <= card


def test_every_part_but_the_last_says_it_goes_on(layout):
    """ "pokračuje ›" at the foot of parts 1..n-1, not on the last part or a single card."""
    faces = fit_spell(long_spell(12), layout)
    cues = [any(isinstance(i, Label) and i.text == "pokračuje ›" for i in f.items) for f in faces]
    assert cues == [True] * (len(faces) - 1) + [False]
    (single,) = fit_spell(make_spell(), layout)
    assert not any(isinstance(i, Label) and "pokračuje" in i.text for i in single.items)


def test_level_disc_and_school_icon_in_the_band(layout):
    """The level as a numeral in a disc ("trik" for a cantrip), the school's icon beside it."""
    for level, numeral in ((3, "3"), (0, "trik")):
        (face,) = fit_spell(make_spell(level=level), layout)
        (disc,) = [i for i in face.items if isinstance(i, Disc)]
        # (the index corner at the top left shows the numeral too: the disc's is the nearer)
        labels = [i for i in face.items if isinstance(i, Label) and i.text == numeral]
        label = min(labels, key=lambda i: abs(i.x - disc.x))
        assert abs(label.x + stringWidth(numeral, label.font, label.size) / 2 - disc.x) < 0.01
        assert disc.colour != face.colour and label.colour == face.colour
        # the band's icon (a short card may show the school's icon in its free room too)
        shapes = [i for i in face.items if isinstance(i, Shape) and i.y > face.height / 2]
        assert [s.icon for s in shapes] == [layout.icons["Zaklínání"]]


def test_level_line_and_badges(layout):
    """School and level in the band; ritual and concentration as badges with their icons."""
    (face,) = fit_spell(make_spell(ritual=True, concentration=True), layout)
    labels = {i.text for i in face.items if isinstance(i, Label)}
    assert {"Zaklínání", "1", "rituál", "soustředění"} <= labels
    icons = {i.icon for i in face.items if isinstance(i, Shape)}
    assert {layout.icons["rituál"], layout.icons["soustředění"]} <= icons
    (plain,) = fit_spell(make_spell(), layout)
    assert not {"rituál", "soustředění"} & {i.text for i in plain.items if isinstance(i, Label)}


def test_short_material_stays_in_the_grid(layout):
    """A short material text is shown in the components cell."""
    (face,) = fit_spell(make_spell(material="trocha síry"), layout)
    stats = [i.line.text for i in face.items if isinstance(i, TextLine) and i.role == "stat"]
    assert "V, P, S (trocha síry)" in stats
    assert not any(isinstance(i, TextLine) and i.role == "material" for i in face.items)


def test_long_material_moves_below_the_grid(layout):
    """A long material text leaves the grid for a small line of its own, marked with *."""
    material = "diamant v hodnotě aspoň 300 zl, který kouzlo spotřebuje, a kapka rtuti"
    (face,) = fit_spell(make_spell(material=material), layout)
    stats = [i.line.text for i in face.items if isinstance(i, TextLine) and i.role == "stat"]
    assert "V, P, S*" in stats
    below = " ".join(
        i.line.text for i in face.items if isinstance(i, TextLine) and i.role == "material"
    )
    assert below.startswith("* diamant")


def test_long_name_fits_the_band(layout):
    """A long name is shrunk or set on two lines, never wider than the text area."""
    name = "Mordenkainenův velkolepý a nesmírně prostorný palác"
    (face,) = fit_spell(make_spell(name=name), layout)
    titles = [i for i in face.items if isinstance(i, TextLine) and i.role == "title"]
    assert 1 <= len(titles) <= 2
    right = layout.width - layout.safe_margin
    assert all(right_end(t) <= right + 0.01 for t in titles)
    assert all(t.size >= layout.sizes.title_min for t in titles)


def test_footer_shows_classes_and_source_abbreviations(layout):
    """The footer has the classes and the sources' short forms."""
    (face,) = fit_spell(make_spell(), layout)
    footer = " ".join(
        i.line.text for i in face.items if isinstance(i, TextLine) and i.role == "footer"
    )
    assert footer == "Čaroděj, Kouzelník"
    assert any(isinstance(i, Label) and i.text == "PHB · JaD" for i in face.items)


def test_higher_levels_is_set_apart_with_bold_italic_heading(layout):
    """ "Na vyšších úrovních." sits on a tinted panel and starts in bold italic."""
    spell = make_spell(
        Paragraph(SENTENCE),
        Paragraph(
            "Za každou úroveň nad 1. se zranění zvýší o 1k8.",
            "Na vyšších úrovních.",
            "higher_levels",
        ),
    )
    (face,) = fit_spell(spell, layout)
    lines = body_lines(face)
    heading_run = lines[-1].line.runs[0] if len(lines[-1].line.runs) > 1 else None
    last_para = [t for t in lines if t.line.runs[0].text.startswith("Na vyšších")]
    assert last_para, [t.line.text for t in lines]
    assert last_para[0].line.runs[0].font == layout.fonts["bold_italic"]
    assert any(isinstance(i, Fill) and i.y <= last_para[0].y <= i.y + i.height for i in face.items)
    del heading_run


def test_bullets_hang(layout):
    """Bullet items carry a bullet; their later lines align with the first line's text."""
    item = "Každý tvor v oblasti musí uspět v záchranném hodu na Moudrost, jinak je vyděšený."
    (face,) = fit_spell(make_spell(BulletList((item, item))), layout)
    bullets = [i for i in face.items if isinstance(i, Label) and i.text == "•"]
    assert len(bullets) == 2
    lines = body_lines(face)
    starts = {round(t.x + t.line.runs[0].x, 2) for t in lines}
    assert len(starts) == 1
    assert starts.pop() > bullets[0].x


def test_table_is_ruled_and_fits_the_width(layout):
    """A table becomes rows of cells within the text width, with rules between rows."""
    table = Table(
        ("k6", "Přivolaní démoni"),
        (
            ("1–2", "Dva démoni s nebezpečností 1 nebo nižší"),
            ("3–4", "Čtyři démoni s nebezpečností 1/2 nebo nižší"),
            ("5–6", "Osm démonů s nebezpečností 1/4 nebo nižší"),
        ),
    )
    (face,) = fit_spell(make_spell(Paragraph(SENTENCE), table), layout)
    cells = [i for i in face.items if isinstance(i, TextLine) and i.role == "table"]
    right = layout.width - layout.safe_margin
    assert all(right_end(c) <= right + 0.01 for c in cells)
    assert not any(c.line.overfull for c in cells)
    rules = [i for i in face.items if isinstance(i, Rule)]
    assert len(rules) >= 4
    words = " ".join(words_of([face]))
    assert "k6 Přivolaní démoni 1–2 Dva démoni s nebezpečností 1 nebo nižší 3–4" in words


def test_table_header_repeats_on_the_next_card():
    """A table split between cards repeats its header row at the top of the next card."""
    header = Slab(10.0, (Label("head", "CharisSIL", 7, 0, -7, "#000000"),), 0.0, BLOCK)
    rows = [Slab(10.0, (), 0.0, LINE, header) for _ in range(5)]
    placed, remainder = fill_card([header, *rows], Area(0, 0, 100, 35))
    assert remainder is not None
    again, _ = fill_card(remainder.slabs, Area(0, 0, 100, 35))
    assert [i.text for i in again if isinstance(i, Label)] == ["head"]


def test_fill_card_returns_what_remains():
    """fill_card places what fits and hands back the rest; None when all fit."""
    slabs = [Slab(10.0, (), 0.0, LINE) for _ in range(5)]
    placed, remainder = fill_card(slabs, Area(0, 0, 100, 30))
    assert remainder is not None and len(remainder.slabs) == 2
    _, nothing = fill_card(slabs[:2], Area(0, 0, 100, 30))
    assert nothing is None


def test_fill_card_never_breaks_where_forbidden():
    """A card does not end before a slab marked NEVER (widow, orphan, kept heading)."""
    slabs = [Slab(10.0, (), 0.0, BLOCK), Slab(10.0, (), 0.0, LINE), Slab(10.0, (), 0.0, NEVER)]
    _, remainder = fill_card(slabs, Area(0, 0, 100, 25))
    assert remainder is not None and len(remainder.slabs) == 2


def test_fill_card_prefers_a_paragraph_end_when_the_card_is_full_enough():
    """With a block boundary at 80 % or more, the card ends there rather than mid-paragraph."""
    slabs = [Slab(10.0, (), 0.0, BLOCK if n in (0, 8) else LINE) for n in range(12)]
    _, remainder = fill_card(slabs, Area(0, 0, 100, 100))
    assert remainder is not None and len(remainder.slabs) == 4
    _, greedy = fill_card(slabs, Area(0, 0, 100, 100), prefer_blocks=False)
    assert greedy is not None and len(greedy.slabs) == 2


def test_no_widow_or_orphan_lines(layout):
    """Every card break falls where the slabs allow it: no lone first or last paragraph line."""
    spell = make_spell(*(Paragraph(SENTENCE * n) for n in (1, 3, 2, 4, 1, 5, 2, 3, 6, 1)))
    faces = fit_spell(spell, layout)
    assert len(faces) > 2
    slabs = SpellSetter(spell, layout).slabs(faces[0].body_size)  # one slab per line here
    start = 0
    for before, face in zip(faces, faces[1:], strict=False):
        start += len(body_lines(before))
        assert body_lines(face)[0].line.text == slabs[start].items[0].line.text
        assert slabs[start].breakable in (paginate.SHORT, LINE, paginate.SENTENCE, BLOCK)


def test_break_permissions_of_a_paragraph(layout):
    """Lines 1-2 and the last two stay together; a line ending inside a word keeps the next;
    elsewhere a card may end (how well: tests/test_card_breaks.py)."""
    spell = make_spell(Paragraph(SENTENCE * 5))
    slabs = SpellSetter(spell, layout).slabs(layout.body_max)
    allowed = [s.breakable for s in slabs]
    assert allowed[:2] == [BLOCK, NEVER] and allowed[-1] == NEVER
    for previous, slab in zip(slabs[1:-2], slabs[2:-1], strict=True):
        if previous.items[0].line.split_word:
            assert slab.breakable == NEVER
        else:
            assert slab.breakable in (paginate.SHORT, LINE, paginate.SENTENCE)


def test_heading_stays_with_its_text(layout):
    """A stand-alone heading may not end a card."""
    spell = make_spell(Paragraph(SENTENCE), Heading("Akce"), Paragraph(SENTENCE))
    slabs = SpellSetter(spell, layout).slabs(layout.body_max)
    heading = next(n for n, s in enumerate(slabs) if s.items[0].line.text == "Akce")
    assert slabs[heading].breakable == BLOCK
    assert slabs[heading + 1].breakable == NEVER


def test_card_never_ends_inside_a_word(layout):
    """The line before a card break does not end with a hyphenated word."""
    for paragraphs in (8, 12, 16):
        faces = fit_spell(long_spell(paragraphs), layout)
        for face in faces[:-1]:
            assert not body_lines(face)[-1].line.split_word


def test_markup_characters_are_text(layout):
    """ "<", ">" and "&" reach the card as they are."""
    (face,) = fit_spell(make_spell(Paragraph('Hodnota <b> & "x" > 3 zůstane.')), layout)
    assert "<b>" in words_of([face]) and "&" in words_of([face])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.lists(
            st.sampled_from(
                "a v s zranění 3k8 2k6 + 4 6 sáhů tvor kouzlo nepřátelský soustředění "
                "Obratnost (soustředění) „Dobře známé“ 50 zl 1/2 01−05 ne-démony".split()
            ),
            min_size=1,
            max_size=60,
        ),
        min_size=1,
        max_size=14,
    )
)
def test_fitter_never_loses_a_word(paragraphs):
    """Whatever the text, every word comes out on the cards, in order."""
    layout = load_layout("poker")
    spell = make_spell(*(Paragraph(" ".join(words)) for words in paragraphs))
    faces = fit_spell(spell, layout)
    expected = [w for words in paragraphs for w in normalise(" ".join(words)).split()]
    assert [w.replace("-", "") for w in words_of(faces)] == [w.replace("-", "") for w in expected]
    assert all(f.body_size >= layout.body_min for f in faces)


@pytest.mark.parametrize("name", ["bridge", "mini", "tarot"])
def test_other_layouts_fit_without_code_changes(name):
    """Other card sizes set the same spell within their own size and type limits."""
    layout = load_layout(name)
    faces = fit_spell(long_spell(6), layout)
    assert all(f.width == layout.width and f.height == layout.height for f in faces)
    assert all(layout.body_min <= f.body_size <= layout.body_max for f in faces)
    for face in faces:
        for line in (i for i in face.items if isinstance(i, TextLine)):
            assert layout.safe_margin - 0.01 <= line.x
            assert right_end(line) <= layout.width - layout.safe_margin + 0.01


def test_names_and_stats_are_not_hyphenated():
    """Title, stat values and classes break between words, even on a narrow card."""
    layout = load_layout("mini")
    spell = make_spell(name="Mordenkainenova soukromá svatyně", concentration=True)
    (face,) = fit_spell(spell, layout)
    short = [
        i.line
        for i in face.items
        if isinstance(i, TextLine) and i.role in ("title", "stat", "footer")
    ]
    assert not any(line.split_word for line in short)


def test_concentration_is_shown_once(layout):
    """The badge says "soustředění"; the duration does not say it again."""
    (face,) = fit_spell(make_spell(concentration=True), layout)
    stats = [i.line.text for i in face.items if isinstance(i, TextLine) and i.role == "stat"]
    assert not any("soustředění" in text for text in stats)
    assert "1 minuta" in stats
    assert sum(isinstance(i, Label) and i.text == "soustředění" for i in face.items) == 1


def test_outline_matches_the_set_slabs(layout):
    """The cheap outline has the set slabs' heights, spaces, permissions and repeated header."""
    spell = make_spell(
        Paragraph(SENTENCE * 5, "Silná ruka."),
        Heading("Akce"),
        Paragraph(SENTENCE * 3),
        BulletList((SENTENCE, SENTENCE * 3)),
        Table(("k4", "Účinek"), tuple((str(n), SENTENCE) for n in range(6))),
        Paragraph(SENTENCE * 4, "Na vyšších úrovních.", "higher_levels"),
    )

    def shape(slabs):
        return [
            (s.height, s.space_before, s.breakable, s.repeat.height if s.repeat else None)
            for s in slabs
        ]

    for size in (6.5, 7.3, 8.5):
        outline = SpellSetter(spell, layout).outline(size)
        assert not outline[0].items  # not built: the paragraph's lines
        assert shape(outline) == shape(SpellSetter(spell, layout).slabs(size))
        assert {LINE, NEVER, BLOCK} <= {s.breakable for s in outline}


def test_a_shared_context_gives_the_same_faces_as_a_fresh_one(layout):
    """The caches of a build change nothing: a spell set after others is set as if alone."""
    from cards.typeset import TypesetContext

    unique = "Jedinečná věta, kterou žádné jiné kouzlo nemá. "
    spell = make_spell(Paragraph(unique * 40))
    shared = TypesetContext()
    fit_spell(make_spell(Paragraph(SENTENCE * 12)), layout, shared)
    faces = fit_spell(spell, layout, shared)
    assert len(faces) > 1
    assert [face.items for face in faces] == [face.items for face in fit_spell(spell, layout)]
    assert any(key[0] == unique * 40 for key in shared.paragraphs)


def test_spell_without_description_gets_one_card(layout):
    """A spell with no description text still gets its card, header and footer."""
    spell = make_spell(Paragraph(""))
    (face,) = fit_spell(spell, layout)
    assert not body_lines(face)
    assert any(isinstance(i, Label) and i.text == "VYVOLÁNÍ" for i in face.items)


def test_empty_blocks_do_not_upset_the_height(layout):
    """Empty paragraphs, list items and header-only tables are measured as what they set."""
    spell = make_spell(
        Paragraph(""),
        BulletList(("", SENTENCE)),
        Table(("k4", "Účinek"), ()),
        Table((), ()),
        Paragraph(SENTENCE * 2),
    )
    setter = SpellSetter(spell, layout)
    for size in (6.5, 8.5):
        slabs = setter.slabs(size)
        total = sum(s.height + s.space_before for s in slabs) - slabs[0].space_before
        assert used_height(SpellSetter(spell, layout).outline(size)) == pytest.approx(total)
    assert words_of(fit_spell(spell, layout))[:3] == SENTENCE.split()[:3]


WORDS = st.sampled_from(
    "a v zranění 3k8 2k6 + 4 6 sáhů tvor kouzlo nepřátelský Obratnost 50 zl 01−05".split()
)
TEXT = st.lists(WORDS, min_size=1, max_size=40).map(" ".join)
BLOCKS = st.one_of(
    TEXT.map(Paragraph),
    TEXT.map(lambda t: Paragraph(t, "Na vyšších úrovních.", "higher_levels")),
    TEXT.map(lambda t: Paragraph(t, "", "scaling")),
    TEXT.map(lambda t: Heading(t[:30])),
    st.lists(TEXT, min_size=1, max_size=4).map(lambda items: BulletList(tuple(items))),
    st.lists(st.tuples(TEXT, TEXT), min_size=1, max_size=8).map(
        lambda rows: Table(("Hod", "Účinek"), tuple(rows))
    ),
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(BLOCKS, min_size=1, max_size=12), st.sampled_from(["poker", "mini"]))
def test_any_mix_of_blocks_fits_without_losing_a_word(blocks, name):
    """Paragraphs, lists, headings and tables in any order: every word is set, sizes agree."""
    layout = load_layout(name)
    faces = fit_spell(make_spell(*blocks), layout)
    expected: list[str] = []
    for block in blocks:
        if isinstance(block, Paragraph):
            expected.extend(normalise(f"{block.heading} {block.text}").split())
        elif isinstance(block, Heading):
            expected.extend(normalise(block.text).split())
        elif isinstance(block, BulletList):
            expected.extend(w for item in block.items for w in normalise(item).split())
        else:
            expected.extend(
                w for row in (block.header, *block.rows) for c in row for w in normalise(c).split()
            )
    found = Counter(w.replace("-", "") for w in words_of(faces))
    wanted = Counter(w.replace("-", "") for w in expected)
    assert wanted - found == Counter()
    # a table's header repeated on a new card, marked as going on
    assert set(found - wanted) <= {"Hod", "Účinek", "(pokračování)"}
    panels = [b for b in blocks if isinstance(b, Paragraph) and b.kind in PANELS]
    if panels:  # the panels close the spell: the last one's words are the last set
        tail = [
            w.replace("-", "") for w in normalise(f"{panels[-1].heading} {panels[-1].text}").split()
        ]
        assert [w.replace("-", "") for w in words_of(faces)][-len(tail) :] == tail
    _sizes_agree(faces, layout)
    assert [f.part for f in faces] == list(range(1, len(faces) + 1))


def test_too_wide_table_is_condensed_not_overfull():
    """A table wider than a mini card even at type.table_min is condensed to fit, not clipped."""
    layout = load_layout("mini")
    rows = tuple(("Jednou spatřené", "01−43", "44−53", "54−73", "74−100") for _ in range(3))
    table = Table(("Obeznámenost", "Nehoda", "Podobná oblast", "Mimo cíl", "Do cíle"), rows)
    faces = fit_spell(make_spell(table), layout)
    cells = [i for f in faces for i in f.items if isinstance(i, TextLine) and i.role == "table"]
    assert not any(c.line.overfull for c in cells)
    assert all(1.0 > c.scale >= 0.8 for c in cells)
    assert all(c.size >= layout.sizes.table_min for c in cells)
    assert all(right_end(c) <= layout.width - layout.safe_margin + 0.01 for c in cells)


def test_a_gaping_size_gives_way_to_a_smaller_one():
    """Past GAPE the largest smaller size that fits and sets within GAPE is taken; where
    none does, the least gaping that fits (of equals the larger)."""
    from cards.fit.room import GAPE, least_gaping

    sizes = [6.5 + 0.5 * n for n in range(8)]
    gapes = {7: GAPE + 0.3, 6: GAPE + 0.4, 5: GAPE + 0.1, 4: GAPE, 3: 1.0}
    assert least_gaping(sizes, 7, lambda s: True, lambda s: gapes[sizes.index(s)]) == 4
    assert least_gaping(sizes, 7, lambda s: s != sizes[4], lambda s: gapes[sizes.index(s)]) == 3
    holes = {n: GAPE + 1.0 - 0.1 * (n % 3) for n in range(8)}
    assert least_gaping(sizes, 7, lambda s: True, lambda s: holes[sizes.index(s)]) == 5
    assert least_gaping(sizes, 7, lambda s: True, lambda s: GAPE - 0.1) == 7


def _without_steps(tmp_path):
    """Write poker.toml without its type.size_steps (the 0.1 pt grid), up to 8.5 pt."""
    text = load_layout("poker").path
    lines = open(text, encoding="utf-8").read().splitlines(keepends=True)
    path = tmp_path / "fine.toml"
    kept = "".join(x for x in lines if not x.startswith("size_steps"))
    path.write_text(kept.replace("body_max = 12.0", "body_max = 8.5"), encoding="utf-8")
    return path


def _panel_fills(face, layout=None):
    """Return the tinted fills behind description lines (the panels and table headers)."""
    tint = card_style(layout or load_layout("poker"), face.spell.school).tint
    return [i for i in face.items if isinstance(i, Fill) and i.colour == tint]


def _covered(item, fills) -> bool:
    return any(f.y <= item.y <= f.y + f.height and f.x <= item.x for f in fills)


def test_cantrip_scaling_is_set_on_a_panel(layout):
    """A cantrip's scaling paragraph sits on the tinted panel, ragged, under the kind's
    heading "Vylepšení triku." in the panel's heading font (issue 35: every panel has one)."""
    scaling = (
        "Zranění tohoto kouzla se zvýší o 1k10, když dosáhneš 5. úrovně (2k10), 11. úrovně "
        "(3k10) a 17. úrovně (4k10)."
    )
    spell = make_spell(Paragraph(SENTENCE), Paragraph(scaling, "", "scaling"), level=0)
    (face,) = fit_spell(spell, layout)
    lines = body_lines(face)
    panel = [t for t in lines if _covered(t, _panel_fills(face))]
    assert panel and panel[0].line.text.startswith("Vylepšení triku. Zranění")
    assert words_of([face]) == normalise(SENTENCE + " Vylepšení triku. " + scaling).split()
    runs = [run for t in panel for run in t.line.runs]
    assert (
        runs[0].font == layout.fonts["bold_italic"] and runs[0].text.strip() == "Vylepšení triku."
    )
    assert all(run.font == layout.fonts["body"] for run in runs[1:])
    assert all(t.line.word_space == 0 for t in panel)  # ragged: dice and levels do not gape


def test_the_panel_follows_a_table_that_the_source_put_after_it(layout):
    """Higher levels come last on the card, below a table that follows them in the source."""
    higher = Paragraph(
        "Za každou úroveň nad 1. se zranění zvýší o 1k8.", "Na vyšších úrovních.", "higher_levels"
    )
    table = Table(("k4", "Účinek"), tuple((str(n), "Tvor se nehne.") for n in range(1, 5)))
    (face,) = fit_spell(make_spell(Paragraph(SENTENCE), higher, table), layout)
    texts = [i for i in face.items if isinstance(i, TextLine) and i.role in ("body", "table")]
    assert texts[-1].role == "body" and texts[-1].line.text.endswith("1k8.")
    lowest_table = min(i.y for i in texts if i.role == "table")
    assert all(i.y < lowest_table for i in texts if i.line.text.startswith("Na vyšších"))


def test_the_panel_is_one_shape_per_card(layout):
    """A panel split over two cards is one fill and one bar on each, under its lines."""
    higher = Paragraph(SENTENCE * 14, "Na vyšších úrovních.", "higher_levels")
    faces = fit_spell(make_spell(Paragraph(SENTENCE * 2), higher), layout)
    assert len(faces) == 2
    for face in faces:
        style = card_style(layout, face.spell.school)
        panel_lines = [t for t in body_lines(face) if t.x > style.left + 0.1]
        fills = [  # behind the panel's lines (not the stat grid's ground)
            f for f in _panel_fills(face) if any(f.y <= t.y <= f.y + f.height for t in panel_lines)
        ]
        bars = [
            i
            for i in face.items
            if isinstance(i, Rule) and i.x1 == i.x2 and i.colour == style.colour
        ]
        assert panel_lines and len(fills) == 1 and len(bars) == 1
        (fill,), (bar,) = fills, bars
        top, bottom = fill.y + fill.height, fill.y
        assert all(bottom < t.y - 0.2 * t.size and t.y + 0.7 * t.size < top for t in panel_lines)
        assert (max(bar.y1, bar.y2), min(bar.y1, bar.y2)) == pytest.approx((top, bottom))
        first_line = face.items.index(panel_lines[0])
        assert face.items.index(fill) < first_line and face.items.index(bar) < first_line


def _table_slabs(layout, table: Table, size: float = 8.0):
    slabs = SpellSetter(make_spell(table), layout).slabs(size)
    return [s for s in slabs if any(isinstance(i, TextLine) for i in s.items)]


def test_a_table_splits_only_with_three_rows_on_each_part(layout):
    """A card may end inside a table only after its third row and before its third last."""
    rows = tuple((str(n), SENTENCE) for n in range(1, 10))
    slabs = _table_slabs(layout, Table(("k10", "Účinek"), rows))
    assert len(slabs) == 10  # the header and nine rows
    allowed = [n for n, slab in enumerate(slabs) if n and slab.breakable != NEVER]
    assert allowed == [4, 5, 6, 7]  # 3 + 6, 4 + 5, 5 + 4, 6 + 3 rows


def test_the_header_repeated_on_the_next_card_says_pokracovani(layout):
    """The header set above a table's rows on a continuation card is marked "(pokračování)"."""
    from cards.fit.tables import CONTINUED

    rows = tuple((str(n), SENTENCE) for n in range(1, 10))
    slabs = _table_slabs(layout, Table(("k10", "Účinek"), rows))
    repeat = slabs[1].repeat
    assert repeat is not None and all(s.repeat is repeat for s in slabs[1:])
    texts = [i.line.text for i in repeat.items if isinstance(i, TextLine)]
    assert texts == ["k10", f"Účinek {CONTINUED}"]
    assert [i.line.text for i in slabs[0].items if isinstance(i, TextLine)] == ["k10", "Účinek"]
    faces = fit_spell(make_spell(Paragraph(SENTENCE * 3), Table(("k10", "Účinek"), rows)), layout)
    heads = [
        [i.line.text for i in f.items if isinstance(i, TextLine) and i.role == "table"][:2]
        for f in faces
    ]
    assert len(faces) == 2 and heads == [["k10", "Účinek"], ["k10", f"Účinek {CONTINUED}"]]


def test_a_long_narrow_table_is_set_as_two_pairs_side_by_side(layout):
    """An 8-row d8 table of short cells takes 4 rows: 1–4 on the left, 5–8 on the right."""
    kinds = ("Bleskové", "Hromové", "Chladné", "Jedové", "Kyselinové", "Ohnivé", "Psychické")
    rows = tuple((str(n), kind) for n, kind in enumerate((*kinds, "Silové"), 1))
    slabs = _table_slabs(layout, Table(("k8", "Typ zranění"), rows))
    assert len(slabs) == 5  # the header and four rows
    cells = [[i.line.text for i in s.items if isinstance(i, TextLine)] for s in slabs]
    assert cells[0] == ["k8", "Typ zranění", "k8", "Typ zranění"]
    assert cells[1] == ["1", "Bleskové", "5", "Kyselinové"]
    assert cells[4] == ["4", "Jedové", "8", "Silové"]
    dividers = [i for s in slabs for i in s.items if isinstance(i, Rule) and i.x1 == i.x2]
    assert len(dividers) == 5 and len({d.x1 for d in dividers}) == 1


def test_a_table_whose_cells_would_wrap_in_pairs_stays_one_pair(layout):
    """Two pairs side by side only when every cell fits one line; else one column pair."""
    rows = tuple((str(n), "Tvor se po celý tah nemůže hnout z místa.") for n in range(1, 9))
    assert len(_table_slabs(layout, Table(("k8", "Účinek"), rows))) == 9
    short = tuple(
        (str(n), "Nic") for n in range(1, 4)
    )  # too short to pair (tables.PAIRED_MIN_ROWS)
    assert len(_table_slabs(layout, Table(("k8", "Účinek"), short))) == 4
