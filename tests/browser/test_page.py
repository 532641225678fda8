"""The page as a user drives it in Chromium: search, filters, deck, preview, downloads, homebrew.

Each test checks what the user gets against what the `cards` command gives for the same thing
(its list, its summary line, its PDF and PNG bytes), never against the page's own code.
"""

from __future__ import annotations

import base64
import json

import pytest

from tests.support.browser import (
    OUT,
    all_css,
    axe_violations,
    by_css,
    choose,
    cli,
    cli_summary,
    count_text,
    deck_names,
    empty,
    press,
    result_box,
    result_names,
    search,
    tick,
    wait_for,
    wait_for_download,
    wait_for_results,
)
from tests.support.pdfread import open_pdf

# slow: a Chromium start-up and a real server per module (about 70 s of CPU with the pages).
pytestmark = [pytest.mark.usefixtures("browser_available"), pytest.mark.slow]

THREE = ("Štít", "Mlžný krok", "Ohnivá koule")  # levels 1, 2, 3: the deck's default order


def test_search_finds_ohniva_koule(page):
    """Typing "ohniva" (no diacritics) shows Ohnivá koule."""
    search(page, "ohniva")
    assert "Ohnivá koule" in result_names(page)
    assert all("ohniv" in n.lower() or "ohnív" in n.lower() for n in result_names(page))


def test_druid_level_one_matches_cards_list(page):
    """Povolání Druid, level 1 to 1 lists what `cards list --class druid --level 1` lists."""
    choose(page, "class", "Druid")
    choose(page, "level_from", "1")
    choose(page, "level_to", "1")
    listed = json.loads(cli("list", "--class", "druid", "--level", "1", "--json"))
    expected = [record["name"] for record in listed]
    wait_for(
        page, lambda d: result_names(d) == expected, message=f"{result_names(page)} != {expected}"
    )
    assert len(expected) > 10


def test_ticked_spells_are_counted_and_survive_a_reload(page, tmp_path):
    """Three ticked spells: the engine's count as `cards deck` prints it, kept after a reload."""
    for name in THREE:
        tick(page, name)
    expected = cli_summary(tmp_path, THREE)
    wait_for(page, lambda d: count_text(d) == expected, message=f"{count_text(page)} != {expected}")
    page.refresh()
    wait_for_results(page)
    wait_for(page, lambda d: deck_names(d) == list(THREE), message=str(deck_names(page)))
    assert count_text(page) == expected


def test_move_and_remove(page):
    """Moving a spell down swaps it with the next; removing takes it out of the deck."""
    for name in THREE:
        tick(page, name)
    by_css(page, '#deck [data-move="1"][data-index="0"]').click()
    wait_for(page, lambda d: deck_names(d) == ["Mlžný krok", "Štít", "Ohnivá koule"])
    by_css(page, '#deck [data-remove="2"]').click()
    wait_for(page, lambda d: deck_names(d) == ["Mlžný krok", "Štít"])
    wait_for(page, lambda d: count_text(d).startswith("2 kouzla"))


def test_preview_is_the_cli_preview(page, tmp_path):
    """The preview shows the PNG `cards preview` makes, at the same resolution."""
    from cards.web.pages import PREVIEW_DPI

    search(page, "ohniva koule")
    result_box(page, "Ohnivá koule").find_element("xpath", "../button").click()
    image = wait_for(page, lambda d: all_css(d, "#preview img.cards"), message="no preview")[0]
    source = image.get_attribute("src")
    shown = base64.b64decode(source.split(",", 1)[1])
    out = tmp_path / "koule.png"
    cli("preview", "Ohnivá koule", "--dpi", str(PREVIEW_DPI), "-o", str(out))
    assert shown == out.read_bytes()
    assert "Ohnivá koule" in image.get_attribute("alt")


def test_pdf_download_and_saved_list_print_the_same(page, downloads, tmp_path):
    """ "Stáhnout PDF" gives the spells' cards; the saved list reprints it byte-identically."""
    empty(downloads)
    for name in THREE:
        tick(page, name)
    by_css(page, "#pdf-button").click()
    pdf = wait_for_download(downloads, ".pdf")
    with open_pdf(pdf) as document:
        text = "\n".join(p.extract_text() or "" for p in document.pages)
    for name in THREE:
        assert name in text
    by_css(page, "#list-save").click()
    listing = wait_for_download(downloads, ".txt")
    out = tmp_path / "cli.pdf"
    cli("deck", str(listing), "-o", str(out))
    assert out.read_bytes() == pdf.read_bytes()


def test_print_options_reach_the_pdf(page, downloads, tmp_path):
    """Letter paper with backs, short-edge duplex and an offset: the PDF `cards deck` makes."""
    empty(downloads)
    tick(page, "Štít")
    by_css(page, "#sheet-letter").click()
    by_css(page, "#backs").click()
    by_css(page, "#duplex-short").click()
    offset = by_css(page, "#offset_x")
    offset.clear()
    offset.send_keys("1.5")
    wait_for(page, lambda d: "strana" not in count_text(d))
    by_css(page, "#pdf-button").click()
    pdf = wait_for_download(downloads, ".pdf")
    listing = tmp_path / "list.txt"
    listing.write_text("Štít\n", encoding="utf-8")
    out = tmp_path / "cli.pdf"
    cli(
        "deck",
        str(listing),
        "-o",
        str(out),
        "--sheet",
        "letter",
        "--backs",
        "--duplex",
        "short",
        "--back-offset",
        "1.5,0",
    )
    assert out.read_bytes() == pdf.read_bytes()


def test_share_link_opens_the_deck(page, browser):
    """The share link holds the list: opened in a clean browser it shows the same deck."""
    for name in THREE[:2]:
        tick(page, name)
    link = by_css(page, "#share-link").get_attribute("href")
    browser.execute_script("localStorage.clear()")
    browser.get(link)
    wait_for_results(browser)
    wait_for(browser, lambda d: deck_names(d) == list(THREE[:2]), message=str(deck_names(browser)))


def test_class_deck_in_one_click(page, tmp_path):
    """ "Celý balíček povolání" takes the class's whole deck, counted as `cards class` counts."""
    choose(page, "preset-class", "class:Paladin")
    by_css(page, "#preset-class-button").click()
    output = cli("class", "paladin", "-o", str(tmp_path / "p.pdf")).strip().splitlines()[-1]
    expected = output.split(" -> ")[0]
    wait_for(page, lambda d: count_text(d) == expected, 60, f"{count_text(page)} != {expected}")


def test_list_file_with_unknown_names(page, tmp_path):
    """A list with unknown names loads nothing and names each line with the CLI's suggestions."""
    tick(page, "Štít")
    listing = tmp_path / "seznam.txt"
    listing.write_text("ohniva koule\nohniva kaule\nstit\n", encoding="utf-8")
    by_css(page, "#list-file").send_keys(str(listing))
    problems = wait_for(page, lambda d: all_css(d, "#deck .problems li"), message="no problems")
    assert len(problems) == 1
    assert problems[0].text.startswith("řádek 2:")
    assert "Ohnivá koule" in problems[0].text
    assert deck_names(page) == ["Štít"]
    listing.write_text("ohniva koule\nstit\n", encoding="utf-8")
    by_css(page, "#list-file").send_keys(str(listing))
    wait_for(page, lambda d: deck_names(d) == ["Ohnivá koule", "Štít"])


BAD_SPELL = """Jiskřivý pozdrav

Sparkling greeting

Kouzla naší družiny

Iluze 12. úrovně

Vyvolání: 1 akce

Dosah: 2 sáhy

Složky: V, P

Trvání: 1 minuta

Povolání: Bard

Nad tvou dlaní vytryskne sprška barevných jisker.
"""


def test_bad_homebrew_shows_its_lines_and_adds_nothing(page, tmp_path):
    """A homebrew file with an error shows it with its line number; its spell is not added."""
    bad = tmp_path / "druzina.txt"
    bad.write_text(BAD_SPELL, encoding="utf-8")
    by_css(page, "#homebrew-file").send_keys(str(bad))
    problems = wait_for(page, lambda d: all_css(d, "#homebrew-result .problems li"))
    assert any(p.text.startswith("řádek 7:") for p in problems), [p.text for p in problems]
    search(page, "jiskřivý")
    assert result_names(page) == []
    good = tmp_path / "dobra.txt"
    good.write_text(BAD_SPELL.replace("12. úrovně", "0. úrovně"), encoding="utf-8")
    by_css(page, "#homebrew-file").send_keys(str(good))
    wait_for(page, lambda d: all_css(d, "#homebrew-result .added"))
    search(page, "jiskrivy")
    wait_for(page, lambda d: result_names(d) == ["Jiskřivý pozdrav"])


def test_keyboard_alone(page, downloads):
    """Search, tick, and download the PDF with the keyboard only (Tab, typing, Space, Enter)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    empty(downloads)

    def tab_to(check, limit=80):
        for _ in range(limit):
            before = page.execute_script("return document.activeElement")
            ActionChains(page).send_keys(Keys.TAB).perform()
            wait_for(
                page, lambda d, b=before: d.execute_script("return document.activeElement") != b
            )
            if page.execute_script(f"const e = document.activeElement; return {check};"):
                return
        raise AssertionError(f"Tab never reached {check}")

    tab_to("e.id === 'q'")
    ActionChains(page).send_keys("ohniva koule").perform()
    wait_for(
        page, lambda d: result_names(d)[:1] == ["Ohnivá koule"] or "Ohnivá koule" in result_names(d)
    )
    wait_for_results(page)
    tab_to(
        "e.matches('#results input[type=checkbox]') && e.dataset.label.startsWith('Ohnivá koule')"
    )
    ActionChains(page).send_keys(Keys.SPACE).perform()
    wait_for(page, lambda d: deck_names(d) == ["Ohnivá koule"])
    tab_to("e.id === 'pdf-button'", limit=200)
    ActionChains(page).send_keys(Keys.ENTER).perform()
    pdf = wait_for_download(downloads, ".pdf")
    with open_pdf(pdf) as document:
        assert "Ohnivá koule" in document.pages[0].extract_text()


def test_focus_is_visible_and_fields_are_labelled(page):
    """Tab to "Hledat": the field is labelled so and shows an outline at least 2 px wide."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    for _ in range(5):
        ActionChains(page).send_keys(Keys.TAB).perform()
        if page.execute_script("return document.activeElement.id") == "q":
            break
    style = page.execute_script(
        "const s = getComputedStyle(document.activeElement);"
        "return [s.outlineStyle, parseFloat(s.outlineWidth)]"
    )
    assert style[0] != "none" and style[1] >= 2, style
    labels = page.execute_script(
        "return Array.from(document.querySelector('#q').labels).map(l => l.textContent)"
    )
    assert labels == ["Hledat"]


@pytest.mark.parametrize("width", [1400, 390])
def test_no_accessibility_violations(page, axe_source, width):
    """axe-core finds no WCAG 2.0/2.1 A or AA violation, wide and on a phone, with a deck."""
    page.set_window_size(width, 1000)
    tick(page, "Štít")
    press(page, by_css(page, "#deck [data-preview]"))
    wait_for(page, lambda d: all_css(d, "#preview img.cards"))
    page.execute_script("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    by_css(page, "#ed-range").send_keys(" ")  # the editor shows its lint messages
    wait_for(page, lambda d: all_css(d, "#editor-result .problems"))
    violations = axe_violations(page, axe_source)
    page.set_window_size(1400, 1000)
    assert violations == [], [(v["id"], v["help"], len(v["nodes"])) for v in violations]


@pytest.mark.parametrize("width", [1400, 390])
def test_screenshots(page, width):
    """Screenshots at 1400 px and at a 390 px phone width (out/browser/); nothing wider."""
    OUT.mkdir(parents=True, exist_ok=True)
    page.set_window_size(width, 1000)
    for name in THREE:
        tick(page, name)
    page.refresh()
    wait_for_results(page)
    wait_for(page, lambda d: deck_names(d) == list(THREE))
    press(page, by_css(page, "#deck [data-preview]"))
    wait_for(page, lambda d: all_css(d, "#preview img.cards"))
    page.execute_script("window.scrollTo(0, 0)")
    page.save_screenshot(str(OUT / f"page-{width}.png"))
    page.execute_script("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    by_css(page, "#ed-range").send_keys(" ")
    wait_for(page, lambda d: all_css(d, "#editor-result .problems"))
    page.execute_script("document.querySelector('#ed-description').scrollIntoView()")
    page.save_screenshot(str(OUT / f"editor-{width}.png"))
    overflow = page.execute_script("return document.documentElement.scrollWidth")
    page.set_window_size(1400, 1000)
    assert overflow <= width


def test_assets_are_small(page):
    """The page's own assets (CSS, htmx, app.js, icon) stay within 150 kB."""
    sizes = page.execute_script(
        "return performance.getEntriesByType('resource')"
        ".filter(e => e.name.includes('/assets/')).map(e => [e.name, e.decodedBodySize])"
    )
    assert len(sizes) >= 3
    assert sum(size for _, size in sizes) <= 150_000, sizes
