"""The one copy of diacritic folding, Czech plurals and file-name slugs (cards/czech_text.py)."""

from __future__ import annotations

import pytest

from cards import console, index, report, select, service
from cards.czech_text import fold, loose, plural, plural_form, slug
from cards.paint import images


def test_fold_drops_diacritics_and_keeps_the_case():
    """ "Příručka hráče" folds to "Prirucka hrace"; NFKD forms too ("…" -> "...")."""
    assert fold("Příručka hráče") == "Prirucka hrace"
    assert fold("ŽLUŤOUČKÝ kůň…") == "ZLUTOUCKY kun..."


def test_loose_is_how_typed_names_compare():
    """Case, diacritics and runs of spaces do not matter."""
    assert loose("  Kouzelník\t ČARODĚJ ") == "kouzelnik carodej"


@pytest.mark.parametrize(
    ("count", "expected"),
    [
        (0, "0 karet"),
        (1, "1 karta"),
        (2, "2 karty"),
        (4, "4 karty"),
        (5, "5 karet"),
        (12, "12 karet"),
        (22, "22 karet"),
    ],
)
def test_czech_plural(count, expected):
    """1 karta, 2-4 karty, 0 and 5 and more karet (as the tool counts: 22 karet)."""
    assert plural(count, "karta", "karty", "karet") == expected
    assert plural_form(count, "karta", "karty", "karet") == expected.split()[1]


def test_slug_is_ascii_words_joined_by_dashes_with_a_fallback():
    """ "Ohnivá koule" -> "ohniva-koule"; a name with no ASCII letters gives the fallback."""
    assert slug("Ohnivá koule (Příručka hráče)") == "ohniva-koule-prirucka-hrace"
    assert slug("☃ ☃") == ""
    assert slug("☃", "kouzlo") == "kouzlo"


def test_every_module_uses_the_one_copy():
    """The select, images, console, report, index and service modules share these rules."""
    assert select.slug is slug and select.normalize is loose
    assert images.slug("☃") == "kouzlo" and images.slug("Ohnivá koule") == "ohniva-koule"
    assert console.plain("„Žár“") == '"Zar"'
    assert report._plural is plural_form and index._plural is plural and service.plural is plural
