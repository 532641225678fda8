"""Every problem of spell files: the compendium (or `--data`) and the `--add` files.

What the parser finds (cards.source: the format, the characters, the wording), the name
clashes within and across files (cards.source.duplicates), and with a layout the fields its
cards cannot print (fields.py) and the characters its fonts cannot draw (glyphs.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from cards.source.decode import DEFAULT_DATA, read_text
from cards.source.duplicates import clashes
from cards.source.library import read_all
from cards.source.problems import Problem
from cards.source.text import parse_compendium


def lint_compendium(path: str | Path | None = None) -> tuple[Problem, ...]:
    """List every problem of a text compendium file; an unreadable file is a problem."""
    name, text, problems = read_text(path)
    if text is None:
        return tuple(problems)
    return parse_compendium(text, name).problems


def lint_spells(
    data: str | Path | None = None, add: Sequence[str | Path] = (), *, layout=None
) -> tuple[Problem, ...]:
    """List every problem of the compendium (or `data`), the added files and their name clashes.

    With a layout, also the fields its cards cannot print (cards.lint.fields).
    """
    files = read_all(data, add)
    problems = [p for file in files for p in file.problems] + clashes(files)
    if layout is not None:
        from cards.lint.fields import field_problems

        problems += field_problems((s for file in files for s in file.spells), layout)
    return tuple(problems)


def lint_files(data: str | Path | None, add: Sequence[str | Path], layout) -> list[Problem]:
    """List what `cards lint` reports: `lint_spells` with the layout, and the characters its
    fonts cannot draw, sorted by file (the compendium first, then `add` in order) and line."""
    from cards.lint.glyphs import check_file

    paths = (data or DEFAULT_DATA, *add)
    glyphs = [p for path in paths for p in check_file(path, layout)]
    order = {str(path): n for n, path in enumerate(paths)}
    return sorted(
        [*lint_spells(data, add, layout=layout), *glyphs],
        key=lambda p: (order.get(p.file, len(order)), p.line),
    )
