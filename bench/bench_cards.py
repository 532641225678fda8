"""Print how the cards read and fill: card breaks, empty room, type sizes, card counts.

Run: .venv/bin/python bench/bench_cards.py [--layout poker] [--counts] [--list]
Builds the compendium one card a page (`cards compendium --sheet none`) and reads it back
the way tests/test_card_pdf.py does: the fit says which page holds which spell and where each
description line sits; the text and its position are the PDF's characters at that line.
Prints: continuation cards (part 2 and later) that begin mid-sentence, those whose sentence
tail before the first sentence end has fewer than TAIL words, cards with more than GAP_MM
between the last text and the footer rule, last cards holding only a panel of at most five
lines while an earlier part is below 8 pt, the body sizes used and the card count; with
--counts, the card count of every shipped layout and of --continue-on-back (fit only).
Figures, not timings: the machine's load does not change them.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

import pdfplumber
from reportlab.lib.units import mm

from cards.build import build_pdf, fit_spells
from cards.face import Rule, TextLine
from cards.fit.blocks import HEADING_CONTINUED
from cards.layout import load_layout
from cards.report import fit_report
from cards.source.library import read_compendium

TAIL = 6  # words: a shorter sentence tail on a continuation card reads as a stray
GAP_MM = 20.0  # more than this between the last text and the footer rule: a hole
COUNT_LAYOUTS = ("poker", "tarot", "bridge", "mini", "large-print", "ink-saver")
CLOSING = "\"'“”‘’»›)]"
# A word ending in "." that does not end a sentence: an ordinal ("3."), an abbreviation.
NOT_AN_END = re.compile(
    r"^(\d+\.|[a-zA-Z]\.|např\.|tzv\.|tj\.|tzn\.|resp\.|popř\.|apod\.|mj\.|č\.)$"
)


def sentence_end(word: str) -> bool:
    """Whether a word ends a sentence (".", "!", "?", ":" or "…", then closing marks)."""
    bare = word.rstrip(CLOSING)
    return bool(bare) and bare[-1] in ".!?:…" and not NOT_AN_END.match(bare)


def _line_text(chars: list[dict]) -> str:
    out, previous = [], None
    for char in sorted(chars, key=lambda c: c["x0"]):
        if previous is not None and char["x0"] - previous["x1"] > 0.2 * char["size"]:
            out.append(" ")
        out.append(char["text"])
        previous = char
    return re.sub(r"\s+", " ", "".join(out)).strip()


def read_cards(layout_name: str, folder: Path):
    """Build the compendium one card a page; return per card its face and its read-back:
    the description's lines (role, text) top to bottom, the lowest text above the footer
    rule and the rule, both in points from the card's top."""
    spells = read_compendium().spells
    layout = load_layout(layout_name)
    path = folder / f"{layout_name}.pdf"
    build_pdf(spells, path, layout=layout, sheet="none")
    faces = fit_spells(spells, layout)
    cards = []
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == len(faces), "one page per card face"
        for page, face in zip(pdf.pages, faces, strict=True):
            height = page.height
            chars = [c for c in page.chars if c["text"].strip()]
            rows: dict[float, list[TextLine]] = defaultdict(list)
            for item in face.items:
                if isinstance(item, TextLine) and item.role in ("body", "table"):
                    rows[round(item.y, 1)].append(item)
            lines = []
            for y in sorted(rows, reverse=True):
                role = rows[y][0].role
                found = [c for c in chars if abs(c["matrix"][5] - y) < 0.15]
                lines.append((role, _line_text(found)))
            width = layout.spacing.footer_rule
            rules = [
                i.y1
                for i in face.items
                if isinstance(i, Rule) and i.y1 == i.y2 and abs(i.width - width) < 1e-6
            ]
            rule = height - min(rules) if rules else height
            # The PDF's own rule at that height, if the painter drew it there.
            drawn = [ln["top"] for ln in page.lines if abs(ln["top"] - rule) < 0.5]
            rule = drawn[0] if drawn else rule
            above = [c["bottom"] for c in chars if c["bottom"] < rule]
            cards.append((face, lines, max(above, default=rule), rule))
            page.flush_cache()
    return cards


def continuation_figures(cards, show: bool):
    """Return (continuation cards, begin mid-sentence, tails under TAIL words)."""
    continuations = mid = short = 0
    previous = None
    for face, lines, _, _ in cards:
        if face.part > 1 and previous is not None and lines:
            continuations += 1
            last_role, last_text = previous[-1] if previous else ("body", ".")
            if lines[0][1].endswith(HEADING_CONTINUED) and len(lines) > 1:
                lines = lines[1:]  # the run-in heading repeated: the text goes on below it
            role, text = lines[0]
            words = last_text.split()
            ended = (
                last_role == "table"
                or role == "table"
                or text.startswith("•")
                or (words and sentence_end(words[-1]))
                or _begins_block(face.spell, text)
            )
            if not ended:
                mid += 1
                tail = []
                for _, line in lines:
                    for word in line.split():
                        tail.append(word)
                        if sentence_end(word):
                            break
                    else:
                        continue
                    break
                if len(tail) < TAIL:
                    short += 1
                if show:
                    print(
                        f"  mid-sentence {face.spell.name} {face.part}/{face.parts}:"
                        f" {' '.join(tail)[:70]!r}"
                    )
        previous = lines
    return continuations, mid, short


def _begins_block(spell, text: str) -> bool:
    """Whether a card's first line is the start of one of the spell's blocks (a paragraph,
    a list item, a heading): the card before it ended its block (a list item ends with no
    full stop), so the card does not begin mid-sentence."""
    words = text.split()[:3]
    if len(words) == 3 and words[-1].endswith("-"):
        words = words[:2]  # the third word hyphenated at the line's end
    start = " ".join(words)
    texts = []
    for block in spell.blocks:
        texts.extend(getattr(block, "items", ()) or [getattr(block, "text", "")])
        if getattr(block, "heading", ""):
            texts.append(f"{block.heading} {block.text}")
    return bool(start) and any(" ".join(t.split()).startswith(start) for t in texts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layout", default="poker")
    parser.add_argument("--counts", action="store_true", help="card counts of every layout")
    parser.add_argument("--list", action="store_true", help="name each card counted")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        cards = read_cards(args.layout, Path(tmp))
    faces = [face for face, *_ in cards]
    continuations, mid, short = continuation_figures(cards, args.list)
    share = 100 * mid / continuations if continuations else 0.0
    print(f"layout {args.layout}: {len(faces)} cards, {len({f.spell.label for f in faces})} spells")
    print(f"continuation cards: {continuations}")
    print(f"  beginning mid-sentence: {mid} ({share:.0f} %)")
    print(f"  with a sentence tail under {TAIL} words: {short}")
    holes = []
    for face, _, last, rule in cards:
        gap = (rule - last) / mm
        if gap > GAP_MM:
            holes.append((face, gap))
    print(f"cards with > {GAP_MM:g} mm between the last text and the footer rule: {len(holes)}")
    at_max = sum(1 for face, _ in holes if face.body_size >= load_layout(args.layout).body_max)
    print(f"  of them at the largest body size: {at_max}")
    if args.list:
        for face, gap in holes:
            print(
                f"  hole {face.spell.name} {face.part}/{face.parts}"
                f" {face.body_size:g} pt {gap:.1f} mm"
            )
    lonely = 0
    by_spell: dict[str, list] = defaultdict(list)
    for face, lines, _, _ in cards:
        by_spell[face.spell.label].append((face, lines))
    for parts in by_spell.values():
        if len(parts) < 2:
            continue
        face, lines = parts[-1]
        panel_only = len(lines) <= 5 and all(
            isinstance(i, TextLine) is False
            or i.role != "body"
            or _in_panel(face, i, load_layout(args.layout))
            for i in face.items
        )
        if panel_only and any(f.body_size < 8.0 for f, _ in parts[:-1]):
            lonely += 1
            if args.list:
                print(f"  panel alone {face.spell.name} {face.part}/{face.parts}")
    print(f"last cards holding only a panel of <= 5 lines, an earlier part below 8 pt: {lonely}")
    sizes = Counter(f.body_size for f in faces if f.part == 1)
    shown = ", ".join(f"{size:g} pt {n}" for size, n in sorted(sizes.items(), reverse=True))
    print(f"spells by body size (first card): {shown}")
    if args.counts:
        spells = read_compendium().spells
        for name in COUNT_LAYOUTS:
            print(f"cards {name}: {fit_report(spells, load_layout(name)).cards}")
        back = fit_report(spells, load_layout("poker"), continue_on_back=True)
        print(f"cards poker --continue-on-back: {back.cards}")
    return 0


def _in_panel(face, line: TextLine, layout) -> bool:
    """Whether a body line lies on a panel's tint (a Fill of the style's tint behind it)."""
    from cards.face import Fill
    from cards.fit.style import card_style

    tint = card_style(layout, face.spell.school).tint
    return any(
        isinstance(f, Fill) and f.colour == tint and f.y <= line.y <= f.y + f.height
        for f in face.items
    )


if __name__ == "__main__":
    sys.exit(main())
