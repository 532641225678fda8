"""Sheets that cut clean, read back from built PDFs: gaps, bleed, marks, edges, numbers, labels."""

from __future__ import annotations

import re
import tomllib

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from reportlab.lib.units import mm

from cards.build import build_pdf
from cards.cli import main
from cards.impose import LAYOUTS, PrintOptions
from cards.layout import load_layout
from cards.messages import say
from cards.select import select_spells, sort_spells
from cards.source.library import read_compendium
from tests.support.pdfread import open_pdf
from tests.support.readback import index_rows

EDGE = 4 * mm  # nothing closer than this to the paper edge
TOLERANCE = 0.02  # points


@pytest.fixture(scope="module")
def spells():
    """Thirty spells by level: three full sheets of nine cards and a few more."""
    return sort_spells(read_compendium().spells, by="level")[:30]


def sheet_file(name: str) -> dict:
    return tomllib.loads((LAYOUTS / f"{name}.toml").read_text(encoding="utf-8"))


def expected_cards(name: str) -> list[tuple[float, float, float, float]]:
    """The coloured rectangle of every card, bleed included, computed from the sheet file."""
    data = sheet_file(name)
    grid, paper, bleed = data["grid"], data["paper"], data["print"]["bleed_mm"]
    width, height = grid["card_width_mm"], grid["card_height_mm"]
    columns, rows = grid["columns"], grid["rows"]
    column_gap, row_gap = grid["column_gap_mm"], grid["row_gap_mm"]
    left = (paper["width_mm"] - columns * width - (columns - 1) * column_gap) / 2
    bottom = (paper["height_mm"] - rows * height - (rows - 1) * row_gap) / 2
    boxes = []
    for row in range(rows):
        for column in range(columns):
            x0 = left + column * (width + column_gap)
            y0 = bottom + row * (height + row_gap)
            boxes.append(
                tuple(
                    v * mm
                    for v in (x0 - bleed, y0 - bleed, x0 + width + bleed, y0 + height + bleed)
                )
            )
    return sorted(boxes)


def card_fills(page, width: float, height: float) -> list[tuple[float, float, float, float]]:
    """Filled rectangles of a card's size with its bleed, in PDF coordinates (y up)."""
    found = []
    for rect in page.rects:
        if (
            rect["fill"]
            and abs(rect["width"] - width) < TOLERANCE
            and abs(rect["height"] - height) < TOLERANCE
        ):
            found.append(
                (rect["x0"], page.height - rect["bottom"], rect["x1"], page.height - rect["top"])
            )
    return sorted(found)


def lines_of(page) -> list[tuple[float, float, float, float]]:
    """The crop marks of a page: its black lines (the cards' own rules are coloured)."""
    return [
        (ln["x0"], page.height - ln["bottom"], ln["x1"], page.height - ln["top"])
        for ln in page.lines
        if tuple(ln["stroking_color"] or ()) == (0, 0, 0)
    ]


def assert_text_clear_of_marks(page) -> None:
    """No character of the page touches a crop mark."""
    marks = lines_of(page)
    for char in page.chars:
        x0, y0 = char["x0"], page.height - char["bottom"]
        x1, y1 = char["x1"], page.height - char["top"]
        for mx0, my0, mx1, my1 in marks:
            assert mx1 < x0 or mx0 > x1 or my1 < y0 or my0 > y1, char["text"]


@pytest.fixture(scope="module", params=["a4", "letter"])
def built(request, spells, tmp_path_factory):
    """The thirty spells built on a sheet, with backs: (sheet name, path, result)."""
    out = tmp_path_factory.mktemp(request.param) / "deck.pdf"
    result = build_pdf(
        spells, out, sheet=request.param, options=PrintOptions(backs=True), title="Kouzelník"
    )
    return request.param, out, result


@pytest.mark.slow
def test_nine_cards_per_full_sheet_with_the_files_gaps_and_bleed(built):
    """Each full sheet carries nine poker cards, their colour reaching the file's bleed."""
    name, path, result = built
    bleed = sheet_file(name)["print"]["bleed_mm"] * mm
    size = (63 * mm + 2 * bleed, 88 * mm + 2 * bleed)
    wanted = expected_cards(name)
    with open_pdf(path) as pdf:
        fronts = [page for index, page in enumerate(pdf.pages) if index % 2 == 0]
        counts = [len(card_fills(page, *size)) for page in fronts]
        first = card_fills(fronts[0], *size)
    assert counts[:-1] == [9] * (len(counts) - 1) and 0 < counts[-1] <= 9
    assert sum(counts) == result.cards
    for found, expected in zip(first, wanted, strict=True):
        assert found == pytest.approx(expected, abs=TOLERANCE)


def test_gaps_keep_neighbours_apart_by_more_than_a_miscut(built):
    """Between two cards' bleeds there is paper: a 0.5 mm miscut never shows a neighbour."""
    name, _, _ = built
    grid, bleed = sheet_file(name)["grid"], sheet_file(name)["print"]["bleed_mm"]
    for gap in (grid["column_gap_mm"], grid["row_gap_mm"]):
        assert bleed >= 0.5 and gap - bleed >= 0.5 and gap >= 2 * bleed


@pytest.mark.slow
def test_no_crop_mark_over_a_card_and_nothing_near_the_paper_edge(built):
    """No line crosses a card or its bleed; cards, marks and text keep 4 mm from the edge."""
    name, path, _ = built
    bleed = sheet_file(name)["print"]["bleed_mm"] * mm
    size = (63 * mm + 2 * bleed, 88 * mm + 2 * bleed)
    with open_pdf(path) as pdf:
        for index, page in enumerate(pdf.pages):
            cards = card_fills(page, *size)
            lines = lines_of(page)
            if index % 2 == 0:
                assert len(lines) == 24  # 12 cut lines, each marked at both ends
            for x0, y0, x1, y1 in lines:
                for cx0, cy0, cx1, cy1 in cards:
                    assert x1 <= cx0 or x0 >= cx1 or y1 <= cy0 or y0 >= cy1
            things = [*cards, *lines]
            things += [
                (c["x0"], page.height - c["bottom"], c["x1"], page.height - c["top"])
                for c in page.chars
            ]
            for x0, y0, x1, y1 in things:
                assert min(x0, y0) >= EDGE - TOLERANCE
                assert x1 <= page.width - EDGE + TOLERANCE
                assert y1 <= page.height - EDGE + TOLERANCE


@pytest.mark.slow
def test_every_sheet_prints_the_deck_and_its_number(built):
    """Each front says "Kouzelník · arch n/N" in its margin, outside every card."""
    name, path, result = built
    bleed = sheet_file(name)["print"]["bleed_mm"] * mm
    size = (63 * mm + 2 * bleed, 88 * mm + 2 * bleed)
    with open_pdf(path) as pdf:
        for index, page in enumerate(pdf.pages):
            number = index // 2 + 1
            label = f"Kouzelník · arch {number}/{result.sheets}"
            cards = card_fills(page, *size)
            outside = "".join(
                c["text"]
                for c in page.chars
                if not any(
                    x0 <= c["x0"] <= x1 and y0 <= page.height - c["bottom"] <= y1
                    for x0, y0, x1, y1 in cards
                )
            )
            assert_text_clear_of_marks(page)
            if index % 2 == 0:
                assert outside.replace(" ", "") == label.replace(" ", "")
            else:
                assert outside == ""  # backs carry no number


def test_page_labels_are_sheet_numbers(built):
    """A viewer labels the fronts 1, 2, 3... and each back "n rub"."""
    _, path, result = built
    labels = PdfReader(path).page_labels
    assert labels == [label for n in range(1, result.sheets + 1) for label in (str(n), f"{n} rub")]


@pytest.mark.slow
def test_index_points_to_the_labelled_sheet_of_each_first_card(tmp_path):
    """Each index row's sheet is the labelled page that carries that spell's first card."""
    spells = sort_spells(select_spells(read_compendium().spells, classes=("Paladin",)), by="level")
    out = tmp_path / "index.pdf"
    result = build_pdf(spells, out, index=True, title="Paladin")
    reader = PdfReader(out)
    labels = reader.page_labels
    index_count = result.pages - result.sheets
    assert labels[:index_count] == ["i", "ii", "iii", "iv"][:index_count]
    assert labels[index_count:] == [str(n) for n in range(1, result.sheets + 1)]
    by_label = {label: page for label, page in zip(labels, reader.pages, strict=True)}
    rows = index_rows(out, index_count)
    assert len(rows) == len(spells)
    names = [spell.name for spell in spells]
    for spell in spells:
        shown = spell.label if names.count(spell.name) > 1 else spell.name
        (row,) = [r for r in rows if r[0] in (shown, f"{shown} {spell.name_en}")]
        sheet = row[3]
        text = re.sub(r"\s+", "", by_label[sheet].extract_text())
        assert re.sub(r"\s+", "", spell.name) in text


# --- the command line -------------------------------------------------------------------------


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_sheet_none_is_the_true_card_size(runner, tmp_path):
    """--sheet none writes pages of exactly 63 x 88 mm, without trim or bleed beyond the card."""
    out = tmp_path / "cards.paint.pdf"
    result = runner.invoke(
        main, ["class", "paladin", "--level", "1", "--sheet", "none", "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    for page in PdfReader(out).pages:
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, 63 * mm, 88 * mm])


def test_print_shop_keeps_its_bleed_and_boxes(runner, tmp_path):
    """--print-shop: 69 x 94 mm pages, TrimBox the card, BleedBox the whole page."""
    out = tmp_path / "shop.pdf"
    result = runner.invoke(
        main, ["class", "paladin", "--level", "1", "--print-shop", "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    page = PdfReader(out).pages[0]
    assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, 69 * mm, 94 * mm])
    assert [float(v) for v in page.trimbox] == pytest.approx([3 * mm, 3 * mm, 66 * mm, 91 * mm])
    assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, 69 * mm, 94 * mm])


@pytest.mark.parametrize("sheet", ["letter", "a4"])
def test_print_shop_with_a_sheet_is_a_usage_error(runner, tmp_path, sheet):
    """--print-shop prints single cards: asking for a sheet as well is refused, nothing written."""
    out = tmp_path / "x.pdf"
    result = runner.invoke(
        main, ["class", "paladin", "--print-shop", "--sheet", sheet, "-o", str(out)]
    )
    assert result.exit_code == 2
    assert say("print_shop_sheet", sheet=sheet) in (result.output)
    assert not out.exists()


def test_sheet_file_on_the_command_line(runner, tmp_path):
    """--sheet FILE.toml imposes on the sheet the file describes: its gaps and its bleed."""
    text = (LAYOUTS / "a4.toml").read_text(encoding="utf-8")
    text = text.replace("width_mm = 210", "width_mm = 230").replace(
        "column_gap_mm = 3 ", "column_gap_mm = 6 "
    )
    text = text.replace("row_gap_mm = 4 ", "row_gap_mm = 6 ").replace(
        "bleed_mm = 1 ", "bleed_mm = 2.5 "
    )
    path = tmp_path / "wide.toml"
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "wide.pdf"
    result = runner.invoke(
        main, ["class", "paladin", "--level", "1", "--sheet", str(path), "-o", str(out), "-q"]
    )
    assert result.exit_code == 0, result.output
    with open_pdf(out) as pdf:
        page = pdf.pages[0]
        assert page.width == pytest.approx(230 * mm, abs=0.01)
        cards = card_fills(page, 68 * mm, 93 * mm)
    assert len(cards) == 9
    xs = sorted({round(c[0], 2) for c in cards})
    assert xs[1] - xs[0] == pytest.approx(69 * mm, abs=0.02)  # card + 6 mm gap


def test_bleed_too_wide_for_the_gap_points_to_a_sheet_file(runner, tmp_path):
    """--bleed wider than half the gap says which key to change and how to pass the file."""
    result = runner.invoke(
        main, ["class", "paladin", "--bleed", "2", "-o", str(tmp_path / "x.pdf")]
    )
    assert result.exit_code == 1
    assert "a4.toml: grid.column_gap_mm: mezera je 3 mm" in result.output
    assert "--sheet SOUBOR.toml" in result.output


def test_unknown_sheet_is_a_usage_error(runner):
    """An unknown sheet name lists the sheets there are."""
    result = runner.invoke(main, ["compendium", "--sheet", "a3"])
    assert result.exit_code == 2
    assert "a4, letter, none, nebo soubor archu SOUBOR.toml" in result.output


@pytest.mark.slow
def test_layout_of_other_sizes_keeps_clear_of_the_edge(tmp_path):
    """Mini and tarot cards on A4 and Letter also keep 4 mm from the edge, marks off the cards."""
    spells = sort_spells(read_compendium().spells, by="level")[:20]
    for layout_name in ("mini", "tarot"):
        layout = load_layout(layout_name)
        for sheet in ("a4", "letter"):
            out = tmp_path / f"{layout_name}-{sheet}.pdf"
            build_pdf(spells, out, layout=layout, sheet=sheet)
            bleed = sheet_file(sheet)["print"]["bleed_mm"] * mm
            with open_pdf(out) as pdf:
                page = pdf.pages[0]
                cards = card_fills(page, layout.width + 2 * bleed, layout.height + 2 * bleed)
                assert len(cards) >= 4
                assert_text_clear_of_marks(page)
                assert "arch 1/" in page.extract_text()
                for x0, y0, x1, y1 in lines_of(page):
                    assert min(x0, y0) >= EDGE - TOLERANCE
                    assert max(x1 - page.width, y1 - page.height) <= -EDGE + TOLERANCE
                    for cx0, cy0, cx1, cy1 in cards:
                        assert x1 <= cx0 or x0 >= cx1 or y1 <= cy0 or y0 >= cy1


@pytest.mark.parametrize(
    "old, new, said",
    [
        ("columns = 3", "colums = 5", "grid.colums: neznámý klíč (měli jste na mysli columns?)"),
        (
            "length_mm = 5 ",
            "lenght_mm = 9 ",
            "marks.lenght_mm: neznámý klíč (měli jste na mysli length_mm?)",
        ),
        ('kind = "sheet"\n', "", 'kind: chybí; má být "sheet" (soubor archu)'),
    ],
)
def test_a_misspelt_sheet_file_stops_the_build_in_czech(runner, tmp_path, old, new, said):
    """--sheet FILE with grid.colums or marks.lenght_mm: exit 1, `file: key: …` in Czech, no PDF."""
    sheet = tmp_path / "arch.toml"
    sheet.write_text((LAYOUTS / "a4.toml").read_text("utf-8").replace(old, new), "utf-8")
    out = tmp_path / "x.pdf"
    result = runner.invoke(main, ["class", "paladin", "--sheet", str(sheet), "-o", str(out)])
    assert result.exit_code == 1, result.output
    assert f"Chyba: {sheet}: {said}" in result.output
    assert not out.exists()
