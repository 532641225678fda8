"""Finding spells in Chromium: any name, any form; nearest names as buttons; detail filters."""

from __future__ import annotations

import pytest

from tests.support.browser import all_css, by_css, result_names, search, wait_for

pytestmark = [pytest.mark.usefixtures("browser_available"), pytest.mark.slow]


def test_inflected_name_finds_the_spell_first(page):
    """ "leciva slova" lists Léčivé slovo first; "detekce magie" finds Najdi magii."""
    search(page, "leciva slova")
    assert result_names(page)[0] == "Léčivé slovo"
    search(page, "detekce magie")
    assert result_names(page) == ["Najdi magii"]


def test_exact_name_is_first(page):
    """ "stit" shows Štít first, and only spells with Štít in their name."""
    search(page, "stit")
    found = result_names(page)
    assert found[0] == "Štít"
    assert all("štít" in name.lower() for name in found), found


def test_nothing_found_offers_the_nearest_names(page):
    """A name that finds nothing shows the nearest names; clicking one searches for it."""
    search(page, "ohnyva kaulle")
    assert result_names(page) == []
    buttons = wait_for(page, lambda d: all_css(d, "#results .nearest button"))
    assert "Ohnivá koule" in [b.text for b in buttons]
    next(b for b in buttons if b.text == "Ohnivá koule").click()
    wait_for(page, lambda d: result_names(d)[:1] == ["Ohnivá koule"])


def test_detail_filters(page):
    """Reactions only; then also without a material component; then words of the text."""
    from selenium.webdriver.support.ui import Select

    by_css(page, "details.more summary").click()
    by_css(page, "#casting-reakce").click()
    wait_for(page, lambda d: "Štít" in result_names(d) and "Ohnivá koule" not in result_names(d))
    reactions = result_names(page)
    assert len(reactions) < 10
    Select(by_css(page, "#component_S")).select_by_value("-S")
    wait_for(page, lambda d: result_names(d) != reactions)
    assert "Štít" in result_names(page)  # V, P
    assert "Protikouzlo" in result_names(page)  # P only
    by_css(page, "#casting-reakce").click()
    Select(by_css(page, "#component_S")).select_by_value("")
    by_css(page, "#words").send_keys("neviditelny")
    wait_for(page, lambda d: "Neviditelnost" in result_names(d) and len(result_names(d)) < 60)


def test_several_books(page):
    """Two books ticked show the spells of either; one book only its own."""
    by_css(page, "details.more summary").click()
    by_css(page, "#source-1").click()
    wait_for(page, lambda d: not d.find_elements("css selector", ".htmx-request"))
    one = len(result_names(page))
    by_css(page, "#source-2").click()
    wait_for(page, lambda d: len(result_names(d)) > one)
