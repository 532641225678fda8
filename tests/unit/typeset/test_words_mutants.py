"""Words (cards/typeset/words.py): tests written to kill what a mutation run of czech.py left
alive through words (the dice pattern it imports)."""

from __future__ import annotations

from cards.typeset.words import Run, prepare


def test_a_counted_word_stays_whole_but_an_adjective_after_dice_may_break():
    """ "1 minuta" never breaks as "1 mi-"; in "8k8 psychického" the adjective may."""
    prepared = prepare([Run("Utrpí 8k8 psychického zranění, 1 minuta trvá.", "Helvetica")])
    last_words = [prepared.words[end] for end in prepared.ends]
    whole = dict(zip(last_words, prepared.whole, strict=True))
    assert whole["minuta"] is True
    assert whole["psychického"] is False
