"""Every message of the spell files, the selection and lint is Czech, with file:line where a file
is at fault; an option value that is none of the choices is a usage error (exit 2), a file's
fault bad input (exit 1)."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from cards.cli import main
from cards.lint.files import lint_spells
from cards.lint.report import lint_lines
from cards.source.problems import Problem
from tests.support.spells import homebrew_text

# Words of the old English messages; none may be left in what the user reads.
ENGLISH = re.compile(
    r"\b(error|errors|warning|warnings|expected|unknown|missing|already|spell|spells|record|"
    r"nearest|line|given|twice|names|choose|level|found|cannot|the|is|not|and|of)\b"
)

BAD_TEXT = (
    homebrew_text("Jiskřivý pozdrav")
    .replace("Povolání: Bard, Čaroděj", "Povolání: Bard, Mnich")
    .replace("Iluze 0. úrovně", "Pyromancie 3. úrovně")
    + "\n"
    + homebrew_text("Druhé kouzlo").replace("Dosah: 2 sáhy\n\n", "")
    + "\n"
    + homebrew_text("Druhé kouzlo").replace("1 akce", "1 akce\n\nVyvolání: 2 akce")
    + "\nHodíš 3k 6 a tvorovi Ve svém dosahu ubereš o 15%, tedy málo.\n"
)


def _czech_only(text: str) -> None:
    """Fail on any English word outside quoted user text, paths and JSON keys."""
    text = re.sub(r"čekán jeden z: .*", "", text)  # the JSON keys a record may have
    text = re.sub(
        r"'[^']*'|\"[^\"]*\"|\[[^\]]*\]|\S*/\S*|\b[a-z_]+(\[\d+\])?(\.[a-z_]+)*:", "", text
    )
    text = re.sub(r"\([A-Z -]+\)", "", text)  # Unicode character names
    found = ENGLISH.findall(text.casefold())
    assert not found, (found, text)


def test_lint_of_a_text_file_speaks_czech_with_file_and_line(tmp_path):
    """An unknown class and school, a missing field, a field twice, dice with a space, a capital
    preposition, a percent noun: each named at its line, in Czech."""
    path = tmp_path / "moje.txt"
    path.write_text(BAD_TEXT, encoding="utf-8")
    result = CliRunner().invoke(main, ["lint", "--add", str(path)])
    assert result.exit_code == 1
    mine = [line for line in result.output.splitlines() if str(path) + ":" in line]
    kinds = [
        "povolání: neznámé povolání 'Mnich'",
        "škola: neznámá škola 'Pyromancie'",
        "chybí údaj: chybí Dosah:",
        'údaj: "Vyvolání:" je uvedeno dvakrát',
        "kostky: mezera uvnitř hodu kostkou",
        "předložka: velká předložka 'Ve'",
        "procenta: procento jako podstatné jméno",
    ]
    for kind in kinds:
        assert any(
            re.search(rf"{re.escape(str(path))}:\d+: (chyba|varování): {re.escape(kind)}", line)
            for line in mine
        ), kind
    assert result.output.splitlines()[0].startswith("Chyby (")
    assert re.search(r"^\d+ chyb[y]?, \d+ varování v ", result.output.splitlines()[-1])
    _czech_only(result.output)


def test_a_bad_json_record_speaks_czech(tmp_path):
    """Schema and content faults of a JSON record: the key, what was expected, what was given."""
    record = {
        "name": "Mrazivý polibek",
        "level": 3.5,
        "sources": ["Příručka hráče"],
        "colour": "modrá",
    }
    path = tmp_path / "moje.json"
    path.write_text(json.dumps([record], ensure_ascii=False), encoding="utf-8")
    result = CliRunner().invoke(main, ["lint", "--add", str(path)])
    assert result.exit_code == 1
    assert f"{path}:1: chyba: záznam 1 (Mrazivý polibek): school: chybí; čekáno: jedna ze škol" in (
        result.output
    )
    assert "colour: neznámý klíč; čekán jeden z: name," in result.output
    _czech_only(result.output)


def test_a_duplicate_is_named_in_czech_with_both_places(tmp_path):
    """The same spell twice in one file: "kouzlo … z knihy … už je v soubor:řádek"."""
    path = tmp_path / "dvakrat.txt"
    path.write_text(homebrew_text("Zkouška") * 2, encoding="utf-8")
    result = CliRunner().invoke(main, ["lint", "--add", str(path)])
    assert result.exit_code == 1
    assert (
        f"{path}:20: chyba: dvojí kouzlo: kouzlo 'Zkouška' z knihy Kouzla naší družiny už je v "
        f"{path}:1" in result.output
    )


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--class", "mnich"], "neznámé povolání 'mnich'; zvolte jedno z: Kouzelník (wizard)"),
        (["--school", "iluse"], "neznámá škola 'iluse' (měli jste na mysli Iluze?); zvolte jednu"),
        (["--source", "xyz"], "neznámá kniha 'xyz'; zvolte jednu z: Příručka hráče (phb)"),
        (["--level", "12"], "úroveň '12' je mimo 0-9; zadejte úroveň 0-9 nebo rozsah"),
        (["--level", "5-2"], "rozsah úrovní '5-2' je obráceně; napište 2-5"),
    ],
)
def test_a_bad_filter_value_is_a_czech_usage_error(options, message):
    """An option value that is none of the choices: a Czech message and exit 2, as click's own."""
    result = CliRunner().invoke(main, ["list", *options])
    assert result.exit_code == 2, result.output
    assert result.output == f"Chyba: {message}" + result.output.split(message, 1)[1]
    _czech_only(result.output)


def test_names_that_are_not_in_a_deck_file_are_bad_input(tmp_path):
    """Unknown and ambiguous names of a deck list: exit 1, each at its line, in Czech."""
    deck = tmp_path / "balicek.txt"
    deck.write_text("Ohnivá koule\nohniva kole\nsvetlo\nŠtít\nŠtít\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["deck", str(deck), "-o", str(tmp_path / "b.pdf")])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == f"Chyba: {deck}: 1 neznámý název kouzla a 1 název ve dvou knihách:"
    assert lines[1] == (
        f"{deck}:2: neznámé kouzlo 'ohniva kole'; nejbližší: Ohnivá koule, Ohnivá bouře, Ohnivá zeď"
    )
    assert lines[2].startswith(f"{deck}:3: 'svetlo' je název 2 kouzel; napište \"Světlo (")
    result = CliRunner().invoke(main, ["show", "xyzzy"])
    assert result.exit_code == 1 and result.output.startswith("Chyba: neznámé kouzlo 'xyzzy'")


@pytest.mark.parametrize(
    ("errors", "warnings", "summary"),
    [
        (0, 1, "0 chyb, 1 varování"),
        (1, 0, "1 chyba, 0 varování"),
        (3, 2, "3 chyby, 2 varování"),
        (5, 5, "5 chyb, 5 varování"),
    ],
)
def test_lint_summary_counts_in_czech(errors, warnings, summary):
    """The last line of lint counts with Czech plurals; the lists are headed Chyby, Varování."""
    problems = [Problem("a.txt", n + 1, "name", "x") for n in range(errors)]
    problems += [Problem("a.txt", n + 1, "name", "x", severity="warning") for n in range(warnings)]
    lines = lint_lines(problems, ["a.txt"])
    assert lines[-1] == f"{summary} v a.txt"
    assert (f"Chyby ({errors}):" in lines) == bool(errors)
    assert (f"Varování ({warnings}):" in lines) == bool(warnings)
    assert lint_lines(problems, ["a.txt"], quiet=True) == (
        [f"Chyby ({errors}):", *[f"  {p}" for p in problems[:errors]]] if errors else []
    )


def test_a_problem_reads_in_czech():
    """severity and kind in Czech: "k.txt:7: chyba: škola: …"."""
    assert str(Problem("k.txt", 7, "school", "x", "y")) == "k.txt:7: chyba: škola: x [y]"
    assert str(Problem("k.txt", 0, "file", "x", severity="warning")) == "k.txt: varování: soubor: x"


def test_the_shipped_compendium_lints_in_czech():
    """The one warning of the shipped compendium (Drobný služebník) is Czech."""
    (problem,) = lint_spells()
    assert str(problem).endswith(
        "varování: popis: Drobný služebník: před blokem statistik ('Akce') není žádný odstavec; "
        "nechybí ve zdroji popis? [Drobný služebník]"
    )
