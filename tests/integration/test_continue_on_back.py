"""--continue-on-back, read back from built PDFs: each back's text lies behind its front's."""

from __future__ import annotations

import re
import unicodedata

import pytest
from click.testing import CliRunner
from reportlab.lib.units import mm

from cards.build import build_pdf, fit_all
from cards.cli import main
from cards.impose import PrintOptions, load_sheet, physical_cards
from cards.layout import load_layout
from cards.model import BulletList, Heading, Paragraph, Table
from cards.select import find_spell, sort_spells
from cards.source.library import read_compendium
from tests.support.pdfread import open_pdf

CHOSEN = (
    "Symbol (Příručka hráče)",  # four parts: two cards, both with text on the back
    "Posvátná půda (Příručka hráče)",  # three parts: the second card keeps a decorative back
    "Mocný hrad (Xanatharův průvodce vším)",
    "Blesk (Příručka hráče)",  # one part
    "Bigbyho ruka (Příručka hráče)",
    "Časovaná ohnivá koule (Příručka hráče)",
    "Aura vitality (Příručka hráče)",
    "Hněv přírody (Xanatharův průvodce vším)",
    "Kamenná zeď (Příručka hráče)",
    "Barevná koule (Příručka hráče)",
    "Ledová zeď (Příručka hráče)",
    "Přání (Příručka hráče)",
)
PART = re.compile(r"(\d+)/(\d+)")


@pytest.fixture(scope="module")
def spells():
    by_label = {spell.label: spell for spell in read_compendium().spells}
    return [by_label[label] for label in CHOSEN]


def squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


def card_at(page, box, bleed: float) -> bool:
    """Whether a card's coloured rectangle (with its bleed) lies exactly at the box."""
    x0, y0, x1, y1 = box
    wanted = (x0 - bleed, y0 - bleed, x1 + bleed, y1 + bleed)
    for rect in page.rects:
        found = (rect["x0"], page.height - rect["bottom"], rect["x1"], page.height - rect["top"])
        if rect["fill"] and all(abs(a - b) < 0.05 for a, b in zip(found, wanted, strict=True)):
            return True
    return False


TITLE_COLOURS = {"#ffffff", *load_layout("poker").school_titles.values()}


def _hex(colour) -> str:
    """A pdfplumber fill colour (RGB 0..1) as "#rrggbb"."""
    if not colour or len(colour) != 3:
        return ""
    return "#" + "".join(f"{round(v * 255):02x}" for v in colour)


def card_band(page, box) -> tuple[str, int | None, int | None]:
    """Return the name (no spaces) and part "k/N" a card's band shows: its text in a title
    colour (white, or a light school's own: poker's [school_titles])."""
    x0, y0, x1, y1 = box  # PDF coordinates, y up
    chars = [
        c
        for c in page.chars
        if x0 <= c["x0"]
        and c["x1"] <= x1
        and y0 <= page.height - c["bottom"]
        and page.height - c["top"] <= y1
        and _hex(c["non_stroking_color"]) in TITLE_COLOURS
    ]
    chars.sort(key=lambda c: (round(c["top"]), c["x0"]))
    # The name is the band's largest white text (English name and school are smaller; the
    # level in the front's index corner is a figure, and no name has one).
    largest = max((c["size"] for c in chars if not c["text"].isdigit()), default=0)
    name = squeeze("".join(c["text"] for c in chars if abs(c["size"] - largest) < 0.01))
    name = PART.sub("", name).strip("0123456789")  # a slim band sets the part at its size
    match = PART.search(squeeze(" ".join(c["text"] for c in chars)))
    if match is None:
        return name, None, None
    return name, int(match.group(1)), int(match.group(2))


def mirrored(box, width, height, duplex, offset):
    x0, y0, x1, y1 = box
    if duplex == "long":
        x0, x1 = width - x1, width - x0
    else:
        y0, y1 = height - y1, height - y0
    return (x0 + offset[0], y0 + offset[1], x1 + offset[0], y1 + offset[1])


def check_pairs(pairs, spells) -> None:
    """Each text back sits behind the front of the spell's previous part; others are decorative."""
    names = {squeeze(spell.name) for spell in spells}
    seen_backs = 0
    for front, back in pairs:
        front_name, part, parts = front
        back_name, back_part, back_parts = back
        assert any(front_name.startswith(name) for name in names), front_name
        part, parts = part or 1, parts or 1
        if part % 2 == 1 and part < parts:
            seen_backs += 1
            assert (back_part, back_parts) == (part + 1, parts)
            assert front_name.startswith(back_name) and back_name in names
        else:
            # The decorative back: the spell's name on top (then its school), its part if any.
            assert back_name.startswith(front_name) and "Kartotéka" not in back_name
            assert back_part == (part if parts > 1 else None)
    assert seen_backs == sum((len(s) // 2) for s in _parts(spells))


def _parts(spells):
    layout = load_layout("poker")
    from cards.fit import fit_spell

    return [fit_spell(spell, layout, continue_on_back=True) for spell in spells]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("duplex", "offset"),
    [("long", (0.0, 0.0)), ("short", (0.0, 0.0)), ("long", (1.5 * mm, -1.0 * mm))],
    ids=["long", "short", "long-offset"],
)
def test_back_text_lies_behind_the_previous_part(tmp_path, spells, duplex, offset):
    """On every back page a spell's part 2 (4) sits at the mirrored slot of its part 1 (3)."""
    out = tmp_path / "deck.pdf"
    options = PrintOptions(continue_on_back=True, duplex=duplex, back_offset=offset)
    build_pdf(spells, out, options=options, back_style="full")  # names read as white text
    sheet = load_sheet("a4", 63 * mm, 88 * mm)
    slots = sheet.slots()
    pairs = []
    with open_pdf(out) as pdf:
        assert len(pdf.pages) % 2 == 0
        for front_page, back_page in zip(pdf.pages[::2], pdf.pages[1::2], strict=True):
            w, h = front_page.width, front_page.height
            for slot in slots:
                box = (slot.x0, slot.y0, slot.x1, slot.y1)
                front = card_band(front_page, box)
                if not front[0]:
                    continue  # an empty slot on the last sheet
                behind = mirrored(box, w, h, duplex, offset)
                assert card_at(back_page, behind, sheet.bleed)
                back = card_band(back_page, behind)
                pairs.append((front, back))
    check_pairs(pairs, spells)


@pytest.mark.slow
def test_fold_puts_the_back_text_across_the_fold(tmp_path, spells):
    """In fold mode a spell's part 2 sits opposite its part 1, mirrored across the fold line."""
    out = tmp_path / "fold.pdf"
    options = PrintOptions(continue_on_back=True, fold=True)
    build_pdf(spells, out, options=options, back_style="full")  # names read as white text
    pairs = []
    with open_pdf(out) as pdf:
        for page in pdf.pages:
            w, h = page.width, page.height
            fronts = [r for r in page.rects if r["x1"] < w / 2 and r["height"] > 80 * mm]
            for rect in fronts:
                box = (rect["x0"], h - rect["bottom"], rect["x1"], h - rect["top"])
                inner = (box[0] + 1, box[1] + 1, box[2] - 1, box[3] - 1)
                front = card_band(page, inner)
                if front[0]:
                    pairs.append((front, card_band(page, mirrored(inner, w, h, "long", (0, 0)))))
    # Each card's coloured rectangle is found once (the frame fill with its bleed).
    unique = list(dict.fromkeys(pairs))
    check_pairs(unique, spells)


def words_of(spell) -> list[str]:
    words: list[str] = []
    for block in spell.blocks:
        if isinstance(block, Paragraph):
            words.extend(f"{block.heading} {block.text}".split())
        elif isinstance(block, Heading):
            words.extend(block.text.split())
        elif isinstance(block, BulletList):
            for item in block.items:
                words.extend(item.split())
        elif isinstance(block, Table):
            for row in (block.header, *block.rows):
                for cell in row:
                    words.extend(cell.split())
    return words


def letters(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFC", text) if c.isalnum())


@pytest.mark.slow
def test_every_word_in_order_fronts_then_backs(tmp_path, spells):
    """Each spell's words come back in order: card 1 front, its back, card 2 front, its back."""
    out = tmp_path / "words.pdf"
    build_pdf(spells, out, sheet="none", options=PrintOptions(continue_on_back=True))
    with open_pdf(out) as pdf:
        texts = [page.extract_text() or "" for page in pdf.pages]
        for page in pdf.pages:  # nothing outside the card's safe area (2 mm, as on fronts)
            for c in page.chars:
                assert min(c["x0"], c["top"]) >= 2 * mm - 0.01, c["text"]
                assert c["x1"] <= page.width - 2 * mm + 0.01
                assert c["bottom"] <= page.height - 2 * mm + 0.01
    cards = physical_cards([f for faces in _parts(spells) for f in faces], continue_on_back=True)
    assert len(texts) == 2 * len(cards)
    by_spell: dict[str, str] = {}
    for card, front, back in zip(cards, texts[::2], texts[1::2], strict=True):
        side_texts = front + (back if card.back is not None else "")
        by_spell[card.spell.label] = by_spell.get(card.spell.label, "") + letters(side_texts)
    for spell in spells:
        found = by_spell[spell.label]
        position = 0
        for word in words_of(spell):
            wanted = letters(word)
            if not wanted:
                continue
            at = found.find(wanted, position)
            assert at >= 0, (spell.label, word)
            position = at + len(wanted)


@pytest.mark.slow
def test_compendium_on_at_most_510_physical_cards(tmp_path):
    """The whole compendium with text continued on the back takes at most 510 cards."""
    spells = sort_spells(read_compendium().spells, by="level")
    plain = build_pdf(spells, tmp_path / "plain.pdf")
    result = build_pdf(spells, tmp_path / "back.pdf", options=PrintOptions(continue_on_back=True))
    assert result.cards <= 510 < plain.cards
    assert result.sheets < plain.sheets


def test_summary_line_counts_physical_cards(tmp_path):
    """The command's summary counts cards to cut, not faces printed."""
    out = tmp_path / "p.pdf"
    runner = CliRunner()
    plain = runner.invoke(main, ["class", "paladin", "-o", str(out)])
    backs = runner.invoke(main, ["class", "paladin", "--continue-on-back", "-o", str(out)])
    count = re.compile(r"(\d+) kar")
    assert plain.exit_code == backs.exit_code == 0
    assert int(count.search(backs.output).group(1)) < int(count.search(plain.output).group(1))


def test_preview_shows_the_text_on_the_back(tmp_path):
    """`cards preview --continue-on-back` shows two cards of Symbol, part 2 below part 1."""
    from PIL import Image, ImageChops, ImageStat

    from cards.fit import fit_spell
    from cards.paint.preview import render_preview

    runner = CliRunner()
    both = tmp_path / "both.png"
    plain = tmp_path / "plain.png"
    alone = tmp_path / "alone.png"
    args = ["preview", "Symbol", "--dpi", "100"]
    assert runner.invoke(main, [*args, "--continue-on-back", "-o", str(both)]).exit_code == 0
    assert runner.invoke(main, [*args, "-o", str(plain)]).exit_code == 0
    symbol = next(s for s in read_compendium().spells if s.name == "Symbol")
    faces = fit_spell(symbol, load_layout("poker"), continue_on_back=True)
    render_preview([faces[1]], alone, dpi=100, backs=False)  # part 2 by itself
    with Image.open(both) as a, Image.open(plain) as b, Image.open(alone) as c:
        step = (63 + 4) / 25.4 * 100  # a card and the gap between cards, in pixels
        assert a.width == pytest.approx(b.width - 2 * step, abs=2)  # 2 cards, not 4
        margin, card_w, card_h = (round(v / 25.4 * 100) for v in (4, 63, 88))
        bottom = a.height - margin - card_h
        back_of_first = a.crop((margin, bottom, margin + card_w, bottom + card_h))
        part_two = c.crop((margin, margin, margin + card_w, margin + card_h))
        decorative = b.crop((margin, bottom, margin + card_w, bottom + card_h))
        # Compared coarsely, so that a pixel's shift between the two images does not count.
        small = [
            im.convert("RGB").resize((21, 29), Image.Resampling.BOX)
            for im in (back_of_first, part_two, decorative)
        ]
        close = ImageStat.Stat(ImageChops.difference(small[0], small[1])).mean
        far = ImageStat.Stat(ImageChops.difference(small[0], small[2])).mean
    assert max(close) < 6 and sum(far) / 3 > 30  # the decorative back differs in every way


# --- the fitter ---------------------------------------------------------------------------------


def roles(face) -> set[str]:
    from cards.face import TextLine

    return {item.role for item in face.items if isinstance(item, TextLine)}


def labels(face) -> list[str]:
    from cards.face import Label

    return [item.text for item in face.items if isinstance(item, Label)]


def test_backs_get_a_slim_band_and_fronts_a_cue(spells):
    """A back part has no stats and no footer; a front whose text goes on overleaf says so."""
    from cards.fit import fit_spell
    from cards.fit.setter import CONTINUED

    layout = load_layout("poker")
    for spell in spells:
        faces = fit_spell(spell, layout, continue_on_back=True)
        for face in faces:
            if face.part % 2 == 0:  # on the back of the previous part's card
                assert "footer" not in roles(face) and "stat" not in roles(face)
                assert f"{face.part}/{face.parts}" in labels(face)
            else:
                assert "footer" in roles(face)
                assert (CONTINUED in labels(face)) == (face.part < face.parts), spell.label


def test_a_back_holds_more_text_than_a_second_card(spells):
    """Below the slim band a back has more room for text than a later front card."""
    from cards.fit import SpellSetter

    layout = load_layout("poker")
    for spell in spells:
        setter = SpellSetter(spell, layout)
        back = setter.back_header().body
        later = setter.header(first=False, numbered=True).body
        assert back.height > later.height + layout.body_max * layout.leading
        assert back.y >= layout.safe_margin and back.width == later.width


@pytest.mark.slow
def test_the_fitter_uses_the_room_on_the_backs():
    """Over the compendium, text on the backs takes fewer cards and no smaller type on average.

    The fits come from the run's cache of fitted cards (the other whole-compendium tests fit
    the same spells the same way), as `cards compendium` takes them."""
    layout = load_layout("poker")
    spells = read_compendium().spells
    plain_cards = back_cards = 0
    gains = []
    both = zip(fit_all(spells, layout), fit_all(spells, layout, continue_on_back=True), strict=True)
    for plain, backs in both:
        plain_cards += len(plain.faces)
        back_cards += (len(backs.faces) + 1) // 2
        if len(plain.faces) > 1:
            gains.append(backs.faces[0].body_size - plain.faces[0].body_size)
    assert back_cards <= 510 < plain_cards
    assert sum(gains) / len(gains) > 0


def test_an_empty_back_is_used_to_set_the_text_larger(spells):
    """A spell of three parts would leave its second card's back empty: with text on the backs
    it takes four parts on the same two cards, set larger."""
    from cards.fit import fit

    layout = load_layout("poker")
    spell = find_spell(read_compendium().spells, "Strážný znak")
    plain = fit(spell, layout)
    backs = fit(spell, layout, continue_on_back=True)
    assert len(plain.faces) == 3 and len(backs.faces) == 4
    assert backs.faces[0].body_size > plain.faces[0].body_size
