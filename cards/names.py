"""Find spells by any of their names: case and accents folded, word order free, Czech endings.

The one matcher of the page's search box, of the suggestions for a deck line that names no
spell and of the `cards` commands' "nearest names". A query matches a name when each of its
words matches a word of the name: the same word, its beginning ("ohniv" -> ohnivá), the same
stem once a Czech ending is dropped ("leciva slova" -> Léčivé slovo), or a stem one or two
letters apart ("detekce magie" -> Detect Magic). Czech and English names count alike.
Exact names come first, then names the query begins, then the rest by how close each word is.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence

from cards.czech_text import loose
from cards.model import Spell

# Czech endings of nouns and adjectives (folded, longest first): dropped to compare stems.
ENDINGS = tuple(
    sorted(
        (
            "ovymi", "ovych", "ovym", "ovou", "eho", "emu", "ych", "ymi", "ami", "ach", "ich",
            "imi", "ove", "ova", "ovy", "ovi", "ou", "em", "im", "ym", "mi", "a", "e", "i",
            "o", "u", "y",
        ),
        key=len,
        reverse=True,
    )
)  # fmt: skip
MIN_STEM = 3  # letters a stem keeps: "oko" stays "oko", not "ok"
EXACT, PREFIX, WORDS, STEMS, STEM_PREFIX, NEAR = range(6)  # how well a name matches, best first


@functools.lru_cache(maxsize=4096)  # a compendium's names and a page's queries, each once
def words(text: str) -> tuple[str, ...]:
    """A name's words as matched: folded, apostrophes dropped, other punctuation a space."""
    text = loose(text).replace("'", "").replace("’", "")
    return tuple(re.sub(r"[^\w]+", " ", text).split())


@functools.lru_cache(maxsize=1 << 16)  # every word of the compendium's texts, each once
def stem(word: str) -> str:
    """The word without its Czech ending ("slova" -> "slov"), never shorter than MIN_STEM."""
    for ending in ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= MIN_STEM:
            return word[: -len(ending)]
    return word


def _distance(a: str, b: str, limit: int) -> int:
    """Levenshtein distance of a and b, or limit + 1 when it is larger than limit."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    row = list(range(len(b) + 1))
    for i, letter in enumerate(a, start=1):
        previous, row[0] = row[0], i
        for j, other in enumerate(b, start=1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (letter != other))
        if min(row) > limit:
            return limit + 1
    return row[-1]


def _allowed(word: str) -> int:
    """Letters a word's stem may differ by: none below five letters, one below seven, else two."""
    return 0 if len(word) < 5 else 1 if len(word) < 7 else 2


@functools.lru_cache(maxsize=1 << 15)  # a query's words against the words of the texts
def word_score(query: str, word: str) -> int | None:
    """How well one query word matches one word of a name (EXACT..NEAR), or None."""
    if query == word:
        return EXACT
    if word.startswith(query):
        return PREFIX
    a, b = stem(query), stem(word)
    if a == b:
        return STEMS
    if len(a) >= MIN_STEM and b.startswith(a):
        return STEM_PREFIX
    limit = _allowed(query)
    if limit and _distance(a, b[: len(a) + limit], limit) <= limit:
        return NEAR
    return None


def name_rank(query: Sequence[str], name: Sequence[str]) -> tuple[int, int, int] | None:
    """How well a query's words match a name's: (tier, summed word scores, words left over)."""
    if not query:
        return None
    left = max(0, len(name) - len(query))
    if tuple(query) == tuple(name):
        return (EXACT, 0, 0)
    if " ".join(name).startswith(" ".join(query)):
        return (PREFIX, 0, left)
    scores = []
    for part in query:
        found = [s for s in (word_score(part, w) for w in name) if s is not None]
        if not found:
            return None
        scores.append(min(found))
    return (WORDS if max(scores) <= PREFIX else max(scores), sum(scores), left)


def rank(spell: Spell, query: Sequence[str]) -> tuple[int, ...] | None:
    """The best rank of the spell's names for the query's words; Czech before English."""
    ranks = [
        (*ranked, language)
        for language, name in enumerate((spell.name, spell.name_en))
        if name and (ranked := name_rank(query, words(name))) is not None
    ]
    return min(ranks) if ranks else None


def shown_name(spell: Spell, query: str) -> str:
    """The spell's Czech name, "Czech (English)" where only the English name matches the query."""
    ranked = rank(spell, words(query))
    if ranked is not None and ranked[-1] == 1:
        return f"{spell.name} ({spell.name_en})"
    return spell.name


def search(spells: Iterable[Spell], query: str) -> tuple[Spell, ...]:
    """The spells a query finds, best first; equally good ones in the order given.

    An empty query finds every spell, in the order given.
    """
    spells = tuple(spells)
    wanted = words(query)
    if not wanted:
        return spells
    found = []
    for place, spell in enumerate(spells):
        ranked = rank(spell, wanted)
        if ranked is not None:
            found.append((ranked, place, spell))
    return tuple(spell for _, _, spell in sorted(found, key=lambda item: item[:2]))
