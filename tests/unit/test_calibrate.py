"""Tests for cards.calibrate, reading the calibration PDF back."""

from __future__ import annotations

import pytest
from pypdf import PdfReader
from reportlab.lib.units import mm

from cards.calibrate import DOT_AT, scale_values, write_calibration
from cards.impose import PrintOptions, impose, load_sheet
from tests.support.fakes import fake_faces
from tests.support.pdfread import open_pdf

POKER = (63 * mm, 88 * mm)


@pytest.fixture(scope="module", params=["a4", "letter"])
def calibration(request, tmp_path_factory):
    """The calibration PDF of a sheet, with the sheet."""
    sheet = load_sheet(request.param, *POKER)
    path = write_calibration(tmp_path_factory.mktemp("cal") / "kalibrace.pdf", sheet)
    return path, sheet


def pdf_lines(page, *, black: bool = True):
    """Straight lines of a page as (x0, y0, x1, y1) in PDF coordinates (y up)."""
    found = []
    for line in page.lines:
        colour = tuple(line["stroking_color"] or (0,))
        if black and any(channel > 0.01 for channel in colour):
            continue
        found.append(
            (line["x0"], page.height - line["bottom"], line["x1"], page.height - line["top"])
        )
    return found


def words_by_text(page) -> dict[str, list[dict]]:
    """The words of a page grouped by their text."""
    words: dict[str, list[dict]] = {}
    for word in page.extract_words(x_tolerance=1):
        words.setdefault(word["text"], []).append(word)
    return words


def label(value: float) -> str:
    """A scale reading as printed."""
    return f"{value:+g}" if value else "0"


def test_two_pages_of_the_sheet_paper(calibration):
    """The calibration sheet is a front and a back page of the sheet's paper size."""
    path, sheet = calibration
    reader = PdfReader(path)
    assert len(reader.pages) == 2
    for page in reader.pages:
        size = (float(page.mediabox.width), float(page.mediabox.height))
        assert size == pytest.approx((sheet.paper_width, sheet.paper_height), abs=0.01)
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"


def test_text_is_in_embedded_fonts(calibration):
    """Every character is set in an embedded subset font (never a built-in PDF font)."""
    with open_pdf(calibration[0]) as pdf:
        chars = [char for page in pdf.pages for char in page.chars]
    assert chars
    assert all("+" in char["fontname"] and "Helvetica" not in char["fontname"] for char in chars)


def test_front_cross_is_centred_and_symmetric(calibration):
    """The front's lines cross at the page centre and reach equally far both ways."""
    path, sheet = calibration
    centre_x, centre_y = sheet.paper_width / 2, sheet.paper_height / 2
    with open_pdf(path) as pdf:
        lines = pdf_lines(pdf.pages[0])
    long = [ln for ln in lines if abs(ln[2] - ln[0]) + abs(ln[3] - ln[1]) > 50 * mm]
    vertical = [ln for ln in long if ln[0] == pytest.approx(centre_x) and ln[2] == ln[0]]
    horizontal = [ln for ln in long if ln[1] == pytest.approx(centre_y) and ln[3] == ln[1]]
    assert len(vertical) == len(horizontal) == 1
    x0, y0, x1, y1 = vertical[0]
    assert (y0 + y1) / 2 == pytest.approx(centre_y)
    x0, y0, x1, y1 = horizontal[0]
    assert (x0 + x1) / 2 == pytest.approx(centre_x)


def test_front_has_a_100_mm_ruler(calibration):
    """The front carries a line exactly 100 mm long to check printing at 100 %."""
    with open_pdf(calibration[0]) as pdf:
        lines = pdf_lines(pdf.pages[0])
    assert any(abs(x1 - x0) == pytest.approx(100 * mm) and y0 == y1 for x0, y0, x1, y1 in lines)


def test_x_scale_reading_is_distance_from_centre(calibration):
    """On the back, the X tick labelled r lies r mm right of the centre, beside its label."""
    path, sheet = calibration
    centre_x = sheet.paper_width / 2
    with open_pdf(path) as pdf:
        page = pdf.pages[1]
        ticks = [ln for ln in pdf_lines(page) if ln[0] == ln[2] and abs(ln[0] - centre_x) < 6 * mm]
        words = words_by_text(page)
    assert len(ticks) == len(scale_values()) == 21
    for value in scale_values():
        x = centre_x + value * mm
        (tick,) = [t for t in ticks if t[0] == pytest.approx(x, abs=0.01)]
        middle = page.height - (tick[1] + tick[3]) / 2
        assert any(abs((w["top"] + w["bottom"]) / 2 - middle) < 2 for w in words[label(value)])


def test_y_scale_reading_is_height_above_centre(calibration):
    """On the back, the Y tick labelled r lies r mm above the centre, above its label."""
    path, sheet = calibration
    centre_y = sheet.paper_height / 2
    with open_pdf(path) as pdf:
        page = pdf.pages[1]
        ticks = [ln for ln in pdf_lines(page) if ln[1] == ln[3] and abs(ln[1] - centre_y) < 6 * mm]
        words = words_by_text(page)
    assert len(ticks) == 21
    for value in scale_values():
        y = centre_y + value * mm
        (tick,) = [t for t in ticks if t[1] == pytest.approx(y, abs=0.01)]
        middle = (tick[0] + tick[2]) / 2
        assert any(abs((w["x0"] + w["x1"]) / 2 - middle) < 2 for w in words[label(value)])


@pytest.mark.parametrize("misregistration", [(1.5, -2.0), (-3.0, 0.5)])
def test_reading_is_the_offset_that_cancels_the_printer(misregistration):
    """If the printer shifts backs by d, the scale reads -d, and that offset puts backs back."""
    dx, dy = misregistration
    # The front line is at the centre, the back's tick r lands at centre + r + d: they meet at -d.
    reading = (
        next(v for v in scale_values() if v + dx == 0),
        next(v for v in scale_values() if v + dy == 0),
    )
    sheet = load_sheet("a4", *POKER)
    faces = fake_faces(*[1] * 9)
    wanted = impose(faces, sheet, PrintOptions(backs=True))[1]
    corrected = impose(
        faces, sheet, PrintOptions(backs=True, back_offset=(reading[0] * mm, reading[1] * mm))
    )[1]
    for good, placed in zip(wanted.placements, corrected.placements, strict=True):
        assert (placed.x + dx * mm, placed.y + dy * mm) == pytest.approx((good.x, good.y))


def test_deterministic(tmp_path):
    """Two calibration sheets for the same paper are byte-identical."""
    sheet = load_sheet("a4", *POKER)
    first = write_calibration(tmp_path / "a.pdf", sheet).read_bytes()
    assert write_calibration(tmp_path / "b.pdf", sheet).read_bytes() == first


def curve_centres(page) -> list[tuple[float, float]]:
    """Centres of the curves (circles) of a page, in PDF coordinates."""
    return [
        ((c["x0"] + c["x1"]) / 2, page.height - (c["top"] + c["bottom"]) / 2) for c in page.curves
    ]


def test_rings_tell_the_flip_edge(calibration):
    """The back's rings lie where the front's dot shows through for long and short edge flips."""
    path, sheet = calibration
    width, height = sheet.paper_width, sheet.paper_height
    with open_pdf(path) as pdf:
        (dot,) = curve_centres(pdf.pages[0])
        rings = sorted(curve_centres(pdf.pages[1]))
        back_height = pdf.pages[1].height
        words = words_by_text(pdf.pages[1])
    assert dot == pytest.approx(DOT_AT)
    expected = {"long": (width - dot[0], dot[1]), "short": (dot[0], height - dot[1])}
    assert [v for ring in rings for v in ring] == pytest.approx(
        [v for ring in sorted(expected.values()) for v in ring]
    )
    for duplex, (x, y) in expected.items():
        (label,) = words[duplex]
        assert abs(back_height - (label["top"] + label["bottom"]) / 2 - y) < 3 * mm
        assert abs((label["x0"] + label["x1"]) / 2 - x) < 40 * mm
