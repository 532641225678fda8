"""Czech typography of a text as it is set: dashes, ranges, signs; the data stays as written.

Each rule is a pattern and its replacement, applied in order (ČSN 01 6910 and Czech book
practice):

- ``dash``: a hyphen standing between words as a dash ("Dané kouzlo - zvané") becomes an
  en dash, glued to the word before it so that it never starts a line.
- ``range``: a range of numbers written with spaces around a hyphen, en dash or minus
  ("2 - 6", "9 – 10", "01 − 05") or with a minus sign ("01−05") is closed up with an en
  dash: "2–6", "01–05". Dice are not ranges ("2k6 - 4" is left alone).
- ``minus``: a hyphen or en dash before a digit that starts a word ("postih –2", "| -5 |")
  is the minus sign U+2212.

A signed number stays with the word before it ("bonusem +1 k hodům", "postih −4") by
`czech.glued_spaces` (its rule "sign"), not here: that glue may give way, at a price, where
it would leave a line gaping (U+2212 is a full em wide in Charis SIL).
- ``apostrophe``: a straight apostrophe after a letter ("Bigby's hand", "Heroes' feast") is the
  typographic one, ’.
- ``from level``: "Od 5. úrovně" stays together ("od" and its ordinal).
- ``ordinal``: an ordinal stays with the noun it counts, in any capitalisation: "5. Úrovně",
  "Pozice 8. Stupně", "11. kruhu". (`czech.glued_spaces` glues "3. úrovni" already, but takes
  "5. Úrovně" for a sentence's end and a new one's start, so the nouns an ordinal counts in
  the spells are named here: úroveň, stupeň, kruh, pozice, kolo, tah, den.)

Glued spaces are written as U+00A0, which `words.prepare` keeps unbreakable and draws as a
space.
"""

from __future__ import annotations

import re
from collections import Counter

NBSP = "\u00a0"
EN_DASH = "\u2013"
MINUS = "\u2212"
APOSTROPHE = "\u2019"

# The nouns an ordinal counts in the compendium, by their stems in any case and number
# ("úroveň", "úrovně", "úrovni"; "stupeň", "stupně"; "kruh", "kruhu"; "pozice"; "kolo",
# "kola"; "tah", "tahu"; "den", "dne"), with a capital or without.
ORDINAL_NOUNS = (
    r"(?:[Úú]rov(?:eň|n)|[Ss]tup(?:eň|n)|[Kk]ruh|[Pp]ozic|[Kk]ol[aeouy]|[Tt]ah|[Dd]e?n[eiuů]?\b)"
)

RULES: tuple[tuple[str, re.Pattern[str], str], ...] = (
    ("range", re.compile(r"(?<![\w.,])(\d+)(?: [-–−] |−)(\d+)(?!\w)"), r"\1" + EN_DASH + r"\2"),
    ("dash", re.compile(r"(?<=[^\d\s]) - (?=\S)|(?<=\S) - (?=[^\d\s])"), NBSP + EN_DASH + " "),
    ("minus", re.compile(r"(?:(?<=[\s(\[])|^)[-–](?=\d)"), MINUS),
    ("apostrophe", re.compile(r"(?<=\w)'"), APOSTROPHE),
    ("from level", re.compile(r"\b([Oo]d) (?=\d+\. [Úú]rovn)"), r"\1" + NBSP),
    ("ordinal", re.compile(r"(?<!\S)(\d+\.) (?=" + ORDINAL_NOUNS + r")"), r"\1" + NBSP),
)
# What each rule's pattern cannot match without (any one of them): a text lacking them all
# is not searched with it.
NEEDS = {
    "range": ("-", "–", "−"),
    "dash": (" - ",),
    "minus": ("-", "–"),
    "apostrophe": ("'",),
    "from level": ("rovn",),
    "ordinal": (". ",),
}


_DIGIT = re.compile(r"\d")


def normalise(text: str) -> str:
    """Return text with Czech dashes, ranges and glued signs, as it is to be set."""
    # Every rule but "dash" and "apostrophe" needs a digit, "dash" a spaced hyphen and
    # "apostrophe" an apostrophe: most texts have none.
    if " - " not in text and "'" not in text and _DIGIT.search(text) is None:
        return text
    for name, pattern, replacement in RULES:
        if any(needed in text for needed in NEEDS[name]):
            text = pattern.sub(replacement, text)
    return text


def changes(text: str) -> Counter[str]:
    """Return how many places each rule changes in a text."""
    counts: Counter[str] = Counter()
    for name, pattern, replacement in RULES:
        text, count = pattern.subn(replacement, text)
        counts[name] += count
    return counts
