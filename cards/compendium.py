"""The old home of the text format, kept for its importers: everything now lives in cards.source.

New code imports from `cards.source.text`, `cards.source.json`, `cards.source.library`.
"""

from __future__ import annotations

from cards.source.decode import DEFAULT_DATA, check_line, read_text
from cards.source.description import HIGHER_LEVELS
from cards.source.json import block_to_dict, spell_to_dict
from cards.source.library import lint_compendium, read_compendium
from cards.source.lines import BULLET, BULLETS, FIELD_LABELS
from cards.source.problems import Compendium, CompendiumError, Problem
from cards.source.text import MAX_NAME, compendium_text, parse_compendium, spell_lines, spell_text

__all__ = [
    "BULLET",
    "BULLETS",
    "DEFAULT_DATA",
    "FIELD_LABELS",
    "HIGHER_LEVELS",
    "MAX_NAME",
    "Compendium",
    "CompendiumError",
    "Problem",
    "block_to_dict",
    "check_line",
    "compendium_text",
    "lint_compendium",
    "parse_compendium",
    "read_compendium",
    "read_text",
    "spell_lines",
    "spell_text",
    "spell_to_dict",
]
