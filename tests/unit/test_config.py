"""The one reader of settings files (cards/config.py): ranges per key, defaults, unknown keys,
the base chain and its bounds, TOML syntax named by line, all in Czech as `file: key: message`."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reportlab.lib.units import mm

from cards.config import MAX_BASES, SMALLEST_TYPE, catalogue
from cards.impose import SheetError, load_sheet
from cards.impose.sheet import SHEET_NUMBERS
from cards.layout import LayoutError, list_layouts, load_layout

ROOT = Path(__file__).resolve().parents[2]
A4 = (ROOT / "layouts" / "a4.toml").read_text(encoding="utf-8")
POKER = (63 * mm, 88 * mm)
ENGLISH = re.compile(r"\b(expected|unknown|got|key|must|not valid|missing|did you mean)\b")


def theme(tmp_path: Path, body: str, name: str = "moje.toml") -> Path:
    path = tmp_path / name
    path.write_text('kind = "card"\nbase = "poker"\n' + body, encoding="utf-8")
    return path


def sheet(tmp_path: Path, old: str, new: str) -> Path:
    path = tmp_path / "arch.toml"
    assert old in A4
    path.write_text(A4.replace(old, new), encoding="utf-8")
    return path


def czech(error: pytest.ExceptionInfo) -> str:
    message = str(error.value)
    assert not ENGLISH.search(message), message
    return message


@pytest.mark.parametrize(
    "body, key",
    [
        ("[spacing]\ndisc_share = 40\n", "spacing.disc_share: má být číslo od 0 do 1"),
        ("[spacing]\nbullet_gap_share = 1.5\n", "spacing.bullet_gap_share: má být číslo od 0 do 1"),
        ("[spacing]\ntitle_ascent_em = 30\n", "spacing.title_ascent_em: má být číslo od 0 do 5"),
        ("[spacing]\ntext_above = 45\n", "spacing.text_above: má být číslo od 0 do 20 pt"),
    ],
)
def test_a_fraction_is_not_read_as_a_length(tmp_path, body, key):
    """A share is a fraction 0..1, an em 0..5: spacing keys have ranges of their own, not 0..50."""
    with pytest.raises(LayoutError, match=re.escape(key)) as error:
        load_layout(theme(tmp_path, body))
    assert str(error.value).startswith(str(tmp_path / "moje.toml") + ": ")
    czech(error)


def test_spacing_within_its_range_is_read(tmp_path):
    """A share and a length inside their ranges load."""
    layout = load_layout(theme(tmp_path, "[spacing]\ndisc_share = 0.2\ntext_above = 3.5\n"))
    assert (layout.spacing.disc_share, layout.spacing.text_above) == (0.2, 3.5)


def test_backs_and_index_measures_are_layout_data(tmp_path):
    """[backs] and [index] give the measures of the backs and the index, in mm; defaults else."""
    plain = load_layout("poker")
    assert plain.backs.rule == pytest.approx(5 * mm)
    assert plain.index.margin == pytest.approx(15 * mm)
    assert plain.index.min_size == SMALLEST_TYPE
    path = theme(tmp_path, "[backs]\nrule_mm = 4\n[index]\nmargin_mm = 20\nsize = 8\n")
    layout = load_layout(path)
    assert layout.backs.rule == pytest.approx(4 * mm)
    assert layout.index.margin == pytest.approx(20 * mm)
    assert layout.index.size == 8.0
    assert layout.index.gutter == plain.index.gutter


def test_a_misspelt_backs_key_is_refused(tmp_path):
    """[backs] has a schema like every table."""
    with pytest.raises(
        LayoutError, match=r"backs\.rul_mm: neznámý klíč \(měli jste na mysli rule_mm\?\)"
    ):
        load_layout(theme(tmp_path, "[backs]\nrul_mm = 4\n"))


def test_a_misspelt_key_in_a_base_names_the_base(tmp_path):
    """A bad key in a base file is named in that file, not ignored because the top file is fine."""
    (tmp_path / "zaklad.toml").write_text(
        'kind = "card"\nbase = "poker"\n[type]\nbody_mx = 9\n', encoding="utf-8"
    )
    top = tmp_path / "moje.toml"
    top.write_text('kind = "card"\nbase = "zaklad.toml"\n', encoding="utf-8")
    with pytest.raises(LayoutError, match=r"zaklad\.toml: type\.body_mx: neznámý klíč") as error:
        load_layout(top)
    czech(error)


def test_a_long_chain_of_bases_is_refused_in_czech(tmp_path):
    """A 1,200-deep chain of bases stops at MAX_BASES with a message, no RecursionError."""
    for index in range(1200):
        base = f'"l{index + 1}.toml"' if index < 1199 else '"poker"'
        (tmp_path / f"l{index}.toml").write_text(f'kind = "card"\nbase = {base}\n', "utf-8")
    with pytest.raises(LayoutError, match=rf"base: .*řetěz víc než {MAX_BASES}") as error:
        load_layout(tmp_path / "l0.toml")
    czech(error)


def test_a_cycle_of_bases_is_named(tmp_path):
    """a -> b -> a is a cycle, named with its files."""
    (tmp_path / "a.toml").write_text('kind = "card"\nbase = "b.toml"\n', "utf-8")
    (tmp_path / "b.toml").write_text('kind = "card"\nbase = "a.toml"\n', "utf-8")
    with pytest.raises(LayoutError, match=r"b\.toml: base: .*kruh \(a\.toml -> b\.toml -> a"):
        load_layout(tmp_path / "a.toml")


@pytest.mark.parametrize("kind", ["layout", "sheet"])
def test_deep_nesting_and_long_numbers_are_refused(tmp_path, kind):
    """Nesting of 100,000 arrays and a 5,000-digit number: a Czech message, no traceback."""
    for text, words in (
        ("x = " + "[" * 100_000 + "]" * 100_000 + "\n", "vnořená příliš hluboko"),
        ("x = " + "9" * 5000 + "\n", "číslic"),
    ):
        path = tmp_path / "hluboko.toml"
        path.write_text('kind = "card"\n' + text, encoding="utf-8")
        error_type = LayoutError if kind == "layout" else SheetError
        with pytest.raises(error_type, match=words) as error:
            load_layout(path) if kind == "layout" else load_sheet(str(path), *POKER)
        assert str(error.value).startswith(str(path))


def test_bad_toml_is_named_with_its_line(tmp_path):
    """A syntax error names file:line in Czech."""
    path = sheet(tmp_path, "rows = 3", "rows = = 3")
    with pytest.raises(
        SheetError, match=rf"{re.escape(str(path))}:16: chybná syntaxe TOML"
    ) as error:
        load_sheet(str(path), *POKER)
    czech(error)


@pytest.mark.parametrize(
    "old, new, message",
    [
        (
            "columns = 3",
            "colums = 5",
            r"grid\.colums: neznámý klíč \(měli jste na mysli columns\?\)",
        ),
        (
            "length_mm = 5 ",
            "lenght_mm = 9 ",
            r"marks\.lenght_mm: neznámý klíč \(měli jste na mysli length_mm\?\)",
        ),
        ("columns = 3", "columns = 2.5", r"grid\.columns: má být celé číslo od 1 do 100, je 2\.5"),
        ("columns = 3", "columns = 0", r"grid\.columns: má být celé číslo od 1 do 100, je 0"),
        ("bleed_mm = 1 ", "bleed_mm = 30 ", r"print\.bleed_mm: má být číslo od 0 do 10 mm, je 30"),
        (
            "width_pt = 0.25",
            "width_pt = 0",
            r"marks\.width_pt: má být číslo větší než 0 a nejvýš 5 pt",
        ),
        ("width_pt = 0.25", "width_pt = nan", r"marks\.width_pt: má být číslo .*, je nan"),
        ('kind = "sheet"', 'kind = "card"', r'kind: má být "sheet" \(soubor archu\), je "card"'),
        ("margin_mm = 4 ", "", r"grid\.margin_mm: chybí; má být číslo od 0 do 100 mm"),
    ],
)
def test_sheet_values_are_checked_per_key(tmp_path, old, new, message):
    """Every sheet key has a type and a range, and a message `file: key: …` in Czech."""
    path = sheet(tmp_path, old, new)
    with pytest.raises(SheetError, match=message) as error:
        load_sheet(str(path), *POKER)
    assert str(error.value).startswith(f"{path}: ")
    czech(error)


def test_a_sheet_key_left_out_takes_its_default(tmp_path):
    """marks.min_length_mm and label.size_pt have defaults."""
    path = sheet(tmp_path, "min_length_mm = 1.5", "")
    path.write_text(path.read_text("utf-8").replace("size_pt = 7", ""), "utf-8")
    loaded = load_sheet(str(path), *POKER)
    assert loaded.marks.min_length == pytest.approx(1.5 * mm)
    assert loaded.label_size == 0.0


def test_one_catalogue_of_layouts():
    """Card layouts and sheets come from one scan of layouts/, each under its kind."""
    from cards.impose import available_sheets

    assert list_layouts() == list(catalogue("card"))
    assert available_sheets() == (*catalogue("sheet"), "none")
    assert {"a4", "letter"} == set(catalogue("sheet"))
    assert not set(catalogue("card")) & set(catalogue("sheet"))


# ------------------------------------------------------------------------------------------
# Any value in any key of a sheet or a layout file is either read or refused with the reader's
# own error: never a traceback (400-digit numbers, nan, strings, lists, tables where numbers go).


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
