"""Font coverage: every character of a compendium must be drawable by the fonts of the layout.

A character without a glyph prints as an empty box, so it is an error naming the line and the
character, found before any card is set.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping

from cards.messages import CATALOGUE, say
from cards.model import BlockVisitor, BulletList, Heading, Paragraph, Spell, Table
from cards.source.decode import read_text
from cards.source.lines import BULLETS
from cards.source.problems import CompendiumError, Problem
from cards.typeset import metrics

_covered = functools.cache(metrics.covered)  # a registered font's code points, or None


def drawable(fonts: Mapping[str, str]) -> frozenset[int] | None:
    """Return the code points every font of a layout can draw (text may land in any style);
    None when reportlab does not say what a font covers (then nothing can be checked)."""
    covered = [_covered(name) for name in sorted(set(fonts.values()))]
    if any(each is None for each in covered):
        return None
    return frozenset.intersection(*covered)


def _describe(char: str) -> str:
    return f"{char!r} (U+{ord(char):04X} {unicodedata.name(char, say('glyph_unnamed'))})"


def glyph_problems(text: str, file: str, fonts: Mapping[str, str], layout: str) -> list[Problem]:
    """Report each line with characters the layout's fonts cannot draw, once per character.

    ▪ and ◦ opening a line are bullets (the parser reads them as •), so they are not drawn.
    """
    covered = drawable(fonts)
    if covered is None:
        return []
    missing = {c for c in set(text) if ord(c) not in covered and not c.isspace()}
    missing -= {c for c in missing if unicodedata.category(c).startswith("C")}  # parser's job
    if not missing:
        return []
    problems = []
    font_names = ", ".join(sorted(set(fonts.values())))
    for number, raw in enumerate(re.split(r"\r\n|\r|\n", text), start=1):
        line = raw.strip(" \t\xa0\ufeff")
        body = line[1:] if line.startswith(BULLETS) else line
        for char in dict.fromkeys(c for c in body if c in missing):
            message = say("glyph_missing", layout=layout, fonts=font_names, char=_describe(char))
            if char in BULLETS:
                message += say("glyph_bullet")
            excerpt = line if len(line) <= 60 else line[:59] + "…"
            problems.append(Problem(file, number, "glyph", message, excerpt, "error"))
    return problems


def check_file(path, layout) -> list[Problem]:
    """Report the characters of a compendium file that the layout's fonts cannot draw."""
    name, text, _ = read_text(path)
    return [] if text is None else glyph_problems(text, name, layout.fonts, layout.name)


def _spell_texts(spell: Spell) -> Iterator[tuple[int, str, str]]:
    """Yield (line, where, text) for every text of a spell that reaches a card."""
    at = spell.origin.line
    yield at, "name", spell.name
    yield at, "name_en", spell.name_en
    for label, value in (
        ("Vyvolání:", spell.casting_time),
        ("Dosah:", spell.range),
        ("Složky:", spell.components.material_text),
        ("Trvání:", spell.duration),
        ("Povolání:", ", ".join(spell.classes)),
        ("book", ", ".join(spell.sources)),  # the footer prints one's own book as written
    ):
        yield at, label, value
    for block in spell.blocks:
        line = block.line or at
        yield from ((line, where, text) for where, text in block.accept(_TEXTS))


class _Texts(BlockVisitor[Iterator[tuple[str, str]]]):
    """Yield (where, text) for every text of a block that reaches a card."""

    def paragraph(self, block: Paragraph) -> Iterator[tuple[str, str]]:
        yield "description", f"{block.heading} {block.text}"

    def heading(self, block: Heading) -> Iterator[tuple[str, str]]:
        yield "description", block.text

    def bullets(self, block: BulletList) -> Iterator[tuple[str, str]]:
        yield from (("description", item) for item in block.items)

    def table(self, block: Table) -> Iterator[tuple[str, str]]:
        for row in (block.header, *block.rows):
            yield from (("table", cell) for cell in row)


_TEXTS = _Texts()


def spell_problems(spells: Iterable[Spell], layout) -> list[Problem]:
    """Report each character of the spells' texts that the layout's fonts cannot draw."""
    covered = drawable(layout.fonts)
    if covered is None:
        return []
    font_names = ", ".join(sorted(set(layout.fonts.values())))
    problems = []
    for spell in spells:
        texts = list(_spell_texts(spell))
        # Most spells are clean: look text by text only when a character is missing.
        if all(ord(c) in covered or c.isspace() for c in set("".join(t for _, _, t in texts))):
            continue
        seen: set[str] = set()
        for line, where, text in texts:
            for char in dict.fromkeys(text):
                if ord(char) in covered or char.isspace() or char in seen:
                    continue
                seen.add(char)
                message = say(
                    "glyph_missing_in",
                    layout=layout.name,
                    fonts=font_names,
                    char=_describe(char),
                    where=CATALOGUE.get(f"where_{where}", where),
                    spell=spell.label,
                )
                problems.append(Problem(spell.origin.file, line, "glyph", message, "", "error"))
    return problems


def require_drawable(spells: Iterable[Spell], layout) -> None:
    """Raise CompendiumError when a spell to print has a character the layout cannot draw."""
    problems = spell_problems(spells, layout)
    if problems:
        raise CompendiumError(problems)
