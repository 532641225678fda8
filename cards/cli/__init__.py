"""The `cards` command: a thin click layer over the library.

`group` is the `cards` group itself; the commands are in modules by family: `spells` (list,
show, lint, fit-report), `decks` (compendium, class, deck: PDFs), `images` (preview, images:
PNGs), `tools` (calibrate, cache, layouts, serve),
`printshop` (preflight). `options` holds the options they share and
their checks, `common` the checks before any work and the error handling of every command.
"""

from __future__ import annotations

from cards.cli import decks, images, printshop, spells, tools  # noqa: F401 (each adds its commands)
from cards.cli.common import load_spells, refuse_overwriting_inputs, stderr_is_terminal
from cards.cli.group import main

__all__ = ["load_spells", "main", "refuse_overwriting_inputs", "stderr_is_terminal"]
