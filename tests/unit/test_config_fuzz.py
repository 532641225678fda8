"""Any value in any key of a sheet or a layout file is either read or refused with the reader's
own error: never a traceback (400-digit numbers, nan, strings, lists, tables where numbers go)."""

from __future__ import annotations

import json
import math
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reportlab.lib.units import mm

from cards.impose import SheetError, load_sheet
from cards.impose.sheet import SHEET_NUMBERS
from cards.layout import LayoutError, load_layout

ROOT = Path(__file__).resolve().parents[2]
SIZES = ((63 * mm, 88 * mm), (44 * mm, 63 * mm))  # poker (the sheet's grid) and mini (computed)
LAYOUT_KEYS = (
    "card.width_mm",
    "card.safe_margin_mm",
    "type.body_max",
    "type.size_steps",
    "spacing.disc_share",
    "spacing.text_above",
    "colours.tint",
    "design.line",
    "backs.rule_mm",
    "index.size",
    "fonts.body",
    "base",
)


def toml_value(value) -> str:
    """Write a value as TOML."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    return "{ x = 1 }"


VALUES = st.one_of(
    st.integers(min_value=-(10**400), max_value=10**400),
    st.integers(min_value=-5, max_value=2000),
    st.floats(allow_nan=True, allow_infinity=True),
    st.floats(min_value=0, max_value=50),
    st.booleans(),
    st.text(max_size=8),
    st.lists(st.floats(min_value=0, max_value=40), max_size=14),
    st.just({}),
)


def write(path: Path, base: str, changes: dict[str, object]) -> Path:
    """A copy of a shipped file with some keys replaced (tables appended at the end)."""
    lines = [
        f"{key.split('.')[0]} = {toml_value(v)}" for key, v in changes.items() if "." not in key
    ]
    tables: dict[str, list[str]] = {}
    for key, value in changes.items():
        if "." in key:
            table, name = key.split(".")
            tables.setdefault(table, []).append(f"{name} = {toml_value(value)}")
    text = "\n".join(lines) + "\n" + base
    for table, entries in tables.items():
        text = text.replace(f"[{table}]\n", f"[{table}]\n" + "\n".join(entries) + "\n", 1)
        if f"[{table}]" not in base:
            text += f"\n[{table}]\n" + "\n".join(entries) + "\n"
    path.write_text(text, encoding="utf-8")
    return path


def without(text: str, keys: list[str]) -> str:
    """Drop the lines that set the given keys (so that a replacement is not a duplicate)."""
    names = {key.split(".")[1] for key in keys if "." in key}
    return (
        "\n".join(line for line in text.splitlines() if line.split("=")[0].strip() not in names)
        + "\n"
    )


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    changes=st.dictionaries(st.sampled_from(sorted(SHEET_NUMBERS)), VALUES, min_size=1, max_size=4),
    size=st.sampled_from(SIZES),
)
def test_any_sheet_value_is_read_or_refused(tmp_path, changes, size):
    """load_sheet returns a Sheet or raises SheetError, whatever the sheet keys hold."""
    a4 = (ROOT / "layouts" / "a4.toml").read_text(encoding="utf-8")
    path = write(tmp_path / "arch.toml", without(a4, list(changes)), changes)
    try:
        sheet = load_sheet(str(path), *size)
    except SheetError as error:
        assert str(error).startswith(f"{path}: ") or "arch" in str(error)
    else:
        assert sheet.capacity >= 1


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(changes=st.dictionaries(st.sampled_from(LAYOUT_KEYS), VALUES, min_size=1, max_size=3))
def test_any_layout_value_is_read_or_refused(tmp_path, changes):
    """load_layout returns a Layout or raises LayoutError, whatever a theme's keys hold."""
    path = write(tmp_path / "moje.toml", 'kind = "card"\n', {"base": "poker", **changes})
    try:
        load_layout(path)
    except LayoutError as error:
        assert str(error).startswith(f"{path}")
