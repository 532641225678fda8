"""Description lines -> blocks (cards/source/description.py): upcasting and scaling panels in
either phrasing, their headings, card order, numbered layers and stat-block actions as run-in
headings, on synthetic spells and on the shipped compendium."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from cards.model import Heading, Paragraph, Table
from cards.source.json import parse_json, spell_to_dict
from cards.source.library import read_compendium
from cards.source.text import parse_compendium, spell_text
from tests.support.spells import make_spell


@pytest.fixture(scope="module")
def spells():
    return read_compendium().spells


def _reparsed(*texts: str, level: int = 1):
    """Return the blocks of a synthetic spell with these paragraphs, read by the parser."""
    from tests.support.spells import make_spell

    spell = make_spell(*(Paragraph(text) for text in texts), level=level)
    (again,) = parse_compendium(spell_text(spell)).spells
    return again.blocks


UPCAST = (
    "Pokud sešleš toto kouzlo s použitím pozice 2. nebo vyšší úrovně, zranění se zvýší o 1k6 "
    "za každou úroveň pozice nad 1.",
    "Když sešleš toto kouzlo pomocí pozice kouzla 3. či vyšší úrovně, stvoříš jednoho tvora navíc.",
    "Sešleš-li toto kouzlo s použitím pozice 4. úrovně nebo vyšší, trvání se prodlouží.",
    "Sešleš-li toto kouzlo pomocí pozice kouzla 5. úrovně, za každou úroveň nad 4. získáš cíl.",
    "Pokud Sešleš toto Kouzlo s použitím Pozice 2. či vyššího Stupně, Zásah se zvýší o 1k6.",
    "Pokud Sešleš toto Kouzlo pomocí Pozice 8. Stupně, všichni tvorové získají 30 bodů.",
)


@pytest.mark.parametrize("text", UPCAST)
def test_upcasting_in_the_other_phrasing_is_higher_levels(text):
    """ "Pokud sešleš toto kouzlo s použitím pozice 2. …" is a higher-levels panel, words kept;
    it gets the panel's heading, implied (the text format does not write it)."""
    first, higher = _reparsed(SENTENCE_CS, text)
    assert first.kind == "text"
    assert (higher.kind, higher.written_heading, higher.text) == ("higher_levels", "", text)
    assert (higher.heading, higher.implied) == ("Na vyšších úrovních.", True)


@pytest.mark.parametrize(
    "text",
    [
        "Když sešleš toto kouzlo, každý tvor v oblasti je uvězněný.",
        "Sešleš-li toto kouzlo několikrát, můžeš mít aktivní až tři účinky najednou.",
        "Pokud sešleš toto kouzlo s použitím pozice 2. úrovně, cíl zčervená.",
    ],
)
def test_other_sentences_about_casting_stay_text(text):
    """Casting sentences not about a slot above the spell's level (2.) stay running text."""
    assert [b.kind for b in _reparsed(SENTENCE_CS, text, level=2)] == ["text", "text"]


def test_shipped_upcasting_in_both_phrasings(spells):
    """137 "Na vyšších úrovních." paragraphs and 12 "Pokud Sešleš toto Kouzlo s použitím
    Pozice 2. …" ones (Jeskyně a draci), all last in their spell; no other paragraph names a
    slot ("pozice N.", in any case), so none is missed."""
    paragraphs = [(s, b) for s in spells for b in s.blocks if isinstance(b, Paragraph)]
    higher = [(s, b) for s, b in paragraphs if b.kind == "higher_levels"]
    assert Counter(b.written_heading for _, b in higher) == {"Na vyšších úrovních.": 137, "": 12}
    assert all(s.sources == ("Jeskyně a draci",) for s, b in higher if b.implied)
    assert all(s.blocks[-1] is b or s.name in ("Zmatek", "Chaotický blesk") for s, b in higher)
    slot = re.compile(r"pozice (kouzla )?\d\.", re.IGNORECASE)
    assert [
        b.text for _, b in paragraphs if b.kind != "higher_levels" and slot.search(b.text)
    ] == []


SCALING = (
    "Zranění tohoto kouzla se zvýší o 1k10, když dosáhneš 5. úrovně (2k10), 11. úrovně (3k10) "
    "a 17. úrovně (4k10)."
)
SENTENCE_CS = "Vrhneš ohnivou střelu na tvora v dosahu a cíl utrpí ohnivé zranění 1k10."


def test_cantrip_scaling_is_its_own_kind():
    """A cantrip's 5./11./17. level increase is a "scaling" paragraph, its text unchanged."""
    first, scaling = _reparsed(SENTENCE_CS, SCALING, level=0)
    assert (scaling.kind, scaling.written_heading, scaling.text) == ("scaling", "", SCALING)
    assert (scaling.heading, scaling.implied) == ("Vylepšení triku.", True)
    assert first.kind == "text"


def test_every_shipped_panel_has_its_kinds_heading(spells):
    """Every panel has a heading, the same kind the same heading (issue 35): 149 higher-levels
    panels "Na vyšších úrovních." (12 of them implied), 35 cantrip upgrades "Vylepšení triku."."""
    panels = [b for s in spells for b in s.blocks if isinstance(b, Paragraph) and b.kind != "text"]
    assert Counter((b.kind, b.heading) for b in panels) == {
        ("higher_levels", "Na vyšších úrovních."): 149,
        ("scaling", "Vylepšení triku."): 35,
    }


def test_a_written_cantrip_upgrade_heading_is_kept_once():
    """A user's cantrip written "Vylepšení triku. Zranění …" is its scaling with that heading,
    written back as it was (not doubled, not implied)."""
    spell = make_spell(Paragraph(SENTENCE_CS), Paragraph(SCALING, "Vylepšení triku."), level=0)
    assert "Vylepšení triku. Zranění tohoto kouzla" in spell_text(spell)
    (again,) = parse_compendium(spell_text(spell)).spells
    scaling = again.blocks[-1]
    assert (scaling.kind, scaling.heading, scaling.implied) == (
        "scaling",
        "Vylepšení triku.",
        False,
    )
    assert scaling.text == SCALING
    assert spell_text(again) == spell_text(spell)


def test_an_implied_heading_is_not_written_to_text_or_json():
    """The text and JSON formats keep the source's words: a panel's implied heading is in
    neither (`cards show` prints "heading": ""), and both read back to the same spell."""
    spell = make_spell(Paragraph(SENTENCE_CS), Paragraph(SCALING, kind="scaling"), level=0)
    assert "Vylepšení" not in spell_text(spell)
    record = spell_to_dict(spell)
    assert record["blocks"][-1]["heading"] == ""
    assert _panels(parse_json(json.dumps([record])).spells[0]) == _panels(spell)
    (again,) = parse_compendium(spell_text(spell)).spells
    assert _panels(again) == _panels(spell) == [("scaling", "Vylepšení triku.", True)]


def _panels(spell) -> list[tuple[str, str, bool]]:
    return [(b.kind, b.heading, b.implied) for b in spell.blocks if b.kind != "text"]


def test_scaling_is_only_for_cantrips():
    """The same words in a levelled spell stay running text."""
    assert [b.kind for b in _reparsed(SENTENCE_CS, SCALING, level=1)] == ["text", "text"]


def test_shipped_cantrip_scaling(spells):
    """35 cantrips have a scaling paragraph; two say it inside a paragraph on other things."""
    scaling = [s.label for s in spells for b in s.blocks if getattr(b, "kind", "") == "scaling"]
    assert len(scaling) == len(set(scaling)) == 35
    assert all(s.level == 0 for s in spells if s.label in scaling)
    inside = [
        s.label
        for s in spells
        if s.level == 0 and s.label not in scaling
        for b in s.blocks
        if isinstance(b, Paragraph) and re.search(r"5\. úrov", b.text, re.I) and "17." in b.text
    ]
    assert inside == ["Mágova ruka (Jeskyně a draci)", "Přesný úder (Jeskyně a draci)"]


def test_panels_close_the_description_in_card_order(spells):
    """On a card the higher-levels panel follows the table the source put after it (Zmatek)."""
    from cards.model import card_order

    by_label = {s.label: s for s in spells}
    for label in ("Zmatek (Příručka hráče)", "Chaotický blesk (Xanatharův průvodce vším)"):
        blocks = by_label[label].blocks
        assert isinstance(blocks[-1], Table)  # the source order is kept in the record
        ordered = card_order(blocks)
        assert ordered[-1].kind == "higher_levels" and isinstance(ordered[-2], Table)
        assert sorted(map(repr, ordered)) == sorted(map(repr, blocks))
    moved = [s.label for s in spells if card_order(s.blocks) != s.blocks]
    assert sorted(moved) == [
        "Chaotický blesk (Xanatharův průvodce vším)",
        "Zmatek (Příručka hráče)",
    ]


def test_card_order_keeps_a_panel_inside_its_variant():
    """A panel moves past what follows it, but not into the next labelled variant."""
    from cards.model import card_order

    higher = Paragraph(
        "Za každou úroveň nad 1. se zranění zvýší.", "Na vyšších úrovních.", "higher_levels"
    )
    table = Table(("k4", "Účinek"), (("1", "Nic"),))
    variant = Heading("JaD popis:")
    text = Paragraph("Jiný popis.")
    assert card_order((higher, table, variant, text, higher)) == (
        table,
        higher,
        variant,
        text,
        higher,
    )


def test_numbered_layers_are_run_in_headings(spells):
    """ "1. Červená." … "7. Fialová." of Spektrální zeď open their paragraphs in bold."""
    wall = next(s for s in spells if s.name == "Spektrální zeď")
    headings = [b.heading for b in wall.blocks if isinstance(b, Paragraph) and b.heading]
    assert headings == [
        "1. Červená.",
        "2. Oranžová.",
        "3. Žlutá.",
        "4. Zelená.",
        "5. Modrá.",
        "6. Indigová.",
        "7. Fialová.",
    ]
    spray = next(s for s in spells if s.name == "Spektrální sprška")
    texts = [(b.heading, b.text[:4]) for b in spray.blocks if isinstance(b, Paragraph)][1:3]
    assert texts == [("1. Červená.", "Když"), ("2. Oranžová", "Když")]  # the source has no stop


def test_numbered_headings_across_the_compendium(spells):
    """Numbered run-in headings occur in four spells and nowhere else (no false positives)."""
    found = Counter(
        s.name
        for s in spells
        for b in s.blocks
        if isinstance(b, Paragraph) and b.heading[:1].isdigit()
    )
    assert found == {
        "Spektrální sprška": 8,
        "Spektrální zeď": 7,
        "Bouře odplaty": 4,
        "Řetězy upoutání": 4,
    }


def test_a_lone_numbered_paragraph_stays_text():
    """One paragraph that starts with a number is a sentence, not a list of layers."""
    (first, lone) = _reparsed(SENTENCE_CS, "5. Úroveň pozice určí, kolik tvorů zasáhneš.")
    assert lone.heading == ""


def test_stat_block_actions_are_run_in_headings(spells):
    """ "Úder pěstí." after the stat block's "Akce" heading is a run-in heading."""
    servant = next(s for s in spells if s.name == "Drobný služebník")
    heading, action = servant.blocks
    assert heading == Heading("Akce", heading.line)
    assert action.heading == "Úder pěstí."
    assert action.text.startswith("Útok na blízko zbraní: +5 k zásahu")
