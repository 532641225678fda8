"""School, ritual and concentration icons: SVG files -> vector outlines in a unit square.

The icons are game-icons.net SVGs (CC BY 3.0, see layouts/icons/LICENSE.md): one <path> each in a
512 × 512 view box. We read their path data ourselves (all of SVG's path commands, arcs turned
into Bézier curves): a library such as svglib would do it too, but importing it costs half a
second, more than the rest of a build's start-up. An outline keeps reportlab's path operators
with points in a 1 × 1 square, y going up, so a painter draws an icon at any size.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass
from pathlib import Path

from cards.errors import CardsError
from cards.messages import say

MOVE, LINE, CURVE, CLOSE = "m", "l", "c", "h"  # operators of an outline

_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_TOKEN = re.compile(rf"([MmLlHhVvCcSsQqTtAaZz])|({_NUMBER})|[\s,]+|(.)")
_ARGS = {"m": 2, "l": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "t": 2, "a": 7, "z": 0}
_PATH = re.compile(r"<path\b[^>]*?\sd=\"([^\"]*)\"", re.S)
_VIEW_BOX = re.compile(r"viewBox=\"([^\"]*)\"")


class IconError(CardsError):
    """An icon file that cannot be read as an outline."""


@dataclass(frozen=True)
class Icon:
    """An icon outline in a unit square (y up), filled with the non-zero rule.

    `operators` has one letter per segment (m move, l line, c curve, h close) and `points` the
    segment's end points in order (a curve its two control points first). Immutable and
    hashable; two icons are equal when their outlines are.
    """

    name: str
    operators: str
    points: tuple[tuple[float, float], ...]


def load_icon(path: Path) -> Icon:
    """Read an SVG icon's paths into an outline scaled to its view box."""
    from cards.inputs import MAX_SETTINGS, InputError, read_text

    try:
        svg = read_text(path, MAX_SETTINGS)  # the input gate: a regular file, bounded
    except InputError as error:
        raise IconError(say("icon_unreadable", file=path, error=error)) from None
    return _outline(path, svg)


@functools.lru_cache(maxsize=64)
def _outline(path: Path, svg: str) -> Icon:
    """Return the outline of an icon file's text (an IconError naming the file).

    Kept for the same file and text: a layout is loaded for every page request and card
    preview, and parsing its icons' paths took over half the load (8.0 -> 3.2 ms a layout).
    A changed file is read as it is now; a refused one is refused again.
    """
    box = _VIEW_BOX.search(svg)
    paths = _PATH.findall(svg)
    if box is None or not paths:
        raise IconError(say("icon_not_svg", file=path))
    try:
        x0, y0, width, height = (float(v) for v in box.group(1).replace(",", " ").split())
    except ValueError:
        raise IconError(say("icon_view_box", file=path, value=box.group(1))) from None
    if not all(math.isfinite(v) for v in (x0, y0, width, height)) or min(width, height) <= 0:
        raise IconError(say("icon_view_box", file=path, value=box.group(1)))
    operators: list[str] = []
    points: list[tuple[float, float]] = []
    for data in paths:
        try:
            ops, pts = parse_path(data)
        except ValueError as error:
            raise IconError(say("icon_path", file=path, error=error)) from None
        operators.extend(ops)
        points.extend(pts)
    if not all(math.isfinite(v) for point in points for v in point):
        raise IconError(say("icon_path", file=path, error="čekána konečná čísla"))
    scale = 1 / max(width, height)
    unit = tuple((round((x - x0) * scale, 5), round(1 - (y - y0) * scale, 5)) for x, y in points)
    return Icon(path.stem, "".join(operators), unit)


def parse_path(data: str) -> tuple[list[str], list[tuple[float, float]]]:
    """Turn SVG path data into absolute moves, lines and cubic curves (SVG's y going down)."""
    ops: list[str] = []
    pts: list[tuple[float, float]] = []
    x = y = start_x = start_y = 0.0
    last_control: tuple[float, float] | None = None  # for S/s and T/t
    last_kind = ""
    for command, args in _commands(data):
        lower = command.lower()
        relative = command.islower()
        ox, oy = (x, y) if relative else (0.0, 0.0)
        if lower == "m":
            x, y = ox + args[0], oy + args[1]
            start_x, start_y = x, y
            ops.append(MOVE)
            pts.append((x, y))
        elif lower in "lhv":
            if lower == "l":
                x, y = ox + args[0], oy + args[1]
            elif lower == "h":
                x = ox + args[0]
            else:
                y = oy + args[0]
            ops.append(LINE)
            pts.append((x, y))
        elif lower in "cs":
            if lower == "c":
                c1 = (ox + args[0], oy + args[1])
                c2, end = (ox + args[2], oy + args[3]), (ox + args[4], oy + args[5])
            else:
                c1 = _reflect(last_control, x, y) if last_kind == "c" else (x, y)
                c2, end = (ox + args[0], oy + args[1]), (ox + args[2], oy + args[3])
            ops.append(CURVE)
            pts.extend((c1, c2, end))
            x, y = end
            last_control = c2
        elif lower in "qt":
            if lower == "q":
                q = (ox + args[0], oy + args[1])
                end = (ox + args[2], oy + args[3])
            else:
                q = _reflect(last_control, x, y) if last_kind == "q" else (x, y)
                end = (ox + args[0], oy + args[1])
            ops.append(CURVE)
            pts.extend(_quadratic(x, y, q, end))
            x, y = end
            last_control = q
        elif lower == "a":
            end = (ox + args[5], oy + args[6])
            for c1, c2, e in _arc(x, y, args[0], args[1], args[2], args[3], args[4], *end):
                ops.append(CURVE)
                pts.extend((c1, c2, e))
            x, y = end
        else:  # z
            ops.append(CLOSE)
            x, y = start_x, start_y
        last_kind = {"c": "c", "s": "c", "q": "q", "t": "q"}.get(lower, "")
    return ops, pts


def _commands(data: str):
    """Yield (command, arguments) with implicit repetitions made explicit."""
    tokens: list[str | float] = []
    for match in _TOKEN.finditer(data):
        letter, number, junk = match.groups()
        if junk:
            raise ValueError(f"nečekané {junk!r}")
        if letter:
            tokens.append(letter)
        elif number:
            tokens.append(float(number))
    i = 0
    while i < len(tokens):
        command = tokens[i]
        if not isinstance(command, str):
            raise ValueError("čísla před prvním příkazem")
        i += 1
        count = _ARGS[command.lower()]
        if count == 0:
            yield command, ()
            continue
        first = True
        while i < len(tokens) and not isinstance(tokens[i], str) or first:
            args = tokens[i : i + count]
            if len(args) < count or any(isinstance(a, str) for a in args):
                raise ValueError(f"{command} potřebuje {count} čísel")
            yield command, tuple(args)
            i += count
            first = False
            # Further pairs after a move are lines (SVG 1.1, 8.3.2).
            if command in "Mm":
                command = "L" if command == "M" else "l"
                count = 2


def _reflect(control, x: float, y: float) -> tuple[float, float]:
    return (2 * x - control[0], 2 * y - control[1])


def _quadratic(x, y, q, end):
    """The cubic curve of a quadratic one: its two control points and its end."""
    c1 = (x + 2 / 3 * (q[0] - x), y + 2 / 3 * (q[1] - y))
    c2 = (end[0] + 2 / 3 * (q[0] - end[0]), end[1] + 2 / 3 * (q[1] - end[1]))
    return c1, c2, end


def _arc(x1, y1, rx, ry, angle, large, sweep, x2, y2):
    """Cubic curves along an elliptical arc (SVG 1.1, appendix F.6), at most 90° each."""
    if (x1, y1) == (x2, y2):
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [((x1, y1), (x2, y2), (x2, y2))]
    phi = math.radians(angle)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    xp, yp = cos * dx + sin * dy, -sin * dx + cos * dy
    grow = (xp / rx) ** 2 + (yp / ry) ** 2
    if grow > 1:
        rx, ry = rx * math.sqrt(grow), ry * math.sqrt(grow)
    num = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp
    den = rx * rx * yp * yp + ry * ry * xp * xp
    factor = math.sqrt(max(0.0, num / den)) if den else 0.0
    if bool(large) == bool(sweep):
        factor = -factor
    cxp, cyp = factor * rx * yp / ry, -factor * ry * xp / rx
    cx = cos * cxp - sin * cyp + (x1 + x2) / 2
    cy = sin * cxp + cos * cyp + (y1 + y2) / 2

    def direction(ux, uy, vx, vy):
        return math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)

    theta = direction(1, 0, (xp - cxp) / rx, (yp - cyp) / ry)
    delta = direction((xp - cxp) / rx, (yp - cyp) / ry, (-xp - cxp) / rx, (-yp - cyp) / ry)
    if not sweep and delta > 0:
        delta -= 2 * math.pi
    elif sweep and delta < 0:
        delta += 2 * math.pi
    pieces = max(1, math.ceil(abs(delta) / (math.pi / 2) - 1e-9))
    step = delta / pieces
    k = 4 / 3 * math.tan(step / 4)

    def point(t):
        ex, ey = rx * math.cos(t), ry * math.sin(t)
        return (cos * ex - sin * ey + cx, sin * ex + cos * ey + cy)

    def tangent(t):
        ex, ey = -rx * math.sin(t), ry * math.cos(t)
        return (cos * ex - sin * ey, sin * ex + cos * ey)

    curves = []
    for n in range(pieces):
        a, b = theta + n * step, theta + (n + 1) * step
        pa, pb, ta, tb = point(a), point(b), tangent(a), tangent(b)
        c1 = (pa[0] + k * ta[0], pa[1] + k * ta[1])
        c2 = (pb[0] - k * tb[0], pb[1] - k * tb[1])
        curves.append((c1, c2, pb))
    last = curves[-1]
    curves[-1] = (last[0], last[1], (x2, y2))  # the exact end, not a rounded one
    return curves
