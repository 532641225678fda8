"""Card layouts: read and check a layouts/*.toml card file, register its fonts."""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from types import MappingProxyType

from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from cards.config import (
    LAYOUT_DIR,
    MAX_BASES,
    SMALLEST_TYPE,
    ConfigError,
    Number,
    Settings,
    catalogue,
    check_keys,
    did_you_mean,
    read_file,
    with_base,
)
from cards.icons import Icon, load_icon
from cards.messages import say
from cards.model import SCHOOLS
from cards.resources import folder
from cards.spacing import BackSpacing, IndexSpacing, Spacing

# kept where callers import them from
__all__ = ["LAYOUT_DIR", "MAX_BASES", "BackSpacing", "IndexSpacing", "Spacing", "did_you_mean"]

FONT_DIR = folder("fonts")

FONT_ROLES = ("body", "bold", "italic", "bold_italic", "title", "stat")
_FONT_FALLBACK = {"stat": "bold"}  # a role a layout may leave out, and the role it takes
ICON_MARKS = ("rituál", "soustředění")


class LayoutError(ConfigError):
    """A layout file is missing, unreadable or holds a bad value."""


@dataclass(frozen=True)
class TypeSizes:
    """Type sizes in points, leading and gaps as multiples of the size."""

    body_max: float
    body_min: float
    leading: float
    paragraph_gap: float
    title_max: float
    title_min: float
    part: float
    name_en: float
    level: float
    badge: float
    label: float
    stat: float
    material: float
    footer: float
    table_min: float
    bullet_indent: float
    expansion: float  # how much a justified line's glyphs may widen or narrow (0.02 = 2 %)
    # The share of the paragraph gaps and of the panels' padding above and below their text
    # that the fitter may take away when that saves a card (0 never).
    squeeze: float = 0.5
    back_min: float = SMALLEST_TYPE  # nothing on a card's back is set smaller
    # The body sizes the fitter may choose, largest first; those outside body_min..body_max
    # are left out and those two always join. Empty: every 0.1 pt from body_min to body_max.
    size_steps: tuple[float, ...] = ()
    # A card whose text leaves room below it opens its line distance up to leading_max and
    # its paragraph gaps up to paragraph_gap_max (lines), evenly, to fill it (vertical
    # justification); a maximum no more than leading or paragraph_gap (0): never opened.
    leading_max: float = 0.0
    paragraph_gap_max: float = 0.0
    # The description's paragraphs and list items set flush-left (ragged right, long words
    # hyphenated) rather than justified: for a measure too narrow to justify well (mini).
    flush_left: bool = False
    # The largest body size set justified: larger sizes are set flush-left, the measure being
    # too short in ems to justify them well (bench/bench_scale.py gives the figures). 0: every
    # size up to body_max is justified.
    justify_max: float = 0.0

    def ragged_at(self, size: float) -> bool:
        """Tell whether the description is set flush-left at a body size."""
        return self.flush_left or 0.0 < self.justify_max < size - 1e-9


@dataclass(frozen=True)
class Colours:
    """Colours of the card as "#rrggbb" (tint is a fraction 0..1)."""

    text: str
    muted: str
    background: str
    title: str
    frame: str
    tint: float
    # the light back's ground (--back-style light): warm paper, about 5 % ink
    light_back: str = "#f8f1e0"


DESIGN_FILLS = ("solid", "outline")
DESIGN_GRIDS = ("stacked", "run-in")


@dataclass(frozen=True)
class Design:
    """How the school colour is laid on a card: the optional [design] table.

    "solid" fills the frame, the title band, the grid's tint and the badges with it (white
    text on it); "outline" keeps the card paper-white and draws the school colour only as
    thin lines (the band's outline, the grid's rules, the disc's edge) and the icons, with
    dark text everywhere: an ink-saving theme.
    """

    fill: str = "solid"
    line: float = 0.6  # points: the width of the outlines of an "outline" design
    grid: str = "stacked"  # "stacked": each stat's label above its value; "run-in": before it


@dataclass(frozen=True)
class Layout:
    """A card design: size and margins in points, fonts by role, sizes and colours."""

    name: str
    path: str
    description: str
    width: float
    height: float
    safe_margin: float
    frame: float
    panel_radius: float
    fonts: Mapping[str, str]
    sizes: TypeSizes
    colours: Colours
    school_colours: Mapping[str, str]
    spacing: Spacing = Spacing()
    design: Design = Design()
    backs: BackSpacing = BackSpacing()
    index: IndexSpacing = IndexSpacing()
    icons: Mapping[str, Icon] = field(default_factory=lambda: MappingProxyType({}))
    # ^ by school, "rituál", "soustředění"
    cmyk: Mapping[str, tuple[float, float, float, float]] = field(
        default_factory=lambda: MappingProxyType({})
    )
    # ^ the print twins of the colours (0..1 each), by colour key or school: cards/inks.py

    @property
    def body_max(self) -> float:
        return self.sizes.body_max

    @property
    def body_min(self) -> float:
        return self.sizes.body_min

    @property
    def leading(self) -> float:
        return self.sizes.leading

    @property
    def background(self) -> str:
        return self.colours.background

    @property
    def bleed_colour(self) -> str:
        return self.colours.frame

    @property
    def outline(self) -> bool:
        """True for a design that draws the school colour as lines only (ink-saver)."""
        return self.design.fill == "outline"

    def __hash__(self) -> int:
        # The mappings are read-only views; the file and size identify a layout.
        return hash((self.name, self.path, self.width, self.height))

    def school_colour(self, school: str) -> str:
        """Return the colour of a school, or the plain frame colour for an unknown one."""
        return self.school_colours.get(school, self.colours.frame)


def _size(low: float, high: float = 30.0, default: float | None = None) -> Number:
    return Number(low, high, default, unit="pt")


_SIZE_KEYS = {
    "body_max": _size(4.0),
    "body_min": _size(4.0, default=6.5),
    "leading": Number(1.0, 2.0),
    "paragraph_gap": Number(0.0, 2.0),
    "title_max": _size(SMALLEST_TYPE, 40.0),
    "title_min": _size(SMALLEST_TYPE, 40.0),
    "part": _size(SMALLEST_TYPE),
    "name_en": _size(SMALLEST_TYPE),
    "level": _size(SMALLEST_TYPE),
    "badge": _size(SMALLEST_TYPE),
    "label": _size(SMALLEST_TYPE),
    "stat": _size(SMALLEST_TYPE),
    "material": _size(SMALLEST_TYPE),
    "footer": _size(SMALLEST_TYPE),
    "table_min": _size(SMALLEST_TYPE),
    "bullet_indent": Number(0.0, 5.0),
    "expansion": Number(0.0, 0.05, 0.02),
    "back_min": _size(SMALLEST_TYPE, default=SMALLEST_TYPE),
    "squeeze": Number(0.0, 0.9, 0.5),
    "justify_max": Number(0.0, 30.0, 0.0, unit="pt"),
    "leading_max": Number(1.0, 2.0, 0.0),
    "paragraph_gap_max": Number(0.0, 2.0, 0.0),
}
_MAX_STEPS = 12  # the most body sizes a layout may list in type.size_steps
_COLOUR_KEYS = ("text", "muted", "background", "title", "frame")
_CARD_KEYS = {
    "width_mm": Number(20.0, 300.0, unit="mm"),
    "height_mm": Number(20.0, 300.0, unit="mm"),
    "safe_margin_mm": Number(2.0, 20.0, unit="mm"),
    "frame_mm": Number(0.0, 20.0, unit="mm"),
    "panel_radius_mm": Number(0.0, 10.0, unit="mm"),
}


def _measure(name: str, default: float) -> tuple[str, Number, float]:
    """Return a measure's TOML key, its range and its factor to points, by its name's unit.

    Ems and lines 0..5, shares 0..1 (a share is a fraction), type sizes as in [type], a
    leading 1..2, other lengths in points 0..20.
    """
    if name.endswith(("_em", "_lines")):
        return name, Number(0.0, 5.0, default), 1.0
    if name.endswith("_share"):
        return name, Number(0.0, 1.0, default), 1.0
    if name == "leading":
        return name, Number(1.0, 2.0, default), 1.0
    if name.endswith("size") or name.endswith("_min"):
        return name, _size(SMALLEST_TYPE if name == "min_size" else 4.0, default=default), 1.0
    return name, Number(0.0, 20.0, default, unit="pt"), 1.0


def _in_mm(name: str, default: float, high: float) -> tuple[str, Number, float]:
    return f"{name}_mm", Number(0.0, high, default / mm, unit="mm"), mm


def _spec(cls: type, lengths_in_mm: Mapping[str, float]) -> dict[str, tuple[str, Number, float]]:
    """Return each field of a measures class with its key, range and factor to points."""
    spec = {}
    for item in fields(cls):
        if item.name in lengths_in_mm:
            spec[item.name] = _in_mm(item.name, item.default, lengths_in_mm[item.name])
        else:
            spec[item.name] = _measure(item.name, item.default)
    return spec


_SPACING = _spec(Spacing, {})
_BACKS = _spec(BackSpacing, {"rule": 20.0, "inner_rule": 10.0, "medallion": 50.0, "icon": 30.0})
_INDEX = _spec(
    IndexSpacing,
    {
        "margin": 50.0,
        "gutter": 50.0,
        "column_width": 300.0,
        "min_paper_width": 1200.0,
        "marks_from_right": 300.0,
        "level_from_right": 300.0,
        "school_from_right": 300.0,
        "english_gap": 20.0,
        "icon_gap": 20.0,
    },
)


def _schema() -> dict[str, tuple[str, ...] | None]:
    """Return the tables and keys a card layout may hold."""
    return {
        "kind": None,
        "base": None,
        "description": None,
        "name": None,
        "card": tuple(_CARD_KEYS),
        "fonts": FONT_ROLES,
        "type": (*_SIZE_KEYS, "size_steps", "flush_left"),
        "colours": (*_COLOUR_KEYS, "tint", "light_back"),
        "school_colours": SCHOOLS,
        "cmyk": (*_COLOUR_KEYS, "light_back", *SCHOOLS),
        "design": ("fill", "line", "grid"),
        "spacing": tuple(key for key, _, _ in _SPACING.values()),
        "icons": (*SCHOOLS, *ICON_MARKS),
        "backs": tuple(key for key, _, _ in _BACKS.values()),
        "index": tuple(key for key, _, _ in _INDEX.values()),
    }


LAYOUT_SCHEMA = _schema()
LAYOUT_KEYS = tuple(LAYOUT_SCHEMA)  # the keys and tables a card layout may hold


def _layout_path(name_or_path: str | Path) -> Path:
    text = str(name_or_path)
    # A path has a folder part ("/" anywhere, "\\" on Windows too) or the .toml suffix.
    if isinstance(name_or_path, Path) or text.endswith(".toml") or len(Path(text).parts) > 1:
        path = Path(name_or_path)
        if not path.exists():
            raise LayoutError(say("layout_no_file", file=path))
        return path  # a folder or a device is refused by the input gate when read
    path = LAYOUT_DIR / f"{text}.toml"
    if text not in list_layouts() or not path.is_file():
        raise LayoutError(say("layout_unknown", name=text, choices=", ".join(list_layouts())))
    return path


def _base_path(reader_path: Path, value: object) -> Path:
    """Resolve a layout's `base`: a layout name under layouts/ or a .toml file beside it (a
    bare file name not found beside it is looked for under layouts/)."""
    choices = ", ".join(list_layouts())
    if not isinstance(value, str) or not value:
        raise Settings(reader_path, {}, LayoutError).fail(
            "base", say("layout_base", choices=choices), value
        )
    if value.endswith(".toml") or len(Path(value).parts) > 1:
        path = reader_path.parent / value
        if not path.is_file() and len(Path(value).parts) == 1:
            path = LAYOUT_DIR / value  # "poker.toml": the shipped file, if none is beside
    else:
        path = LAYOUT_DIR / f"{value}.toml"
    if not path.is_file():
        raise Settings(reader_path, {}, LayoutError).fail(
            "base", say("layout_base_missing", choices=choices), value
        )
    return path


def _check(path: Path, data: dict) -> None:
    check_keys(data, LAYOUT_SCHEMA, path, LayoutError)


def _read(path: Path) -> tuple[dict, tuple[Path, ...]]:
    """Read a layout file and its chain of bases, each checked; return the merge and the files."""
    own = read_file(path, LayoutError)
    _check(path, own)
    return with_base(path, own, _base_path, _check, LayoutError)


def layout_files(name_or_path: str | Path) -> tuple[Path, ...]:
    """Return the files a layout is read from: the file, its bases, and the fonts and icons
    found beside them; () for a layout that cannot be read (its loading says why)."""
    try:
        path = _layout_path(name_or_path)
        data, chain = _read(path)
    except LayoutError:
        return ()
    files = list(chain)
    for table in ("fonts", "icons"):
        values = data.get(table)
        if not isinstance(values, dict):
            continue
        for value in values.values():
            if isinstance(value, str) and value:
                files.extend(p / value for p in {c.parent for c in chain} if (p / value).is_file())
    return tuple(dict.fromkeys(files))


_REGISTERED: dict[Path, str] = {}  # font file (resolved) -> its name with reportlab


def register_font(file: Path) -> str:
    """Register a TrueType file with reportlab once and return its font name.

    A shipped font (in fonts/) is named by its file stem; any other file by its stem and a
    digest of its bytes, so a font of one's own named like a shipped one is that font, not
    the shipped one, and the same file gives the same name in every process.
    """
    resolved = file.resolve()
    name = _REGISTERED.get(resolved)
    if name is not None:
        return name
    name = file.stem
    if resolved.parent != FONT_DIR.resolve():
        name = f"{file.stem}-{hashlib.sha256(resolved.read_bytes()).hexdigest()[:10]}"
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, str(resolved)))
    _REGISTERED[resolved] = name
    return name


def _file(
    reader: Settings,
    key: str,
    value: object,
    suffix: str,
    folders: tuple[Path, ...],
    expected: str,
    missing: str,
) -> Path:
    """Return a file a layout names (a font, an icon): beside the layout, else shipped."""
    if not isinstance(value, str) or not value.lower().endswith(suffix):
        raise reader.fail(key, expected, value)
    file = next((f / value for f in folders if (f / value).is_file()), None)
    if file is None:
        raise reader.fail(key, missing, value)
    return file


def _fonts(reader: Settings, here: Path) -> Mapping[str, str]:
    table = reader.table("fonts")
    names = {}
    for role in FONT_ROLES:
        value = table.get(role)
        if value is None and role in _FONT_FALLBACK:
            names[role] = names[_FONT_FALLBACK[role]]
            continue
        key = f"fonts.{role}"
        file = _file(
            reader,
            key,
            value,
            ".ttf",
            (here, FONT_DIR),
            say("layout_font"),
            say("layout_font_missing", folder=FONT_DIR),
        )
        try:
            names[role] = register_font(file)
        except (TTFError, struct.error, ValueError, IndexError, KeyError) as error:
            # A truncated or garbage file fails inside reportlab's reader in many ways.
            # reportlab's own (English) words are not shown; the file is named instead.
            raise reader.fail(key, say("layout_font_broken", font=file), value) from error
    return MappingProxyType(names)


def _sizes(reader: Settings) -> TypeSizes:
    reader.table("type")
    values = {key: reader.number(f"type.{key}", spec) for key, spec in _SIZE_KEYS.items()}
    for low, high in (("body_min", "body_max"), ("title_min", "title_max")):
        if values[low] > values[high]:
            raise reader.fail(
                f"type.{low}", say("layout_at_most", setting=f"type.{high}"), values[low]
            )
    flush_left = reader.get("type.flush_left", False)
    if not isinstance(flush_left, bool):
        raise reader.fail(
            "type.flush_left", say("config_choice", choices="true, false"), flush_left
        )
    return TypeSizes(**values, size_steps=_size_steps(reader), flush_left=flush_left)


def _size_steps(reader: Settings) -> tuple[float, ...]:
    """Read type.size_steps: falling body sizes in points, or () when absent."""
    if not reader.has("type.size_steps"):
        return ()
    value = reader.get("type.size_steps")
    low, high = _SIZE_KEYS["body_max"].low, _SIZE_KEYS["body_max"].high
    expected = say("layout_steps", count=_MAX_STEPS, low=f"{low:g}", high=f"{high:g}")
    if not isinstance(value, list) or not 2 <= len(value) <= _MAX_STEPS:
        raise reader.fail("type.size_steps", expected, value)
    if any(isinstance(step, bool) or not isinstance(step, int | float) for step in value):
        raise reader.fail("type.size_steps", expected, value)
    steps = tuple(float(step) for step in value)
    falling = all(a > b for a, b in zip(steps, steps[1:], strict=False))
    if not falling or not all(low <= step <= high for step in steps):
        raise reader.fail("type.size_steps", expected, value)
    return steps


def _colours(reader: Settings) -> tuple[Colours, Mapping[str, str]]:
    reader.table("colours")
    values = {key: reader.colour(f"colours.{key}") for key in _COLOUR_KEYS}
    light_back = Colours.light_back
    if reader.has("colours.light_back"):
        light_back = reader.colour("colours.light_back")
    tint = reader.number("colours.tint", Number(0.0, 1.0))
    colours = Colours(**values, tint=tint, light_back=light_back)
    reader.table("school_colours")
    school_colours = {school: reader.colour(f"school_colours.{school}") for school in SCHOOLS}
    return colours, MappingProxyType(school_colours)


def _design(reader: Settings) -> Design:
    reader.table("design", required=False)
    return Design(
        fill=reader.choice("design.fill", DESIGN_FILLS, Design.fill),
        line=reader.number("design.line", Number(0.1, 3.0, Design.line, unit="pt")),
        grid=reader.choice("design.grid", DESIGN_GRIDS, Design.grid),
    )


def _measures(reader: Settings, table: str, cls: type, spec: Mapping):
    """Read an optional table of measures (spacing, backs, index) into its class."""
    given = reader.table(table, required=False)
    values = {}
    for name, (key, number, factor) in spec.items():
        if key in given:
            values[name] = reader.number(f"{table}.{key}", number) * factor
    return cls(**values)


def _card(reader: Settings) -> tuple[float, float, float, float, float]:
    reader.table("card")
    width, height, safe, frame, radius = (
        reader.number(f"card.{key}", spec) * mm for key, spec in _CARD_KEYS.items()
    )
    if frame >= safe:
        raise reader.fail(
            "card.frame_mm", say("layout_less_than", setting="card.safe_margin_mm"), frame / mm
        )
    if 2 * safe >= min(width, height) / 2:
        raise reader.fail("card.safe_margin_mm", say("layout_quarter"), safe / mm)
    return width, height, safe, frame, radius


def load_layout(name_or_path: str | Path = "poker") -> Layout:
    """Load and check a card layout by name (file stem under layouts/) or path; register fonts.

    A file with a `base` key (a layout name or a .toml file beside it) takes every table of
    that layout and overrides only the keys it gives.
    """
    path = _layout_path(name_or_path)
    data, _ = _read(path)
    reader = Settings(path, data, LayoutError)
    if "kind" not in data:
        raise reader.missing("kind", say("layout_kind"))
    if data["kind"] != "card":
        raise reader.fail("kind", say("layout_kind"), data["kind"])
    width, height, safe, frame, radius = _card(reader)
    colours, school_colours = _colours(reader)
    return Layout(
        name=path.stem,
        path=str(path),
        description=reader.text("description", path.stem),
        width=width,
        height=height,
        safe_margin=safe,
        frame=frame,
        panel_radius=radius,
        fonts=_fonts(reader, path.parent),
        sizes=_sizes(reader),
        colours=colours,
        school_colours=school_colours,
        spacing=_measures(reader, "spacing", Spacing, _SPACING),
        design=_design(reader),
        backs=_measures(reader, "backs", BackSpacing, _BACKS),
        index=_measures(reader, "index", IndexSpacing, _INDEX),
        icons=_icons(reader, path.parent, school_colours),
        cmyk=_cmyk(reader),
    )


def _cmyk(reader: Settings) -> Mapping[str, tuple[float, float, float, float]]:
    """Read the optional [cmyk] table: four percentages per colour key or school."""
    inks = {}
    for key, value in reader.table("cmyk", required=False).items():
        if (
            not isinstance(value, list)
            or len(value) != 4
            or not all(
                isinstance(v, int | float) and not isinstance(v, bool) and 0 <= v <= 100
                for v in value
            )
        ):
            raise reader.fail(f"cmyk.{key}", say("config_cmyk"), value)
        inks[key] = tuple(v / 100 for v in value)
    return MappingProxyType(inks)


def _icons(reader: Settings, here: Path, schools: Mapping[str, str]) -> Mapping[str, Icon]:
    """Read the optional [icons] table: an SVG file per school, for rituals and concentration."""
    if not reader.has("icons"):
        return MappingProxyType({})
    table = reader.table("icons")
    icons = {}
    folder_ = LAYOUT_DIR / "icons"
    for key, value in table.items():
        file = _file(
            reader,
            f"icons.{key}",
            value,
            ".svg",
            (here, folder_),
            say("layout_icon"),
            say("layout_icon_missing", folder=folder_),
        )
        icons[key] = load_icon(file)
    return MappingProxyType(icons)


def list_layouts() -> list[str]:
    """Return the names of the card layouts under layouts/ (sheet files left out)."""
    return list(catalogue("card"))
