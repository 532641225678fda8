"""Homebrew books are books like the others: a spell that shares a compendium name is chosen by
"Name (Its book)", --source takes a homebrew book; a deck of many unknown names stops early."""

from __future__ import annotations

import time

from click.testing import CliRunner

from cards.cli import main

SPELL = """Ohnivá koule

Fireball

Kouzla naší družiny

Zaklínání 3. úrovně

Vyvolání: 1 akce

Dosah: 30 sáhů

Složky: V, P

Trvání: okamžité

Povolání: Čaroděj, Kouzelník

Naše ohnivá koule hřeje víc než ta z knihy, ale jen trochu.
"""
BOOK = "Kouzla naší družiny"


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_a_homebrew_twin_is_selected_by_its_book(tmp_path):
    """ "Ohnivá koule (Kouzla naší družiny)" picks the homebrew spell, not an error."""
    path = tmp_path / "druzina.txt"
    path.write_text(SPELL, encoding="utf-8")
    result = run("show", f"Ohnivá koule ({BOOK})", "--add", str(path))
    assert result.exit_code == 0, result.output
    assert "Naše ohnivá koule" in result.output
    deck = tmp_path / "seznam.txt"
    deck.write_text(f"Ohnivá koule ({BOOK})\n", encoding="utf-8")
    result = run("deck", str(deck), "--add", str(path), "-o", str(tmp_path / "a.pdf"))
    assert result.exit_code == 0, result.output


def test_source_takes_a_homebrew_book(tmp_path):
    """--source "Kouzla naší družiny" (any case, diacritics optional) prints only one's own."""
    path = tmp_path / "druzina.txt"
    path.write_text(SPELL, encoding="utf-8")
    result = run("list", "--source", "kouzla nasi druziny", "--add", str(path))
    assert result.exit_code == 0, result.output
    assert result.output.count("\n") == 1 and "Ohnivá koule" in result.output
    out = tmp_path / "moje.pdf"
    result = run("compendium", "--source", BOOK, "--add", str(path), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert result.output.startswith("1 kouzlo, 1 karta")


def test_many_unknown_names_stop_early_with_a_count(tmp_path):
    """1,000 unknown names: a bounded list with nearest names, then how many more; fast."""
    deck = tmp_path / "seznam.txt"
    deck.write_text("".join(f"neznámé kouzlo číslo {n}\n" for n in range(1000)), "utf-8")
    start = time.perf_counter()
    result = run("deck", str(deck), "-o", str(tmp_path / "a.pdf"))
    took = time.perf_counter() - start
    assert result.exit_code == 1
    assert result.output.count(":1") >= 1 and "seznam.txt:999:" not in result.output
    assert "dalších 980 neznámých názvů" in result.output
    assert took < 15  # 34 s before; generous for a loaded machine
