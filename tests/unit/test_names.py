"""The one name matcher (cards.names): the search box, deck suggestions and the CLI use it."""

from __future__ import annotations

import pytest

from cards.names import search
from cards.select import nearest_names, sort_spells


@pytest.fixture(scope="module")
def by_name(compendium):
    return sort_spells(compendium, by="name")


def names(spells) -> list[str]:
    return [spell.name for spell in spells]


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("leciva slova", "Léčivé slovo"),  # inflected, no accents
        ("slovo lecive", "Léčivé slovo"),  # word order free
        ("lecivymi slovy", "Léčivé slovo"),  # the same stem, three letters apart
        ("detekce magie", "Najdi magii"),  # the English name, Czech endings
        ("magie", "Najdi magii"),
        ("LÉČIVÉ SLOVO", "Léčivé slovo"),
        ("magic missile", "Magická střela"),
        ("koule ohniva", "Ohnivá koule"),
    ],
)
def test_finds_inflected_and_other_names(by_name, query, first):
    """A query in another case, form, order or language finds the spell, first."""
    assert names(search(by_name, query))[0] == first


def test_exact_name_comes_first(by_name):
    """ "stit" lists Štít first, then names that begin with it; no English substrings."""
    found = names(search(by_name, "stit"))
    assert found[0] == "Štít"
    assert set(found[1:3]) == {"Štít proti živým", "Štít víry"}  # the names it begins
    assert all("štít" in name.lower() for name in found), found


def test_prefix_before_other_words(by_name):
    """Names the query begins come before names that hold its words elsewhere."""
    found = names(search(by_name, "ohniva koule"))
    assert found == ["Ohnivá koule", "Časovaná ohnivá koule"]


def test_equal_matches_keep_the_given_order(by_name):
    """Names that match equally well stay in the order given (here Czech alphabetical)."""
    found = names(search(by_name, "ohniva"))
    assert found[:5] == [
        "Ohnivá bouře",
        "Ohnivá čepel",
        "Ohnivá koule",
        "Ohnivá střela",
        "Ohnivá zeď",
    ]


def test_unrelated_words_find_nothing(by_name):
    """A word that is no name's word, nor near one, finds nothing; an empty query everything."""
    assert search(by_name, "xyzzy") == ()
    assert search(by_name, "ohniva xyzzy") == ()
    assert search(by_name, "  ") == by_name


def test_deck_suggestions_put_the_matches_first(compendium):
    """A deck line "leciva slova" is answered with Léčivé slovo first, as the search finds it."""
    assert nearest_names(compendium, "leciva slova")[0] == "Léčivé slovo"
    assert nearest_names(compendium, "detekce magie")[0] == "Najdi magii (Detect magic)"
