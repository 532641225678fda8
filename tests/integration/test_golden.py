"""Golden pictures of the cards at the table: chosen spells, a back of each school and an index
page in each theme, rendered from the built PDF and compared with tests/golden/ with a tolerance.

Refresh after a change of design, once you have looked at the new pictures:

    .venv/bin/pytest -q tests/integration/test_golden.py --refresh-golden

A failing comparison writes the picture it got (and a picture of the difference) to out/golden/.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw
from reportlab.lib.units import mm

from cards.model import SCHOOLS
from cards.paint.images import slug
from tests.support.readback import BACKS_ONLY, ROOT, SUBJECTS, build_deck, render, spells_named

pytestmark = pytest.mark.slow  # reads whole PDFs back (pytest -m 'not slow' skips)

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
OUT = ROOT / "out" / "golden"
LAYOUTS = ("poker", "tarot", "ink-saver", "large-print")
CARD_DPI = 100
INDEX_DPI = 100
INDEX_TOP = 80 * mm  # the index picture: the page's top, which holds the golden deck's rows
# Rasterisers differ a little in anti-aliasing: a pixel counts as changed when a channel moves
# by more than THRESHOLD (0-255), and at most a TOLERANCE share of a picture's pixels may change
# (a poker card at 100 dpi has 86 000 pixels: one letter changed is about 40).
THRESHOLD = 64
TOLERANCE = 0.0004
REFRESH = "pytest tests/integration/test_golden.py --refresh-golden"


@dataclass(frozen=True)
class Difference:
    """How far a picture is from its reference."""

    share: float  # of the pixels changed past THRESHOLD
    mean: float  # mean absolute difference of all channels, 0-255
    diff: Image.Image  # changed pixels in red over a faded copy of the reference


def difference(reference: Image.Image, image: Image.Image) -> Difference:
    """Compare two same-sized pictures pixel by pixel."""
    reference, image = reference.convert("RGB"), image.convert("RGB")
    delta = ImageChops.difference(reference, image)
    red, green, blue = delta.split()
    strongest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    changed = strongest.point(lambda value: 255 if value > THRESHOLD else 0)
    pixels = image.width * image.height
    histogram = delta.histogram()
    total = sum((n % 256) * count for n, count in enumerate(histogram))
    diff = Image.blend(reference, Image.new("RGB", reference.size, "white"), 0.7)
    diff.paste((230, 0, 0), mask=changed)
    return Difference(changed.histogram()[255] / pixels, total / (3 * pixels), diff)


def compare(pictures: dict[str, Image.Image], prefix: str, refresh: bool) -> list[str]:
    """Compare pictures by file name with tests/golden/ (or store them); return the problems.

    References starting with `prefix` that have no picture any more are problems too (a
    spell that now takes fewer cards); refreshing deletes them.
    """
    stale = {path.name for path in GOLDEN.glob(f"{prefix}*.png")} - pictures.keys()
    if refresh:
        GOLDEN.mkdir(exist_ok=True)
        for name in stale:
            (GOLDEN / name).unlink()
        for name, image in pictures.items():
            image.save(GOLDEN / name, optimize=True)
        return []
    problems = [f"{name}: a reference without a picture (fewer cards now?)" for name in stale]
    for name, image in sorted(pictures.items()):
        path = GOLDEN / name
        if not path.is_file():
            problems.append(f"{name}: no reference in tests/golden/")
            _keep(name, image)
            continue
        reference = Image.open(path)
        if reference.size != image.size:
            problems.append(f"{name}: {image.size} pixels, the reference {reference.size}")
            _keep(name, image)
            continue
        result = difference(reference, image)
        if result.share > TOLERANCE:
            problems.append(
                f"{name}: {result.share:.2%} of the pixels differ (allowed {TOLERANCE:.2%}), "
                f"mean difference {result.mean:.2f}/255; got out/golden/{name}, "
                f"changes in red: out/golden/{name[:-4]}-diff.png"
            )
            _keep(name, image, result.diff)
        else:
            for left in (OUT / name, OUT / f"{name[:-4]}-diff.png"):
                left.unlink(missing_ok=True)  # from an earlier failing run
    return problems


def _keep(name: str, image: Image.Image, diff: Image.Image | None = None) -> None:
    """Write the picture a comparison got (and its difference) to out/golden/ for viewing."""
    OUT.mkdir(parents=True, exist_ok=True)
    image.save(OUT / name)
    if diff is not None:
        diff.save(OUT / f"{name[:-4]}-diff.png")


def golden_deck():
    """The spells of the pictures, then those whose backs complete the eight schools."""
    return spells_named(*SUBJECTS.values(), *BACKS_ONLY)


def pictures_of(layout: str, folder: Path) -> dict[str, dict[str, Image.Image]]:
    """Render the golden deck on a layout: pictures by subject, then by file name."""
    deck = build_deck(golden_deck(), layout, folder)
    result: dict[str, dict[str, Image.Image]] = {subject: {} for subject in SUBJECTS}
    shown = spells_named(*SUBJECTS.values())
    names = {spell.name: subject for subject, spell in zip(SUBJECTS, shown, strict=True)}
    backs: dict[str, Image.Image] = {}
    for face, front, back in zip(deck.faces, deck.fronts, deck.backs, strict=True):
        subject = names.get(face.spell.name)
        if subject is not None:
            name = f"{layout}-{subject}-{face.part}.png"
            result[subject][name] = render(deck.document, front, CARD_DPI)
        school = face.spell.school
        if face.part == 1 and f"{layout}-rub-{slug(school)}.png" not in backs:
            backs[f"{layout}-rub-{slug(school)}.png"] = render(deck.document, back, CARD_DPI)
    result["rub"] = backs
    index = render(deck.document, 0, INDEX_DPI)
    index = index.crop((0, 0, index.width, round(INDEX_TOP * INDEX_DPI / 72)))
    result["rejstrik"] = {f"{layout}-rejstrik.png": index}
    return result


@pytest.fixture(scope="module")
def pictures(tmp_path_factory):
    """Pictures of each layout, rendered once per test module."""
    cache: dict[str, dict[str, dict[str, Image.Image]]] = {}

    def get(layout: str) -> dict[str, dict[str, Image.Image]]:
        if layout not in cache:
            cache[layout] = pictures_of(layout, tmp_path_factory.mktemp(layout))
        return cache[layout]

    return get


def test_the_backs_cover_every_school():
    """The golden deck has a spell of each of the eight schools (a back of each is compared)."""
    assert {spell.school for spell in golden_deck()} == set(SCHOOLS)


@pytest.mark.parametrize("subject", [*SUBJECTS, "rub", "rejstrik"])
@pytest.mark.parametrize("layout", LAYOUTS)
def test_golden_pictures(pictures, layout, subject, refresh_golden):
    """The cards, backs and index page look as in tests/golden/ (refresh: see the module)."""
    shown = pictures(layout)[subject]
    assert shown, f"{layout}: nothing to show for {subject}"
    if subject == "rub":
        assert len(shown) == len(SCHOOLS)
    problems = compare(shown, f"{layout}-{subject}", refresh_golden)
    assert not problems, "\n".join(
        [*problems, f"if the design changed on purpose, look at the pictures and run {REFRESH}"]
    )


def test_comparison_tolerates_noise_but_not_change(tmp_path, monkeypatch):
    """A few changed pixels pass; a changed block, a missing or a stale reference fail."""
    monkeypatch.setattr(f"{__name__}.GOLDEN", tmp_path / "golden")
    monkeypatch.setattr(f"{__name__}.OUT", tmp_path / "out")
    picture = Image.new("RGB", (250, 350), "#fffdf8")
    ImageDraw.Draw(picture).text((20, 20), "Štít", fill="black")
    assert compare({"x-a-1.png": picture}, "x-a-", refresh=True) == []
    noisy = picture.copy()
    for n in range(20):
        noisy.putpixel((100 + n, 200), (0, 0, 0))
    assert compare({"x-a-1.png": noisy}, "x-a-", refresh=False) == []
    changed = picture.copy()
    ImageDraw.Draw(changed).rectangle((10, 10, 30, 30), fill="black")
    (problem,) = compare({"x-a-1.png": changed}, "x-a-", refresh=False)
    assert problem.startswith("x-a-1.png: ") and "out/golden/x-a-1.png" in problem
    assert (tmp_path / "out" / "x-a-1-diff.png").is_file()
    (stale, missing) = sorted(compare({"x-a-2.png": picture}, "x-a-", refresh=False))
    assert stale.startswith("x-a-1.png: a reference without a picture")
    assert missing.startswith("x-a-2.png: no reference")
