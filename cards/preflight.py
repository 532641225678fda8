"""Preflight: read any PDF and say in Czech what a print shop's check would say of it.

Page boxes and sizes, bleed, colour spaces, fonts, image resolution, text within the safe
zone, transparency (PDF/X-1a), the output intent and the PDF/X keys, each against a preset of
layouts/tiskarny/. The PDF is read with pikepdf (structure, content streams) and PDFium (the
glyphs' boxes); a file that is no PDF is a clear error, never a traceback.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from reportlab.lib.units import mm

from cards.errors import CardsError
from cards.messages import say

FAILURE, WARNING, FINE = "chyba", "pozor", "v pořádku"
_RGB_SPACES = {"/DeviceRGB", "/CalRGB"}
_SPOT_SPACES = {"/Separation", "/DeviceN"}
_TOLERANCE = 0.05  # mm: boxes written to four decimals of a point


class PreflightError(CardsError):
    """The file cannot be read as a PDF."""


@dataclass(frozen=True)
class Finding:
    """One line of the report: its level (FAILURE, WARNING, FINE) and the Czech text."""

    level: str
    text: str


@dataclass
class Report:
    """What preflight found in a file, against a preset; `passed` when nothing failed."""

    file: str
    shop: str
    findings: list[Finding] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        """Whether no check failed (warnings pass)."""
        return not any(f.level == FAILURE for f in self.findings)

    def add(self, level: str, key: str, **fields) -> None:
        """Add a finding from the message catalogue."""
        self.findings.append(Finding(level, say(key, **fields)))

    @property
    def text(self) -> str:
        """The report as the command prints it: a heading, a line a finding, the verdict."""
        lines = [say("preflight_heading", file=self.file, shop=self.shop)]
        lines += [f"  {f.level}: {f.text}" for f in self.findings]
        lines.append(say("preflight_passed" if self.passed else "preflight_failed"))
        return "\n".join(lines)


def preflight(path: str | Path, shop) -> Report:
    """Check a PDF file against a print-shop preset (`cards.printshop.PrintShop`)."""
    import pikepdf

    path = Path(path)
    report = Report(str(path), shop.name)
    try:
        pdf = pikepdf.open(path)
    except (pikepdf.PdfError, ValueError):
        raise PreflightError(say("preflight_unreadable", file=path)) from None
    with pdf:
        _boxes(pdf, shop, report)
        _colours(pdf, shop, report)
        _fonts(pdf, report)
        _images(pdf, shop, report)
        _transparency(pdf, shop, report)
        _pdfx(pdf, shop, report)
    _safe_zone(path, shop, report)
    return report


def _box(page, name: str):
    value = page.obj.get(name)
    if value is None:
        return None
    x0, y0, x1, y1 = (float(v) for v in value)
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def _mm(value: float) -> str:
    return f"{value / mm:.1f}".replace(".", ",")


def _boxes(pdf, shop, report: Report) -> None:
    """TrimBox and BleedBox on every page, the bleed at least the shop's, one card size."""
    sizes, no_trim, no_bleed, short = set(), [], [], []
    least = math.inf
    for number, page in enumerate(pdf.pages, start=1):
        media = _box(page, "/MediaBox")
        trim = _box(page, "/TrimBox")
        bleed = _box(page, "/BleedBox") or _box(page, "/CropBox") or media
        if trim is None:
            no_trim.append(number)
            continue
        sizes.add((_mm(trim[2] - trim[0]), _mm(trim[3] - trim[1])))
        if _box(page, "/BleedBox") is None:
            no_bleed.append(number)
        around = min(trim[0] - bleed[0], trim[1] - bleed[1], bleed[2] - trim[2], bleed[3] - trim[3])
        around = min(around, trim[0] - media[0], trim[1] - media[1])
        around = min(around, media[2] - trim[2], media[3] - trim[3])
        least = min(least, around)
        if around / mm + _TOLERANCE < shop.bleed_mm:
            short.append(number)
    report.add(FINE, "preflight_pages", count=len(pdf.pages))
    if no_trim:
        report.add(FAILURE, "preflight_no_trim", pages=_pages(no_trim))
    if no_bleed:
        report.add(FAILURE, "preflight_no_bleed_box", pages=_pages(no_bleed))
    for width, height in sorted(sizes):
        report.add(FINE, "preflight_size", width=width, height=height)
    if len(sizes) > 1:
        report.add(FAILURE, "preflight_sizes")
    if short:
        report.add(
            FAILURE,
            "preflight_bleed_short",
            pages=_pages(short),
            least=_mm(max(least, 0.0)),
            wanted=f"{shop.bleed_mm:g}".replace(".", ","),
        )
    elif least < math.inf:
        report.add(FINE, "preflight_bleed", least=_mm(least))


def _pages(numbers: list[int]) -> str:
    shown = ", ".join(str(n) for n in numbers[:8])
    return shown + (f" … ({len(numbers)})" if len(numbers) > 8 else "")


def _streams(pdf) -> Iterator[tuple[int, object, object]]:
    """Yield (page number, content holder, resources) of every page and form it draws."""
    seen: set = set()
    for number, page in enumerate(pdf.pages, start=1):
        yield number, page, page.obj.get("/Resources")
        yield from _forms(number, page.obj.get("/Resources"), seen)


def _forms(number: int, resources, seen: set) -> Iterator[tuple[int, object, object]]:
    if resources is None:
        return
    for _, xobject in (resources.get("/XObject") or {}).items():
        if xobject.get("/Subtype") != "/Form" or xobject.objgen in seen:
            continue
        seen.add(xobject.objgen)
        inner = xobject.get("/Resources", resources)
        yield number, xobject, inner
        yield from _forms(number, inner, seen)


def _space_kind(space) -> str:
    """Return "rgb", "cmyk", "grey", "spot", "lab" or "other" for a colour space object."""
    import pikepdf

    if isinstance(space, pikepdf.Name):
        name = str(space)
        return {
            "/DeviceRGB": "rgb",
            "/DeviceCMYK": "cmyk",
            "/DeviceGray": "grey",
            "/Pattern": "other",
        }.get(name, "other")
    if isinstance(space, pikepdf.Array) and len(space):
        family = str(space[0])
        if family in _RGB_SPACES:
            return "rgb"
        if family in _SPOT_SPACES:
            return "spot"
        if family == "/ICCBased":
            return {1: "grey", 3: "rgb", 4: "cmyk"}.get(int(space[1].get("/N", 0)), "other")
        if family in ("/Indexed", "/Pattern") and len(space) > 1:
            return _space_kind(space[1])
        if family == "/Lab":
            return "lab"
        if family == "/CalGray":
            return "grey"
    return "other"


def _colours(pdf, shop, report: Report) -> None:
    """Colour operators and spaces of pages, forms and images: RGB or spot fail for CMYK."""
    import pikepdf

    found: dict[str, set[int]] = {}
    for number, holder, resources in _streams(pdf):
        spaces = (resources or {}).get("/ColorSpace") or {}
        for operands, operator in pikepdf.parse_content_stream(holder):
            name = str(operator)
            kind = None
            if name in ("rg", "RG"):
                kind = "rgb"
            elif name in ("k", "K"):
                kind = "cmyk"
            elif name in ("g", "G"):
                kind = "grey"
            elif name in ("cs", "CS"):
                space = operands[0]
                kind = _space_kind(spaces.get(str(space), space))
            elif name == "INLINE IMAGE":
                space = operands[0].obj.get("/ColorSpace")
                if space is not None and not operands[0].obj.get("/ImageMask", False):
                    kind = _space_kind(spaces.get(str(space), space))
            if kind:
                found.setdefault(kind, set()).add(number)
        for _, xobject in ((resources or {}).get("/XObject") or {}).items():
            if xobject.get("/Subtype") == "/Image" and not xobject.get("/ImageMask", False):
                space = xobject.get("/ColorSpace")
                if space is not None:
                    found.setdefault(_space_kind(space), set()).add(number)
        for _, shading in ((resources or {}).get("/Shading") or {}).items():
            found.setdefault(_space_kind(shading.get("/ColorSpace")), set()).add(number)
    names = {"rgb": "RGB", "cmyk": "CMYK", "grey": "šedá", "spot": "přímé barvy", "lab": "Lab"}
    used = ", ".join(names.get(kind, kind) for kind in sorted(found)) or "žádné"
    report.add(FINE, "preflight_spaces", spaces=used)
    if "rgb" in found:
        report.add(FAILURE, "preflight_rgb", pages=_pages(sorted(found["rgb"])))
    if "spot" in found and shop.standard == "PDF/X-1a:2003":
        report.add(FAILURE, "preflight_spot", pages=_pages(sorted(found["spot"])))


def _fonts(pdf, report: Report) -> None:
    """Every font embedded (Type 3 fonts are drawn in the file) and, better, subset."""
    missing, whole, names = set(), set(), set()
    for _, _, resources in _streams(pdf):
        for _, font in ((resources or {}).get("/Font") or {}).items():
            name = str(font.get("/BaseFont", "?")).lstrip("/")
            names.add(name)
            if font.get("/Subtype") == "/Type3":
                continue
            described = font
            if font.get("/Subtype") == "/Type0":
                described = font.DescendantFonts[0]
            descriptor = described.get("/FontDescriptor")
            if descriptor is None or not any(
                key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")
            ):
                missing.add(name)
            elif not (len(name) > 7 and name[6] == "+" and name[:6].isupper()):
                whole.add(name)
    if missing:
        report.add(FAILURE, "preflight_fonts_missing", fonts=", ".join(sorted(missing)))
    else:
        report.add(FINE, "preflight_fonts", count=len(names))
    if whole:
        report.add(WARNING, "preflight_fonts_whole", fonts=", ".join(sorted(whole)))


def _images(pdf, shop, report: Report) -> None:
    """Every image drawn at least at the shop's dpi (its placed size from the CTM)."""
    import pikepdf

    low: list[str] = []
    count = 0
    for number, holder, resources in _streams(pdf):
        xobjects = (resources or {}).get("/XObject") or {}
        stack, ctm = [], (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
        for operands, operator in pikepdf.parse_content_stream(holder):
            name = str(operator)
            if name == "q":
                stack.append(ctm)
            elif name == "Q" and stack:
                ctm = stack.pop()
            elif name == "cm":
                ctm = _multiply(tuple(float(v) for v in operands), ctm)
            elif name in ("Do", "INLINE IMAGE"):
                if name == "Do":
                    image = xobjects.get(str(operands[0]))
                    if image is None or image.get("/Subtype") != "/Image":
                        continue
                    pixels = int(image.Width), int(image.Height)
                else:
                    pixels = operands[0].width, operands[0].height
                count += 1
                a, b, c, d, _, _ = ctm
                width_in = math.hypot(a, b) / 72
                height_in = math.hypot(c, d) / 72
                if not width_in or not height_in:
                    continue
                dpi = min(pixels[0] / width_in, pixels[1] / height_in)
                if dpi + 0.5 < shop.dpi:
                    low.append(f"{number} ({dpi:.0f} dpi)")
    if low:
        report.add(FAILURE, "preflight_images_low", dpi=shop.dpi, images=", ".join(low[:8]))
    elif count:
        report.add(FINE, "preflight_images", count=count, dpi=shop.dpi)


def _multiply(m, n):
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    )


def _transparency(pdf, shop, report: Report) -> None:
    """Transparency (soft masks, alpha, blend modes, transparency groups) fails PDF/X-1a."""
    pages = set()
    for number, holder, resources in _streams(pdf):
        group = holder.get("/Group") if hasattr(holder, "get") else None
        if group is None and hasattr(holder, "obj"):
            group = holder.obj.get("/Group")
        if group is not None and group.get("/S") == "/Transparency":
            pages.add(number)
        for _, state in ((resources or {}).get("/ExtGState") or {}).items():
            soft = state.get("/SMask")
            if (soft is not None and str(soft) != "/None") or any(
                float(state.get(key, 1)) < 1 for key in ("/CA", "/ca")
            ):
                pages.add(number)
            if str(state.get("/BM", "/Normal")) not in ("/Normal", "/Compatible"):
                pages.add(number)
        for _, image in ((resources or {}).get("/XObject") or {}).items():
            if image.get("/Subtype") == "/Image" and "/SMask" in image:
                pages.add(number)
    if pages and shop.standard == "PDF/X-1a:2003":
        report.add(FAILURE, "preflight_transparency", pages=_pages(sorted(pages)))
    elif pages:
        report.add(WARNING, "preflight_transparency_x4", pages=_pages(sorted(pages)))


def _pdfx(pdf, shop, report: Report) -> None:
    """The output intent with a CMYK profile, GTS_PDFXVersion as the preset asks, Trapped."""
    intents = pdf.Root.get("/OutputIntents") or []
    profile = None
    for intent in intents:
        if intent.get("/S") == "/GTS_PDFX":
            profile = intent.get("/DestOutputProfile")
            condition = str(intent.get("/OutputConditionIdentifier", ""))
            break
    if profile is None:
        report.add(FAILURE, "preflight_no_intent")
    elif int(profile.get("/N", 0)) != 4:
        report.add(FAILURE, "preflight_intent_not_cmyk")
    else:
        report.add(FINE, "preflight_intent", condition=condition)
    version = str(pdf.docinfo.get("/GTS_PDFXVersion", "")) if pdf.trailer.get("/Info") else ""
    wanted = "PDF/X-4" if shop.standard == "PDF/X-4" else "PDF/X-1:2003"
    if not version:
        report.add(FAILURE, "preflight_no_version", wanted=shop.standard)
    elif version != wanted:
        report.add(FAILURE, "preflight_wrong_version", version=version, wanted=shop.standard)
    else:
        report.add(FINE, "preflight_version", version=shop.standard)
    trapped = str(pdf.docinfo.get("/Trapped", "")) if pdf.trailer.get("/Info") else ""
    if trapped not in ("/True", "/False"):
        report.add(FAILURE, "preflight_trapped")


def _safe_zone(path: Path, shop, report: Report) -> None:
    """No glyph within the shop's safe zone: closer to the trim edge than safe_mm."""
    import pikepdf
    import pypdfium2

    from cards.paint.preview import PDFIUM_LOCK

    boxes = []
    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            boxes.append(_box(page, "/TrimBox") or _box(page, "/MediaBox"))
    safe = shop.safe_mm * mm
    near: list[str] = []
    with PDFIUM_LOCK:
        document = pypdfium2.PdfDocument(str(path))
        try:
            for number, trim in enumerate(boxes, start=1):
                page = document[number - 1]
                text = page.get_textpage()
                least = math.inf
                for index in range(text.count_chars()):
                    if text.get_text_range(index, 1).isspace():
                        continue
                    left, bottom, right, top = text.get_charbox(index)
                    if right <= left or top <= bottom:
                        continue
                    least = min(
                        least,
                        left - trim[0],
                        bottom - trim[1],
                        trim[2] - right,
                        trim[3] - top,
                    )
                if least + _TOLERANCE * mm < safe:
                    near.append(f"{number} ({_mm(least)} mm)")
        finally:
            document.close()
    wanted = f"{shop.safe_mm:g}".replace(".", ",")
    if near:
        report.add(FAILURE, "preflight_safe", safe=wanted, pages=", ".join(near[:8]))
    else:
        report.add(FINE, "preflight_safe_ok", safe=wanted)
