"""Card breaks a player can read: ranked break places, look-ahead over cards and sizes."""

from __future__ import annotations

import pytest

from cards.face import Label, TextLine
from cards.fit import fit_spell
from cards.fit.blocks import TAIL_WORDS, ranks, sentence_end
from cards.fit.footer import CUE_FROM
from cards.fit.paginate import (
    BLOCK,
    LINE,
    NEVER,
    SENTENCE,
    SHORT,
    SHORT_OF_FULL,
    Slab,
    plan,
    split,
)
from cards.layout import load_layout
from cards.typeset import TypesetContext
from cards.typeset.lines import _spans

LONG = (
    "Tvorové v oblasti kouzla se pohybují pomaleji a každý z nich musí na začátku svého tahu "
    "uspět v záchranném hodu na Moudrost, jinak ztratí svou reakci až do konce tohoto tahu. "
)
SHORT_ONE = "Kouzlo skončí. "


@pytest.fixture(scope="module")
def layout():
    return load_layout("poker")


def _ranks(text: str, width: float = 120.0, size: float = 8.0) -> tuple[list, list[int]]:
    context = TypesetContext()
    prepared = context.paragraph(text, load_layout("poker").fonts["body"])
    spans = _spans(prepared, width / size, width / size, True, True, 0.0, False, context)
    return [prepared.words[s.first : s.last + 1] for s in spans], ranks(prepared, spans)


def test_sentence_end_is_not_an_ordinal_or_abbreviation():
    """A sentence ends at ".", "!", "?", ":" (closing marks after), not at "3." or "např."."""
    assert sentence_end("tahu.") and sentence_end("předmět.“") and sentence_end("takto:")
    assert not sentence_end("3.") and not sentence_end("např.") and not sentence_end("tahu,")


def test_a_break_after_a_sentence_ranks_above_one_inside_it():
    """SENTENCE after a line ending a sentence; inside one LINE, or SHORT when the tail on the
    next card is shorter than a full line or TAIL_WORDS words; NEVER keeps widows and orphans."""
    words, found = _ranks(LONG * 3 + SHORT_ONE + LONG)
    assert found[0] == BLOCK and found[1] == NEVER and found[-1] == NEVER
    for n in range(2, len(found) - 1):
        before, line = words[n - 1], words[n]
        if found[n] == NEVER:
            continue
        if sentence_end(before[-1]):
            assert found[n] == SENTENCE, (before, line)
            continue
        tail = next((k for k, w in enumerate(line) if sentence_end(w)), None)
        short = tail is not None and (tail < len(line) - 1 or tail + 1 < TAIL_WORDS)
        assert found[n] == (SHORT if short else LINE), (before, line)
    assert SENTENCE in found and LINE in found


def test_a_break_inside_a_numbers_phrase_is_short():
    """A card never ends between a number and its words: such a break is SHORT."""
    text = "slovo " * 30 + "a zranění je 3 a Charisma je 1 " + "slovo " * 30 + "konec."
    words, found = _ranks(text, width=60.0)
    for n in range(2, len(found) - 1):
        if any(c.isdigit() for c in words[n - 1][-1] + words[n][0]) and found[n] != NEVER:
            assert found[n] == SHORT


def _slab(rank: int) -> Slab:
    return Slab(10.0, (), 0.0, rank)


def test_plan_takes_a_sentence_end_the_greedy_fill_passes_by():
    """Filling each card in turn ends the first mid-sentence; the look-ahead ends it one
    line earlier at a sentence end (leaving less than SHORT_OF_FULL empty), and the rest
    still fits the second card."""
    slabs = [_slab(BLOCK)] + [_slab(LINE)] * 8 + [_slab(SENTENCE)] + [_slab(LINE)] * 5
    greedy = split(slabs, 100.0, 100.0, False, 10)
    assert greedy[0] == 10 and slabs[10].breakable == LINE
    cost, ends = plan(slabs, lambda n: 100.0, None, 2)
    assert ends == [9, 15] and slabs[9].breakable == SENTENCE


def test_plan_breaks_inside_a_sentence_rather_than_leave_a_card_short():
    """An earlier card is not left more than SHORT_OF_FULL short of full: the break inside
    the sentence (its next card cued) beats the sentence end one 15 pt line earlier."""
    assert 10.0 < SHORT_OF_FULL < 15.0
    slabs = [_slab(BLOCK)] + [_slab(LINE)] * 8 + [_slab(SENTENCE)] + [_slab(LINE)] * 5
    cost, ends = plan(slabs, lambda n: 105.0, None, 2)
    assert ends == [10, 15] and slabs[10].breakable == LINE


def test_plan_avoids_a_short_tail_when_the_cards_allow():
    """A SHORT break is taken only when nothing better fits the cards."""
    slabs = [_slab(BLOCK)] + [_slab(LINE)] * 5 + [_slab(SHORT)] + [_slab(LINE)] * 6
    _, ends = plan(slabs, lambda n: 70.0, None, 2)
    assert slabs[ends[0]].breakable != SHORT
    cramped = [_slab(BLOCK)] + [_slab(NEVER)] * 6 + [_slab(SHORT)] + [_slab(NEVER)] * 6
    _, ends = plan(cramped, lambda n: 70.0, None, 2)
    assert ends == [7, 14]


def _first_sentences(faces) -> list[tuple[list[str], bool]]:
    """Per continuation card: the words up to its first sentence end (after a repeated
    heading), and whether it shows the cue that a sentence goes on."""
    from cards.fit.blocks import HEADING_CONTINUED, SENTENCE_CONTINUED

    found = []
    for face in faces[1:]:
        lines = [i for i in face.items if isinstance(i, TextLine) and i.role == "body"]
        texts = [i.line.text for i in sorted(lines, key=lambda i: -i.y)]
        cued = texts[0].endswith(HEADING_CONTINUED) or any(
            isinstance(i, Label) and i.text in (SENTENCE_CONTINUED, *CUE_FROM) for i in face.items
        )
        if texts[0].endswith(HEADING_CONTINUED):
            texts = texts[1:]  # the run-in heading repeated: the text goes on below it
        words = " ".join(texts).split()
        first_end = next(n for n, word in enumerate(words) if sentence_end(word))
        found.append((words[: first_end + 1], cued))
    return found


def test_the_compendiums_short_tails_are_mended(layout):
    """Spells whose second card began with a stray tail ("Odolnost.", "tvorově ověření
    Síly.") are broken elsewhere: no continuation begins with fewer than TAIL_WORDS words
    of a sentence."""
    from cards.select import find_spell
    from cards.source.library import read_compendium

    spells = read_compendium().spells
    for name in ("Světelná zeď", "Telekineze", "Hromadná sugesce", "Najdi honosnějšího oře"):
        faces = fit_spell(find_spell(spells, name), layout)
        assert len(faces) == 2
        for words, _ in _first_sentences(faces):
            assert words[0][:1].isupper() or len(words) >= TAIL_WORDS, (name, words)


def test_a_card_that_begins_inside_a_sentence_says_so():
    """Teleport on poker: its continuation cards begin inside a sentence, and each shows the
    cue that the sentence goes on (SENTENCE_CONTINUED above it, a heading repeated with
    "(pokr.)", or at its foot)."""
    from cards.fit.blocks import SENTENCE_CONTINUED
    from cards.select import find_spell
    from cards.source.library import read_compendium

    faces = fit_spell(find_spell(read_compendium().spells, "Teleport"), load_layout("poker"))
    assert len(faces) == 3
    found = _first_sentences(faces)
    assert any(words[0][:1].islower() for words, _ in found)
    assert all(cued for words, cued in found if words[0][:1].islower())
    # the cue above the text, in muted italic, above the card's first line
    second = faces[1]
    (cue,) = [i for i in second.items if isinstance(i, Label) and i.text == SENTENCE_CONTINUED]
    first = max(
        (i for i in second.items if isinstance(i, TextLine) and i.role == "body"), key=lambda i: i.y
    )
    assert cue.y > first.y and cue.x == pytest.approx(first.x)


def test_a_cue_that_would_cost_a_card_stands_at_the_foot():
    """Pekelné volání on poker: the cue above its second card's text would take a third card;
    the card says at its foot that it goes on from the card before, and the spell keeps its
    two cards."""
    from cards.fit.blocks import SENTENCE_CONTINUED
    from cards.select import find_spell
    from cards.source.library import read_compendium

    spell = find_spell(read_compendium().spells, "Pekelné volání")
    faces = fit_spell(spell, load_layout("poker"))
    assert len(faces) == 2
    labels = [i.text for i in faces[1].items if isinstance(i, Label)]
    assert CUE_FROM[0] in labels and SENTENCE_CONTINUED not in labels
    assert CUE_FROM[0] not in [i.text for i in faces[0].items if isinstance(i, Label)]
