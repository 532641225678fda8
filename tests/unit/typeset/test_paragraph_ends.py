"""Paragraph ends and signed numbers that keep the spacing (issue 18): the soft glue before a
signed number ("postih −4") and two ragged lines rather than a word's tail or a gaping line."""

from __future__ import annotations

import cards.typeset.cost as cost
import cards.typeset.totalfit as tf
import cards.typeset.words as words
from cards.typeset import ParagraphSetting, TypesetContext, set_lines
from cards.typeset.czech import glued_spaces
from tests.support.fonts import MONO, MONO_EM

PENALTY = cost.SIGN_PENALTY


def _lines(text: str, chars: int) -> list[tuple[str, float]]:
    """Set text in the monospaced test font, `chars` characters wide: (text, word space)."""
    prepared = TypesetContext().paragraph(text, MONO)
    lines = set_lines(prepared, ParagraphSetting(chars * 10 * MONO_EM + 1e-6, 10))
    return [(line.text, line.word_space) for line in lines]


def test_the_space_before_a_signed_number_after_a_word_is_a_soft_glue():
    """ "bonus +2", "postih −4", "bonus ±1" glue the space before the number ("sign")."""
    assert glued_spaces("bonus +2 k".split())[0] == "sign"
    assert glued_spaces("postih \u22124 ke".split())[0] == "sign"
    assert glued_spaces("bonus ±1".split()) == {0: "sign"}
    assert glued_spaces("2k6 +3 zranění".split())[0] == "number"  # after a number: a sum
    assert words.SOFT_GLUE["sign"] == PENALTY


def test_a_signed_number_stays_with_its_word_when_parting_saves_little(monkeypatch):
    """ "Tvor v oblasti získá" / "bonus +2 k OČ a k hodům": the word before the sign is
    neither parted from it nor hyphenated ("bo-" / "nus +2", as with no glue at all)."""
    text = "Tvor v oblasti získá bonus +2 k OČ a k hodům na útok."
    assert [t for t, _ in _lines(text, 24)] == [
        "Tvor v oblasti získá",
        "bonus +2 k OČ a k hodům",
        "na útok.",
    ]
    monkeypatch.setitem(words.SOFT_GLUE, "sign", 0.0)
    assert _lines(text, 24)[0][0] == "Tvor v oblasti získá bo-"


def test_a_signed_number_leaves_its_word_rather_than_a_line_gape(monkeypatch):
    """ "Cíl utrpí postih" / "−4 ke všem hodům.": the unit "postih −4 ke" (the minus a full
    em in Charis) would leave the first line gaping or take a line more."""
    text = "Cíl utrpí postih \u22124 ke všem hodům."
    assert [t for t, _ in _lines(text, 17)] == ["Cíl utrpí postih", "\u22124 ke všem hodům."]
    monkeypatch.setitem(words.SOFT_GLUE, "sign", 1e100)  # a hard glue
    assert not any(t.endswith("postih") for t, _ in _lines(text, 17))


def test_two_lines_rather_than_a_tail_or_a_gaping_line(monkeypatch):
    """ "Cíl má výhodu k ověřením" (ragged) / "Charismatu.": justified, the first line
    stretches its spaces past three times (it may not end on "Cha-", a tail alone below)."""
    text = "Cíl má výhodu k ověřením Charismatu."
    lines = _lines(text, 33)
    assert lines == [("Cíl má výhodu k ověřením", 0.0), ("Charismatu.", 0.0)]
    monkeypatch.setattr(tf, "ragged_pair", lambda breaks, first, rest, expansion, plan: plan)
    assert _lines(text, 33)[0][1] > 10  # the tail is never left alone: the first line gapes


def test_a_two_line_paragraph_is_set_ragged_rather_than_gape(monkeypatch):
    """ "a cíl ukončí toto" / "kouzlo předčasně.": justified, its spaces would be 3 times."""
    text = "a cíl ukončí toto kouzlo předčasně."
    assert _lines(text, 23) == [("a cíl ukončí toto", 0.0), ("kouzlo předčasně.", 0.0)]
    monkeypatch.setattr(tf, "ragged_pair", lambda breaks, first, rest, expansion, plan: plan)
    assert _lines(text, 23)[0][1] > 10  # 6 characters of slack over 3 spaces


STIT = (
    "Objeví se neviditelná bariéra magické síly, aby tě ochránila. Až do začátku svého "
    "příštího tahu máš bonus +5 k OČ, a to i proti spouštěcímu útoku, a magická střela ti "
    "nezpůsobí žádné zranění."
)


def _serif_ends(text: str) -> list[str]:
    """Set text in Charis at 10 pt on poker's 159.3 pt column (expansion 2 %): line ends."""
    from tests.support.fonts import SERIF

    prepared = TypesetContext().paragraph(text, SERIF)
    return [
        line.text.split()[-1]
        for line in set_lines(prepared, ParagraphSetting(159.3, 10, expansion=0.02))
    ]


def test_a_soft_glue_holds_where_a_plan_with_a_looser_line_costs_less(monkeypatch):
    """Štít at 10 pt: "…tahu máš" / "bonus +5 k OČ…" (a line at 2.2x) costs less than
    parting "bonus" / "+5"; the first pass (lines within LOOSEST) finds only the parting,
    so a plan ending at a break that dear is checked against the looser ones."""
    assert "bonus" not in _serif_ends(STIT)
    monkeypatch.setattr(tf, "_dear_break", lambda breaks, plan: False)
    assert "bonus" in _serif_ends(STIT)
