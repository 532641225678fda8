"""The `cards` command line: exit codes, messages, outputs."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner

from cards.cli import main
from cards.messages import say


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def run(runner: CliRunner, *args: str, input: str | None = None):
    return runner.invoke(main, list(args), input=input, catch_exceptions=False)


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(path).pages)


def test_every_command_and_option_has_help(runner):
    """Every subcommand and every option carries help text."""
    assert run(runner, "--help").exit_code == 0
    for name, command in main.commands.items():
        assert command.help, f"{name} has no help"
        result = run(runner, name, "--help")
        assert result.exit_code == 0
        for param in command.params:
            if param.param_type_name == "option":
                assert param.help, f"{name} {param.opts} has no help"


def test_version(runner):
    """--version prints the program name and version in Czech ("cards, verze X.Y")."""
    result = run(runner, "--version")
    assert result.exit_code == 0
    assert result.output.startswith("cards, verze ")


def test_list_counts_all_spells(runner):
    """`cards list --json` gives all 492 records with the agreed keys."""
    result = run(runner, "list", "--json")
    assert result.exit_code == 0
    records = json.loads(result.output)
    assert len(records) == 492
    assert list(records[0])[:5] == ["name", "name_en", "sources", "school", "level"]


def test_list_filters_english_class_and_level_range(runner):
    """Filters accept English class names and level ranges."""
    result = run(runner, "list", "--class", "wizard", "--level", "1-3", "--json")
    records = json.loads(result.output)
    assert records and all(1 <= r["level"] <= 3 for r in records)
    assert all("Kouzelník" in r["classes"] for r in records)


def test_unknown_class_lists_classes(runner):
    """An unknown class exits 2 (a usage error, like click's bad choices) and names the classes."""
    result = run(runner, "class", "necromancer")
    assert result.exit_code == 2
    assert "Chyba:" in result.output
    assert "Kouzelník" in result.output


def test_bad_level_is_an_error(runner):
    """A level outside 0-9 exits 2 (usage) with a message, without a traceback."""
    result = run(runner, "list", "--level", "12")
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert "12" in result.output


def test_unknown_option_is_a_usage_error(runner):
    """Usage errors exit 2."""
    result = run(runner, "compendium", "--sheet", "a3")
    assert result.exit_code == 2


def test_bad_back_offset_is_a_usage_error(runner):
    """--back-offset needs two numbers; anything else is a usage error."""
    result = run(runner, "compendium", "--back-offset", "1")
    assert result.exit_code == 2
    assert "X,Y" in result.output


def test_show_prints_fields(runner):
    """`cards show` finds a spell without diacritics and prints its fields."""
    result = run(runner, "show", "aura vitality")
    assert result.exit_code == 0
    assert 'name: "Aura vitality"' in result.output
    assert 'school: "Zaklínání"' in result.output


def test_show_ambiguous_name_lists_sources(runner):
    """A Czech name found in two books lists both candidates and exits 1."""
    records = json.loads(run(runner, "list", "--json").output)
    names = [r["name"] for r in records]
    twin = next(name for name in names if names.count(name) > 1)
    result = run(runner, "show", twin)
    assert result.exit_code == 1
    assert "Příručka hráče" in result.output and "Jeskyně a draci" in result.output


def test_lint_shipped_data_has_no_errors(runner):
    """The embedded compendium lints with no errors."""
    result = run(runner, "lint")
    assert result.exit_code == 0
    assert "0 chyb" in result.output


def test_lint_bad_file_exits_1_with_file_and_line(runner, tmp_path):
    """A compendium with an unknown school is reported with file:line and exit 1."""
    bad = tmp_path / "bad.txt"
    bad.write_text(
        "Ohnivá střela\n\nFire bolt\n\nPříručka hráče\n\nKouzlení trik\n\n"
        "Vyvolání: 1 akce\n\nDosah: 24 sáhů\n\nSložky: V, P\n\nTrvání: Ihned\n\n"
        "Povolání: Čaroděj\n\nText.\n",
        encoding="utf-8",
    )
    result = run(runner, "lint", "--data", str(bad))
    assert result.exit_code == 1
    assert f"{bad}:7" in result.output


def test_bad_data_file_for_build_exits_1_and_writes_nothing(runner, tmp_path):
    """A broken --data file gives a message naming the file, exit 1 and no PDF."""
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\x00\x01\x02binary")
    out = tmp_path / "x.pdf"
    result = run(runner, "compendium", "--data", str(bad), "-o", str(out))
    assert result.exit_code == 1
    assert str(bad) in result.output
    assert not out.exists()


def test_class_deck_writes_pdf_and_summary(runner, tmp_path):
    """`cards class` writes the deck and prints cards, sheets and the path."""
    out = tmp_path / "sub" / "paladin.pdf"
    result = run(runner, "class", "paladin", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert out.exists()
    assert "48 kouzel," in result.output
    assert str(out) in result.output
    assert len(pypdf.PdfReader(out).pages) >= 48 // 9


def test_summary_uses_czech_plurals(runner, tmp_path):
    """The summary counts in Czech: 1 kouzlo, 2-4 kouzla, 5 and more kouzel."""
    out = tmp_path / "one.pdf"
    result = run(runner, "deck", "-", "--sheet", "none", "-o", str(out), input="Blesk\n")
    assert result.output.startswith("1 kouzlo, 1 karta, 1 strana -> ")
    result = run(runner, "deck", "-", "-o", str(out), input="Blesk\nŠtít\n")
    assert result.output.startswith("2 kouzla, 2 karty, 1 arch -> ")


@pytest.mark.slow
def test_progress_bar_on_a_terminal_only(runner, tmp_path, monkeypatch):
    """A long build shows progress on a terminal's stderr; not with -q, not into a pipe."""
    out = tmp_path / "all.pdf"
    result = run(runner, "compendium", "-o", str(out))
    assert "Sázím karty" not in result.stderr
    monkeypatch.setattr("cards.cli.common.stderr_is_terminal", lambda: True)
    result = run(runner, "compendium", "-o", str(out))
    assert "Sázím karty" in result.stderr
    assert "Sázím karty" not in result.stdout
    result = run(runner, "compendium", "-q", "-o", str(out))
    assert result.stderr == "" and result.stdout == ""


@pytest.mark.slow
def test_fit_report_agrees_with_the_pdf(runner, tmp_path):
    """fit-report's card counts per spell match the pages of the built deck; --csv writes them."""
    csv_path = tmp_path / "fit.csv"
    result = run(runner, "fit-report", "--class", "paladin", "--csv", str(csv_path))
    assert result.exit_code == 0
    assert "Kouzel: 48" in result.output
    rows = csv_path.read_text(encoding="utf-8").splitlines()[1:]
    assert len(rows) == 48
    total = sum(int(row.rsplit(",", 3)[1]) for row in rows)
    assert f"karet celkem: {total}" in result.output
    out = tmp_path / "paladin.pdf"
    run(runner, "compendium", "--class", "paladin", "--sheet", "none", "-o", str(out))
    assert len(pypdf.PdfReader(out).pages) == total


def test_layouts_lists_card_layouts_with_sizes(runner):
    """`cards layouts` names each card layout with its description, and no sheet files."""
    result = run(runner, "layouts")
    assert result.exit_code == 0
    names = [line.split()[0] for line in result.output.splitlines()]
    assert names == ["bridge", "ink-saver", "large-print", "mini", "poker", "tarot"]
    assert "63 × 88 mm" in result.output


def test_class_default_output_is_out_dir(runner, tmp_path, monkeypatch):
    """Without -o the deck goes to out/<class>.pdf, creating out/; a filtered one says so."""
    monkeypatch.chdir(tmp_path)
    result = run(runner, "class", "Hraničář", "-q")
    assert (result.exit_code, result.output) == (0, "")
    assert os.listdir(tmp_path / "out") == ["hranicar.pdf"]
    result = run(runner, "class", "wizard", "--level", "0-3", "--source", "phb", "-q")
    assert (result.exit_code, result.output) == (0, "")
    assert sorted(os.listdir(tmp_path / "out")) == ["hranicar.pdf", "kouzelnik-0-3-phb.pdf"]


def test_deck_from_stdin_in_file_order(runner, tmp_path):
    """A prepared list from stdin keeps the file's order."""
    out = tmp_path / "deck.pdf"
    result = run(
        runner,
        "deck",
        "-",
        "-o",
        str(out),
        "--sheet",
        "none",
        input="# dnes\nmagic missile\n\n  AURA VITALITY \n",
    )
    assert result.exit_code == 0, result.output
    text = pdf_text(out)
    assert text.index("Magická střela") < text.index("Aura vitality")


def test_deck_unknown_names_exit_1_and_no_pdf(runner, tmp_path):
    """Unknown names are all listed with suggestions, exit 1, and no PDF is written."""
    deck = tmp_path / "deck.txt"
    deck.write_text("Magicka strela\nOhniva kulka\nBlsk\n", encoding="utf-8")
    out = tmp_path / "deck.pdf"
    result = run(runner, "deck", str(deck), "-o", str(out))
    assert result.exit_code == 1
    assert "Ohniva kulka" in result.output and "Blsk" in result.output
    assert "Blesk" in result.output
    assert not out.exists()


def test_empty_selection_exits_1(runner, tmp_path):
    """A filter that matches nothing is an error, not an empty PDF."""
    out = tmp_path / "x.pdf"
    result = run(runner, "compendium", "--class", "paladin", "--level", "9", "-o", str(out))
    assert result.exit_code == 1
    assert say("no_spells") in result.output
    assert not out.exists()


def test_unwritable_output_exits_1(runner, tmp_path):
    """An output path that cannot be written gives a message and exit 1."""
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = run(runner, "class", "paladin", "-o", str(blocker / "deck.pdf"))
    assert result.exit_code == 1
    assert "Traceback" not in result.output


def test_failed_build_keeps_earlier_good_file(runner, tmp_path):
    """An error during a build leaves the previous PDF untouched."""
    out = tmp_path / "deck.pdf"
    out.write_bytes(b"%PDF-earlier good file")
    layout = tmp_path / "broken.toml"
    layout.write_text('kind = "card"\n[card]\nwidth_mm = "wide"\n', encoding="utf-8")
    result = run(runner, "class", "paladin", "--layout", str(layout), "-o", str(out))
    assert result.exit_code == 1
    assert out.read_bytes() == b"%PDF-earlier good file"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.toml", "deck.pdf"]


def test_bad_layout_file_names_file(runner, tmp_path):
    """A layout file with a bad value names the file in the message."""
    layout = tmp_path / "broken.toml"
    layout.write_text('kind = "card"\n[card]\nwidth_mm = "wide"\n', encoding="utf-8")
    result = run(runner, "class", "paladin", "--layout", str(layout), "-o", str(tmp_path / "x.pdf"))
    assert result.exit_code == 1
    assert "broken.toml" in result.output


@pytest.mark.slow
def test_compendium_index_lists_sheets(runner, tmp_path):
    """--index puts a table of spells and sheet numbers in front of the cards."""
    out = tmp_path / "c.pdf"
    result = run(runner, "compendium", "--class", "paladin", "--index", "-o", str(out), "-q")
    assert result.exit_code == 0
    first = pypdf.PdfReader(out).pages[0].extract_text()
    assert "rejstřík" in first and "Arch" in first


def test_print_shop_gives_single_cards_with_bleed(runner, tmp_path):
    """--print-shop writes single-card pages with a 3 mm bleed box."""
    out = tmp_path / "shop.pdf"
    result = run(runner, "class", "paladin", "--level", "1", "--print-shop", "-o", str(out))
    assert result.exit_code == 0
    page = pypdf.PdfReader(out).pages[0]
    width = float(page.mediabox.width)
    trim = float(page.trimbox.width)
    assert width - trim == pytest.approx(2 * 3 * 72 / 25.4, abs=0.01)


def test_calibrate_writes_two_pages(runner, tmp_path):
    """`cards calibrate` writes a two-page calibration sheet."""
    out = tmp_path / "cal.pdf"
    result = run(runner, "calibrate", "-o", str(out))
    assert result.exit_code == 0
    assert len(pypdf.PdfReader(out).pages) == 2


def test_preview_writes_png(runner, tmp_path):
    """`cards preview` writes PNG files for a spell."""
    out = tmp_path / "p.png"
    result = run(runner, "preview", "Blesk", "-o", str(out), "--dpi", "72")
    assert result.exit_code == 0
    paths = [Path(line) for line in result.output.split()]
    assert paths and all(p.exists() and p.read_bytes()[:4] == b"\x89PNG" for p in paths)


def test_python_dash_m_runs(tmp_path):
    """`python -m cards --help` works like the console script."""
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-m", "cards", "--help"],
        capture_output=True,
        text=True,
        env={**os.environ},
    )
    assert result.returncode == 0
    assert "compendium" in result.stdout


# Czech alphabet for the order test, written independently of cards.select: "ch" is a letter
# after "h"; č, ř, š, ž follow c, r, s, z; other accents (á, é, ě, í, ó, ú, ů, ý, ď, ť, ň) sort
# as their base letter.
PRIMARY = "a b c č d e f g h ch i j k l m n o p q r ř s š t u v w x y z ž".split()
BASE = str.maketrans("áéěíóúůýďťň", "aeeiouuydtn")


def czech_order(name: str) -> tuple[int, ...]:
    """Primary Czech collation key of a name; spaces and punctuation come first."""
    text = name.lower().translate(BASE)
    key, i = [], 0
    while i < len(text):
        if text.startswith("ch", i):
            key.append(PRIMARY.index("ch") + 1)
            i += 2
            continue
        key.append(PRIMARY.index(text[i]) + 1 if text[i] in PRIMARY else 0)
        i += 1
    return tuple(key)


@pytest.mark.slow
def test_wizard_deck_has_all_315_spells_in_czech_order(runner, tmp_path):
    """The Kouzelník deck holds all 315 wizard spells, by level, then Czech alphabetical order."""
    records = json.loads(run(runner, "list", "--class", "Kouzelník", "--json").output)
    assert len(records) == 315
    expected = sorted(records, key=lambda r: (r["level"], czech_order(r["name"])))
    out = tmp_path / "wizard.pdf"
    assert run(runner, "class", "kouzelnik", "--sheet", "none", "-o", str(out)).exit_code == 0
    cards = [card_title(page) for page in pypdf.PdfReader(out).pages]
    names = [name for name, part in cards if part in ("", "1")]  # first cards only
    assert names == [r["name"] for r in expected]


def card_title(page) -> tuple[str, str]:
    """Read a card's name and part ("" on a single card): the topmost lines of the title size.

    The level's numeral in its disc sits beside the name at a size of its own: it is left out.
    """
    fragments = []
    part = ""

    def visit(text, cm, tm, font, size):
        nonlocal part
        if number := re.fullmatch(r"(\d+)/\d+", text.strip()):
            part = number[1]
        elif text.strip() and not re.fullmatch(r"\d|trik", text.strip()):  # not the level disc
            fragments.append((-(cm[5] + tm[5] * cm[3]), size * tm[3] * cm[3], text))

    page.extract_text(visitor_text=visit)
    fragments.sort(key=lambda fragment: fragment[0])
    title_size = fragments[0][1]
    lines = []
    for _, size, text in fragments:
        if size != title_size:
            break
        lines.append(text.strip())
    # A long name may be hyphenated over two title lines: join it back.
    return " ".join(lines).replace("- ", ""), part


def test_deck_ambiguous_name_asks_for_source(runner, tmp_path):
    """A name found in two books asks the user to choose, naming both; --source settles it."""
    records = json.loads(run(runner, "list", "--json").output)
    names = [r["name"] for r in records]
    twin = next(name for name in names if names.count(name) > 1)
    deck = tmp_path / "deck.txt"
    deck.write_text(f"{twin}\n", encoding="utf-8")
    out = tmp_path / "deck.pdf"
    result = run(runner, "deck", str(deck), "-o", str(out))
    assert result.exit_code == 1
    assert f"{twin} (Příručka hráče)" in result.output
    assert f"{twin} (Jeskyně a draci)" in result.output
    assert not out.exists()
    result = run(runner, "deck", str(deck), "--source", "phb", "-o", str(out))
    assert result.exit_code == 0
    assert out.exists()


def test_deck_file_in_other_encoding(runner, tmp_path):
    """A deck file that is not UTF-8 gets a message naming the file, exit 1."""
    deck = tmp_path / "deck.txt"
    deck.write_bytes("Magická střela\n".encode("cp1250"))
    result = run(runner, "deck", str(deck), "-o", str(tmp_path / "d.pdf"))
    assert result.exit_code == 1
    assert str(deck) in result.output and "UTF-8" in result.output
