"""Which spells: filters by class, level, school and source, Czech sorting, names and decks.

Everything a user types goes through here, so the command line only passes strings on: class,
school and source names in Czech (with or without diacritics, any case) or English, levels as
"3" or "1-3", spell names in Czech or English, optionally with the source in parentheses.
"""

from __future__ import annotations

import difflib
import heapq
import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from cards.czech_text import loose, slug  # noqa: F401 (slug: imported by cli and service)
from cards.errors import CardsError
from cards.messages import say
from cards.model import CLASSES, SCHOOLS, SOURCE_ABBREVIATIONS, SOURCES, Spell

CLASS_NAMES_EN = {
    "Kouzelník": "wizard",
    "Čaroděj": "sorcerer",
    "Druid": "druid",
    "Bard": "bard",
    "Černokněžník": "warlock",
    "Klerik": "cleric",
    "Hraničář": "ranger",
    "Paladin": "paladin",
}
SCHOOL_NAMES_EN = {
    "Zaklínání": "evocation",
    "Transmutace": "transmutation",
    "Vyvolávání": "conjuration",
    "Vymítání": "abjuration",
    "Očarování": "enchantment",
    "Nekromancie": "necromancy",
    "Věštění": "divination",
    "Iluze": "illusion",
}
SOURCE_NAMES_EN = {
    "Příručka hráče": ("player's handbook", "players handbook"),
    "Jeskyně a draci": ("dungeons and dragons",),
    "Xanatharův průvodce vším": ("xanathar's guide to everything", "xanathars guide"),
    "Dobrodruhův průvodce mečovým prostředím": (
        "sword coast adventurer's guide",
        "sword coast adventurers guide",
    ),
}
SORT_KEYS = ("name", "level", "school", "class")
SUGGESTIONS = 3
MAX_UNKNOWN = 20  # unknown deck names listed with suggestions; the rest are counted


class SelectionError(CardsError):
    """A selection the user asked for cannot be made; the message says what to do instead."""


class BadChoice(SelectionError):
    """A class, school, book, level or sort order that is none of the choices: a usage error
    (exit 2), like a bad value of any other option; names in a deck file are bad input (exit 1).
    """

    exit_code = 2


class UnknownSpell(SelectionError):
    """No spell has the name asked for; carries the nearest names."""

    def __init__(self, query: str, suggestions: Sequence[str], message: str = ""):
        self.query = query
        self.suggestions = tuple(suggestions)
        super().__init__(message or _unknown_message(query, self.suggestions))


class AmbiguousSpell(SelectionError):
    """Several spells have the name asked for; carries their labels ("Světlo (Příručka hráče)")."""

    def __init__(self, query: str, candidates: Sequence[str]):
        self.query = query
        self.candidates = tuple(candidates)
        super().__init__(_ambiguous_message(query, self.candidates))


@dataclass(frozen=True)
class DeckProblem:
    """One deck line that names no spell, or more than one."""

    line: int
    text: str
    message: str
    suggestions: tuple[str, ...] = ()  # nearest names, for an unknown name
    candidates: tuple[str, ...] = ()  # labels to choose from, for an ambiguous name


class DeckError(SelectionError):
    """A deck with unknown or ambiguous names: all of them, each with its line."""

    def __init__(
        self, origin: str, problems: Sequence[DeckProblem], message: str = "", skipped: int = 0
    ):
        self.origin = origin
        self.skipped = skipped
        self.problems = tuple(problems)
        self.unknown = tuple(p for p in self.problems if not p.candidates)
        self.ambiguous = tuple(p for p in self.problems if p.candidates)
        if not message:
            counts = []
            if self.unknown:
                one = len(self.unknown) == 1
                counts.append(
                    say("deck_unknown_one" if one else "deck_unknown", count=len(self.unknown))
                )
            if self.ambiguous:
                one = len(self.ambiguous) == 1
                counts.append(
                    say(
                        "deck_ambiguous_one" if one else "deck_ambiguous", count=len(self.ambiguous)
                    )
                )
            lines = [f"{origin}: {say('deck_and').join(counts)}:"]
            lines += [f"{origin}:{p.line}: {p.message}" for p in self.problems]
            if skipped:
                lines.append(f"{origin}: {say('too_many_unknown', count=skipped)}")
            message = "\n".join(lines)
        super().__init__(message)


@dataclass(frozen=True)
class Deck:
    """A resolved prepared list: its spells in the order written, and warnings with lines."""

    spells: tuple[Spell, ...]
    warnings: tuple[str, ...] = ()


MAX_ECHO = 60  # characters of a user's text repeated in a message


def shown(text: str) -> str:
    """Quote a user's text for a message, cut to MAX_ECHO characters."""
    if len(text) > MAX_ECHO:
        text = text[: MAX_ECHO - 1] + "…"
    return repr(text)


normalize = loose  # casefold, strip diacritics and collapse whitespace (cards.czech_text)


def name_key(text: str) -> str:
    """Key for matching spell names: normalized, apostrophes dropped, other punctuation spaced."""
    text = normalize(text).replace("'", "").replace("’", "")
    return " ".join(re.sub(r"[^\w]+", " ", text).split())


def _table(names: Iterable[str], english: dict[str, str | tuple[str, ...]]) -> dict[str, str]:
    table = {}
    for name in names:
        table[normalize(name)] = name
        aliases = english.get(name, ())
        for alias in (aliases,) if isinstance(aliases, str) else aliases:
            table[normalize(alias)] = name
    return table


_CLASSES = _table(CLASSES, CLASS_NAMES_EN)
_SCHOOLS = _table(SCHOOLS, SCHOOL_NAMES_EN)
_SOURCES = _table(
    SOURCES,
    {name: (SOURCE_ABBREVIATIONS[name], *SOURCE_NAMES_EN.get(name, ())) for name in SOURCES},
)


def _resolve(kind: str, name: str, table: dict[str, str], valid: list[str]) -> str:
    key = normalize(name)
    if key in table:
        return table[key]
    if not key:
        raise BadChoice(say(f"no_{kind}_name", valid=", ".join(valid)))
    near = difflib.get_close_matches(key, list(table), n=1, cutoff=0.6)
    hint = say("did_you_mean", name=table[near[0]]) if near else ""
    raise BadChoice(say(f"unknown_{kind}_name", name=name, hint=hint, valid=", ".join(valid)))


def resolve_class(name: str) -> str:
    """Return the Czech class name for a Czech or English name in any case, diacritics optional."""
    valid = [f"{c} ({CLASS_NAMES_EN[c]})" for c in CLASSES]
    return _resolve("class", name, _CLASSES, valid)


def resolve_school(name: str) -> str:
    """Return the Czech school name for a Czech or English name in any case, diacritics optional."""
    valid = [f"{s} ({SCHOOL_NAMES_EN[s]})" for s in SCHOOLS]
    return _resolve("school", name, _SCHOOLS, valid)


def resolve_source(name: str, books: Iterable[str] = ()) -> str:
    """Return the source book's name for its name or abbreviation (phb, jad, xge, scag).

    `books` adds the books of one's own spells (--add), found by name in any case, diacritics
    optional, like the known ones.
    """
    own = [book for book in dict.fromkeys(books) if book not in SOURCES]
    valid = [f"{s} ({SOURCE_ABBREVIATIONS[s].lower()})" for s in SOURCES] + own
    table = {**{normalize(book): book for book in own}, **_SOURCES}
    return _resolve("source", name, table, valid)


def books_of(spells: Iterable[Spell]) -> tuple[str, ...]:
    """Return the books the spells come from, known ones and one's own, in first-seen order."""
    return tuple(dict.fromkeys(book for spell in spells for book in spell.sources))


def parse_levels(text: str | int) -> tuple[int, int]:
    """Parse a level "3" or a range "1-3" (0 is a cantrip) into (lowest, highest)."""
    raw = str(text).strip()
    match = re.fullmatch(r"(\d+)\s*(?:[-–]\s*(\d+))?", raw)
    if normalize(raw) in ("trik", "cantrip"):
        return 0, 0
    hint = say("level_hint")
    if match is None:
        raise BadChoice(say("bad_level", level=raw, hint=hint))
    low, high = (int(g[-4:]) if len(g.lstrip("0")) <= 4 else 10**4 for g in match.groups(match[1]))
    if not (0 <= low <= 9 and 0 <= high <= 9):
        raise BadChoice(say("level_outside", level=raw, hint=hint))
    if low > high:
        raise BadChoice(say("level_backwards", level=raw, high=high, low=low))
    return low, high


def _as_tuple(values: str | Iterable[str] | None) -> tuple[str, ...]:
    if values is None:
        return ()
    if isinstance(values, str):
        return (values,)
    return tuple(values)


def select_spells(
    spells: Iterable[Spell],
    *,
    classes: str | Iterable[str] = (),
    levels: str | int | tuple[int, int] | None = None,
    schools: str | Iterable[str] = (),
    sources: str | Iterable[str] = (),
    ritual: bool | None = None,
    concentration: bool | None = None,
) -> tuple[Spell, ...]:
    """Keep the spells matching every filter given (any of several classes, schools, sources).

    Names are resolved here (Czech or English, any case, diacritics optional), so raw user
    input can be passed through; an unknown name raises SelectionError.
    """
    spells = tuple(spells)
    wanted_classes = {resolve_class(c) for c in _as_tuple(classes)}
    wanted_schools = {resolve_school(s) for s in _as_tuple(schools)}
    books = books_of(spells)
    wanted_sources = {resolve_source(s, books) for s in _as_tuple(sources)}
    if levels is None:
        low, high = 0, 9
    elif isinstance(levels, tuple):
        low, high = parse_levels(f"{levels[0]}-{levels[1]}")
    else:
        low, high = parse_levels(levels)
    return tuple(
        spell
        for spell in spells
        if low <= spell.level <= high
        and (not wanted_classes or wanted_classes.intersection(spell.classes))
        and (not wanted_schools or spell.school in wanted_schools)
        and (not wanted_sources or wanted_sources.intersection(spell.sources))
        and (ritual is None or spell.ritual == ritual)
        and (concentration is None or spell.concentration == concentration)
    )


# Czech alphabetical order (ČSN 97 6030): "ch" is a letter after "h"; č, ř, š, ž follow c, r, s,
# z; the other accents (á é ě í ó ú ů ý ď ť ň) count only when the words are otherwise equal.
_ALPHABET = "a b c č d e f g h ch i j k l m n o p q r ř s š t u v w x y z ž".split()
_RANK = {letter: rank for rank, letter in enumerate(_ALPHABET, start=11)}
_ACCENTS = {"\u0301": 1, "\u030c": 2, "\u030a": 3}  # acute, caron, ring above
_OWN_LETTERS = {"č", "ř", "š", "ž"}


def _units(text: str) -> list[tuple[int, int]]:
    """Split lower-case text into (primary rank, accent rank) units."""
    units: list[tuple[int, int]] = []
    chars = list(text)
    i = 0
    while i < len(chars):
        char = chars[i]
        if char == "c" and i + 1 < len(chars) and chars[i + 1] == "h":
            units.append((_RANK["ch"], 0))
            i += 2
            continue
        i += 1
        if char in _OWN_LETTERS:
            units.append((_RANK[char], 0))
            continue
        if char.isspace():
            units.append((1, 0))  # word by word: a shorter word sorts first
            continue
        if char.isdigit():
            units.append((2, int(char)))
            continue
        decomposed = unicodedata.normalize("NFD", char)
        base = decomposed[0]
        if base in _RANK:
            accent = max((_ACCENTS.get(mark, 4) for mark in decomposed[1:]), default=0)
            units.append((_RANK[base], accent))
        elif char.isalpha():
            units.append((_RANK["ž"] + 1, ord(char)))
        # punctuation is ignored
    return units


def czech_key(text: str) -> tuple:
    """Return a sort key for Czech alphabetical order, independent of the system locale."""
    lowered = " ".join(unicodedata.normalize("NFC", text).casefold().split())
    units = _units(lowered)
    primary = tuple(rank for rank, _ in units)
    secondary = tuple(accent for _, accent in units)
    tertiary = tuple(not c.islower() for c in text if c.isalpha())
    return primary, secondary, tertiary, text


def _source_rank(spell: Spell) -> tuple[int, ...]:
    return tuple(SOURCES.index(s) if s in SOURCES else len(SOURCES) for s in spell.sources)


def _class_key(spell: Spell) -> tuple:
    return min((czech_key(c) for c in spell.classes), default=czech_key(""))


def sort_spells(spells: Iterable[Spell], by: str = "level") -> tuple[Spell, ...]:
    """Sort spells by name, level, school or class, Czech alphabetical order within.

    name: name (then level, source); level: level, then name; school: school name, then level,
    then name; class: the alphabetically first of the spell's classes, then level, then name.
    Spells with the same name are ordered by source (Příručka hráče first).
    """
    key = normalize(by)
    if key not in SORT_KEYS:
        raise BadChoice(say("bad_sort", by=by, keys=", ".join(SORT_KEYS)))

    def order(spell: Spell) -> tuple:
        name = (czech_key(spell.name), _source_rank(spell))
        if key == "name":
            return (*name, spell.level)
        if key == "level":
            return (spell.level, *name)
        if key == "school":
            return (czech_key(spell.school), spell.level, *name)
        return (_class_key(spell), spell.level, *name)

    return tuple(sorted(spells, key=order))


def _unknown_message(query: str, suggestions: Sequence[str]) -> str:
    message = say("unknown_spell", query=shown(query))
    if suggestions:
        message += say("nearest", names=", ".join(suggestions))
    return message


def _ambiguous_message(query: str, candidates: Sequence[str]) -> str:
    choices = say("or").join(f'"{c}"' for c in candidates)
    return say("ambiguous_spell", query=shown(query), count=len(candidates), choices=choices)


def _nearest_first(word: str, keys: Iterable[str]) -> Iterator[str]:
    """Yield keys nearest to `word` first, in `difflib.get_close_matches`' order.

    The order is that of (similarity ratio, key), largest first. `real_quick_ratio` (lengths
    only) bounds `quick_ratio`, which bounds `ratio`, from above; a key's next, finer measure is
    computed only when its bound comes to the top of the heap, so the few nearest names cost a
    few ratios, not one per spell (a typo in a deck is answered in milliseconds).
    """
    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(word)
    finer = (matcher.quick_ratio, matcher.ratio)
    # Entries (-score, rank, level, key): the smallest is the largest (score, key), the rank
    # standing for the key in reverse order; level 2 is the exact ratio, 0 and 1 its bounds.
    heap = []
    for rank, key in enumerate(sorted(keys, reverse=True)):
        matcher.set_seq1(key)
        heap.append((-matcher.real_quick_ratio(), rank, 0, key))
    heapq.heapify(heap)
    while heap:
        _, rank, level, key = heapq.heappop(heap)
        if level == len(finer):
            yield key
        else:
            matcher.set_seq1(key)
            heapq.heappush(heap, (-finer[level](), rank, level + 1, key))


class SpellIndex:
    """Spells by name key (Czech and English names) and the names to suggest from: made once,
    it answers many `find_spell` queries over the same spells."""

    def __init__(self, spells: Iterable[Spell]):
        spells = tuple(spells)
        self.spells = spells
        self.by_key: dict[str, list[Spell]] = {}
        self.display: dict[str, str] = {}
        self.books = books_of(spells)
        for spell in spells:
            for name in (spell.name, spell.name_en):
                if not name:
                    continue
                key = name_key(name)
                bucket = self.by_key.setdefault(key, [])
                if spell not in bucket:
                    bucket.append(spell)
                self.display.setdefault(key, name)

    def suggest(self, query: str) -> tuple[str, ...]:
        """Return the nearest spells by Czech name, "Czech (English)" where the English matched.

        The names the search box finds come first (cards.names: "leciva slova" -> Léčivé
        slovo), then the names nearest letter by letter.
        """
        from cards.names import search, shown_name

        found = search(self.spells, query)
        names: dict[str, None] = dict.fromkeys(shown_name(s, query) for s in found)
        names = dict.fromkeys(list(names)[:SUGGESTIONS])
        known = {s.name for s in found[:SUGGESTIONS]}
        for key in _nearest_first(name_key(query), self.by_key):
            for spell in self.by_key[key]:
                if spell.name in known:
                    continue
                if key == name_key(spell.name):
                    names.setdefault(spell.name, None)
                else:
                    names.setdefault(f"{spell.name} ({spell.name_en})", None)
            if len(names) >= SUGGESTIONS:
                break
        return tuple(names)[:SUGGESTIONS]

    def lookup(self, query: str, source: str | None) -> tuple[list[Spell], str]:
        """Return the spells a query names and the name part of the query.

        A book named in parentheses must hold the spell (SelectionError otherwise); `source`
        only chooses between spells of the same name.
        """
        name, written = _split_source(query, self.books)
        wanted = written or source
        found = list(self.by_key.get(name_key(name), ()))
        if wanted and found and not any(wanted in s.sources for s in found):
            # An English name is given only on the Příručka hráče record; the same spell in
            # another book's wording carries the same Czech name.
            for spell in list(found):
                found += [s for s in self.by_key.get(name_key(spell.name), ()) if s not in found]
        if wanted and len(found) > 1:
            matching = [s for s in found if wanted in s.sources]
            found = matching or found
        if written and found and not any(written in s.sources for s in found):
            books = ", ".join(dict.fromkeys(b for s in found for b in s.sources))
            raise SelectionError(
                say(
                    "not_in_book", query=shown(query), name=found[0].name, book=written, books=books
                )
            )
        return found, name


def _split_source(query: str, books: Iterable[str] = ()) -> tuple[str, str | None]:
    """Split "Světlo (Příručka hráče)" into the name and the resolved source."""
    match = re.fullmatch(r"\s*(.*?)\s*\(([^()]*)\)\s*", query)
    if match is None:
        return query, None
    try:
        return match.group(1), resolve_source(match.group(2), books)
    except SelectionError:
        return query, None


def _labels(spells: Iterable[Spell]) -> tuple[str, ...]:
    return tuple(spell.label for spell in spells)


def find_spell(
    spells: Iterable[Spell] | SpellIndex, query: str, *, source: str | None = None
) -> Spell:
    """Find one spell by Czech or English name, any case, diacritics optional.

    "Název (Zdroj)" or source= chooses between spells of the same name from different books.
    """
    index = spells if isinstance(spells, SpellIndex) else SpellIndex(spells)
    wanted = resolve_source(source, index.books) if source else None
    found, name = index.lookup(query, wanted)
    if not found:
        raise UnknownSpell(query, index.suggest(name))
    if len(found) > 1:
        raise AmbiguousSpell(query, _labels(found))
    return found[0]


def nearest_names(spells: Iterable[Spell], query: str) -> tuple[str, ...]:
    """The names to suggest for a query that names no spell, as `cards deck` suggests them."""
    return SpellIndex(spells).suggest(query)


def read_deck(
    lines: Iterable[str],
    spells: Iterable[Spell],
    *,
    source: str | None = None,
    origin: str = "<deck>",
) -> tuple[Spell, ...]:
    """Resolve a prepared list, one spell name a line, in the order written (see resolve_deck)."""
    return resolve_deck(lines, spells, source=source, origin=origin).spells


_COMMENT = re.compile(r"^\s*#.*|\s#(?:\s.*)?$")


def named_lines(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """Yield a prepared list's lines that name a spell, numbered from 1, spaces collapsed.

    Blank lines, "#" comments and byte order marks name nothing. A comment is a line starting
    with "#", or the rest of a line from a "#" after a space and before a space or the end
    ("Štít # na později"): a "#" inside a name ("Zvon #2") is the name's own.
    """
    for number, raw in enumerate(lines, start=1):
        text = _COMMENT.sub("", raw.replace("\ufeff", ""))
        text = " ".join(text.split())
        if text:
            yield number, text


def resolve_deck(
    lines: Iterable[str],
    spells: Iterable[Spell],
    *,
    source: str | None = None,
    origin: str = "<deck>",
) -> Deck:
    """Resolve a prepared list, one spell name a line, in the order written.

    Blank lines and "#" comments are ignored; a name found in two books takes the one from
    `source`, or the one named in parentheses ("Světlo (Jeskyně a draci)"). Unknown and
    ambiguous names are all reported at once in a DeckError; a spell listed twice is kept
    twice, with a warning.
    """
    index = spells if isinstance(spells, SpellIndex) else SpellIndex(spells)
    wanted = resolve_source(source, index.books) if source else None
    chosen: list[Spell] = []
    unknown = 0  # unknown names: past MAX_UNKNOWN only counted, not matched against every name
    first_line: dict[Spell, int] = {}
    warnings: list[str] = []
    problems: list[DeckProblem] = []
    for number, text in named_lines(lines):
        try:
            found, name = index.lookup(text, wanted)
        except SelectionError as error:
            problems.append(DeckProblem(number, text, str(error)))
            continue
        if len(found) == 1:
            spell = found[0]
            if spell in first_line:
                warnings.append(
                    say(
                        "deck_twice",
                        where=f"{origin}:{number}",
                        label=spell.label,
                        line=first_line[spell],
                    )
                )
            first_line.setdefault(spell, number)
            chosen.append(spell)
        elif not found:
            unknown += 1
            if unknown > MAX_UNKNOWN:
                continue
            suggestions = index.suggest(name)
            problems.append(
                DeckProblem(number, text, _unknown_message(text, suggestions), suggestions)
            )
        else:
            labels = _labels(found)
            problems.append(
                DeckProblem(number, text, _ambiguous_message(text, labels), candidates=labels)
            )
    if problems:
        raise DeckError(origin, problems, skipped=max(0, unknown - MAX_UNKNOWN))
    if not chosen:
        raise DeckError(origin, (), say("deck_empty", origin=origin))
    return Deck(tuple(chosen), tuple(warnings))
