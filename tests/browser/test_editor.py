"""The editor of the player's own spells in Chromium: typed, previewed, checked, saved, printed.

The preview is `cards preview` of the exported file; the exported text and JSON print the
same PDF through `cards deck --add` as the page does, and the JSON is what `cards list --json`
prints for the spell.
"""

from __future__ import annotations

import base64

import pytest

from tests.support.browser import (
    all_css,
    by_css,
    cli,
    deck_names,
    empty,
    press,
    tick,
    wait_for,
    wait_for_download,
)

pytestmark = [pytest.mark.usefixtures("browser_available"), pytest.mark.slow]

NAME = "Jiskřivý pozdrav"


def type_into(driver, field: str, text: str) -> None:
    element = by_css(driver, f"#ed-{field}")
    element.clear()
    element.send_keys(text)


def write_spell(page) -> None:
    """Open the editor and write a cantrip with a list, as a player types it."""
    from selenium.webdriver.support.ui import Select

    press(page, by_css(page, "#editor-box summary"))
    type_into(page, "name", NAME)
    type_into(page, "name_en", "Sparkling greeting")
    Select(by_css(page, "#ed-school")).select_by_value("Iluze")
    type_into(page, "range", "2 sáhy")
    press(page, by_css(page, "#ed-class-1"))  # Bard
    type_into(
        page,
        "description",
        "Nad tvou dlaní vytryskne sprška barevných jisker.\n\n• modré jiskry svítí\n• rudé hřejí",
    )


def test_lint_messages_beside_the_fields(page):
    """An empty range is named beside "Dosah", in Czech; filled in, the message goes."""
    write_spell(page)
    type_into(page, "range", " ")
    problem = wait_for(page, lambda d: all_css(d, "#problems-range li"))[0]
    assert problem.text.startswith("Chyba:") and "Dosah" in problem.text
    assert not all_css(page, "#editor-result img.cards")
    type_into(page, "range", "2 sáhy")
    wait_for(page, lambda d: not all_css(d, "#problems-range li"))
    wait_for(page, lambda d: all_css(d, "#editor-result img.cards"))


def test_missing_name_is_named_beside_the_name(page):
    """A spell without a name: the message stands beside "Název", not beside another field."""
    write_spell(page)
    type_into(page, "name", " ")
    problem = wait_for(page, lambda d: all_css(d, "#problems-name li"))[0]
    assert "názvem" in problem.text
    assert not all_css(page, "#problems-casting_time li")


def test_written_spell_is_previewed_saved_printed_and_exported(
    page, downloads, tmp_path, monkeypatch
):
    """The preview is the engine's; saved, the spell prints; its exports print the same PDF."""
    from cards.web.pages import PREVIEW_DPI

    empty(downloads)
    write_spell(page)
    image = wait_for(page, lambda d: all_css(d, "#editor-result img.cards"))[0]
    shown = base64.b64decode(image.get_attribute("src").split(",", 1)[1])
    press(page, by_css(page, "#editor-txt"))
    exported = wait_for_download(downloads, ".txt")
    assert exported.name == "jiskrivy-pozdrav.txt"
    out = tmp_path / "preview.png"
    cli("preview", NAME, "--add", str(exported), "--dpi", str(PREVIEW_DPI), "-o", str(out))
    assert shown == out.read_bytes()
    press(page, by_css(page, "#editor-json"))
    exported_json = wait_for_download(downloads, ".json")
    monkeypatch.chdir(downloads)  # the JSON names the text file it was read from, by its name
    listed = cli("list", "--json", "--add", exported.name, "--source", "Vlastní kouzla")
    assert exported_json.read_text(encoding="utf-8") == listed
    press(page, by_css(page, "#editor-save"))
    wait_for(page, lambda d: "uloženo" in by_css(d, "#editor-message").text)
    tick(page, NAME)
    tick(page, "Štít")
    assert deck_names(page) == [NAME, "Štít"]
    kept = []
    for added in (exported, exported_json):
        kept.append(tmp_path / added.name)
        kept[-1].write_bytes(added.read_bytes())
    empty(downloads)
    press(page, by_css(page, "#pdf-button"))
    pdf = wait_for_download(downloads, ".pdf").read_bytes()
    listing = tmp_path / "deck.txt"
    listing.write_text(f"{NAME}\nŠtít\n", encoding="utf-8")
    for added in kept:
        target = tmp_path / f"cli-{added.suffix[1:]}.pdf"
        cli("deck", str(listing), "--add", str(added), "-o", str(target))
        assert target.read_bytes() == pdf, added.name
