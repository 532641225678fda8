"""Time the whole-compendium build against a floor that draws the same text unfitted.

Run: .venv/bin/python bench/bench_build.py [--repeat N]

Each run happens in a fresh Python process with the cache of fitted cards off (in-process:
`cache=None`, one process) or, for the whole command, an empty cache folder of its own, so no
earlier run helps it (bench/bench_cache.py times warm builds and --jobs). In-process
figures start the clock after the imports and font loading that every command pays once: a run
parses the embedded compendium, fits all 492 spells onto poker cards and writes them with --sheet
none. The floor draws the same words in the same font, line by line at one size, with no
measuring, hyphenation or fitting. Whole-process figures time, from outside, the command
`python -m cards compendium --sheet none` and a process that runs the floor, Python start and
imports included, alternating the two. Prints the best and median of N runs of each, and ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def full_build(out: Path) -> dict[str, float]:
    """Parse, fit, impose and write the whole compendium; return seconds per stage."""
    from cards.build import collector_paused, fit_spells
    from cards.impose import PrintOptions, impose, load_sheet
    from cards.layout import load_layout
    from cards.paint.pdf import write_pdf
    from cards.source.library import read_compendium

    layout = load_layout("poker")
    t0 = time.perf_counter()
    spells = read_compendium().spells
    t1 = time.perf_counter()
    with collector_paused():  # as build_pdf() does
        faces = fit_spells(spells, layout, cache=None, jobs=1)
        t2 = time.perf_counter()
        pages = impose(faces, load_sheet("none", layout.width, layout.height), PrintOptions())
        write_pdf(pages, out, title="bench")
    t3 = time.perf_counter()
    return {"parse": t1 - t0, "fit": t2 - t1, "pdf": t3 - t2, "total": t3 - t0}


def floor_build(out: Path) -> dict[str, float]:
    """Draw every spell's words unfitted: lines of 60 characters at 7 pt, no hyphenation."""
    from reportlab.pdfgen.canvas import Canvas

    from cards.build import collector_paused
    from cards.layout import load_layout
    from cards.source.library import read_compendium
    from cards.source.text import spell_text

    layout = load_layout("poker")
    font = layout.fonts["body"]
    t0 = time.perf_counter()
    spells = read_compendium().spells
    with collector_paused():
        canvas = Canvas(str(out), pagesize=(layout.width, layout.height), invariant=1)
        for spell in spells:
            lines, line = [], []
            for word in spell_text(spell).split():
                line.append(word)
                if sum(len(w) + 1 for w in line) > 60:
                    lines.append(" ".join(line))
                    line = []
            lines.append(" ".join(line))
            y = layout.height - 20
            for text in lines:
                if y < 20:
                    canvas.showPage()
                    y = layout.height - 20
                text_object = canvas.beginText(12, y)
                text_object.setFont(font, 7.0)
                text_object.textOut(text)
                canvas.drawText(text_object)
                y -= 8.4
            canvas.showPage()
        canvas.save()
    return {"total": time.perf_counter() - t0}


def fresh_run(kind: str) -> dict[str, float]:
    """Run one build of `kind` in a new Python process and return its timings."""
    result = subprocess.run(
        [sys.executable, __file__, "--one", kind], capture_output=True, text=True, check=True
    )
    return json.loads(result.stdout)


def whole_process(kind: str, out: Path) -> float:
    """Return the wall time of a fresh process: the CLI build, or one that draws the floor."""
    if kind == "full":
        command = [sys.executable, "-m", "cards", "compendium", "--sheet", "none", "-q"]
        command += ["-o", str(out)]
    else:
        command = [sys.executable, __file__, "--one", "floor"]
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "CARDS_CACHE_DIR": cache}
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, check=True, env=env)
        return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--one", choices=["full", "floor"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        with tempfile.TemporaryDirectory() as tmp:
            build = full_build if args.one == "full" else floor_build
            print(json.dumps(build(Path(tmp) / "bench.pdf")))
        return
    fulls = [fresh_run("full") for _ in range(args.repeat)]
    floors = [fresh_run("floor")["total"] for _ in range(args.repeat)]
    best = min(fulls, key=lambda r: r["total"])
    print(f"whole compendium (492 spells, --sheet none), {args.repeat} fresh processes each")
    for stage in ("parse", "fit", "pdf"):
        print(f"full build {stage:>6}: {best[stage]:.3f} s (best run)")
    median = statistics.median(r["total"] for r in fulls)
    print(f"full build  total: {best['total']:.3f} s best, {median:.3f} s median")
    print(f"floor (unfitted):  {min(floors):.3f} s best, {statistics.median(floors):.3f} s median")
    print(
        f"ratio full/floor:  {best['total'] / min(floors):.2f} (best), "
        f"{median / statistics.median(floors):.2f} (median)"
    )
    wholes: dict[str, list[float]] = {"full": [], "floor": []}
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(args.repeat):
            for kind in wholes:
                wholes[kind].append(whole_process(kind, Path(tmp) / "whole.pdf"))
    full, floor = wholes["full"], wholes["floor"]
    print(
        f"whole process, cards compendium --sheet none: {min(full):.3f} s best, "
        f"{statistics.median(full):.3f} s median"
    )
    print(
        f"whole process, floor:  {min(floor):.3f} s best, {statistics.median(floor):.3f} s median"
    )
    print(
        f"whole-process ratio: {min(full) / min(floor):.2f} (best), "
        f"{statistics.median(full) / statistics.median(floor):.2f} (median)"
    )


if __name__ == "__main__":
    main()
