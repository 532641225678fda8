"""The floor: a raw reportlab program that draws the compendium's text, unfitted, on poker cards.

Run: .venv/bin/python bench/floor.py OUT.pdf [--data FILE]

What any card tool on reportlab pays at least: Python's start, reportlab's import, one TrueType
font loaded and subset, every word of the compendium drawn and the PDF written compressed. It
imports nothing of `cards` and measures nothing: each paragraph of the text file is cut into
lines of 60 characters at 7 pt, a card (63 x 88 mm) filled top to bottom, then the next.
bench/bench_build.py times Kartotéka's builds against it, in the same run.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

ROOT = Path(__file__).resolve().parent.parent
WIDTH, HEIGHT, MARGIN, LEADING = 63 * mm, 88 * mm, 4 * mm, 8.4


def lines_of(text: str, width: int = 60) -> list[str]:
    """Cut a text into lines of at most `width` characters at spaces (a long word stands alone)."""
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


def draw(data: Path, out: Path) -> int:
    """Draw every paragraph of `data` onto poker-sized pages of `out`; return the page count."""
    pdfmetrics.registerFont(TTFont("Floor", str(ROOT / "fonts" / "CharisSIL-Regular.ttf")))
    canvas = Canvas(str(out), pagesize=(WIDTH, HEIGHT), invariant=1, pageCompression=1)
    pages, y = 1, HEIGHT - MARGIN
    for paragraph in data.read_text(encoding="utf-8").split("\n\n"):
        for line in lines_of(paragraph):
            if y < MARGIN:
                canvas.showPage()
                pages, y = pages + 1, HEIGHT - MARGIN
            text = canvas.beginText(MARGIN, y)
            text.setFont("Floor", 7.0)
            text.textOut(line)
            canvas.drawText(text)
            y -= LEADING
        y -= LEADING / 2
    canvas.showPage()
    canvas.save()
    return pages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--data", type=Path, default=ROOT / "data" / "kouzla.txt")
    args = parser.parse_args()
    draw(args.data, args.out)


if __name__ == "__main__":
    main()
