"""A layout's [backs] measures and type.back_min reach the backs: no key is silently ignored."""

from __future__ import annotations

import pytest

from cards.backs import spell_back
from cards.layout import LAYOUT_SCHEMA, Layout, load_layout
from tests.support.fakes import FakeFace
from tests.support.spells import make_spell

# Each [backs] key with a value that must move something on a poker card's back (the rule
# share below the 5 mm rule's own share, the least size above the classes' 7 pt).
CHANGED = {
    "rule_mm": 3.0,
    "rule_share": 0.05,
    "inner_rule_mm": 2.0,
    "medallion_mm": 9.0,
    "centre_share": 0.5,
    "icon_mm": 6.0,
}


def _variant(tmp_path, table: str, key: str, value: float) -> Layout:
    """Load poker with one key of one table changed (a file based on poker)."""
    path = tmp_path / f"{table}-{key}.toml"
    path.write_text(f'kind = "card"\nbase = "poker"\n\n[{table}]\n{key} = {value}\n', "utf-8")
    return load_layout(path)


def _backs(layout: Layout):
    """The backs of a ritual spell of a school with an icon, and the deck's common back."""
    spell = make_spell(name="Poplach", school="Zaklínání", ritual=True, level=3)
    face = FakeFace(spell, width=layout.width, height=layout.height)
    blank = FakeFace(None, width=layout.width, height=layout.height)
    return [spell_back(f, layout, back_style=style) for f in (face, blank) for style in STYLES]


STYLES = ("light", "full")


def test_every_backs_key_is_tried():
    """The table below names every key a layout's [backs] may hold."""
    assert set(CHANGED) == set(LAYOUT_SCHEMA["backs"])


@pytest.mark.parametrize("key", sorted(CHANGED))
def test_a_backs_key_changes_the_back(tmp_path, key):
    """A layout that changes one [backs] key gets other backs than poker's."""
    poker = load_layout("poker")
    changed = _variant(tmp_path, "backs", key, CHANGED[key])
    assert getattr(changed.backs, key.removesuffix("_mm")) != getattr(
        poker.backs, key.removesuffix("_mm")
    )
    before, after = _backs(poker), _backs(changed)
    assert [b.items for b in before] != [a.items for a in after]


def test_back_min_raises_the_least_size_on_backs(tmp_path):
    """type.back_min (not a constant of its own) is the floor of the backs' text."""
    poker = load_layout("poker")
    changed = _variant(tmp_path, "type", "back_min", 7.5)
    sizes = [
        getattr(item, "size", None)
        for back in _backs(changed)
        for item in back.items
        if type(item).__name__ in ("TextLine", "Label")
    ]
    assert min(sizes) >= 7.5 - 1e-9
    assert [b.items for b in _backs(poker)] != [b.items for b in _backs(changed)]


def test_the_defaults_are_poker_s_measures():
    """A layout without [backs] keeps the measures the backs were drawn with: 5 mm rule."""
    from reportlab.lib.units import mm

    backs = load_layout("poker").backs
    assert (backs.rule, backs.inner_rule, backs.medallion, backs.icon) == pytest.approx(
        (5 * mm, 1.2 * mm, 11 * mm, 7 * mm)
    )
    assert (backs.rule_share, backs.centre_share) == (0.12, 0.52)


def test_the_light_backs_ground_is_the_layouts(tmp_path):
    """colours.light_back is the light back's paper (and its disc's ring and numeral); poker's
    is the warm cream "#f8f1e0"."""
    assert load_layout("poker").colours.light_back == "#f8f1e0"
    path = tmp_path / "grey.toml"
    path.write_text('kind = "card"\nbase = "poker"\n\n[colours]\nlight_back = "#eeeeee"\n', "utf-8")
    grey = load_layout(path)
    light, full = _backs(grey)[:2]
    assert light.colour == "#eeeeee" and full.colour != "#eeeeee"
    discs = [item for item in light.items if type(item).__name__ == "Disc"]
    assert [disc.edge for disc in discs] == ["#eeeeee"]
