"""Context (cards/typeset/context.py): tests written to kill what a mutation run
(bench/mutation.py) of context.py left alive: which paragraphs a build keeps across spells
(under 40 characters, without a heading), with their line ends, and one prepared paragraph
whether an empty heading font is given or left out. Lengths counted by hand.
"""

from __future__ import annotations

import pytest

from cards.typeset.context import TypesetContext
from cards.typeset.lines import ParagraphSetting, line_spans
from tests.support.fonts import register_mono

MONO = "ContextMutantsMono"
CLASSES = "Bard, Čaroděj, Druid, Klerik, Kouzelník"  # 39 characters
LONGER = CLASSES + "."  # 40 characters


@pytest.fixture(scope="module", autouse=True)
def _mono():
    register_mono(MONO)


def test_a_paragraph_under_forty_characters_is_kept_across_spells():
    """A paragraph of 39 characters is prepared once a build; one of 40 is forgotten."""
    context = TypesetContext()
    short, longer = context.paragraph(CLASSES, MONO), context.paragraph(LONGER, MONO)
    context.forget_paragraphs()
    assert context.paragraph(CLASSES, MONO) is short
    assert context.paragraph(LONGER, MONO) is not longer


def test_a_kept_paragraph_keeps_its_line_ends_across_spells():
    """The line ends of a paragraph kept across spells are kept; a forgotten one's are not."""
    context = TypesetContext()
    short, longer = context.paragraph(CLASSES, MONO), context.paragraph(LONGER, MONO)
    spans = {
        p: line_spans(p, ParagraphSetting(100.0, 10.0), context=context) for p in (short, longer)
    }
    context.forget_paragraphs()
    assert line_spans(short, ParagraphSetting(100.0, 10.0), context=context) is spans[short]
    assert line_spans(longer, ParagraphSetting(100.0, 10.0), context=context) is not spans[longer]


def test_an_empty_heading_font_given_or_left_out_is_one_paragraph():
    """Without a heading, passing the empty heading font (as blocks do) or leaving it out
    gives the one prepared paragraph."""
    context = TypesetContext()
    for text in (CLASSES, LONGER):
        assert context.paragraph(text, MONO, "", "") is context.paragraph(text, MONO)
