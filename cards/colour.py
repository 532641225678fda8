"""Colour arithmetic for card design: WCAG contrast, colour-vision simulation, lightness.

Used by the layout checks and the tests so that every text on a card stays readable (at least
4.5:1, WCAG 2.x for small text) and the eight school colours stay apart for players with red-green
colour blindness, where hue alone would fail.
"""

from __future__ import annotations

import math

# Machado, Oliveira and Fernandes (2009), severity 1.0, applied to linear RGB.
_CVD_MATRICES = {
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
VISIONS = ("normal", *_CVD_MATRICES)

# The least contrast WCAG asks of small text.
MIN_CONTRAST = 4.5

# How far apart (CIE L*) the eight school colours print on a greyscale printer. Issue 35 asked
# for 8; it cannot be had with white titles at 4.5:1 and school-coloured labels on a 16 % tint:
# those cap a school colour's printed grey at L* 44.8 (a search of the sRGB cube on a 1/63
# grid), and eight greys 8 apart from black need L* 56. 6.0 is what the design keeps.
MIN_GREY_APART = 6.0

# PostScript's and PDF's DeviceRGB -> DeviceGray rule (PLRM 3rd ed., 7.2.1), the one a
# greyscale printer or driver applies to the encoded components.
_GREY_WEIGHTS = (0.3, 0.59, 0.11)


def parse_hex(colour: str) -> tuple[float, float, float]:
    """Return "#rrggbb" as sRGB components in 0..1."""
    value = colour.lstrip("#")
    if len(value) != 6:
        raise ValueError(f"not a #rrggbb colour: {colour!r}")
    return tuple(int(value[i : i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def to_hex(rgb: tuple[float, float, float]) -> str:
    """Return sRGB components in 0..1 as "#rrggbb" (clamped)."""
    return "#" + "".join(f"{round(min(1.0, max(0.0, c)) * 255):02x}" for c in rgb)


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _gamma(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def luminance(colour: str) -> float:
    """Relative luminance of a colour (WCAG 2.x), 0 for black to 1 for white."""
    r, g, b = (_linear(c) for c in parse_hex(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours, 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def mix(colour: str, background: str, keep: float) -> str:
    """Blend a colour over a background, keeping `keep` (0..1) of the colour, in sRGB.

    On the 0..255 channel values, as the cards' tints have always been computed.
    """
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(background[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(
        f"{round(x * keep + y * (1 - keep)):02x}" for x, y in zip(a, b, strict=True)
    )


def simulate(colour: str, vision: str) -> str:
    """Return the colour as a player with the given colour vision sees it."""
    if vision == "normal":
        return colour
    matrix = _CVD_MATRICES[vision]
    linear = [_linear(c) for c in parse_hex(colour)]
    seen = tuple(_gamma(sum(m * c for m, c in zip(row, linear, strict=True))) for row in matrix)
    return to_hex(seen)


def lab(colour: str) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of a colour."""
    r, g, b = (_linear(c) for c in parse_hex(colour))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def lightness(colour: str) -> float:
    """CIE L* of a colour, 0 (black) to 100 (white)."""
    return lab(colour)[0]


def printed_grey(colour: str) -> float:
    """CIE L* of the grey a greyscale printer prints for a colour.

    grey = 0.3 R' + 0.59 G' + 0.11 B' on the encoded sRGB components (PLRM 7.2.1, what a
    driver's "greyscale" does), printed as the sRGB grey of that level: L* = 116 f(Y) - 16 with
    Y = the grey decoded to linear light.
    """
    grey = sum(w * c for w, c in zip(_GREY_WEIGHTS, parse_hex(colour), strict=True))
    y = _linear(grey)
    return 116 * y ** (1 / 3) - 16 if y > (6 / 29) ** 3 else y * (29 / 3) ** 3


def difference(a: str, b: str) -> float:
    """CIE76 colour difference (Euclidean distance in L*a*b*)."""
    return math.dist(lab(a), lab(b))


def darkness(image) -> float:
    """Return the ink of a rendered image: 1 − the mean of its 8-bit grey levels, 0..1.

    0 for white paper, 1 for solid black. The grey is the gamma-encoded luma (ITU-R 601, as
    PIL's "L" mode converts), which a printer's halftone coverage follows; relative luminance
    (linear light, `relative_darkness`) counts mid-greys as darker than the ink they take.
    `image` is a PIL image (read through its histogram, so that no pixel loop is needed).
    """
    histogram = image.convert("L").histogram()
    return 1 - sum(value * count for value, count in enumerate(histogram)) / sum(histogram) / 255


def relative_darkness(image) -> float:
    """Return 1 − the mean relative luminance (WCAG, linear light) of an RGB PIL image."""
    table = [_linear(value / 255) for value in range(256)]
    total = 0.0
    for channel, weight in zip(image.split(), (0.2126, 0.7152, 0.0722), strict=True):
        total += weight * sum(table[v] * count for v, count in enumerate(channel.histogram()))
    return 1 - total / (image.width * image.height)
