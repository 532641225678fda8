"""Tests for cards.model: the records a spell is read into, and the order a card sets them in."""

from __future__ import annotations

import dataclasses

import pytest

from cards.model import (
    BlockVisitor,
    BulletList,
    Heading,
    Origin,
    Paragraph,
    Table,
    card_order,
    is_panel,
)
from tests.support.spells import make_spell

HIGHER = Paragraph("Zranění se zvýší o 1k8.", kind="higher_levels")
TABLE = Table(("Hod", "Účinek"), (("1", "Jasno"),))


def test_a_panel_gets_its_kinds_heading_marked_as_implied():
    """A higher-levels paragraph written without its heading prints it; the source keeps none."""
    assert HIGHER.heading == "Na vyšších úrovních." and HIGHER.implied
    assert HIGHER.written_heading == ""
    written = Paragraph("Zranění se zvýší.", heading="Na vyšších úrovních.", kind="higher_levels")
    assert not written.implied and written.written_heading == "Na vyšších úrovních."
    assert Paragraph("Text.").heading == "" and not is_panel(Paragraph("Text."))
    assert is_panel(HIGHER) and is_panel(Paragraph("Víc.", kind="scaling"))


def test_a_card_sets_the_panels_after_the_blocks_that_follow_them():
    """The panel moves after the table the text points to; the source order is kept apart."""
    text = Paragraph("Hoď k10 a podívej se do tabulky.")
    assert card_order((text, HIGHER, TABLE)) == (text, TABLE, HIGHER)
    assert card_order((text, TABLE)) == (text, TABLE)


def test_a_labelled_variant_begins_a_description_of_its_own():
    """ "JaD popis:" ends the first description: its panel is set before the variant."""
    first, variant = Paragraph("Popis z PHB."), Heading("JaD popis:")
    second, later = Paragraph("Popis z JaD."), Paragraph("Víc.", kind="higher_levels")
    order = card_order((first, HIGHER, variant, second, later))
    assert order == (first, HIGHER, variant, second, later)
    assert card_order((first, HIGHER, TABLE, variant, second)) == (
        first,
        TABLE,
        HIGHER,
        variant,
        second,
    )


def test_a_visitor_gets_each_kind_of_block():
    """accept() calls the visitor's method of the block's kind."""

    class Kinds(BlockVisitor[str]):
        def paragraph(self, block):
            return "p"

        def heading(self, block):
            return "h"

        def bullets(self, block):
            return "b"

        def table(self, block):
            return "t"

    blocks = (Paragraph("a"), Heading("b"), BulletList(("c",)), TABLE)
    assert [block.accept(Kinds()) for block in blocks] == ["p", "h", "b", "t"]


def test_a_spells_label_and_level_line_are_czech():
    """The label names the first book; a cantrip is "trik", other levels "N. úrovně"."""
    spell = make_spell(name="Štít", level=1, school="Vymítání")
    assert spell.label == "Štít (Příručka hráče)"
    assert spell.level_line == "Vymítání 1. úrovně"
    assert make_spell(level=0, school="Věštění").level_line == "Věštění, trik"


def test_a_spell_is_equal_wherever_it_was_read_and_immutable():
    """Where a record was read is no part of it: equal and hashed alike; no field changes."""
    here = make_spell()
    there = dataclasses.replace(here, origin=Origin("jiny.txt", 40))
    assert here == there and hash(here) == hash(there)
    with pytest.raises(dataclasses.FrozenInstanceError):
        here.name = "Jiné"  # type: ignore[misc]


def test_a_fields_line_is_its_own_or_the_records():
    """Origin.line_of: the line a field was read from, else the record's line."""
    origin = Origin("kouzla.txt", 10, (("dosah", 16),))
    assert origin.line_of("dosah") == 16 and origin.line_of("trvání") == 10
