"""Tests for cards.compendium: the shipped data, the round trip, bad input, fuzzing."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from cards.compendium import (
    DEFAULT_DATA,
    Problem,
    compendium_text,
    lint_compendium,
    parse_compendium,
    read_compendium,
    spell_lines,
    spell_text,
    spell_to_dict,
)
from cards.model import BulletList, Heading, Paragraph, Table


@pytest.fixture(scope="module")
def shipped():
    return read_compendium()


@pytest.fixture(scope="module")
def spells(shipped):
    return shipped.spells


def test_shipped_spell_count(spells):
    """The shipped compendium has 492 spells."""
    assert len(spells) == 492


def test_shipped_counts_per_class(spells):
    """Spells per class match the compendium's own figures."""
    counts = Counter(c for spell in spells for c in spell.classes)
    assert counts == {
        "Kouzelník": 315,
        "Čaroděj": 208,
        "Druid": 158,
        "Bard": 146,
        "Černokněžník": 132,
        "Klerik": 122,
        "Hraničář": 61,
        "Paladin": 48,
    }


def test_shipped_counts_per_school(spells):
    """Spells per school match the compendium's own figures."""
    counts = Counter(spell.school for spell in spells)
    assert counts == {
        "Zaklínání": 107,
        "Transmutace": 100,
        "Vyvolávání": 82,
        "Vymítání": 51,
        "Očarování": 42,
        "Nekromancie": 42,
        "Věštění": 34,
        "Iluze": 34,
    }


def test_shipped_counts_per_level(spells):
    """Spells per level 0-9 match the compendium's own figures."""
    counts = Counter(spell.level for spell in spells)
    assert [counts[level] for level in range(10)] == [59, 82, 74, 64, 46, 58, 43, 25, 22, 19]


def test_shipped_rituals_and_concentration(spells):
    """25 spells are rituals and 218 need concentration."""
    assert sum(spell.ritual for spell in spells) == 25
    assert sum(spell.concentration for spell in spells) == 218


def test_shipped_block_figures(spells):
    """137 higher-levels paragraphs and tables in 9 spells, as the issue counts them."""
    higher = [s for s in spells if any(getattr(b, "kind", "") == "higher_levels" for b in s.blocks)]
    tables = [s for s in spells if any(isinstance(b, Table) for b in s.blocks)]
    assert len(higher) == 137
    assert len(tables) == 9


def test_shipped_has_no_errors_or_warnings():
    """The shipped compendium lints clean after the recorded corrections."""
    assert lint_compendium(DEFAULT_DATA) == ()


def test_jad_only_spells_have_no_english_name(spells):
    """The 33 spells found only in Jeskyně a draci have no English name, all others have one."""
    jad_only = [s for s in spells if s.sources == ("Jeskyně a draci",)]
    assert len(jad_only) == 33
    assert all(s.name_en == "" for s in jad_only)
    assert all(s.name_en for s in spells if s.sources != ("Jeskyně a draci",))


def test_czech_name_without_diacritics_is_not_english(spells):
    """ "Chapadlo" and "Kejkle" are Czech names, not English ones."""
    by_name = {s.name: s for s in spells if s.sources == ("Jeskyně a draci",)}
    assert by_name["Chapadlo"].name_en == ""
    assert by_name["Kejkle"].name_en == ""


def test_twelve_names_occur_twice_with_distinct_sources(spells):
    """Twelve Czech names occur twice, once per source, and both records are kept."""
    counts = Counter(s.name for s in spells)
    twice = [name for name, n in counts.items() if n == 2]
    assert len(twice) == 12
    assert all(n <= 2 for n in counts.values())
    for name in twice:
        labels = {s.label for s in spells if s.name == name}
        assert len(labels) == 2


def test_fields_of_one_spell(spells):
    """A spell's header fields are parsed into the record."""
    spell = next(s for s in spells if s.name == "Aganazzarův žár")
    assert spell.name_en == "Aganazzar's scorcher"
    assert spell.sources == ("Xanatharuv pruvodce vším",)
    assert (spell.school, spell.level, spell.ritual) == ("Zaklínání", 2, False)
    assert spell.casting_time == "1 akce"
    assert spell.range == "6 sáhů"
    assert spell.components.verbal and spell.components.somatic and spell.components.material
    assert spell.components.material_text == "šupina rudého draka"
    assert spell.duration == "Ihned" and not spell.concentration
    assert spell.classes == ("Čaroděj", "Kouzelník")
    assert spell.origin.line == 3
    assert spell.blocks[-1] == Paragraph(
        "Sešleš-li toto kouzlo použitím pozice kouzla 3. či vyšší úrovně, za každou další "
        "úroveň pozice nad 2. se zranění zvýší o 1k8.",
        "Na vyšších úrovních.",
        "higher_levels",
        23,
    )


def test_run_in_headings_bullets_and_tables(spells):
    """Run-in headings, bullet lists, stand-alone headings and tables become their own blocks."""
    by_name = {s.label: s for s in spells}
    hand = by_name["Bigbyho ruka (Příručka hráče)"]
    assert [b.heading for b in hand.blocks if isinstance(b, Paragraph) and b.heading][:2] == [
        "Překážející ruka.",
        "Silná ruka.",
    ]
    wind = next(s for s in spells if any(isinstance(b, BulletList) for b in s.blocks))
    assert all(
        item and not item.startswith("•")
        for b in wind.blocks
        if isinstance(b, BulletList)
        for item in b.items
    )
    weather = next(s for s in spells if s.name == "Ovládni počasí")
    assert [b.text for b in weather.blocks if isinstance(b, Heading)] == [
        "Srážky",
        "Teplota",
        "Vítr",
    ]
    tables = [b for b in weather.blocks if isinstance(b, Table)]
    assert [t.header for t in tables] == [("Stupeň", "Stav")] * 3
    assert tables[0].rows[0] == ("1", "Jasno")


def test_two_tables_separated_by_a_blank_line_stay_apart(spells):
    """Two tables one after the other are two Table blocks (each with its own rule row)."""
    spell = next(
        s
        for s in spells
        if any(
            isinstance(b, Table) and b.header == ("Spojení", "Oprava záchrany") for b in s.blocks
        )
    )
    headers = [b.header[0] for b in spell.blocks if isinstance(b, Table)]
    assert headers == ["Obeznámenost", "Spojení"]


def _canonical_lines(text: str) -> list[str]:
    """Non-empty lines with whitespace collapsed and table rule rows written one way."""
    lines = []
    for raw in text.replace("\ufeff", "").splitlines():
        line = " ".join(raw.split())
        if not line:
            continue
        if re.fullmatch(r"\|(\s*:?-+:?\s*\|)+", line):
            line = "|" + "|".join("---" for _ in line.strip("|").split("|")) + "|"
        lines.append(line)
    return lines


def test_round_trip_rebuilds_every_line(shipped):
    """Rebuilding the file from the records gives back every non-empty line exactly once."""
    original = _canonical_lines(DEFAULT_DATA.read_text(encoding="utf-8"))
    rebuilt = _canonical_lines(compendium_text(shipped))
    assert rebuilt == original


def test_round_trip_word_for_word(shipped):
    """Rebuilding the file from the records gives the same words in the same order."""
    original = DEFAULT_DATA.read_text(encoding="utf-8").split()
    rebuilt = compendium_text(shipped).split()
    rule = re.compile(r"^-+$")
    assert [w for w in rebuilt if not rule.match(w)] == [w for w in original if not rule.match(w)]


def test_spell_text_parses_back_to_the_same_spell(spells):
    """A spell rebuilt as text parses back to an equal record."""
    for spell in spells[::25]:
        (again,) = parse_compendium(spell_text(spell)).spells
        assert {**spell_to_dict(again), "origin": None} == {**spell_to_dict(spell), "origin": None}


def test_spell_lines_start_with_the_header(spells):
    """spell_lines gives the name, English name, source and level lines first."""
    spell = spells[0]
    assert spell_lines(spell)[:4] == [
        "Aganazzarův žár",
        "Aganazzar's scorcher",
        "Xanatharuv pruvodce vším",
        "Zaklínání 2. úrovně",
    ]


def test_spell_to_dict_keys_and_json(spells):
    """spell_to_dict gives English snake_case keys in a stable order and is JSON-ready."""
    record = spell_to_dict(spells[0])
    assert list(record) == [
        "name",
        "name_en",
        "sources",
        "school",
        "level",
        "ritual",
        "casting_time",
        "range",
        "components",
        "duration",
        "concentration",
        "classes",
        "blocks",
        "origin",
    ]
    assert list(record["components"]) == ["verbal", "somatic", "material", "material_text"]
    assert record["blocks"][-1]["type"] == "paragraph"
    assert record["blocks"][-1]["kind"] == "higher_levels"
    assert json.loads(json.dumps(record, ensure_ascii=False)) == record


def test_spell_to_dict_block_types(spells):
    """Every block type has its JSON record type."""
    types = {b["type"] for s in spells for b in spell_to_dict(s)["blocks"]}
    assert types == {"paragraph", "heading", "bullets", "table"}


def test_problem_str_names_file_line_and_kind():
    """A problem prints as one line: file, line, severity, kind, message, excerpt."""
    problem = Problem("k.txt", 7, "school", "unknown school", "Kouzlo 3. úrovně", "error")
    assert str(problem) == "k.txt:7: error: school: unknown school [Kouzlo 3. úrovně]"
