"""The fitter at its limits: every valid layout sets every word or refuses with a CardsError.

Also the least card count computed independently (by trying every break point on small spells
set in a fixed-metric font), and heights of freshly set descriptions against line counts.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Sequence
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from cards.bounds import FieldTooWide
from cards.cli import main
from cards.errors import CardsError
from cards.face import TextLine
from cards.fit import FitError, SpellSetter, fit, fit_spell, used_height
from cards.layout import load_layout
from cards.model import Heading, Paragraph, Table
from cards.typeset import ParagraphSetting, TypesetContext, line_text, set_lines
from tests.support.examples import examples
from tests.support.fonts import MONO_FONT
from tests.support.pdfread import open_pdf
from tests.support.spells import SENTENCE, layout_variant, make_spell

WORDS = (
    "kouzlo tvor cíl dosah zranění sáhů hod záchranný Obratnost ohnivý proud kostka "
    "nepřítel spojenec světlo tma k6 3k8 2. úrovně a i v s z o u"
).split()


def description_words(faces, apart: Sequence[str] = ()) -> list[str]:
    """Return the words of the description as set on the faces, split words joined; lines
    whose text is in `apart` (a table's repeated header) never take a split word's rest."""
    words: list[str] = []
    carry = ""
    for face in faces:
        for item in face.items:
            if not isinstance(item, TextLine) or item.role not in ("body", "table"):
                continue
            line = item.line
            tokens = line.text.split()
            if not tokens:
                continue
            if line.text in apart:
                words.extend(tokens)
                continue
            if line.repeated_hyphen:
                tokens[0] = tokens[0][1:]
            tokens[0] = carry + tokens[0]
            carry = ""
            if line.hyphenated:
                carry = tokens.pop()[:-1]
            elif line.split_word:
                carry = tokens.pop()
            words.extend(tokens)
    return words + ([carry] if carry else [])


def inside_safe_area(face, margin: float) -> bool:
    """Whether every text line of a face starts and ends inside the safe area."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    for item in face.items:
        if not isinstance(item, TextLine):
            continue
        run = item.line.runs[-1]
        width = stringWidth(run.text, run.font, item.size)
        drawn = (width + run.text.count(" ") * item.line.word_space) * item.line.scale
        right = item.x + (run.x + drawn) * item.scale
        if item.x < margin - 0.01 or right > face.width - margin + 0.01:
            return False
    return True


# --- the four layouts that crashed ------------------------------------------------------------


def test_paragraph_gap_2_sets_a_deck_with_every_word(tmp_path):
    """paragraph_gap = 2.0 (the loader's maximum) used to crash `cards deck`: now a PDF."""
    layout = layout_variant(tmp_path, {"paragraph_gap": "2.0"})
    out = tmp_path / "deck.pdf"
    result = CliRunner().invoke(
        main,
        ["deck", "-", "--layout", str(layout), "-o", str(out), "-q"],
        input="Najdi přítelíčka\n",
    )
    assert result.exit_code == 0, result.output
    with open_pdf(out) as pdf:
        text = " ".join(page.extract_text() for page in pdf.pages)
    assert "Najdi přítelíčka" in text


def test_paragraph_gap_2_fits_long_spells_on_their_cards(tmp_path):
    """Gaps dropped at a card's top are not counted: the card count at the minimum is kept."""
    layout = load_layout(layout_variant(tmp_path, {"paragraph_gap": "2.0"}))
    spell = make_spell(*(Paragraph(SENTENCE * n) for n in (2, 1, 3, 1, 2, 4, 1, 2, 3)))
    result = fit(spell, layout)
    assert len(result.faces) == result.min_cards > 1
    assert (
        description_words(result.faces)
        == " ".join(SENTENCE * n for n in (2, 1, 3, 1, 2, 4, 1, 2, 3)).split()
    )


def test_a_35_by_50_mm_card_sets_a_spell_or_names_what_does_not_fit(tmp_path):
    """On the smallest card a spell is set with every word; the stats may fill the first card."""
    layout = load_layout(layout_variant(tmp_path, {"width_mm": "35.0", "height_mm": "50.0"}))
    spell = make_spell(Paragraph(SENTENCE * 3), Paragraph(SENTENCE), concentration=True)
    faces = fit_spell(spell, layout)
    assert description_words(faces) == (SENTENCE * 3 + SENTENCE).split()
    assert all(inside_safe_area(face, layout.safe_margin) for face in faces)


@pytest.mark.parametrize("words, cards", [(150, 1), (300, 2)])
def test_a_long_material_note_is_set_whole_the_first_card_to_itself_if_need_be(words, cards):
    """150 words leave room for the text; 300 do not: the first card holds stats and note."""
    note = " ".join(["drahokam v ceně 50 zl"] * (words // 5))
    faces = fit_spell(make_spell(Paragraph(SENTENCE), material=note), load_layout("poker"))
    assert len(faces) == cards
    material = [item.line for item in faces[0].items if getattr(item, "role", "") == "material"]
    assert line_text(material) == "* " + note
    if cards == 2:
        assert description_words(faces[:1]) == []
    assert description_words(faces) == SENTENCE.split()
    assert all(inside_safe_area(face, load_layout("poker").safe_margin) for face in faces)


def test_a_material_note_taller_than_the_card_is_refused_with_a_clear_message():
    """A note that does not fit even a card of its own: FitError naming spell, layout, note."""
    spell = make_spell(material=" ".join(["drahokam v ceně 50 zl"] * 120))  # 600 words
    with pytest.raises(FitError) as caught:
        fit_spell(spell, load_layout("poker"))
    message = str(caught.value)
    assert message.startswith("Barevná koule: poznámka o materiálu se nevejde na kartu 63 × 88 mm")
    assert "poker.toml" in message
    assert isinstance(caught.value, CardsError)


def test_a_table_cell_of_2000_words_goes_on_over_as_many_cards_as_it_needs():
    """A table row taller than any card is set line by line over the cards: every word."""
    cell = " ".join(["slovo"] * 2000)
    spell = make_spell(Paragraph(SENTENCE), Table(("k4", "Účinek"), (("1", cell), ("2", "Nic"))))
    faces = fit_spell(spell, load_layout("poker"))
    assert len(faces) > 5
    texts = [i.line.text for f in faces for i in f.items if isinstance(i, TextLine)]
    assert sum(text.split().count("slovo") for text in texts) == 2000
    assert sum(text.split().count("Nic") for text in texts) == 1


def test_a_table_header_taller_than_any_card_is_refused_with_a_clear_message():
    """A header row is never cut: taller than a card, FitError names its cell."""
    cell = " ".join(["slovo"] * 2000)
    spell = make_spell(Paragraph(SENTENCE), Table(("k4", cell), (("1", "Nic"),)))
    with pytest.raises(FitError, match=r"buňka tabulky \(„slovo slovo .*2000 slov\) se nevejde"):
        fit_spell(spell, load_layout("poker"))


def test_the_cli_reports_a_spell_that_cannot_fit_and_writes_no_pdf(tmp_path):
    """A FitError through `cards deck`: "Chyba: ..." on stderr, exit 1, no file written."""
    layout = layout_variant(tmp_path, {"width_mm": "35.0", "height_mm": "50.0"})
    out = tmp_path / "deck.pdf"
    # Čarodějnický blesk's material note is taller than a 35 x 50 mm card.
    result = CliRunner().invoke(
        main, ["deck", "-", "--layout", str(layout), "-o", str(out)], input="Čarodějnický blesk\n"
    )
    assert result.exit_code == 1
    assert "poznámka o materiálu se nevejde na kartu 35 × 50 mm" in result.output
    assert str(layout) in result.output
    assert "Traceback" not in result.output
    assert not out.exists()


def test_fit_report_and_preview_report_the_error_too(tmp_path):
    """The other commands that fit give the same message and exit 1."""
    layout = layout_variant(tmp_path, {"width_mm": "35.0", "height_mm": "50.0"})
    runner = CliRunner()
    report = runner.invoke(main, ["fit-report", "--layout", str(layout)])
    preview = runner.invoke(
        main,
        ["preview", "Čarodějnický blesk", "--layout", str(layout), "-o", str(tmp_path / "p.png")],
    )
    for result in (report, preview):
        assert result.exit_code == 1
        assert "se nevejde na kartu 35 × 50 mm" in result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)


# --- any layout, any spell ---------------------------------------------------------------


@cache
def _layout_file(
    width: float,
    height: float,
    margin: float,
    gap: float,
    leading: float,
    body_max: float,
    body_min: float,
) -> Path:
    directory = Path(tempfile.gettempdir()) / "cards-test-layouts"
    directory.mkdir(parents=True, exist_ok=True)
    name = "-".join(f"{v:g}" for v in (width, height, margin, gap, leading, body_max, body_min))
    return layout_variant(
        directory,
        {
            "width_mm": f"{width}",
            "height_mm": f"{height}",
            "safe_margin_mm": f"{margin}",
            "frame_mm": f"{margin / 2}",
            "paragraph_gap": f"{gap}",
            "leading": f"{leading}",
            "body_max": f"{body_max}",
            "body_min": f"{body_min}",
        },
        name,
    )


HEADER = ("Kostka", "Účinek")  # a table's header, repeated on each card the table reaches
CONTINUED = "(pokračování)"  # what the repeated header adds (cards.fit.tables.CONTINUED)
LONG_WORD = "Nejnepravděpodobnějšího" + "x" * 40  # no hyphenation point past the Czech part
URL = "https://www.dndbeyond.com/spells/contingency-and-other-long-names"


@st.composite
def layouts(draw):
    width = draw(st.sampled_from([35.0, 44.0, 57.0, 63.0, 70.0]))
    height = draw(st.sampled_from([50.0, 63.0, 88.0, 120.0]))
    margin = draw(st.sampled_from([2.0, 3.4, 4.0]))
    gap = draw(st.sampled_from([0.0, 0.22, 1.0, 2.0]))
    leading = draw(st.sampled_from([1.0, 1.14, 1.5]))
    body_min = draw(st.sampled_from([5.0, 6.5, 8.0]))
    body_max = body_min + draw(st.sampled_from([0.0, 1.0, 3.0]))
    return load_layout(_layout_file(width, height, margin, gap, leading, body_max, body_min))


@st.composite
def spells(draw):
    blocks = []
    for _ in range(draw(st.integers(1, 5))):
        kind = draw(st.sampled_from(["paragraph", "long word", "heading", "table"]))
        words = draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=80))
        if kind == "paragraph":
            blocks.append(Paragraph(" ".join(words)))
        elif kind == "long word":
            blocks.append(
                Paragraph(" ".join([*words[:3], draw(st.sampled_from([LONG_WORD, URL]))]))
            )
        elif kind == "heading":
            blocks.append(Heading(" ".join(words[:4])))
        else:
            big = draw(st.sampled_from([1, 20, 100]))  # up to 8,000 words: many cards
            blocks.append(Table(HEADER, (("1", " ".join(words * big)), ("2", "Nic"))))
    material = draw(st.sampled_from(["", "drahokam", " ".join(["peříčko a kapka vody"] * 25)]))
    return make_spell(*blocks, material=material, concentration=draw(st.booleans()))


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layout=layouts(), spell=spells())
def test_any_layout_and_spell_sets_every_word_or_raises_a_cards_error(layout, spell):
    """Never a traceback, never a lost word, never a line outside the safe area."""
    try:
        faces = fit_spell(spell, layout)
    except FieldTooWide as error:  # a field, or a part label of many cards ("100/101")
        event("refused: a field")
        assert str(error).startswith(f"test:1: {spell.label}: pole ")
        return
    except CardsError as error:
        event("refused: " + str(error).split(": ", 1)[1].split(" se nevejde")[0][:20])
        assert str(error).startswith(spell.name + ": ")
        assert layout.path in str(error)
        return
    event(f"set on {min(len(faces), 4)}+ cards" if len(faces) >= 4 else f"set on {len(faces)}")
    expected = []
    for block in spell.blocks:
        if isinstance(block, Paragraph):
            expected += block.text.split()
        elif isinstance(block, Heading):
            expected += block.text.split()
        elif isinstance(block, Table):
            expected += [
                w for row in (block.header, *block.rows) for cell in row for w in cell.split()
            ]
    # A tall row may go on to the next card inside a word (a last resort): the repeated
    # header stands between the word's parts.
    got = description_words(faces, apart=(*HEADER, f"{HEADER[1]} {CONTINUED}", CONTINUED))
    # Table cells come row by row, cell by cell; a table's header repeats on each of its cards.
    assert sorted(w for w in got if w not in (*HEADER, CONTINUED)) == sorted(
        w for w in expected if w not in HEADER
    )
    assert set(HEADER) & set(expected) <= set(got)
    assert [w for w in got if w in (LONG_WORD, URL)] == [
        w for w in expected if w in (LONG_WORD, URL)
    ]
    assert all(inside_safe_area(face, layout.safe_margin) for face in faces)
    assert all(layout.body_min <= face.body_size <= layout.body_max for face in faces)


# --- the least card count, independently -------------------------------------------------


def _mono_layout(tmp_path: Path, height_mm: float):
    replacements = {
        key: f'"{MONO_FONT}"' for key in ("body", "bold", "italic", "bold_italic", "title")
    }
    replacements.update({"height_mm": f"{height_mm}", "body_max": "7.0", "body_min": "7.0"})
    return load_layout(layout_variant(tmp_path, replacements, f"mono-{height_mm:g}"))


def _least_cards(
    lines_per_paragraph, splits, first: float, rest: float, leading: float, gap: float
):
    """Return the fewest cards for paragraphs of these lines, trying every allowed break.

    A card may end between paragraphs, or inside one after its second line and before its
    last but one, never after a line that ends inside a word; the space above a paragraph is
    dropped at a card's top. Dynamic programming over the break points: best[i] is the least
    number of cards that end exactly before line i.
    """
    heights, allowed = [], []
    for count, split in zip(lines_per_paragraph, splits, strict=True):
        for n in range(count):
            heights.append((gap if n == 0 else 0.0, leading))
            allowed.append(n == 0 or (2 <= n <= count - 2 and not split[n - 1]))
    total = len(heights)
    best = {0: 0}
    for end in range(1, total + 1):
        if end < total and not allowed[end]:
            continue
        for start in list(best):
            if start >= end:
                continue
            used = sum(h + g for g, h in heights[start:end]) - heights[start][0]
            box = first if best[start] == 0 else rest
            if used <= box + 1e-6 and best.get(end, 10**9) > best[start] + 1:
                best[end] = best[start] + 1
    return best.get(total)


@pytest.mark.parametrize("height_mm", [88.0, 100.0, 120.0])
@pytest.mark.parametrize("seed", range(6))
def test_the_card_count_is_the_least_any_breaks_allow(tmp_path, height_mm, seed, monkeypatch):
    """Brute force over the break points agrees with the fitter's card count (mono font;
    the layout's grid: the run-in grid a spell may take to save a card turned off)."""
    import random

    from cards.fit import search

    monkeypatch.setattr(search, "RUN_IN_FALLBACK", False)
    rng = random.Random(seed)
    layout = _mono_layout(tmp_path, height_mm)
    texts = [
        " ".join(rng.choice(WORDS) for _ in range(rng.randint(8, 60)))
        for _ in range(rng.randint(3, 9))
    ]
    spell = make_spell(*(Paragraph(text) for text in texts))
    result = fit(spell, layout)
    size = layout.body_min
    context = TypesetContext()
    width = layout.width - 2 * layout.safe_margin
    all_lines = [
        set_lines(context.paragraph(t, layout.fonts["body"]), ParagraphSetting(width, size))
        for t in texts
    ]
    setter = SpellSetter(spell, layout)
    leading = size * layout.leading
    gap = layout.sizes.paragraph_gap * leading
    one = _least_cards(
        [len(lines) for lines in all_lines],
        [[line.split_word for line in lines] for lines in all_lines],
        setter.header(first=True, numbered=False).body.height,
        0.0,
        leading,
        gap,
    )
    least = (
        one
        if one == 1
        else _least_cards(
            [len(lines) for lines in all_lines],
            [[line.split_word for line in lines] for lines in all_lines],
            setter.header(first=True, numbered=True).body.height,
            setter.header(first=False, numbered=True).body.height,
            leading,
            gap,
        )
    )
    assert len(result.faces) == least
    assert description_words(result.faces) == " ".join(texts).split()


def test_heights_of_a_freshly_set_description_are_its_lines_and_gaps():
    """used_height of set paragraphs is lines x leading plus the gaps between paragraphs."""
    layout = load_layout("poker")
    texts = [SENTENCE * n for n in (1, 3, 2)]
    spell = make_spell(*(Paragraph(text) for text in texts))
    width = layout.width - 2 * layout.safe_margin
    for size in (6.5, 7.3, 8.5):
        setter = SpellSetter(spell, layout)  # fresh: nothing cached from another size
        context = TypesetContext()
        counts = [
            len(
                set_lines(context.paragraph(t, layout.fonts["body"]), ParagraphSetting(width, size))
            )
            for t in texts
        ]
        leading = size * layout.leading
        expected = sum(counts) * leading + (len(texts) - 1) * layout.sizes.paragraph_gap * leading
        assert used_height(setter.slabs(size)) == pytest.approx(expected)
        assert used_height(SpellSetter(spell, layout).outline(size)) == pytest.approx(expected)


def test_a_word_that_cannot_be_broken_stays_inside_the_card_in_the_pdf(tmp_path):
    """A URL and a 60-letter compound on a card: every glyph read back lies in the safe area."""
    spell = make_spell(Paragraph(f"Viz {URL} a také {LONG_WORD} na konci."))
    out = tmp_path / "card.pdf"
    from cards.build import build_pdf

    build_pdf([spell], out, layout="poker", sheet="none")
    layout = load_layout("poker")
    with open_pdf(out) as pdf:
        page = pdf.pages[0]
        chars = page.chars
        text = page.extract_text()
        bleed = (page.width - layout.width) / 2  # a single-card page has its bleed around
    left, right = bleed + layout.safe_margin, bleed + layout.width - layout.safe_margin
    assert chars
    outside = [c["text"] for c in chars if c["x0"] < left - 0.01 or c["x1"] > right + 0.01]
    assert outside == []
    flat = re.sub(r"-?\n", "", text)
    assert "dndbeyond.com/spells/" in flat
    assert "x" * 30 in flat
