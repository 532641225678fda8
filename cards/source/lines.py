"""What a line of the text format is: a field line, a level line, a source line, a bullet.

The parser of records (text.py) and the parser of descriptions (description.py) both ask these
questions: a line of a record's header can never be a name or a paragraph.
"""

from __future__ import annotations

import re

from cards.czech_text import fold
from cards.model import SOURCES

FIELD_LABELS = ("Vyvolání", "Dosah", "Složky", "Trvání", "Povolání")
BULLET = "•"
# ▪ and ◦ are read as bullets too (a list from another editor); cards print •.
BULLETS = (BULLET, "▪", "◦")
MAX_LEVEL = 9

FIELD_RE = re.compile(r"^(Vyvolání|Dosah|Složky|Trvání|Povolání)\s*:\s*(.*)$")
LEVEL_RE = re.compile(
    r"^(?P<school>\S+(?: \S+)*?) (?P<level>\d+)\. úrovně(?P<ritual> \(rituál\))?$"
    r"|^(?P<school0>[^\s,]+(?: [^\s,]+)*?),? trik(?P<ritual0> \(rituál\))?$"
)


def is_level_line(text: str) -> bool:
    """Tell whether a line has the form "<škola> N. úrovně" or "<škola>, trik"."""
    return LEVEL_RE.match(text) is not None


def plain(text: str) -> str:
    """Casefold and drop diacritics, to recognise a book written without them."""
    return fold(text.casefold())


SOURCES_PLAIN = {plain(source): source for source in SOURCES}


def parse_sources(text: str) -> tuple[tuple[str, ...], list[str]]:
    """Split a source line into known book names and the parts that are none."""
    parts = tuple(p for p in re.split(r"\s*,\s*", text) if p)
    known = tuple(p if p in SOURCES else SOURCES_PLAIN.get(plain(p), p) for p in parts)
    return known, [p for p in known if p not in SOURCES]


def is_source_line(text: str) -> bool:
    """Tell whether a line names only known books (diacritics optional)."""
    parts, unknown = parse_sources(text)
    return bool(parts) and not unknown


def is_record_line(text: str) -> bool:
    """Tell whether a line has the form of a record's header or body, so it cannot be a name."""
    return (
        text.startswith(("|", *BULLETS))
        or FIELD_RE.match(text) is not None
        or is_level_line(text)
        or is_source_line(text)
    )
