"""Tests for cards.typeset.cost: the one cost model both line breakers read."""

from __future__ import annotations

import pytest

from cards.typeset import cost
from tests.unit.typeset.test_typeset import _mono_lines

TEXT = "Za každou další úroveň pozice nad 3. zhmotníš dva meteory navíc a nejrůznějších tvorů."


def _hyphens(justify: bool) -> int:
    """Count the hyphenated line ends of TEXT at widths of 16 to 40 characters."""
    return sum(
        line.endswith("-")
        for chars in range(16, 41)
        for line in _mono_lines(TEXT, chars, justify=justify)
    )


@pytest.mark.parametrize("justify", [True, False], ids=["total fit", "line by line"])
def test_both_breakers_take_the_hyphen_penalty_from_the_cost_model(justify, monkeypatch):
    """A hyphen priced out in `cost` is priced out in total fit and line by line alike."""
    assert _hyphens(justify) > 0
    monkeypatch.setattr(cost, "HYPHEN_PENALTY", 1e9)
    assert _hyphens(justify) == 0


def test_a_line_judged_on_its_own_costs_what_total_fit_judges_it_capped_at_inf_bad():
    """ragged_demerits is (LINE_PENALTY + judge's badness)**2, the badness capped at 10000."""
    for avail in (20.0, 20.3, 20.8, 19.8):
        badness = cost.judge(20.0, 2.0, avail, 0.0, False, False)[0]
        assert badness < cost.INF_BAD
        expected = (cost.LINE_PENALTY + badness) ** 2
        assert cost.ragged_demerits(20.0, 2.0, avail, False, False) == pytest.approx(expected)
    assert cost.judge(20.0, 2.0, 30.0, 0.0, False, False)[0] > cost.INF_BAD
    loose = cost.ragged_demerits(20.0, 2.0, 30.0, False, False)
    assert loose == (cost.LINE_PENALTY + cost.INF_BAD) ** 2


TEXTS = (
    TEXT,
    "Na vyšších úrovních. Sešleš-li toto kouzlo použitím pozice kouzla 3. či vyšší úrovně, "
    "za každou další úroveň pozice nad 2. můžeš zacílit jednoho tvora navíc.",
    "Cíl má výhodu k ověřením Charismatu.",
)


@pytest.mark.parametrize("font", ["mono", "serif"])
def test_no_setting_takes_fewer_lines_than_fewest_lines(font):
    """fewest_lines never exceeds the lines of a justified, flush-left or ragged setting,
    hyphenated or not (every width from 12 to 60 characters, with and without glyph
    expansion), and often equals the justified count (then a fitter is spared the setting)."""
    from cards.typeset import ParagraphSetting, TypesetContext, fewest_lines, prepare, set_lines
    from cards.typeset.words import Run
    from tests.unit.typeset.test_typeset import MONO, MONO_EM, SERIF

    tight = checked = 0
    for context in (None, TypesetContext()):
        for text in TEXTS:
            prepared = prepare([Run(text, MONO if font == "mono" else SERIF)])
            for chars in range(12, 61):
                for expansion in (0.0, 0.02):
                    for hyphenate in (True, False):
                        width = chars * 10 * MONO_EM + 1e-6
                        setting = ParagraphSetting(
                            width, 10, expansion=expansion, hyphenate=hyphenate
                        )
                        bound = fewest_lines(prepared, setting, context)
                        justified = set_lines(prepared, setting)
                        if any(line.overfull for line in justified):
                            continue
                        checked += 1
                        for other in (
                            setting,
                            ParagraphSetting(
                                width, 10, hyphenate=hyphenate, expansion=expansion, flush_left=True
                            ),
                            ParagraphSetting(width, 10, justify=False, hyphenate=hyphenate),
                        ):
                            lines = set_lines(prepared, other)
                            assert bound <= len(lines), (text, chars, expansion, other)
                        tight += bound == len(justified)
    assert tight > 0.6 * checked  # and it often spares the justified setting
