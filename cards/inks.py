"""Print colour: every screen colour of a layout as CMYK ink, through the shipped output profile.

The layouts give the CMYK twin of each of their colours (the [cmyk] table); this module turns
a layout into `Inks`, the one answer to "which ink for this #rrggbb": the layout's own values,
neutral greys on black ink alone, and any other colour (the tints too) through the profile
(relative colorimetric, littlecms via Pillow's ImageCms).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from cards.resources import resource

# Built with ArgyllCMS from FOGRA39L.ti3 (Debian's icc-profiles-free): layouts/tiskarny/README.md.
PROFILE_FILE = resource("layouts", "tiskarny/KartotekaFOGRA39L.icc")
# The characterisation the profile is made from, as the ICC registry names it.
OUTPUT_CONDITION = "FOGRA39"
OUTPUT_CONDITION_INFO = "Coated FOGRA39 (ISO 12647-2:2004/Amd 1, paper type 1 or 2)"
REGISTRY = "http://www.color.org"

Cmyk = tuple[float, float, float, float]  # 0..1 each


@lru_cache(maxsize=1)
def profile_bytes() -> bytes:
    """Return the output profile's bytes (embedded as the PDF/X output intent)."""
    return PROFILE_FILE.read_bytes()


@lru_cache(maxsize=1)
def _transforms():
    import io

    from PIL import ImageCms

    cmyk = ImageCms.ImageCmsProfile(io.BytesIO(profile_bytes()))
    srgb = ImageCms.createProfile("sRGB")
    lab = ImageCms.createProfile("LAB", 5000)
    relative = ImageCms.Intent.RELATIVE_COLORIMETRIC
    return (
        ImageCms.buildTransform(srgb, cmyk, "RGB", "CMYK", relative),
        ImageCms.buildTransform(cmyk, lab, "CMYK", "LAB", relative),
        ImageCms.buildTransform(srgb, lab, "RGB", "LAB", relative),
    )


def _rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def _lab(pixel: tuple[int, int, int]) -> tuple[float, float, float]:
    light, a, b = pixel
    return light * 100 / 255, a - 128, b - 128


def profile_cmyk(colour: str) -> Cmyk:
    """Return the ink the output profile gives for an sRGB colour (whole percent)."""
    from PIL import Image, ImageCms

    to_cmyk, _, _ = _transforms()
    pixel = ImageCms.applyTransform(Image.new("RGB", (1, 1), _rgb(colour)), to_cmyk)
    return tuple(round(value * 100 / 255) / 100 for value in pixel.getpixel((0, 0)))  # type: ignore[return-value]


def cmyk_lab(ink: Cmyk) -> tuple[float, float, float]:
    """Return CIE L*a*b* (D50) of an ink printed in the profile's condition (8-bit steps)."""
    from PIL import Image, ImageCms

    _, to_lab, _ = _transforms()
    pixel = Image.new("CMYK", (1, 1), tuple(round(v * 255) for v in ink))
    return _lab(ImageCms.applyTransform(pixel, to_lab).getpixel((0, 0)))


def screen_lab(colour: str) -> tuple[float, float, float]:
    """Return CIE L*a*b* (D50, adapted) of an sRGB colour, as the profile's lab is read."""
    from PIL import Image, ImageCms

    _, _, to_lab = _transforms()
    return _lab(
        ImageCms.applyTransform(Image.new("RGB", (1, 1), _rgb(colour)), to_lab).getpixel((0, 0))
    )


def delta_e(colour: str, ink: Cmyk) -> float:
    """CIE76 difference between a screen colour and its ink printed through the profile."""
    return math.dist(screen_lab(colour), cmyk_lab(ink))


def black_ink(colour: str) -> Cmyk:
    """Return black ink alone (whole percent) of the lightness nearest a grey's."""
    target = screen_lab(colour)[0]
    return min(
        ((0.0, 0.0, 0.0, k / 100) for k in range(101)),
        key=lambda ink: (abs(cmyk_lab(ink)[0] - target), -ink[3]),
    )


@dataclass(frozen=True)
class Inks:
    """The CMYK ink of every colour a layout paints (a read-only table; frozen, hashable by id).

    `table` holds the layout's [cmyk] values by colour; `ink()` answers
    any other colour: a neutral grey on black ink alone, the rest through the profile.
    """

    table: Mapping[str, Cmyk]

    def ink(self, colour: str) -> Cmyk:
        """Return the ink of a "#rrggbb" colour."""
        colour = colour.lower()
        found = self.table.get(colour)
        if found is not None:
            return found
        return _fallback(colour)

    __hash__ = object.__hash__

    def colour_space(self):
        """Return the function reportlab's canvas sends every colour through (its
        `enforceColorSpace`): an RGB colour, a tuple or a name -> its CMYKColor ink."""
        from reportlab.lib.colors import CMYKColor, Color, toColor

        made: dict[str, CMYKColor] = {}

        def to_ink(colour):
            if isinstance(colour, CMYKColor):
                return colour
            if isinstance(colour, str):
                colour = toColor(colour)
            if isinstance(colour, tuple | list):
                if len(colour) == 4:
                    return CMYKColor(*colour)
                colour = Color(*colour)
            key = "#" + "".join(
                f"{round(v * 255):02x}" for v in (colour.red, colour.green, colour.blue)
            )
            ink = made.get(key)
            if ink is None:
                ink = made[key] = CMYKColor(*self.ink(key))
            if colour.alpha not in (None, 1):
                return CMYKColor(*self.ink(key), alpha=colour.alpha)
            return ink

        return to_ink


@lru_cache(maxsize=512)
def _fallback(colour: str) -> Cmyk:
    red, green, blue = _rgb(colour)
    if red == green == blue:
        return black_ink(colour)
    return profile_cmyk(colour)


def layout_inks(layout) -> Inks:
    """Return the inks of a layout: its [cmyk] values by colour (the rest through the profile).

    Tints are not mixed from the school's ink as a press mixes screens: through the profile
    they come within 2.9 ΔE of the screen's tint, mixed up to 7.5 (a warm tint of a cool ink).
    """
    named = layout.cmyk
    colours = layout.colours
    by_name = {
        "text": colours.text,
        "muted": colours.muted,
        "background": colours.background,
        "title": colours.title,
        "frame": colours.frame,
        "light_back": colours.light_back,
        **layout.school_colours,
    }
    table: dict[str, Cmyk] = {}
    for name, colour in by_name.items():
        if name in named:
            table.setdefault(colour, named[name])
    return Inks(MappingProxyType(table))
