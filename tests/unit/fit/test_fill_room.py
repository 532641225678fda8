"""A card whose text leaves room opens its lines and gaps, within bounds, to fill it
(paginate.openings, the stretches blocks.description gives, room.place_cards's last card)."""

from __future__ import annotations

import pytest

from cards.face import Area, TextLine
from cards.fit import fit_spell
from cards.fit.paginate import Panel, Slab, fill_card, openings
from cards.layout import LayoutError, load_layout
from cards.select import find_spell
from cards.source.library import read_compendium


def _label(y: float) -> TextLine:
    return TextLine(None, 0.0, y, 10.0, "#000000")  # type: ignore[arg-type]


def test_the_room_is_shared_by_the_stretches_but_not_above_the_first_slab():
    """Three 10 pt slabs on a 34 pt card: 4 pt of room, spread 1 : 3 over the two below."""
    slabs = (Slab(10.0, (), stretch=9.0), Slab(10.0, (), stretch=2.0), Slab(10.0, (), stretch=6.0))
    assert openings(slabs, 34.0) == pytest.approx((0.0, 1.0, 3.0))


def test_a_card_opens_no_more_than_its_stretches():
    """With 100 pt of room and 8 pt of stretch, the slabs open by 8 pt and no more; the
    92 pt left centre the text (half above it), or stay below it without centring."""
    slabs = (Slab(10.0, ()), Slab(10.0, (), stretch=3.0), Slab(10.0, (), stretch=5.0))
    assert openings(slabs, 130.0) == pytest.approx((46.0, 3.0, 5.0))
    assert openings(slabs, 130.0, centre=False) == pytest.approx((0.0, 3.0, 5.0))


def test_the_room_left_stands_above_a_panel_at_the_foot():
    """A panel (higher levels) stands at the card's foot: the room its text leaves once
    opened is shared between the space above the text and the space above the panel, or
    goes above the panel alone without centring."""
    ground = Panel(1, 0.0, 100.0, "#eeeeee", 0.0, 1.0, "#000000")
    slabs = (Slab(10.0, ()), Slab(10.0, (), stretch=2.0), Slab(10.0, (), 4.0, panel=ground))
    assert openings(slabs, 100.0) == pytest.approx((32.0, 2.0, 32.0))
    assert openings(slabs, 100.0, centre=False) == pytest.approx((0.0, 2.0, 64.0))


def test_a_full_card_opens_nothing():
    """No room left (or too little text to fit): nothing opens."""
    slabs = (Slab(10.0, ()), Slab(10.0, (), stretch=3.0))
    assert openings(slabs, 20.0) == (0.0, 0.0)
    assert openings(slabs, 15.0) == (0.0, 0.0)


def test_fill_card_places_the_lines_opened():
    """The second line's baseline sits its slab and its opening below the first's; the 76 pt
    left centre the two lines, or stay below them without centring."""
    slabs = (Slab(10.0, (_label(-8.0),)), Slab(10.0, (_label(-8.0),), stretch=4.0))
    placed, rest = fill_card(slabs, Area(0.0, 0.0, 100.0, 100.0), centre=False)
    assert rest is None
    assert [item.y for item in placed] == pytest.approx([92.0, 78.0])
    placed, rest = fill_card(slabs, Area(0.0, 0.0, 100.0, 100.0))
    assert [item.y for item in placed] == pytest.approx([54.0, 40.0])


def _steps(face) -> list[float]:
    """The baseline steps between a card's consecutive body lines, in ems of their size (the
    least of them is its line distance, the others hold a paragraph gap too)."""
    lines = [i for i in face.items if isinstance(i, TextLine) and i.role == "body"]
    lines.sort(key=lambda i: -i.y)
    pairs = zip(lines, lines[1:], strict=False)
    return [(a.y - b.y) / a.size for a, b in pairs if a.size == b.size]


@pytest.fixture(scope="module")
def spells():
    return read_compendium().spells


def test_a_short_spell_opens_its_leading_up_to_leading_max(spells):
    """Štít on poker (one card, 10 pt, six lines and half a card empty): its lines stand
    type.leading_max apart, not type.leading."""
    layout = load_layout("poker")
    (face,) = fit_spell(find_spell(spells, "Štít"), layout)
    assert layout.sizes.leading_max > layout.leading
    assert min(_steps(face)) == pytest.approx(layout.sizes.leading_max)


def test_a_layout_without_leading_max_keeps_its_leading(spells, tmp_path):
    """The same card in a layout that does not open (leading_max = leading) is set as before."""
    path = tmp_path / "tight.toml"
    path.write_text('kind = "card"\nbase = "poker"\n[type]\nleading_max = 1.14\n', "utf-8")
    (face,) = fit_spell(find_spell(spells, "Štít"), load_layout(path))
    assert min(_steps(face)) == pytest.approx(1.14)


def test_every_card_of_several_is_opened(spells):
    """Stvoř nemrtvého on poker: the text is shared out so that opening fills each card, the
    last too (its lines opened past one leading each)."""
    layout = load_layout("poker")
    faces = fit_spell(find_spell(spells, "Stvoř nemrtvého"), layout)
    assert len(faces) > 1
    assert all(min(_steps(face)) > layout.leading + 0.01 for face in faces)


def test_leading_max_past_two_is_refused(tmp_path):
    """type.leading_max is a line distance like type.leading: 1 to 2."""
    path = tmp_path / "airy.toml"
    path.write_text('kind = "card"\nbase = "poker"\n[type]\nleading_max = 3\n', "utf-8")
    with pytest.raises(LayoutError, match=r"type\.leading_max"):
        load_layout(path)
