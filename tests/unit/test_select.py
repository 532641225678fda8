"""Tests for cards.select: filters, name resolution, Czech sorting, spell lookup and decks."""

from __future__ import annotations

import difflib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards.model import CLASSES, SCHOOLS, SOURCES
from cards.select import (
    AmbiguousSpell,
    DeckError,
    SelectionError,
    SpellIndex,
    UnknownSpell,
    _nearest_first,
    czech_key,
    find_spell,
    name_key,
    normalize,
    parse_levels,
    read_deck,
    resolve_class,
    resolve_school,
    resolve_source,
    select_spells,
    sort_spells,
)
from cards.source.library import read_compendium


@pytest.fixture(scope="module")
def spells():
    return read_compendium().spells


def test_normalize_folds_case_diacritics_and_spaces():
    """normalize casefolds, strips diacritics and collapses whitespace."""
    assert normalize("  Černokněžník\t ŘEKA  ") == "cernokneznik reka"


def test_name_key_ignores_apostrophes_and_quotes():
    """Spell names match with or without apostrophes and Czech quotation marks."""
    assert name_key("Snilloc’s snowball swarm") == name_key("snillocs Snowball  swarm")
    assert name_key("Slovo moci „uzdrav“") == "slovo moci uzdrav"


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("Kouzelník", "Kouzelník"),
        ("kouzelnik", "Kouzelník"),
        ("WIZARD", "Kouzelník"),
        ("cernokneznik", "Černokněžník"),
        ("warlock", "Černokněžník"),
        ("sorcerer", "Čaroděj"),
        ("Čaroděj", "Čaroděj"),
        ("hranicar", "Hraničář"),
        ("ranger", "Hraničář"),
        ("cleric", "Klerik"),
        ("druid", "Druid"),
        ("bard", "Bard"),
        ("Paladin", "Paladin"),
    ],
)
def test_resolve_class(given, expected):
    """Classes resolve from Czech with or without diacritics, any case, or English."""
    assert resolve_class(given) == expected


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("evocation", "Zaklínání"),
        ("zaklinani", "Zaklínání"),
        ("transmutation", "Transmutace"),
        ("conjuration", "Vyvolávání"),
        ("abjuration", "Vymítání"),
        ("enchantment", "Očarování"),
        ("necromancy", "Nekromancie"),
        ("divination", "Věštění"),
        ("VESTENI", "Věštění"),
        ("illusion", "Iluze"),
    ],
)
def test_resolve_school(given, expected):
    """Schools resolve from Czech with or without diacritics, any case, or English."""
    assert resolve_school(given) == expected


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("phb", "Příručka hráče"),
        ("prirucka hrace", "Příručka hráče"),
        ("JaD", "Jeskyně a draci"),
        ("xge", "Xanatharův průvodce vším"),
        ("Xanatharuv pruvodce vsim", "Xanatharův průvodce vším"),
        ("scag", "Dobrodruhův průvodce mečovým prostředím"),
    ],
)
def test_resolve_source(given, expected):
    """Sources resolve from their names (diacritics optional) or abbreviations."""
    assert resolve_source(given) == expected


def test_unknown_class_lists_the_valid_ones():
    """An unknown class is a SelectionError listing every class in Czech and English."""
    with pytest.raises(SelectionError) as info:
        resolve_class("mág")
    message = str(info.value)
    assert message.startswith("neznámé povolání 'mág'")
    assert all(c in message for c in CLASSES) and "wizard" in message


def test_unknown_school_and_source_list_the_valid_ones():
    """Unknown schools and sources name the valid choices, with a near miss suggested."""
    with pytest.raises(SelectionError, match="měli jste na mysli Iluze") as info:
        resolve_school("iluse")
    assert all(s in str(info.value) for s in SCHOOLS)
    with pytest.raises(SelectionError) as info:
        resolve_source("tcoe")
    assert all(s in str(info.value) for s in SOURCES) and "(phb)" in str(info.value)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("3", (3, 3)), ("1-3", (1, 3)), (" 0 - 9 ", (0, 9)), ("2–4", (2, 4)), ("trik", (0, 0))],
)
def test_parse_levels(text, expected):
    """A level or a range of levels parses to (lowest, highest)."""
    assert parse_levels(text) == expected


@pytest.mark.parametrize("text", ["10", "1-10", "3-1", "x", "", "-1", "1-"])
def test_parse_levels_rejects_bad_input(text):
    """Levels outside 0-9, backward ranges and non-numbers are SelectionErrors."""
    with pytest.raises(SelectionError, match="úrov"):
        parse_levels(text)


def test_select_by_class_counts(spells):
    """Selecting each class (given in English) gives the compendium's per-class figures."""
    counts = {
        "wizard": 315,
        "sorcerer": 208,
        "druid": 158,
        "bard": 146,
        "warlock": 132,
        "cleric": 122,
        "ranger": 61,
        "paladin": 48,
    }
    assert {c: len(select_spells(spells, classes=c)) for c in counts} == counts


def test_select_combines_filters(spells):
    """Filters combine: each spell kept matches all of them."""
    chosen = select_spells(
        spells, classes=["bard"], levels="1-3", schools=("enchantment",), concentration=True
    )
    assert chosen
    assert all(
        "Bard" in s.classes and 1 <= s.level <= 3 and s.school == "Očarování" and s.concentration
        for s in chosen
    )
    assert len(chosen) == sum(
        1
        for s in spells
        if "Bard" in s.classes and 1 <= s.level <= 3 and s.school == "Očarování" and s.concentration
    )


def test_select_rituals_concentration_levels_and_sources(spells):
    """Ritual, concentration, level and source filters give the compendium's figures."""
    assert len(select_spells(spells, ritual=True)) == 25
    assert len(select_spells(spells, concentration=True)) == 218
    assert len(select_spells(spells, levels="0")) == 59
    assert len(select_spells(spells, levels=(7, 9))) == 25 + 22 + 19
    assert len(select_spells(spells, sources="jad")) == 306 + 33
    assert len(select_spells(spells, sources=["xge", "scag"])) == 95 + 4


def test_select_rejects_unknown_names(spells):
    """An unknown class in a filter raises SelectionError."""
    with pytest.raises(SelectionError, match="neznámé povolání"):
        select_spells(spells, classes="necromancer")


def test_czech_key_puts_ch_after_h():
    """ "ch" sorts as one letter after "h"."""
    words = ["chata", "hrad", "ibis", "cukr"]
    assert sorted(words, key=czech_key) == ["cukr", "hrad", "chata", "ibis"]


def test_czech_key_caron_letters_follow_their_base():
    """č, ř, š, ž sort after c, r, s, z, even before later letters of the plain word."""
    words = ["čaj", "cukr", "řeka", "rys", "šála", "sůl", "žába", "zub"]
    assert sorted(words, key=czech_key) == [
        "cukr",
        "čaj",
        "rys",
        "řeka",
        "sůl",
        "šála",
        "zub",
        "žába",
    ]


def test_czech_key_other_accents_only_break_ties():
    """á, é, í, ď, ť, ň, ů sort as their base letter; the accent only breaks a tie."""
    words = ["dům", "ďábel", "kůra", "dub", "Dub", "teta", "tělo", "nános", "kura", "ňadro"]
    assert sorted(words, key=czech_key) == [
        "ďábel",
        "dub",
        "Dub",
        "dům",
        "kura",
        "kůra",
        "ňadro",
        "nános",
        "tělo",
        "teta",
    ]


def test_czech_key_ignores_locale_and_sorts_words_first():
    """A shorter word sorts first; the order does not depend on the system locale."""
    assert sorted(["Ohnivá koule", "Ohnivá bouře", "Ohnivák"], key=czech_key) == [
        "Ohnivá bouře",
        "Ohnivá koule",
        "Ohnivák",
    ]


def test_wizard_deck_in_czech_order_within_levels(spells):
    """The wizard deck has all 315 spells, by level, then Czech alphabetical order."""
    deck = sort_spells(select_spells(spells, classes="Kouzelník"), by="level")
    assert len(deck) == 315
    keys = [(s.level, czech_key(s.name)) for s in deck]
    assert keys == sorted(keys)
    level_one = [s.name for s in deck if s.level == 1]
    assert level_one.index("Čarodějnický blesk") < level_one.index("Černý jed")
    assert level_one.index("Hromová vlna") < level_one.index("Iluzorní text")


def test_sort_by_name_keeps_same_names_in_source_order(spells):
    """Sorting by name is Czech order; the two "Světlo" come Příručka hráče first."""
    by_name = sort_spells(spells, by="name")
    assert [czech_key(s.name) for s in by_name] == sorted(czech_key(s.name) for s in spells)
    lights = [s.sources for s in by_name if s.name == "Světlo"]
    assert lights == [("Příručka hráče",), ("Jeskyně a draci",)]


def test_sort_by_school_and_class(spells):
    """Sorting by school: schools alphabetically, then level; by class: the first class."""
    by_school = sort_spells(spells, by="school")
    schools = [s.school for s in by_school]
    assert schools[0] == "Iluze" and schools[-1] == "Zaklínání"
    assert [(czech_key(s.school), s.level) for s in by_school] == sorted(
        (czech_key(s.school), s.level) for s in spells
    )
    by_class = sort_spells(spells, by="class")
    assert by_class[0].classes[0] == "Bard" and by_class[0].level == 0


def test_sort_rejects_an_unknown_key(spells):
    """An unknown sort key is a SelectionError listing the valid keys."""
    with pytest.raises(SelectionError, match="name, level, school, class"):
        sort_spells(spells, by="colour")


@pytest.mark.parametrize(
    ("query", "label"),
    [
        ("Ohnivá koule", "Ohnivá koule (Příručka hráče)"),
        ("ohniva KOULE", "Ohnivá koule (Příručka hráče)"),
        ("Fireball", "Ohnivá koule (Příručka hráče)"),
        ("light", "Světlo (Příručka hráče)"),
        ("Světlo (Jeskyně a draci)", "Světlo (Jeskyně a draci)"),
        ("svetlo (jad)", "Světlo (Jeskyně a draci)"),
        ("chapadlo", "Chapadlo (Jeskyně a draci)"),
        ("slovo moci uzdrav", "Slovo moci „uzdrav“ (Příručka hráče)"),
        ("Snilloc's snowball swarm", "Roj sněhových koulí (Xanatharův průvodce vším)"),
    ],
)
def test_find_spell(spells, query, label):
    """Spells are found by Czech or English name, any case, diacritics optional, with source."""
    assert find_spell(spells, query).label == label


def test_find_spell_ambiguous_lists_both(spells):
    """A name found in two books raises AmbiguousSpell naming both as the user should write them."""
    with pytest.raises(AmbiguousSpell) as info:
        find_spell(spells, "svetlo")
    assert info.value.candidates == ("Světlo (Příručka hráče)", "Světlo (Jeskyně a draci)")
    assert '"Světlo (Příručka hráče)" nebo "Světlo (Jeskyně a draci)"' in str(info.value)


def test_find_spell_unknown_suggests_three_names(spells):
    """An unknown name raises UnknownSpell with the three nearest names."""
    with pytest.raises(UnknownSpell) as info:
        find_spell(spells, "ohniva kole")
    assert len(info.value.suggestions) == 3
    assert info.value.suggestions[0] == "Ohnivá koule"
    assert "nejbližší: Ohnivá koule" in str(info.value)


PLAYER_DECK = """\
# Elara, kouzelnice 3. úrovně
   magic MISSILE
ohniva koule

Mágova Zbroj   # vždycky připravená
STIT
misty step
svetlo (phb)
melfs acid arrow
"""


def test_read_deck_resolves_a_players_list(spells):
    """A list with mixed Czech and English names, odd case and no diacritics resolves fully."""
    deck = read_deck(PLAYER_DECK.splitlines(), spells, origin="elara.txt")
    assert [s.name for s in deck] == [
        "Magická střela",
        "Ohnivá koule",
        "Mágova zbroj",
        "Štít",
        "Mlžný krok",
        "Světlo",
        "Melfův kyselinový šíp",
    ]
    assert deck[5].sources == ("Příručka hráče",)


def test_read_deck_source_chooses_between_books(spells):
    """A name in two books takes the one from the given source, English names included."""
    deck = read_deck(["světlo", "Mage hand", "fireball"], spells, source="jad")
    assert [s.label for s in deck] == [
        "Světlo (Jeskyně a draci)",
        "Mágova ruka (Jeskyně a draci)",
        "Ohnivá koule (Příručka hráče)",
    ]


def test_read_deck_reports_all_unknown_and_ambiguous_names(spells):
    """Every unknown and ambiguous name is reported at once with its line and choices."""
    lines = ["# deck", "ohniva kole", "svetlo", "Magic missile", "", "xyzzy plugh"]
    with pytest.raises(DeckError) as info:
        read_deck(lines, spells, origin="deck.txt")
    error = info.value
    assert [(p.line, p.text) for p in error.unknown] == [(2, "ohniva kole"), (6, "xyzzy plugh")]
    assert all(len(p.suggestions) == 3 for p in error.unknown)
    assert error.unknown[0].suggestions[0] == "Ohnivá koule"
    (ambiguous,) = error.ambiguous
    assert ambiguous.line == 3
    assert ambiguous.candidates == ("Světlo (Příručka hráče)", "Světlo (Jeskyně a draci)")
    message = str(error).splitlines()
    assert message[0] == "deck.txt: 2 neznámých názvů kouzel a 1 název ve dvou knihách:"
    assert message[1].startswith(
        "deck.txt:2: neznámé kouzlo 'ohniva kole'; nejbližší: Ohnivá koule"
    )
    assert message[2].startswith("deck.txt:3: 'svetlo' je název 2 kouzel")


def test_read_deck_without_names_is_an_error(spells):
    """A deck of only comments and blank lines is a DeckError."""
    with pytest.raises(DeckError, match="nejmenuje žádné kouzlo"):
        read_deck(["# nothing yet", "", "   "], spells, origin="empty.txt")


def test_read_deck_keeps_the_written_order_and_repeats(spells):
    """The deck keeps the order of the file, a name written twice included."""
    deck = read_deck(["Štít", "Fireball", "štít"], spells)
    assert [s.name for s in deck] == ["Štít", "Ohnivá koule", "Štít"]


@settings(
    max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(st.text(max_size=40), max_size=8))
def test_fuzz_read_deck_raises_only_deck_error(spells, lines):
    """Any deck text either resolves or raises DeckError."""
    try:
        deck = read_deck(lines, spells)
    except DeckError as error:
        assert str(error)
    else:
        assert len(deck) <= len(lines)


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet="abčeíkoš ", max_size=12),
    st.lists(st.text(alphabet="abčeíkoš ", max_size=12), max_size=30, unique=True),
)
def test_nearest_names_come_in_difflibs_order(word, keys):
    """Suggestions are ordered as difflib.get_close_matches orders them: ratio, then key."""
    assert list(_nearest_first(word, keys)) == difflib.get_close_matches(
        word, keys, max(1, len(keys)), 0.0
    )


def test_nearest_names_of_the_compendium_are_difflibs_first_twelve(spells):
    """On the compendium's name keys the lazy bounds give difflib's first names for typos."""
    index = SpellIndex(spells)
    keys = list(index.by_key)
    for typo in ("ohniva kole", "stit magie proti zlu", "xyzzy plugh", "a", ""):
        nearest = _nearest_first(typo, keys)
        first = [next(nearest) for _ in range(12)]
        assert first == difflib.get_close_matches(typo, keys, 12, 0.0)
