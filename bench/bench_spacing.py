"""Print the spacing figures of the compendium's body text from the engine's own lines.

Run: .venv/bin/python bench/bench_spacing.py [--layout poker] [--lines worst.txt]

Fits every spell as `cards compendium` does (one card per page) and looks at the placed lines
the way /work/shared/tools/measure_spacing.py looks at the PDF, so the two agree: body lines
(paragraphs, bullet items, the "Na vyšších úrovních." panel; not headings, tables, stats or the
title band) are grouped per card by kind, size and a baseline step of one leading (up to
type.leading_max on a card whose lines are opened to fill it); a line is
justified when it is not the last of its group and reaches the column's right edge. Its space
ratio is the median over its spaces of the drawn space (font space + word spacing, times the
glyph scale) to the font's natural space. Prints the median, 90th and 99th percentile and worst
ratio, lines over 2x and 3x, runs of hyphenated lines, body lines and cards.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from reportlab.pdfbase.pdfmetrics import stringWidth  # noqa: E402

from cards.build import collector_paused, fit_spells  # noqa: E402
from cards.face import Label, TextLine  # noqa: E402
from cards.layout import load_layout  # noqa: E402
from cards.source.library import read_compendium  # noqa: E402

END_TOLERANCE = 0.3  # points short of the right edge a justified line may end (the tool's)


def percentile(values: list[float], share: float) -> float:
    """Return the interpolated percentile, as the PDF tool computes it."""
    values = sorted(values)
    k = (len(values) - 1) * share
    low = int(k)
    high = min(low + 1, len(values) - 1)
    return values[low] + (values[high] - values[low]) * (k - low)


def line_ratio(item: TextLine) -> float | None:
    """Return the median ratio of a line's drawn spaces to the natural space, or None."""
    line, size = item.line, item.size
    ratios = []
    for run in line.runs:
        spaces = run.text.count(" ")
        if spaces:
            natural = stringWidth(" ", run.font, size)
            drawn = (natural + line.word_space) * line.scale * item.scale
            ratios.extend([drawn / natural] * spaces)
    return statistics.median(ratios) if ratios else None


def right_end(item: TextLine) -> float:
    """Return where a placed line's last glyph ends."""
    line, run = item.line, item.line.runs[-1]
    width = stringWidth(run.text, run.font, item.size) + run.text.count(" ") * line.word_space
    return item.x + (run.x + width * line.scale) * item.scale


def body_groups(face, layout) -> list[list[tuple[TextLine, bool]]]:
    """Return the face's body lines grouped into paragraph pieces, each line with its bullet."""
    bullets = {round(i.y, 2) for i in face.items if isinstance(i, Label) and i.text == "•"}
    bold = {layout.fonts[name] for name in ("bold", "bold_italic")}
    groups: list[list[tuple[TextLine, bool]]] = []
    previous = None
    for item in face.items:
        if not isinstance(item, TextLine) or item.role != "body":
            continue
        if all(run.font in bold for run in item.line.runs):
            previous = None  # a heading
            continue
        kind = round(item.x + item.line.runs[0].x, 1)  # the column, a bullet item, the panel
        bullet = round(item.y, 2) in bullets
        leading = layout.leading * item.size
        # A card with room opens its line distance up to type.leading_max (paginate.openings).
        opened = max(0.0, layout.sizes.leading_max - layout.leading) * item.size
        step = previous[2] - item.y - leading if previous is not None else 0.0
        same = (
            previous is not None
            and previous[0] == kind
            and previous[1] == item.size
            and not bullet
            and -0.02 * leading - 0.05 < step < opened + 0.02 * leading + 0.05
        )
        if not same:
            groups.append([])
        groups[-1].append((item, bullet))
        previous = (kind, item.size, item.y)
    return groups


def figures(faces, layout) -> dict[str, float]:
    """Return the spacing figures of the faces' body text."""
    ratios: list[float] = []
    body_lines = 0
    runs: list[int] = []
    right = layout.width - layout.safe_margin
    for face in faces:
        for group in body_groups(face, layout):
            body_lines += len(group)
            run = 0
            for n, (item, _) in enumerate(group):
                final = n == len(group) - 1
                inset = item.x - layout.safe_margin  # the panel's padding, else 0
                edge = right - (inset if inset > 1 else 0.0)
                ratio = line_ratio(item)
                if not final and ratio is not None and right_end(item) >= edge - END_TOLERANCE:
                    ratios.append(ratio)
                text = item.line.text
                hyphen = not final and text.endswith("-") and len(text.split()[-1]) > 1
                if hyphen:
                    run += 1
                elif run:
                    runs.append(run)
                    run = 0
            if run:
                runs.append(run)
    return {
        "justified_lines": len(ratios),
        "line_ratio_median": statistics.median(ratios),
        "line_ratio_p90": percentile(ratios, 0.9),
        "line_ratio_p99": percentile(ratios, 0.99),
        "line_ratio_max": max(ratios),
        "lines_over_2x": sum(r > 2 for r in ratios),
        "lines_over_3x": sum(r > 3 for r in ratios),
        "hyphenated_line_ends": sum(runs),
        "hyphen_runs_2": sum(r == 2 for r in runs),
        "hyphen_runs_3plus": sum(r >= 3 for r in runs),
        "body_lines": body_lines,
        "cards": len(faces),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layout", default="poker")
    args = parser.parse_args()
    layout = load_layout(args.layout)
    spells = read_compendium().spells
    start = time.perf_counter()
    with collector_paused():
        faces = fit_spells(spells, layout)
    seconds = time.perf_counter() - start
    print(f"compendium, {args.layout}, one card per page (fit {seconds:.2f} s)")
    for key, value in figures(faces, layout).items():
        print(f"{key:24} {value:.3f}" if isinstance(value, float) else f"{key:24} {value}")


if __name__ == "__main__":
    main()
