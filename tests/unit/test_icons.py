"""SVG icons read into outlines: path commands, arcs, the shipped icons, bad files."""

import math

import pytest

from cards.icons import IconError, load_icon, parse_path
from cards.layout import load_layout
from cards.resources import folder


def test_absolute_and_relative_lines_and_implicit_repeats():
    """M with extra pairs draws lines; h/v/l are relative; z closes back to the start."""
    ops, pts = parse_path("M10 10 20 10 l0 10 h-10 v-10 z m5 5 L 6 6")
    assert ops == ["m", "l", "l", "l", "l", "h", "m", "l"]
    assert pts == [(10, 10), (20, 10), (20, 20), (10, 20), (10, 10), (15, 15), (6, 6)]


def test_smooth_and_quadratic_curves_become_cubic():
    """S reflects the last control point; Q's control points are 2/3 of the way."""
    ops, pts = parse_path("M0 0 C0 10 10 10 10 0 S20 -10 20 0 Q25 10 30 0 T40 0")
    assert ops == ["m", "c", "c", "c", "c"]
    assert pts[4] == (10, -10)  # (10, 10) reflected in (10, 0)
    q1, q2 = pts[7], pts[8]
    assert q1 == pytest.approx((20 + 2 / 3 * 5, 2 / 3 * 10))
    assert q2 == pytest.approx((30 - 2 / 3 * 5, 2 / 3 * 10))
    assert pts[10] == pytest.approx((30 + 2 / 3 * 5, -2 / 3 * 10))  # T reflects Q's control


def test_an_arc_follows_its_circle():
    """A half circle of radius 10 from (0,0) to (20,0) passes through (10, ±10)."""
    for sweep, y in ((1, -10), (0, 10)):
        ops, pts = parse_path(f"M0 0 A10 10 0 0 {sweep} 20 0")
        assert ops == ["m", "c", "c"]
        assert pts[-1] == (20, 0)
        mid = pts[3]
        assert mid == pytest.approx((10, y), abs=1e-9)
        for c1, c2 in ((pts[1], pts[2]), (pts[4], pts[5])):
            for x, yy in (c1, c2):
                # A quarter circle's Bézier controls lie r·√(1 + k²) from the centre,
                # k = 4/3·tan(22.5°).
                k = 4 / 3 * math.tan(math.pi / 8)
                assert math.hypot(x - 10, yy) == pytest.approx(10 * math.sqrt(1 + k * k))


def test_bad_path_data_is_refused(tmp_path):
    """A file with letters that are no path commands names the file, in Czech."""
    bad = tmp_path / "bad.svg"
    bad.write_text('<svg viewBox="0 0 10 10"><path d="M0 0 X 5 5"/></svg>', encoding="utf-8")
    path_error = r"bad.svg: chyba: chybná data cesty \(path\): nečekané 'X'"
    with pytest.raises(IconError, match=path_error):
        load_icon(bad)
    bad.write_text("<svg><rect/></svg>", encoding="utf-8")
    with pytest.raises(IconError, match="bad.svg: chyba: čekán soubor SVG s atributem viewBox"):
        load_icon(bad)
    bad.write_text('<svg viewBox="0 0 nan 10"><path d="M0 0 L 5 5"/></svg>', encoding="utf-8")
    with pytest.raises(IconError, match="bad.svg: chyba: chybný viewBox '0 0 nan 10'"):
        load_icon(bad)


def test_every_layout_icon_lies_in_its_unit_square():
    """The shipped game-icons outlines fill most of their square and stay inside it."""
    layout = load_layout("poker")
    assert len(layout.icons) == 10
    for icon in layout.icons.values():
        xs = [x for x, _ in icon.points]
        ys = [y for _, y in icon.points]
        assert -0.02 <= min(xs) and max(xs) <= 1.02 and -0.02 <= min(ys) and max(ys) <= 1.02
        assert max(xs) - min(xs) > 0.4 and max(ys) - min(ys) > 0.4
    files = {path.name for path in (folder("layouts") / "icons").glob("*.svg")}
    assert {f"{icon.name}.svg" for icon in layout.icons.values()} == files


def test_icons_are_told_apart():
    """Eight schools, eight different outlines."""
    layout = load_layout("poker")
    outlines = {layout.icons[school] for school in layout.school_colours}
    assert len(outlines) == len(layout.school_colours)


def test_an_icon_file_is_read_as_it_is_now(tmp_path):
    """An icon loaded again after its file changed has the new outline; a file that was good
    and is now bad is refused, and one that is good again loads again."""
    icon = tmp_path / "disc.svg"
    icon.write_text('<svg viewBox="0 0 10 10"><path d="M0 0 L 10 10"/></svg>', encoding="utf-8")
    assert load_icon(icon).points == ((0.0, 1.0), (1.0, 0.0))
    icon.write_text('<svg viewBox="0 0 10 10"><path d="M0 0 L 5 10"/></svg>', encoding="utf-8")
    assert load_icon(icon).points == ((0.0, 1.0), (0.5, 0.0))
    icon.write_text('<svg viewBox="0 0 10 10"><path d="M0 0 X 5 5"/></svg>', encoding="utf-8")
    with pytest.raises(IconError, match="disc.svg"):
        load_icon(icon)
    with pytest.raises(IconError, match="disc.svg"):
        load_icon(icon)
    icon.write_text('<svg viewBox="0 0 10 10"><path d="M0 0 L 10 10"/></svg>', encoding="utf-8")
    assert load_icon(icon).points == ((0.0, 1.0), (1.0, 0.0))
    other = tmp_path / "other.svg"  # the same text under another name: its own name
    other.write_text(icon.read_text(encoding="utf-8"), encoding="utf-8")
    assert load_icon(other).name == "other" and load_icon(icon).name == "disc"
