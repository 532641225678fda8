"""The one rule for duplicate spells, in one file and across files, in every format.

Two spells are the same spell when their names are equal but for case (names are NFC on input,
so a name typed decomposed equals it typed composed) and they share a book: "Zkouška (Příručka
hráče, Jeskyně a draci)" and "Zkouška (Příručka hráče)" are one spell written twice, while
"Světlo" from Příručka hráče and "Světlo" from Jeskyně a draci are two spells (twelve names of
the compendium are in two books).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cards.messages import say
from cards.model import Spell
from cards.source.problems import Compendium, Problem


def name_key(spell: Spell) -> str:
    """Return the key under which spells of one name are compared: the name, casefolded."""
    return spell.name.casefold()


def clash(spell: Spell, earlier: Iterable[Spell]) -> Problem | None:
    """Report the spell as a duplicate of the first earlier spell of its name from a same book."""
    for other in earlier:
        shared = [book for book in spell.sources if book in other.sources]
        if shared:
            return Problem(
                spell.origin.file,
                spell.origin.line,
                "duplicate",
                say(
                    "duplicate",
                    name=spell.name,
                    book=shared[0],
                    where=f"{other.origin.file}:{other.origin.line}",
                ),
                spell.name,
            )
    return None


def duplicates(spells: Iterable[Spell]) -> list[Problem]:
    """Report each spell that repeats an earlier one of the same sequence (one file's twins)."""
    seen: dict[str, list[Spell]] = {}
    problems = []
    for spell in spells:
        problem = clash(spell, seen.get(name_key(spell), ()))
        if problem is not None:
            problems.append(problem)
        seen.setdefault(name_key(spell), []).append(spell)
    return problems


def clashes(files: Sequence[Compendium]) -> list[Problem]:
    """Report a spell whose name is in an earlier file from a same book, naming both places.

    Twins inside one file are that file's reader's to report (with `duplicates`).
    """
    seen: dict[str, list[Spell]] = {}
    problems = []
    for file in files:
        for spell in file.spells:
            problem = clash(spell, seen.get(name_key(spell), ()))
            if problem is not None:
                problems.append(problem)
        for spell in file.spells:
            seen.setdefault(name_key(spell), []).append(spell)
    return problems
