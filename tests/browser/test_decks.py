"""The player's decks in Chromium: several named decks, share links beside them, undo, reload.

Nothing a player made may be lost: a share link opens as a new deck, every replacing action can
be taken back with "Zpět", and a deck's list and print settings survive a reload. The PDFs are
checked against what `cards deck` prints for the same list, options and title.
"""

from __future__ import annotations

import json

import pytest

from tests.support.browser import (
    all_css,
    by_css,
    choose,
    cli,
    count_text,
    deck_names,
    empty,
    result_names,
    search,
    texts,
    tick,
    wait_for,
    wait_for_download,
    wait_for_results,
)

pytestmark = [pytest.mark.usefixtures("browser_available"), pytest.mark.slow]


def deck_choices(driver) -> list[str]:
    """The names of the stored decks, as the "Balíček" choice lists them."""
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('#deck-choice option')).map(o => o.text)"
    )


def chosen_deck(driver) -> str:
    return driver.execute_script(
        "const s = document.querySelector('#deck-choice'); return s.selectedOptions[0].text"
    )


def switch_to(driver, name: str) -> None:
    from selenium.webdriver.support.ui import Select

    Select(by_css(driver, "#deck-choice")).select_by_visible_text(name)
    wait_for(driver, lambda d: chosen_deck(d) == name)


def rename(driver, name: str) -> None:
    """Type a new name into "Název" and leave the field."""
    from selenium.webdriver.common.keys import Keys

    field = by_css(driver, "#deck-name")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(name, Keys.TAB)
    wait_for(driver, lambda d: chosen_deck(d) == name)


def share_href(driver) -> str:
    """The share link's address, read at one moment (the deck is redrawn often)."""
    return driver.execute_script(
        "const a = document.querySelector('#share-link'); return a ? a.href : ''"
    )


def settled(driver) -> bool:
    return driver.execute_script("return !document.querySelector('.htmx-request')")


def test_share_link_opens_beside_the_players_deck(page, browser):
    """A share link becomes a new deck named from the link; the player's own deck is kept."""
    tick(page, "Štít")
    tick(page, "Ohnivá koule")
    rename(page, "Gandalf")
    wait_for(page, lambda d: "nazev=Gandalf" in share_href(d))
    link = share_href(page)
    by_css(page, "#deck-clear").click()
    wait_for(page, lambda d: deck_names(d) == [])
    tick(page, "Mlžný krok")
    browser.get(link)
    wait_for_results(browser)
    wait_for(browser, lambda d: deck_names(d) == ["Štít", "Ohnivá koule"])
    assert deck_choices(browser) == ["Gandalf", "Gandalf (2)"]
    assert "seznam" not in browser.current_url
    switch_to(browser, "Gandalf")
    wait_for(browser, lambda d: deck_names(d) == ["Mlžný krok"], message=str(deck_names(browser)))


def test_undo_after_emptying_the_deck(page):
    """ "Vyprázdnit balíček" empties the deck; "Zpět" brings every spell back in order."""
    for name in ("Štít", "Mlžný krok", "Ohnivá koule"):
        tick(page, name)
    by_css(page, "#deck-clear").click()
    wait_for(page, lambda d: deck_names(d) == [])
    assert "vyprázdnění" in by_css(page, "#undo").text
    by_css(page, "#undo").click()
    wait_for(page, lambda d: deck_names(d) == ["Štít", "Mlžný krok", "Ohnivá koule"])
    page.refresh()
    wait_for_results(page)
    wait_for(page, lambda d: deck_names(d) == ["Štít", "Mlžný krok", "Ohnivá koule"])


def test_ten_replacing_steps_can_be_undone(page):
    """Ten replacing actions in a row (class decks, emptying, deleting) are all taken back."""
    tick(page, "Štít")
    for step in range(5):
        choose(page, "preset-class", "class:Bard" if step % 2 else "class:Druid")
        by_css(page, "#preset-class-button").click()
        wait_for(page, lambda d: len(deck_names(d)) > 20 and settled(d), 60)
        by_css(page, "#deck-clear").click()
        wait_for(page, lambda d: deck_names(d) == [])
    for _ in range(10):
        wait_for(page, lambda d: d.find_element("id", "undo").is_enabled() and settled(d))
        by_css(page, "#undo").click()
    wait_for(page, lambda d: deck_names(d) == ["Štít"], message=str(deck_names(page)))


def test_deleted_deck_comes_back(page):
    """ "Smazat balíček" removes the deck from the choice; "Zpět" restores it with its spells."""
    tick(page, "Štít")
    by_css(page, "#deck-new").click()
    wait_for(page, lambda d: len(deck_choices(d)) == 2 and deck_names(d) == [])
    tick(page, "Mlžný krok")
    by_css(page, "#deck-delete").click()
    wait_for(page, lambda d: len(deck_choices(d)) == 1)
    wait_for(page, lambda d: deck_names(d) == ["Štít"])
    by_css(page, "#undo").click()
    wait_for(page, lambda d: len(deck_choices(d)) == 2 and deck_names(d) == ["Mlžný krok"])


def test_reload_keeps_an_edited_linked_deck(page, browser):
    """A deck opened from a link and then edited is the edited deck after a reload."""
    tick(page, "Štít")
    link = share_href(page)
    browser.get(link)
    wait_for_results(browser)
    wait_for(browser, lambda d: deck_names(d) == ["Štít"])
    tick(browser, "Mlžný krok")
    browser.refresh()
    wait_for_results(browser)
    wait_for(browser, lambda d: deck_names(d) == ["Štít", "Mlžný krok"])
    assert len(deck_choices(browser)) == 2


def test_each_deck_keeps_its_print_settings(page, downloads, tmp_path):
    """Backs and an offset set on one deck stay with it over a reload, and reach its PDF."""
    empty(downloads)
    tick(page, "Štít")
    rename(page, "Druid 0–2")
    by_css(page, "#backs").click()
    offset = by_css(page, "#offset_x")
    offset.clear()
    offset.send_keys("1.5")
    by_css(page, "#sheet-letter").click()
    by_css(page, "#deck-new").click()
    wait_for(page, lambda d: len(deck_choices(d)) == 2)
    by_css(page, "#backs").click()  # the new deck started with a copy of the settings
    assert not by_css(page, "#backs").is_selected()
    page.refresh()
    wait_for_results(page)
    switch_to(page, "Druid 0–2")
    wait_for(page, lambda d: deck_names(d) == ["Štít"] and settled(d))
    assert by_css(page, "#backs").is_selected()
    assert by_css(page, "#offset_x").get_attribute("value") == "1.5"
    assert by_css(page, "#sheet-letter").is_selected()
    by_css(page, "#pdf-button").click()
    pdf = wait_for_download(downloads, ".pdf")
    assert pdf.name == "druid-0-2.pdf"
    listing = tmp_path / "list.txt"
    listing.write_text("Štít\n", encoding="utf-8")
    out = tmp_path / "cli.pdf"
    cli(
        "deck", str(listing), "-o", str(out), "--title", "Druid 0–2", "--sheet", "letter",
        "--backs", "--back-offset", "1.5,0",
    )  # fmt: skip
    assert out.read_bytes() == pdf.read_bytes()


def test_share_link_carries_the_settings(page, browser):
    """The share link holds the deck's layout and backs: the receiver's deck has them."""
    tick(page, "Štít")
    by_css(page, "#backs").click()
    choose(page, "layout", "ink-saver")
    wait_for(
        page,
        lambda d: "layout=ink-saver" in share_href(d),
    )
    link = share_href(page)
    wait_for(browser, settled)
    browser.execute_script("localStorage.clear()")
    browser.get(link)
    wait_for_results(browser)
    wait_for(browser, lambda d: deck_names(d) == ["Štít"])
    assert by_css(browser, "#backs").is_selected()
    assert by_css(browser, "#layout").get_attribute("value") == "ink-saver"


def test_link_with_unknown_homebrew_opens_the_rest(page, browser):
    """A link holding a spell this browser lacks opens the others and names the missing one."""
    from urllib.parse import urlencode

    link = browser.base_url + "/?" + urlencode({"seznam": "Štít\nJiskřivý pozdrav\nMlžný krok"})
    browser.get(link)
    wait_for_results(browser)
    wait_for(browser, lambda d: deck_names(d) == ["Štít", "Mlžný krok"])
    missing = by_css(browser, "#deck .problems").text
    assert "Jiskřivý pozdrav" in missing
    assert count_text(browser).startswith("2 kouzla")
    # An edit of that deck keeps the spell this browser lacks in the stored deck.
    tick(browser, "Ohnivá koule")
    wait_for(browser, lambda d: deck_names(d) == ["Štít", "Mlžný krok", "Ohnivá koule"])
    stored = browser.execute_script(
        "const s = JSON.parse(localStorage.getItem('kartoteka.decks'));"
        "return s.decks.find((d) => d.id === s.current).spells;"
    )
    assert any(label.startswith("Jiskřivý pozdrav") for label in stored), stored


def test_class_deck_takes_the_chosen_class(page, tmp_path):
    """With Druid chosen in "Povolání", "Celý balíček povolání" gives `cards class druid`."""
    choose(page, "class", "Druid")
    by_css(page, "#preset-class-button").click()
    output = cli("class", "druid", "-o", str(tmp_path / "d.pdf")).strip().splitlines()[-1]
    expected = output.split(" -> ")[0]
    wait_for(page, lambda d: count_text(d) == expected, 60, f"{count_text(page)} != {expected}")


def test_export_and_import_all_decks(page, downloads, tmp_path):
    """All decks go to one file; in an emptied browser the file brings them back."""
    empty(downloads)
    tick(page, "Štít")
    rename(page, "Elfka")
    by_css(page, "#deck-new").click()
    wait_for(page, lambda d: len(deck_choices(d)) == 2 and deck_names(d) == [])
    tick(page, "Mlžný krok")
    rename(page, "Trpaslík")
    by_css(page, "#decks-export").click()
    exported = wait_for_download(downloads, ".json")
    decks = json.loads(exported.read_text(encoding="utf-8"))["decks"]
    assert [(d["name"], d["spells"]) for d in decks] == [
        ("Elfka", ["Štít"]),
        ("Trpaslík", ["Mlžný krok"]),
    ]
    wait_for(page, settled)  # no late answer may store the decks again
    page.execute_script("localStorage.clear()")
    page.refresh()
    wait_for_results(page)
    assert deck_choices(page) == ["Připravená kouzla"]
    by_css(page, "#decks-file").send_keys(str(exported))
    wait_for(page, lambda d: deck_choices(d) == ["Připravená kouzla", "Elfka", "Trpaslík"])
    switch_to(page, "Trpaslík")
    wait_for(page, lambda d: deck_names(d) == ["Mlžný krok"])
    assert all_css(page, "#deck-note")[0].text.startswith("Importováno")


OWN_SPELL = """Jiskřivý pozdrav

Kouzla naší družiny

Iluze 0. úrovně

Vyvolání: 1 akce

Dosah: 2 sáhy

Složky: V, P

Trvání: 1 minuta

Povolání: Bard

Nad tvou dlaní vytryskne sprška barevných jisker.
"""


def test_share_link_carries_own_spells(page, browser, tmp_path):
    """A deck with an own spell: its link opens in a clean browser with that spell too."""
    own = tmp_path / "druzina.txt"
    own.write_text(OWN_SPELL, encoding="utf-8")
    by_css(page, "#homebrew-file").send_keys(str(own))
    wait_for(page, lambda d: all_css(d, "#homebrew-result .added"))
    tick(page, "Jiskřivý pozdrav")
    tick(page, "Štít")
    wait_for(page, lambda d: "vlastni=" in share_href(d))
    link = share_href(page)
    wait_for(browser, settled)
    browser.execute_script("localStorage.clear()")
    browser.get(link)
    wait_for_results(browser)
    wait_for(browser, lambda d: deck_names(d) == ["Jiskřivý pozdrav", "Štít"], 30)
    assert count_text(browser).startswith("2 kouzla")


def test_own_book_joins_the_book_filter(page, tmp_path):
    """The own spells' book is offered under "Kniha"; ticked, it shows only its spells."""
    own = tmp_path / "druzina.txt"
    own.write_text(OWN_SPELL, encoding="utf-8")
    by_css(page, "#homebrew-file").send_keys(str(own))
    wait_for(page, lambda d: "Kouzla naší družiny" in texts(d, "#books label"))
    by_css(page, "details.more summary").click()
    box = page.execute_script(
        "return Array.from(document.querySelectorAll('#books input[name=source]'))"
        ".find(i => i.value === 'Kouzla naší družiny')"
    )
    box.click()
    wait_for(page, lambda d: result_names(d) == ["Jiskřivý pozdrav"])


def test_own_spells_named_after_reload_and_removed(page, tmp_path):
    """After a reload the page names the loaded file; "Odebrat vlastní kouzla" removes them."""
    assert not by_css(page, "#homebrew-remove").is_displayed()
    own = tmp_path / "druzina.txt"
    own.write_text(OWN_SPELL, encoding="utf-8")
    by_css(page, "#homebrew-file").send_keys(str(own))
    wait_for(page, lambda d: all_css(d, "#homebrew-result .added"))
    page.refresh()
    wait_for_results(page)
    assert "druzina.txt" in by_css(page, "#homebrew-result").text
    by_css(page, "#homebrew-remove").click()
    search(page, "jiskrivy pozdrav")
    assert "Jiskřivý pozdrav" not in result_names(page)
    assert not by_css(page, "#homebrew-remove").is_displayed()
