"""Filters by a spell's details: casting time, range, duration, components and words of its text.

The page's "Další filtry" and the API's fields of the same names call `narrow`; each choice is
a key with a Czech label (CASTING, RANGES, DURATIONS, COMPONENTS), and the rule that puts a
spell under a key is written here once ("Ty sám (oblast)" is on oneself, "12 sáhů" is within
24 sáhů, "1 minuta (soustředění)" lasts up to a minute).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence

from cards.czech_text import loose
from cards.errors import CardsError
from cards.messages import say
from cards.model import Spell

CASTING = {
    "akce": "akce",
    "bonusova": "bonusová akce",
    "reakce": "reakce",
    "delsi": "minuta a déle",
}
RANGES = {
    "sebe": "sesilatel (ty sám)",
    "dotyk": "dotyk",
    "blizko": "do 6 sáhů",
    "stredni": "7 až 24 sáhů",
    "daleko": "dál než 24 sáhů",
}
DURATIONS = {
    "ihned": "ihned",
    "minuta": "do 1 minuty",
    "hodina": "do 1 hodiny",
    "dlouho": "déle než hodinu",
}
COMPONENTS = {
    "V": "verbální (V)",
    "P": "pohybová (P)",
    "S": "surovinová (S)",
    "cena": "surovina s cenou",
}
NEAR, MIDDLE = 6, 24  # sáhy: the edges of "blizko" and "stredni"
_PRICE = re.compile(r"(hodnot|cen)\w*\s+(aspoň\s+|alespoň\s+)?\d")
_AMOUNT = re.compile(r"(\d[\d\s]*)\s*(\w+)")


class FilterError(CardsError):
    """A filter value that is not one of its keys; the message names the field and the keys."""

    def __init__(self, field: str, value: str, keys: Iterable[str]):
        self.field = field
        super().__init__(say("filter_unknown", value=value, keys=", ".join(keys)))


def casting_kind(spell: Spell) -> str:
    """The casting time's key: akce, bonusova, reakce or delsi."""
    text = loose(spell.casting_time)
    if "bonusov" in text:
        return "bonusova"
    if "reakc" in text:
        return "reakce"
    return "akce" if text.startswith("1 akce") else "delsi"


def range_kind(spell: Spell) -> str:
    """The range's key: sebe, dotyk, blizko, stredni or daleko."""
    text = loose(spell.range)
    if text.startswith(("ty sam", "sesilatel")):
        return "sebe"
    if text.startswith("dotyk"):
        return "dotyk"
    amount = _AMOUNT.match(text)
    if amount and amount.group(2).startswith("sah"):
        number = int(amount.group(1).replace(" ", ""))
        return "blizko" if number <= NEAR else "stredni" if number <= MIDDLE else "daleko"
    return "daleko"  # dohled, míle, neomezený


def duration_kind(spell: Spell) -> str:
    """The duration's key: ihned, minuta, hodina or dlouho."""
    text = loose(spell.duration)
    if text.startswith("ihned"):
        return "ihned"
    amount = _AMOUNT.match(text)
    if amount is None:
        return "dlouho"  # do rozptýlení, zvláštní
    number, unit = int(amount.group(1).replace(" ", "")), amount.group(2)
    if unit.startswith("kol") or (unit.startswith("minut") and number <= 1):
        return "minuta"
    if unit.startswith("minut") or (unit.startswith("hodin") and number <= 1):
        return "hodina"
    return "dlouho"


def component_keys(spell: Spell) -> set[str]:
    """The spell's components as keys: V, P, S and "cena" for a material with a price."""
    parts = spell.components
    keys = {
        key
        for key, has in (("V", parts.verbal), ("P", parts.somatic), ("S", parts.material))
        if has
    }
    if parts.material and _PRICE.search(parts.material_text):
        keys.add("cena")
    return keys


@functools.lru_cache(maxsize=4096)
def text_words(spell: Spell) -> frozenset[str]:
    """The words of a spell's description and higher-level text, folded."""
    from cards.names import words
    from cards.source.text import spell_lines

    return frozenset(words(" ".join(spell_lines(spell))))


def _has_words(spell: Spell, wanted: Sequence[str]) -> bool:
    from cards.names import word_score

    found = text_words(spell)
    return all(
        part in found or any(word_score(part, word) is not None for word in found)
        for part in wanted
    )


def _checked(field: str, values: Iterable[str], table: dict[str, str]) -> set[str]:
    values = set(values)
    for value in values:
        if value not in table:
            raise FilterError(field, value, table)
    return values


def narrow(
    spells: Iterable[Spell],
    *,
    casting: Iterable[str] = (),
    ranges: Iterable[str] = (),
    durations: Iterable[str] = (),
    components: Iterable[str] = (),
    text: str = "",
) -> tuple[Spell, ...]:
    """Keep the spells with any of the casting times, ranges and durations given (none: all),
    every component key of `components` and none of those given with "-" ("V", "-S": verbal,
    no material), and every word of `text` in their description (matched as names are:
    folded, Czech endings tolerated).

    Raise FilterError for a key that is not in its table.
    """
    from cards.names import words

    casting = _checked("casting", casting, CASTING)
    ranges = _checked("range", ranges, RANGES)
    durations = _checked("duration", durations, DURATIONS)
    components = list(components)
    needed = _checked("components", [c for c in components if not c.startswith("-")], COMPONENTS)
    refused = _checked("components", [c[1:] for c in components if c.startswith("-")], COMPONENTS)
    wanted = words(text)
    return tuple(
        spell
        for spell in spells
        if (not casting or casting_kind(spell) in casting)
        and (not ranges or range_kind(spell) in ranges)
        and (not durations or duration_kind(spell) in durations)
        and needed <= component_keys(spell)
        and not refused & component_keys(spell)
        and (not wanted or _has_words(spell, wanted))
    )
