"""Widows and orphans on fitted cards, judged from the placed lines alone: each paragraph is
marked at its start, so the lines of a paragraph on each side of a card break are counted."""

from __future__ import annotations

import re

import pytest

from cards.face import TextLine
from cards.fit import fit_spell
from cards.layout import load_layout
from cards.model import Paragraph
from tests.support.spells import SENTENCE, make_spell

MARK = re.compile(r"K(\d+)Z")  # "K7Z" opens paragraph 7; no other word of the text has it


def _body(face) -> list[str]:
    return [i.line.text for i in face.items if isinstance(i, TextLine) and i.role == "body"]


@pytest.mark.parametrize("layout_name", ["poker", "mini"])
@pytest.mark.parametrize("cut", range(0, 130, 9))
def test_no_paragraph_leaves_one_line_alone_at_a_card_break(layout_name, cut):
    """A paragraph split by a card break keeps two or more lines on each card, and the line
    before the break does not end inside a word (paragraphs of 1 to 3 sentences and a bit)."""
    text = [SENTENCE * (1 + n % 3) + SENTENCE[:cut] for n in range(1, 13)]
    spell = make_spell(*(Paragraph(f"K{n}Z " + t) for n, t in enumerate(text, 1)))
    faces = fit_spell(spell, load_layout(layout_name))
    assert len(faces) > 1  # there are card breaks to judge
    cards = [_body(face) for face in faces]
    paragraph = 0
    owners = []  # per card, the paragraph of each line
    for lines in cards:
        owners.append([])
        for text in lines:
            found = MARK.search(text)
            paragraph = int(found.group(1)) if found else paragraph
            owners[-1].append(paragraph)
    assert sorted(set(p for card in owners for p in card)) == list(range(1, 13))
    for before, after, text in zip(owners, owners[1:], cards, strict=False):
        if before[-1] != after[0]:
            continue  # the break falls between paragraphs
        assert before.count(before[-1]) >= 2, (layout_name, before, after)
        assert after.count(after[0]) >= 2, (layout_name, before, after)
        assert not text[-1].endswith("-"), text[-1]
