"""Themes as layout files: a base layout, the ink-saver design and large print."""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from reportlab.lib.units import mm

from cards.backs import back_face
from cards.build import build_pdf
from cards.cli import main
from cards.colour import darkness
from cards.face import Disc, Fill, Label, Outline, Rule, Shape, TextLine
from cards.fit import SpellSetter, fit
from cards.fit.style import card_style
from cards.impose import PrintOptions
from cards.layout import LayoutError, load_layout
from cards.select import find_spell, select_spells, sort_spells
from cards.source.library import load_spells
from tests.support.pdfread import open_pdf

LAYOUTS = Path(__file__).resolve().parents[2] / "layouts"
# A cantrip with a badge, a short spell, a table spell, a spell of several cards.
SAMPLE = ("Odolání", "Ohnivá koule", "Ovládni počasí", "Chaotický blesk", "Přání")


@cache
def spells():
    return load_spells()


def spell(name: str):
    return find_spell(spells(), name)


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


# --- a layout on a base layout --------------------------------------------------------------


@pytest.mark.parametrize("name", ["ink-saver", "large-print"])
def test_theme_keeps_the_base_geometry(name):
    """A theme names poker as its base: size, margins, fonts, icons and spacing are poker's."""
    poker, theme = load_layout("poker"), load_layout(name)
    assert (theme.width, theme.height) == (poker.width, poker.height) == (63 * mm, 88 * mm)
    assert theme.safe_margin == poker.safe_margin and theme.frame == poker.frame
    assert theme.fonts == poker.fonts and theme.spacing == poker.spacing
    assert dict(theme.school_colours) == dict(poker.school_colours)
    assert set(theme.icons) == set(poker.icons)
    assert theme.name == name and theme.path.endswith(f"{name}.toml")


def test_a_table_of_the_file_overrides_key_by_key(tmp_path):
    """A [type] table naming one size keeps every other size of the base."""
    path = write(tmp_path / "big.toml", 'kind = "card"\nbase = "poker"\n[type]\nbody_min = 7.0\n')
    layout, poker = load_layout(path), load_layout("poker")
    assert layout.body_min == 7.0
    assert layout.body_max == poker.body_max and layout.sizes.title_max == poker.sizes.title_max
    assert layout.description == "big"  # the base's description is not inherited


def test_a_base_may_be_a_file_beside_and_chain(tmp_path):
    """`base` takes a .toml file beside the layout, which may itself have a base."""
    write(tmp_path / "middle.toml", 'kind = "card"\nbase = "ink-saver"\n[type]\nbody_min = 7.0\n')
    top = write(tmp_path / "top.toml", 'kind = "card"\nbase = "middle.toml"\n')
    layout = load_layout(top)
    assert layout.outline and layout.body_min == 7.0


def test_a_copied_theme_finds_its_shipped_base(tmp_path):
    """A copy of a theme elsewhere with `base = "poker.toml"` takes the shipped poker.toml."""
    path = write(
        tmp_path / "mine.toml", 'kind = "card"\nbase = "poker.toml"\n[design]\nfill = "outline"\n'
    )
    layout = load_layout(path)
    assert layout.outline and layout.width == load_layout("poker").width


def test_unknown_base_names_the_file_and_the_layouts(tmp_path):
    """An unknown base is a LayoutError naming the file, the key and the known layouts."""
    path = write(tmp_path / "bad.toml", 'kind = "card"\nbase = "pokr"\n')
    with pytest.raises(LayoutError) as error:
        load_layout(path)
    message = str(error.value)
    assert str(path) in message and ": base: " in message and '"pokr"' in message
    assert "poker" in message


def test_a_cycle_of_bases_is_an_error(tmp_path):
    """Two layouts naming each other as base: a LayoutError naming the cycle, no recursion."""
    write(tmp_path / "a.toml", 'kind = "card"\nbase = "b.toml"\n')
    b = write(tmp_path / "b.toml", 'kind = "card"\nbase = "a.toml"\n')
    with pytest.raises(LayoutError, match=r"b\.toml.*kruh \(b\.toml -> a\.toml -> b"):
        load_layout(b)


def test_a_base_that_is_not_a_name_is_an_error(tmp_path):
    """`base = 3` names the file and says what is expected."""
    path = write(tmp_path / "bad.toml", 'kind = "card"\nbase = 3\n')
    with pytest.raises(LayoutError, match="bad.toml: base: má být název rozvržení karty .*, je 3"):
        load_layout(path)


def test_bad_design_fill_is_an_error(tmp_path):
    """design.fill takes "solid" or "outline" only."""
    path = write(tmp_path / "bad.toml", 'kind = "card"\nbase = "poker"\n[design]\nfill = "none"\n')
    with pytest.raises(LayoutError, match=r"design.fill: má být jedno z: .*, je \"none\""):
        load_layout(path)


@pytest.mark.parametrize(
    "args",
    [
        ("preview", "odolani", "--layout", "ink-saver", "--dpi", "50"),
        ("preview", "odolani", "--layout", "Large-Print", "--dpi", "50"),
        ("compendium", "--level", "9", "--layout", "ink-saver", "--backs", "-q"),
        ("class", "druid", "--level", "9", "--layout", "large-print", "-q"),
        ("images", "odolani", "--layout", "ink-saver", "--dpi", "50"),
    ],
)
def test_themes_work_wherever_a_layout_does(args, tmp_path):
    """--layout ink-saver / large-print builds, previews and images like any layout."""
    out = tmp_path / ("img" if args[0] == "images" else "out.pdf")
    if args[0] == "preview":
        out = tmp_path / "out.png"
    result = CliRunner().invoke(main, [*args, "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.exists() and (out.is_file() or any(out.iterdir()))


def test_layouts_lists_the_themes():
    """`cards layouts` lists both themes with their descriptions."""
    result = CliRunner().invoke(main, ["layouts"])
    assert result.exit_code == 0
    assert "ink-saver" in result.output and "large-print" in result.output
    assert "ink-saver: white card" in result.output


# --- ink-saver ------------------------------------------------------------------------------


def _faces(layout_name: str, names=SAMPLE):
    layout = load_layout(layout_name)
    return layout, [face for name in names for face in fit(spell(name), layout).faces]


def test_ink_saver_fills_nothing_but_paper():
    """No frame, band, tint, badge or disc is filled: every fill is the white paper."""
    layout, faces = _faces("ink-saver")
    paper = layout.colours.background
    assert paper == "#ffffff"
    for face in faces:
        assert face.colour == paper
        fills = [item.colour for item in face.items if isinstance(item, Fill | Disc)]
        assert set(fills) == {paper}, face.spell.name


def test_ink_saver_uses_the_school_colour_for_lines_and_icons_only():
    """The school colour draws the band's outline, rules, the disc's edge and the icons;
    the name, the numeral, the labels and the sources are dark."""
    layout, faces = _faces("ink-saver")
    for face in faces:
        school = card_style(layout, face.spell.school).colour
        lines = [i for i in face.items if isinstance(i, Outline | Rule | Shape)]
        assert any(isinstance(i, Outline) and i.colour == school for i in lines)  # the band
        assert all(i.line_width <= 1.0 for i in face.items if isinstance(i, Outline))
        discs = [i for i in face.items if isinstance(i, Disc)]
        assert discs and all(d.edge == school for d in discs)
        # (the description's bullets and run-in headings keep the school colour)
        furniture = [i for i in face.items if isinstance(i, Label) and i.text != "•"]
        titles = [i for i in face.items if isinstance(i, TextLine) and i.role == "title"]
        for item in (*furniture, *titles):
            assert item.colour in (layout.colours.text, layout.colours.muted), item
        assert any(i.colour == school for i in face.items if isinstance(i, Shape))


def test_ink_saver_backs_are_light():
    """A back is white paper with school-coloured rules, disc edge and icon, and dark text."""
    layout = load_layout("ink-saver")
    fireball = spell("Ohnivá koule")
    style = card_style(layout, fireball.school)
    back = back_face(fireball, style, layout.width, layout.height)
    assert back.colour == layout.colours.background
    assert not [i for i in back.items if isinstance(i, Fill)]
    assert {i.colour for i in back.items if isinstance(i, Outline | Shape)} == {style.colour}
    texts = {i.colour for i in back.items if isinstance(i, TextLine | Label)}
    assert texts <= {layout.colours.text, layout.colours.title}
    assert any(isinstance(i, TextLine) and i.line.text == fireball.name for i in back.items)


@cache
def _sheet_inks(layout_name: str, tmp: str) -> tuple[float, float]:
    """Return the ink of the druid deck's first A4 sheet of fronts and of its backs."""
    druid = sort_spells(select_spells(spells(), classes="druid"))[:12]
    out = Path(tmp) / f"{layout_name}.pdf"
    build_pdf(druid, out, layout=layout_name, options=PrintOptions(backs=True), title="Druid")
    document = pdfium.PdfDocument(out)
    inks = tuple(
        darkness(document[k].render(scale=150 / 72).to_pil().convert("RGB")) for k in (0, 1)
    )
    document.close()
    return inks


def test_an_ink_saver_sheet_takes_at_most_a_third_of_the_ink(tmp_path_factory):
    """A4, first druid sheet at 150 dpi: ink-saver's fronts and backs take ≤ 1/3 of poker's ink.

    Ink is 1 − the mean grey level of the rendering (cards.colour.darkness; bench/bench_ink.py
    prints it).
    """
    tmp = str(tmp_path_factory.mktemp("ink"))
    default_fronts, default_backs = _sheet_inks("poker", tmp)
    fronts, backs = _sheet_inks("ink-saver", tmp)
    assert default_fronts > 0.15  # a real sheet of coloured cards was measured
    assert fronts <= default_fronts / 3, (fronts, default_fronts)
    assert backs <= default_backs / 3, (backs, default_backs)


# --- large print ----------------------------------------------------------------------------


def test_large_print_sizes_in_the_file():
    """Body sizes are 8 pt and more; every label size 7 pt and more."""
    sizes = load_layout("large-print").sizes
    assert sizes.body_min >= 8.0 and min(sizes.size_steps) >= 8.0 and sizes.table_min >= 8.0
    for key in ("name_en", "level", "badge", "label", "stat", "material", "footer", "back_min"):
        assert getattr(sizes, key) >= 7.0, key


TITLE_COLOURS = {"#ffffff", *load_layout("large-print").school_titles.values()}


@pytest.mark.slow
def test_large_print_text_read_back_from_the_pdf(tmp_path):
    """Every character of fronts and backs is ≥ 7 pt; the description's (regular face) ≥ 8 pt."""
    sample = [spell(name) for name in SAMPLE]
    out = tmp_path / "large.pdf"
    options = PrintOptions(backs=True)
    build_pdf(sample, out, layout="large-print", sheet="none", options=options, title="Velké")
    small, small_body, regular = [], [], 0
    with open_pdf(io.BytesIO(out.read_bytes())) as pdf:
        assert len(pdf.pages) >= 2 * (len(SAMPLE) + 2)  # several spells take several cards
        for number, page in enumerate(pdf.pages):
            for char in page.chars:
                if char["text"].isspace():
                    continue
                if char["size"] < 7.0 - 0.01:
                    small.append((number, char["text"], round(char["size"], 2)))
                fill = char["non_stroking_color"] or ()
                colour = "#" + "".join(f"{round(v * 255):02x}" for v in fill)
                white = colour in TITLE_COLOURS  # the band's text
                # English name is regular too, at 7 pt: the description is the dark text
                if number % 2 == 0 and char["fontname"].split("+")[-1] == "CharisSIL" and not white:
                    regular += 1
                    if char["size"] < 8.0 - 0.01:
                        small_body.append((number, char["text"], round(char["size"], 2)))
    assert regular > 1000
    assert small == [] and small_body == []


# --- mini -----------------------------------------------------------------------------------


def _furniture_share(layout_name: str, name: str) -> float:
    """The share of the card's height that is not the description's area, from the fitter."""
    layout = load_layout(layout_name)
    header = SpellSetter(spell(name), layout).header(first=True, numbered=False)
    return 1 - header.body.height / layout.height


def test_mini_furniture_takes_no_more_of_the_card_than_poker():
    """Mini's compact furniture leaves Ohnivá koule's text at least 57 % of the card (was 48 %).

    The 25 % the issue hoped for is out of reach readably (mini is documented as a layout
    for short spells); this keeps the compact grid from growing back.
    """
    mini = _furniture_share("mini", "Ohnivá koule")
    assert mini <= 0.43
    assert mini <= _furniture_share("poker", "Ohnivá koule") + 0.01


def test_run_in_grid_sets_labels_and_short_values_on_one_line():
    """On mini, "DOSAH" and "30 sáhů" share a baseline, the label first; on poker they do not."""
    for name, same_line in (("mini", True), ("poker", False)):
        layout = load_layout(name)
        header = SpellSetter(spell("Ohnivá koule"), layout).header(first=True, numbered=False)
        label = next(i for i in header.items if isinstance(i, Label) and i.text == "DOSAH")
        value = next(
            i for i in header.items if isinstance(i, TextLine) and i.line.text == "30 sáhů"
        )
        assert (abs(label.y - value.y) < 0.01) is same_line, name
        if same_line:
            assert value.x + value.line.runs[0].x > label.x + 20


def test_run_in_value_never_leaves_a_lone_word_beside_its_label():
    """A value whose first line would hold one word ("Do" of "Do rozptýlení") starts below."""
    layout = load_layout("mini")
    header = SpellSetter(spell("Věčný plamen"), layout).header(first=True, numbered=False)
    label = next(i for i in header.items if isinstance(i, Label) and i.text == "TRVÁNÍ")
    lines = [i for i in header.items if isinstance(i, TextLine) and i.role == "stat"]
    first = min((i for i in lines if i.x == label.x), key=lambda i: abs(i.y - label.y))
    assert first.line.text.startswith("Do rozptýlení")
    assert first.y < label.y - 1 and first.line.runs[0].x == 0


def test_bad_design_grid_is_an_error(tmp_path):
    """design.grid takes "stacked" or "run-in" only."""
    path = write(tmp_path / "bad.toml", 'kind = "card"\nbase = "mini"\n[design]\ngrid = "inline"\n')
    with pytest.raises(LayoutError, match=r"design.grid: má být jedno z: .*, je \"inline\""):
        load_layout(path)


# --- the top and back of the card in every theme ---------------------------------------------


@pytest.mark.parametrize("name", ["ink-saver", "large-print", "mini"])
def test_every_front_and_back_of_a_theme_keeps_the_issue_s_design(name):
    """Level numeral in the disc on every front, concentration said once (its badge: the mark
    with its word, or the mark alone where a compact grid's cell holds no more); each back
    carries its spell's name (and "2/3"), and no rule comes nearer than 5 mm to the edge."""
    layout, faces = _faces(name, ("Odolání", "Přání", "Ovládni počasí"))
    for face in faces:
        numeral = "trik" if face.spell.level == 0 else str(face.spell.level)
        assert any(isinstance(i, Label) and i.text == numeral for i in face.items)
        texts = [i.text for i in face.items if isinstance(i, Label)]
        texts += [i.line.text for i in face.items if isinstance(i, TextLine)]
        said = 1 if face.spell.concentration and face.part == 1 else 0
        mark = card_style(layout, face.spell.school).marks["soustředění"]
        marks = sum(isinstance(i, Shape) and i.icon == mark for i in face.items)
        words = sum("soustředění" in t for t in texts)
        assert marks == said and words <= said, (face.spell.name, face.part)
        assert words == said or face.run_in, (face.spell.name, face.part)
        back = back_face(
            face.spell,
            card_style(layout, face.spell.school),
            face.width,
            face.height,
            part=face.part,
            parts=face.parts,
        )
        lines = [i.line.text for i in back.items if isinstance(i, TextLine)]
        labels = [i.text for i in back.items if isinstance(i, Label)]
        assert face.spell.name in " ".join(lines)
        if face.parts > 1:
            assert f"{face.part}/{face.parts}" in labels
        rules = [i for i in back.items if isinstance(i, Outline)]
        assert rules and min(i.x for i in rules) >= 5 * mm - 0.01
