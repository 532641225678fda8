"""Small text rules used all over the tool: diacritics folded, Czech plurals, file-name slugs.

Each rule is written once here (issue 19: folding had three copies, plurals three, slugs two with
different fallbacks), so that a name matched, a count printed and a file named agree everywhere.
"""

from __future__ import annotations

import re
import unicodedata


def fold(text: str) -> str:
    """Drop the diacritics of every letter ("Příručka" -> "Prirucka"), keeping the case.

    Compatibility forms are decomposed too (NFKD: "…" -> "...", a non-breaking space -> " ").
    """
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def loose(text: str) -> str:
    """Casefold, drop diacritics and collapse whitespace: how names typed by people compare."""
    return " ".join(fold(text.casefold()).split())


def plural_form(count: int, one: str, few: str, many: str) -> str:
    """Return the Czech form for a count: 1 karta, 2-4 karty, 0 and 5 and more karet."""
    return one if count == 1 else few if 2 <= count <= 4 else many


def plural(count: int, one: str, few: str, many: str) -> str:
    """Return the count with its Czech form: "1 karta", "3 karty", "5 karet"."""
    return f"{count} {plural_form(count, one, few, many)}"


def slug(text: str, fallback: str = "") -> str:
    """Make an ASCII file-name part: lower case, no diacritics, words joined by "-".

    `fallback` is returned when nothing is left (a name of punctuation or foreign script only).
    """
    ascii_text = fold(text.casefold()).encode("ascii", "ignore").decode("ascii")
    return "-".join(re.findall(r"[a-z0-9]+", ascii_text)) or fallback
