"""The shipped compendium fitted in every card layout, read off its faces (what the painter
draws, measured nothing again): what a proof-reader checks card by card (issue 35): no
ordinal torn from its noun, no paragraph ending on the tail of a word, every panel under its
heading, the stat grid's right column at one x in a layout."""

from __future__ import annotations

import re
from functools import cache

import pytest

from cards.build import fit_spells
from cards.face import CardFace, Label, TextLine
from cards.layout import load_layout
from cards.model import PANEL_HEADINGS
from cards.source.library import read_compendium
from tests.support.readback import card_layouts

pytestmark = pytest.mark.slow  # fits the whole compendium in each layout

LAYOUTS = card_layouts()
ORDINAL_END = re.compile(r"(?:^|\s)\d+\.$")
ORDINAL_NOUN = re.compile(r"(?:[Úú]rov|[Ss]tup(?:eň|n)|[Kk]ruh|[Pp]ozic)")


@cache
def deck(name: str) -> tuple[CardFace, ...]:
    """Every card of the compendium in a layout (the run's fit cache: fitted once a run)."""
    return fit_spells(read_compendium().spells, load_layout(name))


def body_pairs(face: CardFace):
    """Each body line with the line set below it in the same column."""
    lines = [it for it in face.items if isinstance(it, TextLine) and it.role == "body"]
    for above, below in zip(lines, lines[1:], strict=False):
        if abs(above.x - below.x) < 1 and below.y < above.y:
            yield above, below


@pytest.mark.parametrize("layout", LAYOUTS)
def test_no_ordinal_ends_a_line_before_its_noun(layout):
    """ "dosáhneš 5." / "Úrovně", "Pozice 8." / "Stupně": never, capitalised or not."""
    torn = [
        (face.spell.name, above.line.text[-16:], below.line.text[:12])
        for face in deck(layout)
        for above, below in body_pairs(face)
        if ORDINAL_END.search(above.line.text.rstrip())
        and ORDINAL_NOUN.match(below.line.text.lstrip())
    ]
    assert torn == []


@pytest.mark.parametrize("layout", LAYOUTS)
def test_no_paragraph_ends_on_a_words_tail(layout):
    """No body line is the tail of the word the line above broke, alone ("zra-" / "nění.")."""
    tails = [
        (face.spell.name, face.part, above.line.text[-16:], below.line.text)
        for face in deck(layout)
        for above, below in body_pairs(face)
        if above.line.split_word and " " not in below.line.text.strip()
    ]
    assert tails == []


@pytest.mark.parametrize("layout", ["poker", "mini"])
def test_every_panel_on_the_cards_opens_with_its_kinds_heading(layout):
    """Each higher-levels panel prints "Na vyšších úrovních.", each cantrip upgrade
    "Vylepšení triku.", before its first words, also where the source wrote none."""
    texts: dict[str, list[str]] = {}
    spells = {}
    for face in deck(layout):
        lines = [it for it in face.items if isinstance(it, TextLine) and it.role == "body"]
        texts.setdefault(face.spell.name, []).extend(line.line.text for line in lines)
        spells[face.spell.name] = face.spell
    missing = []
    for name, spell in spells.items():
        printed = " ".join(" ".join(texts[name]).replace("-\u00a0", "").split())
        for block in spell.blocks:
            if getattr(block, "kind", "text") in PANEL_HEADINGS:
                opening = f"{PANEL_HEADINGS[block.kind]} {block.text.split()[0]}"
                if opening not in printed:
                    missing.append((name, opening))
    assert missing == []


@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_stat_grids_right_column_stands_at_one_x_in_a_layout(layout):
    """On every card of a layout, compact grid or stacked, badge or not, the right column's
    labels (DOSAH, TRVÁNÍ) start at one x (issue 35: Zlé oko, Svolej blesky, Tsunami moved
    it by up to 38 pt with the concentration badge)."""
    xs = {
        round(item.x, 3)
        for face in deck(layout)
        for item in face.items
        if isinstance(item, Label) and item.text in ("DOSAH", "TRVÁNÍ")
    }
    assert len(xs) == 1, sorted(xs)
