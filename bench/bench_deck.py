"""Print the figures of an even deck (issue 35): sizes per spell, type scale, room, cues.

Run: .venv/bin/python bench/bench_deck.py [--layout poker] [--pdf out/deck-poker.pdf]
     [--list holes|short|changing|cues|title]

Fits the compendium as `cards compendium --sheet none` does (one card per page, the fit cache
used as the CLI uses it) and reads the placed faces, the same primitives the PDF is drawn from:

- multi-card spells whose cards set the body at different sizes;
- cards whose body size is as large as the spell's name (the title's smallest line) or larger;
- justified lines whose spaces stretch past 2 x and 3 x their natural width, per body size
  (bench_spacing's reading of the lines; `--pdf` writes the PDF for
  ../shared/tools/measure_spacing.py, which reads the same lines back from the file);
- cards with an empty band over 15 mm: the widest vertical gap between any two marks of the
  card (text, rules, fills, icons), the panel's ground and the frame aside;
- earlier parts of a spell more than 5 mm short of full: the room below their last line, less
  the text's usual distance from the footer; those ending before a block that must start a
  card (a table or panel) are listed apart;
- continuation cards that begin inside a sentence without the cue (pokračování);
- the smallest body size, and the cards.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_spacing import body_groups, line_ratio, right_end  # noqa: E402
from reportlab.lib.units import mm  # noqa: E402

from cards.build import collector_paused, fit_spells  # noqa: E402
from cards.face import Disc, Fill, Label, Outline, Rule, Shape, TextLine  # noqa: E402
from cards.fit.blocks import sentence_end  # noqa: E402
from cards.layout import load_layout  # noqa: E402
from cards.source.library import read_compendium  # noqa: E402

BAND_MM = 15.0
SHORT_MM = 5.0
CUE_WORDS = (
    "(pokr",
    "‹",
)  # "(pokračování)", a repeated heading's "(pokr.)", the foot's "‹ dokončení"


def marks(face) -> list[tuple[float, float]]:
    """Return the vertical extents (bottom, top) of everything drawn on a face but its ground."""
    out = []
    for item in face.items:
        if isinstance(item, TextLine):
            out.append((item.y - 0.25 * item.size, item.y + 0.75 * item.size))
        elif isinstance(item, Label):
            out.append((item.y - 0.25 * item.size, item.y + 0.75 * item.size))
        elif isinstance(item, (Fill, Outline)):
            if item.height < 0.5 * face.height:
                out.append((item.y, item.y + item.height))
        elif isinstance(item, Rule):
            out.append((min(item.y1, item.y2), max(item.y1, item.y2)))
        elif isinstance(item, Shape):
            out.append((item.y, item.y + item.size))
        elif isinstance(item, Disc):
            out.append((item.y - item.radius, item.y + item.radius))
    return sorted(out)


def widest_band(face) -> float:
    """Return the widest vertical gap between the marks of a face, in points."""
    spans = marks(face)
    widest, top = 0.0, None
    for bottom, upper in sorted(spans, key=lambda s: -s[1]):
        if top is not None and upper < top:
            widest = max(widest, top - upper)
        top = bottom if top is None else min(top, bottom)
    return widest


def text_lines(face) -> list[TextLine]:
    """Return a face's description lines (body and table), top to bottom."""
    lines = [i for i in face.items if isinstance(i, TextLine) and i.role in ("body", "table")]
    return sorted(lines, key=lambda i: -i.y)


def below_text(face) -> float:
    """Return the room between a face's last description mark and the next mark below it."""
    lines = text_lines(face)
    if not lines:
        return 0.0
    text_marks = [(i.y - 0.25 * i.size, i.y + 0.75 * i.size) for i in lines]
    for item in face.items:
        if isinstance(item, Fill) and item.height < 0.5 * face.height:
            if item.y <= lines[0].y + item.height and item.y >= lines[-1].y - 2 * item.height:
                text_marks.append((item.y, item.y + item.height))
    lowest = min(b for b, _ in text_marks)
    under = [top for _, top in marks(face) if top < lowest - 0.01]
    return lowest - max(under) if under else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layout", default="poker")
    parser.add_argument("--pdf", help="also write the one-card-per-page PDF here")
    parser.add_argument("--list", choices=["holes", "short", "changing", "cues", "title"])
    args = parser.parse_args()
    layout = load_layout(args.layout)
    spells = read_compendium().spells
    with collector_paused():
        faces = fit_spells(spells, layout)
    if args.pdf:
        import subprocess

        from cards.build import build_pdf  # noqa: F401  (the CLI writes the same file)

        subprocess.run(
            [
                sys.executable,
                "-m",
                "cards.cli",
                "compendium",
                "--sheet",
                "none",
                "--layout",
                args.layout,
                "-o",
                args.pdf,
            ],
            check=True,
        )

    by_spell: dict[str, list] = defaultdict(list)
    for face in faces:
        by_spell[f"{face.spell.name}|{face.spell.sources}"].append(face)
    multi = [fs for fs in by_spell.values() if len(fs) > 1]
    changing = [fs for fs in multi if len({f.body_size for f in fs}) > 1]
    body_vs_title = []
    for face in faces:
        titles = [i.size for i in face.items if isinstance(i, TextLine) and i.role == "title"]
        if titles and face.body_size >= min(titles) - 1e-6:
            body_vs_title.append((face.spell.name, face.part, face.body_size, min(titles)))

    # Spacing per size (bench_spacing's reading).
    per_size: dict[float, list[float]] = defaultdict(list)
    right = layout.width - layout.safe_margin
    for face in faces:
        for group in body_groups(face, layout):
            for n, (item, _) in enumerate(group):
                final = n == len(group) - 1
                inset = item.x - layout.safe_margin
                edge = right - (inset if inset > 1 else 0.0)
                ratio = line_ratio(item)
                if not final and ratio is not None and right_end(item) >= edge - 0.3:
                    per_size[item.size].append(ratio)

    holes = [(f.spell.name, f.part, widest_band(f) / mm) for f in faces]
    holes = [h for h in holes if h[2] > BAND_MM]
    short, excepted = [], []
    for fs in multi:
        for f, after in zip(fs, fs[1:], strict=False):
            # past the layout's distance of the text from the footer, a line's bottom aside
            room = (below_text(f) - layout.spacing.text_below) / mm - 1.0
            if room > SHORT_MM:
                row = (f.spell.name, f.part, len(fs), round(room, 1))
                nxt = text_lines(after)
                # the next part begins with a table or a heading (kept with its block), or a
                # paragraph whose first two lines (no orphan) do not fit here: it must move
                bold = {layout.fonts["bold"], layout.fonts["bold_italic"]}
                heading = bool(nxt) and all(r.font in bold for r in nxt[0].line.runs)
                two = 2 * layout.leading * f.body_size / mm
                orphan = bool(nxt) and nxt[0].line.text[:1].isupper() and room < SHORT_MM + two
                must = bool(nxt) and (nxt[0].role == "table" or heading or orphan)
                (excepted if must else short).append(row)
    cues = []
    for fs in multi:
        for prev, face in zip(fs, fs[1:], strict=False):
            before = text_lines(prev)
            if not before:
                continue
            last = before[-1].line.text.split()
            nxt = text_lines(face)
            bullets = {round(i.y, 1) for i in face.items if isinstance(i, Label) and i.text == "•"}
            # a table's row, a list item, or a capital (a new sentence: "… klesnou na 0.")
            new_block = bool(nxt) and (
                nxt[0].role == "table"
                or round(nxt[0].y, 1) in bullets
                or nxt[0].line.text[:1].isupper()
            )
            mid = (
                bool(last)
                and before[-1].role == "body"
                and not sentence_end(last[-1])
                and not new_block
            )
            cued = any(
                (isinstance(i, Label) and any(w in i.text for w in CUE_WORDS))
                or (
                    isinstance(i, TextLine)
                    and any(w in i.line.text for w in CUE_WORDS)
                    and i.role != "table"
                )
                for i in face.items
            )
            if mid and not cued:
                cues.append((face.spell.name, face.part, len(fs), " ".join(last[-3:])))

    print(
        f"compendium, {args.layout}, one card per page: {len(faces)} cards, {len(by_spell)} spells"
    )
    print(f"multi-card spells changing body size   {len(changing)} of {len(multi)}")
    print(f"cards with body >= title size          {len(body_vs_title)}")
    sizes = sorted({f.body_size for f in faces})
    print(f"body sizes in use                      {', '.join(f'{s:g}' for s in sizes)}")
    counts = defaultdict(int)
    for f in faces:
        counts[f.body_size] += 1
    print("size  cards  justified  over2x   share  over3x  worst")
    worst_all = 1.0
    for size in sizes:
        ratios = per_size.get(size, [])
        over2 = sum(r > 2 for r in ratios)
        over3 = sum(r > 3 for r in ratios)
        worst = max(ratios, default=1.0)
        worst_all = max(worst_all, worst)
        share = 100.0 * over2 / len(ratios) if ratios else 0.0
        print(
            f"{size:5.2f} {counts[size]:6d} {len(ratios):10d} {over2:7d} {share:6.2f}% "
            f"{over3:6d} {worst:6.2f}"
        )
    every = [r for rs in per_size.values() for r in rs]
    print(
        f"justified lines {len(every)}, over 2x {sum(r > 2 for r in every)}, over 3x "
        f"{sum(r > 3 for r in every)}, worst {worst_all:.2f}, median "
        f"{statistics.median(every) if every else 0:.3f}"
    )
    print(f"cards with an empty band over {BAND_MM:g} mm   {len(holes)}")
    print(f"earlier parts over {SHORT_MM:g} mm short         {len(short)}")
    print(f"  and before a block that must move    {len(excepted)} {excepted}")
    print(f"continuations mid-sentence without cue {len(cues)}")
    print(f"smallest body size                     {min(sizes):g}")
    listing = {
        "holes": sorted(holes, key=lambda h: -h[2]),
        "short": short,
        "changing": [(fs[0].spell.name, [f.body_size for f in fs]) for fs in changing],
        "cues": cues,
        "title": body_vs_title,
    }
    if args.list:
        for row in listing[args.list]:
            print("  ", row)


if __name__ == "__main__":
    main()
