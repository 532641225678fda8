"""Tests for cards.service: counting a deck without a PDF, and what the counter remembers."""

from __future__ import annotations

from cards.build import fit_spells
from cards.layout import load_layout
from cards.model import Paragraph
from cards.service import DeckCounter, PrintSettings, count_deck
from tests.support.spells import SENTENCE, make_spell


def _spells(count: int):
    return [make_spell(name=f"Kouzlo {number}") for number in range(count)]


def test_the_counter_remembers_parts_up_to_its_bound_the_newest_kept():
    """Past MAX_PARTS spells and layouts the oldest are forgotten, never the newest."""
    counter = DeckCounter()
    counter.MAX_PARTS = 3
    spells = _spells(7)
    counter.remember(spells, [1] * 7, "poker")
    assert len(counter) == 3
    assert [counter.known(spell, "poker") for spell in spells] == [False] * 4 + [True] * 3


def test_a_spell_used_again_is_kept_as_the_newest():
    """A spell counted again moves to the end: the next one over the bound pushes out another."""
    counter = DeckCounter()
    counter.MAX_PARTS = 2
    first, second, third = _spells(3)
    counter.remember([first, second], [1, 1], "poker")
    counter.remember([first], [1], "poker")
    counter.remember([third], [1], "poker")
    assert counter.known(first, "poker") and counter.known(third, "poker")
    assert not counter.known(second, "poker")


def test_parts_are_per_layout_and_continuation_on_backs():
    """The same spell in two layouts, or with its parts on backs, is remembered apart."""
    counter = DeckCounter()
    (spell,) = _spells(1)
    counter.remember([spell], [4], "mini")
    assert counter.known(spell, "mini") and not counter.known(spell, "poker")
    assert not counter.known(spell, "mini", True)
    assert counter.parts(spell, "mini") == 4
    assert counter.cards(spell, "mini") == 4


def test_a_count_is_what_fitting_gives():
    """A long spell's parts and physical cards: its fitted faces, two a card on backs."""
    long = make_spell(*[Paragraph(SENTENCE * 6)] * 5, name="Dlouhé kouzlo")
    faces = fit_spells((long,), load_layout("poker"))
    assert len(faces) >= 3
    counter = DeckCounter()
    assert counter.parts(long, "poker") == len(faces)
    assert counter.known(long, "poker")
    summary = count_deck([long], PrintSettings(sheet="none"))
    assert (summary.spells, summary.cards, summary.sheets) == (1, len(faces), len(faces))
    on_backs = count_deck([long], PrintSettings(sheet="none", continue_on_back=True))
    assert on_backs.cards == (counter.parts(long, "poker", True) + 1) // 2


def test_every_label_names_exactly_its_spell_with_own_spells_sharing_names():
    """spell_labels (one name index for all) gives each spell the label spell_label gives it
    alone, where a player's own copies share the compendium's names: a deck line of the label
    finds that spell and no other."""
    from dataclasses import replace

    from cards.select import find_spell
    from cards.service import spell_label, spell_labels
    from cards.source.library import load_spells

    every = list(load_spells())
    every += [replace(s, sources=("Kouzla naší družiny",)) for s in every[:12]]
    labels = spell_labels(every)
    for spell in every[:40] + every[-12:]:
        assert labels[spell] == spell_label(spell, every)
        assert find_spell(every, labels[spell]) == spell
