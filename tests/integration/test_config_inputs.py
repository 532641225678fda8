"""Everything a layout is read from is an input: -o naming a layout's base, font or icon is
refused; a font of one's own named like a shipped one is used, not silently swapped."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.cli import main
from cards.layout import FONT_DIR, layout_files, load_layout

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def chain(tmp_path: Path) -> Path:
    """A layout on a base beside it, which brings its own icon."""
    shutil.copy(ROOT / "layouts" / "icons" / "candle-light.svg", tmp_path / "svicka.svg")
    (tmp_path / "zaklad.toml").write_text(
        'kind = "card"\nbase = "poker"\n[icons]\n"rituál" = "svicka.svg"\n', encoding="utf-8"
    )
    top = tmp_path / "moje.toml"
    top.write_text('kind = "card"\nbase = "zaklad.toml"\n', encoding="utf-8")
    return top


@pytest.mark.parametrize("victim", ["zaklad.toml", "svicka.svg"])
def test_output_naming_a_layouts_base_or_icon_is_refused(tmp_path, victim):
    """-o naming the base file (or an icon) of the --layout is refused; the file is kept."""
    top = chain(tmp_path)
    target = tmp_path / victim
    before = target.read_bytes()
    result = run("class", "paladin", "--layout", str(top), "-o", str(target))
    assert result.exit_code == 2, result.output  # as every -o naming an input
    assert f"{target}: je to vstupní soubor" in result.output
    assert "--layout" in result.output
    assert target.read_bytes() == before


def test_layout_files_lists_the_chain_and_its_files(tmp_path):
    """The files of a layout: itself, its bases (the shipped one too) and the files they name."""
    top = chain(tmp_path)
    files = layout_files(top)
    assert files[:3] == (top, tmp_path / "zaklad.toml", ROOT / "layouts" / "poker.toml")
    assert tmp_path / "svicka.svg" in files
    assert layout_files(tmp_path / "nic.toml") == ()


def test_a_font_named_like_a_shipped_one_is_used(tmp_path):
    """CharisSIL-Regular.ttf of one's own (here: the italic's outlines) is the body font."""
    shutil.copy(FONT_DIR / "CharisSIL-Italic.ttf", tmp_path / "CharisSIL-Regular.ttf")
    path = tmp_path / "moje.toml"
    path.write_text('kind = "card"\nbase = "poker"\n', encoding="utf-8")
    shipped = load_layout("poker").fonts["body"]
    own = load_layout(path).fonts["body"]
    assert own != shipped
    italic = load_layout("poker").fonts["italic"]
    word = "Kouzelník"
    assert stringWidth(word, own, 10) == stringWidth(word, italic, 10)
    assert stringWidth(word, own, 10) != stringWidth(word, shipped, 10)
    assert load_layout(path).fonts["body"] == own  # the same file, the same name


def test_output_naming_a_shipped_sheet_or_layout_is_refused():
    """-o layouts/a4.toml (the --sheet a4 in use) or layouts/poker.toml (--layout poker) is
    refused by the gate (asked directly: a gate that let it pass would write over the file)."""
    from cards.atomic import OutputError
    from cards.cli import refuse_overwriting_inputs

    for target, option in (
        (ROOT / "layouts" / "a4.toml", "--sheet"),
        (ROOT / "layouts" / "poker.toml", "--layout"),
    ):
        params = {"layout": "poker", "sheet": "a4", "output": str(target)}
        with pytest.raises(OutputError, match=f"je to vstupní soubor .*\\({option}\\)"):
            refuse_overwriting_inputs(params)
    refuse_overwriting_inputs({"layout": "poker", "sheet": "none", "output": "karty.pdf"})
