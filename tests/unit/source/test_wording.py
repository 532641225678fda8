"""The wording lint (cards/source/wording.py) as the parser reports it: warnings at their lines."""

from __future__ import annotations

from cards.source.text import parse_compendium


def _spell(description: str) -> str:
    return (
        "Zkouška\n\nTrial\n\nPříručka hráče\n\nIluze 1. úrovně\n\nVyvolání: 1 akce\n\n"
        "Dosah: 6 sáhů\n\nSložky: V\n\nTrvání: 1 minuta\n\nPovolání: Bard\n\n"
        f"{description}\n"
    )


def _warnings(description: str) -> list[tuple[str, int]]:
    compendium = parse_compendium(_spell(description), "x.txt")
    return [(p.kind, p.line) for p in compendium.problems if p.severity == "warning"]


def test_lint_warns_about_a_spell_with_only_a_stat_block():
    """A stat block ("Akce") with no paragraph before it: the description is missing."""
    assert _warnings("Akce\n\nÚder pěstí. Útok na blízko zbraní: +5 k zásahu.") == [
        ("description", 1)
    ]
    assert _warnings("Vyvoláš sluhu.\n\nAkce\n\nÚder pěstí. Útok: +5 k zásahu.") == []


def test_lint_flags_a_capitalised_preposition_after_a_lower_case_word():
    """ "tvorovi Ve svém" is flagged at its line; "Ve svém" opening a sentence is not."""
    assert _warnings("Zaútočí na tvora Ve svém dosahu.") == [("preposition", 19)]
    assert _warnings("Zaútočí. Ve svém dosahu nic.") == []


def test_lint_flags_a_percent_noun_without_a_space():
    """ "o 15%," and "1k10% ze" are nouns; "50% šance" is the adjective."""
    assert _warnings("Budete mimo cíl o 15%, tedy 18 mil.") == [("percent", 19)]
    assert _warnings("Je 1k10% ze vzdálenosti.") == [("percent", 19)]
    assert _warnings("Je 50% šance, že zhasnou.") == []


def test_each_line_with_a_finding_is_named_by_its_own_number():
    """Findings on several lines of one paragraph list keep their lines, in order."""
    assert _warnings("Zasáhne tvora Ve tmě.\n\nPak ubere o 15%\n\nA nic víc.") == [
        ("preposition", 19),
        ("percent", 21),
    ]


def test_a_percent_noun_ending_its_line_is_flagged():
    """ "o 15%" at a line's end is a noun; the next line's first word does not excuse it."""
    assert _warnings("Ubere o 15%\n\nšance je malá.") == [("percent", 19)]


def test_each_finding_says_in_czech_what_is_wrong_and_quotes_the_text():
    """A warning names file and line, says in Czech what to write instead, quotes the line."""
    compendium = parse_compendium(_spell("Zaútočí na tvora Ve svém dosahu."), "x.txt")
    (warning,) = [p for p in compendium.problems if p.severity == "warning"]
    assert str(warning) == (
        "x.txt:19: varování: předložka: velká předložka 'Ve' po slově s malým písmenem; "
        "čekáno 've' [Zaútočí na tvora Ve svém dosahu.]"
    )
