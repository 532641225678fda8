"""Print the ink a theme takes: a sheet of fronts and one of backs against the default layout.

Run: .venv/bin/python bench/bench_ink.py [--layout ink-saver] [--class druid] [--sheet N]
Builds the class deck on A4 with backs in the default layout (poker) and in the given one,
renders sheet N (1: the first) of fronts and its backs at 150 dpi with pypdfium2, and prints
each rendering's ink, 1 − the mean 8-bit grey level (cards.colour.darkness: what a printer's
halftone coverage follows; 1 − mean relative luminance, linear light, in brackets), and the
theme's share of the default's. The target for ink-saver: at most a third on a sheet of
fronts. A figure, not a timing: the machine's load does not change it.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import pypdfium2 as pdfium

from cards.build import build_pdf
from cards.colour import darkness, relative_darkness
from cards.impose import PrintOptions
from cards.select import select_spells, sort_spells
from cards.source.library import load_spells

DPI = 150


def sheet_images(spells, layout: str, sheet: int, folder: Path):
    """Return the renderings of sheet `sheet` (fronts) and of its backs."""
    out = folder / f"{Path(layout).stem}.pdf"
    build_pdf(spells, out, layout=layout, options=PrintOptions(backs=True), title="ink")
    document = pdfium.PdfDocument(out)
    fronts, backs = (
        document[2 * (sheet - 1) + side].render(scale=DPI / 72).to_pil().convert("RGB")
        for side in (0, 1)
    )
    document.close()
    return fronts, backs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layout", default="ink-saver")
    parser.add_argument("--class", dest="klass", default="druid")
    parser.add_argument("--sheet", type=int, default=1)
    args = parser.parse_args()
    spells = sort_spells(select_spells(load_spells(), classes=args.klass))
    with tempfile.TemporaryDirectory() as folder:
        default = sheet_images(spells, "poker", args.sheet, Path(folder))
        theme = sheet_images(spells, args.layout, args.sheet, Path(folder))
    print(
        f"{args.klass}, A4 sheet {args.sheet}, {DPI} dpi: ink = 1 − mean grey level"
        " (1 − mean relative luminance)"
    )
    for side, base, ours in zip(("fronts", "backs"), default, theme, strict=True):
        grey, linear = darkness, relative_darkness
        print(
            f"  {side:<6}  poker {grey(base):.4f} ({linear(base):.4f})"
            f"  {Path(args.layout).stem} {grey(ours):.4f} ({linear(ours):.4f})"
            f"  share {grey(ours) / grey(base):.3f} ({linear(ours) / linear(base):.3f})"
        )


if __name__ == "__main__":
    main()
