"""Every command-line option changes what it should: each test fails when the CLI drops it.

Checked the way the gap was found: each option was dropped from cards/cli in turn (the value
replaced by its default), the suite run, a failure seen, the option restored (see
docs in the issue note for the list).
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner
from PIL import Image
from reportlab.lib.units import mm

from cards.cli import main
from cards.select import czech_key
from tests.support.pdfread import open_pdf

DECK_TITLE = "Kouzla: Paladin"  # printed on the back of every card of the paladin deck


@pytest.fixture(scope="module")
def runner() -> CliRunner:
    return CliRunner()


def run(runner: CliRunner, *args: str, input: str | None = None):
    result = runner.invoke(main, list(args), input=input, catch_exceptions=False)
    return result


def build(runner, tmp_path: Path, *args: str, name: str = "x.pdf") -> Path:
    """Build a deck with the options given and return the PDF's path."""
    out = tmp_path / name
    result = run(runner, *args, "-q", "-o", str(out))
    assert result.exit_code == 0, result.output
    return out


def paladin_1(runner, tmp_path, *options: str, name: str = "x.pdf") -> Path:
    """The 16 paladin spells of level 1, with the options given."""
    return build(runner, tmp_path, "class", "paladin", "--level", "1", *options, name=name)


def words(path: Path, page: int) -> list[tuple[str, float, float]]:
    """The words of one page with their position (x0, top), rounded to 0.01 pt."""
    with open_pdf(path) as pdf:
        found = pdf.pages[page].extract_words()
    return [(w["text"], round(w["x0"], 2), round(w["top"], 2)) for w in found]


def page_texts(path: Path) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(path).pages]


def listed(runner, *args: str) -> list[dict]:
    result = run(runner, "list", "--json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def summary_count(output: str) -> int:
    """The spell count of a build's summary line ("16 kouzel, 17 karet, ...")."""
    return int(output.split()[0])


# --- printing options --------------------------------------------------------------------


@pytest.mark.slow
def test_backs_add_a_page_of_backs_after_each_sheet(runner, tmp_path):
    """--backs: fronts, backs, fronts, backs; a back shows the level's medallion, no stats."""
    plain = page_texts(paladin_1(runner, tmp_path, name="plain.pdf"))
    backs = page_texts(paladin_1(runner, tmp_path, "--backs", name="backs.pdf"))
    assert len(backs) == 2 * len(plain) == 4
    assert [_is_back(text) for text in backs] == [False, True, False, True]
    assert not any(_is_back(text) for text in plain)
    # A sheet's margin names the deck once on the fronts.
    assert [text.count(DECK_TITLE) for text in backs] == [1, 0, 1, 0]


def _is_back(text: str) -> bool:
    """A page of backs: medallions ("úroveň", "trik") and no stat grid."""
    return "VYVOLÁNÍ" not in text and text.count("úroveň") + text.count("trik") > 1


@pytest.mark.slow
def test_duplex_short_turns_the_backs_the_other_way(runner, tmp_path):
    """--duplex short places the backs of a part-filled sheet elsewhere than long does."""
    default = paladin_1(runner, tmp_path, "--backs", name="default.pdf")
    long = paladin_1(runner, tmp_path, "--backs", "--duplex", "long", name="long.pdf")
    short = paladin_1(runner, tmp_path, "--backs", "--duplex", "short", name="short.pdf")
    assert words(default, 3) == words(long, 3)
    assert {(x, top) for _, x, top in words(short, 3)} != {(x, top) for _, x, top in words(long, 3)}
    assert words(short, 0) == words(long, 0)  # fronts are the same


@pytest.mark.slow
def test_back_offset_moves_every_back_by_the_offset(runner, tmp_path):
    """--back-offset 2,1 moves each word of the backs by 2 mm across and 1 mm up or down."""
    plain = words(paladin_1(runner, tmp_path, "--backs", name="plain.pdf"), 1)
    moved = words(paladin_1(runner, tmp_path, "--backs", "--back-offset", "2,1", name="o.pdf"), 1)
    assert len(plain) == len(moved) > 9
    for (text, x, top), (text2, x2, top2) in zip(plain, moved, strict=True):
        assert text == text2
        assert abs(x2 - x) == pytest.approx(2 * mm, abs=0.05)
        assert abs(top2 - top) == pytest.approx(1 * mm, abs=0.05)
    fronts = paladin_1(runner, tmp_path, "--backs", "--back-offset", "2,1", name="o2.pdf")
    assert words(fronts, 0) == words(paladin_1(runner, tmp_path, "--backs", name="p2.pdf"), 0)


@pytest.mark.slow
def test_fold_puts_fronts_and_backs_on_one_page(runner, tmp_path):
    """--fold: fronts and their backs side by side on each page, with no separate back pages."""
    folded = page_texts(paladin_1(runner, tmp_path, "--fold", name="fold.pdf"))
    plain = page_texts(paladin_1(runner, tmp_path, name="plain.pdf"))
    assert len(folded) > len(plain)
    assert all("VYVOLÁNÍ" in text and text.count("úroveň") > 1 for text in folded)
    assert all("Paladin" in text.replace(DECK_TITLE, "") for text in folded)


@pytest.mark.parametrize(("sheet", "size"), [("a4", (595.28, 841.89)), ("letter", (612, 792))])
def test_sheet_sets_the_paper(runner, tmp_path, sheet, size):
    """--sheet letter gives US Letter pages, a4 A4 pages."""
    page = pypdf.PdfReader(paladin_1(runner, tmp_path, "--sheet", sheet)).pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(
        size, abs=0.01
    )


def test_sheet_none_gives_one_card_per_page(runner, tmp_path):
    """--sheet none: one page per card, trimmed at the card's size."""
    out = tmp_path / "x.pdf"
    result = run(runner, "class", "paladin", "--level", "1", "--sheet", "none", "-o", str(out))
    assert result.output == f"16 kouzel, 18 karet, 18 stran -> {out}\n"
    pages = pypdf.PdfReader(out).pages
    assert len(pages) == 18
    width, height = float(pages[0].trimbox.width), float(pages[0].trimbox.height)
    assert (width, height) == pytest.approx((63 * mm, 88 * mm), abs=0.01)


def test_bleed_grows_each_single_card_page(runner, tmp_path):
    """--bleed 2 with --sheet none adds 2 mm on each side of the card."""
    page = pypdf.PdfReader(paladin_1(runner, tmp_path, "--sheet", "none", "--bleed", "2")).pages[0]
    assert float(page.mediabox.width) == pytest.approx(67 * mm, abs=0.01)
    assert float(page.trimbox.width) == pytest.approx(63 * mm, abs=0.01)


def test_print_shop_bleed_can_be_changed(runner, tmp_path):
    """--print-shop gives 3 mm bleed, unless --bleed says otherwise."""
    shop = pypdf.PdfReader(paladin_1(runner, tmp_path, "--print-shop", name="a.pdf")).pages[0]
    assert float(shop.mediabox.width) == pytest.approx(69 * mm, abs=0.01)
    one = pypdf.PdfReader(paladin_1(runner, tmp_path, "--print-shop", "--bleed", "1")).pages[0]
    assert float(one.mediabox.width) == pytest.approx(65 * mm, abs=0.01)


@pytest.mark.parametrize(("layout", "width"), [("bridge", 56), ("mini", 44), ("tarot", 70)])
def test_layout_sets_the_card_size(runner, tmp_path, layout, width):
    """--layout bridge gives bridge-sized cards."""
    page = pypdf.PdfReader(
        paladin_1(runner, tmp_path, "--sheet", "none", "--layout", layout)
    ).pages[0]
    assert float(page.trimbox.width) == pytest.approx(width * mm, abs=0.01)


def test_quiet_prints_nothing(runner, tmp_path):
    """-q: no summary; without it one summary line."""
    out = tmp_path / "x.pdf"
    assert run(runner, "class", "paladin", "--level", "1", "-q", "-o", str(out)).output == ""
    loud = run(runner, "class", "paladin", "--level", "1", "-o", str(out)).output
    assert loud == f"16 kouzel, 18 karet, 2 archy -> {out}\n"


@pytest.mark.slow
def test_data_takes_another_compendium(runner, tmp_path):
    """--data: the deck comes from the file given, not the embedded compendium."""
    one = tmp_path / "k.txt"
    one.write_text(
        "Zhoj zranění\n\nCure wounds\n\nPříručka hráče\n\nZaklínání 1. úrovně\n\n"
        "Vyvolání: 1 akce\n\nDosah: Dotek\n\nSložky: V, P\n\nTrvání: Ihned\n\n"
        "Povolání: Paladin\n\nVlastní text karty.\n",
        encoding="utf-8",
    )
    out = tmp_path / "x.pdf"
    result = run(runner, "class", "paladin", "--data", str(one), "-o", str(out))
    assert result.output.startswith("1 kouzlo, 1 karta, 1 arch")
    assert "Vlastní text karty." in page_texts(out)[0]
    assert [r["name"] for r in listed(runner, "--data", str(one))] == ["Zhoj zranění"]
    shown = run(runner, "show", "cure wounds", "--data", str(one)).output
    assert "Vlastní text karty." in shown
    report = run(runner, "fit-report", "--data", str(one)).output
    assert "Kouzel: 1, karet celkem: 1" in report
    own, embedded = tmp_path / "own.png", tmp_path / "embedded.png"
    assert run(runner, "preview", "cure wounds", "--data", str(one), "-o", str(own)).exit_code == 0
    assert run(runner, "preview", "cure wounds", "-o", str(embedded)).exit_code == 0
    assert own.read_bytes() != embedded.read_bytes()
    assert run(runner, "lint", "--data", str(one)).output.endswith(f"0 chyb, 0 varování v {one}\n")


# --- what gets printed, in which order ---------------------------------------------------


def titles(path: Path) -> list[str]:
    """The title (first line) of each single-card page; a spell's later parts ("2/3") skipped."""
    found = []
    for text in page_texts(path):
        lines = text.splitlines()
        part = re.fullmatch(r"(\d+)/\d+", lines[-1])
        if part is None or part.group(1) == "1":
            found.append(lines[0])
    return found


@pytest.mark.slow
def test_class_level_and_source_filter_the_deck(runner, tmp_path):
    """class --level and --source print exactly the spells `list` selects with them."""
    cases = [("--level", "1"), ("--level", "2-3"), ("--source", "jad"), ("--source", "xge")]
    for option, value in cases:
        out = build(runner, tmp_path, "class", "paladin", option, value, "--sheet", "none")
        wanted = listed(runner, "--class", "paladin", option, value)
        assert titles(out) == [r["name"] for r in wanted], (option, value)
        assert 0 < len(wanted) < 48


@pytest.mark.slow
def test_compendium_sort_orders_the_cards(runner, tmp_path):
    """compendium --sort name prints by Czech name; the default by level, then name."""
    args = ("compendium", "--class", "paladin", "--level", "1-2", "--sheet", "none")
    by_name = titles(build(runner, tmp_path, *args, "--sort", "name", name="n.pdf"))
    by_level = titles(build(runner, tmp_path, *args, name="l.pdf"))
    assert by_name == sorted(by_name, key=czech_key)
    assert by_level != by_name and sorted(by_level) == sorted(by_name)
    levels = {r["name"]: r["level"] for r in listed(runner, "--class", "paladin")}
    assert [levels[t] for t in by_level] == sorted(levels[t] for t in by_level)


@pytest.mark.slow
def test_compendium_filters(runner, tmp_path):
    """compendium --school, --source, --ritual, --concentration print what list selects."""
    for options in (
        ("--school", "vestenu"),
        ("--school", "divination"),
        ("--source", "scag"),
        ("--ritual",),
        ("--no-concentration", "--level", "9"),
        ("--concentration", "--level", "8"),
    ):
        if options == ("--school", "vestenu"):
            assert run(runner, "compendium", *options).exit_code == 2  # unknown school: usage
            continue
        out = build(runner, tmp_path, "compendium", *options, "--sheet", "none")
        assert titles(out) == [r["name"] for r in listed(runner, *options)]


def test_list_filters_and_sort(runner):
    """list --school/--source/--ritual/--concentration select; --sort orders."""
    everything = listed(runner)
    assert len(everything) == 492
    assert {r["school"] for r in listed(runner, "--school", "iluze")} == {"Iluze"}
    scag = listed(runner, "--source", "scag")
    assert scag and all("Dobrodruhův průvodce mečovým prostředím" in r["sources"] for r in scag)
    assert all(r["ritual"] for r in listed(runner, "--ritual"))
    assert not any(r["ritual"] for r in listed(runner, "--no-ritual"))
    assert all(r["concentration"] for r in listed(runner, "--concentration"))
    assert not any(r["concentration"] for r in listed(runner, "--no-concentration"))
    default = [(r["level"], czech_key(r["name"])) for r in everything]
    assert default == sorted(default)
    names = [r["name"] for r in listed(runner, "--sort", "name")]
    assert names == sorted(names, key=czech_key) and names != [r["name"] for r in everything]
    schools = [czech_key(r["school"]) for r in listed(runner, "--sort", "school")]
    assert schools == sorted(schools)


def test_list_table_is_sorted_too(runner):
    """The plain table of `list` follows --sort as the JSON does."""
    table = run(runner, "list", "--class", "paladin", "--sort", "name").output.splitlines()
    names = [r["name"] for r in listed(runner, "--class", "paladin", "--sort", "name")]
    assert [line[7:44].rstrip() for line in table] == names


def test_fit_report_sort_layout_and_filters(runner, tmp_path):
    """fit-report: --sort orders rows (default level, then name), --layout changes the fit."""
    rows = run(runner, "fit-report", "--class", "paladin", "--level", "1-2").output.splitlines()
    default = [r["name"] for r in listed(runner, "--class", "paladin", "--level", "1-2")]
    assert [row.split(" (")[0] for row in rows[1 : 1 + len(default)]] == default
    csv_path = tmp_path / "f.csv"
    result = run(
        runner, "fit-report", "--class", "paladin", "--sort", "name", "--csv", str(csv_path)
    )
    labels = [row[0].split(" (")[0] for row in csv.reader(io.StringIO(csv_path.read_text()))][1:]
    assert labels == sorted(labels, key=czech_key)
    assert "Kouzel: 48" in result.output
    mini = run(runner, "fit-report", "--class", "paladin", "--layout", "mini").output
    assert "Rozvržení: mini" in mini
    assert (
        mini.split("karet celkem: ")[1].split()[0]
        != result.output.split("karet celkem: ")[1].split()[0]
    )


@pytest.mark.slow
def test_deck_source_and_sort(runner, tmp_path):
    """deck --source picks the book of a twin name; --sort level reorders the list."""
    deck = tmp_path / "d.txt"
    deck.write_text("světlo\nOhnivá koule\nMagická střela\n", encoding="utf-8")
    assert run(runner, "deck", str(deck), "-o", str(tmp_path / "a.pdf")).exit_code == 1
    jad = build(runner, tmp_path, "deck", str(deck), "--source", "jad", "--sheet", "none")
    assert page_texts(jad)[1].endswith("2/2")  # Světlo of Jeskyně a draci takes two cards
    assert "JaD" in page_texts(jad)[1] and "PHB" not in page_texts(jad)[1]
    phb = build(
        runner, tmp_path, "deck", str(deck), "--source", "phb", "--sheet", "none", name="p.pdf"
    )
    assert "PHB" in page_texts(phb)[0] and "JaD" not in page_texts(phb)[0]
    assert titles(jad) == ["Světlo", "Ohnivá koule", "Magická střela"]
    by_level = build(
        runner,
        tmp_path,
        "deck",
        str(deck),
        "--source",
        "jad",
        "--sort",
        "level",
        "--sheet",
        "none",
        name="l.pdf",
    )
    assert titles(by_level) == ["Světlo", "Magická střela", "Ohnivá koule"]


# --- preview, calibrate, lint ------------------------------------------------------------


def test_preview_no_backs_dpi_and_layout(runner, tmp_path):
    """preview: --no-backs renders one row, --dpi scales the image, --layout sizes the cards."""

    def size(*options: str) -> tuple[int, int]:
        out = tmp_path / "p.png"
        result = run(runner, "preview", "blesk", "-o", str(out), *options)
        assert result.exit_code == 0
        with Image.open(out) as image:
            return image.size

    both = size("--dpi", "50")
    fronts = size("--dpi", "50", "--no-backs")
    row = (88 + 4) * mm / 72 * 50  # a card and the gap below it, in pixels
    assert fronts[0] == both[0] and both[1] - fronts[1] == pytest.approx(row, abs=2)
    double = size("--dpi", "100")
    assert double == pytest.approx((2 * both[0], 2 * both[1]), abs=2)
    mini = size("--dpi", "50", "--layout", "mini")  # 44 x 63 mm cards, more of them
    assert mini[1] < both[1] and mini[0] != both[0]


def test_calibrate_sheet_letter(runner, tmp_path):
    """calibrate --sheet letter writes Letter pages."""
    out = tmp_path / "k.pdf"
    assert run(runner, "calibrate", "--sheet", "letter", "-o", str(out)).exit_code == 0
    page = pypdf.PdfReader(out).pages[0]
    assert float(page.mediabox.width) == pytest.approx(612)


def _mono_layout(tmp_path: Path) -> Path:
    """Write poker.toml with every text font replaced by DejaVu Sans Mono (tests/fonts)."""
    mono = Path(__file__).resolve().parents[1] / "fonts" / "DejaVuSansMono.ttf"
    poker = (Path(__file__).resolve().parents[2] / "layouts" / "poker.toml").read_text(
        encoding="utf-8"
    )
    for name in ("Regular", "Bold", "Italic", "BoldItalic"):
        poker = poker.replace(f'"CharisSIL-{name}.ttf"', f'"{mono}"')
    layout = tmp_path / "mono.toml"
    layout.write_text(poker, encoding="utf-8")
    return layout


def test_lint_checks_the_fonts_of_the_layout_given(runner, tmp_path):
    """lint --layout: characters are checked against that layout's fonts, not poker's."""
    layout = _mono_layout(tmp_path)  # DejaVu Sans Mono has ♥, Charis has not
    root = Path(__file__).resolve().parents[2]
    text = (root / "data" / "kouzla.txt").read_text(encoding="utf-8")
    data = tmp_path / "k.txt"
    data.write_text(text.replace("ohnivý proud", "ohnivý ♥ proud", 1), encoding="utf-8")
    result = run(runner, "lint", "--data", str(data))
    assert result.exit_code == 1 and "chyba: písmo: písma rozvržení poker" in result.output
    result = run(runner, "lint", "--data", str(data), "--layout", str(layout))
    assert result.exit_code == 0, result.output


def test_show_json(runner):
    """show --json prints one JSON record."""
    record = json.loads(run(runner, "show", "fireball", "--json").output)
    assert record["name"] == "Ohnivá koule" and record["level"] == 3


def test_calibrate_sets_its_text_in_the_layout_fonts(runner, tmp_path):
    """calibrate --layout: the sheet's text is set in that layout's fonts."""
    layout = _mono_layout(tmp_path)
    fonts = {}
    for name, options in (("charis", ()), ("mono", ("--layout", str(layout)))):
        out = tmp_path / f"{name}.pdf"
        assert run(runner, "calibrate", "-o", str(out), *options).exit_code == 0
        with open_pdf(out) as pdf:
            fonts[name] = {c["fontname"].split("+")[-1] for c in pdf.pages[0].chars}
    assert fonts["charis"] == {"CharisSIL", "CharisSIL-Bold"} or "DejaVuSansMono" not in str(
        fonts["charis"]
    )
    assert all("DejaVuSansMono" in font for font in fonts["mono"])


def test_fit_report_continue_on_back_counts_physical_cards(runner):
    """fit-report --continue-on-back counts cards as printed: text on backs saves cards."""
    plain = run(runner, "fit-report", "--class", "paladin").output
    backs = run(runner, "fit-report", "--class", "paladin", "--continue-on-back").output
    assert "Kouzel: 48, karet celkem: 53, archů A4: 6" in plain
    assert "Kouzel: 48, karet celkem: 48 (55 stran s textem), archů A4: 6" in backs
