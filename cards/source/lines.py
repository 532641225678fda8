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
_CZECH_PLAIN = str.maketrans("áčďéěíňóřšťúůýž", "acdeeinorstuuyz")

FIELD_RE = re.compile(r"^(Vyvolání|Dosah|Složky|Trvání|Povolání)\s*:\s*(.*)$")
LEVEL_RE = re.compile(
    r"^(?P<school>\S+(?: \S+)*?) (?P<level>\d+)\. úrovně(?P<ritual> \(rituál\))?$"
    r"|^(?P<school0>[^\s,]+(?: [^\s,]+)*?),? trik(?P<ritual0> \(rituál\))?$"
)


# How a line LEVEL_RE matches ends ("$" also matches before a final newline): a line that ends
# otherwise (nearly every line) is no level line, without trying the pattern's lazy words.
_LEVEL_ENDS = tuple(
    end + newline
    for end in ("úrovně", "úrovně (rituál)", "trik", "trik (rituál)")
    for newline in ("", "\n")
)


def is_field_line(text: str) -> bool:
    """Tell whether a line is a field line ("Dosah: 18 metrů"): one of FIELD_LABELS, a colon."""
    return text.startswith(FIELD_LABELS) and FIELD_RE.match(text) is not None


def is_level_line(text: str) -> bool:
    """Tell whether a line has the form "<škola> N. úrovně" or "<škola>, trik"."""
    return text.endswith(_LEVEL_ENDS) and LEVEL_RE.match(text) is not None


def plain(text: str) -> str:
    """Casefold and drop diacritics, to recognise a book written without them."""
    folded = text.casefold()
    # Czech letters lose their diacritics one by one: where nothing else is outside ASCII,
    # the table gives what fold() gives, without decomposing every character.
    quick = folded.translate(_CZECH_PLAIN)
    return quick if quick.isascii() else fold(folded)


SOURCES_PLAIN = {plain(source): source for source in SOURCES}
_COMMA_RE = re.compile(r"\s*,\s*")


def parse_sources(text: str) -> tuple[tuple[str, ...], list[str]]:
    """Split a source line into known book names and the parts that are none."""
    parts = tuple(p for p in _COMMA_RE.split(text) if p)
    known = tuple(p if p in SOURCES else SOURCES_PLAIN.get(plain(p), p) for p in parts)
    return known, [p for p in known if p not in SOURCES]


def is_source_line(text: str) -> bool:
    """Tell whether a line names only known books (diacritics optional)."""
    # Most lines are sentences: their first part (up to a comma, as _COMMA_RE splits it) is
    # no book, and the rest need not be split at all.
    head, comma, _ = text.partition(",")
    if comma:
        head = head.rstrip()
    if head and head not in SOURCES and plain(head) not in SOURCES_PLAIN:
        return False
    parts = [p for p in _COMMA_RE.split(text) if p]
    # Every part must be a book: stop at the first that is none (a sentence's first words).
    return bool(parts) and all(p in SOURCES or plain(p) in SOURCES_PLAIN for p in parts)


def is_record_line(text: str) -> bool:
    """Tell whether a line has the form of a record's header or body, so it cannot be a name."""
    return (
        text.startswith(("|", *BULLETS))
        or is_field_line(text)
        or is_level_line(text)
        or is_source_line(text)
    )
