"""The library of spells: the compendium and one's own files, loaded and merged.

A spell file is either the text format or JSON, told apart by content (JSON starts with "[" or
"{"), not by the file's suffix. `--add FILE` files join the compendium (or `--data`); a spell
whose name is already there from a same book is an error naming both places (duplicates.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import fields, is_dataclass, replace
from pathlib import Path

from cards.messages import say
from cards.model import Spell
from cards.source.decode import DEFAULT_DATA, read_text
from cards.source.duplicates import clashes
from cards.source.json import is_json, parse_json
from cards.source.problems import Compendium, CompendiumError, Problem
from cards.source.stored import ParseStore
from cards.source.text import parse_compendium

# Characters of one spell's texts: about 70 cards in mini (the compendium's longest spell has
# 4,500). Longer spells are refused before fitting, which sets one spell's cards in one go.
MAX_SPELL_TEXT = 50_000


def parse_spell_text(
    text: str, file: str, *, any_book: bool = False, store: ParseStore | None = None
) -> Compendium:
    """Parse a spell file's decoded text in whichever format it is written.

    A spell longer than MAX_SPELL_TEXT characters is an error of the file (and left out).
    With a store, a text this engine parsed before is read back, not parsed (stored.py).
    """
    if store is not None:
        how = "spell file, any book" if any_book else "spell file"
        return store.compendium(
            text, file, how, lambda: parse_spell_text(text, file, any_book=any_book)
        )
    if is_json(text):
        parsed = parse_json(text, file, any_book=any_book)
    else:
        parsed = parse_compendium(text, file, any_book=any_book)
    too_long = [spell for spell in parsed.spells if spell_text_size(spell) > MAX_SPELL_TEXT]
    # "Name (Book)" is how a deck line picks a book: a name of that shape would mean another.
    books = tuple(dict.fromkeys(book for spell in parsed.spells for book in spell.sources))
    bracketed = [
        (spell, name)
        for spell in parsed.spells
        for name in (spell.name, spell.name_en)
        if name and _names_a_book(name, books)
    ]
    # A description of empty blocks only (a JSON table of empty cells) prints a card without text.
    empty = [spell for spell in parsed.spells if not _visible_text(spell.blocks)]
    if not too_long and not bracketed and not empty:
        return parsed
    problems = [
        Problem(file, spell.origin.line, "description", say("spell_no_text", name=spell.name))
        for spell in empty
    ]
    problems += [
        Problem(file, spell.origin.line, "name", say("spell_name_bracket", name=name))
        for spell, name in bracketed
    ]
    problems += [
        Problem(
            file,
            spell.origin.line,
            "too-long",
            say(
                "spell_too_long",
                name=spell.name,
                size=f"{spell_text_size(spell):,}".replace(",", " "),
                limit=f"{MAX_SPELL_TEXT:,}".replace(",", " "),
            ),
        )
        for spell in too_long
    ]
    refused = {id(spell) for spell in (*too_long, *empty)} | {id(s) for s, _ in bracketed}
    kept = tuple(spell for spell in parsed.spells if id(spell) not in refused)
    return replace(parsed, spells=kept, problems=(*parsed.problems, *problems))


def _names_a_book(name: str, books: Sequence[str]) -> bool:
    """Tell whether a name ends in a book in parentheses ("Ohnivá koule (PHB)")."""
    from cards.select import SelectionError, resolve_source

    match = re.fullmatch(r".*\S\s*\(([^()]+)\)\s*", name)
    if match is None:
        return False
    try:
        resolve_source(match.group(1), books)
    except SelectionError:
        return False
    return True


def _visible_text(value) -> bool:
    """Tell whether any text of a spell's part has a character other than a space."""
    if isinstance(value, str):
        return bool(value.strip())
    if isinstance(value, tuple | list):
        return any(_visible_text(item) for item in value)
    if is_dataclass(value):
        shown = (f.name for f in fields(value) if f.name not in ("kind", "line"))
        return any(_visible_text(getattr(value, name)) for name in shown)
    return False


def spell_text_size(value) -> int:
    """Count the characters of every text of a spell (or of one of its parts)."""
    if isinstance(value, str):
        return len(value)
    if isinstance(value, tuple | list):
        return sum(spell_text_size(item) for item in value)
    if is_dataclass(value):
        return sum(spell_text_size(getattr(value, f.name)) for f in fields(value))
    return 0


def read_spell_file(
    path: str | Path | None = None, *, any_book: bool = False, store: ParseStore | None = None
) -> Compendium:
    """Read a spell file in text or JSON (None: the embedded compendium); collect its problems.

    any_book=True accepts books other than the known ones (with a warning), for added files.
    """
    name, text, problems = read_text(path)
    if text is None:
        return Compendium(name, (), tuple(problems))
    return parse_spell_text(text, name, any_book=any_book, store=store)


def read_compendium(
    path: str | Path | None = None, *, store: ParseStore | None = None
) -> Compendium:
    """Read and parse a text compendium file (None: the embedded one); raise on any error.

    With a store, a text this engine parsed before is read back, not parsed (stored.py).
    """
    name, text, problems = read_text(path)
    if text is None:
        raise CompendiumError(problems)
    if store is None:
        compendium = parse_compendium(text, name)
    else:
        compendium = store.compendium(
            text, name, "compendium", lambda: parse_compendium(text, name)
        )
    if compendium.errors:
        raise CompendiumError(compendium.problems)
    return compendium


def load_spells(
    data: str | Path | None = None,
    add: Sequence[str | Path] = (),
    *,
    store: ParseStore | None = None,
) -> tuple[Spell, ...]:
    """Read the compendium (or `data`) and the added files; raise CompendiumError on any error.

    With a store, files this engine parsed before are read back, not parsed (stored.py).
    """
    files = read_all(data, add, store=store)
    problems = [p for file in files for p in file.problems] + clashes(files)
    if any(p.severity == "error" for p in problems):
        raise CompendiumError(problems)
    return tuple(spell for file in files for spell in file.spells)


def read_all(
    data: str | Path | None, add: Sequence[str | Path], *, store: ParseStore | None = None
) -> list[Compendium]:
    """Read the compendium (or `data`) and then each added file, in the order given."""
    base = read_spell_file(data if data is not None else DEFAULT_DATA, store=store)
    return [base, *(read_spell_file(path, any_book=True, store=store) for path in add)]
