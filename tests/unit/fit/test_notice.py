"""A spell whose source lost its description says so on its card (blocks.description)."""

from __future__ import annotations

from cards.face import TextLine
from cards.fit import fit_spell
from cards.fit.blocks import _lost
from cards.layout import load_layout
from cards.messages import say
from cards.select import find_spell
from cards.source.library import read_compendium


def test_drobny_sluzebnik_begins_with_a_muted_notice():
    """Its card's description begins "Popis kouzla ve zdroji chybí." in muted italic, above
    the stat block's "Akce", on the same card."""
    layout = load_layout("poker")
    faces = fit_spell(find_spell(read_compendium().spells, "Drobný služebník"), layout)
    lines = sorted(
        (i for i in faces[0].items if isinstance(i, TextLine) and i.role == "body"),
        key=lambda i: -i.y,
    )
    first = lines[0]
    assert first.line.text == say("card_description_missing") == "Popis kouzla ve zdroji chybí."
    assert first.colour == layout.colours.muted
    assert {run.font for run in first.line.runs} == {layout.fonts["italic"]}
    assert lines[1].line.text == "Akce"


def test_only_the_spells_lint_warns_about_get_the_notice():
    """The card's rule and lint's (Spell.description_missing) agree on every spell: one."""
    spells = read_compendium().spells
    lost = [s.name for s in spells if _lost(s.blocks)]
    assert lost == [s.name for s in spells if s.description_missing] == ["Drobný služebník"]
