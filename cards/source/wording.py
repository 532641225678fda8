"""Lint of a compendium's wording: what a proof-reader would mark in text that parses well.

`cards.source.text` calls `wording_problems` and reports each finding as a warning:

- ``description``: a spell with no paragraph before its stat block ("Akce" …): the source
  lost its description (Drobný služebník prints only its stat block);
- ``preposition``: a capitalised one-letter preposition after a lower-case word, mid-sentence
  ("tvorovi Ve svém dosahu", "tvor V tomto tahu");
- ``percent``: a percent used as a noun written without a space ("o 15%", "1k10% ze
  vzdálenosti"): Czech writes "15 %" for the noun and "15%" only for the adjective
  ("50% šance", fifty-percent chance).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from cards.messages import say
from cards.model import ACTION_HEADINGS, Spell

_PREPOSITION_RE = re.compile(r"(?<=[a-záčďéěíňóřšťúůýž]) (V|Ve|K|Ke|S|Se|Z|Ze|O|U) (?=\w)")
# A percent sign closing a number, and the word after it: a noun when no word follows it or
# the next is a preposition, a conjunction or "tedy" ("o 15%, tedy", "1k10% ze vzdálenosti").
_PERCENT_RE = re.compile(r"\d%(?=$|[,.;:)]|\s+(?:z|ze|a|i|nebo|či|tedy|do|na|za)\b)")
# Over lines joined by newlines, where the two above find something these do (and more): they
# look for the capital or the "%" first ("$" at the end of each line too).
_PREPOSITION_ANYWHERE_RE = re.compile(r"[VKSZOU](?<=[a-záčďéěíňóřšťúůýž] [VKSZOU])e? (?=\w)")
_PERCENT_ANYWHERE_RE = re.compile(r"%(?<=\d%)" + _PERCENT_RE.pattern[3:], re.MULTILINE)


@dataclass(frozen=True)
class Finding:
    """One wording problem at a 1-based line: its kind, what is wrong and the text."""

    line: int
    kind: str
    message: str
    excerpt: str


def wording_problems(spells: Iterable[Spell], lines: Sequence[tuple[int, str]]) -> list[Finding]:
    """Return the wording problems of parsed spells and of the compendium's (number, text) lines."""
    found = list(_descriptions(spells))
    # Most compendia have no such line: the patterns are tried once on the whole text, and
    # line by line only when they find something there (they find every line's, and more).
    whole = "\n".join(text for _, text in lines)
    if not _PREPOSITION_ANYWHERE_RE.search(whole) and not _PERCENT_ANYWHERE_RE.search(whole):
        return found
    for number, text in lines:
        found.extend(_line_problems(number, text))
    return found


def _descriptions(spells: Iterable[Spell]) -> Iterator[Finding]:
    for spell in spells:
        if spell.description_missing:
            first = next(b for b in spell.blocks if getattr(b, "text", "") in ACTION_HEADINGS)
            yield Finding(
                spell.origin.line,
                "description",
                say("description_missing", name=spell.name, heading=first.text),
                spell.name,
            )


def _line_problems(number: int, text: str) -> Iterator[Finding]:
    for match in _PREPOSITION_RE.finditer(text):
        word = match.group(1)
        yield Finding(
            number,
            "preposition",
            say("capital_preposition", word=word, lower=word.lower()),
            text[max(0, match.start() - 20) : match.end() + 20],
        )
    for match in _PERCENT_RE.finditer(text):
        yield Finding(
            number,
            "percent",
            say("percent_noun"),
            text[max(0, match.start() - 20) : match.end() + 20],
        )
