"""The print switches (cards/printing.py): declared once, carried from a request to imposition."""

from __future__ import annotations

from dataclasses import fields

import pytest
from reportlab.lib.units import mm

from cards.impose import PrintOptions, SheetError
from cards.printing import PrintSwitches
from cards.service import OptionClash, PrintSettings

# A value other than the default for each switch.
FLIPPED = {"backs": True, "duplex": "short", "fold": True, "continue_on_back": True}


def test_every_switch_is_tried():
    """The table above has every switch."""
    assert set(FLIPPED) == {item.name for item in fields(PrintSwitches)}


@pytest.mark.parametrize("name", sorted(FLIPPED))
def test_a_requests_switch_reaches_the_imposition(name):
    """A switch set in PrintSettings is set in the PrintOptions it gives; the others keep
    their defaults."""
    options = PrintSettings(**{name: FLIPPED[name]}).print_options()
    assert getattr(options, name) == FLIPPED[name]
    assert options.switches() == {**PrintSwitches().switches(), name: FLIPPED[name]}


def test_lengths_go_from_millimetres_to_points():
    """back_offset and bleed are mm in the request, points in the imposition."""
    options = PrintSettings(back_offset=(1.5, -2.0), bleed=2.0).print_options()
    assert options.back_offset == pytest.approx((1.5 * mm, -2.0 * mm))
    assert options.bleed == pytest.approx(2 * mm)
    assert PrintSettings().print_options().bleed is None


def test_print_shop_bleeds_3_mm_unless_told_otherwise():
    """--print-shop: 3 mm of bleed by default, the bleed given otherwise; no sheet with it."""
    assert PrintSettings(print_shop=True).print_options().bleed == pytest.approx(3 * mm)
    assert PrintSettings(print_shop=True, bleed=1.0).print_options().bleed == pytest.approx(mm)
    with pytest.raises(OptionClash):
        PrintSettings(print_shop=True, sheet="a4").print_options()


def test_both_are_print_switches_and_share_with_backs():
    """Text on the backs implies pages of backs, in the request as in the imposition."""
    for kind in (PrintSettings, PrintOptions):
        assert isinstance(kind(), PrintSwitches)
        assert kind(continue_on_back=True).with_backs and not kind().with_backs


def test_the_imposition_refuses_an_unknown_duplex_edge():
    """duplex is "long" or "short": anything else is a sheet error when options are made."""
    with pytest.raises(SheetError):
        PrintSettings(duplex="sideways").print_options()
