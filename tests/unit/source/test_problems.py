"""Tests for cards.source.problems: a problem said in Czech at its file and line, and the error
of an unusable compendium showing the first few errors before warnings."""

from __future__ import annotations

from cards.source.problems import Collector, Compendium, CompendiumError, Problem, shorten


def test_a_problem_is_said_in_czech_at_its_file_and_line():
    """ "file:line: chyba: kind: message [excerpt]"; no line: the file alone; no excerpt: none."""
    problem = Problem("kouzla.txt", 12, "dice", "špatný zápis kostek", "3k")
    assert str(problem) == "kouzla.txt:12: chyba: kostky: špatný zápis kostek [3k]"
    warning = Problem("kouzla.txt", 0, "neznamy", "pozor", severity="warning")
    assert str(warning) == "kouzla.txt: varování: neznamy: pozor"


def test_a_collector_keeps_problems_in_order_with_shortened_excerpts():
    """Errors and warnings of one file, in the order found; a long excerpt cut with "…"."""
    found = Collector("druzina.txt")
    found.error(3, "dice", "a", "x" * 100)
    found.warning(5, "nbsp", "b", "a\xa0b")
    first, second = found.problems
    assert (first.file, first.line, first.severity) == ("druzina.txt", 3, "error")
    assert len(first.excerpt) == 60 and first.excerpt.endswith("…")
    assert (second.line, second.severity, second.excerpt) == (5, "warning", "a⍽b")
    assert shorten("krátký") == "krátký"


def test_a_compendiums_errors_and_warnings_are_apart():
    """Compendium.errors and .warnings split its problems by severity."""
    error = Problem("k.txt", 1, "dice", "e")
    warning = Problem("k.txt", 2, "dice", "w", severity="warning")
    compendium = Compendium("k.txt", (), (warning, error))
    assert compendium.errors == (error,) and compendium.warnings == (warning,)


def test_an_unusable_compendium_shows_its_first_five_errors_and_counts_the_rest():
    """Eight errors and a warning: the first five errors, then how many more, no warning."""
    errors = [Problem("k.txt", n, "dice", f"chyba {n}") for n in range(1, 9)]
    warning = Problem("k.txt", 20, "dice", "jen varování", severity="warning")
    message = str(CompendiumError([warning, *errors])).splitlines()
    assert message[:5] == [str(p) for p in errors[:5]]
    assert message[5] == "… a další chyby (3); všechny vypíše `cards lint`"
    assert len(message) == 6
    only_warning = str(CompendiumError([warning]))
    assert only_warning == str(warning)
    assert str(CompendiumError([])) == "soubor kouzel nelze použít"
