"""Time the whole-compendium build against a floor that draws the same text unfitted.

Run: .venv/bin/python bench/bench_build.py [--repeat N]
Prints the wall time of each stage of the full build (parse, fit, impose + PDF) with --sheet none,
the floor (the same words drawn line by line at one size, no measuring, hyphenation or fitting),
and their ratio. Best of N runs in one process, after one warm-up run.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from cards.build import fit_spells
from cards.compendium import read_compendium, spell_text
from cards.impose import PrintOptions, impose, load_sheet
from cards.layout import load_layout
from cards.pdf import write_pdf


def full_build(out: Path, layout) -> dict[str, float]:
    """Parse, fit, impose and write the whole compendium; return seconds per stage."""
    t0 = time.perf_counter()
    spells = read_compendium().spells
    t1 = time.perf_counter()
    faces = fit_spells(spells, layout)
    t2 = time.perf_counter()
    pages = impose(faces, load_sheet("none", layout.width, layout.height), PrintOptions())
    write_pdf(pages, out, title="bench")
    t3 = time.perf_counter()
    return {"parse": t1 - t0, "fit": t2 - t1, "pdf": t3 - t2, "total": t3 - t0}


def floor_build(out: Path, layout, spells) -> float:
    """Draw every spell's text unfitted: fixed lines of 60 characters, one size, no hyphenation."""
    t0 = time.perf_counter()
    font = layout.fonts["body"]
    canvas = Canvas(str(out), pagesize=(layout.width, layout.height), invariant=1)
    size = 7.0
    for spell in spells:
        words = spell_text(spell).split()
        line: list[str] = []
        y = layout.height - 20
        lines = []
        for word in words:
            line.append(word)
            if sum(len(w) + 1 for w in line) > 60:
                lines.append(" ".join(line))
                line = []
        lines.append(" ".join(line))
        for text in lines:
            if y < 20:
                canvas.showPage()
                y = layout.height - 20
            text_object = canvas.beginText(12, y)
            text_object.setFont(font, size)
            text_object.textOut(text)
            canvas.drawText(text_object)
            y -= size * 1.2
        canvas.showPage()
    canvas.save()
    return time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    layout = load_layout("poker")
    spells = read_compendium().spells
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "bench.pdf"
        full_build(out, layout)  # warm-up: imports, font loading, caches of the first run
        runs = [full_build(out, layout) for _ in range(args.repeat)]
        floors = [floor_build(Path(tmp) / "floor.pdf", layout, spells) for _ in range(args.repeat)]
        size = out.stat().st_size
    best = min(runs, key=lambda r: r["total"])
    floor = min(floors)
    print(f"spells: {len(spells)}, PDF {size / 1e6:.1f} MB, best of {args.repeat} runs")
    for stage in ("parse", "fit", "pdf", "total"):
        print(f"full build {stage:>6}: {best[stage]:.3f} s")
    print(f"full build median: {statistics.median(r['total'] for r in runs):.3f} s")
    print(f"floor (unfitted):  {floor:.3f} s")
    print(f"ratio full/floor:  {best['total'] / floor:.2f}")


if __name__ == "__main__":
    main()
