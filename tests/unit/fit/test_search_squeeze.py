"""Squeezing (type.squeeze) only when it saves a physical card, also with --continue-on-back."""

from __future__ import annotations

import pytest

from cards.fit import fit, search
from cards.layout import load_layout
from cards.select import find_spell
from tests.support.spells import layout_variant


@pytest.fixture(scope="module")
def layouts(tmp_path_factory):
    """Poker as shipped (squeeze 0.5) and poker that never squeezes (the oracle)."""
    folder = tmp_path_factory.mktemp("squeeze")
    return load_layout("poker"), load_layout(layout_variant(folder, {"squeeze": "0.0"}))


def test_continue_on_back_keeps_a_two_part_spell_at_its_size(compendium, layouts):
    """Trnová zeď takes two parts, one card with text on its back: squeezing it onto one part
    saves no card, so it keeps the size it has without squeezing (8.5 pt, not 6.5)."""
    poker, never = layouts
    spell = find_spell(compendium, "Trnová zeď")
    shipped = fit(spell, poker, continue_on_back=True)
    plain = fit(spell, never, continue_on_back=True)
    assert len(plain.faces) == 2  # one physical card already
    assert [f.body_size for f in shipped.faces] == [f.body_size for f in plain.faces]
    assert len(shipped.faces) == 2


def test_without_backs_a_squeeze_that_saves_a_card_is_taken(compendium, layouts, monkeypatch):
    """Spánek (README: 2 cards at 8.5 -> 1 at 6.5) is squeezed onto one card on poker (the
    run-in stat grid, which saves it the card too, turned off)."""
    monkeypatch.setattr(search, "RUN_IN_FALLBACK", False)
    poker, never = layouts
    spell = find_spell(compendium, "Spánek")
    assert len(fit(spell, never).faces) == 2
    assert len(fit(spell, poker).faces) == 1
