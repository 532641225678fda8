"""Tests for the size policy: the layout's type.size_steps and the body sizes the fitter chooses."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cards.cli import main
from cards.fit import SpellSetter, fit_spell, search
from cards.fit.paginate import used_height
from cards.fit.room import SIZE_STEP, size_grid
from cards.layout import LayoutError, load_layout
from cards.model import Paragraph
from cards.report import fit_report
from cards.source.library import read_compendium
from tests.support.spells import SENTENCE, make_spell

LAYOUTS = Path(__file__).resolve().parents[3] / "layouts"
POKER = LAYOUTS / "poker.toml"
STEPS_LINE = re.compile(r"^size_steps = .*$", re.MULTILINE)


def _variant(tmp_path: Path, steps: str | None) -> Path:
    """Write poker.toml with its size_steps line replaced (None: removed)."""
    text = POKER.read_text(encoding="utf-8")
    assert STEPS_LINE.search(text)
    line = "" if steps is None else f"size_steps = {steps}"
    path = tmp_path / "variant.toml"
    path.write_text(STEPS_LINE.sub(line, text), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def poker():
    return load_layout("poker")


@pytest.mark.parametrize("name", ["poker", "bridge", "mini", "tarot"])
def test_card_layouts_list_steps_from_max_to_min(name):
    """Each card layout lists a few body sizes, from body_max down to body_min."""
    layout = load_layout(name)
    steps = layout.sizes.size_steps
    assert 2 <= len(steps) <= 10
    assert steps[0] == layout.body_max and steps[-1] == layout.body_min
    assert size_grid(layout) == sorted(steps)


@pytest.mark.slow
def test_compendium_on_poker_uses_at_most_seven_sizes_each_a_step(poker):
    """The compendium is set in at most 9 body sizes (6.5 to 12 pt), each one of the steps,
    on <= 613 cards (issue 18: 625 before the 10 pt steps; the run-in grid where it saves
    a card takes 12)."""
    report = fit_report(read_compendium().spells, poker)
    used = {row.body_size for row in report.rows}
    assert len(report.rows) == 492
    assert len(used) <= 9
    assert used <= set(poker.sizes.size_steps)
    assert report.cards <= 613


def test_a_shrunk_spell_gets_the_largest_step_that_fits(poker):
    """A spell too long for one card at body_max gets a step; the next step up overflows."""
    spell = make_spell(*_paragraphs(4, 2))
    (face,) = fit_spell(spell, poker)
    steps = sorted(poker.sizes.size_steps)
    assert face.body_size in steps[:-1]
    setter = SpellSetter(spell, poker)
    box = setter.header(first=True, numbered=False).body.height
    assert used_height(setter.outline(face.body_size)) <= box
    bigger = steps[steps.index(face.body_size) + 1]
    assert used_height(setter.outline(bigger)) > box
    # On the fine grid the same spell would be set larger: the steps cost it size, not cards.
    assert used_height(setter.outline(round(face.body_size + SIZE_STEP, 3))) <= box


def _paragraphs(*repeats: int) -> list[Paragraph]:
    return [Paragraph(SENTENCE * repeat) for repeat in repeats]


def test_steps_outside_the_range_are_left_out_and_its_ends_join(tmp_path):
    """A layout's body_min and body_max are always sizes to try; steps outside them are not."""
    layout = load_layout(_variant(tmp_path, "[13.0, 8.0, 7.6, 7.0, 5.0]"))
    assert size_grid(layout) == [6.5, 7.0, 7.6, 8.0, 10.0]


def test_without_steps_the_fine_grid_is_used(tmp_path):
    """A layout without type.size_steps tries every 0.1 pt from body_min to body_max."""
    layout = load_layout(_variant(tmp_path, None))
    assert layout.sizes.size_steps == ()
    grid = size_grid(layout)
    assert grid[0] == layout.body_min and grid[-1] == layout.body_max
    assert len(grid) == round((layout.body_max - layout.body_min) / SIZE_STEP) + 1
    (face,) = fit_spell(make_spell(*_paragraphs(4, 2)), layout)
    assert face.body_size not in load_layout("poker").sizes.size_steps


@pytest.mark.parametrize(
    "steps",
    [
        "8.0",  # not a list
        "[8.5]",  # one size is no choice
        '[8.5, "7", 6.5]',  # not a number
        "[8.5, true, 6.5]",
        "[8.5, 7.0, 7.5, 6.5]",  # not falling
        "[8.5, 7.0, 7.0, 6.5]",
        "[8.5, 7.0, 3.0]",  # too small
        "[31.0, 8.5, 6.5]",  # too large
        "[" + ", ".join(f"{8.5 - 0.1 * k:.1f}" for k in range(21)) + "]",  # too many
    ],
)
def test_a_bad_size_steps_is_refused_naming_file_and_key(tmp_path, steps):
    """A bad type.size_steps is a LayoutError naming the file, the key and what is expected."""
    path = _variant(tmp_path, steps)
    expected = r"variant\.toml: type\.size_steps: má být seznam 2 až 12 klesajících velikostí"
    with pytest.raises(LayoutError, match=expected):
        load_layout(path)


def test_a_bad_size_steps_exits_1_with_the_message(tmp_path):
    """The CLI reports a bad type.size_steps in one line and exits 1, without a traceback."""
    path = _variant(tmp_path, "[8.5, 9.0, 6.5]")
    result = CliRunner().invoke(main, ["fit-report", "--layout", str(path)])
    assert result.exit_code == 1
    assert "variant.toml: type.size_steps: má být seznam" in result.output
    assert "Traceback" not in result.output


def _squeeze_variant(tmp_path: Path, squeeze: str) -> Path:
    """Write a layout that is poker with type.squeeze set."""
    path = tmp_path / "squeeze.toml"
    path.write_text(
        f'kind = "card"\nbase = "poker.toml"\ndescription = "x"\n[type]\nsqueeze = {squeeze}\n',
        encoding="utf-8",
    )
    return path


def _spell(name: str):
    return next(s for s in read_compendium().spells if s.name == name)


def test_squeezed_gaps_save_a_card(poker, tmp_path, monkeypatch):
    """Zmrtvýchvstání misses one card by a fraction of a line: with half its paragraph
    gaps it takes one card at the minimum size instead of two; without squeeze, two (the
    run-in stat grid, which saves it the card too, turned off)."""
    monkeypatch.setattr(search, "RUN_IN_FALLBACK", False)
    spell = _spell("Zmrtvýchvstání")
    faces = fit_spell(spell, poker)
    assert len(faces) == 1
    assert faces[0].body_size == poker.body_min
    assert faces[0].squeeze == poker.sizes.squeeze > 0
    plain = fit_spell(spell, load_layout(_squeeze_variant(tmp_path, "0")))
    assert len(plain) == 2
    assert plain[0].squeeze == 0


def test_squeeze_is_kept_for_when_it_saves_a_card(poker):
    """A spell on one card, and one that takes as many cards squeezed, keep their gaps."""
    for name, count in (("Ohnivá koule", 1), ("Přání", 3)):
        faces = fit_spell(_spell(name), poker)
        assert len(faces) == count
        assert {face.squeeze for face in faces} == {0}


def test_squeeze_tightens_the_panels_padding(poker):
    """Trnová zeď fits one card only when its panel's padding above and below shrinks too."""
    faces = fit_spell(_spell("Trnová zeď"), poker)
    assert len(faces) == 1
    assert faces[0].squeeze == poker.sizes.squeeze > 0


@pytest.mark.parametrize("squeeze", ["-0.1", "0.95", '"half"'])
def test_a_bad_squeeze_is_refused_naming_file_and_key(tmp_path, squeeze):
    path = _squeeze_variant(tmp_path, squeeze)
    with pytest.raises(LayoutError, match=r"squeeze\.toml.*type\.squeeze"):
        load_layout(path)
