"""A tidy deck in Chromium: sorted as `cards class` sorts, moved by hand, books told apart."""

from __future__ import annotations

import json

import pytest

from tests.support.browser import (
    all_css,
    by_css,
    choose,
    cli,
    deck_names,
    search,
    texts,
    tick,
    wait_for,
)

pytestmark = [pytest.mark.usefixtures("browser_available"), pytest.mark.slow]


def cli_names(*args: str) -> list[str]:
    return [record["name"] for record in json.loads(cli("list", *args, "--json"))]


def druid_0_2(page) -> list[str]:
    """Add every Druid spell of levels 0-2 with "Přidat vše zobrazené"; the CLI's level order."""
    choose(page, "class", "Druid")
    choose(page, "level_from", "0")
    choose(page, "level_to", "2")
    expected = cli_names("--class", "druid", "--level", "0-2", "--sort", "level")
    wait_for(page, lambda d: len(all_css(d, "#results li")) == len(expected))
    by_css(page, "#add-shown").click()
    return expected


def test_add_all_shown_follows_the_level_order(page):
    """A Druid 0-2 deck added at once lists tricks, then level 1, then 2, as `cards list`."""
    expected = druid_0_2(page)
    wait_for(page, lambda d: deck_names(d) == expected, 30, message=str(deck_names(page)))


def test_sort_by_name_and_school(page):
    """ "Řazení balíčku" by name, then by school: the orders of `cards list --sort`."""
    druid_0_2(page)
    choose(page, "deck-sort", "name")
    by_name = cli_names("--class", "druid", "--level", "0-2", "--sort", "name")
    wait_for(page, lambda d: deck_names(d) == by_name, 30)
    choose(page, "deck-sort", "school")
    by_school = cli_names("--class", "druid", "--level", "0-2", "--sort", "school")
    wait_for(page, lambda d: deck_names(d) == by_school, 30)


def test_last_spell_to_the_top_with_one_key(page):
    """The last of many spells goes to the top with Enter on its ⤒; the order stays the player's."""
    from selenium.webdriver.common.keys import Keys

    expected = druid_0_2(page)
    wait_for(page, lambda d: deck_names(d) == expected, 30)
    last = all_css(page, "#deck [data-move-to=top]")[-1]
    last.send_keys(Keys.ENTER)
    wanted = [expected[-1], *expected[:-1]]
    wait_for(page, lambda d: deck_names(d) == wanted, message=str(deck_names(page)[:3]))
    assert by_css(page, "#deck-sort").get_attribute("value") == "own"
    first = all_css(page, "#deck [data-move-to=bottom]")[0]
    first.send_keys(Keys.ENTER)
    wait_for(page, lambda d: deck_names(d) == expected)


def test_drag_and_drop(page):
    """Dragging the third spell onto the first puts it first."""
    for name in ("Štít", "Mlžný krok", "Ohnivá koule"):
        tick(page, name)
    page.execute_script(
        "const items = document.querySelectorAll('#deck ol.deck li');"
        "const data = new DataTransfer();"
        "const fire = (el, type) => el.dispatchEvent(new DragEvent(type,"
        " {bubbles: true, cancelable: true, dataTransfer: data}));"
        "fire(items[2], 'dragstart'); fire(items[0], 'dragover'); fire(items[0], 'drop');"
        "fire(items[2], 'dragend');"
    )
    wait_for(page, lambda d: deck_names(d) == ["Ohnivá koule", "Štít", "Mlžný krok"])


def test_same_name_in_two_books(page):
    """Both books' Světlo show their book; a click takes the other book's text instead."""
    search(page, "svetlo")
    boxes = page.execute_script(
        "return Array.from(document.querySelectorAll('#results li'))"
        ".filter(li => li.querySelector('.name').textContent === 'Světlo')"
        ".map(li => li.querySelector('input'))"
    )
    assert len(boxes) == 2
    boxes[0].click()
    wait_for(page, lambda d: deck_names(d) == ["Světlo"])
    assert texts(page, "#deck .book") == ["Příručka hráče"]
    by_css(page, "#deck [data-swap]").click()
    wait_for(page, lambda d: texts(d, "#deck .book") == ["Jeskyně a draci"])
    assert deck_names(page) == ["Světlo"]
