"""Tests for cards.report: per-spell rows, the summary, text and CSV output."""

from __future__ import annotations

import csv
import io
from dataclasses import replace

import pytest

from cards.fit import fit_spell
from cards.layout import load_layout
from cards.model import Paragraph, Spell
from cards.report import FitReport, FitRow, fit_report, format_report, write_csv
from tests.support.spells import make_spell

SENTENCE = "Vrhneš energetickou kouli na tvora, kterého vidíš v dosahu, a cíl utrpí zranění 3k8. "


def spell_of(name: str, repeat: int) -> Spell:
    """A cantrip of one book whose text is `repeat` paragraphs of four sentences."""
    blocks = tuple(Paragraph(SENTENCE * 4) for _ in range(repeat))
    cantrip = make_spell(*blocks, name=name, school="Věštění", level=0)
    return replace(cantrip, sources=("Jeskyně a draci",))


@pytest.fixture(scope="module")
def layout():
    return load_layout("poker")


@pytest.fixture(scope="module")
def report(layout):
    return fit_report([spell_of("Krátké", 1), spell_of("Dlouhé", 12)], layout)


def test_rows_follow_the_fit(report, layout):
    """Each row gives the spell's label, its cards and body size as fit_spell sets them."""
    short, long = report.rows
    assert short.label == "Krátké (Jeskyně a draci)"
    faces = fit_spell(spell_of("Dlouhé", 12), layout)
    assert (long.cards, long.body_size) == (len(faces), faces[0].body_size)
    (face,) = fit_spell(spell_of("Krátké", 1), layout)
    assert (short.cards, short.body_size) == (1, face.body_size)
    assert short.body_size >= 10.0  # a short spell takes one of the large steps
    assert long.cards == long.min_cards


def test_summary(report):
    """The summary counts all cards, spells per card count and the smallest size."""
    short, long = report.rows
    assert report.cards == 1 + long.cards
    assert report.spells_by_cards == {1: 1, long.cards: 1}
    assert report.smallest_size == long.body_size


def test_format_report_in_czech():
    """The text report lists the spells and a Czech summary with correct plurals."""
    rows = (
        FitRow("A (PHB)", 1, 8.5, 1),
        FitRow("B (PHB)", 2, 7.25, 2),
        FitRow("C (PHB)", 2, 6.5, 2),
    )
    text = format_report(FitReport("poker", 6.5, 8.5, rows))
    assert "A (PHB)      1         8.5" in text
    assert "Kouzel: 3, karet celkem: 5" in text
    assert "  1 karta: 1 kouzlo" in text
    assert "  2 karty: 2 kouzla" in text
    assert "Nejmenší písmo: 6.5 pt" in text


def test_empty_report():
    """No spells give an empty summary, not an error."""
    report = FitReport("poker", 6.5, 8.5, ())
    assert report.cards == 0 and report.smallest_size is None
    assert "Kouzel: 0, karet celkem: 0" in format_report(report)


def test_csv_has_one_row_per_spell(report):
    """The CSV file has a header and one row per spell with cards and size."""
    buffer = io.StringIO()
    write_csv(report, buffer)
    rows = list(csv.reader(io.StringIO(buffer.getvalue())))
    assert rows[0] == ["spell", "cards", "body_size_pt", "min_cards_at_min_size"]
    assert rows[1] == ["Krátké (Jeskyně a draci)", "1", "10.0", "1"]
    assert len(rows) == 3


def test_continued_on_back_counts_physical_cards_and_sheets(layout):
    """With text on the backs a spell of n parts takes (n + 1) // 2 cards; sheets follow."""
    spells = [spell_of("Krátké", 1), spell_of("Dlouhé", 12), spell_of("Delší", 20)]
    plain = fit_report(spells, layout)
    backs = fit_report(spells, layout, continue_on_back=True)
    parts = [row.cards for row in plain.rows]
    assert max(parts) >= 3
    assert [row.cards for row in backs.rows] == [(n + 1) // 2 for n in parts]
    assert backs.faces == plain.cards == sum(parts)
    text = format_report(backs)
    assert f"karet celkem: {backs.cards} ({plain.cards} stran s textem), archů A4: 1" in text
    assert f"karet celkem: {plain.cards}, archů A4: 2" in format_report(plain)
