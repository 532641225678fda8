"""Print-shop presets from layouts/tiskarny/: PDF/X or images, bleed, safe zone, sides.

One TOML file per kind of shop; `--print-shop NAME` picks one (`--print-shop` alone the default).
A preset changes a build in three places: the layout's safe margin grows to the shop's safe
zone before fitting (so no text lies within the shop's cut tolerance), the imposition gets the
shop's bleed, and the finished PDF becomes the shop's PDF/X (`cards.pdfx`), or each card an
image of the shop's exact pixel size (`cards images --print-shop NAME`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from reportlab.lib.units import mm

from cards.config import ConfigError, Number, Settings, check_keys, read_file
from cards.messages import say
from cards.resources import folder

PRESET_DIR = folder("layouts") / "tiskarny"
DEFAULT_PRESET = "tiskarna"
FIT_ALLOWANCE_MM = 1.0  # see PrintShop.fit_layout
FORMATS = ("pdf", "images")
SIDES = ("alternate", "separate")
STANDARDS = ("PDF/X-4", "PDF/X-1a:2003")
_SCHEMA = {
    "kind": None,
    "description": None,
    "format": None,
    "standard": None,
    "sides": None,
    "backs": None,
    "bleed_mm": None,
    "safe_mm": None,
    "dpi": None,
    "card_mm": None,
    "width_px": None,
    "height_px": None,
}


class PresetError(ConfigError):
    """An unknown print-shop preset, or a preset file with a bad value."""


@dataclass(frozen=True)
class PrintShop:
    """A shop's requirements (frozen, hashable); lengths in millimetres, as the file gives them.

    format "pdf": one PDF/X file (`standard`), fronts and backs alternating page by page or in
    two files (`sides`); format "images": one PNG per card face of width_px x height_px, the
    card of card_mm centred in it at `dpi` (what is left around it is bleed).
    """

    name: str
    description: str
    format: str = "pdf"
    standard: str = "PDF/X-4"
    sides: str = "alternate"
    backs: bool = False  # the shop wants every card's back, whether or not --backs is given
    bleed_mm: float = 3.0
    safe_mm: float = 5.0
    dpi: int = 300  # the least resolution of an image in the file (preflight), or the images'
    card_mm: tuple[float, float] | None = None  # image presets: the card the pixels are for
    width_px: int = 0
    height_px: int = 0

    def bleed_xy_mm(self) -> tuple[float, float]:
        """Return the bleed on the left/right and top/bottom, in mm (image presets: from pixels)."""
        if self.format != "images" or self.card_mm is None:
            return self.bleed_mm, self.bleed_mm
        width, height = self.card_mm
        return (
            (self.width_px / self.dpi * 25.4 - width) / 2,
            (self.height_px / self.dpi * 25.4 - height) / 2,
        )

    def pixel_size(self, layout) -> tuple[int, int]:
        """Return the pixels of a card's image, bleed included: the preset's, or from its dpi."""
        if self.width_px and self.height_px:
            return self.width_px, self.height_px
        bleed = 2 * self.bleed_mm * mm
        return (
            round((layout.width + bleed) * self.dpi / 72),
            round((layout.height + bleed) * self.dpi / 72),
        )

    def fit_layout(self, layout):
        """Return the layout with its safe margin grown to the shop's safe zone (if wider).

        The margin is FIT_ALLOWANCE_MM wider than the zone, for the ink the layouts let past
        their safe margin and a shop's preflight measures: the name's first baseline lies
        0.72 em below the safe top (title_ascent_em), so a capital's caron (Č, Š, Ž) rises up
        to 0.8 mm above it at 11 pt; a line's first "j" hangs 0.3 mm left of the column.
        """
        safe = (self.safe_mm + FIT_ALLOWANCE_MM) * mm
        if layout.safe_margin >= safe:
            return layout
        return replace(layout, safe_margin=safe)

    def check_layout(self, layout) -> None:
        """Refuse a layout whose card size is not the one an image preset's pixels are for."""
        if self.card_mm is None:
            return
        width, height = self.card_mm
        if abs(layout.width / mm - width) > 0.5 or abs(layout.height / mm - height) > 0.5:
            raise PresetError(
                say(
                    "shop_card_size",
                    shop=self.name,
                    width=f"{width:g}",
                    height=f"{height:g}",
                    layout=layout.name,
                    layout_width=f"{layout.width / mm:.0f}",
                    layout_height=f"{layout.height / mm:.0f}",
                )
            )


def list_presets() -> list[str]:
    """Return the names of the presets under layouts/tiskarny/."""
    return sorted(path.stem for path in PRESET_DIR.glob("*.toml"))


def load_preset(name: str | None = None) -> PrintShop:
    """Load a preset by name (None or "": the default); an unknown name lists the known ones."""
    name = name or DEFAULT_PRESET
    path = PRESET_DIR / f"{name}.toml"
    if "/" in name or "\\" in name or not path.is_file():
        raise PresetError(say("shop_unknown", name=name, names=", ".join(list_presets())))
    return _load(path)


@lru_cache(maxsize=16)
def _load(path: Path) -> PrintShop:
    data = read_file(path, PresetError)
    check_keys(data, _SCHEMA, path, PresetError)
    reader = Settings(path, data, PresetError)
    if data.get("kind") != "print-shop":
        raise reader.fail("kind", '"print-shop"', data.get("kind"))
    fmt = reader.choice("format", FORMATS, "pdf")
    backs = data.get("backs", False)
    if not isinstance(backs, bool):
        raise reader.fail("backs", "true / false", backs)
    card = None
    width = height = 0
    if fmt == "images":
        card_value = data.get("card_mm")
        if (
            not isinstance(card_value, list)
            or len(card_value) != 2
            or not all(isinstance(v, int | float) and 20 <= v <= 300 for v in card_value)
        ):
            raise reader.fail("card_mm", say("shop_card_mm"), card_value)
        card = (float(card_value[0]), float(card_value[1]))
        width = int(reader.number("width_px", Number(100, 10000, whole=True, unit="px")))
        height = int(reader.number("height_px", Number(100, 10000, whole=True, unit="px")))
    shop = PrintShop(
        name=path.stem,
        description=reader.text("description", path.stem),
        format=fmt,
        standard=reader.choice("standard", STANDARDS, "PDF/X-4"),
        sides=reader.choice("sides", SIDES, "alternate"),
        backs=backs,
        bleed_mm=reader.number("bleed_mm", Number(0.0, 10.0, 3.0, unit="mm")),
        safe_mm=reader.number("safe_mm", Number(0.0, 15.0, 5.0, unit="mm")),
        dpi=int(reader.number("dpi", Number(72, 2400, 300, whole=True))),
        card_mm=card,
        width_px=width,
        height_px=height,
    )
    if card is not None and min(shop.bleed_xy_mm()) < 0:
        raise reader.fail("width_px", say("shop_pixels_small"), width)
    return shop


def back_file(out: Path) -> Path:
    """Return where the backs of a two-file preset go: beside the fronts, NAME-rub.pdf."""
    return out.with_name(f"{out.stem}-rub{out.suffix or '.pdf'}")


def finish_for_shop(out: Path, shop: PrintShop, *, separate: bool = True) -> tuple[Path, ...]:
    """Turn the built PDF at `out` into the shop's PDF/X, in place; return the files written.

    A two-file preset ("separate") moves the backs to `back_file(out)` when `separate` (a file
    on disk; the page's download stays one file, fronts and backs alternating).
    """
    import io

    import pikepdf

    from cards.atomic import write_atomically
    from cards.pdfx import make_pdfx

    data = make_pdfx(out.read_bytes(), shop.standard)
    if not (separate and shop.sides == "separate"):
        write_atomically(out, data)
        return (out,)
    files = []
    for target, backs in ((out, False), (back_file(out), True)):
        pdf = pikepdf.open(io.BytesIO(data))
        keep = [page.label.endswith(" rub") == backs for page in pdf.pages]
        for index in reversed(range(len(keep))):
            if not keep[index]:
                del pdf.pages[index]
        if "/PageLabels" in pdf.Root:
            del pdf.Root["/PageLabels"]
        buffer = io.BytesIO()
        pdf.save(buffer, deterministic_id=True, object_stream_mode=pikepdf.ObjectStreamMode.disable)
        files.append(write_atomically(target, buffer.getvalue()))
    return tuple(files)


def write_shop_images(
    spells,
    out_dir: Path,
    *,
    layout,
    shop: PrintShop,
    backs: bool = True,
    progress=None,
    **fitting,
) -> tuple[Path, ...]:
    """Write one PNG per card face at a print shop's pixel size, bleed included.

    The layout's safe margin grows to the shop's safe zone before fitting; the cards are drawn
    on pages with the larger of the shop's two bleeds all round and cut to the exact pixels
    about the card's centre, at the shop's dpi. fitting: `cache` and `jobs` as for fit_spells.
    """
    import tempfile

    from reportlab.lib.units import mm

    from cards.build import DEFAULT_TITLE, fit_spells, write_faces
    from cards.impose import PrintOptions
    from cards.paint.images import ImagesError, paint_images

    shop.check_layout(layout)
    layout = shop.fit_layout(layout)
    if not spells:
        raise ImagesError(say("no_images"))
    width, height = shop.pixel_size(layout)
    faces = fit_spells(spells, layout, progress, **fitting)
    bleed = max(shop.bleed_xy_mm()) * mm + 2 * 72 / shop.dpi  # a pixel spare all round
    options = PrintOptions(backs=True, bleed=bleed)
    with tempfile.TemporaryDirectory(prefix="cards-images-") as folder:
        pdf = Path(folder) / "cards.paint.pdf"
        write_faces(
            faces,
            pdf,
            spells=len(spells),
            layout=layout,
            sheet="none",
            options=options,
            title=DEFAULT_TITLE,
        )
        document = pdf.read_bytes()
    return paint_images(
        faces,
        document,
        out_dir,
        dpi=shop.dpi,
        backs=backs,
        progress=progress,
        pixels=(width, height),
    )
