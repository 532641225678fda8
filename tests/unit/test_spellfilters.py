"""Filters by a spell's details (cards.spellfilters): casting, range, duration, components, text."""

from __future__ import annotations

import pytest

from cards.spellfilters import FilterError, narrow


def named(spells) -> set[str]:
    return {spell.name for spell in spells}


def test_casting_time(compendium):
    """Reactions are the spells cast as "1 reakce"; bonus actions as "1 bonusová akce"."""
    reactions = narrow(compendium, casting=["reakce"])
    assert named(reactions) == {s.name for s in compendium if s.casting_time == "1 reakce"}
    assert "Štít" in named(reactions)
    bonus = narrow(compendium, casting=["bonusova"])
    assert {s.casting_time for s in bonus} == {"1 bonusová akce"}
    longer = narrow(compendium, casting=["delsi"])
    assert "Najdi přítelíčka" in named(longer)  # 1 hodina
    assert not named(longer) & named(narrow(compendium, casting=["akce"]))


def test_range(compendium):
    """Ty sám is on oneself, 6 sáhů near, 12 sáhů within 24, 30 sáhů and Dohled far."""
    ranges = {
        r: named(narrow(compendium, ranges=[r])) for r in ("sebe", "blizko", "stredni", "daleko")
    }
    for spell in compendium:
        expected = {
            "Ty sám": "sebe", "6 sáhů": "blizko", "12 sáhů": "stredni", "30 sáhů": "daleko",
            "Dohled": "daleko",
        }.get(spell.range)  # fmt: skip
        if expected:
            assert spell.name in ranges[expected], (spell.name, spell.range)


def test_duration(compendium):
    """Ihned, up to a minute (1 kolo, 1 minuta), up to an hour (10 minut, 1 hodina), longer."""
    expected = {
        "Ihned": "ihned", "1 kolo": "minuta", "1 minuta (soustředění)": "minuta",
        "10 minut": "hodina", "1 hodina (soustředění)": "hodina", "8 hodin": "dlouho",
        "Do rozptýlení": "dlouho",
    }  # fmt: skip
    found = {d: named(narrow(compendium, durations=[d])) for d in set(expected.values())}
    for spell in compendium:
        if spell.duration in expected:
            assert spell.name in found[expected[spell.duration]], (spell.name, spell.duration)


def test_components_and_costly_material(compendium):
    """Without S: no material; with a priced material: Barevná koule (a diamond of 50 zl)."""
    no_material = narrow(compendium, components=["-S"])
    assert no_material and not any(s.components.material for s in no_material)
    costly = named(narrow(compendium, components=["cena"]))
    assert "Barevná koule" in costly
    assert "Ohnivá koule" not in costly  # guano and sulphur have no price
    verbal_only = narrow(compendium, components=["V", "-P", "-S"])
    assert all(not s.components.somatic and s.components.verbal for s in verbal_only)


def test_words_of_the_text(compendium):
    """Words of the spell's text, accents and endings loose: "neviditelny" finds invisibility."""
    found = named(narrow(compendium, text="neviditelny"))
    assert "Neviditelnost" in found
    assert len(found) < len(compendium) / 4


def test_any_of_several_values(compendium):
    """Several values of one filter keep the spells with any of them."""
    both = named(narrow(compendium, casting=["reakce", "bonusova"]))
    assert both == named(narrow(compendium, casting=["reakce"])) | named(
        narrow(compendium, casting=["bonusova"])
    )


def test_unknown_key_is_refused(compendium):
    """A value that is no key names the keys in Czech."""
    with pytest.raises(FilterError, match="čekám jednu z: sebe, dotyk"):
        narrow(compendium, ranges=["vedle"])
