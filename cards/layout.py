"""Card layouts: read and check a layouts/*.toml card file, register its fonts."""

from __future__ import annotations

import re
import struct
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from types import MappingProxyType

from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from cards.errors import CardsError
from cards.icons import Icon, load_icon
from cards.inputs import InputError, load_toml
from cards.model import SCHOOLS
from cards.resources import folder

LAYOUT_DIR = folder("layouts")
FONT_DIR = folder("fonts")

FONT_ROLES = ("body", "bold", "italic", "bold_italic", "title", "stat")
_FONT_FALLBACK = {"stat": "bold"}  # a role a layout may leave out, and the role it takes
_HEX = re.compile(r"#[0-9a-fA-F]{6}")


MAX_BASES = 32  # a theme of a theme of poker is 2; a longer chain is a mistake (or a loop)


# The keys and tables a card layout may hold.
LAYOUT_KEYS = (
    "kind",
    "base",
    "description",
    "name",
    "card",
    "fonts",
    "type",
    "colours",
    "school_colours",
    "design",
    "spacing",
    "icons",
)


def did_you_mean(key: str, allowed) -> str:
    """Return " (did you mean 'x'?)" for the allowed name nearest a misspelt one, or ""."""
    import difflib

    lowered = {name.lower(): name for name in allowed}
    near = difflib.get_close_matches(key.lower(), list(lowered), n=1, cutoff=0.6)
    return f" (did you mean '{lowered[near[0]]}'?)" if near else ""


class LayoutError(CardsError):
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
    back_min: float = 5.5  # nothing on a card's back is set smaller
    # The body sizes the fitter may choose, largest first; those outside body_min..body_max
    # are left out and those two always join. Empty: every 0.1 pt from body_min to body_max.
    size_steps: tuple[float, ...] = ()


@dataclass(frozen=True)
class Spacing:
    """Spacing of the card's furniture, in points; names ending in _em are in ems of their text.

    Read from the layout's optional [spacing] table; a missing key keeps its default here.
    """

    title_ascent_em: float = 0.72  # the name's first baseline below the safe top
    title_line_em: float = 1.08  # between the lines of a two-line name
    part_reserve: float = 4.0  # beside the widest part label "88/88" to the right of the name
    subtitle_above: float = 0.6  # English name and level below the name
    subtitle_apart: float = 6.0  # least space between the English name and the level
    level_below: float = 0.3  # the level on its own line below the English name
    band_below: float = 1.2  # the band's bottom below its last line's descent (or the disc)
    disc_em: float = 1.9  # the level's disc, in ems of the largest title size
    disc_share: float = 0.14  # and at most this share of the text column's width
    disc_rise: float = 0.6  # the disc's top above the safe top
    disc_apart: float = 3.0  # between the disc and the text beside it
    disc_numeral_em: float = 0.62  # the numeral, in diameters
    icon_em: float = 1.2  # the school's icon, in ems of the level's size
    icon_apart: float = 1.5  # between the icon and the school's name
    icon_drop_em: float = 0.1  # the icon's bottom below the baseline, in icon sizes
    grid_above: float = 1.6  # the stat grid below the band
    grid_pad: float = 2.0  # inside each grid cell
    grid_rule: float = 0.8  # width of the grid's dividing rules
    grid_radius: float = 1.5  # corners of the grid's tint
    stat_above: float = 0.3  # a value below its label
    stat_line_em: float = 1.1  # between lines of a value
    stat_below: float = 1.0  # a cell's bottom below its value's descent, less the pad
    badge_apart: float = 3.0  # a badge beside its label
    badge_lift: float = 1.6  # more room above a value when a badge sits beside its label
    badge_below: float = 1.8  # a badge below its value, when it does not fit beside the label
    badge_cell_below: float = 0.6  # a cell's bottom below such a badge, less the pad
    badge_pad_em: float = 0.45  # inside the pill, left and right
    badge_height_em: float = 1.3  # of the pill
    badge_drop_em: float = 0.3  # the pill's bottom below the word's baseline
    badge_icon_em: float = 1.05  # a mark's icon in the pill, in ems of the badge's size
    material_above: float = 1.5  # the material note below the grid
    material_line_em: float = 1.1  # between the lines of the material note
    text_above: float = 2.6  # the description below the grid (or band)
    text_below: float = 2.2  # the description above the footer's rule
    footer_apart: float = 6.0  # between the classes and the sources
    footer_drop_em: float = 0.6  # the footer's baseline above the safe bottom, in descents
    footer_line_em: float = 1.1  # between the lines of the classes
    footer_rule_above: float = 1.5  # the footer's rule above its top line
    footer_rule: float = 0.5  # width of the footer's rule
    higher_pad_em: float = 0.45  # "Na vyšších úrovních." panel: inside, left and right
    higher_pad: float = 1.5  # added to that
    higher_pad_y_em: float = 0.3  # inside, above and below
    higher_gap_lines: float = 1.5  # space above the panel, in paragraph gaps
    higher_bar_inset: float = 0.6  # the school-coloured bar's centre from the panel's edge
    higher_bar: float = 1.2  # its width
    bullet_x_em: float = 0.25  # the bullet from the column's edge
    bullet_gap_share: float = 0.25  # space between items, as a share of the paragraph gap
    table_pad_em: float = 0.3  # inside table cells
    table_rule: float = 0.3  # rules between rows
    table_strong_rule: float = 0.8  # above and below the header, below the last row
    run_in_apart: float = 2.5  # a run-in stat label before its value (design.grid "run-in")


@dataclass(frozen=True)
class Colours:
    """Colours of the card as "#rrggbb" (tint is a fraction 0..1)."""

    text: str
    muted: str
    background: str
    title: str
    frame: str
    tint: float


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
    icons: Mapping[str, Icon] = field(default_factory=lambda: MappingProxyType({}))
    # ^ by school, "rituál", "soustředění"

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


_SIZE_KEYS = {
    "body_max": (4.0, 30.0),
    "body_min": (4.0, 30.0),
    "leading": (1.0, 2.0),
    "paragraph_gap": (0.0, 2.0),
    "title_max": (5.5, 40.0),
    "title_min": (5.5, 40.0),
    "part": (5.5, 30.0),
    "name_en": (5.5, 30.0),
    "level": (5.5, 30.0),
    "badge": (5.5, 30.0),
    "label": (5.5, 30.0),
    "stat": (5.5, 30.0),
    "material": (5.5, 30.0),
    "footer": (5.5, 30.0),
    "table_min": (5.5, 30.0),
    "bullet_indent": (0.0, 5.0),
    "expansion": (0.0, 0.05),
    "back_min": (5.5, 30.0),
    "squeeze": (0.0, 0.9),
}
_DEFAULTS = {"body_min": 6.5, "expansion": 0.02, "back_min": 5.5, "squeeze": 0.5}
_MAX_STEPS = 12  # the most body sizes a layout may list in type.size_steps
_COLOUR_KEYS = ("text", "muted", "background", "title", "frame")


class _Reader:
    """Read values from one layout file, naming the file and key in every error."""

    def __init__(self, path: Path, data: Mapping):
        self.path = path
        self.data = data

    def fail(self, key: str, value: object, expected: str) -> LayoutError:
        return LayoutError(f"{self.path}: key '{key}' = {value!r}: expected {expected}")

    def table(self, key: str) -> Mapping:
        value = self.data.get(key)
        if not isinstance(value, dict):
            raise self.fail(key, value, "a [" + key + "] table")
        return value

    def check_keys(self, section: str, table: Mapping, allowed) -> None:
        for key in table:
            if key not in allowed:
                raise LayoutError(
                    f"{self.path}: unknown key '{section}.{key}'{did_you_mean(key, allowed)}; "
                    f"expected one of: {', '.join(sorted(allowed))}"
                )

    def number(self, section: str, table: Mapping, key: str, low: float, high: float) -> float:
        full = f"{section}.{key}"
        if key not in table:
            if key in _DEFAULTS:
                return _DEFAULTS[key]
            raise LayoutError(f"{self.path}: missing key '{full}': expected a number")
        value = table[key]
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.fail(full, value, f"a number from {low:g} to {high:g}")
        if not low <= value <= high:
            raise self.fail(full, value, f"a number from {low:g} to {high:g}")
        return float(value)

    def colour(self, section: str, table: Mapping, key: str) -> str:
        value = table.get(key)
        if not isinstance(value, str) or not _HEX.fullmatch(value):
            raise self.fail(f"{section}.{key}", value, 'a colour "#rrggbb"')
        return value.lower()

    def text(self, key: str, default: str) -> str:
        value = self.data.get(key, default)
        if not isinstance(value, str):
            raise self.fail(key, value, "a string")
        return value


def _layout_path(name_or_path: str | Path) -> Path:
    text = str(name_or_path)
    # A path has a folder part ("/" anywhere, "\\" on Windows too) or the .toml suffix.
    if isinstance(name_or_path, Path) or text.endswith(".toml") or len(Path(text).parts) > 1:
        path = Path(name_or_path)
        if not path.exists():
            raise LayoutError(f"{path}: no such layout file")
        return path  # a folder or a device is refused by the input gate when read
    path = LAYOUT_DIR / f"{text}.toml"
    if not path.is_file() or text not in list_layouts():
        raise LayoutError(
            f"unknown layout '{text}'; available layouts: {', '.join(list_layouts())} "
            "(or give the path of a .toml file)"
        )
    return path


def _base_path(reader_path: Path, value: object) -> Path:
    """Resolve a layout's `base`: a layout name under layouts/ or a .toml file beside it (a
    bare file name not found beside it is looked for under layouts/)."""
    if not isinstance(value, str) or not value:
        raise LayoutError(
            f"{reader_path}: key 'base' = {value!r}: expected the name of a card layout "
            f"({', '.join(list_layouts())}) or a .toml file"
        )
    if value.endswith(".toml") or len(Path(value).parts) > 1:
        path = reader_path.parent / value
        if not path.is_file() and len(Path(value).parts) == 1:
            path = LAYOUT_DIR / value  # "poker.toml": the shipped file, if none is beside
    else:
        path = LAYOUT_DIR / f"{value}.toml"
    if not path.is_file():
        raise LayoutError(
            f"{reader_path}: key 'base' = {value!r}: no such layout; expected one of: "
            f"{', '.join(list_layouts())} (or a .toml file beside this one)"
        )
    return path


def _with_base(path: Path, data: dict, seen: tuple[Path, ...] = ()) -> dict:
    """Return a layout's tables merged over those of its `base` layout, recursively.

    A table of the file replaces the base's values key by key (a [type] table naming only
    body sizes keeps the base's other sizes); a key outside tables replaces the base's.
    """
    if "base" not in data:
        return data
    if len(seen) >= MAX_BASES:
        raise LayoutError(
            f"{path}: key 'base' = {data['base']!r}: a chain of more than {MAX_BASES} bases "
            f"(from {seen[0]}); base the layout on a shipped one"
        )
    base_path = _base_path(path, data["base"])
    chain = (*seen, path.resolve())
    if base_path.resolve() in chain:
        names = " -> ".join(p.name for p in (*chain, base_path.resolve()))
        raise LayoutError(f"{path}: key 'base' = {data['base']!r}: a cycle of bases ({names})")
    merged = dict(_with_base(base_path, _read_toml(base_path), chain))
    merged.pop("description", None)
    for key, value in data.items():
        if key == "base":
            continue
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = {**merged[key], **value}
        else:
            merged[key] = value
    return merged


def _read_toml(path: Path) -> dict:
    """Read a layout file through the input gate (a regular file, bounded, UTF-8 or UTF-16)."""
    try:
        return load_toml(path)
    except tomllib.TOMLDecodeError as error:
        raise LayoutError(f"{path}: not valid TOML: {error}") from error
    except InputError as error:
        raise LayoutError(str(error)) from None


def register_font(file: Path) -> str:
    """Register a TrueType file with reportlab once and return its font name."""
    name = file.stem
    if name in pdfmetrics.getRegisteredFontNames():
        return name
    pdfmetrics.registerFont(TTFont(name, str(file)))
    return name


def _fonts(reader: _Reader) -> Mapping[str, str]:
    table = reader.table("fonts")
    reader.check_keys("fonts", table, FONT_ROLES)
    names = {}
    for role in FONT_ROLES:
        value = table.get(role)
        if value is None and role in _FONT_FALLBACK:
            names[role] = names[_FONT_FALLBACK[role]]
            continue
        if not isinstance(value, str) or not value.lower().endswith(".ttf"):
            raise reader.fail(f"fonts.{role}", value, "the name of a TrueType .ttf file in fonts/")
        candidates = [reader.path.parent / value, FONT_DIR / value]
        file = next((path for path in candidates if path.is_file()), None)
        if file is None:
            raise reader.fail(f"fonts.{role}", value, f"a .ttf file in {FONT_DIR}")
        try:
            names[role] = register_font(file)
        except (TTFError, struct.error, ValueError, IndexError, KeyError) as error:
            # A truncated or garbage file fails inside reportlab's reader in many ways.
            raise reader.fail(
                f"fonts.{role}", value, f"a TrueType font with glyf outlines ({error})"
            ) from error
    return MappingProxyType(names)


def _sizes(reader: _Reader) -> TypeSizes:
    table = reader.table("type")
    reader.check_keys("type", table, (*_SIZE_KEYS, "size_steps"))
    values = {key: reader.number("type", table, key, *limits) for key, limits in _SIZE_KEYS.items()}
    if values["body_min"] > values["body_max"]:
        raise reader.fail("type.body_min", values["body_min"], "at most type.body_max")
    if values["title_min"] > values["title_max"]:
        raise reader.fail("type.title_min", values["title_min"], "at most type.title_max")
    steps = _size_steps(reader, table)
    return TypeSizes(**values, size_steps=steps)


def _size_steps(reader: _Reader, table: Mapping) -> tuple[float, ...]:
    """Read type.size_steps: falling body sizes in points, or () when absent."""
    if "size_steps" not in table:
        return ()
    value = table["size_steps"]
    low, high = _SIZE_KEYS["body_max"]
    expected = f"a list of 2 to {_MAX_STEPS} falling sizes from {low:g} to {high:g} pt"
    if not isinstance(value, list) or not 2 <= len(value) <= _MAX_STEPS:
        raise reader.fail("type.size_steps", value, expected)
    if any(isinstance(step, bool) or not isinstance(step, int | float) for step in value):
        raise reader.fail("type.size_steps", value, expected)
    steps = tuple(float(step) for step in value)
    falling = all(a > b for a, b in zip(steps, steps[1:], strict=False))
    if not falling or not all(low <= step <= high for step in steps):
        raise reader.fail("type.size_steps", value, expected)
    return steps


def _colours(reader: _Reader) -> tuple[Colours, Mapping[str, str]]:
    table = reader.table("colours")
    reader.check_keys("colours", table, (*_COLOUR_KEYS, "tint"))
    values = {key: reader.colour("colours", table, key) for key in _COLOUR_KEYS}
    colours = Colours(**values, tint=reader.number("colours", table, "tint", 0.0, 1.0))
    schools = reader.table("school_colours")
    reader.check_keys("school_colours", schools, SCHOOLS)
    school_colours = {
        school: reader.colour("school_colours", schools, school) for school in SCHOOLS
    }
    return colours, MappingProxyType(school_colours)


def _design(reader: _Reader) -> Design:
    table = reader.data.get("design", {})
    if not isinstance(table, Mapping):
        raise reader.fail("design", table, "a [design] table")
    reader.check_keys("design", table, ("fill", "line", "grid"))
    fill = table.get("fill", Design.fill)
    if fill not in DESIGN_FILLS:
        raise reader.fail("design.fill", fill, " or ".join(f'"{f}"' for f in DESIGN_FILLS))
    line = Design.line
    if "line" in table:
        line = reader.number("design", table, "line", 0.1, 3.0)
    grid = table.get("grid", Design.grid)
    if grid not in DESIGN_GRIDS:
        raise reader.fail("design.grid", grid, " or ".join(f'"{g}"' for g in DESIGN_GRIDS))
    return Design(fill=fill, line=line, grid=grid)


def _spacing(reader: _Reader) -> Spacing:
    table = reader.data.get("spacing", {})
    if not isinstance(table, Mapping):
        raise reader.fail("spacing", table, "a [spacing] table")
    keys = {f.name for f in fields(Spacing)}
    reader.check_keys("spacing", table, keys)
    return Spacing(**{key: reader.number("spacing", table, key, 0.0, 50.0) for key in table})


def load_layout(name_or_path: str | Path = "poker") -> Layout:
    """Load and check a card layout by name (file stem under layouts/) or path; register fonts.

    A file with a `base` key (a layout name or a .toml file beside it) takes every table of
    that layout and overrides only the keys it gives.
    """
    path = _layout_path(name_or_path)
    own = _read_toml(path)
    for key, value in own.items():  # the file's own keys: a misspelt [colour] is not ignored
        if key not in LAYOUT_KEYS:
            what = "table" if isinstance(value, dict) else "key"
            raise LayoutError(
                f"{path}: unknown {what} '{key}'{did_you_mean(key, LAYOUT_KEYS)}; "
                f"expected one of: {', '.join(LAYOUT_KEYS)}"
            )
    reader = _Reader(path, _with_base(path, own))
    kind = reader.data.get("kind")
    if kind != "card":
        raise reader.fail("kind", kind, '"card" (this is not a card layout)')
    card = reader.table("card")
    reader.check_keys(
        "card", card, ("width_mm", "height_mm", "safe_margin_mm", "frame_mm", "panel_radius_mm")
    )
    width = reader.number("card", card, "width_mm", 20.0, 300.0) * mm
    height = reader.number("card", card, "height_mm", 20.0, 300.0) * mm
    safe = reader.number("card", card, "safe_margin_mm", 2.0, 20.0) * mm
    frame = reader.number("card", card, "frame_mm", 0.0, 20.0) * mm
    radius = reader.number("card", card, "panel_radius_mm", 0.0, 10.0) * mm
    if frame >= safe:
        raise reader.fail("card.frame_mm", frame / mm, "less than card.safe_margin_mm")
    if 2 * safe >= min(width, height) / 2:
        raise reader.fail("card.safe_margin_mm", safe / mm, "less than a quarter of the card")
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
        fonts=_fonts(reader),
        sizes=_sizes(reader),
        colours=colours,
        school_colours=school_colours,
        spacing=_spacing(reader),
        design=_design(reader),
        icons=_icons(reader, school_colours),
    )


ICON_MARKS = ("rituál", "soustředění")


def _icons(reader: _Reader, schools: Mapping[str, str]) -> Mapping[str, Icon]:
    """Read the optional [icons] table: an SVG file per school, for rituals and concentration."""
    if "icons" not in reader.data:
        return MappingProxyType({})
    table = reader.table("icons")
    reader.check_keys("icons", table, (*schools, *ICON_MARKS))
    icons = {}
    for key, value in table.items():
        if not isinstance(value, str) or not value.lower().endswith(".svg"):
            raise reader.fail(f"icons.{key}", value, "the name of an .svg file in layouts/icons/")
        candidates = [reader.path.parent / value, LAYOUT_DIR / "icons" / value]
        file = next((path for path in candidates if path.is_file()), None)
        if file is None:
            raise reader.fail(f"icons.{key}", value, f"an .svg file in {LAYOUT_DIR / 'icons'}")
        icons[key] = load_icon(file)
    return MappingProxyType(icons)


def list_layouts() -> list[str]:
    """Return the names of the card layouts under layouts/ (sheet files left out)."""
    names = []
    for path in sorted(LAYOUT_DIR.glob("*.toml")):
        try:
            data = _read_toml(path)
        except LayoutError:
            continue
        if data.get("kind") == "card" or "base" in data:
            names.append(path.stem)
    return names
