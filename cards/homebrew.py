"""The old home of spell files of one's own, kept for its importers: see cards.source.

The JSON format is `cards.source.json`; loading and merging files is `cards.source.library`.
"""

from __future__ import annotations

from cards.source.duplicates import clashes
from cards.source.json import SCHEMA, is_json, parse_json, schema, spell_from_dict
from cards.source.library import lint_spells, load_spells, read_spell_file

__all__ = [
    "SCHEMA",
    "clashes",
    "is_json",
    "lint_spells",
    "load_spells",
    "parse_json",
    "read_spell_file",
    "schema",
    "spell_from_dict",
]
