"""Czech rules: the spaces a line must not break at, and the hyphenation points (exceptions,
then pyphen's patterns less the prefix rule)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path

import pyphen

from cards.errors import CardsError
from cards.inputs import MAX_SETTINGS, read_text
from cards.messages import say
from cards.resources import resource

ONE_LETTER_WORDS = frozenset("kKsSvVzZoOuUaAiI")
NON_BREAKING_SPACES = "\u00a0\u202f\u2007"
OPENING_PUNCTUATION = "([{„‚“‘\"'«‹"
CLAUSE_END = ",;:!?)]}“”\"'…»›"
OPERATORS = frozenset({"+", "-", "−", "–", "×"})
DASHES = frozenset({"–", "—"})  # a dash between words never starts a line
SIGNS = "+-−–±"  # before a digit, still a number: "+5 k hodu"
BONUS_SIGNS = "+−±"  # a signed number stays with the word before it: "bonusem +1", "postih −4"
HYPHEN = "-"
LEFT_LETTERS = 2  # letters at least before a hyphenation point
RIGHT_LETTERS = 3  # and after it
_DIGIT = re.compile(r"\d")
DICE = re.compile(r"\dk\d")


def glued_spaces(texts: list[str]) -> dict[int, str]:
    """Return the spaces between words where a rule forbids a break: index -> the rule.

    Space i lies after texts[i]. Only a word of one character or one not starting with a
    letter can glue a space, so only those are looked at. The rule "sign" (a signed
    number after a word: "postih −4") is a soft one: a line may still end there, at a
    price (`words.SIGN_PENALTY`), where the glued unit would leave a line gaping.
    """
    glued: dict[int, str] = {}
    last = len(texts) - 1
    odd = [i for i, text in enumerate(texts) if len(text) == 1 or not text[0].isalpha()]
    for i in odd:
        if i == last:
            break
        text = texts[i]
        if text[0].isalpha():
            if text in ONE_LETTER_WORDS:
                glued[i] = "letter"
            continue
        core = text.lstrip(OPENING_PUNCTUATION)
        if core in ONE_LETTER_WORDS:
            glued[i] = "letter"
        elif (core[:1].isdigit() or core[:1] in SIGNS and core[1:2].isdigit()) and not (
            text[-1] in CLAUSE_END or text[-1] == "." and texts[i + 1][:1].isupper()
        ):
            glued[i] = "number"
        elif text in OPERATORS and i > 0 and has_digit(texts[i - 1]):
            glued[i - 1] = glued[i] = "number"
    for i in odd:
        if i and i - 1 not in glued:
            text = texts[i]
            if text in DASHES:
                glued[i - 1] = "dash"
            elif text[0] in BONUS_SIGNS and text[1:2].isdigit() and texts[i - 1][-1:].isalpha():
                glued[i - 1] = "sign"
    return glued


@functools.cache
def _dictionary() -> pyphen.Pyphen:
    return pyphen.Pyphen(lang="cs_CZ", left=LEFT_LETTERS, right=RIGHT_LETTERS)


@functools.cache
def _trie() -> dict | None:
    """Return pyphen's Czech patterns as a trie of characters, or None if pyphen hides them.

    Each node maps a character to the next node; "" holds the pattern ending there.
    """
    patterns = getattr(_dictionary().hd, "patterns", None)
    if not isinstance(patterns, dict):
        return None
    trie: dict = {}
    for key, pattern in patterns.items():
        node = trie
        for char in key:
            node = node.setdefault(char, {})
        node[""] = pattern
    return trie


def pattern_positions(core: str) -> list[int]:
    """Return pyphen's positions for a word of letters, found three times faster.

    The same Liang pattern matching as ``pyphen.HyphDict.positions``, walking a trie
    instead of looking up every substring. A test checks that the result equals
    pyphen's for every word of the compendium.
    """
    trie = _trie()
    if trie is None:
        return [p for p in _dictionary().positions(core) if not p.data]
    pointed = f".{core.lower()}."
    levels = [0] * (len(pointed) + 1)
    for i in range(len(pointed) - 1):
        node = trie
        for char in pointed[i:]:
            node = node.get(char)
            if node is None:
                break
            pattern = node.get("")
            if pattern:
                offset, values = pattern
                k = i + offset
                for value in values:
                    if value > levels[k]:
                        levels[k] = value
                    k += 1
    last = len(core) - RIGHT_LETTERS
    return [n - 1 for n, level in enumerate(levels) if level % 2 and LEFT_LETTERS <= n - 1 <= last]


# No break one letter after these prefixes when a vowel follows them: "ne-uspěje", not
# "neu-spěje"; "za-útočit", not "zaú-točit". Their own "e" is no such vowel ("roze-hnat",
# "ode-mkne"), but for "nad" ("na-dechne").
PREFIXES = ("ne", "za", "roz", "od", "bez", "nad", "pod", "pře", "neo")
VOWELS = frozenset("aeiouyáéíóúůýě")
OWN_E = frozenset({"roz", "od", "bez", "pod"})
EXCEPTIONS_FILE = "hyphenation.txt"  # in layouts/: words and stems with their points


class ExceptionsError(CardsError):
    """A hyphenation exceptions file with a line that is no word or stem with its points."""


@dataclass(frozen=True)
class Exceptions:
    """The hyphenation exceptions: whole words and stems (lower case) with their points.

    Immutable; a stem's points hold inside it, pyphen's after it (`core_positions`).
    """

    words: Mapping[str, tuple[int, ...]]
    stems: Mapping[str, tuple[int, ...]]
    longest: int  # letters of the longest stem


def parse_exceptions(text: str, file: str = EXCEPTIONS_FILE) -> Exceptions:
    """Read exceptions: one entry a line ("ne-ús-pě-chu", or a stem "po-už*"); # comments."""
    words: dict[str, tuple[int, ...]] = {}
    stems: dict[str, tuple[int, ...]] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        entry = raw.split("#", 1)[0].strip()
        if not entry:
            continue
        stem = entry.endswith("*")
        letters = entry.rstrip("*")
        parts = letters.split(HYPHEN)
        if not all(part.isalpha() and part.islower() for part in parts):
            raise ExceptionsError(
                say("hyphenation_bad_line", file=file, line=number, entry=raw.strip())
            )
        points = tuple(accumulate(len(part) for part in parts[:-1]))
        (stems if stem else words)["".join(parts)] = points
    return Exceptions(words, stems, max(map(len, stems), default=0))


@functools.cache
def exceptions() -> Exceptions:
    """Return the shipped exceptions (layouts/hyphenation.txt), read once."""
    return read_exceptions(resource("layouts", EXCEPTIONS_FILE))


def read_exceptions(path: str | Path) -> Exceptions:
    """Read an exceptions file through the input gate (a regular file, capped, UTF-8 or UTF-16)."""
    return parse_exceptions(read_text(path, MAX_SETTINGS), str(path))


def prefix_rule(lower: str, points: list[int]) -> list[int]:
    """Drop a point one letter after a prefix that a vowel follows ("neu-spěje")."""
    if not lower.startswith(PREFIXES):
        return points  # (most words: one test, not one per prefix)
    for prefix in PREFIXES:
        n = len(prefix)
        if lower.startswith(prefix) and lower[n : n + 1] in VOWELS:
            if lower[n] == "e" and prefix in OWN_E:
                continue
            points = [p for p in points if p != n + 1]
    return points


def core_positions(core: str, table: Exceptions | None = None) -> list[int]:
    """Return where a word of letters may break: its exception, else pyphen's points less
    the prefix rule (`prefix_rule`); a stem's exception holds inside the stem.

    At least LEFT_LETTERS stay before a point and RIGHT_LETTERS after it.
    """
    table = exceptions() if table is None else table
    lower = core.lower()
    last = len(core) - RIGHT_LETTERS
    points = table.words.get(lower)
    if points is not None:
        return [p for p in points if LEFT_LETTERS <= p <= last]
    found = pattern_positions(core)
    if found:
        found = prefix_rule(lower, found)
    for n in range(min(table.longest, len(lower)), 0, -1):
        stem = table.stems.get(lower[:n])
        if stem is not None:
            inside = [p for p in stem if LEFT_LETTERS <= p <= last]
            return inside + [p for p in found if p >= n and p not in inside]
    return found


def load_rules() -> None:
    """Read pyphen's patterns and the shipped exceptions now (each once a process): worker
    processes forked afterwards share them instead of reading them each."""
    _trie()
    exceptions()


def has_digit(text: str) -> bool:
    return _DIGIT.search(text) is not None


def hyphenation_points(
    word: str, positions: Callable[[str], list[int]] = core_positions
) -> tuple[int, ...]:
    """Return the offsets where pyphen's Czech dictionary lets the word break with a hyphen.

    `positions` gives them for a word of letters (`core_positions`, or a context's cached copy).
    """
    if has_digit(word):
        return ()
    points: list[int] = []
    offset = 0
    for part in word.split(HYPHEN):
        start = 0
        while start < len(part) and not part[start].isalpha():
            start += 1
        stop = len(part)
        while stop > start and not part[stop - 1].isalpha():
            stop -= 1
        core = part[start:stop]
        if len(core) >= LEFT_LETTERS + RIGHT_LETTERS and core.isalpha() and core[1:].islower():
            points.extend(offset + start + p for p in positions(core))
        offset += len(part) + 1
    return tuple(points)
