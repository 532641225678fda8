"""Tests for cards.source (text format, library): shipped data, round trip, bad input, fuzzing."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cards.lint.files import lint_compendium
from cards.model import BulletList, Heading, Paragraph, Table
from cards.source.decode import DEFAULT_DATA
from cards.source.json import spell_to_dict
from cards.source.library import read_compendium
from cards.source.problems import CompendiumError, Problem
from cards.source.text import compendium_text, parse_compendium, spell_lines, spell_text
from tests.support.examples import examples
from tests.support.spells import write_spell_file


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
    """149 spells with a higher-levels paragraph (137 + 12 in the other phrasing), and tables
    in 9 spells."""
    higher = [s for s in spells if any(getattr(b, "kind", "") == "higher_levels" for b in s.blocks)]
    tables = [s for s in spells if any(isinstance(b, Table) for b in s.blocks)]
    assert len(higher) == 149
    assert len(tables) == 9


def test_shipped_has_no_errors_or_warnings():
    """The shipped compendium lints clean after the recorded corrections, but for Drobný
    služebník, whose description the source lacks (data/CORRECTIONS.md)."""
    problems = lint_compendium(DEFAULT_DATA)
    assert [(p.kind, p.excerpt) for p in problems] == [("description", "Drobný služebník")]


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
    assert spell.sources == ("Xanatharův průvodce vším",)
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


def test_short_first_sentences_are_not_headings(spells):
    """A lone short sentence ("Mrštíš bublinou kyseliny.") stays text, not a run-in heading."""
    spell = next(s for s in spells if s.blocks[0].text.startswith("Mrštíš bublinou kyseliny."))
    assert spell.blocks[0].heading == ""


def test_empty_bullet_is_an_error():
    """A bullet with no text after it is an error at its line."""
    text = SAMPLE.replace("Z tvé dlaně vyrazí chapadlo.", "Z tvé dlaně:\n\n  • jedno\n  •")
    problems = parse_compendium(text).problems
    assert [(p.kind, p.line) for p in problems] == [("bullet", 42)]


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
        "Xanatharův průvodce vším",
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
    assert str(problem) == "k.txt:7: chyba: škola: unknown school [Kouzlo 3. úrovně]"


SAMPLE = """Kartotéka

Aganazzarův žár

Aganazzar's scorcher

Xanatharův průvodce vším

Zaklínání 2. úrovně

Vyvolání: 1 akce

Dosah: 6 sáhů

Složky: V, P, S (šupina rudého draka)

Trvání: Ihned

Povolání: Čaroděj, Kouzelník

Zasažený tvor utrpí 3k8 ohnivého zranění.

Chapadlo

Jeskyně a draci

Vyvolávání 1. úrovně (rituál)

Vyvolání: 1 akce

Dosah: 18 sáhů

Složky: V, P

Trvání: 1 minuta (soustředění)

Povolání: Černokněžník

Z tvé dlaně vyrazí chapadlo.
"""


def _raises(tmp_path, data: bytes | str) -> CompendiumError:
    path = write_spell_file(tmp_path, data)
    with pytest.raises(CompendiumError) as info:
        read_compendium(path)
    return info.value


def test_sample_parses_cleanly():
    """The small sample used below parses into two spells with no problems."""
    compendium = parse_compendium(SAMPLE, "k.txt")
    assert compendium.problems == ()
    assert [s.name for s in compendium.spells] == ["Aganazzarův žár", "Chapadlo"]
    assert compendium.spells[1].ritual and compendium.spells[1].concentration
    assert compendium.title == ("Kartotéka",)


def test_missing_field_names_file_line_and_field(tmp_path):
    """A spell without its Dosah: line is an error naming the file, the line and the field."""
    error = _raises(tmp_path, SAMPLE.replace("Dosah: 6 sáhů\n", ""))
    (problem,) = error.problems
    assert problem.kind == "missing-field" and problem.line == 14
    assert str(error).startswith(f"{tmp_path / 'k.txt'}:14: chyba: chybí údaj: chybí Dosah:")


def test_missing_level_line(tmp_path):
    """A spell without its level line is an error that says what line was expected."""
    error = _raises(tmp_path, SAMPLE.replace("Zaklínání 2. úrovně\n", ""))
    assert [p.kind for p in error.problems] == ["missing-field"]
    assert "Zaklínání 3. úrovně" in str(error)


def test_level_line_in_the_wrong_form(tmp_path):
    """A level line that does not read "<škola> N. úrovně" is an error at that line."""
    error = _raises(tmp_path, SAMPLE.replace("Zaklínání 2. úrovně", "Zaklínání druhé úrovně"))
    assert [(p.kind, p.line) for p in error.problems] == [("missing-field", 9)]
    assert error.problems[0].excerpt == "Zaklínání druhé úrovně"


def test_unknown_school(tmp_path):
    """An unknown school is an error at its line listing the valid schools."""
    error = _raises(tmp_path, SAMPLE.replace("Zaklínání 2.", "Kouzlení 2."))
    (problem,) = error.problems
    assert (problem.line, problem.kind) == (9, "school")
    assert "'Kouzlení'" in problem.message and "Zaklínání, Transmutace" in problem.message


def test_unknown_class(tmp_path):
    """An unknown class is an error at its line listing the valid classes."""
    error = _raises(tmp_path, SAMPLE.replace("Čaroděj, Kouzelník", "Čaroděj, Mág"))
    (problem,) = error.problems
    assert (problem.line, problem.kind) == (19, "class")
    assert "'Mág'" in problem.message and "Kouzelník" in problem.message


def test_unknown_source(tmp_path):
    """An unknown book on the source line is an error listing the known ones."""
    error = _raises(tmp_path, SAMPLE.replace("Xanatharův průvodce vším", "Tashin kotel"))
    assert [p.kind for p in error.problems] == ["source"]
    assert "Příručka hráče" in error.problems[0].message


def test_bad_components(tmp_path):
    """Components out of order are an error at the Složky: line."""
    error = _raises(tmp_path, SAMPLE.replace("Složky: V, P\n", "Složky: P, V\n"))
    assert [(p.kind, p.line) for p in error.problems] == [("components", 33)]


def test_truncated_in_a_header(tmp_path):
    """A file cut off inside a spell header is an error naming the missing fields."""
    cut = SAMPLE[: SAMPLE.index("Trvání: 1 minuta")]
    error = _raises(tmp_path, cut)
    assert [p.kind for p in error.problems] == ["missing-field"]
    assert "Trvání:, Povolání:" in error.problems[0].message


def test_truncated_inside_a_line(tmp_path):
    """A file cut off in the middle of the last sentence is reported as truncated."""
    error = _raises(tmp_path, SAMPLE[: SAMPLE.index("chapadlo.") + 4])
    assert [p.kind for p in error.problems] == ["truncated"]
    assert error.problems[0].line == 39


def test_truncated_after_the_fields(tmp_path):
    """A file cut off right after the field lines reports a spell without description."""
    error = _raises(tmp_path, SAMPLE[: SAMPLE.index("Z tvé dlaně")])
    assert [p.kind for p in error.problems] == ["description"]


def test_empty_file(tmp_path):
    """An empty (or blank) file is an error saying spells were expected."""
    for data in ("", "\n  \n\n"):
        error = _raises(tmp_path, data)
        assert [p.kind for p in error.problems] == ["empty"]


def test_lint_reports_every_problem(tmp_path):
    """lint lists all problems of a file, not only the first, in line order."""
    text = SAMPLE.replace("Zaklínání 2.", "Kouzlení 2.").replace("Černokněžník", "Mág")
    text = text.replace("Dosah: 18 sáhů\n", "")
    problems = lint_compendium(write_spell_file(tmp_path, text))
    assert [(p.kind, p.line) for p in problems] == [
        ("school", 9),
        ("missing-field", 32),
        ("class", 36),
    ]


def test_error_message_counts_the_rest(tmp_path):
    """The exception shows the first errors and says how many more there are."""
    text = "\n\n".join([SAMPLE.replace("Povolání: Čaroděj", "Povolání: Mág")] * 8)
    error = _raises(tmp_path, text)
    assert str(error).count("\n") == CompendiumError.MAX_SHOWN
    assert "a další chyby (" in str(error).splitlines()[-1]


@pytest.mark.parametrize(
    ("old", "new", "kind", "severity"),
    [
        ("mapy", "map\u0443", "character", "error"),
        ("3k8", "3k 8", "dice", "error"),
        ("tvor utrpí", "tvor \xa0utrpí", "nbsp", "warning"),
        (
            "Z tvé dlaně vyrazí chapadlo.",
            "Z tvé dlaně vyrazí chapadlo.\n-->",
            "stray-line",
            "error",
        ),
    ],
)
def test_anomalies_are_reported(old, new, kind, severity):
    """OCR letters, spaced dice, stray nbsp and left-over markup are reported with their kind."""
    text = SAMPLE.replace("ohnivého zranění", "ohnivého zranění z mapy")
    problems = parse_compendium(text.replace(old, new)).problems
    assert [(p.kind, p.severity) for p in problems] == [(kind, severity)]


def test_variant_descriptions_are_a_warning():
    """A description with labelled variants ("DnD 5e popis:", "JaD popis:") is a warning."""
    text = SAMPLE.replace(
        "Zasažený tvor utrpí 3k8 ohnivého zranění.",
        "DnD 5e popis:\nJeden text.\n\nJaD popis:\nJiný text.",
    )
    problems = parse_compendium(text).problems
    assert [(p.kind, p.severity, p.line) for p in problems] == [("variants", "warning", 21)]


def test_table_with_a_missing_cell_is_an_error():
    """A table row with fewer cells than its header is an error at that row."""
    table = "| k4 | Účinek |\n| --- | --- |\n| 1 | Oheň |\n| 2 |"
    text = SAMPLE.replace("Z tvé dlaně vyrazí chapadlo.", "Z tvé dlaně.\n\n" + table)
    problems = parse_compendium(text).problems
    assert [(p.kind, p.line) for p in problems] == [("table", 44)]


def test_duplicate_spell_from_the_same_source_is_an_error():
    """The same name from the same source twice is an error; from two sources it is fine."""
    chapadlo = SAMPLE[SAMPLE.index("Chapadlo") :]
    problems = parse_compendium(SAMPLE + "\n" + chapadlo).problems
    assert [p.kind for p in problems] == ["duplicate"]
    other = chapadlo.replace("Jeskyně a draci", "Tentacle\n\nPříručka hráče", 1)
    assert parse_compendium(SAMPLE + "\n" + other).problems == ()


_LINE = st.sampled_from(
    SAMPLE.split("\n")
    + ["| a | b |", "| --- |", "  • bod", "Zaklínání 12. úrovně", "Povolání:", "-->", "x" * 70]
)


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(_LINE, max_size=60))
def test_fuzz_shuffled_lines_never_crash(lines):
    """Any arrangement of compendium-like lines parses without an exception."""
    compendium = parse_compendium("\n".join(lines))
    assert all(isinstance(p, Problem) for p in compendium.problems)


@settings(max_examples=examples(300), deadline=None)
@given(st.text(max_size=400))
def test_fuzz_any_text_never_crashes(text):
    """Arbitrary text parses without an exception."""
    compendium = parse_compendium(text)
    assert isinstance(compendium.spells, tuple)


_NAMES = [
    ("Slovo moci: zabij", "Power Word: Kill"),
    ("Oheň & led", "Fire & Ice"),
    ("Tashin smích.", "Tasha's hideous laughter."),
    ("Melfův kyselý šíp, verze 2", "Melf’s acid arrow (v2)"),
    ("Drobná chýše/úkryt", "Leomund's tiny hut / 5e-1"),
    ("Mordenkainenova velkolepá soukromá svatyně pro dobu neurčitou", "Mordenkainen's sanctum"),
]


@pytest.mark.parametrize(("czech", "english"), _NAMES)
def test_names_are_decided_by_the_record_structure(czech, english):
    """Any characters in the two names above the source line: both names are read as such."""
    text = SAMPLE.replace("Aganazzarův žár", czech).replace("Aganazzar's scorcher", english)
    compendium = parse_compendium(text)
    assert compendium.problems == ()
    first, second = compendium.spells
    assert (first.name, first.name_en) == (czech, english)
    assert second.name == "Chapadlo"
    assert second.blocks[-1] == Paragraph("Z tvé dlaně vyrazí chapadlo.", line=39)


@pytest.mark.parametrize(("czech", "english"), _NAMES)
def test_names_of_a_later_spell_do_not_join_the_previous_description(czech, english):
    """A second spell with such names keeps them, and the first spell's text stays its own."""
    second = SAMPLE[SAMPLE.index("Aganazzarův žár") : SAMPLE.index("Chapadlo")]
    second = second.replace("Aganazzarův žár", czech).replace("Aganazzar's scorcher", english)
    compendium = parse_compendium(SAMPLE + "\n" + second)
    assert compendium.problems == ()
    assert [(s.name, s.name_en) for s in compendium.spells][1:] == [
        ("Chapadlo", ""),
        (czech, english),
    ]
    assert [b.text for b in compendium.spells[1].blocks] == ["Z tvé dlaně vyrazí chapadlo."]


@pytest.mark.parametrize("cut_after", ["Chapadlo\n", "Slovo moci: zabij\n", "Power Word: Kill\n"])
def test_a_file_cut_after_a_name_is_an_error_at_that_line(cut_after):
    """A record that ends before its source, level and fields is an error with its line."""
    text = SAMPLE + "\nSlovo moci: zabij\n\nPower Word: Kill\n\nPříručka hráče\n"
    cut = text[: text.rindex(cut_after) + len(cut_after)]
    problems = [p for p in parse_compendium(cut, "k.txt").problems if p.severity == "error"]
    assert problems, cut
    assert problems[0].kind == "structure"
    assert problems[0].line == (41 if "Power" in cut or "moci" in cut else 23)


@pytest.mark.parametrize(
    "tail", ["Příručka hráče\n", "Příručka hráče\n\nNekromancie 9. úrovně\n", "Vyvolání: 1 akce\n"]
)
def test_a_file_cut_inside_a_header_is_an_error(tail):
    """Cut after the source line, the level line or the first field: an error, never a card."""
    text = SAMPLE + "\nSlovo moci: zabij\n\nPower Word: Kill\n\n" + tail
    problems = [p for p in parse_compendium(text, "k.txt").problems if p.severity == "error"]
    assert problems
    assert problems[0].line >= 41


def test_a_missing_english_name_is_not_taken_from_the_name():
    """A Příručka hráče spell with no English name: its Czech name is not read as English."""
    chapadlo = SAMPLE[SAMPLE.index("Chapadlo") :].replace("Jeskyně a draci", "Příručka hráče")
    chapadlo = chapadlo.replace("Chapadlo", "Černé chapadlo", 1)
    problems = parse_compendium(SAMPLE + "\nKrátký odstavec.\n\n" + chapadlo).problems
    assert [(p.kind, p.severity, p.line) for p in problems] == [("name", "error", 43)]
    first = parse_compendium(SAMPLE.replace("Aganazzar's scorcher\n\n", "")).problems
    assert [(p.kind, p.severity, p.line) for p in first] == [("name", "error", 3)]


@pytest.mark.parametrize(
    ("czech", "english", "line"),
    [
        ("|Aganazzarův žár", "Aganazzar's scorcher", 3),
        ("Aganazzarův žár", "| Aganazzar's | scorcher |", 5),
        ("| Aganazzarův | žár |", "| Aganazzar's | scorcher |", 3),
    ],
)
def test_a_name_line_starting_with_a_bar_is_a_name_error_at_its_line(czech, english, line):
    """A name that starts with "|" is read as the name it stands for (not a table row that
    shifts the English name into the Czech one), and refused with file:line."""
    text = SAMPLE.replace("Aganazzarův žár", czech).replace("Aganazzar's scorcher", english)
    compendium = parse_compendium(text, "k.txt")
    errors = [p for p in compendium.problems if p.severity == "error"]
    assert [(p.kind, p.line) for p in errors][:1] == [("name", line)]
    assert str(errors[0]).startswith(f"k.txt:{line}: chyba: název: název nesmí začínat znakem |")
    assert [s.name for s in compendium.spells] == ["Chapadlo"]


def test_a_second_name_line_of_a_jad_spell_is_an_error():
    """A spell only from Jeskyně a draci with two name lines: the extra one is reported."""
    text = SAMPLE.replace("Chapadlo\n\nJeskyně", "Chapadlo\n\nTentacle\n\nJeskyně")
    problems = parse_compendium(text).problems
    assert [(p.kind, p.severity, p.line) for p in problems] == [("structure", "error", 23)]


def test_source_without_diacritics_is_read_with_a_warning():
    """The old "Xanatharuv pruvodce vším" is read as the book, with a warning at its line."""
    text = SAMPLE.replace("Xanatharův průvodce vším", "Xanatharuv pruvodce vším")
    compendium = parse_compendium(text)
    assert compendium.spells[0].sources == ("Xanatharův průvodce vším",)
    assert [(p.kind, p.severity, p.line) for p in compendium.problems] == [("source", "warning", 7)]


def test_shipped_data_has_the_diacritics_of_xanathar():
    """The shipped compendium names Xanatharův průvodce vším with its diacritics."""
    text = DEFAULT_DATA.read_text(encoding="utf-8")
    assert "Xanatharuv" not in text and text.count("Xanatharův průvodce vším") == 95


@pytest.mark.parametrize("line", ["Iluze, trik", "Iluze trik", "Iluze 0. úrovně"])
def test_a_trick_level_line_in_each_form(line):
    """ "Iluze, trik", "Iluze trik" and "Iluze 0. úrovně" all make a trick of Iluze."""
    text = SAMPLE.replace("Vyvolávání 1. úrovně (rituál)", line)
    compendium = parse_compendium(text)
    assert compendium.problems == ()
    assert (compendium.spells[1].school, compendium.spells[1].level) == ("Iluze", 0)
